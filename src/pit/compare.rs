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
use std::io::{BufRead, BufReader};
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
}

impl Comparison {
    pub fn is_ok(&self) -> bool {
        self.mismatch.is_none()
    }
}

struct Local {
    seq: u64,
    at: Option<DateTime<FixedOffset>>,
    line: String,
}

/// Reads the local log's whole lines (a torn last line is not a record yet).
fn read_local(log: &Path) -> Result<Vec<Local>, PitError> {
    let io = |e: std::io::Error| PitError::Log(crate::journal::JournalError::io(log, "read", &e));
    let mut reader = BufReader::new(std::fs::File::open(log).map_err(io)?);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf).map_err(io)? == 0 || buf.last() != Some(&b'\n') {
            break;
        }
        buf.pop();
        let seq = seq_of(&buf).unwrap_or(out.len() as u64);
        let at = crate::journal::record::decode(&buf).ok().map(|r| r.at);
        out.push(Local { seq, at, line: String::from_utf8_lossy(&buf).into_owned() });
    }
    Ok(out)
}

/// Compares the log at `log` with the pit's copy. Local records the pit lacks at the
/// end of a log that is not closed, written less than `in_flight` ago, are still on
/// their way and counted apart, not a failure.
pub fn compare(pit: &mut PitReader, log: &Path, in_flight: Duration) -> Result<Comparison, PitError> {
    let local = read_local(log)?;
    let first = local.first().map(|l| l.line.as_str()).unwrap_or_default();
    let head = ShiftHead::from_header_line(first).map_err(|why| {
        PitError::Log(crate::journal::JournalError::Io {
            path: log.to_path_buf(),
            doing: "read the header",
            kind: std::io::ErrorKind::InvalidData,
            message: why,
        })
    })?;
    let mut result =
        Comparison { shift_id: head.shift_id.clone(), local: local.len() as u64, pit: 0, in_flight: 0, mismatch: None };
    let shift = match pit.shift(&head.shift_id)? {
        Some(s) => s,
        None => {
            // The header itself was rewritten: the pit has the shift under its true header.
            let like = pit.shifts_like(&head.table_name, head.started)?;
            result.mismatch =
                Some(if like.is_empty() { Mismatch::NotInPit } else { Mismatch::Differs { seq: 0, after: 0 } });
            return Ok(result);
        }
    };
    result.pit = shift.last_seq + 1;
    // Closed: a closing record, perhaps followed by amendments (R-BQ-E7).
    let closed_locally = local.iter().any(|l| l.line.contains(",body:Close("));
    let now = crate::journal::record::now();
    let window = chrono::Duration::from_std(in_flight).unwrap_or(chrono::Duration::MAX);
    let mut next = 0u64;
    let mut i = 0usize;
    let mut first_diff: Option<u64> = None;
    let mut after = 0u64;
    loop {
        let chunk = pit.records_from(&head.shift_id, next, 5000)?;
        if chunk.is_empty() {
            break;
        }
        for r in &chunk {
            next = r.seq + 1;
            match local.get(i) {
                Some(l) => {
                    if l.seq != r.seq || l.line != r.line {
                        if first_diff.is_none() {
                            first_diff = Some(r.seq);
                        } else {
                            after += 1;
                        }
                    }
                }
                None => {
                    if first_diff.is_none() && result.mismatch.is_none() {
                        result.mismatch =
                            Some(Mismatch::MissingLocally { seq: r.seq, count: shift.last_seq + 1 - r.seq });
                    }
                }
            }
            i += 1;
        }
    }
    if let Some(seq) = first_diff {
        let extra = (local.len() as u64).saturating_sub(result.pit);
        result.mismatch = Some(Mismatch::Differs { seq, after: after + extra });
        return Ok(result);
    }
    if result.mismatch.is_some() {
        return Ok(result);
    }
    // Local records the pit does not hold.
    let missing = &local[i.min(local.len())..];
    if let Some(first) = missing.first() {
        let recent = |l: &Local| l.at.is_some_and(|at| now.signed_duration_since(at) < window);
        if !closed_locally && missing.iter().all(recent) {
            result.in_flight = missing.len() as u64;
        } else {
            result.mismatch = Some(Mismatch::MissingInPit { seq: first.seq, count: missing.len() as u64 });
        }
    }
    Ok(result)
}
