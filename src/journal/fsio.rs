//! The few file-system steps a crash-proof log needs, each with its sync.

use super::error::JournalError;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Makes a new entry in `dir` durable: fsyncs the folder itself on Unix. Windows
/// has no such call (a folder opened as a file cannot be flushed: `FlushFileBuffers`
/// wants a handle open for writing data, which a folder never is); there NTFS
/// journals the folder's entries itself and the new file's own flush (`sync_all`,
/// `FlushFileBuffers`, done by every caller before this) writes its metadata, so
/// this step has nothing left to do.
pub fn sync_dir(dir: &Path) -> Result<(), JournalError> {
    #[cfg(unix)]
    {
        let d = File::open(dir).map_err(|e| JournalError::io(dir, "open the folder to sync it", &e))?;
        d.sync_all().map_err(|e| JournalError::io(dir, "sync the folder", &e))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Takes the exclusive writer's lock on an open shift log without waiting: `Ok(false)`
/// when another writer holds it. The system drops it when the file is closed or the
/// process ends, however it ends.
///
/// On Unix it is the whole file's advisory lock (`flock`), which readers ignore. On
/// Windows a lock is mandatory: the whole file locked would stop every other handle
/// reading it (the pit's replicator, `sabot verify` of the open shift, the start
/// screen's list). So there the lock is one byte far past any end the log can reach,
/// which only another writer's lock asks for.
pub fn try_lock(file: &File) -> std::io::Result<bool> {
    #[cfg(windows)]
    {
        windows_lock::try_lock(file)
    }
    #[cfg(not(windows))]
    {
        match file.try_lock() {
            Ok(()) => Ok(true),
            Err(std::fs::TryLockError::WouldBlock) => Ok(false),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }
}

/// Gives up the lock [`try_lock`] took (closing the file gives it up too).
pub fn unlock(file: &File) -> std::io::Result<()> {
    #[cfg(windows)]
    {
        windows_lock::unlock(file)
    }
    #[cfg(not(windows))]
    {
        file.unlock()
    }
}

/// Cuts an open shift log (open for appending, and locked) to `len` bytes. On Windows
/// a handle that only appends may not change the file's end, so a second handle, open
/// for writing, cuts it (the lock, past any end, does not stand in its way).
pub fn cut(file: &File, path: &Path, len: u64) -> std::io::Result<()> {
    #[cfg(windows)]
    {
        let _ = file;
        let w = OpenOptions::new().write(true).open(path)?;
        w.set_len(len)?;
        w.sync_all()
    }
    #[cfg(not(windows))]
    {
        let _ = path;
        file.set_len(len)
    }
}

#[cfg(windows)]
mod windows_lock {
    use std::fs::File;
    use std::os::windows::io::AsRawHandle;
    use windows_sys::Win32::Foundation::{ERROR_IO_PENDING, ERROR_LOCK_VIOLATION};
    use windows_sys::Win32::Storage::FileSystem::{
        LOCKFILE_EXCLUSIVE_LOCK, LOCKFILE_FAIL_IMMEDIATELY, LockFileEx, UnlockFileEx,
    };
    use windows_sys::Win32::System::IO::OVERLAPPED;

    /// The locked byte's offset, 2^62: past any log, and within the range NTFS locks.
    const OFFSET: u64 = 1 << 62;

    fn at_offset() -> OVERLAPPED {
        let mut o = OVERLAPPED::default();
        o.Anonymous.Anonymous.Offset = OFFSET as u32;
        o.Anonymous.Anonymous.OffsetHigh = (OFFSET >> 32) as u32;
        o
    }

    pub fn try_lock(file: &File) -> std::io::Result<bool> {
        let mut o = at_offset();
        // SAFETY: the handle is the open file's, `o` outlives the call, and a
        // synchronous handle with LOCKFILE_FAIL_IMMEDIATELY returns at once.
        let ok = unsafe {
            LockFileEx(file.as_raw_handle(), LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &mut o)
        };
        if ok != 0 {
            return Ok(true);
        }
        let e = std::io::Error::last_os_error();
        match e.raw_os_error().map(|c| c as u32) {
            Some(ERROR_LOCK_VIOLATION) | Some(ERROR_IO_PENDING) => Ok(false),
            _ => Err(e),
        }
    }

    pub fn unlock(file: &File) -> std::io::Result<()> {
        let mut o = at_offset();
        // SAFETY: as in `try_lock`.
        let ok = unsafe { UnlockFileEx(file.as_raw_handle(), 0, 1, 0, &mut o) };
        if ok != 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
    }
}

/// The folder a file lives in (`.` for a bare name).
pub fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Creates `path`, which must not exist, with `bytes` in it, synced, and its folder
/// synced: when this returns, the file survives a crash.
pub fn create_durable(path: &Path, bytes: &[u8]) -> Result<File, JournalError> {
    // Read access too: Windows locks ([`try_lock`]) want a handle that may read or
    // write data, and one that only appends may do neither.
    let mut f = OpenOptions::new()
        .read(true)
        .append(true)
        .create_new(true)
        .open(path)
        .map_err(|e| JournalError::io(path, "create the file", &e))?;
    f.write_all(bytes).map_err(|e| JournalError::io(path, "write", &e))?;
    f.sync_all().map_err(|e| JournalError::io(path, "sync", &e))?;
    sync_dir(parent_of(path))?;
    Ok(f)
}

/// Writes a whole file by way of a temporary file in the same folder: write, sync,
/// rename over `path`, sync the folder. Readers see the old file or the new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), JournalError> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes).map_err(|e| JournalError::io(path, "write", &e))?;
    f.commit()
}

/// A whole file written as it comes (a CSV row by row, a school's export) under a
/// temporary name in the same folder, and put in place only by [`AtomicFile::commit`]:
/// synced, renamed over the file, the folder synced. Readers see the old file or the
/// whole new one, never half of it; a file dropped without its commit leaves nothing.
/// Sabot's one way to write a whole file (the close sheet, `report`'s CSV, `export`,
/// the school's export, a pit copy).
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<File>>,
}

impl AtomicFile {
    /// Starts the file `path` (not there until the commit).
    pub fn create(path: &Path) -> Result<AtomicFile, JournalError> {
        let dir = parent_of(path);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
        let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)
            .map_err(|e| JournalError::io(path, "create the file", &e))?;
        Ok(AtomicFile { path: path.to_path_buf(), tmp, file: Some(std::io::BufWriter::new(file)) })
    }

    /// Puts the whole file in place: flushed, synced, renamed over `path`, the folder
    /// synced. On an error the file at `path` is as it was.
    pub fn commit(mut self) -> Result<(), JournalError> {
        let Some(w) = self.file.take() else { return Ok(()) };
        let path = self.path.clone();
        let f = w.into_inner().map_err(|e| JournalError::io(&path, "write", e.error()))?;
        f.sync_all().map_err(|e| JournalError::io(&path, "sync", &e))?;
        drop(f);
        std::fs::rename(&self.tmp, &path).map_err(|e| JournalError::io(&path, "rename the new file into place", &e))?;
        // In place: nothing left to remove.
        self.tmp = PathBuf::new();
        sync_dir(parent_of(&path))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.file.as_mut() {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("the file is already in place")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self.file.as_mut() {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed: the temporary file goes (a file that cannot be removed stays
        // under its hidden temporary name; the file itself was never touched).
        if !self.tmp.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Opens a shift log to read it: only a regular file (a FIFO would block the open or
/// the read for ever, a device such as `/dev/zero` would never end). The type is
/// checked before the file is opened (opening a FIFO waits for a writer) and again on
/// what was opened.
pub fn open_regular(path: &Path, options: &OpenOptions) -> Result<File, JournalError> {
    open_checked(path, options, "open")
}

fn open_checked(path: &Path, options: &OpenOptions, doing: &'static str) -> Result<File, JournalError> {
    use super::error::Problem;
    let meta = std::fs::metadata(path).map_err(|e| JournalError::io(path, doing, &e))?;
    if !meta.is_file() {
        return Err(JournalError::unreadable(path, Problem::NotRegularFile { kind: file_kind(&meta) }));
    }
    let f = options.open(path).map_err(|e| JournalError::io(path, doing, &e))?;
    let meta = f.metadata().map_err(|e| JournalError::io(path, doing, &e))?;
    if !meta.is_file() {
        return Err(JournalError::unreadable(path, Problem::NotRegularFile { kind: file_kind(&meta) }));
    }
    Ok(f)
}

/// Opens a shift log to read it (a regular file only).
pub fn open_read(path: &Path) -> Result<File, JournalError> {
    open_checked(path, OpenOptions::new().read(true), "read the shift log")
}

/// What kind of file, in a word, for a file that is not a regular file.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "fifo";
        }
        if t.is_char_device() {
            return "char-device";
        }
        if t.is_block_device() {
            return "block-device";
        }
        if t.is_socket() {
            return "socket";
        }
    }
    if t.is_dir() { "folder" } else { "other" }
}
