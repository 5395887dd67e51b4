//! The choices of a question: the engine's right answer among plausible wrong ones
//! (other duties, other hands, other clauses, other ways a coup is put right), two
//! choices that mean the same thing at the table never offered side by side.

use super::question::{Ask, Choice, Effect, Must, OwedChoice, Verdict};
use crate::engine::{
    BankDuty, Call, Card, Clause, ErrorKind, ErrorRecord, Game, HandId, Infraction, InfractionKind, Owed, Pending,
    Table,
};
use rand::Rng;
use rand::seq::SliceRandom;

/// What a choice means at the table, in `game`: two choices that cite the same
/// clause and void the same (the whole coup, or one hand's) mean the same thing,
/// whichever error the engine would record (in Punto y Banca stuck cards, R-BQ-E3,
/// and cards lost in the discard, E11, are both R-PB-4's coup void with the bets
/// left); any other choice means its words.
pub(super) fn meaning(game: Game, c: &Choice) -> String {
    match c {
        Choice::Verdict(Verdict::Error { effect: effect @ (Effect::Void | Effect::HandVoid(_)), .. }) => {
            format!("{} {effect:?}", super::cite::cited(game, c.clause()))
        }
        _ => super::choice_words::choice_text(crate::i18n::Lang::En, game, c),
    }
}

/// Puts `right` among up to three of `pool` (those that mean something else), in a
/// random order; returns the choices and where `right` is.
pub(super) fn shuffle_in<R: Rng>(
    game: Game,
    right: Choice,
    mut pool: Vec<Choice>,
    rng: &mut R,
) -> (Vec<Choice>, usize) {
    let key = |c: &Choice| meaning(game, c);
    let right_key = key(&right);
    pool.shuffle(rng);
    let mut choices: Vec<Choice> = Vec::new();
    let mut keys = vec![right_key];
    for c in pool {
        let k = key(&c);
        if !keys.contains(&k) {
            keys.push(k);
            choices.push(c);
        }
        if choices.len() == 3 {
            break;
        }
    }
    let at = rng.random_range(0..=choices.len());
    choices.insert(at, right);
    (choices, at)
}

/// "What is owed now?" at a decision point: the engine's duty and plausible others.
pub(super) fn owed_ask<R: Rng>(table: &Table, rng: &mut R) -> Option<Ask> {
    let duty = table.owed();
    let right = match duty.owed {
        Owed::Decide { hand, .. } => OwedChoice { hand, must: Must::Choose, clause: duty.clause },
        Owed::Card { hand, forced: true, .. } => OwedChoice { hand, must: Must::Draw, clause: duty.clause },
        _ => return None,
    };
    let game = table.settings().game;
    let clause_of = |h: HandId| table.drawing_clause(h);
    let mut pool = Vec::new();
    for must in [Must::Draw, Must::Stand, Must::Choose] {
        pool.push(Choice::Owed(OwedChoice { must, ..right }));
    }
    for h in HandId::of_game(game) {
        if *h != right.hand {
            for must in [Must::Draw, Must::Stand, Must::Choose] {
                pool.push(Choice::Owed(OwedChoice { hand: *h, must, clause: clause_of(*h) }));
            }
        }
    }
    if right.hand == HandId::Bank && game == Game::Banque {
        for clause in [Clause::BQ13, Clause::BQ14] {
            for must in [Must::Draw, Must::Stand, Must::Choose] {
                pool.push(Choice::Owed(OwedChoice { hand: HandId::Bank, must, clause }));
            }
        }
    }
    // An option that says what the engine's answer says, under another clause the
    // engine gives the same duty (R-BQ-13 beside R-BQ-14), is no wrong option.
    let same = table.drawing_clauses(right.hand);
    pool.retain(
        |c| !matches!(c, Choice::Owed(o) if o.hand == right.hand && o.must == right.must && same.contains(&o.clause)),
    );
    let (choices, right) = shuffle_in(game, Choice::Owed(right), pool, rng);
    Some(Ask::Choose { choices, right })
}

/// Plausible wrong verdicts for a question whose right one is `right`: the other
/// ways a coup is put right for that hand, the other error procedures.
pub(super) fn verdict_pool(game: Game, right: &Verdict) -> Vec<Verdict> {
    let pc = match game {
        Game::Banque => Clause::BQ11,
        Game::ChemindeFer => Clause::CF8,
        Game::PuntoBanca => Clause::PB7,
    };
    let hand = match right {
        Verdict::Ruling(Pending::PutRight { hand, .. }) => *hand,
        Verdict::Ruling(Pending::Reopen { .. } | Pending::BankPlay { .. }) => HandId::Bank,
        Verdict::Recorded(i) => i.hand,
        Verdict::Error { record, .. } => record.hand.unwrap_or(HandId::of_game(game)[0]),
    };
    let put = |clause, fix| Verdict::Ruling(Pending::put_right(clause, hand, fix));
    let rec = |clause, hand, kind| Verdict::Recorded(Infraction { clause, hand, kind });
    let err = |clause, hand, kind, effect| Verdict::Error { record: ErrorRecord { clause, hand, kind }, effect };
    match right {
        Verdict::Error { .. } => {
            let player = HandId::of_game(game)[0];
            let h = if hand == HandId::Bank { player } else { hand };
            let all = vec![
                err(Clause::BQE1, None, ErrorKind::EarlyCards { count: 1 }, Effect::None),
                err(
                    Clause::BQE2,
                    None,
                    ErrorKind::DeadCard { card: Card::new(crate::engine::Rank::Nine, crate::engine::Suit::Hearts) },
                    Effect::None,
                ),
                err(Clause::BQE3, None, ErrorKind::StuckCards, Effect::Void),
                err(Clause::BQE4, None, ErrorKind::CardOnFloor, Effect::None),
                err(Clause::BQE6, Some(h), ErrorKind::Discarded { by_croupier: false, total: 0 }, Effect::None),
                err(Clause::BQE8, None, ErrorKind::IrregularDeal { put_right: true }, Effect::None),
                err(Clause::BQE8, None, ErrorKind::IrregularDeal { put_right: false }, Effect::Void),
                err(Clause::BQE10, Some(h), ErrorKind::Exposed, Effect::None),
                err(Clause::BQE11, Some(h), ErrorKind::LostInDiscard { void: true }, Effect::HandVoid(h)),
                err(
                    Clause::BQE11,
                    Some(HandId::of_game(game)[HandId::of_game(game).len() - 1]),
                    ErrorKind::LostInDiscard { void: true },
                    Effect::Void,
                ),
            ];
            all.into_iter().filter(|v| crate::engine::error_applies(game, v.clause())).collect()
        }
        _ if hand == HandId::Bank => {
            let bank_clause = if game == Game::Banque { Clause::BQ14 } else { Clause::CF8 };
            let against = InfractionKind::BankAgainstTable { total: 0, duty: BankDuty::MustDraw, did: Call::Stand };
            vec![
                Verdict::Ruling(Pending::Reopen { announced: 0, actual: 0 }),
                rec(bank_clause, HandId::Bank, against.clone()),
                rec(Clause::BQ13, HandId::Bank, against),
                Verdict::Ruling(Pending::put_right(Clause::BQE13, HandId::Bank, Call::Draw)),
                Verdict::Ruling(Pending::put_right(Clause::BQE13, HandId::Bank, Call::Stand)),
                err(Clause::BQE10, Some(HandId::Bank), ErrorKind::Exposed, Effect::None),
                err(Clause::BQE8, None, ErrorKind::IrregularDeal { put_right: false }, Effect::Void),
            ]
        }
        _ => vec![
            put(Clause::BQE14, Call::Draw),
            put(Clause::BQE15, Call::Stand),
            put(Clause::BQE17, Call::Natural),
            put(Clause::BQE16, Call::Draw),
            put(pc, Call::Draw),
            put(pc, Call::Stand),
            rec(Clause::BQE17, hand, InfractionKind::NaturalForfeited { total: 9 }),
            rec(pc, hand, InfractionKind::StoodOnDraw { total: 0 }),
        ],
    }
}
