//! Logs of format 5, written before a settlement named the clause that voided its
//! coup (it said `void:true`), still verify and replay to the table the same script
//! makes through today's engine. The fixtures in `tests/fixtures/format-5/` were
//! written by the Sabot of format 5 from the table scripts of the same names: coups
//! void by stuck cards (R-BQ-E3), an irregular deal (R-BQ-E8), cards lost in the
//! discard (R-BQ-E11) and a Punto y Banca tie (R-PB-4).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::{Clause, Event};
use sabot::journal::{self, Body, record};
use sabot::script;
use std::path::Path;

const FIXTURES: [(&str, Clause); 4] = [
    ("err_e03_stuck_cards", Clause::BQE3),
    ("err_e08_irregular_deal", Clause::BQE8),
    ("err_e11_lost_in_discard", Clause::BQE11),
    ("pb_tie_is_void", Clause::PB4),
];

/// The voids of a log's settlements, read as today's Sabot reads them.
fn voids(text: &str) -> Vec<Option<Clause>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let r = record::decode(line.as_bytes()).expect("a record");
        if let Body::Op { events, .. } = r.body {
            for e in events {
                if let Event::Settled(s) = e {
                    out.push(s.void);
                }
            }
        }
    }
    out
}

#[test]
fn format_5_logs_with_void_coups_verify_and_replay_to_the_scripts_table_r_bq_e3_e8_e11_r_pb_4() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, clause) in FIXTURES {
        let log = dir.join(format!("tests/fixtures/format-5/{name}.sabotlog"));
        let text = std::fs::read_to_string(&log).expect("fixture");
        assert!(text.starts_with("Record(v:5,"), "{name} is a format-5 log");
        assert!(text.contains(",void:true)"), "{name}: a settlement of a void coup as format 5 wrote it");
        // Read today, the void coup names its clause (from its bets, or its tie).
        let v = voids(&text);
        assert_eq!(v.iter().flatten().collect::<Vec<_>>(), [&clause], "{name}: {v:?}");
        let report = journal::verify(&log);
        assert!(report.is_ok(), "{name}: {:?}", report.result.err());
        assert!(report.result.expect("verified").closed.is_some(), "{name} is closed");
        let replayed = journal::replay(&log).expect("replays");
        let script_text = std::fs::read_to_string(dir.join(format!("tests/scenarios/{name}.ron"))).expect("script");
        let run = script::run::run(&script::parse(&script_text).expect("parses")).expect("runs");
        assert!(run.table.totals().void >= 1, "{name}: the script voids a coup");
        assert_eq!(replayed.table.totals(), run.table.totals(), "{name}: the shift's totals");
        assert_eq!(replayed.table.bank(), run.table.bank(), "{name}: the bank");
        assert_eq!(replayed.table.coup().settlement, run.table.coup().settlement, "{name}: the last settlement");
    }
}

/// The same scripts written today (format 6) name each void coup's clause in the log,
/// and verify.
#[test]
fn a_log_written_today_names_the_clause_of_each_void_coup_and_verifies() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tmp");
    for (name, clause) in FIXTURES {
        let script_text = std::fs::read_to_string(dir.join(format!("tests/scenarios/{name}.ron"))).expect("script");
        let s = script::parse(&script_text).expect("parses");
        let table = script::run::start_table(&s).expect("table");
        let header = journal::Header::from_table("Mesa 1", "Ana", &table, false).expect("header");
        let log = tmp.path().join(format!("{name}.sabotlog"));
        let mut j = journal::Journal::create(&log, header).expect("creates");
        for step in &s.steps {
            let ops = step.ops();
            let mut trial = j.table().clone();
            // The script's expected refusals are not written.
            if ops.iter().all(|op| trial.play(op).is_ok()) {
                for op in &ops {
                    j.play(op).expect("plays");
                }
            }
        }
        j.close().expect("closes");
        let text = std::fs::read_to_string(&log).expect("log");
        assert!(text.contains(&format!(",void:\"{clause}\")")), "{name}: the clause written");
        assert!(!text.contains(",void:true)"), "{name}");
        assert_eq!(voids(&text).iter().flatten().collect::<Vec<_>>(), [&clause], "{name}");
        let report = journal::verify(&log);
        assert!(report.is_ok(), "{name}: {:?}", report.result.err());
        // From format 6 the clause is checked: the same log with another clause fails.
        let mut prev = record::GENESIS.to_string();
        let mut out = String::new();
        for line in text.lines() {
            let mut r = record::decode(line.as_bytes()).expect("record");
            if let Body::Op { events, .. } = &mut r.body {
                for e in events.iter_mut() {
                    if let Event::Settled(s) = e
                        && s.void.is_some()
                    {
                        std::sync::Arc::make_mut(s).void = Some(Clause::BQE18);
                    }
                }
            }
            r.prev = prev;
            let (line, hash) = record::encode(&r).expect("encodes");
            prev = hash;
            out.push_str(&line);
            out.push('\n');
        }
        std::fs::write(&log, out).expect("rewrites");
        let report = journal::verify(&log);
        let bad = report.result.expect_err("another clause is found");
        assert!(bad.to_string().contains("R-BQ-E18"), "{name}: {bad}");
    }
}
