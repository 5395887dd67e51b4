//! The command line: `sabot play`, and the other subcommands as they come.

pub mod play;
pub mod simulate;

use crate::i18n::Lang;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Sabot: croupier assistant for Bacarrá a dos paños, Chemin de fer and Punto y Banca.
/// With no subcommand it opens the app.
#[derive(Debug, Parser)]
#[command(name = "sabot", version, about, long_about = None)]
pub struct Cli {
    /// Language of messages: es (default) or en. Also SABOT_LANG or LANG.
    #[arg(long, global = true, value_parser = parse_lang)]
    pub lang: Option<Lang>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::parse(s).ok_or_else(|| format!("`{s}`: the languages are es and en"))
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run table scripts through the rules engine and print each outcome.
    ///
    /// Exit status: 0 all held; 1 some expectation failed or a step was refused
    /// unexpectedly; 2 a script could not be read.
    Play {
        /// Table scripts (RON, see SCENARIOS.md).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the outcome computed, in the `expect` shape, to paste into a script.
        #[arg(long)]
        print: bool,
    },
    /// Play a shift through the engine with simulated players; print coups, bank,
    /// cagnotte or commission, and coups per second.
    Simulate {
        /// banque, chemin-de-fer or punto-banca.
        #[arg(long, value_parser = parse_game)]
        game: crate::engine::Game,
        /// How many coups.
        #[arg(long, default_value_t = 1000)]
        coups: u32,
        /// The random seed: the same seed plays the same shift.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the shift log to this file.
        #[arg(long)]
        log: Option<PathBuf>,
    },
    /// Open the app (the same as no subcommand).
    App,
}

fn parse_game(s: &str) -> Result<crate::engine::Game, String> {
    crate::engine::Game::from_slug(s).ok_or_else(|| format!("`{s}`: the games are banque, chemin-de-fer, punto-banca"))
}

/// Runs the command line; returns the exit status.
pub fn main_with(cli: Cli) -> i32 {
    let lang = cli.lang.unwrap_or_else(Lang::from_env);
    match cli.command {
        Some(Command::Play { files, print }) => play::play(&files, print, lang, &mut std::io::stdout()),
        Some(Command::Simulate { game, coups, seed, log }) => {
            if log.is_some() {
                eprintln!("sabot simulate: --log needs the shift log, which this build does not have yet");
                return 2;
            }
            simulate::simulate(game, coups, seed, None, &mut std::io::stdout())
        }
        Some(Command::App) | None => crate::app::run(lang),
    }
}
