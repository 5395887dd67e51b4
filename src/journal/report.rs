//! A shift summed up for `sabot report`: the summary (`summary`) of a log that
//! verifies, and its CSV rows (one per shift, or one per coup). A log that does not
//! verify gets no figures here (the review shows them up to the damage).

use super::error::{BadRecord, JournalError};
use super::summary::{self, CoupRow, Integrity, Options, Summary};
use crate::engine::{BetKind, Spot};
use crate::i18n::{Lang, tr, tr_args};
use chrono::{DateTime, FixedOffset};
use std::path::Path;

/// One shift's figures (the summary of a log that verifies).
pub type ShiftReport = Summary;

/// A time as the pit boss reads it: the table's local time (the offset the log
/// recorded), to the second.
pub fn local_time(t: &DateTime<FixedOffset>) -> String {
    t.format("%Y-%m-%d %H:%M:%S").to_string()
}

/// Verifies a log and sums it up; a damaged log is an error naming the record.
pub fn report(path: impl AsRef<Path>) -> Result<ShiftReport, JournalError> {
    report_with(path, Options::default())
}

/// `report`, with a progress counter and each coup shown as it is read.
pub fn report_with(path: impl AsRef<Path>, opts: Options<'_>) -> Result<ShiftReport, JournalError> {
    let path = path.as_ref();
    let s = summary::summarise(path, opts)?;
    if let Integrity::Damaged { line, seq, what } = &s.integrity {
        return Err(JournalError::Bad {
            path: path.to_path_buf(),
            bad: BadRecord { line: *line, seq: *seq, what: what.clone() },
        });
    }
    Ok(s)
}

/// The CSV columns, one row per log given. For every row counted
/// `bank_start + brought_in − taken_out + bank_net − cagnotte = bank_end`. A log that
/// enters no total has its row too (`counted` false, `note` says what it is: damaged,
/// a copy of another shift, not a log, a part of a shift split across files, a
/// training session), its figures left empty but a training session's.
pub const CSV_HEADER: [&str; 33] = [
    "file",
    "table",
    "croupier",
    "game",
    "training",
    "started",
    "last_record",
    "integrity",
    "coups",
    "void_coups",
    "coup_in_play",
    "bank_start",
    "brought_in",
    "taken_out",
    "bank_net",
    "cagnotte",
    "bank_end",
    "reconciled",
    "commission",
    "house_net",
    "bankers",
    "errors",
    "errors_by_clause",
    "infractions",
    "infractions_by_clause",
    "against_table",
    "amendments",
    "recoveries",
    "records",
    "ties",
    "corrections",
    "counted",
    "note",
];

/// Of `CSV_HEADER`, the columns a row that enters no total keeps: the file, who, the
/// game, when, the integrity and the records read; the figures are left empty.
const KEPT_UNCOUNTED: [&str; 9] =
    ["file", "table", "croupier", "game", "training", "started", "last_record", "integrity", "records"];

fn by_clause(m: &std::collections::BTreeMap<crate::engine::Clause, u32>) -> String {
    m.iter().map(|(c, n)| format!("{c}={n}")).collect::<Vec<_>>().join(" ")
}

/// The integrity in one word for a spreadsheet: `sound`, `not-closed`, `damaged`.
pub fn integrity_slug(i: &Integrity) -> &'static str {
    match i {
        Integrity::Sound => "sound",
        Integrity::NotClosed { .. } => "not-closed",
        Integrity::Damaged { .. } => "damaged",
    }
}

impl Summary {
    /// The row for `CSV_HEADER` of a shift counted in the totals.
    pub fn csv_row(&self) -> Vec<String> {
        self.csv_row_with(true, "")
    }

    /// The row of a log that enters no total, with what it is (`note`): its own
    /// columns of who and when, its integrity and records, no figures.
    pub fn csv_row_uncounted(&self, note: &str) -> Vec<String> {
        let mut row = self.csv_row_with(false, note);
        for (cell, name) in row.iter_mut().zip(CSV_HEADER) {
            if !KEPT_UNCOUNTED.contains(&name) && name != "counted" && name != "note" {
                cell.clear();
            }
        }
        row
    }

    /// The row for `CSV_HEADER`, every figure, `counted` and the `note` as given.
    pub fn csv_row_with(&self, counted: bool, note: &str) -> Vec<String> {
        let r = &self.reconciliation;
        vec![
            self.path.display().to_string(),
            self.table.clone(),
            self.croupier.clone(),
            self.game.slug().to_string(),
            self.training.to_string(),
            local_time(&self.started),
            local_time(&self.last_record),
            integrity_slug(&self.integrity).to_string(),
            self.coups.to_string(),
            self.void_coups.to_string(),
            self.coup_in_play.to_string(),
            r.bank_start.to_string(),
            r.brought_in.to_string(),
            r.taken_out.to_string(),
            r.bank_net.to_string(),
            r.cagnotte.to_string(),
            r.bank_end.to_string(),
            r.balanced().to_string(),
            self.commission.to_string(),
            self.house_net.to_string(),
            self.bankers.len().to_string(),
            self.errors_total().to_string(),
            by_clause(&self.errors),
            self.infractions_total().to_string(),
            by_clause(&self.infractions),
            self.against_table.to_string(),
            (self.amendments.len() as u64 + u64::from(self.left_out.amendments)).to_string(),
            (self.recoveries.len() as u64 + u64::from(self.left_out.recoveries)).to_string(),
            self.records.to_string(),
            self.ties.to_string(),
            self.corrections.to_string(),
            counted.to_string(),
            note.to_string(),
        ]
    }
}

/// The row of a file that could not be read as a shift log at all: its path, the
/// integrity `unreadable`, not counted, and why (`note`).
pub fn csv_row_unreadable(path: &Path, note: &str) -> Vec<String> {
    CSV_HEADER
        .iter()
        .map(|name| match *name {
            "file" => path.display().to_string(),
            "integrity" => "unreadable".to_string(),
            "counted" => "false".to_string(),
            "note" => note.to_string(),
            _ => String::new(),
        })
        .collect()
}

/// The CSV columns of `--coups`, one row per coup.
pub const COUPS_HEADER: [&str; 24] = [
    "file",
    "table",
    "croupier",
    "game",
    "coup",
    "opened",
    "settled",
    "banker",
    "bets",
    "staked",
    "top_stake",
    "bank_before",
    "bank_net",
    "cagnotte",
    "commission",
    "bank_after",
    "void",
    "winners",
    "errors",
    "infractions",
    "against_table",
    "first_line",
    "last_line",
    "tie",
];

/// One row per bet (`sabot report --csv F --bets`, the review's bets export).
pub const BETS_HEADER: [&str; 16] = [
    "file",
    "table",
    "croupier",
    "game",
    "coup",
    "settled",
    "seat",
    "standing",
    "spot",
    "kind",
    "amount",
    "net",
    "commission",
    "clause",
    "spot_words",
    "kind_words",
];

/// Where a bet lies, in the words a spreadsheet's reader uses («paño 1», «media
/// línea paño 1»), beside the stable code column (`Tableau(1)`, `Half(1)`).
pub fn spot_words(lang: Lang, spot: Spot) -> String {
    match spot {
        Spot::Tableau(n) => tr_args(lang, "csv-spot-tableau", &[("n", n.to_string())]),
        Spot::Half(n) => tr_args(lang, "csv-spot-half", &[("n", n.to_string())]),
        Spot::Cheval => tr(lang, "csv-spot-cheval"),
        Spot::Player => tr(lang, "csv-spot-player"),
        Spot::Punto => tr(lang, "csv-spot-punto"),
        Spot::Banca => tr(lang, "csv-spot-banca"),
    }
}

/// A bet's kind in words, beside its code (`Plain`, `Banco`, …).
pub fn kind_words(lang: Lang, kind: BetKind) -> String {
    tr(
        lang,
        match kind {
            BetKind::Plain => "csv-kind-plain",
            BetKind::Banco => "csv-kind-banco",
            BetKind::BancoWithTable => "csv-kind-banco-with-table",
            BetKind::LastComplete => "csv-kind-last-complete",
            BetKind::Associated => "csv-kind-associated",
            BetKind::Late => "csv-kind-late",
        },
    )
}

/// The rows for `BETS_HEADER`, one per bet of coup `c`, as it was paid; `shift` is the
/// file, table, croupier and game.
pub fn bet_rows(lang: Lang, shift: &[String; 4], c: &CoupRow) -> Vec<Vec<String>> {
    c.paid
        .iter()
        .map(|b| {
            let mut row: Vec<String> = shift.to_vec();
            row.extend([
                c.number.to_string(),
                local_time(&c.settled),
                b.bet.player.seat.to_string(),
                b.bet.player.standing.to_string(),
                format!("{:?}", b.bet.spot),
                format!("{:?}", b.bet.kind),
                b.bet.amount.to_string(),
                b.net.to_string(),
                b.commission.to_string(),
                b.clause.map(|c| c.to_string()).unwrap_or_default(),
                spot_words(lang, b.bet.spot),
                kind_words(lang, b.bet.kind),
            ]);
            row
        })
        .collect()
}

/// The row for `COUPS_HEADER`; `shift` is the file, table, croupier and game.
pub fn coup_row(shift: &[String; 4], c: &CoupRow) -> Vec<String> {
    let clauses = |v: &[crate::engine::Clause]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let winners =
        c.winners.iter().map(|(h, w)| format!("{h}={}", format!("{w:?}").to_lowercase())).collect::<Vec<_>>().join(" ");
    let mut row: Vec<String> = shift.to_vec();
    row.extend([
        c.number.to_string(),
        local_time(&c.opened),
        local_time(&c.settled),
        c.banker.map(|p| p.to_string()).unwrap_or_default(),
        c.bets.to_string(),
        c.staked.to_string(),
        c.top_stake.to_string(),
        c.bank_before.to_string(),
        c.bank_net.to_string(),
        c.cagnotte.to_string(),
        c.commission.to_string(),
        c.bank_after.to_string(),
        c.void.to_string(),
        winners,
        clauses(&c.errors),
        clauses(&c.infractions),
        c.against_table.to_string(),
        c.first_line.to_string(),
        c.last_line.to_string(),
        c.tie.to_string(),
    ]);
    row
}
