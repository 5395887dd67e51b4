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
