//! The engine is pure: no egui, no files, no clock, no threads, no network;
//! randomness only from an RNG passed in. This test reads its sources and fails on
//! any import or call that would break that.
//!
//! And the layer map: which parts of the crate each folder may use (`crate::…`,
//! in a `use` or written inline), as each folder's module doc states it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use std::path::Path;

const FORBIDDEN: &[&str] = &[
    "egui",
    "eframe",
    "std::fs",
    "std::io",
    "std::net",
    "std::thread",
    "std::time",
    "std::process",
    "std::env",
    "SystemTime",
    "Instant::",
    "chrono",
    "thread_rng",
    "rand::rng(",
    "OsRng",
    "from_entropy",
    "crate::app",
    "crate::journal",
    "crate::cli",
    "crate::i18n",
    "println!",
    "eprintln!",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("engine folder") {
        let p = entry.expect("entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Every forbidden word in the Rust sources under `folder`, as `file:line: …`.
fn impure_lines(folder: &str, at_least: usize) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(Path::new(env!("CARGO_MANIFEST_DIR")).join(folder).as_path(), &mut files);
    assert!(files.len() >= at_least, "the sources of {folder} were not found");
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in FORBIDDEN {
                if code.contains(word) {
                    bad.push(format!("{}:{}: `{word}` in: {}", f.display(), n + 1, line.trim()));
                }
            }
        }
    }
    bad
}

#[test]
fn engine_imports_nothing_impure() {
    let bad = impure_lines("src/engine", 10);
    assert!(bad.is_empty(), "the engine must stay pure:\n{}", bad.join("\n"));
}

/// The exact analysis (issue #7) is pure too: it may import the engine, nothing impure.
#[test]
fn analysis_imports_nothing_impure() {
    let bad = impure_lines("src/analysis", 4);
    assert!(bad.is_empty(), "the analysis must stay pure:\n{}", bad.join("\n"));
}

/// Training (staged drills, their questions and scores) is pure too: it may also
/// read the texts of `crate::i18n`, which are compiled into the binary.
#[test]
fn training_imports_nothing_impure() {
    let bad: Vec<String> =
        impure_lines("src/training", 4).into_iter().filter(|l| !l.contains("`crate::i18n`")).collect();
    assert!(bad.is_empty(), "training must stay pure:\n{}", bad.join("\n"));
}

#[test]
fn the_check_would_catch_an_impure_line() {
    let line = "use std::fs::File;";
    assert!(FORBIDDEN.iter().any(|w| line.contains(w)));
}

/// The layer map: the parts of the crate each folder (or top-level file) may use,
/// besides itself. `lib.rs` and `main.rs` are not checked.
const MAY_USE: &[(&str, &[&str])] = &[
    ("engine", &[]),
    ("analysis", &["engine"]),
    ("script", &["engine"]),
    ("sim", &["engine"]),
    ("i18n", &["engine", "script"]),
    ("journal", &["engine", "i18n"]),
    ("reports", &["engine", "script", "i18n", "analysis", "journal"]),
    ("training", &["engine", "i18n"]),
    ("entry", &["engine", "i18n", "training"]),
    ("house", &["engine", "analysis", "script", "training", "i18n"]),
    ("pit", &["engine", "journal", "reports", "analysis", "school", "training", "i18n"]),
    ("school", &["engine", "training", "i18n", "journal"]),
    (
        "app",
        &[
            "engine", "analysis", "script", "sim", "i18n", "journal", "reports", "training", "house", "pit", "school",
            "entry",
        ],
    ),
    // The command line never imports the app (issue 40): the binary hands it the
    // app's windows.
    (
        "cli",
        &[
            "engine", "analysis", "script", "sim", "i18n", "journal", "reports", "training", "house", "pit", "school",
            "entry",
        ],
    ),
];

/// `text` without its comments and the insides of its string and char literals
/// (a `crate::` written there is not a use).
fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !b[..i].last().is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < b.len() && !(b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#'))) {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1 + hashes;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // A char literal with an escape: '\'', '\\', '\n', '\u{…}'.
            i += 2;
            while i < b.len() && b[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_at(b: &[char], mut i: usize) -> (String, usize) {
    while i < b.len() && b[i].is_whitespace() {
        i += 1;
    }
    let start = i;
    while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
        i += 1;
    }
    (b[start..i].iter().collect(), i)
}

/// The parts of the crate a source uses: the first name after each `crate::`, in
/// `use` trees (`use crate::{engine::X, journal::{Y, Z}}` names engine and journal)
/// and in paths written inline (`crate::i18n::tr(…)`). Comments and strings aside.
fn crate_uses(text: &str) -> std::collections::BTreeSet<String> {
    let code = code_only(text);
    let b: Vec<char> = code.chars().collect();
    let mut used = std::collections::BTreeSet::new();
    let key: Vec<char> = "crate::".chars().collect();
    let mut i = 0;
    while i + key.len() <= b.len() {
        let starts_word = i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_' || b[i - 1] == '$');
        if !starts_word || b[i..i + key.len()] != key[..] {
            i += 1;
            continue;
        }
        let mut j = i + key.len();
        while j < b.len() && b[j].is_whitespace() {
            j += 1;
        }
        if b.get(j) == Some(&'{') {
            // A group: the first name of each item at its top level.
            let mut depth = 0;
            let mut item_start = true;
            while j < b.len() {
                match b[j] {
                    '{' => {
                        depth += 1;
                        if depth == 1 {
                            item_start = true;
                        }
                    }
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => item_start = true,
                    c if depth == 1 && item_start && (c.is_alphanumeric() || c == '_') => {
                        let (name, end) = ident_at(&b, j);
                        if name != "self" {
                            used.insert(name);
                        }
                        item_start = false;
                        j = end;
                        continue;
                    }
                    _ => {}
                }
                j += 1;
            }
        } else {
            let (name, _) = ident_at(&b, j);
            if !name.is_empty() && name != "self" {
                used.insert(name);
            }
        }
        i += key.len();
    }
    used
}

/// Every use of the crate outside the layer map, as `file: uses x`.
fn layer_breaches() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    let mut checked = 0;
    for (layer, allowed) in MAY_USE {
        let mut files = Vec::new();
        let dir = src.join(layer);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        }
        let file = src.join(format!("{layer}.rs"));
        if file.is_file() {
            files.push(file);
        }
        assert!(!files.is_empty(), "the sources of {layer} were not found");
        for f in &files {
            checked += 1;
            let text = std::fs::read_to_string(f).expect("read");
            for used in crate_uses(&text) {
                if used != *layer && !allowed.contains(&used.as_str()) {
                    bad.push(format!("{}: uses crate::{used} ({layer} may use {allowed:?})", f.display()));
                }
            }
        }
    }
    assert!(checked >= 50, "only {checked} sources were checked");
    bad
}

#[test]
fn every_folder_keeps_to_the_layer_map() {
    let bad = layer_breaches();
    assert!(bad.is_empty(), "imports outside the layer map:\n{}", bad.join("\n"));
}

#[test]
fn the_layer_check_reads_grouped_and_inline_paths() {
    let text = r#"
use crate::{engine::X, journal::{Y, Z}};
use crate::i18n::{self, Lang};
fn f() -> u8 {
    // crate::cli::main() is a comment
    /* crate::app::x() too */
    let s = "crate::cli::main()";
    let r = r"crate::cli";
    let c = '"';
    crate::sim::run(&s, c, r);
    mycrate::analysis::x();
}
"#;
    let used: Vec<String> = crate_uses(text).into_iter().collect();
    assert_eq!(used, ["engine", "i18n", "journal", "sim"]);
    // A use outside a folder's allowance is a breach:
    let training_uses_journal = crate_uses("use crate::{engine::Op, journal::Journal};");
    let allowed = MAY_USE.iter().find(|(l, _)| *l == "training").map(|(_, a)| *a).unwrap_or(&[]);
    assert!(training_uses_journal.iter().any(|u| !allowed.contains(&u.as_str())));
}

/// What a rule looks like when it comes back outside the engine (issue 41), and
/// which engine answer stands for it.
const RULE_MARKS: &[(&str, &str)] = &[
    ("% 10", "a total worked out from card points: the engine's `points_total`, `card::total`"),
    ("Winner::", "a hand's result matched: the engine's `Settlement::fare`, `all_tied`"),
    ("0..=4", "a drawing table: the engine's `player_duty`, `bank_cell`"),
    ("0..=5", "a drawing table: the engine's `player_duty`, `punto_draws`, `banca_draws`"),
    ("6 | 7", "a drawing table: the engine's `player_duty`"),
    ("8 | 9", "a natural worked out: the engine's `is_natural`"),
    ("[true, true, true", "a drawing table as a row by total: the engine's `player_duty`"),
    (">= 8", "a natural worked out: the engine's `is_natural`"),
    ("> 7", "a natural worked out: the engine's `is_natural`"),
    ("match …cmp(&", "a hand's result by comparing totals: the engine's `fares_against`"),
];

/// Lines that look like a rule and are not one, each with why: (file, mark).
const NOT_A_RULE: &[(&str, &str)] = &[
    // The decimal digits of a number written into a log line, not card points.
    ("src/journal/ron_text.rs", "% 10"),
];

/// Whether `line` bears `mark`: its parts (split at `…`) one after another.
fn bears(line: &str, mark: &str) -> bool {
    let mut rest = line;
    for part in mark.split('…') {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Every line of `text` (its code only, tests left out) that bears a rule's mark.
fn rule_lines(name: &str, text: &str) -> Vec<String> {
    let code = code_only(text);
    // A file's unit tests (from `#[cfg(test)]` on) may check a rule against the engine.
    let code = code.split("#[cfg(test)]").next().unwrap_or("");
    let mut bad = Vec::new();
    for (n, line) in code.lines().enumerate() {
        for (mark, instead) in RULE_MARKS {
            if bears(line, mark) && !NOT_A_RULE.contains(&(name, mark)) {
                bad.push(format!("{name}:{}: `{mark}`, {instead}: {}", n + 1, line.trim()));
            }
        }
    }
    bad
}

/// The identifiers of a source's code (comments and strings aside).
fn idents(text: &str) -> Vec<String> {
    let code = code_only(text);
    code.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_owned).collect()
}

/// What breaks «the app only routes» (issue 40): `src/app/mod.rs` defines no
/// screen's state or commands (its only enums are the screens and where a
/// command leads) and stays short; no screen reaches back into the app (its
/// commands, its state, `use super::*` of the app's module).
fn routing_breaches() -> Vec<String> {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let router = std::fs::read_to_string(app.join("mod.rs")).expect("read app/mod.rs");
    let mut bad = Vec::new();
    let lines = router.lines().count();
    if lines > 560 {
        bad.push(format!("src/app/mod.rs has {lines} lines (a router stays under 560)"));
    }
    let words = idents(&router);
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).map(String::as_str).unwrap_or("");
        if (w == "enum" && !["Screen", "Go"].contains(&next)) || (w == "struct" && next == "Live") {
            bad.push(format!("src/app/mod.rs defines {w} {next}: a screen's, not the router's"));
        }
    }
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    assert!(files.len() >= 20, "the app's sources were not found");
    for f in files.iter().filter(|f| !f.ends_with("app/mod.rs") && !f.ends_with("app/window.rs")) {
        let text = std::fs::read_to_string(f).expect("read");
        let words = idents(&text);
        for reach in ["Command", "SabotApp"] {
            if words.iter().any(|w| w == reach) {
                bad.push(format!("{}: names the app's {reach}", f.display()));
            }
        }
        // `use super::*` at the top of a file of the app's own folder takes the whole
        // router (`school_pit.rs` and the start form's `start_*.rs` parts are parts of
        // the school and of the start form, their `super` is the screen's).
        let parts = ["school_pit.rs", "start_tests.rs", "start_choice.rs", "start_fields.rs"];
        let part = parts.iter().any(|p| f.ends_with(p));
        let own = f.parent() == Some(app.as_path()) && !part;
        if own && code_only(&text).lines().any(|l| l.starts_with("use super::*;")) {
            bad.push(format!("{}: `use super::*` of the app's module", f.display()));
        }
    }
    bad
}

/// No rule outside the engine (issue 41): outside `src/engine` (and the independent
/// model of tests/model, which checks the engine against a second reading), no total
/// worked out with `% 10`, no `Winner` matched, no drawing table. Each of those asks
/// the engine.
#[test]
fn no_rule_comes_back_outside_the_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut bad = Vec::new();
    let mut checked = 0;
    for f in &files {
        let name = f.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
        let file = name.rsplit('/').next().unwrap_or("");
        if name.starts_with("src/engine/") || file.starts_with("tests") || file.ends_with("_tests.rs") {
            continue;
        }
        checked += 1;
        bad.extend(rule_lines(&name, &std::fs::read_to_string(f).expect("read")));
    }
    assert!(checked >= 100, "only {checked} sources were checked");
    assert!(bad.is_empty(), "a rule outside the engine:\n{}", bad.join("\n"));
}

#[test]
fn the_rule_check_would_catch_a_rule() {
    let text = "fn f(a: u8, b: u8) -> bool {\n    // (a + b) % 10 in a comment is no rule\n    let s = \"8 | 9\";\n    (a + b) % 10 >= 8\n}\n";
    // One line, two marks: a total worked out (`% 10`) and a natural (`>= 8`).
    assert_eq!(rule_lines("src/x.rs", text).len(), 2, "{:?}", rule_lines("src/x.rs", text));
    assert_eq!(rule_lines("src/x.rs", "match w { Winner::Tie => 0, _ => 1 }").len(), 1);
    assert!(rule_lines("src/journal/ron_text.rs", "let d = v % 10;").is_empty());
    // Issue 50: a natural as `>= 8`, a result as a match on totals compared.
    assert_eq!(rule_lines("src/x.rs", "if pt >= 8 || bt >= 8 {").len(), 1);
    assert_eq!(rule_lines("src/x.rs", "match bank.cmp(&pano) {").len(), 1);
    assert!(rule_lines("src/x.rs", "rows.sort_by(|a, b| a.cmp(&b));").is_empty());
    assert!(rule_lines("src/x.rs", "#[cfg(test)]\nmod tests { const T: [u8; 2] = [8 | 9, 0]; }").is_empty());
}

#[test]
fn the_app_only_routes_and_each_screen_owns_its_commands() {
    let bad = routing_breaches();
    assert!(bad.is_empty(), "the app's router and screens (issue 40):\n{}", bad.join("\n"));
}

/// The files that may go over every operation by name: the dispatcher sends each to
/// the rule that decides it (`decide/mod.rs`), the entry strip and the school put
/// each in words. Every other per-operation fact is the table's (`engine/op.rs`).
const OP_READERS: &[&str] = &["src/engine/decide/mod.rs", "src/entry/chips.rs", "src/training/words.rs"];

/// The variants of `Op` that `text` matches on: in a pattern (before `=>`, or on a
/// line of `|` alternatives or the line before them, as `matches!` and a long arm
/// write them).
fn matched_ops(text: &str) -> std::collections::BTreeSet<String> {
    let code = code_only(text);
    let mut ops = std::collections::BTreeSet::new();
    let lines: Vec<&str> = code.lines().map(str::trim).collect();
    for (n, l) in lines.iter().enumerate() {
        let alternatives_follow = lines.get(n + 1).is_some_and(|next| next.starts_with('|'));
        let pattern = match l.split_once("=>") {
            Some((left, _)) => left,
            None if l.starts_with('|') || l.ends_with('|') || alternatives_follow => l,
            None => continue,
        };
        for (i, _) in pattern.match_indices("Op::") {
            if pattern[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = pattern[i + 4..].chars().take_while(|c| c.is_alphanumeric()).collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                ops.insert(name);
            }
        }
    }
    ops
}

/// What breaks «one declaration of every operation» (issue 50): an enum of
/// operations, or of a script's steps, declared outside the table's readers, or a
/// list of operations kept by hand (six or more matched in one file) outside
/// `OP_READERS`.
fn op_lists_outside_the_table() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut bad = Vec::new();
    for f in &files {
        let name = f.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(f).expect("read");
        let words = idents(&text);
        let declares = |what: &str| words.windows(2).any(|w| w[0] == "enum" && w[1] == what);
        if declares("Op") && name != "src/engine/op.rs" {
            bad.push(format!("{name}: declares an enum Op outside the table (src/engine/op.rs)"));
        }
        if declares("Step") && name.starts_with("src/script/") && name != "src/script/steps.rs" {
            bad.push(format!("{name}: declares the script's steps outside the table's reader (src/script/steps.rs)"));
        }
        let listed = matched_ops(&text);
        if listed.len() >= 6 && !OP_READERS.contains(&name.as_str()) {
            bad.push(format!("{name}: a list of {} operations kept by hand: {listed:?}", listed.len()));
        }
    }
    bad
}

#[test]
fn every_operation_is_declared_in_the_one_table() {
    let bad = op_lists_outside_the_table();
    assert!(bad.is_empty(), "operations declared outside the one table (issue 50):\n{}", bad.join("\n"));
    // The table is there and whole: every operation it declares has a name, an example,
    // and a step of the script's.
    assert!(sabot::engine::Op::NAMES.len() >= 55, "{:?}", sabot::engine::Op::NAMES);
    assert_eq!(sabot::engine::Op::examples().len(), sabot::engine::Op::NAMES.len());
}

#[test]
fn the_table_check_would_catch_a_list_by_hand() {
    let text = "fn coup(op: &Op) -> bool {\n    matches!(\n        op,\n        Op::Bet { .. }\n            | Op::Banco { .. }\n            | Op::NoMoreBets\n            | Op::Card(_)\n            | Op::Show { .. }\n            | Op::Say { .. }\n    )\n}\n";
    assert_eq!(matched_ops(text).len(), 6, "{:?}", matched_ops(text));
    let arms = "match op {\n    Op::Bet { player, .. } | Op::Banco { player, .. } => 1,\n    Op::Leave { player } => 2,\n    _ => Op::NoMoreBets.x(),\n}\n";
    assert_eq!(matched_ops(arms).len(), 3, "an operation built after `=>` is no pattern");
    assert!(matched_ops("// Op::Bet | Op::Banco =>\nlet s = \"Op::Card =>\";").is_empty());
    assert!(
        matched_ops("let op = if a {\n    Op::NewShoe\n} else {\n    Op::NextCoup\n};").is_empty(),
        "built, not matched"
    );
}
