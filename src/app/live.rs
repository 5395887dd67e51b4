//! The live table's state and its commands: a shift in play with its entry line,
//! and what each key and button at the table asks of it. The table screen's frame
//! is `screen`; what each command does is `live_keys`.

use super::entry::EntryLine;
use super::shift::{self, LiveShift, LiveShiftError};
use super::start::StartForm;
use super::text;
use super::{Env, Go, Screen, sheet};
use crate::engine::{Bet, Rank, Suit};
use crate::i18n::Lang;

/// What the croupier asked at the table during a frame; applied at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableCmd {
    /// Words onto the entry line (typed, or from a button).
    Type(String),
    /// A word of its own onto the entry line, after what is there (a key's word:
    /// `quita`, `cambia`, `repite`).
    Word(&'static str),
    /// Take back the croupier's own last entry of the coup (Ctrl+Z): `anula` onto an
    /// empty line, or one more entry (`anula 2`) on a line that already says it; Enter
    /// confirms what the chip shows will be taken back.
    TakeBack,
    /// Entries at once, without Enter, or with it (F11).
    ToggleInstant,
    Backspace,
    Escape,
    Enter,
    /// Marks the seat just typed as the player standing behind it (`3` → `3p`).
    MarkStanding,
    PadRank(Rank),
    PadSuit(Suit),
    ToggleHelp,
    ToggleLog,
    /// The errors menu (F4): the error procedures of this game, with their clause.
    ToggleErrors,
    /// Ask to close the shift (confirmed with Enter, dropped with Escape).
    CloseShift,
    /// Page the side panel's scrolling list: whole pages (PageUp/PageDown) or lines
    /// (the arrows), down when positive.
    Scroll {
        pages: i32,
        lines: i32,
    },
    /// Pick the chip left (-1) or right (+1) of the one picked (the arrows).
    ChipCursor(i32),
    /// Take the picked chip (or else the last) off the entry line (Delete).
    DeleteChip,
    /// Take this chip off the entry line (its ×).
    RemoveChip(usize),
    /// A free bank (R-BQ-4): the banker accepts (or refuses) the bet this player offered;
    /// `None`, the first offer waiting (F5 accepts, F6 refuses). Its words go on the line
    /// and are confirmed, with what the line already holds.
    AnswerOffer {
        player: Option<crate::engine::PlayerRef>,
        accept: bool,
    },
}

/// A shift in play, with its entry line.
pub struct Live {
    pub shift: LiveShift,
    pub entry: EntryLine,
    pub pad_rank: Option<Rank>,
    pub help: bool,
    /// The side panel shows the errors menu.
    pub errors: bool,
    /// The side panel shows the shift log's records instead of the payouts.
    pub log_view: bool,
    /// The croupier asked to close the shift: Enter confirms, Escape does not.
    pub confirm_close: bool,
    /// The bets of the last coup settled, for `repite` (F8) to type again.
    pub last_bets: Vec<Bet>,
    /// The chip picked with the arrows (Delete takes it off the line).
    pub chip_cursor: Option<usize>,
    /// Paging asked by the keys for the side panel, not yet done: (pages, lines).
    pub scroll: (i32, i32),
}

impl Live {
    pub fn new(shift: LiveShift, entry: EntryLine) -> Live {
        let mut live = Live {
            shift,
            entry,
            pad_rank: None,
            help: false,
            errors: false,
            log_view: false,
            confirm_close: false,
            chip_cursor: None,
            scroll: (0, 0),
            last_bets: Vec::new(),
        };
        live.remember_bets();
        live
    }

    /// The start of a frame: the log's news taken in; once the closing record is
    /// safe, the screen that follows (the shift's sheet, or the start form).
    pub fn poll(&mut self, env: &mut Env) -> Option<Go> {
        if self.shift.poll() {
            self.entry.invalidate();
        }
        self.shift.closed.then(|| self.closed(env))
    }

    /// The closing record is safe: the shift's sheet, from its log as written, and
    /// beside it as a PDF to sign; then the start form, the table's settings kept.
    fn closed(&mut self, env: &mut Env) -> Go {
        let location = self.shift.log_location();
        let notice = text::ta(env.lang, "shift-closed", &[("where", location.clone())]);
        self.shift.finish();
        let mut form = StartForm::default();
        // The table's settings stay for the next shift (a forgotten unit pays wrong
        // money: R-BQ-7), and its log goes to the same folder.
        let mut kept = env.remembered.clone().unwrap_or_default();
        kept.keep_settings(self.shift.shown().settings());
        if let Some(dir) = std::path::Path::new(&location).parent().filter(|d| d.is_dir()) {
            kept.log_dir = dir.display().to_string();
        }
        kept.fill(&mut form);
        *env.remembered = Some(kept);
        form.notice = Some(format!("{notice}\n{}", kept_settings_text(env.lang, &form)));
        if !form.scanning() {
            form.scan();
        }
        match sheet::SheetView::of_log(env.lang, std::path::Path::new(&location), form) {
            Ok(v) => Go::To(Screen::Sheet(Box::new(v))),
            Err(form) => Go::To(Screen::Start(form)),
        }
    }
}

/// What the engine or the log said to an entry, in words.
pub fn play_error_text(lang: Lang, e: LiveShiftError) -> String {
    match e {
        LiveShiftError::Refused(r) => crate::i18n::refusal_text(lang, &r),
        LiveShiftError::Log(e) => text::ta(lang, "log-cannot-write", &[("why", shift::log_error_text(lang, &e))]),
    }
}

/// What the start form keeps of the last shift's table: its house file and values.
fn kept_settings_text(lang: Lang, form: &StartForm) -> String {
    let none = || text::t(lang, "kept-none");
    let or_none = |s: &str| if s.trim().is_empty() { none() } else { s.trim().to_string() };
    let house =
        if form.house_path.trim().is_empty() { text::t(lang, "kept-no-house") } else { form.house_path.clone() };
    text::ta(
        lang,
        "kept-settings",
        &[
            ("house", house),
            ("unit", or_none(&form.unit)),
            ("rate", or_none(&form.rate_percent)),
            ("min", or_none(&form.table_min)),
            ("max", or_none(&form.table_max)),
            ("decks", or_none(&form.decks)),
            ("sections", or_none(&form.sections)),
        ],
    )
}
