//! Reading the pit for the pit boss (read-only, `sabot_pit`'s rights): a shift's
//! records fetched whole and written as a log file, so the review and the floor
//! read the pit's copy exactly as they read a table's log (`reports::summary`, the
//! engine replaying every record: no second computation); the shifts picked by
//! table, day and croupier.

use super::PitError;
use super::client::{PitReader, ShiftRow};
use std::path::{Path, PathBuf};

/// Records fetched per query.
const BATCH: u32 = 20_000;

/// The pit's copy of a shift, every record it holds in order, as the bytes of a log
/// (a record a line). A gap in the sequence is an error (the pit never holds one).
pub fn shift_bytes(reader: &mut PitReader, shift_id: &str) -> Result<Vec<u8>, PitError> {
    let mut out = Vec::new();
    let mut next = 0u64;
    loop {
        let batch = reader.records_from(shift_id, next, BATCH)?;
        let got = batch.len();
        for r in batch {
            if r.seq != next {
                return Err(PitError::MissingRecord { seq: next });
            }
            out.extend_from_slice(r.line.as_bytes());
            out.push(b'\n');
            next += 1;
        }
        if got < BATCH as usize {
            return Ok(out);
        }
    }
}

/// Where the pit's copy of a shift is written for reading: `dir`, a name from the
/// table, the start and the shift's id (never a path the table writes).
pub fn copy_path(dir: &Path, row: &ShiftRow) -> PathBuf {
    let table: String =
        row.table_name.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let id: String = row.shift_id.chars().take(12).collect();
    dir.join(format!("pit-{table}-{}-{id}.{}", row.started.format("%Y%m%d-%H%M%S"), crate::journal::EXTENSION))
}

/// Fetches the pit's copy of `row`'s shift into `dir` (made if missing), written whole
/// then renamed into place; its path.
pub fn fetch(reader: &mut PitReader, row: &ShiftRow, dir: &Path) -> Result<PathBuf, PitError> {
    let bytes = shift_bytes(reader, &row.shift_id)?;
    std::fs::create_dir_all(dir).map_err(|e| PitError::Log(crate::journal::JournalError::io(dir, "create", &e)))?;
    let path = copy_path(dir, row);
    crate::journal::write_atomic(&path, &bytes).map_err(PitError::Log)?;
    Ok(path)
}

/// When the shift started, in this computer's time zone (the pit keeps the moment,
/// not the table's offset; the review and the room share a time zone).
pub fn local_start(row: &ShiftRow) -> chrono::DateTime<chrono::FixedOffset> {
    row.started.with_timezone(&chrono::Local).fixed_offset()
}

/// What the pit boss picks shifts by; an empty field matches all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pick {
    /// Part of the table's name, any case.
    pub table: String,
    /// The day the shift started (`2026-11-24`), in this computer's time zone.
    pub day: String,
    /// Part of the croupier's name, any case.
    pub croupier: String,
}

impl Pick {
    pub fn matches(&self, row: &ShiftRow) -> bool {
        let has = |hay: &str, needle: &str| {
            let n = needle.trim().to_lowercase();
            n.is_empty() || hay.to_lowercase().contains(&n)
        };
        let day = self.day.trim();
        has(&row.table_name, &self.table)
            && has(&row.croupier, &self.croupier)
            && (day.is_empty() || local_start(row).format("%Y-%m-%d").to_string() == day)
    }
}

/// Every shift the pit holds open (not closed, not training), by table: a table
/// with two is an alarm on the floor (a second laptop writing as that table, or a
/// shift left unclosed).
pub fn open_shifts(reader: &mut PitReader, url: &super::PitUrl) -> Result<Vec<ShiftRow>, PitError> {
    let rows = reader.call(|c| {
        c.query(
            "SELECT shift_id, table_name, croupier, game, training, started, last_seq, last_at, \
                    last_received, closed, clock_timestamp() \
               FROM sabot.shifts WHERE NOT closed AND NOT training ORDER BY table_name, started",
            &[],
        )
    })?;
    rows.iter().map(|row| ShiftRow::from_row(row, url)).collect()
}

/// The pit's shifts that match, newest first.
pub fn pick(reader: &mut PitReader, pick: &Pick) -> Result<Vec<ShiftRow>, PitError> {
    Ok(reader.shifts()?.into_iter().filter(|r| pick.matches(r)).collect())
}
