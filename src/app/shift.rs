//! The shift as the app runs it.
//!
//! Every confirmed operation is played by the engine on the table *ahead* and its
//! events are handed to the shift log's writer; the table *shown* — what the
//! croupier sees, the banner and the payouts — moves on only when the log says the
//! records are durable. The writer works off the UI thread, so no frame waits on the
//! disk; until its acknowledgement arrives the screen says it is waiting.

#[cfg(test)]
use crate::engine::TableSettings;
use crate::engine::{Event, Op, Refusal, Table};
use crate::i18n::Lang;
use crate::journal::{Ack, Journal, JournalError, JournalThread};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};

/// Who and where: the shift's header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShiftHeader {
    pub table_name: String,
    pub croupier: String,
}

/// Why the log did not take a record, or could not be opened: typed, worded in the
/// croupier's language where it is shown (`log_error_text`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The shift log's own error (the disk, the file, the writer).
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// A live shift's log begins with a table at the start of a shift (its header
    /// holds the table as it stands); this one is not.
    #[error("the table is not at the start of a shift")]
    NotAtStart,
}

/// A log's problem in the croupier's language.
pub fn log_error_text(lang: Lang, e: &LogError) -> String {
    match e {
        LogError::Journal(e) => crate::journal::text::journal_error_text(lang, e),
        LogError::NotAtStart => crate::i18n::tr(lang, "log-not-at-start"),
    }
}

/// The shift log as the app sees it: the shift log's writer thread. A record (an
/// operation the engine took and the events it made) goes in without waiting and
/// gets a ticket; the writer answers each ticket, in order, once the record is
/// synced to disk (or says why not). The log's header (table, croupier, settings)
/// is written when the log is created.
pub trait ShiftLog {
    /// Hands a record to the writer. Never waits on the disk.
    fn submit(&mut self, op: &Op, events: &[Event]) -> Result<u64, LogError>;
    /// The writer's answers since the last call: the ticket, and whether the record
    /// is durable.
    fn answers(&mut self) -> Vec<(u64, Result<(), LogError>)>;
    /// Where the log is, for the croupier.
    fn location(&self) -> String;
    /// Hands the closing record (the shift's end) to the writer; answered like a record.
    fn close(&mut self) -> Result<u64, LogError>;
    /// Lets the writer finish what is queued (at the app's exit). Waits for it.
    fn finish(&mut self) {}
    /// How the pit's copy of the log stands, when the log is replicated to a pit.
    fn pit(&self) -> Option<crate::pit::PitState> {
        None
    }
}

/// The shift log on disk: the journal's writer thread (`crate::journal`). Each
/// record is written and synced there; the answer comes back on a channel, and the
/// writer asks egui for a frame when it answers.
pub struct JournalLog {
    thread: Option<JournalThread>,
    answers: Receiver<Ack>,
    path: PathBuf,
    /// The pit's replicator, when the log is also shipped to the pit's database.
    pit: Option<crate::pit::Replicator>,
}

impl JournalLog {
    /// Starts the writer thread for `journal`; `ctx` gets a repaint when a record is
    /// safe.
    pub fn start(journal: Journal, ctx: Option<egui::Context>) -> Result<JournalLog, LogError> {
        let path = journal.path().to_path_buf();
        let notify: Box<dyn Fn() + Send> = match ctx {
            Some(ctx) => Box::new(move || ctx.request_repaint()),
            None => Box::new(|| {}),
        };
        let (thread, answers) = JournalThread::spawn_with_notify(journal, notify)?;
        Ok(JournalLog { thread: Some(thread), answers, path, pit: None })
    }

    /// The same log, its records also shipped to the pit by `replicator` (whose tap
    /// the journal was given before the writer thread started).
    pub fn with_pit(mut self, replicator: Option<crate::pit::Replicator>) -> JournalLog {
        self.pit = replicator;
        self
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl ShiftLog for JournalLog {
    fn submit(&mut self, op: &Op, events: &[Event]) -> Result<u64, LogError> {
        let thread = self.thread.as_mut().ok_or(JournalError::WriterGone)?;
        Ok(thread.send(op.clone(), events.to_vec())?)
    }

    fn answers(&mut self) -> Vec<(u64, Result<(), LogError>)> {
        self.answers.try_iter().map(|a| (a.ticket, a.result.map(|_| ()).map_err(LogError::from))).collect()
    }

    fn location(&self) -> String {
        self.path.display().to_string()
    }

    fn close(&mut self) -> Result<u64, LogError> {
        let thread = self.thread.as_mut().ok_or(JournalError::WriterGone)?;
        Ok(thread.close()?)
    }

    fn pit(&self) -> Option<crate::pit::PitState> {
        self.pit.as_ref().map(|p| p.state())
    }

    fn finish(&mut self) {
        if let Some(thread) = self.thread.take()
            && let Err(e) = thread.finish()
        {
            eprintln!("sabot: the shift log's writer: {e}");
        }
    }
}

impl Drop for JournalLog {
    /// The queued records are written before the log goes away.
    fn drop(&mut self) {
        self.finish();
    }
}

/// One record as the log takes it: an operation and the events it made.
pub type LogRecord = (Op, Vec<Event>);

/// A log kept in memory: each record durable at once, or when `hold` is lifted (a
/// slow disk), or refused when `fail` is set. For tests and the benchmark.
#[derive(Clone, Debug, Default)]
pub struct MemoryLog {
    pub records: Arc<Mutex<Vec<LogRecord>>>,
    pub hold: Arc<Mutex<bool>>,
    pub fail: Arc<Mutex<bool>>,
    /// The closing record was handed in.
    pub closed: Arc<Mutex<bool>>,
    answered: u64,
}

impl MemoryLog {
    fn is_closed(&self) -> bool {
        self.closed.lock().map(|c| *c).unwrap_or(false)
    }

    /// Every event recorded, in order.
    pub fn events(&self) -> Vec<Event> {
        self.records.lock().map(|r| r.iter().flat_map(|(_, e)| e.clone()).collect()).unwrap_or_default()
    }
}

/// Where a memory log says it is.
const MEMORY: &str = "memory";

/// A memory log told to fail: what a full disk gives.
fn disk_full() -> LogError {
    let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
    JournalError::io(std::path::Path::new(MEMORY), "sync", &full).into()
}

impl ShiftLog for MemoryLog {
    fn submit(&mut self, op: &Op, events: &[Event]) -> Result<u64, LogError> {
        if self.is_closed() {
            return Err(JournalError::Closed { path: PathBuf::from(MEMORY) }.into());
        }
        let mut r = self.records.lock().map_err(|_| JournalError::Poisoned { path: PathBuf::from(MEMORY) })?;
        r.push((op.clone(), events.to_vec()));
        Ok(r.len() as u64)
    }

    fn answers(&mut self) -> Vec<(u64, Result<(), LogError>)> {
        if self.hold.lock().map(|h| *h).unwrap_or(false) {
            return Vec::new();
        }
        let fail = self.fail.lock().map(|f| *f).unwrap_or(false);
        let written = self.records.lock().map(|r| r.len() as u64).unwrap_or(0) + u64::from(self.is_closed());
        let out = (self.answered + 1..=written).map(|t| (t, if fail { Err(disk_full()) } else { Ok(()) })).collect();
        self.answered = written;
        out
    }

    fn location(&self) -> String {
        MEMORY.into()
    }

    fn close(&mut self) -> Result<u64, LogError> {
        if let Ok(mut c) = self.closed.lock() {
            *c = true;
        }
        // The closing record's ticket follows the records'.
        Ok(self.records.lock().map(|r| r.len() as u64).unwrap_or(0) + 1)
    }
}

/// Why a confirmed entry did not go through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiveShiftError {
    Refused(Refusal),
    Log(LogError),
}

/// The shift in play.
pub struct LiveShift {
    pub header: ShiftHeader,
    shown: Table,
    ahead: Table,
    /// Records handed to the log and not yet durable: ticket and events.
    inflight: VecDeque<(u64, Vec<Event>)>,
    log: Box<dyn ShiftLog>,
    /// The log failed: shown until the shift is resumed; no entry is taken meanwhile
    /// (the screen stays at what the log holds).
    pub log_problem: Option<LogError>,
    /// The records the log has made durable this session, for the croupier to read
    /// back: the coup number, the operation and its events.
    pub written: Vec<(u32, Op, Vec<Event>)>,
    /// Operations waiting for the log, beside `inflight`.
    pending_ops: VecDeque<Op>,
    /// The closing record's ticket, once handed in; `closed` once it is safe.
    closing: Option<u64>,
    pub closed: bool,
    /// This shift among the shifts the app opened since it started: what is kept of a
    /// screen between frames (a list's scroll) is kept per shift, never carried from
    /// one shift's coup to the next shift's coup of the same number.
    serial: u64,
}

/// Shifts opened since the app started (`LiveShift::serial`).
static SHIFTS_OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl LiveShift {
    /// A shift on `table`, its log open (the log's header already written).
    pub fn open(header: ShiftHeader, table: Table, log: Box<dyn ShiftLog>) -> LiveShift {
        LiveShift {
            header,
            shown: table.clone(),
            ahead: table,
            inflight: VecDeque::new(),
            log,
            log_problem: None,
            written: Vec::new(),
            pending_ops: VecDeque::new(),
            closing: None,
            closed: false,
            serial: SHIFTS_OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// This shift among those opened since the app started.
    pub fn serial(&self) -> u64 {
        self.serial
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

    /// How the pit's copy of the log stands, if the log goes to a pit.
    pub fn pit(&self) -> Option<crate::pit::PitState> {
        self.log.pit()
    }

    /// Plays a confirmed operation and hands it with its events to the log. The
    /// table ahead moves only if the log took the record.
    pub fn play(&mut self, op: &Op) -> Result<(), LiveShiftError> {
        if let Some(p) = &self.log_problem {
            return Err(LiveShiftError::Log(p.clone()));
        }
        // Decided once on the table ahead, which moves only if the log took the record.
        let mut events = Vec::new();
        self.ahead.decide(op, &mut events).map_err(LiveShiftError::Refused)?;
        self.play_decided(op, events)
    }

    /// Plays an operation whose events the engine decided on this table ahead (the
    /// entry line's chips): the events are handed to the log as they are, and the
    /// table ahead moves only if the log took them. The log's writer checks them
    /// against its own table, so a stale decision is refused there, never written.
    pub fn play_decided(&mut self, op: &Op, events: Vec<Event>) -> Result<(), LiveShiftError> {
        if let Some(p) = &self.log_problem {
            return Err(LiveShiftError::Log(p.clone()));
        }
        let ticket = self.log.submit(op, &events).map_err(|e| self.log_failed(e))?;
        self.ahead.apply(&events);
        self.inflight.push_back((ticket, events));
        self.pending_ops.push_back(op.clone());
        Ok(())
    }

    /// Ends the shift: the closing record goes to the log (between coups only, as the
    /// engine has it: no coup in progress). `closed` turns true once it is safe.
    pub fn close(&mut self) -> Result<(), LiveShiftError> {
        if let Some(p) = &self.log_problem {
            return Err(LiveShiftError::Log(p.clone()));
        }
        let ticket = self.log.close().map_err(|e| self.log_failed(e))?;
        self.closing = Some(ticket);
        Ok(())
    }

    /// The shift is being closed (the closing record handed in).
    pub fn closing(&self) -> bool {
        self.closing.is_some()
    }

    /// The app is quitting: the writer finishes what is queued. The shift stays open
    /// in the log, to be taken up at the next start.
    pub fn finish(&mut self) {
        self.log.finish();
    }

    fn log_failed(&mut self, e: LogError) -> LiveShiftError {
        self.log_problem = Some(e.clone());
        LiveShiftError::Log(e)
    }

    /// Takes the writer's answers: what is durable now shows. A record the log could
    /// not write takes the table ahead back to what the log holds, and stops entries.
    /// Returns whether anything changed.
    pub fn poll(&mut self) -> bool {
        if self.inflight.is_empty() && self.closing.is_none() {
            return false;
        }
        let mut moved = false;
        for (ticket, result) in self.log.answers() {
            match result {
                Ok(()) if self.closing.is_some_and(|c| ticket >= c) && self.inflight.is_empty() => {
                    self.closed = true;
                    moved = true;
                }
                Ok(()) => {
                    while self.inflight.front().is_some_and(|(t, _)| *t <= ticket) {
                        let Some((_, events)) = self.inflight.pop_front() else { break };
                        self.shown.apply(&events);
                        if let Some(op) = self.pending_ops.pop_front() {
                            self.written.push((self.shown.shift().coup_number, op, events));
                        }
                        moved = true;
                    }
                    if self.closing.is_some_and(|c| ticket >= c) && self.inflight.is_empty() {
                        self.closed = true;
                    }
                }
                Err(e) => {
                    self.log_problem = Some(e);
                    self.inflight.clear();
                    self.pending_ops.clear();
                    self.ahead = self.shown.clone();
                    return true;
                }
            }
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

    fn bet() -> Op {
        Op::Bet { player: PlayerRef::seated(3), spot: Spot::Cheval, amount: "40".parse().expect("m") }
    }

    #[test]
    fn the_screen_moves_on_only_when_the_log_is_durable() {
        let log = MemoryLog::default();
        let hold = log.hold.clone();
        let mut shift = LiveShift::open(ShiftHeader::default(), table(), Box::new(log.clone()));
        *hold.lock().expect("hold") = true;
        shift.play(&bet()).expect("taken");
        assert_eq!(shift.ahead().coup().bets.len(), 1);
        // Not durable yet: the croupier still sees the table before the bet.
        assert!(!shift.poll());
        assert!(shift.shown().coup().bets.is_empty());
        assert!(shift.waiting());
        *hold.lock().expect("hold") = false;
        assert!(shift.poll());
        assert_eq!(shift.shown().coup().bets.len(), 1);
        assert!(!shift.waiting());
        assert!(matches!(log.events()[0], Event::BetPlaced(_)));
    }

    #[test]
    fn a_record_the_log_cannot_write_is_not_shown_and_stops_entries() {
        let log = MemoryLog::default();
        *log.fail.lock().expect("fail") = true;
        let mut shift = LiveShift::open(ShiftHeader::default(), table(), Box::new(log));
        shift.play(&bet()).expect("handed to the log");
        assert!(shift.poll());
        assert!(shift.shown().coup().bets.is_empty());
        assert!(shift.ahead().coup().bets.is_empty());
        // The problem is typed and told in the croupier's language where it is shown.
        let problem = shift.log_problem.clone().expect("the log's problem");
        assert!(matches!(problem, LogError::Journal(JournalError::Io { kind: std::io::ErrorKind::StorageFull, .. })));
        let es = log_error_text(Lang::Es, &problem);
        assert!(es.starts_with("memory: no se puede sincronizar con el disco"), "{es}");
        assert_eq!(log_error_text(Lang::Es, &LogError::NotAtStart), "la mesa no está al comienzo de un turno");
        assert!(matches!(shift.play(&Op::NoMoreBets), Err(LiveShiftError::Log(_))));
    }

    #[test]
    fn closing_waits_for_the_closing_record() {
        let log = MemoryLog::default();
        let hold = log.hold.clone();
        let mut shift = LiveShift::open(ShiftHeader::default(), table(), Box::new(log.clone()));
        *hold.lock().expect("hold") = true;
        shift.play(&bet()).expect("taken");
        shift.close().expect("handed in");
        assert!(!shift.poll() && !shift.closed);
        *hold.lock().expect("hold") = false;
        assert!(shift.poll());
        assert!(shift.closed);
        assert_eq!(shift.shown().coup().bets.len(), 1);
        assert!(*log.closed.lock().expect("closed"));
    }

    #[test]
    fn a_refused_operation_reaches_neither_the_table_nor_the_log_r_c_7() {
        let log = MemoryLog::default();
        let mut shift = LiveShift::open(ShiftHeader::default(), table(), Box::new(log.clone()));
        shift.play(&Op::NoMoreBets).expect("taken");
        assert!(matches!(shift.play(&bet()), Err(LiveShiftError::Refused(_))));
        assert_eq!(log.records.lock().expect("records").len(), 1);
        assert!(matches!(shift.play(&Op::NextCoup), Err(LiveShiftError::Refused(_))));
    }
}
