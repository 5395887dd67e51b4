//! A question's choices in words, in Spanish or English: what the croupier must do
//! at a decision point, a verdict on an infraction or an error, each with the clause
//! it cites; and an amount with its sign. Below the rest of the school's words (the
//! choices are built, and their meanings compared, with these).

use super::cite::cited;
use super::question::{Choice, Effect, Must, Verdict};
use crate::engine::{Clause, ErrorKind, Game, HandId, InfractionKind, Money, Pending};
use crate::i18n::{self, Lang, hand_name, tr, tr_args};

/// An amount with its sign: `+40`, `-12,50`, `0`.
pub fn signed(lang: Lang, m: Money) -> String {
    let s = i18n::money(lang, m);
    if m.is_positive() { format!("+{s}") } else { s }
}

/// A verdict's words: what the croupier does now (without the clause), in the words
/// of the game being trained (Chemin de fer has one player hand: no «other paño»).
pub fn verdict_message(lang: Lang, game: Game, v: &Verdict) -> String {
    let hand = |h: Option<HandId>| ("hand", h.map(|h| hand_name(lang, h)).unwrap_or_default());
    match v {
        Verdict::Ruling(Pending::PutRight { clause: Clause::BQE15, hand: h, .. }) if game == Game::ChemindeFer => {
            tr_args(lang, "train-v-e15-cf", &[hand(Some(*h))])
        }
        Verdict::Ruling(Pending::PutRight { clause: Clause::BQE14, hand: h, .. }) if game == Game::ChemindeFer => {
            tr_args(lang, "train-v-e14-cf", &[hand(Some(*h))])
        }
        Verdict::Ruling(p @ (Pending::PutRight { .. } | Pending::BankPlay { .. })) => i18n::ruling_message(lang, p),
        Verdict::Ruling(Pending::Reopen { .. }) => tr(lang, "train-v-reopen"),
        Verdict::Recorded(inf) => match inf.kind {
            InfractionKind::NaturalForfeited { .. } => tr_args(lang, "train-v-forfeit", &[hand(Some(inf.hand))]),
            _ => tr(lang, "train-v-recorded"),
        },
        Verdict::Error { record, effect } => {
            let id = match (&record.kind, effect) {
                (ErrorKind::EarlyCards { .. }, _) => "train-v-e1",
                (ErrorKind::DeadCard { .. }, _) => "train-v-e2",
                (ErrorKind::StuckCards, _) => "train-v-e3",
                (ErrorKind::CardOnFloor, _) => "train-v-e4",
                (ErrorKind::Discarded { by_croupier: false, .. }, _) => "train-v-e6",
                (ErrorKind::IrregularDeal { put_right: true }, _) => "train-v-e8-right",
                (ErrorKind::IrregularDeal { put_right: false }, _) => "train-v-e8-void",
                (ErrorKind::Exposed, _) => "train-v-e10",
                (ErrorKind::LostInDiscard { void: true }, Effect::HandVoid(h)) => {
                    return tr_args(lang, "train-v-e11-hand", &[hand(Some(*h))]);
                }
                (ErrorKind::LostInDiscard { void: true }, _) => "train-v-e11-all",
                _ => {
                    // Any other error: the engine's own words (they carry the clause).
                    let full = i18n::error_text(lang, record);
                    return full.split_once(" — ").map_or(full.clone(), |(_, m)| m.to_string());
                }
            };
            tr_args(lang, id, &[hand(record.hand)])
        }
    }
}

/// A choice with the clause it cites in `game`: `R-BQ-11 — Paño 1 debe pedir carta.`
pub fn choice_text(lang: Lang, game: Game, c: &Choice) -> String {
    let msg = match c {
        Choice::Owed(o) => {
            let id = match o.must {
                Must::Draw => "train-must-draw",
                Must::Stand => "train-must-stand",
                Must::Choose => "train-must-choose",
            };
            tr_args(lang, id, &[("hand", hand_name(lang, o.hand))])
        }
        Choice::Verdict(v) => verdict_message(lang, game, v),
    };
    format!("{} — {msg}", cited(game, c.clause()))
}
