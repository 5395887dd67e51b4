//! Settlement: each player hand against the bank (R-BQ-15), each bet paid or taken,
//! the bank's net, the cagnotte (R-BQ-16, R-CF-9), Punto y Banca's commission and
//! void ties (R-PB-4). Everything in exact money, balancing to the cent.

use super::bet::Bet;
use super::clause::Clause;
use super::coup::Play;
use super::hand::{HandId, Spot};
use super::money::{Money, MoneyError};
use super::rules::Ctx;
use super::settings::{Game, TableSettings, TieRule};
use super::vocab::{BetResult, HandCardList, HandResult, SeatResult, Settlement, Winner};
use arrayvec::ArrayVec;
use rust_decimal::Decimal;
use std::cmp::Ordering;

/// How a player hand fared against the bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Won,
    Lost,
    Tie,
    /// The coup is void for that hand: its bets stand back (R-BQ-E3, E8, E11).
    Void,
}

/// R-BQ-15: how hand `a` fares against `b` (`drawing::fares_against`).
fn compare(a: &HandResult, b: &HandResult) -> Ordering {
    super::drawing::fares_against(a.total, a.natural, b.total, b.natural)
}

fn hand_results(ctx: &Ctx, p: &Play) -> ArrayVec<HandResult, 3> {
    let bank = ctx.bank();
    // At most three hands a game (`HandId::of_game`).
    p.hands
        .of_game(ctx.game())
        .map(|(hand, h)| {
            let cards: HandCardList = h.cards.first.iter().flatten().chain(&h.cards.third).copied().collect();
            let natural = if h.zero || h.rebuilt.is_some() {
                false
            } else if hand == bank || ctx.game() == Game::PuntoBanca {
                h.cards.two_card_eight_or_nine()
            } else {
                ctx.player_natural(h)
            };
            // Discarded unshown counts 0; rebuilt from testimony counts as rebuilt (R-BQ-E6).
            let total = if h.zero {
                0
            } else if let Some(t) = h.rebuilt {
                (t + h.cards.third.map_or(0, |c| c.points())) % 10
            } else {
                h.cards.total().unwrap_or(0)
            };
            HandResult { hand, total, natural, cards }
        })
        .collect()
}

/// The clause that governs a bet's payout: the void's (R-BQ-E3, E8, E11; a Punto y
/// Banca tie, R-PB-4), the line's (R-BQ-6, R-BQ-7), or the game's comparison of
/// hands and payment (R-BQ-15, R-CF-9, R-PB-4).
fn payout_clause(ctx: &Ctx, p: &Play, bet: &Bet) -> Clause {
    if let Some(clause) = p.void {
        return clause;
    }
    let stake_void = bet.stakes(ctx.settings.unit).is_ok_and(|st| st.iter().flatten().any(|s| p.hands[s.hand].void));
    match (ctx.game(), bet.spot) {
        (Game::PuntoBanca, _) => Clause::PB4,
        (_, _) if stake_void => Clause::BQE11,
        (Game::Banque, Spot::Cheval) => Clause::BQ7,
        (Game::Banque, Spot::Half(_)) => Clause::BQ6,
        (Game::Banque, _) => Clause::BQ15,
        (Game::ChemindeFer, _) => Clause::CF9,
    }
}

/// What a hand did for the stakes on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fared {
    Won,
    Lost,
    /// Equal totals (R-BQ-15; a void coup in Punto y Banca, R-PB-4).
    Tie,
    /// The coup is void for that hand: its bets stand (R-BQ-E3, E8, E11).
    Void,
}

/// How a hand fared, against which hand, under which clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandFare {
    pub fared: Fared,
    /// The hand it was compared with (the bank, banca; punto for banca).
    pub against: HandId,
    pub clause: Clause,
}

/// The clause that compares `player` (a player hand) with the bank's side and pays
/// it: R-BQ-15, R-CF-9, R-PB-4.
fn comparison_clause(player: HandId) -> Clause {
    match player {
        HandId::Tableau(_) => Clause::BQ15,
        HandId::Punto | HandId::Banca => Clause::PB4,
        HandId::Player | HandId::Bank => Clause::CF9,
    }
}

/// How `hand` fared, read from the player hands' winners: a player hand from its
/// own; the bank's side (banca, or Chemin de fer's bank) as the opposite of the one
/// hand it played; Banque's bank, which played two hands, has none.
fn fare_in(winners: &[(HandId, Winner)], void: Option<Clause>, hand: HandId) -> Option<HandFare> {
    let (player, bank_side) = match hand {
        HandId::Banca => (HandId::Punto, true),
        HandId::Bank if winners.len() == 1 => (winners.first()?.0, true),
        HandId::Bank => return None,
        h => (h, false),
    };
    let (_, w) = winners.iter().find(|(h, _)| *h == player)?;
    let player_won = matches!(w, Winner::Tableau | Winner::Player | Winner::Punto);
    let fared = match w {
        Winner::Tie => Fared::Tie,
        Winner::Void => Fared::Void,
        _ if player_won != bank_side => Fared::Won,
        _ => Fared::Lost,
    };
    let against = match (bank_side, player) {
        (true, _) => player,
        (false, HandId::Punto) => HandId::Banca,
        (false, _) => HandId::Bank,
    };
    let clause = if fared == Fared::Void { void.unwrap_or(Clause::BQE11) } else { comparison_clause(player) };
    Some(HandFare { fared, against, clause })
}

/// The part of a bet that played on one hand, and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetPart {
    pub hand: HandId,
    /// What played on the hand (`Bet::stakes`).
    pub stake: Money,
    pub fared: Fared,
    /// What the part won (positive) or lost (negative), before any commission.
    pub net: Money,
    /// The clause of the hand's result (`HandFare::clause`).
    pub clause: Clause,
}

/// A settled bet, part by part (R-BQ-6, R-BQ-7, R-BQ-15): the parts, the commission
/// on a banca win (R-PB-4), the net, and the clause of the whole payout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetRuling {
    pub parts: ArrayVec<BetPart, 2>,
    pub commission: Money,
    /// The parts less the commission: the bet's `BetResult::net`.
    pub net: Money,
    /// The bet's clause; a bet whose every part tied: the tie's (R-BQ-15), not its line's.
    pub clause: Clause,
}

/// Each stake of `bet` against how its hand fared; the commission on a banca win
/// (R-PB-4). A tie loses the stake where the house's rule gives ties to the bank.
fn bet_parts(
    s: &TableSettings,
    bet: &Bet,
    fare: impl Fn(HandId) -> Option<HandFare>,
) -> Result<(ArrayVec<BetPart, 2>, Money), MoneyError> {
    let mut parts = ArrayVec::new();
    let mut commission = Money::ZERO;
    for stake in bet.stakes(s.unit)?.iter().flatten() {
        let Some(f) = fare(stake.hand) else { continue };
        let bank_takes_ties = s.house.tie == TieRule::BankWins && s.game != Game::PuntoBanca;
        let net = match f.fared {
            Fared::Won => stake.amount,
            Fared::Lost => stake.amount.checked_neg(),
            Fared::Tie if bank_takes_ties => stake.amount.checked_neg(),
            Fared::Tie | Fared::Void => Money::ZERO,
        };
        if f.fared == Fared::Won && stake.hand == HandId::Banca {
            commission = commission.checked_add(stake.amount.take(s.commission, s.rounding)?)?;
        }
        parts.push(BetPart { hand: stake.hand, stake: stake.amount, fared: f.fared, net, clause: f.clause });
    }
    Ok((parts, commission))
}

/// What a bet won (positive) or lost (negative), and the commission taken from it:
/// the sum of its parts (`bet_parts`) less the commission.
fn bet_net(
    s: &TableSettings,
    bet: &Bet,
    winners: &[(HandId, Winner)],
    void: Option<Clause>,
) -> Result<(Money, Money), MoneyError> {
    let (parts, commission) = bet_parts(s, bet, |h| fare_in(winners, void, h))?;
    let net = Money::sum(parts.iter().map(|p| p.net))?.checked_sub(commission)?;
    Ok((net, commission))
}

/// The arithmetic of a cagnotte (R-BQ-16, R-CF-9): the bank's net win times the
/// rate, exact, then rounded to the quantum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CagnotteSum {
    pub net: Money,
    /// The rate, in per cent (5 for 5 %).
    pub percent: Decimal,
    /// `net × rate`, before rounding.
    pub exact: Decimal,
    pub quantum: Money,
    pub cagnotte: Money,
}

impl Settlement {
    /// How `hand` fared in this coup, against which hand, under which clause (`None`
    /// for Banque's bank, which played two hands, or a hand not in the coup).
    pub fn fare(&self, hand: HandId) -> Option<HandFare> {
        fare_in(&self.winners, self.void, hand)
    }

    /// Every player hand of the coup tied the bank's side (R-BQ-15; a Punto y Banca
    /// tie, R-PB-4).
    pub fn all_tied(&self) -> bool {
        !self.winners.is_empty() && self.winners.iter().all(|(_, w)| *w == Winner::Tie)
    }

    /// A settled bet of this coup, part by part, with its clause (`None` for a bet
    /// not settled here).
    pub fn ruling_of(&self, settings: &TableSettings, bet: &Bet) -> Option<Result<BetRuling, MoneyError>> {
        let result = self.bets.iter().find(|r| r.bet == *bet)?;
        let ruled = bet_parts(settings, bet, |h| self.fare(h)).map(|(parts, commission)| {
            let all_tied = !parts.is_empty() && parts.iter().all(|p| p.fared == Fared::Tie);
            let clause = match (self.void, parts.first()) {
                (None, Some(p)) if all_tied => p.clause,
                _ => result.clause.unwrap_or(Clause::C8),
            };
            BetRuling { parts, commission, net: result.net, clause }
        });
        Some(ruled)
    }

    /// The cagnotte's arithmetic; `None` when the bank did not win the coup (no
    /// cagnotte, R-BQ-16) or the product overflows.
    pub fn cagnotte_sum(&self, settings: &TableSettings) -> Option<CagnotteSum> {
        if !self.bank_net.is_positive() {
            return None;
        }
        let rate = settings.cagnotte.decimal();
        Some(CagnotteSum {
            net: self.bank_net,
            percent: rate.checked_mul(Decimal::ONE_HUNDRED)?.normalize(),
            exact: self.bank_net.decimal().checked_mul(rate)?.normalize(),
            quantum: settings.rounding.quantum,
            cagnotte: self.cagnotte,
        })
    }
}

/// Settles a complete coup. `bank` is the bank before the coup (zero in Punto y Banca):
/// who won each player hand's coup against the bank's side, each bet's payout, each
/// player's net, and the bank's (the cagnotte taken, a free bank's loss covered).
pub fn settle(ctx: &Ctx, bets: &[Bet], p: &Play, bank: Money) -> Result<Settlement, MoneyError> {
    let hands = hand_results(ctx, p);
    let outcomes = outcomes(ctx, p, &hands);
    let winners: ArrayVec<(HandId, Winner), 2> =
        outcomes.iter().map(|(hand, o)| (*hand, winner(ctx.game(), *o))).collect();
    let punto = outcomes.first().map(|(_, o)| *o);
    let void = p.void.or((ctx.game() == Game::PuntoBanca && punto == Some(Outcome::Tie)).then_some(Clause::PB4));
    let mut results = Vec::with_capacity(bets.len());
    for bet in bets {
        let (net, commission) = bet_net(ctx.settings, bet, &winners, void)?;
        results.push(BetResult { bet: *bet, net, commission, clause: Some(payout_clause(ctx, p, bet)) });
    }
    let seats = seat_nets(&results)?;
    let bank_net = Money::sum(results.iter().map(|r| r.net))?.checked_neg();
    let commission = Money::sum(results.iter().map(|r| r.commission))?;
    let BankAfter { cagnotte, bank_after, covered } = bank_after(ctx, bank, bank_net)?;
    Ok(Settlement {
        hands,
        winners,
        bets: results,
        seats,
        bank_before: bank,
        bank_net,
        cagnotte,
        commission,
        bank_after,
        covered,
        void,
    })
}

/// How each player hand fared against the bank's side (at most two: Banque's paños):
/// won, lost, tied by comparing the hands, or void with its coup.
fn outcomes(ctx: &Ctx, p: &Play, hands: &[HandResult]) -> ArrayVec<(HandId, Outcome), 2> {
    let bank = hands.iter().find(|h| h.hand == ctx.bank()).unwrap_or(&hands[0]);
    hands
        .iter()
        .filter(|h| h.hand != ctx.bank())
        .map(|h| {
            let outcome = if p.void.is_some() || p.hands[h.hand].void {
                Outcome::Void
            } else {
                match compare(h, bank) {
                    Ordering::Greater => Outcome::Won,
                    Ordering::Less => Outcome::Lost,
                    Ordering::Equal => Outcome::Tie,
                }
            };
            (h.hand, outcome)
        })
        .collect()
}

/// The winner of a player hand's coup, in the game's words.
fn winner(game: Game, outcome: Outcome) -> Winner {
    match (game, outcome) {
        (_, Outcome::Void) => Winner::Void,
        (_, Outcome::Tie) => Winner::Tie,
        (Game::PuntoBanca, Outcome::Won) => Winner::Punto,
        (Game::PuntoBanca, Outcome::Lost) => Winner::Banca,
        (Game::Banque, Outcome::Won) => Winner::Tableau,
        (Game::ChemindeFer, Outcome::Won) => Winner::Player,
        (_, Outcome::Lost) => Winner::Bank,
    }
}

/// Each player's net over his bets, in the order of the players.
fn seat_nets(results: &[BetResult]) -> Result<Vec<SeatResult>, MoneyError> {
    let mut seats: Vec<SeatResult> = Vec::with_capacity(results.len());
    for r in results {
        match seats.iter_mut().find(|s| s.player == r.bet.player) {
            Some(s) => s.net = s.net.checked_add(r.net)?,
            None => seats.push(SeatResult { player: r.bet.player, net: r.net }),
        }
    }
    seats.sort_unstable_by_key(|s| s.player);
    Ok(seats)
}

/// The bank after a coup: the cagnotte taken from its win, and what a free bank lost
/// beyond what it held, covered from the banker's pocket.
struct BankAfter {
    cagnotte: Money,
    bank_after: Money,
    covered: Money,
}

/// R-BQ-16: the cagnotte only when the bank wins on the whole coup. R-BQ-4: a free bank
/// that lost more than it held ends at 0, the banker (who accepted the bets) paying the
/// rest (a log of an earlier reading: below 0). Punto y Banca has no bank.
fn bank_after(ctx: &Ctx, bank: Money, bank_net: Money) -> Result<BankAfter, MoneyError> {
    if !ctx.game().has_bank() {
        return Ok(BankAfter { cagnotte: Money::ZERO, bank_after: bank, covered: Money::ZERO });
    }
    let s = ctx.settings;
    let cagnotte = if bank_net.is_positive() { bank_net.take(s.cagnotte, s.rounding)? } else { Money::ZERO };
    let after = bank.checked_add(bank_net)?.checked_sub(cagnotte)?;
    if after.is_negative() && ctx.reading.presence() {
        return Ok(BankAfter { cagnotte, bank_after: Money::ZERO, covered: after.checked_neg() });
    }
    Ok(BankAfter { cagnotte, bank_after: after, covered: Money::ZERO })
}
