//! House files: a casino's table settings (cagnotte and its rounding, commission, the
//! house rules, the table's limits…) by game, in a RON file that the start screen and
//! every command that takes settings load (`--house FILE`). `docs/HOUSE.md` describes
//! the format; `assets/house/` holds the two shipped examples.
//!
//! Files are not the engine's: this module reads the file and gives the engine a
//! [`TableSettings`], checked by the engine's own [`TableSettings::validate`]. A file that
//! cannot be read, is not RON of this shape, or gives settings the engine refuses is a
//! [`HouseError`] with the file, line and column, told in Spanish or English
//! ([`house_error_text`]). The `school` block sets the dealer school's thresholds
//! (when a level opens, the pace of each level), read into a
//! [`crate::training::SchoolRules`]; a value out of its range is a
//! [`HouseError::School`] naming the key, the file, line and column.
//! May import `crate::engine`, `crate::analysis` (pure: game protection's block),
//! `crate::script` (a script's table), `crate::training`
//! (pure: the school's thresholds) and `crate::i18n`.

use crate::engine::settings::BadSettings;
use crate::engine::{BankLimit, Game, HouseRules, Money, Rate, Rounding, TableSettings};
use crate::i18n::{Lang, tr, tr_args};
use crate::training::{Level, Progression, SchoolRules};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod protection;
pub use protection::ProtectionHouse;

/// The environment variable naming a house file when `--house` is not given.
pub const HOUSE_VAR: &str = "SABOT_HOUSE";

/// The system-wide house file (Linux), read when there is no other.
pub const SYSTEM_FILE: &str = "/etc/sabot/house.ron";

/// A casino's settings for the three games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "House", deny_unknown_fields)]
pub struct House {
    /// What the start screen shows: whose rules these are.
    pub name: String,
    /// The regulation or house document they come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// For every game unless its block says otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounding: Option<Rounding>,
    #[serde(default)]
    pub banque: BanqueHouse,
    #[serde(default)]
    pub chemin_de_fer: CheminHouse,
    #[serde(default)]
    pub punto_banca: PuntoBancaHouse,
    /// The dealer school's thresholds (left out: Sabot's).
    #[serde(default, skip_serializing_if = "SchoolHouse::is_empty")]
    pub school: SchoolHouse,
    /// Game protection's policy (issue 38).
    #[serde(default, skip_serializing_if = "ProtectionHouse::is_empty")]
    pub protection: ProtectionHouse,
}

/// The dealer school's thresholds: when a level opens (the last `window` answers of
/// the level before, at least `percent` % right) and the pace asked of each level, in
/// seconds a question (the audition's is its target). Left out: Sabot's defaults
/// (20 answers, 90 %; 5, 8, 12, 20, 15 and 15 seconds).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchoolHouse {
    /// How many of a level's last answers count, at least 1.
    #[serde(default)]
    pub window: Option<u32>,
    /// The share of them that must be right, 1 to 100.
    #[serde(default)]
    pub percent: Option<u32>,
    /// Seconds a question, by level; each more than 0.
    #[serde(default)]
    pub seconds: SchoolSeconds,
}

/// The pace of each level, in seconds a question.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchoolSeconds {
    #[serde(default)]
    pub values: Option<u32>,
    #[serde(default)]
    pub drawing: Option<u32>,
    #[serde(default)]
    pub payouts: Option<u32>,
    #[serde(default)]
    pub procedures: Option<u32>,
    #[serde(default)]
    pub coups: Option<u32>,
    #[serde(default)]
    pub audition: Option<u32>,
}

impl SchoolSeconds {
    /// Each level's key and the value the file gives, level 1 first.
    fn by_level(&self) -> [(&'static str, Option<u32>); 6] {
        [
            ("values", self.values),
            ("drawing", self.drawing),
            ("payouts", self.payouts),
            ("procedures", self.procedures),
            ("coups", self.coups),
            ("audition", self.audition),
        ]
    }
}

impl SchoolHouse {
    fn is_empty(&self) -> bool {
        *self == SchoolHouse::default()
    }

    /// The first value out of its range: its keys from `school` on, and why.
    pub fn check(&self) -> Result<(), (Vec<&'static str>, SchoolFault)> {
        if let Some(p) = self.percent
            && !(1..=100).contains(&p)
        {
            return Err((vec!["school", "percent"], SchoolFault::Percent(p)));
        }
        if self.window == Some(0) {
            return Err((vec!["school", "window"], SchoolFault::Window));
        }
        for (key, v) in self.seconds.by_level() {
            if v == Some(0) {
                return Err((vec!["school", "seconds", key], SchoolFault::Seconds));
            }
        }
        Ok(())
    }
}

/// A school threshold out of its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchoolFault {
    /// Not a percentage from 1 to 100.
    Percent(u32),
    /// A window of no answers.
    Window,
    /// A pace of no time.
    Seconds,
    /// Not a percentage from 0 to 100 (game protection's keys).
    Share(u32),
}

/// Bacarrá a dos paños: what the file gives (left out: the game's default).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BanqueHouse {
    #[serde(default)]
    pub decks: Option<u8>,
    #[serde(default)]
    pub unit: Option<Money>,
    #[serde(default)]
    pub rounding: Option<Rounding>,
    #[serde(default)]
    pub sections: Option<u8>,
    /// The bank the start screen proposes (R-BQ-4).
    #[serde(default)]
    pub bank_limit: Option<BankLimit>,
    /// The cagnotte at a limited bank (R-BQ-16), and at a free one unless
    /// `cagnotte_free_bank` says otherwise.
    #[serde(default)]
    pub cagnotte: Option<Rate>,
    /// The cagnotte at a free (open) bank.
    #[serde(default)]
    pub cagnotte_free_bank: Option<Rate>,
    #[serde(default)]
    pub house: Option<HouseRules>,
}

/// Chemin de fer: what the file gives.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheminHouse {
    #[serde(default)]
    pub decks: Option<u8>,
    #[serde(default)]
    pub unit: Option<Money>,
    #[serde(default)]
    pub rounding: Option<Rounding>,
    #[serde(default)]
    pub sections: Option<u8>,
    /// R-CF-9.
    #[serde(default)]
    pub cagnotte: Option<Rate>,
    #[serde(default)]
    pub house: Option<HouseRules>,
}

/// Punto y Banca: what the file gives.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuntoBancaHouse {
    #[serde(default)]
    pub decks: Option<u8>,
    #[serde(default)]
    pub unit: Option<Money>,
    #[serde(default)]
    pub rounding: Option<Rounding>,
    #[serde(default)]
    pub sections: Option<u8>,
    /// R-PB-4.
    #[serde(default)]
    pub commission: Option<Rate>,
    #[serde(default)]
    pub house: Option<HouseRules>,
}

impl Default for House {
    /// Sabot's own defaults: the seeds' (the Spanish regulation).
    fn default() -> Self {
        House {
            name: String::new(),
            source: None,
            decks: None,
            unit: None,
            rounding: None,
            banque: BanqueHouse::default(),
            chemin_de_fer: CheminHouse::default(),
            punto_banca: PuntoBancaHouse::default(),
            school: SchoolHouse::default(),
            protection: ProtectionHouse::default(),
        }
    }
}

/// The block of a game, by its name in the file.
pub const fn block_name(game: Game) -> &'static str {
    match game {
        Game::Banque => "banque",
        Game::ChemindeFer => "chemin_de_fer",
        Game::PuntoBanca => "punto_banca",
    }
}

impl House {
    /// The settings of a table of `game`. `bank_limit` is the bank chosen at the start
    /// of a Banque shift (left out: the file's, or limited); it also chooses the
    /// cagnotte (`cagnotte` or `cagnotte_free_bank`). Other games ignore it.
    pub fn settings(&self, game: Game, bank_limit: Option<BankLimit>) -> TableSettings {
        let mut s = TableSettings::new(game);
        let common = (self.decks, self.unit, self.rounding);
        let (decks, unit, rounding, sections, house) = match game {
            Game::Banque => {
                let b = &self.banque;
                s.bank_limit = bank_limit.or(b.bank_limit).unwrap_or(s.bank_limit);
                let rate = match s.bank_limit {
                    BankLimit::Limited => b.cagnotte,
                    BankLimit::Free => b.cagnotte_free_bank.or(b.cagnotte),
                };
                s.cagnotte = rate.unwrap_or(s.cagnotte);
                (b.decks, b.unit, b.rounding, b.sections, b.house)
            }
            Game::ChemindeFer => {
                let c = &self.chemin_de_fer;
                s.cagnotte = c.cagnotte.unwrap_or(s.cagnotte);
                (c.decks, c.unit, c.rounding, c.sections, c.house)
            }
            Game::PuntoBanca => {
                let p = &self.punto_banca;
                s.commission = p.commission.unwrap_or(s.commission);
                (p.decks, p.unit, p.rounding, p.sections, p.house)
            }
        };
        if let Some(v) = decks.or(common.0) {
            s.decks = v;
        }
        if let Some(v) = unit.or(common.1) {
            s.unit = v;
        }
        if let Some(v) = rounding.or(common.2) {
            s.rounding = v;
        }
        if let Some(v) = sections {
            s.sections = v;
        }
        if let Some(v) = house {
            s.house = v;
        }
        s
    }

    /// The settings of a table script's `table` block, with this house's settings for
    /// what the block leaves out (`sabot play --house`).
    pub fn settings_for_spec(&self, spec: &crate::script::TableSpec) -> TableSettings {
        let mut s = self.settings(spec.game.unwrap_or(Game::Banque), spec.bank_limit);
        if let Some(v) = spec.decks {
            s.decks = v;
        }
        if let Some(v) = spec.unit {
            s.unit = v;
        }
        if let Some(v) = spec.cagnotte {
            s.cagnotte = v;
        }
        if let Some(v) = spec.commission {
            s.commission = v;
        }
        if let Some(v) = spec.sections {
            s.sections = v;
        }
        if let Some(v) = spec.rounding {
            s.rounding = v;
        }
        if let Some(v) = spec.house {
            s.house = v;
        }
        s
    }

    /// The dealer school's thresholds: the file's, Sabot's where it says nothing.
    pub fn school_rules(&self) -> SchoolRules {
        let d = SchoolRules::default();
        let s = &self.school;
        let mut seconds = d.seconds;
        for (slot, (_, v)) in seconds.iter_mut().zip(s.seconds.by_level()) {
            if let Some(v) = v {
                *slot = v;
            }
        }
        SchoolRules {
            progression: Progression {
                window: s.window.map_or(d.progression.window, |w| w as usize),
                percent: s.percent.unwrap_or(d.progression.percent),
            },
            seconds,
            // The unit each game's table bets in, as the file names it (its block's, else its own).
            units: [self.banque.unit, self.chemin_de_fer.unit, self.punto_banca.unit].map(|u| u.or(self.unit)),
        }
    }

    /// The pace asked of a question of `level`, in seconds (the file's or Sabot's).
    pub fn target_seconds(&self, level: Level) -> u32 {
        self.school_rules().target_seconds(level)
    }

    /// Every table this file can make, checked by the engine: the first fault found.
    pub fn check(&self) -> Result<(), (Game, BadSettings)> {
        for game in Game::ALL {
            let limits: &[BankLimit] =
                if game == Game::Banque { &[BankLimit::Limited, BankLimit::Free] } else { &[BankLimit::Limited] };
            for limit in limits {
                self.settings(game, Some(*limit)).validate().map_err(|f| (game, f))?;
            }
        }
        Ok(())
    }
}

/// A house file as loaded: the settings and the file they came from (`None`: Sabot's
/// built-in defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub house: House,
    pub path: Option<PathBuf>,
}

impl Loaded {
    /// Sabot's built-in defaults, no file.
    pub fn built_in() -> Loaded {
        Loaded { house: House::default(), path: None }
    }

    /// The name to show: the file's `name`, or that these are the defaults.
    pub fn name(&self, lang: Lang) -> String {
        match &self.path {
            Some(_) if !self.house.name.trim().is_empty() => self.house.name.clone(),
            Some(p) => p.display().to_string(),
            None => tr(lang, "house-built-in"),
        }
    }
}

mod read;
mod words;
pub use read::{HouseError, RonProblem, find, load, locate, parse, resolve, set_startup, startup, user_file};
pub use words::{fault_text, house_error_text};

#[cfg(test)]
mod tests;
