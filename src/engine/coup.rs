//! The coup's facts, and how each event changes them.
//!
//! The coup keeps only facts (bets, cards, calls, the table asked for, what errors
//! did). Whose turn it is, what each hand owes and whether the coup can be settled
//! are the rules' reading of those facts (`rules`), asked each time, so replaying the
//! same events always gives the same answers. `Play` is the part that cards and calls
//! change; it is `Copy`, so an operation's consequences are worked out on a copy
//! before anything is committed.

use super::bet::Bet;
use super::card::Card;
use super::clause::Clause;
use super::event::Event;
use super::hand::{ByHand, Call, HandId, HandState, PlayerRef};
use super::legacy::PlayV1;
use super::settings::Game;
use super::vocab::{BankRule, Correction, ErrorBy, ErrorRecord, Infraction, Pending, Settlement};
use serde::{Deserialize, Serialize};

/// A third card out of the sabot waiting for the hand it belongs to (R-BQ-E9, E15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Floating {
    pub card: Card,
    /// The bank must take it if no paño does (a paño gave it up, R-BQ-E15); otherwise
    /// it is the bank's only if the bank draws.
    pub forced: bool,
}

/// The part of a coup that cards and calls change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Play {
    /// "No va más" was said and the first cards dealt.
    pub closed: bool,
    pub hands: ByHand<HandState>,
    /// While a card entered is still one of the first cards (a card-reading shoe, and
    /// nothing else has happened since the deal): how many it has read, in deal order.
    pub reader: Option<u8>,
    /// The banker asked for the table (R-BQ-13).
    pub table_asked: bool,
    /// First cards taken out before "no va más" (R-BQ-E1): the deal's first.
    pub early: u8,
    /// No bet may be raised, lowered or withdrawn (R-BQ-E2, R-BQ-E10).
    pub frozen: bool,
    /// The coup is being put right after an error, and whose (R-BQ-E13).
    pub restored: Option<ErrorBy>,
    /// How the bank must play beyond the table, and the clause that says so
    /// (R-BQ-E10, R-BQ-E12).
    pub bank_rule: Option<(BankRule, Clause)>,
    pub floating: Option<Floating>,
    /// A ruling waiting for the croupier's confirmation.
    pub pending: Option<Pending>,
    /// Third cards dealt so far (their order).
    pub thirds: u8,
    /// The whole coup is void, and the clause that voids it (R-BQ-E3, E8, E11).
    pub void: Option<Clause>,
    /// The bank had to take the card a paño gave up (R-BQ-E15): its draw is no choice.
    pub bank_must_take: bool,
}

/// Who has the Chemin de fer player's cards in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardsWith {
    pub player: PlayerRef,
    /// Handed by the croupier (true) or taken by the player (false).
    pub handed: bool,
    /// Lifted from the cloth (R-CF-6: a card is seen once lifted).
    pub seen: bool,
    /// The player who took the cards before the croupier handed them to this one, and
    /// gave them back (R-CF-6: «aunque hayan sido vistas»).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub given_back_by: Option<PlayerRef>,
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
    pub cards_with: Option<CardsWith>,
    /// The errors the croupier recorded in this coup, with their rulings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorRecord>,
}

impl Play {
    /// Gives `card` to `hand` as its next third card (in the order third cards come).
    pub fn give_third(&mut self, hand: HandId, card: Card) {
        self.thirds = self.thirds.saturating_add(1);
        let h = &mut self.hands[hand];
        h.cards.third = Some(card);
        h.seq = self.thirds;
    }
}

/// The cards of a `Shown` that were not known before it.
pub fn newly_shown(known: &[Option<Card>; 2], shown: &[Card; 2]) -> Vec<Card> {
    let mut rest = shown.to_vec();
    for k in known.iter().flatten() {
        if let Some(i) = rest.iter().position(|c| c == k) {
            rest.remove(i);
        }
    }
    rest
}

/// Whether `evolve_play` may change the play for this event.
pub fn touches_play(e: &Event) -> bool {
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
            | Event::BankPlayPutRight { .. }
            | Event::Shown { .. }
            | Event::Said { .. }
            | Event::TableAsked
    )
}

/// How an event changes the state of play (shared by live play and replay). Events
/// name only hands of the game (the engine checked them when it made them).
pub fn evolve_play(game: Game, p: &mut Play, e: &Event) {
    match e {
        Event::BetsClosed => {
            p.closed = true;
            p.reader = Some(0);
        }
        Event::CardOut { hand, slot, card } => {
            if *slot < 2 {
                p.hands[*hand].cards.first[usize::from(*slot)] = Some(*card);
                p.reader = p.reader.map(|pos| pos.saturating_add(1));
            } else {
                p.give_third(*hand, *card);
                p.reader = None;
            }
        }
        Event::Shown { hand, cards } => {
            let h = &mut p.hands[*hand];
            let mut rest = newly_shown(&h.cards.first, cards).into_iter();
            for slot in h.cards.first.iter_mut() {
                if slot.is_none() {
                    *slot = rest.next();
                }
            }
            h.shown = true;
            p.reader = None;
        }
        Event::Said { hand, call } => {
            p.hands[*hand].call = Some(*call);
            p.reader = None;
        }
        Event::TableAsked => {
            p.table_asked = true;
            p.reader = None;
        }
        e => evolve_after_error(game, p, e),
    }
}

/// How an error, a ruling or a correction changes the state of play: cards early or
/// floating, a coup or a hand void, the words crossed, a ruling proposed and the coup
/// put right.
fn evolve_after_error(game: Game, p: &mut Play, e: &Event) {
    match e {
        Event::EarlyCardsOut { count } => p.early = p.early.saturating_add(*count),
        Event::BetsFrozen => p.frozen = true,
        Event::Voided { clause } => p.void = Some(*clause),
        Event::HandVoided { hand } => p.hands[*hand].void = true,
        Event::HandDiscarded { hand, rebuilt } => match rebuilt {
            Some(t) => p.hands[*hand].rebuilt = Some(*t),
            None => p.hands[*hand].zero = true,
        },
        Event::BankRuleSet { rule, clause } => p.bank_rule = Some((*rule, *clause)),
        Event::Restored { by } if p.restored.is_none() || *by == ErrorBy::Banker => p.restored = Some(*by),
        Event::CardFloats { card } => p.floating = Some(Floating { card: *card, forced: true }),
        Event::FloatingTaken { hand } => {
            if let Some(f) = p.floating.take() {
                p.give_third(*hand, f.card);
                let h = &mut p.hands[*hand];
                if *hand == HandId::Bank && f.forced && h.call.is_none() {
                    h.call = Some(Call::Draw);
                    p.bank_must_take = true;
                }
            }
        }
        Event::Announced { total } => p.hands.bank_mut().announced = Some(*total),
        Event::WordsCrossed { hand, first } => {
            let h = &mut p.hands[*hand];
            h.first_word = Some(*first);
            h.call = None;
            p.reader = None;
        }
        Event::WordsRuled { hand, call } => {
            let h = &mut p.hands[*hand];
            h.first_word = None;
            h.call = Some(*call);
        }
        Event::RulingProposed(r) => p.pending = Some(*r),
        Event::PutRight { ruling: Some(r), .. } => put_right(p, r),
        Event::PutRight { ruling: None, legacy_play: Some(play), .. } => *p = from_format_1(game, play),
        Event::BankPlayPutRight { call, .. } => {
            let b = p.hands.bank_mut();
            if *call == Call::Stand {
                b.cards.third = None;
                b.seq = 0;
            }
            b.call = Some(*call);
            p.pending = None;
        }
        Event::Reopened { rule, clause } => {
            let b = p.hands.bank_mut();
            b.call = None;
            b.announced = None;
            p.bank_rule = Some((*rule, *clause));
            p.pending = None;
        }
        _ => {}
    }
}

/// The play after a ruling that puts the coup right.
pub fn put_right(p: &mut Play, r: &Correction) {
    for h in p.hands.iter_mut() {
        h.cards.third = None;
        h.seq = 0;
    }
    p.thirds = 0;
    let h = &mut p.hands[r.hand];
    h.call = Some(r.call);
    h.first_word = None;
    p.hands.bank_mut().call = None;
    for (hand, card) in &r.thirds {
        p.give_third(*hand, *card);
    }
    if r.bank_takes {
        p.hands.bank_mut().call = Some(Call::Draw);
        p.bank_must_take = true;
    }
    p.floating = r.next.map(|card| Floating { card, forced: r.next_forced });
    p.restored = Some(r.by);
    p.pending = None;
}

/// The play a format-1 log recorded after a ruling, as this engine keeps it.
fn from_format_1(game: Game, v1: &PlayV1) -> Play {
    let mut hands = ByHand::<HandState>::default();
    for (hand, h) in HandId::of_game(game).iter().zip(v1.hands.iter()) {
        hands[*hand] = *h;
    }
    let reader = v1.reader_open.then_some(v1.reader_pos);
    let bank_rule = match (v1.bank_rule, v1.bank_rule_clause) {
        (BankRule::Normal, _) | (_, None) => None,
        (rule, Some(clause)) => Some((rule, clause)),
    };
    let floating = v1.floating.map(|card| Floating { card, forced: v1.floating_forced });
    Play {
        closed: v1.closed,
        hands,
        reader,
        table_asked: v1.table_asked,
        early: v1.early,
        frozen: v1.frozen,
        restored: v1.restored,
        bank_rule,
        floating,
        pending: v1.pending,
        thirds: v1.thirds,
        // Format 1 kept no clause with a void coup; a coup put right is not void.
        void: v1.void.then_some(Clause::BQE3),
        bank_must_take: v1.bank_must_take,
    }
}
