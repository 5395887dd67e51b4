//! How many keys a croupier presses for the README's Banque walkthrough (coups 1 to
//! 5, from the first bet to the last card), typed into the app one key at a time:
//! with Enter, and with entries at once (F11). The figures are pinned here so that
//! neither can grow unseen, and the lines are the README's own (a line changed there
//! and not here fails). Both ways must give the same coups: the same payouts, the same
//! bank, the same log.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

mod common;

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

/// The keys of each way, pinned: 241 with Enter, 192 at once (a fifth fewer).
const KEYS_WITH_ENTER: usize = 241;
const KEYS_AT_ONCE: usize = 192;

fn m(s: &str) -> Money {
    s.parse().expect("amount")
}

/// The README's opening (`common::readme_banque_opened`), then the shoe.
fn opened(at_once: bool) -> (Harness<'static, SabotApp>, MemoryLog, tempfile::TempDir) {
    let (mut h, log, dir) = common::readme_banque_opened(at_once);
    assert_eq!(h.state().live().expect("at the table").entry.instant, at_once);
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

/// Plays the five coups key by key; the keys pressed.
fn play(h: &mut Harness<'static, SabotApp>, coups: &[&[&str]; 5], enter_after_each: bool) -> usize {
    let mut keys = 0;
    for (n, coup) in coups.iter().enumerate() {
        for piece in coup.iter() {
            let typed: String = if enter_after_each { format!("{piece}⏎") } else { piece.to_string() };
            for k in typed.chars() {
                key(h, k);
                keys += 1;
            }
            let problem = h.state().live().and_then(|l| l.entry.problem.clone());
            assert!(problem.is_none(), "coup {}: `{piece}` was not taken: {problem:?}", n + 1);
        }
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
    assert!(h.query_by_label("Banca después: 1.627,50").is_some());
}

#[test]
fn the_readme_banque_walkthrough_with_enter_keeps_its_key_count() {
    let (mut h, log, _dir) = opened(false);
    let keys = play(&mut h, &WITH_ENTER, true);
    check_the_shift(&h, &log);
    assert_eq!(keys, KEYS_WITH_ENTER, "the README's Banque walkthrough takes {keys} keys with Enter");
}

#[test]
fn the_readme_banque_walkthrough_at_once_takes_a_fifth_fewer_keys() {
    let (mut h, log, _dir) = opened(true);
    let keys = play(&mut h, &AT_ONCE, false);
    check_the_shift(&h, &log);
    assert_eq!(keys, KEYS_AT_ONCE, "the README's Banque walkthrough takes {keys} keys at once");
    assert!(5 * keys <= 4 * KEYS_WITH_ENTER, "{keys} against {KEYS_WITH_ENTER}");
}

/// The pieces typed here are the README's: a walkthrough changed there without this
/// test (or the other way) fails.
#[test]
fn the_pieces_are_the_readmes_own() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    for piece in WITH_ENTER.iter().chain(AT_ONCE.iter()).flat_map(|c| c.iter()) {
        let piece = piece.trim_end();
        if piece.is_empty() || piece == "⏎" {
            continue;
        }
        assert!(readme.contains(&format!("`{piece}`")), "README.md does not show `{piece}`");
    }
    assert!(readme.contains(&KEYS_WITH_ENTER.to_string()) && readme.contains(&KEYS_AT_ONCE.to_string()));
}
