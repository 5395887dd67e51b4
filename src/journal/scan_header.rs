//! A log's first block and its header: what makes a file a shift log (no byte order
//! mark, an end of line where the header ends, a header record of a known format).

use super::*;

/// The log's first block of whole lines; a file that is empty, starts with a byte
/// order mark, or has no end of line where a header would end is no log.
pub(super) fn first_block(path: &Path, feed: &mut Feed<'_>) -> Result<Vec<u8>, Stop> {
    let first_block = match feed.next(path)? {
        Block::Lines(b) => b,
        Block::End if feed.carry.is_empty() => return Err(Stop::from(JournalError::unreadable(path, Problem::Empty))),
        Block::End if feed.carry.starts_with(b"\xEF\xBB\xBF") => {
            return Err(Stop::from(JournalError::unreadable(path, Problem::Bom)));
        }
        Block::End => {
            let bytes = Some(feed.carry.len());
            return Err(Stop::from(JournalError::unreadable(path, Problem::HeaderUnfinished { bytes })));
        }
        Block::TooLong => return Err(Stop::from(JournalError::unreadable(path, Problem::NotALog))),
    };
    if first_block.starts_with(b"\xEF\xBB\xBF") {
        return Err(Stop::from(JournalError::unreadable(path, Problem::Bom)));
    }
    Ok(first_block)
}

/// The header record on the first line and the header it holds, checked: a record of
/// sequence 0 chained to nothing, a format this engine reads, and the same table,
/// croupier and game as its record says.
pub(super) fn read_header(path: &Path, lines: &[&[u8]]) -> Result<(Record, Header), Stop> {
    let bad = |line: usize, seq: Option<u64>, what: Problem| bad_at(path, line, seq, what);
    let Some(first) = lines.first() else {
        return Err(Stop::from(JournalError::unreadable(path, Problem::Empty)));
    };
    if first.ends_with(b"\r") {
        return Err(Stop::from(JournalError::unreadable(path, Problem::CrLf)));
    }
    let head = match record::decode(first) {
        Ok(r) => r,
        Err(LineError::NotARecord) if !lines.iter().skip(1).any(|l| l.starts_with(b"Record(v:")) => {
            return Err(Stop::from(JournalError::unreadable(path, Problem::NotALog)));
        }
        Err(LineError::Newer(format)) => {
            return Err(Stop::from(JournalError::NewerFormat {
                path: path.to_path_buf(),
                line: 1,
                format,
                supported: record::FORMAT,
            }));
        }
        Err(LineError::UnknownKind(_)) => {
            return Err(Stop::from(JournalError::unreadable(path, Problem::UnknownKind { line: 1 })));
        }
        Err(e) => return Err(Stop::from(bad(1, None, Problem::HeaderDamaged(e)))),
    };
    let header = match &head.body {
        Body::Header(h) => h.clone(),
        _ => {
            return Err(Stop::from(bad(1, Some(head.seq), Problem::HeaderMissing { first: head.seq })));
        }
    };
    if head.seq != 0 {
        return Err(Stop::from(bad(1, Some(head.seq), Problem::HeaderNotZero { seq: head.seq })));
    }
    if head.prev != GENESIS {
        return Err(Stop::from(bad(1, Some(0), Problem::HeaderPrevNotZero)));
    }
    if header.format > record::FORMAT {
        return Err(Stop::from(JournalError::NewerFormat {
            path: path.to_path_buf(),
            line: 1,
            format: header.format,
            supported: record::FORMAT,
        }));
    }
    if head.table != header.table || head.croupier != header.croupier || head.game != header.settings.game {
        return Err(Stop::from(bad(1, Some(0), Problem::HeaderDiffers)));
    }
    Ok((head, header))
}
