//! Events: what happened at the table. An operation (`op.rs`) is checked against
//! the rules and either refused or turned into events; the events are the truth:
//! applying them in order rebuilds the state.

use super::bet::Bet;
use super::card::Card;
use super::clause::Clause;
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::legacy;
use super::money::Money;
use super::player_number::PlayerNumber;
use super::vocab::{BankRule, Correction, ErrorBy, ErrorRecord, Infraction, Pending, Settlement};
use serde::{Deserialize, Serialize};

/// How a player came to hold the bank (R-BQ-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BankWay {
    /// He bought it.
    Bought,
    /// He won the auction.
    Auction,
    /// Drawn by lot.
    Lot,
    /// Offered at the amount the leaving banker had (R-BQ-3), or passed on (R-CF-10).
    Offered,
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
    /// The coup is decided and paid. (Shared: the event and the table's state hold the
    /// same settlement.)
    Settled(std::sync::Arc<Settlement>),

    // ---- The shift ----
    ShoeOpened {
        decks: u8,
    },
    Shuffled {
        by: Option<PlayerRef>,
    },
    CutDeclined {
        by: PlayerRef,
    },
    CutPlaced {
        by: Option<PlayerRef>,
        below: u32,
    },
    /// The first card and how many cards burned with it, unseen (R-PB-5).
    Burned {
        card: Card,
        count: u8,
    },
    CutCardOut,
    /// The shoe is over: no coup after the one in progress (R-C-4).
    ShoeEnded,
    /// The cards checked at the end of the shoe (R-C-6): how many were seen, how many
    /// were not (below the cut card, burned), and whether they make the decks whole.
    CardsChecked {
        seen: u32,
        unseen: u32,
        complete: bool,
    },
    CoupOpened {
        number: u32,
    },
    BankAnnounced {
        amount: Money,
    },
    /// Money the banker brings into a standing bank between coups (R-BQ-17: a bank is
    /// announced at least as it stands, so a higher announcement is a top-up). Its own
    /// record, so that the shift's bank reconciles: the bank at its start, plus what was
    /// brought in, less what was taken out, plus the bank's results, is the bank at its end.
    /// Recorded just before the `BankAnnounced` that sets the new amount; it changes no
    /// state by itself.
    BroughtIn {
        amount: Money,
    },
    Joined {
        player: PlayerRef,
        /// His card's number, when the croupier gave it (issue 49).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<PlayerNumber>,
    },
    Left {
        player: PlayerRef,
    },
    BankTaken {
        player: PlayerRef,
        amount: Money,
        how: BankWay,
    },
    /// The banker leaves with what the bank holds.
    BankLeft {
        player: Option<PlayerRef>,
        returned: Money,
    },
    /// Chemin de fer: the bank passes; `to` is offered it (R-CF-10).
    BankOffered {
        to: u8,
    },
    /// Banco called on the other paño too: a draw will decide (R-BQ-8).
    BancoContested(Bet),
    LotDrawn {
        winner: PlayerRef,
    },
    BetOffered(Bet),
    BetAccepted {
        player: PlayerRef,
    },
    BetDeclined {
        player: PlayerRef,
    },
    BetWithdrawn {
        player: PlayerRef,
        spot: Spot,
    },
    /// Bets left on the cloth after a void coup (R-PB-4).
    BetsCarried(Vec<Bet>),
    SetAside {
        amount: Money,
    },
    /// Chemin de fer: banca seguida called; other bets this coup are withdrawn (R-CF-6).
    SuiviCalled {
        player: PlayerRef,
    },
    /// Chemin de fer: who holds the right of banca seguida now (R-CF-6).
    SuiviRight {
        player: Option<PlayerRef>,
    },
    /// Chemin de fer: the player's cards are in this player's hands.
    CardsHeld {
        player: PlayerRef,
        handed: bool,
    },
    CardsLookedAt {
        player: PlayerRef,
    },
    /// Banque: the cards of a paño pass to the next section (R-BQ-9).
    HolderPassed {
        tableau: u8,
        to: u8,
    },
    /// Punto y Banca: the sabot passes to the next player (R-PB-1, R-PB-3).
    SabotPassed {
        to: u8,
    },

    // ---- Errors and infractions ----
    /// An error the croupier recorded, with its ruling.
    Error(ErrorRecord),
    /// First cards out before "no va más" (R-BQ-E1).
    EarlyCardsOut {
        count: u8,
    },
    /// A third card came out of the sabot and fell in the discard unseen (R-BQ-E11):
    /// out of the sabot, its face never known.
    LostUnseen {
        hand: HandId,
    },
    /// A dead card out of play (R-BQ-E2); bets are frozen.
    DeadCardOut {
        card: Card,
    },
    /// The coup is void (R-BQ-E3, E8, E11): bets stand back, no cagnotte.
    Voided {
        clause: Clause,
    },
    /// A paño's coup is void (R-BQ-E11).
    HandVoided {
        hand: HandId,
    },
    /// A hand discarded unshown: counts 0, or its total rebuilt (R-BQ-E6).
    HandDiscarded {
        hand: HandId,
        rebuilt: Option<u8>,
    },
    /// The bank must draw on 5 or less and stand otherwise (R-BQ-E10), or may draw (R-BQ-E12).
    BankRuleSet {
        rule: BankRule,
        clause: Clause,
    },
    /// No bet may be changed (R-BQ-E2, E10).
    BetsFrozen,
    /// The coup is put right after an error, and whose (R-BQ-E13).
    Restored {
        by: ErrorBy,
    },
    /// A third card waiting for the hand it belongs to (R-BQ-E9).
    CardFloats {
        card: Card,
    },
    /// The waiting card goes to this hand.
    FloatingTaken {
        hand: HandId,
    },
    /// The banker's announcement.
    Announced {
        total: u8,
    },
    /// A holder said both words; the croupier checks the total (R-BQ-E16).
    WordsCrossed {
        hand: HandId,
        first: Call,
    },
    /// The word that stands after the check (R-BQ-E16).
    WordsRuled {
        hand: HandId,
        call: Call,
    },
    /// A ruling proposed, waiting for the croupier's confirmation.
    RulingProposed(Pending),
    /// The coup put right: what the ruling changes, and the cards that went out of play.
    PutRight {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ruling: Option<Correction>,
        dead: Vec<Card>,
        /// Format 1 logs: the whole play as it stood after the ruling (read, never written).
        #[serde(default, rename = "play", skip_serializing, deserialize_with = "legacy::some_play")]
        legacy_play: Option<Box<legacy::PlayV1>>,
    },
    /// Chemin de fer: the bank's play put right by the table it had to follow (R-CF-8,
    /// R-BQ-E8): it stands (the card it took out of play, `dead`) or draws.
    BankPlayPutRight {
        call: Call,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dead: Option<Card>,
    },
    /// The bank plays again after a wrong announcement (R-BQ-E12).
    Reopened {
        rule: BankRule,
        clause: Clause,
    },
    /// A correction after the coup was paid (R-BQ-E7).
    Amended {
        coup: u32,
        reason: String,
    },
    /// The croupier took back his last `entries` entries of the coup in play; `undone`
    /// are their events, oldest first, as they had been applied. The table is as if
    /// those entries had never been made (`Table::apply`).
    TakenBack {
        entries: u32,
        undone: Vec<Event>,
    },
    /// The coup's settlement withdrawn before it was paid (the next coup not open), with
    /// what it brought about in the shift: the banker's announcement after his «no»
    /// reopened the bank (R-BQ-E12). First in its entry; the entry's other events follow
    /// on the table as the coup's entries left it, the settlement left out
    /// (`Table::apply`). `banker` and `bank`: who held the bank and what it held before
    /// the settlement, as it stands again.
    Unsettled {
        banker: Option<PlayerRef>,
        bank: Money,
    },
}

impl Event {
    /// The player whose act this event records, one who is at the table to make it: his
    /// bet, offer or banco, the bank he takes or wins by lot, his shuffle, cut or declined
    /// cut, banca seguida he calls, the cards he holds or looks at. While players come
    /// to the table by acting (`Seating::ByActing`) this act brings him to it. The match
    /// names every event, so that a new one must say whether it is a player's act.
    pub fn actor(&self) -> Option<PlayerRef> {
        match self {
            Event::BetPlaced(b) | Event::BancoContested(b) | Event::BetOffered(b) => Some(b.player),
            Event::BankTaken { player, .. }
            | Event::LotDrawn { winner: player }
            | Event::CutDeclined { by: player }
            | Event::SuiviCalled { player }
            | Event::CardsHeld { player, .. }
            | Event::CardsLookedAt { player }
            | Event::Joined { player, .. } => Some(*player),
            Event::Shuffled { by } | Event::CutPlaced { by, .. } => *by,
            Event::BetsClosed
            | Event::CardOut { .. }
            | Event::Shown { .. }
            | Event::Said { .. }
            | Event::TableAsked
            | Event::Infraction(_)
            | Event::Settled(_)
            | Event::ShoeOpened { .. }
            | Event::Burned { .. }
            | Event::CutCardOut
            | Event::ShoeEnded
            | Event::CardsChecked { .. }
            | Event::CoupOpened { .. }
            | Event::BankAnnounced { .. }
            | Event::BroughtIn { .. }
            | Event::Left { .. }
            | Event::BankLeft { .. }
            | Event::BankOffered { .. }
            | Event::BetAccepted { .. }
            | Event::BetDeclined { .. }
            | Event::BetWithdrawn { .. }
            | Event::BetsCarried(_)
            | Event::SetAside { .. }
            | Event::SuiviRight { .. }
            | Event::HolderPassed { .. }
            | Event::SabotPassed { .. }
            | Event::Error(_)
            | Event::EarlyCardsOut { .. }
            | Event::LostUnseen { .. }
            | Event::DeadCardOut { .. }
            | Event::Voided { .. }
            | Event::HandVoided { .. }
            | Event::HandDiscarded { .. }
            | Event::BankRuleSet { .. }
            | Event::BetsFrozen
            | Event::Restored { .. }
            | Event::CardFloats { .. }
            | Event::FloatingTaken { .. }
            | Event::Announced { .. }
            | Event::WordsCrossed { .. }
            | Event::WordsRuled { .. }
            | Event::RulingProposed(_)
            | Event::PutRight { .. }
            | Event::BankPlayPutRight { .. }
            | Event::Reopened { .. }
            | Event::Amended { .. }
            | Event::TakenBack { .. }
            | Event::Unsettled { .. } => None,
        }
    }
}
