//! The school's levels, the same six for each game, from the cards to the audition.
//! A level opens when the last answers of the one before are right enough
//! (`history::Progression`).

use super::question::Kind;

/// A level of the school.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 1. Card values and totals.
    Values,
    /// 2. The drawing rules: the paños' (or the player's, punto's), the bank's table.
    Drawing,
    /// 3. Payouts against the clock: a caballo, half line, cagnotte, commission.
    Payouts,
    /// 4. Error procedures and infractions: the ruling.
    Procedures,
    /// 5. Whole coups on the real entry line, each entry graded by the engine (`entry`).
    Coups,
    /// 6. The audition: a whole shoe, scored on accuracy and pace.
    Audition,
}

impl Level {
    pub const ALL: [Level; 6] =
        [Level::Values, Level::Drawing, Level::Payouts, Level::Procedures, Level::Coups, Level::Audition];

    /// 1 to 6.
    pub fn number(self) -> u8 {
        match self {
            Level::Values => 1,
            Level::Drawing => 2,
            Level::Payouts => 3,
            Level::Procedures => 4,
            Level::Coups => 5,
            Level::Audition => 6,
        }
    }

    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.number() == n)
    }

    /// The level that must be passed to open this one.
    pub fn before(self) -> Option<Level> {
        Level::from_number(self.number().checked_sub(1)?)
    }

    /// The level a kind of question is trained at (a free practice's answers count
    /// there).
    pub fn of_kind(kind: Kind) -> Level {
        match kind {
            Kind::Total => Level::Values,
            Kind::Owed => Level::Drawing,
            Kind::Payout => Level::Payouts,
            Kind::Ruling => Level::Procedures,
            Kind::Entry => Level::Coups,
        }
    }

    /// The kinds of question asked at this level.
    pub fn kinds(self) -> &'static [Kind] {
        match self {
            Level::Values => &[Kind::Total],
            Level::Drawing => &[Kind::Owed],
            Level::Payouts => &[Kind::Payout],
            Level::Procedures => &[Kind::Ruling],
            Level::Coups => &[Kind::Entry],
            Level::Audition => &[Kind::Owed, Kind::Ruling, Kind::Payout],
        }
    }

    /// Whether a staged coup at this level carries an error or an infraction: always
    /// for the procedures, about half the time for whole coups and the audition,
    /// never for the others.
    pub fn inject_share(self) -> f64 {
        match self {
            Level::Procedures => 1.0,
            Level::Coups | Level::Audition => 0.5,
            Level::Values | Level::Drawing | Level::Payouts => 0.0,
        }
    }

    /// The catalogue id of the level's name.
    pub fn name_id(self) -> &'static str {
        match self {
            Level::Values => "level-values",
            Level::Drawing => "level-drawing",
            Level::Payouts => "level-payouts",
            Level::Procedures => "level-procedures",
            Level::Coups => "level-coups",
            Level::Audition => "level-audition",
        }
    }

    /// Seconds a question of this level should take at most by default (pace:
    /// payouts against the clock, the audition's target); a house file may set
    /// others (`history::SchoolRules`).
    pub fn target_seconds(self) -> u32 {
        match self {
            Level::Values => 5,
            Level::Drawing => 8,
            Level::Payouts => 12,
            Level::Procedures => 20,
            Level::Coups | Level::Audition => 15,
        }
    }
}
