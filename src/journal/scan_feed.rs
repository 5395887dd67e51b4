//! A log's bytes into lines: read a block of whole lines at a time (the memory a scan
//! takes does not grow with the log), and the lines after the header decoded ahead of
//! the replay by helper threads (each line's frame and hash checked, its record read
//! lazily).

use super::*;

/// Bytes read at a time: a log is read a block of whole lines at a time, so that
/// the memory a scan takes does not grow with the log.
pub(super) const BLOCK: usize = 4 << 20;
/// The longest line read (a record is under a kilobyte; a header a few).
pub(super) const LINE_MAX: usize = 32 << 20;

/// A log read a block of whole lines at a time; what follows the last end of line
/// is left in `carry` at the end of the file.
pub(super) struct Feed<'s> {
    pub(super) src: &'s mut dyn Source,
    pub(super) carry: Vec<u8>,
    pub(super) eof: bool,
}

pub(super) enum Block {
    /// Whole lines, each ending with its newline.
    Lines(Vec<u8>),
    End,
    /// A line longer than `LINE_MAX`: not a log's.
    TooLong,
}

impl Feed<'_> {
    pub(super) fn next(&mut self, path: &Path) -> Result<Block, JournalError> {
        loop {
            if self.eof {
                return Ok(Block::End);
            }
            let old = self.carry.len();
            // At most a block more (a small log is read in one go, without a block's
            // worth of zeroes first).
            let n = (&mut *self.src)
                .take(BLOCK as u64)
                .read_to_end(&mut self.carry)
                .map_err(|e| JournalError::io(path, "read the shift log", &e))?;
            if n == 0 {
                self.eof = true;
                return Ok(Block::End);
            }
            if let Some(i) = memchr::memrchr(b'\n', &self.carry[old..]) {
                let rest = self.carry[old + i + 1..].to_vec();
                let mut block = std::mem::replace(&mut self.carry, rest);
                block.truncate(old + i + 1);
                return Ok(Block::Lines(block));
            }
            if self.carry.len() > LINE_MAX {
                return Ok(Block::TooLong);
            }
        }
    }
}

/// A line's record, with its events' logged text when it is read lazily.
pub(super) type LineRecord<'a> = (Record, Option<&'a [u8]>);

pub(super) type Decoded<'a> = Result<LineRecord<'a>, LineError>;

/// Lines a helper thread reads at a time.
pub(super) const CHUNK: usize = 256;
/// Chunks a helper may have read ahead of the replay.
pub(super) const AHEAD: usize = 4;

/// The lines after the header, read in order: by helper threads ahead of the replay
/// (each line's frame and hash checked, the record read lazily), or here.
pub(super) struct Ahead<'a, 'k> {
    lines: &'a [&'a [u8]],
    lazy: bool,
    reader: record::Reader<'a, 'k>,
    /// Helper `h` reads chunks `h`, `h + helpers.len()`, … in order.
    helpers: Vec<std::sync::mpsc::Receiver<Vec<Decoded<'a>>>>,
    chunk: std::vec::IntoIter<Decoded<'a>>,
    /// The next chunk to take from a helper.
    next_chunk: usize,
}

impl<'a, 'k> Ahead<'a, 'k> {
    pub(super) fn start<'s>(
        scope: &'s std::thread::Scope<'s, '_>,
        lines: &'a [&'a [u8]],
        known: Option<&'k record::Known>,
        lazy: bool,
    ) -> Self
    where
        'a: 's,
        'k: 's,
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
        let mut helpers = Vec::new();
        if lazy && threads > 1 && lines.len() >= 1024 {
            for h in 0..threads {
                let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let mut reader = record::Reader::new(known);
                    for part in lines.chunks(CHUNK).skip(h).step_by(threads) {
                        let decoded: Vec<Decoded<'a>> = part.iter().map(|l| reader.decode(l)).collect();
                        if tx.send(decoded).is_err() {
                            return; // the replay stopped
                        }
                    }
                });
                if spawned.is_err() {
                    helpers.clear();
                    break;
                }
                helpers.push(rx);
            }
        }
        Ahead { lines, lazy, reader: record::Reader::new(known), helpers, chunk: Vec::new().into_iter(), next_chunk: 0 }
    }

    /// The next line, read (`raw` is that line).
    pub(super) fn next(&mut self, raw: &'a [u8]) -> Decoded<'a> {
        if !self.lazy {
            return record::decode(raw).map(|r| (r, None));
        }
        if self.chunk.len() == 0 && !self.helpers.is_empty() && self.next_chunk * CHUNK < self.lines.len() {
            let c = self.next_chunk;
            self.next_chunk += 1;
            let chunk = match self.helpers[c % self.helpers.len()].recv() {
                Ok(chunk) => chunk,
                // A helper that stopped (short of a panic, none does): its lines are read here.
                Err(_) => {
                    let end = ((c + 1) * CHUNK).min(self.lines.len());
                    self.lines[c * CHUNK..end].iter().map(|l| self.reader.decode(l)).collect()
                }
            };
            self.chunk = chunk.into_iter();
        }
        match self.chunk.next() {
            Some(d) => d,
            None => self.reader.decode(raw),
        }
    }
}
