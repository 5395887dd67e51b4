//! One coup: its facts, and what follows from them.
//!
//! The coup keeps only facts (bets, cards, calls, the table asked for). Whose turn
//! it is, what each hand owes and whether the coup can be settled are derived from
//! them each time they are asked, so replaying the same facts always gives the same
//! answers. `Play` is the part that cards and calls change; it is `Copy`, so an
//! operation is tried on a copy before anything is committed.

use super::bet::{Bet, BetKind};
use super::clause::Clause;
use super::drawing::{self, BankDuty, Cell, PlayerDuty, against_two, bank_cell, player_duty};
use super::event::{Infraction, InfractionKind, Settlement};
use super::hand::{Call, HandCards, HandId};
use super::settings::{Game, OptionalCells, PbDeal, TableSettings};
use serde::{Deserialize, Serialize};

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

/// Whose error put the coup right (R-BQ-E13 asks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ErrorBy {
    Player,
    Croupier,
    Banker,
}

/// How the bank must play, beyond the table (R-BQ-E10, R-BQ-E12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BankRule {
    #[default]
    Normal,
    /// Draws on 5 or less, stands otherwise (both cards of a paño exposed in the
    /// deal, R-BQ-E10; a wrong announcement after the players showed, R-BQ-E12).
    FiveOrLess,
    /// A wrong announcement before the players showed: he may ask for a card (R-BQ-E12).
    MayDraw,
}

/// A ruling the engine proposes and the croupier confirms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    /// Put the coup right: `hand`'s call becomes `fix`, and the third cards go, in the
    /// order they came out, to the hands entitled to them (R-BQ-E14…E17, R-BQ-E9).
    PutRight { clause: Clause, hand: HandId, fix: Call },
    /// The banker announced a total that is not his (R-BQ-E12).
    Reopen { announced: u8, actual: u8 },
}

impl Pending {
    pub fn clause(self) -> Clause {
        match self {
            Pending::PutRight { clause, .. } => clause,
            Pending::Reopen { .. } => Clause::BQE12,
        }
    }
}

/// The part of a coup that cards and calls change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Play {
    /// "No va más" was said and the first cards dealt.
    pub closed: bool,
    /// By index in `HandId::of_game`.
    pub hands: [HandState; 3],
    /// How many of the first cards a card-reading shoe has read, in deal order.
    pub reader_pos: u8,
    /// Whether a card entered now is still one of the first cards (nothing else has
    /// happened since the deal).
    pub reader_open: bool,
    /// The banker asked for the table (R-BQ-13).
    pub table_asked: bool,
    /// First cards taken out before "no va más" (R-BQ-E1): the deal's first.
    #[serde(default)]
    pub early: u8,
    /// No bet may be raised, lowered or withdrawn (R-BQ-E2, R-BQ-E10).
    #[serde(default)]
    pub frozen: bool,
    /// The coup is being put right after an error, and whose (R-BQ-E13).
    #[serde(default)]
    pub restored: Option<ErrorBy>,
    #[serde(default)]
    pub bank_rule: BankRule,
    /// The clause that set the bank's rule (R-BQ-E10 or R-BQ-E12).
    #[serde(default)]
    pub bank_rule_clause: Option<Clause>,
    /// A third card out of the sabot waiting for the hand it belongs to (R-BQ-E9, E15).
    #[serde(default)]
    pub floating: Option<super::card::Card>,
    /// A ruling waiting for the croupier's confirmation.
    #[serde(default)]
    pub pending: Option<Pending>,
    /// Third cards dealt so far (their order).
    #[serde(default)]
    pub thirds: u8,
    /// The whole coup is void (R-BQ-E3, E8, E11).
    #[serde(default)]
    pub void: bool,
    /// The bank had to take the card a paño gave up (R-BQ-E15): its draw is no choice.
    #[serde(default)]
    pub bank_must_take: bool,
    /// The waiting card must be taken by the bank if no paño takes it (R-BQ-E9 with
    /// E15); otherwise it is the bank's only if it draws.
    #[serde(default)]
    pub floating_forced: bool,
}

/// A coup in progress (or settled).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coup {
    pub bets: Vec<Bet>,
    pub play: Play,
    pub infractions: Vec<Infraction>,
    pub settlement: Option<std::sync::Arc<Settlement>>,
    /// Free bank: bets offered, waiting for the banker (R-BQ-4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Bet>,
    /// Banque: a banco called on the other paño too, waiting for the lot (R-BQ-8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contest: Option<Bet>,
    /// Chemin de fer: who has the player's cards in hand (R-CF-6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_with: Option<super::shift::CardsWith>,
    /// The errors the croupier recorded in this coup, with their rulings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<super::event::ErrorRecord>,
}

/// How a hand ended its play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    Natural,
    Stood,
    Drew,
    /// It had no play: a natural on the other side decided the coup.
    NoPlay,
}

/// Where a hand stands in its play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandStep {
    Done(Played),
    /// Its holder must say draw or stand; `total` when the engine knows it.
    Call {
        total: Option<u8>,
    },
    /// A third card is owed to it: it asked (`forced: false`) or the rule makes it draw.
    Card {
        total: Option<u8>,
        forced: bool,
    },
    /// Its cards must be turned over before the rule can go on (Punto y Banca).
    Show,
}

/// Where the coup stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Betting,
    Turn {
        hand: HandId,
        step: HandStep,
    },
    /// Every hand has played; this one's first cards are still face down.
    Showdown {
        hand: HandId,
    },
    /// A ruling waits for the croupier's confirmation.
    Ruling(Pending),
    /// Every fact is known: the coup settles.
    Complete,
    Settled,
}

/// The rules in force for a coup: the table settings and the coup's bets.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub settings: &'a TableSettings,
    pub bets: &'a [Bet],
}

const BQ_DEAL: [(usize, u8); 6] = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)];
const ALT_DEAL: [(usize, u8); 4] = [(0, 0), (1, 0), (0, 1), (1, 1)];
const PB_SEED_DEAL: [(usize, u8); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

impl<'a> Ctx<'a> {
    pub fn game(&self) -> Game {
        self.settings.game
    }

    pub fn hand_ids(&self) -> &'static [HandId] {
        HandId::of_game(self.game())
    }

    pub fn n_hands(&self) -> usize {
        self.hand_ids().len()
    }

    pub fn bank_idx(&self) -> usize {
        self.n_hands() - 1
    }

    pub fn idx(&self, hand: HandId) -> Option<usize> {
        hand.index_in(self.game())
    }

    /// The first cards in deal order: (hand index, slot). R-BQ-10, R-CF-7, R-PB-6.
    pub fn deal_order(&self) -> &'static [(usize, u8)] {
        match self.game() {
            Game::Banque => &BQ_DEAL,
            Game::ChemindeFer => &ALT_DEAL,
            Game::PuntoBanca => match self.settings.house.pb_deal {
                PbDeal::PuntoFirst => &PB_SEED_DEAL,
                PbDeal::Alternating => &ALT_DEAL,
            },
        }
    }

    /// The clause of the deal in this game.
    pub fn deal_clause(&self) -> Clause {
        match self.game() {
            Game::Banque => Clause::BQ10,
            Game::ChemindeFer => Clause::CF7,
            Game::PuntoBanca => Clause::PB6,
        }
    }

    /// The clause of a player hand's drawing rule.
    pub fn player_clause(&self) -> Clause {
        match self.game() {
            Game::Banque => Clause::BQ11,
            Game::ChemindeFer => Clause::CF8,
            Game::PuntoBanca => Clause::PB7,
        }
    }

    /// The clause the bank's drawing rests on in this coup: an error's (R-BQ-E10,
    /// E12, E13) when one changed it, else the game's.
    pub fn bank_clause_in(&self, p: &Play) -> Clause {
        if let Some(c) = p.bank_rule_clause {
            return c;
        }
        if p.restored.is_some() && self.game() == Game::Banque {
            return Clause::BQE13;
        }
        self.bank_clause(p.table_asked)
    }

    /// The clause of the bank's drawing.
    pub fn bank_clause(&self, table_asked: bool) -> Clause {
        match self.game() {
            Game::Banque if table_asked => Clause::BQ14,
            Game::Banque => Clause::BQ13,
            Game::ChemindeFer => Clause::CF8,
            Game::PuntoBanca => Clause::PB7,
        }
    }

    /// Whether the holder of player hand `idx` called banco and so may draw or stand
    /// on any total that is not a natural (R-BQ-11; in Chemin de fer by setting).
    pub fn holder_is_free(&self, idx: usize) -> bool {
        let banco = |b: &&Bet| b.kind == BetKind::Banco;
        match self.game() {
            Game::Banque => {
                let hand = self.hand_ids()[idx];
                self.bets.iter().filter(banco).any(|b| b.stakes(self.settings.unit)[0].is_some_and(|s| s.hand == hand))
            }
            Game::ChemindeFer => self.settings.house.cf_banco_free_draw && self.bets.iter().any(|b| banco(&b)),
            Game::PuntoBanca => false,
        }
    }

    /// The bank's natural is known and decides the coup: no third card to the other
    /// side (R-BQ-12 as a house rule in Banque; R-CF-8 in Chemin de fer).
    pub fn bank_natural_decides(&self, p: &Play) -> bool {
        let bank = &p.hands[self.bank_idx()];
        let natural = bank.cards.two_card_eight_or_nine();
        match self.game() {
            Game::Banque => natural && self.settings.house.bank_natural_ends_coup,
            Game::ChemindeFer => natural,
            Game::PuntoBanca => false,
        }
    }

    /// A player hand's two-card 8 or 9 that counts as a natural: shown, not spoiled by
    /// a "no" or a "carta" (R-BQ-E17).
    pub fn player_natural(&self, h: &HandState) -> bool {
        h.cards.two_card_eight_or_nine() && !matches!(h.call, Some(Call::Stand | Call::Draw))
    }

    /// Where player hand `idx` (a paño, the Chemin de fer player) stands.
    pub fn player_step(&self, p: &Play, idx: usize) -> HandStep {
        let h = &p.hands[idx];
        if h.void || h.zero || h.rebuilt.is_some() {
            return HandStep::Done(if h.cards.third.is_some() { Played::Drew } else { Played::Stood });
        }
        if h.cards.third.is_some() {
            return HandStep::Done(Played::Drew);
        }
        if h.first_word.is_some() && h.cards.total2().is_none() {
            // "Carta" and "no": the croupier checks the total (R-BQ-E16).
            return HandStep::Show;
        }
        if self.player_natural(h) || h.call == Some(Call::Natural) {
            return HandStep::Done(Played::Natural);
        }
        if self.bank_natural_decides(p) {
            return HandStep::Done(Played::NoPlay);
        }
        let total = h.cards.total2();
        match h.call {
            Some(Call::Stand) => HandStep::Done(Played::Stood),
            Some(Call::Draw) => HandStep::Card { total, forced: false },
            _ => match total {
                None => HandStep::Call { total: None },
                Some(t) => match player_duty(t, self.holder_is_free(idx)) {
                    PlayerDuty::MustDraw => HandStep::Card { total, forced: true },
                    PlayerDuty::MustStand => HandStep::Done(Played::Stood),
                    PlayerDuty::Chooses => HandStep::Call { total },
                    PlayerDuty::ShowNatural => HandStep::Done(Played::Natural),
                },
            },
        }
    }

    /// The table's cell against player hand `idx` for a bank of `bank_total`, or
    /// `None` when that hand showed a natural or its coup is void (it takes no part,
    /// R-BQ-14).
    pub fn cell_against(&self, p: &Play, idx: usize, bank_total: u8) -> Option<Cell> {
        let h = &p.hands[idx];
        if self.player_natural(h) || h.void {
            return None;
        }
        Some(bank_cell(bank_total, h.cards.third.map(|c| c.points())))
    }

    /// What the bank owes with `total`, the player hands having played: `None` when it
    /// has no play (every player hand showed a natural).
    pub fn bank_duty(&self, p: &Play, total: u8) -> Option<BankDuty> {
        let five = || Some(if total <= 5 { BankDuty::MustDraw } else { BankDuty::MustStand });
        match self.game() {
            Game::Banque => {
                let a = self.cell_against(p, 0, total);
                let b = self.cell_against(p, 1, total);
                if a.is_none() && b.is_none() {
                    return None;
                }
                match p.bank_rule {
                    BankRule::FiveOrLess => return five(),
                    BankRule::MayDraw => return Some(BankDuty::Chooses),
                    BankRule::Normal => {}
                }
                if let Some(by) = p.restored {
                    drawing::restored_against_two(total, a, b, by == ErrorBy::Banker)
                } else if !p.table_asked {
                    Some(BankDuty::Chooses)
                } else {
                    against_two(a, b)
                }
            }
            Game::ChemindeFer => {
                let cell = self.cell_against(p, 0, total)?;
                match p.bank_rule {
                    BankRule::FiveOrLess => return five(),
                    BankRule::MayDraw => return Some(BankDuty::Chooses),
                    BankRule::Normal => {}
                }
                Some(match (cell, self.settings.house.cf_optional_cells) {
                    (Cell::Optional, OptionalCells::Draw) => BankDuty::MustDraw,
                    (Cell::Optional, OptionalCells::Stand) => BankDuty::MustStand,
                    (c, _) => c.into(),
                })
            }
            Game::PuntoBanca => None,
        }
    }

    /// Whether every player hand showed a natural or is void (then the bank has no play).
    fn all_players_natural(&self, p: &Play) -> bool {
        (0..self.bank_idx()).all(|i| self.player_natural(&p.hands[i]) || p.hands[i].void)
    }

    /// Where the bank stands, the player hands having played.
    pub fn bank_step(&self, p: &Play) -> HandStep {
        let b = &p.hands[self.bank_idx()];
        if b.void || b.zero || b.rebuilt.is_some() {
            return HandStep::Done(if b.cards.third.is_some() { Played::Drew } else { Played::Stood });
        }
        if b.cards.third.is_some() {
            return HandStep::Done(Played::Drew);
        }
        if b.cards.two_card_eight_or_nine() || b.call == Some(Call::Natural) {
            return HandStep::Done(Played::Natural);
        }
        if self.all_players_natural(p) {
            return HandStep::Done(Played::NoPlay);
        }
        let total = b.cards.total2();
        match b.call {
            Some(Call::Stand) => HandStep::Done(Played::Stood),
            Some(Call::Draw) => HandStep::Card { total, forced: false },
            _ => match total.and_then(|t| self.bank_duty(p, t)) {
                None if total.is_some() => HandStep::Done(Played::NoPlay),
                None | Some(BankDuty::Chooses) => HandStep::Call { total },
                Some(BankDuty::MustDraw) => HandStep::Card { total, forced: true },
                Some(BankDuty::MustStand) => HandStep::Done(Played::Stood),
            },
        }
    }

    /// Whether a hand's total is settled for the showdown: its first cards known, or
    /// counted without them (baccarat, rebuilt, void).
    fn accounted(h: &HandState) -> bool {
        h.cards.total2().is_some() || h.zero || h.rebuilt.is_some() || h.void
    }

    /// Punto y Banca: the fixed rules (R-PB-7) once both hands are shown.
    fn punto_banca_status(&self, p: &Play) -> Status {
        let [punto, banca, _] = &p.hands;
        // A hand discarded unshown counts 0 and plays no further (R-BQ-E6).
        let total = |h: &HandState| if h.zero { Some(0) } else { h.cards.total2() };
        let (Some(pt), Some(bt)) = (total(punto), total(banca)) else {
            let hand = if total(punto).is_none() { HandId::Punto } else { HandId::Banca };
            return Status::Turn { hand, step: HandStep::Show };
        };
        if (pt >= 8 && !punto.zero) || (bt >= 8 && !banca.zero) {
            return Status::Complete;
        }
        if !punto.zero && punto.cards.third.is_none() && drawing::punto_draws(pt) {
            return Status::Turn { hand: HandId::Punto, step: HandStep::Card { total: Some(pt), forced: true } };
        }
        let up_to = self.settings.house.pb_banca_draws_on_stood_up_to;
        if !banca.zero
            && banca.cards.third.is_none()
            && drawing::banca_draws(bt, punto.cards.third.map(|c| c.points()), up_to)
        {
            return Status::Turn { hand: HandId::Banca, step: HandStep::Card { total: Some(bt), forced: true } };
        }
        Status::Complete
    }

    /// Where the coup stands, from its facts.
    pub fn status(&self, p: &Play) -> Status {
        if !p.closed {
            return Status::Betting;
        }
        if p.void {
            return Status::Complete;
        }
        if let Some(r) = p.pending {
            return Status::Ruling(r);
        }
        if self.game() == Game::PuntoBanca {
            return self.punto_banca_status(p);
        }
        let ids = self.hand_ids();
        for (idx, hand) in ids.iter().enumerate().take(self.bank_idx()) {
            let step = self.player_step(p, idx);
            if !matches!(step, HandStep::Done(_)) {
                return Status::Turn { hand: *hand, step };
            }
        }
        let step = self.bank_step(p);
        if !matches!(step, HandStep::Done(_)) {
            return Status::Turn { hand: HandId::Bank, step };
        }
        for (idx, hand) in ids.iter().enumerate() {
            if !Self::accounted(&p.hands[idx]) {
                return Status::Showdown { hand: *hand };
            }
        }
        Status::Complete
    }

    /// Every infraction the facts show (R-BQ-11, R-BQ-12, R-BQ-13/14, R-BQ-E12,
    /// R-BQ-E17, R-CF-8), the hands already put right excepted.
    pub fn infractions(&self, p: &Play) -> Vec<Infraction> {
        let mut out = Vec::new();
        if self.game() == Game::PuntoBanca || !p.closed || p.void {
            return out;
        }
        let ids = self.hand_ids();
        let pc = self.player_clause();
        let mut push = |clause, hand, kind| out.push(Infraction { clause, hand, kind });
        for (idx, (h, hand)) in p.hands.iter().zip(ids.iter().copied()).enumerate().take(self.bank_idx()) {
            let Some(t) = h.cards.total2() else { continue };
            if h.void || h.zero {
                continue;
            }
            let free = self.holder_is_free(idx);
            let drew = h.cards.third.is_some() || h.call == Some(Call::Draw);
            if drew && t >= 8 {
                push(Clause::BQE17, hand, InfractionKind::DrewOnNatural { total: t });
            } else if drew && !free && t >= 6 {
                push(pc, hand, InfractionKind::DrewOnStand { total: t });
            }
            match h.call {
                Some(Call::Stand) if t >= 8 => push(Clause::BQE17, hand, InfractionKind::NaturalForfeited { total: t }),
                Some(Call::Stand) if !free && t <= 4 => push(pc, hand, InfractionKind::StoodOnDraw { total: t }),
                Some(Call::Natural) if t < 8 => push(pc, hand, InfractionKind::FalseNatural { total: t }),
                _ => {}
            }
        }
        let bi = self.bank_idx();
        let b = &p.hands[bi];
        if let (Some(t), false) = (b.cards.total2(), b.zero || b.void) {
            let any_player_drew = (0..bi).any(|i| p.hands[i].cards.third.is_some());
            let natural_clause = if self.game() == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
            let natural_rule = self.game() == Game::ChemindeFer || self.settings.house.bank_natural_ends_coup;
            if t >= 8 && natural_rule && (b.cards.third.is_some() || any_player_drew) {
                push(natural_clause, HandId::Bank, InfractionKind::NaturalNotShownAtOnce { total: t });
            }
            if let Some(said) = b.announced.filter(|a| *a != t) {
                push(Clause::BQE12, HandId::Bank, InfractionKind::WrongAnnouncement { said, total: t });
            }
            let did = if b.cards.third.is_some() || b.call == Some(Call::Draw) {
                Some(Call::Draw)
            } else if b.call == Some(Call::Stand) {
                Some(Call::Stand)
            } else {
                None
            };
            if let (Some(did), true) = (did, t < 8 && !p.bank_must_take) {
                if self.all_players_natural(p) && did == Call::Draw && self.game() == Game::ChemindeFer {
                    push(Clause::CF8, HandId::Bank, InfractionKind::DrewAfterNatural);
                }
                let duty = self.bank_duty(p, t);
                let against = matches!(
                    (duty, did),
                    (Some(BankDuty::MustDraw), Call::Stand) | (Some(BankDuty::MustStand), Call::Draw)
                );
                if let (true, Some(duty)) = (against, duty) {
                    push(
                        self.bank_clause_in(p),
                        HandId::Bank,
                        InfractionKind::BankAgainstTable { total: t, duty, did },
                    );
                }
            }
        }
        out
    }

    /// R-BQ-E16: the word that stands for a holder who said both: with 5 the first;
    /// otherwise what the rule makes him do.
    pub fn word_that_stands(&self, total: u8, first: Call, free: bool) -> Call {
        match player_duty(total, free) {
            PlayerDuty::Chooses => first,
            PlayerDuty::MustDraw => Call::Draw,
            PlayerDuty::MustStand => Call::Stand,
            PlayerDuty::ShowNatural => Call::Natural,
        }
    }

    /// The ruling an infraction calls for, if the rules give one: a coup put right
    /// (R-BQ-E14, E15, E17; a false natural by R-BQ-11), or the bank reopened
    /// (R-BQ-E12). `None`: the infraction is recorded and the coup goes on as played.
    pub fn ruling_for(&self, p: &Play, inf: &Infraction) -> Option<Pending> {
        let idx = self.idx(inf.hand)?;
        let h = &p.hands[idx];
        match inf.kind {
            InfractionKind::StoodOnDraw { .. } => {
                let later_card = (idx + 1..self.bank_idx()).any(|j| p.hands[j].cards.third.is_some());
                let bank_card = p.hands[self.bank_idx()].cards.third.is_some();
                let clause = if later_card || bank_card { Clause::BQE14 } else { self.player_clause() };
                Some(Pending::PutRight { clause, hand: inf.hand, fix: Call::Draw })
            }
            InfractionKind::DrewOnStand { .. } if h.cards.third.is_some() => {
                Some(Pending::PutRight { clause: Clause::BQE15, hand: inf.hand, fix: Call::Stand })
            }
            InfractionKind::DrewOnNatural { .. } if h.cards.third.is_some() => {
                Some(Pending::PutRight { clause: Clause::BQE17, hand: inf.hand, fix: Call::Natural })
            }
            InfractionKind::FalseNatural { total } => {
                let fix = if total <= 4 || (total == 5 && self.holder_is_free(idx)) { Call::Draw } else { Call::Stand };
                Some(Pending::PutRight { clause: self.player_clause(), hand: inf.hand, fix })
            }
            InfractionKind::WrongAnnouncement { said, total }
                if h.call == Some(Call::Stand) && h.cards.third.is_none() =>
            {
                Some(Pending::Reopen { announced: said, actual: total })
            }
            _ => None,
        }
    }

    /// The coup put right (R-BQ-E14…E17, E9): `hand`'s call becomes `fix`; the third
    /// cards go, in the order they came out, to the player hands that draw, in their
    /// order; the bank plays again by the table of a coup put right (R-BQ-E13), taking
    /// the next card left over if it draws, or the card a paño gave up if no paño took
    /// it (R-BQ-E15: "the bank must take it"). Returns the new play and the cards that
    /// go out of play.
    pub fn put_right(&self, p: &Play, idx: usize, fix: Call, by: ErrorBy) -> (Play, Vec<super::card::Card>) {
        let mut q = *p;
        let bank = self.bank_idx();
        let mut thirds: Vec<(u8, super::card::Card)> =
            q.hands.iter().filter_map(|h| h.cards.third.map(|c| (h.seq, c))).collect();
        thirds.sort_by_key(|(seq, _)| *seq);
        if let Some(c) = q.floating.take() {
            thirds.push((u8::MAX, c));
        }
        let gave_up = matches!(fix, Call::Stand | Call::Natural) && p.hands[idx].cards.third.is_some();
        let bank_had = q.hands[bank].cards.third.is_some() || q.hands[bank].call.is_some();
        for h in q.hands.iter_mut() {
            h.cards.third = None;
            h.seq = 0;
        }
        q.hands[idx].call = Some(fix);
        q.hands[idx].first_word = None;
        q.hands[bank].call = None;
        q.thirds = 0;
        let mut cards = thirds.into_iter().map(|(_, c)| c);
        let mut taken_after = false;
        for i in 0..bank {
            let draws = match q.hands[i].call {
                Some(Call::Draw) => true,
                Some(_) => false,
                None => matches!(self.player_step(&q, i), HandStep::Card { .. }),
            };
            if draws && !q.hands[i].void && !q.hands[i].zero {
                match cards.next() {
                    Some(c) => {
                        q.thirds += 1;
                        q.hands[i].cards.third = Some(c);
                        q.hands[i].seq = q.thirds;
                        taken_after |= i > idx;
                    }
                    None => break,
                }
            }
        }
        let mut left: Vec<super::card::Card> = cards.collect();
        if gave_up && !taken_after && !left.is_empty() {
            // No later paño took the card this one gave up: the bank must take it (R-BQ-E15).
            let c = left.remove(0);
            q.thirds += 1;
            q.hands[bank].cards.third = Some(c);
            q.hands[bank].call = Some(Call::Draw);
            q.hands[bank].seq = q.thirds;
            q.bank_must_take = true;
        } else if bank_had && !left.is_empty() {
            // The bank plays again; the next card is the one left over.
            q.floating = Some(left.remove(0));
            q.floating_forced = false;
        }
        q.restored = Some(by);
        q.pending = None;
        (q, left)
    }
}

impl Play {
    /// The hand state of `hand` (index already checked).
    pub fn hand(&self, idx: usize) -> &HandState {
        &self.hands[idx]
    }
}
