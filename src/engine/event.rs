//! Operations (what a croupier enters) and events (what happened). An operation is
//! checked against the rules and either refused or turned into events; the events
//! are the truth: applying them in order rebuilds the state.

use super::bet::Bet;
use super::card::Card;
use super::clause::Clause;
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::legacy;
use super::money::Money;
use super::player_number::PlayerNumber;
use super::vocab::{BankRule, Correction, ErrorBy, ErrorRecord, Infraction, Pending, Settlement};
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
    BancoWithTable {
        player: PlayerRef,
    },
    /// "No va más": bets close; the first cards are dealt.
    NoMoreBets,
    /// One card out of the sabot, known as it comes (a third card face up, or any
    /// card with a card-reading shoe). The engine gives it to the hand it belongs to.
    Card(Card),
    /// A hand turns over its first two cards.
    Show {
        hand: HandId,
        cards: Vec<Card>,
    },
    /// What a hand's holder says.
    Say {
        hand: HandId,
        call: Call,
    },
    /// The banker asks the croupier for the table (R-BQ-13).
    AskTable,

    // ---- The shift: shoes, coups, banks, players (issue 3) ----
    /// A new shoe: the decks shown complete and counted (R-C-5, R-C-3).
    NewShoe,
    /// The cards are shuffled: by the croupier (`by: None`) or, in Chemin de fer, a
    /// player ("señores, las cartas pasan", R-C-5).
    Shuffle {
        by: Option<PlayerRef>,
    },
    /// Chemin de fer: the player offered the cut declines it (R-C-5).
    DeclineCut {
        by: PlayerRef,
    },
    /// The cut: the cut card placed with `below` cards under it (R-C-4, R-C-5).
    Cut {
        by: Option<PlayerRef>,
        below: u32,
    },
    /// Punto y Banca: the first card turned; its points say how many cards burn (R-PB-5).
    Burn {
        card: Card,
    },
    /// The croupier saw the cut card come out (R-C-4).
    CutCardOut,
    /// At the end of the shoe a player asks for the cards to be checked (R-C-6).
    CheckCards,
    /// The next coup (R-BQ-17).
    NextCoup,
    /// The bank announces its amount and hands its chips to the croupier (R-BQ-17, R-CF-2).
    AnnounceBank {
        amount: Money,
    },
    /// A player sits at a section, or stands behind it (R-BQ-1, R-BQ-2); with his
    /// card's number when the croupier gives it (issue 49).
    Join {
        player: PlayerRef,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<PlayerNumber>,
    },
    Leave {
        player: PlayerRef,
    },
    /// A player takes the bank (R-BQ-3; R-CF-10). How (bought, offered to him) is
    /// the engine's to say, from who takes it and the amount (`Event::BankTaken`).
    TakeBank {
        player: PlayerRef,
        amount: Money,
    },
    /// The bank auctioned: the highest bank takes it, ties drawn by lot (R-BQ-3).
    Auction {
        bids: Vec<Bid>,
        lot: Option<PlayerRef>,
    },
    /// The banker leaves or gives up the bank (R-BQ-3, R-CF-10).
    LeaveBank,
    /// Chemin de fer: the player offered the passing bank declines it (R-CF-10).
    DeclineBank {
        player: PlayerRef,
    },
    /// Banco called on both paños: the lot's winner keeps it (R-BQ-8).
    DrawLot {
        winner: PlayerRef,
    },
    /// Free bank: a bet offered, waiting for the banker (R-BQ-4).
    OfferBet {
        player: PlayerRef,
        spot: Spot,
        amount: Money,
    },
    AcceptBet {
        player: PlayerRef,
    },
    DeclineBet {
        player: PlayerRef,
    },
    /// A bet taken back before "no va más" (after a tie in Punto y Banca, R-PB-4).
    WithdrawBet {
        player: PlayerRef,
        spot: Spot,
    },
    /// Chemin de fer: the banker sets winnings aside, out of the bank (R-CF-9).
    SetAside {
        amount: Money,
    },
    /// Chemin de fer: "con la mesa y último completo": completes the bank and takes the cards (R-CF-4).
    LastComplete {
        player: PlayerRef,
    },
    /// Chemin de fer: a banco made by several players together (R-CF-3).
    BancoAssociated {
        shares: Vec<Share>,
    },
    /// Chemin de fer: banca seguida (R-CF-6).
    CallSuivi {
        player: PlayerRef,
    },
    /// Chemin de fer: who has the player's cards in hand (R-CF-6).
    CardsTo {
        player: PlayerRef,
    },
    CardsTaken {
        player: PlayerRef,
    },
    CardsSeen {
        player: PlayerRef,
    },
    /// Punto y Banca: the dealer passes the sabot on (R-PB-1).
    PassSabot,

    // ---- Errors and infractions (R-BQ-E1…E18; issue 4) ----
    /// Cards taken out of the sabot before "no va más" (R-BQ-E1).
    EarlyCards {
        count: u8,
    },
    /// A card came out of the sabot face up: dead (R-BQ-E2).
    DeadCard {
        card: Card,
    },
    /// Two or more cards stuck together in the deal (R-BQ-E3).
    StuckCards,
    /// A card fell on the floor (R-BQ-E4).
    CardOnFloor {
        card: Option<Card>,
    },
    /// A player other than the hand's holder gave or took its cards (R-BQ-E5).
    WrongPlayer {
        hand: HandId,
        player: PlayerRef,
    },
    /// A hand's cards thrown in the discard unshown: by its holder (they count 0), or
    /// by the croupier (recovered: the cards, or the total by testimony) (R-BQ-E6).
    Discarded {
        hand: HandId,
        by_croupier: bool,
        cards: Vec<Card>,
        total: Option<u8>,
    },
    /// A player claims after the coup was paid (R-BQ-E7).
    Claim,
    /// A correction after a coup was paid: names the coup and the reason (R-BQ-E7).
    Amend {
        coup: u32,
        reason: String,
    },
    /// An irregular deal, put right if that is evident, otherwise void (R-BQ-E8).
    IrregularDeal {
        put_right: bool,
    },
    /// The banker gave this card to this hand (R-BQ-E9 when it is not the hand owed it).
    CardTo {
        hand: HandId,
        card: Card,
    },
    /// Both cards of a paño exposed during the deal (R-BQ-E10).
    Exposed {
        hand: HandId,
        cards: Vec<Card>,
    },
    /// Cards lost in the discard during the deal: a hand's first cards, unseen, or a
    /// third card that was seen (`card`) (R-BQ-E11).
    LostInDiscard {
        hand: HandId,
        card: Option<Card>,
    },
    /// The total the banker announces (R-BQ-E12).
    Announce {
        total: u8,
    },
    /// The croupier confirms the ruling Sabot proposes.
    Confirm,
    /// The croupier records a player's error the cards do not show yet (R-BQ-E14,
    /// E15, E17): the coup is put right. `by`: whose error it was, when not the
    /// player's (the croupier's own, or the banker's: R-BQ-E13 rules the bank by it).
    PlayerError {
        clause: Clause,
        hand: HandId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<crate::engine::vocab::ErrorBy>,
    },
    /// A holder took too long: he loses the cards (R-BQ-E18).
    TooLong {
        hand: HandId,
    },
    /// Chemin de fer: a bet placed after "no va más" (R-CF-7).
    LateBet {
        player: PlayerRef,
        amount: Money,
    },
    /// Chemin de fer: the banker has the croupier withdraw a late bet (R-CF-7).
    WithdrawLate {
        player: PlayerRef,
    },
    /// The croupier takes back his own last `entries` entries of the coup in play (a
    /// card misread, a bet on the wrong spot, a word for the wrong paño): his keying
    /// error, not one of the table's error procedures. Until the next coup opens (the
    /// croupier pays what the settlement shows, then goes on): after that the coup is
    /// paid, and only amended (R-BQ-E7).
    TakeBack {
        entries: u32,
    },
}

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

/// A bid for the bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bid {
    pub player: PlayerRef,
    pub amount: Money,
}

/// One player's share of an associated banco.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Share {
    pub player: PlayerRef,
    pub amount: Money,
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
