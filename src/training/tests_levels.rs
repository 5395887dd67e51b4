//! The levels, for every game: each asks only its kinds, and the right answer of
//! every question is the engine's (`tests::check`); a level opens on the last 20
//! answers of the one before at 90 %; missed clauses come back more often.

use super::tests::check;
use super::*;
use crate::engine::{Clause, Game};

fn answered(game: Game, level: Level, kind: Kind, clause: Clause, right: bool) -> Answered {
    Answered { game, level, kind, clause, right, ms: 1000 }
}

#[test]
fn every_level_of_every_game_asks_its_kinds_and_the_engine_answers() {
    for game in Game::ALL {
        for level in Level::ALL {
            // The audition has its own test; level 5 is entered on the entry line.
            if matches!(level, Level::Audition | Level::Coups) {
                continue;
            }
            let mut asked = 0;
            for seed in 0..6 {
                let s = Session::level_from_seed(game, level, 10, seed, &[])
                    .unwrap_or_else(|e| panic!("{game:?} {level:?} {seed}: {e:?}"));
                assert_eq!(s.level(), Some(level));
                for q in s.questions() {
                    asked += 1;
                    assert!(level.kinds().contains(&q.kind), "{game:?} {level:?}: a {:?} question", q.kind);
                    check(q).unwrap_or_else(|e| panic!("{game:?} {level:?} seed {seed}: {e}"));
                }
            }
            assert!(asked >= 6, "{game:?} {level:?}: {asked} questions");
        }
    }
}

#[test]
fn level_1_asks_totals_the_engine_counts_r_c_1() {
    let s = Session::level_from_seed(Game::PuntoBanca, Level::Values, 10, 3, &[]).expect("session");
    let mut n = 0;
    for q in s.questions() {
        let Ask::Total { cards, right, .. } = &q.ask else { panic!("{:?}", q.ask) };
        assert_eq!(crate::engine::card::total(cards), *right);
        assert_eq!(q.parse(&right.to_string()), Ok(Answer::Total(*right)));
        assert_eq!(q.parse("12"), Err(BadAnswer::NotATotal));
        n += 1;
    }
    assert!(n >= 10, "{n}");
}

#[test]
fn level_4_stages_an_error_or_infraction_in_every_coup() {
    for game in Game::ALL {
        let s = Session::level_from_seed(game, Level::Procedures, 12, 4, &[]).expect("session");
        let staged = s.drills().iter().filter(|d| d.inject.is_some()).count();
        assert!(staged * 10 >= s.drills().len() * 7, "{game:?}: {staged} of {}", s.drills().len());
        assert!(s.questions().all(|q| q.kind == Kind::Ruling));
    }
}

#[test]
fn the_audition_is_a_whole_shoe() {
    let s = Session::level_from_seed(Game::Banque, Level::Audition, 0, 1, &[]).expect("session");
    let n = s.drills().len();
    assert!((25..=MAX_DRILLS as usize).contains(&n), "{n} coups");
    let shoes =
        s.drills().iter().flat_map(|d| d.ops.iter()).filter(|(op, _)| matches!(op, crate::engine::Op::NewShoe)).count();
    assert_eq!(shoes, 1, "one shoe");
    for q in s.questions().take(200) {
        check(q).unwrap_or_else(|e| panic!("audition: {e}"));
    }
}

#[test]
fn a_level_opens_on_the_last_20_answers_at_90_percent() {
    let p = Progression::default();
    let g = Game::Banque;
    let mut h: Vec<Answered> = Vec::new();
    assert!(p.is_open(&h, g, Level::Values));
    assert!(!p.is_open(&h, g, Level::Drawing));
    // 19 right: not yet 20 answers.
    for _ in 0..19 {
        h.push(answered(g, Level::Values, Kind::Total, Clause::C1, true));
    }
    assert!(!p.is_open(&h, g, Level::Drawing));
    h.push(answered(g, Level::Values, Kind::Total, Clause::C1, false));
    // 19 of 20: 95 %.
    assert!(p.is_open(&h, g, Level::Drawing));
    assert_eq!(p.highest_open(&h, g), Level::Drawing);
    // Two more wrong: the last 20 are 17 right, 85 %: closed again.
    h.push(answered(g, Level::Values, Kind::Total, Clause::C1, false));
    h.push(answered(g, Level::Values, Kind::Total, Clause::C1, false));
    assert_eq!(p.standing(&h, g, Level::Values), (17, 20));
    assert!(!p.is_open(&h, g, Level::Drawing));
    // Another game's answers do not count.
    assert!(!p.is_open(&h, Game::PuntoBanca, Level::Drawing));
    // A house setting: 80 %.
    let lenient = Progression { window: 20, percent: 80 };
    assert!(lenient.is_open(&h, g, Level::Drawing));
}

#[test]
fn missed_clauses_come_back_more_often() {
    let g = Game::Banque;
    let mut h = Vec::new();
    for _ in 0..10 {
        h.push(answered(g, Level::Procedures, Kind::Ruling, Clause::BQE3, false));
        h.push(answered(g, Level::Procedures, Kind::Ruling, Clause::BQE2, true));
    }
    assert!(history::weight(&h, Kind::Ruling, Clause::BQE3) > history::weight(&h, Kind::Payout, Clause::BQ16));
    assert_eq!(history::weakest(&h, 3).first().map(|(c, _)| *c), Some(Clause::BQE3));
    // Staged with that history, stuck cards (R-BQ-E3) come up more than with none.
    let count = |h: &[Answered]| {
        (0..20)
            .map(|seed| {
                let s = Session::level_from_seed(g, Level::Procedures, 12, seed, h).expect("session");
                s.drills().iter().filter(|d| d.inject == Some(Inject::StuckCards)).count()
            })
            .sum::<usize>()
    };
    let (weak, none) = (count(&h), count(&[]));
    assert!(weak > none, "stuck cards staged {weak} times for a trainee who misses them, {none} for a new one");
}

#[test]
fn by_kind_counts_right_and_pace() {
    let g = Game::ChemindeFer;
    let mut h = vec![answered(g, Level::Payouts, Kind::Payout, Clause::CF9, true)];
    h.push(Answered { ms: 3000, ..answered(g, Level::Payouts, Kind::Payout, Clause::CF9, false) });
    let k = history::by_kind(&h);
    assert_eq!(k.len(), 1);
    assert_eq!((k[0].1.right, k[0].1.asked, k[0].1.percent(), k[0].1.mean_ms()), (1, 2, 50, 2000));
}

/// Level 5: each step of a staged coup entered as staged is right (the engine makes
/// the same events of it), a wrong one is wrong, and the coup goes on as staged.
#[test]
fn entry_drills_are_graded_by_the_engine_in_every_game() {
    use crate::engine::Op;
    for game in Game::ALL {
        let s = Session::level_from_seed(game, Level::Coups, 6, 11, &[]).expect("session");
        assert!(s.is_over(), "level 5 asks no question: its coups are entered");
        let drills = entry::from_drills(s.settings(), s.drills()).expect("drills");
        assert_eq!(drills.len(), 6);
        for mut d in drills {
            assert!(d.steps.iter().any(|(op, _)| matches!(op, Op::NoMoreBets)), "{game:?}: the coup's steps");
            assert!(
                matches!(d.steps.first(), Some((Op::Bet { .. } | Op::Banco { .. }, _))),
                "{game:?}: {:?}",
                d.steps.first()
            );
            let mut n = 0;
            while let Some((op, _)) = d.expected().cloned() {
                // Every other step entered wrong (a card nobody dealt, or nothing).
                let grade = if n % 2 == 0 {
                    d.enter(std::slice::from_ref(&op)).expect("graded")
                } else {
                    d.enter(&[]).expect("graded")
                };
                assert_eq!(grade.right, n % 2 == 0, "{game:?} step {n}: {op:?}");
                assert_eq!(grade.expected.0, op);
                n += 1;
            }
            assert!(d.is_over(), "{game:?}: the coup entered to its end");
        }
    }
}
