//! `sabot report LOG… [--csv FILE]`: each shift summed up; CSV for spreadsheets.

use crate::journal::report::{self, CSV_HEADER, ShiftReport};
use crate::journal::{self, JournalError};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

fn print_one(r: &ShiftReport, w: &mut dyn Write) {
    let _ = writeln!(w, "{}", r.path.display());
    let _ = writeln!(
        w,
        "  table {}, croupier {}, {}{}",
        r.table,
        r.croupier,
        r.game.slug(),
        if r.training { " (TRAINING)" } else { "" }
    );
    let _ = writeln!(
        w,
        "  started {}, last record {}, {}",
        r.started.to_rfc3339(),
        r.last_record.to_rfc3339(),
        if r.closed { "closed" } else { "NOT CLOSED" }
    );
    let _ = writeln!(
        w,
        "  coups {} (void {}){}",
        r.coups,
        r.void_coups,
        if r.coup_in_play { ", and one in play when the log ends" } else { "" }
    );
    let _ = writeln!(
        w,
        "  bank: start {}, end {}, movement {}; bank's net against the bets {}",
        r.bank_start,
        r.bank_end,
        r.bank_movement(),
        r.bank_net
    );
    if r.bank_taken.is_positive() || r.bank_returned.is_positive() {
        let _ = writeln!(
            w,
            "  banks handed in by bankers {}, handed back {}{}",
            r.bank_taken,
            r.bank_returned,
            if r.set_aside_total.is_positive() { format!(", set aside {}", r.set_aside_total) } else { String::new() }
        );
    }
    let _ = writeln!(w, "  cagnotte {}, commission {}", r.cagnotte, r.commission);
    if r.errors.is_empty() {
        let _ = writeln!(w, "  errors recorded: none");
    } else {
        let list: Vec<String> = r.errors.iter().map(|(c, n)| format!("{c}: {n}")).collect();
        let _ = writeln!(w, "  errors recorded: {} ({})", r.errors.values().sum::<u32>(), list.join(", "));
    }
    if r.infractions.is_empty() {
        let _ = writeln!(w, "  infractions: none");
    } else {
        let list: Vec<String> = r.infractions.iter().map(|(c, n)| format!("{c}: {n}")).collect();
        let _ = writeln!(w, "  infractions: {} ({})", r.infractions_total(), list.join(", "));
    }
    if !r.other_events.is_empty() {
        let list: Vec<String> = r.other_events.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        let _ = writeln!(w, "  other events: {}", list.join(", "));
    }
    let _ = writeln!(w, "  amendments: {}", r.amendments);
    let _ = writeln!(w, "  taken up after a stop: {} (records set aside: {})", r.resumptions, r.set_aside);
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
pub fn report(logs: &[PathBuf], csv: Option<&Path>, w: &mut dyn Write) -> i32 {
    let mut status = 0;
    let mut reports = Vec::new();
    for path in logs {
        match report::report(path) {
            Ok(r) => {
                print_one(&r, w);
                reports.push(r);
            }
            Err(JournalError::Bad { bad, .. }) => {
                let _ = writeln!(w, "{}: does not verify, no figures: {bad}", path.display());
                status = status.max(1);
            }
            Err(e) => {
                let _ = writeln!(w, "{e}");
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
        let _ = writeln!(w, "coups by game: {}", list.join(", "));
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
