//! Who is who at the table: hands, spots, players, the calls of a hand's holder.

use super::card::Card;
use super::settings::Game;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A hand of cards on the table. `Tableau(1)` and `Tableau(2)` are the paños of
/// Banque; `Player` is Chemin de fer's; `Punto` and `Banca` are Punto y Banca's;
/// `Bank` is the banker's hand in Banque and Chemin de fer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum HandId {
    Tableau(u8),
    Player,
    Punto,
    Banca,
    Bank,
}

impl HandId {
    /// The hands of a game, in the order they play.
    pub fn of_game(game: Game) -> &'static [HandId] {
        match game {
            Game::Banque => &[HandId::Tableau(1), HandId::Tableau(2), HandId::Bank],
            Game::ChemindeFer => &[HandId::Player, HandId::Bank],
            Game::PuntoBanca => &[HandId::Punto, HandId::Banca],
        }
    }

    /// Position of this hand in `of_game(game)`, if the game has it.
    pub fn index_in(self, game: Game) -> Option<usize> {
        HandId::of_game(game).iter().position(|h| *h == self)
    }

    /// True for the bank's side (the banker's hand, or banca).
    pub fn is_bank_side(self) -> bool {
        matches!(self, HandId::Bank | HandId::Banca)
    }
}

impl fmt::Display for HandId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandId::Tableau(n) => write!(f, "Tableau({n})"),
            HandId::Player => f.write_str("Player"),
            HandId::Punto => f.write_str("Punto"),
            HandId::Banca => f.write_str("Banca"),
            HandId::Bank => f.write_str("Bank"),
        }
    }
}

/// Where a bet lies on the cloth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Spot {
    /// On paño 1 or 2 (Banque).
    Tableau(u8),
    /// On the line between the two paños: plays on both, split in halves (R-BQ-7).
    Cheval,
    /// On the line between a player's zone and paño N's bet zone: plays half (R-BQ-6).
    Half(u8),
    /// Chemin de fer: against the bank, on the player's side.
    Player,
    /// Punto y Banca.
    Punto,
    Banca,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Tableau(n) => write!(f, "Tableau({n})"),
            Spot::Cheval => f.write_str("Cheval"),
            Spot::Half(n) => write!(f, "Half({n})"),
            Spot::Player => f.write_str("Player"),
            Spot::Punto => f.write_str("Punto"),
            Spot::Banca => f.write_str("Banca"),
        }
    }
}

/// A player at the table: the one seated at a section, or the one standing behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerRef {
    pub seat: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub standing: bool,
}

impl PlayerRef {
    pub const fn seated(seat: u8) -> PlayerRef {
        PlayerRef { seat, standing: false }
    }
    pub const fn standing(seat: u8) -> PlayerRef {
        PlayerRef { seat, standing: true }
    }
}

impl fmt::Display for PlayerRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.standing { write!(f, "{}+", self.seat) } else { write!(f, "{}", self.seat) }
    }
}

/// What the holder of a hand says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Call {
    /// "Carta": a third card.
    Draw,
    /// "No": stands.
    Stand,
    /// Shows a natural (abatir).
    Natural,
}

/// The cards a hand holds: the first two (unknown until turned over, unless a
/// card-reading shoe read them) and at most one third card, dealt face up (R-C-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandCards {
    pub first: [Option<Card>; 2],
    pub third: Option<Card>,
}

impl HandCards {
    /// The first two cards, if both are known.
    pub fn first_two(&self) -> Option<[Card; 2]> {
        match self.first {
            [Some(a), Some(b)] => Some([a, b]),
            _ => None,
        }
    }

    /// Total of the first two cards, if known (R-C-1).
    pub fn total2(&self) -> Option<u8> {
        self.first_two().map(|[a, b]| (a.points() + b.points()) % 10)
    }

    /// Total of the whole hand, if every card is known.
    pub fn total(&self) -> Option<u8> {
        let t2 = self.total2()?;
        Some((t2 + self.third.map_or(0, |c| c.points())) % 10)
    }

    /// A two-card 8 or 9 (R-C-2); whether it counts as a natural also depends on what
    /// its holder said (R-BQ-E17).
    pub fn two_card_eight_or_nine(&self) -> bool {
        self.third.is_none() && matches!(self.total2(), Some(8 | 9))
    }

    /// Known cards, in order.
    pub fn known(&self) -> Vec<Card> {
        let mut cards = Vec::with_capacity(3);
        cards.extend(self.first.iter().flatten().copied().chain(self.third));
        cards
    }
}
