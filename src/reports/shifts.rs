//! Shifts across files. A shift is its header's hash (`Summary::shift_id`, the name
//! the pit gives it too): the same shift read from two files is one shift, counted
//! once, and the pit boss is told which file repeats which; a copy whose records are
//! the first records of another copy's chain is an older copy of it (a backup taken
//! before an amendment, the pit's copy before the last records arrived): the longer
//! is counted, once, and the older said; two copies that truly fork (a record that
//! differs) are an alarm naming the first record that differs, and are never summed;
//! a copy that fails verification never enters totals (`sabot report`, the review's
//! «all together»). A training session (`Summary::training`, staged by the school) is
//! never money: it never enters the totals; it is kept apart (`Together::training`)
//! for the school's own figures.

use crate::reports::summary::Summary;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// What was found about copies of one shift.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyNote {
    /// `path` holds the same shift as `first`, record for record: counted once.
    Same { path: PathBuf, first: PathBuf },
    /// `older` holds the first `records_older` records of `newer`'s chain, record for
    /// record, and no more: an older copy of the same shift; `newer` is counted.
    Older { older: PathBuf, newer: PathBuf, records_older: u64, records_newer: u64 },
    /// `a` and `b` are copies of the same shift that fork: record `first_differing`
    /// (its sequence number; `None` when a file could not be read again) is not the
    /// same record in both. An alarm; neither is counted until the pit boss settles it.
    Differ { a: PathBuf, b: PathBuf, records_a: u64, records_b: u64, first_differing: Option<u64> },
    /// `damaged` is a copy of the shift in `sound` that fails verification: an
    /// alarm; the damaged copy is never counted.
    DamagedCopy { damaged: PathBuf, sound: PathBuf },
}

impl CopyNote {
    /// An alarm (red), not a plain note.
    pub fn alarm(&self) -> bool {
        !matches!(self, CopyNote::Same { .. } | CopyNote::Older { .. })
    }
}

/// The shifts that enter totals, by index into the list given, and what was said
/// of copies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Together {
    /// Indices of the summaries counted: one per shift, never a damaged one, never
    /// one of copies that fork, never a training session.
    pub counted: Vec<usize>,
    /// Training sessions, one per session as `counted` (never money: the school's
    /// own figures, never in a total).
    pub training: Vec<usize>,
    /// Indices of summaries left out, each with the note that says why (damaged logs
    /// with no sound copy are left out without a note: their own line says so).
    pub notes: Vec<(usize, CopyNote)>,
}

impl Together {
    /// The alarms, each once (a pair of copies that differ is noted on both).
    pub fn alarms(&self) -> Vec<&CopyNote> {
        let mut out: Vec<&CopyNote> = Vec::new();
        for (_, n) in &self.notes {
            if n.alarm() && !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }

    /// The note about summary `i`, if any.
    pub fn note(&self, i: usize) -> Option<&CopyNote> {
        self.notes.iter().find(|(j, _)| *j == i).map(|(_, n)| n)
    }

    /// Summary `i` is a training session (counted in the school's figures only).
    pub fn is_training(&self, i: usize) -> bool {
        self.training.contains(&i)
    }
}

/// The hash written at the end of a record's line (`…,hash:"<64 hex>")`).
fn line_hash(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    match line.len().checked_sub(66) {
        Some(start) => &line[start..line.len().saturating_sub(2)],
        None => line,
    }
}

/// The first of the first `n` records where the logs `a` and `b` differ (their
/// sequence number), `Ok(None)` when those `n` records are the same in both. Reads
/// both files a line at a time, in step: memory flat in the logs' size.
pub fn first_difference(a: &Path, b: &Path, n: u64) -> std::io::Result<Option<u64>> {
    let open =
        |p: &Path| crate::journal::scan::open_file(p).map(std::io::BufReader::new).map_err(std::io::Error::other);
    let (mut ra, mut rb) = (open(a)?, open(b)?);
    let (mut la, mut lb) = (Vec::new(), Vec::new());
    for seq in 0..n {
        la.clear();
        lb.clear();
        let (got_a, got_b) = (ra.read_until(b'\n', &mut la)?, rb.read_until(b'\n', &mut lb)?);
        let (ha, hb) = (line_hash(la.trim_ascii_end()), line_hash(lb.trim_ascii_end()));
        if got_a == 0 || got_b == 0 || ha != hb {
            return Ok(Some(seq));
        }
    }
    Ok(None)
}

/// Sorts `shifts` (in the order given) into the ones counted, the training sessions
/// and the notes on copies. Copies are compared record by record from their files
/// (`first_difference`).
pub fn together(shifts: &[&Summary]) -> Together {
    together_with(shifts, &|a: &Path, b: &Path, n: u64| match first_difference(a, b, n) {
        Ok(None) => None,
        Ok(Some(seq)) => Some(Some(seq)),
        Err(_) => Some(None),
    })
}

/// What tells where two copies' first `n` records part: `None` the same, `Some(None)`
/// they differ somewhere not known, `Some(Some(seq))` at record `seq`.
pub type Compare<'c> = dyn Fn(&Path, &Path, u64) -> Option<Option<u64>> + 'c;

/// `together`, the copies compared by `compare`.
pub fn together_with(shifts: &[&Summary], compare: &Compare<'_>) -> Together {
    let mut out = Together::default();
    // The shifts in order of first appearance, each with the indices of its copies.
    let mut ids: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, s) in shifts.iter().enumerate() {
        match ids.iter_mut().find(|(id, _)| *id == s.shift_id) {
            Some((_, v)) => v.push(i),
            None => ids.push((s.shift_id.as_str(), vec![i])),
        }
    }
    for (_, copies) in ids {
        if let Some(counted) = one_shift(shifts, copies, compare, &mut out.notes) {
            if shifts[counted].training {
                out.training.push(counted);
            } else {
                out.counted.push(counted);
            }
        }
    }
    out.counted.sort_unstable();
    out.training.sort_unstable();
    out.notes.sort_by_key(|(i, _)| *i);
    out
}

/// The copies of one shift: the one counted (the longest chain, when every other
/// copy is it or an older part of it), each other copy's note added to `notes`.
fn one_shift(
    shifts: &[&Summary],
    copies: Vec<usize>,
    compare: &Compare<'_>,
    notes: &mut Vec<(usize, CopyNote)>,
) -> Option<usize> {
    let (damaged, good): (Vec<usize>, Vec<usize>) = copies.into_iter().partition(|&i| shifts[i].integrity.is_damaged());
    // The longest copy, the first given among the longest.
    let &first = good.iter().rev().max_by_key(|&&i| shifts[i].records)?;
    let f = shifts[first];
    let mut forked: Vec<(usize, CopyNote)> = Vec::new();
    for &i in good.iter().filter(|&&i| i != first) {
        let s = shifts[i];
        let note = if s.records == f.records && s.last_hash == f.last_hash {
            CopyNote::Same { path: s.path.clone(), first: f.path.clone() }
        } else {
            match compare(&s.path, &f.path, s.records) {
                None if s.records < f.records => CopyNote::Older {
                    older: s.path.clone(),
                    newer: f.path.clone(),
                    records_older: s.records,
                    records_newer: f.records,
                },
                found => {
                    let first_differing = found.flatten().or(Some(s.records.min(f.records)));
                    let note = CopyNote::Differ {
                        a: f.path.clone(),
                        b: s.path.clone(),
                        records_a: f.records,
                        records_b: s.records,
                        first_differing,
                    };
                    forked.push((i, note.clone()));
                    note
                }
            }
        };
        notes.push((i, note));
    }
    for i in damaged {
        notes.push((i, CopyNote::DamagedCopy { damaged: shifts[i].path.clone(), sound: f.path.clone() }));
    }
    match forked.into_iter().next() {
        None => Some(first),
        Some((_, note)) => {
            notes.push((first, note));
            None
        }
    }
}
