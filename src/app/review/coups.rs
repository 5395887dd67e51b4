//! The coups of the shifts shown, in a table (egui_extras) with filters: game,
//! banker, errors or infractions, void, amended, stakes above an amount, time of
//! day. A coup's button opens it for replay; the rows shown export as CSV.

use super::{Review, export_path};
use crate::app::text::{t, ta};
use crate::app::widgets::{ALERT, GOLD, INK_DIM, SIZE_SMALL};
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
        if (self.void && !c.void) || (self.amended && !amended) {
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
    for i in r.shown() {
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
    ui.horizontal_wrapped(|ui| {
        // Each label stays with its field when the line wraps, and comes before it.
        ui.horizontal(|ui| {
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
        });
        let field = |ui: &mut Ui, label: &str, value: &mut String, width: f32| {
            ui.horizontal(|ui| {
                let l = ui.label(label);
                ui.add(egui::TextEdit::singleline(value).desired_width(width)).labelled_by(l.id);
            });
        };
        field(ui, &t(lang, "review-filter-banker"), &mut f.banker, 40.0);
        ui.checkbox(&mut f.incidents, t(lang, "review-filter-incidents"));
        ui.checkbox(&mut f.void, t(lang, "review-filter-void"));
        ui.checkbox(&mut f.amended, t(lang, "review-filter-amended"));
        field(ui, &t(lang, "review-filter-stake"), &mut f.stake_above, 80.0);
        field(ui, &t(lang, "review-filter-from"), &mut f.from, 70.0);
        field(ui, &t(lang, "review-filter-to"), &mut f.to, 70.0);
    });
}

pub fn coups_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    filters_ui(ui, lang, &mut r.filters);
    let shown = rows(r);
    let mut open: Option<(usize, u32)> = None;
    let mut export = false;
    let mut export_bets = false;
    ui.horizontal(|ui| {
        ui.label(RichText::new(ta(lang, "review-coups-shown", &[("count", shown.len().to_string())])).size(SIZE_SMALL));
        export = ui.button(RichText::new(t(lang, "review-export-csv")).size(SIZE_SMALL)).clicked();
        export_bets = ui.button(RichText::new(t(lang, "review-export-bets-csv")).size(SIZE_SMALL)).clicked();
    });
    let several = r.shown().len() > 1;
    let heads = [
        "review-col-coup",
        "review-col-time",
        "review-col-banker",
        "review-col-bets",
        "review-col-staked",
        "review-col-net",
        "review-col-cagnotte",
        "review-col-bank",
        "review-col-flags",
    ];
    use egui_extras::{Column, TableBuilder};
    let mut table = TableBuilder::new(ui).striped(true).cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    if several {
        table = table.column(Column::auto().at_least(120.0));
    }
    table
        .columns(Column::auto().at_least(70.0), heads.len() - 1)
        .column(Column::remainder())
        .header(24.0, |mut h| {
            if several {
                h.col(|ui| {
                    ui.label(RichText::new(t(lang, "review-col-shift")).color(GOLD).strong());
                });
            }
            for id in heads {
                h.col(|ui| {
                    ui.label(RichText::new(t(lang, id)).color(GOLD).strong());
                });
            }
        })
        .body(|body| {
            body.rows(26.0, shown.len(), |mut row| {
                let (i, k) = shown[row.index()];
                let Some(s) = r.shifts.get(i) else { return };
                let Some(c) = s.coups.get(k) else { return };
                if several {
                    row.col(|ui| {
                        ui.label(format!("{} · {}", s.summary.table, s.summary.croupier));
                    });
                }
                row.col(|ui| {
                    let label = ta(lang, "review-open-coup", &[("coup", c.number.to_string())]);
                    if ui.button(label).clicked() {
                        open = Some((i, c.number));
                    }
                });
                row.col(|ui| {
                    ui.label(c.settled.format("%H:%M:%S").to_string());
                });
                row.col(|ui| {
                    ui.label(c.banker.map(|p| i18n::player_name(lang, p)).unwrap_or_default());
                });
                row.col(|ui| {
                    ui.label(c.bets.to_string());
                });
                row.col(|ui| {
                    ui.label(i18n::money(lang, c.staked));
                });
                row.col(|ui| {
                    ui.label(i18n::money(lang, c.bank_net));
                });
                row.col(|ui| {
                    ui.label(i18n::money(lang, c.cagnotte));
                });
                row.col(|ui| {
                    ui.label(i18n::money(lang, c.bank_after));
                });
                row.col(|ui| {
                    let mut flags = Vec::new();
                    if c.void {
                        flags.push(t(lang, "review-flag-void"));
                    }
                    flags.extend(c.errors.iter().chain(&c.infractions).map(|x| x.to_string()));
                    if c.against_table {
                        flags.push(t(lang, "review-flag-against"));
                    }
                    if s.summary.amendments.iter().any(|a| a.coup == c.number) {
                        flags.push(t(lang, "review-flag-amended"));
                    }
                    let colour = if flags.is_empty() { INK_DIM } else { ALERT };
                    ui.label(RichText::new(flags.join(" · ")).color(colour));
                });
            });
        });
    if let Some((i, n)) = open {
        r.open_replay(lang, i, n, Some(ui.ctx().clone()));
    }
    if export {
        export_csv(lang, r, &shown, false);
    }
    if export_bets {
        export_csv(lang, r, &shown, true);
    }
}

/// The coups shown, as CSV beside the (first) log: one row per coup, or with `bets`
/// one row per bet of those coups, as it was paid.
fn export_csv(lang: Lang, r: &mut Review, shown: &[(usize, usize)], bets: bool) {
    let Some(first) = r.shown().first().and_then(|&i| r.shifts.get(i)) else { return };
    let path = export_path(&first.summary.path, if bets { "bets.csv" } else { "coups.csv" });
    let bytes = (|| -> Result<Vec<u8>, String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        if bets {
            w.write_record(report::BETS_HEADER).map_err(|e| e.to_string())?;
        } else {
            w.write_record(COUPS_HEADER).map_err(|e| e.to_string())?;
        }
        for &(i, k) in shown {
            let Some(s) = r.shifts.get(i) else { continue };
            let Some(c) = s.coups.get(k) else { continue };
            let sm = &s.summary;
            let head =
                [sm.path.display().to_string(), sm.table.clone(), sm.croupier.clone(), sm.game.slug().to_string()];
            if bets {
                for row in report::bet_rows(&head, c) {
                    w.write_record(row).map_err(|e| e.to_string())?;
                }
            } else {
                w.write_record(report::coup_row(&head, c)).map_err(|e| e.to_string())?;
            }
        }
        w.into_inner().map_err(|e| e.to_string())
    })();
    let written = bytes.and_then(|b| {
        crate::journal::write_atomic(&path, &b).map_err(|e| crate::journal::text::journal_error_text(lang, &e))
    });
    r.notice = Some(match written {
        Ok(()) => (ta(lang, "review-written", &[("file", path.display().to_string())]), false),
        Err(why) => (ta(lang, "review-not-written", &[("file", path.display().to_string()), ("why", why)]), true),
    });
}
