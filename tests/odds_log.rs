//! `sabot odds --log FILE --coup N`: the odds of the shoe left in a shift log before
//! coup N (issue 7), the same as the odds of that composition given by counts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::cli::odds::{OddsArgs, odds_lines};
use sabot::engine::Game;
use sabot::i18n::Lang;
use sabot::journal::{Header, Journal};
use sabot::sim::{OpSink, Simulator, SinkFailed};

struct Log(Journal);

impl OpSink for Log {
    fn record(&mut self, op: &sabot::engine::Op, events: &[sabot::engine::Event]) -> Result<(), SinkFailed> {
        self.0.append(op, events).map(|_| ()).map_err(|e| panic!("the log did not take a record: {e}"))
    }
}

#[test]
fn odds_of_the_shoe_left_in_a_log() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("shift.sabotlog");
    let settings = sabot::engine::TableSettings::new(Game::PuntoBanca);
    let journal = Journal::create(&path, Header::live("t", "c", settings, false)).expect("log");
    let mut log = Log(journal);
    let mut sim = Simulator::new(Game::PuntoBanca, 5).expect("table");
    // Play 12 coups, and remember the shoe as coup 8 begins.
    let mut counts_before_8 = None;
    for _ in 0..12 {
        if sim.table.shift().coup_number == 7 && sim.table.settlement().is_some() {
            counts_before_8 = Some(sim.table.shoe().points_counts());
        }
        sim.play_coup(&mut log).expect("coup");
    }
    log.0.close().expect("close");
    let counts = counts_before_8.expect("coup 7 was played");
    let by_log = OddsArgs { log: Some(path.clone()), coup: Some(8), ..Default::default() };
    let counts_text = counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    let by_counts = OddsArgs { counts: Some(counts_text), ..Default::default() };
    let a = odds_lines(&OddsArgs { game: Some("punto-banca".into()), ..by_log }, Lang::En).expect("odds from the log");
    let b =
        odds_lines(&OddsArgs { game: Some("punto-banca".into()), ..by_counts }, Lang::En).expect("odds from counts");
    assert_eq!(a[0], b[0]);
    assert!(a[0].starts_with("banker 0."), "{}", a[0]);
    let missing = OddsArgs { game: Some("punto-banca".into()), log: Some(path), coup: Some(40), ..Default::default() };
    assert!(odds_lines(&missing, Lang::En).is_err());
}
