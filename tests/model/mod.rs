//! A second, deliberately plain model of a clean coup in the three games, written from
//! the rules (RULES.md and the Spanish seeds) and sharing no code with the engine: its
//! own card points, its own drawing tables, its own money (`rust_decimal` directly).
//! It answers, for a coup's settings, bets, cards and the holders' free choices: who
//! draws, the totals, who won each hand, every seat's net, the cagnotte or commission,
//! and the bank after the coup. `tests/independent_model.rs` drives the engine through a
//! croupier's entries and holds it to this model.
#![allow(dead_code)]

use rust_decimal::{Decimal, RoundingStrategy};

pub mod shift;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Banque,
    Chemin,
    Punto,
}

/// How an amount is rounded (R-C-8, R-BQ-16): to the cent in four ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    HalfUp,
    HalfEven,
    Down,
    Up,
}

/// The O cells of Chemin de fer (R-CF-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optional {
    Chooses,
    Draw,
    Stand,
}

#[derive(Clone, Debug)]
pub struct House {
    pub game: Game,
    pub unit: Decimal,
    pub cagnotte: Decimal,
    pub commission: Decimal,
    pub round: Round,
    /// R-BQ-12 (house rule).
    pub bank_natural_ends: bool,
    /// R-BQ-15 (house rule): a tie pushes, or the bank takes it.
    pub tie_push: bool,
    /// R-CF-8.
    pub cf_optional: Optional,
    /// R-CF-8 with R-BQ-11: a banco caller draws or stands freely.
    pub cf_banco_free: bool,
    /// R-PB-7 (house rule): banca draws on this or less when punto stood.
    pub pb_stood_up_to: u8,
    /// R-PB-6: punto, punto, banca, banca (the seed) or alternating.
    pub pb_punto_first: bool,
}

/// Where a bet lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Pano(u8),
    Half(u8),
    Cheval,
    Player,
    Punto,
    Banca,
}

#[derive(Clone, Debug)]
pub struct Bet {
    pub seat: u8,
    pub standing: bool,
    pub spot: Spot,
    pub amount: Decimal,
    /// A banco: the whole bank on one hand (R-BQ-8, R-CF-3).
    pub banco: bool,
}

/// The hands of a coup, by the model's own names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hand {
    P1,
    P2,
    Player,
    Bank,
    Punto,
    Banca,
}

/// Who won a player hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Won {
    Hand,
    Bank,
    Tie,
}

/// A card's points from its rank letter (R-C-1): ace 1, 2–9 their value, ten and
/// faces 0.
pub fn points(card: &str) -> u8 {
    match card.as_bytes().first() {
        Some(b'A') => 1,
        Some(c @ b'2'..=b'9') => c - b'0',
        _ => 0,
    }
}

pub fn total(cards: &[String]) -> u8 {
    cards.iter().map(|c| points(c)).sum::<u8>() % 10
}

/// What the bank's table says (R-BQ-13; Chemin de fer R-CF-8): 'T' draw, 'P' stand, 'O'
/// the banker's choice; `third` None: the hand stood (the last column).
pub fn banque_cell(bank: u8, third: Option<u8>) -> char {
    let rows = [
        "TTTTTTTTTTT", // 0
        "TTTTTTTTTTT", // 1
        "TTTTTTTTTTT", // 2
        "TTTTTTTTPOT", // 3
        "PPTTTTTTPPT", // 4
        "PPPPOTTTPPT", // 5
        "PPPPPPTTPPP", // 6
        "PPPPPPPPPPP", // 7
    ];
    if bank >= 8 {
        return 'P';
    }
    let col = third.map_or(10, usize::from);
    rows[usize::from(bank)].as_bytes()[col] as char
}

/// Punto y Banca's table (R-PB-7), by banca's two-card total and punto's third card.
pub fn banca_draws(banca: u8, punto_third: Option<u8>, stood_up_to: u8) -> bool {
    let Some(third) = punto_third else { return banca <= stood_up_to };
    let rows = [
        "TTTTTTTTTT", // 0
        "TTTTTTTTTT", // 1
        "TTTTTTTTTT", // 2
        "TTTTTTTTPT", // 3
        "PPTTTTTTPP", // 4
        "PPPPTTTTPP", // 5
        "PPPPPPTTPP", // 6
        "PPPPPPPPPP", // 7
    ];
    banca <= 7 && rows[usize::from(banca)].as_bytes()[usize::from(third)] == b'T'
}

pub fn round(x: Decimal, r: Round) -> Decimal {
    let s = match r {
        Round::HalfUp => RoundingStrategy::MidpointAwayFromZero,
        Round::HalfEven => RoundingStrategy::MidpointNearestEven,
        Round::Down => RoundingStrategy::ToZero,
        Round::Up => RoundingStrategy::AwayFromZero,
    };
    x.round_dp_with_strategy(2, s)
}

/// What each hand's holder decides where the rules leave him free: a paño or the
/// player on 5, a banco caller on 0–7, the bank where it chooses. `true` is «carta».
#[derive(Clone, Copy, Debug, Default)]
pub struct Choices {
    pub first: bool,
    pub second: bool,
    pub bank: bool,
    /// Banque, the cards face down: the bank's natural is seen only at its turn, after
    /// the paños played (001 «Las cartas no pueden ser miradas hasta llegado el turno de
    /// su poseedor»; R-BQ-12): it ends nothing, and it is no infraction.
    pub natural_at_turn: bool,
}

/// What a hand owed at its turn: the model's reading, for the croupier's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duty {
    Natural,
    MustDraw,
    MustStand,
    Chooses,
    /// Nothing to play: the other side's natural decided the coup.
    NoPlay,
}

/// A coup played out by the model.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Each hand's cards, in the order the hands are named by the game.
    pub hands: Vec<(Hand, Vec<String>)>,
    /// What each hand owed at its turn, and whether it drew.
    pub duties: Vec<(Hand, Duty, bool)>,
    pub totals: Vec<(Hand, u8)>,
    /// For each player hand (Punto y Banca: punto), who won.
    pub won: Vec<(Hand, Won)>,
    /// Each seat's net, seats in the order their first bet came.
    pub nets: Vec<((u8, bool), Decimal)>,
    pub cagnotte: Decimal,
    pub commission: Decimal,
    /// Never below zero: a free bank's loss past what it holds is the banker's to pay.
    pub bank_after: Decimal,
    /// R-BQ-4: what the banker of a free bank paid from his pocket, the bank short.
    pub covered: Decimal,
    /// Punto y Banca: a tie voids the coup (R-PB-4).
    pub void: bool,
}

impl Outcome {
    pub fn cards(&self, h: Hand) -> &[String] {
        self.hands.iter().find(|(x, _)| *x == h).map_or(&[], |(_, c)| c.as_slice())
    }
    pub fn duty(&self, h: Hand) -> Option<(Duty, bool)> {
        self.duties.iter().find(|(x, _, _)| *x == h).map(|(_, d, drew)| (*d, *drew))
    }
}

pub fn is_natural(cards: &[String]) -> bool {
    cards.len() == 2 && total(cards) >= 8
}

/// A paño's (or the Chemin de fer player's) duty on two cards (R-BQ-11): free when its
/// holder called banco.
fn player_duty(cards: &[String], free: bool) -> Duty {
    match total(cards) {
        8 | 9 => Duty::Natural,
        _ if free => Duty::Chooses,
        0..=4 => Duty::MustDraw,
        5 => Duty::Chooses,
        _ => Duty::MustStand,
    }
}

fn decide(d: Duty, choice: bool) -> bool {
    match d {
        Duty::MustDraw => true,
        Duty::Chooses => choice,
        _ => false,
    }
}

/// Plays a coup: `cards` is the sabot's order from the top; `bank` the bank before it;
/// `asked`: the Banque banker asked for the table (R-BQ-13).
pub fn play(h: &House, bets: &[Bet], cards: &[String], ch: Choices, bank: Decimal, asked: bool) -> Outcome {
    match h.game {
        Game::Banque => banque(h, bets, cards, ch, bank, asked),
        Game::Chemin => chemin(h, bets, cards, ch, bank),
        Game::Punto => punto(h, bets, cards),
    }
}

fn banque(h: &House, bets: &[Bet], cards: &[String], ch: Choices, bank: Decimal, asked: bool) -> Outcome {
    let mut next = cards.iter().cloned();
    let mut take = || next.next().unwrap_or_else(|| "Kc".to_string());
    // R-BQ-10: paño 1, paño 2, bank, twice.
    let (a1, a2, b1, c1, c2, d1) = (take(), take(), take(), take(), take(), take());
    let mut p = [vec![a1, c1], vec![a2, c2]];
    let mut b = vec![b1, d1];
    let bank_natural = is_natural(&b);
    let decided = bank_natural && h.bank_natural_ends && !ch.natural_at_turn;
    let mut duties = Vec::new();
    let banco_on = |n: u8| bets.iter().any(|x| x.banco && x.spot == Spot::Pano(n));
    // R-BQ-11: paño 1, then paño 2.
    for (i, hand) in [Hand::P1, Hand::P2].into_iter().enumerate() {
        let n = i as u8 + 1;
        let duty = if is_natural(&p[i]) {
            Duty::Natural
        } else if decided {
            Duty::NoPlay
        } else {
            player_duty(&p[i], banco_on(n))
        };
        let draws = decide(duty, if i == 0 { ch.first } else { ch.second });
        if draws {
            p[i].push(take());
        }
        duties.push((hand, duty, draws));
    }
    // R-BQ-13/14: the bank plays after both paños, free unless he asked for the table.
    let bt = total(&b);
    let duty = if bank_natural {
        Duty::Natural
    } else if is_natural(&p[0]) && is_natural(&p[1]) {
        Duty::NoPlay
    } else if !asked {
        Duty::Chooses
    } else {
        table_duty_two(bt, &p)
    };
    let draws = decide(duty, ch.bank);
    if draws {
        b.push(take());
    }
    duties.push((Hand::Bank, duty, draws));
    let won: Vec<(Hand, Won)> =
        [Hand::P1, Hand::P2].into_iter().zip(&p).map(|(hand, c)| (hand, compare(c, &b, h.tie_push))).collect();
    let stakes = |bet: &Bet| -> Vec<(Hand, Decimal)> {
        match bet.spot {
            Spot::Pano(n) => vec![(if n == 1 { Hand::P1 } else { Hand::P2 }, bet.amount)],
            // R-BQ-6: the line of a paño's zone plays half.
            Spot::Half(n) => vec![(if n == 1 { Hand::P1 } else { Hand::P2 }, bet.amount / Decimal::TWO)],
            // R-BQ-7: split in units, the larger part on paño 1.
            Spot::Cheval => {
                let units = (bet.amount / h.unit).trunc();
                let first = (units - (units / Decimal::TWO).trunc()) * h.unit;
                vec![(Hand::P1, first), (Hand::P2, bet.amount - first)]
            }
            _ => vec![],
        }
    };
    settle_bank(
        h,
        bets,
        bank,
        &won,
        stakes,
        vec![(Hand::P1, p[0].clone()), (Hand::P2, p[1].clone()), (Hand::Bank, b)],
        duties,
    )
}

/// The bank's duty from the table against two paños (R-BQ-14): the same against both
/// binds him; one paño's natural leaves the other's cell; otherwise (draw against one
/// and stand against the other, or an O) he chooses.
fn table_duty_two(bank: u8, p: &[Vec<String>; 2]) -> Duty {
    let cell = |c: &Vec<String>| -> Option<char> {
        if is_natural(c) { None } else { Some(banque_cell(bank, c.get(2).map(|x| points(x)))) }
    };
    let as_duty = |x: char| match x {
        'T' => Duty::MustDraw,
        'P' => Duty::MustStand,
        _ => Duty::Chooses,
    };
    match (cell(&p[0]), cell(&p[1])) {
        (Some(x), Some(y)) if x == y => as_duty(x),
        (Some(x), None) | (None, Some(x)) => as_duty(x),
        _ => Duty::Chooses,
    }
}

fn compare(hand: &[String], bank: &[String], tie_push: bool) -> Won {
    let (hn, bn) = (is_natural(hand), is_natural(bank));
    // R-BQ-15: a natural beats any hand that is not one.
    if hn && !bn {
        return Won::Hand;
    }
    if bn && !hn {
        return Won::Bank;
    }
    let (ht, bt) = (total(hand), total(bank));
    // Equal totals are a tie (R-BQ-15), whether its bets push or the bank takes them
    // (the house rule decides the money, not the name).
    let _ = tie_push;
    if ht > bt {
        Won::Hand
    } else if ht < bt {
        Won::Bank
    } else {
        Won::Tie
    }
}

#[allow(clippy::too_many_arguments)]
fn settle_bank(
    h: &House,
    bets: &[Bet],
    bank: Decimal,
    won: &[(Hand, Won)],
    stakes: impl Fn(&Bet) -> Vec<(Hand, Decimal)>,
    hands: Vec<(Hand, Vec<String>)>,
    duties: Vec<(Hand, Duty, bool)>,
) -> Outcome {
    let mut nets: Vec<((u8, bool), Decimal)> = Vec::new();
    for bet in bets {
        let mut net = Decimal::ZERO;
        for (hand, stake) in stakes(bet) {
            match won.iter().find(|(x, _)| *x == hand).map(|(_, w)| *w) {
                Some(Won::Hand) => net += stake,
                Some(Won::Bank) => net -= stake,
                Some(Won::Tie) if !h.tie_push => net -= stake,
                _ => {}
            }
        }
        match nets.iter_mut().find(|(s, _)| *s == (bet.seat, bet.standing)) {
            Some((_, n)) => *n += net,
            None => nets.push(((bet.seat, bet.standing), net)),
        }
    }
    let bank_net: Decimal = -nets.iter().map(|(_, n)| *n).sum::<Decimal>();
    // R-BQ-16, R-CF-9: the cagnotte only on the bank's net win.
    let cagnotte = if bank_net > Decimal::ZERO { round(bank_net * h.cagnotte, h.round) } else { Decimal::ZERO };
    let totals = hands.iter().map(|(x, c)| (*x, total(c))).collect();
    Outcome {
        hands,
        duties,
        totals,
        won: won.to_vec(),
        nets,
        cagnotte,
        commission: Decimal::ZERO,
        // R-BQ-4: a free bank that lost more than it held is covered by its banker (his
        // acceptance is his word to pay); the bank is never below zero.
        bank_after: (bank + bank_net - cagnotte).max(Decimal::ZERO),
        covered: (-(bank + bank_net - cagnotte)).max(Decimal::ZERO),
        void: false,
    }
}

fn chemin(h: &House, bets: &[Bet], cards: &[String], ch: Choices, bank: Decimal) -> Outcome {
    let mut next = cards.iter().cloned();
    let mut take = || next.next().unwrap_or_else(|| "Kc".to_string());
    // R-CF-7: player, bank, player, bank.
    let (a, b1, c, d1) = (take(), take(), take(), take());
    let mut p = vec![a, c];
    let mut b = vec![b1, d1];
    let mut duties = Vec::new();
    // R-CF-8: a natural on either side ends the coup.
    let decided = is_natural(&p) || is_natural(&b);
    let banco = bets.iter().any(|x| x.banco);
    let duty = if is_natural(&p) {
        Duty::Natural
    } else if decided {
        Duty::NoPlay
    } else {
        player_duty(&p, banco && h.cf_banco_free)
    };
    let draws = decide(duty, ch.first);
    if draws {
        p.push(take());
    }
    duties.push((Hand::Player, duty, draws));
    let bt = total(&b);
    let duty = if is_natural(&b) {
        Duty::Natural
    } else if decided {
        Duty::NoPlay
    } else {
        match banque_cell(bt, p.get(2).map(|x| points(x))) {
            'T' => Duty::MustDraw,
            'P' => Duty::MustStand,
            _ => match h.cf_optional {
                Optional::Chooses => Duty::Chooses,
                Optional::Draw => Duty::MustDraw,
                Optional::Stand => Duty::MustStand,
            },
        }
    };
    let draws = decide(duty, ch.bank);
    if draws {
        b.push(take());
    }
    duties.push((Hand::Bank, duty, draws));
    let won = vec![(Hand::Player, compare(&p, &b, h.tie_push))];
    let stakes = |bet: &Bet| vec![(Hand::Player, bet.amount)];
    settle_bank(h, bets, bank, &won, stakes, vec![(Hand::Player, p), (Hand::Bank, b)], duties)
}

fn punto(h: &House, bets: &[Bet], cards: &[String]) -> Outcome {
    let mut next = cards.iter().cloned();
    let mut take = || next.next().unwrap_or_else(|| "Kc".to_string());
    let (mut p, mut b) = if h.pb_punto_first {
        let (x, y, z, w) = (take(), take(), take(), take());
        (vec![x, y], vec![z, w])
    } else {
        let (x, z, y, w) = (take(), take(), take(), take());
        (vec![x, y], vec![z, w])
    };
    let mut duties = Vec::new();
    let decided = is_natural(&p) || is_natural(&b);
    // R-PB-7: punto draws on 0–5.
    let pd = if is_natural(&p) {
        Duty::Natural
    } else if decided {
        Duty::NoPlay
    } else if total(&p) <= 5 {
        Duty::MustDraw
    } else {
        Duty::MustStand
    };
    if pd == Duty::MustDraw {
        p.push(take());
    }
    duties.push((Hand::Punto, pd, pd == Duty::MustDraw));
    let bd = if is_natural(&b) {
        Duty::Natural
    } else if decided {
        Duty::NoPlay
    } else if banca_draws(total(&b), p.get(2).map(|x| points(x)), h.pb_stood_up_to) {
        Duty::MustDraw
    } else {
        Duty::MustStand
    };
    if bd == Duty::MustDraw {
        b.push(take());
    }
    duties.push((Hand::Banca, bd, bd == Duty::MustDraw));
    let (pt, bt) = (total(&p), total(&b));
    let (pn, bn) = (is_natural(&p), is_natural(&b));
    let winner = if (pn && !bn) || (pn == bn && pt > bt) {
        Won::Hand
    } else if (bn && !pn) || (pn == bn && bt > pt) {
        Won::Bank
    } else {
        Won::Tie
    };
    // R-PB-4: punto paid 1 to 1; banca paid 1 to 1 less the commission, bet by bet; a
    // tie voids the coup.
    let mut nets: Vec<((u8, bool), Decimal)> = Vec::new();
    let mut commission = Decimal::ZERO;
    for bet in bets {
        let net = match (winner, bet.spot) {
            (Won::Tie, _) => Decimal::ZERO,
            (Won::Hand, Spot::Punto) => bet.amount,
            (Won::Bank, Spot::Banca) => {
                let c = round(bet.amount * h.commission, h.round);
                commission += c;
                bet.amount - c
            }
            _ => -bet.amount,
        };
        match nets.iter_mut().find(|(s, _)| *s == (bet.seat, bet.standing)) {
            Some((_, n)) => *n += net,
            None => nets.push(((bet.seat, bet.standing), net)),
        }
    }
    Outcome {
        totals: vec![(Hand::Punto, pt), (Hand::Banca, bt)],
        hands: vec![(Hand::Punto, p), (Hand::Banca, b)],
        duties,
        won: vec![(Hand::Punto, winner)],
        nets,
        cagnotte: Decimal::ZERO,
        commission,
        bank_after: Decimal::ZERO,
        covered: Decimal::ZERO,
        void: winner == Won::Tie,
    }
}
