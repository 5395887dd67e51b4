//! Punto y Banca: two hands, the casino pays. The croupier in the middle of a long
//! side (the bottom of the screen), the departments round the table from his right;
//! in the middle the punto and banca boxes with what lies on each and their cards.

use super::felt::{View, clear_middle, croupier_box, felt, hand_zone, rim_slots, seat_box, seat_box_height};
use crate::engine::HandId;
use egui::{Pos2, Rect, Ui, Vec2};

pub fn table_pb_ui(ui: &mut Ui, view: &View, clicked: &mut Option<u8>) {
    let lang = view.lang;
    let settings = view.table.settings();
    let rect = ui.available_rect_before_wrap();
    let inner = felt(ui, rect);
    let n = usize::from(settings.sections);
    let box_size =
        Vec2::new((inner.width() * 0.14).clamp(104.0, 150.0), seat_box_height(inner.height(), 0.16, 68.0, 92.0));
    let croupier_w = (inner.width() * 0.24).clamp(180.0, 260.0);
    let slots = rim_slots(inner, n, box_size, croupier_w + 20.0);
    for (i, r) in slots.iter().enumerate() {
        seat_box(ui, view, *r, i as u8 + 1, None, clicked);
    }
    let croupier = Rect::from_center_size(
        Pos2::new(inner.center().x, inner.bottom() - 10.0 - box_size.y / 2.0),
        Vec2::new(croupier_w, box_size.y),
    );
    croupier_box(ui, view, croupier);
    let middle = clear_middle(inner, &slots, Vec2::new(box_size.x * 0.6, box_size.y * 0.6));
    let half = middle.width() / 2.0;
    for (i, hand) in [HandId::Punto, HandId::Banca].into_iter().enumerate() {
        let r = Rect::from_min_size(
            middle.min + Vec2::new(i as f32 * (half + 6.0), 0.0),
            Vec2::new(half - 6.0, middle.height()),
        );
        ui.painter().rect_stroke(
            r,
            egui::CornerRadius::same(12),
            egui::Stroke::new(1.5, super::widgets::FELT_LINE),
            egui::StrokeKind::Inside,
        );
        hand_zone(ui, view, r, hand, view.stake_line(lang, hand));
    }
}
