//! The power of game protection (issue 38): simulated shifts of each strategy, weighed
//! as they are played, and how often they are flagged with the right seat named.
//! `cargo run --release --example power` prints the table; `tests/protection.rs` runs
//! it at a small scale.

use super::simulate::{BankerArg, Players, seat_players};
use crate::analysis::protection::{Decider, Judged, Keep, Ledger, Options, Protection, Weigher};
use crate::engine::{Event, Game, Op, PlayerRef, Table, TableSettings};
use crate::sim::{OpSink, SimError, Simulator, SinkFailed};

/// A sink that keeps the table as the log would rebuild it and weighs each record with
/// the table before it, as `reports::protection` does from a log.
struct Weighing {
    table: Table,
    weigher: Weigher,
    line: usize,
}

impl OpSink for Weighing {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), SinkFailed> {
        self.line += 1;
        self.weigher.op(self.line, &self.table, op);
        self.table.apply(events);
        Ok(())
    }
}

/// One shift of `coups` played by `players`, weighed as it is played (no log).
pub fn shift(game: Game, players: &Players, coups: u32, seed: u64, opts: Options) -> Result<Protection, SimError> {
    shift_keeping(game, players, coups, seed, opts, Keep::Verdicts)
}

/// One shift, its choices kept as `keep` says.
fn shift_keeping(
    game: Game,
    players: &Players,
    coups: u32,
    seed: u64,
    opts: Options,
    keep: Keep,
) -> Result<Protection, SimError> {
    let settings = TableSettings::new(game);
    let mut sim = Simulator::with_settings(settings.clone(), seed)?;
    // The paños play 5 as the weighing assumes they do.
    seat_players(&mut sim, &Players { five: opts.five, ..players.clone() }, seed);
    let table = Table::start(settings).map_err(SimError::Setup)?;
    let mut sink = Weighing { table, weigher: Weigher::keeping(opts, keep), line: 1 };
    sim.run(coups, &mut sink)?;
    Ok(sink.weigher.finish(Some(&sim.table)))
}

/// `groups` groups of `per` shifts of `coups` each at one table, each group's choices
/// weighed as one shift, as `sabot report` weighs the shifts of a table together (the
/// same seats, every figure corrected for all those weighed at the table): tallied as
/// [`power`] tallies shifts.
pub fn power_groups(
    game: Game,
    players: &Players,
    coups: u32,
    per: u32,
    groups: u32,
    seed0: u64,
    opts: Options,
) -> Result<Power, SimError> {
    let friends = friends(players);
    let mut out = Power::default();
    for g in 0..groups {
        let judged = group(game, players, coups, per, seed0 + u64::from(g * per), opts)?;
        out.coups += u64::from(coups) * u64::from(per);
        let named: Vec<PlayerRef> = judged
            .verdicts
            .iter()
            .flat_map(|v| v.all_named())
            .chain(judged.seats.iter().filter(|g| g.named))
            .map(|g| g.player)
            .collect();
        out.shifts += 1;
        out.flagged += u32::from(!named.is_empty());
        out.named_right += u32::from(named.iter().any(|n| friends.contains(n)));
        out.innocent += u32::from(named.iter().any(|n| !friends.contains(n)));
        out.habits += u32::from(judged.verdicts.iter().any(|v| !v.habits.is_empty()));
    }
    Ok(out)
}

/// `per` shifts of `coups` each at one table, seeds `seed0` on, their choices weighed
/// as one shift (as `sabot report` weighs the shifts of a table together).
pub fn group(
    game: Game,
    players: &Players,
    coups: u32,
    per: u32,
    seed0: u64,
    opts: Options,
) -> Result<Judged, SimError> {
    let mut ledger = Ledger::default();
    for k in 0..per {
        let p = shift_keeping(game, players, coups, seed0 + u64::from(k), opts, Keep::All)?;
        p.decisions.iter().for_each(|d| ledger.add(d, opts));
    }
    Ok(ledger.judge(opts))
}

/// What a strategy is, for the power table: an honest chooser (no one should be
/// named), one with a habit (no one should be named), or a colluder (his friends
/// should be, and no one else).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Honest,
    Habit,
    /// Plays by hunches (a coin): neither the table nor anyone's friend.
    Hunch,
    Colluder,
}

/// A strategy's figures over many shifts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Power {
    pub shifts: u32,
    /// Shifts in which any party was named (a chooser flagged, or a party over every
    /// chooser together).
    pub flagged: u32,
    /// Shifts in which a friend of the strategy was named.
    pub named_right: u32,
    /// Shifts in which a party who is no friend was named.
    pub innocent: u32,
    /// Shifts in which a chooser's habit was said.
    pub habits: u32,
    /// The expectation the friends gained from the choices (bankers), or what the
    /// callers gave away to the bank, in all.
    pub moved: f64,
    pub coups: u64,
}

impl Power {
    /// The share of shifts flagged, named right, and naming an innocent.
    pub fn share(&self) -> (f64, f64, f64) {
        let n = f64::from(self.shifts.max(1));
        (f64::from(self.flagged) / n, f64::from(self.named_right) / n, f64::from(self.innocent) / n)
    }

    /// The gain moved per 1,000 coups.
    pub fn moved_per_1000(&self) -> f64 {
        if self.coups == 0 { 0.0 } else { self.moved * 1000.0 / self.coups as f64 }
    }
}

/// The players a strategy serves: the banker's friends, or the seat whose bank a
/// caller dumps for.
pub fn friends(players: &Players) -> Vec<PlayerRef> {
    let mut out = match &players.banker {
        BankerArg::Colluding(s) => vec![PlayerRef::seated(*s)],
        BankerArg::Policy(p) => p.friends(),
        _ => Vec::new(),
    };
    if let Some(c) = &players.caller {
        out.extend(c.friends());
    }
    out
}

/// `shifts` shifts of `coups` each (seeds `seed0`, `seed0 + 1`…), tallied.
pub fn power(
    game: Game,
    players: &Players,
    coups: u32,
    shifts: u32,
    seed0: u64,
    opts: Options,
) -> Result<Power, SimError> {
    let friends = friends(players);
    let mut out = Power::default();
    for k in 0..shifts {
        let p = shift(game, players, coups, seed0 + u64::from(k), opts)?;
        out.shifts += 1;
        out.coups += u64::from(coups);
        let named = p.named();
        out.flagged += u32::from(!named.is_empty());
        out.named_right += u32::from(named.iter().any(|n| friends.contains(n)));
        out.innocent += u32::from(named.iter().any(|n| !friends.contains(n)));
        out.habits += u32::from(p.verdicts.iter().any(|v| !v.habits.is_empty()));
        if players.caller.is_some() {
            // A caller's gift is to the banker: what he gave away.
            let given = p.verdicts.iter().filter(|v| matches!(v.decider, Decider::Player(_))).map(|v| v.given_away);
            out.moved += given.sum::<f64>();
        } else {
            let gained =
                p.verdicts.iter().filter(|v| matches!(v.decider, Decider::Banker(_))).flat_map(|v| {
                    v.gainers.iter().filter(|g| !g.bancos && friends.contains(&g.player)).map(|g| g.gained)
                });
            out.moved += gained.sum::<f64>();
        }
    }
    Ok(out)
}

/// A strategy of the power table: its name, game, players and kind.
pub type Strategy = (String, Game, Players, Kind);

/// The strategies of the power table: the honest ones, the habit, and every colluder
/// of issues 38 and 49 (README «Game protection»).
pub fn strategies() -> Vec<Strategy> {
    let banker = |spec: &str| BankerArg::parse(spec).map(|b| Players { banker: b, ..Players::default() });
    let mut out = Vec::new();
    for (spec, kind) in [
        // The simulator's default: the table half the time, else a coin at every cell.
        ("random", Kind::Honest),
        ("table", Kind::Honest),
        ("exact", Kind::Honest),
        ("exact-table", Kind::Honest),
        ("coin-close", Kind::Honest),
        ("habit", Kind::Habit),
        ("colluding:4", Kind::Colluder),
        ("colluding:4@0.3", Kind::Colluder),
        ("colluding:4@0.05", Kind::Colluder),
        ("table-hider:4", Kind::Colluder),
        ("table-hider:4@0.4", Kind::Colluder),
        ("table-hider:4@0.2", Kind::Colluder),
        ("hider-coin:4@0.4", Kind::Colluder),
        ("budget:4", Kind::Colluder),
        ("stake-over-table:4", Kind::Colluder),
        ("last-third:4", Kind::Colluder),
        ("standing:4", Kind::Colluder),
        ("banco-only:4", Kind::Colluder),
        ("hider-covered:4", Kind::Colluder),
        ("alternating:4", Kind::Colluder),
    ] {
        if let Some(p) = banker(spec) {
            out.push((spec.to_string(), Game::Banque, p, kind));
        }
    }
    // The table-hider whose friend calls banco one coup in fifty.
    if let Some(mut p) = super::strategy::Policy::builtin("hider-covered:4") {
        if let Some(f) = p.favour.as_mut() {
            f.bancos = 0.02;
        }
        let players = Players { banker: BankerArg::Policy(Box::new(p)), ..Players::default() };
        out.push(("hider-covered:4 (bancos 2 %)".to_string(), Game::Banque, players, Kind::Colluder));
    }
    let cf =
        |caller: Option<super::strategy::Policy>| Players { banker: BankerArg::Table, caller, ..Players::default() };
    out.push(("default (chemin-de-fer)".to_string(), Game::ChemindeFer, Players::default(), Kind::Honest));
    for (spec, kind) in [("caller-table", Kind::Honest), ("coin", Kind::Hunch), ("dumping", Kind::Habit)] {
        let caller = super::strategy::Policy::builtin(spec);
        out.push((format!("{spec} (caller)"), Game::ChemindeFer, cf(caller), kind));
    }
    out
}
