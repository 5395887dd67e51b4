//! The school: trainees by name and every answer they gave, kept on the laptop in
//! an embedded SQLite database (`rusqlite`, SQLite compiled in), so that a
//! trainee's history survives the app or the command line being killed mid-session:
//! each answer is its own committed transaction, written through SQLite's journal
//! (WAL, `synchronous = FULL`) before the next question is shown.
//!
//! The schema is versioned (`PRAGMA user_version`, `SCHEMA_VERSION`): an older
//! store is brought up to date in one transaction when opened; a newer one (from a
//! later Sabot) is refused with a message rather than written wrongly.
//!
//! Sent to the pit (schema version 2): the store has its own id (`meta.store`, 128
//! random bits made when the store is), and each trainee, session and answer a
//! `sent` mark. [`School::unsent`] hands out what the pit does not hold yet (a
//! session again once it has ended), [`School::mark_sent`] marks it once the pit has
//! committed it; `crate::pit::school` does the sending. The laptop's store stays the
//! record: a pit away loses nothing, and a re-send or a copied store counts once in
//! the pit (its rows are keyed by the store's id and their own).
//!
//! What the answers mean (levels open, accuracy, the weakest clauses) is
//! `crate::training::history`'s, which is pure; this module only keeps them.
//! May use `crate::engine`, `crate::training` and `crate::i18n`.

use crate::engine::{Clause, Game};
use crate::i18n::{Lang, tr_args};
use crate::training::{Answered, Kind, Level};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};

/// The store's schema version (`PRAGMA user_version`).
pub const SCHEMA_VERSION: i64 = 2;

/// The store's file name, in the training folder.
pub const FILE_NAME: &str = "school.sqlite3";

/// The longest trainee name kept.
pub const MAX_NAME: usize = 40;

/// The longest answer text kept (given or expected, in words): the pit takes no
/// longer one (schema version 7), so the store never keeps what it would refuse.
pub const MAX_ANSWER_TEXT: usize = 500;

/// An answer's text as kept: at most `MAX_ANSWER_TEXT` characters, its control
/// characters (a line typed with a tab, say) as spaces.
pub fn answer_text(text: &str) -> String {
    text.chars().take(MAX_ANSWER_TEXT).map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// Why the school's store could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchoolError {
    #[error("{path}: {why}")]
    Open { path: PathBuf, why: String },
    #[error("{path}: schema version {found}, newer than this Sabot's {SCHEMA_VERSION}")]
    Newer { path: PathBuf, found: i64 },
    #[error("{0}")]
    Sql(String),
    #[error("bad trainee name")]
    BadName,
    #[error("no trainee {0}")]
    NoTrainee(String),
}

impl From<rusqlite::Error> for SchoolError {
    fn from(e: rusqlite::Error) -> Self {
        SchoolError::Sql(e.to_string())
    }
}

/// The error in the trainee's language.
pub fn error_text(lang: Lang, e: &SchoolError) -> String {
    match e {
        SchoolError::Open { path, why } => {
            tr_args(lang, "school-open", &[("path", path.display().to_string()), ("why", why.clone())])
        }
        SchoolError::Newer { path, found } => tr_args(
            lang,
            "school-newer",
            &[
                ("path", path.display().to_string()),
                ("found", found.to_string()),
                ("version", SCHEMA_VERSION.to_string()),
            ],
        ),
        SchoolError::Sql(why) => tr_args(lang, "school-sql", &[("why", why.clone())]),
        SchoolError::BadName => tr_args(lang, "school-bad-name", &[("max", MAX_NAME.to_string())]),
        SchoolError::NoTrainee(name) => tr_args(lang, "school-no-trainee", &[("name", name.clone())]),
    }
}

/// A trainee's name as kept: trimmed, 1 to `MAX_NAME` characters, no control
/// characters.
pub fn clean_name(name: &str) -> Result<String, SchoolError> {
    let n = name.trim();
    if n.is_empty() || n.chars().count() > MAX_NAME || n.chars().any(char::is_control) {
        return Err(SchoolError::BadName);
    }
    Ok(n.to_string())
}

/// A trainee in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraineeId(pub i64);

/// A session in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SessionId(pub i64);

/// One answer to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerRecord {
    /// When it was given (RFC 3339, the laptop's clock).
    pub at: String,
    pub answered: Answered,
    /// The staged coup (from 1) and the question within it (from 1).
    pub drill: u32,
    pub question: u32,
    /// The answer given and the engine's, in words.
    pub given: String,
    pub expected: String,
}

/// A trainee, with a summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraineeRow {
    pub id: TraineeId,
    pub name: String,
    pub created: String,
    pub answers: u32,
    /// When the last session started, if any.
    pub last_session: Option<String>,
}

/// A session, with its tally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    pub id: SessionId,
    pub trainee: String,
    pub game: Game,
    /// `None`: free practice (each answer counts for the level of its kind).
    pub level: Option<Level>,
    pub seed: u64,
    pub started: String,
    pub ended: Option<String>,
    pub right: u32,
    pub asked: u32,
}

/// An answer as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerRow {
    /// The session where it is read (the store's own; the pit's, read from the pit).
    pub session: SessionId,
    /// The laptop's store it was given in (`School::store_id`) and the session's id
    /// there: together, a session no other laptop's shares.
    pub store: String,
    pub store_session: i64,
    pub record: AnswerRecord,
}

/// The school's store, open.
pub struct School {
    conn: Connection,
    path: PathBuf,
}

impl std::fmt::Debug for School {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("School").field("path", &self.path).finish()
    }
}

/// Where the store is by default: `<data folder>/training/school.sqlite3`.
pub fn default_path() -> Option<PathBuf> {
    crate::journal::training_dir().ok().map(|d| d.join(FILE_NAME))
}

const SCHEMA_1: &str = "
CREATE TABLE trainee (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created TEXT NOT NULL
);
CREATE TABLE session (
    id INTEGER PRIMARY KEY,
    trainee INTEGER NOT NULL REFERENCES trainee(id),
    game TEXT NOT NULL,
    level INTEGER NOT NULL CHECK (level BETWEEN 0 AND 6),
    seed TEXT NOT NULL,
    started TEXT NOT NULL,
    ended TEXT
);
CREATE TABLE answer (
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES session(id),
    at TEXT NOT NULL,
    game TEXT NOT NULL,
    level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 6),
    kind TEXT NOT NULL,
    clause TEXT NOT NULL,
    right INTEGER NOT NULL CHECK (right IN (0, 1)),
    ms INTEGER NOT NULL CHECK (ms >= 0),
    drill INTEGER NOT NULL,
    question INTEGER NOT NULL,
    given TEXT NOT NULL,
    expected TEXT NOT NULL
);
CREATE INDEX answer_session ON answer(session);
CREATE INDEX session_trainee ON session(trainee);
";

/// Version 2, over version 1: the store's own id and what was sent to the pit.
const SCHEMA_2: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
ALTER TABLE trainee ADD COLUMN sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session ADD COLUMN sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE answer ADD COLUMN sent INTEGER NOT NULL DEFAULT 0;
CREATE INDEX answer_unsent ON answer(id) WHERE sent = 0;
";

/// What a store holds that the pit does not yet: every trainee and session not sent
/// (a session sent open is sent again once it has ended), and the oldest answers not
/// sent, at most the number asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outbox {
    /// The store's own id (32 hexadecimal digits).
    pub store: String,
    pub trainees: Vec<OutTrainee>,
    pub sessions: Vec<OutSession>,
    pub answers: Vec<OutAnswer>,
}

impl Outbox {
    pub fn is_empty(&self) -> bool {
        self.trainees.is_empty() && self.sessions.is_empty() && self.answers.is_empty()
    }
}

/// A trainee as sent: the store's id for him, his name, when he was created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutTrainee {
    pub id: i64,
    pub name: String,
    pub created: String,
}

/// A session as sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutSession {
    pub id: i64,
    pub trainee: i64,
    pub game: Game,
    /// 0: free practice; else the level's number.
    pub level: u8,
    pub seed: String,
    pub started: String,
    pub ended: Option<String>,
}

/// An answer as sent: its id in the store, its session's, and the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutAnswer {
    pub id: i64,
    pub session: i64,
    pub record: AnswerRecord,
}

fn new_store_id() -> String {
    format!("{:032x}", rand::random::<u128>())
}

fn level_of(n: i64) -> Result<Level, SchoolError> {
    u8::try_from(n).ok().and_then(Level::from_number).ok_or_else(|| SchoolError::Sql(format!("level {n}")))
}

fn game_of(s: &str) -> Result<Game, SchoolError> {
    Game::from_slug(s).ok_or_else(|| SchoolError::Sql(format!("game {s}")))
}

impl School {
    /// Opens the store at `path`, creating it (and its folder) if need be, and brings
    /// its schema up to date.
    pub fn open(path: &Path) -> Result<School, SchoolError> {
        let open_err = |why: String| SchoolError::Open { path: path.to_path_buf(), why };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| open_err(e.to_string()))?;
        }
        let mut conn = Connection::open(path).map_err(|e| open_err(e.to_string()))?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(|e| open_err(e.to_string()))?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(|e| open_err(e.to_string()))?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(|e| open_err(e.to_string()))?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(|e| open_err(e.to_string()))?;
        let found: i64 =
            conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| open_err(e.to_string()))?;
        if found > SCHEMA_VERSION {
            return Err(SchoolError::Newer { path: path.to_path_buf(), found });
        }
        if found < SCHEMA_VERSION {
            let tx = conn.transaction()?;
            if found < 1 {
                tx.execute_batch(SCHEMA_1)?;
            }
            if found < 2 {
                tx.execute_batch(SCHEMA_2)?;
                tx.execute("INSERT INTO meta (key, value) VALUES ('store', ?1)", params![new_store_id()])?;
            }
            tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
            tx.commit()?;
        }
        Ok(School { conn, path: path.to_path_buf() })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The store's own id (32 hexadecimal digits): its rows' key in the pit.
    pub fn store_id(&self) -> Result<String, SchoolError> {
        Ok(self.conn.query_row("SELECT value FROM meta WHERE key = 'store'", [], |r| r.get(0))?)
    }

    /// What the pit does not hold yet: every trainee and session not sent, and the
    /// oldest `max_answers` answers not sent.
    pub fn unsent(&self, max_answers: usize) -> Result<Outbox, SchoolError> {
        let store = self.store_id()?;
        let mut st = self.conn.prepare("SELECT id, name, created FROM trainee WHERE sent = 0 ORDER BY id")?;
        let trainees = st
            .query_map([], |r| Ok(OutTrainee { id: r.get(0)?, name: r.get(1)?, created: r.get(2)? }))?
            .collect::<Result<Vec<_>, _>>()?;
        let mut st = self.conn.prepare(
            "SELECT id, trainee, game, level, seed, started, ended FROM session
             WHERE sent = 0 OR (sent = 1 AND ended IS NOT NULL) ORDER BY id",
        )?;
        let raw = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, Option<String>>(6)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut sessions = Vec::new();
        for (id, trainee, game, level, seed, started, ended) in raw {
            let level = u8::try_from(level)
                .ok()
                .filter(|l| *l <= 6)
                .ok_or_else(|| SchoolError::Sql(format!("level {level}")))?;
            sessions.push(OutSession { id, trainee, game: game_of(&game)?, level, seed, started, ended });
        }
        let limit = i64::try_from(max_answers).unwrap_or(i64::MAX);
        let answers = self
            .answers_where_with_id("a.sent = 0 ORDER BY a.id LIMIT ?1", limit)?
            .into_iter()
            .map(|(id, row)| OutAnswer { id, session: row.session.0, record: row.record })
            .collect();
        Ok(Outbox { store, trainees, sessions, answers })
    }

    /// Marks what the pit has committed as sent (a session that had not ended when it
    /// was sent stays to be sent again once it has), in one transaction.
    pub fn mark_sent(&mut self, out: &Outbox) -> Result<(), SchoolError> {
        let tx = self.conn.transaction()?;
        for t in &out.trainees {
            tx.execute("UPDATE trainee SET sent = 1 WHERE id = ?1", params![t.id])?;
        }
        for s in &out.sessions {
            tx.execute(
                "UPDATE session SET sent = ?2 WHERE id = ?1",
                params![s.id, if s.ended.is_some() { 2 } else { 1 }],
            )?;
        }
        for a in &out.answers {
            tx.execute("UPDATE answer SET sent = 1 WHERE id = ?1", params![a.id])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// How many answers the pit does not hold yet.
    pub fn unsent_answers(&self) -> Result<u64, SchoolError> {
        let n: i64 = self.conn.query_row("SELECT COUNT(*) FROM answer WHERE sent = 0", [], |r| r.get(0))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// The schema version of the store as open.
    pub fn schema_version(&self) -> Result<i64, SchoolError> {
        Ok(self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Sets the schema version as a later Sabot would (tests of the version check).
    #[doc(hidden)]
    pub fn set_schema_version_for_tests(&self, v: i64) -> Result<(), SchoolError> {
        self.conn.pragma_update(None, "user_version", v)?;
        Ok(())
    }

    /// The trainee of that name (any case), created if new.
    pub fn trainee(&mut self, name: &str, now: &str) -> Result<TraineeId, SchoolError> {
        let name = clean_name(name)?;
        if let Some(id) = self.find(&name)? {
            return Ok(id);
        }
        self.conn.execute("INSERT INTO trainee (name, created) VALUES (?1, ?2)", params![name, now])?;
        Ok(TraineeId(self.conn.last_insert_rowid()))
    }

    /// The trainee of that name (any case), if known.
    pub fn find(&self, name: &str) -> Result<Option<TraineeId>, SchoolError> {
        Ok(self
            .conn
            .query_row("SELECT id FROM trainee WHERE name = ?1", params![name.trim()], |r| r.get(0))
            .optional()?
            .map(TraineeId))
    }

    /// Every trainee, by name.
    pub fn trainees(&self) -> Result<Vec<TraineeRow>, SchoolError> {
        let mut st = self.conn.prepare(
            "SELECT t.id, t.name, t.created,
                    (SELECT COUNT(*) FROM answer a JOIN session s ON a.session = s.id WHERE s.trainee = t.id),
                    (SELECT MAX(started) FROM session s WHERE s.trainee = t.id)
             FROM trainee t ORDER BY t.name COLLATE NOCASE",
        )?;
        let rows = st.query_map([], |r| {
            Ok(TraineeRow {
                id: TraineeId(r.get(0)?),
                name: r.get(1)?,
                created: r.get(2)?,
                answers: r.get(3)?,
                last_session: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// A session begins (`level` `None`: free practice).
    pub fn start_session(
        &mut self,
        trainee: TraineeId,
        game: Game,
        level: Option<Level>,
        seed: u64,
        now: &str,
    ) -> Result<SessionId, SchoolError> {
        self.conn.execute(
            "INSERT INTO session (trainee, game, level, seed, started) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![trainee.0, game.slug(), level.map_or(0, Level::number), seed.to_string(), now],
        )?;
        Ok(SessionId(self.conn.last_insert_rowid()))
    }

    /// One answer, committed before this returns (it survives a kill).
    pub fn record(&mut self, session: SessionId, a: &AnswerRecord) -> Result<(), SchoolError> {
        let x = &a.answered;
        self.conn.execute(
            "INSERT INTO answer (session, at, game, level, kind, clause, right, ms, drill, question, given, expected)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                session.0,
                a.at,
                x.game.slug(),
                x.level.number(),
                x.kind.slug(),
                x.clause.id(),
                x.right,
                x.ms,
                a.drill,
                a.question,
                answer_text(&a.given),
                answer_text(&a.expected)
            ],
        )?;
        Ok(())
    }

    /// A session ends (left or finished).
    pub fn end_session(&mut self, session: SessionId, now: &str) -> Result<(), SchoolError> {
        self.conn.execute("UPDATE session SET ended = ?2 WHERE id = ?1", params![session.0, now])?;
        Ok(())
    }

    /// A trainee's answers, oldest first (every game and level).
    pub fn history(&self, trainee: TraineeId) -> Result<Vec<Answered>, SchoolError> {
        Ok(self.answers_where("s.trainee = ?1", trainee.0)?.into_iter().map(|r| r.record.answered).collect())
    }

    /// The answers a session staged from `seed` is weighed on (practice where weak):
    /// for a seed this trainee's session of `game` at `level` was staged from before,
    /// his answers before the first such session, so that the same seed stages the
    /// same session again whatever he answered since; for a new seed, all of them.
    pub fn history_for_seed(
        &self,
        trainee: TraineeId,
        game: Game,
        level: Option<Level>,
        seed: u64,
    ) -> Result<Vec<Answered>, SchoolError> {
        let first: Option<i64> = self.conn.query_row(
            "SELECT MIN(id) FROM session WHERE trainee = ?1 AND game = ?2 AND level = ?3 AND seed = ?4",
            params![trainee.0, game.slug(), level.map_or(0, Level::number), seed.to_string()],
            |r| r.get(0),
        )?;
        let Some(first) = first else { return self.history(trainee) };
        let before =
            self.answers_where_with_id(&format!("s.trainee = ?1 AND a.session < {first} ORDER BY a.id"), trainee.0)?;
        Ok(before.into_iter().map(|(_, r)| r.record.answered).collect())
    }

    /// A session's answers, in the order given.
    pub fn session_answers(&self, session: SessionId) -> Result<Vec<AnswerRow>, SchoolError> {
        self.answers_where("a.session = ?1", session.0)
    }

    /// A trainee's answers, oldest first, with their session.
    pub fn trainee_answers(&self, trainee: TraineeId) -> Result<Vec<AnswerRow>, SchoolError> {
        self.answers_where("s.trainee = ?1", trainee.0)
    }

    fn answers_where(&self, cond: &str, id: i64) -> Result<Vec<AnswerRow>, SchoolError> {
        Ok(self.answers_where_with_id(&format!("{cond} ORDER BY a.id"), id)?.into_iter().map(|(_, r)| r).collect())
    }

    /// Answers with their id in the store; `tail` is the condition and its order.
    fn answers_where_with_id(&self, tail: &str, id: i64) -> Result<Vec<(i64, AnswerRow)>, SchoolError> {
        let sql = format!(
            "SELECT a.session, a.at, a.game, a.level, a.kind, a.clause, a.right, a.ms, a.drill, a.question,
                    a.given, a.expected, a.id
             FROM answer a JOIN session s ON a.session = s.id WHERE {tail}"
        );
        let store = self.store_id()?;
        let mut st = self.conn.prepare(&sql)?;
        let raw = st.query_map(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, bool>(6)?,
                r.get::<_, u32>(7)?,
                r.get::<_, u32>(8)?,
                r.get::<_, u32>(9)?,
                r.get::<_, String>(10)?,
                r.get::<_, String>(11)?,
                r.get::<_, i64>(12)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (session, at, game, level, kind, clause, right, ms, drill, question, given, expected, answer_id) = row?;
            let answered = Answered {
                game: game_of(&game)?,
                level: level_of(level)?,
                kind: Kind::from_slug(&kind).ok_or_else(|| SchoolError::Sql(format!("kind {kind}")))?,
                clause: clause.parse::<Clause>().map_err(|_| SchoolError::Sql(format!("clause {clause}")))?,
                right,
                ms,
            };
            out.push((
                answer_id,
                AnswerRow {
                    session: SessionId(session),
                    store: store.clone(),
                    store_session: session,
                    record: AnswerRecord { at, answered, drill, question, given, expected },
                },
            ));
        }
        Ok(out)
    }

    /// A trainee's sessions, the latest first.
    pub fn sessions(&self, trainee: Option<TraineeId>) -> Result<Vec<SessionRow>, SchoolError> {
        let mut st = self.conn.prepare(
            "SELECT s.id, t.name, s.game, s.level, s.seed, s.started, s.ended,
                    (SELECT COUNT(*) FROM answer a WHERE a.session = s.id AND a.right = 1),
                    (SELECT COUNT(*) FROM answer a WHERE a.session = s.id)
             FROM session s JOIN trainee t ON s.trainee = t.id
             WHERE ?1 IS NULL OR s.trainee = ?1 ORDER BY s.id DESC",
        )?;
        let raw = st.query_map(params![trainee.map(|t| t.0)], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, Option<String>>(6)?,
                r.get::<_, u32>(7)?,
                r.get::<_, u32>(8)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (id, trainee, game, level, seed, started, ended, right, asked) = row?;
            out.push(SessionRow {
                id: SessionId(id),
                trainee,
                game: game_of(&game)?,
                level: if level == 0 { None } else { Some(level_of(level)?) },
                seed: seed.parse().unwrap_or(0),
                started,
                ended,
                right,
                asked,
            });
        }
        Ok(out)
    }

    /// Every answer of every trainee as CSV (a header line, then one line an answer).
    pub fn export_csv(&self, w: &mut dyn std::io::Write) -> Result<u64, SchoolError> {
        let mut rows = Vec::new();
        for t in self.trainees()? {
            for row in self.trainee_answers(t.id)? {
                rows.push((t.name.clone(), row));
            }
        }
        write_csv(w, rows.iter().map(|(name, row)| (name.as_str(), row)))
    }
}

/// Answers as CSV, each with its trainee's name (a header line, then one line an
/// answer): the store's export, and the instructor's of the pit's trainees. A
/// session is named by the laptop's store it was kept in and its id there
/// (`store:id`), so that sessions from two laptops never share an id; the store's
/// id is its own column too.
pub fn write_csv<'a>(
    w: &mut dyn std::io::Write,
    rows: impl IntoIterator<Item = (&'a str, &'a AnswerRow)>,
) -> Result<u64, SchoolError> {
    let mut out = csv::Writer::from_writer(w);
    let io = |e: csv::Error| SchoolError::Sql(e.to_string());
    out.write_record([
        "trainee", "session", "at", "game", "level", "kind", "clause", "right", "ms", "drill", "question", "given",
        "expected", "store",
    ])
    .map_err(io)?;
    let mut n = 0;
    for (name, row) in rows {
        let r = &row.record;
        let a = &r.answered;
        out.write_record([
            name.to_string(),
            format!("{}:{}", row.store, row.store_session),
            r.at.clone(),
            a.game.slug().to_string(),
            a.level.number().to_string(),
            a.kind.slug().to_string(),
            a.clause.id().to_string(),
            u8::from(a.right).to_string(),
            a.ms.to_string(),
            r.drill.to_string(),
            r.question.to_string(),
            r.given.clone(),
            r.expected.clone(),
            row.store.clone(),
        ])
        .map_err(io)?;
        n += 1;
    }
    out.flush().map_err(|e| SchoolError::Sql(e.to_string()))?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store of schema version 1 (made before the pit took the school) is brought
    /// to version 2 when opened: its rows kept, all of them to be sent, the store
    /// given an id of its own; a second store gets another.
    #[test]
    fn a_version_1_store_is_upgraded_and_everything_in_it_is_to_be_sent() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("school.sqlite3");
        {
            let conn = Connection::open(&path).expect("sqlite");
            conn.execute_batch(SCHEMA_1).expect("v1");
            conn.execute_batch(
                "INSERT INTO trainee (name, created) VALUES ('Ana', 't0');
                 INSERT INTO session (trainee, game, level, seed, started) VALUES (1, 'banque', 1, '7', 't1');
                 INSERT INTO answer (session, at, game, level, kind, clause, right, ms, drill, question, given, expected)
                 VALUES (1, 't2', 'banque', 1, 'total', 'R-BQ-E3', 1, 900, 1, 1, '4', '4');
                 PRAGMA user_version = 1;",
            )
            .expect("v1 rows");
        }
        let mut s = School::open(&path).expect("upgraded");
        assert_eq!(s.schema_version().expect("v"), SCHEMA_VERSION);
        let id = s.store_id().expect("id");
        assert!(id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
        let out = s.unsent(10).expect("unsent");
        assert_eq!((out.trainees.len(), out.sessions.len(), out.answers.len()), (1, 1, 1));
        assert_eq!(out.answers[0].record.given, "4");
        assert_eq!(out.sessions[0].ended, None);
        s.mark_sent(&out).expect("marked");
        assert!(s.unsent(10).expect("unsent").is_empty());
        // The session ends: it is to be sent again, alone.
        s.end_session(SessionId(1), "t9").expect("ended");
        let again = s.unsent(10).expect("unsent");
        assert_eq!((again.trainees.len(), again.sessions.len(), again.answers.len()), (0, 1, 0));
        drop(s);
        let reopened = School::open(&path).expect("reopened");
        assert_eq!(reopened.store_id().expect("id"), id, "the id is the store's for good");
        let other = School::open(&dir.path().join("other.sqlite3")).expect("other");
        assert_ne!(other.store_id().expect("id"), id);
    }
}
