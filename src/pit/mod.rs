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
//!   by `init`, versioned.
//! - `client`: connecting ([`PitUrl`], TLS when the URL says `sslmode=require`, the
//!   password never shown), the table's side (open a shift, add records) and the read
//!   side (list shifts, a shift's records from a sequence on) that `sabot pit status`,
//!   `verify --pit` and the pit boss's review use.
//! - `replicator`: the thread that ships a log's records, catches up after the database
//!   was away, and says how it stands ([`PitState`]).
//! - `compare`: a local log against the pit's copy, record by record.
//!
//! Layering: imports only `crate::engine` (through the journal's records) and
//! `crate::journal`, plus `postgres`/`native-tls`, `chrono` and `std`; never the app,
//! the command line or `i18n` (errors are typed; the app and the CLI word them).

pub mod client;
pub mod compare;
pub mod floor;
pub mod read;
pub mod replicator;
pub mod schema;

pub use client::{PitReader, PitRecord, PitUrl, ShiftRow, TableClient};
pub use compare::{Comparison, Mismatch, compare};
pub use replicator::{PitState, PitStatus, Replicator};
pub use schema::{SCHEMA_VERSION, init};

use crate::journal::JournalError;

/// The environment variable the app reads the pit's URL from.
pub const PIT_URL_VAR: &str = "SABOT_PIT_URL";

/// What went wrong with the pit. Never holds a password.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PitError {
    /// The URL cannot be read as a PostgreSQL connection string.
    #[error("not a PostgreSQL URL: {0}")]
    BadUrl(String),
    /// The database cannot be reached, or the connection broke.
    #[error("cannot reach the pit at {url}: {why}")]
    Offline { url: String, why: String },
    /// The pit refused a record: it does not chain onto the one the pit holds for the
    /// shift (a second writer, a rewritten log), or it is not the record it says.
    #[error("the pit refused record {seq}: {why}")]
    Refused { seq: u64, why: String },
    /// The database answered with an error (permissions, say).
    #[error("the pit's database: {0}")]
    Database(String),
    /// The pit's schema is newer than this Sabot.
    #[error("the pit's schema is version {found}; this Sabot knows up to version {known}")]
    NewerSchema { found: i32, known: i32 },
    /// No pit schema in this database.
    #[error("this database holds no pit (run `sabot pit init URL`)")]
    NotInitialised,
    /// The database does not store text as UTF-8.
    #[error("the database's encoding is {0}, not UTF8")]
    Encoding(String),
    /// The local log could not be read.
    #[error(transparent)]
    Log(JournalError),
}

/// The sequence of a log's last whole record (what `Replicator::start` needs for a log
/// no writer holds: `sabot pit push`).
pub fn last_seq_in(log: &std::path::Path) -> Result<u64, PitError> {
    let bytes = std::fs::read(log).map_err(|e| PitError::Log(JournalError::io(log, "read", &e)))?;
    let whole = match bytes.iter().rposition(|b| *b == b'\n') {
        Some(end) => &bytes[..end],
        None => {
            return Err(PitError::Log(JournalError::unreadable(
                log,
                crate::journal::Problem::HeaderUnfinished { bytes: None },
            )));
        }
    };
    let start = whole.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    replicator::seq_of(&whole[start..]).ok_or_else(|| {
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
/// the pit's last record on, waiting at most `timeout`; with `until_offline` it gives
/// up as soon as the pit cannot be reached instead of trying again until then. The
/// state it ended in: `done` with nothing behind when the pit holds the whole log.
pub fn push(
    url: &PitUrl,
    log: &std::path::Path,
    timeout: std::time::Duration,
    until_offline: bool,
) -> Result<PitState, PitError> {
    let last = last_seq_in(log)?;
    let (rep, tap) = Replicator::start(url.clone(), log, last, Box::new(|| {}))?;
    // No writer: the thread sends what the pit lacks, then ends.
    drop(tap);
    let state = rep.wait_until(timeout, |s| s.done || (until_offline && matches!(s.status, PitStatus::Offline { .. })));
    rep.stop();
    Ok(state)
}

/// Masks the password in a connection string: `postgresql://ana:***@pit/sabot`,
/// `password=***` in a query or a key-value string. What is shown of a URL, anywhere.
pub fn mask_password(url: &str) -> String {
    let mut out = url.to_string();
    if let Some(scheme_end) = out.find("://") {
        let auth_start = scheme_end + 3;
        let auth_end = out[auth_start..].find(['/', '?']).map_or(out.len(), |i| auth_start + i);
        if let Some(at) = out[auth_start..auth_end].rfind('@') {
            let userinfo = &out[auth_start..auth_start + at];
            if let Some(colon) = userinfo.find(':') {
                let from = auth_start + colon + 1;
                out.replace_range(from..auth_start + at, "***");
            }
        }
    }
    // `password=…` as a query parameter or a key-value pair.
    let mut result = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(i) = rest.find("password=") {
        let before_ok = i == 0 || matches!(rest.as_bytes()[i - 1], b'?' | b'&' | b' ' | b'\t');
        result.push_str(&rest[..i + "password=".len()]);
        rest = &rest[i + "password=".len()..];
        if before_ok {
            let end = rest.find(['&', ' ', '\t']).unwrap_or(rest.len());
            result.push_str("***");
            rest = &rest[end..];
        }
    }
    result.push_str(rest);
    result
}

#[cfg(test)]
mod tests {
    use super::mask_password;

    #[test]
    fn passwords_are_masked_in_every_form() {
        assert_eq!(mask_password("postgresql://ana:s3cr%40t@pit:5432/sabot"), "postgresql://ana:***@pit:5432/sabot");
        assert_eq!(mask_password("postgres://ana@pit/sabot"), "postgres://ana@pit/sabot");
        assert_eq!(
            mask_password("postgresql://pit/sabot?user=ana&password=xyz&sslmode=require"),
            "postgresql://pit/sabot?user=ana&password=***&sslmode=require"
        );
        assert_eq!(mask_password("host=pit user=ana password=xyz dbname=s"), "host=pit user=ana password=*** dbname=s");
        assert_eq!(
            mask_password("postgresql://sabot@localhost/p?host=/tmp/x"),
            "postgresql://sabot@localhost/p?host=/tmp/x"
        );
    }
}
