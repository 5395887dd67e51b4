//! The floor's memory with one table's login sending the largest it may (issue 51):
//! what `pit::floor` holds while it follows a room that one login filled, against a
//! PostgreSQL started here. Target: under 300 MB whatever one login sends.
//!
//! The login («Mesa 1», bound to it by the pit boss) opens `SHIFTS` shifts under its
//! table's name, its croupier's name the longest the pit takes (`MAX_NAME`), and
//! sends into each the largest records the pit takes (`MAX_RECORD` bytes, every text
//! `MAX_TEXT`): `RECORDS` of them a shift, shaped as records the engine cannot replay.
//! Its newest shift is a valid one: 200 coups, 1,000 amendments of the longest
//! reason the engine takes (500 bytes), then `VALID` «resumed» records of the longest
//! software's name the pit takes, each of which a summary would keep. The rows go in past the trigger (as the owner, a replica's
//! session: the pit's checks are `tests/pit_bounds.rs`'s, this is the floor's
//! weight), the shifts' rows set as the trigger would.
//!
//! The floor (`pit::floor::Floor`, the app's settings) then follows the room until it
//! has read everything; the benchmark prints, as a Markdown row, the lines in the pit,
//! the floor's peak heap (every allocation counted, all threads) and its peak
//! resident memory (`VmHWM`, reset before the floor starts), and criterion times one
//! look at the room caught up. `cargo bench --bench floor_memory`;
//! `SABOT_FLOOR_MEMORY=SHIFTS,RECORDS,VALID` changes the room (20,100,20000 by
//! default); under `cargo test --benches` a small room (2,3,200).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

#[path = "support/counting.rs"]
mod counting;
#[path = "../tests/pg/mod.rs"]
mod pg;

use criterion::Criterion;
use sabot::engine::{Game, Op, TableSettings};
use sabot::journal::bounds::{MAX_NAME, MAX_RECORD, MAX_TEXT};
use sabot::journal::{Body, Header, Resumed, record};
use sabot::pit::floor::{Floor, FloorConfig};
use sabot::pit::{self, PitReader, PitUrl};
use std::time::Duration;

/// This process's peak resident memory (`VmHWM`, kB), Linux only.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets the peak resident memory to what is resident now (Linux: `clear_refs` 5).
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// A record line, `bytes` long, of the shift `head` (its table, croupier and game as
/// the header's line writes them), chained onto `prev`: an operation the engine does
/// not know, made of texts of `MAX_TEXT` bytes. Its line and hash.
fn largest(seq: u64, common: &str, prev: &str) -> (String, String) {
    use sha2::Digest;
    let at = record::now().to_rfc3339();
    let line = |body: &str| format!("Record(v:7,seq:{seq},at:\"{at}\",{common},body:{body},prev:\"{prev}\"");
    let empty = line("Op(op:Flood,events:[])").len() + 73;
    let mut room = MAX_RECORD - empty;
    let mut texts = Vec::new();
    while room > MAX_TEXT + 3 {
        texts.push(format!("\"{}\"", "x".repeat(MAX_TEXT)));
        room -= MAX_TEXT + 3;
    }
    texts.push(format!("\"{}\"", "y".repeat(room.saturating_sub(3))));
    let head = line(&format!("Op(op:Flood,events:[{}])", texts.join(",")));
    let hash: String = sha2::Sha256::digest(head.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    (format!("{head},hash:\"{hash}\")"), hash)
}

/// Writes `lines` (a shift's, its header first) into the pit as `login` had sent them,
/// past the trigger, and sets the shift's row as the trigger would have.
fn put(owner: &mut postgres::Client, login: &str, lines: &[String]) -> usize {
    let head = record::decode(lines[0].as_bytes()).expect("header");
    let Body::Header(h) = &head.body else { panic!("a header") };
    let mut tx = owner.transaction().expect("tx");
    tx.batch_execute("SET LOCAL session_replication_role = replica").expect("replica");
    let last = lines.len() as i64 - 1;
    let common = format!("{:?},{:?},{:?}", head.table, head.croupier, head.game);
    tx.execute(
        "INSERT INTO sabot.shifts (shift_id, table_name, croupier, game, training, started, opened_by, last_seq, \
         last_hash, last_at, last_received, common) VALUES ($1, $2, $3, 'banque', false, $4, $5, 0, $1, $4, now(), $6)",
        &[&head.hash, &h.table, &h.croupier, &h.started, &login, &common],
    )
    .expect("the shift");
    let mut bytes = 0;
    for (i, line) in lines.iter().enumerate() {
        let r = record::decode(line.as_bytes()).ok();
        let (at, hash, prev) = match &r {
            Some(r) => (r.at, r.hash.clone(), r.prev.clone()),
            None => {
                let tail = &line[line.len() - 145..];
                (record::now(), tail[79..143].to_string(), tail[7..71].to_string())
            }
        };
        let kind = if i == 0 { "header" } else { "op" };
        tx.execute(
            "INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[&head.hash, &(i as i64), &at, &hash, &prev, &kind, line],
        )
        .expect("a record");
        bytes += line.len();
    }
    let last_hash = record::decode(lines[lines.len() - 1].as_bytes()).map(|r| r.hash).unwrap_or_default();
    tx.execute(
        "UPDATE sabot.shifts SET last_seq = $2, last_hash = $3 WHERE shift_id = $1",
        &[&head.hash, &last, &last_hash],
    )
    .expect("the shift's row");
    tx.commit().expect("commit");
    bytes
}

/// A shift of «Mesa 1» whose croupier's name is the longest the pit takes, started
/// `ago` minutes ago: its header, and `records` of the largest records after it.
fn flooded(n: usize, ago: i64, records: u64) -> Vec<String> {
    let mut h =
        Header::live("Mesa 1", &format!("{n:02}{}", "Ñ".repeat(MAX_NAME - 2)), TableSettings::new(Game::Banque), false);
    h.started -= chrono::Duration::minutes(ago);
    let r = record::Record {
        v: record::FORMAT,
        seq: 0,
        at: h.started,
        table: h.table.clone(),
        croupier: h.croupier.clone(),
        game: Game::Banque,
        body: Body::Header(h.clone()),
        prev: record::GENESIS.to_string(),
        hash: String::new(),
    };
    let (line, mut prev) = record::encode(&r).expect("header");
    let common = format!("table:{:?},croupier:{:?},game:Banque", h.table, h.croupier);
    let mut lines = vec![line];
    for seq in 1..=records {
        let (l, hash) = largest(seq, &common, &prev);
        lines.push(l);
        prev = hash;
    }
    lines
}

/// The newest shift: 200 coups played, 1,000 amendments of 500 bytes (the most the
/// engine takes), then `valid` «resumed» records of the longest software's name the
/// pit takes, each a record the engine takes and a summary keeps.
fn valid(valid: u32) -> Vec<String> {
    let header = Header::live("Mesa 1", &"Ñ".repeat(MAX_NAME), TableSettings::new(Game::Banque), false);
    let table = header.table().expect("table");
    let mut out = Vec::new();
    let mut sink = Lines { header: header.clone(), table, prev: record::GENESIS.to_string(), seq: 0, out: &mut out };
    sink.push(Body::Header(header));
    let mut sim = sabot::sim::Simulator::new(Game::Banque, 3).expect("sim");
    sim.run(200, &mut sink).expect("coups");
    for i in 0..1000 {
        let op = Op::Amend { coup: 1 + i % 200, reason: format!("{i:06}{}", "r".repeat(494)) };
        let events = sink.table.play(&op).expect("an amendment");
        sink.push(Body::Op { op, events });
    }
    for _ in 0..valid {
        sink.push(Body::Resumed(Resumed { software: "s".repeat(MAX_TEXT), set_aside: None }));
    }
    out
}

/// Records written as a log's lines, chained.
struct Lines<'a> {
    header: Header,
    /// The table as the records leave it.
    table: sabot::engine::Table,
    prev: String,
    seq: u64,
    out: &'a mut Vec<String>,
}

impl Lines<'_> {
    fn push(&mut self, body: Body) {
        let r = record::Record {
            v: record::FORMAT,
            seq: self.seq,
            at: self.header.started,
            table: self.header.table.clone(),
            croupier: self.header.croupier.clone(),
            game: self.header.settings.game,
            body,
            prev: std::mem::take(&mut self.prev),
            hash: String::new(),
        };
        let (line, hash) = record::encode(&r).expect("encode");
        self.out.push(line);
        self.prev = hash;
        self.seq += 1;
    }
}

impl sabot::sim::OpSink for Lines<'_> {
    fn record(&mut self, op: &Op, events: &[sabot::engine::Event]) -> Result<(), sabot::sim::SinkFailed> {
        self.table.apply(events);
        self.push(Body::Op { op: op.clone(), events: events.to_vec() });
        Ok(())
    }
}

fn main() {
    let Some(bin) = pg::available() else { return };
    let args: Vec<String> = std::env::args().collect();
    let quick = !args.iter().any(|a| a == "--bench") || args.iter().any(|a| a == "--test");
    let (shifts, records, amendments): (usize, u64, u32) = match std::env::var("SABOT_FLOOR_MEMORY").ok() {
        Some(spec) => {
            let v: Vec<&str> = spec.split(',').map(str::trim).collect();
            assert_eq!(v.len(), 3, "SABOT_FLOOR_MEMORY=SHIFTS,RECORDS,VALID");
            (v[0].parse().expect("shifts"), v[1].parse().expect("records"), v[2].parse().expect("valid"))
        }
        None if quick => (2, 3, 200),
        None => (20, 100, 20_000),
    };
    let cluster = pg::Cluster::start(&bin, true).expect("cluster");
    let db = cluster.fresh_db("floor_memory").expect("db");
    let owner_url = cluster.url(&db);
    pit::init(&PitUrl::parse(&owner_url).expect("url")).expect("init");
    let (mesa1, _, jefe) = cluster.pit_logins(&db);
    let login = mesa1.split("://").nth(1).and_then(|r| r.split('@').next()).expect("user").to_string();
    let mut owner = postgres::Client::connect(&owner_url, postgres::NoTls).expect("owner");
    let mut in_pit = 0usize;
    for n in 0..shifts {
        in_pit += put(&mut owner, &login, &flooded(n, 60 + n as i64, records));
    }
    in_pit += put(&mut owner, &login, &valid(amendments));
    drop(owner);

    let url = PitUrl::parse(&jefe).expect("url");
    let mut reader = PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    reset_peak_rss();
    let rss_before = peak_rss_kb();
    let (snap, heap) = counting::peak_of(|| {
        let mut snap = floor.look(&mut reader, &url).expect("look");
        // Looks until the room is read (a look reads every shift to its last record).
        for _ in 0..3 {
            snap = floor.look(&mut reader, &url).expect("look");
        }
        snap
    });
    let rss = peak_rss_kb().zip(rss_before).map(|(a, b)| (a, a.saturating_sub(b)));
    let followed = snap.tables.len();
    let mb = |b: usize| b as f64 / 1e6;
    println!(
        "| shifts of one login | largest records each | valid records after 200 coups | lines in the pit | shifts followed | floor peak heap | process peak RSS |"
    );
    println!("|---|---|---|---|---|---|---|");
    println!(
        "| {} | {records} | {} | {:.1} MB | {followed} | {:.1} MB | {} |",
        shifts + 1,
        amendments + 1000,
        mb(in_pit),
        mb(heap),
        rss.map_or("—".into(), |(a, grew)| format!(
            "{:.1} MB ({:+.1} MB while the floor read)",
            a as f64 / 1e3,
            grew as f64 / 1e3
        )),
    );
    assert!(heap < 300_000_000, "the floor's heap past 300 MB: {heap}");
    let mut c = Criterion::default().configure_from_args().sample_size(10).measurement_time(Duration::from_secs(3));
    c.bench_function(&format!("floor: one look at a room one login filled ({:.0} MB of lines)", mb(in_pit)), |b| {
        b.iter(|| floor.look(&mut reader, &url).expect("look"))
    });
    c.final_summary();
}
