//! Tail probabilities for game protection (issue 38): how likely an honest chooser's
//! choices add up to at least what was observed. Every figure is exact or a proven
//! upper bound, and is computed in log space.
//!
//! # The sum
//! A [`Tail`] is a sum `S = Σ Xᵢ` of independent amounts, each taking one of two known
//! values with known chances (a choice's two options under the honest reference).
//! Written from each item's larger value `Mᵢ` (chance `pᵢ`), `S = ΣMᵢ − Σ gᵢZᵢ` with
//! `gᵢ ≥ 0` the gap to the smaller value and `Zᵢ` a coin of chance `1 − pᵢ`; so
//! `P(S ≥ s) = P(Σ gᵢZᵢ ≤ d)` with the slack `d = ΣMᵢ − s`.
//!
//! # Exact where sizes allow
//! Up to [`EXACT_ITEMS`] items with a gap, the chance is summed over every outcome
//! whose gaps fit in the slack (a depth-first walk that stops where they no longer
//! fit), each outcome's chance a sum of logarithms, the outcomes added by
//! log-sum-exp. Counts (how many departures) are binomial: [`binomial_tail`] is exact
//! for any size, its terms in log space.
//!
//! # A proven bound beyond
//! Chernoff: for every `λ ≥ 0`, `P(S ≥ s) ≤ exp(λd + Σ ln(pᵢ + (1 − pᵢ)e^{−λgᵢ}))`.
//! Each term of the sum lies between `ln pᵢ` and 0 and is computed as it stands (no
//! large numbers that cancel: the old form `−λs + Σ(λMᵢ + …)` lost every digit once
//! `λ` was large). Any `λ` gives a true bound, so no search is needed for soundness:
//! the sum is kept for a fixed grid of [`GRID`] values of `λ` (one each 0.15 of a
//! decade, from 10⁻⁷ to 10⁴ per unit of money), and its least value is taken; while
//! the items are kept (up to [`KEPT_ITEMS`]), a golden-section search in `ln λ`
//! between the best grid point's neighbours refines it. As `λ → ∞` the bound tends to
//! `Π pᵢ`, the exact chance when the observed sum is the largest possible.
//!
//! Where that bound is under 5 % and the items are kept, a tighter one: the exact
//! convolution of the gaps rounded down to a grid of the slack (rounding a gap down
//! only makes the sum smaller, so the chance it computes is never under the true one);
//! the smaller of the two is given.
//!
//! Memory is flat: past [`KEPT_ITEMS`] only the grid's sums are kept.

/// Items with a gap summed exactly, outcome by outcome.
pub const EXACT_ITEMS: usize = 16;
/// Items kept for refining the bound; past them only the grid.
pub const KEPT_ITEMS: usize = 2048;
/// Points of the `λ` grid.
pub const GRID: usize = 74;
const LN_LAMBDA_MIN: f64 = -7.0 * std::f64::consts::LN_10;
const LN_LAMBDA_STEP: f64 = 0.15 * std::f64::consts::LN_10;

fn lambda(k: usize) -> f64 {
    (LN_LAMBDA_MIN + LN_LAMBDA_STEP * k as f64).exp()
}

/// `ln(p + (1 − p)e^{−x})` for `x ≥ 0`, `p` in (0, 1): between `ln p` and 0.
fn ln_mix(p: f64, x: f64) -> f64 {
    (p + (1.0 - p) * (-x).exp()).ln()
}

/// `ln(eᵃ + eᵇ)`, without overflow.
pub fn ln_add(a: f64, b: f64) -> f64 {
    if a == f64::NEG_INFINITY {
        return b;
    }
    if b == f64::NEG_INFINITY {
        return a;
    }
    let m = a.max(b);
    m + ((a - m).exp() + (b - m).exp()).ln()
}

/// How a figure was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The exact chance.
    Exact,
    /// A proven upper bound on it.
    Bound,
}

/// A chance, and whether it is exact or an upper bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chance {
    pub p: f64,
    pub kind: Kind,
}

impl Chance {
    pub const ONE: Chance = Chance { p: 1.0, kind: Kind::Bound };

    pub fn exact(p: f64) -> Chance {
        Chance { p: p.clamp(0.0, 1.0), kind: Kind::Exact }
    }

    pub fn bound(p: f64) -> Chance {
        Chance { p: p.clamp(0.0, 1.0), kind: Kind::Bound }
    }

    /// Corrected for `tests` figures weighed together (Bonferroni: the chance that any
    /// of them is this small is at most the sum of their chances): never exact.
    pub fn times(self, tests: u32) -> Chance {
        if tests <= 1 {
            return self;
        }
        Chance::bound(self.p * f64::from(tests))
    }
}

/// One item with a gap: its gap and the chance of its larger value.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Item {
    gap: f64,
    p: f64,
}

/// A sum of independent two-valued amounts against its honest reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Tail {
    /// What was observed.
    pub observed: f64,
    /// The reference's mean.
    pub expected: f64,
    /// The largest sum the reference can reach.
    top: f64,
    /// Items with a gap, and `Σ ln pᵢ` over them.
    with_gap: usize,
    ln_all_top: f64,
    /// The largest gap and value seen, for the tolerance of equality.
    scale: f64,
    /// `Σ ln(pᵢ + (1 − pᵢ)e^{−λₖgᵢ})` for each grid point.
    grid: Vec<f64>,
    /// The items, while there are at most `KEPT_ITEMS`.
    items: Option<Vec<Item>>,
}

impl Default for Tail {
    fn default() -> Self {
        Tail {
            observed: 0.0,
            expected: 0.0,
            top: 0.0,
            with_gap: 0,
            ln_all_top: 0.0,
            scale: 0.0,
            grid: vec![0.0; GRID],
            items: Some(Vec::new()),
        }
    }
}

impl Tail {
    /// Adds one item: the value observed, the item's two values and the reference's
    /// chance of each (they add up to 1).
    pub fn add(&mut self, observed: f64, values: [f64; 2], chances: [f64; 2]) {
        self.observed += observed;
        self.expected += chances[0] * values[0] + chances[1] * values[1];
        self.scale = self.scale.max(values[0].abs()).max(values[1].abs());
        let (hi, lo) = if values[0] >= values[1] { (0, 1) } else { (1, 0) };
        let gap = values[hi] - values[lo];
        // An item whose larger value has no chance is its smaller value, surely.
        if chances[hi] <= 0.0 {
            self.top += values[lo];
            return;
        }
        self.top += values[hi];
        let p = chances[hi].min(1.0);
        if gap <= 0.0 || p >= 1.0 {
            return;
        }
        self.with_gap += 1;
        self.ln_all_top += p.ln();
        for (k, g) in self.grid.iter_mut().enumerate() {
            *g += ln_mix(p, lambda(k) * gap);
        }
        if let Some(items) = self.items.as_mut() {
            if items.len() < KEPT_ITEMS {
                items.push(Item { gap, p });
            } else {
                self.items = None;
            }
        }
    }

    /// Whether any item can differ from the other way: a figure that can come out small
    /// (one that cannot is not counted in the correction).
    pub fn varies(&self) -> bool {
        self.with_gap > 0
    }

    /// The tolerance within which two sums are equal.
    fn tol(&self) -> f64 {
        1e-9 * (1.0 + self.scale + self.observed.abs())
    }

    /// The chance that the honest reference's sum is at least the observed one.
    pub fn chance(&self) -> Chance {
        let tol = self.tol();
        let d = self.top - self.observed;
        if d < -tol {
            return Chance::exact(0.0);
        }
        if self.with_gap == 0 {
            return Chance::exact(1.0);
        }
        if let Some(items) = self.items.as_ref().filter(|i| i.len() <= EXACT_ITEMS) {
            return Chance::exact(exact_tail(items, d + tol).exp());
        }
        if self.observed <= self.expected + tol {
            return Chance::ONE;
        }
        let chernoff = self.ln_bound(d.max(0.0), tol).exp();
        // Where it could matter, the tighter bound of the rounded-down convolution.
        let dp = match &self.items {
            Some(items) if chernoff < 0.05 => rounded_tail(items, d + tol).filter(|p| *p > 1e-250),
            _ => None,
        };
        Chance::bound(dp.map_or(chernoff, |p| p.min(chernoff)))
    }

    /// The least `ln` of the Chernoff bound found, at slack `d`.
    fn ln_bound(&self, d: f64, tol: f64) -> f64 {
        let mut best = if d <= tol { self.ln_all_top } else { 0.0 };
        let mut at = 0;
        for (k, g) in self.grid.iter().enumerate() {
            let v = lambda(k) * d + g;
            if v < best {
                best = v;
                at = k;
            }
        }
        if let Some(items) = &self.items {
            let f = |ln_l: f64| {
                let l = ln_l.exp();
                l * d + items.iter().map(|i| ln_mix(i.p, l * i.gap)).sum::<f64>()
            };
            let centre = LN_LAMBDA_MIN + LN_LAMBDA_STEP * at as f64;
            best = best.min(golden_min(f, centre - LN_LAMBDA_STEP, centre + LN_LAMBDA_STEP));
        }
        best.min(0.0)
    }
}

/// The least value found of `f` on `[a, b]` by golden-section search (60 steps).
fn golden_min(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    let r = 0.5 * (5f64.sqrt() - 1.0);
    let mut c = b - r * (b - a);
    let mut e = a + r * (b - a);
    let (mut fc, mut fe) = (f(c), f(e));
    let mut best = fc.min(fe);
    for _ in 0..60 {
        if fc < fe {
            b = e;
            e = c;
            fe = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = e;
            fc = fe;
            e = a + r * (b - a);
            fe = f(e);
        }
        best = best.min(fc).min(fe);
    }
    best
}

/// `ln P(Σ gᵢZᵢ ≤ room)`, `Zᵢ` a coin of chance `1 − pᵢ`: every outcome whose gaps fit
/// in the room, by a depth-first walk.
fn exact_tail(items: &[Item], room: f64) -> f64 {
    fn walk(items: &[Item], room: f64, ln_p: f64) -> f64 {
        let Some((first, rest)) = items.split_first() else {
            return ln_p;
        };
        // The larger value: no gap spent.
        let mut total = walk(rest, room, ln_p + first.p.ln());
        if first.gap <= room {
            total = ln_add(total, walk(rest, room - first.gap, ln_p + (1.0 - first.p).ln()));
        }
        total
    }
    walk(items, room, 0.0)
}

/// An upper bound on `P(Σ gᵢZᵢ ≤ room)` by an exact convolution of the gaps rounded
/// down to a grid of `room / D` (`D` from 32 per item up to 20,000 cells): rounding a
/// gap down only makes the sum smaller, so the rounded chance is at least the true
/// one. `None` where the slack is nothing.
fn rounded_tail(items: &[Item], room: f64) -> Option<f64> {
    if room <= 0.0 {
        return None;
    }
    let cells = (32 * items.len()).clamp(64, 20_000);
    let u = room / cells as f64;
    let mut dist = vec![0.0f64; cells + 1];
    dist[0] = 1.0;
    let mut reach = 0usize;
    for it in items {
        let g = (it.gap / u).floor();
        let q = 1.0 - it.p;
        if g > cells as f64 {
            // The smaller value overshoots the room: only the larger one stays.
            dist.iter_mut().take(reach + 1).for_each(|x| *x *= it.p);
            continue;
        }
        let g = g as usize;
        let top = (reach + g).min(cells);
        for s in (0..=top).rev() {
            let from = if s >= g && s - g <= reach { dist[s - g] } else { 0.0 };
            let stay = if s <= reach { dist[s] } else { 0.0 };
            dist[s] = it.p * stay + q * from;
        }
        reach = top;
    }
    Some(dist.iter().sum::<f64>().min(1.0))
}

/// The exact chance of at least `k` successes in `n` trials of chance `p`, its terms in
/// log space.
pub fn binomial_tail(n: u32, k: u32, p: f64) -> Chance {
    if k == 0 {
        return Chance::exact(1.0);
    }
    if k > n || p <= 0.0 {
        return Chance::exact(0.0);
    }
    if p >= 1.0 {
        return Chance::exact(1.0);
    }
    let (lp, lq) = (p.ln(), (1.0 - p).ln());
    // ln C(n, k), then each next term from the one before.
    let mut ln_c: f64 = (0..k).map(|i| f64::from(n - i).ln() - f64::from(i + 1).ln()).sum();
    let mut total = f64::NEG_INFINITY;
    for j in k..=n {
        let term = ln_c + f64::from(j) * lp + f64::from(n - j) * lq;
        total = ln_add(total, term);
        // Terms past the mode only fall: stop once they no longer count.
        if term < total - 40.0 && f64::from(j) > f64::from(n) * p {
            break;
        }
        if j < n {
            ln_c += f64::from(n - j).ln() - f64::from(j + 1).ln();
        }
    }
    Chance::exact(total.exp())
}

#[cfg(test)]
#[path = "tail_tests.rs"]
mod tests;
