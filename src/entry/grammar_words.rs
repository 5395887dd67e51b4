//! The entry line's words one by one: an amount (in money or in the table's unit), a
//! seat, a card, a call, a spot; what the grammar reads each word as.

use super::*;

/// An amount as it is typed: as money (`unit` `None`), or as a count of `unit`
/// (`None` when no count gives it exactly).
pub fn typed_amount(unit: Option<Money>, m: Money) -> Option<String> {
    let n = match unit {
        None => m.decimal(),
        Some(unit) => {
            let n = m.decimal().checked_div(unit.decimal())?.normalize();
            (n.checked_mul(unit.decimal()) == Some(m.decimal())).then_some(n)?
        }
    };
    Some(n.normalize().to_string())
}

pub(super) fn call_of(c: char) -> Option<Call> {
    match c {
        '+' => Some(Call::Draw),
        '-' => Some(Call::Stand),
        '*' => Some(Call::Natural),
        _ => None,
    }
}

pub(super) fn amount(w: &str) -> Option<Money> {
    if w.is_empty() || !w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',') {
        return None;
    }
    w.replace(',', ".").parse().ok()
}

pub(super) fn looks_like_amount(w: &str) -> bool {
    w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')
}

/// `3=` (`3p=`): the player whose bets of the coup before are typed again, his
/// usual stake; `None`: the word is something else.
pub fn repeat_seat(w: &str) -> Option<PlayerRef> {
    seat(w.strip_suffix('=')?)
}

/// A seat word: `3` seated, `3p` standing behind section 3.
pub(super) fn seat(w: &str) -> Option<PlayerRef> {
    let (digits, standing) = match w.strip_suffix('p') {
        Some(d) => (d, true),
        None => (w, false),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: u8 = digits.parse().ok()?;
    Some(PlayerRef { seat: n, standing })
}

pub(super) fn card(w: &str) -> Option<Card> {
    // A card is rank then suit letter; `1` as a rank would read `1c` as a card, so
    // only the letters and digits of the grammar count.
    let last = w.chars().last()?;
    if !matches!(last, 'c' | 'd' | 'h' | 's') {
        return None;
    }
    w.parse().ok()
}

/// A bet spot word after a seat.
pub(super) enum SpotWord {
    /// Needs an amount after it.
    Spot(Spot),
    Banco(Option<HandId>),
    BancoWithTable,
}

pub(super) fn spot_word(g: &Grammar, player: PlayerRef, w: &str) -> Option<SpotWord> {
    let own = g.own_tableau(player.seat);
    Some(match (g.game, w) {
        (Game::Banque, "p1") => SpotWord::Spot(Spot::Tableau(1)),
        (Game::Banque, "p2") => SpotWord::Spot(Spot::Tableau(2)),
        (Game::Banque, "c") => SpotWord::Spot(Spot::Cheval),
        (Game::Banque, "h" | "m") => SpotWord::Spot(Spot::Half(own)),
        (Game::Banque, "h1" | "m1") => SpotWord::Spot(Spot::Half(1)),
        (Game::Banque, "h2" | "m2") => SpotWord::Spot(Spot::Half(2)),
        (Game::Banque, "b") => SpotWord::Banco(Some(HandId::Tableau(own))),
        (Game::Banque, "b1") => SpotWord::Banco(Some(HandId::Tableau(1))),
        (Game::Banque, "b2") => SpotWord::Banco(Some(HandId::Tableau(2))),
        (Game::ChemindeFer, "j") => SpotWord::Spot(Spot::Player),
        (Game::ChemindeFer, "b") => SpotWord::Banco(None),
        (Game::ChemindeFer, "bm") => SpotWord::BancoWithTable,
        (Game::PuntoBanca, "p" | "punto") => SpotWord::Spot(Spot::Punto),
        (Game::PuntoBanca, "b" | "banca") => SpotWord::Spot(Spot::Banca),
        _ => return None,
    })
}
