#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly
//! The croupier takes back his own entries (`Op::TakeBack`): at every point of whole
//! simulated shifts of each game, taking back the last k entries of the coup leaves
//! the table exactly as if they had never been entered (the shift's count of
//! corrections aside); entering them again brings it back to where it was; and a log
//! holding take-backs verifies, replays, and is summed up without what was taken back.

use crate::common;

use sabot::engine::{Event, Game, Op, Reason, Table};
use sabot::sim::{OpSink, Simulator, SinkFailed};

/// Every operation a simulated shift made, with its events.
struct Recorder(Vec<(Op, Vec<Event>)>);

impl OpSink for Recorder {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), SinkFailed> {
        self.0.push((op.clone(), events.to_vec()));
        Ok(())
    }
}

fn simulated(game: Game, seed: u64, coups: u32) -> (Table, Vec<(Op, Vec<Event>)>) {
    let mut sim = Simulator::new(game, seed).expect("simulator");
    let start = sim.table.clone();
    let mut rec = Recorder(Vec::new());
    sim.run(coups, &mut rec).expect("simulated shift");
    (start, rec.0)
}

/// `a` is `b` with one more correction counted: every other part of the table equal.
fn same_but_one_correction(a: &Table, b: &Table, what: &str) {
    assert_eq!(a.coup(), b.coup(), "{what}: the coup differs");
    assert_eq!(a.shoe(), b.shoe(), "{what}: the sabot differs");
    assert_eq!(a.bank(), b.bank(), "{what}: the bank differs");
    assert_eq!(a.shift(), b.shift(), "{what}: the shift differs");
    assert_eq!(a.owed(), b.owed(), "{what}: what is owed differs");
    let mut totals = b.totals().clone();
    totals.corrections += 1;
    assert_eq!(*a.totals(), totals, "{what}: the totals differ");
}

#[test]
fn taking_back_k_entries_is_as_if_they_were_never_entered_in_every_game() {
    for game in Game::ALL {
        let (start, ops) = simulated(game, 11, 25);
        let mut t = start.clone();
        // The table before each entry of the coup in play, oldest first.
        let mut before: Vec<Table> = Vec::new();
        // Entries count from the shift's first coup (before it, shuffling and the cut).
        let mut opened = false;
        let mut checked = 0u32;
        for (i, (op, logged)) in ops.iter().enumerate() {
            let pre = t.clone();
            let events = t.play(op).expect("the simulated shift replays");
            assert_eq!(&events, logged);
            if events.iter().any(|e| matches!(e, Event::CoupOpened { .. })) {
                before.clear();
                opened = true;
            } else if opened && !events.is_empty() {
                before.push(pre);
            }
            let n = before.len() as u32;
            // One past the coup's entries is refused, the table unchanged.
            let mut u = t.clone();
            let refused = u.play(&Op::TakeBack { entries: n + 1 }).expect_err("too far");
            assert!(
                matches!(refused.reason, Reason::TakeBackTooFar { .. } | Reason::NothingToTakeBack { .. }),
                "{game:?} op {i}: {refused:?}"
            );
            assert_eq!(u, t, "a refused take-back changed the table");
            for k in (1..=n).filter(|k| *k <= 3 || *k == n) {
                let mut u = t.clone();
                let op_k = Op::TakeBack { entries: k };
                assert!(u.can(&op_k), "{game:?} op {i}: can() refuses taking back {k} of {n}");
                let events = u.play(&op_k).unwrap_or_else(|r| panic!("{game:?} op {i}: take back {k} of {n}: {r:?}"));
                let [Event::TakenBack { entries, undone }] = events.as_slice() else {
                    panic!("{game:?} op {i}: {events:?}")
                };
                assert_eq!(*entries, k);
                assert!(!undone.is_empty());
                let was = &before[(n - k) as usize];
                same_but_one_correction(&u, was, &format!("{game:?} op {i}, {k} of {n} taken back"));
                // Entered again, the same entries bring the table back where it was.
                let again = &ops[..=i];
                let redo: Vec<&Op> =
                    again.iter().rev().filter(|(_, e)| !e.is_empty()).take(k as usize).map(|(op, _)| op).collect();
                for op in redo.into_iter().rev() {
                    u.play(op).unwrap_or_else(|r| panic!("{game:?} op {i}: {op:?} again: {r:?}"));
                }
                same_but_one_correction(&u, &t, &format!("{game:?} op {i}, {k} entered again"));
                checked += 1;
            }
        }
        assert!(checked > 200, "{game:?}: only {checked} take-backs tried");
    }
}

#[test]
fn a_logged_take_back_verifies_replays_and_is_not_counted_in_the_summary() {
    let dir = tempfile::tempdir().expect("dir");
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/tb_bq_misread_cards_taken_back.ron");
    let log = dir.path().join("shift.sabotlog");
    common::log_script(&script, &log, true);
    let text = std::fs::read_to_string(&log).expect("log");
    assert!(text.contains("TakeBack(entries:1)"), "the take-back is a record of its own");
    assert!(text.contains("TakenBack(entries:1,undone:["), "it names what it takes back");
    let report = sabot::journal::verify(&log);
    assert_eq!(report.exit_code(), 0, "{:?}", report.result.err());
    let replayed = sabot::journal::replay(&log).expect("replays");
    assert_eq!(replayed.table.totals().corrections, 1);
    let s = sabot::reports::summary::summarise(&log, Default::default()).expect("summary");
    assert_eq!((s.corrections, s.entries_taken_back), (1, 1));
    // The false «stood on 2» (R-BQ-11) was the croupier's typo, taken back: not an
    // infraction of the shift.
    assert!(s.infractions.is_empty(), "{:?}", s.infractions);
    assert!(s.reconciliation.balanced(), "{:?}", s.reconciliation);
    assert_eq!(s.coups, 1);
    let lines = sabot::reports::summary_text::summary_lines(sabot::i18n::Lang::En, &s);
    assert!(
        lines.iter().any(|l| l.contains("Entries the croupier took back before payment: 1, in one take-back")),
        "{lines:#?}"
    );
    // In Spanish the pit boss's amendments (none) are not «Correcciones: ninguna»
    // above the croupier's own take-backs (issue 40): each says whose it is.
    let es = sabot::reports::summary_text::summary_lines(sabot::i18n::Lang::Es, &s);
    assert!(!es.iter().any(|l| l.starts_with("Correcciones: ninguna")), "{es:#?}");
    assert!(es.iter().any(|l| l.contains("(R-BQ-E7): ninguna")), "{es:#?}");
}

/// Entries taken back before the coup's end never count: an error recorded by
/// mistake (R-BQ-E1 early cards), taken back, leaves the shift's errors at none.
#[test]
fn an_error_keyed_by_mistake_and_taken_back_is_not_an_error_of_the_shift() {
    use sabot::engine::{Money, PlayerRef, Shoe, Spot};
    let mut t =
        Table::new(sabot::engine::TableSettings::new(Game::Banque), Money::units(1000), Shoe::decks(6)).expect("table");
    t.play(&Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: Money::units(100) }).expect("bet");
    t.play(&Op::EarlyCards { count: 1 }).expect("early card recorded");
    assert_eq!(t.totals().errors, 1);
    t.play(&Op::TakeBack { entries: 1 }).expect("taken back");
    assert_eq!(t.totals().errors, 0);
    assert!(t.coup().errors.is_empty());
    assert_eq!(t.coup().bets.len(), 1, "the bet before it stands");
}
