//! Unit tests of `protection` (a file of their own: the module stays under 800 lines).

use super::*;

fn tally(items: &[([f64; 2], f64)], chosen: &[usize]) -> Tally {
    let mut t = Tally::default();
    for ((v, p), &c) in items.iter().zip(chosen) {
        t.add(v[c], *v, [*p, 1.0 - *p]);
    }
    t
}

#[test]
fn chernoff_bound_reads_as_documented() {
    // Ten even-odds choices, the worse taken every time: exactly 2⁻¹⁰.
    let items = vec![([0.0, 1.0], 0.5); 10];
    let t = tally(&items, &[1; 10]);
    assert!((t.p_value() - 2f64.powi(-10)).abs() < 1e-9, "{}", t.p_value());
    // The better taken every time: not above the mean.
    assert_eq!(tally(&items, &[0; 10]).p_value(), 1.0);
    // The worse every time, and a choice the table decides taken the other way: more
    // than the reference can ever give.
    let mut items2 = items.clone();
    items2.push(([0.0, 1.0], 1.0));
    let chosen = vec![1; 11];
    assert_eq!(tally(&items2, &chosen).p_value(), 0.0);
    // Eight of ten worse: the true chance is 56/1024 ≈ 0.055; the bound is above it
    // and below Hoeffding's exp(−2·3²/10) ≈ 0.165.
    let t = tally(&items, &[1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    let p = t.p_value();
    assert!(p >= 56.0 / 1024.0 && p < (-1.8f64).exp(), "{p}");
}

#[test]
fn player_on_five_against_a_full_shoe_is_a_close_choice() {
    // The classical result: on 5 the player's two options are within a few
    // hundredths of a unit of each other in a full shoe.
    let c = Composition::decks(8).unwrap();
    let w = player_options(&c, 5, 0.5).unwrap();
    for x in w {
        assert!((x.win + x.lose + x.tie - 1.0).abs() < 1e-12);
    }
    let e = |w: Wlt| w.win - w.lose;
    assert!((e(w[0]) - e(w[1])).abs() < 0.05, "{w:?}");
    // On 0 drawing is far better than standing; on 7 standing is.
    let w0 = player_options(&c, 0, 0.5).unwrap();
    assert!(e(w0[0]) > e(w0[1]) + 0.1);
    let w7 = player_options(&c, 7, 0.5).unwrap();
    assert!(e(w7[1]) > e(w7[0]) + 0.1);
}
