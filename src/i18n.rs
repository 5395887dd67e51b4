//! Spanish and English texts, from `locales/<lang>/*.ftl` (Fluent), compiled into
//! the binary. The command line and the app render the same messages.

use crate::engine::refusal::{Arg, Refusal};
use crate::engine::{BankDuty, Call, HandId, Spot};
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
    let map: HashMap<Cow<'static, str>, FluentValue<'_>> =
        args.iter().map(|(k, v)| (Cow::Owned(k.to_string()), FluentValue::from(v.clone()))).collect();
    LOCALES.lookup_with_args(&lang.id(), id, &map)
}

/// Whether `lang` has the message `id` (tests use it to find missing texts).
pub fn has(lang: Lang, id: &str) -> bool {
    LOCALES.try_lookup(&lang.id(), id).is_some()
}

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

/// Renders a message argument in `lang`.
pub fn arg_text(lang: Lang, arg: &Arg) -> String {
    match arg {
        Arg::Text(s) => s.clone(),
        Arg::Num(n) => n.to_string(),
        Arg::Hand(h) => hand_name(lang, *h),
        Arg::Card(c) => c.pretty(),
        Arg::Money(m) => m.to_string(),
        Arg::Spot(s) => spot_name(lang, *s),
        Arg::Call(c) => call_name(lang, *c),
        Arg::Duty(d) => duty_name(lang, *d),
    }
}

/// A refusal as the croupier reads it: the message, without the clause.
pub fn refusal_message(lang: Lang, r: &Refusal) -> String {
    let args: Vec<(&str, String)> = r.reason.args().iter().map(|(k, v)| (*k, arg_text(lang, v))).collect();
    tr_args(lang, r.reason.message_id(), &args)
}

/// A refusal with its clause: `R-BQ-11 — Paño 1 tiene 3: debe pedir carta.`
pub fn refusal_text(lang: Lang, r: &Refusal) -> String {
    format!("{} — {}", r.clause, refusal_message(lang, r))
}
