//! The pit boss's review and the school hold up at 1024×768, 1280×800 and 1920×1080
//! (issue 48, points 6 and 7): read from what egui paints and from the accessibility
//! tree (`gui_layout::faults`: no text cut, elided, out of its box or over another).
//!
//! The review is a real room's: a Banque shift, a Chemin de fer and a Punto y Banca
//! shift, a shift split in two files, a damaged log and an older copy of the Banque
//! shift, looked at together, shift by shift, at a glance and coup by coup, a coup
//! replayed. The school: the levels of a trainee with a history (his progress chart),
//! the instructor's view and a session replayed there, a question of level 4 answered
//! wrong with its explanation, level 5's entry line.
//!
//! With `LAYOUT_SHOTS=<folder>` each look is saved there as an image.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::gui_layout::{faults, harness_app, settle};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sabot::app::review::{Review, Tab};
use sabot::app::{SabotApp, Screen, memory_logs};
use sabot::engine::Game;
use sabot::i18n::Lang;
use sabot::journal::{Header, Journal};
use sabot::school::{AnswerRecord, School};
use sabot::training::{Answered, Kind, Level};
use std::path::{Path, PathBuf};

const SIZES: [(f32, f32); 3] = [(1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)];

/// Logs a table script's steps as a live shift of `table` and `croupier` (refused
/// steps skipped, checks left out), closed if `close`.
fn log_script_as(script: &str, path: &Path, table: &str, croupier: &str, close: bool) {
    use sabot::script::{self, run};
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(script);
    let s = script::parse(&std::fs::read_to_string(file).expect("script")).expect("parses");
    let t = run::start_table(&s).expect("table");
    let header = Header::from_table(table, croupier, &t, false).expect("header");
    let mut j = Journal::create(path, header).expect("log");
    for step in &s.steps {
        if matches!(step, script::Step::Check(_)) {
            continue;
        }
        let mut trial = j.table().clone();
        if step.ops().iter().all(|op| trial.play(op).is_ok()) {
            for op in step.ops() {
                j.play(&op).expect("logged");
            }
        }
    }
    if close {
        j.close().expect("closed");
    }
}

/// The logs of a room, as a pit boss is handed them after a night.
pub(crate) struct Room {
    pub banque: PathBuf,
    pub cf: PathBuf,
    pub pb: PathBuf,
    /// A Banque shift cut in two files at a line: the first with the header, the
    /// second taking up the chain.
    pub part1: PathBuf,
    pub part2: PathBuf,
    /// A shift whose record was edited.
    pub damaged: PathBuf,
    /// The first records of the Banque shift, copied before it ended.
    pub older: PathBuf,
}

/// The lines of a log file, each with its end of line.
fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).expect("log").split_inclusive('\n').map(str::to_owned).collect()
}

/// A room's logs in `dir`: the three games, a split shift, a damaged log, an older copy.
pub(crate) fn room(dir: &Path) -> Room {
    let shift = "tests/fixtures/review/shift.ron";
    let room = Room {
        banque: dir.join("2026-11-23_220000_Mesa-3_Ana.sabotlog"),
        cf: dir.join("2026-11-23_220500_Mesa-7_Luis.sabotlog"),
        pb: dir.join("2026-11-23_221000_Punto-1_Eva.sabotlog"),
        part1: dir.join("2026-11-23_223000_Mesa-5_Marta-1.sabotlog"),
        part2: dir.join("2026-11-23_223000_Mesa-5_Marta-2.sabotlog"),
        damaged: dir.join("2026-11-23_224000_Mesa-9_Pablo.sabotlog"),
        older: dir.join("copia-usb").join("2026-11-23_220000_Mesa-3_Ana.sabotlog"),
    };
    log_script_as(shift, &room.banque, "Mesa 3", "Ana", true);
    log_script_as("tests/scenarios/cf_banco_with_table.ron", &room.cf, "Mesa 7", "Luis", true);
    log_script_as("tests/scenarios/pb_whole_shoe.ron", &room.pb, "Punto 1", "Eva", true);
    // The split shift: cut at a line in the middle.
    let whole = dir.join("whole.tmp");
    log_script_as(shift, &whole, "Mesa 5", "Marta", true);
    let lines = lines_of(&whole);
    let half = lines.len() / 2;
    std::fs::write(&room.part1, lines[..half].concat()).expect("part 1");
    std::fs::write(&room.part2, lines[half..].concat()).expect("part 2");
    std::fs::remove_file(&whole).expect("removed");
    // A damaged log: a figure of a middle record changed, its hash no longer matching.
    log_script_as(shift, &room.damaged, "Mesa 9", "Pablo", true);
    let mut lines = lines_of(&room.damaged);
    let k = lines.len() / 2;
    let at = lines[k].find("amount:").map_or(lines[k].len() / 2, |i| i + 8);
    let digit = if lines[k].as_bytes()[at] == b'1' { "2" } else { "1" };
    lines[k].replace_range(at..at + 1, digit);
    std::fs::write(&room.damaged, lines.concat()).expect("damaged");
    // The older copy: the Banque shift's first records, taken before it ended.
    std::fs::create_dir_all(room.older.parent().expect("folder")).expect("folder");
    let lines = lines_of(&room.banque);
    std::fs::write(&room.older, lines[..lines.len() * 2 / 3].concat()).expect("older copy");
    room
}

impl Room {
    pub fn all(&self) -> Vec<PathBuf> {
        [&self.banque, &self.cf, &self.pb, &self.part1, &self.part2, &self.damaged, &self.older]
            .into_iter()
            .cloned()
            .collect()
    }
}

/// One size's looks: each state looked at as it is reached, every fault kept.
struct Looks {
    h: Harness<'static, SabotApp>,
    size: (f32, f32),
    found: Vec<String>,
}

impl Looks {
    fn new(size: (f32, f32), app: SabotApp) -> Looks {
        Looks { h: harness_app(size, app), size, found: Vec::new() }
    }

    fn look(&mut self, what: &str) {
        settle(&mut self.h);
        let (w, hh) = self.size;
        if let Ok(dir) = std::env::var("LAYOUT_SHOTS") {
            let name: String = what.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
            if let Ok(image) = self.h.render() {
                image.save(Path::new(&dir).join(format!("{w}x{hh}-{name}.png"))).expect("shot saved");
            }
        }
        let scrolled = scrolled_out(&self.h);
        let found = faults(&self.h).into_iter().filter(|f| !scrolled.iter().any(|s| f.starts_with(s)));
        self.found.extend(found.map(|f| format!("{w}x{hh} {what}: {f}")));
    }

    fn fault(&mut self, what: &str, why: String) {
        let (w, hh) = self.size;
        self.found.push(format!("{w}x{hh} {what}: {why}"));
    }

    fn review(&mut self) -> &mut Review {
        match &mut self.h.state_mut().screen {
            Screen::Review(r) => r,
            _ => panic!("not on the review"),
        }
    }

    fn key(&mut self, key: egui::Key) {
        self.h.key_press(key);
        settle(&mut self.h);
    }

    fn text(&mut self, text: &str) {
        self.h.event(egui::Event::Text(text.into()));
        settle(&mut self.h);
    }
}

/// The buttons of a list scrolled out of its view (the review's list of shifts, the
/// coups' table, a replay's steps): above or below the window, in part or wholly,
/// with a scroll bar on their right. As `gui_layout::faults` words them, to leave them out.
fn scrolled_out(h: &Harness<'static, SabotApp>) -> Vec<String> {
    let screen = h.ctx.content_rect();
    let bars: Vec<egui::Rect> = h.query_all_by_role(Role::ScrollBar).map(|n| n.rect()).collect();
    h.query_all_by_role(Role::Button)
        .filter(|n| {
            let r = n.rect();
            r.area() > 0.0
                && !screen.contains_rect(r)
                && r.left() >= screen.left()
                && r.right() <= screen.right()
                && bars.iter().any(|b| b.left() >= r.left() - 1.0)
        })
        .map(|n| format!("button «{}» ", n.accesskit_node().label().unwrap_or_default()))
        .collect()
}

fn every_size(look: impl Fn((f32, f32)) -> Vec<String>) {
    let found: Vec<String> = SIZES.into_iter().flat_map(look).collect();
    assert!(found.is_empty(), "{} faults:\n{}", found.len(), found.join("\n"));
}

/// The rectangle of the text `label` on screen, if shown.
fn rect_of(h: &Harness<'static, SabotApp>, label: &str) -> Option<egui::Rect> {
    h.query_all_by_label(label).map(|n| n.rect()).find(|r| r.area() > 0.0)
}

/// At a glance, one shift: the reconciliation's amounts in a column of their own,
/// aligned on their right, clear of their words and of the charts beside them.
fn reconciliation_faults(h: &Harness<'static, SabotApp>) -> Vec<String> {
    let terms = [
        "al empezar",
        "traído por los banqueros",
        "retirado por los banqueros",
        "neto de la banca contra las puestas",
        "al acabar",
    ];
    let mut out = Vec::new();
    let Some(chart) = rect_of(h, "La banca a lo largo del turno") else {
        return vec!["the bank's chart not shown".into()];
    };
    let mut rights = Vec::new();
    for term in terms {
        let Some(word) = h.query_all_by_label(term).map(|n| n.rect()).find(|r| r.area() > 0.0) else {
            continue;
        };
        // The amount on the term's row: the text right of its words.
        let amount = h
            .query_all_by_role(Role::Label)
            .filter(|n| {
                let r = n.rect();
                r.area() > 0.0 && (r.center().y - word.center().y).abs() < 4.0 && r.left() > word.right()
            })
            .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
            .min_by(|a, b| a.1.left().total_cmp(&b.1.left()));
        let Some((text, r)) = amount else {
            out.push(format!("«{term}» has no amount beside it"));
            continue;
        };
        if r.left() - word.right() < 8.0 {
            out.push(format!("«{term}» and «{text}» touch: {word:?} {r:?}"));
        }
        if chart.left() - r.right() < 16.0 {
            out.push(format!("«{text}» {r:?} touches the charts at {:?}", chart.left()));
        }
        rights.push((text, r.right()));
    }
    if rights.len() < 4 {
        out.push(format!("only {} of the reconciliation's terms found", rights.len()));
    }
    if let Some((first, right)) = rights.first().cloned() {
        for (text, r) in &rights {
            if (r - right).abs() > 1.5 {
                out.push(format!("«{text}» ends at {r}, «{first}» at {right}: not aligned"));
            }
        }
    }
    out
}

/// All together: each chart's plot at least its least height under its legend, and
/// the bank's legend without the Punto y Banca shift (it has no bank).
fn charts_faults(h: &Harness<'static, SabotApp>) -> Vec<String> {
    let titles = ["La banca a lo largo del turno", "Cagnotte (y comisión) acumulada", "Jugadas por hora"];
    let tops: Vec<Option<egui::Rect>> = titles.iter().map(|t| rect_of(h, t)).collect();
    let mut out = Vec::new();
    for (k, pair) in tops.windows(2).enumerate() {
        let (Some(a), Some(b)) = (pair[0], pair[1]) else {
            out.push(format!("«{}» or «{}» not shown", titles[k], titles[k + 1]));
            continue;
        };
        // Between a chart's title and the next: its legend, then its plot.
        let legend_bottom = h
            .query_all_by_role(Role::Label)
            .filter(|n| n.accesskit_node().label().unwrap_or_default().starts_with('■'))
            .map(|n| n.rect())
            .filter(|r| r.top() > a.bottom() && r.bottom() < b.top())
            .fold(a.bottom(), |y, r| y.max(r.bottom()));
        let plot = b.top() - legend_bottom;
        if plot < sabot::app::review::charts::MIN_PLOT_HEIGHT - 1.0 {
            out.push(format!("«{}»: its plot {plot:.0} px tall", titles[k]));
        }
        if k == 0 {
            let pb_in_legend = h.query_all_by_role(Role::Label).any(|n| {
                let r = n.rect();
                let label = n.accesskit_node().label().unwrap_or_default();
                label.starts_with('■') && label.contains("Punto 1") && r.top() > a.bottom() && r.bottom() < b.top()
            });
            if pb_in_legend {
                out.push("the Punto y Banca shift in the bank chart's legend".into());
            }
        }
    }
    out
}

/// The review of a room at one size: all together, each shift at a glance, the coups
/// of one and of all, a coup replayed.
fn review_at(size: (f32, f32), logs: &[PathBuf]) -> Vec<String> {
    let mut r = Review::without_dialog();
    r.open(logs.to_vec(), None);
    r.wait();
    let mut app = SabotApp::new(Lang::Es, memory_logs());
    app.screen = Screen::Review(Box::new(r));
    let mut w = Looks::new(size, app);
    w.review().selected = None;
    w.look("the review, all together");
    for f in charts_faults(&w.h) {
        w.fault("the review, all together", f);
    }
    let names: Vec<String> = w.review().shifts.iter().map(|s| s.summary.table.clone()).collect();
    for (i, table) in names.iter().enumerate() {
        w.review().selected = Some(i);
        w.review().tab = Tab::Glance;
        let what = format!("the review, {table} ({i}) at a glance");
        w.look(&what);
        let shift = &w.review().shifts[i].summary;
        let banque = shift.game.has_bank() && !shift.integrity.is_damaged() && shift.table == "Mesa 3";
        if banque {
            for f in reconciliation_faults(&w.h) {
                w.fault(&what, f);
            }
        }
    }
    w.review().selected = Some(0);
    w.review().tab = Tab::Coups;
    w.look("the review, one shift's coups");
    w.review().selected = None;
    w.look("the review, all the coups");
    w.review().selected = Some(0);
    settle(&mut w.h);
    w.h.get_by_label("Jugada 2").click();
    settle(&mut w.h);
    w.look("the review, coup 2 replayed");
    w.found
}

#[test]
fn the_review_of_a_room_holds_at_every_size() {
    let dir = tempfile::tempdir().expect("tempdir");
    let room = room(dir.path());
    every_size(|size| review_at(size, &room.all()));
}

/// A trainee's answer in the store.
fn answer(game: Game, level: Level, kind: Kind, clause: &str, right: bool) -> Answered {
    Answered { game, level, kind, clause: clause.parse().expect("clause"), right, ms: 4200 }
}

/// A school's store: Ana with every level to 4 passed in Banque (levels 1–5 open),
/// sessions with misses; Luis and Eva beginning.
fn school_store(dir: &Path) {
    let store = dir.join("training").join("school.sqlite3");
    let mut s = School::open(&store).expect("store");
    let levels = [
        (Level::Values, Kind::Total, "R-C-1"),
        (Level::Drawing, Kind::Owed, "R-BQ-11"),
        (Level::Payouts, Kind::Payout, "R-BQ-7"),
        (Level::Procedures, Kind::Ruling, "R-BQ-E14"),
    ];
    for (name, days) in [("Ana", 4), ("Luis", 1), ("Eva María de los Ángeles", 1)] {
        let t = s.trainee(name, "2026-11-20T10:00:00.000+01:00").expect("trainee");
        for (d, (level, kind, clause)) in levels.iter().enumerate().take(days) {
            let at = format!("2026-11-2{d}T10:00:00.000+01:00");
            let session = s.start_session(t, Game::Banque, Some(*level), 7, &at).expect("session");
            for q in 0..22u32 {
                let record = AnswerRecord {
                    at: at.clone(),
                    answered: answer(Game::Banque, *level, *kind, clause, q % 11 != 3),
                    drill: q / 2 + 1,
                    question: q % 2 + 1,
                    given: "R-BQ-11 — El paño 1 debe pedir carta.".into(),
                    expected: "R-BQ-E14 — Se rectifica la jugada: la carta vuelve al paño 1.".into(),
                };
                s.record(session, &record).expect("kept");
            }
            s.end_session(session, &at).expect("ended");
        }
    }
}

/// The instructor's key and the way back, whole on the screen (they were cut at the
/// bottom of the school at 1024×768).
fn keys_in_view(w: &mut Looks, what: &str, keys: &[&str]) {
    let screen = w.h.ctx.content_rect();
    for key in keys {
        let shown = w.h.query_all_by_role_and_label(Role::Button, key).map(|n| n.rect()).find(|r| r.area() > 0.0);
        match shown {
            Some(r) if screen.contains_rect(r) => {}
            Some(r) => w.fault(what, format!("«{key}» {r:?} out of the window {screen:?}")),
            None => w.fault(what, format!("«{key}» not shown")),
        }
    }
    // Whole, not cut by what scrolls above it.
    for f in faults(&w.h).into_iter().filter(|f| keys.iter().any(|k| f.contains(k))) {
        w.fault(what, f);
    }
}

/// The progress chart's axes: a share right from 0 to 100 % (and a little room for
/// the marks at the ends), the sessions from the first to the last (one session's
/// chart once ran from −50 to 50).
fn progress_axes(w: &mut Looks, who: &str, sessions: f64) {
    let bounds =
        egui_plot::PlotMemory::load(&w.h.ctx, egui::Id::unique(sabot::app::school::PROGRESS_PLOT)).map(|m| *m.bounds());
    let what = format!("{who}'s progress chart");
    let Some(b) = bounds else { return w.fault(&what, "not drawn".into()) };
    let (x, y) = ((b.min()[0], b.max()[0]), (b.min()[1], b.max()[1]));
    if !((-5.5..=0.0).contains(&y.0) && (100.0..=105.5).contains(&y.1)) {
        w.fault(&what, format!("its share runs {y:?}"));
    }
    if !(x.0 >= 0.0 && x.0 <= 1.0 && x.1 >= sessions && x.1 <= sessions + 1.0) {
        w.fault(&what, format!("its sessions run {x:?}, for {sessions} sessions"));
    }
}

/// The school at one size: the levels and the progress of a trainee, the instructor
/// and a session replayed, a ruling answered wrong and explained, the entry line.
fn school_at(size: (f32, f32)) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    school_store(dir);
    let mut app = SabotApp::in_dir(Lang::Es, dir, memory_logs());
    app.training_seed = Some(4);
    let mut w = Looks::new(size, app);
    w.key(egui::Key::F6);
    w.look("the school, no trainee chosen");
    w.h.get_by_role_and_label(Role::Button, "Ana").click();
    settle(&mut w.h);
    w.look("the school, Ana's levels and progress");
    keys_in_view(&mut w, "the school", &["Vista del instructor", "Volver"]);
    progress_axes(&mut w, "Ana", 4.0);
    w.h.get_by_role_and_label(Role::Button, "Luis").click();
    settle(&mut w.h);
    w.look("the school, Luis's one session");
    progress_axes(&mut w, "Luis", 1.0);
    w.h.get_by_role_and_label(Role::Button, "Ana").click();
    settle(&mut w.h);
    w.key(egui::Key::F9);
    w.look("the instructor");
    keys_in_view(&mut w, "the instructor", &["Volver a los niveles", "Volver"]);
    w.h.get_by_role_and_label(Role::Button, "Ana · Bacarrá a dos paños · nivel 4 · 2026-11-23 10:00 · 20/22").click();
    settle(&mut w.h);
    w.look("the instructor, a session replayed");
    w.key(egui::Key::Escape);
    w.key(egui::Key::F9);
    w.key(egui::Key::Num4);
    w.look("level 4, a ruling asked");
    let right = match w.h.state().training().and_then(|t| t.session.current()).map(|q| q.right_answer()) {
        Some(sabot::training::Answer::Choice(i)) => i,
        other => panic!("a ruling to choose: {other:?}"),
    };
    w.text(if right == 0 { "2" } else { "1" });
    w.look("level 4, a wrong ruling explained");
    w.key(egui::Key::Escape);
    w.key(egui::Key::Escape);
    w.key(egui::Key::Num5);
    w.look("level 5, the entry line");
    w.found
}

#[test]
fn the_school_holds_at_every_size() {
    every_size(school_at);
}

/// The room and the school's store written to `$REVIEW_ROOM` (a folder), to look at
/// them in a real window: `sabot review $REVIEW_ROOM/*.sabotlog …`, and the school
/// with `SABOT_DATA_DIR=$REVIEW_ROOM` (its `training/school.sqlite3`). Run on demand:
/// `REVIEW_ROOM=/tmp/room cargo test --test all -- --ignored writes_a_room`.
#[test]
#[ignore = "writes the fixtures for a look in a real window"]
fn writes_a_room_to_look_at() {
    let dir = PathBuf::from(std::env::var("REVIEW_ROOM").expect("REVIEW_ROOM, a folder"));
    std::fs::create_dir_all(&dir).expect("folder");
    let room = room(&dir);
    school_store(&dir);
    assert!(room.all().iter().all(|p| p.is_file()));
    assert!(dir.join("training").join("school.sqlite3").is_file());
}
