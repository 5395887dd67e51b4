//! A shift log summed up in one streaming pass, for the pit boss (`sabot report`,
//! the app's review): what the log's integrity is, the coups by game and the void
//! ones, the bank reconciled to the cent, each banker's results, errors and
//! infractions by clause with their rulings, amendments, recoveries.
//!
//! The log is read a block at a time and every operation re-played through the
//! engine (`scan`, `Mode::Verify`): the memory a summary takes does not grow with
//! the log, except for what the caller keeps of the coups it is shown one by one
//! (`on_coup`). Summaries are grouped for reports in `summary_groups.rs`.
//!
//! # The reconciliation
//!
//! For every shift, to the cent:
//!
//! ```text
//! bank_start + brought_in − taken_out + bank_net − cagnotte = bank_end
//! ```
//!
//! - `bank_start`: the bank the table holds when the log begins (the header's).
//! - `brought_in`: money bankers put into the bank: a bank taken
//!   (`BankTaken`'s amount) and a standing bank topped up (`BroughtIn`; in logs
//!   written before that event existed, the rise of an announced bank
//!   (`BankAnnounced`) over the bank held).
//! - `taken_out`: money bankers took out of the bank: a bank given up or passed on
//!   (`BankLeft`'s amount returned), winnings set aside in Chemin de fer
//!   (`SetAside`).
//! - `bank_net`: the bank's results against the bets, summed over the settled coups
//!   (`Settled`), before the cagnotte. Punto y Banca has no bank: there it is zero,
//!   and the casino's result is `house_net`.
//! - `cagnotte`: the cagnotte taken from the bank's wins (`Settled`).
//! - `bank_end`: the bank the table holds where the log ends (the re-played table's).
//!
//! `brought_in` and `taken_out` are the engine's own account, kept by `Table::apply`
//! as it re-plays every record (`Table::bank_moves`, an entry taken back taking its
//! moves back); each banker's share of them is the engine's move of each event
//! (`BankMoves::record`). `bank_net` and `cagnotte` are summed from the settlements;
//! the right side is the engine's own bank. They differ only if an event moved the
//! bank without being counted: the summary says so (`Reconciliation::balanced` is
//! false): the pit boss is alarmed. The pass itself is in `summary_pass.rs`.

use super::error::{BadRecord, JournalError, Problem};
use super::record::{Body, ClockJump, Header};
use super::scan::{self, Mode, Seen, Source};
use crate::engine::money::MoneyError;
use crate::engine::{
    Clause, ErrorRecord, Event, Game, HandId, Infraction, InfractionKind, Money, Pending, PlayerRef, Winner,
};
use chrono::{DateTime, FixedOffset};
use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether the log can be trusted, in the pit boss's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Integrity {
    /// Every record checks and the shift was closed.
    Sound,
    /// Every record checks, but the shift has no closing record (still open, or Sabot
    /// stopped): `torn` is the record that was being written when it stopped, if any.
    NotClosed { torn: Option<Problem> },
    /// A record is wrong (edited, removed, inserted, out of order, not what the engine
    /// makes, …): the figures stop before it.
    Damaged { line: usize, seq: Option<u64>, what: Problem },
}

impl Integrity {
    pub fn is_sound(&self) -> bool {
        matches!(self, Integrity::Sound)
    }
    pub fn is_damaged(&self) -> bool {
        matches!(self, Integrity::Damaged { .. })
    }
}

/// The reconciliation of the bank (see the module's docs for each term).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Reconciliation {
    pub bank_start: Money,
    pub brought_in: Money,
    /// Of `brought_in`, the banks taken (each banker's opening bank); the rest was
    /// brought in later: top-ups, a free bank's loss its banker covered (R-BQ-4).
    pub banks_taken: Money,
    pub taken_out: Money,
    pub bank_net: Money,
    pub cagnotte: Money,
    /// The bank where the log ends, as the engine holds it.
    pub bank_end: Money,
}

impl Reconciliation {
    /// bank_start + brought_in − taken_out + bank_net − cagnotte.
    pub fn computed_end(&self) -> Result<Money, MoneyError> {
        self.bank_start
            .checked_add(self.brought_in)?
            .checked_sub(self.taken_out)?
            .checked_add(self.bank_net)?
            .checked_sub(self.cagnotte)
    }

    /// The sum equals the bank at the end, to the cent.
    pub fn balanced(&self) -> bool {
        self.computed_end().is_ok_and(|e| e == self.bank_end)
    }
}

/// One banker's results over the shift (the seat he held the bank from).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BankerResult {
    /// `None`: the bank the log began with, whose banker the log does not name.
    pub player: Option<PlayerRef>,
    /// Times he took the bank.
    pub stints: u32,
    pub coups: u32,
    pub brought_in: Money,
    pub taken_out: Money,
    pub bank_net: Money,
    pub cagnotte: Money,
}

impl BankerResult {
    /// What he won (positive) or lost at the table: bank_net − cagnotte.
    pub fn result(&self) -> Result<Money, MoneyError> {
        self.bank_net.checked_sub(self.cagnotte)
    }
}

/// An error recorded or an infraction found, with its ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incident {
    Error(ErrorRecord),
    Infraction(Infraction),
    /// The ruling the croupier confirmed after an error or infraction (R-BQ-E14…E17,
    /// R-BQ-E8, E12): listed after what it put right, not counted as an incident.
    Ruling(Pending),
}

impl Incident {
    pub fn clause(&self) -> Clause {
        match self {
            Incident::Error(e) => e.clause,
            Incident::Infraction(i) => i.clause,
            Incident::Ruling(p) => p.clause(),
        }
    }
}

/// An incident where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncidentAt {
    /// The coup (its number in the shift), 0 before the first.
    pub coup: u32,
    pub line: usize,
    pub at: DateTime<FixedOffset>,
    pub what: Incident,
}

/// An amendment (R-BQ-E7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmendmentAt {
    pub coup: u32,
    pub reason: String,
    pub line: usize,
    pub at: DateTime<FixedOffset>,
}

/// The shift taken up again after Sabot stopped without closing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecoveryAt {
    pub line: usize,
    pub at: DateTime<FixedOffset>,
    pub software: String,
    /// The side file that holds the record set aside, if one was.
    pub set_aside: Option<String>,
}

/// One coup, as the review's table and `sabot report --coups` show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoupRow {
    /// Its number in the shift (as amendments and `sabot export --coup` name it).
    pub number: u32,
    pub opened: DateTime<FixedOffset>,
    pub settled: DateTime<FixedOffset>,
    /// The lines of the log from the coup's opening to its settlement.
    pub first_line: usize,
    pub last_line: usize,
    pub banker: Option<PlayerRef>,
    pub bets: u32,
    /// All the bets together, and the largest.
    pub staked: Money,
    pub top_stake: Money,
    pub bank_before: Money,
    pub bank_net: Money,
    pub cagnotte: Money,
    pub commission: Money,
    pub bank_after: Money,
    /// Void by an error (R-BQ-E3, E8, E11); a tie is not (`tie`).
    pub void: bool,
    /// Every hand tied: the bets neither won nor lost (R-BQ-15, R-PB-4).
    pub tie: bool,
    /// Who won each player hand.
    pub winners: arrayvec::ArrayVec<(HandId, Winner), 2>,
    /// Clauses of the errors recorded in the coup.
    pub errors: Vec<Clause>,
    /// Clauses of the infractions found in the coup.
    pub infractions: Vec<Clause>,
    /// The bank drew or stood against the table it had to follow.
    pub against_table: bool,
    /// Every bet of the coup as it was paid (the engine's settlement), in order.
    pub paid: Vec<crate::engine::BetResult>,
}

/// Detailed incidents kept (their counts by clause are always whole). Amendments,
/// recoveries and the clock's jumps are kept as many, each, and the rest counted
/// (`Summary::left_out`): a log (or a shift the floor follows in the pit) holding a
/// flood of them takes no more memory than that (issue 51).
pub const INCIDENTS_KEPT: usize = 2000;

/// Amendments, recoveries and clock jumps past `INCIDENTS_KEPT`: counted, not kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeftOut {
    pub amendments: u32,
    pub recoveries: u32,
    pub clock_jumps: u32,
}

/// A shift summed up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub path: PathBuf,
    /// The shift's identity: its header's hash (as the pit names it). Two files with
    /// the same `shift_id` are copies of one shift (`journal::shifts`).
    pub shift_id: String,
    /// The hash of the last good record: two copies of a shift with the same
    /// `records` and `last_hash` are the same bytes, record for record.
    pub last_hash: String,
    pub table: String,
    pub croupier: String,
    pub game: Game,
    pub training: bool,
    pub software: String,
    pub started: DateTime<FixedOffset>,
    /// The time of the last good record.
    pub last_record: DateTime<FixedOffset>,
    pub integrity: Integrity,
    /// Good records, the header included.
    pub records: u64,
    /// The log's size in bytes.
    pub bytes: u64,
    /// Settled coups, ties and void ones included.
    pub coups: u32,
    /// Coups void by an error (R-BQ-E3, E8, E11).
    pub void_coups: u32,
    /// Coups where every hand tied (R-BQ-15, R-PB-4), in every game alike.
    pub ties: u32,
    /// A coup was in play when the log ends.
    pub coup_in_play: bool,
    pub reconciliation: Reconciliation,
    /// Punto y Banca: the casino's result against the bets, commission included.
    pub house_net: Money,
    pub commission: Money,
    pub bankers: Vec<BankerResult>,
    pub errors: BTreeMap<Clause, u32>,
    pub infractions: BTreeMap<Clause, u32>,
    /// Times the bank played against the table it had to follow.
    pub against_table: u32,
    /// The first `INCIDENTS_KEPT` errors and infractions, in order.
    pub incidents: Vec<IncidentAt>,
    pub amendments: Vec<AmendmentAt>,
    pub recoveries: Vec<RecoveryAt>,
    /// Times the computer's clock went back while the shift was written.
    pub clock_jumps: Vec<ClockJump>,
    /// Amendments, recoveries and clock jumps past the first `INCIDENTS_KEPT` of each.
    pub left_out: LeftOut,
    /// Times the croupier took back his own entries before payment (his keying
    /// errors, `Op::TakeBack`), and how many entries in all.
    pub corrections: u32,
    pub entries_taken_back: u32,
}

impl Summary {
    pub fn closed(&self) -> bool {
        self.integrity.is_sound()
    }
    pub fn infractions_total(&self) -> u32 {
        self.infractions.values().sum()
    }
    pub fn errors_total(&self) -> u32 {
        self.errors.values().sum()
    }
    pub fn bank_start(&self) -> Money {
        self.reconciliation.bank_start
    }
    pub fn bank_end(&self) -> Money {
        self.reconciliation.bank_end
    }
    pub fn bank_net(&self) -> Money {
        self.reconciliation.bank_net
    }
    pub fn cagnotte(&self) -> Money {
        self.reconciliation.cagnotte
    }
}

/// A file read through, its bytes counted for a progress bar.
struct Counted<'a> {
    inner: std::fs::File,
    read: Option<&'a AtomicU64>,
}

impl Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(c) = self.read {
            c.fetch_add(n as u64, Ordering::Relaxed);
        }
        Ok(n)
    }
}

impl Seek for Counted<'_> {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        // The counter counts bytes read (it may be shared by several logs).
        self.inner.seek(pos)
    }
}

/// What a summary is asked for.
#[derive(Default)]
pub struct Options<'a> {
    /// Bytes read so far are added to it, for a progress bar.
    pub progress: Option<&'a AtomicU64>,
    /// Each settled coup, in order, as it is read.
    pub on_coup: Option<&'a mut dyn FnMut(CoupRow)>,
}

/// Sums a log up. An error only when the file cannot be read as a shift log at all
/// (missing, not a log, its header damaged, a newer format); a log damaged after its
/// header is summed up to the damage and said to be damaged.
pub fn summarise(path: impl AsRef<Path>, opts: Options<'_>) -> Result<Summary, JournalError> {
    let path = path.as_ref();
    let file = scan::open_file(path)?;
    let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut src = Counted { inner: file, read: opts.progress };
    summarise_from(path, &mut src, bytes, opts.on_coup)
}

/// Sums up a log read from `src` (`path` names it).
pub fn summarise_from(
    path: &Path,
    src: &mut dyn Source,
    bytes: u64,
    on_coup: Option<&mut dyn FnMut(CoupRow)>,
) -> Result<Summary, JournalError> {
    summarise_with_table(path, src, bytes, on_coup).map(|(s, _)| s)
}

/// `summarise_from`, and the table as the log leaves it (the engine's, record after
/// record: what the croupier's screen shows), when every record checks.
pub fn summarise_with_table(
    path: &Path,
    src: &mut dyn Source,
    bytes: u64,
    on_coup: Option<&mut dyn FnMut(CoupRow)>,
) -> Result<(Summary, Option<crate::engine::Table>), JournalError> {
    let mut none = |_: CoupRow| {};
    let on_coup: &mut dyn FnMut(CoupRow) = match on_coup {
        Some(f) => f,
        None => &mut none,
    };
    let mut acc = Acc::new();
    let mut game = Game::Banque;
    let mut visit = |seen: Seen<'_>| match seen {
        Seen::Record { line, record, before } => acc.record(line, record, before, &mut game),
        Seen::Events { line, events } => acc.entry(line, events, game, on_coup),
    };
    let scanned = scan::scan(path, src, Mode::Verify, Some(&mut visit));
    // The coup in play when the log ends: its entries count as they stand.
    acc.release(on_coup, game);
    finish(path, acc, scanned, bytes)
}

/// The summary of a pass's figures, once the log is read (`scanned`) and the coup in
/// play released.
fn finish(
    path: &Path,
    mut acc: Acc,
    scanned: Result<scan::Replayed, JournalError>,
    bytes: u64,
) -> Result<(Summary, Option<crate::engine::Table>), JournalError> {
    let mut table = None;
    let (integrity, bank_end, in_play, last_at, last_hash) = match scanned {
        Ok(r) => {
            let integrity = integrity_of(path, &r);
            let coup = r.table.coup();
            let in_play = coup.settlement.is_none() && (!coup.bets.is_empty() || coup.play.closed);
            let bank = r.table.bank();
            acc.engine_moves(*r.table.bank_moves());
            table = Some(r.table);
            (integrity, bank, in_play, r.last_at, r.last_hash)
        }
        Err(JournalError::Bad { bad, .. }) if acc.header.is_some() && bad.line > 1 => {
            // The good records before the damage: the bank as they leave it. A record
            // seen but not accepted does not count.
            let good = acc.records.saturating_sub(1);
            acc.records = good;
            // A damaged copy is never compared record for record: no last hash.
            let damaged = Integrity::Damaged { line: bad.line, seq: bad.seq, what: bad.what };
            (damaged, acc.bank, false, acc.at, String::new())
        }
        Err(e) => return Err(e),
    };
    if let Some(line) = acc.overflow {
        return Err(JournalError::Bad {
            path: path.to_path_buf(),
            bad: BadRecord { line, seq: None, what: Problem::Overflow },
        });
    }
    let Some(h) = acc.header.take() else {
        return Err(JournalError::unreadable(path, Problem::NotALog));
    };
    // Money brought into the bank and taken out of it: the engine's own account
    // (`Table::bank_moves`), kept as it re-played every record.
    acc.rec.brought_in = acc.moves.brought_in;
    acc.rec.banks_taken = acc.moves.banks_taken;
    acc.rec.taken_out = acc.moves.taken_out;
    acc.rec.bank_end = bank_end;
    let end = End { integrity, coup_in_play: in_play, last_record: last_at, last_hash };
    Ok((acc.summary(path, h, bytes, end), table))
}

/// Where a log ends, as its summary says it.
struct End {
    integrity: Integrity,
    coup_in_play: bool,
    last_record: DateTime<FixedOffset>,
    last_hash: String,
}

/// Whether a log read to its end can be trusted: torn, its side files wrong, closed or not.
fn integrity_of(path: &Path, r: &scan::Replayed) -> Integrity {
    match (&r.tail, r.closed.is_some()) {
        (Some(t), _) if t.complete => Integrity::Damaged { line: t.line, seq: None, what: t.what.clone() },
        (tail, closed) => match super::check_side_files(path, r) {
            Some(bad) => Integrity::Damaged { line: bad.line, seq: bad.seq, what: bad.what },
            None if closed => Integrity::Sound,
            None => Integrity::NotClosed { torn: tail.as_ref().map(|t| t.what.clone()) },
        },
    }
}

impl Acc {
    /// The summary of the pass's figures, and of where the log ends.
    fn summary(self, path: &Path, h: Header, bytes: u64, end: End) -> Summary {
        let End { integrity, coup_in_play, last_record, last_hash } = end;
        Summary {
            path: path.to_path_buf(),
            shift_id: self.shift_id,
            last_hash,
            table: h.table,
            croupier: h.croupier,
            game: h.settings.game,
            training: h.training,
            software: h.software,
            started: h.started,
            last_record,
            integrity,
            records: self.records,
            bytes,
            coups: self.coups,
            void_coups: self.void,
            ties: self.ties,
            coup_in_play,
            reconciliation: self.rec,
            house_net: self.house_net,
            commission: self.commission,
            bankers: self.bankers,
            errors: self.errors,
            infractions: self.infractions,
            against_table: self.against_table,
            incidents: self.incidents,
            amendments: self.amendments,
            recoveries: self.recoveries,
            clock_jumps: self.clock_jumps,
            left_out: self.left_out,
            corrections: self.corrections,
            entries_taken_back: self.entries_taken_back,
        }
    }
}

#[path = "summary_pass.rs"]
mod pass;
use pass::Acc;

#[path = "summary_follow.rs"]
mod follow;
pub use follow::{Follower, FollowerNow};

#[path = "summary_groups.rs"]
mod grouped;
pub use grouped::{Group, GroupBy, groups};
