//! What is read from a shift log: the pit boss's questions of a log, above the log
//! itself (`crate::journal`) and below the screens and the command line that ask them.
//! Every figure here is read from the log's records through the engine; nothing here
//! writes a log.
//!
//! May import `crate::engine`, `crate::journal` (the log: its records, scan and
//! errors), `crate::script` (for `export`), `crate::i18n` (for the words),
//! `crate::analysis` (pure; for `protection`); nothing else of the crate
//! (`tests/purity.rs`), and no egui.
//!
//! - `summary` (its pass over a log in `summary_pass`, the floor's follower in
//!   `summary_follow`, totals across shifts in `summary_groups`, its words in
//!   `summary_text`), `report`, `sheet`: what the pit boss asks of a log.
//! - `export` (its errors' words in `export_text`): one coup as a table script.
//! - `protection`: every banker's choice in a log, weighed (`analysis::protection`).
//! - `shifts`: shifts across files, each counted once; `parts`: a shift split across
//!   files, its parts linked by the chain and read as one.

pub mod export;
pub mod export_text;
pub mod parts;
pub mod protection;
pub mod report;
pub mod sheet;
pub mod shifts;
pub mod summary;
pub mod summary_text;
