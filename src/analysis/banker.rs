//! The banker's decision (Banque R-BQ-13/14, Chemin de fer R-CF-8): the exact expected
//! result for the bank of drawing and of standing, over the cards he has not seen.
//!
//! # The model
//! The banker knows his own two cards. Of each paño he sees what it did: it showed a
//! natural (its two cards are then face up), or it stood, or it drew, and then its
//! third card, dealt face up. The paños' first two cards are face down: to the banker
//! they are any cards of the composition he has not seen, weighted by how likely each
//! pair made the paño do what it did:
//! - a paño that drew had a total it draws on: 0–4, and 5 with the probability `p`
//!   that paños draw on 5 ([`FivePlay`]);
//! - a paño that stood had 6 or 7, and 5 with probability `1 − p`;
//! - neither had 8 or 9: a natural is shown at once (R-BQ-11).
//!
//! A banco caller is free to draw or stand on any total below 8 (R-BQ-11). Sabot models
//! him, by default, like any paño: his reasons to leave the rule are unknowable and
//! rare. A caller known to play otherwise is given his own probability of drawing on
//! each total ([`PanoPlay::custom`]).
//!
//! The enumeration takes every ordered pair of first cards for each paño and then the
//! bank's third card, without replacement, each weighted by how many such cards are
//! left: the joint chances are exact, including how one paño's cards change the other's
//! and the bank's. The integer counts (exact) are weighted by the paños' draw
//! probabilities in `f64`; the results agree with exact rational arithmetic to about
//! 1e-15 (relative).
//!
//! A paño is won, lost or tied by comparing totals; a natural beats any hand that is
//! not one (R-BQ-15). The bank's net on each of the nine joint results is computed in
//! exact [`Money`], with the cagnotte taken as the engine takes it (R-BQ-16, R-CF-9):
//! a percentage of a positive net, rounded by the table's rule. The expectation of the
//! net is then an `f64` in the stakes' units.

use super::composition::{Composition, CompositionError, pair_ways};
use crate::engine::Played;
use crate::engine::drawing::{BankDuty, Cell, against_two, bank_cell, fares_against, is_natural};
use crate::engine::settings::TieRule;
use crate::engine::{
    Card, Game, HandId, HandStep, Money, Rate, Rounding, Status, Table, points_total, points_total_at,
};
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use rust_decimal::{Decimal, RoundingStrategy};

/// How the paños play a two-card 5, where R-BQ-11 leaves them free.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FivePlay {
    Draw,
    Stand,
    /// Draws with this probability (0 to 1).
    Mix(f64),
}

impl FivePlay {
    /// The probability of drawing on 5.
    pub fn draw_probability(self) -> f64 {
        match self {
            FivePlay::Draw => 1.0,
            FivePlay::Stand => 0.0,
            FivePlay::Mix(p) => p,
        }
    }

    /// `draw`, `stand` (also `carta`, `no`, `always`, `never`), or a probability `0.25`.
    pub fn parse(s: &str) -> Option<FivePlay> {
        match s.trim().to_ascii_lowercase().as_str() {
            "draw" | "carta" | "always" | "siempre" | "pide" => Some(FivePlay::Draw),
            "stand" | "no" | "never" | "nunca" | "planta" => Some(FivePlay::Stand),
            t => t.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)).map(FivePlay::Mix),
        }
    }
}

/// How a paño's holder plays: the probability that he draws on each two-card total
/// 0 to 7 (8 and 9 are naturals, shown).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanoPlay {
    pub draw: [f64; 8],
}

impl PanoPlay {
    /// R-BQ-11: draws on 0–4, stands on 6–7, and on 5 as `five` says.
    pub fn standard(five: FivePlay) -> PanoPlay {
        let mut draw = [1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0];
        draw[5] = five.draw_probability();
        PanoPlay { draw }
    }

    /// A holder who draws on total `t` with probability `draw[t]` (a free banco caller).
    pub fn custom(draw: [f64; 8]) -> PanoPlay {
        PanoPlay { draw }
    }

    fn check(&self) -> bool {
        self.draw.iter().all(|p| p.is_finite() && (0.0..=1.0).contains(p))
    }
}

/// What the banker sees of a paño (of the player, in Chemin de fer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// It showed a natural: it takes no part in the bank's choice and beats it.
    Natural,
    /// It stood on its two cards.
    Stood,
    /// It drew; the third card, face up, is worth these points.
    Drew(u8),
}

/// One paño as the banker sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanoView {
    pub seen: Seen,
    /// What plays on this paño against the bank (plain bets, halves, its share of the
    /// bets a caballo).
    pub stake: Money,
    pub play: PanoPlay,
}

/// Everything the banker knows at his turn, as plain values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BankerView {
    /// The cards he has not seen, by points: what is left in the sabot and the paños'
    /// face-down first cards. Not his own two cards, not the third cards, not the two
    /// cards of a natural shown.
    pub unseen: Composition,
    /// The bank's two-card total, 0 to 7 (with 8 or 9 there is nothing to decide).
    pub bank: u8,
    /// Paño 1 and paño 2 in Banque; in Chemin de fer the player in the first place and
    /// `None` in the second.
    pub panos: [Option<PanoView>; 2],
    /// Equal totals (R-BQ-15).
    pub tie: TieRule,
    /// The cagnotte on the bank's net win (R-BQ-16, R-CF-9) and its rounding.
    pub cagnotte: Rate,
    pub rounding: Rounding,
}

/// Why there is no advice to give.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AdviceError {
    #[error("the bank has {0}: a natural is shown at once, there is nothing to decide (R-BQ-12)")]
    BankNatural(u8),
    #[error("{0} is not a two-card total: totals go from 0 to 9")]
    BadTotal(u8),
    #[error("a third card worth {0} points: points go from 0 to 9")]
    BadThird(u8),
    #[error("every paño showed a natural: the bank has no play (R-BQ-14)")]
    NoPlay,
    #[error("a probability of drawing must be between 0 and 1")]
    BadProbability,
    #[error("a stake cannot be negative: {0}")]
    NegativeStake(Money),
    #[error("what the paños did cannot happen with these cards and this play on 5")]
    Impossible,
    #[error("{0}")]
    Composition(#[from] CompositionError),
    #[error("the game is {0:?}: only Banque and Chemin de fer have a banker who chooses")]
    NotABankersGame(Game),
    #[error("it is not the bank's turn: the advice is for the bank's decision")]
    NotBanksTurn,
    #[error("the bank's two cards are not known: give them")]
    BankCardsUnknown,
    #[error("an amount overflowed")]
    Overflow,
}

/// Win, lose, tie: the bank's chances against one paño.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Wlt {
    pub win: f64,
    pub lose: f64,
    pub tie: f64,
}

/// What one choice of the bank leads to.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Expectation {
    /// The bank's chances against each paño (`None` where there is none).
    pub against: [Option<Wlt>; 2],
    /// Joint chances: `joint[a][b]` with `a` the result against paño 1 and `b` against
    /// paño 2, each 0 win, 1 lose, 2 tie (a missing paño counts as a tie).
    pub joint: [[f64; 3]; 3],
    /// The bank's expected net, before the cagnotte, in the stakes' units.
    pub gross: f64,
    /// The bank's expected net after the cagnotte: what the banker keeps.
    pub net: f64,
}

/// The bank's options: draw or stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Draw,
    Stand,
    /// The same expected result either way.
    Either,
}

/// The banker's two options, side by side, and what the table says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Advice {
    pub draw: Expectation,
    pub stand: Expectation,
    /// The table of R-BQ-13 against each paño (`None`: it showed a natural or is absent).
    pub cells: [Option<Cell>; 2],
    /// The table read against both (R-BQ-14): what a banker who asked for it must do.
    pub table: Option<BankDuty>,
}

/// Rounds an expectation to the cent, half away from zero: the money figure to show.
pub fn to_money(x: f64) -> Result<Money, AdviceError> {
    Decimal::from_f64(x)
        .and_then(|d| Money::from_decimal(d.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)).ok())
        .ok_or(AdviceError::Overflow)
}

impl Expectation {
    /// The expected net before the cagnotte, as money to the cent.
    pub fn gross_money(&self) -> Result<Money, AdviceError> {
        to_money(self.gross)
    }
    /// The expected net after the cagnotte, as money to the cent.
    pub fn net_money(&self) -> Result<Money, AdviceError> {
        to_money(self.net)
    }
}

impl Advice {
    /// The better choice for the banker, by what he keeps after the cagnotte; equal
    /// within 1e-9 of the stakes is `Either`.
    pub fn better(&self) -> Choice {
        let scale = 1e-9 * (1.0 + self.draw.net.abs().max(self.stand.net.abs()));
        let d = self.draw.net - self.stand.net;
        if d.abs() <= scale {
            Choice::Either
        } else if d > 0.0 {
            Choice::Draw
        } else {
            Choice::Stand
        }
    }

    /// How much more the better choice keeps, per coup (after the cagnotte).
    pub fn margin(&self) -> f64 {
        (self.draw.net - self.stand.net).abs()
    }
}

/// A hidden paño: which one, what it did, and how likely each first-two-card total
/// made it do that.
struct Hidden {
    slot: usize,
    third: Option<usize>,
    likelihood: [f64; 10],
}

/// Chances of the joint results against two paños, `[ra][rb]`: 0 the paño wins, 1 it
/// loses, 2 a tie (or no paño there).
type Joint = [[f64; 3]; 3];

/// The result against a hidden paño with first-two total `t` when the bank ends on
/// `b` (0 the paño wins, 1 it loses, 2 a tie).
fn against_hidden(h: &Hidden, t: usize, b: usize) -> usize {
    let fin = match h.third {
        Some(x) => points_total_at(t, x),
        None => t,
    };
    result(b, fin)
}

fn likelihood(seen: Seen, play: &PanoPlay) -> [f64; 10] {
    let mut l = [0.0; 10];
    for (t, slot) in l.iter_mut().enumerate().take(8) {
        *slot = match seen {
            Seen::Drew(_) => play.draw[t],
            Seen::Stood => 1.0 - play.draw[t],
            Seen::Natural => 0.0,
        };
    }
    l
}

/// The bank's result against a paño: 0 win, 1 lose, 2 tie. Neither side has a natural.
#[inline]
fn result(bank: usize, pano: usize) -> usize {
    index(fares_against(bank as u8, false, pano as u8, false))
}

/// An outcome as the enumerators index it: 0 win, 1 lose, 2 tie.
#[inline]
pub(crate) const fn index(o: std::cmp::Ordering) -> usize {
    match o {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
    }
}

impl BankerView {
    /// Checks the view: what is wrong, said once.
    pub fn check(&self) -> Result<(), AdviceError> {
        match self.bank {
            t if t > 9 => return Err(AdviceError::BadTotal(t)),
            t if is_natural(t) => return Err(AdviceError::BankNatural(t)),
            _ => {}
        }
        let mut hidden = 0;
        let mut any = false;
        for p in self.panos.iter().flatten() {
            any = true;
            if p.stake.is_negative() {
                return Err(AdviceError::NegativeStake(p.stake));
            }
            if !p.play.check() {
                return Err(AdviceError::BadProbability);
            }
            match p.seen {
                Seen::Drew(x) if x > 9 => return Err(AdviceError::BadThird(x)),
                Seen::Natural => {}
                _ => hidden += 2,
            }
        }
        if !any || hidden == 0 {
            return Err(AdviceError::NoPlay);
        }
        self.unseen.check_can_deal(hidden + 1)?;
        Ok(())
    }

    /// The exact expected result for the bank of drawing and of standing.
    pub fn advise(&self) -> Result<Advice, AdviceError> {
        self.check()?;
        let hidden = self.hidden();
        let (draw, stand) = self.hidden_results(&hidden)?;
        let nets = self.nets()?;
        let cells = [0, 1].map(|slot| match self.panos[slot] {
            Some(PanoView { seen: Seen::Stood, .. }) => Some(bank_cell(self.bank, None)),
            Some(PanoView { seen: Seen::Drew(x), .. }) => Some(bank_cell(self.bank, Some(x))),
            _ => None,
        });
        Ok(Advice {
            draw: self.expectation(self.place(&hidden, &draw), &nets),
            stand: self.expectation(self.place(&hidden, &stand), &nets),
            cells,
            table: against_two(cells[0], cells[1]),
        })
    }

    /// The paños whose cards are hidden (not a natural), with the likelihood of each
    /// first-two total given what the paño did.
    fn hidden(&self) -> Vec<Hidden> {
        self.panos
            .iter()
            .enumerate()
            .filter_map(|(slot, p)| {
                let p = p.as_ref()?;
                let third = match p.seen {
                    Seen::Natural => return None,
                    Seen::Stood => None,
                    Seen::Drew(x) => Some(usize::from(x)),
                };
                Some(Hidden { slot, third, likelihood: likelihood(p.seen, &p.play) })
            })
            .collect()
    }

    /// The joint results against the hidden paños (`[ra][rb]`: 0 the paño wins, 1 it
    /// loses, 2 a tie or no second paño), drawing and standing, as probabilities over
    /// every sequence of the unseen cards weighted by the paños' likelihoods.
    fn hidden_results(&self, hidden: &[Hidden]) -> Result<(Joint, Joint), AdviceError> {
        // counts[ta][tb][d]: ordered sequences (first pair, second pair, bank's card d)
        // giving hidden totals ta, tb; with one hidden paño tb is always 0.
        let counts = self.count_sequences(hidden);
        let lb = match hidden.get(1) {
            Some(h) => h.likelihood,
            None => {
                let mut one = [0.0; 10];
                one[0] = 1.0;
                one
            }
        };
        let la = hidden[0].likelihood;
        let bank = usize::from(self.bank);
        let mut draw = [[0.0f64; 3]; 3];
        let mut stand = [[0.0f64; 3]; 3];
        let mut z = 0.0;
        for (ta, by_tb) in counts.iter().enumerate() {
            if la[ta] == 0.0 {
                continue;
            }
            for (tb, by_d) in by_tb.iter().enumerate() {
                let l = la[ta] * lb[tb];
                if l == 0.0 {
                    continue;
                }
                let mut sum = 0u128;
                for (d, &c) in by_d.iter().enumerate() {
                    if c == 0 {
                        continue;
                    }
                    sum += c;
                    let w = c as f64 * l;
                    let fin = points_total_at(bank, d);
                    let ra = against_hidden(&hidden[0], ta, fin);
                    let rb = hidden.get(1).map_or(2, |h| against_hidden(h, tb, fin));
                    draw[ra][rb] += w;
                }
                if sum == 0 {
                    continue;
                }
                let w = sum as f64 * l;
                z += w;
                let ra = against_hidden(&hidden[0], ta, bank);
                let rb = hidden.get(1).map_or(2, |h| against_hidden(h, tb, bank));
                stand[ra][rb] += w;
            }
        }
        if z <= 0.0 {
            return Err(AdviceError::Impossible);
        }
        Ok((draw.map(|row| row.map(|w| w / z)), stand.map(|row| row.map(|w| w / z))))
    }

    /// Places the hidden results on their paños' slots; a natural paño always wins, a
    /// missing one is a tie with no stake.
    fn place(&self, hidden: &[Hidden], joint_h: &Joint) -> Joint {
        let mut out = [[0.0; 3]; 3];
        for (i, row) in joint_h.iter().enumerate() {
            for (j, &w) in row.iter().enumerate() {
                let mut r = [2usize; 2];
                r[hidden[0].slot] = i;
                if let Some(h) = hidden.get(1) {
                    r[h.slot] = j;
                }
                for (slot, p) in self.panos.iter().enumerate() {
                    if matches!(p, Some(PanoView { seen: Seen::Natural, .. })) {
                        r[slot] = 1;
                    }
                }
                out[r[0]][r[1]] += w;
            }
        }
        out
    }

    /// The expectation of a joint result: won, lost and tied against each paño, and
    /// the bank's gross and net.
    fn expectation(&self, joint: Joint, nets: &[[(f64, f64); 3]; 3]) -> Expectation {
        let mut e = Expectation { joint, ..Expectation::default() };
        for (slot, p) in self.panos.iter().enumerate() {
            if p.is_some() {
                let mut wlt = Wlt::default();
                for (i, row) in joint.iter().enumerate() {
                    for (j, &w) in row.iter().enumerate() {
                        match if slot == 0 { i } else { j } {
                            0 => wlt.win += w,
                            1 => wlt.lose += w,
                            _ => wlt.tie += w,
                        }
                    }
                }
                e.against[slot] = Some(wlt);
            }
        }
        for (i, row) in joint.iter().enumerate() {
            for (j, &w) in row.iter().enumerate() {
                e.gross += w * nets[i][j].0;
                e.net += w * nets[i][j].1;
            }
        }
        e
    }

    /// The bank's net before and after the cagnotte for each joint result, computed in
    /// exact money as the engine settles it (R-BQ-15, R-BQ-16), then as `f64`.
    fn nets(&self) -> Result<[[(f64, f64); 3]; 3], AdviceError> {
        let mut out = [[(0.0, 0.0); 3]; 3];
        for (i, row) in out.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                let mut net = Money::ZERO;
                for (slot, r) in [(0usize, i), (1, j)] {
                    let Some(p) = &self.panos[slot] else { continue };
                    net = match (r, self.tie) {
                        (0, _) | (2, TieRule::BankWins) => net.checked_add(p.stake),
                        (1, _) => net.checked_sub(p.stake),
                        _ => Ok(net),
                    }
                    .map_err(|_| AdviceError::Overflow)?;
                }
                let cagnotte = if net.is_positive() {
                    net.take(self.cagnotte, self.rounding).map_err(|_| AdviceError::Overflow)?
                } else {
                    Money::ZERO
                };
                let kept = net.checked_sub(cagnotte).map_err(|_| AdviceError::Overflow)?;
                let f = |m: Money| m.decimal().to_f64().ok_or(AdviceError::Overflow);
                *cell = (f(net)?, f(kept)?);
            }
        }
        Ok(out)
    }

    /// Counts the ordered card sequences of the hidden paños' first cards and the bank's
    /// next card, by the hidden totals and that card. Pairs whose total could not have
    /// made the paño do what it did are skipped.
    fn count_sequences(&self, hidden: &[Hidden]) -> Box<[[[u128; 10]; 10]; 10]> {
        let (mut n, dec) = self.unseen.weights();
        let mut counts = Box::new([[[0u128; 10]; 10]; 10]);
        let la = hidden[0].likelihood;
        for a1 in 0..10 {
            for a2 in a1..10 {
                let ta = points_total_at(a1, a2);
                if la[ta] == 0.0 {
                    continue;
                }
                let wa = pair_ways(&n, a1, a2, dec);
                if wa == 0 {
                    continue;
                }
                n[a1] -= dec;
                n[a2] -= dec;
                match hidden.get(1) {
                    None => {
                        for (d, &c) in n.iter().enumerate() {
                            counts[ta][0][d] += wa * c;
                        }
                    }
                    Some(h) => {
                        for b1 in 0..10 {
                            for b2 in b1..10 {
                                let tb = points_total_at(b1, b2);
                                if h.likelihood[tb] == 0.0 {
                                    continue;
                                }
                                let wb = pair_ways(&n, b1, b2, dec);
                                if wb == 0 {
                                    continue;
                                }
                                n[b1] -= dec;
                                n[b2] -= dec;
                                let w = wa * wb;
                                let slot = &mut counts[ta][tb];
                                for (d, &c) in n.iter().enumerate() {
                                    slot[d] += w * c;
                                }
                                n[b1] += dec;
                                n[b2] += dec;
                            }
                        }
                    }
                }
                n[a1] += dec;
                n[a2] += dec;
            }
        }
        counts
    }

    /// The banker's view of the coup in play on a live table: the composition the
    /// engine has not seen, the paños' play, the stakes on each, the table's cagnotte
    /// and tie rule. `bank_cards` are the bank's two cards when the engine does not know
    /// them yet (the banker has looked; the croupier has not seen them): they are taken
    /// out of the composition. First cards of the paños that the engine knows (a
    /// card-reading shoe) but the banker has not seen are put back. Each paño plays on 5
    /// as `five` says.
    pub fn from_table(table: &Table, bank_cards: Option<[Card; 2]>, five: FivePlay) -> Result<BankerView, AdviceError> {
        let settings = table.settings();
        let game = settings.game;
        if game == Game::PuntoBanca {
            return Err(AdviceError::NotABankersGame(game));
        }
        if !matches!(
            table.status(),
            Status::Turn { hand: HandId::Bank, step: HandStep::Call { .. } | HandStep::Card { .. } }
        ) {
            return Err(AdviceError::NotBanksTurn);
        }
        let ctx = table.ctx();
        let play = &table.coup().play;
        let known = play.hands.bank().cards.first_two();
        let (bank_points, take_out) = match (known, bank_cards) {
            (Some(cards), _) => (cards.map(|c| c.points()), Vec::new()),
            (None, Some(cards)) => {
                let pts = cards.map(|c| c.points());
                (pts, pts.to_vec())
            }
            (None, None) => return Err(AdviceError::BankCardsUnknown),
        };
        let mut put_back = Vec::new();
        let mut panos = [None, None];
        for (slot, hand) in panos.iter_mut().zip(ctx.players().iter().copied()) {
            let h = &play.hands[hand];
            // A third card is face up; otherwise the paño showed a natural or stood (it
            // is the bank's turn, so every paño has played).
            let seen = match (h.cards.third, ctx.player_step(play, hand)) {
                (Some(c), _) => Seen::Drew(c.points()),
                (None, HandStep::Done(Played::Natural)) => Seen::Natural,
                (None, _) => Seen::Stood,
            };
            if seen != Seen::Natural {
                put_back.extend(h.cards.first.iter().flatten().map(|c| c.points()));
            }
            let mut stake = Money::ZERO;
            for bet in &table.coup().bets {
                for s in bet.stakes(settings.unit).map_err(|_| AdviceError::Overflow)?.iter().flatten() {
                    if s.hand == hand {
                        stake = stake.checked_add(s.amount).map_err(|_| AdviceError::Overflow)?;
                    }
                }
            }
            *slot = Some(PanoView { seen, stake, play: PanoPlay::standard(five) });
        }
        let unseen = Composition::from_shoe(table.shoe())?.without(&take_out)?.with(&put_back)?;
        Ok(BankerView {
            unseen,
            bank: points_total(bank_points[0], bank_points[1]),
            panos,
            tie: settings.house.tie,
            cagnotte: settings.cagnotte,
            rounding: settings.rounding,
        })
    }
}

/// The banker's decision for this view (a shorthand for [`BankerView::advise`]).
pub fn advise(view: &BankerView) -> Result<Advice, AdviceError> {
    view.advise()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Money {
        s.parse().unwrap()
    }

    fn view(unseen: Composition, bank: u8, panos: [Option<PanoView>; 2]) -> BankerView {
        BankerView { unseen, bank, panos, tie: TieRule::Push, cagnotte: Rate::ZERO, rounding: Rounding::default() }
    }

    fn pano(seen: Seen, stake: &str) -> Option<PanoView> {
        Some(PanoView { seen, stake: m(stake), play: PanoPlay::standard(FivePlay::Draw) })
    }

    #[test]
    fn a_bank_natural_has_nothing_to_decide_r_bq_12() {
        let v = view(Composition::decks(6).unwrap(), 8, [pano(Seen::Stood, "10"), None]);
        assert_eq!(v.advise(), Err(AdviceError::BankNatural(8)));
    }

    #[test]
    fn both_naturals_leave_no_play_r_bq_14() {
        let v = view(Composition::decks(6).unwrap(), 3, [pano(Seen::Natural, "10"), pano(Seen::Natural, "10")]);
        assert_eq!(v.advise(), Err(AdviceError::NoPlay));
    }

    #[test]
    fn bank_zero_against_a_stander_draws_r_bq_13() {
        // Bank 0 against a paño that stood (6 or 7; 5 stands never here): standing loses
        // or ties for sure, drawing can win. The table says T (R-BQ-13).
        let v = view(Composition::decks(6).unwrap(), 0, [pano(Seen::Stood, "100"), None]);
        let a = v.advise().unwrap();
        assert_eq!(a.cells[0], Some(Cell::Draw));
        assert!((a.stand.against[0].unwrap().lose - 1.0).abs() < 1e-12);
        assert_eq!(a.better(), Choice::Draw);
        assert!((a.stand.gross + 100.0).abs() < 1e-9);
    }

    #[test]
    fn a_natural_pano_is_lost_either_way_r_bq_15() {
        // Paño 1 showed a natural: the bank loses its stake whatever it does.
        let v = view(Composition::decks(6).unwrap(), 5, [pano(Seen::Natural, "50"), pano(Seen::Drew(4), "0")]);
        let a = v.advise().unwrap();
        for e in [a.draw, a.stand] {
            assert!((e.against[0].unwrap().lose - 1.0).abs() < 1e-12);
            assert!((e.gross + 50.0).abs() < 1e-9);
        }
        // R-BQ-14: the table against the other paño alone: 5 against a 4 is O.
        assert_eq!(a.table, Some(BankDuty::Chooses));
    }

    #[test]
    fn impossible_observation_is_refused() {
        // Only tens left: a paño's hidden total is 0, it must draw; "stood" cannot happen.
        let v = view(Composition::parse("20,0,0,0,0,0,0,0,0,0").unwrap(), 3, [pano(Seen::Stood, "10"), None]);
        assert_eq!(v.advise(), Err(AdviceError::Impossible));
    }

    #[test]
    fn five_play_parses() {
        assert_eq!(FivePlay::parse("draw"), Some(FivePlay::Draw));
        assert_eq!(FivePlay::parse("No"), Some(FivePlay::Stand));
        assert_eq!(FivePlay::parse("0.25"), Some(FivePlay::Mix(0.25)));
        assert_eq!(FivePlay::parse("1.5"), None);
        assert_eq!(FivePlay::parse("NaN"), None);
        assert_eq!(FivePlay::parse("x"), None);
    }

    #[test]
    fn money_to_the_cent() {
        assert_eq!(to_money(12.345).unwrap(), m("12.35"));
        assert_eq!(to_money(-0.004).unwrap(), m("0"));
        assert!(to_money(f64::NAN).is_err());
    }
}
