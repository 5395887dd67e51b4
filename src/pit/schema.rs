//! The pit's schema, versioned: `sabot.meta` (the version), `sabot.shifts` (one row a
//! shift: its table, croupier, game, start, and the last record the pit holds),
//! `sabot.records` (every record: sequence, time, hash, previous hash, the record's
//! line, when the pit received it), and two roles:
//!
//! - `sabot_table`: what a table logs in as (through a login role that is a member).
//!   It may insert records and open a shift (`sabot.open_shift`), nothing else: no
//!   select, no update, no delete.
//! - `sabot_pit`: what the pit boss reads with: select only.
//!
//! A trigger (running as the schema's owner, whoever inserts) refuses a record that
//! does not chain onto the last one the pit holds for its shift (the next sequence,
//! `prev` the last hash), whose line is not the record it claims (its own SHA-256, its
//! sequence, its `prev`), or that follows the closing record, unless it is an
//! amendment (R-BQ-E7, kind `amend`: the pit boss's correction to a paid coup, which a
//! closed shift's log takes after its close; version 2).

use super::PitError;
use super::client::{PitUrl, db_error};

/// The schema version this Sabot writes and reads.
pub const SCHEMA_VERSION: i32 = 2;

/// Version 1, applied in one transaction.
const V1: &str = r#"
CREATE SCHEMA IF NOT EXISTS sabot;
CREATE TABLE sabot.meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE sabot.shifts (
    shift_id text PRIMARY KEY CHECK (shift_id ~ '^[0-9a-f]{64}$'),
    table_name text NOT NULL,
    croupier text NOT NULL,
    game text NOT NULL,
    training boolean NOT NULL,
    started timestamptz NOT NULL,
    opened_by name NOT NULL,
    last_seq bigint NOT NULL,
    last_hash text NOT NULL,
    last_at timestamptz NOT NULL,
    last_received timestamptz NOT NULL,
    closed boolean NOT NULL DEFAULT false
);
CREATE INDEX shifts_by_table ON sabot.shifts (table_name, started);
CREATE TABLE sabot.records (
    shift_id text NOT NULL REFERENCES sabot.shifts (shift_id),
    seq bigint NOT NULL CHECK (seq >= 0),
    at timestamptz NOT NULL,
    hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    prev text NOT NULL CHECK (prev ~ '^[0-9a-f]{64}$'),
    kind text NOT NULL CHECK (kind IN ('header', 'op', 'resumed', 'close', 'other')),
    line text NOT NULL,
    received timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (shift_id, seq)
);

-- Every record chains onto the last one the pit holds for its shift, and its line is
-- the record it claims to be. Runs as the owner, whoever inserts.
CREATE FUNCTION sabot.records_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $f$
DECLARE
    s sabot.shifts%ROWTYPE;
    trailer text := ',prev:"' || NEW.prev || '",hash:"' || NEW.hash || '")';
BEGIN
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = NEW.shift_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SB001', MESSAGE = 'the pit holds no such shift';
    END IF;
    IF s.closed THEN
        RAISE EXCEPTION USING ERRCODE = 'SB003',
            MESSAGE = format('the shift was closed at record %s', s.last_seq);
    END IF;
    IF NEW.seq <> s.last_seq + 1 OR NEW.prev <> s.last_hash THEN
        RAISE EXCEPTION USING ERRCODE = 'SB002',
            MESSAGE = format('record %s does not chain onto record %s, the last the pit holds (hash %s)',
                             NEW.seq, s.last_seq, left(s.last_hash, 12));
    END IF;
    IF right(NEW.line, length(trailer)) <> trailer
       OR NEW.line !~ ('^Record\(v:[0-9]+,seq:' || NEW.seq || ',')
       OR encode(sha256(convert_to(left(NEW.line, length(NEW.line) - 73), 'UTF8')), 'hex') <> NEW.hash
       OR (NEW.seq = 0 AND (NEW.hash <> NEW.shift_id OR NEW.kind <> 'header')) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004',
            MESSAGE = format('record %s is not the record its line holds (sequence, previous hash or hash)', NEW.seq);
    END IF;
    NEW.received := clock_timestamp();
    UPDATE sabot.shifts
       SET last_seq = NEW.seq, last_hash = NEW.hash, last_at = NEW.at,
           last_received = NEW.received, closed = (NEW.kind = 'close')
     WHERE shift_id = NEW.shift_id;
    RETURN NEW;
END
$f$;
CREATE TRIGGER records_chain BEFORE INSERT ON sabot.records
    FOR EACH ROW EXECUTE FUNCTION sabot.records_chain();

-- A table opens its shift (idempotent) and learns the last record the pit holds.
CREATE FUNCTION sabot.open_shift(p_shift text, p_table text, p_croupier text, p_game text,
                                 p_training boolean, p_started timestamptz, p_header text,
                                 OUT o_seq bigint, OUT o_hash text, OUT o_closed boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $f$
BEGIN
    INSERT INTO sabot.shifts (shift_id, table_name, croupier, game, training, started, opened_by,
                              last_seq, last_hash, last_at, last_received)
    VALUES (p_shift, p_table, p_croupier, p_game, p_training, p_started, session_user,
            -1, repeat('0', 64), p_started, clock_timestamp())
    ON CONFLICT (shift_id) DO NOTHING;
    IF FOUND THEN
        INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line)
        VALUES (p_shift, 0, p_started, p_shift, repeat('0', 64), 'header', p_header);
    END IF;
    SELECT s.last_seq, s.last_hash, s.closed INTO o_seq, o_hash, o_closed
      FROM sabot.shifts s WHERE s.shift_id = p_shift;
END
$f$;

REVOKE ALL ON SCHEMA sabot FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA sabot FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.records_chain() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.open_shift(text, text, text, text, boolean, timestamptz, text) FROM PUBLIC;
INSERT INTO sabot.meta (key, value) VALUES ('schema_version', '1');
"#;

/// The roles and their rights; run at every `init` (idempotent), after the tables.
const GRANTS: &str = r#"
DO $r$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sabot_table') THEN
        CREATE ROLE sabot_table NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sabot_pit') THEN
        CREATE ROLE sabot_pit NOLOGIN;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL; -- another database's init made it at the same moment
END
$r$;
REVOKE ALL ON ALL TABLES IN SCHEMA sabot FROM sabot_table, sabot_pit;
GRANT USAGE ON SCHEMA sabot TO sabot_table, sabot_pit;
GRANT INSERT ON sabot.records TO sabot_table;
GRANT EXECUTE ON FUNCTION sabot.open_shift(text, text, text, text, boolean, timestamptz, text) TO sabot_table;
GRANT SELECT ON ALL TABLES IN SCHEMA sabot TO sabot_pit;
"#;

/// Version 2, over version 1 (one transaction): records of kind `amend` (an
/// operation record whose operation is an amendment, R-BQ-E7) may follow a shift's
/// closing record, which stays closed; nothing else may.
const V2: &str = r#"
ALTER TABLE sabot.records DROP CONSTRAINT IF EXISTS records_kind_check;
ALTER TABLE sabot.records ADD CONSTRAINT records_kind_check
    CHECK (kind IN ('header', 'op', 'amend', 'resumed', 'close', 'other'));
CREATE OR REPLACE FUNCTION sabot.records_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $f$
DECLARE
    s sabot.shifts%ROWTYPE;
    trailer text := ',prev:"' || NEW.prev || '",hash:"' || NEW.hash || '")';
BEGIN
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = NEW.shift_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SB001', MESSAGE = 'the pit holds no such shift';
    END IF;
    IF s.closed AND NEW.kind <> 'amend' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB003',
            MESSAGE = format('the shift was closed at record %s', s.last_seq);
    END IF;
    IF NEW.seq <> s.last_seq + 1 OR NEW.prev <> s.last_hash THEN
        RAISE EXCEPTION USING ERRCODE = 'SB002',
            MESSAGE = format('record %s does not chain onto record %s, the last the pit holds (hash %s)',
                             NEW.seq, s.last_seq, left(s.last_hash, 12));
    END IF;
    IF right(NEW.line, length(trailer)) <> trailer
       OR NEW.line !~ ('^Record\(v:[0-9]+,seq:' || NEW.seq || ',')
       OR encode(sha256(convert_to(left(NEW.line, length(NEW.line) - 73), 'UTF8')), 'hex') <> NEW.hash
       OR (NEW.seq = 0 AND (NEW.hash <> NEW.shift_id OR NEW.kind <> 'header'))
       OR (NEW.kind = 'amend' AND NEW.line !~ ',game:[A-Za-z]+,body:Op\(op:Amend\(') THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004',
            MESSAGE = format('record %s is not the record its line holds (sequence, previous hash or hash)', NEW.seq);
    END IF;
    NEW.received := clock_timestamp();
    UPDATE sabot.shifts
       SET last_seq = NEW.seq, last_hash = NEW.hash, last_at = NEW.at,
           last_received = NEW.received, closed = (NEW.kind = 'close' OR (s.closed AND NEW.kind = 'amend'))
     WHERE shift_id = NEW.shift_id;
    RETURN NEW;
END
$f$;
REVOKE ALL ON FUNCTION sabot.records_chain() FROM PUBLIC;
UPDATE sabot.meta SET value = '2' WHERE key = 'schema_version';
"#;

/// What `init` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Initialised {
    /// The schema was made (from nothing, or upgraded from this version).
    Created { from: Option<i32> },
    /// It was there already, at this Sabot's version; the roles' rights were set again.
    AlreadyThere,
}

/// Makes the pit's schema and roles in the database the URL names (as a user who may
/// create schemas and roles). Idempotent: run again, it changes nothing but the rights;
/// a newer schema is refused, an older one upgraded.
pub fn init(url: &PitUrl) -> Result<Initialised, PitError> {
    let mut client = url.connect()?;
    let encoding: String = client
        .query_one("SHOW server_encoding", &[])
        .map_err(|e| db_error(url, &e))?
        .try_get(0)
        .map_err(|e| db_error(url, &e))?;
    if encoding != "UTF8" {
        return Err(PitError::Encoding(encoding));
    }
    let mut tx = client.transaction().map_err(|e| db_error(url, &e))?;
    // One init at a time in this database.
    tx.execute("SELECT pg_advisory_xact_lock(7355608)", &[]).map_err(|e| db_error(url, &e))?;
    let found = version_in(&mut tx, url)?;
    let done = match found {
        Some(v) if v > SCHEMA_VERSION => return Err(PitError::NewerSchema { found: v, known: SCHEMA_VERSION }),
        Some(v) if v == SCHEMA_VERSION => Initialised::AlreadyThere,
        Some(v) => {
            tx.batch_execute(V2).map_err(|e| db_error(url, &e))?;
            Initialised::Created { from: Some(v) }
        }
        None => {
            tx.batch_execute(V1).map_err(|e| db_error(url, &e))?;
            tx.batch_execute(V2).map_err(|e| db_error(url, &e))?;
            Initialised::Created { from: None }
        }
    };
    tx.batch_execute(GRANTS).map_err(|e| db_error(url, &e))?;
    tx.commit().map_err(|e| db_error(url, &e))?;
    Ok(done)
}

/// The schema version in the database, if it holds a pit.
fn version_in(tx: &mut postgres::Transaction<'_>, url: &PitUrl) -> Result<Option<i32>, PitError> {
    let exists: bool = tx
        .query_one("SELECT to_regclass('sabot.meta') IS NOT NULL", &[])
        .and_then(|r| r.try_get(0))
        .map_err(|e| db_error(url, &e))?;
    if !exists {
        return Ok(None);
    }
    let v: Option<String> = tx
        .query_opt("SELECT value FROM sabot.meta WHERE key = 'schema_version'", &[])
        .map_err(|e| db_error(url, &e))?
        .map(|r| r.try_get(0))
        .transpose()
        .map_err(|e| db_error(url, &e))?;
    Ok(v.and_then(|v| v.parse().ok()))
}

/// Checks that the database holds a pit this Sabot can read.
pub fn check_version(client: &mut postgres::Client, url: &PitUrl) -> Result<(), PitError> {
    let v: Option<String> = match client.query_opt("SELECT value FROM sabot.meta WHERE key = 'schema_version'", &[]) {
        Ok(row) => row.map(|r| r.try_get(0)).transpose().map_err(|e| db_error(url, &e))?,
        Err(e) if e.code() == Some(&postgres::error::SqlState::UNDEFINED_TABLE) => {
            return Err(PitError::NotInitialised);
        }
        Err(e) if e.code() == Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE) => return Ok(()),
        Err(e) => return Err(db_error(url, &e)),
    };
    match v.and_then(|v| v.parse::<i32>().ok()) {
        None => Err(PitError::NotInitialised),
        Some(v) if v > SCHEMA_VERSION => Err(PitError::NewerSchema { found: v, known: SCHEMA_VERSION }),
        Some(_) => Ok(()),
    }
}
