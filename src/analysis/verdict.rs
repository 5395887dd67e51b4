//! Each chooser's verdict (issue 38): three kinds of evidence kept apart, each with its
//! own exact figure or proven bound (`tail`), corrected for every figure weighed in the
//! shift.
//!
//! # The honest reference
//! A chooser who follows the table: where the table decides (R-BQ-13 read against two
//! paños, R-BQ-14; R-CF-8; a player's 0–4 and 6–7), he does what it says but for a
//! slip at the rate [`Options::lapse`] (1 in 100 by default); where it leaves him the
//! choice, he takes each option with the chances the decision states (a coin for the
//! bank; the house's play on 5 for a player).
//!
//! # The evidence
//! 1. **Departures** from the table that gave money away: of the `n` cells the table
//!    decided where its option was the better, how many were departed from; the exact
//!    binomial chance of that many slips or more at the lapse rate.
//! 2. **Free choices** weighed against the exact expectation: the money given away at
//!    the cells the table leaves open, against the reference's sum there (exact up to
//!    16 choices with a gap, a Chernoff bound beyond). Departures do not enter it, so
//!    no free choice, however large, can hide them.
//! 3. **Who gains**: for every seat, the expectation each choice gave it against the
//!    chooser's best option, coup by coup, summed over the shift; against what the
//!    reference gives that seat with the same stakes. This is asked of every chooser,
//!    flagged or not: a banker who gives away no more than an honest one, but always
//!    to the same seat, is seen here. The same figure is also weighed for each seat
//!    over every banker's choices of the shift together ([`Ledger::seats`]): a seat
//!    served by several bankers, or by one who held the bank in short stretches.
//!
//! # Corrected for the number weighed
//! A shift weighs `m` figures (for each chooser: departures where the table decided,
//! free choices where the options differed, one per seat whose gain could differ; and
//! one per seat over every banker together). Which figures are weighed depends only on
//! the situations, never on what was chosen. Each is multiplied by `m` (Bonferroni: the chance that any
//! of them comes out this small for honest choosers is at most the sum of their
//! chances), and a chooser is flagged when one of his corrected figures is under
//! [`Options::alpha`]. So an honest table's shift is flagged with chance at most
//! `alpha`, however many choosers and seats it has. For a day of `k` shifts the
//! report multiplies again by `k` (`report`, «together»).

use super::protection::{Decider, Decision, Options};
use super::tail::{Chance, Tail, binomial_tail};
use crate::engine::{BankDuty, PlayerRef};
use std::collections::BTreeMap;

/// A seat that gained from a chooser's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Gainer {
    pub player: PlayerRef,
    /// The expectation gained from the choices against the best option, all together
    /// (what it gained at every choice against the chooser's best, summed).
    pub gained: f64,
    /// What the honest reference gives it at the same choices, on average.
    pub expected: f64,
    /// Choices against the best from which it gained.
    pub times: u32,
    /// The chance the honest reference gives it this much or more (not corrected).
    pub chance: Chance,
    /// The chance corrected for every figure weighed in the shift.
    pub p_value: f64,
}

/// One chooser's shift: his choices, the evidence apart, and whether he is flagged.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub decider: Decider,
    pub decisions: u32,
    pub against_best: u32,
    /// The expected money given away against the best options, all choices.
    pub given_away: f64,
    /// What the honest reference gives away at the same choices, on average.
    pub honest_given: f64,
    /// Cells the table decided with its option the better; departures from them (each
    /// one money given away) and what they gave away.
    pub bound: u32,
    pub departures: u32,
    pub departed_given: f64,
    /// The exact chance of this many departures or more for the reference.
    pub departures_chance: Chance,
    /// Choices the table left open; what they gave away against the best, the
    /// reference's average there, and the chance it gives this much or more.
    pub free: u32,
    pub free_given: f64,
    pub free_honest: f64,
    pub free_chance: Chance,
    /// The smallest of his figures, corrected for every figure weighed in the shift.
    pub p_value: f64,
    /// How many figures the shift weighed (the correction's factor).
    pub tests: u32,
    pub flagged: bool,
    /// Every seat that gained from his choices against the best, the least likely
    /// first.
    pub gainers: Vec<Gainer>,
}

impl Verdict {
    /// The seat named: for a flagged chooser, the one whose gains are the least likely
    /// for the honest reference (among those that gained more than it gives).
    pub fn named(&self) -> Option<&Gainer> {
        if !self.flagged {
            return None;
        }
        self.gainers.iter().find(|g| g.gained > g.expected && g.chance.p < 1.0)
    }

    /// Which evidence flags him: departures, free choices, a seat's gains.
    pub fn grounds(&self, alpha: f64) -> [bool; 3] {
        let t = self.tests;
        [
            self.departures_chance.times(t).p < alpha,
            self.free_chance.times(t).p < alpha,
            self.gainers.iter().any(|g| g.p_value < alpha),
        ]
    }
}

/// A seat's tally under one chooser.
#[derive(Clone, Debug, Default, PartialEq)]
struct SeatBook {
    tail: Tail,
    times: u32,
}

/// One chooser's running books: flat in the shift's length (the tails keep a fixed
/// grid once long).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Books {
    decisions: u32,
    against_best: u32,
    given: f64,
    honest_given: f64,
    bound: u32,
    departures: u32,
    departed_given: f64,
    free: Tail,
    free_count: u32,
    seats: BTreeMap<PlayerRef, SeatBook>,
}

impl Books {
    /// One more choice of this chooser.
    pub fn add(&mut self, d: &Decision, opts: Options) {
        let honest = d.honest(opts.lapse);
        let given = [d.given_by(0), d.given_by(1)];
        self.decisions += 1;
        self.against_best += u32::from(d.against_best());
        self.given += d.given_away();
        self.honest_given += honest[0] * given[0] + honest[1] * given[1];
        match d.table {
            BankDuty::MustDraw | BankDuty::MustStand => {
                let t = if d.table == BankDuty::MustDraw { 0 } else { 1 };
                if d.best() == Some(t) {
                    self.bound += 1;
                    if d.chosen != t {
                        self.departures += 1;
                        self.departed_given += d.given_away();
                    }
                }
            }
            BankDuty::Chooses => {
                self.free_count += 1;
                self.free.add(d.given_away(), given, honest);
            }
        }
        add_gains(&mut self.seats, d, opts);
    }

    /// How many figures this chooser adds to the shift's correction: those that can
    /// come out small whatever he chose (departures where the table decided, free
    /// choices and seats where the options differed), known before his choices are.
    fn tests(&self) -> u32 {
        u32::from(self.bound > 0)
            + u32::from(self.free.varies())
            + self.seats.values().filter(|s| s.tail.varies()).count() as u32
    }

    /// His verdict, his figures corrected for `tests` weighed in the shift.
    fn verdict(&self, decider: Decider, tests: u32, opts: Options) -> Verdict {
        let departures_chance = binomial_tail(self.bound, self.departures, opts.lapse);
        let free_chance = self.free.chance();
        let mut gainers = gainers_of(&self.seats);
        for g in &mut gainers {
            g.p_value = g.chance.times(tests).p;
        }
        gainers.sort_by(|a, b| a.chance.p.total_cmp(&b.chance.p).then(b.gained.total_cmp(&a.gained)));
        let least = gainers.iter().map(|g| g.chance.p).fold(departures_chance.p.min(free_chance.p), f64::min);
        let p_value = Chance::bound(least).times(tests).p;
        Verdict {
            decider,
            decisions: self.decisions,
            against_best: self.against_best,
            given_away: self.given,
            honest_given: self.honest_given,
            bound: self.bound,
            departures: self.departures,
            departed_given: self.departed_given,
            departures_chance,
            free: self.free_count,
            free_given: self.free.observed,
            free_honest: self.free.expected,
            free_chance,
            p_value,
            tests,
            flagged: p_value < opts.alpha,
            gainers,
        }
    }
}

/// Every chooser's books, in the order they first chose; and each seat's gains from
/// every banker's choices together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ledger {
    books: Vec<(Decider, Books)>,
    pooled: BTreeMap<PlayerRef, SeatBook>,
}

impl Ledger {
    pub fn add(&mut self, d: &Decision, opts: Options) {
        let i = match self.books.iter().position(|(k, _)| *k == d.decider) {
            Some(i) => i,
            None => {
                self.books.push((d.decider, Books::default()));
                self.books.len() - 1
            }
        };
        if let Some((_, b)) = self.books.get_mut(i) {
            b.add(d, opts);
        }
        if matches!(d.decider, Decider::Banker(_)) {
            add_gains(&mut self.pooled, d, opts);
        }
    }

    /// How many figures the shift weighs.
    pub fn tests(&self) -> u32 {
        let pooled = self.pooled.values().filter(|s| s.tail.varies()).count() as u32;
        self.books.iter().map(|(_, b)| b.tests()).sum::<u32>() + pooled
    }

    /// Each chooser's verdict, corrected for every figure of the shift.
    pub fn verdicts(&self, opts: Options) -> Vec<Verdict> {
        let tests = self.tests();
        self.books.iter().map(|(k, b)| b.verdict(*k, tests, opts)).collect()
    }

    /// Each seat's gains from every banker's choices together (a seat served by
    /// several bankers, or by one in several stretches), corrected like the rest; the
    /// least likely first.
    pub fn seats(&self) -> Vec<Gainer> {
        let tests = self.tests();
        let mut out = gainers_of(&self.pooled);
        for g in &mut out {
            g.p_value = g.chance.times(tests).p;
        }
        out.sort_by(|a, b| a.chance.p.total_cmp(&b.chance.p).then(b.gained.total_cmp(&a.gained)));
        out
    }
}

/// Each party's gain from choice `d` against the chooser's best, into `seats` (the
/// chooser himself left out).
fn add_gains(seats: &mut BTreeMap<PlayerRef, SeatBook>, d: &Decision, opts: Options) {
    let honest = d.honest(opts.lapse);
    let b = d.best().unwrap_or(d.chosen);
    for (p, v) in &d.parties {
        if Decider::Banker(Some(*p)) == d.decider || Decider::Player(Some(*p)) == d.decider {
            continue;
        }
        let gain = [v[0] - v[b], v[1] - v[b]];
        let e = seats.entry(*p).or_default();
        e.tail.add(gain[d.chosen], gain, honest);
        if d.against_best() && gain[d.chosen] > 1e-4 {
            e.times += 1;
        }
    }
}

/// The seats that gained, with their figures (not yet corrected).
fn gainers_of(seats: &BTreeMap<PlayerRef, SeatBook>) -> Vec<Gainer> {
    seats
        .iter()
        .filter(|(_, s)| s.times > 0 && s.tail.observed > 0.0)
        .map(|(player, s)| Gainer {
            player: *player,
            gained: s.tail.observed,
            expected: s.tail.expected,
            times: s.times,
            chance: s.tail.chance(),
            p_value: 1.0,
        })
        .collect()
}

/// Each chooser's verdict from a shift's choices, in the order they first chose.
pub fn verdicts(decisions: &[Decision], opts: Options) -> Vec<Verdict> {
    let mut l = Ledger::default();
    for d in decisions {
        l.add(d, opts);
    }
    l.verdicts(opts)
}
