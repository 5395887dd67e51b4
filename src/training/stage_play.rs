//! A staged coup dealt and played: the sabot's next cards arranged so that an
//! injection has something to be about, the error's operation sent, and the coup
//! played through to its showdown, with a card-reading shoe (the engine knows every
//! card) or face down (it learns a total at the showdown), each holder's word right
//! by the engine's drawing rules or, for an injection, wrong.

use super::*;

impl Stager {
    /// The player hand an injection is about (the bank's for the bank's errors).
    pub(super) fn target<R: Rng>(&self, inject: Inject, rng: &mut R) -> HandId {
        let hands = HandId::of_game(self.game());
        match (inject, self.game()) {
            (Inject::BankAgainstTable | Inject::WrongAnnouncement, _) => HandId::Bank,
            (Inject::LostInDiscard | Inject::Discarded, _) => hands[rng.random_range(0..hands.len())],
            (_, Game::Banque) => HandId::Tableau(rng.random_range(1..=2)),
            (_, Game::ChemindeFer) => HandId::Player,
            (_, Game::PuntoBanca) => HandId::Punto,
        }
    }

    /// The two first cards of each hand, if the next cards of the sabot are dealt.
    pub(super) fn hands_from_top(&self) -> ByHand<[Card; 2]> {
        let ctx = self.table.ctx();
        let ten = [Card::new(crate::engine::Rank::Ten, crate::engine::Suit::Clubs); 2];
        let mut hands = ByHand::new(ten, ten, ten);
        let len = self.sabot.len();
        for (i, (hand, slot)) in ctx.deal_order().iter().enumerate() {
            if let Some(c) = len.checked_sub(i + 1).and_then(|j| self.sabot.get(j)) {
                hands[*hand][usize::from(*slot)] = *c;
            }
        }
        hands
    }

    /// Brings cards from the shuffled sabot to its top until the deal fits the
    /// injection (a total of 0–4 for a "no" that must draw, …). False when no
    /// arrangement was found.
    pub(super) fn arrange<R: Rng>(&mut self, inject: Inject, target: HandId, rng: &mut R) -> bool {
        let ctx = self.table.ctx();
        let n = ctx.deal_order().len();
        let players = ctx.players();
        let banque = self.game() == Game::Banque;
        let other_draws = rng.random_bool(0.5);
        let bank_totals: &[u8] = match inject {
            Inject::BankAgainstTable => &[0, 1, 2, 6],
            Inject::WrongAnnouncement => &[6, 7],
            _ => &[0, 1, 2, 3, 4, 5, 6, 7],
        };
        let fits = |hands: &ByHand<[Card; 2]>| {
            let total = |h: HandId| crate::engine::card::total(&hands[h]);
            if !bank_totals.contains(&total(ctx.bank())) {
                return false;
            }
            // What the rules make of a total (R-BQ-11), a holder without a banco's freedom.
            let duty = |h: HandId| player_duty(total(h), false);
            let first = target == players[0];
            match inject {
                // R-BQ-E14 wants the other paño to have drawn: now and then it must.
                Inject::StoodOnDraw => {
                    duty(target) == PlayerDuty::MustDraw
                        && (!first || !banque || !other_draws || duty(HandId::Tableau(2)) == PlayerDuty::MustDraw)
                }
                Inject::DrewOnStand => duty(target) == PlayerDuty::MustStand,
                Inject::NaturalSaidNo | Inject::DrewOnNatural => is_natural(total(target)),
                Inject::FalseNatural => !is_natural(total(target)),
                _ => players.iter().all(|h| !is_natural(total(*h))),
            }
        };
        let len = self.sabot.len();
        if len < n + 1 {
            return false;
        }
        for _ in 0..3000 {
            if fits(&self.hands_from_top()) {
                return true;
            }
            for k in 0..n {
                let j = rng.random_range(0..len);
                self.sabot.swap(len - 1 - k, j);
            }
        }
        false
    }

    /// The first cards of a hand, as the stager knows them.
    pub(super) fn first_cards(&self, hand: HandId) -> Vec<Card> {
        let ctx = self.table.ctx();
        if !hand.in_game(self.game()) {
            return vec![];
        }
        ctx.deal_order().iter().zip(self.dealt.iter()).filter(|((h, _), _)| *h == hand).map(|(_, c)| *c).collect()
    }

    /// The card that comes out face up (R-BQ-E2): the next of the sabot, unless a
    /// card of the same rank and suit (its twin from another deck) is in this coup's
    /// deal or among the next cards out; then the first card further down that has no
    /// twin there is brought up. A trainee reading «2♦ dead» and then a 2♦ in banca's
    /// hand would take them for the same card.
    pub(super) fn dead_card(&mut self) -> Card {
        // At most a third card for each hand follows the deal.
        const NEXT_OUT: usize = 3;
        let len = self.sabot.len();
        let near: Vec<Card> =
            self.dealt.iter().copied().chain(self.sabot.iter().rev().skip(1).take(NEXT_OUT).copied()).collect();
        let clear = |c: &Card| !near.contains(c);
        if let Some(top) = self.sabot.last()
            && !clear(top)
            && let Some(j) = (0..len.saturating_sub(1 + NEXT_OUT)).rev().find(|j| self.sabot.get(*j).is_some_and(clear))
        {
            self.sabot.swap(j, len - 1);
        }
        self.next_card()
    }

    pub(super) fn true_total(&self, hand: HandId) -> u8 {
        crate::engine::card::total(&self.first_cards(hand))
    }

    /// Sends the error op of `inject` right after the deal and asks for its ruling.
    pub(super) fn error_op<R: Rng>(&mut self, inject: Inject, rng: &mut R) -> Result<(), StageError> {
        let target = self.target(inject, rng);
        let dead = if inject == Inject::DeadCard { self.dead_card() } else { Card::new(Rank::Ace, Suit::Clubs) };
        match inject.error_op(0, target, self.first_cards(target), dead) {
            Some(op) if inject != Inject::EarlyCards => self.send_error(op, rng),
            _ => Ok(()),
        }
    }

    /// The clauses the engine rules `inject` under at this table, asked of the engine:
    /// the clauses of the ruling questions of the first two drills staged with it on a
    /// copy of this stager (its own seeded coins: the same answer every time, the
    /// session's coins untouched). Empty when the cards of those drills never allowed it.
    pub fn ruled_under(&self, inject: Inject) -> Vec<crate::engine::Clause> {
        use rand::SeedableRng;
        // Enough coups for a wrong word to find a hand it can be said on.
        const PROBES: usize = 12;
        const STAGED: usize = 2;
        let mut probe = self.clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5AB07);
        let (mut out, mut staged) = (Vec::new(), 0);
        for _ in 0..PROBES {
            let Ok(d) = probe.drill(Some(inject), &mut rng) else { break };
            if d.inject == Some(inject) {
                out.extend(d.questions.iter().filter(|q| q.kind == Kind::Ruling).map(Question::clause));
                staged += 1;
                if staged == STAGED {
                    break;
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// A card-reading shoe: each card out of the sabot goes where the engine says (the
    /// deal's first cards in its order, `Table::card_owed_to`), every total known;
    /// questions on what is owed.
    pub(super) fn play_reader<R: Rng>(&mut self, rng: &mut R) -> Result<(), StageError> {
        let game = self.game();
        let mut asked = false;
        for _ in 0..50 {
            if let Ok((_, slot)) = self.table.card_owed_to()
                && slot < 2
            {
                let card = self.next_card();
                self.dealt.push(card);
                self.send(Op::Card(card))?;
                continue;
            }
            let duty = self.table.owed();
            let decision = matches!(duty.owed, Owed::Decide { .. } | Owed::Card { forced: true, .. });
            if decision
                && !asked
                && rng.random_bool(0.6)
                && let Some(ask) = owed_ask(&self.table, rng)
            {
                self.ask(Kind::Owed, ask);
                asked = true;
            }
            let op = match duty.owed {
                Owed::Decide { hand: HandId::Bank, .. }
                    if game == Game::Banque && !self.table.coup().play.table_asked && rng.random_bool(0.5) =>
                {
                    Op::AskTable
                }
                Owed::Decide { hand, .. } => {
                    Op::Say { hand, call: if rng.random_bool(0.5) { Call::Draw } else { Call::Stand } }
                }
                Owed::Card { .. } => Op::Card(self.next_card()),
                Owed::Show { hand } => Op::Show { hand, cards: self.first_cards(hand) },
                Owed::Confirm { ruling } => {
                    self.ask_ruling(ruling, rng);
                    Op::Confirm
                }
                Owed::Pay | Owed::Bets | Owed::Shift(_) => return self.payouts(rng),
            };
            self.send(op)?;
        }
        Err(StageError::Stuck)
    }

    /// Cards dealt face down: the holders speak, the hands are shown at the end.
    /// `inject`: the wrong call and the hand that makes it. Returns whether the
    /// wrong call was made (the coup may not have allowed it).
    pub(super) fn play_face_down<R: Rng>(
        &mut self,
        inject: Option<(Inject, HandId)>,
        rng: &mut R,
    ) -> Result<bool, StageError> {
        let game = self.game();
        // A natural is shown at once (R-BQ-12, R-CF-8): the bank's before anyone plays.
        if game.has_bank() && is_natural(self.true_total(HandId::Bank)) && self.table.settlement().is_none() {
            let p = &self.table.coup().play;
            if p.void.is_none() && !p.hands.bank().void && !p.hands.bank().zero {
                self.send(Op::Show { hand: HandId::Bank, cards: self.first_cards(HandId::Bank) })?;
            }
        }
        let mut injected = false;
        let mut made = false;
        for _ in 0..40 {
            let duty = self.table.owed();
            let op = match duty.owed {
                Owed::Decide { hand, .. } => {
                    let wrong = match inject {
                        Some((i, target)) if target == hand && !injected => {
                            injected = true;
                            self.wrong_call(i, hand, rng)
                        }
                        _ => None,
                    };
                    match wrong {
                        Some(ops) => {
                            made = true;
                            let n = ops.len();
                            for (k, op) in ops.into_iter().enumerate() {
                                if k + 1 < n {
                                    self.send(op)?;
                                } else {
                                    let events = self.send(op)?;
                                    self.ask_recorded(&events, rng);
                                }
                            }
                            continue;
                        }
                        None => self.right_call(hand, rng),
                    }
                }
                Owed::Card { .. } => Op::Card(self.next_card()),
                Owed::Show { hand } => Op::Show { hand, cards: self.first_cards(hand) },
                Owed::Confirm { ruling } => {
                    self.ask_ruling(ruling, rng);
                    Op::Confirm
                }
                Owed::Pay | Owed::Bets | Owed::Shift(_) => return self.payouts(rng).map(|()| made),
            };
            let events = self.send(op)?;
            self.ask_recorded(&events, rng);
        }
        Err(StageError::Stuck)
    }

    /// What a holder who knows the rules says, from the engine's drawing rules.
    pub(super) fn right_call<R: Rng>(&self, hand: HandId, rng: &mut R) -> Op {
        let ctx = self.table.ctx();
        let t = self.true_total(hand);
        let p = &self.table.coup().play;
        let choose = |rng: &mut R| if rng.random_bool(0.5) { Call::Draw } else { Call::Stand };
        let call = if hand == HandId::Bank {
            match ctx.bank_duty(p, t) {
                Some(BankDuty::MustDraw) => Call::Draw,
                Some(BankDuty::MustStand) | None => Call::Stand,
                Some(BankDuty::Chooses) => choose(rng),
            }
        } else {
            match player_duty(t, ctx.holder_is_free(hand)) {
                PlayerDuty::MustDraw => Call::Draw,
                PlayerDuty::MustStand => Call::Stand,
                PlayerDuty::Chooses => choose(rng),
                PlayerDuty::ShowNatural => return Op::Show { hand, cards: self.first_cards(hand) },
            }
        };
        Op::Say { hand, call }
    }

    /// The wrong call of an injection, if the coup allows it now.
    pub(super) fn wrong_call<R: Rng>(&self, inject: Inject, hand: HandId, rng: &mut R) -> Option<Vec<Op>> {
        let t = self.true_total(hand);
        let say = |call| Op::Say { hand, call };
        match inject {
            Inject::StoodOnDraw | Inject::NaturalSaidNo => Some(vec![say(Call::Stand)]),
            Inject::DrewOnStand | Inject::DrewOnNatural => Some(vec![say(Call::Draw)]),
            Inject::FalseNatural => Some(vec![say(Call::Natural)]),
            Inject::BankAgainstTable => {
                // The banker asks for the table (Banque), then goes against it.
                let mut ops = Vec::new();
                let mut trial = self.table.clone();
                if self.game() == Game::Banque {
                    trial.play(&Op::AskTable).ok()?;
                    ops.push(Op::AskTable);
                }
                let duty = trial.ctx().bank_duty(&trial.coup().play, t)?;
                let wrong = match duty {
                    BankDuty::MustDraw => Call::Stand,
                    BankDuty::MustStand => Call::Draw,
                    BankDuty::Chooses => return None,
                };
                ops.push(say(wrong));
                Some(ops)
            }
            Inject::WrongAnnouncement => {
                let duty = self.table.ctx().bank_duty(&self.table.coup().play, t)?;
                if duty == BankDuty::MustDraw {
                    return None;
                }
                let others: Vec<u8> = (0..=7).filter(|x| *x != t).collect();
                let said = others[rng.random_range(0..others.len())];
                Some(vec![Op::Announce { total: said }, say(Call::Stand)])
            }
            _ => None,
        }
    }
}
