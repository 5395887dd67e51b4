//! The shift log's bytes, and nothing else: one line a record appended to the file in
//! one write and synced (`sync_data`) before the call returns. A line that cannot be
//! written and synced is cut back off (best effort) and the file takes no more lines:
//! the croupier was told the record is not saved, so it must never be found in the log
//! as an ordinary record. What a line holds (its record, its chain of hashes, its
//! time) is the writer's (`writer.rs`); this file only knows bytes.

use super::error::JournalError;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// An open log file taking lines at its end.
#[derive(Debug)]
pub(crate) struct LogFile {
    file: File,
    path: PathBuf,
    /// Bytes of the good lines: where the file is cut back to if a write fails.
    len: u64,
    /// A write or a sync failed: the file takes no more lines.
    failed: bool,
}

impl LogFile {
    /// The file at `path`, open for writing at its end; `len`: the bytes of its good
    /// lines (the file is exactly those).
    pub(crate) fn new(file: File, path: &Path, len: u64) -> LogFile {
        LogFile { file, path: path.to_path_buf(), len, failed: false }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn file(&self) -> &File {
        &self.file
    }

    /// A write or a sync failed earlier: no more lines.
    pub(crate) fn failed(&self) -> bool {
        self.failed
    }

    /// Appends `line`, which ends with its end of line, in one write, then syncs it.
    /// A crash leaves either the whole line or a line without its end (the record in
    /// flight, set aside on recovery). On a failure the file is cut back to its good
    /// lines (if even that fails, the bytes after them have no end of line or a sync
    /// never confirmed them; recovery sets them aside) and takes no more.
    pub(crate) fn append_line(&mut self, line: &[u8]) -> Result<(), JournalError> {
        if self.failed {
            return Err(JournalError::Poisoned { path: self.path.clone() });
        }
        let written = self.file.write_all(line).map_err(|e| JournalError::io(&self.path, "write", &e));
        let synced = written.and_then(|()| self.file.sync_data().map_err(|e| JournalError::io(&self.path, "sync", &e)));
        if let Err(e) = synced {
            self.failed = true;
            if self.file.set_len(self.len).and_then(|()| self.file.sync_all()).is_err() {
                // Nothing more can be done from here: the file takes no more lines.
            }
            return Err(e);
        }
        self.len += line.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::LogFile;
    use crate::journal::JournalError;

    /// Lines go to the end of the file, each whole; a write that fails leaves the
    /// file as its good lines and takes no more.
    #[test]
    fn a_failed_line_is_cut_off_and_no_more_are_taken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.sabotlog");
        std::fs::write(&path, b"one\n").unwrap();
        let file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        let mut log = LogFile::new(file, &path, 4);
        log.append_line(b"two\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"one\ntwo\n");
        // A file open for reading only: the write fails.
        let read_only = std::fs::File::open(&path).unwrap();
        let mut log = LogFile::new(read_only, &path, 8);
        assert!(matches!(log.append_line(b"three\n"), Err(JournalError::Io { .. })));
        assert!(log.failed());
        assert!(matches!(log.append_line(b"four\n"), Err(JournalError::Poisoned { .. })));
        assert_eq!(std::fs::read(&path).unwrap(), b"one\ntwo\n");
    }
}
