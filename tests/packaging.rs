//! What the Debian package installs besides the binary is in step with the sources:
//! the manual pages and the shell completions are generated from the command line's
//! own definition (clap_mangen, clap_complete) into `assets/man/` and
//! `assets/completions/`, where `cargo deb` takes them; this test fails when they are
//! stale. `UPDATE_PACKAGING=1 cargo test --test all packaging::` writes them again.
//! Also: every file the package lists exists, and the desktop entry is sound.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::cli::help;
use sabot::i18n::Lang;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every generated file: (path under the repository, its content now).
fn generated() -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    // The manual in English (man1) and in Spanish (es/man1).
    for (lang, dir) in [(Lang::En, "assets/man"), (Lang::Es, "assets/man/es")] {
        for (name, page) in help::man_pages(lang) {
            out.push((PathBuf::from(dir).join(name), page));
        }
    }
    // Completions, their descriptions in the command line's default language.
    for (shell, name) in [
        (clap_complete::Shell::Bash, "sabot.bash"),
        (clap_complete::Shell::Zsh, "_sabot"),
        (clap_complete::Shell::Fish, "sabot.fish"),
    ] {
        out.push((PathBuf::from("assets/completions").join(name), help::completions(shell, Lang::Es)));
    }
    out
}

#[test]
fn man_pages_and_completions_are_generated_from_the_command_line_and_up_to_date() {
    let update = std::env::var_os("UPDATE_PACKAGING").is_some();
    let files = generated();
    let mut stale = Vec::new();
    for (rel, content) in &files {
        assert!(content.len() > 200, "{} is nearly empty", rel.display());
        let path = root().join(rel);
        if std::fs::read(&path).ok().as_deref() != Some(content.as_slice()) {
            if update {
                std::fs::create_dir_all(path.parent().expect("a folder")).expect("create the folder");
                std::fs::write(&path, content).expect("write");
            } else {
                stale.push(rel.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale or missing (run `UPDATE_PACKAGING=1 cargo test --test all packaging::`): {stale:?}"
    );
    // Every command of the page is there, in each language.
    let page = |rel: &str| {
        String::from_utf8(files.iter().find(|(p, _)| p == Path::new(rel)).expect(rel).1.clone()).expect("text")
    };
    for cmd in ["play", "verify", "report", "export", "train", "odds", "advise", "simulate"] {
        assert!(page("assets/man/sabot.1").contains(cmd), "sabot.1 lacks {cmd}");
        assert!(files.iter().any(|(p, _)| p == &PathBuf::from(format!("assets/man/es/sabot-{cmd}.1"))));
    }
    assert!(page("assets/man/sabot.1").contains("Check shift logs"), "the English page is English");
    assert!(page("assets/man/es/sabot.1").contains("Comprueba registros de turno"), "the Spanish page is Spanish");
    let bash = page("assets/completions/sabot.bash");
    assert!(bash.contains("--house") && bash.contains("verify"), "bash completion lacks options");
    assert!(page("assets/completions/_sabot").starts_with("#compdef sabot"));
    assert!(page("assets/completions/sabot.fish").contains("complete -c sabot"));
}

/// The `assets` of `[package.metadata.deb]` in Cargo.toml: each source path.
fn deb_assets() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let section = manifest.split("[package.metadata.deb]").nth(1).expect("cargo-deb metadata in Cargo.toml");
    let list = section.split("assets = [").nth(1).expect("assets").split("\n]").next().expect("end of assets");
    list.lines()
        .filter_map(|l| l.trim().strip_prefix("[\""))
        .filter_map(|l| l.split('"').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_file_the_package_lists_exists() {
    let assets = deb_assets();
    assert!(assets.len() >= 10, "{assets:?}");
    for a in &assets {
        if a.starts_with("target/") {
            continue; // built by `cargo deb` itself
        }
        if let Some((dir, pattern)) = a.rsplit_once("/*") {
            let found = std::fs::read_dir(root().join(dir))
                .map(|d| d.flatten().filter(|e| e.file_name().to_string_lossy().ends_with(pattern)).count())
                .unwrap_or(0);
            assert!(found > 0, "no file matches {a}");
        } else {
            assert!(root().join(a).is_file(), "{a} is listed in the package but missing");
        }
    }
    for needed in ["assets/sabot.desktop", "assets/icon.png", "LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(assets.iter().any(|a| a == needed), "the package does not install {needed}");
    }
}

#[test]
fn the_desktop_entry_starts_sabot_with_its_icon() {
    let entry = std::fs::read_to_string(root().join("assets/sabot.desktop")).expect("desktop entry");
    for line in ["[Desktop Entry]", "Type=Application", "Name=Sabot", "Exec=sabot", "Icon=sabot", "Terminal=false"] {
        assert!(entry.lines().any(|l| l == line), "the desktop entry lacks {line}");
    }
    // The icon installed as hicolor 256x256: the PNG is that size.
    let png = std::fs::read(root().join("assets/icon.png")).expect("icon");
    assert_eq!(&png[1..4], b"PNG");
    let (w, h) = (
        u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
        u32::from_be_bytes([png[20], png[21], png[22], png[23]]),
    );
    assert_eq!((w, h), (256, 256));
    // desktop-file-validate, where it is installed (Debian's desktop-file-utils).
    if let Ok(out) =
        std::process::Command::new("desktop-file-validate").arg(root().join("assets/sabot.desktop")).output()
    {
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && said.trim().is_empty(), "desktop-file-validate: {said}");
    }
}

/// Building Sabot needs Rust and a C compiler, no system library (issue 42): the pit's TLS
/// is rustls with the ring provider, so neither OpenSSL (`openssl-sys`, through
/// `native-tls`) nor aws-lc (`aws-lc-sys`, which needs cmake and NASM on some systems)
/// is in the dependency tree. Cargo.lock holds every package of every target.
#[test]
fn no_system_tls_library_is_in_the_dependency_tree() {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).unwrap();
    let names: Vec<&str> =
        lock.lines().filter_map(|l| l.strip_prefix("name = \"").and_then(|rest| rest.strip_suffix('"'))).collect();
    assert!(names.contains(&"rustls"), "Cargo.lock lists no rustls: not read as expected");
    let banned = ["openssl-sys", "openssl", "native-tls", "postgres-native-tls", "aws-lc-sys", "aws-lc-rs"];
    let found: Vec<&&str> = banned.iter().filter(|b| names.contains(b)).collect();
    assert!(found.is_empty(), "back in the dependency tree (needs a system library to build): {found:?}");
}

/// Every dependency earns its place (issue 42): each crate of `[dependencies]` (and the
/// Windows ones) is named as a path (`name::`) somewhere in src/ or build.rs. Cheaper
/// than the `unused_crate_dependencies` lint, which flags every integration test.
#[test]
fn every_dependency_is_used_in_the_source() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let mut section = "";
    let mut deps = Vec::new();
    for line in manifest.lines() {
        if line.starts_with('[') {
            section = line.trim();
        } else if section == "[dependencies]" || section == "[target.'cfg(windows)'.dependencies]" {
            let name = line.split('=').next().unwrap_or("").trim();
            if !name.is_empty() && !name.starts_with('#') {
                deps.push(name.replace('-', "_"));
            }
        }
    }
    assert!(deps.len() > 10, "Cargo.toml's dependencies not read as expected: {deps:?}");
    let mut files = Vec::new();
    let mut dirs = vec![root().join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.push(root().join("build.rs"));
    let source: String = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
    let unused: Vec<&String> = deps
        .iter()
        .filter(|d| {
            !source
                .match_indices(&format!("{d}::"))
                .any(|(i, _)| source[..i].chars().next_back().is_none_or(|c| !(c.is_alphanumeric() || c == '_')))
        })
        .collect();
    assert!(unused.is_empty(), "in Cargo.toml, used nowhere in src/ or build.rs: {unused:?}");
}
