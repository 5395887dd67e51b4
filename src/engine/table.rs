//! The table: settings, the sabot, the bank and the coup in play. Every operation
//! goes through `Table::handle`, which checks it against the rules and either
//! refuses it (state unchanged) or turns it into events and applies them with
//! `Table::apply`, the same function a replay uses.

use super::bet::{Bet, BetKind};
use super::card::Card;
use super::clause::Clause;
use super::coup::{Coup, Ctx, HandStep, Play, Played, Status};
use super::drawing::BankDuty;
use super::event::{Event, Infraction, Op, Settlement};
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::money::Money;
use super::refusal::{Reason, Refusal};
use super::settings::{BadSettings, BankLimit, Game, TableSettings};
use super::settle::settle;
use super::shift::Shift;
use super::shoe::{Shoe, ShoeError};
use serde::{Deserialize, Serialize};

/// The most bets one coup takes (a bound that keeps every sum far from overflow).
pub const MAX_BETS_PER_COUP: u16 = 500;

/// Running totals of the shift so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShiftTotals {
    pub coups: u32,
    /// Corrections after coups were paid (R-BQ-E7).
    #[serde(default)]
    pub amendments: u32,
    /// Errors the croupier recorded.
    #[serde(default)]
    pub errors: u32,
    pub cagnotte: Money,
    pub commission: Money,
    pub void: u32,
    pub infractions: u32,
}

/// What is owed now, by whom: the obligation banner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// Bets are open; then "no va más" (R-C-7).
    Bets,
    /// The holder of `hand` says draw or stand.
    Decide { hand: HandId, total: Option<u8> },
    /// A card is owed to `hand`: it asked (`forced: false`) or its rule makes it draw.
    Card { hand: HandId, total: Option<u8>, forced: bool },
    /// `hand` turns its first cards over.
    Show { hand: HandId },
    /// A ruling waits for the croupier's confirmation.
    Confirm { ruling: super::coup::Pending },
    /// The coup is settled: pay and collect.
    Pay,
}

/// An obligation and the clause it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duty {
    pub owed: Owed,
    pub clause: Clause,
}

/// A table in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub(crate) settings: TableSettings,
    pub(crate) shoe: Shoe,
    pub(crate) bank: Money,
    pub(crate) coup: Coup,
    pub(crate) totals: ShiftTotals,
    pub(crate) shift: Shift,
}

fn refuse<T>(clause: Clause, reason: Reason) -> Result<T, Refusal> {
    Err(Refusal::new(clause, reason))
}

fn shoe_refusal(e: ShoeError) -> Refusal {
    match e {
        ShoeError::NotLeft(card) => Refusal::new(Clause::C3, Reason::CardNotLeft { card }),
        ShoeError::Empty => Refusal::new(Clause::C3, Reason::SabotEmpty),
    }
}

impl Table {
    /// A table ready for a coup's bets. `bank` is the bank announced (zero in Punto y Banca).
    pub fn new(settings: TableSettings, bank: Money, shoe: Shoe) -> Result<Table, BadSettings> {
        settings.validate()?;
        if bank.is_negative() {
            return Err(BadSettings::NegativeBank);
        }
        let shift = Shift::ready(settings.sections, bank.is_positive());
        Ok(Table { settings, shoe, bank, coup: Coup::default(), totals: ShiftTotals::default(), shift })
    }

    /// A table at the start of a live shift: the decks not yet shown, no coup, no bank.
    /// Then: `NewShoe`, `Shuffle`, `Cut` (and `Burn` in Punto y Banca), a banker
    /// (`TakeBank` / `Auction`), `NextCoup`, `AnnounceBank`, bets …
    pub fn start(settings: TableSettings) -> Result<Table, BadSettings> {
        settings.validate()?;
        let shoe = Shoe::decks(settings.decks);
        let shift = Shift::start(settings.sections);
        Ok(Table { settings, shoe, bank: Money::ZERO, coup: Coup::default(), totals: ShiftTotals::default(), shift })
    }

    pub fn shift(&self) -> &Shift {
        &self.shift
    }

    pub fn settings(&self) -> &TableSettings {
        &self.settings
    }
    pub fn shoe(&self) -> &Shoe {
        &self.shoe
    }
    pub fn bank(&self) -> Money {
        self.bank
    }
    pub fn coup(&self) -> &Coup {
        &self.coup
    }
    pub fn totals(&self) -> &ShiftTotals {
        &self.totals
    }
    pub fn settlement(&self) -> Option<&Settlement> {
        self.coup.settlement.as_deref()
    }

    pub fn ctx(&self) -> Ctx<'_> {
        Ctx { settings: &self.settings, bets: &self.coup.bets }
    }

    /// Where the coup stands.
    pub fn status(&self) -> Status {
        if self.coup.settlement.is_some() {
            return Status::Settled;
        }
        self.ctx().status(&self.coup.play)
    }

    /// What is owed now, by whom, under which clause.
    pub fn owed(&self) -> Duty {
        let ctx = self.ctx();
        let p = &self.coup.play;
        let game = self.settings.game;
        let clause_for = |hand: HandId| {
            if game == Game::PuntoBanca {
                Clause::PB7
            } else if hand == HandId::Bank {
                ctx.bank_clause_in(p)
            } else {
                ctx.player_clause()
            }
        };
        match self.status() {
            Status::Betting => Duty { owed: Owed::Bets, clause: Clause::C7 },
            Status::Turn { hand, step } => match step {
                HandStep::Call { total } => Duty { owed: Owed::Decide { hand, total }, clause: clause_for(hand) },
                HandStep::Card { total, forced } => {
                    Duty { owed: Owed::Card { hand, total, forced }, clause: clause_for(hand) }
                }
                HandStep::Show => Duty { owed: Owed::Show { hand }, clause: Clause::PB8 },
                HandStep::Done(_) => Duty { owed: Owed::Pay, clause: Clause::BQ15 },
            },
            Status::Showdown { hand } => Duty { owed: Owed::Show { hand }, clause: Clause::BQ15 },
            Status::Ruling(ruling) => Duty { owed: Owed::Confirm { ruling }, clause: ruling.clause() },
            Status::Complete | Status::Settled => Duty {
                owed: Owed::Pay,
                clause: match game {
                    Game::Banque => Clause::BQ16,
                    Game::ChemindeFer => Clause::CF9,
                    Game::PuntoBanca => Clause::PB4,
                },
            },
        }
    }

    /// Checks an operation and, if the rules allow it, applies it and returns its
    /// events; otherwise returns the refusal and leaves the table as it was.
    pub fn play(&mut self, op: &Op) -> Result<Vec<Event>, Refusal> {
        let mut out = Vec::new();
        self.handle(op, &mut out)?;
        Ok(out)
    }

    /// As `play`, appending the events to `out` (no allocation on the hot path).
    pub fn handle(&mut self, op: &Op, out: &mut Vec<Event>) -> Result<(), Refusal> {
        let start = out.len();
        self.decide_into(op, out)?;
        // Only events of the play can move it (a bet, a coup opened cannot).
        let moves_play = || out[start..].iter().any(touches_play);
        if self.coup.settlement.is_none() && self.shift.coup_open && moves_play() {
            let ctx = self.ctx();
            let mut next = self.coup.play;
            let mut drawn = 0u32;
            for e in &out[start..] {
                drawn += match e {
                    Event::BetsClosed => (ctx.deal_order().len() as u32).saturating_sub(u32::from(next.early)),
                    Event::EarlyCardsOut { count } => u32::from(*count),
                    Event::CardOut { slot: 2, .. } | Event::DeadCardOut { .. } | Event::CardFloats { .. } => 1,
                    _ => 0,
                };
                evolve_play(&ctx, &mut next, e);
            }
            if next != self.coup.play {
                let sabot = &self.shift.sabot;
                let cut_out_now = !sabot.cut_out
                    && sabot.cut_below.is_some_and(|below| self.shoe.in_sabot().saturating_sub(drawn) < below);
                if cut_out_now {
                    out.push(Event::CutCardOut);
                }
                self.derive(&next, cut_out_now, out)?;
            }
        }
        for e in &out[start..] {
            self.apply_inner(e);
        }
        Ok(())
    }

    /// The events an operation makes, checked; nothing applied.
    fn decide_into(&self, op: &Op, out: &mut Vec<Event>) -> Result<(), Refusal> {
        // "Next coup" and the bank's announcement: shift operations (`decide` refuses
        // them as not the coup's), checked directly.
        if let Some(r) = self.decide_every_coup(op, out) {
            return r;
        }
        match self.decide(op) {
            Ok(primary) => {
                out.push(primary);
                Ok(())
            }
            Err(r) if is_not_a_coup_op(&r) => {
                out.extend(self.decide_shift(op)?);
                Ok(())
            }
            Err(r) if matches!(r.reason, Reason::SaidOtherWord { .. }) => match op {
                // "Carta" then "no", or the reverse: the croupier checks (R-BQ-E16).
                Op::Say { hand, call } => {
                    out.extend(self.decide_both_words(*hand, *call)?);
                    Ok(())
                }
                _ => Err(r),
            },
            Err(r) => Err(r),
        }
    }

    /// Whether an operation would be accepted now.
    pub fn can(&self, op: &Op) -> bool {
        self.check(op).is_ok()
    }

    /// Checks an operation without applying it: the refusal it would meet, if any.
    pub fn check(&self, op: &Op) -> Result<(), Refusal> {
        self.decide_into(op, &mut Vec::new())
    }

    /// Checks an operation of the coup; returns the event it makes. Shift operations
    /// (and Chemin de fer's banco, whose priorities are the shift's) are checked by
    /// `decide_shift`; `handle` tries both.
    fn decide(&self, op: &Op) -> Result<Event, Refusal> {
        match op {
            Op::Bet { player, spot, amount } => {
                let bet = Bet { player: *player, spot: *spot, amount: *amount, kind: BetKind::Plain };
                self.check_bet(&bet)?;
                Ok(Event::BetPlaced(bet))
            }
            Op::Banco { player, on } => self.decide_banco(*player, *on),
            Op::BancoWithTable { player } => self.decide_banco_with_table(*player),
            Op::NoMoreBets => self.decide_no_more_bets(),
            Op::Card(_) | Op::Say { .. } | Op::AskTable if self.coup.play.pending.is_some() => {
                let clause = self.coup.play.pending.map_or(Clause::BQE13, |p| p.clause());
                refuse(clause, Reason::RulingPending)
            }
            Op::Card(card) => self.decide_card(*card),
            Op::Show { hand, cards } => self.decide_show_event(*hand, cards),
            Op::Say { hand, call } => {
                self.check_say(*hand, *call)?;
                Ok(Event::Said { hand: *hand, call: *call })
            }
            Op::AskTable => self.decide_ask_table(),
            _ => Err(not_a_coup_op()),
        }
    }

    /// Applies an event (live or from a log).
    pub fn apply(&mut self, e: &Event) {
        self.apply_inner(e);
    }

    fn apply_inner(&mut self, e: &Event) {
        let ctx = Ctx { settings: &self.settings, bets: &self.coup.bets };
        let before = self.coup.play;
        evolve_play(&ctx, &mut self.coup.play, e);
        debug_assert!(touches_play(e) || self.coup.play == before, "{e:?} moved the play: `touches_play` must say so");
        match e {
            Event::BetPlaced(bet) => self.coup.bets.push(*bet),
            Event::BetsClosed => {
                let n = (ctx.deal_order().len() as u32).saturating_sub(u32::from(before.early));
                self.shoe.draw_hidden(n);
            }
            Event::EarlyCardsOut { count } => self.shoe.draw_hidden(u32::from(*count)),
            Event::DeadCardOut { card } | Event::CardFloats { card } => self.shoe.draw_known(*card),
            // Cards gone to the discard unseen stay out of the sabot, never identified
            // (like burned cards): the shoe's counts need no change.
            Event::Voided { .. } | Event::HandVoided { .. } | Event::HandDiscarded { .. } => {}
            Event::Error(r) => {
                self.totals.errors += 1;
                self.coup.errors.push(r.clone());
            }
            Event::Amended { .. } => self.totals.amendments += 1,
            Event::BankRuleSet { .. }
            | Event::BetsFrozen
            | Event::Restored { .. }
            | Event::FloatingTaken { .. }
            | Event::Announced { .. }
            | Event::WordsCrossed { .. }
            | Event::WordsRuled { .. }
            | Event::RulingProposed(_)
            | Event::PutRight { .. }
            | Event::Reopened { .. } => {}
            Event::CardOut { slot, card, .. } => {
                if *slot < 2 {
                    self.shoe.reveal(*card);
                } else {
                    self.shoe.draw_known(*card);
                }
            }
            Event::Shown { hand, cards } => {
                if let Some(idx) = ctx.idx(*hand) {
                    for c in newly_shown(&before.hands[idx].cards.first, cards) {
                        self.shoe.reveal(c);
                    }
                }
            }
            Event::Said { .. } | Event::TableAsked => {}
            Event::Infraction(i) => {
                self.coup.infractions.push(i.clone());
                self.totals.infractions += 1;
            }
            Event::Settled(s) => {
                self.shift.last_bank_won = s.winners.first().is_some_and(|(_, w)| *w == super::event::Winner::Bank);
                if s.void {
                    self.shift.void_bets = self.coup.bets.clone();
                }
                self.bank = s.bank_after;
                self.totals.coups += 1;
                self.totals.cagnotte = self.totals.cagnotte.checked_add(s.cagnotte).unwrap_or(self.totals.cagnotte);
                self.totals.commission =
                    self.totals.commission.checked_add(s.commission).unwrap_or(self.totals.commission);
                if s.void {
                    self.totals.void += 1;
                }
                self.coup.settlement = Some(s.clone());
            }
            _ => self.evolve_shift(e),
        }
    }

    /// The events that follow from a new state of play: infractions now visible,
    /// and the settlement once every fact is known.
    fn derive(&self, next: &Play, cut_out_now: bool, out: &mut Vec<Event>) -> Result<(), Refusal> {
        let ctx = self.ctx();
        let mut next = *next;
        let recorded = |inf: &Infraction, out: &[Event]| {
            self.coup.infractions.contains(inf) || out.iter().any(|e| matches!(e, Event::Infraction(i) if i == inf))
        };
        // Consequences follow one another (an infraction, its ruling, a waiting card
        // taken): a few rounds settle them.
        for _ in 0..6 {
            let mut added = Vec::new();
            let infractions = ctx.infractions(&next);
            for inf in &infractions {
                if !recorded(inf, out) {
                    added.push(Event::Infraction(inf.clone()));
                }
            }
            if next.pending.is_none() {
                if let Some(r) = infractions.iter().find_map(|inf| ctx.ruling_for(&next, inf)) {
                    added.push(Event::RulingProposed(r));
                } else if let Some(e) = self.words_checked(&next) {
                    added.push(e);
                } else if next.floating.is_some() {
                    match ctx.status(&next) {
                        Status::Turn { hand, step: HandStep::Card { .. } } => added.push(Event::FloatingTaken { hand }),
                        // No paño took it: the bank must (R-BQ-E15).
                        Status::Turn { hand: HandId::Bank, step: HandStep::Call { .. } } if next.floating_forced => {
                            added.push(Event::FloatingTaken { hand: HandId::Bank })
                        }
                        _ => {}
                    }
                }
            }
            if added.is_empty() {
                break;
            }
            for e in &added {
                evolve_play(&ctx, &mut next, e);
            }
            out.extend(added);
        }
        if ctx.status(&next) == Status::Complete {
            let s = settle(&ctx, &self.coup.bets, &next, self.bank)
                .map_err(|_| Refusal::new(Clause::C8, Reason::TooManyBets { max: MAX_BETS_PER_COUP }))?;
            let s = std::sync::Arc::new(s);
            out.push(Event::Settled(s.clone()));
            self.after_settlement(&s, cut_out_now, out);
        }
        Ok(())
    }

    /// R-BQ-E16 once the croupier has checked the total: the word that stands, or the
    /// coup put right if a card already went the wrong way.
    fn words_checked(&self, p: &Play) -> Option<Event> {
        let ctx = self.ctx();
        for (idx, h) in p.hands.iter().enumerate().take(ctx.bank_idx()) {
            let (Some(first), Some(t)) = (h.first_word, h.cards.total2()) else { continue };
            let hand = ctx.hand_ids()[idx];
            let ruled = ctx.word_that_stands(t, first, ctx.holder_is_free(idx));
            let has_card = h.cards.third.is_some();
            return Some(if (ruled == Call::Draw) || !has_card {
                Event::WordsRuled { hand, call: ruled }
            } else {
                Event::RulingProposed(super::coup::Pending::PutRight { clause: Clause::BQE16, hand, fix: ruled })
            });
        }
        None
    }

    fn check_open(&self) -> Result<(), Refusal> {
        self.check_betting_open()?;
        let game = self.settings.game;
        if game.has_bank() && !self.shift.bank_announced {
            return refuse(if game == Game::Banque { Clause::BQ17 } else { Clause::CF2 }, Reason::NoBank);
        }
        if self.coup.bets.len() >= usize::from(MAX_BETS_PER_COUP) {
            return refuse(Clause::C8, Reason::TooManyBets { max: MAX_BETS_PER_COUP });
        }
        Ok(())
    }

    fn check_seat(&self, player: PlayerRef, clause: Clause) -> Result<(), Refusal> {
        let sections = self.settings.sections;
        if player.seat == 0 || player.seat > sections {
            return refuse(clause, Reason::NoSuchSeat { seat: player.seat, sections });
        }
        Ok(())
    }

    fn banco_bet(&self) -> Option<&Bet> {
        self.coup.bets.iter().find(|b| b.kind == BetKind::Banco)
    }

    /// Everything at risk against the bank, with this bet.
    fn at_risk_with(&self, bet: &Bet) -> Result<Money, Refusal> {
        let unit = self.settings.unit;
        Money::sum(self.coup.bets.iter().chain(std::iter::once(bet)).map(|b| b.at_risk(unit)))
            .map_err(|_| Refusal::new(Clause::C8, Reason::TooManyBets { max: MAX_BETS_PER_COUP }))
    }

    pub(crate) fn check_bet(&self, bet: &Bet) -> Result<(), Refusal> {
        self.check_open()?;
        let s = &self.settings;
        let game = s.game;
        let spot_ok = matches!(
            (game, bet.spot),
            (Game::Banque, Spot::Tableau(1 | 2) | Spot::Half(1 | 2) | Spot::Cheval)
                | (Game::ChemindeFer, Spot::Player)
                | (Game::PuntoBanca, Spot::Punto | Spot::Banca)
        );
        let seat_clause = match game {
            Game::Banque => Clause::BQ1,
            Game::ChemindeFer => Clause::CF5,
            Game::PuntoBanca => Clause::PB2,
        };
        if !spot_ok {
            return refuse(seat_clause, Reason::SpotNotInGame { spot: bet.spot });
        }
        self.check_seat(bet.player, seat_clause)?;
        self.check_present(bet.player, seat_clause)?;
        if !bet.amount.is_positive() {
            return refuse(Clause::C8, Reason::AmountNotPositive { amount: bet.amount });
        }
        if game == Game::PuntoBanca {
            return Ok(());
        }
        if !self.bank.is_positive() {
            return refuse(if game == Game::Banque { Clause::BQ17 } else { Clause::CF2 }, Reason::NoBank);
        }
        self.check_not_banker(bet.player)?;
        if let (BetKind::Plain, Some(banco)) = (bet.kind, self.banco_bet()) {
            let clause = if game == Game::Banque { Clause::BQ8 } else { Clause::CF3 };
            return refuse(clause, Reason::BancoTaken { by: banco.player });
        }
        match bet.spot {
            Spot::Cheval if bet.amount.units_of(s.unit).is_none() => {
                return refuse(Clause::BQ7, Reason::ChevalNotWholeUnits { amount: bet.amount, unit: s.unit });
            }
            Spot::Half(_) if !bet.amount.half().is_multiple_of(s.rounding.quantum) => {
                return refuse(Clause::BQ6, Reason::HalfNotPayable { amount: bet.amount });
            }
            _ => {}
        }
        let limited = game == Game::ChemindeFer || s.bank_limit == BankLimit::Limited;
        if limited {
            let total = self.at_risk_with(bet)?;
            if total > self.bank {
                let clause = if game == Game::Banque { Clause::BQ4 } else { Clause::CF2 };
                return refuse(clause, Reason::OverBank { total, bank: self.bank });
            }
        }
        Ok(())
    }

    fn decide_banco(&self, player: PlayerRef, on: Option<HandId>) -> Result<Event, Refusal> {
        let game = self.settings.game;
        let (spot, clause) = match (game, on) {
            (Game::Banque, Some(HandId::Tableau(n @ (1 | 2)))) => (Spot::Tableau(n), Clause::BQ8),
            (Game::Banque, Some(hand)) => {
                return refuse(Clause::BQ8, Reason::HandNotInGame { hand });
            }
            (Game::Banque, None) => {
                return refuse(Clause::BQ8, Reason::HandNotInGame { hand: HandId::Bank });
            }
            (Game::ChemindeFer, None | Some(HandId::Player)) => (Spot::Player, Clause::CF3),
            (Game::ChemindeFer, Some(hand)) => {
                return refuse(Clause::CF3, Reason::HandNotInGame { hand });
            }
            (Game::PuntoBanca, _) => {
                return refuse(Clause::PB4, Reason::SpotNotInGame { spot: Spot::Banca });
            }
        };
        if game == Game::ChemindeFer {
            // Priorities among banco calls are the shift's (R-CF-3): `decide_shift`.
            return Err(not_a_coup_op());
        }
        self.check_open()?;
        let bet = Bet { player, spot, amount: self.bank, kind: BetKind::Banco };
        if let Some(b) = self.banco_bet() {
            // Banco on both paños: a draw decides which (R-BQ-8).
            let alone = self.coup.bets.len() == 1 && self.coup.contest.is_none();
            if b.spot != spot && alone && b.player != player {
                self.check_seat(player, clause)?;
                self.check_present(player, clause)?;
                return Ok(Event::BancoContested(bet));
            }
            return refuse(clause, Reason::BancoTaken { by: b.player });
        }
        if !self.coup.bets.is_empty() || !self.coup.offers.is_empty() {
            return refuse(clause, Reason::BancoAfterBets);
        }
        self.check_bet(&bet)?;
        Ok(Event::BetPlaced(bet))
    }

    /// Chemin de fer banco, with its priorities (R-CF-3).
    pub(crate) fn decide_cf_banco(&self, player: PlayerRef) -> Result<Vec<Event>, Refusal> {
        self.check_open()?;
        let bet = Bet { player, spot: Spot::Player, amount: self.bank, kind: BetKind::Banco };
        self.check_seat(player, Clause::CF3)?;
        self.check_present(player, Clause::CF3)?;
        if !self.bank.is_positive() {
            return refuse(Clause::CF2, Reason::NoBank);
        }
        self.check_not_banker(player)?;
        self.cf_banco_events(bet)
    }

    /// The banker plays the bank against the paños (the player): he does not also
    /// punt against it, nor call banco on it. A player standing behind his section
    /// is someone else.
    pub(crate) fn check_not_banker(&self, player: PlayerRef) -> Result<(), Refusal> {
        if self.shift.banker != Some(player) {
            return Ok(());
        }
        refuse(if self.settings.game == Game::Banque { Clause::BQ3 } else { Clause::CF2 }, Reason::BankerPunts)
    }

    fn decide_banco_with_table(&self, player: PlayerRef) -> Result<Event, Refusal> {
        if self.settings.game != Game::ChemindeFer {
            return refuse(Clause::CF4, Reason::SpotNotInGame { spot: Spot::Player });
        }
        self.check_open()?;
        if let Some(b) = self.banco_bet() {
            return refuse(Clause::CF4, Reason::BancoTaken { by: b.player });
        }
        if !self.coup.bets.is_empty() {
            return refuse(Clause::CF4, Reason::BancoWithTableTaken);
        }
        let bet = Bet { player, spot: Spot::Player, amount: self.bank.half(), kind: BetKind::BancoWithTable };
        self.check_bet(&bet)?;
        Ok(Event::BetPlaced(bet))
    }

    fn decide_no_more_bets(&self) -> Result<Event, Refusal> {
        if self.coup.settlement.is_some() {
            return refuse(Clause::C7, Reason::CoupOver);
        }
        if self.coup.play.closed {
            return refuse(Clause::C7, Reason::BetsClosed);
        }
        let game = self.settings.game;
        if !self.shift.coup_open {
            return refuse(Clause::C7, Reason::NoCoupOpen);
        }
        if !self.shift.sabot.ready(game) {
            return refuse(Clause::C5, Reason::ShoeNotReady);
        }
        if game.has_bank() && (!self.bank.is_positive() || !self.shift.bank_announced) {
            return refuse(if game == Game::Banque { Clause::BQ17 } else { Clause::CF2 }, Reason::NoBank);
        }
        if !self.coup.offers.is_empty() {
            return refuse(Clause::BQ4, Reason::OffersPending);
        }
        if self.coup.contest.is_some() {
            return refuse(Clause::BQ8, Reason::LotPending);
        }
        self.check_players()?;
        if game == Game::ChemindeFer && self.coup.bets.is_empty() {
            return refuse(Clause::CF5, Reason::NoBets);
        }
        let n = (self.ctx().deal_order().len() as u32).saturating_sub(u32::from(self.coup.play.early));
        self.shoe.check_draw_hidden(n).map_err(shoe_refusal)?;
        Ok(Event::BetsClosed)
    }

    /// Which hand and slot a card out of the sabot now belongs to.
    fn card_target(&self) -> Result<(usize, u8), Refusal> {
        let ctx = self.ctx();
        let p = &self.coup.play;
        if self.coup.settlement.is_some() {
            return refuse(Clause::C2, Reason::CoupOver);
        }
        if !p.closed {
            return refuse(ctx.deal_clause(), Reason::BetsStillOpen);
        }
        let order = ctx.deal_order();
        if p.reader_open && usize::from(p.reader_pos) < order.len() {
            return Ok(order[usize::from(p.reader_pos)]);
        }
        let clause_for = |hand: HandId| {
            if hand == HandId::Bank { ctx.bank_clause_in(p) } else { ctx.player_clause() }
        };
        match ctx.status(p) {
            Status::Turn { hand, step: HandStep::Card { .. } } => Ok((ctx.idx(hand).unwrap_or(0), 2)),
            Status::Turn { hand, step: HandStep::Call { .. } } => {
                refuse(clause_for(hand), Reason::WaitingForCall { hand })
            }
            Status::Turn { hand, step: HandStep::Show } => {
                let clause = if self.settings.game == Game::PuntoBanca { Clause::PB8 } else { Clause::BQE16 };
                refuse(clause, Reason::ShowFirst { hand })
            }
            _ => {
                if ctx.bank_natural_decides(p) {
                    let clause = if self.settings.game == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
                    refuse(clause, Reason::NaturalDecided)
                } else {
                    refuse(Clause::C2, Reason::NoCardOwed)
                }
            }
        }
    }

    fn decide_card(&self, card: Card) -> Result<Event, Refusal> {
        // A card that cannot be in the sabot is an entry error first of all (R-C-3).
        if self.coup.play.closed && self.coup.settlement.is_none() {
            self.shoe.check_unseen(&[card]).map_err(shoe_refusal)?;
        }
        let (idx, slot) = self.card_target()?;
        if slot == 2 {
            self.shoe.check_draw(card).map_err(shoe_refusal)?;
        }
        let hand = self.ctx().hand_ids()[idx];
        Ok(Event::CardOut { hand, slot, card })
    }

    fn hand_idx(&self, hand: HandId) -> Result<usize, Refusal> {
        let ctx = self.ctx();
        ctx.idx(hand).ok_or_else(|| Refusal::new(ctx.deal_clause(), Reason::HandNotInGame { hand }))
    }

    fn check_in_play(&self) -> Result<(), Refusal> {
        if self.coup.settlement.is_some() {
            return refuse(Clause::C2, Reason::CoupOver);
        }
        if !self.coup.play.closed {
            return refuse(Clause::C7, Reason::BetsStillOpen);
        }
        Ok(())
    }

    pub(crate) fn decide_show_event(&self, hand: HandId, cards: &[Card]) -> Result<Event, Refusal> {
        let idx = self.hand_idx(hand)?;
        // After the settlement a show only confirms the cards already known.
        if self.coup.settlement.is_none() {
            self.check_in_play()?;
        } else if self.coup.play.hands[idx].cards.total2().is_none() {
            return refuse(Clause::C2, Reason::CoupOver);
        }
        let [a, b] = cards else {
            return refuse(Clause::C2, Reason::ShowTwoCards { got: cards.len().min(255) as u8 });
        };
        let known = self.coup.play.hands[idx].cards.first;
        let mut rest = vec![*a, *b];
        for k in known.iter().flatten() {
            match rest.iter().position(|c| c == k) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    let dealt = known.iter().flatten().copied().collect();
                    return refuse(self.ctx().deal_clause(), Reason::ShownCardsDiffer { hand, dealt });
                }
            }
        }
        self.shoe.check_unseen(&rest).map_err(shoe_refusal)?;
        Ok(Event::Shown { hand, cards: [*a, *b] })
    }

    fn decide_ask_table(&self) -> Result<Event, Refusal> {
        let game = self.settings.game;
        if game == Game::PuntoBanca {
            return refuse(Clause::PB7, Reason::OnlyInBanque);
        }
        if self.coup.settlement.is_some() {
            return refuse(Clause::BQ13, Reason::CoupOver);
        }
        let p = &self.coup.play;
        if p.table_asked {
            return refuse(Clause::BQ13, Reason::TableAlreadyAsked);
        }
        let bank = &p.hands[self.ctx().bank_idx()];
        if bank.cards.third.is_some() || matches!(bank.call, Some(Call::Draw | Call::Stand)) {
            return refuse(Clause::BQ13, Reason::TableTooLate);
        }
        Ok(Event::TableAsked)
    }

    /// A call is checked against the facts; after the settlement, a call that agrees
    /// with what the hand did is taken as a confirmation, and one that does not is
    /// refused with the rule it breaks (or as a claim after the coup, R-BQ-E7).
    fn check_say(&self, hand: HandId, call: Call) -> Result<(), Refusal> {
        let idx = self.hand_idx(hand)?;
        if self.coup.settlement.is_none() {
            self.check_in_play()?;
        }
        let ctx = self.ctx();
        let p = &self.coup.play;
        if self.settings.game == Game::PuntoBanca {
            return self.check_punto_banca_say(hand, idx, call);
        }
        let h = &p.hands[idx];
        let t2 = h.cards.total2();
        if idx == ctx.bank_idx() {
            return self.check_bank_say(call);
        }
        let clause = ctx.player_clause();
        let also = |r: Refusal| {
            if self.settings.game == Game::ChemindeFer { r.also(Clause::BQ11) } else { r }
        };
        let total = t2.unwrap_or(0);
        // Paños play in order (R-BQ-11).
        if let Status::Turn { hand: turn, .. } = ctx.status(p) {
            let turn_idx = ctx.idx(turn).unwrap_or(0);
            if turn_idx < idx {
                return Err(also(Refusal::new(clause, Reason::NotYourTurn { hand, turn })));
            }
        }
        match (ctx.player_step(p, idx), call) {
            (HandStep::Done(Played::Drew), Call::Draw)
            | (HandStep::Done(Played::Stood), Call::Stand)
            | (HandStep::Done(Played::Natural), Call::Natural)
            | (HandStep::Done(Played::NoPlay), Call::Stand) => Ok(()),
            (HandStep::Done(Played::Natural), Call::Stand) => {
                // "No" with 8 or 9 forfeits the natural (R-BQ-E17), while nothing has
                // happened since the hand's cards came.
                let later = (idx + 1..ctx.n_hands()).any(|j| {
                    let o = &p.hands[j];
                    o.call.is_some() || o.cards.third.is_some()
                });
                if h.call.is_none() && !later { Ok(()) } else { refuse(clause, Reason::AlreadyPlayed { hand }) }
            }
            (HandStep::Done(Played::Natural), Call::Draw) if h.call.is_none() => {
                Err(also(Refusal::new(clause, Reason::MustShowNatural { hand, total })))
            }
            (HandStep::Done(Played::Stood), Call::Draw | Call::Natural) if h.call.is_none() => {
                if call == Call::Natural {
                    Err(also(Refusal::new(clause, Reason::NotANatural { hand, total })))
                } else {
                    Err(also(Refusal::new(clause, Reason::MustStand { hand, total })))
                }
            }
            (HandStep::Done(Played::Stood), Call::Draw) => {
                refuse(Clause::BQE16, Reason::SaidOtherWord { hand, said: Call::Stand })
            }
            (HandStep::Done(Played::NoPlay), _) => {
                let clause = if self.settings.game == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
                refuse(clause, Reason::NaturalDecided)
            }
            (HandStep::Done(_), _) => refuse(clause, Reason::AlreadyPlayed { hand }),
            (HandStep::Card { .. }, Call::Draw) => Ok(()),
            (HandStep::Card { forced: false, .. }, _) => {
                refuse(Clause::BQE16, Reason::SaidOtherWord { hand, said: Call::Draw })
            }
            (HandStep::Card { forced: true, .. }, Call::Natural) => {
                Err(also(Refusal::new(clause, Reason::NotANatural { hand, total })))
            }
            (HandStep::Card { forced: true, .. }, _) => {
                Err(also(Refusal::new(clause, Reason::MustDraw { hand, total })))
            }
            (HandStep::Call { total: Some(t) }, Call::Natural) => {
                Err(also(Refusal::new(clause, Reason::NotANatural { hand, total: t })))
            }
            (HandStep::Call { .. }, _) => Ok(()),
            (HandStep::Show, _) => refuse(clause, Reason::ShowFirst { hand }),
        }
    }

    fn check_bank_say(&self, call: Call) -> Result<(), Refusal> {
        let ctx = self.ctx();
        let p = &self.coup.play;
        let game = self.settings.game;
        let clause = ctx.bank_clause_in(p);
        let with = |r: Refusal| match game {
            Game::Banque if p.table_asked => r.also(Clause::BQ13),
            Game::ChemindeFer => r.also(Clause::BQ13),
            _ => r,
        };
        let waits_clause = if game == Game::Banque { Clause::BQ13 } else { Clause::CF8 };
        if (0..ctx.bank_idx()).any(|i| !matches!(ctx.player_step(p, i), HandStep::Done(_))) {
            return refuse(waits_clause, Reason::BankWaits);
        }
        let b = &p.hands[ctx.bank_idx()];
        let total = b.cards.total2().unwrap_or(0);
        match (ctx.bank_step(p), call) {
            (HandStep::Done(Played::Drew), Call::Draw)
            | (HandStep::Done(Played::Stood), Call::Stand)
            | (HandStep::Done(Played::Natural), Call::Natural | Call::Stand)
            | (HandStep::Done(Played::NoPlay), Call::Stand) => Ok(()),
            (HandStep::Done(Played::NoPlay), _) => {
                let clause = if game == Game::Banque { Clause::BQ14 } else { Clause::CF8 };
                refuse(clause, Reason::BankHasNoPlay)
            }
            (HandStep::Done(Played::Natural), Call::Draw) => {
                let clause = if game == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
                refuse(clause, Reason::MustShowNatural { hand: HandId::Bank, total })
            }
            (HandStep::Done(Played::Stood), Call::Draw) if b.call.is_none() => {
                Err(with(Refusal::new(clause, Reason::BankMust { duty: BankDuty::MustStand, total })))
            }
            (HandStep::Done(_), _) => refuse(clause, Reason::AlreadyPlayed { hand: HandId::Bank }),
            (HandStep::Card { .. }, Call::Draw) => Ok(()),
            (HandStep::Card { forced: true, .. }, _) => {
                Err(with(Refusal::new(clause, Reason::BankMust { duty: BankDuty::MustDraw, total })))
            }
            (HandStep::Card { .. }, _) => refuse(clause, Reason::CardAsked { hand: HandId::Bank }),
            (HandStep::Call { total: Some(t) }, Call::Natural) => {
                refuse(clause, Reason::NotANatural { hand: HandId::Bank, total: t })
            }
            (HandStep::Call { .. }, _) => Ok(()),
            (HandStep::Show, _) => refuse(clause, Reason::ShowFirst { hand: HandId::Bank }),
        }
    }

    /// Punto y Banca: nobody chooses (R-PB-7). A call that agrees with the rule is
    /// taken as the croupier's announcement (R-PB-8); one against it is refused.
    fn check_punto_banca_say(&self, hand: HandId, idx: usize, call: Call) -> Result<(), Refusal> {
        let p = &self.coup.play;
        let ctx = self.ctx();
        let h = &p.hands[idx];
        let Some(t) = h.cards.total2() else {
            return refuse(Clause::PB7, Reason::ShowFirst { hand });
        };
        let (pt, bt) = (p.hands[0].cards.total2(), p.hands[1].cards.total2());
        let (Some(pt), Some(bt)) = (pt, bt) else {
            let other = if hand == HandId::Punto { HandId::Banca } else { HandId::Punto };
            return refuse(Clause::PB7, Reason::ShowFirst { hand: other });
        };
        let natural = t >= 8;
        let draws = if pt >= 8 || bt >= 8 {
            false
        } else if idx == 0 {
            super::drawing::punto_draws(pt)
        } else {
            match p.hands[0].cards.third {
                None if super::drawing::punto_draws(pt) => {
                    return refuse(Clause::PB7, Reason::WaitingForCall { hand: HandId::Punto });
                }
                third => super::drawing::banca_draws(
                    bt,
                    third.map(|c| c.points()),
                    ctx.settings.house.pb_banca_draws_on_stood_up_to,
                ),
            }
        };
        let drew = h.cards.third.is_some();
        match call {
            Call::Natural if natural => Ok(()),
            Call::Natural => refuse(Clause::PB7, Reason::NotANatural { hand, total: t }),
            Call::Draw if draws || drew => Ok(()),
            Call::Draw if natural => refuse(Clause::PB7, Reason::MustShowNatural { hand, total: t }),
            Call::Draw => refuse(Clause::PB7, Reason::MustStand { hand, total: t }),
            Call::Stand if draws && !drew => refuse(Clause::PB7, Reason::MustDraw { hand, total: t }),
            Call::Stand if drew => refuse(Clause::PB7, Reason::AlreadyPlayed { hand }),
            Call::Stand => Ok(()),
        }
    }
}

/// The cards of a `Shown` that were not known before it.
fn newly_shown(known: &[Option<Card>; 2], shown: &[Card; 2]) -> Vec<Card> {
    let mut rest = shown.to_vec();
    for k in known.iter().flatten() {
        if let Some(i) = rest.iter().position(|c| c == k) {
            rest.remove(i);
        }
    }
    rest
}

/// Whether `evolve_play` may change the play for this event.
fn touches_play(e: &Event) -> bool {
    matches!(
        e,
        Event::BetsClosed
            | Event::CardOut { .. }
            | Event::EarlyCardsOut { .. }
            | Event::BetsFrozen
            | Event::Voided { .. }
            | Event::HandVoided { .. }
            | Event::HandDiscarded { .. }
            | Event::BankRuleSet { .. }
            | Event::Restored { .. }
            | Event::CardFloats { .. }
            | Event::FloatingTaken { .. }
            | Event::Announced { .. }
            | Event::WordsCrossed { .. }
            | Event::WordsRuled { .. }
            | Event::RulingProposed(_)
            | Event::PutRight { .. }
            | Event::Reopened { .. }
            | Event::Shown { .. }
            | Event::Said { .. }
            | Event::TableAsked
    )
}

/// How an event changes the state of play (shared by live play and replay).
pub fn evolve_play(ctx: &Ctx, p: &mut Play, e: &Event) {
    match e {
        Event::BetsClosed => {
            p.closed = true;
            p.reader_open = true;
            p.reader_pos = 0;
        }
        Event::CardOut { hand, slot, card } => {
            if let Some(idx) = ctx.idx(*hand) {
                if *slot < 2 {
                    p.hands[idx].cards.first[usize::from(*slot)] = Some(*card);
                    p.reader_pos = p.reader_pos.saturating_add(1);
                } else {
                    p.thirds = p.thirds.saturating_add(1);
                    p.hands[idx].cards.third = Some(*card);
                    p.hands[idx].seq = p.thirds;
                    p.reader_open = false;
                }
            }
        }
        Event::EarlyCardsOut { count } => p.early = p.early.saturating_add(*count),
        Event::BetsFrozen => p.frozen = true,
        Event::Voided { .. } => p.void = true,
        Event::HandVoided { hand } => {
            if let Some(idx) = ctx.idx(*hand) {
                p.hands[idx].void = true;
            }
        }
        Event::HandDiscarded { hand, rebuilt } => {
            if let Some(idx) = ctx.idx(*hand) {
                match rebuilt {
                    Some(t) => p.hands[idx].rebuilt = Some(*t),
                    None => p.hands[idx].zero = true,
                }
            }
        }
        Event::BankRuleSet { rule, clause } => {
            p.bank_rule = *rule;
            p.bank_rule_clause = Some(*clause);
        }
        Event::Restored { by } if p.restored.is_none() || *by == super::coup::ErrorBy::Banker => {
            p.restored = Some(*by);
        }
        Event::CardFloats { card } => {
            p.floating = Some(*card);
            p.floating_forced = true;
        }
        Event::FloatingTaken { hand } => {
            if let (Some(idx), Some(card)) = (ctx.idx(*hand), p.floating.take()) {
                p.thirds = p.thirds.saturating_add(1);
                p.hands[idx].cards.third = Some(card);
                p.hands[idx].seq = p.thirds;
                if *hand == HandId::Bank && p.floating_forced && p.hands[idx].call.is_none() {
                    p.hands[idx].call = Some(Call::Draw);
                    p.bank_must_take = true;
                }
                p.floating_forced = false;
            }
        }
        Event::Announced { total } => {
            let b = ctx.bank_idx();
            p.hands[b].announced = Some(*total);
        }
        Event::WordsCrossed { hand, first } => {
            if let Some(idx) = ctx.idx(*hand) {
                p.hands[idx].first_word = Some(*first);
                p.hands[idx].call = None;
            }
            p.reader_open = false;
        }
        Event::WordsRuled { hand, call } => {
            if let Some(idx) = ctx.idx(*hand) {
                p.hands[idx].first_word = None;
                p.hands[idx].call = Some(*call);
            }
        }
        Event::RulingProposed(r) => p.pending = Some(*r),
        Event::PutRight { play, .. } => *p = *play,
        Event::Reopened { rule, clause } => {
            let b = ctx.bank_idx();
            p.hands[b].call = None;
            p.hands[b].announced = None;
            p.bank_rule = *rule;
            p.bank_rule_clause = Some(*clause);
            p.pending = None;
        }
        Event::Shown { hand, cards } => {
            if let Some(idx) = ctx.idx(*hand) {
                let h = &mut p.hands[idx];
                let mut rest = newly_shown(&h.cards.first, cards).into_iter();
                for slot in h.cards.first.iter_mut() {
                    if slot.is_none() {
                        *slot = rest.next();
                    }
                }
                h.shown = true;
            }
            p.reader_open = false;
        }
        Event::Said { hand, call } => {
            if let Some(idx) = ctx.idx(*hand) {
                p.hands[idx].call = Some(*call);
            }
            p.reader_open = false;
        }
        Event::TableAsked => {
            p.table_asked = true;
            p.reader_open = false;
        }
        _ => {}
    }
}

/// The refusal `decide` gives for an operation that is not the coup's own.
fn not_a_coup_op() -> Refusal {
    Refusal::new(Clause::C7, Reason::NotInThisGame)
}

fn is_not_a_coup_op(r: &Refusal) -> bool {
    *r == not_a_coup_op()
}
