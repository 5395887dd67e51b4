//! The command line: `sabot play`, and the other subcommands as they come.
//!
//! The top of the layer map: may import every part of the crate; nothing imports it.

pub mod advise;
pub mod export;
pub mod help;
pub mod odds;
pub mod pit;
pub mod play;
pub mod power;
pub mod report;
pub mod simulate;
pub mod strategy;
pub mod train;
pub mod verify;

use crate::i18n::Lang;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Sabot: croupier assistant for Bacarrá a dos paños, Chemin de fer and Punto y Banca.
/// With no subcommand it opens the app.
///
/// The help texts shown are the locales' (`locales/<lang>/cli.ftl`, [`help::command`]);
/// these doc comments are for programmers.
#[derive(Debug, Parser)]
#[command(
    name = "sabot",
    version,
    about,
    long_about = None,
    disable_help_flag = true,
    disable_version_flag = true,
    disable_help_subcommand = true
)]
pub struct Cli {
    /// Language of messages: es (default) or en. Also SABOT_LANG or LANG.
    #[arg(long, global = true, value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// The house rules file (RON) for the app and the commands that take settings.
    #[arg(long, global = true, value_name = "FILE")]
    pub house: Option<PathBuf>,
    /// Print help (clap prints it and exits; never set after parsing).
    #[arg(short = 'h', long, global = true, action = clap::ArgAction::Help)]
    pub help: Option<bool>,
    /// Print the version (clap prints it and exits; never set after parsing).
    #[arg(short = 'V', long, action = clap::ArgAction::Version)]
    pub version: Option<bool>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::parse(s).ok_or_else(|| crate::i18n::tr_args(help::lang(), "cli-bad-lang", &[("value", s.to_string())]))
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run table scripts through the rules engine and print each outcome.
    ///
    /// Exit status: 0 all held; 1 some expectation failed or a step was refused
    /// unexpectedly; 2 a script could not be read.
    Play {
        /// Table scripts (RON, see docs/SCRIPTS.md).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the outcome computed, in the `expect` shape, to paste into a script.
        #[arg(long)]
        print: bool,
    },
    /// Exact odds of a shoe: banker, player and tie probabilities by exhaustive
    /// enumeration of the cards left, the chance of a natural and the house edges.
    ///
    /// Exit status: 0 done; 2 bad input.
    Odds(odds::OddsArgs),
    /// The banker's decision (Banque, Chemin de fer): the exact expected result for the
    /// bank of drawing and of standing, over the cards he has not seen. For the
    /// supervisor, never the players.
    ///
    /// Exit status: 0 done; 2 bad input.
    Advise(advise::AdviseArgs),
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
        /// Write the shift log to this file (each operation written and synced as it
        /// is played).
        #[arg(long)]
        log: Option<PathBuf>,
        /// Take up the unfinished shift log --log as the app's «Reanudar» does (the
        /// record in flight set aside, the log replayed), finish the coup in play and
        /// play --coups more. Refused while another process writes the log (exit 2).
        #[arg(long, requires = "log")]
        resume: bool,
        /// Also ship every record of the log to the pit's PostgreSQL database at this
        /// URL (needs --log), as it is written.
        #[arg(long, value_name = "URL", requires = "log")]
        pit: Option<String>,
        /// How the banker plays his choices: random (the default), exact (the exact
        /// odds), table (always the table, a coin where it leaves him the choice),
        /// colluding:SEAT (every choice for the bets of SEAT, who bets every coup), a
        /// built-in policy (exact-table, coin-close, colluding:SEAT@RATE,
        /// table-hider:SEAT, budget:SEAT), or a policy's RON file (docs/STRATEGIES.md).
        #[arg(long, value_name = "STYLE", default_value = "random", value_parser = parse_banker)]
        banker: simulate::BankerArg,
        /// The table's name, the croupier, the pace, and several tables at once.
        #[command(flatten)]
        room: simulate::Room,
        /// How banco callers (Chemin de fer, free on any total) and players on 5 play:
        /// caller-table, dumping, coin, or a policy's RON file; left out, the player's
        /// table (draw on 0–4, stand on 6 and 7) and on 5 the house's play.
        #[arg(long, value_name = "STYLE", value_parser = parse_caller)]
        caller: Option<crate::cli::strategy::Policy>,
        /// A player seated with his card's number: SEAT:NUMBER (`4:4711`; `4+:4711`
        /// standing behind section 4). Repeat it for several.
        #[arg(long = "number", value_name = "SEAT:NUMBER", value_parser = parse_number)]
        numbers: Vec<(crate::engine::PlayerRef, crate::engine::PlayerNumber)>,
    },
    /// Check shift logs end to end and re-play every coup through the engine.
    ///
    /// Checks each record's hash and the chain, the sequence and the times, then
    /// re-plays every operation, recomputing every settlement and comparing it with
    /// what was logged. Exit status: 0 sound; 1 a bad record (its line and what is
    /// wrong); 2 a file that cannot be read as a shift log.
    Verify {
        /// Shift logs (`*.sabotlog`).
        #[arg(required = true)]
        logs: Vec<PathBuf>,
        /// A log without its closing record fails (exit 1).
        #[arg(long)]
        require_closed: bool,
        /// Also check each log against the pit's copy at this URL, record by record: a
        /// record that differs, or one missing on either side, fails (exit 1).
        #[arg(long, value_name = "URL")]
        pit: Option<String>,
        /// With --pit: local records younger than this many seconds that the pit lacks,
        /// at the end of a log not closed, are still on their way (not a failure).
        #[arg(long, value_name = "SECONDS", default_value_t = 60)]
        in_flight: u64,
    },
    /// The pit's database (PostgreSQL): where every table's log is copied as it is
    /// written. `sabot pit init URL` makes its schema; `sabot pit status URL` lists the
    /// tables.
    #[command(subcommand)]
    Pit(pit::PitCommand),
    /// Sum shifts up in plain words: coups, the bank reconciled to the cent, bankers,
    /// errors and infractions by clause, amendments.
    ///
    /// Each log is verified first; one that does not verify gets no figures (exit 1).
    Report {
        /// Shift logs (`*.sabotlog`).
        #[arg(required = true)]
        logs: Vec<PathBuf>,
        /// Also write one CSV row per shift to FILE (`-` for standard output).
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// With --csv: one row per coup instead of one per shift.
        #[arg(long, requires = "csv")]
        coups: bool,
        /// With --csv: one row per bet, as it was paid, instead of one per shift.
        #[arg(long, requires = "csv", conflicts_with = "coups")]
        bets: bool,
        /// With --csv: one row per choice of a banker (or a Chemin de fer player on a
        /// free total), weighed against the exact odds, instead of one per shift.
        #[arg(long, requires = "csv", conflicts_with_all = ["coups", "bets"])]
        decisions: bool,
    },
    /// Write one coup of a shift log as a table script that `sabot play` runs to the
    /// same outcome.
    Export {
        /// A shift log.
        log: PathBuf,
        /// The coup, counted from 1.
        #[arg(long, value_name = "N")]
        coup: u32,
        /// Write the script to FILE instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Training for the trainee croupier: staged coups with errors and infractions;
    /// answer what is owed, the ruling and the payout; the score at the end.
    ///
    /// Reads the answers from standard input (a choice's number, or an amount such as
    /// 40, -40, 12,50), one a line; `q` stops. Exit status: 0 done; 1 the session or
    /// its log failed; 2 bad arguments (a log not named `training-…`).
    Train(train::TrainArgs),
    /// Open the app (the same as no subcommand).
    App,
    /// Open the app on the pit boss's review: shift logs at a glance, the bank
    /// reconciled, the coups in a table, any coup replayed.
    Review {
        /// Shift logs to open (`*.sabotlog`); none: choose them in the app.
        logs: Vec<PathBuf>,
    },
    /// Open the app on the pit boss's floor: every table's open shift from the pit,
    /// live, alarms on top, a table's current coup as its croupier sees it.
    Floor {
        /// The pit's PostgreSQL URL (read-only use: the `sabot_pit` role is enough).
        url: String,
    },
    /// Print the completion script of a shell (for packagers; hidden).
    #[command(hide = true)]
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff; for packagers; hidden).
    #[command(hide = true)]
    Man,
}

fn parse_banker(s: &str) -> Result<simulate::BankerArg, String> {
    simulate::BankerArg::parse_or_file(s).map_err(|why| {
        let bad = crate::i18n::tr_args(help::lang(), "cli-bad-banker", &[("value", s.to_string())]);
        format!("{bad} ({why})")
    })
}

/// `--number SEAT:NUMBER`: a section (`4`, or `4+` standing behind it) and a card
/// number of 3 to 12 digits.
fn parse_number(s: &str) -> Result<(crate::engine::PlayerRef, crate::engine::PlayerNumber), String> {
    let (seat, number) = s.split_once(':').ok_or_else(|| format!("{s:?}: SEAT:NUMBER, as 4:4711"))?;
    let (seat, standing) = seat.strip_suffix('+').map_or((seat, false), |x| (x, true));
    let seat: u8 = seat.parse().ok().filter(|n| *n >= 1).ok_or_else(|| format!("{s:?}: a section from 1"))?;
    let number = crate::engine::PlayerNumber::parse(number).map_err(|e| format!("{s:?}: {e}"))?;
    Ok((crate::engine::PlayerRef { seat, standing }, number))
}

fn parse_caller(s: &str) -> Result<crate::cli::strategy::Policy, String> {
    match simulate::BankerArg::parse_or_file(s) {
        Ok(simulate::BankerArg::Policy(p)) => Ok(*p),
        Ok(_) => Err(crate::i18n::tr_args(help::lang(), "cli-bad-banker", &[("value", s.to_string())])),
        Err(why) => Err(format!(
            "{} ({why})",
            crate::i18n::tr_args(help::lang(), "cli-bad-banker", &[("value", s.to_string())])
        )),
    }
}

pub(crate) fn parse_game(s: &str) -> Result<crate::engine::Game, String> {
    crate::engine::Game::from_slug(s)
        .ok_or_else(|| crate::i18n::tr_args(help::lang(), "cli-bad-game", &[("value", s.to_string())]))
}

/// Reads the command line in the language it asks for (`--lang`, else `SABOT_LANG`,
/// `LANG`): `--help` and the errors in that language. Prints the help, the version or
/// the error and exits when that is what the command line asks for, or is wrong.
pub fn parse() -> Cli {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let lang = help::lang_of_args(&args);
    help::parse_from(lang, args).unwrap_or_else(|e| e.exit())
}

/// The house file that applies to a command that takes settings, or why it cannot be
/// used (said on standard error; exit status 2).
fn house_for(flag: Option<&std::path::Path>, lang: Lang) -> Result<crate::house::House, i32> {
    crate::house::resolve(flag).map(|l| l.house).map_err(|e| {
        eprintln!("sabot: {}", crate::house::house_error_text(lang, &e));
        2
    })
}

/// A window the command line asks for. The command line never imports the app: the
/// binary (`main.rs`) hands it the app's opener.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Window {
    /// The croupier's app, at its start screen.
    App,
    /// The pit boss's review of these logs.
    Review(Vec<PathBuf>),
    /// The pit boss's floor, from the pit at this URL.
    Floor(String),
}

/// Opens a window in a language; returns the exit status.
pub type Opener = fn(Lang, Window) -> i32;

/// Runs the command line; returns the exit status. `open` opens the windows.
pub fn main_with(cli: Cli, open: Opener) -> i32 {
    let lang = cli.lang.unwrap_or_else(Lang::from_env);
    let flag = cli.house.as_deref();
    match cli.command {
        Some(Command::Play { files, print }) => play_scripts(&files, print, flag, lang),
        Some(Command::Odds(args)) => match house_for(flag, lang) {
            Ok(h) => odds::odds_in(&args, &h, lang, &mut std::io::stdout(), &mut std::io::stderr()),
            Err(status) => status,
        },
        Some(Command::Advise(args)) => match house_for(flag, lang) {
            Ok(h) => advise::advise_in(&args, &h, lang, &mut std::io::stdout(), &mut std::io::stderr()),
            Err(status) => status,
        },
        Some(Command::Simulate { game, coups, seed, log: Some(log), resume: true, pit, .. }) => {
            simulate::resume_cli_pit(game, coups, seed, &log, pit.as_deref(), lang, &mut std::io::stdout())
        }
        Some(Command::Simulate { log: None, resume: true, .. }) => 2,
        Some(Command::Simulate { game, coups, seed, log, resume: false, pit, banker, caller, numbers, room }) => {
            match house_for(flag, lang) {
                Ok(h) => simulate::simulate_table(
                    h.settings(game, None),
                    coups,
                    seed,
                    simulate::Players { banker, caller, five: h.protection.five_play(), numbers },
                    log.as_deref(),
                    pit.as_deref(),
                    &room,
                    lang,
                    &mut std::io::stdout(),
                ),
                Err(status) => status,
            }
        }
        Some(Command::Verify { logs, require_closed, pit, in_flight }) => {
            verify_logs(&logs, require_closed, pit.as_deref(), in_flight, lang)
        }
        // What the pit holds (names, reasons) printed inert, whatever a login wrote.
        Some(Command::Pit(cmd)) => pit::pit(&cmd, lang, &mut crate::i18n::InertWrite::new(std::io::stdout())),
        Some(Command::Report { logs, csv, coups, bets, decisions }) => match house_for(flag, lang) {
            Ok(house) => {
                let rows = report::Rows::asked(coups, bets, decisions);
                report::report_rows_in(&logs, csv.as_deref(), rows, &house, lang, &mut std::io::stdout())
            }
            Err(status) => status,
        },
        Some(Command::Export { log, coup, output }) => {
            export::export(&log, coup, output.as_deref(), lang, &mut std::io::stdout())
        }
        Some(Command::Train(args)) => match house_for(flag, lang) {
            Ok(h) => train::train_in(&args, &h, lang, &mut std::io::stdin().lock(), &mut std::io::stdout().lock()),
            Err(status) => status,
        },
        Some(Command::Completions { shell }) => help::print_completions(shell, lang, &mut std::io::stdout()),
        Some(Command::Man) => help::print_man(lang, &mut std::io::stdout()),
        Some(Command::Review { logs }) => open(lang, Window::Review(logs)),
        Some(Command::Floor { url }) => open(lang, Window::Floor(url)),
        Some(Command::App) | None => run_app(flag, lang, open),
    }
}

/// `sabot play`: a script is its own record, so only a house named on the command line
/// applies (one that cannot be read: status 2).
fn play_scripts(files: &[PathBuf], print: bool, flag: Option<&std::path::Path>, lang: Lang) -> i32 {
    let house = match flag.map(crate::house::load).transpose() {
        Ok(h) => h,
        Err(e) => {
            eprintln!("sabot: {}", crate::house::house_error_text(lang, &e));
            return 2;
        }
    };
    play::play_in(files, print, house.as_ref(), lang, &mut std::io::stdout())
}

/// `sabot verify`, and with `--pit` each log also compared with the pit's copy; the
/// worse of the two statuses.
fn verify_logs(logs: &[PathBuf], require_closed: bool, pit: Option<&str>, in_flight: u64, lang: Lang) -> i32 {
    // Whatever a log holds is printed inert (issue 51).
    let mut out = crate::i18n::InertWrite::new(std::io::stdout());
    let status = verify::verify(logs, require_closed, lang, &mut out);
    match pit {
        Some(url) => {
            status.max(pit::verify_against(url, logs, std::time::Duration::from_secs(in_flight), lang, &mut out))
        }
        None => status,
    }
}

/// The window: the start screen opens with the house and, if the file is wrong, says
/// so there (started from the desktop menu, nobody reads standard error).
fn run_app(flag: Option<&std::path::Path>, lang: Lang, open: Opener) -> i32 {
    let house = crate::house::resolve(flag);
    if let Err(e) = &house {
        eprintln!("sabot: {}", crate::house::house_error_text(lang, e));
    }
    crate::house::set_startup(house);
    open(lang, Window::App)
}
