//! Records of formats 1 and 2 held to today's checks where their records allow it
//! (issue 51). Such a record's events are applied as logged (what the table did under
//! the engine of its day); when verifying, its operation is also re-played on a copy
//! of the table, and:
//!
//! - an operation that is no error procedure (a bet, a card, a word, the shoe, the
//!   bank, the players coming and going) must make the events logged, exactly as a
//!   record of today's format must, but for what those formats did not write: money
//!   brought into a standing bank as its own event (format 3), the clause of each
//!   payout (format 1) and of a void coup (formats 1 to 5). A bet of 41.00 logged as
//!   40.00, a coup logged under another number, a card logged to another hand: each
//!   fails the log, as in a log of today's format;
//! - an error procedure or a ruling (a card dealt early, a wrong word, an irregular
//!   deal, the croupier's ruling confirmed, an amendment…) was taken otherwise then
//!   (format 1 recorded a coup put right as a snapshot of the play; format 2, the
//!   procedures as they were read then): its events cannot be held to today's, and
//!   only the settlement it makes is compared, to the cent, its clauses aside. That is
//!   the check those formats cannot have (docs in the README, «Log formats»).
//!
//! Format 1 also let the screen say how a bank was taken: its bank-taking operations
//! are compared by their settlement only.

use super::super::difference::{settlement_difference, void_or_not, without_clauses};
use super::super::error::Problem;
use super::Mode;
use crate::engine::{Event, Op, Table};

/// Whether a record of `format` (1 or 2) holding `op` can be held to the events
/// today's engine makes for it.
pub(super) fn checkable(format: u32, op: &Op) -> bool {
    let bank_taking = matches!(op, Op::TakeBank { .. } | Op::Auction { .. } | Op::DrawLot { .. });
    if format < 2 && bank_taking {
        return false;
    }
    matches!(
        op,
        Op::Bet { .. }
            | Op::Banco { .. }
            | Op::BancoWithTable { .. }
            | Op::NoMoreBets
            | Op::Card(_)
            | Op::Show { .. }
            | Op::Say { .. }
            | Op::AskTable
            | Op::NewShoe
            | Op::Shuffle { .. }
            | Op::DeclineCut { .. }
            | Op::Cut { .. }
            | Op::Burn { .. }
            | Op::CutCardOut
            | Op::CheckCards
            | Op::NextCoup
            | Op::AnnounceBank { .. }
            | Op::Join { .. }
            | Op::Leave { .. }
            | Op::TakeBank { .. }
            | Op::Auction { .. }
            | Op::LeaveBank
            | Op::DeclineBank { .. }
            | Op::DrawLot { .. }
            | Op::OfferBet { .. }
            | Op::AcceptBet { .. }
            | Op::DeclineBet { .. }
            | Op::WithdrawBet { .. }
            | Op::SetAside { .. }
            | Op::LastComplete { .. }
            | Op::BancoAssociated { .. }
            | Op::CallSuivi { .. }
            | Op::CardsTo { .. }
            | Op::CardsTaken { .. }
            | Op::CardsSeen { .. }
            | Op::PassSabot
    )
}

/// Events as a log of format 1 or 2 wrote them: no `BroughtIn`, each settlement's
/// clauses aside and its void said as void or not.
fn as_old(events: &[Event]) -> Vec<Event> {
    void_or_not(
        &events
            .iter()
            .filter(|e| !matches!(e, Event::BroughtIn { .. }))
            .map(|e| match e {
                Event::Settled(s) => Event::Settled(std::sync::Arc::new(without_clauses(s))),
                e => e.clone(),
            })
            .collect::<Vec<_>>(),
    )
}

/// What differs between a format-1/2 record's events and the engine's, as those
/// formats wrote them (`as_old`); None when they agree. `coups_before`: the coups
/// settled before this record.
pub(super) fn difference(logged: &[Event], computed: &[Event], coups_before: u32) -> Option<Problem> {
    let (old, now) = (as_old(logged), as_old(computed));
    if old == now {
        return None;
    }
    let i = old.iter().zip(&now).position(|(a, b)| a != b).unwrap_or(old.len().min(now.len()));
    match (old.get(i), now.get(i)) {
        (Some(Event::Settled(a)), Some(Event::Settled(b))) => {
            Some(Problem::SettlementDiffers { coup: coups_before + 1, parts: settlement_difference(a, b) })
        }
        (a, b) => Some(Problem::EventsDiffer {
            at: i + 1,
            logged: a.map(|e| format!("{e:?}")),
            computed: b.map(|e| format!("{e:?}")),
        }),
    }
}

/// A record of format 1 or 2, written by an earlier engine whose events this one no
/// longer makes word for word (format 1: a coup put right recorded as a snapshot of the
/// play, no payout clause, the bank's way chosen by the screen; format 2: the error
/// procedures as they were taken then, no money brought in recorded). Its events are
/// applied as logged; when verifying, the operation is also re-played on a copy of the
/// table: an operation that is no error procedure must make the events logged (as
/// those formats wrote them: `legacy::difference`), and a settlement any operation
/// makes must be the one logged, to the cent (the payout clauses aside). Returns what
/// is wrong, if anything.
pub(super) fn legacy_op(
    table: &mut Table,
    format: u32,
    op: &Op,
    events: &[Event],
    mode: Mode,
    computed: &mut Vec<Event>,
) -> Option<Problem> {
    if mode == Mode::Verify {
        let mut copy = table.clone();
        computed.clear();
        if copy.handle(op, computed).is_ok() {
            let coups = table.totals().coups;
            if checkable(format, op)
                && let Some(what) = difference(events, computed, coups)
            {
                return Some(what);
            }
            let settled = |v: &[Event]| {
                v.iter().find_map(|e| match e {
                    Event::Settled(s) => Some(without_clauses(s)),
                    _ => None,
                })
            };
            if let (Some(logged), Some(now)) = (settled(events), settled(computed))
                && logged != now
            {
                return Some(Problem::SettlementDiffers {
                    coup: coups + 1,
                    parts: settlement_difference(&logged, &now),
                });
            }
        }
    }
    table.apply(events);
    None
}
