//! Coups with errors and rulings in the shift log: logged, verified, exported as a
//! table script that `sabot play` runs to the same outcome; the report counts the
//! errors by clause and the amendments (issues 4 and 5).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::journal::{self, Header, Journal};
use sabot::reports::{export, report};
use sabot::script::{self, run};
use std::path::PathBuf;

fn scenario(name: &str) -> script::Script {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios").join(name);
    script::parse(&std::fs::read_to_string(&path).expect("scenario")).expect("parses")
}

/// Logs a scenario's steps (refused steps are refused by the journal too, and skipped).
fn log_scenario(s: &script::Script, path: &std::path::Path) {
    let table = run::start_table(s).expect("table");
    let header = Header::from_table("mesa 1", "croupier", &table, false).expect("header");
    let mut j = Journal::create(path, header).expect("log");
    for step in &s.steps {
        if matches!(step, script::Step::Check(_)) {
            continue;
        }
        // A step of several cards is one operation a card.
        let mut trial = j.table().clone();
        let ok = step.ops().iter().all(|op| trial.play(op).is_ok());
        if ok {
            for op in step.ops() {
                j.play(&op).expect("logged");
            }
        }
    }
    j.close().expect("closed");
}

#[test]
fn a_coup_put_right_exports_to_the_same_outcome() {
    let dir = tempfile::tempdir().expect("dir");
    for name in [
        "err_nested_put_right.ron",
        "bq_infractions_found_at_showdown.ron",
        "err_e12_announcement.ron",
        "err_e12_announced_after_the_no.ron",
    ] {
        let s = scenario(name);
        let path = dir.path().join(name.replace(".ron", ".sabotlog"));
        log_scenario(&s, &path);
        assert_eq!(journal::verify(&path).exit_code(), 0, "{name} verifies");
        let last = journal::replay(&path).expect("replays").table.shift().coup_number;
        let exported = export::export_coup(&path, last).expect("exports");
        assert!(exported.settled, "{name}");
        let r = run::run(&exported.script).expect("runs");
        assert!(r.stopped.is_none(), "{name}: {:?}", r.stopped);
        assert!(run::check(&exported.script, &r).is_empty(), "{name}: {:?}", run::check(&exported.script, &r));
        // The same settlement as in the log.
        let logged = journal::replay(&path).expect("replays");
        assert_eq!(r.table.settlement(), logged.table.settlement(), "{name}");
    }
}

#[test]
fn the_report_counts_errors_by_clause_and_amendments() {
    let dir = tempfile::tempdir().expect("dir");
    let s = scenario("err_e07_claims_and_amendments.ron");
    let path = dir.path().join("e7.sabotlog");
    log_scenario(&s, &path);
    let r = report::report(&path).expect("report");
    assert_eq!(r.amendments.len(), 1);
    let s = scenario("err_nested_put_right.ron");
    let path = dir.path().join("nested.sabotlog");
    log_scenario(&s, &path);
    let r = report::report(&path).expect("report");
    let clauses: Vec<String> = r.errors.keys().map(|c| c.to_string()).collect();
    assert_eq!(clauses, ["R-BQ-E2", "R-BQ-E8", "R-BQ-E9", "R-BQ-E16"]);
    assert_eq!(r.errors.values().sum::<u32>(), 4);
}

/// The pit boss reads the report in Spanish or English (R-BQ-E7 amendments, errors by clause).
#[test]
fn the_report_reads_in_both_languages_r_bq_e7() {
    use sabot::i18n::Lang;
    let dir = tempfile::tempdir().expect("dir");
    let s = scenario("err_nested_put_right.ron");
    let path = dir.path().join("nested.sabotlog");
    log_scenario(&s, &path);
    let text = |lang| {
        let mut out = Vec::new();
        assert_eq!(sabot::cli::report::report(std::slice::from_ref(&path), None, false, lang, &mut out), 0);
        String::from_utf8(out).expect("utf-8")
    };
    let es = text(Lang::Es);
    let en = text(Lang::En);
    assert!(
        es.contains("4 errores anotados: R-BQ-E2 una vez, R-BQ-E8 una vez, R-BQ-E9 una vez, R-BQ-E16 una vez."),
        "{es}"
    );
    assert!(en.contains("4 errors recorded: R-BQ-E2 once, R-BQ-E8 once, R-BQ-E9 once, R-BQ-E16 once."), "{en}");
    assert!(
        es.contains("Correcciones del jefe de mesa tras el pago (R-BQ-E7): ninguna.")
            && en.contains("Amendments: none.")
    );
    // Plain words: no event names, times to the second, no «vez/veces».
    for text in [&es, &en] {
        for word in ["BankAnnounced", "PutRight", "Settled", "Error(", "vez/veces", "T0", "+00:00"] {
            assert!(!text.contains(word), "{word} in {text}");
        }
    }
    assert!(!es.contains("report-") && !en.contains("report-"));
}

/// Sabot's one way to write a whole file (`journal::AtomicFile`): nothing is in place
/// until the commit, a file dropped unwritten leaves the old one as it was and no
/// temporary file behind, and a failure is said in the screen's language.
#[test]
fn a_whole_file_is_in_place_only_once_written_and_a_failure_is_said_in_words() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("report.csv");
    std::fs::write(&path, "old\n").expect("old");
    let mut f = journal::AtomicFile::create(&path).expect("create");
    f.write_all(b"new, half").expect("write");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "old\n", "nothing in place before the commit");
    drop(f);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "old\n");
    let names: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").flatten().map(|e| e.file_name()).collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
    let mut f = journal::AtomicFile::create(&path).expect("create");
    f.write_all(b"new\n").expect("write");
    f.commit().expect("commit");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "new\n");
    // A folder that does not exist: said in Spanish, the system's English nowhere.
    let nowhere = dir.path().join("no-such-folder").join("x.csv");
    let e = journal::AtomicFile::create(&nowhere).err().expect("refused");
    let es = journal::text::journal_error_text(sabot::i18n::Lang::Es, &e);
    assert!(es.contains("crear el archivo") && es.contains("no existe"), "{es}");
    assert!(!es.contains("No such file") && !es.contains("os error"), "{es}");
}

/// `sabot report --csv` into a folder that does not exist: refused in the language
/// asked, status 2, no file and no temporary file anywhere.
#[test]
fn a_report_csv_that_cannot_be_written_is_said_in_spanish_and_leaves_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("t.sabotlog");
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_cli_pit(
        sabot::engine::Game::PuntoBanca,
        5,
        1,
        Some(&log),
        None,
        sabot::i18n::Lang::En,
        &mut out,
    );
    assert_eq!(status, 0);
    let csv = dir.path().join("missing").join("r.csv");
    let mut out = Vec::new();
    let status = sabot::cli::report::report(&[log], Some(&csv), false, sabot::i18n::Lang::Es, &mut out);
    let text = String::from_utf8(out).expect("utf-8");
    assert_eq!(status, 2, "{text}");
    assert!(text.contains("no existe") && !text.contains("os error"), "{text}");
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1, "only the log");
}

/// R-BQ-E12: a log where the banker's announcement withdrew a settlement before it was
/// paid (`Unsettled`) sums up as its table: three coups, each counted once, the bank
/// reconciled to the cent, the floor's follower at the same figures.
#[test]
fn a_withdrawn_settlement_is_counted_once_r_bq_e12() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("e12.sabotlog");
    log_scenario(&scenario("err_e12_announced_after_the_no.ron"), &path);
    let text = std::fs::read_to_string(&path).expect("log");
    assert_eq!(text.matches("Unsettled").count(), 2, "two settlements withdrawn");
    // The review's coup list: each coup once, at the bank its standing settlement left.
    let mut rows = Vec::new();
    let mut each = |c: sabot::reports::summary::CoupRow| rows.push((c.number, c.bank_after.to_string()));
    let options = sabot::reports::summary::Options { progress: None, on_coup: Some(&mut each) };
    let s = sabot::reports::summary::summarise(&path, options).expect("summary");
    let banks = [(1, "1095.00"), (2, "1190.00"), (3, "1090.00")].map(|(n, b)| (n, b.to_string()));
    assert_eq!(rows, banks, "each coup once, its withdrawn settlement never");
    assert_eq!(s.coups, 3, "each coup counted once");
    assert!(s.reconciliation.balanced(), "{:?}", s.reconciliation);
    let replayed = journal::replay(&path).expect("replays");
    assert_eq!(s.reconciliation.bank_end, replayed.table.bank());
    crate::journal_summary::followed_as_whole(&path);
}
