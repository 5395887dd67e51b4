//! Checks that every kind of decision shares: the coup in play, a hand of the game,
//! the bets open, a section of the table and its player present, a hand's cards
//! turned over. Each refuses with the clause it rests on.

use crate::engine::card::Card;
use crate::engine::clause::Clause;
use crate::engine::event::Event;
use crate::engine::hand::{HandId, PlayerRef};
use crate::engine::op::Op;
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::settings::Game;
use crate::engine::shift::Present;
use crate::engine::shoe::ShoeError;
use crate::engine::table::Table;

/// An amount a player stakes, brings, sets aside or bids: above zero, typed as such
/// (R-C-8). The one place that checks it.
pub fn positive(amount: crate::engine::money::Money) -> Result<crate::engine::money::Positive, Refusal> {
    crate::engine::money::Positive::new(amount).ok_or(Refusal::new(Clause::C8, Reason::AmountNotPositive { amount }))
}

pub fn refuse<T>(clause: Clause, reason: Reason) -> Result<T, Refusal> {
    Err(Refusal::new(clause, reason))
}

pub fn shoe_refusal(e: ShoeError) -> Refusal {
    match e {
        ShoeError::NotLeft(card) => Refusal::new(Clause::C3, Reason::CardNotLeft { card }),
        ShoeError::Empty => Refusal::new(Clause::C3, Reason::SabotEmpty),
    }
}

/// `hand` is one of the game's hands; refused under `clause` otherwise.
pub fn hand_in_game(t: &Table, hand: HandId, clause: Clause) -> Result<(), Refusal> {
    if hand.in_game(t.game()) { Ok(()) } else { refuse(clause, Reason::HandNotInGame { hand }) }
}

/// Cards and calls belong to a coup dealt and not yet settled.
pub fn in_play(t: &Table) -> Result<(), Refusal> {
    if t.coup.settlement.is_some() {
        return refuse(Clause::C2, Reason::CoupOver);
    }
    if !t.coup.play.closed {
        return refuse(Clause::C7, Reason::BetsStillOpen);
    }
    Ok(())
}

/// An error of the coup in play, under its own clause.
pub fn playing(t: &Table, clause: Clause) -> Result<(), Refusal> {
    if t.coup.settlement.is_some() {
        return refuse(clause, Reason::CoupOver);
    }
    if !t.coup.play.closed {
        return refuse(clause, Reason::BetsStillOpen);
    }
    Ok(())
}

/// No play step has happened since the deal: still "during the deal".
pub fn in_the_deal(t: &Table) -> bool {
    let p = &t.coup.play;
    p.closed
        && t.coup.settlement.is_none()
        && p.hands.of_game(t.game()).all(|(_, h)| h.call.is_none() && h.cards.third.is_none() && !h.shown)
        && p.pending.is_none()
}

/// A ruling waits for the croupier: nothing else moves the coup until it is confirmed.
pub fn no_ruling_pending(t: &Table) -> Result<(), Refusal> {
    match t.coup.play.pending {
        Some(p) => refuse(p.clause(), Reason::RulingPending),
        None => Ok(()),
    }
}

/// The clause for "finish the coup first" / "open the next coup" in this game.
pub fn next_coup_clause(t: &Table) -> Clause {
    t.game().pick(Clause::BQ17, Clause::CF2, Clause::PB3)
}

/// Between coups: no coup begun and unsettled.
pub fn between_coups(t: &Table) -> Result<(), Refusal> {
    if t.coup_in_progress() {
        return refuse(next_coup_clause(t), Reason::CoupInProgress);
    }
    Ok(())
}

/// Bets are open: a coup opened, not dealt, not settled.
pub fn betting_open(t: &Table) -> Result<(), Refusal> {
    if !t.shift.coup_open {
        return refuse(next_coup_clause(t), Reason::NoCoupOpen);
    }
    if t.coup.settlement.is_some() {
        return refuse(Clause::C7, Reason::CoupOver);
    }
    if t.coup.play.closed {
        return refuse(Clause::C7, Reason::BetsClosed);
    }
    Ok(())
}

/// A section of this table.
pub fn seat_exists(t: &Table, p: PlayerRef, clause: Clause) -> Result<(), Refusal> {
    let sections = t.settings.sections;
    if p.seat == 0 || p.seat > sections {
        return refuse(clause, Reason::NoSuchSeat { seat: p.seat, sections });
    }
    Ok(())
}

/// The one presence check (R-BQ-1: players have a section, or stand behind one): a
/// section of this table with its player at it. Every operation that names a player
/// goes through it before anything else is decided (`named_present`), refused with
/// this one clause and reason.
///
/// Its answer is the `Present` a role is given to (the bank, banca seguida, the cards,
/// the lot): no role can be handed to a player it did not find. A log of an earlier
/// reading (`Reading::BeforePresence`) is replayed as it was written: there the
/// player is taken as he was named.
pub fn present(t: &Table, player: PlayerRef) -> Result<Present, Refusal> {
    if !t.reading.presence() {
        return Ok(Present::checked(player));
    }
    seat_exists(t, player, Clause::BQ1)?;
    if t.shift.is_present(player) {
        Ok(Present::checked(player))
    } else if player.standing {
        refuse(Clause::BQ1, Reason::StandingNotAtTable { seat: player.seat })
    } else {
        refuse(Clause::BQ1, Reason::NotAtTable { seat: player.seat })
    }
}

/// A player who comes to the table to take the bank: any player but one who left this
/// shift (taking the bank seats him, `between::take_bank`; R-BQ-1). Games without a
/// bank refuse the step itself, after this.
pub fn coming_for_bank(t: &Table, player: PlayerRef) -> Result<Present, Refusal> {
    if t.game().has_bank() && t.reading.presence() && !t.shift.left.contains(&player) {
        return Ok(Present::checked(player));
    }
    present(t, player)
}

/// Logs of an earlier reading (`Reading::BeforePresence`) checked presence for a bet
/// and a banco only, under the step's clause; `named_present` is not asked there.
pub fn present_before(t: &Table, player: PlayerRef, clause: Clause) -> Result<(), Refusal> {
    if t.reading.presence() || t.shift.is_present(player) {
        Ok(())
    } else {
        refuse(clause, Reason::NotAtTable { seat: player.seat })
    }
}

/// Every player an operation names is at the table (`present`), in the order the
/// operation names them (`Op::try_each_player`). `Join` names a player not yet seated
/// (`between::join` checks his place is free).
pub fn named_present(t: &Table, op: &Op) -> Result<(), Refusal> {
    match op {
        // A player who never sat this shift comes to the table to take the bank: taking
        // it seats him (`between::take_bank`); one who left is gone (R-BQ-1).
        Op::TakeBank { player, .. } => coming_for_bank(t, *player).map(|_| ()),
        Op::Join { .. } => Ok(()),
        op => op.try_each_player(&mut |p| present(t, p).map(|_| ())),
    }
}

/// R-BQ-2: two players at least on each paño, when the shift tracks who is there.
pub fn enough_players(t: &Table) -> Result<(), Refusal> {
    if t.game() != Game::Banque {
        return Ok(());
    }
    let min = t.settings.house.min_players_per_tableau;
    for tableau in [1, 2] {
        if let Some(present) = t.players_on(tableau).filter(|p| *p < min) {
            return refuse(Clause::BQ2, Reason::TooFewPlayers { tableau, present, min });
        }
    }
    Ok(())
}

/// The banker plays the bank against the paños (the player): he does not also punt
/// against it, nor call banco on it. A player standing behind his section is
/// someone else.
pub fn not_banker(t: &Table, player: PlayerRef) -> Result<(), Refusal> {
    if t.shift.banker() != Some(player) {
        return Ok(());
    }
    refuse(t.game().pick(Clause::BQ3, Clause::CF2, Clause::CF2), Reason::BankerPunts)
}

/// A hand's first two cards turned over: they agree with the cards it was dealt,
/// and the others are still unseen in the sabot. After the settlement a show only
/// confirms the cards already known.
pub fn show_event(t: &Table, hand: HandId, cards: &[Card]) -> Result<Event, Refusal> {
    let ctx = t.ctx();
    hand_in_game(t, hand, ctx.deal_clause())?;
    let known = t.coup.play.hands[hand].cards.first;
    if t.coup.settlement.is_none() {
        in_play(t)?;
    } else if t.coup.play.hands[hand].cards.total2().is_none() {
        return refuse(Clause::C2, Reason::CoupOver);
    }
    let [a, b] = cards else {
        return refuse(Clause::C2, Reason::ShowTwoCards { got: cards.len().min(255) as u8 });
    };
    let mut rest = vec![*a, *b];
    for k in known.iter().flatten() {
        match rest.iter().position(|c| c == k) {
            Some(i) => {
                rest.remove(i);
            }
            None => {
                let dealt = known.iter().flatten().copied().collect();
                return refuse(ctx.deal_clause(), Reason::ShownCardsDiffer { hand, dealt });
            }
        }
    }
    t.shoe.check_unseen(&rest).map_err(shoe_refusal)?;
    Ok(Event::Shown { hand, cards: [*a, *b] })
}
