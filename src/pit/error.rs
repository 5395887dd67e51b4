//! What goes wrong with the pit, typed: each kind with its arguments, never a sentence
//! of ours (the app and the command line word them in the user's language,
//! `app::pit::pit_error_text`). What the operating system, the driver or the server
//! said in their own words is kept as such (`said`), quoted after our sentence.

use crate::journal::JournalError;

/// What went wrong with the pit. Never holds a password.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PitError {
    /// No URL was given.
    #[error("no PostgreSQL URL")]
    NoUrl,
    /// The URL cannot be read as a PostgreSQL connection string: the driver's kind of
    /// error, never a piece of what was typed.
    #[error("not a PostgreSQL URL: {0}")]
    BadUrl(String),
    /// The database cannot be reached, or the connection broke.
    #[error("cannot reach the pit at {url}: {why}")]
    Offline { url: String, why: Unreachable },
    /// The pit refused a record: it does not chain onto the one the pit holds for the
    /// shift (a second writer, a rewritten log), or it is not the record it says.
    #[error("the pit refused record {seq}: {why}")]
    Refused { seq: u64, why: PitRefusal },
    /// The database answered with an error (permissions, say): its SQLSTATE and its
    /// own words.
    #[error("the pit's database: {said} ({code})")]
    Database { code: String, said: String },
    /// The pit's copy of a shift misses a record (the pit never holds a gap).
    #[error("record {seq} is missing from the pit's copy")]
    MissingRecord { seq: u64 },
    /// A school row in the pit that this Sabot cannot read: which field, its value.
    #[error("a school row this Sabot cannot read: {what} {value}")]
    BadRow { what: &'static str, value: String },
    /// A sequence number too large for the pit's columns.
    #[error("sequence {0} is too large for the pit")]
    SequenceTooLarge(u64),
    /// A sequence number below 0 in the pit's rows: no record is numbered so (a row
    /// written by hand), never read as record 0.
    #[error("the pit holds a record numbered {0}, below 0")]
    NegativeSequence(i64),
    /// The thread that talks to the pit could not be started: the system's words.
    #[error("cannot start the pit's thread: {0}")]
    NoThread(String),
    /// The pit's schema is newer than this Sabot.
    #[error("the pit's schema is version {found}; this Sabot knows up to version {known}")]
    NewerSchema { found: i32, known: i32 },
    /// The pit's schema is older than what is asked of it (the school needs version
    /// 5): `sabot pit init URL`, as the pit's owner, upgrades it in place.
    #[error("the pit's schema is older than version {needed}; run `sabot pit init URL` as its owner")]
    OlderSchema { needed: i32 },
    /// This login may not read what was asked (the school, for the instructor): it
    /// needs the pit boss's role, `sabot_pit`.
    #[error("this login may not read the pit: it needs the role sabot_pit")]
    NotReader,
    /// No pit schema in this database.
    #[error("this database holds no pit (run `sabot pit init URL`)")]
    NotInitialised,
    /// The database does not store text as UTF-8.
    #[error("the database's encoding is {0}, not UTF8")]
    Encoding(String),
    /// The local log could not be read.
    #[error(transparent)]
    Log(JournalError),
}

/// Why the pit cannot be reached: where, and what happened there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreachable {
    /// Connecting to `at` (host:port, or the socket's folder:port) failed: the
    /// system's kind of error and its words.
    #[error("{at}: {said}")]
    Connect { at: String, kind: std::io::ErrorKind, said: String },
    /// The host's name gives no address.
    #[error("{at}: no address")]
    NoAddress { at: String },
    /// Something answered at `at`, but not as PostgreSQL does (it closed the
    /// connection, or answered otherwise).
    #[error("{at} is not a PostgreSQL server")]
    NotPostgres { at: String },
    /// `at` accepted the connection but said nothing within `secs` seconds.
    #[error("{at} accepted the connection but did not answer within {secs} s")]
    Silent { at: String, secs: u64 },
    /// The connection came back to itself: nothing listens at `at`.
    #[error("the connection to {at} came back to itself: nothing listens there")]
    SelfConnected { at: String },
    /// No answer within `secs` seconds at all.
    #[error("no answer within {secs} s")]
    NoAnswer { secs: u64 },
    /// The server let Sabot log in, then did not answer an exchange within `secs`
    /// seconds (a frozen backend, a server gone quiet): the connection was given up.
    #[error("the pit did not answer within {secs} s")]
    Stalled { secs: u64 },
    /// The server said «not now» (a statement or lock timeout, a transaction to try
    /// again, short of resources): its SQLSTATE and words. Sabot tries again.
    #[error("the pit was busy ({code}): {said}")]
    Busy { code: String, said: String },
    /// The server did not let Sabot log in within `secs` seconds.
    #[error("the server did not let Sabot log in within {secs} s")]
    NoLogin { secs: u64 },
    /// Sabot holds no connection to the pit just now (between two tries).
    #[error("not connected")]
    NotConnected,
    /// The URL names no host to reach.
    #[error("no host to reach")]
    NoHost,
    /// TLS refused the server's certificate (not signed by a trusted root, or not for
    /// the host named): rustls's words.
    #[error("the pit's certificate was refused: {said}")]
    Certificate { said: String },
    /// The URL's `sslrootcert` file cannot be read as PEM certificates.
    #[error("the root certificate {path} cannot be read: {said}")]
    RootCert { path: String, said: String },
    /// The URL's client certificate or key (`sslcert`, `sslkey`) cannot be read or
    /// used: which file, and why.
    #[error("the client certificate or key {path} cannot be used: {said}")]
    ClientCert { path: String, said: String },
    /// The server at `at` does not offer TLS, which the URL needs (only
    /// `sslmode=disable` connects in clear): nothing was sent, the password never.
    #[error("{at} does not offer TLS; nothing was sent (sslmode=disable connects in clear)")]
    NoTls { at: String },
    /// The driver, the TLS library or the server said this (the connection broke, the
    /// server shuts down, a certificate…): their own words.
    #[error("{0}")]
    Said(String),
}

/// Why the pit refused a record. The pit's own checks (its SQL functions) raise
/// SQLSTATE codes `SB001`…`SB015`; each is a kind here, with the server's words kept
/// (`said`: they name the records and the logins). Sabot's own checks before sending
/// are the last two.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PitRefusal {
    /// A check of the pit (its SQLSTATE code) or a record the pit already holds
    /// (unique violation): the kind, and the server's words.
    #[error("{said}")]
    Check { kind: PitCheck, said: String },
    /// The pit already holds record `pit_seq` of this shift, past this log's end:
    /// another writer.
    #[error("the pit already holds record {pit_seq} of this shift: another writer")]
    PitAhead { pit_seq: u64 },
    /// The record the pit ends on (`pit_seq`) is not this log's: another writer, or a
    /// rewritten log.
    #[error("the pit's record {pit_seq} is not this log's: another writer, or a rewritten log")]
    NotThisLog { pit_seq: u64 },
}

/// The pit's checks, by the SQLSTATE code its functions raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PitCheck {
    /// SB001: the pit holds no such shift.
    NoSuchShift,
    /// SB002: the record does not chain onto the last one the pit holds.
    DoesNotChain,
    /// SB003: the shift was closed.
    Closed,
    /// SB004: the line is not the record it says (sequence, hashes, table, times).
    NotItsRecord,
    /// SB005: the shift belongs to the login that opened it.
    AnotherLoginsShift,
    /// SB006: the table belongs to another login.
    AnotherLoginsTable,
    /// SB007: the shift starts ahead of the pit's clock.
    StartsAhead,
    /// SB008: the record says it was written ahead of the pit's clock (beyond the
    /// pit's tolerance for a table's clock).
    FromTheFuture,
    /// SB009: no pit boss bound the table's name to this login (`sabot pit bind`).
    UnboundTable,
    /// SB010: a table's or croupier's name that reads like another (a look-alike of a
    /// Latin letter, an invisible or control character).
    ConfusableName,
    /// SB011: this login reported more refusals than the pit keeps from one login in
    /// an hour, or a reason longer than it keeps.
    TooManyReports,
    /// SB012: a record (or a name, or a text in it) longer than the pit takes
    /// (`journal::bounds`).
    TooLarge,
    /// SB013: a school row the pit does not take (a kind or clause it does not know,
    /// a session of another login or game, a time that is none, a text too long).
    BadSchoolRow,
    /// SB014: this login sent more school rows within the hour than the pit takes.
    TooManySchoolRows,
    /// SB015: a login that is no pit boss's marked a floor's alarm (or a mark the pit
    /// does not keep).
    NotPitBoss,
    /// 23505: the pit already holds that record.
    AlreadyHeld,
    /// Another code of ours this Sabot does not know (a newer pit).
    Other,
}

/// The pit's checks and the SQLSTATE code each raises (`Other` has none of its own).
const CODES: [(PitCheck, &str); 16] = [
    (PitCheck::NoSuchShift, "SB001"),
    (PitCheck::DoesNotChain, "SB002"),
    (PitCheck::Closed, "SB003"),
    (PitCheck::NotItsRecord, "SB004"),
    (PitCheck::AnotherLoginsShift, "SB005"),
    (PitCheck::AnotherLoginsTable, "SB006"),
    (PitCheck::StartsAhead, "SB007"),
    (PitCheck::FromTheFuture, "SB008"),
    (PitCheck::UnboundTable, "SB009"),
    (PitCheck::ConfusableName, "SB010"),
    (PitCheck::TooManyReports, "SB011"),
    (PitCheck::TooLarge, "SB012"),
    (PitCheck::BadSchoolRow, "SB013"),
    (PitCheck::TooManySchoolRows, "SB014"),
    (PitCheck::NotPitBoss, "SB015"),
    (PitCheck::AlreadyHeld, "23505"),
];

impl PitCheck {
    /// The kind of a SQLSTATE code the pit raised.
    pub fn of_code(code: &str) -> PitCheck {
        CODES.iter().find(|(_, c)| *c == code).map_or(PitCheck::Other, |(k, _)| *k)
    }

    /// The SQLSTATE code of the kind (`Other` has none of its own).
    pub fn code(self) -> Option<&'static str> {
        CODES.iter().find(|(k, _)| *k == self).map(|(_, c)| *c)
    }
}

impl PitRefusal {
    /// How the refusal is kept in the pit's `refusals` table (its `why`), for the pit
    /// boss's floor: the code first (`SB002: …`), so that the floor words it in its
    /// own language; the server's words after it, for the record.
    pub fn stored(&self) -> String {
        match self {
            PitRefusal::Check { kind, said } => match kind.code() {
                Some(code) => format!("{code}: {said}"),
                None => said.clone(),
            },
            PitRefusal::PitAhead { pit_seq } => format!("SBX01: {pit_seq}"),
            PitRefusal::NotThisLog { pit_seq } => format!("SBX02: {pit_seq}"),
        }
    }

    /// A refusal as the pit keeps it (`stored`); a row written before codes were kept
    /// (its words only) reads as a check of no known kind with those words.
    pub fn from_stored(text: &str) -> PitRefusal {
        let (code, rest) = text.split_once(": ").unwrap_or(("", text));
        let seq = || rest.trim().parse::<u64>().ok();
        match (code, seq()) {
            ("SBX01", Some(pit_seq)) => PitRefusal::PitAhead { pit_seq },
            ("SBX02", Some(pit_seq)) => PitRefusal::NotThisLog { pit_seq },
            _ => match PitCheck::of_code(code) {
                PitCheck::Other => PitRefusal::Check { kind: PitCheck::Other, said: text.to_string() },
                kind => PitRefusal::Check { kind, said: rest.to_string() },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{PitCheck, PitRefusal};

    /// A refusal kept in the pit reads back as the same kind; a row from before the
    /// codes keeps its words.
    #[test]
    fn a_stored_refusal_reads_back_as_itself() {
        let all = [
            PitRefusal::Check { kind: PitCheck::DoesNotChain, said: "record 4 does not chain onto record 2".into() },
            PitRefusal::Check { kind: PitCheck::AnotherLoginsTable, said: "the table 'Mesa 2': x".into() },
            PitRefusal::Check { kind: PitCheck::AlreadyHeld, said: "duplicate key".into() },
            PitRefusal::PitAhead { pit_seq: 12 },
            PitRefusal::NotThisLog { pit_seq: 7 },
        ];
        for r in all {
            assert_eq!(PitRefusal::from_stored(&r.stored()), r);
        }
        let old = PitRefusal::from_stored("the pit's record 3 is not this log's");
        assert_eq!(
            old,
            PitRefusal::Check { kind: PitCheck::Other, said: "the pit's record 3 is not this log's".into() }
        );
        assert_eq!(
            PitRefusal::from_stored("SB999: x"),
            PitRefusal::Check { kind: PitCheck::Other, said: "SB999: x".into() }
        );
    }
}
