//! The pit's schema, version 6 (over version 5, applied by `schema::init` after the
//! older versions): the pit holding against its own logins (issue 36). Kept apart from
//! `schema.rs` for its length; `tests/pit.rs` checks every function of both files.

/// Version 6, over version 5: the pit holds against its own logins (issue 36). Every
/// function sets `search_path = pg_catalog, pg_temp`: a session's temporary schema is
/// searched first unless it is named, and last it shadows nothing (PostgreSQL never
/// looks there for functions or operators, so `=`, `||`, `now()` and the casts are
/// pg_catalog's); and every table or view a function names is named with its schema
/// (`pg_catalog.pg_roles`, `sabot.records`). A table's login that makes a temporary
/// `pg_roles` calling itself a superuser is still itself.
///
/// Every record's time is bounded by the pit's clock when it arrives: one that says
/// it was written more than `url::CLOCK_TOLERANCE` (2 minutes) ahead is refused
/// (SB008), and the table's Sabot reports the refusal for the floor.
///
/// A table's name is the pit boss's to give: `sabot.bind_table` (`sabot pit bind
/// "Mesa 2" mesa2`, the owner only) binds a name to a login, and `open_shift` refuses
/// a name no one bound (SB009) or bound to another login (SB006), training shifts
/// too. Names are kept NFC, trimmed, their spaces collapsed; a name holding a
/// look-alike of a Latin letter, a no-break or zero-width space or a control
/// character is refused (SB010). What one login may leave in `sabot.refusals` is
/// bounded: its login and time are the database's (`session_user`), its why 1000
/// characters, 60 rows an hour (SB011).
pub(super) const V6: &str = r#"
CREATE OR REPLACE FUNCTION sabot.writes_any() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT session_user = current_user
        OR coalesce((SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = session_user), false)
$f$;
ALTER FUNCTION sabot.ron_string(text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION sabot.read_line(text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION sabot.records_chain() SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION sabot.open_shift(text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION sabot.school_trainee(text, bigint, text, text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION sabot.school_session(text, bigint, bigint, text, integer, text, text, text)
    SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION sabot.school_answer(text, bigint, bigint, text, text, integer, text, text, boolean,
                                   bigint, bigint, bigint, text, text) SET search_path = pg_catalog, pg_temp;
-- Whether an amendment's body closes as one: `Op(op:Amend(…),events:[…])`, its
-- brackets balanced outside strings, the amendment's closing right before `,events:`
-- and the operation's at the body's very end (the pit does not read the rest of an
-- operation; it reads an amendment to its close, as it takes one after a shift's).
CREATE OR REPLACE FUNCTION sabot.amendment_closes(body text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    depth int := 0;
    in_string boolean := false;
    escaped boolean := false;
    amend_end int := 0;
    c text;
BEGIN
    IF NOT starts_with(body, 'Op(op:Amend(') THEN
        RETURN false;
    END IF;
    FOR i IN 1 .. length(body) LOOP
        c := substr(body, i, 1);
        IF in_string THEN
            IF escaped THEN
                escaped := false;
            ELSIF c = '\' THEN
                escaped := true;
            ELSIF c = '"' THEN
                in_string := false;
            END IF;
        ELSIF c = '"' THEN
            in_string := true;
        ELSIF c IN ('(', '[', '{') THEN
            depth := depth + 1;
        ELSIF c IN (')', ']', '}') THEN
            depth := depth - 1;
            IF depth = 1 AND amend_end = 0 THEN
                amend_end := i;
            END IF;
            IF depth < 0 OR (depth = 0 AND i < length(body)) THEN
                RETURN false;
            END IF;
        END IF;
    END LOOP;
    RETURN depth = 0 AND NOT in_string AND amend_end > 0 AND substr(body, amend_end + 1, 9) = ',events:[';
END
$f$;

-- Every record's time bounded by the pit's clock on arrival.
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
-- A table's name as the pit keeps it: NFC, trimmed, its spaces collapsed; refused
-- (SB010) when empty, or holding anything but printable ASCII and the Latin-1
-- letters (Spanish accents, ñ, ü, ª º ¡ ¿): a Cyrillic or Greek look-alike of a
-- Latin letter, a no-break or zero-width space, a control character.
CREATE OR REPLACE FUNCTION sabot.table_name_of(raw text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    n text := normalize(raw, NFC);
BEGIN
    IF n !~ '^[ -~¡ª¿ºÀ-ÖØ-öø-ÿ]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'SB010',
            MESSAGE = format('the table name %s holds a character that reads like another or prints as nothing (a look-alike letter, a no-break, zero-width or control character): refused',
                             to_json(raw)::text);
    END IF;
    n := regexp_replace(btrim(n, ' '), ' {2,}', ' ', 'g');
    IF n = '' OR length(n) > 80 THEN
        RAISE EXCEPTION USING ERRCODE = 'SB010', MESSAGE = 'a table name is 1 to 80 characters';
    END IF;
    RETURN n;
END
$f$;

-- The pit boss binds a table's name to the login that may open its shifts (the
-- pit's owner only): `sabot pit bind`. A name bound again moves to the new login.
CREATE OR REPLACE FUNCTION sabot.bind_table(p_table text, p_login name) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    n text := sabot.table_name_of(p_table);
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = p_login AND r.rolcanlogin) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB009', MESSAGE = format('there is no login %I', p_login);
    END IF;
    INSERT INTO sabot.table_logins (table_name, login) VALUES (n, p_login)
    ON CONFLICT (table_name) DO UPDATE SET login = EXCLUDED.login, since = clock_timestamp();
    RETURN n;
END
$f$;

-- What one login may leave in `sabot.refusals`: the login and the time are the
-- database's (session_user: a SET ROLE changes nothing), the why at most 1000
-- characters and the table's name 200, and at most 60 rows an hour a login (SB011
-- past it): a login cannot flood the floor.
ALTER TABLE sabot.refusals ALTER COLUMN login SET DEFAULT session_user;
CREATE INDEX IF NOT EXISTS refusals_by_login ON sabot.refusals (login, at);
CREATE OR REPLACE FUNCTION sabot.refusals_bound() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    NEW.login := session_user;
    NEW.at := clock_timestamp();
    NEW.why := left(NEW.why, 1000);
    NEW.table_name := left(NEW.table_name, 200);
    NEW.shift_id := left(NEW.shift_id, 64);
    PERFORM pg_catalog.pg_advisory_xact_lock(7355609, pg_catalog.hashtext(session_user));
    IF (SELECT count(*) FROM sabot.refusals f
         WHERE f.login = session_user AND f.at > clock_timestamp() - interval '1 hour') >= 60 THEN
        RAISE EXCEPTION USING ERRCODE = 'SB011',
            MESSAGE = format('%s reported 60 refusals within the hour, the most the pit keeps from one login', session_user);
    END IF;
    RETURN NEW;
END
$f$;
DROP TRIGGER IF EXISTS refusals_bound ON sabot.refusals;
CREATE TRIGGER refusals_bound BEFORE INSERT ON sabot.refusals
    FOR EACH ROW EXECUTE FUNCTION sabot.refusals_bound();

-- Table names bound by the pit boss, training shifts as the others.
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
    v_table := sabot.table_name_of(v_table);
    SELECT * INTO s FROM sabot.shifts WHERE shift_id = r.hash;
    IF FOUND THEN
        IF s.opened_by <> session_user AND NOT sabot.writes_any() THEN
            RAISE EXCEPTION USING ERRCODE = 'SB005',
                MESSAGE = format('this shift belongs to the login that opened it, not to %s: another table''s records are refused',
                                 session_user);
        END IF;
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
REVOKE ALL ON FUNCTION sabot.table_name_of(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.amendment_closes(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.bind_table(text, name) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.refusals_bound() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.open_shift(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.writes_any() FROM PUBLIC;
REVOKE ALL ON FUNCTION sabot.records_chain() FROM PUBLIC;
UPDATE sabot.meta SET value = '6' WHERE key = 'schema_version';
"#;
