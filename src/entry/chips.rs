//! What the engine makes of each typed entry: the operations it stands for, whether
//! the rules take it, what its chip says and its colour on the entry line.

use super::grammar::Entry;
use crate::engine::{Card, Event, HandId, Money, Op, Owed, PlayerRef, Refusal, Spot, Table};
use crate::i18n::words::{self as text, money, t, ta};
use crate::i18n::{self, Lang};
use std::borrow::Cow;
use std::ops::Range;

/// How the engine took a chip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChipState {
    Ok,
    /// The rules refuse it: the croupier's message with its clause.
    Refused(String),
    /// The first card of a show: the second is awaited.
    Waiting,
}

/// A complete entry, as the engine takes it: the operations confirming it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chip {
    pub range: Range<usize>,
    pub ops: Vec<Op>,
    /// The events the engine decided for each operation (taken chips only): Enter
    /// hands them on with their operations, and the table ahead applies them without
    /// deciding again (the log's writer still checks them).
    pub events: Vec<Vec<Event>>,
    pub label: String,
    pub state: ChipState,
}

/// The operations an entry stands for, asking the engine what it needs (whose turn
/// it is, who is offered the cut or the bank). Empty: a call when nobody is to call.
/// A refusal: nobody to decline the cut or the bank, no bet to take back or change.
fn ops_of(entry: &Entry, preview: &Table) -> Result<Vec<Op>, Refusal> {
    Ok(match entry {
        // A bet at a free bank is offered to the banker first (R-BQ-4): the engine says.
        Entry::Op(Op::Bet { player, spot, amount }) => vec![preview.bet_of(*player, *spot, *amount)],
        Entry::Op(op) => vec![op.clone()],
        Entry::Card(c) => vec![Op::Card(*c)],
        Entry::Call(call) => match preview.owed().owed {
            Owed::Decide { hand, .. } | Owed::Card { hand, .. } | Owed::Show { hand } => {
                vec![Op::Say { hand, call: *call }]
            }
            Owed::Bets | Owed::Pay | Owed::Confirm { .. } | Owed::Shift(_) => vec![],
        },
        // What «=» opens and announces is the engine's to say (R-BQ-3).
        Entry::NextCoup(bank) => preview.next_coup_of(*bank),
        Entry::Withdraw { player, spot: Some(spot) } => vec![Op::WithdrawBet { player: *player, spot: *spot }],
        // Which bets «quita» and «cambia» take back, and whether there are any, is the
        // engine's to say (R-C-7, R-PB-4).
        Entry::Withdraw { player, spot: None } => return preview.withdrawals_of(*player),
        Entry::Change { player, spot, amount } => return preview.change_of(*player, *spot, *amount),
        Entry::Cut(below) => vec![preview.cut_of(*below)],
        // The engine names who is offered the cut or the bank (R-C-5, R-CF-10), or
        // refuses the decline.
        Entry::DeclineCut => return preview.cut_offered().map(|by| vec![Op::DeclineCut { by }]),
        Entry::TakeBank { player, amount } => vec![Op::TakeBank { player: *player, amount: *amount }],
        Entry::Pass => return preview.pass_of(),
    })
}

/// Asks the engine what each entry does and whether it is taken: each operation
/// decided once, on the table as the entries before it leave it. The table is copied
/// only when an entry follows one that was taken (a line of one entry, the usual
/// keystroke, copies nothing), and an entry of several operations (`cambia`, `=`
/// with its announcement) is tried on a copy of its own, to be taken whole or not at all.
pub fn resolve(entries: &[(Entry, Range<usize>)], table: &Table, lang: Lang) -> Vec<Chip> {
    let mut r = Resolver {
        lang,
        preview: Cow::Borrowed(table),
        chips: Vec::with_capacity(entries.len()),
        held: None,
        card_events: None,
    };
    for (i, (entry, range)) in entries.iter().enumerate() {
        r.entry(entry, range.clone(), i + 1 == entries.len());
    }
    r.chips
}

/// The chips of a line as they are made, and the table as the entries before leave it.
struct Resolver<'t> {
    lang: Lang,
    preview: Cow<'t, Table>,
    chips: Vec<Chip>,
    /// The first card of a show owed, and whose it is.
    held: Option<(Card, HandId)>,
    /// Events a card was decided with while finding out whose it is.
    card_events: Option<Vec<Event>>,
}

/// What the operations of one entry came to: each one's words, and the refusal.
struct Decided {
    labels: Vec<String>,
    events: Vec<Vec<Event>>,
    refused: Option<String>,
}

impl Resolver<'_> {
    /// One entry's chip: its operations, decided on the table ahead.
    fn entry(&mut self, entry: &Entry, mut range: Range<usize>, last: bool) {
        let lang = self.lang;
        let ops = match entry {
            Entry::Card(c) => match self.card(*c, &mut range) {
                Some(ops) => ops,
                None => return,
            },
            other => match ops_of(other, &self.preview) {
                Ok(ops) => ops,
                Err(r) => {
                    let state = ChipState::Refused(i18n::refusal_text(lang, &r));
                    self.chips.push(Chip {
                        range,
                        ops: vec![],
                        events: vec![],
                        label: refused_label(lang, entry),
                        state,
                    });
                    return;
                }
            },
        };
        if ops.is_empty() {
            self.chips.push(nothing_to_do(lang, entry, range));
            return;
        }
        let decided = match ops.as_slice() {
            [op] => self.one(op, last),
            _ => self.all(&ops),
        };
        let (state, events) = match decided.refused {
            Some(why) => (ChipState::Refused(why), vec![]),
            None => (ChipState::Ok, decided.events),
        };
        self.chips.push(Chip { range, ops, events, label: decided.labels.join(" · "), state });
    }

    /// A card's operations: the show it completes, or the card. `None`: the first card
    /// of a show owed, its chip waiting for the second.
    fn card(&mut self, c: Card, range: &mut Range<usize>) -> Option<Vec<Op>> {
        if let Some((first, hand)) = self.held.take() {
            // The second card of a show owed: the chip of the first becomes the show.
            if let Some(prev) = self.chips.pop() {
                *range = prev.range.start..range.end;
            }
            return Some(vec![Op::Show { hand, cards: vec![first, c] }]);
        }
        let mut events = Vec::new();
        if self.preview.decide(&Op::Card(c), &mut events).is_ok() {
            self.card_events = Some(events);
        } else if let Owed::Show { hand } = self.preview.owed().owed {
            self.held = Some((c, hand));
            let lang = self.lang;
            let label = ta(lang, "chip-show-first", &[("hand", text::hand(lang, hand)), ("card", c.pretty())]);
            self.chips.push(Chip {
                range: range.clone(),
                ops: vec![],
                events: vec![],
                label,
                state: ChipState::Waiting,
            });
            return None;
        }
        Some(vec![Op::Card(c)])
    }

    /// One operation: decided on the table as it stands (a refusal leaves it as it
    /// was); applied only if another entry follows.
    fn one(&mut self, op: &Op, last: bool) -> Decided {
        let lang = self.lang;
        let mut events = Vec::new();
        let decided = match self.card_events.take() {
            Some(e) => {
                events = e;
                Ok(())
            }
            None => self.preview.decide(op, &mut events),
        };
        match decided {
            Ok(()) => {
                let mut labels = vec![describe(lang, op, &events)];
                labels.extend(displaced(lang, op, &events, &self.preview));
                if !last {
                    self.preview.to_mut().apply(&events);
                }
                Decided { labels, events: vec![events], refused: None }
            }
            Err(r) => Decided {
                labels: vec![describe(lang, op, &[])],
                events: vec![],
                refused: Some(i18n::refusal_text(lang, &r)),
            },
        }
    }

    /// Every operation of the entry, or none: tried on a copy, kept when all are taken.
    fn all(&mut self, ops: &[Op]) -> Decided {
        let lang = self.lang;
        let mut trial = self.preview.as_ref().clone();
        let mut d = Decided { labels: Vec::new(), events: Vec::with_capacity(ops.len()), refused: None };
        for op in ops {
            match trial.play(op) {
                Ok(events) => {
                    d.labels.push(describe(lang, op, &events));
                    d.labels.extend(displaced(lang, op, &events, &self.preview));
                    d.events.push(events);
                }
                Err(r) => {
                    d.labels.push(describe(lang, op, &[]));
                    d.refused = Some(i18n::refusal_text(lang, &r));
                    break;
                }
            }
        }
        if d.refused.is_none() {
            self.preview = Cow::Owned(trial);
        }
        d
    }
}

/// The words of an entry the engine refused before it made any operation.
fn refused_label(lang: Lang, entry: &Entry) -> String {
    match entry {
        Entry::DeclineCut => t(lang, "chip-no-cut"),
        Entry::Withdraw { player, .. } => ta(lang, "chip-withdraw-all", &[("player", text::player(lang, *player))]),
        Entry::Change { player, spot, amount } => {
            describe(lang, &Op::Bet { player: *player, spot: *spot, amount: *amount }, &[])
        }
        _ => t(lang, "chip-pass"),
    }
}

/// The chip of an entry with nothing to do: a call when nobody is to call, `=` on a
/// coup open.
fn nothing_to_do(lang: Lang, entry: &Entry, range: Range<usize>) -> Chip {
    let label = match entry {
        Entry::Call(call) => i18n::call_name(lang, *call),
        Entry::NextCoup(_) => t(lang, "chip-next-coup"),
        _ => String::new(),
    };
    let why = if matches!(entry, Entry::NextCoup(_)) { "entry-coup-open" } else { "entry-nobody-to-call" };
    Chip { range, ops: vec![], events: vec![], label, state: ChipState::Refused(t(lang, why)) }
}

/// A banco that takes the place of other players' bets says whose go, and why: a
/// higher priority (R-CF-3), banca seguida above all (R-CF-6). Never silently.
fn displaced(lang: Lang, op: &Op, events: &[Event], before: &Table) -> Option<String> {
    let (Op::Banco { player, .. } | Op::BancoWithTable { player }) = op else { return None };
    let others: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::BetWithdrawn { player: p, .. } if p != player => Some(text::player(lang, *p)),
            _ => None,
        })
        .collect();
    if others.is_empty() {
        return None;
    }
    let clause = before.banco_displaces_by(*player);
    Some(ta(lang, "chip-displaces", &[("players", others.join(", ")), ("clause", clause.to_string())]))
}

/// A bet's words, placed or offered to a free bank's banker (R-BQ-4).
fn bet_words(lang: Lang, id: &str, player: PlayerRef, spot: Spot, amount: Money) -> String {
    let args =
        [("player", text::player(lang, player)), ("spot", text::spot(lang, spot)), ("amount", money(lang, amount))];
    ta(lang, id, &args)
}

/// A chip's words: what the entry does.
pub fn describe(lang: Lang, op: &Op, events: &[Event]) -> String {
    match op {
        Op::Bet { player, spot, amount } => bet_words(lang, "chip-bet", *player, *spot, *amount),
        Op::Banco { player, on } => ta(
            lang,
            "chip-banco",
            &[("player", text::player(lang, *player)), ("hand", on.map(|h| text::hand(lang, h)).unwrap_or_default())],
        ),
        Op::BancoWithTable { player } => ta(lang, "chip-banco-with-table", &[("player", text::player(lang, *player))]),
        Op::NoMoreBets => t(lang, "chip-no-more-bets"),
        Op::Card(c) => match events.first() {
            Some(Event::CardOut { hand, slot: 2, .. }) => {
                ta(lang, "chip-third-card", &[("card", c.pretty()), ("hand", text::hand(lang, *hand))])
            }
            Some(Event::CardOut { hand, .. }) => {
                ta(lang, "chip-card", &[("card", c.pretty()), ("hand", text::hand(lang, *hand))])
            }
            _ => c.pretty(),
        },
        Op::Show { hand, cards } => ta(
            lang,
            "chip-show",
            &[
                ("hand", text::hand(lang, *hand)),
                ("cards", cards.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ")),
            ],
        ),
        Op::Say { hand, call } => {
            ta(lang, "chip-say", &[("hand", text::hand(lang, *hand)), ("call", i18n::call_name(lang, *call))])
        }
        Op::AskTable => t(lang, "chip-ask-table"),
        Op::WithdrawBet { player, spot } => {
            ta(lang, "chip-withdraw", &[("player", text::player(lang, *player)), ("spot", text::spot(lang, *spot))])
        }
        Op::Auction { bids, lot } => {
            let bids = bids.iter().map(|b| format!("{} {}", text::player(lang, b.player), money(lang, b.amount)));
            let mut label = ta(lang, "chip-auction", &[("bids", bids.collect::<Vec<_>>().join(", "))]);
            if let Some(p) = lot {
                label.push_str(&ta(lang, "chip-auction-lot", &[("player", text::player(lang, *p))]));
            }
            label
        }
        Op::TakeBack { entries } => {
            match events.first() {
                Some(Event::TakenBack { undone, .. }) => {
                    ta(lang, "chip-take-back", &[("n", entries.to_string()), ("what", undone_words(lang, undone))])
                }
                // Refused, or not yet resolved: what it asks for, nothing after.
                _ => ta(lang, "chip-take-back-asked", &[("n", entries.to_string())]),
            }
        }
        Op::Confirm => t(lang, "chip-confirm"),
        Op::OfferBet { player, spot, amount } => bet_words(lang, "chip-offer", *player, *spot, *amount),
        Op::AcceptBet { player } => ta(lang, "chip-accept", &[("player", text::player(lang, *player))]),
        Op::DeclineBet { player } => ta(lang, "chip-decline", &[("player", text::player(lang, *player))]),
        Op::Join { player, number: None } => ta(lang, "chip-join", &[("player", text::player(lang, *player))]),
        Op::Join { player, number: Some(n) } => {
            ta(lang, "chip-join-number", &[("player", text::player(lang, *player)), ("number", n.to_string())])
        }
        Op::Leave { player } => ta(lang, "chip-leave", &[("player", text::player(lang, *player))]),
        op => shift_words(lang, op, events).or_else(|| error_words(lang, op)).unwrap_or_else(|| t(lang, "chip-other")),
    }
}

/// The words of an operation of the shift between coups: the sabot, the coup opened,
/// the bank.
fn shift_words(lang: Lang, op: &Op, events: &[Event]) -> Option<String> {
    Some(match op {
        Op::NewShoe => t(lang, "chip-new-shoe"),
        Op::Shuffle { by: None } => t(lang, "chip-shuffle"),
        Op::Shuffle { by: Some(p) } => ta(lang, "chip-shuffle-by", &[("player", text::player(lang, *p))]),
        Op::Cut { by: None, below } => ta(lang, "chip-cut", &[("below", below.to_string())]),
        Op::Cut { by: Some(p), below } => {
            ta(lang, "chip-cut-by", &[("below", below.to_string()), ("player", text::player(lang, *p))])
        }
        Op::DeclineCut { by } => ta(lang, "chip-decline-cut", &[("player", text::player(lang, *by))]),
        Op::Burn { card } => ta(lang, "chip-burn", &[("card", card.pretty())]),
        Op::NextCoup => match events.first() {
            Some(Event::CoupOpened { number }) => ta(lang, "chip-coup-opened", &[("n", number.to_string())]),
            _ => t(lang, "chip-next-coup"),
        },
        Op::AnnounceBank { amount } => ta(lang, "chip-announce", &[("amount", money(lang, *amount))]),
        Op::TakeBank { player, amount, .. } => {
            ta(lang, "chip-take-bank", &[("player", text::player(lang, *player)), ("amount", money(lang, *amount))])
        }
        Op::LeaveBank => t(lang, "chip-leave-bank"),
        Op::DeclineBank { player } => ta(lang, "chip-decline-bank", &[("player", text::player(lang, *player))]),
        Op::PassSabot => t(lang, "chip-pass-sabot"),
        Op::CutCardOut => t(lang, "chip-cut-card-out"),
        Op::CheckCards => t(lang, "chip-check-cards"),
        Op::SetAside { amount } => ta(lang, "chip-set-aside", &[("amount", money(lang, *amount))]),
        _ => return None,
    })
}

/// An error recorded, as the errors menu names it, with its clause and what was typed:
/// `R-BQ-E2 — Carta descubierta al salir: muerta: 9♥`.
fn error_words(lang: Lang, op: &Op) -> Option<String> {
    let hand = |h: &crate::engine::HandId| text::hand(lang, *h);
    let cards = |cs: &[crate::engine::Card]| cs.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ");
    let (word, detail) = match op {
        Op::EarlyCards { count } => ("e1", count.to_string()),
        Op::DeadCard { card } => ("e2", card.pretty()),
        Op::StuckCards => ("e3", String::new()),
        Op::CardOnFloor { card } => ("e4", card.map(|c| c.pretty()).unwrap_or_default()),
        Op::WrongPlayer { hand: h, player } => ("e5", format!("{} · {}", hand(h), text::player(lang, *player))),
        Op::Discarded { hand: h, by_croupier: false, .. } => ("e6", hand(h)),
        Op::Discarded { hand: h, by_croupier: true, total, .. } => {
            ("e6c", format!("{} {}", hand(h), total.map(|n| n.to_string()).unwrap_or_default()))
        }
        Op::Claim => ("e7", String::new()),
        Op::IrregularDeal { put_right: true } => ("e8", String::new()),
        Op::IrregularDeal { put_right: false } => ("e8n", String::new()),
        Op::CardTo { hand: h, card } => ("e9", format!("{} · {}", hand(h), card.pretty())),
        Op::Exposed { hand: h, cards: cs } => ("e10", format!("{} · {}", hand(h), cards(cs))),
        Op::LostInDiscard { hand: h, card: None } => ("e11", hand(h)),
        Op::LostInDiscard { hand: h, card: Some(c) } => ("e11c", format!("{} · {}", hand(h), c.pretty())),
        Op::Announce { total } => ("e12", total.to_string()),
        Op::TooLong { hand: h } => ("e18", hand(h)),
        Op::LateBet { player, amount } => {
            ("tarde", format!("{} · {}", text::player(lang, *player), money(lang, *amount)))
        }
        Op::WithdrawLate { player } => ("retira", text::player(lang, *player)),
        Op::PlayerError { clause, hand: h, .. } => {
            let ew = super::ERROR_WORDS.iter().find(|e| e.clause == *clause && e.args == "H")?;
            return Some(format!("{} — {}: {}", ew.clause, t(lang, ew.label), hand(h)));
        }
        _ => return None,
    };
    let ew = super::ERROR_WORDS.iter().find(|e| e.word == word)?;
    let label = t(lang, ew.label);
    Some(if detail.is_empty() {
        format!("{} — {label}", ew.clause)
    } else {
        format!("{} — {label}: {detail}", ew.clause)
    })
}

/// What entries taken back had done, in a few words: the bets, cards, words and hands
/// shown they had entered.
fn undone_words(lang: Lang, undone: &[Event]) -> String {
    let words: Vec<String> = undone
        .iter()
        .filter_map(|e| match e {
            Event::BetPlaced(b) => Some(ta(
                lang,
                "chip-bet",
                &[
                    ("player", text::player(lang, b.player)),
                    ("spot", text::spot(lang, b.spot)),
                    ("amount", money(lang, b.amount)),
                ],
            )),
            Event::CardOut { hand, card, .. } => {
                Some(ta(lang, "chip-card", &[("card", card.pretty()), ("hand", text::hand(lang, *hand))]))
            }
            Event::Said { hand, call } => {
                Some(ta(lang, "chip-say", &[("hand", text::hand(lang, *hand)), ("call", i18n::call_name(lang, *call))]))
            }
            Event::Shown { hand, cards } => Some(ta(
                lang,
                "chip-show",
                &[("hand", text::hand(lang, *hand)), ("cards", format!("{} {}", cards[0].pretty(), cards[1].pretty()))],
            )),
            Event::BetsClosed => Some(t(lang, "chip-no-more-bets")),
            Event::TableAsked => Some(t(lang, "chip-ask-table")),
            Event::BankAnnounced { amount } => Some(ta(lang, "chip-announce", &[("amount", money(lang, *amount))])),
            Event::RulingProposed(_) => Some(t(lang, "chip-ruling-undone")),
            _ => None,
        })
        .collect();
    words.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Call, Game, Money, PlayerRef, Shoe, Spot, TableSettings};
    use crate::entry::{Grammar, parse};

    fn m(s: &str) -> Money {
        s.parse().expect("amount")
    }
    fn c(s: &str) -> Card {
        s.parse().expect("card")
    }

    fn bq_table() -> Table {
        let mut s = TableSettings::new(Game::Banque);
        s.unit = m("10");
        Table::new(s, m("1000"), Shoe::decks(6)).expect("table")
    }

    /// Who declines the cut or the bank is the engine's to say (R-C-5, R-CF-10); with
    /// nobody offered either, the chip says so, and no operation is made up for a seat.
    #[test]
    fn a_decline_goes_to_the_one_offered_or_is_refused_r_c_5_r_cf_10() {
        let lang = Lang::En;
        let mut table = Table::new(TableSettings::new(Game::ChemindeFer), m("500"), Shoe::decks(6)).expect("table");
        let grammar = Grammar::of(table.settings());
        let chips = resolve(&parse("pasa ", &grammar, false).entries, &table, lang);
        assert!(chips[0].ops.is_empty(), "{chips:?}");
        assert!(matches!(&chips[0].state, ChipState::Refused(w) if w.contains("offered to nobody")), "{chips:?}");
        table.play(&Op::LeaveBank).expect("leaves");
        let offered = table.bank_offered().expect("offered");
        let chips = resolve(&parse("pasa ", &grammar, false).entries, &table, lang);
        assert_eq!(chips[0].ops, vec![Op::DeclineBank { player: offered }]);
        assert_eq!(chips[0].state, ChipState::Ok);
        // The cut, on a sabot already cut: the engine's refusal, not a seat 0.
        let chips = resolve(&parse("nocorta ", &grammar, false).entries, &table, lang);
        assert!(chips[0].ops.is_empty(), "{chips:?}");
        assert!(matches!(&chips[0].state, ChipState::Refused(w) if w.contains("R-C-5")), "{chips:?}");
    }

    /// R-BQ-4: at a free bank `3 40` is an offer to the banker (the engine says so), and
    /// `acepta 3` places it; the chips say both.
    #[test]
    fn a_free_banks_bet_is_offered_then_accepted_r_bq_4() {
        let mut s = TableSettings::new(Game::Banque);
        s.bank_limit = crate::engine::BankLimit::Free;
        let mut table = Table::new(s, m("500"), Shoe::decks(6)).expect("table");
        let grammar = Grammar::of(table.settings());
        let chips = resolve(&parse("3 40 ", &grammar, false).entries, &table, Lang::Es);
        let p3 = PlayerRef::seated(3);
        assert_eq!(chips[0].ops, vec![Op::OfferBet { player: p3, spot: Spot::Tableau(1), amount: m("40") }]);
        assert!(chips[0].label.contains("ofrecida al banquero"), "{}", chips[0].label);
        play_line(&mut table, "3 40 acepta 3");
        assert_eq!(table.coup().bets.len(), 1);
    }

    /// A take-back the rules refuse (nothing of the coup left to take back, R-BQ-E7)
    /// names how many entries it asked for, and nothing after: never «Anular 1: : …».
    #[test]
    fn a_refused_take_back_says_what_it_asked_without_an_empty_colon_r_bq_e7() {
        let table = bq_table();
        let grammar = Grammar::of(table.settings());
        let chips = resolve(&parse("anula ", &grammar, false).entries, &table, Lang::Es);
        assert!(matches!(&chips[0].state, ChipState::Refused(_)), "{chips:?}");
        assert_eq!(chips[0].label, "Anular 1");
    }

    /// Reads `line` against `table` and plays every chip (all must be taken).
    fn play_line(table: &mut Table, line: &str) {
        let p = parse(line, &Grammar::of(table.settings()), true);
        for chip in resolve(&p.entries, table, Lang::Es) {
            assert_eq!(chip.state, ChipState::Ok, "{line}: {}", chip.label);
            for op in &chip.ops {
                table.play(op).expect("taken");
            }
        }
    }

    #[test]
    fn banca_seguida_says_whose_banco_it_takes_the_place_of_r_cf_6() {
        let mut table = Table::new(TableSettings::new(Game::ChemindeFer), m("1000"), Shoe::decks(6)).expect("table");
        // Section 5 calls banco and loses: the right of banca seguida is his (R-CF-6).
        play_line(&mut table, "5 b . 2h 9c 3d 8s -");
        assert!(table.settlement().is_some());
        assert_eq!(table.shift().suivi, Some(crate::engine::PlayerRef::seated(5)));
        play_line(&mut table, "= 3 b");
        let p = parse("5 b ", &Grammar::of(table.settings()), false);
        let chips = resolve(&p.entries, &table, Lang::Es);
        assert_eq!(chips[0].state, ChipState::Ok);
        assert!(chips[0].label.contains("retira la apuesta de Secc. 3 (R-CF-6)"), "{}", chips[0].label);
        // A banco with nothing to take the place of says nothing more.
        let p = parse("5 b ", &Grammar::of(table.settings()), false);
        let mut fresh = table.clone();
        play_line(&mut fresh, "quita 3");
        let chips = resolve(&p.entries, &fresh, Lang::Es);
        assert!(!chips[0].label.contains("retira"), "{}", chips[0].label);
    }

    #[test]
    fn the_engine_says_whose_card_and_whose_call_r_bq_10_r_bq_11() {
        let mut table = bq_table();
        let lang = Lang::En;
        let p = parse("3 c 40 . 2h 9c kd qs jd 4c ", &Grammar::of(table.settings()), false);
        let chips = resolve(&p.entries, &table, lang);
        assert!(chips.iter().all(|c| c.state == ChipState::Ok), "{chips:?}");
        // R-BQ-10: paño 1, paño 2, bank, twice.
        assert!(chips[2].label.contains("Tableau 1"), "{}", chips[2].label);
        assert!(chips[3].label.contains("Tableau 2"), "{}", chips[3].label);
        assert!(chips[4].label.contains("bank"), "{}", chips[4].label);
        for c in &chips {
            for op in &c.ops {
                table.play(op).expect("taken");
            }
        }
        // Paño 1 has 2: the engine owes it a card (R-BQ-11); a bare call goes to it.
        let p = parse("+", &Grammar::of(table.settings()), true);
        let chips = resolve(&p.entries, &table, lang);
        assert_eq!(chips[0].ops, vec![Op::Say { hand: HandId::Tableau(1), call: Call::Draw }]);
    }

    #[test]
    fn a_show_owed_takes_two_bare_cards_r_bq_15() {
        let mut table = bq_table();
        for op in [
            Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: m("100") },
            Op::NoMoreBets,
            Op::Say { hand: HandId::Tableau(1), call: Call::Stand },
            Op::Say { hand: HandId::Tableau(2), call: Call::Stand },
            Op::Say { hand: HandId::Bank, call: Call::Stand },
        ] {
            table.play(&op).expect("taken");
        }
        assert_eq!(table.owed().owed, Owed::Show { hand: HandId::Tableau(1) });
        let gr = Grammar::of(table.settings());
        let chips = resolve(&parse("7h ", &gr, false).entries, &table, Lang::Es);
        assert_eq!(chips[0].state, ChipState::Waiting);
        let chips = resolve(&parse("7h kc 6d 9s", &gr, true).entries, &table, Lang::Es);
        assert_eq!(chips.len(), 2);
        assert_eq!(chips[0].ops, vec![Op::Show { hand: HandId::Tableau(1), cards: vec![c("7h"), c("Kc")] }]);
        assert_eq!(chips[1].ops, vec![Op::Show { hand: HandId::Tableau(2), cards: vec![c("6d"), c("9s")] }]);
    }

    /// «cambia» and «quita» do what the engine says: section 3's two bets on paño 1
    /// become one of 60 (before, one of them stayed beside the new one: 40 + 60); a
    /// «quita» of a section with nothing on the cloth makes no operation for a spot
    /// it was supposed to have (R-C-7).
    #[test]
    fn a_change_and_a_withdrawal_are_the_engine_s_r_c_7() {
        let mut table = bq_table();
        play_line(&mut table, "3 40 3 20");
        play_line(&mut table, "cambia 3 60");
        let his: Vec<_> = table.coup().bets.iter().map(|b| (b.player.seat, b.spot, b.amount)).collect();
        assert_eq!(his, vec![(3, Spot::Tableau(1), m("60"))]);
        let gr = Grammar::of(table.settings());
        let chips = resolve(&parse("quita 4", &gr, true).entries, &table, Lang::En);
        assert!(chips[0].ops.is_empty(), "{chips:?}");
        assert!(matches!(&chips[0].state, ChipState::Refused(w) if w.starts_with("R-C-7")), "{chips:?}");
        assert!(chips[0].label.contains("takes back his bets"), "{}", chips[0].label);
    }
}
