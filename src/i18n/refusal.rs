//! The engine's refusals as the croupier reads them (`engine.ftl`).

use super::{Lang, call_name, duty_name, hand_name, money, spot_name, tr_args};
use crate::engine::refusal::{Arg, Refusal};

/// Renders a message argument in `lang`; an amount in the table's number format
/// (`1.047,25` in Spanish, `1,047.25` in English), as everywhere on screen.
pub fn arg_text(lang: Lang, arg: &Arg) -> String {
    match arg {
        Arg::Text(s) => s.clone(),
        Arg::Num(n) => n.to_string(),
        Arg::Hand(h) => hand_name(lang, *h),
        Arg::Card(c) => c.pretty(),
        Arg::Money(m) => money(lang, *m),
        Arg::Spot(s) => spot_name(lang, *s),
        Arg::Call(c) => call_name(lang, *c),
        Arg::Duty(d) => duty_name(lang, *d),
        Arg::Offers(offers) => offers
            .iter()
            .map(|(p, amount)| format!("{} ({})", super::player_name(lang, *p), money(lang, *amount)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A refusal as the croupier reads it: the message, without the clause.
pub fn refusal_message(lang: Lang, r: &Refusal) -> String {
    let args: Vec<(&str, String)> = r.reason.args().iter().map(|(k, v)| (*k, arg_text(lang, v))).collect();
    tr_args(lang, r.reason.message_id(), &args)
}

/// A refusal with its clause: `R-BQ-11 — Paño 1 tiene 3: debe pedir carta.`
pub fn refusal_text(lang: Lang, r: &Refusal) -> String {
    format!("{} — {}", r.clause, refusal_message(lang, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::refusal::Reason as R;
    use crate::engine::{BankDuty, Call, HandId, Spot};
    use crate::engine::{Card, Clause, Money, PlayerRef};
    use crate::i18n::try_tr_args;

    /// One of each reason; [`sampled`] fails to compile when a reason is added without
    /// a sample here.
    fn samples() -> Vec<R> {
        let v =
            [shoe_samples(), betting_samples(), drawing_samples(), bank_samples(), seat_samples(), ruling_samples()]
                .concat();
        v.iter().for_each(sampled);
        v
    }

    /// A card to show in the samples (the nine of hearts).
    fn card() -> Card {
        "9h".parse().unwrap_or(Card::new(crate::engine::Rank::Nine, crate::engine::Suit::Hearts))
    }

    /// The shoe, the coup's course, the cut and the burn.
    fn shoe_samples() -> Vec<R> {
        vec![
            R::CardNotLeft { card: card() },
            R::SabotEmpty,
            R::CoupInProgress,
            R::NoCoupOpen,
            R::ShoeOver,
            R::ShoeNotReady,
            R::ShoeNotOver,
            R::CutTooShort { below: 5, min: 10 },
            R::CutTooDeep { below: 300, left: 302 },
            R::CroupierShufflesLast,
            R::OnlyTheCroupierShuffles,
            R::CutOfferedTo { seat: 9 },
            R::AlreadyCut,
            R::CutNotOffered,
            R::BurnFirst,
            R::NoBurnInThisGame,
        ]
    }

    /// Bets: when, where, how much.
    fn betting_samples() -> Vec<R> {
        let m = Money::units(10);
        vec![
            R::BetsClosed,
            R::BetsStillOpen,
            R::CoupOver,
            R::NoSuchSeat { seat: 13, sections: 12 },
            R::SpotNotInGame { spot: Spot::Punto },
            R::HandNotInGame { hand: HandId::Punto },
            R::AmountNotPositive { amount: m },
            R::ChevalNotWholeUnits { amount: m, unit: m },
            R::HalfNotPayable { amount: m },
            R::OverBank { total: m, bank: m },
            R::BelowTableMinimum { amount: m, min: m },
            R::AboveTableMaximum { amount: m, max: m },
            R::NoBank,
            R::BancoAfterBets,
            R::BancoTaken { by: PlayerRef::standing(3) },
            R::BancoWithTableTaken,
            R::NoBets,
            R::TooManyBets { max: 500 },
            R::NoSuchBet { seat: 8 },
            R::NoBancoWithTable,
        ]
    }

    /// The deal: cards owed, words said, the drawing rules.
    fn drawing_samples() -> Vec<R> {
        let (c, h) = (card(), HandId::Tableau(1));
        vec![
            R::NoCardOwed,
            R::WaitingForCall { hand: h },
            R::NaturalDecided,
            R::NotYourTurn { hand: HandId::Tableau(2), turn: h },
            R::AlreadyPlayed { hand: h },
            R::MustDraw { hand: h, total: 3 },
            R::MustStand { hand: h, total: 7 },
            R::MustShowNatural { hand: h, total: 9 },
            R::NotANatural { hand: h, total: 5 },
            R::BankMust { duty: BankDuty::MustDraw, total: 4 },
            R::BankWaits,
            R::BankHasNoPlay,
            R::ShowTwoCards { got: 3 },
            R::ShownCardsDiffer { hand: h, dealt: vec![c, c] },
            R::TableAlreadyAsked,
            R::TableTooLate,
            R::NoChoiceInThisGame { hand: HandId::Punto, call: Call::Draw },
            R::ShowFirst { hand: HandId::Banca },
            R::OnlyInBanque,
            R::SaidOtherWord { hand: h, said: Call::Stand },
            R::CardAsked { hand: HandId::Bank },
        ]
    }

    /// The bank: held, offered, announced, shared.
    fn bank_samples() -> Vec<R> {
        let m = Money::units(10);
        vec![
            R::BankHeld,
            R::NoBanker,
            R::BankBroken,
            R::AlreadyAnnounced { amount: m },
            R::BankerPunts,
            R::OfferedAt { amount: m },
            R::BankOfferedTo { seat: 6 },
            R::LotNeeded,
            R::BankNotOffered,
            R::NotInTheDraw { seat: 7 },
            R::AnnounceAtLeast { amount: m },
            R::AnnounceExactly { amount: m },
            R::OffersPending { offers: vec![(PlayerRef::seated(3), m)] },
            R::NotAFreeBank,
            R::AcceptedFirst,
            R::LotPending,
            R::PriorityTo { seat: 2 },
            R::SeatedCannotAssociate { seat: 1 },
            R::NoAssociation,
            R::SharesMustMakeTheBank { total: m, bank: m },
            R::NoSuiviRight { seat: 3 },
            R::NothingToComplete,
            R::SetAsideTooMuch { bank: m },
        ]
    }

    /// Seats and players: who sits, who holds the cards.
    fn seat_samples() -> Vec<R> {
        vec![
            R::TooFewPlayers { tableau: 2, present: 1, min: 2 },
            R::SeatTaken { seat: 3 },
            R::NotAtTable { seat: 4 },
            R::StandingNotAtTable { seat: 4 },
            R::CardsWithAnother { seat: 4, holder: 2 },
            R::CardsNotHanded,
            R::MoneyOverflow,
            R::HoldsTheCards { seat: 5 },
            R::HasBets { seat: 5 },
            R::CardsKept { seat: 4 },
        ]
    }

    /// Errors, rulings, claims and taking back.
    fn ruling_samples() -> Vec<R> {
        let h = HandId::Tableau(1);
        vec![
            R::NotInThisGame,
            R::NotDuringDeal,
            R::ClaimAfterPayment,
            R::NothingToClaim,
            R::NoSuchCoup { coup: 9 },
            R::AmendNeedsReason,
            R::NotATotal { total: 12 },
            R::NothingToConfirm,
            R::HandWasShown { hand: h },
            R::TestimonyNeeded { hand: h },
            R::RulingPending,
            R::NotThatError { hand: h },
            R::NoLaterCard,
            R::Frozen,
            R::NothingToTakeBack { paid: true },
            R::NothingToTakeBack { paid: false },
            R::TakeBackTooFar { asked: 3, entries: 2 },
        ]
    }

    /// Names every reason, by the groups of the samples: a reason added to the engine
    /// does not compile here until it is sampled.
    fn sampled(r: &R) {
        match r {
            R::CardNotLeft { .. } | R::SabotEmpty | R::CoupInProgress | R::NoCoupOpen | R::ShoeOver => {}
            R::ShoeNotReady | R::ShoeNotOver | R::CutTooShort { .. } | R::CutTooDeep { .. } => {}
            R::CroupierShufflesLast | R::OnlyTheCroupierShuffles | R::CutOfferedTo { .. } | R::AlreadyCut => {}
            R::CutNotOffered | R::BurnFirst | R::NoBurnInThisGame => {}
            R::BetsClosed | R::BetsStillOpen | R::CoupOver | R::NoSuchSeat { .. } | R::SpotNotInGame { .. } => {}
            R::HandNotInGame { .. } | R::AmountNotPositive { .. } | R::ChevalNotWholeUnits { .. } => {}
            R::HalfNotPayable { .. } | R::OverBank { .. } | R::BelowTableMinimum { .. } => {}
            R::AboveTableMaximum { .. } | R::NoBank | R::BancoAfterBets | R::BancoTaken { .. } => {}
            R::BancoWithTableTaken | R::NoBets | R::TooManyBets { .. } | R::NoSuchBet { .. } | R::NoBancoWithTable => {}
            R::NoCardOwed | R::WaitingForCall { .. } | R::NaturalDecided | R::NotYourTurn { .. } => {}
            R::AlreadyPlayed { .. } | R::MustDraw { .. } | R::MustStand { .. } | R::MustShowNatural { .. } => {}
            R::NotANatural { .. } | R::BankMust { .. } | R::BankWaits | R::BankHasNoPlay | R::ShowTwoCards { .. } => {}
            R::ShownCardsDiffer { .. } | R::TableAlreadyAsked | R::TableTooLate | R::NoChoiceInThisGame { .. } => {}
            R::ShowFirst { .. } | R::OnlyInBanque | R::SaidOtherWord { .. } | R::CardAsked { .. } => {}
            R::BankHeld | R::NoBanker | R::BankBroken | R::AlreadyAnnounced { .. } | R::BankerPunts => {}
            R::OfferedAt { .. } | R::BankOfferedTo { .. } | R::LotNeeded | R::BankNotOffered => {}
            R::NotInTheDraw { .. }
            | R::AnnounceAtLeast { .. }
            | R::AnnounceExactly { .. }
            | R::OffersPending { .. } => {}
            R::NotAFreeBank
            | R::AcceptedFirst
            | R::LotPending
            | R::PriorityTo { .. }
            | R::SeatedCannotAssociate { .. } => {}
            R::NoAssociation | R::SharesMustMakeTheBank { .. } | R::NoSuiviRight { .. } | R::NothingToComplete => {}
            R::SetAsideTooMuch { .. } => {}
            R::TooFewPlayers { .. } | R::SeatTaken { .. } | R::NotAtTable { .. } | R::CardsWithAnother { .. } => {}
            R::StandingNotAtTable { .. } => {}
            R::CardsNotHanded
            | R::MoneyOverflow
            | R::HoldsTheCards { .. }
            | R::HasBets { .. }
            | R::CardsKept { .. } => {}
            R::NotInThisGame | R::NotDuringDeal | R::ClaimAfterPayment | R::NothingToClaim | R::NoSuchCoup { .. } => {}
            R::AmendNeedsReason | R::NotATotal { .. } | R::NothingToConfirm | R::HandWasShown { .. } => {}
            R::TestimonyNeeded { .. } | R::RulingPending | R::NotThatError { .. } | R::NoLaterCard | R::Frozen => {}
            R::NothingToTakeBack { .. } | R::TakeBackTooFar { .. } => {}
        }
    }

    /// Refusals give amounts in the table's number format, never «1047.25» (R-BQ-17).
    #[test]
    fn refusals_give_amounts_in_the_table_s_format_r_bq_17() {
        let amount = Money::cents(104725);
        let r = Refusal::new(Clause::BQ17, R::AnnounceAtLeast { amount });
        let es = refusal_text(Lang::Es, &r);
        assert!(es.contains("1.047,25") && !es.contains("1047.25"), "{es}");
        let en = refusal_text(Lang::En, &r);
        assert!(en.contains("1,047.25"), "{en}");
    }

    #[test]
    fn every_refusal_reads_in_both_languages() {
        for reason in samples() {
            let r = Refusal::new(Clause::BQ11, reason.clone());
            let mut texts = Vec::new();
            for lang in Lang::ALL {
                let args: Vec<(&str, String)> = reason.args().iter().map(|(k, v)| (*k, arg_text(lang, v))).collect();
                let strict = try_tr_args(lang, reason.message_id(), &args);
                assert!(strict.is_some(), "{} missing (or an argument) in {}", reason.message_id(), lang.code());
                let text = refusal_message(lang, &r);
                assert!(!text.contains('{') && !text.contains("refusal-"), "{lang:?} {reason:?}: {text}");
                assert!(text.len() > 10, "{text}");
                texts.push(text);
            }
            assert_ne!(texts[0], texts[1], "{}: the same text in both languages", reason.message_id());
        }
        let es =
            refusal_text(Lang::Es, &Refusal::new(Clause::BQ11, R::MustDraw { hand: HandId::Tableau(1), total: 3 }));
        assert_eq!(es, "R-BQ-11 — Paño 1 tiene 3: debe pedir carta.");
        let en =
            refusal_text(Lang::En, &Refusal::new(Clause::BQ11, R::MustDraw { hand: HandId::Tableau(1), total: 3 }));
        assert_eq!(en, "R-BQ-11 — Tableau 1 has 3: must draw.");
    }

    #[test]
    fn amounts_in_a_refusal_read_in_the_table_s_number_format_r_bq_4_r_c_8() {
        let m = |s: &str| s.parse::<Money>().expect("amount");
        let over = Refusal::new(Clause::BQ4, R::AboveTableMaximum { amount: m("1047.25"), max: m("1000") });
        assert_eq!(refusal_text(Lang::Es, &over), "R-BQ-4 — La apuesta de 1.047,25 pasa del máximo de la mesa, 1.000.");
        assert_eq!(refusal_text(Lang::En, &over), "R-BQ-4 — A stake of 1,047.25 is over the table maximum of 1,000.");
        let zero = Refusal::new(Clause::C8, R::AmountNotPositive { amount: m("0.00") });
        let es = refusal_text(Lang::Es, &zero);
        assert!(!es.contains("0.00") && es.ends_with("no 0."), "{es}");
    }
}
