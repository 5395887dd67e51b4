//! Reading a shift log from its first byte to its last, checking each record as it
//! comes: its frame and hash, the chain, the sequence, the time, the table, and
//! (when verifying) that the engine makes exactly the events logged. `replay`,
//! `verify`, `report` and `export` are all this one pass.

use super::difference::{describe_difference, void_or_not};
use super::error::{BadRecord, Figures, JournalError, Problem};
use super::record::{self, Body, ClockJump, Close, GENESIS, Header, LineError, Record, Resumed, SetAside};
use crate::engine::{Event, Op, Reading, Table};
use chrono::{DateTime, FixedOffset};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// How the operations are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Apply the logged events (fast; the state is what the log says).
    Apply,
    /// Re-play each operation through a fresh engine and compare its events with the
    /// logged ones: every settlement is recomputed.
    Verify,
}

/// Bytes after the last good record: the record that was in flight when the writer
/// stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tail {
    /// Its line (from 1).
    pub line: usize,
    /// Where it starts in the file.
    pub offset: u64,
    pub bytes: Vec<u8>,
    /// True when the line was ended (a newline) but is bad: not a torn write, a
    /// damaged record.
    pub complete: bool,
    pub what: Problem,
}

/// What a pass over a log found: the table it rebuilds, and what is at its end.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub header: Header,
    /// The table as the log leaves it.
    pub table: Table,
    /// Good records, the header included.
    pub records: u64,
    pub last_seq: u64,
    pub last_hash: String,
    pub last_at: DateTime<FixedOffset>,
    /// Bytes of the good records (where the tail starts).
    pub good_len: u64,
    pub closed: Option<Close>,
    /// When the closing record was written (amendments may follow it).
    pub closed_at: Option<DateTime<FixedOffset>>,
    /// Amendments written after the closing record (R-BQ-E7, format 4).
    pub amended_after_close: u64,
    /// The closing record is whole but its end of line was cut off.
    pub close_unterminated: bool,
    pub resumed: Vec<Resumed>,
    /// The line of each `resumed` record.
    pub resumed_lines: Vec<usize>,
    /// Times the clock went back while the shift was written: the line and the jump.
    pub clock_jumps: Vec<(usize, ClockJump)>,
    pub tail: Option<Tail>,
    /// Recovery only: the tail, moved to a side file before the shift went on.
    pub set_aside: Option<SetAside>,
}

impl Replayed {
    pub fn is_training(&self) -> bool {
        self.header.training
    }
}

/// An amendment's record (R-BQ-E7): the only record a closed shift's log takes.
pub fn is_amendment(body: &Body) -> bool {
    matches!(body, Body::Op { op: Op::Amend { .. }, .. })
}

/// Bytes that begin as every record's line does (`Record(`), or are a beginning of it.
fn starts_like_a_record(bytes: &[u8]) -> bool {
    const START: &[u8] = b"Record(";
    let n = bytes.len().min(START.len());
    n > 0 && bytes[..n] == START[..n]
}

/// Opens a log file to scan it (a regular file only: never a FIFO or a device).
pub fn open_file(path: &Path) -> Result<std::fs::File, JournalError> {
    super::fsio::open_read(path)
}

/// What a log is read from: a file, or bytes in memory (`std::io::Cursor`).
pub trait Source: Read + Seek {}
impl<T: Read + Seek> Source for T {}

/// Splits a block of whole lines into its lines (each without its newline).
fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::with_capacity(bytes.len() / 256 + 1);
    let mut start = 0;
    for i in memchr::memchr_iter(b'\n', bytes) {
        lines.push(&bytes[start..i]);
        start = i + 1;
    }
    lines
}

/// What a log's reader is shown.
pub enum Seen<'r> {
    /// A good record, with the table as it was before it (after the header, the
    /// table the header makes).
    Record { line: usize, record: &'r Record, before: &'r Table },
    /// The events of the operation just seen: the logged events, which are the
    /// engine's (in `Verify` mode, checked to be).
    Events { line: usize, events: &'r [Event] },
}

/// A visitor of records.
pub type Visit<'a> = &'a mut dyn FnMut(Seen<'_>);

enum Stop {
    Error(JournalError),
    /// The fast way met events this engine does not make: start again the slow way.
    Restart,
}

impl From<JournalError> for Stop {
    fn from(e: JournalError) -> Stop {
        Stop::Error(e)
    }
}

/// Bytes read at a time: a log is read a block of whole lines at a time, so that
/// the memory a scan takes does not grow with the log.
const BLOCK: usize = 4 << 20;
/// The longest line read (a record is under a kilobyte; a header a few).
const LINE_MAX: usize = 32 << 20;

/// A log read a block of whole lines at a time; what follows the last end of line
/// is left in `carry` at the end of the file.
struct Feed<'s> {
    src: &'s mut dyn Source,
    carry: Vec<u8>,
    eof: bool,
}

enum Block {
    /// Whole lines, each ending with its newline.
    Lines(Vec<u8>),
    End,
    /// A line longer than `LINE_MAX`: not a log's.
    TooLong,
}

impl Feed<'_> {
    fn next(&mut self, path: &Path) -> Result<Block, JournalError> {
        loop {
            if self.eof {
                return Ok(Block::End);
            }
            let old = self.carry.len();
            // At most a block more (a small log is read in one go, without a block's
            // worth of zeroes first).
            let n = (&mut *self.src)
                .take(BLOCK as u64)
                .read_to_end(&mut self.carry)
                .map_err(|e| JournalError::io(path, "read the shift log", &e))?;
            if n == 0 {
                self.eof = true;
                return Ok(Block::End);
            }
            if let Some(i) = memchr::memrchr(b'\n', &self.carry[old..]) {
                let rest = self.carry[old + i + 1..].to_vec();
                let mut block = std::mem::replace(&mut self.carry, rest);
                block.truncate(old + i + 1);
                return Ok(Block::Lines(block));
            }
            if self.carry.len() > LINE_MAX {
                return Ok(Block::TooLong);
            }
        }
    }
}

/// Scans a log from its first byte, a block at a time (the memory it takes does
/// not grow with the log). `visit` sees each good record (`Seen::Record`) and each
/// operation's events (`Seen::Events`).
///
/// An operation's logged events are not read: the operation is re-played and the
/// events the engine makes are written out and compared byte for byte with the
/// logged text (the same thing, several times faster); only when the texts differ
/// are the logged events read. In `Apply` mode, if they ever differ, the log is read
/// again applying its own events.
pub fn scan(path: &Path, src: &mut dyn Source, mode: Mode, visit: Option<Visit<'_>>) -> Result<Replayed, JournalError> {
    let reading = format_6_reading(path, src);
    let mut none = |_: Seen<'_>| {};
    let visit: Visit<'_> = match visit {
        Some(v) => v,
        None => &mut none,
    };
    match scan_inner(path, src, mode, true, visit, reading) {
        Ok(r) => Ok(r),
        Err(Stop::Error(e)) => Err(e),
        Err(Stop::Restart) => match scan_inner(path, src, mode, false, visit, reading) {
            Ok(r) => Ok(r),
            Err(Stop::Error(e)) => Err(e),
            Err(Stop::Restart) => Err(JournalError::unreadable(path, Problem::NotReplayable)),
        },
    }
}

/// Scans the log file at `path`.
pub fn scan_file(path: &Path, mode: Mode, visit: Option<Visit<'_>>) -> Result<Replayed, JournalError> {
    let mut f = open_file(path)?;
    scan(path, &mut f, mode, visit)
}

/// The state of a pass over a log's records after its header.
struct Pass<'p, 'v> {
    path: &'p Path,
    mode: Mode,
    lazy: bool,
    out: Replayed,
    table: Table,
    /// The line last taken (from 1).
    line_no: usize,
    computed: Vec<Event>,
    text: String,
    visit: Visit<'v>,
}

impl Pass<'_, '_> {
    fn bad(&self, line: usize, seq: Option<u64>, what: Problem) -> JournalError {
        JournalError::Bad { path: self.path.to_path_buf(), bad: BadRecord { line, seq, what } }
    }

    /// Takes a block's lines in order; `ends_file`: its last line is the file's last
    /// (with its newline). Returns false once a bad last line was set aside as the tail.
    fn block(&mut self, lines: &[&[u8]], ends_file: bool, known: Option<&record::Known>) -> Result<bool, Stop> {
        let lazy = self.lazy;
        std::thread::scope(|scope| {
            let mut ahead = Ahead::start(scope, lines, known, lazy);
            for (i, raw) in lines.iter().enumerate() {
                self.line_no += 1;
                let is_last = ends_file && i + 1 == lines.len();
                if !self.line(raw, ahead.next(raw), is_last)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })
    }

    /// One line. Returns false when it was set aside as the tail (a bad last line).
    fn line(&mut self, raw: &[u8], decoded: Decoded<'_>, is_last: bool) -> Result<bool, Stop> {
        let line_no = self.line_no;
        let Some((r, logged_text)) = self.record_of(raw, decoded, is_last)? else { return Ok(false) };
        let seq = Some(r.seq);
        self.check_chained(&r)?;
        (self.visit)(Seen::Record { line: line_no, record: &r, before: &self.table });
        match &r.body {
            Body::Header(_) => return Err(Stop::from(self.bad(line_no, seq, Problem::SecondHeader))),
            Body::Op { op, events } if r.v < 3 => {
                if let Some(what) = legacy_op(&mut self.table, r.v, op, events, self.mode, &mut self.computed) {
                    return Err(self.bad(line_no, seq, what).into());
                }
                // Its events as logged (the ones applied).
                (self.visit)(Seen::Events { line: line_no, events });
            }
            Body::Op { op, events } => match (self.mode, logged_text) {
                (mode, Some(logged_text)) => self.op_by_text(raw, &r, op, logged_text, mode)?,
                (Mode::Apply, None) => {
                    self.table.apply(events);
                    (self.visit)(Seen::Events { line: line_no, events });
                }
                (Mode::Verify, None) => self.op_verified(seq, op, events)?,
            },
            Body::Resumed(res) => {
                self.out.resumed.push(res.clone());
                self.out.resumed_lines.push(line_no);
            }
            Body::ClockJump(jump) => self.out.clock_jumps.push((line_no, jump.clone())),
            Body::Close(close) => {
                self.check_close(seq, close)?;
                self.out.closed = Some(close.clone());
                self.out.closed_at = Some(r.at);
            }
        }
        self.out.records += 1;
        self.out.last_seq = r.seq;
        self.out.last_hash = r.hash;
        self.out.last_at = r.at;
        self.out.good_len += (raw.len() + 1) as u64;
        Ok(true)
    }

    /// The record a line holds, with its events' logged text when read lazily; None
    /// when the line is the file's last, whole but bad, before any close: set aside
    /// as the tail (verify fails on it; recovery sets it aside as the record in
    /// flight).
    fn record_of<'a>(
        &mut self,
        raw: &[u8],
        decoded: Decoded<'a>,
        is_last: bool,
    ) -> Result<Option<LineRecord<'a>>, Stop> {
        let (path, line_no) = (self.path, self.line_no);
        match decoded {
            Ok(r) => Ok(Some(r)),
            Err(LineError::Newer(format)) => Err(Stop::from(JournalError::NewerFormat {
                path: path.to_path_buf(),
                line: line_no,
                format,
                supported: record::FORMAT,
            })),
            Err(LineError::UnknownKind(_)) => {
                Err(Stop::from(JournalError::unreadable(path, Problem::UnknownKind { line: line_no })))
            }
            Err(e) if is_last && self.out.closed.is_none() => {
                self.out.tail = Some(Tail {
                    line: line_no,
                    offset: self.out.good_len,
                    bytes: raw.to_vec(),
                    complete: true,
                    what: Problem::LastDamaged(e),
                });
                Ok(None)
            }
            Err(e) => Err(Stop::from(self.bad(line_no, None, Problem::Line(e)))),
        }
    }

    /// Checks a record follows the last: after the closing record only amendments
    /// (R-BQ-E7, format 4: the pit boss's corrections to paid coups; the shift stays
    /// closed), the next sequence, chained to the last hash, no earlier in time, of
    /// the same table, game and croupier.
    fn check_chained(&mut self, r: &Record) -> Result<(), Stop> {
        let (line_no, seq) = (self.line_no, Some(r.seq));
        if self.out.closed.is_some() {
            if !is_amendment(&r.body) {
                return Err(Stop::from(self.bad(line_no, seq, Problem::AfterClose)));
            }
            self.out.amended_after_close += 1;
        }
        let expected = self.out.last_seq + 1;
        if r.seq != expected {
            let what = if r.seq > expected {
                Problem::Missing { expected, seq: r.seq }
            } else {
                Problem::OutOfOrder { seq: r.seq, expected }
            };
            return Err(Stop::from(self.bad(line_no, seq, what)));
        }
        if r.prev != self.out.last_hash {
            return Err(Stop::from(self.bad(line_no, seq, Problem::ChainBroken)));
        }
        if r.at < self.out.last_at {
            let what = Problem::TimeBack { time: r.at, previous: self.out.last_at };
            return Err(Stop::from(self.bad(line_no, seq, what)));
        }
        if r.table != self.out.header.table || r.game != self.out.header.settings.game {
            return Err(Stop::from(self.bad(line_no, seq, Problem::TableDiffers)));
        }
        if r.croupier != self.out.header.croupier {
            let what = Problem::CroupierDiffers { croupier: r.croupier.clone() };
            return Err(Stop::from(self.bad(line_no, seq, what)));
        }
        Ok(())
    }

    /// An operation read lazily: re-played, and the events the engine makes written
    /// out and compared with the logged text. When the texts differ, `Apply` starts
    /// again the slow way; `Verify` reads the logged events, which decide: the same
    /// events (or, before `VOID_CLAUSE`, the same but for a void's clause) pass.
    fn op_by_text(&mut self, raw: &[u8], r: &Record, op: &Op, logged_text: &[u8], mode: Mode) -> Result<(), Stop> {
        let (line_no, seq) = (self.line_no, Some(r.seq));
        let table = &mut self.table;
        let computed = &mut self.computed;
        computed.clear();
        let refused = table.handle(op, computed).err();
        let same = refused.is_none()
            && record::events_text(computed, &mut self.text).is_ok()
            && self.text.as_bytes() == logged_text;
        if !same {
            if mode == Mode::Apply {
                return Err(Stop::Restart);
            }
            // The texts differ: the logged events, read, decide.
            let logged = match record::decode(raw) {
                Ok(Record { body: Body::Op { events, .. }, .. }) => Some(events),
                _ => None,
            };
            let logged = match (refused, logged) {
                (None, Some(logged)) if logged == *computed => None,
                (None, Some(logged)) if r.v < record::VOID_CLAUSE && void_or_not(&logged) == void_or_not(computed) => {
                    None
                }
                (refused, logged) => Some((refused, logged.unwrap_or_default())),
            };
            if let Some((refused, logged)) = logged {
                let what = match refused {
                    Some(refusal) => Problem::Refused(Box::new(refusal)),
                    None => describe_difference(&logged, computed, table.totals().coups.saturating_sub(1)),
                };
                return Err(self.bad(line_no, seq, what).into());
            }
        }
        (self.visit)(Seen::Events { line: line_no, events: &self.computed });
        Ok(())
    }

    /// An operation read whole in `Verify` mode: re-played, and the events the engine
    /// makes must be the logged ones.
    fn op_verified(&mut self, seq: Option<u64>, op: &Op, events: &[Event]) -> Result<(), Stop> {
        let line_no = self.line_no;
        let (table, computed) = (&mut self.table, &mut self.computed);
        computed.clear();
        if let Err(refusal) = table.handle(op, computed) {
            return Err(self.bad(line_no, seq, Problem::Refused(Box::new(refusal))).into());
        }
        if *computed != *events {
            let what = describe_difference(events, computed, table.totals().coups);
            return Err(self.bad(line_no, seq, what).into());
        }
        (self.visit)(Seen::Events { line: line_no, events });
        Ok(())
    }

    /// The closing record's totals and bank must be the replayed table's.
    fn check_close(&self, seq: Option<u64>, close: &Close) -> Result<(), Stop> {
        let table = &self.table;
        if close.totals != *table.totals() || close.bank != table.bank() {
            let logged = Figures {
                coups: close.totals.coups,
                bank: close.bank,
                cagnotte: close.totals.cagnotte,
                commission: close.totals.commission,
            };
            let replayed = Figures {
                coups: table.totals().coups,
                bank: table.bank(),
                cagnotte: table.totals().cagnotte,
                commission: table.totals().commission,
            };
            let what = Problem::ClosingTotals { logged: Box::new(logged), replayed: Box::new(replayed) };
            return Err(Stop::from(self.bad(self.line_no, seq, what)));
        }
        Ok(())
    }
}

fn scan_inner(
    path: &Path,
    src: &mut dyn Source,
    mode: Mode,
    lazy: bool,
    visit: Visit<'_>,
    reading: Option<Reading>,
) -> Result<Replayed, Stop> {
    src.seek(SeekFrom::Start(0)).map_err(|e| JournalError::io(path, "read the shift log", &e))?;
    let mut feed = Feed { src, carry: Vec::new(), eof: false };
    let first_block = first_block(path, &mut feed)?;
    let lines = split_lines(&first_block);
    let (head, header) = read_header(path, &lines)?;
    let first_len = lines.first().map_or(0, |l| l.len());
    drop(lines);
    let mut table = header.table().map_err(|e| bad_at(path, 1, Some(0), Problem::HeaderSettings(e)))?;
    if let Some(reading) = reading {
        table.set_reading(reading);
    }
    visit(Seen::Record { line: 1, record: &head, before: &table });

    let out = Replayed::after_header(header, &head, &table, first_len);
    // Checking and reading the lines does not depend on the records before them:
    // helper threads do it ahead of the replay, which takes them in order.
    let known = record::Known::new(&out.header.table, &out.header.croupier, out.header.settings.game);
    // A log of format 1 or 2 (an earlier engine) is read whole: its events are applied
    // as logged (`legacy_op`).
    let lazy = lazy && out.header.format >= 3;
    let mut pass = Pass { path, mode, lazy, out, table, line_no: 1, computed: Vec::new(), text: String::new(), visit };
    let going = pass.blocks(&mut feed, first_block, known.as_ref())?;
    let rest = std::mem::take(&mut feed.carry);
    if going && !rest.is_empty() {
        pass.last_line(rest, known.as_ref())?;
    }
    let mut out = pass.out;
    out.table = pass.table;
    Ok(out)
}

impl Replayed {
    /// A pass that has read the header (`head`, its line `first_len` bytes long) and
    /// nothing else, `table` the table it makes.
    fn after_header(header: Header, head: &Record, table: &Table, first_len: usize) -> Replayed {
        Replayed {
            header,
            table: table.clone(),
            records: 1,
            last_seq: 0,
            last_hash: head.hash.clone(),
            last_at: head.at,
            good_len: (first_len + 1) as u64,
            closed: None,
            close_unterminated: false,
            closed_at: None,
            amended_after_close: 0,
            resumed: Vec::new(),
            resumed_lines: Vec::new(),
            clock_jumps: Vec::new(),
            tail: None,
            set_aside: None,
        }
    }
}

/// A bad record of the log at `path`.
fn bad_at(path: &Path, line: usize, seq: Option<u64>, what: Problem) -> JournalError {
    JournalError::Bad { path: path.to_path_buf(), bad: BadRecord { line, seq, what } }
}

/// The log's first block of whole lines; a file that is empty, starts with a byte
/// order mark, or has no end of line where a header would end is no log.
fn first_block(path: &Path, feed: &mut Feed<'_>) -> Result<Vec<u8>, Stop> {
    let first_block = match feed.next(path)? {
        Block::Lines(b) => b,
        Block::End if feed.carry.is_empty() => return Err(Stop::from(JournalError::unreadable(path, Problem::Empty))),
        Block::End if feed.carry.starts_with(b"\xEF\xBB\xBF") => {
            return Err(Stop::from(JournalError::unreadable(path, Problem::Bom)));
        }
        Block::End => {
            let bytes = Some(feed.carry.len());
            return Err(Stop::from(JournalError::unreadable(path, Problem::HeaderUnfinished { bytes })));
        }
        Block::TooLong => return Err(Stop::from(JournalError::unreadable(path, Problem::NotALog))),
    };
    if first_block.starts_with(b"\xEF\xBB\xBF") {
        return Err(Stop::from(JournalError::unreadable(path, Problem::Bom)));
    }
    Ok(first_block)
}

/// The header record on the first line and the header it holds, checked: a record of
/// sequence 0 chained to nothing, a format this engine reads, and the same table,
/// croupier and game as its record says.
fn read_header(path: &Path, lines: &[&[u8]]) -> Result<(Record, Header), Stop> {
    let bad = |line: usize, seq: Option<u64>, what: Problem| bad_at(path, line, seq, what);
    let Some(first) = lines.first() else {
        return Err(Stop::from(JournalError::unreadable(path, Problem::Empty)));
    };
    if first.ends_with(b"\r") {
        return Err(Stop::from(JournalError::unreadable(path, Problem::CrLf)));
    }
    let head = match record::decode(first) {
        Ok(r) => r,
        Err(LineError::NotARecord) if !lines.iter().skip(1).any(|l| l.starts_with(b"Record(v:")) => {
            return Err(Stop::from(JournalError::unreadable(path, Problem::NotALog)));
        }
        Err(LineError::Newer(format)) => {
            return Err(Stop::from(JournalError::NewerFormat {
                path: path.to_path_buf(),
                line: 1,
                format,
                supported: record::FORMAT,
            }));
        }
        Err(LineError::UnknownKind(_)) => {
            return Err(Stop::from(JournalError::unreadable(path, Problem::UnknownKind { line: 1 })));
        }
        Err(e) => return Err(Stop::from(bad(1, None, Problem::HeaderDamaged(e)))),
    };
    let header = match &head.body {
        Body::Header(h) => h.clone(),
        _ => {
            return Err(Stop::from(bad(1, Some(head.seq), Problem::HeaderMissing { first: head.seq })));
        }
    };
    if head.seq != 0 {
        return Err(Stop::from(bad(1, Some(head.seq), Problem::HeaderNotZero { seq: head.seq })));
    }
    if head.prev != GENESIS {
        return Err(Stop::from(bad(1, Some(0), Problem::HeaderPrevNotZero)));
    }
    if header.format > record::FORMAT {
        return Err(Stop::from(JournalError::NewerFormat {
            path: path.to_path_buf(),
            line: 1,
            format: header.format,
            supported: record::FORMAT,
        }));
    }
    if head.table != header.table || head.croupier != header.croupier || head.game != header.settings.game {
        return Err(Stop::from(bad(1, Some(0), Problem::HeaderDiffers)));
    }
    Ok((head, header))
}

impl Pass<'_, '_> {
    /// Takes the lines after the header, a block at a time from the first block on;
    /// each block is taken once the next is read, so the last line of the file is
    /// known. Returns false once a bad last line was set aside as the tail.
    fn blocks(
        &mut self,
        feed: &mut Feed<'_>,
        first_block: Vec<u8>,
        known: Option<&record::Known>,
    ) -> Result<bool, Stop> {
        let path = self.path;
        let mut current = first_block;
        let mut skip = 1;
        let mut going = true;
        while going {
            let next = match feed.next(path)? {
                Block::Lines(b) => Some(b),
                Block::End => None,
                Block::TooLong => {
                    let line = self.line_no + split_lines(&current).len() - skip + 1;
                    return Err(Stop::from(bad_at(path, line, None, Problem::Line(LineError::Frame))));
                }
            };
            let ends_file = next.is_none() && feed.carry.is_empty();
            let lines = split_lines(&current);
            going = self.block(&lines[skip..], ends_file, known)?;
            drop(lines);
            match next {
                Some(b) if going => {
                    current = b;
                    skip = 0;
                }
                _ => break,
            }
        }
        Ok(going)
    }

    /// A last line without its end of line. The closing record, whole, keeps the
    /// shift closed (only its end of line was lost); another whole record chained
    /// to the last one is the record in flight, said to be whole; anything else is
    /// a torn write. After the close only an amendment is written (R-BQ-E7): a
    /// last line cut short there is the amendment a power cut caught, never
    /// acknowledged, set aside by the next amendment, the shift still closed; a
    /// whole record that is not a chained amendment, or bytes that are no
    /// record's, fail the log.
    fn last_line(&mut self, rest: Vec<u8>, known: Option<&record::Known>) -> Result<(), Stop> {
        let whole = record::decode(&rest).ok();
        let line = self.line_no + 1;
        let after_close = self.out.closed.is_some();
        let chained = whole.as_ref().is_some_and(|r| r.seq == self.out.last_seq + 1 && r.prev == self.out.last_hash);
        let what = match &whole {
            Some(r) if after_close && !is_amendment(&r.body) => Err(Problem::AfterClose),
            Some(_) if after_close && !chained => Err(Problem::BytesAfterClose),
            None if after_close && !starts_like_a_record(&rest) => Err(Problem::BytesAfterClose),
            Some(r) if matches!(r.body, Body::Close(_)) => Ok(None),
            Some(r) if chained => Ok(Some(Problem::Unterminated { seq: r.seq })),
            _ => Ok(Some(Problem::Torn { bytes: rest.len() })),
        };
        match what {
            Err(what) => return Err(Stop::from(self.bad(line, whole.map(|r| r.seq), what))),
            Ok(None) => {
                self.block(&[rest.as_slice()], true, known)?;
                if self.out.closed.is_some() {
                    self.out.close_unterminated = true;
                    self.out.good_len -= 1;
                }
            }
            Ok(Some(what)) => {
                self.out.tail = Some(Tail { line, offset: self.out.good_len, bytes: rest, complete: false, what });
            }
        }
        Ok(())
    }
}

/// A line's record, with its events' logged text when it is read lazily.
type LineRecord<'a> = (Record, Option<&'a [u8]>);

type Decoded<'a> = Result<LineRecord<'a>, LineError>;

/// Lines a helper thread reads at a time.
const CHUNK: usize = 256;
/// Chunks a helper may have read ahead of the replay.
const AHEAD: usize = 4;

/// The lines after the header, read in order: by helper threads ahead of the replay
/// (each line's frame and hash checked, the record read lazily), or here.
struct Ahead<'a, 'k> {
    lines: &'a [&'a [u8]],
    lazy: bool,
    reader: record::Reader<'a, 'k>,
    /// Helper `h` reads chunks `h`, `h + helpers.len()`, … in order.
    helpers: Vec<std::sync::mpsc::Receiver<Vec<Decoded<'a>>>>,
    chunk: std::vec::IntoIter<Decoded<'a>>,
    /// The next chunk to take from a helper.
    next_chunk: usize,
}

impl<'a, 'k> Ahead<'a, 'k> {
    fn start<'s>(
        scope: &'s std::thread::Scope<'s, '_>,
        lines: &'a [&'a [u8]],
        known: Option<&'k record::Known>,
        lazy: bool,
    ) -> Self
    where
        'a: 's,
        'k: 's,
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
        let mut helpers = Vec::new();
        if lazy && threads > 1 && lines.len() >= 1024 {
            for h in 0..threads {
                let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let mut reader = record::Reader::new(known);
                    for part in lines.chunks(CHUNK).skip(h).step_by(threads) {
                        let decoded: Vec<Decoded<'a>> = part.iter().map(|l| reader.decode(l)).collect();
                        if tx.send(decoded).is_err() {
                            return; // the replay stopped
                        }
                    }
                });
                if spawned.is_err() {
                    helpers.clear();
                    break;
                }
                helpers.push(rx);
            }
        }
        Ahead { lines, lazy, reader: record::Reader::new(known), helpers, chunk: Vec::new().into_iter(), next_chunk: 0 }
    }

    /// The next line, read (`raw` is that line).
    fn next(&mut self, raw: &'a [u8]) -> Decoded<'a> {
        if !self.lazy {
            return record::decode(raw).map(|r| (r, None));
        }
        if self.chunk.len() == 0 && !self.helpers.is_empty() && self.next_chunk * CHUNK < self.lines.len() {
            let c = self.next_chunk;
            self.next_chunk += 1;
            let chunk = match self.helpers[c % self.helpers.len()].recv() {
                Ok(chunk) => chunk,
                // A helper that stopped (short of a panic, none does): its lines are read here.
                Err(_) => {
                    let end = ((c + 1) * CHUNK).min(self.lines.len());
                    self.lines[c * CHUNK..end].iter().map(|l| self.reader.decode(l)).collect()
                }
            };
            self.chunk = chunk.into_iter();
        }
        match self.chunk.next() {
            Some(d) => d,
            None => self.reader.decode(raw),
        }
    }
}

#[path = "scan_legacy.rs"]
mod legacy;
use legacy::legacy_op;

#[path = "scan_reading.rs"]
mod reading;
use reading::format_6_reading;

#[path = "scan_follow.rs"]
mod follow;
pub use follow::{FollowStop, Following, Restart};
