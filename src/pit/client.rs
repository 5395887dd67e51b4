//! Talking to the pit: the URL, the connection (TLS when asked for), the table's side
//! (open a shift, add records) and the read side (shifts, a shift's records).

use super::schema;
use super::session::probe;
pub(crate) use super::session::run_within;
pub use super::session::{Session, refuse_self_connected};
use super::{PitCheck, PitError, PitRefusal, Unreachable};
use chrono::{DateTime, FixedOffset, Utc};
use postgres::config::SslMode;
use postgres::error::SqlState;
use postgres::{Client, Config, NoTls, Statement};
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
/// Logging in, after the server's first answer, may take this much longer than the
/// connect timeout before the attempt is given up.
const LOGIN_MARGIN: Duration = Duration::from_secs(5);

/// A pit's connection string (`postgresql://user:password@host:port/db`, with
/// `?host=/socket/folder` or `sslmode=require` as PostgreSQL reads them; or the
/// `key=value` form), read by the driver's own parser. Shown and debug-printed as
/// `user@host:port/db` only: never its password, never what was typed.
#[derive(Clone)]
pub struct PitUrl {
    masked: String,
    config: Config,
    /// The statement timeout in force (the URL's own, or `STATEMENT_TIMEOUT`).
    statement_timeout: Duration,
    tls: super::tls::TlsAsk,
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

    /// Connects (TLS through rustls when the URL asks for it: src/pit/tls.rs), within
    /// the connect timeout and a few seconds to log in: first a probe that the server
    /// answers as PostgreSQL does (a socket that connected to itself, or a server that
    /// accepts and never answers, is offline at once), then the driver's connection.
    pub fn connect(&self) -> Result<Client, PitError> {
        let limit = self.connect_timeout();
        let probe_config = self.config.clone();
        match run_within(limit + Duration::from_secs(1), move || probe(&probe_config, limit)) {
            // A server that does not offer TLS when the URL needs it: refused before
            // anything is sent (never the password in clear, issue 51).
            Some(Ok((at, b'N'))) if self.tls() => {
                return Err(self.offline(Unreachable::NoTls { at }));
            }
            Some(Ok(_)) => {}
            Some(Err(why)) => return Err(self.offline(why)),
            None => return Err(self.offline(Unreachable::NoAnswer { secs: limit.as_secs() })),
        }
        let url = self.clone();
        let connected = run_within(limit + LOGIN_MARGIN, move || {
            let connected = if url.tls() {
                let connector = super::tls::connector(&url.tls).map_err(|why| url.offline(why))?;
                url.config.connect(connector)
            } else {
                url.config.connect(NoTls)
            };
            connected.map_err(|e| match super::tls::refusal(&e) {
                Some(said) => url.offline(Unreachable::Certificate { said }),
                None => db_error(&url, &e),
            })
        });
        connected.unwrap_or_else(|| Err(self.offline(Unreachable::NoLogin { secs: (limit + LOGIN_MARGIN).as_secs() })))
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
    #[cfg(unix)]
    if matches!(config.get_hosts().first(), Some(postgres::config::Host::Unix(_))) {
        return Transport::Socket;
    }
    if tls.mode == super::tls::SslMode::Disable { Transport::Clear } else { Transport::Tls }
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
fn is_refusal(e: &postgres::Error) -> bool {
    e.as_db_error().is_some_and(|d| d.code().code().starts_with("SB") || *d.code() == SqlState::UNIQUE_VIOLATION)
}

/// One record as shipped to the pit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub seq: u64,
    pub at: DateTime<FixedOffset>,
    pub hash: String,
    pub prev: String,
    /// `header`, `op`, `resumed`, `close` or `other`.
    pub kind: &'static str,
    pub line: String,
}

/// Where the pit stands on a shift.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PitLast {
    /// The last record it holds (0: only the header).
    pub seq: u64,
    pub hash: String,
    pub closed: bool,
}

/// A table's connection to the pit (as a member of `sabot_table`).
pub struct TableClient {
    session: Session,
    insert: Statement,
    /// A batch of lines in one statement, inserted in their order.
    insert_many: Statement,
}

fn to_i64(seq: u64) -> Result<i64, PitError> {
    i64::try_from(seq).map_err(|_| PitError::SequenceTooLarge(seq))
}

impl TableClient {
    pub fn connect(url: &PitUrl) -> Result<TableClient, PitError> {
        let mut session = Session::connect(url)?;
        let (insert, insert_many) = session
            .within(|c| -> Result<(Statement, Statement), postgres::Error> {
                let one = c.prepare("INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)")?;
                let many = c.prepare(
                    "INSERT INTO sabot.records (shift_id, line) \
                     SELECT $1, t.line FROM unnest($2::text[]) WITH ORDINALITY AS t(line, n) ORDER BY t.n",
                )?;
                Ok((one, many))
            })?
            .map_err(|e| match e.code() {
                Some(c) if *c == SqlState::UNDEFINED_TABLE || *c == SqlState::INVALID_SCHEMA_NAME => {
                    PitError::NotInitialised
                }
                _ => db_error(url, &e),
            })?;
        Ok(TableClient { session, insert, insert_many })
    }

    /// Opens the shift in the pit from its header line (idempotent: the header is
    /// added the first time; the pit reads the shift's id, table, croupier, game,
    /// training flag and start from the line) and says what the pit holds of it.
    pub fn open_shift(&mut self, shift: &ShiftHead) -> Result<PitLast, PitError> {
        let header = shift.header_line.clone();
        let row = self
            .session
            .call(move |c| c.query_one("SELECT o_seq, o_hash, o_closed FROM sabot.open_shift($1)", &[&header]))?;
        let url = self.session.url();
        let seq: i64 = row.try_get(0).map_err(|e| db_error(url, &e))?;
        let hash: String = row.try_get(1).map_err(|e| db_error(url, &e))?;
        let closed: bool = row.try_get(2).map_err(|e| db_error(url, &e))?;
        Ok(PitLast { seq: u64::try_from(seq).unwrap_or(0), hash, closed })
    }

    /// Adds records (in order, the next ones of the shift) in one transaction: all in
    /// one statement (the lines as an array, inserted in their order, the trigger
    /// checking each); when the pit refuses one, the batch is sent again a record a
    /// statement to name the record refused.
    pub fn append(&mut self, shift_id: &str, records: &[Outgoing]) -> Result<(), PitError> {
        let url = self.session.url().clone();
        let refused = |seq: u64, e: &postgres::Error| match db_error(&url, e) {
            PitError::Refused { why, .. } => PitError::Refused { seq, why },
            other => other,
        };
        // The pit reads the sequence, time, hashes and kind from the line itself.
        let (many, one, shift_id) = (self.insert_many.clone(), self.insert.clone(), shift_id.to_string());
        let lines: Vec<(u64, String)> = records.iter().map(|r| (r.seq, r.line.clone())).collect();
        let failed = self.session.within(move |c| -> Result<(), (Option<u64>, postgres::Error)> {
            if lines.len() > 1 {
                let all: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
                match c.execute(&many, &[&shift_id, &all]) {
                    Ok(_) => return Ok(()),
                    Err(e) if !is_refusal(&e) => return Err((None, e)),
                    Err(_) => {} // refused: which record, one a statement
                }
            }
            let mut tx = c.transaction().map_err(|e| (None, e))?;
            for (seq, line) in &lines {
                tx.execute(&one, &[&shift_id, line]).map_err(|e| (Some(*seq), e))?;
            }
            tx.commit().map_err(|e| (None, e))
        })?;
        failed.map_err(|(seq, e)| match seq {
            Some(seq) => refused(seq, &e),
            None => db_error(&url, &e),
        })
    }

    /// Tells the pit that it refused record `seq` of a shift, and why (schema version
    /// 4): the refusal itself left nothing there. The login and the time are the
    /// database's own; the reason is kept as `PitRefusal::stored` (its code first).
    pub fn report_refusal(&mut self, head: &ShiftHead, seq: u64, why: &PitRefusal) -> Result<(), PitError> {
        let (why, shift, table, seq) = (why.stored(), head.shift_id.clone(), head.table_name.clone(), to_i64(seq)?);
        self.session
            .call(move |c| {
                c.execute(
                    "INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ($1, $2, $3, $4)",
                    &[&shift, &table, &seq, &why],
                )
            })
            .map(|_| ())
    }

    pub fn is_closed(&self) -> bool {
        self.session.is_closed()
    }
}

/// What the pit keeps of a shift's header: its id (the header record's hash) and who.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShiftHead {
    pub shift_id: String,
    pub table_name: String,
    pub croupier: String,
    pub game: String,
    pub training: bool,
    pub started: DateTime<FixedOffset>,
    pub header_line: String,
}

impl ShiftHead {
    /// From a log's first line (its header record).
    pub fn from_header_line(line: &str) -> Result<ShiftHead, String> {
        use crate::journal::{Body, record};
        let rec = record::decode(line.as_bytes()).map_err(|e| e.to_string())?;
        let Body::Header(h) = &rec.body else { return Err("the first record is not a header".into()) };
        Ok(ShiftHead {
            shift_id: rec.hash.clone(),
            table_name: h.table.clone(),
            croupier: h.croupier.clone(),
            game: h.settings.game.slug().to_string(),
            training: h.training,
            started: h.started,
            header_line: line.to_string(),
        })
    }
}

/// A shift as the pit holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShiftRow {
    pub shift_id: String,
    pub table_name: String,
    pub croupier: String,
    /// The game's slug (`banque`, `chemin-de-fer`, `punto-banca`).
    pub game: String,
    pub training: bool,
    pub started: DateTime<FixedOffset>,
    /// The last record the pit holds (0: only the header).
    pub last_seq: u64,
    pub last_at: DateTime<FixedOffset>,
    /// When the pit received it.
    pub last_received: DateTime<Utc>,
    pub closed: bool,
    /// The pit's clock when this was read (for ages: now − `last_at`).
    pub read_at: DateTime<Utc>,
}

impl ShiftRow {
    /// How long the last record took from the table to the pit.
    pub fn delay(&self) -> chrono::Duration {
        self.last_received.signed_duration_since(self.last_at)
    }
    /// How long ago the last record was written, by the pit's clock.
    pub fn age(&self) -> chrono::Duration {
        self.read_at.signed_duration_since(self.last_at)
    }
}

/// One record as the pit holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PitRecord {
    pub seq: u64,
    pub at: DateTime<FixedOffset>,
    pub hash: String,
    pub prev: String,
    pub line: String,
    pub received: DateTime<Utc>,
}

impl PitRecord {
    /// A record from a row whose columns from `first` on are `seq, at, hash, prev,
    /// line, received` (the floor's query puts the shift's id before them).
    pub fn from_row(row: &postgres::Row, first: usize) -> Result<PitRecord, postgres::Error> {
        let seq: i64 = row.try_get(first)?;
        let at: DateTime<Utc> = row.try_get(first + 1)?;
        Ok(PitRecord {
            seq: u64::try_from(seq).unwrap_or(0),
            at: at.fixed_offset(),
            hash: row.try_get(first + 2)?,
            prev: row.try_get(first + 3)?,
            line: row.try_get(first + 4)?,
            received: row.try_get(first + 5)?,
        })
    }
}

/// How late a shift's records reached the pit (`PitReader::lateness`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lateness {
    /// The shift's records in the pit.
    pub records: u64,
    /// Of those, received more than `after` after they were written.
    pub late: u64,
    /// The first of them.
    pub first_late: Option<u64>,
    /// The longest any record took from the table's time to the pit.
    pub worst: chrono::Duration,
    pub after: Duration,
}

/// How a connection to the pit travels: what the URL asked (`transport`) and what
/// the server says of it (`tls_version`: TLS in use, and its version).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connection {
    pub transport: Transport,
    pub tls_version: Option<String>,
}

/// A refusal a table reported (`sabot.refusals`): the table's and the shift's names
/// as that login said them, the record refused, why, who reported it and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusalRow {
    pub table_name: String,
    pub shift_id: String,
    pub seq: u64,
    /// As the table stored it: `PitRefusal::from_stored` reads it back.
    pub why: String,
    pub login: String,
    pub at: DateTime<chrono::Utc>,
}

/// Reading the pit (as a member of `sabot_pit`): `sabot pit status`, `verify --pit`,
/// and the pit boss's review (list the shifts; read a shift's records from a sequence
/// on, again as new ones arrive).
pub struct PitReader {
    session: Session,
}

const SHIFT_COLUMNS: &str = "shift_id, table_name, croupier, game, training, started, last_seq, last_at, \
                             last_received, closed, clock_timestamp()";

impl PitReader {
    pub fn connect(url: &PitUrl) -> Result<PitReader, PitError> {
        let mut session = Session::connect(url)?;
        let u = url.clone();
        session.within(move |c| schema::check_version(c, &u))??;
        Ok(PitReader { session })
    }

    fn shift_row(&self, row: &postgres::Row) -> Result<ShiftRow, PitError> {
        let e = |e: postgres::Error| db_error(self.url(), &e);
        let started: DateTime<Utc> = row.try_get(5).map_err(e)?;
        let last_at: DateTime<Utc> = row.try_get(7).map_err(e)?;
        let last_seq: i64 = row.try_get(6).map_err(e)?;
        Ok(ShiftRow {
            shift_id: row.try_get(0).map_err(e)?,
            table_name: row.try_get(1).map_err(e)?,
            croupier: row.try_get(2).map_err(e)?,
            game: row.try_get(3).map_err(e)?,
            training: row.try_get(4).map_err(e)?,
            started: started.fixed_offset(),
            last_seq: u64::try_from(last_seq).unwrap_or(0),
            last_at: last_at.fixed_offset(),
            last_received: row.try_get(8).map_err(e)?,
            closed: row.try_get(9).map_err(e)?,
            read_at: row.try_get(10).map_err(e)?,
        })
    }

    /// How this connection travels, as the server sees it (`pg_stat_ssl`): TLS and
    /// its version, in clear, or a local socket (`pit status` says which).
    pub fn connection(&mut self) -> Result<Connection, PitError> {
        let transport = self.url().transport();
        let row = self.session.call(|c| {
            c.query_opt("SELECT ssl, coalesce(version, '') FROM pg_stat_ssl WHERE pid = pg_backend_pid()", &[])
        })?;
        let e = |e: postgres::Error| db_error(self.url(), &e);
        let (ssl, version): (bool, String) = match row {
            Some(r) => (r.try_get(0).map_err(e)?, r.try_get(1).map_err(e)?),
            None => (false, String::new()),
        };
        Ok(Connection { transport, tls_version: ssl.then_some(version) })
    }

    /// Every shift, newest first.
    pub fn shifts(&mut self) -> Result<Vec<ShiftRow>, PitError> {
        let q = format!("SELECT {SHIFT_COLUMNS} FROM sabot.shifts ORDER BY started DESC, table_name");
        let rows = self.session.call(move |c| c.query(q.as_str(), &[]))?;
        rows.iter().map(|r| self.shift_row(r)).collect()
    }

    /// Each table's latest shift, by table name.
    pub fn tables(&mut self) -> Result<Vec<ShiftRow>, PitError> {
        let q = format!(
            "SELECT DISTINCT ON (table_name) {SHIFT_COLUMNS} FROM sabot.shifts \
             WHERE NOT training ORDER BY table_name, started DESC"
        );
        let rows = self.session.call(move |c| c.query(q.as_str(), &[]))?;
        rows.iter().map(|r| self.shift_row(r)).collect()
    }

    /// One shift, by its id (its header record's hash).
    pub fn shift(&mut self, shift_id: &str) -> Result<Option<ShiftRow>, PitError> {
        let q = format!("SELECT {SHIFT_COLUMNS} FROM sabot.shifts WHERE shift_id = $1");
        let id = shift_id.to_string();
        let row = self.session.call(move |c| c.query_opt(q.as_str(), &[&id]))?;
        row.map(|r| self.shift_row(&r)).transpose()
    }

    /// Shifts of a table that started within `hours` of this moment (the pit's shift
    /// of a log whose header was rewritten).
    pub fn shifts_near(
        &mut self,
        table_name: &str,
        started: DateTime<FixedOffset>,
        hours: i32,
    ) -> Result<Vec<ShiftRow>, PitError> {
        let q = format!(
            "SELECT {SHIFT_COLUMNS} FROM sabot.shifts WHERE table_name = $1 \
               AND started BETWEEN $2::timestamptz - $3::int * interval '1 hour' \
                               AND $2::timestamptz + $3::int * interval '1 hour'"
        );
        let table = table_name.to_string();
        let rows = self.session.call(move |c| c.query(q.as_str(), &[&table, &started, &hours]))?;
        rows.iter().map(|r| self.shift_row(r)).collect()
    }

    /// A shift's records from `from_seq` on, in order, at most `limit` of them.
    pub fn records_from(&mut self, shift_id: &str, from_seq: u64, limit: u32) -> Result<Vec<PitRecord>, PitError> {
        let (id, from) = (shift_id.to_string(), to_i64(from_seq)?);
        let rows = self.session.call(move |c| {
            c.query(
                "SELECT seq, at, hash, prev, line, received FROM sabot.records \
                 WHERE shift_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3",
                &[&id, &from, &i64::from(limit)],
            )
        })?;
        let e = |e: postgres::Error| db_error(self.url(), &e);
        rows.iter().map(|r| PitRecord::from_row(r, 0).map_err(e)).collect()
    }

    /// How many of a shift's records reached the pit late: received more than `after`
    /// after the time the table wrote on them (the honest limit: the pit's copy of a
    /// record sent late is only as good as the laptop that kept it meanwhile).
    pub fn lateness(&mut self, shift_id: &str, after: Duration) -> Result<Lateness, PitError> {
        let after_ms = i64::try_from(after.as_millis()).unwrap_or(i64::MAX);
        let id = shift_id.to_string();
        let row = self.session.call(move |c| {
            c.query_one(
                "SELECT count(*), count(*) FILTER (WHERE received - at > $2::bigint * interval '1 millisecond'), \
                        min(seq) FILTER (WHERE received - at > $2::bigint * interval '1 millisecond'), \
                        coalesce((extract(epoch FROM max(received - at)) * 1000)::bigint, 0) \
                   FROM sabot.records WHERE shift_id = $1",
                &[&id, &after_ms],
            )
        })?;
        let e = |e: postgres::Error| db_error(self.url(), &e);
        let records: i64 = row.try_get(0).map_err(e)?;
        let late: i64 = row.try_get(1).map_err(e)?;
        let first: Option<i64> = row.try_get(2).map_err(e)?;
        let worst_ms: i64 = row.try_get(3).map_err(e)?;
        Ok(Lateness {
            records: u64::try_from(records).unwrap_or(0),
            late: u64::try_from(late).unwrap_or(0),
            first_late: first.and_then(|f| u64::try_from(f).ok()),
            worst: chrono::Duration::milliseconds(worst_ms.max(0)),
            after,
        })
    }

    /// The refusals tables reported since `since` (the pit's clock), oldest first.
    pub fn refusals(&mut self, since: DateTime<chrono::Utc>) -> Result<Vec<RefusalRow>, PitError> {
        let rows = self.session.call(move |c| {
            c.query(
                "SELECT table_name, shift_id, seq, why, login, at FROM sabot.refusals WHERE at >= $1 ORDER BY at, id",
                &[&since],
            )
        })?;
        let e = |e: postgres::Error| db_error(self.url(), &e);
        rows.iter()
            .map(|r| {
                let seq: i64 = r.try_get(2).map_err(e)?;
                Ok(RefusalRow {
                    table_name: r.try_get(0).map_err(e)?,
                    shift_id: r.try_get(1).map_err(e)?,
                    seq: u64::try_from(seq).unwrap_or(0),
                    why: r.try_get(3).map_err(e)?,
                    login: r.try_get(4).map_err(e)?,
                    at: r.try_get(5).map_err(e)?,
                })
            })
            .collect()
    }

    /// Runs queries of one's own on the connection (the school's reading, the
    /// benchmark's lag figures), within the answer limit (`Session::within`).
    pub fn within<T: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Client) -> T + Send + 'static,
    ) -> Result<T, PitError> {
        self.session.within(f)
    }

    /// `within`, a database error as a `PitError`.
    pub fn call<T: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Client) -> Result<T, postgres::Error> + Send + 'static,
    ) -> Result<T, PitError> {
        self.session.call(f)
    }

    /// The pit it reads.
    pub fn url(&self) -> &PitUrl {
        self.session.url()
    }
}
