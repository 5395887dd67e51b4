//! A shoe's composition by point value, checked: the input of every analysis.
//!
//! `counts[v]` is the number of cards worth `v` points (R-C-1): `counts[0]` counts the
//! tens and the faces (16 a deck), `counts[1..=9]` the aces to nines (4 a deck each).

use crate::engine::Shoe;
use std::fmt;

/// How cards come out of the shoe. Every real sabot is dealt without replacement; the
/// classical game-theoretic model of Chemin de fer (Kemeny and Snell) deals with
/// replacement, as from an infinite shoe in these proportions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Sampling {
    #[default]
    WithoutReplacement,
    WithReplacement,
}

/// What is left in a shoe, by point value. Built only through a check
/// ([`Composition::new`], [`Composition::decks`], [`Composition::parse`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Composition {
    counts: [u32; 10],
    sampling: Sampling,
}

/// Why some counts are not a composition Sabot can analyse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompositionError {
    #[error("--counts takes exactly 10 numbers c0,c1,…,c9 (c0 counts tens and faces); {found} were given")]
    WrongCount { found: usize },
    #[error("c{index} = `{text}` is not a whole number of cards")]
    NotANumber { index: usize, text: String },
    #[error("c{index} = `{text}` is negative: a shoe cannot hold fewer than no cards")]
    Negative { index: usize, text: String },
    #[error("the shoe is empty: the counts add up to zero")]
    Empty,
    #[error("a coup can need {needed} cards, and this shoe holds only {total}")]
    TooFew { total: u64, needed: u32 },
    #[error("{total} cards is more than Sabot analyses (at most {max})")]
    TooMany { total: u64, max: u32 },
    #[error("a sabot holds 1 to 8 decks, not {decks}")]
    Decks { decks: i64 },
    #[error("no card worth {points} is left to take out of the shoe")]
    NotLeft { points: u8 },
    #[error("{points} is not a card's points: points go from 0 to 9")]
    BadPoints { points: u8 },
}

impl Composition {
    /// The most cards an analysis takes: keeps every count of card sequences far inside
    /// `u128` (a million cards to the sixth power is 1e36).
    pub const MAX_CARDS: u32 = 1_000_000;
    /// The most cards one coup can use: two hands of three.
    pub const COUP_CARDS: u32 = 6;

    /// These counts, dealt without replacement. Refuses an empty shoe and absurd sizes.
    pub fn new(counts: [u32; 10]) -> Result<Composition, CompositionError> {
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if total == 0 {
            return Err(CompositionError::Empty);
        }
        if total > u64::from(Self::MAX_CARDS) {
            return Err(CompositionError::TooMany { total, max: Self::MAX_CARDS });
        }
        Ok(Composition { counts, sampling: Sampling::WithoutReplacement })
    }

    /// An infinite shoe in these proportions: every card is dealt with replacement.
    pub fn with_replacement(counts: [u32; 10]) -> Result<Composition, CompositionError> {
        Ok(Composition { sampling: Sampling::WithReplacement, ..Composition::new(counts)? })
    }

    /// A full sabot of `decks` decks (1 to 8, R-C-3).
    pub fn decks(decks: i64) -> Result<Composition, CompositionError> {
        if !(1..=8).contains(&decks) {
            return Err(CompositionError::Decks { decks });
        }
        let n = decks as u32;
        let mut counts = [4 * n; 10];
        counts[0] = 16 * n;
        Composition::new(counts)
    }

    /// One deck's proportions dealt with replacement: the model of Kemeny and Snell.
    pub fn single_deck_with_replacement() -> Composition {
        let mut counts = [1u32; 10];
        counts[0] = 4;
        Composition { counts, sampling: Sampling::WithReplacement }
    }

    /// What the engine's shoe has not shown yet, by points.
    pub fn from_shoe(shoe: &Shoe) -> Result<Composition, CompositionError> {
        Composition::new(shoe.points_counts())
    }

    /// Reads `c0,c1,…,c9`: exactly ten whole numbers, commas between (spaces allowed).
    pub fn parse(text: &str) -> Result<Composition, CompositionError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 10 {
            let found = if text.trim().is_empty() { 0 } else { parts.len() };
            return Err(CompositionError::WrongCount { found });
        }
        let mut counts = [0u32; 10];
        for (index, part) in parts.iter().enumerate() {
            if let Some(rest) = part.strip_prefix('-')
                && !rest.is_empty()
                && rest.chars().all(|c| c.is_ascii_digit())
            {
                return Err(CompositionError::Negative { index, text: part.to_string() });
            }
            if part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) {
                return Err(CompositionError::NotANumber { index, text: part.to_string() });
            }
            counts[index] = match part.parse::<u32>() {
                Ok(n) => n,
                Err(_) => {
                    return Err(CompositionError::TooMany { total: u64::MAX, max: Self::MAX_CARDS });
                }
            };
        }
        Composition::new(counts)
    }

    pub fn counts(&self) -> [u32; 10] {
        self.counts
    }

    pub fn sampling(&self) -> Sampling {
        self.sampling
    }

    /// Cards in the shoe (for a shoe with replacement: in the deck it repeats).
    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Refuses a shoe that cannot deal `needed` cards (with replacement any shoe can).
    pub fn check_can_deal(&self, needed: u32) -> Result<(), CompositionError> {
        if self.sampling == Sampling::WithoutReplacement && self.total() < needed {
            return Err(CompositionError::TooFew { total: u64::from(self.total()), needed });
        }
        Ok(())
    }

    /// The shoe after these cards (by points) came out of it. With replacement the shoe
    /// does not change.
    pub fn without(&self, points: &[u8]) -> Result<Composition, CompositionError> {
        let mut counts = self.counts;
        for &p in points {
            if p > 9 {
                return Err(CompositionError::BadPoints { points: p });
            }
            if self.sampling == Sampling::WithoutReplacement {
                let slot = &mut counts[usize::from(p)];
                if *slot == 0 {
                    return Err(CompositionError::NotLeft { points: p });
                }
                *slot -= 1;
            }
        }
        match self.sampling {
            Sampling::WithoutReplacement => Composition::new(counts),
            Sampling::WithReplacement => Ok(*self),
        }
    }

    /// The shoe with these cards (by points) put back: the banker's view of cards the
    /// engine knows but he has not seen.
    pub fn with(&self, points: &[u8]) -> Result<Composition, CompositionError> {
        let mut counts = self.counts;
        for &p in points {
            if p > 9 {
                return Err(CompositionError::BadPoints { points: p });
            }
            if self.sampling == Sampling::WithoutReplacement {
                counts[usize::from(p)] = counts[usize::from(p)].saturating_add(1);
            }
        }
        match self.sampling {
            Sampling::WithoutReplacement => Composition::new(counts),
            Sampling::WithReplacement => Ok(*self),
        }
    }

    /// The counts as `u128`, and how much a card drawn lowers its own count (1 without
    /// replacement, 0 with): the two things every enumeration needs.
    pub(crate) fn weights(&self) -> ([u128; 10], u128) {
        let mut n = [0u128; 10];
        for (slot, &c) in n.iter_mut().zip(self.counts.iter()) {
            *slot = u128::from(c);
        }
        let dec = match self.sampling {
            Sampling::WithoutReplacement => 1,
            Sampling::WithReplacement => 0,
        };
        (n, dec)
    }

    /// Ways to deal `k` more cards, in order, when `left` cards are in the shoe:
    /// `left·(left−1)…` without replacement, `left^k` with.
    pub(crate) fn ways(left: u128, k: u32, dec: u128) -> u128 {
        let mut w = 1u128;
        for i in 0..u128::from(k) {
            w *= left.saturating_sub(i * dec);
        }
        w
    }
}

/// Ordered ways to take the pair of values `(a, b)`, `a <= b`, from counts `n` (both
/// orders when they differ); `dec` as in [`Composition::weights`].
#[inline]
pub(crate) fn pair_ways(n: &[u128; 10], a: usize, b: usize, dec: u128) -> u128 {
    if a == b { n[a] * n[a].saturating_sub(dec) } else { 2 * n[a] * n[b] }
}

impl fmt::Display for Composition {
    /// `c0,c1,…,c9`, the form `--counts` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.counts.iter().map(|c| c.to_string()).collect();
        write!(f, "{}", parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_by_points_r_c_1_r_c_3() {
        // R-C-1: tens and faces count 0; R-C-3: N decks of 52.
        let c = Composition::decks(8).unwrap();
        assert_eq!(c.counts(), [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]);
        assert_eq!(c.total(), 416);
        assert_eq!(Composition::decks(0), Err(CompositionError::Decks { decks: 0 }));
        assert_eq!(Composition::decks(9), Err(CompositionError::Decks { decks: 9 }));
        assert_eq!(Composition::from_shoe(&Shoe::decks(6)).unwrap(), Composition::decks(6).unwrap());
    }

    #[test]
    fn parses_counts_and_says_what_is_wrong() {
        let c = Composition::parse("16, 4,4,4,4,4,4,4,4,4").unwrap();
        assert_eq!(c, Composition::decks(1).unwrap());
        assert_eq!(c.to_string(), "16,4,4,4,4,4,4,4,4,4");
        assert_eq!(Composition::parse("1,2,3"), Err(CompositionError::WrongCount { found: 3 }));
        assert_eq!(Composition::parse(""), Err(CompositionError::WrongCount { found: 0 }));
        assert_eq!(
            Composition::parse("1,2,3,4,5,6,7,8,9,x"),
            Err(CompositionError::NotANumber { index: 9, text: "x".into() })
        );
        assert_eq!(
            Composition::parse("1,-2,3,4,5,6,7,8,9,1"),
            Err(CompositionError::Negative { index: 1, text: "-2".into() })
        );
        assert_eq!(
            Composition::parse("1,2.5,3,4,5,6,7,8,9,1"),
            Err(CompositionError::NotANumber { index: 1, text: "2.5".into() })
        );
        assert_eq!(Composition::parse("0,0,0,0,0,0,0,0,0,0"), Err(CompositionError::Empty));
        assert!(matches!(Composition::parse("99999999999,0,0,0,0,0,0,0,0,0"), Err(CompositionError::TooMany { .. })));
        assert!(matches!(Composition::parse("999999,999999,0,0,0,0,0,0,0,0"), Err(CompositionError::TooMany { .. })));
        let small = Composition::parse("1,1,1,0,0,0,0,0,0,0").unwrap();
        assert_eq!(small.check_can_deal(6), Err(CompositionError::TooFew { total: 3, needed: 6 }));
    }

    #[test]
    fn cards_out_and_back() {
        let c = Composition::decks(1).unwrap();
        let d = c.without(&[9, 9, 0]).unwrap();
        assert_eq!(d.counts()[9], 2);
        assert_eq!(d.counts()[0], 15);
        assert_eq!(d.with(&[9]).unwrap().counts()[9], 3);
        assert_eq!(c.without(&[10]), Err(CompositionError::BadPoints { points: 10 }));
        let one = Composition::parse("0,0,0,0,0,0,0,0,0,1").unwrap();
        assert_eq!(one.without(&[8]), Err(CompositionError::NotLeft { points: 8 }));
        let inf = Composition::single_deck_with_replacement();
        assert_eq!(inf.without(&[9, 9, 9, 9, 9]).unwrap(), inf);
        assert!(inf.check_can_deal(6).is_ok());
    }

    #[test]
    fn ways_to_deal() {
        assert_eq!(Composition::ways(10, 3, 1), 720);
        assert_eq!(Composition::ways(10, 3, 0), 1000);
        assert_eq!(Composition::ways(10, 0, 1), 1);
        assert_eq!(Composition::ways(2, 3, 1), 0);
    }
}
