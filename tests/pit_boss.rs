//! The pit boss's totals (issue 26): a shift is its header's hash, so the same shift
//! from two files counts once and is said to; copies that differ are an alarm and
//! never a sum; a damaged log never enters totals; `report --csv -` writes the CSV
//! alone on standard output.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

mod common;
mod pg;

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
    let s = sabot::journal::report::report(path).expect("report");
    sabot::journal::summary_text::cents(Lang::En, s.reconciliation.cagnotte)
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

#[test]
fn two_copies_that_differ_are_an_alarm_not_a_sum() {
    let dir = tempfile::tempdir().expect("dir");
    let log = simulated(dir.path(), "cf", Game::ChemindeFer, 7);
    let other = simulated(dir.path(), "pb", Game::PuntoBanca, 8);
    // A copy taken before the shift ended: it verifies, but it is not the same.
    let text = std::fs::read_to_string(&log).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let early = dir.path().join("early.sabotlog");
    std::fs::write(&early, lines[..lines.len() / 2].join("\n") + "\n").expect("write");
    let (status, text) = report(&[log.clone(), early.clone(), other.clone()], Lang::En);
    assert_eq!(status, 1, "{text}");
    assert!(text.contains("COPIES DIFFER"), "{text}");
    // Only the other shift is in the totals.
    let line = table_line(&text);
    assert!(line.contains("one shift"), "{line}\n{text}");
    let pb = sabot::journal::report::report(&other).expect("report");
    assert!(line.contains(&format!("{} coups", pb.coups)), "{line}");
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
    assert_eq!(rd.headers().expect("header").iter().collect::<Vec<_>>(), sabot::journal::report::CSV_HEADER);
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("a CSV row")).collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    let words = String::from_utf8(out.stderr).expect("utf-8");
    assert!(words.contains("All the shifts together"), "the words go to standard error: {words}");
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
    let rows: Vec<sabot::journal::summary::CoupRow> = state(&h).shifts[0].coups.clone();
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
    assert!(h.query_all_by_label("Correcciones: ninguna.").next().is_some(), "coup 3 has none yet");
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
    assert!(h.query_all_by_label("Correcciones: ninguna.").next().is_none());
    assert_eq!(state(&h).replay.as_ref().map(|r| r.reason.as_str()), Some(""), "the reason cleared");
}

/// A tie counts the same way in every game: Chemin de fer's and Punto y Banca's
/// ties are ties, neither is a void coup.
#[test]
fn a_tie_counts_the_same_way_in_chemin_de_fer_and_punto_y_banca_r_bq_15_r_pb_4() {
    let dir = tempfile::tempdir().expect("dir");
    for (game, seed) in [(Game::ChemindeFer, 21), (Game::PuntoBanca, 22)] {
        let log = simulated(dir.path(), game.slug(), game, seed);
        let s = sabot::journal::report::report(&log).expect("report");
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
    let s = sabot::journal::report::report(&log).expect("report");
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
    let open = dir.path().join("open.sabotlog");
    common::review_shift_fixed(&open, false);
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
fn fresh_pit(stem: &str) -> Option<(String, sabot::pit::PitUrl)> {
    let c = pg::shared()?;
    let db = c.fresh_db(stem).expect("database");
    let url = sabot::pit::PitUrl::parse(&c.url(&db)).expect("url");
    sabot::pit::init(&url).expect("pit init");
    Some((c.url(&db), url))
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
    let file = sabot::journal::report::report(&log).expect("report");

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
    // A file of the same shift that is not the pit's: the difference first, in red.
    let text = std::fs::read_to_string(&log).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let short = dir.path().join("short.sabotlog");
    std::fs::write(&short, lines[..lines.len() - 5].join("\n") + "\n").expect("write");
    state_mut(&mut h).open(vec![short.clone()], None);
    state_mut(&mut h).wait();
    h.settle();
    let alarm = h.get_by_label_contains("LAS COPIAS DIFIEREN");
    let top = alarm.rect().min.y;
    assert!(top < h.get_by_label("De un vistazo").rect().min.y, "the difference above everything else");
}

// ---- The floor (a real PostgreSQL) ----

use sabot::pit::floor::{Alarm, Floor, FloorConfig};

struct Appender<'a>(&'a mut sabot::journal::Journal);

impl sabot::sim::OpSink for Appender<'_> {
    fn record(
        &mut self,
        op: &sabot::engine::Op,
        events: &[sabot::engine::Event],
    ) -> Result<(), sabot::sim::SinkFailed> {
        self.0.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

/// A table's shift left open, `coups` simulated coups written and replicated to the
/// pit (with `replicate`), or written with no pit (to be pushed later).
fn open_table(
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
        let file = sabot::journal::report::report(j.path()).expect("report");
        let row = snap.tables.iter().find(|t| t.shift.table_name == file.table).expect("a row");
        let s = row.summary.as_ref().expect("replayed");
        assert_eq!(s.shift_id, file.shift_id);
        assert_eq!((s.coups, s.records), (file.coups, file.records), "{}", file.table);
        assert_eq!(s.reconciliation, file.reconciliation, "{}", file.table);
        assert_eq!((s.commission, s.house_net), (file.commission, file.house_net));
        let cells = sabot::app::floor::row_cells(Lang::Es, row, &snap.alarms, now);
        let cents = |m| sabot::journal::summary_text::cents(Lang::Es, m);
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
    assert!(snap.alarms.is_empty(), "{:?}", snap.alarms);
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
    let f = sabot::app::floor::FloorView::start(url.clone(), config, None);
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
    let header = sabot::journal::Header::live("Mesa 9", "Ana", sabot::engine::TableSettings::new(Game::Banque), false);
    let mut j = sabot::journal::Journal::create(dir.path().join("m9.sabotlog"), header).expect("log");
    let (rep, tap) = sabot::pit::Replicator::start(url.clone(), j.path(), 0, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    let mut sim = sabot::sim::Simulator::new(Game::Banque, 2).expect("sim");
    sabot::cli::simulate::set_banker(&mut sim, sabot::cli::simulate::BankerArg::Colluding(4));
    sim.run(150, &mut Appender(&mut j)).expect("coups");
    let last = j.next_seq() - 1;
    let s = rep.wait_until(std::time::Duration::from_secs(30), |s| s.pit_seq == Some(last));
    assert_eq!(s.pit_seq, Some(last));
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &url).expect("look");
    let row = snap.tables.iter().find(|t| t.shift.table_name == "Mesa 9").expect("a row");
    assert!(!row.flagged.is_empty(), "the colluding banker is flagged");
    for v in &row.flagged {
        assert_eq!(v.named().map(|g| g.player), Some(sabot::engine::PlayerRef::seated(4)), "{v:?}");
    }
    let cells = sabot::app::floor::row_cells(Lang::En, row, &snap.alarms, snap.read_at.expect("read"));
    let holder = sim.table.shift().banker();
    let holder_flagged = row.flagged.iter().any(|v| v.decider == sabot::analysis::protection::Decider::Banker(holder));
    assert_eq!(cells[3].starts_with('⚑'), holder_flagged, "{cells:?}");
}
