//! The money bankers move into and out of the bank over a shift, beyond its results
//! against the bets: the terms `brought_in` and `taken_out` of the shift's
//! reconciliation (`reports::summary`). `Table::apply` keeps them event by event, so
//! that an entry taken back takes its moves back with it, and a log's reader reads
//! them from the engine instead of working them out again.

use super::event::Event;
use super::hand::PlayerRef;
use super::money::Money;
use serde::{Deserialize, Serialize};

/// What one event moved: money a banker brought into the bank, or took out of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BankMove {
    pub brought_in: Money,
    pub taken_out: Money,
}

/// The shift's bank moves so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankMoves {
    /// Brought in: a bank taken (its amount, `BankTaken`), a standing bank topped up
    /// (`BroughtIn`; in logs written before that event existed, the rise of an
    /// announced bank over the bank held, R-BQ-17).
    pub brought_in: Money,
    /// Of `brought_in`, the banks taken (`BankTaken`: a banker's opening bank); the rest
    /// was brought in later (a bank topped up, a free bank's loss covered from the
    /// banker's pocket, R-BQ-4), so that the close sheet keeps them apart.
    #[serde(default)]
    pub banks_taken: Money,
    /// Taken out: a bank given up or passed on (the amount returned, `BankLeft`),
    /// winnings set aside in Chemin de fer (`SetAside`, R-CF-10); and a bank
    /// announced lower than it stood (no engine makes it: the difference left it).
    pub taken_out: Money,
    /// A top-up recorded by `BroughtIn`, for the `BankAnnounced` that follows it.
    #[serde(default)]
    topped_up: bool,
    /// A sum went past the largest amount Sabot keeps (it then stays as it was).
    #[serde(default)]
    overflowed: bool,
}

impl BankMoves {
    /// The move `e` makes on a bank holding `bank` just before it, added to the totals.
    pub fn record(&mut self, bank: Money, e: &Event) -> BankMove {
        let mv = match e {
            Event::BankTaken { amount, .. } => BankMove { brought_in: *amount, ..BankMove::default() },
            Event::BroughtIn { amount } => {
                self.topped_up = true;
                BankMove { brought_in: *amount, ..BankMove::default() }
            }
            Event::BankAnnounced { amount } => {
                let topped_up = std::mem::take(&mut self.topped_up);
                match amount.checked_sub(bank) {
                    // Logs before `BroughtIn` existed: the rise is the money brought in.
                    Ok(rise) if rise.is_positive() && !topped_up => {
                        BankMove { brought_in: rise, ..BankMove::default() }
                    }
                    Ok(rise) if rise.is_negative() => BankMove { taken_out: rise.checked_neg(), ..BankMove::default() },
                    Ok(_) => BankMove::default(),
                    Err(_) => {
                        self.overflowed = true;
                        BankMove::default()
                    }
                }
            }
            Event::BankLeft { returned, .. } => BankMove { taken_out: *returned, ..BankMove::default() },
            Event::SetAside { amount } => BankMove { taken_out: *amount, ..BankMove::default() },
            // A free bank's banker paid what the bank could not cover (R-BQ-4).
            Event::Settled(s) if s.covered.is_positive() => BankMove { brought_in: s.covered, ..BankMove::default() },
            _ => return BankMove::default(),
        };
        match (self.brought_in.checked_add(mv.brought_in), self.taken_out.checked_add(mv.taken_out)) {
            (Ok(brought_in), Ok(taken_out)) => (self.brought_in, self.taken_out) = (brought_in, taken_out),
            _ => self.overflowed = true,
        }
        if let Event::BankTaken { amount, .. } = e {
            match self.banks_taken.checked_add(*amount) {
                Ok(sum) => self.banks_taken = sum,
                Err(_) => self.overflowed = true,
            }
        }
        mv
    }

    /// Money brought in after a bank was taken: top-ups and a free bank's loss covered
    /// (R-BQ-17, R-BQ-4); `brought_in` less the banks taken.
    pub fn brought_in_later(&self) -> Money {
        self.brought_in.saturating_sub(self.banks_taken)
    }

    /// A sum went past the largest amount Sabot keeps: the totals stopped before it.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }
}

/// Who holds the bank and what it holds, as each event leaves them: the engine's one
/// reading of the bank's events. `Table::apply` keeps its bank by it (and checks its
/// banker against it), and a reader that follows a log event by event within one
/// entry, the shift's summary, reads who holds the bank from it instead of working
/// it out again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BankHeld {
    pub banker: Option<PlayerRef>,
    pub bank: Money,
}

impl BankHeld {
    /// The bank after `e`: taken by a player at his amount (R-BQ-3, R-CF-2), announced
    /// (R-BQ-17), left or offered round (R-BQ-3, R-CF-10), winnings set aside (R-CF-10;
    /// `decide` sets aside no more than the bank holds), a coup paid (its `bank_after`).
    pub fn after(self, e: &Event) -> BankHeld {
        match e {
            Event::BankTaken { player, amount, .. } => BankHeld { banker: Some(*player), bank: *amount },
            Event::BankAnnounced { amount } => BankHeld { bank: *amount, ..self },
            Event::BankLeft { .. } => BankHeld { banker: None, bank: Money::ZERO },
            Event::BankOffered { .. } => BankHeld { banker: None, ..self },
            Event::SetAside { amount } => BankHeld { bank: self.bank.saturating_sub(*amount), ..self },
            Event::Settled(s) => BankHeld { bank: s.bank_after, ..self },
            // A settlement withdrawn before it was paid (R-BQ-E12): the bank as it stood.
            Event::Unsettled { banker, bank } => BankHeld { banker: *banker, bank: *bank },
            _ => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BankWay, PlayerRef};

    fn m(s: &str) -> Money {
        s.parse().expect("money")
    }

    /// R-BQ-17: a bank announced above the bank held is money brought in; recorded as
    /// `BroughtIn` it is not counted a second time by the announcement.
    #[test]
    fn a_rise_is_brought_in_once_r_bq_17() {
        let mut moves = BankMoves::default();
        let taken = Event::BankTaken { player: PlayerRef::seated(5), amount: m("1000"), how: BankWay::Bought };
        assert_eq!(moves.record(Money::ZERO, &taken).brought_in, m("1000"));
        // An old log: the rise of the announcement alone.
        assert_eq!(moves.record(m("1000"), &Event::BankAnnounced { amount: m("1500") }).brought_in, m("500"));
        // A log with `BroughtIn`: counted there, not again.
        moves.record(m("1500"), &Event::BroughtIn { amount: m("200") });
        assert_eq!(moves.record(m("1500"), &Event::BankAnnounced { amount: m("1700") }), BankMove::default());
        moves.record(m("1700"), &Event::SetAside { amount: m("100") });
        moves.record(m("1600"), &Event::BankLeft { player: Some(PlayerRef::seated(5)), returned: m("1600") });
        assert_eq!((moves.brought_in, moves.taken_out), (m("1700"), m("1700")));
        assert!(!moves.overflowed());
    }

    /// R-CF-10: winnings set aside leave the bank; the bank left is nobody's and holds
    /// nothing; offered round, still nobody's (R-BQ-3).
    #[test]
    fn the_bank_is_held_event_by_event_r_bq_3_r_cf_10() {
        let five = PlayerRef::seated(5);
        let held = BankHeld::default()
            .after(&Event::BankTaken { player: five, amount: m("1000"), how: BankWay::Bought })
            .after(&Event::BankAnnounced { amount: m("1500") });
        assert_eq!(held, BankHeld { banker: Some(five), bank: m("1500") });
        let held = held.after(&Event::SetAside { amount: m("400") });
        assert_eq!(held, BankHeld { banker: Some(five), bank: m("1100") });
        // All of it set aside: the bank holds nothing (`decide` sets aside no more).
        assert_eq!(held.after(&Event::SetAside { amount: m("1100") }).bank, Money::ZERO);
        let left = held.after(&Event::BankLeft { player: Some(five), returned: m("1100") });
        assert_eq!(left, BankHeld { banker: None, bank: Money::ZERO });
        assert_eq!(left.after(&Event::BankOffered { to: 6 }), left);
        assert_eq!(held.after(&Event::BetsClosed), held);
    }
}
