//! Logs of format 7, written before roles started at the first section with a player
//! (issue 47, log format 8), verify and replay as they were written. The fixtures in
//! `tests/fixtures/format-7/` were written by the Sabot of format 7 (commit 5e63b8f) from
//! table scripts at tables the croupier seats with their first sections empty: there each
//! paño's cards (R-BQ-9) and Punto y Banca's sabot (R-PB-1) stayed at section 1 (and 7)
//! until they passed, to the first player after it. The journal plays them under the
//! reading of their format (`Reading::Presence`); the same records stamped format 8 fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::journal_format6::restamped;
use sabot::engine::{Event, Reading};
use sabot::journal::{self, Body, record};
use std::path::{Path, PathBuf};

const FIXTURES: [&str; 2] = ["bq_roles_before_first_seat", "pb_roles_before_first_seat"];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/format-7/{name}.sabotlog"))
}

/// Where the roles passed, as written.
fn passes(name: &str) -> Vec<Event> {
    let text = std::fs::read_to_string(fixture(name)).expect("fixture");
    let mut out = Vec::new();
    for line in text.lines() {
        if let Body::Op { events, .. } = record::decode(line.as_bytes()).expect("a record").body {
            out.extend(
                events.into_iter().filter(|e| matches!(e, Event::HolderPassed { .. } | Event::SabotPassed { .. })),
            );
        }
    }
    out
}

#[test]
fn format_7_logs_verify_and_replay_as_they_were_written_r_bq_9_r_pb_1() {
    for name in FIXTURES {
        let log = fixture(name);
        let text = std::fs::read_to_string(&log).expect("fixture");
        assert!(text.starts_with("Record(v:7,"), "{name} is a format-7 log");
        let report = journal::verify(&log);
        assert!(report.is_ok(), "{name}: {:?}", report.result.err());
        let verified = report.result.expect("verified");
        let close = verified.closed.clone().expect("closed");
        assert_eq!(verified.table.reading(), Reading::Presence, "{name}");
        let replayed = journal::replay(&log).expect("replays");
        assert_eq!(replayed.table, verified.table, "{name}: replay and verify end at one table");
        assert_eq!((&close.totals, close.bank), (replayed.table.totals(), replayed.table.bank()), "{name}");
        crate::journal_summary::followed_as_whole(&log);
    }
    // What the logs hold: the roles read from section 1 (and 7), nobody there.
    assert_eq!(
        passes("bq_roles_before_first_seat"),
        [
            Event::HolderPassed { tableau: 1, to: 2 },
            Event::HolderPassed { tableau: 2, to: 8 },
            Event::HolderPassed { tableau: 1, to: 3 },
            Event::HolderPassed { tableau: 2, to: 9 },
        ]
    );
    assert_eq!(passes("pb_roles_before_first_seat"), [Event::SabotPassed { to: 3 }, Event::SabotPassed { to: 4 }]);
}

/// The gate is the format: the same records stamped format 8 are read under today's
/// rules, where the roles start at the first player, and verification names the record.
#[test]
fn the_same_records_as_format_8_do_not_verify() {
    let tmp = tempfile::tempdir().expect("tmp");
    for name in FIXTURES {
        let text = std::fs::read_to_string(fixture(name)).expect("fixture");
        let log = tmp.path().join(format!("{name}.sabotlog"));
        std::fs::write(&log, restamped(&text, record::FIRST_SEAT)).expect("writes");
        assert!(journal::verify(&log).result.is_err(), "{name}: verifies as format 8");
        std::fs::write(&log, restamped(&text, 7)).expect("writes");
        assert!(journal::verify(&log).is_ok(), "{name}");
    }
}
