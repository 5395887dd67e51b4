//! `sabot __crash-driver` (hidden): a test helper for the shift log's crash test,
//! until `sabot simulate --log` lands. It plays seeded random Punto y Banca coups
//! through the engine and logs each operation with `Journal::play` (written and
//! synced before the next). Not a simulator: no players, no shift beyond the next coup.

use crate::engine::{Card, Game, Money, Op, PlayerRef, Rank, Shoe, Spot, Suit, TableSettings};
use crate::journal::{Header, Journal};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::Path;

/// Plays `coups` coups into a new log at `log`; returns the exit status.
pub fn run(coups: u32, seed: u64, log: &Path, w: &mut dyn Write) -> i32 {
    match drive(coups, seed, log) {
        Ok(records) => {
            let _ = writeln!(w, "{records} records");
            0
        }
        Err(e) => {
            let _ = writeln!(w, "sabot __crash-driver: {e}");
            1
        }
    }
}

fn drive(coups: u32, seed: u64, log: &Path) -> Result<u64, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = coups / 8 + 6;
    let mut cards = Vec::new();
    for _ in 0..decks {
        for r in Rank::ALL {
            for s in Suit::ALL {
                cards.push(Card::new(r, s));
            }
        }
    }
    cards.shuffle(&mut rng);
    let header = Header::new(
        "crash",
        "driver",
        TableSettings::new(Game::PuntoBanca),
        Money::ZERO,
        Shoe::from_cards(&cards),
        false,
    );
    let mut j = Journal::create(log, header).map_err(|e| e.to_string())?;
    for n in 0..coups {
        if n > 0 {
            j.play(&Op::NextCoup).map_err(|e| e.to_string())?;
        }
        for _ in 0..rng.random_range(1..=4) {
            let seat = rng.random_range(1..=12u8);
            let spot = if rng.random_bool(0.5) { Spot::Punto } else { Spot::Banca };
            let amount = Money::units(rng.random_range(1..=50) * 10);
            j.play(&Op::Bet { player: PlayerRef::seated(seat), spot, amount }).map_err(|e| e.to_string())?;
        }
        j.play(&Op::NoMoreBets).map_err(|e| e.to_string())?;
        while j.table().settlement().is_none() {
            let card = cards.pop().ok_or("the sabot is empty")?;
            j.play(&Op::Card(card)).map_err(|e| e.to_string())?;
        }
    }
    j.close().map_err(|e| e.to_string())
}
