//! Why an answer is what it is, for a trainee who got it wrong: the arithmetic of a
//! payout (70 a caballo at unit 10 is 7 units: 40 on paño 1, 30 on paño 2), the
//! totals behind a duty, and the clause's words, in the trainee's language.
//!
//! Every figure is the engine's: the split of a bet (`Bet::stakes`), each part won
//! or lost with its hand and the net (`Settlement::ruling_of`), the cagnotte's
//! arithmetic (`Settlement::cagnotte_sum`).

use super::cite::{borrowed, clause_words};
use super::question::{Ask, Choice, Kind, PayTarget, Question};
use super::session::Scored;
use crate::engine::{Bet, BetKind, Money, Settlement, Spot};
use crate::i18n::{self, Lang, hand_name, player_name, spot_name, tr_args};
use rust_decimal::Decimal;

/// The lines that explain the engine's answer to `q` (the arithmetic first, then
/// the clause's words). Shown with a wrong answer; empty for none to show.
pub fn explain(lang: Lang, q: &Question, _scored: &Scored) -> Vec<String> {
    let mut out = Vec::new();
    match &q.ask {
        Ask::Amount { target, .. } => {
            if let Some(st) = q.table.settlement() {
                out.extend(amount_lines(lang, q, st, target));
            }
        }
        Ask::Total { cards, right, .. } => {
            // Each card's points (R-C-1), their sum, the tens dropped.
            let parts: Vec<String> = cards.iter().map(|c| format!("{} {}", c.pretty(), c.points())).collect();
            let sum: u32 = cards.iter().map(|c| u32::from(c.points())).sum();
            out.push(tr_args(
                lang,
                "train-why-points",
                &[("parts", parts.join(" + ")), ("sum", sum.to_string()), ("total", right.to_string())],
            ));
        }
        Ask::Choose { choices, right } => {
            if let (Kind::Owed, Some(Choice::Owed(o))) = (q.kind, choices.get(*right)) {
                let cards = q.table.coup().play.hands[o.hand].cards;
                if let Some(total) = cards.total() {
                    out.push(tr_args(
                        lang,
                        "train-why-total",
                        &[("hand", hand_name(lang, o.hand)), ("total", total.to_string())],
                    ));
                }
            }
        }
    }
    let game = q.game();
    if let Some(words) = clause_words(lang, q.clause()) {
        out.push(words);
    }
    if let Some(b) = borrowed(game, q.engine_clause())
        && let Some(words) = clause_words(lang, b)
    {
        let words = words.split_once(": ").map_or(words.clone(), |(_, w)| w.to_string());
        let section = super::cite::seed_section(b).unwrap_or("000");
        out.push(tr_args(lang, "train-borrowed", &[("words", words), ("section", section.to_string())]));
    }
    out
}

fn m(lang: Lang, x: Money) -> String {
    i18n::money(lang, x)
}

fn signed(lang: Lang, x: Money) -> String {
    super::choice_words::signed(lang, x)
}

fn amount_lines(lang: Lang, q: &Question, st: &Settlement, target: &PayTarget) -> Vec<String> {
    match target {
        PayTarget::Bet(b) => bet_lines(lang, q, st, b),
        PayTarget::Seat(p) => {
            let parts: Vec<String> = st
                .bets
                .iter()
                .filter(|r| r.bet.player == *p)
                .map(|r| format!("{} ({})", signed(lang, r.net), spot_words(lang, &r.bet)))
                .collect();
            vec![tr_args(
                lang,
                "train-why-seat",
                &[("player", player_name(lang, *p)), ("parts", parts.join(" ")), ("net", signed(lang, st.net_of(*p)))],
            )]
        }
        PayTarget::Cagnotte => {
            let Some(sum) = st.cagnotte_sum(q.table.settings()) else {
                return vec![tr_args(lang, "train-why-no-cagnotte", &[("net", signed(lang, st.bank_net))])];
            };
            let exact = sum.exact.to_string().replace('.', if lang == Lang::Es { "," } else { "." });
            vec![tr_args(
                lang,
                "train-why-cagnotte",
                &[
                    ("net", m(lang, sum.net)),
                    ("rate", sum.percent.to_string()),
                    ("exact", exact),
                    ("quantum", m(lang, sum.quantum)),
                    ("cagnotte", m(lang, sum.cagnotte)),
                ],
            )]
        }
        PayTarget::Commission => {
            let rate = percent(q.table.settings().commission.decimal());
            let parts: Vec<String> = st
                .bets
                .iter()
                .filter(|r| !r.commission.is_zero())
                .map(|r| {
                    tr_args(
                        lang,
                        "train-why-commission-part",
                        &[("amount", m(lang, r.bet.amount)), ("commission", m(lang, r.commission))],
                    )
                })
                .collect();
            if parts.is_empty() {
                return vec![tr_args(lang, "train-why-no-commission", &[("rate", rate)])];
            }
            vec![tr_args(
                lang,
                "train-why-commission",
                &[("rate", rate), ("parts", parts.join(" + ")), ("total", m(lang, st.commission))],
            )]
        }
    }
}

fn percent(rate: Decimal) -> String {
    rate.checked_mul(Decimal::ONE_HUNDRED).map_or_else(|| rate.to_string(), |p| p.normalize().to_string())
}

fn spot_words(lang: Lang, b: &Bet) -> String {
    if b.kind == BetKind::Banco {
        tr_args(lang, "train-spot-banco", &[("spot", spot_name(lang, b.spot))])
    } else {
        spot_name(lang, b.spot)
    }
}

/// A bet's payout, part by part: its split (R-BQ-6, R-BQ-7), each part won or lost
/// with its hand, the commission, the net.
fn bet_lines(lang: Lang, q: &Question, st: &Settlement, b: &Bet) -> Vec<String> {
    let mut out = Vec::new();
    let unit = q.table.settings().unit;
    let stakes: Vec<_> = b.stakes(unit).into_iter().flatten().flatten().collect();
    match b.spot {
        Spot::Cheval => {
            let units = b.amount.units_of(unit).unwrap_or(0);
            if let [one, two] = stakes.as_slice() {
                out.push(tr_args(
                    lang,
                    "train-why-cheval",
                    &[
                        ("amount", m(lang, b.amount)),
                        ("unit", m(lang, unit)),
                        ("units", units.to_string()),
                        ("first", m(lang, one.amount)),
                        ("one", hand_name(lang, one.hand)),
                        ("second", m(lang, two.amount)),
                        ("two", hand_name(lang, two.hand)),
                    ],
                ));
            }
        }
        Spot::Half(_) => {
            if let Some(s) = stakes.first() {
                out.push(tr_args(
                    lang,
                    "train-why-half",
                    &[("amount", m(lang, b.amount)), ("hand", hand_name(lang, s.hand)), ("half", m(lang, s.amount))],
                ));
            }
        }
        _ => {}
    }
    // Each part as the engine ruled it; they add up to its net (`Settlement::ruling_of`).
    let Some(Ok(ruling)) = st.ruling_of(q.table.settings(), b) else { return out };
    let mut parts: Vec<String> = ruling
        .parts
        .iter()
        .map(|p| {
            let id = if p.net.is_positive() {
                "train-why-part-wins"
            } else if p.net.is_negative() {
                "train-why-part-loses"
            } else {
                "train-why-part-stays"
            };
            tr_args(lang, id, &[("hand", hand_name(lang, p.hand)), ("amount", signed(lang, p.net))])
        })
        .collect();
    if !ruling.commission.is_zero() {
        parts.push(tr_args(lang, "train-why-part-commission", &[("amount", m(lang, ruling.commission))]));
    }
    out.push(tr_args(lang, "train-why-parts", &[("parts", parts.join(" · ")), ("net", signed(lang, ruling.net))]));
    out
}
