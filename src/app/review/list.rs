//! The review's list of the shifts open, each under the heading that says what it
//! is: open (not closed yet), closed, logs that do not verify, and copies of another
//! shift (the same records, or an older part of them: never counted, never taken
//! for an open shift). A shift split across files is listed once, by its first part,
//! under the heading of its parts read together, each part named beneath it; a file
//! that continues a shift is never a bare «falta la cabecera». Then the pit's part
//! and the data folder's shifts.

use super::{Loaded, Review, Tab, integrity_badge, pit_pick};
use crate::app::text::{t, ta};
use crate::app::widgets::{ALERT, GOLD, INK_DIM, SIZE_SMALL};
use crate::i18n::Lang;
use crate::journal::parts::Split;
use crate::journal::shifts::{CopyNote, Together};
use crate::journal::summary::{Integrity, Summary};
use crate::journal::{parts, shifts};
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};

/// A shift as listed when the copies were sorted: its file, its records (amendments
/// counted) and its last hash.
pub(crate) type ListedAs = (PathBuf, u64, String);

impl Review {
    /// The shifts open sorted into those counted and the copies
    /// (`journal::shifts::together`, which compares copies' files record by record):
    /// made once for the shifts as they are listed, again when they change.
    pub fn together(&self) -> shifts::Together {
        let key: Vec<ListedAs> = self
            .shifts
            .iter()
            .map(|s| {
                let sm = &s.summary;
                (sm.path.clone(), sm.records + sm.amendments.len() as u64, sm.last_hash.clone())
            })
            .collect();
        if let Some((k, t)) = &*self.together.borrow()
            && *k == key
        {
            return t.clone();
        }
        let all: Vec<&Summary> = self.shifts.iter().map(|s| &s.summary).collect();
        let t = shifts::together(&all);
        *self.together.borrow_mut() = Some((key, t.clone()));
        t
    }

    /// The split shift whose first part is shift `i`, if it is one.
    pub fn split_of(&self, i: usize) -> Option<&parts::Split> {
        let path = &self.shifts.get(i)?.summary.path;
        self.splits.iter().find(|s| s.parts.first() == Some(path))
    }

    /// Shift `i`'s summary as the totals count it: a shift split across files is its
    /// parts read together, when they read as one log; any other its own.
    pub fn shift_whole(&self, i: usize) -> Option<&Summary> {
        let own = &self.shifts.get(i)?.summary;
        Some(self.split_of(i).and_then(|s| s.whole.as_ref().ok()).unwrap_or(own))
    }

    /// Whether a file that is no log on its own is a later part of a split shift.
    pub fn is_later_part(&self, path: &Path) -> bool {
        self.splits.iter().any(|s| s.parts.iter().skip(1).any(|p| p == path))
    }
}

/// Under which heading a shift of the list stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    Open,
    Closed,
    Damaged,
    /// The same shift as another file, or an older copy of it: not counted.
    Copy,
}

impl Heading {
    const ALL: [Heading; 4] = [Heading::Open, Heading::Closed, Heading::Damaged, Heading::Copy];

    fn title_id(self) -> &'static str {
        match self {
            Heading::Open => "review-open-shifts",
            Heading::Closed => "review-closed-shifts",
            Heading::Damaged => "review-damaged-shifts",
            Heading::Copy => "review-copies",
        }
    }

    fn of(integrity: &Integrity) -> Heading {
        match integrity {
            Integrity::Sound => Heading::Closed,
            Integrity::NotClosed { .. } => Heading::Open,
            Integrity::Damaged { .. } => Heading::Damaged,
        }
    }
}

/// The heading shift `i` is listed under: a copy of another shift under the copies;
/// the first part of a split shift under its parts' together; any other by its own
/// integrity.
pub fn heading(r: &Review, together: &Together, i: usize) -> Heading {
    if matches!(together.note(i), Some(CopyNote::Same { .. } | CopyNote::Older { .. })) {
        return Heading::Copy;
    }
    match r.split_of(i).map(|s| &s.whole) {
        Some(Ok(whole)) => Heading::of(&whole.integrity),
        Some(Err(_)) => Heading::Damaged,
        None => r.shifts.get(i).map_or(Heading::Damaged, |s| Heading::of(&s.summary.integrity)),
    }
}

/// A shift's entry in the list: table, croupier and start; the file's name too when
/// another shift open has the same words, the whole path when that is not enough.
pub fn shift_label(shifts: &[Loaded], i: usize) -> String {
    let words =
        |s: &Summary| format!("{} · {} · {}", s.table, s.croupier, crate::journal::report::local_time(&s.started));
    let Some(me) = shifts.get(i).map(|s| &s.summary) else { return String::new() };
    let mut mine = words(me);
    if shifts.get(i).is_some_and(|s| s.from_pit) {
        mine.push_str(" · pit");
    }
    let label = |s: &Loaded| if s.from_pit { format!("{} · pit", words(&s.summary)) } else { words(&s.summary) };
    let twins: Vec<&Summary> =
        shifts.iter().enumerate().filter(|(j, s)| *j != i && label(s) == mine).map(|(_, s)| &s.summary).collect();
    if twins.is_empty() {
        return mine;
    }
    let name = me.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if twins.iter().any(|t| t.path.file_name() == me.path.file_name()) {
        format!("{mine} · {}", me.path.display())
    } else {
        format!("{mine} · {name}")
    }
}

/// The file's name, for a line of the list.
fn file_name(p: &std::path::Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// A split shift's parts and what they make together, a line each.
pub fn split_lines(lang: Lang, s: &Split, first: &Summary) -> Vec<(String, egui::Color32)> {
    let count = s.parts.len().to_string();
    let mut out = Vec::new();
    let whole = match &s.whole {
        Ok(w) => {
            let (words, colour) = integrity_badge(lang, w);
            let args = [("count", count.clone()), ("integrity", words), ("coups", w.coups.to_string())];
            (ta(lang, "review-split-whole", &args), colour)
        }
        Err(e) => {
            let why = crate::journal::text::journal_error_text(lang, e);
            (ta(lang, "review-split-whole-bad", &[("count", count.clone()), ("why", why)]), ALERT)
        }
    };
    out.push(whole);
    let last = first.records.saturating_sub(1).to_string();
    let args = [("n", "1".to_string()), ("file", file_name(&first.path)), ("last", last)];
    out.push((ta(lang, "review-split-first", &args), INK_DIM));
    for (k, (p, from)) in s.parts.iter().skip(1).zip(&s.starts).enumerate() {
        let args = [("n", (k + 2).to_string()), ("file", file_name(p)), ("from", from.to_string())];
        out.push((ta(lang, "review-split-part", &args), INK_DIM));
    }
    out
}

/// One shift's entry: its button, its integrity (its parts' together, for a split
/// shift), and what else it is (a copy's note, a split's parts). Whether it was
/// clicked.
fn entry_ui(ui: &mut Ui, lang: Lang, r: &Review, together: &Together, i: usize) -> bool {
    let Some(sm) = r.shifts.get(i).map(|s| &s.summary) else { return false };
    let mut title = shift_label(&r.shifts, i);
    if sm.training {
        // Marked wherever it is listed: a training session is never money.
        title.push_str(&format!(" · {}", t(lang, "report-training")));
    }
    let split = r.split_of(i);
    if let Some(s) = split {
        title.push_str(&format!(" · {}", ta(lang, "review-split-files", &[("count", s.parts.len().to_string())])));
    }
    let clicked =
        ui.add(egui::Button::selectable(r.selected == Some(i), RichText::new(title).size(SIZE_SMALL))).clicked();
    match split {
        Some(s) => {
            for (line, colour) in split_lines(lang, s, sm) {
                ui.add(egui::Label::new(RichText::new(line).size(SIZE_SMALL).color(colour)).wrap());
            }
        }
        None => {
            let (words, colour) = integrity_badge(lang, sm);
            ui.add(egui::Label::new(RichText::new(words).size(SIZE_SMALL).color(colour)).wrap());
        }
    }
    // What copy it is, in short (the whole note stands above the review).
    let copy = match together.note(i) {
        Some(CopyNote::Same { first, .. }) => Some(ta(lang, "review-copy-same", &[("first", file_name(first))])),
        Some(CopyNote::Older { newer, records_older, records_newer, .. }) => Some(ta(
            lang,
            "review-copy-older",
            &[
                ("newer", file_name(newer)),
                ("older", records_older.to_string()),
                ("records", records_newer.to_string()),
            ],
        )),
        _ => None,
    };
    if let Some(words) = copy {
        ui.add(egui::Label::new(RichText::new(words).size(SIZE_SMALL).color(INK_DIM)).wrap());
    }
    ui.add_space(4.0);
    clicked
}

/// The list of shifts open, the pit's part and the data folder's shifts.
pub fn shifts_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    let together = r.together();
    let mut select = None;
    // All the shifts together first: with a room's logs the list runs past the window.
    if r.shifts.len() > 1
        && ui
            .add(egui::Button::selectable(
                r.selected.is_none(),
                RichText::new(t(lang, "review-together")).size(SIZE_SMALL),
            ))
            .clicked()
    {
        select = Some(None);
    }
    for h in Heading::ALL {
        let members: Vec<usize> = (0..r.shifts.len()).filter(|&i| heading(r, &together, i) == h).collect();
        if members.is_empty() {
            continue;
        }
        ui.label(RichText::new(t(lang, h.title_id())).size(SIZE_SMALL).color(GOLD).strong());
        for i in members {
            if entry_ui(ui, lang, r, &together, i) {
                select = Some(Some(i));
            }
        }
    }
    if let Some(s) = select {
        r.selected = s;
        if r.tab == Tab::Replay {
            r.tab = Tab::Glance;
        }
    }
    // A file that is no log on its own: said in red, unless it is a later part of a
    // shift listed above (named there, under its first part).
    for u in r.unreadable.iter().filter(|u| !r.is_later_part(&u.path)) {
        let why = crate::journal::text::journal_error_text(lang, &u.error);
        let words = format!("{}: {why}", u.path.display());
        ui.add(egui::Label::new(RichText::new(words).size(SIZE_SMALL).color(ALERT)).wrap());
    }
    ui.separator();
    pit_pick::pit_ui(ui, lang, r);
    ui.separator();
    folder_ui(ui, lang, r);
}

/// The data folder's shifts, a button each that opens it.
fn folder_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    ui.label(RichText::new(t(lang, "review-folder")).size(SIZE_SMALL).color(GOLD).strong());
    if r.folder.is_empty() {
        ui.label(RichText::new(t(lang, "review-folder-empty")).size(SIZE_SMALL).color(INK_DIM));
    }
    let mut open = None;
    for f in &r.folder {
        let mut label = format!("{} · {} · {}", f.table, f.croupier, f.started);
        if f.training {
            label.push_str(&format!(" · {}", t(lang, "report-training")));
        }
        if ui.button(RichText::new(label).size(SIZE_SMALL)).clicked() {
            open = Some(f.path.clone());
        }
    }
    if let Some(p) = open {
        r.open(vec![p], Some(ui.ctx().clone()));
    }
}
