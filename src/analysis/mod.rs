//! Exact analysis: the odds of any shoe and the banker's expectations (issue #7).
//!
//! What lives here:
//! - [`Composition`]: what is left in a shoe, by point value, checked (`composition`).
//! - [`punto_banca::odds`]: Punto y Banca's exact banker/player/tie probabilities for a
//!   composition, by exhaustive weighted enumeration of the cards left, with the
//!   natural's probability and the house edges (`punto_banca`).
//! - [`banker::advise`]: the banker's decision in Banque (two paños) and Chemin de fer
//!   (one): the exact expected result for the bank of drawing and of standing, over the
//!   cards he has not seen, given what each paño showed, the stakes and how the paños
//!   play on 5 (`banker`).
//! - [`chemin`]: Chemin de fer as a game between player and bank: the value of every
//!   cell of the bank's table for a given play on 5, fixed-strategy odds, and the
//!   game-theoretic solution of the classical model (Kemeny and Snell).
//! - [`protection`]: game protection (issue 28): every choice a banker (or a Chemin de
//!   fer player) made in a shift, weighed against the exact odds of the cards he had
//!   not seen; what it gave away, who gained, and how unlikely that is for an honest
//!   banker.
//!
//! Exactness: every enumeration counts ordered card sequences with integer weights
//! (`u128`), so probabilities are exact rationals until they are turned into `f64` for
//! the caller (relative error about 1e-16). Where a player's mixed play enters (draw
//! on 5 with probability `p`), the integer counts are weighted in `f64` at the end.
//! Expectations are `f64` in the stakes' units; a money figure for people comes from
//! [`Money`](crate::engine::Money) (see [`banker::Expectation::gross_money`]).
//!
//! Pure, like the engine: no files, no clock, no threads, no randomness. It may
//! import `std`, `crate::engine` and `rust_decimal`; nothing else (`tests/purity.rs`).

pub mod banker;
pub mod chemin;
pub mod composition;
pub mod decision;
pub mod directed;
pub mod protection;
pub mod punto_banca;
pub mod served;
pub mod tail;
pub mod verdict;

pub use banker::{Advice, BankerView, Choice, Expectation, FivePlay, PanoPlay, PanoView, Seen};
pub use composition::{Composition, CompositionError, Sampling};
pub use punto_banca::PbOdds;
