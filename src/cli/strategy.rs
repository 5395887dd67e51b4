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
    /// The bets of the player seated at this section (in a simulation he bets on a
    /// paño every coup); for a caller, this seat when it holds the bank.
    Seat(u8),
    /// The bets of the player standing behind this section (in a simulation he bets
    /// every coup too).
    Standing(u8),
    /// The banker, whoever holds the bank (a caller who loses on purpose).
    Banker,
}

impl Party {
    /// The player this party is, if one.
    pub fn player(self) -> Option<PlayerRef> {
        match self {
            Party::Seat(s) => Some(PlayerRef::seated(s)),
            Party::Standing(s) => Some(PlayerRef::standing(s)),
            Party::Banker => None,
        }
    }
}

/// A condition on the favour: it is given only when every one holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum When {
    /// The party's stake is above the median of every stake on the table this coup.
    StakeOverTable,
    /// In this third of the shoe (1, 2 or 3: the last), by the cards seen.
    ShoeThird(u8),
    /// The party called banco this coup.
    OnBanco,
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
/// (0 to 1), where, and when.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Favour {
    pub party: Party,
    #[serde(default = "one")]
    pub rate: f64,
    #[serde(default)]
    pub cells: Cells,
    /// Conditions, all to hold (none: always).
    #[serde(default)]
    pub when: Vec<When>,
    /// Other parties served in turn with `party`, coup by coup (coup 1 `party`, coup 2
    /// the first of these…).
    #[serde(default)]
    pub alternate: Vec<Party>,
    /// In a simulation, how often the favoured party calls banco (0 to 1, 0 by
    /// default): a friend who covers himself with his own bancos.
    #[serde(default)]
    pub bancos: f64,
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

/// Which paño a cell's `third` reads, in Banque.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
pub enum Pano {
    /// Paño 1 (the player in Chemin de fer).
    #[default]
    First,
    Second,
    /// Either paño.
    Either,
}

/// An action for one cell: the bank's total and what a paño showed (`third`: the third
/// card it drew, `None` it stood; a natural matches no cell), read on paño 1, paño 2 or
/// either (`pano`); or a player's total (`third` left out).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellAction {
    pub total: u8,
    #[serde(default)]
    pub third: Option<u8>,
    #[serde(default)]
    pub pano: Pano,
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
pub const BUILT_INS: [(&str, &str); 19] = [
    ("table", include_str!("../../assets/strategies/table.ron")),
    ("exact", include_str!("../../assets/strategies/exact.ron")),
    ("exact-table", include_str!("../../assets/strategies/exact-table.ron")),
    ("coin-close", include_str!("../../assets/strategies/coin-close.ron")),
    ("colluding", include_str!("../../assets/strategies/colluding.ron")),
    ("table-hider", include_str!("../../assets/strategies/table-hider.ron")),
    ("budget", include_str!("../../assets/strategies/budget.ron")),
    ("dumping", include_str!("../../assets/strategies/dumping.ron")),
    ("caller-table", include_str!("../../assets/strategies/caller-table.ron")),
    ("coin", include_str!("../../assets/strategies/coin.ron")),
    ("dumping-for", include_str!("../../assets/strategies/dumping-for.ron")),
    ("stake-over-table", include_str!("../../assets/strategies/stake-over-table.ron")),
    ("last-third", include_str!("../../assets/strategies/last-third.ron")),
    ("standing", include_str!("../../assets/strategies/standing.ron")),
    ("banco-only", include_str!("../../assets/strategies/banco-only.ron")),
    ("hider-covered", include_str!("../../assets/strategies/hider-covered.ron")),
    ("alternating", include_str!("../../assets/strategies/alternating.ron")),
    ("habit", include_str!("../../assets/strategies/habit.ron")),
    ("hider-coin", include_str!("../../assets/strategies/hider-coin.ron")),
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
        let (seat, standing) = seat.strip_suffix('+').map_or((seat, false), |s| (s, true));
        let seat: u8 = seat.parse().ok().filter(|s| *s >= 1)?;
        let f = p.favour.as_mut()?;
        f.party =
            if standing || matches!(f.party, Party::Standing(_)) { Party::Standing(seat) } else { Party::Seat(seat) };
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
        if let Some(f) = &self.favour {
            if !(0.0..=1.0).contains(&f.rate) {
                return Err(format!("favour.rate: {} is not from 0 to 1", f.rate));
            }
            if !(0.0..=1.0).contains(&f.bancos) {
                return Err(format!("favour.bancos: {} is not from 0 to 1", f.bancos));
            }
            if let Some(When::ShoeThird(t)) =
                f.when.iter().find(|w| matches!(w, When::ShoeThird(t) if !(1..=3).contains(t)))
            {
                return Err(format!("favour.when: ShoeThird({t}) is not 1, 2 or 3"));
            }
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
            Party::Seat(s) | Party::Standing(s) => Some(s),
            Party::Banker => None,
        }
    }

    /// The players this policy favours (its party and those served in turn with it):
    /// in a simulation each bets every coup.
    pub fn friends(&self) -> Vec<PlayerRef> {
        let Some(f) = self.favour.as_ref() else { return Vec::new() };
        std::iter::once(f.party).chain(f.alternate.iter().copied()).filter_map(Party::player).collect()
    }

    /// How often the favoured party calls banco in a simulation.
    pub fn friend_bancos(&self) -> f64 {
        self.favour.as_ref().map_or(0.0, |f| f.bancos)
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
        if let Some(c) = self.policy.cells.iter().find(|c| cell_matches(c, &d.situation)) {
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
        let parties: Vec<Party> = std::iter::once(f.party).chain(f.alternate.iter().copied()).collect();
        // Coup 1 the party, coup 2 the first served in turn with him, and so on.
        let turn = (table.shift().coup_number as usize + parties.len() - 1) % parties.len();
        let party = parties.get(turn).copied().unwrap_or(f.party);
        if !f.when.iter().all(|w| holds(*w, party, table)) {
            return None;
        }
        let v = match party.player() {
            Some(seat) => {
                if table.shift().banker() == Some(seat) && d.hand == HandId::Bank {
                    return None;
                }
                d.parties.iter().find(|(p, _)| *p == seat)?.1
            }
            None => match d.hand {
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

/// Whether a cell's action is for this situation: the bank's total and what the paño
/// it reads showed (a natural matches no cell), or a player's total.
fn cell_matches(c: &CellAction, s: &protection::Situation) -> bool {
    use crate::analysis::Seen;
    let shows = |seen: Option<Seen>| match seen {
        Some(Seen::Drew(x)) => c.third == Some(x),
        Some(Seen::Stood) => c.third.is_none(),
        Some(Seen::Natural) | None => false,
    };
    match s {
        protection::Situation::Bank { total, panos } => {
            *total == c.total
                && match c.pano {
                    Pano::First => shows(panos[0]),
                    Pano::Second => shows(panos[1]),
                    Pano::Either => shows(panos[0]) || shows(panos[1]),
                }
        }
        protection::Situation::Player { total, .. } => *total == c.total,
    }
}

/// Whether a condition of the favour holds for `party` on `table`.
fn holds(w: When, party: Party, table: &Table) -> bool {
    let Some(me) = party.player() else { return w != When::OnBanco };
    let unit = table.settings().unit;
    let stake = |p: PlayerRef| -> f64 {
        table.coup().bets.iter().filter(|b| b.player == p).filter_map(|b| b.at_risk(unit).ok()).map(money).sum()
    };
    match w {
        When::StakeOverTable => {
            let mut all: Vec<f64> = table.coup().bets.iter().filter_map(|b| b.at_risk(unit).ok()).map(money).collect();
            all.sort_by(f64::total_cmp);
            let median = all.get(all.len() / 2).copied().unwrap_or(0.0);
            stake(me) > median
        }
        When::ShoeThird(t) => {
            let size = f64::from(table.settings().decks) * 52.0;
            let seen = 1.0 - f64::from(table.shoe().unseen()) / size.max(1.0);
            (1.0 + (3.0 * seen).floor()).clamp(1.0, 3.0) as u8 == t
        }
        When::OnBanco => table.coup().bets.iter().any(|b| {
            b.player == me && matches!(b.kind, crate::engine::BetKind::Banco | crate::engine::BetKind::BancoWithTable)
        }),
    }
}

fn money(m: crate::engine::Money) -> f64 {
    use rust_decimal::prelude::ToPrimitive;
    m.decimal().to_f64().unwrap_or(0.0)
}

impl Chooser for PolicyChooser {
    fn call(&mut self, table: &Table) -> Option<Call> {
        let d = protection::choice_at(table, self.opts)?;
        Some(if self.pick(&d, table) == 0 { Call::Draw } else { Call::Stand })
    }
}
