//! A room of simulated tables writing to a pit, at a croupier's pace, shifts left
//! open: something for the floor to show (`sabot floor URL`).
//!
//! `cargo run --example room -- URL [TABLES] [RECORDS_PER_SECOND]` (20 tables, one
//! record a second by default); the logs go to a temporary folder; Ctrl-C stops.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::{Event, Game, Op, TableSettings};
use sabot::journal::{Header, Journal};
use sabot::pit::{PitUrl, Replicator};
use sabot::sim::{OpSink, Simulator};
use std::time::{Duration, Instant};

struct Paced<'a> {
    journal: &'a mut Journal,
    every: Duration,
    next: Instant,
}

impl OpSink for Paced<'_> {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
        let now = Instant::now();
        if self.next > now {
            std::thread::sleep(self.next - now);
        }
        self.next += self.every;
        self.journal.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(url) = args.get(1).and_then(|u| PitUrl::parse(u).ok()) else {
        eprintln!("usage: room URL [TABLES] [RECORDS_PER_SECOND]");
        std::process::exit(2);
    };
    let tables: usize = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(20);
    let rate: f64 = args.get(3).and_then(|t| t.parse().ok()).unwrap_or(1.0);
    let Ok(dir) = tempfile::tempdir() else {
        eprintln!("room: no temporary folder");
        std::process::exit(1);
    };
    let croupiers = ["Ana", "Luis", "Marta", "Jordi", "Carmen"];
    let mut handles = Vec::new();
    for n in 0..tables {
        let (url, path) = (url.clone(), dir.path().join(format!("t{n}.sabotlog")));
        let croupier = croupiers[n % croupiers.len()];
        handles.push(std::thread::spawn(move || {
            let game = Game::ALL[n % 3];
            let header = Header::live(&format!("Mesa {:02}", n + 1), croupier, TableSettings::new(game), false);
            let Ok(mut j) = Journal::create(&path, header) else { return };
            let Ok((rep, tap)) = Replicator::start(url, j.path(), 0, Box::new(|| {})) else { return };
            j.set_tap(tap);
            let every = Duration::from_secs_f64(1.0 / rate);
            let Ok(mut sim) = Simulator::new(game, n as u64 + 1) else { return };
            let offset = every.mul_f64(n as f64 / tables as f64);
            let mut sink = Paced { journal: &mut j, every, next: Instant::now() + offset };
            while sim.run(1, &mut sink).is_ok() {}
            rep.stop();
        }));
    }
    for h in handles {
        let _ = h.join();
    }
}
