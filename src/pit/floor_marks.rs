//! The floor's alarms as the pit keeps them (schema 8, `sabot.alarm_marks`): raised
//! (a floor first saw it), seen (it was on a pit boss's screen), acknowledged (a pit
//! boss took it in hand), each with the login and the pit's time, the first of each
//! kept. Every floor reads the same marks, so a second pit boss's floor shows what
//! the first acknowledged, and by whom.
//!
//! An alarm is named by its table, its kind and its subject (`AlarmKey`, from
//! `Alarm::key`). A refusal's subject is the last refusal row it covers: its
//! acknowledgement covers every refusal of that table reported until then, and a
//! refusal reported later is a new alarm.

use super::PitError;
use super::client::PitReader;
use super::url::{PitUrl, db_error};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// What names an alarm in the pit: its table, kind (`schema_v8::KINDS`) and subject.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AlarmKey {
    pub table: String,
    pub kind: &'static str,
    pub subject: String,
}

/// A mark of an alarm, as the pit keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkKind {
    Raised,
    Seen,
    Acknowledged,
}

impl MarkKind {
    pub fn slug(self) -> &'static str {
        match self {
            MarkKind::Raised => "raised",
            MarkKind::Seen => "seen",
            MarkKind::Acknowledged => "acknowledged",
        }
    }

    fn of(slug: &str) -> Option<MarkKind> {
        [MarkKind::Raised, MarkKind::Seen, MarkKind::Acknowledged].into_iter().find(|m| m.slug() == slug)
    }
}

/// Who marked, and when (the database's login and clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub login: String,
    pub at: DateTime<Utc>,
}

/// An alarm's marks so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AlarmMarks {
    pub raised: Option<Mark>,
    pub seen: Option<Mark>,
    pub acknowledged: Option<Mark>,
}

impl AlarmMarks {
    fn set(&mut self, kind: MarkKind, mark: Mark) {
        let slot = match kind {
            MarkKind::Raised => &mut self.raised,
            MarkKind::Seen => &mut self.seen,
            MarkKind::Acknowledged => &mut self.acknowledged,
        };
        if slot.is_none() {
            *slot = Some(mark);
        }
    }
}

/// The marks the floor has read from the pit: every one since the floor started and
/// those of the last day before it; the refusals acknowledged, by table, whatever
/// their age (the last refusal row each acknowledgement covers).
#[derive(Default)]
pub struct Marks {
    by_key: BTreeMap<AlarmKey, AlarmMarks>,
    /// The last refusal row acknowledged, by table.
    refusals_upto: BTreeMap<String, i64>,
    last_id: Option<i64>,
    /// The pit holds no marks (a pit older than schema 8): nothing read, said once.
    pub missing: bool,
}

/// The kind's slug as the floor knows it (a kind of a newer Sabot is left out).
fn kind_of(slug: &str) -> Option<&'static str> {
    super::schema_v8::KINDS.into_iter().find(|k| *k == slug)
}

/// Marks read at the first look: from this long ago (an acknowledgement of a
/// refusal, whatever its age).
const FIRST_LOOK_HOURS: i32 = 24;

impl Marks {
    /// An alarm's marks, if any.
    pub fn of(&self, key: &AlarmKey) -> Option<&AlarmMarks> {
        self.by_key.get(key)
    }

    /// The last refusal row of `table` acknowledged (0: none).
    pub fn refusals_upto(&self, table: &str) -> i64 {
        self.refusals_upto.get(table).copied().unwrap_or(0)
    }

    /// Every mark kept.
    pub fn all(&self) -> &BTreeMap<AlarmKey, AlarmMarks> {
        &self.by_key
    }

    /// Reads the marks made since the last look; the tables whose refusals were
    /// acknowledged since.
    pub fn read(&mut self, reader: &mut PitReader, url: &PitUrl) -> Result<Vec<String>, PitError> {
        if self.missing {
            return Ok(Vec::new());
        }
        let after = self.last_id.unwrap_or(0);
        let first = self.last_id.is_none();
        let rows = reader.call(move |c| {
            c.query(
                "SELECT id, table_name, kind, subject, mark, login::text, at FROM sabot.alarm_marks \
                  WHERE id > $1 AND ($2 OR at > clock_timestamp() - $3::int * interval '1 hour' \
                                    OR (kind = 'refused' AND mark = 'acknowledged')) \
                  ORDER BY id LIMIT 20000",
                &[&after, &!first, &FIRST_LOOK_HOURS],
            )
        });
        let rows = match rows {
            Ok(rows) => rows,
            Err(PitError::Database { code, .. }) if code == "42P01" => {
                self.missing = true;
                return Ok(Vec::new());
            }
            Err(e) => return Err(e),
        };
        let e = |e: postgres::Error| db_error(url, &e);
        let mut acked = Vec::new();
        for row in &rows {
            let id: i64 = row.try_get(0).map_err(e)?;
            self.last_id = Some(self.last_id.unwrap_or(0).max(id));
            let (table, kind, subject, mark): (String, String, String, String) = (
                row.try_get(1).map_err(e)?,
                row.try_get(2).map_err(e)?,
                row.try_get(3).map_err(e)?,
                row.try_get(4).map_err(e)?,
            );
            let (Some(kind), Some(mark)) = (kind_of(&kind), MarkKind::of(&mark)) else { continue };
            let m = Mark { login: row.try_get(5).map_err(e)?, at: row.try_get(6).map_err(e)? };
            if kind == "refused" && mark == MarkKind::Acknowledged {
                let upto: i64 = subject.parse().unwrap_or(0);
                let was = self.refusals_upto.entry(table.clone()).or_insert(0);
                if upto > *was {
                    *was = upto;
                    acked.push(table.clone());
                }
            }
            self.by_key.entry(AlarmKey { table, kind, subject }).or_default().set(mark, m);
        }
        if first && self.last_id.is_none() {
            self.last_id = Some(0);
        }
        Ok(acked)
    }
}

/// Marks an alarm in the pit (a pit boss's login: a table's is refused, SB015 or no
/// right to the function): the mark as the pit keeps it (the first of its kind).
pub fn mark(reader: &mut PitReader, url: &PitUrl, key: &AlarmKey, kind: MarkKind) -> Result<Mark, PitError> {
    let (table, k, subject) = (key.table.clone(), key.kind, key.subject.clone());
    let row = reader.call(move |c| {
        c.query_one(
            "SELECT login::text, at FROM sabot.mark_alarm($1, $2, $3, $4)",
            &[&table, &k, &subject, &kind.slug()],
        )
    })?;
    let e = |e: postgres::Error| db_error(url, &e);
    Ok(Mark { login: row.try_get(0).map_err(e)?, at: row.try_get(1).map_err(e)? })
}
