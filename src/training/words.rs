//! Training in words, in Spanish or English (`locales/<lang>/training.ftl`, and
//! the engine's texts for rulings, infractions and errors): the table and what
//! happened, the question and its choices, the verdict on an answer, the score.
//! The command line and the app show the same words.

pub use super::choice_words::{choice_text, signed, verdict_message};
use super::question::{Answer, Ask, BadAnswer, Kind, PayTarget, Question};
use super::session::{Score, Scored};
use super::stage::StageError;
use crate::engine::{BetKind, Event, HandId, Op, Table};
use crate::i18n::{self, Lang, call_name, hand_name, player_name, spot_name, tr, tr_args};

fn cards_text(cards: &[crate::engine::Card]) -> String {
    cards.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ")
}

pub fn kind_name(lang: Lang, kind: Kind) -> String {
    tr(
        lang,
        match kind {
            Kind::Owed => "train-kind-owed",
            Kind::Ruling => "train-kind-ruling",
            Kind::Payout => "train-kind-payout",
            Kind::Total => "train-kind-total",
            Kind::Entry => "train-kind-entry",
        },
    )
}

/// The question, in one line.
pub fn prompt(lang: Lang, q: &Question) -> String {
    match &q.ask {
        Ask::Choose { .. } if q.kind == Kind::Owed => tr(lang, "train-ask-owed"),
        Ask::Choose { .. } => tr(lang, "train-ask-ruling"),
        Ask::Total { hand, cards, .. } => {
            tr_args(lang, "train-ask-total", &[("hand", hand_name(lang, *hand)), ("cards", cards_text(cards))])
        }
        Ask::Amount { target, .. } => match target {
            PayTarget::Bet(b) => {
                let spot = if b.kind == BetKind::Banco {
                    tr_args(lang, "train-spot-banco", &[("spot", spot_name(lang, b.spot))])
                } else {
                    spot_name(lang, b.spot)
                };
                tr_args(
                    lang,
                    "train-ask-bet",
                    &[("player", player_name(lang, b.player)), ("amount", i18n::money(lang, b.amount)), ("spot", spot)],
                )
            }
            PayTarget::Seat(p) => tr_args(lang, "train-ask-seat", &[("player", player_name(lang, *p))]),
            PayTarget::Cagnotte => tr(lang, "train-ask-cagnotte"),
            PayTarget::Commission => tr(lang, "train-ask-commission"),
        },
    }
}

/// The choices, numbered from 1: `1) R-BQ-11 — …`.
pub fn choice_lines(lang: Lang, q: &Question) -> Vec<String> {
    match &q.ask {
        Ask::Choose { choices, .. } => {
            let game = q.game();
            choices.iter().enumerate().map(|(i, c)| format!("{}) {}", i + 1, choice_text(lang, game, c))).collect()
        }
        Ask::Amount { .. } => vec![tr(lang, "train-amount-hint")],
        Ask::Total { .. } => vec![tr(lang, "train-total-hint")],
    }
}

/// An answer in words: the choice with its number, or the amount and what it means.
pub fn answer_text(lang: Lang, q: &Question, a: &Answer) -> String {
    match (a, &q.ask) {
        (Answer::Choice(i), Ask::Choose { choices, .. }) => match choices.get(*i) {
            Some(c) => format!("{}) {}", i + 1, choice_text(lang, q.game(), c)),
            None => (i + 1).to_string(),
        },
        (Answer::Amount(m), _) => {
            let abs = i18n::money(lang, if m.is_negative() { m.checked_neg() } else { *m });
            let meaning = match (&q.ask, m.is_positive(), m.is_negative()) {
                (Ask::Amount { target: PayTarget::Cagnotte | PayTarget::Commission, .. }, _, _) => String::new(),
                (_, true, _) => tr_args(lang, "train-pay", &[("amount", abs)]),
                (_, _, true) => tr_args(lang, "train-collect", &[("amount", abs)]),
                _ => tr(lang, "train-stays"),
            };
            if meaning.is_empty() { i18n::money(lang, *m) } else { format!("{} ({meaning})", signed(lang, *m)) }
        }
        (Answer::Choice(i), _) => (i + 1).to_string(),
        (Answer::Total(n), _) => n.to_string(),
    }
}

/// The verdict on an answer: right, or wrong with the engine's answer; and the clause.
pub fn feedback(lang: Lang, q: &Question, s: &Scored) -> String {
    let answer = answer_text(lang, q, &s.expected);
    let answer = match q.ask {
        Ask::Amount { .. } | Ask::Total { .. } => format!("{answer} — {}", s.clause),
        Ask::Choose { .. } => answer,
    };
    tr_args(lang, if s.right { "train-right" } else { "train-wrong" }, &[("answer", answer)])
}

/// The end of a session: each question missed again, with its coup (the table and
/// what happened), the answer given, the engine's, and why.
pub fn missed_lines(lang: Lang, session: &super::Session) -> Vec<String> {
    let missed = session.missed();
    if missed.is_empty() {
        return Vec::new();
    }
    let mut out = vec![String::new(), tr_args(lang, "train-missed", &[("count", missed.len().to_string())])];
    for (q, s) in missed {
        out.push(String::new());
        out.push(tr_args(
            lang,
            "train-drill",
            &[("n", (s.at.0 + 1).to_string()), ("total", session.drills().len().to_string())],
        ));
        out.extend(table_lines(lang, &q.table).into_iter().map(|l| format!("  {l}")));
        out.extend(story_lines(lang, &q.story).into_iter().map(|l| format!("  · {l}")));
        out.push(tr_args(lang, "train-question", &[("kind", kind_name(lang, q.kind)), ("prompt", prompt(lang, q))]));
        out.push(tr_args(lang, "train-missed-given", &[("answer", answer_text(lang, q, &s.given))]));
        out.push(feedback(lang, q, s));
        out.extend(super::explain::explain(lang, q, s).into_iter().map(|l| format!("  {l}")));
    }
    out
}

/// Why a drill could not be staged (a fault of the stager, never of the trainee).
pub fn stage_error_text(lang: Lang, e: &StageError) -> String {
    match e {
        StageError::Refused { op, refusal } => tr_args(
            lang,
            "train-stage-refused",
            &[("op", format!("{op:?}")), ("refusal", i18n::refusal_text(lang, refusal))],
        ),
        StageError::Stuck => tr(lang, "train-stage-stuck"),
        StageError::Setup(bad) => tr_args(lang, "train-stage-setup", &[("why", i18n::settings_text(lang, *bad))]),
        StageError::Overflow => tr(lang, "train-stage-overflow"),
    }
}

/// Why a typed answer was not taken.
pub fn bad_answer(lang: Lang, b: &BadAnswer) -> String {
    match b {
        BadAnswer::Empty => tr(lang, "train-bad-empty"),
        BadAnswer::NotAChoice { count } => tr_args(lang, "train-bad-choice", &[("count", count.to_string())]),
        BadAnswer::NotAnAmount => tr(lang, "train-bad-amount"),
        BadAnswer::NotATotal => tr(lang, "train-bad-total"),
    }
}

/// `Puntuación: 5/7 — lo que se debe 1/2 · fallos 2/2 · pagos 2/3`.
pub fn score_line(lang: Lang, score: &Score) -> String {
    let of = |k: Kind| {
        let (r, a) = score.of(k);
        format!("{r}/{a}")
    };
    let line = tr_args(
        lang,
        "train-score",
        &[
            ("right", score.right().to_string()),
            ("asked", score.asked().to_string()),
            ("owed", of(Kind::Owed)),
            ("ruling", of(Kind::Ruling)),
            ("payout", of(Kind::Payout)),
        ],
    );
    // Totals (level 1) and entries (level 5) only once some were asked.
    let mut line = line;
    for k in [Kind::Total, Kind::Entry] {
        if score.of(k).1 > 0 {
            line = format!("{line} · {} {}", kind_name(lang, k), of(k));
        }
    }
    line
}

/// The table as a few lines: the bank, the bets, each hand's cards and total.
pub fn table_lines(lang: Lang, table: &Table) -> Vec<String> {
    let mut out = Vec::new();
    let game = table.settings().game;
    if game.has_bank() {
        let before = table.settlement().map_or(table.bank(), |s| s.bank_before);
        out.push(tr_args(lang, "train-bank", &[("amount", i18n::money(lang, before))]));
    }
    let bets: Vec<String> = table
        .coup()
        .bets
        .iter()
        .map(|b| {
            let spot = if b.kind == BetKind::Banco {
                tr_args(lang, "train-spot-banco", &[("spot", spot_name(lang, b.spot))])
            } else {
                spot_name(lang, b.spot)
            };
            format!("{}: {} ({spot})", player_name(lang, b.player), i18n::money(lang, b.amount))
        })
        .collect();
    out.push(tr_args(lang, "train-bets", &[("bets", bets.join(" · "))]));
    let hands: Vec<String> = HandId::of_game(game)
        .iter()
        .map(|h| {
            let hs = &table.coup().play.hands[*h];
            let mut cards: Vec<String> =
                hs.cards.first.iter().map(|c| c.map_or_else(|| "?".to_string(), |c| c.pretty())).collect();
            if let Some(t) = hs.cards.third {
                cards.push(format!("+ {}", t.pretty()));
            }
            let total = hs.cards.total().map(|t| format!(" ({t})")).unwrap_or_default();
            let mark = if hs.void || table.coup().play.void.is_some() {
                format!(" [{}]", tr(lang, "train-void"))
            } else if hs.zero {
                format!(" [{}]", tr(lang, "train-zero"))
            } else {
                String::new()
            };
            format!("{}: {}{total}{mark}", hand_name(lang, *h), cards.join(" "))
        })
        .collect();
    out.push(hands.join(" · "));
    out
}

/// What happened in the coup, one line an operation (bets and the bank are in
/// `table_lines`).
pub fn story_lines(lang: Lang, story: &[(Op, Vec<Event>)]) -> Vec<String> {
    let mut out = Vec::new();
    let mut reader = false;
    let h = |hand: &HandId| ("hand", hand_name(lang, *hand));
    for (op, events) in story {
        let line = match op {
            Op::NoMoreBets => Some(tr(lang, "train-no-more-bets")),
            Op::Card(card) => match events.first() {
                Some(Event::CardOut { hand, slot: 2, .. }) => {
                    Some(tr_args(lang, "train-third", &[("card", card.pretty()), h(hand)]))
                }
                Some(Event::CardOut { .. }) if !reader => {
                    reader = true;
                    Some(tr(lang, "train-reader"))
                }
                _ => None,
            },
            Op::Say { hand, call } => Some(tr_args(lang, "train-said", &[h(hand), ("call", call_name(lang, *call))])),
            Op::Show { hand, cards } => Some(tr_args(lang, "train-shown", &[h(hand), ("cards", cards_text(cards))])),
            Op::AskTable => Some(tr(lang, "train-asks-table")),
            Op::Announce { total } => Some(tr_args(lang, "train-announce", &[("total", total.to_string())])),
            Op::Confirm => Some(tr(lang, "train-confirm")),
            Op::EarlyCards { count } => Some(tr_args(lang, "train-op-early", &[("count", count.to_string())])),
            Op::DeadCard { card } => Some(tr_args(lang, "train-op-dead", &[("card", card.pretty())])),
            Op::StuckCards => Some(tr(lang, "train-op-stuck")),
            Op::CardOnFloor { .. } => Some(tr(lang, "train-op-floor")),
            Op::Discarded { hand, .. } => Some(tr_args(lang, "train-op-discarded", &[h(hand)])),
            Op::Exposed { hand, cards } => {
                Some(tr_args(lang, "train-op-exposed", &[h(hand), ("cards", cards_text(cards))]))
            }
            Op::LostInDiscard { hand, .. } => Some(tr_args(lang, "train-op-lost", &[h(hand)])),
            _ => None,
        };
        out.extend(line);
    }
    out
}

/// Level 5: what happens at the table, for the trainee to enter (a bet placed, "no
/// va más", a card out of the sabot, a holder's word, a hand shown, an error).
pub fn step_text(lang: Lang, op: &Op, events: &[Event]) -> String {
    let h = |hand: &HandId| ("hand", hand_name(lang, *hand));
    match op {
        Op::Bet { player, spot, amount } => tr_args(
            lang,
            "train-step-bet",
            &[
                ("player", player_name(lang, *player)),
                ("amount", i18n::money(lang, *amount)),
                ("spot", spot_name(lang, *spot)),
            ],
        ),
        Op::Banco { player, on } => tr_args(
            lang,
            "train-step-banco",
            &[("player", player_name(lang, *player)), ("hand", on.map(|h| hand_name(lang, h)).unwrap_or_default())],
        ),
        Op::Card(card) => match events.first() {
            Some(Event::CardOut { hand, .. }) => tr_args(lang, "train-step-card", &[("card", card.pretty()), h(hand)]),
            _ => tr_args(lang, "train-step-card-out", &[("card", card.pretty())]),
        },
        other => story_lines(lang, &[(other.clone(), events.to_vec())])
            .into_iter()
            .next()
            .unwrap_or_else(|| tr(lang, "train-step-other")),
    }
}

/// Every text training shows, with sample arguments (tests check both catalogues).
pub fn all_message_ids() -> Vec<&'static str> {
    [KIND_IDS, STEP_IDS, LEVEL_IDS, VERDICT_IDS, WHY_IDS, QUESTION_IDS, TABLE_IDS, SESSION_IDS].concat()
}

/// The kinds of question, and the trainee's pace.
const KIND_IDS: &[&str] = &[
    "train-kind-owed",
    "train-kind-ruling",
    "train-kind-payout",
    "train-kind-total",
    "train-kind-entry",
    "train-pace-ok",
    "train-pace-slow",
];

/// The steps of a coup to enter, what was missed, and the totals asked.
const STEP_IDS: &[&str] = &[
    "train-step-bet",
    "train-step-banco",
    "train-step-card",
    "train-step-card-out",
    "train-step-other",
    "train-missed",
    "train-missed-given",
    "train-ask-total",
    "train-total-hint",
    "train-bad-total",
];

/// The school's levels.
const LEVEL_IDS: &[&str] =
    &["level-values", "level-drawing", "level-payouts", "level-procedures", "level-coups", "level-audition"];

/// The verdicts of the rulings on errors (R-BQ-E…).
const VERDICT_IDS: &[&str] = &[
    "train-v-reopen",
    "train-v-forfeit",
    "train-v-recorded",
    "train-v-e1",
    "train-v-e2",
    "train-v-e3",
    "train-v-e4",
    "train-v-e6",
    "train-v-e8-right",
    "train-v-e8-void",
    "train-v-e10",
    "train-v-e11-hand",
    "train-v-e11-all",
    "train-v-e15-cf",
    "train-v-e14-cf",
    "train-borrowed",
];

/// The explanations of a wrong answer.
const WHY_IDS: &[&str] = &[
    "train-why-total",
    "train-why-points",
    "train-why-cheval",
    "train-why-half",
    "train-why-part-wins",
    "train-why-part-loses",
    "train-why-part-stays",
    "train-why-part-commission",
    "train-why-parts",
    "train-why-seat",
    "train-why-no-cagnotte",
    "train-why-cagnotte",
    "train-why-commission-part",
    "train-why-commission",
    "train-why-no-commission",
];

/// The questions, their hints and answers, and the score.
const QUESTION_IDS: &[&str] = &[
    "train-must-draw",
    "train-must-stand",
    "train-must-choose",
    "train-ask-owed",
    "train-ask-ruling",
    "train-spot-banco",
    "train-ask-bet",
    "train-ask-seat",
    "train-ask-cagnotte",
    "train-ask-commission",
    "train-amount-hint",
    "train-pay",
    "train-collect",
    "train-stays",
    "train-right",
    "train-wrong",
    "train-bad-empty",
    "train-bad-choice",
    "train-bad-amount",
    "train-score",
];

/// The table and the coup's story, told in words.
const TABLE_IDS: &[&str] = &[
    "train-bank",
    "train-bets",
    "train-void",
    "train-zero",
    "train-no-more-bets",
    "train-third",
    "train-reader",
    "train-said",
    "train-shown",
    "train-asks-table",
    "train-announce",
    "train-confirm",
    "train-op-early",
    "train-op-dead",
    "train-op-stuck",
    "train-op-floor",
    "train-op-discarded",
    "train-op-exposed",
    "train-op-lost",
];

/// A session on the command line: its start, its end, its log, a staging refused.
const SESSION_IDS: &[&str] = &[
    "train-start",
    "train-drill",
    "train-question",
    "train-prompt",
    "train-over",
    "train-stopped",
    "train-log",
    "train-log-refused",
    "train-stage-refused",
    "train-stage-stuck",
    "train-stage-setup",
    "train-stage-overflow",
];
