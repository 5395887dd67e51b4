//! The pit boss's totals (issue 26): a shift is its header's hash, so the same shift
//! from two files counts once and is said to; copies that differ are an alarm and
//! never a sum; a damaged log never enters totals; `report --csv -` writes the CSV
//! alone on standard output.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;
use crate::pg;

use sabot::engine::Game;
use sabot::i18n::Lang;
use std::path::{Path, PathBuf};
use std::process::Command;

fn simulated(dir: &Path, name: &str, game: Game, seed: u64) -> PathBuf {
    let log = dir.join(format!("{name}.sabotlog"));
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_cli_pit(game, 40, seed, Some(&log), None, Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    log
}

fn report(logs: &[PathBuf], lang: Lang) -> (i32, String) {
    let mut out = Vec::new();
    let status = sabot::cli::report::report(logs, None, false, lang, &mut out);
    (status, String::from_utf8(out).expect("utf-8"))
}

/// The "By table" line of the report's totals.
fn table_line(text: &str) -> String {
    let at = text.find("By table:").expect("totals by table");
    text[at..].lines().nth(1).expect("a table's line").trim().to_string()
}

fn cagnotte_of(path: &Path) -> String {
    let s = sabot::reports::report::report(path).expect("report");
    sabot::reports::summary_text::cents(Lang::En, s.reconciliation.cagnotte)
}

#[test]
fn the_same_shift_from_two_files_counts_once_and_is_said() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "cf", Game::ChemindeFer, 5);
    let other = dir.path().join("copy");
    std::fs::create_dir(&other).expect("dir");
    let copy = other.join("cf.sabotlog");
    std::fs::copy(&log, &copy).expect("copy");
    let (status, text) = report(&[log.clone(), copy.clone()], Lang::En);
    assert_eq!(status, 0, "{text}");
    let line = table_line(&text);
    assert!(line.contains("one shift"), "{line}");
    assert!(line.contains(&format!("cagnotte {}", cagnotte_of(&log))), "{line}\n{text}");
    assert!(text.contains(&format!("the same shift as {}", log.display())), "{text}");
    // Said once in Spanish too.
    let (_, es) = report(&[log.clone(), copy], Lang::Es);
    assert!(es.contains(&format!("el mismo turno que {}", log.display())), "{es}");
}

#[test]
fn a_damaged_copy_is_an_alarm_and_never_summed() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "cf", Game::ChemindeFer, 6);
    let text = std::fs::read_to_string(&log).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = lines.len() / 2;
    let was = lines[i].clone();
    lines[i] = lines[i].replacen("at:\"20", "at:\"19", 1);
    assert_ne!(lines[i], was, "the record changed");
    let bad = dir.path().join("tampered.sabotlog");
    std::fs::write(&bad, lines.join("\n") + "\n").expect("write");
    let (status, text) = report(&[log.clone(), bad.clone()], Lang::En);
    assert_eq!(status, 1, "{text}");
    let line = table_line(&text);
    assert!(line.contains("one shift"), "{line}");
    assert!(line.contains(&format!("cagnotte {}", cagnotte_of(&log))), "{line}");
    assert!(text.contains(&format!("{} is a damaged copy of the shift in {}", bad.display(), log.display())), "{text}");
}

/// An older copy (a backup taken before the shift ended: the first half of the same
/// chain) is an older copy: the longer is counted, once, and the older is said; no
/// alarm (issue 39: the table was dropped from the day's totals).
#[test]
fn an_older_copy_is_said_and_the_longer_counted_once() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "cf", Game::ChemindeFer, 7);
    let text = std::fs::read_to_string(&log).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let early = dir.path().join("early.sabotlog");
    let kept = lines.len() / 2;
    std::fs::write(&early, lines[..kept].join("\n") + "\n").expect("write");
    for order in [[log.clone(), early.clone()], [early.clone(), log.clone()]] {
        let (status, text) = report(&order, Lang::En);
        assert_eq!(status, 0, "{text}");
        assert!(!text.contains("COPIES DIFFER"), "{text}");
        let line = table_line(&text);
        assert!(line.contains("one shift"), "{line}\n{text}");
        assert!(line.contains(&format!("cagnotte {}", cagnotte_of(&log))), "the longer counted: {line}");
        let said = format!("an older copy of {}: its {kept} records are the first {kept}", log.display());
        assert!(text.contains(&said), "{text}");
    }
}

/// Two copies of one shift that truly fork (the same first records, then a record
/// that is not the same): an alarm that names the record where they part; neither
/// is summed.
#[test]
fn two_copies_that_fork_are_an_alarm_naming_the_record() {
    use sabot::engine::{Money, Op, PlayerRef, Spot};
    use sabot::journal::Body;
    let dir = tempfile::tempdir().expect("dir");
    let mut d = common::Dealer::with_decks(3, 4);
    let header = d.header(false);
    let ops = common::many_coups(&mut d, 6);
    let split = ops.iter().position(|(op, _)| *op == Op::NextCoup).expect("a second coup") + 1;
    let mut t = header.table().expect("table");
    let mut a = common::Chained::start(Vec::new(), &header);
    let mut b = common::Chained::start(Vec::new(), &header);
    for (op, events) in &ops[..split] {
        t.apply(events);
        for log in [&mut a, &mut b] {
            log.push(Body::Op { op: op.clone(), events: events.clone() }, header.started).expect("record");
        }
    }
    for (op, events) in &ops[split..] {
        a.push(Body::Op { op: op.clone(), events: events.clone() }, header.started).expect("record");
    }
    // The other copy: a different bet where the first had its own.
    let op = Op::Bet { player: PlayerRef::seated(2), spot: Spot::Banca, amount: Money::units(990) };
    let events = t.play(&op).expect("a bet");
    b.push(Body::Op { op, events }, header.started).expect("record");
    let fork = split as u64 + 1; // the header is record 0
    let (pa, pb) = (dir.path().join("a.sabotlog"), dir.path().join("b.sabotlog"));
    std::fs::write(&pa, &a.out).expect("write");
    std::fs::write(&pb, &b.out).expect("write");
    let other = simulated(dir.path(), "pb", Game::PuntoBanca, 8);
    let (status, text) = report(&[pa.clone(), pb.clone(), other.clone()], Lang::En);
    assert_eq!(status, 1, "{text}");
    assert!(text.contains("COPIES DIFFER"), "{text}");
    assert!(text.contains(&format!("fork at record {fork} (line {})", fork + 1)), "{text}");
    // Only the other shift is in the totals.
    let line = table_line(&text);
    assert!(line.contains("one shift"), "{line}\n{text}");
    let pb = sabot::reports::report::report(&other).expect("report");
    assert!(line.contains(&format!("{} coups", pb.coups)), "{line}");
}

/// A staged training session (banker colluding with a seat: the choices a real shift
/// would flag) beside a real shift.
fn staged_training(dir: &Path, game: Game, seed: u64) -> PathBuf {
    use std::io::Write;
    let path = dir.join(format!("training-{seed}.sabotlog"));
    let header = sabot::journal::Header::live("Mesa 3", "Carlos", sabot::engine::TableSettings::new(game), true);
    let file = std::fs::File::create(&path).expect("create");
    let mut log = common::Chained::start(std::io::BufWriter::new(file), &header);
    let mut sim = sabot::sim::Simulator::new(game, seed).expect("simulator");
    if game.has_bank() {
        sabot::cli::simulate::set_banker(&mut sim, sabot::cli::simulate::BankerArg::Colluding(1));
    }
    sim.run(60, &mut log).expect("simulated");
    log.close(&sim.table, header.started);
    log.out.flush().expect("flush");
    path
}

/// Training is never money (issue 39): `sabot report real training` counts the real
/// shift alone, marks the session, and keeps the school's own figures apart; the
/// session's staged choices are never weighed nor flagged.
#[test]
fn training_never_reaches_a_total_in_the_report() {
    let dir = tempfile::tempdir().expect("dir");
    let real = simulated(dir.path(), "cf", Game::ChemindeFer, 21);
    let staged = staged_training(dir.path(), Game::Banque, 22);
    let (status, text) = report(&[real.clone(), staged.clone()], Lang::En);
    assert_eq!(status, 0, "{text}");
    let at = text.find("All the shifts together").expect("together");
    let together = &text[at..];
    let (money, school) = together.split_at(together.find("Training (never money").expect("the school's figures"));
    assert!(!money.contains("Mesa 3") && !money.contains("Carlos"), "training in a total: {money}");
    assert!(!money.contains("2 shifts"), "{money}");
    assert!(table_line(&text).contains(&format!("cagnotte {}", cagnotte_of(&real))), "{text}");
    let staged_coups = sabot::reports::report::report(&staged).expect("report").coups;
    assert!(school.contains(&format!("Carlos: one training session, {staged_coups} staged coups")), "{school}");
    assert!(text[..at].contains("(TRAINING)"), "the session is marked: {text}");
    // The session's own lines: marked, and no game protection (its choices are staged).
    let from = text.find(&staged.display().to_string()).expect("the session listed");
    let own = &text[from..at];
    assert!(!own.contains("Game protection") && !own.contains("FLAGGED"), "no game-protection flag: {own}");
}

#[test]
fn report_csv_to_standard_output_is_the_csv_alone() {
    let dir = tempfile::tempdir().expect("dir");
    let a = simulated(dir.path(), "a", Game::Banque, 9);
    let b = simulated(dir.path(), "b", Game::PuntoBanca, 10);
    let out = Command::new(env!("CARGO_BIN_EXE_sabot"))
        .args(["--lang", "en", "report"])
        .arg(&a)
        .arg(&b)
        .args(["--csv", "-"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let mut rd = csv::Reader::from_reader(stdout.as_bytes());
    assert_eq!(rd.headers().expect("header").iter().collect::<Vec<_>>(), sabot::reports::report::CSV_HEADER);
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("a CSV row")).collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    let words = String::from_utf8(out.stderr).expect("utf-8");
    assert!(words.contains("All the shifts together"), "the words go to standard error: {words}");
}

/// `--csv -` writes the CSV to standard output as it comes, never gathered (issue 38:
/// `report --decisions` in flat memory): the rows on standard output are the rows
/// written to a file, every choice of the shift.
#[test]
fn report_decisions_to_standard_output_are_the_files_rows() {
    let dir = tempfile::tempdir().expect("dir");
    let a = simulated(dir.path(), "a", Game::Banque, 9);
    let file = dir.path().join("d.csv");
    let run = |dest: &std::ffi::OsStr| {
        Command::new(env!("CARGO_BIN_EXE_sabot"))
            .args(["--lang", "en", "report"])
            .arg(&a)
            .arg("--csv")
            .arg(dest)
            .arg("--decisions")
            .output()
            .expect("run")
    };
    let out = run(file.as_os_str());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let written = std::fs::read_to_string(&file).expect("the CSV");
    let out = run(std::ffi::OsStr::new("-"));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(stdout, written, "the same rows on standard output as in the file");
    assert!(stdout.lines().count() > 10, "the shift's choices: {stdout}");
    assert!(!out.stderr.is_empty(), "the words on standard error");
}

// ---- The review (kittest, by label) ----

use common::Settle;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sabot::app::review::Review;
use sabot::app::{SabotApp, Screen, memory_logs};

fn review(lang: Lang, logs: &[PathBuf]) -> Harness<'static, SabotApp> {
    let mut r = Review::without_dialog();
    r.open(logs.to_vec(), None);
    r.wait();
    let mut app = SabotApp::new(lang, memory_logs());
    app.screen = Screen::Review(Box::new(r));
    let mut h = common::harness(app);
    h.settle();
    h
}

fn state<'h>(h: &'h Harness<'static, SabotApp>) -> &'h Review {
    match &h.state().screen {
        Screen::Review(r) => r,
        _ => panic!("not on the review"),
    }
}

fn state_mut<'h>(h: &'h mut Harness<'static, SabotApp>) -> &'h mut Review {
    match &mut h.state_mut().screen {
        Screen::Review(r) => r,
        _ => panic!("not on the review"),
    }
}

fn tampered_copy(log: &Path, to: &Path) {
    let text = std::fs::read_to_string(log).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = lines.len() / 2;
    lines[i] = lines[i].replacen("at:\"20", "at:\"19", 1);
    std::fs::write(to, lines.join("\n") + "\n").expect("write");
}

/// «All together» with a log, the same log from a second folder and a tampered copy:
/// one shift, its figures once, the copy said, the damaged copy an alarm and not
/// summed, as `sabot report` says.
#[test]
fn the_reviews_all_together_counts_a_shift_once_and_never_a_damaged_copy() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "cf", Game::ChemindeFer, 11);
    let second = dir.path().join("second");
    std::fs::create_dir(&second).expect("dir");
    let copy = second.join("cf.sabotlog");
    std::fs::copy(&log, &copy).expect("copy");
    let bad = dir.path().join("tampered.sabotlog");
    tampered_copy(&log, &bad);
    let mut h = review(Lang::En, &[log.clone(), copy.clone(), bad.clone()]);
    h.get_by_label("All together").click();
    h.settle();
    let one = format!("cagnotte {}", cagnotte_of(&log));
    assert!(h.query_all_by_label_contains("simulation: one shift").next().is_some());
    assert!(h.query_all_by_label_contains(&format!("{one}, commission")).next().is_some(), "{one} once");
    assert!(h.query_all_by_label_contains("2 shifts").next().is_none());
    assert!(h.query_all_by_label_contains(&format!("the same shift as {}", log.display())).next().is_some());
    let alarm = format!("{} is a damaged copy of the shift in {}", bad.display(), log.display());
    assert!(h.query_all_by_label_contains(&alarm).next().is_some());
}

/// «All together» with a real shift and a staged training session: the totals are the
/// real shift's alone, the session is marked in the list and kept apart in the
/// school's figures, and its staged choices raise no game-protection flag (issue 39).
#[test]
fn the_reviews_all_together_never_counts_training() {
    let dir = tempfile::tempdir().expect("dir");
    let real = simulated(dir.path(), "cf", Game::ChemindeFer, 23);
    let staged = staged_training(dir.path(), Game::Banque, 24);
    let mut h = review(Lang::Es, &[real.clone(), staged.clone()]);
    let r = state(&h);
    let i = r.shifts.iter().position(|s| s.summary.training).expect("the session open");
    assert!(r.shifts[i].protection.is_none(), "a staged session is never weighed");
    h.get_by_label("Todos juntos").click();
    h.settle();
    let one = format!(
        "cagnotte {}",
        sabot::reports::summary_text::cents(Lang::Es, {
            sabot::reports::report::report(&real).expect("report").reconciliation.cagnotte
        })
    );
    assert!(h.query_all_by_label_contains("simulation: un turno").next().is_some());
    assert!(h.query_all_by_label_contains(&one).next().is_some(), "{one}");
    assert!(h.query_all_by_label_contains("Mesa 3: un turno").next().is_none(), "training in a total");
    assert!(h.query_all_by_label_contains("2 turnos").next().is_none(), "training in a total");
    assert!(h.query_all_by_label_contains("Carlos: una sesión de entrenamiento").next().is_some());
    assert!(h.query_all_by_label_contains("(ENTRENAMIENTO)").next().is_some(), "marked");
    assert!(
        h.query_all_by_label_contains("Mesa 3 · Carlos").any(|n| format!("{n:?}").contains("ENTRENAMIENTO")),
        "marked in the list of shifts"
    );
}

/// A damaged log never shows its reconciliation as good.
#[test]
fn a_damaged_log_never_shows_a_good_reconciliation() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "bq", Game::Banque, 12);
    let bad = dir.path().join("tampered.sabotlog");
    tampered_copy(&log, &bad);
    let h = review(Lang::Es, std::slice::from_ref(&bad));
    assert!(state(&h).shifts[0].summary.integrity.is_damaged());
    assert!(h.query_all_by_label_contains("cuadra al céntimo").next().is_none(), "no green reconciliation");
    assert!(h.query_all_by_label_contains("no son de fiar").next().is_some(), "the alarm");
}

/// The coups table's values sit under their headers from the first frame, one shift
/// or all together (the columns change).
#[test]
fn the_coups_table_values_sit_under_their_headers() {
    let dir = tempfile::tempdir().expect("dir");
    let a = dir.path().join("a.sabotlog");
    common::review_shift_fixed(&a, true);
    let b = simulated(dir.path(), "b", Game::Banque, 13);
    let mut h = review(Lang::En, &[a.clone(), b]);
    let rows: Vec<sabot::reports::summary::CoupRow> = state(&h).shifts[0].coups.clone();
    let check = |h: &Harness<'static, SabotApp>, when: &str| {
        for (head, cell) in [
            ("Bank after", sabot::i18n::money(Lang::En, rows[0].bank_after)),
            ("Staked", sabot::i18n::money(Lang::En, rows[0].staked)),
        ] {
            let head = h.get_by_label(head).rect();
            let top = h
                .query_all_by_label(&cell)
                .map(|n| n.rect())
                .filter(|r| r.min.y > head.max.y)
                .min_by(|x, y| x.min.y.total_cmp(&y.min.y))
                .expect("the first row's cell");
            assert!((top.min.x - head.min.x).abs() < 3.0, "{when}: {cell} at {top:?}, its header at {head:?}");
        }
    };
    h.get_by_label("All together").click();
    h.settle();
    h.get_by_label("Coups").click();
    // The frame that shows the table first, not one after the mouse moved.
    h.run_steps(2);
    check(&h, "all together, first frame");
    h.settle();
    check(&h, "all together");
    // One shift: its columns.
    state_mut(&mut h).selected = Some(0);
    h.run_steps(1);
    check(&h, "one shift after all together, first frame");
    h.settle();
    check(&h, "one shift after all together");
}

/// After an amendment the panel shows it and the reason field is empty in the very
/// frame that says it was recorded: a second amendment is not one click away.
#[test]
fn after_an_amendment_the_panel_shows_it_and_the_reason_clears() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("a.sabotlog");
    common::review_shift(&log, true);
    let mut h = review(Lang::Es, std::slice::from_ref(&log));
    h.get_by_label("Jugadas").click();
    h.settle();
    h.get_by_label("Jugada 3").click();
    h.settle();
    assert!(
        h.query_all_by_label("Correcciones del jefe de mesa tras el pago (R-BQ-E7): ninguna.").next().is_some(),
        "coup 3 has none yet"
    );
    state_mut(&mut h).replay.as_mut().expect("replay").reason = "la banca pagó 50 de menos".into();
    h.run_steps(1);
    h.get_by_label("Anotar la corrección en el registro").click_accesskit();
    let start = std::time::Instant::now();
    loop {
        h.step();
        if state(&h).replay.as_ref().is_some_and(|r| r.notice.is_some()) {
            break;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "the amendment was never written");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // The frame drawn with the notice.
    h.step();
    assert!(h.query_all_by_label_contains("la banca pagó 50 de menos").next().is_some(), "the panel lists it");
    assert!(h.query_all_by_label("Correcciones del jefe de mesa tras el pago (R-BQ-E7): ninguna.").next().is_none());
    assert_eq!(state(&h).replay.as_ref().map(|r| r.reason.as_str()), Some(""), "the reason cleared");
}

/// A tie counts the same way in every game: Chemin de fer's and Punto y Banca's
/// ties are ties, neither is a void coup.
#[test]
fn a_tie_counts_the_same_way_in_chemin_de_fer_and_punto_y_banca_r_bq_15_r_pb_4() {
    let dir = tempfile::tempdir().expect("dir");
    for (game, seed) in [(Game::ChemindeFer, 21), (Game::PuntoBanca, 22)] {
        let log = simulated(dir.path(), game.slug(), game, seed);
        let s = sabot::reports::report::report(&log).expect("report");
        assert!(s.ties > 0, "{}: a tie in 40 coups", game.slug());
        assert_eq!(s.void_coups, 0, "{}: a tie is not a void coup", game.slug());
        let (_, text) = report(std::slice::from_ref(&log), Lang::Es);
        let said = if s.ties == 1 { "un empate".to_string() } else { format!("{} empates", s.ties) };
        assert!(text.contains(&format!("40 jugadas, ninguna nula, {said}.")), "{text}");
    }
}

/// An R-BQ-11 infraction is listed with the R-BQ-E14 ruling that put it right.
#[test]
fn r_bq_11_is_listed_with_the_r_bq_e14_ruling_that_followed() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("a.sabotlog");
    common::review_shift(&log, true);
    let (_, text) = report(std::slice::from_ref(&log), Lang::Es);
    let infraction = text.find("R-BQ-11 — Paño 1").expect("the infraction listed");
    let ruling = text.find("resolución aplicada: R-BQ-E14").expect(&text);
    assert!(ruling > infraction, "the ruling after what it put right:\n{text}");
    let s = sabot::reports::report::report(&log).expect("report");
    assert!(!s.errors.contains_key(&sabot::engine::Clause::BQE14), "a ruling is not counted as an error");
}

/// The bets' CSV has the spreadsheet reader's words beside the stable codes.
#[test]
fn the_bets_csv_says_pano_and_half_line_beside_the_codes() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("a.sabotlog");
    common::review_shift(&log, true);
    let csv_path = dir.path().join("b.csv");
    let mut out = Vec::new();
    let status = sabot::cli::report::report_rows(
        std::slice::from_ref(&log),
        Some(&csv_path),
        sabot::cli::report::Rows::Bets,
        Lang::Es,
        &mut out,
    );
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    let mut rd = csv::Reader::from_path(&csv_path).expect("csv");
    let head: Vec<String> = rd.headers().expect("header").iter().map(str::to_string).collect();
    let col = |name: &str| head.iter().position(|h| h == name).expect(name);
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("row")).collect();
    let (spot, words, kind, kind_words) = (col("spot"), col("spot_words"), col("kind"), col("kind_words"));
    assert!(rows.iter().any(|r| &r[spot] == "Tableau(1)" && &r[words] == "paño 1"));
    assert!(rows.iter().all(|r| !r[words].contains('(') && !r[kind_words].is_empty() && !r[kind].is_empty()));
}

#[test]
fn chart_steps_are_round_and_label_more_than_zero() {
    use sabot::app::review::charts::nice_step;
    assert_eq!(nice_step(15.0 / 3.0, false), 5.0);
    assert_eq!(nice_step(896.75 / 3.0, false), 500.0);
    assert_eq!(nice_step(0.4, true), 1.0, "coups are whole");
    assert_eq!(nice_step(0.0, false), 1.0);
}

/// «Open logs…» with no file dialog on the computer: said, and the path field takes
/// the keyboard; a path typed there opens.
#[test]
fn open_logs_without_a_file_dialog_falls_back_to_the_path_field_and_says_so() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "pb", Game::PuntoBanca, 14);
    let mut r = Review::without_dialog();
    r.dialog_allowed = true;
    r.picker = |_| None;
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Review(Box::new(r));
    let mut h = common::harness(app);
    h.settle();
    h.get_by_label("Abrir registros…").click();
    let start = std::time::Instant::now();
    while !state(&h).no_dialog {
        h.step();
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "the missing dialog never said");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.settle();
    assert!(h.query_by_label_contains("No hay diálogo de archivos").is_some());
    assert!(h.get_by_label("Registro(s)").is_focused(), "the path field takes the keyboard");
    h.get_by_label("Registro(s)").type_text(&log.display().to_string());
    h.settle();
    h.get_by_label("Abrir").click();
    h.settle();
    assert_eq!(state(&h).shifts.len(), 1);
}

/// «Turnos abiertos» lists only shifts still open; closed ones are listed apart, and
/// two entries never read the same.
#[test]
fn open_shifts_lists_only_open_shifts_with_labels_that_differ() {
    let dir = tempfile::tempdir().expect("dir");
    let closed = dir.path().join("closed.sabotlog");
    common::review_shift_fixed(&closed, true);
    // Another shift, still open (the same header unclosed would be an older copy of
    // the closed one: listed under the copies, issue 48).
    let open = dir.path().join("open.sabotlog");
    common::review_shift(&open, false);
    let second = dir.path().join("second");
    std::fs::create_dir(&second).expect("dir");
    let copy = second.join("closed.sabotlog");
    std::fs::copy(&closed, &copy).expect("copy");
    let h = review(Lang::Es, &[closed.clone(), open.clone(), copy.clone()]);
    let r = state(&h);
    let labels: Vec<String> = (0..r.shifts.len()).map(|i| sabot::app::review::shift_label(&r.shifts, i)).collect();
    let mut unique = labels.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), labels.len(), "{labels:?}");
    for l in &labels {
        assert!(h.query_by_label(l).is_some(), "{l} listed once");
    }
    let heading = |h: &Harness<'static, SabotApp>, t: &str| h.get_by_label(t).rect().min.y;
    let open_y = heading(&h, "Turnos abiertos");
    let closed_y = heading(&h, "Turnos cerrados");
    let y = |p: &Path| {
        let i = r.shifts.iter().position(|s| s.summary.path == p).expect("open");
        h.get_by_label(&labels[i]).rect().min.y
    };
    assert!(open_y < y(&open) && y(&open) < closed_y, "the open shift under «Turnos abiertos»");
    assert!(y(&closed) > closed_y && y(&copy) > closed_y, "closed shifts under «Turnos cerrados»");
}

// ---- Shifts from the pit (a real PostgreSQL, `tests/pg`) ----

/// A fresh database in the shared cluster with the pit's schema; None when skipped.
pub(crate) fn fresh_pit(stem: &str) -> Option<(String, sabot::pit::PitUrl)> {
    let (c, db, url) = fresh_pit_db(stem)?;
    Some((c.url(&db), url))
}

/// A fresh database with the pit's schema, its cluster and its name too (for SQL as
/// the superuser and logins of its own); None when skipped.
pub(crate) fn fresh_pit_db(stem: &str) -> Option<(&'static pg::Cluster, String, sabot::pit::PitUrl)> {
    let c = pg::shared()?;
    let db = c.fresh_db(stem).expect("database");
    let url = sabot::pit::PitUrl::parse(&c.url(&db)).expect("url");
    sabot::pit::init(&url).expect("pit init");
    Some((c, db, url))
}

/// A simulated shift logged at `log` and replicated whole to the pit.
fn simulated_in_pit(url: &str, log: &Path, game: Game, coups: u32, seed: u64) {
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_cli_pit(game, coups, seed, Some(log), Some(url), Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
}

/// The review opens a shift from the pit, picked by table, day and croupier: its
/// figures are the file's to the cent; opened beside the table's file the two are
/// said to be the same records; beside a file that differs, the difference is the
/// first thing on screen.
#[test]
fn the_review_opens_a_shift_from_the_pit_and_compares_it_with_the_file() {
    let Some((raw, url)) = fresh_pit("review_from_pit") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("cf.sabotlog");
    simulated_in_pit(&raw, &log, Game::ChemindeFer, 30, 31);
    let file = sabot::reports::report::report(&log).expect("report");

    let mut r = Review::without_dialog();
    r.pit = Some(url.clone());
    r.pit_copies = dir.path().join("copies");
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Review(Box::new(r));
    let mut h = common::harness(app);
    h.settle();
    h.get_by_label("Mesa").type_text("simul");
    h.get_by_label("Croupier").type_text("simulator");
    h.get_by_label("Día (2026-11-24)").type_text(&file.started.format("%Y-%m-%d").to_string());
    h.settle();
    h.get_by_label("Buscar en el pit").click();
    h.settle();
    assert_eq!(state(&h).pit_pick.rows.len(), 1, "{:?}", state(&h).pit_pick.said);
    h.get_by_label_contains("simulation · simulator").click();
    h.settle();
    {
        let r = state(&h);
        assert_eq!(r.shifts.len(), 1);
        assert!(r.shifts[0].from_pit);
        let pit = &r.shifts[0].summary;
        assert_eq!(pit.shift_id, file.shift_id);
        assert_eq!((pit.reconciliation, pit.coups, pit.ties), (file.reconciliation, file.coups, file.ties));
        assert!(pit.integrity.is_sound());
    }
    // The table's file beside it: the same records.
    state_mut(&mut h).open(vec![log.clone()], None);
    state_mut(&mut h).wait();
    h.settle();
    let same = format!("la copia del pit y {} son los mismos registros", log.display());
    assert!(h.query_by_label_contains(&same).is_some());
    assert!(h.query_by_label_contains("LAS COPIAS DIFIEREN").is_none());
    // A file of the same shift taken before its last records (the first records of
    // the same chain): an older copy, said above everything else, never an alarm
    // (issue 39: it made both copies «differ» and dropped the shift).
    let text = std::fs::read_to_string(&log).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let short = dir.path().join("short.sabotlog");
    std::fs::write(&short, lines[..lines.len() - 5].join("\n") + "\n").expect("write");
    state_mut(&mut h).open(vec![short.clone()], None);
    state_mut(&mut h).wait();
    h.settle();
    assert!(h.query_by_label_contains("LAS COPIAS DIFIEREN").is_none());
    let older = h.get_by_label_contains("una copia anterior de");
    let top = older.rect().min.y;
    assert!(top < h.get_by_label("De un vistazo").rect().min.y, "said above everything else");
}

// ---- The floor (a real PostgreSQL) ----

use sabot::pit::floor::{Alarm, Floor, FloorConfig};

pub(crate) struct Appender<'a>(pub(crate) &'a mut sabot::journal::Journal);

impl sabot::sim::OpSink for Appender<'_> {
    fn record(
        &mut self,
        op: &sabot::engine::Op,
        events: &[sabot::engine::Event],
    ) -> Result<(), sabot::sim::SinkFailed> {
        self.0.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

/// Table `name`'s Banque shift, 150 coups banked by a colluder serving section 4
/// (`--banker colluding:4`), written to `dir/file` and replicated to the pit; the
/// replicator's status once the pit holds the last record (or the wait gave up), and
/// who holds the bank at the end.
pub(crate) fn colluding_table(
    url: &sabot::pit::PitUrl,
    dir: &Path,
    name: &str,
    file: &str,
) -> (u64, sabot::pit::PitState, Option<sabot::engine::PlayerRef>) {
    let header = sabot::journal::Header::live(name, "Ana", sabot::engine::TableSettings::new(Game::Banque), false);
    let mut j = sabot::journal::Journal::create(dir.join(file), header).expect("log");
    let (rep, tap) = sabot::pit::Replicator::start(url.clone(), j.path(), 0, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    let mut sim = sabot::sim::Simulator::new(Game::Banque, 2).expect("sim");
    sabot::cli::simulate::set_banker(&mut sim, sabot::cli::simulate::BankerArg::Colluding(4));
    sim.run(150, &mut Appender(&mut j)).expect("coups");
    let last = j.next_seq() - 1;
    let status = rep.wait_until(std::time::Duration::from_secs(30), |s| s.pit_seq == Some(last));
    (last, status, sim.table.shift().banker())
}

/// A table's shift left open, `coups` simulated coups written and replicated to the
/// pit (with `replicate`), or written with no pit (to be pushed later).
pub(crate) fn open_table(
    url: &sabot::pit::PitUrl,
    dir: &Path,
    name: &str,
    game: Game,
    coups: u32,
    seed: u64,
    replicate: bool,
) -> (sabot::journal::Journal, Option<sabot::pit::Replicator>, sabot::sim::Simulator) {
    let header = sabot::journal::Header::live(name, "Ana", sabot::engine::TableSettings::new(game), false);
    let mut j = sabot::journal::Journal::create(dir.join(format!("{name}.sabotlog")), header).expect("log");
    let rep = replicate.then(|| {
        let (rep, tap) = sabot::pit::Replicator::start(url.clone(), j.path(), 0, Box::new(|| {})).expect("replicator");
        j.set_tap(tap);
        rep
    });
    let mut sim = sabot::sim::Simulator::new(game, seed).expect("sim");
    sim.run(coups, &mut Appender(&mut j)).expect("coups");
    if let Some(rep) = &rep {
        let last = j.next_seq() - 1;
        let s = rep.wait_until(std::time::Duration::from_secs(30), |s| s.pit_seq == Some(last));
        assert_eq!(s.pit_seq, Some(last), "the pit holds the table's records");
    }
    (j, rep, sim)
}

/// The floor's rows are `sabot report` of the same shifts, to the cent: each game,
/// open shifts followed record by record.
#[test]
fn the_floors_rows_equal_the_report_of_the_same_shifts_to_the_cent() {
    let Some((_raw, url)) = fresh_pit("floor_rows") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut tables = Vec::new();
    for (i, game) in [Game::Banque, Game::ChemindeFer, Game::PuntoBanca].into_iter().enumerate() {
        tables.push(open_table(&url, dir.path(), &format!("Mesa {}", i + 1), game, 25, 40 + i as u64, true));
    }
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &url).expect("look");
    assert_eq!(snap.tables.len(), 3);
    // More coups at one table: the floor follows from where it was.
    let (j, _, sim) = &mut tables[1];
    let before = j.next_seq();
    sim.run(5, &mut Appender(j)).expect("coups");
    let last = j.next_seq() - 1;
    assert!(last >= before, "more records");
    if let Some(rep) = &tables[1].1 {
        rep.wait_until(std::time::Duration::from_secs(30), |s| s.pit_seq == Some(last));
    }
    let snap = floor.look(&mut reader, &url).expect("look");
    let now = snap.read_at.expect("read");
    for (j, _, _) in &tables {
        let file = sabot::reports::report::report(j.path()).expect("report");
        let row = snap.tables.iter().find(|t| t.shift.table_name == file.table).expect("a row");
        let s = row.summary.as_ref().expect("replayed");
        assert_eq!(s.shift_id, file.shift_id);
        assert_eq!((s.coups, s.records), (file.coups, file.records), "{}", file.table);
        assert_eq!(s.reconciliation, file.reconciliation, "{}", file.table);
        assert_eq!((s.commission, s.house_net), (file.commission, file.house_net));
        let cells = sabot::app::floor::row_cells(Lang::Es, row, &snap.alarms, now, std::time::Duration::ZERO);
        let cents = |m| sabot::reports::summary_text::cents(Lang::Es, m);
        assert_eq!(cells[5], file.coups.to_string());
        if file.game.has_bank() {
            assert_eq!(cells[4], cents(file.reconciliation.bank_end), "the bank, to the cent");
            assert_eq!(cells[6], cents(file.reconciliation.cagnotte), "the cagnotte, to the cent");
            assert_eq!(cells[8], cents(file.reconciliation.cagnotte), "the house's result is the cagnotte");
        } else {
            assert_eq!(cells[6], cents(file.commission), "the commission, to the cent");
            assert_eq!(cells[8], cents(file.house_net), "the casino's net, to the cent");
        }
    }
    // Game protection's flags are alarms of their own class (issue 48): none other.
    let others: Vec<_> = snap.alarms.iter().filter(|a| a.class() != sabot::pit::floor::Class::Flagged).collect();
    assert!(others.is_empty(), "{others:?}");
}

/// Alarms: a table silent beyond its pace, records that reached the pit late.
#[test]
fn the_floor_alarms_a_silent_table_and_a_late_push() {
    let Some((_raw, url)) = fresh_pit("floor_alarms") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let config = FloorConfig {
        late_after: std::time::Duration::from_millis(800),
        silent_min: std::time::Duration::from_millis(1500),
        silent_paces: 3.0,
        ..FloorConfig::default()
    };
    let (_quiet, _rep, _) = open_table(&url, dir.path(), "Mesa 1", Game::Banque, 5, 1, true);
    // Mesa 2 writes with the pit away; its records reach the pit later.
    let (late, _, _) = open_table(&url, dir.path(), "Mesa 2", Game::PuntoBanca, 5, 2, false);
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let state = sabot::pit::push(&url, late.path(), std::time::Duration::from_secs(20), false).expect("push");
    assert_eq!(state.behind(), 0);
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(config);
    let snap = floor.look(&mut reader, &url).expect("look");
    assert!(
        snap.alarms.iter().any(|a| matches!(a, Alarm::Late { table, count, .. } if table == "Mesa 2" && *count > 0)),
        "{:?}",
        snap.alarms
    );
    assert!(!snap.alarms.iter().any(|a| matches!(a, Alarm::Late { table, .. } if table == "Mesa 1")));
    std::thread::sleep(std::time::Duration::from_millis(1600));
    let snap = floor.look(&mut reader, &url).expect("look");
    assert!(
        snap.alarms.iter().any(|a| matches!(a, Alarm::Silent { table, .. } if table == "Mesa 1")),
        "{:?}",
        snap.alarms
    );
    let words: Vec<String> = snap.alarms.iter().map(|a| sabot::app::floor::alarm_text(Lang::En, a)).collect();
    assert!(words.iter().any(|w| w.starts_with("ALARM Mesa 1: silent for")), "{words:?}");
    // A second laptop writing as Mesa 1: two open shifts under one name.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).expect("dir");
    let (_second, _rep2, _) = open_table(&url, &other, "Mesa 1", Game::Banque, 2, 9, true);
    let snap = floor.look(&mut reader, &url).expect("look");
    assert!(
        snap.alarms.iter().any(|a| matches!(a, Alarm::TwoShifts { table, count: 2 } if table == "Mesa 1")),
        "{:?}",
        snap.alarms
    );
    assert_eq!(snap.tables.iter().filter(|t| t.shift.table_name == "Mesa 1").count(), 2, "both shown");
}

/// The floor view, by label: rows, alarms on top, a table selected shows its coup
/// as the croupier's screen does, moving as records arrive.
#[test]
fn the_floor_view_shows_the_room_and_a_tables_coup() {
    let Some((_raw, url)) = fresh_pit("floor_view") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let (mut j, rep, mut sim) = open_table(&url, dir.path(), "Mesa 4", Game::ChemindeFer, 6, 3, true);
    let config = FloorConfig { poll: std::time::Duration::from_millis(50), ..FloorConfig::default() };
    let f = sabot::app::floor::FloorView::start(url.clone(), config.clone(), None);
    f.wait_looks(2, std::time::Duration::from_secs(20));
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Floor(Box::new(f));
    let mut h = common::harness(app);
    h.settle();
    assert!(h.query_by_label("Mesa 4").is_some(), "a row per open shift");
    assert!(h.query_by_label("Resultado casa").is_some());
    assert!(h.query_by_label("al día").is_some());
    h.get_by_label("Mesa 4").click();
    h.settle();
    let coup = |h: &Harness<'static, SabotApp>| match &h.state().screen {
        Screen::Floor(f) => f.snapshot().tables[0].table.as_ref().map(|t| t.shift().coup_number).unwrap_or(0),
        _ => panic!("not on the floor"),
    };
    let before = coup(&h);
    assert!(h.query_by_label(&format!("Mesa 4: jugada {before}, como la ve el croupier")).is_some());
    // Two more coups at the table: the floor moves with them.
    sim.run(2, &mut Appender(&mut j)).expect("coups");
    let last = j.next_seq() - 1;
    if let Some(rep) = &rep {
        rep.wait_until(std::time::Duration::from_secs(30), |s| s.pit_seq == Some(last));
    }
    if let Screen::Floor(f) = &h.state().screen {
        f.wait_looks(3, std::time::Duration::from_secs(20));
    }
    h.settle();
    let after = coup(&h);
    assert!(after > before, "{before} → {after}");
    assert!(h.query_by_label(&format!("Mesa 4: jugada {after}, como la ve el croupier")).is_some());
    h.get_by_label("Volver").click();
    h.settle();
    assert!(matches!(h.state().screen, Screen::Start(_)));
    // Issue 39, point 4: the floor's rows and the table's coup fit at every size: no
    // figure cut or elided, nothing over another (the layout check of the screens).
    let mut found = Vec::new();
    for size in [(1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
        let f = sabot::app::floor::FloorView::start(url.clone(), config.clone(), None);
        f.wait_looks(2, std::time::Duration::from_secs(20));
        let mut app = SabotApp::new(Lang::Es, memory_logs());
        app.screen = Screen::Floor(Box::new(f));
        let mut h = crate::gui_layout::harness_app(size, app);
        crate::gui_layout::settle(&mut h);
        h.get_by_label("Mesa 4").click();
        crate::gui_layout::settle(&mut h);
        if let (Ok(dir), Ok(image)) = (std::env::var("LAYOUT_SHOTS"), h.render()) {
            image.save(std::path::Path::new(&dir).join(format!("{}x{}-floor.png", size.0, size.1))).expect("shot");
        }
        found.extend(crate::gui_layout::faults(&h).into_iter().map(|f| format!("{size:?}: {f}")));
    }
    assert!(found.is_empty(), "the floor at every size:\n{}", found.join("\n"));
}

/// The floor view puts an alarm on top, in the pit boss's words, and the table's row
/// says it (here every record counts as late: the limit is zero).
#[test]
fn the_floor_view_puts_alarms_on_top() {
    let Some((_raw, url)) = fresh_pit("floor_view_alarm") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let (_j, _rep, _) = open_table(&url, dir.path(), "Mesa 9", Game::PuntoBanca, 3, 5, true);
    let config = FloorConfig {
        poll: std::time::Duration::from_millis(50),
        late_after: std::time::Duration::ZERO,
        ..FloorConfig::default()
    };
    let f = sabot::app::floor::FloorView::start(url.clone(), config, None);
    f.wait_looks(2, std::time::Duration::from_secs(20));
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Floor(Box::new(f));
    let mut h = common::harness(app);
    h.settle();
    let alarm = h.get_by_label_contains("ALARMA Mesa 9:");
    assert!(h.get_by_label("Mesa 9").rect().min.y > alarm.rect().max.y, "the alarm above the rows");
    assert!(h.query_by_label("con retraso").is_some(), "the row says why");
}

/// Game protection on the floor (issue 28): a table whose banker plays for section 4
/// (`--banker colluding:4`) is flagged as the pit's records come in, section 4 named,
/// and the banker's cell carries the flag while a flagged banker holds the bank.
#[test]
fn the_floor_flags_a_table_whose_banker_is_flagged() {
    let Some((_raw, url)) = fresh_pit("floor_protection") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let (last, s, holder) = colluding_table(&url, dir.path(), "Mesa 9", "m9.sabotlog");
    assert_eq!(s.pit_seq, Some(last));
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &url).expect("look");
    let row = snap.tables.iter().find(|t| t.shift.table_name == "Mesa 9").expect("a row");
    assert!(!row.flagged.is_empty(), "the colluding banker is flagged");
    for v in &row.flagged {
        assert_eq!(v.named().map(|g| g.player), Some(sabot::engine::PlayerRef::seated(4)), "{v:?}");
    }
    let cells = sabot::app::floor::row_cells(
        Lang::En,
        row,
        &snap.alarms,
        snap.read_at.expect("read"),
        std::time::Duration::ZERO,
    );
    let holder_flagged = row.flagged.iter().any(|v| v.decider == sabot::analysis::protection::Decider::Banker(holder));
    assert_eq!(cells[3].starts_with('⚑'), holder_flagged, "{cells:?}");
}

/// An amendment from the review with the pit boss's read-only login: the review says
/// in words that the pit will not take it from this login before anything is
/// promised, and after it is written says where it is; never the database's raw
/// «permission denied … (SQLSTATE 42501)» (issue 39).
#[test]
fn an_amendment_with_the_read_only_login_is_refused_in_words_before_it_is_promised() {
    let Some((c, db, _)) = fresh_pit_db("amend_read_only") else { return };
    let (_, _, jefe) = c.pit_logins(&db);
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("shift.sabotlog");
    common::review_shift(&log, true);
    let mut r = Review::without_dialog();
    r.pit = Some(sabot::pit::PitUrl::parse(&jefe).expect("url"));
    r.open(vec![log.clone()], None);
    r.wait();
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Review(Box::new(r));
    let mut h = common::harness(app);
    h.settle();
    h.get_by_label("Jugadas").click();
    h.settle();
    h.get_by_label("Jugada 2").click();
    h.settle();
    assert_eq!(state(&h).pit_writes, Some(false), "the login asked");
    assert!(h.query_by_label_contains("se envía al pit").is_none(), "nothing promised");
    assert!(h.query_by_label_contains("solo puede leer").is_some(), "said before");
    state_mut(&mut h).replay.as_mut().expect("replay").reason = "el pago del paño 2 se contó dos veces".into();
    h.settle();
    h.get_by_label("Anotar la corrección en el registro").click_accesskit();
    h.settle();
    let notice = state(&h).replay.as_ref().and_then(|r| r.notice.clone()).expect("a notice");
    assert!(notice.0.contains("anotada en el registro") && notice.0.contains("solo puede leer"), "{notice:?}");
    assert!(!notice.0.contains("42501") && !notice.0.contains("permission"), "{notice:?}");
    let s = sabot::reports::summary::summarise(&log, Default::default()).expect("summary");
    assert!(s.amendments.iter().any(|a| a.coup == 2), "the log has it");
}

/// Esc from the review, the school or the floor comes back to the start form as it
/// was left: a log folder typed there is not lost (issue 39).
#[test]
fn esc_from_the_review_school_and_floor_keeps_the_start_form() {
    let dir = tempfile::tempdir().expect("dir");
    let typed = dir.path().join("mis turnos").display().to_string();
    let app = SabotApp::in_dir(Lang::Es, dir.path(), memory_logs());
    let mut h = common::harness(app);
    h.settle();
    for button in ["Revisar turnos", "Entrenamiento", "Sala"] {
        match &mut h.state_mut().screen {
            Screen::Start(form) => {
                form.log_dir = typed.clone();
                form.table_name = "Mesa 9".into();
                // The floor needs a pit: one where nothing answers.
                form.pit_url = "postgresql://nadie@127.0.0.1:9/pit".into();
            }
            _ => panic!("not on the start form"),
        }
        h.settle();
        h.get_by_label(button).click();
        h.settle();
        assert!(!matches!(h.state().screen, Screen::Start(_)), "{button} left the form");
        h.key_press(egui::Key::Escape);
        h.settle();
        match &h.state().screen {
            Screen::Start(form) => {
                assert_eq!(form.log_dir, typed, "after {button}");
                assert_eq!(form.table_name, "Mesa 9", "after {button}");
            }
            _ => panic!("Esc from {button} did not come back to the form"),
        }
    }
}

/// The pit's copies go to a folder of this process's own, made anew and private
/// (0700), never a fixed shared name in the system's temporary folder (issue 39).
#[test]
fn pit_copies_go_to_a_private_folder_of_their_own() {
    let base = tempfile::tempdir().expect("dir");
    let a = sabot::app::review::private_folder(base.path()).expect("folder");
    let b = sabot::app::review::private_folder(base.path()).expect("folder");
    assert_ne!(a, b, "never the same folder twice");
    assert!(a.starts_with(base.path()) && a.is_dir());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&a).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{mode:o}");
    }
    let r = Review::default();
    assert!(!r.pit_copies.ends_with("sabot_pit_copies"), "{}", r.pit_copies.display());
    assert!(r.pit_copies.as_os_str().is_empty(), "made when first used, private");
}

// ---- The floor's truth (issue 39) ----

/// Ages are the pit's clock: from the record's arrival in the pit to the pit's clock
/// now (carried forward since the look), never the look's own read time; a row the
/// floor has not brought up to date for seconds says how far behind the pit it is.
#[test]
fn the_floors_ages_tick_from_arrival_and_a_row_behind_says_so() {
    let Some((_raw, url)) = fresh_pit("floor_ages") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let _table = open_table(&url, dir.path(), "Mesa 1", Game::PuntoBanca, 3, 5, true);
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &url).expect("look");
    std::thread::sleep(std::time::Duration::from_millis(2300));
    let row = snap.tables.first().expect("a row");
    let now = snap.pit_now().expect("the pit's clock");
    let cells = sabot::app::floor::row_cells(Lang::En, row, &snap.alarms, now, snap.behind());
    let last = &cells[9];
    let age: u64 = last.split(' ').next().and_then(|n| n.parse().ok()).expect(last);
    assert!(age >= 2, "the age ticks: {last}");
    assert!(last.contains("behind the pit"), "a row behind says so: {last}");
}

/// An idle floor does not wake the screen after every look: only a look that
/// changed something does (a table opening).
#[test]
fn an_idle_floor_wakes_the_screen_only_when_something_changed() {
    let Some((_raw, url)) = fresh_pit("floor_idle") else { return };
    let woken = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let w = std::sync::Arc::clone(&woken);
    let config = FloorConfig { poll: std::time::Duration::from_millis(100), ..FloorConfig::default() };
    let live = sabot::pit::floor::Live::start(
        url.clone(),
        config,
        false,
        Box::new(move || {
            w.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }),
    );
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let looks = live.snapshot().looks;
    let idle = woken.load(std::sync::atomic::Ordering::Relaxed);
    assert!(looks >= 5, "it looked: {looks}");
    assert!(idle <= 1, "{idle} wakes in {looks} looks of an empty room");
    let dir = tempfile::tempdir().expect("dir");
    let _table = open_table(&url, dir.path(), "Mesa 1", Game::PuntoBanca, 2, 6, true);
    std::thread::sleep(std::time::Duration::from_millis(800));
    assert!(woken.load(std::sync::atomic::Ordering::Relaxed) > idle, "a table opening wakes it");
    assert_eq!(live.snapshot().tables.len(), 1);
}

/// The floor's own backend frozen (SIGSTOP): the floor says the pit is offline within
/// its bound, while the look still hangs (issue 36 point 4, the floor's side).
#[cfg(unix)]
#[test]
fn a_floor_whose_pit_says_nothing_says_offline_within_its_bound() {
    let Some((c, db, url)) = fresh_pit_db("floor_silent") else { return };
    let config = FloorConfig { answer_within: std::time::Duration::from_secs(2), ..FloorConfig::default() };
    let live = sabot::pit::floor::Live::start(url.clone(), config, false, Box::new(|| {}));
    let start = std::time::Instant::now();
    while live.snapshot().looks < 2 {
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "the floor never looked");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut admin = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("admin");
    let pids: Vec<i32> = admin
        .query("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", &[&db])
        .expect("activity")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(!pids.is_empty(), "the floor's backend");
    let signal = |sig: &str| {
        for pid in &pids {
            Command::new("kill").arg(sig).arg(pid.to_string()).status().expect("kill");
        }
    };
    signal("-STOP");
    let frozen = std::time::Instant::now();
    let mut said = None;
    while frozen.elapsed() < std::time::Duration::from_secs(8) {
        if let Some(e) = live.snapshot().offline.clone() {
            said = Some((e, frozen.elapsed()));
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    signal("-CONT");
    let (e, after) = said.expect("the floor never said it was offline");
    assert!(after < std::time::Duration::from_secs(5), "{after:?}");
    let words = sabot::app::pit::pit_error_text(Lang::Es, &e);
    assert!(words.contains("sin respuesta en 2 s"), "{words}");
}

/// A flood of refusal rows (as a table's login could report them) is read in
/// bounded groups by table and kind, each `why` cut short, after the genuine alarms:
/// a genuine alarm stays on top (issue 36 point 6, the floor's side).
#[test]
fn a_flood_of_refusals_is_grouped_and_never_hides_a_genuine_alarm() {
    let Some((c, db, url)) = fresh_pit_db("floor_flood") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::create_dir(&a).expect("dir");
    std::fs::create_dir(&b).expect("dir");
    // Two shifts open at once under one name: a genuine alarm.
    let _one = open_table(&url, &a, "Mesa 1", Game::PuntoBanca, 2, 7, true);
    let _two = open_table(&url, &b, "Mesa 1", Game::PuntoBanca, 2, 8, true);
    // The pit keeps at most 60 rows an hour from one login (issue 36 point 6): a flood
    // this size is many logins' rows, written here past the trigger that bounds each.
    c.sql(
        &db,
        "SET session_replication_role = replica; \
         INSERT INTO sabot.refusals (shift_id, table_name, seq, why) \
         SELECT 'x', 'Falsa ' || (g % 5), g, 'SB003: does not chain' FROM generate_series(1, 50000) g; \
         INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ('y', 'Falsa 0', 1, repeat('w', 5000000));",
    )
    .expect("flood");
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &url).expect("look");
    // Issue 48: a refusal first, always; the genuine alarm is not buried, its class
    // counted and shown apart (the screen's summary and its class's line).
    assert!(matches!(snap.alarms.first(), Some(Alarm::Refused { .. })), "{:?}", snap.alarms.first());
    assert!(snap.alarms.iter().any(|a| matches!(a, Alarm::TwoShifts { .. })), "{:?}", snap.alarms);
    let refused: Vec<&Alarm> = snap.alarms.iter().filter(|a| matches!(a, Alarm::Refused { .. })).collect();
    assert!(refused.len() <= 6, "grouped by table and kind: {}", refused.len());
    let total: usize = refused.iter().map(|a| if let Alarm::Refused { count, .. } = a { *count } else { 0 }).sum();
    assert_eq!(total, 50001, "every row counted");
    for a in &refused {
        if let Alarm::Refused { why, .. } = a {
            assert!(why.len() <= 400, "the why cut short: {}", why.len());
        }
    }
    // The next look reads only what came since: the counts stay.
    let again = floor.look(&mut reader, &url).expect("look");
    let total_again: usize =
        again.alarms.iter().map(|a| if let Alarm::Refused { count, .. } = a { *count } else { 0 }).sum();
    assert_eq!(total_again, 50001);
}

// ---- A day rehearsed (issue 39) ----

/// `sabot simulate --tables N --log DIR --table NAME --croupier NAME --pace RATE
/// --pit URL`: a room fed to the pit from one command, each table under its own
/// name, at its pace.
#[test]
fn a_room_of_tables_is_fed_to_the_pit_from_one_command() {
    let Some((raw, url)) = fresh_pit("room") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let room = dir.path().join("sala");
    let started = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_sabot"))
        .args(["--lang", "en", "simulate", "--game", "punto-banca", "--coups", "2", "--log"])
        .arg(&room)
        .args(["--tables", "4", "--table", "Mesa", "--croupier", "Ana", "--pace", "40", "--pit", &raw])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let mut records = 0;
    for n in 1..=4 {
        let log = room.join(format!("Mesa-{n:02}.sabotlog"));
        let s = sabot::reports::report::report(&log).expect("a table's log");
        assert_eq!((s.table.as_str(), s.croupier.as_str()), (format!("Mesa {n:02}").as_str(), "Ana"));
        assert!(text.contains(&format!("table Mesa {n:02}")), "{text}");
        records = records.max(s.records);
    }
    // At 40 records a second, the longest table took its records' time: the pace
    // spaces the operations' records (the first at once), not the header or the close
    // the log writes around them, so a log of n records has n - 3 paced gaps. A lower
    // bound made of sleeps alone: never flaky, and it fails when the pace is ignored.
    let paced = std::time::Duration::from_secs_f64((records - 3) as f64 / 40.0);
    assert!(started.elapsed() >= paced, "{:?} < {paced:?}", started.elapsed());
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let rows = sabot::pit::read::pick(&mut reader, &Default::default()).expect("the pit's shifts");
    let mut names: Vec<&str> = rows.iter().map(|r| r.table_name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Mesa 01", "Mesa 02", "Mesa 03", "Mesa 04"]);
}

/// A pace that is no pace is refused in words (exit 2).
#[test]
fn a_bad_pace_is_refused() {
    for pace in ["0", "-3", "fast", "2000"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sabot"))
            .args(["--lang", "en", "simulate", "--game", "banque", "--log", "x.sabotlog", &format!("--pace={pace}")])
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{pace}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("records a second"), "{pace}");
    }
}

// ---- Punto y Banca in the review (issue 39, point 4) ----

/// Punto y Banca's totals say the house's result (it plays the bets itself), its
/// coups' take is the commission (never «Cagnotte 0»), its bank column and chart are
/// not a flat zero, and the «nulas» filter finds its ties (R-PB-4).
#[test]
fn punto_y_banca_in_the_review_has_the_houses_result_commission_and_ties_r_pb_4() {
    let dir = tempfile::tempdir().expect("dir");
    let pb = simulated(dir.path(), "pb", Game::PuntoBanca, 31);
    let report_pb = sabot::reports::report::report(&pb).expect("report");
    assert!(report_pb.ties > 0, "a shift with ties");
    let (_, text) = report(&[pb.clone(), simulated(dir.path(), "cf", Game::ChemindeFer, 32)], Lang::En);
    let house = sabot::reports::summary_text::cents(Lang::En, report_pb.house_net);
    assert!(text.contains(&format!("the house's result in Punto y Banca (commission included): {house}")), "{text}");
    let h = review(Lang::Es, std::slice::from_ref(&pb));
    let r = state(&h);
    let loaded = &r.shifts[0];
    assert!(sabot::app::review::charts::points(sabot::app::review::charts::Chart::Bank, loaded).is_empty());
    let mut f = sabot::app::review::coups::Filters { void: true, ..Default::default() };
    let ties = loaded.coups.iter().filter(|c| f.pass(Game::PuntoBanca, c, false)).count();
    assert_eq!(ties as u32, report_pb.ties, "«nulas» finds the ties");
    f.void = false;
    let mut h = h;
    h.get_by_label("Jugadas").click();
    h.settle();
    assert!(h.query_by_label("Cagnotte/comisión").is_some(), "the take's column says what it is");
    let with_commission = loaded_commission(&h);
    assert!(h.query_all_by_label(&with_commission).next().is_some(), "{with_commission}");
}

/// The first coup's commission as the coups' table shows it.
fn loaded_commission(h: &Harness<'static, SabotApp>) -> String {
    let c = state(h).shifts[0].coups.iter().find(|c| !c.commission.is_zero()).expect("a commission").commission;
    sabot::i18n::money(Lang::Es, c)
}
