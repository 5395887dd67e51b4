//! The few file-system steps a crash-proof log needs, each with its sync.

use super::error::JournalError;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// Makes a new entry in `dir` durable: fsyncs the folder itself (on Unix; other
/// systems make directory entries durable with the file's own flush).
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
    let mut f = OpenOptions::new()
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
    let dir = parent_of(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)
            .map_err(|e| JournalError::io(&tmp, "create the file", &e))?;
        f.write_all(bytes).map_err(|e| JournalError::io(&tmp, "write", &e))?;
        f.sync_all().map_err(|e| JournalError::io(&tmp, "sync", &e))?;
        std::fs::rename(&tmp, path).map_err(|e| JournalError::io(path, "rename the new file into place", &e))?;
        sync_dir(dir)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
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
