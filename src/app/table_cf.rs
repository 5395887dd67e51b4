//! Chemin de fer: one player hand against the bank. The croupier sits in the middle
//! of a long side (the bottom of the screen); the sections go round the table from
//! his right. In the middle, the player's hand and the bank's, and the bank as the
//! croupier announces it: "hay … en la banca" (R-CF-2).

use super::felt::{View, clear_middle, croupier_box, felt, hand_zone, rim_slots, seat_box, seat_box_height};
use super::text::{money, ta};
use super::widgets::{GOLD, SIZE_BANNER};
use crate::engine::HandId;
use egui::{Pos2, Rect, Ui, Vec2};

pub fn table_cf_ui(ui: &mut Ui, view: &View, clicked: &mut Option<u8>) {
    let lang = view.lang;
    let settings = view.table.settings();
    let rect = ui.available_rect_before_wrap();
    let inner = felt(ui, rect);
    let n = usize::from(settings.sections);
    let box_size =
        Vec2::new((inner.width() * 0.15).clamp(110.0, 160.0), seat_box_height(inner.height(), 0.17, 70.0, 96.0));
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
    // The middle: the bank announced, then the two hands side by side.
    let middle = clear_middle(inner, &slots, Vec2::new(box_size.x * 0.6, box_size.y * 0.6));
    let bank = ta(lang, "bank-announced", &[("amount", money(lang, view.bank()))]);
    let head = Rect::from_min_size(middle.min, Vec2::new(middle.width(), SIZE_BANNER + 10.0));
    ui.put(head, egui::Label::new(egui::RichText::new(bank).size(SIZE_BANNER).color(GOLD).strong()));
    let hands = Rect::from_min_max(Pos2::new(middle.left(), head.bottom() + 6.0), middle.max);
    let half = hands.width() / 2.0;
    let player = Rect::from_min_size(hands.min, Vec2::new(half - 6.0, hands.height()));
    let bank_r = Rect::from_min_size(hands.min + Vec2::new(half + 6.0, 0.0), Vec2::new(half - 6.0, hands.height()));
    hand_zone(ui, view, player, HandId::Player, view.stake_line(lang, HandId::Player));
    hand_zone(ui, view, bank_r, HandId::Bank, None);
}
