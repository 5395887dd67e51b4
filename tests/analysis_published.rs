//! Published results reproduced by the exact analysis (issue #7), each with its source.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::analysis::{Composition, chemin, punto_banca};
use sabot::engine::Rate;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// Punto y Banca, 8 decks: the exact number of six-card sequences won by banker, player
/// and tie. Source: "Probabilities in 8deck Baccarat", table of combinations, at
/// casinoexploit.com/baccarat.html (the Wizard of Odds' figures), read 2025; total
/// 416!/410! = 4,998,398,275,503,360 (excelpunks.com, "Baccarat – an analysis on
/// calculations", 2019). R-PB-7.
#[test]
fn eight_decks_exact_combinations_r_pb_7() {
    let o = punto_banca::odds(&Composition::decks(8).unwrap(), 5).unwrap();
    assert_eq!(o.banker, 2_292_252_566_437_888);
    assert_eq!(o.player, 2_230_518_282_592_256);
    assert_eq!(o.tie, 475_627_426_473_216);
    assert_eq!(o.total, 4_998_398_275_503_360);
}

/// Punto y Banca, 6 decks, same source and table ("Probabilities in 6deck Baccarat").
#[test]
fn six_decks_exact_combinations_r_pb_7() {
    let o = punto_banca::odds(&Composition::decks(6).unwrap(), 5).unwrap();
    assert_eq!(o.banker, 403_095_751_234_560);
    assert_eq!(o.player, 392_220_492_728_832);
    assert_eq!(o.tie, 83_552_962_932_288);
}

/// Punto y Banca, 4 decks, same source ("Probabilities in 4deck Baccarat": banker and
/// player combinations).
#[test]
fn four_decks_exact_combinations_r_pb_7() {
    let o = punto_banca::odds(&Composition::decks(4).unwrap(), 5).unwrap();
    assert_eq!(o.banker, 34_543_624_867_840);
    assert_eq!(o.player, 33_608_344_225_792);
}

/// Probabilities to six decimals. Source: Wizard of Odds, "Baccarat Appendix 3" (8 decks:
/// player 0.446247, banker 0.458597, tie 0.095156), wizardofodds.com/games/baccarat/
/// appendix/3/, last updated 2009; and multiplayerbaccarat.com/odds.html (citing
/// E. O. Thorp, "The Mathematics of Gambling", 1984) for 6 decks: banker 0.458653,
/// player 0.446279, tie 0.095069.
#[test]
fn probabilities_to_six_decimals_r_pb_4() {
    for (decks, banker, player, tie) in [(8, 0.458597, 0.446247, 0.095156), (6, 0.458653, 0.446279, 0.095069)] {
        let o = punto_banca::odds(&Composition::decks(decks).unwrap(), 5).unwrap();
        assert!(close(o.p_banker(), banker, 5e-7), "{decks} decks banker {}", o.p_banker());
        assert!(close(o.p_player(), player, 5e-7), "{decks} decks player {}", o.p_player());
        assert!(close(o.p_tie(), tie, 5e-7), "{decks} decks tie {}", o.p_tie());
    }
}

/// House edges with a 5 % (and 4 %) commission, ties pushing (R-PB-4). Source:
/// multiplayerbaccarat.com/odds.html: 6 decks banker 1.0558 % (4 %: 0.5972 %), player
/// 1.2374 %; 8 decks banker 1.0579 % (4 %: 0.5993 %), player 1.2351 %.
#[test]
fn house_edges_r_pb_4() {
    let four = "0.04".parse::<Rate>().unwrap();
    for (decks, banker5, banker4, player) in [(6, 1.0558, 0.5972, 1.2374), (8, 1.0579, 0.5993, 1.2351)] {
        let o = punto_banca::odds(&Composition::decks(decks).unwrap(), 5).unwrap();
        let e5 = o.edges(Rate::five_percent());
        let e4 = o.edges(four);
        assert!(close(e5.banker * 100.0, banker5, 5e-5), "{decks} decks banker {}", e5.banker);
        assert!(close(e4.banker * 100.0, banker4, 5e-5), "{decks} decks banker 4 % {}", e4.banker);
        assert!(close(e5.player * 100.0, player, 5e-5), "{decks} decks player {}", e5.player);
    }
}

/// An infinite shoe (cards with replacement, one deck's proportions). Source: the README
/// of github.com/lstich/Baccarat ("infinite decks … Player wins with ~= 0.446147, Banker
/// ~= 0.458428, Tie ~= 0.095426").
#[test]
fn infinite_shoe_r_pb_7() {
    let o = punto_banca::odds(&Composition::single_deck_with_replacement(), 5).unwrap();
    assert!(close(o.p_player(), 0.446147, 5e-7), "{}", o.p_player());
    assert!(close(o.p_banker(), 0.458428, 5e-7), "{}", o.p_banker());
    assert!(close(o.p_tie(), 0.095426, 5e-7), "{}", o.p_tie());
}

/// Chemin de fer as a game, solved under the classical model of Kemeny and Snell.
///
/// Source of the model: J. G. Kemeny and J. L. Snell, "Game-theoretic solution of
/// baccarat", American Mathematical Monthly 64 (1957) 465–469, as summed up in the
/// abstract of S. N. Ethier and C. Gámez, "A game-theoretic analysis of baccara chemin de
/// fer", Games 4 (2013) 711–737 (arXiv:1305.5468): cards dealt with replacement from a
/// single deck; player and bank each see the total of their own two cards, not its
/// composition; the player chooses only on 5, the bank in each of its 88 cells (bank
/// total 0–7 × the player's third card or "stood"): a 2 × 2^88 matrix game, whose unique
/// solution they found.
///
/// Published figure: the player draws on 5 with probability 9/11. The engine finds it
/// exactly. The bank's part of the solution and the value below are what the engine
/// computes (the papers' tables could not be read through the search tool): the bank
/// follows the table of R-BQ-13 with both `O` cells drawn — (3, 9) and (5, 4) — except
/// that with 6 against a player who stood it draws with probability 859/2288; the value
/// (the player's expectation per unit) is −679568/(11·13⁶) ≈ −0.012799.
#[test]
fn kemeny_snell_solution_r_cf_8() {
    let shoe = Composition::single_deck_with_replacement();
    let s = chemin::solve(&shoe).unwrap();
    assert_eq!(s.p, chemin::Ratio { num: 9, den: 11 });
    assert_eq!(s.value, chemin::Ratio { num: -679_568, den: 11 * 13i128.pow(6) });
    let table = chemin::table_play(1.0);
    for (b, row) in s.bank.iter().enumerate() {
        for (x, beta) in row.iter().enumerate() {
            if (b, x) == (6, chemin::STOOD) {
                assert_eq!(*beta, chemin::Ratio { num: 859, den: 2288 });
            } else {
                assert_eq!(beta.to_f64(), table[b][x], "bank {b} column {x}");
            }
        }
    }
    // The solution checked as a solution, through `odds` (win/lose/tie mixed in f64
    // rather than the solver's exact gains): against the bank's optimal play the player
    // gains the value whether he draws or stands on 5 (he is indifferent), and so with 9/11.
    let bank: chemin::BankPlay = s.bank.map(|row| row.map(|r| r.to_f64()));
    let value = s.value.to_f64();
    for p in [0.0, 1.0, 9.0 / 11.0] {
        let o = chemin::odds(&shoe, p, &bank).unwrap();
        assert!(close(o.player_gain, value, 1e-12), "p {p}: {} vs {value}", o.player_gain);
    }
    // Against the player's 9/11 no pure change of the bank does better: each cell's
    // choice is a best answer (the bank minimises the player's gain).
    let d = chemin::cell_counts(&shoe, chemin::player_draws(true)).unwrap();
    let st = chemin::cell_counts(&shoe, chemin::player_draws(false)).unwrap();
    for b in 0..8 {
        for x in 0..11 {
            let gain = |c: &chemin::CellCounts| (c.gain_draw(b, x) - c.gain_stand(b, x)) as f64;
            let delta = 9.0 / 11.0 * gain(&d) + 2.0 / 11.0 * gain(&st);
            let beta = s.bank[b][x].to_f64();
            if beta == 1.0 {
                assert!(delta <= 0.0, "bank {b} col {x} draws but drawing helps the player");
            } else if beta == 0.0 {
                assert!(delta >= 0.0, "bank {b} col {x} stands but standing helps the player");
            } else {
                assert!(delta.abs() < 1e-6, "bank {b} col {x} mixes but is not indifferent");
            }
        }
    }
}
