//! Game protection across the shifts of a table (`sabot report` of several logs): the
//! choices of every shift counted at the same table weighed as one shift, so that a
//! banker and a seat who meet shift after shift are weighed together. A colluder who
//! gives away too little in any one shift to be sure of is seen over several.
//!
//! Seats are positions (Sec. 2, Sec. 4), as the logs name them: the same seats in two
//! shifts are the same places at the table, and the report says it that way.

use super::*;
use crate::analysis::protection::{Keep, Ledger};

/// The choices of the shifts counted, pooled by table: how many shifts, and the books.
#[derive(Default)]
pub(super) struct Across {
    tables: BTreeMap<String, (u32, Ledger)>,
}

/// One line across the shifts of a table: who chose (or every chooser together), the
/// party named if any, and the figure corrected for the tables.
fn across_line(
    lang: Lang,
    table: &str,
    who: String,
    named: Option<&crate::analysis::protection::Gainer>,
    p: f64,
) -> String {
    let chance = weigh::chance_text(lang, crate::analysis::protection::Chance::bound(p));
    match named {
        Some(g) => {
            let args = [
                ("table", table.to_string()),
                ("who", who),
                ("seat", i18n::player_name(lang, g.player)),
                ("gained", summary_text::expectation(lang, g.gained)),
                ("expected", summary_text::expectation(lang, g.expected)),
                ("chance", chance),
            ];
            i18n::tr_args(lang, "protection-across-seat", &args)
        }
        None => i18n::tr_args(
            lang,
            "protection-across-held",
            &[("table", table.to_string()), ("who", who), ("chance", chance)],
        ),
    }
}

/// Under a party named across the shifts, his own evidence in the words of a shift's
/// verdict: which figure named him, his choices counted, where the chooser's
/// departures fell (the figure as weighed at the table, before the tables' factor).
fn evidence_line(lang: Lang, g: &crate::analysis::protection::Gainer, tests: u32) -> String {
    format!("    {}{}", weigh::named_text(lang, g), weigh::gainer_text(lang, g, tests))
}

impl Across {
    /// Adds a counted shift's choices to its table's books: its log read once more,
    /// each choice handed over as its coup ends (flat memory). A log that cannot be
    /// read again adds nothing (its own verdicts were already said).
    pub(super) fn add(&mut self, table: &str, path: &Path, weighing: Weighing) {
        let Ok(mut f) = journal::scan::open_file(path) else { return };
        let (shifts, ledger) = self.tables.entry(table.to_string()).or_default();
        let mut pooled = ledger.clone();
        let mut each = |d: crate::analysis::protection::Decision| pooled.add(&d, weighing);
        if weigh::weigh_streaming(path, &mut f, weighing, Keep::Stream, &mut each).is_ok() {
            *ledger = pooled;
            *shifts += 1;
        }
    }

    /// The report's lines: the tables weighed over two shifts or more, and each
    /// chooser whose pooled figure, corrected for every figure weighed at his table and
    /// once more for the number of such tables (Bonferroni), stays under `alpha`, with
    /// the seat that gained.
    pub(super) fn lines(&self, lang: Lang, alpha: f64, weighing: Weighing) -> Vec<String> {
        let pooled: Vec<(&String, &(u32, Ledger))> = self.tables.iter().filter(|(_, (n, _))| *n >= 2).collect();
        if pooled.is_empty() {
            return Vec::new();
        }
        let k = pooled.len() as f64;
        let mut held = Vec::new();
        for (table, (_, ledger)) in &pooled {
            let judged = ledger.judge(weighing);
            for v in &judged.verdicts {
                let p = (v.p_value * k).min(1.0);
                if p < alpha {
                    let who = weigh::who_text(lang, v.decider);
                    held.push(format!("  {}", across_line(lang, table, who, v.named(), p)));
                    held.extend(v.named().map(|g| evidence_line(lang, g, judged.tests)));
                }
            }
            // A party served by several of the table's bankers, named over them together.
            for g in judged.seats.iter().filter(|g| g.named && g.p_value * k < alpha) {
                let who = i18n::tr(lang, "protection-every-chooser");
                held.push(format!("  {}", across_line(lang, table, who, Some(g), (g.p_value * k).min(1.0))));
                held.push(evidence_line(lang, g, judged.tests));
            }
        }
        let shifts: u32 = pooled.iter().map(|(_, (n, _))| *n).sum();
        let alpha_n = format!("{:.0}", (1.0 / alpha.max(1e-12)).round());
        let mut out = vec![i18n::tr_counts(
            lang,
            "protection-across",
            &[("alpha", alpha_n), ("held", held.len().to_string())],
            &[("tables", pooled.len() as u64), ("shifts", u64::from(shifts))],
        )];
        out.extend(held);
        out
    }

    /// By player (issue 49): every player seated with a card number, his figures from
    /// every table and shift pooled, corrected over the players weighed (Holm, those
    /// that could reach `alpha`); each with where he sat.
    pub(super) fn player_lines(&self, lang: Lang, weighing: Weighing) -> Vec<String> {
        let mut pooled: BTreeMap<crate::engine::PlayerNumber, crate::analysis::verdict::Numbered> = BTreeMap::new();
        let mut places: BTreeMap<crate::engine::PlayerNumber, Vec<String>> = BTreeMap::new();
        for (table, (_, ledger)) in &self.tables {
            for (n, part) in ledger.numbered() {
                let at = places.entry(n.clone()).or_default();
                for p in &part.places {
                    let place = format!("{table} {}", i18n::player_name(lang, *p));
                    if !at.contains(&place) {
                        at.push(place);
                    }
                }
                pooled.entry(n).or_default().merge(&part);
            }
        }
        if pooled.is_empty() {
            return Vec::new();
        }
        let weighed = pooled.len();
        let (figs, k) = crate::analysis::verdict::judge_numbered(pooled, weighing);
        let alpha_n = format!("{:.0}", (1.0 / weighing.alpha.max(1e-12)).round());
        let named = figs.iter().filter(|f| f.named).count();
        let mut out = vec![i18n::tr_counts(
            lang,
            "protection-by-player",
            &[("alpha", alpha_n), ("tests", k.to_string()), ("named", named.to_string())],
            &[("players", weighed as u64)],
        )];
        for f in figs.iter().filter(|f| f.named || f.parts.served > 0).take(5) {
            let at = places.get(&f.number).map(|p| p.join(", ")).unwrap_or_default();
            let args = [
                ("number", f.number.to_string()),
                ("places", at),
                ("served", f.parts.served.to_string()),
                ("honest", format!("{:.1}", f.parts.honest)),
                ("chance", weigh::chance_text(lang, f.chance)),
                ("corrected", weigh::chance_text(lang, crate::analysis::protection::Chance::bound(f.p_value))),
                ("gained", summary_text::expectation(lang, f.parts.gained)),
            ];
            let line =
                i18n::tr_counts(lang, "protection-by-player-one", &args, &[("mattered", u64::from(f.parts.mattered))]);
            let flag = if f.named { format!("{}: ", i18n::tr(lang, "protection-named")) } else { String::new() };
            out.push(format!("  {flag}{line}"));
        }
        out
    }
}
