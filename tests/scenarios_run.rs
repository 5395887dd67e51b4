//! Every table script in tests/scenarios/ runs through `sabot play`'s code and holds.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::script::{self, run};
use std::path::PathBuf;

fn scenario_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_scenario_holds() {
    let files = scenario_files();
    // A script lost (deleted, renamed to another extension, its folder moved) fails
    // here, and so does one added without saying so: change the figure with the scripts.
    const SCRIPTS: usize = 132;
    assert_eq!(files.len(), SCRIPTS, "scripts in tests/scenarios: {SCRIPTS} expected");
    // Nothing else lies in the folder: a script renamed out of `.ron` is not skipped.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let others: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios")
        .map(|e| e.expect("entry").path())
        .filter(|p| !files.contains(p))
        .collect();
    assert!(others.is_empty(), "files in tests/scenarios that are not scripts: {others:?}");
    let mut ran = 0;
    let mut failed = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        let s = match script::parse(&text) {
            Ok(s) => s,
            Err(e) => {
                failed.push(format!("{}:{e}", f.display()));
                continue;
            }
        };
        let r = run::run(&s).expect("table");
        if let Some((i, refusal)) = &r.stopped {
            failed.push(format!("{}: step {i} refused: {refusal}", f.display()));
        }
        for fail in run::check(&s, &r) {
            failed.push(format!("{}: {fail}", f.display()));
        }
        assert!(s.expect.is_some(), "{}: a scenario must say what must come of it", f.display());
        assert!(!s.rules.is_empty(), "{}: a scenario cites its clauses", f.display());
        if let Some(st) = r.table.settlement() {
            assert!(st.balances(), "{}: money does not balance", f.display());
        }
        ran += 1;
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(ran, SCRIPTS, "every script ran");
}

/// Verify compares the events the engine makes with the logged text by writing them
/// with its own compact RON writer: for every event of every scenario (every error
/// procedure included), it writes exactly what `ron` writes.
#[test]
fn the_compact_writer_writes_every_event_as_ron_does() {
    let mut events = Vec::new();
    for f in scenario_files() {
        let text = std::fs::read_to_string(&f).expect("read");
        let Ok(s) = script::parse(&text) else { continue };
        let r = run::run(&s).expect("table");
        events.extend(r.events);
    }
    assert!(events.len() > 500, "{} events", events.len());
    let mut kinds = std::collections::BTreeSet::new();
    for e in &events {
        let mut mine = String::new();
        sabot::journal::ron_text::write(&vec![e.clone()], &mut mine).expect("written");
        assert_eq!(mine, ron::to_string(&vec![e.clone()]).expect("ron"));
        kinds.insert(format!("{e:?}").split(['(', ' ']).next().unwrap_or("").to_string());
    }
    assert!(kinds.len() >= 30, "only {} kinds of event: {kinds:?}", kinds.len());
}

/// Money a banker brings into a standing bank is its own record (R-BQ-17: a bank is
/// announced at least as it stands), so that the shift's bank reconciles: `=1200` on a
/// bank of 1.000 records 200 brought in, then the announcement; announcing the bank as
/// it stands records nothing brought in.
#[test]
fn a_top_up_is_recorded_as_money_brought_in_r_bq_17() {
    use sabot::engine::{Event, Money};
    let text = std::fs::read_to_string("tests/scenarios/shift_bq_bank_top_up.ron").expect("read");
    let s = script::parse(&text).expect("script");
    let r = run::run(&s).expect("table");
    let money: Vec<&Event> =
        r.events.iter().filter(|e| matches!(e, Event::BroughtIn { .. } | Event::BankAnnounced { .. })).collect();
    let m = Money::units;
    assert_eq!(
        money,
        vec![
            &Event::BankAnnounced { amount: m(1000) },
            &Event::BroughtIn { amount: m(200) },
            &Event::BankAnnounced { amount: m(1200) },
        ]
    );
    // A broken bank (at 0, its banker there) refilled by him: all of it brought in (R-BQ-3).
    let text = std::fs::read_to_string("tests/scenarios/shift_bq_broken_bank.ron").expect("read");
    let s = script::parse(&text).expect("script");
    let r = run::run(&s).expect("table");
    let brought: Vec<&Event> = r.events.iter().filter(|e| matches!(e, Event::BroughtIn { .. })).collect();
    assert_eq!(brought, vec![&Event::BroughtIn { amount: m(1200) }]);
}

/// A ruling says what it will do, card by card, before the croupier confirms it
/// (R-BQ-E15): confirmed before paño 2 has spoken, the card paño 1 gave up waits for
/// paño 2's word; the bank then plays by R-BQ-E13; the bets stay.
#[test]
fn a_ruling_says_what_it_will_do_before_it_is_confirmed_r_bq_e15() {
    use sabot::engine::{Call, Card, ErrorBy, HandId, RulingEffect};
    use sabot::i18n::{Lang, ruling_effects_text};
    let text = r#"Script(
        title: "R-BQ-E15 waiting", rules: ["R-BQ-E15"], table: (game: Banque), bank: "1000",
        steps: [
            Bet(seat: 1, spot: Tableau(1), amount: "100"),
            Bet(seat: 8, spot: Tableau(2), amount: "100"),
            NoMoreBets, Say(Tableau(1), Draw), Cards(["4c"]), Show(Tableau(1), ["Kh", "7c"]),
        ],
        expect: (ruling: "R-BQ-E15"),
    )"#;
    let s = script::parse(text).expect("script");
    let r = run::run(&s).expect("table");
    assert!(run::check(&s, &r).is_empty());
    let card: Card = "4c".parse().expect("card");
    let effects = r.table.ruling_effects();
    assert_eq!(
        effects,
        vec![
            RulingEffect::Word { hand: HandId::Tableau(1), call: Call::Stand },
            RulingEffect::Waits { card, hand: HandId::Tableau(2) },
            RulingEffect::BankPlays { by: ErrorBy::Player },
            RulingEffect::BetsStand,
        ]
    );
    let words = ruling_effects_text(Lang::Es, &effects);
    assert!(words.contains("espera la palabra de"), "{words}");
    assert!(words.contains("las apuestas quedan como están"), "{words}");
}

/// R-BQ-E14 before Intro: the card paño 2 took goes back to paño 1, and paño 2 is told
/// it takes the next card out of the sabot («recogerá la carta siguiente»).
#[test]
fn an_e14_ruling_says_pano_2_takes_the_next_card_r_bq_e14() {
    use sabot::engine::{Call, Card, HandId, RulingEffect};
    let text = r#"Script(
        title: "R-BQ-E14 waiting", rules: ["R-BQ-E14"], table: (game: Banque), bank: "1000",
        steps: [
            Bet(seat: 1, spot: Tableau(1), amount: "100"),
            Bet(seat: 8, spot: Tableau(2), amount: "100"),
            NoMoreBets, Say(Tableau(1), Stand), Say(Tableau(2), Draw), Cards(["8c"]),
            Show(Tableau(1), ["4s", "Td"]),
        ],
        expect: (ruling: "R-BQ-E14"),
    )"#;
    let s = script::parse(text).expect("script");
    let r = run::run(&s).expect("table");
    assert!(run::check(&s, &r).is_empty(), "{:?}", run::check(&s, &r));
    let card: Card = "8c".parse().expect("card");
    let effects = r.table.ruling_effects();
    assert_eq!(effects[0], RulingEffect::Word { hand: HandId::Tableau(1), call: Call::Draw });
    assert_eq!(effects[1], RulingEffect::CardTo { card, hand: HandId::Tableau(1) });
    assert_eq!(effects[2], RulingEffect::NextCardTo { hand: HandId::Tableau(2) });
}

/// Who holds the bank and what it holds, step by step through every script, is what
/// the engine's one reading of the bank's events says (`BankHeld::after`, which the
/// shift's summary follows within an entry): a bank taken, announced, topped up, set
/// aside, left, offered round, a coup paid (R-BQ-3, R-BQ-17, R-CF-2, R-CF-10).
#[test]
fn every_scripts_bank_is_held_as_the_engine_reads_its_events_r_bq_3_r_bq_17_r_cf_10() {
    use sabot::engine::{BankHeld, Event};
    let mut bank_events = 0;
    for f in scenario_files() {
        let s = script::parse(&std::fs::read_to_string(&f).expect("read")).expect("script");
        let mut table = run::start_table(&s).expect("table");
        for (i, step) in s.steps.iter().enumerate() {
            let before = BankHeld { banker: table.shift().banker(), bank: table.bank() };
            let mut events = Vec::new();
            // A step refused changes nothing; a take-back puts the table back as it
            // was, which no event by itself says.
            if run::apply_step(&mut table, step, &mut events).is_err()
                || events.iter().any(|e| matches!(e, Event::TakenBack { .. }))
            {
                continue;
            }
            bank_events += events
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Event::BankTaken { .. }
                            | Event::BankAnnounced { .. }
                            | Event::BankLeft { .. }
                            | Event::SetAside { .. }
                    )
                })
                .count();
            let held = events.iter().fold(before, |h, e| h.after(e));
            let table_holds = BankHeld { banker: table.shift().banker(), bank: table.bank() };
            assert_eq!(held, table_holds, "{}: step {i}", f.display());
        }
    }
    assert!(bank_events >= 100, "the scripts take, announce, set aside and leave banks: {bank_events} events");
}
