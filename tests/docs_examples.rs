//! docs/SCRIPTS.md cannot drift from the parser: every ```ron block in it is a complete
//! script (first line `// script`) and runs through `sabot play`'s code to what it
//! expects; every step kind, `expect` field and table field the scenarios use beyond
//! the base format, and every house rule, is named on that page.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::HouseRules;
use sabot::script::{self, Step, run};
use std::path::{Path, PathBuf};

/// The first line of a complete script on the page.
const MARKER: &str = "// script";

/// What the base format (the first part of docs/SCRIPTS.md) documents: steps, `expect` fields, table fields.
const CONTRACT_STEPS: &[&str] = &["Bet", "Banco", "BancoWithTable", "NoMoreBets", "Cards", "Show", "Say", "AskTable"];
const CONTRACT_EXPECT: &[&str] = &["totals", "winners", "net", "cagnotte", "commission", "bank", "refused", "void"];
const CONTRACT_TABLE: &[&str] = &["game", "decks", "unit", "cagnotte", "commission", "bank_limit", "sections"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn page() -> String {
    std::fs::read_to_string(root().join("docs/SCRIPTS.md")).expect("docs/SCRIPTS.md")
}

/// The ```ron blocks of a Markdown text: (line of the opening fence, body).
fn ron_blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, bool, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => open = Some((i + 1, info.trim() == "ron", String::new())),
            (Some(_), Some(_)) => {
                if let Some((at, true, body)) = open.take() {
                    out.push((at, body));
                }
            }
            (Some((_, _, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "docs/SCRIPTS.md: a code block is never closed");
    out
}

#[test]
fn every_example_on_the_page_runs() {
    let blocks = ron_blocks(&page());
    assert!(blocks.len() >= 6, "docs/SCRIPTS.md has {} complete examples, fewer than 6", blocks.len());
    let mut failed = Vec::new();
    for (line, body) in &blocks {
        let at = format!("docs/SCRIPTS.md:{line}");
        if body.lines().next().map(str::trim) != Some(MARKER) {
            failed.push(format!(
                "{at}: a ```ron block is a complete script whose first line is `{MARKER}` (fragments are ```text)"
            ));
            continue;
        }
        let s = match script::parse(body) {
            Ok(s) => s,
            Err(e) => {
                failed.push(format!("{at}: block line {e}"));
                continue;
            }
        };
        if s.expect.is_none() || s.rules.is_empty() {
            failed.push(format!("{at}: an example cites its clauses and says what must come of it"));
        }
        let r = match run::run(&s) {
            Ok(r) => r,
            Err(e) => {
                failed.push(format!("{at}: {:?}", e.0));
                continue;
            }
        };
        if let Some((i, refusal)) = &r.stopped {
            failed.push(format!("{at}: step {i} refused: {refusal}"));
        }
        for fail in run::check(&s, &r) {
            failed.push(format!("{at}: {fail}"));
        }
        if let Some(st) = r.table.settlement()
            && !st.balances()
        {
            failed.push(format!("{at}: money does not balance"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The field names of a RON struct written by `ron::to_string` (`(a:1,b:(c:2))` → a, b).
fn top_level_fields(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut escaped, mut key) = (0u32, false, false, None::<String>);
    for c in text.chars() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => {
                depth += 1;
                if depth == 1 {
                    key = Some(String::new());
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => key = Some(String::new()),
            ':' if depth == 1 => {
                if let Some(k) = key.take() {
                    out.push(k.trim().to_string());
                }
            }
            _ if depth == 1 => {
                if let Some(k) = key.as_mut() {
                    k.push(c);
                }
            }
            _ => {}
        }
    }
    out
}

fn step_name(step: &Step) -> String {
    step.to_ron().chars().take_while(|c| c.is_ascii_alphanumeric()).collect()
}

fn scenario_files() -> Vec<PathBuf> {
    let dir = root().join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

fn documented(page: &str, name: &str) -> bool {
    [format!("`{name}`"), format!("`{name}("), format!("`{name}:")].iter().any(|p| page.contains(p.as_str()))
}

fn missing(page: &str, names: &[(String, &Path)], contract: &[&str], what: &str) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    names
        .iter()
        .filter(|(n, _)| !contract.contains(&n.as_str()) && seen.insert(n.clone()) && !documented(page, n))
        .map(|(n, f)| {
            let f = f.strip_prefix(root()).unwrap_or(f);
            format!("{what} `{n}` (used by {}) is not on docs/SCRIPTS.md", f.display())
        })
        .collect()
}

#[test]
fn every_addition_the_scenarios_use_is_documented() {
    let page = page();
    let files = scenario_files();
    let (mut steps, mut fields, mut table) = (Vec::new(), Vec::new(), Vec::new());
    for f in &files {
        let s = script::parse(&std::fs::read_to_string(f).expect("read")).expect("scenario parses");
        for step in &s.steps {
            steps.push((step_name(step), f.as_path()));
            if let Step::Check(e) = step {
                fields.extend(top_level_fields(&ron::to_string(e).expect("ron")).into_iter().map(|n| (n, f.as_path())));
            }
        }
        if let Some(e) = &s.expect {
            fields.extend(top_level_fields(&ron::to_string(e).expect("ron")).into_iter().map(|n| (n, f.as_path())));
        }
        table.extend(top_level_fields(&ron::to_string(&s.table).expect("ron")).into_iter().map(|n| (n, f.as_path())));
    }
    let mut gaps = missing(&page, &steps, CONTRACT_STEPS, "step");
    gaps.extend(missing(&page, &fields, CONTRACT_EXPECT, "expect field"));
    gaps.extend(missing(&page, &table, CONTRACT_TABLE, "table field"));
    assert!(gaps.is_empty(), "{}", gaps.join("\n"));
}

#[test]
fn every_house_rule_is_documented() {
    let page = page();
    let fields = top_level_fields(&ron::to_string(&HouseRules::default()).expect("ron"));
    assert!(fields.len() >= 10, "house rules read: {fields:?}");
    let gaps: Vec<&String> = fields.iter().filter(|f| !documented(&page, f)).collect();
    assert!(gaps.is_empty(), "house rules not on docs/SCRIPTS.md: {gaps:?}");
}

#[test]
fn the_block_reader_and_the_field_reader() {
    let md = "a\n```ron\n// script\nx\n```\n```text\ny\n```\n```ron\nz\n```\n";
    assert_eq!(ron_blocks(md), vec![(2, "// script\nx\n".to_string()), (9, "z\n".to_string())]);
    assert_eq!(top_level_fields(r#"(a:1,b:(c:"x:,)"),d:[(e:2)])"#), vec!["a", "b", "d"]);
}
