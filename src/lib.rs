//! Sabot: a croupier's assistant for Bacarrá a dos paños, Chemin de fer and Punto y Banca.

// The script's steps are built from the table of operations one entry and one field
// at a time (`script::steps`): about 200 nested expansions, over the default 128.
#![recursion_limit = "256"]

pub mod analysis;
pub mod app;
pub mod cli;
pub mod engine;
pub mod entry;
pub mod house;
pub mod i18n;
pub mod journal;
pub mod pit;
pub mod reports;
pub mod school;
pub mod script;
pub mod sim;
pub mod training;
