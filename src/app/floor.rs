//! The pit boss's floor: the room, live, from the pit (`sabot floor URL`, or «Sala»
//! on the start screen). Every table's open shift in a row: game, croupier, banker,
//! bank, coups, cagnotte or commission, drop and the house's result, the last record
//! and how long ago, the pit's state for it. A summary of the room and its alarms on
//! top, a refusal first, always, until a pit boss acknowledges it (F4); the rows
//! filtered by game, state and name (F3), the alarmed first. A table selected
//! shows its current coup as the croupier's screen shows it, moving as records
//! arrive.
//!
//! No figure is computed here: each is the pit's records replayed through the engine
//! (`pit::floor`, `reports::summary`, as `sabot report`), read on a worker thread; the
//! frame draws the last snapshot.

use super::felt::View;
use super::floor_alarms;
pub use super::floor_alarms::alarm_text;
use super::floor_rows::{self, FloorFilter, StateFilter, shown};
pub use super::floor_rows::{Row, row_cells};
use super::text::{t, ta};
use super::widgets::{ALERT, GOLD, INK_DIM, SIZE_BODY, SIZE_SMALL};
use crate::engine::{Game, Owed};
use crate::i18n::{self, Lang};
use crate::pit::PitUrl;
use crate::pit::floor::{AlarmKey, Class, FloorConfig, Live, MarkKind, Snapshot, TableNow};
use egui::{RichText, Ui};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// What the pit boss asks of the app from the floor: to leave it (Esc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloorCmd {
    Leave,
}

/// The floor screen's state.
pub struct FloorView {
    pub url: PitUrl,
    live: Live,
    /// The table selected (its shift's id).
    pub selected: Option<String>,
    pub leave: bool,
    pub config: FloorConfig,
    /// The rows asked for: a game, a state, part of a table's name.
    pub filter: FloorFilter,
    /// The search field takes the keys at the next frame.
    pub focus_search: bool,
    /// Alarms marked seen from this screen (each asked of the pit once).
    asked_seen: BTreeSet<AlarmKey>,
    /// The lag of what is drawn, for the benchmark (`SABOT_FLOOR_DRAWN`).
    drawn: Option<Drawn>,
}

impl FloorView {
    /// Starts following the pit at `url`; `ctx` is asked for a frame after each look
    /// that changed what it shows, `config.frames_apart` apart at least (a room of 200
    /// tables changes at every look: a frame each, drawn in software, took a core).
    pub fn start(url: PitUrl, config: FloorConfig, ctx: Option<egui::Context>) -> FloorView {
        let wake: Box<dyn Fn() + Send> = match ctx {
            Some(ctx) => {
                let apart = config.frames_apart;
                let last = std::sync::Mutex::new(None::<std::time::Instant>);
                Box::new(move || {
                    let now = std::time::Instant::now();
                    let Ok(mut last) = last.lock() else { return ctx.request_repaint() };
                    let wait = last.map_or(Duration::ZERO, |l| apart.saturating_sub(now.duration_since(l)));
                    *last = Some(now + wait);
                    ctx.request_repaint_after(wait);
                })
            }
            None => Box::new(|| {}),
        };
        let live = Live::start(url.clone(), config.clone(), false, wake);
        FloorView {
            url,
            live,
            selected: None,
            leave: false,
            config,
            filter: FloorFilter::default(),
            focus_search: false,
            asked_seen: BTreeSet::new(),
            drawn: Drawn::from_env(),
        }
    }

    /// What the floor shows now.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.live.snapshot()
    }

    /// Waits until the floor has looked at the pit `looks` times more (tests).
    pub fn wait_looks(&self, looks: u64, timeout: Duration) -> Arc<Snapshot> {
        let start = std::time::Instant::now();
        let from = self.snapshot().looks;
        loop {
            let s = self.snapshot();
            if s.looks >= from + looks || start.elapsed() > timeout {
                return s;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The whole floor screen.
pub fn floor_ui(
    ui: &mut Ui,
    lang: Lang,
    f: &mut FloorView,
    assets: Option<&super::assets::Assets>,
    cmds: &mut Vec<FloorCmd>,
) {
    let snap = f.snapshot();
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        f.leave = true;
    }
    // The floor's thread wakes the screen after a look that changed something; the
    // screen asks for a frame when a figure it shows would read otherwise (an age of
    // seconds every second, of minutes every minute), and often enough to say a pit
    // that stopped answering within its bound (`FloorConfig::answer_within`).
    ui.ctx().request_repaint_after(next_change(&snap, &f.config));
    let by_class = floor_alarms::tables_by_class(&snap.alarms);
    let worst = floor_rows::worst_by_table(&snap.alarms);
    let mut asked = floor_alarms::Asked::default();
    egui::Panel::top("floor_top").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(t(lang, "floor-title")).size(SIZE_BODY).color(GOLD).strong());
            ui.label(RichText::new(f.url.masked()).size(SIZE_SMALL).color(INK_DIM));
            if ui.button(RichText::new(t(lang, "floor-leave")).size(SIZE_BODY)).clicked() {
                f.leave = true;
            }
        });
        state_lines_ui(ui, lang, &snap);
        floor_alarms::summary_ui(ui, lang, &snap, &by_class, &mut f.filter);
        asked = floor_alarms::alarms_ui(ui, lang, &snap, &by_class, &mut f.filter, f.selected.is_none());
    });
    for (key, kind) in asked.marks {
        if kind == MarkKind::Acknowledged || f.asked_seen.insert(key.clone()) {
            f.live.mark(key, kind);
        }
    }
    let selected = f.selected.as_ref().and_then(|id| snap.tables.iter().find(|t| &t.shift.shift_id == id));
    if let (Some(tn), Some(assets)) = (selected, assets) {
        egui::Panel::bottom("floor_coup")
            .resizable(false)
            // The croupier's view needs its height; a few rows stay above it.
            .exact_size((ui.available_height() * 0.62).max(430.0).min(ui.available_height() - 110.0))
            .show(ui, |ui| coup_ui(ui, lang, tn, assets));
    } else if let Some(tn) = selected {
        egui::Panel::bottom("floor_coup").show(ui, |ui| {
            let words = ta(lang, "floor-coup-of", &[("table", shown(&tn.shift.table_name))]);
            ui.label(RichText::new(words).size(SIZE_BODY).color(GOLD));
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if snap.tables.is_empty() && snap.alarms.is_empty() && snap.looks > 0 && snap.offline.is_none() {
            ui.label(RichText::new(t(lang, "floor-empty")).size(SIZE_BODY).color(INK_DIM));
            return;
        }
        let (rows, count) = floor_rows::rows(&snap, &worst, &f.filter);
        filter_ui(ui, lang, &mut f.filter, rows.len(), count, &mut f.focus_search);
        floor_rows::rows_ui(ui, lang, &mut f.selected, &snap, &rows, &worst);
        if let Some(d) = f.drawn.as_mut() {
            d.drawn(&snap);
        }
    });
    if f.leave {
        f.leave = false;
        cmds.push(FloorCmd::Leave);
    }
}

/// The pit's state for the whole floor: offline, reading, a frame behind, marks the
/// pit does not keep or did not take.
fn state_lines_ui(ui: &mut Ui, lang: Lang, snap: &Snapshot) {
    let alert = |ui: &mut Ui, words: String| {
        ui.label(RichText::new(words).size(SIZE_SMALL).color(ALERT).strong());
    };
    if let Some(e) = &snap.offline {
        alert(ui, super::pit::pit_error_text(lang, e));
    } else if snap.looks == 0 {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(RichText::new(t(lang, "floor-reading")).size(SIZE_SMALL).color(INK_DIM));
        });
    } else if snap.behind() >= Duration::from_secs(1) {
        alert(ui, ta(lang, "floor-frame-behind", &[("behind", floor_rows::secs(snap.behind()))]));
    }
    if snap.marks_missing {
        alert(ui, t(lang, "floor-marks-missing"));
    }
    if let Some(e) = &snap.mark_failed {
        alert(ui, ta(lang, "floor-ack-failed", &[("why", super::pit::pit_error_text(lang, e))]));
    }
}

/// The filter: a game, a state, part of a table's name (F3); how many rows it shows.
fn filter_ui(ui: &mut Ui, lang: Lang, filter: &mut FloorFilter, shown_rows: usize, count: usize, focus: &mut bool) {
    ui.horizontal(|ui| {
        let game_words = |g: Option<Game>| g.map_or_else(|| t(lang, "floor-filter-all"), |g| i18n::game_name(lang, g));
        let label = ui.label(t(lang, "floor-filter-game"));
        let combo = egui::ComboBox::from_id_salt("floor_game").selected_text(game_words(filter.game));
        let combo = combo.show_ui(ui, |ui| {
            for g in std::iter::once(None).chain(Game::ALL.map(Some)) {
                ui.selectable_value(&mut filter.game, g, game_words(g));
            }
        });
        combo.response.labelled_by(label.id);
        let state_words = |s: StateFilter| match s {
            StateFilter::All => t(lang, "floor-filter-all"),
            StateFilter::Alarmed => t(lang, "floor-filter-alarmed"),
            StateFilter::Ok => t(lang, "floor-filter-ok"),
            StateFilter::Class(c) => class_state(lang, c),
        };
        let label = ui.label(t(lang, "floor-filter-state"));
        let combo = egui::ComboBox::from_id_salt("floor_state").selected_text(state_words(filter.state));
        let combo = combo.show_ui(ui, |ui| {
            let fixed = [StateFilter::All, StateFilter::Alarmed, StateFilter::Ok];
            for s in fixed.into_iter().chain(Class::ALL.map(StateFilter::Class)) {
                ui.selectable_value(&mut filter.state, s, state_words(s));
            }
        });
        combo.response.labelled_by(label.id);
        let label = ui.label(t(lang, "floor-filter-search"));
        let edit = ui.add(egui::TextEdit::singleline(&mut filter.search).desired_width(140.0)).labelled_by(label.id);
        if std::mem::take(focus) || ui.input(|i| i.key_pressed(egui::Key::F3)) {
            edit.request_focus();
        }
        let shown_words =
            ta(lang, "floor-filter-shown", &[("shown", shown_rows.to_string()), ("count", count.to_string())]);
        ui.label(RichText::new(shown_words).size(SIZE_SMALL).color(INK_DIM));
        if filter.is_set() && ui.button(t(lang, "floor-filter-clear")).clicked() {
            *filter = FloorFilter::default();
        }
    });
}

/// A class as the state filter names it (the rows' own word for it).
fn class_state(lang: Lang, c: Class) -> String {
    let id = match c {
        Class::Refused => "floor-state-refused",
        Class::Damaged => "floor-state-damaged",
        Class::TwoShifts => "floor-state-two-shifts",
        Class::Flagged => "floor-state-flagged",
        Class::Late => "floor-state-late",
        Class::Silent => "floor-state-silent",
    };
    t(lang, id)
}

/// How long until a figure the floor shows may read otherwise: a second while an age
/// of seconds is shown (every such age then ticks in the same frame: one frame a
/// second, not one for each table's own second), else half the bound within which a
/// pit that stopped answering is said (ages of minutes and silences of minutes tick
/// over within it).
pub fn next_change(snap: &Snapshot, config: &FloorConfig) -> Duration {
    let mut next = config.answer_within / 2;
    if snap.looks == 0 || snap.behind() >= Duration::from_secs(1) {
        next = next.min(Duration::from_secs(1));
    }
    let Some(now) = snap.pit_now() else { return next };
    if snap.tables.iter().any(|tn| tn.age(now) < Duration::from_secs(60)) {
        next = next.min(Duration::from_secs(1));
    }
    next
}

/// The figures' lag as drawn (`SABOT_FLOOR_DRAWN=FILE`, for the whole-process
/// benchmark): each time a frame draws a table's newer record, the milliseconds from
/// its writing at the table to the frame, a line each.
pub struct Drawn {
    file: std::fs::File,
    records: std::collections::BTreeMap<String, u64>,
}

impl Drawn {
    /// From the environment variable, if set (a file that cannot be opened: none).
    fn from_env() -> Option<Drawn> {
        let path = std::env::var_os("SABOT_FLOOR_DRAWN")?;
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path).ok()?;
        Some(Drawn { file, records: Default::default() })
    }

    fn drawn(&mut self, snap: &Snapshot) {
        use std::io::Write;
        let now = chrono::Utc::now();
        let mut out = String::new();
        for tn in &snap.tables {
            let was = self.records.insert(tn.shift.shift_id.clone(), tn.records);
            if was.is_some_and(|w| w < tn.records) {
                let lag = now.signed_duration_since(tn.last_at).num_milliseconds();
                out.push_str(&format!("{lag}\n"));
            }
        }
        if !out.is_empty() {
            let _ = self.file.write_all(out.as_bytes());
        }
    }
}

/// The selected table's current coup, as the croupier's screen shows it.
fn coup_ui(ui: &mut Ui, lang: Lang, tn: &TableNow, assets: &super::assets::Assets) {
    let coup = tn.table.as_ref().map_or(0, |tb| tb.shift().coup_number);
    let words = ta(lang, "floor-coup-title", &[("table", shown(&tn.shift.table_name)), ("coup", coup.to_string())]);
    ui.label(RichText::new(words).size(SIZE_BODY).color(GOLD).strong());
    let Some(table) = tn.table.as_ref() else {
        ui.label(RichText::new(t(lang, "floor-no-table")).size(SIZE_SMALL).color(INK_DIM));
        return;
    };
    let duty = table.owed();
    let turn = match duty.owed {
        Owed::Decide { hand, .. } | Owed::Card { hand, .. } | Owed::Show { hand } => Some(hand),
        _ => None,
    };
    let view = View { lang, table, assets, turn, next: None, quiz: false, seats_from: None };
    let mut ignored = None;
    // The felt as wide for its height as on the croupier's screen (about 2.3 to 1):
    // drawn across a whole wide window, its boxes grow taller than the panel and the
    // hands' lines run into the seats.
    let avail = ui.available_rect_before_wrap();
    let width = avail.width().min(avail.height() * FELT_ASPECT);
    let rect = egui::Rect::from_center_size(avail.center(), egui::vec2(width, avail.height()));
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| match table.game() {
        Game::Banque => super::table_bq::table_bq_ui(ui, &view, &mut ignored),
        Game::ChemindeFer => super::table_cf::table_cf_ui(ui, &view, &mut ignored),
        Game::PuntoBanca => super::table_pb::table_pb_ui(ui, &view, &mut ignored),
    });
}

/// The croupier's felt, width to height, at the three window sizes (about 1080×470 at
/// 1280×800).
const FELT_ASPECT: f32 = 2.3;

#[cfg(test)]
mod tests {
    use super::{alarm_text, next_change};
    use crate::pit::ShiftRow;
    use crate::pit::floor::{FloorConfig, Snapshot, TableNow};
    use std::time::{Duration, Instant};

    /// A room whose tables' last records arrived `ago` before the look.
    fn room(ago: &[Duration]) -> Snapshot {
        let now = chrono::Utc::now();
        let tables = ago
            .iter()
            .map(|a| {
                let arrived = now - chrono::Duration::from_std(*a).unwrap_or_default();
                let shift = ShiftRow {
                    shift_id: "0".repeat(64),
                    table_name: "Mesa 1".into(),
                    croupier: "Ana".into(),
                    game: "banque".into(),
                    training: false,
                    started: arrived.fixed_offset(),
                    last_seq: 1,
                    last_at: arrived.fixed_offset(),
                    last_received: arrived,
                    closed: false,
                    read_at: now,
                };
                TableNow {
                    shift,
                    summary: None,
                    table: None,
                    drop: None,
                    house: crate::engine::Money::ZERO,
                    records: 2,
                    pace: None,
                    late: 0,
                    worst_delay: Duration::ZERO,
                    last_at: arrived.fixed_offset(),
                    arrived,
                    problem: None,
                    flagged: Vec::new(),
                }
            })
            .collect();
        Snapshot { tables, read_at: Some(now), read_when: Some(Instant::now()), looks: 1, ..Snapshot::default() }
    }

    /// Issue 48, point 4: a room of silent tables (ages of minutes, which change once
    /// a minute) asks for no frame a second (it asked for one every second, whatever
    /// it showed); a table whose age is in seconds asks for the next second.
    #[test]
    fn the_floor_asks_for_a_frame_only_when_a_figure_it_shows_changes() {
        let config = FloorConfig::default();
        let silent = room(&[Duration::from_secs(150); 50]);
        assert_eq!(next_change(&silent, &config), config.answer_within / 2, "only to say a pit gone silent");
        let live = room(&[Duration::from_secs(150), Duration::from_millis(12_300)]);
        assert_eq!(next_change(&live, &config), Duration::from_secs(1), "one frame a second, not one a table");
        assert_eq!(super::floor_rows::ago(Duration::from_secs(150)), "2 min");
        assert_eq!(super::floor_rows::ago_changes_in(Duration::from_secs(150)), Duration::from_secs(30));
    }

    use crate::i18n::Lang;
    use crate::journal::{JournalError, Problem};
    use crate::pit::floor::Alarm;

    /// A shift the floor cannot read is said in the floor's language (its English
    /// words were shown on the Spanish floor before).
    #[test]
    fn an_unreadable_shift_is_said_in_the_floors_language() {
        let why = JournalError::Unreadable { path: "pit:Mesa 2".into(), what: Problem::Empty };
        let alarm = Alarm::Unreadable { table: "Mesa 2".into(), why };
        let es = alarm_text(Lang::Es, &alarm);
        let en = alarm_text(Lang::En, &alarm);
        assert!(es.contains("Mesa 2") && !es.contains("the file is empty"), "{es}");
        assert!(en.contains("the file is empty"), "{en}");
    }
}
