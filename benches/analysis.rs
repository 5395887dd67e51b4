//! Speed of the exact analysis (issue #7): `cargo bench --bench analysis`.
//!
//! Targets on this machine, release build: the full 8-deck Punto y Banca odds under
//! 20 ms; a banker's decision against two paños under 1 ms.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use criterion::{Criterion, criterion_group, criterion_main};
use sabot::analysis::banker::{BankerView, FivePlay, PanoPlay, PanoView, Seen};
use sabot::analysis::{Composition, chemin, punto_banca};
use sabot::engine::settings::TieRule;
use sabot::engine::{Money, Rate, Rounding};
use std::hint::black_box;

fn two_panos() -> BankerView {
    // Bank 5 (5 and a ten) against paño 1 that drew a 4 (the O cell) and paño 2 that
    // stood, 8 decks, paños mixing on 5: the hardest case (two hidden hands).
    let shoe = Composition::decks(8).and_then(|c| c.without(&[5, 0, 4]));
    let unseen = match shoe {
        Ok(c) => c,
        Err(e) => panic!("bench set-up: {e}"),
    };
    let play = PanoPlay::standard(FivePlay::Mix(0.5));
    BankerView {
        unseen,
        bank: 5,
        panos: [
            Some(PanoView { seen: Seen::Drew(4), stake: Money::units(100), play }),
            Some(PanoView { seen: Seen::Stood, stake: Money::units(300), play }),
        ],
        tie: TieRule::Push,
        cagnotte: Rate::five_percent(),
        rounding: Rounding::default(),
    }
}

fn bench(c: &mut Criterion) {
    let eight = Composition::decks(8).expect("8 decks");
    c.bench_function("punto_banca_odds_8_decks", |b| b.iter(|| punto_banca::odds(black_box(&eight), 5).expect("odds")));
    let view = two_panos();
    c.bench_function("banker_decision_two_panos", |b| b.iter(|| black_box(&view).advise().expect("advice")));
    let mut one = two_panos();
    one.panos[1] = None;
    c.bench_function("banker_decision_chemin_de_fer", |b| b.iter(|| black_box(&one).advise().expect("advice")));
    let six = Composition::decks(6).expect("6 decks");
    c.bench_function("chemin_de_fer_solve_6_decks", |b| b.iter(|| chemin::solve(black_box(&six)).expect("solve")));
}

criterion_group!(benches, bench);
criterion_main!(benches);
