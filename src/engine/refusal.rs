//! Refusals: an operation the rules do not allow, with the clause it breaks and the
//! facts. The text a croupier reads comes from `locales/` (see `crate::i18n`): a
//! `Reason` has a message id and its arguments, never a sentence.

use super::card::Card;
use super::clause::Clause;
use super::drawing::BankDuty;
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::money::Money;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why an operation was refused, with the facts that matter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// That card is not among the cards left in the sabot.
    CardNotLeft {
        card: Card,
    },
    /// The sabot has no card left.
    SabotEmpty,
    /// A bet after "no va más".
    BetsClosed,
    /// Cards or calls before "no va más".
    BetsStillOpen,
    /// The coup is over and paid.
    CoupOver,
    /// No such section at this table.
    NoSuchSeat {
        seat: u8,
        sections: u8,
    },
    /// That spot is not on this game's cloth.
    SpotNotInGame {
        spot: Spot,
    },
    /// That hand is not in this game.
    HandNotInGame {
        hand: HandId,
    },
    /// A bet must be more than zero.
    AmountNotPositive {
        amount: Money,
    },
    /// A bet a caballo is a whole number of betting units.
    ChevalNotWholeUnits {
        amount: Money,
        unit: Money,
    },
    /// A bet on the line must halve into payable amounts.
    HalfNotPayable {
        amount: Money,
    },
    /// The bets together would pass the bank.
    OverBank {
        total: Money,
        bank: Money,
    },
    /// A stake under the table's minimum (R-BQ-4; a house setting).
    BelowTableMinimum {
        amount: Money,
        min: Money,
    },
    /// A stake over the table's maximum (R-BQ-4; a house setting).
    AboveTableMaximum {
        amount: Money,
        max: Money,
    },
    /// There is no bank to bet against.
    NoBank,
    /// Banco is called only at the start of the coup, before other bets.
    BancoAfterBets,
    /// A banco is on: no other bets this coup.
    BancoTaken {
        by: PlayerRef,
    },
    /// Banco con la mesa: only before other bets and without a banco.
    BancoWithTableTaken,
    /// Nobody bet against the bank.
    NoBets,
    /// No hand is waiting for a card.
    NoCardOwed,
    /// The holder of that hand must say draw or stand before its card comes.
    WaitingForCall {
        hand: HandId,
    },
    /// A natural decided the coup: no more cards.
    NaturalDecided,
    /// Too many bets on one coup.
    TooManyBets {
        max: u16,
    },
    /// A hand plays out of turn.
    NotYourTurn {
        hand: HandId,
        turn: HandId,
    },
    /// That hand has already played.
    AlreadyPlayed {
        hand: HandId,
    },
    /// A call the drawing rule forbids.
    MustDraw {
        hand: HandId,
        total: u8,
    },
    MustStand {
        hand: HandId,
        total: u8,
    },
    MustShowNatural {
        hand: HandId,
        total: u8,
    },
    NotANatural {
        hand: HandId,
        total: u8,
    },
    /// The bank's call against the table it asked for (or must follow).
    BankMust {
        duty: BankDuty,
        total: u8,
    },
    /// The bank plays after the player hands.
    BankWaits,
    /// The bank has no play: the coup is decided.
    BankHasNoPlay,
    /// A hand's first two cards are two cards.
    ShowTwoCards {
        got: u8,
    },
    /// The shown cards are not the ones dealt to that hand.
    ShownCardsDiffer {
        hand: HandId,
        dealt: Vec<Card>,
    },
    /// The table was asked already.
    TableAlreadyAsked,
    /// The bank has played: too late to ask for the table.
    TableTooLate,
    /// In this game the calls are not free.
    NoChoiceInThisGame {
        hand: HandId,
        call: Call,
    },
    /// Show the cards first: the rule needs them.
    ShowFirst {
        hand: HandId,
    },
    /// Only in Banque.
    OnlyInBanque,
    /// A coup is in progress: finish it first.
    CoupInProgress,
    /// No coup is open: call the next coup first.
    NoCoupOpen,
    /// The shoe is over (the cut card came out).
    ShoeOver,
    /// The shoe is not ready: the decks shown, shuffled and cut first.
    ShoeNotReady,
    /// The shoe has not ended yet.
    ShoeNotOver,
    /// The cut leaves too few cards below the cut card.
    CutTooShort {
        below: u32,
        min: u8,
    },
    /// The cut leaves no cards to play.
    CutTooDeep {
        below: u32,
        left: u32,
    },
    /// The croupier shuffles last.
    CroupierShufflesLast,
    /// Players shuffle only in Chemin de fer.
    OnlyTheCroupierShuffles,
    /// The cut is offered to this player now.
    CutOfferedTo {
        seat: u8,
    },
    /// Chemin de fer: every player present declined the cut (the croupier cuts), or
    /// nobody sits to be offered it.
    CutNotOffered,
    /// The shoe is already cut.
    AlreadyCut,
    /// Punto y Banca: burn the first card first.
    BurnFirst,
    /// Only Punto y Banca burns.
    NoBurnInThisGame,
    /// Too few players on a paño.
    TooFewPlayers {
        tableau: u8,
        present: u8,
        min: u8,
    },
    /// The section is taken / nobody is there.
    SeatTaken {
        seat: u8,
    },
    NotAtTable {
        seat: u8,
    },
    /// Nobody stands behind this section (its seat may be taken): the standing player
    /// is seated first (`3p sienta`).
    StandingNotAtTable {
        seat: u8,
    },
    /// Chemin de fer: another player holds the cards (R-CF-6).
    CardsWithAnother {
        seat: u8,
        holder: u8,
    },
    /// Chemin de fer: nobody has been handed the cards yet (R-CF-6).
    CardsNotHanded,
    /// A sum (the bets at risk, the bank, the shift's totals) would pass the largest
    /// amount Sabot keeps (R-C-8): refused, never rounded or wrapped.
    MoneyOverflow,
    /// The player holds cards of the coup in play (a paño's, the sabot, the Chemin de
    /// fer player's): he may leave once it ends (R-BQ-9, R-PB-1, R-CF-6).
    HoldsTheCards {
        seat: u8,
    },
    /// The player has bets in the coup in progress.
    HasBets {
        seat: u8,
    },
    /// A bank is held: it must be left first.
    BankHeld,
    /// No banker.
    NoBanker,
    /// The bank is at 0 with its banker still there (a broken bank): he brings a new
    /// bank or leaves it (R-BQ-3, R-CF-10).
    BankBroken,
    /// The bank is already announced at this amount: announcing it again changes nothing.
    AlreadyAnnounced {
        amount: Money,
    },
    /// The banker does not punt against his own bank.
    BankerPunts,
    /// The bank is offered at its amount.
    OfferedAt {
        amount: Money,
    },
    /// The passing bank is offered to this seat.
    BankOfferedTo {
        seat: u8,
    },
    /// Chemin de fer: the bank is offered to nobody now (it is held, or not yet offered).
    BankNotOffered,
    /// A tie between bids: a draw decides.
    LotNeeded,
    /// A lot named someone who is not in the draw.
    NotInTheDraw {
        seat: u8,
    },
    /// The bank may not be announced lower than it is.
    AnnounceAtLeast {
        amount: Money,
    },
    /// Chemin de fer: the bank is announced as it stands.
    AnnounceExactly {
        amount: Money,
    },
    /// No such bet to withdraw / accept.
    NoSuchBet {
        seat: u8,
    },
    /// Free bank offers are waiting for the banker: these, in the order they were made.
    OffersPending {
        offers: Vec<(PlayerRef, Money)>,
    },
    /// Only a free bank takes offers.
    NotAFreeBank,
    /// A free bank: a bet is offered to the banker, who accepts it first (R-BQ-4).
    AcceptedFirst,
    /// A banco on both paños waits for the lot.
    LotPending,
    /// Another banco call comes first.
    PriorityTo {
        seat: u8,
    },
    /// Seated players do not join their bets to others'.
    SeatedCannotAssociate {
        seat: u8,
    },
    /// Banque: a banco is one player's; no association (R-BQ-8).
    NoAssociation,
    /// An associated banco must make the whole bank.
    SharesMustMakeTheBank {
        total: Money,
        bank: Money,
    },
    /// No banca seguida right for that player.
    NoSuiviRight {
        seat: u8,
    },
    /// The cards are seen by the player who has them: he keeps them.
    CardsKept {
        seat: u8,
    },
    /// Nothing left to complete.
    NothingToComplete,
    /// Banco con la mesa is needed first.
    NoBancoWithTable,
    /// The set-aside is more than the bank.
    SetAsideTooMuch {
        bank: Money,
    },
    /// Only in this game.
    NotInThisGame,
    /// Only during the deal (before anyone has played).
    NotDuringDeal,
    /// The coup is over and paid: no claim (R-BQ-E7).
    ClaimAfterPayment,
    /// Nothing to claim: record the error itself.
    NothingToClaim,
    /// No such coup settled.
    NoSuchCoup {
        coup: u32,
    },
    /// An amendment names its reason.
    AmendNeedsReason,
    /// Totals are 0 to 9.
    NotATotal {
        total: u8,
    },
    /// No ruling waits for confirmation.
    NothingToConfirm,
    /// The hand was shown: its cards are known.
    HandWasShown {
        hand: HandId,
    },
    /// The croupier's discard: the recovered cards or the total by testimony.
    TestimonyNeeded {
        hand: HandId,
    },
    /// A ruling waits for the croupier's confirmation.
    RulingPending,
    /// That is not the error of that hand.
    NotThatError {
        hand: HandId,
    },
    /// The next paño has received no card (R-BQ-E14).
    NoLaterCard,
    /// No bet may be changed now (R-BQ-E2, E10).
    Frozen,
    /// The hand asked for a card: it is owed.
    CardAsked {
        hand: HandId,
    },
    /// The holder already said the other word (R-BQ-E16).
    SaidOtherWord {
        hand: HandId,
        said: Call,
    },
    /// Nothing entered since the coup opened, so nothing to take back; `paid`: a coup
    /// before it was paid (the next coup opened): only an amendment corrects it (R-BQ-E7).
    NothingToTakeBack {
        paid: bool,
    },
    /// The coup in play has only `entries` entries to take back (1 to `entries`).
    TakeBackTooFar {
        asked: u32,
        entries: u32,
    },
}

/// An operation refused: the clause it breaks, and why. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub clause: Clause,
    /// Other clauses the refusal rests on (a Chemin de fer drawing rule that is
    /// Banque's R-BQ-11, say). A script expecting any of them is satisfied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Clause>,
    pub reason: Reason,
}

impl Refusal {
    pub fn new(clause: Clause, reason: Reason) -> Refusal {
        Refusal { clause, also: Vec::new(), reason }
    }

    pub fn also(mut self, clause: Clause) -> Refusal {
        if clause != self.clause && !self.also.contains(&clause) {
            self.also.push(clause);
        }
        self
    }

    /// Whether the refusal rests on this clause.
    pub fn cites(&self, clause: Clause) -> bool {
        self.clause == clause || self.also.contains(&clause)
    }
}

/// A value inside a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Num(i64),
    Hand(HandId),
    Card(Card),
    Money(Money),
    Spot(Spot),
    Call(Call),
    Duty(BankDuty),
    /// Bets offered to a free bank's banker: who offered, and how much.
    Offers(Vec<(PlayerRef, Money)>),
}

/// Makes `Reason::message_id` from a table of reasons and their Fluent ids: one line a
/// reason, and the match it makes stays exhaustive (a new reason without an id does
/// not compile).
macro_rules! message_ids {
    ($($reason:pat => $id:literal,)*) => {
        impl Reason {
            /// The Fluent message id (`refusal-card-not-left`).
            pub fn message_id(&self) -> &'static str {
                match self {
                    $($reason => $id,)*
                }
            }
        }
    };
}

message_ids! {
    Reason::CardNotLeft { .. } => "refusal-card-not-left",
    Reason::SabotEmpty => "refusal-sabot-empty",
    Reason::BetsClosed => "refusal-bets-closed",
    Reason::BetsStillOpen => "refusal-bets-still-open",
    Reason::CoupOver => "refusal-coup-over",
    Reason::NoSuchSeat { .. } => "refusal-no-such-seat",
    Reason::SpotNotInGame { .. } => "refusal-spot-not-in-game",
    Reason::HandNotInGame { .. } => "refusal-hand-not-in-game",
    Reason::AmountNotPositive { .. } => "refusal-amount-not-positive",
    Reason::ChevalNotWholeUnits { .. } => "refusal-cheval-not-whole-units",
    Reason::HalfNotPayable { .. } => "refusal-half-not-payable",
    Reason::OverBank { .. } => "refusal-over-bank",
    Reason::BelowTableMinimum { .. } => "refusal-below-table-minimum",
    Reason::AboveTableMaximum { .. } => "refusal-above-table-maximum",
    Reason::NoBank => "refusal-no-bank",
    Reason::BancoAfterBets => "refusal-banco-after-bets",
    Reason::BancoTaken { .. } => "refusal-banco-taken",
    Reason::BancoWithTableTaken => "refusal-banco-with-table-taken",
    Reason::NoBets => "refusal-no-bets",
    Reason::NoCardOwed => "refusal-no-card-owed",
    Reason::WaitingForCall { .. } => "refusal-waiting-for-call",
    Reason::NaturalDecided => "refusal-natural-decided",
    Reason::TooManyBets { .. } => "refusal-too-many-bets",
    Reason::NotYourTurn { .. } => "refusal-not-your-turn",
    Reason::AlreadyPlayed { .. } => "refusal-already-played",
    Reason::MustDraw { .. } => "refusal-must-draw",
    Reason::MustStand { .. } => "refusal-must-stand",
    Reason::MustShowNatural { .. } => "refusal-must-show-natural",
    Reason::NotANatural { .. } => "refusal-not-a-natural",
    Reason::BankMust { .. } => "refusal-bank-must",
    Reason::BankWaits => "refusal-bank-waits",
    Reason::BankHasNoPlay => "refusal-bank-has-no-play",
    Reason::ShowTwoCards { .. } => "refusal-show-two-cards",
    Reason::ShownCardsDiffer { .. } => "refusal-shown-cards-differ",
    Reason::TableAlreadyAsked => "refusal-table-already-asked",
    Reason::TableTooLate => "refusal-table-too-late",
    Reason::NoChoiceInThisGame { .. } => "refusal-no-choice-in-this-game",
    Reason::ShowFirst { .. } => "refusal-show-first",
    Reason::OnlyInBanque => "refusal-only-in-banque",
    Reason::SaidOtherWord { .. } => "refusal-said-other-word",
    Reason::CardAsked { .. } => "refusal-card-asked",
    Reason::CoupInProgress => "refusal-coup-in-progress",
    Reason::NoCoupOpen => "refusal-no-coup-open",
    Reason::ShoeOver => "refusal-shoe-over",
    Reason::ShoeNotReady => "refusal-shoe-not-ready",
    Reason::ShoeNotOver => "refusal-shoe-not-over",
    Reason::CutTooShort { .. } => "refusal-cut-too-short",
    Reason::CutTooDeep { .. } => "refusal-cut-too-deep",
    Reason::CroupierShufflesLast => "refusal-croupier-shuffles-last",
    Reason::OnlyTheCroupierShuffles => "refusal-only-the-croupier-shuffles",
    Reason::CutOfferedTo { .. } => "refusal-cut-offered-to",
    Reason::CutNotOffered => "refusal-cut-not-offered",
    Reason::AlreadyCut => "refusal-already-cut",
    Reason::BurnFirst => "refusal-burn-first",
    Reason::NoBurnInThisGame => "refusal-no-burn-in-this-game",
    Reason::TooFewPlayers { .. } => "refusal-too-few-players",
    Reason::SeatTaken { .. } => "refusal-seat-taken",
    Reason::NotAtTable { .. } => "refusal-not-at-table",
    Reason::StandingNotAtTable { .. } => "refusal-standing-not-at-table",
    Reason::CardsWithAnother { .. } => "refusal-cards-with-another",
    Reason::CardsNotHanded => "refusal-cards-not-handed",
    Reason::MoneyOverflow => "refusal-money-overflow",
    Reason::HoldsTheCards { .. } => "refusal-holds-the-cards",
    Reason::HasBets { .. } => "refusal-has-bets",
    Reason::BankHeld => "refusal-bank-held",
    Reason::NoBanker => "refusal-no-banker",
    Reason::BankBroken => "refusal-bank-broken",
    Reason::AlreadyAnnounced { .. } => "refusal-already-announced",
    Reason::BankerPunts => "refusal-banker-punts",
    Reason::OfferedAt { .. } => "refusal-offered-at",
    Reason::BankOfferedTo { .. } => "refusal-bank-offered-to",
    Reason::BankNotOffered => "refusal-bank-not-offered",
    Reason::LotNeeded => "refusal-lot-needed",
    Reason::NotInTheDraw { .. } => "refusal-not-in-the-draw",
    Reason::AnnounceAtLeast { .. } => "refusal-announce-at-least",
    Reason::AnnounceExactly { .. } => "refusal-announce-exactly",
    Reason::NoSuchBet { .. } => "refusal-no-such-bet",
    Reason::OffersPending { .. } => "refusal-offers-pending",
    Reason::NotAFreeBank => "refusal-not-a-free-bank",
    Reason::AcceptedFirst => "refusal-accepted-first",
    Reason::LotPending => "refusal-lot-pending",
    Reason::PriorityTo { .. } => "refusal-priority-to",
    Reason::SeatedCannotAssociate { .. } => "refusal-seated-cannot-associate",
    Reason::NoAssociation => "refusal-no-association",
    Reason::SharesMustMakeTheBank { .. } => "refusal-shares-must-make-the-bank",
    Reason::NoSuiviRight { .. } => "refusal-no-suivi-right",
    Reason::CardsKept { .. } => "refusal-cards-kept",
    Reason::NothingToComplete => "refusal-nothing-to-complete",
    Reason::NoBancoWithTable => "refusal-no-banco-with-table",
    Reason::SetAsideTooMuch { .. } => "refusal-set-aside-too-much",
    Reason::NotInThisGame => "refusal-not-in-this-game",
    Reason::NotDuringDeal => "refusal-not-during-deal",
    Reason::ClaimAfterPayment => "refusal-claim-after-payment",
    Reason::NothingToClaim => "refusal-nothing-to-claim",
    Reason::NoSuchCoup { .. } => "refusal-no-such-coup",
    Reason::AmendNeedsReason => "refusal-amend-needs-reason",
    Reason::NotATotal { .. } => "refusal-not-a-total",
    Reason::NothingToConfirm => "refusal-nothing-to-confirm",
    Reason::NothingToTakeBack { paid: true } => "refusal-take-back-paid",
    Reason::NothingToTakeBack { paid: false } => "refusal-nothing-to-take-back",
    Reason::TakeBackTooFar { .. } => "refusal-take-back-too-far",
    Reason::HandWasShown { .. } => "refusal-hand-was-shown",
    Reason::TestimonyNeeded { .. } => "refusal-testimony-needed",
    Reason::RulingPending => "refusal-ruling-pending",
    Reason::NotThatError { .. } => "refusal-not-that-error",
    Reason::NoLaterCard => "refusal-no-later-card",
    Reason::Frozen => "refusal-frozen",
}

impl Reason {
    /// The message's arguments.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        use Reason as R;
        match self {
            R::TakeBackTooFar { asked, entries } => vec![num("asked", *asked), num("entries", *entries)],
            R::CardNotLeft { card } => vec![("card", Arg::Card(*card))],
            R::NoSuchSeat { seat, sections } => vec![num("seat", *seat), num("sections", *sections)],
            R::SpotNotInGame { spot } => vec![("spot", Arg::Spot(*spot))],
            R::AmountNotPositive { amount } | R::HalfNotPayable { amount } => vec![money("amount", *amount)],
            R::ChevalNotWholeUnits { amount, unit } => vec![money("amount", *amount), money("unit", *unit)],
            R::OverBank { total, bank } | R::SharesMustMakeTheBank { total, bank } => {
                vec![money("total", *total), money("bank", *bank)]
            }
            R::BelowTableMinimum { amount, min } => vec![money("amount", *amount), money("min", *min)],
            R::AboveTableMaximum { amount, max } => vec![money("amount", *amount), money("max", *max)],
            R::BancoTaken { by } => vec![("seat", Arg::Text(by.to_string()))],
            R::NotYourTurn { hand, turn } => vec![hand_arg(*hand), ("turn", Arg::Hand(*turn))],
            R::MustDraw { hand, total }
            | R::MustStand { hand, total }
            | R::MustShowNatural { hand, total }
            | R::NotANatural { hand, total } => vec![hand_arg(*hand), num("total", *total)],
            R::BankMust { duty, total } => vec![("duty", Arg::Duty(*duty)), num("total", *total)],
            R::ShowTwoCards { got } => vec![num("got", *got)],
            R::ShownCardsDiffer { hand, dealt } => vec![
                hand_arg(*hand),
                ("dealt", Arg::Text(dealt.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))),
            ],
            R::NoChoiceInThisGame { hand, call } | R::SaidOtherWord { hand, said: call } => {
                vec![hand_arg(*hand), ("call", Arg::Call(*call))]
            }
            R::HandNotInGame { hand } | R::AlreadyPlayed { hand } | R::ShowFirst { hand } => vec![hand_arg(*hand)],
            R::WaitingForCall { hand } | R::CardAsked { hand } | R::HandWasShown { hand } => vec![hand_arg(*hand)],
            R::TestimonyNeeded { hand } | R::NotThatError { hand } => vec![hand_arg(*hand)],
            R::TooManyBets { max } => vec![num("max", *max)],
            R::CutTooShort { below, min } => vec![num("below", *below), num("min", *min)],
            R::CutTooDeep { below, left } => vec![num("below", *below), num("left", *left)],
            R::TooFewPlayers { tableau, present, min } => {
                vec![num("tableau", *tableau), num("present", *present), num("min", *min)]
            }
            R::CutOfferedTo { seat } | R::SeatTaken { seat } | R::NotAtTable { seat } | R::HasBets { seat } => {
                vec![num("seat", *seat)]
            }
            R::BankOfferedTo { seat } | R::NotInTheDraw { seat } | R::NoSuchBet { seat } | R::PriorityTo { seat } => {
                vec![num("seat", *seat)]
            }
            R::SeatedCannotAssociate { seat } | R::NoSuiviRight { seat } | R::CardsKept { seat } => {
                vec![num("seat", *seat)]
            }
            R::HoldsTheCards { seat } | R::StandingNotAtTable { seat } => vec![num("seat", *seat)],
            R::OffersPending { offers } => vec![("offers", Arg::Offers(offers.clone()))],
            R::CardsWithAnother { seat, holder } => vec![num("seat", *seat), num("holder", *holder)],
            R::OfferedAt { amount }
            | R::AnnounceAtLeast { amount }
            | R::AnnounceExactly { amount }
            | R::AlreadyAnnounced { amount } => vec![money("amount", *amount)],
            R::SetAsideTooMuch { bank } => vec![money("bank", *bank)],
            R::NoSuchCoup { coup } => vec![num("coup", *coup)],
            R::NotATotal { total } => vec![num("total", *total)],
            R::SabotEmpty | R::CoupInProgress | R::NoCoupOpen | R::ShoeOver | R::ShoeNotReady | R::ShoeNotOver => {
                vec![]
            }
            R::CroupierShufflesLast | R::OnlyTheCroupierShuffles | R::AlreadyCut | R::CutNotOffered => vec![],
            R::BurnFirst | R::NoBurnInThisGame | R::CardsNotHanded | R::OnlyInBanque | R::NotInThisGame => vec![],
            R::BetsClosed | R::BetsStillOpen | R::CoupOver | R::NoBets | R::NoCardOwed | R::NaturalDecided => vec![],
            R::BankWaits | R::BankHasNoPlay | R::TableAlreadyAsked | R::TableTooLate | R::NotDuringDeal => vec![],
            R::NoBank | R::BancoAfterBets | R::BancoWithTableTaken | R::NoBancoWithTable => vec![],
            R::BankHeld | R::NoBanker | R::BankBroken | R::BankerPunts | R::BankNotOffered | R::LotNeeded => vec![],
            R::NotAFreeBank | R::AcceptedFirst | R::LotPending | R::NothingToComplete | R::NoAssociation => vec![],
            R::ClaimAfterPayment | R::NothingToClaim | R::AmendNeedsReason | R::NothingToConfirm => vec![],
            R::NothingToTakeBack { .. } | R::RulingPending | R::NoLaterCard | R::Frozen | R::MoneyOverflow => vec![],
        }
    }
}

/// A whole-number argument (a seat, a total, a count).
fn num(name: &'static str, n: impl Into<i64>) -> (&'static str, Arg) {
    (name, Arg::Num(n.into()))
}

/// An amount argument.
fn money(name: &'static str, amount: Money) -> (&'static str, Arg) {
    (name, Arg::Money(amount))
}

/// The hand argument, named `hand`.
fn hand_arg(hand: HandId) -> (&'static str, Arg) {
    ("hand", Arg::Hand(hand))
}

impl fmt::Display for Refusal {
    /// A plain, language-neutral rendering for logs and debugging; people read the
    /// localized text of `crate::i18n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {:?}", self.clause, self.reason)
    }
}
