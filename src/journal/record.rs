//! The records of a shift log and their one-line framing.
//!
//! A record is one line of RON ending in its own hash:
//!
//! ```text
//! Record(v:1,seq:7,at:"2025-05-01T22:13:05.120+02:00",table:"Mesa 3",croupier:"Ana",game:PuntoBanca,body:Op(...),prev:"<64 hex>",hash:"<64 hex>")
//! ```
//!
//! `hash` is the SHA-256 of every byte of the line before `,hash:"` (so it covers
//! `prev`, the hash of the record before): an edited byte breaks the record's own
//! hash, and a record rewritten with a fresh hash breaks the next record's `prev`.
//! The first record (`seq` 0) is the header; its `prev` is 64 zeros.

use crate::engine::settings::BadSettings;
use crate::engine::{Event, Game, Money, Op, ShiftTotals, Shoe, Table, TableSettings};
use chrono::{DateTime, FixedOffset};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The log format this Sabot writes and the newest it reads. Bump it when a record
/// changes in a way an older Sabot cannot read (a new `Body` kind, a new `Op` or
/// `Event` variant written to logs).
pub const FORMAT: u32 = 1;

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
        match self.start {
            Start::Ready => Table::new(self.settings.clone(), self.bank, self.shoe.clone()),
            Start::Live => Table::start(self.settings.clone()),
        }
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
    let body = ron::to_string(record).map_err(|e| e.to_string())?;
    // `ron` writes `(v:…,prev:"…")`; the line is `Record(v:…,prev:"…",hash:"…")`.
    let Some(inner) = body.strip_suffix(')') else {
        return Err("the record did not serialize as a struct".into());
    };
    let mut line = String::with_capacity(body.len() + 6 + TRAILER_LEN);
    line.push_str("Record");
    line.push_str(inner);
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
    Ok((line, hash))
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
    /// The hash matches but the record cannot be read (an unknown kind, say).
    Ron(String),
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
    if sha256_hex(content).as_bytes() != hash {
        return Err(LineError::Hash);
    }
    if v > FORMAT {
        return Err(LineError::Newer(v));
    }
    Ok(())
}

fn parse(line: &[u8]) -> Result<Record, LineError> {
    let text = std::str::from_utf8(line).map_err(|_| LineError::Ron("not UTF-8 text".into()))?;
    let record: Record = ron::from_str(text).map_err(|e| LineError::Ron(describe_ron(&e)))?;
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
    let start = line[..end].windows(key.len()).rposition(|w| w == key)? + key.len();
    (line.get(start) == Some(&b'[') && line[..start].windows(10).any(|w| w == b",body:Op(o")).then_some((start, end))
}

/// As `decode`, but an operation's events are not read: they come back as their
/// RON text (to compare with the events the engine makes, much faster than
/// reading them), and `body`'s `events` is empty. Other records are read whole.
pub fn decode_lazy(line: &[u8]) -> Result<(Record, Option<&[u8]>), LineError> {
    check_frame(line)?;
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

/// The events as a record's line writes them.
pub fn events_text(events: &[Event], out: &mut String) -> Result<(), String> {
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
        assert!(line.starts_with("Record(v:1,seq:3,"), "{line}");
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
            Err(LineError::Ron(m)) => assert!(m.contains("newer version"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
