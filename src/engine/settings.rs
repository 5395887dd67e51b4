//! Table settings, with the house rules of RULES.md as settings with documented
//! defaults (a house rule is never a hard-coded guess).

use super::clause::Clause;
use super::money::{Money, Rate, Rounding};
use serde::{Deserialize, Serialize};

/// Which game the table deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Game {
    /// Bacarrá a dos paños / Baccarat Banque: a banker against two paños.
    Banque,
    /// Chemin de fer: a banker against one player hand; the bank moves round the table.
    #[serde(alias = "CheminDeFer", alias = "ChemDeFer")]
    ChemindeFer,
    /// Punto y Banca: two hands, the casino pays.
    #[serde(alias = "PuntoYBanca", alias = "PuntoBanco")]
    PuntoBanca,
}

impl Game {
    pub const ALL: [Game; 3] = [Game::Banque, Game::ChemindeFer, Game::PuntoBanca];

    /// Cards at least below the cut card (R-C-4): 10 in Bacarrá, 7 in the others.
    pub const fn default_cut_min(self) -> u8 {
        match self {
            Game::Banque => 10,
            Game::ChemindeFer | Game::PuntoBanca => 7,
        }
    }

    /// Whether a player holds a bank against the table (cagnotte, not commission).
    pub const fn has_bank(self) -> bool {
        !matches!(self, Game::PuntoBanca)
    }

    /// The house's fee in this game: a cagnotte on the bank's win (R-BQ-16, R-CF-9), or
    /// Punto y Banca's commission on banca's wins (R-PB-4). Its rate and clause:
    /// `TableSettings::fee`.
    pub const fn fee_kind(self) -> FeeKind {
        if self.has_bank() { FeeKind::Cagnotte } else { FeeKind::Commission }
    }

    /// Whether the holders of the hands give their word (draw, stand, a natural shown)
    /// and the banker chooses or announces: not in Punto y Banca, whose hands the
    /// croupier draws by fixed rules (R-PB-7).
    pub const fn holders_speak(self) -> bool {
        !matches!(self, Game::PuntoBanca)
    }

    /// Short machine name (`banque`, `chemin-de-fer`, `punto-banca`).
    pub const fn slug(self) -> &'static str {
        match self {
            Game::Banque => "banque",
            Game::ChemindeFer => "chemin-de-fer",
            Game::PuntoBanca => "punto-banca",
        }
    }

    pub fn from_slug(s: &str) -> Option<Game> {
        match s.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "banque" | "bq" | "bacarra" | "baccarat-banque" | "dos-panos" => Some(Game::Banque),
            "chemin-de-fer" | "chemindefer" | "cf" | "chemin" => Some(Game::ChemindeFer),
            "punto-banca" | "puntobanca" | "pb" | "punto-y-banca" | "punto-banco" => Some(Game::PuntoBanca),
            _ => None,
        }
    }

    /// The one of three things (a clause, a word) that belongs to this game.
    /// The clause this game cites for a ruling the engine recorded under `clause`.
    /// The error procedures are the Banque's (R-BQ-E1…E18, 000 §14–16). Chemin de fer
    /// takes them as they are, its bank drawing by R-CF-8 (the table against one
    /// hand). Punto y Banca's regulation (002) has none of its own: of the Banque's it
    /// takes those about the cards themselves (docs/RULES-NOTES.md, section 6), which
    /// act on its deal (R-PB-6) or void its coup with the bets left (R-PB-4).
    pub fn cites(self, clause: Clause) -> Clause {
        match (self, clause) {
            (Game::PuntoBanca, Clause::BQE1 | Clause::BQE2 | Clause::BQE4 | Clause::BQE6 | Clause::BQE8) => Clause::PB6,
            (Game::PuntoBanca, Clause::BQE3 | Clause::BQE7 | Clause::BQE11) => Clause::PB4,
            (Game::ChemindeFer, Clause::BQ13 | Clause::BQ14) => Clause::CF8,
            _ => clause,
        }
    }

    /// The procedure a clause cited in this game borrows, when it is not the
    /// engine's clause itself (`cites`).
    pub fn borrows(self, clause: Clause) -> Option<Clause> {
        (self.cites(clause) != clause).then_some(clause)
    }

    pub fn pick<T>(self, banque: T, chemin_de_fer: T, punto_banca: T) -> T {
        match self {
            Game::Banque => banque,
            Game::ChemindeFer => chemin_de_fer,
            Game::PuntoBanca => punto_banca,
        }
    }
}

/// Limited bank (the bets together may not pass it) or free bank (no limit, every
/// bet accepted by the banker first), R-BQ-4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum BankLimit {
    #[default]
    Limited,
    Free,
}

/// What equal totals do to a paño's bets (R-BQ-15, house rule; default `Push`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TieRule {
    /// Neither won nor lost.
    #[default]
    Push,
    /// The bank takes ties (an old variant some rooms still deal).
    BankWins,
}

/// What the Chemin de fer banker does in the table's `O` cells (R-CF-8, house rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum OptionalCells {
    #[default]
    BankerChooses,
    Draw,
    Stand,
}

/// Deal order of Punto y Banca (R-PB-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum PbDeal {
    /// Two cards for punto, then two for banca, as the seed writes it.
    #[default]
    PuntoFirst,
    /// One at a time, punto then banca, twice.
    Alternating,
}

/// The order of priorities among several players calling banco in Chemin de fer
/// (R-CF-3, house rule: the seed refers to a regulation article it does not give).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum BancoPriority {
    /// The holder of banco suivi, then seated players from the banker's right, then
    /// standing players.
    #[default]
    SuiviSeatedStanding,
}

/// The house rules: where the seeds are silent, the standard practice, as settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HouseRules {
    /// R-BQ-12: the bank's natural ends the coup, no third card to either paño.
    pub bank_natural_ends_coup: bool,
    /// R-BQ-15: equal totals.
    pub tie: TieRule,
    /// R-CF-3: banco priorities.
    pub banco_priority: BancoPriority,
    /// R-CF-8: the `O` cells of the table in Chemin de fer.
    pub cf_optional_cells: OptionalCells,
    /// R-CF-8 with R-BQ-11: a Chemin de fer banco caller may draw or stand on any
    /// total that is not a natural, as in Banque (the digest applies R-BQ-11 whole).
    pub cf_banco_free_draw: bool,
    /// R-CF-10: the bank passes to the next player when it loses.
    pub cf_bank_passes_on_loss: bool,
    /// R-PB-7: when punto stood, banca draws on this total or less (standard: 5).
    pub pb_banca_draws_on_stood_up_to: u8,
    /// R-PB-6: deal order.
    pub pb_deal: PbDeal,
    /// R-C-4: cards at least below the cut card; `None` takes the game's rule.
    pub cut_min: Option<u8>,
    /// R-BQ-2: players needed on each paño.
    pub min_players_per_tableau: u8,
    /// R-BQ-4 (001: the casino sets the limits of the bets): the smallest stake a bet
    /// may have at this table; `None`: no minimum. See [`TableSettings::stake_within_limits`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_min: Option<Money>,
    /// R-BQ-4: the largest stake a bet may have at this table; `None`: no maximum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_max: Option<Money>,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            bank_natural_ends_coup: true,
            tie: TieRule::Push,
            banco_priority: BancoPriority::SuiviSeatedStanding,
            cf_optional_cells: OptionalCells::BankerChooses,
            cf_banco_free_draw: true,
            cf_bank_passes_on_loss: true,
            pb_banca_draws_on_stood_up_to: 5,
            pb_deal: PbDeal::PuntoFirst,
            cut_min: None,
            min_players_per_tableau: 2,
            table_min: None,
            table_max: None,
        }
    }
}

/// A table's settings for a shift.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSettings {
    pub game: Game,
    /// Decks in the sabot (R-C-3): default 6.
    pub decks: u8,
    /// Betting unit: an a-caballo bet splits by it (R-BQ-7). Default 1.
    pub unit: Money,
    /// Cagnotte: fraction of the bank's net win (R-BQ-16, R-CF-9). Default 0.05.
    pub cagnotte: Rate,
    /// Punto y Banca commission on banca wins (R-PB-4). Default 0.05.
    pub commission: Rate,
    /// Limited or free bank (R-BQ-4). Default limited.
    pub bank_limit: BankLimit,
    /// Numbered sections (seats): Banque 12 (half a paño), Chemin de fer 10, Punto y Banca 12.
    pub sections: u8,
    /// How cagnotte and commission are rounded: default to the cent, half up.
    pub rounding: Rounding,
    pub house: HouseRules,
}

/// Why settings cannot make a table: the rule they break. No words here: the
/// croupier reads them from the locales (`crate::i18n::settings_text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadSettings {
    /// Decks must be 1 to 8 (R-C-3).
    Decks,
    /// The betting unit must be more than zero (R-BQ-7).
    Unit,
    /// The rounding quantum must be more than zero (R-C-8).
    RoundingQuantum,
    /// A Banque table has an even number of sections, at least four a paño, at most 24 (R-BQ-1).
    BanqueSections,
    /// A table has 2 to 16 sections (R-C-3).
    Sections,
    /// Banca draws on at most 7 when punto stood (R-PB-7).
    PbBancaDraws,
    /// The bank cannot be negative (R-BQ-17).
    NegativeBank,
    /// A table minimum of zero or less (R-BQ-4).
    TableMin,
    /// A table maximum of zero or less (R-BQ-4).
    TableMax,
    /// A table minimum above the maximum (R-BQ-4).
    MinAboveMax,
}

impl BadSettings {
    pub const ALL: [BadSettings; 10] = [
        BadSettings::Decks,
        BadSettings::Unit,
        BadSettings::RoundingQuantum,
        BadSettings::BanqueSections,
        BadSettings::Sections,
        BadSettings::PbBancaDraws,
        BadSettings::NegativeBank,
        BadSettings::TableMin,
        BadSettings::TableMax,
        BadSettings::MinAboveMax,
    ];

    /// The rule the settings break.
    pub fn clause(self) -> Clause {
        match self {
            BadSettings::Decks | BadSettings::Sections => Clause::C3,
            BadSettings::Unit => Clause::BQ7,
            BadSettings::RoundingQuantum => Clause::C8,
            BadSettings::BanqueSections => Clause::BQ1,
            BadSettings::PbBancaDraws => Clause::PB7,
            BadSettings::NegativeBank => Clause::BQ17,
            BadSettings::TableMin | BadSettings::TableMax | BadSettings::MinAboveMax => Clause::BQ4,
        }
    }

    /// The setting at fault, as a script's `table` block or a house file names it.
    pub const fn field(self) -> &'static str {
        match self {
            BadSettings::Decks => "decks",
            BadSettings::Unit => "unit",
            BadSettings::RoundingQuantum => "rounding",
            BadSettings::BanqueSections | BadSettings::Sections => "sections",
            BadSettings::PbBancaDraws => "pb_banca_draws_on_stood_up_to",
            BadSettings::NegativeBank => "bank",
            BadSettings::TableMin | BadSettings::MinAboveMax => "table_min",
            BadSettings::TableMax => "table_max",
        }
    }
}

/// Why a stake is outside the table's limits (R-BQ-4: the casino sets the limits of
/// the bets; `HouseRules::table_min`, `table_max`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StakeOutOfLimits {
    /// Less than the table minimum.
    BelowMinimum { min: Money },
    /// More than the table maximum.
    AboveMaximum { max: Money },
}

impl StakeOutOfLimits {
    /// The clause a refusal cites: the table's limits on a bet are R-BQ-4's (001).
    pub const fn clause(self) -> Clause {
        Clause::BQ4
    }
}

/// What the house takes in a game: the cagnotte on the bank's net win (Banque
/// R-BQ-16, Chemin de fer R-CF-9) or Punto y Banca's commission on banca's winning
/// bets (R-PB-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeeKind {
    Cagnotte,
    Commission,
}

/// A game's fee: what it is, at what rate, under which clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fee {
    pub kind: FeeKind,
    pub rate: Rate,
    pub clause: Clause,
}

impl TableSettings {
    /// The defaults of a game.
    pub fn new(game: Game) -> TableSettings {
        TableSettings {
            game,
            decks: 6,
            unit: Money::units(1),
            cagnotte: Rate::five_percent(),
            commission: Rate::five_percent(),
            bank_limit: BankLimit::Limited,
            sections: match game {
                Game::Banque => 12,
                Game::ChemindeFer => 10,
                Game::PuntoBanca => 12,
            },
            rounding: Rounding::default(),
            house: HouseRules::default(),
        }
    }

    /// The house's fee in this game, its rate and clause: one answer where the
    /// screen, training and the export each chose by game.
    pub fn fee(&self) -> Fee {
        let kind = self.game.fee_kind();
        let rate = match kind {
            FeeKind::Cagnotte => self.cagnotte,
            FeeKind::Commission => self.commission,
        };
        Fee { kind, rate, clause: self.game.pick(Clause::BQ16, Clause::CF9, Clause::PB4) }
    }

    /// Sets the rate of this game's fee (the start form's one rate field).
    pub fn set_fee_rate(&mut self, rate: Rate) {
        match self.fee().kind {
            FeeKind::Cagnotte => self.cagnotte = rate,
            FeeKind::Commission => self.commission = rate,
        }
    }

    /// Cards at least below the cut card (R-C-4).
    pub fn cut_min(&self) -> u8 {
        self.house.cut_min.unwrap_or(self.game.default_cut_min())
    }

    /// Sections per paño (Banque): half of them each.
    pub fn sections_per_tableau(&self) -> u8 {
        self.sections / 2
    }

    /// Which paño (1 or 2) a Banque section belongs to (R-BQ-1).
    pub fn tableau_of_section(&self, section: u8) -> Option<u8> {
        TableSettings::tableau_among(self.sections, section)
    }

    /// Which paño (1 or 2) a section belongs to at a Banque table of `sections`
    /// sections (R-BQ-1): the first half on paño 1.
    pub fn tableau_among(sections: u8, section: u8) -> Option<u8> {
        if section == 0 || section > sections {
            None
        } else if section <= sections / 2 {
            Some(1)
        } else {
            Some(2)
        }
    }

    /// Checks the settings make sense.
    pub fn validate(&self) -> Result<(), BadSettings> {
        if !(1..=8).contains(&self.decks) {
            return Err(BadSettings::Decks);
        }
        if !self.unit.is_positive() {
            return Err(BadSettings::Unit);
        }
        if !self.rounding.quantum.is_positive() {
            return Err(BadSettings::RoundingQuantum);
        }
        match self.game {
            Game::Banque => {
                if self.sections < 8 || !self.sections.is_multiple_of(2) || self.sections > 24 {
                    return Err(BadSettings::BanqueSections);
                }
            }
            Game::ChemindeFer | Game::PuntoBanca => {
                if !(2..=16).contains(&self.sections) {
                    return Err(BadSettings::Sections);
                }
            }
        }
        if self.house.pb_banca_draws_on_stood_up_to > 7 {
            return Err(BadSettings::PbBancaDraws);
        }
        if self.house.table_min.is_some_and(|m| !m.is_positive()) {
            return Err(BadSettings::TableMin);
        }
        if self.house.table_max.is_some_and(|m| !m.is_positive()) {
            return Err(BadSettings::TableMax);
        }
        if let (Some(min), Some(max)) = (self.house.table_min, self.house.table_max)
            && min > max
        {
            return Err(BadSettings::MinAboveMax);
        }
        Ok(())
    }

    /// Whether a bet's stake is within the table's limits (R-BQ-4, `house.table_min`
    /// and `house.table_max`; no limit set: always within). The bet decision calls it
    /// for a bet placed or offered, on the stake as placed (an a-caballo or
    /// half-line bet by its whole amount), never for a banco, which is the bank.
    pub fn stake_within_limits(&self, stake: Money) -> Result<(), StakeOutOfLimits> {
        if let Some(min) = self.house.table_min
            && stake < min
        {
            return Err(StakeOutOfLimits::BelowMinimum { min });
        }
        if let Some(max) = self.house.table_max
            && stake > max
        {
            return Err(StakeOutOfLimits::AboveMaximum { max });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_r_c_4_and_r_bq_1() {
        let bq = TableSettings::new(Game::Banque);
        assert_eq!(bq.cut_min(), 10); // R-C-4
        assert_eq!(TableSettings::new(Game::PuntoBanca).cut_min(), 7);
        assert_eq!(TableSettings::new(Game::ChemindeFer).cut_min(), 7);
        assert_eq!(bq.tableau_of_section(1), Some(1)); // R-BQ-1: first paño on the banker's right
        assert_eq!(bq.tableau_of_section(6), Some(1));
        assert_eq!(bq.tableau_of_section(7), Some(2));
        assert_eq!(bq.tableau_of_section(13), None);
        assert!(bq.validate().is_ok());
        let small = TableSettings { sections: 6, ..bq };
        assert_eq!(small.validate().unwrap_err().clause(), Clause::BQ1);
    }

    #[test]
    fn table_limits_r_bq_4() {
        let m = |s: &str| s.parse::<Money>().expect("money");
        let mut s = TableSettings::new(Game::PuntoBanca);
        // No limits set: any stake is within them.
        assert_eq!(s.stake_within_limits(m("0.01")), Ok(()));
        assert_eq!(s.stake_within_limits(m("1000000")), Ok(()));
        s.house.table_min = Some(m("10"));
        s.house.table_max = Some(m("5000"));
        assert_eq!(s.validate(), Ok(()));
        assert_eq!(s.stake_within_limits(m("10")), Ok(()));
        assert_eq!(s.stake_within_limits(m("5000")), Ok(()));
        assert_eq!(s.stake_within_limits(m("9.99")), Err(StakeOutOfLimits::BelowMinimum { min: m("10") }));
        assert_eq!(s.stake_within_limits(m("5000.01")), Err(StakeOutOfLimits::AboveMaximum { max: m("5000") }));
        assert_eq!(StakeOutOfLimits::BelowMinimum { min: m("10") }.clause(), Clause::BQ4);
        s.house.table_min = Some(m("6000"));
        assert_eq!(s.validate(), Err(BadSettings::MinAboveMax));
        assert_eq!(s.validate().unwrap_err().clause(), Clause::BQ4);
        s.house.table_min = Some(m("0"));
        assert_eq!(s.validate(), Err(BadSettings::TableMin));
        s.house.table_min = None;
        s.house.table_max = Some(m("-1"));
        assert_eq!(s.validate(), Err(BadSettings::TableMax));
    }

    #[test]
    fn limits_left_out_are_not_written_and_old_house_blocks_still_read() {
        // A log header or a script written before the limits existed reads as before.
        let h: HouseRules = ron::from_str("(tie: BankWins)").expect("reads");
        assert_eq!(h.table_min, None);
        let text = ron::to_string(&HouseRules::default()).expect("writes");
        assert!(!text.contains("table_m"), "{text}");
        let limited = HouseRules { table_max: Some(Money::units(500)), ..HouseRules::default() };
        let back: HouseRules = ron::from_str(&ron::to_string(&limited).expect("writes")).expect("reads");
        assert_eq!(back, limited);
    }

    #[test]
    fn game_slugs() {
        for g in Game::ALL {
            assert_eq!(Game::from_slug(g.slug()), Some(g));
        }
        assert_eq!(Game::from_slug("Punto_Banca"), Some(Game::PuntoBanca));
    }
}
