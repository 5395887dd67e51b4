//! The coup in play: "no va más" and the deal, cards out of the sabot, hands turned
//! over, the holders' words, the banker asking for the table (R-C-2, R-C-7,
//! R-BQ-10…14, R-CF-7, R-CF-8, R-PB-6…8). A second, contrary word is the error
//! procedure R-BQ-E16 (`errors::both_words`).

use super::checks::{enough_players, hand_in_game, in_play, no_ruling_pending, refuse, shoe_refusal};
use super::errors;
use crate::engine::card::Card;
use crate::engine::clause::Clause;
use crate::engine::drawing::{self, BankDuty};
use crate::engine::event::Event;
use crate::engine::hand::{Call, HandId};
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::rules::{HandStep, Played, Status};
use crate::engine::settings::Game;
use crate::engine::table::Table;

/// "No va más": bets close and the first cards leave the sabot (R-C-7).
pub fn no_more_bets(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.coup.settlement.is_some() {
        return refuse(Clause::C7, Reason::CoupOver);
    }
    if t.coup.play.closed {
        return refuse(Clause::C7, Reason::BetsClosed);
    }
    let game = t.game();
    if !t.shift.coup_open {
        return refuse(Clause::C7, Reason::NoCoupOpen);
    }
    if !t.shift.sabot.ready(game) {
        return refuse(Clause::C5, Reason::ShoeNotReady);
    }
    if game.has_bank() && (!t.bank.is_positive() || !t.shift.bank_announced()) {
        return refuse(if game == Game::Banque { Clause::BQ17 } else { Clause::CF2 }, Reason::NoBank);
    }
    if !t.coup.offers.is_empty() {
        let offers = t.coup.offers.iter().map(|b| (b.player, b.amount)).collect();
        return refuse(Clause::BQ4, Reason::OffersPending { offers });
    }
    if t.coup.contest.is_some() {
        return refuse(Clause::BQ8, Reason::LotPending);
    }
    enough_players(t)?;
    if game == Game::ChemindeFer && t.coup.bets.is_empty() {
        return refuse(Clause::CF5, Reason::NoBets);
    }
    let n = (t.ctx().deal_order().len() as u32).saturating_sub(u32::from(t.coup.play.early));
    t.shoe.check_draw_hidden(n).map_err(shoe_refusal)?;
    out.push(Event::BetsClosed);
    Ok(())
}

/// Which hand and slot a card out of the sabot now belongs to: one of the first
/// cards while a card-reading shoe reads them, else the third card owed.
pub(super) fn card_target(t: &Table) -> Result<(HandId, u8), Refusal> {
    let ctx = t.ctx();
    let p = &t.coup.play;
    if t.coup.settlement.is_some() {
        // Punto y Banca: "con 8 ó 9 finaliza la mano" (002 §12): a natural ended it.
        let natural = p.hands.of_game(Game::PuntoBanca).any(|(_, h)| h.cards.two_card_eight_or_nine());
        if t.game() == Game::PuntoBanca && natural {
            // The hand is two cards and its third owed to none (R-C-2) because the
            // natural ended it (R-PB-7).
            return Err(Refusal::new(Clause::PB7, Reason::NaturalDecided).also(Clause::C2));
        }
        return refuse(Clause::C2, Reason::CoupOver);
    }
    if !p.closed {
        return refuse(ctx.deal_clause(), Reason::BetsStillOpen);
    }
    if let Some(&target) = p.reader.and_then(|pos| ctx.deal_order().get(usize::from(pos))) {
        return Ok(target);
    }
    let clause_for = |hand: HandId| if hand == HandId::Bank { ctx.bank_clause_in(p) } else { ctx.player_clause() };
    match ctx.status(p) {
        Status::Turn { hand, step: HandStep::Card { .. } } => Ok((hand, 2)),
        Status::Turn { hand, step: HandStep::Call { .. } } => refuse(clause_for(hand), Reason::WaitingForCall { hand }),
        Status::Turn { hand, step: HandStep::Show } => {
            let clause = if t.game() == Game::PuntoBanca { Clause::PB8 } else { Clause::BQE16 };
            refuse(clause, Reason::ShowFirst { hand })
        }
        _ if ctx.bank_natural_decides(p) => {
            let clause = if t.game() == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
            refuse(clause, Reason::NaturalDecided)
        }
        _ => refuse(Clause::C2, Reason::NoCardOwed),
    }
}

/// A card out of the sabot, given to the hand it belongs to.
pub fn card(t: &Table, card: Card, out: &mut Vec<Event>) -> Result<(), Refusal> {
    no_ruling_pending(t)?;
    // A card that cannot be in the sabot is an entry error first of all (R-C-3).
    if t.coup.play.closed && t.coup.settlement.is_none() {
        t.shoe.check_unseen(&[card]).map_err(shoe_refusal)?;
    }
    let (hand, slot) = card_target(t)?;
    if slot == 2 {
        t.shoe.check_draw(card).map_err(shoe_refusal)?;
    }
    out.push(Event::CardOut { hand, slot, card });
    Ok(())
}

/// A hand turns its first cards over.
pub fn show(t: &Table, hand: HandId, cards: &[Card], out: &mut Vec<Event>) -> Result<(), Refusal> {
    out.push(super::checks::show_event(t, hand, cards)?);
    Ok(())
}

/// The banker asks the croupier for the table (R-BQ-13).
pub fn ask_table(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    no_ruling_pending(t)?;
    if t.game() == Game::PuntoBanca {
        return refuse(Clause::PB7, Reason::OnlyInBanque);
    }
    if t.coup.settlement.is_some() {
        return refuse(Clause::BQ13, Reason::CoupOver);
    }
    let p = &t.coup.play;
    if p.table_asked {
        return refuse(Clause::BQ13, Reason::TableAlreadyAsked);
    }
    let bank = p.hands.bank();
    if bank.cards.third.is_some() || matches!(bank.call, Some(Call::Draw | Call::Stand)) {
        return refuse(Clause::BQ13, Reason::TableTooLate);
    }
    out.push(Event::TableAsked);
    Ok(())
}

/// What a word means now: a word the rules take, or the second of two contrary
/// words (R-BQ-E16).
enum Word {
    Taken,
    SecondWord,
}

/// What a hand's holder says. A call is checked against the facts; after the
/// settlement, a call that agrees with what the hand did is taken as a confirmation,
/// and one that does not is refused with the rule it breaks (or as a claim after the
/// coup, R-BQ-E7). A word contrary to one already said is R-BQ-E16's.
pub fn say(t: &Table, hand: HandId, call: Call, out: &mut Vec<Event>) -> Result<(), Refusal> {
    no_ruling_pending(t)?;
    match read_word(t, hand, call)? {
        Word::Taken => {
            out.push(Event::Said { hand, call });
            Ok(())
        }
        Word::SecondWord => errors::both_words(t, hand, call, out),
    }
}

fn read_word(t: &Table, hand: HandId, call: Call) -> Result<Word, Refusal> {
    let ctx = t.ctx();
    hand_in_game(t, hand, ctx.deal_clause())?;
    if t.coup.settlement.is_none() {
        in_play(t)?;
    }
    if t.game() == Game::PuntoBanca {
        return punto_banca_word(t, hand, call).map(|()| Word::Taken);
    }
    if hand == HandId::Bank {
        return bank_word(t, call).map(|()| Word::Taken);
    }
    player_word(t, hand, call)
}

/// A player hand's word (R-BQ-11, R-BQ-E17, R-CF-8).
fn player_word(t: &Table, hand: HandId, call: Call) -> Result<Word, Refusal> {
    let ctx = t.ctx();
    let p = &t.coup.play;
    let h = &p.hands[hand];
    let clause = ctx.player_clause();
    let also = |r: Refusal| if t.game() == Game::ChemindeFer { r.also(Clause::BQ11) } else { r };
    let total = h.cards.total2().unwrap_or(0);
    // Paños play in order (R-BQ-11): a word waits only for an earlier player hand.
    // Once every player hand has played (the bank's turn, or later), a holder's word
    // is read against what his hand did.
    if let Status::Turn { hand: turn, .. } = ctx.status(p) {
        let players = ctx.players();
        let at = |x: HandId| players.iter().position(|h| *h == x).unwrap_or(players.len());
        if at(turn) < at(hand) {
            return Err(also(Refusal::new(clause, Reason::NotYourTurn { hand, turn })));
        }
    }
    let taken = Ok(Word::Taken);
    let open = t.coup.settlement.is_none();
    match (ctx.player_step(p, hand), call) {
        // "Carta", the card out, then "no": R-BQ-E16 (the croupier checks his total).
        (HandStep::Done(Played::Drew), Call::Stand | Call::Natural) if open && h.call == Some(Call::Draw) => {
            Ok(Word::SecondWord)
        }
        (HandStep::Done(Played::Drew), Call::Draw)
        | (HandStep::Done(Played::Stood), Call::Stand)
        | (HandStep::Done(Played::Natural), Call::Natural)
        | (HandStep::Done(Played::NoPlay), Call::Stand) => taken,
        (HandStep::Done(Played::Natural), Call::Stand) => {
            // "No" with 8 or 9 forfeits the natural (R-BQ-E17), while nothing has
            // happened since the hand's cards came.
            let later = ctx.hands_after(hand).any(|j| {
                let o = &p.hands[j];
                o.call.is_some() || o.cards.third.is_some()
            });
            if h.call.is_none() && !later { taken } else { refuse(clause, Reason::AlreadyPlayed { hand }) }
        }
        (HandStep::Done(Played::Natural), Call::Draw) if h.call.is_none() => {
            Err(also(Refusal::new(clause, Reason::MustShowNatural { hand, total })))
        }
        (HandStep::Done(Played::Stood), Call::Natural) if h.call.is_none() => {
            Err(also(Refusal::new(clause, Reason::NotANatural { hand, total })))
        }
        (HandStep::Done(Played::Stood), Call::Draw) if h.call.is_none() => {
            Err(also(Refusal::new(clause, Reason::MustStand { hand, total })))
        }
        (HandStep::Done(Played::Stood), Call::Draw) => Ok(Word::SecondWord),
        (HandStep::Done(Played::NoPlay), _) => {
            let clause = if t.game() == Game::Banque { Clause::BQ12 } else { Clause::CF8 };
            refuse(clause, Reason::NaturalDecided)
        }
        (HandStep::Done(_), _) => refuse(clause, Reason::AlreadyPlayed { hand }),
        (HandStep::Card { .. }, Call::Draw) => taken,
        (HandStep::Card { forced: false, .. }, _) => Ok(Word::SecondWord),
        (HandStep::Card { forced: true, .. }, Call::Natural) => {
            Err(also(Refusal::new(clause, Reason::NotANatural { hand, total })))
        }
        (HandStep::Card { forced: true, .. }, _) => Err(also(Refusal::new(clause, Reason::MustDraw { hand, total }))),
        (HandStep::Call { total: Some(t) }, Call::Natural) => {
            Err(also(Refusal::new(clause, Reason::NotANatural { hand, total: t })))
        }
        (HandStep::Call { .. }, _) => taken,
        (HandStep::Show, _) => refuse(clause, Reason::ShowFirst { hand }),
    }
}

/// The bank's word (R-BQ-12…14, R-CF-8), after every player hand has played.
fn bank_word(t: &Table, call: Call) -> Result<(), Refusal> {
    let ctx = t.ctx();
    let p = &t.coup.play;
    let game = t.game();
    let clause = ctx.bank_clause_in(p);
    let with = |r: Refusal| match game {
        Game::Banque if p.table_asked => r.also(Clause::BQ13),
        Game::ChemindeFer => r.also(Clause::BQ13),
        _ => r,
    };
    let waits_clause = if game == Game::Banque { Clause::BQ13 } else { Clause::CF8 };
    if ctx.players().iter().any(|h| !matches!(ctx.player_step(p, *h), HandStep::Done(_))) {
        return refuse(waits_clause, Reason::BankWaits);
    }
    let b = p.hands.bank();
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
fn punto_banca_word(t: &Table, hand: HandId, call: Call) -> Result<(), Refusal> {
    let p = &t.coup.play;
    let h = &p.hands[hand];
    let Some(total) = h.cards.total2() else {
        return refuse(Clause::PB7, Reason::ShowFirst { hand });
    };
    let (punto, banca) = (&p.hands[HandId::Punto], &p.hands[HandId::Banca]);
    let (Some(pt), Some(bt)) = (punto.cards.total2(), banca.cards.total2()) else {
        let other = if hand == HandId::Punto { HandId::Banca } else { HandId::Punto };
        return refuse(Clause::PB7, Reason::ShowFirst { hand: other });
    };
    let natural = drawing::is_natural(total);
    let draws = if drawing::is_natural(pt) || drawing::is_natural(bt) {
        false
    } else if hand == HandId::Punto {
        drawing::punto_draws(pt)
    } else {
        match punto.cards.third {
            None if drawing::punto_draws(pt) => {
                return refuse(Clause::PB7, Reason::WaitingForCall { hand: HandId::Punto });
            }
            third => {
                drawing::banca_draws(bt, third.map(|c| c.points()), t.settings.house.pb_banca_draws_on_stood_up_to)
            }
        }
    };
    let drew = h.cards.third.is_some();
    match call {
        Call::Natural if natural => Ok(()),
        Call::Natural => refuse(Clause::PB7, Reason::NotANatural { hand, total }),
        Call::Draw if draws || drew => Ok(()),
        Call::Draw if natural => refuse(Clause::PB7, Reason::MustShowNatural { hand, total }),
        Call::Draw => refuse(Clause::PB7, Reason::MustStand { hand, total }),
        Call::Stand if draws && !drew => refuse(Clause::PB7, Reason::MustDraw { hand, total }),
        Call::Stand if drew => refuse(Clause::PB7, Reason::AlreadyPlayed { hand }),
        Call::Stand => Ok(()),
    }
}
