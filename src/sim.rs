//! Simulation: a shift played by simulated players and a simulated croupier through
//! the same engine operations the app sends (no separate fast path). Used by
//! `sabot simulate`, the benchmarks, the shift log's crash test and training.
//!
//! The simulated croupier answers what the engine says is owed (`Table::owed`,
//! `owed_after_pay` between coups, `card_owed_to` for each card out of the sabot):
//! the shoe made ready, the bank taken, the deal and the draw all follow the engine's
//! order, never one scripted here.
//!
//! Randomness comes only from the RNG given (`ChaCha8Rng` from a seed), so a seed
//! replays the same shift. May import `crate::engine`, nothing else of the crate
//! (`tests/purity.rs`); no files (the caller passes a sink for the operations, e.g.
//! the shift log).

use crate::engine::settings::BadSettings;
use crate::engine::{
    Call, Card, Event, Game, HandId, Money, Op, Owed, PlayerRef, Refusal, Settlement, ShiftStep, Spot, Table,
    TableSettings,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// More steps than any coup, or any stretch between coups, takes: a simulation past
/// them is stuck.
const STEPS: u32 = 60;

/// Where each accepted operation and its events go (the shift log, a test…).
pub trait OpSink {
    /// Takes one record. When it cannot, the sink keeps why (typed, its own: the
    /// shift log's error, a test's finding) for its owner to tell, and the
    /// simulation stops with [`SimError::Sink`].
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), SinkFailed>;
}

/// A sink did not take a record; the sink itself says why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SinkFailed;

/// A sink that keeps nothing.
pub struct NoSink;

impl OpSink for NoSink {
    fn record(&mut self, _op: &Op, _events: &[Event]) -> Result<(), SinkFailed> {
        Ok(())
    }
}

/// What went wrong in a simulation. No words here: the command line tells it in
/// the user's language (`sabot simulate`, `simulate.ftl`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimError {
    /// The engine refused an operation the simulated croupier believed legal.
    Refused { coup: u32, op: Op, refusal: Refusal },
    /// The sink (the log) did not take the record of an operation of `coup`.
    Sink { coup: u32 },
    /// Money did not balance in a settlement.
    Unbalanced { coup: u32 },
    /// The table could not be set up.
    Setup(BadSettings),
    /// A total of the report went past the largest amount Sabot keeps, at `coup`.
    Overflow { coup: u32 },
}

/// What a simulation did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimReport {
    pub coups: u32,
    pub shoes: u32,
    pub bank: Money,
    pub cagnotte: Money,
    pub commission: Money,
    /// Money won (positive) by the players, all coups together.
    pub players_net: Money,
    /// The bank's (or the casino's) net result before cagnotte, all coups together.
    pub bank_net: Money,
    pub banker_changes: u32,
    /// Punto y Banca: wins by banca, punto, and ties.
    pub banca_wins: u32,
    pub punto_wins: u32,
    pub ties: u32,
    pub operations: u64,
}

/// A banker's free choice, made by whoever the caller brings (the exact odds, a
/// colluder's interest: `analysis::protection`); the simulation stays pure.
pub trait Chooser {
    /// The bank's word on `table`, where his choice is owed; `None`: the simulation's
    /// own (a coin).
    fn call(&mut self, table: &Table) -> Option<Call>;
}

/// How the simulated banker plays where the rules leave him a choice.
pub enum BankerStyle {
    /// Asks for the table half the time and otherwise tosses a coin (the default).
    Random,
    /// Follows the table: in Banque he always asks for it (R-BQ-13); where it leaves
    /// him the choice (`O`, R-BQ-14, R-CF-8) he tosses a coin.
    Table,
    /// Never asks for the table; every choice is the chooser's.
    Free(Box<dyn Chooser>),
    /// Asks for the table in Banque (R-BQ-13); the choices it leaves him (and every
    /// choice elsewhere) are the chooser's.
    Asks(Box<dyn Chooser>),
}

/// The simulated table: the engine, the physical sabot, and the players.
pub struct Simulator {
    pub table: Table,
    rng: ChaCha8Rng,
    /// The sabot's cards in order; the next card is the last.
    sabot: Vec<Card>,
    pub report: SimReport,
    starting_bank: Money,
    banker: BankerStyle,
    /// Players who bet on a player hand every coup (a banker's friends), and how often
    /// each calls banco instead.
    friends: Vec<PlayerRef>,
    friend_bancos: f64,
    /// The card numbers the croupier gives as he seats these players (issue 49).
    numbers: Vec<(PlayerRef, crate::engine::PlayerNumber)>,
    /// How a player hand's holder plays a choice owed to him (a Chemin de fer player on
    /// 5, a banco caller free on any total); `None`: a coin.
    caller: Option<Box<dyn Chooser>>,
    /// The chance a player hand's holder without a `caller` draws on a two-card 5
    /// (R-BQ-11, R-CF-8): the house file's `protection: (play_on_five: …)`, the same
    /// `advise` and the weighing of choices read; a coin until set.
    five_draws: f64,
}

impl Simulator {
    /// A fresh shift of `game` with every section taken.
    pub fn new(game: Game, seed: u64) -> Result<Simulator, SimError> {
        let settings = TableSettings::new(game);
        Simulator::with_settings(settings, seed)
    }

    pub fn with_settings(settings: TableSettings, seed: u64) -> Result<Simulator, SimError> {
        let table = Table::start(settings).map_err(SimError::Setup)?;
        Ok(Simulator {
            table,
            rng: ChaCha8Rng::seed_from_u64(seed),
            sabot: Vec::new(),
            report: SimReport::default(),
            starting_bank: Money::units(10_000),
            banker: BankerStyle::Random,
            friends: Vec::new(),
            friend_bancos: 0.0,
            numbers: Vec::new(),
            caller: None,
            five_draws: 0.5,
        })
    }

    fn send(&mut self, op: Op, sink: &mut dyn OpSink) -> Result<Vec<Event>, SimError> {
        match self.table.play(&op) {
            Ok(events) => {
                self.report.operations += 1;
                let coup = self.table.shift().coup_number;
                sink.record(&op, &events).map_err(|SinkFailed| SimError::Sink { coup })?;
                Ok(events)
            }
            Err(refusal) => Err(SimError::Refused { coup: self.table.shift().coup_number, op, refusal }),
        }
    }

    /// The players take their seats (every section, seated), and a friend standing
    /// behind a section his place.
    pub fn seat_everyone(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let sections = self.table.settings().sections;
        let standing = self.friends.iter().filter(|f| f.standing && f.seat <= sections).copied();
        let players: Vec<PlayerRef> = (1..=sections).map(PlayerRef::seated).chain(standing).collect();
        for player in players {
            // Taken up mid-seating: those already seated stay.
            if !self.table.shift().roster.contains(&player) {
                let number = self.numbers.iter().find(|(p, _)| *p == player).map(|(_, n)| n.clone());
                self.send(Op::Join { player, number }, sink)?;
            }
        }
        Ok(())
    }

    /// What the shift owes next, a settled coup taken as paid: a step between coups
    /// (`Owed::Shift`), the bets, or the coup in play.
    fn owed_between(&self) -> Owed {
        match self.table.owed().owed {
            Owed::Pay => self.table.owed_after_pay().map_or(Owed::Shift(ShiftStep::NextCoup), |d| d.owed),
            owed => owed,
        }
    }

    /// Between coups: each step the engine says the shift owes, answered in its order
    /// (the shoe made ready, the bank taken or declined, the next coup and its
    /// announcement), until the bets are open.
    fn up_to_the_bets(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        // A bank offered may be declined once a coup (R-CF-10); not the one a broken
        // bank's banker just left.
        let mut may_decline = true;
        for _ in 0..STEPS {
            match self.owed_between() {
                Owed::Shift(step) => self.shift_step(step, &mut may_decline, sink)?,
                _ => return Ok(()),
            }
        }
        Err(self.stuck())
    }

    /// The refusal a simulation stuck in a loop reports (no coup of the rules takes
    /// this many steps).
    fn stuck(&self) -> SimError {
        let coup = self.table.shift().coup_number;
        SimError::Refused {
            coup,
            op: Op::NoMoreBets,
            refusal: Refusal::new(crate::engine::Clause::C2, crate::engine::Reason::NoCardOwed),
        }
    }

    /// One step of the shift, as the engine names it, answered by the simulated croupier
    /// and players.
    fn shift_step(&mut self, step: ShiftStep, may_decline: &mut bool, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let game = self.table.settings().game;
        match step {
            ShiftStep::EndOfShoe | ShiftStep::NewShoe { .. } => self.new_shoe(sink),
            ShiftStep::Shuffle => self.shuffle(sink),
            ShiftStep::Cut { min, offered } => self.cut(min, offered, sink),
            ShiftStep::Burn => self.burn(sink),
            ShiftStep::BankOffered { to } => {
                let player = PlayerRef::seated(to);
                if game == Game::ChemindeFer && std::mem::take(may_decline) && self.rng.random_bool(0.2) {
                    return self.send(Op::DeclineBank { player }, sink).map(drop);
                }
                self.take_bank(player, self.starting_bank, sink)
            }
            // A bank its banker left is offered at its amount (R-BQ-3); the engine
            // says how. Left broken (at 0), it is bought anew.
            ShiftStep::TakeBank { offered_at } => {
                let amount = offered_at.filter(|a| a.is_positive()).unwrap_or(self.starting_bank);
                let player = PlayerRef::seated(self.rng.random_range(1..=self.table.settings().sections));
                self.take_bank(player, amount, sink)
            }
            ShiftStep::BankLeftBroken => {
                let player = PlayerRef::seated(self.rng.random_range(1..=self.table.settings().sections));
                self.take_bank(player, self.starting_bank, sink)
            }
            // A broken bank: its banker leaves it (R-BQ-3, R-CF-10); one standing plays on.
            ShiftStep::BankBroken => {
                *may_decline = false;
                self.send(Op::LeaveBank, sink).map(drop)
            }
            ShiftStep::NextCoup => self.send(Op::NextCoup, sink).map(drop),
            ShiftStep::Announce { bank } => self.send(Op::AnnounceBank { amount: bank }, sink).map(drop),
        }
    }

    /// A new shoe: the decks shown, and the simulator's own sabot made of them, shuffled.
    fn new_shoe(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        self.send(Op::NewShoe, sink)?;
        self.report.shoes += 1;
        let decks = self.table.settings().decks;
        self.sabot = (0..decks).flat_map(|_| Card::deck()).collect();
        self.sabot.shuffle(&mut self.rng);
        Ok(())
    }

    /// The shuffle owed: in Chemin de fer a player shuffles first now and then, and the
    /// croupier last (R-C-5).
    fn shuffle(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let first = matches!(self.table.shift().sabot, crate::engine::Sabot::Preparing { shuffled: false, .. });
        if self.table.settings().game == Game::ChemindeFer && first && self.rng.random_bool(0.3) {
            let seat = self.rng.random_range(1..=self.table.settings().sections);
            self.send(Op::Shuffle { by: Some(PlayerRef::seated(seat)) }, sink)?;
            self.sabot.shuffle(&mut self.rng);
            return Ok(());
        }
        self.send(Op::Shuffle { by: None }, sink).map(drop)
    }

    /// The cut, at least `min` cards under the cut card, by whom the engine offers it
    /// to (Chemin de fer: declined now and then, and then offered on, R-C-5).
    fn cut(&mut self, min: u8, offered: Option<u8>, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let min = u32::from(min);
        let below = self.rng.random_range(min..=min + 20);
        let mut by = offered;
        if self.table.settings().game == Game::ChemindeFer
            && self.rng.random_bool(0.3)
            && let Some(seat) = offered
        {
            self.send(Op::DeclineCut { by: PlayerRef::seated(seat) }, sink)?;
            by = match self.owed_between() {
                Owed::Shift(ShiftStep::Cut { offered, .. }) => offered,
                _ => None,
            };
        }
        self.send(Op::Cut { by: by.map(PlayerRef::seated), below }, sink).map(drop)
    }

    /// Punto y Banca: the first card turned and burned, and as many more as the engine
    /// says its points burn (R-PB-5).
    fn burn(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let first = self.draw_card();
        let events = self.send(Op::Burn { card: first }, sink)?;
        let count = events.iter().find_map(|e| match e {
            Event::Burned { count, .. } => Some(*count),
            _ => None,
        });
        for _ in 0..count.unwrap_or(0) {
            self.draw_card();
        }
        Ok(())
    }

    fn draw_card(&mut self) -> Card {
        self.sabot.pop().unwrap_or(Card::new(crate::engine::Rank::Ten, crate::engine::Suit::Clubs))
    }

    /// `player` takes the bank with `amount`.
    fn take_bank(&mut self, player: PlayerRef, amount: Money, sink: &mut dyn OpSink) -> Result<(), SimError> {
        self.send(Op::TakeBank { player, amount }, sink)?;
        self.report.banker_changes += 1;
        Ok(())
    }

    fn random_bets(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let game = self.table.settings().game;
        let unit = Money::units(10);
        let order = self.table.betting_order();
        if order.is_empty() {
            return Ok(());
        }
        if game != Game::PuntoBanca && self.friend_banco(sink)? {
            return Ok(());
        }
        if game != Game::PuntoBanca && self.rng.random_bool(0.05) {
            let player = order[self.rng.random_range(0..order.len())];
            let on = if game == Game::Banque { Some(HandId::Tableau(self.rng.random_range(1..=2))) } else { None };
            // A banco only where the engine takes one: at the start of the coup, before
            // any other bet (R-BQ-8, R-CF-3); a shift taken up mid-bets may have bets.
            let banco = Op::Banco { player, on };
            if self.table.can(&banco) {
                self.send(banco, sink)?;
                return Ok(());
            }
        }
        for &player in &order {
            let accomplice = self.friends.contains(&player)
                && self.table.shift().banker() != Some(player)
                && game != Game::PuntoBanca;
            if accomplice {
                let spot = match game {
                    Game::Banque => Spot::Tableau(self.rng.random_range(1..=2)),
                    _ => Spot::Player,
                };
                let coup = self.table.shift().coup_number;
                let amount =
                    unit.checked_mul_int(self.rng.random_range(5..=20)).map_err(|_| SimError::Overflow { coup })?;
                let op = Op::Bet { player, spot, amount };
                if self.table.can(&op) {
                    self.send(op, sink)?;
                }
                continue;
            }
            if !self.rng.random_bool(0.35) {
                continue;
            }
            let spot = match game {
                Game::Banque => [Spot::Tableau(1), Spot::Tableau(2), Spot::Cheval, Spot::Half(1), Spot::Half(2)]
                    [self.rng.random_range(0..5)],
                Game::ChemindeFer => Spot::Player,
                Game::PuntoBanca => {
                    if self.rng.random_bool(0.5) {
                        Spot::Punto
                    } else {
                        Spot::Banca
                    }
                }
            };
            let coup = self.table.shift().coup_number;
            let amount =
                unit.checked_mul_int(self.rng.random_range(1..=20)).map_err(|_| SimError::Overflow { coup })?;
            let op = Op::Bet { player, spot, amount };
            // Players bet while the bank covers them (R-BQ-4, R-CF-2); the croupier
            // takes no bet the rules refuse.
            if self.table.can(&op) {
                self.send(op, sink)?;
            }
        }
        if game == Game::ChemindeFer && self.table.coup().bets.is_empty() {
            let player = order[self.rng.random_range(0..order.len())];
            let op = Op::Bet { player, spot: Spot::Player, amount: unit };
            if self.table.can(&op) {
                self.send(op, sink)?;
            } else {
                self.send(Op::Banco { player, on: None }, sink)?;
            }
        }
        Ok(())
    }

    /// A friend calls banco, now and then (`friend_bancos`), where the engine takes one:
    /// whether one did.
    fn friend_banco(&mut self, sink: &mut dyn OpSink) -> Result<bool, SimError> {
        if self.friend_bancos <= 0.0 || self.friends.is_empty() {
            return Ok(false);
        }
        let game = self.table.settings().game;
        for player in self.friends.clone() {
            if self.table.shift().banker() == Some(player) || !self.rng.random_bool(self.friend_bancos) {
                continue;
            }
            let on = if game == Game::Banque { Some(HandId::Tableau(self.rng.random_range(1..=2))) } else { None };
            let banco = Op::Banco { player, on };
            if self.table.can(&banco) {
                self.send(banco, sink)?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Plays one coup from "next coup" to the settlement.
    pub fn play_coup(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        if self.table.shift().coup_number == 0 {
            self.seat_everyone(sink)?;
        }
        self.up_to_the_bets(sink)?;
        self.random_bets(sink)?;
        self.close_bets_and_play_out(sink)
    }

    /// "No va más", and the coup played to its settlement.
    fn close_bets_and_play_out(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        self.send(Op::NoMoreBets, sink)?;
        self.play_out(sink)
    }

    /// The croupier plays the coup out: whatever the engine says is owed, until the
    /// settlement; then the settled coup is counted. A card-reading shoe: each card out
    /// of the sabot goes where the engine says, the deal's first cards in its order
    /// and the third cards owed (`Table::card_owed_to`).
    fn play_out(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        let game = self.table.settings().game;
        let mut steps = 0;
        while self.table.settlement().is_none() {
            steps += 1;
            if steps > STEPS {
                return Err(self.stuck());
            }
            let op = if self.table.card_owed_to().is_ok() {
                Op::Card(self.draw_card())
            } else {
                match self.table.owed().owed {
                    Owed::Decide { hand, .. } => self.decide(hand, game),
                    Owed::Card { .. } => Op::Card(self.draw_card()),
                    Owed::Confirm { .. } => Op::Confirm,
                    Owed::Show { hand } => {
                        let cards = self.table.coup().play.hands[hand].cards.first.iter().flatten().copied().collect();
                        Op::Show { hand, cards }
                    }
                    Owed::Bets | Owed::Pay | Owed::Shift(_) => break,
                }
            };
            self.send(op, sink)?;
        }
        self.count_settlement()
    }

    /// A word owed by `hand`'s holder: the banker's by his style; a player's by his
    /// `caller`, else on a two-card 5 as the house says (`five_draws`), a coin on
    /// any other total he is free on.
    fn decide(&mut self, hand: HandId, game: Game) -> Op {
        let asked = self.table.coup().play.table_asked;
        let bank = hand == HandId::Bank;
        let asks_first = bank && game == Game::Banque && !asked;
        let chosen = match &mut self.banker {
            BankerStyle::Free(chooser) if bank => chooser.call(&self.table),
            BankerStyle::Asks(chooser) if bank && !asks_first => chooser.call(&self.table),
            _ if !bank => self.caller.as_mut().and_then(|c| c.call(&self.table)),
            _ => None,
        };
        if let Some(call) = chosen {
            return Op::Say { hand, call };
        }
        let ask = match self.banker {
            BankerStyle::Random => asks_first && self.rng.random_bool(0.5),
            BankerStyle::Table | BankerStyle::Asks(_) => asks_first,
            BankerStyle::Free(_) => false,
        };
        if ask {
            return Op::AskTable;
        }
        // A player free on a total other than 5 (a banco caller, R-CF-8) plays the
        // player's table: draws on 0–4, stands on 6 and 7 (issue 49: no coin by default).
        let total = self.table.coup().play.hands[hand].cards.total2();
        let draws = match total {
            Some(5) if !bank => self.five_draws,
            Some(t) if !bank => {
                return Op::Say { hand, call: if t <= 4 { Call::Draw } else { Call::Stand } };
            }
            _ => 0.5,
        };
        Op::Say { hand, call: if self.rng.random_bool(draws) { Call::Draw } else { Call::Stand } }
    }

    /// The settled coup, added to the report; a total past the largest amount Sabot
    /// keeps stops the simulation.
    fn count_settlement(&mut self) -> Result<(), SimError> {
        let coup = self.table.shift().coup_number;
        let Some(s) = self.table.settlement().cloned() else {
            return Err(SimError::Unbalanced { coup });
        };
        if !s.balances() {
            return Err(SimError::Unbalanced { coup });
        }
        self.tally(&s, coup)
    }

    /// The settled coup counted in the report.
    fn tally(&mut self, s: &Settlement, coup: u32) -> Result<(), SimError> {
        let game = self.table.settings().game;
        // The totals are summed apart and taken only if none overflows.
        let r = &self.report;
        let overflow = |_| SimError::Overflow { coup };
        let cagnotte = r.cagnotte.checked_add(s.cagnotte).map_err(overflow)?;
        let commission = r.commission.checked_add(s.commission).map_err(overflow)?;
        let bank_net = r.bank_net.checked_add(s.bank_net).map_err(overflow)?;
        let players = Money::sum(s.seats.iter().map(|x| x.net)).map_err(overflow)?;
        let players_net = r.players_net.checked_add(players).map_err(overflow)?;
        let r = &mut self.report;
        r.coups += 1;
        r.cagnotte = cagnotte;
        r.commission = commission;
        r.bank_net = bank_net;
        r.players_net = players_net;
        if game == Game::PuntoBanca {
            match s.fare(crate::engine::HandId::Punto).map(|f| f.fared) {
                Some(crate::engine::Fared::Won) => r.punto_wins += 1,
                Some(crate::engine::Fared::Lost) => r.banca_wins += 1,
                _ => r.ties += 1,
            }
        }
        r.bank = self.table.bank();
        Ok(())
    }

    /// The simulation taken up on a table where a shift log left it (`sabot simulate
    /// --resume`): the physical sabot is the shoe's unseen cards, shuffled with `seed`.
    pub fn resume(table: Table, seed: u64) -> Simulator {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sabot = table.shoe().unseen_cards_or_stand_ins();
        sabot.shuffle(&mut rng);
        Simulator {
            table,
            rng,
            sabot,
            report: SimReport::default(),
            starting_bank: Money::units(10_000),
            banker: BankerStyle::Random,
            friends: Vec::new(),
            friend_bancos: 0.0,
            numbers: Vec::new(),
            caller: None,
            five_draws: 0.5,
        }
    }

    /// How the banker plays his choices from now on.
    pub fn set_banker(&mut self, style: BankerStyle) {
        self.banker = style;
    }

    /// How a player hand's holder plays the choices owed to him from now on (`None`: a
    /// coin).
    pub fn set_caller(&mut self, caller: Option<Box<dyn Chooser>>) {
        self.caller = caller;
    }

    /// How often a player hand's holder without a `caller` draws on a two-card 5 (0 to
    /// 1; the house file's `protection: (play_on_five: …)` as a share).
    pub fn set_five_draws(&mut self, p: f64) {
        self.five_draws = p.clamp(0.0, 1.0);
    }

    /// The chance a player draws on a two-card 5 in this simulation.
    pub fn five_draws(&self) -> f64 {
        self.five_draws
    }

    /// A seat that bets on a player hand every coup it is not the banker.
    pub fn set_accomplice(&mut self, seat: Option<u8>) {
        self.friends = seat.map(PlayerRef::seated).into_iter().collect();
    }

    /// The card numbers the croupier gives as he seats these players (issue 49).
    pub fn set_numbers(&mut self, numbers: Vec<(PlayerRef, crate::engine::PlayerNumber)>) {
        self.numbers = numbers;
    }

    /// Players who bet on a player hand every coup they are not the banker (a friend
    /// standing behind a section is seated there as the shift starts), each calling
    /// banco instead with chance `bancos`.
    pub fn set_friends(&mut self, friends: Vec<PlayerRef>, bancos: f64) {
        self.friends = friends;
        self.friend_bancos = bancos.clamp(0.0, 1.0);
    }

    /// Finishes the coup the table is in, if one is in play (after `resume`): its
    /// bets closed, its cards dealt and drawn, its settlement counted.
    pub fn finish_coup(&mut self, sink: &mut dyn OpSink) -> Result<(), SimError> {
        if self.table.settlement().is_some() || !self.table.shift().coup_open || self.table.can(&Op::NextCoup) {
            return Ok(());
        }
        // Bets open, or the bank to announce first (a void coup's bets carried, R-BQ-E3).
        if matches!(self.table.owed().owed, Owed::Bets | Owed::Shift(ShiftStep::Announce { .. })) {
            self.up_to_the_bets(sink)?;
            self.random_bets(sink)?;
            return self.close_bets_and_play_out(sink);
        }
        // The deal cut short, or the coup part played: the engine says what is owed.
        self.play_out(sink)
    }

    /// Plays `coups` coups.
    pub fn run(&mut self, coups: u32, sink: &mut dyn OpSink) -> Result<&SimReport, SimError> {
        for _ in 0..coups {
            self.play_coup(sink)?;
        }
        Ok(&self.report)
    }
}
