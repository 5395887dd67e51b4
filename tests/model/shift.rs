//! A plain model of a shift around its coups, written from the rules and sharing no code
//! with the engine: who is at the table (R-BQ-1, R-BQ-2), who holds the bank and what it
//! holds (R-BQ-3, R-BQ-4, R-BQ-17), the bets a void coup leaves for the next (R-BQ-E3,
//! R-PB-4) and what a leaver takes with him (002 §12); in Chemin de fer the bank passing
//! round the table (R-CF-10) and banca seguida (R-CF-6). For each entry of the shift it
//! says whether the rules take it, or the clause that refuses it; after each coup, what
//! the bank holds and what was brought into it.

use super::{Bet, Game, Won};
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
    /// Chemin de fer: the section the passing bank is offered to (R-CF-10).
    pub offered_to: Option<u8>,
    /// Chemin de fer: who holds banca seguida, and a right abandoned (R-CF-6).
    pub suivi: Option<Who>,
    pub abandoned: Option<Who>,
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
            offered_to: None,
            suivi: None,
            abandoned: None,
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
        // His right of banca seguida goes with him, an abandoned one too (R-CF-6).
        if self.suivi == Some(who) {
            self.suivi = None;
        }
        if self.abandoned == Some(who) {
            self.abandoned = None;
        }
        if self.banker.is_some_and(|b| (b, false) == who) {
            // Offered on from his section, read while he is still there (R-CF-10).
            self.roster.insert(who);
            self.leave_bank();
            self.roster.remove(&who);
        } else if !who.1 && self.offered_to == Some(who.0) && self.next_seated(who.0) != who.0 {
            // The bank offered to him goes to the next player (R-CF-10).
            self.offered_to = Some(self.next_seated(who.0));
        }
        Verdict::Taken
    }

    /// The banker gives up the bank, taking back what it holds: in Banque it is offered
    /// at that amount (R-BQ-3), in Chemin de fer to the next player on the right (R-CF-10).
    pub fn leave_bank(&mut self) {
        if self.game == Game::Chemin {
            self.offered_to = self.banker.map(|b| self.next_seated(b));
        } else {
            self.offered_at = Some(self.bank);
        }
        self.banker = None;
        self.bank = Decimal::ZERO;
    }

    /// The next section after `from` with a seated player, going round (`from` itself
    /// when nobody else sits).
    pub fn next_seated(&self, from: u8) -> u8 {
        let n = self.sections;
        let mut x = from;
        for _ in 0..n {
            x = if x >= n { 1 } else { x + 1 };
            if self.present((x, false)) {
                return x;
            }
        }
        from
    }

    /// Chemin de fer: the player offered the passing bank declines it (R-CF-10).
    pub fn decline_bank(&mut self, who: Who) -> Verdict {
        if !self.present(who) {
            return Verdict::Refused("R-BQ-1");
        }
        match self.offered_to {
            Some(seat) if seat == who.0 && !who.1 => {
                self.offered_to = Some(self.next_seated(seat));
                Verdict::Taken
            }
            _ => Verdict::Refused("R-CF-10"),
        }
    }

    /// Chemin de fer after a coup: banca seguida to the banco caller or the lone bettor
    /// when the bank won (R-CF-6), the abandoned right back on a tie; a bank that lost
    /// passes on from its banker's section (R-CF-10, house rule).
    pub fn chemin_after(&mut self, winner: Won, caller: Option<Who>, bank_after: Decimal) {
        let right = match winner {
            Won::Bank => caller,
            Won::Tie => self.abandoned.or(self.suivi),
            Won::Hand => None,
        };
        if right != self.suivi {
            if self.suivi.is_some() {
                self.abandoned = self.suivi;
            }
            if right.is_some() && right == self.abandoned {
                self.abandoned = None;
            }
            self.suivi = right;
        }
        if winner == Won::Hand {
            self.bank = bank_after;
            self.leave_bank();
        }
    }

    /// A player takes the bank between coups (R-BQ-3): he is at the table, nobody holds
    /// it, and a bank offered after its banker left is taken at that amount.
    pub fn take_bank(&mut self, who: Who, amount: Decimal) -> Verdict {
        if !self.present(who) {
            return Verdict::Refused("R-BQ-1");
        }
        let clause = if self.game == Game::Chemin { "R-CF-10" } else { "R-BQ-3" };
        if self.banker.is_some() || self.bank > Decimal::ZERO {
            return Verdict::Refused(clause);
        }
        if self.offered_at.is_some_and(|at| at > Decimal::ZERO && at != amount) {
            return Verdict::Refused("R-BQ-3");
        }
        if self.offered_to.is_some_and(|seat| seat != who.0) {
            return Verdict::Refused("R-CF-10");
        }
        self.banker = Some(who.0);
        self.bank = amount;
        self.offered_at = None;
        self.offered_to = None;
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
