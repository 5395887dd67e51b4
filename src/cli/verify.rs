//! `sabot verify LOG…`: checks shift logs end to end (the chain, the sequence, the
//! times) and re-plays every coup through the engine, recomputing every settlement.

use crate::journal::{self, JournalError, VerifyReport};
use std::io::Write;
use std::path::PathBuf;

/// Writes what verify found about one log.
pub fn print_report(r: &VerifyReport, require_closed: bool, w: &mut dyn Write) -> i32 {
    let name = r.path.display();
    let rep = match &r.result {
        Ok(rep) => rep,
        Err(JournalError::Bad { bad, .. }) => {
            let _ = writeln!(w, "{name}: BAD at {bad}");
            let _ = writeln!(w, "  the records before it are sound; this record and what follows cannot be trusted");
            return 1;
        }
        Err(e) => {
            let _ = writeln!(w, "{name}: UNREADABLE: {}", strip_path(&e.to_string(), &r.path));
            return 2;
        }
    };
    let h = &rep.header;
    let totals = rep.table.totals();
    let closed = rep.closed.is_some();
    let mut status = 0;
    let verdict = if closed || !require_closed {
        "ok"
    } else {
        status = 1;
        "NOT CLOSED"
    };
    let _ = writeln!(
        w,
        "{name}: {verdict}{}: table {}, croupier {}, {}, started {}; {} records, {} coups settled and re-played",
        if h.training { " (TRAINING file, not a live shift)" } else { "" },
        h.table,
        h.croupier,
        h.settings.game.slug(),
        h.started.to_rfc3339(),
        rep.records,
        totals.coups,
    );
    if closed {
        let _ = writeln!(w, "  closed at {}", rep.last_at.to_rfc3339());
    } else {
        let _ = writeln!(
            w,
            "  not closed: the shift is still open, or Sabot stopped without closing it (starting Sabot takes it up); \
             records removed from the end of a log that is not closed cannot be detected"
        );
    }
    if let Some(t) = &rep.tail {
        let _ = writeln!(
            w,
            "  line {}: {}; it was never acknowledged, and starting Sabot sets it aside in a side file",
            t.line, t.what
        );
    }
    if !rep.resumed.is_empty() {
        let aside: Vec<&str> =
            rep.resumed.iter().filter_map(|x| x.set_aside.as_ref()).map(|s| s.file.as_str()).collect();
        let _ = writeln!(
            w,
            "  taken up again {} time(s) after Sabot stopped; {} record(s) in flight set aside{}",
            rep.resumed.len(),
            aside.len(),
            if aside.is_empty() { String::new() } else { format!(": {}", aside.join(", ")) }
        );
    }
    for f in &r.side_files {
        let _ = writeln!(w, "  side file: {}", f.display());
    }
    status
}

fn strip_path(msg: &str, path: &std::path::Path) -> String {
    let prefix = format!("{}: ", path.display());
    msg.strip_prefix(&prefix).unwrap_or(msg).to_string()
}

/// Verifies every log; returns the exit status: 0 all sound, 1 a bad record, 2 a
/// file that cannot be read as a shift log.
pub fn verify(logs: &[PathBuf], require_closed: bool, w: &mut dyn Write) -> i32 {
    let mut status = 0;
    for path in logs {
        let r = journal::verify(path);
        status = status.max(print_report(&r, require_closed, w));
    }
    status
}
