//! Talking to the pit: the table's side (open a shift, add records) and the read side
//! (shifts, a shift's records). The URL is `url`, the connecting `session`.

use super::schema;
pub(crate) use super::session::run_within;
pub use super::session::{Session, refuse_self_connected};
use super::url::{PitUrl, Transport, db_error, is_refusal};
use super::{PitError, PitRefusal};
use chrono::{DateTime, FixedOffset, Utc};
use postgres::error::SqlState;
use postgres::{Client, Statement};
use std::time::Duration;

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

/// A sequence number as the pit's columns hold it, read back: one below 0 is an
/// error, never record 0.
pub(crate) fn seq_of(seq: i64) -> Result<u64, PitError> {
    u64::try_from(seq).map_err(|_| PitError::NegativeSequence(seq))
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
        Ok(PitLast { seq: seq_of(seq)?, hash, closed })
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
    /// A shift's row from a query whose columns are `SHIFT_COLUMNS`' (the pit's clock
    /// last); the one reading of a shift's row (the reader's list, the floor's open
    /// shifts).
    pub(crate) fn from_row(row: &postgres::Row, url: &PitUrl) -> Result<ShiftRow, PitError> {
        let e = |e: postgres::Error| db_error(url, &e);
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
            last_seq: seq_of(last_seq)?,
            last_at: last_at.fixed_offset(),
            last_received: row.try_get(8).map_err(e)?,
            closed: row.try_get(9).map_err(e)?,
            read_at: row.try_get(10).map_err(e)?,
        })
    }

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
    /// line, received` (the floor's query puts the shift's id before them). A sequence
    /// below 0 is an error, never record 0.
    pub fn from_row(row: &postgres::Row, first: usize, url: &PitUrl) -> Result<PitRecord, PitError> {
        let e = |e: postgres::Error| db_error(url, &e);
        let seq: i64 = row.try_get(first).map_err(e)?;
        let at: DateTime<Utc> = row.try_get(first + 1).map_err(e)?;
        Ok(PitRecord {
            seq: seq_of(seq)?,
            at: at.fixed_offset(),
            hash: row.try_get(first + 2).map_err(e)?,
            prev: row.try_get(first + 3).map_err(e)?,
            line: row.try_get(first + 4).map_err(e)?,
            received: row.try_get(first + 5).map_err(e)?,
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
        ShiftRow::from_row(row, self.url())
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
        rows.iter().map(|r| PitRecord::from_row(r, 0, self.url())).collect()
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
                    seq: seq_of(seq)?,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 50: a sequence below 0 read back from the pit is an error naming it,
    /// never record 0 (a shift's last record, a refusal, an opened shift alike).
    #[test]
    fn a_negative_sequence_from_the_pit_is_an_error_not_record_0() {
        assert_eq!(seq_of(-1), Err(PitError::NegativeSequence(-1)));
        assert_eq!(seq_of(0), Ok(0));
        assert_eq!(seq_of(i64::MAX), Ok(i64::MAX as u64));
        assert_eq!(to_i64(u64::MAX), Err(PitError::SequenceTooLarge(u64::MAX)));
    }
}
