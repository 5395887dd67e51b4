//! `sabot simulate`: a shift played through the engine by simulated players.

use crate::engine::Game;
use crate::sim::{NoSink, OpSink, Simulator};
use std::io::Write;
use std::time::Instant;

/// Runs the simulation and prints its report; returns the exit status.
pub fn simulate(game: Game, coups: u32, seed: u64, sink: Option<&mut dyn OpSink>, w: &mut dyn Write) -> i32 {
    let mut sim = match Simulator::new(game, seed) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {e}");
            return 2;
        }
    };
    let mut none = NoSink;
    let sink: &mut dyn OpSink = match sink {
        Some(s) => s,
        None => &mut none,
    };
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
            let _ = writeln!(w, "sabot simulate: {e}");
            1
        }
    }
}

/// The shift log as the simulation's sink: every operation written and synced
/// before the next is played.
struct LogSink(crate::journal::Journal);

impl OpSink for LogSink {
    fn record(&mut self, op: &crate::engine::Op, events: &[crate::engine::Event]) -> Result<(), String> {
        self.0.append(op, events).map(|_| ()).map_err(|e| e.to_string())
    }
}

/// `sabot simulate`, with or without a shift log.
pub fn simulate_cli(game: Game, coups: u32, seed: u64, log: Option<&std::path::Path>, w: &mut dyn Write) -> i32 {
    simulate_cli_pit(game, coups, seed, log, None, crate::i18n::Lang::En, w)
}

/// How long `simulate --pit` waits, after the log is closed, for the pit to hold it all.
pub const PIT_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// `sabot simulate`, with or without a shift log, and with or without the pit.
pub fn simulate_cli_pit(
    game: Game,
    coups: u32,
    seed: u64,
    log: Option<&std::path::Path>,
    pit: Option<&str>,
    lang: crate::i18n::Lang,
    w: &mut dyn Write,
) -> i32 {
    let Some(path) = log else {
        return simulate(game, coups, seed, None, w);
    };
    let settings = crate::engine::TableSettings::new(game);
    let header = crate::journal::Header::live("simulation", "simulator", settings, false);
    let mut journal = match crate::journal::Journal::create(path, header) {
        Ok(j) => j,
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: cannot create the log {}: {e}", path.display());
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
    let mut sink = LogSink(journal);
    let status = simulate(game, coups, seed, Some(&mut sink), w);
    let closed = sink.0.close();
    // The log's writer lets go of the pit's tap: the replicator ends once caught up.
    drop(sink);
    if let Err(e) = closed {
        let _ = writeln!(w, "sabot simulate: cannot close the log: {e}");
        return 1;
    }
    let _ = writeln!(w, "log {}", path.display());
    match replicator {
        Some(rep) => status.max(super::pit::finish(rep, PIT_WAIT, lang, w)),
        None => status,
    }
}
