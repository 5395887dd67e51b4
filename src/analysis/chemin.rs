//! Chemin de fer as a two-person game (R-CF-8): the player decides only on a two-card 5
//! (R-BQ-11); the bank decides in each cell of its table, by its two-card total (0 to 7)
//! and the player's third card (0 to 9) or that he stood (column 10).
//!
//! [`cell_counts`] enumerates the whole coup once for a player who draws on a given set
//! of totals, and returns, for every cell of the bank's table, the card sequences that
//! reach it by result (player wins, loses, ties), when the bank draws and when it stands:
//! exact integers over the ordered six-card sequences. The game is additive in the
//! bank's 88 choices, so everything else follows from these numbers:
//! - [`odds`]: the chances of a coup for a fixed play on 5 and a fixed bank table;
//! - [`solve`]: the game-theoretic solution, by the algorithm Foster gave for additive
//!   2 × 2ⁿ games: the player's gain `V(p)` when the bank answers his play on 5 as well
//!   as it can is concave and piecewise linear in `p`; its maximum is at a kink, found
//!   exactly in rational arithmetic.
//!
//! The bank here sees its total, not the cards that make it (the "Model 1" of the
//! literature). With replacement (an infinite single deck) this is the model that
//! Kemeny and Snell solved in 1957; see the tests in `tests/analysis_published.rs`.

use super::composition::{Composition, CompositionError, pair_ways};
use crate::engine::drawing::{Cell, PlayerDuty, bank_cell, fares_against, is_natural, player_duty};
use crate::engine::points_total_at;

/// Column of the bank's table when the player stood (R-BQ-13's `—`).
pub const STOOD: usize = 10;

/// Card sequences by result, from the player's side: wins, losses, ties.
pub type Results = [u128; 3];

/// A Chemin de fer coup enumerated for one pure play of the player, cell by cell of the
/// bank's table: `draw[b][x]` counts the sequences that reach the cell of bank total `b`
/// and column `x`, by result when the bank draws there; `stand[b][x]` when it stands;
/// `naturals` the sequences a natural ends. Everything is over `total` ordered six-card
/// sequences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellCounts {
    pub draw: [[Results; 11]; 8],
    pub stand: [[Results; 11]; 8],
    pub naturals: Results,
    pub total: u128,
}

/// The player's gain over some sequences: wins less losses.
pub fn gain_of(r: &Results) -> i128 {
    r[0] as i128 - r[1] as i128
}

impl CellCounts {
    /// The sequences that reach cell `(b, x)`.
    pub fn reach(&self, b: usize, x: usize) -> u128 {
        self.stand[b][x].iter().sum()
    }
    /// The player's gain over the sequences of cell `(b, x)` when the bank draws.
    pub fn gain_draw(&self, b: usize, x: usize) -> i128 {
        gain_of(&self.draw[b][x])
    }
    /// The player's gain over the sequences of cell `(b, x)` when the bank stands.
    pub fn gain_stand(&self, b: usize, x: usize) -> i128 {
        gain_of(&self.stand[b][x])
    }
}

/// The player's result against the bank: 0 wins, 1 loses, 2 ties (both final totals;
/// where one is a natural both are two-card totals, and the totals decide).
#[inline]
fn result(player: usize, bank: usize) -> usize {
    super::banker::index(fares_against(player as u8, false, bank as u8, false))
}

/// Enumerates a Chemin de fer coup for a player who draws on the totals in `draws`
/// (index 0 to 7; 8 and 9 are naturals). Exact.
pub fn cell_counts(shoe: &Composition, draws: [bool; 8]) -> Result<CellCounts, CompositionError> {
    shoe.check_can_deal(Composition::COUP_CARDS)?;
    let (mut n, dec) = shoe.weights();
    let cards = u128::from(shoe.total());
    let left4 = cards - 4 * dec;
    let left5 = left4 - dec;
    let tail4 = Composition::ways(left4, 2, dec);
    let mut out = CellCounts {
        draw: [[[0; 3]; 11]; 8],
        stand: [[[0; 3]; 11]; 8],
        naturals: [0; 3],
        total: Composition::ways(cards, 6, dec),
    };
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
                    let bt = points_total_at(b1, b2);
                    let w4 = wp * wb;
                    if is_natural(pt as u8) || is_natural(bt as u8) {
                        out.naturals[result(pt, bt)] += w4 * tail4;
                    } else if draws[pt] {
                        // The player's third card `x` is the column; one card is left
                        // unused when the bank stands, none when it draws.
                        for x in 0..10 {
                            let w5 = w4 * n[x];
                            if w5 == 0 {
                                continue;
                            }
                            n[x] -= dec;
                            let pf = points_total_at(pt, x);
                            out.stand[bt][x][result(pf, bt)] += w5 * left5;
                            for (y, &c) in n.iter().enumerate() {
                                out.draw[bt][x][result(pf, points_total_at(bt, y))] += w5 * c;
                            }
                            n[x] += dec;
                        }
                    } else {
                        out.stand[bt][STOOD][result(pt, bt)] += w4 * tail4;
                        for (y, &c) in n.iter().enumerate() {
                            out.draw[bt][STOOD][result(pt, points_total_at(bt, y))] += w4 * c * left5;
                        }
                    }
                    n[b1] += dec;
                    n[b2] += dec;
                }
            }
            n[p1] += dec;
            n[p2] += dec;
        }
    }
    Ok(out)
}

/// The player's play by the engine's duty (R-BQ-11, `player_duty`), his free
/// totals (5) drawing when `on_five`, or standing.
pub fn player_draws(on_five: bool) -> [bool; 8] {
    std::array::from_fn(|total| match player_duty(total as u8, false) {
        PlayerDuty::MustDraw => true,
        PlayerDuty::Chooses => on_five,
        PlayerDuty::MustStand | PlayerDuty::ShowNatural => false,
    })
}

/// A bank's play: the probability that it draws in each cell of its table.
pub type BankPlay = [[f64; 11]; 8];

/// The bank following the table of R-BQ-13, with its `O` cells drawn with probability
/// `optional`.
pub fn table_play(optional: f64) -> BankPlay {
    let mut play = [[0.0; 11]; 8];
    for (b, row) in play.iter_mut().enumerate() {
        for (x, slot) in row.iter_mut().enumerate() {
            let third = if x == STOOD { None } else { Some(x as u8) };
            *slot = match bank_cell(b as u8, third) {
                Cell::Draw => 1.0,
                Cell::Stand => 0.0,
                Cell::Optional => optional,
            };
        }
    }
    play
}

/// The chances of a Chemin de fer coup, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CfOdds {
    pub player: f64,
    pub bank: f64,
    pub tie: f64,
    /// A natural on either side.
    pub natural: f64,
    /// The player's expected gain per unit staked (no commission, no cagnotte).
    pub player_gain: f64,
}

/// The chances of a coup when the player draws on 5 with probability `p` and the bank
/// draws in each cell with the probability `bank` gives: the cell counts of the two
/// pure plays, mixed.
pub fn odds(shoe: &Composition, p: f64, bank: &BankPlay) -> Result<CfOdds, CompositionError> {
    let mut r = [0.0f64; 3];
    let mut natural = 0.0;
    for (on_five, weight) in [(true, p), (false, 1.0 - p)] {
        if weight == 0.0 {
            continue;
        }
        let c = cell_counts(shoe, player_draws(on_five))?;
        let total = c.total as f64;
        for (i, slot) in r.iter_mut().enumerate() {
            let mut w = c.naturals[i] as f64;
            for ((draw_row, stand_row), bank_row) in c.draw.iter().zip(&c.stand).zip(bank) {
                for ((draw, stand), &beta) in draw_row.iter().zip(stand_row).zip(bank_row) {
                    w += beta * draw[i] as f64 + (1.0 - beta) * stand[i] as f64;
                }
            }
            *slot += weight * w / total;
        }
        natural += weight * c.naturals.iter().sum::<u128>() as f64 / total;
    }
    Ok(CfOdds { player: r[0], bank: r[1], tie: r[2], natural, player_gain: r[0] - r[1] })
}

/// A fraction of integers, kept exact: `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub num: i128,
    pub den: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// `num / den` in lowest terms; `None` when `den` is zero.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let s = if den < 0 { -1 } else { 1 };
        Some(Ratio { num: s * num / g, den: s * den / g })
    }
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// `|x|·|y|` as a 256-bit number (high, low halves).
fn wide_mul(x: u128, y: u128) -> (u128, u128) {
    let mask = u128::from(u64::MAX);
    let (x1, x0) = (x >> 64, x & mask);
    let (y1, y0) = (y >> 64, y & mask);
    let (p00, p01, p10, p11) = (x0 * y0, x0 * y1, x1 * y0, x1 * y1);
    let mid = (p00 >> 64) + (p01 & mask) + (p10 & mask);
    let low = (p00 & mask) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// Compares `a/b` with `c/d` exactly (`b`, `d` > 0), without overflow.
fn cmp_fractions(a: i128, b: i128, c: i128, d: i128) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    let sign = |v: i128| v.signum();
    let by_sign = sign(a).cmp(&sign(c));
    match by_sign {
        Equal if a == 0 => Equal,
        Equal => {
            let left = wide_mul(a.unsigned_abs(), d.unsigned_abs());
            let right = wide_mul(c.unsigned_abs(), b.unsigned_abs());
            if a > 0 { left.cmp(&right) } else { right.cmp(&left) }
        }
        other => other,
    }
}

/// The solution of the game: the player's optimal probability of drawing on 5, the
/// bank's optimal play (pure in every cell but the ones where it mixes), and the value
/// of the game: the player's expected gain per unit under optimal play.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub p: Ratio,
    /// `bank[b][x]`: probability that the bank draws in that cell.
    pub bank: [[Ratio; 11]; 8],
    pub value: Ratio,
    /// The cells where the bank is indifferent at the optimal `p` (one, in the
    /// classical model: that is where it mixes).
    pub kinks: Vec<(usize, usize)>,
}

/// Solves Chemin de fer (the player free only on 5, the bank free in all 88 cells,
/// each seeing only its own total) for this shoe, exactly.
pub fn solve(shoe: &Composition) -> Result<Solution, CompositionError> {
    let d = cell_counts(shoe, player_draws(true))?;
    let s = cell_counts(shoe, player_draws(false))?;
    let total = d.total as i128;
    let g = Gains::new(&d, &s);
    let ((pn, pd), best_v) = g.best_p();
    let zero = Ratio { num: 0, den: 1 };
    let (bank, kinks) = g.bank_answer(pn, pd);
    // Both denominators are positive here, so `Ratio::new` always gives a value.
    let value = Ratio::new(best_v, pd * total).unwrap_or(zero);
    Ok(Solution { p: Ratio::new(pn, pd).unwrap_or(zero), bank, value, kinks })
}

/// The player's gain over the shoe as a function of `p`, his chance of drawing on 5:
/// in each cell (the bank's total, the player's third card or none), his gain when
/// the bank draws rather than stands, `A + B·p`; and the part that does not depend on
/// the bank (standing everywhere), `base0 + base1·p`.
struct Gains {
    a: [[i128; 11]; 8],
    b: [[i128; 11]; 8],
    base0: i128,
    base1: i128,
}

impl Gains {
    /// From the coups counted with the player drawing on 5 (`d`) and standing (`s`).
    fn new(d: &CellCounts, s: &CellCounts) -> Gains {
        let mut a = [[0i128; 11]; 8];
        let mut b = [[0i128; 11]; 8];
        let (mut base0, mut base1) = (gain_of(&s.naturals), gain_of(&d.naturals) - gain_of(&s.naturals));
        for bt in 0..8 {
            for x in 0..11 {
                a[bt][x] = s.gain_draw(bt, x) - s.gain_stand(bt, x);
                b[bt][x] = (d.gain_draw(bt, x) - d.gain_stand(bt, x)) - a[bt][x];
                base0 += s.gain_stand(bt, x);
                base1 += d.gain_stand(bt, x) - s.gain_stand(bt, x);
            }
        }
        Gains { a, b, base0, base1 }
    }

    /// V(p)·den·total for p = num/den, the bank answering best: base + Σ min(0, A·den
    /// + B·num).
    fn v_at(&self, num: i128, den: i128) -> i128 {
        let mut v = self.base0 * den + self.base1 * num;
        for bt in 0..8 {
            for x in 0..11 {
                v += (self.a[bt][x] * den + self.b[bt][x] * num).min(0);
            }
        }
        v
    }

    /// The best `p` for the player, as (num, den), with its V: the largest V among the
    /// ends and the kinks (where a cell's gain changes sign), compared as fractions.
    fn best_p(&self) -> ((i128, i128), i128) {
        let mut candidates = vec![(0i128, 1i128), (1, 1)];
        for bt in 0..8 {
            for x in 0..11 {
                // `Ratio::new` is `None` when B is 0: no kink in that cell.
                if let Some(r) = Ratio::new(-self.a[bt][x], self.b[bt][x])
                    && r.num > 0
                    && r.num < r.den
                {
                    candidates.push((r.num, r.den));
                }
            }
        }
        let mut best = candidates[0];
        let mut best_v = self.v_at(best.0, best.1);
        for &(num, den) in &candidates[1..] {
            let v = self.v_at(num, den);
            if cmp_fractions(v, den, best_v, best.1) == std::cmp::Ordering::Greater {
                best = (num, den);
                best_v = v;
            }
        }
        (best, best_v)
    }

    /// The bank's answer to p = pn/pd in each cell (its chance of drawing), and the
    /// cells where it is indifferent (the kinks).
    fn bank_answer(&self, pn: i128, pd: i128) -> ([[Ratio; 11]; 8], Vec<(usize, usize)>) {
        let (a, b) = (&self.a, &self.b);
        let zero = Ratio { num: 0, den: 1 };
        let one = Ratio { num: 1, den: 1 };
        let mut bank = [[zero; 11]; 8];
        let mut kinks = Vec::new();
        // Slope of the player's gain in p with the bank's pure answers, kinks left out.
        let mut slope = self.base1;
        for bt in 0..8 {
            for x in 0..11 {
                let delta = a[bt][x] * pd + b[bt][x] * pn;
                if delta < 0 {
                    bank[bt][x] = one;
                    slope += b[bt][x];
                } else if delta == 0 && b[bt][x] != 0 {
                    kinks.push((bt, x));
                }
                // Otherwise the bank stands: standing is better, or (A = B = 0) the
                // choice changes nothing.
            }
        }
        // At an interior optimum the bank mixes in a kink cell so that the player is
        // indifferent: slope + β·B = 0. With one kink that fixes β; with several the mix is
        // not unique: `solve` puts it in the first and says which cells were kinks. At an
        // end (no interior kink) the bank's answer is pure.
        if pn > 0
            && pn < pd
            && let Some(&(bt, x)) = kinks.first()
            && let Some(beta) = Ratio::new(-slope, b[bt][x])
        {
            bank[bt][x] = beta;
        }
        (bank, kinks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_cover_every_sequence_r_cf_8() {
        // R-CF-8: a coup ends on a natural or reaches exactly one cell of the table.
        let shoe = Composition::decks(1).unwrap();
        let c = cell_counts(&shoe, player_draws(true)).unwrap();
        let mut reached = 0;
        for b in 0..8 {
            for x in 0..11 {
                reached += c.reach(b, x);
                assert_eq!(c.reach(b, x), c.draw[b][x].iter().sum::<u128>(), "cell {b} {x}");
            }
        }
        let naturals: u128 = c.naturals.iter().sum();
        assert_eq!(reached + naturals, c.total);
    }

    #[test]
    fn odds_add_up() {
        let shoe = Composition::decks(6).unwrap();
        let o = odds(&shoe, 0.5, &table_play(1.0)).unwrap();
        assert!((o.player + o.bank + o.tie - 1.0).abs() < 1e-12);
        assert!(o.bank > o.player);
    }

    #[test]
    fn fractions_compare_exactly_past_i128() {
        use std::cmp::Ordering::*;
        let big = i128::MAX / 3;
        assert_eq!(cmp_fractions(big, big - 1, big - 1, big - 2), Less);
        assert_eq!(cmp_fractions(-big, big - 1, -(big - 1), big - 2), Greater);
        assert_eq!(cmp_fractions(2, 4, 1, 2), Equal);
        assert_eq!(cmp_fractions(-1, 3, 1, 3), Less);
        assert_eq!(cmp_fractions(0, 3, -1, 3), Greater);
        assert_eq!(wide_mul(u128::MAX, 2), (1, u128::MAX - 1));
    }

    #[test]
    fn ratios_in_lowest_terms() {
        assert_eq!(Ratio::new(18, -22), Some(Ratio { num: -9, den: 11 }));
        assert_eq!(Ratio::new(1, 0), None);
    }
}
