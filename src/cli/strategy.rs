//! Strategies an examiner can write (issue 38): how a simulated banker or banco caller
//! plays the choices the rules leave him, read from a RON policy (`sabot simulate
//! --banker FILE`, `--caller FILE`), so that anyone can write a colluder without
//! touching the code. `docs/STRATEGIES.md` describes the format; the built-ins are
//! RON files of `assets/strategies/`, compiled in.
//!
//! A policy says: whether the banker asks for the table (Banque, R-BQ-13); his base
//! play where he chooses (the table's cell, the exact odds, or a coin); a coin on
//! close calls; actions per cell that override the base play; a party favoured (a
//! seat, or, for a caller, the banker) and how often; where the favour applies (any
//! choice, only those the table leaves open, only those it decides); and a budget
//! (what he gives away kept under an honest table-follower's running average, plus an
//! allowance).

use crate::analysis::protection::{self, Decision, Options};
use crate::engine::{BankDuty, Call, HandId, PlayerRef, Table};
use crate::sim::Chooser;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

/// The base play where the chooser chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Play {
    /// What the table says; where it leaves the choice, the honest reference's chances
    /// (a coin for the bank, the house's play on 5 for a player).
    Table,
    /// The better option by the exact odds (standing where they are equal).
    Exact,
    /// A coin, every time.
    Coin,
}

/// Who the chooser favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Party {
    /// The bets of this seat (it bets on a paño every coup).
    Seat(u8),
    /// The banker (a caller who loses on purpose).
    Banker,
}

/// Where the favour applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
pub enum Cells {
    /// Every choice.
    #[default]
    Any,
    /// Only where the table leaves the choice.
    Free,
    /// Only where the table decides.
    Bound,
}

/// The favour: a party, how often it is served where it prefers another option
/// (0 to 1), and where.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Favour {
    pub party: Party,
    #[serde(default = "one")]
    pub rate: f64,
    #[serde(default)]
    pub cells: Cells,
}

fn one() -> f64 {
    1.0
}

/// A budget: the favour is given only while what the chooser gave away, with it, stays
/// under what an honest table-follower gives away on average at the same choices, plus
/// `allowance` (money).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    #[serde(default)]
    pub allowance: f64,
}

/// An action for one cell: the bank's total and what the paño showed (`third`: the
/// third card it drew, `None` it stood), or a player's total (`third` left out).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellAction {
    pub total: u8,
    #[serde(default)]
    pub third: Option<u8>,
    pub action: Call,
}

/// A strategy, as its RON file gives it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename = "Policy", deny_unknown_fields)]
pub struct Policy {
    pub name: String,
    /// Asks for the table in Banque (then only the cells it leaves open are his).
    #[serde(default)]
    pub ask_table: bool,
    pub play: Play,
    /// A coin where the two options differ by less than this share of the larger's
    /// size (0: never).
    #[serde(default)]
    pub close: f64,
    #[serde(default)]
    pub cells: Vec<CellAction>,
    #[serde(default)]
    pub favour: Option<Favour>,
    #[serde(default)]
    pub budget: Option<Budget>,
    /// The simulation's seed is mixed with this for the policy's own coins.
    #[serde(default)]
    pub seed: u64,
}

/// The built-in strategies, by name: RON files compiled in.
pub const BUILT_INS: [(&str, &str); 9] = [
    ("table", include_str!("../../assets/strategies/table.ron")),
    ("exact", include_str!("../../assets/strategies/exact.ron")),
    ("exact-table", include_str!("../../assets/strategies/exact-table.ron")),
    ("coin-close", include_str!("../../assets/strategies/coin-close.ron")),
    ("colluding", include_str!("../../assets/strategies/colluding.ron")),
    ("table-hider", include_str!("../../assets/strategies/table-hider.ron")),
    ("budget", include_str!("../../assets/strategies/budget.ron")),
    ("dumping", include_str!("../../assets/strategies/dumping.ron")),
    ("caller-table", include_str!("../../assets/strategies/caller-table.ron")),
];

/// Why a policy could not be read: the RON error, with its line and column.
pub fn parse(text: &str) -> Result<Policy, String> {
    let p: Policy = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
    p.check()?;
    Ok(p)
}

impl Policy {
    /// A built-in by name: `colluding`, `colluding:4`, `colluding:4@0.3` (seat 4 served
    /// 3 times in 10), `table-hider:2`, `budget:5`…
    pub fn builtin(spec: &str) -> Option<Policy> {
        let (name, rest) = spec.split_once(':').unwrap_or((spec, ""));
        let text = BUILT_INS.iter().find(|(n, _)| *n == name)?.1;
        let mut p = parse(text).ok()?;
        if rest.is_empty() {
            return Some(p);
        }
        let (seat, rate) = rest.split_once('@').map_or((rest, None), |(s, r)| (s, Some(r)));
        let seat: u8 = seat.parse().ok().filter(|s| *s >= 1)?;
        let f = p.favour.as_mut()?;
        f.party = Party::Seat(seat);
        if let Some(r) = rate {
            f.rate = r.parse().ok().filter(|r: &f64| (0.0..=1.0).contains(r))?;
        }
        Some(p)
    }

    /// A value out of its range, said.
    fn check(&self) -> Result<(), String> {
        if !(0.0..=1.0).contains(&self.close) {
            return Err(format!("close: {} is not from 0 to 1", self.close));
        }
        if let Some(f) = &self.favour
            && !(0.0..=1.0).contains(&f.rate)
        {
            return Err(format!("favour.rate: {} is not from 0 to 1", f.rate));
        }
        if let Some(c) = self.cells.iter().find(|c| c.total > 9 || c.third.is_some_and(|t| t > 9)) {
            return Err(format!("cells: total {} third {:?} is no cell", c.total, c.third));
        }
        if self.cells.iter().any(|c| !matches!(c.action, Call::Draw | Call::Stand)) {
            return Err("cells: an action is Draw or Stand".into());
        }
        Ok(())
    }

    /// The seat this policy favours, who bets every coup.
    pub fn seat(&self) -> Option<u8> {
        match self.favour.as_ref()?.party {
            Party::Seat(s) => Some(s),
            Party::Banker => None,
        }
    }

    /// The chooser that plays it, its coins from `seed`.
    pub fn chooser(&self, seed: u64, opts: Options) -> PolicyChooser {
        PolicyChooser {
            policy: self.clone(),
            rng: ChaCha8Rng::seed_from_u64(seed ^ self.seed ^ 0x5eed_0038),
            opts,
            spent: 0.0,
            honest: 0.0,
        }
    }
}

/// A policy at play: its coins and its running budget.
pub struct PolicyChooser {
    policy: Policy,
    rng: ChaCha8Rng,
    opts: Options,
    /// What it gave away so far, and what an honest table-follower gives on average.
    spent: f64,
    honest: f64,
}

fn index(c: Call) -> usize {
    if c == Call::Draw { 0 } else { 1 }
}

impl PolicyChooser {
    fn coin(&mut self, p_draw: f64) -> usize {
        if self.rng.random_bool(p_draw.clamp(0.0, 1.0)) { 0 } else { 1 }
    }

    /// The base play, a close call's coin, and a cell's own action.
    fn base(&mut self, d: &Decision) -> usize {
        let [a, b] = d.options;
        let size = a.abs().max(b.abs());
        if self.policy.close > 0.0 && (a - b).abs() <= self.policy.close * size {
            return self.coin(0.5);
        }
        let key = match d.situation {
            protection::Situation::Bank { total, panos } => (total, panos[0].and_then(third_of)),
            protection::Situation::Player { total, .. } => (total, None),
        };
        if let Some(c) = self.policy.cells.iter().find(|c| (c.total, c.third) == key) {
            return index(c.action);
        }
        match (self.policy.play, d.table) {
            (Play::Exact, _) => d.best().unwrap_or(1),
            (Play::Table, BankDuty::MustDraw) => 0,
            (Play::Table, BankDuty::MustStand) => 1,
            (Play::Table, BankDuty::Chooses) => self.coin(d.free[0]),
            (Play::Coin, _) => self.coin(0.5),
        }
    }

    /// The option the favoured party prefers, if it prefers one.
    fn favoured(&self, d: &Decision, table: &Table) -> Option<usize> {
        let f = self.policy.favour.as_ref()?;
        let cell_ok = match f.cells {
            Cells::Any => true,
            Cells::Free => d.table == BankDuty::Chooses,
            Cells::Bound => d.table != BankDuty::Chooses,
        };
        if !cell_ok {
            return None;
        }
        let v = match f.party {
            Party::Seat(s) => {
                let seat = PlayerRef::seated(s);
                if table.shift().banker() == Some(seat) {
                    return None;
                }
                d.parties.iter().find(|(p, _)| *p == seat)?.1
            }
            Party::Banker => match d.hand {
                HandId::Bank => return None,
                _ => d.gross,
            },
        };
        if (v[0] - v[1]).abs() <= 1e-9 { None } else { Some(if v[0] > v[1] { 0 } else { 1 }) }
    }

    fn pick(&mut self, d: &Decision, table: &Table) -> usize {
        let base = self.base(d);
        let mut chosen = base;
        let rate = self.policy.favour.as_ref().map_or(0.0, |f| f.rate);
        if let Some(fav) = self.favoured(d, table).filter(|f| *f != base)
            && self.rng.random_bool(rate.clamp(0.0, 1.0))
        {
            let fits = self.policy.budget.as_ref().is_none_or(|b| {
                let honest = d.honest(self.opts.lapse);
                let mean = honest[0] * d.given_by(0) + honest[1] * d.given_by(1);
                self.spent + d.given_by(fav) <= self.honest + mean + b.allowance
            });
            if fits {
                chosen = fav;
            }
        }
        let honest = d.honest(self.opts.lapse);
        self.honest += honest[0] * d.given_by(0) + honest[1] * d.given_by(1);
        self.spent += d.given_by(chosen);
        chosen
    }
}

fn third_of(seen: crate::analysis::Seen) -> Option<u8> {
    match seen {
        crate::analysis::Seen::Drew(x) => Some(x),
        _ => None,
    }
}

impl Chooser for PolicyChooser {
    fn call(&mut self, table: &Table) -> Option<Call> {
        let d = protection::choice_at(table, self.opts)?;
        Some(if self.pick(&d, table) == 0 { Call::Draw } else { Call::Stand })
    }
}
