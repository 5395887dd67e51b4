//! Reading a shift log from its first byte to its last, checking each record as it
//! comes: its frame and hash, the chain, the sequence, the time, the table, and
//! (when verifying) that the engine makes exactly the events logged. `replay`,
//! `verify`, `report` and `export` are all this one pass.

use super::error::{BadRecord, Differs, Figures, JournalError, Problem, SettlementPart};
use super::record::{self, Body, Close, GENESIS, Header, LineError, Record, Resumed, SetAside};
use crate::engine::{Event, Op, Settlement, Table};
use chrono::{DateTime, FixedOffset};
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
    pub resumed: Vec<Resumed>,
    pub tail: Option<Tail>,
    /// Recovery only: the tail, moved to a side file before the shift went on.
    pub set_aside: Option<SetAside>,
}

impl Replayed {
    pub fn is_training(&self) -> bool {
        self.header.training
    }
}

/// Reads a whole log file.
pub fn read_file(path: &Path) -> Result<Vec<u8>, JournalError> {
    std::fs::read(path).map_err(|e| JournalError::io(path, "read the shift log", &e))
}

/// Splits the file into complete lines (each without its newline) and what follows
/// the last newline.
fn split_lines(bytes: &[u8]) -> (Vec<&[u8]>, &[u8]) {
    let mut lines = Vec::with_capacity(bytes.len() / 256 + 1);
    let mut start = 0;
    for i in memchr::memchr_iter(b'\n', bytes) {
        lines.push(&bytes[start..i]);
        start = i + 1;
    }
    (lines, &bytes[start..])
}

/// A visitor of records: the line, the record, and the table as it was before it.
pub type Visit<'a> = &'a mut dyn FnMut(usize, &Record, &Table);

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

/// Scans a log's bytes. `visit` sees each good record with the table as it was
/// before the record (after the header, the table the header makes).
///
/// Without a visitor, an operation's logged events are not read: the operation is
/// re-played and the events the engine makes are written out and compared byte for
/// byte with the logged text (the same thing, several times faster). In `Apply`
/// mode, if they ever differ, the log is read again applying its own events.
pub fn scan(path: &Path, bytes: &[u8], mode: Mode, visit: Option<Visit<'_>>) -> Result<Replayed, JournalError> {
    let lazy = visit.is_none();
    let mut none = |_: usize, _: &Record, _: &Table| {};
    let visit: Visit<'_> = match visit {
        Some(v) => v,
        None => &mut none,
    };
    match scan_inner(path, bytes, mode, lazy, visit) {
        Ok(r) => Ok(r),
        Err(Stop::Error(e)) => Err(e),
        Err(Stop::Restart) => match scan_inner(path, bytes, mode, false, visit) {
            Ok(r) => Ok(r),
            Err(Stop::Error(e)) => Err(e),
            Err(Stop::Restart) => Err(JournalError::unreadable(path, Problem::NotReplayable)),
        },
    }
}

fn scan_inner(path: &Path, bytes: &[u8], mode: Mode, lazy: bool, visit: Visit<'_>) -> Result<Replayed, Stop> {
    let bad = |line: usize, seq: Option<u64>, what: Problem| JournalError::Bad {
        path: path.to_path_buf(),
        bad: BadRecord { line, seq, what },
    };
    if bytes.is_empty() {
        return Err(Stop::from(JournalError::unreadable(path, Problem::Empty)));
    }
    let (lines, rest) = split_lines(bytes);
    let Some(first) = lines.first() else {
        return Err(Stop::from(JournalError::unreadable(path, Problem::HeaderUnfinished { bytes: Some(rest.len()) })));
    };
    // The header.
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
    let mut table = header.table().map_err(|e| bad(1, Some(0), Problem::HeaderSettings(e)))?;
    visit(1, &head, &table);

    let mut out = Replayed {
        header,
        table: table.clone(),
        records: 1,
        last_seq: 0,
        last_hash: head.hash.clone(),
        last_at: head.at,
        good_len: (first.len() + 1) as u64,
        closed: None,
        resumed: Vec::new(),
        tail: None,
        set_aside: None,
    };
    let n_lines = lines.len();
    let mut computed: Vec<Event> = Vec::new();
    let mut text = String::new();
    // Checking and reading the lines does not depend on the records before them:
    // helper threads do it ahead of the replay, which takes them in order.
    let known = record::Known::new(&out.header.table, &out.header.croupier, out.header.settings.game);
    std::thread::scope(|scope| {
        // A log of format 1 (an earlier engine) is read whole: its events are applied
        // as logged (`legacy_op`).
        let lazy = lazy && out.header.format >= 2;
        let mut ahead = Ahead::start(scope, &lines[1..], known.as_ref(), lazy);
        for (i, raw) in lines.iter().enumerate().skip(1) {
            let line_no = i + 1;
            let is_last = i + 1 == n_lines && rest.is_empty();
            let decoded = ahead.next(raw);
            let (r, logged_text) = match decoded {
                Ok(r) => r,
                Err(LineError::Newer(format)) => {
                    return Err(Stop::from(JournalError::NewerFormat {
                        path: path.to_path_buf(),
                        line: line_no,
                        format,
                        supported: record::FORMAT,
                    }));
                }
                Err(e) if is_last && out.closed.is_none() => {
                    // A whole line, but bad: the caller decides (verify fails on it;
                    // recovery sets it aside as the record in flight).
                    out.tail = Some(Tail {
                        line: line_no,
                        offset: out.good_len,
                        bytes: raw.to_vec(),
                        complete: true,
                        what: Problem::LastDamaged(e),
                    });
                    break;
                }
                Err(e) => return Err(Stop::from(bad(line_no, None, Problem::Line(e)))),
            };
            let seq = Some(r.seq);
            if out.closed.is_some() {
                return Err(Stop::from(bad(line_no, seq, Problem::AfterClose)));
            }
            let expected = out.last_seq + 1;
            if r.seq != expected {
                let what = if r.seq > expected {
                    Problem::Missing { expected, seq: r.seq }
                } else {
                    Problem::OutOfOrder { seq: r.seq, expected }
                };
                return Err(Stop::from(bad(line_no, seq, what)));
            }
            if r.prev != out.last_hash {
                return Err(Stop::from(bad(line_no, seq, Problem::ChainBroken)));
            }
            if r.at < out.last_at {
                return Err(Stop::from(bad(line_no, seq, Problem::TimeBack { time: r.at, previous: out.last_at })));
            }
            if r.table != out.header.table || r.game != out.header.settings.game {
                return Err(Stop::from(bad(line_no, seq, Problem::TableDiffers)));
            }
            if r.croupier != out.header.croupier {
                return Err(Stop::from(bad(line_no, seq, Problem::CroupierDiffers { croupier: r.croupier.clone() })));
            }
            visit(line_no, &r, &table);
            match &r.body {
                Body::Header(_) => return Err(Stop::from(bad(line_no, seq, Problem::SecondHeader))),
                Body::Op { op, events } if r.v < 2 => {
                    if let Some(what) = legacy_op(&mut table, op, events, mode, &mut computed) {
                        return Err(bad(line_no, seq, what).into());
                    }
                }
                Body::Op { op, events } => match (mode, logged_text) {
                    (_, Some(logged_text)) => {
                        computed.clear();
                        let refused = table.handle(op, &mut computed).err();
                        let same = refused.is_none()
                            && record::events_text(&computed, &mut text).is_ok()
                            && text.as_bytes() == logged_text;
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
                                (None, Some(logged)) if logged == computed => None,
                                (refused, logged) => Some((refused, logged.unwrap_or_default())),
                            };
                            if let Some((refused, logged)) = logged {
                                let what = match refused {
                                    Some(refusal) => Problem::Refused(Box::new(refusal)),
                                    None => {
                                        describe_difference(&logged, &computed, table.totals().coups.saturating_sub(1))
                                    }
                                };
                                return Err(bad(line_no, seq, what).into());
                            }
                        }
                    }
                    (Mode::Apply, None) => {
                        for e in events {
                            table.apply(e);
                        }
                    }
                    (Mode::Verify, None) => {
                        computed.clear();
                        if let Err(refusal) = table.handle(op, &mut computed) {
                            return Err(bad(line_no, seq, Problem::Refused(Box::new(refusal))).into());
                        }
                        if computed != *events {
                            return Err(bad(
                                line_no,
                                seq,
                                describe_difference(events, &computed, table.totals().coups),
                            )
                            .into());
                        }
                    }
                },
                Body::Resumed(res) => out.resumed.push(res.clone()),
                Body::Close(close) => {
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
                        return Err(Stop::from(bad(
                            line_no,
                            seq,
                            Problem::ClosingTotals { logged: Box::new(logged), replayed: Box::new(replayed) },
                        )));
                    }
                    out.closed = Some(close.clone());
                }
            }
            out.records += 1;
            out.last_seq = r.seq;
            out.last_hash = r.hash;
            out.last_at = r.at;
            out.good_len += (raw.len() + 1) as u64;
        }
        if !rest.is_empty() {
            if out.closed.is_some() {
                return Err(Stop::from(bad(n_lines + 1, None, Problem::BytesAfterClose)));
            }
            out.tail = Some(Tail {
                line: n_lines + 1,
                offset: out.good_len,
                bytes: rest.to_vec(),
                complete: false,
                what: Problem::Torn { bytes: rest.len() },
            });
        }
        out.table = table;
        Ok(out)
    })
}

type Decoded<'a> = Result<(Record, Option<&'a [u8]>), LineError>;

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

/// A record of format 1, written by an earlier engine whose events this one no longer
/// makes word for word (a coup put right recorded as a snapshot of the play, no
/// payout clause, the bank's way chosen by the screen). Its events are applied as
/// logged; when verifying, the operation is also re-played on a copy of the table,
/// and a settlement it makes must be the one logged, to the cent (the payout clauses
/// aside). Returns what is wrong, if anything.
fn legacy_op(table: &mut Table, op: &Op, events: &[Event], mode: Mode, computed: &mut Vec<Event>) -> Option<Problem> {
    if mode == Mode::Verify {
        let mut copy = table.clone();
        computed.clear();
        if copy.handle(op, computed).is_ok() {
            let settled = |v: &[Event]| {
                v.iter().find_map(|e| match e {
                    Event::Settled(s) => Some(without_clauses(s)),
                    _ => None,
                })
            };
            if let (Some(logged), Some(now)) = (settled(events), settled(computed))
                && logged != now
            {
                let coup = table.totals().coups + 1;
                return Some(Problem::SettlementDiffers { coup, parts: settlement_difference(&logged, &now) });
            }
        }
    }
    for e in events {
        table.apply(e);
    }
    None
}

/// A settlement with its payout clauses taken out (format 1 recorded none).
fn without_clauses(s: &Settlement) -> Settlement {
    let mut s = s.clone();
    for b in &mut s.bets {
        b.clause = None;
    }
    s
}

fn describe_difference(logged: &[Event], computed: &[Event], coups_before: u32) -> Problem {
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

fn settlement_difference(logged: &Settlement, computed: &Settlement) -> Vec<Differs> {
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
    cmp(SettlementPart::Void, logged.void.to_string(), computed.void.to_string());
    cmp(SettlementPart::Winners, format!("{:?}", logged.winners), format!("{:?}", computed.winners));
    cmp(SettlementPart::Hands, format!("{:?}", logged.hands), format!("{:?}", computed.hands));
    cmp(SettlementPart::Seats, format!("{:?}", logged.seats), format!("{:?}", computed.seats));
    cmp(SettlementPart::Bets, format!("{:?}", logged.bets), format!("{:?}", computed.bets));
    d
}
