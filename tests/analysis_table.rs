//! The banker's advice read from a live table (issue #7): what the app calls on the coup
//! in play, `BankerView::from_table`, gives the same view as the plain inputs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::analysis::Composition;
use sabot::analysis::banker::{AdviceError, BankerView, FivePlay, PanoPlay, PanoView, Seen};
use sabot::engine::settings::TieRule;
use sabot::engine::{Call, Card, Game, HandId, Money, Op, PlayerRef, Shoe, Spot, Table, TableSettings};

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn banque_with_bets() -> Table {
    let mut t = Table::new(TableSettings::new(Game::Banque), Money::units(1000), Shoe::decks(6)).unwrap();
    t.play(&Op::Bet { player: PlayerRef::seated(2), spot: Spot::Tableau(1), amount: Money::units(300) }).unwrap();
    t.play(&Op::Bet { player: PlayerRef::seated(9), spot: Spot::Tableau(2), amount: Money::units(100) }).unwrap();
    t.play(&Op::NoMoreBets).unwrap();
    t
}

/// With a card-reading shoe the engine knows the paños' first cards; the banker does
/// not: they go back into what he has not seen (R-BQ-13, R-BQ-14).
#[test]
fn card_reader_table_gives_the_bankers_view_r_bq_14() {
    let mut t = banque_with_bets();
    // Paño 1: 2; paño 2: 1; bank: 5 (deal order R-BQ-10: paño 1, paño 2, bank, twice).
    for c in ["2h", "Ac", "5d", "Kh", "Tc", "Qd", "6s", "2c"] {
        t.play(&Op::Card(card(c))).unwrap();
    }
    let view = BankerView::from_table(&t, None, FivePlay::Draw).unwrap();
    let play = PanoPlay::standard(FivePlay::Draw);
    let expected = BankerView {
        unseen: Composition::decks(6).unwrap().without(&[5, 0, 6, 2]).unwrap(),
        bank: 5,
        panos: [
            Some(PanoView { seen: Seen::Drew(6), stake: Money::units(300), play }),
            Some(PanoView { seen: Seen::Drew(2), stake: Money::units(100), play }),
        ],
        tie: TieRule::Push,
        cagnotte: t.settings().cagnotte,
        rounding: t.settings().rounding,
    };
    assert_eq!(view, expected);
    let a = view.advise().unwrap();
    // R-BQ-13: 5 against a 6 draws, against a 2 stands: the banker chooses (R-BQ-14).
    assert_eq!(a.table, Some(sabot::engine::BankDuty::Chooses));
}

/// Without a reader the bank's cards are the banker's secret: the app passes them, and
/// Sabot takes them out of the composition.
#[test]
fn bank_cards_given_by_the_app_r_bq_13() {
    let mut t = banque_with_bets();
    t.play(&Op::Say { hand: HandId::Tableau(1), call: Call::Draw }).unwrap();
    t.play(&Op::Card(card("4h"))).unwrap();
    t.play(&Op::Say { hand: HandId::Tableau(2), call: Call::Stand }).unwrap();
    assert_eq!(BankerView::from_table(&t, None, FivePlay::Stand), Err(AdviceError::BankCardsUnknown));
    let view = BankerView::from_table(&t, Some([card("5h"), card("Kd")]), FivePlay::Stand).unwrap();
    assert_eq!(view.unseen, Composition::decks(6).unwrap().without(&[4, 5, 0]).unwrap());
    assert_eq!(view.bank, 5);
    assert_eq!(view.panos[0].map(|p| p.seen), Some(Seen::Drew(4)));
    assert_eq!(view.panos[1].map(|p| p.seen), Some(Seen::Stood));
    assert!(view.advise().is_ok());
}

#[test]
fn only_at_the_banks_turn_in_a_bankers_game() {
    let t = Table::new(TableSettings::new(Game::Banque), Money::units(1000), Shoe::decks(6)).unwrap();
    assert_eq!(BankerView::from_table(&t, None, FivePlay::Draw), Err(AdviceError::NotBanksTurn));
    let pb = Table::new(TableSettings::new(Game::PuntoBanca), Money::ZERO, Shoe::decks(6)).unwrap();
    assert_eq!(BankerView::from_table(&pb, None, FivePlay::Draw), Err(AdviceError::NotABankersGame(Game::PuntoBanca)));
}
