//! Why a coup could not be exported, in Spanish or English (`verify.ftl`): what
//! `sabot export`, `sabot odds` and the review's replay say when a coup of a log
//! cannot be turned into a table script.

use super::export::ExportError;
use crate::i18n::{Lang, refusal_text, settings_text, tr_args};
use crate::journal::text::journal_error_reason;

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
            let parts: Vec<String> = failures.iter().map(|f| crate::i18n::failure_text(lang, f)).collect();
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

    #[test]
    fn export_errors_read_in_both_languages() {
        let no_coup = ExportError::NoSuchCoup { wanted: 2, coups: 1 };
        assert_eq!(export_error_text(Lang::En, &no_coup), no_coup.to_string());
        assert!(export_error_text(Lang::Es, &no_coup).starts_with("el turno no tiene jugada 2"));
        use crate::script::run::{Failure, Subject, Value};
        let failure = Failure {
            what: Subject::Field("bank"),
            expected: Value::Written("1000".into()),
            computed: Value::Written("990".into()),
        };
        let mismatch = ExportError::Mismatch(vec![failure]);
        assert_eq!(export_error_text(Lang::En, &mismatch), mismatch.to_string());
        let es = export_error_text(Lang::Es, &mismatch);
        assert!(es.ends_with("bank: se esperaba 1000, se calculó 990"), "{es}");
    }
}
