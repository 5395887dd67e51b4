//! Widgets the views share: buttons with their key shown, cards, chips, the
//! palette and type sizes. Large type everywhere: the croupier reads the screen
//! at arm's length.

use super::assets::Assets;
use crate::engine::Card;
use egui::{
    Align2, Color32, CornerRadius, FontId, Image, Rect, Response, RichText, Role, Sense, Stroke, StrokeKind, Ui, Vec2,
    WidgetInfo, load::SizedTexture,
};

pub const FELT: Color32 = Color32::from_rgb(0x0E, 0x5A, 0x36);
pub const FELT_DARK: Color32 = Color32::from_rgb(0x0A, 0x44, 0x29);
pub const FELT_LINE: Color32 = Color32::from_rgb(0xD9, 0xC2, 0x7A);
pub const RIM: Color32 = Color32::from_rgb(0x4A, 0x2A, 0x14);
pub const GOLD: Color32 = Color32::from_rgb(0xF2, 0xC1, 0x4E);
pub const INK: Color32 = Color32::from_rgb(0xF4, 0xF1, 0xE8);
pub const INK_DIM: Color32 = Color32::from_rgb(0xB8, 0xC4, 0xB8);
pub const WIN: Color32 = Color32::from_rgb(0x5C, 0xD6, 0x7E);
pub const LOSE: Color32 = Color32::from_rgb(0xFF, 0x7A, 0x6B);
pub const PUSH: Color32 = Color32::from_rgb(0xC8, 0xC8, 0xC8);
pub const ALERT: Color32 = Color32::from_rgb(0xB3, 0x1B, 0x1B);
pub const STANDING: Color32 = Color32::from_rgb(0x9F, 0xD3, 0xFF);

/// Type sizes, in points.
pub const SIZE_BANNER: f32 = 34.0;
pub const SIZE_BIG: f32 = 26.0;
pub const SIZE_BODY: f32 = 20.0;
pub const SIZE_SMALL: f32 = 16.0;

/// A card's width for its height (the PNGs are 250×350).
pub const CARD_ASPECT: f32 = 250.0 / 350.0;

/// How a button looks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// The action the banner asks for.
    Main,
    Danger,
}

/// A button with its keyboard shortcut drawn on a key cap beside the label. Its
/// accessible name is the label alone.
pub fn key_button(ui: &mut Ui, label: &str, key: &str, tone: Tone, enabled: bool) -> Response {
    let font = FontId::proportional(SIZE_BODY);
    let key_font = FontId::monospace(SIZE_SMALL);
    let text_color = if enabled { INK } else { INK_DIM.gamma_multiply(0.6) };
    let galley = ui.painter().layout_no_wrap(label.to_owned(), font, text_color);
    let key_galley = ui.painter().layout_no_wrap(key.to_owned(), key_font, Color32::BLACK);
    let pad = Vec2::new(12.0, 8.0);
    let cap = key_galley.size() + Vec2::new(10.0, 4.0);
    let gap = if key.is_empty() { 0.0 } else { 10.0 };
    let width = pad.x * 2.0 + galley.size().x + gap + if key.is_empty() { 0.0 } else { cap.x };
    let height = (galley.size().y.max(cap.y) + pad.y * 2.0).max(44.0);
    let sense = if enabled { Sense::click() } else { Sense::hover() };
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), sense);
    response.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, label));
    if ui.is_rect_visible(rect) {
        let fill = match (tone, enabled) {
            (_, false) => Color32::from_gray(45),
            (Tone::Main, _) => Color32::from_rgb(0x1E, 0x6F, 0xC8),
            (Tone::Danger, _) => Color32::from_rgb(0x8E, 0x24, 0x24),
            (Tone::Plain, _) => Color32::from_gray(62),
        };
        let fill = if response.hovered() { fill.gamma_multiply(1.25) } else { fill };
        let p = ui.painter();
        p.rect(rect, CornerRadius::same(8), fill, Stroke::new(1.0, Color32::from_gray(110)), StrokeKind::Inside);
        let text_pos = rect.left_center() + Vec2::new(pad.x, -galley.size().y / 2.0);
        p.galley(text_pos, galley, text_color);
        if !key.is_empty() {
            let cap_rect = Rect::from_min_size(rect.right_center() + Vec2::new(-pad.x - cap.x, -cap.y / 2.0), cap);
            p.rect(cap_rect, CornerRadius::same(4), Color32::from_gray(225), Stroke::NONE, StrokeKind::Inside);
            p.galley(cap_rect.min + Vec2::new(5.0, 2.0), key_galley, Color32::BLACK);
        }
    }
    response
}

/// A key cap and what it does, for the shortcut strip.
pub fn key_hint(ui: &mut Ui, key: &str, what: &str) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        egui::Frame::new()
            .fill(Color32::from_gray(225))
            .corner_radius(CornerRadius::same(4))
            .inner_margin(egui::Margin::symmetric(6, 1))
            .show(ui, |ui| {
                ui.label(RichText::new(key).monospace().size(SIZE_SMALL).color(Color32::BLACK));
            });
        ui.label(RichText::new(what).size(SIZE_SMALL).color(INK_DIM));
    });
}

/// A card (face, or back when dealt face down), or an empty place for one.
pub enum CardShown {
    Face(Card),
    Back,
    Empty,
}

/// Draws a card in `rect`. Faces carry their name (`9♥`) for screen readers and tests.
pub fn card_at(ui: &mut Ui, assets: &Assets, rect: Rect, card: CardShown, alt: &str) {
    match card {
        CardShown::Face(c) => match assets.face(c) {
            Some(tex) => {
                ui.put(rect, Image::from_texture(SizedTexture::new(tex, rect.size())).alt_text(c.pretty()));
            }
            None => {
                // The image could not be read: the card as text.
                ui.painter().rect_filled(rect, CornerRadius::same(6), Color32::WHITE);
                let colour = if c.suit.is_red() { Color32::from_rgb(0xC4, 0x12, 0x2E) } else { Color32::BLACK };
                ui.painter().text(
                    rect.center(),
                    Align2::CENTER_CENTER,
                    c.pretty(),
                    FontId::proportional(rect.height() * 0.4),
                    colour,
                );
            }
        },
        CardShown::Back => match assets.back() {
            Some(tex) => {
                ui.put(rect, Image::from_texture(SizedTexture::new(tex, rect.size())).alt_text(alt));
            }
            None => {
                ui.painter().rect_filled(rect, CornerRadius::same(6), Color32::from_rgb(0x7A, 0x10, 0x24));
            }
        },
        CardShown::Empty => {
            ui.painter().rect_stroke(
                rect,
                CornerRadius::same(6),
                Stroke::new(1.5, FELT_LINE.gamma_multiply(0.45)),
                StrokeKind::Inside,
            );
        }
    }
}

/// A framed box with a title, for the side panel.
pub fn section_frame<R>(ui: &mut Ui, title: &str, add: impl FnOnce(&mut Ui) -> R) -> R {
    egui::Frame::new()
        .fill(Color32::from_gray(32))
        .stroke(Stroke::new(1.0, Color32::from_gray(70)))
        .corner_radius(CornerRadius::same(8))
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).size(SIZE_SMALL).color(GOLD).strong());
            add(ui)
        })
        .inner
}

/// Text laid out on one line in at most `max_w` points: `size`, or smaller down to
/// 10 points when it would not fit (never over its box).
pub fn fitted(ui: &Ui, text: String, size: f32, max_w: f32, colour: Color32) -> std::sync::Arc<egui::Galley> {
    fitted_at_least(ui, &text, size, 10.0, max_w, colour).unwrap_or_else(|| {
        // Not even 10 points fit: at the size the search stopped at, as before.
        let last = if size <= 10.0 { size } else { size - (size - 10.0).ceil() };
        ui.painter().layout_no_wrap(text, FontId::proportional(last), colour)
    })
}

/// Text on one line in at most `max_w` points, at `size` or smaller down to `min`;
/// `None` when it does not fit even at `min` (the caller has a shorter form).
pub fn fitted_at_least(
    ui: &Ui,
    text: &str,
    size: f32,
    min: f32,
    max_w: f32,
    colour: Color32,
) -> Option<std::sync::Arc<egui::Galley>> {
    let mut size = size;
    loop {
        let g = ui.painter().layout_no_wrap(text.to_owned(), FontId::proportional(size), colour);
        if g.size().x <= max_w {
            return Some(g);
        }
        if size <= min {
            return None;
        }
        size -= 1.0;
    }
}

/// Paints a galley at `pos` (its top left) and gives it an accessible text node
/// with its place, so that tests (and screen readers) see painted text like labels.
pub fn painted(ui: &Ui, pos: egui::Pos2, galley: std::sync::Arc<egui::Galley>, colour: Color32) -> Rect {
    let rect = Rect::from_min_size(pos, galley.size());
    let text = galley.text().to_owned();
    let id = ui.scope_id().with(("painted", text.as_str(), pos.x as i32, pos.y as i32));
    let resp = ui.interact(rect, id, Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(Role::Label, true, &text));
    ui.painter().galley(pos, galley, colour);
    rect
}

/// Scrolls the scroll area being drawn by what the keys asked (a page is most of
/// what shows), once.
pub fn page(ui: &egui::Ui, scroll: &mut (i32, i32)) {
    if *scroll == (0, 0) {
        return;
    }
    let page = ui.clip_rect().height() * 0.85;
    let dy = scroll.0 as f32 * page + scroll.1 as f32 * 40.0;
    ui.scroll_with_delta_animation(egui::vec2(0.0, -dy), egui::style::ScrollAnimation::none());
    *scroll = (0, 0);
    // The scroll area moves at the end of this frame: one more to show it.
    ui.ctx().request_repaint();
}
