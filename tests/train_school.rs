#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly
//! The school on the command line: `sabot train --trainee NAME` keeps every answer
//! in the school's store (SQLite), which survives the process being killed
//! mid-session; levels open on the last 20 answers at 90 %; the store's schema is
//! versioned; the CSV export has a line an answer.

use sabot::engine::Game;
use sabot::school::{SCHEMA_VERSION, School, SchoolError};
use sabot::training::{Answer, Kind, Level, Question, Session};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn typed(a: &Answer) -> String {
    match a {
        Answer::Choice(i) => (i + 1).to_string(),
        Answer::Amount(m) => m.to_string(),
        Answer::Total(n) => n.to_string(),
    }
}

fn sabot(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sabot"))
        .args(args)
        .env("SABOT_LANG", "en")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sabot runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("answers piped");
    let out = child.wait_with_output().expect("sabot ends");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn a_trainees_history_survives_a_kill_mid_session() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("school.sqlite3");
    let store_s = store.display().to_string();
    // The session the command line stages for a new trainee at level 1, seed 5.
    let session = Session::level_from_seed(Game::Banque, Level::Values, 10, 5, &[]).expect("session");
    let questions: Vec<Question> = session.questions().cloned().collect();
    assert!(questions.len() > 4);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sabot"))
        .args(["train", "--trainee", "Ana", "--school", &store_s, "--level", "1", "--seed", "5", "--lang", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sabot runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    // Three answers (right, wrong, right), each seen answered; then the process is
    // killed before the fourth, with the session still open.
    let answers = [
        questions[0].right_answer(),
        Answer::Total(match questions[1].right_answer() {
            Answer::Total(n) => (n + 1) % 10,
            other => panic!("{other:?}"),
        }),
        questions[2].right_answer(),
    ];
    let mut lines = stdout.lines();
    for a in &answers {
        writeln!(stdin, "{}", typed(a)).expect("answer");
        stdin.flush().expect("flush");
        loop {
            let line = lines.next().expect("a line").expect("text");
            if line.contains("Right: ") || line.contains("Wrong. The answer:") {
                break;
            }
        }
    }
    child.kill().expect("killed");
    let status = child.wait().expect("waited");
    assert!(!status.success(), "killed, not finished");
    // Reopened: Ana, three answers of level 1, the second wrong, each timed.
    let school = School::open(&store).expect("the store opens after the kill");
    assert_eq!(school.schema_version().expect("version"), SCHEMA_VERSION);
    let ana = school.find("ana").expect("read").expect("Ana is kept (any case)");
    let history = school.history(ana).expect("history");
    assert_eq!(history.len(), 3, "{history:?}");
    assert_eq!(history.iter().map(|a| a.right).collect::<Vec<_>>(), [true, false, true]);
    assert!(history.iter().all(|a| a.level == Level::Values && a.kind == Kind::Total && a.game == Game::Banque));
    let sessions = school.sessions(Some(ana)).expect("sessions");
    assert_eq!(sessions.len(), 1);
    assert_eq!((sessions[0].right, sessions[0].asked), (2, 3));
    assert!(sessions[0].ended.is_none(), "the killed session never ended");
    // The same trainee again: his history counts (two sessions now).
    let (code, out) = sabot(&["train", "--trainee", "Ana", "--school", &store_s, "--level", "1", "--seed", "6"], "q\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Trainee: Ana — level 1"), "{out}");
    assert_eq!(School::open(&store).expect("store").sessions(Some(ana)).expect("sessions").len(), 2);
}

#[test]
fn level_2_opens_after_20_answers_at_90_percent() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("school.sqlite3");
    let store_s = store.display().to_string();
    let (code, out) = sabot(&["train", "--trainee", "Luis", "--school", &store_s, "--level", "2", "--seed", "1"], "");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("Level 2 is not open yet for Luis") && out.contains("now 0 of 0"), "{out}");
    // Level 1, every answer right, until 20 are given.
    let session = Session::level_from_seed(Game::Banque, Level::Values, 20, 9, &[]).expect("session");
    let input: String = session.questions().map(|q| typed(&q.right_answer()) + "\n").collect();
    assert!(session.questions().count() >= 20);
    let (code, out) = sabot(
        &["train", "--trainee", "Luis", "--school", &store_s, "--level", "1", "--seed", "9", "--drills", "20"],
        &input,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("History kept in"), "{out}");
    // Without --level: the highest open, now 2.
    let (code, out) = sabot(&["train", "--trainee", "Luis", "--school", &store_s, "--seed", "2"], "q\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Trainee: Luis — level 2: Drawing rules"), "{out}");
    // The CSV export: a header and a line an answer.
    let school = School::open(&store).expect("store");
    let mut csv = Vec::new();
    let n = school.export_csv(&mut csv).expect("csv");
    let text = String::from_utf8(csv).expect("utf-8");
    assert_eq!(text.lines().count() as u64, n + 1);
    assert!(text.starts_with("trainee,session,at,game,level,kind,clause,right,ms"), "{text}");
    assert!(
        text.lines().nth(1).is_some_and(|l| l.starts_with("Luis,") && l.contains(",banque,1,total,R-C-")),
        "{text}"
    );
}

#[test]
fn the_stores_schema_is_versioned_and_a_newer_one_is_left_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("deeper").join("school.sqlite3");
    let s = School::open(&path).expect("created with its folder");
    assert_eq!(s.schema_version().expect("version"), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 2, "version 2: the store's id and what was sent to the pit");
    drop(s);
    // A store from a later Sabot: refused, untouched.
    let newer = dir.path().join("newer.sqlite3");
    {
        let c = rusqlite_like_open(&newer);
        drop(c);
    }
    match School::open(&newer) {
        Err(SchoolError::Newer { found, .. }) => assert_eq!(found, 99),
        other => panic!("{other:?}"),
    }
    // Names: trimmed, 1 to 40 characters.
    let mut s = School::open(&path).expect("open");
    assert!(matches!(s.trainee("   ", "now"), Err(SchoolError::BadName)));
    assert!(matches!(s.trainee(&"x".repeat(41), "now"), Err(SchoolError::BadName)));
    let a = s.trainee(" Eva ", "now").expect("Eva");
    assert_eq!(s.trainee("EVA", "later").expect("the same"), a);
    assert_eq!(s.trainees().expect("list").len(), 1);
}

/// A SQLite file whose schema version is 99, written by the sqlite3 library through
/// the store itself (opened, then its version raised by a plain SQL statement).
fn rusqlite_like_open(path: &std::path::Path) -> School {
    let s = School::open(path).expect("open");
    s.set_schema_version_for_tests(99).expect("raised");
    s
}

#[test]
fn a_training_log_is_named_by_the_trainee() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("school.sqlite3");
    let log = dir.path().join("training-ana.sabotlog");
    let (code, out) = sabot(
        &[
            "train",
            "--trainee",
            "Ana",
            "--school",
            &store.display().to_string(),
            "--seed",
            "3",
            "--drills",
            "2",
            "--log",
            &log.display().to_string(),
        ],
        "q\n",
    );
    assert_eq!(code, 0, "{out}");
    let replayed = sabot::journal::replay(&log).expect("the log replays");
    assert_eq!(replayed.header.croupier, "Ana");
    assert_eq!(replayed.header.table, "banque");
}

/// Level 5 on the command line: the steps typed as on the entry line, graded by the
/// engine, kept as kind `entry`.
#[test]
fn level_5_on_the_command_line_is_the_entry_line() {
    use sabot::school::AnswerRecord;
    use sabot::training::Answered;
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("school.sqlite3");
    let store_s = store.display().to_string();
    {
        let mut s = School::open(&store).expect("store");
        let t = s.trainee("Ana", "now").expect("Ana");
        let session = s.start_session(t, Game::Banque, Some(Level::Procedures), 1, "now").expect("session");
        for i in 0..20 {
            let answered = Answered {
                game: Game::Banque,
                level: Level::Procedures,
                kind: Kind::Ruling,
                clause: sabot::engine::Clause::BQE3,
                right: true,
                ms: 900,
            };
            let r = AnswerRecord {
                at: "now".into(),
                answered,
                drill: i,
                question: 1,
                given: "1".into(),
                expected: "1".into(),
            };
            s.record(session, &r).expect("kept");
        }
    }
    let session = Session::level_from_seed(Game::Banque, Level::Coups, 10, 4, &[]).expect("session");
    let (mut input, typed) = first_coup_typed(&session, &sabot::app::entry::Grammar::of(session.settings()));
    assert!(typed >= 3, "{typed}");
    input.push_str("q\n");
    let (code, out) =
        sabot(&["train", "--trainee", "Ana", "--school", &store_s, "--level", "5", "--seed", "4"], &input);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Enter: "), "{out}");
    assert_eq!(out.matches("Right: ").count(), typed, "{out}");
    assert!(out.contains(&format!("Entries right: {typed} of {typed}.")), "{out}");
    let school = School::open(&store).expect("store");
    let ana = school.find("Ana").expect("read").expect("Ana");
    let entries = school.history(ana).expect("history").into_iter().filter(|a| a.kind == Kind::Entry).count();
    assert_eq!(entries, typed);
}

/// Sessions from two laptops never share an id in the school's CSV (issue 41): each
/// is named by the laptop's store it was kept in and its id there, and the store is
/// a column of its own. Both laptops' first session is session 1 in its store.
#[test]
fn sessions_from_two_laptops_never_share_an_id_in_the_csv() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut sessions = Vec::new();
    for laptop in ["laptop-a", "laptop-b"] {
        let mut s = School::open(&dir.path().join(laptop).join("school.sqlite3")).expect("store");
        let t = s.trainee("Ana", "2026-11-25T10:00:00.000+01:00").expect("trainee");
        let session =
            s.start_session(t, Game::Banque, Some(Level::Values), 7, "2026-11-25T10:00:00.000+01:00").expect("s");
        let answered = sabot::training::Answered {
            game: Game::Banque,
            level: Level::Values,
            kind: Kind::Total,
            clause: sabot::engine::Clause::C1,
            right: true,
            ms: 2500,
        };
        let record = sabot::school::AnswerRecord {
            at: "2026-11-25T10:00:01.000+01:00".into(),
            answered,
            drill: 1,
            question: 1,
            given: "7".into(),
            expected: "7".into(),
        };
        s.record(session, &record).expect("kept");
        let mut csv = Vec::new();
        assert_eq!(s.export_csv(&mut csv).expect("csv"), 1);
        let text = String::from_utf8(csv).expect("utf-8");
        let header: Vec<&str> = text.lines().next().expect("header").split(',').collect();
        let row: Vec<&str> = text.lines().nth(1).expect("a line").split(',').collect();
        let column = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no {name}: {text}"));
        let store = s.store_id().expect("store id");
        assert_eq!(row[column("store")], store, "{text}");
        sessions.push(row[column("session")].to_string());
    }
    assert_ne!(sessions[0], sessions[1], "two laptops' sessions share an id");
}

/// The first staged coup of a level-5 session typed on the entry line read by
/// `grammar`, as far as its bets, "no va más" and cards go: the lines, and how many.
fn first_coup_typed(session: &Session, grammar: &sabot::app::entry::Grammar) -> (String, usize) {
    use sabot::engine::Op;
    let drills = sabot::training::entry::from_drills(session.settings(), session.drills()).expect("drills");
    let mut input = String::new();
    let mut typed = 0;
    for (op, _) in &drills[0].steps {
        let t = match op {
            Op::Bet { player, spot, amount } => grammar.typed(&sabot::engine::Bet {
                player: *player,
                spot: *spot,
                amount: *amount,
                kind: sabot::engine::BetKind::Plain,
            }),
            Op::NoMoreBets => Some(".".into()),
            Op::Card(c) => Some(c.to_string()),
            _ => None,
        };
        let Some(t) = t else { break };
        input.push_str(&t);
        input.push('\n');
        typed += 1;
    }
    (input, typed)
}

/// Level 5 on the command line reads amounts as counts of the table's unit with
/// `--in-units`, as the table's entry line does when the start form says so (issue
/// 41): the same bets typed in units are right with it, and read as money without it.
#[test]
fn the_entry_level_reads_amounts_in_units_with_in_units_r_bq_7() {
    let session = Session::level_from_seed(Game::Banque, Level::Coups, 10, 4, &[]).expect("session");
    let settings = session.settings();
    let in_money = sabot::app::entry::Grammar::of(settings);
    let (mut input, typed) = first_coup_typed(&session, &in_money.in_units(settings));
    let (as_money, _) = first_coup_typed(&session, &in_money);
    assert!(typed >= 3 && input != as_money, "{typed} entries, a bet typed otherwise in money:\n{input}");
    input.push_str("q\n");
    let (code, out) = sabot(&["train", "--level", "5", "--seed", "4", "--lang", "en", "--in-units"], &input);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("Entries right: {typed} of {typed}.")), "{out}");
    let (code, out) = sabot(&["train", "--level", "5", "--seed", "4", "--lang", "en"], &input);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("No. The entry was: ") && !out.contains(&format!("Entries right: {typed} of {typed}.")),
        "{out}"
    );
}

/// The questions and choices a session printed (its table and story, the prompts and
/// the options in their order), without the verdicts and times that follow answers.
fn asked_lines(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with("Question (") || t.split_once(") ").is_some_and(|(n, _)| n.parse::<u8>().is_ok())
        })
        .map(str::to_owned)
        .collect()
}

/// A house whose school opens a level on one right answer, and whose tables bet in
/// units of 25.
fn house_file(dir: &std::path::Path) -> String {
    let path = dir.join("house.ron");
    std::fs::write(&path, "House(name: \"Casino de prueba\", unit: \"25\", school: (window: 1, percent: 1))\n")
        .expect("house file");
    path.display().to_string()
}

/// The README's promise: the same seed stages the same session. A trainee's session
/// of level 4, seed 11, staged again after he missed every ruling of it (which weigh
/// the errors staged where he practises) is the same session: weighed on his answers as they
/// stood when the seed first staged it.
#[test]
fn the_same_seed_stages_the_same_session_after_the_trainee_answered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let house = house_file(dir.path());
    let store = dir.path().join("school.sqlite3");
    let store_s = store.display().to_string();
    let train = |level: &str, seed: &str, input: &str| {
        let args = ["--house", &house, "train", "--trainee", "Eva", "--school", &store_s, "--level", level];
        let (code, out) = sabot(&[&args[..], &["--seed", seed, "--drills", "8"]].concat(), input);
        assert_eq!(code, 0, "{out}");
        out
    };
    // One right answer a level opens the next in this house: levels 1 to 3, each
    // staged here as the command line stages it (the house's unit, Eva's history).
    let mut at_25 = sabot::engine::TableSettings::new(Game::Banque);
    at_25.unit = "25".parse().expect("unit");
    for (level, n) in [(Level::Values, "1"), (Level::Drawing, "2"), (Level::Payouts, "3")] {
        let history = School::open(&store)
            .ok()
            .and_then(|s| s.find("Eva").ok().flatten().map(|id| s.history(id).expect("history")))
            .unwrap_or_default();
        let s = Session::level_from_seed_at(at_25.clone(), level, 8, 3, &history).expect("session");
        let right = typed(&s.questions().next().expect("a question").right_answer());
        let out = train(n, "3", &format!("{right}\nq\n"));
        assert!(out.contains("Right"), "level {n}: {out}");
    }
    // Level 4 from seed 11: the rulings under the first question's clause missed, the
    // others right (a clause missed weighs its errors over the others').
    let history = School::open(&store).ok().and_then(|s| s.history(s.find("Eva").ok()??).ok()).unwrap_or_default();
    let s = Session::level_from_seed_at(at_25, Level::Procedures, 8, 11, &history).expect("session");
    let missed = s.questions().next().expect("a ruling").clause();
    let answers: String = s
        .questions()
        .map(|q| match q.right_answer() {
            Answer::Choice(i) if q.clause() == missed => format!("{}\n", (i + 1) % 2 + 1),
            other => typed(&other) + "\n",
        })
        .collect();
    let before = train("4", "11", &answers);
    assert!(before.contains("Wrong.") && before.contains("Right:"), "{missed} missed, the others right: {before}");
    let again = train("4", "11", &answers);
    let (a, b) = (asked_lines(&before), asked_lines(&again));
    assert!(a.len() > 8, "{before}");
    assert_eq!(a, b, "seed 11 staged another session once Eva's answers changed");
}

/// R-BQ-7: the house's betting unit is the school's too: a session on the command
/// line with a house of unit 25 is staged at 25 (its training log's table says so),
/// never at the training table's 10.
#[test]
fn the_command_lines_school_trains_at_the_houses_unit_r_bq_7() {
    let dir = tempfile::tempdir().expect("tempdir");
    let house = house_file(dir.path());
    let log = dir.path().join("training-unit.sabotlog");
    let log_s = log.display().to_string();
    let (code, out) = sabot(&["--house", &house, "train", "--level", "3", "--seed", "2", "--log", &log_s], "q\n");
    assert_eq!(code, 0, "{out}");
    let header = sabot::journal::read_header(&log).expect("the training log's header");
    assert_eq!(header.settings.unit, "25".parse().expect("unit"));
}

/// A seed's session is weighed on the trainee's answers as they stood when that seed
/// first staged his session of that game and level: answers given since, and sessions
/// of other seeds, do not change it; a new seed is weighed on all of them.
#[test]
fn a_seeds_session_is_weighed_on_the_answers_before_it_was_first_staged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = School::open(&dir.path().join("school.sqlite3")).expect("store");
    let eva = s.trainee("Eva", "2026-11-25T10:00:00.000+01:00").expect("trainee");
    let answer = |right: bool, clause: &str| sabot::school::AnswerRecord {
        at: "2026-11-25T10:00:00.000+01:00".into(),
        answered: sabot::training::Answered {
            game: Game::Banque,
            level: Level::Procedures,
            kind: Kind::Ruling,
            clause: clause.parse().expect("clause"),
            right,
            ms: 3000,
        },
        drill: 1,
        question: 1,
        given: "1".into(),
        expected: "2".into(),
    };
    let session = |s: &mut School, seed: u64, answers: &[(bool, &str)]| {
        let id = s.start_session(eva, Game::Banque, Some(Level::Procedures), seed, "2026-11-25T10:00").expect("s");
        for (right, clause) in answers {
            s.record(id, &answer(*right, clause)).expect("kept");
        }
    };
    session(&mut s, 3, &[(true, "R-BQ-E14"), (false, "R-BQ-E15")]);
    session(&mut s, 11, &[(false, "R-BQ-E3"), (false, "R-BQ-E3")]);
    session(&mut s, 7, &[(false, "R-BQ-E11")]);
    let weighed = |seed| s.history_for_seed(eva, Game::Banque, Some(Level::Procedures), seed).expect("history");
    assert_eq!(weighed(3).len(), 0, "seed 3 first staged before any answer");
    assert_eq!(weighed(11).len(), 2, "seed 11: the answers of seed 3's session only");
    assert_eq!(weighed(12).len(), 5, "a new seed: every answer");
    assert_eq!(s.history_for_seed(eva, Game::Banque, Some(Level::Drawing), 11).expect("h").len(), 5, "another level");
    // Staged from the same answers, the same session.
    let staged = |h: &[sabot::training::Answered]| {
        Session::level_from_seed(Game::Banque, Level::Procedures, 8, 11, h).expect("session").questions().count()
    };
    assert_eq!(staged(&weighed(11)), staged(&s.history(eva).expect("all")[..2]));
}
