//! The error procedures (R-BQ-E1…E18; Bacarrá §14–16; Chemin de fer's R-CF-7): what
//! the croupier records, and the ruling the engine applies, with the cards, bets and
//! obligations that follow. One function an error.
//!
//! Chemin de fer takes the same procedures where they apply to one player hand
//! (E1–E12, E14–E18; E13's two-paño table reduces to the table against one hand).
//! Punto y Banca, where nobody chooses, takes those about the cards themselves: E1,
//! E2, E3, E4, E6, E7, E8, E11 (`vocab::error_applies`, docs/RULES-NOTES.md).

use super::checks::{
    betting_open, hand_in_game, in_the_deal, no_ruling_pending, playing, positive, refuse, show_event,
};
use crate::engine::bet::{Bet, BetKind};
use crate::engine::card::{self, Card};
use crate::engine::clause::Clause;
use crate::engine::event::Event;
use crate::engine::hand::{Call, HandId, PlayerRef, Spot};
use crate::engine::money::Money;
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::rules::{HandStep, Status};
use crate::engine::settings::Game;
use crate::engine::table::Table;
use crate::engine::vocab::{BankRule, ErrorBy, ErrorKind, ErrorRecord, Pending, error_applies};

fn record(clause: Clause, hand: Option<HandId>, kind: ErrorKind) -> Event {
    Event::Error(ErrorRecord { clause, hand, kind })
}

fn applies(t: &Table, clause: Clause) -> Result<(), Refusal> {
    if !error_applies(t.game(), clause) {
        return refuse(clause, Reason::NotInThisGame);
    }
    Ok(())
}

/// A player hand of the game (not the bank's side), under `clause`.
fn player_hand(t: &Table, hand: HandId, clause: Clause) -> Result<(), Refusal> {
    hand_in_game(t, hand, clause)?;
    if hand == t.ctx().bank() {
        return refuse(clause, Reason::HandNotInGame { hand });
    }
    Ok(())
}

/// Some coup open and not settled.
fn coup_open(t: &Table, clause: Clause) -> Result<(), Refusal> {
    if !t.shift.coup_open || t.coup.settlement.is_some() {
        return refuse(clause, Reason::NoCoupOpen);
    }
    Ok(())
}

/// R-BQ-E1: cards taken out before "no va más" are the coup's first cards.
pub fn early_cards(t: &Table, count: u8, out: &mut Vec<Event>) -> Result<(), Refusal> {
    betting_open(t).map_err(|r| Refusal::new(Clause::BQE1, r.reason))?;
    let deal = t.ctx().deal_order().len() as u8;
    if count == 0 || t.coup.play.early.saturating_add(count) > deal {
        return refuse(Clause::BQE1, Reason::NotDuringDeal);
    }
    t.shoe.check_draw_hidden(u32::from(count)).map_err(|_| Refusal::new(Clause::C3, Reason::SabotEmpty))?;
    out.push(record(Clause::BQE1, None, ErrorKind::EarlyCards { count }));
    out.push(Event::EarlyCardsOut { count });
    if t.game() == Game::ChemindeFer {
        out.push(record(Clause::CF7, None, ErrorKind::EarlyCards { count }));
    }
    Ok(())
}

/// R-BQ-E2: a card out face up is dead; no bet may be changed.
pub fn dead_card(t: &Table, card: Card, out: &mut Vec<Event>) -> Result<(), Refusal> {
    coup_open(t, Clause::BQE2)?;
    t.shoe.check_draw(card).map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card }))?;
    out.push(record(Clause::BQE2, None, ErrorKind::DeadCard { card }));
    out.push(Event::DeadCardOut { card });
    out.push(Event::BetsFrozen);
    Ok(())
}

/// R-BQ-E3: cards stuck together in the deal: the coup is void.
pub fn stuck_cards(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if !in_the_deal(t) {
        return refuse(Clause::BQE3, Reason::NotDuringDeal);
    }
    out.push(record(Clause::BQE3, None, ErrorKind::StuckCards));
    out.push(Event::Voided { clause: Clause::BQE3 });
    Ok(())
}

/// R-BQ-E4: a card on the floor is picked up and keeps its value.
pub fn card_on_floor(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    coup_open(t, Clause::BQE4)?;
    out.push(record(Clause::BQE4, None, ErrorKind::CardOnFloor));
    Ok(())
}

/// R-BQ-E5: another player gave or took a hand's cards; the coup stands if pronounced.
pub fn wrong_player(t: &Table, hand: HandId, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    applies(t, Clause::BQE5)?;
    playing(t, Clause::BQE5)?;
    player_hand(t, hand, Clause::BQE5)?;
    let h = &t.coup.play.hands[hand];
    // Pronounced: the holder has said his word or shown his natural.
    let stands = h.call.is_some() || h.cards.third.is_some() || h.shown;
    out.push(record(Clause::BQE5, Some(hand), ErrorKind::WrongPlayer { player, stands }));
    Ok(())
}

/// R-BQ-E6: a hand thrown in the discard unshown: by its holder it counts 0; by the
/// croupier its cards are recovered, or its total rebuilt from testimony.
pub fn discarded(
    t: &Table,
    hand: HandId,
    by_croupier: bool,
    cards: &[Card],
    total: Option<u8>,
    out: &mut Vec<Event>,
) -> Result<(), Refusal> {
    playing(t, Clause::BQE6)?;
    hand_in_game(t, hand, Clause::BQE6)?;
    let h = &t.coup.play.hands[hand];
    if h.shown {
        return refuse(Clause::BQE6, Reason::HandWasShown { hand });
    }
    if h.zero || h.rebuilt.is_some() || h.void {
        return refuse(Clause::BQE6, Reason::AlreadyPlayed { hand });
    }
    let kind = |by_croupier, total| ErrorKind::Discarded { by_croupier, total };
    if !by_croupier {
        out.push(record(Clause::BQE6, Some(hand), kind(false, 0)));
        out.push(Event::HandDiscarded { hand, rebuilt: None });
        return Ok(());
    }
    if !cards.is_empty() {
        let shown = show_event(t, hand, cards)?;
        out.push(record(Clause::BQE6, Some(hand), kind(true, card::total(cards))));
        out.push(shown);
        return Ok(());
    }
    match total {
        Some(x) if x <= 9 => {
            out.push(record(Clause::BQE6, Some(hand), kind(true, x)));
            out.push(Event::HandDiscarded { hand, rebuilt: Some(x) });
            Ok(())
        }
        Some(x) => refuse(Clause::C1, Reason::NotATotal { total: x }),
        None => refuse(Clause::BQE6, Reason::TestimonyNeeded { hand }),
    }
}

/// R-BQ-E7: a claim after the coup was paid is not taken.
pub fn claim(t: &Table) -> Result<(), Refusal> {
    if t.coup.settlement.is_some() {
        refuse(Clause::BQE7, Reason::ClaimAfterPayment)
    } else {
        refuse(Clause::BQE7, Reason::NothingToClaim)
    }
}

/// R-BQ-E7: a correction to a paid coup is an amendment, never an edit.
pub fn amend(t: &Table, coup: u32, reason: &str, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let current = t.shift.coup_number;
    let settled_now = t.coup.settlement.is_some();
    let known = coup >= 1 && (coup < current || (coup == current && settled_now));
    if !known {
        return refuse(Clause::BQE7, Reason::NoSuchCoup { coup });
    }
    let reason = reason.trim();
    if reason.is_empty() || reason.len() > 500 {
        return refuse(Clause::BQE7, Reason::AmendNeedsReason);
    }
    out.push(Event::Amended { coup, reason: reason.to_string() });
    Ok(())
}

/// R-BQ-E8: an irregular deal, put right if that is evident (a banker's error), else void.
pub fn irregular_deal(t: &Table, put_right: bool, out: &mut Vec<Event>) -> Result<(), Refusal> {
    playing(t, Clause::BQE8)?;
    let bank = t.coup.play.hands.bank();
    if bank.call.is_some() || bank.cards.third.is_some() {
        return refuse(Clause::BQE8, Reason::NotDuringDeal);
    }
    out.push(record(Clause::BQE8, None, ErrorKind::IrregularDeal { put_right }));
    out.push(if put_right { Event::Restored { by: ErrorBy::Banker } } else { Event::Voided { clause: Clause::BQE8 } });
    Ok(())
}

/// R-BQ-E9: a card the banker gave to a hand. If that hand was owed it, it is an
/// ordinary card; if another hand was owed it, the card goes there; if nobody was
/// owed one yet, it waits for the next hand that draws (the bank must take it if
/// no paño does, R-BQ-E15). Not a banker's error (R-BQ-E13), except a card the bank
/// keeps that a paño asked for: then in the coup restored the bank draws on 5 or less
/// and stands otherwise.
pub fn card_to(t: &Table, hand: HandId, card: Card, out: &mut Vec<Event>) -> Result<(), Refusal> {
    applies(t, Clause::BQE9)?;
    playing(t, Clause::BQE9)?;
    hand_in_game(t, hand, Clause::BQE9)?;
    no_ruling_pending(t)?;
    let p = &t.coup.play;
    t.shoe.check_draw(card).map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card }))?;
    let wrong = |owed: Option<HandId>| record(Clause::BQE9, owed, ErrorKind::CardToWrongHand { card, given_to: hand });
    match t.ctx().status(p) {
        Status::Turn { hand: owed, step: HandStep::Card { .. } } if owed == hand => {
            out.push(Event::CardOut { hand, slot: 2, card });
        }
        Status::Turn { hand: owed, step: HandStep::Card { .. } } => {
            // Keeping for the bank a card a paño asked for is the banker's error; a card
            // given to the wrong paño is not (§15: «dar a un paño … una carta destinada a
            // otro paño no son errores del banquero»; R-BQ-E13).
            let by = if hand == t.ctx().bank() && owed != hand { ErrorBy::Banker } else { ErrorBy::Croupier };
            out.push(wrong(Some(owed)));
            out.push(Event::CardOut { hand: owed, slot: 2, card });
            out.push(Event::Restored { by });
        }
        Status::Turn { step: HandStep::Call { .. }, .. } if p.floating.is_none() => {
            out.push(wrong(None));
            out.push(Event::CardFloats { card });
            out.push(Event::Restored { by: ErrorBy::Croupier });
        }
        _ => return refuse(Clause::BQE9, Reason::NoCardOwed),
    }
    Ok(())
}

/// R-BQ-E10: both cards of a paño exposed in the deal: bets frozen, the bank draws
/// on 5 or less.
pub fn exposed(t: &Table, hand: HandId, cards: &[Card], out: &mut Vec<Event>) -> Result<(), Refusal> {
    applies(t, Clause::BQE10)?;
    player_hand(t, hand, Clause::BQE10)?;
    if !in_the_deal(t) {
        return refuse(Clause::BQE10, Reason::NotDuringDeal);
    }
    let shown = show_event(t, hand, cards)?;
    out.push(record(Clause::BQE10, Some(hand), ErrorKind::Exposed));
    out.push(shown);
    out.push(Event::BetsFrozen);
    out.push(Event::BankRuleSet { rule: BankRule::FiveOrLess, clause: Clause::BQE10 });
    Ok(())
}

/// R-BQ-E11: cards lost in the discard: a hand's first cards, unseen, void its coup
/// (the whole coup if the bank's, or outside Banque); a third card that was seen is
/// recovered.
pub fn lost_in_discard(t: &Table, hand: HandId, card: Option<Card>, out: &mut Vec<Event>) -> Result<(), Refusal> {
    playing(t, Clause::BQE11)?;
    hand_in_game(t, hand, Clause::BQE11)?;
    if let Some(c) = card {
        // A third card that was seen is recovered; play goes on (it is that hand's).
        return match t.ctx().status(&t.coup.play) {
            Status::Turn { hand: owed, step: HandStep::Card { .. } } if owed == hand => {
                t.shoe.check_draw(c).map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card: c }))?;
                out.push(record(Clause::BQE11, Some(hand), ErrorKind::LostInDiscard { void: false }));
                out.push(Event::CardOut { hand, slot: 2, card: c });
                Ok(())
            }
            _ => refuse(Clause::BQE11, Reason::NoCardOwed),
        };
    }
    if !in_the_deal(t) {
        // A third card lost unseen voids the coup like a first card: for its paño, or
        // both if it was the bank's (§15: «En el caso de que se trate de una tercera
        // carta, si ha sido vista será recuperada»: only a seen one is recovered).
        let owed = matches!(
            t.ctx().status(&t.coup.play),
            Status::Turn { hand: h, step: HandStep::Card { .. } } if h == hand
        );
        if !owed {
            return refuse(Clause::BQE11, Reason::NoCardOwed);
        }
        t.shoe.check_draw_hidden(1).map_err(|_| Refusal::new(Clause::C3, Reason::SabotEmpty))?;
        out.push(record(Clause::BQE11, Some(hand), ErrorKind::LostInDiscard { void: true }));
        out.push(Event::LostUnseen { hand });
    } else {
        out.push(record(Clause::BQE11, Some(hand), ErrorKind::LostInDiscard { void: true }));
    }
    let whole = hand == t.ctx().bank() || t.game() != Game::Banque;
    out.push(if whole { Event::Voided { clause: Clause::BQE11 } } else { Event::HandVoided { hand } });
    Ok(())
}

/// R-BQ-E12: the total the banker announces (checked at the showdown). In the seed's
/// order he says «no», shows his cards and announces his point (000 §12 «Si no pide
/// carta, el banquero descubre sus cartas y anuncia su punto»): the coup may be settled
/// by then, and nothing is paid until the next coup opens (`late_announce`).
pub fn announce(t: &Table, total: u8, out: &mut Vec<Event>) -> Result<(), Refusal> {
    applies(t, Clause::BQE12)?;
    if total > 9 {
        return refuse(Clause::C1, Reason::NotATotal { total });
    }
    if t.coup.settlement.is_some() && t.shift.coup_open {
        return late_announce(t, total, out);
    }
    playing(t, Clause::BQE12)?;
    let ctx = t.ctx();
    if ctx.players().iter().any(|h| !matches!(ctx.player_step(&t.coup.play, *h), HandStep::Done(_))) {
        return refuse(Clause::BQ13, Reason::BankWaits);
    }
    out.push(Event::Announced { total });
    Ok(())
}

/// The banker's announcement once the coup is settled, before it is paid: decided as
/// before the settlement, on the coup as its entries left it. When it reopens the bank
/// (a wrong point after a «no», R-BQ-E12) the settlement is withdrawn (`Unsettled`) and
/// the ruling waits for the croupier; otherwise it is recorded (and a wrong point
/// flagged) and the settlement stands. A coup settled by an error (void) takes none.
fn late_announce(t: &Table, total: u8, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.coup.settlement.as_ref().is_some_and(|s| s.void.is_some()) || t.entries.count().is_none() {
        return refuse(Clause::BQE12, Reason::CoupOver);
    }
    // The table went on since the settlement (a player left with his winnings, the bank
    // moved): the coup is being paid, and no claim is taken then (R-BQ-E7).
    let play_only = |e: &Event| crate::engine::coup::touches_play(e) || matches!(e, Event::Infraction(_));
    let went_on = !t.entries.after_settlement().iter().all(play_only);
    let mut open = t.clone();
    open.unsettle();
    let mut decided = Vec::new();
    announce(&open, total, &mut decided)?;
    super::follow::consequences(&open, 0, &mut decided)?;
    if decided.iter().any(|e| matches!(e, Event::RulingProposed(_))) {
        if went_on {
            return refuse(Clause::BQE7, Reason::ClaimAfterPayment);
        }
        out.push(Event::Unsettled { banker: open.shift.banker(), bank: open.bank });
        out.extend(decided);
    } else {
        // The settlement stands: the announcement, and the infraction it shows.
        out.extend(decided.into_iter().filter(|e| matches!(e, Event::Announced { .. } | Event::Infraction(_))));
    }
    Ok(())
}

/// The croupier confirms the ruling Sabot proposes: the coup put right, or the bank
/// reopened after a wrong announcement (R-BQ-E12).
pub fn confirm(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let ctx = t.ctx();
    let p = &t.coup.play;
    match p.pending {
        None => refuse(Clause::BQE13, Reason::NothingToConfirm),
        Some(Pending::PutRight { hand, fix, by, .. }) => {
            hand_in_game(t, hand, Clause::BQE13)?;
            let (ruling, dead) = ctx.put_right(p, hand, fix, by);
            out.push(Event::PutRight { ruling: Some(ruling), dead, legacy_play: None });
            Ok(())
        }
        Some(Pending::BankPlay { call, .. }) => {
            let dead = if call == Call::Stand { p.hands.bank().cards.third } else { None };
            out.push(Event::BankPlayPutRight { call, dead });
            Ok(())
        }
        Some(Pending::Reopen { .. }) => {
            let shown = ctx.players().iter().any(|h| p.hands[*h].shown);
            let rule = if shown { BankRule::FiveOrLess } else { BankRule::MayDraw };
            out.push(Event::Reopened { rule, clause: Clause::BQE12 });
            Ok(())
        }
    }
}

/// The croupier records a player's error the cards do not show yet (R-BQ-E14, E15,
/// E17): the coup is to be put right.
pub fn player_error(
    t: &Table,
    clause: Clause,
    hand: HandId,
    by: Option<ErrorBy>,
    out: &mut Vec<Event>,
) -> Result<(), Refusal> {
    let ctx = t.ctx();
    applies(t, clause)?;
    playing(t, clause)?;
    player_hand(t, hand, clause)?;
    no_ruling_pending(t)?;
    let p = &t.coup.play;
    let h = &p.hands[hand];
    let total = h.cards.total2();
    let not_that = || refuse(clause, Reason::NotThatError { hand });
    let fix = match clause {
        // The paño said "no" with less than 5 and a later hand has received a card:
        // to the next paño, or to the bank (the only later hand in Chemin de fer), as
        // `Ctx::ruling_for` reads it.
        Clause::BQE14 => {
            if h.call != Some(Call::Stand) || total.is_some_and(|x| x >= 5) {
                return not_that();
            }
            let later_card = ctx.hands_after(hand).any(|j| p.hands[j].cards.third.is_some());
            if !later_card {
                return refuse(clause, Reason::NoLaterCard);
            }
            Call::Draw
        }
        // A paño asked for a card with 6 or more.
        Clause::BQE15 => {
            if h.cards.third.is_none() || total.is_some_and(|x| x < 6) {
                return not_that();
            }
            if total.is_some_and(crate::engine::drawing::is_natural) { Call::Natural } else { Call::Stand }
        }
        // Said "no" with 8 or 9 (recorded; the total stands), or asked for a card.
        Clause::BQE17 => {
            if total.is_some_and(|x| x < 8) || h.cards.third.is_none() {
                return not_that();
            }
            Call::Natural
        }
        _ => return not_that(),
    };
    out.push(record(clause, Some(hand), ErrorKind::PlayerError));
    out.push(Event::RulingProposed(Pending::PutRight { clause, hand, fix, by: by.unwrap_or_default() }));
    Ok(())
}

/// R-BQ-E18: a holder who takes too long loses the cards: a paño's pass to the next
/// section (R-BQ-9); Chemin de fer's to the next holder by R-CF-5, the highest
/// remaining seated bet.
pub fn too_long(t: &Table, hand: HandId, out: &mut Vec<Event>) -> Result<(), Refusal> {
    applies(t, Clause::BQE18)?;
    playing(t, Clause::BQE18)?;
    hand_in_game(t, hand, Clause::BQE18)?;
    let ctx = t.ctx();
    if hand == ctx.bank() || matches!(ctx.player_step(&t.coup.play, hand), HandStep::Done(_)) {
        return refuse(Clause::BQE18, Reason::AlreadyPlayed { hand });
    }
    if let (Game::Banque, HandId::Tableau(n)) = (t.game(), hand) {
        let to = t.next_section(t.pano_holder(n), Some(n));
        out.push(record(Clause::BQE18, Some(hand), ErrorKind::TooLong { to: PlayerRef::seated(to) }));
        out.push(Event::HolderPassed { tableau: n, to });
        return Ok(());
    }
    // Chemin de fer: the next holder by R-CF-5, the highest remaining seated bet.
    let holder = t.holder(hand);
    let next = match holder {
        Some(h) => t.next_cf_holder(h),
        None => t.rightful_cf_holder(),
    };
    let Some(to) = next.filter(|q| Some(*q) != holder) else {
        return refuse(Clause::BQE18, Reason::NoBets);
    };
    out.push(record(Clause::BQE18, Some(hand), ErrorKind::TooLong { to }));
    out.push(Event::CardsHeld { player: to, handed: true });
    Ok(())
}

/// R-CF-7: a bet placed after "no va más" (the banker may have it withdrawn).
pub fn late_bet(t: &Table, player: PlayerRef, amount: Money, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::C7, Reason::BetsClosed);
    }
    playing(t, Clause::CF7)?;
    let h = &t.coup.play.hands[HandId::Player];
    if h.call.is_some() || h.cards.third.is_some() || h.shown {
        return refuse(Clause::CF7, Reason::NotDuringDeal);
    }
    let amount = positive(amount)?.money();
    let over = |total| Refusal::new(Clause::CF2, Reason::OverBank { total, bank: t.bank });
    let covered = Money::sum(t.coup.bets.iter().map(|b| b.amount)).map_err(|_| over(t.bank))?;
    let total = covered.checked_add(amount).map_err(|_| over(amount))?;
    if total > t.bank {
        return Err(over(total));
    }
    out.push(record(Clause::CF7, None, ErrorKind::LateBet { player, amount }));
    out.push(Event::BetPlaced(Bet { player, spot: Spot::Player, amount, kind: BetKind::Late }));
    Ok(())
}

/// R-CF-7: the banker has the croupier withdraw a late bet.
pub fn withdraw_late(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.coup.settlement.is_some() {
        return refuse(Clause::CF7, Reason::CoupOver);
    }
    let Some(b) = t.coup.bets.iter().find(|b| b.player == player && b.kind == BetKind::Late) else {
        return refuse(Clause::CF7, Reason::NoSuchBet { seat: player.seat });
    };
    out.push(record(Clause::CF7, None, ErrorKind::LateBetWithdrawn { player }));
    out.push(Event::BetWithdrawn { player: b.player, spot: b.spot });
    Ok(())
}

/// R-BQ-E16: a holder who said "carta" then "no", or the reverse. The croupier
/// checks his total: only with 5 does the first word stand; otherwise the rule
/// decides and the coup is put right if a card already went the wrong way.
pub fn both_words(t: &Table, hand: HandId, then: Call, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let ctx = t.ctx();
    hand_in_game(t, hand, Clause::BQE16)?;
    let h = &t.coup.play.hands[hand];
    let first = h.call.unwrap_or(Call::Draw);
    out.push(record(Clause::BQE16, Some(hand), ErrorKind::BothWords { first, then }));
    match h.cards.total2() {
        None => out.push(Event::WordsCrossed { hand, first }),
        Some(total) => match ctx.after_both_words(&t.coup.play, hand, first, total) {
            Ok(call) => out.push(Event::WordsRuled { hand, call }),
            Err(ruling) => out.push(Event::RulingProposed(ruling)),
        },
    }
    Ok(())
}
