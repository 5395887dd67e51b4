//! Every operation a croupier can enter, declared once: the table of `operations!`.
//!
//! The table is the one list of operations. Each entry gives the operation's fields
//! (as the shift log writes them), the part of play it belongs to (`Phase`), the
//! shape of its step in a table script (`docs/SCRIPTS.md`) and, for an error
//! procedure, the clause it records its error under. Readers take the table whole
//! through a macro of their own (`operations!(reader)`): this module builds [`Op`] and
//! its facts (`name`, `phase`, `procedure`, the players it names), the script builds
//! its steps and both conversions (`script::steps`). A new operation is one entry
//! here and its rule in `decide/`: the compiler then names every place that must
//! say what it does with it (the dispatcher, the entry line's words).
//!
//! An entry: `Name { field: Type as form, … } => Phase, script shape, procedure
//! clause;`. The script's shapes: `unit` (`NoMoreBets`), `tuple` (the fields in order:
//! `Show(Tableau(1), ["8h", "Kc"])`), `named` (the fields by name: `Bet(seat: 1,
//! spot: Tableau(1), amount: "100")`), `own` (a step the script writes its own way,
//! `script::steps`). The forms of a named step's fields: none (the field as it is),
//! `who` (a player as `seat` and `standing`), `seat` (a seated player by his
//! section), `maybe_seat` (an optional seated player), `opt`, `list`, `flag` (left
//! out when `None`, empty or false), `by_seat` (players' amounts by section),
//! `called(x)` (the field under another name).

use super::card::Card;
use super::clause::Clause;
use super::hand::{Call, HandId, PlayerRef, Spot};
use super::money::Money;
use super::player_number::PlayerNumber;
use super::vocab::ErrorBy;
use serde::{Deserialize, Serialize};

/// The table of operations; `operations!(reader)` hands it to the macro `reader`.
macro_rules! operations {
    ($then:ident) => {
        $then! {
            /// A bet by a player on a spot.
            Bet { player: PlayerRef as who, spot: Spot, amount: Money } => Coup, script named;
            /// Banco: a bet of the whole bank (Banque: on paño `on`).
            Banco { player: PlayerRef as who, on: Option<HandId> as opt } => Coup, script named;
            /// Chemin de fer: banco con la mesa, half the bank.
            BancoWithTable { player: PlayerRef as who } => Coup, script named;
            /// "No va más": bets close; the first cards are dealt.
            NoMoreBets => Coup, script unit;
            /// One card out of the sabot, known as it comes (a third card face up, or any
            /// card with a card-reading shoe). The engine gives it to the hand it belongs to.
            Card(Card) => Coup, script own;
            /// A hand turns over its first two cards.
            Show { hand: HandId, cards: Vec<Card> } => Coup, script tuple;
            /// What a hand's holder says.
            Say { hand: HandId, call: Call } => Coup, script tuple;
            /// The banker asks the croupier for the table (R-BQ-13).
            AskTable => Coup, script unit;

            // ---- The shift: shoes, coups, banks, players (issue 3) ----
            /// A new shoe: the decks shown complete and counted (R-C-5, R-C-3).
            NewShoe => Shift, script unit;
            /// The cards are shuffled: by the croupier (`by: None`) or, in Chemin de fer, a
            /// player ("señores, las cartas pasan", R-C-5).
            Shuffle { by: Option<PlayerRef> } => Shift, script own;
            /// Chemin de fer: the player offered the cut declines it (R-C-5).
            DeclineCut { by: PlayerRef as seat } => Shift, script named;
            /// The cut: the cut card placed with `below` cards under it (R-C-4, R-C-5).
            Cut { by: Option<PlayerRef> as maybe_seat, below: u32 } => Shift, script named;
            /// Punto y Banca: the first card turned; its points say how many cards burn (R-PB-5).
            Burn { card: Card } => Shift, script tuple;
            /// The croupier saw the cut card come out (R-C-4).
            CutCardOut => Shift, script unit;
            /// At the end of the shoe a player asks for the cards to be checked (R-C-6).
            CheckCards => Shift, script unit;
            /// The next coup (R-BQ-17).
            NextCoup => Shift, script unit;
            /// The bank announces its amount and hands its chips to the croupier (R-BQ-17, R-CF-2).
            AnnounceBank { amount: Money } => Shift, script tuple;
            /// A player sits at a section, or stands behind it (R-BQ-1, R-BQ-2); with his
            /// card's number when the croupier gives it (issue 49).
            Join {
                player: PlayerRef as who,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                number: Option<PlayerNumber> as opt,
            } => Shift, script named;
            /// A player leaves the table.
            Leave { player: PlayerRef as who } => Shift, script named;
            /// A player takes the bank (R-BQ-3; R-CF-10). How (bought, offered to him) is
            /// the engine's to say, from who takes it and the amount (`Event::BankTaken`).
            TakeBank { player: PlayerRef, amount: Money } => Shift, script own;
            /// The bank auctioned: the highest bank takes it, ties drawn by lot (R-BQ-3).
            Auction { bids: Vec<Bid>, lot: Option<PlayerRef> } => Shift, script own;
            /// The banker leaves or gives up the bank (R-BQ-3, R-CF-10).
            LeaveBank => Shift, script unit;
            /// Chemin de fer: the player offered the passing bank declines it (R-CF-10).
            DeclineBank { player: PlayerRef as seat } => Shift, script named;
            /// Banco called on both paños: the lot's winner keeps it (R-BQ-8).
            DrawLot { winner: PlayerRef as who } => Coup, script named;
            /// Free bank: a bet offered, waiting for the banker (R-BQ-4).
            OfferBet { player: PlayerRef as who, spot: Spot, amount: Money } => Coup, script named;
            /// Free bank: the banker accepts the offer (R-BQ-4).
            AcceptBet { player: PlayerRef as who } => Coup, script named;
            /// Free bank: the banker declines the offer (R-BQ-4).
            DeclineBet { player: PlayerRef as who } => Coup, script named;
            /// A bet taken back before "no va más" (after a tie in Punto y Banca, R-PB-4).
            WithdrawBet { player: PlayerRef as who, spot: Spot } => Coup, script named;
            /// Chemin de fer: the banker sets winnings aside, out of the bank (R-CF-9).
            SetAside { amount: Money } => Shift, script tuple;
            /// Chemin de fer: "con la mesa y último completo": completes the bank and takes the cards (R-CF-4).
            LastComplete { player: PlayerRef as who } => Coup, script named;
            /// Chemin de fer: a banco made by several players together (R-CF-3).
            BancoAssociated { shares: Vec<Share> as by_seat } => Coup, script named;
            /// Chemin de fer: banca seguida (R-CF-6).
            CallSuivi { player: PlayerRef as who } => Coup, script named;
            /// Chemin de fer: who has the player's cards in hand (R-CF-6).
            CardsTo { player: PlayerRef as who } => Coup, script named;
            /// Chemin de fer: the player takes the cards himself (R-CF-6).
            CardsTaken { player: PlayerRef as who } => Coup, script named;
            /// Chemin de fer: the player looks at the cards (R-CF-6).
            CardsSeen { player: PlayerRef as who } => Coup, script named;
            /// Punto y Banca: the dealer passes the sabot on (R-PB-1).
            PassSabot => Shift, script unit;

            // ---- Errors and infractions (R-BQ-E1…E18; issue 4) ----
            /// Cards taken out of the sabot before "no va más" (R-BQ-E1).
            EarlyCards { count: u8 } => Coup, script tuple, procedure Clause::BQE1;
            /// A card came out of the sabot face up: dead (R-BQ-E2).
            DeadCard { card: Card } => Coup, script tuple, procedure Clause::BQE2;
            /// Two or more cards stuck together in the deal (R-BQ-E3).
            StuckCards => Coup, script unit, procedure Clause::BQE3;
            /// A card fell on the floor (R-BQ-E4).
            CardOnFloor { card: Option<Card> } => Coup, script own, procedure Clause::BQE4;
            /// A player other than the hand's holder gave or took its cards (R-BQ-E5).
            WrongPlayer { hand: HandId, player: PlayerRef as who } => Coup, script named, procedure Clause::BQE5;
            /// A hand's cards thrown in the discard unshown: by its holder (they count 0), or
            /// by the croupier (recovered: the cards, or the total by testimony) (R-BQ-E6).
            Discarded { hand: HandId, by_croupier: bool as flag, cards: Vec<Card> as list, total: Option<u8> as opt }
                => Coup, script named, procedure Clause::BQE6;
            /// A player claims after the coup was paid (R-BQ-E7).
            Claim => Shift, script unit, procedure Clause::BQE7;
            /// A correction after a coup was paid: names the coup and the reason (R-BQ-E7).
            Amend { coup: u32, reason: String } => Shift, script named, procedure Clause::BQE7;
            /// An irregular deal, put right if that is evident, otherwise void (R-BQ-E8).
            IrregularDeal { put_right: bool } => Coup, script named, procedure Clause::BQE8;
            /// The banker gave this card to this hand (R-BQ-E9 when it is not the hand owed it).
            CardTo { hand: HandId, card: Card } => Coup, script tuple, procedure Clause::BQE9;
            /// Both cards of a paño exposed during the deal (R-BQ-E10).
            Exposed { hand: HandId, cards: Vec<Card> } => Coup, script tuple, procedure Clause::BQE10;
            /// Cards lost in the discard during the deal: a hand's first cards, unseen, or a
            /// third card that was seen (`card`) (R-BQ-E11).
            LostInDiscard { hand: HandId, card: Option<Card> as opt } => Coup, script named, procedure Clause::BQE11;
            /// The total the banker announces (R-BQ-E12).
            Announce { total: u8 } => Coup, script tuple, procedure Clause::BQE12;
            /// The croupier confirms the ruling Sabot proposes.
            Confirm => Coup, script unit;
            /// The croupier records a player's error the cards do not show yet (R-BQ-E14,
            /// E15, E17): the coup is put right. `by`: whose error it was, when not the
            /// player's (the croupier's own, or the banker's: R-BQ-E13 rules the bank by it).
            PlayerError {
                clause: Clause as called(rule),
                hand: HandId,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                by: Option<ErrorBy> as opt,
            } => Coup, script named, procedure *clause;
            /// A holder took too long: he loses the cards (R-BQ-E18).
            TooLong { hand: HandId } => Coup, script tuple, procedure Clause::BQE18;
            /// Chemin de fer: a bet placed after "no va más" (R-CF-7).
            LateBet { player: PlayerRef as who, amount: Money } => Coup, script named, procedure Clause::CF7;
            /// Chemin de fer: the banker has the croupier withdraw a late bet (R-CF-7).
            WithdrawLate { player: PlayerRef as who } => Coup, script named, procedure Clause::CF7;
            /// The croupier takes back his own last `entries` entries of the coup in play (a
            /// card misread, a bet on the wrong spot, a word for the wrong paño): his keying
            /// error, not one of the table's error procedures. Until the next coup opens (the
            /// croupier pays what the settlement shows, then goes on): after that the coup is
            /// paid, and only amended (R-BQ-E7).
            TakeBack { entries: u32 } => Coup, script tuple;
        }
    };
}
pub(crate) use operations;

/// The part of play an operation belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A coup's play: a bet, a card, a word, an error of the coup in play.
    Coup,
    /// The shift between coups: the next coup, a shoe, the bank, who sits.
    Shift,
}

/// The clause of an entry's procedure, if it names one.
macro_rules! procedure_of {
    () => {
        None
    };
    ($clause:expr) => {
        Some($clause)
    };
}

/// Builds `Op` and its facts from the table.
macro_rules! declare_ops {
    ( $(
        $(#[doc = $doc:literal])*
        $name:ident $( ( $tuple:ty ) )?
        $( { $( $(#[$attr:meta])* $field:ident : $ty:ty $( as $form:ident $( ($rename:ident) )? )? ),* $(,)? } )?
        => $phase:ident, script $shape:ident $( , procedure $procedure:expr )? ;
    )* ) => {
        /// A croupier's input, typed (the table of `operations!`).
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Op {
            $(
                $(#[doc = $doc])*
                $name $( ($tuple) )? $( { $( $(#[$attr])* $field: $ty ),* } )?,
            )*
        }

        impl Op {
            /// The name of every operation, in the table's order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The operation's name (`"Bet"`), as the shift log and the scripts write it.
            pub fn name(&self) -> &'static str {
                match self {
                    $( Op::$name { .. } => stringify!($name), )*
                }
            }

            /// The part of play the operation belongs to: a coup's, or the shift's
            /// between coups.
            pub fn phase(&self) -> Phase {
                match self {
                    $( Op::$name { .. } => Phase::$phase, )*
                }
            }

            /// The error procedure the operation belongs to (R-BQ-E1…E18; Chemin de
            /// fer's late bet, R-CF-7): the clause the error it records, if it records
            /// one, is recorded under (`decide::errors`). None for an operation of no
            /// procedure.
            #[allow(unused_variables)]
            pub fn procedure(&self) -> Option<Clause> {
                match self {
                    $( Op::$name { $( $( $field, )* )? .. } => procedure_of!($($procedure)?), )*
                }
            }

            /// One operation of each kind, in the table's order, its fields placeholders
            /// (a seated player, paño 1, 9♥, nothing in a list): for the checks that go
            /// over every operation (each has a script step, words on the entry line).
            pub fn examples() -> Vec<Op> {
                vec![ $( Op::$name $( ( <$tuple as Example>::example() ) )? $( { $( $field: Example::example() ),* } )? ),* ]
            }

            /// Each player the operation names, in the order of its fields (a bid's,
            /// a share's), until `each` refuses one.
            pub fn try_each_player<E>(&self, each: &mut impl FnMut(PlayerRef) -> Result<(), E>) -> Result<(), E> {
                match self {
                    $( Op::$name { $( $( $field, )* )? .. } => {
                        $( $( Names::try_each($field, each)?; )* )?
                        Ok(())
                    } )*
                }
            }
        }
    };
}

operations!(declare_ops);

/// A bid for the bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bid {
    pub player: PlayerRef,
    pub amount: Money,
}

/// One player's share of an associated banco.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Share {
    pub player: PlayerRef,
    pub amount: Money,
}

/// The players a field of an operation names: a player, an optional one, the bidders
/// and the partners of a banco. A field of any other type names nobody; a new type of
/// field must say which it is (the table does not build without it).
trait Names {
    fn try_each<E>(&self, _each: &mut impl FnMut(PlayerRef) -> Result<(), E>) -> Result<(), E> {
        Ok(())
    }
}

impl Names for PlayerRef {
    fn try_each<E>(&self, each: &mut impl FnMut(PlayerRef) -> Result<(), E>) -> Result<(), E> {
        each(*self)
    }
}

impl Names for Option<PlayerRef> {
    fn try_each<E>(&self, each: &mut impl FnMut(PlayerRef) -> Result<(), E>) -> Result<(), E> {
        self.map_or(Ok(()), each)
    }
}

impl Names for Vec<Bid> {
    fn try_each<E>(&self, each: &mut impl FnMut(PlayerRef) -> Result<(), E>) -> Result<(), E> {
        self.iter().try_for_each(|b| each(b.player))
    }
}

impl Names for Vec<Share> {
    fn try_each<E>(&self, each: &mut impl FnMut(PlayerRef) -> Result<(), E>) -> Result<(), E> {
        self.iter().try_for_each(|s| each(s.player))
    }
}

impl Names for Spot {}
impl Names for Money {}
impl Names for HandId {}
impl Names for Option<HandId> {}
impl Names for Card {}
impl Names for Option<Card> {}
impl Names for Vec<Card> {}
impl Names for Call {}
impl Names for Clause {}
impl Names for Option<ErrorBy> {}
impl Names for bool {}
impl Names for u8 {}
impl Names for Option<u8> {}
impl Names for u32 {}
impl Names for String {}
impl Names for Option<PlayerNumber> {}

/// A placeholder value of a field, for `Op::examples`.
trait Example {
    fn example() -> Self;
}

impl<T> Example for Option<T> {
    fn example() -> Self {
        None
    }
}

impl<T> Example for Vec<T> {
    fn example() -> Self {
        Vec::new()
    }
}

macro_rules! examples {
    ($($ty:ty => $value:expr;)*) => {
        $(impl Example for $ty {
            fn example() -> Self {
                $value
            }
        })*
    };
}

examples! {
    PlayerRef => PlayerRef::seated(2);
    Spot => Spot::Tableau(1);
    HandId => HandId::Tableau(1);
    Money => Money::ZERO;
    Card => Card { rank: super::card::Rank::Nine, suit: super::card::Suit::Hearts };
    Call => Call::Draw;
    Clause => Clause::BQE14;
    bool => false;
    u8 => 1;
    u32 => 1;
    String => String::new();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table names each operation once, and its names are the variants'.
    #[test]
    fn every_operation_is_named_once_in_the_table() {
        let mut names = Op::NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Op::NAMES.len(), "an operation is declared twice");
        assert_eq!(Op::NoMoreBets.name(), "NoMoreBets");
        assert_eq!(Op::TakeBack { entries: 1 }.name(), "TakeBack");
        let examples = Op::examples();
        assert_eq!(examples.iter().map(Op::name).collect::<Vec<_>>(), Op::NAMES, "one example of each, in order");
    }

    /// The procedures as the error procedures record them (R-BQ-E1…E18, R-CF-7):
    /// a player's error under its own clause; an operation of no procedure, none.
    #[test]
    fn each_error_operation_names_its_procedure_r_bq_e1_r_bq_e18_r_cf_7() {
        let p = PlayerRef::seated(1);
        assert_eq!(Op::EarlyCards { count: 1 }.procedure(), Some(Clause::BQE1));
        assert_eq!(Op::Claim.procedure(), Some(Clause::BQE7));
        assert_eq!(Op::WithdrawLate { player: p }.procedure(), Some(Clause::CF7));
        let e = Op::PlayerError { clause: Clause::BQE15, hand: HandId::Tableau(1), by: None };
        assert_eq!(e.procedure(), Some(Clause::BQE15));
        assert_eq!(Op::NoMoreBets.procedure(), None);
        assert_eq!(Op::Bet { player: p, spot: Spot::Tableau(1), amount: Money::ZERO }.procedure(), None);
    }

    /// The players an operation names: each of its players' fields, in order.
    #[test]
    fn an_operation_names_its_players_in_order() {
        let names = |op: &Op| {
            let mut v = Vec::new();
            let _ = op.try_each_player(&mut |p| -> Result<(), ()> {
                v.push(p.seat);
                Ok(())
            });
            v
        };
        let p = |s| PlayerRef::seated(s);
        let bids = vec![Bid { player: p(3), amount: Money::ZERO }, Bid { player: p(5), amount: Money::ZERO }];
        assert_eq!(names(&Op::Auction { bids, lot: Some(p(5)) }), vec![3, 5, 5]);
        assert_eq!(names(&Op::Shuffle { by: None }), Vec::<u8>::new());
        assert_eq!(names(&Op::WrongPlayer { hand: HandId::Tableau(1), player: p(4) }), vec![4]);
        assert_eq!(names(&Op::Card("8h".parse().expect("a card"))), Vec::<u8>::new());
        // The first refused stops the walk.
        let ops = Op::BancoAssociated {
            shares: vec![Share { player: p(1), amount: Money::ZERO }, Share { player: p(2), amount: Money::ZERO }],
        };
        assert_eq!(ops.try_each_player(&mut |q| if q.seat == 1 { Err(q.seat) } else { Ok(()) }), Err(1));
    }
}
