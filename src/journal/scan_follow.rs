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
    state: Option<Resume>,
    /// A record stopped the scan: it takes nothing more.
    spent: bool,
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
    /// The fast reading met events this engine does not make: follow the shift again
    /// from its first record with [`Following::slow`].
    Again,
}

impl Following {
    /// A shift to follow from its header; `path` names it in messages.
    pub fn new(path: &Path, mode: Mode) -> Following {
        Following { path: path.to_path_buf(), mode, lazy: true, state: None, spent: false }
    }

    /// The same, reading every record's logged events (after [`FollowStop::Again`]).
    pub fn slow(path: &Path, mode: Mode) -> Following {
        Following { lazy: false, ..Following::new(path, mode) }
    }

    /// Takes the next records, whole lines each ending with its newline, in order
    /// (the first of all is the header). A stop is for good: once stopped, a scan
    /// takes nothing more ([`FollowStop::Again`]: follow the shift anew).
    pub fn take(&mut self, bytes: &[u8], visit: Visit<'_>) -> Result<(), FollowStop> {
        if self.spent {
            return Err(FollowStop::Again);
        }
        // Whatever stops here leaves the scan spent (its state was moved into the pass).
        self.spent = true;
        let stop = |s: Stop| match s {
            Stop::Error(e) => FollowStop::Bad(e),
            Stop::Restart => FollowStop::Again,
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
                let (head, header) = read_header(&self.path, &all[..1]).map_err(stop)?;
                let table = header
                    .table()
                    .map_err(|e| FollowStop::Bad(bad_at(&self.path, 1, Some(0), Problem::HeaderSettings(e))))?;
                visit(Seen::Record { line: 1, record: &head, before: &table });
                let known = record::Known::new(&header.table, &header.croupier, header.settings.game);
                self.lazy = self.lazy && header.format >= 3;
                let out = Replayed {
                    header,
                    table: table.clone(),
                    records: 1,
                    last_seq: 0,
                    last_hash: head.hash.clone(),
                    last_at: head.at,
                    good_len: (first.len() + 1) as u64,
                    closed: None,
                    close_unterminated: false,
                    closed_at: None,
                    amended_after_close: 0,
                    resumed: Vec::new(),
                    resumed_lines: Vec::new(),
                    clock_jumps: Vec::new(),
                    tail: None,
                    set_aside: None,
                };
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
        pass.block(lines, false, known.as_ref()).map_err(stop)?;
        let (out, table, line_no) = (pass.out, pass.table, pass.line_no);
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
