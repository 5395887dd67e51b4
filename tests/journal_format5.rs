//! Logs of format 5, written before a settlement named the clause that voided its
//! coup (it said `void:true`), still verify and replay to the table the same script
//! makes through today's engine. The fixtures in `tests/fixtures/format-5/` were
//! written by the Sabot of format 5 from the table scripts of the same names: coups
//! void by stuck cards (R-BQ-E3), an irregular deal (R-BQ-E8), cards lost in the
//! discard (R-BQ-E11) and a Punto y Banca tie (R-PB-4).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::journal;
use sabot::script;
use std::path::Path;

const FIXTURES: [&str; 4] = ["err_e03_stuck_cards", "err_e08_irregular_deal", "err_e11_lost_in_discard", "pb_tie_is_void"];

#[test]
fn format_5_logs_with_void_coups_verify_and_replay_to_the_scripts_table_r_bq_e3_e8_e11_r_pb_4() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in FIXTURES {
        let log = dir.join(format!("tests/fixtures/format-5/{name}.sabotlog"));
        let text = std::fs::read_to_string(&log).expect("fixture");
        assert!(text.starts_with("Record(v:5,"), "{name} is a format-5 log");
        assert!(text.contains(",void:true)"), "{name}: a settlement of a void coup as format 5 wrote it");
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
