//! What was wrong with training (issue 27, "Wrong today"), each kept right by a test
//! that failed before its fix: Chemin de fer spoke of another paño, Punto y Banca
//! cited the Banque's clauses, a dead card's twin looked like the same card, and a
//! wrong answer said the answer but never why.

use super::*;
use crate::engine::{Card, Clause, Game, Op};
use crate::i18n::Lang;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every text a trainee reads for a question: the prompt, the choices, the table,
/// the story, the verdict and its explanation on a wrong answer.
fn all_texts(lang: Lang, q: &Question) -> Vec<String> {
    let mut all = vec![words::prompt(lang, q)];
    all.extend(words::choice_lines(lang, q));
    all.extend(words::table_lines(lang, &q.table));
    all.extend(words::story_lines(lang, &q.story));
    let wrong = match &q.ask {
        Ask::Choose { right, choices } => Answer::Choice((right + 1) % choices.len()),
        Ask::Amount { right, .. } => Answer::Amount(right.saturating_add(crate::engine::Money::units(10))),
        Ask::Total { right, .. } => Answer::Total((right + 1) % 10),
    };
    let s =
        Scored { kind: q.kind, right: false, given: wrong, expected: q.right_answer(), clause: q.clause(), at: (0, 0) };
    all.push(words::feedback(lang, q, &s));
    all.extend(explain::explain(lang, q, &s));
    all
}

fn sessions(game: Game, seeds: std::ops::Range<u64>) -> impl Iterator<Item = Session> {
    seeds.map(move |seed| Session::from_seed(game, 12, seed).unwrap_or_else(|e| panic!("{game:?} {seed}: {e:?}")))
}

#[test]
fn chemin_de_fer_never_speaks_of_a_pano_r_cf_8() {
    for s in sessions(Game::ChemindeFer, 0..40) {
        for q in s.questions() {
            for lang in Lang::ALL {
                for t in all_texts(lang, q) {
                    let low = t.to_lowercase();
                    assert!(!low.contains("paño") && !low.contains("tableau"), "{t}");
                    assert!(!t.contains("R-BQ-13") && !t.contains("R-BQ-14"), "Banque's table in Chemin de fer: {t}");
                }
            }
        }
    }
}

#[test]
fn punto_y_banca_cites_its_own_clauses_r_pb_4_r_pb_6() {
    let mut rulings = 0;
    for s in sessions(Game::PuntoBanca, 0..40) {
        for q in s.questions() {
            assert!(q.clause().id().starts_with("R-PB-"), "{}", q.clause());
            rulings += usize::from(q.kind == Kind::Ruling);
            for lang in Lang::ALL {
                for t in all_texts(lang, q) {
                    assert!(!t.contains("R-BQ-"), "a Banque clause in Punto y Banca: {t}");
                }
            }
        }
    }
    assert!(rulings > 20, "{rulings} rulings asked");
}

#[test]
fn a_dead_card_has_no_twin_in_its_coup_r_bq_e2() {
    let mut seen = 0;
    for game in Game::ALL {
        for seed in 0..60 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let Ok(mut st) = Stager::new(training_settings(game)) else { panic!("stager") };
            for _ in 0..4 {
                let d = st.drill(Some(Inject::DeadCard), &mut rng).expect("drill");
                let Some(dead) = d.ops.iter().find_map(|(op, _)| match op {
                    Op::DeadCard { card } => Some(*card),
                    _ => None,
                }) else {
                    continue;
                };
                seen += 1;
                let mut out: Vec<Card> = Vec::new();
                for (op, _) in &d.ops {
                    match op {
                        Op::Card(c) => out.push(*c),
                        Op::Show { cards, .. } | Op::Exposed { cards, .. } => out.extend(cards.iter().copied()),
                        _ => {}
                    }
                }
                if let Some(st) = st.table().settlement() {
                    out.extend(st.hands.iter().flat_map(|h| h.cards.iter().copied()));
                }
                assert!(!out.contains(&dead), "{game:?} seed {seed}: {} dead and in a hand", dead.pretty());
            }
        }
    }
    assert!(seen > 100, "{seen} dead cards");
}

/// Seed 7 of Punto y Banca staged 2♦ dead with another 2♦ in banca's hand.
#[test]
fn seed_7_no_longer_shows_the_dead_cards_twin_r_bq_e2() {
    for game in Game::ALL {
        let s = Session::from_seed(game, 10, 7).expect("session");
        for d in s.drills() {
            let dead: Vec<Card> = d
                .ops
                .iter()
                .filter_map(|(op, _)| match op {
                    Op::DeadCard { card } => Some(*card),
                    _ => None,
                })
                .collect();
            for (op, _) in &d.ops {
                let cards: Vec<Card> = match op {
                    Op::Card(c) => vec![*c],
                    Op::Show { cards, .. } => cards.clone(),
                    _ => vec![],
                };
                for c in cards {
                    assert!(!dead.contains(&c), "{game:?} drill {}: {} dead and in a hand", d.number, c.pretty());
                }
            }
        }
    }
}

/// A wrong payout is explained with the arithmetic: 70 a caballo at unit 10 is 7
/// units, 40 on paño 1 and 30 on paño 2 (R-BQ-7), each part won or lost, and the
/// parts add up to the engine's net.
#[test]
fn a_wrong_cheval_payout_shows_the_split_and_the_parts_r_bq_7() {
    let q = (0..200u64)
        .flat_map(|seed| Session::from_seed(Game::Banque, 12, seed).ok())
        .flat_map(|s| s.questions().cloned().collect::<Vec<_>>())
        .find(|q| {
            matches!(&q.ask, Ask::Amount { target: PayTarget::Bet(b), .. }
                if b.spot == crate::engine::Spot::Cheval && b.amount.units_of(q.table.settings().unit).is_some_and(|u| u % 2 == 1))
        })
        .expect("an odd a caballo bet asked");
    let Ask::Amount { target: PayTarget::Bet(b), right, .. } = &q.ask else { panic!() };
    let units = b.amount.units_of(q.table.settings().unit).expect("units");
    let s = Scored {
        kind: q.kind,
        right: false,
        given: Answer::Amount(crate::engine::Money::ZERO),
        expected: q.right_answer(),
        clause: q.clause(),
        at: (0, 0),
    };
    let lines = explain::explain(Lang::En, &q, &s);
    let first = crate::engine::Money::units(i32::try_from(10 * (units - units / 2)).expect("a small bet"));
    let second = b.amount.checked_sub(first).expect("second");
    let split = format!(
        "{} a caballo at unit 10 is {units} units: {} on Tableau 1, {} on Tableau 2.",
        crate::i18n::money(Lang::En, b.amount),
        crate::i18n::money(Lang::En, first),
        crate::i18n::money(Lang::En, second)
    );
    assert!(lines.contains(&split), "{lines:?} lacks {split}");
    let net = format!("→ net {}", words::signed(Lang::En, *right));
    assert!(lines.iter().any(|l| l.ends_with(&net) && l.contains("Tableau 1")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("R-BQ-")), "the clause's words: {lines:?}");
    let es = explain::explain(Lang::Es, &q, &s);
    assert!(es.iter().any(|l| l.contains("unidades") && l.contains("en Paño 1")), "{es:?}");
}

/// Every wrong answer gets the clause's words, in the trainee's language, and a
/// cagnotte or commission its arithmetic.
#[test]
fn every_wrong_answer_says_why_in_the_trainees_language() {
    for game in Game::ALL {
        for s in sessions(game, 0..8) {
            for q in s.questions() {
                let wrong = Scored {
                    kind: q.kind,
                    right: false,
                    given: Answer::Choice(99),
                    expected: q.right_answer(),
                    clause: q.clause(),
                    at: (0, 0),
                };
                for lang in Lang::ALL {
                    let lines = explain::explain(lang, q, &wrong);
                    let words = cite::clause_words(lang, q.clause())
                        .unwrap_or_else(|| panic!("{game:?}: no words for {}", q.clause()));
                    assert!(lines.contains(&words), "{game:?} {}: {lines:?}", q.clause());
                    if let Ask::Amount { target: PayTarget::Cagnotte | PayTarget::Commission, .. } = q.ask {
                        assert!(lines.len() >= 2, "{lines:?}");
                    }
                    for l in &lines {
                        assert!(!l.contains("train-") && !l.contains('{'), "{l}");
                    }
                }
            }
        }
    }
    assert_eq!(cite::cited(Game::PuntoBanca, Clause::BQE2), Clause::PB6);
    assert_eq!(cite::cited(Game::Banque, Clause::BQE2), Clause::BQE2);
}
