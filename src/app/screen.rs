//! The table screen's frame: how it fits the window (the zoom), the keys it takes,
//! and its panels (the banner on top, the entry line and pad at the bottom, the
//! side panel on the right, the table in the middle).
//!
//! The layout is drawn for a window of at least 1280×800 points; a smaller or a
//! larger window is zoomed to it ([`fit_zoom`]), so that the table, the type and
//! the buttons grow with a 1920×1080 screen and still fit a 1024×768 one.

use super::assets::Assets;
use super::live::{Live, TableCmd};
use super::text::{self, t};
use super::{banner, entry, felt, pad, side, table_bq, table_cf, table_pb, widgets};
use crate::engine::{Game, Owed};
use crate::i18n::Lang;

/// The window size (in points) the screen is laid out for.
pub const DESIGN: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// The zoom that lays a window of `native` points (as the system gives it) out as
/// a screen of at least [`DESIGN`]'s size in both directions, or close: 0.8 at
/// 1024×768 (1280×960 points), 1.35 at 1920×1080 (1422×800).
pub fn fit_zoom(native: egui::Vec2) -> f32 {
    let z = (native.x / DESIGN.x).min(native.y / DESIGN.y);
    // Rounded to 1/20 so that a window resized by a pixel does not re-lay the screen.
    ((z * 20.0).round() / 20.0).clamp(0.75, 1.6)
}

/// Keeps the zoom fitted to the window (the real window only: a test sets its
/// screen in points directly).
pub fn fit_window(ctx: &egui::Context) {
    // The window opens maximized; where no window manager maximizes it (a bare X
    // server), it is given the monitor's size once, on its first frames.
    let asked = egui::Id::unique("sabotwindowfilled");
    // (After a few frames: a window manager's maximizing has arrived by then.)
    if ctx.cumulative_frame_nr() >= 3 && !ctx.data(|d| d.get_temp::<bool>(asked).unwrap_or(false)) {
        let (monitor, maximized) = ctx.input(|i| (i.viewport().monitor_size, i.viewport().maximized));
        if let Some(m) = monitor.filter(|m| m.x > 0.0 && m.y > 0.0) {
            ctx.data_mut(|d| d.insert_temp(asked, true));
            if maximized != Some(true) && ctx.content_rect().width() * ctx.zoom_factor() < m.x - 1.0 {
                ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(egui::pos2(0.0, 0.0)));
                ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(m));
            }
        }
    }
    let native = ctx.content_rect().size() * ctx.zoom_factor();
    let z = fit_zoom(native);
    if (ctx.zoom_factor() - z).abs() > 0.01 {
        ctx.set_zoom_factor(z);
    }
}

/// Enter: the entry line's chips go to the engine and the log, in order.
pub fn confirm(live: &mut Live, lang: Lang) {
    // A ruling waiting: Enter on an empty line confirms it.
    if live.entry.text.trim().is_empty() && matches!(live.shift.ahead().owed().owed, Owed::Confirm { .. }) {
        live.entry.type_text("ok");
    }
    let Some(ops) = live.entry.confirm(live.shift.ahead(), lang) else { return };
    play(live, ops, lang);
}

/// Entries at once (when the croupier chose them): after a key, the complete entries
/// the rules take go to the engine and the log without Enter.
pub fn confirm_complete(live: &mut Live, lang: Lang) {
    if let Some(ops) = live.entry.take_complete(live.shift.ahead(), lang) {
        play(live, ops, lang);
    }
}

fn play(live: &mut Live, ops: Vec<super::entry::Decided>, lang: Lang) {
    live.pad_rank = None;
    live.chip_cursor = None;
    for d in ops {
        live.remember_bets();
        if let Err(e) = live.shift.play_decided(&d.op, d.events) {
            live.entry.problem = Some(super::live::play_error_text(lang, e));
            break;
        }
    }
    live.remember_bets();
    live.shift.poll();
}

/// The table screen's keys go to the entry line (when no text field has the
/// keyboard). They are taken out of the input so that no button also acts on them.
/// PageUp/PageDown and the up and down arrows page the side panel; the left and
/// right arrows pick a chip, Delete takes it off the line; F5 and F6 answer a free
/// bank's first offer.
pub fn take_keys(ui: &mut egui::Ui, cmds: &mut Vec<TableCmd>) {
    if ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    ui.input_mut(|i| {
        i.events.retain(|e| match e {
            egui::Event::Text(s) => {
                cmds.push(TableCmd::Type(s.clone()));
                false
            }
            egui::Event::Paste(s) => {
                cmds.push(TableCmd::Type(s.replace(['\n', '\r'], " ")));
                false
            }
            // Ctrl+Z: take back the croupier's own last entry (once more: one more).
            egui::Event::Key { key: egui::Key::Z, pressed, modifiers, .. } if modifiers.command || modifiers.ctrl => {
                if *pressed {
                    cmds.push(TableCmd::TakeBack);
                }
                false
            }
            egui::Event::Key { key, pressed, modifiers, .. }
                if !modifiers.ctrl && !modifiers.alt && !modifiers.command =>
            {
                let cmd = match key {
                    egui::Key::Enter => Some(TableCmd::Enter),
                    egui::Key::Backspace => Some(TableCmd::Backspace),
                    egui::Key::Escape => Some(TableCmd::Escape),
                    egui::Key::F1 => Some(TableCmd::ToggleHelp),
                    egui::Key::F2 => Some(TableCmd::ToggleLog),
                    egui::Key::F4 => Some(TableCmd::ToggleErrors),
                    // A free bank: the banker accepts or refuses the first bet offered (R-BQ-4).
                    egui::Key::F5 => Some(TableCmd::AnswerOffer { player: None, accept: true }),
                    egui::Key::F6 => Some(TableCmd::AnswerOffer { player: None, accept: false }),
                    egui::Key::F7 => Some(TableCmd::Word("quita")),
                    egui::Key::F8 => Some(TableCmd::Word("repite")),
                    egui::Key::F9 => Some(TableCmd::Word("cambia")),
                    egui::Key::F10 => Some(TableCmd::CloseShift),
                    egui::Key::F11 => Some(TableCmd::ToggleInstant),
                    egui::Key::PageDown => Some(TableCmd::Scroll { pages: 1, lines: 0 }),
                    egui::Key::PageUp => Some(TableCmd::Scroll { pages: -1, lines: 0 }),
                    egui::Key::ArrowDown => Some(TableCmd::Scroll { pages: 0, lines: 1 }),
                    egui::Key::ArrowUp => Some(TableCmd::Scroll { pages: 0, lines: -1 }),
                    egui::Key::ArrowLeft => Some(TableCmd::ChipCursor(-1)),
                    egui::Key::ArrowRight => Some(TableCmd::ChipCursor(1)),
                    egui::Key::Delete => Some(TableCmd::DeleteChip),
                    egui::Key::Space | egui::Key::Tab => None,
                    _ => return true,
                };
                if let (Some(c), true) = (cmd, *pressed) {
                    cmds.push(c);
                }
                false
            }
            _ => true,
        });
    });
}

/// The table's buttons in the app's top bar: the help, the errors menu, the log and
/// closing the shift.
pub fn top_buttons_ui(ui: &mut egui::Ui, lang: Lang, cmds: &mut Vec<TableCmd>) {
    let button = |ui: &mut egui::Ui, id: &str| {
        ui.add(egui::Button::new(egui::RichText::new(t(lang, id)).size(widgets::SIZE_BODY)))
    };
    if button(ui, "help-button").clicked() {
        cmds.push(TableCmd::ToggleHelp);
    }
    if button(ui, "errors-button").clicked() {
        cmds.push(TableCmd::ToggleErrors);
    }
    if button(ui, "log-button").clicked() {
        cmds.push(TableCmd::ToggleLog);
    }
    if button(ui, "btn-close-shift").on_hover_text("F10").clicked() {
        cmds.push(TableCmd::CloseShift);
    }
}

/// The table screen: the banner on top, the entry line and pad at the bottom, the
/// side panel on the right, the table in the middle.
pub fn table_screen_ui(ui: &mut egui::Ui, lang: Lang, live: &mut Live, assets: &Assets, cmds: &mut Vec<TableCmd>) {
    banner_panel_ui(ui, lang, live);
    entry_panel_ui(ui, lang, live, cmds);
    side_panel_ui(ui, lang, live, cmds);
    table_panel_ui(ui, lang, live, assets, cmds);
}

/// The banner on top (or the closing's question), and a refusal laid over the table
/// just below it.
fn banner_panel_ui(ui: &mut egui::Ui, lang: Lang, live: &Live) {
    let shown = live.shift.shown();
    let top = egui::Panel::top("banner").frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 3))).show(
        ui,
        |ui| {
            let extras = banner::BannerExtras {
                // The refusal is laid over the table (below), not in the banner's panel:
                // the table does not jump when it comes and goes.
                problem: None,
                log_problem: live.shift.log_problem.as_ref(),
                waiting: live.shift.waiting(),
                instant: live.entry.instant,
                unit: live.entry.unit,
            };
            if live.confirm_close || live.shift.closing() {
                let (head, keys) = if live.shift.closing() {
                    (t(lang, "closing"), String::new())
                } else {
                    (
                        text::ta(lang, "close-confirm", &[("table", live.shift.header.table_name.clone())]),
                        t(lang, "close-confirm-keys"),
                    )
                };
                banner::table_banner_ui(ui, &head, &keys, widgets::ALERT, None);
            } else {
                banner::banner_ui(ui, lang, shown, &extras);
            }
        },
    );
    if let Some(problem) = live.entry.problem.as_deref().filter(|_| !live.confirm_close) {
        let r = top.response.rect;
        egui::Area::new(egui::Id::unique("refusal_band"))
            .order(egui::Order::Foreground)
            .fixed_pos(r.left_bottom() + egui::vec2(8.0, -2.0))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                ui.set_width(r.width() - 16.0);
                banner::refusal_band_ui(ui, lang, "refused-title", problem);
            });
    }
}

/// The bottom panel: the entry line with its buttons, a chip's problem, the pad's
/// actions for what is owed and the keys' hints.
fn entry_panel_ui(ui: &mut egui::Ui, lang: Lang, live: &Live, cmds: &mut Vec<TableCmd>) {
    let shown = live.shift.shown();
    let duty = shown.owed();
    let game = shown.settings().game;
    egui::Panel::bottom("entry")
        .frame(egui::Frame::new().fill(egui::Color32::from_gray(24)).inner_margin(egui::Margin::symmetric(10, 8)))
        .show(ui, |ui| {
            // The buttons first, from the right, so that they always show; the line
            // takes what is left and wraps its chips inside its own height.
            ui.horizontal(|ui| {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if widgets::key_button(ui, &t(lang, "btn-undo"), "Esc", widgets::Tone::Plain, true).clicked() {
                        cmds.push(TableCmd::Escape);
                    }
                    let enter = t(lang, "cap-enter");
                    if widgets::key_button(ui, &t(lang, "btn-confirm"), &enter, widgets::Tone::Main, true).clicked() {
                        cmds.push(TableCmd::Enter);
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        pad::entry_line_ui(ui, lang, &live.entry, live.chip_cursor, cmds);
                    });
                });
            });
            pad::chip_problem_ui(ui, lang, &live.entry, live.chip_cursor);
            ui.add_space(4.0);
            // Once paid, the buttons are those of the shift's next step when there is
            // one (the bank offered, a new shoe), as the banner's keys say.
            let owed = match (duty.owed, shown.owed_after_pay()) {
                (Owed::Pay, Some(after)) => after.owed,
                (owed, _) => owed,
            };
            pad::actions_ui(ui, lang, (game, live.entry.unit), &owed, live.pad_rank, cmds);
            ui.add_space(2.0);
            pad::hints_ui(ui, lang, game, true, live.entry.instant);
        });
}

/// The side panel on the right: the log, the errors' menu, the help, or the shift's
/// side (the coups and the bank).
fn side_panel_ui(ui: &mut egui::Ui, lang: Lang, live: &mut Live, cmds: &mut Vec<TableCmd>) {
    let game = live.shift.shown().settings().game;
    let scroll = &mut live.scroll;
    // Wider on a wider screen (1920×1080): fewer rows for the incidents and payouts.
    let width = (ui.ctx().content_rect().width() * 0.28).clamp(360.0, 420.0);
    egui::Panel::right("side")
        .resizable(false)
        .exact_size(width)
        .frame(egui::Frame::new().fill(egui::Color32::from_gray(20)).inner_margin(egui::Margin::same(8)))
        .show(ui, |ui| {
            // A scroll bar takes its own room: never over a payout's figure.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            if live.log_view {
                let title = text::ta(lang, "log-title", &[("where", live.shift.log_location())]);
                widgets::section_frame(ui, &title, |ui| side::log_view_ui(ui, lang, &live.shift, scroll));
            } else if live.errors {
                widgets::section_frame(ui, &t(lang, "errors-title"), |ui| {
                    pad::errors_menu_ui(ui, lang, game, cmds, scroll);
                });
            } else if live.help {
                widgets::section_frame(ui, &t(lang, "help-title"), |ui| pad::help_ui(ui, lang, game, scroll));
            } else {
                side::side_ui(ui, lang, &live.shift, scroll, cmds);
            }
        });
}

/// The table in the middle, the hand whose turn it is marked.
fn table_panel_ui(ui: &mut egui::Ui, lang: Lang, live: &Live, assets: &Assets, cmds: &mut Vec<TableCmd>) {
    let shown = live.shift.shown();
    let duty = shown.owed();
    let game = shown.settings().game;
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(egui::Color32::from_gray(14)).inner_margin(egui::Margin::same(6)))
        .show(ui, |ui| {
            let turn = match duty.owed {
                Owed::Decide { hand, .. } | Owed::Card { hand, .. } | Owed::Show { hand } => Some(hand),
                Owed::Bets | Owed::Pay | Owed::Confirm { .. } | Owed::Shift(_) => None,
            };
            let view = felt::View {
                lang,
                table: shown,
                assets,
                turn,
                next: shown.next_to_bet(),
                quiz: false,
                seats_from: None,
            };
            // A section clicked: its number onto the entry line.
            let mut clicked = None;
            match game {
                Game::Banque => table_bq::table_bq_ui(ui, &view, &mut clicked),
                Game::ChemindeFer => table_cf::table_cf_ui(ui, &view, &mut clicked),
                Game::PuntoBanca => table_pb::table_pb_ui(ui, &view, &mut clicked),
            }
            if let Some(seat) = clicked {
                cmds.push(TableCmd::Type(format!("{seat} ")));
            }
        });
}

/// `repite`: the last coup's bets typed again.
impl Live {
    /// Keeps the bets of a settled coup, for `repite`.
    pub(crate) fn remember_bets(&mut self) {
        let table = self.shift.ahead();
        if table.settlement().is_some() && !table.coup().bets.is_empty() {
            self.last_bets = table.coup().bets.clone();
        }
    }

    /// `repite` (or `repeat`) just typed: the word gives way to the last coup's bets, as
    /// if typed, each a chip the engine checks; with none to repeat, the line says so.
    pub(crate) fn expand_repeat(&mut self, lang: Lang) {
        if self.expand_seat_repeat(lang) {
            return;
        }
        let text = self.entry.text.trim_end();
        let Some(word) = ["repite", "repeat"].into_iter().find(|w| {
            let at = text.len().saturating_sub(w.len());
            text.get(at..).is_some_and(|tail| tail.eq_ignore_ascii_case(w))
                && text.get(..at).is_some_and(|head| head.chars().last().is_none_or(char::is_whitespace))
        }) else {
            return;
        };
        if !self.entry.text.ends_with(' ') {
            return;
        }
        let keep = text.len() - word.len();
        self.entry.text.truncate(keep);
        let grammar = self.entry.grammar(self.shift.ahead());
        let typed: Vec<String> = self.last_bets.iter().filter_map(|b| grammar.typed(b)).collect();
        if typed.is_empty() {
            self.entry.problem = Some(t(lang, "entry-nothing-to-repeat"));
        } else {
            self.entry.type_text(&format!("{} ", typed.join(" ")));
        }
    }
}

impl Live {
    /// `3=` just typed: the word gives way to section 3's bets of the coup before (his
    /// usual stake), as if typed; with none, the line says so and the word stays, to be
    /// put right. `false`: the line does not end in such a word.
    fn expand_seat_repeat(&mut self, lang: Lang) -> bool {
        let text = &self.entry.text;
        let start = text.rfind(' ').map_or(0, |i| i + 1);
        let Some(player) = text.get(start..).and_then(entry::repeat_seat) else {
            return false;
        };
        let grammar = self.entry.grammar(self.shift.ahead());
        let typed: Vec<String> =
            self.last_bets.iter().filter(|b| b.player == player).filter_map(|b| grammar.typed(b)).collect();
        if typed.is_empty() {
            let who = text::player(lang, player);
            self.entry.problem = Some(text::ta(lang, "entry-seat-nothing-to-repeat", &[("player", who)]));
            return true;
        }
        self.entry.text.truncate(start);
        self.entry.type_text(&format!("{} ", typed.join(" ")));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zoom_fits_every_window_to_the_design() {
        assert_eq!(fit_zoom(egui::vec2(1280.0, 800.0)), 1.0);
        assert_eq!(fit_zoom(egui::vec2(1024.0, 768.0)), 0.8);
        assert_eq!(fit_zoom(egui::vec2(1920.0, 1080.0)), 1.35);
        for (w, h) in [(1024.0, 768.0), (1280.0, 800.0), (1366.0, 768.0), (1600.0, 900.0), (1920.0, 1080.0)] {
            let z = fit_zoom(egui::vec2(w, h));
            // The laid-out screen is never much smaller than the design.
            assert!(w / z >= DESIGN.x * 0.97 && h / z >= DESIGN.y * 0.97, "{w}x{h}: {z}");
        }
    }
}
