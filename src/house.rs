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
//! May import `crate::engine`, `crate::script` (a script's table), `crate::training`
//! (pure: the school's thresholds) and `crate::i18n`.

use crate::engine::settings::BadSettings;
use crate::engine::{BankLimit, Game, HouseRules, Money, Rate, Rounding, TableSettings};
use crate::i18n::{Lang, tr, tr_args};
use crate::training::{Level, Progression, SchoolRules};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

#[path = "house_protection.rs"]
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

/// What is wrong in the RON text, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RonProblem {
    UnknownField {
        found: String,
        expected: Vec<String>,
    },
    MissingField(String),
    DuplicateField(String),
    UnknownValue {
        found: String,
        expected: Vec<String>,
    },
    WrongType {
        expected: String,
        found: String,
    },
    /// A value the setting's own type refused (an amount, a rate), with its words.
    BadValue(String),
    End,
    WrongName(String),
    /// Any other syntax error, in RON's words.
    Syntax(String),
}

/// Why a house file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HouseError {
    /// The file cannot be read (missing, no permission…).
    Unreadable {
        path: PathBuf,
        error: std::io::ErrorKind,
    },
    NotText {
        path: PathBuf,
    },
    /// The text is not a house file: where, and why.
    Syntax {
        path: PathBuf,
        line: usize,
        col: usize,
        problem: RonProblem,
    },
    /// A setting the engine refuses, where the file gives it.
    Invalid {
        path: PathBuf,
        line: usize,
        col: usize,
        game: Game,
        fault: BadSettings,
    },
    /// A school threshold out of its range (`key`: `school.percent`, say).
    School {
        path: PathBuf,
        line: usize,
        col: usize,
        key: String,
        fault: SchoolFault,
    },
}

impl HouseError {
    pub fn path(&self) -> &Path {
        match self {
            HouseError::Unreadable { path, .. }
            | HouseError::NotText { path }
            | HouseError::Syntax { path, .. }
            | HouseError::Invalid { path, .. }
            | HouseError::School { path, .. } => path,
        }
    }
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn ron_problem(code: ron::Error) -> RonProblem {
    use ron::Error as E;
    match code {
        E::NoSuchStructField { expected, found, .. } => RonProblem::UnknownField { found, expected: names(expected) },
        E::MissingStructField { field, .. } => RonProblem::MissingField(field.to_string()),
        E::DuplicateStructField { field, .. } => RonProblem::DuplicateField(field.to_string()),
        E::NoSuchEnumVariant { expected, found, .. } => RonProblem::UnknownValue { found, expected: names(expected) },
        E::InvalidValueForType { expected, found } => RonProblem::WrongType { expected, found },
        E::Message(m) => RonProblem::BadValue(m),
        E::Eof => RonProblem::End,
        E::ExpectedDifferentStructName { found, .. } => RonProblem::WrongName(found),
        other => RonProblem::Syntax(other.to_string()),
    }
}

/// Reads a house file's text (`path` is only for the messages) and checks every table
/// it makes.
pub fn parse(text: &str, path: &Path) -> Result<House, HouseError> {
    let house: House = ron_options().from_str(text).map_err(|e| HouseError::Syntax {
        path: path.to_path_buf(),
        line: e.span.start.line,
        col: e.span.start.col,
        problem: ron_problem(e.code),
    })?;
    if let Err((game, fault)) = house.check() {
        let (line, col) = locate_fault(text, game, fault);
        return Err(HouseError::Invalid { path: path.to_path_buf(), line, col, game, fault });
    }
    if let Err((keys, fault)) = house.school.check().and_then(|()| house.protection.check()) {
        let (line, col) = locate(text, &keys).or_else(|| locate(text, &keys[..1])).unwrap_or((1, 1));
        return Err(HouseError::School { path: path.to_path_buf(), line, col, key: keys.join("."), fault });
    }
    Ok(house)
}

/// Reads and checks a house file.
pub fn load(path: &Path) -> Result<House, HouseError> {
    let bytes =
        std::fs::read(path).map_err(|e| HouseError::Unreadable { path: path.to_path_buf(), error: e.kind() })?;
    let text = String::from_utf8(bytes).map_err(|_| HouseError::NotText { path: path.to_path_buf() })?;
    parse(&text, path)
}

/// The user's own house file: `<config folder>/house.ron` (Linux
/// `~/.config/sabot/house.ron`).
pub fn user_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "sabot").map(|p| p.config_dir().join("house.ron"))
}

/// Which house file applies: `--house FILE`; else `SABOT_HOUSE`; else the user's
/// `house.ron`, else the system's (`/etc/sabot/house.ron`), when they exist; else none
/// (Sabot's defaults).
pub fn find(flag: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = flag {
        return Some(p.to_path_buf());
    }
    if let Some(v) = std::env::var_os(HOUSE_VAR)
        && !v.is_empty()
    {
        return Some(PathBuf::from(v));
    }
    let system = cfg!(unix).then(|| PathBuf::from(SYSTEM_FILE));
    user_file().into_iter().chain(system).find(|p| p.is_file())
}

/// Loads the house file that applies ([`find`]), or Sabot's defaults when none does.
pub fn resolve(flag: Option<&Path>) -> Result<Loaded, HouseError> {
    match find(flag) {
        Some(path) => load(&path).map(|house| Loaded { house, path: Some(path) }),
        None => Ok(Loaded::built_in()),
    }
}

static STARTUP: OnceLock<Result<Loaded, HouseError>> = OnceLock::new();

/// Records the house the app was started with (`sabot --house FILE`, or found): the
/// start screen opens with it. Once per process; a second call changes nothing.
pub fn set_startup(house: Result<Loaded, HouseError>) {
    // A second call keeps the first: the app is started once.
    STARTUP.get_or_init(|| house);
}

/// The house the app was started with; Sabot's defaults when none was recorded (the
/// app built by a test).
pub fn startup() -> Result<Loaded, HouseError> {
    STARTUP.get().cloned().unwrap_or_else(|| Ok(Loaded::built_in()))
}

/// Where a key sits in a house file: `path` is the chain of keys from the top
/// (`["banque", "house", "table_min"]`); the line and column of the last one, 1-based.
/// Strings and comments are skipped.
pub fn locate(text: &str, path: &[&str]) -> Option<(usize, usize)> {
    let mut cur = Cursor { chars: text.chars().collect(), i: 0, line: 1, col: 1 };
    // The keys of the open brackets, outermost first; the last key seen at this depth.
    let mut stack: Vec<String> = Vec::new();
    let mut last_key: Option<String> = None;
    while let Some(c) = cur.at(0) {
        if c == '/' && cur.at(1) == Some('/') {
            cur.skip_line_comment();
            continue;
        }
        if c == '/' && cur.at(1) == Some('*') {
            cur.skip_block_comment();
            continue;
        }
        if c == '"' {
            cur.skip_string();
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let (at_line, at_col) = (cur.line, cur.col);
            let word = cur.word();
            if cur.colon_follows() {
                // A key: is it the one asked for, under the keys asked for?
                let enclosing: Vec<&str> = stack.iter().skip(1).map(String::as_str).collect();
                if enclosing.len() + 1 == path.len()
                    && enclosing.iter().zip(path).all(|(a, b)| a == b)
                    && path.last() == Some(&word.as_str())
                {
                    return Some((at_line, at_col));
                }
                last_key = Some(word);
            }
            continue;
        }
        match c {
            '(' | '[' | '{' => stack.push(last_key.take().unwrap_or_default()),
            ')' | ']' | '}' => {
                stack.pop();
                last_key = None;
            }
            ',' => last_key = None,
            _ => {}
        }
        cur.step();
    }
    None
}

/// A walk over a house file's characters, keeping the line and column (1-based).
struct Cursor {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Cursor {
    /// The character `k` after the one it is on (0: that one), if any.
    fn at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    /// Moves past the character it is on.
    fn step(&mut self) {
        if self.chars.get(self.i) == Some(&'\n') {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.i += 1;
    }

    /// Moves to the end of a `//` comment (on its end of line).
    fn skip_line_comment(&mut self) {
        while self.at(0).is_some_and(|c| c != '\n') {
            self.step();
        }
    }

    /// Moves past a `/* … */` comment, comments within it counted.
    fn skip_block_comment(&mut self) {
        let mut depth = 0usize;
        while self.at(0).is_some() {
            if self.at(0) == Some('/') && self.at(1) == Some('*') {
                depth += 1;
                self.step();
            } else if self.at(0) == Some('*') && self.at(1) == Some('/') {
                depth = depth.saturating_sub(1);
                self.step();
                if depth == 0 {
                    self.step();
                    break;
                }
            }
            self.step();
        }
    }

    /// Moves past a string, its escapes taken whole.
    fn skip_string(&mut self) {
        self.step();
        while self.at(0).is_some_and(|c| c != '"') {
            if self.at(0) == Some('\\') {
                self.step();
            }
            if self.at(0).is_some() {
                self.step();
            }
        }
        if self.at(0).is_some() {
            self.step();
        }
    }

    /// Moves past a word (letters, digits, `_`) and hands it back.
    fn word(&mut self) -> String {
        let start = self.i;
        while self.at(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.step();
        }
        self.chars[start..self.i].iter().collect()
    }

    /// Whether a single `:` follows, after blanks (the word before it is a key).
    fn colon_follows(&self) -> bool {
        let mut k = 0;
        while self.at(k).is_some_and(char::is_whitespace) {
            k += 1;
        }
        self.at(k) == Some(':') && self.at(k + 1) != Some(':')
    }
}

/// Where a fault found in a checked table sits in the file: the setting in its game's
/// block (or that block's `house`), else the same setting for every game, else the
/// game's block, else the top of the file.
fn locate_fault(text: &str, game: Game, fault: BadSettings) -> (usize, usize) {
    let block = block_name(game);
    let field = fault.field();
    let cagnotte_free = (game == Game::Banque).then_some("cagnotte_free_bank");
    let tries: Vec<Vec<&str>> = vec![
        vec![block, "house", field],
        vec![block, field],
        vec![field],
        cagnotte_free.map(|f| vec![block, f]).unwrap_or_default(),
        vec![block],
    ];
    tries.iter().filter(|p| !p.is_empty()).find_map(|p| locate(text, p)).unwrap_or((1, 1))
}

fn game_text(lang: Lang, game: Game) -> String {
    tr(
        lang,
        match game {
            Game::Banque => "house-game-banque",
            Game::ChemindeFer => "house-game-chemin-de-fer",
            Game::PuntoBanca => "house-game-punto-banca",
        },
    )
}

/// What a settings fault means, in the croupier's language.
pub fn fault_text(lang: Lang, fault: BadSettings) -> String {
    let id = match fault {
        BadSettings::Decks => "house-fault-decks",
        BadSettings::Unit => "house-fault-unit",
        BadSettings::RoundingQuantum => "house-fault-quantum",
        BadSettings::BanqueSections => "house-fault-banque-sections",
        BadSettings::Sections => "house-fault-sections",
        BadSettings::PbBancaDraws => "house-fault-pb-banca-draws",
        BadSettings::TableMin => "house-fault-table-min",
        BadSettings::TableMax => "house-fault-table-max",
        BadSettings::MinAboveMax => "house-fault-min-above-max",
        // A house file sets no bank.
        BadSettings::NegativeBank => return crate::i18n::settings_text(lang, fault),
    };
    tr_args(lang, id, &[("clause", fault.clause().to_string())])
}

fn problem_text(lang: Lang, p: &RonProblem) -> String {
    match p {
        RonProblem::UnknownField { found, expected } => {
            tr_args(lang, "house-ron-unknown-field", &[("found", found.clone()), ("expected", expected.join(", "))])
        }
        RonProblem::MissingField(f) => tr_args(lang, "house-ron-missing-field", &[("field", f.clone())]),
        RonProblem::DuplicateField(f) => tr_args(lang, "house-ron-duplicate-field", &[("field", f.clone())]),
        RonProblem::UnknownValue { found, expected } => {
            tr_args(lang, "house-ron-unknown-value", &[("found", found.clone()), ("expected", expected.join(", "))])
        }
        RonProblem::WrongType { expected, found } => {
            tr_args(lang, "house-ron-wrong-type", &[("expected", expected.clone()), ("found", found.clone())])
        }
        RonProblem::BadValue(m) => tr_args(lang, "house-ron-bad-value", &[("message", m.clone())]),
        RonProblem::End => tr(lang, "house-ron-end"),
        RonProblem::WrongName(found) => tr_args(lang, "house-ron-name", &[("found", found.clone())]),
        RonProblem::Syntax(m) => tr_args(lang, "house-ron-syntax", &[("message", m.clone())]),
    }
}

/// A house file's problem in the croupier's language: `FILE:LINE:COLUMN: what`.
pub fn house_error_text(lang: Lang, e: &HouseError) -> String {
    let path = e.path().display().to_string();
    match e {
        HouseError::Unreadable { error, .. } => {
            let why = match error {
                std::io::ErrorKind::NotFound => tr(lang, "house-io-not-found"),
                std::io::ErrorKind::PermissionDenied => tr(lang, "house-io-denied"),
                std::io::ErrorKind::IsADirectory => tr(lang, "house-io-folder"),
                other => other.to_string(),
            };
            tr_args(lang, "house-unreadable", &[("path", path), ("error", why)])
        }
        HouseError::NotText { .. } => tr_args(lang, "house-not-text", &[("path", path)]),
        HouseError::Syntax { line, col, problem, .. } => {
            format!("{path}:{line}:{col}: {}", problem_text(lang, problem))
        }
        HouseError::Invalid { line, col, game, fault, .. } => {
            format!("{path}:{line}:{col}: {}: {}", game_text(lang, *game), fault_text(lang, *fault))
        }
        HouseError::School { line, col, key, fault, .. } => {
            let said = match fault {
                SchoolFault::Percent(found) => {
                    tr_args(lang, "house-school-percent", &[("key", key.clone()), ("found", found.to_string())])
                }
                SchoolFault::Window => tr_args(lang, "house-school-window", &[("key", key.clone())]),
                SchoolFault::Seconds => tr_args(lang, "house-school-seconds", &[("key", key.clone())]),
                SchoolFault::Share(found) => {
                    tr_args(lang, "house-share", &[("key", key.clone()), ("found", found.to_string())])
                }
            };
            format!("{path}:{line}:{col}: {said}")
        }
    }
}

#[cfg(test)]
#[path = "house_tests.rs"]
mod tests;
