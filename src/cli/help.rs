//! The command line in Spanish and English: `--help`, the errors of a wrong command
//! line, the manual page and the shell completions, all built at run time from the one
//! clap definition ([`super::Cli`]) with the texts of `locales/<lang>/cli.ftl`.
//!
//! Message ids: `cli-about` (the program), `cli-arg-<arg>` (its options), and for each
//! command `cli-<command>-about`, `cli-<command>-long` (optional, the longer text of
//! `sabot <command> --help`) and `cli-<command>-arg-<arg>` (`_` in an argument's name is
//! `-`). `tests/cli_help.rs` checks every command and argument has its texts in both
//! languages.

use super::Cli;
use crate::i18n::{Lang, tr, tr_args, try_tr_args};
use clap::error::{ContextKind, ErrorKind};
use clap::{Command, CommandFactory, FromArgMatches};
use std::ffi::OsString;
use std::io::Write;
use std::sync::OnceLock;

static LANG: OnceLock<Lang> = OnceLock::new();

/// The language the command line is read in (for the value parsers' messages): the
/// one [`parse_from`] was given, else the environment's.
pub fn lang() -> Lang {
    LANG.get().copied().unwrap_or_else(Lang::from_env)
}

/// The language a command line asks for, before it is parsed: `--lang X` or
/// `--lang=X`, else `SABOT_LANG` / `LANG`, else Spanish.
pub fn lang_of_args(args: &[OsString]) -> Lang {
    let mut it = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        if a == "--lang" {
            if let Some(v) = it.next().and_then(|v| Lang::parse(&v)) {
                return v;
            }
        } else if let Some(v) = a.strip_prefix("--lang=").and_then(Lang::parse) {
            return v;
        }
    }
    Lang::from_env()
}

fn text(lang: Lang, id: &str) -> Option<String> {
    try_tr_args(lang, id, &[])
}

/// The message id of an argument of a command (`prefix` is `cli` or `cli-<command>`).
pub fn arg_id(prefix: &str, arg: &str) -> String {
    format!("{prefix}-arg-{}", arg.replace('_', "-"))
}

fn template(lang: Lang) -> String {
    format!("{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}", tr(lang, "cli-usage"))
}

fn localize(cmd: Command, lang: Lang, prefix: &str) -> Command {
    let mut cmd = cmd;
    if let Some(t) = text(lang, &format!("{prefix}-about")) {
        cmd = cmd.about(t);
    }
    cmd = match text(lang, &format!("{prefix}-long")) {
        Some(t) => cmd.long_about(t),
        None => cmd.long_about(None::<&'static str>),
    };
    let (args_heading, options_heading) = (tr(lang, "cli-heading-arguments"), tr(lang, "cli-heading-options"));
    cmd = cmd.help_template(template(lang)).subcommand_help_heading(tr(lang, "cli-heading-commands")).mut_args(|a| {
        let help = text(lang, &arg_id(prefix, a.get_id().as_str()));
        let heading = if a.is_positional() { args_heading.clone() } else { options_heading.clone() };
        let a = a.help_heading(heading).long_help(None::<&'static str>);
        // The texts say the defaults in words; clap's "[default: …]" is English.
        let a = if a.get_default_values().is_empty() { a } else { a.hide_default_value(true) };
        match help {
            Some(h) => a.help(h),
            None => a,
        }
    });
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        let sub_prefix = format!("cli-{name}");
        cmd = cmd.mut_subcommand(&name, |s| localize(s, lang, &sub_prefix));
    }
    cmd
}

/// The command line's definition with its help in `lang`.
pub fn command(lang: Lang) -> Command {
    let mut cmd = localize(Cli::command(), lang, "cli");
    cmd.build();
    localize_usage(cmd, lang)
}

/// clap writes `[OPTIONS]` and `[COMMAND]` in every usage line: the same line with the
/// croupier's words, for the command and each of its commands.
fn localize_usage(cmd: Command, lang: Lang) -> Command {
    let mut cmd = cmd;
    let rendered = cmd.render_usage().to_string();
    let line = rendered.split_once(": ").map(|(_, u)| u).unwrap_or(&rendered).trim().to_string();
    let line =
        line.replace("[OPTIONS]", &tr(lang, "cli-usage-options")).replace("[COMMAND]", &tr(lang, "cli-usage-command"));
    cmd = cmd.override_usage(line);
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |s| localize_usage(s, lang));
    }
    cmd
}

/// Why a command line was not read: help or the version asked for (clap prints them),
/// or a mistake, told in the croupier's language.
#[derive(Debug)]
pub enum ParseError {
    Clap(clap::Error),
    Wrong(String),
}

impl ParseError {
    /// Prints the help, the version or the mistake and exits (0, or 2 for a mistake).
    pub fn exit(&self) -> ! {
        match self {
            ParseError::Clap(e) => e.exit(),
            ParseError::Wrong(text) => {
                eprintln!("{text}");
                std::process::exit(2)
            }
        }
    }
}

fn context(e: &clap::Error, kind: ContextKind) -> String {
    e.get(kind).map(|v| v.to_string()).unwrap_or_default()
}

/// A clap error in the croupier's language.
pub fn error_text(lang: Lang, e: &clap::Error) -> String {
    let arg = context(e, ContextKind::InvalidArg);
    let what = match e.kind() {
        ErrorKind::UnknownArgument => tr_args(lang, "cli-error-unknown-argument", &[("arg", arg)]),
        ErrorKind::InvalidSubcommand => {
            tr_args(lang, "cli-error-invalid-subcommand", &[("arg", context(e, ContextKind::InvalidSubcommand))])
        }
        ErrorKind::MissingRequiredArgument | ErrorKind::MissingSubcommand => {
            tr_args(lang, "cli-error-missing", &[("arg", arg)])
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let value = context(e, ContextKind::InvalidValue);
            let reason = match std::error::Error::source(e) {
                Some(r) => format!(": {r}"),
                None => match e.get(ContextKind::ValidValue) {
                    Some(v) => format!(" ({v})"),
                    None => String::new(),
                },
            };
            if value.is_empty() && reason.is_empty() {
                tr_args(lang, "cli-error-no-value", &[("arg", arg)])
            } else {
                tr_args(lang, "cli-error-invalid-value", &[("arg", arg), ("value", value), ("reason", reason)])
            }
        }
        ErrorKind::NoEquals => tr_args(lang, "cli-error-no-value", &[("arg", arg)]),
        ErrorKind::ArgumentConflict => {
            tr_args(lang, "cli-error-conflict", &[("arg", arg), ("other", context(e, ContextKind::PriorArg))])
        }
        _ => {
            let detail = e.to_string();
            let first = detail.lines().next().unwrap_or("").trim_start_matches("error: ").to_string();
            tr_args(lang, "cli-error-other", &[("detail", first)])
        }
    };
    format!("{} {what}\n\n{}", tr(lang, "cli-error"), tr(lang, "cli-error-more"))
}

/// Reads a command line (`args` with the program's name first) in `lang`.
pub fn parse_from<I, T>(lang: Lang, args: I) -> Result<Cli, ParseError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    LANG.get_or_init(|| lang);
    let matches = command(lang).try_get_matches_from(args).map_err(|e| match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            ParseError::Clap(e)
        }
        _ => ParseError::Wrong(error_text(lang, &e)),
    })?;
    Cli::from_arg_matches(&matches).map_err(|e| ParseError::Wrong(error_text(lang, &e)))
}

/// The completion script of `shell`, generated from the command line's definition
/// (the descriptions in `lang`).
pub fn completions(shell: clap_complete::Shell, lang: Lang) -> Vec<u8> {
    let mut cmd = command(lang);
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "sabot", &mut out);
    out
}

/// The manual pages (roff), generated from the command line's definition, in `lang`:
/// `sabot.1`, then `sabot-<command>.1` for each command that is not hidden, as
/// (file name, page). No date in them, so that the same sources make the same pages.
pub fn man_pages(lang: Lang) -> Vec<(String, Vec<u8>)> {
    // Without the usage lines of `--help`: the pages write their own synopsis.
    let mut cmd = localize(Cli::command(), lang, "cli");
    cmd.build();
    let mut pages = Vec::new();
    let mut render = |file: String, page: Command| {
        let mut out = Vec::new();
        // Writing to a Vec cannot fail; a page that did not render is left out.
        if clap_mangen::Man::new(page).date("").render(&mut out).is_ok() {
            pages.push((file, out));
        }
    };
    render("sabot.1".to_string(), cmd.clone());
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("sabot-{}", sub.get_name());
        render(format!("{name}.1"), sub.clone().name(name));
    }
    pages
}

/// `sabot completions SHELL`: returns the exit status.
pub fn print_completions(shell: clap_complete::Shell, lang: Lang, w: &mut dyn Write) -> i32 {
    match w.write_all(&completions(shell, lang)) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// `sabot man`: returns the exit status.
pub fn print_man(lang: Lang, w: &mut dyn Write) -> i32 {
    let page = man_pages(lang).into_iter().next().map(|(_, p)| p).unwrap_or_default();
    match w.write_all(&page) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}
