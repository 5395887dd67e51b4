//! Bets before "no va más": plain bets, banco and its Chemin de fer priorities,
//! banco con la mesa and its completion, associations, a free bank's offers, bets
//! taken back (R-C-7, R-BQ-3…8, R-CF-2…5, R-PB-4).

use super::checks::{betting_open, not_banker, positive, present_before, refuse, seat_exists};
use crate::engine::bet::{Bet, BetKind};
use crate::engine::clause::Clause;
use crate::engine::event::Event;
use crate::engine::hand::{HandId, PlayerRef, Spot};
use crate::engine::money::Money;
use crate::engine::op::{Op, Share};
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::settings::{BankLimit, Game, StakeOutOfLimits};
use crate::engine::table::{MAX_BETS_PER_COUP, Table};

/// The clause that keeps the bank's bets in this game (R-BQ-17, R-CF-2).
fn no_bank_clause(t: &Table) -> Clause {
    if t.game() == Game::Banque { Clause::BQ17 } else { Clause::CF2 }
}

/// Bets are open and the bank announced; room for one more bet.
fn open(t: &Table) -> Result<(), Refusal> {
    betting_open(t)?;
    let game = t.game();
    if game.has_bank() && !t.shift.bank_announced() {
        return refuse(no_bank_clause(t), Reason::NoBank);
    }
    if t.coup.bets.len() >= usize::from(MAX_BETS_PER_COUP) {
        return refuse(Clause::C8, Reason::TooManyBets { max: MAX_BETS_PER_COUP });
    }
    Ok(())
}

fn banco_bet(t: &Table) -> Option<&Bet> {
    t.coup.bets.iter().find(|b| b.kind == BetKind::Banco)
}

/// Everything at risk against the bank, with this bet.
fn at_risk_with(t: &Table, bet: &Bet) -> Result<Money, Refusal> {
    let unit = t.settings.unit;
    let mut risks = t.coup.bets.iter().chain(std::iter::once(bet)).map(|b| b.at_risk(unit));
    risks
        .try_fold(Money::ZERO, |sum, risk| sum.checked_add(risk?))
        .map_err(|_| Refusal::new(Clause::C8, Reason::MoneyOverflow))
}

/// The sum of `amounts`, refused (R-C-8) in the impossible case that it passes the
/// money bound: every amount is bounded and a coup takes a bounded number of bets.
fn sum(amounts: impl IntoIterator<Item = Money>) -> Result<Money, Refusal> {
    Money::sum(amounts).map_err(|_| Refusal::new(Clause::C8, Reason::MoneyOverflow))
}

/// Whether a bet may be placed now (R-C-7, R-BQ-4…8, R-CF-2, R-PB-2).
pub fn check_bet(t: &Table, bet: &Bet) -> Result<(), Refusal> {
    open(t)?;
    let s = &t.settings;
    let game = s.game;
    let spot_ok = matches!(
        (game, bet.spot),
        (Game::Banque, Spot::Tableau(1 | 2) | Spot::Half(1 | 2) | Spot::Cheval)
            | (Game::ChemindeFer, Spot::Player)
            | (Game::PuntoBanca, Spot::Punto | Spot::Banca)
    );
    let seat_clause = game.pick(Clause::BQ1, Clause::CF5, Clause::PB2);
    if !spot_ok {
        return refuse(seat_clause, Reason::SpotNotInGame { spot: bet.spot });
    }
    seat_exists(t, bet.player, seat_clause)?;
    present_before(t, bet.player, seat_clause)?;
    positive(bet.amount)?;
    // The table's limits (a house setting) bind a player's own stake; a banco is the bank.
    if matches!(bet.kind, BetKind::Plain | BetKind::Late) {
        let amount = bet.amount;
        match s.stake_within_limits(amount) {
            Err(StakeOutOfLimits::BelowMinimum { min }) => {
                return refuse(Clause::BQ4, Reason::BelowTableMinimum { amount, min });
            }
            Err(StakeOutOfLimits::AboveMaximum { max }) => {
                return refuse(Clause::BQ4, Reason::AboveTableMaximum { amount, max });
            }
            Ok(()) => {}
        }
    }
    if game == Game::PuntoBanca {
        return Ok(());
    }
    if !t.bank.is_positive() {
        return refuse(no_bank_clause(t), Reason::NoBank);
    }
    not_banker(t, bet.player)?;
    if let (BetKind::Plain, Some(banco)) = (bet.kind, banco_bet(t)) {
        let clause = if game == Game::Banque { Clause::BQ8 } else { Clause::CF3 };
        return refuse(clause, Reason::BancoTaken { by: banco.player });
    }
    match bet.spot {
        Spot::Cheval if bet.amount.units_of(s.unit).is_none() => {
            return refuse(Clause::BQ7, Reason::ChevalNotWholeUnits { amount: bet.amount, unit: s.unit });
        }
        Spot::Half(_) if !bet.amount.half().is_ok_and(|h| h.is_multiple_of(s.rounding.quantum)) => {
            return refuse(Clause::BQ6, Reason::HalfNotPayable { amount: bet.amount });
        }
        _ => {}
    }
    let limited = game == Game::ChemindeFer || s.bank_limit == BankLimit::Limited;
    if limited {
        let total = at_risk_with(t, bet)?;
        if total > t.bank {
            let clause = if game == Game::Banque { Clause::BQ4 } else { Clause::CF2 };
            return refuse(clause, Reason::OverBank { total, bank: t.bank });
        }
    }
    Ok(())
}

/// A plain bet (R-C-7, R-BQ-5…7).
pub fn bet(t: &Table, player: PlayerRef, spot: Spot, amount: Money, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let bet = Bet { player, spot, amount, kind: BetKind::Plain };
    check_bet(t, &bet)?;
    // A free bank: «todas las apuestas tendrán que ser previamente aceptadas por el
    // banquero antes de llevarse a cabo» (001): offered, then accepted (R-BQ-4).
    // (Logs of an earlier reading took them straight on.)
    if free_bank(t) && t.reading.presence() {
        return refuse(Clause::BQ4, Reason::AcceptedFirst);
    }
    out.push(Event::BetPlaced(bet));
    Ok(())
}

/// Banco: the whole bank (R-BQ-8 on a paño, before any other bet; a second banco
/// on the other paño goes to a draw). Chemin de fer: by priority (R-CF-3).
pub fn banco(t: &Table, player: PlayerRef, on: Option<HandId>, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let game = t.game();
    let (spot, clause) = match (game, on) {
        (Game::Banque, Some(HandId::Tableau(n @ (1 | 2)))) => (Spot::Tableau(n), Clause::BQ8),
        (Game::Banque, Some(hand)) => return refuse(Clause::BQ8, Reason::HandNotInGame { hand }),
        (Game::Banque, None) => return refuse(Clause::BQ8, Reason::HandNotInGame { hand: HandId::Bank }),
        (Game::ChemindeFer, None | Some(HandId::Player)) => return cf_banco(t, player, out),
        (Game::ChemindeFer, Some(hand)) => return refuse(Clause::CF3, Reason::HandNotInGame { hand }),
        (Game::PuntoBanca, _) => return refuse(Clause::PB4, Reason::SpotNotInGame { spot: Spot::Banca }),
    };
    open(t)?;
    let bet = Bet { player, spot, amount: t.bank, kind: BetKind::Banco };
    if let Some(b) = banco_bet(t) {
        // Banco on both paños: a draw decides which (R-BQ-8).
        let alone = t.coup.bets.len() == 1 && t.coup.contest.is_none();
        if b.spot != spot && alone && b.player != player {
            seat_exists(t, player, clause)?;
            present_before(t, player, clause)?;
            out.push(Event::BancoContested(bet));
            return Ok(());
        }
        return refuse(clause, Reason::BancoTaken { by: b.player });
    }
    if !t.coup.bets.is_empty() || !t.coup.offers.is_empty() {
        return refuse(clause, Reason::BancoAfterBets);
    }
    check_bet(t, &bet)?;
    out.push(Event::BetPlaced(bet));
    Ok(())
}

/// Chemin de fer banco, with its priorities (R-CF-3).
fn cf_banco(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    open(t)?;
    let bet = Bet { player, spot: Spot::Player, amount: t.bank, kind: BetKind::Banco };
    seat_exists(t, player, Clause::CF3)?;
    present_before(t, player, Clause::CF3)?;
    if !t.bank.is_positive() {
        return refuse(Clause::CF2, Reason::NoBank);
    }
    not_banker(t, player)?;
    cf_banco_events(t, bet, out)
}

/// Chemin de fer banco: by priority (R-CF-3); a banco by one player comes before an
/// association. The events that replace a lower-priority call.
fn cf_banco_events(t: &Table, bet: Bet, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let bets = &t.coup.bets;
    if bets.is_empty() {
        out.push(Event::BetPlaced(bet));
        return Ok(());
    }
    if bets.iter().all(|b| b.kind == BetKind::Associated) {
        for b in bets.iter().rev() {
            out.push(Event::BetWithdrawn { player: b.player, spot: b.spot });
        }
        out.push(Event::BetPlaced(bet));
        return Ok(());
    }
    if let Some(old) = bets.iter().find(|b| b.kind == BetKind::Banco) {
        let rank = |p| t.shift.priority_rank(&t.settings, p);
        if rank(bet.player) < rank(old.player) {
            out.push(Event::BetWithdrawn { player: old.player, spot: old.spot });
            out.push(Event::BetPlaced(bet));
            return Ok(());
        }
        return refuse(Clause::CF3, Reason::PriorityTo { seat: old.player.seat });
    }
    // Before the deal a banco takes priority over the other bets, which are withdrawn
    // (003: «La petición de banca no tiene preferencia cuando las cartas han sido ya
    // distribuidas»; R-CF-3). Banque's «antes de cualquier otra apuesta» is not this game's.
    // A dead card froze the bets: none may be withdrawn (R-BQ-E2).
    if t.coup.play.frozen {
        return refuse(Clause::BQE2, Reason::Frozen);
    }
    for b in bets.iter().rev() {
        out.push(Event::BetWithdrawn { player: b.player, spot: b.spot });
    }
    out.push(Event::BetPlaced(bet));
    Ok(())
}

/// Chemin de fer: banco con la mesa, half the bank (R-CF-4).
pub fn banco_with_table(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF4, Reason::SpotNotInGame { spot: Spot::Player });
    }
    open(t)?;
    if let Some(b) = banco_bet(t) {
        return refuse(Clause::CF4, Reason::BancoTaken { by: b.player });
    }
    if !t.coup.bets.is_empty() {
        return refuse(Clause::CF4, Reason::BancoWithTableTaken);
    }
    // Half a bank of an odd cent is no amount: refused, never rounded (R-CF-4).
    let half = t.bank.half().map_err(|_| Refusal::new(Clause::CF4, Reason::HalfNotPayable { amount: t.bank }))?;
    let bet = Bet { player, spot: Spot::Player, amount: half, kind: BetKind::BancoWithTable };
    check_bet(t, &bet)?;
    out.push(Event::BetPlaced(bet));
    Ok(())
}

/// Chemin de fer: "con la mesa y último completo": the rest of the bank (R-CF-4).
pub fn last_complete(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF4, Reason::NotInThisGame);
    }
    betting_open(t)?;
    if !t.coup.bets.iter().any(|b| b.kind == BetKind::BancoWithTable) {
        return refuse(Clause::CF4, Reason::NoBancoWithTable);
    }
    if t.coup.bets.iter().any(|b| b.kind == BetKind::LastComplete) {
        return refuse(Clause::CF4, Reason::NothingToComplete);
    }
    let covered = sum(t.coup.bets.iter().map(|b| b.amount))?;
    let rest = t.bank.checked_sub(covered).map_err(|_| Refusal::new(Clause::C8, Reason::NothingToComplete))?;
    if !rest.is_positive() {
        return refuse(Clause::CF4, Reason::NothingToComplete);
    }
    let bet = Bet { player, spot: Spot::Player, amount: rest, kind: BetKind::LastComplete };
    check_bet(t, &bet)?;
    out.push(Event::BetPlaced(bet));
    Ok(())
}

/// Chemin de fer: a banco made by several standing players together (R-CF-3).
pub fn association(t: &Table, shares: &[Share], out: &mut Vec<Event>) -> Result<(), Refusal> {
    match t.game() {
        // "no se permiten asociaciones" (001).
        Game::Banque => return refuse(Clause::BQ8, Reason::NoAssociation),
        Game::PuntoBanca => return refuse(Clause::PB4, Reason::NotInThisGame),
        Game::ChemindeFer => {}
    }
    betting_open(t)?;
    if !t.coup.bets.is_empty() {
        return refuse(Clause::CF3, Reason::BancoAfterBets);
    }
    if let Some(s) = shares.iter().find(|s| !s.player.standing) {
        return refuse(Clause::CF5, Reason::SeatedCannotAssociate { seat: s.player.seat });
    }
    let total = sum(shares.iter().map(|s| s.amount))?;
    if shares.len() < 2 || total != t.bank {
        return refuse(Clause::CF3, Reason::SharesMustMakeTheBank { total, bank: t.bank });
    }
    for s in shares {
        let bet = Bet { player: s.player, spot: Spot::Player, amount: s.amount, kind: BetKind::Associated };
        seat_exists(t, s.player, Clause::CF3)?;
        not_banker(t, s.player)?;
        positive(s.amount)?;
        out.push(Event::BetPlaced(bet));
    }
    Ok(())
}

/// A free bank (banca libre, R-BQ-4): Banque's bank without a limit.
pub fn free_bank(t: &Table) -> bool {
    t.game() == Game::Banque && t.settings.bank_limit == BankLimit::Free
}

/// Free bank: a bet offered, waiting for the banker (R-BQ-4).
pub fn offer(t: &Table, player: PlayerRef, spot: Spot, amount: Money, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if !free_bank(t) {
        return refuse(Clause::BQ4, Reason::NotAFreeBank);
    }
    let bet = Bet { player, spot, amount, kind: BetKind::Plain };
    check_bet(t, &bet)?;
    if let Some(waiting) = t.coup.offers.iter().find(|b| b.player == player) {
        return refuse(Clause::BQ4, Reason::OffersPending { offers: vec![(waiting.player, waiting.amount)] });
    }
    out.push(Event::BetOffered(bet));
    Ok(())
}

/// Free bank: the banker accepts or declines a bet offered (R-BQ-4).
pub fn answer_offer(t: &Table, player: PlayerRef, accept: bool, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let Some(offer) = t.coup.offers.iter().find(|b| b.player == player) else {
        return refuse(Clause::BQ4, Reason::NoSuchBet { seat: player.seat });
    };
    if accept {
        check_bet(t, offer)?;
        out.push(Event::BetAccepted { player });
    } else {
        out.push(Event::BetDeclined { player });
    }
    Ok(())
}

/// Bets may be taken back: before "no va más" (R-C-7), and not while a dead card
/// froze them (R-BQ-E2).
fn withdrawable(t: &Table) -> Result<(), Refusal> {
    betting_open(t)?;
    if t.coup.play.frozen {
        return refuse(Clause::BQE2, Reason::Frozen);
    }
    Ok(())
}

/// A bet taken back before "no va más" (after a tie in Punto y Banca, R-PB-4).
pub fn withdraw(t: &Table, player: PlayerRef, spot: Spot, out: &mut Vec<Event>) -> Result<(), Refusal> {
    withdrawable(t)?;
    if !t.coup.bets.iter().any(|b| b.player == player && b.spot == spot) {
        return refuse(Clause::C7, Reason::NoSuchBet { seat: player.seat });
    }
    out.push(Event::BetWithdrawn { player, spot });
    Ok(())
}

/// A player's bets, the last placed first (the order they are taken back in).
fn bets_of(t: &Table, player: PlayerRef) -> impl Iterator<Item = &Bet> + Clone {
    t.coup.bets.iter().rev().filter(move |b| b.player == player)
}

/// «quita N»: every bet of his taken back, the last placed first (R-C-7; the bets a
/// Punto y Banca tie left, R-PB-4). Refused as one withdrawal would be: the bets closed
/// (R-C-7), frozen (R-BQ-E2), or nothing of his on the cloth (R-C-7).
pub fn withdrawals_of(t: &Table, player: PlayerRef) -> Result<Vec<Op>, Refusal> {
    withdrawable(t)?;
    let ops: Vec<Op> = bets_of(t, player).map(|b| Op::WithdrawBet { player, spot: b.spot }).collect();
    if ops.is_empty() {
        return refuse(Clause::C7, Reason::NoSuchBet { seat: player.seat });
    }
    Ok(ops)
}

/// «cambia N spot amount»: his bet there is `amount` now (R-C-7; a Punto y Banca tie's
/// bets «recoger sus apuestas para variarlas», R-PB-4). What is taken back: every bet of
/// his on that spot; or, with none there, his one bet elsewhere, moved (after a tie,
/// banca to punto). Then the new bet, which the engine decides as any bet. Refused as a
/// withdrawal would be (closed, frozen), and with no bet of his to change: none on the
/// cloth, or several and none on that spot, when which one moves is not said (R-C-7).
pub fn change_of(t: &Table, player: PlayerRef, spot: Spot, amount: Money) -> Result<Vec<Op>, Refusal> {
    withdrawable(t)?;
    let his = bets_of(t, player);
    let mut ops: Vec<Op> =
        his.clone().filter(|b| b.spot == spot).map(|b| Op::WithdrawBet { player, spot: b.spot }).collect();
    if ops.is_empty() {
        let mut others = his;
        match (others.next(), others.next()) {
            (Some(only), None) => ops.push(Op::WithdrawBet { player, spot: only.spot }),
            _ => return refuse(Clause::C7, Reason::NoSuchBet { seat: player.seat }),
        }
    }
    ops.push(Op::Bet { player, spot, amount });
    Ok(ops)
}
