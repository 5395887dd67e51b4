//! What older shift logs recorded that this engine no longer writes, read so that
//! their events still replay. Format 1 put a whole snapshot of the coup's play in
//! each `PutRight`; format 2 records what the ruling changes (`vocab::Correction`).
//! Data only: the coup turns a snapshot into its own play (`coup::evolve_play`).

use super::card::Card;
use super::clause::Clause;
use super::hand::HandState;
use super::vocab::{BankRule, ErrorBy, Pending};
use serde::{Deserialize, Deserializer, Serialize};

/// The play as format 1 wrote it: the hands in the game's order
/// (`HandId::of_game`), and the flags as they were kept then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayV1 {
    pub closed: bool,
    pub hands: [HandState; 3],
    pub reader_pos: u8,
    pub reader_open: bool,
    pub table_asked: bool,
    #[serde(default)]
    pub early: u8,
    #[serde(default)]
    pub frozen: bool,
    #[serde(default)]
    pub restored: Option<ErrorBy>,
    #[serde(default)]
    pub bank_rule: BankRule,
    #[serde(default)]
    pub bank_rule_clause: Option<Clause>,
    #[serde(default)]
    pub floating: Option<Card>,
    #[serde(default)]
    pub pending: Option<Pending>,
    #[serde(default)]
    pub thirds: u8,
    #[serde(default)]
    pub void: bool,
    #[serde(default)]
    pub bank_must_take: bool,
    #[serde(default)]
    pub floating_forced: bool,
}

/// Reads a format-1 snapshot where it stands (`play:(…)`, no `Some`).
pub fn some_play<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Box<PlayV1>>, D::Error> {
    PlayV1::deserialize(d).map(|p| Some(Box::new(p)))
}

/// The reading of the rules a table is played under: the engine's own, or an earlier
/// one an older log was written under. Each earlier reading decides what the engine
/// decided when such logs were written, where a later reading refuses or changes it,
/// so that a log verifies and replays as it was written. The journal passes it from
/// the log's format (`Table::set_reading`); the engine reads no file. A new table plays
/// under the newest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Reading {
    /// Logs of formats 1 to 6, before the rules of who is at the table (RULES-NOTES
    /// §11): only a bet and a banco check the player is there; a leaver's void-coup
    /// bets and his banca seguida stay; the banker counts as one of his paño's players;
    /// taking the bank seats nobody; a free bank takes bets straight on and may end
    /// below 0; the bank's natural shown at its turn after a paño drew is an infraction
    /// (R-BQ-12).
    BeforePresence,
    /// Logs of format 7: the rules of who is at the table, but each paño's cards and
    /// Punto y Banca's sabot kept at section 1 (and the paño's first section) until they
    /// passed, even with nobody there.
    Presence,
    /// The engine's reading now: roles start at the first section with a player, as
    /// they pass when a holder leaves (R-BQ-9, R-PB-1; RULES-NOTES §1).
    #[default]
    FirstSeat,
}

impl Reading {
    /// The rules of who is at the table hold (RULES-NOTES §11).
    pub fn presence(self) -> bool {
        self >= Reading::Presence
    }

    /// A role (a paño's cards, the sabot) held at a section nobody holds is with the
    /// next player after it (R-BQ-9, R-PB-1).
    pub fn first_seat(self) -> bool {
        self >= Reading::FirstSeat
    }
}
