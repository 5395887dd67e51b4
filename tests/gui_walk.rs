//! The Chemin de fer and Punto y Banca walkthroughs of docs/croupier.md (typed into the
//! real window by `tools/walkthrough_cf.sh` and `tools/walkthrough_pb.sh`), line by
//! line through the app: every line is taken, and the screen says what the rules
//! make of it. The lines here are the tools' lines.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sabot::app::SabotApp;
use sabot::app::shift::{MemoryLog, ShiftHeader};
use sabot::engine::{Game, Money, PlayerRef, Table, TableSettings};
use sabot::i18n::Lang;

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

fn at_live_table(game: Game) -> Harness<'static, SabotApp> {
    let table = Table::start(TableSettings::new(game)).expect("table");
    let header = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
    let app = SabotApp::with_table(Lang::Es, header, table, Box::new(MemoryLog::default()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut SabotApp| app.show(ui), app);
    h.run();
    h
}

/// Types a line and Enter; the line must be taken.
fn line(h: &mut Harness<'static, SabotApp>, text: &str) {
    h.get_by_label("Entrada").type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let live = h.state().live().expect("table");
    assert!(
        live.entry.problem.is_none() && live.entry.text.is_empty(),
        "`{text}` was not taken: {:?} (banner: {})",
        live.entry.problem,
        sabot::app::banner::banner_words(Lang::Es, live.shift.shown()).0
    );
}

fn says(h: &Harness<'static, SabotApp>, text: &str) {
    assert!(
        h.query_all_by_label_contains(text).next().is_some(),
        "the screen does not say `{text}`; banner: {}",
        h.state().live().map(|l| sabot::app::banner::banner_words(Lang::Es, l.shift.shown()).0).unwrap_or_default()
    );
}

/// The croupier's page's Chemin de fer walkthrough: the bank taken, a coup the bank wins
/// (banca seguida), banco con la mesa with a bet taken off the line before Intro, a
/// tie, a banco that breaks the bank, and the bank passing (R-CF-2, R-CF-4, R-CF-3,
/// R-CF-9, R-CF-10).
#[test]
fn the_readme_chemin_de_fer_walkthrough_r_cf_3_r_cf_4_r_cf_10() {
    let mut h = at_live_table(Game::ChemindeFer);
    line(&mut h, "sabot baraja");
    line(&mut h, "nocorta");
    line(&mut h, "corte 12");
    line(&mut h, "3 banca 500 =");
    // Coup 1: the bank wins and stays (banca seguida).
    line(&mut h, "5 200 6 100 .");
    line(&mut h, "2h 9c 3d 8s");
    line(&mut h, "-");
    says(&h, "La banca gana 300");
    line(&mut h, "=");
    let t = h.state().live().expect("live").shift.shown().clone();
    assert_eq!(t.shift().banker(), Some(PlayerRef::seated(3)));
    assert_eq!(t.bank(), m("785"));
    // Coup 2: banco con la mesa; a bet typed by mistake comes off before Intro.
    h.get_by_label("Entrada").type_text("4 bm 6 100 7 50 ");
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    line(&mut h, ".");
    let bets = h.state().live().expect("live").shift.shown().coup().bets.clone();
    assert_eq!(bets.len(), 2, "{bets:?}");
    // A tie: the coup is void, the bets stay (R-CF-9).
    line(&mut h, "Ah 2c 6d 5s");
    says(&h, "empate");
    line(&mut h, "=");
    // Coup 3: banco for the whole bank; the player wins, the bank is broken and
    // passes to the next section (R-CF-10).
    line(&mut h, "5 b .");
    // The bank's second card typed 4♠ (it is 3♠): settled on the typo, taken back
    // before paying, and typed as it is.
    line(&mut h, "9h 2c Kd 4s");
    line(&mut h, "anula");
    assert_eq!(h.state().live().expect("table").shift.shown().totals().corrections, 1);
    line(&mut h, "3s");
    says(&h, "Se ofrece la banca");
    line(&mut h, "pasa");
    line(&mut h, "5 banca 400 =");
    assert!(h.query_by_role_and_label(Role::Label, "Hagan juego").is_some());
}

/// The croupier's page's Punto y Banca walkthrough: the shoe and its burn, a punto win the
/// house pays, a bet taken off the line before Intro, a banca win less the
/// commission, a tie, and the sabot passing (R-PB-1, R-PB-3, R-PB-4, R-PB-5, R-PB-7).
#[test]
fn the_readme_punto_y_banca_walkthrough_r_pb_3_r_pb_4_r_pb_7() {
    let mut h = at_live_table(Game::PuntoBanca);
    line(&mut h, "sabot baraja corte 10");
    line(&mut h, "quema 3h =");
    // Punto wins: the house pays punto and collects banca; the sabot passes (R-PB-3).
    line(&mut h, "4 p 20 5 b 30 6 b 100 .");
    line(&mut h, "2h Ac Kd 7h");
    line(&mut h, "5s");
    says(&h, "La casa cobra 110");
    line(&mut h, "=");
    says(&h, "sabot: Secc. 2");
    // A bet typed by mistake comes off before Intro: its ×.
    h.get_by_label("Entrada").type_text("5 b 100 3 p 50 8 p 30 ");
    h.run();
    h.get_by_role_and_label(Role::Button, "Quitar: Secc. 8 · punto · 30").click();
    h.run();
    line(&mut h, ".");
    assert_eq!(h.state().live().expect("live").shift.shown().coup().bets.len(), 2);
    // Banca wins with a natural: paid less the commission (R-PB-4).
    line(&mut h, "2h 3c 9d Kh");
    says(&h, "Pagar 95");
    says(&h, "La casa paga 45");
    line(&mut h, "=");
    // A tie: punto 9 against banca 9.
    line(&mut h, "4 p 40 6 b 60 .");
    // Banca's first card typed 8♦ (it is 9♦): the last two entries taken back.
    line(&mut h, "9h Kc 8d Qs");
    line(&mut h, "anula 2");
    line(&mut h, "9d Qs");
    says(&h, "empate");
    line(&mut h, "=");
    // The tie's bets stand (R-PB-4); seat 4 takes his back before «no va más».
    let bets = |h: &Harness<'static, SabotApp>| h.state().live().map(|l| l.shift.ahead().coup().bets.clone());
    assert_eq!(bets(&h).map(|b| b.len()), Some(2), "the tie's two bets stand");
    line(&mut h, "quita 4");
    let left = bets(&h).unwrap_or_default();
    assert_eq!(left.len(), 1, "seat 4's bet withdrawn");
    assert_eq!(left[0].player, PlayerRef::seated(6));
}
