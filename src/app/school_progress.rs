//! The trainee's progress on the school's screen: accuracy and pace by kind, the
//! weakest clauses, and a chart of each session's share right, a line (and a dot a
//! session) for each level, on an axis from 0 to 100 %.

use super::{pct, secs};
use crate::app::text::{t, ta};
use crate::app::widgets::{self, GOLD, INK, INK_DIM, SIZE_BODY, SIZE_SMALL};
use crate::i18n::Lang;
use crate::school::SessionRow;
use crate::training::history;
use crate::training::{Answered, Level, words};
use egui::{Color32, RichText, Ui};

/// The progress chart's id (its bounds are in egui's memory under it).
pub const PROGRESS_PLOT: &str = "school-progress";

/// Room on the progress chart's axis beyond 0 and 100 %, for the marks at its ends.
pub const PROGRESS_ROOM: f64 = 4.0;

/// The colours of the progress chart's levels (1 to 6, then free practice).
const PROGRESS_COLOURS: [Color32; 7] = [
    Color32::from_rgb(230, 120, 100),
    Color32::from_rgb(110, 170, 230),
    Color32::from_rgb(150, 200, 110),
    Color32::from_rgb(220, 180, 80),
    Color32::from_rgb(190, 140, 220),
    Color32::from_rgb(120, 200, 190),
    Color32::from_rgb(200, 200, 200),
];

/// The trainee's progress: accuracy by kind and the weakest clauses, and each
/// session's share right over time, a line for each level.
pub(super) fn progress_ui(ui: &mut Ui, lang: Lang, history: &[Answered], sessions: &[SessionRow]) {
    widgets::section_frame(ui, &t(lang, "school-progress"), |ui| {
        if history.is_empty() {
            ui.label(RichText::new(t(lang, "school-no-answers")).size(SIZE_SMALL).color(INK_DIM));
            return;
        }
        for (k, tally) in history::by_kind(history) {
            let line = format!(
                "{}: {} ({}/{}) · {}",
                words::kind_name(lang, k),
                pct(&tally),
                tally.right,
                tally.asked,
                secs(&tally)
            );
            ui.label(RichText::new(line).size(SIZE_BODY).color(INK));
        }
        let weak: Vec<String> =
            history::weakest(history, 5).into_iter().map(|(c, t)| format!("{c} {}", pct(&t))).collect();
        if !weak.is_empty() {
            ui.label(
                RichText::new(ta(lang, "school-weakest", &[("clauses", weak.join(" · "))])).size(SIZE_BODY).color(GOLD),
            );
        }
        // A share right runs from 0 to 100 %: the axis is that range (a little room
        // above and below for its marks), whatever the lines hold (it once ran from
        // −50 to 50); the sessions from the first to the last.
        let last = sessions.len().max(1) as f64;
        let mut plot = egui_plot::Plot::new("school-progress")
            .id(egui::Id::unique(PROGRESS_PLOT))
            .height(180.0)
            .allow_scroll(false)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_double_click_reset(false)
            .allow_boxed_zoom(false)
            // Its bounds are this trainee's, every frame: never another trainee's kept.
            .reset()
            .default_y_bounds(-PROGRESS_ROOM, 100.0 + PROGRESS_ROOM)
            .default_x_bounds(0.5, last + 0.5)
            .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [25.0, 50.0, 100.0]))
            .y_axis_formatter(|mark, _| {
                let v = mark.value.round();
                if (0.0..=100.0).contains(&v) { format!("{v:.0}") } else { String::new() }
            })
            // Bottom right: a trainee's first sessions, often his lowest, stay in view.
            .legend(egui_plot::Legend::default().position(egui_plot::Corner::RightBottom));
        plot = plot.x_axis_label(t(lang, "school-axis-sessions")).y_axis_label("%");
        plot.show(ui, |p| {
            for (k, level) in Level::ALL.into_iter().map(Some).chain([None]).enumerate() {
                let pts: Vec<[f64; 2]> = sessions
                    .iter()
                    .rev()
                    .enumerate()
                    .filter(|(_, s)| s.level == level && s.asked > 0)
                    .map(|(i, s)| [i as f64 + 1.0, f64::from(s.right) * 100.0 / f64::from(s.asked)])
                    .collect();
                if !pts.is_empty() {
                    let name = match level {
                        Some(l) => format!("{}. {}", l.number(), t(lang, l.name_id())),
                        None => t(lang, "school-free"),
                    };
                    // Each session a dot too: a level of one session is a dot, not nothing.
                    let colour = PROGRESS_COLOURS[k % PROGRESS_COLOURS.len()];
                    p.line(egui_plot::Line::new(name.clone(), egui_plot::PlotPoints::from(pts.clone())).color(colour));
                    p.points(egui_plot::Points::new(name, egui_plot::PlotPoints::from(pts)).color(colour).radius(4.0));
                }
            }
        });
    });
}
