//! Settlement: each player hand against the bank (R-BQ-15), each bet paid or taken,
//! the bank's net, the cagnotte (R-BQ-16, R-CF-9), Punto y Banca's commission and
//! void ties (R-PB-4). Everything in exact money, balancing to the cent.

use super::bet::Bet;
use super::clause::Clause;
use super::coup::Play;
use super::hand::{HandId, Spot};
use super::money::{Money, MoneyError};
use super::rules::Ctx;
use super::settings::{Game, TieRule};
use super::vocab::{BetResult, HandCardList, HandResult, SeatResult, Settlement, Winner};
use arrayvec::ArrayVec;
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

/// R-BQ-15: the higher total wins; a natural beats any hand that is not a natural
/// (any three-card hand, even a three-card 9); equal totals tie.
fn compare(a: &HandResult, b: &HandResult) -> Ordering {
    match (a.natural, b.natural) {
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.total.cmp(&b.total),
    }
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

/// What a bet won (positive) or lost (negative), and the commission taken from it:
/// each stake against its hand's outcome (R-BQ-6, R-BQ-7, R-BQ-15); in Punto y Banca
/// punto or banca, banca paid less the commission, a tie void (R-PB-4).
fn bet_net(
    ctx: &Ctx,
    bet: &Bet,
    outcome_of: &[(HandId, Outcome)],
    pb_result: Option<Outcome>,
) -> Result<(Money, Money), MoneyError> {
    let s = ctx.settings;
    if ctx.game() == Game::PuntoBanca {
        return Ok(match (bet.spot, pb_result) {
            (_, Some(Outcome::Tie | Outcome::Void)) | (_, None) => (Money::ZERO, Money::ZERO),
            (Spot::Punto, Some(Outcome::Won)) => (bet.amount, Money::ZERO),
            (Spot::Punto, Some(Outcome::Lost)) => (bet.amount.checked_neg(), Money::ZERO),
            (_, Some(Outcome::Lost)) => {
                // Banca wins: paid 1 to 1 less the commission (R-PB-4).
                let c = bet.amount.take(s.commission, s.rounding)?;
                (bet.amount.checked_sub(c)?, c)
            }
            (_, Some(Outcome::Won)) => (bet.amount.checked_neg(), Money::ZERO),
        });
    }
    let mut net = Money::ZERO;
    for stake in bet.stakes(s.unit)?.iter().flatten() {
        let outcome = outcome_of.iter().find(|(h, _)| *h == stake.hand).map(|(_, o)| *o);
        net = match outcome {
            Some(Outcome::Won) => net.checked_add(stake.amount)?,
            Some(Outcome::Lost) => net.checked_sub(stake.amount)?,
            Some(Outcome::Tie) if s.house.tie == TieRule::BankWins => net.checked_sub(stake.amount)?,
            Some(Outcome::Tie | Outcome::Void) | None => net,
        };
    }
    Ok((net, Money::ZERO))
}

/// Settles a complete coup. `bank` is the bank before the coup (zero in Punto y Banca).
pub fn settle(ctx: &Ctx, bets: &[Bet], p: &Play, bank: Money) -> Result<Settlement, MoneyError> {
    let s = ctx.settings;
    let hands = hand_results(ctx, p);
    let bank_hand = hands.iter().find(|h| h.hand == ctx.bank()).cloned().unwrap_or_else(|| hands[0].clone());
    // At most two player hands (Banque's paños).
    let mut outcome_of: ArrayVec<(HandId, Outcome), 2> = ArrayVec::new();
    let mut winners = ArrayVec::new();
    for h in hands.iter().filter(|h| h.hand != ctx.bank()) {
        let ord = compare(h, &bank_hand);
        let outcome = if p.void.is_some() || p.hands[h.hand].void {
            Outcome::Void
        } else {
            match ord {
                Ordering::Greater => Outcome::Won,
                Ordering::Less => Outcome::Lost,
                Ordering::Equal => Outcome::Tie,
            }
        };
        outcome_of.push((h.hand, outcome));
        winners.push((
            h.hand,
            match (ctx.game(), outcome) {
                (_, Outcome::Void) => Winner::Void,
                (_, Outcome::Tie) => Winner::Tie,
                (Game::PuntoBanca, Outcome::Won) => Winner::Punto,
                (Game::PuntoBanca, Outcome::Lost) => Winner::Banca,
                (Game::Banque, Outcome::Won) => Winner::Tableau,
                (Game::ChemindeFer, Outcome::Won) => Winner::Player,
                (_, Outcome::Lost) => Winner::Bank,
            },
        ));
    }

    let pb_result = outcome_of.first().map(|(_, o)| *o);
    let void = p.void.or((ctx.game() == Game::PuntoBanca && pb_result == Some(Outcome::Tie)).then_some(Clause::PB4));
    let mut results = Vec::with_capacity(bets.len());
    for bet in bets {
        let (net, commission) = bet_net(ctx, bet, outcome_of.as_slice(), pb_result)?;
        results.push(BetResult { bet: *bet, net, commission, clause: Some(payout_clause(ctx, p, bet)) });
    }

    let mut seats: Vec<SeatResult> = Vec::with_capacity(results.len());
    for r in &results {
        match seats.iter_mut().find(|s| s.player == r.bet.player) {
            Some(s) => s.net = s.net.checked_add(r.net)?,
            None => seats.push(SeatResult { player: r.bet.player, net: r.net }),
        }
    }
    seats.sort_unstable_by_key(|s| s.player);
    let players_net = Money::sum(results.iter().map(|r| r.net))?;
    let bank_net = players_net.checked_neg();
    let commission = Money::sum(results.iter().map(|r| r.commission))?;
    let (cagnotte, bank_after) = if ctx.game().has_bank() {
        // R-BQ-16: the cagnotte only when the bank wins on the whole coup.
        let cagnotte = if bank_net.is_positive() { bank_net.take(s.cagnotte, s.rounding)? } else { Money::ZERO };
        (cagnotte, bank.checked_add(bank_net)?.checked_sub(cagnotte)?)
    } else {
        (Money::ZERO, bank)
    };
    // A free bank lost more than it held (R-BQ-4): the banker, who accepted the bets,
    // pays the rest from his pocket; the bank ends at 0 (an earlier reading: below).
    let (bank_after, covered) = if bank_after.is_negative() && ctx.reading.presence() {
        (Money::ZERO, bank_after.checked_neg())
    } else {
        (bank_after, Money::ZERO)
    };
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
