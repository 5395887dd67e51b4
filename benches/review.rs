//! The pit boss's review: opening and summing up shift logs (`reports::summary`,
//! read on the review's worker thread, every coup kept for the table). Targets in
//! release: a 10,000-coup log opened and summed up under 300 ms; 30 shift logs of
//! 600 coups each, together, under 1 s.
//!
//! Memory, measured by counting every allocation (all threads) before the timings:
//! summing up a log is read as a stream in blocks, so its peak does not grow with the
//! log (a 30,000-coup log, three times the size, within 8 MiB of a 10,000-coup one,
//! the difference being the fixtures' longer sabot); the review keeps one row per
//! coup for its table, and nothing else per coup (under 1 KiB a coup kept; while
//! reading, no more than summing up plus those rows). The bench stops with the figures when a target is missed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/counting.rs"]
mod counting;

use counting::{IN_USE, peak_of};
use criterion::{Criterion, criterion_group, criterion_main};
use sabot::app::review::Review;
use sabot::reports::summary::{self, Options};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

/// The memory targets above; stops the bench with the figures when one is missed.
fn memory(big: &PathBuf, bigger: &PathBuf) {
    const MIB: usize = 1 << 20;
    let size = |p: &PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
    let (_, big_peak) = peak_of(|| summary::summarise(big, Options::default()).expect("summary"));
    let (_, bigger_peak) = peak_of(|| summary::summarise(bigger, Options::default()).expect("summary"));
    println!(
        "memory: summing up 10,000 coups ({} bytes of log) peaks at {big_peak} bytes; 30,000 coups ({} bytes) at {bigger_peak} bytes",
        size(big),
        size(bigger)
    );
    // The fixtures' sabot grows with their coups (1,256 decks for 10,000 coups, 3,756
    // for 30,000), and the header and the table hold it whole: that, not the records,
    // is what the larger log adds. A real sabot has 6 or 8 decks.
    assert!(
        bigger_peak <= big_peak + 8 * MIB,
        "summing up grows with the log: {big_peak} bytes for 10,000 coups, {bigger_peak} for 30,000"
    );
    let base = IN_USE.load(Ordering::Relaxed);
    let (r, open_peak) = peak_of(|| open(std::slice::from_ref(big)));
    let kept = IN_USE.load(Ordering::Relaxed).saturating_sub(base);
    let per_coup = kept / r.shifts[0].coups.len();
    println!(
        "memory: the review of 10,000 coups keeps {kept} bytes ({per_coup} a coup), at most {open_peak} while reading"
    );
    assert!(
        open_peak <= big_peak + kept + 6 * MIB,
        "reading for the review takes more than summing up and its rows: {open_peak} bytes"
    );
    assert!(per_coup < 1024, "the review keeps {per_coup} bytes a coup (target: under 1 KiB)");
}

fn open(paths: &[PathBuf]) -> Review {
    let mut r = Review::without_dialog();
    r.open(paths.to_vec(), None);
    r.wait();
    assert_eq!(r.shifts.len(), paths.len());
    r
}

fn review(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.sabotlog");
    common::write_many_unsynced(&big, 10_000, 7);
    let bigger = dir.path().join("bigger.sabotlog");
    common::write_many_unsynced(&bigger, 30_000, 8);
    memory(&big, &bigger);
    let many: Vec<PathBuf> = (0..30)
        .map(|i| {
            let p = dir.path().join(format!("shift-{i}.sabotlog"));
            common::write_many_unsynced(&p, 600, 100 + i);
            p
        })
        .collect();
    let mut g = c.benchmark_group("review");
    g.sample_size(10);
    g.bench_function("summarise a 10,000-coup log", |b| {
        b.iter(|| summary::summarise(&big, Options::default()).expect("summary"))
    });
    g.bench_function("open and summarise a 10,000-coup log in the review", |b| {
        b.iter(|| {
            let r = open(std::slice::from_ref(&big));
            assert_eq!(r.shifts[0].coups.len(), 10_000);
            r
        })
    });
    g.bench_function("open 30 logs of 600 coups together in the review", |b| b.iter(|| open(&many)));
    g.finish();
}

criterion_group!(benches, review);
criterion_main!(benches);
