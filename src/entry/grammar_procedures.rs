//! The words of the error procedures (R-BQ-E1…E18: `e2 9h`, `e10 1`…) and of the
//! corrections and the bank's auction, read into the grammar's steps.

use super::*;

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
pub(super) fn error_entry(g: &Grammar, words: &[String]) -> Option<Step> {
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

/// How a correction word is typed at this table: `quita 3`, `cambia 3 c 60`.
pub(super) fn correction_usage(g: &Grammar, word: &str) -> String {
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

pub(super) fn lot_word(auction: &str) -> &'static str {
    if auction == "auction" { "lot" } else { "sorteo" }
}

/// The corrections before "no va más" and the bank's auction: `quita 3` (every bet
/// of section 3), `quita 3 c` (its bet a caballo), `cambia 3 c 60` (that bet, now
/// 60), `subasta 3 1200 5 1500` (bids; `sorteo 5` after them when the highest tie,
/// R-BQ-3). `None`: not one of them.
pub(super) fn correction_word(g: &Grammar, words: &[String]) -> Option<Step> {
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
pub(super) fn auction_entry(g: &Grammar, words: &[String]) -> Result<Step, usize> {
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
