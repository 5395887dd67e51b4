//! Unit tests of `tail`: every figure against a brute-force enumeration of every
//! outcome, on small cases with random, unequal amounts and chances.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The true `P(S ≥ s)` by enumerating all `2ⁿ` outcomes.
fn brute(items: &[([f64; 2], [f64; 2])], s: f64) -> f64 {
    let n = items.len();
    let mut total = 0.0;
    for mask in 0..(1u32 << n) {
        let (mut sum, mut p) = (0.0, 1.0);
        for (i, (v, c)) in items.iter().enumerate() {
            let o = ((mask >> i) & 1) as usize;
            sum += v[o];
            p *= c[o];
        }
        if sum >= s - 1e-9 * (1.0 + s.abs()) {
            total += p;
        }
    }
    total
}

fn random_items(rng: &mut ChaCha8Rng, n: usize) -> Vec<([f64; 2], [f64; 2])> {
    (0..n)
        .map(|_| {
            // Amounts from cents to thousands, often one of them 0 (the best option).
            let scale = 10f64.powf(rng.random_range(-2.0..3.5));
            let a = if rng.random_bool(0.5) { 0.0 } else { rng.random_range(0.0..1.0) * scale };
            let b = rng.random_range(0.0..1.0) * scale;
            let p = match rng.random_range(0..4) {
                0 => 0.5,
                1 => 0.99,
                2 => 0.01,
                _ => rng.random_range(0.05..0.95),
            };
            ([a, b], [p, 1.0 - p])
        })
        .collect()
}

/// The bound is never under the true chance, and where it is called exact it is the
/// true chance; over random cases of 1 to 14 items (exact), and 17 or 18 (the bound),
/// each observed sum one of the outcomes.
#[test]
fn figures_are_exact_or_above_the_truth_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    let mut bounds = 0;
    let mut ratios = Vec::new();
    for case in 0..400 {
        let n = if case % 2 == 0 { rng.random_range(1..=14) } else { rng.random_range(17..=18) };
        let items = random_items(&mut rng, n);
        let chosen: Vec<usize> = (0..n).map(|_| usize::from(rng.random_bool(0.6))).collect();
        let mut t = Tail::default();
        for ((v, c), &o) in items.iter().zip(&chosen) {
            t.add(v[o], *v, *c);
        }
        let truth = brute(&items, t.observed);
        let got = t.chance();
        match got.kind {
            Kind::Exact => assert!((got.p - truth).abs() <= 1e-9 * truth.max(1e-300), "{n}: {got:?} vs {truth}"),
            Kind::Bound => {
                bounds += 1;
                assert!(got.p >= truth * (1.0 - 1e-9), "{n}: {got:?} under the truth {truth}");
                if got.p < 0.05 {
                    ratios.push(got.p / truth);
                }
            }
        }
        if n <= EXACT_ITEMS {
            assert_eq!(got.kind, Kind::Exact, "{n} items");
        }
    }
    assert!(bounds > 100, "{bounds}");
    // Where it matters (under 5 %), the bound is close to the truth: the rounded
    // convolution's.
    ratios.sort_by(f64::total_cmp);
    assert!(!ratios.is_empty());
    let median = ratios[ratios.len() / 2];
    assert!(median < 1.5, "{} bounds under 5 %: median bound/truth {median}: {ratios:?}", ratios.len());
}

/// The case: three even-odds choices, all the worse, with unequal amounts: 1 in
/// 8 exactly, where the old search said «under 1 in a billion».
#[test]
fn three_worse_choices_of_unequal_amounts_are_one_in_eight() {
    let mut t = Tail::default();
    for g in [17.3, 2_406.91, 0.84] {
        t.add(g, [0.0, g], [0.5, 0.5]);
    }
    let c = t.chance();
    assert_eq!(c.kind, Kind::Exact);
    assert!((c.p - 0.125).abs() < 1e-12, "{c:?}");
}

/// Past the exact size, the bound stays sound at the extremes: every one of 60 even-odds
/// choices the worse (2⁻⁶⁰, the limit of the bound), amounts spread over six decades; and
/// a long honest-looking run is not called unlikely.
#[test]
fn the_bound_is_stable_for_large_sums() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut t = Tail::default();
    for _ in 0..60 {
        let g = 10f64.powf(rng.random_range(-2.0..4.0));
        t.add(g, [0.0, g], [0.5, 0.5]);
    }
    let c = t.chance();
    assert_eq!(c.kind, Kind::Bound);
    assert!((c.p - 2f64.powi(-60)).abs() < 1e-6 * 2f64.powi(-60), "{c:?}");
    // Half the worse, alternately: about the mean, a chance near 1.
    let mut t = Tail::default();
    for i in 0..200 {
        let g = 10f64.powf(rng.random_range(-2.0..4.0));
        t.add(if i % 2 == 0 { g } else { 0.0 }, [0.0, g], [0.5, 0.5]);
    }
    assert!(t.chance().p > 0.01, "{:?}", t.chance());
}

/// The binomial tail, against the sum of its terms in plain arithmetic where that is
/// exact enough, and at sizes where plain arithmetic underflows.
#[test]
fn binomial_tail_is_exact() {
    let plain = |n: u32, k: u32, p: f64| -> f64 {
        let mut c = 1.0f64;
        let mut total = 0.0;
        for j in 0..=n {
            if j >= k {
                total += c * p.powi(j as i32) * (1.0 - p).powi((n - j) as i32);
            }
            c = c * f64::from(n - j) / f64::from(j + 1);
        }
        total
    };
    for (n, k, p) in [(10, 3, 0.5), (40, 0, 0.1), (40, 1, 0.01), (200, 9, 0.01), (120, 30, 0.2), (5, 6, 0.5)] {
        let got = binomial_tail(n, k, p);
        let want = plain(n, k, p);
        assert!((got.p - want).abs() <= 1e-10 * want.max(1e-300), "{n} {k} {p}: {got:?} {want}");
    }
    // 165 departures out of 900 at 1 %: far below anything plain arithmetic keeps apart.
    let tiny = binomial_tail(900, 165, 0.01).p;
    assert!(tiny > 0.0 && tiny < 1e-100, "{tiny}");
    assert!(binomial_tail(900, 1, 0.01).p > 0.99);
}

/// Bonferroni: the chance times the figures weighed, capped at 1, never called exact.
#[test]
fn corrected_for_the_figures_weighed() {
    let c = Chance::exact(0.001).times(20);
    assert_eq!(c.kind, Kind::Bound);
    assert!((c.p - 0.02).abs() < 1e-15);
    assert_eq!(Chance::exact(0.2).times(20).p, 1.0);
}
