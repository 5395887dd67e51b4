//! What can go wrong with a shift log, said plainly. Every error is `Clone` and
//! `Send`, so the background writer can hand it to the app on a channel.
//!
//! What is wrong is typed (`Problem`), not free text: `Display` says it in English
//! (logs, tests), and `text::problem_text` says it in the user's language.

use super::record::LineError;
use crate::engine::settings::BadSettings;
use crate::engine::{Money, Refusal};
use crate::i18n::{Lang, settings_text};
use chrono::{DateTime, FixedOffset};
use std::fmt;
use std::path::{Path, PathBuf};

/// A record that does not belong where it is: the line (from 1), the record's
/// sequence number when it could be read, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord {
    pub line: usize,
    pub seq: Option<u64>,
    pub what: Problem,
}

impl fmt::Display for BadRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seq {
            Some(seq) => write!(f, "line {} (record {seq}): {}", self.line, self.what),
            None => write!(f, "line {}: {}", self.line, self.what),
        }
    }
}

/// The figures a closing record gives and the replay recomputes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    pub coups: u32,
    pub bank: Money,
    pub cagnotte: Money,
    pub commission: Money,
}

/// A part of a settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettlementPart {
    BankBefore,
    BankNet,
    Cagnotte,
    Commission,
    BankAfter,
    Void,
    Winners,
    Hands,
    Seats,
    Bets,
}

impl SettlementPart {
    /// Its English name.
    pub fn name(self) -> &'static str {
        match self {
            SettlementPart::BankBefore => "bank before",
            SettlementPart::BankNet => "bank's net",
            SettlementPart::Cagnotte => "cagnotte",
            SettlementPart::Commission => "commission",
            SettlementPart::BankAfter => "bank after",
            SettlementPart::Void => "void",
            SettlementPart::Winners => "winners",
            SettlementPart::Hands => "hands",
            SettlementPart::Seats => "seats",
            SettlementPart::Bets => "bets",
        }
    }
}

/// A part of a settlement that the log and the engine do not agree on: the logged
/// value and the computed one (amounts as written, lists as the engine's `Debug`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Differs {
    pub part: SettlementPart,
    pub logged: String,
    pub computed: String,
}

/// What is wrong with a shift log or one of its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    // The file as a whole.
    /// The platform gives no home folder: the data folder must be named.
    NoHomeFolder {
        var: &'static str,
    },
    /// `file_name` gave the same name too many times.
    TooManyNames,
    Empty,
    /// The header has no end of line (`bytes` of it, when counted).
    HeaderUnfinished {
        bytes: Option<usize>,
    },
    NotALog,
    /// The log could be neither re-played nor applied.
    NotReplayable,
    FirstNotHeader,
    HeaderUnreadable(LineError),
    /// A log with a header is taken up, not set aside.
    HasHeader,
    TrainingOwnFile,
    LiveInTrainingFile,
    // The header.
    HeaderDamaged(LineError),
    HeaderMissing {
        first: u64,
    },
    HeaderNotZero {
        seq: u64,
    },
    HeaderPrevNotZero,
    HeaderDiffers,
    /// The header's settings do not make a table (the rule they break).
    HeaderSettings(BadSettings),
    // A record.
    Line(LineError),
    LastDamaged(LineError),
    /// A whole last line that is bad: if Sabot stopped while writing it, starting
    /// Sabot again sets it aside.
    NotSetAside(Box<Problem>),
    Torn {
        bytes: usize,
    },
    AfterClose,
    BytesAfterClose,
    Missing {
        expected: u64,
        seq: u64,
    },
    OutOfOrder {
        seq: u64,
        expected: u64,
    },
    ChainBroken,
    TimeBack {
        time: DateTime<FixedOffset>,
        previous: DateTime<FixedOffset>,
    },
    TableDiffers,
    CroupierDiffers {
        croupier: String,
    },
    SecondHeader,
    Refused(Box<Refusal>),
    /// Coup `coup`'s settlement; no part named: it differs in its details.
    SettlementDiffers {
        coup: u32,
        parts: Vec<Differs>,
    },
    /// The events differ at event `at` (from 1): each side's event there, as the
    /// engine's `Debug` (`None`: nothing).
    EventsDiffer {
        at: usize,
        logged: Option<String>,
        computed: Option<String>,
    },
    ClosingTotals {
        logged: Box<Figures>,
        replayed: Box<Figures>,
    },
    /// Coup `coup` in play holds more entries than a followed shift may (`most`): the
    /// floor follows it no further (issue 51: a table's coup is a few dozen entries;
    /// one that never ends holds every entry in memory).
    CoupTooLong {
        coup: u32,
        most: u32,
    },
    /// A sum over the shift does not fit in an amount.
    Overflow,
    /// Another writer (another Sabot, or another «Reanudar») holds the log.
    InUse,
    /// Not a regular file (a FIFO, a device, a folder…): never read as a log.
    NotRegularFile {
        kind: &'static str,
    },
    /// The header's line ends in a carriage return: the file was saved with Windows
    /// line ends (CRLF) by an editor or a transfer.
    CrLf,
    /// The file starts with a byte-order mark: saved by an editor.
    Bom,
    /// A record of a kind this Sabot does not know (a newer version wrote it).
    UnknownKind {
        line: usize,
    },
    /// A whole record, chained to the one before, without its end of line: it was
    /// never acknowledged (recovery sets it aside).
    Unterminated {
        seq: u64,
    },
    /// A side file named by a «resumed» record is not in the log's folder.
    SideFileMissing {
        file: String,
    },
    /// A side file is not what the «resumed» record says (its size or its hash).
    SideFileDiffers {
        file: String,
    },
}

/// What a problem is about: the file and its header, a record and its place in the
/// chain, or the coups as re-played. The one list of every problem, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum About {
    File,
    Record,
    Replay,
}

impl Problem {
    /// What the problem is about.
    pub(super) fn about(&self) -> About {
        use Problem as P;
        match self {
            P::NoHomeFolder { .. } | P::TooManyNames | P::Empty | P::HeaderUnfinished { .. } | P::NotALog => {
                About::File
            }
            P::NotReplayable | P::FirstNotHeader | P::HeaderUnreadable(_) | P::HasHeader | P::TrainingOwnFile => {
                About::File
            }
            P::LiveInTrainingFile | P::Overflow | P::InUse | P::NotRegularFile { .. } | P::CrLf | P::Bom => About::File,
            P::HeaderDamaged(_) | P::HeaderMissing { .. } | P::HeaderNotZero { .. } | P::HeaderPrevNotZero => {
                About::File
            }
            P::HeaderDiffers | P::HeaderSettings(_) | P::SecondHeader => About::File,
            P::Line(_) | P::LastDamaged(_) | P::NotSetAside(_) | P::Torn { .. } | P::AfterClose => About::Record,
            P::BytesAfterClose | P::Missing { .. } | P::OutOfOrder { .. } | P::ChainBroken | P::TimeBack { .. } => {
                About::Record
            }
            P::TableDiffers | P::CroupierDiffers { .. } | P::UnknownKind { .. } | P::Unterminated { .. } => {
                About::Record
            }
            P::SideFileMissing { .. } | P::SideFileDiffers { .. } => About::Record,
            P::Refused(_) | P::SettlementDiffers { .. } | P::EventsDiffer { .. } | P::ClosingTotals { .. } => {
                About::Replay
            }
            P::CoupTooLong { .. } => About::Replay,
        }
    }

    /// The file and its header.
    fn fmt_file(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::writer::TRAINING_PREFIX;
        match self {
            Problem::NoHomeFolder { var } => write!(f, "no home folder: set {var}"),
            Problem::TooManyNames => f.write_str("too many shift logs with the same name in this folder"),
            Problem::Empty => f.write_str("the file is empty: not a shift log (it has no header)"),
            Problem::HeaderUnfinished { bytes: None } => f.write_str("the header was never completely written"),
            Problem::HeaderUnfinished { bytes: Some(n) } => write!(
                f,
                "the header was never completely written ({n} bytes and no end of line): a shift that never started"
            ),
            Problem::NotALog => f.write_str(
                "not a Sabot shift log: its first line is not a record (binary data, or another kind of file)",
            ),
            Problem::NotReplayable => f.write_str("the log could not be replayed"),
            Problem::FirstNotHeader => f.write_str("the first record is not the header"),
            Problem::HeaderUnreadable(e) => write!(f, "the header: {e}"),
            Problem::HasHeader => f.write_str("this log has a header: take it up with open_for_append"),
            Problem::TrainingOwnFile => {
                write!(f, "a training session writes only to its own file, named `{TRAINING_PREFIX}…`")
            }
            Problem::LiveInTrainingFile => {
                write!(f, "a live shift is never written to a training file (`{TRAINING_PREFIX}…`)")
            }
            Problem::HeaderDamaged(e) => write!(f, "the header is damaged: {e}"),
            Problem::HeaderMissing { first } => {
                write!(f, "the header is missing: the first record is record {first}, not the header")
            }
            Problem::HeaderNotZero { seq } => write!(f, "the header is record {seq}, it must be record 0"),
            Problem::HeaderPrevNotZero => {
                f.write_str("the header's previous hash is not zero: records before it were removed")
            }
            Problem::HeaderDiffers => f.write_str("the header's table, croupier or game differ from the record's"),
            Problem::HeaderSettings(bad) => {
                write!(f, "the header's table settings are not valid: {}", settings_text(Lang::En, *bad))
            }
            Problem::SecondHeader => f.write_str("a second header"),
            Problem::Overflow => f.write_str("a sum over the shift does not fit in an amount"),
            Problem::InUse => f.write_str(
                "the log is in use: another Sabot (or another «Reanudar») is writing it; close that one first",
            ),
            Problem::NotRegularFile { kind } => {
                write!(f, "not a regular file ({kind}): a shift log is always a regular file")
            }
            Problem::CrLf => f.write_str(
                "the file has Windows line ends (CRLF): it was saved by an editor or a transfer, not by Sabot",
            ),
            Problem::Bom => {
                f.write_str("the file starts with a byte-order mark: it was saved by an editor, not by Sabot")
            }
            // Not of this group: `Problem::about` sends each problem to its own.
            p => write!(f, "{p:?}"),
        }
    }

    /// A record, and its place in the chain.
    fn fmt_record(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Line(e) => write!(f, "{e}"),
            Problem::LastDamaged(e) => write!(f, "the last record is damaged: {e}"),
            Problem::NotSetAside(p) => {
                write!(f, "{p} (if Sabot stopped while writing it, starting Sabot again sets it aside)")
            }
            Problem::Torn { bytes } => {
                write!(f, "the last record was being written when Sabot stopped ({bytes} bytes, no end of line)")
            }
            Problem::AfterClose => f.write_str("a record after the shift was closed"),
            Problem::BytesAfterClose => f.write_str("bytes after the shift was closed"),
            Problem::Missing { expected, seq } => {
                write!(f, "record {expected} is missing (this is record {seq}): records were removed")
            }
            Problem::OutOfOrder { seq, expected } => {
                write!(f, "record {seq} comes again or out of order (record {expected} was expected)")
            }
            Problem::ChainBroken => f.write_str(
                "its previous-record hash does not match the record before it: \
                 a record was changed, inserted, removed or moved",
            ),
            Problem::TimeBack { time, previous } => {
                write!(f, "its time {} is before the record before it ({})", time.to_rfc3339(), previous.to_rfc3339())
            }
            Problem::TableDiffers => f.write_str("its table or game is not the header's"),
            Problem::CroupierDiffers { croupier } => write!(f, "its croupier `{croupier}` is not the header's"),
            Problem::UnknownKind { line } => write!(
                f,
                "line {line} is a kind of record this Sabot does not know: a newer version of Sabot wrote it; update Sabot to read it"
            ),
            Problem::Unterminated { seq } => write!(
                f,
                "record {seq} is whole but has no end of line: it was never acknowledged, and taking the shift up sets it aside"
            ),
            Problem::SideFileMissing { file } => {
                write!(f, "the side file {file} named by a «resumed» record is missing")
            }
            Problem::SideFileDiffers { file } => write!(
                f,
                "the side file {file} is not what the «resumed» record says (its size or its hash differs): it was replaced or changed"
            ),
            // Not of this group: `Problem::about` sends each problem to its own.
            p => write!(f, "{p:?}"),
        }
    }

    /// The coups as re-played.
    fn fmt_replay(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Refused(refusal) => write!(
                f,
                "the engine refuses this operation ({refusal}): it does not follow from the records before it"
            ),
            Problem::SettlementDiffers { coup, parts } => {
                write!(f, "the settlement of coup {coup} differs from the engine's: ")?;
                if parts.is_empty() {
                    return f.write_str("in its details");
                }
                for (i, d) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{} logged {}, computed {}", d.part.name(), d.logged, d.computed)?;
                }
                Ok(())
            }
            Problem::EventsDiffer { at, logged, computed } => write!(
                f,
                "the logged events differ from the engine's at event {at}: logged {}, the engine makes {}",
                logged.as_deref().unwrap_or("nothing"),
                computed.as_deref().unwrap_or("nothing")
            ),
            Problem::ClosingTotals { logged: l, replayed: r } => write!(
                f,
                "the closing totals differ from the replay: logged {} coups, bank {}, cagnotte {}, commission {}; \
                 replayed {} coups, bank {}, cagnotte {}, commission {}",
                l.coups, l.bank, l.cagnotte, l.commission, r.coups, r.bank, r.cagnotte, r.commission
            ),
            Problem::CoupTooLong { coup, most } => write!(
                f,
                "coup {coup} goes on past {most} entries, more than a table's coup: the floor follows the shift no further"
            ),
            // Not of this group: `Problem::about` sends each problem to its own.
            p => write!(f, "{p:?}"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.about() {
            About::File => self.fmt_file(f),
            About::Record => self.fmt_record(f),
            About::Replay => self.fmt_replay(f),
        }
    }
}

/// Why `append` took no record: what was handed in is not what the engine makes on
/// the log's table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotLogged {
    /// The engine refuses the operation on the log's table.
    #[error("the engine refuses this operation on the log's table ({0})")]
    Refused(Box<Refusal>),
    /// The events are not the ones the engine makes for the operation.
    #[error("these events are not the ones the engine makes for this operation")]
    OtherEvents,
}

/// Why a shift log could not be written, read, verified or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    /// The operating system refused: which file, doing what, and its message.
    #[error("{path}: cannot {doing}: {message}")]
    Io { path: PathBuf, doing: &'static str, kind: std::io::ErrorKind, message: String },
    /// The file is not a Sabot shift log, or cannot be read as one at all.
    #[error("{path}: {what}")]
    Unreadable { path: PathBuf, what: Problem },
    /// The log was written by a newer Sabot.
    #[error(
        "{path}: line {line} is from a newer version of Sabot (log format {format}; this Sabot reads up to format {supported}): update Sabot to read it"
    )]
    NewerFormat { path: PathBuf, line: usize, format: u32, supported: u32 },
    /// A record is wrong: the log was damaged or changed.
    #[error("{path}: {bad}")]
    Bad { path: PathBuf, bad: BadRecord },
    /// The header's table settings cannot make a table.
    #[error("the table settings are not valid: {}", settings_text(Lang::En, *.0))]
    Settings(BadSettings),
    /// A record could not be written as one line of RON.
    #[error("cannot write the record: {0}")]
    Encode(String),
    /// A record past its bounds (`journal::bounds`): not written, the table unmoved.
    #[error("the record is past its bounds: {0:?}")]
    TooLarge(super::bounds::Oversize),
    /// `append` was given an operation and events the log's table does not make.
    #[error("not logged: {0}")]
    NotLogged(NotLogged),
    /// An earlier write or sync failed: nothing more is written to this log; restart
    /// to recover it (the record in flight is set aside).
    #[error("{path}: an earlier write failed, so this log takes no more records: restart Sabot to recover it")]
    Poisoned { path: PathBuf },
    /// The shift was closed: it takes no more records.
    #[error("{path}: the shift is closed")]
    Closed { path: PathBuf },
    /// A training session and a live shift never share a log.
    #[error("{path}: {what}")]
    Training { path: PathBuf, what: Problem },
    /// The background writer stopped (it panicked, or was closed).
    #[error("the shift log's writer has stopped")]
    WriterGone,
}

impl JournalError {
    pub(crate) fn io(path: &Path, doing: &'static str, e: &std::io::Error) -> JournalError {
        JournalError::Io { path: path.to_path_buf(), doing, kind: e.kind(), message: e.to_string() }
    }

    pub(crate) fn unreadable(path: &Path, what: Problem) -> JournalError {
        JournalError::Unreadable { path: path.to_path_buf(), what }
    }
}
