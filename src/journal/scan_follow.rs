//! A scan fed a log's records as they come (the floor following a shift in the pit):
//! the same pass as [`scan`](super::scan), resumed where the last records left it.

use super::*;

/// A scan fed a log's records as they come, in whole lines, rather than read from a
/// file at once: the floor follows a shift in the pit this way, each look taking
/// only the records that came since the last (a replay from the first record at
/// every look grows with the shift). The same pass as [`scan`], record for record:
/// the same checks, the same `visit`.
#[derive(Clone)]
pub struct Following {
    path: std::path::PathBuf,
    mode: Mode,
    lazy: bool,
    /// The reading its records are replayed under, when not their format's.
    reading: Option<Reading>,
    /// The log's format, once its header is read.
    format: Option<u32>,
    state: Option<Resume>,
    /// A record stopped the scan: it takes nothing more.
    spent: bool,
}

/// The resumptions and clock jumps a followed scan keeps (`summary::INCIDENTS_KEPT`).
const KEPT: usize = 2000;

/// How a shift is followed anew from its first record after [`FollowStop::Again`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Restart {
    /// Every record's logged events read (the fast reading met events this engine
    /// does not make).
    pub slow: bool,
    /// The reading to replay under, when not the format's: a log of format 6 written
    /// by the Sabot that first kept the rules of who is at the table (as [`scan`]
    /// reads one).
    pub reading: Option<Reading>,
}

/// Where a followed scan stands after the records taken so far.
#[derive(Clone)]
struct Resume {
    out: Replayed,
    table: Table,
    line_no: usize,
    known: Option<record::Known>,
}

/// Why a followed scan stopped.
#[derive(Debug)]
pub enum FollowStop {
    /// A record that does not check: the shift cannot be followed further.
    Bad(JournalError),
    /// Follow the shift again from its first record, this way ([`Following::restart`]).
    Again(Restart),
}

impl Following {
    /// A shift to follow from its header; `path` names it in messages.
    pub fn new(path: &Path, mode: Mode) -> Following {
        Following::restart(path, mode, Restart::default())
    }

    /// The same, followed anew as a stop asked ([`FollowStop::Again`]).
    pub fn restart(path: &Path, mode: Mode, how: Restart) -> Following {
        Following {
            path: path.to_path_buf(),
            mode,
            lazy: !how.slow,
            reading: how.reading,
            format: None,
            state: None,
            spent: false,
        }
    }

    /// How this scan was started.
    fn how(&self) -> Restart {
        Restart { slow: !self.lazy, reading: self.reading }
    }

    /// Takes the next records, whole lines each ending with its newline, in order
    /// (the first of all is the header). A stop is for good: once stopped, a scan
    /// takes nothing more ([`FollowStop::Again`]: follow the shift anew).
    pub fn take(&mut self, bytes: &[u8], visit: Visit<'_>) -> Result<(), FollowStop> {
        if self.spent {
            return Err(FollowStop::Again(self.how()));
        }
        // Whatever stops here leaves the scan spent (its state was moved into the pass).
        self.spent = true;
        let how = self.how();
        let stop = |s: Stop, format: Option<u32>| match s {
            // A log of format 6 that does not replay under its format's reading may
            // have been written under the rules of who is at the table: tried so once.
            Stop::Error(_) if format == Some(record::PRESENCE - 1) && how.reading.is_none() => {
                FollowStop::Again(Restart { reading: Some(Reading::Presence), ..how })
            }
            Stop::Error(e) => FollowStop::Bad(e),
            Stop::Restart => FollowStop::Again(Restart { slow: true, ..how }),
        };
        let all = split_lines(bytes);
        let mut lines: &[&[u8]] = &all;
        let state = match self.state.take() {
            Some(s) => s,
            None => {
                let Some(first) = lines.first() else {
                    self.spent = false;
                    return Ok(());
                };
                let (head, header) = read_header(&self.path, &all[..1]).map_err(|s| stop(s, None))?;
                let mut table = header
                    .table()
                    .map_err(|e| FollowStop::Bad(bad_at(&self.path, 1, Some(0), Problem::HeaderSettings(e))))?;
                if let Some(reading) = self.reading {
                    table.set_reading(reading);
                }
                self.format = Some(header.format);
                visit(Seen::Record { line: 1, record: &head, before: &table });
                let known = record::Known::new(&header.table, &header.croupier, header.settings.game);
                self.lazy = self.lazy && header.format >= 3;
                let out = Replayed::after_header(header, &head, &table, first.len());
                lines = &lines[1..];
                Resume { out, table, line_no: 1, known }
            }
        };
        let Resume { out, table, line_no, known } = state;
        let mut pass = Pass {
            path: &self.path,
            mode: self.mode,
            lazy: self.lazy,
            out,
            table,
            line_no,
            computed: Vec::new(),
            text: String::new(),
            visit,
        };
        // A followed shift has no last line yet: a bad record is bad, never a tail.
        let format = self.format;
        pass.block(lines, false, known.as_ref()).map_err(|s| stop(s, format))?;
        let (mut out, table, line_no) = (pass.out, pass.table, pass.line_no);
        // What a followed shift keeps of its resumptions and clock jumps is bounded
        // (the floor shows none of them; the summary counts them): a shift of nothing
        // else but those takes no more memory for it (issue 51).
        out.resumed.truncate(KEPT);
        out.resumed_lines.truncate(KEPT);
        out.clock_jumps.truncate(KEPT);
        self.state = Some(Resume { out, table, line_no, known });
        self.spent = false;
        Ok(())
    }

    /// The scan so far, its table as the records taken leave it (None before the header).
    pub fn replayed(&self) -> Option<Replayed> {
        self.state.as_ref().map(|s| Replayed { table: s.table.clone(), ..s.out.clone() })
    }

    /// The table as the records taken leave it.
    pub fn table(&self) -> Option<&Table> {
        self.state.as_ref().map(|s| &s.table)
    }
}
