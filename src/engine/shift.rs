//! The shift: the shoe's life, coups one after another, who holds the bank and the
//! cards, and the priorities among players (R-C-4…6, R-BQ-2…9, R-BQ-17, R-CF-1…10,
//! R-PB-1…5).
//!
//! As with the coup, the shift keeps facts; `Table::handle` checks a shift operation
//! here, turns it into events, and derives what follows from a settlement (the cards
//! passing to the next section, the bank passing, banca seguida, the sabot passing,
//! the end of the shoe) as explicit events, so a replay applies events and nothing else.

use super::bet::{Bet, BetKind};
use super::clause::Clause;
use super::event::{BankWay, Bid, Event, Op, Settlement, Share, Winner};
use super::hand::{HandId, PlayerRef, Spot};
use super::money::Money;
use super::refusal::{Reason, Refusal};
use super::settings::{BankLimit, Game};
use super::shoe::Shoe;
use super::table::Table;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The shoe's life.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sabot {
    /// The decks were shown complete for this shoe (R-C-5).
    pub opened: bool,
    /// Shuffled at least once, and the last shuffle was the croupier's (R-C-5).
    pub shuffled: bool,
    pub croupier_shuffled_last: bool,
    /// Chemin de fer: players who declined the cut, in order (R-C-5).
    pub cut_declined: Vec<u8>,
    /// Cards below the cut card, when the cut was entered (R-C-4).
    pub cut_below: Option<u32>,
    pub cut: bool,
    /// Punto y Banca: the first card turned and its count burned (R-PB-5).
    pub burned: bool,
    /// The cut card came out (R-C-4): the coup in progress is the last.
    pub cut_out: bool,
    /// The shoe is over.
    pub ended: bool,
    /// The cards were checked at the end (R-C-6).
    pub checked: bool,
}

impl Sabot {
    /// Ready for coups: shown, shuffled, cut (and burned in Punto y Banca).
    pub fn ready(&self, game: Game) -> bool {
        self.cut && (game != Game::PuntoBanca || self.burned) && !self.ended
    }

    /// A sabot ready to deal (a table made from a script starts so).
    pub fn prepared() -> Sabot {
        Sabot {
            opened: true,
            shuffled: true,
            croupier_shuffled_last: true,
            cut: true,
            burned: true,
            ..Sabot::default()
        }
    }
}

/// Who has the Chemin de fer player's cards in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardsWith {
    pub player: PlayerRef,
    /// Handed by the croupier (true) or taken by the player (false).
    pub handed: bool,
    /// Lifted from the cloth (R-CF-6: a card is seen once lifted).
    pub seen: bool,
}

/// The shift's state beyond the coup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shift {
    /// The current coup's number (1 for the first); 0 before any.
    pub coup_number: u32,
    /// A coup is open (from "next coup" until the following one).
    pub coup_open: bool,
    /// The bank announced its amount this coup (R-BQ-17, R-CF-2).
    pub bank_announced: bool,
    pub shoe_number: u32,
    pub sabot: Sabot,
    /// Players present, once the shift tracks them (R-BQ-2); `None` when it does not.
    pub roster: Option<BTreeSet<PlayerRef>>,
    /// Who holds the bank (`None` with a bank: a banker not named, as in a script).
    pub banker: Option<PlayerRef>,
    /// Banque: after a banker left, the bank is offered at this amount (R-BQ-3).
    pub offered_at: Option<Money>,
    /// Chemin de fer: the section the passing bank is offered to (R-CF-10).
    pub bank_offer_to: Option<u8>,
    /// Chemin de fer: the banker won the last coup of the shoe and may keep the bank
    /// by offering at least this (R-CF-10).
    pub keep_bank_at: Option<Money>,
    pub last_bank_won: bool,
    /// Banque: the sections holding each paño's cards (R-BQ-9).
    pub holders: [u8; 2],
    /// Punto y Banca: the section dealing (R-PB-1).
    pub dealer: u8,
    /// Chemin de fer: the right of banca seguida, and one abandoned (R-CF-6).
    pub suivi: Option<PlayerRef>,
    pub suivi_abandoned: Option<PlayerRef>,
    /// Chemin de fer: winnings set aside by the banker (R-CF-9).
    pub set_aside: Money,
    /// The bets of the last coup, when it was void (Punto y Banca tie, R-PB-4).
    pub void_bets: Vec<Bet>,
}

impl Shift {
    /// A shift whose first coup is open and whose sabot is ready (a table from a script).
    pub fn ready(sections: u8, bank_announced: bool) -> Shift {
        Shift {
            coup_number: 1,
            coup_open: true,
            bank_announced,
            shoe_number: 1,
            sabot: Sabot::prepared(),
            ..Shift::start(sections)
        }
    }

    /// A shift at its start: no shoe ready, no coup, no bank.
    pub fn start(sections: u8) -> Shift {
        Shift {
            coup_number: 0,
            coup_open: false,
            bank_announced: false,
            shoe_number: 0,
            sabot: Sabot::default(),
            roster: None,
            banker: None,
            offered_at: None,
            bank_offer_to: None,
            keep_bank_at: None,
            last_bank_won: false,
            holders: [1, sections / 2 + 1],
            dealer: 1,
            suivi: None,
            suivi_abandoned: None,
            set_aside: Money::ZERO,
            void_bets: Vec::new(),
        }
    }
}

fn refuse<T>(clause: Clause, reason: Reason) -> Result<T, Refusal> {
    Err(Refusal::new(clause, reason))
}

impl Table {
    /// Whether the coup has begun (a bet, an offer, or the deal) and is not settled.
    pub fn coup_in_progress(&self) -> bool {
        let c = &self.coup;
        self.shift.coup_open
            && c.settlement.is_none()
            && (!c.bets.is_empty() || !c.offers.is_empty() || c.contest.is_some() || c.play.closed)
    }

    fn game_clause(&self, bq: Clause, cf: Clause, pb: Clause) -> Clause {
        match self.settings.game {
            Game::Banque => bq,
            Game::ChemindeFer => cf,
            Game::PuntoBanca => pb,
        }
    }

    /// The clause for "finish the coup first" / "open the next coup" in this game.
    fn next_coup_clause(&self) -> Clause {
        self.game_clause(Clause::BQ17, Clause::CF2, Clause::PB3)
    }

    fn between_coups(&self) -> Result<(), Refusal> {
        if self.coup_in_progress() {
            return refuse(self.next_coup_clause(), Reason::CoupInProgress);
        }
        Ok(())
    }

    /// Players present at a paño (Banque), seated and standing (R-BQ-2).
    pub fn players_on(&self, tableau: u8) -> Option<u8> {
        let roster = self.shift.roster.as_ref()?;
        let n = roster.iter().filter(|p| self.settings.tableau_of_section(p.seat) == Some(tableau)).count();
        Some(n.min(255) as u8)
    }

    /// R-BQ-2: two players at least on each paño, when the shift tracks who is there.
    pub(crate) fn check_players(&self) -> Result<(), Refusal> {
        if self.settings.game != Game::Banque {
            return Ok(());
        }
        let min = self.settings.house.min_players_per_tableau;
        for tableau in [1, 2] {
            if let Some(present) = self.players_on(tableau).filter(|p| *p < min) {
                return refuse(Clause::BQ2, Reason::TooFewPlayers { tableau, present, min });
            }
        }
        Ok(())
    }

    /// A bet needs the player at the table, when the shift tracks who is there.
    pub(crate) fn check_present(&self, player: PlayerRef, clause: Clause) -> Result<(), Refusal> {
        match &self.shift.roster {
            Some(r) if !r.contains(&player) => refuse(clause, Reason::NotAtTable { seat: player.seat }),
            _ => Ok(()),
        }
    }

    /// The next occupied section after `seat`, going round (by number when the shift
    /// does not track who is there).
    pub fn next_section(&self, seat: u8, within: Option<u8>) -> u8 {
        let n = self.settings.sections;
        let (lo, hi) = match within {
            Some(1) => (1, self.settings.sections_per_tableau()),
            Some(_) => (self.settings.sections_per_tableau() + 1, n),
            None => (1, n),
        };
        let occupied = |s: u8| self.shift.roster.as_ref().is_none_or(|r| r.contains(&PlayerRef::seated(s)));
        let mut s = seat;
        for _ in 0..n {
            s = if s >= hi || s < lo { lo } else { s + 1 };
            if occupied(s) {
                return s;
            }
        }
        seat
    }

    /// The betting order (R-BQ-5): paño 1's seated players by section number, then its
    /// standing players; then paño 2 the same way. Other games: by section.
    /// How `player` takes the bank with `amount` now (R-BQ-3, R-CF-10): offered to
    /// him when it is passing round, by auction when a banker left it at an amount,
    /// bought otherwise.
    pub fn take_bank_op(&self, player: PlayerRef, amount: Money) -> Op {
        match (self.shift.bank_offer_to, self.shift.offered_at) {
            (Some(_), _) => Op::TakeBank { player, amount, how: BankWay::Offered },
            (None, Some(_)) => Op::Auction { bids: vec![Bid { player, amount }], lot: None },
            (None, None) => Op::TakeBank { player, amount, how: BankWay::Bought },
        }
    }

    pub fn betting_order(&self) -> Vec<PlayerRef> {
        let sections = self.settings.sections;
        let everyone: Vec<PlayerRef> = match &self.shift.roster {
            Some(r) => r.iter().copied().collect(),
            None => (1..=sections).map(PlayerRef::seated).collect(),
        };
        // The banker plays the bank; he is not asked for a bet.
        let everyone: Vec<PlayerRef> = everyone.into_iter().filter(|p| Some(*p) != self.shift.banker).collect();
        let group = |t: Option<u8>| {
            let mut seated: Vec<PlayerRef> = everyone
                .iter()
                .filter(|p| !p.standing && (t.is_none() || self.settings.tableau_of_section(p.seat) == t))
                .copied()
                .collect();
            let mut standing: Vec<PlayerRef> = everyone
                .iter()
                .filter(|p| p.standing && (t.is_none() || self.settings.tableau_of_section(p.seat) == t))
                .copied()
                .collect();
            seated.sort();
            standing.sort();
            seated.extend(standing);
            seated
        };
        if self.settings.game == Game::Banque {
            let mut v = group(Some(1));
            v.extend(group(Some(2)));
            v
        } else {
            group(None)
        }
    }

    /// Who holds a hand's cards now. Banque: the banco caller, or the paño's section
    /// (R-BQ-9). Chemin de fer: who has them in hand, or the rightful holder (R-CF-4,
    /// R-CF-5). Punto y Banca: the highest seated punto bet, or the croupier (`None`),
    /// and the dealer holds banca (R-PB-2).
    pub fn holder(&self, hand: HandId) -> Option<PlayerRef> {
        let bets = &self.coup.bets;
        match (self.settings.game, hand) {
            (Game::Banque, HandId::Tableau(n)) => {
                let banco = bets.iter().find(|b| b.kind == BetKind::Banco && b.spot == Spot::Tableau(n));
                Some(banco.map_or(PlayerRef::seated(self.shift.holders[usize::from(n.clamp(1, 2) - 1)]), |b| b.player))
            }
            (Game::ChemindeFer, HandId::Player) => {
                if let Some(w) = &self.coup.cards_with {
                    return Some(w.player);
                }
                self.rightful_cf_holder()
            }
            (Game::PuntoBanca, HandId::Punto) => {
                let mut best: Option<(Money, PlayerRef)> = None;
                for p in self.betting_order().into_iter().filter(|p| !p.standing) {
                    let total =
                        Money::sum(bets.iter().filter(|b| b.player == p && b.spot == Spot::Punto).map(|b| b.amount))
                            .unwrap_or(Money::ZERO);
                    if total.is_positive() && best.is_none_or(|(m, _)| total > m) {
                        best = Some((total, p));
                    }
                }
                best.map(|(_, p)| p)
            }
            (Game::PuntoBanca, HandId::Banca) => Some(PlayerRef::seated(self.shift.dealer)),
            (_, HandId::Bank) => self.shift.banker,
            _ => None,
        }
    }

    /// Chemin de fer: who should have the player's cards (R-CF-4, R-CF-5).
    pub fn rightful_cf_holder(&self) -> Option<PlayerRef> {
        let bets = &self.coup.bets;
        let kind = |k: BetKind| bets.iter().find(|b| b.kind == k).map(|b| b.player);
        if let Some(p) = kind(BetKind::Banco).or(kind(BetKind::LastComplete)).or(kind(BetKind::BancoWithTable)) {
            return Some(p);
        }
        if let Some(first) = bets.iter().find(|b| b.kind == BetKind::Associated) {
            return Some(first.player);
        }
        let order = self.priority_order();
        let total_of =
            |p: PlayerRef| Money::sum(bets.iter().filter(|b| b.player == p).map(|b| b.amount)).unwrap_or(Money::ZERO);
        let mut best: Option<(Money, PlayerRef)> = None;
        for standing in [false, true] {
            for p in order.iter().filter(|p| p.standing == standing) {
                let t = total_of(*p);
                if t.is_positive() && best.is_none_or(|(m, _)| t > m) {
                    best = Some((t, *p));
                }
            }
            if best.is_some() {
                break;
            }
        }
        best.map(|(_, p)| p)
    }

    /// Chemin de fer's order of priorities (R-CF-3, house rule): the holder of banca
    /// seguida, then seated players from the banker's right (the next sections by
    /// number, going round), then standing players in the same order.
    pub fn priority_order(&self) -> Vec<PlayerRef> {
        let n = self.settings.sections;
        let start = self.shift.banker.map_or(0, |b| b.seat);
        let seats: Vec<u8> = (1..=n).map(|i| ((start as u16 + i as u16 - 1) % n as u16 + 1) as u8).collect();
        let mut out = Vec::new();
        if let Some(s) = self.shift.suivi {
            out.push(s);
        }
        for standing in [false, true] {
            for seat in &seats {
                let p = PlayerRef { seat: *seat, standing };
                if !out.contains(&p) && Some(p) != self.shift.banker {
                    out.push(p);
                }
            }
        }
        out
    }

    fn priority_rank(&self, p: PlayerRef) -> usize {
        self.priority_order().iter().position(|q| *q == p).unwrap_or(usize::MAX)
    }

    /// The order the cut is offered in Chemin de fer: from the croupier's left onwards
    /// (house layout: sections are numbered from the croupier's right, so his left is
    /// the highest section), seated players only when the shift tracks who is there.
    pub fn cut_offer_order(&self) -> Vec<u8> {
        let n = self.settings.sections;
        (1..=n)
            .rev()
            .filter(|s| self.shift.roster.as_ref().is_none_or(|r| r.contains(&PlayerRef::seated(*s))))
            .collect()
    }

    /// The section the cut is offered to now (Chemin de fer), `None` when all declined.
    pub fn cut_offered_to(&self) -> Option<u8> {
        self.cut_offer_order().into_iter().find(|s| !self.shift.sabot.cut_declined.contains(s))
    }

    /// Checks a shift operation; returns its events.
    pub(crate) fn decide_shift(&self, op: &Op) -> Result<Vec<Event>, Refusal> {
        let game = self.settings.game;
        let sabot = &self.shift.sabot;
        match op {
            Op::NewShoe => {
                self.between_coups()?;
                Ok(vec![Event::ShoeOpened { decks: self.settings.decks }])
            }
            Op::Shuffle { by } => {
                if !sabot.opened || sabot.ended {
                    return refuse(Clause::C5, Reason::ShoeNotReady);
                }
                if sabot.cut {
                    return refuse(Clause::C5, Reason::AlreadyCut);
                }
                if let Some(p) = by {
                    if game != Game::ChemindeFer {
                        return refuse(Clause::C5, Reason::OnlyTheCroupierShuffles);
                    }
                    self.check_seat_exists(*p, Clause::C5)?;
                }
                Ok(vec![Event::Shuffled { by: *by }])
            }
            Op::DeclineCut { by } => {
                if game != Game::ChemindeFer {
                    return refuse(Clause::C5, Reason::NotInThisGame);
                }
                self.check_ready_to_cut()?;
                match self.cut_offered_to() {
                    Some(seat) if seat == by.seat && !by.standing => Ok(vec![Event::CutDeclined { by: *by }]),
                    Some(seat) => refuse(Clause::C5, Reason::CutOfferedTo { seat }),
                    None => refuse(Clause::C5, Reason::CutOfferedTo { seat: 0 }),
                }
            }
            Op::Cut { by, below } => {
                self.check_ready_to_cut()?;
                if game == Game::ChemindeFer {
                    match (self.cut_offered_to(), by) {
                        (Some(seat), Some(p)) if p.seat == seat && !p.standing => {}
                        (None, None) => {}
                        (Some(seat), _) => return refuse(Clause::C5, Reason::CutOfferedTo { seat }),
                        (None, Some(_)) => return refuse(Clause::C5, Reason::CutOfferedTo { seat: 0 }),
                    }
                } else if let Some(p) = by {
                    self.check_seat_exists(*p, Clause::C5)?;
                }
                let min = self.settings.cut_min();
                if *below < u32::from(min) {
                    let r = Refusal::new(Clause::C4, Reason::CutTooShort { below: *below, min });
                    return Err(if game == Game::ChemindeFer { r.also(Clause::CF1) } else { r });
                }
                let left = self.shoe.in_sabot();
                if *below + 6 > left {
                    return refuse(Clause::C4, Reason::CutTooDeep { below: *below, left });
                }
                Ok(vec![Event::CutPlaced { by: *by, below: *below }])
            }
            Op::Burn { card } => {
                if game != Game::PuntoBanca {
                    return refuse(Clause::PB5, Reason::NoBurnInThisGame);
                }
                if !sabot.cut || sabot.ended {
                    return refuse(Clause::PB5, Reason::ShoeNotReady);
                }
                if sabot.burned {
                    return refuse(Clause::PB5, Reason::AlreadyCut);
                }
                self.shoe
                    .check_draw(*card)
                    .map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card: *card }))?;
                let count = card.rank.burn_count();
                if self.shoe.in_sabot() < 1 + u32::from(count) + 4 {
                    return refuse(Clause::C3, Reason::SabotEmpty);
                }
                Ok(vec![Event::Burned { card: *card, count }])
            }
            Op::CutCardOut => {
                if !sabot.opened || sabot.cut_out || sabot.ended {
                    return refuse(Clause::C4, Reason::ShoeNotReady);
                }
                if self.coup_in_progress() {
                    Ok(vec![Event::CutCardOut])
                } else {
                    Ok(vec![Event::CutCardOut, Event::ShoeEnded])
                }
            }
            Op::CheckCards => {
                if !sabot.ended {
                    return refuse(Clause::C6, Reason::ShoeNotOver);
                }
                let size = self.shoe.size();
                let unseen = self.shoe.unseen();
                let complete = size == u32::from(self.settings.decks) * 52;
                Ok(vec![Event::CardsChecked { seen: size - unseen, unseen, complete }])
            }
            Op::NextCoup => self.decide_next_coup(),
            Op::Banco { player, .. } if game == Game::ChemindeFer => self.decide_cf_banco(*player),
            Op::AnnounceBank { amount } => self.decide_announce(*amount),
            Op::Join { player } => {
                self.check_seat_exists(*player, self.game_clause(Clause::BQ1, Clause::CF5, Clause::PB2))?;
                if self.shift.roster.as_ref().is_some_and(|r| r.contains(player)) {
                    return refuse(Clause::BQ1, Reason::SeatTaken { seat: player.seat });
                }
                Ok(vec![Event::Joined { player: *player }])
            }
            Op::Leave { player } => {
                if !self.shift.roster.as_ref().is_some_and(|r| r.contains(player)) {
                    return refuse(Clause::BQ2, Reason::NotAtTable { seat: player.seat });
                }
                if self.coup_in_progress() && self.coup.bets.iter().any(|b| b.player == *player) {
                    return refuse(Clause::BQ2, Reason::HasBets { seat: player.seat });
                }
                Ok(vec![Event::Left { player: *player }])
            }
            Op::TakeBank { player, amount, how } => self.decide_take_bank(*player, *amount, *how),
            Op::Auction { bids, lot } => self.decide_auction(bids, *lot),
            Op::LeaveBank => {
                if !game.has_bank() {
                    return refuse(Clause::PB4, Reason::NotInThisGame);
                }
                self.between_coups()?;
                if self.shift.banker.is_none() && !self.bank.is_positive() {
                    return refuse(self.game_clause(Clause::BQ3, Clause::CF10, Clause::PB4), Reason::NoBanker);
                }
                let mut out = vec![Event::BankLeft { player: self.shift.banker, returned: self.bank }];
                if game == Game::ChemindeFer {
                    let from = self.shift.banker.map_or(0, |b| b.seat);
                    out.push(Event::BankOffered { to: self.next_section(from, None) });
                }
                Ok(out)
            }
            Op::DeclineBank { player } => {
                if game != Game::ChemindeFer {
                    return refuse(Clause::CF10, Reason::NotInThisGame);
                }
                match self.shift.bank_offer_to {
                    Some(seat) if seat == player.seat => {
                        Ok(vec![Event::BankOffered { to: self.next_section(seat, None) }])
                    }
                    Some(seat) => refuse(Clause::CF10, Reason::BankOfferedTo { seat }),
                    None => refuse(Clause::CF10, Reason::BankHeld),
                }
            }
            Op::DrawLot { winner } => {
                let Some(contest) = &self.coup.contest else {
                    return refuse(Clause::BQ8, Reason::NotInTheDraw { seat: winner.seat });
                };
                let first = self.coup.bets.iter().find(|b| b.kind == BetKind::Banco).map(|b| b.player);
                if *winner != contest.player && Some(*winner) != first {
                    return refuse(Clause::BQ8, Reason::NotInTheDraw { seat: winner.seat });
                }
                Ok(vec![Event::LotDrawn { winner: *winner }])
            }
            Op::OfferBet { player, spot, amount } => {
                if game != Game::Banque || self.settings.bank_limit != BankLimit::Free {
                    return refuse(Clause::BQ4, Reason::NotAFreeBank);
                }
                let bet = Bet { player: *player, spot: *spot, amount: *amount, kind: BetKind::Plain };
                self.check_bet(&bet)?;
                if self.coup.offers.iter().any(|b| b.player == *player) {
                    return refuse(Clause::BQ4, Reason::OffersPending);
                }
                Ok(vec![Event::BetOffered(bet)])
            }
            Op::AcceptBet { player } | Op::DeclineBet { player } => {
                if !self.coup.offers.iter().any(|b| b.player == *player) {
                    return refuse(Clause::BQ4, Reason::NoSuchBet { seat: player.seat });
                }
                if let Op::AcceptBet { .. } = op {
                    if let Some(offer) = self.coup.offers.iter().find(|b| b.player == *player) {
                        self.check_bet(offer)?;
                    }
                    Ok(vec![Event::BetAccepted { player: *player }])
                } else {
                    Ok(vec![Event::BetDeclined { player: *player }])
                }
            }
            Op::WithdrawBet { player, spot } => {
                self.check_betting_open()?;
                if self.coup.play.frozen {
                    return refuse(Clause::BQE2, Reason::Frozen);
                }
                if !self.coup.bets.iter().any(|b| b.player == *player && b.spot == *spot) {
                    return refuse(Clause::C7, Reason::NoSuchBet { seat: player.seat });
                }
                Ok(vec![Event::BetWithdrawn { player: *player, spot: *spot }])
            }
            Op::SetAside { amount } => {
                if game != Game::ChemindeFer {
                    return refuse(Clause::CF9, Reason::NotInThisGame);
                }
                self.between_coups()?;
                if self.shift.bank_announced && self.shift.coup_open && self.coup.settlement.is_none() {
                    return refuse(Clause::CF9, Reason::CoupInProgress);
                }
                if !amount.is_positive() {
                    return refuse(Clause::C8, Reason::AmountNotPositive { amount: *amount });
                }
                if *amount > self.bank {
                    return refuse(Clause::CF9, Reason::SetAsideTooMuch { bank: self.bank });
                }
                Ok(vec![Event::SetAside { amount: *amount }])
            }
            Op::LastComplete { player } => {
                if game != Game::ChemindeFer {
                    return refuse(Clause::CF4, Reason::NotInThisGame);
                }
                self.check_betting_open()?;
                if !self.coup.bets.iter().any(|b| b.kind == BetKind::BancoWithTable) {
                    return refuse(Clause::CF4, Reason::NoBancoWithTable);
                }
                if self.coup.bets.iter().any(|b| b.kind == BetKind::LastComplete) {
                    return refuse(Clause::CF4, Reason::NothingToComplete);
                }
                let covered = Money::sum(self.coup.bets.iter().map(|b| b.amount)).unwrap_or(self.bank);
                let rest = self.bank.checked_sub(covered).unwrap_or(Money::ZERO);
                if !rest.is_positive() {
                    return refuse(Clause::CF4, Reason::NothingToComplete);
                }
                let bet = Bet { player: *player, spot: Spot::Player, amount: rest, kind: BetKind::LastComplete };
                self.check_bet(&bet)?;
                Ok(vec![Event::BetPlaced(bet)])
            }
            Op::BancoAssociated { shares } => self.decide_association(shares),
            Op::CallSuivi { player } => self.decide_suivi(*player),
            Op::CardsTo { player } | Op::CardsTaken { player } => {
                if game != Game::ChemindeFer {
                    return refuse(Clause::CF6, Reason::NotInThisGame);
                }
                if !self.coup.play.closed || self.coup.settlement.is_some() {
                    return refuse(Clause::CF6, Reason::NoCoupOpen);
                }
                Ok(vec![Event::CardsHeld { player: *player, handed: matches!(op, Op::CardsTo { .. }) }])
            }
            Op::CardsSeen { player } => {
                if game != Game::ChemindeFer {
                    return refuse(Clause::CF6, Reason::NotInThisGame);
                }
                match &self.coup.cards_with {
                    Some(w) if w.player == *player && self.coup.settlement.is_none() => {
                        Ok(vec![Event::CardsLookedAt { player: *player }])
                    }
                    _ => refuse(Clause::CF6, Reason::NotAtTable { seat: player.seat }),
                }
            }
            Op::PassSabot => {
                if game != Game::PuntoBanca {
                    return refuse(Clause::PB1, Reason::NotInThisGame);
                }
                if self.coup_in_progress() {
                    return refuse(Clause::PB1, Reason::CoupInProgress);
                }
                Ok(vec![Event::SabotPassed { to: self.next_section(self.shift.dealer, None) }])
            }
            _ => self.decide_error(op),
        }
    }

    fn check_seat_exists(&self, p: PlayerRef, clause: Clause) -> Result<(), Refusal> {
        let sections = self.settings.sections;
        if p.seat == 0 || p.seat > sections {
            return refuse(clause, Reason::NoSuchSeat { seat: p.seat, sections });
        }
        Ok(())
    }

    fn check_ready_to_cut(&self) -> Result<(), Refusal> {
        let sabot = &self.shift.sabot;
        if !sabot.opened || sabot.ended || !sabot.shuffled {
            return refuse(Clause::C5, Reason::ShoeNotReady);
        }
        if sabot.cut {
            return refuse(Clause::C5, Reason::AlreadyCut);
        }
        if !sabot.croupier_shuffled_last {
            return refuse(Clause::C5, Reason::CroupierShufflesLast);
        }
        Ok(())
    }

    pub(crate) fn check_betting_open(&self) -> Result<(), Refusal> {
        if !self.shift.coup_open {
            return refuse(self.next_coup_clause(), Reason::NoCoupOpen);
        }
        if self.coup.settlement.is_some() {
            return refuse(Clause::C7, Reason::CoupOver);
        }
        if self.coup.play.closed {
            return refuse(Clause::C7, Reason::BetsClosed);
        }
        Ok(())
    }

    /// The shift operations of every coup, their events appended to `out` (no
    /// allocation); `None` for any other operation.
    pub(crate) fn decide_every_coup(&self, op: &Op, out: &mut Vec<Event>) -> Option<Result<(), Refusal>> {
        match op {
            Op::NextCoup => Some(self.decide_next_coup_into(out)),
            Op::AnnounceBank { amount } => Some(self.decide_announce_check(*amount).map(|e| out.push(e))),
            _ => None,
        }
    }

    fn decide_next_coup(&self) -> Result<Vec<Event>, Refusal> {
        let mut out = Vec::new();
        self.decide_next_coup_into(&mut out)?;
        Ok(out)
    }

    fn decide_next_coup_into(&self, out: &mut Vec<Event>) -> Result<(), Refusal> {
        let game = self.settings.game;
        self.between_coups()?;
        let sabot = &self.shift.sabot;
        if sabot.ended || sabot.cut_out {
            return refuse(Clause::C4, Reason::ShoeOver);
        }
        if !sabot.ready(game) {
            let clause = if game == Game::PuntoBanca && sabot.cut { Clause::PB5 } else { Clause::C5 };
            let reason = if game == Game::PuntoBanca && sabot.cut { Reason::BurnFirst } else { Reason::ShoeNotReady };
            return refuse(clause, reason);
        }
        if let Some(seat) = self.shift.bank_offer_to {
            return refuse(Clause::CF10, Reason::BankOfferedTo { seat });
        }
        self.check_players()?;
        // A coup opened and left untouched (no bet, no deal) keeps its number.
        let untouched = self.shift.coup_open && self.coup.settlement.is_none();
        let number = if untouched { self.shift.coup_number.max(1) } else { self.shift.coup_number + 1 };
        out.push(Event::CoupOpened { number });
        if game == Game::PuntoBanca && !self.shift.void_bets.is_empty() {
            out.push(Event::BetsCarried(self.shift.void_bets.clone()));
        }
        Ok(())
    }

    fn decide_announce(&self, amount: Money) -> Result<Vec<Event>, Refusal> {
        Ok(vec![self.decide_announce_check(amount)?])
    }

    fn decide_announce_check(&self, amount: Money) -> Result<Event, Refusal> {
        let game = self.settings.game;
        let clause = self.game_clause(Clause::BQ17, Clause::CF2, Clause::PB4);
        if !game.has_bank() {
            return refuse(clause, Reason::NotInThisGame);
        }
        if !self.shift.coup_open {
            return refuse(clause, Reason::NoCoupOpen);
        }
        if self.coup_in_progress() || self.coup.settlement.is_some() {
            return refuse(clause, Reason::CoupInProgress);
        }
        if let Some(seat) = self.shift.bank_offer_to {
            return refuse(Clause::CF10, Reason::BankOfferedTo { seat });
        }
        if !amount.is_positive() {
            return refuse(Clause::C8, Reason::AmountNotPositive { amount });
        }
        // "si ofrece una cantidad igual a la que constituía entonces la banca" (003): the
        // same amount, neither less nor more (R-CF-10).
        if let Some(keep) = self.shift.keep_bank_at.filter(|k| amount != *k) {
            return refuse(Clause::CF10, Reason::AnnounceExactly { amount: keep });
        }
        if self.bank.is_positive() {
            match game {
                Game::Banque if amount < self.bank => {
                    return refuse(Clause::BQ17, Reason::AnnounceAtLeast { amount: self.bank });
                }
                Game::ChemindeFer if amount != self.bank && self.shift.keep_bank_at.is_none() => {
                    return refuse(Clause::CF2, Reason::AnnounceExactly { amount: self.bank });
                }
                _ => {}
            }
        } else if self.shift.offered_at.is_some() {
            // The banker left: the bank is taken again before it is announced (R-BQ-3).
            return refuse(clause, Reason::NoBanker);
        }
        Ok(Event::BankAnnounced { amount })
    }

    fn decide_take_bank(&self, player: PlayerRef, amount: Money, how: BankWay) -> Result<Vec<Event>, Refusal> {
        let game = self.settings.game;
        let clause = self.game_clause(Clause::BQ3, Clause::CF10, Clause::PB4);
        if !game.has_bank() {
            return refuse(clause, Reason::NotInThisGame);
        }
        self.between_coups()?;
        self.check_seat_exists(player, clause)?;
        if self.shift.banker.is_some() || self.bank.is_positive() {
            return refuse(clause, Reason::BankHeld);
        }
        if !amount.is_positive() {
            return refuse(Clause::C8, Reason::AmountNotPositive { amount });
        }
        if let (Game::ChemindeFer, Some(seat)) = (game, self.shift.bank_offer_to.filter(|s| *s != player.seat)) {
            return refuse(Clause::CF10, Reason::BankOfferedTo { seat });
        }
        // A banker left: his bank is offered at its amount, however the take is entered;
        // otherwise it goes to auction (R-BQ-3).
        if let Some(at) = self.shift.offered_at.filter(|at| *at != amount) {
            return refuse(Clause::BQ3, Reason::OfferedAt { amount: at });
        }
        Ok(vec![Event::BankTaken { player, amount, how }])
    }

    fn decide_auction(&self, bids: &[Bid], lot: Option<PlayerRef>) -> Result<Vec<Event>, Refusal> {
        let game = self.settings.game;
        if !game.has_bank() {
            return refuse(Clause::BQ3, Reason::NotInThisGame);
        }
        self.between_coups()?;
        if self.shift.banker.is_some() || self.bank.is_positive() {
            return refuse(Clause::BQ3, Reason::BankHeld);
        }
        let Some(top) = bids.iter().map(|b| b.amount).max() else {
            return refuse(Clause::BQ3, Reason::NoBanker);
        };
        for b in bids {
            self.check_seat_exists(b.player, Clause::BQ3)?;
            if !b.amount.is_positive() {
                return refuse(Clause::C8, Reason::AmountNotPositive { amount: b.amount });
            }
        }
        let best: Vec<PlayerRef> = bids.iter().filter(|b| b.amount == top).map(|b| b.player).collect();
        let winner = match (best.as_slice(), lot) {
            ([one], None) => *one,
            ([one], Some(l)) if l == *one => *one,
            ([_], Some(l)) => return refuse(Clause::BQ3, Reason::NotInTheDraw { seat: l.seat }),
            (_, None) => return refuse(Clause::BQ3, Reason::LotNeeded),
            (many, Some(l)) if many.contains(&l) => l,
            (_, Some(l)) => return refuse(Clause::BQ3, Reason::NotInTheDraw { seat: l.seat }),
        };
        let mut out = Vec::new();
        if best.len() > 1 {
            out.push(Event::LotDrawn { winner });
        }
        out.push(Event::BankTaken { player: winner, amount: top, how: BankWay::Auction });
        Ok(out)
    }

    fn decide_association(&self, shares: &[Share]) -> Result<Vec<Event>, Refusal> {
        if self.settings.game != Game::ChemindeFer {
            return refuse(Clause::CF3, Reason::NotInThisGame);
        }
        self.check_betting_open()?;
        if !self.coup.bets.is_empty() {
            return refuse(Clause::CF3, Reason::BancoAfterBets);
        }
        if let Some(s) = shares.iter().find(|s| !s.player.standing) {
            return refuse(Clause::CF5, Reason::SeatedCannotAssociate { seat: s.player.seat });
        }
        let total = Money::sum(shares.iter().map(|s| s.amount)).unwrap_or(Money::ZERO);
        if shares.len() < 2 || total != self.bank {
            return refuse(Clause::CF3, Reason::SharesMustMakeTheBank { total, bank: self.bank });
        }
        let mut out = Vec::new();
        for s in shares {
            let bet = Bet { player: s.player, spot: Spot::Player, amount: s.amount, kind: BetKind::Associated };
            self.check_seat_exists(s.player, Clause::CF3)?;
            self.check_not_banker(s.player)?;
            if !s.amount.is_positive() {
                return refuse(Clause::C8, Reason::AmountNotPositive { amount: s.amount });
            }
            out.push(Event::BetPlaced(bet));
        }
        Ok(out)
    }

    /// Chemin de fer banco: by priority (R-CF-3); a banco by one player comes before an
    /// association. Returns the events that replace a lower-priority call.
    pub(crate) fn cf_banco_events(&self, bet: Bet) -> Result<Vec<Event>, Refusal> {
        let bets = &self.coup.bets;
        if bets.is_empty() {
            return Ok(vec![Event::BetPlaced(bet)]);
        }
        let withdraw_all = |out: &mut Vec<Event>| {
            for b in bets.iter().rev() {
                out.push(Event::BetWithdrawn { player: b.player, spot: b.spot });
            }
        };
        if bets.iter().all(|b| b.kind == BetKind::Associated) {
            let mut out = Vec::new();
            withdraw_all(&mut out);
            out.push(Event::BetPlaced(bet));
            return Ok(out);
        }
        if let Some(old) = bets.iter().find(|b| b.kind == BetKind::Banco) {
            if self.priority_rank(bet.player) < self.priority_rank(old.player) {
                return Ok(vec![Event::BetWithdrawn { player: old.player, spot: old.spot }, Event::BetPlaced(bet)]);
            }
            return refuse(Clause::CF3, Reason::PriorityTo { seat: old.player.seat });
        }
        refuse(Clause::CF3, Reason::BancoAfterBets)
    }

    fn decide_suivi(&self, player: PlayerRef) -> Result<Vec<Event>, Refusal> {
        if self.settings.game != Game::ChemindeFer {
            return refuse(Clause::CF6, Reason::NotInThisGame);
        }
        if self.shift.suivi != Some(player) {
            return refuse(Clause::CF6, Reason::NoSuiviRight { seat: player.seat });
        }
        if !self.shift.coup_open || self.coup.settlement.is_some() {
            return refuse(Clause::CF6, Reason::NoCoupOpen);
        }
        if !self.shift.bank_announced {
            return refuse(Clause::CF2, Reason::NoBank);
        }
        let p = &self.coup.play;
        let played =
            p.hands[0].call.is_some() || p.hands[0].cards.third.is_some() || p.hands[0].cards.total2().is_some();
        if p.closed {
            if played {
                return refuse(
                    Clause::CF6,
                    Reason::CardsKept { seat: self.coup.cards_with.map_or(0, |w| w.player.seat) },
                );
            }
            if let Some(w) = self.coup.cards_with.filter(|w| w.player != player && w.handed && w.seen) {
                return refuse(Clause::CF6, Reason::CardsKept { seat: w.player.seat });
            }
        }
        let mut out = Vec::new();
        for b in self.coup.bets.iter().rev() {
            out.push(Event::BetWithdrawn { player: b.player, spot: b.spot });
        }
        out.push(Event::SuiviCalled { player });
        out.push(Event::BetPlaced(Bet { player, spot: Spot::Player, amount: self.bank, kind: BetKind::Banco }));
        if p.closed {
            out.push(Event::CardsHeld { player, handed: true });
        }
        Ok(out)
    }

    /// What a settlement brings about in the shift, as events.
    pub(crate) fn after_settlement(&self, s: &Settlement, cut_out_now: bool, out: &mut Vec<Event>) {
        let game = self.settings.game;
        match game {
            Game::Banque => {
                for (hand, winner) in &s.winners {
                    let HandId::Tableau(n) = hand else { continue };
                    let banco = self.coup.bets.iter().any(|b| b.kind == BetKind::Banco && b.spot == Spot::Tableau(*n));
                    if *winner == Winner::Bank && !banco {
                        let i = usize::from(n.clamp(&1, &2) - 1);
                        let to = self.next_section(self.shift.holders[i], Some(*n));
                        out.push(Event::HolderPassed { tableau: *n, to });
                    }
                }
            }
            Game::ChemindeFer => {
                let winner = s.winners.first().map(|(_, w)| *w);
                let holder = self.rightful_cf_holder();
                let bets = &self.coup.bets;
                let alone = bets.len() == 1 || bets.iter().all(|b| Some(b.player) == holder);
                let banco_like = bets.iter().any(|b| b.kind == BetKind::Banco)
                    || (alone && bets.iter().any(|b| matches!(b.kind, BetKind::Plain | BetKind::BancoWithTable)));
                let right = match winner {
                    Some(Winner::Bank) if banco_like => holder,
                    // An abandoned banca seguida is recovered on a tie (R-CF-6).
                    Some(Winner::Tie) => self.shift.suivi_abandoned.or(self.shift.suivi),
                    _ => None,
                };
                if right != self.shift.suivi {
                    out.push(Event::SuiviRight { player: right });
                }
                if winner == Some(Winner::Player) && self.settings.house.cf_bank_passes_on_loss {
                    out.push(Event::BankLeft { player: self.shift.banker, returned: s.bank_after });
                    let from = self.shift.banker.map_or(0, |b| b.seat);
                    out.push(Event::BankOffered { to: self.next_section(from, None) });
                }
            }
            Game::PuntoBanca => {
                if s.winners.first().map(|(_, w)| *w) == Some(Winner::Punto) {
                    out.push(Event::SabotPassed { to: self.next_section(self.shift.dealer, None) });
                }
            }
        }
        if self.shift.sabot.cut_out || cut_out_now {
            out.push(Event::ShoeEnded);
        }
    }

    /// Applies a shift event.
    pub(crate) fn evolve_shift(&mut self, e: &Event) {
        let sh = &mut self.shift;
        match e {
            Event::ShoeOpened { decks } => {
                self.shoe = Shoe::decks(*decks);
                sh.sabot = Sabot { opened: true, ..Sabot::default() };
                sh.shoe_number += 1;
            }
            Event::Shuffled { by } => {
                sh.sabot.shuffled = true;
                sh.sabot.croupier_shuffled_last = by.is_none();
            }
            Event::CutDeclined { by } => sh.sabot.cut_declined.push(by.seat),
            Event::CutPlaced { below, .. } => {
                sh.sabot.cut = true;
                sh.sabot.cut_below = Some(*below);
            }
            Event::Burned { card, count } => {
                self.shoe.draw_known(*card);
                self.shoe.draw_hidden(u32::from(*count));
                sh.sabot.burned = true;
            }
            Event::CutCardOut => sh.sabot.cut_out = true,
            Event::ShoeEnded => {
                sh.sabot.ended = true;
                if self.settings.game == Game::ChemindeFer && sh.last_bank_won && sh.banker.is_some() {
                    sh.keep_bank_at = Some(self.bank);
                }
            }
            Event::CardsChecked { .. } => sh.sabot.checked = true,
            Event::CoupOpened { number } => {
                sh.coup_number = *number;
                sh.coup_open = true;
                sh.bank_announced = false;
                sh.void_bets.clear();
                // A fresh coup, keeping the vectors' room.
                let mut bets = std::mem::take(&mut self.coup.bets);
                let mut infractions = std::mem::take(&mut self.coup.infractions);
                bets.clear();
                infractions.clear();
                self.coup = super::coup::Coup { bets, infractions, ..Default::default() };
            }
            Event::BankAnnounced { amount } => {
                self.bank = *amount;
                sh.bank_announced = true;
                sh.keep_bank_at = None;
            }
            Event::Joined { player } => {
                sh.roster.get_or_insert_with(BTreeSet::new).insert(*player);
            }
            Event::Left { player } => {
                if let Some(r) = sh.roster.as_mut() {
                    r.remove(player);
                }
            }
            Event::BankTaken { player, amount, .. } => {
                sh.banker = Some(*player);
                self.bank = *amount;
                sh.offered_at = None;
                sh.bank_offer_to = None;
                sh.bank_announced = false;
                sh.last_bank_won = false;
                sh.keep_bank_at = None;
            }
            Event::BankLeft { returned, .. } => {
                sh.offered_at = if self.settings.game == Game::Banque { Some(*returned) } else { None };
                sh.banker = None;
                self.bank = Money::ZERO;
                sh.bank_announced = false;
                sh.keep_bank_at = None;
            }
            Event::BankOffered { to } => sh.bank_offer_to = Some(*to),
            Event::BancoContested(bet) => self.coup.contest = Some(*bet),
            Event::LotDrawn { winner } => {
                if let Some(contest) = self.coup.contest.take().filter(|c| c.player == *winner) {
                    self.coup.bets.retain(|b| b.kind != BetKind::Banco);
                    self.coup.bets.push(contest);
                }
            }
            Event::BetOffered(bet) => self.coup.offers.push(*bet),
            Event::BetAccepted { player } => {
                if let Some(i) = self.coup.offers.iter().position(|b| b.player == *player) {
                    let bet = self.coup.offers.remove(i);
                    self.coup.bets.push(bet);
                }
            }
            Event::BetDeclined { player } => self.coup.offers.retain(|b| b.player != *player),
            Event::BetWithdrawn { player, spot } => {
                if let Some(i) = self.coup.bets.iter().rposition(|b| b.player == *player && b.spot == *spot) {
                    self.coup.bets.remove(i);
                }
            }
            Event::BetsCarried(bets) => self.coup.bets.extend(bets.iter().copied()),
            Event::SetAside { amount } => {
                self.bank = self.bank.checked_sub(*amount).unwrap_or(Money::ZERO);
                sh.set_aside = sh.set_aside.checked_add(*amount).unwrap_or(sh.set_aside);
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
            Event::CardsHeld { player, handed } => {
                self.coup.cards_with = Some(CardsWith { player: *player, handed: *handed, seen: false });
            }
            Event::CardsLookedAt { .. } => {
                if let Some(w) = self.coup.cards_with.as_mut() {
                    w.seen = true;
                }
            }
            Event::HolderPassed { tableau, to } => {
                sh.holders[usize::from(tableau.clamp(&1, &2) - 1)] = *to;
            }
            Event::SabotPassed { to } => sh.dealer = *to,
            _ => {}
        }
    }
}
