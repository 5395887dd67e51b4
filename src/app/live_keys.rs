//! The live table's commands: what each key and button does at the table.

use super::Env;
use super::live::{Live, TableCmd, play_error_text};
use super::screen;
use super::text::t;
use crate::engine::Rank;
use crate::i18n::Lang;

impl Live {
    /// A command at the live table.
    pub fn apply(&mut self, c: TableCmd, env: &mut Env) {
        let lang = env.lang;
        let live = self;
        // Entries at once or with Enter: the croupier's choice, kept for his next shift.
        if c == TableCmd::ToggleInstant {
            live.entry.instant = !live.entry.instant;
            if let Some(kept) = env.remembered.as_mut() {
                kept.instant = live.entry.instant;
            }
            return;
        }
        // Closing the shift waits for a yes (Enter) or a no (Escape).
        if live.confirm_close {
            answer_close(live, c, lang);
            return;
        }
        let typing = matches!(c, TableCmd::Type(_) | TableCmd::Word(_) | TableCmd::PadSuit(_) | TableCmd::MarkStanding);
        match c {
            TableCmd::Type(_)
            | TableCmd::Word(_)
            | TableCmd::TakeBack
            | TableCmd::MarkStanding
            | TableCmd::PadRank(_)
            | TableCmd::PadSuit(_) => onto_the_line(live, c, lang),
            TableCmd::Backspace => {
                live.entry.refresh(live.shift.ahead(), lang);
                live.entry.backspace();
            }
            TableCmd::Escape => {
                live.pad_rank = None;
                live.entry.refresh(live.shift.ahead(), lang);
                live.entry.escape();
            }
            TableCmd::Enter => {
                screen::confirm(live, lang);
                // The errors menu gives way to the ruling once an entry is taken.
                if live.entry.problem.is_none() && live.entry.text.is_empty() {
                    live.errors = false;
                }
            }
            TableCmd::ToggleHelp | TableCmd::ToggleLog | TableCmd::ToggleErrors => toggle_panel(live, &c),
            TableCmd::CloseShift => {
                if live.shift.ahead().coup_in_progress() {
                    live.entry.problem = Some(t(lang, "close-coup-in-progress"));
                } else {
                    live.confirm_close = true;
                }
            }
            TableCmd::Scroll { pages, lines } => {
                live.scroll.0 += pages;
                live.scroll.1 += lines;
            }
            TableCmd::ChipCursor(_) | TableCmd::DeleteChip | TableCmd::RemoveChip(_) => on_the_chips(live, c, lang),
            TableCmd::AnswerOffer { player, accept } => answer_offer(live, player, accept, lang),
            TableCmd::ToggleInstant => {}
        }
        if typing {
            screen::confirm_complete(live, lang);
        }
    }
}

/// What goes onto the entry line: typed words, a key's word, Ctrl+Z's `anula`, the
/// standing player's mark, the card pad's rank and suit.
fn onto_the_line(live: &mut Live, c: TableCmd, lang: Lang) {
    match c {
        TableCmd::Type(s) => {
            live.entry.type_text(&s);
            live.expand_repeat(lang);
        }
        TableCmd::Word(w) => {
            if !live.entry.text.is_empty() && !live.entry.text.ends_with(' ') {
                live.entry.text.push(' ');
            }
            live.entry.type_text(&format!("{w} "));
            live.expand_repeat(lang);
        }
        TableCmd::TakeBack => take_back(live),
        TableCmd::MarkStanding => {
            let text = live.entry.text.trim_end().to_string();
            let last = text.rsplit(' ').next().unwrap_or("");
            if !last.is_empty() && last.chars().all(|c| c.is_ascii_digit()) {
                live.entry.text = text;
                live.entry.type_text("p ");
            }
        }
        TableCmd::PadRank(r) => live.pad_rank = Some(r),
        TableCmd::PadSuit(s) => {
            if let Some(r) = live.pad_rank.take() {
                let rank = if r == Rank::Ten { "10".to_string() } else { r.letter().to_string() };
                let text = format!("{rank}{} ", s.letter());
                if !live.entry.text.is_empty() && !live.entry.text.ends_with(' ') {
                    live.entry.type_text(" ");
                }
                live.entry.type_text(&text);
            }
        }
        _ => {}
    }
}

/// Ctrl+Z: `anula` onto an empty line, or one entry more (`anula 2`) on a line that
/// already says it; anything else being typed is left alone.
fn take_back(live: &mut Live) {
    let text = live.entry.text.trim().to_string();
    let mut words = text.split_whitespace();
    let first = words.next();
    let n = words.next().and_then(|n| n.parse::<u32>().ok());
    let rest = words.next();
    let line = match (first, n, rest) {
        (None, _, _) => Some("anula ".to_string()),
        (Some(w @ ("anula" | "undo")), None, None) => Some(format!("{w} 2 ")),
        (Some(w @ ("anula" | "undo")), Some(n), None) => Some(format!("{w} {} ", n.saturating_add(1))),
        // Something else is being typed: Ctrl+Z leaves it alone.
        _ => None,
    };
    if let Some(line) = line {
        live.entry.text.clear();
        live.entry.type_text(&line);
    }
}

/// A free bank's offer answered (R-BQ-4): `acepta 3` or `rechaza 3p` onto the line and
/// confirmed; with no player named, the first offer the engine lists as waiting.
fn answer_offer(live: &mut Live, player: Option<crate::engine::PlayerRef>, accept: bool, lang: Lang) {
    let first = || live.shift.ahead().owed().offers.first().map(|b| b.player);
    let Some(p) = player.or_else(first) else { return };
    let word = if accept { "acepta" } else { "rechaza" };
    let who = if p.standing { format!("{}p", p.seat) } else { p.seat.to_string() };
    if !live.entry.text.is_empty() && !live.entry.text.ends_with(' ') {
        live.entry.type_text(" ");
    }
    live.entry.type_text(&format!("{word} {who} "));
    screen::confirm(live, lang);
}

/// F1, F2, F4: one panel over the table at a time (the same key again closes it).
fn toggle_panel(live: &mut Live, c: &TableCmd) {
    let (help, log_view, errors) = match c {
        TableCmd::ToggleHelp => (!live.help, false, false),
        TableCmd::ToggleLog => (false, !live.log_view, false),
        TableCmd::ToggleErrors => (false, false, !live.errors),
        _ => return,
    };
    (live.help, live.log_view, live.errors) = (help, log_view, errors);
}

/// ←/→ pick a chip, Supr removes the picked one (or the last), a chip's × removes it.
fn on_the_chips(live: &mut Live, c: TableCmd, lang: Lang) {
    live.entry.refresh(live.shift.ahead(), lang);
    match c {
        TableCmd::ChipCursor(d) => {
            let n = live.entry.chips.len();
            live.chip_cursor = match (live.chip_cursor, n) {
                (_, 0) => None,
                (None, _) => Some(if d < 0 { n - 1 } else { 0 }),
                (Some(i), _) => Some((i as i64 + i64::from(d)).clamp(0, n as i64 - 1) as usize),
            };
        }
        TableCmd::DeleteChip => {
            let last = live.entry.chips.len().checked_sub(1);
            if let Some(i) = live.chip_cursor.or(last) {
                live.entry.remove(i);
            }
            live.chip_cursor = live.chip_cursor.map(|i| i.saturating_sub(1)).filter(|_| live.entry.chips.len() > 1);
        }
        TableCmd::RemoveChip(i) => {
            live.entry.remove(i);
            live.chip_cursor = None;
        }
        _ => {}
    }
}

/// The croupier's answer to "close the shift?": Enter closes it, Escape (or the
/// close button again) takes the question back.
fn answer_close(live: &mut Live, c: TableCmd, lang: Lang) {
    match c {
        TableCmd::Enter => {
            live.confirm_close = false;
            if let Err(e) = live.shift.close() {
                live.entry.problem = Some(play_error_text(lang, e));
            }
        }
        TableCmd::Escape | TableCmd::CloseShift => live.confirm_close = false,
        _ => {}
    }
}
