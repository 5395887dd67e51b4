//! A shift's summary in the pit boss's words (`report.ftl`), Spanish or English:
//! what `sabot report` prints and the review's glance shows. No event names, times
//! to the second, plurals by Fluent's selectors.

use super::report::local_time;
use super::summary::{BankerResult, Group, GroupBy, Incident, Integrity, Summary};
use super::text::problem_text;
use crate::engine::{Clause, Money};
use crate::i18n::{self, Lang, tr, tr_args, tr_counts};
use std::collections::BTreeMap;

/// An amount to the cent, as the pit boss reads it: `1.047,50`, `1,047.50`, `40,00`.
/// An expectation (a float of the analysis) as money to the cent; one that is no
/// amount (not finite, past the bound) says so, never a zero.
pub fn expectation(lang: Lang, x: f64) -> String {
    match crate::analysis::banker::to_money(x) {
        Ok(m) => cents(lang, m),
        Err(_) => i18n::tr(lang, "expectation-not-an-amount"),
    }
}

pub fn cents(lang: Lang, m: Money) -> String {
    let s = i18n::money(lang, m);
    let point = match lang {
        Lang::Es => ',',
        Lang::En => '.',
    };
    if s.contains(point) { s } else { format!("{s}{point}00") }
}

/// The log's integrity in plain words.
pub fn integrity_text(lang: Lang, i: &Integrity) -> String {
    match i {
        Integrity::Sound => tr(lang, "report-integrity-sound"),
        Integrity::NotClosed { torn: None } => tr(lang, "report-integrity-open"),
        Integrity::NotClosed { torn: Some(p) } => {
            tr_args(lang, "report-integrity-open-torn", &[("what", problem_text(lang, p))])
        }
        Integrity::Damaged { line, seq, what } => {
            let record = seq.unwrap_or((*line as u64).saturating_sub(1));
            tr_args(
                lang,
                "report-integrity-damaged",
                &[("record", record.to_string()), ("line", line.to_string()), ("what", problem_text(lang, what))],
            )
        }
    }
}

/// Counts by clause: `R-BQ-E2 una vez, R-BQ-E8 2 veces`.
pub fn by_clause_text(lang: Lang, m: &BTreeMap<Clause, u32>) -> String {
    m.iter()
        .map(|(c, n)| tr_counts(lang, "report-by-clause", &[("clause", c.to_string())], &[("count", u64::from(*n))]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reconciliation as a small sum, one term a line, the result checked.
pub fn reconciliation_lines(lang: Lang, s: &Summary) -> Vec<String> {
    let r = &s.reconciliation;
    let terms = [
        (' ', "report-bank-start", r.bank_start),
        ('+', "report-brought-in", r.brought_in),
        ('−', "report-taken-out", r.taken_out),
        ('+', "report-bank-net", r.bank_net),
        ('−', "report-cagnotte", r.cagnotte),
        ('=', "report-bank-end", r.bank_end),
    ];
    let names: Vec<String> = terms.iter().map(|(_, id, _)| tr(lang, id)).collect();
    let amounts: Vec<String> = terms.iter().map(|(_, _, m)| cents(lang, *m)).collect();
    let wide = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let wide_amount = amounts.iter().map(|a| a.chars().count()).max().unwrap_or(0);
    let mut out = vec![tr(lang, "report-bank-title")];
    for (i, (sign, _, _)) in terms.iter().enumerate() {
        let pad = wide - names[i].chars().count();
        let apad = wide_amount - amounts[i].chars().count();
        let mut line = format!("  {sign} {}{}  {}{}", names[i], " ".repeat(pad), " ".repeat(apad), amounts[i]);
        // A log that fails verification never shows a reconciliation as good.
        if i == terms.len() - 1 && r.balanced() && !s.integrity.is_damaged() {
            line.push_str(&format!("  ✔ {}", tr(lang, "report-balanced")));
        }
        out.push(line);
        // The opening banks apart from money brought in later (R-BQ-3, R-BQ-17, R-BQ-4).
        if i == 1 && r.brought_in.is_positive() && r.banks_taken != r.brought_in {
            let later = r.brought_in.saturating_sub(r.banks_taken);
            let args = [("taken", cents(lang, r.banks_taken)), ("later", cents(lang, later))];
            out.push(format!("      {}", tr_args(lang, "report-brought-in-split", &args)));
        }
    }
    if !r.balanced() {
        let sum = r.computed_end().map(|m| cents(lang, m)).unwrap_or_else(|e| e.to_string());
        out.push(tr_args(lang, "report-unbalanced", &[("sum", sum), ("end", cents(lang, r.bank_end))]));
    }
    out
}

/// Who a banker is: his seat, or the bank the log began with.
pub fn banker_name(lang: Lang, b: &BankerResult) -> String {
    match b.player {
        Some(p) => i18n::player_name(lang, p),
        None => tr(lang, "report-banker-unnamed"),
    }
}

pub fn banker_line(lang: Lang, b: &BankerResult) -> String {
    tr_counts(
        lang,
        "report-banker",
        &[
            ("who", banker_name(lang, b)),
            ("in", cents(lang, b.brought_in)),
            ("out", cents(lang, b.taken_out)),
            ("result", b.result().map_or_else(|e| crate::i18n::money_error_text(lang, &e), |r| cents(lang, r))),
            ("net", cents(lang, b.bank_net)),
            ("cagnotte", cents(lang, b.cagnotte)),
        ],
        &[("stints", u64::from(b.stints)), ("coups", u64::from(b.coups))],
    )
}

/// An incident's words: its clause and what the rules make of it.
pub fn incident_text(lang: Lang, i: &Incident) -> String {
    match i {
        Incident::Error(e) => i18n::error_text(lang, e),
        Incident::Infraction(x) => i18n::infraction_text(lang, x),
        Incident::Ruling(p) => tr_args(lang, "report-ruling", &[("what", i18n::ruling_text(lang, p))]),
    }
}

/// The errors recorded and the infractions found, each a line with its count by clause.
pub fn by_clause_lines(lang: Lang, s: &Summary) -> [String; 2] {
    let count = |m: &BTreeMap<Clause, u32>| u64::from(m.values().sum::<u32>());
    let errors = if s.errors.is_empty() {
        tr(lang, "report-errors-none")
    } else {
        tr_counts(lang, "report-errors", &[("list", by_clause_text(lang, &s.errors))], &[("count", count(&s.errors))])
    };
    let infractions = if s.infractions.is_empty() {
        tr(lang, "report-infractions-none")
    } else {
        let list = by_clause_text(lang, &s.infractions);
        tr_counts(lang, "report-infractions", &[("list", list)], &[("count", count(&s.infractions))])
    };
    [errors, infractions]
}

/// Incidents listed in full in the text report (all are counted).
const INCIDENTS_LISTED: usize = 50;

/// The whole shift, a line each, in `lang` (the file's name not included).
pub fn summary_lines(lang: Lang, s: &Summary) -> Vec<String> {
    let mut out = Vec::new();
    let training = if s.training { format!(" {}", tr(lang, "report-training")) } else { String::new() };
    let who = tr_args(
        lang,
        "report-who",
        // Names from the log, shown inert on every screen and command (issue 51).
        &[
            ("table", i18n::inert(&s.table)),
            ("croupier", i18n::inert(&s.croupier)),
            ("game", i18n::game_name(lang, s.game)),
        ],
    );
    out.push(format!("{who}{training}"));
    out.push(tr_args(
        lang,
        "report-when",
        &[("started", local_time(&s.started)), ("last", local_time(&s.last_record))],
    ));
    out.push(integrity_text(lang, &s.integrity));
    out.push(tr_counts(
        lang,
        "report-coups",
        &[],
        &[("coups", u64::from(s.coups)), ("ties", u64::from(s.ties)), ("void", u64::from(s.void_coups))],
    ));
    if s.coup_in_play {
        out.push(tr(lang, "report-coup-in-play"));
    }
    if s.game.has_bank() {
        out.extend(reconciliation_lines(lang, s));
    } else {
        out.push(tr_args(lang, "report-house-net", &[("amount", cents(lang, s.house_net))]));
        out.push(tr_args(lang, "report-commission", &[("amount", cents(lang, s.commission))]));
    }
    if !s.bankers.is_empty() {
        out.push(tr(lang, "report-bankers-title"));
        out.extend(s.bankers.iter().map(|b| format!("  {}", banker_line(lang, b))));
    }
    out.extend(by_clause_lines(lang, s));
    if s.against_table > 0 {
        out.push(tr_counts(lang, "report-against-table", &[], &[("count", u64::from(s.against_table))]));
    }
    out.extend(incident_lines(lang, s));
    out.extend(log_lines(lang, s));
    out
}

/// The shift's errors and infractions, the first `INCIDENTS_LISTED` in full, then how
/// many more.
fn incident_lines(lang: Lang, s: &Summary) -> Vec<String> {
    let mut out = Vec::new();
    let count = |m: &BTreeMap<Clause, u32>| u64::from(m.values().sum::<u32>());
    for i in s.incidents.iter().take(INCIDENTS_LISTED) {
        out.push(format!(
            "  {}",
            tr_args(
                lang,
                "report-incident",
                &[("coup", i.coup.to_string()), ("time", local_time(&i.at)), ("what", incident_text(lang, &i.what)),],
            )
        ));
    }
    let total = count(&s.errors) + count(&s.infractions);
    if total > INCIDENTS_LISTED as u64 {
        out.push(format!(
            "  {}",
            tr_counts(lang, "report-incidents-more", &[], &[("count", total - INCIDENTS_LISTED as u64)])
        ));
    }
    out
}

/// What was done to the log itself: amendments, entries taken back, recoveries after
/// a stop, the clock's jumps.
fn log_lines(lang: Lang, s: &Summary) -> Vec<String> {
    let mut out = Vec::new();
    if s.amendments.is_empty() {
        out.push(tr(lang, "report-amendments-none"));
    }
    for a in &s.amendments {
        out.push(tr_args(
            lang,
            "report-amendment",
            &[("coup", a.coup.to_string()), ("time", local_time(&a.at)), ("reason", i18n::inert(&a.reason))],
        ));
    }
    if s.corrections > 0 {
        out.push(tr_counts(
            lang,
            "report-taken-back",
            &[],
            &[("count", u64::from(s.corrections)), ("entries", u64::from(s.entries_taken_back))],
        ));
    }
    for r in &s.recoveries {
        out.push(match &r.set_aside {
            Some(f) => tr_args(lang, "report-recovery-aside", &[("time", local_time(&r.at)), ("file", i18n::inert(f))]),
            None => tr_args(lang, "report-recovery", &[("time", local_time(&r.at))]),
        });
    }
    for j in &s.clock_jumps {
        out.push(tr_args(lang, "report-clock-jump", &[("seen", local_time(&j.seen)), ("used", local_time(&j.used))]));
    }
    let more = s.left_out;
    if more != super::summary::LeftOut::default() {
        let counts = [
            ("amendments", u64::from(more.amendments)),
            ("recoveries", u64::from(more.recoveries)),
            ("jumps", u64::from(more.clock_jumps)),
        ];
        out.push(tr_counts(lang, "report-left-out", &[("kept", super::summary::INCIDENTS_KEPT.to_string())], &counts));
    }
    out
}

/// Shifts' totals grouped, a heading and a line a group.
pub fn group_lines(lang: Lang, by: GroupBy, groups: &[Group]) -> Vec<String> {
    let title = match by {
        GroupBy::Table => "report-group-table",
        GroupBy::Croupier => "report-group-croupier",
        GroupBy::Day => "report-group-day",
        GroupBy::Banker => "report-group-banker",
    };
    let mut out = vec![tr(lang, title)];
    for g in groups {
        if g.overflow {
            let why = crate::i18n::money_error_text(lang, &crate::engine::money::MoneyError::Overflow);
            out.push(format!("  {}: {why}", g.key));
            continue;
        }
        let id = if by == GroupBy::Banker { "report-group-banker-row" } else { "report-group-row" };
        out.push(format!(
            "  {}",
            tr_counts(
                lang,
                id,
                &[
                    ("key", g.key.clone()),
                    ("in", cents(lang, g.brought_in)),
                    ("out", cents(lang, g.taken_out)),
                    ("net", cents(lang, g.bank_net)),
                    ("cagnotte", cents(lang, g.cagnotte)),
                    ("commission", cents(lang, g.commission)),
                ],
                &[("shifts", u64::from(g.shifts)), ("coups", u64::from(g.coups))],
            )
        ));
        // Punto y Banca: the house plays the bets itself (no bank); its result,
        // commission included, said beside the bank's figures.
        if by != GroupBy::Banker && g.house_net != Money::ZERO {
            out.push(format!("    {}", tr_args(lang, "report-group-house", &[("house", cents(lang, g.house_net))])));
        }
        // A croupier's own corrections before payment (his keying errors).
        if by == GroupBy::Croupier && g.corrections > 0 {
            out.push(format!(
                "    {}",
                tr_counts(lang, "report-group-corrections", &[], &[("count", u64::from(g.corrections))])
            ));
        }
    }
    out
}

/// Training sessions together: the school's own figures (sessions and staged coups
/// by trainee), never money, never in a total. Nothing when there is none.
pub fn training_lines(lang: Lang, training: &[Summary]) -> Vec<String> {
    if training.is_empty() {
        return Vec::new();
    }
    let mut out = vec![tr(lang, "report-training-together")];
    for g in super::summary::groups(training, GroupBy::Croupier) {
        let counts = [("sessions", u64::from(g.shifts)), ("coups", u64::from(g.coups))];
        out.push(format!("  {}", tr_counts(lang, "report-training-row", &[("key", g.key)], &counts)));
    }
    out
}

/// What is said of a copy of a shift (`journal::shifts`).
pub fn copy_note_text(lang: Lang, note: &super::shifts::CopyNote) -> String {
    use super::shifts::CopyNote;
    let p = |p: &std::path::Path| p.display().to_string();
    match note {
        CopyNote::Same { first, .. } => tr_args(lang, "report-copy-same", &[("first", p(first))]),
        CopyNote::Older { newer, records_older, records_newer, .. } => tr_args(
            lang,
            "report-copy-older",
            &[
                ("newer", p(newer)),
                ("records_older", records_older.to_string()),
                ("records_newer", records_newer.to_string()),
            ],
        ),
        CopyNote::Differ { a, b, records_a, records_b, first_differing } => {
            let mut args = vec![
                ("a", p(a)),
                ("b", p(b)),
                ("records_a", records_a.to_string()),
                ("records_b", records_b.to_string()),
            ];
            match first_differing {
                Some(seq) => {
                    args.extend([("seq", seq.to_string()), ("line", seq.saturating_add(1).to_string())]);
                    tr_args(lang, "report-copy-differ-at", &args)
                }
                None => tr_args(lang, "report-copy-differ", &args),
            }
        }
        CopyNote::DamagedCopy { damaged, sound } => {
            tr_args(lang, "report-copy-damaged", &[("damaged", p(damaged)), ("sound", p(sound))])
        }
    }
}
