//! One frame of the croupier's app at a full Banque table — twelve sections, thirty
//! bets, and twelve chips on the entry line — measured on the CPU: layout and
//! tessellation (what a frame costs before the GPU). Target: under 2 ms in release.
//! The shift log is the in-memory one, and the app never waits on a log anyway:
//! records go to the writer's queue.
//!
//! And a line of eight bets and Intro, through the app, to the screen moving on: the
//! frames from the keys to the writer's acknowledgement (the records safe in a shift
//! log on disk) and the line cleared. Target: under 50 ms.
//!
//! And a keystroke at that table, twelve chips on the line: a character typed and
//! taken back (Backspace), each with its frame. Target: under 5 ms (two frames).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use criterion::{Criterion, criterion_group, criterion_main};
use sabot::app::SabotApp;
use sabot::app::shift::{JournalLog, MemoryLog, ShiftHeader};
use sabot::engine::{Call, Game, HandId, Money, Op, PlayerRef, Shoe, Spot, Table, TableSettings};
use sabot::i18n::Lang;
use sabot::journal;
use std::hint::black_box;

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

/// Thirty bets over the twelve sections: plain, a caballo, half lines, standing players.
fn thirty_bets() -> Vec<Op> {
    let mut ops = Vec::new();
    for i in 0..30u8 {
        let seat = i % 12 + 1;
        let own = if seat <= 6 { 1 } else { 2 };
        let (spot, standing) = match i / 12 {
            0 => (Spot::Tableau(own), false),
            1 if i % 2 == 0 => (Spot::Cheval, false),
            1 => (Spot::Half(own), false),
            _ => (Spot::Tableau(own), true),
        };
        let amount = Money::units(10 * (i32::from(i) % 5 + 2));
        ops.push(Op::Bet { player: PlayerRef { seat, standing }, spot, amount });
    }
    ops
}

fn table(settled: bool) -> Table {
    let mut s = TableSettings::new(Game::Banque);
    s.unit = m("10");
    let mut t = Table::new(s, m("20000"), Shoe::decks(6)).expect("table");
    for op in thirty_bets() {
        t.play(&op).expect("bet taken");
    }
    t.play(&Op::NoMoreBets).expect("no va más");
    t.play(&Op::Say { hand: HandId::Tableau(1), call: Call::Draw }).expect("draw");
    t.play(&Op::Card("6h".parse().expect("card"))).expect("card");
    if settled {
        for op in [
            Op::Show { hand: HandId::Tableau(2), cards: vec!["9c".parse().expect("c"), "Jd".parse().expect("c")] },
            Op::AskTable,
            Op::Say { hand: HandId::Bank, call: Call::Draw },
            Op::Card("5d".parse().expect("card")),
            Op::Show { hand: HandId::Tableau(1), cards: vec!["2h".parse().expect("c"), "Qs".parse().expect("c")] },
            Op::Show { hand: HandId::Bank, cards: vec!["Kd".parse().expect("c"), "4c".parse().expect("c")] },
        ] {
            t.play(&op).expect("taken");
        }
        assert!(t.settlement().is_some());
    }
    t
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    }
}

/// Twelve entries on the line, not confirmed (bets while they are open; cards and
/// calls once the cards are out).
const TWELVE_CHIPS: &str = "1 100 2 50 3 c 40 4 60 6 20 7 30 8 h 60 9 80 10 100 11 20 12 40 1p 35 ";

/// The app at the full table, twelve chips on its line, warmed up: textures
/// uploaded, fonts laid out once.
fn app_with_twelve_chips(settled: bool) -> (SabotApp, egui::Context) {
    let header = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
    let mut app = SabotApp::with_table(Lang::Es, header, table(settled), Box::new(MemoryLog::default()));
    if let Some(live) = app.live_mut() {
        live.entry.type_text(TWELVE_CHIPS);
    }
    let ctx = egui::Context::default();
    for _ in 0..5 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        // No renderer takes the textures here (egui asserts that someone does).
        out.textures_delta.clear();
        black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
    }
    (app, ctx)
}

fn bench_frame(c: &mut Criterion, name: &str, settled: bool) {
    let (mut app, ctx) = app_with_twelve_chips(settled);
    c.bench_function(name, |b| {
        b.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

/// Eight bets and Intro typed in one frame, then frames until the writer says the
/// records are safe and the line is clear.
fn bench_eight_bets(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let fresh = || {
        let mut s = TableSettings::new(Game::Banque);
        s.unit = m("10");
        let t = Table::new(s, m("1000000"), Shoe::decks(6)).expect("table");
        let header = journal::Header::from_table("Mesa 1", "Ana", &t, false).expect("header");
        let j = journal::Journal::create_in(dir.path(), header).expect("journal");
        let log = JournalLog::start(j, None).expect("log");
        let head = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
        let mut app = SabotApp::with_table(Lang::Es, head, t, Box::new(log));
        let ctx = egui::Context::default();
        for _ in 0..3 {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
        }
        (app, ctx)
    };
    c.bench_function("eight_bets_and_intro_to_the_writer_s_acknowledgement", |b| {
        b.iter_batched(
            fresh,
            |(mut app, ctx)| {
                let mut raw = input();
                raw.events.push(egui::Event::Text("1 100 2 50 3 c 40 4 60 6 20 7 30 8 h 60 9 80 ".into()));
                raw.events.push(egui::Event::Key {
                    key: egui::Key::Enter,
                    physical_key: None,
                    pressed: true,
                    repeat: false,
                    modifiers: egui::Modifiers::NONE,
                });
                let mut out = ctx.run_ui(raw, |ui| app.show(ui));
                out.textures_delta.clear();
                // Frames until the records are safe and the screen has moved on.
                let mut frames = 0;
                loop {
                    let mut out = ctx.run_ui(input(), |ui| app.show(ui));
                    out.textures_delta.clear();
                    let live = app.live().expect("table");
                    if !live.shift.waiting() && live.entry.text.is_empty() {
                        assert_eq!(live.shift.shown().coup().bets.len(), 8);
                        break;
                    }
                    frames += 1;
                    assert!(frames < 10_000, "the writer never answered");
                    std::thread::sleep(std::time::Duration::from_micros(200));
                }
                black_box(app)
            },
            criterion::BatchSize::PerIteration,
        )
    });
}

/// A character typed on the line of twelve chips, and Backspace: each key read by
/// the app and its frame drawn (the chips read again after each).
fn bench_keystroke(c: &mut Criterion) {
    let (mut app, ctx) = app_with_twelve_chips(false);
    let key = |ev: egui::Event| {
        let mut raw = input();
        raw.events.push(ev);
        raw
    };
    let backspace = egui::Event::Key {
        key: egui::Key::Backspace,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    c.bench_function("a_keystroke_and_backspace_twelve_chips_on_the_line", |b| {
        b.iter(|| {
            for ev in [egui::Event::Text("5".into()), backspace.clone()] {
                let mut out = ctx.run_ui(key(ev), |ui| app.show(ui));
                out.textures_delta.clear();
                black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
            }
        })
    });
    let live = app.live().expect("table");
    assert_eq!(live.entry.chips.len(), 12, "the line is as it was");
}

fn frames(c: &mut Criterion) {
    bench_frame(c, "banque_frame_12_sections_30_bets_in_play", false);
    bench_frame(c, "banque_frame_12_sections_30_bets_payouts", true);
}

criterion_group!(benches, frames, bench_keystroke, bench_eight_bets);
criterion_main!(benches);
