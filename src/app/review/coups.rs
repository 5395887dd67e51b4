//! The coups of the shifts shown, in a table (egui_extras) with filters: game,
//! banker, errors or infractions, void, amended, stakes above an amount, time of
//! day. A coup's button opens it for replay; the rows shown export as CSV.

use super::{Loaded, Review, export_path, write_export};
use crate::app::text::{t, ta};
use crate::app::widgets::SIZE_SMALL;
use crate::engine::{Game, Money};
use crate::i18n::{self, Lang};
use crate::journal::report::{self, COUPS_HEADER};
use crate::journal::summary::CoupRow;
use egui::{RichText, Ui};
use std::str::FromStr;

/// What the coups are filtered by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filters {
    pub game: Option<Game>,
    /// The banker's seat as shown (`3`, `3+`), empty for any.
    pub banker: String,
    pub incidents: bool,
    pub void: bool,
    pub amended: bool,
    /// Stakes above this amount (all the coup's bets together).
    pub stake_above: String,
    /// From and to this time of day (`22:00`), inclusive.
    pub from: String,
    pub to: String,
}

fn time_of(s: &str) -> Option<chrono::NaiveTime> {
    let s = s.trim();
    chrono::NaiveTime::parse_from_str(s, "%H:%M:%S").or_else(|_| chrono::NaiveTime::parse_from_str(s, "%H:%M")).ok()
}

impl Filters {
    /// Whether coup `c` of a shift of `game`, amended or not, passes.
    pub fn pass(&self, game: Game, c: &CoupRow, amended: bool) -> bool {
        if self.game.is_some_and(|g| g != game) {
            return false;
        }
        let banker = self.banker.trim();
        if !banker.is_empty() && c.banker.map(|p| p.to_string()).as_deref() != Some(banker) {
            return false;
        }
        if self.incidents && c.errors.is_empty() && c.infractions.is_empty() {
            return false;
        }
        // «Nulas»: void by an error, or tied (in Punto y Banca a tie is the coup
        // the bets neither win nor lose, R-PB-4).
        if (self.void && !c.void && !c.tie) || (self.amended && !amended) {
            return false;
        }
        if let Ok(min) = Money::from_str(self.stake_above.trim())
            && c.staked <= min
        {
            return false;
        }
        let at = c.settled.time();
        if time_of(&self.from).is_some_and(|from| at < from) || time_of(&self.to).is_some_and(|to| at > to) {
            return false;
        }
        true
    }
}

/// The coups shown: (shift, coup) pairs that pass the filters.
pub fn rows(r: &Review) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let shown = r.shown();
    // All together, a copy of a shift listed is not listed again (its coups are the
    // other copy's).
    let together = if shown.len() > 1 { Some(r.together()) } else { None };
    let copy = |i: usize| {
        together.as_ref().is_some_and(|t| {
            matches!(
                t.note(i),
                Some(crate::journal::shifts::CopyNote::Same { .. } | crate::journal::shifts::CopyNote::Older { .. })
            )
        })
    };
    for i in shown.into_iter().filter(|&i| !copy(i)) {
        let Some(s) = r.shifts.get(i) else { continue };
        for (k, c) in s.coups.iter().enumerate() {
            let amended = s.summary.amendments.iter().any(|a| a.coup == c.number);
            if r.filters.pass(s.summary.game, c, amended) {
                out.push((i, k));
            }
        }
    }
    out
}

fn filters_ui(ui: &mut Ui, lang: Lang, f: &mut Filters) {
    let field = |ui: &mut Ui, label: &str, value: &mut String, width: f32| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(value).desired_width(width)).labelled_by(l.id);
    };
    // Two lines, the fields on the second: a label never ends a line without its field.
    ui.horizontal_wrapped(|ui| {
        let any = t(lang, "review-filter-any");
        let game_text = f.game.map_or(any.clone(), |g| i18n::game_name(lang, g));
        let l = ui.label(t(lang, "review-filter-game"));
        let combo = egui::ComboBox::from_id_salt("review-filter-game").selected_text(game_text).show_ui(ui, |ui| {
            ui.selectable_value(&mut f.game, None, any);
            for g in [Game::Banque, Game::ChemindeFer, Game::PuntoBanca] {
                ui.selectable_value(&mut f.game, Some(g), i18n::game_name(lang, g));
            }
        });
        combo.response.labelled_by(l.id);
        ui.checkbox(&mut f.incidents, t(lang, "review-filter-incidents"));
        ui.checkbox(&mut f.void, t(lang, "review-filter-void"));
        ui.checkbox(&mut f.amended, t(lang, "review-filter-amended"));
    });
    ui.horizontal_wrapped(|ui| {
        field(ui, &t(lang, "review-filter-banker"), &mut f.banker, 40.0);
        field(ui, &t(lang, "review-filter-stake"), &mut f.stake_above, 80.0);
        field(ui, &t(lang, "review-filter-from"), &mut f.from, 70.0);
        field(ui, &t(lang, "review-filter-to"), &mut f.to, 70.0);
    });
}

/// The coups of the shifts shown, filtered, in a table; a coup opened in the replay,
/// the rows shown exported as CSV (per coup or per bet).
pub fn coups_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    filters_ui(ui, lang, &mut r.filters);
    let shown = rows(r);
    let mut export = false;
    let mut export_bets = false;
    ui.horizontal(|ui| {
        ui.label(RichText::new(ta(lang, "review-coups-shown", &[("count", shown.len().to_string())])).size(SIZE_SMALL));
        export = ui.button(RichText::new(t(lang, "review-export-csv")).size(SIZE_SMALL)).clicked();
        export_bets = ui.button(RichText::new(t(lang, "review-export-bets-csv")).size(SIZE_SMALL)).clicked();
    });
    let open = super::coups_table::coups_table_ui(ui, lang, r, &shown);
    if let Some((i, n)) = open {
        r.open_replay(lang, i, n, Some(ui.ctx().clone()));
    }
    if export {
        export_csv(lang, r, &shown, false, ui.ctx().clone());
    }
    if export_bets {
        export_csv(lang, r, &shown, true, ui.ctx().clone());
    }
}

/// A coup's flags: void, a tie, its errors and infractions, a bet against the table,
/// amended.
pub(super) fn coup_flags(lang: Lang, s: &Loaded, c: &CoupRow) -> Vec<String> {
    let mut flags = Vec::new();
    if c.void {
        flags.push(t(lang, "review-flag-void"));
    }
    if c.tie {
        flags.push(t(lang, "review-flag-tie"));
    }
    // Each clause once, with how many times it came up in the coup (R-BQ-11 ×2).
    let mut clauses: Vec<(crate::engine::Clause, usize)> = Vec::new();
    for x in c.errors.iter().chain(&c.infractions) {
        match clauses.iter_mut().find(|(y, _)| y == x) {
            Some((_, n)) => *n += 1,
            None => clauses.push((*x, 1)),
        }
    }
    flags.extend(clauses.into_iter().map(|(x, n)| if n > 1 { format!("{x} ×{n}") } else { x.to_string() }));
    if c.against_table {
        flags.push(t(lang, "review-flag-against"));
    }
    if s.summary.amendments.iter().any(|a| a.coup == c.number) {
        flags.push(t(lang, "review-flag-amended"));
    }
    flags
}

/// The coups shown, as CSV beside the (first) log: one row per coup, or with `bets`
/// one row per bet of those coups, as it was paid.
/// The rows shown as CSV beside the first shift's log, written on the worker thread.
/// Coups: one row each, from the table. Bets: one row per bet as it was paid, read
/// again from each log (the review keeps no bets in memory), for the coups shown.
fn export_csv(lang: Lang, r: &mut Review, shown: &[(usize, usize)], bets: bool, ctx: egui::Context) {
    let Some(first) = r.shown().first().and_then(|&i| r.shifts.get(i)) else { return };
    let path = export_path(&first.summary.path, if bets { "bets.csv" } else { "coups.csv" });
    // Per log, in the order shown: its file, table, croupier and game; its coups shown.
    let mut logs: Vec<(std::path::PathBuf, [String; 4], Vec<&CoupRow>)> = Vec::new();
    for &(i, k) in shown {
        let Some(s) = r.shifts.get(i) else { continue };
        let Some(c) = s.coups.get(k) else { continue };
        let sm = &s.summary;
        if logs.last().is_none_or(|l| l.0 != sm.path) {
            let head =
                [sm.path.display().to_string(), sm.table.clone(), sm.croupier.clone(), sm.game.slug().to_string()];
            logs.push((sm.path.clone(), head, Vec::new()));
        }
        if let Some(l) = logs.last_mut() {
            l.2.push(c);
        }
    }
    let coups_csv = if bets {
        None
    } else {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut rows = vec![COUPS_HEADER.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
        for (_, head, coups) in &logs {
            rows.extend(coups.iter().map(|c| report::coup_row(head, c)));
        }
        Some(
            rows.iter()
                .try_for_each(|row| w.write_record(row))
                .map_err(|e| e.to_string())
                .and_then(|()| w.into_inner().map_err(|e| e.to_string())),
        )
    };
    let wanted: Vec<(std::path::PathBuf, [String; 4], std::collections::BTreeSet<u32>)> =
        logs.into_iter().map(|(p, h, c)| (p, h, c.iter().map(|c| c.number).collect())).collect();
    let what = ta(lang, "review-export-writing-file", &[("file", path.display().to_string())]);
    r.spawn(what, Some(ctx), move || {
        let bytes = coups_csv.unwrap_or_else(|| bets_csv(lang, &wanted));
        let notice = write_export(lang, &path, bytes);
        Box::new(move |r: &mut Review| r.notice = Some(notice))
    });
}

/// The bets of these coups of these logs as CSV, each log read again as a stream.
fn bets_csv(
    lang: Lang,
    wanted: &[(std::path::PathBuf, [String; 4], std::collections::BTreeSet<u32>)],
) -> Result<Vec<u8>, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(report::BETS_HEADER).map_err(|e| e.to_string())?;
    for (log, head, numbers) in wanted {
        let mut failed = None;
        let mut each = |c: CoupRow| {
            if failed.is_none()
                && numbers.contains(&c.number)
                && let Err(e) = report::bet_rows(lang, head, &c).iter().try_for_each(|row| w.write_record(row))
            {
                failed = Some(e.to_string());
            }
        };
        let opts = crate::journal::summary::Options { progress: None, on_coup: Some(&mut each) };
        crate::journal::summary::summarise(log, opts)
            .map_err(|e| crate::journal::text::journal_error_text(lang, &e))?;
        if let Some(e) = failed {
            return Err(e);
        }
    }
    w.into_inner().map_err(|e| e.to_string())
}
