//! Unit tests of `directed`: the figure against a brute-force enumeration of every
//! placement of the chooser's departures, on small cases of unequal sizes.

use super::*;
use crate::analysis::tail::Kind;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every placement of each stratum's departures among its choices (the first
/// `could_serve` positions serve the party), counted one by one, the strata independent:
/// the chance that as many serve him as observed, or more, and the chance of the most
/// that can.
fn brute(d: &Directed) -> (f64, f64) {
    let strata: Vec<Sides> = d.strata.iter().copied().filter(Sides::informative).collect();
    let mut law = vec![1.0f64];
    for s in &strata {
        // How many placements put x departures where they serve him.
        let mut count = vec![0u64; s.could_serve as usize + 1];
        for m in (0..(1u32 << s.choices())).filter(|m| m.count_ones() == s.departures()) {
            count[(m & ((1u32 << s.could_serve) - 1)).count_ones() as usize] += 1;
        }
        let all: u64 = count.iter().sum();
        let mut next = vec![0.0; law.len() + count.len() - 1];
        for (i, a) in law.iter().enumerate() {
            for (j, c) in count.iter().enumerate() {
                next[i + j] += a * *c as f64 / all as f64;
            }
        }
        law = next;
    }
    let need: usize = strata.iter().map(|s| s.served as usize).sum();
    let top = law.iter().rev().copied().find(|p| *p > 0.0).unwrap_or(1.0);
    (if need == 0 { 1.0 } else { law.iter().skip(need).sum() }, top)
}

fn random_sides(rng: &mut ChaCha8Rng) -> Sides {
    let could_serve = rng.random_range(0..=7);
    let could_hurt = rng.random_range(0..=6);
    let served = rng.random_range(0..=could_serve);
    let hurt = rng.random_range(0..=could_hurt);
    Sides { could_serve, served, could_hurt, hurt }
}

/// Issue 49: the directed figure is exact, and equal to brute force, on 400 random
/// small cases of one to three strata of unequal sizes (some with nothing to weigh:
/// one kind of choice only, no departure, or every choice departed); and its least
/// chance is the chance that every departure that could serve him did.
#[test]
fn the_directed_figure_is_brute_force_s() {
    let mut rng = ChaCha8Rng::seed_from_u64(4949);
    let mut weighed = 0;
    for _ in 0..400 {
        let d = Directed::of((0..rng.random_range(1..=3)).map(|_| random_sides(&mut rng)));
        let (truth, top) = brute(&d);
        let got = d.chance();
        assert_eq!(got.kind, Kind::Exact, "{d:?}");
        assert!((got.p - truth).abs() <= 1e-12 * truth + 1e-15, "{d:?}: {} vs {truth}", got.p);
        if d.informative() {
            let least = d.least_chance();
            assert!((least - top).abs() <= 1e-12 * top, "{d:?}: {least} vs {top}");
            weighed += 1;
        }
    }
    assert!(weighed > 200, "{weighed}");
}

/// Departures that fall only where they serve him are unlikely for a chooser whose
/// whims do not know who bets; departures that fall alike both ways are not. The
/// figure needs no reference rate: a chooser who departs half the time and one who
/// departs a quarter of the time, both only his way, are each weighed on their own.
#[test]
fn only_his_way_is_unlikely_alike_both_ways_is_not() {
    // 10 of 30 where it served him, 0 of 20 where it hurt him: C(30,10)/C(50,10).
    let only = Directed::of([Sides { could_serve: 30, served: 10, could_hurt: 20, hurt: 0 }]);
    let exact = (0..10).map(|i| f64::from(30 - i) / f64::from(50 - i)).product::<f64>();
    assert!((only.chance().p - exact).abs() <= 1e-12 * exact, "{:?} vs {exact}", only.chance());
    assert!(only.chance().p < 0.01);
    let alike = Directed::of([Sides { could_serve: 30, served: 10, could_hurt: 20, hurt: 7 }]);
    assert!(alike.chance().p > 0.4, "{:?}", alike.chance());
    // A stratum where every choice was left, or none, says nothing.
    let none = Directed::of([Sides { could_serve: 5, served: 5, could_hurt: 3, hurt: 3 }]);
    assert_eq!(none.chance(), Chance::exact(1.0));
    assert!(!none.informative());
}

/// A long figure (thousands of choices in each of two strata) is its exact tail where
/// nothing was dropped, and an upper bound on it where the tails were pruned: checked
/// against the same sum computed with every term kept.
#[test]
fn a_long_figure_is_exact_or_an_upper_bound() {
    let d = Directed::of([
        Sides { could_serve: 4000, served: 1500, could_hurt: 1500, hurt: 300 },
        Sides { could_serve: 2500, served: 900, could_hurt: 2000, hurt: 500 },
    ]);
    let whole = d.strata.iter().fold((0i64, vec![0.0]), |(lo, law), s| {
        let (l, ln) = s.terms();
        let total = ln.iter().fold(f64::NEG_INFINITY, |a, &b| ln_add(a, b));
        let mut out = vec![f64::NEG_INFINITY; law.len() + ln.len() - 1];
        for (i, a) in law.iter().enumerate() {
            for (j, b) in ln.iter().enumerate() {
                out[i + j] = ln_add(out[i + j], a + b - total);
            }
        }
        (lo + i64::from(l), out)
    });
    let from = usize::try_from(i64::from(d.weighed_served()) - whole.0).unwrap_or(0);
    let exact: f64 = whole.1.iter().skip(from).map(|x| x.exp()).sum();
    let got = d.chance();
    assert!(got.p >= exact * (1.0 - 1e-9), "{got:?} < {exact}");
    assert!(got.p <= exact * (1.0 + 1e-6) + 1e-300, "{got:?} vs {exact}");
    assert!(exact > 0.0 && exact < 1e-20, "{exact}");
}
