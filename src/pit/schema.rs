//! The pit's schema, versioned: `sabot.meta` (the version), `sabot.shifts` (one row a
//! shift: its table, croupier, game, start, the login that opened it, and the last
//! record the pit holds), `sabot.records` (every record: sequence, time, hash,
//! previous hash, kind, the record's line, when the pit received it),
//! `sabot.table_logins` (the login a table's name belongs to), and two roles:
//!
//! - `sabot_table`: what a table logs in as (through a login role that is a member).
//!   It may insert records and open a shift (`sabot.open_shift(header line)`),
//!   nothing else: no select, no update, no delete.
//! - `sabot_pit`: what the pit boss reads with: select only.
//!
//! A trigger (running as the schema's owner, whoever inserts) reads every record from
//! its line alone (version 3): its hash recomputed with `sha256()`, its sequence,
//! time, previous hash and kind; what the client says of them is not kept. It refuses
//! a line that is not a record of its shift (not a record's shape, another table,
//! croupier or game than the header's, a second header, a time that runs back), one
//! that does not chain onto the last the pit holds (the next sequence, `prev` the last
//! hash), one from another login than the one that opened the shift, and after the
//! closing record anything but an amendment (R-BQ-E7: the pit boss's correction to a
//! paid coup, which a closed shift's log takes after its close; version 2).
//! `open_shift` reads the shift's id, table, croupier, game, training flag and start
//! from the header line, tells nothing of a shift to another login, refuses a table's
//! name another login holds and a start more than an hour ahead of the pit's clock.
//!
//! Version 5 adds the dealer school: `sabot.school_trainees`, `school_sessions` and
//! `school_answers`, each row keyed by the laptop store's id and its own id there, so
//! a re-send or a copied store counts once. Tables add rows only through
//! `sabot.school_trainee`, `school_session` and `school_answer` (SECURITY DEFINER, as
//! `open_shift`): a row already there is never rewritten, only a session's end added
//! once by the login that sent it; no table login may update or delete a row. The
//! pit boss reads them.

use super::PitError;
use super::schema_v6::V6;
use super::schema_v7::v7;
use super::schema_v8::{GRANTS_V8, v8};
use super::session::Session;
use super::url::{PitUrl, db_error};

/// The schema version this Sabot writes and reads.
pub const SCHEMA_VERSION: i32 = 8;

/// The first version that holds the dealer school.
pub const SCHOOL_VERSION: i32 = 5;

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
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
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
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
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
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'sabot_table') THEN
        CREATE ROLE sabot_table NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'sabot_pit') THEN
        CREATE ROLE sabot_pit NOLOGIN;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL; -- another database's init made it at the same moment
END
$r$;
REVOKE ALL ON ALL TABLES IN SCHEMA sabot FROM sabot_table, sabot_pit;
GRANT USAGE ON SCHEMA sabot TO sabot_table, sabot_pit;
GRANT INSERT ON sabot.records TO sabot_table;
GRANT EXECUTE ON FUNCTION sabot.open_shift(text) TO sabot_table;
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
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
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

/// Version 3, over version 2 (one transaction): the pit derives everything from the
/// lines. A record's sequence, time, previous hash, hash (recomputed with `sha256()`)
/// and kind are read from its line, whatever the client says; a line that is not a
/// record of its shift (not a record's shape, another table, croupier or game than the
/// header's, a header after the first record) is refused. A shift is opened from its
/// header line alone (`sabot.open_shift(line)`): its id, table, croupier, game,
/// training flag and start come from that line. A shift belongs to the login that
/// opened it: another login's records for it are refused, and `open_shift` tells it
/// nothing of the shift. A table's name belongs to the first login that opened a live
/// shift under it (`sabot.table_logins`), and a shift may not start more than an hour
/// ahead of the pit's clock. The pit's owner and superusers may write any shift (the
/// pit boss's amendments sent from the owner's login).
const V3: &str = r#"
-- A RON string (`"…"`, escaped as Sabot writes it) as text.
CREATE OR REPLACE FUNCTION sabot.ron_string(raw text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    s text := substr(raw, 2, length(raw) - 2);
    result text := '';
    i int;
    m text[];
BEGIN
    IF left(raw, 1) <> '"' OR right(raw, 1) <> '"' OR length(raw) < 2 THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'not a quoted string';
    END IF;
    LOOP
        i := strpos(s, '\');
        IF i = 0 THEN
            RETURN result || s;
        END IF;
        result := result || left(s, i - 1);
        s := substr(s, i);
        m := regexp_match(s, '^\\(u\{([0-9a-f]{1,6})\}|["''\\nrt])');
        IF m IS NULL THEN
            RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'a string with an escape Sabot does not write';
        END IF;
        IF m[2] IS NOT NULL THEN
            result := result || chr(('x' || lpad(m[2], 8, '0'))::bit(32)::int);
            s := substr(s, length(m[1]) + 2);
        ELSE
            result := result || CASE m[1] WHEN 'n' THEN E'\n' WHEN 'r' THEN E'\r' WHEN 't' THEN E'\t' ELSE m[1] END;
            s := substr(s, 3);
        END IF;
    END LOOP;
END
$f$;

-- One line read as a record, exactly as Sabot writes it (src/journal/record.rs):
-- `Record(v:V,seq:N,at:"T",table:"…",croupier:"…",game:G,body:B(…),prev:"H",hash:"H")`,
-- its hash recomputed. Raises SB004 for anything else.
CREATE OR REPLACE FUNCTION sabot.read_line(line text, OUT seq bigint, OUT at timestamptz, OUT tbl text,
                                OUT croupier text, OUT game text, OUT kind text, OUT body text,
                                OUT prev text, OUT hash text)
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    tail text;
    head text;
    m text[];
BEGIN
    IF line IS NULL OR length(line) < 146 OR strpos(line, E'\n') > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'not a shift-log record';
    END IF;
    tail := right(line, 145);
    IF tail !~ '^,prev:"[0-9a-f]{64}",hash:"[0-9a-f]{64}"\)$' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'not a shift-log record (its end is not its hashes)';
    END IF;
    prev := substr(tail, 8, 64);
    hash := substr(tail, 80, 64);
    IF encode(sha256(convert_to(left(line, -73), 'UTF8')), 'hex') <> hash THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'the line does not hash to its own hash: it was changed';
    END IF;
    head := left(line, -145);
    m := regexp_match(head,
        '^Record\(v:[1-9][0-9]{0,8},seq:(0|[1-9][0-9]{0,17}),at:"([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2}))",'
        'table:("(?:[^"\\]|\\.)*"),croupier:("(?:[^"\\]|\\.)*"),game:([A-Za-z]+),body:((?:Header|Op|Resumed|Close|ClockJump)\(.*\))$');
    IF m IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'not a shift-log record';
    END IF;
    seq := m[1]::bigint;
    BEGIN
        at := m[2]::timestamptz;
    EXCEPTION WHEN OTHERS THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'a record whose time is not a time';
    END;
    tbl := m[3];
    croupier := m[4];
    game := m[5];
    body := m[6];
    kind := CASE
        WHEN starts_with(body, 'Header(') THEN 'header'
        WHEN starts_with(body, 'Op(op:Amend(') THEN 'amend'
        WHEN starts_with(body, 'Op(') THEN 'op'
        WHEN starts_with(body, 'Resumed(') THEN 'resumed'
        WHEN starts_with(body, 'Close(') THEN 'close'
        ELSE 'other' END;
END
$f$;

-- What every record of a shift repeats of its header: its table, croupier and game,
-- as the header's line writes them.
ALTER TABLE sabot.shifts ADD COLUMN IF NOT EXISTS common text;

-- A table's name belongs to the first login that opened a live shift under it.
CREATE TABLE IF NOT EXISTS sabot.table_logins (
    table_name text PRIMARY KEY,
    login name NOT NULL,
    since timestamptz NOT NULL DEFAULT clock_timestamp()
);
INSERT INTO sabot.table_logins (table_name, login, since)
SELECT DISTINCT ON (table_name) table_name, opened_by, started FROM sabot.shifts
 WHERE NOT training ORDER BY table_name, started
ON CONFLICT DO NOTHING;

-- The pit's owner and superusers write any shift; every other login only its own.
CREATE OR REPLACE FUNCTION sabot.writes_any() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT session_user = current_user
        OR coalesce((SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = session_user), false)
$f$;

CREATE OR REPLACE FUNCTION sabot.records_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    s sabot.shifts%ROWTYPE;
    r record;
    h record;
    head text;
BEGIN
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = NEW.shift_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SB001', MESSAGE = 'the pit holds no such shift';
    END IF;
    IF s.opened_by <> session_user AND NOT sabot.writes_any() THEN
        RAISE EXCEPTION USING ERRCODE = 'SB005',
            MESSAGE = format('this shift belongs to the login that opened it, not to %s: another table''s records are refused',
                             session_user);
    END IF;
    SELECT * INTO r FROM sabot.read_line(NEW.line);
    NEW.seq := r.seq;
    NEW.at := r.at;
    NEW.prev := r.prev;
    NEW.hash := r.hash;
    NEW.kind := r.kind;
    IF (r.seq = 0) <> (r.kind = 'header') OR (r.seq = 0 AND (r.hash <> NEW.shift_id OR r.prev <> repeat('0', 64))) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004',
            MESSAGE = format('record %s is not a record of this shift (a header only opens a shift)', r.seq);
    END IF;
    IF r.seq > 0 THEN
        IF s.common IS NULL THEN
            -- A shift opened before version 3: its header read once.
            SELECT line INTO head FROM sabot.records WHERE shift_id = NEW.shift_id AND seq = 0;
            SELECT * INTO h FROM sabot.read_line(head);
            s.common := h.tbl || ',' || h.croupier || ',' || h.game;
            UPDATE sabot.shifts SET common = s.common WHERE shift_id = NEW.shift_id;
        END IF;
        IF s.common <> r.tbl || ',' || r.croupier || ',' || r.game THEN
            RAISE EXCEPTION USING ERRCODE = 'SB004',
                MESSAGE = format('record %s is not a record of this shift (another table, croupier or game)', r.seq);
        END IF;
    END IF;
    IF s.closed AND r.kind <> 'amend' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB003',
            MESSAGE = format('the shift was closed at record %s', s.last_seq);
    END IF;
    IF r.seq <> s.last_seq + 1 OR r.prev <> s.last_hash THEN
        RAISE EXCEPTION USING ERRCODE = 'SB002',
            MESSAGE = format('record %s does not chain onto record %s, the last the pit holds (hash %s): another writer, or a rewritten log',
                             r.seq, s.last_seq, left(s.last_hash, 12));
    END IF;
    -- A log's times never run back (a clock set back is logged, not followed).
    IF r.seq > 0 AND r.at < s.last_at THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004',
            MESSAGE = format('record %s says it was written before record %s: a log''s times never run back',
                             r.seq, s.last_seq);
    END IF;
    NEW.received := clock_timestamp();
    UPDATE sabot.shifts
       SET last_seq = r.seq, last_hash = r.hash, last_at = r.at,
           last_received = NEW.received, closed = (r.kind = 'close' OR (s.closed AND r.kind = 'amend'))
     WHERE shift_id = NEW.shift_id;
    RETURN NEW;
END
$f$;

DROP FUNCTION IF EXISTS sabot.open_shift(text, text, text, text, boolean, timestamptz, text);
-- A table opens its shift from its header line (idempotent) and learns the last
-- record the pit holds: only the login that opened it.
CREATE OR REPLACE FUNCTION sabot.open_shift(p_header text, OUT o_seq bigint, OUT o_hash text, OUT o_closed boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    r record;
    m text[];
    v_table text;
    v_croupier text;
    v_game text;
    v_training boolean;
    v_started timestamptz;
    s sabot.shifts%ROWTYPE;
    owner name;
BEGIN
    SELECT * INTO r FROM sabot.read_line(p_header);
    IF r.seq <> 0 OR r.kind <> 'header' OR r.prev <> repeat('0', 64) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'a shift opens with its header record';
    END IF;
    m := regexp_match(r.body,
        '^Header\(\(format:[0-9]+,software:"(?:[^"\\]|\\.)*",table:("(?:[^"\\]|\\.)*"),croupier:("(?:[^"\\]|\\.)*"),settings:\(game:([A-Za-z]+),'
        '.*,training:(true|false),started:"([0-9T:.+Z-]+)"\)\)$');
    IF m IS NULL OR m[1] <> r.tbl OR m[2] <> r.croupier OR m[3] <> r.game THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'the header record does not read as a shift''s header';
    END IF;
    v_table := sabot.ron_string(m[1]);
    v_croupier := sabot.ron_string(m[2]);
    v_game := CASE m[3]
        WHEN 'Banque' THEN 'banque'
        WHEN 'ChemindeFer' THEN 'chemin-de-fer' WHEN 'CheminDeFer' THEN 'chemin-de-fer' WHEN 'ChemDeFer' THEN 'chemin-de-fer'
        WHEN 'PuntoBanca' THEN 'punto-banca' WHEN 'PuntoYBanca' THEN 'punto-banca' WHEN 'PuntoBanco' THEN 'punto-banca'
        END;
    IF v_game IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'the header names no game Sabot knows';
    END IF;
    v_training := m[4] = 'true';
    BEGIN
        v_started := m[5]::timestamptz;
    EXCEPTION WHEN OTHERS THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004', MESSAGE = 'the header''s start is not a time';
    END;
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = r.hash;
    IF FOUND THEN
        IF s.opened_by <> session_user AND NOT sabot.writes_any() THEN
            RAISE EXCEPTION USING ERRCODE = 'SB005',
                MESSAGE = format('this shift belongs to the login that opened it, not to %s: another table''s records are refused',
                                 session_user);
        END IF;
    ELSE
        IF v_started > clock_timestamp() + interval '1 hour' THEN
            RAISE EXCEPTION USING ERRCODE = 'SB007',
                MESSAGE = format('the shift says it starts at %s, ahead of the pit''s clock (%s): refused',
                                 v_started, date_trunc('second', clock_timestamp()));
        END IF;
        IF NOT v_training AND NOT sabot.writes_any() THEN
            INSERT INTO sabot.table_logins (table_name, login) VALUES (v_table, session_user)
            ON CONFLICT (table_name) DO NOTHING;
            SELECT login INTO owner FROM sabot.table_logins WHERE table_name = v_table;
            IF owner <> session_user THEN
                RAISE EXCEPTION USING ERRCODE = 'SB006',
                    MESSAGE = format('the table %L belongs to another login, not to %s: its shifts are refused',
                                     v_table, session_user);
            END IF;
        END IF;
        INSERT INTO sabot.shifts (shift_id, table_name, croupier, game, training, started, opened_by,
                                  last_seq, last_hash, last_at, last_received, common)
        VALUES (r.hash, v_table, v_croupier, v_game, v_training, v_started, session_user,
                -1, repeat('0', 64), r.at, clock_timestamp(), r.tbl || ',' || r.croupier || ',' || r.game)
        ON CONFLICT (shift_id) DO NOTHING;
        IF FOUND THEN
            INSERT INTO sabot.records (shift_id, line) VALUES (r.hash, p_header);
        END IF;
    END IF;
    SELECT x.last_seq, x.last_hash, x.closed INTO o_seq, o_hash, o_closed
      FROM sabot.shifts x WHERE x.shift_id = r.hash;
END
$f$;

REVOKE ALL ON FUNCTION sabot.ron_string(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.read_line(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.writes_any() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.records_chain() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.open_shift(text) FROM PUBLIC;
REVOKE ALL ON sabot.table_logins FROM PUBLIC;
UPDATE sabot.meta SET value = '3' WHERE key = 'schema_version';
"#;

/// Version 4, over version 3: the records the pit refused, as the refused login says
/// them (`sabot.refusals`): a refusal rolls its record back and leaves nothing in the
/// pit, so the table's Sabot, told «refused», writes a row here, with its login and
/// the pit's clock set by the database. Tables may only add rows (their shift, table
/// name, sequence and why); the pit boss reads them: the floor's alarm «records
/// refused». A row is what a login says; it proves that a refusal was reported, not
/// that the reporter is honest.
const V4: &str = r#"
CREATE TABLE IF NOT EXISTS sabot.refusals (
    id bigserial PRIMARY KEY,
    shift_id text NOT NULL,
    table_name text NOT NULL,
    seq bigint NOT NULL,
    why text NOT NULL,
    login text NOT NULL DEFAULT current_user,
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS refusals_at ON sabot.refusals (at);
REVOKE ALL ON sabot.refusals FROM PUBLIC;
UPDATE sabot.meta SET value = '4' WHERE key = 'schema_version';
"#;

/// The rights on version 4's table, set with the others at every `init`.
const GRANTS_V4: &str = r#"
GRANT INSERT (shift_id, table_name, seq, why) ON sabot.refusals TO sabot_table;
GRANT USAGE ON SEQUENCE sabot.refusals_id_seq TO sabot_table;
GRANT SELECT ON sabot.refusals TO sabot_pit;
"#;

/// Version 5, over version 4: the dealer school's trainees, sessions and answers, as
/// the laptops' stores send them (`crate::pit::school`). Each row is keyed by its
/// store's id (32 hexadecimal digits, made with the store) and its id in that store:
/// sent twice, or from a copy of the store, it counts once. Tables add rows only
/// through the three functions below (no right on the tables themselves): a row
/// already there is left as it is (`ON CONFLICT DO NOTHING`), except a session's end,
/// added once by the login that sent the session. `sent_by` and `received` are the
/// database's own.
const V5: &str = r#"
CREATE TABLE IF NOT EXISTS sabot.school_trainees (
    store text NOT NULL CHECK (store ~ '^[0-9a-f]{32}$'),
    trainee_id bigint NOT NULL,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    created text NOT NULL,
    sent_by name NOT NULL DEFAULT session_user,
    received timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (store, trainee_id)
);
CREATE TABLE IF NOT EXISTS sabot.school_sessions (
    pit_id bigserial UNIQUE,
    store text NOT NULL,
    session_id bigint NOT NULL,
    trainee_id bigint NOT NULL,
    game text NOT NULL CHECK (game IN ('banque', 'chemin-de-fer', 'punto-banca')),
    level smallint NOT NULL CHECK (level BETWEEN 0 AND 6),
    seed text NOT NULL,
    started text NOT NULL,
    ended text,
    sent_by name NOT NULL DEFAULT session_user,
    received timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (store, session_id),
    FOREIGN KEY (store, trainee_id) REFERENCES sabot.school_trainees (store, trainee_id)
);
CREATE TABLE IF NOT EXISTS sabot.school_answers (
    store text NOT NULL,
    answer_id bigint NOT NULL,
    session_id bigint NOT NULL,
    at text NOT NULL,
    game text NOT NULL CHECK (game IN ('banque', 'chemin-de-fer', 'punto-banca')),
    level smallint NOT NULL CHECK (level BETWEEN 1 AND 6),
    kind text NOT NULL,
    clause text NOT NULL,
    correct boolean NOT NULL,
    ms bigint NOT NULL CHECK (ms >= 0),
    drill bigint NOT NULL,
    question bigint NOT NULL,
    given text NOT NULL,
    expected text NOT NULL,
    sent_by name NOT NULL DEFAULT session_user,
    received timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (store, answer_id),
    FOREIGN KEY (store, session_id) REFERENCES sabot.school_sessions (store, session_id)
);
CREATE INDEX IF NOT EXISTS school_answers_by_session ON sabot.school_answers (store, session_id);

CREATE OR REPLACE FUNCTION sabot.school_trainee(p_store text, p_id bigint, p_name text, p_created text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    INSERT INTO sabot.school_trainees (store, trainee_id, name, created)
    VALUES (p_store, p_id, p_name, p_created)
    ON CONFLICT (store, trainee_id) DO NOTHING;
    RETURN FOUND;
END
$f$;

CREATE OR REPLACE FUNCTION sabot.school_session(p_store text, p_id bigint, p_trainee bigint, p_game text,
                                                p_level integer, p_seed text, p_started text, p_ended text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    INSERT INTO sabot.school_sessions (store, session_id, trainee_id, game, level, seed, started, ended)
    VALUES (p_store, p_id, p_trainee, p_game, p_level, p_seed, p_started, p_ended)
    ON CONFLICT (store, session_id) DO NOTHING;
    IF FOUND THEN
        RETURN true;
    END IF;
    -- Already there: only its end may be added, once, by the login that sent it.
    UPDATE sabot.school_sessions SET ended = p_ended
     WHERE store = p_store AND session_id = p_id AND ended IS NULL AND p_ended IS NOT NULL
       AND (sent_by = session_user OR sabot.writes_any());
    RETURN false;
END
$f$;

CREATE OR REPLACE FUNCTION sabot.school_answer(p_store text, p_id bigint, p_session bigint, p_at text,
                                               p_game text, p_level integer, p_kind text, p_clause text,
                                               p_correct boolean, p_ms bigint, p_drill bigint,
                                               p_question bigint, p_given text, p_expected text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    INSERT INTO sabot.school_answers (store, answer_id, session_id, at, game, level, kind, clause, correct,
                                      ms, drill, question, given, expected)
    VALUES (p_store, p_id, p_session, p_at, p_game, p_level, p_kind, p_clause, p_correct,
            p_ms, p_drill, p_question, p_given, p_expected)
    ON CONFLICT (store, answer_id) DO NOTHING;
    RETURN FOUND;
END
$f$;

REVOKE ALL ON sabot.school_trainees, sabot.school_sessions, sabot.school_answers FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_trainee(text, bigint, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_session(text, bigint, bigint, text, integer, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_answer(text, bigint, bigint, text, text, integer, text, text, boolean,
                                           bigint, bigint, bigint, text, text) FROM PUBLIC;
UPDATE sabot.meta SET value = '5' WHERE key = 'schema_version';
"#;

/// The rights on version 5's functions, set with the others at every `init` (the pit
/// boss's select on the tables is `GRANTS`'s, on every table of the schema).
const GRANTS_V5: &str = r#"
GRANT EXECUTE ON FUNCTION sabot.school_trainee(text, bigint, text, text) TO sabot_table;
GRANT EXECUTE ON FUNCTION sabot.school_session(text, bigint, bigint, text, integer, text, text, text) TO sabot_table;
GRANT EXECUTE ON FUNCTION sabot.school_answer(text, bigint, bigint, text, text, integer, text, text, boolean,
                                              bigint, bigint, bigint, text, text) TO sabot_table;
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
    let mut session = Session::connect(url)?;
    let u = url.clone();
    session.within(move |client| init_on(client, &u))?
}

/// `init` on a connection (all of it within the answer limit of one exchange).
fn init_on(client: &mut postgres::Client, url: &PitUrl) -> Result<Initialised, PitError> {
    let encoding: String = client
        .query_one("SHOW server_encoding", &[])
        .map_err(|e| db_error(url, &e))?
        .try_get(0)
        .map_err(|e| db_error(url, &e))?;
    if encoding != "UTF8" {
        return Err(PitError::Encoding(encoding));
    }
    let mut tx = client.transaction().map_err(|e| db_error(url, &e))?;
    one_init_at_a_time(&mut tx, url)?;
    let found = version_in(&mut tx, url)?;
    let done = match found {
        Some(v) if v > SCHEMA_VERSION => return Err(PitError::NewerSchema { found: v, known: SCHEMA_VERSION }),
        Some(v) if v == SCHEMA_VERSION => Initialised::AlreadyThere,
        Some(v) => {
            let older: [(i32, &str); 5] = [(2, V2), (3, V3), (4, V4), (5, V5), (6, V6)];
            for (version, sql) in older {
                if v < version {
                    tx.batch_execute(sql).map_err(|e| db_error(url, &e))?;
                }
            }
            if v < 7 {
                tx.batch_execute(&v7()).map_err(|e| db_error(url, &e))?;
            }
            tx.batch_execute(&v8()).map_err(|e| db_error(url, &e))?;
            Initialised::Created { from: Some(v) }
        }
        None => {
            for sql in [V1, V2, V3, V4, V5, V6] {
                tx.batch_execute(sql).map_err(|e| db_error(url, &e))?;
            }
            tx.batch_execute(&v7()).map_err(|e| db_error(url, &e))?;
            tx.batch_execute(&v8()).map_err(|e| db_error(url, &e))?;
            Initialised::Created { from: None }
        }
    };
    tx.batch_execute(GRANTS).map_err(|e| db_error(url, &e))?;
    tx.batch_execute(GRANTS_V4).map_err(|e| db_error(url, &e))?;
    tx.batch_execute(GRANTS_V5).map_err(|e| db_error(url, &e))?;
    tx.batch_execute(GRANTS_V8).map_err(|e| db_error(url, &e))?;
    tx.commit().map_err(|e| db_error(url, &e))?;
    Ok(done)
}

/// One `init` at a time in this database: on the pit's own table `sabot.meta`, which
/// no table's or pit boss's login may lock (issue 51: an advisory lock, which any
/// login could take, let a table's login hold the owner's `init` up); a database
/// that holds no pit yet (no login of the pit's exists there), on an advisory lock.
fn one_init_at_a_time(tx: &mut postgres::Transaction<'_>, url: &PitUrl) -> Result<(), PitError> {
    let sql = if meta_exists(tx, url)? {
        "LOCK TABLE sabot.meta IN SHARE ROW EXCLUSIVE MODE"
    } else {
        "SELECT pg_advisory_xact_lock(7355608)"
    };
    tx.batch_execute(sql).map_err(|e| db_error(url, &e))
}

/// Whether the database holds the pit's `sabot.meta`.
fn meta_exists(tx: &mut postgres::Transaction<'_>, url: &PitUrl) -> Result<bool, PitError> {
    tx.query_one("SELECT to_regclass('sabot.meta') IS NOT NULL", &[])
        .and_then(|r| r.try_get(0))
        .map_err(|e| db_error(url, &e))
}

/// Binds a table's name to the login that may open its shifts (`sabot pit bind`, as
/// the pit's owner): the name as the pit keeps it (trimmed, NFC, spaces collapsed).
/// A name that reads like another is refused (SB010), a login that does not exist
/// too (SB009).
pub fn bind_table(url: &PitUrl, table: &str, login: &str) -> Result<String, PitError> {
    let mut session = Session::connect(url)?;
    let (table, login) = (table.to_string(), login.to_string());
    let row = session.call(move |c| c.query_one("SELECT sabot.bind_table($1, $2::text::name)", &[&table, &login]))?;
    row.try_get(0).map_err(|e| db_error(url, &e))
}

/// Makes a pit of an older schema version (1 to 4) in an empty database, as an older
/// Sabot made it: for the tests of `init`'s upgrade in place.
#[doc(hidden)]
pub fn init_old(url: &PitUrl, version: i32) -> Result<(), PitError> {
    let mut client = url.connect()?;
    let mut tx = client.transaction().map_err(|e| db_error(url, &e))?;
    tx.batch_execute(V1).map_err(|e| db_error(url, &e))?;
    for (v, sql) in [(2, V2), (3, V3), (4, V4)] {
        if version >= v {
            tx.batch_execute(sql).map_err(|e| db_error(url, &e))?;
        }
    }
    if version >= 3 {
        tx.batch_execute(GRANTS).map_err(|e| db_error(url, &e))?;
    } else {
        tx.batch_execute(
            &GRANTS.replace(
                "sabot.open_shift(text)",
                "sabot.open_shift(text, text, text, text, boolean, timestamptz, text)",
            ),
        )
        .map_err(|e| db_error(url, &e))?;
    }
    if version >= 4 {
        tx.batch_execute(GRANTS_V4).map_err(|e| db_error(url, &e))?;
    }
    tx.commit().map_err(|e| db_error(url, &e))
}

/// The schema version in the database, if it holds a pit.
fn version_in(tx: &mut postgres::Transaction<'_>, url: &PitUrl) -> Result<Option<i32>, PitError> {
    if !meta_exists(tx, url)? {
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
