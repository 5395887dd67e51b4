//! The shift log's costs: appending one coup's records, each synced; verifying and
//! replaying a 10,000-coup log (target: verify under 300 ms in release).

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

/// This process's CPU time (user and system) so far, from /proc (Linux only).
fn cpu_ms() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks * 10) // 100 ticks a second on Linux
}

criterion_group!(benches, append, verify);
criterion_main!(benches);
