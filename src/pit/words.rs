//! The pit in words: its state in one line (live; n records behind; offline since…;
//! refused) with its tone, and its errors, for the app and the command line alike.

use super::{PitCheck, PitError, PitRefusal, PitState, PitStatus, Unreachable};
use crate::i18n::{self, Lang};

/// A pit error in `lang` (never with a password: the URLs in it are masked).
pub fn pit_error_text(lang: Lang, e: &PitError) -> String {
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    match e {
        PitError::NoUrl => i18n::tr(lang, "pit-error-no-url"),
        PitError::BadUrl(why) => ta("pit-error-bad-url", &[("why", why.clone())]),
        PitError::Offline { url, why } => {
            ta("pit-error-offline", &[("url", url.clone()), ("why", unreachable_text(lang, why))])
        }
        PitError::Refused { seq, why } => {
            ta("pit-error-refused", &[("seq", seq.to_string()), ("why", pit_refusal_text(lang, why))])
        }
        PitError::Database { code, said } => ta("pit-error-database", &[("code", code.clone()), ("why", said.clone())]),
        PitError::MissingRecord { seq } => ta("pit-error-missing-record", &[("seq", seq.to_string())]),
        PitError::BadRow { what, value } => {
            ta("pit-error-bad-row", &[("what", (*what).to_string()), ("value", value.clone())])
        }
        PitError::SequenceTooLarge(seq) => ta("pit-error-sequence", &[("seq", seq.to_string())]),
        PitError::NegativeSequence(seq) => ta("pit-error-negative-sequence", &[("seq", seq.to_string())]),
        PitError::NoThread(why) => ta("pit-error-no-thread", &[("why", why.clone())]),
        PitError::NewerSchema { found, known } => {
            ta("pit-error-newer", &[("found", found.to_string()), ("known", known.to_string())])
        }
        PitError::NotInitialised => i18n::tr(lang, "pit-error-not-init"),
        PitError::OlderSchema { needed } => ta("pit-error-older", &[("needed", needed.to_string())]),
        PitError::NotReader => i18n::tr(lang, "pit-error-not-reader"),
        PitError::Encoding(enc) => ta("pit-error-encoding", &[("encoding", enc.clone())]),
        PitError::Log(e) => ta("pit-error-log", &[("why", crate::journal::text::journal_error_text(lang, e))]),
    }
}

/// Why the pit cannot be reached, in `lang`; what the system or the driver said, in
/// their own words, after it.
pub fn unreachable_text(lang: Lang, why: &Unreachable) -> String {
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    match why {
        Unreachable::Connect { at, kind, said } => {
            let id = match kind {
                std::io::ErrorKind::ConnectionRefused => "pit-unreachable-refused",
                std::io::ErrorKind::NotFound => "pit-unreachable-no-socket",
                std::io::ErrorKind::TimedOut => "pit-unreachable-timed-out",
                std::io::ErrorKind::PermissionDenied => "pit-unreachable-permission",
                std::io::ErrorKind::ConnectionReset
                | std::io::ErrorKind::ConnectionAborted
                | std::io::ErrorKind::BrokenPipe
                | std::io::ErrorKind::UnexpectedEof => "pit-unreachable-lost",
                _ => "pit-unreachable-other",
            };
            ta(id, &[("at", at.clone()), ("said", said.clone())])
        }
        Unreachable::NoAddress { at } => ta("pit-unreachable-no-address", &[("at", at.clone())]),
        Unreachable::NotPostgres { at } => ta("pit-unreachable-not-postgres", &[("at", at.clone())]),
        Unreachable::Silent { at, secs } => {
            ta("pit-unreachable-silent", &[("at", at.clone()), ("secs", secs.to_string())])
        }
        Unreachable::SelfConnected { at } => ta("pit-unreachable-self", &[("at", at.clone())]),
        Unreachable::NoAnswer { secs } => ta("pit-unreachable-no-answer", &[("secs", secs.to_string())]),
        Unreachable::NoLogin { secs } => ta("pit-unreachable-no-login", &[("secs", secs.to_string())]),
        Unreachable::Stalled { secs } => ta("pit-unreachable-stalled", &[("secs", secs.to_string())]),
        Unreachable::Busy { code, said } => {
            ta("pit-unreachable-busy", &[("code", code.clone()), ("said", said.clone())])
        }
        Unreachable::NotConnected => i18n::tr(lang, "pit-unreachable-not-connected"),
        Unreachable::NoHost => i18n::tr(lang, "pit-unreachable-no-host"),
        Unreachable::Said(said) => ta("pit-unreachable-said", &[("said", said.clone())]),
        Unreachable::Certificate { said } => ta("pit-unreachable-certificate", &[("said", said.clone())]),
        Unreachable::RootCert { path, said } => {
            ta("pit-unreachable-root-cert", &[("path", path.clone()), ("said", said.clone())])
        }
        Unreachable::ClientCert { path, said } => {
            ta("pit-unreachable-client-cert", &[("path", path.clone()), ("said", said.clone())])
        }
        Unreachable::NoTls { at } => ta("pit-unreachable-no-tls", &[("at", at.clone())]),
    }
}

/// Why the pit refused a record, in `lang`: the kind of check in words (the server's
/// own words, which name the records and the logins, after it).
pub fn pit_refusal_text(lang: Lang, why: &PitRefusal) -> String {
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    match why {
        PitRefusal::Check { kind, said } => {
            let id = match kind {
                PitCheck::NoSuchShift => "pit-check-no-shift",
                PitCheck::DoesNotChain => "pit-check-chain",
                PitCheck::Closed => "pit-check-closed",
                PitCheck::NotItsRecord => "pit-check-not-its-record",
                PitCheck::AnotherLoginsShift => "pit-check-login-shift",
                PitCheck::AnotherLoginsTable => "pit-check-login-table",
                PitCheck::StartsAhead => "pit-check-ahead",
                PitCheck::FromTheFuture => "pit-check-future",
                PitCheck::UnboundTable => "pit-check-unbound",
                PitCheck::ConfusableName => "pit-check-confusable",
                PitCheck::TooManyReports => "pit-check-too-many",
                PitCheck::TooLarge => "pit-check-too-large",
                PitCheck::BadSchoolRow => "pit-check-school-row",
                PitCheck::TooManySchoolRows => "pit-check-school-flood",
                PitCheck::NotPitBoss => "pit-check-not-pit-boss",
                PitCheck::AlreadyHeld => "pit-check-held",
                PitCheck::Other => "pit-check-other",
            };
            ta(id, &[("said", said.clone())])
        }
        PitRefusal::PitAhead { pit_seq } => ta("pit-refusal-pit-ahead", &[("seq", pit_seq.to_string())]),
        PitRefusal::NotThisLog { pit_seq } => ta("pit-refusal-not-this-log", &[("seq", pit_seq.to_string())]),
    }
}

/// How serious the pit's state is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PitTone {
    Good,
    Waiting,
    Alarm,
}

/// The pit's state in one line, and its tone.
pub fn pit_state_text(lang: Lang, s: &PitState) -> (String, PitTone) {
    let ta = |id: &str, args: &[(&str, String)]| i18n::tr_args(lang, id, args);
    let records = s.pit_seq.map_or(0, |p| p + 1).to_string();
    match &s.status {
        PitStatus::Connecting => (ta("pit-state-connecting", &[("url", s.url.clone())]), PitTone::Waiting),
        PitStatus::Online if s.done => (ta("pit-state-done", &[("records", records)]), PitTone::Good),
        PitStatus::Online if s.behind() == 0 => (ta("pit-state-live", &[("records", records)]), PitTone::Good),
        PitStatus::Online => (ta("pit-state-behind", &[("n", s.behind().to_string())]), PitTone::Waiting),
        PitStatus::Offline { since, .. } => (
            ta("pit-state-offline", &[("since", since.format("%H:%M:%S").to_string()), ("n", s.behind().to_string())]),
            PitTone::Alarm,
        ),
        PitStatus::Refused { seq, why } => {
            (ta("pit-state-refused", &[("seq", seq.to_string()), ("why", pit_refusal_text(lang, why))]), PitTone::Alarm)
        }
        PitStatus::Failed(why) => (ta("pit-state-failed", &[("why", pit_error_text(lang, why))]), PitTone::Alarm),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(status: PitStatus, pit_seq: Option<u64>, local_seq: u64) -> PitState {
        PitState { url: "postgresql://mesa3:***@pit/sabot".into(), status, pit_seq, local_seq, done: false }
    }

    #[test]
    fn the_pit_line_says_live_behind_offline_and_refused_in_both_languages() {
        let live = state(PitStatus::Online, Some(41), 41);
        assert_eq!(pit_state_text(Lang::En, &live), ("Pit: live (42 records)".into(), PitTone::Good));
        assert_eq!(pit_state_text(Lang::Es, &live).0, "Pit: al día (42 registros)");
        let behind = state(PitStatus::Online, Some(30), 41);
        assert_eq!(pit_state_text(Lang::En, &behind), ("Pit: 11 records behind".into(), PitTone::Waiting));
        // One record: said in the singular.
        let one = state(PitStatus::Online, Some(40), 41);
        assert_eq!(pit_state_text(Lang::En, &one).0, "Pit: one record behind");
        assert_eq!(pit_state_text(Lang::Es, &one).0, "Pit: un registro por enviar");
        let since = chrono::DateTime::parse_from_rfc3339("2026-11-23T22:14:05+01:00").expect("time");
        let why = Unreachable::NoAnswer { secs: 5 };
        let offline = state(PitStatus::Offline { since, why }, Some(30), 45);
        let (text, tone) = pit_state_text(Lang::Es, &offline);
        assert!(text.contains("SIN CONEXIÓN desde las 22:14:05, 15 registros"), "{text}");
        assert_eq!(tone, PitTone::Alarm);
        let why = PitRefusal::NotThisLog { pit_seq: 56 };
        let refused = state(PitStatus::Refused { seq: 57, why }, Some(56), 60);
        assert!(pit_state_text(Lang::En, &refused).0.starts_with("Pit: REFUSED record 57"));
        let es = pit_state_text(Lang::Es, &refused).0;
        assert!(es.contains("el registro 56 del pit no es el de este portátil"), "{es}");
    }

    /// Every way the pit can be away or refuse is told in Spanish in Spanish words:
    /// the only English left is what the system, the driver or the server said,
    /// quoted after the sentence (here the marker `«SAID»`).
    #[test]
    fn the_pits_errors_are_spanish_in_spanish() {
        let said = "«SAID»".to_string();
        let at = "pit:5432".to_string();
        let kinds = [
            std::io::ErrorKind::ConnectionRefused,
            std::io::ErrorKind::NotFound,
            std::io::ErrorKind::TimedOut,
            std::io::ErrorKind::PermissionDenied,
            std::io::ErrorKind::ConnectionReset,
            std::io::ErrorKind::Other,
        ];
        let mut whys: Vec<Unreachable> =
            kinds.iter().map(|k| Unreachable::Connect { at: at.clone(), kind: *k, said: said.clone() }).collect();
        whys.extend([
            Unreachable::NoAddress { at: at.clone() },
            Unreachable::NotPostgres { at: at.clone() },
            Unreachable::Silent { at: at.clone(), secs: 5 },
            Unreachable::SelfConnected { at: at.clone() },
            Unreachable::NoAnswer { secs: 5 },
            Unreachable::NoLogin { secs: 10 },
            Unreachable::NotConnected,
            Unreachable::NoHost,
            Unreachable::Said(said.clone()),
            Unreachable::Certificate { said: said.clone() },
            Unreachable::RootCert { path: at.clone(), said: said.clone() },
            Unreachable::ClientCert { path: at.clone(), said: said.clone() },
            Unreachable::NoTls { at: at.clone() },
            Unreachable::Busy { code: "57014".into(), said: said.clone() },
        ]);
        let checks = [
            PitCheck::NoSuchShift,
            PitCheck::DoesNotChain,
            PitCheck::Closed,
            PitCheck::NotItsRecord,
            PitCheck::AnotherLoginsShift,
            PitCheck::AnotherLoginsTable,
            PitCheck::StartsAhead,
            PitCheck::AlreadyHeld,
            PitCheck::Other,
        ];
        let mut errors: Vec<PitError> =
            whys.into_iter().map(|why| PitError::Offline { url: "mesa3@pit:5432/sabot".into(), why }).collect();
        errors.extend(
            checks.map(|kind| PitError::Refused { seq: 4, why: PitRefusal::Check { kind, said: said.clone() } }),
        );
        errors.extend([
            PitError::Refused { seq: 4, why: PitRefusal::PitAhead { pit_seq: 9 } },
            PitError::Refused { seq: 4, why: PitRefusal::NotThisLog { pit_seq: 3 } },
            PitError::NoUrl,
            PitError::Database { code: "42501".into(), said: said.clone() },
            PitError::MissingRecord { seq: 7 },
            PitError::BadRow { what: "game", value: "poker".into() },
            PitError::SequenceTooLarge(u64::MAX),
            PitError::NegativeSequence(-1),
            PitError::NoThread(said.clone()),
        ]);
        let english = ["the ", " not ", "within", "another", "record ", "answer", "connected", "reach"];
        for e in &errors {
            let es = pit_error_text(Lang::Es, e);
            let ours = es.replace(&said, "");
            for w in english {
                assert!(!ours.contains(w), "{e:?} in Spanish: {es}");
            }
            let en = pit_error_text(Lang::En, e);
            assert_ne!(es, en, "{e:?}");
            assert!(!en.contains('{') && !es.contains('{'), "{en} / {es}");
        }
    }
}
