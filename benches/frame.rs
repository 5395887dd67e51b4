//! One frame of the croupier's app at a full Banque table — twelve sections, thirty
//! bets — measured on the CPU: layout and tessellation (what a frame costs before
//! the GPU). Target: under 2 ms in release. The shift log is the in-memory one, and
//! the app never waits on a log anyway: records go to the writer's queue.

use criterion::{Criterion, criterion_group, criterion_main};
use sabot::app::SabotApp;
use sabot::app::shift::{MemoryLog, ShiftHeader};
use sabot::engine::{Call, Game, HandId, Money, Op, PlayerRef, Shoe, Spot, Table, TableSettings};
use sabot::i18n::Lang;
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
        let amount = Money::units(10 * (i64::from(i) % 5 + 2));
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

fn bench_frame(c: &mut Criterion, name: &str, settled: bool) {
    let header = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
    let mut app = SabotApp::with_table(Lang::Es, header, table(settled), Box::new(MemoryLog::default()));
    let ctx = egui::Context::default();
    // Warm up: textures uploaded, fonts laid out once.
    for _ in 0..5 {
        let mut out = ctx.run_ui(input(), |ui| app.show(ui));
        // No renderer takes the textures here (egui asserts that someone does).
        out.textures_delta.clear();
        black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
    }
    c.bench_function(name, |b| {
        b.iter(|| {
            let mut out = ctx.run_ui(input(), |ui| app.show(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

fn frames(c: &mut Criterion) {
    bench_frame(c, "banque_frame_12_sections_30_bets_in_play", false);
    bench_frame(c, "banque_frame_12_sections_30_bets_payouts", true);
}

criterion_group!(benches, frames);
criterion_main!(benches);
