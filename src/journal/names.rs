//! The names of shift logs: their extension, a training log's prefix, the file name a
//! header gives. Below everything else of the journal (the errors name the prefix, the
//! writer and the readers the files).

use super::record::Header;
use std::path::Path;

/// The extension of shift logs.
pub const EXTENSION: &str = "sabotlog";
/// The start of a training log's file name.
pub const TRAINING_PREFIX: &str = "training-";

/// Whether a file name is a training log's.
pub fn is_training_name(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(TRAINING_PREFIX))
}

/// Letters, digits and `-` only; at most 40 characters.
fn name_part(s: &str, empty: &str) -> String {
    let mut out = String::new();
    for c in s.trim().chars() {
        let c = if c.is_alphanumeric() { c } else { '-' };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
        if out.chars().count() >= 40 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { empty.to_string() } else { out }
}

/// `2025-05-01_221305_Mesa-3_Ana.sabotlog`, or `training-…` for training.
pub fn file_name(header: &Header) -> String {
    format!(
        "{}{}_{}_{}.{EXTENSION}",
        if header.training { TRAINING_PREFIX } else { "" },
        header.started.format("%Y-%m-%d_%H%M%S"),
        name_part(&header.table, "table"),
        name_part(&header.croupier, "croupier"),
    )
}
