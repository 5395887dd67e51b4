//! The entry drill's run: the staged coups a trainee types on the real entry line
//! (the grammar of a live shift), each step graded by the engine
//! (`training::entry`), and the verdict in words. Drawn by the app, asked on the
//! command line by `sabot train --entry`.

use super::{Grammar, Tail};
use crate::engine::Op;
use crate::i18n::Lang;
use crate::i18n::words::{t, ta};
use crate::training::entry::{EntryDrill, EntryGrade};

/// The coups of a level 5 session, entered one step at a time.
pub struct EntryRun {
    pub drills: Vec<EntryDrill>,
    /// The coup being entered (from 0).
    pub current: usize,
    /// The last step graded, shown until the next is typed.
    pub last: Option<EntryGrade>,
    pub right: u32,
    pub asked: u32,
    /// Amounts typed in the table's unit, as at the table (`Grammar::in_units`).
    pub in_units: bool,
}

impl EntryRun {
    pub fn new(drills: Vec<EntryDrill>) -> EntryRun {
        let mut run = EntryRun { drills, current: 0, last: None, right: 0, asked: 0, in_units: false };
        run.skip_done();
        run
    }

    /// The coup being entered.
    pub fn drill(&self) -> Option<&EntryDrill> {
        self.drills.get(self.current)
    }

    pub fn is_over(&self) -> bool {
        self.drill().is_none()
    }

    fn skip_done(&mut self) {
        while self.drills.get(self.current).is_some_and(EntryDrill::is_over) {
            self.current += 1;
        }
    }

    /// The line typed, read by the entry line's grammar and resolved on the table
    /// as it stands: the operations it stands for, or why it cannot be read.
    pub fn read(&self, typed: &str, lang: Lang) -> Result<Vec<Op>, String> {
        let Some(d) = self.drill() else { return Ok(Vec::new()) };
        let g = Grammar::of(d.table.settings());
        let g = if self.in_units { g.in_units(d.table.settings()) } else { g };
        let parsed = super::parse(typed, &g, true);
        if let Tail::Error(e) = &parsed.tail {
            return Err(e.message(lang));
        }
        let chips = super::resolve(&parsed.entries, &d.table, lang);
        Ok(chips.into_iter().flat_map(|c| c.ops).collect())
    }

    /// Grades the operations typed for the step on screen; the coup goes on.
    pub fn enter(&mut self, ops: &[Op]) -> Option<EntryGrade> {
        let d = self.drills.get_mut(self.current)?;
        let grade = d.enter(ops)?;
        self.asked += 1;
        self.right += u32::from(grade.right);
        self.last = Some(grade.clone());
        self.skip_done();
        Some(grade)
    }
}

/// The verdict on a step, in words: right, or what the engine expected and what it
/// made of what was typed.
pub fn verdict(lang: Lang, g: &EntryGrade) -> String {
    let expected = super::describe(lang, &g.expected.0, &g.expected.1);
    if g.right {
        return ta(lang, "train-entry-right", &[("entry", expected)]);
    }
    // What was typed, as what the engine made of it; a refusal in its own words.
    let typed: Vec<String> = g.typed.iter().map(|(op, events)| super::describe(lang, op, events)).collect();
    let given = match &g.given {
        Ok(events) if events.is_empty() => t(lang, "train-entry-nothing"),
        Ok(_) => typed.join(" · "),
        Err(r) if typed.is_empty() => crate::i18n::refusal_text(lang, r),
        Err(r) => format!("{} · {}", typed.join(" · "), crate::i18n::refusal_text(lang, r)),
    };
    ta(lang, "train-entry-wrong", &[("entry", expected), ("given", given), ("clause", g.clause.id().to_string())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Money};
    use crate::training::{Level, Session, entry};

    /// A wrong entry the engine took is shown as what it was («Player 3 bets 50 on
    /// Tableau 1»), not as «something else».
    #[test]
    fn a_wrong_entry_is_shown_as_what_it_was() {
        let s = Session::level_from_seed(Game::Banque, Level::Coups, 4, 3, &[]).expect("session");
        let mut shown = 0;
        for mut d in entry::from_drills(s.settings(), s.drills()).expect("drills") {
            let Some((Op::Bet { player, spot, amount }, _)) = d.expected().cloned() else { continue };
            let unit = d.table.settings().unit;
            let typed = Op::Bet { player, spot, amount: amount.checked_add(unit).unwrap_or(Money::ZERO) };
            let grade = d.enter(std::slice::from_ref(&typed)).expect("graded");
            let Ok(events) = &grade.given else { continue };
            assert!(!grade.right);
            let text = verdict(Lang::En, &grade);
            let said = super::super::describe(Lang::En, &typed, events);
            assert!(text.contains(&said), "{text} lacks {said}");
            assert!(!text.contains("something else"), "{text}");
            shown += 1;
        }
        assert!(shown > 0, "no wrong bet taken by the engine");
    }

    /// Issue 41: the school's entry line reads amounts as the table's does; with
    /// «importes en unidades» a number is a count of the table's unit (R-BQ-7).
    #[test]
    fn the_schools_entry_line_reads_amounts_in_units_as_the_table_does_r_bq_7() {
        let s = Session::level_from_seed(Game::Banque, Level::Coups, 4, 3, &[]).expect("session");
        let drills = entry::from_drills(s.settings(), s.drills()).expect("drills");
        let mut run = EntryRun::new(drills);
        let Some(d) = run.drill() else { panic!("a coup to enter") };
        let unit = d.table.settings().unit;
        let in_money = run.read("3 4", Lang::En).expect("read");
        run.in_units = true;
        let in_units = run.read("3 4", Lang::En).expect("read");
        let amount = |ops: &[Op]| match ops {
            [Op::Bet { amount, .. } | Op::OfferBet { amount, .. }] => Some(*amount),
            _ => None,
        };
        assert_eq!(amount(&in_money), Some("4".parse().expect("4")));
        let four_units = unit.checked_mul_int(4).expect("4 units");
        assert_eq!(amount(&in_units), Some(four_units), "4 units of {unit}");
        assert_ne!(amount(&in_money), amount(&in_units), "the unit is more than 1 at a training table");
    }
}
