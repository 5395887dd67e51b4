//! Coups for the journal's tests and benchmarks: Punto y Banca coups dealt from a
//! shuffled sabot with a seeded RNG, through `Table::play`.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sabot::engine::{Card, Game, Money, Op, PlayerRef, Rank, Shoe, Spot, Suit, Table, TableSettings};
use sabot::journal::{Header, Journal};

/// A dealer of random Punto y Banca coups.
pub struct Dealer {
    pub rng: ChaCha8Rng,
    cards: Vec<Card>,
}

pub fn settings() -> TableSettings {
    TableSettings::new(Game::PuntoBanca)
}

pub fn shoe_cards(decks: u8) -> Vec<Card> {
    let mut v = Vec::new();
    for _ in 0..decks {
        for r in Rank::ALL {
            for s in Suit::ALL {
                v.push(Card::new(r, s));
            }
        }
    }
    v
}

impl Dealer {
    pub fn new(seed: u64) -> Dealer {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards = shoe_cards(6);
        cards.shuffle(&mut rng);
        Dealer { rng, cards }
    }

    pub fn header(&self, training: bool) -> Header {
        Header::new("Mesa 3", "Ana", settings(), Money::ZERO, Shoe::decks(6), training)
    }

    pub fn table(&self) -> Table {
        Table::new(settings(), Money::ZERO, Shoe::decks(6)).expect("table")
    }

    /// Cards left to deal.
    pub fn left(&self) -> usize {
        self.cards.len()
    }

    /// The operations of one whole coup, played on `table` (which ends settled).
    pub fn coup(&mut self, table: &mut Table) -> Vec<Op> {
        let mut ops = Vec::new();
        let bets = self.rng.random_range(1..=4);
        for _ in 0..bets {
            let seat = self.rng.random_range(1..=12u8);
            let spot = if self.rng.random_bool(0.5) { Spot::Punto } else { Spot::Banca };
            let amount = Money::units(self.rng.random_range(1..=50) * 10);
            ops.push(Op::Bet { player: PlayerRef::seated(seat), spot, amount });
        }
        ops.push(Op::NoMoreBets);
        for op in &ops {
            table.play(op).expect("a bet");
        }
        while table.settlement().is_none() {
            let card = self.cards.pop().expect("cards left");
            let op = Op::Card(card);
            table.play(&op).expect("a card");
            ops.push(op);
        }
        ops
    }
}

/// A log at `path` with `coups` coups of Punto y Banca (one coup a table until the
/// engine starts a next coup), closed if `close`.
pub fn write_log(path: &std::path::Path, seed: u64, close: bool) -> Journal {
    let mut d = Dealer::new(seed);
    let mut j = Journal::create(path, d.header(false)).expect("create");
    let mut t = d.table();
    for op in d.coup(&mut t.clone()) {
        let events = t.play(&op).expect("play");
        j.append(&op, &events).expect("append");
    }
    if close {
        j.close().expect("close");
    }
    j
}

/// The operation that starts the next coup once one is settled (issue 3 adds it to
/// the engine); `None` until then.
pub fn next_coup_op() -> Option<Op> {
    None
}

/// A log of `coups` Punto y Banca coups; returns the number of records.
pub fn write_many(path: &std::path::Path, coups: u32, seed: u64) -> u64 {
    let mut d = Dealer::new(seed);
    let mut j = Journal::create(path, d.header(false)).expect("create");
    let mut t = d.table();
    for n in 0..coups {
        if n > 0 {
            let op = next_coup_op().expect("the engine's next-coup operation (issue 3)");
            let events = t.play(&op).expect("next coup");
            j.append(&op, &events).expect("append");
        }
        for op in d.coup(&mut t.clone()) {
            let events = t.play(&op).expect("play");
            j.append(&op, &events).expect("append");
        }
    }
    j.close().expect("close")
}
