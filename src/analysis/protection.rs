//! Game protection (issue 28): every choice a banker made (and a Chemin de fer player
//! on a free total), weighed against the exact odds of the cards he had not seen.
//!
//! # What is a choice
//! A choice is an `Op::Say` for a hand whose holder the engine said was free to draw
//! or stand (`Owed::Decide`): a Banque banker who plays without the table, or who asked
//! for it and met an `O` (draw against one paño, stand against the other, R-BQ-14); a
//! Chemin de fer banker in an `O` cell (R-CF-8); a Chemin de fer player on 5 (or on any
//! total, a free banco caller). A banker bound by the table makes no choice and is not
//! weighed. The engine says when a choice is owed: nothing here reads a drawing rule.
//!
//! # What is weighed
//! For a bank's choice, [`BankerView::from_table`] at that moment (the shoe as the log
//! says it was, less every card the banker saw) and [`BankerView::advise`]: the bank's
//! expected net after the cagnotte of drawing and of standing, for the stakes on the
//! table. Where the bank's cards were dealt face down and the log learns them later in
//! the coup, the choice is weighed once they are known. For a player's choice, the
//! player's expected result of drawing and of standing over the cards he has not seen
//! (the bank's two face down among them), the bank playing the table (R-CF-8) and its
//! `O` cells as the house says (the banker's choice counted as even odds).
//!
//! *Given away* is the best option's expectation less the chosen one's. *Who gained*:
//! each bet's expected result under the option taken less under the bank's best, split
//! by the bets actually on each hand.
//!
//! # How unlikely, for an honest chooser
//! [`super::verdict`] says: departures from the table, free choices against the exact
//! expectation and each seat's gains are three figures apart, each exact or a proven
//! upper bound ([`super::tail`]), corrected for every figure weighed in the shift.
//!
//! The flag says the choices went against the bank (or the caller's own hand) more
//! than a table-following chooser's could by chance, or that one seat gained from them
//! more than its stakes explain. It does not prove collusion: a banker who plays by
//! hunches against the table is flagged too; the seat that keeps gaining, shift after
//! shift, is what points to an accomplice.
//!
//! Pure: it reads tables and operations, nothing else.

use super::banker::{Advice, AdviceError, BankerView, FivePlay, Wlt};
use super::composition::{Composition, pair_ways};
pub use super::decision::{Decider, Decision, OPTIONS, Options, Situation};
pub use super::tail::{Chance, Kind};
pub use super::verdict::{Gainer, Habit, Judged, Ledger, Role, Verdict, verdicts};
use crate::engine::drawing::{BankDuty, Cell, PlayerDuty, bank_cell, fares_against, is_natural, player_duty};
use crate::engine::settings::{OptionalCells, TieRule};
use crate::engine::{Call, Card, Game, HandId, Op, Owed, PlayerRef, Table, points_total, points_total_at};
use rust_decimal::prelude::ToPrimitive;
use std::collections::BTreeMap;

/// A shift's choices, weighed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Protection {
    pub decisions: Vec<Decision>,
    /// Choices that could not be weighed (cards never known, a view the analysis
    /// refused): counted, never guessed.
    pub unweighed: u32,
    pub verdicts: Vec<Verdict>,
    /// How many figures the correction counted (those that could reach the threshold,
    /// Tarone's `K`), and how many were weighed.
    pub tests: u32,
    pub weighed: u32,
    /// Each party's figure over every chooser together, for a party several choosers'
    /// choices mattered to; the least likely first.
    pub seats: Vec<Gainer>,
}

impl Protection {
    /// The verdicts that are flagged.
    pub fn flagged(&self) -> impl Iterator<Item = &Verdict> {
        self.verdicts.iter().filter(|v| v.flagged)
    }

    /// The parties named over every chooser together.
    pub fn seats_named(&self) -> impl Iterator<Item = &Gainer> {
        self.seats.iter().filter(|g| g.named)
    }

    /// Every party named, under a chooser or over all together, each once.
    pub fn named(&self) -> Vec<PlayerRef> {
        let mut out: Vec<PlayerRef> = Vec::new();
        for g in self.verdicts.iter().flat_map(|v| v.all_named()).chain(self.seats_named()) {
            if !out.contains(&g.player) {
                out.push(g.player);
            }
        }
        out
    }

    /// The coups of a flagged chooser's choices against the best.
    pub fn flagged_coups(&self) -> Vec<&Decision> {
        let flagged: Vec<Decider> = self.flagged().map(|v| v.decider).collect();
        self.decisions.iter().filter(|d| d.against_best() && flagged.contains(&d.decider)).collect()
    }
}

/// A choice waiting for the chooser's own cards (dealt face down, known later).
#[derive(Clone)]
struct Waiting {
    before: Table,
    hand: HandId,
    call: Call,
    line: usize,
}

/// What a [`Weigher`] keeps of the choices once weighed: the verdicts need none of
/// them (their books are flat in the shift's length).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Every choice, in [`Protection::decisions`] (the review, the tests).
    All,
    /// None kept: each coup's choices are handed out once the coup is over
    /// ([`Weigher::drain`]), for `report --decisions` to write as it reads.
    Stream,
    /// None: the verdicts alone.
    Verdicts,
}

/// Reads a shift record by record (the table before each operation) and weighs every
/// choice ([`Weigher::finish`]).
#[derive(Clone)]
pub struct Weigher {
    opts: Options,
    keep: Keep,
    /// The coup's choices (a take-back may still remove one), then the books.
    pending: Vec<Decision>,
    ledger: Ledger,
    decisions: Vec<Decision>,
    waiting: Option<Waiting>,
    unweighed: u32,
    last_line: usize,
    /// The lines of the coup's entries so far, and its number: a word the croupier
    /// takes back (`Op::TakeBack`, his keying error) was never the chooser's choice.
    entries: Vec<usize>,
    coup: u32,
}

impl Weigher {
    pub fn new(opts: Options) -> Weigher {
        Weigher::keeping(opts, Keep::All)
    }

    pub fn keeping(opts: Options, keep: Keep) -> Weigher {
        Weigher {
            opts,
            keep,
            pending: Vec::new(),
            ledger: Ledger::default(),
            decisions: Vec::new(),
            waiting: None,
            unweighed: 0,
            last_line: 0,
            entries: Vec::new(),
            coup: 0,
        }
    }

    /// Forgets the choices of the last `n` entries of the coup, taken back.
    fn take_back(&mut self, n: u32) {
        let keep = self.entries.len().saturating_sub(n as usize);
        let gone: Vec<usize> = self.entries.split_off(keep);
        self.pending.retain(|d| !gone.contains(&d.line));
        if self.waiting.as_ref().is_some_and(|w| gone.contains(&w.line)) {
            self.waiting = None;
        }
    }

    /// The coup's choices into the books (and kept, or handed out).
    fn fold(&mut self) {
        for d in std::mem::take(&mut self.pending) {
            self.ledger.add(&d, self.opts);
            if self.keep != Keep::Verdicts {
                self.decisions.push(d);
            }
        }
    }

    /// The choices of the coups over since the last call (with [`Keep::Stream`]).
    pub fn drain(&mut self) -> Vec<Decision> {
        std::mem::take(&mut self.decisions)
    }

    /// The operation at `line`, with the table as it was before it. A line not after
    /// the last one seen starts the reading over (a log read again from its start).
    pub fn op(&mut self, line: usize, before: &Table, op: &Op) {
        if line <= self.last_line {
            *self = Weigher::keeping(self.opts, self.keep);
        }
        self.last_line = line;
        let new_coup = before.shift().coup_number != self.coup;
        if new_coup {
            self.coup = before.shift().coup_number;
            self.entries.clear();
        }
        if let Op::TakeBack { entries } = op {
            if new_coup {
                self.fold();
            }
            self.take_back(*entries);
            return;
        }
        self.entries.push(line);
        if let Some(w) = self.waiting.take() {
            self.resolve(w, before);
        }
        if new_coup {
            self.fold();
        }
        let Op::Say { hand, call } = op else { return };
        if !matches!(call, Call::Draw | Call::Stand) {
            return;
        }
        if !matches!(before.owed().owed, Owed::Decide { hand: h, .. } if h == *hand) {
            return;
        }
        // A paño's 5 in Banque is its own business; the bank's choices and the Chemin de
        // fer player's (who plays alone against the bank) are weighed.
        if *hand != HandId::Bank && before.game() != Game::ChemindeFer {
            return;
        }
        let w = Waiting { before: before.clone(), hand: *hand, call: *call, line };
        match weigh(&w.before, w.hand, w.call, w.line, None, self.opts) {
            Ok(d) => self.pending.push(d),
            Err(Unweighed::CardsUnknown) => self.waiting = Some(w),
            Err(Unweighed::Refused) => self.unweighed += 1,
        }
    }

    /// A choice waiting for the chooser's cards, weighed if `now` (the same coup,
    /// later) knows them; otherwise it waits on, or is counted unweighed once the coup
    /// is over.
    fn resolve(&mut self, w: Waiting, now: &Table) {
        let same_coup = now.shift().coup_number == w.before.shift().coup_number && now.shift().coup_open;
        let cards = now.coup().play.hands[w.hand].cards.first_two();
        match (cards, same_coup) {
            (Some(cards), _) => match weigh(&w.before, w.hand, w.call, w.line, Some(cards), self.opts) {
                Ok(d) => self.pending.push(d),
                Err(_) => self.unweighed += 1,
            },
            (None, true) => self.waiting = Some(w),
            (None, false) => self.unweighed += 1,
        }
    }

    /// Every choice weighed, and each chooser's verdict.
    pub fn finish(mut self, end: Option<&Table>) -> Protection {
        if let Some(w) = self.waiting.take() {
            match end {
                Some(t) => self.resolve(w, t),
                None => self.unweighed += 1,
            }
            if self.waiting.take().is_some() {
                self.unweighed += 1;
            }
        }
        self.fold();
        let judged = self.ledger.judge(self.opts);
        Protection {
            decisions: self.decisions,
            unweighed: self.unweighed,
            verdicts: judged.verdicts,
            tests: judged.tests,
            weighed: judged.weighed,
            seats: judged.seats,
        }
    }
}

enum Unweighed {
    /// The chooser's own cards are not known yet.
    CardsUnknown,
    /// The analysis refused the view (an impossible reading, an overflow).
    Refused,
}

impl From<AdviceError> for Unweighed {
    fn from(e: AdviceError) -> Unweighed {
        match e {
            AdviceError::BankCardsUnknown => Unweighed::CardsUnknown,
            _ => Unweighed::Refused,
        }
    }
}

fn f(m: crate::engine::Money) -> f64 {
    m.decimal().to_f64().unwrap_or(0.0)
}

/// The slot of a player hand among the game's player hands.
fn slot_of(table: &Table, hand: HandId) -> Option<usize> {
    table.ctx().players().iter().position(|h| *h == hand)
}

/// Each bettor's expected result, option by option, from the bank's chances against
/// each player hand: a stake wins when the bank loses against its hand.
fn bettors(table: &Table, against: [[Option<Wlt>; 2]; 2], tie: TieRule) -> Vec<(PlayerRef, [f64; 2])> {
    let unit = table.settings().unit;
    let mut by: BTreeMap<PlayerRef, [f64; 2]> = BTreeMap::new();
    for bet in &table.coup().bets {
        for s in bet.stakes(unit).iter().flatten().flatten() {
            let Some(slot) = slot_of(table, s.hand) else { continue };
            let e = by.entry(bet.player).or_insert([0.0; 2]);
            for (o, v) in e.iter_mut().enumerate() {
                if let Some(w) = against[o][slot] {
                    let tie_loses = if tie == TieRule::BankWins { w.tie } else { 0.0 };
                    *v += f(s.amount) * (w.lose - w.win - tie_loses);
                }
            }
        }
    }
    by.into_iter().collect()
}

/// Weighs the choice `call` of `hand`'s holder on the table `before` it. `cards` are
/// the chooser's two cards when `before` does not know them.
fn weigh(
    before: &Table,
    hand: HandId,
    call: Call,
    line: usize,
    cards: Option<[Card; 2]>,
    opts: Options,
) -> Result<Decision, Unweighed> {
    let chosen = if call == Call::Draw { 0 } else { 1 };
    match hand {
        HandId::Bank => weigh_bank(before, line, cards, opts, chosen),
        _ => weigh_player(before, hand, line, cards, opts, chosen),
    }
}

/// The banker's choice, weighed exactly (`BankerView::advise`) against the paños as seen.
fn weigh_bank(
    before: &Table,
    line: usize,
    cards: Option<[Card; 2]>,
    opts: Options,
    chosen: usize,
) -> Result<Decision, Unweighed> {
    let sh = before.shift();
    let settings = before.settings();
    let view = BankerView::from_table(before, cards, opts.five)?;
    let advice = view.advise()?;
    let table = advice.table.ok_or(Unweighed::Refused)?;
    let parties = bettors(before, [advice.draw.against, advice.stand.against], settings.house.tie);
    let panos = view.panos.map(|p| p.map(|p| p.seen));
    Ok(Decision {
        coup: sh.coup_number,
        shoe: sh.shoe_number,
        line,
        decider: Decider::Banker(sh.banker()),
        banker: sh.banker(),
        hand: HandId::Bank,
        situation: Situation::Bank { total: view.bank, panos },
        options: [advice.draw.net, advice.stand.net],
        gross: [advice.draw.gross, advice.stand.gross],
        table,
        free: [0.5, 0.5],
        chosen,
        parties,
        banco: banco_of(before),
        numbers: before.shift().numbers.iter().map(|(p, n)| (*p, n.clone())).collect(),
    })
}

/// Who called banco in the coup on `table`, if anyone.
fn banco_of(table: &Table) -> Option<PlayerRef> {
    use crate::engine::BetKind;
    table.coup().bets.iter().find(|b| matches!(b.kind, BetKind::Banco | BetKind::BancoWithTable)).map(|b| b.player)
}

/// A hand's holder's choice: his chances against the bank's unseen cards; the hand's
/// bets together are what it plays for, the banker their other side.
fn weigh_player(
    before: &Table,
    hand: HandId,
    line: usize,
    cards: Option<[Card; 2]>,
    opts: Options,
    chosen: usize,
) -> Result<Decision, Unweighed> {
    let sh = before.shift();
    let settings = before.settings();
    let slot = slot_of(before, hand).ok_or(Unweighed::Refused)?;
    let play = &before.coup().play;
    let own = play.hands[hand].cards.first_two();
    let (total, take_out) = match (own, cards) {
        (Some(c), _) => (c, Vec::new()),
        (None, Some(c)) => (c, c.map(|c| c.points()).to_vec()),
        (None, None) => return Err(Unweighed::CardsUnknown),
    };
    let total = points_total(total[0].points(), total[1].points());
    // The bank's cards the engine knows are unseen to the player.
    let bank: Vec<u8> = play.hands.bank().cards.first.iter().flatten().map(|c| c.points()).collect();
    let unseen = Composition::from_shoe(before.shoe())
        .and_then(|c| c.without(&take_out))
        .and_then(|c| c.with(&bank))
        .map_err(|_| Unweighed::Refused)?;
    let optional = match settings.house.cf_optional_cells {
        OptionalCells::Draw => 1.0,
        OptionalCells::Stand => 0.0,
        OptionalCells::BankerChooses => 0.5,
    };
    let wlt = player_options(&unseen, total, optional).ok_or(Unweighed::Refused)?;
    // The bank's chances against the hand are the player's, turned round.
    let turn = |w: Wlt| Wlt { win: w.lose, lose: w.win, tie: w.tie };
    let mut against = [[None; 2]; 2];
    against[0][slot] = Some(turn(wlt[0]));
    against[1][slot] = Some(turn(wlt[1]));
    let mut parties = bettors(before, against, settings.house.tie);
    // The holder: who has the cards in hand (R-CF-6), else the largest bet on it.
    let holder = before.coup().cards_with.map(|c| c.player).or_else(|| {
        let mut bets: Vec<(PlayerRef, f64)> =
            before.coup().bets.iter().map(|b| (b.player, b.at_risk(settings.unit).map_or(0.0, f))).collect();
        bets.sort_by(|a, b| b.1.total_cmp(&a.1));
        bets.first().map(|b| b.0)
    });
    // The hand's bets together are what the holder's choice plays for.
    let mut options = [0.0; 2];
    for (_, v) in &parties {
        options[0] += v[0];
        options[1] += v[1];
    }
    if let Some(banker) = sh.banker() {
        parties.push((banker, [-options[0], -options[1]]));
    }
    Ok(Decision {
        coup: sh.coup_number,
        shoe: sh.shoe_number,
        line,
        decider: Decider::Player(holder),
        banker: sh.banker(),
        hand,
        situation: Situation::Player { hand, total },
        options,
        gross: [-options[0], -options[1]],
        table: player_table(total, opts.five),
        free: [opts.five.draw_probability(), 1.0 - opts.five.draw_probability()],
        chosen,
        parties,
        banco: banco_of(before),
        numbers: before.shift().numbers.iter().map(|(p, n)| (*p, n.clone())).collect(),
    })
}

/// What the player's table says on a two-card `total`, as the engine's duty has it
/// (R-BQ-11, `player_duty`): where he must draw or stand, that; where he is free
/// (5), the house's play (a choice where it is mixed). A banco caller free to draw
/// on any total (R-CF-8) is weighed against it like a banker against his.
pub fn player_table(total: u8, five: FivePlay) -> BankDuty {
    match (player_duty(total, false), five) {
        (PlayerDuty::MustDraw, _) | (PlayerDuty::Chooses, FivePlay::Draw) => BankDuty::MustDraw,
        (PlayerDuty::Chooses, FivePlay::Mix(_)) => BankDuty::Chooses,
        _ => BankDuty::MustStand,
    }
}

/// The player's chances (win, lose, tie) of drawing and of standing on `total` with
/// the bank's two cards among `unseen`, the bank playing the table of R-BQ-13 against
/// him and drawing in its `O` cells with chance `optional`. `None` when the shoe is too
/// short.
pub fn player_options(unseen: &Composition, total: u8, optional: f64) -> Option<[Wlt; 2]> {
    unseen.check_can_deal(4).ok()?;
    let (mut n, dec) = unseen.weights();
    let total = usize::from(points_total(total, 0));
    // [option][win, lose, tie] for the player.
    let mut acc = [[0.0f64; 3]; 2];
    let mut z = 0.0f64;
    // The bank's play once the player's hand is final at `pf`: its cell, drawing from
    // `n`, as chances for the player.
    let bank_plays = |n: &[u128; 10], tb: usize, third: Option<u8>, pf: usize| -> [f64; 3] {
        let p_draw = match bank_cell(tb as u8, third) {
            Cell::Draw => 1.0,
            Cell::Stand => 0.0,
            Cell::Optional => optional,
        };
        let mut out = [0.0; 3];
        out[cmp(pf, tb)] += 1.0 - p_draw;
        if p_draw > 0.0 {
            let left: u128 = n.iter().sum();
            if left > 0 {
                for (d, &c) in n.iter().enumerate() {
                    if c > 0 {
                        out[cmp(pf, points_total_at(tb, d))] += p_draw * c as f64 / left as f64;
                    }
                }
            }
        }
        out
    };
    for b1 in 0..10 {
        for b2 in b1..10 {
            let wb = pair_ways(&n, b1, b2, dec);
            if wb == 0 {
                continue;
            }
            let w = wb as f64;
            z += w;
            let tb = points_total_at(b1, b2);
            if is_natural(tb as u8) {
                acc[0][1] += w;
                acc[1][1] += w;
                continue;
            }
            n[b1] -= dec;
            n[b2] -= dec;
            let stand = bank_plays(&n, tb, None, total);
            for (a, s) in acc[1].iter_mut().zip(stand) {
                *a += w * s;
            }
            let left: u128 = n.iter().sum();
            for x in 0..10 {
                let c = n[x];
                if c == 0 {
                    continue;
                }
                n[x] -= dec;
                let pf = points_total_at(total, x);
                let out = bank_plays(&n, tb, Some(x as u8), pf);
                let wx = w * c as f64 / left as f64;
                for (a, s) in acc[0].iter_mut().zip(out) {
                    *a += wx * s;
                }
                n[x] += dec;
            }
            n[b1] += dec;
            n[b2] += dec;
        }
    }
    if z <= 0.0 {
        return None;
    }
    Some(acc.map(|r| Wlt { win: r[0] / z, lose: r[1] / z, tie: r[2] / z }))
}

/// The player's result: 0 wins, 1 loses, 2 ties.
fn cmp(player: usize, bank: usize) -> usize {
    super::banker::index(fares_against(player as u8, false, bank as u8, false))
}

/// Weighs a whole shift given as (line, table before, operation) records.
pub fn weigh_records<'a>(
    records: impl IntoIterator<Item = (usize, &'a Table, &'a Op)>,
    end: Option<&Table>,
    opts: Options,
) -> Protection {
    let mut w = Weigher::new(opts);
    for (line, before, op) in records {
        w.op(line, before, op);
    }
    w.finish(end)
}

/// The advice for the bank's choice on a live table (a card-reading shoe, or the
/// bank's cards given): what `sabot advise` says for these cards.
pub fn bank_advice(table: &Table, cards: Option<[Card; 2]>, five: FivePlay) -> Result<Advice, AdviceError> {
    BankerView::from_table(table, cards, five)?.advise()
}

/// A banker who plays the exact odds: on a table where his choice is owed, the option
/// that keeps the most (standing when they are equal). `None` where there is no
/// bank's choice or it cannot be weighed.
pub fn exact_call(table: &Table, five: FivePlay) -> Option<Call> {
    if !matches!(table.owed().owed, Owed::Decide { hand: HandId::Bank, .. }) {
        return None;
    }
    let a = bank_advice(table, None, five).ok()?;
    Some(if a.draw.net > a.stand.net + 1e-9 * (1.0 + a.stand.net.abs()) { Call::Draw } else { Call::Stand })
}

/// A banker in league with `seat`: where his choice is owed and `seat` has money on a
/// player hand, the option best for `seat`'s bets; otherwise the exact odds'.
pub fn colluding_call(table: &Table, seat: PlayerRef, five: FivePlay) -> Option<Call> {
    if !matches!(table.owed().owed, Owed::Decide { hand: HandId::Bank, .. }) {
        return None;
    }
    if table.shift().banker() == Some(seat) {
        return exact_call(table, five);
    }
    let a = bank_advice(table, None, five).ok()?;
    let parties = bettors(table, [a.draw.against, a.stand.against], table.settings().house.tie);
    match parties.iter().find(|(p, _)| *p == seat) {
        Some((_, v)) if (v[0] - v[1]).abs() > 1e-9 => Some(if v[0] > v[1] { Call::Draw } else { Call::Stand }),
        _ => exact_call(table, five),
    }
}

/// The choice owed on `table` (the bank's, or a Chemin de fer player's), weighed as if
/// he stood (`chosen` is 1): his two options, what the table says, who gains from
/// each. For a simulated chooser, who sees his own cards. `None` where no such choice
/// is owed or it cannot be weighed.
pub fn choice_at(table: &Table, opts: Options) -> Option<Decision> {
    let Owed::Decide { hand, .. } = table.owed().owed else { return None };
    if hand != HandId::Bank && table.game() != Game::ChemindeFer {
        return None;
    }
    weigh(table, hand, Call::Stand, 0, None, opts).ok()
}

/// Whether this game has choices to weigh.
pub fn weighs(game: Game) -> bool {
    game.has_bank()
}

#[cfg(test)]
#[path = "protection_tests.rs"]
mod tests;
