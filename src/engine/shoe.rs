//! The sabot as a composition: what cards are left in it (R-C-3).
//!
//! In live play the order of the cards is unknown, so the engine keeps the
//! composition of what it has not seen yet: a card entered by the croupier must be
//! among them. Cards dealt face down leave the sabot unseen; they are identified when
//! turned over. A composition may be exact (every card) or by point value only
//! (`counts`), as table scripts allow.

use super::card::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};

/// What is left, as the engine knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shoe {
    /// Unseen cards by card index (`Card::index`); all zero when only points are known.
    by_card: Vec<u16>,
    /// Unseen cards by point value 0..9.
    by_points: [u32; 10],
    /// True when card identities are known (`by_card` is meaningful).
    exact: bool,
    /// Cards that left the sabot face down and have not been identified yet.
    hidden_out: u32,
    /// Cards the shoe held when filled.
    size: u32,
}

/// Why a card cannot come out of the sabot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShoeError {
    /// The card is not among the cards left (all of that card are already seen).
    NotLeft(Card),
    /// No card is left in the sabot.
    Empty,
}

impl Shoe {
    /// A full sabot of `decks` decks of 52 (R-C-3).
    pub fn decks(decks: u8) -> Shoe {
        let n = u16::from(decks);
        let mut by_points = [0u32; 10];
        for rank in Rank::ALL {
            by_points[rank.points() as usize] += u32::from(n) * 4;
        }
        Shoe { by_card: vec![n; 52], by_points, exact: true, hidden_out: 0, size: u32::from(n) * 52 }
    }

    /// Exactly these cards.
    pub fn from_cards(cards: &[Card]) -> Shoe {
        let mut by_card = vec![0u16; 52];
        let mut by_points = [0u32; 10];
        for c in cards {
            by_card[c.index()] = by_card[c.index()].saturating_add(1);
            by_points[c.points() as usize] += 1;
        }
        Shoe { by_card, by_points, exact: true, hidden_out: 0, size: cards.len() as u32 }
    }

    /// By point value only: `counts[v]` cards worth `v` (0 for tens and faces).
    pub fn from_counts(counts: [u32; 10]) -> Shoe {
        let size = counts.iter().sum();
        Shoe { by_card: vec![0; 52], by_points: counts, exact: false, hidden_out: 0, size }
    }

    /// Cards not yet seen (in the sabot, or out face down).
    pub fn unseen(&self) -> u32 {
        self.by_points.iter().sum()
    }

    /// Cards physically left in the sabot.
    pub fn in_sabot(&self) -> u32 {
        self.unseen().saturating_sub(self.hidden_out)
    }

    /// Cards out face down and not identified yet.
    pub fn hidden_out(&self) -> u32 {
        self.hidden_out
    }

    pub fn size(&self) -> u32 {
        self.size
    }

    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Unseen cards by point value (for exact odds, R-C-1).
    pub fn points_counts(&self) -> [u32; 10] {
        self.by_points
    }

    /// How many of this card are unseen (by point value when identities are unknown).
    pub fn count_of(&self, card: Card) -> u32 {
        if self.exact { u32::from(self.by_card[card.index()]) } else { self.by_points[card.points() as usize] }
    }

    /// Can these cards all be among the unseen ones? (the same card twice needs two)
    pub fn check_unseen(&self, cards: &[Card]) -> Result<(), ShoeError> {
        for (i, c) in cards.iter().enumerate() {
            let same_before =
                cards[..i].iter().filter(|d| if self.exact { *d == c } else { d.points() == c.points() }).count()
                    as u32;
            if self.count_of(*c) <= same_before {
                return Err(ShoeError::NotLeft(*c));
            }
        }
        Ok(())
    }

    /// Can a card come out of the sabot face up now?
    pub fn check_draw(&self, card: Card) -> Result<(), ShoeError> {
        if self.in_sabot() == 0 {
            return Err(ShoeError::Empty);
        }
        self.check_unseen(&[card])
    }

    /// A card leaves the sabot face up. Call `check_draw` first.
    pub fn draw_known(&mut self, card: Card) {
        self.identify(card);
    }

    /// Can `n` cards leave the sabot face down?
    pub fn check_draw_hidden(&self, n: u32) -> Result<(), ShoeError> {
        if self.in_sabot() < n { Err(ShoeError::Empty) } else { Ok(()) }
    }

    /// `n` cards leave the sabot face down, unseen.
    pub fn draw_hidden(&mut self, n: u32) {
        self.hidden_out += n;
    }

    /// A card that left face down is turned over. Call `check_unseen` first.
    pub fn reveal(&mut self, card: Card) {
        self.hidden_out = self.hidden_out.saturating_sub(1);
        self.identify(card);
    }

    fn identify(&mut self, card: Card) {
        if self.exact {
            let slot = &mut self.by_card[card.index()];
            *slot = slot.saturating_sub(1);
        }
        let p = &mut self.by_points[card.points() as usize];
        *p = p.saturating_sub(1);
    }

    /// The unseen cards, one entry a card (exact shoes only; empty otherwise).
    pub fn unseen_cards(&self) -> Vec<Card> {
        let mut out = Vec::new();
        if self.exact {
            for (i, n) in self.by_card.iter().enumerate() {
                if let Some(card) = Card::from_index(i) {
                    out.extend(std::iter::repeat_n(card, usize::from(*n)));
                }
            }
        }
        out
    }

    /// The unseen cards, or a stand-in card for every unseen point when identities are
    /// unknown (a ten of clubs for 0, an ace of clubs for 1, …): enough to play by points.
    pub fn unseen_cards_or_stand_ins(&self) -> Vec<Card> {
        if self.exact {
            return self.unseen_cards();
        }
        let mut out = Vec::new();
        for (v, n) in self.by_points.iter().enumerate() {
            let rank = if v == 0 { Rank::Ten } else { Rank::ALL[v - 1] };
            out.extend(std::iter::repeat_n(Card::new(rank, Suit::Clubs), *n as usize));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn six_decks_r_c_3() {
        // R-C-3: the sabot holds N decks of 52.
        let s = Shoe::decks(6);
        assert_eq!(s.unseen(), 312);
        assert_eq!(s.points_counts()[0], 96);
        assert_eq!(s.points_counts()[9], 24);
        assert_eq!(s.count_of(c("9h")), 6);
    }

    #[test]
    fn a_card_not_left_is_refused_r_c_3() {
        // R-C-3: a card that is not left in the sabot is an entry error.
        let mut s = Shoe::decks(1);
        assert!(s.check_draw(c("9h")).is_ok());
        s.draw_known(c("9h"));
        assert_eq!(s.check_draw(c("9h")), Err(ShoeError::NotLeft(c("9h"))));
        assert_eq!(s.check_unseen(&[c("8h"), c("8h")]), Err(ShoeError::NotLeft(c("8h"))));
        assert_eq!(s.unseen(), 51);
    }

    #[test]
    fn hidden_cards_leave_the_sabot_unseen() {
        let mut s = Shoe::from_cards(&[c("2h"), c("3h"), c("4h")]);
        s.draw_hidden(2);
        assert_eq!(s.in_sabot(), 1);
        assert_eq!(s.unseen(), 3);
        assert!(s.check_draw_hidden(2).is_err());
        s.reveal(c("3h"));
        assert_eq!(s.unseen(), 2);
        assert_eq!(s.in_sabot(), 1);
        assert_eq!(s.check_unseen(&[c("3h")]), Err(ShoeError::NotLeft(c("3h"))));
    }

    #[test]
    fn counts_shoe_checks_points_only() {
        let s = Shoe::from_counts([0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert!(s.check_unseen(&[c("9h"), c("9s")]).is_ok());
        assert!(s.check_unseen(&[c("9h"), c("9s"), c("9c")]).is_err());
        assert!(s.check_draw(c("8h")).is_err());
        assert_eq!(s.unseen_cards_or_stand_ins().len(), 2);
    }
}
