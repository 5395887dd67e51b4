//! A plain model of a shift around its coups, written from the rules and sharing no code
//! with the engine: who is at the table (R-BQ-1, R-BQ-2), who holds the bank and what it
//! holds (R-BQ-3, R-BQ-4, R-BQ-17), the bets a void coup leaves for the next (R-BQ-E3,
//! R-PB-4) and what a leaver takes with him (002 §12). For each entry of the shift it
//! says whether the rules take it, or the clause that refuses it; after each coup, what
//! the bank holds and what was brought into it.

use super::{Bet, Game};
use rust_decimal::Decimal;
use std::collections::BTreeSet;

/// A player: his section, and whether he stands behind it.
pub type Who = (u8, bool);

/// What the rules make of an entry: taken, or refused citing this clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Taken,
    Refused(&'static str),
}

#[derive(Clone, Debug)]
pub struct ShiftModel {
    pub game: Game,
    pub sections: u8,
    pub roster: BTreeSet<Who>,
    /// Players who left and have not sat again.
    pub left: BTreeSet<Who>,
    /// The banker's section (he sits; Banque and Chemin de fer).
    pub banker: Option<u8>,
    pub bank: Decimal,
    /// Banque: the banker left, taking back this; the bank is offered at it (R-BQ-3).
    pub offered_at: Option<Decimal>,
    /// The bets of the last coup, when it was void: they stand for the next.
    pub carried: Vec<Bet>,
    /// Money brought into the bank: the banks taken, and the rest brought later.
    pub banks_taken: Decimal,
    pub brought_later: Decimal,
}

impl ShiftModel {
    pub fn new(game: Game, sections: u8) -> ShiftModel {
        ShiftModel {
            game,
            sections,
            roster: BTreeSet::new(),
            left: BTreeSet::new(),
            banker: None,
            bank: Decimal::ZERO,
            offered_at: None,
            carried: Vec::new(),
            banks_taken: Decimal::ZERO,
            brought_later: Decimal::ZERO,
        }
    }

    pub fn present(&self, who: Who) -> bool {
        self.roster.contains(&who)
    }

    /// R-BQ-1: a player sits at a free place.
    pub fn join(&mut self, who: Who) -> Verdict {
        if !self.roster.insert(who) {
            return Verdict::Refused("R-BQ-1");
        }
        self.left.remove(&who);
        Verdict::Taken
    }

    /// A player leaves between coups (R-BQ-1 when he is not there). He takes his bets of a
    /// void coup with him (002 §12); the banker takes his bank back and it is offered at
    /// that amount (001, R-BQ-3).
    pub fn leave(&mut self, who: Who) -> Verdict {
        if !self.roster.remove(&who) {
            return Verdict::Refused("R-BQ-1");
        }
        self.left.insert(who);
        self.carried.retain(|b| (b.seat, b.standing) != who);
        if self.banker.is_some_and(|b| (b, false) == who) {
            self.leave_bank();
        }
        Verdict::Taken
    }

    /// The banker gives up the bank, taking back what it holds (R-BQ-3).
    pub fn leave_bank(&mut self) {
        self.offered_at = Some(self.bank);
        self.banker = None;
        self.bank = Decimal::ZERO;
    }

    /// A player takes the bank between coups (R-BQ-3): he is at the table, nobody holds
    /// it, and a bank offered after its banker left is taken at that amount.
    pub fn take_bank(&mut self, who: Who, amount: Decimal) -> Verdict {
        if !self.present(who) {
            return Verdict::Refused("R-BQ-1");
        }
        if self.banker.is_some() || self.bank > Decimal::ZERO {
            return Verdict::Refused("R-BQ-3");
        }
        if self.offered_at.is_some_and(|at| at > Decimal::ZERO && at != amount) {
            return Verdict::Refused("R-BQ-3");
        }
        self.banker = Some(who.0);
        self.bank = amount;
        self.offered_at = None;
        self.banks_taken += amount;
        Verdict::Taken
    }

    /// Players at a paño: seated and standing, the banker excepted (R-BQ-2, 000 §11).
    pub fn players_on(&self, pano: u8) -> usize {
        let half = self.sections / 2;
        self.roster
            .iter()
            .filter(|(seat, _)| (if *seat <= half { 1 } else { 2 }) == pano)
            .filter(|(seat, standing)| *standing || Some(*seat) != self.banker)
            .count()
    }

    /// R-BQ-2: two players a paño to open a coup and to close its bets (Banque).
    pub fn enough_players(&self) -> Verdict {
        if self.game == Game::Banque && (self.players_on(1) < 2 || self.players_on(2) < 2) {
            return Verdict::Refused("R-BQ-2");
        }
        Verdict::Taken
    }

    /// The bank announced: at least as it stands; a broken bank refilled, or a standing
    /// one raised, is money brought in (R-BQ-17, R-BQ-3).
    pub fn announce(&mut self, amount: Decimal) -> Verdict {
        if amount < self.bank {
            return Verdict::Refused("R-BQ-17");
        }
        self.brought_later += amount - self.bank;
        self.bank = amount;
        Verdict::Taken
    }

    /// A coup settled: the bank after it, what its banker covered (R-BQ-4), and, when it
    /// was void, its bets stand for the next coup.
    pub fn settled(&mut self, bank_after: Decimal, covered: Decimal, void: bool, bets: &[Bet]) {
        if self.game != Game::Punto {
            self.bank = bank_after;
        }
        self.brought_later += covered;
        self.carried = if void { bets.to_vec() } else { Vec::new() };
    }
}
