//! The pit's database under many tables: simulated tables writing at once to one pit
//! (a PostgreSQL cluster started here, fsync on), each record synced to its table's
//! log and shipped by that table's replicator. Prints the records per second the pit
//! took and the lag (record stamped at the table → stored in the pit) at the 50th,
//! 99th percentile and the worst, for a live pace and flat out. Criterion times one
//! record from the table's log to the pit.
//!
//! `cargo bench --bench pit` runs the target (50 tables at 10 records a second for 20
//! seconds, then flat out); `SABOT_PIT_BENCH=TABLES,RATE,SECONDS` changes the paced
//! run. Under `cargo test --benches` a short run (4 tables, 1 second).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

#[path = "../tests/pg/mod.rs"]
mod pg;

use criterion::Criterion;
use sabot::engine::{Event, Game, Op, TableSettings};
use sabot::journal::{Header, Journal};
use sabot::pit::{self, PitReader, PitUrl, Replicator};
use sabot::sim::{OpSink, Simulator};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

struct Paced<'a> {
    journal: &'a mut Journal,
    /// Time between records (None: flat out).
    every: Option<Duration>,
    next: Instant,
    stop: &'a AtomicBool,
}

impl OpSink for Paced<'_> {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(sabot::sim::SinkFailed);
        }
        if let Some(every) = self.every {
            let now = Instant::now();
            if self.next > now {
                std::thread::sleep(self.next - now);
            }
            self.next += every;
        }
        self.journal.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

fn table_log(dir: &Path, n: usize, url: &PitUrl, run: &str) -> (Journal, Replicator) {
    let game = Game::ALL[n % 3];
    let header = Header::live(&format!("Mesa {n}"), run, TableSettings::new(game), false);
    let mut j = Journal::create(dir.join(format!("t{n}.sabotlog")), header).expect("log");
    let (rep, tap) = Replicator::start(url.clone(), j.path(), 0, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    (j, rep)
}

/// `tables` tables writing `rate` records a second each (0: flat out) for `secs`.
fn run(url: &PitUrl, tables: usize, rate: u32, secs: f64, label: &str) {
    let dir = tempfile::tempdir().expect("dir");
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut handles = Vec::new();
    for n in 0..tables {
        let (url, stop, dir) = (url.clone(), Arc::clone(&stop), dir.path().to_path_buf());
        let run = label.to_string();
        handles.push(std::thread::spawn(move || {
            let (mut j, rep) = table_log(&dir, n, &url, &run);
            let mut sim = Simulator::new(Game::ALL[n % 3], n as u64).expect("sim");
            let every = (rate > 0).then(|| Duration::from_secs_f64(1.0 / f64::from(rate)));
            // Tables start spread over one record's interval, as real tables would be.
            let offset = every.map_or(Duration::ZERO, |e| e.mul_f64(n as f64 / tables as f64));
            let mut sink = Paced { journal: &mut j, every, next: Instant::now() + offset, stop: &stop };
            while sim.run(1, &mut sink).is_ok() {}
            let written = j.next_seq() - 1;
            (rep, written)
        }));
    }
    std::thread::sleep(Duration::from_secs_f64(secs));
    stop.store(true, Ordering::Relaxed);
    let mut reps = Vec::new();
    let mut written = 0;
    for h in handles {
        let (rep, w) = h.join().expect("table");
        written += w;
        reps.push((rep, w));
    }
    let writing = started.elapsed().as_secs_f64();
    for (rep, last) in &reps {
        let s = rep.wait_holds(*last, Duration::from_secs(120));
        assert!(s.is_live(), "a table's pit is not live: {s:?}");
    }
    let drained = started.elapsed().as_secs_f64();
    let mut reader = PitReader::connect(url).expect("reader");
    let row = reader
        .client()
        .query_one(
            "SELECT count(*), \
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM received - at)), \
                    percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM received - at)), \
                    max(extract(epoch FROM received - at))::float8 \
               FROM sabot.records r JOIN sabot.shifts s USING (shift_id) \
              WHERE r.seq > 0 AND s.croupier = $1",
            &[&label],
        )
        .expect("lag");
    let count: i64 = row.get(0);
    let p50: f64 = row.get(1);
    let p99: f64 = row.get(2);
    let max: f64 = row.get(3);
    println!(
        "pit {label}: {tables} tables{}, {written} records written in {writing:.1} s, all in the pit after {drained:.1} s; \
         pit took {:.0} records/s; lag p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({count} records)",
        if rate > 0 { format!(" at {rate} records/s each") } else { " flat out".into() },
        written as f64 / drained,
        p50 * 1000.0,
        p99 * 1000.0,
        max * 1000.0,
    );
    for (rep, _) in reps {
        rep.stop();
    }
}

fn main() {
    let Some(bin) = pg::available() else { return };
    let args: Vec<String> = std::env::args().collect();
    let quick = !args.iter().any(|a| a == "--bench") || args.iter().any(|a| a == "--test");
    let cluster = pg::Cluster::start(&bin, true).expect("cluster");
    let db = cluster.fresh_db("bench").expect("db");
    let url = PitUrl::parse(&cluster.url(&db)).expect("url");
    pit::init(&url).expect("init");

    let (tables, rate, secs) = match std::env::var("SABOT_PIT_BENCH").ok() {
        Some(spec) => {
            let v: Vec<f64> = spec.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            assert_eq!(v.len(), 3, "SABOT_PIT_BENCH=TABLES,RATE,SECONDS");
            (v[0] as usize, v[1] as u32, v[2])
        }
        None if quick => (4, 10, 1.0),
        None => (50, 10, 20.0),
    };
    run(&url, tables, rate, secs, "live pace");
    run(&url, tables, 0, if quick { 0.5 } else { 10.0 }, "flat out");

    // One record from the table's log to the pit, one table, nothing else running.
    let dir = tempfile::tempdir().expect("dir");
    // Table 998 plays `Game::ALL[998 % 3]`, the game of the records prepared here.
    let (mut j, rep) = table_log(dir.path(), 998, &url, "one record");
    let mut sim = Simulator::new(Game::ALL[998 % 3], 1).expect("sim");
    let mut ops: Vec<(Op, Vec<Event>)> = Vec::new();
    struct Keep<'a>(&'a mut Vec<(Op, Vec<Event>)>);
    impl OpSink for Keep<'_> {
        fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
            self.0.push((op.clone(), events.to_vec()));
            Ok(())
        }
    }
    sim.run(3000, &mut Keep(&mut ops)).expect("coups");
    let mut next = ops.into_iter();
    let mut c = Criterion::default().configure_from_args().sample_size(10).measurement_time(Duration::from_secs(3));
    c.bench_function("pit: one record, synced locally and stored in the pit", |b| {
        b.iter(|| {
            let (op, events) = next.next().expect("enough records prepared");
            let seq = j.append(&op, &events).expect("append");
            while rep.state().pit_seq.is_none_or(|p| p < seq) {
                std::thread::yield_now();
            }
        })
    });
    c.final_summary();
}
