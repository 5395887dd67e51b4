//! The dealer school in the pit (schema version 5): each laptop's store sends what the
//! pit lacks of it, and the instructor reads every trainee of the school back.
//!
//! As with the shift logs, the laptop's store (`crate::school`, SQLite) stays the
//! record: [`send`] reads what is not sent yet ([`School::unsent`]), sends it in one
//! transaction a batch, and only once the pit has committed it marks it sent in the
//! store. A pit away (or one that never answers: the connection's timeouts of
//! `client`) is an error that loses nothing: what was not sent is sent next time.
//! Every row is keyed in the pit by its store's id and its own id there, and added
//! with `ON CONFLICT DO NOTHING` by the pit's own functions: a batch sent again (the
//! pit committed, the laptop died before marking it) or a copied store counts once.
//!
//! The instructor's read ([`read`]) merges a trainee's rows from every store by his
//! name (any case): the same Ana trained on two laptops is one trainee.

use super::PitError;
use super::client::PitReader;
use super::schema::SCHOOL_VERSION;
use super::url::{PitUrl, db_error};
use crate::engine::{Clause, Game};
use crate::school::{
    AnswerRecord, AnswerRow, Outbox, School, SchoolError, SessionId, SessionRow, TraineeId, TraineeRow,
};
use crate::training::{Answered, Kind, Level};
use postgres::error::SqlState;
use std::collections::BTreeMap;

/// The most answers sent in one transaction.
pub const BATCH: usize = 500;

/// Why the school's store was not (all) sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// The pit: away, refusing, or too old a schema. Nothing is lost.
    #[error(transparent)]
    Pit(PitError),
    /// The laptop's store could not be read or marked.
    #[error(transparent)]
    Store(SchoolError),
}

/// What a send did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sent {
    /// Answers sent, and of them those the pit did not hold yet.
    pub answers: u64,
    pub new_answers: u64,
    /// Sessions and trainees sent (new or, for a session, its end added).
    pub sessions: u64,
    pub trainees: u64,
}

/// A pit error of the school's statements: an older pit has no school.
fn school_error(url: &PitUrl, e: &postgres::Error) -> PitError {
    match e.code() {
        Some(c) if *c == SqlState::UNDEFINED_FUNCTION || *c == SqlState::UNDEFINED_TABLE => {
            PitError::OlderSchema { needed: SCHOOL_VERSION }
        }
        Some(c) if *c == SqlState::INVALID_SCHEMA_NAME => PitError::NotInitialised,
        _ => db_error(url, e),
    }
}

/// Sends the pit everything the store holds that it lacks, batch by batch; nothing
/// to send, no connection is made. Each batch is marked sent in the store once the
/// pit has committed it: on an error, what was sent before stays sent, the rest is
/// left for the next time.
pub fn send(url: &PitUrl, school: &mut School) -> Result<Sent, SendError> {
    let mut out = school.unsent(BATCH).map_err(SendError::Store)?;
    let mut sent = Sent::default();
    if out.is_empty() {
        return Ok(sent);
    }
    let mut session = super::client::Session::connect(url).map_err(SendError::Pit)?;
    while !out.is_empty() {
        let (u, batch) = (url.clone(), out.clone());
        let mut counted = sent;
        sent = session
            .within(move |c| put(c, &u, &batch, &mut counted).map(|()| counted))
            .and_then(|r| r)
            .map_err(SendError::Pit)?;
        school.mark_sent(&out).map_err(SendError::Store)?;
        out = school.unsent(BATCH).map_err(SendError::Store)?;
    }
    Ok(sent)
}

/// One batch, in one transaction.
fn put(client: &mut postgres::Client, url: &PitUrl, out: &Outbox, sent: &mut Sent) -> Result<(), PitError> {
    let e = |e: postgres::Error| school_error(url, &e);
    let mut tx = client.transaction().map_err(e)?;
    let store = &out.store;
    if !out.trainees.is_empty() {
        let st = tx.prepare("SELECT sabot.school_trainee($1, $2, $3, $4)").map_err(e)?;
        for t in &out.trainees {
            tx.query_one(&st, &[store, &t.id, &t.name, &t.created]).map_err(e)?;
            sent.trainees += 1;
        }
    }
    if !out.sessions.is_empty() {
        let st = tx.prepare("SELECT sabot.school_session($1, $2, $3, $4, $5, $6, $7, $8)").map_err(e)?;
        for s in &out.sessions {
            let level = i32::from(s.level);
            tx.query_one(&st, &[store, &s.id, &s.trainee, &s.game.slug(), &level, &s.seed, &s.started, &s.ended])
                .map_err(e)?;
            sent.sessions += 1;
        }
    }
    if !out.answers.is_empty() {
        let st = tx
            .prepare("SELECT sabot.school_answer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)")
            .map_err(e)?;
        for a in &out.answers {
            let r = &a.record;
            let x = &r.answered;
            let new: bool = tx
                .query_one(
                    &st,
                    &[
                        store,
                        &a.id,
                        &a.session,
                        &r.at,
                        &x.game.slug(),
                        &i32::from(x.level.number()),
                        &x.kind.slug(),
                        &x.clause.id(),
                        &x.right,
                        &i64::from(x.ms),
                        &i64::from(r.drill),
                        &i64::from(r.question),
                        // A store written before the bound: sent within it.
                        &crate::school::answer_text(&r.given),
                        &crate::school::answer_text(&r.expected),
                    ],
                )
                .and_then(|row| row.try_get(0))
                .map_err(e)?;
            sent.answers += 1;
            sent.new_answers += u64::from(new);
        }
    }
    tx.commit().map_err(e)
}

/// Every trainee of the school as the pit holds them (every store), for the
/// instructor: each with his answers (oldest first), every session (the latest first,
/// its id the pit's own), and each session's answers for its replay.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PitSchool {
    pub trainees: Vec<(TraineeRow, Vec<Answered>)>,
    pub sessions: Vec<SessionRow>,
    pub answers: BTreeMap<SessionId, Vec<AnswerRow>>,
    /// Rows this Sabot cannot read (a kind or clause it does not know, a pit written
    /// before version 7 checked them): left out, each counted, the first said; the
    /// rest of the school is shown all the same.
    pub bad_rows: u64,
    pub first_bad: Option<PitError>,
}

impl PitSchool {
    /// A row left out because it cannot be read.
    fn bad(&mut self, e: PitError) {
        self.bad_rows += 1;
        if self.first_bad.is_none() {
            self.first_bad = Some(e);
        }
    }
}

/// A row's field this Sabot cannot read; its value shown inert and cut short.
fn bad_row(what: &'static str, value: &str) -> PitError {
    let value: String = value.chars().take(40).collect();
    PitError::BadRow { what, value: crate::i18n::inert(&value) }
}

fn game_of(s: &str) -> Result<Game, PitError> {
    Game::from_slug(s).ok_or_else(|| bad_row("game", s))
}

fn level_of(n: i16) -> Result<Level, PitError> {
    u8::try_from(n).ok().and_then(Level::from_number).ok_or_else(|| bad_row("level", &n.to_string()))
}

fn to_u32(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// Reads every trainee of the school from the pit (as the pit boss, or any login
/// that may read it), merging a name's rows from every store.
pub fn read(reader: &mut PitReader) -> Result<PitSchool, PitError> {
    let url = reader.url().clone();
    reader.within(move |client| {
        let e = |e: postgres::Error| match e.code() {
            Some(c) if *c == SqlState::INSUFFICIENT_PRIVILEGE => PitError::NotReader,
            _ => school_error(&url, &e),
        };
        let (trainees, by_name) = read_trainees(client, &e)?;
        let mut school = PitSchool { trainees, ..PitSchool::default() };
        school.sessions = read_sessions(client, &e, &by_name, &mut school)?;
        school.answers = read_answers(client, &e, &by_name, &mut school)?;
        Ok(school)
    })?
}

/// A database error of the school's reading, typed.
type ReadError<'a> = &'a dyn Fn(postgres::Error) -> PitError;
/// The trainees, each with his answers (filled as they are read).
type Trainees = Vec<(TraineeRow, Vec<Answered>)>;

/// The trainees, one by name (any case): the first spelling, the first creation;
/// and where each name (lower case) is in the list.
fn read_trainees(client: &mut postgres::Client, e: ReadError) -> Result<(Trainees, BTreeMap<String, usize>), PitError> {
    let rows = client
        .query(
            "SELECT min(name), min(created), lower(name) FROM sabot.school_trainees GROUP BY lower(name) ORDER BY 3",
            &[],
        )
        .map_err(e)?;
    let mut by_name: BTreeMap<String, usize> = BTreeMap::new();
    let mut trainees: Trainees = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let key: String = r.try_get(2).map_err(e)?;
        by_name.insert(key, i);
        let name: String = r.try_get(0).map_err(e)?;
        let row = TraineeRow {
            id: TraineeId(i64::try_from(i).unwrap_or(i64::MAX)),
            // Shown as the instructor's screen prints it: its control characters as escapes.
            name: crate::i18n::inert(&name),
            created: r.try_get(1).map_err(e)?,
            answers: 0,
            last_session: None,
        };
        trainees.push((row, Vec::new()));
    }
    Ok((trainees, by_name))
}

/// The sessions, the latest first, with their tally; each trainee's last session.
/// A row this Sabot cannot read is left out and counted (`PitSchool::bad_rows`).
fn read_sessions(
    client: &mut postgres::Client,
    e: ReadError,
    by_name: &BTreeMap<String, usize>,
    school: &mut PitSchool,
) -> Result<Vec<SessionRow>, PitError> {
    let rows = client
        .query(
            "SELECT s.pit_id, t.name, lower(t.name), s.game, s.level, s.seed, s.started, s.ended,
                    count(a.answer_id) FILTER (WHERE a.correct), count(a.answer_id)
               FROM sabot.school_sessions s
               JOIN sabot.school_trainees t ON t.store = s.store AND t.trainee_id = s.trainee_id
               LEFT JOIN sabot.school_answers a ON a.store = s.store AND a.session_id = s.session_id
              GROUP BY s.pit_id, t.name, s.game, s.level, s.seed, s.started, s.ended
              ORDER BY s.started DESC, s.pit_id DESC",
            &[],
        )
        .map_err(e)?;
    let mut sessions = Vec::new();
    for r in &rows {
        let row = match session_row(r, e) {
            Ok(row) => row,
            Err(bad) => {
                school.bad(bad);
                continue;
            }
        };
        let key: String = r.try_get(2).map_err(e)?;
        if let Some(t) = by_name.get(&key).and_then(|i| school.trainees.get_mut(*i)) {
            let last = &mut t.0.last_session;
            if last.as_deref().is_none_or(|l| l < row.started.as_str()) {
                *last = Some(row.started.clone());
            }
        }
        sessions.push(row);
    }
    Ok(sessions)
}

/// One session's row, or why this Sabot cannot read it.
fn session_row(r: &postgres::Row, e: ReadError) -> Result<SessionRow, PitError> {
    let level: i16 = r.try_get(4).map_err(e)?;
    let seed: String = r.try_get(5).map_err(e)?;
    let right: i64 = r.try_get(8).map_err(e)?;
    let asked: i64 = r.try_get(9).map_err(e)?;
    let game: String = r.try_get(3).map_err(e)?;
    let trainee: String = r.try_get(1).map_err(e)?;
    Ok(SessionRow {
        id: SessionId(r.try_get(0).map_err(e)?),
        trainee: crate::i18n::inert(&trainee),
        game: game_of(&game)?,
        level: if level == 0 { None } else { Some(level_of(level)?) },
        seed: seed.parse().unwrap_or(0),
        started: r.try_get(6).map_err(e)?,
        ended: r.try_get(7).map_err(e)?,
        right: to_u32(right),
        asked: to_u32(asked),
    })
}

/// Every answer, in the order given, by session; each trainee's answers. A row this
/// Sabot cannot read (a kind or a clause it does not know) is left out and counted:
/// one bad row, never the end of the instructor's view.
fn read_answers(
    client: &mut postgres::Client,
    e: ReadError,
    by_name: &BTreeMap<String, usize>,
    school: &mut PitSchool,
) -> Result<BTreeMap<SessionId, Vec<AnswerRow>>, PitError> {
    let rows = client
        .query(
            "SELECT s.pit_id, lower(t.name), a.at, a.game, a.level, a.kind, a.clause, a.correct, a.ms, a.drill,
                    a.question, left(a.given, $1::int), left(a.expected, $1::int), a.store, a.session_id
               FROM sabot.school_answers a
               JOIN sabot.school_sessions s ON s.store = a.store AND s.session_id = a.session_id
               JOIN sabot.school_trainees t ON t.store = s.store AND t.trainee_id = s.trainee_id
              ORDER BY a.at, a.store, a.answer_id",
            &[&i32::try_from(crate::school::MAX_ANSWER_TEXT).unwrap_or(i32::MAX)],
        )
        .map_err(e)?;
    let mut answers: BTreeMap<SessionId, Vec<AnswerRow>> = BTreeMap::new();
    for r in &rows {
        let row = match answer_row(r, e) {
            Ok(row) => row,
            Err(bad) => {
                school.bad(bad);
                continue;
            }
        };
        let key: String = r.try_get(1).map_err(e)?;
        if let Some(t) = by_name.get(&key).and_then(|i| school.trainees.get_mut(*i)) {
            t.0.answers += 1;
            t.1.push(row.record.answered.clone());
        }
        answers.entry(row.session).or_default().push(row);
    }
    Ok(answers)
}

/// One answer's row, or why this Sabot cannot read it.
fn answer_row(r: &postgres::Row, e: ReadError) -> Result<AnswerRow, PitError> {
    let session = SessionId(r.try_get(0).map_err(e)?);
    let game: String = r.try_get(3).map_err(e)?;
    let kind: String = r.try_get(5).map_err(e)?;
    let clause: String = r.try_get(6).map_err(e)?;
    let ms: i64 = r.try_get(8).map_err(e)?;
    let drill: i64 = r.try_get(9).map_err(e)?;
    let question: i64 = r.try_get(10).map_err(e)?;
    let answered = Answered {
        game: game_of(&game)?,
        level: level_of(r.try_get(4).map_err(e)?)?,
        kind: Kind::from_slug(&kind).ok_or_else(|| bad_row("kind", &kind))?,
        clause: clause.parse::<Clause>().map_err(|_| bad_row("clause", &clause))?,
        right: r.try_get(7).map_err(e)?,
        ms: to_u32(ms),
    };
    let (given, expected): (String, String) = (r.try_get(11).map_err(e)?, r.try_get(12).map_err(e)?);
    let record = AnswerRecord {
        at: r.try_get(2).map_err(e)?,
        answered,
        drill: to_u32(drill),
        question: to_u32(question),
        given: crate::i18n::inert(&given),
        expected: crate::i18n::inert(&expected),
    };
    let store: String = r.try_get(13).map_err(e)?;
    let store_session: i64 = r.try_get(14).map_err(e)?;
    Ok(AnswerRow { session, store, store_session, record })
}
