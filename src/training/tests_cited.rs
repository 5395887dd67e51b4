//! What the school offers and cites (issue 48, point 7), each kept right by a test
//! that failed before its fix: Punto y Banca's level 4 offered two choices that mean
//! the same and marked one wrong; R-BQ-E11 said to come from 000 §14 (it is §15); a
//! level 5 step of R-BQ-E6 filed under R-BQ-11, which practice where weak never
//! matched; drills staged at a betting unit of 10 whatever the table's.

use super::*;
use crate::engine::{Clause, Event, Game, Money, Op, TableSettings};
use crate::i18n::Lang;

/// What a choice does to the coup and under which clause, read plainly: a coup (or a
/// hand's coup) made void under a cited clause, whichever error the engine records.
fn voids(game: Game, c: &Choice) -> Option<(Clause, Effect)> {
    match c {
        Choice::Verdict(Verdict::Error { record, effect: e @ (Effect::Void | Effect::HandVoid(_)) }) => {
            Some((game.cites(record.clause), *e))
        }
        _ => None,
    }
}

/// R-PB-4: stuck cards (R-BQ-E3) and cards lost in the discard (R-BQ-E11) both make a
/// Punto y Banca coup void with its bets left: offered beside each other, one marked
/// wrong, they were the same answer twice. No question offers two choices that void
/// the same under the same clause, in any game.
#[test]
fn no_ruling_offers_two_choices_that_mean_the_same_r_pb_4() {
    let mut asked = 0;
    for game in Game::ALL {
        for seed in 0..40 {
            let s = Session::level_from_seed(game, Level::Procedures, 12, seed, &[]).expect("session");
            for q in s.questions() {
                let Ask::Choose { choices, .. } = &q.ask else { continue };
                asked += 1;
                let said: Vec<(Clause, Effect)> = choices.iter().filter_map(|c| voids(game, c)).collect();
                for (i, a) in said.iter().enumerate() {
                    assert!(
                        !said[i + 1..].contains(a),
                        "{game:?} seed {seed}: two choices void alike under {}: {:?}",
                        a.0,
                        words::choice_lines(Lang::Es, q)
                    );
                }
            }
        }
    }
    assert!(asked > 300, "{asked} rulings asked");
}

/// Where each error procedure stands in the Banque's regulation (seed 000): §14
/// «Errores e Infracciones» E1–E7, §15 «Errores del Banquero» E8–E13, §16 «Errores
/// de los Jugadores» E14–E18; and as docs/RULES.md cites each clause.
#[test]
fn each_error_procedure_is_cited_in_its_own_section_of_000_r_bq_e11() {
    assert_eq!(cite::seed_section(Clause::BQE11), Some("000 §15"));
    assert_eq!(cite::seed_section(Clause::BQE6), Some("000 §14"));
    assert_eq!(cite::seed_section(Clause::BQE14), Some("000 §16"));
    let rules = include_str!("../../docs/RULES.md");
    let mut checked = 0;
    for line in rules.lines() {
        let Some(rest) = line.trim_start().strip_prefix("- **R-BQ-E") else { continue };
        let id = format!("R-BQ-E{}", rest.split("**").next().unwrap_or_default());
        let clause: Clause = id.parse().expect("a clause");
        // The clause's own paragraph ends with its source: the next «[000 §N]».
        let from = rules.find(line).expect("the line");
        let tail = &rules[from..];
        let cited = tail.split('[').nth(1).and_then(|t| t.split(']').next()).expect("a source");
        assert_eq!(cite::seed_section(clause), Some(cited), "{id}");
        checked += 1;
    }
    assert_eq!(checked, 18);
}

/// A Punto y Banca question on cards lost in the discard says that the procedure it
/// borrows is the Banque regulation's §15, not §14 (the issue's «E11 en 000 §14»).
#[test]
fn a_punto_y_banca_e11_question_names_section_15_r_bq_e11() {
    let mut seen = 0;
    for seed in 0..60 {
        let s = Session::level_from_seed(Game::PuntoBanca, Level::Procedures, 12, seed, &[]).expect("session");
        for q in s.questions().filter(|q| q.engine_clause() == Clause::BQE11) {
            let Ask::Choose { choices, right } = &q.ask else { continue };
            let wrong = Answer::Choice((right + 1) % choices.len());
            let scored = Scored {
                kind: q.kind,
                right: false,
                given: wrong,
                expected: q.right_answer(),
                clause: q.clause(),
                at: (0, 0),
            };
            for lang in Lang::ALL {
                let why = explain::explain(lang, q, &scored).join("\n");
                assert!(why.contains("000 §15") && !why.contains("§14"), "{lang:?}: {why}");
            }
            seen += 1;
        }
    }
    assert!(seen > 0, "no E11 staged in Punto y Banca");
}

/// R-BQ-E6 at level 5: cards thrown in the discard unshown are entered as such, and
/// the step is filed under R-BQ-E6 (as a level 4 question on it is), not under the
/// holder's word it interrupted (R-BQ-11): a miss there brings E6 back more often.
#[test]
fn a_discard_entered_at_level_5_is_filed_under_r_bq_e6() {
    let mut seen = 0;
    for game in [Game::Banque, Game::PuntoBanca] {
        for seed in 0..40 {
            let s = Session::level_from_seed(game, Level::Coups, 8, seed, &[]).expect("session");
            for mut d in entry::from_drills(s.settings(), s.drills()).expect("drills") {
                while let Some((op, _)) = d.expected().cloned() {
                    let grade = d.enter(&[]).expect("graded");
                    if !matches!(op, Op::Discarded { .. }) {
                        continue;
                    }
                    seen += 1;
                    assert_eq!(grade.clause, game.cites(Clause::BQE6), "{game:?}");
                    // The practice where weak counts the miss for the error staged.
                    let missed = Answered {
                        game,
                        level: Level::Coups,
                        kind: Kind::Entry,
                        clause: grade.clause,
                        right: false,
                        ms: 1000,
                    };
                    let stager = Stager::new(training_settings(game)).expect("stager");
                    let ruled = stager.ruled_under(Inject::Discarded);
                    assert!(ruled.contains(&grade.clause), "{game:?}: {ruled:?}");
                    assert!(history::weight(&[missed], Kind::Ruling, grade.clause) > 1);
                }
            }
        }
    }
    assert!(seen > 2, "{seen} discards entered");
}

/// R-BQ-7: a table's betting unit is the house's: drills staged at a unit of 25 bet
/// in 25s (a caballo split by it), never in the training table's 10s.
#[test]
fn drills_are_staged_at_the_tables_unit_r_bq_7() {
    let mut settings = TableSettings::new(Game::Banque);
    settings.unit = Money::units(25);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let s = Session::at_level(settings, Level::Payouts, 12, &[], &mut rng).expect("session");
    let mut bets = 0;
    for d in s.drills() {
        for (op, events) in &d.ops {
            if let Op::Bet { amount, .. } = op {
                bets += 1;
                assert!(amount.units_of(Money::units(25)).is_some(), "a bet of {amount}");
            }
            for e in events {
                if let Event::BankTaken { amount, .. } = e {
                    assert!(amount.units_of(Money::units(25)).is_some(), "a bank of {amount}");
                }
            }
        }
    }
    assert!(bets > 20, "{bets} bets");
    assert!(s.drills().iter().all(|d| d.before_deal.as_ref().is_none_or(|t| t.settings().unit == Money::units(25))));
}
