//! Which reading a log of format 6 is replayed under (it was written under two).

use super::*;

/// The format of the log's first record (`Record(v:N,`), read from its first bytes.
fn first_format(src: &mut dyn Source) -> Option<u32> {
    let mut head = [0u8; 32];
    src.seek(SeekFrom::Start(0)).ok()?;
    let n = src.read(&mut head).ok()?;
    let rest = head[..n].strip_prefix(b"Record(v:")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

/// Format 6 was written under two readings: before the rules of who is at the table
/// (`Reading::BeforePresence`, the reading of its format), and by the Sabot that first
/// played those rules while it still wrote format 6, before format 7 marked them. A log
/// of format 6 is read under the reading it verifies under, its format's first; `None`
/// (its format's) for any other log, or when neither verifies (the errors are its
/// format's). Only logs of format 6 pay for the trial passes.
pub(super) fn format_6_reading(path: &Path, src: &mut dyn Source) -> Option<Reading> {
    if first_format(src)? != record::PRESENCE - 1 {
        return None;
    }
    let mut none = |_: Seen<'_>| {};
    let mut verifies = |reading| scan_inner(path, src, Mode::Verify, true, &mut none, Some(reading)).is_ok();
    if verifies(Reading::BeforePresence) || !verifies(Reading::Presence) {
        return None;
    }
    Some(Reading::Presence)
}
