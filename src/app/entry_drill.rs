//! Level 5 on the training screen: a staged coup told step by step, each step typed
//! on the real entry line (the grammar of a live shift) and graded by the engine
//! (`training::entry`); the table shown as it stands, the steps done in words.

use super::assets::Assets;
use super::entry;
use super::text::{t, ta};
use super::widgets::{self, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button};
use super::{felt, table_bq, table_cf, table_pb};
use crate::engine::Game;
pub use crate::entry::drill::{EntryRun, verdict};
use crate::i18n::Lang;
use crate::training::entry::EntryDrill;
use crate::training::words;
use egui::{Color32, RichText, Ui};

/// The entry drill's buttons: confirm (or start again), and leave. The training
/// screen takes them as its own Enter and Escape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillKey {
    Enter,
    Escape,
}

/// The screen of a level 5 session.
pub fn entry_drill_ui(
    ui: &mut Ui,
    lang: Lang,
    run: &EntryRun,
    typed: &str,
    problem: Option<&str>,
    assets: &Assets,
    keys: &mut Vec<DrillKey>,
) {
    egui::Panel::top("entry_drill_banner")
        .frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 6)))
        .show(ui, |ui| entry_banner_ui(ui, lang, run, problem));
    let side = (ui.available_width() * 0.3).clamp(300.0, 460.0);
    egui::Panel::right("entry_drill_side")
        .resizable(false)
        .exact_size(side)
        .frame(egui::Frame::new().fill(Color32::from_gray(20)).inner_margin(egui::Margin::same(8)))
        .show(ui, |ui| entry_side_ui(ui, lang, run));
    egui::Panel::bottom("entry_drill_line")
        .frame(egui::Frame::new().fill(Color32::from_gray(24)).inner_margin(egui::Margin::symmetric(10, 8)))
        .show(ui, |ui| entry_line_ui(ui, lang, run, typed, keys));
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(Color32::from_gray(14)).inner_margin(egui::Margin::same(6)))
        .show(ui, |ui| entry_table_ui(ui, lang, run, assets));
}

/// The banner: the step to enter (or the end), the verdict on the last entry, and a
/// problem.
fn entry_banner_ui(ui: &mut Ui, lang: Lang, run: &EntryRun, problem: Option<&str>) {
    let banner_fill = match &run.last {
        Some(g) if g.right => Color32::from_rgb(0x1D, 0x6B, 0x3A),
        Some(_) => Color32::from_rgb(0x8E, 0x1B, 0x1B),
        None => Color32::from_rgb(0x2E, 0x3F, 0x6B),
    };
    let head = match (run.drill().and_then(EntryDrill::expected), &run.last) {
        (Some((op, events)), _) => ta(lang, "train-entry-ask", &[("step", words::step_text(lang, op, events))]),
        (None, _) => t(lang, "train-over"),
    };
    super::banner::plain_banner_ui(
        ui,
        &head,
        &t(lang, "train-entry-keys"),
        Color32::from_rgb(0x2E, 0x3F, 0x6B),
        SIZE_BIG,
    );
    if let Some(g) = &run.last {
        super::banner::plain_banner_ui(ui, &verdict(lang, g), "", banner_fill, SIZE_BODY);
    }
    if let Some(p) = problem {
        super::banner::plain_banner_ui(ui, p, "", widgets::ALERT, SIZE_BODY);
    }
}

/// The side: the score, and the coup's steps entered so far.
fn entry_side_ui(ui: &mut Ui, lang: Lang, run: &EntryRun) {
    widgets::section_frame(ui, &t(lang, "training-score-title"), |ui| {
        ui.label(RichText::new(format!("{}/{}", run.right, run.asked)).size(SIZE_BANNER).color(GOLD).strong());
    });
    ui.add_space(6.0);
    let total = run.drills.len();
    let at = (run.current + 1).min(total);
    widgets::section_frame(
        ui,
        &ta(lang, "training-drill", &[("n", at.to_string()), ("total", total.to_string())]),
        |ui| {
            egui::ScrollArea::vertical().id_salt(("entry_story", at)).stick_to_bottom(true).show(ui, |ui| {
                if let Some(d) = run.drill() {
                    for (op, events) in &d.steps[..d.at] {
                        let line = format!("· {}", entry::describe(lang, op, events));
                        ui.add(egui::Label::new(RichText::new(line).size(SIZE_SMALL).color(INK_DIM)).wrap());
                    }
                }
            });
        },
    );
}

/// The entry line as typed, and the buttons to confirm (or start again) and to leave.
fn entry_line_ui(ui: &mut Ui, lang: Lang, run: &EntryRun, typed: &str, keys: &mut Vec<DrillKey>) {
    ui.label(
        RichText::new(ta(lang, "train-entry-line", &[("typed", format!("{typed}_"))])).size(SIZE_BANNER).color(GOLD),
    );
    ui.horizontal(|ui| {
        let label = if run.is_over() { "training-again" } else { "btn-confirm" };
        if key_button(ui, &t(lang, label), &t(lang, "cap-enter"), Tone::Main, true).clicked() {
            keys.push(DrillKey::Enter);
        }
        if key_button(ui, &t(lang, "training-leave"), "Esc", Tone::Plain, true).clicked() {
            keys.push(DrillKey::Escape);
        }
    });
}

/// The coup's table as it stands before the step to enter (read only); at the end,
/// the score.
fn entry_table_ui(ui: &mut Ui, lang: Lang, run: &EntryRun, assets: &Assets) {
    let Some(d) = run.drill() else {
        ui.label(
            RichText::new(ta(
                lang,
                "train-entry-score",
                &[("right", run.right.to_string()), ("asked", run.asked.to_string())],
            ))
            .size(SIZE_BANNER)
            .color(INK),
        );
        return;
    };
    let view = felt::View { lang, table: &d.table, assets, turn: None, next: None, quiz: false, seats_from: None };
    let mut ignored = None;
    match d.table.settings().game {
        Game::Banque => table_bq::table_bq_ui(ui, &view, &mut ignored),
        Game::ChemindeFer => table_cf::table_cf_ui(ui, &view, &mut ignored),
        Game::PuntoBanca => table_pb::table_pb_ui(ui, &view, &mut ignored),
    }
}
