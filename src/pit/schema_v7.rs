//! The pit's schema, version 7 (over version 6, applied by `schema::init` after the
//! older versions): the pit after a crash, and against one table's weight (issue 51).
//! Kept apart from `schema.rs` for its length; `tests/pit.rs` checks every function
//! of the three files.
//!
//! - **A record the pit already holds, identical, is no refusal.** A Sabot killed
//!   while its last batch was still running in its database session, then resumed,
//!   sends that batch again: the pit skips each record it holds with the same hash
//!   (nothing inserted, nothing refused) and chains the rest. A record of that
//!   sequence that differs is refused as before (SB002).
//! - **A login locks only its own.** A record's shift row is read, its login checked,
//!   and only then locked (`FOR UPDATE`): a login whose record is refused (another
//!   table's shift) has locked nothing, so that holding its refused transaction open
//!   holds up no one. `open_shift` locks its own shift's row too, so that a resumed
//!   Sabot learns the pit's last record only once an insert still in flight for that
//!   shift is done. The reports' count per login is serialised on that login's own
//!   row of `sabot.report_locks` (which no login may touch), no longer on an advisory
//!   lock any login could take in another's name; `init` locks `sabot.meta`.
//! - **A record is bounded** (`journal::bounds`): its line at most `MAX_RECORD`
//!   bytes, every text in it at most `MAX_TEXT` bytes as written, the croupier's name
//!   at most `MAX_NAME` characters (a table's name already was): SB012.
//! - **The school's rows are checked as strictly as a shift's records**: a kind and a
//!   clause this Sabot knows, a session of the same game sent by the same login,
//!   times that are times and not ahead of the pit's clock, texts bounded and free of
//!   control characters, sequence numbers in range, and at most so many rows an hour
//!   from one login (SB013, SB014). A row already there is left as it is, as before.
//!
//! The figures are written in from Rust's constants (`v7`), so the pit and the
//! writer cannot drift apart.

use crate::journal::bounds::{MAX_NAME, MAX_RECORD, MAX_TEXT};

/// The longest text of a school row the pit keeps (an answer given or expected, in
/// words): `school::MAX_ANSWER_TEXT`.
const SCHOOL_TEXT: usize = crate::school::MAX_ANSWER_TEXT;
/// The most rows of each kind one login may add to the school in an hour.
pub const SCHOOL_ANSWERS_AN_HOUR: u32 = 50_000;
pub const SCHOOL_SESSIONS_AN_HOUR: u32 = 2_000;
pub const SCHOOL_TRAINEES_AN_HOUR: u32 = 500;

/// Version 7's SQL, its figures and lists written in.
pub(super) fn v7() -> String {
    let quoted = |items: Vec<&str>| items.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ");
    let kinds = quoted(crate::training::Kind::ALL.iter().map(|k| k.slug()).collect());
    let clauses = quoted(crate::engine::Clause::ALL.iter().map(|c| c.id()).collect());
    V7.replace("@MAX_RECORD@", &MAX_RECORD.to_string())
        .replace("@MAX_TEXT@", &MAX_TEXT.to_string())
        .replace("@MAX_NAME@", &MAX_NAME.to_string())
        .replace("@SCHOOL_TEXT@", &SCHOOL_TEXT.to_string())
        .replace("@ANSWERS_AN_HOUR@", &SCHOOL_ANSWERS_AN_HOUR.to_string())
        .replace("@SESSIONS_AN_HOUR@", &SCHOOL_SESSIONS_AN_HOUR.to_string())
        .replace("@TRAINEES_AN_HOUR@", &SCHOOL_TRAINEES_AN_HOUR.to_string())
        .replace("@KINDS@", &kinds)
        .replace("@CLAUSES@", &clauses)
}

const V7: &str = r#"
-- A record's line within its bounds: at most @MAX_RECORD@ bytes, and no text in it
-- longer than @MAX_TEXT@ bytes as written (SB012).
CREATE OR REPLACE FUNCTION sabot.line_bounded(line text) RETURNS void
LANGUAGE plpgsql IMMUTABLE STRICT SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    n int;
BEGIN
    IF octet_length(line) > @MAX_RECORD@ THEN
        RAISE EXCEPTION USING ERRCODE = 'SB012',
            MESSAGE = format('the record is %s bytes long; the pit takes at most %s bytes a record',
                             octet_length(line), @MAX_RECORD@);
    END IF;
    IF octet_length(line) > @MAX_TEXT@ THEN
        SELECT max(octet_length(m[1])) INTO n FROM regexp_matches(line, '"((?:[^"\\]|\\.)*)"', 'g') AS m;
        IF n > @MAX_TEXT@ THEN
            RAISE EXCEPTION USING ERRCODE = 'SB012',
                MESSAGE = format('a text of the record is %s bytes long; the pit takes at most %s bytes a text',
                                 n, @MAX_TEXT@);
        END IF;
    END IF;
END
$f$;

-- Reports are counted per login on that login's own row (no login may touch the table).
CREATE TABLE IF NOT EXISTS sabot.report_locks (login name PRIMARY KEY);
REVOKE ALL ON sabot.report_locks FROM PUBLIC;
CREATE OR REPLACE FUNCTION sabot.refusals_bound() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    NEW.login := session_user;
    NEW.at := clock_timestamp();
    NEW.why := left(NEW.why, 1000);
    NEW.table_name := left(NEW.table_name, 200);
    NEW.shift_id := left(NEW.shift_id, 64);
    INSERT INTO sabot.report_locks (login) VALUES (session_user) ON CONFLICT (login) DO NOTHING;
    PERFORM 1 FROM sabot.report_locks l WHERE l.login = session_user FOR UPDATE;
    IF (SELECT count(*) FROM sabot.refusals f
         WHERE f.login = session_user AND f.at > clock_timestamp() - interval '1 hour') >= 60 THEN
        RAISE EXCEPTION USING ERRCODE = 'SB011',
            MESSAGE = format('%s reported 60 refusals within the hour, the most the pit keeps from one login', session_user);
    END IF;
    RETURN NEW;
END
$f$;

CREATE OR REPLACE FUNCTION sabot.records_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    s sabot.shifts%ROWTYPE;
    r record;
    h record;
    head text;
BEGIN
    -- The login checked before anything is locked: a login locks only its own shifts.
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = NEW.shift_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SB001', MESSAGE = 'the pit holds no such shift';
    END IF;
    IF s.opened_by <> session_user AND NOT sabot.writes_any() THEN
        RAISE EXCEPTION USING ERRCODE = 'SB005',
            MESSAGE = format('this shift belongs to the login that opened it, not to %s: another table''s records are refused',
                             session_user);
    END IF;
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = NEW.shift_id FOR UPDATE;
    PERFORM sabot.line_bounded(NEW.line);
    SELECT * INTO r FROM sabot.read_line(NEW.line);
    NEW.seq := r.seq;
    NEW.at := r.at;
    NEW.prev := r.prev;
    NEW.hash := r.hash;
    NEW.kind := r.kind;
    -- A record the pit already holds, the same to the byte (its hash is of its whole
    -- line): sent again by a Sabot resumed after a crash, while its last batch was
    -- still running. Not a refusal: nothing is inserted, nothing changed.
    IF r.seq <= s.last_seq AND EXISTS (SELECT 1 FROM sabot.records x
                                        WHERE x.shift_id = NEW.shift_id AND x.seq = r.seq AND x.hash = r.hash) THEN
        RETURN NULL;
    END IF;
    IF (r.seq = 0) <> (r.kind = 'header') OR (r.seq = 0 AND (r.hash <> NEW.shift_id OR r.prev <> repeat('0', 64))) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004',
            MESSAGE = format('record %s is not a record of this shift (a header only opens a shift)', r.seq);
    END IF;
    IF r.seq > 0 THEN
        IF s.common IS NULL THEN
            -- A shift opened before version 3: its header read once.
            SELECT x.line INTO head FROM sabot.records x WHERE x.shift_id = NEW.shift_id AND x.seq = 0;
            SELECT * INTO h FROM sabot.read_line(head);
            s.common := h.tbl || ',' || h.croupier || ',' || h.game;
            UPDATE sabot.shifts SET common = s.common WHERE shift_id = NEW.shift_id;
        END IF;
        IF s.common <> r.tbl || ',' || r.croupier || ',' || r.game THEN
            RAISE EXCEPTION USING ERRCODE = 'SB004',
                MESSAGE = format('record %s is not a record of this shift (another table, croupier or game)', r.seq);
        END IF;
    END IF;
    IF r.kind = 'amend' AND NOT sabot.amendment_closes(r.body) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB004',
            MESSAGE = format('record %s is not an amendment: its text after Op(op:Amend( does not close as one', r.seq);
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
    -- Nor run ahead of the pit's clock, beyond the tolerance for a table's clock
    -- (`url::CLOCK_TOLERANCE`): a record stamped ahead was not written yet.
    IF r.at > clock_timestamp() + interval '2 minutes' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB008',
            MESSAGE = format('record %s says it was written at %s, ahead of the pit''s clock (%s): refused',
                             r.seq, r.at, date_trunc('second', clock_timestamp()));
    END IF;
    NEW.received := clock_timestamp();
    UPDATE sabot.shifts
       SET last_seq = r.seq, last_hash = r.hash, last_at = r.at,
           last_received = NEW.received, closed = (r.kind = 'close' OR (s.closed AND r.kind = 'amend'))
     WHERE shift_id = NEW.shift_id;
    RETURN NEW;
END
$f$;

-- A shift opened from its header (bounded, the croupier's name too); a shift already
-- there is answered once the insert in flight for it, if any, is done (its row
-- locked, by its own login only).
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
    PERFORM sabot.line_bounded(p_header);
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
    IF length(v_croupier) > @MAX_NAME@ THEN
        RAISE EXCEPTION USING ERRCODE = 'SB012',
            MESSAGE = format('the croupier''s name has %s characters; the pit takes at most %s',
                             length(v_croupier), @MAX_NAME@);
    END IF;
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
    v_table := sabot.table_name_of(v_table);
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = r.hash;
    IF FOUND THEN
        IF s.opened_by <> session_user AND NOT sabot.writes_any() THEN
            RAISE EXCEPTION USING ERRCODE = 'SB005',
                MESSAGE = format('this shift belongs to the login that opened it, not to %s: another table''s records are refused',
                                 session_user);
        END IF;
        -- Its own shift: what the pit holds once an insert still in flight is done.
        PERFORM 1 FROM sabot.shifts x WHERE x.shift_id = r.hash FOR UPDATE;
    ELSE
        IF v_started > clock_timestamp() + interval '2 minutes' THEN
            RAISE EXCEPTION USING ERRCODE = 'SB007',
                MESSAGE = format('the shift says it starts at %s, ahead of the pit''s clock (%s): refused',
                                 v_started, date_trunc('second', clock_timestamp()));
        END IF;
        -- A table's name is the pit boss's to give (`sabot pit bind`), training
        -- shifts as the others.
        IF NOT sabot.writes_any() THEN
            SELECT t.login INTO owner FROM sabot.table_logins t WHERE t.table_name = v_table;
            IF NOT FOUND THEN
                RAISE EXCEPTION USING ERRCODE = 'SB009',
                    MESSAGE = format('no pit boss bound the table %L to a login (sabot pit bind): its shifts are refused',
                                     v_table);
            END IF;
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

-- The school's rows from one login, counted by the hour (on that login's own rows).
CREATE TABLE IF NOT EXISTS sabot.school_quota (
    login name NOT NULL,
    hour timestamptz NOT NULL,
    trainees integer NOT NULL DEFAULT 0,
    sessions integer NOT NULL DEFAULT 0,
    answers integer NOT NULL DEFAULT 0,
    PRIMARY KEY (login, hour)
);
REVOKE ALL ON sabot.school_quota FROM PUBLIC;

-- One more row of `what` from this login this hour; refused past its bound (SB014).
CREATE OR REPLACE FUNCTION sabot.school_count(what text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    n integer;
    most integer := CASE what WHEN 'answers' THEN @ANSWERS_AN_HOUR@ WHEN 'sessions' THEN @SESSIONS_AN_HOUR@
                              ELSE @TRAINEES_AN_HOUR@ END;
BEGIN
    INSERT INTO sabot.school_quota AS q (login, hour, trainees, sessions, answers)
    VALUES (session_user, date_trunc('hour', clock_timestamp()),
            (what = 'trainees')::int, (what = 'sessions')::int, (what = 'answers')::int)
    ON CONFLICT (login, hour) DO UPDATE
       SET trainees = q.trainees + (what = 'trainees')::int,
           sessions = q.sessions + (what = 'sessions')::int,
           answers = q.answers + (what = 'answers')::int
    RETURNING CASE what WHEN 'answers' THEN q.answers WHEN 'sessions' THEN q.sessions ELSE q.trainees END INTO n;
    IF n > most THEN
        RAISE EXCEPTION USING ERRCODE = 'SB014',
            MESSAGE = format('%s sent more than %s school %s within the hour, the most the pit takes from one login',
                             session_user, most, what);
    END IF;
END
$f$;

-- A school row's text: at most `most` characters, no control character (SB013).
CREATE OR REPLACE FUNCTION sabot.school_text(v text, most integer, what text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    IF v IS NOT NULL AND (length(v) > most OR v ~ '[[:cntrl:]]') THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013',
            MESSAGE = format('the school''s %s is longer than %s characters or holds a control character: refused',
                             what, most);
    END IF;
END
$f$;

-- A school row's time: a time, not ahead of the pit's clock beyond a table's
-- tolerance (SB013).
CREATE OR REPLACE FUNCTION sabot.school_time(v text, what text) RETURNS timestamptz
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    t timestamptz;
BEGIN
    IF v IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM sabot.school_text(v, 40, what);
    -- A date and time as Sabot writes them (RFC 3339), never PostgreSQL's special words
    -- ('now', 'infinity'…).
    IF v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = format('the school''s %s is not a time: refused', what);
    END IF;
    BEGIN
        t := v::timestamptz;
    EXCEPTION WHEN OTHERS THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = format('the school''s %s is not a time: refused', what);
    END;
    IF t > clock_timestamp() + interval '2 minutes' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013',
            MESSAGE = format('the school''s %s (%s) is ahead of the pit''s clock: refused', what, t);
    END IF;
    RETURN t;
END
$f$;

CREATE OR REPLACE FUNCTION sabot.school_trainee(p_store text, p_id bigint, p_name text, p_created text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    IF EXISTS (SELECT 1 FROM sabot.school_trainees t WHERE t.store = p_store AND t.trainee_id = p_id) THEN
        RETURN false;
    END IF;
    IF p_id < 1 OR p_name IS NULL OR btrim(p_name) = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = 'a school trainee with no name or no id: refused';
    END IF;
    PERFORM sabot.school_text(p_name, 40, 'trainee''s name');
    PERFORM sabot.school_time(p_created, 'trainee''s creation');
    PERFORM sabot.school_count('trainees');
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
    IF EXISTS (SELECT 1 FROM sabot.school_sessions x WHERE x.store = p_store AND x.session_id = p_id) THEN
        -- Already there: only its end may be added, once, by the login that sent it,
        -- and only an end that is a time.
        IF p_ended IS NOT NULL AND EXISTS (
               SELECT 1 FROM sabot.school_sessions x
                WHERE x.store = p_store AND x.session_id = p_id AND x.ended IS NULL
                  AND (x.sent_by = session_user OR sabot.writes_any())) THEN
            PERFORM sabot.school_time(p_ended, 'session''s end');
            UPDATE sabot.school_sessions SET ended = p_ended
             WHERE store = p_store AND session_id = p_id AND ended IS NULL;
        END IF;
        RETURN false;
    END IF;
    IF p_id < 1 OR p_seed IS NULL OR p_seed !~ '^[0-9]{1,20}$' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = 'a school session whose id or seed is not one: refused';
    END IF;
    IF sabot.school_time(p_started, 'session''s start') > sabot.school_time(p_ended, 'session''s end') THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = 'a school session that ends before it starts: refused';
    END IF;
    PERFORM sabot.school_count('sessions');
    INSERT INTO sabot.school_sessions (store, session_id, trainee_id, game, level, seed, started, ended)
    VALUES (p_store, p_id, p_trainee, p_game, p_level, p_seed, p_started, p_ended)
    ON CONFLICT (store, session_id) DO NOTHING;
    RETURN FOUND;
END
$f$;

CREATE OR REPLACE FUNCTION sabot.school_answer(p_store text, p_id bigint, p_session bigint, p_at text,
                                               p_game text, p_level integer, p_kind text, p_clause text,
                                               p_correct boolean, p_ms bigint, p_drill bigint,
                                               p_question bigint, p_given text, p_expected text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    s sabot.school_sessions%ROWTYPE;
BEGIN
    IF EXISTS (SELECT 1 FROM sabot.school_answers a WHERE a.store = p_store AND a.answer_id = p_id) THEN
        RETURN false;
    END IF;
    SELECT * INTO s FROM sabot.school_sessions x WHERE x.store = p_store AND x.session_id = p_session;
    IF NOT FOUND OR (s.sent_by <> session_user AND NOT sabot.writes_any()) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013',
            MESSAGE = format('an answer to a session %s did not send: refused', session_user);
    END IF;
    IF p_game IS DISTINCT FROM s.game THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = 'an answer of another game than its session''s: refused';
    END IF;
    IF p_kind IS NULL OR p_kind NOT IN (@KINDS@) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013',
            MESSAGE = format('an answer of a kind the school does not ask (%s): refused', left(p_kind, 20));
    END IF;
    IF p_clause IS NULL OR p_clause NOT IN (@CLAUSES@) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013',
            MESSAGE = format('an answer citing no clause of the rules (%s): refused', left(p_clause, 20));
    END IF;
    IF p_id < 1 OR p_ms < 0 OR p_drill NOT BETWEEN 1 AND 100000 OR p_question NOT BETWEEN 1 AND 100000 THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013',
            MESSAGE = 'an answer whose id, time taken, drill or question is out of range: refused';
    END IF;
    IF sabot.school_time(p_at, 'answer''s time') < s.started::timestamptz - interval '2 minutes' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB013', MESSAGE = 'an answer given before its session started: refused';
    END IF;
    PERFORM sabot.school_text(p_given, @SCHOOL_TEXT@, 'answer given');
    PERFORM sabot.school_text(p_expected, @SCHOOL_TEXT@, 'answer expected');
    PERFORM sabot.school_count('answers');
    INSERT INTO sabot.school_answers (store, answer_id, session_id, at, game, level, kind, clause, correct,
                                      ms, drill, question, given, expected)
    VALUES (p_store, p_id, p_session, p_at, p_game, p_level, p_kind, p_clause, p_correct,
            p_ms, p_drill, p_question, p_given, p_expected)
    ON CONFLICT (store, answer_id) DO NOTHING;
    RETURN FOUND;
END
$f$;

REVOKE ALL ON FUNCTION sabot.line_bounded(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_count(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_text(text, integer, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_time(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.refusals_bound() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.records_chain() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.open_shift(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_trainee(text, bigint, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_session(text, bigint, bigint, text, integer, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.school_answer(text, bigint, bigint, text, text, integer, text, text, boolean,
                                           bigint, bigint, bigint, text, text) FROM PUBLIC;
UPDATE sabot.meta SET value = '7' WHERE key = 'schema_version';
"#;
