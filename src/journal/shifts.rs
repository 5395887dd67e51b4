//! Shifts across files. A shift is its header's hash (`Summary::shift_id`, the name
//! the pit gives it too): the same shift read from two files is one shift, counted
//! once, and the pit boss is told which file repeats which; two copies of a shift
//! that differ are an alarm and are never summed; a copy that fails verification
//! never enters totals (`sabot report`, the review's «all together»).

use super::summary::Summary;
use std::path::PathBuf;

/// What was found about copies of one shift.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyNote {
    /// `path` holds the same shift as `first`, record for record: counted once.
    Same { path: PathBuf, first: PathBuf },
    /// `a` and `b` are copies of the same shift that differ (records, or the last
    /// record's hash): an alarm; neither is counted until the pit boss settles it.
    Differ { a: PathBuf, b: PathBuf, records_a: u64, records_b: u64 },
    /// `damaged` is a copy of the shift in `sound` that fails verification: an
    /// alarm; the damaged copy is never counted.
    DamagedCopy { damaged: PathBuf, sound: PathBuf },
}

impl CopyNote {
    /// An alarm (red), not a plain note.
    pub fn alarm(&self) -> bool {
        !matches!(self, CopyNote::Same { .. })
    }
}

/// The shifts that enter totals, by index into the list given, and what was said
/// of copies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Together {
    /// Indices of the summaries counted: one per shift, never a damaged one, never
    /// one of copies that differ.
    pub counted: Vec<usize>,
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
}

/// Sorts `shifts` (in the order given) into the ones counted and the notes on copies.
pub fn together(shifts: &[&Summary]) -> Together {
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
        let (damaged, good): (Vec<usize>, Vec<usize>) =
            copies.into_iter().partition(|&i| shifts[i].integrity.is_damaged());
        if let Some(&first) = good.first() {
            let f = shifts[first];
            let differ: Vec<usize> = good[1..]
                .iter()
                .copied()
                .filter(|&i| shifts[i].records != f.records || shifts[i].last_hash != f.last_hash)
                .collect();
            if differ.is_empty() {
                out.counted.push(first);
                for &i in &good[1..] {
                    out.notes.push((i, CopyNote::Same { path: shifts[i].path.clone(), first: f.path.clone() }));
                }
            } else {
                for &i in &good[1..] {
                    let s = shifts[i];
                    let note = if differ.contains(&i) {
                        CopyNote::Differ {
                            a: f.path.clone(),
                            b: s.path.clone(),
                            records_a: f.records,
                            records_b: s.records,
                        }
                    } else {
                        CopyNote::Same { path: s.path.clone(), first: f.path.clone() }
                    };
                    out.notes.push((i, note));
                }
                let d = differ[0];
                out.notes.push((
                    first,
                    CopyNote::Differ {
                        a: f.path.clone(),
                        b: shifts[d].path.clone(),
                        records_a: f.records,
                        records_b: shifts[d].records,
                    },
                ));
            }
            for i in damaged {
                out.notes.push((i, CopyNote::DamagedCopy { damaged: shifts[i].path.clone(), sound: f.path.clone() }));
            }
        }
    }
    out.counted.sort_unstable();
    out.notes.sort_by_key(|(i, _)| *i);
    out
}
