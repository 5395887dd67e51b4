//! One choice as game protection weighs it: who made it (the banker, a Chemin de fer
//! player on a free total), in which situation, the options and what each was worth
//! to the chooser and to each bettor; and how the weighing reads the players
//! (`Options`). Below the weighing (`protection`) and the verdicts (`verdict`), which
//! both read it.

use super::banker::FivePlay;
use crate::engine::{BankDuty, Call, HandId, PlayerNumber, PlayerRef};

/// How the weighing reads the players and judges the choosers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// How players play a two-card 5 (R-BQ-11): what the banker infers of the paños'
    /// face-down cards, and the honest reference of a Chemin de fer player on 5. The
    /// house file's (`protection: (five: …)`), the same `sabot advise` reads.
    pub five: FivePlay,
    /// The chance, corrected for every figure of the shift, under which a chooser is
    /// flagged: at most this share of honest shifts are.
    pub alpha: f64,
    /// How often the honest reference slips from what the table decides (1 in 100 by
    /// default): departures are counted against it.
    pub lapse: f64,
}

impl Default for Options {
    fn default() -> Self {
        Options { five: FivePlay::Mix(0.5), alpha: 1e-3, lapse: 0.01 }
    }
}

/// The two options, in this order everywhere: draw, stand.
pub const OPTIONS: [Call; 2] = [Call::Draw, Call::Stand];

/// Who chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decider {
    /// The banker (`None`: a bank whose holder the log does not name).
    Banker(Option<PlayerRef>),
    /// The holder of a player hand (Chemin de fer), for the bets on it.
    Player(Option<PlayerRef>),
}

impl Decider {
    /// Whether `p` is the chooser.
    pub fn is(self, p: PlayerRef) -> bool {
        match self {
            Decider::Banker(x) | Decider::Player(x) => x == Some(p),
        }
    }
}

/// What a choice was about, for people: the bank's total and what each player hand
/// showed (the bank's decision), or the player's own total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    Bank { total: u8, panos: [Option<super::Seen>; 2] },
    Player { hand: HandId, total: u8 },
}

/// One choice, weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The coup's number in the shift, and its shoe.
    pub coup: u32,
    pub shoe: u32,
    /// The log's line of the choice (`Op::Say`).
    pub line: usize,
    pub decider: Decider,
    /// Who held the bank.
    pub banker: Option<PlayerRef>,
    pub hand: HandId,
    pub situation: Situation,
    /// The chooser's expected result of drawing and of standing, in the stakes'
    /// units: the bank's net after the cagnotte, or the player hand's bets together.
    pub options: [f64; 2],
    /// The bank's expected net before the cagnotte, drawing and standing: what the
    /// bettors gain is what it loses.
    pub gross: [f64; 2],
    /// What the table says (the reference an honest banker follows); `Chooses` for a
    /// free choice it leaves open.
    pub table: BankDuty,
    /// Where the table leaves the choice, the chance the honest reference takes each
    /// option: even odds for the bank, the house's play on 5 for a player.
    pub free: [f64; 2],
    /// The option taken (0 draw, 1 stand).
    pub chosen: usize,
    /// Every bettor's (and, for a player's choice, the banker's) expected result of
    /// each option.
    pub parties: Vec<(PlayerRef, [f64; 2])>,
    /// Who called banco in the coup, if anyone (his banco is his bet like any other).
    pub banco: Option<PlayerRef>,
    /// The card numbers of the parties seated with one (issue 49).
    pub numbers: Vec<(PlayerRef, PlayerNumber)>,
}

impl Decision {
    /// The better option for the chooser (0 draw, 1 stand); `None` when they are
    /// equal within 1e-9 of the stakes.
    pub fn best(&self) -> Option<usize> {
        let [d, s] = self.options;
        let scale = 1e-9 * (1.0 + d.abs().max(s.abs()));
        if (d - s).abs() <= scale {
            None
        } else if d > s {
            Some(0)
        } else {
            Some(1)
        }
    }

    fn best_index(&self) -> usize {
        self.best().unwrap_or(self.chosen)
    }

    /// What option `o` gives away against the best (never negative).
    pub fn given_by(&self, o: usize) -> f64 {
        match self.best() {
            None => 0.0,
            Some(b) => (self.options[b] - self.options[o]).max(0.0),
        }
    }

    /// What the choice gave away against the best option.
    pub fn given_away(&self) -> f64 {
        self.given_by(self.chosen)
    }

    /// The choice went against the best option.
    pub fn against_best(&self) -> bool {
        self.best().is_some_and(|b| b != self.chosen)
    }

    /// The chance the honest reference takes each option: what the table decides but
    /// for `lapse`, the decision's `free` chances where it leaves the choice.
    pub fn honest(&self, lapse: f64) -> [f64; 2] {
        match self.table {
            BankDuty::MustDraw => [1.0 - lapse, lapse],
            BankDuty::MustStand => [lapse, 1.0 - lapse],
            BankDuty::Chooses => self.free,
        }
    }

    /// Who gained from this choice against the best: each party's expected gain, those
    /// above a cent's hundredth, the largest first.
    pub fn gained(&self) -> Vec<(PlayerRef, f64)> {
        let b = self.best_index();
        let mut out: Vec<(PlayerRef, f64)> =
            self.parties.iter().map(|(p, v)| (*p, v[self.chosen] - v[b])).filter(|(_, g)| *g > 1e-4).collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }
}
