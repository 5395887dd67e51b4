//! `sabot --help` in Spanish and English, like the rest of the command line: every
//! command and option has its text in both catalogues (`locales/<lang>/cli.ftl`), the
//! help is Spanish by default and English with `--lang en`, and a wrong command line is
//! told in the croupier's language. Runs the real binary for what a croupier types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::cli::help::{self, ParseError, arg_id};
use sabot::i18n::{Lang, try_tr_args};
use std::process::Command;

fn sabot() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sabot"));
    // The environment of the machine must not choose the language of these runs.
    c.env_remove("SABOT_LANG").env_remove("LC_ALL").env_remove("LANG").env_remove("SABOT_HOUSE");
    c
}

fn run(c: &mut Command) -> (i32, String, String) {
    let out = c.output().expect("run sabot");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_and_option_has_its_help_in_both_languages() {
    let cmd = <sabot::cli::Cli as clap::CommandFactory>::command();
    let mut missing = Vec::new();
    let mut check = |id: String| {
        for lang in Lang::ALL {
            if try_tr_args(lang, &id, &[]).is_none() {
                missing.push(format!("{} {id}", lang.code()));
            }
        }
    };
    check("cli-about".into());
    for a in cmd.get_arguments() {
        check(arg_id("cli", a.get_id().as_str()));
    }
    let mut count = 0;
    for sub in cmd.get_subcommands() {
        let prefix = format!("cli-{}", sub.get_name());
        check(format!("{prefix}-about"));
        for a in sub.get_arguments() {
            check(arg_id(&prefix, a.get_id().as_str()));
            count += 1;
        }
    }
    assert!(count > 30, "only {count} options found");
    assert!(missing.is_empty(), "help texts missing:\n{}", missing.join("\n"));
}

#[test]
fn the_help_is_spanish_by_default_and_english_on_request() {
    let (code, es, _) = run(sabot().arg("--help"));
    assert_eq!(code, 0);
    for words in ["Uso:", "Órdenes:", "Opciones:", "Comprueba registros de turno", "--house", "Muestra esta ayuda"] {
        assert!(es.contains(words), "Spanish help lacks «{words}»:\n{es}");
    }
    assert!(es.contains("Uso: sabot [OPCIONES] [ORDEN]"), "{es}");
    assert!(!es.contains("Usage:") && !es.contains("Print help"), "English left in the Spanish help:\n{es}");
    let (code, en, _) = run(sabot().args(["--lang", "en", "--help"]));
    assert_eq!(code, 0);
    for words in ["Usage:", "Commands:", "Options:", "Check shift logs", "Print this help"] {
        assert!(en.contains(words), "English help lacks «{words}»:\n{en}");
    }
    // SABOT_LANG and LANG choose it too, and a command's own help follows.
    let (_, env_en, _) = run(sabot().env("SABOT_LANG", "en").args(["verify", "--help"]));
    assert!(env_en.contains("A log without its closing record fails"), "{env_en}");
    let (_, lang_en, _) = run(sabot().env("LANG", "en_GB.UTF-8").args(["simulate", "--help"]));
    assert!(lang_en.contains("How many coups (default 1000)"), "{lang_en}");
    let (_, play_es, _) = run(sabot().args(["play", "--help"]));
    assert!(play_es.contains("Guiones de mesa") && play_es.contains("Argumentos:"), "{play_es}");
    assert!(play_es.contains("Uso: sabot play [OPCIONES] <FILES>..."), "{play_es}");
    assert!(en.contains("Usage: sabot [OPTIONS] [COMMAND]"), "{en}");
    // The long text of a command, in Spanish, with its exit statuses.
    assert!(play_es.contains("Estado de salida"), "{play_es}");
    assert!(!play_es.contains("[default"), "{play_es}");
}

#[test]
fn a_wrong_command_line_is_told_in_the_croupiers_language() {
    let (code, _, err) = run(sabot().args(["verify", "--bogus", "x.sabotlog"]));
    assert_eq!(code, 2);
    assert!(err.contains("argumento inesperado «--bogus»") && err.contains("--help"), "{err}");
    let (code, _, err) = run(sabot().args(["--lang", "en", "simulate", "--game", "poker"]));
    assert_eq!(code, 2);
    assert!(err.contains("invalid value «poker» for --game") && err.contains("the games are"), "{err}");
    let (code, _, err) = run(sabot().args(["simulate", "--game", "poker"]));
    assert_eq!(code, 2);
    assert!(err.contains("valor no válido «poker»") && err.contains("los juegos son"), "{err}");
    let (code, _, err) = run(sabot().args(["verify"]));
    assert_eq!(code, 2);
    assert!(err.contains("faltan argumentos obligatorios"), "{err}");
    // The same, in the library, without a process.
    match help::parse_from(Lang::En, ["sabot", "nonsense"]) {
        Err(ParseError::Wrong(text)) => assert!(text.contains("unknown command «nonsense»"), "{text}"),
        other => panic!("expected a mistake, got {other:?}"),
    }
}

#[test]
fn the_localised_definition_passes_claps_own_checks() {
    for lang in Lang::ALL {
        help::command(lang).debug_assert();
    }
}

#[test]
fn lang_is_read_before_the_command_line_is_parsed() {
    let args = |v: &[&str]| v.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
    assert_eq!(help::lang_of_args(&args(&["sabot", "--lang", "en", "verify"])), Lang::En);
    assert_eq!(help::lang_of_args(&args(&["sabot", "verify", "--lang=es"])), Lang::Es);
    assert_eq!(help::lang_of_args(&args(&["sabot", "--", "--lang", "en"])), Lang::from_env());
}

/// Issue 50: a command whose output cannot be written (a full disk behind `>`) ends
/// with status 2 and says so on standard error, in the user's language; it never
/// reports success over a report that went nowhere.
#[test]
#[cfg(target_os = "linux")]
fn an_output_that_cannot_be_written_is_status_2_and_said() {
    for (lang, words) in [("en", "cannot write the output"), ("es", "no se puede escribir la salida")] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let out = sabot()
            .args(["--lang", lang, "simulate", "--game", "banque", "--coups", "20", "--seed", "3"])
            .stdout(full)
            .output()
            .expect("sabot runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(words), "{err}");
    }
}
