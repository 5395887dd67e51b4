//! What the croupier calls things: hands, spots, calls, the bank's duty, players, games.

use super::{Lang, tr, tr_args};
use crate::engine::{BankDuty, Call, Game, HandId, PlayerRef, Spot};

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

/// A player as the croupier names him: `Secc. 3`, `3 de pie`.
pub fn player_name(lang: Lang, p: PlayerRef) -> String {
    let id = if p.standing { "player-standing" } else { "player-seated" };
    tr_args(lang, id, &[("seat", p.seat.to_string())])
}

/// A game by its name at the table: `Bacarrá a dos paños`, `Chemin de fer`, `Punto y Banca`.
pub fn game_name(lang: Lang, game: Game) -> String {
    tr(
        lang,
        match game {
            Game::Banque => "game-banque",
            Game::ChemindeFer => "game-chemin-de-fer",
            Game::PuntoBanca => "game-punto-banca",
        },
    )
}
