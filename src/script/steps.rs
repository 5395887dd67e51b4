//! A script's steps (`docs/SCRIPTS.md`), built from the engine's one table of
//! operations (`engine::op::operations!`): a step for each operation, in the shape
//! the table gives it, and both conversions (a step's operations, an operation's
//! step). What is the script's own is written here: a list of cards in one step, the
//! two shuffles, the bank taken (its `how`, read and ignored), the auction's lot by
//! section, a card on the floor, the checks along the way.

use super::{Expect, SeatAmount};
use crate::engine::op::operations;
use crate::engine::{
    BankWay, Bid, Call, Card, Clause, ErrorBy, HandId, Money, Op, PlayerNumber, PlayerRef, Share, Spot,
};
use serde::{Deserialize, Serialize};

/// Builds `Step` from the table: one rule an entry's shape, one rule a named field's
/// form. Each entry adds its variant, its arm of `Step::ops` and its arm of
/// `Step::of`.
macro_rules! script_steps {
    // The table as `operations!` hands it on, each entry reduced to its shape, its
    // docs, its name and its fields.
    ( $(
        $(#[doc = $doc:literal])*
        $name:ident $( ( $tuple:ty ) )?
        $( { $( $(#[$attr:meta])* $field:ident : $ty:ty $( as $form:ident $( ($rename:ident) )? )? ),* $(,)? } )?
        => $phase:ident, script $shape:ident $( , procedure $procedure:expr )? ;
    )* ) => {
        script_steps! { @entry [] [] []
            $( $shape [$(#[doc = $doc])*] $name [ $( $( $field : $ty $( as $form $( ($rename) )? )? , )* )? ] )*
        }
    };

    // ---- Entries, by shape ----
    (@entry [$($var:tt)*] [$($ops:tt)*] [$($of:tt)*] unit [$($doc:tt)*] $name:ident [] $($rest:tt)*) => {
        script_steps! { @entry
            [$($var)* $($doc)* $name,]
            [$($ops)* Step::$name => vec![Op::$name],]
            [$($of)* Op::$name => Step::$name,]
            $($rest)*
        }
    };
    (@entry $var:tt $ops:tt $of:tt own [$($doc:tt)*] $name:ident [$($fields:tt)*] $($rest:tt)*) => {
        script_steps! { @entry $var $ops $of $($rest)* }
    };
    (@entry [$($var:tt)*] [$($ops:tt)*] [$($of:tt)*]
        tuple [$($doc:tt)*] $name:ident [ $( $field:ident : $ty:ty , )* ] $($rest:tt)*) => {
        script_steps! { @entry
            [$($var)* $($doc)* $name($($ty),*),]
            [$($ops)* Step::$name($($field),*) => vec![Op::$name { $($field: $field.clone()),* }],]
            [$($of)* Op::$name { $($field),* } => Step::$name($($field.clone()),*),]
            $($rest)*
        }
    };
    (@entry $var:tt $ops:tt $of:tt named $doc:tt $name:ident [$($fields:tt)*] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name [] [] [] [] [] [$($fields)*] $($rest)* }
    };

    // ---- A named entry's fields, one at a time: the step's field declarations, the
    // step's pattern, the operation built from it, the operation's pattern, the step
    // built from it ----
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [ $field:ident : $ty:ty as who , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name
            [$($decl)* seat: u8, #[serde(default, skip_serializing_if = "std::ops::Not::not")] standing: bool,]
            [$($step_pat)* seat, standing,]
            [$($op_new)* $field: PlayerRef { seat: *seat, standing: *standing },]
            [$($op_pat)* $field,]
            [$($step_new)* seat: $field.seat, standing: $field.standing,]
            [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [ $field:ident : $ty:ty as seat , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name
            [$($decl)* seat: u8,]
            [$($step_pat)* seat,]
            [$($op_new)* $field: PlayerRef::seated(*seat),]
            [$($op_pat)* $field,]
            [$($step_new)* seat: $field.seat,]
            [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [ $field:ident : $ty:ty as maybe_seat , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name
            [$($decl)* #[serde(default, skip_serializing_if = "Option::is_none")] seat: Option<u8>,]
            [$($step_pat)* seat,]
            [$($op_new)* $field: seat.map(PlayerRef::seated),]
            [$($op_pat)* $field,]
            [$($step_new)* seat: $field.map(|p| p.seat),]
            [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [ $field:ident : $ty:ty as by_seat , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name
            [$($decl)* $field: Vec<SeatAmount>,]
            [$($step_pat)* $field,]
            [$($op_new)* $field: $field.iter().map(SeatAmount::share).collect(),]
            [$($op_pat)* $field,]
            [$($step_new)* $field: $field.iter().map(|s| SeatAmount::of(s.player, s.amount)).collect(),]
            [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [ $field:ident : $ty:ty as called($rename:ident) , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name
            [$($decl)* $rename: $ty,]
            [$($step_pat)* $rename,]
            [$($op_new)* $field: $rename.clone(),]
            [$($op_pat)* $field,]
            [$($step_new)* $rename: $field.clone(),]
            [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        $decl:tt $step_pat:tt $op_new:tt $op_pat:tt $step_new:tt
        [ $field:ident : $ty:ty as opt , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @plain $var $ops $of $doc $name $decl $step_pat $op_new $op_pat $step_new
            [#[serde(default, skip_serializing_if = "Option::is_none")]] $field $ty [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        $decl:tt $step_pat:tt $op_new:tt $op_pat:tt $step_new:tt
        [ $field:ident : $ty:ty as list , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @plain $var $ops $of $doc $name $decl $step_pat $op_new $op_pat $step_new
            [#[serde(default, skip_serializing_if = "Vec::is_empty")]] $field $ty [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        $decl:tt $step_pat:tt $op_new:tt $op_pat:tt $step_new:tt
        [ $field:ident : $ty:ty as flag , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @plain $var $ops $of $doc $name $decl $step_pat $op_new $op_pat $step_new
            [#[serde(default, skip_serializing_if = "std::ops::Not::not")]] $field $ty [$($more)*] $($rest)*
        }
    };
    (@field $var:tt $ops:tt $of:tt $doc:tt $name:ident
        $decl:tt $step_pat:tt $op_new:tt $op_pat:tt $step_new:tt
        [ $field:ident : $ty:ty , $($more:tt)* ] $($rest:tt)*) => {
        script_steps! { @plain $var $ops $of $doc $name $decl $step_pat $op_new $op_pat $step_new
            [] $field $ty [$($more)*] $($rest)*
        }
    };
    // The fields done: the entry's variant and arms.
    (@field [$($var:tt)*] [$($ops:tt)*] [$($of:tt)*] [$($doc:tt)*] $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [] $($rest:tt)*) => {
        script_steps! { @entry
            [$($var)* $($doc)* $name { $($decl)* },]
            [$($ops)* Step::$name { $($step_pat)* } => vec![Op::$name { $($op_new)* }],]
            [$($of)* Op::$name { $($op_pat)* } => Step::$name { $($step_new)* },]
            $($rest)*
        }
    };
    // A field as the operation has it, under these serde attributes.
    (@plain $var:tt $ops:tt $of:tt $doc:tt $name:ident
        [$($decl:tt)*] [$($step_pat:tt)*] [$($op_new:tt)*] [$($op_pat:tt)*] [$($step_new:tt)*]
        [$($serde:tt)*] $field:ident $ty:ty [$($more:tt)*] $($rest:tt)*) => {
        script_steps! { @field $var $ops $of $doc $name
            [$($decl)* $($serde)* $field: $ty,]
            [$($step_pat)* $field,]
            [$($op_new)* $field: $field.clone(),]
            [$($op_pat)* $field,]
            [$($step_new)* $field: $field.clone(),]
            [$($more)*] $($rest)*
        }
    };

    // ---- The table done: the steps, with the script's own ----
    (@entry [$($var:tt)*] [$($ops:tt)*] [$($of:tt)*]) => {
        /// One thing the croupier entered: an operation, in the shape the table of
        /// operations gives it, or a step of the script's own.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Step {
            $($var)*
            // ---- The script's own ----
            /// Cards out of the sabot, one operation each.
            Cards(Vec<Card>),
            /// The croupier shuffles.
            Shuffle,
            /// Chemin de fer: a player shuffles.
            PlayerShuffles { seat: u8 },
            /// A player takes the bank.
            TakeBank {
                seat: u8,
                amount: Money,
                /// How the bank was taken: read for the scripts that name it, and ignored:
                /// the engine says how (offered, bought) from who takes it and the amount.
                #[serde(default = "bought", skip_serializing)]
                how: BankWay,
                #[serde(default, skip_serializing_if = "std::ops::Not::not")]
                standing: bool,
            },
            /// The bank auctioned: the bids, and the lot drawn among them by section.
            Auction {
                bids: Vec<SeatAmount>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                lot: Option<u8>,
            },
            /// A card on the floor (R-BQ-E4), not named.
            CardOnFloor,
            /// What must hold at this point of the script (the same fields as `expect`, and
            /// the shift's).
            Check(Box<Expect>),
        }

        impl Step {
            /// The operations of this step, in order (a `Cards` step is one per card).
            #[allow(clippy::clone_on_copy)]
            pub fn ops(&self) -> Vec<Op> {
                match self {
                    $($ops)*
                    Step::Cards(cards) => cards.iter().map(|c| Op::Card(*c)).collect(),
                    Step::Shuffle => vec![Op::Shuffle { by: None }],
                    Step::PlayerShuffles { seat } => vec![Op::Shuffle { by: Some(PlayerRef::seated(*seat)) }],
                    Step::TakeBank { seat, amount, standing, .. } => {
                        vec![Op::TakeBank { player: PlayerRef { seat: *seat, standing: *standing }, amount: *amount }]
                    }
                    Step::Auction { bids, lot } => vec![auction_op(bids, *lot)],
                    Step::CardOnFloor => vec![Op::CardOnFloor { card: None }],
                    Step::Check(_) => vec![],
                }
            }

            /// The step the script format writes for an operation, if any: one for each
            /// kind of operation, but a lot drawn among no bidder and a card on the floor
            /// that is named. (`reports::export` keeps it only where its operations are
            /// exactly this one.)
            #[allow(clippy::clone_on_copy)]
            pub fn of(op: &Op) -> Option<Step> {
                Some(match op {
                    $($of)*
                    Op::Card(c) => Step::Cards(vec![*c]),
                    Op::Shuffle { by } => by.map_or(Step::Shuffle, |p| Step::PlayerShuffles { seat: p.seat }),
                    Op::TakeBank { player, amount } => {
                        Step::TakeBank { seat: player.seat, amount: *amount, how: BankWay::Bought, standing: player.standing }
                    }
                    Op::Auction { bids, lot } => return auction_step(bids, *lot),
                    Op::CardOnFloor { card: None } => Step::CardOnFloor,
                    Op::CardOnFloor { card: Some(_) } => return None,
                })
            }
        }
    };
}

operations!(script_steps);

fn bought() -> BankWay {
    BankWay::Bought
}

impl SeatAmount {
    /// A player's amount as a script names it: by seat and whether standing.
    pub fn of(player: PlayerRef, amount: Money) -> SeatAmount {
        SeatAmount { seat: player.seat, standing: player.standing, amount }
    }

    /// The player the amount is of.
    fn player(&self) -> PlayerRef {
        PlayerRef { seat: self.seat, standing: self.standing }
    }

    /// A share of an associated banco.
    fn share(&self) -> Share {
        Share { player: self.player(), amount: self.amount }
    }
}

/// The auction of the bank: its bids, and the lot drawn among them by section (the
/// bidder at that section, else the seated player there).
fn auction_op(bids: &[SeatAmount], lot: Option<u8>) -> Op {
    Op::Auction {
        bids: bids.iter().map(|b| Bid { player: b.player(), amount: b.amount }).collect(),
        lot: lot.map(|s| bids.iter().find(|b| b.seat == s).map_or(PlayerRef::seated(s), SeatAmount::player)),
    }
}

/// The auction as a step: its bids, and the lot among them. A lot names a bidder by
/// section: the step finds it among the bids (none when it is not there).
fn auction_step(bids: &[Bid], lot: Option<PlayerRef>) -> Option<Step> {
    if lot.is_some_and(|l| !bids.iter().any(|b| b.player == l)) {
        return None;
    }
    Some(Step::Auction {
        bids: bids.iter().map(|b| SeatAmount::of(b.player, b.amount)).collect(),
        lot: lot.map(|l| l.seat),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of the table has a step that enters exactly it, and the step
    /// reads back from what it writes: a new operation is a new step.
    #[test]
    fn every_operation_has_a_step_that_enters_exactly_it() {
        for op in Op::examples() {
            let step = Step::of(&op).unwrap_or_else(|| panic!("{op:?} has no step"));
            assert_eq!(step.ops(), vec![op.clone()], "{step:?}");
            let text = step.to_ron();
            let back: Step = super::super::ron_options().from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, step, "{text}");
        }
    }

    /// The shapes the script format documents (docs/SCRIPTS.md, SCENARIOS.md), as the
    /// table builds them: a player by `seat` and `standing`, tuples, a renamed field.
    #[test]
    fn the_steps_read_as_the_format_documents_them() {
        let read =
            |s: &str| super::super::ron_options().from_str::<Step>(s).unwrap_or_else(|e| panic!("{s}: {e}")).ops();
        let p = |seat, standing| PlayerRef { seat, standing };
        assert_eq!(
            read(r#"Bet(seat: 9, standing: true, spot: Tableau(2), amount: "100")"#),
            vec![Op::Bet { player: p(9, true), spot: Spot::Tableau(2), amount: Money::units(100) }]
        );
        assert_eq!(
            read(r#"Banco(seat: 10, on: Tableau(2), standing: true)"#),
            vec![Op::Banco { player: p(10, true), on: Some(HandId::Tableau(2)) }]
        );
        assert_eq!(read("Cut(below: 60)"), vec![Op::Cut { by: None, below: 60 }]);
        assert_eq!(read("Cut(below: 60, seat: 3)"), vec![Op::Cut { by: Some(p(3, false)), below: 60 }]);
        assert_eq!(read("AnnounceBank(\"2000\")"), vec![Op::AnnounceBank { amount: Money::units(2000) }]);
        assert_eq!(
            read("PlayerError(rule: \"R-BQ-E15\", hand: Tableau(1))"),
            vec![Op::PlayerError { clause: Clause::BQE15, hand: HandId::Tableau(1), by: None }]
        );
        assert_eq!(
            read(r#"BancoAssociated(shares: [(seat: 2, standing: true, amount: "500"), (seat: 3, amount: "500")])"#),
            vec![Op::BancoAssociated {
                shares: vec![
                    Share { player: p(2, true), amount: Money::units(500) },
                    Share { player: p(3, false), amount: Money::units(500) },
                ]
            }]
        );
        assert_eq!(read(r#"Cards(["8h", "Kc"])"#).len(), 2);
        assert_eq!(read("DeclineCut(seat: 4)"), vec![Op::DeclineCut { by: p(4, false) }]);
        let number = PlayerNumber::parse("4711").ok();
        assert!(number.is_some());
        assert_eq!(read(r#"Join(seat: 3, number: "4711")"#), vec![Op::Join { player: p(3, false), number }]);
        assert_eq!(read("Join(seat: 3)"), vec![Op::Join { player: p(3, false), number: None }]);
        assert!(
            super::super::ron_options().from_str::<Step>("Bet(seat: 1)").is_err(),
            "a bet names its spot and amount"
        );
    }
}
