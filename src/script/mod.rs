//! Table scripts (`docs/SCRIPTS.md`): what a croupier entered at a table,
//! step by step, and what must come of it. Read, run, check, print.
//!
//! May import `crate::engine`; nothing else of the crate (`tests/purity.rs`). No
//! files here (the caller reads them), so the format can be tested on strings.

pub mod run;
mod steps;

pub use steps::Step;

use crate::engine::{
    BankLimit, Card, Clause, Game, HandId, HouseRules, Money, PlayerRef, Rate, Rounding, Shoe, Spot, TableSettings,
    Winner,
};
use serde::{Deserialize, Serialize};

/// One table script.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Script", deny_unknown_fields)]
pub struct Script {
    pub title: String,
    #[serde(default)]
    pub rules: Vec<Clause>,
    #[serde(default)]
    pub table: TableSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoe: Option<ShoeSpec>,
    pub steps: Vec<Step>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
}

/// Table settings as a script gives them; what is left out takes the game's default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Game>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cagnotte: Option<Rate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<Rate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_limit: Option<BankLimit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sections: Option<u8>,
    /// Project addition: the rounding rule of cagnotte and commission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounding: Option<Rounding>,
    /// Project addition: the house rules (RULES.md's "house rule" clauses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house: Option<HouseRules>,
}

impl TableSpec {
    /// The settings this spec gives, defaults filled in.
    pub fn settings(&self) -> TableSettings {
        let mut s = TableSettings::new(self.game.unwrap_or(Game::Banque));
        if let Some(v) = self.decks {
            s.decks = v;
        }
        if let Some(v) = self.unit {
            s.unit = v;
        }
        if let Some(v) = self.cagnotte {
            s.cagnotte = v;
        }
        if let Some(v) = self.commission {
            s.commission = v;
        }
        if let Some(v) = self.bank_limit {
            s.bank_limit = v;
        }
        if let Some(v) = self.sections {
            s.sections = v;
        }
        if let Some(v) = self.rounding {
            s.rounding = v;
        }
        if let Some(v) = self.house {
            s.house = v;
        }
        s
    }

    /// The spec that gives exactly these settings.
    pub fn from_settings(s: &TableSettings) -> TableSpec {
        let d = TableSettings::new(s.game);
        TableSpec {
            game: Some(s.game),
            decks: Some(s.decks),
            unit: Some(s.unit),
            cagnotte: (s.game.has_bank()).then_some(s.cagnotte),
            commission: (s.game == Game::PuntoBanca).then_some(s.commission),
            bank_limit: (s.game == Game::Banque).then_some(s.bank_limit),
            sections: Some(s.sections),
            rounding: (s.rounding != d.rounding).then_some(s.rounding),
            house: (s.house != d.house).then_some(s.house),
        }
    }
}

/// What is left in the sabot before the first step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ShoeSpec {
    Cards(Vec<Card>),
    Counts { counts: [u32; 10] },
}

impl ShoeSpec {
    pub fn shoe(&self) -> Shoe {
        match self {
            ShoeSpec::Cards(cards) => Shoe::from_cards(cards),
            ShoeSpec::Counts { counts } => Shoe::from_counts(*counts),
        }
    }
}

/// A seat and an amount (a bid, a share).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatAmount {
    pub seat: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub standing: bool,
    pub amount: Money,
}

impl Step {
    /// The step as a script writes it (`Say(Tableau(1), Draw)`).
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_else(|_| format!("{self:?}"))
    }
}

/// A seat's expected net result. Without `standing`, the whole section: the seated
/// player and whoever stands behind, all bets together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatNet {
    pub seat: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<bool>,
    pub amount: Money,
}

/// A step expected to be refused, citing a clause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusedAt {
    pub step: usize,
    pub rule: Clause,
}

/// An infraction expected to be found (project addition).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfractionAt {
    pub rule: Clause,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<HandId>,
}

/// What must come of a script; what is left out is not checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub totals: Option<Vec<(HandId, u8)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<(HandId, Winner)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<Vec<SeatNet>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cagnotte: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<Vec<RefusedAt>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void: Option<bool>,
    /// Project addition: the infractions found, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub infractions: Option<Vec<InfractionAt>>,

    // ---- Project additions: the shift (docs/SCRIPTS.md) ----
    /// The current coup's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coup: Option<u32>,
    /// Coups settled so far this shift.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coups: Option<u32>,
    /// The section holding the bank (0: no banker named).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banker: Option<u8>,
    /// Who holds each hand's cards: a section (0: the croupier).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holders: Option<Vec<(HandId, u8)>>,
    /// Punto y Banca: the section dealing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u8>,
    /// Chemin de fer: the section with the right of banca seguida (0: nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suivi: Option<u8>,
    /// Chemin de fer: the section the passing bank is offered to (0: nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_offered_to: Option<u8>,
    /// Chemin de fer: winnings set aside so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_aside: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cagnotte_total: Option<Money>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commission_total: Option<Money>,
    /// Cards left in the sabot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_left: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoe_ended: Option<bool>,
    /// The bets on the cloth now: (seat, spot, amount).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bets: Option<Vec<(u8, Spot, Money)>>,
    /// The betting order (Banque, R-BQ-5): players by section, `standing` marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<PlayerRef>>,
    /// The errors the croupier recorded this coup, in order (their clauses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<Clause>>,
    /// Corrections after payment recorded this shift (R-BQ-E7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amendments: Option<u32>,
    /// The ruling waiting for the croupier's confirmation, by its clause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Clause>,
    /// Times the croupier took back his own entries this shift (`TakeBack`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrections: Option<u32>,
}

/// A script that could not be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Reads a script from its RON text.
pub fn parse(text: &str) -> Result<Script, ReadError> {
    ron_options().from_str::<Script>(text).map_err(|e| ReadError {
        line: e.span.start.line,
        col: e.span.start.col,
        message: e.code.to_string(),
    })
}

/// Writes a script as RON, one step a line.
pub fn to_ron(script: &Script) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(2).struct_names(true);
    ron_options().to_string_pretty(script, config).unwrap_or_else(|e| format!("// could not write: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    pub const WORKED: &str = r#"Script(
    title: "Bank 4 against a third card 6 draws",
    rules: ["R-BQ-11", "R-BQ-13"],
    table: (game: Banque, decks: 6, unit: "10", cagnotte: "0.05", bank_limit: Limited, sections: 12),
    bank: "1000",
    steps: [
        Bet(seat: 1, spot: Tableau(1), amount: "100"),
        Bet(seat: 7, spot: Tableau(2), amount: "50"),
        Banco(seat: 3, on: Tableau(1)),
        NoMoreBets,
        Say(Tableau(1), Draw),
        Cards(["6h"]),
        Show(Tableau(2), ["9c", "Jd"]),
        AskTable,
    ],
    expect: (
        totals: [(Tableau(1), 8)],
        net: [(seat: 1, amount: "-100"), (seat: 7, standing: true, amount: "50")],
        cagnotte: "2.50",
        refused: [(step: 2, rule: "R-BQ-8")],
    ),
)"#;

    #[test]
    fn reads_the_documented_shape() {
        let s = parse(WORKED).unwrap();
        assert_eq!(s.table.settings().unit, "10".parse().unwrap());
        assert_eq!(s.steps.len(), 8);
        assert_eq!(s.steps[2], Step::Banco { seat: 3, on: Some(HandId::Tableau(1)), standing: false });
        let e = s.expect.unwrap();
        assert_eq!(e.refused.unwrap()[0].rule, Clause::BQ8);
        assert_eq!(e.net.unwrap()[1].standing, Some(true));
    }

    #[test]
    fn shoe_as_cards_or_counts() {
        let s = parse(r#"Script(title: "x", shoe: ["Ah", "Kd"], steps: [])"#).unwrap();
        assert_eq!(s.shoe.unwrap().shoe().unseen(), 2);
        let s = parse(r#"Script(title: "x", shoe: (counts: [1,2,3,4,5,6,7,8,9,10]), steps: [])"#).unwrap();
        assert_eq!(s.shoe.unwrap().shoe().unseen(), 55);
    }

    #[test]
    fn errors_have_line_and_column() {
        let e =
            parse("Script(\n  title: \"x\",\n  steps: [Bet(seat: 1, spot: Nowhere, amount: \"1\")],\n)").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.col > 1);
        let e = parse("Script(title: \"x\", steps: [Cards([\"9x\"])])").unwrap_err();
        assert!(e.message.contains("9x"), "{}", e.message);
        let e = parse("Script(title: \"x\", rules: [\"R-XX-1\"], steps: [])").unwrap_err();
        assert!(e.message.contains("R-XX-1"));
        assert!(parse("").is_err());
        assert!(parse("Script(title: \"x\", steps: [], colour: 3)").is_err());
    }

    #[test]
    fn round_trips_through_ron() {
        let s = parse(WORKED).unwrap();
        let back = parse(&to_ron(&s)).unwrap();
        assert_eq!(s, back);
    }
}
