//! Spanish and English texts, from `locales/<lang>/*.ftl` (Fluent), compiled into
//! the binary. The command line and the app render the same messages.

use crate::engine::coup::Pending;
use crate::engine::refusal::{Arg, Refusal};
use crate::engine::{
    BankDuty, Call, Clause, ErrorKind, ErrorRecord, Event, HandId, Infraction, InfractionKind, PlayerRef, Spot,
};
use crate::journal::export::ExportError;
use crate::journal::record::LineError;
use crate::journal::{BadRecord, JournalError, Problem, SettlementPart};
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
    articles(lang, LOCALES.lookup_with_args(&lang.id(), id, &map))
}

/// The hand names carry their article (`El jugador`, `La banca`, `The player`)
/// because they also stand alone as labels. Put inside a sentence, the article is
/// lower case, and in Spanish it contracts after `a` and `de`: «vuelve al jugador»,
/// «las cartas del jugador», «juega primero el jugador; la banca espera».
fn articles(lang: Lang, text: String) -> String {
    const ES: [(&str, &str); 2] = [("El jugador", "el jugador"), ("La banca", "la banca")];
    const EN: [(&str, &str); 2] = [("The player", "the player"), ("The bank", "the bank")];
    let names = match lang {
        Lang::Es => &ES,
        Lang::En => &EN,
    };
    if !names.iter().any(|(name, _)| text.contains(name)) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some((at, name, lower)) =
        names.iter().filter_map(|(name, lower)| rest.find(name).map(|at| (at, *name, *lower))).min_by_key(|f| f.0)
    {
        out.push_str(&rest[..at]);
        rest = &rest[at + name.len()..];
        let before = out.trim_end_matches([' ', '«', '¿', '¡', '(', '"']);
        let starts_sentence = before.is_empty() || before.ends_with(['.', '!', '?', '\n', '·', '—', '|']);
        if starts_sentence {
            out.push_str(name);
            continue;
        }
        out.push_str(lower);
        if lower == "el jugador" {
            // `a el` → `al`, `de el` → `del`, only where `a` or `de` is a word of its own.
            let head = &out[..out.len() - lower.len()];
            for (word, joined) in [(" a ", " al "), (" de ", " del "), (" A ", " Al "), (" De ", " Del ")] {
                let (keep, joined) = if head.ends_with(word) {
                    (head.len() - word.len(), joined)
                } else if head == word.trim_start() {
                    (0, joined.trim_start())
                } else {
                    continue;
                };
                out = format!("{}{joined}jugador", &head[..keep]);
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The message `id` in `lang` with arguments, or `None` when `lang` lacks it or an
/// argument is missing (tests use it to find missing texts).
pub fn try_tr_args(lang: Lang, id: &str, args: &[(&str, String)]) -> Option<String> {
    let map: HashMap<Cow<'static, str>, FluentValue<'_>> =
        args.iter().map(|(k, v)| (Cow::Owned(k.to_string()), FluentValue::from(v.clone()))).collect();
    LOCALES.try_lookup_with_args(&lang.id(), id, &map)
}

/// An amount as the croupier reads it: `1.047,50` in Spanish, `1,047.50` in
/// English; whole amounts without decimals (`40`).
pub fn money(lang: Lang, m: crate::engine::Money) -> String {
    let s = m.to_string();
    let (neg, s) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s.as_str()),
    };
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let (group, point) = match lang {
        Lang::Es => ('.', ','),
        Lang::En => (',', '.'),
    };
    let mut out = String::with_capacity(s.len() + 4);
    if neg {
        out.push('-');
    }
    let digits: Vec<char> = int.chars().collect();
    for (i, c) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(group);
        }
        out.push(*c);
    }
    let frac = frac.trim_end_matches('0');
    if !frac.is_empty() {
        out.push(point);
        out.push_str(frac);
        if frac.len() == 1 {
            out.push('0');
        }
    }
    out
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

/// A player as the croupier names him: `Secc. 3`, `3 de pie`.
pub fn player_name(lang: Lang, p: PlayerRef) -> String {
    let id = if p.standing { "player-standing" } else { "player-seated" };
    tr_args(lang, id, &[("seat", p.seat.to_string())])
}

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
        Pending::PutRight { clause, hand, fix } => {
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
        Pending::Reopen { announced, actual } => {
            tr_args(lang, "ruling-reopen", &[("announced", announced.to_string()), ("actual", actual.to_string())])
        }
    }
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
        _ => None,
    }
}

// What `sabot verify` and `sabot export` say about a shift log (`verify.ftl`).

/// Why a line is not a good record, in `lang` (the RON reader's own words kept).
pub fn line_error_text(lang: Lang, e: &LineError) -> String {
    match e {
        LineError::NotARecord => tr(lang, "line-not-a-record"),
        LineError::Frame => tr(lang, "line-frame"),
        LineError::Hash => tr(lang, "line-hash"),
        LineError::Newer(v) => {
            tr_args(lang, "line-newer", &[("format", v.to_string()), ("supported", crate::journal::FORMAT.to_string())])
        }
        LineError::Ron(why) => tr_args(lang, "line-ron", &[("why", why.clone())]),
        LineError::UnknownKind(why) => tr_args(lang, "line-unknown-kind", &[("why", why.clone())]),
    }
}

fn part_name(lang: Lang, part: SettlementPart) -> String {
    tr(
        lang,
        match part {
            SettlementPart::BankBefore => "part-bank-before",
            SettlementPart::BankNet => "part-bank-net",
            SettlementPart::Cagnotte => "part-cagnotte",
            SettlementPart::Commission => "part-commission",
            SettlementPart::BankAfter => "part-bank-after",
            SettlementPart::Void => "part-void",
            SettlementPart::Winners => "part-winners",
            SettlementPart::Hands => "part-hands",
            SettlementPart::Seats => "part-seats",
            SettlementPart::Bets => "part-bets",
        },
    )
}

/// What is wrong with a shift log, in `lang`.
pub fn problem_text(lang: Lang, p: &Problem) -> String {
    let t = |id: &str| tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| tr_args(lang, id, args);
    let why = |id: &str, e: &LineError| ta(id, &[("why", line_error_text(lang, e))]);
    let prefix = || ("prefix", crate::journal::TRAINING_PREFIX.to_string());
    match p {
        Problem::NoHomeFolder { var } => ta("journal-no-home", &[("var", var.to_string())]),
        Problem::TooManyNames => t("journal-too-many-names"),
        Problem::Empty => t("journal-empty"),
        Problem::HeaderUnfinished { bytes: None } => t("journal-header-unfinished"),
        Problem::HeaderUnfinished { bytes: Some(n) } => {
            ta("journal-header-unfinished-bytes", &[("bytes", n.to_string())])
        }
        Problem::NotALog => t("journal-not-a-log"),
        Problem::NotReplayable => t("journal-not-replayable"),
        Problem::FirstNotHeader => t("journal-first-not-header"),
        Problem::HeaderUnreadable(e) => why("journal-header-unreadable", e),
        Problem::HasHeader => t("journal-has-header"),
        Problem::TrainingOwnFile => ta("journal-training-own-file", &[prefix()]),
        Problem::LiveInTrainingFile => ta("journal-live-in-training-file", &[prefix()]),
        Problem::HeaderDamaged(e) => why("journal-header-damaged", e),
        Problem::HeaderMissing { first } => ta("journal-header-missing", &[("first", first.to_string())]),
        Problem::HeaderNotZero { seq } => ta("journal-header-not-zero", &[("seq", seq.to_string())]),
        Problem::HeaderPrevNotZero => t("journal-header-prev-not-zero"),
        Problem::HeaderDiffers => t("journal-header-differs"),
        Problem::HeaderSettings { what, clause } => {
            ta("journal-header-settings", &[("what", what.clone()), ("clause", clause.to_string())])
        }
        Problem::Line(e) => line_error_text(lang, e),
        Problem::LastDamaged(e) => why("journal-last-damaged", e),
        Problem::NotSetAside(inner) => ta("journal-not-set-aside", &[("what", problem_text(lang, inner))]),
        Problem::Torn { bytes } => ta("journal-torn", &[("bytes", bytes.to_string())]),
        Problem::AfterClose => t("journal-after-close"),
        Problem::BytesAfterClose => t("journal-bytes-after-close"),
        Problem::Missing { expected, seq } => {
            ta("journal-missing", &[("expected", expected.to_string()), ("seq", seq.to_string())])
        }
        Problem::OutOfOrder { seq, expected } => {
            ta("journal-out-of-order", &[("seq", seq.to_string()), ("expected", expected.to_string())])
        }
        Problem::ChainBroken => t("journal-chain-broken"),
        Problem::TimeBack { time, previous } => {
            ta("journal-time-back", &[("time", time.to_rfc3339()), ("previous", previous.to_rfc3339())])
        }
        Problem::TableDiffers => t("journal-table-differs"),
        Problem::CroupierDiffers { croupier } => ta("journal-croupier-differs", &[("croupier", croupier.clone())]),
        Problem::SecondHeader => t("journal-second-header"),
        Problem::Refused(r) => ta("journal-refused", &[("refusal", refusal_text(lang, r))]),
        Problem::SettlementDiffers { coup, parts } => {
            let parts = if parts.is_empty() {
                t("journal-settlement-details")
            } else {
                parts
                    .iter()
                    .map(|d| {
                        ta(
                            "journal-settlement-part",
                            &[
                                ("part", part_name(lang, d.part)),
                                ("logged", d.logged.clone()),
                                ("computed", d.computed.clone()),
                            ],
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            ta("journal-settlement-differs", &[("coup", coup.to_string()), ("parts", parts)])
        }
        Problem::EventsDiffer { at, logged, computed } => {
            let show = |e: &Option<String>| e.clone().unwrap_or_else(|| t("journal-nothing"));
            ta(
                "journal-events-differ",
                &[("at", at.to_string()), ("logged", show(logged)), ("computed", show(computed))],
            )
        }
        Problem::ClosingTotals { logged: l, replayed: r } => ta(
            "journal-closing-totals",
            &[
                ("coups", l.coups.to_string()),
                ("bank", money(lang, l.bank)),
                ("cagnotte", money(lang, l.cagnotte)),
                ("commission", money(lang, l.commission)),
                ("rcoups", r.coups.to_string()),
                ("rbank", money(lang, r.bank)),
                ("rcagnotte", money(lang, r.cagnotte)),
                ("rcommission", money(lang, r.commission)),
            ],
        ),
        Problem::Overflow(m) => ta("journal-overflow", &[("why", m.clone())]),
        Problem::InUse => t("journal-in-use"),
        Problem::NotRegularFile { kind } => ta("journal-not-regular", &[("kind", kind.to_string())]),
        Problem::CrLf => t("journal-crlf"),
        Problem::Bom => t("journal-bom"),
        Problem::UnknownKind { line } => ta("journal-unknown-kind", &[("line", line.to_string())]),
        Problem::Unterminated { seq } => ta("journal-unterminated", &[("seq", seq.to_string())]),
        Problem::SideFileMissing { file } => ta("journal-side-file-missing", &[("file", file.clone())]),
        Problem::SideFileDiffers { file } => ta("journal-side-file-differs", &[("file", file.clone())]),
    }
}

/// Where a bad record is and what is wrong with it: `línea 5 (registro 4): …`.
pub fn bad_record_text(lang: Lang, bad: &BadRecord) -> String {
    let what = problem_text(lang, &bad.what);
    match bad.seq {
        Some(seq) => tr_args(
            lang,
            "journal-bad-at-seq",
            &[("line", bad.line.to_string()), ("seq", seq.to_string()), ("what", what)],
        ),
        None => tr_args(lang, "journal-bad-at", &[("line", bad.line.to_string()), ("what", what)]),
    }
}

/// What the journal was doing when the system refused, in `lang` (as given, if
/// it is not one of the journal's own).
fn doing_text(lang: Lang, doing: &str) -> String {
    let id = match doing {
        "read the shift log" => "doing-read-log",
        "read" => "doing-read",
        "open" => "doing-open",
        "write" => "doing-write",
        "sync" => "doing-sync",
        "create the file" => "doing-create-file",
        "create the folder" => "doing-create-folder",
        "list the folder" => "doing-list-folder",
        "open the folder to sync it" => "doing-open-folder",
        "sync the folder" => "doing-sync-folder",
        "rename the new file into place" => "doing-rename",
        "cut the record in flight off" => "doing-cut",
        "move aside" => "doing-move-aside",
        "lock" => "doing-lock",
        "start the shift log's writer thread" => "doing-start-writer",
        other => return other.to_string(),
    };
    tr(lang, id)
}

/// A journal error in `lang`, without the file's name (the system's own message
/// kept).
pub fn journal_error_reason(lang: Lang, e: &JournalError) -> String {
    match e {
        JournalError::Io { doing, message, .. } => {
            tr_args(lang, "journal-io", &[("doing", doing_text(lang, doing)), ("message", message.clone())])
        }
        JournalError::Unreadable { what, .. } | JournalError::Training { what, .. } => problem_text(lang, what),
        JournalError::NewerFormat { line, format, supported, .. } => tr_args(
            lang,
            "journal-newer-format",
            &[("line", line.to_string()), ("format", format.to_string()), ("supported", supported.to_string())],
        ),
        JournalError::Bad { bad, .. } => bad_record_text(lang, bad),
        JournalError::Encode(why) => tr_args(lang, "journal-encode", &[("why", why.clone())]),
        JournalError::NotLogged(why) => tr_args(lang, "journal-not-logged", &[("why", why.clone())]),
        JournalError::Poisoned { .. } => tr(lang, "journal-poisoned"),
        JournalError::Closed { .. } => tr(lang, "journal-closed"),
        JournalError::WriterGone => tr(lang, "journal-writer-gone"),
    }
}

/// A journal error in `lang`, with the file's name as `Display` gives it.
pub fn journal_error_text(lang: Lang, e: &JournalError) -> String {
    let reason = journal_error_reason(lang, e);
    match e {
        JournalError::Io { path, .. }
        | JournalError::Unreadable { path, .. }
        | JournalError::NewerFormat { path, .. }
        | JournalError::Bad { path, .. }
        | JournalError::Poisoned { path }
        | JournalError::Closed { path }
        | JournalError::Training { path, .. } => format!("{}: {reason}", path.display()),
        JournalError::Encode(_) | JournalError::NotLogged(_) | JournalError::WriterGone => reason,
    }
}

/// Why a coup could not be exported, in `lang` (the script checker's own words kept).
pub fn export_error_text(lang: Lang, e: &ExportError) -> String {
    match e {
        ExportError::Journal(e) => journal_error_reason(lang, e),
        ExportError::NoSuchCoup { wanted, coups } => {
            tr_args(lang, "export-no-such-coup", &[("wanted", wanted.to_string()), ("coups", coups.to_string())])
        }
        ExportError::NoStep { coup, line, op } => tr_args(
            lang,
            "export-no-step",
            &[("coup", coup.to_string()), ("line", line.to_string()), ("op", op.clone())],
        ),
        ExportError::Mismatch(why) => tr_args(lang, "export-mismatch", &[("why", why.clone())]),
        ExportError::StepRefused { step, refusal } => tr_args(
            lang,
            "export-step-refused",
            &[("step", step.to_string()), ("refusal", refusal_text(lang, refusal))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanish_hand_names_take_their_article_inside_a_sentence() {
        let f = |s: &str| articles(Lang::Es, s.to_string());
        assert_eq!(f("El jugador tiene 3: debe pedir carta"), "El jugador tiene 3: debe pedir carta");
        assert_eq!(f("La carta vuelve a El jugador."), "La carta vuelve al jugador.");
        assert_eq!(f("Descubra primero las cartas de El jugador."), "Descubra primero las cartas del jugador.");
        assert_eq!(f("A El jugador se le dieron 9♥"), "Al jugador se le dieron 9♥");
        assert_eq!(f("Carta para El jugador"), "Carta para el jugador");
        assert_eq!(f("Juega primero El jugador; La banca espera."), "Juega primero el jugador; la banca espera.");
        assert_eq!(f("gana: El jugador contra La banca"), "gana: el jugador contra la banca");
        assert_eq!(f("Paño 1 pasa. La banca gana"), "Paño 1 pasa. La banca gana");
        assert_eq!(f("¿La banca pide?"), "¿La banca pide?");
        assert_eq!(f("contra Paño 2"), "contra Paño 2");
        // Through Fluent: a message whose hand comes mid-sentence.
        let hand = hand_name(Lang::Es, HandId::Player);
        assert_eq!(tr_args(Lang::Es, "owed-card", &[("hand", hand.clone())]), "Carta para el jugador");
        assert_eq!(
            tr_args(Lang::En, "owed-card", &[("hand", hand_name(Lang::En, HandId::Player))]),
            "A card for the player"
        );
        assert_eq!(articles(Lang::En, "The bank stands; The player draws".into()), "The bank stands; the player draws");
    }
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
            R::BankerPunts,
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
            R::NotDuringDeal,
            R::ClaimAfterPayment,
            R::NothingToClaim,
            R::NoSuchCoup { coup: 9 },
            R::AmendNeedsReason,
            R::NotATotal { total: 12 },
            R::NothingToConfirm,
            R::HandWasShown { hand: h },
            R::TestimonyNeeded { hand: h },
            R::RulingPending,
            R::NotThatError { hand: h },
            R::NoLaterCard,
            R::Frozen,
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
                | R::BankerPunts
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
                | R::NotInThisGame
                | R::NotDuringDeal
                | R::ClaimAfterPayment
                | R::NothingToClaim
                | R::NoSuchCoup { .. }
                | R::AmendNeedsReason
                | R::NotATotal { .. }
                | R::NothingToConfirm
                | R::HandWasShown { .. }
                | R::TestimonyNeeded { .. }
                | R::RulingPending
                | R::NotThatError { .. }
                | R::NoLaterCard
                | R::Frozen => {}
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
                .map(|clause| Pending::PutRight { clause, hand: h, fix: Call::Draw })
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
        let e14 = Pending::PutRight { clause: Clause::BQE14, hand: h, fix: Call::Draw };
        assert!(ruling_text(Lang::Es, &e14).starts_with("R-BQ-E14 — Paño 1 debía pedir carta"));
        assert!(
            ruling_text(Lang::En, &Pending::Reopen { announced: 6, actual: 5 })
                .starts_with("R-BQ-E12 — The banker announced 6 but has 5")
        );
    }

    fn problems() -> Vec<Problem> {
        use crate::journal::{Differs, Figures};
        let at = |s: &str| chrono::DateTime::parse_from_rfc3339(s).unwrap_or_default();
        let figures = |n: i64| Figures {
            coups: 5,
            bank: crate::engine::Money::cents(n),
            cagnotte: crate::engine::Money::cents(2850),
            commission: crate::engine::Money::ZERO,
        };
        let v = vec![
            Problem::NoHomeFolder { var: "SABOT_DATA_DIR" },
            Problem::TooManyNames,
            Problem::Empty,
            Problem::HeaderUnfinished { bytes: None },
            Problem::HeaderUnfinished { bytes: Some(12) },
            Problem::NotALog,
            Problem::NotReplayable,
            Problem::FirstNotHeader,
            Problem::HeaderUnreadable(LineError::Frame),
            Problem::HasHeader,
            Problem::TrainingOwnFile,
            Problem::LiveInTrainingFile,
            Problem::HeaderDamaged(LineError::Hash),
            Problem::HeaderMissing { first: 3 },
            Problem::HeaderNotZero { seq: 2 },
            Problem::HeaderPrevNotZero,
            Problem::HeaderDiffers,
            Problem::HeaderSettings { what: "decks".into(), clause: Clause::BQ11 },
            Problem::Line(LineError::NotARecord),
            Problem::Line(LineError::Newer(2)),
            Problem::Line(LineError::Ron("expected `)` (column 9)".into())),
            Problem::LastDamaged(LineError::Hash),
            Problem::NotSetAside(Box::new(Problem::LastDamaged(LineError::Frame))),
            Problem::Torn { bytes: 40 },
            Problem::AfterClose,
            Problem::BytesAfterClose,
            Problem::Missing { expected: 4, seq: 5 },
            Problem::OutOfOrder { seq: 3, expected: 5 },
            Problem::ChainBroken,
            Problem::TimeBack { time: at("2025-05-01T22:00:00+02:00"), previous: at("2025-05-01T22:01:00+02:00") },
            Problem::TableDiffers,
            Problem::CroupierDiffers { croupier: "Luis".into() },
            Problem::SecondHeader,
            Problem::Refused(Box::new(Refusal::new(
                Clause::BQ11,
                crate::engine::Reason::MustDraw { hand: HandId::Tableau(1), total: 3 },
            ))),
            Problem::SettlementDiffers { coup: 3, parts: vec![] },
            Problem::SettlementDiffers {
                coup: 3,
                parts: vec![Differs {
                    part: SettlementPart::Commission,
                    logged: "1.25".into(),
                    computed: "1.20".into(),
                }],
            },
            Problem::EventsDiffer { at: 2, logged: Some("Card(9h)".into()), computed: None },
            Problem::ClosingTotals { logged: Box::new(figures(104750)), replayed: Box::new(figures(104700)) },
            Problem::Overflow("the amount is too large".into()),
            Problem::InUse,
            Problem::NotRegularFile { kind: "fifo" },
            Problem::CrLf,
            Problem::Bom,
            Problem::UnknownKind { line: 7 },
            Problem::Unterminated { seq: 9 },
            Problem::SideFileMissing { file: "a.sabotlog.torn-line3-20250501-221305".into() },
            Problem::SideFileDiffers { file: "a.sabotlog.torn-line3-20250501-221305".into() },
            Problem::Line(LineError::UnknownKind("Amendment".into())),
        ];
        // Every kind of problem is among the samples (a new one must be added).
        for p in &v {
            match p {
                Problem::NoHomeFolder { .. }
                | Problem::TooManyNames
                | Problem::Empty
                | Problem::HeaderUnfinished { .. }
                | Problem::NotALog
                | Problem::NotReplayable
                | Problem::FirstNotHeader
                | Problem::HeaderUnreadable(_)
                | Problem::HasHeader
                | Problem::TrainingOwnFile
                | Problem::LiveInTrainingFile
                | Problem::HeaderDamaged(_)
                | Problem::HeaderMissing { .. }
                | Problem::HeaderNotZero { .. }
                | Problem::HeaderPrevNotZero
                | Problem::HeaderDiffers
                | Problem::HeaderSettings { .. }
                | Problem::Line(_)
                | Problem::LastDamaged(_)
                | Problem::NotSetAside(_)
                | Problem::Torn { .. }
                | Problem::AfterClose
                | Problem::BytesAfterClose
                | Problem::Missing { .. }
                | Problem::OutOfOrder { .. }
                | Problem::ChainBroken
                | Problem::TimeBack { .. }
                | Problem::TableDiffers
                | Problem::CroupierDiffers { .. }
                | Problem::SecondHeader
                | Problem::Refused(_)
                | Problem::SettlementDiffers { .. }
                | Problem::EventsDiffer { .. }
                | Problem::ClosingTotals { .. }
                | Problem::Overflow(_)
                | Problem::InUse
                | Problem::NotRegularFile { .. }
                | Problem::CrLf
                | Problem::Bom
                | Problem::UnknownKind { .. }
                | Problem::Unterminated { .. }
                | Problem::SideFileMissing { .. }
                | Problem::SideFileDiffers { .. } => {}
            }
        }
        v
    }

    /// What can be wrong with a shift log reads in both languages; in English it is
    /// what `Display` says (the refusal, given in the croupier's words, aside).
    #[test]
    fn every_journal_problem_reads_in_both_languages() {
        for p in problems() {
            let es = problem_text(Lang::Es, &p);
            let en = problem_text(Lang::En, &p);
            for t in [&es, &en] {
                assert!(!t.contains('{') && !t.contains("journal-") && !t.contains("line-"), "{p:?}: {t}");
            }
            assert_ne!(es, en, "{p:?}: the same text in both languages");
            if !matches!(p, Problem::Refused(_) | Problem::ClosingTotals { .. } | Problem::Overflow(_)) {
                assert_eq!(en, p.to_string());
            }
        }
        let refused = &problems().into_iter().find(|p| matches!(p, Problem::Refused(_))).unwrap_or(Problem::Empty);
        assert!(problem_text(Lang::Es, refused).contains("R-BQ-11 — Paño 1 tiene 3: debe pedir carta."));
        let totals = problems().into_iter().find(|p| matches!(p, Problem::ClosingTotals { .. }));
        let totals = totals.unwrap_or(Problem::Empty);
        assert!(problem_text(Lang::Es, &totals).contains("banca 1.047,50, cagnotte 28,50"));
        assert!(problem_text(Lang::En, &totals).contains("bank 1,047.50, cagnotte 28.50"));
        let bad = BadRecord { line: 5, seq: Some(4), what: Problem::ChainBroken };
        assert!(bad_record_text(Lang::Es, &bad).starts_with("línea 5 (registro 4): su hash"));
        assert_eq!(bad_record_text(Lang::En, &bad), bad.to_string());
    }

    #[test]
    fn journal_errors_read_in_both_languages() {
        let path = std::path::PathBuf::from("a.sabotlog");
        let io = std::io::Error::from(std::io::ErrorKind::NotFound);
        let errors = [
            JournalError::Io {
                path: path.clone(),
                doing: "read the shift log",
                kind: io.kind(),
                message: io.to_string(),
            },
            JournalError::Unreadable { path: path.clone(), what: Problem::Empty },
            JournalError::NewerFormat { path: path.clone(), line: 1, format: 2, supported: 1 },
            JournalError::Bad {
                path: path.clone(),
                bad: BadRecord { line: 2, seq: None, what: Problem::SecondHeader },
            },
            JournalError::Poisoned { path: path.clone() },
            JournalError::Closed { path: path.clone() },
            JournalError::Training { path: path.clone(), what: Problem::TrainingOwnFile },
            JournalError::WriterGone,
        ];
        for e in &errors {
            let es = journal_error_text(Lang::Es, e);
            let en = journal_error_text(Lang::En, e);
            assert_ne!(es, en);
            assert_eq!(en, e.to_string());
        }
        assert!(journal_error_text(Lang::Es, &errors[0]).starts_with("a.sabotlog: no se puede leer el registro"));
        let no_coup = ExportError::NoSuchCoup { wanted: 2, coups: 1 };
        assert_eq!(export_error_text(Lang::En, &no_coup), no_coup.to_string());
        assert!(export_error_text(Lang::Es, &no_coup).starts_with("el turno no tiene jugada 2"));
    }

    #[test]
    fn languages_parse() {
        assert_eq!(Lang::parse("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("es"), Some(Lang::Es));
        assert_eq!(Lang::parse("C.UTF-8"), None);
    }
}
