//! The power of game protection (issue 38): simulated shifts of each strategy, weighed
//! as they are played, and how often they are flagged with the right seat named.
//! `cargo run --release --example power` prints the table; `tests/protection.rs` runs
//! it at a small scale.

use super::simulate::{BankerArg, Players, seat_players};
use crate::analysis::protection::{Decider, Options, Protection, Weigher};
use crate::engine::{Event, Game, Op, PlayerRef, Table, TableSettings};
use crate::sim::{OpSink, SimError, Simulator, SinkFailed};

/// A sink that keeps the table as the log would rebuild it and weighs each record with
/// the table before it, as `journal::protection` does from a log.
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
    let settings = TableSettings::new(game);
    let mut sim = Simulator::with_settings(settings.clone(), seed)?;
    // The paños play 5 as the weighing assumes they do.
    seat_players(&mut sim, &Players { five: opts.five, ..players.clone() }, seed);
    let table = Table::start(settings).map_err(SimError::Setup)?;
    let mut sink =
        Weighing { table, weigher: Weigher::keeping(opts, crate::analysis::protection::Keep::Verdicts), line: 1 };
    sim.run(coups, &mut sink)?;
    Ok(sink.weigher.finish(Some(&sim.table)))
}

/// A strategy's figures over many shifts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Power {
    pub shifts: u32,
    /// Shifts with any chooser flagged.
    pub flagged: u32,
    /// Shifts where a flagged chooser named the strategy's seat, or where it is the
    /// least likely of the seats flagged over every banker together (colluders).
    pub named_right: u32,
    /// Shifts flagged on each ground: departures, free choices, a seat's gains.
    pub grounds: [u32; 3],
    /// The expectation the seat gained from the choices, in all (colluders).
    pub moved: f64,
    pub coups: u64,
}

impl Power {
    /// The share of shifts flagged, and named right.
    pub fn share(&self) -> (f64, f64) {
        let n = f64::from(self.shifts.max(1));
        (f64::from(self.flagged) / n, f64::from(self.named_right) / n)
    }

    /// The seat's gain per 1,000 coups.
    pub fn moved_per_1000(&self) -> f64 {
        if self.coups == 0 { 0.0 } else { self.moved * 1000.0 / self.coups as f64 }
    }
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
    let seat = players.banker.seat().map(PlayerRef::seated);
    let mut out = Power::default();
    for k in 0..shifts {
        let p = shift(game, players, coups, seed0 + u64::from(k), opts)?;
        out.shifts += 1;
        out.coups += u64::from(coups);
        let flagged: Vec<_> = p.flagged().collect();
        let seats: Vec<PlayerRef> = p.seats_flagged(opts.alpha).map(|g| g.player).collect();
        out.flagged += u32::from(!flagged.is_empty() || !seats.is_empty());
        if let Some(s) = seat {
            let by_banker = flagged.iter().any(|v| v.named().is_some_and(|g| g.player == s));
            out.named_right += u32::from(by_banker || seats.first() == Some(&s));
            let gained = p
                .verdicts
                .iter()
                .filter(|v| matches!(v.decider, Decider::Banker(_)))
                .flat_map(|v| v.gainers.iter().filter(|g| g.player == s).map(|g| g.gained));
            out.moved += gained.sum::<f64>();
        } else if players.caller.is_some() {
            // A caller's gift is to the banker: what he gave away.
            let given = p.verdicts.iter().filter(|v| matches!(v.decider, Decider::Player(_))).map(|v| v.given_away);
            out.moved += given.sum::<f64>();
        }
        for (i, g) in out.grounds.iter_mut().enumerate() {
            let pooled = i == 2 && !seats.is_empty();
            *g += u32::from(pooled || flagged.iter().any(|v| v.grounds(opts.alpha)[i]));
        }
    }
    Ok(out)
}

/// The strategies of the power table: (name, game, players, honest).
pub fn strategies() -> Vec<(String, Game, Players, bool)> {
    let banker = |spec: &str| BankerArg::parse(spec).map(|b| Players { banker: b, ..Players::default() });
    let mut out = Vec::new();
    for (spec, honest) in [
        ("table", true),
        ("exact", true),
        ("exact-table", true),
        ("coin-close", true),
        ("colluding:4", false),
        ("colluding:4@0.3", false),
        ("table-hider:4", false),
        ("budget:4", false),
    ] {
        if let Some(p) = banker(spec) {
            out.push((spec.to_string(), Game::Banque, p, honest));
        }
    }
    for (spec, honest) in [("caller-table", true), ("dumping", false)] {
        let caller = super::strategy::Policy::builtin(spec);
        out.push((
            format!("{spec} (caller)"),
            Game::ChemindeFer,
            Players { banker: BankerArg::Table, caller, ..Players::default() },
            honest,
        ));
    }
    out
}
