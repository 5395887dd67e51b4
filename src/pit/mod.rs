//! The pit's database: every table's shift log copied into PostgreSQL as it is
//! written, out of the table's reach.
//!
//! The laptop's log stays the record the table works from (it never waits on the
//! network); each record, once synced there, is also handed to a [`Replicator`] on its
//! own thread, which ships it to the pit. The pit refuses a record that does not chain
//! onto the last one it holds for that shift (a second writer, a rewritten log), and
//! the table's role can only add records, never change or remove one: a log rewritten
//! on the laptop, even with every hash recomputed, no longer matches the pit's copy
//! (`compare`, used by `sabot verify --pit`).
//!
//! - `schema`: the SQL (tables, shifts, records, the chain check, the roles), applied
//!   by `init`, versioned (version 6 in `schema_v6`, 7 in `schema_v7`, 8 in `schema_v8`: the
//!   floor's alarms marked raised, seen and acknowledged).
//! - `url`: a pit's URL ([`PitUrl`]: parsed, TLS unless `sslmode=disable`, the
//!   password never shown) and what a database error means (`db_error`).
//! - `session`: connecting (`PitUrl::connect`: the probe, then TLS or not, within
//!   limits) and a connection whose every exchange ends within the answer limit
//!   ([`session::Session`]), on the time-limited thread.
//! - `client`: the table's side (open a shift, add records) and the read side (list
//!   shifts, a shift's records from a sequence on) that `sabot pit status`,
//!   `verify --pit` and the pit boss's review use.
//! - `replicator`: the thread that ships a log's records, catches up after the database
//!   was away, and says how it stands ([`PitState`]).
//! - `compare`: a local log against the pit's copy, record by record.
//! - `error`: what goes wrong, typed ([`PitError`], [`Unreachable`], [`PitRefusal`]).
//! - `school`: the dealer school's store sent to the pit (what it lacks, once), and
//!   every trainee of the school read back for the instructor.
//!
//! Layering: imports only `crate::engine` (through the journal's records),
//! `crate::analysis` (pure: the floor's game protection),
//! `crate::journal`, `crate::reports` (the floor's and the review's summaries), `crate::school` and `crate::training` (the school's store and its
//! rows, as the replicator reads the journal), plus `postgres`/`rustls`, `chrono` and `std`; never the app,
//! the command line or `i18n` (errors are typed; the app and the CLI word them).

pub mod client;
pub mod compare;
pub mod error;
pub mod floor;
pub mod floor_alarms;
pub mod floor_marks;
pub mod floor_table;
pub mod read;
pub mod replicator;
pub mod schema;
mod schema_v6;
pub mod schema_v7;
pub mod schema_v8;
pub mod school;
pub mod school_send;
pub mod session;
pub mod tls;
pub mod url;
pub mod words;

pub use client::{Lateness, PitReader, PitRecord, RefusalRow, ShiftRow, TableClient};
pub use compare::{Comparison, Mismatch, compare};
pub use error::{PitCheck, PitError, PitRefusal, Unreachable};
pub use replicator::{PitState, PitStatus, Replicator};
pub use schema::{SCHEMA_VERSION, init};
pub use url::{PitUrl, may_hold_password, shown_url};

use crate::journal::JournalError;

/// The environment variable the app reads the pit's URL from.
pub const PIT_URL_VAR: &str = "SABOT_PIT_URL";

/// The longest a record line may be (a shift log's lines are a few kilobytes): a
/// longer one is not read into memory.
pub(crate) const MAX_LINE: usize = 16 << 20;

/// Bytes of a record line's tail, `,prev:"<64 hex>",hash:"<64 hex>")`: what the pit's
/// `read_line` reads as the hashes, and what a line holds besides its content.
pub(crate) const RECORD_TAIL: usize = 145;

/// A name as the pit boss's screens print it: a control character, an invisible one
/// (zero-width, a direction mark or override, a byte-order mark) or a space other
/// than the plain one shown as its escape (`\u{200b}`), never emitted: a table's
/// name cannot erase a line or print a fake one (`i18n::inert`).
pub fn printable(name: &str) -> String {
    crate::i18n::inert(name)
}

/// Opens a shift log to read it for the pit: a regular file only (a FIFO or a device
/// is refused at once, as `sabot verify` refuses it).
pub fn open_log(log: &std::path::Path) -> Result<std::fs::File, PitError> {
    crate::journal::open_read(log).map_err(PitError::Log)
}

/// Reads the next line of a log into `buf` (without its end of line): `Ok(false)` at
/// the end. A last line without its end of line counts only when it is a whole
/// record (its hash holds: a closed log that lost its final newline); a line longer
/// than `MAX_LINE` is an error, never read whole.
pub(crate) fn next_line(
    reader: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
    log: &std::path::Path,
) -> Result<bool, PitError> {
    use std::io::{BufRead, Read};
    buf.clear();
    let n = reader
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)
        .map_err(|e| PitError::Log(JournalError::io(log, "read", &e)))?;
    if n == 0 {
        return Ok(false);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        return Ok(true);
    }
    if buf.len() > MAX_LINE {
        return Err(PitError::Log(JournalError::Io {
            path: log.to_path_buf(),
            doing: "read a record",
            kind: std::io::ErrorKind::InvalidData,
            message: format!("a line longer than {} MB: not a shift log", MAX_LINE >> 20),
        }));
    }
    // The last line, without its end of line: a record only if it is a whole one.
    Ok(crate::journal::record::decode(buf).is_ok())
}

/// The sequence of a log's last whole record (what `Replicator::start` needs for a log
/// no writer holds: `sabot pit push`), read through the file with flat memory.
pub fn last_seq_in(log: &std::path::Path) -> Result<u64, PitError> {
    let mut reader = std::io::BufReader::with_capacity(1 << 16, open_log(log)?);
    let mut buf = Vec::new();
    let mut last: Option<u64> = None;
    let mut any = false;
    while next_line(&mut reader, &mut buf, log)? {
        any = true;
        last = replicator::seq_of(&buf);
    }
    if !any {
        return Err(PitError::Log(JournalError::unreadable(
            log,
            crate::journal::Problem::HeaderUnfinished { bytes: None },
        )));
    }
    last.ok_or_else(|| {
        PitError::Log(JournalError::Io {
            path: log.to_path_buf(),
            doing: "read the last record's sequence",
            kind: std::io::ErrorKind::InvalidData,
            message: "the last line is not a record".into(),
        })
    })
}

/// Sends the pit what it lacks of a log no writer holds (a closed shift, one whose
/// table stopped while the pit was away, an amendment written after the close), from
/// the pit's last record on, waiting at most `timeout` (it returns by then, whatever
/// the pit does); with `until_offline` it gives up as soon as the pit cannot be
/// reached instead of trying again until then. The state it ended in: `done` with
/// nothing behind when the pit holds the whole log.
pub fn push(
    url: &PitUrl,
    log: &std::path::Path,
    timeout: std::time::Duration,
    until_offline: bool,
) -> Result<PitState, PitError> {
    let started = std::time::Instant::now();
    let last = last_seq_in(log)?;
    let (rep, tap) = Replicator::start(url.clone(), log, last, Box::new(|| {}))?;
    // No writer: the thread sends what the pit lacks, then ends.
    drop(tap);
    let left = timeout.saturating_sub(started.elapsed());
    // «Busy» (a statement or lock timeout) is tried again, whatever `until_offline`.
    let offline = |s: &PitState| match &s.status {
        PitStatus::Offline { why, .. } => !matches!(why, Unreachable::Busy { .. }),
        _ => false,
    };
    rep.wait_until(left, |s| s.done || (until_offline && offline(s)));
    // The batch in flight when the time ran out counted too: the state once stopped
    // (the thread stops between two batches, each within the answer limit).
    Ok(rep.stop_within(url.answer_limit()))
}

#[cfg(test)]
mod tests {
    use super::{PitUrl, may_hold_password, shown_url};

    /// Every form the issue names (PostgreSQL reads them all): the password never in
    /// what is shown, nor in the error when the driver cannot read the string.
    #[test]
    fn passwords_are_never_shown_in_any_form() {
        let forms = [
            ("postgresql://mesa1:Top/Secret@host/db", "Top/Secret"),
            ("postgresql://mesa1:Top?Secret@host/db", "Top?Secret"),
            ("postgresql://mesa1:s3cr%40t@pit:5432/sabot", "s3cr"),
            ("postgresql://pit/sabot?user=ana&password=xyzSECRET&sslmode=require", "xyzSECRET"),
            ("postgresql://pit/sabot?user=ana&%70assword=xyzSECRET", "xyzSECRET"),
            ("host=pit user=mesa1 password = S3CRET dbname=s", "S3CRET"),
            ("host=pit user=mesa1 %70assword=S3CRET dbname=s", "S3CRET"),
            ("host=pit user=mesa1 password='top secret pw' dbname=s", "secret"),
            ("host=pit user=mesa1 password=SE\\ CRET dbname=s", "CRET"),
        ];
        for (text, secret) in forms {
            assert!(may_hold_password(text), "{text}");
            if let Some(shown) = shown_url(text) {
                assert!(!shown.contains(secret), "{text} shown as {shown}");
            }
            match PitUrl::parse(text) {
                Ok(u) => {
                    assert!(!u.masked().contains(secret) && !format!("{u:?}").contains(secret), "{text}");
                    assert!(!u.to_string().contains(secret), "{text}");
                }
                Err(e) => assert!(!e.to_string().contains(secret), "{text}: {e}"),
            }
        }
        assert_eq!(shown_url("postgresql://ana:pw@pit:5433/sabot").as_deref(), Some("ana@pit:5433/sabot"));
        assert_eq!(shown_url("host=pit user=ana password=x dbname=s").as_deref(), Some("ana@pit:5432/s"));
        assert_eq!(shown_url("postgresql://sabot@/p?host=/tmp/x").as_deref(), Some("sabot@/tmp/x:5432/p"));
        assert!(!may_hold_password("postgresql://ana@pit/sabot"));
        assert!(!may_hold_password(""));
    }
}
