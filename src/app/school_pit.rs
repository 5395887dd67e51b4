//! The school's pit: its thread, what it sends and reads, and what it says.

use super::*;
use crate::pit::school_send::{SendStoreError, send_error_text, send_store_typed};

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
