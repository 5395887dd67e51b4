//! The records of a shift log and their one-line framing.
//!
//! A record is one line of RON ending in its own hash:
//!
//! ```text
//! Record(v:4,seq:7,at:"2025-05-01T22:13:05.120+02:00",table:"Mesa 3",croupier:"Ana",game:PuntoBanca,body:Op(...),prev:"<64 hex>",hash:"<64 hex>")
//! ```
//!
//! `hash` is the SHA-256 of every byte of the line before `,hash:"` (so it covers
//! `prev`, the hash of the record before): an edited byte breaks the record's own
//! hash, and a record rewritten with a fresh hash breaks the next record's `prev`.
//! The first record (`seq` 0) is the header; its `prev` is 64 zeros.

use crate::engine::settings::BadSettings;
use crate::engine::{Event, Game, Money, Op, Reading, ShiftTotals, Shoe, Table, TableSettings};
use chrono::{DateTime, FixedOffset};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The log format this Sabot writes and the newest it reads. Bump it when a record
/// changes in a way an older Sabot cannot read (a new `Body` kind, a new `Op` or
/// `Event` variant written to logs).
///
/// Format 2: `PutRight` records what the ruling changes (no longer a snapshot of the
/// coup's play), each settled bet names the clause of its payout, and `TakeBank` no
/// longer says how (the engine does).
///
/// Format 3: money brought into a standing bank is its own event (`BroughtIn`), a
/// ruling put to the croupier says who erred, and the error procedures are taken as
/// docs/RULES-NOTES.md reads them now. Logs of formats 1 and 2 still verify and replay:
/// their events are applied as logged (`scan::legacy_op`).
///
/// Format 4: a closed shift's log takes amendments after its closing record (R-BQ-E7:
/// the pit boss's corrections to paid coups, `writer::amend`) and stays closed; no
/// other record may follow the close. Its records are otherwise format 3's.
///
/// Format 5: the croupier may take back his own last entries of the coup in play
/// (`Op::TakeBack`, `Event::TakenBack`, and the shift's count of them in the closing
/// totals). Logs of formats 1 to 4 read as before.
///
/// Format 6: a void coup's settlement names the clause that voids it (`void:"R-PB-4"`,
/// where format 5 wrote `void:true`; a coup not void is still `void:false`). Logs of
/// formats 1 to 5 read as before; their void coups are compared as void or not.
///
/// Format 7: the rules of who is at the table (docs/RULES-NOTES.md §11): one presence
/// check, a leaver takes his void-coup bets and his banca seguida with him, the banker
/// is no paño player and takes his bank back when he leaves, taking the bank seats a
/// player (`Joined`), a free bank's bets are accepted first and its bank never goes
/// below 0 (`covered`), the bank's natural at its turn is no infraction. A log of
/// formats 1 to 6 is played under the reading it was written under
/// (`Reading::BeforePresence`, `Header::table`), also when it is taken up again.
///
/// Format 8: roles start at the first section with a player (docs/RULES-NOTES.md §1:
/// each paño's cards, Punto y Banca's sabot), and the banker's announcement after his
/// «no» may withdraw a settlement not yet paid (`Event::Unsettled`, R-BQ-E12). A log of
/// format 7 is played under the reading it was written under (`Reading::Presence`).
pub const FORMAT: u32 = 8;

/// The first format whose settlements name the clause of a void coup.
pub const VOID_CLAUSE: u32 = 6;

/// The first format played under the rules of who is at the table (`Reading::Presence`).
pub const PRESENCE: u32 = 7;

/// The first format whose roles start at the first section with a player
/// (`Reading::FirstSeat`).
pub const FIRST_SEAT: u32 = 8;

/// The reading of the rules a log of `format` was written under.
pub fn reading_of(format: u32) -> Reading {
    match format {
        f if f < PRESENCE => Reading::BeforePresence,
        f if f < FIRST_SEAT => Reading::Presence,
        _ => Reading::FirstSeat,
    }
}

/// `prev` of the first record.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

const HASH_HEX: usize = 64;
const TRAILER_OPEN: &str = ",hash:\"";
const TRAILER_CLOSE: &str = "\")";
/// Bytes of `,hash:"<64 hex>")`.
pub const TRAILER_LEN: usize = TRAILER_OPEN.len() + HASH_HEX + TRAILER_CLOSE.len();
const PREFIX: &str = "Record(v:";

/// One record of a shift log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Record")]
pub struct Record {
    /// The log format of this record.
    pub v: u32,
    /// 0 for the header, then 1, 2, … with no gap.
    pub seq: u64,
    /// When it was written: the local time with its offset from UTC.
    pub at: DateTime<FixedOffset>,
    pub table: String,
    pub croupier: String,
    pub game: Game,
    pub body: Body,
    /// The hash of the record before (`GENESIS` for the header).
    pub prev: String,
    /// This record's own hash (filled in when read; written by the framing).
    #[serde(default, skip_serializing)]
    pub hash: String,
}

/// What a record says. New kinds come additively (amendments, shift events); an
/// older Sabot says plainly that it cannot read them.
// The header (it holds the table settings) is one record a log, read once: its size
// costs nothing, and boxing it would change every match on it.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Body {
    /// The first record of every log.
    Header(Header),
    /// An operation the engine accepted, and the events it produced.
    Op { op: Op, events: Vec<Event> },
    /// The shift was taken up again after Sabot stopped without closing it.
    Resumed(Resumed),
    /// The end of the shift: nothing may follow.
    Close(Close),
    /// The computer's clock went back while the shift was written: the time it read,
    /// and the time the records are stamped with (a log's times never run back).
    ClockJump(ClockJump),
}

/// The clock read `seen`, earlier than the last record's time; `used` (that time)
/// stamps this record and the ones after it until the clock catches up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockJump {
    pub seen: DateTime<FixedOffset>,
    pub used: DateTime<FixedOffset>,
}

/// Everything needed to rebuild the table from nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The log format (the same as every record's `v` when the log was created).
    pub format: u32,
    /// `sabot 0.1.0`.
    pub software: String,
    pub table: String,
    pub croupier: String,
    pub settings: TableSettings,
    /// The bank announced at the start (zero in Punto y Banca).
    pub bank: Money,
    /// The sabot at the start of the shift.
    pub shoe: Shoe,
    /// How the table stood when the log began.
    pub start: Start,
    /// A training session: never a live shift.
    pub training: bool,
    pub started: DateTime<FixedOffset>,
}

/// How the table stood when the log began: the two ways the engine makes a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// `Table::new(settings, bank, shoe)`: the sabot ready, the first coup open, the
    /// bank announced (as a table script starts).
    Ready,
    /// `Table::start(settings)`: a live shift from the beginning, decks not yet shown,
    /// no coup, no bank.
    Live,
}

impl Header {
    /// The table this header starts from.
    pub fn table(&self) -> Result<Table, BadSettings> {
        let mut t = match self.start {
            Start::Ready => Table::new(self.settings.clone(), self.bank, self.shoe.clone())?,
            Start::Live => Table::start(self.settings.clone())?,
        };
        // Played under the rules the log was written under (an older log replays as it
        // was written).
        t.set_reading(reading_of(self.format));
        Ok(t)
    }

    /// A header for a live shift from its beginning (`Table::start`).
    pub fn live(table: &str, croupier: &str, settings: TableSettings, training: bool) -> Header {
        let shoe = Shoe::decks(settings.decks);
        Header { start: Start::Live, ..Header::new(table, croupier, settings, Money::ZERO, shoe, training) }
    }

    /// The header for a log of `t`, which must be a table as `Table::new` or
    /// `Table::start` makes it (nothing played on it yet).
    pub fn from_table(table: &str, croupier: &str, t: &Table, training: bool) -> Option<Header> {
        let ready = Header::new(table, croupier, t.settings().clone(), t.bank(), t.shoe().clone(), training);
        let live = Header::live(table, croupier, t.settings().clone(), training);
        [ready, live].into_iter().find(|h| h.table().is_ok_and(|made| made == *t))
    }

    /// A header for a table as `Table::new(settings, bank, shoe)` makes it, starting now.
    pub fn new(
        table: &str,
        croupier: &str,
        settings: TableSettings,
        bank: Money,
        shoe: Shoe,
        training: bool,
    ) -> Header {
        Header {
            format: FORMAT,
            software: software(),
            table: table.to_string(),
            croupier: croupier.to_string(),
            settings,
            bank,
            shoe,
            start: Start::Ready,
            training,
            started: now(),
        }
    }
}

/// Sabot stopped without closing the shift and was started again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resumed {
    /// The software that took the shift up again.
    pub software: String,
    /// The record that was in flight when it stopped, if any: kept in a side file.
    pub set_aside: Option<SetAside>,
}

/// Bytes moved out of the log into a side file beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetAside {
    /// The side file's name, in the log's folder.
    pub file: String,
    pub bytes: u64,
    /// SHA-256 of the bytes set aside.
    pub sha256: String,
}

/// The shift's end, with what it came to (checked by `verify` against the replay).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Close {
    pub totals: ShiftTotals,
    /// The bank at the end (zero in Punto y Banca).
    pub bank: Money,
}

/// `sabot 0.1.0`.
pub fn software() -> String {
    format!("sabot {}", env!("CARGO_PKG_VERSION"))
}

/// Now, in local time with its offset.
pub fn now() -> DateTime<FixedOffset> {
    chrono::Local::now().fixed_offset()
}

/// SHA-256 as 64 lowercase hex digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Whether `text` is `bytes` in lowercase hex.
fn hex_is(bytes: &[u8], text: &[u8]) -> bool {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    text.len() == bytes.len() * 2
        && bytes
            .iter()
            .zip(text.chunks_exact(2))
            .all(|(b, t)| t[0] == DIGITS[usize::from(b >> 4)] && t[1] == DIGITS[usize::from(b & 15)])
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// The record as one line (without its newline), its hash written in. Returns the
/// line and the hash.
pub fn encode(record: &Record) -> Result<(String, String), String> {
    let mut line = String::new();
    let hash = encode_into(record, &mut line)?;
    Ok((line, hash))
}

/// As `encode`, into `line` (cleared first, its room kept: a writer reuses one
/// buffer for every record); returns the hash.
pub fn encode_into(record: &Record, line: &mut String) -> Result<String, String> {
    line.clear();
    line.push_str("Record");
    // `ron` writes `(v:…,prev:"…")`; the line is `Record(v:…,prev:"…",hash:"…")`.
    ron::ser::to_writer(&mut *line, record).map_err(|e| e.to_string())?;
    if line.pop() != Some(')') {
        return Err("the record did not serialize as a struct".into());
    }
    if !line.starts_with(PREFIX) {
        return Err("the record did not serialize with its format first".into());
    }
    if line.contains(['\n', '\r']) {
        return Err("the record would not fit on one line".into());
    }
    let hash = sha256_hex(line.as_bytes());
    line.push_str(TRAILER_OPEN);
    line.push_str(&hash);
    line.push_str(TRAILER_CLOSE);
    Ok(hash)
}

/// Why one line is not a good record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Not a record's shape at all (no `Record(v:` at its start).
    NotARecord,
    /// The line's frame is broken: its end is not `,hash:"<64 hex>")`.
    Frame,
    /// The hash does not match the line: a byte was changed.
    Hash,
    /// Written by a newer Sabot.
    Newer(u32),
    /// The hash matches but the record cannot be read.
    Ron(String),
    /// The hash matches but the record is of a kind this Sabot does not know (a
    /// newer version wrote it): the kind's name, as the reader gives it.
    UnknownKind(String),
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::NotARecord => f.write_str("not a shift-log record (it does not start with `Record(v:`)"),
            LineError::Frame => f.write_str("the record's end is broken (it does not end with its hash)"),
            LineError::Hash => f.write_str("the record's hash does not match its content: the record was changed"),
            LineError::Newer(v) => write!(
                f,
                "this record is from a newer version of Sabot (log format {v}; this Sabot reads up to format {FORMAT})"
            ),
            LineError::Ron(e) => write!(f, "the record cannot be read: {e}"),
            LineError::UnknownKind(k) => {
                write!(f, "a kind of record this Sabot does not know ({k}): written by a newer version of Sabot")
            }
        }
    }
}

/// The format number at the start of a line, if it has one.
fn format_of(line: &[u8]) -> Option<u32> {
    let rest = line.strip_prefix(PREFIX.as_bytes())?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

/// Checks a line's frame and hash, then reads it.
pub fn decode(line: &[u8]) -> Result<Record, LineError> {
    check_frame(line)?;
    parse(line)
}

/// Checks a line's frame, hash and format number.
fn check_frame(line: &[u8]) -> Result<(), LineError> {
    let Some(v) = format_of(line) else { return Err(LineError::NotARecord) };
    let n = line.len();
    if n < TRAILER_LEN + PREFIX.len() {
        return Err(LineError::Frame);
    }
    let (content, trailer) = line.split_at(n - TRAILER_LEN);
    let hash = &trailer[TRAILER_OPEN.len()..TRAILER_OPEN.len() + HASH_HEX];
    let framed = trailer.starts_with(TRAILER_OPEN.as_bytes())
        && trailer.ends_with(TRAILER_CLOSE.as_bytes())
        && hash.iter().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b));
    if !framed {
        return Err(LineError::Frame);
    }
    if !hex_is(&Sha256::digest(content), hash) {
        return Err(LineError::Hash);
    }
    if v > FORMAT {
        return Err(LineError::Newer(v));
    }
    Ok(())
}

fn parse(line: &[u8]) -> Result<Record, LineError> {
    let text = std::str::from_utf8(line).map_err(|_| LineError::Ron("not UTF-8 text".into()))?;
    let record: Record = ron::from_str(text).map_err(|e| match &e.code {
        ron::Error::NoSuchEnumVariant { found, .. } => LineError::UnknownKind(found.clone()),
        _ => LineError::Ron(describe_ron(&e)),
    })?;
    // The hash read is the one checked above.
    if record.hash.len() != HASH_HEX {
        return Err(LineError::Frame);
    }
    Ok(record)
}

/// `),prev:"<64 hex>"` and the trailer: what follows an operation's events.
const AFTER_EVENTS: usize = 8 + HASH_HEX + 1 + TRAILER_LEN;

/// Where an operation record's events are in its line, as bytes.
fn events_span(line: &[u8]) -> Option<(usize, usize)> {
    let end = line.len().checked_sub(AFTER_EVENTS)?;
    if !line[end..].starts_with(b"),prev:\"") {
        return None;
    }
    let key = b",events:";
    let start = memchr::memmem::rfind(&line[..end], key)? + key.len();
    (line.get(start) == Some(&b'[') && memchr::memmem::find(&line[..start], b",body:Op(o").is_some())
        .then_some((start, end))
}

/// What every record of a log writes between its time and its body, the same in
/// each: `,table:"…",croupier:"…",game:…,body:` (as `ron` writes those values).
pub fn common_text(table: &str, croupier: &str, game: Game) -> Option<Vec<u8>> {
    let text = format!(
        ",table:{},croupier:{},game:{},body:",
        ron::to_string(table).ok()?,
        ron::to_string(croupier).ok()?,
        ron::to_string(&game).ok()?
    );
    Some(text.into_bytes())
}

/// A whole number as `ron` writes it: digits, no sign, no leading zero.
fn plain_number(b: &[u8]) -> Option<(u64, &[u8])> {
    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 || n > 19 || (n > 1 && b[0] == b'0') {
        return None;
    }
    let v = b[..n].iter().fold(0u64, |v, c| v * 10 + u64::from(c - b'0'));
    Some((v, &b[n..]))
}

/// A time as chrono writes it in a record, `2025-05-01T22:13:05.120+02:00` (or
/// `…Z`), read as `DateTime::from_str` reads it; `None` for any other shape (leap
/// seconds, more than 9 decimals…): chrono reads those.
fn plain_time(b: &[u8]) -> Option<DateTime<FixedOffset>> {
    use chrono::{NaiveDate, TimeZone};
    fn num(b: &[u8]) -> Option<u32> {
        b.iter().try_fold(0u32, |v, c| c.is_ascii_digit().then(|| v * 10 + u32::from(c - b'0')))
    }
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let (year, month, day) = (num(&b[0..4])?, num(&b[5..7])?, num(&b[8..10])?);
    let (hour, min, sec) = (num(&b[11..13])?, num(&b[14..16])?, num(&b[17..19])?);
    if sec >= 60 {
        return None;
    }
    let mut rest = &b[19..];
    let mut nanos = 0;
    if let Some(frac) = rest.strip_prefix(b".") {
        let n = frac.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 || n > 9 {
            return None;
        }
        nanos = num(&frac[..n])? * 10u32.pow(9 - n as u32);
        rest = &frac[n..];
    }
    let offset = match rest {
        b"Z" => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (h, m) = (num(&[*h1, *h2])?, num(&[*m1, *m2])?);
            if h >= 24 || m >= 60 {
                return None;
            }
            let secs = (h * 3600 + m * 60) as i32;
            if *sign == b'-' { -secs } else { secs }
        }
        _ => return None,
    };
    let local = NaiveDate::from_ymd_opt(year as i32, month, day)?.and_hms_nano_opt(hour, min, sec, nanos)?;
    FixedOffset::east_opt(offset)?.from_local_datetime(&local).single()
}

/// The log's table, croupier and game, for reading its records the fast way.
#[derive(Clone, Debug)]
pub struct Known {
    common: Vec<u8>,
    table: String,
    croupier: String,
    game: Game,
}

impl Known {
    pub fn new(table: &str, croupier: &str, game: Game) -> Option<Known> {
        Some(Known {
            common: common_text(table, croupier, game)?,
            table: table.to_string(),
            croupier: croupier.to_string(),
            game,
        })
    }
}

/// The most operation texts a `Reader` remembers.
const MEMO_MAX: usize = 4096;

/// Reads a log's lines as `decode_lazy` does. With the log's table, croupier and
/// game known, an operation record written exactly as Sabot writes it, repeating
/// them, is read without `ron` for all but its operation; and an operation's text
/// met before is not read again (a log repeats the same bets and cards).
pub struct Reader<'a, 'k> {
    known: Option<&'k Known>,
    ops: std::collections::HashMap<&'a [u8], Op>,
}

impl<'a, 'k> Reader<'a, 'k> {
    pub fn new(known: Option<&'k Known>) -> Self {
        Reader { known, ops: std::collections::HashMap::new() }
    }

    /// As `decode_lazy`.
    pub fn decode(&mut self, line: &'a [u8]) -> Result<(Record, Option<&'a [u8]>), LineError> {
        check_frame(line)?;
        if let Some(k) = self.known
            && let Some((r, events)) = self.plain_op(line, k)
        {
            return Ok((r, Some(events)));
        }
        lazy_after_frame(line)
    }

    /// An operation record read without `ron` for all but its operation; `None`: read
    /// it the ordinary way. The frame and hash have been checked.
    fn plain_op(&mut self, line: &'a [u8], k: &Known) -> Option<(Record, &'a [u8])> {
        let end = line.len().checked_sub(AFTER_EVENTS)?;
        if !line[end..].starts_with(b"),prev:\"") {
            return None;
        }
        let rest = line.strip_prefix(PREFIX.as_bytes())?;
        let (v, rest) = plain_number(rest)?;
        let rest = rest.strip_prefix(b",seq:")?;
        let (seq, rest) = plain_number(rest)?;
        let rest = rest.strip_prefix(b",at:\"")?;
        let q = rest.iter().position(|b| *b == b'"')?;
        let at = &rest[..q];
        // A string with nothing `ron` would unescape.
        if !at.iter().all(|b| (0x20..0x7f).contains(b) && *b != b'\\') {
            return None;
        }
        let at = match plain_time(at) {
            Some(t) => t,
            None => std::str::from_utf8(at).ok()?.parse().ok()?,
        };
        let rest = rest[q + 1..].strip_prefix(k.common.as_slice())?.strip_prefix(b"Op(op:")?;
        // The operation runs to the first `,events:[`: a value that `ron` reads whole
        // and alone, or not at all (then this is not the end of the operation).
        let op_start = line.len() - rest.len();
        let op_end = op_start + memchr::memmem::find(line.get(op_start..end)?, b",events:[")?;
        let start = op_end + b",events:".len();
        let op_text = &line[op_start..op_end];
        if !op_text.first().is_some_and(u8::is_ascii_uppercase) {
            return None;
        }
        let op = match self.ops.get(op_text) {
            Some(op) => op.clone(),
            None => {
                let op: Op = ron::from_str(std::str::from_utf8(op_text).ok()?).ok()?;
                if self.ops.len() < MEMO_MAX {
                    self.ops.insert(op_text, op.clone());
                }
                op
            }
        };
        // `),prev:"<64 hex>",hash:"<64 hex>")` (the trailer is checked).
        let prev = &line[end + 8..end + 8 + HASH_HEX];
        if line[end + 8 + HASH_HEX] != b'"' || !prev.iter().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b)) {
            return None;
        }
        let hash = &line[line.len() - TRAILER_CLOSE.len() - HASH_HEX..line.len() - TRAILER_CLOSE.len()];
        let record = Record {
            v: u32::try_from(v).ok()?,
            seq,
            at,
            table: k.table.clone(),
            croupier: k.croupier.clone(),
            game: k.game,
            body: Body::Op { op, events: Vec::new() },
            prev: String::from_utf8(prev.to_vec()).ok()?,
            hash: String::from_utf8(hash.to_vec()).ok()?,
        };
        Some((record, &line[start..end]))
    }
}

/// As `decode`, but an operation's events are not read: they come back as their
/// RON text (to compare with the events the engine makes, much faster than
/// reading them), and `body`'s `events` is empty. Other records are read whole.
pub fn decode_lazy(line: &[u8]) -> Result<(Record, Option<&[u8]>), LineError> {
    check_frame(line)?;
    lazy_after_frame(line)
}

fn lazy_after_frame(line: &[u8]) -> Result<(Record, Option<&[u8]>), LineError> {
    match events_span(line) {
        Some((start, end)) => {
            let mut short = Vec::with_capacity(line.len() - (end - start) + 2);
            short.extend_from_slice(&line[..start]);
            short.extend_from_slice(b"[]");
            short.extend_from_slice(&line[end..]);
            match parse(&short) {
                Ok(r) => Ok((r, Some(&line[start..end]))),
                Err(_) => parse(line).map(|r| (r, None)),
            }
        }
        None => parse(line).map(|r| (r, None)),
    }
}

/// The events as a record's line writes them (`ron`'s text, written by the compact
/// writer when it can).
pub fn events_text(events: &[Event], out: &mut String) -> Result<(), String> {
    out.clear();
    if super::ron_text::write(&events, out).is_ok() {
        return Ok(());
    }
    out.clear();
    ron::ser::to_writer(out, &events).map_err(|e| e.to_string())
}

fn describe_ron(e: &ron::error::SpannedError) -> String {
    let code = e.code.to_string();
    if code.contains("variant") {
        format!("{code} (a kind of record this Sabot does not know: written by a newer version?)")
    } else {
        format!("{code} (column {})", e.span.start.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{PlayerRef, Spot};

    fn sample(seq: u64, prev: &str) -> Record {
        let op = Op::Bet { player: PlayerRef::seated(1), spot: Spot::Punto, amount: Money::units(10) };
        Record {
            v: FORMAT,
            seq,
            at: now(),
            table: "Mesa \"3\"\nB".into(),
            croupier: "Ana".into(),
            game: Game::PuntoBanca,
            body: Body::Op { op, events: vec![] },
            prev: prev.into(),
            hash: String::new(),
        }
    }

    #[test]
    fn a_record_round_trips_on_one_line() {
        let r = sample(3, GENESIS);
        let (line, hash) = encode(&r).unwrap();
        assert!(!line.contains('\n'));
        assert!(line.starts_with(&format!("Record(v:{FORMAT},seq:3,")), "{line}");
        let back = decode(line.as_bytes()).unwrap();
        assert_eq!(back.hash, hash);
        assert_eq!(Record { hash: String::new(), ..back }, r);
    }

    #[test]
    fn every_changed_byte_is_caught() {
        let (line, _) = encode(&sample(1, GENESIS)).unwrap();
        let bytes = line.as_bytes();
        for i in 0..bytes.len() {
            let mut b = bytes.to_vec();
            b[i] ^= 0x01;
            assert!(decode(&b).is_err(), "byte {i} changed and not caught");
        }
    }

    #[test]
    fn events_are_found_in_their_line() {
        let mut r = sample(2, GENESIS);
        let bet = crate::engine::Bet {
            player: PlayerRef::seated(1),
            spot: Spot::Punto,
            amount: Money::units(10),
            kind: crate::engine::BetKind::Plain,
        };
        r.table = "a,events:[x".into();
        r.body = Body::Op { op: Op::NoMoreBets, events: vec![Event::BetPlaced(bet), Event::BetsClosed] };
        let (line, _) = encode(&r).unwrap();
        let (lazy, text) = decode_lazy(line.as_bytes()).unwrap();
        let Body::Op { events, .. } = &r.body else { unreachable!() };
        let mut want = String::new();
        events_text(events, &mut want).unwrap();
        assert_eq!(text, Some(want.as_bytes()));
        assert_eq!(lazy.table, r.table);
        assert!(matches!(lazy.body, Body::Op { ref events, .. } if events.is_empty()));
    }

    #[test]
    fn times_are_read_as_chrono_reads_them() {
        let mut texts: Vec<String> = [
            "2025-05-01T22:13:05.120+02:00",
            "2025-05-01T22:13:05+02:00",
            "2026-11-21T22:32:55.248688019Z",
            "2026-11-21T22:32:55.2Z",
            "2024-02-29T00:00:00-00:00",
            "2023-02-29T00:00:00Z",
            "2025-12-31T23:59:59.999999999-11:30",
            "2025-12-31T23:59:60Z",
            "2025-12-31T23:59:59.1234567891Z",
            "2025-12-31t23:59:59Z",
            "2025-12-31 23:59:59Z",
            "2025-12-31T23:59:59+24:00",
            "2025-12-31T23:59:59+23:60",
            "2025-13-01T00:00:00Z",
            "2025-1-01T00:00:00Z",
            "2025-01-01T00:00:00.Z",
            "0000-01-01T00:00:00Z",
            "+2025-01-01T00:00:00Z",
            "2025-01-01T00:00:00+0100",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Times as Sabot writes them are read here; any other shape may be left to chrono.
        let written = [now().to_rfc3339(), now().to_utc().fixed_offset().to_rfc3339(), texts[0].clone()];
        for t in &written {
            assert!(plain_time(t.as_bytes()).is_some(), "{t}");
        }
        texts.extend(written);
        for t in &texts {
            let chrono: Option<DateTime<FixedOffset>> = t.parse().ok();
            if let Some(mine) = plain_time(t.as_bytes()) {
                assert_eq!(Some(mine), chrono, "{t}");
                assert_eq!(Some(mine.offset()), chrono.as_ref().map(|c| c.offset()), "{t}");
            }
        }
    }

    #[test]
    fn a_newer_format_is_named() {
        let r = Record { v: FORMAT + 1, ..sample(1, GENESIS) };
        let (line, _) = encode(&r).unwrap();
        assert_eq!(decode(line.as_bytes()), Err(LineError::Newer(FORMAT + 1)));
        assert!(LineError::Newer(2).to_string().contains("newer version"));
    }

    #[test]
    fn an_unknown_kind_is_named() {
        let (line, _) = encode(&sample(1, GENESIS)).unwrap();
        let content = line[..line.len() - TRAILER_LEN].replace("body:Op(", "body:Amendment(");
        let forged = format!("{content},hash:\"{}\")", sha256_hex(content.as_bytes()));
        match decode(forged.as_bytes()) {
            Err(e @ LineError::UnknownKind(_)) => assert!(e.to_string().contains("newer version"), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}
