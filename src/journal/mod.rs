//! The shift log: every operation the engine accepted and the events it made,
//! appended as they happen, one record a line, each synced before the table moves
//! on; chained by SHA-256 so that an edit, a removal, an insertion or a reordering
//! shows; read back to rebuild the exact state (`replay`), to re-play every coup
//! through the engine (`verify`), to sum a shift up (`report`) and to turn a coup
//! into a table script (`export`).
//!
//! The journal does the I/O; the engine never does. May import `crate::engine`,
//! `crate::script` (for `export`), `crate::i18n` (for `text`), `crate::analysis` (pure;
//! for `protection`), `std` (files,
//! threads, channels), `chrono`, `sha2`, `directories`, `ron`, `serde`, `memchr`;
//! nothing else of the crate (`tests/purity.rs`), and no egui.
//!
//! - `record`: the record kinds and their framing (line, hash, format number).
//! - `writer`: `Journal` (create, append, close: the records, their chain, the
//!   clock, the engine's check, the pit's tap), recovery (`open_for_append`,
//!   `unfinished`).
//! - `logfile`: the bytes only: a record's line appended in one write and synced, cut
//!   back off when that fails.
//! - `background`: `JournalThread`, the writer on its own thread for the app.
//! - `scan`: one pass over a log; `replay` and `verify` here are its two modes.
//! - `difference`: how a logged coup differs from the engine's re-play (for `scan`).
//! - `ron_text`: the compact RON text of events, written fast for verify to compare.
//! - `summary` (its pass over a log in `summary_pass`, totals across shifts in
//!   `summary_groups`, its words in `summary_text`), `report`, `export`, `sheet`: what
//!   the pit boss asks of a log.
//! - `protection`: every banker's choice in a log, weighed (`analysis::protection`).
//! - `parts`: a shift split across files, its parts linked by the chain and read as one.
//! - `text`: its problems and errors in Spanish or English.

pub mod background;
pub mod bounds;
mod difference;
pub mod error;
pub mod export;
mod fsio;
mod logfile;
pub mod protection;
pub use fsio::{AtomicFile, open_read, write_atomic};
pub mod parts;
pub mod record;
pub mod report;
pub mod ron_text;
pub mod scan;
pub mod sheet;
pub mod shifts;
pub mod summary;
pub mod summary_text;
pub mod text;
pub mod writer;

pub use background::{Ack, JournalThread};
pub use error::{BadRecord, Differs, Figures, JournalError, NotLogged, Problem, SettlementPart};
pub use record::{Body, ClockJump, Close, FORMAT, Header, Record, Resumed, SetAside, Start};
pub use scan::{Mode, Replayed, Seen, Tail};
pub use writer::{
    EXTENSION, Journal, JournalPlayError, Synced, TRAINING_PREFIX, Tap, Unfinished, amend, file_name, is_closed,
    is_training_name, open_for_append, read_header, set_aside_unstarted, side_files, unfinished,
};

use std::path::{Path, PathBuf};

/// The environment variable that puts Sabot's data folder elsewhere (tests, CI, a
/// casino's own share).
pub const DATA_DIR_VAR: &str = "SABOT_DATA_DIR";

/// Sabot's data folder: `$SABOT_DATA_DIR` if set, else the platform's data folder
/// (Linux `~/.local/share/sabot`, macOS `~/Library/Application Support/sabot`,
/// Windows `%APPDATA%\sabot\data`).
pub fn data_dir() -> Result<PathBuf, JournalError> {
    data_dir_given(std::env::var_os(DATA_DIR_VAR))
}

/// Sabot's data folder when `$SABOT_DATA_DIR` is `var` (None: not set): what
/// [`data_dir`] reads, given explicitly so that a test need not change the process's
/// environment.
pub fn data_dir_given(var: Option<std::ffi::OsString>) -> Result<PathBuf, JournalError> {
    if let Some(d) = var.filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(d));
    }
    directories::ProjectDirs::from("", "", "sabot")
        .map(|p| p.data_dir().to_path_buf())
        .ok_or_else(|| JournalError::unreadable(Path::new("~"), Problem::NoHomeFolder { var: DATA_DIR_VAR }))
}

/// Where live shift logs go by default: `<data folder>/shifts`.
pub fn default_dir() -> Result<PathBuf, JournalError> {
    Ok(data_dir()?.join("shifts"))
}

/// Where training logs go: `<data folder>/training`, never among the live shifts.
pub fn training_dir() -> Result<PathBuf, JournalError> {
    Ok(data_dir()?.join("training"))
}

/// Where training logs go when live shifts go to `shifts`: beside the default
/// `shifts/`, the data folder's `training/`; otherwise a `training/` inside `shifts`.
pub fn training_dir_beside(shifts: &Path) -> PathBuf {
    match (default_dir(), training_dir()) {
        (Ok(default), Ok(training)) if default == shifts => training,
        _ => shifts.join("training"),
    }
}

/// Rebuilds the table from a log by applying its events, after checking every
/// record's hash, the chain, the sequence and the times. A torn last record is
/// reported in `tail` (the file is not changed).
pub fn replay(path: impl AsRef<Path>) -> Result<Replayed, JournalError> {
    let path = path.as_ref();
    scan::scan_file(path, Mode::Apply, None)
}

/// What `verify` found.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    pub path: PathBuf,
    /// The replay, or the first thing wrong.
    pub result: Result<Replayed, JournalError>,
    /// Side files beside the log (`<log>.torn-…`): records set aside by recovery.
    pub side_files: Vec<PathBuf>,
}

impl VerifyReport {
    /// 0 the log is sound; 1 a record is wrong (`result` names it); 2 the file
    /// cannot be read as a shift log.
    pub fn exit_code(&self) -> i32 {
        match &self.result {
            Ok(_) => 0,
            Err(JournalError::Bad { .. }) => 1,
            Err(_) => 2,
        }
    }

    pub fn is_ok(&self) -> bool {
        self.result.is_ok()
    }
}

/// The first side file a «resumed» record names that is not in the log's folder as
/// it says (a regular file of its size and hash).
pub(crate) fn check_side_files(path: &Path, r: &Replayed) -> Option<BadRecord> {
    let dir = fsio::parent_of(path);
    for (res, line) in r.resumed.iter().zip(&r.resumed_lines) {
        let Some(aside) = &res.set_aside else { continue };
        let bad = |what| Some(BadRecord { line: *line, seq: None, what });
        let named = Path::new(&aside.file);
        if named.components().count() != 1 || named.file_name().is_none() {
            return bad(Problem::SideFileDiffers { file: aside.file.clone() });
        }
        let side = dir.join(named);
        let meta = match std::fs::symlink_metadata(&side) {
            Ok(m) => m,
            Err(_) => return bad(Problem::SideFileMissing { file: aside.file.clone() }),
        };
        let same = meta.is_file()
            && meta.len() == aside.bytes
            && std::fs::read(&side).is_ok_and(|b| record::sha256_hex(&b) == aside.sha256);
        if !same {
            return bad(Problem::SideFileDiffers { file: aside.file.clone() });
        }
    }
    None
}

/// Checks a log from end to end: each record's hash and the chain, the sequence,
/// that time never runs back, and every operation re-played through a fresh engine,
/// recomputing every settlement and comparing it with what was logged; a closing
/// record's totals against the replay. A torn last line (no end of line) is the
/// record that was in flight when Sabot stopped: reported, not an error. A whole
/// last line that is bad is an error. Each side file a «resumed» record names is
/// checked: present, of the size and hash the record gives.
pub fn verify(path: impl AsRef<Path>) -> VerifyReport {
    let path = path.as_ref();
    let result = scan::scan_file(path, Mode::Verify, None);
    let result = match result {
        Ok(r) => match &r.tail {
            Some(t) if t.complete => Err(JournalError::Bad {
                path: path.to_path_buf(),
                bad: BadRecord { line: t.line, seq: None, what: Problem::NotSetAside(Box::new(t.what.clone())) },
            }),
            _ => match check_side_files(path, &r) {
                Some(bad) => Err(JournalError::Bad { path: path.to_path_buf(), bad }),
                None => Ok(r),
            },
        },
        Err(e) => Err(e),
    };
    VerifyReport { path: path.to_path_buf(), result, side_files: side_files(path) }
}
