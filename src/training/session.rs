//! A training session: drills staged one after another on one table (one shift of
//! staged coups), their questions asked in order, the answers scored by kind.

use super::history::{Answered, weight};
use super::level::Level;
use super::question::{Answer, Ask, Kind, Question};
use super::stage::{Drill, Inject, StageError, Stager, training_settings};
use crate::engine::{Clause, Game, TableSettings, ruled_total};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

/// Level 1: the totals of one or two of the coup's hands, asked on the table before
/// the deal (the felt shows no card); the right total is the engine's, as its
/// settlement counted it, under the clause the engine gives a total (R-C-1).
fn totals<R: Rng>(d: &Drill, rng: &mut R) -> Vec<Question> {
    let Some(table) = d.before_deal.as_deref() else { return Vec::new() };
    let Some(settled) = &d.settled else { return Vec::new() };
    let mut hands: Vec<_> = settled.hands.iter().filter(|h| !h.cards.is_empty()).collect();
    hands.shuffle(rng);
    hands
        .into_iter()
        .take(rng.random_range(1..=2))
        .map(|h| Question {
            kind: Kind::Total,
            table: table.clone(),
            story: Vec::new(),
            ask: Ask::Total { hand: h.hand, cards: h.cards.to_vec(), right: h.total, clause: ruled_total(&h.cards).1 },
            seats_before: None,
        })
        .collect()
}

/// The most drills a session stages.
pub const MAX_DRILLS: u32 = 500;

/// Right answers and questions asked, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    right: [u32; 5],
    asked: [u32; 5],
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
    /// The clause it rests on (as cited in the game).
    pub clause: Clause,
    /// Where the question is: (drill from 0, question within it from 0).
    pub at: (usize, usize),
}

/// A session: its drills, where the trainee is, the score.
#[derive(Clone, Debug)]
pub struct Session {
    settings: TableSettings,
    /// The level trained (`None`: the mixed drills of the first trainer).
    level: Option<Level>,
    drills: Vec<Drill>,
    drill: usize,
    question: usize,
    pub score: Score,
    pub history: Vec<Scored>,
}

impl Session {
    /// A session at its first question not yet answered.
    fn begin(settings: TableSettings, level: Option<Level>, drills: Vec<Drill>) -> Session {
        let mut s =
            Session { settings, level, drills, drill: 0, question: 0, score: Score::default(), history: Vec::new() };
        s.skip_answered();
        s
    }

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
        Ok(Session::begin(settings, None, out))
    }

    /// A session of one level: `drills` staged coups (the audition: a whole shoe,
    /// up to `MAX_DRILLS`), only the questions of the level's kinds asked. Practice
    /// where the trainee is weak: an error whose clause he missed is staged more
    /// often, and a question on a clause or kind he missed is kept more often
    /// (`history::weight`; every question kept when he missed nothing).
    pub fn at_level<R: Rng>(
        settings: TableSettings,
        level: Level,
        drills: u32,
        history: &[Answered],
        rng: &mut R,
    ) -> Result<Session, StageError> {
        let game = settings.game;
        let mut stager = Stager::new(settings.clone())?;
        let kinds: Vec<(Inject, u32)> = Inject::ALL
            .into_iter()
            .filter(|i| i.applies(game))
            // Weighed by the clauses the engine rules it under (as the questions cite them).
            .map(|i| {
                (i, stager.ruled_under(i).into_iter().map(|c| weight(history, Kind::Ruling, c)).max().unwrap_or(1))
            })
            .collect();
        let mut out = Vec::new();
        let count = if level == Level::Audition { MAX_DRILLS } else { drills.clamp(1, MAX_DRILLS) };
        let mut shoes = 0;
        for _ in 0..count {
            if level == Level::Audition {
                let sabot = &stager.table().shift().sabot;
                if !sabot.ready(game) || sabot.cut_out() {
                    shoes += 1;
                    if shoes > 1 {
                        break;
                    }
                }
            }
            let inject = if rng.random_bool(level.inject_share()) {
                kinds.choose_weighted(rng, |(_, w)| *w).ok().map(|(i, _)| *i)
            } else {
                None
            };
            let mut d = stager.drill(inject, rng)?;
            if level == Level::Values {
                d.questions = totals(&d, rng);
            }
            let practice = matches!(level, Level::Drawing | Level::Payouts | Level::Procedures);
            let weak = |q: &Question| weight(history, q.kind, q.clause());
            d.questions.retain(|q| level.kinds().contains(&q.kind));
            if practice && history.iter().any(|a| !a.right) && d.questions.len() > 1 {
                let kept: Vec<Question> =
                    d.questions.iter().filter(|q| rng.random_range(0..4) < weak(q)).cloned().collect();
                if !kept.is_empty() {
                    d.questions = kept;
                }
            }
            out.push(d);
        }
        Ok(Session::begin(settings, Some(level), out))
    }

    /// A session of `level` of `game` on the training table, from `seed`.
    pub fn level_from_seed(
        game: Game,
        level: Level,
        drills: u32,
        seed: u64,
        history: &[Answered],
    ) -> Result<Session, StageError> {
        Session::level_from_seed_at(training_settings(game), level, drills, seed, history)
    }

    /// A session of `level` on a table of these settings (the house's unit), from `seed`.
    pub fn level_from_seed_at(
        settings: TableSettings,
        level: Level,
        drills: u32,
        seed: u64,
        history: &[Answered],
    ) -> Result<Session, StageError> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        Session::at_level(settings, level, drills, history, &mut rng)
    }

    /// The level trained, if the session is of one.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The question at a place (`Scored::at`).
    pub fn question_at(&self, at: (usize, usize)) -> Option<&Question> {
        self.drills.get(at.0).and_then(|d| d.questions.get(at.1))
    }

    /// The questions answered wrong, with their answers, in the order asked.
    pub fn missed(&self) -> Vec<(&Question, &Scored)> {
        self.history.iter().filter(|s| !s.right).filter_map(|s| self.question_at(s.at).map(|q| (q, s))).collect()
    }

    /// The current question's place: (drill from 0, question within it from 0).
    pub fn position(&self) -> (usize, usize) {
        (self.drill, self.question)
    }

    /// A session of `game` on the training table (betting unit 10), its drills
    /// from `seed` (ChaCha8: the same seed stages the same session on every machine).
    pub fn from_seed(game: Game, drills: u32, seed: u64) -> Result<Session, StageError> {
        Session::from_seed_at(training_settings(game), drills, seed)
    }

    /// A session on a table of these settings (the house's unit), from `seed`.
    pub fn from_seed_at(settings: TableSettings, drills: u32, seed: u64) -> Result<Session, StageError> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        Session::new(settings, drills, &mut rng)
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
        let scored = Scored {
            kind: q.kind,
            right: q.is_right(&given),
            expected: q.right_answer(),
            clause: q.clause(),
            given,
            at: (self.drill, self.question),
        };
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
