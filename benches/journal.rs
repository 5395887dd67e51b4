//! The shift log's costs: appending one coup's records, each synced; verifying and
//! replaying a 10,000-coup log (target: verify under 300 ms in release); verify,
//! report and export of a big simulated log, read a block at a time (targets, at a
//! million coups: verify's peak memory under 64 MB, report and export within 1.5×
//! of verify).
//!
//! The big log's size is `SABOT_BENCH_BIG_COUPS` coups (default 20,000, so that CI's
//! `cargo test --benches` stays quick and small on disk); the issue's size is
//! 1,000,000 coups, about 4.7 GB, built in the folder `SABOT_BENCH_DIR` (default the
//! system's temporary folder):
//!
//! ```sh
//! SABOT_BENCH_BIG_COUPS=1000000 SABOT_BENCH_DIR=/var/tmp cargo bench --bench journal -- big
//! ```
//!
//! Peak memory is best measured on the command itself, by hand:
//! `/usr/bin/time -v target/release/sabot verify BIG.sabotlog` ("Maximum resident set
//! size"); the benchmark prints this process's own peak (VmHWM) after each step.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

#[path = "../tests/common/mod.rs"]
mod common;

use common::Dealer;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use sabot::engine::{Event, Op};
use sabot::journal::{self, Journal};
use std::path::Path;

/// One coup's operations and events, as the table made them.
fn one_coup(seed: u64) -> Vec<(Op, Vec<Event>)> {
    let mut d = Dealer::new(seed);
    let mut t = d.table();
    let ops = d.coup(&mut t.clone());
    ops.into_iter()
        .map(|op| {
            let events = t.play(&op).expect("play");
            (op, events)
        })
        .collect()
}

fn append(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut n = 0u64;
    let mut g = c.benchmark_group("journal");
    g.sample_size(20);
    g.bench_function("append one coup, each record synced", |b| {
        b.iter_batched(
            || {
                n += 1;
                let d = Dealer::new(n);
                let j = Journal::create(dir.path().join(format!("{n}.sabotlog")), d.header(false)).expect("create");
                (j, one_coup(n))
            },
            |(mut j, records)| {
                for (op, events) in &records {
                    j.append(op, events).expect("append");
                }
                j
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

/// A log of `coups` coups.
pub fn build_log(path: &Path, coups: u32, seed: u64) -> u64 {
    common::write_many_unsynced(path, coups, seed)
}

fn verify(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.sabotlog");
    let records = build_log(&path, 10_000, 42);
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!("10,000-coup log: {records} records, {bytes} bytes");
    // On a shared machine wall time depends on the load: the CPU time this process
    // spent is what verify costs on an idle one.
    for (what, f) in [
        ("verify", (|p: &Path| journal::verify(p).is_ok()) as fn(&Path) -> bool),
        ("replay", |p: &Path| journal::replay(p).is_ok()),
    ] {
        let before = cpu_ms();
        let wall = std::time::Instant::now();
        assert!(f(&path));
        if let (Some(a), Some(b)) = (before, cpu_ms()) {
            eprintln!("{what} 10,000 coups: CPU {} ms, wall {} ms", b - a, wall.elapsed().as_millis());
        }
    }
    let mut g = c.benchmark_group("journal");
    g.sample_size(10);
    g.bench_function("verify a 10,000-coup log (re-play every coup)", |b| {
        b.iter(|| {
            let r = journal::verify(&path);
            assert!(r.is_ok());
            r
        })
    });
    g.bench_function("replay a 10,000-coup log (apply the events)", |b| {
        b.iter(|| journal::replay(&path).expect("replay"))
    });
    g.finish();
}

/// The big log's size in coups.
const BIG_VAR: &str = "SABOT_BENCH_BIG_COUPS";
/// Where the big log is built.
const DIR_VAR: &str = "SABOT_BENCH_DIR";

fn big(c: &mut Criterion) {
    let coups: u32 = std::env::var(BIG_VAR).ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let dir = match std::env::var_os(DIR_VAR) {
        Some(d) => tempfile::tempdir_in(d),
        None => tempfile::tempdir(),
    }
    .expect("tempdir");
    let path = dir.path().join("big.sabotlog");
    let records = common::write_simulated_unsynced(&path, coups, 7);
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!("{coups}-coup log: {records} records, {bytes} bytes; peak memory so far {} kB", peak_kb().unwrap_or(0));
    let last = coups.saturating_sub(1).max(1);
    let steps: [(&str, Step); 3] = [
        ("verify", Box::new(|p: &Path| journal::verify(p).is_ok())),
        ("report", Box::new(|p: &Path| sabot::reports::report::report(p).is_ok())),
        ("export", Box::new(move |p: &Path| sabot::reports::export::export_coup(p, last).is_ok())),
    ];
    for (what, f) in &steps {
        let before = cpu_ms();
        let wall = std::time::Instant::now();
        assert!(f(&path), "{what}");
        if let (Some(a), Some(b)) = (before, cpu_ms()) {
            eprintln!(
                "{what} {coups} coups: CPU {} ms, wall {} ms, peak memory so far {} kB",
                b - a,
                wall.elapsed().as_millis(),
                peak_kb().unwrap_or(0)
            );
        }
    }
    let mut g = c.benchmark_group("journal big");
    g.sample_size(10);
    for (what, f) in &steps {
        g.bench_function(format!("{what} a {coups}-coup log"), |b| b.iter(|| assert!(f(&path))));
    }
    g.finish();
}

/// One thing done with a log: whether it went well.
type Step = Box<dyn Fn(&Path) -> bool>;

/// This process's peak resident memory (VmHWM), from /proc (Linux only).
fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// This process's CPU time (user and system) so far, from /proc (Linux only).
fn cpu_ms() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks * 10) // 100 ticks a second on Linux
}

/// The floor following a long shift in the pit: one more coup's records taken onto a
/// shift of 10,000 coups already followed (`summary::Follower`, each record read
/// once), against summing the whole shift again as the floor did before (target: the
/// look's cost flat in the shift's length).
fn follow(c: &mut Criterion) {
    use sabot::reports::summary::{self, Follower};
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("long.sabotlog");
    build_log(&path, 10_010, 43);
    let bytes = std::fs::read(&path).expect("log");
    let lines: Vec<&[u8]> = bytes.split_inclusive(|b| *b == b'\n').collect();
    // The last coup's records (about a dozen) arrive at the look.
    let cut = lines.len() - 12;
    let before: Vec<u8> = lines[..cut].concat();
    let after: Vec<u8> = lines[cut..].concat();
    let opts = sabot::analysis::protection::Options::default();
    let mut followed = Follower::new(&path, sabot::journal::scan::Restart::default(), Some(opts));
    followed.take(&before).expect("followed");
    let mut g = c.benchmark_group("floor");
    g.sample_size(10);
    g.bench_function("a coup more onto a followed 10,000-coup shift", |b| {
        b.iter_batched(
            || followed.clone(),
            |mut f| {
                f.take(&after).expect("taken");
                f.now().expect("now").summary.records
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("the whole 10,000-coup shift summed again", |b| {
        b.iter(|| {
            let mut src = std::io::Cursor::new(bytes.as_slice());
            summary::summarise_with_table(&path, &mut src, bytes.len() as u64, None).expect("sum").0.records
        })
    });
    g.finish();
}

criterion_group!(benches, append, verify, big, follow);
criterion_main!(benches);
