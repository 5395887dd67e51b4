//! The exact analysis checked against deliberately naive enumerators (issue #7).
//!
//! The enumerators here share nothing with `src/analysis` but the engine's drawing
//! tables (R-PB-7, R-BQ-11, R-BQ-13): they deal card by card, every position of the sequence in
//! turn, over the composition, and play each sequence out as a croupier would. Slow and
//! obvious; the fast code must agree with them to 1e-9 on many random compositions
//! (the counts agree exactly).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use proptest::prelude::*;
use sabot::analysis::banker::{BankerView, FivePlay, PanoPlay, PanoView, Seen};
use sabot::analysis::{Composition, chemin, punto_banca};
use sabot::engine::drawing::{Cell, banca_draws, bank_cell, punto_draws};
use sabot::engine::settings::TieRule;
use sabot::engine::{Money, Rate, Rounding};

/// Calls `visit(sequence, weight)` for every ordered sequence of `len` cards (by
/// points) the shoe can deal, weighted by the number of card sequences it stands for.
fn deal_all(counts: [u32; 10], len: usize, replace: bool, visit: &mut dyn FnMut(&[usize], u128)) {
    fn go(
        counts: &mut [u32; 10],
        seq: &mut Vec<usize>,
        len: usize,
        weight: u128,
        replace: bool,
        visit: &mut dyn FnMut(&[usize], u128),
    ) {
        if seq.len() == len {
            visit(seq, weight);
            return;
        }
        for v in 0..10 {
            let c = counts[v];
            if c == 0 {
                continue;
            }
            if !replace {
                counts[v] -= 1;
            }
            seq.push(v);
            go(counts, seq, len, weight * u128::from(c), replace, visit);
            seq.pop();
            if !replace {
                counts[v] += 1;
            }
        }
    }
    let mut c = counts;
    go(&mut c, &mut Vec::new(), len, 1, replace, visit);
}

/// Punto y Banca played out on six cards dealt punto, punto, banca, banca, then third
/// cards as the rules ask (R-PB-6, R-PB-7). Returns banker, player, tie, natural counts.
fn naive_punto_banca(counts: [u32; 10], replace: bool) -> [u128; 4] {
    let mut acc = [0u128; 4];
    deal_all(counts, 6, replace, &mut |s, w| {
        let punto = (s[0] + s[1]) % 10;
        let banca = (s[2] + s[3]) % 10;
        let (mut pf, mut bf) = (punto, banca);
        if punto >= 8 || banca >= 8 {
            acc[3] += w;
        } else {
            let mut next = 4;
            let mut third = None;
            if punto_draws(punto as u8) {
                third = Some(s[next] as u8);
                pf = (punto + s[next]) % 10;
                next += 1;
            }
            if banca_draws(banca as u8, third, 5) {
                bf = (banca + s[next]) % 10;
            }
        }
        let slot = if bf > pf {
            0
        } else if pf > bf {
            1
        } else {
            2
        };
        acc[slot] += w;
    });
    acc
}

fn composition_strategy() -> impl Strategy<Value = [u32; 10]> {
    (0u32..=130, proptest::array::uniform9(0u32..=34)).prop_map(|(tens, rest)| {
        let mut c = [0u32; 10];
        c[0] = tens;
        c[1..].copy_from_slice(&rest);
        c
    })
}

/// A small shoe, with gaps and heavy values, where depletion matters most.
fn small_strategy() -> impl Strategy<Value = [u32; 10]> {
    proptest::array::uniform10(0u32..=4)
}

fn check_pb(counts: [u32; 10]) -> Result<(), TestCaseError> {
    let total: u32 = counts.iter().sum();
    prop_assume!(total >= 6);
    let fast = punto_banca::odds(&Composition::new(counts).unwrap(), 5).unwrap();
    let naive = naive_punto_banca(counts, false);
    // Exact: the same integers.
    prop_assert_eq!([fast.banker, fast.player, fast.tie, fast.natural], naive);
    let sum: u128 = naive[..3].iter().sum();
    for (f, n) in [(fast.p_banker(), naive[0]), (fast.p_player(), naive[1]), (fast.p_tie(), naive[2])] {
        prop_assert!((f - n as f64 / sum as f64).abs() < 1e-9);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn punto_banca_odds_agree_with_a_naive_enumeration_r_pb_7(counts in composition_strategy()) {
        check_pb(counts)?;
    }

    #[test]
    fn punto_banca_odds_agree_on_small_shoes_r_pb_7(counts in small_strategy()) {
        check_pb(counts)?;
    }
}

#[test]
fn punto_banca_full_shoes_agree_exactly_r_pb_7() {
    for decks in [1, 8] {
        let c = Composition::decks(decks).unwrap();
        let fast = punto_banca::odds(&c, 5).unwrap();
        let naive = naive_punto_banca(c.counts(), false);
        assert_eq!([fast.banker, fast.player, fast.tie, fast.natural], naive, "{decks} decks");
    }
    let inf = Composition::single_deck_with_replacement();
    let fast = punto_banca::odds(&inf, 5).unwrap();
    let naive = naive_punto_banca(inf.counts(), true);
    assert_eq!([fast.banker, fast.player, fast.tie, fast.natural], naive, "with replacement");
}

/// Chemin de fer played out on six cards dealt player, bank, player, bank (R-CF-7), the
/// player drawing on 0–4 and on 5 if `on_five` (R-BQ-11), the bank following the table
/// of R-BQ-13 with its `O` cells drawn (R-CF-8). Player wins, bank wins, ties, naturals.
fn naive_chemin(counts: [u32; 10], on_five: bool) -> [u128; 4] {
    let mut acc = [0u128; 4];
    deal_all(counts, 6, false, &mut |s, w| {
        let player = (s[0] + s[2]) % 10;
        let bank = (s[1] + s[3]) % 10;
        let (mut pf, mut bf) = (player, bank);
        if player >= 8 || bank >= 8 {
            acc[3] += w;
        } else {
            let mut next = 4;
            let mut third = None;
            if player <= 4 || (player == 5 && on_five) {
                third = Some(s[next] as u8);
                pf = (player + s[next]) % 10;
                next += 1;
            }
            if bank_cell(bank as u8, third) != Cell::Stand {
                bf = (bank + s[next]) % 10;
            }
        }
        acc[if pf > bf {
            0
        } else if bf > pf {
            1
        } else {
            2
        }] += w;
    });
    acc
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn chemin_de_fer_fixed_play_agrees_with_a_naive_enumeration_r_cf_8(
        counts in composition_strategy(),
        on_five in any::<bool>(),
    ) {
        let total: u32 = counts.iter().sum();
        prop_assume!(total >= 6);
        let shoe = Composition::new(counts).unwrap();
        let fast = chemin::odds(&shoe, if on_five { 1.0 } else { 0.0 }, &chemin::table_play(1.0)).unwrap();
        let naive = naive_chemin(counts, on_five);
        let sum: u128 = naive[..3].iter().sum();
        for (f, n) in [(fast.player, naive[0]), (fast.bank, naive[1]), (fast.tie, naive[2]), (fast.natural, naive[3])] {
            prop_assert!((f - n as f64 / sum as f64).abs() < 1e-9, "{f} vs {}", n as f64 / sum as f64);
        }
    }
}

/// What a paño shows, for the naive enumerator.
#[derive(Clone, Copy, Debug)]
enum Showed {
    Natural,
    Stood,
    Drew(usize),
}

/// The banker's decision the slow way: deal the hidden paños' first cards and the
/// bank's next card one by one; weight each deal by how likely it made the paños do
/// what they did; play out both choices. Returns (draw, stand) expected bank nets,
/// before and after a cagnotte of `rate` (no rounding: stakes keep it to whole cents).
fn naive_banker(
    unseen: [u32; 10],
    bank: usize,
    panos: &[(Showed, f64)],
    five: f64,
    rate: f64,
) -> ((f64, f64), (f64, f64)) {
    let hidden: Vec<usize> = (0..panos.len()).filter(|&i| !matches!(panos[i].0, Showed::Natural)).collect();
    let draws = |t: usize| -> f64 {
        match t {
            0..=4 => 1.0,
            5 => five,
            _ => 0.0,
        }
    };
    let (mut z, mut dg, mut dn, mut sg, mut sn) = (0.0, 0.0, 0.0, 0.0, 0.0);
    deal_all(unseen, 2 * hidden.len() + 1, false, &mut |s, w| {
        let mut like = 1.0;
        let mut finals = vec![None; panos.len()];
        for (k, &i) in hidden.iter().enumerate() {
            let t = (s[2 * k] + s[2 * k + 1]) % 10;
            let (l, fin) = match panos[i].0 {
                Showed::Stood => (if t >= 8 { 0.0 } else { 1.0 - draws(t) }, t),
                Showed::Drew(x) => (if t >= 8 { 0.0 } else { draws(t) }, (t + x) % 10),
                Showed::Natural => unreachable!(),
            };
            like *= l;
            finals[i] = Some(fin);
        }
        if like == 0.0 {
            return;
        }
        let weight = w as f64 * like;
        z += weight;
        let next = s[2 * hidden.len()];
        for (bank_final, g, n) in [((bank + next) % 10, &mut dg, &mut dn), (bank, &mut sg, &mut sn)] {
            let mut net = 0.0;
            for (i, p) in panos.iter().enumerate() {
                net += match finals[i] {
                    None => -p.1, // a natural beats the bank
                    Some(f) if bank_final > f => p.1,
                    Some(f) if bank_final < f => -p.1,
                    Some(_) => 0.0,
                };
            }
            *g += weight * net;
            *n += weight * if net > 0.0 { net * (1.0 - rate) } else { net };
        }
    });
    ((dg / z, dn / z), (sg / z, sn / z))
}

fn seen_of(s: Showed) -> Seen {
    match s {
        Showed::Natural => Seen::Natural,
        Showed::Stood => Seen::Stood,
        Showed::Drew(x) => Seen::Drew(x as u8),
    }
}

fn showed_strategy() -> impl Strategy<Value = Showed> {
    prop_oneof![Just(Showed::Stood), (0usize..10).prop_map(Showed::Drew), Just(Showed::Natural)]
}

fn check_banker(unseen: [u32; 10], bank: usize, panos: Vec<(Showed, f64)>, five: f64) -> Result<(), TestCaseError> {
    let rate = 0.05;
    let view = BankerView {
        unseen: Composition::new(unseen).map_err(|e| TestCaseError::reject(e.to_string()))?,
        bank: bank as u8,
        panos: [0, 1].map(|i| {
            panos.get(i).map(|p| PanoView {
                seen: seen_of(p.0),
                stake: Money::units(p.1 as i32),
                play: PanoPlay::standard(FivePlay::Mix(five)),
            })
        }),
        tie: TieRule::Push,
        cagnotte: Rate::five_percent(),
        rounding: Rounding::default(),
    };
    let advice = match view.advise() {
        Ok(a) => a,
        Err(e) => return Err(TestCaseError::reject(e.to_string())),
    };
    let ((dg, dn), (sg, sn)) = naive_banker(unseen, bank, &panos, five, rate);
    let scale = 1.0 + panos.iter().map(|p| p.1).sum::<f64>();
    for (fast, slow, what) in [
        (advice.draw.gross, dg, "draw gross"),
        (advice.draw.net, dn, "draw net"),
        (advice.stand.gross, sg, "stand gross"),
        (advice.stand.net, sn, "stand net"),
    ] {
        prop_assert!((fast - slow).abs() < 1e-9 * scale, "{what}: fast {fast} naive {slow}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn banker_two_panos_agree_with_a_naive_enumeration_r_bq_14(
        unseen in proptest::array::uniform10(0u32..=7),
        bank in 0usize..8,
        a in showed_strategy(),
        b in showed_strategy(),
        s1 in 0u32..500,
        s2 in 0u32..500,
        five in prop_oneof![Just(0.0), Just(1.0), 0.0f64..=1.0],
    ) {
        check_banker(unseen, bank, vec![(a, f64::from(s1)), (b, f64::from(s2))], five)?;
    }

    #[test]
    fn banker_one_player_agrees_with_a_naive_enumeration_r_cf_8(
        unseen in composition_strategy(),
        bank in 0usize..8,
        a in prop_oneof![Just(Showed::Stood), (0usize..10).prop_map(Showed::Drew)],
        s1 in 1u32..1000,
        five in prop_oneof![Just(0.0), Just(1.0), 0.0f64..=1.0],
    ) {
        check_banker(unseen, bank, vec![(a, f64::from(s1))], five)?;
    }
}

/// The decision for one player (Chemin de fer) and the game's cell values are the same
/// numbers seen two ways: the conditional expectation in a cell is the cell's summed
/// gain over the sequences that reach it (R-CF-8). The cells sum over every bank hand of
/// a total while the decision knows the bank's cards, so they are equal where the bank's
/// own cards change nothing: with replacement.
#[test]
fn banker_decision_matches_the_games_cells_r_cf_8() {
    let inf = Composition::single_deck_with_replacement();
    let cells = chemin::cell_counts(&inf, chemin::player_draws(true)).unwrap();
    for bank in 0u8..8 {
        for x in 0..11 {
            let reach = cells.reach(bank as usize, x) as f64;
            if reach == 0.0 {
                continue;
            }
            let showed = if x == chemin::STOOD { Seen::Stood } else { Seen::Drew(x as u8) };
            let view = BankerView {
                unseen: inf,
                bank,
                panos: [
                    Some(PanoView { seen: showed, stake: Money::units(1), play: PanoPlay::standard(FivePlay::Draw) }),
                    None,
                ],
                tie: TieRule::Push,
                cagnotte: Rate::ZERO,
                rounding: Rounding::default(),
            };
            let a = view.advise().unwrap();
            let d = -(cells.gain_draw(bank as usize, x) as f64) / reach;
            let s = -(cells.gain_stand(bank as usize, x) as f64) / reach;
            assert!((a.draw.gross - d).abs() < 1e-12, "bank {bank} col {x}: {} vs {d}", a.draw.gross);
            assert!((a.stand.gross - s).abs() < 1e-12, "bank {bank} col {x}: {} vs {s}", a.stand.gross);
        }
    }
}
