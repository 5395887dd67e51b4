//! The pit's database as the croupier sees it: its state in one line (live; n
//! records behind; offline since…; refused), and the pit's errors in words. The
//! command line uses the same words.

use super::widgets::{GOLD, INK_DIM, LOSE, SIZE_SMALL, WIN};
use crate::i18n::{self, Lang};
use crate::pit::{PitError, PitState, PitStatus};
use egui::{RichText, Ui};

/// A pit error in `lang` (never with a password: the URLs in it are masked).
pub fn pit_error_text(lang: Lang, e: &PitError) -> String {
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    match e {
        PitError::BadUrl(why) => ta("pit-error-bad-url", &[("why", why.clone())]),
        PitError::Offline { url, why } => ta("pit-error-offline", &[("url", url.clone()), ("why", why.clone())]),
        PitError::Refused { seq, why } => ta("pit-error-refused", &[("seq", seq.to_string()), ("why", why.clone())]),
        PitError::Database(why) => ta("pit-error-database", &[("why", why.clone())]),
        PitError::NewerSchema { found, known } => {
            ta("pit-error-newer", &[("found", found.to_string()), ("known", known.to_string())])
        }
        PitError::NotInitialised => i18n::tr(lang, "pit-error-not-init"),
        PitError::OlderSchema { needed } => ta("pit-error-older", &[("needed", needed.to_string())]),
        PitError::NotReader => i18n::tr(lang, "pit-error-not-reader"),
        PitError::Encoding(enc) => ta("pit-error-encoding", &[("encoding", enc.clone())]),
        PitError::Log(e) => ta("pit-error-log", &[("why", crate::journal::text::journal_error_text(lang, e))]),
    }
}

/// How serious the pit's state is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PitTone {
    Good,
    Waiting,
    Alarm,
}

/// The pit's state in one line, and its tone.
pub fn pit_state_text(lang: Lang, s: &PitState) -> (String, PitTone) {
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    let records = s.pit_seq.map_or(0, |p| p + 1).to_string();
    match &s.status {
        PitStatus::Connecting => (ta("pit-state-connecting", &[("url", s.url.clone())]), PitTone::Waiting),
        PitStatus::Online if s.done => (ta("pit-state-done", &[("records", records)]), PitTone::Good),
        PitStatus::Online if s.behind() == 0 => (ta("pit-state-live", &[("records", records)]), PitTone::Good),
        PitStatus::Online => (ta("pit-state-behind", &[("n", s.behind().to_string())]), PitTone::Waiting),
        PitStatus::Offline { since, .. } => (
            ta("pit-state-offline", &[("since", since.format("%H:%M:%S").to_string()), ("n", s.behind().to_string())]),
            PitTone::Alarm,
        ),
        PitStatus::Refused { seq, why } => {
            (ta("pit-state-refused", &[("seq", seq.to_string()), ("why", why.clone())]), PitTone::Alarm)
        }
        PitStatus::Failed(why) => (ta("pit-state-failed", &[("why", why.clone())]), PitTone::Alarm),
    }
}

/// The pit's line in the side panel.
pub fn pit_line_ui(ui: &mut Ui, lang: Lang, s: &PitState) {
    let (text, tone) = pit_state_text(lang, s);
    let rich = RichText::new(text).size(SIZE_SMALL);
    let rich = match tone {
        PitTone::Good => rich.color(WIN),
        PitTone::Waiting => rich.color(GOLD),
        PitTone::Alarm => rich.color(LOSE).strong(),
    };
    ui.label(rich);
    if let PitStatus::Offline { why, .. } = &s.status {
        ui.label(RichText::new(why).size(SIZE_SMALL).color(INK_DIM));
    }
}

/// Starts shipping `journal`'s records to the pit at `url` (if any); the screen gets a
/// frame when the pit's state changes. The table never waits on it: when the
/// replicator cannot start (the log's header unreadable), the shift goes on without
/// the pit and the reason goes to standard error.
pub fn replicate(
    journal: &mut crate::journal::Journal,
    url: Option<&crate::pit::PitUrl>,
    ctx: Option<egui::Context>,
) -> Option<crate::pit::Replicator> {
    let url = url?.clone();
    let notify: Box<dyn Fn() + Send> = match ctx {
        Some(ctx) => Box::new(move || ctx.request_repaint()),
        None => Box::new(|| {}),
    };
    let local = journal.next_seq().saturating_sub(1);
    match crate::pit::Replicator::start(url, journal.path(), local, notify) {
        Ok((rep, tap)) => {
            journal.set_tap(tap);
            Some(rep)
        }
        Err(e) => {
            eprintln!("sabot: the pit: {e}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(status: PitStatus, pit_seq: Option<u64>, local_seq: u64) -> PitState {
        PitState { url: "postgresql://mesa3:***@pit/sabot".into(), status, pit_seq, local_seq, done: false }
    }

    #[test]
    fn the_pit_line_says_live_behind_offline_and_refused_in_both_languages() {
        let live = state(PitStatus::Online, Some(41), 41);
        assert_eq!(pit_state_text(Lang::En, &live), ("Pit: live (42 records)".into(), PitTone::Good));
        assert_eq!(pit_state_text(Lang::Es, &live).0, "Pit: al día (42 registros)");
        let behind = state(PitStatus::Online, Some(30), 41);
        assert_eq!(pit_state_text(Lang::En, &behind), ("Pit: 11 records behind".into(), PitTone::Waiting));
        // One record: said in the singular.
        let one = state(PitStatus::Online, Some(40), 41);
        assert_eq!(pit_state_text(Lang::En, &one).0, "Pit: one record behind");
        assert_eq!(pit_state_text(Lang::Es, &one).0, "Pit: un registro por enviar");
        let since = chrono::DateTime::parse_from_rfc3339("2026-11-23T22:14:05+01:00").expect("time");
        let offline = state(PitStatus::Offline { since, why: "refused".into() }, Some(30), 45);
        let (text, tone) = pit_state_text(Lang::Es, &offline);
        assert!(text.contains("SIN CONEXIÓN desde las 22:14:05, 15 registros"), "{text}");
        assert_eq!(tone, PitTone::Alarm);
        let refused = state(PitStatus::Refused { seq: 57, why: "x".into() }, Some(56), 60);
        assert!(pit_state_text(Lang::En, &refused).0.starts_with("Pit: REFUSED record 57"));
    }

    #[test]
    fn a_bad_pit_url_on_the_start_form_is_said_and_a_good_one_is_read() {
        let mut f = super::super::start::StartForm::default();
        f.table_name = "Mesa 3".into();
        f.croupier = "Ana".into();
        f.pit_url = "postgresql://mesa3:pw@pit/sabot?sslmode=nonsense".into();
        let e = f.read(Lang::En).expect_err("bad url");
        assert!(e.starts_with("The pit's URL: not a PostgreSQL URL"), "{e}");
        assert!(!e.contains("pw@"), "{e}");
        f.pit_url = "postgresql://mesa3:pw@pit/sabot?sslmode=require".into();
        let pit = f.read(Lang::En).expect("reads").pit.expect("a pit");
        assert!(pit.tls());
        assert_eq!(pit.to_string(), "mesa3@pit:5432/sabot");
        f.pit_url = "  ".into();
        assert!(f.read(Lang::En).expect("reads").pit.is_none());
    }
}
