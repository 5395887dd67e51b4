//! The pit boss's floor under a full room: simulated tables writing at once to one
//! pit (a PostgreSQL cluster started here), each record synced to its table's log and
//! shipped by its replicator, while the floor (`pit::floor::Live`) follows every open
//! shift and replays it through the engine. Prints the floor's lag (record written at
//! the table → the floor showing it) at the 50th and 99th percentile and the worst;
//! criterion times one frame of the floor with every table on it and one selected.
//! Targets: lag p99 under 1 s, frame under 4 ms (release).
//!
//! `cargo bench --bench floor` runs the target (50 tables at 10 records a second for
//! 20 seconds); `SABOT_FLOOR_BENCH=TABLES,RATE,SECONDS` changes it. Under
//! `cargo test --benches` a short run (4 tables, 1 second).
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

fn main() {
    let Some(bin) = pg::available() else { return };
    let args: Vec<String> = std::env::args().collect();
    let quick = !args.iter().any(|a| a == "--bench") || args.iter().any(|a| a == "--test");
    let cluster = pg::Cluster::start(&bin, true).expect("cluster");
    let db = cluster.fresh_db("floor").expect("db");
    let url = PitUrl::parse(&cluster.url(&db)).expect("url");
    pit::init(&url).expect("init");
    let (tables, rate, secs) = match std::env::var("SABOT_FLOOR_BENCH").ok() {
        Some(spec) => {
            let v: Vec<f64> = spec.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            assert_eq!(v.len(), 3, "SABOT_FLOOR_BENCH=TABLES,RATE,SECONDS");
            (v[0] as usize, v[1], v[2])
        }
        None if quick => (4, 10.0, 1.0),
        None => (50, 10.0, 20.0),
    };

    let dir = tempfile::tempdir().expect("dir");
    let stop = Arc::new(AtomicBool::new(false));
    let config = FloorConfig { poll: Duration::from_millis(100), ..FloorConfig::default() };
    let live = Live::start(url.clone(), config.clone(), true, Box::new(|| {}));
    let mut handles = Vec::new();
    for n in 0..tables {
        let (url, stop, dir) = (url.clone(), Arc::clone(&stop), dir.path().to_path_buf());
        handles.push(std::thread::spawn(move || {
            let game = Game::ALL[n % 3];
            let header = Header::live(&format!("Mesa {n:02}"), "Ana", TableSettings::new(game), false);
            let mut j = Journal::create(dir.join(format!("t{n}.sabotlog")), header).expect("log");
            let (rep, tap) = Replicator::start(url, j.path(), 0, Box::new(|| {})).expect("replicator");
            j.set_tap(tap);
            let every = Duration::from_secs_f64(1.0 / rate);
            let offset = every.mul_f64(n as f64 / tables as f64);
            let mut sim = Simulator::new(game, n as u64).expect("sim");
            let mut sink = Paced { journal: &mut j, every, next: Instant::now() + offset, stop: &stop };
            while sim.run(1, &mut sink).is_ok() {}
            (j, rep)
        }));
    }
    // The first look at a room already under way is a catch-up, not a lag.
    std::thread::sleep(Duration::from_millis(1500));
    live.take_lags();
    std::thread::sleep(Duration::from_secs_f64(secs));
    let mut lags = live.take_lags();
    stop.store(true, Ordering::Relaxed);
    let tables_open: Vec<(Journal, Replicator)> = handles.into_iter().map(|h| h.join().expect("table")).collect();
    lags.sort_by(f64::total_cmp);
    println!(
        "floor: {tables} tables at {rate} records/s for {secs} s: lag p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms ({} updates)",
        percentile(&lags, 0.5),
        percentile(&lags, 0.99),
        lags.last().copied().unwrap_or(f64::NAN),
        lags.len()
    );
    live.stop();

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
