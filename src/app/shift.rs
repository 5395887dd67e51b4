//! The shift as the app runs it.
//!
//! Every confirmed operation is played by the engine on the table *ahead* and its
//! events are handed to the shift log's writer; the table *shown* — what the
//! croupier sees, the banner and the payouts — moves on only when the log says the
//! records are durable. The writer works off the UI thread, so no frame waits on the
//! disk; until its acknowledgement arrives the screen says it is waiting.

use super::entry::next_coup_table;
use crate::engine::{Event, Money, Op, Refusal, ShiftTotals, Table, TableSettings};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Who and where: the shift's header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShiftHeader {
    pub table_name: String,
    pub croupier: String,
}

/// One record of the shift log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// The shift opens: who, where, the table's settings and the bank.
    Opened { header: ShiftHeader, settings: TableSettings, bank: Money },
    /// Something that happened at the table.
    Event(Event),
    /// A new coup begins, the bank announced (R-BQ-17).
    NextCoup { bank: Money },
}

/// Why the log did not take a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LogError(pub String);

/// The shift log as the app sees it: records go in without waiting; it says which
/// are durable.
pub trait ShiftLog {
    /// Hands a record to the writer. Never waits on the disk. Returns its number
    /// (numbers rise by one from 1).
    fn submit(&mut self, record: Record) -> Result<u64, LogError>;
    /// The highest record number known durable (0: none yet).
    fn durable(&mut self) -> Result<u64, LogError>;
    /// Where the log is, for the croupier.
    fn location(&self) -> String;
}

/// A log kept in memory: durable at once (or when `hold` is lifted). For tests,
/// and until the shift log's writer is there.
#[derive(Clone, Debug, Default)]
pub struct MemoryLog {
    pub records: Arc<Mutex<Vec<Record>>>,
    /// While true, nothing becomes durable (a slow disk).
    pub hold: Arc<Mutex<bool>>,
}

impl ShiftLog for MemoryLog {
    fn submit(&mut self, record: Record) -> Result<u64, LogError> {
        let mut r = self.records.lock().map_err(|_| LogError("the memory log is poisoned".into()))?;
        r.push(record);
        Ok(r.len() as u64)
    }

    fn durable(&mut self) -> Result<u64, LogError> {
        let held = self.hold.lock().map(|h| *h).unwrap_or(false);
        if held {
            return Ok(0);
        }
        Ok(self.records.lock().map(|r| r.len() as u64).unwrap_or(0))
    }

    fn location(&self) -> String {
        "memory".into()
    }
}

/// A table and the totals of the coups before it.
#[derive(Clone, Debug)]
pub struct State {
    pub table: Table,
    /// Totals of the coups played on earlier tables this shift (until the engine's
    /// next-coup operation keeps the whole shift in one table).
    pub before: ShiftTotals,
    /// The coup's number in the shift, from 1.
    pub coup_no: u32,
}

impl State {
    /// The shift's totals so far.
    pub fn totals(&self) -> ShiftTotals {
        let t = self.table.totals();
        let b = &self.before;
        ShiftTotals {
            coups: b.coups + t.coups,
            cagnotte: b.cagnotte.checked_add(t.cagnotte).unwrap_or(b.cagnotte),
            commission: b.commission.checked_add(t.commission).unwrap_or(b.commission),
            void: b.void + t.void,
            infractions: b.infractions + t.infractions,
        }
    }
}

enum InFlight {
    Events(Vec<Event>),
    NextCoup(Box<State>),
}

/// Why a confirmed entry did not go through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Refused(Refusal),
    Log(LogError),
    /// The coup is not settled: no next coup yet.
    CoupNotOver,
}

/// The shift in play.
pub struct Shift {
    pub header: ShiftHeader,
    shown: State,
    ahead: State,
    inflight: VecDeque<(u64, InFlight)>,
    log: Box<dyn ShiftLog>,
    /// The last problem with the log, shown until it clears.
    pub log_problem: Option<String>,
}

impl Shift {
    /// Opens a shift: the first record says who, where and how the table is set.
    pub fn open(header: ShiftHeader, table: Table, mut log: Box<dyn ShiftLog>) -> Result<Shift, LogError> {
        let opened = Record::Opened { header: header.clone(), settings: table.settings().clone(), bank: table.bank() };
        let seq = log.submit(opened)?;
        let state = State { table, before: ShiftTotals::default(), coup_no: 1 };
        let mut shift = Shift {
            header,
            shown: state.clone(),
            ahead: state,
            inflight: VecDeque::new(),
            log,
            log_problem: None,
        };
        // Nothing to show until the opening is durable; the states are equal anyway.
        shift.inflight.push_back((seq, InFlight::Events(Vec::new())));
        Ok(shift)
    }

    /// What the croupier sees: the durable state.
    pub fn shown(&self) -> &State {
        &self.shown
    }

    /// Where confirmed entries have taken the table (entries are checked against it).
    pub fn ahead(&self) -> &State {
        &self.ahead
    }

    /// Records handed to the log and not yet durable.
    pub fn waiting(&self) -> bool {
        !self.inflight.is_empty()
    }

    pub fn log_location(&self) -> String {
        self.log.location()
    }

    /// Plays a confirmed operation and hands its events to the log.
    pub fn play(&mut self, op: &Op) -> Result<(), PlayError> {
        let mut next = self.ahead.table.clone();
        let events = next.play(op).map_err(PlayError::Refused)?;
        let mut last = 0;
        for e in &events {
            last = self.log.submit(Record::Event(e.clone())).map_err(|e| self.log_failed(e))?;
        }
        self.ahead.table = next;
        self.inflight.push_back((last, InFlight::Events(events)));
        Ok(())
    }

    /// Starts the next coup with the bank announced (R-BQ-17).
    pub fn next_coup(&mut self, bank: Option<Money>) -> Result<(), PlayError> {
        if self.ahead.table.settlement().is_none() {
            return Err(PlayError::CoupNotOver);
        }
        let table = next_coup_table(&self.ahead.table, bank).ok_or(PlayError::CoupNotOver)?;
        let seq = self.log.submit(Record::NextCoup { bank: table.bank() }).map_err(|e| self.log_failed(e))?;
        let state = State { before: self.ahead.totals(), coup_no: self.ahead.coup_no + 1, table };
        self.ahead = state.clone();
        self.inflight.push_back((seq, InFlight::NextCoup(Box::new(state))));
        Ok(())
    }

    fn log_failed(&mut self, e: LogError) -> PlayError {
        self.log_problem = Some(e.0.clone());
        PlayError::Log(e)
    }

    /// Takes the log's acknowledgements: what is durable now shows. Returns whether
    /// the shown state moved.
    pub fn poll(&mut self) -> bool {
        if self.inflight.is_empty() {
            return false;
        }
        let durable = match self.log.durable() {
            Ok(d) => d,
            Err(e) => {
                self.log_problem = Some(e.0);
                return false;
            }
        };
        let mut moved = false;
        while self.inflight.front().is_some_and(|(seq, _)| *seq <= durable) {
            let Some((_, item)) = self.inflight.pop_front() else { break };
            match item {
                InFlight::Events(events) => {
                    for e in &events {
                        self.shown.table.apply(e);
                    }
                }
                InFlight::NextCoup(state) => self.shown = *state,
            }
            moved = true;
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, PlayerRef, Shoe, Spot};

    fn table() -> Table {
        Table::new(TableSettings::new(Game::Banque), "1000".parse().expect("bank"), Shoe::decks(6)).expect("table")
    }

    #[test]
    fn the_screen_moves_on_only_when_the_log_is_durable() {
        let log = MemoryLog::default();
        let hold = log.hold.clone();
        let records = log.records.clone();
        let mut shift = Shift::open(ShiftHeader::default(), table(), Box::new(log)).expect("open");
        assert!(shift.poll());
        *hold.lock().expect("hold") = true;
        let bet = Op::Bet { player: PlayerRef::seated(3), spot: Spot::Cheval, amount: "40".parse().expect("m") };
        shift.play(&bet).expect("taken");
        assert_eq!(shift.ahead().table.coup().bets.len(), 1);
        // Not durable yet: the croupier still sees the table before the bet.
        assert!(!shift.poll());
        assert!(shift.shown().table.coup().bets.is_empty());
        assert!(shift.waiting());
        *hold.lock().expect("hold") = false;
        assert!(shift.poll());
        assert_eq!(shift.shown().table.coup().bets.len(), 1);
        assert!(!shift.waiting());
        let r = records.lock().expect("records");
        assert!(matches!(r[0], Record::Opened { .. }));
        assert!(matches!(r[1], Record::Event(Event::BetPlaced(_))));
    }

    #[test]
    fn a_refused_operation_reaches_neither_the_table_nor_the_log_r_c_7() {
        let log = MemoryLog::default();
        let records = log.records.clone();
        let mut shift = Shift::open(ShiftHeader::default(), table(), Box::new(log)).expect("open");
        shift.play(&Op::NoMoreBets).expect("taken");
        let bet = Op::Bet { player: PlayerRef::seated(3), spot: Spot::Cheval, amount: "40".parse().expect("m") };
        assert!(matches!(shift.play(&bet), Err(PlayError::Refused(_))));
        assert_eq!(records.lock().expect("records").len(), 2);
        assert_eq!(shift.next_coup(None), Err(PlayError::CoupNotOver));
    }
}
