//! The floor's rows: one a table's open shift, and one a table whose refused records
//! no pit boss has acknowledged, its shift closed or not (a sign of tampering stays in
//! sight); the alarmed first, the worst class first; filtered by game, by state and by
//! the table's name. Every age is the age at the moment the frame is drawn.

use super::text::{t, ta};
use super::widgets::{ALERT, GOLD, INK, SIZE_BODY, SIZE_SMALL, WIN};
use crate::engine::Game;
use crate::i18n::{self, Lang};
use crate::pit::floor::{Alarm, Class, Snapshot, TableNow};
use crate::reports::summary_text::cents;
use egui::{RichText, Ui};
use std::collections::BTreeMap;
use std::time::Duration;

/// A row of the floor.
#[derive(Clone, Copy, Debug)]
pub enum Row<'a> {
    /// A table's open shift.
    Open(&'a TableNow),
    /// A table with refusals not acknowledged and no open shift followed.
    Closed(&'a str),
}

impl Row<'_> {
    pub fn table(&self) -> &str {
        match self {
            Row::Open(t) => &t.shift.table_name,
            Row::Closed(t) => t,
        }
    }

    fn game(&self) -> Option<Game> {
        match self {
            Row::Open(t) => t.summary.as_ref().map(|s| s.game).or_else(|| Game::from_slug(&t.shift.game)),
            Row::Closed(_) => None,
        }
    }
}

/// Which rows the pit boss asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StateFilter {
    #[default]
    All,
    Alarmed,
    Ok,
    Class(Class),
}

/// The floor's filter: a game, a state, part of a table's name (any case, spaces
/// aside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FloorFilter {
    pub game: Option<Game>,
    pub state: StateFilter,
    pub search: String,
}

impl FloorFilter {
    pub fn is_set(&self) -> bool {
        *self != FloorFilter::default()
    }
}

/// Each alarmed table's worst class.
pub fn worst_by_table(alarms: &[Alarm]) -> BTreeMap<&str, Class> {
    let mut out: BTreeMap<&str, Class> = BTreeMap::new();
    for a in alarms {
        let c = out.entry(a.table()).or_insert(a.class());
        *c = (*c).min(a.class());
    }
    out
}

/// The rows the filter lets through, the alarmed first (the worst class first), then
/// by table; and how many rows there are before the filter.
pub fn rows<'a>(snap: &'a Snapshot, worst: &BTreeMap<&str, Class>, filter: &FloorFilter) -> (Vec<Row<'a>>, usize) {
    let mut all: Vec<Row<'a>> = snap.tables.iter().map(Row::Open).collect();
    let mut closed: Vec<&'a str> = snap
        .alarms
        .iter()
        .filter(|a| a.class() == Class::Refused && !snap.tables.iter().any(|t| t.shift.table_name == a.table()))
        .map(Alarm::table)
        .collect();
    closed.dedup();
    closed.sort_unstable();
    closed.dedup();
    all.extend(closed.into_iter().map(Row::Closed));
    let count = all.len();
    // Any case, spaces aside: «mesa12» finds «Mesa 12».
    let bare = |t: &str| t.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect::<String>();
    let needle = bare(&filter.search);
    all.retain(|r| {
        let class = worst.get(r.table()).copied();
        let state = match filter.state {
            StateFilter::All => true,
            StateFilter::Alarmed => class.is_some(),
            StateFilter::Ok => class.is_none(),
            StateFilter::Class(c) => class == Some(c) || alarmed_as(snap, r.table(), c),
        };
        let game = filter.game.is_none() || r.game() == filter.game;
        state && game && (needle.is_empty() || bare(r.table()).contains(&needle))
    });
    all.sort_by(|a, b| {
        let (ca, cb) = (worst.get(a.table()), worst.get(b.table()));
        (ca.is_none(), ca, a.table()).cmp(&(cb.is_none(), cb, b.table()))
    });
    (all, count)
}

/// Whether the table has an alarm of this class (not only as its worst).
fn alarmed_as(snap: &Snapshot, table: &str, class: Class) -> bool {
    snap.alarms.iter().any(|a| a.class() == class && a.table() == table)
}

/// A table's or a login's name as the floor shows it (`i18n::inert_name`).
pub fn shown(name: &str) -> String {
    i18n::inert_name(name)
}

/// How long ago, short enough for a column, and changing as seldom as it can say it:
/// `12 s` under a minute, `12 min` under an hour, `2 h 05 min`.
pub fn ago(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{s} s")
    } else if s < 3600 {
        format!("{} min", s / 60)
    } else {
        format!("{} h {:02} min", s / 3600, s / 60 % 60)
    }
}

/// How long until `ago(d)` reads otherwise: the next second under a minute, the next
/// minute after.
pub fn ago_changes_in(d: Duration) -> Duration {
    let step = if d < Duration::from_secs(60) { 1_000 } else { 60_000 };
    let ms = u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    Duration::from_millis(step - ms % step)
}

/// The state column's words for a table's worst class.
fn state_words(lang: Lang, t_now: Option<&TableNow>, class: Option<Class>) -> String {
    if t_now.is_some_and(|t| t.problem.is_some()) {
        return t(lang, "floor-state-unreadable");
    }
    match class {
        Some(Class::Refused) => t(lang, "floor-state-refused"),
        Some(Class::Damaged) => t(lang, "floor-state-damaged"),
        Some(Class::TwoShifts) => t(lang, "floor-state-two-shifts"),
        Some(Class::Flagged) => t(lang, "floor-state-flagged"),
        Some(Class::Late) => t(lang, "floor-state-late"),
        Some(Class::Silent) => t(lang, "floor-state-silent"),
        None if t_now.is_some_and(|t| t.shift.delay().to_std().unwrap_or(Duration::ZERO) > Duration::from_secs(5)) => {
            t(lang, "floor-state-late")
        }
        None => t(lang, "floor-state-ok"),
    }
}

/// One row's words, in the columns' order (the test compares them with the report);
/// the pit's state says the table's worst alarm. `now` is the pit's clock at the
/// moment the row is drawn (`Snapshot::pit_now`): the last record's age is from its
/// arrival in the pit; `behind`, how long ago the pit was read (`Snapshot::behind`):
/// a row behind the pit by a second or more says so.
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
    let class = alarms.iter().filter(|a| a.table() == t_now.shift.table_name).map(Alarm::class).min();
    vec![
        shown(&t_now.shift.table_name),
        s.map(|s| game_short(lang, s.game)).unwrap_or_default(),
        i18n::inert(&t_now.shift.croupier),
        banker,
        bank,
        s.map(|s| s.coups.to_string()).unwrap_or_default(),
        take,
        t_now.drop.map_or_else(|| t(lang, "floor-too-large"), |d| cents(lang, d)),
        cents(lang, t_now.house),
        age_words(lang, t_now, now, behind),
        state_words(lang, Some(t_now), class),
    ]
}

/// A closed shift's row: its table, its refusals.
fn closed_cells(lang: Lang, table: &str) -> Vec<String> {
    let mut cells = vec![shown(table)];
    cells.extend(std::iter::repeat_n("—".to_string(), 8));
    cells.push(t(lang, "floor-shift-closed"));
    cells.push(state_words(lang, None, Some(Class::Refused)));
    cells
}

/// A game's name as short as a column of the floor takes it.
pub fn game_short(lang: Lang, game: Game) -> String {
    t(
        lang,
        match game {
            Game::Banque => "floor-game-banque",
            Game::ChemindeFer => "floor-game-chemin-de-fer",
            Game::PuntoBanca => "floor-game-punto-banca",
        },
    )
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

/// How a row is drawn: the language, the pit's clock at the frame and how far behind
/// the look is, the text's size, and whether the table is alarmed.
struct RowLook {
    lang: Lang,
    now: chrono::DateTime<chrono::Utc>,
    behind: Duration,
    size: f32,
    alarm: bool,
}

/// One row's cells; the table's button clicked: the shift to select (`None`: the
/// one selected, unselected).
fn row_ui(
    row: &mut egui_extras::TableRow<'_, '_>,
    how: &RowLook,
    r: &Row<'_>,
    snap: &Snapshot,
    selected: Option<&str>,
) -> Option<Option<String>> {
    let lang = how.lang;
    let (cells, id, last) = match r {
        Row::Open(tn) => (
            row_cells(lang, tn, &snap.alarms, how.now, how.behind),
            Some(tn.shift.shift_id.as_str()),
            Some(tn.last_at.format("%H:%M:%S").to_string()),
        ),
        Row::Closed(table) => (closed_cells(lang, table), None, None),
    };
    let mut select = None;
    for (i, cell) in cells.into_iter().enumerate() {
        row.col(|ui| {
            if i == 0 {
                let on = id.is_some() && selected == id;
                let text = RichText::new(cell).size(how.size).color(if how.alarm { ALERT } else { INK }).strong();
                if ui.add(egui::Button::selectable(on, text)).clicked()
                    && let Some(id) = id
                {
                    select = Some(if on { None } else { Some(id.to_string()) });
                }
                return;
            }
            let colour = if i == HEADS.len() - 1 && cell == t(lang, "floor-state-ok") {
                WIN
            } else if how.alarm && i >= HEADS.len() - 2 {
                ALERT
            } else {
                INK
            };
            let shown = ui.label(RichText::new(cell).size(how.size).color(colour));
            if let (true, Some(at)) = (i == HEADS.len() - 2, &last) {
                shown.on_hover_text(at.as_str());
            }
        });
    }
    select
}

/// A row's height: the table's button whole (its text and padding).
const ROW_HEIGHT: f32 = 32.0;

pub const HEADS: [&str; 11] = [
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

/// The rows, a table's button first (selects it: its coup below).
pub fn rows_ui(
    ui: &mut Ui,
    lang: Lang,
    selected: &mut Option<String>,
    snap: &Snapshot,
    rows: &[Row<'_>],
    worst: &BTreeMap<&str, Class>,
) {
    let now = snap.pit_now().unwrap_or_else(chrono::Utc::now);
    let behind = snap.behind();
    use egui_extras::{Column, TableBuilder};
    // Widths for 1280 points, narrower at 1024, wider on a wider screen (a state per
    // width: no stale widths from another size).
    let scale = (ui.available_width() / 1270.0).clamp(0.78, 2.0);
    // Smaller text on a narrow window: every column whole at 1024 points.
    let size = if scale < 1.0 { 13.5 } else { SIZE_SMALL };
    let widths = [95.0, 120.0, 95.0, 100.0, 100.0, 65.0, 105.0, 110.0, 110.0, 130.0].map(|w: f32| w * scale);
    // The rows within the window (the header's height and a margin out), whole rows
    // (never one cut at the window's edge before it is scrolled).
    let row = ROW_HEIGHT + ui.spacing().item_spacing.y;
    // The table lays out one row past its bottom, clipped: room for it in the window.
    let height = (((ui.available_height() - 36.0 - row) / row).floor() * row).max(row);
    let mut table = TableBuilder::new(ui)
        .id_salt(("floor_rows", (scale * 10.0).round() as i32))
        .min_scrolled_height(0.0)
        .max_scroll_height(height)
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
            body.rows(ROW_HEIGHT, rows.len(), |mut row| {
                let Some(r) = rows.get(row.index()) else { return };
                let how = RowLook { lang, now, behind, size, alarm: worst.contains_key(r.table()) };
                if let Some(s) = row_ui(&mut row, &how, r, snap, selected.as_deref()) {
                    select = Some(s);
                }
            });
        });
    if let Some(s) = select {
        *selected = s;
    }
}

/// Seconds for a person: `0.4 s` (tenths under ten seconds), `42 s`, then whole
/// minutes (`3 min`: a silence's words change once a minute, not every second).
pub fn secs(d: Duration) -> String {
    let s = d.as_secs();
    if d < Duration::from_secs(10) {
        format!("{:.1} s", d.as_secs_f64())
    } else if s < 60 {
        format!("{s} s")
    } else {
        ago(d)
    }
}
