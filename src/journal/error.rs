//! What can go wrong with a shift log, said plainly. Every error is `Clone` and
//! `Send`, so the background writer can hand it to the app on a channel.

use std::path::{Path, PathBuf};

/// A record that does not belong where it is: the line (from 1), the record's
/// sequence number when it could be read, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord {
    pub line: usize,
    pub seq: Option<u64>,
    pub what: String,
}

impl std::fmt::Display for BadRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.seq {
            Some(seq) => write!(f, "line {} (record {seq}): {}", self.line, self.what),
            None => write!(f, "line {}: {}", self.line, self.what),
        }
    }
}

/// Why a shift log could not be written, read, verified or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    /// The operating system refused: which file, doing what, and its message.
    #[error("{path}: cannot {doing}: {message}")]
    Io { path: PathBuf, doing: &'static str, kind: std::io::ErrorKind, message: String },
    /// The file is not a Sabot shift log, or cannot be read as one at all.
    #[error("{path}: {what}")]
    Unreadable { path: PathBuf, what: String },
    /// The log was written by a newer Sabot.
    #[error(
        "{path}: line {line} is from a newer version of Sabot (log format {format}; this Sabot reads up to format {supported}): update Sabot to read it"
    )]
    NewerFormat { path: PathBuf, line: usize, format: u32, supported: u32 },
    /// A record is wrong: the log was damaged or changed.
    #[error("{path}: {bad}")]
    Bad { path: PathBuf, bad: BadRecord },
    /// A record could not be written as one line of RON.
    #[error("cannot write the record: {0}")]
    Encode(String),
    /// `append` was given an operation and events the log's table does not make.
    #[error("not logged: {0}")]
    NotLogged(String),
    /// An earlier write or sync failed: nothing more is written to this log; restart
    /// to recover it (the record in flight is set aside).
    #[error("{path}: an earlier write failed, so this log takes no more records: restart Sabot to recover it")]
    Poisoned { path: PathBuf },
    /// The shift was closed: it takes no more records.
    #[error("{path}: the shift is closed")]
    Closed { path: PathBuf },
    /// A training session and a live shift never share a log.
    #[error("{path}: {what}")]
    Training { path: PathBuf, what: String },
    /// The background writer stopped (it panicked, or was closed).
    #[error("the shift log's writer has stopped")]
    WriterGone,
}

impl JournalError {
    pub(crate) fn io(path: &Path, doing: &'static str, e: &std::io::Error) -> JournalError {
        JournalError::Io { path: path.to_path_buf(), doing, kind: e.kind(), message: e.to_string() }
    }

    pub(crate) fn unreadable(path: &Path, what: impl Into<String>) -> JournalError {
        JournalError::Unreadable { path: path.to_path_buf(), what: what.into() }
    }
}
