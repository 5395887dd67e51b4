//! The pit's database as the croupier sees it: its state in one line, coloured by
//! its tone. The words are the pit's own (`crate::pit::words`), shared with the
//! command line.

use super::widgets::{GOLD, INK_DIM, LOSE, SIZE_SMALL, WIN};
use crate::i18n::Lang;
pub use crate::pit::words::{PitTone, pit_error_text, pit_refusal_text, pit_state_text, unreachable_text};
use crate::pit::{PitState, PitStatus};
use egui::{RichText, Ui};

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
        ui.label(RichText::new(unreachable_text(lang, why)).size(SIZE_SMALL).color(INK_DIM));
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
    use crate::i18n::Lang;

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
