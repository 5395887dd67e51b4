//! Game protection read from a shift log (issue 28): every operation taken with the
//! table as it was before it, and each choice of a banker (or of a Chemin de fer
//! player) weighed by `analysis::protection`, which is pure; here is only the reading.

use super::error::JournalError;
use super::record::Body;
use super::scan::{self, Mode, Seen, Source};
use crate::analysis::protection::{Options, Protection, Weigher};
use std::path::Path;

/// The choices of the shift in the log at `path`, weighed.
pub fn weigh(path: impl AsRef<Path>, opts: Options) -> Result<Protection, JournalError> {
    let path = path.as_ref();
    let mut f = scan::open_file(path)?;
    weigh_from(path, &mut f, opts)
}

/// The choices of the shift read from `src` (a file, or a pit's records in memory).
pub fn weigh_from(path: &Path, src: &mut dyn Source, opts: Options) -> Result<Protection, JournalError> {
    let mut w = Weigher::new(opts);
    let mut visit = |seen: Seen<'_>| {
        if let Seen::Record { line, record, before } = seen
            && let Body::Op { op, .. } = &record.body
        {
            w.op(line, before, op);
        }
    };
    let replayed = scan::scan(path, src, Mode::Apply, Some(&mut visit))?;
    Ok(w.finish(Some(&replayed.table)))
}

use crate::analysis::banker::to_money;
use crate::analysis::protection::{Decider, Decision, Situation, Verdict};
use crate::engine::{BankDuty, HandId};
use crate::i18n::{self, Lang, tr, tr_args};

/// An expectation as money to the cent (zero if it cannot be one).
/// For the CSV: the amount, or an empty cell when the expectation is no amount.
fn csv_money(x: f64) -> String {
    to_money(x).map(|m| m.to_string()).unwrap_or_default()
}

/// Who chose, in words: «3», «3+» (standing), or that the log does not name him.
pub fn who_text(lang: Lang, d: Decider) -> String {
    let name = match d {
        Decider::Banker(p) | Decider::Player(p) => p,
    };
    name.map_or_else(|| tr(lang, "protection-unnamed"), |p| i18n::player_name(lang, p))
}

/// The chance an honest chooser goes this far, for people.
pub fn chance_text(lang: Lang, p: f64) -> String {
    if p >= 0.5 {
        tr(lang, "protection-chance-even")
    } else if p < 1e-9 {
        tr(lang, "protection-chance-tiny")
    } else {
        tr_args(lang, "protection-chance-one-in", &[("n", format!("{:.0}", (1.0 / p).round()))])
    }
}

/// One chooser's verdict in one line, and who gained in the next.
pub fn verdict_lines(lang: Lang, v: &Verdict) -> Vec<String> {
    let id = match v.decider {
        Decider::Banker(_) => "protection-banker",
        Decider::Player(_) => "protection-player",
    };
    let mut out = vec![format!(
        "{} — {}",
        i18n::tr_counts(
            lang,
            id,
            &[
                ("who", who_text(lang, v.decider)),
                ("against", v.against_best.to_string()),
                ("given", super::summary_text::expectation(lang, v.given_away)),
                ("honest", super::summary_text::expectation(lang, v.honest_given)),
                ("chance", chance_text(lang, v.p_value)),
            ],
            &[("decisions", u64::from(v.decisions))],
        ),
        tr(lang, if v.flagged { "protection-flagged" } else { "protection-not-flagged" })
    )];
    let gainers: Vec<String> = v
        .gainers
        .iter()
        .take(3)
        .map(|g| {
            i18n::tr_counts(
                lang,
                "protection-gainer",
                &[
                    ("seat", i18n::player_name(lang, g.player)),
                    ("amount", super::summary_text::expectation(lang, g.gained)),
                ],
                &[("times", u64::from(g.times))],
            )
        })
        .collect();
    if !gainers.is_empty() {
        out.push(format!("  {}", tr_args(lang, "protection-gained", &[("list", gainers.join("; "))])));
    }
    if let Some(g) = v.named() {
        out.push(format!("  {}", tr_args(lang, "protection-named", &[("seat", i18n::player_name(lang, g.player))])));
    }
    out
}

/// The «Game protection» section of a shift's report.
pub fn protection_lines(lang: Lang, p: &Protection) -> Vec<String> {
    let mut out = vec![tr(lang, "protection-title")];
    if p.verdicts.is_empty() {
        out.push(format!("  {}", tr(lang, "protection-none")));
    }
    for v in &p.verdicts {
        out.extend(verdict_lines(lang, v).into_iter().map(|l| format!("  {l}")));
    }
    if p.unweighed > 0 {
        out.push(format!("  {}", tr_args(lang, "protection-unweighed", &[("count", p.unweighed.to_string())])));
    }
    out
}

/// What a choice was about, in words: the bank's total and what each hand showed, or
/// the player's total.
pub fn situation_text(lang: Lang, s: &Situation) -> String {
    use crate::analysis::Seen;
    match s {
        Situation::Bank { total, panos } => {
            let mut parts = vec![tr_args(lang, "protection-sit-bank", &[("total", total.to_string())])];
            for (i, p) in panos.iter().enumerate() {
                let Some(seen) = p else { continue };
                let hand = if panos[1].is_none() { HandId::Player } else { HandId::Tableau(i as u8 + 1) };
                let what = match seen {
                    Seen::Natural => tr(lang, "protection-sit-natural"),
                    Seen::Stood => tr(lang, "protection-sit-stood"),
                    Seen::Drew(x) => tr_args(lang, "protection-sit-drew", &[("card", x.to_string())]),
                };
                parts.push(format!("{} {what}", i18n::hand_name(lang, hand)));
            }
            parts.join("; ")
        }
        Situation::Player { hand, total } => {
            format!(
                "{} {}",
                i18n::hand_name(lang, *hand),
                tr_args(lang, "protection-sit-total", &[("total", total.to_string())])
            )
        }
    }
}

fn option_slug(o: usize) -> &'static str {
    if o == 0 { "draw" } else { "stand" }
}

/// The CSV columns of `sabot report --decisions`, one row per choice weighed.
pub const DECISIONS_HEADER: [&str; 20] = [
    "file",
    "table",
    "croupier",
    "game",
    "coup",
    "shoe",
    "line",
    "chooser",
    "banker",
    "player",
    "options",
    "table_says",
    "draw",
    "stand",
    "chosen",
    "best",
    "given_away",
    "honest_given",
    "gained",
    "flagged",
];

/// One choice as a CSV row: expectations in the stakes' units to the cent; `gained`
/// lists `seat:amount` for each party that gained from the choice against the best.
pub fn decision_row(shift: &[String; 4], d: &Decision, flagged: bool) -> Vec<String> {
    let cents = csv_money;
    let honest = d.honest(crate::analysis::protection::Options::default().lapse);
    let honest_given = honest[0] * d.given_by(0) + honest[1] * d.given_by(1);
    let table = match d.table {
        BankDuty::MustDraw => "draw",
        BankDuty::MustStand => "stand",
        BankDuty::Chooses => "choice",
    };
    let (chooser, player) = match d.decider {
        Decider::Banker(_) => ("banker", None),
        Decider::Player(p) => ("player", p),
    };
    let name = |p: Option<crate::engine::PlayerRef>| p.map(|p| p.to_string()).unwrap_or_default();
    let gained: Vec<String> = d.gained().iter().map(|(p, g)| format!("{p}:{}", cents(*g))).collect();
    let mut row: Vec<String> = shift.to_vec();
    row.extend([
        d.coup.to_string(),
        d.shoe.to_string(),
        d.line.to_string(),
        chooser.to_string(),
        name(d.banker),
        name(player),
        situation_text(Lang::En, &d.situation),
        table.to_string(),
        cents(d.options[0]),
        cents(d.options[1]),
        option_slug(d.chosen).to_string(),
        d.best().map_or("either", option_slug).to_string(),
        cents(d.given_away()),
        cents(honest_given),
        gained.join(" "),
        if flagged { "yes" } else { "no" }.to_string(),
    ]);
    row
}

/// Whether the chooser of `d` is flagged in `p`.
pub fn is_flagged(p: &Protection, d: &Decision) -> bool {
    p.verdicts.iter().any(|v| v.flagged && v.decider == d.decider)
}
