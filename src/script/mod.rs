//! Table scripts (`docs/SCRIPTS.md`): what a croupier entered at a table,
//! step by step, and what must come of it. Read, run, check, print.
//!
//! May import `crate::engine`; nothing else of the crate (`tests/purity.rs`). No
//! files here (the caller reads them), so the format can be tested on strings.

pub mod run;

use crate::engine::{
    BankLimit, BankWay, Bid, Call, Card, Clause, ErrorBy, Game, HandId, HouseRules, Money, Op, PlayerNumber, PlayerRef,
    Rate, Rounding, Share, Shoe, Spot, TableSettings, Winner,
};
use serde::{Deserialize, Serialize};

/// One table script.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Script", deny_unknown_fields)]
pub struct Script {
    pub title: String,
    #[serde(default)]
    pub rules: Vec<Clause>,
    #[serde(default)]
    pub table: TableSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoe: Option<ShoeSpec>,
    pub steps: Vec<Step>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
}

/// Table settings as a script gives them; what is left out takes the game's default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Game>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cagnotte: Option<Rate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<Rate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_limit: Option<BankLimit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sections: Option<u8>,
    /// Project addition: the rounding rule of cagnotte and commission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounding: Option<Rounding>,
    /// Project addition: the house rules (RULES.md's "house rule" clauses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house: Option<HouseRules>,
}

impl TableSpec {
    /// The settings this spec gives, defaults filled in.
    pub fn settings(&self) -> TableSettings {
        let mut s = TableSettings::new(self.game.unwrap_or(Game::Banque));
        if let Some(v) = self.decks {
            s.decks = v;
        }
        if let Some(v) = self.unit {
            s.unit = v;
        }
        if let Some(v) = self.cagnotte {
            s.cagnotte = v;
        }
        if let Some(v) = self.commission {
            s.commission = v;
        }
        if let Some(v) = self.bank_limit {
            s.bank_limit = v;
        }
        if let Some(v) = self.sections {
            s.sections = v;
        }
        if let Some(v) = self.rounding {
            s.rounding = v;
        }
        if let Some(v) = self.house {
            s.house = v;
        }
        s
    }

    /// The spec that gives exactly these settings.
    pub fn from_settings(s: &TableSettings) -> TableSpec {
        let d = TableSettings::new(s.game);
        TableSpec {
            game: Some(s.game),
            decks: Some(s.decks),
            unit: Some(s.unit),
            cagnotte: (s.game.has_bank()).then_some(s.cagnotte),
            commission: (s.game == Game::PuntoBanca).then_some(s.commission),
            bank_limit: (s.game == Game::Banque).then_some(s.bank_limit),
            sections: Some(s.sections),
            rounding: (s.rounding != d.rounding).then_some(s.rounding),
            house: (s.house != d.house).then_some(s.house),
        }
    }
}

/// What is left in the sabot before the first step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ShoeSpec {
    Cards(Vec<Card>),
    Counts { counts: [u32; 10] },
}

impl ShoeSpec {
    pub fn shoe(&self) -> Shoe {
        match self {
            ShoeSpec::Cards(cards) => Shoe::from_cards(cards),
            ShoeSpec::Counts { counts } => Shoe::from_counts(*counts),
        }
    }
}

/// One thing the croupier entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Bet {
        seat: u8,
        spot: Spot,
        amount: Money,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    Banco {
        seat: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<HandId>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    BancoWithTable {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    NoMoreBets,
    Cards(Vec<Card>),
    Show(HandId, Vec<Card>),
    Say(HandId, Call),
    AskTable,

    // ---- Project additions: the shift (docs/SCRIPTS.md) ----
    /// The next coup.
    NextCoup,
    /// The bank announced (R-BQ-17, R-CF-2).
    AnnounceBank(Money),
    /// A player sits at a section (or stands behind it), with his card's number when
    /// given (`number: "4711"`, issue 49).
    Join {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<PlayerNumber>,
    },
    Leave {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    /// A new shoe: the decks shown and counted.
    NewShoe,
    /// The croupier shuffles.
    Shuffle,
    /// Chemin de fer: a player shuffles.
    PlayerShuffles {
        seat: u8,
    },
    /// Chemin de fer: the player offered the cut declines.
    DeclineCut {
        seat: u8,
    },
    /// The cut card placed with `below` cards under it; `seat` cuts (the croupier if left out).
    Cut {
        below: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
    },
    /// Punto y Banca: the first card turned, its count burned.
    Burn(Card),
    CutCardOut,
    CheckCards,
    TakeBank {
        seat: u8,
        amount: Money,
        /// How the bank was taken: read for the scripts that name it, and ignored:
        /// the engine says how (offered, bought) from who takes it and the amount.
        #[serde(default = "default_way", skip_serializing)]
        how: BankWay,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    Auction {
        bids: Vec<SeatAmount>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lot: Option<u8>,
    },
    LeaveBank,
    DeclineBank {
        seat: u8,
    },
    /// Banco on both paños: the lot's winner.
    DrawLot {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    OfferBet {
        seat: u8,
        spot: Spot,
        amount: Money,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    AcceptBet {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    DeclineBet {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    WithdrawBet {
        seat: u8,
        spot: Spot,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    SetAside(Money),
    LastComplete {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    BancoAssociated {
        shares: Vec<SeatAmount>,
    },
    CallSuivi {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    CardsTo {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    CardsTaken {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    CardsSeen {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    PassSabot,

    // ---- Project additions: errors and infractions (docs/SCRIPTS.md) ----
    /// Cards taken out before "no va más" (R-BQ-E1).
    EarlyCards(u8),
    /// A card out of the sabot face up, dead (R-BQ-E2).
    DeadCard(Card),
    /// Cards stuck together in the deal (R-BQ-E3).
    StuckCards,
    /// A card on the floor (R-BQ-E4).
    CardOnFloor,
    /// Another player than the holder gave or took a hand's cards (R-BQ-E5).
    WrongPlayer {
        hand: HandId,
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    /// A hand's cards thrown in the discard unshown (R-BQ-E6).
    Discarded {
        hand: HandId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_croupier: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cards: Vec<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total: Option<u8>,
    },
    /// A claim after the coup was paid (R-BQ-E7).
    Claim,
    /// A correction of a paid coup (R-BQ-E7).
    Amend {
        coup: u32,
        reason: String,
    },
    /// An irregular deal (R-BQ-E8).
    IrregularDeal {
        put_right: bool,
    },
    /// The banker gave this card to this hand (R-BQ-E9).
    CardTo(HandId, Card),
    /// Both cards of a paño exposed in the deal (R-BQ-E10).
    Exposed(HandId, Vec<Card>),
    /// Cards lost in the discard in the deal: a hand's first cards, or a seen third card (R-BQ-E11).
    LostInDiscard {
        hand: HandId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// The banker announces his total (R-BQ-E12).
    Announce(u8),
    /// The croupier confirms the ruling Sabot proposes.
    Confirm,
    /// A player's error the croupier records (R-BQ-E14, E15, E17).
    PlayerError {
        rule: Clause,
        hand: HandId,
        /// Whose error it was, when not the player's: `Croupier` or `Banker` (R-BQ-E13).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<ErrorBy>,
    },
    /// A holder took too long (R-BQ-E18).
    TooLong(HandId),
    /// Chemin de fer: a bet after no va más (R-CF-7), and its withdrawal.
    LateBet {
        seat: u8,
        amount: Money,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    WithdrawLate {
        seat: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
    },
    /// The croupier takes back his own last N entries of the coup in play (project
    /// addition): a keying error, before payment only. Every operation is one entry
    /// (each card of a `Cards` step is one).
    TakeBack(u32),
    /// What must hold at this point of the script (the same fields as `expect`, and
    /// the shift's).
    Check(Box<Expect>),
}

fn default_way() -> BankWay {
    BankWay::Bought
}

/// A seat and an amount (a bid, a share).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatAmount {
    pub seat: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub standing: bool,
    pub amount: Money,
}

impl SeatAmount {
    /// The player the amount is of.
    fn player(&self) -> PlayerRef {
        PlayerRef { seat: self.seat, standing: self.standing }
    }
}

/// The auction of the bank: its bids, and the lot drawn among them by section (the
/// bidder at that section, else the seated player there).
fn auction_op(bids: &[SeatAmount], lot: Option<u8>) -> Op {
    Op::Auction {
        bids: bids.iter().map(|b| Bid { player: b.player(), amount: b.amount }).collect(),
        lot: lot.map(|s| {
            bids.iter().find(|b| b.seat == s).map_or(PlayerRef { seat: s, standing: false }, SeatAmount::player)
        }),
    }
}

impl Step {
    /// The operations of this step, in order (a `Cards` step is one per card).
    pub fn ops(&self) -> Vec<Op> {
        let who = |seat: u8, standing: bool| PlayerRef { seat, standing };
        match self {
            Step::Bet { seat, spot, amount, standing } => {
                vec![Op::Bet { player: who(*seat, *standing), spot: *spot, amount: *amount }]
            }
            Step::Banco { seat, on, standing } => vec![Op::Banco { player: who(*seat, *standing), on: *on }],
            Step::BancoWithTable { seat, standing } => vec![Op::BancoWithTable { player: who(*seat, *standing) }],
            Step::NoMoreBets => vec![Op::NoMoreBets],
            Step::Cards(cards) => cards.iter().map(|c| Op::Card(*c)).collect(),
            Step::Show(hand, cards) => vec![Op::Show { hand: *hand, cards: cards.clone() }],
            Step::Say(hand, call) => vec![Op::Say { hand: *hand, call: *call }],
            Step::AskTable => vec![Op::AskTable],
            Step::NextCoup => vec![Op::NextCoup],
            Step::AnnounceBank(amount) => vec![Op::AnnounceBank { amount: *amount }],
            Step::Join { seat, standing, number } => {
                vec![Op::Join { player: who(*seat, *standing), number: number.clone() }]
            }
            Step::Leave { seat, standing } => vec![Op::Leave { player: who(*seat, *standing) }],
            Step::NewShoe => vec![Op::NewShoe],
            Step::Shuffle => vec![Op::Shuffle { by: None }],
            Step::PlayerShuffles { seat } => vec![Op::Shuffle { by: Some(who(*seat, false)) }],
            Step::DeclineCut { seat } => vec![Op::DeclineCut { by: who(*seat, false) }],
            Step::Cut { below, seat } => vec![Op::Cut { by: seat.map(|s| who(s, false)), below: *below }],
            Step::Burn(card) => vec![Op::Burn { card: *card }],
            Step::CutCardOut => vec![Op::CutCardOut],
            Step::CheckCards => vec![Op::CheckCards],
            Step::TakeBank { seat, amount, standing, .. } => {
                vec![Op::TakeBank { player: who(*seat, *standing), amount: *amount }]
            }
            Step::Auction { bids, lot } => vec![auction_op(bids, *lot)],
            Step::LeaveBank => vec![Op::LeaveBank],
            Step::DeclineBank { seat } => vec![Op::DeclineBank { player: who(*seat, false) }],
            Step::DrawLot { seat, standing } => vec![Op::DrawLot { winner: who(*seat, *standing) }],
            Step::OfferBet { seat, spot, amount, standing } => {
                vec![Op::OfferBet { player: who(*seat, *standing), spot: *spot, amount: *amount }]
            }
            Step::AcceptBet { seat, standing } => vec![Op::AcceptBet { player: who(*seat, *standing) }],
            Step::DeclineBet { seat, standing } => vec![Op::DeclineBet { player: who(*seat, *standing) }],
            Step::WithdrawBet { seat, spot, standing } => {
                vec![Op::WithdrawBet { player: who(*seat, *standing), spot: *spot }]
            }
            Step::SetAside(amount) => vec![Op::SetAside { amount: *amount }],
            Step::LastComplete { seat, standing } => vec![Op::LastComplete { player: who(*seat, *standing) }],
            Step::BancoAssociated { shares } => vec![Op::BancoAssociated {
                shares: shares.iter().map(|s| Share { player: s.player(), amount: s.amount }).collect(),
            }],
            Step::CallSuivi { seat, standing } => vec![Op::CallSuivi { player: who(*seat, *standing) }],
            Step::CardsTo { seat, standing } => vec![Op::CardsTo { player: who(*seat, *standing) }],
            Step::CardsTaken { seat, standing } => vec![Op::CardsTaken { player: who(*seat, *standing) }],
            Step::CardsSeen { seat, standing } => vec![Op::CardsSeen { player: who(*seat, *standing) }],
            Step::PassSabot => vec![Op::PassSabot],
            Step::EarlyCards(count) => vec![Op::EarlyCards { count: *count }],
            Step::DeadCard(card) => vec![Op::DeadCard { card: *card }],
            Step::StuckCards => vec![Op::StuckCards],
            Step::CardOnFloor => vec![Op::CardOnFloor { card: None }],
            Step::WrongPlayer { hand, seat, standing } => {
                vec![Op::WrongPlayer { hand: *hand, player: who(*seat, *standing) }]
            }
            Step::Discarded { hand, by_croupier, cards, total } => {
                vec![Op::Discarded { hand: *hand, by_croupier: *by_croupier, cards: cards.clone(), total: *total }]
            }
            Step::Claim => vec![Op::Claim],
            Step::Amend { coup, reason } => vec![Op::Amend { coup: *coup, reason: reason.clone() }],
            Step::IrregularDeal { put_right } => vec![Op::IrregularDeal { put_right: *put_right }],
            Step::CardTo(hand, card) => vec![Op::CardTo { hand: *hand, card: *card }],
            Step::Exposed(hand, cards) => vec![Op::Exposed { hand: *hand, cards: cards.clone() }],
            Step::LostInDiscard { hand, card } => vec![Op::LostInDiscard { hand: *hand, card: *card }],
            Step::Announce(total) => vec![Op::Announce { total: *total }],
            Step::Confirm => vec![Op::Confirm],
            Step::PlayerError { rule, hand, by } => vec![Op::PlayerError { clause: *rule, hand: *hand, by: *by }],
            Step::TooLong(hand) => vec![Op::TooLong { hand: *hand }],
            Step::LateBet { seat, amount, standing } => {
                vec![Op::LateBet { player: who(*seat, *standing), amount: *amount }]
            }
            Step::WithdrawLate { seat, standing } => vec![Op::WithdrawLate { player: who(*seat, *standing) }],
            Step::TakeBack(entries) => vec![Op::TakeBack { entries: *entries }],
            Step::Check(_) => vec![],
        }
    }

    /// The step as a script writes it (`Say(Tableau(1), Draw)`).
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_else(|_| format!("{self:?}"))
    }
}

/// A seat's expected net result. Without `standing`, the whole section: the seated
/// player and whoever stands behind, all bets together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatNet {
    pub seat: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<bool>,
    pub amount: Money,
}

/// A step expected to be refused, citing a clause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusedAt {
    pub step: usize,
    pub rule: Clause,
}

/// An infraction expected to be found (project addition).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfractionAt {
    pub rule: Clause,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<HandId>,
}

/// What must come of a script; what is left out is not checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub totals: Option<Vec<(HandId, u8)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<(HandId, Winner)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<Vec<SeatNet>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cagnotte: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<Vec<RefusedAt>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void: Option<bool>,
    /// Project addition: the infractions found, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub infractions: Option<Vec<InfractionAt>>,

    // ---- Project additions: the shift (docs/SCRIPTS.md) ----
    /// The current coup's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coup: Option<u32>,
    /// Coups settled so far this shift.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coups: Option<u32>,
    /// The section holding the bank (0: no banker named).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banker: Option<u8>,
    /// Who holds each hand's cards: a section (0: the croupier).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holders: Option<Vec<(HandId, u8)>>,
    /// Punto y Banca: the section dealing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u8>,
    /// Chemin de fer: the section with the right of banca seguida (0: nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suivi: Option<u8>,
    /// Chemin de fer: the section the passing bank is offered to (0: nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_offered_to: Option<u8>,
    /// Chemin de fer: winnings set aside so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_aside: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cagnotte_total: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission_total: Option<Money>,
    /// Cards left in the sabot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_left: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoe_ended: Option<bool>,
    /// The bets on the cloth now: (seat, spot, amount).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bets: Option<Vec<(u8, Spot, Money)>>,
    /// The betting order (Banque, R-BQ-5): players by section, `standing` marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<PlayerRef>>,
    /// The errors the croupier recorded this coup, in order (their clauses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<Clause>>,
    /// Corrections after payment recorded this shift (R-BQ-E7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amendments: Option<u32>,
    /// The ruling waiting for the croupier's confirmation, by its clause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Clause>,
    /// Times the croupier took back his own entries this shift (`TakeBack`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrections: Option<u32>,
}

/// A script that could not be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Reads a script from its RON text.
pub fn parse(text: &str) -> Result<Script, ReadError> {
    ron_options().from_str::<Script>(text).map_err(|e| ReadError {
        line: e.span.start.line,
        col: e.span.start.col,
        message: e.code.to_string(),
    })
}

/// Writes a script as RON, one step a line.
pub fn to_ron(script: &Script) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(2).struct_names(true);
    ron_options().to_string_pretty(script, config).unwrap_or_else(|e| format!("// could not write: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    pub const WORKED: &str = r#"Script(
    title: "Bank 4 against a third card 6 draws",
    rules: ["R-BQ-11", "R-BQ-13"],
    table: (game: Banque, decks: 6, unit: "10", cagnotte: "0.05", bank_limit: Limited, sections: 12),
    bank: "1000",
    steps: [
        Bet(seat: 1, spot: Tableau(1), amount: "100"),
        Bet(seat: 7, spot: Tableau(2), amount: "50"),
        Banco(seat: 3, on: Tableau(1)),
        NoMoreBets,
        Say(Tableau(1), Draw),
        Cards(["6h"]),
        Show(Tableau(2), ["9c", "Jd"]),
        AskTable,
    ],
    expect: (
        totals: [(Tableau(1), 8)],
        net: [(seat: 1, amount: "-100"), (seat: 7, standing: true, amount: "50")],
        cagnotte: "2.50",
        refused: [(step: 2, rule: "R-BQ-8")],
    ),
)"#;

    #[test]
    fn reads_the_documented_shape() {
        let s = parse(WORKED).unwrap();
        assert_eq!(s.table.settings().unit, "10".parse().unwrap());
        assert_eq!(s.steps.len(), 8);
        assert_eq!(s.steps[2], Step::Banco { seat: 3, on: Some(HandId::Tableau(1)), standing: false });
        let e = s.expect.unwrap();
        assert_eq!(e.refused.unwrap()[0].rule, Clause::BQ8);
        assert_eq!(e.net.unwrap()[1].standing, Some(true));
    }

    #[test]
    fn shoe_as_cards_or_counts() {
        let s = parse(r#"Script(title: "x", shoe: ["Ah", "Kd"], steps: [])"#).unwrap();
        assert_eq!(s.shoe.unwrap().shoe().unseen(), 2);
        let s = parse(r#"Script(title: "x", shoe: (counts: [1,2,3,4,5,6,7,8,9,10]), steps: [])"#).unwrap();
        assert_eq!(s.shoe.unwrap().shoe().unseen(), 55);
    }

    #[test]
    fn errors_have_line_and_column() {
        let e =
            parse("Script(\n  title: \"x\",\n  steps: [Bet(seat: 1, spot: Nowhere, amount: \"1\")],\n)").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.col > 1);
        let e = parse("Script(title: \"x\", steps: [Cards([\"9x\"])])").unwrap_err();
        assert!(e.message.contains("9x"), "{}", e.message);
        let e = parse("Script(title: \"x\", rules: [\"R-XX-1\"], steps: [])").unwrap_err();
        assert!(e.message.contains("R-XX-1"));
        assert!(parse("").is_err());
        assert!(parse("Script(title: \"x\", steps: [], colour: 3)").is_err());
    }

    #[test]
    fn round_trips_through_ron() {
        let s = parse(WORKED).unwrap();
        let back = parse(&to_ron(&s)).unwrap();
        assert_eq!(s, back);
    }
}
