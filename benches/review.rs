//! The pit boss's review: opening and summing up shift logs (`journal::summary`,
//! read on the review's worker thread, every coup kept for the table). Targets in
//! release: a 10,000-coup log opened and summed up under 300 ms; 30 shift logs of
//! 600 coups each, together, under 1 s.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use sabot::app::review::Review;
use sabot::journal::summary::{self, Options};
use std::path::PathBuf;

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
