//! The entry line: the text typed and its chips, until Enter confirms them.

use super::chips::{Chip, ChipState, resolve};
use super::grammar::{Grammar, Tail, parse};
use crate::app::text::t;
use crate::engine::{Game, Op, Table};
use crate::i18n::Lang;

/// The entry line's state: the typed text and its chips, until Enter confirms them.
#[derive(Clone, Debug, Default)]
pub struct EntryLine {
    pub text: String,
    pub chips: Vec<Chip>,
    pub tail: Option<Tail>,
    /// Why the last Enter did not confirm (shown in the banner).
    pub problem: Option<String>,
    /// The table's game, for the line's examples.
    pub game: Option<Game>,
    stale: bool,
}

impl EntryLine {
    pub fn is_empty(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Characters typed. Space on an empty line is "no va más".
    pub fn type_text(&mut self, s: &str) {
        for c in s.chars() {
            if c.is_control() {
                continue;
            }
            if c == ' ' && self.text.trim().is_empty() {
                self.text = ". ".into();
            } else {
                self.text.push(c);
            }
        }
        self.problem = None;
        self.stale = true;
    }

    /// Backspace: right after a chip, takes the whole chip back; otherwise one character.
    pub fn backspace(&mut self) {
        let trimmed = self.text.trim_end().len();
        match self.chips.last() {
            Some(chip) if trimmed < self.text.len() && chip.range.end == trimmed => {
                self.text.truncate(chip.range.start);
            }
            _ => {
                self.text.pop();
            }
        }
        self.problem = None;
        self.stale = true;
    }

    /// Escape: takes back the entry being typed, or else the last chip.
    pub fn escape(&mut self) {
        match (&self.tail, self.chips.last()) {
            (Some(Tail::Incomplete(r)), _) => self.text.truncate(r.start),
            (Some(Tail::Error(e)), _) => self.text.truncate(e.range.start),
            (_, Some(chip)) => self.text.truncate(chip.range.start),
            _ => self.text.clear(),
        }
        self.problem = None;
        self.stale = true;
    }

    /// Takes chip `i` off the line, wherever it is; the chips after it are read
    /// again without it.
    pub fn remove(&mut self, i: usize) {
        let Some(chip) = self.chips.get(i) else { return };
        let Some(rest) = self.text.get(chip.range.end..) else { return };
        let rest = rest.to_string();
        self.text.truncate(chip.range.start);
        if !self.text.is_empty() && !self.text.ends_with(' ') && !rest.starts_with(' ') {
            self.text.push(' ');
        }
        self.text.push_str(&rest);
        if self.text.trim().is_empty() {
            self.text.clear();
        }
        self.problem = None;
        self.stale = true;
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.chips.clear();
        self.tail = None;
        self.problem = None;
        self.stale = false;
    }

    /// The table or the language changed: read the chips again.
    pub fn invalidate(&mut self) {
        self.stale = true;
    }

    /// Brings the chips up to date with the text, against `table`.
    pub fn refresh(&mut self, table: &Table, lang: Lang) {
        self.game = Some(table.settings().game);
        if !self.stale {
            return;
        }
        self.stale = false;
        let parsed = parse(&self.text, &Grammar::of(table.settings()), false);
        self.chips = resolve(&parsed.entries, table, lang);
        self.tail = Some(parsed.tail);
    }

    /// Enter: every entry must be complete and taken by the rules; then their
    /// operations are handed back to be confirmed, in order, and the line is
    /// cleared. Otherwise the line stays as it is and `problem` says why.
    pub fn confirm(&mut self, table: &Table, lang: Lang) -> Option<Vec<Op>> {
        let parsed = parse(&self.text, &Grammar::of(table.settings()), true);
        let chips = resolve(&parsed.entries, table, lang);
        let problem = match &parsed.tail {
            Tail::Error(e) => Some(e.message(lang)),
            _ => chips.iter().find_map(|c| match &c.state {
                ChipState::Ok => None,
                ChipState::Refused(why) => Some(why.clone()),
                ChipState::Waiting => Some(t(lang, "entry-err-show-second-card")),
            }),
        };
        if let Some(p) = problem {
            // What comes next starts a new word, not the end of the last one.
            if !self.text.is_empty() && !self.text.ends_with(' ') {
                self.text.push(' ');
            }
            self.chips = chips;
            self.tail = Some(parsed.tail);
            self.problem = Some(p);
            self.stale = true;
            return None;
        }
        let ops = chips.into_iter().flat_map(|c| c.ops).collect();
        self.clear();
        Some(ops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Money, Shoe, TableSettings};

    fn m(s: &str) -> Money {
        s.parse().expect("amount")
    }

    fn bq_table() -> Table {
        let mut s = TableSettings::new(Game::Banque);
        s.unit = m("10");
        Table::new(s, m("1000"), Shoe::decks(6)).expect("table")
    }

    #[test]
    fn a_refused_entry_says_why_and_is_not_confirmed_r_c_7() {
        let table = bq_table();
        let mut line = EntryLine::default();
        line.type_text(". 3 40");
        assert!(line.confirm(&table, Lang::Es).is_none());
        let why = line.problem.clone().expect("a reason");
        assert!(why.starts_with("R-C-7"), "{why}");
        // One Escape takes the refused bet back; the rest confirms.
        line.refresh(&table, Lang::Es);
        line.escape();
        assert_eq!(line.text.trim(), ".");
        assert_eq!(line.confirm(&table, Lang::Es), Some(vec![Op::NoMoreBets]));
        assert!(line.text.is_empty());
    }

    #[test]
    fn backspace_takes_back_a_whole_chip_or_one_character() {
        let table = bq_table();
        let mut line = EntryLine::default();
        line.type_text("3 c 40 7 40 ");
        line.refresh(&table, Lang::Es);
        assert_eq!(line.chips.len(), 2);
        line.backspace();
        line.refresh(&table, Lang::Es);
        assert_eq!(line.text, "3 c 40 ");
        assert_eq!(line.chips.len(), 1);
        line.type_text("9 5");
        line.backspace();
        assert_eq!(line.text, "3 c 40 9 ");
        // Any chip comes off, not only the last.
        let mut line = EntryLine::default();
        line.type_text("1 100 2 50 3 c 40 ");
        line.refresh(&table, Lang::Es);
        line.remove(1);
        line.refresh(&table, Lang::Es);
        assert_eq!(line.chips.len(), 2);
        assert_eq!(line.text.split_whitespace().collect::<Vec<_>>(), ["1", "100", "3", "c", "40"]);
        // Space on an empty line is "no va más".
        let mut line = EntryLine::default();
        line.type_text(" ");
        assert_eq!(line.text, ". ");
    }
}
