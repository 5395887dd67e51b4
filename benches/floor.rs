//! The pit boss's floor under a full room: simulated tables writing at once to one
//! pit (a PostgreSQL cluster started here, fsync on), each record synced to its
//! table's log and shipped by its replicator, while the floor (`pit::floor::Live`,
//! the app's settings) follows every open shift and replays it through the engine.
//! For a room of 50 and of 200 tables it prints the floor's lag (record written at
//! the table → the floor showing it) at the 50th and 99th percentile and the worst,
//! and the floor thread's CPU (a share of one core) while the room is empty (idle)
//! and while it plays (loaded), as a Markdown table; criterion then times one frame
//! of the floor with every table on it and one selected. Targets on a two-core
//! machine: lag p99 under 1 s at 200 tables, an idle floor under 2 % of a core.
//!
//! `cargo bench --bench floor` runs the rooms of 50 and 200 tables, each writing a
//! record a second, for 20 seconds each; `SABOT_FLOOR_BENCH=TABLES[+TABLES…],RATE,SECONDS`
//! changes it. Under `cargo test --benches` a short run (4 tables, 1 second).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

#[path = "../tests/pg/mod.rs"]
mod pg;

use criterion::Criterion;
use sabot::app::floor::FloorView;
use sabot::app::{SabotApp, Screen, memory_logs};
use sabot::engine::{Event, Game, Op, TableSettings};
use sabot::i18n::Lang;
use sabot::journal::{Header, Journal};
use sabot::pit::floor::{FloorConfig, Live};
use sabot::pit::{self, PitUrl, Replicator};
use sabot::sim::{OpSink, Simulator};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

struct Paced<'a> {
    journal: &'a mut Journal,
    every: Duration,
    next: Instant,
    stop: &'a AtomicBool,
}

impl OpSink for Paced<'_> {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(sabot::sim::SinkFailed);
        }
        let now = Instant::now();
        if self.next > now {
            std::thread::sleep(self.next - now);
        }
        self.next += self.every;
        self.journal.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
        ..Default::default()
    }
}

/// The CPU the floor's thread (`sabot-floor`) has used so far, in seconds (Linux's
/// `/proc`; `None` elsewhere).
fn floor_cpu() -> Option<f64> {
    let mut ticks = 0u64;
    let mut found = false;
    for e in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let comm = std::fs::read_to_string(e.path().join("comm")).unwrap_or_default();
        if comm.trim() != "sabot-floor" {
            continue;
        }
        let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        ticks += fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        found = true;
    }
    // The kernel's clock ticks are a hundredth of a second (USER_HZ).
    found.then_some(ticks as f64 / 100.0)
}

/// The floor's share of one core over `secs` seconds of wall time.
fn share(cpu_before: Option<f64>, cpu_after: Option<f64>, secs: f64) -> f64 {
    match (cpu_before, cpu_after) {
        (Some(a), Some(b)) if secs > 0.0 => (b - a) / secs * 100.0,
        _ => f64::NAN,
    }
}

/// One table of the room: its log and replicator, playing until `stop`.
fn table(
    n: usize,
    url: PitUrl,
    dir: std::path::PathBuf,
    rate: f64,
    tables: usize,
    stop: Arc<AtomicBool>,
) -> (Journal, Replicator) {
    let game = Game::ALL[n % 3];
    let header = Header::live(&format!("Mesa {n:03}"), "Ana", TableSettings::new(game), false);
    let mut j = Journal::create(dir.join(format!("t{n}.sabotlog")), header).expect("log");
    let (rep, tap) = Replicator::start(url, j.path(), 0, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    let every = Duration::from_secs_f64(1.0 / rate);
    let offset = every.mul_f64(n as f64 / tables as f64);
    let mut sim = Simulator::new(game, n as u64).expect("sim");
    let mut sink = Paced { journal: &mut j, every, next: Instant::now() + offset, stop: &stop };
    while sim.run(1, &mut sink).is_ok() {}
    (j, rep)
}

/// A room of `tables` playing for `secs` seconds: the floor's lags (ms) and its share
/// of a core meanwhile; the tables, stopped (their shifts still open).
fn room(
    live: &Live,
    url: &PitUrl,
    dir: &std::path::Path,
    tables: usize,
    rate: f64,
    secs: f64,
) -> (Vec<f64>, f64, Vec<(Journal, Replicator)>) {
    std::fs::create_dir_all(dir).expect("dir");
    let stop = Arc::new(AtomicBool::new(false));
    let handles: Vec<_> = (0..tables)
        .map(|n| {
            let (url, stop, dir) = (url.clone(), Arc::clone(&stop), dir.to_path_buf());
            std::thread::spawn(move || table(n, url, dir, rate, tables, stop))
        })
        .collect();
    // The room's start (a log, a replicator's connection and a first look a table)
    // is a catch-up, not a lag: a second more for every fifty tables.
    std::thread::sleep(Duration::from_millis(3000 + 20 * tables as u64));
    live.take_lags();
    let (cpu, t) = (floor_cpu(), Instant::now());
    std::thread::sleep(Duration::from_secs_f64(secs));
    let mut lags = live.take_lags();
    let loaded = share(cpu, floor_cpu(), t.elapsed().as_secs_f64());
    stop.store(true, Ordering::Relaxed);
    let open = handles.into_iter().map(|h| h.join().expect("table")).collect();
    lags.sort_by(f64::total_cmp);
    (lags, loaded, open)
}

/// The floor's share of a core on the empty room over `secs` seconds, and the times
/// it woke the screen meanwhile.
fn idle_share(live: &Live, secs: f64) -> (f64, u64) {
    std::thread::sleep(Duration::from_millis(1000));
    let (cpu, t, woken) = (floor_cpu(), Instant::now(), live.wakes());
    std::thread::sleep(Duration::from_secs_f64(secs));
    (share(cpu, floor_cpu(), t.elapsed().as_secs_f64()), live.wakes() - woken)
}

fn main() {
    let Some(bin) = pg::available() else { return };
    let args: Vec<String> = std::env::args().collect();
    let quick = !args.iter().any(|a| a == "--bench") || args.iter().any(|a| a == "--test");
    let cluster = pg::Cluster::start(&bin, true).expect("cluster");
    // A replicator's connection a table, the floor's, and room to spare.
    cluster.sql("postgres", "ALTER SYSTEM SET max_connections = 320").expect("connections");
    cluster.stop().expect("stop");
    cluster.start_again().expect("start");
    let db = cluster.fresh_db("floor").expect("db");
    let url = PitUrl::parse(&cluster.url(&db)).expect("url");
    pit::init(&url).expect("init");
    let (sizes, rate, secs): (Vec<usize>, f64, f64) = match std::env::var("SABOT_FLOOR_BENCH").ok() {
        Some(spec) => {
            let v: Vec<&str> = spec.split(',').map(str::trim).collect();
            assert_eq!(v.len(), 3, "SABOT_FLOOR_BENCH=TABLES[+TABLES…],RATE,SECONDS");
            let sizes = v[0].split('+').map(|n| n.parse().expect("tables")).collect();
            (sizes, v[1].parse().expect("rate"), v[2].parse().expect("seconds"))
        }
        None if quick => (vec![4], 10.0, 1.0),
        None => (vec![50, 200], 1.0, 20.0),
    };

    // The floor as the app runs it, first on an empty room: idle.
    let config = FloorConfig::default();
    let live = Live::start(url.clone(), config.clone(), true, Box::new(|| {}));
    let idle_secs = if quick { 1.0 } else { 10.0 };
    let idle = idle_share(&live, idle_secs);

    println!("| tables | records/s each | lag p50 | lag p99 | lag max | floor CPU idle | floor CPU loaded |");
    println!("|---|---|---|---|---|---|---|");
    let mut last = Vec::new();
    let dir = tempfile::tempdir().expect("dir");
    for (k, &tables) in sizes.iter().enumerate() {
        let (lags, loaded, open) = room(&live, &url, &dir.path().join(format!("room{k}")), tables, rate, secs);
        println!(
            "| {tables} | {rate} | {:.0} ms | {:.0} ms | {:.0} ms | {:.2} % | {loaded:.1} % |",
            percentile(&lags, 0.5),
            percentile(&lags, 0.99),
            lags.last().copied().unwrap_or(f64::NAN),
            idle.0,
        );
        if k + 1 < sizes.len() {
            // The room's shifts closed: the next room starts on an empty floor.
            for (mut j, rep) in open {
                j.close().expect("closed");
                drop(j);
                rep.wait_done(Duration::from_secs(30));
                rep.stop();
            }
        } else {
            last = open;
        }
    }
    println!("(the idle floor woke the screen {} times in {idle_secs} s)", idle.1);
    live.stop();
    let tables_open = last;

    // One frame of the floor: every table a row, one selected and its coup drawn.
    let view = FloorView::start(url.clone(), config, None);
    view.wait_looks(2, Duration::from_secs(60));
    let first = view.snapshot().tables.first().map(|t| t.shift.shift_id.clone());
    let rows = view.snapshot().tables.len();
    let mut view = view;
    view.selected = first;
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Floor(Box::new(view));
    let ctx = egui::Context::default();
    for _ in 0..5 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        out.textures_delta.clear();
        black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
    }
    let mut c = Criterion::default().configure_from_args().sample_size(20).measurement_time(Duration::from_secs(3));
    c.bench_function(&format!("floor: one frame, {rows} tables, one selected (1920×1080)"), |b| {
        b.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
    c.final_summary();
    for (j, rep) in tables_open {
        drop(j);
        rep.stop();
    }
}
