//! The floor a pit boss runs a room from (issue 48): a refusal first, always, and
//! kept until a pit boss acknowledges it (in the pit: who and when, the same on a
//! second floor); honest ages however long a look takes; a room read from its summary
//! and a filter; game protection's flags one class of alarm, each party in his role.
//! A real PostgreSQL (`tests/pg`), real tables shipping through their replicators.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::pit_boss::{colluding_table, fresh_pit_db, open_table};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sabot::app::floor::FloorView;
use sabot::app::{SabotApp, Screen, memory_logs};
use sabot::engine::Game;
use sabot::i18n::Lang;
use sabot::pit::PitUrl;
use sabot::pit::floor::{Alarm, Class, Floor, FloorConfig, MarkKind};
use std::time::Duration;

/// Every record late (the limit zero): each table an alarm.
fn all_late() -> FloorConfig {
    FloorConfig { poll: Duration::from_millis(50), late_after: Duration::ZERO, ..FloorConfig::default() }
}

/// The refusal a table's Sabot reports when the pit refuses its record (as the
/// replicator writes it, with the table's own login): record 123 of `shift`.
fn report_refusal(table_login: &str, shift: &str, table: &str, seq: i64) {
    let mut c = postgres::Client::connect(table_login, postgres::NoTls).expect("the table's login");
    c.execute(
        "INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ($1, $2, $3, $4)",
        &[&shift, &table, &seq, &format!("SB002: record {seq} does not chain onto the last record the pit holds")],
    )
    .expect("a refusal reported");
}

/// A room of `n` tables («Mesa 3»…) each with a shift open, and Mesa 1's shift
/// (the `mesa1` login's) closed: the journals and replicators, kept alive.
type Open = (sabot::journal::Journal, Option<sabot::pit::Replicator>, sabot::sim::Simulator);
fn room(url: &PitUrl, mesa1: &str, dir: &std::path::Path, n: usize) -> (Vec<Open>, String) {
    let mut open = Vec::new();
    for i in 0..n {
        let game = Game::ALL[i % 3];
        open.push(open_table(url, dir, &format!("Mesa {}", i + 3), game, 2, 60 + i as u64, true));
    }
    let m1 = PitUrl::parse(mesa1).expect("url");
    let (mut j, rep, _) = open_table(&m1, dir, "Mesa 1", Game::Banque, 2, 7, true);
    j.close().expect("closed");
    let last = j.next_seq() - 1;
    if let Some(rep) = &rep {
        rep.wait_until(Duration::from_secs(30), |s| s.pit_seq == Some(last));
    }
    let shift = sabot::reports::report::report(j.path()).expect("report").shift_id;
    (open, shift)
}

fn floor_app(url: &PitUrl, config: FloorConfig, size: (f32, f32)) -> Harness<'static, SabotApp> {
    floor_app_in(Lang::Es, url, config, size)
}

fn floor_app_in(lang: Lang, url: &PitUrl, config: FloorConfig, size: (f32, f32)) -> Harness<'static, SabotApp> {
    let f = FloorView::start(url.clone(), config, None);
    f.wait_looks(2, Duration::from_secs(30));
    let mut app = SabotApp::new(lang, memory_logs());
    app.screen = Screen::Floor(Box::new(f));
    let mut h = crate::gui_layout::harness_app(size, app);
    crate::gui_layout::settle(&mut h);
    h
}

fn view<'h>(h: &'h Harness<'static, SabotApp>) -> &'h FloorView {
    match &h.state().screen {
        Screen::Floor(f) => f,
        _ => panic!("not on the floor"),
    }
}

/// Waits for the floor's next looks and draws the screen again.
fn looked(h: &mut Harness<'static, SabotApp>, looks: u64) {
    view(h).wait_looks(looks, Duration::from_secs(30));
    crate::gui_layout::settle(h);
}

/// Issue 48, point 1: a table's shift closed, its record 123 refused by the pit, and
/// seven other tables alarmed: the refusal is the floor's first alarm and its first
/// line on screen, and the table keeps a red row of its own.
#[test]
fn a_refusal_is_the_floors_first_line_whatever_else_is_alarmed() {
    let Some((c, db, url)) = fresh_pit_db("floor_refusal_first") else { return };
    let (mesa1, _, jefe) = c.pit_logins(&db);
    let dir = tempfile::tempdir().expect("dir");
    let (_open, shift) = room(&url, &mesa1, dir.path(), 7);
    report_refusal(&mesa1, &shift, "Mesa 1", 123);
    let boss = PitUrl::parse(&jefe).expect("url");
    let mut reader = sabot::pit::PitReader::connect(&boss).expect("reader");
    let mut floor = Floor::new(all_late());
    let snap = floor.look(&mut reader, &boss).expect("look");
    assert!(snap.alarms.len() > 7, "{:?}", snap.alarms);
    assert!(
        matches!(snap.alarms.first(), Some(Alarm::Refused { table, seq: 123, .. }) if table == "Mesa 1"),
        "a refusal first: {:?}",
        snap.alarms.first()
    );
    let h = floor_app(&boss, all_late(), (1280.0, 800.0));
    let refusal = h.get_by_label_contains("ALARMA Mesa 1: el pit rechazó un registro");
    for other in h.query_all_by_label_contains("ALARMA ") {
        assert!(other.rect().min.y >= refusal.rect().min.y, "{other:?} above the refusal");
    }
    assert!(h.query_by_label("Mesa 1").is_some(), "the closed shift's table keeps its row");
    assert!(h.query_by_label("rechazos").is_some(), "its state says why");
}

/// Issue 48, point 1 and the alarms kept in the pit: a refusal stays until a pit
/// boss acknowledges it; a table's login may not acknowledge it; once acknowledged
/// (who and when, kept in the pit) it leaves every floor, a second pit boss's too; a
/// refusal reported after that is a new alarm, on both.
#[test]
fn a_refusal_stays_until_a_pit_boss_acknowledges_it_on_every_floor() {
    let Some((c, db, url)) = fresh_pit_db("floor_ack") else { return };
    let (mesa1, _, jefe) = c.pit_logins(&db);
    let dir = tempfile::tempdir().expect("dir");
    let (_open, shift) = room(&url, &mesa1, dir.path(), 1);
    report_refusal(&mesa1, &shift, "Mesa 1", 123);
    let boss = PitUrl::parse(&jefe).expect("url");
    let mut h = floor_app(&boss, all_late(), (1280.0, 800.0));
    h.get_by_label_contains("ALARMA Mesa 1: el pit rechazó");
    // Looks later, the refusal is still the first line, and was marked seen.
    looked(&mut h, 4);
    let snap = view(&h).snapshot();
    let first = snap.alarms.first().cloned().expect("an alarm");
    assert!(matches!(&first, Alarm::Refused { table, .. } if table == "Mesa 1"), "{first:?}");
    let seen = snap.marks.get(&first.key()).and_then(|m| m.seen.clone()).expect("seen, in the pit");
    assert!(seen.login.starts_with("jefe_"), "{seen:?}");
    // A table's login cannot acknowledge it: refused, nothing kept.
    let m1 = PitUrl::parse(&mesa1).expect("url");
    let mut table_reader = sabot::pit::PitReader::connect(&m1).expect("the table's login");
    let refused = sabot::pit::floor_marks::mark(&mut table_reader, &m1, &first.key(), MarkKind::Acknowledged);
    assert!(refused.is_err(), "{refused:?}");
    looked(&mut h, 2);
    assert!(view(&h).snapshot().alarms.iter().any(|a| a.class() == Class::Refused), "still there");
    // The pit boss acknowledges it with F4: it leaves the floor.
    h.key_press(egui::Key::F4);
    crate::gui_layout::settle(&mut h);
    looked(&mut h, 3);
    let after = view(&h).snapshot();
    assert!(!after.alarms.iter().any(|a| a.class() == Class::Refused), "{:?} {:?}", after.alarms, after.mark_failed);
    assert!(h.query_by_label_contains("ALARMA Mesa 1: el pit rechazó").is_none());
    // Kept in the pit: who and when.
    let mut owner = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let row = owner
        .query_one(
            "SELECT login::text, at <= clock_timestamp() FROM sabot.alarm_marks \
              WHERE table_name = 'Mesa 1' AND kind = 'refused' AND mark = 'acknowledged'",
            &[],
        )
        .expect("the acknowledgement");
    let (who, past): (String, bool) = (row.get(0), row.get(1));
    assert!(who.starts_with("jefe_") && past, "{who}");
    // A second pit boss's floor: the same (nothing refused to show).
    let mut second = Floor::new(all_late());
    let mut r2 = sabot::pit::PitReader::connect(&url).expect("reader");
    let snap2 = second.look(&mut r2, &url).expect("look");
    assert!(!snap2.alarms.iter().any(|a| a.class() == Class::Refused), "{:?}", snap2.alarms);
    // A refusal after the acknowledgement: a new alarm, counted alone, on both.
    report_refusal(&mesa1, &shift, "Mesa 1", 124);
    let snap2 = second.look(&mut r2, &url).expect("look");
    assert!(
        matches!(snap2.alarms.first(), Some(Alarm::Refused { count: 1, seq: 124, .. })),
        "{:?}",
        snap2.alarms.first()
    );
    looked(&mut h, 3);
    assert!(h.query_by_label_contains("ALARMA Mesa 1: el pit rechazó un registro").is_some());
}

/// Issue 48, point 2: the pit's clock as the floor carries it is the clock now,
/// however long the look took (it was the clock at the look's start, carried from its
/// end: records seconds old read «0 s»).
#[test]
fn the_floors_clock_is_now_however_long_the_look_took() {
    let Some((_c, _db, url)) = fresh_pit_db("floor_clock") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut open = Vec::new();
    for (i, game) in Game::ALL.into_iter().enumerate() {
        open.push(open_table(&url, dir.path(), &format!("Mesa {}", i + 1), game, 150, 80 + i as u64, true));
    }
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    // Small batches: many questions to the pit, a look that takes a while.
    let mut floor = Floor::new(FloorConfig { batch: 10, ..FloorConfig::default() });
    let before = std::time::Instant::now();
    let snap = floor.look(&mut reader, &url).expect("look");
    let took = before.elapsed();
    let wall = chrono::Utc::now();
    let pit_now = snap.pit_now().expect("the pit's clock");
    assert!(took > Duration::from_millis(300), "a look long enough to tell: {took:?}");
    let short = wall.signed_duration_since(pit_now).to_std().unwrap_or(Duration::ZERO);
    // The same machine's clock: within a query's round trip.
    assert!(short < Duration::from_millis(250), "the floor's clock {short:?} behind after a look of {took:?}");
    // Each table's age is at least the time since its last record reached the pit.
    for t in &snap.tables {
        let truth = wall.signed_duration_since(t.arrived).to_std().unwrap_or(Duration::ZERO);
        assert!(
            t.age(pit_now) + Duration::from_millis(250) >= truth,
            "{}: {:?} < {truth:?}",
            t.shift.table_name,
            t.age(pit_now)
        );
    }
    drop(open);
}

/// Issue 48, point 3: the room read from its summary and a filter: tables open and
/// alarmed by class on top; the state filter (from the summary's button), the game
/// filter and the search each leave the rows asked for, the alarmed first.
#[test]
fn the_room_is_read_from_its_summary_and_a_filter() {
    let Some((c, db, url)) = fresh_pit_db("floor_filter") else { return };
    let (mesa1, _, _) = c.pit_logins(&db);
    let dir = tempfile::tempdir().expect("dir");
    let (mut open, shift) = room(&url, &mesa1, dir.path(), 6);
    report_refusal(&mesa1, &shift, "Mesa 1", 123);
    // Mesa 4 writes with the pit away: late (past the default 5 s is too long for a
    // test: a limit of 800 ms).
    let late = dir.path().join("late");
    std::fs::create_dir(&late).expect("dir");
    let (j, _, _) = open_table(&url, &late, "Mesa 99", Game::PuntoBanca, 3, 9, false);
    std::thread::sleep(Duration::from_millis(1000));
    sabot::pit::push(&url, j.path(), Duration::from_secs(20), false).expect("push");
    let config = FloorConfig {
        poll: Duration::from_millis(50),
        late_after: Duration::from_millis(800),
        ..FloorConfig::default()
    };
    let mut h = floor_app(&url, config, (1280.0, 800.0));
    assert!(h.query_by_label("7 mesas abiertas").is_some(), "the summary counts the open shifts");
    assert!(h.query_by_label("Rechazos: 1").is_some());
    assert!(h.query_by_label("Con retraso: 1").is_some());
    // Alarmed first: the refused table, then the late one, then the rest by name.
    let y = |h: &Harness<'static, SabotApp>, name: &str| h.get_by_label(name).rect().min.y;
    assert!(y(&h, "Mesa 1") < y(&h, "Mesa 99") && y(&h, "Mesa 99") < y(&h, "Mesa 3"), "alarmed first");
    h.get_by_label("Con retraso: 1").click();
    crate::gui_layout::settle(&mut h);
    assert!(h.query_by_label("Mesa 99").is_some() && h.query_by_label("Mesa 3").is_none(), "the late table alone");
    assert!(h.query_by_label("1 de 8 filas").is_some(), "how many rows the filter shows");
    h.get_by_label("Quitar filtros").click();
    crate::gui_layout::settle(&mut h);
    h.get_by_label("Buscar mesa").click();
    h.get_by_label("Buscar mesa").type_text("mesa5");
    crate::gui_layout::settle(&mut h);
    assert!(h.query_by_label("Mesa 5").is_some() && h.query_by_label("Mesa 4").is_none(), "the search");
    if let Screen::Floor(f) = &mut h.state_mut().screen {
        f.filter = Default::default();
        f.filter.game = Some(Game::PuntoBanca);
    }
    crate::gui_layout::settle(&mut h);
    assert!(h.query_by_label("Mesa 99").is_some() && h.query_by_label("Mesa 3").is_none(), "by game");
    open.clear();
}

/// Issue 48, point 5: a banker's flag is one class of alarm, its line says the
/// chooser and each party named in his role, and a flagged table is counted once in
/// the summary.
#[test]
fn a_flag_is_an_alarm_of_its_class_naming_each_party_in_his_role() {
    let Some((_c, _db, url)) = fresh_pit_db("floor_flag_class") else { return };
    let dir = tempfile::tempdir().expect("dir");
    colluding_table(&url, dir.path(), "Mesa 9", "m9.sabotlog");
    let mut reader = sabot::pit::PitReader::connect(&url).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &url).expect("look");
    let flags: Vec<&Alarm> = snap.alarms.iter().filter(|a| a.class() == Class::Flagged).collect();
    assert!(!flags.is_empty(), "{:?}", snap.alarms);
    for a in &flags {
        let Alarm::Flagged { named, .. } = a else { unreachable!() };
        assert_eq!(named.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![sabot::engine::PlayerRef::seated(4)]);
        let words = sabot::app::floor::alarm_text(Lang::Es, a);
        assert!(words.starts_with("⚑ Mesa 9: la banca de"), "{words}");
        assert!(words.contains("(apostante)") || words.contains("(hizo banco)"), "the party's role: {words}");
        let en = sabot::app::floor::alarm_text(Lang::En, a);
        assert!(en.contains("(seat)") || en.contains("(caller)"), "{en}");
    }
    let h = floor_app(&url, FloorConfig::default(), (1280.0, 800.0));
    assert!(h.query_by_label("Señaladas: 1").is_some(), "one table flagged, counted once");
    // Few alarms: each in full, the chooser and the parties in their roles.
    assert!(h.query_all_by_label_contains("⚑ Mesa 9: la banca de").count() >= 1, "the flag's line");
}

/// Schema 8 over a pit of version 7 (issue 48): `init` adds the alarms' marks in place
/// and the refusals reported before it are alarms until acknowledged; before the
/// upgrade a floor reads the room and says that nothing can be acknowledged.
#[test]
fn a_version_7_pit_is_upgraded_in_place_to_version_8() {
    let Some((c, db, url)) = fresh_pit_db("floor_v7") else { return };
    let (mesa1, _, jefe) = c.pit_logins(&db);
    // A version 7 pit: what version 8 added, taken away.
    c.sql(
        &db,
        "DROP FUNCTION sabot.mark_alarm(text, text, text, text); DROP TABLE sabot.alarm_marks; \
         UPDATE sabot.meta SET value = '7' WHERE key = 'schema_version';",
    )
    .expect("back to version 7");
    report_refusal(&mesa1, "x", "Mesa 1", 5);
    let boss = PitUrl::parse(&jefe).expect("url");
    let mut reader = sabot::pit::PitReader::connect(&boss).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &boss).expect("a version 7 pit is read");
    assert!(snap.marks_missing, "nothing can be acknowledged, and said");
    assert!(matches!(snap.alarms.first(), Some(Alarm::Refused { seq: 5, .. })), "{:?}", snap.alarms);
    assert_eq!(sabot::pit::init(&url), Ok(sabot::pit::schema::Initialised::Created { from: Some(7) }));
    assert_eq!(sabot::pit::init(&url), Ok(sabot::pit::schema::Initialised::AlreadyThere));
    let mut reader = sabot::pit::PitReader::connect(&boss).expect("reader");
    let mut floor = Floor::new(FloorConfig::default());
    let snap = floor.look(&mut reader, &boss).expect("look");
    assert!(!snap.marks_missing);
    let refusal = snap.alarms.first().cloned().expect("the refusal reported before the upgrade");
    assert!(matches!(refusal, Alarm::Refused { seq: 5, .. }), "{refusal:?}");
    let m = sabot::pit::floor_marks::mark(&mut reader, &boss, &refusal.key(), MarkKind::Acknowledged)
        .expect("acknowledged");
    assert!(m.login.starts_with("jefe_"), "{m:?}");
    // A mark the pit does not keep: refused in words (SB015), nothing kept.
    let mut bad = refusal.key();
    bad.kind = "made-up";
    let e = sabot::pit::floor_marks::mark(&mut reader, &boss, &bad, MarkKind::Seen).expect_err("no such kind");
    assert!(
        matches!(
            &e,
            sabot::pit::PitError::Refused {
                why: sabot::pit::PitRefusal::Check { kind: sabot::pit::PitCheck::NotPitBoss, .. },
                ..
            }
        ),
        "{e:?}"
    );
    let snap = floor.look(&mut reader, &boss).expect("look");
    assert!(!snap.alarms.iter().any(|a| a.class() == Class::Refused), "{:?}", snap.alarms);
}

/// Issue 48, point 3: a room of many tables with a refusal, a flagged banker and
/// every table late, read at 1024×768, 1280×800 and 1920×1080, with the state filter
/// and without: no text cut, elided or over another (the summary, the alarms, the
/// filter, the rows; the age whole: «00:00:35 (18:…» was cut at 1024×768).
#[test]
fn the_floor_of_a_room_fits_at_every_size() {
    let Some((c, db, url)) = fresh_pit_db("floor_room_layout") else { return };
    let (mesa1, _, _) = c.pit_logins(&db);
    let dir = tempfile::tempdir().expect("dir");
    let (_open, shift) = room(&url, &mesa1, dir.path(), 24);
    report_refusal(&mesa1, &shift, "Mesa 1", 123);
    colluding_table(&url, dir.path(), "Mesa 99", "m99.sabotlog");
    let mut found = Vec::new();
    for size in [(1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
        let mut h = floor_app(&url, all_late(), size);
        assert!(h.query_by_label_contains("ALARMA Mesa 1: el pit rechazó").is_some(), "{size:?}: the refusal");
        assert!(h.query_by_label("Señaladas: 1").is_some(), "{size:?}: the flag counted");
        let mut shot = |h: &mut Harness<'static, SabotApp>, what: &str| {
            if let (Ok(dir), Ok(image)) = (std::env::var("LAYOUT_SHOTS"), h.render()) {
                image
                    .save(std::path::Path::new(&dir).join(format!("{}x{}-room-{what}.png", size.0, size.1)))
                    .expect("shot");
            }
            found.extend(crate::gui_layout::faults(h).into_iter().map(|f| format!("{size:?} {what}: {f}")));
        };
        shot(&mut h, "all");
        h.get_by_label("Señaladas: 1").click();
        crate::gui_layout::settle(&mut h);
        shot(&mut h, "flagged");
    }
    // In English, at the narrowest.
    let h = floor_app_in(Lang::En, &url, all_late(), (1024.0, 768.0));
    assert!(h.query_by_label_contains("ALARM Mesa 1: the pit refused").is_some());
    found.extend(crate::gui_layout::faults(&h).into_iter().map(|f| format!("English, 1024×768: {f}")));
    assert!(found.is_empty(), "the floor at every size:\n{}", found.join("\n"));
}
