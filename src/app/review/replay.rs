//! A coup replayed step by step on the croupier's own table view: the table as it
//! stood before the coup, then after each operation of the log (the bets, the cards
//! as they came, each word, each ruling), the events applied as logged. Flags jump
//! to every infraction, error procedure, ruling and banker's choice against the
//! table; the coup exports as a table script (as `sabot export`); an amendment
//! (R-BQ-E7) with its reason is written to the shift's log as a record of its own.

use super::{Review, export_path, write_export};
use crate::app::felt::View;
use crate::app::text::{t, ta};
use crate::app::widgets::{ALERT, GOLD, INK, INK_DIM, LOSE, SIZE_BODY, SIZE_SMALL, section_frame};
use crate::engine::{Event, Game, InfractionKind, Op, Owed, Table};
use crate::i18n::{self, Lang};
use crate::journal::Body;
use crate::journal::scan::{self, Mode, Seen};
use crate::reports::summary::{AmendmentAt, CoupRow, Summary};
use chrono::{DateTime, FixedOffset};
use egui::{RichText, Ui};
use std::path::PathBuf;

/// One operation of the coup and what it made.
#[derive(Clone, Debug)]
pub struct Step {
    pub op: Op,
    pub events: Vec<Event>,
    pub at: DateTime<FixedOffset>,
}

/// Why a step is flagged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    Infraction,
    Error,
    Ruling,
    AgainstTable,
}

impl Step {
    pub fn flags(&self) -> Vec<Flag> {
        let mut f = Vec::new();
        for e in &self.events {
            let flag = match e {
                Event::Infraction(i) if matches!(i.kind, InfractionKind::BankAgainstTable { .. }) => Flag::AgainstTable,
                Event::Infraction(_) => Flag::Infraction,
                Event::Error(_) => Flag::Error,
                Event::RulingProposed(_) | Event::PutRight { .. } | Event::Reopened { .. } => Flag::Ruling,
                _ => continue,
            };
            if !f.contains(&flag) {
                f.push(flag);
            }
        }
        f
    }
}

/// A coup opened for replay.
pub struct Replay {
    pub shift: usize,
    pub path: PathBuf,
    pub game: Game,
    pub coup: CoupRow,
    /// `tables[0]` before the coup; `tables[k]` after step `k`.
    pub tables: Vec<Table>,
    pub steps: Vec<Step>,
    /// The table shown: `tables[pos]`.
    pub pos: usize,
    pub reason: String,
    pub notice: Option<(String, bool)>,
}

impl Replay {
    /// Reads coup `row` of the shift's log again, keeping the table after each step.
    pub fn build(lang: Lang, shift: usize, s: &Summary, row: &CoupRow) -> Result<Replay, String> {
        let mut tables: Vec<Table> = Vec::new();
        let mut steps: Vec<Step> = Vec::new();
        let (first, last) = (row.first_line, row.last_line);
        let mut visit = |seen: Seen<'_>| match seen {
            Seen::Record { line, record, before } if (first..=last).contains(&line) => {
                if let Body::Op { op, .. } = &record.body {
                    if tables.is_empty() {
                        tables.push(before.clone());
                    }
                    steps.push(Step { op: op.clone(), events: Vec::new(), at: record.at });
                }
            }
            Seen::Events { line, events } if (first..=last).contains(&line) => {
                if let (Some(step), Some(t)) = (steps.last_mut(), tables.last()) {
                    let mut t = t.clone();
                    t.apply(events);
                    step.events = events.to_vec();
                    tables.push(t);
                }
            }
            _ => {}
        };
        let scanned = scan::scan_file(&s.path, Mode::Apply, Some(&mut visit));
        let whole = !steps.is_empty() && tables.len() == steps.len() + 1;
        match scanned {
            Err(e) if !whole => return Err(crate::journal::text::journal_error_text(lang, &e)),
            _ if !whole => {
                let args = [("coup", row.number.to_string()), ("file", s.path.display().to_string())];
                return Err(ta(lang, "review-coup-not-found", &args));
            }
            _ => {}
        }
        // The operation that opened the coup leaves the table ready for it: the replay
        // starts there, not on the coup before, paid.
        if steps.len() > 1 && steps[0].events.iter().any(|e| matches!(e, Event::CoupOpened { .. })) {
            steps.remove(0);
            tables.remove(0);
        }
        let pos = tables.len() - 1;
        Ok(Replay {
            shift,
            path: s.path.clone(),
            game: s.game,
            coup: row.clone(),
            tables,
            steps,
            pos,
            reason: String::new(),
            notice: None,
        })
    }

    pub fn table(&self) -> &Table {
        &self.tables[self.pos.min(self.tables.len() - 1)]
    }

    /// The next (or previous) step with a flag, from the one shown.
    pub fn jump(&mut self, forward: bool) -> bool {
        let n = self.steps.len();
        let flagged = |k: usize| !self.steps[k].flags().is_empty();
        // Step k's table is tables[k + 1].
        let found = if forward {
            (self.pos..n).find(|&k| flagged(k))
        } else {
            (0..self.pos.saturating_sub(1)).rev().find(|&k| flagged(k))
        };
        match found {
            Some(k) => {
                self.pos = k + 1;
                true
            }
            None => false,
        }
    }
}

/// The coup replayed as a table script beside the log (as `sabot export`), on the
/// worker thread: the log is read again.
fn export(r: &mut Review, lang: Lang, ctx: egui::Context) {
    let Some(rp) = &r.replay else { return };
    let (log, coup) = (rp.path.clone(), rp.coup.number);
    let what = ta(lang, "review-export-writing", &[("coup", coup.to_string())]);
    r.spawn(what, Some(ctx), move || {
        let path = export_path(&log, &format!("coup-{coup}.ron"));
        let script = crate::reports::export::export_coup(&log, coup)
            .map(|x| format!("{}\n", crate::script::to_ron(&x.script)).into_bytes())
            .map_err(|e| crate::reports::export_text::export_error_text(lang, &e));
        let notice = write_export(lang, &path, script);
        Box::new(move |r: &mut Review| match r.replay.as_mut().filter(|rp| rp.path == log) {
            Some(rp) => rp.notice = Some(notice),
            None => r.notice = Some(notice),
        })
    });
}

fn flag_text(lang: Lang, f: Flag) -> String {
    t(
        lang,
        match f {
            Flag::Infraction => "review-flag-infraction",
            Flag::Error => "review-flag-error",
            Flag::Ruling => "review-flag-ruling",
            Flag::AgainstTable => "review-flag-against",
        },
    )
}

/// A coup replayed: its bar of steps, the table at the step shown, and beside it the
/// steps, the payouts and the amendments.
pub fn replay_ui(ui: &mut Ui, lang: Lang, r: &mut Review, assets: Option<&crate::app::assets::Assets>) {
    let busy = r.working.is_some();
    // Where an amendment goes, said before it is written: the pit, or only the log
    // (no pit, or a read-only login that the pit would refuse).
    let goes = match (&r.pit, r.pit_writes) {
        (Some(u), Some(false)) => ta(lang, "review-amend-pit-read-only", &[("url", u.masked().to_string())]),
        (Some(u), _) => ta(lang, "review-amend-pit", &[("url", u.masked().to_string())]),
        (None, _) => t(lang, "review-amend-no-pit"),
    };
    // The coup's amendments, as its shift's summary counts them.
    let amendments: Vec<AmendmentAt> = match &r.replay {
        Some(rp) => r
            .shifts
            .iter()
            .filter(|s| s.summary.path == rp.path)
            .flat_map(|s| s.summary.amendments.iter().filter(|a| a.coup == rp.coup.number).cloned())
            .collect(),
        None => Vec::new(),
    };
    let mut amend_asked = false;
    let Some(rp) = r.replay.as_mut() else { return };
    let title = ta(
        lang,
        "review-replay-title",
        &[("coup", rp.coup.number.to_string()), ("time", crate::reports::report::local_time(&rp.coup.settled))],
    );
    let export_asked = replay_bar_ui(ui, lang, rp, title, busy);
    if let Some((n, bad)) = &rp.notice {
        ui.label(RichText::new(n).size(SIZE_SMALL).color(if *bad { ALERT } else { INK }));
    }
    let avail = ui.available_size();
    let side_w = (avail.x * 0.36).clamp(300.0, 460.0);
    ui.horizontal_top(|ui| {
        let felt_size = egui::vec2(avail.x - side_w - 12.0, avail.y);
        ui.allocate_ui(felt_size, |ui| {
            ui.set_min_size(felt_size);
            if let Some(assets) = assets {
                replay_table_ui(ui, lang, rp, assets);
            }
        });
        ui.vertical(|ui| {
            ui.set_width(side_w);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| amend_asked = side_ui(ui, lang, rp, &amendments, &goes, busy));
        });
    });
    if export_asked {
        export(r, lang, ui.ctx().clone());
    }
    if amend_asked {
        r.amend(lang, Some(ui.ctx().clone()));
    }
}

/// The replay's title and its buttons: to the start, a step back, the step shown, a
/// step on, to the end, the flags before and after, the export as a script (true when
/// asked).
fn replay_bar_ui(ui: &mut Ui, lang: Lang, rp: &mut Replay, title: String, busy: bool) -> bool {
    let mut export_asked = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(title).size(SIZE_BODY).color(GOLD).strong());
        let last = rp.tables.len() - 1;
        if ui.button(t(lang, "review-step-start")).clicked() {
            rp.pos = 0;
        }
        if ui.button(t(lang, "review-step-back")).clicked() {
            rp.pos = rp.pos.saturating_sub(1);
        }
        ui.label(ta(lang, "review-step-of", &[("step", rp.pos.to_string()), ("steps", last.to_string())]));
        if ui.button(t(lang, "review-step-next")).clicked() {
            rp.pos = (rp.pos + 1).min(last);
        }
        if ui.button(t(lang, "review-step-end")).clicked() {
            rp.pos = last;
        }
        if ui.button(t(lang, "review-flag-prev")).clicked() {
            rp.jump(false);
        }
        if ui.button(t(lang, "review-flag-next")).clicked() {
            rp.jump(true);
        }
        if ui.add_enabled(!busy, egui::Button::new(t(lang, "review-export-script"))).clicked() {
            export_asked = true;
        }
    });
    export_asked
}

/// The table at the step shown, the hand whose turn it was marked; nothing it asks is
/// done.
fn replay_table_ui(ui: &mut Ui, lang: Lang, rp: &Replay, assets: &crate::app::assets::Assets) {
    let table = rp.table();
    let duty = table.owed();
    let turn = match duty.owed {
        Owed::Decide { hand, .. } | Owed::Card { hand, .. } | Owed::Show { hand } => Some(hand),
        _ => None,
    };
    let view = View { lang, table, assets, turn, next: None, quiz: false, seats_from: None };
    let mut ignored = None;
    match rp.game {
        Game::Banque => crate::app::table_bq::table_bq_ui(ui, &view, &mut ignored),
        Game::ChemindeFer => crate::app::table_cf::table_cf_ui(ui, &view, &mut ignored),
        Game::PuntoBanca => crate::app::table_pb::table_pb_ui(ui, &view, &mut ignored),
    }
}

/// The steps, the payouts and the amendments; true when the amendment is to be written.
/// `goes`: where an amendment goes once written, in words.
fn side_ui(ui: &mut Ui, lang: Lang, rp: &mut Replay, amendments: &[AmendmentAt], goes: &str, busy: bool) -> bool {
    section_frame(ui, &t(lang, "review-steps"), |ui| steps_ui(ui, lang, rp));
    ui.add_space(6.0);
    if let Some(s) = rp.table().settlement() {
        let s = s.clone();
        let settings = rp.table().settings().clone();
        section_frame(ui, &t(lang, "side-payouts"), |ui| crate::app::payout::payout_ui(ui, lang, &s, &settings));
        ui.add_space(6.0);
    }
    section_frame(ui, &t(lang, "review-amendments"), |ui| amendments_ui(ui, lang, rp, amendments, goes, busy))
}

/// The coup's steps, a button each (the one shown marked, its flags said, an entry
/// taken back struck through); the verdicts of the step shown under it.
fn steps_ui(ui: &mut Ui, lang: Lang, rp: &mut Replay) {
    let mut go = None;
    let undone = crate::engine::table::entries_taken_back(rp.steps.iter().map(|s| s.events.as_slice()));
    for (k, step) in rp.steps.iter().enumerate() {
        let current = rp.pos == k + 1;
        let undone = undone.get(k).copied().unwrap_or(false);
        let words = crate::app::entry::describe(lang, &step.op, &step.events);
        let flags: Vec<String> = step.flags().into_iter().map(|f| flag_text(lang, f)).collect();
        let mut text = format!("{}. {words}", k + 1);
        if !flags.is_empty() {
            text.push_str(&format!("  ⚑ {}", flags.join(", ")));
        }
        let colour = if !flags.is_empty() {
            LOSE
        } else if current {
            GOLD
        } else if undone {
            INK_DIM
        } else {
            INK
        };
        // An entry the croupier took back: struck through, and said so on hover.
        let mut words = RichText::new(text).size(SIZE_SMALL).color(colour);
        if undone {
            words = words.strikethrough();
        }
        let button = ui.add(egui::Button::selectable(current, words));
        let button = if undone { button.on_hover_text(t(lang, "review-taken-back")) } else { button };
        if button.clicked() {
            go = Some(k + 1);
        }
        if current {
            for e in &step.events {
                if let Some(v) = i18n::verdict_text(lang, e) {
                    ui.label(RichText::new(v).size(SIZE_SMALL).color(LOSE));
                }
            }
        }
    }
    if let Some(p) = go {
        rp.pos = p;
    }
}

/// The coup's amendments, and the reason and button to write one (said where it goes);
/// true when it is to be written.
fn amendments_ui(ui: &mut Ui, lang: Lang, rp: &mut Replay, amendments: &[AmendmentAt], goes: &str, busy: bool) -> bool {
    if amendments.is_empty() {
        ui.label(RichText::new(t(lang, "report-amendments-none")).size(SIZE_SMALL).color(INK_DIM));
    }
    for a in amendments {
        let line = ta(
            lang,
            "report-amendment",
            &[
                ("coup", a.coup.to_string()),
                ("time", crate::reports::report::local_time(&a.at)),
                ("reason", a.reason.clone()),
            ],
        );
        ui.label(RichText::new(line).size(SIZE_SMALL).color(INK));
    }
    ui.add_space(4.0);
    let l = ui.label(RichText::new(t(lang, "review-amend-reason")).size(SIZE_SMALL));
    ui.add(egui::TextEdit::multiline(&mut rp.reason).desired_rows(2)).labelled_by(l.id);
    let can = !rp.reason.trim().is_empty() && !busy;
    let clicked = ui.add_enabled(can, egui::Button::new(t(lang, "review-amend"))).clicked();
    ui.label(RichText::new(goes).size(SIZE_SMALL).color(INK_DIM));
    clicked
}
