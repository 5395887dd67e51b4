//! The review's files: the native dialog, the shifts of the log folder, an export
//! written beside its log.

use super::*;

/// A dialog that answers nothing sooner than this was never shown.
pub(super) const NO_DIALOG: std::time::Duration = std::time::Duration::from_millis(700);

/// The native dialog, opened in `dir` when there is one.
pub(super) fn native_pick(dir: Option<PathBuf>) -> Option<Vec<PathBuf>> {
    let mut d = rfd::FileDialog::new().add_filter("Sabot", &[crate::journal::EXTENSION]);
    if let Some(dir) = dir.filter(|d| d.is_dir()) {
        d = d.set_directory(dir);
    }
    d.pick_files()
}

/// The shift logs of the data folder, by their headers, newest first.
pub(super) fn folder_shifts() -> Vec<FolderShift> {
    let mut out = Vec::new();
    let Ok(dir) = crate::journal::default_dir() else { return out };
    let Ok(entries) = std::fs::read_dir(&dir) else { return out };
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != crate::journal::EXTENSION) {
            continue;
        }
        if let Ok(h) = crate::journal::read_header(&path) {
            let started = crate::reports::report::local_time(&h.started);
            out.push(FolderShift { path, table: h.table, croupier: h.croupier, started, training: h.training });
        }
    }
    out.sort_by(|a, b| b.started.cmp(&a.started));
    out
}

/// Writes an export (its bytes, or why there are none) and says so to the pit boss:
/// the words and whether they are bad news. On the worker thread: never in a frame.
pub(super) fn write_export(lang: Lang, path: &Path, bytes: Result<Vec<u8>, String>) -> (String, bool) {
    let written = bytes.and_then(|b| {
        crate::journal::write_atomic(path, &b).map_err(|e| crate::journal::text::journal_error_text(lang, &e))
    });
    let file = path.display().to_string();
    match written {
        Ok(()) => (ta(lang, "review-written", &[("file", file)]), false),
        Err(why) => (ta(lang, "review-not-written", &[("file", file), ("why", why)]), true),
    }
}

/// Where an export of a log goes: beside the log, `<stem>-<what>`.
pub fn export_path(log: &Path, what: &str) -> PathBuf {
    let stem = log.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "sabot".into());
    log.with_file_name(format!("{stem}-{what}"))
}
