//! The school's store sent to the pit (the school screen's thread and
//! `sabot train --pit`): what the pit lacks, and why not in words, with the answers
//! that stay on the laptop.

use crate::i18n::Lang;
use crate::i18n::words::ta;
use crate::school::{self, School};

/// Why the store was not sent: the pit's or the store's.
pub enum SendStoreError {
    Pit(super::PitError),
    Store(school::SchoolError),
}

/// Sends the store at `path` to the pit; why not, with the answers left on the laptop.
pub fn send_store_typed(
    path: &std::path::Path,
    url: &super::PitUrl,
) -> Result<super::school::Sent, (SendStoreError, u64)> {
    use super::school::SendError;
    let mut sc = School::open(path).map_err(|e| (SendStoreError::Store(e), 0))?;
    let sent = super::school::send(url, &mut sc);
    let left = sc.unsent_answers().unwrap_or(0);
    sent.map_err(|e| match e {
        SendError::Pit(p) => (SendStoreError::Pit(p), left),
        SendError::Store(s) => (SendStoreError::Store(s), left),
    })
}

pub fn send_error_text(lang: Lang, url: &super::PitUrl, e: &SendStoreError, left: u64) -> String {
    let (at, left) = (url.masked().to_string(), left.to_string());
    match e {
        SendStoreError::Pit(p @ super::PitError::Offline { .. }) => {
            ta(lang, "school-pit-offline", &[("why", super::words::pit_error_text(lang, p)), ("left", left)])
        }
        SendStoreError::Pit(p) => ta(
            lang,
            "school-pit-failed",
            &[("url", at), ("why", super::words::pit_error_text(lang, p)), ("left", left)],
        ),
        SendStoreError::Store(s) => {
            ta(lang, "school-pit-failed", &[("url", at), ("why", school::error_text(lang, s)), ("left", left)])
        }
    }
}

/// Sends the store at `path` to the pit; why not, in `lang`, with what stays on the
/// laptop (shared with `sabot train --pit`).
pub fn send_store(path: &std::path::Path, url: &super::PitUrl, lang: Lang) -> Result<super::school::Sent, String> {
    send_store_typed(path, url).map_err(|(e, left)| send_error_text(lang, url, &e, left))
}
