//! Training for the trainee croupier: coups staged with errors and infractions,
//! questions on them (what is owed now, the ruling, the payout), the answers scored.
//!
//! A drill is a real coup: staged by driving a `Table` through real `Op`s (never a
//! second rules implementation), its cards from a shuffled shoe; the right answer
//! of every question is what the engine says (`owed()`, the ruling it proposes, the
//! infraction or error it records, its `Settlement`). The drills of a session are
//! the coups of one training table, so a session's operations make one training
//! log (`Drill::ops`).
//!
//! Pure, like the engine: no egui, no files, no clock, no threads; randomness only
//! from the RNG passed in (`Session::new`), or a seed (`Session::from_seed`), so a
//! seed stages the same session everywhere. May import `crate::engine`, `rand`,
//! `rand_chacha` and `crate::i18n` (its texts are compiled into the binary: no
//! file is read); nothing else of the crate. `tests/purity.rs` keeps it so.
//!
//! - `stage`: the stager (coups driven through the table), the injections, `Drill`.
//! - `ask`: the questions asked on a staged coup and their wrong choices.
//! - `question`: questions, choices, answers and how they are read.
//! - `session`: the session and its score.
//! - `words`: all of it in Spanish or English.

mod ask;
pub mod cite;
pub mod entry;
pub mod explain;
pub mod history;
pub mod level;
pub mod question;
pub mod session;
pub mod stage;
pub mod words;

pub use history::{Answered, Progression, SchoolRules};
pub use level::Level;
pub use question::{Answer, Ask, BadAnswer, Choice, Effect, Kind, Must, OwedChoice, PayTarget, Question, Verdict};
pub use session::{MAX_DRILLS, Score, Scored, Session};
pub use stage::{Drill, Inject, StageError, Stager, training_settings};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_cited;
#[cfg(test)]
mod tests_clauses;
#[cfg(test)]
mod tests_levels;
#[cfg(test)]
mod tests_today;
