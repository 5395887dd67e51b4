//! What the engine makes of each typed entry: the operations it stands for, whether
//! the rules take it, what its chip says and its colour on the entry line.

use super::grammar::Entry;
use crate::app::text::{self, money, t, ta};
use crate::app::widgets::{GOLD, INK, LOSE, SIZE_BODY, WIN};
use crate::engine::{Card, Event, Game, HandId, Op, Owed, PlayerRef, Refusal, ShiftStep, Spot, Table};
use crate::i18n::{self, Lang};
use egui::{Color32, CornerRadius, Stroke, Ui};
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
/// A refusal: nobody to decline the cut or the bank.
fn ops_of(entry: &Entry, preview: &Table) -> Result<Vec<Op>, Refusal> {
    let game = preview.settings().game;
    Ok(match entry {
        Entry::Op(op) => vec![op.clone()],
        Entry::Card(c) => vec![Op::Card(*c)],
        Entry::Call(call) => match preview.owed().owed {
            Owed::Decide { hand, .. } | Owed::Card { hand, .. } | Owed::Show { hand } => {
                vec![Op::Say { hand, call: *call }]
            }
            Owed::Bets | Owed::Pay | Owed::Confirm { .. } | Owed::Shift(_) => vec![],
        },
        Entry::NextCoup(bank) => {
            // A coup open and untouched (bets open, or its bank still to announce): only
            // the announcement is left; opening it again would write a record that
            // changes nothing. At a bank of 0 the engine refuses the announcement (a
            // broken bank, R-BQ-3), so `=` writes nothing at all.
            let open = matches!(
                preview.owed().owed,
                Owed::Bets | Owed::Shift(ShiftStep::Announce { .. } | ShiftStep::BankBroken)
            );
            let mut ops = if open { vec![] } else { vec![Op::NextCoup] };
            if game.has_bank() {
                ops.push(Op::AnnounceBank { amount: bank.unwrap_or(preview.bank()) });
            }
            ops
        }
        Entry::Withdraw { player, spot: Some(spot) } => vec![Op::WithdrawBet { player: *player, spot: *spot }],
        Entry::Withdraw { player, spot: None } => {
            let bets = preview.coup().bets.iter().rev().filter(|b| b.player == *player);
            let ops: Vec<Op> = bets.map(|b| Op::WithdrawBet { player: *player, spot: b.spot }).collect();
            if ops.is_empty() {
                // Nothing of his on the cloth: the engine says so.
                vec![Op::WithdrawBet { player: *player, spot: default_spot(preview, *player) }]
            } else {
                ops
            }
        }
        Entry::Change { player, spot, amount } => {
            // The bet on that spot; or, when it is his only bet, the bet moved there
            // (after a Punto y Banca tie, from banca to punto).
            let his: Vec<Spot> = preview.coup().bets.iter().filter(|b| b.player == *player).map(|b| b.spot).collect();
            let from = match his.as_slice() {
                [only] if !his.contains(spot) => *only,
                _ => *spot,
            };
            vec![
                Op::WithdrawBet { player: *player, spot: from },
                Op::Bet { player: *player, spot: *spot, amount: *amount },
            ]
        }
        Entry::Cut(below) => {
            let by = if game == Game::ChemindeFer { preview.cut_offered_to().map(PlayerRef::seated) } else { None };
            vec![Op::Cut { by, below: *below }]
        }
        // The engine names who is offered the cut or the bank (R-C-5, R-CF-10), or
        // refuses the decline.
        Entry::DeclineCut => return preview.cut_offered().map(|by| vec![Op::DeclineCut { by }]),
        Entry::TakeBank { player, amount } => vec![Op::TakeBank { player: *player, amount: *amount }],
        Entry::Pass => match game {
            Game::ChemindeFer => return preview.bank_offered().map(|player| vec![Op::DeclineBank { player }]),
            _ => vec![Op::PassSabot],
        },
    })
}

/// Where a player's bet lies when none is named: his own paño (Banque), the
/// player's side (Chemin de fer), punto (Punto y Banca).
fn default_spot(table: &Table, player: PlayerRef) -> Spot {
    match table.settings().game {
        Game::Banque => Spot::Tableau(table.settings().tableau_of_section(player.seat).unwrap_or(1)),
        Game::ChemindeFer => Spot::Player,
        Game::PuntoBanca => Spot::Punto,
    }
}

/// Asks the engine what each entry does and whether it is taken: each operation
/// decided once, on the table as the entries before it leave it. The table is copied
/// only when an entry follows one that was taken (a line of one entry, the usual
/// keystroke, copies nothing), and an entry of several operations (`cambia`, `=`
/// with its announcement) is tried on a copy of its own, to be taken whole or not at all.
pub fn resolve(entries: &[(Entry, Range<usize>)], table: &Table, lang: Lang) -> Vec<Chip> {
    let mut preview = std::borrow::Cow::Borrowed(table);
    let mut chips: Vec<Chip> = Vec::with_capacity(entries.len());
    let mut held: Option<(Card, HandId)> = None;
    // Events a card was decided with while finding out whose it is.
    let mut card_events: Option<Vec<Event>> = None;
    for (i, (entry, range)) in entries.iter().enumerate() {
        let last = i + 1 == entries.len();
        let mut range = range.clone();
        let ops = match entry {
            Entry::Card(c) => {
                if let Some((first, hand)) = held.take() {
                    // The second card of a show owed: the chip of the first becomes the show.
                    if let Some(prev) = chips.pop() {
                        range = prev.range.start..range.end;
                    }
                    vec![Op::Show { hand, cards: vec![first, *c] }]
                } else {
                    let mut events = Vec::new();
                    if preview.decide(&Op::Card(*c), &mut events).is_ok() {
                        card_events = Some(events);
                    } else if let Owed::Show { hand } = preview.owed().owed {
                        held = Some((*c, hand));
                        let label =
                            ta(lang, "chip-show-first", &[("hand", text::hand(lang, hand)), ("card", c.pretty())]);
                        chips.push(Chip { range, ops: vec![], events: vec![], label, state: ChipState::Waiting });
                        continue;
                    }
                    vec![Op::Card(*c)]
                }
            }
            other => match ops_of(other, &preview) {
                Ok(ops) => ops,
                Err(r) => {
                    let label = match entry {
                        Entry::DeclineCut => t(lang, "chip-no-cut"),
                        _ => t(lang, "chip-pass"),
                    };
                    chips.push(Chip {
                        range,
                        ops: vec![],
                        events: vec![],
                        label,
                        state: ChipState::Refused(i18n::refusal_text(lang, &r)),
                    });
                    continue;
                }
            },
        };
        if ops.is_empty() {
            // A call when nobody is to call.
            let label = match entry {
                Entry::Call(call) => i18n::call_name(lang, *call),
                Entry::NextCoup(_) => t(lang, "chip-next-coup"),
                _ => String::new(),
            };
            let why = if matches!(entry, Entry::NextCoup(_)) { "entry-coup-open" } else { "entry-nobody-to-call" };
            let state = ChipState::Refused(t(lang, why));
            chips.push(Chip { range, ops, events: vec![], label, state });
            continue;
        }
        let mut per_op: Vec<Vec<Event>> = Vec::with_capacity(ops.len());
        let (labels, refused) = match ops.as_slice() {
            [op] => {
                // One operation: decided on the table as it stands (a refusal leaves
                // it as it was); applied only if another entry follows.
                let mut events = Vec::new();
                let decided = match card_events.take() {
                    Some(e) => {
                        events = e;
                        Ok(())
                    }
                    None => preview.decide(op, &mut events),
                };
                match decided {
                    Ok(()) => {
                        let mut labels = vec![describe(lang, op, &events)];
                        labels.extend(displaced(lang, op, &events, &preview));
                        if !last {
                            preview.to_mut().apply(&events);
                        }
                        per_op.push(events);
                        (labels, None)
                    }
                    Err(r) => (vec![describe(lang, op, &[])], Some(i18n::refusal_text(lang, &r))),
                }
            }
            _ => {
                // Every operation of the entry, or none.
                let mut trial = preview.as_ref().clone();
                let mut labels = Vec::new();
                let mut refused = None;
                for op in &ops {
                    match trial.play(op) {
                        Ok(events) => {
                            labels.push(describe(lang, op, &events));
                            labels.extend(displaced(lang, op, &events, &preview));
                            per_op.push(events);
                        }
                        Err(r) => {
                            labels.push(describe(lang, op, &[]));
                            refused = Some(i18n::refusal_text(lang, &r));
                            break;
                        }
                    }
                }
                if refused.is_none() {
                    preview = std::borrow::Cow::Owned(trial);
                }
                (labels, refused)
            }
        };
        let state = match refused {
            Some(why) => {
                per_op.clear();
                ChipState::Refused(why)
            }
            None => ChipState::Ok,
        };
        chips.push(Chip { range, ops, events: per_op, label: labels.join(" · "), state });
    }
    chips
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

/// A chip's words: what the entry does.
pub fn describe(lang: Lang, op: &Op, events: &[Event]) -> String {
    match op {
        Op::Bet { player, spot, amount } => ta(
            lang,
            "chip-bet",
            &[
                ("player", text::player(lang, *player)),
                ("spot", text::spot(lang, *spot)),
                ("amount", money(lang, *amount)),
            ],
        ),
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
            let undone = match events.first() {
                Some(Event::TakenBack { undone, .. }) => undone_words(lang, undone),
                _ => String::new(),
            };
            ta(lang, "chip-take-back", &[("n", entries.to_string()), ("what", undone)])
        }
        Op::Confirm => t(lang, "chip-confirm"),
        Op::Join { player } => ta(lang, "chip-join", &[("player", text::player(lang, *player))]),
        Op::Leave { player } => ta(lang, "chip-leave", &[("player", text::player(lang, *player))]),
        op => error_words(lang, op).unwrap_or_else(|| t(lang, "chip-other")),
    }
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

const CHIP_PAD: egui::Vec2 = egui::vec2(8.0, 3.0);
const CHIP_CROSS: f32 = 22.0;

/// A chip's words laid out: on one line, or wrapped when wider than the line.
fn chip_galley(ui: &Ui, chip: &Chip) -> std::sync::Arc<egui::Galley> {
    let room = (ui.max_rect().width() - 2.0 * CHIP_PAD.x - CHIP_CROSS - 4.0).max(60.0);
    ui.painter().layout(chip.label.clone(), egui::FontId::proportional(SIZE_BODY), INK, room)
}

/// The room a chip takes on the line.
pub fn chip_size(ui: &Ui, chip: &Chip) -> egui::Vec2 {
    let g = chip_galley(ui, chip);
    egui::vec2(g.size().x + 2.0 * CHIP_PAD.x + CHIP_CROSS, g.size().y + 2.0 * CHIP_PAD.y)
}

/// A pending entry on the entry line: green when the rules take it, red when they
/// refuse it (the reason under its words at once), amber while it waits for its
/// second card; gold-edged when picked with the arrows. Its × takes it off the
/// line: the return is true when it was clicked.
///
/// The chip is laid out before it is placed, so that the line wraps it whole to
/// the next row (never one letter a line); a chip wider than the line wraps its words.
pub fn chip_ui(ui: &mut Ui, lang: Lang, chip: &Chip, i: usize, picked: bool) -> bool {
    let (fill, stroke) = match chip.state {
        ChipState::Ok => (Color32::from_rgb(0x1D, 0x4D, 0x2E), WIN),
        ChipState::Refused(_) => (Color32::from_rgb(0x5A, 0x16, 0x16), LOSE),
        ChipState::Waiting => (Color32::from_rgb(0x5A, 0x45, 0x10), GOLD),
    };
    let (pad, cross_w) = (CHIP_PAD, CHIP_CROSS);
    let galley = chip_galley(ui, chip);
    let size = egui::vec2(galley.size().x + 2.0 * pad.x + cross_w, galley.size().y + 2.0 * pad.y);
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::hover());
    let label = chip.label.clone();
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    if let ChipState::Refused(why) = &chip.state {
        resp.on_hover_text(why);
    }
    let cross = egui::Rect::from_min_max(egui::pos2(rect.right() - cross_w, rect.top()), rect.max);
    let x = ui.interact(cross, ui.scope_id().with(("chipremove", i)), egui::Sense::click());
    let name = ta(lang, "chip-remove", &[("chip", chip.label.clone())]);
    x.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    if ui.is_rect_visible(rect) {
        let p = ui.painter();
        let border = if picked { Stroke::new(3.0, GOLD) } else { Stroke::new(1.5, stroke) };
        p.rect(rect, CornerRadius::same(6), fill, border, egui::StrokeKind::Inside);
        p.galley(rect.min + pad, galley, INK);
        let colour = if x.hovered() { INK } else { INK.gamma_multiply(0.6) };
        p.text(cross.center(), egui::Align2::CENTER_CENTER, "×", egui::FontId::proportional(SIZE_BODY), colour);
    }
    x.clicked()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::entry::{Grammar, parse};
    use crate::engine::{Call, Money, Shoe, Spot, TableSettings};

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
}
