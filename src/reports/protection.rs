//! Game protection read from a shift log (issue 28): every operation taken with the
//! table as it was before it, and each choice of a banker (or of a Chemin de fer
//! player) weighed by `analysis::protection`, which is pure; here is only the reading.

use crate::analysis::protection::{Keep, Options, Protection, Weigher};
use crate::journal::error::JournalError;
use crate::journal::record::Body;
use crate::journal::scan::{self, Mode, Seen, Source};
use std::path::Path;

/// The choices of the shift in the log at `path`, weighed.
pub fn weigh(path: impl AsRef<Path>, opts: Options) -> Result<Protection, JournalError> {
    let path = path.as_ref();
    let mut f = scan::open_file(path)?;
    weigh_from(path, &mut f, opts)
}

/// The choices of the shift read from `src` (a file, or a pit's records in memory).
pub fn weigh_from(path: &Path, src: &mut dyn Source, opts: Options) -> Result<Protection, JournalError> {
    weigh_streaming(path, src, opts, Keep::All, &mut |_| {})
}

/// The shift's verdicts, its choices not kept: each handed to `each` once its coup is
/// over (`Keep::Stream`), or to nobody (`Keep::Verdicts`). Memory stays flat however
/// long the shift.
pub fn weigh_streaming(
    path: &Path,
    src: &mut dyn Source,
    opts: Options,
    keep: Keep,
    each: &mut dyn FnMut(Decision),
) -> Result<Protection, JournalError> {
    let mut w = Weigher::keeping(opts, keep);
    let mut visit = |seen: Seen<'_>| {
        if let Seen::Record { line, record, before } = seen
            && let Body::Op { op, .. } = &record.body
        {
            w.op(line, before, op);
            if keep == Keep::Stream {
                w.drain().into_iter().for_each(&mut *each);
            }
        }
    };
    let replayed = scan::scan(path, src, Mode::Apply, Some(&mut visit))?;
    let mut p = w.finish(Some(&replayed.table));
    if keep == Keep::Stream {
        std::mem::take(&mut p.decisions).into_iter().for_each(each);
    }
    Ok(p)
}

use crate::analysis::banker::FivePlay;
use crate::analysis::banker::to_money;
use crate::analysis::protection::{Chance, Decider, Decision, Gainer, Kind, Role, Situation, Verdict};
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

/// A chance for people: exact or «at most», as «1 in N».
pub fn chance_text(lang: Lang, c: Chance) -> String {
    let exact = c.kind == Kind::Exact;
    if c.p >= 0.5 {
        return tr(lang, if exact { "protection-chance-even-exact" } else { "protection-chance-even" });
    }
    if c.p < 1e-9 {
        return tr(lang, if exact { "protection-chance-tiny-exact" } else { "protection-chance-tiny" });
    }
    let n = [("n", format!("{:.0}", (1.0 / c.p).round()))];
    tr_args(lang, if exact { "protection-chance-exact" } else { "protection-chance-at-most" }, &n)
}

fn money_text(lang: Lang, x: f64) -> String {
    crate::reports::summary_text::expectation(lang, x)
}

/// The chooser's first line: his choices, what they gave away, and whether he served a
/// party who is named.
fn verdict_head(lang: Lang, v: &Verdict) -> String {
    let id = match v.decider {
        Decider::Banker(_) => "protection-banker",
        Decider::Player(_) => "protection-player",
    };
    let head = i18n::tr_counts(
        lang,
        id,
        &[
            ("who", who_text(lang, v.decider)),
            ("against", v.against_best.to_string()),
            ("given", money_text(lang, v.given_away)),
            ("honest", money_text(lang, v.honest_given)),
        ],
        &[("decisions", u64::from(v.decisions))],
    );
    let named: Vec<String> = v.all_named().map(|g| party_text(lang, g)).collect();
    let tail = if named.is_empty() {
        tr(lang, "protection-not-flagged")
    } else {
        tr_args(lang, "protection-flagged-named", &[("list", named.join(", "))])
    };
    format!("{head} — {tail}")
}

/// A party in words, with the role he was served in: «Sec. 4», «Sec. 4 (banco)».
pub fn party_text(lang: Lang, g: &Gainer) -> String {
    let name = i18n::player_name(lang, g.player);
    match g.role {
        Role::Seat => name,
        Role::Banco => tr_args(lang, "protection-role-banco", &[("seat", name)]),
        Role::Banker => tr_args(lang, "protection-role-banker", &[("seat", name)]),
    }
}

/// The chooser's own choices: departures, free choices, habits (notes: no name).
fn evidence_lines(lang: Lang, v: &Verdict) -> Vec<String> {
    let mut out = Vec::new();
    if v.bound > 0 {
        out.push(i18n::tr_counts(
            lang,
            "protection-departures",
            &[
                ("departures", v.departures.to_string()),
                ("given", money_text(lang, v.departed_given)),
                ("chance", chance_text(lang, v.departures_chance)),
            ],
            &[("bound", u64::from(v.bound))],
        ));
    }
    if v.free > 0 {
        out.push(i18n::tr_counts(
            lang,
            "protection-free",
            &[
                ("given", money_text(lang, v.free_given)),
                ("honest", money_text(lang, v.free_honest)),
                ("chance", chance_text(lang, v.free_chance)),
            ],
            &[("free", u64::from(v.free))],
        ));
    }
    for h in &v.habits {
        out.push(i18n::tr_counts(
            lang,
            "protection-habit",
            &[("situation", reading_text(lang, h.stratum)), ("departures", h.departures.to_string())],
            &[("choices", u64::from(h.choices))],
        ));
    }
    out
}

/// A situation as the habits read it: «bank 6; Paño 1 stood».
pub fn reading_text(lang: Lang, s: crate::analysis::served::Stratum) -> String {
    let (bank, total, hands) = crate::analysis::verdict::reading_parts(s);
    if !bank {
        return tr_args(lang, "protection-sit-total", &[("total", total.to_string())]);
    }
    let mut parts = vec![tr_args(lang, "protection-sit-bank", &[("total", total.to_string())])];
    let two = hands[1] != Some(13);
    for (i, h) in hands.iter().enumerate() {
        let Some(code) = h.filter(|c| *c != 13) else { continue };
        let what = match code {
            10 => tr(lang, "protection-sit-natural"),
            11 => tr(lang, "protection-sit-stood"),
            x => tr_args(lang, "protection-sit-drew", &[("card", x.to_string())]),
        };
        let hand = if two { HandId::Tableau(i as u8 + 1) } else { HandId::Player };
        parts.push(format!("{} {what}", i18n::hand_name(lang, hand)));
    }
    parts.join("; ")
}

/// A party's figure: served in how many of the choices that mattered to him (habits
/// left out), departures and free choices apart, each against what an honest chooser
/// does there on average; the chance and its correction; money beside.
pub fn gainer_text(lang: Lang, g: &Gainer, tests: u32) -> String {
    let [(departed, bound), (free_served, free), _] = g.parts;
    // `+ 0.0`: an empty sum is −0.0, and is said 0.0.
    let one = |x: f64| format!("{:.1}", x + 0.0);
    let elsewhere = g.bound_directed.weighed();
    let departures = if bound > 0 {
        let args = [
            ("departed", departed.to_string()),
            ("bound", bound.to_string()),
            ("bound_other", elsewhere.hurt.to_string()),
            ("bound_others", elsewhere.could_hurt.to_string()),
            ("bound_honest", one(g.parts_honest[0])),
        ];
        format!("{}; ", tr_args(lang, "protection-served-bound", &args))
    } else {
        String::new()
    };
    let mut args = vec![
        ("seat", party_text(lang, g)),
        ("served", (departed + free_served).to_string()),
        ("departures", departures),
        ("free_served", free_served.to_string()),
        ("free", free.to_string()),
        ("free_honest", one(g.parts_honest[1])),
        ("honest", one(g.parts_honest[0] + g.parts_honest[1])),
        ("chance", chance_text(lang, g.chance)),
        ("corrected", chance_text(lang, Chance::bound(g.p_value))),
        ("tests", tests.to_string()),
        ("amount", money_text(lang, g.gained)),
        ("expected", money_text(lang, g.expected)),
    ];
    let mut text = i18n::tr_counts(lang, "protection-served", &args, &[("mattered", u64::from(bound + free))]);
    if g.in_habits > 0 {
        args.push(("habits", g.in_habits.to_string()));
        text.push_str(&tr_args(lang, "protection-served-habits", &args));
    }
    text.push_str(&directed_text(lang, g));
    text
}

/// Where the chooser's departures from his better option fell, for this party: how
/// many served him, how many hurt him, against where a chooser whose whims do not know
/// who bets puts them on average; nothing where he made none that could have fallen
/// either way.
fn directed_text(lang: Lang, g: &Gainer) -> String {
    let w = g.directed.weighed();
    if w.departures() == 0 {
        return String::new();
    }
    let args = [
        ("for", w.served.to_string()),
        ("could_serve", w.could_serve.to_string()),
        ("against", w.hurt.to_string()),
        ("could_hurt", w.could_hurt.to_string()),
        ("departures", w.departures().to_string()),
        ("dir_honest", format!("{:.1}", g.parts_honest[2] + 0.0)),
        ("dir_chance", chance_text(lang, g.chances[2])),
    ];
    tr_args(lang, "protection-served-directed", &args)
}

/// «NAMED (on …): » before a party named, with the figures that named him, each with
/// its chance corrected for every figure weighed: which test named whom.
pub fn named_text(lang: Lang, g: &Gainer) -> String {
    const ON: [&str; 3] = ["protection-on-departures", "protection-on-free", "protection-on-directed"];
    let on: Vec<String> = ON
        .iter()
        .zip(g.named_on.iter().zip(g.p_parts))
        .filter(|(_, (named, _))| **named)
        .map(|(id, (_, p))| tr_args(lang, id, &[("corrected", chance_text(lang, Chance::bound(p)))]))
        .collect();
    if on.is_empty() {
        return format!("{}: ", tr(lang, "protection-named"));
    }
    format!("{}: ", tr_args(lang, "protection-named-on", &[("on", on.join("; "))]))
}

/// One chooser's verdict: its head line, his own evidence apart, and the parties his
/// choices mattered to (the named first, then the least likely, three in all).
pub fn verdict_lines(lang: Lang, v: &Verdict) -> Vec<String> {
    let mut out = vec![verdict_head(lang, v)];
    out.extend(evidence_lines(lang, v).into_iter().map(|l| format!("  {l}")));
    let shown = v.gainers.iter().filter(|g| g.named).chain(v.gainers.iter().filter(|g| !g.named && g.served > 0));
    for g in shown.take(3) {
        let flag = if g.named { named_text(lang, g) } else { String::new() };
        out.push(format!("  {flag}{}", gainer_text(lang, g, v.tests)));
    }
    out
}

/// The «Game protection» section of a shift's report: how it weighs (the play on 5,
/// the slip rate, the correction), then each chooser, then the parties over every
/// chooser together.
pub fn protection_lines(lang: Lang, p: &Protection, opts: Options) -> Vec<String> {
    let mut out = vec![tr(lang, "protection-title")];
    out.push(format!("  {}", reference_text(lang, opts, p.tests, p.weighed)));
    if p.verdicts.is_empty() {
        out.push(format!("  {}", tr(lang, "protection-none")));
    }
    for v in &p.verdicts {
        out.extend(verdict_lines(lang, v).into_iter().map(|l| format!("  {l}")));
    }
    out.extend(seat_lines(lang, p).into_iter().map(|l| format!("  {l}")));
    if p.unweighed > 0 {
        out.push(format!("  {}", tr_args(lang, "protection-unweighed", &[("count", p.unweighed.to_string())])));
    }
    out
}

/// Each party's figure over every chooser together: the named, then the least likely.
fn seat_lines(lang: Lang, p: &Protection) -> Vec<String> {
    let shown = p.seats.iter().filter(|g| g.named).chain(p.seats.iter().filter(|g| !g.named && g.served > 0));
    let listed: Vec<String> = shown
        .take(3)
        .map(|g| {
            let flag = if g.named { named_text(lang, g) } else { String::new() };
            format!("{flag}{}", gainer_text(lang, g, p.tests))
        })
        .collect();
    if listed.is_empty() {
        return Vec::new();
    }
    vec![tr_args(lang, "protection-seats", &[("list", listed.join("; "))])]
}

/// The play on 5 in words (the house file's).
pub fn five_text(lang: Lang, five: FivePlay) -> String {
    match five {
        FivePlay::Draw => tr(lang, "protection-five-draw"),
        FivePlay::Stand => tr(lang, "protection-five-stand"),
        FivePlay::Mix(p) => tr_args(lang, "protection-five-mix", &[("p", format!("{p}"))]),
    }
}

/// How the shift is weighed, in one line: the reference, the play on 5, and the
/// correction for the figures weighed.
pub fn reference_text(lang: Lang, opts: Options, tests: u32, weighed: u32) -> String {
    let slip = format!("{:.0}", (1.0 / opts.lapse.max(1e-12)).round());
    let alpha = format!("{:.0}", (1.0 / opts.alpha.max(1e-12)).round());
    tr_args(
        lang,
        "protection-reference",
        &[
            ("five", five_text(lang, opts.five)),
            ("slip", slip),
            ("tests", tests.to_string()),
            ("weighed", weighed.to_string()),
            ("alpha", alpha),
        ],
    )
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
pub fn decision_row(shift: &[String; 4], d: &Decision, flagged: bool, lapse: f64) -> Vec<String> {
    let cents = csv_money;
    let honest = d.honest(lapse);
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
