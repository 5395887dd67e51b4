//! The shared vocabulary of the rules: what the coup, the shift between coups, the
//! error procedures, the events and the settlement all speak of. Infractions and the
//! errors the croupier records, with their rulings; who erred; how the bank must play
//! after an error; the rulings that wait for the croupier; the settlement of a coup.
//!
//! A leaf of the engine: it imports only the engine's basic types (cards, clauses,
//! money, hands, bets, the drawing tables), never the coup, the shift or the table.

use super::bet::Bet;
use super::card::Card;
use super::clause::Clause;
use super::drawing::BankDuty;
use super::hand::{Call, HandId, PlayerRef};
use super::money::Money;
use super::settings::Game;
use serde::{Deserialize, Serialize};

/// Whose error put the coup right (R-BQ-E13 asks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ErrorBy {
    #[default]
    Player,
    Croupier,
    Banker,
}

/// How the bank must play, beyond the table (R-BQ-E10, R-BQ-E12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BankRule {
    #[default]
    Normal,
    /// Draws on 5 or less, stands otherwise (both cards of a paño exposed in the
    /// deal, R-BQ-E10; a wrong announcement after the players showed, R-BQ-E12).
    FiveOrLess,
    /// A wrong announcement before the players showed: he may ask for a card (R-BQ-E12).
    MayDraw,
}

/// A ruling the engine proposes and the croupier confirms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    /// Put the coup right: `hand`'s call becomes `fix`, and the third cards go, in the
    /// order they came out, to the hands entitled to them (R-BQ-E14…E17, R-BQ-E9).
    PutRight {
        clause: Clause,
        hand: HandId,
        fix: Call,
        /// Whose error it was (R-BQ-E13): a player's unless recorded otherwise.
        #[serde(default, skip_serializing_if = "ErrorBy::is_player")]
        by: ErrorBy,
    },
    /// The banker announced a total that is not his (R-BQ-E12).
    Reopen { announced: u8, actual: u8 },
    /// The bank played against the table it had to follow (R-CF-8), found at the
    /// showdown: its play put right where that is evident (R-BQ-E8): a card it should
    /// not have taken out of play (`call: Stand`), or the card it should have taken
    /// (`call: Draw`).
    BankPlay { clause: Clause, call: Call },
}

impl ErrorBy {
    pub fn is_player(&self) -> bool {
        *self == ErrorBy::Player
    }
}

impl Pending {
    /// A coup to put right after a player's error.
    pub fn put_right(clause: Clause, hand: HandId, fix: Call) -> Pending {
        Pending::PutRight { clause, hand, fix, by: ErrorBy::Player }
    }

    pub fn clause(self) -> Clause {
        match self {
            Pending::PutRight { clause, .. } => clause,
            Pending::Reopen { .. } => Clause::BQE12,
            Pending::BankPlay { clause, .. } => clause,
        }
    }
}

/// An error the croupier recorded.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ErrorRecord {
    pub clause: Clause,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<HandId>,
    pub kind: ErrorKind,
}

/// What went wrong, and what the rules make of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ErrorKind {
    /// R-BQ-E1: they cannot go back; they are the coup's first cards.
    EarlyCards {
        count: u8,
    },
    /// R-BQ-E2: dead, out of play; no bet may be lowered or withdrawn.
    DeadCard {
        card: Card,
    },
    /// R-BQ-E3: the coup is void.
    StuckCards,
    /// R-BQ-E4: picked up; it keeps its value.
    CardOnFloor,
    /// R-BQ-E5: the coup stands if pronounced; next coup the cards go to the right player.
    WrongPlayer {
        player: PlayerRef,
        stands: bool,
    },
    /// R-BQ-E6: counts 0 (by the holder), or recovered and rebuilt (by the croupier).
    Discarded {
        by_croupier: bool,
        total: u8,
    },
    /// R-BQ-E8: put right, or void.
    IrregularDeal {
        put_right: bool,
    },
    /// R-BQ-E9: given to the wrong hand; it goes where it belongs.
    CardToWrongHand {
        card: Card,
        given_to: HandId,
    },
    /// R-BQ-E10: bets frozen; the bank draws on 5 or less.
    Exposed,
    /// R-BQ-E11: lost unseen: void for that paño (both if the bank's); a seen third card is recovered.
    LostInDiscard {
        void: bool,
    },
    /// R-BQ-E16: both words.
    BothWords {
        first: Call,
        then: Call,
    },
    /// R-BQ-E18: the cards pass to the next holder.
    TooLong {
        to: PlayerRef,
    },
    /// R-CF-7: a bet after no va más; the banker may have it withdrawn.
    LateBet {
        player: PlayerRef,
        amount: Money,
    },
    LateBetWithdrawn {
        player: PlayerRef,
    },
    /// R-BQ-E14/E15/E17 recorded by the croupier.
    PlayerError,
}

/// What went against the rules, found when the facts that show it were known.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Infraction {
    pub clause: Clause,
    pub hand: HandId,
    pub kind: InfractionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InfractionKind {
    /// Took a third card on a total that must stand (R-BQ-11; put right by R-BQ-E15).
    DrewOnStand { total: u8 },
    /// Asked for a card with a natural (R-BQ-E17).
    DrewOnNatural { total: u8 },
    /// Said "no" on a total that must draw (R-BQ-11; put right by R-BQ-E14).
    StoodOnDraw { total: u8 },
    /// Said "no" with 8 or 9: the total stands, not as a natural (R-BQ-E17).
    NaturalForfeited { total: u8 },
    /// Announced a natural without one.
    FalseNatural { total: u8 },
    /// The bank drew or stood against the table it had to follow (R-BQ-13, R-BQ-14, R-CF-8).
    BankAgainstTable { total: u8, duty: BankDuty, did: Call },
    /// The bank's natural came out after third cards were dealt (R-BQ-12, R-CF-8).
    NaturalNotShownAtOnce { total: u8 },
    /// A hand drew after the other side showed a natural (R-CF-8).
    DrewAfterNatural,
    /// The banker announced a total that is not his (R-BQ-E12).
    WrongAnnouncement { said: u8, total: u8 },
}

/// Who won a player hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winner {
    Bank,
    Tableau,
    Player,
    Punto,
    Banca,
    Tie,
    /// The coup is void for that hand (R-BQ-E3, E8, E11).
    Void,
}

/// A hand's cards at the end of the coup (at most three), kept inline.
pub type HandCardList = arrayvec::ArrayVec<Card, 3>;

/// A hand at the end of the coup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub hand: HandId,
    pub cards: HandCardList,
    pub total: u8,
    pub natural: bool,
}

/// One bet settled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetResult {
    pub bet: Bet,
    /// What the bet won (positive) or lost (negative), after commission.
    pub net: Money,
    /// Punto y Banca: commission taken from this bet's win.
    pub commission: Money,
    /// The clause that governs this payout (R-BQ-6, R-BQ-7, R-BQ-15, R-CF-9, R-PB-4,
    /// a void's). `None` only in logs of format 1, which did not record it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<Clause>,
}

/// A player's result for the coup, all bets together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    pub player: PlayerRef,
    pub net: Money,
}

/// The coup decided and paid: every figure the croupier needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SettlementRecord")]
pub struct Settlement {
    /// Every hand of the game (at most three), kept inline: a settlement allocates
    /// only for its bets and seats.
    pub hands: arrayvec::ArrayVec<HandResult, 3>,
    /// For each player hand (at most two), who won it.
    pub winners: arrayvec::ArrayVec<(HandId, Winner), 2>,
    pub bets: Vec<BetResult>,
    /// By player, in seat order.
    pub seats: Vec<SeatResult>,
    /// Bank before the coup (Banque, Chemin de fer).
    pub bank_before: Money,
    /// The bank's result against the bets, before the cagnotte (casino's, in Punto y Banca).
    pub bank_net: Money,
    /// Taken from the bank's net win (R-BQ-16, R-CF-9).
    pub cagnotte: Money,
    /// Punto y Banca: taken from banca wins (R-PB-4).
    pub commission: Money,
    /// The bank after the coup: never below zero.
    pub bank_after: Money,
    /// A free bank that could not cover what it lost (R-BQ-4): the banker accepted every
    /// bet and answers for it, paying the rest from his pocket. Money brought into the
    /// bank at the settlement; the bank ends at 0, broken. Zero otherwise (and in logs
    /// written before it was recorded).
    #[serde(default, skip_serializing_if = "no_money")]
    pub covered: Money,
    /// The coup is void, and the clause that voids it: a Punto y Banca tie (R-PB-4),
    /// stuck cards (R-BQ-E3), an irregular deal (R-BQ-E8), the bank's cards lost
    /// (R-BQ-E11). Its bets stand for the next coup. Written `false` when the coup is
    /// not void, the clause when it is (log format 6; see `SettlementRecord`).
    #[serde(serialize_with = "write_void")]
    pub void: Option<Clause>,
}

fn no_money(m: &Money) -> bool {
    m.is_zero()
}

fn write_void<S: serde::Serializer>(void: &Option<Clause>, s: S) -> Result<S::Ok, S::Error> {
    match void {
        None => s.serialize_bool(false),
        Some(clause) => clause.serialize(s),
    }
}

/// A settlement as logs write it: `void` is `false`, or the clause of a void coup; logs
/// of formats 1 to 5 wrote `true` for a void coup and no clause. Such a coup's clause
/// is read from what the record holds: a tie voids a Punto y Banca coup (R-PB-4); a
/// void coup's bets are settled under its clause; with no bet, R-BQ-E3 (as a format-1
/// play's void is read, `legacy::PlayV1`). The verifier compares these older records'
/// voids as void or not (`journal::scan`).
#[derive(Deserialize)]
#[serde(rename = "Settlement")]
struct SettlementRecord {
    hands: arrayvec::ArrayVec<HandResult, 3>,
    winners: arrayvec::ArrayVec<(HandId, Winner), 2>,
    bets: Vec<BetResult>,
    seats: Vec<SeatResult>,
    bank_before: Money,
    bank_net: Money,
    cagnotte: Money,
    commission: Money,
    bank_after: Money,
    #[serde(default)]
    covered: Money,
    void: VoidRecord,
}

/// `void` as a log holds it.
enum VoidRecord {
    /// Formats 1 to 5: void or not.
    Said(bool),
    /// Format 6: the clause of a void coup.
    By(Clause),
}

impl<'de> Deserialize<'de> for VoidRecord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = VoidRecord;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("false, true or a rule clause")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<VoidRecord, E> {
                Ok(VoidRecord::Said(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<VoidRecord, E> {
                v.parse().map(VoidRecord::By).map_err(E::custom)
            }
        }
        d.deserialize_any(Visit)
    }
}

impl From<SettlementRecord> for Settlement {
    fn from(r: SettlementRecord) -> Settlement {
        let void = match r.void {
            VoidRecord::By(clause) => Some(clause),
            VoidRecord::Said(false) => None,
            VoidRecord::Said(true) if r.winners.iter().any(|(_, w)| *w == Winner::Tie) => Some(Clause::PB4),
            VoidRecord::Said(true) => Some(r.bets.iter().find_map(|b| b.clause).unwrap_or(Clause::BQE3)),
        };
        Settlement {
            hands: r.hands,
            winners: r.winners,
            bets: r.bets,
            seats: r.seats,
            bank_before: r.bank_before,
            bank_net: r.bank_net,
            cagnotte: r.cagnotte,
            commission: r.commission,
            bank_after: r.bank_after,
            covered: r.covered,
            void,
        }
    }
}

impl Settlement {
    pub fn total_of(&self, hand: HandId) -> Option<u8> {
        self.hands.iter().find(|h| h.hand == hand).map(|h| h.total)
    }

    /// What the house took this coup: the cagnotte or the commission (one of them is
    /// always zero; `TableSettings::fee` says which the game takes).
    pub fn fee_taken(&self) -> Money {
        if self.commission.is_zero() { self.cagnotte } else { self.commission }
    }

    pub fn net_of(&self, player: PlayerRef) -> Money {
        self.seats.iter().find(|s| s.player == player).map_or(Money::ZERO, |s| s.net)
    }

    /// Everything balances to the cent: what players won and lost, the bank's (or the
    /// casino's) change, the cagnotte and the commission add up to zero.
    pub fn balances(&self) -> bool {
        let seats = Money::sum(self.seats.iter().map(|s| s.net));
        let bets = Money::sum(self.bets.iter().map(|b| b.net));
        let (Ok(seats), Ok(bets)) = (seats, bets) else {
            return false;
        };
        let bank_change = self.bank_after.checked_sub(self.bank_before);
        let Ok(bank_change) = bank_change else {
            return false;
        };
        let ok_bank = self.bank_net.checked_add(seats).is_ok_and(|z| z.is_zero());
        let ok_cagnotte = self
            .bank_net
            .checked_sub(self.cagnotte)
            .and_then(|v| v.checked_add(self.covered))
            .is_ok_and(|v| v == bank_change)
            || self.bank_after == self.bank_before; // Punto y Banca has no bank
        seats == bets && ok_bank && ok_cagnotte
    }
}

/// A coup put right (R-BQ-E13…E17, R-BQ-E9): what the ruling changes. `hand`'s word
/// becomes `call`; every third card is taken back and dealt again, in the order they
/// came out, to the hands in `thirds` (in that order); the bank's word is taken back
/// (it plays again), unless it took the card a paño gave up (`bank_takes`: it must,
/// R-BQ-E15); `next` is the card left over that waits for the next hand that draws.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Correction {
    pub hand: HandId,
    pub call: Call,
    /// Whose error it was (R-BQ-E13).
    pub by: ErrorBy,
    pub thirds: Vec<(HandId, Card)>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bank_takes: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Card>,
    /// `next` is the card a paño gave up, waiting for the next paño's word: its if it
    /// asks, the bank's (which must take it) if it stands (R-BQ-E15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub next_forced: bool,
}

/// Whether an error procedure arises in a game. Punto y Banca's hands are dealt and
/// drawn by the croupier by fixed rules (R-PB-7): no holder gives his word, hands
/// nothing to another player, or announces, so R-BQ-E5, E9, E10, E12 and E14…E18 do
/// not arise there. R-CF-7 (late bets withdrawn) is Chemin de fer's.
pub fn error_applies(game: Game, clause: Clause) -> bool {
    match clause {
        Clause::CF7 => game == Game::ChemindeFer,
        Clause::BQE5
        | Clause::BQE9
        | Clause::BQE10
        | Clause::BQE12
        | Clause::BQE14
        | Clause::BQE15
        | Clause::BQE16
        | Clause::BQE17
        | Clause::BQE18 => game != Game::PuntoBanca,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIE: &str = r#"(hands:[(hand:Punto,cards:["7h","Kc"],total:7,natural:false),(hand:Banca,cards:["4d","3h"],total:7,natural:false)],winners:[(Punto,Tie)],bets:[(bet:(player:(seat:1),spot:Banca,amount:"100.00"),net:"0.00",commission:"0.00",clause:Some("R-PB-4"))],seats:[(player:(seat:1),net:"0.00")],bank_before:"0.00",bank_net:"0.00",cagnotte:"0.00",commission:"0.00",bank_after:"0.00",void:VOID)"#;

    fn read(void: &str) -> Settlement {
        ron::from_str(&TIE.replace("VOID", void)).expect("reads")
    }

    /// A settlement names the clause of its void coup; one not void is written as
    /// before (`void:false`), so older logs' settlements are the same bytes.
    #[test]
    fn a_void_coup_names_its_clause_and_older_logs_still_read_r_pb_4_r_bq_e3() {
        assert_eq!(read("false").void, None);
        assert_eq!(read(r#""R-BQ-E8""#).void, Some(Clause::BQE8));
        // Format 5 and before: `true`, the clause read from the record.
        assert_eq!(read("true").void, Some(Clause::PB4), "a tie voids a Punto y Banca coup");
        let mut s = read("false");
        s.winners.clear();
        let text = ron::to_string(&s).expect("writes");
        assert!(text.ends_with(",void:false)"), "{text}");
        s.void = Some(Clause::BQE11);
        let text = ron::to_string(&s).expect("writes");
        assert!(text.ends_with(r#",void:"R-BQ-E11")"#), "{text}");
        assert_eq!(ron::from_str::<Settlement>(&text).expect("reads back"), s);
        let old = text.replace(r#""R-BQ-E11""#, "true").replace(r#"Some("R-PB-4")"#, r#"Some("R-BQ-E11")"#);
        assert_eq!(ron::from_str::<Settlement>(&old).expect("reads").void, Some(Clause::BQE11), "from its bets");
        s.bets.clear();
        let old = ron::to_string(&s).expect("writes").replace(r#""R-BQ-E11""#, "true");
        assert_eq!(ron::from_str::<Settlement>(&old).expect("reads").void, Some(Clause::BQE3), "no bet: R-BQ-E3");
        assert!(ron::from_str::<Settlement>(&TIE.replace("VOID", r#""R-XX-1""#)).is_err(), "no such clause");
    }
}
