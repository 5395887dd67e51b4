//! What the rules make of a coup, as the croupier reads it (`rulings.ftl`): the
//! infractions found, the errors recorded, the rulings proposed, each with its clause.

use super::{Lang, call_name, duty_name, hand_name, player_name, tr, tr_args};
use crate::engine::{Call, Clause, ErrorKind, ErrorRecord, Event, Infraction, InfractionKind};
use crate::engine::{ErrorBy, Pending, RulingEffect};

/// An infraction the engine found, with its clause: `R-BQ-11 — Paño 1 dijo «no» con 3: …`.
pub fn infraction_text(lang: Lang, inf: &Infraction) -> String {
    let hand = || hand_name(lang, inf.hand);
    let (id, args): (&str, Vec<(&str, String)>) = match &inf.kind {
        InfractionKind::DrewOnStand { total } => {
            ("inf-drew-on-stand", vec![("hand", hand()), ("total", total.to_string())])
        }
        InfractionKind::DrewOnNatural { total } => {
            ("inf-drew-on-natural", vec![("hand", hand()), ("total", total.to_string())])
        }
        InfractionKind::StoodOnDraw { total } => {
            ("inf-stood-on-draw", vec![("hand", hand()), ("total", total.to_string())])
        }
        InfractionKind::NaturalForfeited { total } => {
            ("inf-natural-forfeited", vec![("hand", hand()), ("total", total.to_string())])
        }
        InfractionKind::FalseNatural { total } => {
            ("inf-false-natural", vec![("hand", hand()), ("total", total.to_string())])
        }
        InfractionKind::BankAgainstTable { total, duty, did } => {
            let did = tr(lang, if *did == Call::Draw { "inf-did-draw" } else { "inf-did-stand" });
            (
                "inf-bank-against-table",
                vec![("total", total.to_string()), ("duty", duty_name(lang, *duty)), ("did", did)],
            )
        }
        InfractionKind::NaturalNotShownAtOnce { total } => {
            ("inf-natural-not-shown", vec![("total", total.to_string())])
        }
        InfractionKind::DrewAfterNatural => ("inf-drew-after-natural", vec![("hand", hand())]),
        InfractionKind::WrongAnnouncement { said, total } => {
            ("inf-wrong-announcement", vec![("said", said.to_string()), ("total", total.to_string())])
        }
    };
    format!("{} — {}", inf.clause, tr_args(lang, id, &args))
}

/// A ruling Sabot proposes, with its clause.
pub fn ruling_text(lang: Lang, ruling: &Pending) -> String {
    format!("{} — {}", ruling.clause(), ruling_message(lang, ruling))
}

/// A ruling Sabot proposes, in the croupier's words.
pub fn ruling_message(lang: Lang, ruling: &Pending) -> String {
    match *ruling {
        Pending::PutRight { clause, hand, fix, .. } => {
            let id = match clause {
                Clause::BQE9 => "ruling-e9",
                Clause::BQE14 => "ruling-e14",
                Clause::BQE15 => "ruling-e15",
                Clause::BQE16 => "ruling-e16",
                Clause::BQE17 => "ruling-e17",
                _ => "ruling-play",
            };
            tr_args(lang, id, &[("hand", hand_name(lang, hand)), ("call", call_name(lang, fix))])
        }
        // What the bank did against what bound it; what happens now is the ruling's
        // effects' to say (`ruling_effects_text`), not said twice. The table binds it
        // when it asked for it (R-BQ-13/14) or at Chemin de fer (R-CF-8); an error
        // binds it to draw on 5 or less and stand above (R-BQ-E10, E12, E13).
        Pending::BankPlay { clause, call } => {
            let by_table = matches!(clause, Clause::BQ13 | Clause::BQ14 | Clause::CF8);
            let id = match (by_table, call) {
                (true, Call::Stand) => "ruling-bank-stand",
                (true, _) => "ruling-bank-draw",
                (false, Call::Stand) => "ruling-bank-stand-bound",
                (false, _) => "ruling-bank-draw-bound",
            };
            tr_args(lang, id, &[("clause", clause.id().to_string())])
        }
        Pending::Reopen { announced, actual } => {
            tr_args(lang, "ruling-reopen", &[("announced", announced.to_string()), ("actual", actual.to_string())])
        }
    }
}

/// What a ruling will do, card by card, before the croupier confirms it
/// (`Table::ruling_effects`): one sentence, its parts joined by «; ».
pub fn ruling_effects_text(lang: Lang, effects: &[RulingEffect]) -> String {
    let parts: Vec<String> = effects
        .iter()
        .map(|e| match *e {
            RulingEffect::Word { hand, call } => {
                tr_args(lang, "effect-word", &[("hand", hand_name(lang, hand)), ("call", call_name(lang, call))])
            }
            RulingEffect::CardTo { card, hand } => {
                tr_args(lang, "effect-card-to", &[("card", card.pretty()), ("hand", hand_name(lang, hand))])
            }
            RulingEffect::Waits { card, hand } => {
                tr_args(lang, "effect-waits", &[("card", card.pretty()), ("hand", hand_name(lang, hand))])
            }
            RulingEffect::BankTakes { card } => tr_args(lang, "effect-bank-takes", &[("card", card.pretty())]),
            RulingEffect::NextCardTo { hand } => {
                tr_args(lang, "effect-next-card-to", &[("hand", hand_name(lang, hand))])
            }
            RulingEffect::Next { card } => tr_args(lang, "effect-next", &[("card", card.pretty())]),
            RulingEffect::Dead { card } => tr_args(lang, "effect-dead", &[("card", card.pretty())]),
            RulingEffect::BankPlays { by: ErrorBy::Banker } => tr(lang, "effect-bank-plays-banker"),
            RulingEffect::BankPlays { by: ErrorBy::Croupier } => tr(lang, "effect-bank-plays-croupier"),
            RulingEffect::BankPlays { by: ErrorBy::Player } => tr(lang, "effect-bank-plays-player"),
            RulingEffect::BankCall { call: Call::Draw } => tr(lang, "effect-bank-draw"),
            RulingEffect::BankCall { .. } => tr(lang, "effect-bank-stand"),
            RulingEffect::BetsStand => tr(lang, "effect-bets-stand"),
        })
        .collect();
    parts.join("; ")
}

/// An error the croupier recorded and what the rules make of it, with its clause.
pub fn error_text(lang: Lang, e: &ErrorRecord) -> String {
    let hand = || e.hand.map(|h| hand_name(lang, h)).unwrap_or_default();
    let (id, args): (&str, Vec<(&str, String)>) = match &e.kind {
        ErrorKind::EarlyCards { count } => ("err-early-cards", vec![("count", count.to_string())]),
        ErrorKind::DeadCard { card } => ("err-dead-card", vec![("card", card.pretty())]),
        ErrorKind::StuckCards => ("err-stuck", vec![]),
        ErrorKind::CardOnFloor => ("err-floor", vec![]),
        ErrorKind::WrongPlayer { player, stands } => (
            if *stands { "err-wrong-player-stands" } else { "err-wrong-player-void" },
            vec![("player", player_name(lang, *player))],
        ),
        ErrorKind::Discarded { by_croupier: false, .. } => ("err-discarded-holder", vec![("hand", hand())]),
        ErrorKind::Discarded { by_croupier: true, total } => {
            ("err-discarded-croupier", vec![("hand", hand()), ("total", total.to_string())])
        }
        ErrorKind::IrregularDeal { put_right } => {
            (if *put_right { "err-irregular-right" } else { "err-irregular-void" }, vec![])
        }
        ErrorKind::CardToWrongHand { card, given_to } => {
            ("err-card-wrong-hand", vec![("card", card.pretty()), ("hand", hand_name(lang, *given_to))])
        }
        ErrorKind::Exposed => ("err-exposed", vec![("hand", hand())]),
        ErrorKind::LostInDiscard { void } => {
            (if *void { "err-lost-void" } else { "err-lost-seen" }, vec![("hand", hand())])
        }
        ErrorKind::BothWords { first, then } => (
            "err-both-words",
            vec![("hand", hand()), ("first", call_name(lang, *first)), ("then", call_name(lang, *then))],
        ),
        ErrorKind::TooLong { to } => ("err-too-long", vec![("hand", hand()), ("player", player_name(lang, *to))]),
        ErrorKind::LateBet { player, amount } => {
            ("err-late-bet", vec![("player", player_name(lang, *player)), ("amount", amount.to_string())])
        }
        ErrorKind::LateBetWithdrawn { player } => ("err-late-withdrawn", vec![("player", player_name(lang, *player))]),
        ErrorKind::PlayerError if e.hand.is_some() => ("err-player-error", vec![("hand", hand())]),
        ErrorKind::PlayerError => ("err-player-error-table", vec![]),
    };
    format!("{} — {}", e.clause, tr_args(lang, id, &args))
}

/// The words for an event that carries a rule's verdict (an infraction, an error, a
/// ruling, an amendment); `None` for the others.
pub fn verdict_text(lang: Lang, event: &Event) -> Option<String> {
    match event {
        Event::Infraction(inf) => Some(infraction_text(lang, inf)),
        Event::Error(e) => Some(error_text(lang, e)),
        Event::RulingProposed(r) => Some(ruling_text(lang, r)),
        Event::Amended { coup, reason } => Some(format!(
            "{} — {}",
            Clause::BQE7,
            tr_args(lang, "err-amended", &[("coup", coup.to_string()), ("reason", reason.clone())])
        )),
        Event::Unsettled { .. } => Some(format!("{} — {}", Clause::BQE12, tr(lang, "err-unsettled"))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BankDuty, Card, HandId, PlayerRef};

    /// The bank's play put right says what the bank did against what bound it, once:
    /// an error binds it to draw on 5 or less (R-BQ-E10), not the table; what happens
    /// next is the effects' to say (issue 40: «…recibe la carta siguiente. la banca
    /// recibe la carta siguiente»).
    #[test]
    fn the_banks_play_put_right_names_what_bound_it_once_r_bq_e10_r_bq_14() {
        for lang in [Lang::Es, Lang::En] {
            let bound = ruling_message(lang, &Pending::BankPlay { clause: Clause::BQE10, call: Call::Draw });
            let effect = ruling_effects_text(lang, &[RulingEffect::BankCall { call: Call::Draw }]);
            assert!(!bound.contains("cuadro") && !bound.contains("table"), "{bound}");
            assert!(bound.contains("R-BQ-E10") && bound.contains('5'), "{bound}");
            assert!(!bound.to_lowercase().contains(&effect.to_lowercase()), "{bound} / {effect}");
            let table = ruling_message(lang, &Pending::BankPlay { clause: Clause::BQ14, call: Call::Draw });
            assert!(table.contains("cuadro") || table.contains("table"), "{table}");
            assert!(!table.to_lowercase().contains(&effect.to_lowercase()), "{table} / {effect}");
        }
    }

    /// R-BQ-E5: an error recorded says what the croupier does next, pronounced or not
    /// (issue 47: recorded with no instruction on screen).
    #[test]
    fn a_wrong_player_says_what_follows_r_bq_e5() {
        for stands in [true, false] {
            let kind = ErrorKind::WrongPlayer { player: PlayerRef::seated(8), stands };
            let e = ErrorRecord { clause: Clause::BQE5, hand: Some(HandId::Tableau(1)), kind };
            let es = error_text(Lang::Es, &e);
            assert!(es.contains("la próxima van al jugador que corresponde"), "{es}");
            let en = error_text(Lang::En, &e);
            assert!(en.contains("the right player"), "{en}");
        }
    }

    /// Every infraction, ruling and error reads in both languages, with its clause.
    #[test]
    fn every_ruling_and_error_reads_in_both_languages_r_bq_e14_r_bq_e12() {
        use crate::engine::{ErrorKind as K, InfractionKind as I};
        let c: Card = "9h".parse().unwrap_or(Card::new(crate::engine::Rank::Nine, crate::engine::Suit::Hearts));
        let h = HandId::Tableau(1);
        let p = PlayerRef::seated(3);
        let kinds = vec![
            K::EarlyCards { count: 2 },
            K::DeadCard { card: c },
            K::StuckCards,
            K::CardOnFloor,
            K::WrongPlayer { player: p, stands: true },
            K::WrongPlayer { player: p, stands: false },
            K::Discarded { by_croupier: false, total: 0 },
            K::Discarded { by_croupier: true, total: 5 },
            K::IrregularDeal { put_right: true },
            K::IrregularDeal { put_right: false },
            K::CardToWrongHand { card: c, given_to: h },
            K::Exposed,
            K::LostInDiscard { void: true },
            K::LostInDiscard { void: false },
            K::BothWords { first: Call::Draw, then: Call::Stand },
            K::TooLong { to: p },
            K::LateBet { player: p, amount: crate::engine::Money::units(10) },
            K::LateBetWithdrawn { player: p },
            K::PlayerError,
        ];
        let infractions = vec![
            I::DrewOnStand { total: 7 },
            I::DrewOnNatural { total: 8 },
            I::StoodOnDraw { total: 4 },
            I::NaturalForfeited { total: 9 },
            I::FalseNatural { total: 6 },
            I::BankAgainstTable { total: 6, duty: BankDuty::MustStand, did: Call::Draw },
            I::NaturalNotShownAtOnce { total: 8 },
            I::DrewAfterNatural,
            I::WrongAnnouncement { said: 6, total: 5 },
        ];
        let rulings: Vec<Pending> =
            [Clause::BQE9, Clause::BQE14, Clause::BQE15, Clause::BQE16, Clause::BQE17, Clause::BQ11]
                .into_iter()
                .map(|clause| Pending::put_right(clause, h, Call::Draw))
                .chain([Pending::Reopen { announced: 6, actual: 5 }])
                .collect();
        let mut all: Vec<[String; 2]> = Vec::new();
        let both = |f: &dyn Fn(Lang) -> String| [f(Lang::Es), f(Lang::En)];
        for kind in kinds {
            let e = ErrorRecord { clause: Clause::BQE6, hand: Some(h), kind };
            all.push(both(&|l| error_text(l, &e)));
        }
        for kind in infractions {
            let inf = Infraction { clause: Clause::BQ11, hand: h, kind };
            all.push(both(&|l| infraction_text(l, &inf)));
        }
        for r in &rulings {
            all.push(both(&|l| ruling_text(l, r)));
        }
        for [es, en] in &all {
            for t in [es, en] {
                assert!(t.starts_with("R-"), "{t}");
                assert!(
                    !t.contains('{') && !t.contains("err-") && !t.contains("ruling-") && !t.contains("inf-"),
                    "{t}"
                );
            }
            assert_ne!(es, en, "the same text in both languages");
        }
        let e14 = Pending::put_right(Clause::BQE14, h, Call::Draw);
        assert!(ruling_text(Lang::Es, &e14).starts_with("R-BQ-E14 — Paño 1 debía pedir carta"));
        assert!(
            ruling_text(Lang::En, &Pending::Reopen { announced: 6, actual: 5 })
                .starts_with("R-BQ-E12 — The banker announced 6 but has 5")
        );
    }
}
