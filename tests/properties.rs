//! Property tests: random operation sequences, legal and illegal, through each game.
//! The engine always either refuses (state unchanged) or applies; money always
//! balances; replaying the events rebuilds the same table. At least 10,000 coups
//! per game are settled per run.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sabot::engine::{
    Call, Card, Event, Game, HandId, Money, Op, Owed, PlayerRef, Rank, Shoe, Spot, Suit, Table, TableSettings,
};

/// The cards as they physically are: the sabot's order, and the face-down cards
/// already dealt. Kept consistent with whatever the engine accepts.
struct Phys {
    remaining: Vec<Card>,
    hidden: Vec<((HandId, u8), Card)>,
    /// Deal positions taken out before "no va más" (R-BQ-E1).
    early: usize,
}

impl Phys {
    /// The card physically at `pos` is now known to be `c`: move identities so the
    /// unseen multiset stays what the engine believes.
    fn identify(&mut self, pos: (HandId, u8), c: Card) {
        let Some(i) = self.hidden.iter().position(|(p, _)| *p == pos) else {
            return;
        };
        let d = self.hidden[i].1;
        self.hidden.remove(i);
        if c == d {
            return;
        }
        if let Some(j) = self.remaining.iter().position(|x| *x == c) {
            self.remaining[j] = d;
        } else if let Some(j) = self.hidden.iter().position(|(_, x)| *x == c) {
            self.hidden[j].1 = d;
        }
    }

    /// A card left the sabot face up and is `c`.
    fn draw_known(&mut self, c: Card) {
        if let Some(j) = self.remaining.iter().rposition(|x| *x == c) {
            self.remaining.remove(j);
        } else if let Some(j) = self.hidden.iter().position(|(_, x)| *x == c) {
            let top = self.remaining.pop().expect("a card left");
            self.hidden[j].1 = top;
        } else {
            panic!("the engine accepted {c}, which is not unseen");
        }
    }

    /// The hand's first two cards: those the engine knows, and the face-down ones.
    fn hand_cards(&self, t: &Table, hand: HandId) -> Vec<Card> {
        if !hand.in_game(t.settings().game) {
            return vec![];
        }
        let known = t.coup().play.hands[hand].cards.first;
        (0u8..2)
            .filter_map(|slot| {
                known[usize::from(slot)]
                    .or_else(|| self.hidden.iter().find(|(p, _)| *p == (hand, slot)).map(|(_, c)| *c))
            })
            .collect()
    }
}

fn random_card(rng: &mut ChaCha8Rng) -> Card {
    Card::new(Rank::ALL[rng.random_range(0..13)], Suit::ALL[rng.random_range(0..4)])
}

fn random_hand(rng: &mut ChaCha8Rng) -> HandId {
    match rng.random_range(0..7) {
        0 => HandId::Tableau(1),
        1 => HandId::Tableau(2),
        2 => HandId::Tableau(rng.random_range(0..5)),
        3 => HandId::Player,
        4 => HandId::Punto,
        5 => HandId::Banca,
        _ => HandId::Bank,
    }
}

fn random_spot(rng: &mut ChaCha8Rng, game: Game, sane: bool) -> Spot {
    if sane {
        return match game {
            Game::Banque => {
                [Spot::Tableau(1), Spot::Tableau(2), Spot::Cheval, Spot::Half(1), Spot::Half(2)][rng.random_range(0..5)]
            }
            Game::ChemindeFer => Spot::Player,
            Game::PuntoBanca => [Spot::Punto, Spot::Banca][rng.random_range(0..2)],
        };
    }
    match rng.random_range(0..8) {
        0 => Spot::Tableau(rng.random_range(0..4)),
        1 => Spot::Cheval,
        2 => Spot::Half(rng.random_range(0..4)),
        3 => Spot::Player,
        4 => Spot::Punto,
        5 => Spot::Banca,
        _ => random_spot(rng, game, true),
    }
}

fn random_amount(rng: &mut ChaCha8Rng, unit: Money, bank: Money, sane: bool) -> Money {
    if !sane {
        let texts = ["0", "-5", "0.01", "0.03", "999999999999", "12.5", "7"];
        return texts[rng.random_range(0..texts.len())].parse().expect("amount");
    }
    let max_units = bank.units_of(unit).unwrap_or(100).clamp(1, 200) / 4 + 1;
    unit.checked_mul_int(rng.random_range(1..=max_units)).expect("amount")
}

/// A random error or infraction operation (R-BQ-E1…E18, R-CF-7).
fn error_op(rng: &mut ChaCha8Rng, t: &Table) -> Op {
    let hand = random_hand(rng);
    let seat = PlayerRef { seat: rng.random_range(0..14), standing: rng.random_bool(0.2) };
    let cards = |rng: &mut ChaCha8Rng| (0..rng.random_range(0..4)).map(|_| random_card(rng)).collect::<Vec<_>>();
    let clauses = [
        sabot::engine::Clause::BQE14,
        sabot::engine::Clause::BQE15,
        sabot::engine::Clause::BQE17,
        sabot::engine::Clause::BQ11,
    ];
    match rng.random_range(0..19) {
        0 => Op::EarlyCards { count: rng.random_range(0..8) },
        1 => Op::DeadCard { card: random_card(rng) },
        2 => Op::StuckCards,
        3 => Op::CardOnFloor { card: None },
        4 => Op::WrongPlayer { hand, player: seat },
        5 => Op::Discarded {
            hand,
            by_croupier: rng.random_bool(0.5),
            cards: cards(rng),
            total: if rng.random_bool(0.5) { Some(rng.random_range(0..12)) } else { None },
        },
        6 => Op::Claim,
        7 => Op::Amend {
            coup: rng.random_range(0..3),
            reason: if rng.random_bool(0.8) { "a correction".into() } else { String::new() },
        },
        8 => Op::IrregularDeal { put_right: rng.random_bool(0.7) },
        9 => Op::CardTo { hand, card: random_card(rng) },
        10 => Op::Exposed { hand, cards: cards(rng) },
        11 => Op::LostInDiscard { hand, card: if rng.random_bool(0.5) { Some(random_card(rng)) } else { None } },
        12 => Op::Announce { total: rng.random_range(0..11) },
        13 | 14 => Op::Confirm,
        15 => Op::PlayerError { clause: clauses[rng.random_range(0..clauses.len())], hand, by: None },
        16 => Op::TooLong { hand },
        17 => {
            let sane = rng.random_bool(0.7);
            Op::LateBet { player: seat, amount: random_amount(rng, t.settings().unit, t.bank(), sane) }
        }
        _ => Op::WithdrawLate { player: seat },
    }
}

/// A random operation, sensible (what the table owes) or not.
fn next_op(rng: &mut ChaCha8Rng, t: &Table, phys: &Phys, sane: bool) -> Op {
    if !sane && rng.random_bool(0.35) {
        return error_op(rng, t);
    }
    if !sane { any_op(rng, t) } else { owed_op(rng, t, phys) }
}

/// A seated or standing player of the table.
fn random_player(rng: &mut ChaCha8Rng, sections: u8) -> PlayerRef {
    PlayerRef { seat: rng.random_range(1..=sections), standing: rng.random_bool(0.2) }
}

/// Any operation of play, whatever the table owes.
fn any_op(rng: &mut ChaCha8Rng, t: &Table) -> Op {
    let s = t.settings();
    let game = s.game;
    let player = |rng: &mut ChaCha8Rng| random_player(rng, s.sections);
    match rng.random_range(0..9) {
        0 => Op::Bet {
            player: PlayerRef { seat: rng.random_range(0..30), standing: rng.random_bool(0.3) },
            spot: random_spot(rng, game, false),
            amount: random_amount(rng, s.unit, t.bank(), false),
        },
        1 => Op::Banco { player: player(rng), on: Some(random_hand(rng)) },
        2 => Op::BancoWithTable { player: player(rng) },
        3 => Op::NoMoreBets,
        4 => Op::Card(random_card(rng)),
        5 => {
            let n = rng.random_range(0..4);
            Op::Show { hand: random_hand(rng), cards: (0..n).map(|_| random_card(rng)).collect() }
        }
        6 => Op::Say { hand: random_hand(rng), call: [Call::Draw, Call::Stand, Call::Natural][rng.random_range(0..3)] },
        7 => Op::AskTable,
        _ => Op::Bet {
            player: player(rng),
            spot: random_spot(rng, game, true),
            amount: random_amount(rng, s.unit, t.bank(), true),
        },
    }
}

/// What the table owes, mostly as it should be done.
fn owed_op(rng: &mut ChaCha8Rng, t: &Table, phys: &Phys) -> Op {
    let s = t.settings();
    let game = s.game;
    let player = |rng: &mut ChaCha8Rng| random_player(rng, s.sections);
    match t.owed().owed {
        Owed::Bets => {
            let n = t.coup().bets.len();
            if n > 0 && rng.random_bool(0.3) || n > 12 {
                Op::NoMoreBets
            } else if n == 0 && game != Game::PuntoBanca && rng.random_bool(0.1) {
                Op::Banco {
                    player: player(rng),
                    on: if game == Game::Banque { Some(HandId::Tableau(rng.random_range(1..=2))) } else { None },
                }
            } else if n == 0 && game == Game::ChemindeFer && rng.random_bool(0.1) {
                Op::BancoWithTable { player: player(rng) }
            } else {
                Op::Bet {
                    player: player(rng),
                    spot: random_spot(rng, game, true),
                    amount: random_amount(rng, s.unit, t.bank(), true),
                }
            }
        }
        Owed::Decide { hand, .. } => {
            if rng.random_bool(0.1) && t.coup().play.hands.of_game(game).any(|(_, h)| h.cards.total2().is_none()) {
                let cards = phys.hand_cards(t, hand);
                if cards.len() == 2 {
                    return Op::Show { hand, cards };
                }
            }
            if hand == HandId::Bank && game == Game::Banque && !t.coup().play.table_asked && rng.random_bool(0.3) {
                return Op::AskTable;
            }
            Op::Say { hand, call: if rng.random_bool(0.5) { Call::Draw } else { Call::Stand } }
        }
        Owed::Card { hand, forced, .. } => {
            if !forced && rng.random_bool(0.05) {
                return Op::Say { hand, call: Call::Stand };
            }
            match phys.remaining.last() {
                Some(c) => Op::Card(*c),
                None => Op::NoMoreBets,
            }
        }
        Owed::Show { hand } => {
            let cards = phys.hand_cards(t, hand);
            Op::Show { hand, cards }
        }
        Owed::Confirm { .. } => Op::Confirm,
        Owed::Pay | Owed::Shift(_) => Op::NoMoreBets,
    }
}

/// The physical cards follow the events: the deal's cards taken out face down, each
/// card seen identified; and the errors, rulings and infractions counted.
fn follow_the_cards(t: &Table, phys: &mut Phys, evs: &[Event], stats: &mut Stats) {
    for e in evs {
        match e {
            Event::EarlyCardsOut { count } => {
                // The first deal positions, taken out early (R-BQ-E1).
                let order = t.ctx().deal_order();
                let already = phys.early;
                for k in 0..usize::from(*count) {
                    let (hand, slot) = order[already + k];
                    let c = phys.remaining.pop().expect("cards for the deal");
                    phys.hidden.push(((hand, slot), c));
                }
                phys.early += usize::from(*count);
            }
            Event::BetsClosed => {
                let order = t.ctx().deal_order();
                for (hand, slot) in &order[phys.early.min(order.len())..] {
                    let c = phys.remaining.pop().expect("cards for the deal");
                    phys.hidden.push(((*hand, *slot), c));
                }
            }
            Event::DeadCardOut { card } | Event::CardFloats { card } => phys.draw_known(*card),
            Event::CardOut { hand, slot, card } if *slot < 2 => phys.identify((*hand, *slot), *card),
            Event::CardOut { card, .. } => phys.draw_known(*card),
            Event::Shown { hand, cards } => {
                for (slot, c) in [(0u8, cards[0]), (1u8, cards[1])] {
                    if phys.hidden.iter().any(|(p, _)| *p == (*hand, slot)) {
                        phys.identify((*hand, slot), c);
                    }
                }
            }
            Event::Infraction(_) => stats.infractions += 1,
            Event::Error(_) => stats.errors += 1,
            Event::PutRight { .. } | Event::Reopened { .. } => stats.rulings += 1,
            _ => {}
        }
    }
}

struct Stats {
    errors: u32,
    rulings: u32,
    settled: u32,
    refused: u32,
    applied: u32,
    infractions: u32,
}

fn one_coup(rng: &mut ChaCha8Rng, game: Game, stats: &mut Stats) {
    let mut settings = TableSettings::new(game);
    settings.decks = rng.random_range(1..=8);
    settings.unit = ["1", "5", "10", "0.50"][rng.random_range(0..4)].parse().expect("unit");
    settings.bank_limit =
        if rng.random_bool(0.3) { sabot::engine::BankLimit::Free } else { sabot::engine::BankLimit::Limited };
    settings.house.bank_natural_ends_coup = rng.random_bool(0.8);
    settings.house.pb_deal = if rng.random_bool(0.5) {
        sabot::engine::settings::PbDeal::PuntoFirst
    } else {
        sabot::engine::settings::PbDeal::Alternating
    };
    let bank = Money::units(rng.random_range(0..5000));
    let start = Table::new(settings.clone(), bank, Shoe::decks(settings.decks)).expect("table");
    let mut t = start.clone();
    let mut remaining: Vec<Card> = (0..settings.decks).flat_map(|_| Card::deck()).collect();
    remaining.shuffle(rng);
    let mut phys = Phys { remaining, hidden: Vec::new(), early: 0 };
    let reader = rng.random_bool(0.4);
    let mut events: Vec<Event> = Vec::new();
    // Each accepted operation's events: one entry of the coup each.
    let mut entries: Vec<Vec<Event>> = Vec::new();
    for _ in 0..120 {
        if t.settlement().is_some() {
            break;
        }
        let sane = rng.random_bool(0.8);
        let reading = t.coup().play.reader.filter(|pos| usize::from(*pos) < phys.hidden.len());
        let op = if let (true, true, Some(pos)) = (reader, sane, reading) {
            let order = t.ctx().deal_order();
            let (hand, slot) = order[usize::from(pos)];
            let card = phys.hidden.iter().find(|(p, _)| *p == (hand, slot)).map(|(_, c)| *c);
            match card {
                Some(c) => Op::Card(c),
                None => next_op(rng, &t, &phys, sane),
            }
        } else {
            next_op(rng, &t, &phys, sane)
        };
        let before = t.clone();
        // `check` and `play` run the same decision: `can` says exactly what `play` does.
        let can = t.can(&op);
        let played = t.play(&op);
        assert_eq!(can, played.is_ok(), "can({op:?}) = {can} but play gave {played:?}");
        match played {
            Err(r) => {
                stats.refused += 1;
                assert_eq!(t, before, "a refused {op:?} ({r}) changed the table");
            }
            Ok(evs) => {
                stats.applied += 1;
                assert!(!evs.is_empty(), "{op:?} applied without an event");
                follow_the_cards(&t, &mut phys, &evs, stats);
                entries.push(evs.to_vec());
                events.extend(evs);
            }
        }
        let unseen_phys = phys.remaining.len() + phys.hidden.len();
        assert_eq!(t.shoe().unseen() as usize, unseen_phys, "the engine's sabot and the cards disagree after {op:?}");
    }
    if let Some(s) = t.settlement() {
        stats.settled += 1;
        assert!(s.balances(), "money does not balance: {s:?}");
        let play = &t.coup().play;
        for h in s.hands.iter() {
            // R-C-2: two cards and at most a third, unless the hand went out unshown
            // (discarded, lost, a void coup: R-BQ-E3, E6, E8, E11).
            let hs = &play.hands[h.hand];
            let unshown = play.void.is_some() || hs.zero || hs.void || hs.rebuilt.is_some();
            assert!(h.total <= 9 && h.cards.len() <= 3, "R-C-2: {h:?}");
            assert!(unshown || h.cards.len() >= 2, "R-C-2: {h:?}");
        }
        let mut replay = start.clone();
        for entry in &entries {
            replay.apply(entry);
        }
        assert_eq!(replay, t, "replaying the events does not rebuild the table");
    }
}

fn many_coups(game: Game, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = Stats { errors: 0, rulings: 0, settled: 0, refused: 0, applied: 0, infractions: 0 };
    let mut tries = 0;
    while stats.settled < 10_000 {
        one_coup(&mut rng, game, &mut stats);
        tries += 1;
        assert!(tries < 40_000, "too few coups settle: {} of {tries}", stats.settled);
    }
    eprintln!(
        "{game:?}: {} settled of {tries}, {} applied, {} refused, {} infractions, {} errors recorded, {} rulings applied",
        stats.settled, stats.applied, stats.refused, stats.infractions, stats.errors, stats.rulings
    );
    assert!(stats.errors > 500, "error operations should be accepted often");
    if game != Game::PuntoBanca {
        assert!(stats.rulings > 100, "rulings should be confirmed and applied often");
    }
    assert!(stats.refused > 10_000 && stats.applied > 50_000, "the mix is too thin");
    if game != Game::PuntoBanca {
        assert!(stats.infractions > 100, "random calls should break the rules sometimes");
    }
}

#[test]
fn random_banque_coups() {
    many_coups(Game::Banque, 1);
}

#[test]
fn random_chemin_de_fer_coups() {
    many_coups(Game::ChemindeFer, 2);
}

#[test]
fn random_punto_banca_coups() {
    many_coups(Game::PuntoBanca, 3);
}

proptest! {
    /// R-BQ-7: a caballo splits whole units, the larger part on paño 1, nothing lost.
    #[test]
    fn cheval_split_is_exact(units in 1i64..10_000, unit_cents in 1i32..100_000) {
        let unit = Money::cents(unit_cents);
        let amount = unit.checked_mul_int(units).unwrap();
        let bet = sabot::engine::Bet { player: PlayerRef::seated(1), spot: Spot::Cheval, amount, kind: Default::default() };
        let [a, b] = bet.stakes(unit).unwrap();
        let (a, b) = (a.unwrap().amount, b.unwrap().amount);
        prop_assert_eq!(a.checked_add(b).unwrap(), amount);
        prop_assert!(a >= b);
        prop_assert!(a.checked_sub(b).unwrap() <= unit);
    }

    /// R-C-8: the named rounding never moves an amount by more than half a quantum
    /// (to nearest) or a whole quantum (up/down), and lands on a whole quantum.
    #[test]
    fn rounding_lands_on_quanta(cents in -10_000_000i32..10_000_000, rate_bp in 0u32..10_000) {
        use sabot::engine::{Rate, Rounding, RoundingMode};
        let x = Money::cents(cents);
        let rate = Rate::new(rust_decimal::Decimal::new(i64::from(rate_bp), 4)).unwrap();
        for mode in [RoundingMode::HalfUp, RoundingMode::HalfEven, RoundingMode::Down, RoundingMode::Up] {
            let r = Rounding { quantum: Money::cents(1), mode };
            let got = x.take(rate, r).unwrap();
            prop_assert!(got.is_multiple_of(Money::cents(1)));
            let exact = x.decimal() * rate.decimal();
            let diff = (got.decimal() - exact).abs();
            prop_assert!(diff < rust_decimal::Decimal::new(1, 2));
        }
    }
}

/// Whole shifts from their start, the shift's own operations mixed in at random with
/// the coup's (a new shoe, a shuffle, a cut, a burn, the bank taken and left, the next
/// coup, the bank announced, players joining and leaving): `check` and `play` run one
/// decision, so `can` says exactly what `play` does, and a refused operation leaves
/// the table as it was, in every game.
#[test]
fn can_is_play_over_whole_shifts_of_every_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut agreed = 0u32;
    for game in [Game::Banque, Game::ChemindeFer, Game::PuntoBanca] {
        let mut t = Table::start(TableSettings::new(game)).expect("table");
        let mut phys = Phys { remaining: Vec::new(), hidden: Vec::new(), early: 0 };
        for _ in 0..6_000 {
            let seat =
                |rng: &mut ChaCha8Rng| PlayerRef { seat: rng.random_range(0..=13), standing: rng.random_bool(0.2) };
            let amount = |rng: &mut ChaCha8Rng| Money::units(rng.random_range(0..3000));
            let op = match rng.random_range(0..16) {
                0 => Op::NewShoe,
                1 => Op::Shuffle { by: None },
                2 => Op::Cut { by: None, below: rng.random_range(0..40) },
                3 => Op::Burn { card: random_card(&mut rng) },
                4 => Op::TakeBank { player: seat(&mut rng), amount: amount(&mut rng) },
                5 => Op::LeaveBank,
                6 | 7 => Op::NextCoup,
                8 => Op::AnnounceBank { amount: if rng.random_bool(0.7) { t.bank() } else { amount(&mut rng) } },
                9 => Op::Join { player: seat(&mut rng), number: None },
                10 => Op::Leave { player: seat(&mut rng) },
                11 => Op::CutCardOut,
                _ => {
                    let sane = rng.random_bool(0.8);
                    next_op(&mut rng, &t, &phys, sane)
                }
            };
            let before = t.clone();
            let can = t.can(&op);
            let played = t.play(&op);
            assert_eq!(can, played.is_ok(), "{game:?}: can({op:?}) = {can} but play gave {played:?}");
            if played.is_err() {
                assert_eq!(t, before, "{game:?}: a refused {op:?} changed the table");
            }
            // The cards are whatever the shoe still holds (no physical sabot kept here).
            phys.remaining = t.shoe().unseen_cards_or_stand_ins();
            agreed += 1;
        }
    }
    assert_eq!(agreed, 18_000);
}
