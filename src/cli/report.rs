//! `sabot report LOG… [--csv FILE]`: each shift summed up; CSV for spreadsheets.

use crate::i18n::{self, Lang};
use crate::journal::report::{self, CSV_HEADER, ShiftReport};
use crate::journal::{self, JournalError};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

fn print_one(r: &ShiftReport, lang: Lang, w: &mut dyn Write) {
    let t = |id: &str| i18n::tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    let counts = |m: &BTreeMap<crate::engine::Clause, u32>| {
        m.iter().map(|(c, n)| format!("{c}: {n}")).collect::<Vec<String>>().join(", ")
    };
    let _ = writeln!(w, "{}", r.path.display());
    let training = if r.training { format!(" {}", t("report-training")) } else { String::new() };
    let who = ta(
        "report-who",
        &[("table", r.table.clone()), ("croupier", r.croupier.clone()), ("game", r.game.slug().to_string())],
    );
    let _ = writeln!(w, "  {who}{training}");
    let state = t(if r.closed { "report-closed" } else { "report-not-closed" });
    let when = ta(
        "report-when",
        &[("started", r.started.to_rfc3339()), ("last", r.last_record.to_rfc3339()), ("state", state)],
    );
    let _ = writeln!(w, "  {when}");
    let in_play = if r.coup_in_play { t("report-coup-in-play") } else { String::new() };
    let coups = ta("report-coups", &[("coups", r.coups.to_string()), ("void", r.void_coups.to_string())]);
    let _ = writeln!(w, "  {coups}{in_play}");
    let bank = ta(
        "report-bank",
        &[
            ("start", r.bank_start.to_string()),
            ("end", r.bank_end.to_string()),
            ("movement", r.bank_movement().to_string()),
            ("net", r.bank_net.to_string()),
        ],
    );
    let _ = writeln!(w, "  {bank}");
    if r.bank_taken.is_positive() || r.bank_returned.is_positive() {
        let aside = if r.set_aside_total.is_positive() {
            ta("report-set-aside", &[("amount", r.set_aside_total.to_string())])
        } else {
            String::new()
        };
        let banks =
            ta("report-banks", &[("taken", r.bank_taken.to_string()), ("returned", r.bank_returned.to_string())]);
        let _ = writeln!(w, "  {banks}{aside}");
    }
    let cagnotte =
        ta("report-cagnotte", &[("cagnotte", r.cagnotte.to_string()), ("commission", r.commission.to_string())]);
    let _ = writeln!(w, "  {cagnotte}");
    let errors = if r.errors.is_empty() {
        t("report-errors-none")
    } else {
        ta("report-errors", &[("count", r.errors.values().sum::<u32>().to_string()), ("list", counts(&r.errors))])
    };
    let _ = writeln!(w, "  {errors}");
    let infractions = if r.infractions.is_empty() {
        t("report-infractions-none")
    } else {
        ta("report-infractions", &[("count", r.infractions_total().to_string()), ("list", counts(&r.infractions))])
    };
    let _ = writeln!(w, "  {infractions}");
    if !r.other_events.is_empty() {
        let list: Vec<String> = r.other_events.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        let _ = writeln!(w, "  {}", ta("report-other", &[("list", list.join(", "))]));
    }
    let _ = writeln!(w, "  {}", ta("report-amendments", &[("count", r.amendments.to_string())]));
    let resumed = ta("report-resumptions", &[("count", r.resumptions.to_string()), ("aside", r.set_aside.to_string())]);
    let _ = writeln!(w, "  {resumed}");
    for j in &r.clock_jumps {
        let args = [("seen", j.seen.to_rfc3339()), ("used", j.used.to_rfc3339())];
        let _ = writeln!(w, "  {}", ta("report-clock-jump", &args));
    }
}

fn csv_bytes(reports: &[ShiftReport]) -> Result<Vec<u8>, String> {
    let mut wtr = csv::Writer::from_writer(Vec::new());
    wtr.write_record(CSV_HEADER).map_err(|e| e.to_string())?;
    for r in reports {
        wtr.write_record(r.csv_row()).map_err(|e| e.to_string())?;
    }
    wtr.into_inner().map_err(|e| e.to_string())
}

/// Reports on every log; exit status 0 all reported, 1 a log does not verify (no
/// figures for it), 2 a file cannot be read as a shift log or the CSV not written.
pub fn report(logs: &[PathBuf], csv: Option<&Path>, lang: Lang, w: &mut dyn Write) -> i32 {
    let mut status = 0;
    let mut reports = Vec::new();
    for path in logs {
        match report::report(path) {
            Ok(r) => {
                print_one(&r, lang, w);
                reports.push(r);
            }
            Err(JournalError::Bad { bad, .. }) => {
                let line = i18n::tr_args(
                    lang,
                    "report-bad",
                    &[("file", path.display().to_string()), ("why", journal::text::bad_record_text(lang, &bad))],
                );
                let _ = writeln!(w, "{line}");
                status = status.max(1);
            }
            Err(e) => {
                let _ = writeln!(w, "{}", journal::text::journal_error_text(lang, &e));
                status = 2;
            }
        }
    }
    if reports.len() > 1 {
        let mut by_game: BTreeMap<&str, u32> = BTreeMap::new();
        for r in &reports {
            *by_game.entry(r.game.slug()).or_insert(0) += r.coups;
        }
        let list: Vec<String> = by_game.iter().map(|(g, n)| format!("{g} {n}")).collect();
        let _ = writeln!(w, "{}", i18n::tr_args(lang, "report-by-game", &[("list", list.join(", "))]));
    }
    if let Some(csv) = csv {
        let written =
            csv_bytes(&reports).map_err(|e| format!("{}: cannot write CSV: {e}", csv.display())).and_then(|bytes| {
                if csv == Path::new("-") {
                    w.write_all(&bytes).map_err(|e| format!("cannot write CSV: {e}"))
                } else {
                    journal::write_atomic(csv, &bytes).map_err(|e| e.to_string())
                }
            });
        if let Err(e) = written {
            let _ = writeln!(w, "{e}");
            status = 2;
        }
    }
    status
}
