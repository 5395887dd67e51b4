//! The shift as the app runs it.
//!
//! Every confirmed operation is played by the engine on the table *ahead* and its
//! events are handed to the shift log's writer; the table *shown* — what the
//! croupier sees, the banner and the payouts — moves on only when the log says the
//! records are durable. The writer works off the UI thread, so no frame waits on the
//! disk; until its acknowledgement arrives the screen says it is waiting.

use crate::engine::{Event, Op, Refusal, Table, TableSettings};
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
    /// The shift opens: who, where, the table's settings.
    Opened { header: ShiftHeader, settings: TableSettings },
    /// Something that happened at the table.
    Event(Event),
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

/// Why a confirmed entry did not go through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Refused(Refusal),
    Log(LogError),
}

/// The shift in play.
pub struct Shift {
    pub header: ShiftHeader,
    shown: Table,
    ahead: Table,
    /// Events handed to the log and not yet durable, with the number of the last
    /// record of each batch.
    inflight: VecDeque<(u64, Vec<Event>)>,
    log: Box<dyn ShiftLog>,
    /// The last problem with the log, shown until it clears.
    pub log_problem: Option<String>,
}

impl Shift {
    /// Opens a shift: the first record says who, where and how the table is set.
    pub fn open(header: ShiftHeader, table: Table, mut log: Box<dyn ShiftLog>) -> Result<Shift, LogError> {
        let opened = Record::Opened { header: header.clone(), settings: table.settings().clone() };
        let seq = log.submit(opened)?;
        let mut shift = Shift { header, shown: table.clone(), ahead: table, inflight: VecDeque::new(), log, log_problem: None };
        // Nothing to show until the opening is durable; the tables are equal anyway.
        shift.inflight.push_back((seq, Vec::new()));
        Ok(shift)
    }

    /// What the croupier sees: the durable table.
    pub fn shown(&self) -> &Table {
        &self.shown
    }

    /// Where confirmed entries have taken the table (entries are checked against it).
    pub fn ahead(&self) -> &Table {
        &self.ahead
    }

    /// Records handed to the log and not yet durable.
    pub fn waiting(&self) -> bool {
        !self.inflight.is_empty()
    }

    pub fn log_location(&self) -> String {
        self.log.location()
    }

    /// Plays a confirmed operation and hands its events to the log. The table ahead
    /// moves only if the log took every record.
    pub fn play(&mut self, op: &Op) -> Result<(), PlayError> {
        let mut next = self.ahead.clone();
        let events = next.play(op).map_err(PlayError::Refused)?;
        let mut last = 0;
        for e in &events {
            last = self.log.submit(Record::Event(e.clone())).map_err(|e| self.log_failed(e))?;
        }
        self.ahead = next;
        self.inflight.push_back((last, events));
        Ok(())
    }

    fn log_failed(&mut self, e: LogError) -> PlayError {
        self.log_problem = Some(e.0.clone());
        PlayError::Log(e)
    }

    /// Takes the log's acknowledgements: what is durable now shows. Returns whether
    /// the shown table moved.
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
            let Some((_, events)) = self.inflight.pop_front() else { break };
            for e in &events {
                self.shown.apply(e);
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
        assert_eq!(shift.ahead().coup().bets.len(), 1);
        // Not durable yet: the croupier still sees the table before the bet.
        assert!(!shift.poll());
        assert!(shift.shown().coup().bets.is_empty());
        assert!(shift.waiting());
        *hold.lock().expect("hold") = false;
        assert!(shift.poll());
        assert_eq!(shift.shown().coup().bets.len(), 1);
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
        assert!(matches!(shift.play(&Op::NextCoup), Err(PlayError::Refused(_))));
    }
}
