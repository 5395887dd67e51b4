//! What a table does around the engine's core: a shift taken up at any point of its
//! log, words whose refusals must say something true, and what the bank's table says
//! once asked. The scripts in tests/scenarios/ carry the coups themselves; these tests
//! hold what a script cannot say (a refusal's reason, every cut point of a log).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::drawing::BankDuty;
use sabot::engine::{
    Call, Card, Cell, Clause, Column, Event, Game, HandId, Money, Op, Owed, PlayerRef, Reason, Shoe, Spot, Table,
    TableSettings,
};
use sabot::sim::{OpSink, Simulator, SinkFailed};

/// Keeps every operation the simulation sent.
struct Recorder(Vec<Op>);

impl OpSink for Recorder {
    fn record(&mut self, op: &Op, _events: &[Event]) -> Result<(), SinkFailed> {
        self.0.push(op.clone());
        Ok(())
    }
}

/// `sabot simulate --resume` takes a shift up at any record of its log: the simulated
/// croupier and players go on from what the engine says is owed, and never send an
/// operation the engine refuses (a banco after other bets was: R-BQ-8, R-CF-3).
fn resume_at_every_cut_point(game: Game, seed: u64, coups: u32) {
    let mut sim = Simulator::new(game, seed).expect("table");
    let mut rec = Recorder(Vec::new());
    sim.run(coups, &mut rec).expect("the simulated shift");
    let ops = rec.0;
    assert!(ops.len() > 100, "{} operations", ops.len());
    for cut in 0..=ops.len() {
        let mut table = Table::start(TableSettings::new(game)).expect("table");
        for op in &ops[..cut] {
            table.play(op).expect("the log replays");
        }
        let mut resumed = Simulator::resume(table, seed.wrapping_add(cut as u64));
        let mut rest = Recorder(Vec::new());
        if let Err(e) = resumed.finish_coup(&mut rest) {
            panic!("{game:?} seed {seed}: taken up after record {cut} ({:?}): {e:?}", ops.get(cut.wrapping_sub(1)));
        }
        assert!(!resumed.table.coup_in_progress(), "{game:?}: the coup in play finished after record {cut}");
        if let Err(e) = resumed.run(2, &mut rest) {
            panic!("{game:?} seed {seed}: two more coups after record {cut}: {e:?}");
        }
    }
}

#[test]
fn a_banque_shift_is_taken_up_at_every_record_r_bq_8() {
    // R-BQ-8: a banco only before any other bet.
    for seed in [3, 11, 29] {
        resume_at_every_cut_point(Game::Banque, seed, 40);
    }
}

#[test]
fn a_chemin_de_fer_shift_is_taken_up_at_every_record_r_cf_3() {
    // R-CF-3: banco before the deal.
    for seed in [5, 17] {
        resume_at_every_cut_point(Game::ChemindeFer, seed, 40);
    }
}

#[test]
fn a_punto_y_banca_shift_is_taken_up_at_every_record_r_pb_1() {
    // R-PB-1: the sabot moving while the shift is taken up.
    resume_at_every_cut_point(Game::PuntoBanca, 7, 40);
}

fn m(s: &str) -> Money {
    s.parse().expect("money")
}

fn c(s: &str) -> Card {
    s.parse().expect("card")
}

fn play(t: &mut Table, op: Op) {
    if let Err(r) = t.play(&op) {
        panic!("{op:?} refused: {r:?}");
    }
}

/// A Chemin de fer coup, the bank announced, section 3 calling banco.
fn chemin_with_banco() -> Table {
    let mut t = Table::new(TableSettings::new(Game::ChemindeFer), Money::ZERO, Shoe::decks(6)).expect("table");
    play(&mut t, Op::TakeBank { player: PlayerRef::seated(1), amount: m("500") });
    play(&mut t, Op::AnnounceBank { amount: m("500") });
    play(&mut t, Op::Banco { player: PlayerRef::seated(3), on: None });
    play(&mut t, Op::NoMoreBets);
    t
}

#[test]
fn cards_taken_and_seen_are_given_back_and_the_look_recorded_r_cf_6() {
    // R-CF-6: «aunque hayan sido vistas»: section 5 took them and looked; they are
    // section 3's, and no message says that section 5 is not at the table.
    let mut t = chemin_with_banco();
    play(&mut t, Op::CardsTaken { player: PlayerRef::seated(5) });
    let events = t.play(&Op::CardsSeen { player: PlayerRef::seated(5) }).expect("his look is recorded");
    assert_eq!(events, vec![Event::CardsLookedAt { player: PlayerRef::seated(5) }]);
    let with = t.coup().cards_with.expect("someone holds the cards");
    assert_eq!(with.player, PlayerRef::seated(3));
    assert!(!with.seen, "section 3 has not lifted them: section 5's look does not count as his");
    // Section 4 never had them: the refusal names who has them.
    let r = t.check(&Op::CardsSeen { player: PlayerRef::seated(4) }).expect_err("section 4 has no cards");
    assert_eq!(r.clause, Clause::CF6);
    assert_eq!(r.reason, Reason::CardsWithAnother { seat: 4, holder: 3 });
    play(&mut t, Op::CardsSeen { player: PlayerRef::seated(3) });
    assert!(t.coup().cards_with.expect("held").seen);
}

#[test]
fn before_anyone_is_handed_the_cards_a_look_is_refused_truthfully_r_cf_6() {
    let t = chemin_with_banco();
    let r = t.check(&Op::CardsSeen { player: PlayerRef::seated(3) }).expect_err("nobody holds them yet");
    assert_eq!((r.clause, r.reason), (Clause::CF6, Reason::CardsNotHanded));
}

/// A Banque coup from a script-ready table: bets on both paños, no va más.
fn banque_coup() -> Table {
    let mut t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
    play(&mut t, Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: m("100") });
    play(&mut t, Op::Bet { player: PlayerRef::seated(7), spot: Spot::Tableau(2), amount: m("50") });
    play(&mut t, Op::NoMoreBets);
    t
}

#[test]
fn once_asked_the_table_says_its_cell_against_each_pano_r_bq_13_r_bq_14() {
    // R-BQ-13/14: paño 1 draws a 9, paño 2 stands; the bank holds 5, known from a
    // card-reading shoe: P against the 9, T against the paño that stood: they differ,
    // the banker chooses.
    let mut t = banque_coup();
    for card in ["Ah", "4c", "Kd", "2s", "3d", "5h", "9h"] {
        play(&mut t, Op::Card(c(card)));
    }
    assert_eq!(t.table_reading(), None, "nothing binds a banker who has not asked for the table");
    play(&mut t, Op::AskTable);
    let r = t.table_reading().expect("asked");
    assert_eq!(r.bank_total, Some(5));
    assert_eq!(r.clause, Clause::BQ14);
    let [a, b] = r.against;
    let (a, b) = (a.expect("paño 1"), b.expect("paño 2"));
    assert_eq!((a.hand, a.column, a.cell), (HandId::Tableau(1), Column::Third(9), Some(Cell::Stand)));
    assert_eq!((b.hand, b.column, b.cell), (HandId::Tableau(2), Column::Stood, Some(Cell::Draw)));
    assert_eq!(r.duty, Some(BankDuty::Chooses));
    // owed() carries it: the banker decides, and the table says why he may.
    let owed = t.owed();
    assert_eq!(owed.table, Some(r));
    assert!(matches!(owed.owed, sabot::engine::Owed::Decide { hand: HandId::Bank, total: Some(5) }), "{owed:?}");
}

#[test]
fn a_banker_bound_by_the_table_is_ruled_when_his_cards_show_it_r_bq_14() {
    // R-BQ-14: with 2 the table says draw against both paños; his «no» face down is
    // taken, and when his cards are shown the ruling waits for the croupier before any
    // payment.
    let mut t = banque_coup();
    play(&mut t, Op::Say { hand: HandId::Tableau(1), call: Call::Stand });
    play(&mut t, Op::Say { hand: HandId::Tableau(2), call: Call::Stand });
    play(&mut t, Op::AskTable);
    let r = t.table_reading().expect("asked");
    assert_eq!(r.bank_total, None, "his cards are face down");
    assert_eq!(r.duty, None);
    play(&mut t, Op::Say { hand: HandId::Bank, call: Call::Stand });
    play(&mut t, Op::Show { hand: HandId::Tableau(1), cards: vec![c("7h"), c("Kc")] });
    play(&mut t, Op::Show { hand: HandId::Tableau(2), cards: vec![c("6d"), c("Qh")] });
    let events = t.play(&Op::Show { hand: HandId::Bank, cards: vec![c("Kd"), c("2c")] }).expect("shown");
    assert!(events.iter().any(|e| matches!(e, Event::RulingProposed(_))), "{events:?}");
    assert!(t.settlement().is_none(), "nothing is paid while the ruling waits");
    assert_eq!(t.table_reading().and_then(|r| r.duty), Some(BankDuty::MustDraw));
    play(&mut t, Op::Confirm);
    play(&mut t, Op::Card(c("5h")));
    let s = t.settlement().expect("settled");
    assert_eq!(s.bank_after, m("1047.50"));
}

#[test]
fn the_sabot_goes_through_its_states_one_at_a_time_r_c_4_r_c_5_r_c_6_r_pb_5() {
    use sabot::engine::Sabot;
    let mut t = Table::start(TableSettings::new(Game::PuntoBanca)).expect("table");
    assert_eq!(t.shift().sabot, Sabot::Closed);
    play(&mut t, Op::NewShoe);
    assert_eq!(t.shift().sabot, Sabot::Preparing { shuffled: false, croupier_last: false, cut_declined: vec![] });
    play(&mut t, Op::Shuffle { by: None });
    assert_eq!(t.shift().sabot, Sabot::Preparing { shuffled: true, croupier_last: true, cut_declined: vec![] });
    play(&mut t, Op::Cut { by: None, below: 20 });
    assert_eq!(t.shift().sabot, Sabot::Cut { below: Some(20), burned: false });
    assert!(!t.shift().sabot.ready(Game::PuntoBanca), "R-PB-5: burned first");
    play(&mut t, Op::Burn { card: c("5h") });
    assert_eq!(t.shift().sabot, Sabot::Cut { below: Some(20), burned: true });
    assert!(t.shift().sabot.ready(Game::PuntoBanca));
    // Between coups the cut card out ends the shoe at once (R-C-4).
    play(&mut t, Op::CutCardOut);
    assert_eq!(t.shift().sabot, Sabot::Ended { checked: false });
    assert!(t.check(&Op::NextCoup).is_err(), "no coup after the shoe's end");
    play(&mut t, Op::CheckCards);
    assert_eq!(t.shift().sabot, Sabot::Ended { checked: true });
    play(&mut t, Op::NewShoe);
    assert!(matches!(t.shift().sabot, Sabot::Preparing { shuffled: false, .. }));
}

#[test]
fn each_game_names_its_fee_and_clause_r_bq_16_r_cf_9_r_pb_4() {
    use sabot::engine::FeeKind;
    for (game, kind, clause) in [
        (Game::Banque, FeeKind::Cagnotte, Clause::BQ16),
        (Game::ChemindeFer, FeeKind::Cagnotte, Clause::CF9),
        (Game::PuntoBanca, FeeKind::Commission, Clause::PB4),
    ] {
        let mut s = TableSettings::new(game);
        let rate = sabot::engine::Rate::new("0.03".parse().expect("rate")).expect("rate");
        s.set_fee_rate(rate);
        let fee = s.fee();
        assert_eq!((fee.kind, fee.clause, fee.rate), (kind, clause, rate), "{game:?}");
        // The other fee is untouched: a Banque form's rate is never a commission.
        let other = if kind == FeeKind::Cagnotte { s.commission } else { s.cagnotte };
        assert_eq!(other, sabot::engine::Rate::five_percent(), "{game:?}");
    }
}

/// Issue 24, point 6: once banco is called for the whole bank, nobody is next to bet
/// («Siguiente: Secc. 4» was still suggested): no other bets are made that coup
/// (R-BQ-8, 000 §12; R-CF-3). Banco con la mesa leaves the table its half to bet.
#[test]
fn nobody_is_next_to_bet_once_banco_is_called_r_bq_8_r_cf_3() {
    use sabot::engine::{HandId, Money, Op, PlayerRef, Shoe, Table, TableSettings};
    let bq = TableSettings::new(sabot::engine::Game::Banque);
    let mut t = Table::new(bq, Money::units(1000), Shoe::decks(6)).expect("table");
    assert!(t.next_to_bet().is_some(), "before any bet, the first of the order is next");
    t.play(&Op::Banco { player: PlayerRef::seated(3), on: Some(HandId::Tableau(1)) }).expect("banco");
    assert_eq!(t.next_to_bet(), None, "Banque: a banco is the coup's only bet");
    let cf = TableSettings::new(sabot::engine::Game::ChemindeFer);
    let mut t = Table::new(cf.clone(), Money::units(1000), Shoe::decks(6)).expect("table");
    t.play(&Op::Banco { player: PlayerRef::seated(5), on: None }).expect("banco");
    assert_eq!(t.next_to_bet(), None, "Chemin de fer: banco for the whole bank");
    let mut t = Table::new(cf, Money::units(1000), Shoe::decks(6)).expect("table");
    t.play(&Op::BancoWithTable { player: PlayerRef::seated(5) }).expect("banco con la mesa");
    assert!(t.next_to_bet().is_some(), "banco con la mesa: the table bets the other half");
}

/// Issue 23: banco con la mesa is half the bank (R-CF-4); half of a bank of an odd
/// cent is no amount: refused with its clause and the table unchanged, never a stake
/// with a third decimal (Money::half gave 500,005 before).
#[test]
fn banco_con_la_mesa_on_a_bank_of_an_odd_cent_is_refused_r_cf_4() {
    use sabot::engine::{Clause, Money, Op, PlayerRef, Shoe, Table, TableSettings};
    let cf = TableSettings::new(sabot::engine::Game::ChemindeFer);
    let odd: Money = "1000.01".parse().expect("amount");
    let mut t = Table::new(cf.clone(), odd, Shoe::decks(6)).expect("table");
    let before = t.clone();
    let refusal = t.play(&Op::BancoWithTable { player: PlayerRef::seated(5) }).expect_err("no half of a cent");
    assert_eq!(refusal.clause, Clause::CF4, "{refusal:?}");
    assert_eq!(t.coup().bets, before.coup().bets);
    let even: Money = "1000.02".parse().expect("amount");
    let mut t = Table::new(cf, even, Shoe::decks(6)).expect("table");
    t.play(&Op::BancoWithTable { player: PlayerRef::seated(5) }).expect("half of an even cent");
    assert_eq!(t.coup().bets[0].amount, "500.01".parse::<Money>().expect("amount"));
}

/// A Banque shift opened: the shoe shown, shuffled, cut 14 cards from the end, and
/// section 5 takes the bank with `bank`.
fn banque_opened(bank: i32) -> Table {
    let mut t = Table::start(TableSettings::new(Game::Banque)).expect("table");
    for op in [
        Op::NewShoe,
        Op::Shuffle { by: None },
        Op::Cut { by: None, below: 14 },
        Op::TakeBank { player: PlayerRef::seated(5), amount: Money::units(bank) },
    ] {
        play(&mut t, op);
    }
    t
}

/// Coup 1 of a bank of 100, settled: section 1's banco on paño 1 wins it all. Paño 1:
/// 9♣ K♥ (a natural); paño 2: 2♦ K♦ and the 3♥ it draws; the bank: K♣ Q♦ (0).
fn bank_broken_by_a_banco() -> Table {
    let mut t = banque_opened(100);
    for op in [
        Op::NextCoup,
        Op::AnnounceBank { amount: Money::units(100) },
        Op::Banco { player: PlayerRef::seated(1), on: Some(HandId::Tableau(1)) },
        Op::NoMoreBets,
    ] {
        play(&mut t, op);
    }
    for card in ["9c", "2d", "Kc", "Kh", "Kd", "Qd"] {
        play(&mut t, Op::Card(c(card)));
    }
    play(&mut t, Op::Say { hand: HandId::Tableau(2), call: Call::Draw });
    play(&mut t, Op::Card(c("3h")));
    t.play(&Op::Say { hand: HandId::Bank, call: Call::Stand }).ok();
    t
}

/// Issue 23: the engine says a broken bank is the shift's next step once the coup is
/// paid (the app read it from an amount of 0): the banker brings a new bank or leaves
/// it (R-BQ-3); the next coup alone is not it.
#[test]
fn a_broken_bank_is_the_next_step_once_paid_r_bq_3() {
    use sabot::engine::{Duty, Op, Owed, ShiftStep};
    let mut t = bank_broken_by_a_banco();
    let s = t.settlement().expect("settled");
    assert!(!s.bank_after.is_positive(), "the bank is broken: {:?}", s.bank_after);
    let after = t.owed_after_pay().map(|d: Duty| d.owed);
    assert_eq!(after, Some(Owed::Shift(ShiftStep::BankBroken)));
    assert_eq!(t.owed_after_pay().map(|d| d.clause), Some(sabot::engine::Clause::BQ3));
    // Paid, the next coup opened: still broken, said so, not an announcement of 0.
    t.play(&Op::NextCoup).expect("the next coup");
    assert_eq!(t.owed().owed, Owed::Shift(ShiftStep::BankBroken));
    // He leaves it broken: it is bought anew or auctioned, not offered at 0 (R-BQ-3).
    t.play(&Op::LeaveBank).expect("leaves");
    assert_eq!(t.owed().owed, Owed::Shift(ShiftStep::BankLeftBroken));
}

/// A Punto y Banca coup with section 4 on punto and section 5 on banca, played to a
/// tie (both naturals of 9): void, its bets carried to the next coup (R-PB-4).
fn punto_y_banca_after_a_tie() -> Table {
    let mut t = Table::new(TableSettings::new(Game::PuntoBanca), Money::ZERO, Shoe::decks(6)).expect("table");
    play(&mut t, Op::Bet { player: PlayerRef::seated(4), spot: Spot::Punto, amount: m("20") });
    play(&mut t, Op::Bet { player: PlayerRef::seated(5), spot: Spot::Banca, amount: m("30") });
    play(&mut t, Op::NoMoreBets);
    for card in ["9c", "Kd", "9h", "Qs"] {
        play(&mut t, Op::Card(c(card)));
    }
    assert_eq!(t.settlement().and_then(|s| s.void), Some(Clause::PB4), "a tie is void");
    play(&mut t, Op::NextCoup);
    t
}

/// «cambia»: which bet changes is the engine's to say. A tie's bets may be taken back,
/// changed or left (R-PB-4, 002 «recoger sus apuestas para variarlas»): section 5's
/// only bet, on banca, moves to punto.
#[test]
fn a_tie_s_bet_is_moved_from_banca_to_punto_r_pb_4() {
    let mut t = punto_y_banca_after_a_tie();
    let p5 = PlayerRef::seated(5);
    let ops = t.change_of(p5, Spot::Punto, m("30")).expect("his bet may change");
    assert_eq!(
        ops,
        vec![
            Op::WithdrawBet { player: p5, spot: Spot::Banca },
            Op::Bet { player: p5, spot: Spot::Punto, amount: m("30") }
        ]
    );
    for op in ops {
        play(&mut t, op);
    }
    let his: Vec<_> = t.coup().bets.iter().filter(|b| b.player == p5).map(|b| (b.spot, b.amount)).collect();
    assert_eq!(his, vec![(Spot::Punto, m("30"))]);
    // «quita 4»: the engine names the tie's bet of section 4 it takes back.
    let p4 = PlayerRef::seated(4);
    assert_eq!(t.withdrawals_of(p4), Ok(vec![Op::WithdrawBet { player: p4, spot: Spot::Punto }]));
    // Once «no va más» is said the bets stay (R-C-7).
    play(&mut t, Op::NoMoreBets);
    let r = t.change_of(p5, Spot::Banca, m("10")).expect_err("bets closed");
    assert_eq!((r.clause, r.reason), (Clause::C7, Reason::BetsClosed));
    let r = t.withdrawals_of(p4).expect_err("bets closed");
    assert_eq!((r.clause, r.reason), (Clause::C7, Reason::BetsClosed));
}

/// «cambia 3 1 60» makes section 3's stake on paño 1 be 60, however many bets of his lie
/// there; with bets on two spots and none on the one named, which one moves is not said,
/// and with nothing on the cloth there is nothing to change or take back (R-C-7).
#[test]
fn a_change_is_of_his_bets_on_that_spot_or_of_his_only_bet_r_c_7() {
    let mut t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
    let p3 = PlayerRef::seated(3);
    play(&mut t, Op::Bet { player: p3, spot: Spot::Tableau(1), amount: m("40") });
    play(&mut t, Op::Bet { player: p3, spot: Spot::Tableau(1), amount: m("20") });
    for op in t.change_of(p3, Spot::Tableau(1), m("60")).expect("a change") {
        play(&mut t, op);
    }
    let his =
        |t: &Table| t.coup().bets.iter().filter(|b| b.player == p3).map(|b| (b.spot, b.amount)).collect::<Vec<_>>();
    assert_eq!(his(&t), vec![(Spot::Tableau(1), m("60"))], "60 in all, not 40 + 60");
    play(&mut t, Op::Bet { player: p3, spot: Spot::Tableau(2), amount: m("50") });
    let r = t.change_of(p3, Spot::Cheval, m("60")).expect_err("which bet moves?");
    assert_eq!((r.clause, r.reason), (Clause::C7, Reason::NoSuchBet { seat: 3 }));
    assert_eq!(
        t.withdrawals_of(p3),
        Ok(vec![
            Op::WithdrawBet { player: p3, spot: Spot::Tableau(2) },
            Op::WithdrawBet { player: p3, spot: Spot::Tableau(1) }
        ])
    );
    let p4 = PlayerRef::seated(4);
    for r in
        [t.withdrawals_of(p4).expect_err("nothing"), t.change_of(p4, Spot::Tableau(2), m("10")).expect_err("nothing")]
    {
        assert_eq!((r.clause, r.reason), (Clause::C7, Reason::NoSuchBet { seat: 4 }));
    }
}

/// A bank bought anew after its banker left it broken is not broken: once the coup is
/// paid, the next step is the next coup (R-BQ-3). The engine said «broken» from the
/// settlement's bank of 0, whoever held the bank since; the simulator, driven by what
/// is owed, went round in that loop.
#[test]
fn a_bank_bought_anew_after_a_broken_one_is_not_broken_r_bq_3() {
    use sabot::engine::{Money, Op, Owed, PlayerRef, ShiftStep, Table};
    let mut t = bank_broken_by_a_banco();
    assert!(t.settlement().is_some_and(|s| !s.bank_after.is_positive()));
    assert_eq!(t.owed_after_pay().map(|d| d.owed), Some(Owed::Shift(ShiftStep::BankBroken)));
    play(&mut t, Op::LeaveBank);
    assert_eq!(t.owed_after_pay().map(|d| d.owed), Some(Owed::Shift(ShiftStep::BankLeftBroken)));
    play(&mut t, Op::TakeBank { player: PlayerRef::seated(7), amount: Money::units(200) });
    assert_eq!(t.owed_after_pay(), None, "the next coup: section 7's bank of 200 is not broken");
    // The money brought into the bank and taken out is the engine's account: 100 and
    // 200 brought, nothing returned (the bank was at 0); taken back, the 200 is not.
    let moves = |t: &Table| (t.bank_moves().brought_in, t.bank_moves().taken_out);
    assert_eq!(moves(&t), (m("300"), Money::ZERO));
    play(&mut t, Op::TakeBack { entries: 1 });
    assert_eq!(moves(&t), (m("100"), Money::ZERO));
}

/// A coup voided by stuck cards carries its bets to the next (R-BQ-E3), whose bank is
/// announced again before its bets close: the engine owes that announcement, where it
/// said «bets» and then refused «no va más» for want of it (R-BQ-17).
#[test]
fn a_void_coup_s_bets_carried_wait_for_the_bank_s_announcement_r_bq_e3_r_bq_17() {
    use sabot::engine::{Owed, ShiftStep};
    let mut t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
    play(&mut t, Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: m("100") });
    play(&mut t, Op::NoMoreBets);
    play(&mut t, Op::StuckCards);
    assert!(t.settlement().is_some_and(|s| s.void.is_some()));
    play(&mut t, Op::NextCoup);
    assert_eq!(t.coup().bets.len(), 1, "the bets stand");
    let r = t.check(&Op::NoMoreBets).expect_err("the bank first");
    assert_eq!((r.clause, r.reason), (Clause::BQ17, Reason::NoBank));
    assert_eq!(t.owed().owed, Owed::Shift(ShiftStep::Announce { bank: m("1000") }));
    play(&mut t, Op::AnnounceBank { amount: m("1000") });
    assert_eq!(t.owed().owed, Owed::Bets);
}

/// `sabot simulate --resume` on a log whose last coup was voided by stuck cards: the
/// simulation announces the bank the engine says is owed, then plays the carried bets'
/// coup to its settlement (R-BQ-E3, R-BQ-17).
#[test]
fn a_simulation_taken_up_after_a_void_coup_announces_the_bank_first_r_bq_e3() {
    let mut t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
    play(&mut t, Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: m("100") });
    play(&mut t, Op::NoMoreBets);
    play(&mut t, Op::StuckCards);
    play(&mut t, Op::NextCoup);
    let mut sim = Simulator::resume(t, 3);
    let mut rec = Recorder(Vec::new());
    sim.finish_coup(&mut rec).expect("the coup played out");
    assert_eq!(rec.0.first(), Some(&Op::AnnounceBank { amount: m("1000") }));
    assert!(sim.table.settlement().is_some(), "settled");
}

/// Issue 23: what «=» and «corte N» enter is the engine's to say (the entry line
/// worked it out): a paid coup is followed by the next with its bank announced (as it
/// stands, or at the amount said, R-BQ-3); a coup still open needs only the
/// announcement; Punto y Banca has no bank; the cut is the croupier's but in Chemin de
/// fer, where the player offered it cuts (R-C-4, R-CF-10).
#[test]
fn next_coup_and_cut_are_the_engines_r_bq_3_r_c_4_r_cf_10() {
    use sabot::engine::{Game, Money, Op, PlayerRef, Table, TableSettings};
    let bq = Table::start(TableSettings::new(Game::Banque)).expect("table");
    assert_eq!(bq.cut_of(14), Op::Cut { by: None, below: 14 });
    let pb = Table::start(TableSettings::new(Game::PuntoBanca)).expect("table");
    assert_eq!(pb.next_coup_of(None), vec![Op::NextCoup]);
    // «paso»: Punto y Banca passes the sabot on (R-PB-1).
    assert_eq!(pb.pass_of(), Ok(vec![Op::PassSabot]));
    let mut t = banque_opened(1000);
    assert_eq!(
        t.next_coup_of(Some(Money::units(1200))),
        vec![Op::NextCoup, Op::AnnounceBank { amount: Money::units(1200) }]
    );
    for op in t.next_coup_of(None) {
        t.play(&op).expect("the next coup, announced as it stands");
    }
    // Open and announced: «=» again is the announcement alone (refused as said already).
    assert_eq!(t.next_coup_of(None), vec![Op::AnnounceBank { amount: Money::units(1000) }]);
    let mut cf = Table::start(TableSettings::new(Game::ChemindeFer)).expect("table");
    cf.play(&Op::NewShoe).expect("shoe");
    cf.play(&Op::Shuffle { by: None }).expect("shuffle");
    let offered = cf.cut_offered_to();
    assert!(offered.is_some(), "Chemin de fer: a player is offered the cut");
    assert_eq!(cf.cut_of(7), Op::Cut { by: offered.map(PlayerRef::seated), below: 7 });
}

fn money(s: &str) -> Money {
    s.parse().expect("money")
}

/// R-BQ-4: at a free bank no bet goes straight on: it is offered to the banker, who
/// accepts it first (001 «todas las apuestas tendrán que ser previamente aceptadas por el
/// banquero antes de llevarse a cabo»). `Table::bet_of` says how a bet is entered there.
#[test]
fn a_free_banks_bets_are_accepted_first_r_bq_4() {
    let mut s = TableSettings::new(Game::Banque);
    s.bank_limit = sabot::engine::BankLimit::Free;
    let mut t = Table::new(s, money("500"), Shoe::decks(6)).expect("table");
    let p1 = PlayerRef::seated(1);
    let r =
        t.play(&Op::Bet { player: p1, spot: Spot::Tableau(1), amount: money("300") }).expect_err("a bet straight on");
    assert!(r.cites(Clause::BQ4) && r.reason == Reason::AcceptedFirst, "{r:?}");
    let entered = t.bet_of(p1, Spot::Tableau(1), money("300"));
    assert_eq!(entered, Op::OfferBet { player: p1, spot: Spot::Tableau(1), amount: money("300") });
    t.play(&entered).expect("offered");
    assert!(t.coup().bets.is_empty(), "an offer is no bet until the banker accepts it");
    t.play(&Op::AcceptBet { player: p1 }).expect("accepted");
    assert_eq!(t.coup().bets.len(), 1);
    // A limited bank takes the bet itself.
    let limited = Table::new(TableSettings::new(Game::Banque), money("500"), Shoe::decks(6)).expect("table");
    assert!(matches!(limited.bet_of(p1, Spot::Tableau(1), money("30")), Op::Bet { .. }));
}

/// A free bank (R-BQ-4) taken by section 6 at 500 and announced.
fn free_bank_of_500() -> Table {
    let mut s = TableSettings::new(Game::Banque);
    s.bank_limit = sabot::engine::BankLimit::Free;
    let mut t = Table::new(s, Money::ZERO, Shoe::decks(6)).expect("table");
    t.play(&Op::TakeBank { player: PlayerRef::seated(6), amount: money("500") }).expect("taken");
    t.play(&Op::AnnounceBank { amount: money("500") }).expect("announced");
    t
}

/// R-BQ-4: a free bank that loses more than it holds never goes below 0: the banker pays
/// the rest from his pocket; `owed()` says so when paying, the settlement records it,
/// and the shift's moves count it as money brought in at that moment, apart from the
/// bank he took (the close sheet keeps the opening bank apart from money brought later).
#[test]
fn a_free_bank_that_cannot_cover_is_covered_by_its_banker_r_bq_4() {
    let mut t = free_bank_of_500();
    for seat in [1, 7] {
        let spot = Spot::Tableau(if seat == 1 { 1 } else { 2 });
        let player = PlayerRef::seated(seat);
        t.play(&Op::OfferBet { player, spot, amount: money("300") }).expect("offered");
        t.play(&Op::AcceptBet { player }).expect("accepted");
    }
    t.play(&Op::NoMoreBets).expect("no va más");
    for c in ["7h", "7d", "Kc", "Kh", "Kd", "6c"] {
        t.play(&Op::Card(c.parse().expect("card"))).expect("card");
    }
    t.play(&Op::Say { hand: HandId::Bank, call: Call::Stand }).expect("stands");
    let st = t.settlement().expect("settled").clone();
    assert_eq!((st.bank_after, st.covered), (Money::ZERO, money("100")));
    assert!(st.balances());
    assert_eq!(t.bank(), Money::ZERO, "never a negative bank on the felt");
    let duty = t.owed();
    assert_eq!((duty.clause, duty.covered), (Clause::BQ4, Some(money("100"))));
    t.play(&Op::NextCoup).expect("next");
    t.play(&Op::AnnounceBank { amount: money("1000") }).expect("a new bank brought");
    let mv = t.bank_moves();
    assert_eq!(mv.banks_taken, money("500"), "the opening bank");
    assert_eq!(mv.brought_in_later(), money("1100"), "100 covered at the settlement, then 1000 to refill it");
    assert_eq!(mv.brought_in, money("1600"));
}

/// R-BQ-4, R-BQ-8: at a free bank a banco is not offered: it goes on at once, with no
/// acceptance. 001 asks the banker's acceptance in place of the limit («La cantidad total
/// que pueden apostar… es el banco actual. Si se decide jugar sin límite, todas las
/// apuestas tendrán que ser previamente aceptadas…»); a banco is the bank itself («apostando
/// la cantidad total disponible de la Banca, el banco»), which the money he put up covers:
/// won, it empties the bank to 0 and nothing comes from his pocket (docs/RULES-NOTES.md §11).
#[test]
fn a_banco_at_a_free_bank_needs_no_acceptance_r_bq_4_r_bq_8() {
    let mut t = free_bank_of_500();
    let p1 = PlayerRef::seated(1);
    t.play(&Op::Banco { player: p1, on: Some(HandId::Tableau(1)) }).expect("a banco straight on");
    assert_eq!(t.coup().bets.len(), 1, "placed, not offered");
    assert!(t.coup().offers.is_empty());
    assert!(t.play(&Op::AcceptBet { player: p1 }).is_err(), "nothing waits for the banker's word");
    t.play(&Op::NoMoreBets).expect("no va más");
    // Paño 1 stands on 7, the bank on 6: the banco wins the whole bank.
    for c in ["7h", "7d", "Kc", "Kh", "Kd", "6c"] {
        t.play(&Op::Card(c.parse().expect("card"))).expect("card");
    }
    // A banco's holder chooses on any total (001): he stands.
    t.play(&Op::Say { hand: HandId::Tableau(1), call: Call::Stand }).expect("paño 1 stands");
    t.play(&Op::Say { hand: HandId::Bank, call: Call::Stand }).expect("stands");
    let st = t.settlement().unwrap_or_else(|| panic!("settled: owed {:?}", t.owed())).clone();
    assert_eq!((st.bank_after, st.covered), (Money::ZERO, Money::ZERO), "the bank covers a banco");
    assert!(st.balances());
}

/// R-BQ-1: every operation that names a player goes through one presence check: a
/// player who left is refused with one clause and one reason, whatever the operation.
#[test]
fn a_player_who_left_is_refused_by_one_check_r_bq_1() {
    let gone = PlayerRef::seated(4);
    for (game, ops) in [
        (
            Game::ChemindeFer,
            vec![
                Op::CallSuivi { player: gone },
                Op::BancoAssociated {
                    shares: vec![
                        sabot::engine::Share { player: gone, amount: money("50") },
                        sabot::engine::Share { player: PlayerRef { seat: 4, standing: true }, amount: money("50") },
                    ],
                },
                Op::Banco { player: gone, on: None },
                Op::LateBet { player: gone, amount: money("10") },
                Op::CardsTo { player: gone },
                Op::CardsTaken { player: gone },
                Op::CardsSeen { player: gone },
                Op::WrongPlayer { hand: HandId::Player, player: gone },
                Op::TakeBank { player: gone, amount: money("100") },
                Op::Shuffle { by: Some(gone) },
                Op::DeclineBank { player: gone },
            ],
        ),
        (
            Game::Banque,
            vec![
                Op::Bet { player: gone, spot: Spot::Tableau(1), amount: money("10") },
                Op::Auction { bids: vec![sabot::engine::Bid { player: gone, amount: money("100") }], lot: None },
                Op::DrawLot { winner: gone },
                Op::OfferBet { player: gone, spot: Spot::Tableau(1), amount: money("10") },
                Op::AcceptBet { player: gone },
                Op::Leave { player: gone },
            ],
        ),
    ] {
        let mut t = Table::new(TableSettings::new(game), money("100"), Shoe::decks(6)).expect("table");
        for seat in [1, 2, 3, 4, 5, 6, 7, 8] {
            t.play(&Op::Join { player: PlayerRef::seated(seat), number: None }).expect("sits");
        }
        t.play(&Op::Leave { player: gone }).expect("leaves");
        for op in ops {
            let r = t.check(&op).expect_err("a player who left");
            assert_eq!((r.clause, &r.reason), (Clause::BQ1, &Reason::NotAtTable { seat: 4 }), "{game:?} {op:?}");
        }
    }
}

/// R-BQ-1, R-BQ-3: a player who has not sat this shift may come to the table to take the
/// bank, and taking it seats him (docs/SCRIPTS.md's example 1 takes the bank so); one who
/// left this shift is refused, the bank left vacant.
#[test]
fn a_banker_who_never_sat_is_seated_by_the_bank_one_who_left_is_refused_r_bq_1_r_bq_3() {
    let newcomer = PlayerRef::seated(4);
    let mut t = Table::new(TableSettings::new(Game::Banque), Money::ZERO, Shoe::decks(6)).expect("table");
    for seat in [1, 2, 7, 8] {
        t.play(&Op::Join { player: PlayerRef::seated(seat), number: None }).expect("sits");
    }
    let mut events = Vec::new();
    t.handle(&Op::TakeBank { player: newcomer, amount: money("1000") }, &mut events).expect("taken");
    assert!(matches!(events.first(), Some(Event::Joined { player, .. }) if *player == newcomer), "{events:?}");
    assert!(t.shift().roster.contains(&newcomer), "seated with the bank");
    assert_eq!(t.shift().banker(), Some(newcomer));
    // He leaves, taking his bank; back, he may not take it without sitting again.
    t.play(&Op::Leave { player: newcomer }).expect("leaves");
    let r = t.check(&Op::TakeBank { player: newcomer, amount: money("1000") }).expect_err("he left");
    assert_eq!((r.clause, &r.reason), (Clause::BQ1, &Reason::NotAtTable { seat: 4 }));
    t.play(&Op::Join { player: newcomer, number: None }).expect("sits again");
    t.play(&Op::TakeBank { player: newcomer, amount: money("1000") }).expect("taken again, seated");
}

#[test]
fn a_natural_said_face_down_is_shown_at_once_r_bq_12() {
    // R-BQ-12: a natural is shown at once when its holder's turn comes. Paño 1's
    // holder says «natural» (`*`) with his cards still face down: the engine asks for
    // them then, before paño 2 plays (it asked for them only at the showdown, and the
    // felt kept them face down till then), and once typed they are known, face up.
    let mut t = banque_coup();
    play(&mut t, Op::Say { hand: HandId::Tableau(1), call: Call::Natural });
    let duty = t.owed();
    assert_eq!(duty.owed, Owed::Show { hand: HandId::Tableau(1) });
    assert_eq!(duty.clause, Clause::BQ12);
    play(&mut t, Op::Show { hand: HandId::Tableau(1), cards: vec![c("9h"), c("Kd")] });
    assert_eq!(t.coup().play.hands[HandId::Tableau(1)].cards.first, [Some(c("9h")), Some(c("Kd"))]);
    assert!(matches!(t.owed().owed, Owed::Decide { hand: HandId::Tableau(2), .. }), "{:?}", t.owed());
    // The bank's natural said face down in Chemin de fer: the same (R-CF-8).
    let mut t = chemin_with_banco();
    play(&mut t, Op::Say { hand: HandId::Player, call: Call::Stand });
    play(&mut t, Op::Say { hand: HandId::Bank, call: Call::Natural });
    assert_eq!(t.owed().owed, Owed::Show { hand: HandId::Bank });
}

/// R-BQ-1: `4p 20` at a table the croupier seats, nobody standing behind section 4 (its
/// seat taken): the refusal names the standing player, not an empty section (issue 47,
/// point 3: «No hay nadie en la sección 4» though section 4 was seated).
#[test]
fn a_standing_player_not_at_the_table_is_named_as_standing_r_bq_1() {
    let mut t = Table::new(TableSettings::new(Game::Banque), money("1000"), Shoe::decks(6)).expect("table");
    for seat in [1, 2, 4, 7, 8] {
        t.play(&Op::Join { player: PlayerRef::seated(seat), number: None }).expect("seated");
    }
    let standing = PlayerRef { seat: 4, standing: true };
    let r = t.play(&Op::Bet { player: standing, spot: Spot::Tableau(1), amount: money("20") }).expect_err("refused");
    assert_eq!(r.clause, Clause::BQ1);
    let es = sabot::i18n::refusal_text(sabot::i18n::Lang::Es, &r);
    let en = sabot::i18n::refusal_text(sabot::i18n::Lang::En, &r);
    assert!(es.contains("de pie") && es.contains("4p sienta") && !es.contains("No hay nadie en la sección 4"), "{es}");
    assert!(en.contains("standing") && en.contains("4p sit"), "{en}");
    // Section 4 itself is at the table: his bet is taken.
    t.play(&Op::Bet { player: PlayerRef::seated(4), spot: Spot::Tableau(1), amount: money("20") }).expect("taken");
}

/// R-BQ-4: «no va más» while offers wait for the banker is refused naming each offer
/// still waiting, and `owed()` lists them in the order they were made.
#[test]
fn no_va_mas_names_the_offers_still_waiting_r_bq_4() {
    let mut t = free_bank_of_500();
    for (seat, tableau, amount) in [(1, 1, "40"), (7, 2, "100"), (2, 1, "60")] {
        let player = PlayerRef::seated(seat);
        t.play(&Op::OfferBet { player, spot: Spot::Tableau(tableau), amount: money(amount) }).expect("offered");
    }
    // An offer is a bet made: the next asked is the one after the last who offered (R-BQ-5).
    assert_eq!(t.next_to_bet(), Some(PlayerRef::seated(8)));
    t.play(&Op::AcceptBet { player: PlayerRef::seated(7) }).expect("accepted");
    let waiting: Vec<(u8, Money)> = t.owed().offers.iter().map(|b| (b.player.seat, b.amount)).collect();
    assert_eq!(waiting, [(1, money("40")), (2, money("60"))], "owed() lists the offers waiting, in order");
    let r = t.play(&Op::NoMoreBets).expect_err("offers wait");
    assert_eq!(r.clause, Clause::BQ4);
    let es = sabot::i18n::refusal_text(sabot::i18n::Lang::Es, &r);
    assert!(es.contains("Secc. 1 (40)") && es.contains("Secc. 2 (60)") && !es.contains("Secc. 7"), "{es}");
    let en = sabot::i18n::refusal_text(sabot::i18n::Lang::En, &r);
    assert!(en.contains("Sec. 1 (40)") && en.contains("Sec. 2 (60)"), "{en}");
}

/// A player who leaves after a void coup takes his bets with him (RULES-NOTES §11): they
/// are no longer on the cloth, not in the stake of his hand.
#[test]
fn a_leaver_s_bets_are_off_the_cloth_after_a_void_coup_r_bq_e3() {
    let mut t = Table::new(TableSettings::new(Game::Banque), money("1000"), Shoe::decks(6)).expect("table");
    for (seat, spot) in [(3, Spot::Tableau(1)), (9, Spot::Tableau(2)), (2, Spot::Tableau(1))] {
        t.play(&Op::Bet { player: PlayerRef::seated(seat), spot, amount: money("50") }).expect("bet");
    }
    t.play(&Op::NoMoreBets).expect("no va más");
    t.play(&Op::StuckCards).expect("void");
    assert_eq!(t.stake_on(HandId::Tableau(1)), Ok(money("100")));
    t.play(&Op::Leave { player: PlayerRef::seated(3) }).expect("leaves");
    assert_eq!(t.stake_on(HandId::Tableau(1)), Ok(money("50")), "his 50 left with him");
    assert_eq!(t.stake_on(HandId::Tableau(2)), Ok(money("50")));
}

/// R-BQ-E12 with the settlement's entries: the banker's announcement after his «no»
/// withdraws the settlement only until it is paid: taken back (Ctrl+Z), the coup is
/// settled again as it was; once a player has left with his winnings, or the next coup
/// is open, the coup is paid and the announcement is refused (R-BQ-E7, R-BQ-E12).
#[test]
fn the_banker_s_announcement_after_the_settlement_until_it_is_paid_r_bq_e12() {
    let coup = || {
        let mut t = Table::new(TableSettings::new(Game::Banque), money("1000"), Shoe::decks(6)).expect("table");
        t.play(&Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: money("100") }).expect("b");
        t.play(&Op::NoMoreBets).expect("no va más");
        for c in ["Kh", "Kd", "3s", "6c", "7d", "Qc"] {
            t.play(&Op::Card(c.parse().expect("card"))).expect("card");
        }
        t.play(&Op::Say { hand: HandId::Bank, call: Call::Stand }).expect("stands on 3");
        assert!(t.settlement().is_some());
        t
    };
    // Announced wrong: the settlement withdrawn, the ruling waits; taken back, as it was.
    let mut t = coup();
    let settled = t.clone();
    let events = t.play(&Op::Announce { total: 5 }).expect("taken");
    assert!(matches!(events[0], Event::Unsettled { .. }), "{events:?}");
    assert!(t.settlement().is_none());
    assert!(matches!(t.owed().owed, Owed::Confirm { .. }));
    assert_eq!((t.bank(), t.totals().coups), (money("1000"), 0));
    t.play(&Op::TakeBack { entries: 1 }).expect("taken back");
    assert_eq!(t.settlement(), settled.settlement());
    assert_eq!((t.bank(), t.totals().coups), (settled.bank(), settled.totals().coups));
    // A player left with his winnings: the coup is being paid.
    let mut t = coup();
    t.play(&Op::Leave { player: PlayerRef::seated(1) }).expect("leaves");
    let r = t.play(&Op::Announce { total: 5 }).expect_err("paid");
    assert_eq!(r.clause, Clause::BQE7);
    // The next coup open: paid.
    let mut t = coup();
    t.play(&Op::NextCoup).expect("next");
    assert_eq!(t.play(&Op::Announce { total: 5 }).expect_err("paid").clause, Clause::BQE12);
}
