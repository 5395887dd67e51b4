//! Every message the app uses exists in Spanish and in English, and the two app
//! catalogues have the same messages.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::i18n::{self, Lang};
use std::collections::BTreeSet;
use std::path::Path;

/// String literals in the app's sources that are egui ids or text, not message ids.
const NOT_MESSAGES: &[&str] = &[
    "top-bar",
    "banner",
    "entry",
    "side",
    "start-form",
    "by-player",
    "shift-box",
    "bets-box",
    "help",
    // The review's panels, charts and exports (ids and file names).
    "review-top",
    "review-shifts",
    "review-chart",
    "review-glance-text",
    "review-reconciliation",
    "coups-per-hour",
    "sabot-review",
    "sabot-dialog",
    "sabot-review-work",
    "sabot-review-folder",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn looks_like_id(s: &str) -> bool {
    let mut parts = s.split('-');
    let first_ok = parts.next().is_some_and(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()));
    let rest: Vec<&str> = parts.collect();
    first_ok
        && !rest.is_empty()
        && rest.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
}

/// Every double-quoted literal in a source file (no raw strings in the app).
fn literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut in_comment = false;
    let mut prev = ' ';
    while let Some(c) = chars.next() {
        if in_comment {
            if c == '\n' {
                in_comment = false;
            }
            continue;
        }
        if c == '/' && prev == '/' {
            in_comment = true;
            continue;
        }
        if c == '\'' && chars.peek() == Some(&'"') {
            // The char literal '"'.
            chars.next();
            prev = '"';
            continue;
        }
        if c == '"' {
            let mut s = String::new();
            while let Some(d) = chars.next() {
                match d {
                    '\\' => {
                        chars.next();
                    }
                    '"' => break,
                    _ => s.push(d),
                }
            }
            out.push(s);
            prev = '"';
            continue;
        }
        prev = c;
    }
    out
}

fn ftl_ids_of(lang: &str, file: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("locales").join(lang).join(file)).expect("ftl file");
    text.lines()
        .filter_map(|l| l.split_once(" = ").map(|(k, _)| k.trim()))
        .filter(|k| looks_like_id(k))
        .map(String::from)
        .collect()
}

fn ftl_ids(lang: &str) -> BTreeSet<String> {
    ftl_ids_of(lang, "app.ftl")
}

/// The Rust sources under `dir`, its sub-folders included.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_message_the_app_uses_exists_in_both_languages() {
    let mut used = BTreeSet::new();
    let mut files = Vec::new();
    rust_files(&root().join("src/app"), &mut files);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("source");
        // Only the code, not the unit tests at the bottom.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for lit in literals(code) {
            if looks_like_id(&lit) && !NOT_MESSAGES.contains(&lit.as_str()) {
                used.insert(lit);
            }
        }
    }
    assert!(used.len() > 100, "the scan found too few message ids: {used:?}");
    // The catalogues as files (a message with arguments does not render without
    // them, so `i18n::has` cannot tell), and as the binary loaded them.
    let mut missing = Vec::new();
    for lang in Lang::ALL {
        let mut ids = ftl_ids_of(lang.code(), "app.ftl");
        ids.extend(ftl_ids_of(lang.code(), "engine.ftl"));
        // The training screen also shows the questions' words (training.ftl).
        ids.extend(ftl_ids_of(lang.code(), "training.ftl"));
        // The pit's line and the start form's pit field (pit.ftl).
        ids.extend(ftl_ids_of(lang.code(), "pit.ftl"));
        // The review says a shift in the report's words (report.ftl).
        ids.extend(ftl_ids_of(lang.code(), "report.ftl"));
        for id in &used {
            if !ids.contains(id) {
                missing.push(format!("{} {id}", lang.code()));
            }
        }
        for id in ["owed-bets", "btn-confirm", "payout-stays"] {
            assert!(i18n::try_tr_args(lang, id, &[]).is_some(), "{id} not loaded in {}", lang.code());
        }
    }
    assert!(missing.is_empty(), "messages missing:\n{}", missing.join("\n"));
}

#[test]
fn the_two_catalogues_have_the_same_messages() {
    for file in ["app.ftl", "training.ftl", "verify.ftl", "simulate.ftl", "pit.ftl"] {
        let es = ftl_ids_of("es", file);
        let en = ftl_ids_of("en", file);
        let only_es: Vec<_> = es.difference(&en).collect();
        let only_en: Vec<_> = en.difference(&es).collect();
        assert!(only_es.is_empty() && only_en.is_empty(), "{file}: only in es: {only_es:?}; only in en: {only_en:?}");
    }
    assert!(ftl_ids("es").len() > 100);
}

/// What `sabot verify`, `sabot export`, `sabot play` and `sabot simulate --resume` say (`verify.ftl`): every message is used
/// by the code that renders them, and each renders in both languages.
#[test]
fn every_verify_message_is_used_and_loaded() {
    let mut used = BTreeSet::new();
    for file in [
        "src/journal/text.rs",
        "src/reports/export_text.rs",
        "src/cli/verify.rs",
        "src/cli/export.rs",
        "src/cli/simulate.rs",
        "src/cli/play.rs",
        "src/i18n/script.rs",
    ] {
        let text = std::fs::read_to_string(root().join(file)).expect("source");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        used.extend(literals(code));
    }
    let ids = ftl_ids_of("en", "verify.ftl");
    assert!(ids.len() > 60, "{ids:?}");
    let unused: Vec<&String> = ids.iter().filter(|id| !used.contains(*id)).collect();
    assert!(unused.is_empty(), "verify.ftl messages no code uses: {unused:?}");
    for lang in Lang::ALL {
        for id in ["verify-ok", "verify-bad-after", "journal-chain-broken", "doing-read-log"] {
            assert!(i18n::try_tr_args(lang, id, &[]).is_some(), "{id} not loaded in {}", lang.code());
        }
    }
}

#[test]
fn the_scanner_reads_literals() {
    let l = literals(
        r#"t(lang, "owed-bets"); // "not-this"
let c = '"'; ta(lang, "chip-bet", &[("x", "y")])"#,
    );
    assert_eq!(l, vec!["owed-bets", "chip-bet", "x", "y"]);
}
