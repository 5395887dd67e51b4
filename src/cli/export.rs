//! `sabot export LOG --coup N`: one coup of a shift as a table script that `sabot
//! play` runs to the same outcome.

use crate::cli::out::say;
use crate::i18n::{self, Lang};
use crate::journal::{self, JournalError};
use crate::reports::export::{self, ExportError};
use crate::script;
use std::io::Write;
use std::path::Path;

/// Exports; exit status 0 written, 1 no such coup or the log does not verify,
/// 2 the log cannot be read or the script not written. Messages (and the script's
/// first comment) in `lang`.
pub fn export(log: &Path, coup: u32, output: Option<&Path>, lang: Lang, w: &mut dyn Write) -> i32 {
    let exported = match export::export_coup(log, coup) {
        Ok(e) => e,
        Err(e) => {
            say!(w, "{}: {}", log.display(), crate::reports::export_text::export_error_text(lang, &e));
            return match e {
                ExportError::Journal(JournalError::Bad { .. }) => 1,
                ExportError::Journal(_) => 2,
                _ => 1,
            };
        }
    };
    let unsettled = if exported.settled { String::new() } else { format!(" {}", i18n::tr(lang, "export-unsettled")) };
    let header = i18n::tr_args(
        lang,
        "export-header",
        &[
            ("software", journal::record::software()),
            ("file", log.display().to_string()),
            ("coup", coup.to_string()),
            ("unsettled", unsettled),
        ],
    );
    // One comment line, whatever the file's name holds.
    let header = header.replace(['\n', '\r'], " ");
    let text = format!("// {header}\n{}\n", script::to_ron(&exported.script));
    match output {
        None => {
            crate::cli::out::said(w.write_all(text.as_bytes()));
            0
        }
        Some(path) => match journal::write_atomic(path, text.as_bytes()) {
            Ok(()) => 0,
            Err(e) => {
                say!(w, "{}", journal::text::journal_error_text(lang, &e));
                2
            }
        },
    }
}
