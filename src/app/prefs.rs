//! What the app remembers between runs, in eframe's storage: the croupier's
//! preferences only (the language, the start form's table settings and the log
//! folder). Never the shift: a shift lives in its log, and is taken up from there.

use super::start::StartForm;
use crate::engine::{BankLimit, Game};
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};

/// The key the preferences are stored under.
const KEY: &str = "sabot_prefs_v1";

/// The preferences, as the start form has them typed (a field that no longer reads
/// is left for the form to refuse, as if typed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Option<Lang>,
    pub game: Option<Game>,
    pub decks: String,
    pub unit: String,
    pub rate_percent: String,
    pub sections: String,
    pub bank_limit: Option<BankLimit>,
    pub table_min: String,
    pub table_max: String,
    pub log_dir: String,
    pub house_path: String,
    /// Entries confirmed at once, without Enter (the croupier's habit, F11).
    pub instant: bool,
    /// Amounts typed in the table's betting unit (the croupier's habit).
    pub in_units: bool,
}

impl Prefs {
    /// The preferences as the start form shows them.
    pub fn of_form(form: &StartForm) -> Prefs {
        Prefs {
            lang: None,
            game: Some(form.game),
            decks: form.decks.clone(),
            unit: form.unit.clone(),
            rate_percent: form.rate_percent.clone(),
            sections: form.sections.clone(),
            bank_limit: Some(form.bank_limit),
            table_min: form.table_min.clone(),
            table_max: form.table_max.clone(),
            log_dir: form.log_dir.clone(),
            house_path: form.house_path.clone(),
            instant: form.instant,
            in_units: form.in_units,
        }
    }

    /// Fills the start form: the house file and the game first (they fill the fields
    /// with their settings), then the fields as they were typed; the log folder is
    /// looked at again for unfinished shifts.
    pub fn fill(&self, form: &mut StartForm) {
        if !self.house_path.trim().is_empty() && self.house_path != form.house_path {
            form.house_path = self.house_path.clone();
            form.load_house();
        }
        if let Some(game) = self.game {
            form.set_game(game);
        }
        if let Some(limit) = self.bank_limit {
            form.bank_limit = limit;
        }
        for (field, value) in [
            (&mut form.decks, &self.decks),
            (&mut form.unit, &self.unit),
            (&mut form.rate_percent, &self.rate_percent),
            (&mut form.sections, &self.sections),
        ] {
            if !value.trim().is_empty() {
                field.clone_from(value);
            }
        }
        form.instant = self.instant;
        form.in_units = self.in_units;
        form.table_min.clone_from(&self.table_min);
        form.table_max.clone_from(&self.table_max);
        if !self.log_dir.trim().is_empty() && self.log_dir != form.log_dir {
            form.log_dir.clone_from(&self.log_dir);
            form.scan();
        }
    }

    /// The settings a shift was played with, as the start form types them: what the
    /// form keeps for the next shift of the table (the house file stays as it was).
    pub fn keep_settings(&mut self, s: &crate::engine::TableSettings) {
        use super::start::{rate_to_percent, shown_money};
        self.game = Some(s.game);
        self.decks = s.decks.to_string();
        self.unit = shown_money(s.unit);
        self.rate_percent = rate_to_percent(if s.game.has_bank() { s.cagnotte } else { s.commission });
        self.sections = s.sections.to_string();
        self.bank_limit = Some(s.bank_limit);
        self.table_min = s.house.table_min.map(shown_money).unwrap_or_default();
        self.table_max = s.house.table_max.map(shown_money).unwrap_or_default();
    }

    /// The preferences stored, if any (and readable).
    pub fn load(storage: &dyn eframe::Storage) -> Option<Prefs> {
        eframe::get_value(storage, KEY)
    }

    pub fn store(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, KEY, self);
    }
}
