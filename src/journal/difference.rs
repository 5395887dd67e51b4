//! How a logged coup differs from the engine's re-play of it: which events, which
//! parts of a settlement; and the settlements of earlier formats read as the engine
//! makes them now (their clauses aside). Used by the scan of a log.

use super::error::{Differs, Problem, SettlementPart};
use crate::engine::{Clause, Event, Settlement};

/// Events with each settlement's void said as void or not, its clause aside: logs
/// before format 6 wrote no clause for a void coup (`Settlement`'s reading of them
/// names one from the record, which a coup void with no bet may not show).
pub(super) fn void_or_not(events: &[Event]) -> Vec<Event> {
    let said = |s: &Settlement| Settlement { void: s.void.map(|_| Clause::BQE3), ..s.clone() };
    events
        .iter()
        .map(|e| match e {
            Event::Settled(s) => Event::Settled(std::sync::Arc::new(said(s))),
            e => e.clone(),
        })
        .collect()
}

/// A settlement with its payout clauses taken out (format 1 recorded none), and its
/// void said as void or not (formats 1 and 2 recorded no clause for it).
pub(super) fn without_clauses(s: &Settlement) -> Settlement {
    let mut s = s.clone();
    s.void = s.void.map(|_| Clause::BQE3);
    for b in &mut s.bets {
        b.clause = None;
    }
    s
}

/// What differs between the logged events and the engine's: the settlement's parts
/// that differ when both settle (the coup after `coups_before`), else the first event
/// that differs.
pub(super) fn describe_difference(logged: &[Event], computed: &[Event], coups_before: u32) -> Problem {
    let settled = |v: &[Event]| {
        v.iter().find_map(|e| match e {
            Event::Settled(s) => Some(s.clone()),
            _ => None,
        })
    };
    if let (Some(a), Some(b)) = (settled(logged), settled(computed)) {
        return Problem::SettlementDiffers { coup: coups_before + 1, parts: settlement_difference(&a, &b) };
    }
    let i = logged.iter().zip(computed).position(|(a, b)| a != b).unwrap_or(logged.len().min(computed.len()));
    let show = |v: &[Event]| v.get(i).map(|e| format!("{e:?}"));
    Problem::EventsDiffer { at: i + 1, logged: show(logged), computed: show(computed) }
}

/// Each part of two settlements that differs, with both texts.
pub(super) fn settlement_difference(logged: &Settlement, computed: &Settlement) -> Vec<Differs> {
    let mut d = Vec::new();
    let mut cmp = |part: SettlementPart, logged: String, computed: String| {
        if logged != computed {
            d.push(Differs { part, logged, computed });
        }
    };
    cmp(SettlementPart::BankBefore, logged.bank_before.to_string(), computed.bank_before.to_string());
    cmp(SettlementPart::BankNet, logged.bank_net.to_string(), computed.bank_net.to_string());
    cmp(SettlementPart::Cagnotte, logged.cagnotte.to_string(), computed.cagnotte.to_string());
    cmp(SettlementPart::Commission, logged.commission.to_string(), computed.commission.to_string());
    cmp(SettlementPart::BankAfter, logged.bank_after.to_string(), computed.bank_after.to_string());
    let void = |s: &Settlement| s.void.map_or_else(|| "false".to_string(), |c| c.to_string());
    cmp(SettlementPart::Void, void(logged), void(computed));
    cmp(SettlementPart::Winners, format!("{:?}", logged.winners), format!("{:?}", computed.winners));
    cmp(SettlementPart::Hands, format!("{:?}", logged.hands), format!("{:?}", computed.hands));
    cmp(SettlementPart::Seats, format!("{:?}", logged.seats), format!("{:?}", computed.seats));
    cmp(SettlementPart::Bets, format!("{:?}", logged.bets), format!("{:?}", computed.bets));
    d
}
