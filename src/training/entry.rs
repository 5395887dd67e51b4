//! Level 5: whole coups on the real entry line. A staged coup is told step by step,
//! as it happens at the table (a bet placed, "no va más", a card out of the sabot, a
//! holder's word, a hand shown); the trainee types each step as he would at a live
//! shift, and the engine grades it: what he typed is played on the table as it
//! stands, and it is right when the engine makes of it what it made of the staged
//! operation (the same events). The coup then goes on with the staged operation,
//! right or wrong, so one slip does not spoil the rest.
//!
//! The reading of the typed line (the entry line's grammar) is the app's; this
//! module takes the operations it read.

use super::stage::{Drill, StageError};
use crate::engine::{Clause, Event, Op, Table, TableSettings};

/// One staged coup to enter, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryDrill {
    /// From 1.
    pub number: u32,
    /// The table as it stands before the step to enter.
    pub table: Table,
    /// The coup's operations from its first bet, each with the engine's events.
    pub steps: Vec<(Op, Vec<Event>)>,
    /// The step to enter (from 0).
    pub at: usize,
    /// The table as the coup opened (for the narrative's start).
    pub opened: Table,
}

/// An entry graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryGrade {
    pub right: bool,
    /// The staged operation and its events (what should have been entered).
    pub expected: (Op, Vec<Event>),
    /// What the engine made of what was typed: its events, or why it refused it.
    pub given: Result<Vec<Event>, crate::engine::Refusal>,
    /// What was typed, as the entry line read it, each operation with the events the
    /// engine made of it (up to a refused one, left out).
    pub typed: Vec<(Op, Vec<Event>)>,
    /// The clause of what was asked: an error procedure's as the game cites it, else
    /// the engine's for the staged operation (`Table::clause_of`: a bet's line, else
    /// what was owed).
    pub clause: Clause,
}

impl EntryDrill {
    /// The step waiting to be entered.
    pub fn expected(&self) -> Option<&(Op, Vec<Event>)> {
        self.steps.get(self.at)
    }

    pub fn is_over(&self) -> bool {
        self.at >= self.steps.len()
    }

    /// The clause a step is filed under: an error the engine records under its
    /// procedure, as the game cites it (as a level 4 question on it does: R-BQ-E6 for
    /// cards thrown in the discard, never the holder's word it interrupted); any other
    /// step the engine's for the operation (`Table::clause_of`: a bet's line, else
    /// what was owed). Practice where weak matches misses by it.
    fn clause_of(&self, (op, events): &(Op, Vec<Event>)) -> Clause {
        let recorded = crate::engine::procedure(op)
            .filter(|c| events.iter().any(|e| matches!(e, Event::Error(r) if r.clause == *c)));
        match recorded {
            Some(clause) => self.table.settings().game.cites(clause),
            None => self.table.clause_of(op),
        }
    }

    /// Grades what was typed for the current step (the operations the entry line
    /// read; none when it read nothing) and moves on with the staged operation.
    /// `None` when the coup is over.
    pub fn enter(&mut self, given: &[Op]) -> Option<EntryGrade> {
        let expected = self.steps.get(self.at)?.clone();
        let clause = self.clause_of(&expected);
        let mut trial = self.table.clone();
        let mut events = Vec::new();
        let mut typed = Vec::new();
        let mut refused = None;
        for op in given {
            match trial.play(op) {
                Ok(e) => {
                    typed.push((op.clone(), e.clone()));
                    events.extend(e);
                }
                Err(r) => {
                    refused = Some(r);
                    break;
                }
            }
        }
        let right = refused.is_none() && !given.is_empty() && events == expected.1;
        let given = match refused {
            Some(r) => Err(r),
            None => Ok(events),
        };
        // The coup goes on as staged.
        if self.table.play(&expected.0).is_err() {
            // A staged step the engine took once is taken again on the same table;
            // if not, the drill ends here rather than go on wrong.
            self.at = self.steps.len();
        } else {
            self.at += 1;
        }
        Some(EntryGrade { right, expected, given, typed, clause })
    }
}

/// The coups of a staged session (level 5: `Session::at_level(.., Level::Coups, ..)`),
/// to enter step by step: each from its first bet, on the table as it stood then
/// (the shoe, the bank and the coup's opening replayed from the session's start).
pub fn from_drills(settings: &TableSettings, drills: &[Drill]) -> Result<Vec<EntryDrill>, StageError> {
    let mut table = Table::start(settings.clone()).map_err(StageError::Setup)?;
    let mut out = Vec::new();
    for d in drills {
        let first = d
            .ops
            .iter()
            .position(|(op, _)| !is_setup(op))
            .filter(|i| d.ops[..*i].iter().any(|(op, _)| matches!(op, Op::NextCoup)))
            .unwrap_or(d.ops.len());
        for (op, _) in &d.ops[..first] {
            table.play(op).map_err(|refusal| StageError::Refused { op: op.clone(), refusal })?;
        }
        out.push(EntryDrill {
            number: d.number,
            opened: table.clone(),
            table: table.clone(),
            steps: d.ops[first..].to_vec(),
            at: 0,
        });
        for (op, _) in &d.ops[first..] {
            table.play(op).map_err(|refusal| StageError::Refused { op: op.clone(), refusal })?;
        }
    }
    Ok(out)
}

/// The operations before a coup's first bet (the shoe, the bank, the coup opened).
fn is_setup(op: &Op) -> bool {
    matches!(
        op,
        Op::Join { .. }
            | Op::NewShoe
            | Op::Shuffle { .. }
            | Op::Cut { .. }
            | Op::Burn { .. }
            | Op::TakeBank { .. }
            | Op::LeaveBank
            | Op::Auction { .. }
            | Op::NextCoup
            | Op::AnnounceBank { .. }
    )
}
