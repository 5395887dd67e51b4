//! The pit against one table's weight (issue 51, points 2, 3, 5 and 7), against a
//! real PostgreSQL (tests/pg): a record and its texts are bounded in the pit and in
//! the log's writer alike; the floor reads by bytes and keeps nothing of a shift it
//! cannot replay; the school's rows are checked as a shift's records are, and the
//! instructor's view survives a row it cannot read; a table's login holds no lock of
//! another's; a one-shot command never says it will try again; a rewritten header
//! counts every record after it; a look-alike reporter is named inert.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::pg;

use sabot::engine::{Game, TableSettings};
use sabot::i18n::Lang;
use sabot::journal::bounds::{MAX_NAME, MAX_RECORD, MAX_TEXT, NameField, Oversize};
use sabot::journal::{Header, Journal, JournalError, record};
use sabot::pit::floor::{Floor, FloorConfig};
use sabot::pit::{self, PitReader, PitUrl, Replicator};
use sabot::sim::Simulator;
use std::path::Path;
use std::time::{Duration, Instant};

/// A pit with two table logins and the pit boss's: (cluster, db, owner's URL as
/// typed, mesa1's, mesa2's, jefe's).
fn room(stem: &str) -> Option<(&'static pg::Cluster, String, String, String, String, String)> {
    let c = pg::shared()?;
    let db = c.fresh_db(stem).expect("database");
    pit::init(&PitUrl::parse(&c.url(&db)).expect("url")).expect("pit init");
    let (m1, m2, jefe) = c.pit_logins(&db);
    Some((c, db.clone(), c.url(&db), m1, m2, jefe))
}

fn login_of(url: &str) -> String {
    url.split("://").nth(1).and_then(|r| r.split('@').next()).expect("user").to_string()
}

fn sql_code(e: &postgres::Error) -> String {
    e.as_db_error().map(|d| d.code().code().to_string()).unwrap_or_default()
}

fn connect(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).expect("connect")
}

/// A line chained onto `prev` whose content up to its hashes is `content`, hashed as
/// Sabot hashes a record.
fn hashed_line(content: &str, prev: &str) -> (String, String) {
    use sha2::Digest;
    let head = format!("{content},prev:\"{prev}\"");
    let hash: String = sha2::Sha256::digest(head.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    (format!("{head},hash:\"{hash}\")"), hash)
}

/// A shift of «Mesa 1» opened in the pit by `t`: its id (the header's hash) and the
/// record line's start every record of it repeats.
fn open_mesa1(t: &mut postgres::Client, dir: &Path, name: &str) -> (String, String) {
    let header = Header::live("Mesa 1", "Ana", TableSettings::new(Game::Banque), false);
    let mut j = Journal::create(dir.join(name), header).expect("log");
    j.close().expect("close");
    let line = std::fs::read_to_string(j.path()).expect("log").lines().next().expect("header").to_string();
    t.query_one("SELECT * FROM sabot.open_shift($1)", &[&line]).expect("opened");
    let head = record::decode(line.as_bytes()).expect("header");
    (head.hash, "table:\"Mesa 1\",croupier:\"Ana\",game:Banque".to_string())
}

/// A record `seq` of the shift, its body `body`, written at `at`, shaped and chained
/// as the pit reads records (whether the engine could replay it is not the pit's to
/// say): its line and hash.
fn shaped(seq: u64, common: &str, body: &str, prev: &str, at: &str) -> (String, String) {
    hashed_line(&format!("Record(v:7,seq:{seq},at:\"{at}\",{common},body:{body}"), prev)
}

/// Texts of at most `MAX_TEXT` bytes each, `room` bytes in all as written.
fn texts(mut room: usize) -> String {
    let mut out = String::new();
    while room > 0 {
        let comma = usize::from(!out.is_empty());
        if room < comma + 2 {
            out.push_str(&" ".repeat(room));
            break;
        }
        let n = (room - comma - 2).min(MAX_TEXT);
        if comma == 1 {
            out.push(',');
        }
        out.push('"');
        out.push_str(&"x".repeat(n));
        out.push('"');
        room -= comma + 2 + n;
    }
    out
}

/// Record `seq`, `bytes` long in all: an operation's body made of texts each within
/// its bound.
fn record_of(bytes: usize, seq: u64, common: &str, prev: &str) -> (String, String) {
    let at = record::now().to_rfc3339();
    let empty = "Op(op:NoMoreBets,events:[])";
    let base = shaped(seq, common, empty, prev, &at).0.len();
    let body = format!("Op(op:NoMoreBets,events:[{}])", texts(bytes - base));
    shaped(seq, common, &body, prev, &at)
}

/// The hash of a log's header (its shift's id in the pit).
fn header_hash(log: &Path) -> String {
    let text = std::fs::read_to_string(log).expect("log");
    record::decode(text.lines().next().expect("header").as_bytes()).expect("header").hash
}

/// Point 2: the largest record a table's login may send is `MAX_RECORD` bytes, each
/// text in it `MAX_TEXT` bytes, its croupier `MAX_NAME` characters; one byte or
/// character more is refused by the pit (SB012), and the log's writer never writes
/// what the pit would refuse (nothing written, the table unmoved).
#[test]
fn a_record_and_its_texts_are_bounded_in_the_pit_and_in_the_writer() {
    let Some((_, _, _, mesa1, _, _)) = room("bounds") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut t = connect(&mesa1);
    let (shift, common) = open_mesa1(&mut t, dir.path(), "b.sabotlog");
    let insert = "INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)";
    let prev = header_hash(&dir.path().join("b.sabotlog"));
    // The largest record taken, whole.
    let (largest, hash) = record_of(MAX_RECORD, 1, &common, &prev);
    assert_eq!(largest.len(), MAX_RECORD);
    t.execute(insert, &[&shift, &largest]).expect("the largest record is taken");
    // One byte more: refused.
    let (over, _) = record_of(MAX_RECORD + 1, 2, &common, &hash);
    assert_eq!(over.len(), MAX_RECORD + 1);
    let e = t.execute(insert, &[&shift, &over]).expect_err("a record past the bound");
    assert_eq!(sql_code(&e), "SB012", "{e}");
    // A text one byte past its bound, in a small record: refused.
    let long = format!("Op(op:NoMoreBets,events:[\"{}\"])", "y".repeat(MAX_TEXT + 1));
    let at = record::now().to_rfc3339();
    let e = t.execute(insert, &[&shift, &shaped(2, &common, &long, &hash, &at).0]).expect_err("a text past the bound");
    assert_eq!(sql_code(&e), "SB012", "{e}");
    // A croupier's name past its bound: refused when the shift opens.
    let mut h = Header::live("Mesa 1", "Ana", TableSettings::new(Game::Banque), false);
    let name = "Ñ".repeat(MAX_NAME + 1);
    h.croupier = name.clone();
    let r = record::Record {
        v: record::FORMAT,
        seq: 0,
        at: h.started,
        table: h.table.clone(),
        croupier: name.clone(),
        game: Game::Banque,
        body: sabot::journal::Body::Header(h.clone()),
        prev: record::GENESIS.to_string(),
        hash: String::new(),
    };
    let (line, _) = record::encode(&r).expect("encode");
    let e = t.query_one("SELECT * FROM sabot.open_shift($1)", &[&line]).expect_err("a croupier past the bound");
    assert_eq!(sql_code(&e), "SB012", "{e}");
    // The writer: no log made for that croupier, one made for MAX_NAME characters.
    let Err(e) = Journal::create(dir.path().join("long.sabotlog"), h.clone()) else { panic!("refused") };
    assert!(
        matches!(e, JournalError::TooLarge(Oversize::Name { field: NameField::Croupier, chars }) if chars == MAX_NAME + 1),
        "{e:?}"
    );
    assert!(!dir.path().join("long.sabotlog").exists(), "no file made");
    h.croupier = "Ñ".repeat(MAX_NAME);
    Journal::create(dir.path().join("ok.sabotlog"), h).expect("the longest name is taken");
    // Any other text of a record past its bound (the software's, in the header): no
    // log made.
    let mut h = Header::live("Mesa 1", "Ana", TableSettings::new(Game::Banque), false);
    h.software = "s".repeat(MAX_TEXT + 1);
    let Err(e) = Journal::create(dir.path().join("software.sabotlog"), h.clone()) else { panic!("refused") };
    assert!(matches!(e, JournalError::TooLarge(Oversize::Text { bytes, .. }) if bytes == MAX_TEXT + 1), "{e:?}");
    assert!(!dir.path().join("software.sabotlog").exists(), "no file made");
    h.software = "s".repeat(MAX_TEXT);
    Journal::create(dir.path().join("software.sabotlog"), h).expect("a text at the bound is written");
}

struct Sink<'a>(&'a mut Journal);

impl sabot::sim::OpSink for Sink<'_> {
    fn record(
        &mut self,
        op: &sabot::engine::Op,
        events: &[sabot::engine::Event],
    ) -> Result<(), sabot::sim::SinkFailed> {
        self.0.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

/// Point 2, the floor's side: a shift whose record cannot be replayed is read no
/// further and none of its later lines is kept, whatever the login sends after it
/// (before issue 51 the floor kept every later line and never freed them); a shift
/// that replays is read a bounded batch of bytes at a time.
#[test]
fn the_floor_reads_by_bytes_and_keeps_nothing_of_what_it_cannot_replay() {
    let Some((_, _, owner, mesa1, _, jefe)) = room("floor_weight") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut t = connect(&mesa1);
    let (shift, common) = open_mesa1(&mut t, dir.path(), "w.sabotlog");
    let insert = "INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)";
    // Record 1: shaped as a record, an operation the engine does not know; then 40 of
    // the largest records.
    let at = record::now().to_rfc3339();
    let (bad, mut prev) =
        shaped(1, &common, "Op(op:Nonsense,events:[])", &header_hash(&dir.path().join("w.sabotlog")), &at);
    t.execute(insert, &[&shift, &bad]).expect("taken by the pit");
    let more = |t: &mut postgres::Client, from: u64, prev: &mut String| {
        for seq in from..from + 40 {
            let (line, hash) = record_of(MAX_RECORD, seq, &common, prev);
            t.execute(insert, &[&shift, &line]).expect("the largest records");
            *prev = hash;
        }
    };
    more(&mut t, 2, &mut prev);
    let jefe_url = PitUrl::parse(&jefe).expect("url");
    let mut reader = PitReader::connect(&jefe_url).expect("reader");
    let batch = 256 << 10;
    let mut floor = Floor::new(FloorConfig { batch_bytes: batch, ..FloorConfig::default() });
    let mut snap = floor.look(&mut reader, &jefe_url).expect("look");
    for _ in 0..3 {
        snap = floor.look(&mut reader, &jefe_url).expect("look");
    }
    let mesa1_row = snap.tables.iter().find(|t| t.shift.table_name == "Mesa 1").expect("Mesa 1");
    assert!(mesa1_row.problem.is_some(), "the record it cannot replay is said");
    let (now, peak) = floor.held_bytes();
    assert_eq!(now, 0, "none of the lines after it kept");
    assert!(peak <= batch as usize + MAX_RECORD, "a batch's bytes at most: {peak}");
    // The login goes on sending: nothing more is read of that shift, nothing kept.
    more(&mut t, 42, &mut prev);
    floor.look(&mut reader, &jefe_url).expect("look");
    assert_eq!(floor.held_bytes(), (0, peak), "read no further");
    // A shift that replays, a long one: read a batch of bytes at a time.
    let owner_url = PitUrl::parse(&owner).expect("url");
    let header = Header::live("Mesa 2", "Eva", TableSettings::new(Game::PuntoBanca), false);
    let mut j = Journal::create(dir.path().join("long.sabotlog"), header).expect("log");
    let (rep, tap) = Replicator::start(owner_url, j.path(), 0, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    Simulator::new(Game::PuntoBanca, 9).expect("sim").run(400, &mut Sink(&mut j)).expect("coups");
    let last = j.next_seq() - 1;
    assert!(rep.wait_holds(last, Duration::from_secs(60)).is_live());
    let bytes = std::fs::metadata(j.path()).expect("log").len() as usize;
    assert!(bytes > 4 * batch as usize, "a log of several batches: {bytes}");
    let mut floor = Floor::new(FloorConfig { batch_bytes: batch, ..FloorConfig::default() });
    let snap = floor.look(&mut reader, &jefe_url).expect("look");
    let mesa2 = snap.tables.iter().find(|t| t.shift.table_name == "Mesa 2").expect("Mesa 2 followed");
    assert_eq!(mesa2.records, last + 1, "the whole shift replayed in one look");
    let (now, peak) = floor.held_bytes();
    assert_eq!(now, 0);
    assert!(peak <= batch as usize + MAX_RECORD, "a batch's bytes at most: {peak}");
    rep.stop();
}

/// A school store of one trainee (Ana) and one Banque session of three answers at
/// level 1, sent by `url`: the store's id and the session's id in it.
fn school_sent(dir: &Path, url: &str) -> (String, i64) {
    use sabot::school::{AnswerRecord, School};
    use sabot::training::{Answered, Kind, Level};
    let mut s = School::open(&dir.join("school.sqlite3")).expect("store");
    let at = |n: u32| format!("2026-11-25T10:00:{n:02}.000+01:00");
    let t = s.trainee("Ana", &at(0)).expect("trainee");
    let id = s.start_session(t, Game::Banque, Some(Level::Values), 7, &at(1)).expect("session");
    for i in 0..3 {
        let answered = Answered {
            game: Game::Banque,
            level: Level::Values,
            kind: Kind::Total,
            clause: sabot::engine::Clause::C2,
            right: true,
            ms: 900,
        };
        let r = AnswerRecord {
            at: at(2 + i),
            answered,
            drill: i + 1,
            question: 1,
            given: "7".into(),
            expected: "7".into(),
        };
        s.record(id, &r).expect("kept");
    }
    s.end_session(id, &at(30)).expect("ended");
    sabot::pit::school::send(&PitUrl::parse(url).expect("url"), &mut s).expect("sent");
    (s.store_id().expect("id"), id.0)
}

/// Point 3: the pit takes from the school only what it can read: a kind or a clause it
/// does not know, an answer of 2,000 characters, an answer to a session another login
/// sent, a time that is no time, each refused (SB013); past the answers one login may
/// send in an hour, refused (SB014). A row that got in all the same (a pit written
/// before version 7) is one bad row in the instructor's view, said and left out: the
/// rest of the school is shown.
#[test]
fn the_school_takes_only_what_it_can_read_and_the_view_survives_a_bad_row() {
    let Some((c, db, owner, mesa1, mesa2, jefe)) = room("school_strict") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let (store, session) = school_sent(dir.path(), &mesa1);
    let call = "SELECT sabot.school_answer($1, $2, $3, $4, 'banque', 1, $5, $6, true, 900, 1, 1, $7, '7')";
    let answer = |t: &mut postgres::Client, id: i64, at: &str, kind: &str, clause: &str, given: &str| {
        t.query_one(call, &[&store, &id, &session, &at, &kind, &clause, &given]).map(|r| r.get::<_, bool>(0))
    };
    let at = "2026-11-25T10:00:20.000+01:00";
    let mut t1 = connect(&mesa1);
    assert!(answer(&mut t1, 10, at, "total", "R-C-2", "7").expect("a good answer"));
    let long = "x".repeat(2000);
    for (id, at, kind, clause, given, what) in [
        (11, at, "zzz", "R-C-2", "7", "an unknown kind"),
        (12, at, "total", "BQ-E3", "7", "an unknown clause"),
        (13, at, "total", "R-C-2", long.as_str(), "an answer of 2,000 characters"),
        (14, "now", "total", "R-C-2", "7", "a time that is none"),
        (15, "2099-01-01T00:00:00Z", "total", "R-C-2", "7", "a time ahead of the pit's clock"),
    ] {
        let e = answer(&mut t1, id, at, kind, clause, given).expect_err(what);
        assert_eq!(sql_code(&e), "SB013", "{what}: {e}");
    }
    // Another table's login answering in mesa1's session: refused.
    let mut t2 = connect(&mesa2);
    let e = answer(&mut t2, 16, at, "total", "R-C-2", "7").expect_err("another login's session");
    assert_eq!(sql_code(&e), "SB013", "{e}");
    // A login past its answers of the hour: refused.
    let login = login_of(&mesa1);
    c.sql(
        &db,
        &format!(
            "UPDATE sabot.school_quota SET answers = {} WHERE login = '{login}'",
            sabot::pit::schema_v7::SCHOOL_ANSWERS_AN_HOUR
        ),
    )
    .expect("the hour's answers");
    let e = answer(&mut t1, 17, at, "total", "R-C-2", "7").expect_err("past the hour's answers");
    assert_eq!(sql_code(&e), "SB014", "{e}");
    // A row that got in past the functions (a pit before version 7): one bad row.
    let mut o = connect(&owner);
    o.execute(
        "INSERT INTO sabot.school_answers (store, answer_id, session_id, at, game, level, kind, clause, correct, ms, \
         drill, question, given, expected) VALUES ($1, 99, $2, $3, 'banque', 1, 'zzz', 'R-C-2', true, 1, 1, 1, 'x', 'x')",
        &[&store, &session, &at],
    )
    .expect("an old row");
    let mut r = PitReader::connect(&PitUrl::parse(&jefe).expect("url")).expect("the pit boss reads");
    let school = sabot::pit::school::read(&mut r).expect("the view survives a bad row");
    assert_eq!(school.bad_rows, 1);
    assert!(matches!(&school.first_bad, Some(sabot::pit::PitError::BadRow { what: "kind", value }) if value == "zzz"));
    let names: Vec<(&str, u32)> = school.trainees.iter().map(|(t, _)| (t.name.as_str(), t.answers)).collect();
    assert_eq!(names, [("Ana", 4)], "the trainee and her readable answers");
}

/// Point 5: a table's login holds no lock of another's. Before issue 51 the pit's
/// advisory locks could be taken by any login: mesa1 holding Mesa 2's refusal lock
/// made Mesa 2's report wait and fail (the floor never raised it), and holding the
/// init lock made the owner's `pit init` say «busy». Now neither holds anyone up. A
/// refused insert into Mesa 2's shift, its transaction left open, holds nothing either
/// (the pit checks the login before it locks the shift's row; PostgreSQL also lets go
/// of a failed statement's locks at once): Mesa 2's records go on.
#[test]
fn a_table_login_holds_no_lock_of_another() {
    let Some((_, db, owner, mesa1, mesa2, _)) = room("locks") else { return };
    let quick = |url: &str| format!("{url}&options=-c%20lock_timeout%3D2000");
    let dir = tempfile::tempdir().expect("dir");
    // Mesa 2's shift, in the pit.
    let url2 = PitUrl::parse(&quick(&mesa2)).expect("url");
    let header = Header::live("Mesa 2", "Eva", TableSettings::new(Game::Banque), false);
    let mut j = Journal::create(dir.path().join("m2.sabotlog"), header).expect("log");
    let (rep, tap) = Replicator::start(url2.clone(), j.path(), 0, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    let mut sim = Simulator::new(Game::Banque, 4).expect("sim");
    sim.run(1, &mut Sink(&mut j)).expect("coups");
    assert!(rep.wait_holds(j.next_seq() - 1, Duration::from_secs(20)).is_live());
    let shift = header_hash(j.path());
    // mesa1 takes every advisory lock the pit ever used, in Mesa 2's name too.
    let mut m1 = connect(&mesa1);
    let login2 = login_of(&mesa2);
    m1.batch_execute(&format!(
        "SELECT pg_advisory_lock(7355608); SELECT pg_advisory_lock(7355609, hashtext('{login2}'))"
    ))
    .expect("a login may take advisory locks");
    // And a refused insert into Mesa 2's shift, its transaction left open.
    let mut held = connect(&mesa1);
    held.batch_execute("BEGIN").expect("begin");
    let e = held
        .execute("INSERT INTO sabot.records (shift_id, line) VALUES ($1, 'x')", &[&shift])
        .expect_err("another login's shift");
    assert_eq!(sql_code(&e), "SB005", "{e}");
    // Mesa 2 goes on: its records reach the pit.
    let t = Instant::now();
    sim.run(1, &mut Sink(&mut j)).expect("coups");
    let state = rep.wait_holds(j.next_seq() - 1, Duration::from_secs(8));
    assert!(state.is_live(), "Mesa 2 held up by mesa1's open transaction: {state:?}");
    // Its refusal report goes in at once.
    let mut m2 = connect(&quick(&mesa2));
    m2.execute(
        "INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ($1, 'Mesa 2', 3, 'SB002: x')",
        &[&shift],
    )
    .expect("Mesa 2's report, not held by mesa1's lock");
    // The owner's init is not held up either.
    let owner_url = PitUrl::parse(&quick(&owner)).expect("url");
    assert_eq!(pit::init(&owner_url), Ok(pit::schema::Initialised::AlreadyThere));
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    // The lock the pit now takes for a login's reports is that login's own row, which
    // no login may touch.
    let e = m1.batch_execute("SELECT * FROM sabot.report_locks FOR UPDATE").expect_err("not a login's");
    assert_eq!(sql_code(&e), "42501", "{e}");
    drop(held);
    rep.stop();
    let _ = db;
}

/// Point 7: a one-shot command does not say «Sabot tries again» when it will not: the
/// owner's `pit init` held up past its lock timeout says the pit was busy, and ends.
#[test]
fn a_one_shot_command_never_says_it_tries_again() {
    let Some((c, db, owner, _, _, _)) = room("busy") else { return };
    let mut holder = connect(&c.url(&db));
    holder.batch_execute("BEGIN; LOCK TABLE sabot.meta IN ACCESS EXCLUSIVE MODE").expect("held");
    for lang in [Lang::En, Lang::Es] {
        let mut out = Vec::new();
        let url = format!("{owner}&options=-c%20lock_timeout%3D300");
        let status = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Init { url }, lang, &mut out);
        let said = String::from_utf8(out).expect("utf8");
        assert_eq!(status, 1, "{said}");
        assert!(said.contains("busy") || said.contains("ocupado"), "{said}");
        assert!(!said.contains("tries again") && !said.contains("vuelve a intentarlo"), "{said}");
    }
}

/// Point 7: a log whose header was rewritten (its start moved, every hash after it
/// recomputed) differs from the pit at record 0, and every record after it is
/// counted as differing (before issue 51: «0 records after it differ»).
#[test]
fn a_rewritten_header_counts_every_record_after_it() {
    let Some((_, _, owner, _, _, _)) = room("header") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("h.sabotlog");
    let mut out = Vec::new();
    let status =
        sabot::cli::simulate::simulate_cli_pit(Game::Banque, 10, 3, Some(&log), Some(&owner), Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    let text = std::fs::read_to_string(&log).expect("log");
    let lines: Vec<&str> = text.lines().collect();
    let header_an_hour_earlier = |r: &mut record::Record| {
        if let sabot::journal::Body::Header(h) = &mut r.body {
            h.started -= chrono::Duration::hours(1);
        }
    };
    crate::common::rechained(&lines, 0, header_an_hour_earlier, &log);
    let n = text.lines().count();
    let mut said = Vec::new();
    let status = sabot::cli::pit::verify_against(
        &owner,
        std::slice::from_ref(&log),
        Duration::from_secs(60),
        Lang::En,
        &mut said,
    );
    let said = String::from_utf8(said).expect("utf8");
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("DIFFERS FROM THE PIT at record 0"), "{said}");
    assert!(said.contains(&format!("({} records after it differ too)", n - 1)), "{said}");
}

/// Point 7: the floor names a refusal's reporter inert: a login whose name reads like
/// another (a Cyrillic «а» in it) is shown with that letter as its escape.
#[test]
fn the_floor_names_a_look_alike_reporter_inert() {
    let Some((c, db, _, _, _, jefe)) = room("lookalike") else { return };
    let fake = format!("mes\u{430}1_{}", std::process::id());
    c.sql(&db, &format!("CREATE ROLE \"{fake}\" LOGIN IN ROLE sabot_table")).expect("role");
    let mut t = connect(&c.url_as(&fake.replace('\u{430}', "%D0%B0"), &db));
    t.execute("INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ('s', 'Mesa 1', 3, 'SB002: x')", &[])
        .expect("a report");
    let url = PitUrl::parse(&jefe).expect("url");
    let mut reader = PitReader::connect(&url).expect("reader");
    let snap = Floor::new(FloorConfig::default()).look(&mut reader, &url).expect("look");
    let words: Vec<String> = snap.alarms.iter().map(|a| sabot::app::floor::alarm_text(Lang::En, a)).collect();
    let said = words.iter().find(|w| w.contains("Mesa 1")).expect("the refusal's alarm");
    assert!(said.contains("mes\\u{430}1_"), "{said}");
    assert!(!said.contains('\u{430}'), "{said}");
}

/// Records of a Banque shift of «Mesa 1» (a coup played), then `amendments` of its
/// coup and `resumed` «resumed» records, written as a log at `path` (no sync per record).
fn long_tail(path: &Path, amendments: u32, resumed: u32) {
    use sabot::journal::{Body, Resumed};
    let header = Header::live("Mesa 1", "Ana", TableSettings::new(Game::Banque), false);
    let mut out = Vec::new();
    let mut log = crate::common::Chained::start(&mut out, &header);
    let mut table = header.table().expect("table");
    let mut sim = Simulator::new(Game::Banque, 6).expect("sim");
    let mut ops = Vec::new();
    {
        let mut keep = Keep(&mut table, &mut ops);
        sim.run(1, &mut keep).expect("a coup");
    }
    for (op, events) in ops {
        log.push(Body::Op { op, events }, header.started).expect("record");
    }
    for i in 0..amendments {
        let op = sabot::engine::Op::Amend { coup: 1, reason: format!("amendment {i}") };
        let events = table.play(&op).expect("an amendment");
        log.push(Body::Op { op, events }, header.started).expect("record");
    }
    for _ in 0..resumed {
        log.push(Body::Resumed(Resumed { software: "sabot 0.1.0".into(), set_aside: None }), header.started)
            .expect("record");
    }
    drop(log);
    std::fs::write(path, out).expect("write");
}

struct Keep<'a>(&'a mut sabot::engine::Table, &'a mut Vec<(sabot::engine::Op, Vec<sabot::engine::Event>)>);

impl sabot::sim::OpSink for Keep<'_> {
    fn record(
        &mut self,
        op: &sabot::engine::Op,
        events: &[sabot::engine::Event],
    ) -> Result<(), sabot::sim::SinkFailed> {
        self.0.apply(events);
        self.1.push((op.clone(), events.to_vec()));
        Ok(())
    }
}

/// Point 2, what the floor keeps of a shift that replays: a summary keeps the first
/// 2,000 amendments, recoveries and clock jumps and counts the rest (the report says
/// so); a coup that never ends (2,001 amendments of a paid coup, no coup opened after
/// it: every entry of a coup in play is held for a take-back) is followed no further.
#[test]
fn a_followed_shift_keeps_a_bounded_summary_and_an_endless_coup_is_followed_no_further() {
    let Some((_, _, owner, _, _, jefe)) = room("endless") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let resumed = dir.path().join("resumed.sabotlog");
    long_tail(&resumed, 3, 2005);
    let s = sabot::reports::summary::summarise(&resumed, Default::default()).expect("summary");
    assert_eq!((s.recoveries.len(), s.left_out.recoveries, s.amendments.len()), (2000, 5, 3));
    let (_, words) = sabot::cli::report::report_parts(
        std::slice::from_ref(&resumed),
        None,
        sabot::cli::report::Rows::Shifts,
        Lang::En,
    );
    assert!(words.contains("not listed: 0 amendments, 5 recoveries, 0 clock jumps"), "{words}");
    // The endless coup, in the pit.
    let endless = dir.path().join("endless.sabotlog");
    long_tail(&endless, 2001, 0);
    let url = PitUrl::parse(&owner).expect("url");
    let state = pit::push(&url, &endless, Duration::from_secs(60), false).expect("push");
    assert!(state.done && state.behind() == 0, "{state:?}");
    let jefe_url = PitUrl::parse(&jefe).expect("url");
    let mut reader = PitReader::connect(&jefe_url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &jefe_url).expect("look");
    let row = snap.tables.iter().find(|t| t.shift.table_name == "Mesa 1").expect("Mesa 1");
    let said = row.problem.as_ref().map(|p| sabot::journal::text::journal_error_text(Lang::En, p)).unwrap_or_default();
    assert!(said.contains("goes on past 2000 entries"), "{said:?}");
    assert_eq!(floor.held_bytes().0, 0);
}
