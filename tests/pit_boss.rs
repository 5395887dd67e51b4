//! The pit boss's totals (issue 26): a shift is its header's hash, so the same shift
//! from two files counts once and is said to; copies that differ are an alarm and
//! never a sum; a damaged log never enters totals; `report --csv -` writes the CSV
//! alone on standard output.

mod common;

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
    assert_eq!(rd.records().map(|r| r.expect("a CSV row")).count(), 2, "{stdout}");
    let words = String::from_utf8(out.stderr).expect("utf-8");
    assert!(words.contains("All the shifts together"), "the words go to standard error: {words}");
}
