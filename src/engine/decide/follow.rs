//! What follows from an operation's events once they change the coup's play: the
//! infractions the facts now show, the ruling they call for, the word that stands
//! after a check (R-BQ-E16), a waiting card taken (R-BQ-E9, E15), the cut card seen
//! (R-C-4), and the settlement once every fact is known, with what it brings about
//! in the shift. Worked out on a copy of the play; nothing applied.

use super::between::after_settlement;
use crate::engine::clause::Clause;
use crate::engine::coup::{Play, evolve_play, touches_play};
use crate::engine::event::Event;
use crate::engine::hand::HandId;
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::rules::{HandStep, Status};
use crate::engine::settle::settle;
use crate::engine::table::Table;
use crate::engine::vocab::Infraction;

/// Appends to `out` what follows from the events from `start` on.
pub fn consequences(t: &Table, start: usize, out: &mut Vec<Event>) -> Result<(), Refusal> {
    // Only events of the play can move it (a bet, a coup opened cannot).
    if t.coup.settlement.is_some() || !t.shift.coup_open || !out[start..].iter().any(touches_play) {
        return Ok(());
    }
    let game = t.game();
    let mut next = t.coup.play;
    let mut drawn = 0u32;
    for e in &out[start..] {
        drawn += match e {
            Event::BetsClosed => (t.ctx().deal_order().len() as u32).saturating_sub(u32::from(next.early)),
            Event::EarlyCardsOut { count } => u32::from(*count),
            Event::CardOut { slot: 2, .. }
            | Event::DeadCardOut { .. }
            | Event::CardFloats { .. }
            | Event::LostUnseen { .. } => 1,
            _ => 0,
        };
        evolve_play(game, &mut next, e);
    }
    if next == t.coup.play {
        return Ok(());
    }
    let sabot = &t.shift.sabot;
    let cut_out_now =
        !sabot.cut_out && sabot.cut_below.is_some_and(|below| t.shoe.in_sabot().saturating_sub(drawn) < below);
    if cut_out_now {
        out.push(Event::CutCardOut);
    }
    let next = derive(t, next, out);
    settle_if_complete(t, &next, cut_out_now, out)
}

/// Consequences follow one another (an infraction, its ruling, a waiting card
/// taken): a few rounds settle them. Returns the play they lead to.
fn derive(t: &Table, mut next: Play, out: &mut Vec<Event>) -> Play {
    let ctx = t.ctx();
    let recorded = |inf: &Infraction, out: &[Event]| {
        t.coup.infractions.contains(inf) || out.iter().any(|e| matches!(e, Event::Infraction(i) if i == inf))
    };
    for _ in 0..6 {
        let mut added = Vec::new();
        let infractions = ctx.infractions(&next);
        for inf in &infractions {
            if !recorded(inf, out) {
                added.push(Event::Infraction(inf.clone()));
            }
        }
        if next.pending.is_none() {
            // A holder's two words are R-BQ-E16's, whatever else the facts show.
            if let Some(e) = words_checked(t, &next) {
                added.push(e);
            } else if let Some(r) = infractions.iter().find_map(|inf| ctx.ruling_for(&next, inf)) {
                added.push(Event::RulingProposed(r));
            } else if let Some(f) = next.floating {
                let bank = next.hands.bank();
                let bank_to_take = f.forced && bank.cards.third.is_none() && !bank.cards.two_card_eight_or_nine();
                match ctx.status(&next) {
                    Status::Turn { hand, step: HandStep::Card { .. } } => added.push(Event::FloatingTaken { hand }),
                    // Every paño has played and none took it: the bank must, whatever its
                    // total (R-BQ-E15: «al banquero si no lo ha hecho, y éste debe pedirla»).
                    Status::Turn { hand: HandId::Bank, .. } | Status::Showdown { .. } | Status::Complete
                        if bank_to_take =>
                    {
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
            evolve_play(t.game(), &mut next, e);
        }
        out.extend(added);
    }
    next
}

/// The settlement, once every fact is known, and what it brings about in the shift.
/// Refused (R-C-8) if a figure, or the shift's totals with it, would pass the money
/// bound.
fn settle_if_complete(t: &Table, next: &Play, cut_out_now: bool, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let ctx = t.ctx();
    if ctx.status(next) != Status::Complete {
        return Ok(());
    }
    let too_large = || Refusal::new(Clause::C8, Reason::MoneyOverflow);
    let s = settle(&ctx, &t.coup.bets, next, t.bank).map_err(|_| too_large())?;
    let totals = &t.totals;
    if totals.cagnotte.checked_add(s.cagnotte).is_err() || totals.commission.checked_add(s.commission).is_err() {
        return Err(too_large());
    }
    let s = std::sync::Arc::new(s);
    out.push(Event::Settled(s.clone()));
    after_settlement(t, &s, cut_out_now, out);
    Ok(())
}

/// R-BQ-E16 once the croupier has checked the total: the word that stands, or the
/// coup put right if a card already went the wrong way.
fn words_checked(t: &Table, p: &Play) -> Option<Event> {
    let ctx = t.ctx();
    for (hand, h) in p.hands.players(t.game()) {
        let (Some(first), Some(total)) = (h.first_word, h.cards.total2()) else { continue };
        return Some(match ctx.after_both_words(p, hand, first, total) {
            Ok(call) => Event::WordsRuled { hand, call },
            Err(ruling) => Event::RulingProposed(ruling),
        });
    }
    None
}
