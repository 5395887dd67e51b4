//! What the school offers and cites (issue 48, point 7), each kept right by a test
//! that failed before its fix: Punto y Banca's level 4 offered two choices that mean
//! the same and marked one wrong.

use super::*;
use crate::engine::{Clause, Game};
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
