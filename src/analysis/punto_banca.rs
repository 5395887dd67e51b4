//! Punto y Banca's exact odds for any composition (R-PB-4, R-PB-7).
//!
//! Every coup is decided by at most six cards. The enumeration counts the ordered
//! sequences of six cards the shoe can deal (`N·(N−1)…(N−5)` of them, or `N⁶` with
//! replacement), grouped by point value and weighted by how many cards of each value
//! are left: a coup that uses only four or five cards stands for every way the unused
//! cards could follow. The counts are exact integers, so banker + player + tie is
//! exactly the number of sequences. The deal order (R-PB-6) does not change the odds:
//! the cards are exchangeable.

use super::composition::{Composition, CompositionError, pair_ways};
use crate::engine::drawing::{banca_draws, fares_against, is_natural, punto_draws};
use crate::engine::{Rate, points_total_at};
use rust_decimal::prelude::ToPrimitive;

/// Exact counts of the ordered six-card sequences by result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PbOdds {
    pub banker: u128,
    pub player: u128,
    pub tie: u128,
    /// Sequences where punto or banca (or both) has a natural: the coup ends at once.
    pub natural: u128,
    /// Every sequence: `banker + player + tie`.
    pub total: u128,
}

/// The house edge of each even-money bet, per unit staked, ties pushing (R-PB-4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edges {
    /// Banca bet, paid 1 to 1 less the commission.
    pub banker: f64,
    /// Punto bet, paid 1 to 1.
    pub player: f64,
}

fn ratio(a: u128, b: u128) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

impl PbOdds {
    pub fn p_banker(&self) -> f64 {
        ratio(self.banker, self.total)
    }
    pub fn p_player(&self) -> f64 {
        ratio(self.player, self.total)
    }
    pub fn p_tie(&self) -> f64 {
        ratio(self.tie, self.total)
    }
    /// Probability that the coup ends on a natural (R-PB-7).
    pub fn p_natural(&self) -> f64 {
        ratio(self.natural, self.total)
    }

    /// The house edges with `commission` taken from winning banca bets (R-PB-4). The
    /// commission's rounding to the cent on each bet is left out: the edge is per unit.
    pub fn edges(&self, commission: Rate) -> Edges {
        // A rate always has an f64 value; NaN would show loudly in every edge.
        let c = commission.decimal().to_f64().unwrap_or(f64::NAN);
        let (b, p) = (self.p_banker(), self.p_player());
        Edges { banker: p - b * (1.0 - c), player: b - p }
    }
}

/// Adds `w` sequences to the result of punto `pt` against banca `bt` (final totals).
#[inline]
fn add(acc: &mut PbOdds, pt: usize, bt: usize, w: u128) {
    match fares_against(bt as u8, false, pt as u8, false) {
        std::cmp::Ordering::Greater => acc.banker += w,
        std::cmp::Ordering::Less => acc.player += w,
        std::cmp::Ordering::Equal => acc.tie += w,
    }
}

/// The exact odds of a Punto y Banca coup dealt from `shoe`. `stood_up_to` is the house
/// rule of R-PB-7: when punto stood, banca draws on this total or less (standard 5).
/// Refuses a shoe with fewer than six cards: a coup can need all six.
pub fn odds(shoe: &Composition, stood_up_to: u8) -> Result<PbOdds, CompositionError> {
    shoe.check_can_deal(Composition::COUP_CARDS)?;
    let (mut n, dec) = shoe.weights();
    let total_cards = u128::from(shoe.total());
    let mut acc = PbOdds { total: Composition::ways(total_cards, 6, dec), ..PbOdds::default() };
    // After four cards: cards left, and the ways to follow with the unused ones.
    let left4 = total_cards - 4 * dec;
    let tail4 = Composition::ways(left4, 2, dec);
    let left5 = left4 - dec;
    for p1 in 0..10 {
        for p2 in p1..10 {
            let wp = pair_ways(&n, p1, p2, dec);
            if wp == 0 {
                continue;
            }
            n[p1] -= dec;
            n[p2] -= dec;
            let pt = points_total_at(p1, p2);
            for b1 in 0..10 {
                for b2 in b1..10 {
                    let wb = pair_ways(&n, b1, b2, dec);
                    if wb == 0 {
                        continue;
                    }
                    n[b1] -= dec;
                    n[b2] -= dec;
                    let w4 = wp * wb;
                    let bt = points_total_at(b1, b2);
                    play_out(&mut acc, &mut n, dec, (pt, bt), w4, (tail4, left5), stood_up_to);
                    n[b1] += dec;
                    n[b2] += dec;
                }
            }
            n[p1] += dec;
            n[p2] += dec;
        }
    }
    debug_assert_eq!(acc.banker + acc.player + acc.tie, acc.total);
    Ok(acc)
}

/// The rest of a coup after the four first cards (R-PB-7), `n` the counts left.
/// `tails`: the ways to follow four cards with two unused ones, and five with one.
#[inline]
fn play_out(
    acc: &mut PbOdds,
    n: &mut [u128; 10],
    dec: u128,
    (pt, bt): (usize, usize),
    w4: u128,
    (tail4, left5): (u128, u128),
    stood_up_to: u8,
) {
    if is_natural(pt as u8) || is_natural(bt as u8) {
        let w = w4 * tail4;
        acc.natural += w;
        add(acc, pt, bt, w);
        return;
    }
    if punto_draws(pt as u8) {
        for p3 in 0..10 {
            let w5 = w4 * n[p3];
            if w5 == 0 {
                continue;
            }
            let pf = points_total_at(pt, p3);
            if banca_draws(bt as u8, Some(p3 as u8), stood_up_to) {
                n[p3] -= dec;
                for (b3, &c) in n.iter().enumerate() {
                    add(acc, pf, points_total_at(bt, b3), w5 * c);
                }
                n[p3] += dec;
            } else {
                add(acc, pf, bt, w5 * left5);
            }
        }
    } else if banca_draws(bt as u8, None, stood_up_to) {
        for (b3, &c) in n.iter().enumerate() {
            add(acc, pt, points_total_at(bt, b3), w4 * c * left5);
        }
    } else {
        add(acc, pt, bt, w4 * tail4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_r_pb_7() {
        // R-PB-7: every sequence ends in exactly one result.
        let o = odds(&Composition::decks(1).unwrap(), 5).unwrap();
        assert_eq!(o.banker + o.player + o.tie, o.total);
        assert_eq!(o.total, 52 * 51 * 50 * 49 * 48 * 47);
        assert!(o.natural < o.total);
    }

    #[test]
    fn too_few_cards_are_refused() {
        let c = Composition::parse("5,0,0,0,0,0,0,0,0,0").unwrap();
        assert_eq!(odds(&c, 5), Err(CompositionError::TooFew { total: 5, needed: 6 }));
    }

    #[test]
    fn a_shoe_of_tens_always_ties() {
        // Only zeros: both hands 0, both draw zeros, always a tie (R-PB-7, R-PB-4).
        let o = odds(&Composition::parse("6,0,0,0,0,0,0,0,0,0").unwrap(), 5).unwrap();
        assert_eq!(o.tie, o.total);
        assert_eq!(o.total, 720);
        let e = o.edges(Rate::five_percent());
        assert_eq!(e.banker, 0.0);
        assert_eq!(e.player, 0.0);
    }
}
