//! `sabot play FILE…`: runs table scripts and prints each outcome (docs/SCRIPTS.md).

use crate::house::House;
use crate::i18n::{self, Lang};
use crate::script::{self, TableSpec, run};
use std::io::Write;
use std::path::PathBuf;

/// The outcome of one script file.
pub enum FileOutcome {
    Ok,
    Failed,
    Unreadable,
}

/// Runs one script file and writes its report.
pub fn play_file(path: &std::path::Path, print: bool, lang: Lang, w: &mut dyn Write) -> FileOutcome {
    play_file_in(path, print, None, lang, w)
}

/// Runs one script file; with a house (`sabot play --house FILE`), what the script's
/// `table` block leaves out takes the house's settings instead of Sabot's defaults.
pub fn play_file_in(
    path: &std::path::Path,
    print: bool,
    house: Option<&House>,
    lang: Lang,
    w: &mut dyn Write,
) -> FileOutcome {
    let name = path.display();
    let text = match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                let _ = writeln!(w, "{name}:1:1: not UTF-8 text ({e})");
                return FileOutcome::Unreadable;
            }
        },
        Err(e) => {
            let _ = writeln!(w, "{name}: cannot read: {e}");
            return FileOutcome::Unreadable;
        }
    };
    let mut script = match script::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(w, "{name}:{}:{}: {}", e.line, e.col, e.message);
            return FileOutcome::Unreadable;
        }
    };
    if let Some(house) = house {
        script.table = TableSpec::from_settings(&house.settings_for_spec(&script.table));
    }
    let outcome = match run::run(&script) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(w, "{name}: {}", crate::i18n::settings_text(lang, e.0));
            return FileOutcome::Unreadable;
        }
    };
    let failures = run::check(&script, &outcome);
    let ok = failures.is_empty() && outcome.stopped.is_none();
    if ok {
        let _ = writeln!(w, "{name}: ok");
    } else {
        let _ = writeln!(w, "{name}: FAILED  ({})", script.title);
        if let Some((i, r)) = &outcome.stopped {
            let step = script.steps.get(*i).map(|s| s.to_ron()).unwrap_or_default();
            let _ = writeln!(w, "  step {i} {step} refused: {}", i18n::refusal_text(lang, r));
        }
        for f in &failures {
            let _ = writeln!(w, "  {f}");
        }
    }
    if print {
        let e = run::computed_expect(&script, &outcome);
        for line in run::expect_to_ron(&e).lines() {
            let _ = writeln!(w, "  {line}");
        }
        // The rulings, errors and infractions of the run, in the croupier's words (RON
        // comments: the block above still pastes into a script).
        for text in outcome.events.iter().filter_map(|ev| i18n::verdict_text(lang, ev)) {
            let _ = writeln!(w, "  // {text}");
        }
    }
    if ok { FileOutcome::Ok } else { FileOutcome::Failed }
}

/// Runs every file; returns the exit status: 0 all held, 1 some failed, 2 some unreadable.
pub fn play(files: &[PathBuf], print: bool, lang: Lang, w: &mut dyn Write) -> i32 {
    play_in(files, print, None, lang, w)
}

/// Runs every file, at a house's tables if one is given.
pub fn play_in(files: &[PathBuf], print: bool, house: Option<&House>, lang: Lang, w: &mut dyn Write) -> i32 {
    let mut status = 0;
    for path in files {
        match play_file_in(path, print, house, lang, w) {
            FileOutcome::Ok => {}
            FileOutcome::Failed => status = status.max(1),
            FileOutcome::Unreadable => status = 2,
        }
    }
    status
}
