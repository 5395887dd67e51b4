//! Departures aimed at one party (issue 49): did the chooser leave his better option
//! more often where that served the party than elsewhere? Two figures of a party: the
//! choices the table decides (with its option the chooser's better: leaving it is a
//! departure from the table), and those it leaves open.
//!
//! # Why
//! The free-choice count ([`super::served`]) weighs how often a party was served
//! against the honest reference's coin. A chooser who plays the exact odds and leaves
//! them for his friend in 40 % of the choices where that serves him gives the friend
//! *less* than a coin would: that count cannot see him. What gives him away is where
//! his departures fall: only where they serve the friend, never where they hurt him.
//!
//! The first replaced (issue 49, a whim banker's table) a count held against a
//! table-follower who slips 1 time in 100: a Banque banker who has not asked for the
//! table may leave it as often as he likes, and one who tossed a coin at every cell
//! served every seat that bet far more often than 1 in 100, and named them.
//!
//! # What is counted
//! For one party, the chooser's choices where his two options differ (the situations
//! of the chooser's habits left out, as in `served`): those where the chooser's better
//! option (by the exact odds) was the party's worse, so that leaving it served him;
//! and all the others, where leaving it did not (it hurt him, his two options were
//! the same, he had no bet); and the chooser's departures (the option taken not his
//! better) in each.
//!
//! # Against what
//! No reference rate: an honest chooser may leave his better option as often as he
//! likes (a coin half the time, the exact odds never, close calls now and then), but
//! his whims do not know who bets. Within a stratum (one chooser, and which option
//! the odds favoured: a chooser who leans to drawing leans alike whoever bets), given
//! how many times he departed, every placement of his departures among the stratum's
//! choices is equally likely, and the number that fell where they served the party is
//! hypergeometric. The figure is the exact law of the sum over strata (their laws
//! convolved, in log space; Fisher's exact test, stratified) and the chance of the
//! count observed or more. Terms more than [`super::served::PRUNE`] below a law's
//! largest are dropped and their mass added: then an upper bound, and said so.

use super::served::LnPmf;
use super::tail::{Chance, ln_add};

/// One stratum's choices that mattered either way to a party, and the chooser's
/// departures among them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// Choices where leaving the chooser's better option served the party, and how
    /// many times he left it there.
    pub could_serve: u32,
    pub served: u32,
    /// The chooser's other choices, where leaving it did not serve the party (it hurt
    /// him, it did not matter to him, he had no bet), and how many times he left it
    /// there.
    pub could_hurt: u32,
    pub hurt: u32,
}

impl Sides {
    /// One more choice: leaving the better option serves the party (`serves`), and the
    /// chooser left it (`departed`).
    pub fn add(&mut self, serves: bool, departed: bool) {
        if serves {
            self.could_serve += 1;
            self.served += u32::from(departed);
        } else {
            self.could_hurt += 1;
            self.hurt += u32::from(departed);
        }
    }

    pub fn merge(&mut self, o: &Sides) {
        self.could_serve += o.could_serve;
        self.served += o.served;
        self.could_hurt += o.could_hurt;
        self.hurt += o.hurt;
    }

    /// What is left once the choices of `o` (a part of these) are taken out.
    pub fn without(&self, o: &Sides) -> Sides {
        Sides {
            could_serve: self.could_serve.saturating_sub(o.could_serve),
            served: self.served.saturating_sub(o.served),
            could_hurt: self.could_hurt.saturating_sub(o.could_hurt),
            hurt: self.hurt.saturating_sub(o.hurt),
        }
    }

    pub fn choices(&self) -> u32 {
        self.could_serve + self.could_hurt
    }

    pub fn departures(&self) -> u32 {
        self.served + self.hurt
    }

    /// Whether where the departures fell could have been otherwise: choices of both
    /// kinds, and departures neither none nor all of them.
    pub fn informative(&self) -> bool {
        self.could_serve > 0 && self.could_hurt > 0 && self.departures() > 0 && self.departures() < self.choices()
    }

    /// How many of his departures serve the party on average, placed at random.
    pub fn honest(&self) -> f64 {
        if self.choices() == 0 {
            return 0.0;
        }
        f64::from(self.departures()) * f64::from(self.could_serve) / f64::from(self.choices())
    }

    /// The least and the largest number of departures that can serve him.
    fn range(&self) -> (u32, u32) {
        let d = self.departures();
        (d.saturating_sub(self.could_hurt), d.min(self.could_serve))
    }

    /// The hypergeometric law of how many of the departures serve him, placed at random,
    /// as unnormalised logarithms from its least value (each term from the one before:
    /// `t(x + 1) / t(x) = (K − x)(D − x) / ((x + 1)(N − K − D + x + 1))`).
    fn terms(&self) -> (u32, Vec<f64>) {
        let (lo, hi) = self.range();
        let (k, d, rest) = (f64::from(self.could_serve), f64::from(self.departures()), f64::from(self.could_hurt));
        let mut ln = Vec::with_capacity((hi - lo) as usize + 1);
        let mut t = 0.0;
        for x in lo..=hi {
            ln.push(t);
            let x = f64::from(x);
            t += (k - x).ln() + (d - x).ln() - (x + 1.0).ln() - (rest - d + x + 1.0).ln();
        }
        (lo, ln)
    }

    /// The law, normalised and pruned.
    fn law(&self) -> LnPmf {
        let (lo, ln) = self.terms();
        LnPmf::from_terms(i64::from(lo), ln)
    }

    /// `ln` of the chance that every departure that could serve him did.
    fn ln_top(&self) -> f64 {
        let (_, ln) = self.terms();
        let total = ln.iter().fold(f64::NEG_INFINITY, |a, &b| ln_add(a, b));
        ln.last().map_or(0.0, |t| t - total)
    }
}

/// A party's departures figure: one [`Sides`] per stratum (a chooser and the option
/// the odds favoured).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Directed {
    pub strata: Vec<Sides>,
}

impl Directed {
    /// From strata, the empty ones left out.
    pub fn of(strata: impl IntoIterator<Item = Sides>) -> Directed {
        Directed { strata: strata.into_iter().filter(|s| s.choices() > 0).collect() }
    }

    /// Another's strata beside these (another ledger's, another table's).
    pub fn extend(&mut self, o: &Directed) {
        self.strata.extend(o.strata.iter().copied());
    }

    /// Whether the figure can come out anything but 1.
    pub fn informative(&self) -> bool {
        self.strata.iter().any(Sides::informative)
    }

    /// How many of the departures served him, over the strata where that could have
    /// been otherwise (what the figure weighs).
    pub fn weighed_served(&self) -> u32 {
        self.weighed().served
    }

    /// The strata the figure weighs (where the departures could have fallen
    /// otherwise), together, for words.
    pub fn weighed(&self) -> Sides {
        let mut s = Sides::default();
        self.strata.iter().filter(|x| x.informative()).for_each(|x| s.merge(x));
        s
    }

    /// How many of the departures it weighs serve him on average, placed at random.
    pub fn honest(&self) -> f64 {
        self.strata.iter().filter(|s| s.informative()).map(Sides::honest).sum()
    }

    /// The chance, for a chooser whose departures do not know who bets, that as many of
    /// them or more fall where they serve him: exact, or an upper bound where terms far
    /// in a tail were dropped.
    pub fn chance(&self) -> Chance {
        let served = self.weighed_served();
        if served == 0 {
            return Chance::exact(1.0);
        }
        let law = self.strata.iter().filter(|s| s.informative()).fold(LnPmf::point(0), |l, s| l.convolve(&s.law()));
        law.at_least(i64::from(served))
    }

    /// The least chance the figure could have had (every departure that could serve
    /// him did, in every stratum): one that cannot reach the threshold is not counted
    /// in the correction (Tarone).
    pub fn least_chance(&self) -> f64 {
        self.strata.iter().filter(|s| s.informative()).map(Sides::ln_top).sum::<f64>().exp()
    }
}

#[cfg(test)]
#[path = "directed_tests.rs"]
mod tests;
