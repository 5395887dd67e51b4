//! The table screen holds up at 1024×768, 1280×800 and 1920×1080: a full Banque
//! table (twelve sections, thirty bets) with twelve chips on the entry line, and the
//! same table paid. Read from the accessibility tree: no two texts overlap, every
//! button lies inside the window, Confirmar and Deshacer show; and a snapshot of each.
//!
//! The real window zooms to fit its size (`screen::fit_zoom`); the harness is given
//! the screen the app lays out, in points, at that zoom, so that the image is the
//! window's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, SnapshotOptions};
use sabot::app::SabotApp;
use sabot::app::screen::fit_zoom;
use sabot::app::shift::{MemoryLog, ShiftHeader};
use sabot::engine::{Call, Game, HandId, Money, Op, PlayerRef, Shoe, Spot, Table, TableSettings};
use sabot::i18n::Lang;

const SIZES: [(f32, f32); 3] = [(1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)];

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

/// Thirty bets over the twelve sections: plain, a caballo, half lines, standing
/// players, and a banco on a paño.
fn thirty_bets() -> Vec<Op> {
    let mut ops = Vec::new();
    for i in 0..30u8 {
        let seat = i % 12 + 1;
        let own = if seat <= 6 { 1 } else { 2 };
        let (spot, standing) = match i / 12 {
            0 => (Spot::Tableau(own), false),
            1 if i % 2 == 0 => (Spot::Cheval, false),
            1 => (Spot::Half(own), false),
            _ => (Spot::Tableau(own), true),
        };
        let amount = Money::units(10 * (i32::from(i) % 5 + 2));
        ops.push(Op::Bet { player: PlayerRef { seat, standing }, spot, amount });
    }
    ops
}

fn full_table(settled: bool) -> Table {
    let mut s = TableSettings::new(Game::Banque);
    s.unit = m("10");
    let mut t = Table::new(s, m("20000"), Shoe::decks(6)).expect("table");
    for op in thirty_bets() {
        t.play(&op).expect("bet taken");
    }
    if settled {
        for op in [
            Op::NoMoreBets,
            Op::Say { hand: HandId::Tableau(1), call: Call::Draw },
            Op::Card("6h".parse().expect("card")),
            Op::Show { hand: HandId::Tableau(2), cards: vec!["9c".parse().expect("c"), "Jd".parse().expect("c")] },
            Op::AskTable,
            Op::Say { hand: HandId::Bank, call: Call::Draw },
            Op::Card("5d".parse().expect("card")),
            Op::Show { hand: HandId::Tableau(1), cards: vec!["2h".parse().expect("c"), "Qs".parse().expect("c")] },
            Op::Show { hand: HandId::Bank, cards: vec!["Kd".parse().expect("c"), "4c".parse().expect("c")] },
        ] {
            t.play(&op).expect("taken");
        }
        assert!(t.settlement().is_some());
    }
    t
}

/// The app at `native` window size: laid out at the zoom the real window takes.
fn harness_at(native: (f32, f32), table: Table) -> Harness<'static, SabotApp> {
    let z = fit_zoom(egui::vec2(native.0, native.1));
    let header = ShiftHeader { table_name: "Mesa 3".into(), croupier: "Ana".into() };
    let app = SabotApp::with_table(Lang::Es, header, table, Box::new(MemoryLog::default()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(native.0 / z, native.1 / z))
        .with_pixels_per_point(z)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut SabotApp| app.show(ui), app);
    h.run();
    h
}

/// No two texts overlap, every button is inside the window, and the line's two
/// buttons show.
fn holds_up(h: &Harness<'static, SabotApp>, what: &str) {
    let screen = h.ctx.content_rect();
    // Each text with its panel (the nearest pane it is drawn in): a scrolling
    // panel's texts may run past its edge under another panel, clipped.
    let texts: Vec<(String, egui::Rect, String)> = h
        .query_all_by_role(Role::Label)
        .map(|n| {
            let a = n.accesskit_node();
            let mut pane = a.parent();
            while let Some(p) = pane.filter(|p| p.role() != Role::Pane) {
                pane = p.parent();
            }
            let pane = pane.map(|p| format!("{:?}", p.id())).unwrap_or_default();
            (a.label().or_else(|| a.value()).unwrap_or_default(), n.rect(), pane)
        })
        .filter(|(_, r, _)| r.area() > 0.0)
        .collect();
    assert!(texts.len() > 20, "{what}: too few texts: {}", texts.len());
    for (i, (a, ra, pa)) in texts.iter().enumerate() {
        for (b, rb, _) in texts[i + 1..].iter().filter(|t| &t.2 == pa) {
            let overlap = ra.shrink(0.5).intersect(rb.shrink(0.5));
            assert!(!(overlap.is_positive() && overlap.area() > 1.0), "{what}: «{a}» {ra:?} overlaps «{b}» {rb:?}");
        }
    }
    for n in h.query_all_by_role(Role::Button) {
        let r = n.rect();
        let label = n.accesskit_node().label().unwrap_or_default();
        assert!(screen.expand(0.5).contains_rect(r), "{what}: button «{label}» {r:?} outside {screen:?}");
    }
    for name in ["Confirmar", "Deshacer"] {
        let b = h.get_by_role_and_label(Role::Button, name);
        assert!(screen.contains_rect(b.rect()), "{what}: {name} out of view");
    }
}

fn snapshot(h: &mut Harness<'static, SabotApp>, name: &str) {
    h.snapshot_options(name, &SnapshotOptions::new().threshold(1.2).max_failed_pixels(400));
}

/// A full Banque table, bets open, twelve chips on the line.
fn in_play(size: (f32, f32)) {
    let mut h = harness_at(size, full_table(false));
    h.get_by_label("Entrada").type_text("1 100 2 50 3 c 40 4 60 6 20 7 30 8 h 60 9 80 10 100 11 20 12 40 1p 35 ");
    h.run();
    let chips = h.state().live().expect("table").entry.chips.len();
    assert_eq!(chips, 12);
    snapshot(&mut h, &format!("layout_bq_chips_{}x{}", size.0, size.1));
    holds_up(&h, &format!("{}x{} in play", size.0, size.1));
}

/// The same table paid: the payouts in the side panel and on the sections.
fn paid(size: (f32, f32)) {
    let mut h = harness_at(size, full_table(true));
    holds_up(&h, &format!("{}x{} paid", size.0, size.1));
    // The sections say what to pay or collect there.
    assert!(h.query_all_by_label_contains("Cobrar").count() + h.query_all_by_label_contains("Pagar").count() > 12);
    snapshot(&mut h, &format!("layout_bq_paid_{}x{}", size.0, size.1));
}

#[test]
fn twelve_chips_on_a_full_banque_table_at_1024x768() {
    in_play(SIZES[0]);
}

#[test]
fn twelve_chips_on_a_full_banque_table_at_1280x800() {
    in_play(SIZES[1]);
}

#[test]
fn twelve_chips_on_a_full_banque_table_at_1920x1080() {
    in_play(SIZES[2]);
}

#[test]
fn a_full_banque_table_paid_at_1024x768() {
    paid(SIZES[0]);
}

#[test]
fn a_full_banque_table_paid_at_1280x800() {
    paid(SIZES[1]);
}

/// The payouts page with the keys (each coup's payouts open at their top: their
/// scroll is the coup's).
#[test]
fn page_down_page_up_and_the_arrows_page_the_payouts() {
    let mut h = harness_at(SIZES[1], full_table(true));
    // Only the rows in view are laid out: the first row node is the first in view.
    let first_row = |h: &Harness<'static, SabotApp>| {
        let n = h.get_all_by_role(Role::Row).next().expect("a payout row");
        (n.accesskit_node().label().unwrap_or_default(), n.rect().top())
    };
    let (top_row, top) = first_row(&h);
    h.key_press(egui::Key::PageDown);
    h.run();
    let (paged_row, _) = first_row(&h);
    assert_ne!(paged_row, top_row, "PageDown did not page the payouts");
    h.key_press(egui::Key::PageUp);
    h.run();
    assert_eq!(first_row(&h), (top_row.clone(), top));
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert!(first_row(&h).1 < top - 20.0 || first_row(&h).0 != top_row, "the arrow did not move the payouts");
}

#[test]
fn a_full_banque_table_paid_at_1920x1080() {
    paid(SIZES[2]);
}

/// Punto y Banca at 1920×1080 with chips wrapping to a second row: the key strip
/// under the buttons is whole, every key of it on the screen (issue 24, point 5).
#[test]
fn punto_y_banca_chips_on_two_rows_leave_the_key_strip_whole_at_1920x1080() {
    let mut s = sabot::engine::TableSettings::new(Game::PuntoBanca);
    s.unit = "1".parse().expect("unit");
    let table = Table::new(s, "0".parse().expect("bank"), sabot::engine::Shoe::decks(8)).expect("table");
    let mut h = harness_at(SIZES[2], table);
    h.get_by_label("Entrada")
        .type_text("1 p 100 2 b 50 3 p 40 4 b 60 5 p 20 6 b 30 7 p 60 8 b 80 9 p 100 10 b 20 11 p 45 12 b 70 1p b 35 ");
    h.run();
    let chips = h.state().live().expect("table").entry.chips.len();
    assert_eq!(chips, 13);
    let screen = h.ctx.content_rect();
    for key in ["no va más", "nueva jugada", "ayuda", "registro", "errores"] {
        let r = h.get_by_label(key).rect();
        assert!(screen.contains_rect(r), "«{key}» {r:?} outside {screen:?}");
    }
    holds_up(&h, "Punto y Banca 1920x1080, two rows of chips");
}
