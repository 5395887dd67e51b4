//! A local shift log against the pit's copy, record by record (`sabot verify --pit`).
//!
//! The pit's copy was made as the shift went on, by a role that cannot change it; a
//! log rewritten on the laptop afterwards (a bet changed, every later hash recomputed)
//! is still a sound chain by itself, but no longer the pit's: the first record that
//! differs is named, and the logs fork there.

use super::PitError;
use super::client::{PitReader, ShiftHead};
use super::replicator::seq_of;
use chrono::{DateTime, FixedOffset};
use std::io::BufReader;
use std::path::Path;
use std::time::Duration;

/// The first thing that differs between a log and the pit's copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The pit holds no shift with this log's header, nor one of its table started at
    /// the same moment.
    NotInPit,
    /// Record `seq` differs from the pit's (the logs fork there); `after` more records
    /// after it differ too.
    Differs { seq: u64, after: u64 },
    /// The pit lacks record `seq` (and the ones after it), written locally longer ago
    /// than what may still be in flight.
    MissingInPit { seq: u64, count: u64 },
    /// The local log lacks record `seq`, which the pit holds (and `count` in all).
    MissingLocally { seq: u64, count: u64 },
}

/// What the comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The shift's id in the pit (its header record's hash).
    pub shift_id: String,
    /// Records in the local log and in the pit (headers included).
    pub local: u64,
    pub pit: u64,
    /// Local records the pit lacks that are recent enough to be still on their way.
    pub in_flight: u64,
    pub mismatch: Option<Mismatch>,
    /// How late the pit received the shift's records (None when not asked: the shift
    /// is not in the pit, or the local log lacks records the pit holds).
    pub late: Option<super::Lateness>,
}

impl Comparison {
    pub fn is_ok(&self) -> bool {
        self.mismatch.is_none()
    }
}

/// The local log, read one whole record at a time (flat memory, whatever its size).
struct LocalLines<'a> {
    log: &'a Path,
    reader: BufReader<std::fs::File>,
    buf: Vec<u8>,
    /// Lines read so far.
    count: u64,
    /// A closing record was read.
    closed: bool,
}

impl LocalLines<'_> {
    fn open(log: &Path) -> Result<LocalLines<'_>, PitError> {
        let reader = BufReader::with_capacity(1 << 16, super::open_log(log)?);
        Ok(LocalLines { log, reader, buf: Vec::new(), count: 0, closed: false })
    }

    /// The next line (its sequence: the line's own, else its place), or None at the end.
    fn next(&mut self) -> Result<Option<u64>, PitError> {
        if !super::next_line(&mut self.reader, &mut self.buf, self.log)? {
            return Ok(None);
        }
        let seq = seq_of(&self.buf).unwrap_or(self.count);
        self.count += 1;
        if memchr::memmem::find(&self.buf, b",body:Close(").is_some() {
            self.closed = true;
        }
        Ok(Some(seq))
    }

    fn line(&self) -> &[u8] {
        &self.buf
    }

    /// The time the current line says it was written.
    fn at(&self) -> Option<DateTime<FixedOffset>> {
        crate::journal::record::decode(&self.buf).ok().map(|r| r.at)
    }
}

/// Compares the log at `log` with the pit's copy, reading both a chunk at a time.
/// Local records the pit lacks at the end of a log that is not closed, written less
/// than `in_flight` ago, are still on their way and counted apart, not a failure.
/// Records the pit received more than `in_flight` after they were written are
/// counted too (`Comparison::late`): the pit's copy of those proves only what the
/// laptop held when it sent them.
pub fn compare(pit: &mut PitReader, log: &Path, in_flight: Duration) -> Result<Comparison, PitError> {
    let mut local = LocalLines::open(log)?;
    let (head, first) = read_head(&mut local, log)?;
    let mut result =
        Comparison { shift_id: head.shift_id.clone(), local: 0, pit: 0, in_flight: 0, mismatch: None, late: None };
    let shift = match pit.shift(&head.shift_id)? {
        Some(s) => s,
        None => {
            match header_rewritten(pit, &mut local, &head)? {
                // The header itself rewritten: the pit's shift walked against the log
                // from its header on, every record that differs after it counted.
                Some(theirs) => {
                    let mut again = LocalLines::open(log)?;
                    let (_, first) = read_head(&mut again, log)?;
                    let walk = walk_the_pit(pit, &mut again, &theirs.shift_id, theirs.last_seq, head_seq(&first))?;
                    let mut past = 0;
                    if walk.local_left {
                        while again.next()?.is_some() {
                            past += 1;
                        }
                    }
                    result.pit = theirs.last_seq + 1;
                    result.local = again.count;
                    result.mismatch = Some(Mismatch::Differs { seq: 0, after: walk.after + past });
                }
                None => {
                    result.mismatch = Some(Mismatch::NotInPit);
                    while local.next()?.is_some() {}
                    result.local = local.count;
                }
            }
            return Ok(result);
        }
    };
    result.pit = shift.last_seq + 1;
    // Recent is measured by the pit's clock (when it read the shift), never the
    // laptop's: a record stamped ahead of it is not on its way.
    let now = shift.read_at.fixed_offset();
    let walk = walk_the_pit(pit, &mut local, &head.shift_id, shift.last_seq, head_seq(&first))?;
    result.mismatch = walk.missing_locally;
    // What the local log has past the pit's last record.
    let past = if walk.local_left { past_the_pit(&mut local, now, in_flight)? } else { Past::default() };
    result.local = local.count;
    if result.mismatch.is_none() || walk.first_diff.is_some() {
        result.late = Some(pit.lateness(&head.shift_id, in_flight)?);
    }
    if let Some(seq) = walk.first_diff {
        result.mismatch = Some(Mismatch::Differs { seq, after: walk.after + past.count });
        return Ok(result);
    }
    if result.mismatch.is_some() {
        return Ok(result);
    }
    if let Some(first) = past.first {
        if !local.closed && past.all_recent {
            result.in_flight = past.count;
        } else {
            result.mismatch = Some(Mismatch::MissingInPit { seq: first, count: past.count });
        }
    }
    Ok(result)
}

/// The pit's shift of this log under another header (the header itself rewritten,
/// its start moved, every hash after it recomputed): a shift of the same table
/// started at the same moment, or within a day whose first record after the header
/// says what the log's says (its line but for its hashes).
fn header_rewritten(
    pit: &mut PitReader,
    local: &mut LocalLines,
    head: &ShiftHead,
) -> Result<Option<super::ShiftRow>, PitError> {
    let near = pit.shifts_near(&head.table_name, head.started, 24)?;
    if let Some(same) = near.iter().find(|s| s.started == head.started) {
        return Ok(Some(same.clone()));
    }
    if near.is_empty() || local.next()?.is_none() {
        return Ok(None);
    }
    let content = |line: &[u8]| line.len().checked_sub(super::RECORD_TAIL).map(|n| line[..n].to_vec());
    let ours = content(local.line());
    for s in &near {
        let theirs = pit.records_from(&s.shift_id, 1, 1)?;
        if ours.is_some() && theirs.first().is_some_and(|r| content(r.line.as_bytes()) == ours) {
            return Ok(Some(s.clone()));
        }
    }
    Ok(None)
}

/// The local log's header: the shift it names, and its line.
fn read_head(local: &mut LocalLines, log: &Path) -> Result<(ShiftHead, String), PitError> {
    let header_ok = local.next()?.is_some();
    let first = if header_ok { String::from_utf8_lossy(local.line()).into_owned() } else { String::new() };
    let head = ShiftHead::from_header_line(&first).map_err(|why| {
        PitError::Log(crate::journal::JournalError::Io {
            path: log.to_path_buf(),
            doing: "read the header",
            kind: std::io::ErrorKind::InvalidData,
            message: why,
        })
    })?;
    Ok((head, first))
}

/// The pit's records walked beside the local log's lines.
struct Walk {
    /// The first record where the two differ.
    first_diff: Option<u64>,
    /// Records that differ after it.
    after: u64,
    /// The pit holds a record the local log lacks (before any difference).
    missing_locally: Option<Mismatch>,
    /// The local log has a line left in hand past the pit's last record.
    local_left: bool,
}

/// Reads the pit's copy of `shift_id` a chunk at a time and matches each record with
/// the local line of the same place (the header's line, `head_seq`, is in hand).
fn walk_the_pit(
    pit: &mut PitReader,
    local: &mut LocalLines,
    shift_id: &str,
    last_seq: u64,
    head_seq: u64,
) -> Result<Walk, PitError> {
    let mut walk = Walk { first_diff: None, after: 0, missing_locally: None, local_left: true };
    let mut next = 0u64;
    // The local line in hand, matched against the pit's record of the same place.
    let mut current: Option<u64> = Some(head_seq);
    let mut held = 0u64;
    loop {
        let chunk = pit.records_from(shift_id, next, 5000)?;
        if chunk.is_empty() {
            break;
        }
        for r in &chunk {
            next = r.seq + 1;
            if held > 0 {
                current = local.next()?;
            }
            held += 1;
            match current {
                Some(seq) if seq != r.seq || local.line() != r.line.as_bytes() => {
                    if walk.first_diff.is_none() {
                        walk.first_diff = Some(r.seq);
                    } else {
                        walk.after += 1;
                    }
                }
                Some(_) => {}
                None => {
                    if walk.first_diff.is_none() && walk.missing_locally.is_none() {
                        let count = last_seq + 1 - r.seq;
                        walk.missing_locally = Some(Mismatch::MissingLocally { seq: r.seq, count });
                    }
                }
            }
        }
    }
    walk.local_left = current.is_some();
    Ok(walk)
}

/// The local lines past the pit's last record.
#[derive(Default)]
struct Past {
    /// The first of them.
    first: Option<u64>,
    count: u64,
    /// Every one of them written less than the in-flight window ago.
    all_recent: bool,
}

/// Reads the local lines left past the pit's last record: how many, the first, and
/// whether all are recent enough to be still on their way: written less than
/// `in_flight` before `now` (the pit's clock), and not ahead of it by more than the
/// pit's tolerance.
fn past_the_pit(local: &mut LocalLines, now: DateTime<FixedOffset>, in_flight: Duration) -> Result<Past, PitError> {
    let window = chrono::Duration::from_std(in_flight).unwrap_or(chrono::Duration::MAX);
    let ahead = chrono::Duration::from_std(super::url::CLOCK_TOLERANCE).unwrap_or(chrono::Duration::zero());
    let mut past = Past { first: None, count: 0, all_recent: true };
    while let Some(seq) = local.next()? {
        past.first.get_or_insert(seq);
        past.count += 1;
        let recent = |at: DateTime<FixedOffset>| {
            let age = now.signed_duration_since(at);
            age < window && -age <= ahead
        };
        if past.all_recent && !local.at().is_some_and(recent) {
            past.all_recent = false;
        }
    }
    Ok(past)
}

/// The header line's sequence (0 when it says none).
fn head_seq(line: &str) -> u64 {
    seq_of(line.as_bytes()).unwrap_or(0)
}
