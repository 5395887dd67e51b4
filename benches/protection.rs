#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly
//! Game protection (issue 28): a 1,000-coup Banque shift weighed from its log in under
//! 1 s. The log is written once (`sabot simulate --banker colluding:3 --log`, a banker
//! who never asks for the table: a choice at nearly every coup, the most work) and
//! every choice in it weighed: the log read, each record's table rebuilt, every bank's
//! choice enumerated exactly.

use criterion::{Criterion, criterion_group, criterion_main};
use sabot::analysis::protection::Options;
use sabot::cli::simulate::{BankerArg, simulate_cli_in};
use sabot::engine::{Game, TableSettings};
use std::hint::black_box;
use std::time::Duration;

fn weigh(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("protection");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for (name, banker) in [("colluding", BankerArg::Colluding(3)), ("random", BankerArg::Random)] {
        let log = dir.path().join(format!("{name}.sabotlog"));
        let mut out = Vec::new();
        let status = simulate_cli_in(
            TableSettings::new(Game::Banque),
            1000,
            7,
            banker,
            Some(&log),
            None,
            sabot::i18n::Lang::En,
            &mut out,
        );
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
        let p = sabot::reports::protection::weigh(&log, Options::default()).unwrap();
        eprintln!("{name}: {} choices weighed, {} not", p.decisions.len(), p.unweighed);
        assert!(p.decisions.len() > 300);
        g.bench_function(format!("banque_1000_coups_{name}"), |b| {
            b.iter(|| black_box(sabot::reports::protection::weigh(&log, Options::default()).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, weigh);
criterion_main!(benches);
