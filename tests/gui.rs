//! The croupier's app, driven through its screen by labels, as a person would:
//! a whole coup of each game (bets, cards, calls), the payouts the screen shows,
//! an infraction and its ruling, a refusal, the language switch, and snapshots of
//! the three tables and a payout panel.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, SnapshotOptions};
use sabot::app::shift::{MemoryLog, ShiftHeader};
use sabot::app::{SabotApp, memory_logs};
use sabot::engine::{Event, Game, Money, Shoe, Table, TableSettings};
use sabot::i18n::Lang;

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

use common::{Settle, harness};

/// An app at a table, its log kept in memory (returned for inspection).
fn at_table(game: Game, bank: &str, unit: &str, lang: Lang) -> (Harness<'static, SabotApp>, MemoryLog) {
    let mut s = TableSettings::new(game);
    s.unit = m(unit);
    let table = Table::new(s, m(bank), Shoe::decks(6)).expect("table");
    let log = MemoryLog::default();
    let header = ShiftHeader { table_name: "Mesa 3".into(), croupier: "Ana".into() };
    let app = SabotApp::with_table(lang, header, table, Box::new(log.clone()));
    let mut h = harness(app);
    h.settle();
    (h, log)
}

/// Types on the entry line and presses Enter, as the croupier does.
fn enter(h: &mut Harness<'static, SabotApp>, text: &str) {
    h.get_by_label("Entrada").type_text(text);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    let problem = h.state().live().and_then(|l| l.entry.problem.clone());
    assert!(problem.is_none(), "`{text}` was not taken: {problem:?}");
}

fn entry_label(lang: Lang) -> &'static str {
    if lang == Lang::Es { "Entrada" } else { "Entry" }
}

/// The payout panel shows this row.
fn shows_row(h: &Harness<'static, SabotApp>, label: &str) {
    assert!(
        h.query_by_role_and_label(Role::Row, label).is_some(),
        "no payout row `{label}`; rows: {:?}",
        h.query_all_by_role(Role::Row).map(|n| n.accesskit_node().label()).collect::<Vec<_>>()
    );
}

/// The cagnotte for the slot, said by the payouts (`· ranura 1`) and on the table, in
/// the croupier's box (`Cagnotte a la ranura: 1`).
fn assert_slot(h: &Harness<'static, SabotApp>, amount: &str) {
    assert!(h.query_by_label(&format!("· ranura {amount}")).is_some(), "the payouts' slot: {amount}");
    assert!(h.query_by_label(&format!("Cagnotte a la ranura: {amount}")).is_some(), "the croupier's slot: {amount}");
}

fn snapshot(h: &mut Harness<'static, SabotApp>, name: &str) {
    h.snapshot_options(name, &SnapshotOptions::new().threshold(1.2).max_failed_pixels(400));
}

#[test]
fn a_banque_shift_opens_from_the_start_screen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), memory_logs()));
    h.settle();
    h.get_by_label("Mesa").focus();
    h.settle();
    h.get_by_label("Mesa").type_text("Mesa 3");
    h.get_by_label("Croupier").focus();
    h.settle();
    h.get_by_label("Croupier").type_text("Ana");
    h.get_by_label("Unidad de apuesta").focus();
    h.settle();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Unidad de apuesta").type_text("10");
    h.get_by_label("Banquero (sección)").focus();
    h.settle();
    h.get_by_label("Banquero (sección)").type_text("5");
    h.get_by_label("Banca anunciada").focus();
    h.settle();
    h.get_by_label("Banca anunciada").type_text("1000");
    h.settle();
    h.get_by_role_and_label(Role::Button, "Abrir turno").click();
    h.settle();
    let live = h.state().live().expect("the table screen");
    let table = live.shift.shown();
    assert_eq!(table.settings().game, Game::Banque);
    assert_eq!(table.settings().unit, m("10"));
    assert_eq!(table.bank(), m("1000"));
    assert_eq!(live.shift.header.croupier, "Ana");
    // The shoe's life, step by step as the banner asks (R-C-5, R-C-4, R-BQ-17).
    assert!(h.query_by_label("Nuevo sabot: muestre las 6 barajas completas").is_some());
    enter(&mut h, "sabot");
    assert!(h.query_by_label("Baraje").is_some());
    enter(&mut h, "baraja");
    assert!(h.query_by_label("Corte: la carta de bloqueo con al menos 10 cartas debajo").is_some());
    enter(&mut h, "corte 14");
    assert!(h.query_by_role_and_label(Role::Label, "Nueva jugada").is_some());
    enter(&mut h, "=");
    // The banner: bets are open (R-C-7).
    assert!(h.query_by_label("Hagan juego").is_some());
    assert!(h.query_by_label("R-C-7").is_some());
    let table = h.state().live().expect("live").shift.shown().clone();
    assert_eq!(table.shift().coup_number, 1);
    assert_eq!(table.shift().banker(), Some(sabot::engine::PlayerRef::seated(5)));
    // The betting order guides the croupier seat by seat (R-BQ-5).
    assert!(h.query_by_label("Siguiente: Secc. 1").is_some());
    enter(&mut h, "1 100 2 50");
    assert!(h.query_by_label("Siguiente: Secc. 3").is_some());
}

#[test]
fn a_whole_banque_coup_with_a_caballo_and_half_line_r_bq_6_r_bq_7_r_bq_16() {
    let (mut h, log) = at_table(Game::Banque, "1000", "10", Lang::Es);
    // Bets: section 1 on paño 1; section 7 on paño 2; section 3 a caballo; section 8
    // on paño 2's half line; one bet on the entry line per chip, Enter confirms all.
    enter(&mut h, "1 100 7 50 3 c 40 8 h 60 .");
    assert!(h.query_by_label("Paño 1: ¿carta o no?").is_some(), "banner after no va más");
    // Paño 1 asks for a card: 6♥.
    enter(&mut h, "+");
    enter(&mut h, "6h");
    // Paño 2 shows a natural 9.
    enter(&mut h, "2 9c Jd");
    // The banker asks for the table and draws 5♦.
    enter(&mut h, "/ +");
    enter(&mut h, "5d");
    // The showdown: paño 1, then the bank.
    enter(&mut h, "2h Qs");
    enter(&mut h, "Kd 4c");
    assert!(h.query_by_label("Pague y cobre").is_some());
    // Paño 1 has 8 and loses to the bank's 9; paño 2's natural 9 wins (R-BQ-15).
    shows_row(&h, "Secc. 1 · 100: Cobrar 100");
    shows_row(&h, "Secc. 7 · 50: Pagar 50");
    // A caballo 40 in units of 10: 20 on each paño, lost on one, won on the other (R-BQ-7).
    shows_row(&h, "Secc. 3 · cab. 40: Queda");
    // On the half line 60 plays 30 (R-BQ-6), won with paño 2.
    shows_row(&h, "Secc. 8 · ½ 60: Pagar 30");
    // The bank wins 100 − 50 − 30 = 20: cagnotte 5 % = 1 (R-BQ-16).
    // The payouts and the croupier\'s slot on the table both say it; the banker's box,
    // the bank after.
    assert_slot(&h, "1");
    assert!(h.query_by_label("Banca 1.019").is_some());
    // Everything went to the log: the opening, then every event.
    let events = log.events();
    assert!(matches!(events[0], Event::BetPlaced(_)));
    assert!(events.iter().any(|e| matches!(e, Event::Settled(_))));
    snapshot(&mut h, "bq_payouts");
    // Next coup with the same bank.
    enter(&mut h, "=");
    let live = h.state().live().expect("live");
    assert_eq!(live.shift.shown().shift().coup_number, 2);
    assert_eq!(live.shift.shown().bank(), m("1019"));
    assert!(h.query_by_label("Hagan juego").is_some());
}

#[test]
fn a_banque_table_in_the_middle_of_a_coup_snapshot() {
    let (mut h, _) = at_table(Game::Banque, "5000", "10", Lang::Es);
    enter(&mut h, "1 100 2 50 3 c 40 4p 20 5 h 60 6 80 7 50 8 h2 30 9 120 10 c 60 11 40 12p 25 .");
    enter(&mut h, "+ 6h");
    // A chip still on the entry line, not confirmed.
    h.get_by_label("Entrada").type_text("2 9c Jd ");
    h.settle();
    snapshot(&mut h, "bq_table");
}

#[test]
fn a_whole_chemin_de_fer_coup_r_cf_8_r_cf_9() {
    let (mut h, _) = at_table(Game::ChemindeFer, "200", "1", Lang::Es);
    enter(&mut h, "2 100 5 80 .");
    // A card-reading shoe: player, bank, player, bank (R-CF-7).
    enter(&mut h, "3h 5d Kc Qs");
    // The player has 3 and must draw (R-BQ-11).
    assert!(h.query_by_label("El jugador tiene 3: debe pedir carta").is_some());
    enter(&mut h, "Ac");
    // Bank 5 against a third card 1 stands by the table (R-CF-8): the coup settles.
    shows_row(&h, "Secc. 2 · 100: Cobrar 100");
    shows_row(&h, "Secc. 5 · 80: Cobrar 80");
    // The payouts and the croupier\'s slot on the table both say it; the bank after,
    // as the croupier announces it.
    assert_slot(&h, "9");
    assert!(h.query_by_label("Hay 371 en la banca").is_some());
    snapshot(&mut h, "cf_table");
}

#[test]
fn a_whole_punto_y_banca_coup_r_pb_4_r_pb_7() {
    let (mut h, _) = at_table(Game::PuntoBanca, "0", "1", Lang::Es);
    enter(&mut h, "4 p 20 5 b 30 6 b 100 .");
    // Punto's two cards, then banca's (R-PB-6).
    enter(&mut h, "2h Ac Kd 7h");
    // Punto has 3 and draws (R-PB-7); banca has 7 and stands.
    enter(&mut h, "5s");
    shows_row(&h, "Secc. 4 · 20: Pagar 20");
    shows_row(&h, "Secc. 5 · 30: Cobrar 30");
    shows_row(&h, "Secc. 6 · 100: Cobrar 100");
    snapshot(&mut h, "pb_table");
    // A banca win pays less the commission (R-PB-4).
    enter(&mut h, "=");
    enter(&mut h, "5 b 100 .");
    enter(&mut h, "2h 3c 9d Kh");
    shows_row(&h, "Secc. 5 · 100: Pagar 95 (comisión 5)");
    assert!(h.query_by_label("Comisión a la caja: 5").is_some());
}

#[test]
fn an_infraction_is_shown_with_its_ruling_r_bq_11_r_bq_e14_r_bq_e13() {
    let (mut h, log) = at_table(Game::Banque, "1000", "10", Lang::Es);
    enter(&mut h, "2 100 9 100 .");
    // Paño 1 says "no", paño 2 asks for a card; the bank asks for the table and draws.
    enter(&mut h, "- + 5c / + 2h");
    // Paño 1 turns over 4: it had to draw, and paño 2 already has a card (R-BQ-E14).
    enter(&mut h, "4h Kc");
    assert!(h.query_by_label("R-BQ-11 — Paño 1 dijo «no» con 4: debía pedir carta.").is_some());
    let ruling = "Paño 1 debía pedir carta: la carta dada tras su «no» vuelve a Paño 1; la siguiente va a la mano \
                  a la que le tocaba, la haya tomado o no la banca; la banca juega según R-BQ-E13.";
    assert!(h.query_by_label_contains(ruling).is_some(), "the ruling is in the banner");
    // Before Intro it says what it will do, card by card, and to the bets.
    let effects = "Paño 1 juega «carta»; ";
    assert!(h.query_by_label_contains(effects).is_some(), "the ruling's effects are in the banner");
    assert!(h.query_by_label_contains("las apuestas quedan como están").is_some());
    assert!(h.query_by_label("R-BQ-E14").is_some(), "with its clause");
    // Enter on an empty line confirms it; the confirmation is an event in the log.
    enter(&mut h, "");
    let events = log.events();
    assert!(events.iter().any(|e| matches!(e, Event::RulingProposed(_))));
    assert!(events.iter().any(|e| matches!(e, Event::PutRight { .. })));
    // The 5 went back to paño 1 (4 + 5 = 9), paño 2 took the 2 the bank had; the bank
    // now plays by R-BQ-E13: against 5 and 2 the table says stand with 6.
    assert!(h.query_by_label("R-BQ-E13").is_some());
    enter(&mut h, "-");
    enter(&mut h, "Kd 4d");
    enter(&mut h, "6c Qs");
    shows_row(&h, "Secc. 2 · 100: Pagar 100");
    shows_row(&h, "Secc. 9 · 100: Queda");
}

/// An error recorded from the errors menu (F4): the stuck cards void the coup, the
/// ruling is shown with its clause and the bets stand (R-BQ-E3).
#[test]
fn an_error_from_the_menu_is_ruled_r_bq_e3() {
    let (mut h, log) = at_table(Game::Banque, "1000", "10", Lang::Es);
    enter(&mut h, "3 50 8 50 .");
    h.key_press(egui::Key::F4);
    h.settle();
    assert!(h.query_by_label("Anotar un error").is_some());
    h.get_by_label_contains("Cartas pegadas").click();
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().and_then(|l| l.entry.problem.clone()).is_none());
    // The coup is settled void at once: the payouts say why, with the clause (the
    // error's words are in the log, F2).
    let events = log.events();
    assert!(events.iter().any(|e| matches!(e, Event::Error(r) if r.clause == sabot::engine::Clause::BQE3)));
    assert!(events.iter().any(|e| matches!(e, Event::Voided { .. })));
    // The payout panel says void, with its clause: not «Empate» (issue 12 point 12).
    let void = "Jugada nula (R-BQ-E3): las apuestas quedan para la próxima jugada.";
    assert!(h.query_by_label_contains(void).is_some(), "the panel says the coup is void");
    assert!(h.query_by_label_contains("Empate").is_none(), "a void coup is not a tie");
    // Typed with its arguments, an error the rules do not allow is refused with why.
    enter(&mut h, "=");
    // The next coup opens with the void coup's bets standing, its bank announced again.
    let events = log.events();
    assert!(events.iter().any(|e| matches!(e, Event::BetsCarried(b) if b.len() == 2)), "the bets stand");
    assert!(events.iter().rev().take(3).any(|e| matches!(e, Event::BankAnnounced { .. })));
    h.get_by_label("Entrada").type_text("e10 1 9h Kd");
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    let problem = h.state().live().and_then(|l| l.entry.problem.clone()).unwrap_or_default();
    assert!(problem.starts_with("R-BQ-E10"), "refused with its clause: {problem}");
}

#[test]
fn a_refused_entry_says_why_and_one_key_takes_it_back_r_c_7() {
    let (mut h, log) = at_table(Game::Banque, "1000", "10", Lang::Es);
    let label = entry_label(Lang::Es);
    h.get_by_label(label).type_text(". 3 40 ");
    h.settle();
    // The red chip says why at once, before Enter.
    assert!(h.query_by_label_contains("R-C-7 — Ya se dijo «no va más»").is_some());
    h.key_press(egui::Key::Enter);
    h.settle();
    // Nothing confirmed: the banner says why, with the clause.
    assert!(h.query_by_label_contains("R-C-7 — Ya se dijo «no va más»").is_some());
    assert_eq!(log.records.lock().expect("records").len(), 0);
    // Escape takes back the refused bet; Enter confirms the rest.
    h.key_press(egui::Key::Escape);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    let live = h.state().live().expect("live");
    assert!(live.entry.problem.is_none());
    assert!(live.shift.shown().coup().play.closed);
}

#[test]
fn the_language_switches_in_the_app() {
    let (mut h, _) = at_table(Game::Banque, "1000", "10", Lang::Es);
    assert!(h.query_by_label("Hagan juego").is_some());
    h.get_by_label("EN").click();
    h.settle();
    assert!(h.query_by_label("Place your bets").is_some());
    enter_en(&mut h, "3 c 40 .");
    assert!(h.query_by_label("Tableau 1: card or no?").is_some());
}

fn enter_en(h: &mut Harness<'static, SabotApp>, text: &str) {
    h.get_by_label("Entry").type_text(text);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
}

#[test]
fn a_payout_panel_snapshot() {
    use sabot::engine::{Op, PlayerRef, Spot};
    let mut s = TableSettings::new(Game::Banque);
    s.unit = m("10");
    let mut table = Table::new(s, m("1000"), Shoe::decks(6)).expect("table");
    let bet = |seat: u8, standing: bool, spot: Spot, amount: &str| Op::Bet {
        player: PlayerRef { seat, standing },
        spot,
        amount: m(amount),
    };
    for op in [
        bet(1, false, Spot::Tableau(1), "100"),
        bet(2, true, Spot::Tableau(1), "20"),
        bet(3, false, Spot::Cheval, "30"),
        bet(7, false, Spot::Tableau(2), "50"),
        bet(8, false, Spot::Half(2), "60"),
        Op::NoMoreBets,
    ] {
        table.play(&op).expect("taken");
    }
    for c in ["2h", "9c", "Kd", "Qs", "Jd", "4c", "6h"] {
        table.play(&Op::Card(c.parse().expect("card"))).expect("card taken");
    }
    table.play(&Op::Say { hand: sabot::engine::HandId::Bank, call: sabot::engine::Call::Draw }).expect("bank draws");
    table.play(&Op::Card("5d".parse().expect("card"))).expect("card taken");
    let settlement = table.settlement().expect("settled").clone();
    let settings = table.settings().clone();
    let mut h = Harness::builder().with_size(egui::vec2(360.0, 640.0)).build_ui(move |ui| {
        ui.ctx().set_theme(egui::Theme::Dark);
        // The side panel's width: the columns share it.
        ui.set_min_width(340.0);
        sabot::app::payout::payout_ui(ui, Lang::Es, &settlement, &settings);
    });
    h.run();
    h.fit_contents();
    h.snapshot_options("payout_panel", &SnapshotOptions::new().threshold(1.2).max_failed_pixels(100));
}

/// The croupier's page's walkthrough (docs/croupier.md), typed exactly as written there: a Banque shift from the
/// start screen, five coups with a caballo and half-line bets and one infraction,
/// every one of them in the shift log.
#[test]
fn the_readme_banque_shift_five_coups_r_bq_9_r_bq_11_r_bq_16_r_bq_17() {
    let (mut h, log, _dir) = common::readme_banque_opened(false);
    enter(&mut h, "sabot baraja corte 14 =");
    let bank = |h: &Harness<'static, SabotApp>| h.state().live().expect("live").shift.shown().bank();

    // Coup 1: the worked example, with a caballo and the half line.
    enter(&mut h, "1 100 7 50 3 c 40 8 h 60 .");
    enter(&mut h, "+");
    enter(&mut h, "6h");
    enter(&mut h, "2 9c Jd");
    enter(&mut h, "/ +");
    enter(&mut h, "5d");
    enter(&mut h, "2h Qs");
    enter(&mut h, "Kd 4c");
    shows_row(&h, "Secc. 1 · 100: Cobrar 100");
    shows_row(&h, "Secc. 7 · 50: Pagar 50");
    shows_row(&h, "Secc. 3 · cab. 40: Queda");
    shows_row(&h, "Secc. 8 · ½ 60: Pagar 30");
    // The payouts and the croupier\'s slot on the table both say it.
    assert_slot(&h, "1");
    assert_eq!(bank(&h), m("1019"));

    // Coup 2: everyone stands; the bank's 5 loses to both paños.
    enter(&mut h, "=");
    // Paño 1 lost coup 1: its cards went to section 2 (R-BQ-9).
    assert!(h.query_by_label_contains("cartas: Secc. 2").is_some());
    enter(&mut h, "2 50 9 80 4 c 20 .");
    enter(&mut h, "- - -");
    enter(&mut h, "7h Kc 6d Ks 5c Qd");
    shows_row(&h, "Secc. 2 · 50: Pagar 50");
    shows_row(&h, "Secc. 4 · cab. 20: Pagar 20");
    assert_eq!(bank(&h), m("869"));

    // Coup 3: paño 1 says "no" with 4 — an infraction, found when it turns its cards
    // over (R-BQ-11). Paño 2 already took a card: Sabot proposes R-BQ-E14's ruling, the
    // croupier confirms it with Enter; the 8 goes back to paño 1, paño 2 takes the next.
    enter(&mut h, "=");
    enter(&mut h, "1 60 2p 40 10 h 80 .");
    enter(&mut h, "- + 8c -");
    enter(&mut h, "4s Td");
    assert!(h.query_by_label("R-BQ-11 — Paño 1 dijo «no» con 4: debía pedir carta.").is_some());
    assert!(h.query_by_label("R-BQ-E14").is_some());
    enter(&mut h, "");
    enter(&mut h, "5h");
    enter(&mut h, "-");
    enter(&mut h, "2c Jh");
    enter(&mut h, "Kh 7d");
    shows_row(&h, "Secc. 1 · 60: Cobrar 60");
    shows_row(&h, "2 de pie · 40: Cobrar 40");
    shows_row(&h, "Secc. 10 · ½ 80: Queda");
    // The payouts and the croupier\'s slot on the table both say it.
    assert_slot(&h, "5");
    assert_eq!(bank(&h), m("964"));

    // Coup 4: a card-reading shoe; both paños show naturals, the bank has no play.
    enter(&mut h, "=");
    enter(&mut h, "3 100 8 100 .");
    enter(&mut h, "9h 3s 2d Kc 5h 4s");
    shows_row(&h, "Secc. 8 · 100: Pagar 100");
    assert_eq!(bank(&h), m("764"));

    // Coup 5: the banker brings the bank up to 1200 (R-BQ-17); the bank's natural 8
    // ends the coup (R-BQ-12).
    enter(&mut h, "=1200");
    enter(&mut h, "6 200 11 150 2 c 100 .");
    enter(&mut h, "Ah 4d 3c 2s 2h 5c");
    shows_row(&h, "Secc. 2 · cab. 100: Cobrar 100");
    // The payouts and the croupier\'s slot on the table both say it.
    assert_slot(&h, "22,50");
    assert!(h.query_by_label("Banca 1.627,50").is_some());

    // Five coups, one infraction, all in the shift log.
    let events = log.events();
    let settled = events.iter().filter(|e| matches!(e, Event::Settled(_))).count();
    let infractions = events.iter().filter(|e| matches!(e, Event::Infraction(_))).count();
    assert_eq!((settled, infractions), (5, 1));
    let totals = h.state().live().expect("live").shift.shown().totals().clone();
    assert_eq!(totals.coups, 5);
    assert_eq!(totals.cagnotte, m("28.50"));
    // F2 reads the log back on screen, the infraction with its clause.
    h.key_press(egui::Key::F2);
    h.settle();
    assert!(h.query_by_label_contains("Registro del turno").is_some());
    assert!(h.query_by_label("Nuevo sabot").is_some());
    assert!(h.query_by_label("Secc. 3 toma la banca con 1.000").is_none());
    assert!(h.query_by_label("Secc. 5 toma la banca con 1.000").is_some());
    assert!(h.query_by_label("R-BQ-11 — Paño 1 dijo «no» con 4: debía pedir carta.").is_some());
}

/// An app at a live table from its very start (no shoe, no bank, no coup).
fn at_live_table(game: Game, unit: &str) -> Harness<'static, SabotApp> {
    let mut s = TableSettings::new(game);
    s.unit = m(unit);
    let table = Table::start(s).expect("table");
    let header = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
    let mut h = harness(SabotApp::with_table(Lang::Es, header, table, Box::new(MemoryLog::default())));
    h.settle();
    h
}

fn banner(h: &Harness<'static, SabotApp>, text: &str) {
    assert!(
        h.query_by_role_and_label(Role::Label, text).is_some(),
        "the banner does not say `{text}`: {:?}",
        h.state().live().map(|l| sabot::app::banner::banner_words(Lang::Es, l.shift.shown()).0)
    );
}

#[test]
fn a_chemin_de_fer_shift_the_cut_offered_and_the_bank_passing_r_c_5_r_cf_10() {
    let mut h = at_live_table(Game::ChemindeFer, "1");
    banner(&h, "Nuevo sabot: muestre las 6 barajas completas");
    enter(&mut h, "sabot baraja");
    // The cut is offered from the croupier's left: section 10 first (R-C-5).
    banner(&h, "Se ofrece el corte a la sección 10 (al menos 7 cartas debajo)");
    enter(&mut h, "nocorta");
    banner(&h, "Se ofrece el corte a la sección 9 (al menos 7 cartas debajo)");
    enter(&mut h, "corte 12");
    banner(&h, "¿Quién toma la banca?");
    enter(&mut h, "3 banca 500 =");
    banner(&h, "Hagan juego");
    // The player wins: the bank passes to the next section (R-CF-10).
    enter(&mut h, "5 200 .");
    enter(&mut h, "9h 2c Kd 3s");
    shows_row(&h, "Secc. 5 · 200: Pagar 200");
    // The banner keeps "pay" (the payouts stay on screen) and says what comes next.
    banner(&h, "Pague y cobre");
    assert!(h.query_by_label_contains("Se ofrece la banca a la sección 4").is_some());
    enter(&mut h, "pasa");
    assert!(h.query_by_label_contains("Se ofrece la banca a la sección 5").is_some());
    enter(&mut h, "5 banca 300 =");
    banner(&h, "Hagan juego");
    let table = h.state().live().expect("live").shift.shown().clone();
    assert_eq!(table.shift().banker(), Some(sabot::engine::PlayerRef::seated(5)));
    assert_eq!(table.bank(), m("300"));
}

#[test]
fn a_punto_y_banca_shift_burns_and_passes_the_sabot_r_pb_1_r_pb_3_r_pb_5() {
    let mut h = at_live_table(Game::PuntoBanca, "1");
    enter(&mut h, "sabot baraja corte 10");
    banner(&h, "Vuelva la primera carta y queme");
    enter(&mut h, "quema 3h =");
    banner(&h, "Hagan juego");
    assert!(h.query_by_label_contains("sabot: Secc. 1").is_some());
    enter(&mut h, "4 p 20 .");
    enter(&mut h, "9h Kc 2d 3s");
    // Punto wins: the sabot passes to the next section (R-PB-3).
    shows_row(&h, "Secc. 4 · 20: Pagar 20");
    enter(&mut h, "=");
    assert!(h.query_by_label_contains("sabot: Secc. 2").is_some());
}

/// The mouse alone: a section, a spot, an amount, "no va más", the card pad, a call,
/// "Confirmar".
#[test]
fn a_bet_and_a_card_with_the_mouse() {
    let (mut h, _) = at_table(Game::Banque, "1000", "10", Lang::Es);
    h.get_by_label("Sección 3").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "A caballo").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "20").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "No va más").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "Confirmar").click();
    h.settle();
    let live = h.state().live().expect("live");
    assert_eq!(live.shift.shown().coup().bets.len(), 1);
    assert!(live.shift.shown().coup().play.closed);
    h.get_by_role_and_label(Role::Button, "Carta").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "Confirmar").click();
    h.settle();
    // Paño 1 asked for a card: the pad gives it, rank then suit.
    h.get_by_role_and_label(Role::Button, "6").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "♥").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "Confirmar").click();
    h.settle();
    let table = h.state().live().expect("live").shift.shown().clone();
    assert_eq!(
        table.coup().play.hands[sabot::engine::HandId::Tableau(1)].cards.third,
        Some("6h".parse().expect("card"))
    );
}

#[test]
fn f1_shows_the_grammar_beside_the_table() {
    let (mut h, _) = at_table(Game::Banque, "1000", "10", Lang::Es);
    h.key_press(egui::Key::F1);
    h.settle();
    let help = h.get_by_label("la sección 3 apuesta 40 a su paño").rect();
    let seat = h.get_by_label("Sección 3").rect();
    // The help sits in the side panel, right of the table, inside the window.
    assert!(help.left() > seat.right() && help.right() <= 1280.0, "{help:?} {seat:?}");
    h.key_press(egui::Key::F1);
    h.settle();
    assert!(h.query_by_label("la sección 3 apuesta 40 a su paño").is_none());
}

fn type_enter(h: &mut Harness<'static, SabotApp>, text: &str) {
    h.get_by_label("Entrada").type_text(text);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    let problem = h.state().live().and_then(|l| l.entry.problem.clone());
    assert!(problem.is_none(), "`{text}` was not taken: {problem:?}");
}

/// The shift log on disk: a shift opened from the start screen writes its log
/// through the writer thread; Sabot stops without closing (a crash); the next start
/// finds the shift unfinished and takes it up at the same coup; closing it closes
/// the log, which then verifies.
#[test]
fn the_shift_log_on_disk_survives_a_stop_and_closes() {
    use sabot::app::journal_logs;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), journal_logs()));
    h.settle();
    common::fill_fields(
        &mut h,
        &[("Mesa", "Mesa 3"), ("Croupier", "Ana"), ("Banquero (sección)", "5"), ("Banca anunciada", "1000")],
    );
    h.key_press(egui::Key::Enter);
    h.settle();
    type_enter(&mut h, "sabot baraja corte 14 =");
    type_enter(&mut h, "1 100 7 50 .");
    type_enter(&mut h, "- - -");
    type_enter(&mut h, "7h Kc 6d Ks 5c Qd");
    shows_row(&h, "Secc. 1 · 100: Pagar 100");
    let location = h.state().live().expect("live").shift.log_location();
    assert!(location.ends_with(".sabotlog"), "{location}");
    // Every confirmed record is on disk: the log replays to the table on screen.
    let replayed = sabot::journal::replay(&location).expect("replay");
    assert_eq!(&replayed.table, h.state().live().expect("live").shift.shown());
    // Sabot stops without closing the shift.
    drop(h);
    let unfinished = sabot::journal::unfinished(dir.path()).expect("scan");
    assert_eq!(unfinished.len(), 1);

    // The next start offers to take it up; F5 does, at the same coup.
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), journal_logs()));
    h.settle();
    assert!(h.query_by_label("Turno sin cerrar").is_some());
    h.key_press(egui::Key::F5);
    h.settle();
    let table = h.state().live().expect("resumed").shift.shown().clone();
    assert_eq!(table.bank(), m("850"));
    assert_eq!(table.shift().coup_number, 1);
    assert!(table.settlement().is_some());
    type_enter(&mut h, "=");
    assert_eq!(h.state().live().expect("live").shift.shown().shift().coup_number, 2);
    // Closing: asked, confirmed with Enter, then back to the start screen.
    h.get_by_label("Cerrar turno").click();
    h.settle();
    assert!(h.query_by_label("¿Cerrar el turno de Mesa 3?").is_some());
    h.key_press(egui::Key::Enter);
    h.settle();
    h.settle();
    // The close-of-shift sheet, its PDF beside the log; Enter: the start screen.
    assert!(h.query_by_label("Hoja de cierre del turno").is_some(), "the sheet shows");
    assert!(std::path::Path::new(&format!("{location}.sheet.pdf")).is_file());
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_none(), "back to the start screen");
    assert!(h.query_by_label_contains("Turno cerrado").is_some());
    assert!(sabot::journal::is_closed(std::path::Path::new(&location)));
    assert!(sabot::journal::unfinished(dir.path()).expect("scan").is_empty());
    let replayed = sabot::journal::replay(&location).expect("replay");
    assert!(replayed.closed.is_some());
    assert_eq!(replayed.resumed.len(), 1);
}

/// Types an answer on the training screen as the trainee does: a choice's key, or
/// the amount and Enter.
fn train_answer(h: &mut Harness<'static, SabotApp>, q: &sabot::training::Question, a: &sabot::training::Answer) {
    match a {
        sabot::training::Answer::Choice(i) => h.event(egui::Event::Text((i + 1).to_string())),
        sabot::training::Answer::Total(n) => h.event(egui::Event::Text(n.to_string())),
        sabot::training::Answer::Amount(m) => {
            h.event(egui::Event::Text(m.to_string()));
            h.settle();
            h.key_press(egui::Key::Enter);
        }
    }
    h.settle();
    let _ = q;
}

#[test]
fn training_from_the_start_screen_scores_a_right_and_a_wrong_answer_r_bq_15() {
    use sabot::training::{Answer, Ask, words};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = SabotApp::in_dir(Lang::Es, dir.path(), memory_logs());
    app.training_seed = Some(7);
    let mut h = harness(app);
    h.settle();
    h.get_by_role_and_label(Role::Button, "Entrenamiento").click();
    h.settle();
    // The school first: a trainee by name, then free practice (every kind mixed).
    h.get_by_label("Nombre del alumno").click();
    h.settle();
    h.event(egui::Event::Text("Ana".into()));
    h.settle();
    h.get_by_role_and_label(Role::Button, "Elegir o crear").click();
    h.settle();
    h.get_by_role_and_label(Role::Button, "Práctica libre (todo mezclado)").click();
    h.settle();
    let q = h.state().training().expect("the training screen").session.current().cloned().expect("a question");
    // The question is on screen, and the staged table with it.
    let head = format!("Pregunta ({}): {}", words::kind_name(Lang::Es, q.kind), words::prompt(Lang::Es, &q));
    assert!(h.query_by_label(&head).is_some(), "no `{head}`");
    // Right: the engine's answer (the payout of the settlement, the ruling, the duty).
    train_answer(&mut h, &q, &q.right_answer());
    let tr = h.state().training().expect("training");
    let scored = tr.last.as_ref().map(|(_, s)| s.clone()).expect("scored");
    assert!(scored.right);
    assert!(h.query_by_label(&words::feedback(Lang::Es, &q, &scored)).is_some(), "the verdict is shown");
    h.key_press(egui::Key::Enter);
    h.settle();
    // A bad key is said, not scored; then a wrong answer.
    let q2 = h.state().training().expect("training").session.current().cloned().expect("a second question");
    let wrong = match &q2.ask {
        Ask::Choose { right, choices } => Answer::Choice((right + 1) % choices.len()),
        Ask::Amount { right, .. } => Answer::Amount(right.checked_add(m("10")).expect("amount")),
        Ask::Total { right, .. } => Answer::Total((right + 1) % 10),
    };
    if matches!(q2.ask, Ask::Choose { .. }) {
        h.event(egui::Event::Text("9".into()));
        h.settle();
        assert!(h.state().training().expect("training").problem.is_some());
    }
    train_answer(&mut h, &q2, &wrong);
    let tr = h.state().training().expect("training");
    let scored = tr.last.as_ref().map(|(_, s)| s.clone()).expect("scored");
    assert!(!scored.right);
    let verdict = words::feedback(Lang::Es, &q2, &scored);
    assert!(verdict.starts_with("No. La respuesta:") && verdict.contains(q2.clause().id()), "{verdict}");
    assert!(h.query_by_label(&verdict).is_some(), "the right answer and its clause are shown");
    // The running score: one right of two.
    assert_eq!((tr.session.score.right(), tr.session.score.asked()), (1, 2));
    assert!(h.query_by_label("1/2").is_some(), "the score on screen");
    assert!(h.query_by_label(&words::score_line(Lang::Es, &tr.session.score)).is_some());
    // Esc goes back to the school, and again to the start screen.
    h.key_press(egui::Key::Enter);
    h.settle();
    h.key_press(egui::Key::Escape);
    h.settle();
    assert!(h.state().training().is_none());
    assert!(h.state().lobby().is_some());
    h.key_press(egui::Key::Escape);
    h.settle();
    assert!(h.query_by_role_and_label(Role::Button, "Abrir turno").is_some());
}

/// A payout question must not be answered by the table itself: until the trainee
/// answers, a settled coup shows the bank as it stood before the coup and no cagnotte
/// in the slot; once the verdict is in, the table shows both (R-BQ-16).
#[test]
fn a_training_table_keeps_the_cagnotte_and_the_new_bank_until_answered_r_bq_16() {
    use sabot::app::{assets::Assets, felt};
    use sabot::training::{Ask, PayTarget, Session};
    let ctx = egui::Context::default();
    let assets = Assets::load(&ctx);
    let q = (0..40u64)
        .filter_map(|seed| Session::from_seed(Game::Banque, 6, seed).ok())
        .flat_map(|s| s.questions().cloned().collect::<Vec<_>>())
        .find(|q| {
            matches!(&q.ask, Ask::Amount { target: PayTarget::Cagnotte, right, .. } if right.is_positive())
                && q.table.settlement().is_some_and(|s| s.bank_before != q.table.bank())
        })
        .expect("a cagnotte question on a coup that moved the bank");
    let s = q.table.settlement().expect("settled");
    let view = |quiz| felt::View {
        lang: Lang::Es,
        table: &q.table,
        assets: &assets,
        turn: None,
        next: None,
        quiz,
        seats_from: None,
    };
    assert_eq!(view(true).bank(), s.bank_before);
    assert_eq!(view(true).cagnotte(), None);
    assert_eq!(view(false).bank(), q.table.bank());
    assert_eq!(view(false).cagnotte(), Some(s.cagnotte));
}

/// A training session from the app writes its own log, marked as training, in the
/// log folder's `training` folder: every staged coup, closed when the trainee leaves.
/// It verifies like a shift log, and is never offered as an unfinished shift.
#[test]
fn a_training_session_in_the_app_writes_its_own_marked_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = SabotApp::in_dir(Lang::En, dir.path(), sabot::app::journal_logs());
    app.training_seed = Some(11);
    let mut h = harness(app);
    h.settle();
    h.key_press(egui::Key::F6);
    h.settle();
    h.get_by_label("Trainee's name").click();
    h.settle();
    h.event(egui::Event::Text("Ana".into()));
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    h.key_press(egui::Key::Num0);
    h.settle();
    let tr = h.state().training().expect("the training screen");
    let location = tr.log_note.clone().expect("the log is named on screen");
    assert!(!tr.log_failed, "{location}");
    assert!(h.query_by_label_contains(&location).is_some(), "the log's place is shown");
    // Every question answered (right), then the trainee leaves.
    let mut answered = 0;
    while let Some(q) = h.state().training().and_then(|t| t.session.current().cloned()) {
        train_answer(&mut h, &q, &q.right_answer());
        h.key_press(egui::Key::Enter);
        h.settle();
        answered += 1;
        assert!(answered < 200, "the session ends");
    }
    let drills = h.state().training().expect("training").session.drills().to_vec();
    h.key_press(egui::Key::Escape);
    h.settle();
    assert!(h.state().training().is_none());
    let files: Vec<_> = std::fs::read_dir(dir.path().join("training"))
        .expect("the training folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sabotlog"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let log = &files[0];
    assert!(sabot::journal::is_training_name(log), "{log:?}");
    // Named by the game and the trainee, no longer `training_trainee`.
    let name = log.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    assert!(name.ends_with("_banque_Ana.sabotlog"), "{name}");
    assert!(sabot::journal::is_closed(log));
    let report = sabot::journal::verify(log);
    let replayed = report.result.expect("the training log verifies");
    assert!(replayed.header.training);
    let staged: usize = drills.iter().map(|d| d.ops.len()).sum();
    assert_eq!(replayed.records, staged as u64 + 2, "header, every staged operation, the close");
    assert!(sabot::journal::unfinished(dir.path()).expect("scan").is_empty());
    assert!(sabot::journal::unfinished(&dir.path().join("training")).expect("scan").is_empty());
}

/// A shift log damaged in the middle: offered like any unfinished shift (it was never
/// closed), but taking it up says why not, in the croupier's language, and nothing
/// starts.
#[test]
fn a_damaged_log_is_refused_in_the_croupier_s_language() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("2026-11-22_010000_Mesa-9_Eva.sabotlog");
    let header = sabot::journal::Header::live("Mesa 9", "Eva", TableSettings::new(Game::Banque), false);
    drop(sabot::journal::Journal::create(&path, header).expect("log"));
    let mut f = std::fs::OpenOptions::new().append(true).open(&path).expect("open");
    f.write_all(b"garbage\nmore garbage\n").expect("write");
    drop(f);
    for (lang, words) in [(Lang::Es, "no empieza por `Record(v:`"), (Lang::En, "does not start with `Record(v:`")] {
        let mut h = harness(SabotApp::in_dir(lang, dir.path(), sabot::app::journal_logs()));
        h.settle();
        h.key_press(egui::Key::F5);
        h.settle();
        assert!(h.state().live().is_none(), "no shift from a damaged log");
        let problem = match &h.state().screen {
            sabot::app::Screen::Start(form) => form.problem.clone().unwrap_or_default(),
            _ => String::new(),
        };
        assert!(problem.contains(words), "{lang:?}: `{words}` not in `{problem}`");
        assert!(h.query_by_label(&problem).is_some(), "the problem is on screen");
    }
}
