#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly
//! The school in the app, driven by labels: the level screen (a trainee created by
//! name, level 1 open and level 2 locked, a session of level 1 answered and kept),
//! the instructor's view (every trainee, a session replayed answer by answer, the
//! CSV export), a payout question that gives nothing away, and the narrative's room.

use crate::common;

use common::{Settle, harness};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use sabot::app::{SabotApp, memory_logs};
use sabot::engine::Game;
use sabot::i18n::Lang;
use sabot::school::{AnswerRecord, School};
use sabot::training::{Answer, Answered, Ask, Kind, Level};

fn to_school(lang: Lang, dir: &std::path::Path, seed: u64) -> egui_kittest::Harness<'static, SabotApp> {
    let mut app = SabotApp::in_dir(lang, dir, memory_logs());
    app.training_seed = Some(seed);
    let mut h = harness(app);
    h.settle();
    h.key_press(egui::Key::F6);
    h.settle();
    assert!(h.state().lobby().is_some(), "F6 opens the school");
    h
}

fn create(h: &mut egui_kittest::Harness<'static, SabotApp>, label: &str, button: &str, name: &str) {
    h.get_by_label(label).click();
    h.settle();
    h.event(egui::Event::Text(name.into()));
    h.settle();
    h.get_by_role_and_label(Role::Button, button).click();
    h.settle();
}

#[test]
fn the_level_screen_creates_a_trainee_and_keeps_his_answers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = to_school(Lang::Es, dir.path(), 4);
    assert!(h.query_by_label("Elija o cree un alumno primero.").is_some());
    create(&mut h, "Nombre del alumno", "Elegir o crear", "Ana");
    let lobby = h.state().lobby().expect("the school");
    assert_eq!(lobby.chosen.as_ref().map(|(_, n)| n.as_str()), Some("Ana"));
    assert!(h.query_by_label("Niveles de Ana en Bacarrá a dos paños").is_some());
    // Level 1 open, the others locked until the one before is passed.
    assert_eq!(h.query_all_by_label("cerrado: apruebe el nivel anterior").count(), 5, "levels 2 to 6 locked");
    h.get_by_role_and_label(Role::Button, "2. Reglas de tercera carta").click();
    h.settle();
    assert!(h.state().lobby().is_some(), "level 2 is locked");
    h.get_by_role_and_label(Role::Button, "1. Valores y puntos").click();
    h.settle();
    let tr = h.state().training().expect("a level 1 session");
    let q = tr.session.current().cloned().expect("a question");
    assert_eq!(q.kind, Kind::Total);
    let Answer::Total(n) = q.right_answer() else { panic!("a total") };
    // The digit answers, right; the verdict says the clause.
    h.event(egui::Event::Text(n.to_string()));
    h.settle();
    let tr = h.state().training().expect("training");
    assert!(tr.last.as_ref().is_some_and(|(_, s)| s.right));
    h.key_press(egui::Key::Enter);
    h.settle();
    // A wrong one: why is shown, the clause's words with it.
    let q = h.state().training().expect("training").session.current().cloned().expect("a second question");
    let Answer::Total(n) = q.right_answer() else { panic!("a total") };
    h.event(egui::Event::Text(((n + 1) % 10).to_string()));
    h.settle();
    assert!(
        h.query_by_label_contains("R-C-1: valor de las cartas").is_some()
            || h.query_by_label_contains("R-C-2: una mano").is_some()
    );
    // Back to the levels: the two answers are kept, by kind.
    h.key_press(egui::Key::Enter);
    h.settle();
    h.key_press(egui::Key::Escape);
    h.settle();
    let lobby = h.state().lobby().expect("the school again");
    assert_eq!(lobby.history.len(), 2);
    assert_eq!(lobby.history.iter().filter(|a| a.right).count(), 1);
    assert!(h.query_by_label_contains("puntos: 50 %").is_some(), "progress by kind");
    assert!(h.query_by_label_contains("Cláusulas más flojas: R-C-").is_some(), "the weakest clause");
    let store = dir.path().join("training").join("school.sqlite3");
    let school = School::open(&store).expect("the store");
    assert_eq!(school.trainees().expect("trainees")[0].answers, 2);
}

fn answered(level: Level, kind: Kind, right: bool) -> Answered {
    Answered { game: Game::Banque, level, kind, clause: sabot::engine::Clause::C1, right, ms: 2500 }
}

#[test]
fn the_instructor_sees_every_trainee_and_replays_a_session() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("training").join("school.sqlite3");
    {
        let mut s = School::open(&store).expect("store");
        for (name, rights) in [("Ana", [true, false, true]), ("Luis", [true, true, true])] {
            let t = s.trainee(name, "2026-11-25T10:00:00.000+01:00").expect("trainee");
            let session =
                s.start_session(t, Game::Banque, Some(Level::Values), 7, "2026-11-25T10:00:00.000+01:00").expect("s");
            for (i, right) in rights.iter().enumerate() {
                let record = AnswerRecord {
                    at: format!("2026-11-25T10:00:0{i}.000+01:00"),
                    answered: answered(Level::Values, Kind::Total, *right),
                    drill: 1,
                    question: u32::try_from(i + 1).expect("small"),
                    given: format!("given {i}"),
                    expected: format!("expected {i}"),
                };
                s.record(session, &record).expect("kept");
            }
        }
    }
    let mut h = to_school(Lang::En, dir.path(), 1);
    h.key_press(egui::Key::F9);
    h.settle();
    assert!(h.state().lobby().expect("school").instructor);
    assert!(h.query_by_label("Ana").is_some() && h.query_by_label("Luis").is_some());
    assert!(
        h.query_by_label_contains("totals 67 % 2.5 s").is_some(),
        "Ana's accuracy and pace by kind: 2 of 3, rounded"
    );
    assert!(h.query_by_label_contains("R-C-1 67 %").is_some(), "her weakest clause");
    // A session replayed answer by answer.
    h.get_by_label_contains("Ana · Baccarat Banque (dos paños) · level 1").click();
    h.settle();
    assert!(h.query_by_label("Answer 1 of 3").is_some());
    assert!(h.query_by_label("Answered: given 0").is_some());
    h.key_press(egui::Key::ArrowRight);
    h.settle();
    assert!(h.query_by_label("Answer 2 of 3").is_some());
    assert!(h.query_by_label("Wrong").is_some());
    h.get_by_role_and_label(Role::Button, "Close").click();
    h.settle();
    // The CSV export: a line an answer.
    h.get_by_role_and_label(Role::Button, "Export CSV").click();
    h.settle();
    assert!(h.query_by_label_contains("6 answers exported to").is_some());
    let csv = std::fs::read_dir(dir.path().join("training"))
        .expect("folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "csv"))
        .expect("the CSV");
    assert_eq!(std::fs::read_to_string(csv).expect("read").lines().count(), 7);
}

/// A payout question shows neither «wins/loses» nor the seats the settlement moved
/// (the CARTAS badge of the next holder) before it is answered.
#[test]
fn a_payout_question_gives_nothing_away() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = to_school(Lang::En, dir.path(), 2);
    create(&mut h, "Trainee's name", "Choose or create", "Eva");
    h.key_press(egui::Key::Num0);
    h.settle();
    // Free practice: answer until a payout question is on screen.
    for _ in 0..200 {
        let q = h.state().training().and_then(|t| t.session.current().cloned()).expect("a question");
        if matches!(q.ask, Ask::Amount { .. }) {
            for word in ["· wins", "· loses"] {
                assert!(h.query_by_label_contains(word).is_none(), "`{word}` shown before the answer");
            }
            // The badges are those of the table before the settlement.
            let before = q.seats_before.as_deref().expect("the seats before the settlement");
            assert_eq!(before.settlement(), None);
            return;
        }
        match q.right_answer() {
            Answer::Choice(i) => h.event(egui::Event::Text((i + 1).to_string())),
            Answer::Total(n) => h.event(egui::Event::Text(n.to_string())),
            Answer::Amount(m) => {
                h.event(egui::Event::Text(m.to_string()));
                h.settle();
                h.key_press(egui::Key::Enter);
            }
        }
        h.settle();
        h.key_press(egui::Key::Enter);
        h.settle();
    }
    panic!("no payout question");
}

/// What a croupier types for a staged step, or `None` for a step this test leaves.
fn typed_for(settings: &sabot::engine::TableSettings, op: &sabot::engine::Op) -> Option<String> {
    use sabot::engine::{Bet, BetKind, Op};
    match op {
        Op::Bet { player, spot, amount } => sabot::app::entry::Grammar::of(settings).typed(&Bet {
            player: *player,
            spot: *spot,
            amount: *amount,
            kind: BetKind::Plain,
        }),
        Op::NoMoreBets => Some(".".into()),
        Op::Card(c) => Some(c.to_string()),
        Op::EarlyCards { count } => Some(format!("e1 {count}")),
        Op::DeadCard { card } => Some(format!("e2 {card}")),
        Op::StuckCards => Some("e3".into()),
        Op::CardOnFloor { card: None } => Some("e4".into()),
        Op::Show { hand, cards } => {
            let who = match hand {
                sabot::engine::HandId::Tableau(n) => n.to_string(),
                sabot::engine::HandId::Player => "j".into(),
                sabot::engine::HandId::Punto => "p".into(),
                sabot::engine::HandId::Banca | sabot::engine::HandId::Bank => "b".into(),
            };
            let cards: Vec<String> = cards.iter().map(ToString::to_string).collect();
            Some(format!("{who} {}", cards.join(" ")))
        }
        _ => None,
    }
}

/// Level 5: the coup told step by step, typed on the real entry line and graded by
/// the engine; right and wrong entries kept in the store as kind `entry`.
#[test]
fn an_entry_line_drill_is_graded_by_the_engine_r_pb_6_r_pb_7() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("training").join("school.sqlite3");
    {
        // Level 4 passed: level 5 open.
        let mut s = School::open(&store).expect("store");
        let t = s.trainee("Ana", "2026-11-25T10:00:00.000+01:00").expect("trainee");
        let session = s
            .start_session(t, Game::PuntoBanca, Some(Level::Procedures), 1, "2026-11-25T10:00:00.000+01:00")
            .expect("s");
        for i in 0..20 {
            let answered = Answered {
                game: Game::PuntoBanca,
                level: Level::Procedures,
                kind: Kind::Ruling,
                clause: sabot::engine::Clause::PB6,
                right: true,
                ms: 4000,
            };
            let record = AnswerRecord {
                at: "2026-11-25T10:01:00.000+01:00".into(),
                answered,
                drill: i,
                question: 1,
                given: "1".into(),
                expected: "1".into(),
            };
            s.record(session, &record).expect("kept");
        }
    }
    let mut h = to_school(Lang::En, dir.path(), 8);
    h.get_by_role_and_label(Role::Button, "Punto y Banca").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "Ana").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "5. Whole coups").click();
    h.settle();
    let run = h.state().training().and_then(|t| t.entry.as_ref()).expect("a level 5 session on the entry line");
    let settings = run.drill().expect("a coup").table.settings().clone();
    let mut right = 0;
    for _ in 0..12 {
        let run = h.state().training().and_then(|t| t.entry.as_ref()).expect("entry");
        let Some((op, events)) = run.drill().and_then(|d| d.expected()).cloned() else { break };
        let Some(text) = typed_for(&settings, &op) else { panic!("a step this test does not type: {op:?}") };
        // The step is told in words on the banner.
        let told = format!("Enter: {}", sabot::training::words::step_text(Lang::En, &op, &events));
        assert!(h.query_by_label(&told).is_some(), "no `{told}`");
        h.event(egui::Event::Text(text.clone()));
        h.settle();
        h.key_press(egui::Key::Enter);
        h.settle();
        let run = h.state().training().and_then(|t| t.entry.as_ref()).expect("entry");
        let g = run.last.as_ref().expect("graded");
        assert!(g.right, "`{text}` for {op:?}: {g:?}");
        right += 1;
    }
    assert!(right >= 3, "{right} steps entered");
    // A wrong entry: a card when something else is owed, or nothing the engine takes.
    h.event(egui::Event::Text("quema 7h".into()));
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    let tr = h.state().training().expect("training");
    let run = tr.entry.as_ref().expect("entry");
    assert!(run.last.as_ref().is_some_and(|g| !g.right), "{:?}", run.last);
    assert!(h.query_by_label_contains("No. The entry was:").is_some());
    assert_eq!((run.right, run.asked), (right, right + 1));
    // Kept: the entries, kind `entry`, level 5.
    h.key_press(egui::Key::Escape);
    h.settle();
    let school = School::open(&store).expect("store");
    let ana = school.find("Ana").expect("read").expect("Ana");
    let entries: Vec<Answered> =
        school.history(ana).expect("history").into_iter().filter(|a| a.kind == Kind::Entry).collect();
    assert_eq!(entries.len() as u32, right + 1);
    assert!(entries.iter().all(|a| a.level == Level::Coups));
}

/// A pit named on the start form that accepts and does not answer: the school's screen
/// opens and takes a trainee while the pit's thread waits (no clock: the pit holds its
/// connections until the test lets them go, so the thread has no word yet); once the
/// pit closes them, the screen says the pit could not be reached and that the answers stay on this laptop (never
/// the password). The trainee's work goes on: a session is started.
#[test]
// One story on one screen, read top to bottom: a test, not Sabot's code (the
// 80-line limit is src/'s, tests/repository.rs).
#[allow(clippy::too_many_lines)]
fn a_pit_that_never_answers_never_holds_the_schools_screen() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("listener");
    let port = listener.local_addr().expect("addr").port();
    // Accepted, never read, never answered; once `closing`, every connection is closed
    // (the held ones and any new one).
    let held = std::sync::Arc::new(std::sync::Mutex::new(Some(Vec::new())));
    let holder = held.clone();
    std::thread::spawn(move || {
        for s in listener.incoming().flatten() {
            if let Some(v) = holder.lock().expect("held").as_mut() {
                v.push(s);
            }
        }
    });
    let dir = tempfile::tempdir().expect("tempdir");
    {
        // A session of an earlier day, kept and never sent.
        let mut s = School::open(&dir.path().join("training").join(sabot::school::FILE_NAME)).expect("store");
        let ana = s.trainee("Ana", "2026-11-24T10:00:00.000+01:00").expect("Ana");
        let session = s.start_session(ana, Game::Banque, Some(Level::Values), 1, "2026-11-24T10:00:00.000+01:00");
        let session = session.expect("session");
        for i in 0..3 {
            let record = AnswerRecord {
                at: "2026-11-24T10:01:00.000+01:00".into(),
                answered: answered(Level::Values, Kind::Total, true),
                drill: i,
                question: 1,
                given: "1".into(),
                expected: "1".into(),
            };
            s.record(session, &record).expect("kept");
        }
    }
    let mut app = SabotApp::in_dir(Lang::En, dir.path(), memory_logs());
    app.training_seed = Some(3);
    let mut h = harness(app);
    h.settle();
    h.get_by_label("Pit (PostgreSQL)").click();
    h.settle();
    // A connect timeout longer than the test: only the pit closing ends the wait.
    let url = format!("postgresql://mesa1:Top-S3cret@127.0.0.1:{port}/sabot?connect_timeout=600");
    h.event(egui::Event::Text(url));
    h.settle();
    h.key_press(egui::Key::Escape);
    h.settle();
    h.key_press(egui::Key::F6);
    h.settle();
    assert!(h.state().lobby().is_some(), "F6 opens the school");
    // The screen answers while the pit's thread waits: it has no word from the pit.
    h.get_by_role_and_label(Role::Button, "Ana").click();
    h.settle();
    assert!(h.query_by_label("Levels of Ana in Baccarat Banque (dos paños)").is_some());
    assert_eq!(h.state().lobby().and_then(|l| l.pit_note.clone()), None, "the screen waited for the pit");
    // The pit closes its connections: the thread's word comes.
    held.lock().expect("held").take();
    let t = std::time::Instant::now();
    let note = loop {
        let note = h.state().lobby().and_then(|l| l.pit_note.clone());
        if let Some(n) = note.filter(|n| n.contains("School not sent: cannot reach the pit at mesa1@127.0.0.1")) {
            break n;
        }
        assert!(t.elapsed() < std::time::Duration::from_secs(120), "no word from the pit's thread");
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    };
    assert!(note.contains("3 answers are kept on this laptop and will be sent next time"), "{note}");
    assert!(!note.contains("Top-S3cret"), "{note}");
    h.settle();
    assert!(h.query_by_label_contains("3 answers are kept on this laptop").is_some(), "the note is on the screen");
    // The instructor's view: the pit is away, this laptop's trainees are shown, and
    // both are said.
    h.key_press(egui::Key::F9);
    h.settle();
    let t = std::time::Instant::now();
    let note = loop {
        let note = h.state().lobby().and_then(|l| l.pit_note.clone()).unwrap_or_default();
        if note.contains("could not be read") {
            break note;
        }
        assert!(t.elapsed() < std::time::Duration::from_secs(120), "no word from the pit's thread: {note}");
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    };
    assert!(note.contains("3 answers are kept on this laptop"), "{note}");
    assert!(
        note.contains("The pit could not be read (the pit is away): the trainees of this laptop are shown."),
        "{note}"
    );
    let lobby = h.state().lobby().expect("the school");
    assert_eq!(lobby.all.iter().map(|(t, _)| t.name.as_str()).collect::<Vec<_>>(), ["Ana"]);
    h.key_press(egui::Key::F9);
    h.settle();
    // Training goes on.
    h.get_by_role_and_label(Role::Button, "1. Card values and totals").click();
    h.settle();
    assert!(h.state().training().is_some(), "a session of level 1");
}

/// R-BQ-7: the app's school trains at the house's betting unit: with a house file
/// whose tables bet in units of 25, a session of the form's game and one of another
/// game chosen in the school are both staged at 25, never at the training table's 10.
#[test]
fn the_apps_school_trains_at_the_houses_unit_r_bq_7() {
    let dir = tempfile::tempdir().expect("tempdir");
    let house = dir.path().join("house.ron");
    std::fs::write(&house, "House(name: \"Casino de prueba\", unit: \"25\")\n").expect("house file");
    let mut app = SabotApp::in_dir(Lang::Es, dir.path(), memory_logs());
    app.training_seed = Some(4);
    if let sabot::app::Screen::Start(form) = &mut app.screen {
        form.house_path = house.display().to_string();
        form.load_house();
    }
    let mut h = harness(app);
    h.settle();
    h.key_press(egui::Key::F6);
    h.settle();
    create(&mut h, "Nombre del alumno", "Elegir o crear", "Ana");
    let unit: sabot::engine::Money = "25".parse().expect("unit");
    for game in ["Bacarrá a dos paños", "Punto y Banca"] {
        h.get_by_role_and_label(Role::Button, game).click();
        h.settle();
        h.get_by_role_and_label(Role::Button, "1. Valores y puntos").click();
        h.settle();
        let tr = h.state().training().expect("a level 1 session");
        assert_eq!(tr.session.settings().unit, unit, "{game}");
        h.key_press(egui::Key::Escape);
        h.settle();
        assert!(h.state().lobby().is_some(), "back in the school");
    }
}
