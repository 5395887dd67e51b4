//! A table script's failed expectations (`crate::script::run::Failure`) and the
//! outcome of `sabot play`, in the reader's language. The fields of `expect` keep the
//! names the script gives them (`cagnotte`, `bank`): they are what the reader edits.

use super::{Lang, hand_name, tr, tr_args};
use crate::script::run::{Failure, Subject, Value};

/// «total de el paño 1: se esperaba 7, se calculó 6».
pub fn failure_text(lang: Lang, f: &Failure) -> String {
    let args = [
        ("what", subject_text(lang, &f.what)),
        ("expected", value_text(lang, &f.expected)),
        ("computed", value_text(lang, &f.computed)),
    ];
    tr_args(lang, "export-mismatch-part", &args)
}

fn subject_text(lang: Lang, s: &Subject) -> String {
    let hand = |h: &crate::engine::HandId| ("hand", hand_name(lang, *h));
    match s {
        Subject::Step(i) => tr_args(lang, "play-step", &[("n", i.to_string())]),
        Subject::Check(i, what) => {
            tr_args(lang, "play-step-check", &[("n", i.to_string()), ("what", subject_text(lang, what))])
        }
        Subject::Field(name) => (*name).to_string(),
        Subject::TotalOf(h) => tr_args(lang, "play-total-of", &[hand(h)]),
        Subject::WinnerOf(h) => tr_args(lang, "play-winner-of", &[hand(h)]),
        Subject::HolderOf(h) => tr_args(lang, "play-holder-of", &[hand(h)]),
        Subject::NetOf { seat, standing } => {
            let id = match standing {
                Some(true) => "play-net-of-standing",
                Some(false) => "play-net-of-seated",
                None => "play-net-of",
            };
            tr_args(lang, id, &[("seat", seat.to_string())])
        }
    }
}

fn value_text(lang: Lang, v: &Value) -> String {
    match v {
        Value::Written(s) => s.clone(),
        Value::RefusedCiting(clause) => tr_args(lang, "play-refused-citing", &[("clause", clause.to_string())]),
        Value::Accepted => tr(lang, "play-accepted"),
        Value::NotReached => tr(lang, "play-not-reached"),
        Value::Settled => tr(lang, "play-settled"),
        Value::NotFinished => tr(lang, "play-not-finished"),
        Value::Nothing => tr(lang, "play-nothing"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Clause, HandId};

    /// Every failure `sabot play` can print reads in Spanish and in English, and the
    /// English is the `Display` the logs and tests read.
    #[test]
    fn a_failed_expectation_reads_in_both_languages() {
        let subjects = [
            Subject::Step(3),
            Subject::Check(2, Box::new(Subject::Field("bank"))),
            Subject::TotalOf(HandId::Tableau(1)),
            Subject::WinnerOf(HandId::Player),
            Subject::HolderOf(HandId::Tableau(2)),
            Subject::NetOf { seat: 4, standing: Some(true) },
            Subject::NetOf { seat: 4, standing: Some(false) },
            Subject::NetOf { seat: 4, standing: None },
        ];
        let values = [
            Value::Written("1000".into()),
            Value::RefusedCiting(Clause::BQ4),
            Value::Accepted,
            Value::NotReached,
            Value::Settled,
            Value::NotFinished,
            Value::Nothing,
        ];
        for what in subjects {
            for v in &values {
                let f = Failure { what: what.clone(), expected: v.clone(), computed: Value::Written("990".into()) };
                let en = failure_text(Lang::En, &f);
                match &what {
                    // A hand by its name in the language (the `Display` writes the script's `Tableau(1)`).
                    Subject::TotalOf(h) | Subject::WinnerOf(h) | Subject::HolderOf(h) => {
                        assert!(en.to_lowercase().contains(&hand_name(Lang::En, *h).to_lowercase()), "{en}")
                    }
                    _ => assert_eq!(en, f.to_string(), "{f:?}"),
                }
                let es = failure_text(Lang::Es, &f);
                assert!(es.contains("se esperaba") && es.ends_with("se calculó 990"), "{es}");
            }
        }
        let f =
            Failure { what: Subject::Step(3), expected: Value::RefusedCiting(Clause::BQ4), computed: Value::Accepted };
        assert_eq!(failure_text(Lang::Es, &f), "paso 3: se esperaba rechazo citando R-BQ-4, se calculó aceptado");
    }
}
