//! What is wrong with a house file, in Spanish or English (`house.ftl`): the file,
//! line and column, and what the engine or the RON reader said.

use super::*;

fn game_text(lang: Lang, game: Game) -> String {
    tr(
        lang,
        match game {
            Game::Banque => "house-game-banque",
            Game::ChemindeFer => "house-game-chemin-de-fer",
            Game::PuntoBanca => "house-game-punto-banca",
        },
    )
}

/// What a settings fault means, in the croupier's language.
pub fn fault_text(lang: Lang, fault: BadSettings) -> String {
    let id = match fault {
        BadSettings::Decks => "house-fault-decks",
        BadSettings::Unit => "house-fault-unit",
        BadSettings::RoundingQuantum => "house-fault-quantum",
        BadSettings::BanqueSections => "house-fault-banque-sections",
        BadSettings::Sections => "house-fault-sections",
        BadSettings::PbBancaDraws => "house-fault-pb-banca-draws",
        BadSettings::TableMin => "house-fault-table-min",
        BadSettings::TableMax => "house-fault-table-max",
        BadSettings::MinAboveMax => "house-fault-min-above-max",
        // A house file sets no bank.
        BadSettings::NegativeBank => return crate::i18n::settings_text(lang, fault),
    };
    tr_args(lang, id, &[("clause", fault.clause().to_string())])
}

fn problem_text(lang: Lang, p: &RonProblem) -> String {
    match p {
        RonProblem::UnknownField { found, expected } => {
            tr_args(lang, "house-ron-unknown-field", &[("found", found.clone()), ("expected", expected.join(", "))])
        }
        RonProblem::MissingField(f) => tr_args(lang, "house-ron-missing-field", &[("field", f.clone())]),
        RonProblem::DuplicateField(f) => tr_args(lang, "house-ron-duplicate-field", &[("field", f.clone())]),
        RonProblem::UnknownValue { found, expected } => {
            tr_args(lang, "house-ron-unknown-value", &[("found", found.clone()), ("expected", expected.join(", "))])
        }
        RonProblem::WrongType { expected, found } => {
            tr_args(lang, "house-ron-wrong-type", &[("expected", expected.clone()), ("found", found.clone())])
        }
        RonProblem::BadValue(m) => tr_args(lang, "house-ron-bad-value", &[("message", m.clone())]),
        RonProblem::End => tr(lang, "house-ron-end"),
        RonProblem::WrongName(found) => tr_args(lang, "house-ron-name", &[("found", found.clone())]),
        RonProblem::Syntax(m) => tr_args(lang, "house-ron-syntax", &[("message", m.clone())]),
    }
}

/// A house file's problem in the croupier's language: `FILE:LINE:COLUMN: what`.
pub fn house_error_text(lang: Lang, e: &HouseError) -> String {
    let path = e.path().display().to_string();
    match e {
        HouseError::Unreadable { error, .. } => {
            let why = match error {
                std::io::ErrorKind::NotFound => tr(lang, "house-io-not-found"),
                std::io::ErrorKind::PermissionDenied => tr(lang, "house-io-denied"),
                std::io::ErrorKind::IsADirectory => tr(lang, "house-io-folder"),
                other => other.to_string(),
            };
            tr_args(lang, "house-unreadable", &[("path", path), ("error", why)])
        }
        HouseError::NotText { .. } => tr_args(lang, "house-not-text", &[("path", path)]),
        HouseError::Syntax { line, col, problem, .. } => {
            format!("{path}:{line}:{col}: {}", problem_text(lang, problem))
        }
        HouseError::Invalid { line, col, game, fault, .. } => {
            format!("{path}:{line}:{col}: {}: {}", game_text(lang, *game), fault_text(lang, *fault))
        }
        HouseError::School { line, col, key, fault, .. } => {
            let said = match fault {
                SchoolFault::Percent(found) => {
                    tr_args(lang, "house-school-percent", &[("key", key.clone()), ("found", found.to_string())])
                }
                SchoolFault::Window => tr_args(lang, "house-school-window", &[("key", key.clone())]),
                SchoolFault::Seconds => tr_args(lang, "house-school-seconds", &[("key", key.clone())]),
                SchoolFault::Share(found) => {
                    tr_args(lang, "house-share", &[("key", key.clone()), ("found", found.to_string())])
                }
            };
            format!("{path}:{line}:{col}: {said}")
        }
    }
}
