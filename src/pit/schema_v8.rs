//! The pit's schema, version 8 (over version 7, applied by `schema::init` after the
//! older versions): the floor's alarms as data the pit keeps (issue 48), so that every
//! pit boss's floor shows the same.
//!
//! - **`sabot.alarm_marks`**: one row a mark of an alarm: `raised` (a floor first saw
//!   it), `seen` (it was on a pit boss's screen), `acknowledged` (a pit boss took it
//!   in hand). An alarm is named by its table, its kind and its subject (what it is
//!   about: for a refusal, the last refusal row it covers, so that an acknowledgement
//!   covers the refusals reported until then and a later one is a new alarm). Each mark
//!   is kept once, the first: who (the database's `session_user`) and when (the pit's
//!   clock), never what a client says.
//! - **`sabot.mark_alarm(table, kind, subject, mark)`**: the only way in. A pit boss's
//!   login (a member of `sabot_pit`) may mark; a table's login may not (it has no right
//!   to the function, and a login that is both is refused too: SB015), nor may anyone
//!   change or remove a mark. Texts are bounded; the kinds are the floor's.
//!
//! The pit boss reads the marks (`sabot_pit`'s select on every table of the schema).

/// The most bytes of a marked alarm's table name and subject the pit keeps.
pub const MARK_TEXT: usize = 200;

/// The kinds of alarm a mark may name (`pit::floor::Alarm::kind`).
pub const KINDS: [&str; 7] = ["refused", "damaged", "unreadable", "two-shifts", "flagged", "late", "silent"];

/// Version 8's SQL, its figures and lists written in.
pub(super) fn v8() -> String {
    let kinds = KINDS.iter().map(|k| format!("'{k}'")).collect::<Vec<_>>().join(", ");
    V8.replace("@MARK_TEXT@", &MARK_TEXT.to_string()).replace("@KINDS@", &kinds)
}

const V8: &str = r#"
CREATE TABLE IF NOT EXISTS sabot.alarm_marks (
    id bigserial PRIMARY KEY,
    table_name text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL,
    mark text NOT NULL CHECK (mark IN ('raised', 'seen', 'acknowledged')),
    login name NOT NULL,
    at timestamptz NOT NULL,
    UNIQUE (table_name, kind, subject, mark)
);
CREATE INDEX IF NOT EXISTS alarm_marks_at ON sabot.alarm_marks (at);
REVOKE ALL ON sabot.alarm_marks FROM PUBLIC;

-- A mark of an alarm, by a pit boss's login: kept once (the first), the login and
-- the time the database's. Its login and time as kept.
CREATE OR REPLACE FUNCTION sabot.mark_alarm(p_table text, p_kind text, p_subject text, p_mark text)
RETURNS TABLE (login name, at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    IF NOT sabot.writes_any() AND (NOT pg_has_role(session_user, 'sabot_pit', 'MEMBER')
                                   OR pg_has_role(session_user, 'sabot_table', 'MEMBER')) THEN
        RAISE EXCEPTION USING ERRCODE = 'SB015',
            MESSAGE = format('%s is no pit boss''s login: only a pit boss marks an alarm', session_user);
    END IF;
    IF p_kind NOT IN (@KINDS@) OR p_mark NOT IN ('raised', 'seen', 'acknowledged')
       OR octet_length(p_table) > @MARK_TEXT@ OR octet_length(p_subject) > @MARK_TEXT@ THEN
        RAISE EXCEPTION USING ERRCODE = 'SB015',
            MESSAGE = format('the pit marks no alarm of kind %s, mark %s, or names longer than %s bytes',
                             left(p_kind, 40), left(p_mark, 40), @MARK_TEXT@);
    END IF;
    INSERT INTO sabot.alarm_marks (table_name, kind, subject, mark, login, at)
    VALUES (p_table, p_kind, p_subject, p_mark, session_user, clock_timestamp())
    ON CONFLICT (table_name, kind, subject, mark) DO NOTHING;
    RETURN QUERY SELECT m.login, m.at FROM sabot.alarm_marks m
                  WHERE m.table_name = p_table AND m.kind = p_kind AND m.subject = p_subject AND m.mark = p_mark;
END
$f$;
REVOKE ALL ON FUNCTION sabot.mark_alarm(text, text, text, text) FROM PUBLIC;
UPDATE sabot.meta SET value = '8' WHERE key = 'schema_version';
"#;

/// The rights on version 8's function, set with the others at every `init`.
pub(super) const GRANTS_V8: &str = r#"
GRANT EXECUTE ON FUNCTION sabot.mark_alarm(text, text, text, text) TO sabot_pit;
"#;
