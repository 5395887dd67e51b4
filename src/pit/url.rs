//! A pit's URL: read by the driver's own parser, shown without its password, its
//! timeouts and its transport (TLS over TCP unless `sslmode=disable`); and what a
//! database error means for Sabot (`db_error`: offline, refused or the database's
//! own). Below the pit's connecting (`session`), its schema and its clients.

use super::{PitCheck, PitError, PitRefusal, Unreachable};
use postgres::Config;
use postgres::config::SslMode;
use postgres::error::SqlState;
use std::str::FromStr;
use std::time::Duration;

/// How long a connection attempt may take before the pit counts as offline (the URL's
/// `connect_timeout` if it says so): reaching the server, and its first answer.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest one statement may run on the server (`statement_timeout`, unless the
/// URL's `options` set one).
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest a statement may wait for a lock (`lock_timeout`, unless the URL's
/// `options` set one): a lock held long is a reason to try again later.
pub const LOCK_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a transaction may sit idle on the server (a Sabot that stopped
/// mid-transaction holds no lock for longer).
pub const IDLE_IN_TRANSACTION: Duration = Duration::from_secs(60);
/// How far ahead of the pit's clock a record may say it was written (a table's
/// clock a little fast): beyond it the pit refuses the record (SB008, schema version
/// 6, whose SQL says the same 2 minutes), and `verify --pit` counts a record as
/// «still on its way» only when it is recent by the pit's clock and not ahead of it
/// by more than this.
pub const CLOCK_TOLERANCE: Duration = Duration::from_secs(120);
/// How much longer than the statement timeout Sabot waits for the server's answer
/// to one exchange before it gives the connection up (a backend frozen, a server
/// that lets Sabot log in and then says nothing): the answer deadline is the
/// statement timeout plus this, 25 s unless the URL sets a statement timeout.
pub const ANSWER_MARGIN: Duration = Duration::from_secs(5);

/// A pit's connection string (`postgresql://user:password@host:port/db`, with
/// `?host=/socket/folder` or `sslmode=require` as PostgreSQL reads them; or the
/// `key=value` form), read by the driver's own parser. Shown and debug-printed as
/// `user@host:port/db` only: never its password, never what was typed.
#[derive(Clone)]
pub struct PitUrl {
    pub(super) masked: String,
    pub(super) config: Config,
    /// The statement timeout in force (the URL's own, or `STATEMENT_TIMEOUT`).
    statement_timeout: Duration,
    pub(super) tls: super::tls::TlsAsk,
}

impl std::fmt::Debug for PitUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PitUrl({})", self.masked)
    }
}

impl std::fmt::Display for PitUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.masked)
    }
}

/// `user@host:port/db` of a parsed connection string (hosts joined by commas).
pub(crate) fn shown(config: &Config) -> String {
    use postgres::config::Host;
    // A user name holding `:` is a user and a password joined (`mesa1%3Asecret@…`):
    // only what comes before it is shown.
    let user = config.get_user().unwrap_or_default();
    let user = user.split(':').next().unwrap_or_default();
    let ports = config.get_ports();
    let port = |i: usize| ports.get(i).or(ports.first()).copied().unwrap_or(5432);
    let mut hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, h)| match h {
            Host::Tcp(name) => format!("{name}:{}", port(i)),
            // A socket folder (`?host=/run/postgresql`): Unix only, as in the driver.
            #[cfg(unix)]
            Host::Unix(path) => format!("{}:{}", path.display(), port(i)),
        })
        .collect();
    if hosts.is_empty() {
        hosts = config.get_hostaddrs().iter().enumerate().map(|(i, a)| format!("{a}:{}", port(i))).collect();
    }
    if hosts.is_empty() {
        hosts.push(format!("localhost:{}", port(0)));
    }
    let db = config.get_dbname().map_or(user, |d| d.split(':').next().unwrap_or_default());
    format!("{user}@{}/{db}", hosts.join(","))
}

/// A URL's user and password as the URL standard (WHATWG) reads them: the authority
/// runs to the first `/`, `?` or `#`, and its last `@` ends the user's part; an `@`
/// before that one is the password's (`mesa1:Zq9@Secret@host`), given to the driver
/// encoded (`%40`), which would otherwise end the user's part at the first and take
/// the rest of the password for the host.
fn standard_userinfo(text: &str) -> std::borrow::Cow<'_, str> {
    let Some((scheme, rest)) = text.split_once("://") else { return text.into() };
    if !matches!(scheme, "postgresql" | "postgres") {
        return text.into();
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let Some(at) = rest[..end].rfind('@') else { return text.into() };
    let userinfo = &rest[..at];
    if !userinfo.contains('@') {
        return text.into();
    }
    format!("{scheme}://{}{}", userinfo.replace('@', "%40"), &rest[at..]).into()
}

/// The driver's reading of a connection string; its error names no part of the text.
fn read_config(text: &str) -> Result<Config, PitError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PitError::NoUrl);
    }
    // `sslmode`, `sslrootcert`, `sslcert` and `sslkey` are read by the pit's TLS, not
    // the driver (which sets its mode from them: `PitUrl::parse`).
    let (driver, ask) = super::tls::split(&standard_userinfo(text));
    if ask.bad_mode {
        return Err(PitError::BadUrl("invalid value for option `sslmode`".into()));
    }
    Config::from_str(&driver).map_err(|e| {
        // "invalid connection string: unknown option `…`": the kind only, never a
        // piece of what was typed.
        let said = e.to_string();
        PitError::BadUrl(said.split(':').next().unwrap_or("invalid connection string").trim().to_string())
    })
}

/// What a connection string is shown as: `user@host:port/db`, or None when it cannot
/// be read (the start screen then shows nothing of it).
pub fn shown_url(text: &str) -> Option<String> {
    read_config(text).ok().map(|c| shown(&c))
}

/// Whether a connection string may hold a password: it does, or it cannot be read
/// (a half-typed one, or one whose password breaks the URL's shape).
pub fn may_hold_password(text: &str) -> bool {
    !text.trim().is_empty()
        && read_config(text)
            .map_or(true, |c| c.get_password().is_some() || c.get_user().is_some_and(|u| u.contains(':')))
}

/// A duration PostgreSQL reads from a setting (`700`, `700ms`, `2s`, `1min`): a
/// number alone is milliseconds.
fn setting_duration(value: &str) -> Option<Duration> {
    let digits = value.chars().take_while(char::is_ascii_digit).count();
    let n: u64 = value[..digits].parse().ok()?;
    match value[digits..].trim() {
        "" | "ms" => Some(Duration::from_millis(n)),
        "s" => Some(Duration::from_secs(n)),
        "min" => Some(Duration::from_secs(n.saturating_mul(60))),
        _ => None,
    }
}

/// The value the URL's `options` give a setting (`-c name=value`), if any.
fn option_value<'a>(options: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=");
    let at = options.find(&key)? + key.len();
    options[at..].split_whitespace().next()
}

impl PitUrl {
    /// Reads a connection string. The error never repeats the string itself.
    pub fn parse(text: &str) -> Result<PitUrl, PitError> {
        let mut config = read_config(text)?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        // A pit gone quiet (a cable pulled) is found within seconds, not hours.
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(10))
            .keepalives_interval(Duration::from_secs(5))
            .keepalives_retries(3);
        config.tcp_user_timeout(Duration::from_secs(15));
        // Every session bounds its statements, its lock waits and its idle
        // transactions on the server (the URL's own settings kept).
        let mut options = config.get_options().unwrap_or_default().to_string();
        for (name, limit) in [
            ("statement_timeout", STATEMENT_TIMEOUT),
            ("lock_timeout", LOCK_TIMEOUT),
            ("idle_in_transaction_session_timeout", IDLE_IN_TRANSACTION),
        ] {
            if !options.contains(name) {
                let set = format!("-c {name}={}", limit.as_millis());
                options = if options.is_empty() { set } else { format!("{options} {set}") };
            }
        }
        config.options(&options);
        let statement_timeout = option_value(&options, "statement_timeout")
            .and_then(setting_duration)
            .filter(|d| !d.is_zero())
            .unwrap_or(STATEMENT_TIMEOUT);
        if config.get_application_name().is_none() {
            config.application_name("sabot");
        }
        let tls = super::tls::split(text).1;
        // TLS over TCP unless the URL says `disable`; never over a Unix socket (as libpq).
        let transport = transport_of(&config, &tls);
        config.ssl_mode(if transport == Transport::Tls { SslMode::Require } else { SslMode::Disable });
        Ok(PitUrl { masked: shown(&config), config, statement_timeout, tls })
    }

    /// How the connection travels: TLS over TCP (the default), in clear over TCP
    /// (`sslmode=disable`), or a Unix socket on this machine.
    pub fn transport(&self) -> Transport {
        transport_of(&self.config, &self.tls)
    }

    /// How long Sabot waits for the server's answer to one exchange (the statement
    /// timeout and `ANSWER_MARGIN`) before it gives the connection up.
    pub fn answer_limit(&self) -> Duration {
        self.statement_timeout.saturating_add(ANSWER_MARGIN)
    }

    /// The URL as shown: `user@host:port/db`.
    pub fn masked(&self) -> &str {
        &self.masked
    }

    /// Whether the connection uses TLS (over TCP, unless `sslmode=disable`).
    pub fn tls(&self) -> bool {
        self.transport() == Transport::Tls
    }

    /// The connect timeout in force.
    pub fn connect_timeout(&self) -> Duration {
        self.config.get_connect_timeout().copied().unwrap_or(CONNECT_TIMEOUT)
    }

    pub(crate) fn offline(&self, why: Unreachable) -> PitError {
        PitError::Offline { url: self.masked.clone(), why }
    }
}

/// How a connection travels (see `tls`).
pub use super::tls::Transport;

/// The transport a parsed URL asks for: its first host a Unix socket's folder, a
/// socket; else TLS over TCP unless its `sslmode` is `disable`.
fn transport_of(config: &Config, tls: &super::tls::TlsAsk) -> Transport {
    if config.get_hosts().first().is_some_and(is_unix_socket) {
        return Transport::Socket;
    }
    if tls.mode == super::tls::SslMode::Disable { Transport::Clear } else { Transport::Tls }
}

/// Whether a host is a Unix socket's folder (never, off Unix).
#[cfg(unix)]
fn is_unix_socket(host: &postgres::config::Host) -> bool {
    matches!(host, postgres::config::Host::Unix(_))
}

/// Whether a host is a Unix socket's folder (never, off Unix).
#[cfg(not(unix))]
fn is_unix_socket(_: &postgres::config::Host) -> bool {
    false
}

/// A database error as a `PitError`: offline when the connection is gone, refused
/// when the pit's chain check said no, else the database's own message.
pub(crate) fn db_error(url: &PitUrl, e: &postgres::Error) -> PitError {
    match e.as_db_error() {
        Some(db) => {
            let code = db.code().code();
            if is_refusal(e) {
                let why = PitRefusal::Check { kind: PitCheck::of_code(code), said: db.message().to_string() };
                PitError::Refused { seq: 0, why }
            } else if *db.code() == SqlState::ADMIN_SHUTDOWN
                || *db.code() == SqlState::CANNOT_CONNECT_NOW
                || code.starts_with("08")
            {
                url.offline(Unreachable::Said(db.message().to_string()))
            } else if is_transient(code) {
                url.offline(Unreachable::Busy { code: code.to_string(), said: db.message().to_string() })
            } else {
                PitError::Database { code: code.to_string(), said: db.message().to_string() }
            }
        }
        None => url.offline(Unreachable::Said(e.to_string())),
    }
}

/// Whether a SQLSTATE says «not now» rather than «no»: a statement or lock timeout
/// (57014, 55P03), a transaction the server rolled back to be tried again (class 40:
/// serialization failure, deadlock), the server short of resources (class 53: a full
/// disk, too many connections), an operator's intervention or a system error
/// (classes 57, 58). These are tried again; only the pit's refusals and the other
/// errors (no rights, no schema) are final.
fn is_transient(code: &str) -> bool {
    code == SqlState::LOCK_NOT_AVAILABLE.code() || ["40", "53", "57", "58"].iter().any(|c| code.starts_with(c))
}

/// Whether the pit's checks said no (its own codes, or a record it already holds).
pub(crate) fn is_refusal(e: &postgres::Error) -> bool {
    e.as_db_error().is_some_and(|d| d.code().code().starts_with("SB") || *d.code() == SqlState::UNIQUE_VIOLATION)
}
