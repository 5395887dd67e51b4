//! A training session: drills staged one after another on one table (one shift of
//! staged coups), their questions asked in order, the answers scored by kind.

use super::question::{Answer, Kind, Question};
use super::stage::{Drill, Inject, StageError, Stager, training_settings};
use crate::engine::{Clause, Game, TableSettings};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// The most drills a session stages.
pub const MAX_DRILLS: u32 = 500;

/// Right answers and questions asked, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    right: [u32; 3],
    asked: [u32; 3],
}

impl Score {
    pub fn record(&mut self, kind: Kind, right: bool) {
        self.asked[kind.index()] += 1;
        if right {
            self.right[kind.index()] += 1;
        }
    }

    /// (right, asked) for one kind.
    pub fn of(&self, kind: Kind) -> (u32, u32) {
        (self.right[kind.index()], self.asked[kind.index()])
    }

    pub fn right(&self) -> u32 {
        self.right.iter().sum()
    }

    pub fn asked(&self) -> u32 {
        self.asked.iter().sum()
    }
}

/// One answer, scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub kind: Kind,
    pub right: bool,
    pub given: Answer,
    /// The engine's answer.
    pub expected: Answer,
    /// The clause it rests on.
    pub clause: Clause,
}

/// A session: its drills, where the trainee is, the score.
#[derive(Clone, Debug)]
pub struct Session {
    settings: TableSettings,
    drills: Vec<Drill>,
    drill: usize,
    question: usize,
    pub score: Score,
    pub history: Vec<Scored>,
}

impl Session {
    /// Stages `drills` drills (1 to `MAX_DRILLS`) of `settings`'s game; about half
    /// carry an injected error or infraction. The same RNG state stages the same
    /// session.
    pub fn new<R: Rng>(settings: TableSettings, drills: u32, rng: &mut R) -> Result<Session, StageError> {
        let game = settings.game;
        let mut stager = Stager::new(settings.clone())?;
        let kinds: Vec<Inject> = Inject::ALL.into_iter().filter(|i| i.applies(game)).collect();
        let mut out = Vec::new();
        for _ in 0..drills.clamp(1, MAX_DRILLS) {
            let inject = if rng.random_bool(0.5) { kinds.choose(rng).copied() } else { None };
            out.push(stager.drill(inject, rng)?);
        }
        let mut s =
            Session { settings, drills: out, drill: 0, question: 0, score: Score::default(), history: Vec::new() };
        s.skip_answered();
        Ok(s)
    }

    /// A session of `game` on the training table (betting unit 10), its drills
    /// from `seed` (ChaCha8: the same seed stages the same session on every machine).
    pub fn from_seed(game: Game, drills: u32, seed: u64) -> Result<Session, StageError> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        Session::new(training_settings(game), drills, &mut rng)
    }

    /// The settings the drills were staged with (a training log's header).
    pub fn settings(&self) -> &TableSettings {
        &self.settings
    }

    pub fn drills(&self) -> &[Drill] {
        &self.drills
    }

    /// The drill being asked, and its index.
    pub fn current_drill(&self) -> Option<(usize, &Drill)> {
        self.drills.get(self.drill).map(|d| (self.drill, d))
    }

    /// The question waiting for an answer.
    pub fn current(&self) -> Option<&Question> {
        self.drills.get(self.drill).and_then(|d| d.questions.get(self.question))
    }

    /// Every question of the session, in order.
    pub fn questions(&self) -> impl Iterator<Item = &Question> {
        self.drills.iter().flat_map(|d| d.questions.iter())
    }

    pub fn is_over(&self) -> bool {
        self.current().is_none()
    }

    /// Scores the answer to the current question and moves to the next; `None`
    /// when the session is over.
    pub fn answer(&mut self, given: Answer) -> Option<Scored> {
        let q = self.current()?;
        let scored =
            Scored { kind: q.kind, right: q.is_right(&given), expected: q.right_answer(), clause: q.clause(), given };
        self.score.record(scored.kind, scored.right);
        self.history.push(scored.clone());
        self.advance();
        Some(scored)
    }

    fn advance(&mut self) {
        self.question += 1;
        self.skip_answered();
    }

    /// Moves past drills whose questions are all asked (or that have none).
    fn skip_answered(&mut self) {
        while self.drills.get(self.drill).is_some_and(|d| self.question >= d.questions.len()) {
            self.drill += 1;
            self.question = 0;
        }
    }
}
