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
/// The report is in `lang`; names from the file system are shown inert. A report
/// that cannot be written (a closed output) counts as unreadable: nothing was said.
pub fn play_file_in(
    path: &std::path::Path,
    print: bool,
    house: Option<&House>,
    lang: Lang,
    w: &mut dyn Write,
) -> FileOutcome {
    report(path, print, house, lang, w).unwrap_or(FileOutcome::Unreadable)
}

/// `play_file_in`, stopping at the first write that fails.
fn report(
    path: &std::path::Path,
    print: bool,
    house: Option<&House>,
    lang: Lang,
    w: &mut dyn Write,
) -> std::io::Result<FileOutcome> {
    let name = inert(&path.display().to_string());
    let said = |id: &str, why: String| i18n::tr_args(lang, id, &[("name", name.clone()), ("why", why)]);
    let text = match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                writeln!(w, "{}", said("play-not-utf8", e.to_string()))?;
                return Ok(FileOutcome::Unreadable);
            }
        },
        Err(e) => {
            writeln!(w, "{}", said("play-unreadable", e.to_string()))?;
            return Ok(FileOutcome::Unreadable);
        }
    };
    let mut script = match script::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            writeln!(w, "{name}:{}:{}: {}", e.line, e.col, inert(&e.message))?;
            return Ok(FileOutcome::Unreadable);
        }
    };
    if let Some(house) = house {
        script.table = TableSpec::from_settings(&house.settings_for_spec(&script.table));
    }
    let outcome = match run::run(&script) {
        Ok(r) => r,
        Err(e) => {
            writeln!(w, "{name}: {}", crate::i18n::settings_text(lang, e.0))?;
            return Ok(FileOutcome::Unreadable);
        }
    };
    let failures = run::check(&script, &outcome);
    let ok = failures.is_empty() && outcome.stopped.is_none();
    if ok {
        writeln!(w, "{}", i18n::tr_args(lang, "play-ok", &[("name", name.clone())]))?;
    } else {
        let args = [("name", name.clone()), ("title", inert(&script.title))];
        writeln!(w, "{}", i18n::tr_args(lang, "play-failed", &args))?;
        if let Some((i, r)) = &outcome.stopped {
            let step = script.steps.get(*i).map(|s| s.to_ron()).unwrap_or_default();
            let args = [("n", i.to_string()), ("step", inert(&step)), ("refusal", i18n::refusal_text(lang, r))];
            writeln!(w, "  {}", i18n::tr_args(lang, "play-step-refused", &args))?;
        }
        for f in &failures {
            writeln!(w, "  {}", inert(&i18n::failure_text(lang, f)))?;
        }
    }
    if print {
        let e = run::computed_expect(&script, &outcome);
        for line in run::expect_to_ron(&e).lines() {
            writeln!(w, "  {line}")?;
        }
        // The rulings, errors and infractions of the run, in the croupier's words (RON
        // comments: the block above still pastes into a script).
        for text in outcome.events.iter().filter_map(|ev| i18n::verdict_text(lang, ev)) {
            writeln!(w, "  // {text}")?;
        }
    }
    Ok(if ok { FileOutcome::Ok } else { FileOutcome::Failed })
}

/// A text from a file shown as plain text: its control characters (a terminal's
/// escapes, a line break that would fake a line of the report) written as escapes.
fn inert(text: &str) -> String {
    text.chars().flat_map(|c| if c.is_control() { c.escape_default().collect() } else { vec![c] }).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn played(text: &str, lang: Lang) -> (i32, String) {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("s.ron");
        std::fs::write(&path, text).expect("written");
        let mut out = Vec::new();
        let status = play(&[path], false, lang, &mut out);
        (status, String::from_utf8(out).expect("text"))
    }

    const SCRIPT: &str = r#"Script(title: "TITLE", bank: "1000", steps: [NextCoup], expect: (bank: "BANK"))"#;

    /// `sabot play` settles disputes at the table: on a Spanish machine it says in
    /// Spanish whether a script holds and what failed, and a title cannot forge a
    /// line of its report.
    #[test]
    fn play_reports_in_the_machines_language_and_shows_names_inert() {
        let (status, held) = played(&SCRIPT.replace("BANK", "1000").replace("TITLE", "t"), Lang::Es);
        assert_eq!(status, 0, "{held}");
        assert!(held.ends_with("s.ron: se cumple\n"), "{held}");
        let (status, failed) = played(&SCRIPT.replace("BANK", "900").replace("TITLE", "t\nfake: ok"), Lang::Es);
        assert_eq!(status, 1, "{failed}");
        assert!(failed.contains(": FALLA  (t\\nfake: ok)"), "{failed}");
        assert!(failed.contains("bank: se esperaba 900.00, se calculó 1000.00"), "{failed}");
        assert!(!failed.lines().any(|l| l.starts_with("fake")), "{failed}");
        let (_, en) = played(&SCRIPT.replace("BANK", "900").replace("TITLE", "t"), Lang::En);
        assert!(en.contains(": FAILED  (t)") && en.contains("bank: expected 900.00, computed 1000.00"), "{en}");
        let (status, unread) = played("Script(", Lang::Es);
        assert_eq!(status, 2, "{unread}");
    }
}
