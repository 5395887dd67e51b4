//! Questions on a staged coup, their answers and how they are scored. The right
//! answer of every question is what the engine said: its `owed()`, the ruling it
//! proposed or the infraction and error it recorded, its settlement.

use crate::engine::Pending;
use crate::engine::{Bet, Card, Clause, ErrorRecord, Event, HandId, Infraction, Money, Op, PlayerRef, Table};

/// The kinds of question, scored apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// (0) A hand's total from its cards (R-C-1, R-C-2).
    Total,
    /// (a) What is owed now, by whom, under which clause.
    Owed,
    /// (b) The ruling after an error or an infraction.
    Ruling,
    /// (c) An amount to pay or collect, the cagnotte or the commission.
    Payout,
    /// (d) A step of a coup typed on the entry line, graded by the engine (level 5).
    Entry,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Total, Kind::Owed, Kind::Ruling, Kind::Payout, Kind::Entry];

    /// Where the kind is counted (the first three as they always were).
    pub fn index(self) -> usize {
        match self {
            Kind::Owed => 0,
            Kind::Ruling => 1,
            Kind::Payout => 2,
            Kind::Total => 3,
            Kind::Entry => 4,
        }
    }

    /// The kind's name in the school's store and its CSV (`total`, `owed`, …).
    pub fn slug(self) -> &'static str {
        match self {
            Kind::Total => "total",
            Kind::Owed => "owed",
            Kind::Ruling => "ruling",
            Kind::Payout => "payout",
            Kind::Entry => "entry",
        }
    }

    pub fn from_slug(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.slug() == s)
    }
}

/// What a hand must do, as a trainee names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Must {
    Draw,
    Stand,
    Choose,
}

/// An answer to "what is owed now?": a hand, what it must do, the clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwedChoice {
    pub hand: HandId,
    pub must: Must,
    pub clause: Clause,
}

/// What an error or an infraction comes to, as the engine decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A ruling the engine proposes for the croupier to confirm (`Owed::Confirm`).
    Ruling(Pending),
    /// An infraction recorded with no ruling: the coup goes on as played.
    Recorded(Infraction),
    /// An error the croupier recorded, and what it did to the coup.
    Error { record: ErrorRecord, effect: Effect },
}

/// What an error op did to the coup, read from the events the engine made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    /// The whole coup is void.
    Void,
    /// One hand's coup is void.
    HandVoid(HandId),
}

impl Effect {
    /// The effect the events of an error op show.
    pub fn of(events: &[Event]) -> Effect {
        events
            .iter()
            .find_map(|e| match e {
                Event::Voided { .. } => Some(Effect::Void),
                Event::HandVoided { hand } => Some(Effect::HandVoid(*hand)),
                _ => None,
            })
            .unwrap_or(Effect::None)
    }
}

impl Verdict {
    pub fn clause(&self) -> Clause {
        match self {
            Verdict::Ruling(p) => p.clause(),
            Verdict::Recorded(i) => i.clause,
            Verdict::Error { record, .. } => record.clause,
        }
    }
}

/// One option of a multiple-choice question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Owed(OwedChoice),
    Verdict(Verdict),
}

impl Choice {
    pub fn clause(&self) -> Clause {
        match self {
            Choice::Owed(o) => o.clause,
            Choice::Verdict(v) => v.clause(),
        }
    }
}

/// What an amount question asks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayTarget {
    /// One bet: paid (positive) or collected (negative).
    Bet(Bet),
    /// A player's net over all his bets.
    Seat(PlayerRef),
    /// The cagnotte into the slot (R-BQ-16, R-CF-9).
    Cagnotte,
    /// The commission on banca's wins (R-PB-4).
    Commission,
}

/// How a question is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Pick one of `choices`; `right` is the engine's.
    Choose { choices: Vec<Choice>, right: usize },
    /// Type an amount; `right` is the engine's settlement.
    Amount { target: PayTarget, right: Money, clause: Clause },
    /// Type a hand's total (0 to 9); `right` and `clause` are the engine's
    /// (`card::ruled_total`).
    Total { hand: HandId, cards: Vec<Card>, right: u8, clause: Clause },
}

/// A question on a staged coup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub kind: Kind,
    /// The table as the trainee sees it when asked.
    pub table: Table,
    /// What happened in the coup so far: each operation and the events it made.
    pub story: Vec<(Op, Vec<Event>)>,
    pub ask: Ask,
    /// A payout question: the table just before the op that settled the coup. The
    /// settlement moves the seats (the cards to the next holder, the sabot, the
    /// bank): shown from this table until the answer is in, they give nothing away.
    pub seats_before: Option<Box<Table>>,
}

/// An answer, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The choice's index (from 0; typed from 1).
    Choice(usize),
    Amount(Money),
    /// A hand's total.
    Total(u8),
}

/// Why a typed answer could not be read (it is asked again, not scored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAnswer {
    Empty,
    /// Not a number from 1 to `count`.
    NotAChoice {
        count: usize,
    },
    /// Not an amount like `40`, `-12,50`, `+0`.
    NotAnAmount,
    /// Not a total from 0 to 9.
    NotATotal,
}

impl Question {
    /// The game the question is asked on.
    pub fn game(&self) -> crate::engine::Game {
        self.table.settings().game
    }

    /// The clause the right answer rests on, as cited in the game trained
    /// (`cite::cited`: Punto y Banca's own clause for a procedure it borrows).
    pub fn clause(&self) -> Clause {
        super::cite::cited(self.game(), self.engine_clause())
    }

    /// The clause the engine recorded the right answer under.
    pub fn engine_clause(&self) -> Clause {
        match &self.ask {
            Ask::Choose { choices, right } => choices.get(*right).map_or(Clause::C7, Choice::clause),
            Ask::Amount { clause, .. } => *clause,
            Ask::Total { clause, .. } => *clause,
        }
    }

    /// The engine's answer.
    pub fn right_answer(&self) -> Answer {
        match &self.ask {
            Ask::Choose { right, .. } => Answer::Choice(*right),
            Ask::Amount { right, .. } => Answer::Amount(*right),
            Ask::Total { right, .. } => Answer::Total(*right),
        }
    }

    pub fn is_right(&self, answer: &Answer) -> bool {
        *answer == self.right_answer()
    }

    /// Reads what the trainee typed: a choice from 1, or an amount.
    pub fn parse(&self, text: &str) -> Result<Answer, BadAnswer> {
        let t = text.trim();
        if t.is_empty() {
            return Err(BadAnswer::Empty);
        }
        match &self.ask {
            Ask::Choose { choices, .. } => {
                let count = choices.len();
                match t.parse::<usize>() {
                    Ok(n) if (1..=count).contains(&n) => Ok(Answer::Choice(n - 1)),
                    _ => Err(BadAnswer::NotAChoice { count }),
                }
            }
            Ask::Amount { .. } => parse_amount(t).map(Answer::Amount).ok_or(BadAnswer::NotAnAmount),
            Ask::Total { .. } => match t.parse::<u8>() {
                Ok(n) if n <= 9 && t.len() == 1 => Ok(Answer::Total(n)),
                _ => Err(BadAnswer::NotATotal),
            },
        }
    }
}

/// An amount as a trainee types it: `40`, `+40`, `-40` (also `−40`), `12,50` or
/// `12.50`. One decimal separator with one or two decimals; no thousands
/// separators (`1.000` is refused rather than read as one).
pub fn parse_amount(text: &str) -> Option<Money> {
    let t = text.trim().replace('\u{2212}', "-");
    let (neg, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t.strip_prefix('+').unwrap_or(&t).trim_start()),
    };
    let body = body.replace(',', ".");
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body.as_str(), None),
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !digits(int) || int.len() > 13 || frac.is_some_and(|f| !digits(f) || f.len() > 2) {
        return None;
    }
    let plain = match frac {
        Some(f) => format!("{}{int}.{f}", if neg { "-" } else { "" }),
        None => format!("{}{int}", if neg { "-" } else { "" }),
    };
    plain.parse::<Money>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Money {
        s.parse().expect("amount")
    }

    #[test]
    fn amounts_as_typed_r_c_8() {
        assert_eq!(parse_amount("40"), Some(m("40")));
        assert_eq!(parse_amount("+40"), Some(m("40")));
        assert_eq!(parse_amount("-12,50"), Some(m("-12.50")));
        assert_eq!(parse_amount("\u{2212}7.5"), Some(m("-7.50")));
        assert_eq!(parse_amount(" 0 "), Some(Money::ZERO));
        for bad in ["", "-", "1.000", "1,2,3", "abc", "12,505", "1e3", "--4", "+-4", "99999999999999"] {
            assert_eq!(parse_amount(bad), None, "{bad}");
        }
    }
}
