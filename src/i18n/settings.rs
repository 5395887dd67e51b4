//! Why table settings cannot make a table, as the croupier reads it (`engine.ftl`).

use super::{Lang, tr, tr_args};
use crate::engine::settings::BadSettings;

/// What is wrong with the settings, without the clause.
pub fn settings_message(lang: Lang, bad: BadSettings) -> String {
    tr(
        lang,
        match bad {
            BadSettings::Decks => "settings-decks",
            BadSettings::Unit => "settings-unit",
            BadSettings::RoundingQuantum => "settings-rounding",
            BadSettings::BanqueSections => "settings-banque-sections",
            BadSettings::Sections => "settings-sections",
            BadSettings::PbBancaDraws => "settings-pb-banca-draws",
            BadSettings::NegativeBank => "settings-negative-bank",
            BadSettings::TableMin => "settings-table-min",
            BadSettings::TableMax => "settings-table-max",
            BadSettings::MinAboveMax => "settings-min-above-max",
        },
    )
}

/// What is wrong with the settings, with its clause: `decks must be 1 to 8 (R-C-3)`.
pub fn settings_text(lang: Lang, bad: BadSettings) -> String {
    tr_args(lang, "bad-settings", &[("what", settings_message(lang, bad)), ("clause", bad.clause().to_string())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::try_tr_args;

    #[test]
    fn every_bad_setting_reads_in_both_languages_with_its_clause() {
        for bad in BadSettings::ALL {
            let es = settings_text(Lang::Es, bad);
            let en = settings_text(Lang::En, bad);
            assert_ne!(es, en, "{bad:?}");
            for (lang, text) in [(Lang::Es, &es), (Lang::En, &en)] {
                assert!(text.ends_with(&format!("({})", bad.clause())), "{text}");
                assert!(!text.contains("settings-"), "{text}");
                assert!(
                    try_tr_args(lang, "bad-settings", &[("what", String::new()), ("clause", String::new())]).is_some()
                );
            }
        }
        assert_eq!(settings_text(Lang::En, BadSettings::Decks), "decks must be 1 to 8 (R-C-3)");
        assert_eq!(settings_text(Lang::Es, BadSettings::Decks), "el sabot lleva de 1 a 8 barajas (R-C-3)");
    }
}
