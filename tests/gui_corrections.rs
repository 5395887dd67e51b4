//! The corrections a live table needs, through the app's screen and keys: a bet
//! taken back or changed before «no va más» (F7, F9), the last coup's bets again
//! (F8), a broken bank led to its next step, `=` writing nothing that changes
//! nothing; the start form's limits, its refusals and keys; the preferences
//! remembered for the next start.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sabot::app::shift::{MemoryLog, ShiftHeader};
use sabot::app::{SabotApp, Screen, memory_logs};
use sabot::engine::{Event, Game, Money, PlayerRef, Spot, Table, TableSettings};
use sabot::i18n::Lang;

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

use common::{Settle, harness};

/// A live table from the very start of its shift, its log in memory.
fn at_live_table(game: Game, lang: Lang) -> (Harness<'static, SabotApp>, MemoryLog) {
    let table = Table::start(TableSettings::new(game)).expect("table");
    let log = MemoryLog::default();
    let header = ShiftHeader { table_name: "Mesa 1".into(), croupier: "Ana".into() };
    let mut h = harness(SabotApp::with_table(lang, header, table, Box::new(log.clone())));
    h.settle();
    (h, log)
}

fn problem(h: &Harness<'static, SabotApp>) -> Option<String> {
    h.state().live().and_then(|l| l.entry.problem.clone())
}

/// Types on the entry line and presses Enter; the line must be taken.
fn enter(h: &mut Harness<'static, SabotApp>, text: &str) {
    type_enter(h, text);
    assert!(problem(h).is_none(), "`{text}` was not taken: {:?}", problem(h));
}

/// Types on the entry line and presses Enter, taken or not.
fn type_enter(h: &mut Harness<'static, SabotApp>, text: &str) {
    h.event(egui::Event::Text(text.into()));
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
}

fn table(h: &Harness<'static, SabotApp>) -> Table {
    h.state().live().expect("live").shift.shown().clone()
}

fn stakes(h: &Harness<'static, SabotApp>) -> Vec<(PlayerRef, Spot, Money)> {
    table(h).coup().bets.iter().map(|b| (b.player, b.spot, b.amount)).collect()
}

fn keys_line(h: &Harness<'static, SabotApp>, lang: Lang) -> String {
    sabot::app::banner::banner_words(lang, h.state().live().expect("live").shift.shown()).1
}

#[test]
fn a_bet_taken_back_and_one_changed_before_no_more_bets_with_their_keys_r_c_7() {
    let (mut h, log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    enter(&mut h, "3 c 40 8 h2 50 1 100");
    // F7: «quita»; section 3's bet a caballo goes.
    h.key_press(egui::Key::F7);
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text, "quita ");
    enter(&mut h, "3 c");
    // F9: «cambia»; section 8's half-line bet is 60 now.
    h.key_press(egui::Key::F9);
    enter(&mut h, "8 h2 60");
    let p = PlayerRef::seated;
    assert_eq!(stakes(&h), vec![(p(1), Spot::Tableau(1), m("100")), (p(8), Spot::Half(2), m("60"))]);
    let withdrawn = log.events().iter().filter(|e| matches!(e, Event::BetWithdrawn { .. })).count();
    assert_eq!(withdrawn, 2);
    // Nothing of section 4's to take back: the engine says so, nothing is written.
    let records = log.records.lock().expect("log").len();
    type_enter(&mut h, "quita 4");
    let why = problem(&h).expect("refused");
    assert!(why.starts_with("R-C-7"), "{why}");
    assert_eq!(log.records.lock().expect("log").len(), records);
    h.key_press(egui::Key::Escape);
    h.settle();
    // After «no va más» a bet stays (R-C-7).
    enter(&mut h, ".");
    type_enter(&mut h, "quita 1");
    assert!(problem(&h).is_some_and(|w| w.starts_with("R-C-7")), "{:?}", problem(&h));
}

#[test]
fn the_last_coup_s_bets_again_with_f8_each_a_chip() {
    let (mut h, _log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    // Nothing to repeat yet.
    h.key_press(egui::Key::F8);
    h.settle();
    assert!(problem(&h).is_some_and(|p| p.contains("repetir")), "{:?}", problem(&h));
    enter(&mut h, "3 c 40 8p h2 12,50 1 100 .");
    enter(&mut h, "- - -");
    enter(&mut h, "7h Kc 6d Ks 5c Qd");
    let before: Vec<_> = stakes(&h);
    enter(&mut h, "=");
    assert!(stakes(&h).is_empty());
    h.key_press(egui::Key::F8);
    h.settle();
    let live = h.state().live().expect("live");
    assert_eq!(live.entry.chips.len(), 3, "one chip a bet: {:?}", live.entry.text);
    // Each chip comes off on its own (Esc takes the last); the word works as the key does.
    for left in [2, 1, 0] {
        h.key_press(egui::Key::Escape);
        h.settle();
        assert_eq!(h.state().live().expect("live").entry.chips.len(), left);
    }
    h.event(egui::Event::Text("repite ".into()));
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.chips.len(), 3);
    h.key_press(egui::Key::Enter);
    h.settle();
    assert_eq!(stakes(&h), before);
}

#[test]
fn a_broken_bank_is_said_with_its_keys_and_equals_writes_nothing_r_bq_3() {
    let (mut h, log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 100 =");
    // A banco on paño 1 wins the whole bank.
    enter(&mut h, "1 b1 . 9c 2d Kh Kd Qd 5s");
    enter(&mut h, "2+ 3h b-");
    assert_eq!(table(&h).bank(), m("0"));
    assert!(keys_line(&h, Lang::Es).contains("a banca ha saltado: está a 0"), "{}", keys_line(&h, Lang::Es));
    // The buttons offer what a broken bank takes: a new bank, or leaving it; never «Nueva
    // jugada», which is refused (issue 24, point 6).
    assert!(h.query_by_label_contains("Nueva banca").is_some(), "a new bank offered");
    assert!(h.query_by_label_contains("Deja la banca").is_some(), "leaving it offered");
    assert!(h.query_by_label_contains("Nueva jugada").is_none(), "no «Nueva jugada» at a broken bank");
    // `=` at a bank of 0, once or three times: refused, nothing written.
    let opened = |log: &MemoryLog| log.events().iter().filter(|e| matches!(e, Event::CoupOpened { .. })).count();
    let records = log.records.lock().expect("log").len();
    for text in ["=", "= = ="] {
        type_enter(&mut h, text);
        let why = problem(&h).expect("refused");
        assert!(why.starts_with("R-BQ-3") && why.contains("ha saltado"), "{why}");
        h.key_press(egui::Key::Escape);
        h.key_press(egui::Key::Escape);
        h.key_press(egui::Key::Escape);
        h.settle();
    }
    assert_eq!(log.records.lock().expect("log").len(), records);
    let coups = opened(&log);
    // The banker leaves it: broken, it is bought anew (or auctioned).
    enter(&mut h, "deja");
    let keys = keys_line(&h, Lang::Es);
    assert!(keys.contains("a banca saltó y el banquero la dejó: ¿quién compra la banca?"), "{keys}");
    enter(&mut h, "subasta 3 800 4 900 =");
    let t = table(&h);
    assert_eq!((t.shift().banker(), t.bank()), (Some(PlayerRef::seated(4)), m("900")));
    assert_eq!(opened(&log), coups + 1);
    // An open coup: `=` only announces, and the same bank twice is refused.
    type_enter(&mut h, "=");
    assert!(problem(&h).is_some_and(|p| p.starts_with("R-BQ-17")), "{:?}", problem(&h));
    h.key_press(egui::Key::Escape);
    h.settle();
    enter(&mut h, "=1200");
    assert_eq!(opened(&log), coups + 1);
    assert_eq!(table(&h).bank(), m("1200"));
}

#[test]
fn a_punto_y_banca_tie_leaves_the_bets_to_take_back_or_change_r_pb_4() {
    let (mut h, _log) = at_live_table(Game::PuntoBanca, Lang::Es);
    enter(&mut h, "sabot baraja corte 10 quema 3h =");
    // `=` on the coup just opened: nothing to write.
    type_enter(&mut h, "=");
    assert!(problem(&h).is_some_and(|p| p.contains("ya está abierta")), "{:?}", problem(&h));
    h.key_press(egui::Key::Escape);
    h.settle();
    enter(&mut h, "4 p 20 5 b 30 .");
    enter(&mut h, "9c Kd 9h Qs");
    assert!(table(&h).settlement().is_some_and(|s| s.void == Some(sabot::engine::Clause::PB4)));
    enter(&mut h, "=");
    assert_eq!(stakes(&h).len(), 2, "the tie's bets stay on the cloth");
    enter(&mut h, "quita 4 cambia 5 p 30");
    assert_eq!(stakes(&h), vec![(PlayerRef::seated(5), Spot::Punto, m("30"))]);
}

#[test]
fn a_player_who_leaves_after_a_tie_takes_his_bet_and_is_paid_nothing_r_bq_1_r_pb_4() {
    let (mut h, _log) = at_live_table(Game::PuntoBanca, Lang::Es);
    enter(&mut h, "sabot baraja corte 10 quema 3h =");
    enter(&mut h, "3 p 50 4 b 20 .");
    enter(&mut h, "9c Kd 9h Qs");
    assert!(table(&h).settlement().is_some_and(|s| s.void == Some(sabot::engine::Clause::PB4)));
    // Section 3 leaves with his bet (his bet brought him to the table: nobody was seated).
    enter(&mut h, "3 sale");
    enter(&mut h, "=");
    assert_eq!(stakes(&h), vec![(PlayerRef::seated(4), Spot::Banca, m("20"))], "only the bets of those still there");
    // Gone, he names no seat any more: one clause, R-BQ-1.
    type_enter(&mut h, "3 p 50");
    assert!(problem(&h).is_some_and(|p| p.starts_with("R-BQ-1 ")), "{:?}", problem(&h));
    h.key_press(egui::Key::Escape);
    h.settle();
    enter(&mut h, ". 9d Kc 2h Qh");
    let t = table(&h);
    let s = t.settlement().expect("settled");
    assert!(s.bets.iter().all(|r| r.bet.player != PlayerRef::seated(3)), "nobody is paid at an empty seat: {s:?}");
    // The croupier seats a player: from then on he keeps the seating.
    enter(&mut h, "= 6 sienta");
    assert_eq!(table(&h).shift().seating, sabot::engine::Seating::Kept);
    assert!(table(&h).shift().roster.contains(&PlayerRef::seated(4)), "who acted before stays at the table");
}

#[test]
fn table_limits_from_the_start_form_refuse_in_the_table_s_number_format_r_bq_4() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), memory_logs()));
    h.settle();
    common::fill_fields(
        &mut h,
        &[
            ("Mesa", "Mesa 3"),
            ("Croupier", "Ana"),
            ("Apuesta mínima", "10"),
            ("Apuesta máxima", "1000"),
            ("Banquero (sección)", "5"),
            ("Banca anunciada", "5000"),
        ],
    );
    h.key_press(egui::Key::Enter);
    h.settle();
    let s = table(&h).settings().clone();
    assert_eq!((s.house.table_min, s.house.table_max), (Some(m("10")), Some(m("1000"))));
    enter(&mut h, "sabot baraja corte 14 =");
    type_enter(&mut h, "3 1047,25");
    assert_eq!(
        problem(&h).as_deref(),
        Some("R-BQ-4 — La apuesta de 1.047,25 pasa del máximo de la mesa, 1.000."),
        "in the table's number format"
    );
    h.key_press(egui::Key::Escape);
    h.settle();
    type_enter(&mut h, "3 7,5");
    assert_eq!(problem(&h).as_deref(), Some("R-BQ-4 — La apuesta de 7,50 no llega al mínimo de la mesa, 10."));
}

fn form<'a>(h: &'a Harness<'static, SabotApp>) -> &'a sabot::app::start::StartForm {
    match &h.state().screen {
        Screen::Start(f) => f,
        _ => panic!("not the start screen"),
    }
}

#[test]
fn a_refused_start_form_gives_the_field_the_keyboard_and_tab_selects_a_filled_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), memory_logs()));
    h.settle();
    h.get_by_label("Mesa").type_text("Mesa 3");
    h.settle();
    // Tab, Tab: past the croupier to the decks, whose 6 is selected and typed over.
    h.key_press(egui::Key::Tab);
    h.settle();
    h.key_press(egui::Key::Tab);
    h.settle();
    assert!(h.get_by_label("Barajas en el sabot").is_focused());
    h.event(egui::Event::Text("x".into()));
    h.settle();
    assert_eq!(form(&h).decks, "x");
    // Enter: the croupier is missing; the form says why and the field takes the keyboard.
    h.key_press(egui::Key::Enter);
    h.settle();
    h.settle();
    assert_eq!(form(&h).problem.as_deref(), Some("Revise «Croupier»: está vacío."));
    assert!(h.get_by_label("Croupier").is_focused());
    h.event(egui::Event::Text("Ana".into()));
    h.key_press(egui::Key::Enter);
    h.settle();
    h.settle();
    assert_eq!(form(&h).problem.as_deref(), Some("Revise «Barajas en el sabot»: «x» no es un número entero."));
    assert!(h.get_by_label("Barajas en el sabot").is_focused());
    assert!(h.state().live().is_none());
}

#[test]
fn keys_switch_the_language_resume_any_unfinished_shift_and_close_it() {
    use sabot::app::journal_logs;
    let dir = tempfile::tempdir().expect("tempdir");
    // Two shifts left open in the folder.
    for (name, croupier) in [("Mesa 1", "Ana"), ("Mesa 2", "Eva")] {
        let header = sabot::journal::Header::live(name, croupier, TableSettings::new(Game::Banque), false);
        drop(sabot::journal::Journal::create_in(dir.path(), header).expect("log"));
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), journal_logs()));
    h.settle();
    assert_eq!(form(&h).unfinished.len(), 2);
    // F12: English, and back.
    h.key_press(egui::Key::F12);
    h.settle();
    assert_eq!(h.state().lang, Lang::En);
    assert!(h.query_by_label("Shift not closed").is_some());
    h.key_press(egui::Key::F12);
    h.settle();
    assert_eq!(h.state().lang, Lang::Es);
    // Alt+2: the second shift of the list.
    let second = form(&h).unfinished[1].header.as_ref().expect("header").table.clone();
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::Num2);
    h.settle();
    assert_eq!(h.state().live().expect("resumed").shift.header.table_name, second);
    // F10 asks to close, Enter closes; back at the start, one shift is left and Enter
    // on the empty form takes it up.
    h.key_press(egui::Key::F10);
    h.settle();
    assert!(h.state().live().expect("live").confirm_close);
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_none(), "closed");
    // The close-of-shift sheet first; Enter goes on to the form.
    assert!(matches!(h.state().screen, Screen::Sheet(_)), "the sheet shows after the close");
    h.key_press(egui::Key::Enter);
    h.settle();
    assert_eq!(form(&h).unfinished.len(), 1);
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_some(), "Enter took up the shift left");
}

#[test]
fn preferences_come_back_at_the_next_start_never_the_shift() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), memory_logs()));
    h.settle();
    h.key_press(egui::Key::F2);
    h.key_press(egui::Key::F12);
    h.settle();
    common::fill_fields(&mut h, &[("Table", "T1"), ("Croupier", "Ana"), ("Minimum stake", "20"), ("Sections", "8")]);
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_some());
    let prefs = h.state().prefs();
    // Through eframe's storage interface (`set_value`, `get_value`: RON text under a
    // key), as the window stores them at exit and reads them at the next start.
    let mut storage = Strings::default();
    prefs.store(&mut storage);
    let loaded = sabot::app::prefs::Prefs::load(&storage);
    let loaded = loaded.expect("stored");
    assert_eq!(loaded, prefs);
    let mut app = SabotApp::in_dir(Lang::Es, std::path::Path::new("/nonexistent"), memory_logs());
    app.restore(loaded, true);
    assert_eq!(app.lang, Lang::En);
    let Screen::Start(f) = &app.screen else { panic!("start") };
    assert_eq!((f.game, f.sections.as_str(), f.table_min.as_str()), (Game::ChemindeFer, "8", "20"));
    assert_eq!(f.log_dir, dir.path().display().to_string());
    // The table's name and croupier are the shift's, not preferences.
    assert!(f.table_name.is_empty() && f.croupier.is_empty());
    // A language asked for on the command line wins.
    let mut app = SabotApp::in_dir(Lang::Es, dir.path(), memory_logs());
    app.restore(prefs, false);
    assert_eq!(app.lang, Lang::Es);
}

/// Key and text, as eframe's storage keeps them.
#[derive(Default)]
struct Strings(std::collections::HashMap<String, String>);

impl eframe::Storage for Strings {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// A table's settings outlive its shift: closed with F10, the start form keeps the
/// unit and the minimum (a forgotten unit splits a caballo wrong, R-BQ-7), says so,
/// and they are what is remembered for the next start.
#[test]
fn closing_a_shift_keeps_the_tables_settings_r_bq_7() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::En, dir.path(), memory_logs()));
    h.settle();
    common::fill_fields(
        &mut h,
        &[("Table", "T1"), ("Croupier", "Ana"), ("Betting unit", "10"), ("Minimum stake", "20")],
    );
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_some(), "opened");
    h.key_press(egui::Key::F10);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_none(), "closed");
    let f = form(&h);
    assert_eq!((f.unit.as_str(), f.table_min.as_str()), ("10", "20"), "the form keeps the table's settings");
    let notice = f.notice.clone().unwrap_or_default();
    assert!(notice.contains("unit 10") && notice.contains("minimum 20"), "{notice}");
    let p = h.state().prefs();
    assert_eq!((p.unit.as_str(), p.table_min.as_str()), ("10", "20"), "remembered for the next start");
}

/// Issue 24's first point, through the keys: paño 1's cards typed wrong raise a false
/// «stood on 2» ruling (R-BQ-11); `=` is refused while it waits. Ctrl+Z puts «anula»
/// on the line, its chip says what goes (the cards typed), Enter takes the entry
/// back: no ruling waits, the log keeps the entry and its taking back, and the coup
/// pays as played once the cards are typed right.
#[test]
fn the_croupier_takes_back_his_own_typo_with_ctrl_z_before_payment_r_bq_e7() {
    let (mut h, log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    enter(&mut h, "1 100 7 50 .");
    enter(&mut h, "1-");
    // Paño 1 holds 7♥ K♣; the croupier types 2♥ K♣.
    enter(&mut h, "1 2h kc");
    assert!(table(&h).coup().play.pending.is_some(), "a ruling waits on the typo");
    // `=` is refused while the ruling waits.
    type_enter(&mut h, "=");
    assert!(problem(&h).is_some());
    h.key_press(egui::Key::Escape);
    h.settle();
    let ctrl = egui::Modifiers { ctrl: true, command: true, ..Default::default() };
    h.key_combination_modifiers(ctrl, &[egui::Key::Z]);
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text.trim(), "anula");
    // Twice: two entries («1-» and the cards); the chip would say both.
    h.key_combination_modifiers(ctrl, &[egui::Key::Z]);
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text.trim(), "anula 2");
    // Backspace takes the chip off the line; Ctrl+Z again: one entry.
    h.key_press(egui::Key::Backspace);
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text.trim(), "");
    h.key_combination_modifiers(ctrl, &[egui::Key::Z]);
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text.trim(), "anula");
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(problem(&h).is_none(), "{:?}", problem(&h));
    assert!(table(&h).coup().play.pending.is_none(), "no ruling waits once the typo is taken back");
    assert_eq!(table(&h).totals().corrections, 1);
    enter(&mut h, "1 7h kc 2 9c jd b kd 5c b-");
    let s = table(&h).settlement().cloned().expect("settled");
    assert_eq!(s.net_of(PlayerRef::seated(1)), m("100"));
    assert_eq!(s.net_of(PlayerRef::seated(7)), m("50"));
    assert_eq!(table(&h).bank(), m("850"));
    let events = log.events();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::TakenBack { entries: 1, .. })).count(), 1);
    // Once the next coup opened, the coup before is paid: only the new coup's own
    // entry (the bank announced at 850) can be taken back, not the paid coup's.
    enter(&mut h, "=");
    type_enter(&mut h, "anula 2");
    let said = problem(&h).expect("refused");
    assert!(said.contains("R-BQ-E7") && said.contains("la anterior está pagada"), "{said}");
}

/// Issue 24's third point: F10 and Enter close the shift and show its sheet (coups,
/// the bank from start to end, errors and infractions by clause, the croupier's
/// corrections, the log's name and last hash), written beside the log as a PDF to
/// print and sign; Enter goes on to the start form, the table's settings kept.
#[test]
fn closing_a_shift_shows_its_sheet_and_writes_it_beside_the_log_as_a_pdf() {
    use sabot::app::journal_logs;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::En, dir.path(), journal_logs()));
    h.settle();
    common::fill_fields(&mut h, &[("Table", "Mesa 4"), ("Croupier", "Ana"), ("Betting unit", "10")]);
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(h.state().live().is_some(), "opened");
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    enter(&mut h, "1 100 .");
    // A card typed wrong, taken back (one correction), then the coup as dealt.
    enter(&mut h, "9h");
    enter(&mut h, "anula");
    enter(&mut h, "8h 7d 5c kc kd qd 2- b-");
    assert!(table(&h).settlement().is_some(), "settled");
    h.key_press(egui::Key::F10);
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    let Screen::Sheet(sheet) = &h.state().screen else { panic!("no sheet after the close") };
    let text = sheet.lines.join("\n");
    for want in [
        "Close-of-shift sheet",
        "Mesa 4",
        "Ana",
        "One coup",
        "Entries the croupier took back before payment: 1",
        "Hash of the last record: ",
    ] {
        assert!(text.contains(want), "the sheet lacks «{want}»:\n{text}");
    }
    let pdf = sheet.written.clone().expect("the PDF is written");
    assert_eq!(pdf.parent(), Some(dir.path()), "beside the log");
    let bytes = std::fs::read(&pdf).expect("pdf");
    assert!(bytes.starts_with(b"%PDF-") && bytes.len() > 1000, "a PDF: {} bytes", bytes.len());
    // The hash on the sheet is the log's last record's.
    let log = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "sabotlog"))
        .expect("the log");
    let s = sabot::reports::summary::summarise(&log, Default::default()).expect("summary");
    assert!(text.contains(&s.last_hash) && s.last_hash.len() == 64, "{text}");
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(matches!(h.state().screen, Screen::Start(_)), "Enter goes on to the start form");
    assert_eq!(form(&h).unit, "10", "the table's settings kept");
}

/// Issue 24, point 5: a long list of unfinished shifts scrolls in its own frame; at
/// 1280×800 the form's «Abrir turno», «Entrenamiento» and «Revisar» stay on the screen.
#[test]
fn many_unfinished_shifts_leave_the_start_forms_buttons_on_the_screen() {
    let dir = tempfile::tempdir().expect("tempdir");
    for seed in 0..9u64 {
        common::write_log(&dir.path().join(format!("shift-{seed}.sabotlog")), seed, false);
    }
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), memory_logs()));
    h.settle();
    assert_eq!(form(&h).unfinished.len(), 9);
    let screen = h.ctx.content_rect();
    for label in ["Abrir turno", "Entrenamiento", "Revisar"] {
        let found: Vec<egui::Rect> = h.query_all_by_label_contains(label).map(|n| n.rect()).collect();
        assert!(!found.is_empty(), "no «{label}»");
        for r in found {
            assert!(screen.contains_rect(r), "«{label}» at {r:?} is off the screen {screen:?}");
        }
    }
}

/// The corrections of a confirmed bet have buttons beside the bets (each puts its word
/// on the line, as its key does); every red chip's reason can be read, not only the
/// first's: ← and → pick the chip whose reason shows under the line.
#[test]
fn corrections_have_buttons_and_every_red_chip_says_why_r_c_7() {
    let (mut h, _log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    // «Repetir» with no coup before: nothing to repeat, and it says so.
    h.get_by_label_contains("Repetir").click();
    h.settle();
    assert!(problem(&h).is_some_and(|p| p.contains("repetir")), "{:?}", problem(&h));
    for (button, word) in [("Quitar", "quita "), ("Cambiar", "cambia ")] {
        h.get_by_label_contains(button).click();
        h.settle();
        let text = h.state().live().expect("live").entry.text.clone();
        assert!(text.starts_with(word), "{button}: {text:?}");
        h.key_press(egui::Key::Escape);
        h.settle();
        h.key_press(egui::Key::Escape);
        h.settle();
    }
    // Two bets no section can make: two red chips.
    h.event(egui::Event::Text("99 50 98 40 ".into()));
    h.settle();
    let reasons = |h: &Harness<'static, SabotApp>| {
        h.query_all_by_label_contains(": R-")
            .map(|n| {
                let a = n.accesskit_node();
                a.label().or_else(|| a.value()).unwrap_or_default()
            })
            .collect::<Vec<_>>()
    };
    let first = reasons(&h);
    assert!(first.iter().any(|r| r.contains("99")) && !first.iter().any(|r| r.contains("98")), "{first:?}");
    // → picks the first chip, → again the second: its reason shows instead.
    h.key_press(egui::Key::ArrowRight);
    h.key_press(egui::Key::ArrowRight);
    h.settle();
    let second = reasons(&h);
    assert!(second.iter().any(|r| r.contains("98")) && !second.iter().any(|r| r.contains("99")), "{second:?}");
}

/// Entries at once is the croupier's choice at the table too (F11), said on the key
/// strip and kept for his next shift.
#[test]
fn f11_switches_entries_at_once_and_it_is_remembered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = harness(SabotApp::in_dir(Lang::Es, dir.path(), memory_logs()));
    h.settle();
    common::fill_fields(&mut h, &[("Mesa", "T1"), ("Croupier", "Ana")]);
    h.key_press(egui::Key::Enter);
    h.settle();
    assert!(!h.state().live().expect("live").entry.instant);
    assert!(h.query_by_label("con Intro").is_some());
    h.key_press(egui::Key::F11);
    h.settle();
    assert!(h.state().live().expect("live").entry.instant);
    assert!(h.query_by_label("al instante (sin Intro)").is_some());
    assert!(h.state().prefs().instant, "kept for the next shift");
    // At once, a bet goes with the space after its amount.
    h.event(egui::Event::Text("sabot baraja corte 14 5 banca 1000 = ".into()));
    h.settle();
    h.event(egui::Event::Text("3 100 ".into()));
    h.settle();
    assert_eq!(stakes(&h).len(), 1);
    // Space is no «no va más» there, and the banner does not say it is.
    assert!(h.query_by_label_contains("o Espacio").is_none());
    assert!(h.query_by_label_contains("«no va más» con .").is_some());
}

/// The word a holder said shows on his paño until the coup is settled (R-BQ-11): the
/// croupier sees «no» on paño 1, «carta» on paño 2, and the total once shown.
#[test]
fn the_word_said_shows_on_the_pano_r_bq_11() {
    let (mut h, _log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    enter(&mut h, "1 100 7 50 .");
    assert!(h.query_by_label("«no»").is_none());
    enter(&mut h, "-");
    assert!(h.query_by_label("«no»").is_some(), "paño 1's «no»");
    enter(&mut h, "+ 8c");
    assert!(h.query_by_label("«carta»").is_some(), "paño 2's «carta»");
    // Paño 1 turns its cards over: its total and its word.
    enter(&mut h, "1 4s 3d");
    assert!(h.query_by_label("7 · «no»").is_some());
}

/// A refused entry's red band is laid over the table's top edge: the table does not
/// move when it comes, nor when it goes (issue 24, point 5).
#[test]
fn the_table_stays_put_when_a_refusal_shows_r_c_7() {
    let (mut h, _log) = at_live_table(Game::Banque, Lang::Es);
    enter(&mut h, "sabot baraja corte 14 5 banca 1000 =");
    enter(&mut h, "1 100 .");
    let place = |h: &Harness<'static, SabotApp>| h.get_by_label("Sección 4").rect();
    let before = place(&h);
    // A bet after «no va más»: refused, and said in the red band.
    type_enter(&mut h, "3 40");
    assert!(problem(&h).is_some_and(|p| p.starts_with("R-C-7")), "{:?}", problem(&h));
    assert!(h.query_by_label_contains("R-C-7").is_some(), "the band says why");
    assert_eq!(place(&h), before, "the table moved when the band came");
    h.key_press(egui::Key::Escape);
    h.settle();
    h.key_press(egui::Key::Escape);
    h.settle();
    assert_eq!(place(&h), before);
}
