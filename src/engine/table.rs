//! The table: its settings, the sabot, the bank, the coup in play, the shift around
//! it and the shift's running totals; and `apply`, the one way an event changes
//! them, the same for live play and for a replay. What an operation makes happen is
//! decided in `decide` (which only reads the table); what is owed now is `owed`.

use super::bet::{Bet, BetKind};
use super::clause::Clause;
use super::coup::{self, Coup, evolve_play, newly_shown, touches_play};
use super::event::Event;
use super::hand::{HandId, PlayerRef, Spot};
use super::legacy::Reading;
use super::money::{Money, MoneyError};
use super::moves::{BankHeld, BankMoves};
use super::rules::{Ctx, Status};
use super::settings::{BadSettings, Game, TableSettings};
use super::shift::{Bank, Sabot, Seating, Shift};
use super::shoe::Shoe;
use super::vocab::{Settlement, Winner};
use serde::{Deserialize, Serialize};

/// The most bets one coup takes (a bound that keeps every sum far from overflow).
pub const MAX_BETS_PER_COUP: u16 = 500;

/// Running totals of the shift so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShiftTotals {
    pub coups: u32,
    /// Corrections after coups were paid (R-BQ-E7).
    #[serde(default)]
    pub amendments: u32,
    /// Errors the croupier recorded.
    #[serde(default)]
    pub errors: u32,
    pub cagnotte: Money,
    pub commission: Money,
    pub void: u32,
    pub infractions: u32,
    /// The croupier's own entries taken back before payment (`Op::TakeBack`): how
    /// many times he corrected himself.
    #[serde(default)]
    pub corrections: u32,
}

/// The entries of the coup in play, so that the croupier can take back his own:
/// the table as the coup opened, and each entry's events since, in order. They are
/// kept until the next coup opens: Sabot cannot see the chips paid, and takes the
/// croupier's going on to the next coup as the coup paid (R-BQ-E7). A mistake seen
/// while the settlement shows is still his to take back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entries {
    /// The table once the coup opened (its own `entries` empty); `None` before the
    /// shift's first coup.
    opened: Option<Box<Table>>,
    events: Vec<Event>,
    /// Where each entry's events end in `events`.
    ends: Vec<usize>,
}

/// Which of a shift's entries (each operation's events, in the log's order) were taken
/// back by a later `Event::TakenBack`: the entries as `Table::apply` counts them, from
/// each coup's opening.
pub fn entries_taken_back<'a>(entries: impl IntoIterator<Item = &'a [Event]>) -> Vec<bool> {
    let mut out = Vec::new();
    let mut standing: Vec<usize> = Vec::new();
    for (k, events) in entries.into_iter().enumerate() {
        out.push(false);
        match events {
            [Event::TakenBack { entries, .. }] => {
                for _ in 0..*entries {
                    if let Some(i) = standing.pop() {
                        out[i] = true;
                    }
                }
            }
            evs if evs.iter().any(|e| matches!(e, Event::CoupOpened { .. })) => standing.clear(),
            [] => {}
            _ => standing.push(k),
        }
    }
    out
}

impl Entries {
    /// How many entries of the coup in play can be taken back; `None` before the
    /// shift's first coup.
    pub(crate) fn count(&self) -> Option<u32> {
        self.opened.as_ref().map(|_| u32::try_from(self.ends.len()).unwrap_or(u32::MAX))
    }

    /// The events entered after the entry that settled the coup (none when it is not
    /// settled, or nothing followed it).
    pub(crate) fn after_settlement(&self) -> &[Event] {
        let mut from = 0;
        let mut after = self.events.len();
        for &end in &self.ends {
            if self.events[from..end].iter().any(|e| matches!(e, Event::Settled(_))) {
                after = end;
            }
            from = end;
        }
        &self.events[after..]
    }

    /// The events of the last `n` entries, oldest first.
    pub(crate) fn last(&self, n: u32) -> &[Event] {
        let keep = self.ends.len().saturating_sub(n as usize);
        let from = if keep == 0 { 0 } else { self.ends[keep - 1] };
        &self.events[from..]
    }
}

/// A table in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub(crate) settings: TableSettings,
    pub(crate) shoe: Shoe,
    pub(crate) bank: Money,
    pub(crate) coup: Coup,
    pub(crate) totals: ShiftTotals,
    /// The money bankers brought into the bank and took out of it (`moves`).
    #[serde(default)]
    pub(crate) bank_moves: BankMoves,
    pub(crate) shift: Shift,
    /// The reading of the rules the table is played under (`Reading`): the newest,
    /// unless the journal replays an older log.
    #[serde(default)]
    pub(crate) reading: Reading,
    /// The coup's entries, for taking back (not part of a saved table).
    #[serde(skip)]
    pub(crate) entries: Entries,
}

impl Table {
    /// A table ready for a coup's bets. `bank` is the bank announced (zero in Punto y Banca).
    pub fn new(settings: TableSettings, bank: Money, shoe: Shoe) -> Result<Table, BadSettings> {
        settings.validate()?;
        if bank.is_negative() {
            return Err(BadSettings::NegativeBank);
        }
        let shift = Shift::ready(settings.sections, bank.is_positive());
        let mut t = Table {
            settings,
            shoe,
            bank,
            coup: Coup::default(),
            totals: ShiftTotals::default(),
            bank_moves: BankMoves::default(),
            shift,
            reading: Reading::default(),
            entries: Entries::default(),
        };
        t.entries.opened = t.shift.coup_open.then(|| Box::new(t.clone()));
        Ok(t)
    }

    /// A table at the start of a live shift: the decks not yet shown, no coup, no bank.
    /// Then: `NewShoe`, `Shuffle`, `Cut` (and `Burn` in Punto y Banca), a banker
    /// (`TakeBank` / `Auction`), `NextCoup`, `AnnounceBank`, bets …
    pub fn start(settings: TableSettings) -> Result<Table, BadSettings> {
        settings.validate()?;
        let shoe = Shoe::decks(settings.decks);
        let shift = Shift::start(settings.sections);
        Ok(Table {
            settings,
            shoe,
            bank: Money::ZERO,
            coup: Coup::default(),
            totals: ShiftTotals::default(),
            bank_moves: BankMoves::default(),
            shift,
            reading: Reading::default(),
            entries: Entries::default(),
        })
    }

    /// Plays the table under an earlier reading of the rules (`Reading`): the journal
    /// passes the one a log was written under. The coup's opening, kept for taking
    /// back, is read the same way.
    pub fn set_reading(&mut self, reading: Reading) {
        self.reading = reading;
        if let Some(opened) = self.entries.opened.as_mut() {
            opened.reading = reading;
        }
    }

    /// The reading of the rules the table is played under.
    pub fn reading(&self) -> Reading {
        self.reading
    }

    pub fn shift(&self) -> &Shift {
        &self.shift
    }
    pub fn settings(&self) -> &TableSettings {
        &self.settings
    }
    pub fn game(&self) -> Game {
        self.settings.game
    }
    pub fn shoe(&self) -> &Shoe {
        &self.shoe
    }
    pub fn bank(&self) -> Money {
        self.bank
    }
    pub fn coup(&self) -> &Coup {
        &self.coup
    }
    pub fn totals(&self) -> &ShiftTotals {
        &self.totals
    }

    /// The money bankers brought into the bank and took out of it over the shift, as
    /// its events say (a bank taken, topped up, given up, winnings set aside).
    pub fn bank_moves(&self) -> &BankMoves {
        &self.bank_moves
    }
    pub fn settlement(&self) -> Option<&Settlement> {
        self.coup.settlement.as_deref()
    }

    /// The rules in force for the coup: the settings and the coup's bets.
    pub fn ctx(&self) -> Ctx<'_> {
        Ctx { settings: &self.settings, bets: &self.coup.bets, reading: self.reading }
    }

    /// The coup's bets on the cloth: those of players at the table. A player who leaves
    /// once the coup is settled (paid, or void, RULES-NOTES §11) takes his with him.
    pub fn on_the_cloth(&self) -> impl Iterator<Item = &Bet> {
        self.coup.bets.iter().filter(|b| self.shift.is_present(b.player))
    }

    /// What lies on a hand this coup: every bet's stake on it, a caballo and half-line
    /// bets split by the table's unit (R-BQ-6, R-BQ-7); none of a player who left.
    pub fn stake_on(&self, hand: HandId) -> Result<Money, MoneyError> {
        let unit = self.settings.unit;
        let mut sum = Money::ZERO;
        for bet in self.on_the_cloth() {
            for s in bet.stakes(unit)?.iter().flatten().filter(|s| s.hand == hand) {
                sum = sum.checked_add(s.amount)?;
            }
        }
        Ok(sum)
    }

    /// The bets' stake at risk against the bank this coup (a bet on the line risks
    /// half, R-BQ-6).
    pub fn stake_at_risk(&self) -> Result<Money, MoneyError> {
        let unit = self.settings.unit;
        self.on_the_cloth().try_fold(Money::ZERO, |sum, b| sum.checked_add(b.at_risk(unit)?))
    }

    /// Where the coup stands.
    pub fn status(&self) -> Status {
        if self.coup.settlement.is_some() {
            return Status::Settled;
        }
        self.ctx().status(&self.coup.play)
    }

    /// Whether the coup has begun (a bet, an offer, or the deal) and is not settled.
    pub fn coup_in_progress(&self) -> bool {
        let c = &self.coup;
        self.shift.coup_open
            && c.settlement.is_none()
            && (!c.bets.is_empty() || !c.offers.is_empty() || c.contest.is_some() || c.play.closed)
    }

    /// Players present at a paño (Banque), seated and standing (R-BQ-2).
    pub fn players_on(&self, tableau: u8) -> Option<u8> {
        self.shift.players_on(&self.settings, tableau, self.reading)
    }

    /// The section holding paño `tableau`'s cards (R-BQ-9, `Shift::pano_holder`).
    pub fn pano_holder(&self, tableau: u8) -> u8 {
        self.shift.pano_holder(&self.settings, tableau, self.reading)
    }

    /// Punto y Banca: the section dealing (R-PB-1, `Shift::dealer_seat`).
    pub fn dealer(&self) -> u8 {
        self.shift.dealer_seat(&self.settings, self.reading)
    }

    /// The next occupied section after `seat` (within a paño's sections when given).
    pub fn next_section(&self, seat: u8, within: Option<u8>) -> u8 {
        self.shift.next_section(&self.settings, seat, within)
    }

    /// The betting order (R-BQ-5).
    pub fn betting_order(&self) -> Vec<PlayerRef> {
        self.shift.betting_order(&self.settings)
    }

    /// Chemin de fer's order of priorities (R-CF-3).
    pub fn priority_order(&self) -> Vec<PlayerRef> {
        self.shift.priority_order(&self.settings)
    }

    /// The clause under which `player`'s banco takes the place of the bets already
    /// on the cloth: Banque's banco (R-BQ-8); in Chemin de fer banca seguida above all
    /// (R-CF-6), else the order of priorities (R-CF-3).
    pub fn banco_displaces_by(&self, player: PlayerRef) -> Clause {
        match self.settings.game {
            Game::ChemindeFer if self.shift.suivi == Some(player) => Clause::CF6,
            Game::ChemindeFer | Game::PuntoBanca => Clause::CF3,
            Game::Banque => Clause::BQ8,
        }
    }

    /// The section the cut is offered to now (Chemin de fer), `None` when all declined.
    pub fn cut_offered_to(&self) -> Option<u8> {
        self.shift.cut_offered_to(&self.settings)
    }

    /// Who holds a hand's cards now. Banque: the banco caller, or the paño's section
    /// (R-BQ-9). Chemin de fer: who has them in hand, or the rightful holder (R-CF-4,
    /// R-CF-5). Punto y Banca: the highest seated punto bet, or the croupier (`None`),
    /// and the dealer holds banca (R-PB-2).
    pub fn holder(&self, hand: HandId) -> Option<PlayerRef> {
        // A player who left holds nothing (logs of an earlier reading named him all the same).
        self.holder_named(hand).filter(|p| !self.reading.first_seat() || self.shift.is_present(*p))
    }

    fn holder_named(&self, hand: HandId) -> Option<PlayerRef> {
        let bets = &self.coup.bets;
        match (self.settings.game, hand) {
            (Game::Banque, HandId::Tableau(n)) => {
                let banco = bets.iter().find(|b| b.kind == BetKind::Banco && b.spot == Spot::Tableau(n));
                // Nobody at the paño's sections yet (the croupier seating the table): nobody
                // holds its cards (`holder` leaves out a section nobody holds).
                Some(banco.map_or(PlayerRef::seated(self.pano_holder(n)), |b| b.player))
            }
            (Game::ChemindeFer, HandId::Player) => match &self.coup.cards_with {
                Some(w) => Some(w.player),
                None => self.rightful_cf_holder(),
            },
            (Game::PuntoBanca, HandId::Punto) => {
                let seated = self.betting_order().into_iter().filter(|p| !p.standing);
                largest_stake(seated, bets, |b| b.spot == Spot::Punto)
            }
            (Game::PuntoBanca, HandId::Banca) => Some(PlayerRef::seated(self.dealer())),
            (_, HandId::Bank) => self.shift.banker(),
            _ => None,
        }
    }

    /// Chemin de fer: who should have the player's cards (R-CF-4, R-CF-5): the banco
    /// (or its completion, or banco con la mesa), the first of an association, else
    /// the highest bet, seated before standing, in the order of priorities.
    pub fn rightful_cf_holder(&self) -> Option<PlayerRef> {
        let bets = &self.coup.bets;
        let kind = |k: BetKind| bets.iter().find(|b| b.kind == k).map(|b| b.player);
        let first = kind(BetKind::Banco).or(kind(BetKind::LastComplete)).or(kind(BetKind::BancoWithTable));
        if let Some(p) = first.or(kind(BetKind::Associated)) {
            return Some(p);
        }
        self.highest_bettor(&[])
    }

    /// Chemin de fer: who takes the cards from a holder who loses them (R-BQ-E18): the
    /// next holder by R-CF-5, the highest remaining seated bet (equal bets by the order
    /// of priorities), else the highest standing one. "No podrá continuar teniendo las
    /// cartas": `except`, and every holder who lost them earlier in the coup, are left out.
    pub fn next_cf_holder(&self, except: PlayerRef) -> Option<PlayerRef> {
        let mut lost = vec![except];
        let earlier = self.coup.errors.iter().filter_map(|e| match e.kind {
            crate::engine::ErrorKind::TooLong { to } => Some(to),
            _ => None,
        });
        // The first holder, and each one the cards passed to before this one.
        lost.extend(self.rightful_cf_holder().into_iter().chain(earlier));
        self.highest_bettor(&lost)
    }

    /// R-CF-5: the highest bet, seated before standing, equal bets by the order of
    /// priorities; `except` left out.
    fn highest_bettor(&self, except: &[PlayerRef]) -> Option<PlayerRef> {
        let bets = &self.coup.bets;
        let order = self.priority_order();
        let others = || order.iter().copied().filter(move |p| !except.contains(p));
        largest_stake(others().filter(|p| !p.standing), bets, |_| true)
            .or_else(|| largest_stake(others().filter(|p| p.standing), bets, |_| true))
    }

    /// Applies one entry's events (live or from a log): what one operation made.
    /// The entries of the coup in play are kept until it is paid, so that
    /// `Event::TakenBack` can put the table back as if the last of them had never
    /// been made.
    pub fn apply(&mut self, events: &[Event]) {
        if let [Event::TakenBack { entries, .. }] = events {
            self.take_back(*entries);
            return;
        }
        if let [Event::Unsettled { .. }, ..] = events {
            self.unsettle();
        }
        for e in events {
            self.apply_event(e);
        }
        if events.iter().any(|e| matches!(e, Event::CoupOpened { .. })) {
            // A coup opens: the one before is paid (the croupier went on to the next
            // coup), and this one's entries start from here.
            self.entries = Entries::default();
            self.entries.opened = Some(Box::new(self.clone()));
        } else if self.entries.opened.is_some() && !events.is_empty() {
            self.entries.events.extend_from_slice(events);
            self.entries.ends.push(self.entries.events.len());
        }
    }

    /// Puts the table back as it was before the last `n` entries of the coup in play:
    /// the table as the coup opened, and the entries before them applied again.
    fn take_back(&mut self, n: u32) {
        let Some(opened) = self.entries.opened.take() else { return };
        let kept = self.entries.ends.len().saturating_sub(n as usize);
        let events = std::mem::take(&mut self.entries.events);
        let ends = std::mem::take(&mut self.entries.ends);
        let corrections = self.totals.corrections.saturating_add(1);
        *self = (*opened).clone();
        self.entries.opened = Some(opened);
        let mut from = 0;
        for &end in &ends[..kept] {
            self.apply(&events[from..end]);
            from = end;
        }
        self.totals.corrections = corrections;
    }

    /// The settlement of the coup in play withdrawn before it was paid
    /// (`Event::Unsettled`): the table as the coup opened, and the coup's entries applied
    /// again, each without its settlement and what followed it (the cards passing, the
    /// shoe ended, the bank offered). The shift's count of taken-back entries stays.
    pub(crate) fn unsettle(&mut self) {
        let Some(opened) = self.entries.opened.take() else { return };
        let events = std::mem::take(&mut self.entries.events);
        let ends = std::mem::take(&mut self.entries.ends);
        let corrections = self.totals.corrections;
        *self = (*opened).clone();
        self.entries.opened = Some(opened);
        let mut from = 0;
        for &end in &ends {
            let entry = &events[from..end];
            let settled = entry.iter().position(|e| matches!(e, Event::Settled(_))).unwrap_or(entry.len());
            self.apply(&entry[..settled]);
            from = end;
        }
        self.totals.corrections = corrections;
        // The entries as they were made: taking back the withdrawal settles the coup again.
        self.entries.events = events;
        self.entries.ends = ends;
    }

    /// Applies one event.
    fn apply_event(&mut self, e: &Event) {
        self.bank_moves.record(self.bank, e);
        // The bank as the engine reads its events (`BankHeld`, which a log's reader
        // follows too); who holds it is kept richer here (offered, announced…).
        let held = BankHeld { banker: self.shift.banker(), bank: self.bank }.after(e);
        // While players come to the table by acting, an act brings its player to it
        // (`Seating::ByActing`; the one presence check refused anyone who left).
        if let Some(p) = e.actor().filter(|p| !self.shift.left.contains(p)) {
            self.shift.roster.insert(p);
        }
        let before = self.coup.play;
        evolve_play(self.settings.game, &mut self.coup.play, e);
        debug_assert!(touches_play(e) || self.coup.play == before, "{e:?} moved the play: `touches_play` must say so");
        if !self.apply_to_coup(e, &before) {
            self.apply_to_shift(e);
        }
        self.bank = held.bank;
        debug_assert_eq!(self.shift.banker(), held.banker, "{e:?}: the banker is not `BankHeld`'s");
    }

    /// The coup's side of an event beyond its play; false for an event of the shift.
    fn apply_to_coup(&mut self, e: &Event, before: &coup::Play) -> bool {
        match e {
            Event::BetPlaced(bet) => self.coup.bets.push(*bet),
            Event::BetsClosed => {
                let n = (self.ctx().deal_order().len() as u32).saturating_sub(u32::from(before.early));
                self.shoe.draw_hidden(n);
                self.shift.pin_roles(&self.settings, self.reading);
            }
            Event::EarlyCardsOut { count } => self.shoe.draw_hidden(u32::from(*count)),
            Event::LostUnseen { .. } => self.shoe.draw_hidden(1),
            Event::DeadCardOut { card } | Event::CardFloats { card } => self.shoe.draw_known(*card),
            Event::CardOut { slot, card, .. } if *slot < 2 => self.shoe.reveal(*card),
            Event::CardOut { card, .. } => self.shoe.draw_known(*card),
            Event::Shown { hand, cards } => {
                for c in newly_shown(&before.hands[*hand].cards.first, cards) {
                    self.shoe.reveal(c);
                }
            }
            Event::Error(r) => {
                self.totals.errors += 1;
                self.coup.errors.push(r.clone());
            }
            Event::Infraction(i) => {
                self.coup.infractions.push(i.clone());
                self.totals.infractions += 1;
            }
            Event::Amended { .. } => self.totals.amendments += 1,
            Event::Settled(s) => self.apply_settlement(s),
            // The rest of the play's events change the play only. (Cards gone to the
            // discard unseen stay out of the sabot, never identified, like burned
            // cards: the shoe's counts need no change.)
            e if touches_play(e) => {}
            _ => return false,
        }
        true
    }

    fn apply_settlement(&mut self, s: &std::sync::Arc<Settlement>) {
        if let Bank::Held(h) = &mut self.shift.bank {
            h.won_last = s.winners.first().is_some_and(|(_, w)| *w == Winner::Bank);
        }
        if s.void.is_some() {
            self.shift.void_bets = self.coup.bets.clone();
            self.totals.void += 1;
        }
        self.totals.coups += 1;
        // The settlement was made only if these sums fit (`decide` refuses it otherwise).
        self.totals.cagnotte = self.totals.cagnotte.saturating_add(s.cagnotte);
        self.totals.commission = self.totals.commission.saturating_add(s.commission);
        self.coup.settlement = Some(s.clone());
    }

    /// The shift's side of an event.
    fn apply_to_shift(&mut self, e: &Event) {
        if self.apply_to_sabot(e) || self.apply_to_bank(e) {
            return;
        }
        let presence = self.reading.presence();
        let sh = &mut self.shift;
        match e {
            Event::CoupOpened { number } => {
                sh.coup_number = *number;
                sh.coup_open = true;
                sh.bank.unannounce();
                sh.void_bets.clear();
                // A fresh coup, keeping the vectors' room.
                let mut bets = std::mem::take(&mut self.coup.bets);
                let mut infractions = std::mem::take(&mut self.coup.infractions);
                bets.clear();
                infractions.clear();
                self.coup = Coup { bets, infractions, ..Default::default() };
            }
            Event::Joined { player, number } => {
                // From the croupier's first `Join` he keeps the seating: those who
                // acted before stay at the table with those he seats.
                sh.seating = Seating::Kept;
                sh.roster.insert(*player);
                sh.left.remove(player);
                // The number is the player's who sits now; one seated without it has none.
                match number {
                    Some(n) => sh.numbers.insert(*player, n.clone()),
                    None => sh.numbers.remove(player),
                };
            }
            Event::Left { player } => {
                sh.roster.remove(player);
                sh.numbers.remove(player);
                sh.left.insert(*player);
                // He takes with him the bets a void coup left on the cloth (002 §12,
                // R-PB-4, R-BQ-E3) and his right of banca seguida (R-CF-6): nothing of
                // his stays with an empty seat (not so in logs of an earlier reading).
                if presence {
                    sh.void_bets.retain(|b| b.player != *player);
                    if sh.suivi == Some(*player) {
                        sh.suivi = None;
                    }
                    if sh.suivi_abandoned == Some(*player) {
                        sh.suivi_abandoned = None;
                    }
                }
            }
            Event::SuiviCalled { .. } => {
                // The right is used: it does not lapse, it is spent (another player's
                // abandoned right stays, to be recovered on a tie).
                sh.suivi = None;
            }
            Event::SuiviRight { player } => {
                if sh.suivi.is_some() && *player != sh.suivi {
                    sh.suivi_abandoned = sh.suivi;
                }
                if player.is_some() && *player == sh.suivi_abandoned {
                    sh.suivi_abandoned = None;
                }
                sh.suivi = *player;
            }
            Event::HolderPassed { tableau, to } => sh.holders[usize::from(tableau.clamp(&1, &2) - 1)] = *to,
            Event::SabotPassed { to } => sh.dealer = *to,
            _ => self.apply_to_bets(e),
        }
    }

    /// The sabot's life; false for any other event.
    fn apply_to_sabot(&mut self, e: &Event) -> bool {
        let sh = &mut self.shift;
        match e {
            Event::ShoeOpened { decks } => {
                self.shoe = Shoe::decks(*decks);
                sh.sabot = Sabot::Preparing { shuffled: false, croupier_last: false, cut_declined: Vec::new() };
                sh.shoe_number += 1;
            }
            Event::Shuffled { by } => {
                if let Sabot::Preparing { shuffled, croupier_last, .. } = &mut sh.sabot {
                    *shuffled = true;
                    *croupier_last = by.is_none();
                }
            }
            Event::CutDeclined { by } => {
                if let Sabot::Preparing { cut_declined, .. } = &mut sh.sabot {
                    cut_declined.push(by.seat);
                }
            }
            Event::CutPlaced { below, .. } => sh.sabot = Sabot::Cut { below: Some(*below), burned: false },
            Event::Burned { card, count } => {
                self.shoe.draw_known(*card);
                self.shoe.draw_hidden(u32::from(*count));
                if let Sabot::Cut { burned, .. } | Sabot::LastCoup { burned, .. } = &mut sh.sabot {
                    *burned = true;
                }
            }
            Event::CutCardOut => {
                sh.sabot = match sh.sabot {
                    Sabot::Cut { below, burned } | Sabot::LastCoup { below, burned } => {
                        Sabot::LastCoup { below, burned }
                    }
                    Sabot::Ended { checked } => Sabot::Ended { checked },
                    Sabot::Closed | Sabot::Preparing { .. } => Sabot::LastCoup { below: None, burned: false },
                }
            }
            Event::ShoeEnded => {
                sh.sabot = Sabot::Ended { checked: false };
                if let Bank::Held(h) = &mut sh.bank
                    && self.settings.game == Game::ChemindeFer
                    && h.won_last
                {
                    h.keep_at = Some(self.bank);
                }
            }
            Event::CardsChecked { .. } => sh.sabot = Sabot::Ended { checked: true },
            _ => return false,
        }
        true
    }

    /// Who holds the bank and what it holds; false for any other event.
    fn apply_to_bank(&mut self, e: &Event) -> bool {
        let sh = &mut self.shift;
        match e {
            Event::BankAnnounced { .. } => {
                match &mut sh.bank {
                    Bank::Held(h) => {
                        h.announced = true;
                        h.keep_at = None;
                    }
                    // A bank announced with no banker named (R-BQ-17, R-CF-2).
                    other => *other = Bank::Unnamed { announced: true },
                }
            }
            Event::BankTaken { player, .. } => sh.bank = Bank::taken_by(*player),
            Event::BankLeft { returned, .. } => {
                // Banque: offered at what the banker took back (R-BQ-3); Chemin de fer:
                // offered round the table next (`BankOffered`, R-CF-10).
                sh.bank = if self.settings.game == Game::Banque { Bank::OfferedAt(*returned) } else { Bank::Vacant };
            }
            Event::BankOffered { to } => sh.bank = Bank::OfferedTo(*to),
            // A record for the shift's accounts: the `BankAnnounced` after it sets the bank.
            Event::BroughtIn { .. } => {}
            Event::SetAside { amount } => {
                // `decide` takes no more than the bank holds, and checks the sum.
                sh.set_aside = sh.set_aside.saturating_add(*amount);
            }
            _ => return false,
        }
        true
    }

    /// Bets offered, accepted, withdrawn, carried; the lot; who has the cards.
    fn apply_to_bets(&mut self, e: &Event) {
        let c = &mut self.coup;
        match e {
            Event::BancoContested(bet) => c.contest = Some(*bet),
            Event::LotDrawn { winner } => {
                if let Some(contest) = c.contest.take().filter(|x| x.player == *winner) {
                    c.bets.retain(|b| b.kind != BetKind::Banco);
                    c.bets.push(contest);
                }
            }
            Event::BetOffered(bet) => c.offers.push(*bet),
            Event::BetAccepted { player } => {
                if let Some(i) = c.offers.iter().position(|b| b.player == *player) {
                    let bet = c.offers.remove(i);
                    c.bets.push(bet);
                }
            }
            Event::BetDeclined { player } => c.offers.retain(|b| b.player != *player),
            Event::BetWithdrawn { player, spot } => {
                if let Some(i) = c.bets.iter().rposition(|b| b.player == *player && b.spot == *spot) {
                    c.bets.remove(i);
                }
            }
            Event::BetsCarried(bets) => c.bets.extend(bets.iter().copied()),
            Event::CardsHeld { player, handed } => {
                // Cards taken by one player and now handed to another were given back.
                let given_back_by = c
                    .cards_with
                    .filter(|w| *handed && !w.handed && w.player != *player)
                    .map(|w| w.player)
                    .or(c.cards_with.and_then(|w| w.given_back_by));
                c.cards_with = Some(coup::CardsWith { player: *player, handed: *handed, seen: false, given_back_by });
            }
            Event::CardsLookedAt { player } => {
                // Only the holder's looking makes his cards seen; the player who gave
                // them back is recorded as having seen them, nothing more (R-CF-6).
                if let Some(w) = c.cards_with.as_mut().filter(|w| w.player == *player) {
                    w.seen = true;
                }
            }
            _ => {}
        }
    }
}

/// Of `players`, in their order, the one whose bets matching `on` add up to the most
/// (the first of equals); `None` when nobody has such a bet.
fn largest_stake(
    players: impl Iterator<Item = PlayerRef>,
    bets: &[Bet],
    on: impl Fn(&Bet) -> bool,
) -> Option<PlayerRef> {
    let mut best: Option<(Money, PlayerRef)> = None;
    for p in players {
        let stake = Money::sum(bets.iter().filter(|b| b.player == p && on(b)).map(|b| b.amount));
        // Each bet is bounded and a coup takes at most `MAX_BETS_PER_COUP`: the sum fits.
        let Ok(stake) = stake else { continue };
        if stake.is_positive() && best.is_none_or(|(m, _)| stake > m) {
            best = Some((stake, p));
        }
    }
    best.map(|(_, p)| p)
}
