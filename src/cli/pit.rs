//! `sabot pit init URL`, `sabot pit status URL`, and the pit's parts of `verify
//! --pit`, `simulate --pit` and `train --pit`.

use crate::i18n::{Lang, tr, tr_args};
use crate::pit::words::{pit_error_text, pit_state_text};
use crate::pit::{self, Comparison, Mismatch, PitReader, PitUrl, Replicator, schema::Initialised};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Writes a line; the output going away is not an error worth stopping for.
macro_rules! say {
    ($w:expr, $($arg:tt)*) => {{ if writeln!($w, $($arg)*).is_err() {} }};
}

/// `sabot pit …`.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum PitCommand {
    /// Create (or bring up to date) the pit's schema and roles in a PostgreSQL
    /// database: sabot_table (insert only), sabot_pit (read only). Idempotent.
    Init {
        /// postgresql://user:password@host/database (a user who may create schemas and roles).
        url: String,
    },
    /// Every table with its latest shift, last record and time, and lag.
    Status {
        /// postgresql://user:password@host/database (a member of sabot_pit).
        url: String,
    },
    /// Bind a table's name to the login that may open its shifts (the pit's owner
    /// only). A table login may open shifts only under a name bound to it; a name
    /// bound again moves to the new login. Names are kept trimmed, NFC, their spaces
    /// collapsed; a look-alike letter, an invisible or a control character is refused.
    Bind {
        /// postgresql://user:password@host/database (the pit's owner).
        url: String,
        /// The table's name, as its laptops write it («Mesa 2»).
        table: String,
        /// The login (a member of sabot_table) that may open its shifts.
        login: String,
    },
    /// Send the pit what it lacks of these logs (a shift that closed, or a table that
    /// stopped, while the pit was offline), from the pit's last record on.
    Push {
        /// postgresql://user:password@host/database (a member of sabot_table).
        url: String,
        /// Shift logs (`*.sabotlog`).
        #[arg(required = true)]
        logs: Vec<PathBuf>,
    },
}

/// How long each pit command may take before it gives up with a message. A pit that
/// cannot be reached, or accepts a connection and never answers, is found within the
/// connect timeout (5 s unless the URL says otherwise); one that lets Sabot log in and
/// then says nothing, within the answer limit of each exchange (the statement timeout
/// and a margin: 25 s unless the URL sets a statement timeout,
/// `pit::PitUrl::answer_limit`). These bound the whole command: a long
/// `verify --pit` or `push` of a big log goes on while the pit answers.
pub const INIT_LIMIT: Duration = Duration::from_secs(45);
pub const STATUS_LIMIT: Duration = Duration::from_secs(30);
pub const PUSH_LIMIT: Duration = Duration::from_secs(120);
pub const VERIFY_LIMIT: Duration = Duration::from_secs(600);

/// Runs a pit command's work on its own thread, its output gathered, for at most
/// `limit`: past it the command says so and ends (exit status 1); the work is left
/// behind, and ends with the process.
fn within(
    limit: Duration,
    lang: Lang,
    w: &mut dyn Write,
    work: impl FnOnce(&mut Vec<u8>) -> i32 + Send + 'static,
) -> i32 {
    let ran = pit::client::run_within(limit, move || {
        let mut out = Vec::new();
        let status = work(&mut out);
        (status, out)
    });
    match ran {
        Some((status, out)) => {
            // The output going away is not an error worth stopping for.
            crate::cli::out::said(w.write_all(&out));
            status
        }
        None => {
            say!(w, "{}", tr_args(lang, "pit-gave-up", &[("secs", limit.as_secs().to_string())]));
            1
        }
    }
}

/// Reads a pit URL, saying why not (never repeating it) when it cannot be read.
pub fn parse(url: &str, lang: Lang, w: &mut dyn Write) -> Option<PitUrl> {
    match PitUrl::parse(url) {
        Ok(u) => Some(u),
        Err(e) => {
            say!(w, "{}", tr_args(lang, "pit-failed", &[("why", pit_error_text(lang, &e))]));
            None
        }
    }
}

/// Runs `sabot pit …`; returns the exit status (0 done, 1 the pit failed, 2 bad URL).
pub fn pit(cmd: &PitCommand, lang: Lang, w: &mut dyn Write) -> i32 {
    match cmd {
        PitCommand::Init { url } => {
            let Some(url) = parse(url, lang, w) else { return 2 };
            within(INIT_LIMIT, lang, w, move |w| init(&url, lang, w))
        }
        PitCommand::Push { url, logs } => {
            let Some(url) = parse(url, lang, w) else { return 2 };
            let logs = logs.clone();
            within(PUSH_LIMIT + Duration::from_secs(5), lang, w, move |w| push(&url, &logs, lang, w))
        }
        PitCommand::Bind { url, table, login } => {
            let Some(url) = parse(url, lang, w) else { return 2 };
            let (table, login) = (table.clone(), login.clone());
            within(STATUS_LIMIT, lang, w, move |w| bind(&url, &table, &login, lang, w))
        }
        PitCommand::Status { url } => {
            let Some(url) = parse(url, lang, w) else { return 2 };
            within(STATUS_LIMIT, lang, w, move |w| match status(&url, lang, w) {
                Ok(()) => 0,
                Err(e) => {
                    say!(w, "{}", tr_args(lang, "pit-failed", &[("why", pit_error_text(lang, &e))]));
                    1
                }
            })
        }
    }
}

fn init(url: &PitUrl, lang: Lang, w: &mut dyn Write) -> i32 {
    match pit::init(url) {
        Ok(done) => {
            let id = match done {
                Initialised::AlreadyThere => "pit-init-there",
                Initialised::Created { from: Some(_) } => "pit-init-upgraded",
                Initialised::Created { from: None } => "pit-init-created",
            };
            let args = [("url", url.masked().to_string()), ("version", pit::SCHEMA_VERSION.to_string())];
            say!(w, "{}", tr_args(lang, id, &args));
            0
        }
        Err(e) => {
            say!(w, "{}", tr_args(lang, "pit-failed", &[("why", pit_error_text(lang, &e))]));
            1
        }
    }
}

/// `sabot pit bind`: the table's name (as the pit keeps it) bound to the login.
fn bind(url: &PitUrl, table: &str, login: &str, lang: Lang, w: &mut dyn Write) -> i32 {
    match pit::schema::bind_table(url, table, login) {
        Ok(name) => {
            let args = [("table", pit::printable(&name)), ("login", pit::printable(login))];
            say!(w, "{}", tr_args(lang, "pit-bind-done", &args));
            0
        }
        Err(e) => {
            say!(w, "{}", tr_args(lang, "pit-failed", &[("why", pit_error_text(lang, &e))]));
            1
        }
    }
}

/// `sabot pit push`: each log's missing records sent, all within `PUSH_LIMIT`.
fn push(url: &PitUrl, logs: &[PathBuf], lang: Lang, w: &mut dyn Write) -> i32 {
    let deadline = std::time::Instant::now() + PUSH_LIMIT;
    let mut status = 0;
    for log in logs {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        // A pit that cannot be reached is said at once (run the command again later).
        match pit::push(url, log, left, true) {
            Ok(state) if state.done && state.behind() == 0 => {
                let records = state.pit_seq.map_or(0, |p| p + 1).to_string();
                say!(w, "{}: {}", log.display(), tr_args(lang, "pit-push-done", &[("records", records)]));
            }
            Ok(state) => {
                let text = if let pit::PitStatus::Offline { why, .. } = &state.status {
                    let args =
                        [("url", url.masked().to_string()), ("why", crate::pit::words::unreachable_text(lang, why))];
                    tr_args(lang, "pit-error-offline", &args)
                } else if matches!(state.status, pit::PitStatus::Online) {
                    tr_args(
                        lang,
                        "pit-push-unfinished",
                        &[
                            ("held", state.pit_seq.map_or(0, |p| p + 1).to_string()),
                            ("records", (state.local_seq + 1).to_string()),
                            ("secs", PUSH_LIMIT.as_secs().to_string()),
                        ],
                    )
                } else {
                    pit_state_text(lang, &state).0
                };
                say!(w, "{}: {}", log.display(), text);
                status = 1;
            }
            Err(e) => {
                say!(w, "{}: {}", log.display(), pit_error_text(lang, &e));
                status = 1;
            }
        }
    }
    status
}

/// `pit status` counts a record late when the pit received it more than this after
/// it was written (as `verify --pit`'s default in-flight window).
pub const LATE_AFTER: Duration = Duration::from_secs(60);

/// "312 records reached the pit more than 60 s after they were written (up to 36 min)".
pub fn late_text(lang: Lang, late: &pit::Lateness) -> String {
    let worst = late.worst.num_seconds();
    let worst = if worst >= 120 { format!("{} min", worst / 60) } else { format!("{worst} s") };
    tr_args(
        lang,
        "pit-late",
        &[
            ("n", late.late.to_string()),
            ("records", late.records.to_string()),
            ("after", late.after.as_secs().to_string()),
            ("worst", worst),
            ("first", late.first_late.unwrap_or(0).to_string()),
        ],
    )
}

fn seconds(d: chrono::Duration) -> String {
    format!("{:.2}", d.num_milliseconds() as f64 / 1000.0)
}

fn status(url: &PitUrl, lang: Lang, w: &mut dyn Write) -> Result<(), pit::PitError> {
    let mut reader = PitReader::connect(url)?;
    say!(w, "{}", connection_text(lang, url, &reader.connection()?));
    let tables = reader.tables()?;
    if tables.is_empty() {
        say!(w, "{}", tr(lang, "pit-status-none"));
        return Ok(());
    }
    say!(w, "{}", tr(lang, "pit-status-head"));
    for s in tables {
        let state = tr(lang, if s.closed { "pit-status-closed" } else { "pit-status-open" });
        say!(
            w,
            "{}",
            tr_args(
                lang,
                "pit-status-row",
                &[
                    ("table", pit::printable(&s.table_name)),
                    ("croupier", pit::printable(&s.croupier)),
                    ("game", s.game.clone()),
                    ("started", s.started.format("%Y-%m-%d %H:%M:%S").to_string()),
                    ("seq", s.last_seq.to_string()),
                    ("at", s.last_at.format("%Y-%m-%d %H:%M:%S%.3f").to_string()),
                    // A record a little ahead of the pit's clock (within its
                    // tolerance) is new, not of a negative age.
                    ("age", seconds(s.age().max(chrono::Duration::zero()))),
                    ("delay", seconds(s.delay())),
                    ("state", state),
                ]
            )
        );
        let late = reader.lateness(&s.shift_id, LATE_AFTER)?;
        if late.late > 0 {
            say!(w, "  {}", late_text(lang, &late));
        }
    }
    Ok(())
}

/// How the connection to the pit travels, in words: TLS (its version, as the server
/// says it), in clear (`sslmode=disable`), or a local socket.
pub fn connection_text(lang: Lang, url: &PitUrl, c: &pit::client::Connection) -> String {
    use pit::url::Transport;
    let at = url.masked().to_string();
    match (&c.tls_version, c.transport) {
        (Some(version), _) => tr_args(lang, "pit-status-tls", &[("url", at), ("version", version.clone())]),
        (None, Transport::Socket) => tr_args(lang, "pit-status-socket", &[("url", at)]),
        (None, _) => tr_args(lang, "pit-status-clear", &[("url", at)]),
    }
}

/// `sabot verify --pit URL LOG…`: each log against the pit's copy. Returns the exit
/// status: 0 all match, 1 a difference (named), 2 the pit or a log cannot be read.
pub fn verify_against(url: &str, logs: &[PathBuf], in_flight: Duration, lang: Lang, w: &mut dyn Write) -> i32 {
    let Some(url) = parse(url, lang, w) else { return 2 };
    let logs = logs.to_vec();
    let ran = pit::client::run_within(VERIFY_LIMIT, move || {
        let mut out = Vec::new();
        let status = verify_all(&url, &logs, in_flight, lang, &mut out);
        (status, out)
    });
    match ran {
        Some((status, out)) => {
            // The output going away is not an error worth stopping for.
            crate::cli::out::said(w.write_all(&out));
            status
        }
        None => {
            say!(w, "{}", tr_args(lang, "pit-gave-up", &[("secs", VERIFY_LIMIT.as_secs().to_string())]));
            2
        }
    }
}

fn verify_all(url: &PitUrl, logs: &[PathBuf], in_flight: Duration, lang: Lang, w: &mut dyn Write) -> i32 {
    // A log that is no regular file is refused at once, before the pit is asked.
    let mut status = 0;
    let mut readable = Vec::new();
    for log in logs {
        match pit::open_log(log) {
            Ok(_) => readable.push(log),
            Err(e) => {
                let file = crate::i18n::inert(&log.display().to_string());
                say!(w, "{}", tr_args(lang, "verify-pit-cannot", &[("file", file), ("why", pit_error_text(lang, &e))]));
                status = 2;
            }
        }
    }
    if readable.is_empty() {
        return status;
    }
    let mut reader = match PitReader::connect(url) {
        Ok(r) => r,
        Err(e) => {
            say!(w, "{}", tr_args(lang, "pit-failed", &[("why", pit_error_text(lang, &e))]));
            return 2;
        }
    };
    for log in readable {
        let file = crate::i18n::inert(&log.display().to_string());
        match pit::compare(&mut reader, log, in_flight) {
            Ok(c) => status = status.max(print_comparison(&c, &file, lang, w)),
            Err(e) => {
                say!(w, "{}", tr_args(lang, "verify-pit-cannot", &[("file", file), ("why", pit_error_text(lang, &e))]));
                status = 2;
            }
        }
    }
    status
}

fn print_comparison(c: &Comparison, file: &str, lang: Lang, w: &mut dyn Write) -> i32 {
    let f = || ("file", file.to_string());
    // The honest limit, said whatever the verdict: records the pit took late.
    let late = c.late.as_ref().filter(|l| l.late > 0).map(|l| format!("  {}", late_text(lang, l)));
    let line = match &c.mismatch {
        None => {
            let inflight = if c.in_flight > 0 {
                tr_args(lang, "verify-pit-in-flight", &[("n", c.in_flight.to_string())])
            } else {
                String::new()
            };
            say!(w, "{}", tr_args(lang, "verify-pit-ok", &[f(), ("pit", c.pit.to_string()), ("inflight", inflight)]));
            if let Some(late) = late {
                say!(w, "{late}");
            }
            return 0;
        }
        Some(Mismatch::NotInPit) => tr_args(lang, "verify-pit-not-in-pit", &[f()]),
        Some(Mismatch::Differs { seq, after }) => {
            tr_args(lang, "verify-pit-differs", &[f(), ("seq", seq.to_string()), ("after", after.to_string())])
        }
        Some(Mismatch::MissingInPit { seq, count }) => {
            tr_args(lang, "verify-pit-missing-in-pit", &[f(), ("seq", seq.to_string()), ("count", count.to_string())])
        }
        Some(Mismatch::MissingLocally { seq, count }) => {
            tr_args(lang, "verify-pit-missing-locally", &[f(), ("seq", seq.to_string()), ("count", count.to_string())])
        }
    };
    say!(w, "{line}");
    if let Some(late) = late {
        say!(w, "{late}");
    }
    1
}

/// A replicator for a log the command line writes (`simulate --pit`, `train --pit`):
/// started after the log's header, its tap given to the log.
pub fn replicate(
    url: &str,
    journal: &mut crate::journal::Journal,
    lang: Lang,
    w: &mut dyn Write,
) -> Result<Replicator, i32> {
    let Some(url) = parse(url, lang, w) else { return Err(2) };
    let local = journal.next_seq().saturating_sub(1);
    match Replicator::start(url, journal.path(), local, Box::new(|| {})) {
        Ok((rep, tap)) => {
            journal.set_tap(tap);
            Ok(rep)
        }
        Err(e) => {
            say!(w, "{}", tr_args(lang, "pit-failed", &[("why", pit_error_text(lang, &e))]));
            Err(1)
        }
    }
}

/// After the log is closed: waits (at most `wait`) for the pit to hold it all, says
/// how it stands; 1 when the pit refused it, else 0.
pub fn finish(rep: Replicator, wait: Duration, lang: Lang, w: &mut dyn Write) -> i32 {
    let state = rep.wait_done(wait);
    let (text, _) = pit_state_text(lang, &state);
    say!(w, "{}", tr_args(lang, "simulate-pit", &[("state", text)]));
    let refused = matches!(state.status, pit::PitStatus::Refused { .. } | pit::PitStatus::Failed(_));
    rep.stop();
    i32::from(refused)
}
