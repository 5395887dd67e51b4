//! Bets and what part of each plays on which hand (R-BQ-6, R-BQ-7, R-BQ-8).

use super::hand::{HandId, PlayerRef, Spot};
use super::money::{Money, MoneyError};
use serde::{Deserialize, Serialize};

/// How a bet was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum BetKind {
    #[default]
    Plain,
    /// A bet of the whole bank (R-BQ-8, R-CF-3).
    Banco,
    /// Chemin de fer: half the bank, the table completing it (R-CF-4).
    BancoWithTable,
    /// Chemin de fer: "con la mesa y último completo", the rest of the bank (R-CF-4).
    LastComplete,
    /// Chemin de fer: a share of a banco made by several players (R-CF-3).
    Associated,
    /// Chemin de fer: placed after "no va más" (R-CF-7).
    Late,
}

/// One bet on the cloth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bet {
    pub player: PlayerRef,
    pub spot: Spot,
    pub amount: Money,
    #[serde(default, skip_serializing_if = "is_plain")]
    pub kind: BetKind,
}

fn is_plain(k: &BetKind) -> bool {
    *k == BetKind::Plain
}

/// The part of a bet that plays on one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stake {
    pub hand: HandId,
    pub amount: Money,
}

impl Bet {
    /// What plays on which hand. A bet on the line of a paño's zone plays half
    /// (R-BQ-6); a bet a caballo plays on both paños, split in halves by betting
    /// units with the larger part on paño 1 (R-BQ-7). A bet that does not split (a
    /// caballo not in whole units of `unit`, a half that is not in cents) is one the
    /// engine refuses before it takes it (`check_bet`): for a bet on the table this
    /// never fails.
    pub fn stakes(&self, unit: Money) -> Result<[Option<Stake>; 2], MoneyError> {
        let one = |hand, amount| [Some(Stake { hand, amount }), None];
        Ok(match self.spot {
            Spot::Tableau(n) => one(HandId::Tableau(n), self.amount),
            Spot::Half(n) => one(HandId::Tableau(n), self.amount.half()?),
            Spot::Cheval => {
                let units =
                    self.amount.units_of(unit).ok_or(MoneyError::NotWholeUnits { amount: self.amount, unit })?;
                let first_units = units - units / 2;
                let first = unit.checked_mul_int(first_units)?;
                let second = self.amount.checked_sub(first)?;
                [
                    Some(Stake { hand: HandId::Tableau(1), amount: first }),
                    Some(Stake { hand: HandId::Tableau(2), amount: second }),
                ]
            }
            Spot::Player => one(HandId::Player, self.amount),
            Spot::Punto => one(HandId::Punto, self.amount),
            Spot::Banca => one(HandId::Banca, self.amount),
        })
    }

    /// The amount at risk: what plays, all hands together (a half bet risks half).
    pub fn at_risk(&self, unit: Money) -> Result<Money, MoneyError> {
        Money::sum(self.stakes(unit)?.iter().flatten().map(|s| s.amount))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Money {
        s.parse().unwrap()
    }

    fn bet(spot: Spot, amount: &str) -> Bet {
        Bet { player: PlayerRef::seated(1), spot, amount: m(amount), kind: BetKind::Plain }
    }

    #[test]
    fn cheval_odd_units_larger_part_on_paño_1_r_bq_7() {
        // R-BQ-7: 3 units of 10 a caballo: 20 on paño 1, 10 on paño 2.
        let s = bet(Spot::Cheval, "30").stakes(m("10")).unwrap();
        assert_eq!(s[0], Some(Stake { hand: HandId::Tableau(1), amount: m("20") }));
        assert_eq!(s[1], Some(Stake { hand: HandId::Tableau(2), amount: m("10") }));
        // Even units split evenly.
        let s = bet(Spot::Cheval, "40").stakes(m("10")).unwrap();
        assert_eq!(s[0].unwrap().amount, m("20"));
        assert_eq!(s[1].unwrap().amount, m("20"));
    }

    #[test]
    fn half_line_plays_half_r_bq_6() {
        // R-BQ-6: a bet on the line of a player's zone plays half.
        let b = bet(Spot::Half(2), "50");
        assert_eq!(b.stakes(m("10")).unwrap()[0], Some(Stake { hand: HandId::Tableau(2), amount: m("25") }));
        assert_eq!(b.at_risk(m("10")), Ok(m("25")));
    }

    /// A bet that does not split is an error, never a zero: a caballo not in whole
    /// units, a half of an odd cent (the engine refuses both before it takes them).
    #[test]
    fn a_bet_that_does_not_split_is_an_error_not_zero() {
        let cheval = bet(Spot::Cheval, "35");
        assert_eq!(cheval.stakes(m("10")), Err(MoneyError::NotWholeUnits { amount: m("35"), unit: m("10") }));
        assert!(cheval.at_risk(m("10")).is_err());
        let half = bet(Spot::Half(1), "0.03");
        assert_eq!(half.stakes(m("1")), Err(MoneyError::HalfNotInCents(m("0.03"))));
    }
}
