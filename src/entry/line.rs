//! The entry line: the text typed and its chips, until Enter confirms them.

use super::chips::{Chip, ChipState, resolve};
use super::grammar::{Entry, Grammar, Tail, parse};
use crate::engine::Event;
use crate::engine::{Game, Op, Table};
use crate::i18n::Lang;
use crate::i18n::words::t;

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
    /// Entries confirmed as soon as they are complete and taken by the rules, without
    /// Enter (the croupier's choice on the start form, F11 at the table).
    pub instant: bool,
    /// Amounts typed in the table's betting unit (`3 4` is 40 at a table of unit 10;
    /// the croupier's choice on the start form).
    pub in_units: bool,
    /// The unit amounts are typed in at this table, when they are (from `refresh`).
    pub unit: Option<crate::engine::Money>,
    /// The entries the chips were read from (what each is, for entries at once).
    entries: Vec<(Entry, std::ops::Range<usize>)>,
    stale: bool,
}

impl EntryLine {
    /// An empty line; entries at once or with Enter, as the croupier chose.
    pub fn with_instant(instant: bool) -> EntryLine {
        EntryLine { instant, ..EntryLine::default() }
    }

    /// The same line, amounts typed in the table's betting unit or not.
    pub fn in_units(self, in_units: bool) -> EntryLine {
        EntryLine { in_units, ..self }
    }

    /// How this line reads the words typed at `table`.
    pub fn grammar(&self, table: &Table) -> Grammar {
        let g = Grammar::of(table.settings());
        if self.in_units { g.in_units(table.settings()) } else { g }
    }

    pub fn is_empty(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Characters typed. Space on an empty line is "no va más" (not when entries go at
    /// once: there a space typed twice after an entry would close the bets).
    pub fn type_text(&mut self, s: &str) {
        for c in s.chars() {
            if c.is_control() {
                continue;
            }
            if c == ' ' && self.text.trim().is_empty() && self.instant {
                self.text.clear();
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

    /// Entries at once: the complete entries on the line, when the rules take every
    /// one, are handed back to be confirmed; what is still being typed stays on the
    /// line. Nothing goes while an entry is refused, waits for its second card, or
    /// may still grow: `quita 3` (`quita 3 c`), `anula` (`anula 2`), an auction's
    /// bids, `=` before the space (`=1200`).
    pub fn take_complete(&mut self, table: &Table, lang: Lang) -> Option<Vec<Decided>> {
        if !self.instant {
            return None;
        }
        self.refresh(table, lang);
        let (last, range) = self.entries.last()?;
        if matches!(self.tail, Some(Tail::Error(_))) || self.may_grow(last, range) {
            return None;
        }
        if self.chips.is_empty() || self.chips.iter().any(|c| c.state != ChipState::Ok) {
            return None;
        }
        let rest = self.text.get(range.end..).unwrap_or("").trim_start().to_string();
        let ops = decided(std::mem::take(&mut self.chips));
        self.clear();
        self.text = rest;
        self.stale = true;
        Some(ops)
    }

    fn may_grow(&self, entry: &Entry, range: &std::ops::Range<usize>) -> bool {
        let typed = self.text.get(range.clone()).unwrap_or("");
        let spaced = self.text.get(range.end..).is_some_and(|r| r.starts_with(' '));
        match entry {
            Entry::Withdraw { spot: None, .. } | Entry::Op(Op::Auction { .. }) => true,
            Entry::Op(Op::TakeBack { .. }) => typed.split_whitespace().count() == 1,
            Entry::NextCoup(None) => !spaced,
            _ => false,
        }
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.chips.clear();
        self.entries.clear();
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
        self.unit = self.grammar(table).amount_unit;
        if !self.stale {
            return;
        }
        self.stale = false;
        let parsed = parse(&self.text, &self.grammar(table), false);
        self.chips = resolve(&parsed.entries, table, lang);
        self.entries = parsed.entries;
        self.tail = Some(parsed.tail);
    }

    /// Enter: every entry must be complete and taken by the rules; then their
    /// operations are handed back to be confirmed, in order, and the line is
    /// cleared. Otherwise the line stays as it is and `problem` says why.
    pub fn confirm(&mut self, table: &Table, lang: Lang) -> Option<Vec<Decided>> {
        // The chips on the line are up to date and nothing is being typed: they are
        // what Enter confirms (the engine is not asked again).
        if !self.stale && self.tail == Some(Tail::Empty) && self.chips.iter().all(|c| c.state == ChipState::Ok) {
            let ops = decided(std::mem::take(&mut self.chips));
            self.clear();
            return Some(ops);
        }
        let parsed = parse(&self.text, &self.grammar(table), true);
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
        let ops = decided(chips);
        self.clear();
        Some(ops)
    }
}

/// An operation confirmed, with the events the engine decided for it when its chip
/// was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    pub op: Op,
    pub events: Vec<Event>,
}

fn decided(chips: Vec<Chip>) -> Vec<Decided> {
    chips.into_iter().flat_map(|c| c.ops.into_iter().zip(c.events).map(|(op, events)| Decided { op, events })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Money, PlayerRef, Shoe, Spot, TableSettings};

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
        let ops = line.confirm(&table, Lang::Es).map(|d| d.into_iter().map(|d| d.op).collect::<Vec<_>>());
        assert_eq!(ops, Some(vec![Op::NoMoreBets]));
        assert!(line.text.is_empty());
    }

    /// Types `keys` one key at a time, as a croupier does, confirming what goes at once.
    fn type_keys(line: &mut EntryLine, table: &mut Table, keys: &str) -> Vec<Op> {
        let mut all = Vec::new();
        for k in keys.chars() {
            line.type_text(&k.to_string());
            if let Some(decided) = line.take_complete(table, Lang::Es) {
                for d in decided {
                    // The events the chip was read with are the engine's.
                    assert_eq!(table.play(&d.op).expect("taken"), d.events);
                    all.push(d.op);
                }
            }
        }
        all
    }

    #[test]
    fn entries_at_once_go_when_complete_and_taken_r_c_7() {
        let mut table = bq_table();
        let mut line = EntryLine::with_instant(true);
        let seat = PlayerRef::seated;
        // A bet goes with the space that ends it; the amount being typed stays.
        let ops = type_keys(&mut line, &mut table, "1 100 3 c 4");
        assert_eq!(ops, vec![Op::Bet { player: seat(1), spot: Spot::Tableau(1), amount: m("100") }]);
        assert_eq!(line.text, "3 c 4");
        // A refused entry stays on the line, with nothing after it confirmed.
        let ops = type_keys(&mut line, &mut table, "0 99 50 ");
        assert_eq!(ops, vec![Op::Bet { player: seat(3), spot: Spot::Cheval, amount: m("40") }]);
        line.refresh(&table, Lang::Es);
        assert!(matches!(line.chips.last().map(|c| &c.state), Some(ChipState::Refused(_))));
        line.clear();
        // `quita 3` may still become `quita 3 c`: it waits for the next word.
        assert!(type_keys(&mut line, &mut table, "quita 3 ").is_empty());
        let ops = type_keys(&mut line, &mut table, "c ");
        assert_eq!(ops.len(), 1, "{ops:?}");
        // No va más at once; a space on the empty line after it is nothing.
        assert_eq!(type_keys(&mut line, &mut table, ". "), vec![Op::NoMoreBets]);
        assert!(line.text.is_empty());
        // Cards go as their suit is typed.
        let ops = type_keys(&mut line, &mut table, "9h2");
        assert_eq!(ops, vec![Op::Card("9h".parse().expect("card"))]);
        assert_eq!(line.text, "2");
        // With Enter (the default), nothing goes by itself.
        let mut table = bq_table();
        let mut line = EntryLine::default();
        assert!(type_keys(&mut line, &mut table, "1 100 . ").is_empty());
    }

    #[test]
    fn the_bank_announced_waits_for_its_space_r_bq_17() {
        let mut table = bq_table();
        let mut line = EntryLine::with_instant(true);
        type_keys(&mut line, &mut table, "1 100 .9h3s2dKc5h4s");
        assert!(table.settlement().is_some());
        // `=` may become `=1200`: nothing goes before the space.
        assert!(type_keys(&mut line, &mut table, "=12").is_empty());
        let ops = type_keys(&mut line, &mut table, "00 ");
        assert_eq!(ops, vec![Op::NextCoup, Op::AnnounceBank { amount: m("1200") }]);
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
