//! The drawing rules: the paños' and the player's (R-BQ-11), the bank's table
//! (R-BQ-13) and how it reads against two paños (R-BQ-14), and Punto y Banca's fixed
//! rules (R-PB-7); a natural (R-C-2) and how one hand fares against another (R-BQ-15).

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// One cell of a bank's table: `T` draw, `P` stand, `O` banker's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    Draw,
    Stand,
    Optional,
}

impl Cell {
    pub fn letter(self) -> char {
        match self {
            Cell::Draw => 'T',
            Cell::Stand => 'P',
            Cell::Optional => 'O',
        }
    }
}

/// What the holder of a player hand must do with a two-card total (R-BQ-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerDuty {
    /// 8 or 9: show the natural.
    ShowNatural,
    /// 0–4: must draw.
    MustDraw,
    /// 5 (or any non-natural for a banco caller): free.
    Chooses,
    /// 6 or 7: stands.
    MustStand,
}

/// A natural: a two-card total of 8 or 9 (R-C-2, R-BQ-12, R-CF-8, R-PB-7). The one
/// test of it, for the engine and whoever asks it.
pub const fn is_natural(total: u8) -> bool {
    matches!(total, 8 | 9)
}

/// R-BQ-15: how a hand with `total` fares against one with `other` (each final, each
/// a natural or not): the higher total wins; a natural beats any hand that is not a
/// natural (any three-card hand, even a three-card 9); equal totals tie. The one
/// comparison of hands, for the settlement and the enumerators (`analysis`).
#[inline]
pub const fn fares_against(total: u8, natural: bool, other: u8, other_natural: bool) -> Ordering {
    match (natural, other_natural) {
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ if total > other => Ordering::Greater,
        _ if total < other => Ordering::Less,
        _ => Ordering::Equal,
    }
}

/// R-BQ-11: a paño (or the Chemin de fer player) with `total` after two cards.
/// `free` is the banco caller's right to draw or stand on any total but a natural.
pub fn player_duty(total: u8, free: bool) -> PlayerDuty {
    match total {
        t if is_natural(t) => PlayerDuty::ShowNatural,
        _ if free => PlayerDuty::Chooses,
        0..=4 => PlayerDuty::MustDraw,
        5 => PlayerDuty::Chooses,
        _ => PlayerDuty::MustStand,
    }
}

/// R-BQ-13: the bank's table, by the bank's two-card total and the paño's third card
/// (`None`: the paño stood, the `—` column). A bank of 8 or 9 has a natural and stands.
pub fn bank_cell(bank: u8, third: Option<u8>) -> Cell {
    use Cell::{Draw as T, Optional as O, Stand as P};
    let col = match third {
        Some(v) => usize::from(v % 10),
        None => 10,
    };
    const TABLE: [[Cell; 11]; 8] = [
        [T, T, T, T, T, T, T, T, T, T, T],
        [T, T, T, T, T, T, T, T, T, T, T],
        [T, T, T, T, T, T, T, T, T, T, T],
        [T, T, T, T, T, T, T, T, P, O, T],
        [P, P, T, T, T, T, T, T, P, P, T],
        [P, P, P, P, O, T, T, T, P, P, T],
        [P, P, P, P, P, P, T, T, P, P, P],
        [P, P, P, P, P, P, P, P, P, P, P],
    ];
    match bank {
        0..=7 => TABLE[usize::from(bank)][col],
        _ => P,
    }
}

/// What the bank owes at its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BankDuty {
    MustDraw,
    MustStand,
    Chooses,
}

impl From<Cell> for BankDuty {
    fn from(c: Cell) -> Self {
        match c {
            Cell::Draw => BankDuty::MustDraw,
            Cell::Stand => BankDuty::MustStand,
            Cell::Optional => BankDuty::Chooses,
        }
    }
}

/// R-BQ-14: the table read against two paños. `None` for a paño that showed a
/// natural (it takes no part). Where the table says the same against both, the
/// banker must do it; against one paño alone, he follows it; where it says draw
/// against one and stand against the other (or leaves a choice against one), he
/// chooses. Returns `None` when both paños showed naturals: the bank has no play.
pub fn against_two(a: Option<Cell>, b: Option<Cell>) -> Option<BankDuty> {
    match (a, b) {
        (None, None) => None,
        (Some(x), None) | (None, Some(x)) => Some(x.into()),
        (Some(x), Some(y)) if x == y => Some(x.into()),
        _ => Some(BankDuty::Chooses),
    }
}

/// R-BQ-E13, a coup put right after an error: against one paño when the other showed
/// a natural, the table with both `O` cells as draw; where the table says the same
/// against both, that; where it differs, the banker chooses if the error was a
/// player's or the croupier's, and if it was the banker's he draws on 5 or less and
/// stands otherwise.
pub fn restored_against_two(bank: u8, a: Option<Cell>, b: Option<Cell>, bankers_error: bool) -> Option<BankDuty> {
    let strict = |c: Cell| if c == Cell::Optional { Cell::Draw } else { c };
    match (a, b) {
        (None, None) => None,
        (Some(x), None) | (None, Some(x)) => Some(strict(x).into()),
        (Some(x), Some(y)) if x == y => Some(x.into()),
        _ if bankers_error => Some(if bank <= 5 { BankDuty::MustDraw } else { BankDuty::MustStand }),
        _ => Some(BankDuty::Chooses),
    }
}

/// R-PB-7: punto draws on 0–5, stands on 6–7; 8–9 is a natural.
pub fn punto_draws(total: u8) -> bool {
    total <= 5
}

/// R-PB-7: banca's fixed table by its two-card total and punto's third card; when
/// punto stood, banca draws on `stood_up_to` or less (house rule, standard 5).
pub fn banca_draws(banca: u8, punto_third: Option<u8>, stood_up_to: u8) -> bool {
    match punto_third {
        None => banca <= stood_up_to,
        Some(t) => match banca {
            0..=2 => true,
            3 => t != 8,
            4 => (2..=7).contains(&t),
            5 => (4..=7).contains(&t),
            6 => (6..=7).contains(&t),
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of R-BQ-13 exactly as RULES.md prints it.
    const PRINTED: [&str; 8] = [
        "TTTTTTTTTTT",
        "TTTTTTTTTTT",
        "TTTTTTTTTTT",
        "TTTTTTTTPOT",
        "PPTTTTTTPPT",
        "PPPPOTTTPPT",
        "PPPPPPTTPPP",
        "PPPPPPPPPPP",
    ];

    #[test]
    fn bank_table_matches_r_bq_13() {
        // R-BQ-13: every cell, rows 0..7 by columns 0..9 and '—'.
        for (bank, row) in PRINTED.iter().enumerate() {
            for (col, letter) in row.chars().enumerate() {
                let third = if col == 10 { None } else { Some(col as u8) };
                assert_eq!(bank_cell(bank as u8, third).letter(), letter, "bank {bank} col {col}");
            }
        }
        assert_eq!(bank_cell(8, Some(3)), Cell::Stand);
    }

    #[test]
    fn player_rule_r_bq_11() {
        // R-BQ-11: 8–9 natural, 6–7 stand, 0–4 draw, 5 free; banco caller free below 8.
        assert_eq!(player_duty(9, false), PlayerDuty::ShowNatural);
        assert_eq!(player_duty(8, true), PlayerDuty::ShowNatural);
        assert_eq!(player_duty(7, false), PlayerDuty::MustStand);
        assert_eq!(player_duty(4, false), PlayerDuty::MustDraw);
        assert_eq!(player_duty(0, false), PlayerDuty::MustDraw);
        assert_eq!(player_duty(5, false), PlayerDuty::Chooses);
        assert_eq!(player_duty(3, true), PlayerDuty::Chooses);
        assert_eq!(player_duty(7, true), PlayerDuty::Chooses);
    }

    #[test]
    fn against_two_paños_r_bq_14() {
        use Cell::*;
        // Same against both: must.
        assert_eq!(against_two(Some(Draw), Some(Draw)), Some(BankDuty::MustDraw));
        assert_eq!(against_two(Some(Stand), Some(Stand)), Some(BankDuty::MustStand));
        // One paño showed a natural: follow the table against the other.
        assert_eq!(against_two(None, Some(Draw)), Some(BankDuty::MustDraw));
        assert_eq!(against_two(Some(Stand), None), Some(BankDuty::MustStand));
        // Draw against one, stand against the other: he chooses.
        assert_eq!(against_two(Some(Draw), Some(Stand)), Some(BankDuty::Chooses));
        assert_eq!(against_two(None, None), None);
    }

    #[test]
    fn restored_coup_r_bq_e13() {
        use Cell::*;
        // A natural against the bank: the other paño's O cell becomes draw.
        assert_eq!(restored_against_two(3, None, Some(Optional), false), Some(BankDuty::MustDraw));
        // Differing cells: banker's own error → draw on 5 or less, stand otherwise.
        assert_eq!(restored_against_two(5, Some(Draw), Some(Stand), true), Some(BankDuty::MustDraw));
        assert_eq!(restored_against_two(6, Some(Draw), Some(Stand), true), Some(BankDuty::MustStand));
        assert_eq!(restored_against_two(5, Some(Draw), Some(Stand), false), Some(BankDuty::Chooses));
    }

    /// R-PB-7 as RULES.md prints it (rows banca 0..7, columns punto's third card 0..9).
    const PB: [&str; 8] = [
        "TTTTTTTTTT",
        "TTTTTTTTTT",
        "TTTTTTTTTT",
        "TTTTTTTTPT",
        "PPTTTTTTPP",
        "PPPPTTTTPP",
        "PPPPPPTTPP",
        "PPPPPPPPPP",
    ];

    #[test]
    fn punto_y_banca_fixed_rules_r_pb_7() {
        for (banca, row) in PB.iter().enumerate() {
            for (col, letter) in row.chars().enumerate() {
                assert_eq!(banca_draws(banca as u8, Some(col as u8), 5), letter == 'T', "banca {banca} vs {col}");
            }
        }
        for t in 0..=5 {
            assert!(punto_draws(t));
            assert!(banca_draws(t, None, 5));
        }
        assert!(!punto_draws(6) && !punto_draws(7));
        assert!(!banca_draws(6, None, 5) && !banca_draws(7, None, 5));
    }
}
