//! The floor's alarms: what the room's tables and the pit's refusals say the pit boss
//! must look at, in classes, the worst first. A refusal (a sign of tampering) comes
//! first, always, and stays until a pit boss acknowledges it (`floor_marks`): it is
//! read from the pit's refusals not yet acknowledged, whatever their age, a bounded
//! number of groups (by table and kind, the newest first), `why` cut short, so that a
//! flood of rows neither takes the floor's memory nor buries another class (each class
//! is counted apart: `Snapshot::classes`).

use super::PitError;
use super::client::PitReader;
use super::floor_marks::{AlarmKey, Marks};
use super::floor_table::{FloorConfig, TableNow};
use super::url::{PitUrl, db_error};
use crate::analysis::protection::{Decider, Role};
use crate::engine::PlayerRef;
use crate::reports::summary;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use std::time::Duration;

/// Something the pit boss must look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alarm {
    /// Nothing from the table for `silent`, against its usual `pace`, since its last
    /// record arrived in the pit (`since`).
    Silent { table: String, silent: Duration, pace: Duration, since: DateTime<Utc> },
    /// `count` records of the open shift `shift` reached the pit late, the worst after
    /// `worst`.
    Late { table: String, count: u32, worst: Duration, shift: String },
    /// The pit's copy of the shift does not verify (a record refused by the engine).
    Damaged { table: String, line: usize },
    /// The shift's records could not be read.
    Unreadable { table: String, why: crate::journal::JournalError },
    /// `count` shifts open at once under one table's name: a second laptop writing
    /// as that table, or a shift left unclosed.
    TwoShifts { table: String, count: usize },
    /// The pit refused `count` records sent for this table's shifts (another writer,
    /// or a log rewritten) and no pit boss has acknowledged them: the first reported
    /// at `first_at`; the last, row `last_id`, record `seq`, sent by `login`, for `why`.
    Refused { table: String, count: usize, seq: u64, login: String, why: String, last_id: i64, first_at: DateTime<Utc> },
    /// Game protection (`reports::protection`, as `sabot report`) flagged choosers
    /// of this table's open shift `shift` (one alarm a table, however many): the
    /// parties their choices served, each named on his own figure, in his role.
    Flagged { table: String, shift: String, deciders: Vec<Decider>, named: Vec<(PlayerRef, Role)> },
}

/// The classes of alarm, in the order the floor shows them: a refusal first, always.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Refused,
    Damaged,
    TwoShifts,
    Flagged,
    Late,
    Silent,
}

impl Class {
    pub const ALL: [Class; 6] =
        [Class::Refused, Class::Damaged, Class::TwoShifts, Class::Flagged, Class::Late, Class::Silent];
}

impl Alarm {
    /// The table it is about.
    pub fn table(&self) -> &str {
        match self {
            Alarm::Silent { table, .. }
            | Alarm::Late { table, .. }
            | Alarm::Damaged { table, .. }
            | Alarm::Unreadable { table, .. }
            | Alarm::TwoShifts { table, .. }
            | Alarm::Refused { table, .. }
            | Alarm::Flagged { table, .. } => table,
        }
    }

    /// Its class (an unreadable shift is a damaged one to the pit boss).
    pub fn class(&self) -> Class {
        match self {
            Alarm::Refused { .. } => Class::Refused,
            Alarm::Damaged { .. } | Alarm::Unreadable { .. } => Class::Damaged,
            Alarm::TwoShifts { .. } => Class::TwoShifts,
            Alarm::Flagged { .. } => Class::Flagged,
            Alarm::Late { .. } => Class::Late,
            Alarm::Silent { .. } => Class::Silent,
        }
    }

    /// What names it in the pit (`sabot.alarm_marks`): a refusal by the last row it
    /// covers, a silence by the arrival it dates from, the others by what they count.
    pub fn key(&self) -> AlarmKey {
        let (kind, subject) = match self {
            Alarm::Refused { last_id, .. } => ("refused", last_id.to_string()),
            Alarm::Damaged { line, .. } => ("damaged", line.to_string()),
            Alarm::Unreadable { why, .. } => ("unreadable", cut(&format!("{why:?}"))),
            Alarm::TwoShifts { count, .. } => ("two-shifts", count.to_string()),
            Alarm::Flagged { shift, named, .. } => {
                // By the parties named: a chooser more who served the same parties is
                // the same alarm; a party more, a new one.
                let who: Vec<String> =
                    named.iter().map(|(p, _)| format!("{}{}", p.seat, if p.standing { "s" } else { "" })).collect();
                ("flagged", cut(&format!("{}:{}", &shift[..shift.len().min(16)], who.join(","))))
            }
            // By the shift, not by the count: a table whose every record comes late
            // (its clock set wrong) is one alarm, not one a record.
            Alarm::Late { shift, .. } => ("late", shift.clone()),
            Alarm::Silent { since, .. } => ("silent", since.to_rfc3339()),
        };
        AlarmKey { table: cut(self.table()), kind, subject }
    }
}

/// A text within what the pit keeps of a mark's names (`schema_v8::MARK_TEXT`).
fn cut(s: &str) -> String {
    let mut end = s.len().min(super::schema_v8::MARK_TEXT);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

/// The alarms of the room's tables at `now` (the pit's clock), by class.
/// `open`: the open shifts under each table's name, the ones not followed counted.
pub fn alarms(
    config: &FloorConfig,
    tables: &[TableNow],
    open: &BTreeMap<String, usize>,
    now: DateTime<Utc>,
) -> Vec<Alarm> {
    let mut out = Vec::new();
    for (table, count) in open.iter().filter(|(_, n)| **n > 1) {
        out.push(Alarm::TwoShifts { table: table.clone(), count: *count });
    }
    for t in tables {
        let table = t.shift.table_name.clone();
        if let Some(why) = &t.problem {
            out.push(Alarm::Unreadable { table: table.clone(), why: why.clone() });
        }
        if let Some(summary::Integrity::Damaged { line, .. }) = t.summary.as_ref().map(|s| &s.integrity) {
            out.push(Alarm::Damaged { table: table.clone(), line: *line });
        }
        if !t.flagged.is_empty() {
            let deciders = t.flagged.iter().map(|v| v.decider).collect();
            let named = crate::analysis::verdict::parties_named(&t.flagged);
            out.push(Alarm::Flagged { table: table.clone(), shift: t.shift.shift_id.clone(), deciders, named });
        }
        if let Some(pace) = t.pace {
            let silent = t.age(now);
            if silent > config.silent_min && silent.as_secs_f64() > pace.as_secs_f64() * config.silent_paces {
                out.push(Alarm::Silent { table: table.clone(), silent, pace, since: t.arrived });
            }
        }
        if t.late > 0 {
            out.push(Alarm::Late { table, count: t.late, worst: t.worst_delay, shift: t.shift.shift_id.clone() });
        }
    }
    out
}

/// Refusals reported for one table, of one kind (`PitRefusal::stored`'s code), not
/// acknowledged.
#[derive(Clone, Debug)]
struct RefusalGroup {
    count: usize,
    last_id: i64,
    first_at: DateTime<Utc>,
    seq: u64,
    login: String,
    why: String,
}

/// The longest piece of a refusal's `why` the floor reads (a row's own words may be
/// any length: the floor never takes them whole).
const WHY_READ: i32 = 400;

/// The refusals not acknowledged, as the floor has read them.
#[derive(Default)]
pub struct Refusals {
    groups: BTreeMap<(String, String), RefusalGroup>,
    /// The last row read: each look reads only what came since.
    read: Option<i64>,
    /// Groups left out past `FloorConfig::refusal_groups`.
    pub more: usize,
}

impl Refusals {
    /// Reads the refusals reported since the last look (the first look: every one
    /// not acknowledged), and those of the tables whose refusals were acknowledged
    /// since (`acked`: read again from their first not acknowledged), grouped by table
    /// and kind in the pit: a bounded number of groups, `why` cut short.
    pub fn read(
        &mut self,
        reader: &mut PitReader,
        url: &PitUrl,
        config: &FloorConfig,
        marks: &Marks,
        acked: &[String],
    ) -> Result<(), PitError> {
        if !acked.is_empty() {
            self.groups.retain(|(t, _), _| !acked.contains(t));
            self.query(reader, url, config, marks, 0, Some(acked.to_vec()))?;
        }
        let after = self.read.unwrap_or(0);
        self.query(reader, url, config, marks, after, None)?;
        self.bound(config);
        Ok(())
    }

    /// One question to the pit: the groups of rows after `after` (of the tables
    /// `only`, or all), each table's acknowledged rows left out.
    fn query(
        &mut self,
        reader: &mut PitReader,
        url: &PitUrl,
        config: &FloorConfig,
        marks: &Marks,
        after: i64,
        only: Option<Vec<String>>,
    ) -> Result<(), PitError> {
        let limit = i64::try_from(config.refusal_groups).unwrap_or(i64::MAX);
        let upto: Vec<(String, i64)> = marks_upto(marks);
        let (acked_tables, acked_ids): (Vec<String>, Vec<i64>) = upto.into_iter().unzip();
        let rows = reader.call(move |c| {
            c.query(
                "WITH a AS (SELECT * FROM unnest($5::text[], $6::bigint[]) AS a(table_name, upto)), \
                 g AS ( \
                   SELECT r.table_name, CASE WHEN r.why ~ '^[A-Z0-9]{5}: ' THEN left(r.why, 5) ELSE '' END AS kind, \
                          count(*) AS n, max(r.id) AS last_id, min(r.at) AS first_at \
                     FROM sabot.refusals r LEFT JOIN a ON a.table_name = r.table_name \
                    WHERE r.id > $1 AND r.id > coalesce(a.upto, 0) \
                      AND ($2::text[] IS NULL OR r.table_name = ANY($2)) GROUP BY 1, 2), \
                 top AS (SELECT * FROM g ORDER BY last_id DESC LIMIT $3) \
                 SELECT top.table_name, top.kind, top.n, top.last_id, r.seq, r.login, left(r.why, $4), \
                        (SELECT count(*) FROM g), top.first_at \
                   FROM top JOIN sabot.refusals r ON r.id = top.last_id ORDER BY top.last_id",
                &[&after, &only, &limit, &WHY_READ, &acked_tables, &acked_ids],
            )
        })?;
        let e = |e: postgres::Error| db_error(url, &e);
        for row in &rows {
            let key: (String, String) = (row.try_get(0).map_err(e)?, row.try_get(1).map_err(e)?);
            let (n, last_id, seq): (i64, i64, i64) =
                (row.try_get(2).map_err(e)?, row.try_get(3).map_err(e)?, row.try_get(4).map_err(e)?);
            let first_at: DateTime<Utc> = row.try_get(8).map_err(e)?;
            self.read = Some(self.read.unwrap_or(0).max(last_id));
            let g = self.groups.entry(key).or_insert(RefusalGroup {
                count: 0,
                last_id,
                first_at,
                seq: 0,
                login: String::new(),
                why: String::new(),
            });
            g.count = g.count.saturating_add(usize::try_from(n).unwrap_or(0));
            g.last_id = last_id;
            g.first_at = g.first_at.min(first_at);
            g.seq = u64::try_from(seq).unwrap_or(0);
            g.login = row.try_get(5).map_err(e)?;
            g.why = row.try_get(6).map_err(e)?;
        }
        // Groups of this question past the bound: counted, not kept.
        if let Some(row) = rows.first() {
            let groups: i64 = row.try_get(7).map_err(e)?;
            let left = usize::try_from(groups).unwrap_or(0).saturating_sub(rows.len());
            self.more = self.more.saturating_add(left);
        }
        Ok(())
    }

    /// The newest groups kept; the others counted.
    fn bound(&mut self, config: &FloorConfig) {
        while self.groups.len() > config.refusal_groups {
            let oldest = self.groups.iter().min_by_key(|(_, g)| g.last_id).map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.groups.remove(&k);
                self.more = self.more.saturating_add(1);
            }
        }
    }

    /// The refusals' alarms, one a table and kind, newest first; an alarm's `last_id`
    /// is its table's newest (its acknowledgement covers every kind of that table).
    pub fn alarms(&self) -> Vec<Alarm> {
        let mut groups: Vec<(&(String, String), &RefusalGroup)> = self.groups.iter().collect();
        groups.sort_by_key(|(_, g)| std::cmp::Reverse(g.last_id));
        let newest = |table: &str| {
            self.groups.iter().filter(|((t, _), _)| t == table).map(|(_, g)| g.last_id).max().unwrap_or(0)
        };
        groups
            .into_iter()
            .map(|((table, _), g)| Alarm::Refused {
                table: table.clone(),
                count: g.count,
                seq: g.seq,
                login: g.login.clone(),
                why: g.why.clone(),
                last_id: newest(table),
                first_at: g.first_at,
            })
            .collect()
    }
}

/// The refusals acknowledged, by table: the last row each acknowledgement covers.
fn marks_upto(marks: &Marks) -> Vec<(String, i64)> {
    marks
        .all()
        .keys()
        .filter(|k| k.kind == "refused")
        .map(|k| (k.table.clone(), marks.refusals_upto(&k.table)))
        .filter(|(_, n)| *n > 0)
        .collect::<BTreeMap<_, _>>()
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Alarm;
    use std::time::Duration;

    /// A table whose every record comes late (its clock set wrong) is one alarm in
    /// the pit, whatever the count: a key a count marked a new alarm at every record.
    #[test]
    fn a_late_tables_alarm_keeps_its_key_as_its_count_grows() {
        let late =
            |count| Alarm::Late { table: "Mesa 3".into(), count, worst: Duration::from_secs(9), shift: "a".repeat(64) };
        assert_eq!(late(3).key(), late(300).key());
        let other = Alarm::Late { table: "Mesa 3".into(), count: 3, worst: Duration::ZERO, shift: "b".repeat(64) };
        assert_ne!(late(3).key(), other.key(), "another shift, another alarm");
    }
}
