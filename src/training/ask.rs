//! The questions asked on a staged coup: what is owed at a decision point, the
//! ruling on an infraction or an error, the payouts after the settlement; each with
//! plausible wrong choices beside the engine's right answer.

use super::question::{Ask, Choice, Effect, Kind, Must, OwedChoice, PayTarget, Question, Verdict};
use super::stage::{StageError, Stager};
use crate::engine::{
    BankDuty, Call, Card, Clause, ErrorKind, ErrorRecord, Event, Game, HandId, Infraction, InfractionKind, Owed, Table,
};
use crate::engine::{FeeKind, Pending};
use rand::Rng;
use rand::seq::SliceRandom;

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
        _ => super::words::choice_text(crate::i18n::Lang::En, game, c),
    }
}

/// Puts `right` among up to three of `pool` (those that mean something else), in a
/// random order; returns the choices and where `right` is.
fn shuffle_in<R: Rng>(game: Game, right: Choice, mut pool: Vec<Choice>, rng: &mut R) -> (Vec<Choice>, usize) {
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
fn verdict_pool(game: Game, right: &Verdict) -> Vec<Verdict> {
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
