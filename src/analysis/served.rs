//! Counts of choices (issue 49): how often a party was served at the chooser's cost,
//! and the exact chance of that many or more, summed in log space.
//!
//! # What is counted
//! A choice *mattered* to a party when his two options differ and the one better for
//! him is the one worse for the chooser (serving him cost the chooser). He was
//! *served* when that option was taken. Counts, not sums of money: one large stake
//! cannot make a seat look served, nor hide a seat served many times at small stakes.
//!
//! # Against what
//! The honest reference, choice by choice:
//! - where the table decides (R-BQ-13/14, R-CF-8, the player's 0–4 and 6–7) and its
//!   option is the chooser's better, serving the party is a departure: the reference
//!   slips at the lapse rate, so the count is binomial;
//! - where the table leaves the choice, the reference takes each option with its
//!   chance there (a coin for the bank, the house's play on 5 for a player). A
//!   situation (the cards the chooser saw, [`Stratum`]) in which he made at least
//!   [`HABIT_LEAST`] choices all the same way is his habit, whoever bets: left out,
//!   and the others weighed *given* that they were not all the same way (the
//!   reference's law with those two outcomes taken out, exact).
//!
//! The figure is the exact distribution of the sum (binomials convolved, every term a
//! logarithm). Terms more than [`PRUNE`] below a
//! distribution's largest are dropped as it is built, and their mass (at most
//! `e^{-PRUNE}` each) is added to the chance given: it is then an upper bound, never
//! under the truth, and said so.

use super::tail::{Chance, binomial_tail, ln_add};

/// A situation in which the chooser made at least this many choices, all the same way,
/// is his habit there (`verdict`).
pub const HABIT_LEAST: u32 = 3;

/// A situation of this many choices or more is weighed as it is, its chance multiplied
/// by `1 / P(not all the same way)` (at most `1 + 2⁻³⁹`): an upper bound that keeps a
/// long shift's law one binomial.
pub const WHOLE_CELL: u32 = 40;

/// Terms this far (in natural log) below a distribution's largest are dropped, their
/// mass added to the chance as an upper bound.
pub const PRUNE: f64 = 600.0;

/// The situation of a choice as the chooser saw its cards: the bank's total and what
/// each player hand showed (`13` none, `10` natural, `11` stood, `0..=9` the third
/// card drawn), or a player hand's total. One number, for keys.
pub type Stratum = u32;

/// A distribution over whole numbers, by the logarithm of each one's chance, from `lo`
/// on; `dropped` bounds the mass of the terms left out.
#[derive(Clone, Debug, PartialEq)]
pub struct LnPmf {
    lo: i64,
    ln: Vec<f64>,
    dropped: f64,
}

impl LnPmf {
    /// Surely `v`.
    pub fn point(v: i64) -> LnPmf {
        LnPmf { lo: v, ln: vec![0.0], dropped: 0.0 }
    }

    /// Terms from unnormalised logarithms, normalised and pruned.
    pub(super) fn from_terms(lo: i64, mut ln: Vec<f64>) -> LnPmf {
        let total = ln.iter().fold(f64::NEG_INFINITY, |a, &b| ln_add(a, b));
        if total.is_finite() {
            ln.iter_mut().for_each(|x| *x -= total);
        }
        let mut p = LnPmf { lo, ln, dropped: 0.0 };
        p.prune();
        p
    }

    /// Drops the terms at either end more than [`PRUNE`] below the largest.
    fn prune(&mut self) {
        let top = self.ln.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let keep = |x: &f64| *x >= top - PRUNE;
        let first = self.ln.iter().position(keep).unwrap_or(0);
        let last = self.ln.iter().rposition(keep).map_or(0, |i| i + 1);
        if first == 0 && last == self.ln.len() {
            return;
        }
        let gone: f64 = self.ln[..first].iter().chain(&self.ln[last..]).map(|x| x.exp()).sum();
        self.dropped += gone;
        self.ln = self.ln[first..last.max(first)].to_vec();
        self.lo += first as i64;
    }

    /// The number of successes of `n` trials of chance `p`, pruned.
    pub fn binomial(n: u32, p: f64) -> LnPmf {
        let mut law = LnPmf::binomial_whole(n, p);
        law.prune();
        law
    }

    /// The binomial law, every term kept (normalised exactly).
    fn binomial_whole(n: u32, p: f64) -> LnPmf {
        if n == 0 || p <= 0.0 {
            return LnPmf::point(0);
        }
        if p >= 1.0 {
            return LnPmf::point(i64::from(n));
        }
        let step = p.ln() - (1.0 - p).ln();
        let mut ln = Vec::with_capacity(n as usize + 1);
        let mut t = f64::from(n) * (1.0 - p).ln();
        for k in 0..=n {
            ln.push(t);
            t += f64::from(n - k).ln() - f64::from(k + 1).ln() + step;
        }
        LnPmf { lo: 0, ln, dropped: 0.0 }
    }

    /// The sum's law, every term kept.
    fn convolve_whole(&self, other: &LnPmf) -> LnPmf {
        let mut ln = vec![f64::NEG_INFINITY; self.ln.len() + other.ln.len() - 1];
        for (i, a) in self.ln.iter().enumerate() {
            for (j, b) in other.ln.iter().enumerate() {
                ln[i + j] = ln_add(ln[i + j], a + b);
            }
        }
        LnPmf { lo: self.lo + other.lo, ln, dropped: self.dropped + other.dropped }
    }

    /// The law of the sum of two independent numbers.
    pub fn convolve(&self, other: &LnPmf) -> LnPmf {
        let mut ln = vec![f64::NEG_INFINITY; self.ln.len() + other.ln.len() - 1];
        for (i, a) in self.ln.iter().enumerate().filter(|(_, a)| a.is_finite()) {
            for (j, b) in other.ln.iter().enumerate().filter(|(_, b)| b.is_finite()) {
                ln[i + j] = ln_add(ln[i + j], a + b);
            }
        }
        let mut p = LnPmf { lo: self.lo + other.lo, ln, dropped: self.dropped + other.dropped };
        p.prune();
        p
    }

    /// The chance of `k` or more: exact when nothing was dropped, else an upper bound.
    pub fn at_least(&self, k: i64) -> Chance {
        let from = usize::try_from((k - self.lo).max(0)).unwrap_or(usize::MAX);
        let ln = self.ln.iter().skip(from).fold(f64::NEG_INFINITY, |a, &b| ln_add(a, b));
        let p = ln.exp() + self.dropped;
        if self.dropped > 0.0 { Chance::bound(p) } else { Chance::exact(p) }
    }

    /// The mean (of the terms kept).
    pub fn mean(&self) -> f64 {
        self.ln.iter().enumerate().map(|(i, x)| (self.lo + i as i64) as f64 * x.exp()).sum()
    }
}

/// One situation's free choices, for one party: how many choices the chooser made in
/// it and how many times he drew; the reference's chance of drawing there (a coin for
/// the bank, the house's play on 5 for a player); in how many the option better for
/// the party (at the chooser's cost) was to draw, or to stand; and how many of those
/// he drew on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FreeCell {
    pub n: u32,
    pub drew: u32,
    pub p_draw: f64,
    pub his_draw: u32,
    pub his_stand: u32,
    pub drew_his_draw: u32,
    pub drew_his_stand: u32,
}

impl FreeCell {
    /// One more choice that mattered to him: drawing is his (`his_draw`), and the
    /// chooser drew (`drew`). (The situation's own counts, `n`, `drew` and `p_draw`,
    /// are the chooser's, set apart.)
    pub fn add(&mut self, his_draw: bool, drew: bool) {
        if his_draw {
            self.his_draw += 1;
            self.drew_his_draw += u32::from(drew);
        } else {
            self.his_stand += 1;
            self.drew_his_stand += u32::from(drew);
        }
    }

    pub fn merge(&mut self, o: &FreeCell) {
        self.n += o.n;
        self.drew += o.drew;
        self.his_draw += o.his_draw;
        self.his_stand += o.his_stand;
        self.drew_his_draw += o.drew_his_draw;
        self.drew_his_stand += o.drew_his_stand;
    }

    pub fn mattered(&self) -> u32 {
        self.his_draw + self.his_stand
    }

    /// How many times he was served: draws where drawing was his, stands where standing.
    pub fn served(&self) -> u32 {
        self.drew_his_draw + (self.his_stand - self.drew_his_stand)
    }

    /// How many times the reference serves him here, on average (the habit's two
    /// outcomes left out where they are).
    pub fn honest(&self) -> f64 {
        if self.conditioned() {
            self.law().mean()
        } else {
            f64::from(self.his_draw) * self.p_draw + f64::from(self.his_stand) * (1.0 - self.p_draw)
        }
    }

    /// Weighed given the habit's outcomes were not (exact, for a small situation): from
    /// [`HABIT_LEAST`] choices up to [`WHOLE_CELL`]. Below, no habit can be; above,
    /// the law as it is, its chance multiplied by [`FreeCell::factor`] (an upper bound,
    /// the two outcomes being at most `2⁻⁴⁰` of it).
    fn conditioned(&self) -> bool {
        (HABIT_LEAST..WHOLE_CELL).contains(&self.n)
    }

    /// `1 / P(not all the same way)` for a large situation (1 otherwise): what its
    /// unconditioned chance is multiplied by to stay an upper bound.
    pub fn factor(&self) -> f64 {
        if self.n < WHOLE_CELL {
            return 1.0;
        }
        let (p, n) = (self.p_draw.clamp(0.0, 1.0), f64::from(self.n));
        let both = (n * p.ln()).exp() + (n * (1.0 - p).ln()).exp();
        if both >= 1.0 { f64::INFINITY } else { 1.0 / (1.0 - both) }
    }

    /// The chooser took the same option at every choice of the situation, at least
    /// [`HABIT_LEAST`] times: his way there, whoever bets (left out of the figure).
    pub fn constant(&self) -> bool {
        self.n >= HABIT_LEAST && (self.drew == 0 || self.drew == self.n)
    }

    /// The law of how many times he is served by the reference, as logarithms from 0:
    /// `Bin(a, p) + Bin(b, 1 − p)`; where the situation has at least [`HABIT_LEAST`]
    /// choices, given that they were not all the same option (the case left out as a
    /// habit): exact, the two masses taken out and the rest scaled.
    fn terms(&self) -> (i64, Vec<f64>) {
        let p = self.p_draw.clamp(0.0, 1.0);
        let law =
            LnPmf::binomial_whole(self.his_draw, p).convolve_whole(&LnPmf::binomial_whole(self.his_stand, 1.0 - p));
        let (lo, mut ln) = (law.lo, law.ln);
        if self.n < HABIT_LEAST {
            return (lo, ln);
        }
        let n = f64::from(self.n);
        let all_draw = if p > 0.0 { n * p.ln() } else { f64::NEG_INFINITY };
        let all_stand = if p < 1.0 { n * (1.0 - p).ln() } else { f64::NEG_INFINITY };
        for (value, mass) in [(self.his_draw, all_draw), (self.his_stand, all_stand)] {
            if let Some(x) = usize::try_from(i64::from(value) - lo).ok().and_then(|i| ln.get_mut(i)) {
                *x = ln_sub(*x, mass);
            }
        }
        let kept = ln_sub(0.0, ln_add(all_draw, all_stand));
        ln.iter_mut().for_each(|x| *x -= kept);
        (lo, ln)
    }

    /// The law of the count in this cell, pruned.
    pub fn law(&self) -> LnPmf {
        if !self.conditioned() {
            let p = self.p_draw.clamp(0.0, 1.0);
            return LnPmf::binomial(self.his_draw, p).convolve(&LnPmf::binomial(self.his_stand, 1.0 - p));
        }
        let (lo, ln) = self.terms();
        LnPmf::from_terms(lo, ln)
    }

    /// `ln` of the chance of its largest count, nothing dropped.
    fn ln_top(&self) -> f64 {
        if !self.conditioned() {
            let p = self.p_draw.clamp(0.0, 1.0);
            return f64::from(self.his_draw) * p.ln() + f64::from(self.his_stand) * (1.0 - p).ln() + self.factor().ln();
        }
        let (_, ln) = self.terms();
        let total = ln.iter().fold(f64::NEG_INFINITY, |a, &b| ln_add(a, b));
        ln.iter().rev().find(|x| x.is_finite()).map_or(0.0, |t| t - total)
    }
}

/// `ln(eˣ − eʸ)` for `y ≤ x`; `−∞` where they are equal to the precision the two were
/// summed to (a relative 1e-9: the binomial's terms come by recurrence).
fn ln_sub(x: f64, y: f64) -> f64 {
    if y == f64::NEG_INFINITY {
        return x;
    }
    let d = -(y - x).exp();
    if d <= -1.0 + 1e-9 { f64::NEG_INFINITY } else { x + d.ln_1p() }
}

/// A party's count figure, gathered: departures that served him (binomial at the
/// lapse rate) and free choices situation by situation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gathered {
    /// Decided choices where serving him was a departure, and how many were departed.
    pub bound: u32,
    pub departed: u32,
    pub free: Vec<FreeCell>,
}

impl Gathered {
    /// The two parts apart: departures, free choices (each weighed on its own, so
    /// that a shortfall in one cannot hide the other).
    pub fn split(&self) -> [Gathered; 2] {
        [
            Gathered { bound: self.bound, departed: self.departed, free: Vec::new() },
            Gathered { bound: 0, departed: 0, free: self.free.clone() },
        ]
    }

    pub fn served(&self) -> u32 {
        self.departed + self.free.iter().map(FreeCell::served).sum::<u32>()
    }

    pub fn mattered(&self) -> u32 {
        self.bound + self.free.iter().map(FreeCell::mattered).sum::<u32>()
    }

    /// What an honest chooser gives him on average here.
    pub fn honest(&self, lapse: f64) -> f64 {
        f64::from(self.bound) * lapse + self.free.iter().map(FreeCell::honest).sum::<f64>()
    }

    /// The law of the count for an honest chooser, and what its chances are to be
    /// multiplied by ([`FreeCell::factor`]). The situations weighed as a coin and not
    /// given (most, in a long shift) are one binomial: the law of a long shift costs
    /// no more than its count.
    pub fn law(&self, lapse: f64) -> (LnPmf, f64) {
        let mut law = LnPmf::binomial(self.bound, lapse);
        let (mut coins, mut factor) = (0u32, 1.0);
        for c in self.free.iter().filter(|c| c.mattered() > 0) {
            factor *= c.factor();
            if !c.conditioned() && c.p_draw == 0.5 {
                coins += c.mattered();
            } else {
                law = law.convolve(&c.law());
            }
        }
        if coins > 0 {
            law = law.convolve(&LnPmf::binomial(coins, 0.5));
        }
        (law, factor)
    }

    /// The chance of being served this often or more. A figure that is one binomial
    /// (departures alone, or free choices all weighed as a coin) is its exact tail
    /// (`tail::binomial_tail`), however far out: no term dropped, so that two parties
    /// far in the tail are never made equal by what a pruned law leaves out.
    pub fn chance(&self, lapse: f64) -> Chance {
        if self.served() == 0 {
            return Chance::exact(1.0);
        }
        if self.free.is_empty() {
            return binomial_tail(self.bound, self.departed, lapse);
        }
        if self.bound == 0 && self.free.iter().all(|c| !c.conditioned() && c.p_draw == 0.5) {
            let factor: f64 = self.free.iter().map(FreeCell::factor).product();
            let c = binomial_tail(self.mattered(), self.served(), 0.5);
            return if factor > 1.0 { Chance::bound(c.p * factor) } else { c };
        }
        let (law, factor) = self.law(lapse);
        let c = law.at_least(i64::from(self.served()));
        if factor > 1.0 { Chance::bound(c.p * factor) } else { c }
    }

    /// The least chance this figure could have come out with (every choice served
    /// that could be): a figure that cannot reach the threshold is not counted in
    /// the correction (Tarone).
    pub fn least_chance(&self, lapse: f64) -> f64 {
        let ln = f64::from(self.bound) * lapse.ln()
            + self.free.iter().filter(|c| c.mattered() > 0).map(FreeCell::ln_top).sum::<f64>();
        ln.exp()
    }
}

#[cfg(test)]
#[path = "served_tests.rs"]
mod tests;
