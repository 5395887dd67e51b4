//! Random clean coups of the three games, entered as a croupier enters them, held to an
//! independent model (tests/model/mod.rs, written from the rules and sharing no code with
//! the engine).
//!
//! A seeded generator draws a table's settings (unit, cagnotte, commission, rounding,
//! ties, the bank's natural, Chemin de fer's O cells and banco caller, Punto y Banca's
//! deal and banca's draw), a bank, bets of every spot and size (a caballo with odd units,
//! half line, banco, a free bank's offers), the cards in the order the shoe gives them
//! and the holders' free choices. It then enters the coup in one of the orders the rules
//! allow: the first cards face down (shown when a natural is shown, or at the
//! showdown) or read by a card-reading shoe; holders' words before and after the engine
//! knows what they must do, words that only confirm (a «no» on 6 or 7, a natural
//! announced after it was shown, «carta» once the card is out); the table asked early,
//! late or not at all. Every entry is true at its moment and must be taken; entries made
//! too early on purpose (a paño 2's word before paño 1 has played, the bank's before the
//! paños) must be refused, and their refusal must say something true (R-BQ-11, R-BQ-13).
//! At the end the engine's settlement must equal the model's: totals, winners, every
//! seat's net, cagnotte or commission, the bank.
//!
//! On a disagreement the test prints the seed and the coup as a table script, to paste
//! into tests/scenarios/. `SABOT_MODEL_COUPS=N` plays N coups a game (default 10,000);
//! `SABOT_MODEL_SEED=S` starts from another seed (default fixed, so CI is repeatable).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::model;

use model::{Bet, Choices, Duty, Game, Hand, House, Optional, Outcome, Round, Spot, Won};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rust_decimal::Decimal;
use sabot::engine as e;
use std::fmt::Write as _;

/// One coup to play: the table, the bank, the bets, the sabot's order, the choices.
struct Coup {
    house: House,
    free_bank: bool,
    bank: Decimal,
    bets: Vec<Bet>,
    cards: Vec<String>,
    ch: Choices,
    /// Banque: the banker asks for the table (R-BQ-13).
    asked: bool,
}

/// What the croupier enters, in the script's own terms.
#[derive(Clone, Debug)]
enum Step {
    Bet(Bet),
    Offer(Bet),
    Accept(u8, bool),
    Banco(u8, bool, Option<u8>),
    /// Chemin de fer: banca seguida called (R-CF-6), banco con la mesa (R-CF-4).
    Suivi(u8, bool),
    WithTable(u8, bool),
    NoMoreBets,
    Cards(Vec<String>),
    Show(Hand, Vec<String>),
    Say(Hand, e::Call),
    AskTable,
}

/// An entry and what must come of it: taken, or refused with a true reason.
#[derive(Clone, Debug)]
struct Entry {
    step: Step,
    /// `Some`: entered too early on purpose; the refusal must say who plays first.
    early: Option<Early>,
}

#[derive(Clone, Copy, Debug)]
enum Early {
    /// A paño's word while an earlier paño has not played (R-BQ-11).
    PanoWaits { turn: Hand },
    /// The bank's word while a paño has not played (R-BQ-13, R-CF-8).
    BankWaits,
}

const SUITS: [char; 4] = ['c', 'd', 'h', 's'];
const RANKS: [char; 13] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

fn dec(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn money(d: Decimal) -> e::Money {
    d.to_string().parse().unwrap()
}

fn card(s: &str) -> e::Card {
    s.parse().unwrap()
}

fn hand_id(h: Hand) -> e::HandId {
    match h {
        Hand::P1 => e::HandId::Tableau(1),
        Hand::P2 => e::HandId::Tableau(2),
        Hand::Player => e::HandId::Player,
        Hand::Bank => e::HandId::Bank,
        Hand::Punto => e::HandId::Punto,
        Hand::Banca => e::HandId::Banca,
    }
}

fn spot_id(s: Spot) -> e::Spot {
    match s {
        Spot::Pano(n) => e::Spot::Tableau(n),
        Spot::Half(n) => e::Spot::Half(n),
        Spot::Cheval => e::Spot::Cheval,
        Spot::Player => e::Spot::Player,
        Spot::Punto => e::Spot::Punto,
        Spot::Banca => e::Spot::Banca,
    }
}

fn player(seat: u8, standing: bool) -> e::PlayerRef {
    e::PlayerRef { seat, standing }
}

/// The sabot: `decks` decks shuffled, the first cards of the coup.
fn shuffled(rng: &mut ChaCha8Rng, decks: u8) -> Vec<String> {
    let mut v: Vec<String> =
        (0..decks).flat_map(|_| RANKS.iter().flat_map(|r| SUITS.iter().map(move |s| format!("{r}{s}")))).collect();
    v.shuffle(rng);
    v.truncate(12);
    v
}

fn pick<T: Copy>(rng: &mut ChaCha8Rng, xs: &[T]) -> T {
    xs[rng.random_range(0..xs.len())]
}

/// A stake of `units` whole units, sometimes with cents.
fn stake(rng: &mut ChaCha8Rng, unit: Decimal) -> Decimal {
    let n = Decimal::from(rng.random_range(1..=25u32));
    if rng.random_bool(0.2) { n * unit + dec(pick(rng, &["0.10", "0.50", "0.70", "1.30"])) } else { n * unit }
}

fn gen_house(rng: &mut ChaCha8Rng, game: Game) -> House {
    House {
        game,
        unit: dec(pick(rng, &["1", "5", "10", "2.50"])),
        cagnotte: dec(pick(rng, &["0.05", "0.05", "0.02", "0.025", "0.10"])),
        commission: dec(pick(rng, &["0.05", "0.05", "0.04", "0.03"])),
        round: pick(rng, &[Round::HalfUp, Round::HalfUp, Round::HalfEven, Round::Down, Round::Up]),
        bank_natural_ends: rng.random_bool(0.8),
        tie_push: rng.random_bool(0.8),
        cf_optional: pick(rng, &[Optional::Chooses, Optional::Chooses, Optional::Draw, Optional::Stand]),
        cf_banco_free: rng.random_bool(0.7),
        pb_stood_up_to: pick(rng, &[5, 5, 4, 6, 3]),
        pb_punto_first: rng.random_bool(0.5),
    }
}

fn gen_coup(rng: &mut ChaCha8Rng, game: Game) -> Coup {
    let house = gen_house(rng, game);
    let free_bank = game == Game::Banque && rng.random_bool(0.2);
    let bank = Decimal::from(rng.random_range(1..=40u32)) * dec("50");
    let mut bets = Vec::new();
    // R-BQ-8, R-CF-3: now and then a banco, alone.
    if game != Game::Punto && rng.random_bool(0.1) {
        let on = if game == Game::Banque { rng.random_range(1..=2u8) } else { 0 };
        let seat =
            if game == Game::Banque { rng.random_range(1..=6u8) + 6 * (on - 1) } else { rng.random_range(1..=10) };
        let spot = if game == Game::Banque { Spot::Pano(on) } else { Spot::Player };
        bets.push(Bet { seat, standing: rng.random_bool(0.3), spot, amount: bank, banco: true });
    } else {
        let n = rng.random_range(if game == Game::Chemin { 1..=6 } else { 0..=8 });
        let mut at_risk = Decimal::ZERO;
        for _ in 0..n {
            let (seat, spot) = match game {
                Game::Banque => {
                    let seat = rng.random_range(1..=12u8);
                    let pano = if seat <= 6 { 1 } else { 2 };
                    (seat, pick(rng, &[Spot::Pano(pano), Spot::Pano(pano), Spot::Half(pano), Spot::Cheval]))
                }
                Game::Chemin => (rng.random_range(1..=10u8), Spot::Player),
                Game::Punto => (rng.random_range(1..=12u8), pick(rng, &[Spot::Punto, Spot::Banca])),
            };
            let mut amount = stake(rng, house.unit);
            if spot == Spot::Cheval {
                // R-BQ-7: a caballo in whole units, odd ones too.
                amount = Decimal::from(rng.random_range(1..=15u32)) * house.unit;
            }
            let risk = if matches!(spot, Spot::Half(_)) { amount / Decimal::TWO } else { amount };
            // R-BQ-4: a limited bank covers the bets of both paños together.
            if game != Game::Punto && !free_bank && at_risk + risk > bank {
                continue;
            }
            at_risk += risk;
            bets.push(Bet { seat, standing: rng.random_bool(0.25), spot, amount, banco: false });
        }
        // R-CF-5: no coup without a bet.
        if game == Game::Chemin && bets.is_empty() {
            bets.push(Bet { seat: 3, standing: false, spot: Spot::Player, amount: house.unit.min(bank), banco: false });
        }
    }
    let decks = 6;
    Coup {
        house,
        free_bank,
        bank: if game == Game::Punto { Decimal::ZERO } else { bank },
        bets,
        cards: shuffled(rng, decks),
        ch: Choices {
            first: rng.random_bool(0.5),
            second: rng.random_bool(0.5),
            bank: rng.random_bool(0.5),
            natural_at_turn: game == Game::Banque && rng.random_bool(0.25),
        },
        asked: game == Game::Banque && rng.random_bool(0.5),
    }
}

fn settings_of(c: &Coup) -> e::TableSettings {
    let h = &c.house;
    let game = match h.game {
        Game::Banque => e::Game::Banque,
        Game::Chemin => e::Game::ChemindeFer,
        Game::Punto => e::Game::PuntoBanca,
    };
    let mut s = e::TableSettings::new(game);
    s.unit = money(h.unit);
    s.cagnotte = e::Rate::new(h.cagnotte).unwrap();
    s.commission = e::Rate::new(h.commission).unwrap();
    s.rounding.mode = match h.round {
        Round::HalfUp => e::RoundingMode::HalfUp,
        Round::HalfEven => e::RoundingMode::HalfEven,
        Round::Down => e::RoundingMode::Down,
        Round::Up => e::RoundingMode::Up,
    };
    s.bank_limit = if c.free_bank { e::BankLimit::Free } else { e::BankLimit::Limited };
    s.house.bank_natural_ends_coup = h.bank_natural_ends;
    s.house.tie = if h.tie_push { e::settings::TieRule::Push } else { e::settings::TieRule::BankWins };
    s.house.cf_optional_cells = match h.cf_optional {
        Optional::Chooses => e::settings::OptionalCells::BankerChooses,
        Optional::Draw => e::settings::OptionalCells::Draw,
        Optional::Stand => e::settings::OptionalCells::Stand,
    };
    s.house.cf_banco_free_draw = h.cf_banco_free;
    s.house.pb_banca_draws_on_stood_up_to = h.pb_stood_up_to;
    s.house.pb_deal = if h.pb_punto_first { e::settings::PbDeal::PuntoFirst } else { e::settings::PbDeal::Alternating };
    s
}

/// The first cards in deal order (R-BQ-10, R-CF-7, R-PB-6).
fn deal_order(c: &Coup, o: &Outcome) -> Vec<String> {
    let a = |h: Hand, i: usize| o.cards(h)[i].clone();
    match c.house.game {
        Game::Banque => {
            vec![a(Hand::P1, 0), a(Hand::P2, 0), a(Hand::Bank, 0), a(Hand::P1, 1), a(Hand::P2, 1), a(Hand::Bank, 1)]
        }
        Game::Chemin => vec![a(Hand::Player, 0), a(Hand::Bank, 0), a(Hand::Player, 1), a(Hand::Bank, 1)],
        Game::Punto if c.house.pb_punto_first => {
            vec![a(Hand::Punto, 0), a(Hand::Punto, 1), a(Hand::Banca, 0), a(Hand::Banca, 1)]
        }
        Game::Punto => vec![a(Hand::Punto, 0), a(Hand::Banca, 0), a(Hand::Punto, 1), a(Hand::Banca, 1)],
    }
}

fn word(drew: bool) -> e::Call {
    if drew { e::Call::Draw } else { e::Call::Stand }
}

/// The croupier's entries for a coup, in one of the orders the rules allow.
// The model's one list of the entry orders the rules allow, kept whole so that it
// reads against RULES.md: test code (the 80-line limit is src/'s).
#[allow(clippy::too_many_lines)]
fn entries(rng: &mut ChaCha8Rng, c: &Coup, o: &Outcome) -> Vec<Entry> {
    let mut out = Vec::new();
    let take = |step| Entry { step, early: None };
    for b in &c.bets {
        let on = if c.house.game == Game::Banque { Some(if b.spot == Spot::Pano(1) { 1 } else { 2 }) } else { None };
        if b.banco {
            out.push(take(Step::Banco(b.seat, b.standing, on)));
        } else if c.free_bank {
            out.push(take(Step::Offer(b.clone())));
            out.push(take(Step::Accept(b.seat, b.standing)));
        } else {
            out.push(take(Step::Bet(b.clone())));
        }
    }
    out.push(take(Step::NoMoreBets));
    let game = c.house.game;
    // The bank's natural seen at its turn: the cards face down (no card-reading shoe).
    let reader = !c.ch.natural_at_turn && rng.random_bool(0.5);
    if reader {
        // A card-reading shoe: the first cards known as they leave the sabot, all at once
        // or one by one.
        let first = deal_order(c, o);
        if rng.random_bool(0.5) {
            out.push(take(Step::Cards(first)));
        } else {
            out.extend(first.into_iter().map(|x| take(Step::Cards(vec![x]))));
        }
    }
    if game == Game::Punto {
        // R-PB-7: nobody chooses; the cards as they come, shown at once unless read.
        if !reader {
            let mut hands = [Hand::Punto, Hand::Banca];
            if rng.random_bool(0.3) {
                hands.reverse();
            }
            for h in hands {
                out.push(take(Step::Show(h, o.cards(h)[..2].to_vec())));
            }
        }
        for h in [Hand::Punto, Hand::Banca] {
            if let Some(third) = o.cards(h).get(2) {
                out.push(take(Step::Cards(vec![third.clone()])));
            }
        }
        return out;
    }
    let players: &[Hand] = if game == Game::Banque { &[Hand::P1, Hand::P2] } else { &[Hand::Player] };
    let bank_natural = model::is_natural(o.cards(Hand::Bank));
    let bank_decides = bank_natural && (game == Game::Chemin || c.house.bank_natural_ends) && !c.ch.natural_at_turn;
    let mut shown = vec![];
    // Face down, a bank's natural that ends the coup is shown first (R-BQ-12, R-CF-8).
    if !reader && bank_decides {
        out.push(take(Step::Show(Hand::Bank, o.cards(Hand::Bank)[..2].to_vec())));
        shown.push(Hand::Bank);
    }
    let bank_plays = !matches!(o.duty(Hand::Bank).map(|d| d.0), Some(Duty::Natural | Duty::NoPlay));
    if c.asked && bank_plays && rng.random_bool(0.3) {
        out.push(take(Step::AskTable));
    }
    for (i, h) in players.iter().enumerate() {
        let (duty, drew) = o.duty(*h).unwrap();
        // Now and then a later paño speaks too early: refused, truthfully (R-BQ-11).
        if i == 0 && game == Game::Banque && rng.random_bool(0.15) {
            let (d2, drew2) = o.duty(Hand::P2).unwrap();
            let early = match d2 {
                Duty::Natural | Duty::NoPlay => None,
                _ => Some(word(drew2)),
            };
            // Only while paño 1 has still to play: read from the shoe, a natural or a
            // forced stand has already played it.
            let p1_played = reader && matches!(duty, Duty::Natural | Duty::NoPlay | Duty::MustStand);
            if let (Some(call), false) = (early, p1_played) {
                out.push(Entry { step: Step::Say(Hand::P2, call), early: Some(Early::PanoWaits { turn: Hand::P1 }) });
            }
        }
        if rng.random_bool(0.1) && !matches!(duty, Duty::Natural | Duty::NoPlay) && !(reader && duty == Duty::MustStand)
        {
            out.push(Entry { step: Step::Say(Hand::Bank, word(true)), early: Some(Early::BankWaits) });
        }
        match duty {
            Duty::Natural => {
                if !reader {
                    out.push(take(Step::Show(*h, o.cards(*h).to_vec())));
                    shown.push(*h);
                }
                if rng.random_bool(0.4) {
                    out.push(take(Step::Say(*h, e::Call::Natural)));
                }
            }
            Duty::NoPlay => {
                if rng.random_bool(0.2) {
                    out.push(take(Step::Say(*h, e::Call::Stand)));
                }
            }
            _ => {
                // The holder's word: needed when the engine cannot know it (face down, or
                // a free choice); otherwise said or not, before or after the card.
                let needed = !reader || duty == Duty::Chooses;
                let before = needed || rng.random_bool(0.4);
                if before {
                    out.push(take(Step::Say(*h, word(drew))));
                }
                if drew {
                    out.push(take(Step::Cards(vec![o.cards(*h)[2].clone()])));
                }
                if !before && rng.random_bool(0.5) || rng.random_bool(0.15) {
                    out.push(take(Step::Say(*h, word(drew))));
                }
            }
        }
    }
    // The bank: the table is asked for before it plays, while it has a play.
    let (bduty, bdrew) = o.duty(Hand::Bank).unwrap();
    if c.asked
        && !out.iter().any(|x| matches!(x.step, Step::AskTable))
        && !matches!(bduty, Duty::Natural | Duty::NoPlay)
    {
        out.push(take(Step::AskTable));
    }
    match bduty {
        Duty::Natural | Duty::NoPlay => {
            if !reader && !shown.contains(&Hand::Bank) && bduty == Duty::Natural {
                out.push(take(Step::Show(Hand::Bank, o.cards(Hand::Bank)[..2].to_vec())));
                shown.push(Hand::Bank);
            }
            if rng.random_bool(0.2) {
                let call = if bduty == Duty::Natural { e::Call::Natural } else { e::Call::Stand };
                out.push(take(Step::Say(Hand::Bank, call)));
            }
        }
        _ => {
            // The bank's word is needed unless the engine knows the table binds it.
            let bound = (game == Game::Chemin || c.asked) && matches!(bduty, Duty::MustDraw | Duty::MustStand);
            let needed = !reader || !bound;
            if needed || rng.random_bool(0.4) {
                out.push(take(Step::Say(Hand::Bank, word(bdrew))));
            }
            if bdrew {
                out.push(take(Step::Cards(vec![o.cards(Hand::Bank)[2].clone()])));
            }
        }
    }
    // The showdown: the hands still face down, in any order.
    if !reader {
        let mut rest: Vec<Hand> = players.iter().copied().chain([Hand::Bank]).filter(|h| !shown.contains(h)).collect();
        rest.shuffle(rng);
        for h in rest {
            out.push(take(Step::Show(h, o.cards(h)[..2].to_vec())));
        }
    }
    out
}

fn ops(step: &Step) -> Vec<e::Op> {
    match step {
        Step::Bet(b) => {
            vec![e::Op::Bet { player: player(b.seat, b.standing), spot: spot_id(b.spot), amount: money(b.amount) }]
        }
        Step::Offer(b) => {
            vec![e::Op::OfferBet { player: player(b.seat, b.standing), spot: spot_id(b.spot), amount: money(b.amount) }]
        }
        Step::Accept(seat, standing) => vec![e::Op::AcceptBet { player: player(*seat, *standing) }],
        Step::Banco(seat, standing, on) => {
            vec![e::Op::Banco { player: player(*seat, *standing), on: on.map(e::HandId::Tableau) }]
        }
        Step::Suivi(seat, standing) => vec![e::Op::CallSuivi { player: player(*seat, *standing) }],
        Step::WithTable(seat, standing) => vec![e::Op::BancoWithTable { player: player(*seat, *standing) }],
        Step::NoMoreBets => vec![e::Op::NoMoreBets],
        Step::Cards(cs) => cs.iter().map(|x| e::Op::Card(card(x))).collect(),
        Step::Show(h, cs) => vec![e::Op::Show { hand: hand_id(*h), cards: cs.iter().map(|x| card(x)).collect() }],
        Step::Say(h, call) => vec![e::Op::Say { hand: hand_id(*h), call: *call }],
        Step::AskTable => vec![e::Op::AskTable],
    }
}

fn hand_text(h: Hand) -> &'static str {
    match h {
        Hand::P1 => "Tableau(1)",
        Hand::P2 => "Tableau(2)",
        Hand::Player => "Player",
        Hand::Bank => "Bank",
        Hand::Punto => "Punto",
        Hand::Banca => "Banca",
    }
}

fn spot_text(s: Spot) -> String {
    match s {
        Spot::Pano(n) => format!("Tableau({n})"),
        Spot::Half(n) => format!("Half({n})"),
        Spot::Cheval => "Cheval".into(),
        Spot::Player => "Player".into(),
        Spot::Punto => "Punto".into(),
        Spot::Banca => "Banca".into(),
    }
}

fn cards_text(cs: &[String]) -> String {
    cs.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")
}

fn standing_text(standing: bool) -> &'static str {
    if standing { ", standing: true" } else { "" }
}

/// The coup as a table script (SCENARIOS.md), its expectations the model's.
fn script(seed: u64, c: &Coup, o: &Outcome, steps: &[Entry]) -> String {
    let h = &c.house;
    let game = match h.game {
        Game::Banque => "Banque",
        Game::Chemin => "ChemindeFer",
        Game::Punto => "PuntoBanca",
    };
    let mut s = String::new();
    let _ = writeln!(s, "Script(\n    title: \"Generated coup, seed {seed}\",\n    rules: [\"R-BQ-11\"],");
    let _ = writeln!(
        s,
        "    table: (game: {game}, decks: 6, unit: \"{}\", cagnotte: \"{}\", commission: \"{}\", bank_limit: {}, rounding: (quantum: \"0.01\", mode: {:?}),\n        house: (bank_natural_ends_coup: {}, tie: {}, cf_optional_cells: {}, cf_banco_free_draw: {}, pb_banca_draws_on_stood_up_to: {}, pb_deal: {})),",
        h.unit,
        h.cagnotte,
        h.commission,
        if c.free_bank { "Free" } else { "Limited" },
        h.round,
        h.bank_natural_ends,
        if h.tie_push { "Push" } else { "BankWins" },
        match h.cf_optional {
            Optional::Chooses => "BankerChooses",
            Optional::Draw => "Draw",
            Optional::Stand => "Stand",
        },
        h.cf_banco_free,
        h.pb_stood_up_to,
        if h.pb_punto_first { "PuntoFirst" } else { "Alternating" },
    );
    let _ = writeln!(s, "    bank: \"{}\",\n    steps: [", c.bank);
    let mut refused = Vec::new();
    for (i, x) in steps.iter().enumerate() {
        if x.early.is_some() {
            refused.push(i);
        }
        let line = match &x.step {
            Step::Bet(b) => format!(
                "Bet(seat: {}, spot: {}, amount: \"{}\"{})",
                b.seat,
                spot_text(b.spot),
                b.amount,
                standing_text(b.standing)
            ),
            Step::Offer(b) => {
                format!(
                    "OfferBet(seat: {}, spot: {}, amount: \"{}\"{})",
                    b.seat,
                    spot_text(b.spot),
                    b.amount,
                    standing_text(b.standing)
                )
            }
            Step::Accept(seat, st) => format!("AcceptBet(seat: {seat}{})", standing_text(*st)),
            Step::Banco(seat, st, Some(n)) => format!("Banco(seat: {seat}, on: Tableau({n}){})", standing_text(*st)),
            Step::Banco(seat, st, None) => format!("Banco(seat: {seat}{})", standing_text(*st)),
            Step::Suivi(seat, st) => format!("CallSuivi(seat: {seat}{})", standing_text(*st)),
            Step::WithTable(seat, st) => format!("BancoWithTable(seat: {seat}{})", standing_text(*st)),
            Step::NoMoreBets => "NoMoreBets".into(),
            Step::Cards(cs) => format!("Cards([{}])", cards_text(cs)),
            Step::Show(hand, cs) => format!("Show({}, [{}])", hand_text(*hand), cards_text(cs)),
            Step::Say(hand, call) => format!("Say({}, {call:?})", hand_text(*hand)),
            Step::AskTable => "AskTable".into(),
        };
        let _ = writeln!(s, "        {line},");
    }
    let _ = writeln!(s, "    ],\n    expect: (");
    if !refused.is_empty() {
        let r: Vec<String> = refused.iter().map(|i| format!("(step: {i}, rule: \"R-BQ-11\")")).collect();
        let _ = writeln!(s, "        refused: [{}],", r.join(", "));
    }
    let totals: Vec<String> = o.totals.iter().map(|(h, t)| format!("({}, {t})", hand_text(*h))).collect();
    let _ = writeln!(s, "        totals: [{}],", totals.join(", "));
    let nets: Vec<String> =
        o.nets.iter().map(|((seat, st), n)| format!("(seat: {seat}{}, amount: \"{n}\")", standing_text(*st))).collect();
    let _ = writeln!(s, "        net: [{}],", nets.join(", "));
    if h.game == Game::Punto {
        let _ = writeln!(s, "        commission: \"{}\",", o.commission);
    } else {
        let _ = writeln!(s, "        cagnotte: \"{}\",\n        bank: \"{}\",", o.cagnotte, o.bank_after);
    }
    let _ = writeln!(s, "    ),\n)");
    s
}

/// Why a refusal of an early entry is true: its reason names the hand that plays first.
fn early_refusal_is_true(early: Early, r: &e::Refusal) -> Result<(), String> {
    match (early, &r.reason) {
        (Early::PanoWaits { turn }, e::Reason::NotYourTurn { turn: t, .. }) if *t == hand_id(turn) => {
            if r.clause == e::Clause::BQ11 { Ok(()) } else { Err(format!("cites {:?}, not R-BQ-11", r.clause)) }
        }
        (Early::BankWaits, e::Reason::BankWaits) => Ok(()),
        _ => Err(format!("refused with {r:?}, which is not why it waits")),
    }
}

/// Plays one coup through the engine; `Err` says what disagreed.
fn play(c: &Coup, o: &Outcome, steps: &[Entry]) -> Result<(), String> {
    let s = settings_of(c);
    let mut t = e::Table::new(s, money(c.bank), e::Shoe::decks(6)).map_err(|b| format!("settings {b:?}"))?;
    enter_coup(&mut t, steps)?;
    let st = t.settlement().ok_or_else(|| format!("not settled: owed {:?}", t.owed()))?;
    let diffs = settlement_diffs(st, c, o);
    if !diffs.is_empty() {
        return Err(diffs.join("; "));
    }
    no_infraction(&t)
}

/// A clean coup, every entry true at its moment, records no infraction (a bank's natural
/// shown at its turn among them, R-BQ-12).
fn no_infraction(t: &e::Table) -> Result<(), String> {
    let found = &t.coup().infractions;
    if found.is_empty() { Ok(()) } else { Err(format!("infractions in a clean coup: {found:?}")) }
}

/// Enters a coup's entries: each true one taken, each early one refused for a true reason.
fn enter_coup(t: &mut e::Table, steps: &[Entry]) -> Result<(), String> {
    for (i, x) in steps.iter().enumerate() {
        let before = t.clone();
        let mut result = Ok(());
        for op in ops(&x.step) {
            if let Err(r) = t.play(&op) {
                result = Err(r);
                break;
            }
        }
        match (result, x.early) {
            (Ok(()), None) => {}
            (Ok(()), Some(early)) => return Err(format!("step {i} {:?} taken though {early:?}", x.step)),
            (Err(r), None) => return Err(format!("step {i} {:?} refused: {r:?}", x.step)),
            (Err(r), Some(early)) => {
                early_refusal_is_true(early, &r).map_err(|why| format!("step {i} {:?}: {why}", x.step))?;
                if *t != before {
                    return Err(format!("step {i}: a refused entry changed the table"));
                }
            }
        }
    }
    Ok(())
}

/// Where the engine's settlement and the model's outcome differ.
fn settlement_diffs(st: &e::Settlement, c: &Coup, o: &Outcome) -> Vec<String> {
    let mut diffs = Vec::new();
    for (h, total) in &o.totals {
        if st.total_of(hand_id(*h)) != Some(*total) {
            diffs.push(format!("{h:?} total: model {total}, engine {:?}", st.total_of(hand_id(*h))));
        }
    }
    for (h, w) in &o.won {
        let engine = st.winners.iter().find(|(x, _)| *x == hand_id(*h)).map(|(_, w)| *w);
        let model = match (c.house.game, w) {
            (_, Won::Tie) if o.void => Some(e::Winner::Tie),
            (_, Won::Tie) => Some(e::Winner::Tie),
            (Game::Banque, Won::Hand) => Some(e::Winner::Tableau),
            (Game::Chemin, Won::Hand) => Some(e::Winner::Player),
            (Game::Punto, Won::Hand) => Some(e::Winner::Punto),
            (Game::Punto, Won::Bank) => Some(e::Winner::Banca),
            (_, Won::Bank) => Some(e::Winner::Bank),
        };
        if engine != model {
            diffs.push(format!("{h:?} winner: model {model:?}, engine {engine:?}"));
        }
    }
    for ((seat, standing), net) in &o.nets {
        let engine = st.net_of(player(*seat, *standing));
        if engine != money(*net) {
            diffs.push(format!("seat {seat}{} net: model {net}, engine {engine}", if *standing { "+" } else { "" }));
        }
    }
    if st.cagnotte != money(o.cagnotte) {
        diffs.push(format!("cagnotte: model {}, engine {}", o.cagnotte, st.cagnotte));
    }
    if st.commission != money(o.commission) {
        diffs.push(format!("commission: model {}, engine {}", o.commission, st.commission));
    }
    if c.house.game != Game::Punto && st.bank_after != money(o.bank_after) {
        diffs.push(format!("bank: model {}, engine {}", o.bank_after, st.bank_after));
    }
    if st.covered != money(o.covered) {
        diffs.push(format!("covered by the banker (R-BQ-4): model {}, engine {}", o.covered, st.covered));
    }
    diffs
}

fn coups() -> u64 {
    std::env::var("SABOT_MODEL_COUPS").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000)
}

fn first_seed() -> u64 {
    std::env::var("SABOT_MODEL_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(20_261_124)
}

fn run_game(game: Game, salt: u64) {
    let n = coups();
    let mut failures = Vec::new();
    for k in 0..n {
        let seed = first_seed().wrapping_mul(31).wrapping_add(salt).wrapping_add(k);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let c = gen_coup(&mut rng, game);
        let o = model::play(&c.house, &c.bets, &c.cards, c.ch, c.bank, c.asked);
        let steps = entries(&mut rng, &c, &o);
        if let Err(why) = play(&c, &o, &steps) {
            failures.push(format!("seed {seed}: {why}\n{}", script(seed, &c, &o, &steps)));
            if failures.len() >= 3 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{game:?}: the engine and the model disagree:\n{}", failures.join("\n"));
}

#[test]
fn banque_coups_agree_with_the_model_r_bq_7_r_bq_11_r_bq_13_r_bq_15_r_bq_16() {
    // R-BQ-4 R-BQ-6 R-BQ-7 R-BQ-8 R-BQ-10 R-BQ-11 R-BQ-12 R-BQ-13 R-BQ-14 R-BQ-15 R-BQ-16
    run_game(Game::Banque, 1);
}

#[test]
fn chemin_de_fer_coups_agree_with_the_model_r_cf_8_r_cf_9() {
    // R-CF-3 R-CF-7 R-CF-8 R-CF-9 R-BQ-11 R-BQ-13 R-BQ-15
    run_game(Game::Chemin, 2);
}

#[test]
fn punto_y_banca_coups_agree_with_the_model_r_pb_4_r_pb_7() {
    // R-PB-4 R-PB-6 R-PB-7
    run_game(Game::Punto, 3);
}

/// The model's own tables, checked against the rules' text cell by cell: a second
/// reading of RULES.md, so that a slip in the model is not taken for the engine's.
#[test]
fn the_models_tables_are_the_rules_tables_r_bq_13_r_pb_7() {
    // R-BQ-13: the row of 3 draws against everything but an 8 (P) and a 9 (O).
    assert_eq!((0..=9).map(|c| model::banque_cell(3, Some(c))).collect::<String>(), "TTTTTTTTPO");
    assert_eq!(model::banque_cell(5, Some(4)), 'O');
    assert_eq!(model::banque_cell(6, None), 'P');
    assert_eq!(model::banque_cell(5, None), 'T');
    // R-PB-7: banca 3 against an 8 stands; 6 draws against a 6 or 7 only.
    assert!(!model::banca_draws(3, Some(8), 5));
    assert_eq!((0..=9).filter(|c| model::banca_draws(6, Some(*c), 5)).collect::<Vec<_>>(), vec![6, 7]);
    assert!(model::banca_draws(5, None, 5) && !model::banca_draws(6, None, 5));
    // R-BQ-7: 7 units of 10 a caballo: 40 on paño 1, 30 on paño 2.
    let h = gen_house(&mut ChaCha8Rng::seed_from_u64(1), Game::Banque);
    let h = House { unit: dec("10"), tie_push: true, bank_natural_ends: true, ..h };
    let bets = [Bet { seat: 1, standing: false, spot: Spot::Cheval, amount: dec("70"), banco: false }];
    // Paño 1 natural 9 wins, paño 2 loses to the bank's 7: +40 −30.
    let cards: Vec<String> = ["9h", "Kd", "7c", "Kh", "2d", "Qc", "Ks"].iter().map(|x| x.to_string()).collect();
    let o = model::play(&h, &bets, &cards, Choices::default(), dec("1000"), false);
    assert_eq!(o.nets, vec![((1, false), dec("10"))]);
}

// ---- Whole shifts (issue 37): who is at the table, the bank, void coups carried ----
//
// A shift of coups at one table: players sit down and leave between coups (and are
// refused where the rules refuse them: a place taken, a player not there), operations
// named for a player who left (a bet, banco, the bank taken, a bid, banca seguida, a
// late bet, the cards handed, a wrong player, an offer and its answer, a shuffle, the
// lot) refused by R-BQ-1, the bank taken, given up, offered at its amount (a wrong
// amount refused), broken and refilled, limited and free (a free bank covered by its
// banker when it loses more than it holds), void coups (stuck cards in Banque, a tie in
// Punto y Banca) whose bets stand for the next coup but leave with their player; in Chemin
// de fer banco, banco con la mesa and banca seguida (the right won by a banco caller or a
// lone bettor the bank beat, abandoned, taken back on a tie, lost by a leaver), and the
// bank passing on a loss or given up, offered round the table and declined. Each
// entry is held to the shift model's verdict (`model::shift`), each coup's settlement to
// the coup model, and after each entry the roster, the banker, the bank, the bets carried
// and the money brought into the bank (the banks taken apart from the rest) to the
// model's. `SABOT_MODEL_SHIFTS=N` plays N shifts a game (default 2,000, of 8 coups).

use model::shift::{ShiftModel, Verdict, Who};

/// The shift's table and its model, with what was entered (printed on a disagreement).
struct ShiftRun {
    t: e::Table,
    m: ShiftModel,
    house: House,
    free_bank: bool,
    /// The shift's sabot, the next card first.
    deck: Vec<String>,
    log: Vec<String>,
}

fn whole_deck(rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut v: Vec<String> =
        (0..6).flat_map(|_| RANKS.iter().flat_map(|r| SUITS.iter().map(move |s| format!("{r}{s}")))).collect();
    v.shuffle(rng);
    v
}

fn shifts() -> u64 {
    std::env::var("SABOT_MODEL_SHIFTS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000)
}

const SHIFT_COUPS: usize = 8;

impl ShiftRun {
    fn new(rng: &mut ChaCha8Rng, game: Game) -> ShiftRun {
        let house = gen_house(rng, game);
        let free_bank = game == Game::Banque && rng.random_bool(0.3);
        let c = Coup {
            house: house.clone(),
            free_bank,
            bank: Decimal::ZERO,
            bets: vec![],
            cards: vec![],
            ch: Choices::default(),
            asked: false,
        };
        let settings = settings_of(&c);
        let sections = settings.sections;
        let t = e::Table::new(settings, e::Money::ZERO, e::Shoe::decks(6)).expect("table");
        ShiftRun { t, m: ShiftModel::new(game, sections), house, free_bank, deck: whole_deck(rng), log: Vec::new() }
    }

    /// Enters one operation and holds the engine to the model's verdict.
    fn enter(&mut self, op: e::Op, verdict: Verdict) -> Result<(), String> {
        self.log.push(format!("{op:?}"));
        let before = self.t.clone();
        match (self.t.play(&op), verdict) {
            (Ok(_), Verdict::Taken) => {}
            (Ok(ev), Verdict::Refused(c)) => return Err(format!("{op:?} taken ({ev:?}); the model refuses it: {c}")),
            (Err(r), Verdict::Taken) => return Err(format!("{op:?} refused ({r:?}); the model takes it")),
            (Err(r), Verdict::Refused(c)) => {
                if self.t != before {
                    return Err(format!("{op:?}: a refused entry changed the table"));
                }
                if !r.cites(c.parse().expect("clause")) {
                    return Err(format!("{op:?} refused citing {} ({:?}); the model cites {c}", r.clause, r.reason));
                }
            }
        }
        self.same_state()
    }

    /// The engine's shift stands where the model's does.
    fn same_state(&self) -> Result<(), String> {
        let sh = self.t.shift();
        let roster: std::collections::BTreeSet<Who> = sh.roster.iter().map(|p| (p.seat, p.standing)).collect();
        if roster != self.m.roster {
            return Err(format!("roster: model {:?}, engine {roster:?}", self.m.roster));
        }
        if self.m.game == Game::Punto {
            return Ok(());
        }
        let banker = sh.banker().map(|p| p.seat);
        if banker != self.m.banker || self.t.bank() != money(self.m.bank) {
            return Err(format!(
                "bank: model {:?} holding {}, engine {banker:?} holding {}",
                self.m.banker,
                self.m.bank,
                self.t.bank()
            ));
        }
        if self.t.bank().is_negative() {
            return Err("a bank below zero".into());
        }
        let suivi = |p: Option<e::PlayerRef>| p.map(|p| (p.seat, p.standing));
        let engine = (suivi(sh.suivi), suivi(sh.suivi_abandoned), sh.bank.offered_to());
        if engine != (self.m.suivi, self.m.abandoned, self.m.offered_to) {
            let m = (self.m.suivi, self.m.abandoned, self.m.offered_to);
            return Err(format!("banca seguida, abandoned, bank offered to: model {m:?}, engine {engine:?}"));
        }
        let mv = self.t.bank_moves();
        if mv.banks_taken != money(self.m.banks_taken) || mv.brought_in_later() != money(self.m.brought_later) {
            return Err(format!(
                "money brought in: model {} taken + {} later, engine {} + {}",
                self.m.banks_taken,
                self.m.brought_later,
                mv.banks_taken,
                mv.brought_in_later()
            ));
        }
        Ok(())
    }

    fn absent(&self, rng: &mut ChaCha8Rng) -> Option<Who> {
        let all: Vec<Who> =
            (1..=self.m.sections).flat_map(|s| [(s, false), (s, true)]).filter(|w| !self.m.present(*w)).collect();
        (!all.is_empty()).then(|| pick(rng, &all))
    }

    fn present(&self, seated_only: bool) -> Vec<Who> {
        self.m.roster.iter().copied().filter(|w| !(seated_only && w.1)).collect()
    }

    /// An operation named for a player who is not there: refused by R-BQ-1, whatever it is.
    fn absent_op(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        let Some(w) = self.absent(rng) else { return Ok(()) };
        let p = player(w.0, w.1);
        let m = |x: &str| money(dec(x));
        let op = match rng.random_range(0..12) {
            0 => e::Op::Bet { player: p, spot: e::Spot::Tableau(1), amount: m("10") },
            1 => e::Op::Banco { player: p, on: Some(e::HandId::Tableau(1)) },
            // One who left (a player who never sat may come to the table with the bank).
            2 if self.m.left.contains(&w) => e::Op::TakeBank { player: p, amount: m("500") },
            2 => e::Op::Bet { player: p, spot: e::Spot::Tableau(1), amount: m("10") },
            3 => e::Op::Auction { bids: vec![e::Bid { player: p, amount: m("900") }], lot: None },
            4 => e::Op::CallSuivi { player: p },
            5 => e::Op::LateBet { player: p, amount: m("10") },
            6 => e::Op::CardsTo { player: p },
            7 => e::Op::WrongPlayer { hand: e::HandId::Tableau(1), player: p },
            8 => e::Op::OfferBet { player: p, spot: e::Spot::Punto, amount: m("10") },
            9 => e::Op::AcceptBet { player: p },
            10 => e::Op::Shuffle { by: Some(p) },
            _ => e::Op::DrawLot { winner: p },
        };
        self.enter(op, Verdict::Refused("R-BQ-1"))
    }

    /// Between coups: players come and go, now and then one who is not there is named.
    fn between(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        for _ in 0..rng.random_range(0..=3) {
            match rng.random_range(0..10) {
                0..=3 => {
                    // Sometimes a place already taken (refused, R-BQ-1).
                    let w = if rng.random_bool(0.15) { self.present(false).first().copied() } else { self.absent(rng) };
                    if let Some(w) = w {
                        let v = self.m.join(w);
                        self.enter(e::Op::Join { player: player(w.0, w.1), number: None }, v)?;
                    }
                }
                4..=7 => {
                    let here = self.present(false);
                    if !here.is_empty() {
                        let w = pick(rng, &here);
                        let v = self.m.leave(w);
                        self.enter(e::Op::Leave { player: player(w.0, w.1) }, v)?;
                    }
                }
                _ => self.absent_op(rng)?,
            }
        }
        Ok(())
    }

    /// Banque: the bank given up now and then, and taken by a player at the table (a bank
    /// offered at its amount taken at another is refused, R-BQ-3).
    fn bank(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        match self.m.game {
            Game::Punto => return Ok(()),
            Game::Chemin => return self.chemin_bank(rng),
            Game::Banque => {}
        }
        if self.m.banker.is_some() && rng.random_bool(0.1) {
            self.m.leave_bank();
            self.enter(e::Op::LeaveBank, Verdict::Taken)?;
        }
        while self.m.banker.is_none() {
            let seated = self.present(true);
            let Some(w) = (!seated.is_empty()).then(|| pick(rng, &seated)) else {
                let w = self.absent(rng).map_or((1, false), |w| (w.0, false));
                let v = self.m.join(w);
                self.enter(e::Op::Join { player: player(w.0, w.1), number: None }, v)?;
                continue;
            };
            let fresh = Decimal::from(rng.random_range(2..=40u32)) * dec("50");
            let amount = match self.m.offered_at.filter(|a| *a > Decimal::ZERO) {
                Some(at) if rng.random_bool(0.2) => at + dec("50"),
                Some(at) => at,
                None => fresh,
            };
            let v = self.m.take_bank(w, amount);
            self.enter(e::Op::TakeBank { player: player(w.0, w.1), amount: money(amount) }, v)?;
        }
        Ok(())
    }

    /// Seats a player at the first free section (`seated`) or place.
    fn seat_one(&mut self, seated: bool) -> Result<(), String> {
        let w = (1..=self.m.sections)
            .flat_map(|s| [(s, false), (s, true)])
            .filter(|w| !seated || !w.1)
            .find(|w| !self.m.present(*w))
            .ok_or("no free place")?;
        let v = self.m.join(w);
        self.enter(e::Op::Join { player: player(w.0, w.1), number: None }, v)
    }

    /// Chemin de fer: the bank given up now and then, offered to the next player on the
    /// right (R-CF-10); the player offered it declines it or takes it at an amount of his
    /// own, another player taking it is refused (R-CF-10).
    fn chemin_bank(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        if self.m.banker.is_some() && rng.random_bool(0.15) {
            self.m.leave_bank();
            self.enter(e::Op::LeaveBank, Verdict::Taken)?;
        }
        let mut declined = 0;
        while self.m.banker.is_none() {
            // Two seated players at least, so that the bank has somewhere to go.
            if self.present(true).len() < 2 {
                self.seat_one(true)?;
                continue;
            }
            let amount = Decimal::from(rng.random_range(2..=40u32)) * dec("50");
            let seated = self.present(true);
            let w = match self.m.offered_to {
                // Offered to a section whose player left, nobody after him: he sits again.
                Some(seat) if !self.m.present((seat, false)) => {
                    let v = self.m.join((seat, false));
                    self.enter(e::Op::Join { player: player(seat, false), number: None }, v)?;
                    continue;
                }
                Some(seat) if declined < 4 && rng.random_bool(0.3) => {
                    declined += 1;
                    let v = self.m.decline_bank((seat, false));
                    self.enter(e::Op::DeclineBank { player: player(seat, false) }, v)?;
                    continue;
                }
                // Now and then another seated player reaches for it first.
                Some(seat) if rng.random_bool(0.2) => match seated.iter().find(|w| w.0 != seat) {
                    Some(other) => *other,
                    None => (seat, false),
                },
                Some(seat) => (seat, false),
                None => pick(rng, &seated),
            };
            let v = self.m.take_bank(w, amount);
            self.enter(e::Op::TakeBank { player: player(w.0, w.1), amount: money(amount) }, v)?;
        }
        Ok(())
    }

    /// The next coup: refused while a paño lacks two players (R-BQ-2), players sit until
    /// it has them; the bank announced, refilled when broken, sometimes raised.
    fn open(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        loop {
            let v = self.m.enough_players();
            self.enter(e::Op::NextCoup, v)?;
            if v == Verdict::Taken {
                break;
            }
            let short = if self.m.players_on(1) < 2 { 1..=6u8 } else { 7..=12u8 };
            let w = short.flat_map(|s| [(s, false), (s, true)]).find(|w| !self.m.present(*w)).expect("a free place");
            let v = self.m.join(w);
            self.enter(e::Op::Join { player: player(w.0, w.1), number: None }, v)?;
        }
        if self.m.game == Game::Chemin {
            // R-CF-2: the banker announces the bank he holds.
            let v = self.m.announce(self.m.bank);
            self.enter(e::Op::AnnounceBank { amount: money(self.m.bank) }, v)?;
        }
        if self.m.game == Game::Banque {
            let amount = if self.m.bank.is_zero() || rng.random_bool(0.1) {
                self.m.bank + Decimal::from(rng.random_range(2..=40u32)) * dec("50")
            } else {
                self.m.bank
            };
            let v = self.m.announce(amount);
            self.enter(e::Op::AnnounceBank { amount: money(amount) }, v)?;
        }
        let carried = |bets: &mut Vec<(u8, bool, e::Spot, e::Money)>| bets.sort_by_key(|b| format!("{b:?}"));
        let mut engine: Vec<_> =
            self.t.coup().bets.iter().map(|b| (b.player.seat, b.player.standing, b.spot, b.amount)).collect();
        let mut model: Vec<_> =
            self.m.carried.iter().map(|b| (b.seat, b.standing, spot_id(b.spot), money(b.amount))).collect();
        carried(&mut engine);
        carried(&mut model);
        if engine != model {
            return Err(format!("bets carried from a void coup: model {model:?}, engine {engine:?}"));
        }
        Ok(())
    }

    /// New bets from the players at the table, the banker excepted; a limited bank covers
    /// them with the bets carried (R-BQ-4).
    fn new_bets(&self, rng: &mut ChaCha8Rng) -> Vec<Bet> {
        let game = self.m.game;
        let bettors: Vec<Who> = self.present(false).into_iter().filter(|w| w.1 || Some(w.0) != self.m.banker).collect();
        let mut bets = Vec::new();
        // A banco carried from a void coup is the coup's only bet (R-BQ-8).
        if bettors.is_empty() || self.m.carried.iter().any(|b| b.banco) {
            return bets;
        }
        if game == Game::Banque && self.m.carried.is_empty() && rng.random_bool(0.08) {
            let w = pick(rng, &bettors);
            let on = if w.0 <= 6 { 1 } else { 2 };
            bets.push(Bet { seat: w.0, standing: w.1, spot: Spot::Pano(on), amount: self.m.bank, banco: true });
            return bets;
        }
        let mut at_risk: Decimal = self
            .m
            .carried
            .iter()
            .map(|b| if matches!(b.spot, Spot::Half(_)) { b.amount / Decimal::TWO } else { b.amount })
            .sum();
        for _ in 0..rng.random_range(0..=6) {
            let w = pick(rng, &bettors);
            let pano = if w.0 <= 6 { 1 } else { 2 };
            let spot = match game {
                Game::Banque => pick(rng, &[Spot::Pano(pano), Spot::Pano(pano), Spot::Half(pano), Spot::Cheval]),
                _ => pick(rng, &[Spot::Punto, Spot::Banca]),
            };
            let amount = if spot == Spot::Cheval {
                Decimal::from(rng.random_range(1..=15u32)) * self.house.unit
            } else {
                stake(rng, self.house.unit)
            };
            let risk = if matches!(spot, Spot::Half(_)) { amount / Decimal::TWO } else { amount };
            if game == Game::Banque && !self.free_bank && at_risk + risk > self.m.bank {
                continue;
            }
            at_risk += risk;
            bets.push(Bet { seat: w.0, standing: w.1, spot, amount, banco: false });
        }
        bets
    }

    /// Chemin de fer's bets (R-CF-2…6): banca seguida called by its holder, a banco, banco
    /// con la mesa completed by others, or plain bets of players up to the bank; the
    /// first entry's step when it is not a bet's own.
    fn chemin_bets(&mut self, rng: &mut ChaCha8Rng) -> (Vec<Bet>, Option<Step>) {
        let bank = self.m.bank;
        let mut bettors: Vec<Who> =
            self.present(false).into_iter().filter(|w| w.1 || Some(w.0) != self.m.banker).collect();
        bettors.shuffle(rng);
        let banco = |w: Who| Bet { seat: w.0, standing: w.1, spot: Spot::Player, amount: bank, banco: true };
        let r = rng.random_range(0..10);
        if let Some(w) = self.m.suivi.filter(|w| bettors.contains(w) && r < 5) {
            // The right is spent once called (R-CF-6).
            self.m.suivi = None;
            return (vec![banco(w)], Some(Step::Suivi(w.0, w.1)));
        }
        if r < 2 {
            return (vec![banco(bettors[0])], None);
        }
        let mut bets = Vec::new();
        let mut first = None;
        let half_payable = (bank * Decimal::ONE_HUNDRED) % Decimal::TWO == Decimal::ZERO;
        if r < 5 && half_payable {
            let w = bettors[0];
            bets.push(Bet { seat: w.0, standing: w.1, spot: Spot::Player, amount: bank / Decimal::TWO, banco: false });
            first = Some(Step::WithTable(w.0, w.1));
        }
        let mut at_risk: Decimal = bets.iter().map(|b| b.amount).sum();
        for w in bettors.iter().skip(bets.len()).take(rng.random_range(0..=4)) {
            let amount = stake(rng, self.house.unit);
            if at_risk + amount <= bank {
                at_risk += amount;
                bets.push(Bet { seat: w.0, standing: w.1, spot: Spot::Player, amount, banco: false });
            }
        }
        // R-CF-5: no coup without a bet.
        if bets.is_empty() {
            let w = bettors[0];
            bets.push(Bet {
                seat: w.0,
                standing: w.1,
                spot: Spot::Player,
                amount: self.house.unit.min(bank),
                banco: false,
            });
        }
        (bets, first)
    }

    /// Chemin de fer's coup, held to the coup model; then banca seguida (to the banco
    /// caller or the lone bettor the bank beat, back to an abandoned holder on a tie) and
    /// the bank passing on a loss (R-CF-6, R-CF-10), held to the shift model.
    fn chemin_coup(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        let banker = self.m.banker;
        if !self.present(false).iter().any(|w| w.1 || Some(w.0) != banker) {
            self.seat_one(false)?;
        }
        let (bets, first) = self.chemin_bets(rng);
        let c = Coup {
            house: self.house.clone(),
            free_bank: false,
            bank: self.m.bank,
            bets: bets.clone(),
            cards: self.deck.iter().take(12).cloned().collect(),
            ch: Choices {
                first: rng.random_bool(0.5),
                second: rng.random_bool(0.5),
                bank: rng.random_bool(0.5),
                ..Choices::default()
            },
            asked: false,
        };
        let o = model::play(&c.house, &c.bets, &c.cards, c.ch, c.bank, c.asked);
        let mut steps = entries(rng, &c, &o);
        if let Some(step) = first {
            steps[0].step = step;
        }
        self.settle(&c, &o, &steps, &bets)?;
        let won = o.won.first().map(|(_, w)| *w).ok_or("no winner")?;
        let caller = (bets.len() == 1).then(|| (bets[0].seat, bets[0].standing));
        self.m.chemin_after(won, caller, o.bank_after);
        self.same_state()
    }

    /// One coup: the bets, then the deal: stuck cards (Banque, the coup void) or the coup
    /// entered in one of the orders the rules allow, held to the coup model.
    fn coup(&mut self, rng: &mut ChaCha8Rng) -> Result<(), String> {
        if self.m.game == Game::Chemin {
            return self.chemin_coup(rng);
        }
        // A free bank: a bet entered straight on, not offered to the banker, is refused
        // (R-BQ-4); the bets below are offered and accepted.
        let bettors: Vec<Who> = self.present(false).into_iter().filter(|w| w.1 || Some(w.0) != self.m.banker).collect();
        if self.free_bank && !bettors.is_empty() && !self.m.carried.iter().any(|b| b.banco) && rng.random_bool(0.3) {
            let w = pick(rng, &bettors);
            let spot = e::Spot::Tableau(if w.0 <= 6 { 1 } else { 2 });
            let op = e::Op::Bet { player: player(w.0, w.1), spot, amount: money(self.house.unit) };
            self.enter(op, Verdict::Refused("R-BQ-4"))?;
        }
        let carried = self.m.carried.clone();
        let mut bets = carried.clone();
        bets.extend(self.new_bets(rng));
        let c = Coup {
            house: self.house.clone(),
            free_bank: self.free_bank,
            bank: if self.m.game == Game::Punto { Decimal::ZERO } else { self.m.bank },
            bets: bets.clone(),
            cards: self.deck.iter().take(12).cloned().collect(),
            ch: Choices {
                first: rng.random_bool(0.5),
                second: rng.random_bool(0.5),
                bank: rng.random_bool(0.5),
                natural_at_turn: self.m.game == Game::Banque && rng.random_bool(0.25),
            },
            asked: self.m.game == Game::Banque && rng.random_bool(0.5),
        };
        let o = model::play(&c.house, &c.bets, &c.cards, c.ch, c.bank, c.asked);
        let steps = entries(rng, &c, &o);
        // The carried bets are on the cloth already: their entries are not made again.
        let skip: usize = carried.iter().map(|b| if self.free_bank && !b.banco { 2 } else { 1 }).sum();
        let steps = &steps[skip..];
        let stuck = self.m.game == Game::Banque && rng.random_bool(0.12);
        if stuck {
            let bets_end = steps.iter().position(|x| matches!(x.step, Step::NoMoreBets)).expect("no va más");
            self.log.extend(steps[..=bets_end].iter().map(|x| format!("{:?}", x.step)));
            enter_coup(&mut self.t, &steps[..=bets_end])?;
            self.log.push("StuckCards".into());
            self.t.play(&e::Op::StuckCards).map_err(|r| format!("stuck cards refused: {r:?}"))?;
            self.deck.drain(..6);
            let st = self.t.settlement().ok_or("stuck cards: not settled")?;
            if st.void.is_none() || st.bank_after != money(self.m.bank) {
                return Err(format!("stuck cards: void {:?}, bank {}", st.void, st.bank_after));
            }
            self.m.settled(self.m.bank, Decimal::ZERO, true, &bets);
        } else {
            self.settle(&c, &o, steps, &bets)?;
        }
        self.same_state()
    }

    /// Enters a coup's entries, holds its settlement to the coup model, and settles it
    /// in the shift model.
    fn settle(&mut self, c: &Coup, o: &Outcome, steps: &[Entry], bets: &[Bet]) -> Result<(), String> {
        self.log.extend(steps.iter().map(|x| format!("{:?}", x.step)));
        enter_coup(&mut self.t, steps)?;
        let st = self.t.settlement().ok_or_else(|| format!("not settled: owed {:?}", self.t.owed()))?;
        let diffs = settlement_diffs(st, c, o);
        if !diffs.is_empty() {
            return Err(diffs.join("; "));
        }
        no_infraction(&self.t)?;
        let used: usize = o.hands.iter().map(|(_, cs)| cs.len()).sum();
        self.deck.drain(..used);
        self.m.settled(o.bank_after, o.covered, o.void, bets);
        Ok(())
    }
}

fn play_shift(rng: &mut ChaCha8Rng, game: Game) -> Result<(), (String, Vec<String>)> {
    let mut run = ShiftRun::new(rng, game);
    let result = (|| {
        for _ in 0..rng.random_range(4..=10) {
            let w = run.absent(rng).expect("a free place");
            let v = run.m.join(w);
            run.enter(e::Op::Join { player: player(w.0, w.1), number: None }, v)?;
        }
        for _ in 0..SHIFT_COUPS {
            run.between(rng)?;
            run.bank(rng)?;
            run.open(rng)?;
            run.coup(rng)?;
        }
        Ok(())
    })();
    result.map_err(|why| (why, std::mem::take(&mut run.log)))
}

fn run_shifts(game: Game, salt: u64) {
    let mut failures = Vec::new();
    for k in 0..shifts() {
        let seed = first_seed().wrapping_mul(37).wrapping_add(salt).wrapping_add(k);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if let Err((why, log)) = play_shift(&mut rng, game) {
            let tail = log.len().saturating_sub(25);
            failures.push(format!("seed {seed}: {why}\n  last entries:\n    {}", log[tail..].join("\n    ")));
            if failures.len() >= 3 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{game:?} shifts: the engine and the model disagree:\n{}", failures.join("\n"));
}

#[test]
fn banque_shifts_agree_with_the_model_r_bq_1_r_bq_2_r_bq_3_r_bq_4_r_bq_e3() {
    // R-BQ-1 R-BQ-2 R-BQ-3 R-BQ-4 R-BQ-17 R-BQ-E3
    run_shifts(Game::Banque, 11);
}

#[test]
fn chemin_de_fer_shifts_agree_with_the_model_r_bq_1_r_cf_4_r_cf_6_r_cf_10() {
    // R-BQ-1 R-CF-2 R-CF-3 R-CF-4 R-CF-5 R-CF-6 R-CF-10
    run_shifts(Game::Chemin, 17);
}

#[test]
fn punto_y_banca_shifts_agree_with_the_model_r_bq_1_r_pb_4() {
    // R-BQ-1 R-PB-4
    run_shifts(Game::Punto, 13);
}
