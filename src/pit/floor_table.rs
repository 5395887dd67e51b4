//! A table as the floor holds it now (its shift's row, what its records sum to, its
//! flagged choosers, how far the floor has read it) and how the floor watches the
//! room (`FloorConfig`). Below the floor's watcher and its alarms, which both read it.

use super::client::ShiftRow;
use crate::engine::{Money, Table};
use crate::reports::summary::Summary;
use chrono::{DateTime, FixedOffset, Utc};
use std::time::Duration;

/// How the floor watches the room.
#[derive(Clone, Debug)]
pub struct FloorConfig {
    /// Time between two looks at the pit.
    pub poll: Duration,
    /// A record that reached the pit later than this after it was written is late.
    pub late_after: Duration,
    /// A table is silent when nothing came for this many of its usual gaps…
    pub silent_paces: f64,
    /// …and for at least this long.
    pub silent_min: Duration,
    /// Records asked of the pit in one query, at most…
    pub batch: u32,
    /// …and bytes of their lines at most (a record longer than that comes alone): what
    /// the floor holds of the records it has not replayed yet does not grow with what
    /// a table sends (issue 51).
    pub batch_bytes: u32,
    /// Open shifts followed under one table's name at most, the newest: a login that
    /// opens shifts by the thousand under its table's name fills no more of the floor
    /// (they are all counted in the alarm of two shifts open at once).
    pub shifts_per_table: usize,
    /// Refusal groups (table and kind) kept and shown at most.
    pub refusal_groups: usize,
    /// A look that has not answered within this long: the pit is said offline.
    pub answer_within: Duration,
    /// The screen is asked for a frame this long apart at least (each look that
    /// changed something asks for one): what a frame shows is at most this much older
    /// than the look, and the window's cost bounded.
    pub frames_apart: Duration,
}

impl Default for FloorConfig {
    fn default() -> Self {
        FloorConfig {
            poll: Duration::from_millis(200),
            late_after: Duration::from_secs(5),
            silent_paces: 6.0,
            silent_min: Duration::from_secs(60),
            batch: 5000,
            batch_bytes: 4 << 20,
            shifts_per_table: 4,
            refusal_groups: 50,
            answer_within: Duration::from_secs(10),
            frames_apart: Duration::from_millis(400),
        }
    }
}

/// One table's open shift, as the floor shows it.
#[derive(Clone, Debug)]
pub struct TableNow {
    pub shift: ShiftRow,
    /// The shift's figures so far (the pit's records replayed); `None` before the
    /// first replay or when the records cannot be read at all (`problem`).
    pub summary: Option<Summary>,
    /// The table as its last record leaves it: what the croupier's screen shows.
    pub table: Option<Table>,
    /// All the bets staked so far, settled coups; None past the bound of an amount.
    pub drop: Option<Money>,
    /// The house's result so far: the cagnotte where a bank plays, the casino's net
    /// (commission included) in Punto y Banca.
    pub house: Money,
    /// Records held, header included.
    pub records: u64,
    /// The usual gap between two records (the median of the recent ones).
    pub pace: Option<Duration>,
    /// Records that reached the pit late, and the worst delay seen.
    pub late: u32,
    pub worst_delay: Duration,
    /// The last record written at the table (its own clock).
    pub last_at: DateTime<FixedOffset>,
    /// When that record arrived in the pit (the pit's clock): ages are measured from it.
    pub arrived: DateTime<Utc>,
    /// Why the floor could not read the shift's records (worded where it is shown).
    pub problem: Option<crate::journal::JournalError>,
    /// The shift's choosers flagged by game protection (`reports::protection`, as
    /// `sabot report`): their choices gave away more than an honest banker's could by
    /// chance.
    pub flagged: Vec<crate::analysis::protection::Verdict>,
}

impl TableNow {
    /// How long since the table's last record arrived in the pit, at `now` by the
    /// pit's clock (never the table's clock, never this computer's).
    pub fn age(&self, now: DateTime<Utc>) -> Duration {
        now.signed_duration_since(self.arrived).to_std().unwrap_or(Duration::ZERO)
    }

    /// How far the floor's figures for this table are behind the pit at the look:
    /// the pit held records (arrived up to `shift.last_received`) the floor had not
    /// replayed yet.
    pub fn behind_pit(&self) -> Duration {
        if self.shift.last_seq < self.records {
            return Duration::ZERO;
        }
        self.shift.last_received.signed_duration_since(self.arrived).to_std().unwrap_or(Duration::ZERO)
    }
}
