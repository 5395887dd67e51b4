//! The floor's alarms on top: the room's summary (tables open, and how many in each
//! class of alarm, each a button that filters the rows by it), then a refusal first,
//! always, each with its marks (since when, seen by whom) and its «Reconocer»; then a
//! line a class (its tables), and the alarms of the class the rows are filtered by,
//! in full. The words are here; what is alarmed and in which class is the pit's
//! floor's (`pit::floor_alarms`).

use super::floor_rows::{FloorFilter, StateFilter, secs, shown};
use super::text::{t, ta};
use super::widgets::{ALERT, INK, INK_DIM, SIZE_SMALL};
use crate::analysis::protection::{Decider, Role};
use crate::i18n::{self, Lang};
use crate::pit::floor::{Alarm, AlarmKey, AlarmMarks, Class, MarkKind, Snapshot};
use egui::{RichText, Ui};
use std::collections::{BTreeMap, BTreeSet};

/// An alarm in the pit boss's words.
pub fn alarm_text(lang: Lang, a: &Alarm) -> String {
    match a {
        Alarm::Silent { table, silent, pace, .. } => {
            ta(lang, "floor-alarm-silent", &[("table", shown(table)), ("silent", secs(*silent)), ("pace", secs(*pace))])
        }
        Alarm::Late { table, count, worst, .. } => ta(
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
        Alarm::Refused { table, count, seq, login, why, .. } => ta(
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
        Alarm::Flagged { table, deciders, named, .. } => flagged_text(lang, table, deciders, named),
    }
}

/// A table's flags of game protection: the choosers (the bankers together, the
/// player hands' holders together), and each party named in his role.
fn flagged_text(lang: Lang, table: &str, deciders: &[Decider], named: &[(crate::engine::PlayerRef, Role)]) -> String {
    let who = |bank: bool| -> Vec<String> {
        deciders
            .iter()
            .filter(|d| matches!(d, Decider::Banker(_)) == bank)
            .map(|d| crate::reports::protection::who_text(lang, *d))
            .collect()
    };
    let (bankers, players) = (who(true), who(false));
    let mut choosers = Vec::new();
    if !bankers.is_empty() {
        choosers.push(ta(lang, "floor-chooser-banker", &[("who", bankers.join(", "))]));
    }
    if !players.is_empty() {
        choosers.push(ta(lang, "floor-chooser-player", &[("who", players.join(", "))]));
    }
    let chooser = choosers.join("; ");
    let parties: Vec<String> = named
        .iter()
        .map(|(p, role)| {
            let id = match role {
                Role::Seat => "floor-role-seat",
                Role::Banco => "floor-role-banco",
                Role::Banker => "floor-role-banker",
            };
            ta(lang, id, &[("who", i18n::player_name(lang, *p))])
        })
        .collect();
    let named = if parties.is_empty() { t(lang, "floor-none-named") } else { parties.join(", ") };
    ta(lang, "floor-alarm-flagged", &[("table", shown(table)), ("chooser", chooser), ("named", named)])
}

/// A class's name and count, as the summary's button says it.
fn class_words(lang: Lang, class: Class, count: usize) -> String {
    let id = match class {
        Class::Refused => "floor-class-refused",
        Class::Damaged => "floor-class-damaged",
        Class::TwoShifts => "floor-class-two-shifts",
        Class::Flagged => "floor-class-flagged",
        Class::Late => "floor-class-late",
        Class::Silent => "floor-class-silent",
    };
    ta(lang, id, &[("count", count.to_string())])
}

/// The tables alarmed in each class (each table once a class).
pub fn tables_by_class(alarms: &[Alarm]) -> BTreeMap<Class, BTreeSet<&str>> {
    let mut out: BTreeMap<Class, BTreeSet<&str>> = BTreeMap::new();
    for a in alarms {
        out.entry(a.class()).or_default().insert(a.table());
    }
    out
}

/// The summary line: tables open, and each class's tables (a button: the rows
/// filtered by that class; again: every row).
pub fn summary_ui(
    ui: &mut Ui,
    lang: Lang,
    snap: &Snapshot,
    by_class: &BTreeMap<Class, BTreeSet<&str>>,
    filter: &mut FloorFilter,
) {
    ui.horizontal_wrapped(|ui| {
        let open = ta(lang, "floor-summary-open", &[("count", snap.tables.len().to_string())]);
        ui.label(RichText::new(open).size(SIZE_SMALL).color(INK).strong());
        for class in Class::ALL {
            let n = by_class.get(&class).map_or(0, BTreeSet::len);
            let on = filter.state == StateFilter::Class(class);
            let colour = if on {
                INK
            } else if n > 0 {
                ALERT
            } else {
                INK_DIM
            };
            let text = RichText::new(class_words(lang, class, n)).size(SIZE_SMALL).color(colour).strong();
            if ui.add(egui::Button::selectable(on, text)).clicked() {
                filter.state = if on { StateFilter::All } else { StateFilter::Class(class) };
            }
        }
    });
}

/// What the alarm panel asks of the floor: marks to make.
#[derive(Default)]
pub struct Asked {
    pub marks: Vec<(AlarmKey, MarkKind)>,
}

/// A time of the pit's clock as this computer's local time.
fn local(at: chrono::DateTime<chrono::Utc>) -> String {
    at.with_timezone(&chrono::Local).format("%H:%M:%S").to_string()
}

/// An alarm's marks in words: since when, seen by whom.
fn marks_words(lang: Lang, a: &Alarm, m: Option<&AlarmMarks>) -> String {
    let raised = match a {
        Alarm::Refused { first_at, .. } => Some(*first_at),
        _ => m.and_then(|m| m.raised.as_ref()).map(|r| r.at),
    };
    let mut out: Vec<String> =
        raised.map(|at| ta(lang, "floor-marks-raised", &[("at", local(at))])).into_iter().collect();
    if let Some(seen) = m.and_then(|m| m.seen.as_ref()) {
        out.push(ta(lang, "floor-marks-seen", &[("login", shown(&seen.login)), ("at", local(seen.at))]));
    }
    out.join(" · ")
}

/// One alarm in full, on red, with its marks and its «Reconocer» (F4 for the first
/// line); a drawn alarm not yet seen is marked seen.
fn alarm_line(ui: &mut Ui, lang: Lang, snap: &Snapshot, a: &Alarm, first: bool, asked: &mut Asked) {
    let key = a.key();
    let m = snap.marks.get(&key);
    if !snap.marks_missing && m.is_none_or(|m| m.seen.is_none()) {
        asked.marks.push((key.clone(), MarkKind::Seen));
    }
    egui::Frame::new().fill(ALERT).inner_margin(egui::Margin::same(4)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            if !snap.marks_missing {
                let label = t(lang, if first { "floor-ack-first" } else { "floor-ack" });
                let ack = ui.add(egui::Button::new(RichText::new(label).size(SIZE_SMALL).strong()));
                let key_pressed = first && ui.input(|i| i.key_pressed(egui::Key::F4));
                if ack.clicked() || key_pressed {
                    asked.marks.push((key.clone(), MarkKind::Acknowledged));
                }
            }
            let mut words = alarm_text(lang, a);
            let marks = marks_words(lang, a, m);
            if !marks.is_empty() {
                words = format!("{words} ({marks})");
            }
            ui.add(egui::Label::new(RichText::new(words).size(SIZE_SMALL).color(INK).strong()).wrap());
        });
    });
}

/// Alarm lines on top at most with the rows in view, and with a table's coup open
/// below (a refusal always has its line).
const LINES: usize = 5;
const LINES_WITH_COUP: usize = 2;
/// Refusals shown in full at most (the others counted on their class's line).
const REFUSAL_LINES: usize = 3;
/// Alarms of the class the rows are filtered by, shown in full at most.
const CLASS_LINES: usize = 4;
/// Tables named on a class's line at most.
const CLASS_TABLES: usize = 6;

/// The alarm panel: refusals first, in full; then each class in full while the lines
/// allow, else on one line (its tables: a button that filters the rows by it); the
/// filtered class's alarms in full. `room`: no table's coup open below.
pub fn alarms_ui(
    ui: &mut Ui,
    lang: Lang,
    snap: &Snapshot,
    by_class: &BTreeMap<Class, BTreeSet<&str>>,
    filter: &mut FloorFilter,
    room: bool,
) -> Asked {
    let mut asked = Asked::default();
    let mut left = if room { LINES } else { LINES_WITH_COUP };
    let refusals: Vec<&Alarm> = snap.alarms.iter().filter(|a| a.class() == Class::Refused).collect();
    let most = REFUSAL_LINES.min(left).max(1).min(refusals.len());
    for (i, a) in refusals.iter().take(most).enumerate() {
        alarm_line(ui, lang, snap, a, i == 0, &mut asked);
    }
    left = left.saturating_sub(most);
    let mut first = refusals.is_empty();
    for (class, tables) in by_class {
        let of_class: Vec<&Alarm> = snap.alarms.iter().filter(|a| a.class() == *class).collect();
        let left_out = if *class == Class::Refused { refusals.len() - most } else { of_class.len() };
        if left_out == 0 {
            continue;
        }
        let asked_for = filter.state == StateFilter::Class(*class) && *class != Class::Refused;
        if asked_for || (*class != Class::Refused && of_class.len() <= left) {
            let n = if asked_for { CLASS_LINES.min(left.max(1)) } else { of_class.len() };
            for a in of_class.iter().take(n) {
                alarm_line(ui, lang, snap, a, first, &mut asked);
                first = false;
            }
            left = left.saturating_sub(n);
            continue;
        }
        left = left.saturating_sub(1);
        class_line(ui, lang, *class, tables, filter);
    }
    asked
}

/// A class on one line: its count and its first tables; a button that filters the
/// rows by it.
fn class_line(ui: &mut Ui, lang: Lang, class: Class, tables: &BTreeSet<&str>, filter: &mut FloorFilter) {
    let mut names: Vec<String> = tables.iter().take(CLASS_TABLES).map(|t| shown(t)).collect();
    if tables.len() > CLASS_TABLES {
        names.push(ta(lang, "floor-class-more", &[("count", (tables.len() - CLASS_TABLES).to_string())]));
    }
    let args = [("class", class_words(lang, class, tables.len())), ("tables", names.join(", "))];
    let text = RichText::new(ta(lang, "floor-class-line", &args)).size(SIZE_SMALL).color(ALERT).strong();
    if ui.add(egui::Button::new(text).truncate()).clicked() {
        filter.state = StateFilter::Class(class);
    }
}
