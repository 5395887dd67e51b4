//! What is owed now, by whom, under which clause: between coups (the shoe, the
//! bank, the next coup) and in the coup (bets, a word, a card, a showdown, a ruling,
//! the payment). The screen's banner renders this and decides nothing.

use super::bet::{Bet, BetKind};
use super::card::Card;
use super::clause::Clause;
use super::drawing::{BankDuty, Cell};
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::money::Money;
use super::op::Op;
use super::rules::{HandStep, Status};
use super::settings::Game;
use super::table::Table;
use super::vocab::{ErrorBy, Pending};
use arrayvec::ArrayVec;

/// Between coups: what the shift needs before the next bets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftStep {
    /// The shoe is over (R-C-4): the cards may be checked (R-C-6), then a new shoe.
    EndOfShoe,
    /// A new shoe: the decks shown complete (R-C-5).
    NewShoe { decks: u8 },
    /// The shuffle (R-C-5); in Chemin de fer the croupier shuffles last.
    Shuffle,
    /// The cut: at least `min` cards under the cut card; in Chemin de fer offered to
    /// a section (R-C-4, R-C-5).
    Cut { min: u8, offered: Option<u8> },
    /// Punto y Banca: the first card turned and burned (R-PB-5).
    Burn,
    /// Chemin de fer: the bank is offered to this section (R-CF-10).
    BankOffered { to: u8 },
    /// Nobody holds the bank (R-BQ-3, R-CF-10): a banker takes it; at `offered_at`
    /// when the last banker left it at that amount (R-BQ-3), else bought or auctioned.
    TakeBank { offered_at: Option<Money> },
    /// Banque: the banker left a broken bank (at 0): a player buys it, or it is
    /// auctioned (R-BQ-3).
    BankLeftBroken,
    /// The bank lost all it held, its banker still there: broken. He brings a new bank
    /// (announced at any amount) or leaves it (R-BQ-3, R-CF-10); the next coup alone
    /// is refused.
    BankBroken,
    /// The next coup (R-BQ-17, R-CF-2, R-PB-3).
    NextCoup,
    /// The coup is open; the bank announces its amount, `bank` as it stands (R-BQ-17, R-CF-2).
    Announce { bank: Money },
}

/// What is owed now, by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// Between coups: the shift's next step.
    Shift(ShiftStep),
    /// Bets are open; then "no va más" (R-C-7).
    Bets,
    /// The holder of `hand` says draw or stand.
    Decide { hand: HandId, total: Option<u8> },
    /// A card is owed to `hand`: it asked (`forced: false`) or its rule makes it draw.
    Card { hand: HandId, total: Option<u8>, forced: bool },
    /// `hand` turns its first cards over.
    Show { hand: HandId },
    /// A ruling waits for the croupier's confirmation.
    Confirm { ruling: Pending },
    /// The coup is settled: pay and collect.
    Pay,
}

/// An obligation and the clause it rests on; in the coup, once the bank's table binds
/// the bank (asked for, R-BQ-13/14; Chemin de fer, R-CF-8; an error, R-BQ-E10…E13),
/// what it says against each player hand (`Table::table_reading`); while bets are taken
/// at a free bank, the bets offered that wait for the banker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duty {
    pub owed: Owed,
    pub clause: Clause,
    pub table: Option<TableReading>,
    /// Paying a free bank's coup that lost more than the bank held (`Owed::Pay`, R-BQ-4):
    /// what the banker pays from his pocket, the bank at 0 once paid.
    pub covered: Option<Money>,
    /// A free bank (R-BQ-4): the bets offered to the banker that wait for his answer, in
    /// the order they were made; «no va más» waits for them (`Op::AcceptBet`,
    /// `Op::DeclineBet`).
    pub offers: Vec<Bet>,
}

impl Duty {
    pub fn new(owed: Owed, clause: Clause) -> Duty {
        Duty { owed, clause, table: None, covered: None, offers: Vec::new() }
    }
}

impl ShiftStep {
    /// The clause a step rests on in `game`.
    pub fn clause(self, game: Game) -> Clause {
        match self {
            ShiftStep::EndOfShoe => Clause::C4,
            ShiftStep::NewShoe { .. } | ShiftStep::Shuffle | ShiftStep::Cut { offered: Some(_), .. } => Clause::C5,
            ShiftStep::Cut { offered: None, .. } => Clause::C4,
            ShiftStep::Burn => Clause::PB5,
            ShiftStep::BankOffered { .. } => Clause::CF10,
            ShiftStep::TakeBank { .. } | ShiftStep::BankBroken => game.pick(Clause::BQ3, Clause::CF10, Clause::PB4),
            ShiftStep::BankLeftBroken => Clause::BQ3,
            ShiftStep::NextCoup => game.pick(Clause::BQ17, Clause::CF2, Clause::PB3),
            ShiftStep::Announce { .. } => game.pick(Clause::BQ17, Clause::CF2, Clause::PB4),
        }
    }
}

impl Table {
    /// What is owed now, by whom, under which clause: the shift's step between coups,
    /// or the coup's duty.
    pub fn owed(&self) -> Duty {
        match self.shift_step(false) {
            Some(step) => Duty::new(Owed::Shift(step), step.clause(self.game())),
            None => {
                let duty = self.coup_duty();
                // A free bank's offers wait for the banker's answer before «no va más» (R-BQ-4).
                let offers = self.coup.offers.clone();
                let clause = if offers.is_empty() { duty.clause } else { Clause::BQ4 };
                Duty { table: self.table_reading(), offers, clause, ..duty }
            }
        }
    }

    /// Once a settled coup is paid: what the shift needs next (the shoe ended, the
    /// bank passed or left, a burn…), or `None` when it is simply the next coup.
    pub fn owed_after_pay(&self) -> Option<Duty> {
        self.settlement()?;
        let game = self.game();
        if let Some(step) =
            self.shift_step(true).filter(|s| !matches!(s, ShiftStep::NextCoup | ShiftStep::Announce { .. }))
        {
            return Some(Duty::new(Owed::Shift(step), step.clause(game)));
        }
        // The bank lost all it held: once paid it is broken, and the banker brings a new
        // bank or leaves it (R-BQ-3, R-CF-10); the next coup alone is refused. The bank
        // as it stands (the settlement left it so), not as the settlement left it: a
        // new banker's bank, taken since, is not broken.
        if game.has_bank() && self.shift.bank.broken(self.bank) {
            let step = ShiftStep::BankBroken;
            return Some(Duty::new(Owed::Shift(step), step.clause(game)));
        }
        None
    }

    /// The shift's step before the next bets; `None` while a coup is played (or waits
    /// to be paid, unless `after_pay`).
    fn shift_step(&self, after_pay: bool) -> Option<ShiftStep> {
        let sh = &self.shift;
        let sabot = &sh.sabot;
        let game = self.game();
        // A void coup's bets carried to the next (R-BQ-E3, R-PB-4) do not make it begun
        // while its bank is still to be announced: that is owed first (R-BQ-17, R-CF-2).
        let to_announce = game.has_bank() && sh.coup_open && !self.coup.play.closed && !sh.bank_announced();
        if (self.coup_in_progress() && !to_announce) || (self.settlement().is_some() && !after_pay) {
            return None;
        }
        if sabot.ended() {
            return Some(ShiftStep::EndOfShoe);
        }
        if !sabot.opened() {
            return Some(ShiftStep::NewShoe { decks: self.settings.decks });
        }
        if !sabot.cut() && (!sabot.shuffled() || (game == Game::ChemindeFer && !sabot.croupier_shuffled_last())) {
            return Some(ShiftStep::Shuffle);
        }
        if !sabot.cut() {
            let offered = if game == Game::ChemindeFer { self.cut_offered_to() } else { None };
            return Some(ShiftStep::Cut { min: self.settings.cut_min(), offered });
        }
        if game == Game::PuntoBanca && !sabot.burned() {
            return Some(ShiftStep::Burn);
        }
        if game.has_bank() {
            if let Some(to) = sh.bank.offered_to() {
                return Some(ShiftStep::BankOffered { to });
            }
            if !sh.bank.stands(self.bank) {
                return Some(match sh.bank.offered_at() {
                    Some(at) if !at.is_positive() => ShiftStep::BankLeftBroken,
                    offered_at => ShiftStep::TakeBank { offered_at },
                });
            }
        }
        if !sh.coup_open || self.settlement().is_some() {
            return Some(ShiftStep::NextCoup);
        }
        if game.has_bank() && !sh.bank_announced() {
            if sh.bank.broken(self.bank) {
                return Some(ShiftStep::BankBroken);
            }
            return Some(ShiftStep::Announce { bank: self.bank });
        }
        None
    }

    /// Who is asked for a bet next (R-BQ-5): the player after the last one in the
    /// betting order who has bet, or the first; `None` unless bets are what is owed.
    pub fn next_to_bet(&self) -> Option<PlayerRef> {
        if self.owed().owed != Owed::Bets {
            return None;
        }
        let bets = &self.coup.bets;
        // Banco called for the whole bank (or its last part, or by an association):
        // nobody is next in the order; the bank is played (R-BQ-8, R-CF-3, R-CF-4).
        if bets.iter().any(|b| matches!(b.kind, BetKind::Banco | BetKind::LastComplete | BetKind::Associated)) {
            return None;
        }
        let order = self.betting_order();
        // A free bank's offer waiting for the banker is a bet made (R-BQ-4): its player
        // has had his turn.
        let made = |p: &PlayerRef| bets.iter().chain(&self.coup.offers).any(|b| b.player == *p);
        match order.iter().rposition(made) {
            Some(i) => order.get(i + 1).copied(),
            None => order.first().copied(),
        }
    }

    /// Every clause that says what a hand's drawing is now: `drawing_clause`, and for
    /// Banque's bank R-BQ-13 and R-BQ-14 both, which say the same of it (R-BQ-14 is
    /// R-BQ-13's table followed against two paños; without the table both leave the
    /// banker free).
    pub fn drawing_clauses(&self, hand: HandId) -> ArrayVec<Clause, 2> {
        let clause = self.drawing_clause(hand);
        let mut out = ArrayVec::new();
        out.push(clause);
        match clause {
            Clause::BQ13 if hand == HandId::Bank => out.push(Clause::BQ14),
            Clause::BQ14 if hand == HandId::Bank => out.push(Clause::BQ13),
            _ => {}
        }
        out
    }

    /// The clause an operation rests on at this point of the coup: a bet's line or
    /// kind (R-BQ-6 half line, R-BQ-7 a caballo, R-BQ-8 or R-CF-3 banco, R-CF-4 banco
    /// with the table), else what is owed now (`owed`).
    pub fn clause_of(&self, op: &Op) -> Clause {
        let owed = || self.owed().clause;
        match op {
            Op::Bet { spot: Spot::Half(_), .. } => Clause::BQ6,
            Op::Bet { spot: Spot::Cheval, .. } => Clause::BQ7,
            Op::Banco { .. } => self.game().pick(Clause::BQ8, Clause::CF3, owed()),
            Op::BancoWithTable { .. } => Clause::CF4,
            _ => owed(),
        }
    }

    /// The clause a hand's drawing rests on now: the game's rule for a player hand
    /// (R-BQ-11, R-CF-8, R-PB-7), the bank's table or the error that changed it
    /// (R-BQ-13, R-BQ-14, R-BQ-E10, E12, E13).
    pub fn drawing_clause(&self, hand: HandId) -> Clause {
        let ctx = self.ctx();
        if self.game() == Game::PuntoBanca {
            Clause::PB7
        } else if hand == HandId::Bank {
            ctx.bank_clause_in(&self.coup.play)
        } else {
            ctx.player_clause()
        }
    }

    /// The clause a hand's cards are owed under in its turn: a natural said with its
    /// cards face down is shown at once (R-BQ-12, R-CF-8); otherwise the croupier
    /// checks the total (R-PB-8).
    fn show_clause(&self, hand: HandId) -> Clause {
        let natural = self.coup.play.hands[hand].call == Some(Call::Natural);
        match self.game() {
            Game::Banque if natural => Clause::BQ12,
            Game::ChemindeFer if natural => Clause::CF8,
            _ => Clause::PB8,
        }
    }

    /// The coup's duty now.
    fn coup_duty(&self) -> Duty {
        let game = self.game();
        let clause_for = |hand: HandId| self.drawing_clause(hand);
        match self.status() {
            Status::Betting => Duty::new(Owed::Bets, Clause::C7),
            Status::Turn { hand, step } => match step {
                HandStep::Call { total } => Duty::new(Owed::Decide { hand, total }, clause_for(hand)),
                HandStep::Card { total, forced } => Duty::new(Owed::Card { hand, total, forced }, clause_for(hand)),
                HandStep::Show => Duty::new(Owed::Show { hand }, self.show_clause(hand)),
                HandStep::Done(_) => Duty::new(Owed::Pay, Clause::BQ15),
            },
            Status::Showdown { hand } => Duty::new(Owed::Show { hand }, Clause::BQ15),
            Status::Ruling(ruling) => Duty::new(Owed::Confirm { ruling }, ruling.clause()),
            // A free bank that lost more than it held: the banker covers the rest (R-BQ-4).
            Status::Settled if self.settlement().is_some_and(|s| s.covered.is_positive()) => {
                Duty { covered: self.settlement().map(|s| s.covered), ..Duty::new(Owed::Pay, Clause::BQ4) }
            }
            Status::Complete | Status::Settled => {
                Duty::new(Owed::Pay, game.pick(Clause::BQ16, Clause::CF9, Clause::PB4))
            }
        }
    }
}

/// What a ruling waiting for the croupier's confirmation will do, card by card, before
/// he confirms it (R-BQ-E13…E17, R-CF-8): so the screen can say it before Intro.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulingEffect {
    /// The hand's word becomes this.
    Word { hand: HandId, call: Call },
    /// A third card dealt again to this hand.
    CardTo { card: Card, hand: HandId },
    /// The card a paño gave up waits for `hand`'s word: its if it asks, the bank's
    /// (which must take it) if it stands (R-BQ-E15).
    Waits { card: Card, hand: HandId },
    /// The bank must take this card (R-BQ-E15).
    BankTakes { card: Card },
    /// This hand draws and takes the next card out of the sabot (R-BQ-E14: «el segundo
    /// paño recogerá la carta siguiente»).
    NextCardTo { hand: HandId },
    /// The card left over is the next card for the next hand that draws.
    Next { card: Card },
    /// Out of play.
    Dead { card: Card },
    /// The bank plays again by R-BQ-E13, after whose error.
    BankPlays { by: ErrorBy },
    /// The bank's play put right (R-CF-8): it stands, or takes the next card.
    BankCall { call: Call },
    /// Every bet stays as it was placed.
    BetsStand,
}

impl Table {
    /// What the ruling waiting for confirmation will do (empty when none waits, or for
    /// a reopened bank, whose words say it all).
    pub fn ruling_effects(&self) -> Vec<RulingEffect> {
        let p = &self.coup.play;
        let ctx = self.ctx();
        let mut out = Vec::new();
        match p.pending {
            Some(Pending::PutRight { hand, fix, by, .. }) if hand.in_game(self.game()) => {
                let (c, dead) = ctx.put_right(p, hand, fix, by);
                out.push(RulingEffect::Word { hand, call: fix });
                for (h, card) in &c.thirds {
                    out.push(if *h == ctx.bank() && c.bank_takes {
                        RulingEffect::BankTakes { card: *card }
                    } else {
                        RulingEffect::CardTo { card: *card, hand: *h }
                    });
                }
                // A paño that draws and has no card yet takes the next one out of the sabot
                // (unless a card left over waits for the next hand that draws).
                let mut q = *p;
                super::coup::put_right(&mut q, &c);
                let waiting = c.next.is_some() && !c.next_forced;
                for h in ctx.players().iter().filter(|h| !waiting && q.hands[**h].cards.third.is_none()) {
                    if matches!(ctx.player_step(&q, *h), HandStep::Card { .. }) {
                        out.push(RulingEffect::NextCardTo { hand: *h });
                    }
                }
                if let Some(card) = c.next {
                    match ctx.players_after(hand).next().filter(|_| c.next_forced) {
                        Some(later) => out.push(RulingEffect::Waits { card, hand: later }),
                        None => out.push(RulingEffect::Next { card }),
                    }
                }
                out.extend(dead.into_iter().map(|card| RulingEffect::Dead { card }));
                if !c.bank_takes && self.game() == Game::Banque {
                    out.push(RulingEffect::BankPlays { by });
                }
                out.push(RulingEffect::BetsStand);
            }
            Some(Pending::BankPlay { call, .. }) => {
                out.push(RulingEffect::BankCall { call });
                if let (Call::Stand, Some(card)) = (call, p.hands.bank().cards.third) {
                    out.push(RulingEffect::Dead { card });
                }
                out.push(RulingEffect::BetsStand);
            }
            _ => {}
        }
        out
    }
}

/// A player hand's column in the bank's table (R-BQ-13): the third card it drew, or
/// that it stood; or it takes no part (a natural shown, a void coup for it, R-BQ-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// It showed a natural (or its coup is void): the table is read against the other.
    NoPart,
    /// It stood: the last column («—»).
    Stood,
    /// Its third card's points.
    Third(u8),
}

/// The bank's table against one player hand: its column, and the cell once the bank's
/// two-card total is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Against {
    pub hand: HandId,
    pub column: Column,
    pub cell: Option<Cell>,
}

/// What the bank's table says once it binds the bank: in Banque when the banker
/// asked for it (R-BQ-13/14) or an error bound him (R-BQ-E10, E12, E13); in Chemin de
/// fer always (R-CF-8). `duty` is what it obliges, once the bank's total is known
/// (`Chooses` where it says draw against one paño and stand against the other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableReading {
    pub bank_total: Option<u8>,
    pub against: [Option<Against>; 2],
    pub duty: Option<BankDuty>,
    pub clause: Clause,
}

impl Table {
    /// The bank's table against each player hand and what it obliges, once every
    /// player hand has played and the table binds the bank; `None` otherwise (Punto y
    /// Banca, a free Banque bank, a player hand still to play).
    pub fn table_reading(&self) -> Option<TableReading> {
        let ctx = self.ctx();
        let p = &self.coup.play;
        let game = self.game();
        let bound = match game {
            Game::Banque => p.table_asked || p.restored.is_some() || p.bank_rule.is_some(),
            Game::ChemindeFer => true,
            Game::PuntoBanca => false,
        };
        if !bound || !p.closed || p.void.is_some() {
            return None;
        }
        if ctx.players().iter().any(|h| !matches!(ctx.player_step(p, *h), HandStep::Done(_))) {
            return None;
        }
        let b = p.hands.bank();
        let bank_total = if b.zero { None } else { b.cards.total2() };
        let mut against = [None; 2];
        for (slot, hand) in against.iter_mut().zip(ctx.players()) {
            let h = &p.hands[*hand];
            let column = if ctx.player_natural(h) || h.void {
                Column::NoPart
            } else {
                h.cards.third.map_or(Column::Stood, |c| Column::Third(c.points()))
            };
            let cell = bank_total.and_then(|t| ctx.cell_against(p, *hand, t));
            *slot = Some(Against { hand: *hand, column, cell });
        }
        let duty = bank_total.and_then(|t| ctx.bank_duty(p, t));
        Some(TableReading { bank_total, against, duty, clause: ctx.bank_clause_in(p) })
    }
}
