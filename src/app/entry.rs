//! The entry line: what the croupier types, read into engine operations.
//!
//! Two parts. [`parse`] is a small pure reader from typed text to [`Entry`]s: it
//! knows the words of the grammar, nothing of the rules. [`resolve`] then asks the
//! engine, on a copy of the table, what each entry does (which hand a card goes to,
//! whose call it is) and whether the rules take it.
//!
//! The grammar (case does not matter; entries are separated by spaces, and several
//! may go on one line):
//!
//! | typed | entry |
//! |---|---|
//! | `3 40` | section 3 bets 40 on its own paño (Banque), on the player's side (Chemin de fer) |
//! | `3p 40` | the player standing behind section 3 (`p`: de pie) |
//! | `3 p2 40` | section 3 on paño 2 |
//! | `3 c 40` | a caballo (on the line between the paños, R-BQ-7) |
//! | `7 h 50`, `7 h2 50` | on the half line of its own paño, of paño 2 (`m` also works: media) |
//! | `3 b`, `3 b2` | banco on its own paño, on paño 2 (Chemin de fer: `3 b`; `3 bm` banco con la mesa) |
//! | `3 p 40`, `3 b 40` | Punto y Banca: punto, banca |
//! | `.` (or `,`, the keypad's decimal key, or Space on an empty line) | no va más |
//! | `9h`, `Td`, `10s` | a card out of the sabot; the engine gives it to its hand |
//! | `+`, `-`, `*` | "carta", "no", natural, said by the hand whose turn it is |
//! | `1+`, `2-`, `b+`, `b-`, `j+` | the same, naming the hand (paño 1, 2, bank, CF player `j`, punto `p`) |
//! | `1 2h Qs`, `b Kd 4c` | a hand turns over its two first cards |
//! | `/` | the banker asks for the table (cuadro) |
//! | `=`, `=1200` | next coup, the bank announced (the same bank, or 1200) |
//! | `sabot`, `baraja`, `3 baraja` | a new shoe shown complete; the croupier (or section 3, Chemin de fer) shuffles |
//! | `corte 14`, `nocorta` | the cut card with 14 cards under it; the player offered the cut declines it |
//! | `quema 7h` | Punto y Banca: the first card turned, the burn |
//! | `3 banca 1000` | section 3 takes the bank with 1000 (Punto y Banca: a banca bet) |
//! | `deja`, `pasa` | the banker leaves the bank; the bank (Chemin de fer) or the sabot (Punto y Banca) is passed on |
//! | `bloqueo`, `revisa`, `aparte 200` | the cut card came out; the cards checked; winnings set aside (Chemin de fer) |
//!
//! | `e1 2` … `e18 1`, `ok` | an error recorded (the errors menu, F4, lists them with their clause); the ruling confirmed |
//!
//! English words work too: `shoe`, `shuffle`, `cut`, `nocut`, `burn`, `bank`, `leave`,
//! `pass`, `cutcard`, `check`, `aside`.
//!
//! An entry becomes a chip once complete (a space after it). Enter confirms every
//! chip at once; Backspace right after a chip, or Escape, takes the last one back.

use super::text::{self, money, t, ta};
use crate::engine::{Call, Card, Clause, Event, Game, HandId, Money, Op, Owed, PlayerRef, Spot, Table, TableSettings};
use crate::i18n::{self, Lang};
use std::ops::Range;

/// One typed entry, before the engine has looked at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// An operation fully given by the text.
    Op(Op),
    /// A card out of the sabot: the engine says whose it is (or it begins a show owed).
    Card(Card),
    /// A call by the hand whose turn it is.
    Call(Call),
    /// The next coup, with the bank announced (`None`: the bank as it stands).
    NextCoup(Option<Money>),
    /// The cut card placed with this many cards under it (who cuts: the engine says).
    Cut(u32),
    /// The player offered the cut declines it (Chemin de fer).
    DeclineCut,
    /// A player takes the bank.
    TakeBank { player: PlayerRef, amount: Money },
    /// "Pasa": the bank offered is declined (Chemin de fer), the sabot passed on
    /// (Punto y Banca).
    Pass,
}

/// Why a text is not an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A word the grammar does not have.
    Unknown(String),
    /// A bet needs its amount.
    NeedAmount,
    /// After a seat: a spot or an amount.
    NeedSpotOrAmount(String),
    /// Punto y Banca: `p` or `b` before the amount.
    NeedPuntoOrBanca,
    /// Not an amount.
    BadAmount(String),
    /// A hand turns over two cards.
    NeedTwoCards,
    /// `corte` needs the number of cards under the cut card.
    NeedCount(String),
    /// `quema` needs the card turned.
    NeedCard,
    /// An error word's arguments: the word and how it is typed.
    ErrorArgs(String, String),
}

/// An error, with the part of the text it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    pub range: Range<usize>,
    pub kind: ErrorKind,
}

impl EntryError {
    /// The error as the croupier reads it.
    pub fn message(&self, lang: Lang) -> String {
        match &self.kind {
            ErrorKind::Unknown(w) => ta(lang, "entry-err-unknown", &[("word", w.clone())]),
            ErrorKind::NeedAmount => t(lang, "entry-err-need-amount"),
            ErrorKind::NeedSpotOrAmount(w) => ta(lang, "entry-err-need-spot", &[("word", w.clone())]),
            ErrorKind::NeedPuntoOrBanca => t(lang, "entry-err-punto-or-banca"),
            ErrorKind::BadAmount(w) => ta(lang, "entry-err-amount", &[("word", w.clone())]),
            ErrorKind::NeedTwoCards => t(lang, "entry-err-two-cards"),
            ErrorKind::NeedCount(w) => ta(lang, "entry-err-count", &[("word", w.clone())]),
            ErrorKind::NeedCard => t(lang, "entry-err-card"),
            ErrorKind::ErrorArgs(w, usage) => {
                ta(lang, "entry-err-error-args", &[("word", w.clone()), ("usage", usage.clone())])
            }
        }
    }
}

/// What follows the complete entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tail {
    Empty,
    /// An entry still being typed (its text range).
    Incomplete(Range<usize>),
    Error(EntryError),
}

/// A line read into entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub entries: Vec<(Entry, Range<usize>)>,
    pub tail: Tail,
}

/// What the parser needs to know of the table: the game and its sections.
#[derive(Clone, Copy, Debug)]
pub struct Grammar {
    pub game: Game,
    pub sections_per_tableau: u8,
}

impl Grammar {
    pub fn of(settings: &TableSettings) -> Grammar {
        Grammar { game: settings.game, sections_per_tableau: settings.sections_per_tableau() }
    }

    /// The paño a Banque section sits at (R-BQ-1): the first half of the sections on
    /// paño 1. A section the table does not have is left to the engine to refuse.
    fn own_tableau(&self, seat: u8) -> u8 {
        if seat > self.sections_per_tableau { 2 } else { 1 }
    }

    /// A hand named in a call or a show.
    fn hand(&self, w: &str) -> Option<HandId> {
        match (self.game, w) {
            (Game::Banque, "1") => Some(HandId::Tableau(1)),
            (Game::Banque, "2") => Some(HandId::Tableau(2)),
            (Game::Banque | Game::ChemindeFer, "b") => Some(HandId::Bank),
            (Game::ChemindeFer, "j") => Some(HandId::Player),
            (Game::PuntoBanca, "p") => Some(HandId::Punto),
            (Game::PuntoBanca, "b") => Some(HandId::Banca),
            _ => None,
        }
    }
}

fn call_of(c: char) -> Option<Call> {
    match c {
        '+' => Some(Call::Draw),
        '-' => Some(Call::Stand),
        '*' => Some(Call::Natural),
        _ => None,
    }
}

fn amount(w: &str) -> Option<Money> {
    if w.is_empty() || !w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',') {
        return None;
    }
    w.replace(',', ".").parse().ok()
}

fn looks_like_amount(w: &str) -> bool {
    w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')
}

/// A seat word: `3` seated, `3p` standing behind section 3.
fn seat(w: &str) -> Option<PlayerRef> {
    let (digits, standing) = match w.strip_suffix('p') {
        Some(d) => (d, true),
        None => (w, false),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: u8 = digits.parse().ok()?;
    Some(PlayerRef { seat: n, standing })
}

fn card(w: &str) -> Option<Card> {
    // A card is rank then suit letter; `1` as a rank would read `1c` as a card, so
    // only the letters and digits of the grammar count.
    let last = w.chars().last()?;
    if !matches!(last, 'c' | 'd' | 'h' | 's') {
        return None;
    }
    w.parse().ok()
}

/// A bet spot word after a seat.
enum SpotWord {
    /// Needs an amount after it.
    Spot(Spot),
    Banco(Option<HandId>),
    BancoWithTable,
}

fn spot_word(g: &Grammar, player: PlayerRef, w: &str) -> Option<SpotWord> {
    let own = g.own_tableau(player.seat);
    Some(match (g.game, w) {
        (Game::Banque, "p1") => SpotWord::Spot(Spot::Tableau(1)),
        (Game::Banque, "p2") => SpotWord::Spot(Spot::Tableau(2)),
        (Game::Banque, "c") => SpotWord::Spot(Spot::Cheval),
        (Game::Banque, "h" | "m") => SpotWord::Spot(Spot::Half(own)),
        (Game::Banque, "h1" | "m1") => SpotWord::Spot(Spot::Half(1)),
        (Game::Banque, "h2" | "m2") => SpotWord::Spot(Spot::Half(2)),
        (Game::Banque, "b") => SpotWord::Banco(Some(HandId::Tableau(own))),
        (Game::Banque, "b1") => SpotWord::Banco(Some(HandId::Tableau(1))),
        (Game::Banque, "b2") => SpotWord::Banco(Some(HandId::Tableau(2))),
        (Game::ChemindeFer, "j") => SpotWord::Spot(Spot::Player),
        (Game::ChemindeFer, "b") => SpotWord::Banco(None),
        (Game::ChemindeFer, "bm") => SpotWord::BancoWithTable,
        (Game::PuntoBanca, "p" | "punto") => SpotWord::Spot(Spot::Punto),
        (Game::PuntoBanca, "b" | "banca") => SpotWord::Spot(Spot::Banca),
        _ => return None,
    })
}

/// An error the croupier can record from the entry line (R-BQ-E1…E18, R-CF-7), as
/// the errors menu lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorWord {
    /// What is typed first: `e10`.
    pub word: &'static str,
    /// The rest, for the menu and the messages: `H C C` (a hand, two cards).
    pub args: &'static str,
    pub clause: Clause,
    /// The menu's label (`locales/<lang>/app.ftl`).
    pub label: &'static str,
}

/// The error words, in the order of the seed's sections (§14–16), then Chemin de fer's.
/// Argument letters: `H` a hand, `C` a card, `N` a number, `S` a seat, `A` an amount.
pub const ERROR_WORDS: &[ErrorWord] = &[
    ErrorWord { word: "e1", args: "N", clause: Clause::BQE1, label: "err-menu-e1" },
    ErrorWord { word: "e2", args: "C", clause: Clause::BQE2, label: "err-menu-e2" },
    ErrorWord { word: "e3", args: "", clause: Clause::BQE3, label: "err-menu-e3" },
    ErrorWord { word: "e4", args: "", clause: Clause::BQE4, label: "err-menu-e4" },
    ErrorWord { word: "e5", args: "H S", clause: Clause::BQE5, label: "err-menu-e5" },
    ErrorWord { word: "e6", args: "H", clause: Clause::BQE6, label: "err-menu-e6" },
    ErrorWord { word: "e6c", args: "H N", clause: Clause::BQE6, label: "err-menu-e6c" },
    ErrorWord { word: "e7", args: "", clause: Clause::BQE7, label: "err-menu-e7" },
    ErrorWord { word: "e8", args: "", clause: Clause::BQE8, label: "err-menu-e8" },
    ErrorWord { word: "e8n", args: "", clause: Clause::BQE8, label: "err-menu-e8n" },
    ErrorWord { word: "e9", args: "H C", clause: Clause::BQE9, label: "err-menu-e9" },
    ErrorWord { word: "e10", args: "H C C", clause: Clause::BQE10, label: "err-menu-e10" },
    ErrorWord { word: "e11", args: "H", clause: Clause::BQE11, label: "err-menu-e11" },
    ErrorWord { word: "e11c", args: "H C", clause: Clause::BQE11, label: "err-menu-e11c" },
    ErrorWord { word: "e12", args: "N", clause: Clause::BQE12, label: "err-menu-e12" },
    ErrorWord { word: "e14", args: "H", clause: Clause::BQE14, label: "err-menu-e14" },
    ErrorWord { word: "e15", args: "H", clause: Clause::BQE15, label: "err-menu-e15" },
    ErrorWord { word: "e17", args: "H", clause: Clause::BQE17, label: "err-menu-e17" },
    ErrorWord { word: "e18", args: "H", clause: Clause::BQE18, label: "err-menu-e18" },
    ErrorWord { word: "tarde", args: "S A", clause: Clause::CF7, label: "err-menu-late" },
    ErrorWord { word: "retira", args: "S", clause: Clause::CF7, label: "err-menu-withdraw" },
];

impl ErrorWord {
    /// The words of this game's error procedures.
    pub fn of_game(game: Game) -> impl Iterator<Item = &'static ErrorWord> {
        ERROR_WORDS.iter().filter(move |e| crate::engine::error_applies(game, e.clause))
    }

    /// How it is typed at this table: `e10 1 9h Kd`.
    pub fn usage(&self, game: Game) -> String {
        let hand = match game {
            Game::Banque => "1",
            Game::ChemindeFer => "j",
            Game::PuntoBanca => "p",
        };
        let mut out = self.word.to_string();
        let mut cards = ["9h", "Kd"].into_iter();
        for a in self.args.split_whitespace() {
            out.push(' ');
            out.push_str(match a {
                "H" => hand,
                "C" => cards.next().unwrap_or("9h"),
                "N" => "2",
                "S" => "3",
                _ => "100",
            });
        }
        out
    }
}

/// Reads an error word and its arguments (`e10 1 9h kd`); `None`: not an error word.
fn error_entry(g: &Grammar, words: &[String]) -> Option<Step> {
    let w = words.first()?.as_str();
    let ew = ERROR_WORDS
        .iter()
        .find(|e| e.word == w || (w == "late" && e.word == "tarde") || (w == "withdraw" && e.word == "retira"))?;
    let bad = |i: usize| Step::Err(i + 1, ErrorKind::ErrorArgs(w.to_string(), ew.usage(g.game)));
    let arg = |i: usize| words.get(i).map(String::as_str).ok_or(Step::More);
    let hand = |i: usize| arg(i).and_then(|x| g.hand(x).ok_or_else(|| bad(i)));
    let card_at = |i: usize| arg(i).and_then(|x| card(x).ok_or_else(|| bad(i)));
    let number = |i: usize| arg(i).and_then(|x| x.parse::<u8>().map_err(|_| bad(i)));
    let seat_at = |i: usize| arg(i).and_then(|x| seat(x).ok_or_else(|| bad(i)));
    let amount_at = |i: usize| arg(i).and_then(|x| amount(x).ok_or_else(|| bad(i)));
    let read = || -> Result<Op, Step> {
        Ok(match ew.word {
            "e1" => Op::EarlyCards { count: number(1)? },
            "e2" => Op::DeadCard { card: card_at(1)? },
            "e3" => Op::StuckCards,
            "e4" => Op::CardOnFloor { card: None },
            "e5" => Op::WrongPlayer { hand: hand(1)?, player: seat_at(2)? },
            "e6" => Op::Discarded { hand: hand(1)?, by_croupier: false, cards: vec![], total: None },
            "e6c" => Op::Discarded { hand: hand(1)?, by_croupier: true, cards: vec![], total: Some(number(2)?) },
            "e7" => Op::Claim,
            "e8" => Op::IrregularDeal { put_right: true },
            "e8n" => Op::IrregularDeal { put_right: false },
            "e9" => Op::CardTo { hand: hand(1)?, card: card_at(2)? },
            "e10" => Op::Exposed { hand: hand(1)?, cards: vec![card_at(2)?, card_at(3)?] },
            "e11" => Op::LostInDiscard { hand: hand(1)?, card: None },
            "e11c" => Op::LostInDiscard { hand: hand(1)?, card: Some(card_at(2)?) },
            "e12" => Op::Announce { total: number(1)? },
            "e18" => Op::TooLong { hand: hand(1)? },
            "tarde" => Op::LateBet { player: seat_at(1)?, amount: amount_at(2)? },
            "retira" => Op::WithdrawLate { player: seat_at(1)? },
            _ => Op::PlayerError { clause: ew.clause, hand: hand(1)? },
        })
    };
    Some(match read() {
        Ok(op) => Step::Done(Entry::Op(op), 1 + ew.args.split_whitespace().count()),
        Err(step) => step,
    })
}

/// The outcome of reading one entry from a position.
enum Step {
    /// An entry, and how many words it took.
    Done(Entry, usize),
    /// It needs words that are not typed yet.
    More,
    Err(usize, ErrorKind),
}

fn read_entry(g: &Grammar, words: &[String]) -> Step {
    let Some(w) = words.first() else { return Step::More };
    let w = w.as_str();
    match w {
        // A numeric keypad's decimal key gives "," on Spanish layouts.
        "." | "," => return Step::Done(Entry::Op(Op::NoMoreBets), 1),
        "/" => return Step::Done(Entry::Op(Op::AskTable), 1),
        _ => {}
    }
    if let Some(call) = w.chars().next().filter(|_| w.len() == 1).and_then(call_of) {
        return Step::Done(Entry::Call(call), 1);
    }
    if let Some(rest) = w.strip_prefix('=') {
        if rest.is_empty() {
            return Step::Done(Entry::NextCoup(None), 1);
        }
        return match amount(rest) {
            Some(m) => Step::Done(Entry::NextCoup(Some(m)), 1),
            None => Step::Err(1, ErrorKind::BadAmount(rest.to_string())),
        };
    }
    if matches!(w, "ok" | "conforme") {
        return Step::Done(Entry::Op(Op::Confirm), 1);
    }
    if let Some(step) = error_entry(g, words) {
        return step;
    }
    // The shift's words.
    match w {
        "sabot" | "shoe" => return Step::Done(Entry::Op(Op::NewShoe), 1),
        "baraja" | "shuffle" => return Step::Done(Entry::Op(Op::Shuffle { by: None }), 1),
        "nocorta" | "nocut" => return Step::Done(Entry::DeclineCut, 1),
        "deja" | "leave" => return Step::Done(Entry::Op(Op::LeaveBank), 1),
        "pasa" | "pass" => return Step::Done(Entry::Pass, 1),
        "bloqueo" | "cutcard" => return Step::Done(Entry::Op(Op::CutCardOut), 1),
        "revisa" | "check" => return Step::Done(Entry::Op(Op::CheckCards), 1),
        "corte" | "cut" => {
            return match words.get(1) {
                None => Step::More,
                Some(n) => match n.parse::<u32>() {
                    Ok(n) => Step::Done(Entry::Cut(n), 2),
                    Err(_) => Step::Err(2, ErrorKind::NeedCount(n.clone())),
                },
            };
        }
        "quema" | "burn" => {
            return match words.get(1) {
                None => Step::More,
                Some(c) => match card(c) {
                    Some(c) => Step::Done(Entry::Op(Op::Burn { card: c }), 2),
                    None => Step::Err(2, ErrorKind::NeedCard),
                },
            };
        }
        "aparte" | "aside" => {
            return match words.get(1) {
                None => Step::More,
                Some(a) => match amount(a) {
                    Some(m) => Step::Done(Entry::Op(Op::SetAside { amount: m }), 2),
                    None => Step::Err(2, ErrorKind::BadAmount(a.clone())),
                },
            };
        }
        _ => {}
    }
    // A named hand's call: `1+`, `b-`.
    if let Some(last) = w.chars().last().filter(|_| w.len() >= 2)
        && let (Some(call), Some(hand)) = (call_of(last), g.hand(&w[..w.len() - 1]))
    {
        return Step::Done(Entry::Op(Op::Say { hand, call }), 1);
    }
    if let Some(c) = card(w) {
        return Step::Done(Entry::Card(c), 1);
    }
    // A named hand turning over its cards: `1 2h qs`.
    if let Some(hand) = g.hand(w) {
        match words.get(1).map(|x| card(x)) {
            None => return Step::More,
            Some(Some(a)) => {
                return match words.get(2).map(|x| card(x)) {
                    None => Step::More,
                    Some(Some(b)) => Step::Done(Entry::Op(Op::Show { hand, cards: vec![a, b] }), 3),
                    Some(None) => Step::Err(3, ErrorKind::NeedTwoCards),
                };
            }
            // `1 40`: a seat's bet (Banque sections 1 and 2); `b` alone is no seat.
            Some(None) if seat(w).is_none() => return Step::Err(2, ErrorKind::NeedTwoCards),
            Some(None) => {}
        }
    }
    let Some(player) = seat(w) else {
        return Step::Err(1, ErrorKind::Unknown(w.to_string()));
    };
    let Some(next) = words.get(1) else { return Step::More };
    let next = next.as_str();
    if let Some(m) = amount(next) {
        let spot = match g.game {
            Game::Banque => Spot::Tableau(g.own_tableau(player.seat)),
            Game::ChemindeFer => Spot::Player,
            Game::PuntoBanca => return Step::Err(2, ErrorKind::NeedPuntoOrBanca),
        };
        return Step::Done(Entry::Op(Op::Bet { player, spot, amount: m }), 2);
    }
    match (g.game, next) {
        (_, "baraja" | "shuffle") => return Step::Done(Entry::Op(Op::Shuffle { by: Some(player) }), 2),
        (Game::Banque | Game::ChemindeFer, "banca" | "bank") => {
            return match words.get(2) {
                None => Step::More,
                Some(a) => match amount(a) {
                    Some(m) => Step::Done(Entry::TakeBank { player, amount: m }, 3),
                    None if looks_like_amount(a) => Step::Err(3, ErrorKind::BadAmount(a.clone())),
                    None => Step::Err(3, ErrorKind::NeedAmount),
                },
            };
        }
        _ => {}
    }
    match spot_word(g, player, next) {
        None => Step::Err(2, ErrorKind::NeedSpotOrAmount(next.to_string())),
        Some(SpotWord::Banco(on)) => Step::Done(Entry::Op(Op::Banco { player, on }), 2),
        Some(SpotWord::BancoWithTable) => Step::Done(Entry::Op(Op::BancoWithTable { player }), 2),
        Some(SpotWord::Spot(spot)) => match words.get(2) {
            None => Step::More,
            Some(a) => match amount(a) {
                Some(m) => Step::Done(Entry::Op(Op::Bet { player, spot, amount: m }), 3),
                None if looks_like_amount(a) => Step::Err(3, ErrorKind::BadAmount(a.clone())),
                None => Step::Err(3, ErrorKind::NeedAmount),
            },
        },
    }
}

/// Reads a line. Words followed by a space are complete; the last word is still
/// being typed unless `finished` (Enter) or it is a one-key word (`.`, `/`, `+`,
/// `-`, `*`).
pub fn parse(text: &str, g: &Grammar, finished: bool) -> Parsed {
    let mut spans: Vec<Range<usize>> = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                spans.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let mut open = None;
    if let Some(s) = start {
        let word = &text[s..];
        if finished || matches!(word, "." | "," | "/" | "+" | "-" | "*" | "=") {
            spans.push(s..text.len());
        } else {
            open = Some(s);
        }
    }
    let words: Vec<String> = spans.iter().map(|r| text[r.clone()].to_lowercase()).collect();
    let mut entries = Vec::new();
    let mut i = 0;
    while i < words.len() {
        match read_entry(g, &words[i..]) {
            Step::Done(e, n) => {
                entries.push((e, spans[i].start..spans[i + n - 1].end));
                i += n;
            }
            Step::More => {
                let range = spans[i].start..text.len();
                let tail = if finished {
                    Tail::Error(EntryError { range, kind: incomplete_kind(g, &words[i..]) })
                } else {
                    Tail::Incomplete(range)
                };
                return Parsed { entries, tail };
            }
            Step::Err(n, kind) => {
                let last = (i + n).min(words.len()) - 1;
                return Parsed {
                    entries,
                    tail: Tail::Error(EntryError { range: spans[i].start..spans[last].end, kind }),
                };
            }
        }
    }
    let tail = match open {
        Some(s) => Tail::Incomplete(s..text.len()),
        None => Tail::Empty,
    };
    Parsed { entries, tail }
}

/// What an entry cut short still needs (after Enter).
fn incomplete_kind(g: &Grammar, words: &[String]) -> ErrorKind {
    let first = words.first().map(String::as_str).unwrap_or("");
    if let Some(ew) = ERROR_WORDS.iter().find(|e| e.word == first) {
        return ErrorKind::ErrorArgs(first.to_string(), ew.usage(g.game));
    }
    if g.hand(first).is_some() && (seat(first).is_none() || words.get(1).is_some_and(|w| card(w).is_some())) {
        return ErrorKind::NeedTwoCards;
    }
    match words.len() {
        1 if g.game == Game::PuntoBanca => ErrorKind::NeedPuntoOrBanca,
        _ => ErrorKind::NeedAmount,
    }
}

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
    pub label: String,
    pub state: ChipState,
}

/// The operations an entry stands for, asking the engine what it needs (whose turn
/// it is, who is offered the cut or the bank). Empty: a call when nobody is to call.
fn ops_of(entry: &Entry, preview: &Table) -> Vec<Op> {
    let shift = preview.shift();
    let game = preview.settings().game;
    match entry {
        Entry::Op(op) => vec![op.clone()],
        Entry::Card(c) => vec![Op::Card(*c)],
        Entry::Call(call) => match preview.owed().owed {
            Owed::Decide { hand, .. } | Owed::Card { hand, .. } | Owed::Show { hand } => {
                vec![Op::Say { hand, call: *call }]
            }
            Owed::Bets | Owed::Pay | Owed::Confirm { .. } | Owed::Shift(_) => vec![],
        },
        Entry::NextCoup(bank) => {
            let mut ops = vec![Op::NextCoup];
            let amount = bank.unwrap_or(preview.bank());
            if game.has_bank() && (bank.is_some() || amount.is_positive()) {
                ops.push(Op::AnnounceBank { amount });
            }
            ops
        }
        Entry::Cut(below) => {
            let by = if game == Game::ChemindeFer { preview.cut_offered_to().map(PlayerRef::seated) } else { None };
            vec![Op::Cut { by, below: *below }]
        }
        Entry::DeclineCut => vec![Op::DeclineCut { by: PlayerRef::seated(preview.cut_offered_to().unwrap_or(0)) }],
        Entry::TakeBank { player, amount } => vec![Op::TakeBank { player: *player, amount: *amount }],
        Entry::Pass => match game {
            Game::ChemindeFer => {
                vec![Op::DeclineBank { player: PlayerRef::seated(shift.bank_offer_to.unwrap_or(0)) }]
            }
            _ => vec![Op::PassSabot],
        },
    }
}

/// Asks the engine, on a copy of `table`, what each entry does and whether it is taken.
pub fn resolve(entries: &[(Entry, Range<usize>)], table: &Table, lang: Lang) -> Vec<Chip> {
    let mut preview = table.clone();
    let mut chips: Vec<Chip> = Vec::with_capacity(entries.len());
    let mut held: Option<(Card, HandId)> = None;
    for (entry, range) in entries {
        let mut range = range.clone();
        let ops = match entry {
            Entry::Card(c) => {
                if let Some((first, hand)) = held.take() {
                    // The second card of a show owed: the chip of the first becomes the show.
                    if let Some(prev) = chips.pop() {
                        range = prev.range.start..range.end;
                    }
                    vec![Op::Show { hand, cards: vec![first, *c] }]
                } else if preview.can(&Op::Card(*c)) {
                    vec![Op::Card(*c)]
                } else if let Owed::Show { hand } = preview.owed().owed {
                    held = Some((*c, hand));
                    let label = ta(lang, "chip-show-first", &[("hand", text::hand(lang, hand)), ("card", c.pretty())]);
                    chips.push(Chip { range, ops: vec![], label, state: ChipState::Waiting });
                    continue;
                } else {
                    vec![Op::Card(*c)]
                }
            }
            other => ops_of(other, &preview),
        };
        if ops.is_empty() {
            // A call when nobody is to call.
            let label = match entry {
                Entry::Call(call) => i18n::call_name(lang, *call),
                _ => String::new(),
            };
            let state = ChipState::Refused(t(lang, "entry-nobody-to-call"));
            chips.push(Chip { range, ops, label, state });
            continue;
        }
        // Every operation of the entry, or none.
        let mut trial = preview.clone();
        let mut labels = Vec::new();
        let mut refused = None;
        for op in &ops {
            match trial.play(op) {
                Ok(events) => labels.push(describe(lang, op, &events)),
                Err(r) => {
                    labels.push(describe(lang, op, &[]));
                    refused = Some(i18n::refusal_text(lang, &r));
                    break;
                }
            }
        }
        let state = match refused {
            Some(why) => ChipState::Refused(why),
            None => {
                preview = trial;
                ChipState::Ok
            }
        };
        chips.push(Chip { range, ops, label: labels.join(" · "), state });
    }
    chips
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
        _ => t(lang, "chip-other"),
    }
}

/// The entry line's state: the typed text and its chips, until Enter confirms them.
#[derive(Clone, Debug, Default)]
pub struct EntryLine {
    pub text: String,
    pub chips: Vec<Chip>,
    pub tail: Option<Tail>,
    /// Why the last Enter did not confirm (shown in the banner).
    pub problem: Option<String>,
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
    use crate::engine::{Shoe, TableSettings};

    fn g(game: Game) -> Grammar {
        Grammar::of(&TableSettings::new(game))
    }
    fn m(s: &str) -> Money {
        s.parse().expect("amount")
    }
    fn c(s: &str) -> Card {
        s.parse().expect("card")
    }
    fn ops(text: &str, game: Game) -> Vec<Entry> {
        let p = parse(text, &g(game), true);
        assert_eq!(p.tail, Tail::Empty, "{text}");
        p.entries.into_iter().map(|(e, _)| e).collect()
    }
    fn bet(seat: u8, standing: bool, spot: Spot, amount: &str) -> Entry {
        Entry::Op(Op::Bet { player: PlayerRef { seat, standing }, spot, amount: m(amount) })
    }

    #[test]
    fn every_error_word_reads_with_its_arguments_r_bq_e10_r_cf_7() {
        let bq = Game::Banque;
        let h1 = HandId::Tableau(1);
        assert_eq!(ops("e10 1 9h kd", bq), vec![Entry::Op(Op::Exposed { hand: h1, cards: vec![c("9h"), c("Kd")] })]);
        assert_eq!(ops("e14 1", bq), vec![Entry::Op(Op::PlayerError { clause: Clause::BQE14, hand: h1 })]);
        assert_eq!(ops("e3 ok", bq), vec![Entry::Op(Op::StuckCards), Entry::Op(Op::Confirm)]);
        assert_eq!(
            ops("tarde 3 100", Game::ChemindeFer),
            vec![Entry::Op(Op::LateBet { player: PlayerRef::seated(3), amount: m("100") })]
        );
        // Every word of every game reads, typed as the menu shows it.
        for game in Game::ALL {
            for ew in ErrorWord::of_game(game) {
                let usage = ew.usage(game);
                assert_eq!(ops(&usage, game).len(), 1, "{usage}");
            }
        }
        // A missing or wrong argument says how the word is typed.
        let p = parse("e10 1 9h", &g(bq), true);
        assert!(
            matches!(&p.tail, Tail::Error(EntryError { kind: ErrorKind::ErrorArgs(w, u), .. }) if w == "e10" && u == "e10 1 9h Kd")
        );
        let p = parse("e9 x 9h", &g(bq), true);
        assert!(matches!(&p.tail, Tail::Error(EntryError { kind: ErrorKind::ErrorArgs(..), .. })));
        // Punto y Banca has no holder's word: the menu leaves those errors out.
        assert!(ErrorWord::of_game(Game::PuntoBanca).all(|e| !matches!(e.word, "e14" | "e12" | "tarde")));
    }

    #[test]
    fn banque_bets_on_every_spot_r_bq_6_r_bq_7() {
        let bq = Game::Banque;
        assert_eq!(ops("3 40", bq), vec![bet(3, false, Spot::Tableau(1), "40")]);
        assert_eq!(ops("9 40", bq), vec![bet(9, false, Spot::Tableau(2), "40")]);
        assert_eq!(ops("3 c 40", bq), vec![bet(3, false, Spot::Cheval, "40")]);
        assert_eq!(ops("7 h2 50", bq), vec![bet(7, false, Spot::Half(2), "50")]);
        assert_eq!(ops("7 H 50", bq), vec![bet(7, false, Spot::Half(2), "50")]);
        assert_eq!(ops("2 m 12,50", bq), vec![bet(2, false, Spot::Half(1), "12.50")]);
        assert_eq!(ops("3p p2 20", bq), vec![bet(3, true, Spot::Tableau(2), "20")]);
        assert_eq!(
            ops("4 b", bq),
            vec![Entry::Op(Op::Banco { player: PlayerRef::seated(4), on: Some(HandId::Tableau(1)) })]
        );
        assert_eq!(
            ops("4p b2", bq),
            vec![Entry::Op(Op::Banco { player: PlayerRef::standing(4), on: Some(HandId::Tableau(2)) })]
        );
    }

    #[test]
    fn several_entries_on_one_line() {
        let e = ops("3 c 40 7 h2 50 1 100 .", Game::Banque);
        assert_eq!(
            e,
            vec![
                bet(3, false, Spot::Cheval, "40"),
                bet(7, false, Spot::Half(2), "50"),
                bet(1, false, Spot::Tableau(1), "100"),
                Entry::Op(Op::NoMoreBets),
            ]
        );
    }

    #[test]
    fn cards_calls_shows_and_the_table() {
        let bq = Game::Banque;
        assert_eq!(ops("9h Td 10s", bq), vec![Entry::Card(c("9h")), Entry::Card(c("Td")), Entry::Card(c("Ts"))]);
        assert_eq!(
            ops("+ - *", bq),
            vec![Entry::Call(Call::Draw), Entry::Call(Call::Stand), Entry::Call(Call::Natural)]
        );
        assert_eq!(
            ops("1+ 2- b+", bq),
            vec![
                Entry::Op(Op::Say { hand: HandId::Tableau(1), call: Call::Draw }),
                Entry::Op(Op::Say { hand: HandId::Tableau(2), call: Call::Stand }),
                Entry::Op(Op::Say { hand: HandId::Bank, call: Call::Draw }),
            ]
        );
        assert_eq!(
            ops("1 2h Qs b kd 4c", bq),
            vec![
                Entry::Op(Op::Show { hand: HandId::Tableau(1), cards: vec![c("2h"), c("Qs")] }),
                Entry::Op(Op::Show { hand: HandId::Bank, cards: vec![c("Kd"), c("4c")] }),
            ]
        );
        assert_eq!(ops("/", bq), vec![Entry::Op(Op::AskTable)]);
        assert_eq!(ops(",", bq), vec![Entry::Op(Op::NoMoreBets)]);
        assert_eq!(ops("= =1200", bq), vec![Entry::NextCoup(None), Entry::NextCoup(Some(m("1200")))]);
    }

    #[test]
    fn chemin_de_fer_and_punto_banca_words() {
        let cf = Game::ChemindeFer;
        assert_eq!(ops("2 100", cf), vec![bet(2, false, Spot::Player, "100")]);
        assert_eq!(ops("2 b", cf), vec![Entry::Op(Op::Banco { player: PlayerRef::seated(2), on: None })]);
        assert_eq!(ops("2p bm", cf), vec![Entry::Op(Op::BancoWithTable { player: PlayerRef::standing(2) })]);
        assert_eq!(ops("j-", cf), vec![Entry::Op(Op::Say { hand: HandId::Player, call: Call::Stand })]);
        let pb = Game::PuntoBanca;
        assert_eq!(ops("4 p 20 5 b 30", pb), vec![bet(4, false, Spot::Punto, "20"), bet(5, false, Spot::Banca, "30")]);
        assert_eq!(
            ops("p 2h ac", pb),
            vec![Entry::Op(Op::Show { hand: HandId::Punto, cards: vec![c("2h"), c("Ac")] })]
        );
        let p = parse("4 20", &g(pb), true);
        assert!(matches!(p.tail, Tail::Error(EntryError { kind: ErrorKind::NeedPuntoOrBanca, .. })));
    }

    #[test]
    fn entries_complete_with_a_space_while_typing() {
        let bq = g(Game::Banque);
        // The amount is still being typed: no chip yet.
        let p = parse("3 c 4", &bq, false);
        assert!(p.entries.is_empty());
        assert_eq!(p.tail, Tail::Incomplete(0..5));
        let p = parse("3 c 40 ", &bq, false);
        assert_eq!(p.entries.len(), 1);
        assert_eq!(p.entries[0].1, 0..6);
        assert_eq!(p.tail, Tail::Empty);
        // One-key words are complete at once.
        let p = parse("9h .", &bq, false);
        assert_eq!(p.entries.len(), 2);
        // After Enter, what is missing is an error.
        let p = parse("3 c", &bq, true);
        assert!(matches!(p.tail, Tail::Error(EntryError { kind: ErrorKind::NeedAmount, .. })));
        let p = parse("1 2h", &bq, true);
        assert!(matches!(p.tail, Tail::Error(EntryError { kind: ErrorKind::NeedTwoCards, .. })));
    }

    #[test]
    fn mistakes_are_named() {
        let bq = g(Game::Banque);
        let err = |s: &str| match parse(s, &bq, true).tail {
            Tail::Error(e) => e.kind,
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(err("x"), ErrorKind::Unknown("x".into()));
        assert_eq!(err("3 z 40"), ErrorKind::NeedSpotOrAmount("z".into()));
        assert_eq!(err("3 c 1.005"), ErrorKind::BadAmount("1.005".into()));
        assert_eq!(err("3 c zz"), ErrorKind::NeedAmount);
        assert_eq!(err("=abc"), ErrorKind::BadAmount("abc".into()));
        assert_eq!(err("b 40"), ErrorKind::NeedTwoCards);
        // The entries before a mistake are kept.
        let p = parse("3 40 x", &bq, true);
        assert_eq!(p.entries.len(), 1);
    }

    fn bq_table() -> Table {
        let mut s = TableSettings::new(Game::Banque);
        s.unit = m("10");
        Table::new(s, m("1000"), Shoe::decks(6)).expect("table")
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
        // Space on an empty line is "no va más".
        let mut line = EntryLine::default();
        line.type_text(" ");
        assert_eq!(line.text, ". ");
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
