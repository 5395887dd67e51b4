//! The shift between coups: the shoe's life (R-C-3…6, R-PB-5), the next coup and the
//! bank announced (R-BQ-17, R-CF-2), who sits where (R-BQ-1, R-BQ-2), who takes the
//! bank and how (R-BQ-3, R-CF-10), banca seguida and who holds the cards (R-CF-6),
//! the sabot passing (R-PB-1); and what a settlement brings about in the shift.

use super::checks::{between_coups, enough_players, positive, refuse, seat_exists};
use crate::engine::bet::{Bet, BetKind};
use crate::engine::card::Card;
use crate::engine::clause::Clause;
use crate::engine::event::{BankWay, Event};
use crate::engine::hand::{HandId, PlayerRef, Spot};
use crate::engine::money::Money;
use crate::engine::op::Bid;
use crate::engine::player_number::PlayerNumber;
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::settings::Game;
use crate::engine::shift::{Bank, Present, Seating};
use crate::engine::table::Table;
use crate::engine::vocab::{Settlement, Winner};

/// A new shoe: the decks shown complete and counted (R-C-5, R-C-3).
pub fn new_shoe(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    between_coups(t)?;
    out.push(Event::ShoeOpened { decks: t.settings.decks });
    Ok(())
}

/// The shuffle: the croupier's, or in Chemin de fer a player's (R-C-5).
pub fn shuffle(t: &Table, by: Option<PlayerRef>, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let sabot = &t.shift.sabot;
    if !sabot.opened() || sabot.ended() {
        return refuse(Clause::C5, Reason::ShoeNotReady);
    }
    if sabot.cut() {
        return refuse(Clause::C5, Reason::AlreadyCut);
    }
    if let Some(p) = by {
        if t.game() != Game::ChemindeFer {
            return refuse(Clause::C5, Reason::OnlyTheCroupierShuffles);
        }
        seat_exists(t, p, Clause::C5)?;
    }
    out.push(Event::Shuffled { by });
    Ok(())
}

fn ready_to_cut(t: &Table) -> Result<(), Refusal> {
    let sabot = &t.shift.sabot;
    if !sabot.opened() || sabot.ended() || !sabot.shuffled() {
        return refuse(Clause::C5, Reason::ShoeNotReady);
    }
    if sabot.cut() {
        return refuse(Clause::C5, Reason::AlreadyCut);
    }
    if !sabot.croupier_shuffled_last() {
        return refuse(Clause::C5, Reason::CroupierShufflesLast);
    }
    Ok(())
}

/// Chemin de fer: who is offered the cut now, and may decline it (R-C-5); or why
/// nobody may.
pub fn cut_offered(t: &Table) -> Result<PlayerRef, Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::C5, Reason::NotInThisGame);
    }
    ready_to_cut(t)?;
    match t.cut_offered_to() {
        Some(seat) => Ok(PlayerRef::seated(seat)),
        None => refuse(Clause::C5, Reason::CutNotOffered),
    }
}

/// Chemin de fer: the player offered the cut declines it (R-C-5).
pub fn decline_cut(t: &Table, by: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let offered = cut_offered(t)?;
    if by != offered {
        return refuse(Clause::C5, Reason::CutOfferedTo { seat: offered.seat });
    }
    out.push(Event::CutDeclined { by });
    Ok(())
}

/// The cut card placed with `below` cards under it (R-C-4, R-C-5).
pub fn cut(t: &Table, by: Option<PlayerRef>, below: u32, out: &mut Vec<Event>) -> Result<(), Refusal> {
    ready_to_cut(t)?;
    let game = t.game();
    if game == Game::ChemindeFer {
        match (t.cut_offered_to(), by) {
            (Some(seat), Some(p)) if p.seat == seat && !p.standing => {}
            (None, None) => {}
            (Some(seat), _) => return refuse(Clause::C5, Reason::CutOfferedTo { seat }),
            (None, Some(_)) => return refuse(Clause::C5, Reason::CutNotOffered),
        }
    } else if let Some(p) = by {
        seat_exists(t, p, Clause::C5)?;
    }
    let min = t.settings.cut_min();
    if below < u32::from(min) {
        let r = Refusal::new(Clause::C4, Reason::CutTooShort { below, min });
        return Err(if game == Game::ChemindeFer { r.also(Clause::CF1) } else { r });
    }
    let left = t.shoe.in_sabot();
    if below.saturating_add(6) > left {
        return refuse(Clause::C4, Reason::CutTooDeep { below, left });
    }
    out.push(Event::CutPlaced { by, below });
    Ok(())
}

/// Punto y Banca: the first card turned; its points say how many burn (R-PB-5).
pub fn burn(t: &Table, card: Card, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let sabot = &t.shift.sabot;
    if t.game() != Game::PuntoBanca {
        return refuse(Clause::PB5, Reason::NoBurnInThisGame);
    }
    if !sabot.cut() || sabot.ended() {
        return refuse(Clause::PB5, Reason::ShoeNotReady);
    }
    if sabot.burned() {
        return refuse(Clause::PB5, Reason::AlreadyCut);
    }
    t.shoe.check_draw(card).map_err(|_| Refusal::new(Clause::C3, Reason::CardNotLeft { card }))?;
    let count = card.rank.burn_count();
    if t.shoe.in_sabot() < 1 + u32::from(count) + 4 {
        return refuse(Clause::C3, Reason::SabotEmpty);
    }
    out.push(Event::Burned { card, count });
    Ok(())
}

/// The cut card came out: the coup in progress is the last of the shoe (R-C-4).
pub fn cut_card_out(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let sabot = &t.shift.sabot;
    if !sabot.opened() || sabot.cut_out() || sabot.ended() {
        return refuse(Clause::C4, Reason::ShoeNotReady);
    }
    out.push(Event::CutCardOut);
    if !t.coup_in_progress() {
        out.push(Event::ShoeEnded);
    }
    Ok(())
}

/// At the end of the shoe a player asks for the cards to be checked (R-C-6).
pub fn check_cards(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if !t.shift.sabot.ended() {
        return refuse(Clause::C6, Reason::ShoeNotOver);
    }
    let size = t.shoe.size();
    let unseen = t.shoe.unseen();
    let complete = size == u32::from(t.settings.decks) * 52;
    out.push(Event::CardsChecked { seen: size - unseen, unseen, complete });
    Ok(())
}

/// The next coup (R-BQ-17, R-CF-2, R-PB-3); in Punto y Banca the bets of a void
/// coup stay on the cloth (R-PB-4).
pub fn next_coup(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let game = t.game();
    between_coups(t)?;
    let sabot = &t.shift.sabot;
    if sabot.ended() || sabot.cut_out() {
        return refuse(Clause::C4, Reason::ShoeOver);
    }
    if !sabot.ready(game) {
        return if game == Game::PuntoBanca && sabot.cut() {
            refuse(Clause::PB5, Reason::BurnFirst)
        } else {
            refuse(Clause::C5, Reason::ShoeNotReady)
        };
    }
    if let Some(seat) = t.shift.bank.offered_to() {
        return refuse(Clause::CF10, Reason::BankOfferedTo { seat });
    }
    enough_players(t)?;
    // A coup opened and left untouched (no bet, no deal) keeps its number.
    let untouched = t.shift.coup_open && t.coup.settlement.is_none();
    let number = if untouched { t.shift.coup_number.max(1) } else { t.shift.coup_number.saturating_add(1) };
    out.push(Event::CoupOpened { number });
    // A void coup's bets stand for the next (R-BQ-E3, E8, E11; a Punto y Banca tie, R-PB-4).
    if !t.shift.void_bets.is_empty() {
        out.push(Event::BetsCarried(t.shift.void_bets.clone()));
    }
    Ok(())
}

/// The bank announces its amount and hands its chips to the croupier (R-BQ-17,
/// R-CF-2): in Banque at least the bank as it stands; in Chemin de fer exactly it,
/// or exactly the bank a winner of the shoe's last coup keeps (R-CF-10).
pub fn announce_bank(t: &Table, amount: Money, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let game = t.game();
    let sh = &t.shift;
    let clause = game.pick(Clause::BQ17, Clause::CF2, Clause::PB4);
    if !game.has_bank() {
        return refuse(clause, Reason::NotInThisGame);
    }
    if !sh.coup_open {
        return refuse(clause, Reason::NoCoupOpen);
    }
    // After a void coup its bets stand (`BetsCarried`): the bank is announced again, by
    // the rules of any announcement (in Banque at least as it stands, so the bets
    // carried stay covered) (R-BQ-E3, E8, E11).
    let carried = !sh.bank_announced() && !t.coup.play.closed && t.coup.offers.is_empty() && t.coup.contest.is_none();
    if (t.coup_in_progress() && !carried) || t.coup.settlement.is_some() {
        return refuse(clause, Reason::CoupInProgress);
    }
    if let Some(seat) = sh.bank.offered_to() {
        return refuse(Clause::CF10, Reason::BankOfferedTo { seat });
    }
    // A bank at 0 with its banker still there is broken: nothing to announce; he
    // brings a new bank or leaves it, and it is offered or auctioned (R-BQ-3, R-CF-10).
    if !amount.is_positive() && !t.bank.is_positive() {
        let why = if sh.banker().is_some() { Reason::BankBroken } else { Reason::NoBanker };
        return refuse(game.pick(Clause::BQ3, Clause::CF10, Clause::PB4), why);
    }
    positive(amount)?;
    // Announced already at this amount: a second record would change nothing.
    if sh.bank_announced() && amount == t.bank {
        return refuse(clause, Reason::AlreadyAnnounced { amount });
    }
    // "si ofrece una cantidad igual a la que constituía entonces la banca" (003): the
    // same amount, neither less nor more (R-CF-10).
    if let Some(keep) = sh.bank.keep_at().filter(|k| amount != *k) {
        return refuse(Clause::CF10, Reason::AnnounceExactly { amount: keep });
    }
    if t.bank.is_positive() {
        match game {
            Game::Banque if amount < t.bank => return refuse(Clause::BQ17, Reason::AnnounceAtLeast { amount: t.bank }),
            Game::ChemindeFer if amount != t.bank && sh.bank.keep_at().is_none() => {
                return refuse(Clause::CF2, Reason::AnnounceExactly { amount: t.bank });
            }
            _ => {}
        }
    } else if sh.bank.offered_at().is_some() {
        // The banker left: the bank is taken again before it is announced (R-BQ-3).
        return refuse(clause, Reason::NoBanker);
    }
    // Money brought in: a standing bank raised, or a broken bank (at 0, its banker still
    // there) refilled by him (R-BQ-3, R-BQ-17).
    if sh.bank.stands(t.bank) && amount > t.bank {
        // `amount` the larger: the difference always exists; checked all the same.
        let brought = amount.checked_sub(t.bank).map_err(|_| Refusal::new(Clause::C8, Reason::MoneyOverflow))?;
        out.push(Event::BroughtIn { amount: brought });
    }
    out.push(Event::BankAnnounced { amount });
    Ok(())
}

/// A player sits at a section, or stands behind it (R-BQ-1).
pub fn join(t: &Table, player: PlayerRef, number: Option<PlayerNumber>, out: &mut Vec<Event>) -> Result<(), Refusal> {
    seat_exists(t, player, t.game().pick(Clause::BQ1, Clause::CF5, Clause::PB2))?;
    if t.shift.roster.contains(&player) {
        return refuse(Clause::BQ1, Reason::SeatTaken { seat: player.seat });
    }
    out.push(Event::Joined { player, number });
    Ok(())
}

/// A player leaves, his bets settled first (R-BQ-2). He takes with him the bets a void
/// coup left on the cloth (002 §12: «pueden recoger sus apuestas… o dejarlas para la
/// jugada siguiente»; `Table::apply` of `Left`), and no role stays with his empty seat.
pub fn leave(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if !t.shift.roster.contains(&player) {
        return refuse(Clause::BQ1, Reason::NotAtTable { seat: player.seat });
    }
    let his = |b: &Bet| b.player == player;
    let presence = t.reading.presence();
    let offered = presence && t.coup.offers.iter().any(his);
    if t.coup_in_progress() && (t.coup.bets.iter().any(his) || offered) {
        return refuse(Clause::BQ2, Reason::HasBets { seat: player.seat });
    }
    // The banker who leaves takes back his bank (001, R-BQ-3): not while it is in play
    // (logs of an earlier reading left the bank with him).
    let banker = presence && t.shift.banker() == Some(player);
    if banker {
        between_coups(t)?;
    }
    let in_play = t.coup.play.closed && t.coup.settlement.is_none();
    let game = t.game();
    let holds_pano = (1..=2u8).find(|n| !player.standing && t.pano_holder(*n) == player.seat);
    let deals = game == Game::PuntoBanca && !player.standing && t.dealer() == player.seat;
    let holds_cf_cards = t.coup.cards_with.is_some_and(|w| w.player == player);
    if in_play && ((game == Game::Banque && holds_pano.is_some()) || deals || holds_cf_cards) {
        let clause = game.pick(Clause::BQ9, Clause::CF6, Clause::PB1);
        return refuse(clause, Reason::HoldsTheCards { seat: player.seat });
    }
    if banker {
        leave_bank(t, out)?;
    }
    out.push(Event::Left { player });
    // A role held by the player who leaves goes on to the next player present: the
    // role never stays with an empty seat. The next sections are read with him gone.
    let mut after = t.shift.clone();
    after.roster.remove(&player);
    after.left.insert(player);
    let next = |within: Option<u8>| after.next_section(&t.settings, player.seat, within);
    match game {
        // A paño's cards pass to the next section of that paño (R-BQ-9; 001: «al
        // jugador situado en el siguiente puesto»).
        Game::Banque => {
            if let Some(n) = holds_pano.filter(|n| next(Some(*n)) != player.seat) {
                out.push(Event::HolderPassed { tableau: n, to: next(Some(n)) });
            }
        }
        // The sabot goes on to the next player on the right (R-PB-1, 002 §9).
        Game::PuntoBanca => {
            if deals && next(None) != player.seat {
                out.push(Event::SabotPassed { to: next(None) });
            }
        }
        // The bank offered to him is offered to the next player (R-CF-10).
        Game::ChemindeFer => {
            if t.shift.bank.offered_to() == Some(player.seat) && !player.standing && next(None) != player.seat {
                out.push(Event::BankOffered { to: next(None) });
            }
        }
    }
    Ok(())
}

/// How `player` comes to hold the bank with `amount` now: offered to him while it
/// passes round (R-CF-10), or at the amount the leaving banker had (R-BQ-3, any
/// other amount refused: it goes to auction, `auction`); bought otherwise, and when
/// the leaving banker had nothing left to offer (a broken bank).
fn bank_way(t: &Table, player: PlayerRef, amount: Money) -> Result<BankWay, Refusal> {
    match t.shift.bank {
        Bank::OfferedTo(seat) if t.game() == Game::ChemindeFer && seat != player.seat => {
            refuse(Clause::CF10, Reason::BankOfferedTo { seat })
        }
        Bank::OfferedTo(_) => Ok(BankWay::Offered),
        Bank::OfferedAt(at) if at.is_positive() && at != amount => {
            refuse(Clause::BQ3, Reason::OfferedAt { amount: at })
        }
        Bank::OfferedAt(at) if at.is_positive() => Ok(BankWay::Offered),
        Bank::OfferedAt(_) | Bank::Vacant | Bank::Unnamed { .. } | Bank::Held(_) => Ok(BankWay::Bought),
    }
}

/// A player takes the bank (R-BQ-3, R-CF-10); the engine says how.
pub fn take_bank(t: &Table, who: Present, amount: Money, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let player = who.player();
    let game = t.game();
    let clause = game.pick(Clause::BQ3, Clause::CF10, Clause::PB4);
    if !game.has_bank() {
        return refuse(clause, Reason::NotInThisGame);
    }
    between_coups(t)?;
    seat_exists(t, player, clause)?;
    if t.shift.bank.stands(t.bank) {
        return refuse(clause, Reason::BankHeld);
    }
    let amount = positive(amount)?.money();
    let how = bank_way(t, player, amount)?;
    // He comes to the table with the bank: seated first when the shift keeps its roster
    // and he is not on it (a player who left is refused before, `checks::named_present`).
    if t.reading.presence() && t.shift.seating == Seating::Kept && !t.shift.roster.contains(&player) {
        out.push(Event::Joined { player, number: None });
    }
    out.push(Event::BankTaken { player, amount, how });
    Ok(())
}

/// The bank auctioned: the highest bank takes it, ties drawn by lot (R-BQ-3).
pub fn auction(t: &Table, bids: &[Bid], lot: Option<PlayerRef>, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if !t.game().has_bank() {
        return refuse(Clause::BQ3, Reason::NotInThisGame);
    }
    between_coups(t)?;
    if t.shift.bank.stands(t.bank) {
        return refuse(Clause::BQ3, Reason::BankHeld);
    }
    let Some(top) = bids.iter().map(|b| b.amount).max() else {
        return refuse(Clause::BQ3, Reason::NoBanker);
    };
    for b in bids {
        seat_exists(t, b.player, Clause::BQ3)?;
        positive(b.amount)?;
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
    if best.len() > 1 {
        out.push(Event::LotDrawn { winner });
    }
    out.push(Event::BankTaken { player: winner, amount: top, how: BankWay::Auction });
    Ok(())
}

/// The banker leaves or gives up the bank, taking back what it holds (R-BQ-3,
/// R-CF-10); in Chemin de fer the bank is offered round the table.
pub fn leave_bank(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let game = t.game();
    if !game.has_bank() {
        return refuse(Clause::PB4, Reason::NotInThisGame);
    }
    between_coups(t)?;
    if !t.shift.bank.stands(t.bank) {
        return refuse(game.pick(Clause::BQ3, Clause::CF10, Clause::PB4), Reason::NoBanker);
    }
    out.push(Event::BankLeft { player: t.shift.banker(), returned: t.bank });
    if game == Game::ChemindeFer {
        let from = t.shift.banker().map_or(0, |b| b.seat);
        out.push(Event::BankOffered { to: t.next_section(from, None) });
    }
    Ok(())
}

/// Chemin de fer: who is offered the passing bank now, and may take or decline it
/// (R-CF-10); or why nobody may decline it.
pub fn bank_offered(t: &Table) -> Result<PlayerRef, Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF10, Reason::NotInThisGame);
    }
    match t.shift.bank.offered_to() {
        Some(seat) => Ok(PlayerRef::seated(seat)),
        None => refuse(Clause::CF10, Reason::BankNotOffered),
    }
}

/// Chemin de fer: the player offered the passing bank declines it (R-CF-10).
pub fn decline_bank(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let offered = bank_offered(t)?;
    if player.seat != offered.seat {
        return refuse(Clause::CF10, Reason::BankOfferedTo { seat: offered.seat });
    }
    out.push(Event::BankOffered { to: t.next_section(offered.seat, None) });
    Ok(())
}

/// Banco called on both paños: the lot's winner keeps it (R-BQ-8).
pub fn draw_lot(t: &Table, who: Present, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let winner = who.player();
    let Some(contest) = &t.coup.contest else {
        return refuse(Clause::BQ8, Reason::NotInTheDraw { seat: winner.seat });
    };
    let first = t.coup.bets.iter().find(|b| b.kind == BetKind::Banco).map(|b| b.player);
    if winner != contest.player && Some(winner) != first {
        return refuse(Clause::BQ8, Reason::NotInTheDraw { seat: winner.seat });
    }
    out.push(Event::LotDrawn { winner });
    Ok(())
}

/// Chemin de fer: the banker sets winnings aside, out of the bank (R-CF-9).
pub fn set_aside(t: &Table, amount: Money, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF9, Reason::NotInThisGame);
    }
    between_coups(t)?;
    if t.shift.bank_announced() && t.shift.coup_open && t.coup.settlement.is_none() {
        return refuse(Clause::CF9, Reason::CoupInProgress);
    }
    let amount = positive(amount)?.money();
    if amount > t.bank {
        return refuse(Clause::CF9, Reason::SetAsideTooMuch { bank: t.bank });
    }
    if t.shift.set_aside.checked_add(amount).is_err() {
        return refuse(Clause::C8, Reason::SetAsideTooMuch { bank: t.bank });
    }
    out.push(Event::SetAside { amount });
    Ok(())
}

/// Chemin de fer: banca seguida (R-CF-6): the player who holds the right calls the
/// whole bank again; other bets are withdrawn.
pub fn call_suivi(t: &Table, who: Present, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let player = who.player();
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF6, Reason::NotInThisGame);
    }
    if t.shift.suivi != Some(player) {
        return refuse(Clause::CF6, Reason::NoSuiviRight { seat: player.seat });
    }
    if !t.shift.coup_open || t.coup.settlement.is_some() {
        return refuse(Clause::CF6, Reason::NoCoupOpen);
    }
    if !t.shift.bank_announced() {
        return refuse(Clause::CF2, Reason::NoBank);
    }
    let p = &t.coup.play;
    let h = &p.hands[HandId::Player];
    let played = h.call.is_some() || h.cards.third.is_some() || h.cards.total2().is_some();
    if p.closed {
        if played {
            return refuse(Clause::CF6, Reason::CardsKept { seat: t.coup.cards_with.map_or(0, |w| w.player.seat) });
        }
        if let Some(w) = t.coup.cards_with.filter(|w| w.player != player && w.handed && w.seen) {
            return refuse(Clause::CF6, Reason::CardsKept { seat: w.player.seat });
        }
    }
    for b in t.coup.bets.iter().rev() {
        out.push(Event::BetWithdrawn { player: b.player, spot: b.spot });
    }
    out.push(Event::SuiviCalled { player });
    out.push(Event::BetPlaced(Bet { player, spot: Spot::Player, amount: t.bank, kind: BetKind::Banco }));
    if p.closed {
        out.push(Event::CardsHeld { player, handed: true });
    }
    Ok(())
}

/// Chemin de fer: who has the player's cards in hand, handed or taken (R-CF-6).
pub fn cards_held(t: &Table, who: Present, handed: bool, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let player = who.player();
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF6, Reason::NotInThisGame);
    }
    if !t.coup.play.closed || t.coup.settlement.is_some() {
        return refuse(Clause::CF6, Reason::NoCoupOpen);
    }
    out.push(Event::CardsHeld { player, handed });
    // A player who takes the cards before the croupier hands them to the rightful caller
    // gives them back, even seen (003: «Las cartas le serán retiradas, aunque hayan sido
    // vistas, y se entregarán al jugador al que correspondan»; R-CF-6).
    if !handed && let Some(rightful) = t.rightful_cf_holder().filter(|r| *r != player) {
        out.push(Event::CardsHeld { player: rightful, handed: true });
    }
    Ok(())
}

/// Chemin de fer: the holder lifted the cards from the cloth (R-CF-6).
pub fn cards_seen(t: &Table, player: PlayerRef, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.game() != Game::ChemindeFer {
        return refuse(Clause::CF6, Reason::NotInThisGame);
    }
    if t.coup.settlement.is_some() {
        return refuse(Clause::CF6, Reason::CoupOver);
    }
    match &t.coup.cards_with {
        // The holder lifts them; or the player who took them and had to give them back
        // saw them (recorded: they stay with the rightful caller, «aunque hayan sido
        // vistas»).
        Some(w) if w.player == player || w.given_back_by == Some(player) => {
            out.push(Event::CardsLookedAt { player });
            Ok(())
        }
        Some(w) => refuse(Clause::CF6, Reason::CardsWithAnother { seat: player.seat, holder: w.player.seat }),
        None => refuse(Clause::CF6, Reason::CardsNotHanded),
    }
}

/// Punto y Banca: the dealer passes the sabot on (R-PB-1).
pub fn pass_sabot(t: &Table, out: &mut Vec<Event>) -> Result<(), Refusal> {
    if t.game() != Game::PuntoBanca {
        return refuse(Clause::PB1, Reason::NotInThisGame);
    }
    if t.coup_in_progress() {
        return refuse(Clause::PB1, Reason::CoupInProgress);
    }
    out.push(Event::SabotPassed { to: t.next_section(t.dealer(), None) });
    Ok(())
}

/// What a settlement brings about in the shift, as events: a losing paño's cards
/// pass to the next section (R-BQ-9); banca seguida and the bank passing (R-CF-6,
/// R-CF-10); the sabot passing when punto wins (R-PB-1); the end of the shoe (R-C-4).
pub fn after_settlement(t: &Table, s: &Settlement, cut_out_now: bool, out: &mut Vec<Event>) {
    match t.game() {
        Game::Banque => {
            for (hand, winner) in &s.winners {
                let HandId::Tableau(n) = hand else { continue };
                let banco = t.coup.bets.iter().any(|b| b.kind == BetKind::Banco && b.spot == Spot::Tableau(*n));
                if *winner == Winner::Bank && !banco {
                    let to = t.next_section(t.pano_holder(*n), Some(*n));
                    out.push(Event::HolderPassed { tableau: *n, to });
                }
            }
        }
        Game::ChemindeFer => chemin_after(t, s, out),
        Game::PuntoBanca => {
            if s.winners.first().map(|(_, w)| *w) == Some(Winner::Punto) {
                out.push(Event::SabotPassed { to: t.next_section(t.dealer(), None) });
            }
        }
    }
    if t.shift.sabot.cut_out() || cut_out_now {
        out.push(Event::ShoeEnded);
    }
}

/// Chemin de fer after a settlement: who holds banca seguida (R-CF-6), and the bank
/// passing when it lost (R-CF-10, house rule).
fn chemin_after(t: &Table, s: &Settlement, out: &mut Vec<Event>) {
    let winner = s.winners.first().map(|(_, w)| *w);
    let holder = t.rightful_cf_holder();
    let bets = &t.coup.bets;
    let alone = bets.len() == 1 || bets.iter().all(|b| Some(b.player) == holder);
    let banco_like = bets.iter().any(|b| b.kind == BetKind::Banco)
        || (alone && bets.iter().any(|b| matches!(b.kind, BetKind::Plain | BetKind::BancoWithTable)));
    let right = match winner {
        Some(Winner::Bank) if banco_like => holder,
        // An abandoned banca seguida is recovered on a tie (R-CF-6).
        Some(Winner::Tie) => t.shift.suivi_abandoned.or(t.shift.suivi),
        _ => None,
    };
    if right != t.shift.suivi {
        out.push(Event::SuiviRight { player: right });
    }
    if winner == Some(Winner::Player) && t.settings.house.cf_bank_passes_on_loss {
        out.push(Event::BankLeft { player: t.shift.banker(), returned: s.bank_after });
        let from = t.shift.banker().map_or(0, |b| b.seat);
        out.push(Event::BankOffered { to: t.next_section(from, None) });
    }
}
