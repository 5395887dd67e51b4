//! Unit tests of `served`: every count figure against a brute-force enumeration of
//! every outcome, on small cases of unequal sizes.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The true law of the served count by enumerating every outcome: each departure
/// (chance `lapse`) and, in each free cell, every way of the chooser's `n` choices
/// (each a draw with chance `p_draw`; choices `0..a` are where drawing serves him,
/// `a..a + b` standing, the rest mattered not), given, where `n` is at least
/// `HABIT_LEAST`, that they were not all the same.
fn brute(g: &Gathered, lapse: f64) -> Vec<f64> {
    let top = g.mattered() as usize;
    let mut law = vec![0.0; top + 1];
    for mask in 0..(1u32 << g.bound) {
        let k = mask.count_ones();
        let p = lapse.powi(k as i32) * (1.0 - lapse).powi((g.bound - k) as i32);
        law[k as usize] += p;
    }
    for c in &g.free {
        let mut cell = vec![0.0; top + 1];
        for m in 0..(1u32 << c.n) {
            let d = m.count_ones();
            if c.n >= HABIT_LEAST && (d == 0 || d == c.n) {
                continue;
            }
            let p = c.p_draw.powi(d as i32) * (1.0 - c.p_draw).powi((c.n - d) as i32);
            let drew = |i: u32| (m >> i) & 1 == 1;
            let served = (0..c.his_draw).filter(|&i| drew(i)).count()
                + (c.his_draw..c.his_draw + c.his_stand).filter(|&i| !drew(i)).count();
            cell[served] += p;
        }
        let total: f64 = cell.iter().sum();
        let mut next = vec![0.0; top + 1];
        for (s, p) in law.iter().enumerate().filter(|(_, p)| **p > 0.0) {
            for (v, q) in cell.iter().enumerate().filter(|(_, q)| **q > 0.0) {
                if s + v <= top {
                    next[s + v] += p * q / total;
                }
            }
        }
        law = next;
    }
    law
}

/// A random case, and one outcome of it: departures and each cell's draws placed at
/// random (not all the same way where the cell has `HABIT_LEAST` choices or more: such
/// a cell is a habit, left out before the figure).
fn random_case(rng: &mut ChaCha8Rng) -> Gathered {
    let bound = rng.random_range(0..=8);
    let cells = rng.random_range(0..=3);
    let free = (0..cells)
        .map(|_| {
            let n: u32 = rng.random_range(1..=8);
            let a = rng.random_range(0..=n);
            let b = rng.random_range(0..=n - a);
            let p_draw = [0.5, 0.3, 0.8][rng.random_range(0..3)];
            loop {
                let drew: Vec<bool> = (0..n).map(|_| rng.random_bool(p_draw)).collect();
                let d = drew.iter().filter(|x| **x).count() as u32;
                let mut c = FreeCell { n, drew: d, p_draw, his_draw: a, his_stand: b, ..FreeCell::default() };
                if c.constant() {
                    continue;
                }
                c.drew_his_draw = (0..a).filter(|&i| drew[i as usize]).count() as u32;
                c.drew_his_stand = (a..a + b).filter(|&i| drew[i as usize]).count() as u32;
                return c;
            }
        })
        .collect();
    let departed = (0..bound).filter(|_| rng.random_bool(0.3)).count() as u32;
    Gathered { bound, departed, free }
}

/// Issue 49: the served count's chance is exact, and equal to brute force, on 400
/// random small cases (departures at unequal lapse rates, free cells of unequal sizes
/// and chances, with choices that mattered to him and others that did not, given they
/// were no habit); and the least chance
/// the figure could have had is the chance of its largest count.
#[test]
fn the_count_s_chance_is_brute_force_s() {
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    for case in 0..400 {
        let g = random_case(&mut rng);
        let lapse = [0.01, 0.05, 0.3][case % 3];
        let truth = brute(&g, lapse);
        let got = g.chance(lapse);
        let want: f64 = if g.served() == 0 { 1.0 } else { truth.iter().skip(g.served() as usize).sum() };
        assert_eq!(got.kind, crate::analysis::tail::Kind::Exact, "{g:?}");
        assert!((got.p - want).abs() <= 1e-12 * want + 1e-15, "{g:?}: {} vs {want}", got.p);
        let top: f64 = *truth.iter().rev().find(|p| **p > 0.0).unwrap_or(&1.0);
        let least = g.least_chance(lapse);
        assert!((least - top).abs() <= 1e-12 * top + 1e-300, "{g:?}: {least} vs {top}");
    }
}

/// A long figure drops terms far in the tails: what it says is then an upper bound,
/// never under the exact chance (here, a binomial of 20,000 choices, its tail
/// summed exactly by `tail::binomial_tail`).
#[test]
fn a_pruned_count_is_an_upper_bound() {
    let g = Gathered { bound: 20_000, departed: 300, free: Vec::new() };
    let got = g.chance(0.01);
    let exact = crate::analysis::tail::binomial_tail(20_000, 300, 0.01);
    assert!(got.p >= exact.p * (1.0 - 1e-9), "{got:?} {exact:?}");
    assert!(got.p <= exact.p * 1.000_001 + 1e-25, "{got:?} {exact:?}");
}

/// A situation of `WHOLE_CELL` choices or more is weighed unconditioned, its chance
/// multiplied by `1 / P(not all the same way)`: never under the exact conditioned
/// chance, and within a hair of it.
#[test]
fn a_large_situation_is_an_upper_bound_within_a_hair() {
    for (n, a, b, p) in [(40u32, 20u32, 10u32, 0.5), (45, 30, 15, 0.5), (60, 10, 40, 0.3), (200, 90, 90, 0.5)] {
        for served in [a / 2, (a + b) / 2, a + b - 3, a + b] {
            let mut c = FreeCell { n, drew: n / 2, p_draw: p, his_draw: a, his_stand: b, ..FreeCell::default() };
            // `served` of them: draws where drawing is his first, then stands.
            c.drew_his_draw = served.min(a);
            c.drew_his_stand = b - (served - c.drew_his_draw).min(b);
            let g = Gathered { bound: 0, departed: 0, free: vec![c] };
            let got = g.chance(0.01);
            // The exact conditioned law, every term.
            let (lo, ln) = c.terms();
            let total = ln.iter().fold(f64::NEG_INFINITY, |x, &y| crate::analysis::tail::ln_add(x, y));
            let from = usize::try_from(i64::from(c.served()) - lo).unwrap_or(0);
            let exact: f64 = ln.iter().skip(from).map(|t| (t - total).exp()).sum();
            assert!(got.p >= exact * (1.0 - 1e-12), "{c:?}: {got:?} < {exact}");
            assert!(got.p <= exact * (1.0 + 1e-9) + 1e-300, "{c:?}: {got:?} vs {exact}");
        }
    }
}
