//! Shifts from the pit in the review: picked by table, day and croupier from the
//! pit's database (the copy out of the table's reach), fetched on the worker thread
//! and read like any log; a file and the pit's copy of the same shift are compared
//! as soon as both are open, and a difference is the first thing on screen.

use super::{Loaded, Review};
use crate::app::text::{t, ta};
use crate::app::widgets::{ALERT, GOLD, INK_DIM, SIZE_SMALL, WIN};
use crate::i18n::Lang;
use crate::journal::shifts::CopyNote;
use crate::journal::summary::{self, CoupRow, Options};
use crate::journal::summary_text;
use crate::pit::read::{self, Pick};
use crate::pit::{PitReader, PitUrl, ShiftRow};
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};

/// The pit part of the review: the pit's URL when none was named, the filters, the
/// shifts found.
#[derive(Default)]
pub struct PitPick {
    /// Typed when the review was not given a pit (the password is never shown again).
    pub url: String,
    pub pick: Pick,
    pub rows: Vec<ShiftRow>,
    /// The last search found nothing, or failed (words already in the pit boss's
    /// language).
    pub said: Option<(String, bool)>,
}

impl Review {
    /// The pit to read: the one the review was given, or the URL typed.
    fn pit_url(&self) -> Result<PitUrl, crate::pit::PitError> {
        match &self.pit {
            Some(u) => Ok(u.clone()),
            None => PitUrl::parse(self.pit_pick.url.trim()),
        }
    }

    /// Lists the pit's shifts that match the filters, on the worker thread.
    pub fn list_pit(&mut self, lang: Lang, ctx: Option<egui::Context>) {
        let url = match self.pit_url() {
            Ok(u) => u,
            Err(e) => {
                self.pit_pick.said = Some((crate::app::pit::pit_error_text(lang, &e), true));
                return;
            }
        };
        let pick = self.pit_pick.pick.clone();
        let what = t(lang, "review-pit-listing");
        self.spawn(what, ctx, move || {
            let found = PitReader::connect(&url).and_then(|mut r| read::pick(&mut r, &pick));
            Box::new(move |r: &mut Review| match found {
                Ok(rows) => {
                    r.pit_pick.said = rows.is_empty().then(|| (t(lang, "review-pit-none"), false));
                    r.pit_pick.rows = rows;
                }
                Err(e) => r.pit_pick.said = Some((crate::app::pit::pit_error_text(lang, &e), true)),
            })
        });
    }

    /// Fetches the pit's copy of a shift and opens it, on the worker thread: read
    /// through the engine like a file (`journal::summary`).
    pub fn open_from_pit(&mut self, lang: Lang, row: ShiftRow, ctx: Option<egui::Context>) {
        let url = match self.pit_url() {
            Ok(u) => u,
            Err(e) => {
                self.pit_pick.said = Some((crate::app::pit::pit_error_text(lang, &e), true));
                return;
            }
        };
        if self.pit_copies.as_os_str().is_empty() {
            match private_folder(&std::env::temp_dir()) {
                Ok(dir) => self.pit_copies = dir,
                Err(e) => {
                    let dir = std::env::temp_dir();
                    let e = crate::journal::JournalError::io(&dir, "create", &e);
                    self.pit_pick.said = Some((crate::journal::text::journal_error_text(lang, &e), true));
                    return;
                }
            }
        }
        let dir = self.pit_copies.clone();
        let what = ta(lang, "review-pit-fetching", &[("table", row.table_name.clone())]);
        self.spawn(what, ctx, move || {
            let loaded = PitReader::connect(&url)
                .and_then(|mut reader| read::fetch(&mut reader, &row, &dir))
                .map_err(|e| crate::app::pit::pit_error_text(lang, &e))
                .and_then(|path| {
                    let mut coups = Vec::new();
                    let mut push = |mut c: CoupRow| {
                        c.paid = Vec::new();
                        coups.push(c)
                    };
                    let opts = Options { progress: None, on_coup: Some(&mut push) };
                    let summary = summary::summarise(&path, opts)
                        .map_err(|e| crate::journal::text::journal_error_text(lang, &e))?;
                    let protection = super::weigh(&summary);
                    Ok(Loaded { summary, coups, from_pit: true, protection })
                });
            Box::new(move |r: &mut Review| match loaded {
                Ok(l) => {
                    r.shifts.retain(|s| s.summary.path != l.summary.path);
                    r.shifts.push(l);
                    r.selected = Some(r.shifts.len() - 1);
                }
                Err(why) => r.pit_pick.said = Some((why, true)),
            })
        });
    }
}

/// The pit's section of the list of shifts.
pub fn pit_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    ui.label(RichText::new(t(lang, "review-pit-title")).size(SIZE_SMALL).color(GOLD).strong());
    match &r.pit {
        Some(u) => {
            ui.label(RichText::new(u.masked()).size(SIZE_SMALL).color(INK_DIM));
        }
        None => {
            let l = ui.label(RichText::new(t(lang, "review-pit-url")).size(SIZE_SMALL));
            ui.add(egui::TextEdit::singleline(&mut r.pit_pick.url).password(true).desired_width(260.0))
                .labelled_by(l.id);
        }
    }
    let busy = r.working.is_some();
    let p = &mut r.pit_pick.pick;
    egui::Grid::new("review_pit_pick").num_columns(2).show(ui, |ui| {
        for (id, value) in [
            ("review-pit-table", &mut p.table),
            ("review-pit-day", &mut p.day),
            ("review-pit-croupier", &mut p.croupier),
        ] {
            let l = ui.label(RichText::new(t(lang, id)).size(SIZE_SMALL));
            ui.add(egui::TextEdit::singleline(value).desired_width(150.0)).labelled_by(l.id);
            ui.end_row();
        }
    });
    if ui.add_enabled(!busy, egui::Button::new(RichText::new(t(lang, "review-pit-search")).size(SIZE_SMALL))).clicked()
    {
        r.list_pit(lang, Some(ui.ctx().clone()));
    }
    if let Some((words, bad)) = &r.pit_pick.said {
        ui.label(RichText::new(words).size(SIZE_SMALL).color(if *bad { ALERT } else { INK_DIM }));
    }
    let mut open = None;
    for row in &r.pit_pick.rows {
        let state = t(lang, if row.closed { "review-pit-closed" } else { "review-pit-open" });
        let mut label = format!(
            "{} · {} · {} · {state}",
            row.table_name,
            row.croupier,
            crate::journal::report::local_time(&read::local_start(row))
        );
        if row.training {
            // Marked wherever it is listed: a training session is never money.
            label.push_str(&format!(" · {}", t(lang, "report-training")));
        }
        if ui.add_enabled(!busy, egui::Button::new(RichText::new(label).size(SIZE_SMALL))).clicked() {
            open = Some(row.clone());
        }
    }
    if let Some(row) = open {
        r.open_from_pit(lang, row, Some(ui.ctx().clone()));
    }
}

/// Copies of one shift open together, compared: a difference first, in red; a file
/// that is the pit's copy record for record, said so.
pub fn copies_ui(ui: &mut Ui, lang: Lang, r: &Review) {
    if r.shifts.len() < 2 {
        return;
    }
    let together = r.together();
    let from_pit = |p: &std::path::Path| r.shifts.iter().any(|s| s.from_pit && s.summary.path == p);
    let mut shown: Vec<&CopyNote> = Vec::new();
    for (_, note) in &together.notes {
        if shown.contains(&note) {
            continue;
        }
        shown.push(note);
        match note {
            CopyNote::Same { path, first } if from_pit(path) || from_pit(first) => {
                let file = if from_pit(path) { first } else { path };
                let words = ta(lang, "review-pit-same", &[("file", file.display().to_string())]);
                ui.label(RichText::new(format!("✔ {words}")).size(SIZE_SMALL).color(WIN));
            }
            CopyNote::Same { .. } => {}
            CopyNote::Older { .. } => {
                let words = summary_text::copy_note_text(lang, note);
                ui.label(RichText::new(words).size(SIZE_SMALL).color(INK_DIM));
            }
            _ => {
                egui::Frame::new().fill(ALERT).inner_margin(egui::Margin::same(6)).show(ui, |ui| {
                    ui.label(
                        RichText::new(summary_text::copy_note_text(lang, note))
                            .size(SIZE_SMALL + 1.0)
                            .color(crate::app::widgets::INK)
                            .strong(),
                    );
                });
            }
        }
    }
}

/// A new folder in `base` that only this user may enter (0700 where there are modes),
/// named for this process and a random number; made anew (never one that exists:
/// another user's files are never read as the pit's copies).
pub fn private_folder(base: &Path) -> std::io::Result<PathBuf> {
    let mut last = None;
    for _ in 0..16 {
        let name = format!("sabot-pit-copies-{}-{:016x}", std::process::id(), rand::random::<u64>());
        let path = base.join(name);
        #[cfg_attr(not(unix), allow(unused_mut))] // the mode is unix's alone
        let mut b = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
        match b.create(&path) {
            Ok(()) => return Ok(path),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no folder")))
}

/// Whether the pit's login may send a shift's records (a table's login: insert on
/// the records, the shift opened), asked of the pit; `None` when it cannot be asked.
pub(super) fn pit_login_writes(url: &crate::pit::PitUrl) -> Option<bool> {
    let mut client = url.connect().ok()?;
    let sql = "SELECT has_table_privilege('sabot.records', 'INSERT') \
               AND has_function_privilege('sabot.open_shift(text)', 'EXECUTE')";
    let asked = crate::pit::client::run_within(url.connect_timeout(), move || {
        client.query_one(sql, &[]).ok().and_then(|row| row.try_get::<_, bool>(0).ok())
    });
    asked.flatten()
}
