//! The entry line's grammar: the words typed, read into [`Entry`]s. Knows the
//! words, nothing of the rules (see the table in `super`).

use crate::engine::{Call, Card, Clause, Game, HandId, Money, Op, PlayerNumber, PlayerRef, Spot, TableSettings};
use crate::i18n::Lang;
use crate::i18n::words::{t, ta};
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
    /// A confirmed bet taken back before "no va más" (`quita 3`, `quita 3 c`): on that
    /// spot, or every bet of the player when no spot is named (the engine says which).
    Withdraw { player: PlayerRef, spot: Option<Spot> },
    /// A confirmed bet changed (`cambia 3 c 60`): the bet on that spot taken back and
    /// this one placed.
    Change { player: PlayerRef, spot: Spot, amount: Money },
}

/// Why a text is not an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryErrorKind {
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
    /// A correction word (`quita`, `cambia`, `subasta`) and how it is typed.
    WordArgs(String, String),
}

/// An error, with the part of the text it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    pub range: Range<usize>,
    pub kind: EntryErrorKind,
}

impl EntryError {
    /// The error as the croupier reads it.
    pub fn message(&self, lang: Lang) -> String {
        match &self.kind {
            EntryErrorKind::Unknown(w) => ta(lang, "entry-err-unknown", &[("word", w.clone())]),
            EntryErrorKind::NeedAmount => t(lang, "entry-err-need-amount"),
            EntryErrorKind::NeedSpotOrAmount(w) => ta(lang, "entry-err-need-spot", &[("word", w.clone())]),
            EntryErrorKind::NeedPuntoOrBanca => t(lang, "entry-err-punto-or-banca"),
            EntryErrorKind::BadAmount(w) => ta(lang, "entry-err-amount", &[("word", w.clone())]),
            EntryErrorKind::NeedTwoCards => t(lang, "entry-err-two-cards"),
            EntryErrorKind::NeedCount(w) => ta(lang, "entry-err-count", &[("word", w.clone())]),
            EntryErrorKind::NeedCard => t(lang, "entry-err-card"),
            EntryErrorKind::ErrorArgs(w, usage) | EntryErrorKind::WordArgs(w, usage) => {
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

/// What the parser needs to know of the table: the game and its sections, and how
/// the croupier types amounts.
#[derive(Clone, Copy, Debug)]
pub struct Grammar {
    pub game: Game,
    /// The table's sections (each Banque section at its paño, R-BQ-1).
    pub sections: u8,
    /// Amounts typed as a number of this unit, the table's betting unit (`3 4` is 40
    /// on a table of unit 10); `None`: amounts typed as they are (`3 40`).
    pub amount_unit: Option<Money>,
}

impl Grammar {
    pub fn of(settings: &TableSettings) -> Grammar {
        Grammar { game: settings.game, sections: settings.sections, amount_unit: None }
    }

    /// The same grammar with every amount typed in the table's betting unit.
    pub fn in_units(self, settings: &TableSettings) -> Grammar {
        Grammar { amount_unit: Some(settings.unit), ..self }
    }

    /// An amount as typed: money, or a number of units (`2,5` units of 10 is 25). An
    /// amount in units that is not a whole number of cents is not an amount.
    fn amount(&self, w: &str) -> Option<Money> {
        let Some(unit) = self.amount_unit else { return amount(w) };
        if w.is_empty() || !looks_like_amount(w) {
            return None;
        }
        let n: rust_decimal::Decimal = w.replace(',', ".").parse().ok()?;
        Money::from_decimal(n.checked_mul(unit.decimal())?).ok()
    }

    /// An amount as the croupier types it at this table (`None`: in units, an
    /// amount no number of units gives exactly).
    pub fn typed_amount(&self, m: Money) -> Option<String> {
        typed_amount(self.amount_unit, m)
    }

    /// A bet as it is typed on the entry line (`3p c 40`, `5 b1`), to type it again
    /// (`repite`); `None` for a bet no word makes (a late bet, an association's share,
    /// the rest of a bank completed).
    pub fn typed(&self, bet: &crate::engine::Bet) -> Option<String> {
        use crate::engine::BetKind;
        let p = bet.player;
        let who = if p.standing { format!("{}p", p.seat) } else { p.seat.to_string() };
        let amount = self.typed_amount(bet.amount)?;
        let spot = match (bet.kind, self.game, bet.spot) {
            (BetKind::Banco, Game::Banque, Spot::Tableau(n)) => return Some(format!("{who} b{n}")),
            (BetKind::Banco, Game::ChemindeFer, _) => return Some(format!("{who} b")),
            (BetKind::BancoWithTable, Game::ChemindeFer, _) => return Some(format!("{who} bm")),
            (BetKind::Plain, Game::Banque, Spot::Tableau(n)) => format!("p{n}"),
            (BetKind::Plain, Game::Banque, Spot::Half(n)) => format!("h{n}"),
            (BetKind::Plain, Game::Banque, Spot::Cheval) => "c".into(),
            (BetKind::Plain, Game::ChemindeFer, Spot::Player) => "j".into(),
            (BetKind::Plain, Game::PuntoBanca, Spot::Punto) => "p".into(),
            (BetKind::Plain, Game::PuntoBanca, Spot::Banca) => "b".into(),
            _ => return None,
        };
        Some(format!("{who} {spot} {amount}"))
    }

    /// The paño a Banque section sits at, as the engine says (R-BQ-1). A section the
    /// table does not have is left to the engine to refuse (its bet read on paño 1).
    fn own_tableau(&self, seat: u8) -> u8 {
        TableSettings::tableau_among(self.sections, seat).unwrap_or(1)
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

/// An amount as it is typed: as money (`unit` `None`), or as a count of `unit`
/// (`None` when no count gives it exactly).
pub fn typed_amount(unit: Option<Money>, m: Money) -> Option<String> {
    let n = match unit {
        None => m.decimal(),
        Some(unit) => {
            let n = m.decimal().checked_div(unit.decimal())?.normalize();
            (n.checked_mul(unit.decimal()) == Some(m.decimal())).then_some(n)?
        }
    };
    Some(n.normalize().to_string())
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

/// `3=` (`3p=`): the player whose bets of the coup before are typed again, his
/// usual stake; `None`: the word is something else.
pub fn repeat_seat(w: &str) -> Option<PlayerRef> {
    seat(w.strip_suffix('=')?)
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
    let bad = |i: usize| Step::Err(i + 1, EntryErrorKind::ErrorArgs(w.to_string(), ew.usage(g.game)));
    let arg = |i: usize| words.get(i).map(String::as_str).ok_or(Step::More);
    let hand = |i: usize| arg(i).and_then(|x| g.hand(x).ok_or_else(|| bad(i)));
    let card_at = |i: usize| arg(i).and_then(|x| card(x).ok_or_else(|| bad(i)));
    let number = |i: usize| arg(i).and_then(|x| x.parse::<u8>().map_err(|_| bad(i)));
    let seat_at = |i: usize| arg(i).and_then(|x| seat(x).ok_or_else(|| bad(i)));
    let amount_at = |i: usize| arg(i).and_then(|x| g.amount(x).ok_or_else(|| bad(i)));
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
            _ => Op::PlayerError { clause: ew.clause, hand: hand(1)?, by: None },
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
    Err(usize, EntryErrorKind),
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
        return match g.amount(rest) {
            Some(m) => Step::Done(Entry::NextCoup(Some(m)), 1),
            None => Step::Err(1, EntryErrorKind::BadAmount(rest.to_string())),
        };
    }
    if matches!(w, "ok" | "conforme") {
        return Step::Done(Entry::Op(Op::Confirm), 1);
    }
    if let Some(step) = error_entry(g, words) {
        return step;
    }
    if let Some(step) = shift_word(g, words) {
        return step;
    }
    if let Some(step) = correction_word(g, words) {
        return step;
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
    if let Some(step) = g.hand(w).and_then(|hand| show_entry(hand, w, words)) {
        return step;
    }
    let Some(player) = seat(w) else {
        return Step::Err(1, EntryErrorKind::Unknown(w.to_string()));
    };
    seat_entry(g, player, words)
}

/// A named hand turning over its two cards: `1 2h qs`. `None`: the word is a seat
/// betting instead (`1 40`: Banque sections 1 and 2).
fn show_entry(hand: HandId, w: &str, words: &[String]) -> Option<Step> {
    match words.get(1).map(|x| card(x)) {
        None => Some(Step::More),
        Some(Some(a)) => Some(match words.get(2).map(|x| card(x)) {
            None => Step::More,
            Some(Some(b)) => Step::Done(Entry::Op(Op::Show { hand, cards: vec![a, b] }), 3),
            Some(None) => Step::Err(3, EntryErrorKind::NeedTwoCards),
        }),
        // `b` alone is no seat.
        Some(None) if seat(w).is_none() => Some(Step::Err(2, EntryErrorKind::NeedTwoCards)),
        Some(None) => None,
    }
}

/// What a seat says: its bet (`3 40`, `3 c 40`), its shuffle, the bank it takes
/// (`3 banca 1000`), its banco (`3 b`), its player sitting or leaving (`3 sienta`,
/// `3 sale`).
fn seat_entry(g: &Grammar, player: PlayerRef, words: &[String]) -> Step {
    let Some(next) = words.get(1) else { return Step::More };
    let next = next.as_str();
    if let Some(m) = g.amount(next) {
        let spot = match g.game {
            Game::Banque => Spot::Tableau(g.own_tableau(player.seat)),
            Game::ChemindeFer => Spot::Player,
            Game::PuntoBanca => return Step::Err(2, EntryErrorKind::NeedPuntoOrBanca),
        };
        return Step::Done(Entry::Op(Op::Bet { player, spot, amount: m }), 2);
    }
    match (g.game, next) {
        (_, "baraja" | "shuffle") => return Step::Done(Entry::Op(Op::Shuffle { by: Some(player) }), 2),
        // Who is at the table (R-BQ-1): a player sits (or stands behind the section),
        // a player leaves, taking with him any bet a void coup left on the cloth.
        // With his card's number (issue 49): 3 to 12 digits, never a section's.
        (_, "sienta" | "sit") => {
            let number = words.get(2).and_then(|w| PlayerNumber::parse(w).ok());
            let took = if number.is_some() { 3 } else { 2 };
            return Step::Done(Entry::Op(Op::Join { player, number }), took);
        }
        (_, "sale" | "levanta" | "leaves" | "out") => return Step::Done(Entry::Op(Op::Leave { player }), 2),
        (Game::Banque | Game::ChemindeFer, "banca" | "bank") => {
            return match words.get(2) {
                None => Step::More,
                Some(a) => match g.amount(a) {
                    Some(m) => Step::Done(Entry::TakeBank { player, amount: m }, 3),
                    None if looks_like_amount(a) => Step::Err(3, EntryErrorKind::BadAmount(a.clone())),
                    None => Step::Err(3, EntryErrorKind::NeedAmount),
                },
            };
        }
        _ => {}
    }
    match spot_word(g, player, next) {
        None => Step::Err(2, EntryErrorKind::NeedSpotOrAmount(next.to_string())),
        Some(SpotWord::Banco(on)) => Step::Done(Entry::Op(Op::Banco { player, on }), 2),
        Some(SpotWord::BancoWithTable) => Step::Done(Entry::Op(Op::BancoWithTable { player }), 2),
        Some(SpotWord::Spot(spot)) => match words.get(2) {
            None => Step::More,
            Some(a) => match g.amount(a) {
                Some(m) => Step::Done(Entry::Op(Op::Bet { player, spot, amount: m }), 3),
                None if looks_like_amount(a) => Step::Err(3, EntryErrorKind::BadAmount(a.clone())),
                None => Step::Err(3, EntryErrorKind::NeedAmount),
            },
        },
    }
}

/// The shift's words: the shoe, the shuffle, the cut, the bank left or passed, the
/// cut card out, the check, winnings set aside. `None`: not one of them.
fn shift_word(g: &Grammar, words: &[String]) -> Option<Step> {
    let step = match words.first()?.as_str() {
        "sabot" | "shoe" => Step::Done(Entry::Op(Op::NewShoe), 1),
        "baraja" | "shuffle" => Step::Done(Entry::Op(Op::Shuffle { by: None }), 1),
        "nocorta" | "nocut" => Step::Done(Entry::DeclineCut, 1),
        "deja" | "leave" => Step::Done(Entry::Op(Op::LeaveBank), 1),
        "pasa" | "pass" => Step::Done(Entry::Pass, 1),
        "bloqueo" | "cutcard" => Step::Done(Entry::Op(Op::CutCardOut), 1),
        "revisa" | "check" => Step::Done(Entry::Op(Op::CheckCards), 1),
        // The croupier takes back his own last entries of the coup (Ctrl+Z).
        "anula" | "undo" => match words.get(1).and_then(|n| n.parse::<u32>().ok()) {
            Some(n) => Step::Done(Entry::Op(Op::TakeBack { entries: n }), 2),
            None => Step::Done(Entry::Op(Op::TakeBack { entries: 1 }), 1),
        },
        "corte" | "cut" => match words.get(1) {
            None => Step::More,
            Some(n) => match n.parse::<u32>() {
                Ok(n) => Step::Done(Entry::Cut(n), 2),
                Err(_) => Step::Err(2, EntryErrorKind::NeedCount(n.clone())),
            },
        },
        "quema" | "burn" => match words.get(1) {
            None => Step::More,
            Some(c) => match card(c) {
                Some(c) => Step::Done(Entry::Op(Op::Burn { card: c }), 2),
                None => Step::Err(2, EntryErrorKind::NeedCard),
            },
        },
        "aparte" | "aside" => match words.get(1) {
            None => Step::More,
            Some(a) => match g.amount(a) {
                Some(m) => Step::Done(Entry::Op(Op::SetAside { amount: m }), 2),
                None => Step::Err(2, EntryErrorKind::BadAmount(a.clone())),
            },
        },
        _ => return None,
    };
    Some(step)
}

/// How a correction word is typed at this table: `quita 3`, `cambia 3 c 60`.
fn correction_usage(g: &Grammar, word: &str) -> String {
    let spot = match g.game {
        Game::Banque => "c ",
        Game::ChemindeFer => "",
        Game::PuntoBanca => "p ",
    };
    match word {
        "quita" | "remove" => format!("{word} 3 · {word} 3 {spot}"),
        "cambia" | "change" => format!("{word} 3 {spot}60"),
        "acepta" | "accept" | "rechaza" | "decline" => format!("{word} 3"),
        _ => format!("{word} 3 1200 5 1500 · {word} 3 1200 5 1200 {} 5", lot_word(word)),
    }
}

fn lot_word(auction: &str) -> &'static str {
    if auction == "auction" { "lot" } else { "sorteo" }
}

/// The corrections before "no va más" and the bank's auction: `quita 3` (every bet
/// of section 3), `quita 3 c` (its bet a caballo), `cambia 3 c 60` (that bet, now
/// 60), `subasta 3 1200 5 1500` (bids; `sorteo 5` after them when the highest tie,
/// R-BQ-3). `None`: not one of them.
fn correction_word(g: &Grammar, words: &[String]) -> Option<Step> {
    let w = words.first()?.as_str();
    let bad = |n: usize| Step::Err(n, EntryErrorKind::WordArgs(w.to_string(), correction_usage(g, w)));
    Some(match w {
        "quita" | "remove" => {
            let Some(next) = words.get(1) else { return Some(Step::More) };
            let Some(player) = seat(next) else { return Some(bad(2)) };
            // A spot word after the seat names the bet; anything else starts the next entry.
            let spot = match words.get(2).and_then(|x| spot_word(g, player, x)) {
                Some(SpotWord::Spot(spot)) => Some(spot),
                Some(SpotWord::Banco(Some(HandId::Tableau(n)))) => Some(Spot::Tableau(n)),
                Some(SpotWord::Banco(_) | SpotWord::BancoWithTable) => Some(Spot::Player),
                None => None,
            };
            Step::Done(Entry::Withdraw { player, spot }, if spot.is_some() { 3 } else { 2 })
        }
        "cambia" | "change" => {
            let Some(next) = words.get(1) else { return Some(Step::More) };
            let Some(player) = seat(next) else { return Some(bad(2)) };
            match seat_entry(g, player, &words[1..]) {
                Step::Done(Entry::Op(Op::Bet { player, spot, amount }), n) => {
                    Step::Done(Entry::Change { player, spot, amount }, n + 1)
                }
                Step::More => Step::More,
                Step::Done(_, n) | Step::Err(n, _) => bad(n + 1),
            }
        }
        "subasta" | "auction" => auction_entry(g, words).unwrap_or_else(bad),
        // A free bank: the banker accepts or refuses the bet a player offered (R-BQ-4).
        "acepta" | "accept" | "rechaza" | "decline" => {
            let Some(next) = words.get(1) else { return Some(Step::More) };
            let Some(player) = seat(next) else { return Some(bad(2)) };
            let op =
                if matches!(w, "acepta" | "accept") { Op::AcceptBet { player } } else { Op::DeclineBet { player } };
            Step::Done(Entry::Op(op), 2)
        }
        _ => return None,
    })
}

/// `subasta 3 1200 5 1500 [sorteo 5]`: the bids, as many as follow, and the lot.
fn auction_entry(g: &Grammar, words: &[String]) -> Result<Step, usize> {
    let mut bids = Vec::new();
    let mut i = 1;
    while let (Some(p), Some(a)) = (words.get(i).and_then(|x| seat(x)), words.get(i + 1).and_then(|x| g.amount(x))) {
        bids.push(crate::engine::Bid { player: p, amount: a });
        i += 2;
    }
    if bids.is_empty() {
        return if words.len() < 3 { Ok(Step::More) } else { Err(3) };
    }
    let mut lot = None;
    if words.get(i).is_some_and(|x| matches!(x.as_str(), "sorteo" | "lot")) {
        match words.get(i + 1).map(|x| seat(x)) {
            None => return Ok(Step::More),
            Some(None) => return Err(i + 2),
            Some(Some(p)) => lot = Some(p),
        }
        i += 2;
    }
    Ok(Step::Done(Entry::Op(Op::Auction { bids, lot }), i))
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
            // Cards and one-key words need no space between them (`2hqs`, `/+`): the
            // word being typed gives its complete ones now, and keeps the rest open.
            match glued(word, true) {
                Some((parts, rest)) => {
                    spans.extend(parts.into_iter().map(|r| s + r.start..s + r.end));
                    open = (rest < word.len()).then_some(s + rest);
                }
                None => open = Some(s),
            }
        }
    }
    // The words typed complete, read the same way: `7hkc6d` is three cards.
    let spans: Vec<Range<usize>> = spans
        .into_iter()
        .flat_map(|r| match glued(&text[r.clone()], false) {
            Some((parts, _)) if parts.len() > 1 => {
                parts.into_iter().map(|p| r.start + p.start..r.start + p.end).collect()
            }
            _ => vec![r],
        })
        .collect();
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

/// The grammar's words that begin like a card (`as`: `aside`): while one of them is
/// being typed, its first letters are not read as a card.
const WORDS: &[&str] = &[
    "ok", "conforme", "sabot", "shoe", "baraja", "shuffle", "nocorta", "nocut", "deja", "leave", "pasa", "pass",
    "bloqueo", "cutcard", "revisa", "check", "anula", "undo", "corte", "cut", "quema", "burn", "aparte", "aside",
    "quita", "remove", "cambia", "change", "repite", "repeat", "subasta", "auction", "sorteo", "lot", "banca", "bank",
    "punto", "acepta", "accept", "rechaza", "decline",
];

/// A word made of cards and one-key words typed without spaces (`2hqs`, `-+8c-`,
/// `10h9c`): their ranges in the word. Complete words (`open` false) must be wholly
/// made of them, or they are left as typed (`1+`, `=1200`, `2hx`: one word, read or
/// refused as such). The word being typed (`open`) gives the complete ones before a
/// rank still waiting for its suit (`2hq`), and the index where the open rest begins;
/// a word that may still become one of the grammar's words (`as…`: `aside`) gives none.
fn glued(word: &str, open: bool) -> Option<(Vec<Range<usize>>, usize)> {
    if !word.is_ascii() {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    if open && WORDS.iter().any(|w| w.starts_with(lower.as_str())) {
        return None;
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while i < lower.len() {
        let one = &lower[i..i + 1];
        let len = if matches!(one, "." | "," | "/" | "+" | "-" | "*") {
            1
        } else if let Some(n) = [3, 2].into_iter().find(|n| lower.get(i..i + n).is_some_and(|c| card(c).is_some())) {
            n
        } else {
            break;
        };
        parts.push(i..i + len);
        i += len;
    }
    let rest = &lower[i..];
    // What is left of a word being typed must be able to become a card: a rank, `1`, `10`.
    let waiting = open
        && !parts.is_empty()
        && (rest.len() == 1 || rest == "10")
        && rest.chars().all(|c| "a23456789tjqk1".contains(c));
    match rest.is_empty() || waiting {
        true if !parts.is_empty() => Some((parts, i)),
        _ => None,
    }
}

/// What an entry cut short still needs (after Enter).
fn incomplete_kind(g: &Grammar, words: &[String]) -> EntryErrorKind {
    let first = words.first().map(String::as_str).unwrap_or("");
    if let Some(ew) = ERROR_WORDS.iter().find(|e| e.word == first) {
        return EntryErrorKind::ErrorArgs(first.to_string(), ew.usage(g.game));
    }
    if matches!(
        first,
        "quita" | "remove" | "cambia" | "change" | "subasta" | "auction" | "acepta" | "accept" | "rechaza" | "decline"
    ) {
        return EntryErrorKind::WordArgs(first.to_string(), correction_usage(g, first));
    }
    if g.hand(first).is_some() && (seat(first).is_none() || words.get(1).is_some_and(|w| card(w).is_some())) {
        return EntryErrorKind::NeedTwoCards;
    }
    match words.len() {
        1 if g.game == Game::PuntoBanca => EntryErrorKind::NeedPuntoOrBanca,
        _ => EntryErrorKind::NeedAmount,
    }
}

#[cfg(test)]
#[path = "grammar_tests.rs"]
mod tests;
