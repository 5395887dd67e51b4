//! Deciding an operation: one `match` sends each kind of operation to the one
//! function of its concept: bets (`betting`), the coup in play (`coup`), the shift
//! between coups (`between`), the error procedures (`errors`). Then `follow` adds
//! what the events bring about (infractions, rulings, the settlement). A decision
//! reads the table and never changes it; `Table::play` applies what was decided.
//!
//! `check` and `play` run the same decision, so `can(op)` is true exactly when
//! `play(op)` succeeds.
//!
//! The calls run one way: this dispatcher → `coup` → `errors` → `checks`;
//! `between` → `betting` → `checks`; `follow` → `between`; `errors` → `follow` (the
//! banker's announcement after the settlement, decided on the coup unsettled); all
//! read `Table`.

mod betting;
mod between;
mod checks;
mod correct;
mod coup;
mod errors;
mod follow;

use super::event::Event;
use super::op::Op;
use super::refusal::Refusal;
use super::table::Table;

impl Table {
    /// Checks an operation and, if the rules allow it, applies it and returns its
    /// events; otherwise returns the refusal and leaves the table as it was.
    pub fn play(&mut self, op: &Op) -> Result<Vec<Event>, Refusal> {
        let mut out = Vec::new();
        self.handle(op, &mut out)?;
        Ok(out)
    }

    /// As `play`, appending the events to `out` (no allocation on the hot path).
    pub fn handle(&mut self, op: &Op, out: &mut Vec<Event>) -> Result<(), Refusal> {
        let start = out.len();
        self.decide(op, out)?;
        self.apply(&out[start..]);
        Ok(())
    }

    /// Whether an operation would be accepted now.
    pub fn can(&self, op: &Op) -> bool {
        self.check(op).is_ok()
    }

    /// Chemin de fer: who is offered the cut now (R-C-5), the one who may decline it
    /// (`Op::DeclineCut`); or the refusal a decline would meet.
    pub fn cut_offered(&self) -> Result<super::hand::PlayerRef, Refusal> {
        between::cut_offered(self)
    }

    /// Chemin de fer: who is offered the passing bank now (R-CF-10), the one who may
    /// decline it (`Op::DeclineBank`); or the refusal a decline would meet.
    pub fn bank_offered(&self) -> Result<super::hand::PlayerRef, Refusal> {
        between::bank_offered(self)
    }

    /// Where the next card out of the sabot goes, before anyone sees it: while the shoe
    /// reads the deal, the next first card's hand and slot, in the game's deal order
    /// (R-BQ-10, R-CF-7, R-PB-6); then a third card owed (slot 2, as `owed()` says); or
    /// the refusal a card would meet now (a word or a show owed first, a ruling to
    /// confirm, the coup over). The simulator and training deal by it.
    pub fn card_owed_to(&self) -> Result<(super::hand::HandId, u8), Refusal> {
        checks::no_ruling_pending(self)?;
        coup::card_target(self)
    }

    /// «quita N»: the withdrawals that take back every bet of `player`, the last placed
    /// first (R-C-7, R-PB-4); or the refusal a withdrawal would meet.
    pub fn withdrawals_of(&self, player: super::hand::PlayerRef) -> Result<Vec<Op>, Refusal> {
        betting::withdrawals_of(self, player)
    }

    /// «cambia N spot amount»: the operations that make `player`'s bet on `spot` be
    /// `amount` (his bets there taken back, or his only bet moved there, then the new
    /// bet: R-C-7, R-PB-4); or the refusal, when there is no bet of his to change.
    /// Play them together: each is decided as any operation.
    pub fn change_of(
        &self,
        player: super::hand::PlayerRef,
        spot: super::hand::Spot,
        amount: super::money::Money,
    ) -> Result<Vec<Op>, Refusal> {
        betting::change_of(self, player, spot, amount)
    }

    /// A bet as the croupier enters it: at a free bank an offer to the banker, who
    /// accepts it first (R-BQ-4, `Op::AcceptBet`); elsewhere the bet itself.
    pub fn bet_of(&self, player: super::hand::PlayerRef, spot: super::hand::Spot, amount: super::money::Money) -> Op {
        if betting::free_bank(self) { Op::OfferBet { player, spot, amount } } else { Op::Bet { player, spot, amount } }
    }

    /// «=» (and «=1200»): the next coup with its bank announced, at `bank` or as it
    /// stands. A coup already open and untouched (bets open, or its bank still to
    /// announce) needs only the announcement: opening it again would write a record
    /// that changes nothing. Punto y Banca has no bank to announce. The operations are
    /// decided as any others (a broken bank's announcement is refused, R-BQ-3).
    pub fn next_coup_of(&self, bank: Option<super::money::Money>) -> Vec<Op> {
        use super::owed::{Owed, ShiftStep};
        let open =
            matches!(self.owed().owed, Owed::Bets | Owed::Shift(ShiftStep::Announce { .. } | ShiftStep::BankBroken));
        let mut ops = if open { vec![] } else { vec![Op::NextCoup] };
        if self.game().has_bank() {
            ops.push(Op::AnnounceBank { amount: bank.unwrap_or(self.bank()) });
        }
        ops
    }

    /// «corte N»: the cut with `below` cards under the cut card, by the player offered
    /// it in Chemin de fer (R-CF-10 passes the cut with the shoe), by the croupier in
    /// the other games (R-C-4).
    pub fn cut_of(&self, below: u32) -> Op {
        let by = match self.game() {
            super::settings::Game::ChemindeFer => self.cut_offered_to().map(super::hand::PlayerRef::seated),
            _ => None,
        };
        Op::Cut { by, below }
    }

    /// «paso»: in Chemin de fer the player offered the bank declines it (R-CF-10; the
    /// refusal when nobody is offered it); elsewhere the sabot passes on (R-PB-1),
    /// which the engine refuses where it does not apply.
    pub fn pass_of(&self) -> Result<Vec<Op>, Refusal> {
        match self.game() {
            super::settings::Game::ChemindeFer => self.bank_offered().map(|player| vec![Op::DeclineBank { player }]),
            _ => Ok(vec![Op::PassSabot]),
        }
    }

    /// Checks an operation without applying it: the refusal it would meet, if any.
    pub fn check(&self, op: &Op) -> Result<(), Refusal> {
        self.decide(op, &mut Vec::new())
    }

    /// The events an operation makes and what they bring about, appended to `out`;
    /// nothing applied. On a refusal `out` is as it was.
    pub fn decide(&self, op: &Op, out: &mut Vec<Event>) -> Result<(), Refusal> {
        let start = out.len();
        let decided = self.decide_op(op, out).and_then(|()| follow::consequences(self, start, out));
        if decided.is_err() {
            out.truncate(start);
        }
        // The error an operation records is recorded under its procedure, as
        // `Op::procedure` names it for those who ask (the school's staging).
        debug_assert!(
            op.procedure().is_none_or(|c| out[start..]
                .iter()
                .find_map(|e| match e {
                    Event::Error(r) => Some(r.clause),
                    _ => None,
                })
                .is_none_or(|first| first == c)),
            "{op:?}: its error is not recorded under `procedure`'s clause"
        );
        decided
    }

    /// The dispatcher: each operation to the one function that decides it.
    fn decide_op(&self, op: &Op, out: &mut Vec<Event>) -> Result<(), Refusal> {
        let t = self;
        if t.reading.presence() {
            checks::named_present(t, op)?;
        }
        match op {
            // Bets, before "no va más".
            Op::Bet { player, spot, amount } => betting::bet(t, *player, *spot, *amount, out),
            Op::Banco { player, on } => betting::banco(t, *player, *on, out),
            Op::BancoWithTable { player } => betting::banco_with_table(t, *player, out),
            Op::LastComplete { player } => betting::last_complete(t, *player, out),
            Op::BancoAssociated { shares } => betting::association(t, shares, out),
            Op::OfferBet { player, spot, amount } => betting::offer(t, *player, *spot, *amount, out),
            Op::AcceptBet { player } => betting::answer_offer(t, *player, true, out),
            Op::DeclineBet { player } => betting::answer_offer(t, *player, false, out),
            Op::WithdrawBet { player, spot } => betting::withdraw(t, *player, *spot, out),
            // The coup in play.
            Op::NoMoreBets => coup::no_more_bets(t, out),
            Op::Card(card) => coup::card(t, *card, out),
            Op::Show { hand, cards } => coup::show(t, *hand, cards, out),
            Op::Say { hand, call } => coup::say(t, *hand, *call, out),
            Op::AskTable => coup::ask_table(t, out),
            // The shift between coups.
            Op::NewShoe => between::new_shoe(t, out),
            Op::Shuffle { by } => between::shuffle(t, *by, out),
            Op::DeclineCut { by } => between::decline_cut(t, *by, out),
            Op::Cut { by, below } => between::cut(t, *by, *below, out),
            Op::Burn { card } => between::burn(t, *card, out),
            Op::CutCardOut => between::cut_card_out(t, out),
            Op::CheckCards => between::check_cards(t, out),
            Op::NextCoup => between::next_coup(t, out),
            Op::AnnounceBank { amount } => between::announce_bank(t, *amount, out),
            Op::Join { player, number } => between::join(t, *player, number.clone(), out),
            Op::Leave { player } => between::leave(t, *player, out),
            Op::TakeBank { player, amount } => {
                between::take_bank(t, checks::coming_for_bank(t, *player)?, *amount, out)
            }
            Op::Auction { bids, lot } => between::auction(t, bids, *lot, out),
            Op::LeaveBank => between::leave_bank(t, out),
            Op::DeclineBank { player } => between::decline_bank(t, *player, out),
            Op::DrawLot { winner } => between::draw_lot(t, checks::present(t, *winner)?, out),
            Op::SetAside { amount } => between::set_aside(t, *amount, out),
            Op::CallSuivi { player } => between::call_suivi(t, checks::present(t, *player)?, out),
            Op::CardsTo { player } => between::cards_held(t, checks::present(t, *player)?, true, out),
            Op::CardsTaken { player } => between::cards_held(t, checks::present(t, *player)?, false, out),
            Op::CardsSeen { player } => between::cards_seen(t, *player, out),
            Op::PassSabot => between::pass_sabot(t, out),
            // The error procedures.
            Op::EarlyCards { count } => errors::early_cards(t, *count, out),
            Op::DeadCard { card } => errors::dead_card(t, *card, out),
            Op::StuckCards => errors::stuck_cards(t, out),
            Op::CardOnFloor { .. } => errors::card_on_floor(t, out),
            Op::WrongPlayer { hand, player } => errors::wrong_player(t, *hand, *player, out),
            Op::Discarded { hand, by_croupier, cards, total } => {
                errors::discarded(t, *hand, *by_croupier, cards, *total, out)
            }
            Op::Claim => errors::claim(t),
            Op::Amend { coup, reason } => errors::amend(t, *coup, reason, out),
            Op::IrregularDeal { put_right } => errors::irregular_deal(t, *put_right, out),
            Op::CardTo { hand, card } => errors::card_to(t, *hand, *card, out),
            Op::Exposed { hand, cards } => errors::exposed(t, *hand, cards, out),
            Op::LostInDiscard { hand, card } => errors::lost_in_discard(t, *hand, *card, out),
            Op::Announce { total } => errors::announce(t, *total, out),
            Op::Confirm => errors::confirm(t, out),
            Op::PlayerError { clause, hand, by } => errors::player_error(t, *clause, *hand, *by, out),
            Op::TooLong { hand } => errors::too_long(t, *hand, out),
            Op::LateBet { player, amount } => errors::late_bet(t, *player, *amount, out),
            Op::WithdrawLate { player } => errors::withdraw_late(t, *player, out),
            // The croupier's own corrections.
            Op::TakeBack { entries } => correct::take_back(t, *entries, out),
        }
    }
}
