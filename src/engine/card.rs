//! Cards and their points (R-C-1).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A suit: clubs, diamonds, hearts, spades (`c d h s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// The suit's symbol, for the screen.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            'c' | '♣' => Some(Suit::Clubs),
            'd' | '♦' => Some(Suit::Diamonds),
            'h' | '♥' => Some(Suit::Hearts),
            's' | '♠' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A rank, ace to king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// Baccarat points: ace 1, two to nine their face, ten and faces 0 (R-C-1).
    pub const fn points(self) -> u8 {
        let n = self as u8;
        if n >= 10 { 0 } else { n }
    }

    /// How many cards this card burns when it opens a Punto y Banca shoe: its index,
    /// tens and faces counting 10 (R-PB-5).
    pub const fn burn_count(self) -> u8 {
        let n = self as u8;
        if n >= 10 { 10 } else { n }
    }

    pub const fn letter(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
        }
    }

    fn from_letter(c: char) -> Option<Rank> {
        Some(match c.to_ascii_uppercase() {
            'A' | '1' => Rank::Ace,
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | '0' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            _ => return None,
        })
    }
}

/// One playing card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// Points of the card (R-C-1).
    pub const fn points(self) -> u8 {
        self.rank.points()
    }

    /// 0..52, rank-major: the index of this card in a deck.
    pub const fn index(self) -> usize {
        (self.rank as usize - 1) * 4 + self.suit as usize
    }

    pub fn from_index(i: usize) -> Option<Card> {
        if i >= 52 {
            return None;
        }
        Some(Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]))
    }

    /// Every card of one deck.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).filter_map(Card::from_index)
    }

    /// `9♥`, `10♠`: for people.
    pub fn pretty(self) -> String {
        let rank = match self.rank {
            Rank::Ten => "10".to_string(),
            r => r.letter().to_string(),
        };
        format!("{rank}{}", self.suit.symbol())
    }
}

/// Why a text is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card: write rank then suit, ranks A 2 3 4 5 6 7 8 9 T J Q K, suits c d h s (e.g. 9h, Td)")]
pub struct BadCard(pub String);

impl FromStr for Card {
    type Err = BadCard;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let chars: Vec<char> = t.chars().collect();
        let (rank, suit) = match chars.as_slice() {
            [r, s] => (Rank::from_letter(*r), Suit::from_letter(*s)),
            ['1', '0', s] => (Some(Rank::Ten), Suit::from_letter(*s)),
            _ => (None, None),
        };
        match (rank, suit) {
            (Some(rank), Some(suit)) => Ok(Card { rank, suit }),
            _ => Err(BadCard(t.to_string())),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// R-C-1: two sums of points added, the tens dropped (a total and a card's points,
/// two totals' parts): `points_total(7, 8)` is 5.
pub const fn points_total(a: u8, b: u8) -> u8 {
    (a % 10 + b % 10) % 10
}

/// `points_total` for points held as indices (0 to 9), as the exact analysis counts
/// them.
pub const fn points_total_at(a: usize, b: usize) -> usize {
    (a % 10 + b % 10) % 10
}

/// A hand's total and the clause it rests on: the points summed, the tens dropped
/// (R-C-1), whether two cards or three.
pub fn ruled_total(cards: &[Card]) -> (u8, super::clause::Clause) {
    (total(cards), super::clause::Clause::C1)
}

/// A hand's total: the sum of its points, tens dropped (R-C-1).
pub fn total(cards: &[Card]) -> u8 {
    cards.iter().map(|c| c.points()).sum::<u8>() % 10
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn points_r_c_1() {
        // R-C-1: ace 1, 2–9 face value, 10/J/Q/K 0; total mod 10.
        assert_eq!(c("Ah").points(), 1);
        assert_eq!(c("9s").points(), 9);
        for t in ["Tc", "Jd", "Qh", "Ks"] {
            assert_eq!(c(t).points(), 0, "{t}");
        }
        assert_eq!(total(&[c("7h"), c("8c")]), 5);
        assert_eq!(total(&[c("9h"), c("9c"), c("9d")]), 7);
        assert_eq!(total(&[c("Kh"), c("Qc")]), 0);
    }

    #[test]
    fn parse_and_print() {
        for card in Card::deck() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
        assert_eq!(c("10h"), c("Th"));
        assert_eq!(c(" 9H "), c("9h"));
        for bad in ["", "9", "9x", "Xh", "9hh", "11h", "♥9"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        assert_eq!(c("Td").pretty(), "10♦");
    }

    #[test]
    fn burn_counts_tens_as_ten_r_pb_5() {
        // R-PB-5: the first card's index says how many to burn, tens and faces 10.
        assert_eq!(Rank::King.burn_count(), 10);
        assert_eq!(Rank::Ace.burn_count(), 1);
        assert_eq!(Rank::Seven.burn_count(), 7);
    }
}
