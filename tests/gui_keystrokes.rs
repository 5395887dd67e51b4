//! How many keys a croupier presses for the README's Banque walkthrough (coups 1 to
//! 5, from the first bet to the last card), typed into the app one key at a time:
//! with Enter, with entries at once (F11), and at once with amounts in the table's
//! unit; then coups 6 and 7, a coup of six bets and the next where the punters keep
//! their stakes (`1=`), typed whole with Enter and at once in units. The figures are
//! pinned here so that none can grow unseen, and the lines are the README's own (a
//! line changed there and not here fails). Every way must give the same coups: the
//! same payouts, the same bank, the same log.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use common::Settle;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sabot::app::SabotApp;
use sabot::app::shift::MemoryLog;
use sabot::engine::{Event, Money};

/// The walkthrough with Enter: each line as the README gives it, then Enter (`⏎`).
const WITH_ENTER: [&[&str]; 5] = [
    &["1 100 7 50 3 c 40 8 h 60 .", "+", "6h", "2 9c Jd", "/ +", "5d", "2h Qs", "Kd 4c"],
    &["=", "2 50 9 80 4 c 20 .", "- - -", "7h Kc 6d Ks 5c Qd"],
    &["=", "1 60 2p 40 10 h 80 .", "- + 8c -", "4s Td", "", "5h", "-", "2c Jh", "Kh 7d"],
    &["=", "3 100 8 100 .", "9h 3s 2d Kc 5h 4s"],
    &["=1200", "6 200 11 150 2 c 100 .", "Ah 4d 3c 2s 2h 5c"],
];

/// The same coups with entries at once: each piece typed straight after the one
/// before (no Enter, no space between them); `⏎` is an Enter (the ruling's yes).
const AT_ONCE: [&[&str]; 5] = [
    &["1 100 7 50 3 c 40 8 h 60 .", "+6h", "2 9cJd", "/+5d", "2hQsKd4c"],
    &["= ", "2 50 9 80 4 c 20 .", "---", "7hKc6dKs5cQd"],
    &["= ", "1 60 2p 40 10 h 80 .", "-+8c-", "4sTd", "⏎", "5h-", "2cJhKh7d"],
    &["= ", "3 100 8 100 .", "9h3s2dKc5h4s"],
    &["=1200 ", "6 200 11 150 2 c 100 .", "Ah4d3c2s2h5c"],
];

/// The same five coups at once, every amount in units of the table's unit (10):
/// `1 10` is section 1's 100.
const AT_ONCE_IN_UNITS: [&[&str]; 5] = [
    &["1 10 7 5 3 c 4 8 h 6 .", "+6h", "2 9cJd", "/+5d", "2hQsKd4c"],
    &["= ", "2 5 9 8 4 c 2 .", "---", "7hKc6dKs5cQd"],
    &["= ", "1 6 2p 4 10 h 8 .", "-+8c-", "4sTd", "⏎", "5h-", "2cJhKh7d"],
    &["= ", "3 10 8 10 .", "9h3s2dKc5h4s"],
    &["=120 ", "6 20 11 15 2 c 10 .", "Ah4d3c2s2h5c"],
];

/// Coups 6 and 7 typed whole with Enter: six bets (a caballo and the half line among
/// them); then the same punters again, section 7 gone and section 9 come.
const MORE_WITH_ENTER: [&[&str]; 2] = [
    &["=", "1 100 7 50 3 c 40 8 h 60 2 30 11 80 .", "- - -", "7d Qc 6s Jh 5h Kc"],
    &["=", "1 100 3 c 40 8 h 60 2 30 11 80 9 80 .", "- - -", "7c Jc 6h Qs 5s Kh"],
];

/// Coups 6 and 7 at once in units; in coup 7 each punter who keeps his stake is his
/// section and `=` (`3=` types section 3's bets of coup 6 again: `3 c 4`).
const MORE_AT_ONCE_IN_UNITS: [&[&str]; 2] = [
    &["= ", "1 10 7 5 3 c 4 8 h 6 2 3 11 8 .", "---", "7dQc6sJh5hKc"],
    &["= ", "1=3=8=2=11=9 8 .", "---", "7cJc6hQs5sKh"],
];

/// The keys of each way, pinned: coups 1 to 5 take 241 with Enter, 192 at once (a
/// fifth fewer), 176 at once in units (27 % fewer); coup 6, six fresh bets, 64 with
/// Enter and 48 at once in units (a quarter fewer); coup 7, the stakes kept, 64 and
/// 33 (nearly half).
const KEYS_WITH_ENTER: usize = 241;
const KEYS_AT_ONCE: usize = 192;
const KEYS_AT_ONCE_IN_UNITS: usize = 176;
const KEYS_MORE_WITH_ENTER: [usize; 2] = [64, 64];
const KEYS_MORE_AT_ONCE_IN_UNITS: [usize; 2] = [48, 33];

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

/// The README's opening (`common::readme_banque_opened`), then the shoe.
fn opened(at_once: bool, in_units: bool) -> (Harness<'static, SabotApp>, MemoryLog, tempfile::TempDir) {
    let (mut h, log, dir) = common::readme_banque_opened_keying(at_once, in_units);
    let line = &h.state().live().expect("at the table").entry;
    assert_eq!((line.instant, line.in_units), (at_once, in_units));
    h.get_by_label("Entrada").type_text("sabot baraja corte 14 =");
    h.settle();
    h.key_press(egui::Key::Enter);
    h.settle();
    (h, log, dir)
}

/// One key, as the croupier presses it; `⏎` is Enter.
fn key(h: &mut Harness<'static, SabotApp>, k: char) {
    if k == '⏎' {
        h.key_press(egui::Key::Enter);
    } else {
        h.get_by_label("Entrada").type_text(&k.to_string());
    }
    h.settle();
}

/// Plays the coups key by key; the keys pressed for each coup.
fn play(h: &mut Harness<'static, SabotApp>, coups: &[&[&str]], enter_after_each: bool) -> Vec<usize> {
    let mut keys = Vec::new();
    for (n, coup) in coups.iter().enumerate() {
        let mut count = 0;
        for piece in coup.iter() {
            let typed: String = if enter_after_each { format!("{piece}⏎") } else { piece.to_string() };
            for k in typed.chars() {
                key(h, k);
                count += 1;
            }
            let problem = h.state().live().and_then(|l| l.entry.problem.clone());
            assert!(problem.is_none(), "coup {}: `{piece}` was not taken: {problem:?}", n + 1);
        }
        keys.push(count);
    }
    keys
}

/// What the five coups leave: the bank, the cagnotte, the coups settled and the
/// infraction, and the payouts of the last coup on screen.
fn check_the_shift(h: &Harness<'static, SabotApp>, log: &MemoryLog) {
    let live = h.state().live().expect("live");
    assert_eq!(live.shift.shown().bank(), m("1627.50"));
    assert_eq!(live.shift.shown().totals().cagnotte, m("28.50"));
    assert!(live.entry.text.trim().is_empty(), "left on the line: {:?}", live.entry.text);
    let events = log.events();
    let settled = events.iter().filter(|e| matches!(e, Event::Settled(_))).count();
    let infractions = events.iter().filter(|e| matches!(e, Event::Infraction(_))).count();
    assert_eq!((settled, infractions), (5, 1));
    assert!(h.query_by_label("Banca 1.627,50").is_some());
}

/// What coups 6 and 7 leave: the bank after paying 330 and then 360, seven coups
/// settled, and coup 7's bets the same as if typed whole.
fn check_coups_6_and_7(h: &Harness<'static, SabotApp>, log: &MemoryLog) {
    let live = h.state().live().expect("live");
    assert_eq!(live.shift.shown().bank(), m("937.50"));
    assert!(live.entry.text.trim().is_empty(), "left on the line: {:?}", live.entry.text);
    let events = log.events();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Settled(_))).count(), 7);
    let coup = &live.shift.shown().coup().bets;
    let staked: Vec<(u8, Money)> = coup.iter().map(|b| (b.player.seat, b.amount)).collect();
    assert_eq!(staked, vec![(1, m("100")), (3, m("40")), (8, m("60")), (2, m("30")), (11, m("80")), (9, m("80")),]);
}

fn total(keys: &[usize]) -> usize {
    keys.iter().sum()
}

#[test]
fn the_readme_banque_walkthrough_with_enter_keeps_its_key_count() {
    let (mut h, log, _dir) = opened(false, false);
    let keys = total(&play(&mut h, &WITH_ENTER, true));
    check_the_shift(&h, &log);
    assert_eq!(keys, KEYS_WITH_ENTER, "the README's Banque walkthrough takes {keys} keys with Enter");
    let more = play(&mut h, &MORE_WITH_ENTER, true);
    check_coups_6_and_7(&h, &log);
    assert_eq!(more, KEYS_MORE_WITH_ENTER, "coups 6 and 7 with Enter");
}

#[test]
fn the_readme_banque_walkthrough_at_once_takes_a_fifth_fewer_keys() {
    let (mut h, log, _dir) = opened(true, false);
    let keys = total(&play(&mut h, &AT_ONCE, false));
    check_the_shift(&h, &log);
    assert_eq!(keys, KEYS_AT_ONCE, "the README's Banque walkthrough takes {keys} keys at once");
    assert!(5 * keys <= 4 * KEYS_WITH_ENTER, "{keys} against {KEYS_WITH_ENTER}");
}

/// At once with amounts in units: more than a quarter fewer keys for the five coups
/// and for a coup of six fresh bets; more than a third (nearly half) for a coup whose
/// punters keep their stakes.
#[test]
fn the_readme_banque_walkthrough_at_once_in_units_and_with_stakes_kept() {
    let (mut h, log, _dir) = opened(true, true);
    let keys = total(&play(&mut h, &AT_ONCE_IN_UNITS, false));
    check_the_shift(&h, &log);
    assert_eq!(keys, KEYS_AT_ONCE_IN_UNITS, "the README's Banque walkthrough takes {keys} keys at once in units");
    assert!(4 * keys <= 3 * KEYS_WITH_ENTER, "{keys} against {KEYS_WITH_ENTER}");
    let more = play(&mut h, &MORE_AT_ONCE_IN_UNITS, false);
    check_coups_6_and_7(&h, &log);
    assert_eq!(more, KEYS_MORE_AT_ONCE_IN_UNITS, "coups 6 and 7 at once in units");
    let [six, seven] = [0, 1].map(|i| (more[i], KEYS_MORE_WITH_ENTER[i]));
    assert!(4 * six.0 <= 3 * six.1, "coup 6: {six:?}");
    assert!(3 * seven.0 <= 2 * seven.1, "coup 7: {seven:?}");
}

/// `3=` for a section that did not bet in the coup before says so and takes nothing.
#[test]
fn a_section_that_did_not_bet_has_no_stake_to_keep() {
    let (mut h, log, _dir) = opened(true, true);
    play(&mut h, &AT_ONCE_IN_UNITS[..1], false);
    for k in "= 4=".chars() {
        key(&mut h, k);
    }
    let live = h.state().live().expect("live");
    assert_eq!(
        live.entry.problem.as_deref(),
        Some("Secc. 4 no apostó en la jugada anterior: no hay apuesta que repetir.")
    );
    assert!(live.shift.shown().coup().bets.is_empty());
    assert_eq!(log.events().iter().filter(|e| matches!(e, Event::BetPlaced(_))).count(), 4);
}

/// The pieces typed here are the book's (docs/croupier.md): a walkthrough changed there without this
/// test (or the other way) fails.
#[test]
fn the_pieces_are_the_readmes_own() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/croupier.md")).expect("docs/croupier.md");
    let all = WITH_ENTER
        .iter()
        .chain(&AT_ONCE)
        .chain(&AT_ONCE_IN_UNITS)
        .chain(&MORE_WITH_ENTER)
        .chain(&MORE_AT_ONCE_IN_UNITS);
    for piece in all.flat_map(|c| c.iter()) {
        if piece.trim().is_empty() || *piece == "⏎" {
            continue;
        }
        // As typed (`=120 `, its space too), or without the space it ends with.
        let shown = [piece, piece.trim_end()].iter().any(|p| readme.contains(&format!("`{p}`")));
        assert!(shown, "docs/croupier.md does not show `{piece}`");
    }
    // The seven coups together, each way.
    let seven = [
        KEYS_WITH_ENTER + KEYS_MORE_WITH_ENTER.iter().sum::<usize>(),
        KEYS_AT_ONCE_IN_UNITS + KEYS_MORE_AT_ONCE_IN_UNITS.iter().sum::<usize>(),
    ];
    let figures = [KEYS_WITH_ENTER, KEYS_AT_ONCE, KEYS_AT_ONCE_IN_UNITS]
        .into_iter()
        .chain(KEYS_MORE_WITH_ENTER)
        .chain(KEYS_MORE_AT_ONCE_IN_UNITS)
        .chain(seven);
    for n in figures {
        assert!(
            readme.contains(&format!("**{n}")) || readme.contains(&format!(" {n} ")),
            "docs/croupier.md does not give {n}"
        );
    }
}

/// Amounts in units are the croupier's choice on the start form, said on the entry line
/// and kept for his next shift; with Enter too, `3=` puts section 3's bets of the coup
/// before on the line, in units, as a chip to confirm.
#[test]
fn amounts_in_units_are_said_and_kept_and_a_stake_kept_waits_for_enter() {
    let (mut h, log, _dir) = opened(false, true);
    assert!(h.state().prefs().in_units, "kept for the next shift");
    assert!(h.query_by_label("importes ×10").is_some(), "the line says amounts are in units");
    // The banner's examples are in units, and so is what an amount's button types.
    assert!(h.query_by_label_contains("importe en unidades de 10: 3 4 · 3 c 4 · 7 h 5 · 3p 2").is_some());
    key(&mut h, '1');
    key(&mut h, ' ');
    h.get_by_label("100").click();
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text, "1 10 ");
    h.key_press(egui::Key::Backspace);
    h.settle();
    assert_eq!(h.state().live().expect("live").entry.text, "");
    let mut coup_1: Vec<&str> = vec![AT_ONCE_IN_UNITS[0][0]];
    coup_1.extend_from_slice(&WITH_ENTER[0][1..]);
    play(&mut h, &[coup_1.as_slice()], true);
    assert!(h.query_by_label("Banca 1.019").is_some(), "coup 1 as in money");
    for k in "=⏎3=".chars() {
        key(&mut h, k);
    }
    assert_eq!(h.state().live().expect("live").entry.text, "3 c 4 ");
    assert!(h.state().live().expect("live").shift.shown().coup().bets.is_empty(), "nothing goes before Enter");
    key(&mut h, '⏎');
    let live = h.state().live().expect("live");
    let bets: Vec<Money> = live.shift.shown().coup().bets.iter().map(|b| b.amount).collect();
    assert_eq!(bets, vec![m("40")]);
    assert!(matches!(log.events().last(), Some(Event::BetPlaced(_))));
}
