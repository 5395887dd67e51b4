//! The rules' reading of a coup's facts: whose turn it is and what each hand owes
//! (R-BQ-11…14, R-CF-8, R-PB-7), the infractions the facts show, the ruling each
//! calls for, and how a coup is put right (R-BQ-E13…E17). Pure functions of the
//! table settings, the coup's bets and its `Play`: asked each time, never stored.

use super::bet::{Bet, BetKind};
use super::card::Card;
use super::clause::Clause;
use super::coup::Play;
use super::drawing::{self, BankDuty, Cell, PlayerDuty, against_two, bank_cell, is_natural, player_duty};
use super::hand::{Call, HandId, HandState};
use super::legacy::Reading;
use super::settings::{Game, OptionalCells, PbDeal, TableSettings};
use super::vocab::{BankRule, Correction, ErrorBy, Infraction, InfractionKind, Pending};

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
    /// The reading of the rules the table is played under (`Reading`).
    pub reading: Reading,
}

const P1: HandId = HandId::Tableau(1);
const P2: HandId = HandId::Tableau(2);
const BQ_DEAL: [(HandId, u8); 6] = [(P1, 0), (P2, 0), (HandId::Bank, 0), (P1, 1), (P2, 1), (HandId::Bank, 1)];
const CF_DEAL: [(HandId, u8); 4] = [(HandId::Player, 0), (HandId::Bank, 0), (HandId::Player, 1), (HandId::Bank, 1)];
const PB_ALT_DEAL: [(HandId, u8); 4] = [(HandId::Punto, 0), (HandId::Banca, 0), (HandId::Punto, 1), (HandId::Banca, 1)];
const PB_SEED_DEAL: [(HandId, u8); 4] =
    [(HandId::Punto, 0), (HandId::Punto, 1), (HandId::Banca, 0), (HandId::Banca, 1)];

impl<'a> Ctx<'a> {
    pub fn game(&self) -> Game {
        self.settings.game
    }

    pub fn hand_ids(&self) -> &'static [HandId] {
        HandId::of_game(self.game())
    }

    /// The player hands (every hand but the bank's side), in the order they play.
    pub fn players(&self) -> &'static [HandId] {
        HandId::players_of(self.game())
    }

    /// The bank's side: the banker's hand, or banca.
    pub fn bank(&self) -> HandId {
        HandId::bank_of(self.game())
    }

    /// The hands that play after player hand `hand`: the later player hands, then the
    /// bank's side.
    pub fn hands_after(&self, hand: HandId) -> impl Iterator<Item = HandId> {
        self.players_after(hand).chain([self.bank()])
    }

    /// The player hands that play after `hand`.
    pub fn players_after(&self, hand: HandId) -> impl Iterator<Item = HandId> {
        let players = self.players();
        let from = players.iter().position(|h| *h == hand).map_or(players.len(), |i| i + 1);
        players[from..].iter().copied()
    }

    /// The first cards in deal order: (hand, slot). R-BQ-10, R-CF-7, R-PB-6.
    pub fn deal_order(&self) -> &'static [(HandId, u8)] {
        match self.game() {
            Game::Banque => &BQ_DEAL,
            Game::ChemindeFer => &CF_DEAL,
            Game::PuntoBanca => match self.settings.house.pb_deal {
                PbDeal::PuntoFirst => &PB_SEED_DEAL,
                PbDeal::Alternating => &PB_ALT_DEAL,
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
        if let Some((_, c)) = p.bank_rule {
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

    /// Whether the holder of player hand `hand` called banco and so may draw or stand
    /// on any total that is not a natural (R-BQ-11; in Chemin de fer by setting).
    pub fn holder_is_free(&self, hand: HandId) -> bool {
        let banco = |b: &&Bet| b.kind == BetKind::Banco;
        match self.game() {
            Game::Banque => self
                .bets
                .iter()
                .filter(banco)
                .any(|b| b.stakes(self.settings.unit).is_ok_and(|st| st[0].is_some_and(|s| s.hand == hand))),
            Game::ChemindeFer => self.settings.house.cf_banco_free_draw && self.bets.iter().any(|b| banco(&b)),
            Game::PuntoBanca => false,
        }
    }

    /// The bank's natural is known and decides the coup: no third card to the other
    /// side (R-BQ-12 as a house rule in Banque; R-CF-8 in Chemin de fer).
    pub fn bank_natural_decides(&self, p: &Play) -> bool {
        let natural = p.hands.bank().cards.two_card_eight_or_nine();
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

    /// Where player hand `hand` (a paño, the Chemin de fer player) stands.
    pub fn player_step(&self, p: &Play, hand: HandId) -> HandStep {
        let h = &p.hands[hand];
        if h.void || h.zero || h.rebuilt.is_some() {
            return HandStep::Done(if h.cards.third.is_some() { Played::Drew } else { Played::Stood });
        }
        if h.first_word.is_some() && h.cards.total2().is_none() {
            // "Carta" and "no": the croupier checks the total (R-BQ-E16), even once the
            // card is out.
            return HandStep::Show;
        }
        if h.cards.third.is_some() {
            return HandStep::Done(Played::Drew);
        }
        // A natural is shown at once (R-BQ-12): said face down, its cards are owed now.
        if h.call == Some(Call::Natural) && h.cards.total2().is_none() {
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
                Some(t) => match player_duty(t, self.holder_is_free(hand)) {
                    PlayerDuty::MustDraw => HandStep::Card { total, forced: true },
                    PlayerDuty::MustStand => HandStep::Done(Played::Stood),
                    PlayerDuty::Chooses => HandStep::Call { total },
                    PlayerDuty::ShowNatural => HandStep::Done(Played::Natural),
                },
            },
        }
    }

    /// The table's cell against player hand `hand` for a bank of `bank_total`, or
    /// `None` when that hand showed a natural or its coup is void (it takes no part,
    /// R-BQ-14).
    pub fn cell_against(&self, p: &Play, hand: HandId, bank_total: u8) -> Option<Cell> {
        let h = &p.hands[hand];
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
                let a = self.cell_against(p, P1, total);
                let b = self.cell_against(p, P2, total);
                if a.is_none() && b.is_none() {
                    return None;
                }
                match p.bank_rule.map(|(rule, _)| rule) {
                    Some(BankRule::FiveOrLess) => return five(),
                    Some(BankRule::MayDraw) => return Some(BankDuty::Chooses),
                    Some(BankRule::Normal) | None => {}
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
                let cell = self.cell_against(p, HandId::Player, total)?;
                match p.bank_rule.map(|(rule, _)| rule) {
                    Some(BankRule::FiveOrLess) => return five(),
                    Some(BankRule::MayDraw) => return Some(BankDuty::Chooses),
                    Some(BankRule::Normal) | None => {}
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
        self.players().iter().all(|h| self.player_natural(&p.hands[*h]) || p.hands[*h].void)
    }

    /// Where the bank stands, the player hands having played.
    pub fn bank_step(&self, p: &Play) -> HandStep {
        let b = p.hands.bank();
        if b.void || b.zero || b.rebuilt.is_some() {
            return HandStep::Done(if b.cards.third.is_some() { Played::Drew } else { Played::Stood });
        }
        if b.cards.third.is_some() {
            return HandStep::Done(Played::Drew);
        }
        // The bank's natural too is shown at once (R-BQ-12, R-CF-8).
        if b.call == Some(Call::Natural) && b.cards.total2().is_none() {
            return HandStep::Show;
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
        let (punto, banca) = (&p.hands[HandId::Punto], &p.hands[HandId::Banca]);
        // A hand discarded unshown counts 0 and plays no further (R-BQ-E6).
        let total = |h: &HandState| if h.zero { Some(0) } else { h.cards.total2() };
        let (Some(pt), Some(bt)) = (total(punto), total(banca)) else {
            let hand = if total(punto).is_none() { HandId::Punto } else { HandId::Banca };
            return Status::Turn { hand, step: HandStep::Show };
        };
        if (is_natural(pt) && !punto.zero) || (is_natural(bt) && !banca.zero) {
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
        if p.void.is_some() {
            return Status::Complete;
        }
        if let Some(r) = p.pending {
            return Status::Ruling(r);
        }
        if self.game() == Game::PuntoBanca {
            return self.punto_banca_status(p);
        }
        for hand in self.players() {
            let step = self.player_step(p, *hand);
            if !matches!(step, HandStep::Done(_)) {
                return Status::Turn { hand: *hand, step };
            }
        }
        let step = self.bank_step(p);
        if !matches!(step, HandStep::Done(_)) {
            return Status::Turn { hand: HandId::Bank, step };
        }
        for (hand, h) in p.hands.of_game(self.game()) {
            if !Self::accounted(h) {
                return Status::Showdown { hand };
            }
        }
        Status::Complete
    }

    /// Every infraction the facts show (R-BQ-11, R-BQ-12, R-BQ-13/14, R-BQ-E12,
    /// R-BQ-E17, R-CF-8), the hands already put right excepted.
    pub fn infractions(&self, p: &Play) -> Vec<Infraction> {
        let mut out = Vec::new();
        if self.game() == Game::PuntoBanca || !p.closed || p.void.is_some() {
            return out;
        }
        let pc = self.player_clause();
        let mut push = |clause, hand, kind| out.push(Infraction { clause, hand, kind });
        for (hand, h) in p.hands.players(self.game()) {
            let Some(t) = h.cards.total2() else { continue };
            if h.void || h.zero {
                continue;
            }
            let free = self.holder_is_free(hand);
            let drew = h.cards.third.is_some() || h.call == Some(Call::Draw);
            if drew && is_natural(t) {
                push(Clause::BQE17, hand, InfractionKind::DrewOnNatural { total: t });
            } else if drew && !free && t >= 6 {
                push(pc, hand, InfractionKind::DrewOnStand { total: t });
            }
            match h.call {
                Some(Call::Stand) if is_natural(t) => {
                    push(Clause::BQE17, hand, InfractionKind::NaturalForfeited { total: t })
                }
                // A «no» where the bank's natural left the paño no card to take is no
                // fault (R-BQ-12, R-CF-8).
                Some(Call::Stand) if !free && t <= 4 && !self.bank_natural_decides(p) => {
                    push(pc, hand, InfractionKind::StoodOnDraw { total: t })
                }
                Some(Call::Natural) if !is_natural(t) => push(pc, hand, InfractionKind::FalseNatural { total: t }),
                _ => {}
            }
        }
        let b = p.hands.bank();
        if let (Some(t), false) = (b.cards.total2(), b.zero || b.void) {
            // Banque: «Las cartas no pueden ser miradas hasta llegado el turno de su
            // poseedor» (001): a natural shown when the bank's turn comes, after the paños
            // drew against its cards face down, is shown at once; only a bank that takes a
            // card on its natural did not show it (R-BQ-12). Chemin de fer: a natural on
            // either side ends the coup (R-CF-8).
            // (Logs of an earlier reading flagged a Banque natural after a paño drew.)
            let player_drew = (self.game() == Game::ChemindeFer || !self.reading.presence())
                && p.hands.players(self.game()).any(|(_, h)| h.cards.third.is_some());
            let natural_clause = if self.game() == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
            let natural_rule = self.game() == Game::ChemindeFer || self.settings.house.bank_natural_ends_coup;
            if is_natural(t) && natural_rule && (b.cards.third.is_some() || player_drew) {
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

    /// R-BQ-E16 once the holder's total is known (`first` his first word): the word
    /// that stands (`Ok`), or the coup to put right (`Err`): a card that went to him
    /// though the word that stands is not "carta" (as R-BQ-E15), or a later hand that
    /// drew while the word that stands gives him the card (as R-BQ-E14: the card back
    /// to him, the next paño the next card, the bank by R-BQ-E13).
    pub fn after_both_words(&self, p: &Play, hand: HandId, first: Call, total: u8) -> Result<Call, Pending> {
        let ruled = self.word_that_stands(total, first, self.holder_is_free(hand));
        let has_card = p.hands[hand].cards.third.is_some();
        let later_card = self.hands_after(hand).any(|j| p.hands[j].cards.third.is_some());
        match (ruled, has_card) {
            (Call::Draw, false) if later_card => Err(Pending::put_right(Clause::BQE16, hand, Call::Draw)),
            (Call::Draw, _) | (_, false) => Ok(ruled),
            (fix, true) => Err(Pending::put_right(Clause::BQE16, hand, fix)),
        }
    }

    /// The ruling an infraction calls for, if the rules give one: a coup put right
    /// (R-BQ-E14, E15, E17; a false natural by R-BQ-11), or the bank reopened
    /// (R-BQ-E12). `None`: the infraction is recorded and the coup goes on as played.
    pub fn ruling_for(&self, p: &Play, inf: &Infraction) -> Option<Pending> {
        if !inf.hand.in_game(self.game()) {
            return None;
        }
        let h = &p.hands[inf.hand];
        match inf.kind {
            InfractionKind::StoodOnDraw { .. } => {
                let later_card = self.players_after(inf.hand).any(|j| p.hands[j].cards.third.is_some());
                let bank_card = p.hands.bank().cards.third.is_some();
                let clause = if later_card || bank_card { Clause::BQE14 } else { self.player_clause() };
                Some(Pending::put_right(clause, inf.hand, Call::Draw))
            }
            InfractionKind::DrewOnStand { .. } if h.cards.third.is_some() => {
                Some(Pending::put_right(Clause::BQE15, inf.hand, Call::Stand))
            }
            InfractionKind::DrewOnNatural { .. } if h.cards.third.is_some() => {
                Some(Pending::put_right(Clause::BQE17, inf.hand, Call::Natural))
            }
            InfractionKind::FalseNatural { total } => {
                let fix =
                    if total <= 4 || (total == 5 && self.holder_is_free(inf.hand)) { Call::Draw } else { Call::Stand };
                Some(Pending::put_right(self.player_clause(), inf.hand, fix))
            }
            // The bank against a table that bound it, found when its cards are known:
            // its play is put right where that is evident (R-BQ-E8), the croupier
            // confirming, before anything is paid. Chemin de fer: the table binds the
            // bank (R-CF-8). Banque: a banker who asked for the table must follow it
            // where it says the same against both paños (R-BQ-13/14: «habrá de
            // seguirlo»), and so must a bank an error bound (R-BQ-E10, E12, E13).
            InfractionKind::BankAgainstTable { did, .. } => {
                let call = if did == Call::Draw { Call::Stand } else { Call::Draw };
                let clause = if self.game() == Game::ChemindeFer { Clause::CF8 } else { inf.clause };
                Some(Pending::BankPlay { clause, call })
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
    /// it (R-BQ-E15: "the bank must take it"). Returns what the ruling changes and the
    /// cards that go out of play.
    pub fn put_right(&self, p: &Play, hand: HandId, fix: Call, by: ErrorBy) -> (Correction, Vec<Card>) {
        // A banker's error earlier in the coup still governs the bank (R-BQ-E13).
        let by = if p.restored == Some(ErrorBy::Banker) { ErrorBy::Banker } else { by };
        let mut thirds: Vec<(u8, Card)> =
            p.hands.of_game(self.game()).filter_map(|(_, h)| h.cards.third.map(|c| (h.seq, c))).collect();
        thirds.sort_by_key(|(seq, _)| *seq);
        if let Some(f) = p.floating {
            thirds.push((u8::MAX, f.card));
        }
        let gave_up = matches!(fix, Call::Stand | Call::Natural) && p.hands[hand].cards.third.is_some();
        // The play with every third card taken back, the word put right and the bank's
        // word taken back; then the cards dealt again, hand by hand.
        let mut fix_only =
            Correction { hand, call: fix, by, thirds: Vec::new(), bank_takes: false, next: None, next_forced: false };
        let mut q = *p;
        super::coup::put_right(&mut q, &fix_only);
        let mut cards = thirds.into_iter().map(|(_, c)| c);
        let mut taken_after = false;
        for (i, h) in self.players().iter().enumerate() {
            let draws = match q.hands[*h].call {
                Some(Call::Draw) => true,
                Some(_) => false,
                None => matches!(self.player_step(&q, *h), HandStep::Card { .. }),
            };
            if draws && !q.hands[*h].void && !q.hands[*h].zero {
                let Some(c) = cards.next() else { break };
                q.give_third(*h, c);
                fix_only.thirds.push((*h, c));
                taken_after |= self.players().iter().position(|x| *x == hand).is_some_and(|at| i > at);
            }
        }
        let mut left: Vec<Card> = cards.collect();
        // A later paño that has not given its word yet (its total unknown, or one it
        // chooses on).
        let later_to_speak = self
            .players_after(hand)
            .any(|j| q.hands[j].call.is_none() && matches!(self.player_step(&q, j), HandStep::Call { .. }));
        if left.is_empty() {
        } else if gave_up && !taken_after && later_to_speak {
            // The card this paño gave up waits for the next paño's word: its if it asks,
            // the bank's (which must take it) if it stands (R-BQ-E15: «irá al segundo paño,
            // si ha pedido carta, o al banquero si no lo ha hecho»).
            fix_only.next = Some(left.remove(0));
            fix_only.next_forced = true;
        } else if gave_up && !taken_after {
            // No later paño took the card this one gave up: the bank must take it (R-BQ-E15).
            fix_only.thirds.push((self.bank(), left.remove(0)));
            fix_only.bank_takes = true;
        } else {
            // The sabot's order is kept (R-BQ-E14: «recogerá la carta siguiente»): the card
            // left over is the next card for the next hand that draws, whether or not the
            // bank had played.
            fix_only.next = Some(left.remove(0));
        }
        (fix_only, left)
    }
}
