//! The shift at a glance: who and when, the integrity, the coups, the bank
//! reconciled (an alarm when it does not), the bankers, errors and infractions by
//! clause with their rulings, amendments, recoveries; the charts, each exportable
//! as a PNG. Several shifts together: totals per table, croupier, banker and day.

use super::charts::{self, Chart};
use super::{Review, export_path, integrity_badge, write_export};
use crate::app::text::{t, ta};
use crate::app::widgets::{ALERT, GOLD, INK, INK_DIM, SIZE_BODY, SIZE_SMALL, WIN};
use crate::i18n::Lang;
use crate::journal::protection;
use crate::journal::shifts;
use crate::journal::summary::{self, GroupBy};
use crate::journal::summary_text;
use egui::{RichText, Ui};

pub fn glance_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    let shown = r.shown();
    let mut export: Option<(usize, Chart)> = None;
    let mut replay: Option<(usize, u32)> = None;
    // The figures on the left, the charts on the right: all of it in one window.
    let height = ui.available_height();
    ui.columns(2, |cols| {
        egui::ScrollArea::vertical().id_salt("review-glance-text").auto_shrink([false, false]).show(
            &mut cols[0],
            |ui| {
                // The scroll bar floats over the column's right edge: the figures keep
                // clear of it (at 1280×800 it hid the amounts' last digit).
                let clear = ui.spacing().scroll.allocated_width() + ui.spacing().scroll.bar_width + 4.0;
                let right = i8::try_from(clear.round() as i32).unwrap_or(i8::MAX);
                egui::Frame::new().inner_margin(egui::Margin { right, ..Default::default() }).show(ui, |ui| {
                    // Left-aligned, not justified: wrapped lines keep their spacing.
                    ui.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
                        if shown.len() > 1 {
                            together_ui(ui, lang, r);
                        } else if let Some(&i) = shown.first() {
                            protection_alarm_ui(ui, lang, r, i);
                            one_ui(ui, lang, r, i);
                            replay = protection_ui(ui, lang, r, i).map(|coup| (i, coup));
                        }
                    });
                });
            },
        );
        // Together, the charts plot what the totals count: one copy of each shift,
        // never a training session, never an uncounted copy.
        let plotted = if shown.len() > 1 { counted_of(r) } else { shown.clone() };
        let loaded: Vec<&super::Loaded> = plotted.iter().filter_map(|&i| r.shifts.get(i)).collect();
        // Each chart at least a readable height; the column scrolls when the legends
        // of many shifts take more than the window has.
        let chart_h = ((height - 3.0 * 40.0) / 3.0).clamp(charts::MIN_PLOT_HEIGHT, 260.0);
        egui::ScrollArea::vertical().id_salt("review_glance_charts").auto_shrink([false, false]).show(
            &mut cols[1],
            |ui| {
                for chart in Chart::ALL {
                    // The bank's chart only where a bank plays (Punto y Banca has none).
                    if chart == Chart::Bank && !loaded.iter().any(|l| l.summary.game.has_bank()) {
                        continue;
                    }
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(t(lang, chart.title_id())).size(SIZE_SMALL).color(GOLD).strong());
                        if let [one] = shown.as_slice()
                            && ui.small_button(t(lang, "review-export-png")).clicked()
                        {
                            export = Some((*one, chart));
                        }
                    });
                    charts::chart_ui(ui, chart, &loaded, chart_h);
                }
            },
        );
    });
    if let Some((i, coup)) = replay {
        r.open_replay(lang, i, coup, Some(ui.ctx().clone()));
    }
    // The chart drawn and written on the worker thread.
    if let Some((i, chart)) = export
        && let Some(s) = r.shifts.get(i).cloned()
    {
        let path = export_path(&s.summary.path, &format!("{}.png", chart.slug()));
        let what = ta(lang, "review-export-writing-file", &[("file", path.display().to_string())]);
        r.spawn(what, Some(ui.ctx().clone()), move || {
            let notice = write_export(lang, &path, charts::png(chart, &s));
            Box::new(move |r: &mut Review| r.notice = Some(notice))
        });
    }
}

fn one_ui(ui: &mut Ui, lang: Lang, r: &Review, i: usize) {
    let Some(s) = r.shifts.get(i) else { return };
    let sm = &s.summary;
    // The file's name, then its folder, each on one line (a path has no spaces to
    // wrap at: wrapped in a justified column it was spread letter by letter); the
    // whole path on hover.
    let whole = sm.path.display().to_string();
    let name = sm.path.file_name().map_or_else(|| whole.clone(), |n| n.to_string_lossy().into_owned());
    ui.add(egui::Label::new(RichText::new(name).size(SIZE_SMALL).color(INK)).truncate()).on_hover_text(&whole);
    if let Some(dir) = sm.path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let dir = RichText::new(dir.display().to_string()).size(SIZE_SMALL).color(INK_DIM);
        ui.add(egui::Label::new(dir).truncate()).on_hover_text(&whole);
    }
    let (words, colour) = integrity_badge(lang, sm);
    ui.label(RichText::new(words).size(SIZE_BODY).color(colour).strong());
    // A shift split across files: its other parts named, and what they make together.
    if let Some(split) = r.split_of(i) {
        let files: Vec<String> = split
            .parts
            .iter()
            .skip(1)
            .map(|p| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned()))
            .collect();
        let args = [("count", split.parts.len().to_string()), ("files", files.join(", "))];
        ui.add(
            egui::Label::new(RichText::new(ta(lang, "review-split-glance", &args)).size(SIZE_BODY).color(GOLD)).wrap(),
        );
        for (line, colour) in super::list::split_lines(lang, split, sm) {
            ui.add(egui::Label::new(RichText::new(line).size(SIZE_SMALL + 1.0).color(colour)).wrap());
        }
    }
    let balanced = sm.reconciliation.balanced() || !sm.game.has_bank();
    if sm.integrity.is_damaged() {
        // Figures up to the damage, never a reconciliation said good, never in totals.
        egui::Frame::new().fill(ALERT).inner_margin(egui::Margin::same(8)).show(ui, |ui| {
            ui.label(RichText::new(t(lang, "review-damaged-alarm")).size(SIZE_BODY).color(INK).strong());
        });
    } else if !balanced {
        egui::Frame::new().fill(ALERT).inner_margin(egui::Margin::same(8)).show(ui, |ui| {
            ui.label(RichText::new(t(lang, "review-alarm")).size(SIZE_BODY).color(INK).strong());
        });
    }
    let rec = summary_text::reconciliation_lines(lang, sm);
    for line in summary_text::summary_lines(lang, sm) {
        // The integrity is said above, in its colour; the reconciliation as a grid.
        if line == summary_text::integrity_text(lang, &sm.integrity) || (rec.contains(&line) && line != rec[0]) {
            continue;
        }
        if line == rec[0] {
            ui.label(RichText::new(line).size(SIZE_BODY).color(GOLD));
            reconciliation_ui(ui, lang, sm);
            continue;
        }
        ui.label(RichText::new(line.trim()).size(SIZE_SMALL + 1.0));
    }
}

/// A flagged banker said on top, in red, before the figures (the section is below).
fn protection_alarm_ui(ui: &mut Ui, lang: Lang, r: &Review, i: usize) {
    let Some(p) = r.shifts.get(i).and_then(|s| s.protection.as_ref()) else { return };
    let flagged: Vec<String> = p
        .flagged()
        .map(|v| {
            let seat = v.named().map(|g| crate::i18n::player_name(lang, g.player)).unwrap_or_else(|| "—".into());
            ta(lang, "review-protection-alarm", &[("who", protection::who_text(lang, v.decider)), ("seat", seat)])
        })
        .collect();
    if flagged.is_empty() {
        return;
    }
    egui::Frame::new().fill(ALERT).inner_margin(egui::Margin::same(8)).show(ui, |ui| {
        for line in flagged {
            ui.label(RichText::new(line).size(SIZE_SMALL + 1.0).color(INK).strong());
        }
    });
}

/// «Protección del juego»: each chooser's verdict (flagged in red), who gained, and the
/// flagged coups, each a button that replays it. Returns the coup asked for.
fn protection_ui(ui: &mut Ui, lang: Lang, r: &Review, i: usize) -> Option<u32> {
    let p = r.shifts.get(i)?.protection.as_ref()?;
    let mut open = None;
    ui.add_space(6.0);
    ui.label(RichText::new(t(lang, "review-protection-title")).size(SIZE_BODY).color(GOLD).strong());
    if p.verdicts.is_empty() {
        ui.label(RichText::new(t(lang, "protection-none")).size(SIZE_SMALL + 1.0).color(INK_DIM));
    }
    for v in &p.verdicts {
        let colour = if v.flagged { ALERT } else { INK };
        for (k, line) in protection::verdict_lines(lang, v).into_iter().enumerate() {
            let text = RichText::new(line.trim()).size(SIZE_SMALL + 1.0).color(colour);
            ui.label(if k == 0 && v.flagged { text.strong() } else { text });
        }
    }
    if p.unweighed > 0 {
        let words = ta(lang, "protection-unweighed", &[("count", p.unweighed.to_string())]);
        ui.label(RichText::new(words).size(SIZE_SMALL).color(INK_DIM));
    }
    let flagged = p.flagged_coups();
    if !flagged.is_empty() {
        ui.label(RichText::new(t(lang, "review-protection-coups")).size(SIZE_SMALL + 1.0).color(GOLD));
        const SHOWN: usize = 40;
        let more = flagged.len().saturating_sub(SHOWN);
        for d in flagged.into_iter().take(SHOWN) {
            let chosen = t(lang, if d.chosen == 0 { "review-protection-drew" } else { "review-protection-stood" });
            let given = summary_text::expectation(lang, d.given_away());
            let words = ta(
                lang,
                "review-protection-coup",
                &[
                    ("coup", d.coup.to_string()),
                    ("situation", protection::situation_text(lang, &d.situation)),
                    ("chosen", chosen),
                    ("given", given),
                ],
            );
            if ui.add(egui::Button::new(RichText::new(words).size(SIZE_SMALL)).small().wrap()).clicked() {
                open = Some(d.coup);
            }
        }
        if more > 0 {
            let words = ta(lang, "review-protection-more", &[("count", more.to_string())]);
            ui.label(RichText::new(words).size(SIZE_SMALL).color(INK_DIM));
        }
    }
    open
}

/// bank_start + brought_in − taken_out + bank_net − cagnotte = bank_end, a term a row.
fn reconciliation_ui(ui: &mut Ui, lang: Lang, sm: &summary::Summary) {
    let r = &sm.reconciliation;
    let terms = [
        ("", "report-bank-start", r.bank_start),
        ("+", "report-brought-in", r.brought_in),
        ("−", "report-taken-out", r.taken_out),
        ("+", "report-bank-net", r.bank_net),
        ("−", "report-cagnotte", r.cagnotte),
        ("=", "report-bank-end", r.bank_end),
    ];
    // The amounts in a column of their own, as wide as the widest of them and
    // aligned on the right, a clear gap after the terms' words: never run into a
    // word («puestas-11.473,84») nor out to the charts beside.
    let amounts: Vec<String> = terms.iter().map(|(_, _, a)| summary_text::cents(lang, *a)).collect();
    let font = egui::FontId::monospace(SIZE_BODY);
    let sized = |s: &String| ui.painter().layout_no_wrap(s.clone(), font.clone(), INK).size();
    let width = amounts.iter().map(|s| sized(s).x).fold(0.0, f32::max).ceil() + 16.0;
    let height = amounts.first().map_or(SIZE_BODY, |s| sized(s).y);
    // The words wrap in what the amounts and the signs leave of the column.
    let (gap, sign) = (12.0, 16.0);
    let words = (ui.available_width() - width - sign - 2.0 * gap).max(80.0);
    egui::Grid::new("review-reconciliation")
        .num_columns(3)
        .spacing([gap, 2.0])
        .min_col_width(sign)
        .max_col_width(words.max(width))
        .show(ui, |ui| {
            for ((sign, id, _), amount) in terms.into_iter().zip(amounts) {
                ui.label(RichText::new(sign).size(SIZE_BODY).color(GOLD));
                ui.add(egui::Label::new(RichText::new(t(lang, id)).size(SIZE_BODY)).wrap());
                ui.allocate_ui_with_layout(
                    egui::vec2(width, height),
                    egui::Layout::right_to_left(egui::Align::Center),
                    |ui| ui.label(RichText::new(amount).font(font.clone())),
                );
                ui.end_row();
            }
        });
    if sm.integrity.is_damaged() {
        ui.label(RichText::new(t(lang, "review-damaged-no-reconciliation")).size(SIZE_BODY).color(ALERT).strong());
    } else if r.balanced() {
        ui.label(RichText::new(format!("✔ {}", t(lang, "report-balanced"))).size(SIZE_BODY).color(WIN).strong());
    } else {
        let sum = r
            .computed_end()
            .map(|m| summary_text::cents(lang, m))
            .unwrap_or_else(|e| crate::i18n::money_error_text(lang, &e));
        let words = ta(lang, "report-unbalanced", &[("sum", sum), ("end", summary_text::cents(lang, r.bank_end))]);
        ui.label(RichText::new(words).size(SIZE_BODY).color(ALERT).strong());
    }
}

/// The shifts open that the totals count (`journal::shifts::together`).
fn counted_of(r: &Review) -> Vec<usize> {
    r.together().counted
}

fn together_ui(ui: &mut Ui, lang: Lang, r: &Review) {
    ui.label(RichText::new(t(lang, "report-together")).size(SIZE_BODY).color(GOLD).strong());
    // A shift split across files is its parts read together (`journal::parts`).
    let all: Vec<&summary::Summary> = (0..r.shifts.len()).filter_map(|i| r.shift_whole(i)).collect();
    // A shift is its header's hash: counted once, never a damaged copy, never copies
    // that fork, never a training session (`journal::shifts`, as `sabot report`).
    let together = r.together();
    let counted: Vec<summary::Summary> =
        together.counted.iter().filter_map(|&i| all.get(i).map(|s| (*s).clone())).collect();
    let unbalanced = counted.iter().filter(|s| s.game.has_bank() && !s.reconciliation.balanced()).count();
    if unbalanced > 0 {
        ui.label(RichText::new(t(lang, "review-alarm")).size(SIZE_BODY).color(ALERT).strong());
    }
    for note in together.alarms() {
        ui.label(RichText::new(summary_text::copy_note_text(lang, note)).size(SIZE_SMALL + 1.0).color(ALERT).strong());
    }
    for (i, s) in all.iter().enumerate() {
        let (words, colour) = integrity_badge(lang, s);
        let mut line = format!("{} · {}: {words}", s.table, s.croupier);
        if let Some(split) = r.split_of(i) {
            let count = split.parts.len().to_string();
            line.push_str(&format!(" ({})", ta(lang, "review-split-files", &[("count", count)])));
        }
        if s.training {
            line.push(' ');
            line.push_str(&t(lang, "report-training"));
        }
        if s.integrity.is_damaged() {
            line.push(' ');
            line.push_str(&t(lang, "review-not-counted"));
        }
        ui.label(RichText::new(line).size(SIZE_SMALL).color(colour));
        if let Some(note @ (shifts::CopyNote::Same { .. } | shifts::CopyNote::Older { .. })) = together.note(i) {
            let words = format!("{}: {}", s.path.display(), summary_text::copy_note_text(lang, note));
            ui.label(RichText::new(words).size(SIZE_SMALL).color(INK_DIM));
        }
    }
    for by in [GroupBy::Table, GroupBy::Croupier, GroupBy::Banker, GroupBy::Day] {
        for line in summary_text::group_lines(lang, by, &summary::groups(&counted, by)) {
            ui.label(RichText::new(line).size(SIZE_SMALL + 1.0));
        }
    }
    // The school's own figures, apart: never money.
    let training: Vec<summary::Summary> =
        together.training.iter().filter_map(|&i| all.get(i).map(|s| (*s).clone())).collect();
    for line in summary_text::training_lines(lang, &training) {
        ui.label(RichText::new(line).size(SIZE_SMALL + 1.0).color(INK_DIM));
    }
    // Game protection, shift by shift (the shifts counted): the flagged bankers and
    // the seats they named.
    let flagged: Vec<String> = together
        .counted
        .iter()
        .filter_map(|&i| r.shifts.get(i))
        .filter_map(|s| Some((s, s.protection.as_ref()?)))
        .flat_map(|(s, p)| {
            p.flagged().map(move |v| {
                let seat = v.named().map(|g| crate::i18n::player_name(lang, g.player)).unwrap_or_else(|| "—".into());
                ta(
                    lang,
                    "review-protection-shift",
                    &[
                        ("table", s.summary.table.clone()),
                        ("who", protection::who_text(lang, v.decider)),
                        ("seat", seat),
                    ],
                )
            })
        })
        .collect();
    if r.shifts.iter().any(|s| s.protection.is_some()) {
        ui.label(RichText::new(t(lang, "review-protection-title")).size(SIZE_BODY).color(GOLD).strong());
        if flagged.is_empty() {
            ui.label(RichText::new(t(lang, "protection-together-none")).size(SIZE_SMALL + 1.0));
        }
        for line in flagged {
            ui.label(RichText::new(line).size(SIZE_SMALL + 1.0).color(ALERT).strong());
        }
    }
}
