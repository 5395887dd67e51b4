//! `sabot simulate`: a shift played through the engine by simulated players.

use crate::engine::Game;
use crate::i18n::{self, Lang};
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
    simulate_with(&mut sim, game, coups, sink, w)
}

fn simulate_with(sim: &mut Simulator, game: Game, coups: u32, sink: &mut dyn OpSink, w: &mut dyn Write) -> i32 {
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
    let Some(path) = log else {
        return simulate(game, coups, seed, None, w);
    };
    let settings = crate::engine::TableSettings::new(game);
    let header = crate::journal::Header::live("simulation", "simulator", settings, false);
    let journal = match crate::journal::Journal::create(path, header) {
        Ok(j) => j,
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: cannot create the log {}: {e}", path.display());
            return 2;
        }
    };
    let mut sink = LogSink(journal);
    let status = simulate(game, coups, seed, Some(&mut sink), w);
    if let Err(e) = sink.0.close() {
        let _ = writeln!(w, "sabot simulate: cannot close the log: {e}");
        return 1;
    }
    let _ = writeln!(w, "log {}", path.display());
    status
}

/// `sabot simulate --resume`: takes up an unfinished shift log through the same
/// recovery as the app's «Reanudar» (`journal::open_for_append`: the log locked, the
/// record in flight set aside, every coup re-played), finishes the coup in play,
/// plays `coups` more and closes the shift. Exit status: 0 done; 1 the simulation or
/// the log failed; 2 the log cannot be taken up (in use, closed, damaged, another game).
pub fn resume_cli(game: Game, coups: u32, seed: u64, path: &std::path::Path, lang: Lang, w: &mut dyn Write) -> i32 {
    let (journal, replayed) = match crate::journal::open_for_append(path) {
        Ok(j) => j,
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {}", i18n::journal_error_text(lang, &e));
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
    let mut sim = Simulator::resume(journal.table().clone(), seed);
    let mut sink = LogSink(journal);
    let finished = sim.finish_coup(&mut sink);
    let status = match finished {
        Ok(()) => simulate_with(&mut sim, game, coups, &mut sink, w),
        Err(e) => {
            let _ = writeln!(w, "sabot simulate: {e}");
            1
        }
    };
    if let Err(e) = sink.0.close() {
        let _ = writeln!(w, "sabot simulate: {}", i18n::journal_error_text(lang, &e));
        return 1;
    }
    let _ = writeln!(w, "log {}", path.display());
    status
}
