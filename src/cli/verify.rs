//! `sabot verify LOG…`: checks shift logs end to end (the chain, the sequence, the
//! times) and re-plays every coup through the engine, recomputing every settlement.

use crate::i18n::{self, Lang};
use crate::journal::{self, JournalError, VerifyReport, report::local_time};
use std::io::Write;
use std::path::PathBuf;

/// Writes what verify found about one log, in `lang`; returns its exit status.
pub fn print_report(r: &VerifyReport, require_closed: bool, lang: Lang, w: &mut dyn Write) -> i32 {
    let t = |id: &str| i18n::tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    // Every text read from the log (its file's name too) shown inert (issue 51): a
    // damaged log cannot print a fake «ok» over its own line or the next one's.
    let name = i18n::inert(&r.path.display().to_string());
    let rep = match &r.result {
        Ok(rep) => rep,
        Err(e) => return print_unread(name, e, lang, w),
    };
    let h = &rep.header;
    let totals = rep.table.totals();
    let closed = rep.closed.is_some();
    let mut status = 0;
    let verdict = if closed || !require_closed {
        t("verify-ok")
    } else {
        status = 1;
        t("verify-not-closed-verdict")
    };
    let training = if h.training { format!(" {}", t("verify-training")) } else { String::new() };
    let summary = ta(
        "verify-summary",
        &[
            ("file", name),
            ("verdict", verdict),
            ("training", training),
            ("table", i18n::inert(&h.table)),
            ("croupier", i18n::inert(&h.croupier)),
            ("game", crate::i18n::game_name(lang, h.settings.game)),
            ("started", local_time(&h.started)),
            ("records", rep.records.to_string()),
            ("coups", totals.coups.to_string()),
        ],
    );
    let _ = writeln!(w, "{summary}");
    print_notes(rep, closed, lang, w);
    for f in &r.side_files {
        let _ = writeln!(w, "  {}", ta("verify-side-file", &[("file", i18n::inert(&f.display().to_string()))]));
    }
    status
}

/// Verifies every log; returns the exit status: 0 all sound, 1 a bad record, 2 a
/// file that cannot be read as a shift log.
pub fn verify(logs: &[PathBuf], require_closed: bool, lang: Lang, w: &mut dyn Write) -> i32 {
    let mut status = 0;
    for path in logs {
        let r = journal::verify(path);
        status = status.max(print_report(&r, require_closed, lang, w));
    }
    status
}

/// Writes why a log was not verified: a bad record where it is (status 1), or a file
/// that cannot be read as a log (status 2).
fn print_unread(name: String, e: &JournalError, lang: Lang, w: &mut dyn Write) -> i32 {
    let t = |id: &str| i18n::tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    match e {
        JournalError::Bad { bad, .. } => {
            let status = t("verify-bad-status");
            let _ = writeln!(
                w,
                "{}",
                ta(
                    "verify-bad",
                    &[
                        ("file", name),
                        ("status", status),
                        ("where", i18n::inert(&journal::text::bad_record_text(lang, bad)))
                    ]
                )
            );
            let _ = writeln!(w, "  {}", t("verify-bad-after"));
            1
        }
        e => {
            let status = t("verify-unreadable-status");
            let why = i18n::inert(&journal::text::journal_error_reason(lang, e));
            let _ = writeln!(w, "{}", ta("verify-unreadable", &[("file", name), ("status", status), ("why", why)]));
            2
        }
    }
}

/// Writes the notes under a verified log's summary: when it was closed (and amended
/// after), the clock's jumps, a torn tail, the times it was resumed.
fn print_notes(rep: &journal::Replayed, closed: bool, lang: Lang, w: &mut dyn Write) {
    let t = |id: &str| i18n::tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    if closed {
        let at = rep.closed_at.unwrap_or(rep.last_at);
        let _ = writeln!(w, "  {}", ta("verify-closed-at", &[("at", local_time(&at))]));
        if rep.amended_after_close > 0 {
            let args = [("count", rep.amended_after_close.to_string()), ("last", local_time(&rep.last_at))];
            let _ = writeln!(w, "  {}", ta("verify-amended-after-close", &args));
        }
        if rep.close_unterminated {
            let _ = writeln!(w, "  {}", t("verify-closed-unterminated"));
        }
    } else {
        let _ = writeln!(w, "  {}", t("verify-not-closed"));
    }
    for (line, jump) in &rep.clock_jumps {
        let args = [("line", line.to_string()), ("seen", jump.seen.to_rfc3339()), ("used", jump.used.to_rfc3339())];
        let _ = writeln!(w, "  {}", ta("verify-clock-jump", &args));
    }
    if let Some(tail) = &rep.tail {
        let what = i18n::inert(&journal::text::problem_text(lang, &tail.what));
        // After the close it is an amendment a power cut caught (R-BQ-E7).
        let id = if closed { "verify-tail-after-close" } else { "verify-tail" };
        let _ = writeln!(w, "  {}", ta(id, &[("line", tail.line.to_string()), ("what", what)]));
    }
    if !rep.resumed.is_empty() {
        let aside: Vec<&str> =
            rep.resumed.iter().filter_map(|x| x.set_aside.as_ref()).map(|s| s.file.as_str()).collect();
        let files = if aside.is_empty() { String::new() } else { format!(": {}", i18n::inert(&aside.join(", "))) };
        let line = ta(
            "verify-resumed",
            &[("count", rep.resumed.len().to_string()), ("aside", aside.len().to_string()), ("files", files)],
        );
        let _ = writeln!(w, "  {line}");
    }
}
