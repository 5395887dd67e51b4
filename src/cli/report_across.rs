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
            for v in ledger.verdicts(weighing) {
                let p = (v.p_value * k).min(1.0);
                if p >= alpha {
                    continue;
                }
                let who = weigh::who_text(lang, v.decider);
                let chance = weigh::chance_text(lang, crate::analysis::protection::Chance::bound(p));
                let seat = v.gainers.iter().find(|g| g.gained > g.expected && g.chance.p < 1.0);
                let line = match seat {
                    Some(g) => {
                        let args = [
                            ("table", (*table).clone()),
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
                        &[("table", (*table).clone()), ("who", who), ("chance", chance)],
                    ),
                };
                held.push(format!("  {line}"));
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
}
