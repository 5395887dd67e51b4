//! `sabot simulate`: a shift played through the engine by simulated players.

use super::strategy::{self, Policy};
use crate::analysis::banker::FivePlay;
use crate::engine::Game;
use crate::i18n::{self, Lang, tr_args};
use crate::journal::text::journal_error_text;
use crate::journal::{Journal, JournalError};
use crate::sim::{BankerStyle, Chooser, NoSink, OpSink, SimError, Simulator, SinkFailed};
use std::io::Write;
use std::time::Instant;

/// Why a simulation stopped, in `lang`; a log's failure is told by the log's own
/// error (`sink_failed`).
pub fn sim_error_text(lang: Lang, e: &SimError, sink_failed: Option<&JournalError>) -> String {
    match e {
        SimError::Refused { coup, op, refusal } => tr_args(
            lang,
            "sim-refused",
            &[("coup", coup.to_string()), ("op", format!("{op:?}")), ("refusal", i18n::refusal_text(lang, refusal))],
        ),
        SimError::Sink { coup } => {
            let why = sink_failed.map(|f| journal_error_text(lang, f)).unwrap_or_default();
            tr_args(lang, "sim-sink", &[("coup", coup.to_string()), ("why", why)])
        }
        SimError::Unbalanced { coup } => tr_args(lang, "sim-unbalanced", &[("coup", coup.to_string())]),
        SimError::Setup(bad) => tr_args(lang, "sim-setup", &[("why", i18n::settings_text(lang, *bad))]),
        SimError::Overflow { coup } => tr_args(lang, "sim-overflow", &[("coup", coup.to_string())]),
    }
}

/// How the simulated banker plays his choices (`--banker`).
#[derive(Clone, Debug, PartialEq, Default)]
pub enum BankerArg {
    /// Asks for the table half the time, else tosses a coin (the default).
    #[default]
    Random,
    /// The exact odds at every choice, never the table.
    Exact,
    /// Always the table; a coin where it leaves him the choice.
    Table,
    /// Never the table; every choice the best for the bets of this seat, which bets on
    /// a paño every coup.
    Colluding(u8),
    /// A policy: a built-in by name, or a RON file (`super::strategy`).
    Policy(Box<Policy>),
}

impl BankerArg {
    /// `random`, `exact`, `table`, `colluding` (seat 1) or `colluding:SEAT`; another
    /// built-in policy by name (`table-hider:4`, `budget:4`, `colluding:4@0.3`…); or
    /// the path of a policy's RON file. `Err` says why a file could not be read.
    pub fn parse(s: &str) -> Option<BankerArg> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Some(BankerArg::Random),
            "exact" => Some(BankerArg::Exact),
            "table" => Some(BankerArg::Table),
            "colluding" => Some(BankerArg::Colluding(1)),
            t => {
                if let Some(seat) = t.strip_prefix("colluding:").and_then(|x| x.parse::<u8>().ok()) {
                    return (seat >= 1).then_some(BankerArg::Colluding(seat));
                }
                Policy::builtin(t).map(|p| BankerArg::Policy(Box::new(p)))
            }
        }
    }

    /// As `parse`, and a RON file's policy; why a file could not be read.
    pub fn parse_or_file(s: &str) -> Result<BankerArg, String> {
        if let Some(b) = BankerArg::parse(s) {
            return Ok(b);
        }
        let path = std::path::Path::new(s.trim());
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        strategy::parse(&text).map(|p| BankerArg::Policy(Box::new(p))).map_err(|e| format!("{}:{e}", path.display()))
    }

    pub fn slug(&self) -> String {
        match self {
            BankerArg::Random => "random".into(),
            BankerArg::Exact => "exact".into(),
            BankerArg::Table => "table".into(),
            BankerArg::Colluding(s) => format!("colluding:{s}"),
            BankerArg::Policy(p) => p.name.clone(),
        }
    }

    /// The seat this banker favours, which bets every coup.
    pub fn seat(&self) -> Option<u8> {
        match self {
            BankerArg::Colluding(s) => Some(*s),
            BankerArg::Policy(p) => p.seat(),
            _ => None,
        }
    }
}

/// A banker who plays the exact odds (`analysis::protection`), the paños' play on 5
/// as the simulation's.
struct ExactBanker(FivePlay);

impl Chooser for ExactBanker {
    fn call(&mut self, table: &crate::engine::Table) -> Option<crate::engine::Call> {
        crate::analysis::protection::exact_call(table, self.0)
    }
}

/// A banker who plays for a seat's bets (`analysis::protection`).
struct ColludingBanker(crate::engine::PlayerRef, FivePlay);

impl Chooser for ColludingBanker {
    fn call(&mut self, table: &crate::engine::Table) -> Option<crate::engine::Call> {
        crate::analysis::protection::colluding_call(table, self.0, self.1)
    }
}

/// The simulator set to play its banker as `banker` says.
pub fn set_banker(sim: &mut Simulator, banker: BankerArg) {
    banker_plays(sim, banker, 0, crate::analysis::protection::Options::default().five);
}

/// The simulator's players set as `players` say: the paños' play on 5, the banker and
/// the banco callers (a policy's own coins from `seed`), every chooser inferring the
/// paños by that same play on 5.
pub fn seat_players(sim: &mut Simulator, players: &Players, seed: u64) {
    sim.set_five_draws(players.five.draw_probability());
    sim.set_numbers(players.numbers.clone());
    banker_plays(sim, players.banker.clone(), seed, players.five);
    let opts = crate::analysis::protection::Options { five: players.five, ..Default::default() };
    let caller = players.caller.as_ref().map(|p| Box::new(p.chooser(seed.wrapping_add(1), opts)) as Box<dyn Chooser>);
    sim.set_caller(caller);
}

/// The simulator's banker set to play `banker`, a policy's own coins from `seed`,
/// inferring the paños by `five`.
fn banker_plays(sim: &mut Simulator, banker: BankerArg, seed: u64, five: FivePlay) {
    let seat = banker.seat();
    sim.set_accomplice(seat);
    match banker {
        BankerArg::Random => sim.set_banker(BankerStyle::Random),
        BankerArg::Table => sim.set_banker(BankerStyle::Table),
        BankerArg::Exact => sim.set_banker(BankerStyle::Free(Box::new(ExactBanker(five)))),
        BankerArg::Colluding(seat) => {
            let seat = crate::engine::PlayerRef::seated(seat);
            sim.set_banker(BankerStyle::Free(Box::new(ColludingBanker(seat, five))));
        }
        BankerArg::Policy(p) => {
            let opts = crate::analysis::protection::Options { five, ..Default::default() };
            let chooser = Box::new(p.chooser(seed, opts));
            sim.set_friends(p.friends(), p.friend_bancos());
            sim.set_banker(if p.ask_table { BankerStyle::Asks(chooser) } else { BankerStyle::Free(chooser) });
        }
    }
}

/// Who plays the simulated choices: the banker (`--banker`), and the banco callers
/// and players on 5 (`--caller`; none: on 5 as the house says, a coin on any other
/// total they are free on).
#[derive(Clone, Debug, PartialEq)]
pub struct Players {
    pub banker: BankerArg,
    pub caller: Option<Policy>,
    /// How players play a two-card 5: the house file's `protection: (play_on_five:
    /// …)` (`ProtectionHouse::five_play`), the one play `advise`, the weighing and the
    /// report use; what the banker's and callers' policies infer of the paños too.
    pub five: FivePlay,
    /// The card numbers the croupier gives as he seats these players (issue 49).
    pub numbers: Vec<(crate::engine::PlayerRef, crate::engine::PlayerNumber)>,
}

impl Default for Players {
    fn default() -> Self {
        Players {
            banker: BankerArg::default(),
            caller: None,
            five: crate::analysis::protection::Options::default().five,
            numbers: Vec::new(),
        }
    }
}

/// Runs the simulation and prints its report; returns the exit status.
fn simulate(
    settings: crate::engine::TableSettings,
    coups: u32,
    seed: u64,
    players: Players,
    log: Option<&mut LogSink>,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    let game = settings.game;
    if let Some(seat) = players.banker.seat()
        && (seat > settings.sections || !game.has_bank())
    {
        let args = [("seat", seat.to_string()), ("sections", settings.sections.to_string())];
        let _ = writeln!(w, "sabot simulate: {}", tr_args(lang, "sim-bad-accomplice", &args));
        return 2;
    }
    let mut sim = match Simulator::with_settings(settings, seed) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {}", sim_error_text(lang, &e, None));
            return 2;
        }
    };
    seat_players(&mut sim, &players, seed);
    match log {
        Some(sink) => simulate_with(&mut sim, game, coups, sink, lang, w),
        None => simulate_with(&mut sim, game, coups, &mut NoSink, lang, w),
    }
}

/// The simulation's coups, and its report; a log's failure told by the log's error.
fn simulate_with<S: OpSink + Failed>(
    sim: &mut Simulator,
    game: Game,
    coups: u32,
    sink: &mut S,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    let started = Instant::now();
    let result = sim.run(coups, sink).cloned();
    let elapsed_s = started.elapsed().as_secs_f64();
    match result {
        Ok(r) => {
            let _ = writeln!(w, "game {}", game.slug());
            let _ = writeln!(w, "coups {}", r.coups);
            let _ = writeln!(w, "shoes {}", r.shoes);
            let _ = writeln!(w, "operations {}", r.operations);
            if game.has_bank() {
                let _ = writeln!(w, "bank {}", r.bank);
                let _ = writeln!(w, "bank net {}", r.bank_net);
                let _ = writeln!(w, "cagnotte {}", r.cagnotte);
                let _ = writeln!(w, "banker changes {}", r.banker_changes);
            } else {
                let _ = writeln!(w, "casino net {}", r.bank_net);
                let _ = writeln!(w, "commission {}", r.commission);
                let _ = writeln!(w, "banca {} punto {} tie {}", r.banca_wins, r.punto_wins, r.ties);
            }
            let _ = writeln!(w, "players net {}", r.players_net);
            let balanced = r.players_net.checked_add(r.bank_net).is_ok_and(|z| z.is_zero());
            let _ = writeln!(w, "money balances {}", if balanced { "yes" } else { "NO" });
            let per_s = if elapsed_s > 0.0 { f64::from(r.coups) / elapsed_s } else { 0.0 };
            let _ = writeln!(w, "coups per second {per_s:.0}");
            if balanced { 0 } else { 1 }
        }
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {}", sim_error_text(lang, &e, sink.failed()));
            1
        }
    }
}

/// The shift log as the simulation's sink: every operation written and synced
/// before the next is played; the log's error kept when it fails. With a pace, each
/// record waits for its time (`--pace`).
struct LogSink {
    journal: Journal,
    failed: Option<JournalError>,
    /// The time between two records, and when the next is due.
    pace: Option<(std::time::Duration, Instant)>,
}

/// A sink's own error, once it failed.
trait Failed {
    fn failed(&self) -> Option<&JournalError>;
}

impl Failed for LogSink {
    fn failed(&self) -> Option<&JournalError> {
        self.failed.as_ref()
    }
}

impl Failed for NoSink {
    fn failed(&self) -> Option<&JournalError> {
        None
    }
}

impl OpSink for LogSink {
    fn record(&mut self, op: &crate::engine::Op, events: &[crate::engine::Event]) -> Result<(), SinkFailed> {
        if let Some((every, next)) = self.pace.as_mut() {
            let now = Instant::now();
            if *next > now {
                std::thread::sleep(*next - now);
            }
            // Behind its pace (a slow disk): the next record keeps the pace from now.
            *next = (*next + *every).max(now);
        }
        match self.journal.append(op, events) {
            Ok(_) => Ok(()),
            Err(e) => {
                self.failed = Some(e);
                Err(SinkFailed)
            }
        }
    }
}

/// `sabot simulate` at the game's default table, with a log and the pit.
pub fn simulate_cli_pit(
    game: Game,
    coups: u32,
    seed: u64,
    log: Option<&std::path::Path>,
    pit: Option<&str>,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    simulate_cli_in(crate::engine::TableSettings::new(game), coups, seed, BankerArg::Random, log, pit, lang, w)
}

/// How long `simulate --pit` waits, after the log is closed, for the pit to hold it all.
pub const PIT_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// `sabot simulate` at a table of these settings (`--house`), with or without a shift
/// log, and with or without the pit.
#[allow(clippy::too_many_arguments)] // the command line's options, as typed
pub fn simulate_cli_in(
    settings: crate::engine::TableSettings,
    coups: u32,
    seed: u64,
    banker: BankerArg,
    log: Option<&std::path::Path>,
    pit: Option<&str>,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    let players = Players { banker, ..Players::default() };
    simulate_table(settings, coups, seed, players, log, pit, &Room::default(), lang, w)
}

/// The table a simulation plays as, and how fast (`--table`, `--croupier`, `--pace`,
/// `--tables`): a day rehearsed, a room of tables fed to a pit from one command.
#[derive(clap::Args, Clone, Debug)]
pub struct Room {
    /// The table's name in the log (and the pit); with --tables, each table's name is
    /// this and its number («Mesa 07»).
    #[arg(long, value_name = "NAME", default_value = "simulation")]
    pub table: String,
    /// The croupier's name in the log.
    #[arg(long, value_name = "NAME", default_value = "simulator")]
    pub croupier: String,
    /// How fast records are written: RATE records a second (1, 0.5, 20), or `real`, a
    /// live table's pace (a record every 3 s). Needs --log. Without it, as fast as the
    /// engine goes.
    #[arg(long, value_name = "RATE", value_parser = parse_pace, requires = "log")]
    pub pace: Option<std::time::Duration>,
    /// This many tables at once, each on its own thread with its own log in the folder
    /// --log (made if missing), its own seed (--seed plus its number) and, with --pit,
    /// its own connection to the pit.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "log")]
    pub tables: u32,
}

impl Default for Room {
    fn default() -> Self {
        Room { table: "simulation".into(), croupier: "simulator".into(), pace: None, tables: 1 }
    }
}

/// A live table's pace, `--pace real`: a record every three seconds.
pub const REAL_PACE: std::time::Duration = std::time::Duration::from_secs(3);

/// `--pace`: records a second (more than 0, at most 1000), or `real`.
pub fn parse_pace(s: &str) -> Result<std::time::Duration, String> {
    if s.trim().eq_ignore_ascii_case("real") {
        return Ok(REAL_PACE);
    }
    match s.trim().replace(',', ".").parse::<f64>() {
        Ok(r) if r > 0.0 && r <= 1000.0 => Ok(std::time::Duration::from_secs_f64(1.0 / r)),
        _ => Err(format!("{s:?}: records a second (more than 0, at most 1000), or real")),
    }
}

/// `sabot simulate` with a room's options: one table (`room.tables` 1) as
/// `simulate_cli_in` with its names and pace, or several at once (`simulate_room`).
#[allow(clippy::too_many_arguments)] // the command line's options, as typed
pub fn simulate_table(
    settings: crate::engine::TableSettings,
    coups: u32,
    seed: u64,
    players: Players,
    log: Option<&std::path::Path>,
    pit: Option<&str>,
    room: &Room,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    let Some(path) = log else {
        return simulate(settings, coups, seed, players, None, lang, w);
    };
    if room.tables > 1 {
        return simulate_room(settings, coups, seed, players, path, pit, room, lang, w);
    }
    // A pit URL that cannot be read is said before any log is made.
    if let Some(url) = pit
        && super::pit::parse(url, lang, w).is_none()
    {
        return 2;
    }
    let header = crate::journal::Header::live(&room.table, &room.croupier, settings.clone(), false);
    let mut journal = match Journal::create(path, header) {
        Ok(j) => j,
        Err(e) => {
            let why = journal_error_text(lang, &e);
            let _ = writeln!(w, "sabot simulate: {}", tr_args(lang, "sim-cannot-create-log", &[("why", why)]));
            return 2;
        }
    };
    let replicator = match pit {
        Some(url) => match super::pit::replicate(url, &mut journal, lang, w) {
            Ok(r) => Some(r),
            Err(status) => return status,
        },
        None => None,
    };
    let pace = room.pace.map(|every| (every, Instant::now()));
    let mut sink = LogSink { journal, failed: None, pace };
    let status = simulate(settings, coups, seed, players, Some(&mut sink), lang, w);
    let closed = sink.journal.close();
    // The log's writer lets go of the pit's tap: the replicator ends once caught up.
    drop(sink);
    if let Err(e) = closed {
        let why = journal_error_text(lang, &e);
        let _ = writeln!(w, "sabot simulate: {}", tr_args(lang, "sim-cannot-close-log", &[("why", why)]));
        return 1;
    }
    let _ = writeln!(w, "log {}", path.display());
    match replicator {
        Some(rep) => status.max(super::pit::finish(rep, PIT_WAIT, lang, w)),
        None => status,
    }
}

/// A table of the room on its own thread: its exit status and its report's words.
type TableThread = std::thread::JoinHandle<(i32, Vec<u8>)>;

/// `sabot simulate --tables N --log DIR`: N tables at once, each on its own thread
/// with its own log in `dir` (`<table> NN.sabotlog`), its own seed and, with a pit,
/// its own replicator; each table's report is printed under its name, in order. The
/// exit status is the worst of the tables'.
#[allow(clippy::too_many_arguments)] // the command line's options, as typed
fn simulate_room(
    settings: crate::engine::TableSettings,
    coups: u32,
    seed: u64,
    players: Players,
    dir: &std::path::Path,
    pit: Option<&str>,
    room: &Room,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    if let Err(e) = std::fs::create_dir_all(dir) {
        let e = JournalError::io(dir, "create", &e);
        let why = journal_error_text(lang, &e);
        let _ = writeln!(w, "sabot simulate: {}", tr_args(lang, "sim-cannot-create-log", &[("why", why)]));
        return 2;
    }
    let width = room.tables.to_string().len().max(2);
    let handles: Vec<(String, TableThread)> = (1..=room.tables)
        .map(|n| {
            let name = format!("{} {n:0width$}", room.table);
            let one = Room { table: name.clone(), tables: 1, ..room.clone() };
            let path = dir.join(format!("{}.{}", name.replace(' ', "-"), crate::journal::EXTENSION));
            let (settings, pit, players) = (settings.clone(), pit.map(str::to_string), players.clone());
            let seed = seed.wrapping_add(u64::from(n));
            let handle = std::thread::spawn(move || {
                let mut out = Vec::new();
                let status =
                    simulate_table(settings, coups, seed, players, Some(&path), pit.as_deref(), &one, lang, &mut out);
                (status, out)
            });
            (name, handle)
        })
        .collect();
    let mut worst = 0;
    for (name, h) in handles {
        let (status, out) = h.join().unwrap_or_else(|_| (1, b"the table's thread stopped\n".to_vec()));
        worst = worst.max(status);
        let _ = writeln!(w, "table {name}");
        let _ = w.write_all(&out);
    }
    worst
}

/// `sabot simulate --resume`: takes up an unfinished shift log through the same
/// recovery as the app's «Reanudar» (`journal::open_for_append`: the log locked, the
/// record in flight set aside, every coup re-played), finishes the coup in play,
/// plays `coups` more and closes the shift. Exit status: 0 done; 1 the simulation or
/// the log failed; 2 the log cannot be taken up (in use, closed, damaged, another game).
pub fn resume_cli(game: Game, coups: u32, seed: u64, path: &std::path::Path, lang: Lang, w: &mut dyn Write) -> i32 {
    resume_cli_pit(game, coups, seed, path, None, lang, w)
}

/// `sabot simulate --resume --pit URL`: as `resume_cli`, and the log shipped to the
/// pit, from the pit's last record on (what it lacks from before the stop first).
pub fn resume_cli_pit(
    game: Game,
    coups: u32,
    seed: u64,
    path: &std::path::Path,
    pit: Option<&str>,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    if let Some(url) = pit
        && super::pit::parse(url, lang, w).is_none()
    {
        return 2;
    }
    let (mut journal, replayed) = match crate::journal::open_for_append(path) {
        Ok(j) => j,
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {}", journal_error_text(lang, &e));
            return 2;
        }
    };
    if replayed.header.settings.game != game {
        let args = [("log", replayed.header.settings.game.slug().to_string()), ("game", game.slug().to_string())];
        let _ = writeln!(w, "sabot simulate: {}", i18n::tr_args(lang, "simulate-resume-other-game", &args));
        return 2;
    }
    if let Some(aside) = &replayed.set_aside {
        let _ = writeln!(w, "set aside {} ({} bytes)", aside.file, aside.bytes);
    }
    let replicator = match pit {
        Some(url) => match super::pit::replicate(url, &mut journal, lang, w) {
            Ok(r) => Some(r),
            Err(status) => return status,
        },
        None => None,
    };
    let mut sim = Simulator::resume(journal.table().clone(), seed);
    let mut sink = LogSink { journal, failed: None, pace: None };
    let finished = sim.finish_coup(&mut sink);
    let status = match finished {
        Ok(()) => simulate_with(&mut sim, game, coups, &mut sink, lang, w),
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {}", sim_error_text(lang, &e, sink.failed.as_ref()));
            1
        }
    };
    // A coup left in play stays in the log unclosed, to be taken up again: the shift
    // is closed only between coups. The pit is sent what the log has all the same.
    if sim.table.coup_in_progress() {
        drop(sink);
        let _ = writeln!(w, "log {}", path.display());
        let pit = replicator.map_or(0, |rep| super::pit::finish(rep, PIT_WAIT, lang, w));
        return status.max(1).max(pit);
    }
    let closed = sink.journal.close();
    // The log's writer lets go of the pit's tap: the replicator ends once caught up.
    drop(sink);
    if let Err(e) = closed {
        let _ = writeln!(w, "sabot simulate: {}", journal_error_text(lang, &e));
        return 1;
    }
    let _ = writeln!(w, "log {}", path.display());
    match replicator {
        Some(rep) => status.max(super::pit::finish(rep, PIT_WAIT, lang, w)),
        None => status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::settings::BadSettings;
    use crate::engine::{Clause, Op, Reason, Refusal};

    /// Every way a simulation stops reads in both languages (the log's own error
    /// told when the log failed).
    #[test]
    fn every_simulation_error_reads_in_both_languages() {
        let errors = [
            SimError::Refused { coup: 3, op: Op::NoMoreBets, refusal: Refusal::new(Clause::C2, Reason::NoCardOwed) },
            SimError::Sink { coup: 4 },
            SimError::Unbalanced { coup: 5 },
            SimError::Setup(BadSettings::Decks),
            SimError::Overflow { coup: 6 },
        ];
        let log_failed = JournalError::WriterGone;
        for e in &errors {
            let es = sim_error_text(Lang::Es, e, Some(&log_failed));
            let en = sim_error_text(Lang::En, e, Some(&log_failed));
            assert_ne!(es, en, "{e:?}");
            for t in [&es, &en] {
                assert!(!t.contains("sim-") && !t.contains('{'), "{t}");
            }
        }
        let sink = sim_error_text(Lang::En, &SimError::Sink { coup: 4 }, Some(&log_failed));
        assert_eq!(sink, "coup 4: the log did not take the record: the shift log's writer has stopped");
        let setup = sim_error_text(Lang::Es, &SimError::Setup(BadSettings::Decks), None);
        assert_eq!(setup, "no se puede preparar la mesa: el sabot lleva de 1 a 8 barajas (R-C-3)");
    }
}
