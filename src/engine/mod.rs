//! The rules of Bacarrá a dos paños (Banque), Chemin de fer and Punto y Banca.
//!
//! Pure: no egui, no files, no clock; randomness only from an RNG passed in. May
//! import `std` (collections, fmt, str), `serde`, `rust_decimal`, `thiserror`,
//! `arrayvec` (lists of a known small size, kept inline) and `rand`'s traits;
//! nothing else. `tests/purity.rs` keeps it so.
//!
//! A croupier's input is an [`Op`]. [`Table::play`] checks it against the rules:
//! it either refuses it with a [`Refusal`] naming the clause (the table unchanged),
//! or applies it and returns the [`Event`]s. Applying the same events with
//! [`Table::apply`] rebuilds the same state.

pub mod bet;
pub mod card;
pub mod clause;
pub mod coup;
pub mod drawing;
pub mod errors;
pub mod event;
pub mod hand;
pub mod money;
pub mod refusal;
pub mod settings;
pub mod settle;
pub mod shift;
pub mod shoe;
pub mod table;

pub use bet::{Bet, BetKind, Stake};
pub use card::{Card, Rank, Suit};
pub use clause::Clause;
pub use coup::{BankRule, Coup, ErrorBy, HandStep, Pending, Played, Status};
pub use drawing::{BankDuty, Cell, PlayerDuty};
pub use event::{
    BankWay, Bid, ErrorKind, ErrorRecord, Event, HandCardList, Infraction, InfractionKind, Op, Settlement, Share,
    Winner,
};
pub use hand::{Call, HandId, PlayerRef, Spot};
pub use money::{Money, Rate, Rounding, RoundingMode};
pub use refusal::{Reason, Refusal};
pub use settings::{BankLimit, Game, HouseRules, TableSettings};
pub use shift::{Sabot, Shift};
pub use shoe::Shoe;
pub use table::{Duty, Owed, ShiftTotals, Table};
