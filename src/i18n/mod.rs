//! Spanish and English texts, from `locales/<lang>/*.ftl` (Fluent), compiled into
//! the binary. The command line and the app render the same messages.
//!
//! - this file: the language ([`Lang`]), the Fluent loader, [`tr`]/[`tr_args`],
//!   amounts ([`money`]);
//! - `names`: hands, spots, calls, duties, players and games by name;
//! - `refusal`: the engine's refusals in the croupier's words;
//! - `rulings`: infractions, errors, rulings and other verdicts, with their clause;
//! - `settings`: why table settings cannot make a table;
//! - `inert`: text from a log or the pit shown inert (its control and invisible
//!   characters as escapes);
//! - `words`: the app's and the command line's messages, amounts, players and hands.
//!
//! Each area's own texts live beside it (the shift log's in `crate::journal::text`,
//! training's in `crate::training::words`, the pit's in `crate::pit::words`).
//!
//! May import `crate::engine` (to name what it says); nothing else of the crate.

mod inert;
mod names;
mod refusal;
mod rulings;
mod settings;
pub mod words;

pub use inert::{InertWrite, inert, inert_lines, inert_name};
pub use names::{call_name, duty_name, game_name, hand_name, player_name, spot_name};
pub use refusal::{arg_text, refusal_message, refusal_text};
pub use rulings::{error_text, infraction_text, ruling_effects_text, ruling_message, ruling_text, verdict_text};
pub use settings::{settings_message, settings_text};

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
    articles(lang, LOCALES.lookup_with_args(&lang.id(), id, &fluent_args(args)))
}

/// Arguments for Fluent. A whole number written plainly (`1`, `40`, never `07` nor
/// `1.047`) goes as a number, so that a message's plural selector (`[one]`,
/// `*[other]`) chooses by it; it reads the same either way.
fn fluent_args<'a>(args: &[(&str, String)]) -> HashMap<Cow<'static, str>, FluentValue<'a>> {
    args.iter()
        .map(|(k, v)| {
            let plain = !v.is_empty()
                && v.len() <= 15
                && v.bytes().all(|b| b.is_ascii_digit())
                && (v == "0" || !v.starts_with('0'));
            let value = match v.parse::<u64>() {
                Ok(n) if plain => FluentValue::from(n),
                _ => FluentValue::from(v.clone()),
            };
            (Cow::Owned(k.to_string()), value)
        })
        .collect()
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

/// The message `id` in `lang` with text arguments and numeric ones (`counts`), which
/// Fluent's plural selectors (`[one]`, `*[other]`) choose by.
pub fn tr_counts(lang: Lang, id: &str, args: &[(&str, String)], counts: &[(&str, u64)]) -> String {
    let mut map = fluent_args(args);
    for (k, n) in counts {
        map.insert(Cow::Owned(k.to_string()), FluentValue::from(*n));
    }
    articles(lang, LOCALES.lookup_with_args(&lang.id(), id, &map))
}

/// The message `id` in `lang` with arguments, or `None` when `lang` lacks it or an
/// argument is missing (tests use it to find missing texts).
pub fn try_tr_args(lang: Lang, id: &str, args: &[(&str, String)]) -> Option<String> {
    LOCALES.try_lookup_with_args(&lang.id(), id, &fluent_args(args))
}

/// Why an amount cannot be read or kept, in `lang`.
pub fn money_error_text(lang: Lang, e: &crate::engine::money::MoneyError) -> String {
    use crate::engine::money::MoneyError;
    match e {
        MoneyError::NotANumber(text) => tr_args(lang, "money-not-a-number", &[("text", text.clone())]),
        MoneyError::TooManyDecimals(text) => tr_args(lang, "money-too-many-decimals", &[("text", text.clone())]),
        MoneyError::TooLarge(text) => tr_args(lang, "money-too-large", &[("text", text.clone())]),
        MoneyError::Overflow => tr(lang, "money-overflow"),
        MoneyError::HalfNotInCents(m) => tr_args(lang, "money-half-not-in-cents", &[("amount", money(lang, *m))]),
        MoneyError::NotWholeUnits { amount, unit } => {
            tr_args(lang, "money-not-whole-units", &[("amount", money(lang, *amount)), ("unit", money(lang, *unit))])
        }
    }
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

#[cfg(test)]
mod tests {
    /// An amount that cannot be read or kept is said in Spanish in Spanish (the
    /// review showed «the amount overflowed» on a Spanish screen).
    #[test]
    fn money_errors_are_said_in_both_languages() {
        use crate::engine::money::MoneyError;
        let all = [
            MoneyError::NotANumber("x".into()),
            MoneyError::TooManyDecimals("1.234".into()),
            MoneyError::TooLarge("9e20".into()),
            MoneyError::Overflow,
            MoneyError::HalfNotInCents(crate::engine::Money::cents(3)),
            MoneyError::NotWholeUnits {
                amount: crate::engine::Money::units(25),
                unit: crate::engine::Money::units(10),
            },
        ];
        for e in &all {
            let es = super::money_error_text(super::Lang::Es, e);
            let en = super::money_error_text(super::Lang::En, e);
            assert_ne!(es, e.to_string(), "{e:?}");
            assert_ne!(es, en, "{e:?}");
            assert!(!es.contains("amount") && !es.contains("the "), "{es}");
        }
    }

    use super::*;
    use crate::engine::HandId;

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

    #[test]
    fn a_whole_number_argument_chooses_the_plural_and_reads_as_written() {
        let early = |lang, n: &str| tr_args(lang, "err-early-cards", &[("count", n.to_string())]);
        assert!(early(Lang::En, "1").starts_with("One card out before"), "{}", early(Lang::En, "1"));
        assert!(early(Lang::Es, "1").starts_with("Una carta fuera"), "{}", early(Lang::Es, "1"));
        assert!(early(Lang::En, "3").starts_with("3 cards out before"), "{}", early(Lang::En, "3"));
        assert!(early(Lang::Es, "3").contains("3 cartas fuera antes de «no va más»: no vuelven"));
        let resumed = |lang, n: &str, aside: &str| {
            tr_args(lang, "verify-resumed", &[("count", n.into()), ("aside", aside.into()), ("files", String::new())])
        };
        assert_eq!(
            resumed(Lang::Es, "1", "0"),
            "retomado una vez tras pararse Sabot; ningún registro a medio escribir apartado"
        );
        assert_eq!(
            resumed(Lang::En, "2", "1"),
            "taken up again 2 times after Sabot stopped; one record in flight set aside"
        );
        // Only plain whole numbers go as numbers: the rest reads exactly as given.
        for text in ["07", "1.047", "1,047.50", "40", "0", "1234567890123456789"] {
            assert_eq!(
                tr_args(Lang::En, "refusal-seat-taken", &[("seat", text.into())]),
                format!("Section {text} is taken.")
            );
        }
    }

    #[test]
    fn languages_parse() {
        assert_eq!(Lang::parse("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("es"), Some(Lang::Es));
        assert_eq!(Lang::parse("C.UTF-8"), None);
    }
}
