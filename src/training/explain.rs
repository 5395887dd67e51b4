//! Why an answer is what it is, for a trainee who got it wrong: the arithmetic of a
//! payout (70 a caballo at unit 10 is 7 units: 40 on paño 1, 30 on paño 2), the
//! totals behind a duty, and the clause's words, in the trainee's language.
//!
//! Every figure is the engine's: the split of a bet (`Bet::stakes`), who won each
//! hand, each bet's net and commission, the cagnotte (`Settlement`). The per-hand
//! parts are shown only when they add up to the engine's net (a bank that could not
//! cover every bet pays less, and then only the engine's net is shown).

use super::cite::{borrowed, clause_words};
use super::question::{Ask, Choice, Kind, PayTarget, Question};
use super::session::Scored;
use crate::engine::{Bet, BetKind, HandId, Money, Settlement, Spot, Winner};
use crate::i18n::{self, Lang, hand_name, player_name, spot_name, tr_args};
use rust_decimal::Decimal;

/// The lines that explain the engine's answer to `q` (the arithmetic first, then
/// the clause's words). Shown with a wrong answer; empty for none to show.
pub fn explain(lang: Lang, q: &Question, s: &Scored) -> Vec<String> {
    let mut out = Vec::new();
    let _ = s;
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
        out.push(tr_args(lang, "train-borrowed", &[("words", words)]));
    }
    out
}

fn m(lang: Lang, x: Money) -> String {
    i18n::money(lang, x)
}

fn signed(lang: Lang, x: Money) -> String {
    super::words::signed(lang, x)
}

/// What one hand did for a stake on it: won, lost, or neither (a tie, a void).
fn outcome(st: &Settlement, hand: HandId) -> Option<bool> {
    let of = |h: HandId| st.winners.iter().find(|(x, _)| *x == h).map(|(_, w)| *w);
    let w = match hand {
        HandId::Banca => match of(HandId::Punto)? {
            Winner::Banca | Winner::Bank => Some(true),
            Winner::Punto => Some(false),
            _ => None,
        },
        h => match of(h)? {
            Winner::Tableau | Winner::Player | Winner::Punto => Some(true),
            Winner::Bank | Winner::Banca => Some(false),
            _ => None,
        },
    };
    Some(w?).or(None)
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
            let settings = q.table.settings();
            if !st.bank_net.is_positive() {
                return vec![tr_args(lang, "train-why-no-cagnotte", &[("net", signed(lang, st.bank_net))])];
            }
            let rate = settings.cagnotte.decimal();
            let exact = decimal(st.bank_net).and_then(|d| d.checked_mul(rate)).map(|d| d.normalize().to_string());
            vec![tr_args(
                lang,
                "train-why-cagnotte",
                &[
                    ("net", m(lang, st.bank_net)),
                    ("rate", percent(rate)),
                    (
                        "exact",
                        exact.map(|e| e.replace('.', if lang == Lang::Es { "," } else { "." })).unwrap_or_default(),
                    ),
                    ("quantum", m(lang, settings.rounding.quantum)),
                    ("cagnotte", m(lang, st.cagnotte)),
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

fn decimal(x: Money) -> Option<Decimal> {
    x.to_string().parse::<Decimal>().ok()
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
    let Some(result) = st.bets.iter().find(|r| r.bet == *b) else { return out };
    let mut parts = Vec::new();
    // The parts' sum, checked: the parts are shown only when they add up to the net.
    let mut sum = Ok(Money::ZERO);
    for s in &stakes {
        let (id, net) = match outcome(st, s.hand) {
            Some(true) => ("train-why-part-wins", s.amount),
            Some(false) => ("train-why-part-loses", s.amount.checked_neg()),
            None => ("train-why-part-stays", Money::ZERO),
        };
        sum = sum.and_then(|m| m.checked_add(net));
        parts.push(tr_args(lang, id, &[("hand", hand_name(lang, s.hand)), ("amount", signed(lang, net))]));
    }
    if !result.commission.is_zero() {
        sum = sum.and_then(|m| m.checked_sub(result.commission));
        parts.push(tr_args(lang, "train-why-part-commission", &[("amount", m(lang, result.commission))]));
    }
    if sum == Ok(result.net) {
        out.push(tr_args(lang, "train-why-parts", &[("parts", parts.join(" · ")), ("net", signed(lang, result.net))]));
    } else {
        out.push(tr_args(lang, "train-why-net", &[("net", signed(lang, result.net))]));
    }
    out
}
