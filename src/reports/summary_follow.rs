//! A shift's summary kept as its records come, each record read once: the floor
//! follows every open shift of the pit this way. The same figures as [`summarise`]
//! of the same records (a test holds them equal), and the same weighing of the
//! choices as `sabot report`.

use super::*;
use crate::analysis::protection::{Keep, Options as Weighing, Verdict, Weigher};
use crate::journal::scan::{FollowStop, Following, Restart};

/// A shift followed record by record.
#[derive(Clone)]
pub struct Follower {
    path: PathBuf,
    scan: Following,
    acc: Acc,
    game: Game,
    bytes: u64,
    /// The stakes of the coups settled so far (None past the bound of an amount).
    drop: Option<Money>,
    weigher: Option<Weigher>,
}

/// What a followed shift says now.
pub struct FollowerNow {
    pub summary: Summary,
    /// The table as the records leave it (the engine's).
    pub table: Option<crate::engine::Table>,
    /// The stakes of the coups so far, the coup in play's included as it stands.
    pub drop: Option<Money>,
}

/// Adds a coup's stakes to the drop; past the bound of an amount, no drop (never clipped).
fn add_stakes(drop: &mut Option<Money>, c: &CoupRow) {
    *drop = drop.and_then(|d| d.checked_add(c.staked).ok());
}

impl Follower {
    /// A shift to follow from its header, followed as `how` says (after a
    /// [`FollowStop::Again`]; `Restart::default()` the first time); `weigh` weighs the
    /// choices as they come.
    pub fn new(path: &Path, how: Restart, weigh: Option<Weighing>) -> Follower {
        let scan = Following::restart(path, Mode::Verify, how);
        Follower {
            path: path.to_path_buf(),
            scan,
            acc: Acc::new(),
            game: Game::Banque,
            bytes: 0,
            drop: Some(Money::ZERO),
            weigher: weigh.map(|o| Weigher::keeping(o, Keep::Verdicts)),
        }
    }

    /// Takes the next records, whole lines each ending with its newline, in order.
    pub fn take(&mut self, bytes: &[u8]) -> Result<(), FollowStop> {
        let Follower { scan, acc, game, drop, weigher, .. } = self;
        let mut on_coup = |c: CoupRow| add_stakes(drop, &c);
        let mut visit = |seen: Seen<'_>| match seen {
            Seen::Record { line, record, before } => {
                if let (Some(w), Body::Op { op, .. }) = (weigher.as_mut(), &record.body) {
                    w.op(line, before, op);
                }
                acc.record(line, record, before, game);
            }
            Seen::Events { line, events } => acc.entry(line, events, *game, &mut on_coup),
        };
        scan.take(bytes, &mut visit)?;
        self.bytes += bytes.len() as u64;
        Ok(())
    }

    /// The summary of the records taken so far, as [`summarise`] would make it of
    /// them, with the drop and the verdicts.
    pub fn now(&self) -> Result<FollowerNow, JournalError> {
        let Some(replayed) = self.scan.replayed() else {
            return Err(JournalError::unreadable(&self.path, Problem::NotALog));
        };
        let mut acc = self.acc.clone();
        let mut drop = self.drop;
        acc.release(&mut |c: CoupRow| add_stakes(&mut drop, &c), self.game);
        let (summary, table) = finish(&self.path, acc, Ok(replayed), self.bytes)?;
        Ok(FollowerNow { summary, table, drop })
    }

    /// The choosers' verdicts on the choices so far (none when not weighed), as
    /// `sabot report` gives them of the same records.
    pub fn verdicts(&self) -> Vec<Verdict> {
        match (&self.weigher, self.scan.table()) {
            (Some(w), Some(table)) => w.clone().finish(Some(table)).verdicts,
            _ => Vec::new(),
        }
    }
}
