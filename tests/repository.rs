//! The repository stands on its own: no file points outside it, and docs/RULES.md
//! states exactly the clauses the code cites.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::Clause;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's files: what git tracks, or, without git (a source tarball), every
/// file under the root but `target/` and `.git`.
fn tracked_files() -> Vec<PathBuf> {
    let git = std::process::Command::new("git").arg("-C").arg(root()).args(["ls-files", "-z"]).output();
    if let Ok(out) = git
        && out.status.success()
        && !out.stdout.is_empty()
    {
        return out
            .stdout
            .split(|b| *b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| root().join(String::from_utf8_lossy(p).as_ref()))
            .collect();
    }
    let mut files = Vec::new();
    let mut dirs = vec![root()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a folder of the repository").flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if name == "target" || name == ".git" {
                continue;
            }
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn no_file_points_outside_the_repository() {
    // Built from two halves so that this file does not name it itself.
    let outside = ["..", "/shared"].concat();
    let mut found = Vec::new();
    let files = tracked_files();
    assert!(files.len() > 50, "found only {} files in the repository", files.len());
    for path in files {
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let text = String::from_utf8_lossy(&bytes);
        for (i, line) in text.lines().enumerate() {
            if line.contains(&outside) {
                found.push(format!(
                    "{}:{}: {}",
                    path.strip_prefix(root()).unwrap_or(&path).display(),
                    i + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "files that point outside the repository (use docs/RULES.md, docs/SCRIPTS.md):\n{}",
        found.join("\n")
    );
}

/// The clause IDs docs/RULES.md states: each bullet that starts `- **R-…**`.
fn stated_clauses(page: &str) -> Vec<String> {
    page.lines()
        .filter_map(|l| l.trim_start().strip_prefix("- **"))
        .filter_map(|rest| rest.split("**").next())
        .filter(|id| id.starts_with("R-"))
        .map(str::to_string)
        .collect()
}

#[test]
fn rules_md_states_every_clause_the_code_cites_once_with_its_source() {
    let page = std::fs::read_to_string(root().join("docs/RULES.md")).expect("docs/RULES.md");
    let stated = stated_clauses(&page);
    let unique: BTreeSet<&String> = stated.iter().collect();
    assert_eq!(unique.len(), stated.len(), "a clause is stated twice in docs/RULES.md");
    let code: BTreeSet<String> = Clause::ALL.iter().map(|c| c.id().to_string()).collect();
    let page_ids: BTreeSet<String> = stated.iter().cloned().collect();
    let missing: Vec<&String> = code.difference(&page_ids).collect();
    let extra: Vec<&String> = page_ids.difference(&code).collect();
    assert!(missing.is_empty(), "clauses the code cites that docs/RULES.md does not state: {missing:?}");
    assert!(extra.is_empty(), "clauses docs/RULES.md states that the code does not know: {extra:?}");
    // Each clause ends with its source in brackets: a seed (000…003) or the project.
    let mut current: Option<(String, String)> = None;
    let mut unsourced = Vec::new();
    let mut check = |c: Option<(String, String)>| {
        if let Some((id, text)) = c
            && !(text.contains('[') && text.contains(']'))
        {
            unsourced.push(id);
        }
    };
    for line in page.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("- **R-") {
            check(current.take());
            let id = format!("R-{}", rest.split("**").next().unwrap_or(""));
            current = Some((id, line.to_string()));
        } else if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('|') {
            check(current.take());
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
        }
    }
    check(current.take());
    assert!(unsourced.is_empty(), "clauses without their source in brackets: {unsourced:?}");
}

#[test]
fn the_docs_link_to_files_that_exist() {
    // Relative Markdown links in README.md and docs/*.md point at files of the repository.
    let mut pages = vec![root().join("README.md")];
    for e in std::fs::read_dir(root().join("docs")).expect("docs/").flatten() {
        if e.path().extension().is_some_and(|x| x == "md") {
            pages.push(e.path());
        }
    }
    let mut broken = Vec::new();
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("a page");
        let base = page.parent().unwrap_or(Path::new("."));
        for part in text.split("](").skip(1) {
            let Some(target) = part.split(')').next() else { continue };
            let target = target.split('#').next().unwrap_or("");
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !base.join(target).exists() {
                broken.push(format!("{}: {target}", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "links to files that are not in the repository:\n{}", broken.join("\n"));
}

/// No source file of Sabot's passes 800 lines, counted raw (issue 23): a module that
/// grows past it is split, its unit tests first into a file of their own.
#[test]
fn no_source_file_passes_800_lines() {
    let long: Vec<String> = tracked_files()
        .into_iter()
        .filter(|p| p.starts_with(root().join("src")) && p.extension().is_some_and(|e| e == "rs"))
        .filter_map(|p| {
            let lines = std::fs::read_to_string(&p).ok()?.lines().count();
            (lines > 800).then(|| format!("{}: {lines} lines", p.strip_prefix(root()).unwrap_or(&p).display()))
        })
        .collect();
    assert!(long.is_empty(), "over 800 lines: {long:?}");
}

/// Every `.rs` file under `dir`, walked on disk (new files count before git knows them).
fn rust_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a folder of src/").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The name of the function a line opens, with its indentation, if the line is a `fn`
/// line: indentation, then `pub ` or `pub(word) `, `const `, `unsafe `, `async ` (each
/// optional, in that order), then `fn name`.
fn fn_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start();
    let indent = &line[..line.len() - rest.len()];
    let mut rest = rest;
    if let Some(r) = rest.strip_prefix("pub ") {
        rest = r;
    } else if let Some(r) = rest.strip_prefix("pub(")
        && let Some((word, r)) = r.split_once(") ")
        && !word.is_empty()
        && word.bytes().all(|b| b.is_ascii_lowercase())
    {
        rest = r;
    }
    for word in ["const ", "unsafe ", "async "] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
    (end > 0).then(|| (indent, &rest[..end]))
}

/// Each function of a source text with its length in raw lines: from its `fn` line to the
/// first line that is its indentation and a lone `}`, comments and blanks included. A
/// function on one line, and a declaration without a body, are not counted.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((indent, name)) = fn_line(line) else { continue };
        let trimmed = line.trim_end();
        if trimmed.ends_with('}') || trimmed.ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        let end = lines[i..].iter().position(|l| l.trim_end() == close).map_or(lines.len(), |k| i + k);
        found.push((name.to_string(), end - i + 1));
    }
    found
}

/// Functions still over 80 lines, in files being rewritten elsewhere: (file, function).
/// The list may only shrink: an entry whose function is no longer over 80 lines fails.
const LONG_FUNCTIONS_LEFT: &[(&str, &str)] = &[];

#[test]
fn the_function_counter_counts_raw_lines() {
    let text = "fn a() {\n    // one\n\n    let x = 1;\n}\n    pub(crate) fn b(\n        y: u8,\n    ) -> u8 {\n        y\n    }\nfn c() -> u8 { 1 }\nfn d();\n";
    assert_eq!(function_lengths(text), vec![("a".to_string(), 5), ("b".to_string(), 5)]);
}

#[test]
fn no_function_passes_80_lines() {
    let mut long = BTreeSet::new();
    for path in rust_files_under(&root().join("src")) {
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let file = path.strip_prefix(root()).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        for (name, lines) in function_lengths(&text) {
            if lines > 80 {
                long.insert((file.clone(), name, lines));
            }
        }
    }
    let allowed = |file: &str, name: &str| LONG_FUNCTIONS_LEFT.iter().any(|&(f, n)| f == file && n == name);
    let over: Vec<String> = long
        .iter()
        .filter(|(file, name, _)| !allowed(file, name))
        .map(|(file, name, lines)| format!("{file}: {name}, {lines} lines"))
        .collect();
    let shrunk: Vec<String> = LONG_FUNCTIONS_LEFT
        .iter()
        .filter(|&&(f, n)| !long.iter().any(|(file, name, _)| file == f && name == n))
        .map(|(f, n)| format!("{f}: {n}"))
        .collect();
    assert!(over.is_empty(), "functions over 80 lines: {over:#?}");
    assert!(shrunk.is_empty(), "no longer over 80 lines, take them off LONG_FUNCTIONS_LEFT: {shrunk:#?}");
}

/// One test binary (issue 42): with Cargo's automatic test targets off, a file of
/// `tests/` that `tests/all.rs` does not declare would never be built or run. Every one
/// is declared, and nothing else.
#[test]
fn every_test_file_is_a_module_of_the_one_test_binary() {
    let all = std::fs::read_to_string(root().join("tests/all.rs")).unwrap();
    let declared: std::collections::BTreeSet<String> = all
        .lines()
        .filter_map(|l| l.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')))
        .map(str::to_string)
        .collect();
    let mut files = std::collections::BTreeSet::new();
    for e in std::fs::read_dir(root().join("tests")).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
        let a_file = p.is_file() && p.extension().is_some_and(|x| x == "rs") && name != "all";
        if a_file || p.join("mod.rs").exists() {
            files.insert(name);
        }
    }
    assert!(files.len() > 30, "tests/ not read as expected: {files:?}");
    assert_eq!(declared, files, "tests/all.rs must declare every file of tests/ as a module");
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    assert!(manifest.contains("autotests = false") && manifest.contains("path = \"tests/all.rs\""));
}
