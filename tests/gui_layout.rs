//! The table screen holds up at 1024×768, 1280×800 and 1920×1080: a full Banque
//! table (twelve sections, thirty bets) with twelve chips on the entry line, and the
//! same table paid. Read from the accessibility tree: no two texts overlap, every
//! button lies inside the window, Confirmar and Deshacer show; and a snapshot of each.
//!
//! The real window zooms to fit its size (`screen::fit_zoom`); the harness is given
//! the screen the app lays out, in points, at that zoom, so that the image is the
//! window's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, SnapshotOptions};
use sabot::app::SabotApp;
use sabot::app::screen::fit_zoom;
use sabot::app::shift::{MemoryLog, ShiftHeader};
use sabot::app::widgets::SIZE_BODY;
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
    let header = ShiftHeader { table_name: "Mesa 3".into(), croupier: "Ana".into() };
    harness_app(native, SabotApp::with_table(Lang::Es, header, table, Box::new(MemoryLog::default())))
}

/// No two texts overlap, every button is inside the window, and the line's two
/// buttons show.
fn holds_up(h: &Harness<'static, SabotApp>, what: &str) {
    let screen = h.ctx.content_rect();
    let texts = h.query_all_by_role(Role::Label).filter(|n| n.rect().area() > 0.0).count();
    assert!(texts > 20, "{what}: too few texts: {texts}");
    let over = overlaps(h);
    assert!(over.is_empty(), "{what}: {}", over.join("\n"));
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

// ---------------------------------------------------------------------------
// Every screen, at every size (issue 40): read from what egui paints and from the
// accessibility tree, each in the states the walkthroughs (tools/walkthrough*.sh)
// reach.

/// The app at `native` window size, as the real window lays it out (its zoom).
pub(crate) fn harness_app(native: (f32, f32), app: SabotApp) -> Harness<'static, SabotApp> {
    let z = fit_zoom(egui::vec2(native.0, native.1));
    let mut h = Harness::builder()
        .with_size(egui::vec2(native.0 / z, native.1 / z))
        .with_pixels_per_point(z)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut SabotApp| app.show(ui), app);
    settle(&mut h);
    h
}

/// Frames until the app's workers are done and the screen has settled.
pub(crate) fn settle(h: &mut Harness<'static, SabotApp>) {
    let start = std::time::Instant::now();
    loop {
        if h.try_run().is_ok() && !h.state().busy() {
            return;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the app's workers never finished");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Each text egui painted this frame, with the rectangle it is clipped to.
pub(crate) fn painted_texts(
    h: &Harness<'static, SabotApp>,
) -> Vec<(std::sync::Arc<egui::Galley>, egui::Rect, egui::Rect)> {
    fn walk(
        shape: &egui::Shape,
        clip: egui::Rect,
        out: &mut Vec<(std::sync::Arc<egui::Galley>, egui::Rect, egui::Rect)>,
    ) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, clip, out)),
            egui::Shape::Text(t) if t.angle == 0.0 && !t.galley.text().trim().is_empty() => {
                out.push((t.galley.clone(), t.galley.rect.translate(t.pos.to_vec2()), clip));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, c.clip_rect, &mut out);
    }
    out
}

/// What is wrong with the screen as laid out: a text elided («…»), cut by the
/// box it is drawn in (across; or along, unless it is a scrolled list's row at its
/// edge), or out of the window; two texts of one panel over each other; a button
/// out of the window; at the table, the entry line or a key of the strip out of view.
pub(crate) fn faults(h: &Harness<'static, SabotApp>) -> Vec<String> {
    let screen = h.ctx.content_rect();
    let mut out = Vec::new();
    // A list with a scroll bar beside it may show a row in part at its edges.
    let bars: Vec<egui::Rect> = h.query_all_by_role(Role::ScrollBar).map(|n| n.rect()).collect();
    let scrolls = |clip: egui::Rect| {
        bars.iter().any(|b| {
            b.top() <= clip.bottom()
                && b.bottom() >= clip.top()
                && b.left() >= clip.left() - 1.0
                && b.left() <= clip.right() + 400.0
        })
    };
    for (g, r, clip) in painted_texts(h) {
        let seen = r.intersect(clip);
        if !seen.is_positive() {
            continue; // scrolled out of its list
        }
        let text = g.text().replace('\n', " ⏎ ");
        if g.elided {
            out.push(format!("«{text}» elided at {r:?}"));
        }
        if r.left() < clip.left() - 1.0 || r.right() > clip.right() + 1.0 {
            out.push(format!("«{text}» {r:?} cut across by its box {clip:?}"));
        }
        let scrolled = scrolls(clip) && (r.top() < clip.top() - 1.0) != (r.bottom() > clip.bottom() + 1.0);
        if (r.top() < clip.top() - 1.0 || r.bottom() > clip.bottom() + 1.0) && !scrolled {
            out.push(format!("«{text}» {r:?} cut along by its box {clip:?}"));
        }
        if !screen.expand(1.0).contains_rect(seen) {
            out.push(format!("«{text}» {seen:?} outside the window {screen:?}"));
        }
    }
    out.extend(overlaps(h));
    for n in h.query_all_by_role(Role::Button) {
        let r = n.rect();
        let label = n.accesskit_node().label().unwrap_or_default();
        if r.area() > 0.0 && !screen.expand(0.5).contains_rect(r) {
            out.push(format!("button «{label}» {r:?} outside the window"));
        }
    }
    if h.state().live().is_some() {
        for key in ["Entrada", "Confirmar", "Deshacer", "ayuda", "registro", "errores"] {
            match h.query_by_label(key) {
                Some(n) if screen.contains_rect(n.rect()) && n.rect().area() > 0.0 => {}
                Some(n) => out.push(format!("«{key}» {:?} out of view", n.rect())),
                None => out.push(format!("«{key}» missing")),
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// While paying, the payouts' list shows the bank's (or the house's) result and its
/// first rows whole: at least two, or all there are (a list squeezed to a row by
/// what stands above it, or opened scrolled, hides what the croupier pays).
fn payouts_in_view(h: &Harness<'static, SabotApp>) -> Option<String> {
    let title = h.query_by_label("Pagos, en orden")?.rect();
    let bets = h.state().live().map_or(0, |l| l.shift.shown().coup().bets.len());
    let whole = painted_texts(h)
        .into_iter()
        .filter(|(g, r, clip)| {
            let t = g.text();
            r.left() >= title.left() - 1.0
                && r.top() > title.bottom()
                && ["Cobrar", "Pagar", "Queda", "Devolver"].iter().any(|w| t.starts_with(w))
                && clip.expand(1.0).contains_rect(*r)
        })
        .count();
    let result = painted_texts(h).into_iter().any(|(g, r, clip)| {
        ["La banca", "La casa", "Banca después", "Empate", "Jugada nula"].iter().any(|w| g.text().starts_with(w))
            && r.left() >= title.left() - 1.0
            && clip.expand(1.0).contains_rect(r)
    });
    if !result {
        return Some("the bank's result out of view".into());
    }
    (whole < bets.min(2)).then(|| format!("only {whole} payout rows whole in view of {bets} bets"))
}

/// The section boxes say what to do in one form: never «Cobrar 60» in one box and
/// a bare «−100» in the next.
fn one_form_of_payout(h: &Harness<'static, SabotApp>) -> Option<String> {
    let side = h.query_by_label("Pagos, en orden")?.rect().left();
    let line = h.query_by_label("Entrada")?.rect().top();
    let texts: Vec<String> = painted_texts(h)
        .into_iter()
        .filter(|(_, r, _)| r.right() < side && r.bottom() < line)
        .map(|(g, _, _)| g.text().to_owned())
        .collect();
    let worded = texts.iter().find(|t| t.starts_with("Cobrar") || t.starts_with("Pagar"))?;
    let bare = texts.iter().find(|t| {
        let t = t.strip_prefix("p ").unwrap_or(t);
        let figure = t.strip_prefix('−').or_else(|| t.strip_prefix('+'));
        figure.is_some_and(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ','))
    })?;
    Some(format!("«{worded}» and «{bare}» on the felt"))
}

/// The cards of the table's two sides (the paños; the player and the bank; punto
/// and banca) are drawn the same size, whether a side has a stake line or not.
fn cards_alike(h: &Harness<'static, SabotApp>) -> Option<String> {
    let cards: Vec<egui::Rect> =
        h.query_all_by_role(Role::Image).map(|n| n.rect()).filter(|r| r.area() > 0.0).collect();
    let left = cards.iter().min_by(|a, b| a.left().total_cmp(&b.left()))?;
    let right = cards.iter().max_by(|a, b| a.right().total_cmp(&b.right()))?;
    ((left.height() - right.height()).abs() > 1.0)
        .then(|| format!("the cards on the left {left:?} and on the right {right:?} differ in size"))
}

/// The banner's headline (what is owed, the table read against the paños, a
/// ruling's effects card by card) is set at least in body type, each of its lines,
/// so that it reads at arm's length: a fixed-height banner once shrank a ruling to
/// ~11 px at 1280×800 (issue 40).
fn banner_readable(h: &Harness<'static, SabotApp>) -> Vec<String> {
    let Some(live) = h.state().live() else { return Vec::new() };
    if live.confirm_close || live.shift.closing() {
        return Vec::new();
    }
    let lang = h.state().lang;
    let table = live.shift.shown();
    let (headline, _, clause, _) = sabot::app::banner::banner_words_in(lang, table, live.entry.unit);
    // A clause is said once (issue 47): the badge's not again in the headline, and the
    // banner's not again in a ruling's effects (in the side panel).
    let effects = sabot::app::banner::ruling_effects_line(lang, table);
    let said = sabot::app::side::said_in_banner(lang, table);
    let texts = painted_texts(h);
    let mut out = Vec::new();
    for line in headline.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let line = if Some(line) == effects.as_deref() {
            sabot::app::side::unsaid(line, &said)
        } else {
            sabot::app::side::unsaid(line, &[clause])
        };
        let line = line.as_str();
        let sizes = texts
            .iter()
            .filter(|(g, _, _)| g.text().contains(line))
            .flat_map(|(g, _, _)| g.job.sections.iter().map(|s| s.format.font_id.size).collect::<Vec<_>>());
        match sizes.reduce(f32::min) {
            None => out.push(format!("the banner's «{line}» not painted")),
            Some(size) if size < SIZE_BODY - 0.01 => {
                out.push(format!("the banner's «{line}» set in {size} pt, under the body's {SIZE_BODY}"))
            }
            Some(_) => {}
        }
    }
    out
}

/// Two texts of one panel laid over each other (from the accessibility tree).
fn overlaps(h: &Harness<'static, SabotApp>) -> Vec<String> {
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
    let mut out = Vec::new();
    for (i, (a, ra, pa)) in texts.iter().enumerate() {
        for (b, rb, _) in texts[i + 1..].iter().filter(|t| &t.2 == pa) {
            let overlap = ra.shrink(0.5).intersect(rb.shrink(0.5));
            if overlap.is_positive() && overlap.area() > 1.0 {
                out.push(format!("«{a}» {ra:?} overlaps «{b}» {rb:?}"));
            }
        }
    }
    out
}

/// A walk through the screens at one size: each state looked at as it is reached,
/// every fault kept (the test fails at its end with all of them).
struct Walk {
    h: Harness<'static, SabotApp>,
    size: (f32, f32),
    found: Vec<String>,
    /// Where section 1's box stood at the first look at the table: the table never
    /// moves when the banner grows or a refusal comes.
    table_at: Option<(egui::Rect, String)>,
}

impl Walk {
    fn new(size: (f32, f32), app: SabotApp) -> Walk {
        Walk { h: harness_app(size, app), size, found: Vec::new(), table_at: None }
    }

    fn at_table(size: (f32, f32), game: Game) -> Walk {
        let table = Table::start(TableSettings::new(game)).expect("table");
        let header = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
        Walk::new(size, SabotApp::with_table(Lang::Es, header, table, Box::new(MemoryLog::default())))
    }

    /// The screen as it is now, named. With `LAYOUT_SHOTS=<folder>` each look is
    /// also saved there as an image, to be looked at.
    fn look(&mut self, what: &str) {
        settle(&mut self.h);
        let (w, hh) = self.size;
        if let Ok(dir) = std::env::var("LAYOUT_SHOTS") {
            let name: String = what.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
            if let Ok(image) = self.h.render() {
                image.save(std::path::Path::new(&dir).join(format!("{w}x{hh}-{name}.png"))).expect("shot saved");
            }
        }
        self.found.extend(faults(&self.h).into_iter().map(|f| format!("{w}x{hh} {what}: {f}")));
        // The table's top: its highest section box.
        let seat = self.h.state().live().and(
            self.h
                .query_all_by_role(Role::Button)
                .filter(|n| {
                    let label = n.accesskit_node().label().unwrap_or_default();
                    label.strip_prefix("Sección ").is_some_and(|n| n.parse::<u8>().is_ok())
                })
                .map(|n| n.rect())
                .filter(|r| r.area() > 0.0)
                .min_by(|a, b| a.top().total_cmp(&b.top())),
        );
        if self.h.state().live().is_some() {
            self.found.extend(cards_alike(&self.h).map(|f| format!("{w}x{hh} {what}: {f}")));
            self.found.extend(banner_readable(&self.h).into_iter().map(|f| format!("{w}x{hh} {what}: {f}")));
        }
        let paid = self.h.state().live().is_some_and(|l| l.shift.shown().settlement().is_some());
        if paid {
            self.found.extend(one_form_of_payout(&self.h).map(|f| format!("{w}x{hh} {what}: {f}")));
        }
        if paid && !self.h.state().live().is_some_and(|l| l.log_view || l.help || l.errors) {
            self.found.extend(payouts_in_view(&self.h).map(|f| format!("{w}x{hh} {what}: {f}")));
        }
        match (seat, &self.table_at) {
            (Some(r), None) => self.table_at = Some((r, what.to_owned())),
            (Some(r), Some((first, at))) if (r.top() - first.top()).abs() > 1.0 => {
                self.found.push(format!("{w}x{hh} {what}: the table moved from {first:?} ({at}) to {r:?}"));
            }
            _ => {}
        }
    }

    /// A line typed and Enter; it must be taken.
    fn line(&mut self, text: &str) {
        self.h.get_by_label("Entrada").type_text(text);
        settle(&mut self.h);
        self.h.key_press(egui::Key::Enter);
        settle(&mut self.h);
        if let Some(live) = self.h.state().live() {
            assert!(live.entry.problem.is_none(), "`{text}` refused: {:?}", live.entry.problem);
        }
    }

    /// The start form's fields typed into, each focused first.
    fn fill(&mut self, fields: &[(&str, &str)]) {
        for (field, text) in fields {
            self.h.get_by_label(field).focus();
            settle(&mut self.h);
            self.h.get_by_label(field).type_text(text);
            settle(&mut self.h);
        }
    }

    fn typed(&mut self, text: &str) {
        self.h.get_by_label("Entrada").type_text(text);
        settle(&mut self.h);
    }

    /// Ctrl+Z: the croupier's last entry to take back.
    fn take_back(&mut self) {
        let ctrl = egui::Modifiers { ctrl: true, command: true, ..Default::default() };
        self.h.key_combination_modifiers(ctrl, &[egui::Key::Z]);
        settle(&mut self.h);
    }

    fn key(&mut self, key: egui::Key) {
        self.h.key_press(key);
        settle(&mut self.h);
    }
}

fn every_size(walk: impl Fn((f32, f32)) -> Walk) {
    let mut found = Vec::new();
    for size in SIZES {
        found.extend(walk(size).found);
    }
    assert!(found.is_empty(), "{} faults:\n{}", found.len(), found.join("\n"));
}

/// The start form of each game, opened as the last shift left it (the game
/// remembered), and as chosen with F1–F3.
#[test]
fn the_start_form_of_each_game_holds_at_every_size() {
    every_size(|size| {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut w = Walk::new(size, SabotApp::in_dir(Lang::Es, dir.path(), sabot::app::memory_logs()));
        w.look("start, Banque");
        for (key, game) in
            [(egui::Key::F2, "Chemin de fer"), (egui::Key::F3, "Punto y Banca"), (egui::Key::F1, "Banque")]
        {
            w.key(key);
            w.look(&format!("start, {game} chosen"));
        }
        for game in [Game::ChemindeFer, Game::PuntoBanca] {
            let mut app = SabotApp::in_dir(Lang::Es, dir.path(), sabot::app::memory_logs());
            let mut p = sabot::app::prefs::Prefs::of_form(&sabot::app::start::StartForm::in_dir(dir.path()));
            p.game = Some(game);
            app.restore(p, false);
            let mut again = Walk::new(size, app);
            again.h.get_by_label("Mesa").type_text("Mesa 7");
            again.look(&format!("start, {game:?} remembered, «Mesa 7» typed"));
            let shown =
                painted_texts(&again.h).iter().any(|(g, r, clip)| g.text() == "Mesa 7" && clip.contains_rect(*r));
            if !shown {
                again.found.push(format!("{size:?} {game:?} remembered: «Mesa 7» not shown whole"));
            }
            w.found.extend(again.found);
        }
        w
    });
}

/// The croupier's page's Banque shift (tools/walkthrough.sh): the banner asking the table,
/// the payouts, the ruling, a take-back, the log, the close's question and sheet.
#[test]
fn the_banque_walkthrough_holds_at_every_size() {
    every_size(|size| {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut w = Walk::new(size, SabotApp::in_dir(Lang::Es, dir.path(), sabot::app::memory_logs()));
        w.fill(&[("Mesa", "Mesa 3"), ("Croupier", "Ana"), ("Banquero (sección)", "5"), ("Banca anunciada", "1000")]);
        w.h.get_by_label("Unidad de apuesta").focus();
        w.h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        w.h.get_by_label("Unidad de apuesta").type_text("10");
        w.look("start, Banque filled");
        w.key(egui::Key::Enter);
        w.look("table, no shoe");
        w.line("sabot baraja corte 14 =");
        w.line("1 100 7 50 3 c 40 8 h 60 .");
        w.line("+");
        w.line("6h");
        w.line("2 9c Jd");
        w.typed("/ + ");
        w.look("the table asked");
        w.key(egui::Key::Enter);
        for l in ["5d", "2h Qs", "Kd 4c"] {
            w.line(l);
        }
        w.look("coup 1 paid");
        for l in
            ["=", "2 50 9 80 4 c 20 .", "- - -", "7h Kc 6d Ks 5c Qd", "=", "1 60 2p 40 10 h 80 .", "- + 8c -", "4s Td"]
        {
            w.line(l);
        }
        w.look("a ruling");
        w.key(egui::Key::Enter);
        for l in ["5h", "-", "2c Jh", "Kh 7d"] {
            w.line(l);
        }
        w.look("coup 3 paid, after the ruling");
        for l in ["=", "3 100 8 100 .", "9h 3s 2d Kc 5h 4s", "=1200", "6 200 11 150 2 c 100 .", "Ah 4d 3c 2s 2h 6c"] {
            w.line(l);
        }
        w.take_back();
        w.look("a take-back asked");
        w.key(egui::Key::Enter);
        w.line("5c");
        w.look("coup 5 paid");
        w.key(egui::Key::F2);
        w.look("the log");
        w.key(egui::Key::F2);
        w.typed("1 100 2 50 3 c 40 4 60 6 20 7 30 8 h 60 9 80 10 100 11 20 12 40 1p 35 ");
        w.look("two rows of chips");
        w.key(egui::Key::Escape);
        w.key(egui::Key::F10);
        w.look("the close asked");
        w.key(egui::Key::Enter);
        w.look("the close sheet");
        w
    });
}

/// The croupier's page's Chemin de fer shift (tools/walkthrough_cf.sh): banca seguida, a
/// chip to take off, a tie, a take-back, the bank broken and offered, a new bank.
#[test]
fn the_chemin_de_fer_walkthrough_holds_at_every_size() {
    every_size(|size| {
        let mut w = Walk::at_table(size, Game::ChemindeFer);
        for l in ["sabot baraja", "nocorta", "corte 12", "3 banca 500 =", "5 200 6 100 .", "2h 9c 3d 8s", "-"] {
            w.line(l);
        }
        w.look("banca seguida");
        w.line("=");
        w.typed("4 bm 6 100 7 50 ");
        w.look("a chip to take off");
        w.key(egui::Key::Delete);
        w.line(".");
        w.look("banco con la mesa");
        w.line("Ah 2c 6d 5s");
        w.look("a tie");
        for l in ["=", "5 b .", "9h 2c Kd 4s"] {
            w.line(l);
        }
        w.take_back();
        w.look("a take-back asked");
        w.key(egui::Key::Enter);
        w.line("3s");
        w.look("the bank broken");
        w.line("pasa");
        w.line("5 banca 400 =");
        w.look("a new bank");
        w.key(egui::Key::F10);
        w.key(egui::Key::Enter);
        w.look("the close sheet");
        w
    });
}

/// The croupier's page's Punto y Banca shift (tools/walkthrough_pb.sh): punto wins, chips,
/// banca paid less the commission, a take-back, a tie; then two rows of chips.
#[test]
fn the_punto_y_banca_walkthrough_holds_at_every_size() {
    every_size(|size| {
        let mut w = Walk::at_table(size, Game::PuntoBanca);
        for l in ["sabot baraja corte 10", "quema 3h =", "4 p 20 5 b 30 6 b 100 .", "2h Ac Kd 7h", "5s"] {
            w.line(l);
        }
        w.look("punto wins");
        w.line("=");
        w.typed("5 b 100 3 p 50 8 p 30 ");
        w.look("chips");
        w.key(egui::Key::Delete);
        w.line(".");
        w.line("2h 3c 9d Kh");
        w.look("banca paid less the commission");
        w.line("=");
        w.line("4 p 40 6 b 60 .");
        w.line("9h Kc 8d Qs");
        w.take_back();
        w.take_back();
        w.look("two entries to take back");
        w.key(egui::Key::Enter);
        w.line("9d Qs");
        w.look("a tie");
        w.line("=");
        w.typed("1 p 100 2 b 50 3 p 40 4 b 60 5 p 20 6 b 30 7 p 60 8 b 80 9 p 100 10 b 20 11 p 45 12 b 70 1p b 35 ");
        w.look("two rows of chips");
        w
    });
}

/// The review of a shift log, the floor without its pit, the school (F6).
#[test]
fn the_review_the_floor_and_the_school_hold_at_every_size() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("shift.sabot");
    common::review_shift(&log, true);
    let scripts = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let (cf, pb) = (dir.path().join("cf.sabot"), dir.path().join("pb.sabot"));
    common::log_script(&scripts.join("cf_banco_with_table.ron"), &cf, true);
    common::log_script(&scripts.join("pb_whole_shoe.ron"), &pb, true);
    every_size(|size| {
        let mut r = sabot::app::review::Review::without_dialog();
        r.open(vec![log.clone()], None);
        r.wait();
        let mut app = SabotApp::new(Lang::Es, sabot::app::memory_logs());
        app.screen = sabot::app::Screen::Review(Box::new(r));
        let mut w = Walk::new(size, app);
        w.look("the review");
        // Three shifts of the three games, all together: totals, copies, the charts
        // with their legends.
        let mut r = sabot::app::review::Review::without_dialog();
        r.open(vec![log.clone(), cf.clone(), pb.clone()], None);
        r.wait();
        let mut app = SabotApp::new(Lang::Es, sabot::app::memory_logs());
        app.screen = sabot::app::Screen::Review(Box::new(r));
        let mut all = Walk::new(size, app);
        all.h.get_by_label("Todos juntos").click();
        all.look("the review, all together");
        w.found.extend(all.found);
        let mut app = SabotApp::in_dir(Lang::Es, dir.path(), sabot::app::memory_logs());
        app.training_seed = Some(4);
        let mut school = Walk::new(size, app);
        school.key(egui::Key::F6);
        school.look("the school");
        w.found.extend(school.found);
        let mut floor = Walk::new(size, SabotApp::in_dir(Lang::Es, dir.path(), sabot::app::memory_logs()));
        floor.fill(&[("Pit (PostgreSQL)", "postgres://sabot@127.0.0.1:9/pit")]);
        floor.key(egui::Key::F8);
        floor.look("the floor, its pit unreachable");
        w.found.extend(floor.found);
        w
    });
}
