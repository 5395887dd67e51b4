//! What the start form hands on: a shift ready to open (or a training session's origin),
//! read from the form's fields (each wrong field named, with why).

use super::*;
use crate::engine::{PlayerRef, TableSettings};
use crate::i18n::Lang;
use std::path::PathBuf;

/// A shift ready to open.
#[derive(Clone, Debug)]
pub struct StartChoice {
    /// The folder its log goes to.
    pub log_dir: PathBuf,
    pub table_name: String,
    pub croupier: String,
    pub settings: TableSettings,
    /// Who takes the bank at the start, and with how much (R-BQ-3).
    pub banker: Option<(PlayerRef, Money)>,
    /// A training session's own log (`training-…`, never a live shift's).
    pub training: bool,
    /// The language the log's problems are told in.
    pub lang: Lang,
    /// The pit's database, where the log's records also go, if any.
    pub pit: Option<crate::pit::PitUrl>,
    /// The dealer school's thresholds (the house file's `school`).
    pub school: crate::training::SchoolRules,
    /// Amounts typed in the table's unit (the form's «importes en unidades»): the
    /// school's entry line reads them so too, as the table's does.
    pub in_units: bool,
}

/// An amount as the croupier types it, `12,50` or `12.50`; `None` when it is not one.
fn typed_money(s: &str) -> Option<Money> {
    s.trim().replace(',', ".").parse().ok()
}

/// An amount as the form shows it: `1000`, `12.50`.
pub(crate) fn shown_money(m: Money) -> String {
    let s = m.to_string();
    s.strip_suffix(".00").unwrap_or(&s).to_string()
}

pub(crate) fn rate_to_percent(rate: Rate) -> String {
    (rate.decimal() * Decimal::ONE_HUNDRED).normalize().to_string()
}

pub(super) fn percent_to_rate(s: &str) -> Option<Rate> {
    let d: Decimal = s.trim().replace(',', ".").parse().ok()?;
    Rate::new(d.checked_div(Decimal::ONE_HUNDRED)?).ok()
}

impl StartForm {
    /// Reads the form; says which field is wrong and why.
    pub fn read(&self, lang: Lang) -> Result<StartChoice, String> {
        self.read_field(lang).map_err(|(_, why)| why)
    }

    /// Reads the form; a refusal names the field it is about, for it to take the keyboard.
    pub fn read_field(&self, lang: Lang) -> Result<StartChoice, (Field, String)> {
        let bad = |field: Field, label: &str, why: String| {
            (field, ta(lang, "start-bad-field-why", &[("field", t(lang, label)), ("why", why)]))
        };
        let empty = |field, label: &str| bad(field, label, t(lang, "start-why-empty"));
        let typed = |s: &str| vec![("typed", s.trim().to_string())];
        let number = |field, label: &str, s: &str| bad(field, label, ta(lang, "start-why-number", &typed(s)));
        let not_money = |field, label: &str, s: &str| bad(field, label, ta(lang, "start-why-amount", &typed(s)));
        if self.table_name.trim().is_empty() {
            return Err(empty(Field::Table, "start-table"));
        }
        if self.croupier.trim().is_empty() {
            return Err(empty(Field::Croupier, "start-croupier"));
        }
        // A name longer than a log takes (and the pit): said here, before any log is made.
        let max = crate::journal::bounds::MAX_NAME;
        let long = |field, label: &str| bad(field, label, ta(lang, "start-why-too-long", &[("max", max.to_string())]));
        if self.table_name.trim().chars().count() > max {
            return Err(long(Field::Table, "start-table"));
        }
        if self.croupier.trim().chars().count() > max {
            return Err(long(Field::Croupier, "start-croupier"));
        }
        if let Some(problem) = &self.house_problem {
            return Err((Field::House, crate::house::house_error_text(lang, problem)));
        }
        // The house's settings (its rounding, house rules, table limits), then what the
        // form says.
        let mut s = self.house.house.settings(self.game, Some(self.bank_limit));
        s.decks = self.decks.trim().parse().map_err(|_| number(Field::Decks, "start-decks", &self.decks))?;
        s.unit = typed_money(&self.unit).ok_or_else(|| not_money(Field::Unit, "start-unit", &self.unit))?;
        let rate = percent_to_rate(&self.rate_percent).ok_or_else(|| {
            bad(Field::Rate, self.rate_label(), ta(lang, "start-why-rate", &typed(&self.rate_percent)))
        })?;
        s.set_fee_rate(rate);
        s.bank_limit = self.bank_limit;
        s.sections =
            self.sections.trim().parse().map_err(|_| number(Field::Sections, "start-sections", &self.sections))?;
        let limit = |text: &str, field, label: &str| match text.trim() {
            "" => Ok(None),
            x => typed_money(x).map(Some).ok_or_else(|| not_money(field, label, x)),
        };
        s.house.table_min = limit(&self.table_min, Field::TableMin, "start-table-min")?;
        s.house.table_max = limit(&self.table_max, Field::TableMax, "start-table-max")?;
        let banker = match (self.banker.trim(), self.bank.trim()) {
            _ if !self.game.has_bank() => None,
            ("", "") => None,
            (seat, bank) => {
                let seat: u8 = seat.parse().map_err(|_| number(Field::Banker, "start-banker", seat))?;
                let b = typed_money(bank).ok_or_else(|| not_money(Field::Bank, "start-bank", bank))?;
                if !b.is_positive() {
                    return Err(bad(Field::Bank, "start-bank", t(lang, "start-why-positive")));
                }
                Some((PlayerRef::seated(seat), b))
            }
        };
        s.validate().map_err(|e| (Field::of_setting(e.field()), crate::i18n::settings_text(lang, e)))?;
        let pit = self.pit(lang).map_err(|e| (Field::Pit, e))?;
        Ok(StartChoice {
            log_dir: PathBuf::from(self.log_dir.trim()),
            table_name: self.table_name.trim().into(),
            croupier: self.croupier.trim().into(),
            settings: s,
            banker,
            training: false,
            lang,
            pit,
            school: self.house.house.school_rules(),
            in_units: self.in_units,
        })
    }

    /// The pit's URL as typed: none when empty; a URL that cannot be read is said.
    pub fn pit(&self, lang: Lang) -> Result<Option<crate::pit::PitUrl>, String> {
        if self.pit_url.trim().is_empty() {
            return Ok(None);
        }
        crate::pit::PitUrl::parse(&self.pit_url)
            .map(Some)
            .map_err(|e| ta(lang, "start-pit-bad", &[("why", crate::app::pit::pit_error_text(lang, &e))]))
    }

    pub(super) fn rate_label(&self) -> &'static str {
        match self.game.fee_kind() {
            FeeKind::Commission => "start-commission",
            FeeKind::Cagnotte => "start-cagnotte",
        }
    }
}
