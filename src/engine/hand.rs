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

    /// The player hands of a game (every hand but the bank's side), in the order
    /// they play.
    pub fn players_of(game: Game) -> &'static [HandId] {
        let all = HandId::of_game(game);
        &all[..all.len() - 1]
    }

    /// The game's hand on the bank's side: the banker's hand, or banca.
    pub fn bank_of(game: Game) -> HandId {
        if game == Game::PuntoBanca { HandId::Banca } else { HandId::Bank }
    }

    /// Whether the game has this hand.
    pub fn in_game(self, game: Game) -> bool {
        HandId::of_game(game).contains(&self)
    }

    /// The hand after this one in the order of play, if any.
    pub fn next_in(self, game: Game) -> Option<HandId> {
        let all = HandId::of_game(game);
        all.iter().position(|h| *h == self).and_then(|i| all.get(i + 1)).copied()
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
        self.third.is_none() && self.total2().is_some_and(super::drawing::is_natural)
    }

    /// Known cards, in order.
    pub fn known(&self) -> Vec<Card> {
        let mut cards = Vec::with_capacity(3);
        cards.extend(self.first.iter().flatten().copied().chain(self.third));
        cards
    }
}

/// A hand's cards, its holder's last call, and what errors did to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandState {
    pub cards: HandCards,
    pub call: Option<Call>,
    /// The order in which its third card came out (1 first), 0 without one.
    #[serde(default)]
    pub seq: u8,
    /// Its first cards were turned over on the cloth (R-BQ-E12 asks whether the
    /// players have shown their points).
    #[serde(default)]
    pub shown: bool,
    /// Thrown in the discard unshown by its holder: it counts 0, baccarat (R-BQ-E6).
    #[serde(default)]
    pub zero: bool,
    /// Its total rebuilt from testimony after the croupier discarded it (R-BQ-E6).
    #[serde(default)]
    pub rebuilt: Option<u8>,
    /// Its coup is void (cards lost unseen in the discard, R-BQ-E11).
    #[serde(default)]
    pub void: bool,
    /// The first word of a holder who said both "carta" and "no" (R-BQ-E16), until the
    /// croupier has checked the total.
    #[serde(default)]
    pub first_word: Option<Call>,
    /// The total the banker announced (R-BQ-E12).
    #[serde(default)]
    pub announced: Option<u8>,
}

/// One `T` for each hand a game can have, indexed by `HandId`: the first player
/// hand (paño 1, Chemin de fer's player, punto), paño 2, and the bank's side (the
/// banker's hand, banca). A game uses the hands of `HandId::of_game`; the others
/// stay at their default. Indexing never fails: the engine checks that a hand is of
/// the game where an operation names it (`Game::has_hand`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ByHand<T>([T; 3]);

impl<T> ByHand<T> {
    pub const fn new(first: T, second: T, bank: T) -> ByHand<T> {
        ByHand([first, second, bank])
    }

    const fn slot(hand: HandId) -> usize {
        match hand {
            HandId::Tableau(1) | HandId::Player | HandId::Punto => 0,
            HandId::Tableau(_) => 1,
            HandId::Bank | HandId::Banca => 2,
        }
    }

    /// The bank's side: the banker's hand, or banca.
    pub fn bank(&self) -> &T {
        &self.0[2]
    }

    pub fn bank_mut(&mut self) -> &mut T {
        &mut self.0[2]
    }

    /// Every slot, the game's or not (to clear them all).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut()
    }

    /// The game's hands in the order they play, each with its `T`.
    pub fn of_game(&self, game: Game) -> impl Iterator<Item = (HandId, &T)> {
        HandId::of_game(game).iter().map(move |h| (*h, &self[*h]))
    }

    /// The game's player hands (every hand but the bank's side), in order.
    pub fn players(&self, game: Game) -> impl Iterator<Item = (HandId, &T)> {
        HandId::players_of(game).iter().map(move |h| (*h, &self[*h]))
    }
}

impl<T> std::ops::Index<HandId> for ByHand<T> {
    type Output = T;
    fn index(&self, hand: HandId) -> &T {
        &self.0[Self::slot(hand)]
    }
}

impl<T> std::ops::IndexMut<HandId> for ByHand<T> {
    fn index_mut(&mut self, hand: HandId) -> &mut T {
        &mut self.0[Self::slot(hand)]
    }
}
