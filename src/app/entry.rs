//! The entry line on screen: its chips drawn. What the line reads and what the
//! engine makes of it (the grammar, the chips' words, the line) is `crate::entry`,
//! below the app, shared with the command line's drills.

use crate::app::text::ta;
use crate::app::widgets::{GOLD, INK, LOSE, SIZE_BODY, WIN};
pub use crate::entry::*;
use crate::i18n::Lang;
use egui::{Color32, CornerRadius, Stroke, Ui};

const CHIP_PAD: egui::Vec2 = egui::vec2(8.0, 3.0);
const CHIP_CROSS: f32 = 22.0;

/// A chip's words laid out: on one line, or wrapped when wider than the line.
fn chip_galley(ui: &Ui, chip: &Chip) -> std::sync::Arc<egui::Galley> {
    let room = (ui.max_rect().width() - 2.0 * CHIP_PAD.x - CHIP_CROSS - 4.0).max(60.0);
    ui.painter().layout(chip.label.clone(), egui::FontId::proportional(SIZE_BODY), INK, room)
}

/// The room a chip takes on the line.
pub fn chip_size(ui: &Ui, chip: &Chip) -> egui::Vec2 {
    let g = chip_galley(ui, chip);
    egui::vec2(g.size().x + 2.0 * CHIP_PAD.x + CHIP_CROSS, g.size().y + 2.0 * CHIP_PAD.y)
}

/// A pending entry on the entry line: green when the rules take it, red when they
/// refuse it (the reason under its words at once), amber while it waits for its
/// second card; gold-edged when picked with the arrows. Its × takes it off the
/// line: the return is true when it was clicked.
///
/// The chip is laid out before it is placed, so that the line wraps it whole to
/// the next row (never one letter a line); a chip wider than the line wraps its words.
pub fn chip_ui(ui: &mut Ui, lang: Lang, chip: &Chip, i: usize, picked: bool) -> bool {
    let (fill, stroke) = match chip.state {
        ChipState::Ok => (Color32::from_rgb(0x1D, 0x4D, 0x2E), WIN),
        ChipState::Refused(_) => (Color32::from_rgb(0x5A, 0x16, 0x16), LOSE),
        ChipState::Waiting => (Color32::from_rgb(0x5A, 0x45, 0x10), GOLD),
    };
    let (pad, cross_w) = (CHIP_PAD, CHIP_CROSS);
    let galley = chip_galley(ui, chip);
    let size = egui::vec2(galley.size().x + 2.0 * pad.x + cross_w, galley.size().y + 2.0 * pad.y);
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::hover());
    let label = chip.label.clone();
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    if let ChipState::Refused(why) = &chip.state {
        resp.on_hover_text(why);
    }
    let cross = egui::Rect::from_min_max(egui::pos2(rect.right() - cross_w, rect.top()), rect.max);
    let x = ui.interact(cross, ui.scope_id().with(("chipremove", i)), egui::Sense::click());
    let name = ta(lang, "chip-remove", &[("chip", chip.label.clone())]);
    x.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    if ui.is_rect_visible(rect) {
        let p = ui.painter();
        let border = if picked { Stroke::new(3.0, GOLD) } else { Stroke::new(1.5, stroke) };
        p.rect(rect, CornerRadius::same(6), fill, border, egui::StrokeKind::Inside);
        p.galley(rect.min + pad, galley, INK);
        let colour = if x.hovered() { INK } else { INK.gamma_multiply(0.6) };
        p.text(cross.center(), egui::Align2::CENTER_CENTER, "×", egui::FontId::proportional(SIZE_BODY), colour);
    }
    x.clicked()
}
