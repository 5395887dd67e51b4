//! The summary's one pass over a log: its running figures, fed record by record and
//! entry by entry as the engine re-plays them. The engine's table is read for what
//! it keeps (the banker, the bank, the money brought into and taken out of the bank:
//! `Table::bank_moves`), and within an entry the engine's reading of each event
//! (`BankHeld::after`: who holds the bank and what it holds; `BankMoves::record`: what
//! the event moved); the pass sums the rest by coup, banker and clause.

use super::*;
use crate::engine::{BankHeld, BankMove, BankMoves, Settlement, Table};
use std::sync::Arc;

/// An entry of the coup in play, held until the next coup opens: where its events
/// end in `Acc::held`, its line and time, and the engine's banker, bank and bank
/// moves before it.
#[derive(Clone, Copy)]
pub(super) struct Held {
    end: usize,
    line: usize,
    at: DateTime<FixedOffset>,
    banker: Option<PlayerRef>,
    bank: Money,
    moves: BankMoves,
}

/// The pass's running figures.
#[derive(Clone)]
pub(super) struct Acc {
    pub(super) header: Option<Header>,
    pub(super) shift_id: String,
    pub(super) at: DateTime<FixedOffset>,
    pub(super) line: usize,
    pub(super) records: u64,
    /// The bank as the counted entries leave it (for a log damaged after its header).
    pub(super) bank: Money,
    pub(super) rec: Reconciliation,
    pub(super) house_net: Money,
    pub(super) commission: Money,
    pub(super) coups: u32,
    pub(super) void: u32,
    pub(super) ties: u32,
    /// The ruling proposed, until the coup is put right by it.
    ruling: Option<Pending>,
    /// Who holds the bank for the entry being counted: the engine's banker before the
    /// entry (`Table::apply` of the records before it), then as its events say.
    banker: Option<PlayerRef>,
    /// The engine's banker and bank before the record being read.
    engine_banker: Option<PlayerRef>,
    engine_bank: Money,
    /// The engine's bank moves as of the last record or entry read.
    pub(super) moves: BankMoves,
    /// The line of the last entry read.
    events_line: usize,
    pub(super) bankers: Vec<BankerResult>,
    coup_number: u32,
    coup_open: Option<(DateTime<FixedOffset>, usize)>,
    coup_errors: Vec<Clause>,
    coup_infractions: Vec<Clause>,
    coup_against: bool,
    pub(super) errors: BTreeMap<Clause, u32>,
    pub(super) infractions: BTreeMap<Clause, u32>,
    pub(super) against_table: u32,
    pub(super) incidents: Vec<IncidentAt>,
    pub(super) amendments: Vec<AmendmentAt>,
    pub(super) recoveries: Vec<RecoveryAt>,
    pub(super) clock_jumps: Vec<ClockJump>,
    pub(super) left_out: LeftOut,
    pub(super) overflow: Option<usize>,
    /// The entries of the coup in play, held until the next coup opens (the engine
    /// takes that as the coup paid) or the log ends: an entry the croupier takes back
    /// never counts. Their events, flat; and each entry (`Held`).
    held: Vec<Event>,
    held_entries: Vec<Held>,
    /// A coup has opened: its entries are held until the next opens.
    holding: bool,
    pub(super) corrections: u32,
    pub(super) entries_taken_back: u32,
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
    pub(super) fn new() -> Acc {
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
            engine_bank: Money::ZERO,
            moves: BankMoves::default(),
            events_line: 0,
            bankers: Vec::new(),
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
            left_out: LeftOut::default(),
            overflow: None,
            held: Vec::new(),
            held_entries: Vec::new(),
            holding: false,
            corrections: 0,
            entries_taken_back: 0,
        }
    }

    /// A record read, with the engine's table before it.
    pub(super) fn record(
        &mut self,
        line: usize,
        record: &crate::journal::record::Record,
        before: &Table,
        game: &mut Game,
    ) {
        self.at = record.at;
        self.engine_banker = before.shift().banker();
        self.engine_bank = before.bank();
        self.engine_moves(*before.bank_moves());
        self.line = line;
        self.records += 1;
        match &record.body {
            Body::Header(h) => {
                *game = h.settings.game;
                // A table made ready (`Start::Ready`) has its first coup open already.
                self.coup_number = before.shift().coup_number;
                if before.shift().coup_open {
                    self.coup_open = Some((record.at, line + 1));
                    self.holding = true;
                }
                self.bank = before.bank();
                self.rec.bank_start = before.bank();
                self.header = Some(h.clone());
                self.shift_id = record.hash.clone();
            }
            Body::Resumed(r) if self.recoveries.len() < INCIDENTS_KEPT => self.recoveries.push(RecoveryAt {
                line,
                at: record.at,
                software: r.software.clone(),
                set_aside: r.set_aside.as_ref().map(|s| s.file.clone()),
            }),
            Body::Resumed(_) => self.left_out.recoveries = self.left_out.recoveries.saturating_add(1),
            Body::ClockJump(j) if self.clock_jumps.len() < INCIDENTS_KEPT => self.clock_jumps.push(j.clone()),
            Body::ClockJump(_) => self.left_out.clock_jumps = self.left_out.clock_jumps.saturating_add(1),
            _ => {}
        }
    }

    /// The engine's bank moves as a table says them; past the largest amount, the
    /// entry read last is where the log overflowed.
    pub(super) fn engine_moves(&mut self, moves: BankMoves) {
        if moves.overflowed() {
            self.overflow.get_or_insert(self.events_line);
        }
        self.moves = moves;
    }

    /// One entry's events, as the engine applies them (`Table::apply`): the entries of
    /// a coup are held until the next coup opens, so that an entry the croupier takes
    /// back (`Event::TakenBack`) is dropped, never counted.
    pub(super) fn entry(&mut self, line: usize, events: &[Event], game: Game, on_coup: &mut dyn FnMut(CoupRow)) {
        self.events_line = line;
        if let [Event::TakenBack { entries, .. }] = events {
            if self.holding {
                let kept = self.held_entries.len().saturating_sub(*entries as usize);
                // The engine puts the table back as it was before the first entry
                // taken back: its bank moves too.
                if let Some(first) = self.held_entries.get(kept) {
                    self.moves = first.moves;
                }
                let from = if kept == 0 { 0 } else { self.held_entries[kept - 1].end };
                self.held.truncate(from);
                self.held_entries.truncate(kept);
                self.corrections += 1;
                self.entries_taken_back = self.entries_taken_back.saturating_add(*entries);
            }
            return;
        }
        // The engine's moves after the entry (read from its table at the next record;
        // here for the entry a damaged log ends on).
        let moves = self.moves;
        for e in events {
            self.moves.record(self.engine_bank, e);
        }
        let opened = events.iter().any(|e| matches!(e, Event::CoupOpened { .. }));
        if self.holding && !opened {
            if !events.is_empty() {
                self.held.extend_from_slice(events);
                let (end, at, banker, bank) = (self.held.len(), self.at, self.engine_banker, self.engine_bank);
                self.held_entries.push(Held { end, line, at, banker, bank, moves });
            }
            return;
        }
        self.release(on_coup, game);
        self.banker = self.engine_banker;
        self.events(line, events, self.engine_bank, game, on_coup);
        self.holding |= opened;
    }

    /// Counts the held entries of the coup before (the next coup opens: it is paid),
    /// or of the coup in play when the log ends.
    pub(super) fn release(&mut self, on_coup: &mut dyn FnMut(CoupRow), game: Game) {
        if self.held_entries.is_empty() {
            return;
        }
        let (line_now, at_now) = (self.line, self.at);
        let held = std::mem::take(&mut self.held);
        let entries = std::mem::take(&mut self.held_entries);
        // A settlement withdrawn before it was paid (`Event::Unsettled`, R-BQ-E12): the
        // entries before the last withdrawal are counted without their settlement and
        // what followed it, as the engine applies them (`Table::apply`).
        let mut from = 0;
        let mut withdrawn_before = 0;
        for (i, h) in entries.iter().enumerate() {
            if let Some(Event::Unsettled { .. }) = held.get(from) {
                withdrawn_before = i;
            }
            from = h.end;
        }
        let mut from = 0;
        for (i, h) in entries.into_iter().enumerate() {
            self.at = h.at;
            self.banker = h.banker;
            let entry = &held[from..h.end];
            let settled = entry.iter().position(|e| matches!(e, Event::Settled(_))).unwrap_or(entry.len());
            let entry = if i < withdrawn_before { &entry[..settled] } else { entry };
            self.events(h.line, entry, h.bank, game, on_coup);
            from = h.end;
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

    /// What an event moved into or out of the bank (the engine's `BankMoves`), to the
    /// account of the banker who holds it now.
    fn banker_moved(&mut self, mv: BankMove, line: usize) {
        if mv == BankMove::default() {
            return;
        }
        let mut o = None;
        let b = self.banker_mut();
        add(&mut b.brought_in, mv.brought_in, line, &mut o);
        add(&mut b.taken_out, mv.taken_out, line, &mut o);
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

    /// One entry's events counted; `bank`: the engine's bank before the entry.
    fn events(&mut self, line: usize, events: &[Event], bank: Money, game: Game, on_coup: &mut dyn FnMut(CoupRow)) {
        self.bank = bank;
        // The money each event moves, as the engine keeps it (`Table::bank_moves`).
        let mut moves = BankMoves::default();
        for e in events {
            let mv = moves.record(bank, e);
            if moves.overflowed() {
                self.overflow.get_or_insert(line);
            }
            // Who holds the bank after the event, and what it holds: the engine's
            // reading (`Table::apply` keeps its bank by the same `BankHeld`).
            let held = BankHeld { banker: self.banker, bank: self.bank }.after(e);
            match e {
                Event::CoupOpened { number } => {
                    self.coup_number = *number;
                    self.coup_open = Some((self.at, line));
                    self.coup_errors.clear();
                    self.coup_infractions.clear();
                    self.coup_against = false;
                }
                Event::Settled(s) => {
                    // A free bank covered from its banker's pocket (R-BQ-4): brought in by him.
                    self.banker_moved(mv, line);
                    self.settled(s, line, game, on_coup);
                }
                e => {
                    if !self.bank_event(e, mv, held.banker, line) {
                        self.incident_event(e, line);
                    }
                }
            }
            (self.banker, self.bank) = (held.banker, held.bank);
        }
    }

    /// An event of the bank: its move (the engine's, `mv`) to the account of the
    /// banker who holds the bank as it happens: a bank taken, to who takes it (`taker`,
    /// from `BankHeld`), counted a stint; a bank left, to who leaves it. False for
    /// another event.
    fn bank_event(&mut self, e: &Event, mv: BankMove, taker: Option<PlayerRef>, line: usize) -> bool {
        match e {
            Event::BankTaken { .. } => {
                self.banker = taker;
                self.banker_mut().stints += 1;
                self.banker_moved(mv, line);
            }
            Event::BroughtIn { .. } | Event::BankAnnounced { .. } | Event::BankLeft { .. } | Event::SetAside { .. } => {
                self.banker_moved(mv, line)
            }
            _ => return false,
        }
        true
    }

    /// An error, infraction, ruling or amendment recorded.
    fn incident_event(&mut self, e: &Event, line: usize) {
        match e {
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
            Event::Amended { coup, reason } if self.amendments.len() < INCIDENTS_KEPT => {
                self.amendments.push(AmendmentAt { coup: *coup, reason: reason.clone(), line, at: self.at });
            }
            Event::Amended { .. } => self.left_out.amendments = self.left_out.amendments.saturating_add(1),
            _ => {}
        }
    }

    /// A settled coup: counted for the shift and its banker, and shown (`on_coup`).
    fn settled(&mut self, s: &Arc<Settlement>, line: usize, game: Game, on_coup: &mut dyn FnMut(CoupRow)) {
        self.coups += 1;
        // A tie is a tie in every game (Punto y Banca's engine makes it void, R-PB-4;
        // Chemin de fer's a stand-off, R-BQ-15): counted as a tie, and a coup void by
        // an error as void.
        let tie = s.all_tied();
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
        let row = self.coup_row(s, line, void, tie);
        on_coup(row);
        self.coup_against = false;
    }

    /// The row of a settled coup.
    fn coup_row(&mut self, s: &Settlement, line: usize, void: bool, tie: bool) -> CoupRow {
        let (opened, first_line) = self.coup_open.unwrap_or((self.at, line));
        let mut staked = Money::ZERO;
        let mut top = Money::ZERO;
        for b in &s.bets {
            add(&mut staked, b.bet.amount, line, &mut self.overflow);
            top = top.max(b.bet.amount);
        }
        CoupRow {
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
        }
    }
}
