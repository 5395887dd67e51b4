//! The coups' table: a row a coup (its shift's first when several are shown), each
//! column as wide as its heading and its widest value, measured once for the rows
//! shown (never «Jugad…», never a heading cut, the values under their headings from
//! the first frame), long headings on two lines, the flags the rest of the width,
//! wrapped in it, a row as tall as they need. The table scrolls sideways when the
//! window is narrower than its columns.

use super::coups::coup_flags;
use super::{Loaded, Review};
use crate::app::text::{t, ta};
use crate::app::widgets::{ALERT, GOLD, INK_DIM, SIZE_SMALL};
use crate::i18n::{self, Lang};
use crate::journal::summary::CoupRow;
use egui::{RichText, Ui};
use std::sync::Arc;

/// The columns' headings of the coups' table (after the shift's, when several).
const COLUMNS: [&str; 9] = [
    "review-col-coup",
    "review-col-time",
    "review-col-banker",
    "review-col-bets",
    "review-col-staked",
    "review-col-net",
    "review-col-take",
    "review-col-bank",
    "review-col-flags",
];

/// A row of the table at least this tall.
const ROW: f32 = 26.0;

/// A column's heading of two words or more on two lines («Banca\ndespués»,
/// «Cagnotte/\ncomisión»): the columns as narrow as their figures.
fn heading(words: &str) -> String {
    match words.find([' ', '/']) {
        Some(at) if words.chars().count() > 8 => {
            let (first, rest) = words.split_at(at);
            match rest.strip_prefix(' ') {
                Some(rest) => format!("{first}\n{rest}"),
                None => format!("{first}/\n{}", rest.strip_prefix('/').unwrap_or(rest)),
            }
        }
        _ => words.to_string(),
    }
}

/// A coup's cells but its flags, in the columns' order (its shift's first): the words
/// shown, and measured for the columns' widths.
fn cells(lang: Lang, s: &Loaded, c: &CoupRow) -> [String; 9] {
    // The house's take: the cagnotte where a bank plays, the commission in Punto y
    // Banca (which has no bank: its bank's column is empty).
    let bank = s.summary.game.has_bank();
    [
        format!("{} · {}", s.summary.table, s.summary.croupier),
        c.number.to_string(),
        c.settled.format("%H:%M:%S").to_string(),
        c.banker.map(|p| i18n::player_name(lang, p)).unwrap_or_default(),
        c.bets.to_string(),
        i18n::money(lang, c.staked),
        i18n::money(lang, c.bank_net),
        i18n::money(lang, if bank { c.cagnotte } else { c.commission }),
        if bank { i18n::money(lang, c.bank_after) } else { "—".into() },
    ]
}

/// The table as laid out for the rows shown: each column's width but the flags' (the
/// shift's first), each row's height.
struct Shape {
    widths: [f32; 9],
    heights: Vec<f32>,
}

/// What a shape was made for: the language, the flags column's width, the rows shown.
type ShapeFor = (Lang, i32, u64);

/// Where the flags column's width is kept from a frame to the next.
fn flags_width_id() -> egui::Id {
    egui::Id::unique("review_coups_flags_width")
}

/// The table's shape for the rows shown: made again only when they change, or the
/// flags column's width (its rows' heights depend on it).
fn shape(ui: &Ui, lang: Lang, r: &Review, shown: &[(usize, usize)]) -> Arc<Shape> {
    use std::hash::{Hash, Hasher};
    let flags_w = ui.ctx().data(|d| d.get_temp::<f32>(flags_width_id())).unwrap_or(240.0).max(60.0);
    let mut h = std::collections::hash_map::DefaultHasher::new();
    shown.hash(&mut h);
    let key: ShapeFor = (lang, flags_w.round() as i32, h.finish());
    let id = egui::Id::unique("review_coups_shape");
    if let Some((k, s)) = ui.ctx().data(|d| d.get_temp::<(ShapeFor, Arc<Shape>)>(id))
        && k == key
    {
        return s;
    }
    let font = font();
    let width = |text: String| ui.painter().layout_no_wrap(text, font.clone(), INK_DIM).size().x;
    // Each column's longest value (by its characters: figures are alike), measured.
    let mut longest: [String; 9] = Default::default();
    let mut heights = Vec::with_capacity(shown.len());
    for &(i, k) in shown {
        let Some((s, c)) = r.shifts.get(i).and_then(|s| Some((s, s.coups.get(k)?))) else {
            heights.push(ROW);
            continue;
        };
        for (l, cell) in longest.iter_mut().zip(cells(lang, s, c)) {
            if cell.chars().count() > l.chars().count() {
                *l = cell;
            }
        }
        let flags = coup_flags(lang, s, c);
        let height = if flags.is_empty() {
            ROW
        } else {
            ui.painter().layout(flags.join(" · "), font.clone(), ALERT, flags_w).size().y + 8.0
        };
        heights.push(height.max(ROW));
    }
    let heads = std::iter::once("review-col-shift").chain(COLUMNS.iter().copied().take(8));
    let button = 2.0 * ui.spacing().button_padding.x;
    let mut widths = [0.0f32; 9];
    for (k, (w, id)) in widths.iter_mut().zip(heads).enumerate() {
        let head = heading(&t(lang, id)).lines().map(|l| width(l.to_string())).fold(0.0, f32::max);
        let value = width(longest[k].clone()) + if k == 1 { button } else { 0.0 };
        *w = head.max(value).ceil() + 4.0;
    }
    let s = Arc::new(Shape { widths, heights });
    ui.ctx().data_mut(|d| d.insert_temp(id, (key, s.clone())));
    s
}

/// The table's type: the list's size, so that ten columns and the flags fit beside
/// the list of shifts at 1280 points.
fn font() -> egui::FontId {
    egui::FontId::proportional(SIZE_SMALL)
}

/// The table of the coups shown (with their shift's when several are), a row each;
/// the coup whose button was clicked, to open.
pub(super) fn coups_table_ui(ui: &mut Ui, lang: Lang, r: &Review, shown: &[(usize, usize)]) -> Option<(usize, u32)> {
    use egui_extras::{Column, TableBuilder};
    let mut open: Option<(usize, u32)> = None;
    let several = r.shown().len() > 1;
    let shape = shape(ui, lang, r, shown);
    // One table state per set of columns: the widths kept for one shift's columns
    // are never used for all together's.
    egui::ScrollArea::horizontal().id_salt(("review_coups_wide", several)).show(ui, |ui| {
        ui.style_mut().override_font_id = Some(font());
        let mut table = TableBuilder::new(ui)
            .id_salt(("review_coups", several))
            .striped(true)
            .resizable(false)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        let skip = usize::from(!several);
        for w in shape.widths.iter().skip(skip) {
            table = table.column(Column::exact(*w).clip(false));
        }
        table
            .column(Column::remainder().at_least(120.0))
            .header(40.0, |mut h| {
                let heads = std::iter::once("review-col-shift").chain(COLUMNS.iter().copied()).skip(skip);
                for id in heads {
                    h.col(|ui| {
                        // On two lines, named on one for whoever reads by names.
                        let words = t(lang, id);
                        let l = ui.label(RichText::new(heading(&words)).color(GOLD).strong());
                        l.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
                    });
                }
            })
            .body(|body| {
                body.heterogeneous_rows(shape.heights.iter().copied(), |mut row| {
                    let (i, k) = shown[row.index()];
                    let Some(s) = r.shifts.get(i) else { return };
                    let Some(c) = s.coups.get(k) else { return };
                    if coup_row_ui(&mut row, lang, s, c, several) {
                        open = Some((i, c.number));
                    }
                });
            });
    });
    open
}

/// One coup's row of the table (its shift's first, when several are shown); whether
/// its button was clicked.
fn coup_row_ui(row: &mut egui_extras::TableRow<'_, '_>, lang: Lang, s: &Loaded, c: &CoupRow, several: bool) -> bool {
    let mut clicked = false;
    let [shift, number, rest @ ..] = cells(lang, s, c);
    if several {
        row.col(|ui| {
            ui.label(shift);
        });
    }
    row.col(|ui| {
        // The coup's number under the column's «Jugada», named in full for whoever
        // reads the screen by its names («Jugada 2»).
        let name = ta(lang, "review-open-coup", &[("coup", c.number.to_string())]);
        let b = ui.button(number);
        b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        clicked = b.on_hover_text(&name).clicked();
    });
    for cell in rest {
        row.col(|ui| {
            ui.label(cell);
        });
    }
    row.col(|ui| {
        // The column's width less the table's scroll bar over its right edge, kept
        // for the next frame's row heights.
        let width = (ui.available_width() - ui.spacing().scroll.bar_width - 4.0).max(40.0);
        ui.set_max_width(width);
        ui.ctx().data_mut(|d| d.insert_temp(flags_width_id(), width));
        let flags = coup_flags(lang, s, c);
        let colour = if flags.is_empty() { INK_DIM } else { ALERT };
        ui.add(egui::Label::new(RichText::new(flags.join(" · ")).color(colour)).wrap());
    });
    clicked
}
