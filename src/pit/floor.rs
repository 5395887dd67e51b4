//! The room, live, for the pit boss's floor view (`sabot floor URL`): every table's
//! open shift as the pit holds it, followed record by record, its figures from
//! replaying the records through the engine (`reports::summary::Follower`, the same
//! pass as `sabot report`: never a second computation; each record replayed once, a
//! look taking only what came since the last), and the alarms: a table
//! silent for longer than its usual pace, records that reached the pit late, a pit
//! copy that does not verify.
//!
//! A worker thread (`Live`) polls the pit and publishes a `Snapshot` the screen
//! draws as it is: the frame never waits on the database, and is asked for only
//! after a look that changed something. Every age is the pit's clock: how long ago
//! the record arrived in the pit (its `received`, the server's clock), against the
//! pit's clock now (read in the same query as the shifts, carried forward by this
//! computer's monotonic clock since the look): a snapshot that is behind says by how
//! much (`Snapshot::behind`). A look that gets no answer within `answer_within` is
//! the pit offline, said at once, even while the look still hangs.
//!
//! The alarms (`floor_alarms`) come by class, a refusal first, always; each is kept
//! in the pit with its marks (`floor_marks`: raised, seen, acknowledged, who and
//! when), so that every pit boss's floor shows the same, and an acknowledged alarm
//! leaves the alarms (a refusal's table keeps its red row until then, its shift
//! closed or not).
//!
//! The floor writes nothing to the pit but those marks (`sabot.mark_alarm`, a pit
//! boss's login).

use super::PitError;
use super::client::{PitReader, PitRecord, ShiftRow};
use super::floor_alarms::Refusals;
pub use super::floor_alarms::{Alarm, Class, alarms};
use super::floor_marks::Marks;
pub use super::floor_marks::{AlarmKey, AlarmMarks, Mark, MarkKind};
pub use super::floor_table::{FloorConfig, TableNow};
use super::url::PitUrl;
use crate::engine::Money;
use crate::journal::scan::{FollowStop, Restart};
use crate::reports::summary;
use chrono::{DateTime, FixedOffset, Utc};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the floor shows at one moment.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// Every open shift, by table name.
    pub tables: Vec<TableNow>,
    pub alarms: Vec<Alarm>,
    /// The pit's clock when this was read.
    pub read_at: Option<DateTime<Utc>>,
    /// This computer's monotonic clock when this was read (`read_at` carried forward).
    pub read_when: Option<Instant>,
    /// The pit could not be read at the last look.
    pub offline: Option<PitError>,
    /// Looks at the pit so far.
    pub looks: u64,
    /// Refusal groups left out past `FloorConfig::refusal_groups`.
    pub refusals_more: usize,
    /// The marks the pit keeps of the alarms shown (an acknowledged alarm is not
    /// among `alarms`).
    pub marks: BTreeMap<AlarmKey, AlarmMarks>,
    /// The pit holds no alarm marks (older than schema 8): nothing can be acknowledged.
    pub marks_missing: bool,
    /// The last mark asked of the pit that it did not take (a table's login, a pit
    /// gone away), for the screen to say.
    pub mark_failed: Option<PitError>,
}

impl Snapshot {
    /// The pit's clock now: its clock at the look, carried forward by this computer's
    /// monotonic clock (a computer's wall clock set wrong changes nothing).
    pub fn pit_now(&self) -> Option<DateTime<Utc>> {
        let at = self.read_at?;
        let since = self.read_when.map_or(Duration::ZERO, |w| w.elapsed());
        Some(chrono::Duration::from_std(since).map_or(at, |d| at + d))
    }

    /// How long ago the pit was read: everything shown is at least this far behind.
    pub fn behind(&self) -> Duration {
        self.read_when.map_or(Duration::ZERO, |w| w.elapsed())
    }

    /// What the pit boss sees, without the ages that tick: a look that changes it
    /// asks the screen for a frame (`Live`), one that does not, does not.
    fn seen(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .tables
            .iter()
            .map(|t| format!("{}|{}|{}|{}", t.shift.shift_id, t.records, t.late, t.problem.is_some()))
            .collect();
        // An alarm without what changes at every look (how long a table has been
        // silent): its key and its marks.
        out.extend(self.marks.iter().map(|(k, m)| format!("{k:?}|{m:?}")));
        out.push(format!("{:?}|{}|{:?}", self.offline, self.refusals_more, self.mark_failed));
        out
    }
}

/// A shift followed: its records so far, each read once (`summary::Follower`), and
/// the records that came since the last replay.
struct Followed {
    now: TableNow,
    follower: summary::Follower,
    /// Records taken from the pit and not yet replayed, as a log's lines.
    fresh: Vec<u8>,
    /// A record stopped the replay for good (`now.problem` says which): the shift's
    /// further records are not read.
    stopped: bool,
    next_seq: u64,
    gaps: Vec<f64>,
    prev_at: Option<DateTime<FixedOffset>>,
    /// The settled coups when the choices were last weighed: weighed again only when
    /// a coup has settled since (a choice is weighed once its coup is known).
    weighed_coups: Option<u32>,
}

/// The floor's memory between looks.
#[derive(Default)]
pub struct Floor {
    pub config: FloorConfig,
    followed: BTreeMap<String, Followed>,
    /// Refusals read so far, by table and kind (at most `config.refusal_groups`),
    /// and the last row read: each look reads only what came since.
    refusals: Refusals,
    marks: Marks,
    /// Delays (milliseconds) between a record written at a table and the floor
    /// showing it, for the benchmark.
    pub lags_ms: Vec<f64>,
    /// Keep `lags_ms` (the benchmark asks; the app does not).
    pub keep_lags: bool,
    /// The most bytes of lines taken from the pit and not replayed yet held at once.
    peak_held: usize,
}

impl Floor {
    pub fn new(config: FloorConfig) -> Floor {
        Floor { config, ..Floor::default() }
    }

    /// Bytes of lines taken from the pit and not replayed yet: now, and the most at
    /// once so far (a batch's, `FloorConfig::batch_bytes`; the tests and the
    /// benchmark read it).
    pub fn held_bytes(&self) -> (usize, usize) {
        (self.held_now(), self.peak_held)
    }

    fn held_now(&self) -> usize {
        self.followed.values().map(|f| f.fresh.len()).sum()
    }

    /// Looks at the pit once: the open shifts, each one's new records, replayed; the
    /// alarms, a refusal first, and their marks.
    pub fn look(&mut self, reader: &mut PitReader, url: &PitUrl) -> Result<Snapshot, PitError> {
        let all: Vec<ShiftRow> = super::read::open_shifts(reader, url)?;
        // The pit's clock as read in that query, and this computer's clock at the
        // answer: ages carried forward from here, whatever the rest of the look takes
        // (the clock read after the replay made every record seconds old read «0 s»).
        let mut read_when = Instant::now();
        let read_at = all.first().map(|r| r.read_at);
        let (rows, open) = newest_per_table(all, self.config.shifts_per_table);
        self.follow_rows(rows);
        // Every shift's new records, a bounded batch a question to the pit, each grown
        // shift replayed after each batch (what it took freed at once).
        let grown = self.follow_all(reader, url)?;
        if self.keep_lags {
            for id in grown {
                let Some(f) = self.followed.get(&id) else { continue };
                let now = Utc::now();
                let lag = now.signed_duration_since(f.now.last_at).num_microseconds().unwrap_or(0) as f64 / 1000.0;
                self.lags_ms.push(lag);
            }
        }
        let mut tables: Vec<TableNow> = self.followed.values().map(|f| f.now.clone()).collect();
        tables.sort_by(|a, b| a.shift.table_name.cmp(&b.shift.table_name));
        let now = match read_at {
            Some(at) => at,
            None => {
                let at = pit_clock(reader, url)?;
                read_when = Instant::now();
                at
            }
        };
        let acked = self.marks.read(reader, url)?;
        self.refusals.read(reader, url, &self.config, &self.marks, &acked)?;
        let (alarms, marks) = self.alarms_now(&tables, &open, now);
        Ok(Snapshot {
            tables,
            alarms,
            read_at: Some(now),
            read_when: Some(read_when),
            looks: 0,
            offline: None,
            refusals_more: self.refusals.more,
            marks,
            marks_missing: self.marks.missing,
            mark_failed: None,
        })
    }

    /// The open shifts to follow: the ones gone left, new ones followed from their
    /// first record.
    fn follow_rows(&mut self, rows: Vec<ShiftRow>) {
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
                    arrived: row.last_received,
                    problem: None,
                    flagged: Vec::new(),
                },
                follower: follower(&row.table_name, Restart::default()),
                fresh: Vec::new(),
                stopped: false,
                next_seq: 0,
                gaps: Vec::new(),
                prev_at: None,
                weighed_coups: None,
            });
            f.now.shift = row;
        }
    }

    /// The room's alarms at `now`, by class (a refusal first, always), those a pit
    /// boss acknowledged left out; the marks of those shown.
    fn alarms_now(
        &self,
        tables: &[TableNow],
        open: &BTreeMap<String, usize>,
        now: DateTime<Utc>,
    ) -> (Vec<Alarm>, BTreeMap<AlarmKey, AlarmMarks>) {
        let mut all = self.refusals.alarms();
        all.extend(alarms(&self.config, tables, open, now));
        // Stable: within a class, the order they came in (refusals newest first).
        all.sort_by_key(Alarm::class);
        let mut marks = BTreeMap::new();
        let mut shown = Vec::with_capacity(all.len());
        for a in all {
            let key = a.key();
            let m = self.marks.of(&key).cloned().unwrap_or_default();
            if m.acknowledged.is_some() && a.class() != Class::Refused {
                continue;
            }
            marks.insert(key, m);
            shown.push(a);
        }
        (shown, marks)
    }

    /// Marks an alarm in the pit (`floor_marks::mark`): the mark as the pit keeps it.
    pub fn mark(
        &mut self,
        reader: &mut PitReader,
        url: &PitUrl,
        alarm: &AlarmKey,
        kind: MarkKind,
    ) -> Result<Mark, PitError> {
        super::floor_marks::mark(reader, url, alarm, kind)
    }

    /// Reads the new records of every followed shift the pit holds more of (a shift
    /// whose replay stopped for good is read no further), a batch a query: at most
    /// `config.batch` records and `config.batch_bytes` bytes of lines (a longer record
    /// alone), in order; each batch replayed before the next is asked for, so that the
    /// floor never holds more than one batch of lines. The shifts that grew.
    fn follow_all(&mut self, reader: &mut PitReader, url: &PitUrl) -> Result<Vec<String>, PitError> {
        let mut grown: Vec<String> = Vec::new();
        loop {
            let (ids, from): (Vec<String>, Vec<i64>) = self
                .followed
                .iter()
                .filter(|(_, f)| !f.stopped && f.now.shift.last_seq >= f.next_seq)
                .map(|(id, f)| (id.clone(), i64::try_from(f.next_seq).unwrap_or(i64::MAX)))
                .unzip();
            if ids.is_empty() {
                return Ok(grown);
            }
            let (batch, bytes) = (i64::from(self.config.batch), i64::from(self.config.batch_bytes));
            let rows = reader.call(move |c| {
                c.query(
                    // The records' sizes first (no line carried), their lines only for
                    // those within the batch's bytes.
                    "WITH picked AS ( \
                       SELECT w.id AS shift_id, r.seq, sum(r.n) OVER (ORDER BY w.id, r.seq) - r.n AS before \
                         FROM unnest($1::text[], $2::bigint[]) AS w(id, from_seq) \
                        CROSS JOIN LATERAL (SELECT x.seq, octet_length(x.line) AS n FROM sabot.records x \
                                             WHERE x.shift_id = w.id AND x.seq >= w.from_seq \
                                             ORDER BY x.seq LIMIT $3) r) \
                     SELECT x.shift_id, x.seq, x.at, x.hash, x.prev, x.line, x.received \
                       FROM picked p JOIN sabot.records x ON x.shift_id = p.shift_id AND x.seq = p.seq \
                      WHERE p.before < $4 ORDER BY p.shift_id, p.seq LIMIT $3",
                    &[&ids, &from, &batch, &bytes],
                )
            })?;
            let e = |e: postgres::Error| super::url::db_error(url, &e);
            let mut took: Vec<String> = Vec::new();
            for row in rows {
                let id: String = row.try_get(0).map_err(e)?;
                let r = PitRecord::from_row(&row, 1, url)?;
                if let Some(f) = self.followed.get_mut(&id)
                    && take(f, r, &self.config)
                    && !took.contains(&id)
                {
                    took.push(id);
                }
            }
            self.peak_held = self.peak_held.max(self.held_now());
            // A batch that brought nothing new ends the look (a record the pit lacks
            // is never waited on here).
            if took.is_empty() {
                return Ok(grown);
            }
            for id in took {
                if let Some(f) = self.followed.get_mut(&id) {
                    replay(f);
                }
                if !grown.contains(&id) {
                    grown.push(id);
                }
            }
        }
    }
}

/// The open shifts to follow, at most `most` a table's name (its newest: `rows` come
/// by table and start), and how many are open under each name.
fn newest_per_table(rows: Vec<ShiftRow>, most: usize) -> (Vec<ShiftRow>, BTreeMap<String, usize>) {
    let mut open: BTreeMap<String, usize> = BTreeMap::new();
    for r in &rows {
        *open.entry(r.table_name.clone()).or_insert(0) += 1;
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut kept: Vec<ShiftRow> = rows
        .into_iter()
        .rev()
        .filter(|r| {
            let n = seen.entry(r.table_name.clone()).or_insert(0);
            *n += 1;
            *n <= most.max(1)
        })
        .collect();
    kept.reverse();
    (kept, open)
}

/// The pit's clock (when the room is empty, no shift row carries it).
fn pit_clock(reader: &mut PitReader, url: &PitUrl) -> Result<DateTime<Utc>, PitError> {
    let row = reader.call(|c| c.query_one("SELECT clock_timestamp()", &[]))?;
    row.try_get(0).map_err(|e| super::url::db_error(url, &e))
}

/// A record read from the pit, taken into its followed shift if it is the next one.
fn take(f: &mut Followed, r: PitRecord, config: &FloorConfig) -> bool {
    // A shift whose replay stopped for good keeps none of its later lines.
    if f.stopped || r.seq != f.next_seq {
        return false;
    }
    f.fresh.extend_from_slice(r.line.as_bytes());
    f.fresh.push(b'\n');
    f.next_seq += 1;
    let delay = r.received.signed_duration_since(r.at).to_std().unwrap_or(Duration::ZERO);
    if delay > config.late_after {
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
    f.now.arrived = r.received;
    true
}

/// A shift's follower: its path names the table in messages; the choices weighed as
/// `sabot report` weighs a log.
fn follower(table: &str, how: Restart) -> summary::Follower {
    let path = PathBuf::from(format!("pit:{table}"));
    summary::Follower::new(&path, how, Some(crate::analysis::protection::Options::default()))
}

/// The followed shift's new records replayed through the engine, after the ones
/// before them (each record read once, however long the shift): its summary, table,
/// drop and, once a coup has settled since the last weighing, its flagged choosers.
fn replay(f: &mut Followed) {
    if f.stopped {
        return;
    }
    let fresh = std::mem::take(&mut f.fresh);
    match f.follower.take(&fresh) {
        Ok(()) => {}
        Err(FollowStop::Again(how)) => {
            // Events this engine does not make, or a log of format 6 written under the
            // rules of who is at the table: the shift is read again from its first
            // record, as the stop says (the next look).
            f.follower = follower(&f.now.shift.table_name, how);
            f.next_seq = 0;
            f.prev_at = None;
            f.gaps.clear();
            return;
        }
        Err(FollowStop::Bad(e)) => return stop(f, e),
    }
    let now = match f.follower.now() {
        Ok(now) => now,
        Err(e) => {
            f.now.problem = Some(e);
            return;
        }
    };
    // A coup that never ends holds every entry of it (the engine's and the summary's,
    // for a take-back): past a bound no table's coup comes near, followed no further.
    if let Some(t) = now.table.as_ref().filter(|t| t.entries.count().unwrap_or(0) > MAX_COUP_ENTRIES) {
        let path = PathBuf::from(format!("pit:{}", f.now.shift.table_name));
        let what = crate::journal::Problem::CoupTooLong { coup: t.shift().coup_number, most: MAX_COUP_ENTRIES };
        return stop(f, crate::journal::JournalError::unreadable(&path, what));
    }
    let s = now.summary;
    f.now.house = if s.game.has_bank() { s.reconciliation.cagnotte } else { s.house_net };
    f.now.records = s.records;
    // Game protection, once a coup has settled since the last weighing (at 200
    // tables, weighing at every record kept the floor seconds behind).
    let coups = s.game.has_bank().then_some(s.coups);
    if coups.is_some() && coups != f.weighed_coups {
        f.weighed_coups = coups;
        f.now.flagged = f.follower.verdicts().into_iter().filter(|v| v.flagged).collect();
    }
    f.now.summary = Some(s);
    f.now.table = now.table;
    f.now.problem = None;
    f.now.drop = now.drop;
    let mut gaps = f.gaps.clone();
    gaps.sort_by(f64::total_cmp);
    f.now.pace = gaps.get(gaps.len() / 2).map(|g| Duration::from_secs_f64(*g));
}

/// The most entries of one coup a followed shift may hold (a table's coup is a few
/// dozen: bets, cards, words, corrections).
const MAX_COUP_ENTRIES: u32 = 2000;

/// A followed shift stopped for good by `why`: nothing after it is read or kept, nor
/// the replay's state (the row shows what the last good record left).
fn stop(f: &mut Followed, why: crate::journal::JournalError) {
    f.now.problem = Some(why);
    f.stopped = true;
    f.fresh = Vec::new();
    f.follower = follower(&f.now.shift.table_name, Restart::default());
}

/// The floor on its own thread, publishing a `Snapshot` after every look.
pub struct Live {
    snapshot: Arc<Mutex<Arc<Snapshot>>>,
    stop: Arc<AtomicBool>,
    lags: Arc<Mutex<Vec<f64>>>,
    /// When the look under way began (`None` between looks).
    looking: Arc<Mutex<Option<Instant>>>,
    answer_within: Duration,
    url: PitUrl,
    /// Times the screen was asked for a frame (the benchmark's, and tests').
    wakes: Arc<std::sync::atomic::AtomicU64>,
    /// Marks the screen asked for (seen, acknowledged), made before the next look.
    todo: Arc<Mutex<Vec<(AlarmKey, MarkKind)>>>,
}

impl Live {
    /// Starts watching the pit at `url`; `wake` is called after each look that
    /// changed something (the screen asks for a frame), never after one that did not.
    pub fn start(url: PitUrl, config: FloorConfig, keep_lags: bool, wake: Box<dyn Fn() + Send>) -> Live {
        let snapshot = Arc::new(Mutex::new(Arc::new(Snapshot::default())));
        let stop = Arc::new(AtomicBool::new(false));
        let lags = Arc::new(Mutex::new(Vec::new()));
        let looking = Arc::new(Mutex::new(None));
        let wakes = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let todo = Arc::new(Mutex::new(Vec::new()));
        let shared = Shared {
            todo: Arc::clone(&todo),
            snap: Arc::clone(&snapshot),
            halt: Arc::clone(&stop),
            lags: Arc::clone(&lags),
            looking: Arc::clone(&looking),
            wakes: Arc::clone(&wakes),
        };
        let (thread_url, answer_within) = (url.clone(), config.answer_within);
        let spawned = std::thread::Builder::new()
            .name("sabot-floor".into())
            .spawn(move || watch(thread_url, config, keep_lags, wake, shared));
        if let Err(e) = spawned
            && let Ok(mut slot) = snapshot.lock()
        {
            let s = Snapshot { offline: Some(PitError::NoThread(e.to_string())), ..Snapshot::default() };
            *slot = Arc::new(s);
        }
        Live { snapshot, stop, lags, looking, answer_within, url, wakes, todo }
    }

    /// Asks the pit to keep a mark of an alarm (seen; acknowledged, by a pit boss's
    /// login): made before the next look, which shows it (or says why not).
    pub fn mark(&self, key: AlarmKey, kind: MarkKind) {
        if let Ok(mut t) = self.todo.lock()
            && !t.contains(&(key.clone(), kind))
            && t.len() < MARKS_QUEUED
        {
            t.push((key, kind));
        }
    }

    /// What the floor shows now: a look that has not answered within
    /// `answer_within` is the pit offline, said even while the look still hangs.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        let snap = self.snapshot.lock().map(|s| Arc::clone(&s)).unwrap_or_default();
        let hanging = self.looking.lock().ok().and_then(|l| *l).is_some_and(|t| t.elapsed() > self.answer_within);
        if hanging && snap.offline.is_none() {
            let secs = self.answer_within.as_secs();
            let why = super::Unreachable::NoAnswer { secs };
            let mut s = (*snap).clone();
            s.offline = Some(PitError::Offline { url: self.url.masked().to_string(), why });
            return Arc::new(s);
        }
        snap
    }

    /// Times the screen was asked for a frame so far.
    pub fn wakes(&self) -> u64 {
        self.wakes.load(Ordering::Relaxed)
    }

    /// The lags measured since the last call (milliseconds; the benchmark's).
    pub fn take_lags(&self) -> Vec<f64> {
        self.lags.lock().map(|mut l| std::mem::take(&mut *l)).unwrap_or_default()
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What the floor's thread shares with the screen.
struct Shared {
    snap: Arc<Mutex<Arc<Snapshot>>>,
    halt: Arc<AtomicBool>,
    lags: Arc<Mutex<Vec<f64>>>,
    looking: Arc<Mutex<Option<Instant>>>,
    wakes: Arc<std::sync::atomic::AtomicU64>,
    todo: Arc<Mutex<Vec<(AlarmKey, MarkKind)>>>,
}

/// Marks waiting for the floor's thread at most (a screen asks for a few a frame).
const MARKS_QUEUED: usize = 1000;

/// Alarms marked raised at most a look (the first look of a room of many alarms
/// marks them over a few looks).
const RAISED_A_LOOK: usize = 20;
/// Alarms remembered as marked raised at most (a long shift's silences).
const RAISED_KEPT: usize = 10_000;

/// The floor's thread: a look every `config.poll`, the snapshot published, the
/// screen woken when what it shows changed.
fn watch(url: PitUrl, config: FloorConfig, keep_lags: bool, wake: Box<dyn Fn() + Send>, sh: Shared) {
    let mut floor = Floor::new(config.clone());
    floor.keep_lags = keep_lags;
    let mut reader: Option<PitReader> = None;
    let mut looks = 0u64;
    let mut seen: Option<Vec<String>> = None;
    let mut marking = Marking::default();
    while !sh.halt.load(Ordering::Relaxed) {
        let started = Instant::now();
        if let Ok(mut l) = sh.looking.lock() {
            *l = Some(started);
        }
        if let Some(r) = reader.as_mut() {
            marking.asked(&mut floor, r, &url, &sh.todo);
        }
        let looked = match reader.as_mut() {
            Some(r) => floor.look(r, &url),
            None => PitReader::connect(&url).and_then(|mut r| {
                let s = floor.look(&mut r, &url);
                reader = Some(r);
                s
            }),
        };
        if let (Ok(s), Some(r)) = (&looked, reader.as_mut()) {
            marking.raise(&mut floor, r, &url, s);
        }
        if let Ok(mut l) = sh.looking.lock() {
            *l = None;
        }
        looks += 1;
        let next = match looked {
            Ok(mut s) => {
                s.looks = looks;
                s.mark_failed = marking.failed.clone();
                s
            }
            Err(e) => {
                reader = None;
                let mut s = sh.snap.lock().map(|s| (**s).clone()).unwrap_or_default();
                s.offline = Some(e);
                s.looks = looks;
                s
            }
        };
        let now_seen = next.seen();
        let changed = seen.as_ref() != Some(&now_seen);
        seen = Some(now_seen);
        if let Ok(mut slot) = sh.snap.lock() {
            *slot = Arc::new(next);
        }
        if keep_lags && let Ok(mut l) = sh.lags.lock() {
            l.append(&mut floor.lags_ms);
        }
        if changed {
            sh.wakes.fetch_add(1, Ordering::Relaxed);
            wake();
        }
        let spent = started.elapsed();
        if spent < config.poll {
            std::thread::sleep(config.poll - spent);
        }
    }
}

/// The floor's thread's marks: those the screen asked for, and each new alarm marked
/// raised once.
#[derive(Default)]
struct Marking {
    /// Alarms already marked raised (or tried).
    raised: std::collections::BTreeSet<AlarmKey>,
    /// This login may not mark (a table's, or a pit older than schema 8): no alarm is
    /// marked raised any more.
    refused: bool,
    /// The last mark asked for that the pit did not take.
    failed: Option<PitError>,
}

impl Marking {
    /// The marks the screen asked for, made.
    fn asked(&mut self, floor: &mut Floor, r: &mut PitReader, url: &PitUrl, todo: &Mutex<Vec<(AlarmKey, MarkKind)>>) {
        let asked: Vec<(AlarmKey, MarkKind)> = todo.lock().map(|mut t| std::mem::take(&mut *t)).unwrap_or_default();
        for (key, kind) in asked {
            match floor.mark(r, url, &key, kind) {
                Ok(_) => {
                    if kind == MarkKind::Acknowledged {
                        self.failed = None;
                    }
                }
                // A seen mark the login may not make is no news: said once it is asked
                // to acknowledge.
                Err(_) if kind == MarkKind::Seen => {}
                Err(e) => self.failed = Some(e),
            }
        }
    }

    /// Each alarm the pit holds no raised mark of, marked raised (a few a look).
    fn raise(&mut self, floor: &mut Floor, r: &mut PitReader, url: &PitUrl, s: &Snapshot) {
        if self.refused || s.marks_missing {
            return;
        }
        let new: Vec<AlarmKey> = s
            .marks
            .iter()
            .filter(|(k, m)| m.raised.is_none() && !self.raised.contains(*k))
            .map(|(k, _)| k.clone())
            .take(RAISED_A_LOOK)
            .collect();
        if self.raised.len() > RAISED_KEPT {
            // Tried long ago: a key the pit now holds a raised mark of is not tried again.
            self.raised.clear();
        }
        for key in new {
            self.raised.insert(key.clone());
            if let Err(e) = floor.mark(r, url, &key, MarkKind::Raised) {
                self.refused = matches!(e, PitError::Refused { .. } | PitError::Database { .. });
                return;
            }
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.stop();
    }
}
