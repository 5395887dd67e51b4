//! A shift summed up for the pit boss: coups, bank movement, cagnotte and
//! commission, infractions by clause, void coups, amendments, recoveries. Computed
//! from a verified replay: a log that does not verify gets no figures.

use super::error::{BadRecord, JournalError, Problem};
use super::scan::{self, Mode, Seen};
use crate::engine::{Clause, Event, Game, Money};
use chrono::{DateTime, FixedOffset};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One shift's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShiftReport {
    pub path: PathBuf,
    pub table: String,
    pub croupier: String,
    pub game: Game,
    pub training: bool,
    pub software: String,
    pub started: DateTime<FixedOffset>,
    pub last_record: DateTime<FixedOffset>,
    /// The shift has its closing record.
    pub closed: bool,
    /// Settled coups.
    pub coups: u32,
    pub void_coups: u32,
    /// A coup was in play when the log ends.
    pub coup_in_play: bool,
    pub bank_start: Money,
    pub bank_end: Money,
    /// The bank's results against the bets, before the cagnotte, summed (in Punto y
    /// Banca, the casino's result, commission included).
    pub bank_net: Money,
    pub cagnotte: Money,
    pub commission: Money,
    /// Infractions found, by clause.
    pub infractions: BTreeMap<Clause, u32>,
    /// Errors the croupier recorded (R-BQ-E1…E18, R-CF-7), by clause.
    pub errors: BTreeMap<Clause, u32>,
    /// Banks handed in by bankers taking the bank, and handed back when they left it
    /// (so that the bank's movement over the shift can be read).
    pub bank_taken: Money,
    pub bank_returned: Money,
    /// Chemin de fer: winnings set aside by bankers (R-CF-9).
    pub set_aside_total: Money,
    /// Events of other kinds (errors, shift events, as the engine grows), by kind.
    pub other_events: BTreeMap<String, u32>,
    pub amendments: u32,
    /// Times the shift was taken up again after Sabot stopped without closing it.
    pub resumptions: u32,
    /// Records set aside by those recoveries (in side files beside the log).
    pub set_aside: u32,
    pub records: u64,
    /// Times the computer's clock went back while the shift was written.
    pub clock_jumps: Vec<super::record::ClockJump>,
}

impl ShiftReport {
    /// The bank's movement over the shift (end less start).
    pub fn bank_movement(&self) -> Money {
        self.bank_end.checked_sub(self.bank_start).unwrap_or(Money::ZERO)
    }

    pub fn infractions_total(&self) -> u32 {
        self.infractions.values().sum()
    }
}

fn event_kind(e: &Event) -> String {
    let s = format!("{e:?}");
    s.split(['(', ' ', '{']).next().unwrap_or("Event").to_string()
}

fn add(a: &mut Money, b: Money) -> Result<(), String> {
    *a = a.checked_add(b).map_err(|e| e.to_string())?;
    Ok(())
}

/// Verifies a log and sums it up.
pub fn report(path: impl AsRef<Path>) -> Result<ShiftReport, JournalError> {
    let path = path.as_ref();
    let mut bank_net = Money::ZERO;
    let mut infractions = BTreeMap::new();
    let mut errors = BTreeMap::new();
    let (mut bank_taken, mut bank_returned, mut set_aside_total) = (Money::ZERO, Money::ZERO, Money::ZERO);
    let mut other_events = BTreeMap::new();
    let mut overflow: Option<(usize, String)> = None;
    let mut visit = |seen: Seen<'_>| {
        if let Seen::Events { line, events } = seen {
            for e in events {
                match e {
                    Event::Settled(s) => {
                        if let Err(m) = add(&mut bank_net, s.bank_net) {
                            overflow.get_or_insert((line, m));
                        }
                    }
                    Event::Infraction(i) => *infractions.entry(i.clause).or_insert(0) += 1,
                    Event::Error(x) => *errors.entry(x.clause).or_insert(0) += 1,
                    Event::BankTaken { amount, .. } => {
                        if let Err(m) = add(&mut bank_taken, *amount) {
                            overflow.get_or_insert((line, m));
                        }
                    }
                    Event::BankLeft { returned, .. } => {
                        if let Err(m) = add(&mut bank_returned, *returned) {
                            overflow.get_or_insert((line, m));
                        }
                    }
                    Event::SetAside { amount } => {
                        if let Err(m) = add(&mut set_aside_total, *amount) {
                            overflow.get_or_insert((line, m));
                        }
                    }
                    Event::BetPlaced(_)
                    | Event::BetsClosed
                    | Event::CardOut { .. }
                    | Event::Shown { .. }
                    | Event::Said { .. }
                    | Event::TableAsked => {}
                    #[allow(unreachable_patterns)] // new kinds of events (errors, shift events) are counted by kind
                    other => *other_events.entry(event_kind(other)).or_insert(0) += 1,
                }
            }
        }
    };
    let r = scan::scan_file(path, Mode::Verify, Some(&mut visit))?;
    if let Some((line, what)) = overflow {
        return Err(JournalError::Bad {
            path: path.to_path_buf(),
            bad: BadRecord { line, seq: None, what: Problem::Overflow(what) },
        });
    }
    if let Some(t) = r.tail.as_ref().filter(|t| t.complete) {
        return Err(JournalError::Bad {
            path: path.to_path_buf(),
            bad: BadRecord { line: t.line, seq: None, what: t.what.clone() },
        });
    }
    if let Some(bad) = super::check_side_files(path, &r) {
        return Err(JournalError::Bad { path: path.to_path_buf(), bad });
    }
    let totals = r.table.totals();
    let coup = r.table.coup();
    Ok(ShiftReport {
        path: path.to_path_buf(),
        table: r.header.table.clone(),
        croupier: r.header.croupier.clone(),
        game: r.header.settings.game,
        training: r.header.training,
        software: r.header.software.clone(),
        started: r.header.started,
        last_record: r.last_at,
        closed: r.closed.is_some(),
        coups: totals.coups,
        void_coups: totals.void,
        coup_in_play: coup.settlement.is_none() && (!coup.bets.is_empty() || coup.play.closed),
        bank_start: r.header.bank,
        bank_end: r.table.bank(),
        bank_net,
        cagnotte: totals.cagnotte,
        commission: totals.commission,
        infractions,
        errors,
        bank_taken,
        bank_returned,
        set_aside_total,
        other_events,
        amendments: totals.amendments,
        resumptions: r.resumed.len() as u32,
        set_aside: r.resumed.iter().filter(|x| x.set_aside.is_some()).count() as u32,
        records: r.records,
        clock_jumps: r.clock_jumps.iter().map(|(_, j)| j.clone()).collect(),
    })
}

/// The CSV columns, one row per shift.
pub const CSV_HEADER: [&str; 28] = [
    "file",
    "table",
    "croupier",
    "game",
    "training",
    "started",
    "last_record",
    "closed",
    "coups",
    "void_coups",
    "coup_in_play",
    "bank_start",
    "bank_end",
    "bank_movement",
    "bank_net",
    "cagnotte",
    "commission",
    "infractions",
    "infractions_by_clause",
    "errors",
    "errors_by_clause",
    "bank_taken",
    "bank_returned",
    "set_aside",
    "other_events",
    "amendments",
    "resumptions",
    "records_set_aside",
];

impl ShiftReport {
    /// The row for `CSV_HEADER`.
    pub fn csv_row(&self) -> Vec<String> {
        let by_clause = self.infractions.iter().map(|(c, n)| format!("{c}={n}")).collect::<Vec<_>>().join(" ");
        let errors = self.errors.iter().map(|(c, n)| format!("{c}={n}")).collect::<Vec<_>>().join(" ");
        let other = self.other_events.iter().map(|(k, n)| format!("{k}={n}")).collect::<Vec<_>>().join(" ");
        vec![
            self.path.display().to_string(),
            self.table.clone(),
            self.croupier.clone(),
            self.game.slug().to_string(),
            self.training.to_string(),
            self.started.to_rfc3339(),
            self.last_record.to_rfc3339(),
            self.closed.to_string(),
            self.coups.to_string(),
            self.void_coups.to_string(),
            self.coup_in_play.to_string(),
            self.bank_start.to_string(),
            self.bank_end.to_string(),
            self.bank_movement().to_string(),
            self.bank_net.to_string(),
            self.cagnotte.to_string(),
            self.commission.to_string(),
            self.infractions_total().to_string(),
            by_clause,
            self.errors.values().sum::<u32>().to_string(),
            errors,
            self.bank_taken.to_string(),
            self.bank_returned.to_string(),
            self.set_aside_total.to_string(),
            other,
            self.amendments.to_string(),
            self.resumptions.to_string(),
            self.set_aside.to_string(),
        ]
    }
}
