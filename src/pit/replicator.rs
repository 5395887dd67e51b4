//! The replicator: one shift log's records shipped to the pit, on its own thread.
//!
//! The log's writer hands each record to it once synced (`Journal::set_tap`), over a
//! channel: the table never waits. The thread connects, opens the shift in the pit,
//! learns the last sequence the pit holds, and sends what the pit lacks: from the
//! records handed to it while they are in memory, or read back from the log file
//! (after the database was away for long, or records written before it started). When
//! the database goes away it says so (offline since …), keeps taking records, and
//! tries again, every few seconds, catching up from the pit's last sequence. When the
//! pit refuses a record (it does not chain onto the pit's copy: another writer, or a
//! rewritten log) it stops and says which record.
//!
//! A refusal that may be a race is not final at once (issue 51): a Sabot killed while
//! its last batch was still running in its database session, and resumed, may read
//! the pit's last record before that batch commits and send it again. Such a refusal
//! (the record does not chain, the pit holds it, or the pit's last record is ahead or
//! not this log's) is checked again on a new connection, whose `open_shift` answers
//! only once the shift's row is free (the earlier session's insert done), up to
//! `RECHECKS` times, before it is filed; a record the pit holds identical is no
//! refusal at all (schema version 7).

use super::client::{Outgoing, ShiftHead, TableClient};
use super::url::PitUrl;
use super::{PitError, PitRefusal, Unreachable};
use crate::journal::{Synced, Tap, record};
use chrono::{DateTime, FixedOffset};
use std::collections::VecDeque;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Records kept in memory for the pit; beyond this they are read back from the file.
const MAX_PENDING: usize = 20_000;
/// Records sent in one statement (its own transaction) when catching up. Small: the
/// pit's trigger updates the shift's row once a record, and within one transaction
/// each update leaves a version the next record's check walks past, so a batch's cost
/// grows with its square (2,000 a statement sent 567 records a second, 500 a
/// transaction of single inserts 885; 100 a statement, see docs/administrator.md).
const BATCH: usize = 100;
/// The longest wait between two attempts to reach the pit.
const MAX_RETRY: Duration = Duration::from_secs(5);
/// How long `stop` waits for the thread before leaving it to end on its own.
const STOP_WAIT: Duration = Duration::from_secs(2);
/// How many times a refusal that may be a race is checked again, on a new
/// connection, before it is filed.
const RECHECKS: u32 = 3;

/// How the pit stands for one shift.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PitStatus {
    /// Not reached yet.
    Connecting,
    /// Reached; `PitState` says how far behind.
    Online,
    /// Not reachable since this moment (local time), and why.
    Offline { since: DateTime<FixedOffset>, why: Unreachable },
    /// The pit refused this record: the log and the pit's copy differ from it on.
    Refused { seq: u64, why: PitRefusal },
    /// The pit could not be used for another reason (no pit schema, no rights).
    Failed(PitError),
}

/// What the replicator knows: the status, the last record the pit holds, the last
/// record synced locally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PitState {
    pub url: String,
    pub status: PitStatus,
    /// The last sequence the pit holds (None until reached).
    pub pit_seq: Option<u64>,
    /// The last sequence synced to the local log.
    pub local_seq: u64,
    /// The thread ended (caught up after the log closed, or refused).
    pub done: bool,
}

impl PitState {
    /// Records written locally that the pit does not hold yet.
    pub fn behind(&self) -> u64 {
        match self.pit_seq {
            Some(p) => self.local_seq.saturating_sub(p),
            None => self.local_seq + 1,
        }
    }

    /// Online and holding every record synced locally.
    pub fn is_live(&self) -> bool {
        self.status == PitStatus::Online && self.behind() == 0
    }
}

struct Shared {
    state: Mutex<PitState>,
    changed: Condvar,
    stop: Mutex<bool>,
}

/// A log's replicator thread. Dropping it lets the thread go on until it has caught
/// up with the closed log (or the process ends); `stop` ends it sooner.
pub struct Replicator {
    shared: Arc<Shared>,
    handle: Option<JoinHandle<()>>,
}

impl Replicator {
    /// Starts shipping the log at `log` (whose records up to `local_seq` are synced) to
    /// the pit at `url`. Returns the replicator and the tap to give the log's writer
    /// (`Journal::set_tap`). `notify` is called when the state changes (the app asks
    /// for a frame). Fails only when the log's header cannot be read.
    pub fn start(
        url: PitUrl,
        log: &Path,
        local_seq: u64,
        notify: Box<dyn Fn() + Send>,
    ) -> Result<(Replicator, Tap), PitError> {
        let head = read_head(log)?;
        let (tx, rx) = mpsc::channel::<Synced>();
        let shared = Arc::new(Shared {
            state: Mutex::new(PitState {
                url: url.masked().to_string(),
                status: PitStatus::Connecting,
                pit_seq: None,
                local_seq,
                done: false,
            }),
            changed: Condvar::new(),
            stop: Mutex::new(false),
        });
        let common = common_of(&head);
        let mut worker = Worker {
            url,
            log: log.to_path_buf(),
            head,
            common,
            rx,
            shared: Arc::clone(&shared),
            notify,
            pending: VecDeque::new(),
            local_seq,
            pit_seq: None,
            client: None,
            input_open: true,
            cursor: None,
            rechecks: 0,
        };
        let handle = std::thread::Builder::new()
            .name("sabot-pit".into())
            .spawn(move || worker.run())
            .map_err(|e| PitError::NoThread(e.to_string()))?;
        Ok((Replicator { shared, handle: Some(handle) }, tx))
    }

    /// How the pit stands now.
    pub fn state(&self) -> PitState {
        match self.shared.state.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Waits until `done` says so of the state (or the pit refused the log, or the
    /// thread ended), at most `timeout`; returns the state then.
    pub fn wait_until(&self, timeout: Duration, done: impl Fn(&PitState) -> bool) -> PitState {
        let deadline = Instant::now() + timeout;
        let mut guard = match self.shared.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        loop {
            let settled =
                done(&guard) || guard.done || matches!(guard.status, PitStatus::Refused { .. } | PitStatus::Failed(_));
            let now = Instant::now();
            if settled || now >= deadline {
                return guard.clone();
            }
            guard = match self.shared.changed.wait_timeout(guard, deadline - now) {
                Ok((g, _)) => g,
                Err(p) => p.into_inner().0,
            };
        }
    }

    /// Waits until the pit holds record `seq` (see `wait_until`).
    pub fn wait_holds(&self, seq: u64, timeout: Duration) -> PitState {
        self.wait_until(timeout, |s| s.pit_seq.is_some_and(|p| p >= seq))
    }

    /// Waits until the thread has ended: the log's writer let go of the tap (the log
    /// closed) and the pit holds every record, or the pit refused it (see `wait_until`).
    pub fn wait_done(&self, timeout: Duration) -> PitState {
        self.wait_until(timeout, |s| s.done)
    }

    /// Asks the thread to stop (what the pit lacks is sent the next time the log is
    /// replicated) and waits for it a moment: a thread held up by a pit that does not
    /// answer is left to end on its own (it stops at its next step), never waited on.
    /// The state then (a batch that was in flight counted once the pit took it).
    pub fn stop(self) -> PitState {
        self.stop_within(STOP_WAIT)
    }

    /// `stop`, waiting at most `wait` for the thread (`sabot pit push` waits for the
    /// batch in flight, to say exactly how many records the pit holds).
    pub fn stop_within(mut self, wait: Duration) -> PitState {
        if let Ok(mut s) = self.shared.stop.lock() {
            *s = true;
        }
        let state = self.wait_until(wait, |s| s.done);
        if let Some(h) = self.handle.take()
            && (state.done || h.is_finished())
            && h.join().is_err()
        {
            eprintln!("sabot: the pit's thread stopped on an error");
        }
        state
    }
}

/// The log's header line, read from its file.
fn read_head(log: &Path) -> Result<ShiftHead, PitError> {
    let bad = |what: String| {
        PitError::Log(crate::journal::JournalError::Io {
            path: log.to_path_buf(),
            doing: "read the header for the pit",
            kind: std::io::ErrorKind::InvalidData,
            message: what,
        })
    };
    let mut reader = BufReader::new(super::open_log(log)?);
    let mut line = Vec::new();
    if !super::next_line(&mut reader, &mut line, log)? {
        return Err(bad("the header is not complete".into()));
    }
    let line = String::from_utf8(line).map_err(|_| bad("the header is not UTF-8 text".into()))?;
    ShiftHead::from_header_line(&line).map_err(bad)
}

/// `,table:…,croupier:…,game:…,body:` of this shift's records.
fn common_of(head: &ShiftHead) -> Option<Vec<u8>> {
    let game = crate::engine::Game::from_slug(&head.game)?;
    record::common_text(&head.table_name, &head.croupier, game)
}

/// The kind of a record's body, from its line.
fn kind_of(line: &str, common: Option<&[u8]>) -> &'static str {
    let body = match common.and_then(|c| memchr::memmem::find(line.as_bytes(), c).map(|i| i + c.len())) {
        Some(start) => &line[start..],
        None => return "other",
    };
    if body.starts_with("Op(op:Amend(") {
        // An amendment (R-BQ-E7): the only record a closed shift takes.
        "amend"
    } else if body.starts_with("Op(") {
        "op"
    } else if body.starts_with("Close(") {
        "close"
    } else if body.starts_with("Resumed(") {
        "resumed"
    } else if body.starts_with("Header(") {
        "header"
    } else {
        "other"
    }
}

struct Worker {
    url: PitUrl,
    log: PathBuf,
    head: ShiftHead,
    common: Option<Vec<u8>>,
    rx: Receiver<Synced>,
    shared: Arc<Shared>,
    notify: Box<dyn Fn() + Send>,
    /// Records handed over and not yet in the pit, in order (may start after the
    /// pit's last: the gap is read from the file).
    pending: VecDeque<Outgoing>,
    local_seq: u64,
    pit_seq: Option<u64>,
    client: Option<TableClient>,
    /// The log's writer still holds the tap.
    input_open: bool,
    /// Where in the file the next record to read back starts: (its sequence, its
    /// byte offset), so that catching up reads the file once, not from the start
    /// for every batch.
    cursor: Option<(u64, u64)>,
    /// Refusals that may be a race checked again since the pit last took a record.
    rechecks: u32,
}

/// Whether a refusal may be a race with an earlier session of this same log (a Sabot
/// killed mid-batch, then resumed): the record does not chain or is held already, or
/// the pit's last record is ahead of this log or not its own, as an insert still in
/// flight would leave it.
fn may_be_a_race(why: &PitRefusal) -> bool {
    use super::PitCheck;
    matches!(
        why,
        PitRefusal::PitAhead { .. }
            | PitRefusal::NotThisLog { .. }
            | PitRefusal::Check { kind: PitCheck::DoesNotChain | PitCheck::AlreadyHeld, .. }
    )
}

impl Worker {
    fn stopping(&self) -> bool {
        self.shared.stop.lock().map(|s| *s).unwrap_or(true)
    }

    fn set(&self, status: Option<PitStatus>, done: bool) {
        let mut changed = false;
        if let Ok(mut s) = self.shared.state.lock() {
            let before = s.clone();
            if let Some(st) = status {
                // Offline keeps the moment it started.
                let keep = matches!((&s.status, &st), (PitStatus::Offline { .. }, PitStatus::Offline { .. }));
                if !keep {
                    s.status = st;
                }
            }
            s.pit_seq = self.pit_seq;
            s.local_seq = self.local_seq;
            s.done = s.done || done;
            changed = *s != before;
        }
        if changed {
            self.shared.changed.notify_all();
            (self.notify)();
        }
    }

    fn take(&mut self, s: Synced) {
        self.local_seq = self.local_seq.max(s.seq);
        if self.pending.len() >= MAX_PENDING {
            // Too many for memory: they will be read back from the file.
            self.pending.clear();
        }
        if self.pending.back().is_some_and(|b| b.seq + 1 != s.seq) {
            self.pending.clear();
        }
        let kind = kind_of(&s.line, self.common.as_deref());
        self.pending.push_back(Outgoing { seq: s.seq, at: s.at, hash: s.hash, prev: s.prev, kind, line: s.line });
    }

    /// Takes what the writer handed over, waiting at most `wait` for the first.
    fn drain(&mut self, wait: Duration) {
        if self.input_open {
            match self.rx.recv_timeout(wait) {
                Ok(s) => self.take(s),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.input_open = false,
            }
        } else if !wait.is_zero() {
            std::thread::sleep(wait.min(Duration::from_millis(200)));
        }
        while let Ok(s) = self.rx.try_recv() {
            self.take(s);
        }
    }

    fn run(&mut self) {
        let mut retry = Duration::from_millis(250);
        loop {
            self.drain(Duration::ZERO);
            if self.stopping() {
                self.set(None, true);
                return;
            }
            if self.client.as_ref().is_none_or(|c| c.is_closed()) {
                self.client = None;
                match self.reach() {
                    Ok(()) => retry = Duration::from_millis(250),
                    Err(e) => {
                        if self.fail(e) {
                            return;
                        }
                        self.drain(retry);
                        retry = (retry * 2).min(MAX_RETRY);
                        continue;
                    }
                }
            }
            let pit = self.pit_seq.unwrap_or(0);
            if pit < self.local_seq {
                if let Err(e) = self.send_next(pit) {
                    self.client = None;
                    if self.fail(e) {
                        return;
                    }
                    self.drain(retry);
                    retry = (retry * 2).min(MAX_RETRY);
                }
                continue;
            }
            self.set(Some(PitStatus::Online), false);
            if !self.input_open {
                // The log is closed (or its writer gone) and the pit has it all.
                self.set(None, true);
                return;
            }
            self.drain(Duration::from_millis(500));
        }
    }

    /// Says what went wrong; true when the thread is to end (refused, or unusable).
    fn fail(&mut self, e: PitError) -> bool {
        match e {
            PitError::Offline { why, .. } => {
                self.set(Some(PitStatus::Offline { since: record::now(), why }), false);
                false
            }
            PitError::Refused { why, .. } if may_be_a_race(&why) && self.rechecks < RECHECKS => {
                // Checked again on a new connection (the next `reach`, which answers once
                // the shift's row is free), after a pause, before it is filed.
                self.rechecks += 1;
                self.client = None;
                self.drain(Duration::from_millis(200) * self.rechecks);
                false
            }
            PitError::Refused { seq, why } => {
                // The refusal left nothing in the pit: tell it, so that the pit boss's
                // floor raises the alarm (best effort, bounded by the connection's
                // own limits; the table never waits on it beyond them).
                // A report that does not get through is tried again while the table
                // writes, and once more when its log closes (issue 50: never dropped).
                let unreported = (!self.report_refusal(seq, &why)).then(|| (seq, why.clone()));
                self.set(Some(PitStatus::Refused { seq, why }), false);
                self.drain_until_closed(unreported);
                true
            }
            other => {
                self.set(Some(PitStatus::Failed(other)), false);
                self.drain_until_closed(None);
                true
            }
        }
    }

    /// Tells the pit of a refusal that left nothing in it; whether it got through.
    fn report_refusal(&self, seq: u64, why: &PitRefusal) -> bool {
        TableClient::connect(&self.url).and_then(|mut c| c.report_refusal(&self.head, seq, why)).is_ok()
    }

    /// After a refusal: keeps counting what the table writes (the screen says how far
    /// the log has gone past the pit) until the log closes; a refusal the pit was not
    /// told of yet (`unreported`) is told every `MAX_RETRY` meanwhile, and once more
    /// at the close.
    fn drain_until_closed(&mut self, mut unreported: Option<(u64, PitRefusal)>) {
        let mut next_try = Instant::now() + MAX_RETRY;
        while self.input_open && !self.stopping() {
            self.drain(Duration::from_millis(500));
            self.pending.clear();
            self.set(None, false);
            if let Some((seq, why)) = &unreported
                && Instant::now() >= next_try
            {
                unreported = (!self.report_refusal(*seq, why)).then(|| (*seq, why.clone()));
                next_try = Instant::now() + MAX_RETRY;
            }
        }
        if let Some((seq, why)) = &unreported {
            self.report_refusal(*seq, why);
        }
        self.set(None, true);
    }

    /// Connects and opens the shift; the pit says how far it holds it.
    fn reach(&mut self) -> Result<(), PitError> {
        let mut client = TableClient::connect(&self.url)?;
        let last = client.open_shift(&self.head)?;
        if last.seq > self.local_seq {
            return Err(PitError::Refused { seq: self.local_seq + 1, why: PitRefusal::PitAhead { pit_seq: last.seq } });
        }
        // The record the pit ends on must be this log's own: else another writer (or
        // this log rewritten) put it there.
        let mine = self.local_hash(last.seq)?;
        if mine.as_deref() != Some(last.hash.as_str()) {
            return Err(PitError::Refused { seq: last.seq, why: PitRefusal::NotThisLog { pit_seq: last.seq } });
        }
        self.pit_seq = Some(last.seq);
        while self.pending.front().is_some_and(|r| r.seq <= last.seq) {
            self.pending.pop_front();
        }
        self.client = Some(client);
        self.set(Some(PitStatus::Online), false);
        Ok(())
    }

    /// The hash of this log's record `seq`.
    fn local_hash(&mut self, seq: u64) -> Result<Option<String>, PitError> {
        if seq == 0 {
            return Ok(Some(self.head.shift_id.clone()));
        }
        if let Some(r) = self.pending.iter().find(|r| r.seq == seq) {
            return Ok(Some(r.hash.clone()));
        }
        Ok(self.read_file(seq, seq)?.pop().map(|r| r.hash))
    }

    /// Sends the records after `pit`: from memory, or the file for a gap.
    fn send_next(&mut self, pit: u64) -> Result<(), PitError> {
        while self.pending.front().is_some_and(|r| r.seq <= pit) {
            self.pending.pop_front();
        }
        let from_memory = self.pending.front().is_some_and(|r| r.seq == pit + 1);
        let batch: Vec<Outgoing> = if from_memory {
            self.pending.iter().take(BATCH).cloned().collect()
        } else {
            let upto = self.pending.front().map_or(self.local_seq, |r| r.seq - 1).min(pit + BATCH as u64);
            self.read_file(pit + 1, upto)?
        };
        let Some(last) = batch.last().map(|r| r.seq) else {
            return Err(PitError::Log(crate::journal::JournalError::Io {
                path: self.log.clone(),
                doing: "read the records the pit lacks",
                kind: std::io::ErrorKind::UnexpectedEof,
                message: format!("record {} is not in the log", pit + 1),
            }));
        };
        let client = self
            .client
            .as_mut()
            .ok_or_else(|| PitError::Offline { url: self.url.masked().to_string(), why: Unreachable::NotConnected })?;
        client.append(&self.head.shift_id, &batch)?;
        self.pit_seq = Some(last);
        self.rechecks = 0;
        while self.pending.front().is_some_and(|r| r.seq <= last) {
            self.pending.pop_front();
        }
        self.set(Some(PitStatus::Online), false);
        Ok(())
    }

    /// Records `from..=to` read back from the log file (whole records only), from the
    /// cursor when it is not past `from`.
    fn read_file(&mut self, from: u64, to: u64) -> Result<Vec<Outgoing>, PitError> {
        use std::io::{Seek, SeekFrom};
        let io = |e: std::io::Error| PitError::Log(crate::journal::JournalError::io(&self.log, "read", &e));
        let mut f = super::open_log(&self.log)?;
        let start = match self.cursor {
            Some((seq, offset)) if seq <= from => offset,
            _ => 0,
        };
        f.seek(SeekFrom::Start(start)).map_err(io)?;
        let mut reader = BufReader::with_capacity(1 << 16, f);
        let mut pos = start;
        let mut out = Vec::new();
        let mut buf = Vec::new();
        loop {
            let line_start = pos;
            if !super::next_line(&mut reader, &mut buf, &self.log)? {
                break;
            }
            pos += buf.len() as u64 + 1;
            let Some(seq) = seq_of(&buf) else { continue };
            if seq < from {
                continue;
            }
            if seq > to {
                self.cursor = Some((seq, line_start));
                break;
            }
            // The pit reads every record from its line; what the replicator needs of it
            // (its time and hashes) is read from the frame, not by parsing it whole.
            let (at, prev, hash) = match framed(&buf) {
                Some(f) => f,
                None => {
                    let rec = record::decode(&buf).map_err(|e| {
                        PitError::Log(crate::journal::JournalError::Io {
                            path: self.log.clone(),
                            doing: "read a record for the pit",
                            kind: std::io::ErrorKind::InvalidData,
                            message: format!("record {seq}: {e}"),
                        })
                    })?;
                    (rec.at, rec.prev, rec.hash)
                }
            };
            let line = String::from_utf8_lossy(&buf).into_owned();
            let kind = kind_of(&line, self.common.as_deref());
            out.push(Outgoing { seq, at, hash, prev, kind, line });
            self.cursor = Some((seq + 1, pos));
        }
        Ok(out)
    }
}

/// A record line's time, previous hash and hash, read from its frame
/// (`Record(v:…,seq:…,at:"T",…,prev:"H",hash:"H")`) without parsing the rest: None
/// when the line is not so framed (then it is read whole, for the error).
fn framed(line: &[u8]) -> Option<(DateTime<FixedOffset>, String, String)> {
    let n = line.len();
    let tail = line.get(n.checked_sub(super::RECORD_TAIL)?..)?;
    if !tail.starts_with(b",prev:\"") || &tail[71..79] != b"\",hash:\"" || !tail.ends_with(b"\")") {
        return None;
    }
    let hex = |b: &[u8]| (b.iter().all(u8::is_ascii_hexdigit)).then(|| String::from_utf8_lossy(b).into_owned());
    let (prev, hash) = (hex(&tail[7..71])?, hex(&tail[79..143])?);
    let at_start = memchr::memmem::find(line, b",at:\"")? + 5;
    let at_len = line[at_start..].iter().position(|b| *b == b'"')?;
    let at = DateTime::parse_from_rfc3339(std::str::from_utf8(&line[at_start..at_start + at_len]).ok()?).ok()?;
    Some((at, prev, hash))
}

/// The sequence number at a record line's start (`Record(v:1,seq:N,`), read cheaply.
pub(crate) fn seq_of(line: &[u8]) -> Option<u64> {
    let rest = line.strip_prefix(b"Record(v:")?;
    let comma = rest.iter().position(|b| *b == b',')?;
    let rest = rest[comma..].strip_prefix(b",seq:")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_records_time_and_hashes_are_read_from_its_frame() {
        let r = record::Record {
            v: record::FORMAT,
            seq: 3,
            at: record::now(),
            table: "Mesa \"1\"".into(),
            croupier: "Ana".into(),
            game: crate::engine::Game::Banque,
            body: crate::journal::Body::Op { op: crate::engine::Op::NewShoe, events: vec![] },
            prev: "ab".repeat(32),
            hash: String::new(),
        };
        let (line, hash) = record::encode(&r).expect("encode");
        assert_eq!(framed(line.as_bytes()), Some((r.at, r.prev.clone(), hash)));
        assert_eq!(framed(b"Record(v:1,seq:1,garbage)"), None);
    }

    #[test]
    fn the_sequence_is_read_from_a_line_start() {
        assert_eq!(seq_of(b"Record(v:1,seq:42,at:\"x\""), Some(42));
        assert_eq!(seq_of(b"Record(v:1,seq:,at"), None);
        assert_eq!(seq_of(b"Nope"), None);
    }
}
