//! Spanish and English texts, from `locales/<lang>/*.ftl` (Fluent), compiled into
//! the binary. The command line and the app render the same messages.

use crate::engine::refusal::{Arg, Refusal};
use crate::engine::{BankDuty, Call, HandId, Spot};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};
use std::borrow::Cow;
use std::collections::HashMap;
use unic_langid::{LanguageIdentifier, langid};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "es",
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language Sabot speaks. Spanish is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Es, Lang::En];

    pub fn id(self) -> LanguageIdentifier {
        match self {
            Lang::Es => langid!("es"),
            Lang::En => langid!("en"),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }

    pub fn parse(s: &str) -> Option<Lang> {
        match s.trim().to_ascii_lowercase().get(..2) {
            Some("es") => Some(Lang::Es),
            Some("en") => Some(Lang::En),
            _ => None,
        }
    }

    /// From `SABOT_LANG`, then `LANG`; Spanish when neither says English.
    pub fn from_env() -> Lang {
        ["SABOT_LANG", "LC_ALL", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find_map(|v| Lang::parse(&v))
            .unwrap_or_default()
    }
}

/// The message `id` in `lang`, without arguments.
pub fn tr(lang: Lang, id: &str) -> String {
    LOCALES.lookup(&lang.id(), id)
}

/// The message `id` in `lang` with arguments.
pub fn tr_args(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    let map: HashMap<Cow<'static, str>, FluentValue<'_>> =
        args.iter().map(|(k, v)| (Cow::Owned(k.to_string()), FluentValue::from(v.clone()))).collect();
    LOCALES.lookup_with_args(&lang.id(), id, &map)
}

/// The message `id` in `lang` with arguments, or `None` when `lang` lacks it or an
/// argument is missing (tests use it to find missing texts).
pub fn try_tr_args(lang: Lang, id: &str, args: &[(&str, String)]) -> Option<String> {
    let map: HashMap<Cow<'static, str>, FluentValue<'_>> =
        args.iter().map(|(k, v)| (Cow::Owned(k.to_string()), FluentValue::from(v.clone()))).collect();
    LOCALES.try_lookup_with_args(&lang.id(), id, &map)
}

pub fn hand_name(lang: Lang, hand: HandId) -> String {
    match hand {
        HandId::Tableau(n) => tr_args(lang, "hand-tableau", &[("n", n.to_string())]),
        HandId::Player => tr(lang, "hand-player"),
        HandId::Punto => tr(lang, "hand-punto"),
        HandId::Banca => tr(lang, "hand-banca"),
        HandId::Bank => tr(lang, "hand-bank"),
    }
}

pub fn spot_name(lang: Lang, spot: Spot) -> String {
    match spot {
        Spot::Tableau(n) => tr_args(lang, "spot-tableau", &[("n", n.to_string())]),
        Spot::Half(n) => tr_args(lang, "spot-half", &[("n", n.to_string())]),
        Spot::Cheval => tr(lang, "spot-cheval"),
        Spot::Player => tr(lang, "spot-player"),
        Spot::Punto => tr(lang, "spot-punto"),
        Spot::Banca => tr(lang, "spot-banca"),
    }
}

pub fn call_name(lang: Lang, call: Call) -> String {
    tr(
        lang,
        match call {
            Call::Draw => "call-draw",
            Call::Stand => "call-stand",
            Call::Natural => "call-natural",
        },
    )
}

pub fn duty_name(lang: Lang, duty: BankDuty) -> String {
    tr(
        lang,
        match duty {
            BankDuty::MustDraw => "duty-must-draw",
            BankDuty::MustStand => "duty-must-stand",
            BankDuty::Chooses => "duty-chooses",
        },
    )
}

/// Renders a message argument in `lang`.
pub fn arg_text(lang: Lang, arg: &Arg) -> String {
    match arg {
        Arg::Text(s) => s.clone(),
        Arg::Num(n) => n.to_string(),
        Arg::Hand(h) => hand_name(lang, *h),
        Arg::Card(c) => c.pretty(),
        Arg::Money(m) => m.to_string(),
        Arg::Spot(s) => spot_name(lang, *s),
        Arg::Call(c) => call_name(lang, *c),
        Arg::Duty(d) => duty_name(lang, *d),
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
    use crate::engine::{Card, Clause, Money, PlayerRef};

    /// One of each reason; the match below fails to compile when a reason is added
    /// without a sample here.
    fn samples() -> Vec<R> {
        let c: Card = "9h".parse().unwrap_or(Card::new(crate::engine::Rank::Nine, crate::engine::Suit::Hearts));
        let m = Money::units(10);
        let h = HandId::Tableau(1);
        let v = vec![
            R::CardNotLeft { card: c },
            R::SabotEmpty,
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
            R::NoBank,
            R::BancoAfterBets,
            R::BancoTaken { by: PlayerRef::standing(3) },
            R::BancoWithTableTaken,
            R::NoBets,
            R::NoCardOwed,
            R::WaitingForCall { hand: h },
            R::NaturalDecided,
            R::TooManyBets { max: 500 },
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
            R::BurnFirst,
            R::NoBurnInThisGame,
            R::TooFewPlayers { tableau: 2, present: 1, min: 2 },
            R::SeatTaken { seat: 3 },
            R::NotAtTable { seat: 4 },
            R::HasBets { seat: 5 },
            R::BankHeld,
            R::NoBanker,
            R::OfferedAt { amount: m },
            R::BankOfferedTo { seat: 6 },
            R::LotNeeded,
            R::NotInTheDraw { seat: 7 },
            R::AnnounceAtLeast { amount: m },
            R::AnnounceExactly { amount: m },
            R::NoSuchBet { seat: 8 },
            R::OffersPending,
            R::NotAFreeBank,
            R::LotPending,
            R::PriorityTo { seat: 2 },
            R::SeatedCannotAssociate { seat: 1 },
            R::SharesMustMakeTheBank { total: m, bank: m },
            R::NoSuiviRight { seat: 3 },
            R::CardsKept { seat: 4 },
            R::NothingToComplete,
            R::NoBancoWithTable,
            R::SetAsideTooMuch { bank: m },
            R::NotInThisGame,
        ];
        for r in &v {
            match r {
                R::CardNotLeft { .. }
                | R::SabotEmpty
                | R::BetsClosed
                | R::BetsStillOpen
                | R::CoupOver
                | R::NoSuchSeat { .. }
                | R::SpotNotInGame { .. }
                | R::HandNotInGame { .. }
                | R::AmountNotPositive { .. }
                | R::ChevalNotWholeUnits { .. }
                | R::HalfNotPayable { .. }
                | R::OverBank { .. }
                | R::NoBank
                | R::BancoAfterBets
                | R::BancoTaken { .. }
                | R::BancoWithTableTaken
                | R::NoBets
                | R::NoCardOwed
                | R::WaitingForCall { .. }
                | R::NaturalDecided
                | R::TooManyBets { .. }
                | R::NotYourTurn { .. }
                | R::AlreadyPlayed { .. }
                | R::MustDraw { .. }
                | R::MustStand { .. }
                | R::MustShowNatural { .. }
                | R::NotANatural { .. }
                | R::BankMust { .. }
                | R::BankWaits
                | R::BankHasNoPlay
                | R::ShowTwoCards { .. }
                | R::ShownCardsDiffer { .. }
                | R::TableAlreadyAsked
                | R::TableTooLate
                | R::NoChoiceInThisGame { .. }
                | R::ShowFirst { .. }
                | R::OnlyInBanque
                | R::SaidOtherWord { .. }
                | R::CardAsked { .. }
                | R::CoupInProgress
                | R::NoCoupOpen
                | R::ShoeOver
                | R::ShoeNotReady
                | R::ShoeNotOver
                | R::CutTooShort { .. }
                | R::CutTooDeep { .. }
                | R::CroupierShufflesLast
                | R::OnlyTheCroupierShuffles
                | R::CutOfferedTo { .. }
                | R::AlreadyCut
                | R::BurnFirst
                | R::NoBurnInThisGame
                | R::TooFewPlayers { .. }
                | R::SeatTaken { .. }
                | R::NotAtTable { .. }
                | R::HasBets { .. }
                | R::BankHeld
                | R::NoBanker
                | R::OfferedAt { .. }
                | R::BankOfferedTo { .. }
                | R::LotNeeded
                | R::NotInTheDraw { .. }
                | R::AnnounceAtLeast { .. }
                | R::AnnounceExactly { .. }
                | R::NoSuchBet { .. }
                | R::OffersPending
                | R::NotAFreeBank
                | R::LotPending
                | R::PriorityTo { .. }
                | R::SeatedCannotAssociate { .. }
                | R::SharesMustMakeTheBank { .. }
                | R::NoSuiviRight { .. }
                | R::CardsKept { .. }
                | R::NothingToComplete
                | R::NoBancoWithTable
                | R::SetAsideTooMuch { .. }
                | R::NotInThisGame => {}
            }
        }
        v
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
    fn languages_parse() {
        assert_eq!(Lang::parse("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("es"), Some(Lang::Es));
        assert_eq!(Lang::parse("C.UTF-8"), None);
    }
}
