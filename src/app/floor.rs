//! The pit boss's floor: the room, live, from the pit (`sabot floor URL`, or «Sala»
//! on the start screen). Every table's open shift in a row: game, croupier, banker,
//! bank, coups, cagnotte or commission, drop and the house's result, the last record
//! and how long ago, the pit's state for it. Alarms in red on top. A table selected
//! shows its current coup as the croupier's screen shows it, moving as records
//! arrive.
//!
//! No figure is computed here: each is the pit's records replayed through the engine
//! (`pit::floor`, `journal::summary`, as `sabot report`), read on a worker thread; the
//! frame draws the last snapshot.

use super::felt::View;
use super::text::{t, ta};
use super::widgets::{ALERT, GOLD, INK, INK_DIM, SIZE_BODY, SIZE_SMALL, WIN};
use crate::engine::{Game, Owed};
use crate::i18n::{self, Lang};
use crate::journal::summary_text::cents;
use crate::pit::PitUrl;
use crate::pit::floor::{Alarm, FloorConfig, Live, Snapshot, TableNow};
use egui::{RichText, Ui};
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
}

impl FloorView {
    /// Starts following the pit at `url`; `ctx` is asked for a frame after each look.
    pub fn start(url: PitUrl, config: FloorConfig, ctx: Option<egui::Context>) -> FloorView {
        let wake: Box<dyn Fn() + Send> = match ctx {
            Some(ctx) => Box::new(move || ctx.request_repaint()),
            None => Box::new(|| {}),
        };
        let live = Live::start(url.clone(), config.clone(), false, wake);
        FloorView { url, live, selected: None, leave: false, config }
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

/// A table's or a login's name as the floor shows it: anything but printable ASCII
/// and the Latin-1 letters as its escape (issue 51: a look-alike login, a control
/// character in an old row), never drawn as it is.
fn shown(name: &str) -> String {
    i18n::inert_name(name)
}

/// An alarm in the pit boss's words.
pub fn alarm_text(lang: Lang, a: &Alarm) -> String {
    match a {
        Alarm::Silent { table, silent, pace } => {
            ta(lang, "floor-alarm-silent", &[("table", shown(table)), ("silent", secs(*silent)), ("pace", secs(*pace))])
        }
        Alarm::Late { table, count, worst } => ta(
            lang,
            "floor-alarm-late",
            &[("table", shown(table)), ("count", count.to_string()), ("worst", secs(*worst))],
        ),
        Alarm::Damaged { table, line } => {
            ta(lang, "floor-alarm-damaged", &[("table", shown(table)), ("line", line.to_string())])
        }
        Alarm::Unreadable { table, why } => {
            let why = crate::journal::text::journal_error_text(lang, why);
            ta(lang, "floor-alarm-unreadable", &[("table", shown(table)), ("why", why)])
        }
        Alarm::TwoShifts { table, count } => {
            ta(lang, "floor-alarm-two-shifts", &[("table", shown(table)), ("count", count.to_string())])
        }
        Alarm::Refused { table, count, seq, login, why } => ta(
            lang,
            "floor-alarm-refused",
            &[
                ("table", shown(table)),
                ("count", count.to_string()),
                ("seq", seq.to_string()),
                ("login", shown(login)),
                ("why", super::pit::pit_refusal_text(lang, &crate::pit::PitRefusal::from_stored(why))),
            ],
        ),
    }
}

/// Seconds for a person: `0.4 s` (tenths under ten seconds), `42 s`, `3 min 05 s`.
fn secs(d: Duration) -> String {
    let s = d.as_secs();
    if d < Duration::from_secs(10) {
        format!("{:.1} s", d.as_secs_f64())
    } else if s < 60 {
        format!("{s} s")
    } else {
        format!("{} min {:02} s", s / 60, s % 60)
    }
}

/// How long ago, short enough for a column: `12 s`, `1:05`, `2:03:09`.
fn ago(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{s} s")
    } else if s < 3600 {
        format!("{}:{:02}", s / 60, s % 60)
    } else {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

/// The table an alarm is about.
fn alarm_table(a: &Alarm) -> &str {
    match a {
        Alarm::Silent { table, .. }
        | Alarm::Late { table, .. }
        | Alarm::Damaged { table, .. }
        | Alarm::Unreadable { table, .. }
        | Alarm::TwoShifts { table, .. }
        | Alarm::Refused { table, .. } => table,
    }
}

/// One row's words, in the columns' order (the test compares them with the report);
/// the pit's state says the table's alarm when it has one. `now` is the pit's clock
/// (`Snapshot::pit_now`): the last record's age is from its arrival in the pit;
/// `behind`, how long ago the pit was read (`Snapshot::behind`): a row behind the pit
/// by a second or more says so.
pub fn row_cells(
    lang: Lang,
    t_now: &TableNow,
    alarms: &[Alarm],
    now: chrono::DateTime<chrono::Utc>,
    behind: Duration,
) -> Vec<String> {
    let s = t_now.summary.as_ref();
    let game = s.map(|s| s.game).unwrap_or(Game::Banque);
    let holder = t_now.table.as_ref().and_then(|tb| tb.shift().banker());
    let banker = holder.map(|p| i18n::player_name(lang, p)).unwrap_or_else(|| "—".into());
    // Game protection: the banker who holds the bank, flagged.
    let flagged = t_now.flagged.iter().any(|v| v.decider == crate::analysis::protection::Decider::Banker(holder));
    let banker = if flagged { format!("⚑ {banker}") } else { banker };
    let bank = if game.has_bank() {
        t_now.table.as_ref().map(|tb| cents(lang, tb.bank())).unwrap_or_default()
    } else {
        "—".into()
    };
    let take = match s {
        Some(s) if s.game.has_bank() => cents(lang, s.reconciliation.cagnotte),
        Some(s) => cents(lang, s.commission),
        None => String::new(),
    };
    let mine = alarms.iter().find(|a| alarm_table(a) == t_now.shift.table_name);
    let state = if t_now.problem.is_some() {
        t(lang, "floor-state-unreadable")
    } else if let Some(Alarm::Silent { .. }) = mine {
        t(lang, "floor-state-silent")
    } else if let Some(Alarm::TwoShifts { .. }) = mine {
        t(lang, "floor-state-two-shifts")
    } else if let Some(Alarm::Damaged { .. }) = mine {
        t(lang, "floor-state-damaged")
    } else if let Some(Alarm::Late { .. }) = mine {
        t(lang, "floor-state-late")
    } else if t_now.shift.delay().to_std().unwrap_or(Duration::ZERO) > Duration::from_secs(5) {
        t(lang, "floor-state-late")
    } else {
        t(lang, "floor-state-ok")
    };
    vec![
        shown(&t_now.shift.table_name),
        s.map(|s| i18n::game_name(lang, s.game)).unwrap_or_default(),
        i18n::inert(&t_now.shift.croupier),
        banker,
        bank,
        s.map(|s| s.coups.to_string()).unwrap_or_default(),
        take,
        t_now.drop.map_or_else(|| t(lang, "floor-too-large"), |d| cents(lang, d)),
        cents(lang, t_now.house),
        format!("{} ({})", t_now.last_at.format("%H:%M:%S"), age_words(lang, t_now, now, behind)),
        state,
    ]
}

/// How long ago the table's last record arrived in the pit, and how far behind the
/// pit the row is when it is a second or more.
fn age_words(lang: Lang, t_now: &TableNow, now: chrono::DateTime<chrono::Utc>, behind: Duration) -> String {
    let behind = behind + t_now.behind_pit();
    let age = ago(t_now.age(now));
    if behind < Duration::from_secs(1) {
        return age;
    }
    ta(lang, "floor-age-behind", &[("ago", age), ("behind", secs(behind))])
}

/// Alarm lines shown on top; the rest counted.
const ALARM_LINES: usize = 5;

const HEADS: [&str; 11] = [
    "floor-col-table",
    "floor-col-game",
    "floor-col-croupier",
    "floor-col-banker",
    "floor-col-bank",
    "floor-col-coups",
    "floor-col-take",
    "floor-col-drop",
    "floor-col-house",
    "floor-col-last",
    "floor-col-pit",
];

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
    // ages tick once a second while tables are shown, and a pit that stops answering
    // is said within its bound (`FloorConfig::answer_within`).
    let tick = if snap.tables.is_empty() { f.config.answer_within / 2 } else { Duration::from_secs(1) };
    ui.ctx().request_repaint_after(tick);
    egui::Panel::top("floor_top").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(t(lang, "floor-title")).size(SIZE_BODY).color(GOLD).strong());
            ui.label(RichText::new(f.url.masked()).size(SIZE_SMALL).color(INK_DIM));
            let open = ta(lang, "floor-open-shifts", &[("count", snap.tables.len().to_string())]);
            ui.label(RichText::new(open).size(SIZE_SMALL));
            if ui.button(RichText::new(t(lang, "floor-leave")).size(SIZE_BODY)).clicked() {
                f.leave = true;
            }
        });
        if let Some(e) = &snap.offline {
            ui.label(RichText::new(super::pit::pit_error_text(lang, e)).size(SIZE_SMALL).color(ALERT).strong());
        } else if snap.looks == 0 {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new(t(lang, "floor-reading")).size(SIZE_SMALL).color(INK_DIM));
            });
        }
        // The alarms on top, a few lines at most: the rows stay on screen (each
        // alarmed table's row is red, its state says why).
        // Fewer with a table's coup open below: the felt needs the room.
        let lines = if f.selected.is_some() { 2 } else { ALARM_LINES };
        for a in snap.alarms.iter().take(lines) {
            egui::Frame::new().fill(ALERT).inner_margin(egui::Margin::same(4)).show(ui, |ui| {
                ui.label(RichText::new(alarm_text(lang, a)).size(SIZE_SMALL + 1.0).color(INK).strong());
            });
        }
        if snap.alarms.len() + snap.refusals_more > lines {
            let left = snap.alarms.len().saturating_sub(lines) + snap.refusals_more;
            let more = ta(lang, "floor-alarms-more", &[("count", left.to_string())]);
            ui.label(RichText::new(more).size(SIZE_SMALL + 1.0).color(ALERT).strong());
        }
        // Game protection: a table whose banker is flagged, one line each.
        for (tn, v) in snap.tables.iter().filter_map(|tn| Some((tn, tn.flagged.first()?))).take(lines) {
            let seat = v.named().map(|g| i18n::player_name(lang, g.player)).unwrap_or_else(|| "—".into());
            let args = [
                ("table", shown(&tn.shift.table_name)),
                ("who", crate::journal::protection::who_text(lang, v.decider)),
                ("seat", seat),
            ];
            ui.label(RichText::new(ta(lang, "floor-protection", &args)).size(SIZE_SMALL + 1.0).color(ALERT).strong());
        }
    });
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
    egui::CentralPanel::default().show(ui, |ui| rows_ui(ui, lang, f, &snap));
    if f.leave {
        f.leave = false;
        cmds.push(FloorCmd::Leave);
    }
}

fn rows_ui(ui: &mut Ui, lang: Lang, f: &mut FloorView, snap: &Snapshot) {
    if snap.tables.is_empty() && snap.looks > 0 && snap.offline.is_none() {
        ui.label(RichText::new(t(lang, "floor-empty")).size(SIZE_BODY).color(INK_DIM));
        return;
    }
    let now = snap.pit_now().unwrap_or_else(chrono::Utc::now);
    let behind = snap.behind();
    let alarmed: Vec<&str> = snap.alarms.iter().map(alarm_table).collect();
    use egui_extras::{Column, TableBuilder};
    // Widths for 1280 points, wider on a wider screen (a state per width: no stale
    // widths from another size).
    let scale = (ui.available_width() / 1270.0).clamp(1.0, 2.0);
    let widths = [100.0, 150.0, 100.0, 90.0, 100.0, 70.0, 110.0, 100.0, 120.0, 140.0].map(|w: f32| w * scale);
    let mut table = TableBuilder::new(ui)
        .id_salt(("floor_rows", (scale * 10.0).round() as i32))
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for w in widths {
        table = table.column(Column::initial(w).at_least(50.0).clip(true));
    }
    let mut select = None;
    table
        .column(Column::remainder())
        .header(24.0, |mut h| {
            for id in HEADS {
                h.col(|ui| {
                    // Smaller rather than cut (issue 40): a column's name whole.
                    let width = ui.available_width();
                    ui.add(egui::Label::new(super::widgets::fitted(ui, t(lang, id), SIZE_BODY, width, GOLD)));
                });
            }
        })
        .body(|body| {
            // A row holds the table's button whole (its text and padding).
            body.rows(32.0, snap.tables.len(), |mut row| {
                let Some(tn) = snap.tables.get(row.index()) else { return };
                let cells = row_cells(lang, tn, &snap.alarms, now, behind);
                let alarm = alarmed.contains(&tn.shift.table_name.as_str());
                for (i, cell) in cells.into_iter().enumerate() {
                    row.col(|ui| {
                        if i == 0 {
                            let on = f.selected.as_deref() == Some(tn.shift.shift_id.as_str());
                            let text = RichText::new(cell).color(if alarm { ALERT } else { INK }).strong();
                            if ui.add(egui::Button::selectable(on, text)).clicked() {
                                select = Some(if on { None } else { Some(tn.shift.shift_id.clone()) });
                            }
                        } else {
                            let colour = if i == HEADS.len() - 1 && cell == t(lang, "floor-state-ok") {
                                WIN
                            } else if alarm && i >= HEADS.len() - 2 {
                                ALERT
                            } else {
                                INK
                            };
                            ui.label(RichText::new(cell).color(colour));
                        }
                    });
                }
            });
        });
    if let Some(s) = select {
        f.selected = s;
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
    use super::alarm_text;
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
