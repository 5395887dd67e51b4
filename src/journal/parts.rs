//! A shift split across files. A log cut in two at a line (copied in pieces, a
//! file too big for the medium it was carried on) leaves a first part that is a log
//! without its closing record, and a second part whose first record is not the
//! header: on its own it is no log («falta la cabecera»). The chain links them: the
//! second part's first record names, as the record before it, the hash of the first
//! part's last record, and its sequence number is the next. `link` finds, for each
//! file that starts in the middle of a chain, the shift it continues among those
//! open; `whole` reads the parts one after another as one log (`Joined`), verified
//! and summed up exactly as a log in one file is.

use super::error::{JournalError, Problem};
use super::record::{self, Body};
use super::summary::{self, Summary};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The longest first line read to find where a part starts in its chain.
const FIRST_LINE_MAX: u64 = 4 << 20;

/// Where a file that starts in the middle of a shift's chain starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// Its first record's sequence number.
    pub seq: u64,
    /// The hash its first record names as the one before it.
    pub prev: String,
}

/// Where the file at `path` starts, when its first line is a whole, sound record that
/// is not a header (a part after the first of a split shift); `None` otherwise.
pub fn start_of(path: &Path) -> Option<Start> {
    let f = super::fsio::open_read(path).ok()?;
    let mut line = Vec::new();
    BufReader::new(f).take(FIRST_LINE_MAX).read_until(b'\n', &mut line).ok()?;
    if line.pop() != Some(b'\n') {
        return None;
    }
    match record::decode(line.strip_suffix(b"\r").unwrap_or(&line)) {
        Ok(r) if !matches!(r.body, Body::Header(_)) => Some(Start { seq: r.seq, prev: r.prev }),
        _ => None,
    }
}

/// Whether a part starting at `start` takes up the chain where the shift `before`
/// (read to its end, every record sound, not closed) leaves it.
pub fn continues(start: &Start, before: &Summary) -> bool {
    !before.last_hash.is_empty()
        && !before.closed()
        && !before.integrity.is_damaged()
        && start.seq == before.records
        && start.prev == before.last_hash
}

/// Whether a file could not be read as a log because its first record is not the
/// header: a part of a split shift, perhaps.
pub fn is_headless(e: &JournalError) -> bool {
    matches!(e, JournalError::Bad { bad, .. } if matches!(bad.what, Problem::HeaderMissing { .. }))
}

/// The parts of one shift, in the chain's order (the first has the header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub parts: Vec<PathBuf>,
    /// Where each part after the first starts (its first record's number).
    pub starts: Vec<u64>,
    /// The parts read as one log, summed up (its path is the first part's), or why
    /// they could not be.
    pub whole: Result<Summary, JournalError>,
}

/// The shifts split across files among those given: each `headless` file (its path
/// and where it starts) linked to the shift whose chain it takes up, among the
/// summaries of whole logs `shifts`, or after a part already linked (a shift in three
/// files). Each split is read whole once more for each part linked to it (`whole`).
/// The files no shift is found for are left out.
pub fn link(shifts: &[&Summary], headless: &[(PathBuf, Start)]) -> Vec<Split> {
    let mut out: Vec<Split> = Vec::new();
    let mut left: Vec<&(PathBuf, Start)> = headless.iter().collect();
    while let Some((k, after)) = next_link(shifts, &out, &left) {
        let (path, start) = left.remove(k);
        match after {
            After::Split(i) => {
                if let Some(s) = out.get_mut(i) {
                    s.parts.push(path.clone());
                    s.starts.push(start.seq);
                    s.whole = whole(&s.parts);
                }
            }
            After::Log(j) => {
                let parts = vec![shifts[j].path.clone(), path.clone()];
                let whole = whole(&parts);
                out.push(Split { parts, starts: vec![start.seq], whole });
            }
        }
    }
    out
}

/// What a part takes up: a split found so far (its index), or a log (its index).
enum After {
    Split(usize),
    Log(usize),
}

/// The first of `left` that takes up a chain, and what it takes up.
fn next_link(shifts: &[&Summary], out: &[Split], left: &[&(PathBuf, Start)]) -> Option<(usize, After)> {
    for (k, (_, start)) in left.iter().enumerate() {
        if let Some(i) = out.iter().position(|s| s.whole.as_ref().is_ok_and(|w| continues(start, w))) {
            return Some((k, After::Split(i)));
        }
        let taken = |s: &Summary| out.iter().any(|o| o.parts.first() == Some(&s.path));
        if let Some(j) = shifts.iter().position(|s| continues(start, s) && !taken(s)) {
            return Some((k, After::Log(j)));
        }
    }
    None
}

/// The parts of a shift read one after another as one log, verified and summed up
/// (the summary's path is the first part's, its size theirs together).
pub fn whole(parts: &[PathBuf]) -> Result<Summary, JournalError> {
    let Some(first) = parts.first() else {
        return Err(JournalError::unreadable(Path::new(""), Problem::NotALog));
    };
    let files = parts.iter().map(|p| super::scan::open_file(p)).collect::<Result<Vec<_>, _>>()?;
    let bytes = files.iter().filter_map(|f| f.metadata().ok()).map(|m| m.len()).sum();
    let mut src = Joined { files, at: 0 };
    summary::summarise_from(first, &mut src, bytes, None)
}

/// Files read one after another as one stream. It seeks only to its start (all a
/// pass over a log asks of its source).
pub struct Joined {
    files: Vec<std::fs::File>,
    at: usize,
}

impl Read for Joined {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while let Some(f) = self.files.get_mut(self.at) {
            let n = f.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            self.at += 1;
        }
        Ok(0)
    }
}

impl Seek for Joined {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        if pos != SeekFrom::Start(0) {
            return Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "parts are read from their start"));
        }
        for f in &mut self.files {
            f.seek(SeekFrom::Start(0))?;
        }
        self.at = 0;
        Ok(0)
    }
}
