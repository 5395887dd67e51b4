//! Every integration test in one binary (issue 42): each file of `tests/` is a module
//! here, so the ~570 crates the app brings are linked once, not once a file. Cargo's
//! automatic test targets are off (`autotests = false`); a test in `tests/repository.rs`
//! fails when a file of `tests/` is missing from this list. Run one file's tests with
//! `cargo test --test all pit_boss::`, one test with its name.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

mod common;
mod model;
mod pg;

mod analysis_convergence;
mod analysis_independent;
mod analysis_published;
mod analysis_table;
mod app_i18n;
mod cli_help;
mod crash;
mod docs_examples;
mod gui;
mod gui_content;
mod gui_corrections;
mod gui_keystrokes;
mod gui_layout;
mod gui_layout_review;
mod gui_school;
mod gui_walk;
mod house;
mod independent_model;
mod journal;
mod journal_errors;
mod journal_faults;
mod journal_format1;
mod journal_format5;
mod journal_format6;
mod journal_format7;
mod journal_props;
mod journal_summary;
mod log_text_inert;
mod odds_log;
mod packaging;
mod pit;
mod pit_boss;
mod pit_bounds;
mod pit_floor_room;
mod pit_race;
mod pit_school;
mod pit_tls;
mod properties;
mod protection;
mod protection_parties;
mod purity;
mod repository;
mod review;
mod rules_at_the_table;
mod scenarios_run;
mod simulate;
mod take_back;
mod train_cli;
mod train_school;
