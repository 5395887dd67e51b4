//! Bacarrá a dos paños (Baccarat Banque), drawn from the croupier's chair: the
//! banker across the table at the top, the croupier at the bottom, and the line
//! between them dividing the table into the two paños (R-BQ-1). Paño 1, on the
//! banker's right, is on the croupier's left. Sections go round the table from the
//! banker's right: paño 1's along the top going left, then along the bottom back
//! to the croupier; paño 2's from the croupier round to the banker's left
//! (with twelve sections: 1–6, the croupier, 12–7).

use super::felt::{View, croupier_box, felt, hand_zone, seat_box, seat_box_height};
use super::text::{money, t, ta};
use super::widgets::{FELT_DARK, FELT_LINE, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BODY, SIZE_SMALL};
use crate::engine::{HandId, Money, Spot};
use egui::{Align2, CornerRadius, FontId, Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

/// Where each section's box goes: (section, rect), and the bands between them.
pub struct BqLayout {
    pub seats: Vec<(u8, Rect)>,
    pub banker: Rect,
    pub croupier: Rect,
    pub tableau: [Rect; 2],
    pub bank_hand: Rect,
    pub cheval: Rect,
}

/// Lays the table out in `inner` for `per_tableau` sections a paño.
pub fn layout(inner: Rect, per_tableau: u8) -> BqLayout {
    let n = usize::from(per_tableau.max(1));
    let top_n = n.div_ceil(2);
    let cx = inner.center().x;
    let margin = 10.0;
    let centre_w = (inner.width() * 0.25).clamp(200.0, 280.0);
    // A box holds its number and two rows of the body's type under it (a payout's word
    // over its figure, issue 47).
    let box_h = seat_box_height(inner.height(), 0.19, 76.0, 104.0);
    // The ends of the table are rounded: rows start a little in from them (no more:
    // the sections' boxes keep the room their figures need in the body's type, a
    // banco's «Pagar 1.332,50» over two rows at 1024×768, issue 47).
    let end_inset = (inner.height() * 0.12).clamp(24.0, 40.0);
    let row_w = cx - centre_w / 2.0 - margin - (inner.left() + end_inset);
    let box_w = ((row_w - margin * (top_n as f32 - 1.0)) / top_n as f32).min(170.0);
    let top_y = inner.top() + margin;
    let bottom_y = inner.bottom() - margin - box_h;
    let mut seats = Vec::with_capacity(2 * n);
    // Paño 1: top row from the banker going left, then the bottom row back toward
    // the croupier. Paño 2 mirrors it: its first section at the banker's left.
    for tableau in [1u8, 2] {
        let first = (tableau - 1) * per_tableau;
        let side = if tableau == 1 { -1.0 } else { 1.0 };
        for i in 0..n {
            let (row_y, k) = if i < top_n { (top_y, i) } else { (bottom_y, n - 1 - i) };
            // k = 0 is next to the centre column.
            let offset = centre_w / 2.0 + margin + box_w / 2.0 + k as f32 * (box_w + margin);
            let centre = Pos2::new(cx + side * offset, row_y + box_h / 2.0);
            seats.push((first + i as u8 + 1, Rect::from_center_size(centre, Vec2::new(box_w, box_h))));
        }
    }
    let banker = Rect::from_min_size(Pos2::new(cx - centre_w / 2.0, top_y), Vec2::new(centre_w, box_h));
    let croupier = Rect::from_min_size(Pos2::new(cx - centre_w / 2.0, bottom_y), Vec2::new(centre_w, box_h));
    let band_top = top_y + box_h + margin;
    let band_bottom = bottom_y - margin;
    let left_edge = inner.left() + end_inset * 0.5;
    let right_edge = inner.right() - end_inset * 0.5;
    let tableau = [
        Rect::from_min_max(Pos2::new(left_edge, band_top), Pos2::new(cx - centre_w / 2.0 - margin, band_bottom)),
        Rect::from_min_max(Pos2::new(cx + centre_w / 2.0 + margin, band_top), Pos2::new(right_edge, band_bottom)),
    ];
    let bank_h = (band_bottom - band_top) * 0.78;
    let bank_hand = Rect::from_min_size(Pos2::new(cx - centre_w / 2.0, band_top), Vec2::new(centre_w, bank_h));
    let cheval = Rect::from_min_max(
        Pos2::new(cx - centre_w / 2.0, band_top + bank_h),
        Pos2::new(cx + centre_w / 2.0, band_bottom),
    );
    BqLayout { seats, banker, croupier, tableau, bank_hand, cheval }
}

/// Baccarat Banque's table: the seats round it, the banker and his bank, the two
/// tableaux and the bank's hand, the stakes a caballo, the croupier.
pub fn table_bq_ui(ui: &mut Ui, view: &View, clicked: &mut Option<u8>) {
    let lang = view.lang;
    let settings = view.table.settings();
    let rect = ui.available_rect_before_wrap();
    let inner = felt(ui, rect);
    let l = layout(inner, settings.sections_per_tableau());
    let p = ui.painter().clone();

    felt_lines(&p, inner, &l);

    for (seat, r) in &l.seats {
        seat_box(ui, view, *r, *seat, settings.tableau_of_section(*seat), clicked);
    }

    bank_box_ui(ui, &p, view, &l);

    for (i, r) in l.tableau.iter().enumerate() {
        let hand = HandId::Tableau(i as u8 + 1);
        hand_zone(ui, view, *r, hand, view.stake_line(lang, hand));
    }
    hand_zone(ui, view, l.bank_hand, HandId::Bank, None);

    cheval_total(&p, view, &l);
    croupier_box(ui, view, l.croupier);
}

/// The line between the paños (a caballo) and the half lines of each paño's zone.
fn felt_lines(p: &egui::Painter, inner: Rect, l: &BqLayout) {
    let dash = Stroke::new(2.0, FELT_LINE.gamma_multiply(0.8));
    p.extend(egui::Shape::dashed_line(
        &[Pos2::new(inner.center().x, l.bank_hand.bottom()), Pos2::new(inner.center().x, l.croupier.top() - 4.0)],
        dash,
        8.0,
        6.0,
    ));
    for r in l.tableau {
        for y in [r.top() - 4.0, r.bottom() + 4.0] {
            p.extend(egui::Shape::dashed_line(
                &[Pos2::new(r.left() + 20.0, y), Pos2::new(r.right() - 8.0, y)],
                Stroke::new(1.0, FELT_LINE.gamma_multiply(0.5)),
                4.0,
                6.0,
            ));
        }
        p.text(
            Pos2::new(r.left() + 20.0, r.top() - 4.0),
            Align2::LEFT_CENTER,
            "½",
            FontId::proportional(SIZE_SMALL),
            FELT_LINE,
        );
    }
}

/// The banker's box, and his bank in the largest type that keeps it on one line.
fn bank_box_ui(ui: &mut Ui, p: &egui::Painter, view: &View, l: &BqLayout) {
    let lang = view.lang;
    p.rect(l.banker, CornerRadius::same(10), FELT_DARK, Stroke::new(2.0, GOLD), StrokeKind::Inside);
    p.text(
        l.banker.center_top() + Vec2::new(0.0, 4.0),
        Align2::CENTER_TOP,
        t(lang, "banker").to_uppercase(),
        FontId::proportional(SIZE_SMALL),
        INK_DIM,
    );
    let bank = money(lang, view.bank());
    let bank_rect = Rect::from_center_size(
        l.banker.center() + Vec2::new(0.0, 8.0),
        Vec2::new(l.banker.width() - 8.0, SIZE_BANNER + 8.0),
    );
    // The largest type that keeps the bank on one line in its box.
    let words = ta(lang, "bank-amount", &[("amount", bank)]);
    let mut size = SIZE_BANNER;
    while size > SIZE_SMALL
        && ui.painter().layout_no_wrap(words.clone(), FontId::proportional(size), GOLD).size().x > bank_rect.width()
    {
        size -= 2.0;
    }
    ui.put(
        bank_rect,
        egui::Label::new(egui::RichText::new(words).size(size).color(GOLD).strong())
            .wrap_mode(egui::TextWrapMode::Extend),
    );
}

/// The a caballo line: what lies on it.
fn cheval_total(p: &egui::Painter, view: &View, l: &BqLayout) {
    let lang = view.lang;
    let cheval = Money::sum(view.table.coup().bets.iter().filter(|b| b.spot == Spot::Cheval).map(|b| b.amount));
    let said = match cheval {
        Ok(c) => c.is_positive().then(|| ta(lang, "cheval-total", &[("amount", money(lang, c))])),
        Err(e) => Some(crate::i18n::money_error_text(lang, &e)),
    };
    if let Some(s) = said {
        let g = p.layout_no_wrap(s, FontId::proportional(SIZE_BODY), INK);
        let r = Rect::from_center_size(l.cheval.center(), g.size() + Vec2::new(12.0, 4.0));
        p.rect_filled(r, CornerRadius::same(6), FELT_DARK);
        p.galley(r.min + Vec2::new(6.0, 2.0), g, INK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_go_round_from_the_banker_s_right_r_bq_1() {
        let inner = Rect::from_min_size(Pos2::ZERO, Vec2::new(900.0, 540.0));
        let l = layout(inner, 6);
        let at = |s: u8| l.seats.iter().find(|(n, _)| *n == s).map(|(_, r)| r.center()).expect("seat");
        let cx = inner.center().x;
        // Paño 1 (sections 1–6) on the croupier's left, paño 2 on his right.
        for s in 1..=6 {
            assert!(at(s).x < cx, "section {s}");
            assert!(at(s + 6).x > cx, "section {}", s + 6);
        }
        // Section 1 next to the banker (top), 6 next to the croupier (bottom); 7 at
        // the banker's left, 12 next to the croupier.
        assert!(at(1).y < inner.center().y && at(1).x > at(2).x);
        assert!(at(6).y > inner.center().y && at(6).x > at(5).x);
        assert!(at(7).y < inner.center().y && at(7).x < at(8).x);
        assert!(at(12).y > inner.center().y && at(12).x < at(11).x);
        // No two boxes overlap.
        for (i, (_, a)) in l.seats.iter().enumerate() {
            for (_, b) in &l.seats[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} {b:?}");
            }
        }
    }
}
