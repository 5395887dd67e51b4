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
