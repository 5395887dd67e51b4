//! `sabot export LOG --coup N`: one coup of a shift as a table script that `sabot
//! play` runs to the same outcome.

use crate::journal::export::{self, ExportError};
use crate::journal::{self, JournalError};
use crate::script;
use std::io::Write;
use std::path::Path;

/// Exports; exit status 0 written, 1 no such coup or the log does not verify,
/// 2 the log cannot be read or the script not written.
pub fn export(log: &Path, coup: u32, output: Option<&Path>, w: &mut dyn Write) -> i32 {
    let exported = match export::export_coup(log, coup) {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(w, "{}: {e}", log.display());
            return match e {
                ExportError::Journal(JournalError::Bad { .. }) => 1,
                ExportError::Journal(_) => 2,
                _ => 1,
            };
        }
    };
    let text = format!(
        "// Exported by {} from {}, coup {coup}{}.\n{}\n",
        journal::record::software(),
        log.display(),
        if exported.settled { "" } else { " (not settled when the log ends)" },
        script::to_ron(&exported.script)
    );
    match output {
        None => {
            let _ = w.write_all(text.as_bytes());
            0
        }
        Some(path) => match journal::write_atomic(path, text.as_bytes()) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(w, "{e}");
                2
            }
        },
    }
}
