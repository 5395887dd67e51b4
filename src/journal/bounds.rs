//! How large a record may be (issue 51): a record line, the names it repeats and
//! every text it holds are bounded, so that a table's laptop never writes what the
//! pit would refuse, and no record can grow the floor, which reads every table's
//! records, without bound. The pit holds its tables to the same figures (schema
//! version 7, `pit::schema_v7`, which writes them from these constants).
//!
//! - a record's line, its hashes included: at most `MAX_RECORD` bytes (the largest a
//!   shift writes is a few kilobytes: a header and its sabot, a settlement of every
//!   bet of a full table);
//! - the table's and the croupier's names (which every record repeats): at most
//!   `MAX_NAME` characters;
//! - every other text of a record (an amendment's reason, the software, a side
//!   file's name, what a later Sabot may add): at most `MAX_TEXT` bytes as written in
//!   the line (between its quotes, escapes included).
//!
//! Logs written before these bounds are read as they are: the bounds are the
//! writer's and the pit's, not the reader's.

use super::record::Record;

/// The longest record line, in bytes (its hashes included).
pub const MAX_RECORD: usize = 64 * 1024;
/// The longest table's or croupier's name, in characters.
pub const MAX_NAME: usize = 80;
/// The longest text of a record, in bytes as written in its line.
pub const MAX_TEXT: usize = 1000;

/// Which name is too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameField {
    Table,
    Croupier,
}

/// What of a record is past its bound (nothing of it was written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Oversize {
    /// The table's or the croupier's name has `chars` characters.
    Name { field: NameField, chars: usize },
    /// A text of the record is `bytes` bytes long as written; it starts so.
    Text { bytes: usize, starts: String },
    /// The record's line is `bytes` bytes long.
    Record { bytes: usize },
}

/// Whether a name may be a table's or a croupier's: `Err` with how long it is.
pub fn check_name(field: NameField, name: &str) -> Result<(), Oversize> {
    let chars = name.chars().count();
    if chars > MAX_NAME { Err(Oversize::Name { field, chars }) } else { Ok(()) }
}

/// Checks a record and its line (as `record::encode` writes it) against the bounds.
pub fn check(record: &Record, line: &str) -> Result<(), Oversize> {
    check_name(NameField::Table, &record.table)?;
    check_name(NameField::Croupier, &record.croupier)?;
    if line.len() > MAX_RECORD {
        return Err(Oversize::Record { bytes: line.len() });
    }
    match longest_text(line) {
        Some((start, bytes)) if bytes > MAX_TEXT => {
            let starts: String = line[start..].chars().take(24).collect();
            Err(Oversize::Text { bytes, starts })
        }
        _ => Ok(()),
    }
}

/// The longest string of a RON line: where its text starts and how many bytes it is
/// as written (between its quotes, escapes included). A character literal (`'"'`)
/// is no string.
pub fn longest_text(line: &str) -> Option<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let len = j.min(bytes.len()) - start;
                if best.is_none_or(|(_, b)| len > b) {
                    best = Some((start, len));
                }
                i = j + 1;
            }
            b'\'' => {
                // A character literal: `'x'`, `'\''`, `'\u{…}'`.
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'\'' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_text_is_found_escapes_and_characters_apart() {
        let line = r#"Record(v:7,table:"Mesa \"1\"",c:'"',reason:"abcdef",x:'\'')"#;
        let (start, len) = longest_text(line).expect("a text");
        assert_eq!(&line[start..start + len], r#"Mesa \"1\""#);
        assert_eq!(longest_text("Record(v:7)"), None);
    }
}
