//! The pit boss's review in the app (issue 14), driven through the screen: fixture
//! logs opened (simulated; the hand-written shift with errors, top-ups and a bank
//! changing hands; a tampered one; an unclosed one), the totals and the
//! reconciliation against `sabot report`, the coups filtered, a coup replayed with
//! its flags, an amendment (R-BQ-E7) written to a shift's log, open or closed; snapshots of
//! the glance and of a replayed coup.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use common::Settle;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::{Harness, SnapshotOptions};
use sabot::app::review::{Review, Tab, replay::Flag};
use sabot::app::{SabotApp, Screen, memory_logs};
use sabot::engine::Game;
use sabot::i18n::Lang;
use sabot::journal::summary::{self, Integrity, Options};
use std::path::{Path, PathBuf};

/// The app on the review, these logs read (no native dialog, no data folder).
fn review(lang: Lang, logs: &[PathBuf]) -> Harness<'static, SabotApp> {
    let mut r = Review::without_dialog();
    r.open(logs.to_vec(), None);
    r.wait();
    let mut app = SabotApp::new(lang, memory_logs());
    app.screen = Screen::Review(Box::new(r));
    let mut h = common::harness(app);
    h.settle();
    h
}

fn state<'h>(h: &'h Harness<'static, SabotApp>) -> &'h Review {
    match &h.state().screen {
        Screen::Review(r) => r,
        _ => panic!("not on the review"),
    }
}

fn state_mut<'h>(h: &'h mut Harness<'static, SabotApp>) -> &'h mut Review {
    match &mut h.state_mut().screen {
        Screen::Review(r) => r,
        _ => panic!("not on the review"),
    }
}

fn snapshot(h: &mut Harness<'static, SabotApp>, name: &str) {
    h.snapshot_options(name, &SnapshotOptions::new().threshold(1.2).max_failed_pixels(400));
}

fn shift_log(dir: &Path, name: &str, close: bool) -> PathBuf {
    let path = dir.join(name);
    common::review_shift(&path, close);
    path
}

/// The hand-written shift at a glance: its totals are `sabot report`'s to the cent,
/// the bank reconciles (R-BQ-17 top-ups counted), the coups filter, and coup 2 replays
/// with its flags: the calls checked (R-BQ-11) and the bank against the table (R-BQ-14).
#[test]
fn the_hand_written_shift_at_a_glance_and_a_coup_replayed() {
    // A fixed folder and fixed times: the snapshots show the same path and times.
    let dir = std::env::temp_dir().join("sabot-review-snapshot");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("shift.sabotlog");
    common::review_shift_fixed(&path, true);
    let mut h = review(Lang::Es, std::slice::from_ref(&path));
    let report = sabot::journal::report::report(&path).expect("report");
    {
        let r = state(&h);
        assert_eq!(r.shifts.len(), 1);
        let s = &r.shifts[0].summary;
        assert_eq!(s.reconciliation, report.reconciliation, "the review's totals are the report's");
        assert_eq!((s.coups, s.void_coups), (4, 1));
        assert!(s.reconciliation.balanced());
        assert_eq!(r.shifts[0].coups.len(), 4);
    }
    assert!(h.query_by_label_contains("cuadra al céntimo").is_some(), "the reconciliation is shown");
    assert!(h.query_all_by_label_contains("Registro íntegro; turno cerrado.").next().is_some());
    assert!(h.query_by_label_contains("ALARMA").is_none(), "no alarm on a clean shift");
    snapshot(&mut h, "review_glance");

    // The coups, filtered: errors or infractions in coups 2 and 3; void only coup 3.
    h.get_by_label("Jugadas").click();
    h.settle();
    state_mut(&mut h).filters.incidents = true;
    h.settle();
    let numbers = |h: &Harness<'static, SabotApp>| {
        let r = state(h);
        sabot::app::review::coups::rows(r).iter().map(|&(i, k)| r.shifts[i].coups[k].number).collect::<Vec<_>>()
    };
    assert_eq!(numbers(&h), [2, 3]);
    state_mut(&mut h).filters.void = true;
    h.settle();
    assert_eq!(numbers(&h), [3]);
    state_mut(&mut h).filters = Default::default();
    state_mut(&mut h).filters.amended = true;
    h.settle();
    assert_eq!(numbers(&h), [1], "coup 1 was amended (R-BQ-E7)");
    state_mut(&mut h).filters = Default::default();
    h.settle();

    // Coup 2 opened and replayed.
    h.get_by_label("Jugada 2").click();
    h.settle();
    {
        let r = state(&h);
        assert_eq!(r.tab, Tab::Replay);
        let rp = r.replay.as_ref().expect("replay");
        assert_eq!(rp.coup.number, 2);
        assert_eq!(rp.tables.len(), rp.steps.len() + 1);
        assert!(rp.table().settlement().is_some(), "it opens on the coup paid");
        assert!(rp.tables[0].settlement().is_none() && rp.tables[0].coup().bets.is_empty(), "before the coup");
        let flags: Vec<Flag> = rp.steps.iter().flat_map(|s| s.flags()).collect();
        assert!(
            flags.contains(&Flag::AgainstTable) && flags.contains(&Flag::Infraction) && flags.contains(&Flag::Ruling)
        );
    }
    h.get_by_label("⏮ Antes").click_accesskit();
    h.settle();
    assert_eq!(state(&h).replay.as_ref().expect("replay").pos, 0);
    h.get_by_label("Señal siguiente ▶").click_accesskit();
    h.settle();
    let pos = state(&h).replay.as_ref().expect("replay").pos;
    assert!(pos > 0);
    let step = &state(&h).replay.as_ref().expect("replay").steps[pos - 1];
    assert!(!step.flags().is_empty(), "the jump lands on a flagged step");
    // The infractions of the showdown are said with their clause.
    assert!(h.query_all_by_label_contains("R-BQ-11").next().is_some());
    snapshot(&mut h, "review_replay");
}

/// A tampered log is shown damaged, with the record named; an unclosed one, not
/// closed; both next to a simulated shift, all three together.
#[test]
fn tampered_and_unclosed_logs_say_so_and_shifts_add_up_together() {
    let dir = tempfile::tempdir().expect("dir");
    let tampered = shift_log(dir.path(), "tampered.sabotlog", true);
    let text = std::fs::read_to_string(&tampered).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = lines.iter().position(|l| l.contains("amount:\"200")).expect("the bet of 200");
    lines[i] = lines[i].replacen("amount:\"200", "amount:\"900", 1);
    std::fs::write(&tampered, lines.join("\n") + "\n").expect("write");
    let open = shift_log(dir.path(), "open.sabotlog", false);
    let simulated = dir.path().join("sim.sabotlog");
    let mut out = Vec::new();
    let status =
        sabot::cli::simulate::simulate_cli_pit(Game::Banque, 60, 9, Some(&simulated), None, Lang::En, &mut out);
    assert_eq!(status, 0);
    let mut h = review(Lang::En, &[tampered.clone(), open.clone(), simulated.clone()]);
    let r = state(&h);
    assert_eq!(r.shifts.len(), 3);
    let by_path = |p: &Path| r.shifts.iter().find(|s| s.summary.path == p).expect("opened");
    assert!(matches!(by_path(&tampered).summary.integrity, Integrity::Damaged { line, .. } if line == i + 1));
    assert_eq!(by_path(&open).summary.integrity, Integrity::NotClosed { torn: None });
    assert!(by_path(&simulated).summary.integrity.is_sound());
    let named = format!("LOG DAMAGED at record {} (line {})", i, i + 1);
    assert!(h.query_all_by_label_contains(&named).next().is_some(), "the tampered record is named");
    assert!(h.query_all_by_label_contains("The log is sound, but the shift is not closed.").next().is_some());
    // All together: totals by table, croupier, banker and day.
    h.get_by_label("All together").click();
    h.settle();
    assert!(state(&h).selected.is_none());
    assert!(h.query_by_label_contains("By croupier:").is_some());
    assert!(h.query_by_label_contains("By banker (table · seat):").is_some());
}

/// An amendment from the review (R-BQ-E7) is a record of its own in the shift's
/// log, never an edit: the log still verifies and now counts it, and nothing says the
/// shift was taken up again. A closed shift's log takes it after its closing record
/// (format 4) and stays closed: sound, not listed as unfinished, its totals unchanged.
#[test]
fn an_amendment_from_the_review_is_written_to_the_shifts_log_open_or_closed_r_bq_e7() {
    let dir = tempfile::tempdir().expect("dir");
    let open = shift_log(dir.path(), "open.sabotlog", false);
    let before = std::fs::read(&open).expect("read");
    let mut h = review(Lang::En, std::slice::from_ref(&open));
    h.get_by_label("Coups").click();
    h.settle();
    h.get_by_label("Coup 4").click();
    h.settle();
    state_mut(&mut h).replay.as_mut().expect("replay").reason = "seat 9 paid 250 short; paid after the coup".into();
    h.settle();
    h.get_by_label("Record the amendment in the log").click_accesskit();
    h.settle();
    let notice = state(&h).replay.as_ref().and_then(|r| r.notice.clone());
    assert_eq!(notice.as_ref().map(|n| n.1), Some(false), "{notice:?}");
    assert!(h.query_by_label_contains("Amendment to coup 4 recorded").is_some());
    let shown: Vec<u32> = state(&h).shifts[0].summary.amendments.iter().map(|a| a.coup).collect();
    assert_eq!(shown, [1, 4], "the review counts it at once");
    let after = std::fs::read(&open).expect("read");
    assert!(after.starts_with(&before), "the log grew; nothing in it changed");
    assert_eq!(after[before.len()..].iter().filter(|b| **b == b'\n').count(), 1, "one record: the amendment");
    assert_eq!(sabot::journal::verify(&open).exit_code(), 0);
    let s = summary::summarise(&open, Options::default()).expect("summary");
    let coups: Vec<u32> = s.amendments.iter().map(|a| a.coup).collect();
    assert_eq!(coups, [1, 4]);
    assert!(s.amendments[1].reason.contains("250 short"));
    assert!(s.recoveries.is_empty(), "an amendment is not a shift taken up again");
    assert_eq!(s.integrity, Integrity::NotClosed { torn: None });

    let closed = shift_log(dir.path(), "closed.sabotlog", true);
    let before = std::fs::read(&closed).expect("read");
    let was = summary::summarise(&closed, Options::default()).expect("summary");
    let mut h = review(Lang::En, std::slice::from_ref(&closed));
    h.get_by_label("Coups").click();
    h.settle();
    h.get_by_label("Coup 2").click();
    h.settle();
    state_mut(&mut h).replay.as_mut().expect("replay").reason = "the cagnotte was taken twice".into();
    h.settle();
    h.get_by_label("Record the amendment in the log").click_accesskit();
    h.settle();
    let notice = state(&h).replay.as_ref().and_then(|r| r.notice.clone());
    assert_eq!(notice.as_ref().map(|n| n.1), Some(false), "{notice:?}");
    let after = std::fs::read(&closed).expect("read");
    assert!(after.starts_with(&before), "the closed log grew; nothing in it changed");
    assert_eq!(sabot::journal::verify(&closed).exit_code(), 0);
    assert!(sabot::journal::is_closed(&closed), "still closed");
    assert!(sabot::journal::unfinished(dir.path()).expect("list").iter().all(|u| u.path != closed));
    let s = summary::summarise(&closed, Options::default()).expect("summary");
    assert!(s.integrity.is_sound(), "{:?}", s.integrity);
    assert_eq!(s.amendments.len(), was.amendments.len() + 1);
    assert_eq!(s.amendments.last().map(|a| (a.coup, a.reason.as_str())), Some((2, "the cagnotte was taken twice")));
    assert_eq!((s.reconciliation, s.coups), (was.reconciliation, was.coups), "an amendment moves no money");
    // The replay lists it with the coup's amendments.
    assert!(h.query_all_by_label_contains("the cagnotte was taken twice").next().is_some());
}

/// A chart exports as a PNG image and the coups as CSV, beside the log.
#[test]
fn a_chart_exports_as_png_and_the_coups_as_csv() {
    let dir = tempfile::tempdir().expect("dir");
    let path = shift_log(dir.path(), "shift.sabotlog", true);
    let mut h = review(Lang::En, std::slice::from_ref(&path));
    h.get_all_by_label("Export PNG").next().expect("a button").click_accesskit();
    h.settle();
    let png = dir.path().join("shift-bank.png");
    let img = image::open(&png).expect("a PNG");
    assert_eq!((img.width(), img.height()), (960, 480));
    h.get_by_label("Coups").click();
    h.settle();
    h.get_by_label("Export CSV").click();
    h.settle();
    let csv = std::fs::read_to_string(dir.path().join("shift-coups.csv")).expect("csv");
    assert_eq!(csv.lines().count(), 5, "a header and four coups");
    // And the bets of those coups, one row each, as they were paid.
    h.get_by_label("Export bets CSV").click();
    h.settle();
    let bets = std::fs::read_to_string(dir.path().join("shift-bets.csv")).expect("bets csv");
    let staked: usize =
        csv.lines().skip(1).map(|l| l.split(',').nth(8).and_then(|n| n.parse().ok()).unwrap_or(0)).sum();
    assert!(staked > 0);
    assert_eq!(bets.lines().count(), 1 + staked, "a header and a row per bet");
    assert!(
        bets.starts_with("file,table,croupier,game,coup,settled,seat,standing,spot,kind,amount,net,commission,clause")
    );
}

/// Game protection at a glance (issue 28): a colluding banker's shift (the accomplice at
/// section 4) is flagged in the glance's «Game protection», section 4 named, and a
/// flagged coup replays from its button.
#[test]
fn a_colluding_bankers_shift_is_flagged_at_a_glance_and_its_coups_replay() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("colluding.sabotlog");
    let status = sabot::cli::simulate::simulate_cli_in(
        sabot::engine::TableSettings::new(Game::Banque),
        150,
        2,
        sabot::cli::simulate::BankerArg::Colluding(4),
        Some(&log),
        None,
        Lang::En,
        &mut Vec::new(),
    );
    assert_eq!(status, 0);
    let mut h = review(Lang::En, std::slice::from_ref(&log));
    assert!(h.query_by_label("Game protection").is_some(), "the section is shown");
    assert!(h.query_all_by_label_contains("GAME PROTECTION: the bank of").next().is_some(), "said on top");
    assert!(h.query_all_by_label_contains("FLAGGED").next().is_some(), "the banker is flagged");
    assert!(h.query_all_by_label_contains("he served Sec. 4, named on his own figure").next().is_some());
    let coup = {
        let p = state(&h).shifts[0].protection.as_ref().expect("weighed");
        p.flagged_coups().first().expect("a flagged coup").coup
    };
    h.get_by_label_contains(&format!("Coup {coup}:")).click_accesskit();
    h.settle();
    state_mut(&mut h).wait();
    h.settle();
    let r = state(&h);
    assert_eq!(r.tab, Tab::Replay, "{:?}", r.notice);
    assert_eq!(r.replay.as_ref().expect("replayed").coup.number, coup);
}

/// Issue 39, point 4: shifts together on the charts. Two shifts of one table and
/// croupier started the same minute are two entries of each chart's legend (a row of
/// their own above the chart, never over what it plots), and coups per hour are
/// counted on one axis of hours of the day, from the earliest first coup's hour.
#[test]
fn shifts_together_are_told_apart_on_the_charts_and_counted_by_the_hour() {
    let dir = tempfile::tempdir().expect("dir");
    let one = shift_log(dir.path(), "one.sabotlog", true);
    let cf = dir.path().join("cf.sabotlog");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/cf_banco_with_table.ron");
    common::log_script(&script, &cf, true);
    let mut h = review(Lang::Es, &[one, cf]);
    h.get_by_label("Todos juntos").click();
    h.settle();
    let r = state(&h);
    let legend: Vec<String> = h
        .query_all_by_label_contains("■ Mesa 3 · Ana · ")
        .map(|n| {
            let a = n.accesskit_node();
            a.label().or(a.value()).unwrap_or_default().to_string()
        })
        .collect();
    // Two names, each on every chart's legend (the bank, the cagnotte, coups per hour).
    let mut distinct = legend.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 2, "two shifts, two names: {legend:?}");
    assert_eq!(legend.len(), 6, "{legend:?}");
    let shifts: Vec<&sabot::app::review::Loaded> = r.shifts.iter().collect();
    let (hours, counts) = sabot::app::review::charts::per_hour_together(&shifts);
    let first = shifts.iter().filter_map(|s| s.coups.first()).map(|c| c.settled).min().expect("coups");
    assert_eq!(hours.first(), Some(&first.format("%H:00").to_string()), "the axis starts at the first hour");
    for (s, c) in shifts.iter().zip(&counts) {
        assert_eq!(c.iter().sum::<u32>() as usize, s.coups.len(), "every coup counted once");
    }
}

/// Issue 48, point 6: a room's logs, each listed for what it is. The older copy of a
/// closed shift stands under the copies (never «Turnos abiertos»); the second part
/// of a shift split across files is linked under its first (never a bare «falta la
/// cabecera»), the parts read together a closed shift that verifies; the damaged log
/// under the logs that do not verify; all together, the split shift counted whole.
#[test]
fn a_rooms_logs_are_each_listed_for_what_they_are() {
    use sabot::app::review::list::{Heading, heading};
    let dir = tempfile::tempdir().expect("dir");
    let room = crate::gui_layout_review::room(dir.path());
    let mut h = review(Lang::Es, &room.all());
    let r = state(&h);
    assert_eq!(r.splits.len(), 1, "the split shift linked");
    let split = &r.splits[0];
    assert_eq!(split.parts, vec![room.part1.clone(), room.part2.clone()]);
    let whole = split.whole.as_ref().expect("the parts read as one log");
    assert_eq!(whole.integrity, Integrity::Sound);
    assert_eq!(whole.coups, 4);
    let together = r.together();
    let under = |p: &Path| {
        let i = r.shifts.iter().position(|s| s.summary.path == p).expect("listed");
        heading(r, &together, i)
    };
    assert_eq!(under(&room.older), Heading::Copy);
    assert_eq!(under(&room.part1), Heading::Closed);
    assert_eq!(under(&room.damaged), Heading::Damaged);
    assert_eq!(under(&room.banque), Heading::Closed);
    // On screen: no shift open, the copies' heading, the second part named.
    assert!(h.query_by_label("Turnos abiertos").is_none(), "an older copy is no open shift");
    assert!(h.query_by_label("Copias de otro turno (no se cuentan)").is_some());
    assert!(h.query_by_label_contains("falta la cabecera").is_none(), "part 2 is not a bare error");
    assert!(
        h.query_by_label_contains("parte 2: 2026-11-23_223000_Mesa-5_Marta-2.sabotlog (desde el registro").is_some()
    );
    assert!(h.query_by_label_contains("Las 2 partes juntas: Registro íntegro; turno cerrado.").is_some());
    // All together (its button below the list's fold): the split shift counted as its
    // parts together, the copy once.
    state_mut(&mut h).selected = None;
    h.settle();
    let said: Vec<String> = h
        .query_all_by_label_contains("un turno")
        .filter_map(|n| n.accesskit_node().label().or_else(|| n.accesskit_node().value()))
        .map(|l| l.trim().to_string())
        .collect();
    assert!(said.iter().any(|l| l.starts_with("Mesa 5: un turno, 4 jugadas")), "{said:?}");
    assert!(said.iter().any(|l| l.starts_with("Mesa 3: un turno, 4 jugadas")), "the older copy not counted: {said:?}");
}
