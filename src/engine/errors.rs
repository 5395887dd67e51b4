//! Errors and infractions (R-BQ-E1…E18; Bacarrá §14–16): what the croupier records,
//! and the ruling the engine applies, with the cards, bets and obligations that follow.
//!
//! Chemin de fer takes the same procedures where they apply to one player hand
//! (E1–E12, E14–E18; E13's two-paño table reduces to the table against one hand).
//! Punto y Banca, where nobody chooses, takes those about the cards themselves: E1, E2, E3,
//! E4, E6, E7, E8, E11 (see docs/RULES-NOTES.md).

use super::card::Card;
use super::clause::Clause;
use super::coup::{BankRule, ErrorBy, HandStep, Pending, Status};
use super::event::{ErrorKind, ErrorRecord, Event, Op};
use super::hand::{Call, HandId, PlayerRef};
use super::refusal::{Reason, Refusal};
use super::settings::Game;
use super::table::Table;

fn refuse<T>(clause: Clause, reason: Reason) -> Result<T, Refusal> {
    Err(Refusal::new(clause, reason))
}

fn record(clause: Clause, hand: Option<HandId>, kind: ErrorKind) -> Event {
    Event::Error(ErrorRecord { clause, hand, kind })
}

/// Whether an error procedure arises in a game. Punto y Banca's hands are dealt and
/// drawn by the croupier by fixed rules (R-PB-7): no holder gives his word, hands
/// nothing to another player, or announces, so R-BQ-E5, E9, E10, E12 and E14…E18 do
/// not arise there. R-CF-7 (late bets withdrawn) is Chemin de fer's.
pub fn error_applies(game: Game, clause: Clause) -> bool {
    match clause {
        Clause::CF7 => game == Game::ChemindeFer,
        Clause::BQE5
        | Clause::BQE9
        | Clause::BQE10
        | Clause::BQE12
        | Clause::BQE14
        | Clause::BQE15
        | Clause::BQE16
        | Clause::BQE17
        | Clause::BQE18 => game != Game::PuntoBanca,
        _ => true,
    }
}

impl Table {
    /// No play step has happened since the deal: still "during the deal".
    fn in_the_deal(&self) -> bool {
        let p = &self.coup.play;
        p.closed
            && self.coup.settlement.is_none()
            && p.hands.iter().all(|h| h.call.is_none() && h.cards.third.is_none() && !h.shown)
            && p.pending.is_none()
    }

    fn check_playing(&self, clause: Clause) -> Result<(), Refusal> {
        if self.coup.settlement.is_some() {
            return refuse(clause, Reason::CoupOver);
        }
        if !self.coup.play.closed {
            return refuse(clause, Reason::BetsStillOpen);
        }
        Ok(())
    }

    fn check_not_pb(&self, clause: Clause) -> Result<(), Refusal> {
        if !error_applies(self.settings.game, clause) {
            return refuse(clause, Reason::NotInThisGame);
        }
        Ok(())
    }

    /// Checks an error operation; returns its events.
    pub(crate) fn decide_error(&self, op: &Op) -> Result<Vec<Event>, Refusal> {
        let ctx = self.ctx();
        let p = &self.coup.play;
        match op {
            Op::EarlyCards { count } => {
                let clause = if self.settings.game == Game::ChemindeFer { Clause::CF7 } else { Clause::BQE1 };
                self.check_betting_open().map_err(|r| Refusal::new(Clause::BQE1, r.reason))?;
                let deal = ctx.deal_order().len() as u8;
                if *count == 0 || p.early.saturating_add(*count) > deal {
                    return refuse(Clause::BQE1, Reason::NotDuringDeal);
                }
                self.shoe
                    .check_draw_hidden(u32::from(*count))
                    .map_err(|_| Refusal::new(Clause::C3, Reason::SabotEmpty))?;
                let r = record(Clause::BQE1, None, ErrorKind::EarlyCards { count: *count });
                let mut out = vec![r, Event::EarlyCardsOut { count: *count }];
                if clause == Clause::CF7 {
                    out.push(record(Clause::CF7, None, ErrorKind::EarlyCards { count: *count }));
                }
                Ok(out)
            }
            Op::DeadCard { card } => {
                if !self.shift.coup_open || self.coup.settlement.is_some() {
                    return refuse(Clause::BQE2, Reason::NoCoupOpen);
                }
                self.shoe
                    .check_draw(*card)
                    .map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card: *card }))?;
                Ok(vec![
                    record(Clause::BQE2, None, ErrorKind::DeadCard { card: *card }),
                    Event::DeadCardOut { card: *card },
                    Event::BetsFrozen,
                ])
            }
            Op::StuckCards => {
                if !self.in_the_deal() {
                    return refuse(Clause::BQE3, Reason::NotDuringDeal);
                }
                Ok(vec![record(Clause::BQE3, None, ErrorKind::StuckCards), Event::Voided { clause: Clause::BQE3 }])
            }
            Op::CardOnFloor { .. } => {
                if !self.shift.coup_open || self.coup.settlement.is_some() {
                    return refuse(Clause::BQE4, Reason::NoCoupOpen);
                }
                Ok(vec![record(Clause::BQE4, None, ErrorKind::CardOnFloor)])
            }
            Op::WrongPlayer { hand, player } => {
                self.check_not_pb(Clause::BQE5)?;
                self.check_playing(Clause::BQE5)?;
                let idx = self.hand_index(*hand, Clause::BQE5)?;
                if idx == ctx.bank_idx() {
                    return refuse(Clause::BQE5, Reason::HandNotInGame { hand: *hand });
                }
                let h = &p.hands[idx];
                // Pronounced: the holder has said his word or shown his natural.
                let stands = h.call.is_some() || h.cards.third.is_some() || h.shown;
                Ok(vec![record(Clause::BQE5, Some(*hand), ErrorKind::WrongPlayer { player: *player, stands })])
            }
            Op::Discarded { hand, by_croupier, cards, total } => {
                self.decide_discarded(*hand, *by_croupier, cards, *total)
            }
            Op::Claim => {
                if self.coup.settlement.is_some() {
                    refuse(Clause::BQE7, Reason::ClaimAfterPayment)
                } else {
                    refuse(Clause::BQE7, Reason::NothingToClaim)
                }
            }
            Op::Amend { coup, reason } => {
                let current = self.shift.coup_number;
                let settled_now = self.coup.settlement.is_some();
                let known = *coup >= 1 && (*coup < current || (*coup == current && settled_now));
                if !known {
                    return refuse(Clause::BQE7, Reason::NoSuchCoup { coup: *coup });
                }
                let reason = reason.trim();
                if reason.is_empty() || reason.len() > 500 {
                    return refuse(Clause::BQE7, Reason::AmendNeedsReason);
                }
                Ok(vec![Event::Amended { coup: *coup, reason: reason.to_string() }])
            }
            Op::IrregularDeal { put_right } => {
                self.check_playing(Clause::BQE8)?;
                let bank = &p.hands[ctx.bank_idx()];
                if bank.call.is_some() || bank.cards.third.is_some() {
                    return refuse(Clause::BQE8, Reason::NotDuringDeal);
                }
                let r = record(Clause::BQE8, None, ErrorKind::IrregularDeal { put_right: *put_right });
                if *put_right {
                    Ok(vec![r, Event::Restored { by: ErrorBy::Banker }])
                } else {
                    Ok(vec![r, Event::Voided { clause: Clause::BQE8 }])
                }
            }
            Op::CardTo { hand, card } => self.decide_card_to(*hand, *card),
            Op::Exposed { hand, cards } => {
                self.check_not_pb(Clause::BQE10)?;
                let idx = self.hand_index(*hand, Clause::BQE10)?;
                if idx == ctx.bank_idx() {
                    return refuse(Clause::BQE10, Reason::HandNotInGame { hand: *hand });
                }
                if !self.in_the_deal() {
                    return refuse(Clause::BQE10, Reason::NotDuringDeal);
                }
                let shown = self.decide_show_event(*hand, cards)?;
                Ok(vec![
                    record(Clause::BQE10, Some(*hand), ErrorKind::Exposed),
                    shown,
                    Event::BetsFrozen,
                    Event::BankRuleSet { rule: BankRule::FiveOrLess, clause: Clause::BQE10 },
                ])
            }
            Op::LostInDiscard { hand, card } => self.decide_lost(*hand, *card),
            Op::Announce { total } => {
                self.check_not_pb(Clause::BQE12)?;
                self.check_playing(Clause::BQE12)?;
                if *total > 9 {
                    return refuse(Clause::C1, Reason::NotATotal { total: *total });
                }
                if (0..ctx.bank_idx()).any(|i| !matches!(ctx.player_step(p, i), HandStep::Done(_))) {
                    return refuse(Clause::BQ13, Reason::BankWaits);
                }
                Ok(vec![Event::Announced { total: *total }])
            }
            Op::Confirm => match p.pending {
                None => refuse(Clause::BQE13, Reason::NothingToConfirm),
                Some(Pending::PutRight { hand, fix, .. }) => {
                    let idx = self.hand_index(hand, Clause::BQE13)?;
                    let (play, dead) = ctx.put_right(p, idx, fix, ErrorBy::Player);
                    Ok(vec![Event::PutRight { play, dead }])
                }
                Some(Pending::Reopen { .. }) => {
                    let shown = (0..ctx.bank_idx()).any(|i| p.hands[i].shown);
                    let rule = if shown { BankRule::FiveOrLess } else { BankRule::MayDraw };
                    Ok(vec![Event::Reopened { rule, clause: Clause::BQE12 }])
                }
            },
            Op::PlayerError { clause, hand } => self.decide_player_error(*clause, *hand),
            Op::TooLong { hand } => {
                self.check_not_pb(Clause::BQE18)?;
                self.check_playing(Clause::BQE18)?;
                let idx = self.hand_index(*hand, Clause::BQE18)?;
                if idx == ctx.bank_idx() || matches!(ctx.player_step(p, idx), HandStep::Done(_)) {
                    return refuse(Clause::BQE18, Reason::AlreadyPlayed { hand: *hand });
                }
                match (self.settings.game, hand) {
                    (Game::Banque, HandId::Tableau(n)) => {
                        let i = usize::from(n.clamp(&1, &2) - 1);
                        let to = self.next_section(self.shift.holders[i], Some(*n));
                        Ok(vec![
                            record(Clause::BQE18, Some(*hand), ErrorKind::TooLong { to: PlayerRef::seated(to) }),
                            Event::HolderPassed { tableau: *n, to },
                        ])
                    }
                    _ => {
                        let holder = self.holder(*hand);
                        let order = self.priority_order();
                        let bettors: Vec<PlayerRef> = order
                            .into_iter()
                            .filter(|q| Some(*q) != holder && self.coup.bets.iter().any(|b| b.player == *q))
                            .collect();
                        let Some(to) = bettors.first().copied() else {
                            return refuse(Clause::BQE18, Reason::NoBets);
                        };
                        Ok(vec![
                            record(Clause::BQE18, Some(*hand), ErrorKind::TooLong { to }),
                            Event::CardsHeld { player: to, handed: true },
                        ])
                    }
                }
            }
            Op::LateBet { player, amount } => {
                if self.settings.game != Game::ChemindeFer {
                    return refuse(Clause::C7, Reason::BetsClosed);
                }
                self.check_playing(Clause::CF7)?;
                let h = &p.hands[0];
                if h.call.is_some() || h.cards.third.is_some() || h.shown {
                    return refuse(Clause::CF7, Reason::NotDuringDeal);
                }
                let bet = super::bet::Bet {
                    player: *player,
                    spot: super::hand::Spot::Player,
                    amount: *amount,
                    kind: super::bet::BetKind::Late,
                };
                if !amount.is_positive() {
                    return refuse(Clause::C8, Reason::AmountNotPositive { amount: *amount });
                }
                let covered = super::money::Money::sum(self.coup.bets.iter().map(|b| b.amount)).unwrap_or(self.bank);
                let total = covered.checked_add(*amount).unwrap_or(*amount);
                if total > self.bank {
                    return refuse(Clause::CF2, Reason::OverBank { total, bank: self.bank });
                }
                Ok(vec![
                    record(Clause::CF7, None, ErrorKind::LateBet { player: *player, amount: *amount }),
                    Event::BetPlaced(bet),
                ])
            }
            Op::WithdrawLate { player } => {
                if self.coup.settlement.is_some() {
                    return refuse(Clause::CF7, Reason::CoupOver);
                }
                let Some(b) =
                    self.coup.bets.iter().find(|b| b.player == *player && b.kind == super::bet::BetKind::Late)
                else {
                    return refuse(Clause::CF7, Reason::NoSuchBet { seat: player.seat });
                };
                Ok(vec![
                    record(Clause::CF7, None, ErrorKind::LateBetWithdrawn { player: *player }),
                    Event::BetWithdrawn { player: b.player, spot: b.spot },
                ])
            }
            _ => refuse(Clause::C7, Reason::NotInThisGame),
        }
    }

    fn hand_index(&self, hand: HandId, clause: Clause) -> Result<usize, Refusal> {
        self.ctx().idx(hand).ok_or_else(|| Refusal::new(clause, Reason::HandNotInGame { hand }))
    }

    fn decide_discarded(
        &self,
        hand: HandId,
        by_croupier: bool,
        cards: &[Card],
        total: Option<u8>,
    ) -> Result<Vec<Event>, Refusal> {
        self.check_playing(Clause::BQE6)?;
        let idx = self.hand_index(hand, Clause::BQE6)?;
        let h = &self.coup.play.hands[idx];
        if h.shown {
            return refuse(Clause::BQE6, Reason::HandWasShown { hand });
        }
        if h.zero || h.rebuilt.is_some() || h.void {
            return refuse(Clause::BQE6, Reason::AlreadyPlayed { hand });
        }
        if !by_croupier {
            let r = record(Clause::BQE6, Some(hand), ErrorKind::Discarded { by_croupier: false, total: 0 });
            return Ok(vec![r, Event::HandDiscarded { hand, rebuilt: None }]);
        }
        if !cards.is_empty() {
            let shown = self.decide_show_event(hand, cards)?;
            let t = super::card::total(cards);
            let r = record(Clause::BQE6, Some(hand), ErrorKind::Discarded { by_croupier: true, total: t });
            return Ok(vec![r, shown]);
        }
        match total {
            Some(t) if t <= 9 => {
                let r = record(Clause::BQE6, Some(hand), ErrorKind::Discarded { by_croupier: true, total: t });
                Ok(vec![r, Event::HandDiscarded { hand, rebuilt: Some(t) }])
            }
            Some(t) => refuse(Clause::C1, Reason::NotATotal { total: t }),
            None => refuse(Clause::BQE6, Reason::TestimonyNeeded { hand }),
        }
    }

    fn decide_lost(&self, hand: HandId, card: Option<Card>) -> Result<Vec<Event>, Refusal> {
        let ctx = self.ctx();
        self.check_playing(Clause::BQE11)?;
        let idx = self.hand_index(hand, Clause::BQE11)?;
        if let Some(c) = card {
            // A third card that was seen is recovered; play goes on (it is that hand's).
            match ctx.status(&self.coup.play) {
                Status::Turn { hand: owed, step: HandStep::Card { .. } } if owed == hand => {
                    self.shoe.check_draw(c).map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card: c }))?;
                    return Ok(vec![
                        record(Clause::BQE11, Some(hand), ErrorKind::LostInDiscard { void: false }),
                        Event::CardOut { hand, slot: 2, card: c },
                    ]);
                }
                _ => return refuse(Clause::BQE11, Reason::NoCardOwed),
            }
        }
        if !self.in_the_deal() {
            return refuse(Clause::BQE11, Reason::NotDuringDeal);
        }
        let r = record(Clause::BQE11, Some(hand), ErrorKind::LostInDiscard { void: true });
        let whole = idx == ctx.bank_idx() || self.settings.game != Game::Banque;
        if whole {
            Ok(vec![r, Event::Voided { clause: Clause::BQE11 }])
        } else {
            Ok(vec![r, Event::HandVoided { hand }])
        }
    }

    /// R-BQ-E9: a card the banker gave to a hand. If that hand was owed it, it is an
    /// ordinary card; if another hand was owed it, the card goes there; if nobody was
    /// owed one yet, it waits for the next hand that draws (the bank must take it if
    /// no paño does, R-BQ-E15). Not a banker's error (R-BQ-E13).
    fn decide_card_to(&self, hand: HandId, card: Card) -> Result<Vec<Event>, Refusal> {
        let ctx = self.ctx();
        self.check_not_pb(Clause::BQE9)?;
        self.check_playing(Clause::BQE9)?;
        self.hand_index(hand, Clause::BQE9)?;
        let p = &self.coup.play;
        if let Some(pending) = p.pending {
            return refuse(pending.clause(), Reason::RulingPending);
        }
        self.shoe.check_draw(card).map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card }))?;
        let wrong =
            |owed: Option<HandId>| record(Clause::BQE9, owed, ErrorKind::CardToWrongHand { card, given_to: hand });
        match ctx.status(p) {
            Status::Turn { hand: owed, step: HandStep::Card { .. } } if owed == hand => {
                Ok(vec![Event::CardOut { hand, slot: 2, card }])
            }
            Status::Turn { hand: owed, step: HandStep::Card { .. } } => Ok(vec![
                wrong(Some(owed)),
                Event::CardOut { hand: owed, slot: 2, card },
                Event::Restored { by: ErrorBy::Croupier },
            ]),
            Status::Turn { step: HandStep::Call { .. }, .. } if p.floating.is_none() => {
                Ok(vec![wrong(None), Event::CardFloats { card }, Event::Restored { by: ErrorBy::Croupier }])
            }
            _ => refuse(Clause::BQE9, Reason::NoCardOwed),
        }
    }

    /// The croupier records a player's error the cards do not show yet: put right.
    fn decide_player_error(&self, clause: Clause, hand: HandId) -> Result<Vec<Event>, Refusal> {
        let ctx = self.ctx();
        self.check_not_pb(clause)?;
        self.check_playing(clause)?;
        let idx = self.hand_index(hand, clause)?;
        let p = &self.coup.play;
        if idx == ctx.bank_idx() {
            return refuse(clause, Reason::HandNotInGame { hand });
        }
        if let Some(pending) = p.pending {
            return refuse(pending.clause(), Reason::RulingPending);
        }
        let h = &p.hands[idx];
        let t = h.cards.total2();
        let fix = match clause {
            // First paño said "no" with less than 5 and the second has received a card.
            Clause::BQE14 => {
                if h.call != Some(Call::Stand) || t.is_some_and(|t| t >= 5) {
                    return refuse(clause, Reason::NotThatError { hand });
                }
                // A card dealt after the "no": to the next paño, or to the bank (the
                // only later hand in Chemin de fer), as `Ctx::ruling_for` reads it.
                let later_card = (idx + 1..=ctx.bank_idx()).any(|j| p.hands[j].cards.third.is_some());
                if !later_card {
                    return refuse(clause, Reason::NoLaterCard);
                }
                Call::Draw
            }
            // A paño asked for a card with 6 or more.
            Clause::BQE15 => {
                if h.cards.third.is_none() || t.is_some_and(|t| t < 6) {
                    return refuse(clause, Reason::NotThatError { hand });
                }
                if t.is_some_and(|t| t >= 8) { Call::Natural } else { Call::Stand }
            }
            // Said "no" with 8 or 9 (recorded; the total stands), or asked for a card.
            Clause::BQE17 => {
                if t.is_some_and(|t| t < 8) || h.cards.third.is_none() {
                    return refuse(clause, Reason::NotThatError { hand });
                }
                Call::Natural
            }
            _ => return refuse(clause, Reason::NotThatError { hand }),
        };
        Ok(vec![
            record(clause, Some(hand), ErrorKind::PlayerError),
            Event::RulingProposed(Pending::PutRight { clause, hand, fix }),
        ])
    }

    /// R-BQ-E16: a holder who said "carta" then "no", or the reverse. The croupier
    /// checks his total: only with 5 does the first word stand; otherwise the rule
    /// decides and the coup is put right if a card already went the wrong way.
    pub(crate) fn decide_both_words(&self, hand: HandId, then: Call) -> Result<Vec<Event>, Refusal> {
        let ctx = self.ctx();
        let idx = self.hand_index(hand, Clause::BQE16)?;
        let p = &self.coup.play;
        let h = &p.hands[idx];
        let first = h.call.unwrap_or(Call::Draw);
        let mut out = vec![record(Clause::BQE16, Some(hand), ErrorKind::BothWords { first, then })];
        match h.cards.total2() {
            None => out.push(Event::WordsCrossed { hand, first }),
            Some(t) => {
                let ruled = ctx.word_that_stands(t, first, self.ctx().holder_is_free(idx));
                let has_card = h.cards.third.is_some();
                if (ruled == Call::Draw) == has_card || (ruled == Call::Draw && !has_card) {
                    out.push(Event::WordsRuled { hand, call: ruled });
                } else {
                    out.push(Event::RulingProposed(Pending::PutRight { clause: Clause::BQE16, hand, fix: ruled }));
                }
            }
        }
        Ok(out)
    }
}
