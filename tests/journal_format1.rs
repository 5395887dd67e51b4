//! Logs of formats 1 and 2 still verify and replay. Format 2's fixtures
//! (`tests/fixtures/format-2/`) are simulated shifts written by the Sabot of format 2
//! (before money brought in and the error procedures of format 3).
//!
//! Logs of format 1, written by Sabot before the log format 2 (a coup put right
//! recorded as a snapshot of the play, no payout clause on a settled bet, the way a
//! bank was taken chosen by the screen), still verify and replay. The fixtures in
//! `tests/fixtures/format-1/` were written by that Sabot from the table scripts of the
//! same names; each holds the coups of its script.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::journal;
use sabot::script;
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format-1");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the format-1 fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sabotlog"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_format_1_fixture_verifies() {
    let logs = fixtures();
    assert!(logs.len() >= 8, "the fixtures are there: {logs:?}");
    for log in &logs {
        let text = std::fs::read_to_string(log).expect("read");
        assert!(text.starts_with("Record(v:1,"), "{} is a format-1 log", log.display());
        let report = journal::verify(log);
        assert!(report.is_ok(), "{}: {:?}", log.display(), report.result.err());
        let r = report.result.expect("verified");
        assert!(r.closed.is_some(), "{} is closed", log.display());
    }
}

/// A format-1 log with a coup put right (R-BQ-E14, E15, E17 nested) replays to the
/// money the same script makes through today's engine: the bank, the cagnotte and
/// the coups, to the cent.
#[test]
fn a_format_1_log_with_coups_put_right_replays_to_the_same_money_r_bq_e13() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["err_e14_explicit", "err_cf_e14_explicit", "err_e15_drew_on_seven", "err_e17_natural"] {
        let log = dir.join(format!("tests/fixtures/format-1/{name}.sabotlog"));
        let text = std::fs::read_to_string(&log).expect("fixture");
        assert!(text.contains("PutRight(play:"), "{name}: the fixture holds a format-1 ruling");
        let replayed = journal::replay(&log).expect("replays");
        let script_text = std::fs::read_to_string(dir.join(format!("tests/scenarios/{name}.ron"))).expect("script");
        let s = script::parse(&script_text).expect("parses");
        let run = script::run::run(&s).expect("runs");
        let (now, then) = (&run.table, &replayed.table);
        assert_eq!(now.bank(), then.bank(), "{name}: the bank");
        assert_eq!(now.totals().cagnotte, then.totals().cagnotte, "{name}: the cagnotte");
        assert_eq!(now.totals().coups, then.totals().coups, "{name}: the coups");
        assert_eq!(now.coup().play.hands, then.coup().play.hands, "{name}: the last coup's hands");
    }
}

/// A format-1 log whose settlement was changed and its chain recomputed is still
/// caught: the engine re-plays the operation and the money differs.
#[test]
fn a_format_1_log_with_a_settlement_changed_is_caught() {
    settlement_changed_is_caught("tests/fixtures/format-1/bq_worked_example.sabotlog");
}

/// Format 2's logs (a shift of each game) verify through the records of their day:
/// events applied as logged, each settlement re-played to the cent.
#[test]
fn every_format_2_fixture_verifies_and_replays() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format-2");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("the format-2 fixtures") {
        let log = e.expect("entry").path();
        let text = std::fs::read_to_string(&log).expect("read");
        assert!(text.starts_with("Record(v:2,"), "{} is a format-2 log", log.display());
        let report = journal::verify(&log);
        assert!(report.is_ok(), "{}: {:?}", log.display(), report.result.err());
        let replayed = journal::replay(&log).expect("replays");
        assert_eq!(replayed.table.totals().coups, 20, "{}", log.display());
        n += 1;
    }
    assert_eq!(n, 3, "a fixture for each game");
}

#[test]
fn a_format_2_log_with_a_settlement_changed_is_caught() {
    settlement_changed_is_caught("tests/fixtures/format-2/banque-sim.sabotlog");
}

fn settlement_changed_is_caught(fixture: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture);
    let text = std::fs::read_to_string(src).expect("fixture");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = lines.iter().position(|l| l.contains("Settled(")).expect("a settled coup");
    let (head, _) = lines[at].split_once("bank_after:\"").expect("a bank after");
    let rest = &lines[at][head.len() + "bank_after:\"".len()..];
    let end = rest.find('"').expect("amount");
    lines[at] = format!("{head}bank_after:\"999999\"{}", &rest[end..]);
    // Recompute every hash from the changed line on, as a forger would.
    let mut prev = {
        let l = &lines[at - 1];
        l[l.len() - 66..l.len() - 2].to_string()
    };
    for line in lines.iter_mut().skip(at) {
        let body_end = line.rfind(",prev:\"").expect("prev");
        let content = format!("{},prev:\"{prev}\"", &line[..body_end]);
        let hash = journal::record::sha256_hex(content.as_bytes());
        *line = format!("{content},hash:\"{hash}\")");
        prev = hash;
    }
    let forged = dir.path().join("forged.sabotlog");
    std::fs::write(&forged, lines.join("\n") + "\n").expect("write");
    let report = journal::verify(&forged);
    assert_eq!(report.exit_code(), 1, "{:?}", report.result.as_ref().err());
}
