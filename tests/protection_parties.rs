//! Game protection names the right person (issue 49): one verdict per chooser and per
//! beneficiary, counts of choices beside money, habits said and never named, the
//! cheats that escaped sums of money, a friend at two tables linked by his card
//! number, and Sabot's own defaults never flagging themselves. Each figure printed is
//! recomputed here by a plain, independent enumeration.

use sabot::analysis::protection::{Options, Protection};
use sabot::analysis::served::{FreeCell, Gathered, HABIT_LEAST};
use sabot::cli::power::{friends, shift};
use sabot::cli::simulate::{BankerArg, Players};
use sabot::engine::{Game, PlayerNumber, PlayerRef, TableSettings};

fn banker(spec: &str) -> Players {
    Players { banker: BankerArg::parse(spec).unwrap_or_else(|| panic!("{spec}")), ..Players::default() }
}

/// The parties named in a shift, and whether any is no friend of the strategy.
fn named(p: &Protection, players: &Players) -> (Vec<PlayerRef>, bool) {
    let friends = friends(players);
    let named = p.named();
    let innocent = named.iter().any(|n| !friends.contains(n));
    (named, innocent)
}

/// Issue 49, point 1: the seat named was often innocent (players who merely bet on the
/// friend's paño came out near 1e-16 while the friend's one banco made him «1 in
/// 100»). Three conditional colluders (serving seat 4 only when his stake is above the
/// table's median; only in the last third of the shoe; the player standing behind
/// section 4, three times in ten): in every one of 3 shifts of 1,000 coups each the
/// friend is named, on his own figure, and no one else.
#[test]
fn a_conditional_colluder_s_friend_is_named_and_the_seats_beside_him_are_not() {
    let opts = Options::default();
    for spec in ["stake-over-table:4", "last-third:4", "standing:4"] {
        let players = banker(spec);
        let friend = friends(&players)[0];
        for seed in 1..=3u64 {
            let p = shift(Game::Banque, &players, 1000, seed, opts).unwrap();
            let (named, innocent) = named(&p, &players);
            assert!(named.contains(&friend), "{spec} seed {seed}: {friend:?} not named: {named:?}");
            assert!(!innocent, "{spec} seed {seed}: an innocent named: {named:?}");
            // His own figure carries his name: under alpha after the correction.
            let own = p.verdicts.iter().flat_map(|v| v.all_named()).chain(p.seats_named());
            for g in own {
                assert!(g.p_value < opts.alpha && g.served > 0, "{spec} seed {seed}: {g:?}");
            }
        }
    }
}

/// Issue 49, point 2: a banker who plays the exact odds but always draws on 6 against a
/// paño that stood was flagged in 16 of 30 shifts, a seat that did nothing named each
/// time. Now the habit is said (the situation, how many times) and nobody is named,
/// in 4 shifts of 1,000 coups; the report says «a habit, whoever bets» and no FLAGGED.
#[test]
fn a_habit_is_said_and_names_nobody() {
    let players = banker("habit");
    for seed in 1..=4u64 {
        let p = shift(Game::Banque, &players, 1000, seed, Options::default()).unwrap();
        assert!(p.named().is_empty(), "seed {seed}: {:?}", p.named());
        let habits: Vec<_> = p.verdicts.iter().flat_map(|v| v.habits.iter()).collect();
        assert!(!habits.is_empty(), "seed {seed}: no habit said");
        let text = sabot::reports::protection::protection_lines(sabot::i18n::Lang::En, &p, Options::default());
        let text = text.join("\n");
        assert!(text.contains("a habit, whoever bets: bank 6;") && text.contains("stood"), "{text}");
        assert!(!text.contains("FLAGGED"), "{text}");
    }
}

/// Issue 49, point 3: cheats that sums of money could not see. A banker who serves his
/// friend only on the friend's bancos (11 of 30 before); a table-hider whose friend
/// covers himself with bancos of his own one coup in fifty (16 of 30): named in each
/// of 3 shifts of 1,000 coups, nobody else.
#[test]
fn the_cheats_that_escaped_money_are_named() {
    let mut covered = sabot::cli::strategy::Policy::builtin("hider-covered:4").unwrap();
    if let Some(f) = covered.favour.as_mut() {
        f.bancos = 0.02;
    }
    let cheats = [
        ("banco-only:4", banker("banco-only:4")),
        ("hider-covered:4 at 2 %", Players { banker: BankerArg::Policy(Box::new(covered)), ..Players::default() }),
    ];
    for (name, players) in cheats {
        for seed in 1..=3u64 {
            let p = shift(Game::Banque, &players, 1000, seed, Options::default()).unwrap();
            let (named, innocent) = named(&p, &players);
            assert!(named.contains(&PlayerRef::seated(4)), "{name} seed {seed}: {named:?}");
            assert!(!innocent, "{name} seed {seed}: {named:?}");
        }
    }
}

/// Issue 49: a habit is a situation that stands apart from the chooser's play
/// elsewhere. A banker who tosses a coin at every cell (the simulator's default when
/// he has not asked for the table) left it 3 times in 3 somewhere in 298 of 300
/// shifts, and was said to keep a habit there: his coin, not a habit. The habit
/// banker's (he always draws on 6 against a stood paño) is still said.
#[test]
fn a_whim_is_not_a_habit_r_bq_13() {
    for seed in 1..=6u64 {
        let p = shift(Game::Banque, &banker("random"), 1000, seed, Options::default()).unwrap();
        let said: Vec<_> = p.verdicts.iter().flat_map(|v| v.habits.iter()).collect();
        assert!(said.is_empty(), "seed {seed}: {said:?}");
        let h = shift(Game::Banque, &banker("habit"), 1000, seed, Options::default()).unwrap();
        assert!(h.verdicts.iter().any(|v| !v.habits.is_empty()), "seed {seed}: the habit not said");
    }
}

/// Issue 49, point 5: `sabot simulate --game chemin-de-fer` without `--caller` played
/// a coin on every free banco total and flagged itself in 38 of 60 shifts. Its default
/// is the player's table now: of 30 shifts of 1,000 coups, at most one names anyone
/// (the target: 1 in 25). One does: seed 2, where the players on 5 (the house's coin)
/// stood in all 13 of the choices that mattered to seat 6's bank, a 1-in-8,192 chance,
/// 1 in 2,800 after the correction: an honest shift names someone at most 1 time in
/// 1,000, and this is that time. The coin is there under its own name.
#[test]
fn the_chemin_de_fer_default_flags_nobody_and_the_coin_has_its_name() {
    let mut named = Vec::new();
    for seed in 1..=30u64 {
        let p = shift(Game::ChemindeFer, &Players::default(), 1000, seed, Options::default()).unwrap();
        if !p.named().is_empty() {
            named.push((seed, p.named()));
        }
    }
    assert!(named.len() <= 1, "{named:?}");
    let coin = sabot::cli::strategy::Policy::builtin("coin").unwrap();
    assert_eq!(coin.play, sabot::cli::strategy::Play::Coin);
}

/// The plain law of a free cell's count: every way of its `n` choices (each a draw with
/// its chance), given they were not all the same where there are `HABIT_LEAST` or more.
fn plain_cell(c: &FreeCell) -> Vec<f64> {
    let mut law = vec![0.0; (c.his_draw + c.his_stand) as usize + 1];
    for m in 0..(1u64 << c.n) {
        let d = m.count_ones();
        if c.n >= HABIT_LEAST && (d == 0 || d == c.n) {
            continue;
        }
        let p = c.p_draw.powi(d as i32) * (1.0 - c.p_draw).powi((c.n - d) as i32);
        let drew = |i: u32| (m >> i) & 1 == 1;
        let served = (0..c.his_draw).filter(|&i| drew(i)).count()
            + (c.his_draw..c.his_draw + c.his_stand).filter(|&i| !drew(i)).count();
        law[served] += p;
    }
    let total: f64 = law.iter().sum();
    law.iter().map(|x| x / total).collect()
}

/// The plain chance of the free part's count or more, by convolving each cell's law.
fn plain_free(g: &Gathered) -> Option<f64> {
    let mut law = vec![1.0];
    for c in &g.free {
        if c.n > 16 {
            return None;
        }
        let cell = plain_cell(c);
        let mut next = vec![0.0; law.len() + cell.len() - 1];
        for (i, a) in law.iter().enumerate() {
            for (j, b) in cell.iter().enumerate() {
                next[i + j] += a * b;
            }
        }
        law = next;
    }
    let served: usize = g.free.iter().map(|c| c.served() as usize).sum();
    Some(law.iter().skip(served).sum())
}

/// The plain law of where a chooser's departures fell, stratum by stratum: each
/// stratum's departures placed every way among its choices (binomial coefficients in
/// ordinary arithmetic, small counts), the strata convolved; the chance of as many his
/// way as observed or more.
fn plain_directed(d: &sabot::analysis::directed::Directed) -> Option<f64> {
    let choose = |n: u32, k: u32| (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1));
    let weighed: Vec<_> = d.strata.iter().filter(|s| s.informative()).collect();
    if weighed.iter().any(|s| s.choices() > 60) {
        return None;
    }
    let mut law = vec![1.0];
    for s in &weighed {
        let (k, rest, dep) = (s.could_serve, s.could_hurt, s.departures());
        let all = choose(k + rest, dep);
        let mut next = vec![0.0; law.len() + dep as usize];
        for (a, pa) in law.iter().enumerate() {
            for x in dep.saturating_sub(rest)..=dep.min(k) {
                next[a + x as usize] += pa * choose(k, x) * choose(rest, dep - x) / all;
            }
        }
        law = next;
    }
    let served: usize = weighed.iter().map(|s| s.served as usize).sum();
    Some(law.iter().skip(served).sum())
}

/// Every figure printed is exact or an honest upper bound: the parts of each party's
/// figure in shifts of honest, habit and colluding bankers, recomputed by a plain
/// enumeration (every way of each free situation's choices, the binomial term by term)
/// wherever that stays small, never under the truth, and equal to it where called
/// exact.
#[test]
fn every_count_figure_is_exact_or_an_honest_upper_bound() {
    let opts = Options::default();
    let mut checked = 0;
    for spec in ["table", "habit", "colluding:4@0.3", "table-hider:4", "standing:4"] {
        for seed in 1..=2u64 {
            let p = shift(Game::Banque, &banker(spec), 600, seed, opts).unwrap();
            let gainers = p.verdicts.iter().flat_map(|v| v.gainers.iter()).chain(p.seats.iter());
            for g in gainers {
                let [_, free] = g.figure.split();
                if let Some(truth) = plain_directed(&g.bound_directed).filter(|_| g.bound_directed.informative()) {
                    let said = g.chances[0];
                    assert!(said.p >= truth * (1.0 - 1e-9) - 1e-300, "{spec} {seed}: {said:?} < {truth} {g:?}");
                    if said.kind == sabot::analysis::protection::Kind::Exact {
                        assert!((said.p - truth).abs() <= 1e-9 * truth + 1e-300, "{spec} {seed}: {said:?} vs {truth}");
                    }
                    checked += 1;
                }
                if let Some(truth) = plain_free(&free).filter(|_| !free.free.is_empty()) {
                    let said = g.chances[1];
                    assert!(said.p >= truth * (1.0 - 1e-9) - 1e-300, "{spec} {seed}: {said:?} < {truth} {g:?}");
                    if said.kind == sabot::analysis::protection::Kind::Exact {
                        assert!((said.p - truth).abs() <= 1e-9 * truth + 1e-15, "{spec} {seed}: {said:?} vs {truth}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} figures recomputed");
}

/// Issue 49, point 4: a friend at two tables, linked by his card number. The croupier
/// seats him with his number (`sabot simulate --number 4:4711` at Mesa 1, `7:4711` at
/// Mesa 2); each table's banker serves him in the cells the table leaves open, in
/// stints of 60 coups, each too short to be sure of. `sabot report` of the two tables' shifts
/// weighs him by player across seats and tables, and names player 4711, seated at
/// Mesa 1 Sec. 4 and Mesa 2 Sec. 7.
#[test]
fn a_friend_at_two_tables_is_linked_by_his_card_number() {
    let dir = tempfile::tempdir().unwrap();
    let number = PlayerNumber::parse("4711").unwrap();
    let mut logs = Vec::new();
    let stints = (1..=12u64).map(|seed| if seed % 2 == 1 { ("Mesa 1", 4u8, seed) } else { ("Mesa 2", 7, seed) });
    for (table, seat, seed) in stints {
        let log = dir.path().join(format!("{table}-{seed}.sabotlog"));
        let players = Players {
            numbers: vec![(PlayerRef::seated(seat), number.clone())],
            ..banker(&format!("table-hider:{seat}"))
        };
        let room = sabot::cli::simulate::Room { table: table.into(), ..Default::default() };
        let mut out = Vec::new();
        let status = sabot::cli::simulate::simulate_table(
            TableSettings::new(Game::Banque),
            60,
            seed,
            players,
            Some(&log),
            None,
            &room,
            sabot::i18n::Lang::En,
            &mut out,
        );
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
        // Alone, a short stint names nobody.
        let p = sabot::reports::protection::weigh(&log, Options::default()).unwrap();
        assert!(p.named().is_empty(), "{table} seed {seed}: {:?}", p.named());
        logs.push(log);
    }
    let (status, text) =
        sabot::cli::report::report_parts(&logs, None, sabot::cli::report::Rows::Shifts, sabot::i18n::Lang::En);
    assert!(status <= 1, "{text}");
    let by_player: Vec<&str> = text.lines().filter(|l| l.contains("player 4711")).collect();
    assert!(
        by_player.iter().any(|l| l.contains("NAMED") && l.contains("Mesa 1 Sec. 4") && l.contains("Mesa 2 Sec. 7")),
        "{text}"
    );
}

/// A long shift (20,000 coups of a colluder serving seat 4): the friend's figure is far
/// out in the tail, and so are those of the seats who bet beside him. Each is its
/// exact binomial tail, never the mass a pruned law leaves out (which made them all
/// alike, at about e⁻⁶⁰⁰, and named a seat beside the friend before him): only seat 4
/// is named.
#[test]
fn a_long_shift_names_the_friend_and_nobody_beside_him() {
    let players = banker("colluding:4");
    let p = shift(Game::Banque, &players, 20_000, 16, Options::default()).unwrap();
    assert_eq!(p.named(), vec![PlayerRef::seated(4)], "{:?}", p.named());
}

/// Issue 49, point 3, the cheat that still escaped: a banker who asks for the table
/// (R-BQ-13) and serves his friend in 40 % of the cells it leaves open, the exact odds
/// otherwise (`table-hider:4@0.4`). He gives seat 4 fewer of those choices than a coin
/// would (40 against 50 %), so counting them against the coin cannot see him (0 of 60
/// groups of five shifts before); but he leaves his better option only where that
/// serves seat 4, never where it hurts him, and an honest banker's whims do not know
/// who bets. Over five shifts of 1,000 coups at one table, weighed together as `sabot
/// report` weighs a table's shifts, seat 4 is named, on that figure (where the
/// banker's departures fell), under 1 in 1,000 after the correction, and nobody else.
#[test]
fn a_table_hider_at_forty_percent_is_named_over_five_shifts_at_his_table_r_bq_13() {
    let opts = Options::default();
    let players = banker("table-hider:4@0.4");
    for seed0 in [1u64, 6] {
        let judged = sabot::cli::power::group(Game::Banque, &players, 1000, 5, seed0, opts).unwrap();
        let named: Vec<_> =
            judged.verdicts.iter().flat_map(|v| v.all_named()).chain(judged.seats.iter().filter(|g| g.named)).collect();
        assert!(!named.is_empty(), "seeds {seed0}…: nobody named");
        for g in &named {
            assert_eq!(g.player, PlayerRef::seated(4), "seeds {seed0}…: {g:?}");
            // His own figure, where the departures fell, carries the name.
            assert!(g.named_on[2] && g.p_parts[2] < opts.alpha, "seeds {seed0}…: {g:?}");
            let w = g.directed.weighed();
            assert!(w.served > 0 && w.hurt == 0, "seeds {seed0}…: {w:?}");
        }
    }
}

/// Issue 49, points 2 and 3, the other side of the departures figure: honest bankers
/// whose departures from their better option vary with the situation and the stakes
/// but not with who bets — the table-follower's coin in the cells the table leaves
/// open (R-BQ-13), the exact odds with a coin on close calls (within 5 %, and a strong
/// leaning: within 30 %), and the banker who always draws on 6 against a stood paño —
/// weighed five shifts at a time at one table, where the figure is strongest: nobody
/// named in 2 groups of each.
#[test]
fn honest_leanings_and_habits_over_five_shifts_name_nobody_r_bq_13() {
    let opts = Options::default();
    let leaning = "Policy(name: \"leaning\", ask_table: true, play: Exact, close: 0.3)";
    let leaning = sabot::cli::strategy::parse(leaning).unwrap();
    let mut all: Vec<(String, Players)> =
        ["table", "coin-close", "habit"].iter().map(|s| (s.to_string(), banker(s))).collect();
    all.push(("leaning".into(), Players { banker: BankerArg::Policy(Box::new(leaning)), ..Players::default() }));
    for (name, players) in all {
        let p = sabot::cli::power::power_groups(Game::Banque, &players, 1000, 5, 2, 1, opts).unwrap();
        assert_eq!(p.flagged, 0, "{name}: {p:?}");
    }
}

/// What the pit boss reads of the table-hider at 40 % (R-BQ-13): `sabot report` of five
/// of his 1,000-coup shifts at one table names seat 4 across the shifts, and under that
/// line says why in the words of a shift's verdict: on where the banker left his better
/// option (for seat 4 in some of the choices where that served him, against him in none
/// of those where it hurt him), in English and in Spanish. Before, the line said only
/// money, about what an honest banker gives.
#[test]
fn the_report_says_on_which_figure_the_table_hider_s_friend_is_named_r_bq_13() {
    let dir = tempfile::tempdir().unwrap();
    let mut logs = Vec::new();
    for seed in 1..=5u64 {
        let log = dir.path().join(format!("hider-{seed}.sabotlog"));
        let mut out = Vec::new();
        let status = sabot::cli::simulate::simulate_table(
            TableSettings::new(Game::Banque),
            1000,
            seed,
            banker("table-hider:4@0.4"),
            Some(&log),
            None,
            &sabot::cli::simulate::Room::default(),
            sabot::i18n::Lang::En,
            &mut out,
        );
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
        logs.push(log);
    }
    let report = |lang| sabot::cli::report::report_parts(&logs, None, sabot::cli::report::Rows::Shifts, lang).1;
    let text = report(sabot::i18n::Lang::En);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains("across the shifts") && l.contains(": Sec. 4 gained"));
    let at = at.unwrap_or_else(|| panic!("seat 4 not named across the shifts:\n{text}"));
    let why = lines.get(at + 1).copied().unwrap_or_default();
    assert!(why.contains("NAMED (on where the chooser left his better option, his way and not elsewhere: "), "{why}");
    assert!(why.contains("): Sec. 4 was served in "), "{why}");
    assert!(why.contains("where the chooser left his better option (by the exact odds)"), "{why}");
    assert!(why.contains("elsewhere in 0 of the "), "{why}");
    let es = report(sabot::i18n::Lang::Es);
    assert!(
        es.contains("NOMBRADO (por dónde dejó quien decidía su mejor opción, a su favor y no en las demás: "),
        "{es}"
    );
    assert!(es.contains("en las demás en 0 de las "), "{es}");
}
