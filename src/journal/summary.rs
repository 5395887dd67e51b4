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
//! The left side is summed from the events; the right side is the engine's own
//! bank. They differ only if an event moved the bank without being counted: the
//! summary says so (`Reconciliation::balanced` is false): the pit boss is alarmed.

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
    pub fn result(&self) -> Money {
        self.bank_net.checked_sub(self.cagnotte).unwrap_or(Money::ZERO)
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

/// Detailed incidents kept (their counts by clause are always whole).
pub const INCIDENTS_KEPT: usize = 2000;

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

/// The pass's running figures.
struct Acc {
    header: Option<Header>,
    shift_id: String,
    at: DateTime<FixedOffset>,
    line: usize,
    records: u64,
    bank: Money,
    rec: Reconciliation,
    house_net: Money,
    commission: Money,
    coups: u32,
    void: u32,
    ties: u32,
    /// The ruling proposed, until the coup is put right by it.
    ruling: Option<Pending>,
    /// Who holds the bank for the entry being counted: the engine's banker before the
    /// entry (`Table::apply` of the records before it), then as its events say.
    banker: Option<PlayerRef>,
    /// The engine's banker before the record being read.
    engine_banker: Option<PlayerRef>,
    bankers: Vec<BankerResult>,
    /// A top-up announced by `BroughtIn`, for the `BankAnnounced` that follows.
    announced_in: Option<Money>,
    coup_number: u32,
    coup_open: Option<(DateTime<FixedOffset>, usize)>,
    coup_errors: Vec<Clause>,
    coup_infractions: Vec<Clause>,
    coup_against: bool,
    errors: BTreeMap<Clause, u32>,
    infractions: BTreeMap<Clause, u32>,
    against_table: u32,
    incidents: Vec<IncidentAt>,
    amendments: Vec<AmendmentAt>,
    recoveries: Vec<RecoveryAt>,
    clock_jumps: Vec<ClockJump>,
    overflow: Option<usize>,
    /// The entries of the coup in play, held until the next coup opens (the engine
    /// takes that as the coup paid) or the log ends: an entry the croupier takes back
    /// never counts. Their events, flat; and for each
    /// entry where its events end, its line and its time.
    held: Vec<Event>,
    held_entries: Vec<(usize, usize, DateTime<FixedOffset>, Option<PlayerRef>)>,
    /// A coup has opened: its entries are held until the next opens.
    holding: bool,
    corrections: u32,
    entries_taken_back: u32,
}

fn add(a: &mut Money, b: Money, line: usize, overflow: &mut Option<usize>) {
    match a.checked_add(b) {
        Ok(s) => *a = s,
        Err(_) => {
            overflow.get_or_insert(line);
        }
    }
}

impl Acc {
    fn new() -> Acc {
        Acc {
            header: None,
            shift_id: String::new(),
            at: DateTime::<FixedOffset>::MIN_UTC.fixed_offset(),
            line: 0,
            records: 0,
            bank: Money::ZERO,
            rec: Reconciliation::default(),
            house_net: Money::ZERO,
            commission: Money::ZERO,
            coups: 0,
            void: 0,
            ties: 0,
            ruling: None,
            banker: None,
            engine_banker: None,
            bankers: Vec::new(),
            announced_in: None,
            coup_number: 0,
            coup_open: None,
            coup_errors: Vec::new(),
            coup_infractions: Vec::new(),
            coup_against: false,
            errors: BTreeMap::new(),
            infractions: BTreeMap::new(),
            against_table: 0,
            incidents: Vec::new(),
            amendments: Vec::new(),
            recoveries: Vec::new(),
            clock_jumps: Vec::new(),
            overflow: None,
            held: Vec::new(),
            held_entries: Vec::new(),
            holding: false,
            corrections: 0,
            entries_taken_back: 0,
        }
    }

    /// One entry's events, as the engine applies them (`Table::apply`): the entries of
    /// a coup are held until the next coup opens, so that an entry the croupier takes
    /// back (`Event::TakenBack`) is dropped, never counted.
    fn entry(&mut self, line: usize, events: &[Event], game: Game, on_coup: &mut dyn FnMut(CoupRow)) {
        if let [Event::TakenBack { entries, .. }] = events {
            if self.holding {
                let kept = self.held_entries.len().saturating_sub(*entries as usize);
                let from = if kept == 0 { 0 } else { self.held_entries[kept - 1].0 };
                self.held.truncate(from);
                self.held_entries.truncate(kept);
                self.corrections += 1;
                self.entries_taken_back = self.entries_taken_back.saturating_add(*entries);
            }
            return;
        }
        let opened = events.iter().any(|e| matches!(e, Event::CoupOpened { .. }));
        if self.holding && !opened {
            if !events.is_empty() {
                self.held.extend_from_slice(events);
                self.held_entries.push((self.held.len(), line, self.at, self.engine_banker));
            }
            return;
        }
        self.release(on_coup, game);
        self.banker = self.engine_banker;
        self.events(line, events, game, on_coup);
        self.holding |= opened;
    }

    /// Counts the held entries of the coup before (the next coup opens: it is paid),
    /// or of the coup in play when the log ends.
    fn release(&mut self, on_coup: &mut dyn FnMut(CoupRow), game: Game) {
        if self.held_entries.is_empty() {
            return;
        }
        let (line_now, at_now) = (self.line, self.at);
        let held = std::mem::take(&mut self.held);
        let mut from = 0;
        for (end, line, at, banker) in std::mem::take(&mut self.held_entries) {
            self.at = at;
            self.banker = banker;
            self.events(line, &held[from..end], game, on_coup);
            from = end;
        }
        (self.line, self.at) = (line_now, at_now);
    }

    fn banker_mut(&mut self) -> &mut BankerResult {
        let who = self.banker;
        match self.bankers.iter().position(|b| b.player == who) {
            Some(i) => &mut self.bankers[i],
            None => {
                self.bankers.push(BankerResult { player: who, ..Default::default() });
                let last = self.bankers.len() - 1;
                &mut self.bankers[last]
            }
        }
    }

    fn brought(&mut self, amount: Money, line: usize) {
        add(&mut self.rec.brought_in, amount, line, &mut self.overflow);
        let mut o = None;
        add(&mut self.banker_mut().brought_in, amount, line, &mut o);
        if let Some(o) = o {
            self.overflow.get_or_insert(o);
        }
    }

    fn taken(&mut self, amount: Money, line: usize) {
        add(&mut self.rec.taken_out, amount, line, &mut self.overflow);
        let mut o = None;
        add(&mut self.banker_mut().taken_out, amount, line, &mut o);
        if let Some(o) = o {
            self.overflow.get_or_insert(o);
        }
    }

    fn incident(&mut self, what: Incident, line: usize) {
        let clause = what.clause();
        match &what {
            Incident::Error(_) => {
                *self.errors.entry(clause).or_insert(0) += 1;
                self.coup_errors.push(clause);
            }
            Incident::Infraction(_) => {
                *self.infractions.entry(clause).or_insert(0) += 1;
                self.coup_infractions.push(clause);
            }
            Incident::Ruling(_) => {}
        }
        if self.incidents.len() < INCIDENTS_KEPT {
            self.incidents.push(IncidentAt { coup: self.coup_number, line, at: self.at, what });
        }
    }

    fn events(&mut self, line: usize, events: &[Event], game: Game, on_coup: &mut dyn FnMut(CoupRow)) {
        for e in events {
            match e {
                Event::CoupOpened { number } => {
                    self.coup_number = *number;
                    self.coup_open = Some((self.at, line));
                    self.coup_errors.clear();
                    self.coup_infractions.clear();
                    self.coup_against = false;
                }
                Event::Settled(s) => {
                    self.coups += 1;
                    // A tie is a tie in every game (Punto y Banca's engine makes it
                    // void, R-PB-4; Chemin de fer's a stand-off, R-BQ-15): counted
                    // as a tie, and a coup void by an error as void.
                    let tie = is_tie(&s.winners);
                    let void = s.void.is_some() && !tie;
                    self.ruling = None;
                    if tie {
                        self.ties += 1;
                    }
                    if void {
                        self.void += 1;
                    }
                    add(&mut self.rec.cagnotte, s.cagnotte, line, &mut self.overflow);
                    add(&mut self.commission, s.commission, line, &mut self.overflow);
                    if game.has_bank() {
                        add(&mut self.rec.bank_net, s.bank_net, line, &mut self.overflow);
                        let mut o = None;
                        let b = self.banker_mut();
                        b.coups += 1;
                        add(&mut b.bank_net, s.bank_net, line, &mut o);
                        add(&mut b.cagnotte, s.cagnotte, line, &mut o);
                        if let Some(o) = o {
                            self.overflow.get_or_insert(o);
                        }
                    } else {
                        add(&mut self.house_net, s.bank_net, line, &mut self.overflow);
                    }
                    self.bank = s.bank_after;
                    let (opened, first_line) = self.coup_open.unwrap_or((self.at, line));
                    let mut staked = Money::ZERO;
                    let mut top = Money::ZERO;
                    for b in &s.bets {
                        add(&mut staked, b.bet.amount, line, &mut self.overflow);
                        top = top.max(b.bet.amount);
                    }
                    let row = CoupRow {
                        number: self.coup_number,
                        opened,
                        settled: self.at,
                        first_line,
                        last_line: line,
                        banker: self.banker,
                        bets: s.bets.len() as u32,
                        staked,
                        top_stake: top,
                        bank_before: s.bank_before,
                        bank_net: s.bank_net,
                        cagnotte: s.cagnotte,
                        commission: s.commission,
                        bank_after: s.bank_after,
                        void,
                        tie,
                        winners: s.winners.clone(),
                        errors: std::mem::take(&mut self.coup_errors),
                        infractions: std::mem::take(&mut self.coup_infractions),
                        against_table: self.coup_against,
                        paid: s.bets.clone(),
                    };
                    on_coup(row);
                    self.coup_against = false;
                }
                // Within the entry, the events say who takes the bank and who leaves it.
                Event::BankTaken { player, amount, .. } => {
                    self.banker = Some(*player);
                    self.banker_mut().stints += 1;
                    self.brought(*amount, line);
                    self.bank = *amount;
                }
                Event::BroughtIn { amount } => {
                    self.brought(*amount, line);
                    self.announced_in = Some(*amount);
                }
                Event::BankAnnounced { amount } => {
                    let before = self.bank;
                    match amount.checked_sub(before) {
                        // Logs before `BroughtIn` existed: the rise is the money brought in.
                        Ok(rise) if rise.is_positive() && self.announced_in.is_none() => self.brought(rise, line),
                        // A bank announced lower than it stood (no engine makes it):
                        // the difference left the bank.
                        Ok(rise) if rise.is_negative() => self.taken(rise.checked_neg(), line),
                        Ok(_) => {}
                        Err(_) => {
                            self.overflow.get_or_insert(line);
                        }
                    }
                    self.announced_in = None;
                    self.bank = *amount;
                }
                Event::BankLeft { returned, .. } => {
                    self.taken(*returned, line);
                    self.banker = None;
                    self.bank = Money::ZERO;
                }
                Event::SetAside { amount } => {
                    self.taken(*amount, line);
                    self.bank = self.bank.saturating_sub(*amount);
                }
                Event::Error(x) => self.incident(Incident::Error(x.clone()), line),
                Event::Infraction(i) => {
                    if matches!(i.kind, InfractionKind::BankAgainstTable { .. }) {
                        self.against_table += 1;
                        self.coup_against = true;
                    }
                    self.incident(Incident::Infraction(i.clone()), line);
                }
                Event::RulingProposed(p) => self.ruling = Some(*p),
                Event::PutRight { .. } | Event::Reopened { .. } | Event::BankPlayPutRight { .. } => {
                    if let Some(p) = self.ruling.take() {
                        self.incident(Incident::Ruling(p), line);
                    }
                }
                Event::Amended { coup, reason } => {
                    self.amendments.push(AmendmentAt { coup: *coup, reason: reason.clone(), line, at: self.at });
                }
                _ => {}
            }
        }
    }
}

/// Every hand of the coup tied.
fn is_tie(winners: &[(HandId, Winner)]) -> bool {
    !winners.is_empty() && winners.iter().all(|(_, w)| *w == Winner::Tie)
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
        Seen::Record { line, record, before } => {
            acc.at = record.at;
            acc.engine_banker = before.shift().banker();
            acc.line = line;
            acc.records += 1;
            match &record.body {
                Body::Header(h) => {
                    game = h.settings.game;
                    // A table made ready (`Start::Ready`) has its first coup open already.
                    acc.coup_number = before.shift().coup_number;
                    if before.shift().coup_open {
                        acc.coup_open = Some((record.at, line + 1));
                        acc.holding = true;
                    }
                    acc.bank = before.bank();
                    acc.rec.bank_start = before.bank();
                    acc.header = Some(h.clone());
                    acc.shift_id = record.hash.clone();
                }
                Body::Resumed(r) => acc.recoveries.push(RecoveryAt {
                    line,
                    at: record.at,
                    software: r.software.clone(),
                    set_aside: r.set_aside.as_ref().map(|s| s.file.clone()),
                }),
                Body::ClockJump(j) => acc.clock_jumps.push(j.clone()),
                _ => {}
            }
        }
        Seen::Events { line, events } => acc.entry(line, events, game, on_coup),
    };
    let scanned = scan::scan(path, src, Mode::Verify, Some(&mut visit));
    // The coup in play when the log ends: its entries count as they stand.
    acc.release(on_coup, game);
    let mut table = None;
    let (integrity, bank_end, in_play, last_at, last_hash) = match scanned {
        Ok(r) => {
            let integrity = match (&r.tail, r.closed.is_some()) {
                (Some(t), _) if t.complete => Integrity::Damaged { line: t.line, seq: None, what: t.what.clone() },
                (tail, closed) => match super::check_side_files(path, &r) {
                    Some(bad) => Integrity::Damaged { line: bad.line, seq: bad.seq, what: bad.what },
                    None if closed => Integrity::Sound,
                    None => Integrity::NotClosed { torn: tail.as_ref().map(|t| t.what.clone()) },
                },
            };
            let coup = r.table.coup();
            let in_play = coup.settlement.is_none() && (!coup.bets.is_empty() || coup.play.closed);
            let bank = r.table.bank();
            table = Some(r.table);
            (integrity, bank, in_play, r.last_at, r.last_hash)
        }
        Err(JournalError::Bad { bad, .. }) if acc.header.is_some() && bad.line > 1 => {
            // The good records before the damage: the bank as they leave it. A record
            // seen but not accepted does not count.
            let good = acc.records.saturating_sub(1);
            acc.records = good;
            // A damaged copy is never compared record for record: no last hash.
            (
                Integrity::Damaged { line: bad.line, seq: bad.seq, what: bad.what },
                acc.bank,
                false,
                acc.at,
                String::new(),
            )
        }
        Err(e) => return Err(e),
    };
    if let Some(line) = acc.overflow {
        return Err(JournalError::Bad {
            path: path.to_path_buf(),
            bad: BadRecord { line, seq: None, what: Problem::Overflow },
        });
    }
    let Some(h) = acc.header else {
        return Err(JournalError::unreadable(path, Problem::NotALog));
    };
    let mut rec = acc.rec;
    rec.bank_end = bank_end;
    let summary = Summary {
        path: path.to_path_buf(),
        shift_id: acc.shift_id,
        last_hash,
        table: h.table,
        croupier: h.croupier,
        game: h.settings.game,
        training: h.training,
        software: h.software,
        started: h.started,
        last_record: last_at,
        integrity,
        records: acc.records,
        bytes,
        coups: acc.coups,
        void_coups: acc.void,
        ties: acc.ties,
        coup_in_play: in_play,
        reconciliation: rec,
        house_net: acc.house_net,
        commission: acc.commission,
        bankers: acc.bankers,
        errors: acc.errors,
        infractions: acc.infractions,
        against_table: acc.against_table,
        incidents: acc.incidents,
        amendments: acc.amendments,
        recoveries: acc.recoveries,
        clock_jumps: acc.clock_jumps,
        corrections: acc.corrections,
        entries_taken_back: acc.entries_taken_back,
    };
    Ok((summary, table))
}

#[path = "summary_groups.rs"]
mod grouped;
pub use grouped::{Group, GroupBy, groups};
