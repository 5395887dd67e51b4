//! Operations (what a croupier enters) and events (what happened). An operation is
//! checked against the rules and either refused or turned into events; the events
//! are the truth: applying them in order rebuilds the state.

use super::bet::Bet;
use super::card::Card;
use super::clause::Clause;
use super::drawing::BankDuty;
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::money::Money;
use serde::{Deserialize, Serialize};

/// A croupier's input, typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// A bet by a player on a spot.
    Bet {
        player: PlayerRef,
        spot: Spot,
        amount: Money,
    },
    /// Banco: a bet of the whole bank (Banque: on paño `on`).
    Banco {
        player: PlayerRef,
        on: Option<HandId>,
    },
    /// Chemin de fer: banco con la mesa, half the bank.
    BancoWithTable { player: PlayerRef },
    /// "No va más": bets close; the first cards are dealt.
    NoMoreBets,
    /// One card out of the sabot, known as it comes (a third card face up, or any
    /// card with a card-reading shoe). The engine gives it to the hand it belongs to.
    Card(Card),
    /// A hand turns over its first two cards.
    Show { hand: HandId, cards: Vec<Card> },
    /// What a hand's holder says.
    Say { hand: HandId, call: Call },
    /// The banker asks the croupier for the table (R-BQ-13).
    AskTable,
}

/// Which card of a hand: 0 and 1 the first two, 2 the third.
pub type SlotIndex = u8;

/// Something that happened at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    BetPlaced(Bet),
    /// "No va más"; the first cards leave the sabot face down.
    BetsClosed,
    /// A card known as it left the sabot, given to a hand's slot.
    CardOut {
        hand: HandId,
        slot: SlotIndex,
        card: Card,
    },
    /// A hand's first two cards turned over.
    Shown {
        hand: HandId,
        cards: [Card; 2],
    },
    Said {
        hand: HandId,
        call: Call,
    },
    TableAsked,
    /// An infraction the engine found, with its clause.
    Infraction(Infraction),
    /// The coup is decided and paid.
    Settled(Settlement),
}

/// What went against the rules, found when the facts that show it were known.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Infraction {
    pub clause: Clause,
    pub hand: HandId,
    pub kind: InfractionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InfractionKind {
    /// Took a third card on a total that must stand (R-BQ-11; put right by R-BQ-E15).
    DrewOnStand { total: u8 },
    /// Asked for a card with a natural (R-BQ-E17).
    DrewOnNatural { total: u8 },
    /// Said "no" on a total that must draw (R-BQ-11; put right by R-BQ-E14).
    StoodOnDraw { total: u8 },
    /// Said "no" with 8 or 9: the total stands, not as a natural (R-BQ-E17).
    NaturalForfeited { total: u8 },
    /// Announced a natural without one.
    FalseNatural { total: u8 },
    /// The bank drew or stood against the table it had to follow (R-BQ-13, R-BQ-14, R-CF-8).
    BankAgainstTable {
        total: u8,
        duty: BankDuty,
        did: Call,
    },
    /// The bank's natural came out after third cards were dealt (R-BQ-12, R-CF-8).
    NaturalNotShownAtOnce { total: u8 },
    /// A hand drew after the other side showed a natural (R-CF-8).
    DrewAfterNatural,
}

/// Who won a player hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winner {
    Bank,
    Tableau,
    Player,
    Punto,
    Banca,
    Tie,
}

/// A hand at the end of the coup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub hand: HandId,
    pub cards: Vec<Card>,
    pub total: u8,
    pub natural: bool,
}

/// One bet settled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetResult {
    pub bet: Bet,
    /// What the bet won (positive) or lost (negative), after commission.
    pub net: Money,
    /// Punto y Banca: commission taken from this bet's win.
    pub commission: Money,
}

/// A player's result for the coup, all bets together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    pub player: PlayerRef,
    pub net: Money,
}

/// The coup decided and paid: every figure the croupier needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    pub hands: Vec<HandResult>,
    /// For each player hand, who won it.
    pub winners: Vec<(HandId, Winner)>,
    pub bets: Vec<BetResult>,
    /// By player, in seat order.
    pub seats: Vec<SeatResult>,
    /// Bank before the coup (Banque, Chemin de fer).
    pub bank_before: Money,
    /// The bank's result against the bets, before the cagnotte (casino's, in Punto y Banca).
    pub bank_net: Money,
    /// Taken from the bank's net win (R-BQ-16, R-CF-9).
    pub cagnotte: Money,
    /// Punto y Banca: taken from banca wins (R-PB-4).
    pub commission: Money,
    /// The bank after the coup.
    pub bank_after: Money,
    /// The coup is void (a Punto y Banca tie, R-PB-4).
    pub void: bool,
}

impl Settlement {
    pub fn total_of(&self, hand: HandId) -> Option<u8> {
        self.hands.iter().find(|h| h.hand == hand).map(|h| h.total)
    }

    pub fn net_of(&self, player: PlayerRef) -> Money {
        self.seats
            .iter()
            .find(|s| s.player == player)
            .map_or(Money::ZERO, |s| s.net)
    }

    /// Everything balances to the cent: what players won and lost, the bank's (or the
    /// casino's) change, the cagnotte and the commission add up to zero.
    pub fn balances(&self) -> bool {
        let seats = Money::sum(self.seats.iter().map(|s| s.net));
        let bets = Money::sum(self.bets.iter().map(|b| b.net));
        let (Ok(seats), Ok(bets)) = (seats, bets) else {
            return false;
        };
        let bank_change = self.bank_after.checked_sub(self.bank_before);
        let Ok(bank_change) = bank_change else {
            return false;
        };
        let ok_bank = self.bank_net.checked_add(seats).is_ok_and(|z| z.is_zero());
        let ok_cagnotte = self
            .bank_net
            .checked_sub(self.cagnotte)
            .is_ok_and(|v| v == bank_change)
            || self.bank_after == self.bank_before; // Punto y Banca has no bank
        seats == bets && ok_bank && ok_cagnotte
    }
}
