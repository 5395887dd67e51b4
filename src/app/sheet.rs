//! The close-of-shift sheet on screen, after F10: the shift summed up from its log
//! (`reports::sheet`), where its PDF was written to be printed and signed, and Enter
//! to go on to the start form, the table's settings kept.

use super::start::StartForm;
use super::text::{t, ta};
use super::widgets::{GOLD, INK, INK_DIM, LOSE, SIZE_BIG, SIZE_BODY, SIZE_SMALL, section_frame};
use super::{Go, Screen};
use crate::i18n::Lang;
use crate::reports::{sheet, summary};
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};

/// What the croupier asked of the sheet: only to go on (Enter, Esc or the button).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetCmd {
    Done,
}

/// The sheet of a shift just closed, and the start form that follows it.
pub struct SheetView {
    pub lines: Vec<String>,
    /// Where the PDF was written, or why it could not be.
    pub written: Result<PathBuf, String>,
    pub next: Box<StartForm>,
}

impl SheetView {
    /// The sheet read: on to the start form, the table's settings kept.
    pub fn apply(&mut self, c: SheetCmd) -> Go {
        match c {
            SheetCmd::Done => Go::To(Screen::Start(std::mem::take(&mut self.next))),
        }
    }

    /// The sheet of the log at `log`, its PDF written beside it. A log that is not a
    /// file (kept in memory) or cannot be read has no sheet: the start form, saying
    /// why when there is a reason.
    pub fn of_log(lang: Lang, log: &Path, mut next: StartForm) -> Result<SheetView, Box<StartForm>> {
        if !log.is_file() {
            return Err(Box::new(next));
        }
        match summary::summarise(log, Default::default()) {
            Ok(s) => {
                let lines = sheet::sheet_lines(lang, &s);
                let written = sheet::write_sheet(lang, &s);
                Ok(SheetView { lines, written, next: Box::new(next) })
            }
            Err(e) => {
                let why = crate::journal::text::journal_error_text(lang, &e);
                next.problem = Some(ta(lang, "sheet-not-written", &[("why", why)]));
                Err(Box::new(next))
            }
        }
    }
}

pub fn sheet_ui(ui: &mut Ui, lang: Lang, v: &SheetView, cmds: &mut Vec<SheetCmd>) {
    if v.next.scanning() {
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(1100.0));
            let mut lines = v.lines.iter();
            if let Some(title) = lines.next() {
                ui.label(RichText::new(title).size(SIZE_BIG).color(GOLD).strong());
            }
            ui.add_space(6.0);
            section_frame(ui, &t(lang, "sheet-shift"), |ui| {
                for line in lines {
                    // The reconciliation's aligned columns in the fixed font.
                    let text = if line.starts_with("  ") {
                        RichText::new(line).monospace().size(SIZE_SMALL + 1.0).color(INK)
                    } else {
                        RichText::new(line).size(SIZE_BODY).color(INK)
                    };
                    ui.add(egui::Label::new(text).wrap());
                }
            });
            ui.add_space(8.0);
            let (said, colour) = match &v.written {
                Ok(path) => (ta(lang, "sheet-written", &[("path", path.display().to_string())]), INK_DIM),
                Err(why) => (ta(lang, "sheet-not-written", &[("why", why.clone())]), LOSE),
            };
            ui.add(egui::Label::new(RichText::new(said).size(SIZE_SMALL).color(colour)).wrap());
            ui.add_space(8.0);
            if ui.button(RichText::new(t(lang, "sheet-continue")).size(SIZE_BODY)).clicked() {
                cmds.push(SheetCmd::Done);
            }
        });
    });
    if ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Escape)) {
        cmds.push(SheetCmd::Done);
    }
}
