//! The room, live, for the pit boss's floor view (`sabot floor URL`): every table's
//! open shift as the pit holds it, followed record by record (`records_from`), its
//! figures from replaying the records through the engine (`journal::summary`, the
//! same pass as `sabot report`: never a second computation), and the alarms: a table
//! silent for longer than its usual pace, records that reached the pit late, a pit
//! copy that does not verify.
//!
//! A worker thread (`Live`) polls the pit and publishes a `Snapshot` the screen
//! draws as it is: the frame never waits on the database.
//!
//! Read-only, like the rest of the pit's read side: nothing here writes to the pit.

use super::PitError;
use super::client::{PitReader, PitUrl, RefusalRow, ShiftRow};
use crate::engine::{Money, Table};
use crate::journal::summary::{self, CoupRow, Summary};
use chrono::{DateTime, FixedOffset, Utc};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the floor watches the room.
#[derive(Clone, Debug)]
pub struct FloorConfig {
    /// Time between two looks at the pit.
    pub poll: Duration,
    /// A record that reached the pit later than this after it was written is late.
    pub late_after: Duration,
    /// A table is silent when nothing came for this many of its usual gaps…
    pub silent_paces: f64,
    /// …and for at least this long.
    pub silent_min: Duration,
    /// Records asked of the pit per table and look.
    pub batch: u32,
    /// Refusals reported within this long are an alarm (a shift's length, about).
    pub refusals_within: Duration,
}

impl Default for FloorConfig {
    fn default() -> Self {
        FloorConfig {
            poll: Duration::from_millis(200),
            late_after: Duration::from_secs(5),
            silent_paces: 6.0,
            silent_min: Duration::from_secs(60),
            batch: 5000,
            refusals_within: Duration::from_secs(12 * 3600),
        }
    }
}

/// One table's open shift, as the floor shows it.
#[derive(Clone, Debug)]
pub struct TableNow {
    pub shift: ShiftRow,
    /// The shift's figures so far (the pit's records replayed); `None` before the
    /// first replay or when the records cannot be read at all (`problem`).
    pub summary: Option<Summary>,
    /// The table as its last record leaves it: what the croupier's screen shows.
    pub table: Option<Table>,
    /// All the bets staked so far, settled coups; None past the bound of an amount.
    pub drop: Option<Money>,
    /// The house's result so far: the cagnotte where a bank plays, the casino's net
    /// (commission included) in Punto y Banca.
    pub house: Money,
    /// Records held, header included.
    pub records: u64,
    /// The usual gap between two records (the median of the recent ones).
    pub pace: Option<Duration>,
    /// Records that reached the pit late, and the worst delay seen.
    pub late: u32,
    pub worst_delay: Duration,
    /// The last record written at the table (its own clock).
    pub last_at: DateTime<FixedOffset>,
    /// Why the floor could not read the shift's records (worded where it is shown).
    pub problem: Option<crate::journal::JournalError>,
    /// The shift's choosers flagged by game protection (`journal::protection`, as
    /// `sabot report`): their choices gave away more than an honest banker's could by
    /// chance.
    pub flagged: Vec<crate::analysis::protection::Verdict>,
}

impl TableNow {
    /// How long since the table's last record, by the pit's clock.
    pub fn age(&self, now: DateTime<Utc>) -> Duration {
        now.signed_duration_since(self.last_at).to_std().unwrap_or(Duration::ZERO)
    }
}

/// Something the pit boss must look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alarm {
    /// Nothing from the table for `silent`, against its usual `pace`.
    Silent { table: String, silent: Duration, pace: Duration },
    /// `count` records reached the pit late, the worst after `worst`.
    Late { table: String, count: u32, worst: Duration },
    /// The pit's copy of the shift does not verify (a record refused by the engine).
    Damaged { table: String, line: usize },
    /// The shift's records could not be read.
    Unreadable { table: String, why: crate::journal::JournalError },
    /// `count` shifts open at once under one table's name: a second laptop writing
    /// as that table, or a shift left unclosed.
    TwoShifts { table: String, count: usize },
    /// The pit refused `count` records sent for this table's shifts (another writer,
    /// or a log rewritten); the last, record `seq`, sent by `login`, for `why`.
    Refused { table: String, count: usize, seq: u64, login: String, why: String },
}

/// What the floor shows at one moment.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// Every open shift, by table name.
    pub tables: Vec<TableNow>,
    pub alarms: Vec<Alarm>,
    /// The pit's clock when this was read.
    pub read_at: Option<DateTime<Utc>>,
    /// The pit could not be read at the last look.
    pub offline: Option<PitError>,
    /// Looks at the pit so far.
    pub looks: u64,
}

/// A shift followed: its records so far, as a log's bytes.
struct Followed {
    now: TableNow,
    bytes: Vec<u8>,
    next_seq: u64,
    gaps: Vec<f64>,
    prev_at: Option<DateTime<FixedOffset>>,
}

/// The floor's memory between looks.
#[derive(Default)]
pub struct Floor {
    pub config: FloorConfig,
    followed: BTreeMap<String, Followed>,
    /// Delays (milliseconds) between a record written at a table and the floor
    /// showing it, for the benchmark.
    pub lags_ms: Vec<f64>,
    /// Keep `lags_ms` (the benchmark asks; the app does not).
    pub keep_lags: bool,
}

impl Floor {
    pub fn new(config: FloorConfig) -> Floor {
        Floor { config, ..Floor::default() }
    }

    /// Looks at the pit once: the open shifts, each one's new records, replayed.
    pub fn look(&mut self, reader: &mut PitReader, url: &PitUrl) -> Result<Snapshot, PitError> {
        let rows: Vec<ShiftRow> = super::read::open_shifts(reader, url)?;
        let read_at = rows.first().map(|r| r.read_at);
        self.followed.retain(|id, _| rows.iter().any(|r| &r.shift_id == id));
        for row in rows {
            let f = self.followed.entry(row.shift_id.clone()).or_insert_with(|| Followed {
                now: TableNow {
                    shift: row.clone(),
                    summary: None,
                    table: None,
                    drop: Some(Money::ZERO),
                    house: Money::ZERO,
                    records: 0,
                    pace: None,
                    late: 0,
                    worst_delay: Duration::ZERO,
                    last_at: row.last_at,
                    problem: None,
                    flagged: Vec::new(),
                },
                bytes: Vec::new(),
                next_seq: 0,
                gaps: Vec::new(),
                prev_at: None,
            });
            f.now.shift = row.clone();
            if row.last_seq < f.next_seq {
                continue;
            }
            let mut grew = false;
            loop {
                let batch = reader.records_from(&row.shift_id, f.next_seq, self.config.batch)?;
                let got = batch.len();
                for r in batch {
                    if r.seq != f.next_seq {
                        break;
                    }
                    f.bytes.extend_from_slice(r.line.as_bytes());
                    f.bytes.push(b'\n');
                    f.next_seq += 1;
                    grew = true;
                    let delay = r.received.signed_duration_since(r.at).to_std().unwrap_or(Duration::ZERO);
                    if delay > self.config.late_after {
                        f.now.late += 1;
                    }
                    f.now.worst_delay = f.now.worst_delay.max(delay);
                    if let Some(prev) = f.prev_at {
                        let gap = r.at.signed_duration_since(prev).num_milliseconds() as f64 / 1000.0;
                        f.gaps.push(gap.max(0.0));
                        if f.gaps.len() > 64 {
                            f.gaps.remove(0);
                        }
                    }
                    f.prev_at = Some(r.at);
                    f.now.last_at = r.at;
                }
                if got < self.config.batch as usize {
                    break;
                }
            }
            if grew {
                replay(f);
                if self.keep_lags {
                    let now = Utc::now();
                    let lag = now.signed_duration_since(f.now.last_at).num_microseconds().unwrap_or(0) as f64 / 1000.0;
                    self.lags_ms.push(lag);
                }
            }
        }
        let mut tables: Vec<TableNow> = self.followed.values().map(|f| f.now.clone()).collect();
        tables.sort_by(|a, b| a.shift.table_name.cmp(&b.shift.table_name));
        let now = read_at.unwrap_or_else(Utc::now);
        let since = chrono::Duration::from_std(self.config.refusals_within).map_or(now, |d| now - d);
        let refusals = reader.refusals(since)?;
        let mut alarms = refused(&refusals);
        alarms.extend(self::alarms(&self.config, &tables, now));
        Ok(Snapshot { tables, alarms, read_at: Some(now), offline: None, looks: 0 })
    }
}

/// The followed shift's records replayed through the engine: its summary and table.
fn replay(f: &mut Followed) {
    let path = PathBuf::from(format!("pit:{}", f.now.shift.table_name));
    // The drop is a sum of what the engine took: past the bound of an amount it is
    // not shown (None), never clipped.
    let mut drop = Some(Money::ZERO);
    let mut each = |c: CoupRow| drop = drop.and_then(|d| d.checked_add(c.staked).ok());
    let mut src = std::io::Cursor::new(f.bytes.as_slice());
    match summary::summarise_with_table(&path, &mut src, f.bytes.len() as u64, Some(&mut each)) {
        Ok((s, table)) => {
            f.now.house = if s.game.has_bank() { s.reconciliation.cagnotte } else { s.house_net };
            f.now.records = s.records;
            f.now.summary = Some(s);
            f.now.table = table;
            f.now.problem = None;
        }
        Err(e) => f.now.problem = Some(e),
    }
    // Game protection: the records weighed again, as `sabot report` weighs a log.
    if f.now.summary.as_ref().is_some_and(|s| s.game.has_bank()) {
        let mut src = std::io::Cursor::new(f.bytes.as_slice());
        let opts = crate::analysis::protection::Options::default();
        if let Ok(p) = crate::journal::protection::weigh_from(&path, &mut src, opts) {
            f.now.flagged = p.verdicts.into_iter().filter(|v| v.flagged).collect();
        }
    }
    f.now.drop = drop;
    let mut gaps = f.gaps.clone();
    gaps.sort_by(f64::total_cmp);
    f.now.pace = gaps.get(gaps.len() / 2).map(|g| Duration::from_secs_f64(*g));
}

/// The refusals reported, one alarm a table: how many, and the last.
fn refused(rows: &[RefusalRow]) -> Vec<Alarm> {
    let mut by_table: BTreeMap<&str, (usize, &RefusalRow)> = BTreeMap::new();
    for r in rows {
        let e = by_table.entry(r.table_name.as_str()).or_insert((0, r));
        e.0 += 1;
        e.1 = r;
    }
    by_table
        .into_iter()
        .map(|(table, (count, last))| Alarm::Refused {
            table: table.to_string(),
            count,
            seq: last.seq,
            login: last.login.clone(),
            why: last.why.clone(),
        })
        .collect()
}

/// The alarms of the room at `now` (the pit's clock), the worst first.
pub fn alarms(config: &FloorConfig, tables: &[TableNow], now: DateTime<Utc>) -> Vec<Alarm> {
    let mut out = Vec::new();
    let mut named: BTreeMap<&str, usize> = BTreeMap::new();
    for t in tables {
        *named.entry(t.shift.table_name.as_str()).or_insert(0) += 1;
    }
    for (table, count) in named.into_iter().filter(|(_, n)| *n > 1) {
        out.push(Alarm::TwoShifts { table: table.to_string(), count });
    }
    for t in tables {
        let table = t.shift.table_name.clone();
        if let Some(why) = &t.problem {
            out.push(Alarm::Unreadable { table: table.clone(), why: why.clone() });
        }
        if let Some(summary::Integrity::Damaged { line, .. }) = t.summary.as_ref().map(|s| &s.integrity) {
            out.push(Alarm::Damaged { table: table.clone(), line: *line });
        }
        if let Some(pace) = t.pace {
            let silent = t.age(now);
            if silent > config.silent_min && silent.as_secs_f64() > pace.as_secs_f64() * config.silent_paces {
                out.push(Alarm::Silent { table: table.clone(), silent, pace });
            }
        }
        if t.late > 0 {
            out.push(Alarm::Late { table, count: t.late, worst: t.worst_delay });
        }
    }
    out
}

/// The floor on its own thread, publishing a `Snapshot` after every look.
pub struct Live {
    snapshot: Arc<Mutex<Arc<Snapshot>>>,
    stop: Arc<AtomicBool>,
    lags: Arc<Mutex<Vec<f64>>>,
}

impl Live {
    /// Starts watching the pit at `url`; `wake` is called after each look that
    /// changed something (the screen asks for a frame).
    pub fn start(url: PitUrl, config: FloorConfig, keep_lags: bool, wake: Box<dyn Fn() + Send>) -> Live {
        let snapshot = Arc::new(Mutex::new(Arc::new(Snapshot::default())));
        let stop = Arc::new(AtomicBool::new(false));
        let lags = Arc::new(Mutex::new(Vec::new()));
        let (snap, halt, lag_out) = (Arc::clone(&snapshot), Arc::clone(&stop), Arc::clone(&lags));
        let spawned = std::thread::Builder::new().name("sabot-floor".into()).spawn(move || {
            let mut floor = Floor::new(config.clone());
            floor.keep_lags = keep_lags;
            let mut reader: Option<PitReader> = None;
            let mut looks = 0u64;
            while !halt.load(Ordering::Relaxed) {
                let started = Instant::now();
                let looked = match reader.as_mut() {
                    Some(r) => floor.look(r, &url),
                    None => PitReader::connect(&url).and_then(|mut r| {
                        let s = floor.look(&mut r, &url);
                        reader = Some(r);
                        s
                    }),
                };
                looks += 1;
                let next = match looked {
                    Ok(mut s) => {
                        s.looks = looks;
                        s
                    }
                    Err(e) => {
                        reader = None;
                        let mut s = snap.lock().map(|s| (**s).clone()).unwrap_or_default();
                        s.offline = Some(e);
                        s.looks = looks;
                        s
                    }
                };
                if let Ok(mut slot) = snap.lock() {
                    *slot = Arc::new(next);
                }
                if keep_lags && let Ok(mut l) = lag_out.lock() {
                    l.append(&mut floor.lags_ms);
                }
                wake();
                let spent = started.elapsed();
                if spent < config.poll {
                    std::thread::sleep(config.poll - spent);
                }
            }
        });
        if let Err(e) = spawned
            && let Ok(mut slot) = snapshot.lock()
        {
            let s = Snapshot { offline: Some(PitError::NoThread(e.to_string())), ..Snapshot::default() };
            *slot = Arc::new(s);
        }
        Live { snapshot, stop, lags }
    }

    /// What the floor shows now.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.lock().map(|s| Arc::clone(&s)).unwrap_or_default()
    }

    /// The lags measured since the last call (milliseconds; the benchmark's).
    pub fn take_lags(&self) -> Vec<f64> {
        self.lags.lock().map(|mut l| std::mem::take(&mut *l)).unwrap_or_default()
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.stop();
    }
}
