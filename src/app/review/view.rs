//! The review drawn: its top line (what is open, the tabs, the actions) and the tab on
//! show; a log's integrity as a badge.

use super::*;

/// The integrity of a shift in a few words, with its colour.
pub fn integrity_badge(lang: Lang, s: &Summary) -> (String, egui::Color32) {
    let text = summary_text::integrity_text(lang, &s.integrity);
    let colour = match s.integrity {
        summary::Integrity::Sound => WIN,
        summary::Integrity::NotClosed { .. } => GOLD,
        summary::Integrity::Damaged { .. } => ALERT,
    };
    (text, colour)
}

/// The whole review screen.
pub fn review_ui(
    ui: &mut Ui,
    lang: Lang,
    r: &mut Review,
    assets: Option<&crate::app::assets::Assets>,
    cmds: &mut Vec<ReviewCmd>,
) {
    r.poll(Some(ui.ctx()));
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) && !ui.ctx().egui_wants_keyboard_input() {
        if r.tab == Tab::Replay {
            r.tab = Tab::Coups;
        } else {
            r.leave = true;
        }
    }
    egui::Panel::top("review-top").show(ui, |ui| top_ui(ui, lang, r));
    // A coup replayed takes the whole width: the croupier's table view and its side
    // panel need it (Esc goes back to the coups and the list of shifts).
    if r.tab != Tab::Replay {
        egui::Panel::left("review-shifts")
            .resizable(false)
            .exact_size(300.0)
            .show(ui, |ui| egui::ScrollArea::vertical().show(ui, |ui| list::shifts_ui(ui, lang, r)));
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if r.shifts.is_empty() {
            ui.label(RichText::new(t(lang, "review-nothing-open")).size(SIZE_BODY).color(INK_DIM));
            return;
        }
        ui.horizontal(|ui| {
            for (tab, id) in [(Tab::Glance, "review-tab-glance"), (Tab::Coups, "review-tab-coups")] {
                if ui.add(egui::Button::selectable(r.tab == tab, RichText::new(t(lang, id)).size(SIZE_BODY))).clicked()
                {
                    r.tab = tab;
                }
            }
            if r.replay.is_some() {
                let label = RichText::new(t(lang, "review-tab-replay")).size(SIZE_BODY);
                if ui.add(egui::Button::selectable(r.tab == Tab::Replay, label)).clicked() {
                    r.tab = Tab::Replay;
                }
            }
        });
        ui.separator();
        match r.tab {
            Tab::Glance => glance::glance_ui(ui, lang, r),
            Tab::Coups => coups::coups_ui(ui, lang, r),
            Tab::Replay => replay::replay_ui(ui, lang, r, assets),
        }
    });
    if r.leave {
        r.leave = false;
        cmds.push(ReviewCmd::Leave);
    }
}

pub(super) fn top_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(t(lang, "review-title")).size(SIZE_BODY).color(GOLD).strong());
        if r.dialog_allowed && ui.button(RichText::new(t(lang, "review-open-dialog")).size(SIZE_BODY)).clicked() {
            r.pick();
        }
        let label = ui.label(RichText::new(t(lang, "review-path")).size(SIZE_SMALL));
        let field = egui::TextEdit::singleline(&mut r.path_field).hint_text(t(lang, "review-path-hint"));
        let field = ui.add_sized([420.0, 28.0], field).labelled_by(label.id);
        if std::mem::take(&mut r.focus_path) {
            field.request_focus();
        }
        if ui.button(RichText::new(t(lang, "review-open-path")).size(SIZE_BODY)).clicked() {
            let paths: Vec<PathBuf> =
                r.path_field.split(';').map(str::trim).filter(|p| !p.is_empty()).map(PathBuf::from).collect();
            r.open(paths, Some(ui.ctx().clone()));
        }
        if ui.button(RichText::new(t(lang, "review-leave")).size(SIZE_BODY)).clicked() {
            r.leave = true;
        }
    });
    if let Some(l) = &r.loading {
        let words = ta(lang, "review-reading", &[("left", l.left.to_string())]);
        ui.add(egui::ProgressBar::new(l.fraction()).show_percentage().text(words));
    }
    if let Some(w) = &r.working {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(RichText::new(&w.what).size(SIZE_SMALL).color(INK_DIM));
        });
    }
    if r.dialog.is_some() {
        ui.label(RichText::new(t(lang, "review-dialog-open")).size(SIZE_SMALL).color(INK_DIM));
    }
    if r.no_dialog {
        ui.label(RichText::new(t(lang, "review-no-dialog")).size(SIZE_SMALL).color(ALERT));
    }
    if let Some((n, bad)) = &r.notice {
        ui.label(RichText::new(n).size(SIZE_SMALL).color(if *bad { ALERT } else { INK }));
    }
    // Copies of a shift that differ (a file and the pit's copy, two files): first.
    pit_pick::copies_ui(ui, lang, r);
}
