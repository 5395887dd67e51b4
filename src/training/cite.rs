//! Which clause a question cites in the game being trained, and the clause's words.
//!
//! The engine records every error under the procedure it applies (R-BQ-E1…E18, from
//! the Spanish regulation of the Banque, 000 §14–16). Chemin de fer takes those
//! procedures as they are (003 plays and draws as the Banque with one player hand),
//! so its questions cite them. Punto y Banca's regulation (002) has no error
//! procedures of its own: of the Banque's it takes those about the cards themselves
//! (docs/RULES-NOTES.md, section 6), and they act on its deal (R-PB-6) or void its
//! coup with the bets left on the cloth (R-PB-4). A Punto y Banca trainee is asked
//! under those clauses of his own game; the procedure it borrows is named in the
//! explanation. Which clause a game cites is the engine's (`Game::cites`); this
//! module gives the clause's words.

use crate::engine::{Clause, Game};
use crate::i18n::{Lang, tr};

/// The clause a question on `game` cites for the engine's `clause` (the engine's
/// `Game::cites`).
pub fn cited(game: Game, clause: Clause) -> Clause {
    game.cites(clause)
}

/// The procedure a cited clause borrows, when it is not the engine's clause itself.
pub fn borrowed(game: Game, clause: Clause) -> Option<Clause> {
    game.borrows(clause)
}

/// Where an error procedure stands in the Banque's regulation (seed 000, as
/// docs/RULES.md cites each clause): §14 «Errores e Infracciones» (R-BQ-E1…E7),
/// §15 «Errores del Banquero» (E8…E13), §16 «Errores de los Jugadores» (E14…E18);
/// `None` for a clause that is no error procedure.
pub fn seed_section(clause: Clause) -> Option<&'static str> {
    use Clause::*;
    match clause {
        BQE1 | BQE2 | BQE3 | BQE4 | BQE5 | BQE6 | BQE7 => Some("000 §14"),
        BQE8 | BQE9 | BQE10 | BQE11 | BQE12 | BQE13 => Some("000 §15"),
        BQE14 | BQE15 | BQE16 | BQE17 | BQE18 => Some("000 §16"),
        _ => None,
    }
}

/// The clause's words from the rules, in the trainee's language; `None` for a clause
/// training never cites.
pub fn clause_words(lang: Lang, clause: Clause) -> Option<String> {
    WORDED.contains(&clause).then(|| tr(lang, &clause_message_id(clause)))
}

/// The catalogue's id of a clause's words: `clause-bq-e2` for R-BQ-E2.
pub fn clause_message_id(clause: Clause) -> String {
    format!("clause-{}", clause.id().trim_start_matches("R-").to_lowercase())
}

/// Every clause whose words training can show (the catalogues are checked for each).
pub const WORDED: &[Clause] = &[
    Clause::C1,
    Clause::C2,
    Clause::C8,
    Clause::BQ6,
    Clause::BQ7,
    Clause::BQ11,
    Clause::BQ12,
    Clause::BQ13,
    Clause::BQ14,
    Clause::BQ15,
    Clause::BQ16,
    Clause::BQE1,
    Clause::BQE2,
    Clause::BQE3,
    Clause::BQE4,
    Clause::BQE5,
    Clause::BQE6,
    Clause::BQE7,
    Clause::BQE8,
    Clause::BQE9,
    Clause::BQE10,
    Clause::BQE11,
    Clause::BQE12,
    Clause::BQE13,
    Clause::BQE14,
    Clause::BQE15,
    Clause::BQE16,
    Clause::BQE17,
    Clause::BQE18,
    Clause::CF8,
    Clause::CF9,
    Clause::PB4,
    Clause::PB6,
    Clause::PB7,
];
