//! Talking to the pit: the URL, the connection (TLS when asked for), the table's side
//! (open a shift, add records) and the read side (shifts, a shift's records).

use super::schema;
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
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);
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
    let user = config.get_user().unwrap_or_default();
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
    let db = config.get_dbname().unwrap_or(user);
    format!("{user}@{}/{db}", hosts.join(","))
}

/// The driver's reading of a connection string; its error names no part of the text.
fn read_config(text: &str) -> Result<Config, PitError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PitError::NoUrl);
    }
    // `verify-ca`, `verify-full` and `sslrootcert` are read by the pit's TLS, not the driver.
    Config::from_str(&super::tls::split(text).0).map_err(|e| {
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
    !text.trim().is_empty() && read_config(text).map_or(true, |c| c.get_password().is_some())
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
        let options = config.get_options().unwrap_or_default().to_string();
        if !options.contains("statement_timeout") {
            let ms = STATEMENT_TIMEOUT.as_millis();
            let joined = if options.is_empty() {
                format!("-c statement_timeout={ms}")
            } else {
                format!("{options} -c statement_timeout={ms}")
            };
            config.options(&joined);
        }
        if config.get_application_name().is_none() {
            config.application_name("sabot");
        }
        Ok(PitUrl { masked: shown(&config), config, tls: super::tls::split(text).1 })
    }

    /// The URL as shown: `user@host:port/db`.
    pub fn masked(&self) -> &str {
        &self.masked
    }

    /// Whether the connection uses TLS (`sslmode=require`, `verify-ca` or `verify-full`).
    pub fn tls(&self) -> bool {
        self.config.get_ssl_mode() == SslMode::Require
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
            Some(Ok(())) => {}
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

    fn offline(&self, why: Unreachable) -> PitError {
        PitError::Offline { url: self.masked.clone(), why }
    }
}

/// Runs `f` on its own thread and waits at most `limit` for it: None when it did not
/// end in time (the thread is left to end on its own; its result is dropped).
pub(crate) fn run_within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("sabot-pit-connect".into()).spawn(move || {
        // The receiver may be gone (given up): nothing to tell then.
        let _ = tx.send(f());
    });
    if spawned.is_err() {
        return None;
    }
    rx.recv_timeout(limit).ok()
}

/// PostgreSQL's SSLRequest: every server answers it with one byte (`S` or `N`).
const SSL_REQUEST: [u8; 8] = [0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f];

/// Refuses a TCP socket connected to itself (its local address is its peer's): what
/// a connection to a port of the ephemeral range on this machine with nothing
/// listening can become. It would wait on itself for ever and hold the port.
pub fn refuse_self_connected(stream: &std::net::TcpStream) -> Result<(), Unreachable> {
    match (stream.local_addr(), stream.peer_addr()) {
        (Ok(local), Ok(peer)) if local == peer => Err(Unreachable::SelfConnected { at: peer.to_string() }),
        (Ok(_), Ok(_)) => Ok(()),
        (Err(e), _) | (_, Err(e)) => Err(connect_failed("", &e)),
    }
}

/// A failed connection to `at`, as the system said it.
fn connect_failed(at: &str, e: &std::io::Error) -> Unreachable {
    Unreachable::Connect { at: at.to_string(), kind: e.kind(), said: e.to_string() }
}

/// Asks the first server of `config` that can be reached for its first answer.
fn probe(config: &Config, limit: Duration) -> Result<(), Unreachable> {
    use postgres::config::Host;
    use std::net::ToSocketAddrs;
    let ports = config.get_ports();
    let port = |i: usize| ports.get(i).or(ports.first()).copied().unwrap_or(5432);
    let ask = |s: &mut dyn ReadWrite, at: &str| -> Result<(), Unreachable> {
        s.write_all(&SSL_REQUEST).map_err(|e| connect_failed(at, &e))?;
        let mut b = [0u8; 1];
        match s.read(&mut b) {
            Ok(1) if matches!(b[0], b'S' | b'N' | b'E') => Ok(()),
            Ok(_) => Err(Unreachable::NotPostgres { at: at.to_string() }),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                Err(Unreachable::Silent { at: at.to_string(), secs: limit.as_secs() })
            }
            Err(e) => Err(connect_failed(at, &e)),
        }
    };
    let mut last = Unreachable::NoHost;
    let mut targets: Vec<(Option<&Host>, Option<std::net::IpAddr>, u16)> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, h)| (Some(h), config.get_hostaddrs().get(i).copied(), port(i)))
        .collect();
    if targets.is_empty() {
        targets = config.get_hostaddrs().iter().enumerate().map(|(i, a)| (None, Some(*a), port(i))).collect();
    }
    if targets.is_empty() {
        targets.push((None, None, port(0)));
    }
    for (host, addr, port) in targets {
        let result = match (host, addr) {
            #[cfg(unix)]
            (Some(Host::Unix(dir)), _) => {
                let path = dir.join(format!(".s.PGSQL.{port}"));
                let at = format!("{}:{port}", dir.display());
                std::os::unix::net::UnixStream::connect(&path).map_err(|e| connect_failed(&at, &e)).and_then(|mut s| {
                    s.set_read_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                    s.set_write_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                    ask(&mut s, &at)
                })
            }
            (host, addr) => {
                let name = match host {
                    Some(Host::Tcp(n)) => n.clone(),
                    _ => "localhost".to_string(),
                };
                let at = format!("{name}:{port}");
                let addrs: Vec<std::net::SocketAddr> = match addr {
                    Some(a) => vec![std::net::SocketAddr::new(a, port)],
                    None => (name.as_str(), port).to_socket_addrs().map_err(|e| connect_failed(&at, &e))?.collect(),
                };
                let mut result = Err(Unreachable::NoAddress { at: at.clone() });
                for a in addrs {
                    result = std::net::TcpStream::connect_timeout(&a, limit)
                        .map_err(|e| connect_failed(&at, &e))
                        .and_then(|mut s| {
                            refuse_self_connected(&s)?;
                            s.set_read_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                            s.set_write_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                            ask(&mut s, &at)
                        });
                    if result.is_ok() {
                        break;
                    }
                }
                result
            }
        };
        match result {
            Ok(()) => return Ok(()),
            Err(e) => last = e,
        }
    }
    Err(last)
}

trait ReadWrite: std::io::Read + std::io::Write {}
impl<T: std::io::Read + std::io::Write> ReadWrite for T {}

/// A database error as a `PitError`: offline when the connection is gone, refused
/// when the pit's chain check said no, else the database's own message.
pub(crate) fn db_error(url: &PitUrl, e: &postgres::Error) -> PitError {
    match e.as_db_error() {
        Some(db) => {
            let code = db.code().code();
            if code.starts_with("SB") || *db.code() == SqlState::UNIQUE_VIOLATION {
                let why = PitRefusal::Check { kind: PitCheck::of_code(code), said: db.message().to_string() };
                PitError::Refused { seq: 0, why }
            } else if *db.code() == SqlState::ADMIN_SHUTDOWN
                || *db.code() == SqlState::CANNOT_CONNECT_NOW
                || code.starts_with("08")
            {
                url.offline(Unreachable::Said(db.message().to_string()))
            } else {
                PitError::Database { code: code.to_string(), said: db.message().to_string() }
            }
        }
        None => url.offline(Unreachable::Said(e.to_string())),
    }
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
    url: PitUrl,
    client: Client,
    insert: Statement,
}

fn to_i64(seq: u64) -> Result<i64, PitError> {
    i64::try_from(seq).map_err(|_| PitError::SequenceTooLarge(seq))
}

impl TableClient {
    pub fn connect(url: &PitUrl) -> Result<TableClient, PitError> {
        let mut client = url.connect()?;
        let insert =
            client.prepare("INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)").map_err(|e| {
                match e.code() {
                    Some(c) if *c == SqlState::UNDEFINED_TABLE || *c == SqlState::INVALID_SCHEMA_NAME => {
                        PitError::NotInitialised
                    }
                    _ => db_error(url, &e),
                }
            })?;
        Ok(TableClient { url: url.clone(), client, insert })
    }

    /// Opens the shift in the pit from its header line (idempotent: the header is
    /// added the first time; the pit reads the shift's id, table, croupier, game,
    /// training flag and start from the line) and says what the pit holds of it.
    pub fn open_shift(&mut self, shift: &ShiftHead) -> Result<PitLast, PitError> {
        let row = self
            .client
            .query_one("SELECT o_seq, o_hash, o_closed FROM sabot.open_shift($1)", &[&shift.header_line])
            .map_err(|e| db_error(&self.url, &e))?;
        let seq: i64 = row.try_get(0).map_err(|e| db_error(&self.url, &e))?;
        let hash: String = row.try_get(1).map_err(|e| db_error(&self.url, &e))?;
        let closed: bool = row.try_get(2).map_err(|e| db_error(&self.url, &e))?;
        Ok(PitLast { seq: u64::try_from(seq).unwrap_or(0), hash, closed })
    }

    /// Adds records (in order, the next ones of the shift) in one transaction.
    pub fn append(&mut self, shift_id: &str, records: &[Outgoing]) -> Result<(), PitError> {
        let url = &self.url;
        let refused = |seq: u64, e: &postgres::Error| match db_error(url, e) {
            PitError::Refused { why, .. } => PitError::Refused { seq, why },
            other => other,
        };
        // The pit reads the sequence, time, hashes and kind from the line itself.
        if let [r] = records {
            self.client.execute(&self.insert, &[&shift_id, &r.line]).map_err(|e| refused(r.seq, &e))?;
            return Ok(());
        }
        let mut tx = self.client.transaction().map_err(|e| db_error(url, &e))?;
        for r in records {
            tx.execute(&self.insert, &[&shift_id, &r.line]).map_err(|e| refused(r.seq, &e))?;
        }
        tx.commit().map_err(|e| db_error(url, &e))
    }

    /// Tells the pit that it refused record `seq` of a shift, and why (schema version
    /// 4): the refusal itself left nothing there. The login and the time are the
    /// database's own; the reason is kept as `PitRefusal::stored` (its code first).
    pub fn report_refusal(&mut self, head: &ShiftHead, seq: u64, why: &PitRefusal) -> Result<(), PitError> {
        let why = why.stored();
        self.client
            .execute(
                "INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ($1, $2, $3, $4)",
                &[&head.shift_id, &head.table_name, &to_i64(seq)?, &why],
            )
            .map(|_| ())
            .map_err(|e| db_error(&self.url, &e))
    }

    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
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
    url: PitUrl,
    client: Client,
}

const SHIFT_COLUMNS: &str = "shift_id, table_name, croupier, game, training, started, last_seq, last_at, \
                             last_received, closed, clock_timestamp()";

impl PitReader {
    pub fn connect(url: &PitUrl) -> Result<PitReader, PitError> {
        let mut client = url.connect()?;
        schema::check_version(&mut client, url)?;
        Ok(PitReader { url: url.clone(), client })
    }

    fn shift_row(&self, row: &postgres::Row) -> Result<ShiftRow, PitError> {
        let e = |e: postgres::Error| db_error(&self.url, &e);
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

    /// Every shift, newest first.
    pub fn shifts(&mut self) -> Result<Vec<ShiftRow>, PitError> {
        let q = format!("SELECT {SHIFT_COLUMNS} FROM sabot.shifts ORDER BY started DESC, table_name");
        let rows = self.client.query(q.as_str(), &[]).map_err(|e| db_error(&self.url, &e))?;
        rows.iter().map(|r| self.shift_row(r)).collect()
    }

    /// Each table's latest shift, by table name.
    pub fn tables(&mut self) -> Result<Vec<ShiftRow>, PitError> {
        let q = format!(
            "SELECT DISTINCT ON (table_name) {SHIFT_COLUMNS} FROM sabot.shifts \
             WHERE NOT training ORDER BY table_name, started DESC"
        );
        let rows = self.client.query(q.as_str(), &[]).map_err(|e| db_error(&self.url, &e))?;
        rows.iter().map(|r| self.shift_row(r)).collect()
    }

    /// One shift, by its id (its header record's hash).
    pub fn shift(&mut self, shift_id: &str) -> Result<Option<ShiftRow>, PitError> {
        let q = format!("SELECT {SHIFT_COLUMNS} FROM sabot.shifts WHERE shift_id = $1");
        let row = self.client.query_opt(q.as_str(), &[&shift_id]).map_err(|e| db_error(&self.url, &e))?;
        row.map(|r| self.shift_row(&r)).transpose()
    }

    /// Shifts of a table that started at this moment (a header that differs).
    pub fn shifts_like(&mut self, table_name: &str, started: DateTime<FixedOffset>) -> Result<Vec<ShiftRow>, PitError> {
        let q = format!("SELECT {SHIFT_COLUMNS} FROM sabot.shifts WHERE table_name = $1 AND started = $2");
        let rows = self.client.query(q.as_str(), &[&table_name, &started]).map_err(|e| db_error(&self.url, &e))?;
        rows.iter().map(|r| self.shift_row(r)).collect()
    }

    /// A shift's records from `from_seq` on, in order, at most `limit` of them.
    pub fn records_from(&mut self, shift_id: &str, from_seq: u64, limit: u32) -> Result<Vec<PitRecord>, PitError> {
        let rows = self
            .client
            .query(
                "SELECT seq, at, hash, prev, line, received FROM sabot.records \
                 WHERE shift_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3",
                &[&shift_id, &to_i64(from_seq)?, &i64::from(limit)],
            )
            .map_err(|e| db_error(&self.url, &e))?;
        let e = |e: postgres::Error| db_error(&self.url, &e);
        rows.iter()
            .map(|r| {
                let seq: i64 = r.try_get(0).map_err(e)?;
                let at: DateTime<Utc> = r.try_get(1).map_err(e)?;
                Ok(PitRecord {
                    seq: u64::try_from(seq).unwrap_or(0),
                    at: at.fixed_offset(),
                    hash: r.try_get(2).map_err(e)?,
                    prev: r.try_get(3).map_err(e)?,
                    line: r.try_get(4).map_err(e)?,
                    received: r.try_get(5).map_err(e)?,
                })
            })
            .collect()
    }

    /// How many of a shift's records reached the pit late: received more than `after`
    /// after the time the table wrote on them (the honest limit: the pit's copy of a
    /// record sent late is only as good as the laptop that kept it meanwhile).
    pub fn lateness(&mut self, shift_id: &str, after: Duration) -> Result<Lateness, PitError> {
        let after_ms = i64::try_from(after.as_millis()).unwrap_or(i64::MAX);
        let row = self
            .client
            .query_one(
                "SELECT count(*), count(*) FILTER (WHERE received - at > $2::bigint * interval '1 millisecond'), \
                        min(seq) FILTER (WHERE received - at > $2::bigint * interval '1 millisecond'), \
                        coalesce((extract(epoch FROM max(received - at)) * 1000)::bigint, 0) \
                   FROM sabot.records WHERE shift_id = $1",
                &[&shift_id, &after_ms],
            )
            .map_err(|e| db_error(&self.url, &e))?;
        let e = |e: postgres::Error| db_error(&self.url, &e);
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
        let rows = self
            .client
            .query(
                "SELECT table_name, shift_id, seq, why, login, at FROM sabot.refusals WHERE at >= $1 ORDER BY at, id",
                &[&since],
            )
            .map_err(|e| db_error(&self.url, &e))?;
        let e = |e: postgres::Error| db_error(&self.url, &e);
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

    /// The connection, for queries of one's own (the benchmark's lag figures).
    pub fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    /// The pit it reads.
    pub fn url(&self) -> &PitUrl {
        &self.url
    }
}
