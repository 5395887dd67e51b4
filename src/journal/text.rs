//! What the shift log's problems and errors say, in Spanish or English
//! (`verify.ftl`): what `sabot verify`, `sabot report`, `sabot export` and the app
//! tell the croupier about a log.

use super::error::About;
use super::export::ExportError;
use super::record::LineError;
use super::{BadRecord, JournalError, NotLogged, Problem, SettlementPart};
use crate::i18n::{Lang, money, refusal_text, settings_text, tr, tr_args};

/// Why a line is not a good record, in `lang` (the RON reader's own words kept).
pub fn line_error_text(lang: Lang, e: &LineError) -> String {
    match e {
        LineError::NotARecord => tr(lang, "line-not-a-record"),
        LineError::Frame => tr(lang, "line-frame"),
        LineError::Hash => tr(lang, "line-hash"),
        LineError::Newer(v) => {
            tr_args(lang, "line-newer", &[("format", v.to_string()), ("supported", crate::journal::FORMAT.to_string())])
        }
        // The reader's words may quote the damaged line: shown inert (issue 51).
        LineError::Ron(why) => tr_args(lang, "line-ron", &[("why", crate::i18n::inert(why))]),
        LineError::UnknownKind(why) => tr_args(lang, "line-unknown-kind", &[("why", crate::i18n::inert(why))]),
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
    match p.about() {
        About::File => file_problem_text(lang, p),
        About::Record => record_problem_text(lang, p),
        About::Replay => replay_problem_text(lang, p),
    }
}

/// What is wrong with the file or its header.
fn file_problem_text(lang: Lang, p: &Problem) -> String {
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
        Problem::HeaderSettings(bad) => ta("journal-header-settings", &[("what", settings_text(lang, *bad))]),
        Problem::SecondHeader => t("journal-second-header"),
        Problem::Overflow => t("journal-overflow"),
        Problem::InUse => t("journal-in-use"),
        Problem::NotRegularFile { kind } => ta("journal-not-regular", &[("kind", kind.to_string())]),
        Problem::CrLf => t("journal-crlf"),
        Problem::Bom => t("journal-bom"),
        // Not of this group: `Problem::about` sends each problem to its own.
        p => format!("{p:?}"),
    }
}

/// What is wrong with a record, or its place in the chain.
fn record_problem_text(lang: Lang, p: &Problem) -> String {
    let t = |id: &str| tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| tr_args(lang, id, args);
    let why = |id: &str, e: &LineError| ta(id, &[("why", line_error_text(lang, e))]);
    match p {
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
        Problem::CroupierDiffers { croupier } => {
            ta("journal-croupier-differs", &[("croupier", crate::i18n::inert(croupier))])
        }
        Problem::UnknownKind { line } => ta("journal-unknown-kind", &[("line", line.to_string())]),
        Problem::Unterminated { seq } => ta("journal-unterminated", &[("seq", seq.to_string())]),
        Problem::SideFileMissing { file } => ta("journal-side-file-missing", &[("file", file.clone())]),
        Problem::SideFileDiffers { file } => ta("journal-side-file-differs", &[("file", file.clone())]),
        // Not of this group: `Problem::about` sends each problem to its own.
        p => format!("{p:?}"),
    }
}

/// How the coups as re-played differ from the log.
fn replay_problem_text(lang: Lang, p: &Problem) -> String {
    let t = |id: &str| tr(lang, id);
    let ta = |id: &str, args: &[(&str, String)]| tr_args(lang, id, args);
    match p {
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
        Problem::CoupTooLong { coup, most } => {
            ta("journal-coup-too-long", &[("coup", coup.to_string()), ("most", most.to_string())])
        }
        // Not of this group: `Problem::about` sends each problem to its own.
        p => format!("{p:?}"),
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

/// What the system said, in `lang`, for the kinds of failure a croupier or a pit
/// boss can act on (a missing folder, no permission, a full or read-only disk); None
/// for the others, whose system message is kept.
fn io_kind_text(lang: Lang, kind: std::io::ErrorKind) -> Option<String> {
    use std::io::ErrorKind as K;
    // In English the system's own message says it, and more exactly (the error's
    // `Display`, which the English text is).
    if lang == Lang::En {
        return None;
    }
    let id = match kind {
        K::NotFound => "io-not-found",
        K::PermissionDenied => "io-permission",
        K::AlreadyExists => "io-exists",
        K::StorageFull => "io-full",
        K::ReadOnlyFilesystem => "io-read-only",
        K::IsADirectory => "io-is-folder",
        K::NotADirectory => "io-not-folder",
        _ => return None,
    };
    Some(tr(lang, id))
}

/// A journal error in `lang`, without the file's name (the system's own message
/// kept where Sabot has no words of its own for it).
pub fn journal_error_reason(lang: Lang, e: &JournalError) -> String {
    match e {
        JournalError::Io { doing, kind, message, .. } => {
            let message = io_kind_text(lang, *kind).unwrap_or_else(|| message.clone());
            tr_args(lang, "journal-io", &[("doing", doing_text(lang, doing)), ("message", message)])
        }
        JournalError::Unreadable { what, .. } | JournalError::Training { what, .. } => problem_text(lang, what),
        JournalError::NewerFormat { line, format, supported, .. } => tr_args(
            lang,
            "journal-newer-format",
            &[("line", line.to_string()), ("format", format.to_string()), ("supported", supported.to_string())],
        ),
        JournalError::Bad { bad, .. } => bad_record_text(lang, bad),
        JournalError::Settings(bad) => tr_args(lang, "journal-settings", &[("why", settings_text(lang, *bad))]),
        JournalError::Encode(why) => tr_args(lang, "journal-encode", &[("why", why.clone())]),
        JournalError::TooLarge(o) => oversize_text(lang, o),
        JournalError::NotLogged(NotLogged::Refused(r)) => {
            tr_args(lang, "journal-not-logged-refused", &[("refusal", refusal_text(lang, r))])
        }
        JournalError::NotLogged(NotLogged::OtherEvents) => tr(lang, "journal-not-logged-events"),
        JournalError::Poisoned { .. } => tr(lang, "journal-poisoned"),
        JournalError::Closed { .. } => tr(lang, "journal-closed"),
        JournalError::WriterGone => tr(lang, "journal-writer-gone"),
    }
}

/// A record past its bounds, in `lang`: which, how long, and the most it may be.
pub fn oversize_text(lang: Lang, o: &super::bounds::Oversize) -> String {
    use super::bounds::{MAX_NAME, MAX_RECORD, MAX_TEXT, NameField, Oversize};
    match o {
        Oversize::Name { field, chars } => {
            let id = match field {
                NameField::Table => "journal-too-large-table",
                NameField::Croupier => "journal-too-large-croupier",
            };
            tr_args(lang, id, &[("chars", chars.to_string()), ("max", MAX_NAME.to_string())])
        }
        Oversize::Text { bytes, starts } => tr_args(
            lang,
            "journal-too-large-text",
            &[("bytes", bytes.to_string()), ("max", MAX_TEXT.to_string()), ("starts", crate::i18n::inert(starts))],
        ),
        Oversize::Record { bytes } => {
            tr_args(lang, "journal-too-large-record", &[("bytes", bytes.to_string()), ("max", MAX_RECORD.to_string())])
        }
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
        | JournalError::Training { path, .. } => {
            format!("{}: {reason}", crate::i18n::inert(&path.display().to_string()))
        }
        JournalError::Settings(_)
        | JournalError::Encode(_)
        | JournalError::TooLarge(_)
        | JournalError::NotLogged(_)
        | JournalError::WriterGone => reason,
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
        ExportError::Settings(bad) => tr_args(lang, "export-mismatch", &[("why", settings_text(lang, *bad))]),
        ExportError::Mismatch(failures) => {
            let parts: Vec<String> = failures
                .iter()
                .map(|f| {
                    let args =
                        [("what", f.what.clone()), ("expected", f.expected.clone()), ("computed", f.computed.clone())];
                    tr_args(lang, "export-mismatch-part", &args)
                })
                .collect();
            tr_args(lang, "export-mismatch", &[("why", parts.join("; "))])
        }
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
    use crate::engine::settings::BadSettings;
    use crate::engine::{Clause, HandId, Refusal};

    /// One of each problem at least; [`sampled`] fails to compile when a problem is
    /// added without a sample here.
    fn problems() -> Vec<Problem> {
        let v = [file_problems(), record_problems(), replay_problems()].concat();
        v.iter().for_each(sampled);
        v
    }

    /// The file and its header.
    fn file_problems() -> Vec<Problem> {
        vec![
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
            Problem::HeaderSettings(BadSettings::Decks),
            Problem::SecondHeader,
            Problem::Overflow,
            Problem::InUse,
            Problem::NotRegularFile { kind: "fifo" },
            Problem::CrLf,
            Problem::Bom,
        ]
    }

    /// A record, and its place in the chain.
    fn record_problems() -> Vec<Problem> {
        let at = |s: &str| chrono::DateTime::parse_from_rfc3339(s).unwrap_or_default();
        vec![
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
            Problem::UnknownKind { line: 7 },
            Problem::Unterminated { seq: 9 },
            Problem::SideFileMissing { file: "a.sabotlog.torn-line3-20250501-221305".into() },
            Problem::SideFileDiffers { file: "a.sabotlog.torn-line3-20250501-221305".into() },
            Problem::Line(LineError::UnknownKind("Amendment".into())),
        ]
    }

    /// The coups as re-played.
    fn replay_problems() -> Vec<Problem> {
        use crate::journal::{Differs, Figures};
        let figures = |n: i32| Figures {
            coups: 5,
            bank: crate::engine::Money::cents(n),
            cagnotte: crate::engine::Money::cents(2850),
            commission: crate::engine::Money::ZERO,
        };
        vec![
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
            Problem::CoupTooLong { coup: 12, most: 2000 },
        ]
    }

    /// Names every problem: a problem added to the journal does not compile here until
    /// it is sampled.
    fn sampled(p: &Problem) {
        use Problem as P;
        match p {
            P::NoHomeFolder { .. } | P::TooManyNames | P::Empty | P::HeaderUnfinished { .. } | P::NotALog => {}
            P::NotReplayable | P::FirstNotHeader | P::HeaderUnreadable(_) | P::HasHeader | P::TrainingOwnFile => {}
            P::LiveInTrainingFile | P::Overflow | P::InUse | P::NotRegularFile { .. } | P::CrLf | P::Bom => {}
            P::HeaderDamaged(_) | P::HeaderMissing { .. } | P::HeaderNotZero { .. } | P::HeaderPrevNotZero => {}
            P::HeaderDiffers | P::HeaderSettings(_) | P::SecondHeader => {}
            P::Line(_) | P::LastDamaged(_) | P::NotSetAside(_) | P::Torn { .. } | P::AfterClose => {}
            P::BytesAfterClose | P::Missing { .. } | P::OutOfOrder { .. } | P::ChainBroken | P::TimeBack { .. } => {}
            P::TableDiffers | P::CroupierDiffers { .. } | P::UnknownKind { .. } | P::Unterminated { .. } => {}
            P::SideFileMissing { .. } | P::SideFileDiffers { .. } => {}
            P::Refused(_) | P::SettlementDiffers { .. } | P::EventsDiffer { .. } | P::ClosingTotals { .. } => {}
            P::CoupTooLong { .. } => {}
        }
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
            if !matches!(p, Problem::Refused(_) | Problem::ClosingTotals { .. }) {
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
            JournalError::Settings(BadSettings::Unit),
            JournalError::NotLogged(NotLogged::OtherEvents),
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
        // The engine's refusal and the script's failed checks, in the croupier's words.
        let refusal = crate::engine::Refusal::new(crate::engine::Clause::BQ11, crate::engine::Reason::NoCardOwed);
        let refused = JournalError::NotLogged(NotLogged::Refused(Box::new(refusal.clone())));
        let es = journal_error_text(Lang::Es, &refused);
        assert!(
            es.starts_with("no registrado: el motor rechaza") && es.contains(&refusal_text(Lang::Es, &refusal)),
            "{es}"
        );
        let failure =
            crate::script::run::Failure { what: "bank".into(), expected: "1000".into(), computed: "990".into() };
        let mismatch = ExportError::Mismatch(vec![failure]);
        assert_eq!(export_error_text(Lang::En, &mismatch), mismatch.to_string());
        let es = export_error_text(Lang::Es, &mismatch);
        assert!(es.ends_with("bank: se esperaba 1000, se calculó 990"), "{es}");
    }
}
