//! The school's pit: its thread, what it sends and reads, and what it says.

use super::*;

pub(super) fn wake(waker: &Waker) {
    if let Ok(ctx) = waker.lock()
        && let Some(ctx) = ctx.as_ref()
    {
        ctx.request_repaint();
    }
}

/// What the pit's thread says.
pub enum PitNews {
    /// This laptop's store sent: what was sent, or why not (nothing is lost).
    Sent(Result<crate::pit::school::Sent, String>),
    /// Every trainee of the school, from the pit, or why not.
    Read(Box<Result<crate::pit::school::PitSchool, String>>),
}

/// Sends what the store at `path` holds that the pit lacks; then, with `read`, reads
/// every trainee of the school back. On its own thread: the screen never waits on the
/// pit (each step ends within the connection's timeouts).
pub(super) fn pit_job(
    path: PathBuf,
    url: crate::pit::PitUrl,
    read: bool,
    lang: Lang,
    waker: Waker,
) -> mpsc::Receiver<PitNews> {
    let (tx, rx) = mpsc::channel();
    let run = move || {
        let sent = send_store_typed(&path, &url);
        let away = matches!(sent, Err((SendStoreError::Pit(crate::pit::PitError::Offline { .. }), _)));
        let _ = tx.send(PitNews::Sent(sent.map_err(|(e, left)| send_error_text(lang, &url, &e, left))));
        wake(&waker);
        if read {
            // A pit away is not asked again at once: the send just found it so.
            let got = if away {
                Err(crate::i18n::tr(lang, "school-pit-away"))
            } else {
                crate::pit::PitReader::connect(&url)
                    .and_then(|mut r| crate::pit::school::read(&mut r))
                    .map_err(|e| crate::app::pit::pit_error_text(lang, &e))
            };
            let _ = tx.send(PitNews::Read(Box::new(got)));
            wake(&waker);
        }
    };
    if let Err(e) = std::thread::Builder::new().name("pit_school".into()).spawn(run) {
        // No thread: said, and the store keeps everything for the next time.
        let (tx, rx) = mpsc::channel();
        let _ = tx.send(PitNews::Sent(Err(e.to_string())));
        return rx;
    }
    rx
}

/// Why the store was not sent: the pit's or the store's.
pub(super) enum SendStoreError {
    Pit(crate::pit::PitError),
    Store(school::SchoolError),
}

/// Sends the store at `path` to the pit; why not, with the answers left on the laptop.
pub(super) fn send_store_typed(
    path: &std::path::Path,
    url: &crate::pit::PitUrl,
) -> Result<crate::pit::school::Sent, (SendStoreError, u64)> {
    use crate::pit::school::SendError;
    let mut sc = School::open(path).map_err(|e| (SendStoreError::Store(e), 0))?;
    let sent = crate::pit::school::send(url, &mut sc);
    let left = sc.unsent_answers().unwrap_or(0);
    sent.map_err(|e| match e {
        SendError::Pit(p) => (SendStoreError::Pit(p), left),
        SendError::Store(s) => (SendStoreError::Store(s), left),
    })
}

pub(super) fn send_error_text(lang: Lang, url: &crate::pit::PitUrl, e: &SendStoreError, left: u64) -> String {
    let (at, left) = (url.masked().to_string(), left.to_string());
    match e {
        SendStoreError::Pit(p @ crate::pit::PitError::Offline { .. }) => {
            ta(lang, "school-pit-offline", &[("why", crate::app::pit::pit_error_text(lang, p)), ("left", left)])
        }
        SendStoreError::Pit(p) => ta(
            lang,
            "school-pit-failed",
            &[("url", at), ("why", crate::app::pit::pit_error_text(lang, p)), ("left", left)],
        ),
        SendStoreError::Store(s) => {
            ta(lang, "school-pit-failed", &[("url", at), ("why", school::error_text(lang, s)), ("left", left)])
        }
    }
}

/// Sends the store at `path` to the pit; why not, in `lang`, with what stays on the
/// laptop (shared with `sabot train --pit`).
pub fn send_store(
    path: &std::path::Path,
    url: &crate::pit::PitUrl,
    lang: Lang,
) -> Result<crate::pit::school::Sent, String> {
    send_store_typed(path, url).map_err(|(e, left)| send_error_text(lang, url, &e, left))
}
