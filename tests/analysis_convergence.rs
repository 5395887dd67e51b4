//! `sabot simulate` converging to the exact odds (issue #7): Punto y Banca coups played
//! through the engine by the simulator, shoe after shoe to the cut card, against the
//! exact odds of a full shoe (R-PB-7). The simulator deals whole shoes, so its long-run
//! frequencies are shoe averages; they agree with the full-shoe odds far inside the
//! sampling error of a million coups (about ±0.0005).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::analysis::{Composition, punto_banca};
use sabot::engine::{Game, TableSettings};
use sabot::sim::{NoSink, Simulator};

/// (banker, player, tie) frequencies over `coups` simulated coups, and the exact odds.
fn simulated_and_exact(decks: u8, coups: u32, seed: u64) -> ([f64; 3], [f64; 3]) {
    let mut settings = TableSettings::new(Game::PuntoBanca);
    settings.decks = decks;
    let mut sim = Simulator::with_settings(settings, seed).expect("simulator");
    let r = sim.run(coups, &mut NoSink).expect("simulation").clone();
    let n = f64::from(r.coups);
    let freq = [f64::from(r.banca_wins) / n, f64::from(r.punto_wins) / n, f64::from(r.ties) / n];
    let o = punto_banca::odds(&Composition::decks(i64::from(decks)).expect("decks"), 5).expect("odds");
    (freq, [o.p_banker(), o.p_player(), o.p_tie()])
}

/// A short run in every test pass: each frequency within five standard errors.
#[test]
fn simulated_punto_banca_agrees_with_the_exact_odds_r_pb_7() {
    let coups = 20_000;
    let (freq, exact) = simulated_and_exact(6, coups, 7);
    for (f, p) in freq.iter().zip(exact) {
        let sigma = (p * (1.0 - p) / f64::from(coups)).sqrt();
        assert!((f - p).abs() < 5.0 * sigma, "simulated {f} exact {p} (σ {sigma})");
    }
}

/// The README's figure: a million coups at 6 and at 8 decks, and the gap to the exact
/// odds. Run it in release: `cargo test --release --test all analysis_convergence:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn a_million_coups_gap_r_pb_7() {
    let coups = 1_000_000;
    for decks in [6, 8] {
        let (freq, exact) = simulated_and_exact(decks, coups, 2025);
        let names = ["banker", "player", "tie"];
        for i in 0..3 {
            let sigma = (exact[i] * (1.0 - exact[i]) / f64::from(coups)).sqrt();
            println!(
                "{decks} decks {}: simulated {:.6} exact {:.6} gap {:+.6} ({:+.2} σ)",
                names[i],
                freq[i],
                exact[i],
                freq[i] - exact[i],
                (freq[i] - exact[i]) / sigma
            );
            assert!((freq[i] - exact[i]).abs() < 5.0 * sigma);
        }
    }
}
