//! The questions asked on a staged coup: what is owed at a decision point, the
//! ruling on an infraction or an error, the payouts after the settlement; each with
//! plausible wrong choices (`choices`) beside the engine's right answer.

use super::choices::{shuffle_in, verdict_pool};
use super::question::{Ask, Choice, Effect, Kind, PayTarget, Question, Verdict};
use super::stage::{StageError, Stager};
use crate::engine::{Clause, Event};
use crate::engine::{FeeKind, Pending};
use rand::Rng;

impl Stager {
    /// Asks `ask` on the table and the story as they are now.
    pub(super) fn ask(&mut self, kind: Kind, ask: Ask) {
        let seats_before = match (&ask, &self.before_settlement) {
            (Ask::Amount { .. }, Some(t)) => Some(Box::new(t.clone())),
            _ => None,
        };
        self.questions.push(Question { kind, table: self.table.clone(), story: self.story.clone(), ask, seats_before });
    }

    /// An infraction the engine recorded with no ruling: asked at once. (One with a
    /// ruling is asked at its confirmation.)
    pub(super) fn ask_recorded<R: Rng>(&mut self, events: &[Event], rng: &mut R) {
        if self.questions.iter().any(|q| q.kind == Kind::Ruling)
            || events.iter().any(|e| matches!(e, Event::RulingProposed(_)))
        {
            return;
        }
        if let Some(inf) = events.iter().find_map(|e| match e {
            Event::Infraction(i) => Some(i.clone()),
            _ => None,
        }) {
            let game = self.game();
            self.ask_choice(
                Kind::Ruling,
                Verdict::Recorded(inf.clone()),
                verdict_pool(game, &Verdict::Recorded(inf)),
                rng,
            );
        }
    }

    pub(super) fn ask_ruling<R: Rng>(&mut self, ruling: Pending, rng: &mut R) {
        if self.questions.iter().any(|q| q.kind == Kind::Ruling) {
            return;
        }
        let v = Verdict::Ruling(ruling);
        self.ask_choice(Kind::Ruling, v.clone(), verdict_pool(self.game(), &v), rng);
    }

    /// The error the engine recorded for an error op, and its ruling: asked.
    pub(super) fn ask_verdict<R: Rng>(&mut self, events: &[Event], rng: &mut R) {
        let Some(record) = events.iter().find_map(|e| match e {
            Event::Error(r) => Some(r.clone()),
            _ => None,
        }) else {
            return;
        };
        let v = Verdict::Error { record, effect: Effect::of(events) };
        self.ask_choice(Kind::Ruling, v.clone(), verdict_pool(self.game(), &v), rng);
    }

    pub(super) fn ask_choice<R: Rng>(&mut self, kind: Kind, right: Verdict, pool: Vec<Verdict>, rng: &mut R) {
        let pool = pool.into_iter().map(Choice::Verdict).collect();
        let (choices, right) = shuffle_in(self.game(), Choice::Verdict(right), pool, rng);
        self.ask(kind, Ask::Choose { choices, right });
    }

    /// After the settlement: a bet's or a player's payout, and the cagnotte or the
    /// commission.
    pub(super) fn payouts<R: Rng>(&mut self, rng: &mut R) -> Result<(), StageError> {
        let Some(s) = self.table.settlement().cloned() else { return Err(StageError::Stuck) };
        if s.bets.is_empty() {
            return Ok(());
        }
        let r = &s.bets[rng.random_range(0..s.bets.len())];
        let several = s.bets.iter().filter(|b| b.bet.player == r.bet.player).count() > 1;
        // The engine names the clause of each payout: a bet whose every part tied
        // under the tie's clause, not its line's (`Settlement::ruling_of`).
        let settings = self.table.settings().clone();
        let clause = match s.ruling_of(&settings, &r.bet) {
            Some(Ok(ruling)) => ruling.clause,
            _ => r.clause.unwrap_or(Clause::C8),
        };
        if several && rng.random_bool(0.5) {
            let player = r.bet.player;
            self.ask(Kind::Payout, Ask::Amount { target: PayTarget::Seat(player), right: s.net_of(player), clause });
        } else {
            self.ask(Kind::Payout, Ask::Amount { target: PayTarget::Bet(r.bet), right: r.net, clause });
        }
        let fee = self.table.settings().fee();
        let target = match fee.kind {
            FeeKind::Commission => PayTarget::Commission,
            FeeKind::Cagnotte => PayTarget::Cagnotte,
        };
        let (right, clause) = (s.fee_taken(), fee.clause);
        if rng.random_bool(if right.is_zero() { 0.25 } else { 0.7 }) {
            self.ask(Kind::Payout, Ask::Amount { target, right, clause });
        }
        Ok(())
    }
}
