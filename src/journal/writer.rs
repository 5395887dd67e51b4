//! Writing a shift log: one record a line, each written and `sync_data`'d before
//! `append` returns; the folder synced when a file is made; recovery of a shift that
//! stopped without closing.

use super::error::{JournalError, NotLogged, Problem};
use super::fsio;
use super::logfile::LogFile;
use super::record::{self, Body, ClockJump, Close, GENESIS, Header, Record, Resumed, SetAside};
use super::scan::{self, Mode, Replayed};
use crate::engine::{Event, Op, Table};
use chrono::{DateTime, FixedOffset};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The extension of shift logs.
pub const EXTENSION: &str = "sabotlog";
/// The start of a training log's file name.
pub const TRAINING_PREFIX: &str = "training-";

/// An open shift log, taking records.
#[derive(Debug)]
pub struct Journal {
    /// The file's bytes: each record's line appended and synced.
    log: LogFile,
    /// The line of the record being written: one buffer for every record.
    line: String,
    header: Header,
    /// The table as the log has it: every appended operation is checked against it.
    table: Table,
    next_seq: u64,
    last_hash: String,
    last_at: DateTime<FixedOffset>,
    state: State,
    events: Vec<Event>,
    /// The clock reads earlier than the last record and that jump is logged.
    clock_behind: bool,
    /// Where each record goes once synced (the pit's replicator), if anywhere.
    tap: Option<Tap>,
}

/// A record that has just been synced to the local log: what a replicator (the
/// pit's database, `crate::pit`) needs to ship it, without reading the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Synced {
    pub seq: u64,
    pub at: DateTime<FixedOffset>,
    pub hash: String,
    pub prev: String,
    /// The record's line as written, without its end of line.
    pub line: String,
}

/// Where synced records are handed: a channel, so that the writer never waits on
/// whoever takes them. A receiver that went away is forgotten, never an error.
pub type Tap = std::sync::mpsc::Sender<Synced>;

/// A clock set back by less than this is not a jump worth a record (the records are
/// still stamped with the last time: a log's times never run back).
const CLOCK_JUMP_MIN: chrono::TimeDelta = chrono::TimeDelta::seconds(2);

/// Takes the exclusive lock on a log for as long as `file` is open: a second writer
/// is refused. The operating system drops it when the process ends, however it ends.
/// A writer that is ending (its thread dropping the log) is given a moment.
fn lock(file: &File, path: &Path) -> Result<(), JournalError> {
    let mut tries = 0;
    loop {
        match fsio::try_lock(file) {
            Ok(true) => return Ok(()),
            Ok(false) if tries < LOCK_TRIES => {
                tries += 1;
                std::thread::sleep(LOCK_PAUSE);
            }
            Ok(false) => return Err(JournalError::unreadable(path, Problem::InUse)),
            Err(e) => return Err(JournalError::io(path, "lock", &e)),
        }
    }
}

/// How long a second writer waits for the lock before it is refused: 10 × 30 ms.
const LOCK_TRIES: u32 = 10;
const LOCK_PAUSE: std::time::Duration = std::time::Duration::from_millis(30);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    /// A write or sync failed: what is on disk after the last good record is unknown.
    Poisoned,
    Closed,
}

/// Whether a file name is a training log's.
pub fn is_training_name(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(TRAINING_PREFIX))
}

fn check_training_name(path: &Path, training: bool) -> Result<(), JournalError> {
    match (training, is_training_name(path)) {
        (true, false) => Err(JournalError::Training { path: path.to_path_buf(), what: Problem::TrainingOwnFile }),
        (false, true) => Err(JournalError::Training { path: path.to_path_buf(), what: Problem::LiveInTrainingFile }),
        _ => Ok(()),
    }
}

/// Letters, digits and `-` only; at most 40 characters.
fn name_part(s: &str, empty: &str) -> String {
    let mut out = String::new();
    for c in s.trim().chars() {
        let c = if c.is_alphanumeric() { c } else { '-' };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
        if out.chars().count() >= 40 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { empty.to_string() } else { out }
}

/// `2025-05-01_221305_Mesa-3_Ana.sabotlog`, or `training-…` for training.
pub fn file_name(header: &Header) -> String {
    format!(
        "{}{}_{}_{}.{EXTENSION}",
        if header.training { TRAINING_PREFIX } else { "" },
        header.started.format("%Y-%m-%d_%H%M%S"),
        name_part(&header.table, "table"),
        name_part(&header.croupier, "croupier"),
    )
}

fn create_dir_durable(dir: &Path) -> Result<(), JournalError> {
    if dir.is_dir() {
        return Ok(());
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        create_dir_durable(parent)?;
    }
    match std::fs::create_dir(dir) {
        Ok(()) => fsio::sync_dir(fsio::parent_of(dir)),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(()),
        Err(e) => Err(JournalError::io(dir, "create the folder", &e)),
    }
}

impl Journal {
    /// Creates a new log at `path` (which must not exist) with its header, synced,
    /// the folder synced. A training header needs a `training-…` file name, and a
    /// live one must not have it.
    pub fn create(path: impl AsRef<Path>, header: Header) -> Result<Journal, JournalError> {
        let path = path.as_ref();
        check_training_name(path, header.training)?;
        let table = header.table().map_err(JournalError::Settings)?;
        create_dir_durable(fsio::parent_of(path))?;
        let record = Record {
            v: record::FORMAT,
            seq: 0,
            at: header.started,
            table: header.table.clone(),
            croupier: header.croupier.clone(),
            game: header.settings.game,
            body: Body::Header(header.clone()),
            prev: GENESIS.to_string(),
            hash: String::new(),
        };
        let (mut line, hash) = record::encode(&record).map_err(JournalError::Encode)?;
        // Past a bound (a name too long, say): nothing is written, no file made.
        super::bounds::check(&record, &line).map_err(JournalError::TooLarge)?;
        line.push('\n');
        let file = fsio::create_durable(path, line.as_bytes())?;
        lock(&file, path)?;
        Ok(Journal {
            log: LogFile::new(file, path, line.len() as u64),
            line: String::new(),
            last_at: header.started,
            header,
            table,
            next_seq: 1,
            last_hash: hash,
            state: State::Open,
            events: Vec::new(),
            clock_behind: false,
            tap: None,
        })
    }

    /// Creates a new log in `dir`, named by `file_name` (with `-2`, `-3`, … if that
    /// name is taken).
    pub fn create_in(dir: impl AsRef<Path>, header: Header) -> Result<Journal, JournalError> {
        let dir = dir.as_ref();
        let name = file_name(&header);
        let stem = name.trim_end_matches(&format!(".{EXTENSION}")).to_string();
        for n in 1..1000 {
            let path = if n == 1 { dir.join(&name) } else { dir.join(format!("{stem}-{n}.{EXTENSION}")) };
            match Journal::create(&path, header.clone()) {
                Err(JournalError::Io { kind: std::io::ErrorKind::AlreadyExists, .. }) => continue,
                other => return other,
            }
        }
        Err(JournalError::unreadable(dir, Problem::TooManyNames))
    }

    pub fn path(&self) -> &Path {
        self.log.path()
    }
    pub fn header(&self) -> &Header {
        &self.header
    }
    /// The table as the log has it now.
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// The sequence number the next record will have.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }
    pub fn is_training(&self) -> bool {
        self.header.training
    }

    /// From now on every record, once synced, is also handed to `tap` (records
    /// already written are in the file). The writer never waits on it.
    pub fn set_tap(&mut self, tap: Tap) {
        self.tap = Some(tap);
    }

    fn check_open(&self) -> Result<(), JournalError> {
        match self.state {
            State::Open if !self.log.failed() => Ok(()),
            State::Open | State::Poisoned => Err(JournalError::Poisoned { path: self.path().to_path_buf() }),
            State::Closed => Err(JournalError::Closed { path: self.path().to_path_buf() }),
        }
    }

    /// Writes one record and syncs it; returns its sequence number. A clock that
    /// went back is logged first (once for each jump), then stamped with the last time.
    fn write(&mut self, body: Body) -> Result<u64, JournalError> {
        self.check_open()?;
        let now = record::now();
        if now >= self.last_at {
            self.clock_behind = false;
        } else if !self.clock_behind && self.last_at - now >= CLOCK_JUMP_MIN {
            let used = self.last_at;
            self.write_at(Body::ClockJump(ClockJump { seen: now, used }), used)?;
            self.clock_behind = true;
        }
        // Time never runs backwards in a log.
        self.write_at(body, now.max(self.last_at))
    }

    fn write_at(&mut self, body: Body, at: DateTime<FixedOffset>) -> Result<u64, JournalError> {
        self.check_open()?;
        let record = Record {
            v: record::FORMAT,
            seq: self.next_seq,
            at,
            table: self.header.table.clone(),
            croupier: self.header.croupier.clone(),
            game: self.header.settings.game,
            body,
            prev: self.last_hash.clone(),
            hash: String::new(),
        };
        let hash = record::encode_into(&record, &mut self.line).map_err(JournalError::Encode)?;
        // A record past its bounds is not written (the pit would refuse it): the
        // table does not move, the log takes the next record as before.
        super::bounds::check(&record, &self.line).map_err(JournalError::TooLarge)?;
        self.line.push('\n');
        // One write of the whole line, then its sync (`LogFile`); a failure poisons the
        // log: the croupier is told the record is not saved.
        if let Err(e) = self.log.append_line(self.line.as_bytes()) {
            self.state = State::Poisoned;
            return Err(e);
        }
        self.line.pop();
        let seq = self.next_seq;
        if let Some(tap) = &self.tap {
            let synced = Synced { seq, at, hash: hash.clone(), prev: record.prev, line: self.line.clone() };
            if tap.send(synced).is_err() {
                self.tap = None;
            }
        }
        self.next_seq += 1;
        self.last_hash = hash;
        self.last_at = at;
        Ok(seq)
    }

    /// Logs an operation the engine accepted and the events it made. Written and
    /// synced when this returns `Ok(seq)`; only then should the table move on.
    /// The events must be the ones the engine makes for `op` on the log's table.
    pub fn append(&mut self, op: &Op, events: &[Event]) -> Result<u64, JournalError> {
        self.check_open()?;
        // The check: the engine decides the operation once more, on the log's own
        // table (nothing copied; the table moves only once the record is written).
        self.events.clear();
        if let Err(refusal) = self.table.decide(op, &mut self.events) {
            return Err(JournalError::NotLogged(NotLogged::Refused(Box::new(refusal))));
        }
        if self.events != events {
            return Err(JournalError::NotLogged(NotLogged::OtherEvents));
        }
        let seq = self.write(Body::Op { op: op.clone(), events: events.to_vec() })?;
        self.table.apply(events);
        Ok(seq)
    }

    /// Plays `op` on the log's table, logs it, and returns its events (the refusal,
    /// or the log's error, leaves everything as it was). Decided once: these events
    /// are the engine's on this very table.
    pub fn play(&mut self, op: &Op) -> Result<Vec<Event>, JournalPlayError> {
        let mut events = Vec::new();
        self.table.decide(op, &mut events).map_err(JournalPlayError::Refused)?;
        self.write(Body::Op { op: op.clone(), events: events.clone() }).map_err(JournalPlayError::Journal)?;
        self.table.apply(&events);
        Ok(events)
    }

    /// The log at `path` (its `file` open and locked) taking records after the last one
    /// `replayed` read; `len`: the bytes of its good records.
    fn after(path: &Path, file: File, replayed: &Replayed, len: u64) -> Journal {
        Journal {
            log: LogFile::new(file, path, len),
            line: String::new(),
            header: replayed.header.clone(),
            table: replayed.table.clone(),
            next_seq: replayed.last_seq + 1,
            last_hash: replayed.last_hash.clone(),
            last_at: replayed.last_at,
            state: State::Open,
            events: Vec::new(),
            clock_behind: false,
            tap: None,
        }
    }

    /// Ends the shift with a closing record of its totals; nothing is written after it.
    pub fn close(&mut self) -> Result<u64, JournalError> {
        let close = Close { totals: self.table.totals().clone(), bank: self.table.bank() };
        let seq = self.write(Body::Close(close))?;
        self.state = State::Closed;
        // Nothing more is written: the log is free (to verify, or to be refused as
        // closed rather than in use).
        if fsio::unlock(self.log.file()).is_err() {
            // The lock goes when the file is closed all the same.
        }
        Ok(seq)
    }
}

/// An operation that was not logged: the rules refused it, or the log failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalPlayError {
    #[error("refused: {0}")]
    Refused(crate::engine::Refusal),
    #[error(transparent)]
    Journal(JournalError),
}

/// The name of the side file for a tail set aside from `log` at `line`.
fn side_file_path(log: &Path, line: usize) -> PathBuf {
    let name = log.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "log".into());
    let stamp = record::now().format("%Y%m%d-%H%M%S");
    fsio::parent_of(log).join(format!("{name}.torn-line{line}-{stamp}"))
}

/// The `n`th name tried for a side file: the name itself, then `<name>-2`, `-3`…
fn nth_name(base: &Path, n: u32) -> PathBuf {
    if n <= 1 {
        return base.to_path_buf();
    }
    let mut name = base.as_os_str().to_os_string();
    name.push(format!("-{n}"));
    PathBuf::from(name)
}

/// The most names tried for one side file before giving up.
const SIDE_NAMES: u32 = 1000;

/// Creates a side file of a name no file has (the first free of `nth_name`), with
/// `bytes` in it, synced, its folder synced. An existing file is never overwritten
/// nor removed: only a side file this call made and could not finish is removed.
fn create_side_file(log: &Path, line: usize, bytes: &[u8]) -> Result<PathBuf, JournalError> {
    use std::io::Write;
    let base = side_file_path(log, line);
    for n in 1..=SIDE_NAMES {
        let side = nth_name(&base, n);
        let mut f = match std::fs::OpenOptions::new().append(true).create_new(true).open(&side) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(JournalError::io(&side, "create the file", &e)),
        };
        if let Err(e) = f.write_all(bytes).and_then(|()| f.sync_all()) {
            // A side file not completely written (a full disk) is no side file: it
            // would be listed for ever. This one is ours: it goes.
            drop(f);
            if std::fs::remove_file(&side).is_ok() && fsio::sync_dir(fsio::parent_of(&side)).is_err() {
                // The removal is not synced; a crash may bring the empty file back.
            }
            return Err(JournalError::io(&side, "write", &e));
        }
        fsio::sync_dir(fsio::parent_of(&side))?;
        return Ok(side);
    }
    Err(JournalError::io(&base, "create the file", &std::io::Error::from(std::io::ErrorKind::AlreadyExists)))
}

/// Side files set aside from this log (`<log>.torn-…`), sorted.
pub fn side_files(log: &Path) -> Vec<PathBuf> {
    let Some(name) = log.file_name().map(|n| n.to_string_lossy().into_owned()) else { return vec![] };
    let prefix = format!("{name}.torn-");
    let Ok(entries) = std::fs::read_dir(fsio::parent_of(log)) else { return vec![] };
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(&prefix)))
        .collect();
    out.sort();
    out
}

/// Moves the record that was in flight when Sabot stopped to a side file beside the
/// log (synced before the log is cut), then cuts it off the log.
fn set_aside_tail(path: &Path, file: &File, tail: &scan::Tail) -> Result<SetAside, JournalError> {
    // The log is not changed unless the side file is whole.
    let side = create_side_file(path, tail.line, &tail.bytes)?;
    fsio::cut(file, path, tail.offset).map_err(|e| JournalError::io(path, "cut the record in flight off", &e))?;
    file.sync_all().map_err(|e| JournalError::io(path, "sync", &e))?;
    Ok(SetAside {
        file: side.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
        bytes: tail.bytes.len() as u64,
        sha256: record::sha256_hex(&tail.bytes),
    })
}

/// Takes up a shift that stopped without closing: verifies the whole log (every
/// operation re-played through the engine), moves the record that was in flight,
/// if any, to a side file beside the log (synced before the log is cut), and opens
/// the log for more records with a `Resumed` record saying what was set aside.
/// The table returned is exactly where the log left it: the same coup goes on.
pub fn open_for_append(path: impl AsRef<Path>) -> Result<(Journal, Replayed), JournalError> {
    let path = path.as_ref();
    // The lock first: nothing is read, cut or written while another writer has the log.
    let mut file = fsio::open_regular(path, OpenOptions::new().read(true).append(true))?;
    lock(&file, path)?;
    let mut replayed = scan::scan(path, &mut file, Mode::Verify, None)?;
    if replayed.closed.is_some() {
        return Err(JournalError::Closed { path: path.to_path_buf() });
    }
    check_training_name(path, replayed.header.training)?;
    if let Some(tail) = &replayed.tail {
        replayed.set_aside = Some(set_aside_tail(path, &file, tail)?);
    }
    let mut journal = Journal::after(path, file, &replayed, replayed.good_len);
    let seq = journal
        .write(Body::Resumed(Resumed { software: record::software(), set_aside: replayed.set_aside.clone() }))?;
    replayed.records += 1;
    replayed.last_seq = seq;
    Ok((journal, replayed))
}

/// Records an amendment (R-BQ-E7) in a shift's log from outside its table (the pit
/// boss's review): the log verified whole, then the engine's `Amend` appended as an
/// ordinary operation's record, never an edit. A closed shift's log takes it after
/// its closing record and stays closed (format 4). An open shift's log takes it as it
/// is (nothing says the shift was taken up again); while its table holds the log it is
/// refused as in use. A log with a record in flight is refused: the shift is taken up
/// at the table first. Returns the record's sequence number and the events.
pub fn amend(path: impl AsRef<Path>, coup: u32, reason: &str) -> Result<(u64, Vec<Event>), JournalPlayError> {
    let path = path.as_ref();
    let journal_err = JournalPlayError::Journal;
    let mut file = fsio::open_regular(path, OpenOptions::new().read(true).append(true)).map_err(journal_err)?;
    lock(&file, path).map_err(journal_err)?;
    let replayed = scan::scan(path, &mut file, Mode::Verify, None).map_err(journal_err)?;
    let op = Op::Amend { coup, reason: reason.to_string() };
    // Refused (no such coup paid): nothing in the file changes, not even a cut record.
    let events = replayed.table.clone().play(&op).map_err(JournalPlayError::Refused)?;
    if let Some(tail) = replayed.tail.as_ref().filter(|t| replayed.closed.is_some() && !t.complete) {
        // An amendment a power cut caught after the close, never acknowledged: kept
        // in a side file (`verify` lists it), cut off, and this one written instead.
        set_aside_tail(path, &file, tail).map_err(journal_err)?;
    } else if let Some(tail) = &replayed.tail {
        let what = Problem::NotSetAside(Box::new(tail.what.clone()));
        return Err(journal_err(JournalError::Bad {
            path: path.to_path_buf(),
            bad: super::error::BadRecord { line: tail.line, seq: None, what },
        }));
    }
    let mut len = replayed.good_len;
    if replayed.close_unterminated {
        // The closing record lost its end of line (it still closes the shift): it is
        // given back before the amendment, which would otherwise join its line.
        file.write_all(b"\n")
            .and_then(|()| file.sync_data())
            .map_err(|e| journal_err(JournalError::io(path, "write", &e)))?;
        len += 1;
    }
    let seq = Journal::after(path, file, &replayed, len).append(&op, &events).map_err(journal_err)?;
    Ok((seq, events))
}

/// A shift log in a folder that was not closed.
#[derive(Clone, Debug)]
pub struct Unfinished {
    pub path: PathBuf,
    /// `None` when the header itself was never completely written.
    pub header: Option<Header>,
}

/// Whether the log's last record is its closing record, or amendments written after
/// it (reads only the end of the file; a closing record whose end of line was cut off still closes the shift; a
/// log whose end cannot be read, or that is not a regular file, counts as unfinished).
pub fn is_closed(path: &Path) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut f) = fsio::open_read(path) else { return false };
    let Ok(len) = f.metadata().map(|m| m.len()) else { return false };
    let mut window = 1u64 << 20;
    loop {
        let start = len.saturating_sub(window);
        let mut buf = Vec::new();
        if f.seek(SeekFrom::Start(start)).is_err() || (&mut f).take(window).read_to_end(&mut buf).is_err() {
            return false;
        }
        let body = buf.strip_suffix(b"\n").unwrap_or(&buf);
        // The last record, and before it any amendments written after the close; a
        // last line without its end of line that is not the closing record is an
        // amendment in flight (or a shift's record in flight): what came before says.
        let mut rest = body;
        if !buf.ends_with(b"\n")
            && let Some(i) = body.iter().rposition(|b| *b == b'\n')
            && !matches!(record::decode(&body[i + 1..]), Ok(Record { body: Body::Close(_), .. }))
        {
            rest = &body[..i];
        }
        let whole = loop {
            let (line, before) = match rest.iter().rposition(|b| *b == b'\n') {
                Some(i) => (&rest[i + 1..], Some(&rest[..i])),
                None if start == 0 => (rest, None),
                None => break false,
            };
            match record::decode(line) {
                Ok(Record { body: Body::Close(_), .. }) => return true,
                Ok(r) if scan::is_amendment(&r.body) => match before {
                    Some(b) => rest = b,
                    None => return false,
                },
                _ => return false,
            }
        };
        if !whole && window >= 1 << 30 {
            return false;
        }
        window *= 4;
    }
}

/// The shift logs in `dir` that were not closed, oldest first: a shift to take up
/// with `open_for_append`.
pub fn unfinished(dir: &Path) -> Result<Vec<Unfinished>, JournalError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(JournalError::io(dir, "list the folder", &e)),
    };
    let mut logs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == EXTENSION))
        // A training session is never taken up as a shift.
        .filter(|p| !is_training_name(p))
        // Only regular files are logs (a FIFO or a device named like one is not opened).
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file()))
        .collect();
    logs.sort();
    let mut out = Vec::new();
    for path in logs {
        if is_closed(&path) {
            continue;
        }
        let header = read_header(&path).ok();
        out.push(Unfinished { path, header });
    }
    Ok(out)
}

/// The most a header's line takes (a header is a few kilobytes: its shoe's cards).
const HEADER_MAX: u64 = 1 << 20;

/// The header of a log (its first line only, at most a megabyte read).
pub fn read_header(path: &Path) -> Result<Header, JournalError> {
    use std::io::{BufRead, BufReader, Read};
    let f = fsio::open_read(path)?;
    let mut line = Vec::new();
    BufReader::new(f).take(HEADER_MAX).read_until(b'\n', &mut line).map_err(|e| JournalError::io(path, "read", &e))?;
    if line.pop() != Some(b'\n') {
        return Err(JournalError::unreadable(path, Problem::HeaderUnfinished { bytes: None }));
    }
    match record::decode(&line) {
        Ok(Record { body: Body::Header(h), .. }) => Ok(h),
        Ok(_) => Err(JournalError::unreadable(path, Problem::FirstNotHeader)),
        Err(e) => Err(JournalError::unreadable(path, Problem::HeaderUnreadable(e))),
    }
}

/// Moves a log whose header was never completely written (a shift that never
/// started) out of the way, to `<log>.torn-…`, so it is kept but no longer found as
/// unfinished. Returns the side file.
pub fn set_aside_unstarted(path: &Path) -> Result<PathBuf, JournalError> {
    if read_header(path).is_ok() {
        return Err(JournalError::unreadable(path, Problem::HasHeader));
    }
    // Linked to a free name (a link never replaces a file), then unlinked from the
    // log's: a file already there under the side file's name is never overwritten.
    let base = side_file_path(path, 1);
    for n in 1..=SIDE_NAMES {
        let side = nth_name(&base, n);
        match std::fs::hard_link(path, &side) {
            Ok(()) => {
                std::fs::remove_file(path).map_err(|e| JournalError::io(path, "move aside", &e))?;
                fsio::sync_dir(fsio::parent_of(path))?;
                return Ok(side);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(JournalError::io(path, "move aside", &e)),
        }
    }
    Err(JournalError::io(path, "move aside", &std::io::Error::from(std::io::ErrorKind::AlreadyExists)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side file of the name recovery would take is already there (another
    /// recovery's, or anyone's): it is neither overwritten nor removed, and the
    /// record in flight goes to a new name beside it.
    #[test]
    fn a_side_file_never_overwrites_or_removes_a_file_already_there() {
        let dir = tempfile::tempdir().expect("dir");
        let log = dir.path().join("shift.sabotlog");
        // Every name the next three seconds could give it, taken.
        let now = record::now();
        let mut theirs = Vec::new();
        for s in 0..3 {
            let stamp = (now + chrono::Duration::seconds(s)).format("%Y%m%d-%H%M%S");
            let p = dir.path().join(format!("shift.sabotlog.torn-line5-{stamp}"));
            std::fs::write(&p, format!("theirs {s}")).expect("theirs");
            theirs.push(p);
        }
        let side = create_side_file(&log, 5, b"the record in flight").expect("a side file");
        assert!(side.to_string_lossy().ends_with("-2"), "{side:?}");
        assert_eq!(std::fs::read(&side).expect("side"), b"the record in flight");
        for (s, p) in theirs.iter().enumerate() {
            assert_eq!(std::fs::read_to_string(p).expect("still there"), format!("theirs {s}"));
        }
        assert!(side_files(&log).contains(&side));
        // A log that never started, moved aside onto a taken name: the same.
        std::fs::write(&log, b"Record(v:4,seq:0,at:").expect("a torn header");
        let stamp = record::now().format("%Y%m%d-%H%M%S");
        let taken = dir.path().join(format!("shift.sabotlog.torn-line1-{stamp}"));
        std::fs::write(&taken, b"theirs").expect("theirs");
        let moved = set_aside_unstarted(&log).expect("moved aside");
        assert_ne!(moved, taken);
        assert_eq!(std::fs::read(&taken).expect("still there"), b"theirs");
        assert_eq!(std::fs::read(&moved).expect("moved"), b"Record(v:4,seq:0,at:");
        assert!(!log.exists());
    }
}
