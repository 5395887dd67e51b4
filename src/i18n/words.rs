//! The words and numbers of the app and the command line: messages from `locales/<lang>/app.ftl`, amounts
//! written the way each language writes them, players and hands by name.

use crate::engine::{HandId, Money, PlayerRef, Settlement, Spot};
use crate::i18n::{self, Lang};

/// The app message `id` (from `locales/<lang>/app.ftl`).
pub fn t(lang: Lang, id: &str) -> String {
    i18n::tr(lang, id)
}

/// The app message `id` with arguments.
pub fn ta(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    i18n::tr_args(lang, id, args)
}

/// An amount as the croupier reads it: `1.047,50` in Spanish, `1,047.50` in
/// English; whole amounts without decimals (`40`).
pub fn money(lang: Lang, m: Money) -> String {
    i18n::money(lang, m)
}

/// An amount the engine summed, or why it could not.
pub fn money_or_why(lang: Lang, m: Result<Money, crate::engine::money::MoneyError>) -> String {
    match m {
        Ok(m) => money(lang, m),
        Err(e) => i18n::money_error_text(lang, &e),
    }
}

/// The amounts in the screen's examples as the entry line types them: as money
/// (`3 40`, `=1200`), or, amounts typed in the table's unit, as counts of it (`3 4`,
/// `=120`) with the unit said (`importe en unidades de 10`). For `ta`: `units` and
/// `a20` … `a1500`.
pub fn examples(lang: Lang, unit: Option<Money>) -> Vec<(&'static str, String)> {
    let ex = |n: u32| example_amount(unit, n);
    let units = unit.map(|u| format!(" {}", ta(lang, "amount-units-note", &[("unit", money(lang, u))])));
    let mut args = vec![("units", units.unwrap_or_default())];
    args.extend(
        [("a20", 20), ("a40", 40), ("a50", 50), ("a1000", 1000), ("a1200", 1200), ("a1500", 1500)]
            .map(|(k, n)| (k, ex(n))),
    );
    args
}

/// An example's amount of `n` (money) as the line types it: `n`, or in units a tenth
/// of it (the examples read as counts of whatever the unit is: `3 4`, `=120`).
pub fn example_amount(unit: Option<Money>, n: u32) -> String {
    match unit {
        Some(_) => (rust_decimal::Decimal::from(n) / rust_decimal::Decimal::TEN).normalize().to_string(),
        None => n.to_string(),
    }
}

/// A player: `Secc. 3`, or `3 de pie` for the one standing behind section 3.
pub fn player(lang: Lang, p: PlayerRef) -> String {
    crate::i18n::player_name(lang, p)
}

pub fn hand(lang: Lang, h: HandId) -> String {
    i18n::hand_name(lang, h)
}

pub fn spot(lang: Lang, s: Spot) -> String {
    i18n::spot_name(lang, s)
}

/// A hand's final total as the settlement has it: `8`, or `9 natural`.
pub fn total_words(lang: Lang, s: &Settlement, hand: HandId) -> String {
    match s.hands.iter().find(|h| h.hand == hand) {
        Some(h) if h.natural => ta(lang, "total-natural", &[("total", h.total.to_string())]),
        Some(h) => h.total.to_string(),
        None => "–".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Money {
        s.parse().expect("amount")
    }

    #[test]
    fn amounts_in_each_language() {
        assert_eq!(money(Lang::Es, m("1047.50")), "1.047,50");
        assert_eq!(money(Lang::En, m("1047.50")), "1,047.50");
        assert_eq!(money(Lang::Es, m("40")), "40");
        assert_eq!(money(Lang::Es, m("-100")), "-100");
        assert_eq!(money(Lang::Es, m("2.5")), "2,50");
        assert_eq!(money(Lang::En, m("1000000")), "1,000,000");
        assert_eq!(money(Lang::Es, m("0.05")), "0,05");
        assert_eq!(money(Lang::Es, m("0")), "0");
    }
}
