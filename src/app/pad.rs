//! The bottom of the screen: the entry line with its chips, the buttons for what
//! the table owes now (each with its key), the card pad, and the shortcut strip.
//! Every button only puts words on the entry line; Enter (or Confirmar) confirms.

use super::banner::ShiftStep;
use super::entry::{EntryLine, Tail, chip_size, chip_ui};
use super::live::TableCmd;
use super::text::{t, ta};
use super::widgets::{GOLD, INK, INK_DIM, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button, key_hint};
use crate::engine::{Game, Money, Owed, Rank, Suit};
use crate::i18n::Lang;
use egui::{Color32, CornerRadius, RichText, Stroke, Ui};

/// The entry line: the chips, then what is being typed and the caret. The chips
/// wrap, two rows at most: the line keeps its height and the layout around it never
/// moves. With more, the rows before are summed up at the start (`+4`), and the
/// rows shown are the newest, or the picked chip's.
pub fn entry_line_ui(ui: &mut Ui, lang: Lang, entry: &EntryLine, picked: Option<usize>, cmds: &mut Vec<TableCmd>) {
    let typed = match &entry.tail {
        Some(Tail::Incomplete(r)) => entry.text.get(r.clone()).unwrap_or(""),
        Some(Tail::Error(e)) => entry.text.get(e.range.start..).unwrap_or(""),
        _ => "",
    };
    let game_hint = entry_placeholder(lang, entry.game, (entry.instant, entry.unit));
    let resp = egui::Frame::new()
        .fill(Color32::from_gray(18))
        .stroke(Stroke::new(2.0, GOLD))
        .corner_radius(CornerRadius::same(8))
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            let full = egui::vec2(ui.available_width(), ENTRY_ROWS_HEIGHT);
            ui.allocate_ui(full, |ui| {
                ui.set_min_size(full);
                // Amounts typed in units: said at the line's right end at every
                // moment (`importes ×10`), the chips and the caret kept clear of it.
                let line = ui.max_rect();
                let badge = entry.unit.map(|u| {
                    let text = ta(lang, "entry-units-badge", &[("unit", super::text::money(lang, u))]);
                    let width = text_width(ui, &text);
                    (text, width)
                });
                let badge_w = badge.as_ref().map_or(0.0, |(_, w)| w + 12.0);
                let size = egui::vec2(full.x - badge_w, full.y);
                let spacing = 6.0;
                let caret = format!("{typed}_");
                let widths: Vec<f32> = entry.chips.iter().map(|c| chip_size(ui, c).x).collect();
                let prompt = 16.0 + spacing;
                let more_w = 44.0 + spacing;
                let caret_w =
                    ui.painter().layout_no_wrap(caret.clone(), egui::FontId::monospace(SIZE_BIG), INK).size().x;
                let first = first_shown(&widths, size.x - prompt - more_w, spacing, caret_w, picked);
                ui.allocate_ui(size, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing = egui::vec2(spacing, 4.0);
                        ui.label(RichText::new("›").size(SIZE_BIG).color(GOLD));
                        if first > 0 {
                            let more = RichText::new(format!("+{first}")).size(SIZE_BODY).color(INK_DIM);
                            ui.add(egui::Label::new(more).wrap_mode(egui::TextWrapMode::Extend));
                        }
                        for (i, chip) in entry.chips.iter().enumerate().skip(first) {
                            if chip_ui(ui, lang, chip, i, picked == Some(i)) {
                                cmds.push(TableCmd::RemoveChip(i));
                            }
                        }
                        let colour =
                            if matches!(entry.tail, Some(Tail::Error(_))) { super::widgets::LOSE } else { INK };
                        if entry.chips.is_empty() && typed.is_empty() {
                            let hint = RichText::new(&game_hint).size(SIZE_BODY).color(INK_DIM).italics();
                            ui.add(egui::Label::new(hint).wrap_mode(egui::TextWrapMode::Truncate));
                        } else {
                            let text = RichText::new(caret).size(SIZE_BIG).monospace().color(colour);
                            ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                        }
                    })
                });
                if let Some((text, width)) = badge {
                    let at = egui::Rect::from_min_size(
                        line.right_top() + egui::vec2(-width, 4.0),
                        egui::vec2(width, SIZE_BODY + 6.0),
                    );
                    let label = RichText::new(text).size(SIZE_BODY).color(GOLD);
                    ui.put(at, egui::Label::new(label).wrap_mode(egui::TextWrapMode::Extend));
                }
            });
        })
        .response;
    let name = t(lang, "entry-name");
    let value = entry.text.clone();
    resp.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name);
        info.current_text_value = Some(value.clone());
        info
    });
}

/// How wide a text is on the line, in the body's size.
fn text_width(ui: &Ui, text: &str) -> f32 {
    ui.painter().layout_no_wrap(text.to_owned(), egui::FontId::proportional(SIZE_BODY), GOLD).size().x
}

/// The first chip shown when chips of `widths` wrap in rows of `row` points: all
/// of them when they take two rows or less (the caret after the last); otherwise the
/// first chip of the two rows that end with the last chip (or hold the picked one).
fn first_shown(widths: &[f32], row: f32, spacing: f32, caret: f32, picked: Option<usize>) -> usize {
    // The row each chip starts, wrapping as the line does.
    let mut rows = Vec::with_capacity(widths.len() + 1);
    let (mut r, mut x) = (0usize, 0.0f32);
    for w in widths.iter().copied().chain(std::iter::once(caret)) {
        if x > 0.0 && x + w > row {
            r += 1;
            x = 0.0;
        }
        rows.push(r);
        x += w + spacing;
    }
    let last_row = r;
    let end_row = picked.and_then(|p| rows.get(p).copied()).map_or(last_row, |p| (p + 1).min(last_row));
    if end_row < 2 {
        return 0;
    }
    let from_row = end_row - 1;
    rows.iter().position(|&r| r >= from_row).unwrap_or(0).min(widths.len())
}

/// How high the entry line is: two rows of chips.
const ENTRY_ROWS_HEIGHT: f32 = 72.0;

/// The entry line's placeholder: this game's examples, and how entries go (with
/// Enter, or at once).
fn entry_placeholder(lang: Lang, game: Option<Game>, (instant, unit): (bool, Option<Money>)) -> String {
    let ex = super::text::examples(lang, unit);
    let examples = match game {
        Some(Game::ChemindeFer) => ta(lang, "entry-placeholder-cf", &ex),
        Some(Game::PuntoBanca) => ta(lang, "entry-placeholder-pb", &ex),
        _ => ta(lang, "entry-placeholder", &ex),
    };
    let how = t(lang, if instant { "entry-goes-at-once" } else { "entry-enter-confirms" });
    format!("{examples}  ({how})")
}

/// Under the line, at once: why a red chip is refused (the one picked with ←/→, or
/// else the first), or why the text being typed is not an entry. Nothing is lost:
/// the chip stays until taken off.
pub fn chip_problem_ui(ui: &mut Ui, lang: Lang, entry: &EntryLine, cursor: Option<usize>) {
    if entry.problem.is_some() {
        // Enter was refused: the banner says it.
        return;
    }
    let why = |c: &crate::app::entry::Chip| match &c.state {
        crate::app::entry::ChipState::Refused(why) => {
            Some(ta(lang, "chip-refused", &[("chip", c.label.clone()), ("why", why.clone())]))
        }
        _ => None,
    };
    let picked = cursor.and_then(|i| entry.chips.get(i)).and_then(why);
    let refused = picked.or_else(|| entry.chips.iter().find_map(why));
    let typed = match &entry.tail {
        Some(Tail::Error(e)) if !entry.text.ends_with(|c: char| c.is_alphanumeric()) => Some(e.message(lang)),
        _ => None,
    };
    if let Some(msg) = refused.or(typed) {
        ui.add(egui::Label::new(RichText::new(msg).size(SIZE_SMALL).color(super::widgets::LOSE)).wrap());
    }
}

/// The words each button puts on the line.
fn type_button(ui: &mut Ui, cmds: &mut Vec<TableCmd>, label: &str, key: &str, words: &str, tone: Tone) {
    if key_button(ui, label, key, tone, true).clicked() {
        cmds.push(TableCmd::Type(words.to_owned()));
    }
}

/// Buttons for what is owed now, and the card pad once cards are dealt.
pub fn actions_ui(
    ui: &mut Ui,
    lang: Lang,
    (game, unit): (Game, Option<Money>),
    owed: &Owed,
    pad_rank: Option<Rank>,
    cmds: &mut Vec<TableCmd>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
        match owed {
            Owed::Shift(step) => step_buttons_ui(ui, lang, (game, unit), *step, cmds),
            Owed::Bets => {
                type_button(ui, cmds, &t(lang, "btn-no-more-bets"), ".", ". ", Tone::Main);
                if game == Game::Banque {
                    type_button(ui, cmds, &t(lang, "btn-cheval"), "c", "c ", Tone::Plain);
                    type_button(ui, cmds, &t(lang, "btn-half"), "h", "h ", Tone::Plain);
                    type_button(ui, cmds, &t(lang, "btn-banco"), "b", "b ", Tone::Plain);
                }
                if game == Game::ChemindeFer {
                    type_button(ui, cmds, &t(lang, "btn-banco"), "b", "b ", Tone::Plain);
                    type_button(ui, cmds, &t(lang, "btn-banco-with-table"), "bm", "bm ", Tone::Plain);
                }
                if game == Game::PuntoBanca {
                    type_button(ui, cmds, &t(lang, "btn-punto"), "p", "p ", Tone::Plain);
                    type_button(ui, cmds, &t(lang, "btn-banca"), "b", "b ", Tone::Plain);
                }
                if key_button(ui, &t(lang, "btn-standing"), "3p", Tone::Plain, true).clicked() {
                    cmds.push(TableCmd::MarkStanding);
                }
                // With the mouse: a section on the table, a spot, an amount.
                ui.add_space(8.0);
                ui.label(RichText::new(t(lang, "pad-amount")).size(SIZE_BODY).color(INK_DIM));
                // Each button shows the amount and types it as the line reads it (in
                // units: 100 is typed 10 at a table of unit 10).
                for amount in [10, 20, 25, 50, 100, 200, 500, 1000].map(Money::units) {
                    let Some(typed) = super::entry::typed_amount(unit, amount) else { continue };
                    let shown = super::text::money(lang, amount);
                    let b = egui::Button::new(RichText::new(shown).size(SIZE_BODY)).min_size(egui::vec2(40.0, 40.0));
                    if ui.add(b).on_hover_text(t(lang, "hint-seat-click")).clicked() {
                        cmds.push(TableCmd::Type(format!("{typed} ")));
                    }
                }
            }
            Owed::Pay => {
                type_button(ui, cmds, &t(lang, "btn-next-coup"), "=", "= ", Tone::Main);
            }
            Owed::Confirm { .. } => {
                if key_button(ui, &t(lang, "btn-confirm-ruling"), &t(lang, "cap-enter"), Tone::Main, true).clicked() {
                    cmds.push(TableCmd::Type("ok ".into()));
                    cmds.push(TableCmd::Enter);
                }
            }
            _ => {
                if game != Game::PuntoBanca {
                    let main = if matches!(owed, Owed::Decide { .. }) { Tone::Main } else { Tone::Plain };
                    type_button(ui, cmds, &t(lang, "btn-draw"), "+", "+ ", main);
                    type_button(ui, cmds, &t(lang, "btn-stand"), "-", "- ", main);
                    type_button(ui, cmds, &t(lang, "btn-natural"), "*", "* ", Tone::Plain);
                    if game == Game::Banque {
                        type_button(ui, cmds, &t(lang, "btn-ask-table"), "/", "/ ", Tone::Plain);
                    }
                }
                ui.add_space(12.0);
                card_pad_ui(ui, lang, pad_rank, cmds);
            }
        }
    });
}

/// Between coups: the buttons for the shift's next step.
fn step_buttons_ui(
    ui: &mut Ui,
    lang: Lang,
    (game, unit): (Game, Option<Money>),
    step: ShiftStep,
    cmds: &mut Vec<TableCmd>,
) {
    match step {
        ShiftStep::EndOfShoe => {
            type_button(ui, cmds, &t(lang, "btn-check-cards"), "revisa", "revisa ", Tone::Plain);
            type_button(ui, cmds, &t(lang, "btn-new-shoe"), "sabot", "sabot ", Tone::Main);
        }
        ShiftStep::NewShoe { .. } => type_button(ui, cmds, &t(lang, "btn-new-shoe"), "sabot", "sabot ", Tone::Main),
        ShiftStep::Shuffle => type_button(ui, cmds, &t(lang, "btn-shuffle"), "baraja", "baraja ", Tone::Main),
        ShiftStep::Cut { offered, .. } => {
            type_button(ui, cmds, &t(lang, "btn-cut"), "corte", "corte ", Tone::Main);
            if offered.is_some() {
                type_button(ui, cmds, &t(lang, "btn-decline-cut"), "nocorta", "nocorta ", Tone::Plain);
            }
            ui.label(RichText::new(t(lang, "hint-cut-count")).size(SIZE_BODY).color(INK_DIM));
        }
        ShiftStep::Burn => type_button(ui, cmds, &t(lang, "btn-burn"), "quema", "quema ", Tone::Main),
        ShiftStep::BankOffered { to: seat } => {
            type_button(ui, cmds, &t(lang, "btn-take-bank"), "banca", &format!("{seat} banca "), Tone::Main);
            type_button(ui, cmds, &t(lang, "btn-pass"), "pasa", "pasa ", Tone::Plain);
        }
        ShiftStep::TakeBank { .. } | ShiftStep::BankLeftBroken => {
            type_button(ui, cmds, &t(lang, "btn-take-bank"), "banca", "banca ", Tone::Main);
            ui.label(RichText::new(t(lang, "hint-take-bank")).size(SIZE_BODY).color(INK_DIM));
        }
        // A broken bank (R-BQ-3, R-CF-10): «=» alone is refused; the banker brings a
        // new bank («=1200») or leaves it («deja»).
        ShiftStep::BankBroken => {
            let bank = format!("={}", super::text::example_amount(unit, 1200));
            type_button(ui, cmds, &t(lang, "btn-new-bank"), &bank, "=", Tone::Main);
            type_button(ui, cmds, &t(lang, "btn-leave-bank"), "deja", "deja ", Tone::Main);
            let hint = ta(lang, "hint-new-bank", &super::text::examples(lang, unit));
            ui.label(RichText::new(hint).size(SIZE_BODY).color(INK_DIM));
        }
        ShiftStep::NextCoup | ShiftStep::Announce { .. } => {
            type_button(ui, cmds, &t(lang, "btn-next-coup"), "=", "= ", Tone::Main);
            if game == Game::PuntoBanca {
                type_button(ui, cmds, &t(lang, "btn-pass-sabot"), "pasa", "pasa ", Tone::Plain);
            }
            if game.has_bank() {
                type_button(ui, cmds, &t(lang, "btn-leave-bank"), "deja", "deja ", Tone::Plain);
            }
        }
    }
}

/// Rank then suit, with the mouse.
fn card_pad_ui(ui: &mut Ui, lang: Lang, pad_rank: Option<Rank>, cmds: &mut Vec<TableCmd>) {
    ui.label(RichText::new(t(lang, "pad-card")).size(SIZE_BODY).color(INK_DIM));
    ui.spacing_mut().item_spacing.x = 3.0;
    ui.spacing_mut().button_padding.x = 5.0;
    for r in Rank::ALL {
        let label = if r == Rank::Ten { "10".to_string() } else { r.letter().to_string() };
        let text = RichText::new(&label).size(SIZE_BIG).strong();
        let b = egui::Button::selectable(pad_rank == Some(r), text).min_size(egui::vec2(30.0, 40.0));
        if ui.add(b).clicked() {
            cmds.push(TableCmd::PadRank(r));
        }
    }
    ui.add_space(6.0);
    for s in Suit::ALL {
        let colour = if s.is_red() { Color32::from_rgb(0xFF, 0x6B, 0x6B) } else { INK };
        let text = RichText::new(s.symbol().to_string()).size(SIZE_BIG).color(colour);
        let b = egui::Button::new(text).min_size(egui::vec2(36.0, 40.0));
        if ui.add_enabled(pad_rank.is_some(), b).clicked() {
            cmds.push(TableCmd::PadSuit(s));
        }
    }
}

/// The shortcut strip: every key the table screen takes.
pub fn hints_ui(ui: &mut Ui, lang: Lang, game: Game, compact: bool, instant: bool) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 14.0;
        let enter = t(lang, "cap-enter");
        let undo = format!("{} / Esc", t(lang, "cap-backspace"));
        let all = [
            (enter.as_str(), "key-confirm"),
            (undo.as_str(), "key-undo"),
            (".", "key-no-more-bets"),
            ("9h", "key-card"),
            ("+ - *", "key-calls"),
            ("/", "key-table"),
            ("=", "key-next-coup"),
            ("F11", if instant { "key-instant-on" } else { "key-instant-off" }),
            ("F1", "key-help"),
            ("F2", "key-log"),
            ("F4", "key-errors"),
        ];
        // Enter and Escape are on the buttons beside the entry line.
        let applies = |id: &&str| match *id {
            "key-calls" => game != Game::PuntoBanca,
            // Only a Banque banker asks for the table (R-BQ-13); Chemin de fer's bank
            // is bound by it whatever it asks (R-CF-8): no key to offer there.
            "key-table" => game == Game::Banque,
            _ => true,
        };
        for (key, id) in all.iter().skip(if compact { 2 } else { 0 }).filter(|(_, id)| applies(id)) {
            key_hint(ui, key, &t(lang, id));
        }
    });
}

/// The games a line of the help is for.
const BQ: u8 = 1;
const CF: u8 = 2;
const PB: u8 = 4;

fn game_bit(game: Game) -> u8 {
    match game {
        Game::Banque => BQ,
        Game::ChemindeFer => CF,
        Game::PuntoBanca => PB,
    }
}

/// The grammar, for F1: this game's words only, with this game's examples.
pub fn help_ui(ui: &mut Ui, lang: Lang, game: Game, scroll: &mut (i32, i32)) {
    let enter = t(lang, "cap-enter");
    let undo = format!("{} · Esc", t(lang, "cap-backspace"));
    let (named, show) = match game {
        Game::Banque => ("1+ 2- b+ b-", "1 2h Qs"),
        Game::ChemindeFer => ("j+ j- b+ b-", "j 2h Qs"),
        Game::PuntoBanca => ("", "p 2h Qs"),
    };
    let next = if game == Game::PuntoBanca { "=" } else { "= · =1200" };
    let bit = game_bit(game);
    let (remove_keys, page_keys) = (t(lang, "cap-remove-chip"), t(lang, "cap-page"));
    egui::ScrollArea::vertical().animated(false).id_salt("help").auto_shrink([false, false]).show(ui, |ui| {
        super::widgets::page(ui, scroll);
        for (example, id, games) in [
            ("3 40", "help-bet", BQ),
            ("3 40", "help-bet-cf", CF),
            ("3p 40", "help-standing", BQ | CF),
            ("3 c 40", "help-cheval", BQ),
            ("7 h 50 · 7 h2 50", "help-half", BQ),
            ("3 p2 40", "help-other-tableau", BQ),
            ("3 b · 3 b2", "help-banco", BQ),
            ("3 b", "help-banco-cf", CF),
            ("3 bm", "help-banco-with-table", CF),
            ("3 p 40 · 3 b 40", "help-punto-banca", PB),
            (". (Space)", "help-no-more-bets", BQ | CF | PB),
            ("9h Td 10s", "help-card", BQ | CF | PB),
            ("+ - *", "help-calls", BQ | CF),
            (named, "help-named-calls", BQ | CF),
            (show, "help-show", BQ | CF | PB),
            ("/", "help-table", BQ),
            (next, "help-next-coup", BQ | CF),
            (next, "help-next-coup-pb", PB),
            ("sabot · baraja", "help-shoe", BQ | PB),
            ("sabot · baraja · 3 baraja", "help-shoe", CF),
            ("corte 14", "help-cut-plain", BQ | PB),
            ("corte 14 · nocorta", "help-cut", CF),
            ("quema 7h", "help-burn", PB),
            ("3 banca 1000", "help-take-bank", BQ | CF),
            ("3 sienta · 3 sale", "help-sit-leave", BQ | CF | PB),
            ("deja · pasa", "help-leave-pass", BQ | CF),
            ("pasa", "help-pass-sabot", PB),
            ("bloqueo · revisa", "help-cut-card-plain", BQ | PB),
            ("bloqueo · revisa · aparte 200", "help-cut-card", CF),
            ("quita 3 · quita 3 c  (F7)", "help-withdraw", BQ),
            ("quita 3  (F7)", "help-withdraw", CF | PB),
            ("cambia 3 c 60  (F9)", "help-change", BQ),
            ("cambia 3 60  (F9)", "help-change", CF),
            ("cambia 3 p 60  (F9)", "help-change", PB),
            ("repite  (F8)", "help-repeat", BQ | CF | PB),
            ("3=", "help-keep-stake", BQ | CF | PB),
            ("2hQs · -+8c · /+", "help-glued", BQ | CF),
            ("2hQs · 9hKc", "help-glued-pb", PB),
            ("F11", "help-instant", BQ | CF | PB),
            ("3 4", "help-in-units", BQ | CF | PB),
            ("anula · anula 2  (Ctrl+Z)", "help-take-back", BQ | CF | PB),
            ("subasta 3 1200 5 1500 · sorteo 5", "help-auction", BQ),
            ("F5 · F6 · acepta 3 · rechaza 3", "help-accept", BQ),
            ("F10", "help-close-shift", BQ | CF | PB),
            ("F12", "help-language", BQ | CF | PB),
            ("e10 1 9h Kd · ok", "help-errors", BQ | CF | PB),
            (enter.as_str(), "help-enter", BQ | CF | PB),
            (undo.as_str(), "help-undo", BQ | CF | PB),
            (remove_keys.as_str(), "help-remove-chip", BQ | CF | PB),
            (page_keys.as_str(), "help-page", BQ | CF | PB),
        ] {
            if games & bit == 0 {
                continue;
            }
            ui.label(RichText::new(example).monospace().size(SIZE_BODY).color(GOLD));
            ui.add(egui::Label::new(RichText::new(t(lang, id)).size(SIZE_BODY).color(INK)).wrap());
            ui.add_space(4.0);
        }
    });
}

/// The errors menu (F4): each error procedure of this game, how it is typed and its
/// clause. A click puts its word on the entry line; the croupier types the rest
/// (a hand, a card…) and confirms with Enter.
pub fn errors_menu_ui(ui: &mut Ui, lang: Lang, game: Game, cmds: &mut Vec<TableCmd>, scroll: &mut (i32, i32)) {
    ui.label(RichText::new(t(lang, "errors-intro")).size(SIZE_SMALL).color(INK_DIM));
    ui.add_space(4.0);
    egui::ScrollArea::vertical().animated(false).id_salt("errors").auto_shrink([false, false]).show(ui, |ui| {
        super::widgets::page(ui, scroll);
        for ew in super::entry::ErrorWord::of_game(game) {
            let usage = ew.usage(game);
            let label = format!("{}  {}", ew.clause, t(lang, ew.label));
            let text = RichText::new(format!("{usage}\n{label}")).size(SIZE_SMALL);
            let b = egui::Button::new(text).min_size(egui::vec2(ui.available_width(), 0.0));
            if ui.add(b).clicked() {
                cmds.push(TableCmd::Type(format!("{} ", ew.word)));
            }
        }
    });
}
