//! Coups per second through the engine (issue 3's target: a million Punto y Banca
//! coups per second per core, release build).
//!
//! `engine/*`: only engine operations, as a table with a card-reading shoe sends
//! them: next coup, bets, "no va más", the cards as they come; a new shoe (shown,
//! shuffled, cut, burned) whenever the cut card has come out. The bets and the
//! shuffled cards are prepared outside the timed loop.
//! `simulate/*`: the whole simulator, random players' decisions included.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sabot::engine::{Card, Event, Game, HandId, Money, Op, Owed, PlayerRef, Spot, Table, TableSettings};
use sabot::sim::{NoSink, Simulator};
use std::hint::black_box;

/// A table and its shuffled sabot, driven op by op.
struct Driver {
    table: Table,
    sabot: Vec<Card>,
    rng: ChaCha8Rng,
    events: Vec<Event>,
    bets: Vec<Op>,
}

impl Driver {
    fn new(game: Game) -> Driver {
        let table = Table::start(TableSettings::new(game)).expect("table");
        let bets = match game {
            Game::PuntoBanca => vec![
                Op::Bet { player: PlayerRef::seated(1), spot: Spot::Banca, amount: Money::units(100) },
                Op::Bet { player: PlayerRef::seated(4), spot: Spot::Punto, amount: Money::units(50) },
                Op::Bet { player: PlayerRef::seated(7), spot: Spot::Banca, amount: Money::units(25) },
            ],
            Game::Banque => vec![
                Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: Money::units(100) },
                Op::Bet { player: PlayerRef::seated(3), spot: Spot::Cheval, amount: Money::units(30) },
                Op::Bet { player: PlayerRef::seated(8), spot: Spot::Half(2), amount: Money::units(40) },
            ],
            Game::ChemindeFer => vec![
                Op::Bet { player: PlayerRef::seated(2), spot: Spot::Player, amount: Money::units(100) },
                Op::Bet { player: PlayerRef::seated(5), spot: Spot::Player, amount: Money::units(50) },
            ],
        };
        let mut d = Driver { table, sabot: Vec::new(), rng: ChaCha8Rng::seed_from_u64(7), events: Vec::new(), bets };
        if game.has_bank() {
            d.op(Op::TakeBank { player: PlayerRef::seated(6), amount: Money::units(1_000_000) });
        }
        d
    }

    fn op(&mut self, op: Op) {
        self.events.clear();
        if let Err(r) = self.table.handle(&op, &mut self.events) {
            panic!("{op:?} refused: {r}");
        }
    }

    fn new_shoe(&mut self) {
        self.op(Op::NewShoe);
        self.sabot = (0..self.table.settings().decks).flat_map(|_| Card::deck()).collect();
        self.sabot.shuffle(&mut self.rng);
        self.op(Op::Shuffle { by: None });
        let by = self.table.cut_offered_to().map(PlayerRef::seated);
        self.op(Op::Cut { by, below: 14 });
        if self.table.settings().game == Game::PuntoBanca {
            let first = self.sabot.pop().expect("card");
            self.op(Op::Burn { card: first });
            let n = usize::from(first.rank.burn_count());
            self.sabot.truncate(self.sabot.len() - n);
        }
    }

    /// One coup, from "next coup" to the settlement.
    fn coup(&mut self) {
        let sh = self.table.shift();
        if !sh.sabot.ready(self.table.settings().game) || sh.sabot.cut_out() {
            self.new_shoe();
        }
        let low = self.table.bank() < Money::units(10_000);
        if self.table.shift().bank.offered_to().is_some() || (self.table.settings().game.has_bank() && low) {
            let seat = self.table.shift().bank.offered_to().unwrap_or(6);
            if self.table.shift().banker().is_some() {
                self.op(Op::LeaveBank);
            }
            let seat = self.table.shift().bank.offered_to().unwrap_or(seat);
            // A bank its banker left is auctioned to refill it (R-BQ-3); one passing
            // round is taken as offered (the engine says how).
            let (player, amount) = (PlayerRef::seated(seat), Money::units(1_000_000));
            let op = if self.table.shift().bank.offered_at().is_some() {
                Op::Auction { bids: vec![sabot::engine::Bid { player, amount }], lot: None }
            } else {
                Op::TakeBank { player, amount }
            };
            self.op(op);
        }
        self.op(Op::NextCoup);
        if self.table.settings().game.has_bank() {
            let amount = self.table.bank();
            self.op(Op::AnnounceBank { amount });
        }
        let banker = self.table.shift().banker();
        for i in 0..self.bets.len() {
            // The banker does not bet against his own bank (R-BQ-3, R-CF-2).
            if let Op::Bet { player, .. } = &self.bets[i]
                && Some(*player) == banker
            {
                continue;
            }
            let bet = self.bets[i].clone();
            self.op(bet);
        }
        self.op(Op::NoMoreBets);
        // A card-reading shoe: the first cards, in deal order.
        for _ in 0..self.table.ctx().deal_order().len() {
            let c = self.sabot.pop().expect("card");
            self.op(Op::Card(c));
        }
        loop {
            match self.table.owed().owed {
                Owed::Card { .. } | Owed::Show { .. } => {
                    let c = self.sabot.pop().expect("card");
                    self.op(Op::Card(c));
                }
                Owed::Decide { hand, .. } => {
                    let call =
                        if hand == HandId::Bank { sabot::engine::Call::Stand } else { sabot::engine::Call::Draw };
                    self.op(Op::Say { hand, call });
                }
                Owed::Confirm { .. } => self.op(Op::Confirm),
                Owed::Bets | Owed::Pay | Owed::Shift(_) => break,
            }
        }
    }
}

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    for game in Game::ALL {
        let mut d = Driver::new(game);
        group.bench_function(game.slug(), |b| {
            b.iter(|| {
                d.coup();
                black_box(d.table.totals().coups);
            })
        });
    }
    group.finish();
}

fn simulate(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(1));
    for game in Game::ALL {
        let mut sim = Simulator::new(game, 42).expect("table");
        group.bench_function(game.slug(), |b| {
            b.iter(|| {
                sim.play_coup(&mut NoSink).expect("a legal coup");
                black_box(sim.table.bank());
            })
        });
    }
    group.finish();
}

criterion_group!(benches, engine, simulate);
criterion_main!(benches);
