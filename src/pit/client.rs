//! Talking to the pit: the URL, the connection (TLS when asked for), the table's side
//! (open a shift, add records) and the read side (shifts, a shift's records).

use super::PitError;
use super::schema;
use chrono::{DateTime, FixedOffset, Utc};
use postgres::config::SslMode;
use postgres::error::SqlState;
use postgres::{Client, Config, NoTls, Statement};
use std::str::FromStr;
use std::time::Duration;

/// How long a connection attempt may take before the pit counts as offline.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A pit's connection string (`postgresql://user:password@host:port/db`, with
/// `?host=/socket/folder` or `sslmode=require` as PostgreSQL reads them; or the
/// `key=value` form). Shown and debug-printed with its password masked.
#[derive(Clone)]
pub struct PitUrl {
    masked: String,
    config: Config,
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

impl PitUrl {
    /// Reads a connection string. The error never repeats the string itself.
    pub fn parse(text: &str) -> Result<PitUrl, PitError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(PitError::BadUrl("empty".into()));
        }
        let mut config = Config::from_str(text).map_err(|e| PitError::BadUrl(e.to_string()))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        // A pit gone quiet (a cable pulled) is found within seconds, not hours.
        config.keepalives(true).keepalives_idle(Duration::from_secs(10));
        config.tcp_user_timeout(Duration::from_secs(15));
        if config.get_application_name().is_none() {
            config.application_name("sabot");
        }
        Ok(PitUrl { masked: super::mask_password(text), config })
    }

    /// The URL with its password masked.
    pub fn masked(&self) -> &str {
        &self.masked
    }

    /// Whether the connection uses TLS (`sslmode=require`).
    pub fn tls(&self) -> bool {
        self.config.get_ssl_mode() == SslMode::Require
    }

    /// Connects (TLS through the system's OpenSSL when the URL asks for it).
    pub fn connect(&self) -> Result<Client, PitError> {
        let connected = if self.tls() {
            let connector = native_tls::TlsConnector::new().map_err(|e| self.offline(&e.to_string()))?;
            self.config.connect(postgres_native_tls::MakeTlsConnector::new(connector))
        } else {
            self.config.connect(NoTls)
        };
        connected.map_err(|e| db_error(self, &e))
    }

    fn offline(&self, why: &str) -> PitError {
        PitError::Offline { url: self.masked.clone(), why: why.to_string() }
    }
}

/// A database error as a `PitError`: offline when the connection is gone, refused
/// when the pit's chain check said no, else the database's own message.
pub(crate) fn db_error(url: &PitUrl, e: &postgres::Error) -> PitError {
    match e.as_db_error() {
        Some(db) => {
            let code = db.code().code();
            if code.starts_with("SB") || *db.code() == SqlState::UNIQUE_VIOLATION {
                PitError::Refused { seq: 0, why: db.message().to_string() }
            } else if *db.code() == SqlState::ADMIN_SHUTDOWN
                || *db.code() == SqlState::CANNOT_CONNECT_NOW
                || code.starts_with("08")
            {
                url.offline(db.message())
            } else {
                PitError::Database(format!("{} ({code})", db.message()))
            }
        }
        None => url.offline(&e.to_string()),
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
    i64::try_from(seq).map_err(|_| PitError::Database(format!("sequence {seq} too large")))
}

impl TableClient {
    pub fn connect(url: &PitUrl) -> Result<TableClient, PitError> {
        let mut client = url.connect()?;
        let insert = client
            .prepare("INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .map_err(|e| match e.code() {
                Some(c) if *c == SqlState::UNDEFINED_TABLE || *c == SqlState::INVALID_SCHEMA_NAME => {
                    PitError::NotInitialised
                }
                _ => db_error(url, &e),
            })?;
        Ok(TableClient { url: url.clone(), client, insert })
    }

    /// Opens the shift in the pit (idempotent: the header is added the first time)
    /// and says what the pit holds of it.
    pub fn open_shift(&mut self, shift: &ShiftHead) -> Result<PitLast, PitError> {
        let row = self
            .client
            .query_one(
                "SELECT o_seq, o_hash, o_closed FROM sabot.open_shift($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &shift.shift_id,
                    &shift.table_name,
                    &shift.croupier,
                    &shift.game,
                    &shift.training,
                    &shift.started,
                    &shift.header_line,
                ],
            )
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
        if let [r] = records {
            let params: [&(dyn postgres::types::ToSql + Sync); 7] =
                [&shift_id, &to_i64(r.seq)?, &r.at, &r.hash, &r.prev, &r.kind, &r.line];
            self.client.execute(&self.insert, &params).map_err(|e| refused(r.seq, &e))?;
            return Ok(());
        }
        let mut tx = self.client.transaction().map_err(|e| db_error(url, &e))?;
        for r in records {
            let params: [&(dyn postgres::types::ToSql + Sync); 7] =
                [&shift_id, &to_i64(r.seq)?, &r.at, &r.hash, &r.prev, &r.kind, &r.line];
            tx.execute(&self.insert, &params).map_err(|e| refused(r.seq, &e))?;
        }
        tx.commit().map_err(|e| db_error(url, &e))
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

    /// The connection, for queries of one's own (the benchmark's lag figures).
    pub fn client(&mut self) -> &mut Client {
        &mut self.client
    }
}
