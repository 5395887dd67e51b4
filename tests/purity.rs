//! The engine is pure (STYLE.md): no egui, no files, no clock, no threads, no
//! network; randomness only from an RNG passed in. This test reads its sources and
//! fails on any import or call that would break that.

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
