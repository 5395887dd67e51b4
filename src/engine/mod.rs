//! The rules of Bacarrá a dos paños (Banque), Chemin de fer and Punto y Banca.
//!
//! Pure: no egui, no files, no clock; randomness only from an RNG passed in. May
//! import `std` (collections, fmt, str), `serde`, `rust_decimal`, `thiserror`,
//! `arrayvec` (lists of a known small size, kept inline) and `rand`'s traits;
//! no other module of Sabot. `tests/purity.rs` keeps it so.
//!
//! A croupier's input is an [`Op`]. [`Table::play`] checks it against the rules:
//! it either refuses it with a [`Refusal`] naming the clause (the table unchanged),
//! or applies it and returns the [`Event`]s. Applying the same events with
//! [`Table::apply`], one operation's events at a time, rebuilds the same state (the
//! coup's entries included, so that `Op::TakeBack` takes back the same ones).
//!
//! The layers, each using only those below it:
//! - `decide/`: the one dispatcher (`decide/mod.rs`) and the decisions, by concept:
//!   bets, the coup in play, the shift between coups, the error procedures, and
//!   what follows from events (infractions, rulings, the settlement).
//! - `owed`: what is owed now, by whom, under which clause.
//! - `table`: the table's state and `apply`, the one way an event changes it;
//!   `moves`: the money bankers bring into the bank and take out of it, kept by `apply`.
//! - `shift`: the shift's facts and questions: the sabot's state (`Sabot`), the
//!   bank's (`Bank`: vacant, offered at an amount, offered to a section, held), seats,
//!   the betting order, the priorities. `settle`: a coup's settlement.
//!   `rules`: the rules' reading of a coup's facts (turns, duties, infractions,
//!   rulings, a coup put right).
//! - `coup`: the coup's facts and how each event changes them.
//! - `event`: operations and events. `legacy`: what older logs recorded.
//! - `vocab`: the shared vocabulary (infractions, error records, rulings, bank rules,
//!   who erred, the settlement and the clause of a void coup).
//! - the basic types: `card`, `hand` (with `ByHand`), `bet`, `money`, `clause`,
//!   `drawing`, `settings`, `shoe`, `refusal`.

pub mod bet;
pub mod card;
pub mod clause;
pub mod coup;
mod decide;
pub mod drawing;
pub mod event;
pub mod hand;
pub mod legacy;
pub mod money;
pub mod moves;
pub mod owed;
pub mod player_number;
pub mod refusal;
pub mod rules;
pub mod settings;
pub mod settle;
pub mod shift;
pub mod shoe;
pub mod table;
pub mod vocab;

pub use bet::{Bet, BetKind, Stake};
pub use card::{Card, Rank, Suit, points_total, points_total_at, ruled_total};
pub use clause::Clause;
pub use coup::{CardsWith, Coup, Floating, Play};
pub use drawing::{BankDuty, Cell, PlayerDuty, is_natural, player_duty};
pub use event::{BankWay, Bid, Event, Op, Share};
pub use hand::{ByHand, Call, HandId, HandState, PlayerRef, Spot};
pub use legacy::Reading;
pub use money::{Money, Positive, Rate, Rounding, RoundingMode};
pub use moves::{BankHeld, BankMove, BankMoves};
pub use owed::{Against, Column, Duty, Owed, RulingEffect, ShiftStep, TableReading};
pub use player_number::{BadPlayerNumber, PlayerNumber};
pub use refusal::{Reason, Refusal};
pub use rules::{Ctx, HandStep, Played, Status};
pub use settings::{BankLimit, Fee, FeeKind, Game, HouseRules, TableSettings};
pub use settle::{BetPart, BetRuling, CagnotteSum, Fared, HandFare};
pub use shift::{Bank, Holding, Presence, Present, Sabot, Seating, Shift};
pub use shoe::Shoe;
pub use table::{ShiftTotals, Table};
pub use vocab::{
    BankRule, BetResult, Correction, ErrorBy, ErrorKind, ErrorRecord, HandCardList, HandResult, Infraction,
    InfractionKind, Pending, SeatResult, Settlement, Winner, error_applies, procedure,
};
