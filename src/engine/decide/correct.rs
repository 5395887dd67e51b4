//! The croupier's own corrections: taking back his last entries of the coup in play
//! (a card misread, a bet keyed on the wrong spot, a word for the wrong paño). Not one
//! of the table's error procedures: the table is put back as if the entries had never
//! been made, and the log keeps both the entries and their taking back. The entries
//! of a coup can be taken back until the next coup opens, the settlement's included
//! (the croupier pays what it shows, then goes on); after that only an amendment
//! corrects a coup (R-BQ-E7).

use crate::engine::clause::Clause;
use crate::engine::event::Event;
use crate::engine::refusal::{Reason, Refusal};
use crate::engine::table::Table;

pub fn take_back(t: &Table, entries: u32, out: &mut Vec<Event>) -> Result<(), Refusal> {
    let refuse = |reason| Err(Refusal::new(Clause::BQE7, reason));
    // Before this coup's first entry, what came before is a paid coup, if any.
    let paid = t.totals.coups > 0;
    let made = t.entries.count().unwrap_or(0);
    if made == 0 {
        return refuse(Reason::NothingToTakeBack { paid });
    }
    if entries == 0 || entries > made {
        return refuse(Reason::TakeBackTooFar { asked: entries, entries: made });
    }
    out.push(Event::TakenBack { entries, undone: t.entries.last(entries).to_vec() });
    Ok(())
}
