//! What the start form hands on: a shift ready to open (or a training session's origin).

use crate::engine::{Money, PlayerRef, TableSettings};
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
