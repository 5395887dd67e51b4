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
//!
//! Then the pit commands on a big log: `sabot pit push` and `sabot verify --pit` run
//! as commands (the binary cargo built), each one's peak memory (its maximum resident
//! set) and time printed. The log has `SABOT_PIT_BENCH_BIG_COUPS` coups (2,000 by
//! default; the target is measured at 1,000,000, about 4.7 GB, written in
//! `SABOT_BENCH_DIR`, default the system's temporary folder; target: each command
//! under 100 MB):
//!
//! ```sh
//! SABOT_PIT_BENCH_BIG_COUPS=1000000 SABOT_BENCH_DIR=/var/tmp cargo bench --bench pit
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

#[path = "../tests/common/mod.rs"]
mod common;
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
    let label_owned = label.to_string();
    let row = reader
        .call(move |c| {
            c.query_one(
                "SELECT count(*), \
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM received - at)), \
                    percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM received - at)), \
                    max(extract(epoch FROM received - at))::float8 \
               FROM sabot.records r JOIN sabot.shifts s USING (shift_id) \
              WHERE r.seq > 0 AND s.croupier = $1",
                &[&label_owned],
            )
        })
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

/// Runs the sabot binary with `args`; its exit status, wall time and peak memory (kB).
// The child is waited for by `wait4`, which also gives its peak memory.
#[cfg(unix)]
#[allow(clippy::zombie_processes)]
fn measured(args: &[&str]) -> (i32, Duration, i64) {
    let t = Instant::now();
    // `SABOT_BIN`: another build of the binary to measure (a copy of this one).
    let exe = std::env::var_os("SABOT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_sabot").into());
    let child = std::process::Command::new(exe)
        .args(args)
        .env("LANG", "C")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("sabot");
    let mut status = 0;
    // SAFETY: waits for this process's own child, with buffers it owns.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    (libc::WEXITSTATUS(status), t.elapsed(), usage.ru_maxrss)
}

/// Elsewhere (the Windows check of every target): the status and the time, no peak
/// memory (0).
#[cfg(not(unix))]
fn measured(args: &[&str]) -> (i32, Duration, i64) {
    let t = Instant::now();
    let exe = std::env::var_os("SABOT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_sabot").into());
    let status = std::process::Command::new(exe)
        .args(args)
        .env("LANG", "C")
        .stdout(std::process::Stdio::null())
        .status()
        .expect("sabot");
    (status.code().unwrap_or(-1), t.elapsed(), 0)
}

/// `pit push` and `verify --pit` of a big log: time and peak memory.
fn big(raw_url: &str, quick: bool) {
    let coups: u32 = std::env::var("SABOT_PIT_BENCH_BIG_COUPS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let dir = match std::env::var_os("SABOT_BENCH_DIR") {
        Some(d) => tempfile::tempdir_in(d),
        None => tempfile::tempdir(),
    }
    .expect("dir");
    let log = dir.path().join("big.sabotlog");
    let records = common::write_simulated_unsynced(&log, coups, 7);
    let bytes = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
    println!("pit big: {coups}-coup log, {records} records, {} MB", bytes >> 20);
    let log = log.to_str().expect("utf8 path");
    let (status, took, peak_kb) = measured(&["pit", "push", raw_url, log]);
    let mut reader = PitReader::connect(&PitUrl::parse(raw_url).expect("url")).expect("reader");
    let held =
        reader.shifts().expect("shifts").iter().find(|s| s.croupier == "simulator").map_or(0, |s| s.last_seq + 1);
    println!(
        "pit big: `sabot pit push` exit {status} in {:.1} s ({held} records in the pit, {:.0} records/s), peak memory {} MB",
        took.as_secs_f64(),
        held as f64 / took.as_secs_f64(),
        peak_kb / 1024
    );
    let (vstatus, vtook, vpeak_kb) = measured(&["verify", "--pit", raw_url, log]);
    println!(
        "pit big: `sabot verify --pit` exit {vstatus} in {:.1} s, peak memory {} MB",
        vtook.as_secs_f64(),
        vpeak_kb / 1024
    );
    if quick && coups <= 20_000 {
        assert_eq!((status, vstatus), (0, 0), "a small log is pushed whole and matches");
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
    if std::env::var_os("SABOT_PIT_BENCH_BIG_ONLY").is_some() {
        big(&cluster.url(&db), quick);
        return;
    }
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
    big(&cluster.url(&db), quick);
}
