//! Staging: coups played through a real `Table` with real `Op`s, the way the
//! croupier would enter them, with an error or an infraction injected in some; the
//! questions are taken where the engine has something to say.
//!
//! Two ways to deal, as at a real table. A card-reading shoe ("reader") knows every
//! card as it leaves the sabot: the engine knows each total, so it can say what is
//! owed (questions of kind `Owed`). Cards dealt face down: the engine learns a total
//! only when the hand is shown, which is how a holder's wrong word (a "no" with 4, a
//! card asked with 7) is found at the showdown, and where the ruling is asked.
//!
//! Between coups the stager answers the steps the engine says are owed (the shoe, the
//! bank, the next coup), and a card-reading shoe deals where the engine says the next
//! card goes (`Table::card_owed_to`). The stager knows the cards (its own shuffled
//! sabot) and picks each call from the engine's own drawing rules
//! (`drawing::player_duty`, `Ctx::bank_duty`); the wrong call of an injection is sent
//! as it is, and what follows is the engine's.

use super::ask::owed_ask;
use super::question::{Kind, Question};
use crate::engine::drawing::{PlayerDuty, is_natural, player_duty};
use crate::engine::settings::BadSettings;
use crate::engine::{
    BankDuty, ByHand, Call, Card, Event, Game, HandId, Money, Op, Owed, PlayerRef, Rank, Refusal, ShiftStep, Spot,
    Suit, Table, TableSettings,
};
use rand::Rng;
use rand::seq::SliceRandom;

/// An error or an infraction a drill stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Inject {
    /// A holder says "no" on 0–4 (R-BQ-11; R-BQ-E14 when a later hand had a card).
    StoodOnDraw,
    /// A holder asks for a card on 6 or 7 (R-BQ-E15).
    DrewOnStand,
    /// A holder says "no" with a natural (R-BQ-E17).
    NaturalSaidNo,
    /// A holder asks for a card with a natural (R-BQ-E17).
    DrewOnNatural,
    /// A holder announces a natural he does not have (R-BQ-11).
    FalseNatural,
    /// The bank plays against the table it must follow (R-BQ-14, R-CF-8).
    BankAgainstTable,
    /// The banker announces a total that is not his, and stands (R-BQ-E12).
    WrongAnnouncement,
    /// Cards out of the sabot before "no va más" (R-BQ-E1).
    EarlyCards,
    /// A card out of the sabot face up (R-BQ-E2).
    DeadCard,
    /// Cards stuck together in the deal (R-BQ-E3).
    StuckCards,
    /// A card on the floor (R-BQ-E4).
    CardOnFloor,
    /// A holder throws his cards in the discard unshown (R-BQ-E6).
    Discarded,
    /// Both cards of a hand exposed in the deal (R-BQ-E10).
    Exposed,
    /// A hand's cards lost unseen in the discard during the deal (R-BQ-E11).
    LostInDiscard,
}

impl Inject {
    pub const ALL: [Inject; 14] = [
        Inject::StoodOnDraw,
        Inject::DrewOnStand,
        Inject::NaturalSaidNo,
        Inject::DrewOnNatural,
        Inject::FalseNatural,
        Inject::BankAgainstTable,
        Inject::WrongAnnouncement,
        Inject::EarlyCards,
        Inject::DeadCard,
        Inject::StuckCards,
        Inject::CardOnFloor,
        Inject::Discarded,
        Inject::Exposed,
        Inject::LostInDiscard,
    ];

    /// Whether the engine takes this error in `game`: a holder's wrong word, choice or
    /// announcement only where holders speak (`Game::holders_speak`, R-PB-7); an error
    /// to the cards where its procedure arises (`engine::procedure` of its operation,
    /// `error_applies`).
    pub fn applies(self, game: Game) -> bool {
        let sample = self.error_op(1, HandId::Bank, Vec::new(), Card::new(Rank::Ace, Suit::Clubs));
        match sample.as_ref().and_then(crate::engine::procedure) {
            Some(clause) => crate::engine::error_applies(game, clause),
            None => game.holders_speak(),
        }
    }

    /// The croupier's error operation this injection stages, with its count of cards
    /// out early, the hand it falls on, that hand's cards and the dead card; None for
    /// a holder's wrong word or call (staged as that call, or the banker's
    /// announcement, during the play).
    fn error_op(self, count: u8, hand: HandId, cards: Vec<Card>, dead: Card) -> Option<Op> {
        Some(match self {
            Inject::EarlyCards => Op::EarlyCards { count },
            Inject::DeadCard => Op::DeadCard { card: dead },
            Inject::StuckCards => Op::StuckCards,
            Inject::CardOnFloor => Op::CardOnFloor { card: None },
            Inject::Discarded => Op::Discarded { hand, by_croupier: false, cards: vec![], total: None },
            Inject::Exposed => Op::Exposed { hand, cards },
            Inject::LostInDiscard => Op::LostInDiscard { hand, card: None },
            _ => return None,
        })
    }

    /// A wrong word or call of a holder (dealt face down, found when shown).
    fn is_a_call(self) -> bool {
        matches!(
            self,
            Inject::StoodOnDraw
                | Inject::DrewOnStand
                | Inject::NaturalSaidNo
                | Inject::DrewOnNatural
                | Inject::FalseNatural
                | Inject::BankAgainstTable
                | Inject::WrongAnnouncement
        )
    }
}

/// Why a drill could not be staged (a fault of the stager, never of the trainee).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageError {
    /// The engine refused an operation the stager meant to be legal.
    Refused { op: Op, refusal: Refusal },
    /// The coup did not come to its settlement.
    Stuck,
    /// The table could not be set up.
    Setup(BadSettings),
    /// A staged amount went past the largest amount Sabot keeps.
    Overflow,
}

/// One staged coup and its questions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    /// From 1.
    pub number: u32,
    /// Every operation sent for this drill (the shoe and bank between coups
    /// included), with its events: what a training log records.
    pub ops: Vec<(Op, Vec<Event>)>,
    pub questions: Vec<Question>,
    /// The error or infraction injected, if any.
    pub inject: Option<Inject>,
    /// The table with the bets placed, before the deal.
    pub before_deal: Option<Box<Table>>,
    /// The engine's settlement of the coup.
    pub settled: Option<crate::engine::Settlement>,
}

/// The betting unit of training tables, where the house names none.
const UNIT: i32 = 10;
/// The bank a banker takes, in betting units (2000 at a unit of 10), and the bank
/// too small to go on with (R-BQ-3): staged bets are 1 to 20 units.
const BANK_UNITS: i64 = 200;
const SMALL_BANK_UNITS: i64 = 20;

/// The table settings drills are staged on where the house names no table: the
/// game's defaults, a betting unit of 10. Drills are staged at whatever unit their
/// table has (the house's, `house::House::training_settings`): bets and banks in
/// units of it.
pub fn training_settings(game: Game) -> TableSettings {
    let mut s = TableSettings::new(game);
    s.unit = Money::units(UNIT);
    s
}

/// Drives a table through its coups.
#[derive(Clone)]
pub struct Stager {
    pub(super) table: Table,
    /// The sabot's cards in order; the next card is the last.
    sabot: Vec<Card>,
    /// This coup's first cards, in deal order.
    dealt: Vec<Card>,
    ops: Vec<(Op, Vec<Event>)>,
    pub(super) story: Vec<(Op, Vec<Event>)>,
    pub(super) questions: Vec<Question>,
    drills: u32,
    fallbacks: u32,
    /// The table just before the op that settled this coup (its seats: who held
    /// the cards, the bank, the sabot, before the settlement moved them).
    pub(super) before_settlement: Option<Table>,
    /// The table with the bets placed, before the deal (level 1 asks the totals of
    /// the coup's hands on it: the felt shows no card and no total).
    pub(super) before_deal: Option<Table>,
}

impl Stager {
    /// A table at the start of a shift (`Table::start`): the players sit, the shoe
    /// is made ready and a banker takes the bank with the first drill.
    pub fn new(settings: TableSettings) -> Result<Stager, StageError> {
        let table = Table::start(settings).map_err(StageError::Setup)?;
        Ok(Stager {
            table,
            sabot: Vec::new(),
            dealt: Vec::new(),
            ops: Vec::new(),
            story: Vec::new(),
            questions: Vec::new(),
            drills: 0,
            fallbacks: 0,
            before_settlement: None,
            before_deal: None,
        })
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// How many drills were staged clean because staging their injection failed
    /// (the engine refused an op the stager meant to be legal: a fault to fix).
    pub fn fallbacks(&self) -> u32 {
        self.fallbacks
    }

    pub(super) fn game(&self) -> Game {
        self.table.settings().game
    }

    fn send(&mut self, op: Op) -> Result<Vec<Event>, StageError> {
        let unsettled = self.table.settlement().is_none();
        let before = unsettled.then(|| self.table.clone());
        match self.table.play(&op) {
            Ok(events) => {
                if unsettled && self.table.settlement().is_some() {
                    self.before_settlement = before;
                }
                self.ops.push((op.clone(), events.clone()));
                self.story.push((op, events.clone()));
                Ok(events)
            }
            Err(refusal) => Err(StageError::Refused { op, refusal }),
        }
    }

    fn next_card(&mut self) -> Card {
        self.sabot.pop().unwrap_or(Card::new(crate::engine::Rank::Ten, crate::engine::Suit::Clubs))
    }

    /// Sends an error op and asks for its ruling on the table as it was before the
    /// op (the story tells what happened; the table must not show the ruling).
    fn send_error<R: Rng>(&mut self, op: Op, rng: &mut R) -> Result<(), StageError> {
        let before = self.table.clone();
        let events = self.send(op)?;
        self.ask_verdict(&events, rng);
        if let Some(q) = self.questions.last_mut().filter(|q| q.kind == Kind::Ruling) {
            q.table = before;
        }
        Ok(())
    }

    /// Stages the next drill: a coup, with `inject` if the cards allow it (the
    /// injection is dropped when they do not, or if staging it went wrong: the
    /// drill is then a clean coup, staged again from the same point).
    pub fn drill<R: Rng>(&mut self, inject: Option<Inject>, rng: &mut R) -> Result<Drill, StageError> {
        let before = self.clone();
        let inject = inject.filter(|i| i.applies(self.game()));
        match self.coup(inject, rng) {
            Ok(inject) => Ok(self.finish(inject)),
            Err(_) if inject.is_some() => {
                let fallbacks = self.fallbacks + 1;
                *self = before;
                self.fallbacks = fallbacks;
                let inject = self.coup(None, rng)?;
                Ok(self.finish(inject))
            }
            Err(e) => Err(e),
        }
    }

    fn finish(&mut self, inject: Option<Inject>) -> Drill {
        self.drills += 1;
        let before_deal = self.before_deal.take().map(Box::new);
        Drill {
            before_deal,
            settled: self.table.settlement().cloned(),
            number: self.drills,
            ops: std::mem::take(&mut self.ops),
            questions: std::mem::take(&mut self.questions),
            inject,
        }
    }

    /// Plays one coup; returns the injection that was staged.
    fn coup<R: Rng>(&mut self, inject: Option<Inject>, rng: &mut R) -> Result<Option<Inject>, StageError> {
        self.questions.clear();
        self.ops.clear();
        if self.table.shift().seating == crate::engine::Seating::ByActing {
            for seat in 1..=self.table.settings().sections {
                self.send(Op::Join { player: PlayerRef::seated(seat), number: None })?;
            }
        }
        self.up_to_the_bets(rng)?;
        self.bets(inject.is_none(), rng)?;
        self.dealt.clear();
        if inject == Some(Inject::EarlyCards) {
            let count = rng.random_range(1..=2u8);
            self.send_error(Op::EarlyCards { count }, rng)?;
            for _ in 0..count {
                let c = self.next_card();
                self.dealt.push(c);
            }
        }
        let n = self.table.ctx().deal_order().len();
        let mut inject = inject;
        if let Some(i) = inject.filter(|i| i.is_a_call()) {
            let target = self.target(i, rng);
            if !self.arrange(i, target, rng) {
                inject = None;
            }
            self.before_deal = Some(self.table.clone());
            self.send(Op::NoMoreBets)?;
            self.take_deal(n);
            let made = self.play_face_down(inject.map(|i| (i, target)), rng)?;
            return Ok(inject.filter(|_| made));
        }
        self.before_deal = Some(self.table.clone());
        self.send(Op::NoMoreBets)?;
        match inject {
            // A card-reading shoe deals as the engine says (`play_reader`).
            None => self.play_reader(rng)?,
            Some(i) => {
                self.take_deal(n);
                if i != Inject::EarlyCards {
                    self.error_op(i, rng)?;
                }
                self.play_face_down(None, rng)?;
            }
        }
        Ok(inject)
    }

    fn take_deal(&mut self, n: usize) {
        while self.dealt.len() < n {
            let c = self.next_card();
            self.dealt.push(c);
        }
    }

    /// What the shift owes next, a settled coup taken as paid.
    fn owed_between(&self) -> Owed {
        match self.table.owed().owed {
            Owed::Pay => self.table.owed_after_pay().map_or(Owed::Shift(ShiftStep::NextCoup), |d| d.owed),
            owed => owed,
        }
    }

    /// Between coups: each step the engine says the shift owes, answered in its order
    /// (the shoe made ready, the bank taken, the next coup and its announcement), until
    /// the bets are open.
    fn up_to_the_bets<R: Rng>(&mut self, rng: &mut R) -> Result<(), StageError> {
        for _ in 0..40 {
            let Owed::Shift(step) = self.owed_between() else { return Ok(()) };
            let op = match step {
                ShiftStep::EndOfShoe | ShiftStep::NewShoe { .. } => {
                    let decks = self.table.settings().decks;
                    self.sabot = (0..decks).flat_map(|_| Card::deck()).collect();
                    self.sabot.shuffle(rng);
                    Op::NewShoe
                }
                ShiftStep::Shuffle => Op::Shuffle { by: None },
                ShiftStep::Cut { min, offered } => {
                    let min = u32::from(min);
                    Op::Cut { by: offered.map(PlayerRef::seated), below: rng.random_range(min..=min + 20) }
                }
                ShiftStep::Burn => {
                    self.burn()?;
                    continue;
                }
                ShiftStep::NextCoup if self.leaves_a_small_bank() => Op::LeaveBank,
                ShiftStep::NextCoup => {
                    self.send(Op::NextCoup)?;
                    self.story.clear();
                    continue;
                }
                ShiftStep::Announce { bank } => Op::AnnounceBank { amount: bank },
                bank => self.bank_step(bank, rng),
            };
            self.send(op)?;
        }
        Err(StageError::Stuck)
    }

    /// Punto y Banca: the first card turned and burned, and as many more as the engine
    /// says its points burn (R-PB-5).
    fn burn(&mut self) -> Result<(), StageError> {
        let first = self.next_card();
        let events = self.send(Op::Burn { card: first })?;
        let count = events.iter().find_map(|e| match e {
            Event::Burned { count, .. } => Some(*count),
            _ => None,
        });
        for _ in 0..count.unwrap_or(0) {
            self.next_card();
        }
        Ok(())
    }

    /// A bank too small to cover a few bets is given up (R-BQ-3), and taken anew: the
    /// stager's choice, so that drills have bets to pay.
    fn leaves_a_small_bank(&self) -> bool {
        self.game().has_bank()
            && self.table.shift().banker().is_some()
            && self.units(SMALL_BANK_UNITS).is_some_and(|small| self.table.bank() < small)
    }

    /// `n` betting units of the table (`None` past the largest amount Sabot keeps).
    fn units(&self, n: i64) -> Option<Money> {
        self.table.settings().unit.checked_mul_int(n).ok()
    }

    /// Who takes the bank the engine says is to be taken (R-BQ-3, R-CF-10).
    fn bank_step<R: Rng>(&self, step: ShiftStep, rng: &mut R) -> Op {
        let amount = self.units(BANK_UNITS).unwrap_or(self.table.settings().unit);
        let sections = self.table.settings().sections;
        match step {
            // The passing bank offered to a section: he takes it (R-CF-10).
            ShiftStep::BankOffered { to } => Op::TakeBank { player: PlayerRef::seated(to), amount },
            // A bank left at its amount (or broken): auctioned at another (R-BQ-3).
            ShiftStep::TakeBank { offered_at: Some(_) } | ShiftStep::BankLeftBroken => {
                let player = PlayerRef::seated(rng.random_range(1..=sections));
                Op::Auction { bids: vec![crate::engine::Bid { player, amount }], lot: None }
            }
            // A broken bank: its banker leaves it (R-BQ-3, R-CF-10).
            ShiftStep::BankBroken => Op::LeaveBank,
            _ => Op::TakeBank { player: PlayerRef::seated(rng.random_range(1..=sections)), amount },
        }
    }

    /// Two to five players bet (a banco now and then in a clean drill), in the
    /// betting order; the croupier takes no bet the rules refuse.
    fn bets<R: Rng>(&mut self, banco: bool, rng: &mut R) -> Result<(), StageError> {
        let game = self.game();
        let unit = self.table.settings().unit;
        let mut order = self.table.betting_order();
        if banco && game != Game::PuntoBanca && rng.random_bool(0.08) {
            let player = order[rng.random_range(0..order.len())];
            let on = if game == Game::Banque { Some(HandId::Tableau(rng.random_range(1..=2))) } else { None };
            if self.table.can(&Op::Banco { player, on }) {
                self.send(Op::Banco { player, on })?;
                return Ok(());
            }
        }
        let wanted = rng.random_range(2..=5usize);
        let mut chosen: Vec<usize> = (0..order.len()).collect();
        chosen.shuffle(rng);
        chosen.truncate(wanted);
        chosen.sort_unstable();
        let players: Vec<PlayerRef> = chosen.into_iter().map(|i| order[i]).collect();
        order.clear();
        for player in players {
            let spot = match game {
                Game::Banque => [Spot::Tableau(1), Spot::Tableau(2), Spot::Cheval, Spot::Half(1), Spot::Half(2)]
                    [rng.random_range(0..5)],
                Game::ChemindeFer => Spot::Player,
                Game::PuntoBanca => {
                    if rng.random_bool(0.5) {
                        Spot::Punto
                    } else {
                        Spot::Banca
                    }
                }
            };
            let amount = unit.checked_mul_int(rng.random_range(1..=20)).map_err(|_| StageError::Overflow)?;
            let op = Op::Bet { player, spot, amount };
            if self.table.can(&op) {
                self.send(op)?;
            }
        }
        if self.table.coup().bets.is_empty() {
            let player = PlayerRef::seated(1);
            let spot = match game {
                Game::Banque => Spot::Tableau(1),
                Game::ChemindeFer => Spot::Player,
                Game::PuntoBanca => Spot::Punto,
            };
            self.send(Op::Bet { player, spot, amount: unit })?;
        }
        Ok(())
    }

    /// The player hand an injection is about (the bank's for the bank's errors).
    fn target<R: Rng>(&self, inject: Inject, rng: &mut R) -> HandId {
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
    fn hands_from_top(&self) -> ByHand<[Card; 2]> {
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
    fn arrange<R: Rng>(&mut self, inject: Inject, target: HandId, rng: &mut R) -> bool {
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
    fn first_cards(&self, hand: HandId) -> Vec<Card> {
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
    fn dead_card(&mut self) -> Card {
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

    fn true_total(&self, hand: HandId) -> u8 {
        crate::engine::card::total(&self.first_cards(hand))
    }

    /// Sends the error op of `inject` right after the deal and asks for its ruling.
    fn error_op<R: Rng>(&mut self, inject: Inject, rng: &mut R) -> Result<(), StageError> {
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
    fn play_reader<R: Rng>(&mut self, rng: &mut R) -> Result<(), StageError> {
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
    fn play_face_down<R: Rng>(&mut self, inject: Option<(Inject, HandId)>, rng: &mut R) -> Result<bool, StageError> {
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
    fn right_call<R: Rng>(&self, hand: HandId, rng: &mut R) -> Op {
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
    fn wrong_call<R: Rng>(&self, inject: Inject, hand: HandId, rng: &mut R) -> Option<Vec<Op>> {
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
