#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly
//! The dealer school in the pit (issue 27, schema version 5), against a real
//! PostgreSQL cluster started by the tests (see `tests/pg`): a laptop's store sent
//! twice, or copied and sent again, counts once; a table's login adds rows only
//! through the pit's functions and can neither rewrite nor delete one; the pit boss
//! sees the trainees of every store; a pit that never answers gives a clear error
//! within seconds and loses nothing, sent later; a version 4 pit is upgraded in place;
//! the app's school screen sends its store and reads the pit's trainees off its thread.

use crate::pg;

use sabot::engine::{Clause, Game};
use sabot::pit::school::{self as pit_school, SendError};
use sabot::pit::{self, PitError, PitReader, PitUrl};
use sabot::school::{AnswerRecord, School, SessionId};
use sabot::training::{Answered, Kind, Level};
use std::path::Path;
use std::time::{Duration, Instant};

/// A pit with two table logins and the pit boss's: (cluster, db, owner's URL, mesa1's,
/// mesa2's, jefe's), the logins' as typed.
fn room(stem: &str) -> Option<(&'static pg::Cluster, String, PitUrl, String, String, String)> {
    let c = pg::shared()?;
    let db = c.fresh_db(stem).expect("database");
    let url = PitUrl::parse(&c.url(&db)).expect("url");
    pit::init(&url).expect("pit init");
    let (m1, m2, jefe) = c.pit_logins(&db);
    Some((c, db, url, m1, m2, jefe))
}

fn at(n: u32) -> String {
    format!("2026-11-25T10:{:02}:{:02}.000+01:00", n / 60, n % 60)
}

/// A session of `trainee` with `answers` answers (the first `right` of them right);
/// ended when `end`.
fn session(s: &mut School, trainee: &str, game: Game, answers: u32, right: u32, end: bool) -> SessionId {
    let t = s.trainee(trainee, &at(0)).expect("trainee");
    let id = s.start_session(t, game, Some(Level::Values), 7, &at(1)).expect("session");
    for i in 0..answers {
        let answered = Answered {
            game,
            level: Level::Values,
            kind: Kind::Total,
            clause: Clause::BQE3,
            right: i < right,
            ms: 1200 + i,
        };
        let r = AnswerRecord {
            at: at(2 + i),
            answered,
            drill: i + 1,
            question: 1,
            given: format!("{}", i % 10),
            expected: "4".into(),
        };
        s.record(id, &r).expect("kept");
    }
    if end {
        s.end_session(id, &at(100)).expect("ended");
    }
    id
}

fn count(c: &pg::Cluster, db: &str, table: &str) -> i64 {
    let mut o = postgres::Client::connect(&c.url(db), postgres::NoTls).expect("owner");
    o.query_one(&format!("SELECT count(*) FROM sabot.{table}"), &[]).expect("count").get(0)
}

fn sql_code(e: &postgres::Error) -> String {
    e.as_db_error().map(|d| d.code().code().to_string()).unwrap_or_default()
}

/// Sent once; then nothing left to send; then a copy of the store taken before the
/// send (the same store id, every row unsent in it: as a laptop that died after the
/// pit committed and before it marked the rows) sends it all again: the pit counts
/// each row once. A session sent open gets its end when it has one.
#[test]
fn sending_twice_or_from_a_copied_store_counts_once() {
    let Some((c, db, _, mesa1, _, _)) = room("school_once") else { return };
    let url = PitUrl::parse(&mesa1).expect("url");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("school.sqlite3");
    let copy = dir.path().join("copy.sqlite3");
    let open_one = {
        let mut s = School::open(&path).expect("store");
        session(&mut s, "Ana", Game::Banque, 5, 4, true);
        let open = session(&mut s, "Ana", Game::PuntoBanca, 3, 3, false);
        assert_eq!(s.unsent_answers().expect("unsent"), 8);
        drop(s);
        std::fs::copy(&path, &copy).expect("copy");
        open
    };
    let mut s = School::open(&path).expect("store");
    let sent = pit_school::send(&url, &mut s).expect("sent");
    assert_eq!((sent.answers, sent.new_answers, sent.sessions, sent.trainees), (8, 8, 2, 1));
    assert_eq!(s.unsent_answers().expect("unsent"), 0);
    assert_eq!((count(c, &db, "school_answers"), count(c, &db, "school_sessions")), (8, 2));
    // Again: nothing to send, nothing counted.
    assert_eq!(pit_school::send(&url, &mut s).expect("again"), pit_school::Sent::default());
    // The copy: the same store, every row unsent in it: sent, none new.
    let mut cp = School::open(&copy).expect("copy opens");
    assert_eq!(cp.store_id().expect("id"), s.store_id().expect("id"));
    let again = pit_school::send(&url, &mut cp).expect("copy sent");
    assert_eq!((again.answers, again.new_answers), (8, 0));
    assert_eq!((count(c, &db, "school_answers"), count(c, &db, "school_sessions")), (8, 2));
    assert_eq!(count(c, &db, "school_trainees"), 1);
    // The open session ends; its end reaches the pit, and only that.
    s.end_session(open_one, &at(200)).expect("ended");
    let ended = pit_school::send(&url, &mut s).expect("end sent");
    assert_eq!((ended.answers, ended.sessions), (0, 1));
    let mut o = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let ends: Vec<Option<String>> = o
        .query("SELECT ended FROM sabot.school_sessions ORDER BY session_id", &[])
        .expect("ends")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(ends, [Some(at(100)), Some(at(200))]);
}

/// A table's login may add the school's rows only through the pit's functions: it
/// cannot select, update or delete them, nor insert past the functions; a row sent
/// again with other contents leaves the pit's as it was; another table's login cannot
/// end a session it did not send. The pit boss reads them and cannot write.
#[test]
fn a_table_login_cannot_rewrite_or_delete_the_schools_rows() {
    let Some((c, db, _, mesa1, mesa2, jefe)) = room("school_rights") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut s = School::open(&dir.path().join("school.sqlite3")).expect("store");
    let open = session(&mut s, "Ana", Game::Banque, 4, 2, false);
    pit_school::send(&PitUrl::parse(&mesa1).expect("url"), &mut s).expect("sent");
    let store = s.store_id().expect("id");
    let mut m1 = postgres::Client::connect(&mesa1, postgres::NoTls).expect("mesa1");
    for sql in [
        "DELETE FROM sabot.school_answers",
        "UPDATE sabot.school_answers SET correct = true",
        "UPDATE sabot.school_sessions SET ended = NULL",
        "DELETE FROM sabot.school_trainees",
        "SELECT count(*) FROM sabot.school_answers",
        "TRUNCATE sabot.school_answers",
    ] {
        let e = m1.batch_execute(sql).expect_err(sql);
        assert_eq!(sql_code(&e), "42501", "{sql}: {e}");
    }
    let e = m1
        .execute(
            "INSERT INTO sabot.school_trainees (store, trainee_id, name, created) VALUES ($1, 99, 'X', 'now')",
            &[&store],
        )
        .expect_err("insert past the functions");
    assert_eq!(sql_code(&e), "42501");
    // The same answer (store, id) with another verdict: left as it was.
    let new: bool = m1
        .query_one(
            "SELECT sabot.school_answer($1, 1, 1, 'now', 'banque', 1, 'total', 'BQ-E3', true, 1, 1, 1, 'x', 'x')",
            &[&store],
        )
        .expect("called")
        .get(0);
    assert!(!new);
    let mut o = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let row = o
        .query_one("SELECT correct, given FROM sabot.school_answers WHERE store = $1 AND answer_id = 1", &[&store])
        .expect("row");
    assert_eq!((row.get::<_, bool>(0), row.get::<_, String>(1)), (true, "0".to_string()));
    let row = o
        .query_one("SELECT correct FROM sabot.school_answers WHERE store = $1 AND answer_id = 3", &[&store])
        .expect("row");
    assert!(!row.get::<_, bool>(0), "the third answer was wrong and stays so");
    // Another table's login cannot end (or rewrite) a session mesa1 sent.
    let mut m2 = postgres::Client::connect(&mesa2, postgres::NoTls).expect("mesa2");
    m2.query_one("SELECT sabot.school_session($1, $2, 1, 'banque', 1, '7', 'then', 'forged end')", &[&store, &open.0])
        .expect("called");
    let ended: Option<String> = o
        .query_one("SELECT ended FROM sabot.school_sessions WHERE store = $1 AND session_id = $2", &[&store, &open.0])
        .expect("row")
        .get(0);
    assert_eq!(ended, None);
    // The pit boss reads, and cannot write.
    let mut j = postgres::Client::connect(&jefe, postgres::NoTls).expect("jefe");
    let n: i64 = j.query_one("SELECT count(*) FROM sabot.school_answers", &[]).expect("read").get(0);
    assert_eq!(n, 4);
    let e = j
        .query_one("SELECT sabot.school_trainee($1, 5, 'Y', 'now')", &[&store])
        .expect_err("the pit boss sends nothing");
    assert_eq!(sql_code(&e), "42501");
    let e = j.batch_execute("DELETE FROM sabot.school_answers").expect_err("nor deletes");
    assert_eq!(sql_code(&e), "42501");
}

/// Two laptops, two stores, two table logins: the pit boss sees every trainee, the
/// same name on both laptops as one trainee with the answers of both; each session
/// with its tally and its answers for the replay.
#[test]
fn the_pit_boss_sees_the_trainees_of_every_store() {
    let Some((_, _, _, mesa1, mesa2, jefe)) = room("school_two") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut a = School::open(&dir.path().join("a.sqlite3")).expect("a");
    session(&mut a, "Ana", Game::Banque, 4, 3, true);
    session(&mut a, "Luis", Game::Banque, 2, 2, true);
    let mut b = School::open(&dir.path().join("b.sqlite3")).expect("b");
    session(&mut b, "ana", Game::ChemindeFer, 5, 1, true);
    session(&mut b, "Eva", Game::PuntoBanca, 3, 0, false);
    assert_ne!(a.store_id().expect("id"), b.store_id().expect("id"));
    pit_school::send(&PitUrl::parse(&mesa1).expect("url"), &mut a).expect("a sent");
    pit_school::send(&PitUrl::parse(&mesa2).expect("url"), &mut b).expect("b sent");
    let mut r = PitReader::connect(&PitUrl::parse(&jefe).expect("url")).expect("the pit boss reads");
    let school = pit_school::read(&mut r).expect("school");
    let names: Vec<(&str, u32, usize)> =
        school.trainees.iter().map(|(t, h)| (t.name.as_str(), t.answers, h.len())).collect();
    assert_eq!(names, [("Ana", 9, 9), ("Eva", 3, 3), ("Luis", 2, 2)]);
    let ana = &school.trainees[0].1;
    assert!(ana.iter().any(|x| x.game == Game::Banque) && ana.iter().any(|x| x.game == Game::ChemindeFer));
    assert_eq!(school.sessions.len(), 4);
    let tallies: Vec<(String, u32, u32)> =
        school.sessions.iter().map(|s| (s.trainee.clone(), s.right, s.asked)).collect();
    for expected in [("Ana", 3, 4), ("Luis", 2, 2), ("ana", 1, 5), ("Eva", 0, 3)] {
        assert!(tallies.contains(&(expected.0.to_string(), expected.1, expected.2)), "{tallies:?}");
    }
    let eva = school.sessions.iter().find(|s| s.trainee == "Eva").expect("Eva's");
    assert_eq!(eva.ended, None);
    let replay = school.answers.get(&eva.id).expect("Eva's answers");
    assert_eq!(replay.len(), 3);
    assert_eq!(replay.iter().map(|a| a.record.drill).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(replay.iter().all(|a| a.record.answered.game == Game::PuntoBanca && !a.record.answered.right));
}

/// A server that accepts and never answers: the send ends within seconds with an
/// error that says the pit could not be reached (never the password); every row stays
/// unsent on the laptop, and reaches a real pit later, all of it.
#[test]
fn an_unreachable_pit_loses_nothing_and_what_it_lacks_is_sent_later() {
    let Some((c, db, _, mesa1, _, _)) = room("school_away") else { return };
    let port = pg::silent_server();
    let quiet =
        PitUrl::parse(&format!("postgresql://mesa1:Top-S3cret@127.0.0.1:{port}/sabot?connect_timeout=2")).expect("url");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("school.sqlite3");
    let mut s = School::open(&path).expect("store");
    session(&mut s, "Ana", Game::Banque, 6, 5, true);
    // Bounded by the URL's 2 s, said exactly (no clock here: the error names the limit
    // that ended the wait).
    let e = pit_school::send(&quiet, &mut s).expect_err("nobody answers");
    assert!(
        matches!(
            e,
            SendError::Pit(PitError::Offline {
                why: pit::Unreachable::Silent { secs: 2, .. } | pit::Unreachable::NoAnswer { secs: 2 },
                ..
            })
        ),
        "{e:?}"
    );
    let said = sabot::app::pit::pit_error_text(
        sabot::i18n::Lang::En,
        &match e {
            SendError::Pit(p) => p,
            other => panic!("{other:?}"),
        },
    );
    assert!(said.contains("cannot reach the pit") && !said.contains("Top-S3cret"), "{said}");
    // The app's words for it: what is kept, and that it goes later.
    let why = sabot::app::school::send_store(&path, &quiet, sabot::i18n::Lang::En).expect_err("offline");
    assert!(why.contains("within 2 s"), "{why}");
    assert!(why.contains("6 answers are kept on this laptop and will be sent next time"), "{why}");
    assert_eq!(s.unsent_answers().expect("unsent"), 6);
    // More answers meanwhile; then the real pit: everything, once.
    session(&mut s, "Ana", Game::Banque, 2, 2, true);
    let sent = pit_school::send(&PitUrl::parse(&mesa1).expect("url"), &mut s).expect("sent later");
    assert_eq!((sent.answers, sent.new_answers), (8, 8));
    assert_eq!(count(c, &db, "school_answers"), 8);
    assert_eq!(s.unsent_answers().expect("unsent"), 0);
}

/// A pit made by a Sabot of schema version 4 (shifts, refusals, no school): sending
/// says the pit must be upgraded and keeps everything; `pit init` upgrades it in place
/// to version 5 (then changes nothing more) and the store goes.
#[test]
fn a_version_4_pit_is_upgraded_in_place_to_version_5() {
    let Some(c) = pg::shared() else { return };
    let db = c.fresh_db("school_v4").expect("db");
    let owner = PitUrl::parse(&c.url(&db)).expect("url");
    pit::schema::init_old(&owner, 4).expect("a version 4 pit");
    let login = format!("mesa_{}_{}", std::process::id(), db.rsplit('_').next().unwrap_or("0"));
    c.sql(&db, &format!("CREATE ROLE {login} LOGIN IN ROLE sabot_table")).expect("role");
    let url = PitUrl::parse(&c.url_as(&login, &db)).expect("url");
    let dir = tempfile::tempdir().expect("dir");
    let mut s = School::open(&dir.path().join("school.sqlite3")).expect("store");
    session(&mut s, "Ana", Game::Banque, 3, 3, true);
    let e = pit_school::send(&url, &mut s).expect_err("no school in a version 4 pit");
    assert_eq!(e, SendError::Pit(PitError::OlderSchema { needed: 5 }));
    let said = sabot::app::pit::pit_error_text(sabot::i18n::Lang::En, &PitError::OlderSchema { needed: 5 });
    assert!(said.contains("sabot pit init"), "{said}");
    assert_eq!(s.unsent_answers().expect("unsent"), 3);
    // The version 4 refusals table is there, with its rights.
    let mut m = postgres::Client::connect(&c.url_as(&login, &db), postgres::NoTls).expect("login");
    m.execute("INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ('x', 'Mesa 1', 3, 'test')", &[])
        .expect("a version 4 table reports a refusal");
    assert_eq!(pit::init(&owner), Ok(pit::schema::Initialised::Created { from: Some(4) }));
    assert_eq!(pit::init(&owner), Ok(pit::schema::Initialised::AlreadyThere));
    assert_eq!(count(c, &db, "refusals"), 1, "the refusal is kept");
    let sent = pit_school::send(&url, &mut s).expect("sent after the upgrade");
    assert_eq!(sent.new_answers, 3);
    let mut o = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let v: String = o.query_one("SELECT value FROM sabot.meta WHERE key = 'schema_version'", &[]).expect("v").get(0);
    assert_eq!(v, pit::SCHEMA_VERSION.to_string());
}

fn origin(dir: &Path, pit: Option<PitUrl>) -> sabot::app::start::StartChoice {
    sabot::app::start::StartChoice {
        in_units: false,
        log_dir: dir.to_path_buf(),
        table_name: "training".into(),
        croupier: "trainee".into(),
        settings: sabot::training::training_settings(Game::Banque),
        banker: None,
        training: true,
        lang: sabot::i18n::Lang::En,
        pit,
        school: Default::default(),
    }
}

fn wait_pit(lobby: &mut sabot::app::school::Lobby) {
    let t = Instant::now();
    while lobby.poll_pit(sabot::i18n::Lang::En) {
        assert!(t.elapsed() < Duration::from_secs(30), "the pit's thread never ended");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The app's school screen with a pit set (the start form's): opened, it sends the
/// store on its own thread; the instructor's view (F9) then shows every trainee of
/// the school from the pit, another laptop's too, and replays a session of the pit's.
/// The school's laptop logs in as a table and as the pit boss (both roles); a table's
/// login alone sends, and the instructor's view says it may not read the pit.
#[test]
fn the_school_screen_sends_its_store_and_the_instructor_reads_the_pit() {
    use sabot::app::school::{Lobby, SchoolCmd};
    let Some((c, db, _, mesa1, mesa2, _)) = room("school_app") else { return };
    let escuela = format!("escuela_{}_{}", std::process::id(), db.rsplit('_').next().unwrap_or("0"));
    c.sql(&db, &format!("CREATE ROLE {escuela} LOGIN IN ROLE sabot_table, sabot_pit")).expect("role");
    let school_login = c.url_as(&escuela, &db);
    let dir = tempfile::tempdir().expect("dir");
    let other = tempfile::tempdir().expect("dir");
    // Another laptop's store, sent by its own table's login.
    let mut b = School::open(&other.path().join("school.sqlite3")).expect("b");
    session(&mut b, "Eva", Game::PuntoBanca, 3, 1, true);
    pit_school::send(&PitUrl::parse(&mesa2).expect("url"), &mut b).expect("b sent");
    // This laptop's.
    {
        let mut a = School::open(&dir.path().join(sabot::school::FILE_NAME)).expect("a");
        session(&mut a, "Ana", Game::Banque, 4, 4, true);
    }
    // The screen opens at once, without a clock: on a pit that accepts and never
    // answers, the lobby is open with its pit's thread still at work (had the open
    // waited on the pit, the thread would be over, its failure said).
    let port = pg::silent_server();
    let silent =
        PitUrl::parse(&format!("postgresql://{escuela}@127.0.0.1:{port}/sabot?connect_timeout=120")).expect("url");
    let mut quiet = Lobby::open(Game::Banque, origin(dir.path(), Some(silent)), sabot::i18n::Lang::En);
    assert!(
        quiet.poll_pit(sabot::i18n::Lang::En),
        "the pit's thread at work once the screen is open: {:?}",
        quiet.pit_note
    );
    drop(quiet);
    let url = PitUrl::parse(&school_login).expect("url");
    let mut lobby = Lobby::open(Game::Banque, origin(dir.path(), Some(url)), sabot::i18n::Lang::En);
    wait_pit(&mut lobby);
    assert_eq!(count(c, &db, "school_answers"), 7);
    assert!(lobby.pit_note.as_deref().is_some_and(|n| n.contains("4 answers sent to the pit")), "{:?}", lobby.pit_note);
    // The instructor: the local store first, then the pit's, with Eva.
    lobby.apply(SchoolCmd::Instructor, sabot::i18n::Lang::En);
    wait_pit(&mut lobby);
    let names: Vec<&str> = lobby.all.iter().map(|(t, _)| t.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Eva"], "{:?}", lobby.pit_note);
    let eva = lobby.all_sessions.iter().find(|s| s.trainee == "Eva").expect("Eva's session").id;
    lobby.apply(SchoolCmd::Replay(Some(eva)), sabot::i18n::Lang::En);
    let (row, answers, _) = lobby.replay.as_ref().expect("replayed");
    assert_eq!((row.trainee.as_str(), answers.len()), ("Eva", 3));
    // The CSV export: every answer of the school, both laptops'.
    lobby.apply(SchoolCmd::Replay(None), sabot::i18n::Lang::En);
    lobby.apply(SchoolCmd::Export, sabot::i18n::Lang::En);
    assert!(lobby.notice.as_deref().is_some_and(|n| n.contains("7 answers exported")), "{:?}", lobby.notice);
    let csv = std::fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .find(|e| e.file_name().to_string_lossy().ends_with(".csv"))
        .expect("a CSV beside the store");
    let text = std::fs::read_to_string(csv.path()).expect("csv");
    assert_eq!(text.lines().count(), 8, "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("Eva,")).count(), 3, "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("Ana,")).count(), 4, "{text}");
    // A table's login: it may send, not read; said, and this laptop's trainees shown.
    let mut table =
        Lobby::open(Game::Banque, origin(dir.path(), Some(PitUrl::parse(&mesa1).expect("url"))), sabot::i18n::Lang::En);
    table.apply(SchoolCmd::Instructor, sabot::i18n::Lang::En);
    wait_pit(&mut table);
    let note = table.pit_note.clone().unwrap_or_default();
    assert!(note.contains("may not read the pit") && note.contains("sabot_pit"), "{note}");
    assert_eq!(table.all.iter().map(|(t, _)| t.name.as_str()).collect::<Vec<_>>(), ["Ana"]);
    // Without a pit: this laptop's trainees only, nothing sent.
    let mut alone = Lobby::open(Game::Banque, origin(dir.path(), None), sabot::i18n::Lang::En);
    alone.apply(SchoolCmd::Instructor, sabot::i18n::Lang::En);
    assert!(!alone.poll_pit(sabot::i18n::Lang::En));
    assert_eq!(alone.all.iter().map(|(t, _)| t.name.as_str()).collect::<Vec<_>>(), ["Ana"]);
}

/// `sabot train --trainee NAME --pit URL`: the session's answers reach the pit at the
/// end; `--pit` alone (no log, no trainee) is refused.
#[test]
fn sabot_train_with_a_trainee_sends_the_store_to_the_pit() {
    let Some((c, db, _, mesa1, _, _)) = room("school_cli") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let store = dir.path().join("school.sqlite3");
    let session = sabot::training::Session::level_from_seed(Game::Banque, Level::Values, 3, 5, &[]).expect("s");
    let input: String = session
        .questions()
        .map(|q| match q.right_answer() {
            sabot::training::Answer::Total(n) => format!("{n}\n"),
            other => panic!("{other:?}"),
        })
        .collect();
    let n = session.questions().count();
    let args = sabot::cli::train::TrainArgs {
        game: Game::Banque,
        drills: 3,
        seed: Some(5),
        log: None,
        pit: Some(mesa1.clone()),
        trainee: Some("Ana".into()),
        level: Some(1),
        school: Some(store.clone()),
        in_units: false,
    };
    let mut out = Vec::new();
    let status = sabot::cli::train::train(&args, sabot::i18n::Lang::En, &mut input.as_bytes(), &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(out.contains(&format!("{n} answers sent to the pit")), "{out}");
    assert_eq!(count(c, &db, "school_answers"), n as i64);
    let mut o = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let ended: Option<String> = o.query_one("SELECT ended FROM sabot.school_sessions", &[]).expect("s").get(0);
    assert!(ended.is_some(), "the session's end is in the pit");
    let alone = sabot::cli::train::TrainArgs { trainee: None, ..args };
    let mut out = Vec::new();
    assert_eq!(sabot::cli::train::train(&alone, sabot::i18n::Lang::En, &mut "".as_bytes(), &mut out), 2);
    assert!(String::from_utf8(out).expect("utf8").contains("--pit needs --log"));
}
