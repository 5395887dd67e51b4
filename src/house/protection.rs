//! The house file's `protection` block (issue 38): game protection's policy.

use super::SchoolFault;
use serde::{Deserialize, Serialize};

/// Game protection's policy: how players play a two-card 5 (R-BQ-11), the one play
/// that `sabot advise`, the weighing of every choice and the report's header all use.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProtectionHouse {
    /// The percentage of two-card 5s on which a player draws, 0 (always stands) to 100
    /// (always draws). Left out: 50, a coin.
    #[serde(default)]
    pub play_on_five: Option<u32>,
}

impl ProtectionHouse {
    pub(super) fn is_empty(&self) -> bool {
        *self == ProtectionHouse::default()
    }

    /// The chance a player draws on a two-card 5: the file's, else one half.
    pub fn five_draws(&self) -> f64 {
        self.play_on_five.map_or(0.5, |p| f64::from(p.min(100)) / 100.0)
    }

    /// The one play on 5 that `advise`, the weighing, the report and `simulate` use.
    pub fn five_play(&self) -> crate::analysis::banker::FivePlay {
        crate::analysis::banker::FivePlay::Mix(self.five_draws())
    }

    /// A percentage out of its range: its keys, and why.
    pub fn check(&self) -> Result<(), (Vec<&'static str>, SchoolFault)> {
        match self.play_on_five {
            Some(p) if p > 100 => Err((vec!["protection", "play_on_five"], SchoolFault::Share(p))),
            _ => Ok(()),
        }
    }
}
