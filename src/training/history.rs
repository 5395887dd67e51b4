//! A trainee's answers, as the school keeps them, and what training makes of them:
//! which levels are open (the last answers of the level before, at least the
//! house's share right), accuracy and pace by kind, the weakest clauses, and the
//! weights that bring missed clauses and kinds back more often.
//!
//! Pure: the answers come in (the school's store reads them from disk), the
//! figures go out.

use super::level::Level;
use super::question::Kind;
use crate::engine::{Clause, Game, Money, TableSettings};

/// One answer in a trainee's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    pub game: Game,
    pub level: Level,
    pub kind: Kind,
    /// The clause the question cited.
    pub clause: Clause,
    pub right: bool,
    /// From the question shown to the answer given.
    pub ms: u32,
}

/// When a level opens: the last `window` answers of the level before, at least
/// `percent` % right (a house setting; 20 answers and 90 % by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progression {
    pub window: usize,
    pub percent: u32,
}

impl Default for Progression {
    fn default() -> Self {
        Progression { window: 20, percent: 90 }
    }
}

impl Progression {
    /// Whether `level` of `game` is open to a trainee with this history. Level 1 is
    /// always open.
    pub fn is_open(&self, history: &[Answered], game: Game, level: Level) -> bool {
        match level.before() {
            None => true,
            Some(before) => self.passed(history, game, before),
        }
    }

    /// Whether the last `window` answers of `level` in `game` are at least `percent` % right.
    pub fn passed(&self, history: &[Answered], game: Game, level: Level) -> bool {
        let last: Vec<&Answered> =
            history.iter().rev().filter(|a| a.game == game && a.level == level).take(self.window).collect();
        if last.len() < self.window || self.window == 0 {
            return false;
        }
        let right = last.iter().filter(|a| a.right).count();
        right * 100 >= self.percent as usize * last.len()
    }

    /// The highest open level of `game`.
    pub fn highest_open(&self, history: &[Answered], game: Game) -> Level {
        Level::ALL.into_iter().rev().find(|l| self.is_open(history, game, *l)).unwrap_or(Level::Values)
    }

    /// Where a level stands toward opening the next: (right, counted) of its last
    /// answers, at most `window`.
    pub fn standing(&self, history: &[Answered], game: Game, level: Level) -> (usize, usize) {
        let last: Vec<&Answered> =
            history.iter().rev().filter(|a| a.game == game && a.level == level).take(self.window).collect();
        (last.iter().filter(|a| a.right).count(), last.len())
    }
}

/// The school's thresholds, as the house sets them (`school` in a house file; these
/// defaults otherwise): when a level opens, and the pace each level asks for (the
/// audition's target among them); and the betting unit its tables are trained at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchoolRules {
    pub progression: Progression,
    /// Seconds a question of each level should take at most, level 1 first.
    pub seconds: [u32; 6],
    /// The betting unit the house names for each game's table, in `Game::ALL`'s
    /// order; `None`: the training table's (10).
    pub units: [Option<Money>; 3],
}

impl Default for SchoolRules {
    fn default() -> Self {
        SchoolRules {
            progression: Progression::default(),
            seconds: Level::ALL.map(Level::target_seconds),
            units: [None; 3],
        }
    }
}

impl SchoolRules {
    /// The betting unit a session of `game` is staged at: the house's, else 10.
    pub fn unit(&self, game: Game) -> Money {
        let named = Game::ALL.iter().position(|g| *g == game).and_then(|i| self.units.get(i).copied().flatten());
        named.unwrap_or_else(|| super::stage::training_settings(game).unit)
    }

    /// The training table of `game` at the house's betting unit.
    pub fn table(&self, game: Game) -> TableSettings {
        let mut s = super::stage::training_settings(game);
        s.unit = self.unit(game);
        s
    }

    /// The pace asked of a question of `level`, in seconds.
    pub fn target_seconds(&self, level: Level) -> u32 {
        self.seconds.get(usize::from(level.number()).saturating_sub(1)).copied().unwrap_or(level.target_seconds())
    }
}

/// Right, asked and the mean time of a set of answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub right: u32,
    pub asked: u32,
    pub total_ms: u64,
}

impl Tally {
    pub fn add(&mut self, a: &Answered) {
        self.asked += 1;
        self.right += u32::from(a.right);
        self.total_ms += u64::from(a.ms);
    }

    /// Right answers, in per cent rounded to the nearest (2 of 3 is 67 %; 0 when
    /// none asked).
    pub fn percent(&self) -> u32 {
        (self.right * 100 + self.asked / 2).checked_div(self.asked).unwrap_or(0)
    }

    /// The mean time of an answer, in milliseconds.
    pub fn mean_ms(&self) -> u64 {
        self.total_ms.checked_div(u64::from(self.asked)).unwrap_or(0)
    }
}

/// Accuracy and pace by kind of question.
pub fn by_kind(history: &[Answered]) -> Vec<(Kind, Tally)> {
    Kind::ALL
        .into_iter()
        .map(|k| {
            let mut t = Tally::default();
            history.iter().filter(|a| a.kind == k).for_each(|a| t.add(a));
            (k, t)
        })
        .filter(|(_, t)| t.asked > 0)
        .collect()
}

/// Every clause asked, with its tally, the weakest first (the lowest share right,
/// then the most missed).
pub fn by_clause(history: &[Answered]) -> Vec<(Clause, Tally)> {
    let mut out: Vec<(Clause, Tally)> = Vec::new();
    for a in history {
        match out.iter_mut().find(|(c, _)| *c == a.clause) {
            Some((_, t)) => t.add(a),
            None => {
                let mut t = Tally::default();
                t.add(a);
                out.push((a.clause, t));
            }
        }
    }
    out.sort_by(|(ca, a), (cb, b)| {
        (u64::from(a.right) * u64::from(b.asked))
            .cmp(&(u64::from(b.right) * u64::from(a.asked)))
            .then((b.asked - b.right).cmp(&(a.asked - a.right)))
            .then(ca.cmp(cb))
    });
    out
}

/// The clauses missed at least once, the weakest first, at most `n`.
pub fn weakest(history: &[Answered], n: usize) -> Vec<(Clause, Tally)> {
    by_clause(history).into_iter().filter(|(_, t)| t.right < t.asked).take(n).collect()
}

/// How much more often a question on `clause` of `kind` comes back: 1 for none
/// missed, up to 4 for a clause or kind missed in most of the recent answers
/// (the last 50 of each).
pub fn weight(history: &[Answered], kind: Kind, clause: Clause) -> u32 {
    let recent = |f: &dyn Fn(&Answered) -> bool| {
        let last: Vec<&Answered> = history.iter().rev().filter(|a| f(a)).take(50).collect();
        let missed = last.iter().filter(|a| !a.right).count();
        (missed, last.len())
    };
    let (mc, nc) = recent(&|a| a.clause == clause);
    let (mk, nk) = recent(&|a| a.kind == kind);
    let share = |m: usize, n: usize| if n == 0 { 0 } else { (m * 3).div_ceil(n) as u32 };
    1 + share(mc, nc).max(share(mk, nk)).min(3)
}
