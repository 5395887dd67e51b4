//! Logs of format 6, written before the rules of who is at the table (docs/RULES-NOTES.md
//! §11, log format 7), verify and replay as they were written. The fixtures in
//! `tests/fixtures/format-6/` were written by the Sabot of format 6 (commit e4a0740) from
//! table scripts that today's rules refuse or read otherwise: a free bank's bets taken
//! straight on and its bank at −100 (R-BQ-4), the banker counted as one of his paño's two
//! players (R-BQ-2), a leaver's bet of a void coup carried and paid (R-BQ-E3, R-PB-4), the
//! bank's natural shown at its turn flagged (R-BQ-12), banca seguida called by a seat that
//! left (R-CF-6, R-BQ-1). The journal plays them under the reading of their format
//! (`Reading::BeforePresence`); the same records stamped format 7 fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::{Clause, Event, Money, Reading, Settlement};
use sabot::journal::{self, Body, record};
use std::path::{Path, PathBuf};

const FIXTURES: [&str; 3] = ["bq_before_presence", "cf_before_presence", "pb_before_presence"];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/format-6/{name}.sabotlog"))
}

fn m(s: &str) -> Money {
    s.parse().expect("money")
}

/// The events of a log, in order, as written.
fn events(name: &str) -> Vec<Event> {
    let text = std::fs::read_to_string(fixture(name)).expect("fixture");
    let mut out = Vec::new();
    for line in text.lines() {
        if let Body::Op { events, .. } = record::decode(line.as_bytes()).expect("a record").body {
            out.extend(events);
        }
    }
    out
}

/// The settlements of a log, in order, as written.
fn settlements(name: &str) -> Vec<Settlement> {
    let settled = |e: Event| match e {
        Event::Settled(s) => Some((*s).clone()),
        _ => None,
    };
    events(name).into_iter().filter_map(settled).collect()
}

/// A seat's net in a settlement.
fn net(s: &Settlement, seat: u8) -> Option<Money> {
    s.seats.iter().find(|r| r.player.seat == seat).map(|r| r.net)
}

/// The log's records stamped with another format, chained and hashed again.
pub(crate) fn restamped(text: &str, format: u32) -> String {
    let mut prev = record::GENESIS.to_string();
    let mut out = String::new();
    for line in text.lines() {
        let mut r = record::decode(line.as_bytes()).expect("record");
        r.v = format;
        if let Body::Header(h) = &mut r.body {
            h.format = format;
        }
        r.prev = prev;
        let (line, hash) = record::encode(&r).expect("encodes");
        prev = hash;
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn format_6_logs_verify_and_replay_as_they_were_written_r_bq_1_r_bq_4_r_bq_12_r_pb_4() {
    for name in FIXTURES {
        let log = fixture(name);
        let text = std::fs::read_to_string(&log).expect("fixture");
        assert!(text.starts_with("Record(v:6,"), "{name} is a format-6 log");
        let report = journal::verify(&log);
        assert!(report.is_ok(), "{name}: {:?}", report.result.err());
        let verified = report.result.expect("verified");
        // The closing record the Sabot of format 6 wrote: its totals and bank are the
        // replayed table's (verify checks them), and a replay that applies the logged
        // events ends at the same table.
        let close = verified.closed.clone().expect("closed");
        assert_eq!(verified.table.reading(), Reading::BeforePresence, "{name}");
        let replayed = journal::replay(&log).expect("replays");
        assert_eq!(replayed.table, verified.table, "{name}: replay and verify end at one table");
        assert_eq!((&close.totals, close.bank), (replayed.table.totals(), replayed.table.bank()), "{name}");
    }
    // What the logs hold, as they were written.
    let bq = settlements("bq_before_presence");
    let banks: Vec<Money> = bq.iter().map(|s| s.bank_after).collect();
    // A free bank below 0 (R-BQ-4); a void coup (R-BQ-E3); the leaver's 100 paid: 850.
    assert_eq!(banks[..3], [m("-100"), m("1000"), m("850")], "{banks:?}");
    assert_eq!(net(&bq[2], 1), Some(m("100")), "section 1 left and was paid");
    let flagged =
        events("bq_before_presence").iter().any(|e| matches!(e, Event::Infraction(i) if i.clause == Clause::BQ12));
    assert!(flagged, "the natural at its turn flagged");
    let cf = settlements("cf_before_presence");
    assert_eq!(net(&cf[1], 4), Some(m("195")), "banca seguida of a seat that left, paid");
    let pb = settlements("pb_before_presence");
    assert_eq!(net(&pb[1], 3), Some(m("50")), "the leaver's carried bet, paid");
}

/// The gate is the format: the same records stamped format 7 are read under today's
/// rules, which refuse or decide otherwise, and verification names the record.
#[test]
fn the_same_records_as_format_7_do_not_verify() {
    let tmp = tempfile::tempdir().expect("tmp");
    for name in FIXTURES {
        let text = std::fs::read_to_string(fixture(name)).expect("fixture");
        let log = tmp.path().join(format!("{name}.sabotlog"));
        std::fs::write(&log, restamped(&text, record::PRESENCE)).expect("writes");
        let report = journal::verify(&log);
        assert!(report.result.is_err(), "{name}: verifies as format 7");
        // Stamped 6 again, they verify: only the format changed.
        std::fs::write(&log, restamped(&text, 6)).expect("writes");
        assert!(journal::verify(&log).is_ok(), "{name}");
    }
}

/// Format 6 was also written by the Sabot that first played the rules of who is at the
/// table, before format 7 marked them: a free bank covered by its banker (R-BQ-4), a
/// leaver's void-coup bet gone with him (R-BQ-E3, R-PB-4), the bank's natural at its turn
/// not flagged (R-BQ-12). Such a log (made here by today's engine and stamped format 6, as
/// that Sabot wrote it) verifies and replays under the reading it was written under.
#[test]
fn format_6_logs_written_under_the_presence_rules_verify_too_r_bq_4_r_bq_12_r_bq_e3_r_pb_4() {
    use sabot::engine::Op;
    use sabot::script;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tmp");
    for name in [
        "bq_free_bank_cannot_cover",
        "shift_bq_leaver_takes_his_bets",
        "shift_pb_leaver_takes_his_bets",
        "bq_bank_natural_shown_at_its_turn",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("tests/scenarios/{name}.ron"))).expect("script");
        let s = script::parse(&text).expect("parses");
        let table = script::run::start_table(&s).expect("table");
        let header = journal::Header::from_table("Mesa 1", "Ana", &table, false).expect("header");
        let log = tmp.path().join(format!("{name}.sabotlog"));
        let mut j = journal::Journal::create(&log, header).expect("creates");
        for step in &s.steps {
            let mut ops = step.ops();
            // A free bank's bet: offered and accepted (as the script runner enters it).
            if let [Op::Bet { player, spot, amount }] = ops.as_slice()
                && let offer @ Op::OfferBet { player, .. } = j.table().bet_of(*player, *spot, *amount)
            {
                ops = vec![offer, Op::AcceptBet { player }];
            }
            for op in &ops {
                j.play(op).unwrap_or_else(|e| panic!("{name}: {op:?}: {e:?}"));
            }
        }
        j.close().expect("closes");
        let written = std::fs::read_to_string(&log).expect("log");
        std::fs::write(&log, restamped(&written, 6)).expect("stamped format 6");
        let report = journal::verify(&log);
        assert!(report.is_ok(), "{name}: {:?}", report.result.err());
        let verified = report.result.expect("verified");
        assert_eq!(verified.table.reading(), Reading::Presence, "{name}");
        let replayed = journal::replay(&log).expect("replays");
        assert_eq!(replayed.table, verified.table, "{name}");
        // The floor follows such a shift record by record to the same figures.
        crate::journal_summary::followed_as_whole(&log);
    }
}
