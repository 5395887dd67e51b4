#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly
//! Game protection (issue 28): a colluding banker is flagged and his accomplice named;
//! honest bankers (the exact odds, the table) are not; the expectations are those of
//! `sabot advise` and of a brute-force enumeration of small shoes.

use sabot::analysis::banker::{BankerView, FivePlay, PanoPlay, PanoView, Seen};
use sabot::analysis::protection::{self, Decider, Options, Protection, Weigher};
use sabot::analysis::{Composition, banker};
use sabot::cli::simulate::{BankerArg, Players, seat_players, set_banker};
use sabot::cli::strategy::Policy;
use sabot::engine::drawing::{Cell, bank_cell};
use sabot::engine::settings::TieRule;
use sabot::engine::{Event, Game, HandId, Money, Op, Owed, PlayerRef, Rate, Rounding, Table, TableSettings};
use sabot::sim::{OpSink, Simulator, SinkFailed};

/// A sink that keeps the table as the log would rebuild it and weighs each record
/// with the table before it, as `reports::protection` does from a log.
struct Weighing {
    table: Table,
    weigher: Weigher,
    line: usize,
    /// The bank's views at its choices (for `sabot advise`).
    views: Vec<(Table, BankerView)>,
    keep_views: bool,
}

impl OpSink for Weighing {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), SinkFailed> {
        self.line += 1;
        self.weigher.op(self.line, &self.table, op);
        if self.keep_views
            && matches!(op, Op::Say { hand: HandId::Bank, .. })
            && matches!(self.table.owed().owed, Owed::Decide { hand: HandId::Bank, .. })
            && let Ok(v) = BankerView::from_table(&self.table, None, Options::default().five)
        {
            self.views.push((self.table.clone(), v));
        }
        self.table.apply(events);
        Ok(())
    }
}

fn shift(game: Game, banker: BankerArg, coups: u32, seed: u64) -> Protection {
    shift_views(game, banker, coups, seed, false).0
}

fn shift_views(
    game: Game,
    banker: BankerArg,
    coups: u32,
    seed: u64,
    keep: bool,
) -> (Protection, Vec<(Table, BankerView)>) {
    let settings = TableSettings::new(game);
    let mut sim = Simulator::with_settings(settings.clone(), seed).unwrap();
    set_banker(&mut sim, banker);
    let mut sink = Weighing {
        table: Table::start(settings).unwrap(),
        weigher: Weigher::new(Options::default()),
        line: 1,
        views: Vec::new(),
        keep_views: keep,
    };
    sim.run(coups, &mut sink).unwrap();
    assert_eq!(&sink.table, &sim.table, "the weighing's table is the simulation's");
    (sink.weigher.finish(Some(&sim.table)), sink.views)
}

/// A shift played by `players` (a policy's coins from the seed), weighed as it is
/// played.
fn shift_players(game: Game, players: Players, coups: u32, seed: u64) -> Protection {
    let settings = TableSettings::new(game);
    let mut sim = Simulator::with_settings(settings.clone(), seed).unwrap();
    seat_players(&mut sim, &players, seed);
    let mut sink = Weighing {
        table: Table::start(settings).unwrap(),
        weigher: Weigher::new(Options::default()),
        line: 1,
        views: Vec::new(),
        keep_views: false,
    };
    sim.run(coups, &mut sink).unwrap();
    sink.weigher.finish(Some(&sim.table))
}

fn bankers(p: &Protection) -> Vec<&protection::Verdict> {
    p.verdicts.iter().filter(|v| matches!(v.decider, Decider::Banker(_))).collect()
}

/// Done when: a colluding banker's 300-coup Banque shift is flagged and names the
/// colluding seat, over several seeds.
#[test]
fn a_colluding_banker_is_flagged_and_his_seat_named() {
    for game in [Game::Banque] {
        for seed in 1..=8u64 {
            let seat = 1 + (seed % 5) as u8;
            // The seat that bets every coup is the one that gains.
            let p = shift(game, BankerArg::Colluding(seat), 300, seed);
            let flagged: Vec<_> = bankers(&p).into_iter().filter(|v| v.flagged).collect();
            assert!(!flagged.is_empty(), "{game:?} seed {seed}: no banker flagged: {:?}", p.verdicts);
            // Every flagged banker names the accomplice first.
            for v in &flagged {
                let named = v.named().unwrap_or_else(|| panic!("{game:?} seed {seed}: nobody named: {v:?}"));
                assert_eq!(named.player, PlayerRef::seated(seat), "{game:?} seed {seed}: {v:?}");
                // On his own grounds: departures, free choices or a seat's gains.
                assert!(v.grounds(Options::default().alpha).iter().any(|g| *g), "{v:?}");
            }
            // The banker who held the bank longest is flagged.
            let main = bankers(&p).into_iter().max_by_key(|v| v.decisions).unwrap();
            assert!(main.flagged, "{game:?} seed {seed}: {main:?}");
            assert!(!p.flagged_coups().is_empty());
        }
    }
}

/// A Chemin de fer banker is bound by the table but in its two `O` cells (R-CF-8): a
/// colluding one has a choice about once in 150 coups, too few to flag in a shift; what
/// he gives away is small. Said, not hidden: the flag is for Banque's free banker.
#[test]
fn a_chemin_de_fer_banker_has_almost_no_choice_to_abuse() {
    let mut choices = 0;
    for seed in 1..=4u64 {
        let p = shift(Game::ChemindeFer, BankerArg::Colluding(2), 300, seed);
        choices += bankers(&p).iter().map(|v| v.decisions).sum::<u32>();
    }
    assert!(choices <= 40, "{choices} bank choices in 1,200 coups");
}

/// Done when: an exact banker's and a table-following banker's shifts are not flagged.
/// Over 12 seeds each, in both games: no false flag (0 of 48 shifts, 300 coups). The
/// bound says at most 1 in 1,000 (`Options::alpha`).
#[test]
fn honest_bankers_are_not_flagged() {
    let mut shifts = 0;
    let mut false_flags = 0;
    for game in [Game::Banque, Game::ChemindeFer] {
        for style in [BankerArg::Exact, BankerArg::Table] {
            for seed in 1..=12u64 {
                let p = shift(game, style.clone(), 300, seed);
                shifts += 1;
                let b = bankers(&p);
                if game == Game::Banque {
                    assert!(b.iter().map(|v| v.decisions).sum::<u32>() > 0, "{game:?} {style:?} {seed}: no choice");
                }
                if b.iter().any(|v| v.flagged) {
                    false_flags += 1;
                    eprintln!("{game:?} {style:?} seed {seed}: {:?}", p.verdicts);
                }
                if style == BankerArg::Exact {
                    // The exact banker gives nothing away.
                    for v in &b {
                        assert_eq!(v.against_best, 0, "{v:?}");
                        assert!(v.given_away.abs() < 1e-9 && v.departures == 0 && !v.flagged, "{v:?}");
                    }
                }
            }
        }
    }
    assert_eq!(false_flags, 0, "{false_flags} of {shifts} honest shifts flagged");
}

/// Issue 49: a free banker who plays on a whim (the simulator's default: he asks for
/// the table half the time, else tosses a coin at every cell, those the table decides
/// too, as R-BQ-13 lets him) serves nobody in particular, so his shift must name
/// nobody. The departures-from-the-table figure held against a banker who follows the
/// table and slips 1 time in 100 named the seats that bet at his table in 6 of these 6
/// shifts (over every chooser together); where his departures fell (his way or
/// elsewhere, against the banker's own departures) names nobody.
#[test]
fn a_whim_banker_names_nobody_r_bq_13() {
    let mut named = Vec::new();
    for seed in 1..=6u64 {
        let p = shift(Game::Banque, BankerArg::Random, 300, seed);
        if !p.named().is_empty() {
            named.push((seed, p.named()));
        }
    }
    assert!(named.is_empty(), "a whim banker's shifts named {named:?}");
}

/// The money given away and what each seat gained add up: a bad choice's cost to the
/// bank is the bettors' gain (before the cagnotte) or less.
#[test]
fn who_gained_is_what_the_bank_gave_away() {
    let p = shift(Game::Banque, BankerArg::Colluding(3), 200, 9);
    let bad: Vec<_> = p.decisions.iter().filter(|d| d.against_best()).collect();
    assert!(bad.len() > 20);
    for d in bad {
        let b = d.best().unwrap();
        let gained: f64 = d.parties.iter().map(|(_, v)| v[d.chosen] - v[b]).sum();
        // The bank's loss before the cagnotte is the bettors' gain, to the last bit…
        let gross = d.gross[b] - d.gross[d.chosen];
        assert!((gained - gross).abs() < 1e-6 * (1.0 + gross.abs()), "{gained} {gross} {d:?}");
        // …and what the banker keeps differs from it only by the cagnotte (5 % of wins).
        let stakes: f64 = d.parties.iter().map(|(_, v)| v[0].abs().max(v[1].abs())).sum();
        assert!((d.given_away() - gross).abs() <= 0.05 * stakes * 2.0 + 1e-6, "{d:?}");
        assert!(d.gained().iter().any(|(p, _)| *p == PlayerRef::seated(3)) || d.gained().is_empty(), "{d:?}");
    }
}

fn first_line_figures(out: &str) -> (Money, Money) {
    // `draw X stand Y better Z`
    let first = out.lines().next().unwrap();
    let w: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(w[0], "draw", "{first}");
    assert_eq!(w[2], "stand", "{first}");
    (w[1].parse().unwrap(), w[3].parse().unwrap())
}

fn seen_arg(table: &Table, hand: HandId, seen: Seen) -> String {
    match seen {
        Seen::Stood => "stood".into(),
        Seen::Drew(x) => format!("drew:{x}"),
        Seen::Natural => {
            let c = table.coup().play.hands[hand].cards.first_two().unwrap();
            format!("natural:{},{}", c[0].points(), c[1].points())
        }
    }
}

/// Done when: the expectations agree with `sabot advise` on the same cards. Every bank
/// choice of a Banque shift and of a Chemin de fer shift, given to `sabot advise` as the
/// pit boss would type it (the shoe before the coup's cards, the bank's cards, what each
/// paño showed, the stakes), gives the weighing's figures to the cent.
#[test]
fn the_expectations_are_sabot_advise_s() {
    for game in [Game::Banque, Game::ChemindeFer] {
        // Chemin de fer's bank chooses only in its two `O` cells: a long shift.
        let coups = if game == Game::Banque { 120 } else { 3000 };
        let (p, views) = shift_views(game, BankerArg::Random, coups, 4, true);
        let bank_decisions: Vec<_> = p.decisions.iter().filter(|d| d.hand == HandId::Bank).collect();
        assert_eq!(bank_decisions.len(), views.len());
        assert!(views.len() > 8, "{game:?}: {} choices", views.len());
        for ((table, v), d) in views.iter().zip(bank_decisions) {
            let bank = table.coup().play.hands.bank().cards.first_two().unwrap();
            let mut shown = vec![bank[0].points(), bank[1].points()];
            let hands = table.ctx().players();
            let mut args = sabot::cli::advise::AdviseArgs {
                game: game.slug().to_string(),
                bank: format!("{},{}", bank[0].points(), bank[1].points()),
                five: "0.5".into(),
                ..Default::default()
            };
            for (i, pano) in v.panos.iter().enumerate() {
                let Some(pano) = pano else { continue };
                let hand = hands[i];
                let text = seen_arg(table, hand, pano.seen);
                match pano.seen {
                    Seen::Drew(x) => shown.push(x),
                    Seen::Natural => {
                        let c = table.coup().play.hands[hand].cards.first_two().unwrap();
                        shown.extend([c[0].points(), c[1].points()]);
                    }
                    Seen::Stood => {}
                }
                if i == 0 {
                    args.pano1 = text;
                    args.stake1 = pano.stake.to_string();
                } else {
                    args.pano2 = Some(text);
                    args.stake2 = pano.stake.to_string();
                }
            }
            args.counts = Some(v.unseen.with(&shown).unwrap().to_string());
            let mut out = Vec::new();
            let mut err = Vec::new();
            let house = sabot::house::House::default();
            let status = sabot::cli::advise::advise_in(&args, &house, sabot::i18n::Lang::En, &mut out, &mut err);
            assert_eq!(status, 0, "{}", String::from_utf8_lossy(&err));
            let (draw, stand) = first_line_figures(&String::from_utf8(out).unwrap());
            assert_eq!(banker::to_money(d.options[0]).unwrap(), draw, "{game:?} coup {}", d.coup);
            assert_eq!(banker::to_money(d.options[1]).unwrap(), stand, "{game:?} coup {}", d.coup);
        }
    }
}

/// Done when: the expectations agree with a brute-force enumeration on small shoes. The
/// banker's view: every physical card of a 12-card shoe dealt in every order to the
/// paños' face-down cards and the bank's third, each order weighted by how likely it
/// made the paños do what they did.
#[test]
// One brute-force check, read top to bottom: test code (the 80-line limit is src/'s).
#[allow(clippy::too_many_lines)]
fn bank_expectations_match_brute_force_on_small_shoes() {
    let shoes: [&[u8]; 3] = [
        &[0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        &[0, 0, 1, 1, 2, 2, 5, 5, 6, 6, 7, 9],
        &[0, 3, 3, 4, 4, 4, 5, 6, 6, 7, 8, 9],
    ];
    let cases = [
        (4u8, Seen::Drew(3), Seen::Stood),
        (5, Seen::Drew(4), Seen::Drew(9)),
        (3, Seen::Stood, Seen::Drew(8)),
        (6, Seen::Drew(6), Seen::Stood),
        (0, Seen::Stood, Seen::Stood),
    ];
    let p5 = 0.5;
    for cards in shoes {
        let mut counts = [0u32; 10];
        for &c in cards {
            counts[usize::from(c)] += 1;
        }
        let unseen = Composition::new(counts).unwrap();
        for (bank, s1, s2) in cases {
            let pano = |seen, stake: i64| {
                Some(PanoView {
                    seen,
                    stake: Money::units(i32::try_from(stake).unwrap()),
                    play: PanoPlay::standard(FivePlay::Mix(p5)),
                })
            };
            let view = BankerView {
                unseen,
                bank,
                panos: [pano(s1, 100), pano(s2, 30)],
                tie: TieRule::Push,
                cagnotte: Rate::ZERO,
                rounding: Rounding::default(),
            };
            let Ok(a) = view.advise() else { continue };
            // Brute force.
            let lik = |seen: Seen, t: u8| -> f64 {
                let draws = match t {
                    0..=4 => 1.0,
                    5 => p5,
                    6 | 7 => 0.0,
                    _ => return 0.0,
                };
                match seen {
                    Seen::Drew(_) => draws,
                    Seen::Stood => 1.0 - draws,
                    Seen::Natural => 0.0,
                }
            };
            let fin = |seen: Seen, t: u8| match seen {
                Seen::Drew(x) => (t + x) % 10,
                _ => t,
            };
            let net = |b: u8, f1: u8, f2: u8| -> f64 {
                let one = |f: u8, stake: f64| match b.cmp(&f) {
                    std::cmp::Ordering::Greater => stake,
                    std::cmp::Ordering::Less => -stake,
                    std::cmp::Ordering::Equal => 0.0,
                };
                one(f1, 100.0) + one(f2, 30.0)
            };
            let n = cards.len();
            let (mut z, mut draw, mut stand) = (0.0, 0.0, 0.0);
            for i1 in 0..n {
                for i2 in 0..n {
                    for j1 in 0..n {
                        for j2 in 0..n {
                            for k in 0..n {
                                let idx = [i1, i2, j1, j2, k];
                                if (0..5).any(|a| (a + 1..5).any(|b| idx[a] == idx[b])) {
                                    continue;
                                }
                                let t1 = (cards[i1] + cards[i2]) % 10;
                                let t2 = (cards[j1] + cards[j2]) % 10;
                                let w = lik(s1, t1) * lik(s2, t2);
                                if w == 0.0 {
                                    continue;
                                }
                                let (f1, f2) = (fin(s1, t1), fin(s2, t2));
                                z += w;
                                draw += w * net((bank + cards[k]) % 10, f1, f2);
                                stand += w * net(bank, f1, f2);
                            }
                        }
                    }
                }
            }
            assert!(z > 0.0);
            assert!(
                (a.draw.gross - draw / z).abs() < 1e-9,
                "{cards:?} {bank} {s1:?} {s2:?}: {} vs {}",
                a.draw.gross,
                draw / z
            );
            assert!((a.stand.gross - stand / z).abs() < 1e-9, "{cards:?} {bank} {s1:?} {s2:?}");
        }
    }
}

/// The player's two options on a free total (Chemin de fer), against a brute force over
/// every physical card of small shoes: the bank's two cards, the player's third and the
/// bank's, the bank playing the table of R-BQ-13 and its `O` cells at even odds.
#[test]
fn player_expectations_match_brute_force_on_small_shoes() {
    let shoes: [&[u8]; 3] = [
        &[0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        &[0, 1, 1, 2, 3, 3, 4, 4, 6, 6, 7, 9],
        &[0, 0, 2, 3, 4, 4, 5, 5, 6, 7, 7, 8],
    ];
    for cards in shoes {
        let mut counts = [0u32; 10];
        for &c in cards {
            counts[usize::from(c)] += 1;
        }
        let unseen = Composition::new(counts).unwrap();
        for total in [5u8, 3, 6] {
            let w = protection::player_options(&unseen, total, 0.5).unwrap();
            let n = cards.len();
            let cmp = |p: u8, b: u8| match p.cmp(&b) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => 2,
            };
            let mut acc = [[0.0f64; 3]; 2];
            let mut z = 0.0;
            for b1 in 0..n {
                for b2 in 0..n {
                    for x in 0..n {
                        for d in 0..n {
                            let idx = [b1, b2, x, d];
                            if (0..4).any(|a| (a + 1..4).any(|b| idx[a] == idx[b])) {
                                continue;
                            }
                            z += 1.0;
                            let tb = (cards[b1] + cards[b2]) % 10;
                            if tb >= 8 {
                                acc[0][1] += 1.0;
                                acc[1][1] += 1.0;
                                continue;
                            }
                            // Standing: the bank's cell against a stood player; drawing:
                            // against the third card `x`. The bank's card is `d`.
                            for (o, third) in [(0, Some(cards[x])), (1, None)] {
                                let pf = match third {
                                    Some(t) => (total + t) % 10,
                                    None => total,
                                };
                                let p_draw = match bank_cell(tb, third) {
                                    Cell::Draw => 1.0,
                                    Cell::Stand => 0.0,
                                    Cell::Optional => 0.5,
                                };
                                acc[o][cmp(pf, (tb + cards[d]) % 10)] += p_draw;
                                acc[o][cmp(pf, tb)] += 1.0 - p_draw;
                            }
                        }
                    }
                }
            }
            for o in 0..2 {
                let got = [w[o].win, w[o].lose, w[o].tie];
                for r in 0..3 {
                    assert!((got[r] - acc[o][r] / z).abs() < 1e-12, "{cards:?} total {total} option {o}: {got:?}");
                }
            }
        }
    }
}

/// From the shift log alone: a colluding banker's shift written by `sabot simulate
/// --banker colluding:4 --log`, read back by `reports::protection`, flags him and names
/// seat 4; `sabot report` says so; `--decisions --csv -` gives one row per choice.
#[test]
fn from_the_log_alone_report_and_decisions_csv() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("colluding.sabotlog");
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_cli_in(
        TableSettings::new(Game::Banque),
        300,
        2,
        BankerArg::Colluding(4),
        Some(&log),
        None,
        sabot::i18n::Lang::En,
        &mut out,
    );
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    let p = sabot::reports::protection::weigh(&log, Options::default()).unwrap();
    let main = bankers(&p).into_iter().max_by_key(|v| v.decisions).unwrap();
    assert!(main.flagged);
    assert_eq!(main.named().unwrap().player, PlayerRef::seated(4));
    // The same as weighed while it was played.
    let live = shift(Game::Banque, BankerArg::Colluding(4), 300, 2);
    assert_eq!(p.decisions, live.decisions);

    let (status, text) = sabot::cli::report::report_parts(
        std::slice::from_ref(&log),
        None,
        sabot::cli::report::Rows::Shifts,
        sabot::i18n::Lang::En,
    );
    assert_eq!(status, 0, "{text}");
    assert!(text.contains("Game protection"), "{text}");
    assert!(text.contains("FLAGGED"), "{text}");
    assert!(text.contains("FLAGGED: he served Sec. 4"), "{text}");
    // Which figure named him, in words, with its corrected chance.
    assert!(text.contains("NAMED (on where the departures from the table fell, his way and not elsewhere: "), "{text}");
    assert!(text.contains("after the correction): Sec. 4 was served in"), "{text}");

    let csv = dir.path().join("decisions.csv");
    let (status, text) = sabot::cli::report::report_parts(
        std::slice::from_ref(&log),
        Some(&csv),
        sabot::cli::report::Rows::Decisions,
        sabot::i18n::Lang::En,
    );
    assert_eq!(status, 0, "{text}");
    let body = std::fs::read_to_string(&csv).unwrap();
    let mut rows = csv::Reader::from_reader(body.as_bytes());
    let headers = rows.headers().unwrap().clone();
    for col in
        ["coup", "chooser", "banker", "player", "options", "draw", "stand", "chosen", "best", "given_away", "gained"]
    {
        assert!(headers.iter().any(|h| h == col), "{col} not in {headers:?}");
    }
    let n = rows.records().count();
    assert_eq!(n, p.decisions.len());
    assert!(body.contains(",4:"), "the accomplice among who gained:\n{}", &body[..body.len().min(2000)]);
}

/// Writes a simulated shift's log and reports it, in English: (the log's weighing, the
/// report's words).
fn simulate_and_report(game: Game, coups: u32, seed: u64, players: Players) -> (Protection, String) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("shift.sabotlog");
    simulate_log(&log, game, coups, seed, players);
    let p = sabot::reports::protection::weigh(&log, Options::default()).unwrap();
    let (status, text) = sabot::cli::report::report_parts(
        std::slice::from_ref(&log),
        None,
        sabot::cli::report::Rows::Shifts,
        sabot::i18n::Lang::En,
    );
    assert_eq!(status, 0, "{text}");
    (p, text)
}

/// Writes a simulated shift's log at the game's default table (`sabot simulate --log`).
fn simulate_log(log: &std::path::Path, game: Game, coups: u32, seed: u64, players: Players) {
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_table(
        TableSettings::new(game),
        coups,
        seed,
        players,
        Some(log),
        None,
        &sabot::cli::simulate::Room::default(),
        sabot::i18n::Lang::En,
        &mut out,
    );
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
}

/// The report's lines of one chooser: from his head line to the next chooser's.
fn lines_of<'a>(text: &'a str, head: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut on = false;
    for l in text.lines() {
        let t = l.trim_start();
        if t.starts_with("Bank of ") || t.starts_with("Player hand of ") {
            on = t.starts_with(head);
        }
        if on {
            out.push(l);
        }
    }
    out
}

/// Issue 38, its reproduction: `sabot simulate --game banque --coups 1000 --seed 18
/// --banker table --log x && sabot report x` (or the next seed with one). A
/// table-follower whose every free choice
/// (a handful) went the worse way: for a coin that is exactly 1 in 2ⁿ, which the
/// report says; he is not flagged (the old figure: «under 1 in a billion — FLAGGED»).
/// (Since issue 49 the simulated banco callers play the player's table, so the seed
/// plays another shift than issue 38's: the banker is found, not named.)
#[test]
fn a_table_follower_s_few_worse_choices_are_exactly_one_in_two_to_the_n() {
    let players = Players { banker: BankerArg::Table, caller: None, ..Players::default() };
    let all_worse =
        |v: &&protection::Verdict| v.free >= 2 && v.free <= 8 && v.against_best == v.free && v.departures == 0;
    // The first seed from 18 with such a banker (weighed as played, then from its log).
    let seed = (18..60u64)
        .find(|s| {
            let p = sabot::cli::power::shift(Game::Banque, &players, 1000, *s, Options::default()).unwrap();
            p.verdicts.iter().any(|v| all_worse(&v))
        })
        .expect("a seed with a table-follower whose every free choice went the worse way");
    let (p, text) = simulate_and_report(Game::Banque, 1000, seed, players);
    let v = p.verdicts.iter().find(all_worse).unwrap_or_else(|| panic!("seed {seed}: {:?}", p.verdicts));
    let n = v.free;
    assert!((v.free_chance.p - 0.5f64.powi(n as i32)).abs() < 1e-12, "{v:?}");
    assert_eq!(v.free_chance.kind, protection::Kind::Exact);
    assert!(!v.flagged, "{v:?}");
    let head = format!("Bank of {}:", sabot::reports::protection::who_text(sabot::i18n::Lang::En, v.decider));
    let mine = lines_of(&text, &head).join("\n");
    let one_in = format!("exactly 1 in {}", 1u32 << n);
    assert!(mine.contains(&format!("choices the table leaves open: {n}")) && mine.contains(&one_in), "{mine}");
    assert!(!mine.contains("FLAGGED") && !mine.contains("billion"), "{mine}");
    // Nobody at an honest table is flagged, and the header says how it weighs.
    assert!(p.verdicts.iter().all(|v| !v.flagged), "{:?}", p.verdicts);
    assert!(text.contains("(Holm)") && text.contains("the player draws with chance 0.5"), "{text}");
}

/// Issue 38: seed 16, 1,000 coups, `colluding:4`: the Bank of Sec. 3 departed from the
/// table 165 times and was «not unlikely» because one free choice spread 306,923 hid
/// them. Departures are their own evidence now: flagged, whatever the free choices.
#[test]
fn one_large_free_choice_cannot_hide_departures() {
    let players = Players { banker: BankerArg::Colluding(4), caller: None, ..Players::default() };
    let (p, text) = simulate_and_report(Game::Banque, 1000, 16, players);
    let v = p.verdicts.iter().find(|v| v.decider == Decider::Banker(Some(PlayerRef::seated(3)))).unwrap();
    assert!(v.departures > 100, "{v:?}");
    assert!(v.departures_chance.p < 1e-30, "{v:?}");
    assert!(v.flagged, "{v:?}");
    let mine = lines_of(&text, "Bank of Sec. 3:").join("\n");
    assert!(mine.contains("FLAGGED") && mine.contains("departures from the table"), "{mine}");
}

/// Issue 38, read again by issue 49: a banco caller who plays the option worse for his
/// hand wherever the player's table decides (Chemin de fer, free on any total, R-CF-8)
/// gives to whoever holds the bank: his departures are said, exact, with his habits
/// (the same cells whoever banks), and he names nobody, for no banker is served more
/// than another. An honest caller: no departure to speak of, nobody named. Over 4 shifts
/// of 1,000 coups.
#[test]
fn a_dumping_banco_caller_is_said_and_names_nobody() {
    let dumping = Policy::builtin("dumping").unwrap();
    let honest = Policy::builtin("caller-table").unwrap();
    for seed in 1..=4u64 {
        let players =
            |caller: &Policy| Players { banker: BankerArg::Table, caller: Some(caller.clone()), ..Players::default() };
        let p = shift_players(Game::ChemindeFer, players(&dumping), 1000, seed);
        let callers: Vec<_> = p.verdicts.iter().filter(|v| matches!(v.decider, Decider::Player(_))).collect();
        assert!(callers.iter().any(|v| v.departures > 3 && v.departures_chance.p < 1e-6), "seed {seed}: {callers:?}");
        assert!(callers.iter().any(|v| !v.habits.is_empty()), "seed {seed}: no habit said");
        assert!(p.named().is_empty(), "seed {seed}: {:?}", p.named());
        let q = shift_players(Game::ChemindeFer, players(&honest), 1000, seed);
        assert!(q.named().is_empty(), "seed {seed}: {:?}", q.named());
        assert!(q.verdicts.iter().all(|v| v.departures_chance.p > 1e-3), "seed {seed}: {:?}", q.verdicts);
    }
}

/// Issues 38 and 49, the power table at a small scale (`cargo run --release --example
/// power` prints it whole, README «Game protection»): 6 shifts of 1,000 coups each.
/// Honest strategies, the habit and Sabot's Chemin de fer default: nobody named.
/// Colluders, conditional and not: the friend named in at least 5 of 6 shifts (the
/// README's table: at least 90 % of them), nobody else ever.
#[test]
fn a_small_power_run_meets_the_targets() {
    use sabot::cli::power::{Kind, power, strategies};
    let opts = Options::default();
    let all = strategies();
    let find = |name: &str| all.iter().find(|s| s.0 == name).unwrap_or_else(|| panic!("{name}"));
    for name in ["random", "table", "exact-table", "coin-close", "habit", "default (chemin-de-fer)"] {
        let (_, game, players, kind) = find(name);
        assert!(matches!(kind, Kind::Honest | Kind::Habit), "{name}");
        let p = power(*game, players, 1000, 6, 100, opts).unwrap();
        assert_eq!(p.flagged, 0, "{name}: {p:?}");
    }
    for name in [
        "colluding:4@0.3",
        "stake-over-table:4",
        "last-third:4",
        "standing:4",
        "banco-only:4",
        "hider-covered:4 (bancos 2 %)",
        "alternating:4",
    ] {
        let (_, game, players, kind) = find(name);
        assert_eq!(*kind, Kind::Colluder, "{name}");
        let p = power(*game, players, 1000, 6, 100, opts).unwrap();
        assert!(p.named_right >= 5, "{name}: the friend named in {} of 6: {p:?}", p.named_right);
        assert_eq!(p.innocent, 0, "{name}: {p:?}");
    }
}

/// Issue 38: a careful colluder seen across shifts. A table-hider (he asks for the
/// table and serves seat 4 in the cells it leaves open, about one coup in ten) makes
/// too few choices in a 100-coup stint at the bank to be sure of;
/// `sabot report` of his shifts together weighs the choices of every shift at the
/// table as one and names seat 4, the figure corrected for every figure weighed there
/// and the number of tables. The same report of a table-follower's shifts holds none.
#[test]
fn a_colluder_too_careful_for_one_shift_is_seen_across_the_shifts_of_his_table() {
    let hider = "Policy(name: \"hider\", ask_table: true, play: Exact, \
                 favour: (party: Seat(4), rate: 1.0, cells: Free))";
    let policy = sabot::cli::strategy::parse(hider).expect("policy");
    let dir = tempfile::tempdir().unwrap();
    let shifts = 8u64;
    let (mut logs, mut alone) = (Vec::new(), 0);
    let mut honest = Vec::new();
    for seed in 1..=shifts {
        let hiding = BankerArg::Policy(Box::new(policy.clone()));
        for (kind, banker, into) in [("hider", hiding, &mut logs), ("table", BankerArg::Table, &mut honest)] {
            if kind == "table" && seed > 4 {
                continue;
            }
            let log = dir.path().join(format!("{kind}-{seed}.sabotlog"));
            simulate_log(&log, Game::Banque, 100, seed, Players { banker, ..Players::default() });
            into.push(log);
        }
    }
    for log in &logs {
        let p = sabot::reports::protection::weigh(log, Options::default()).unwrap();
        alone += usize::from(p.verdicts.iter().any(|v| v.flagged));
    }
    let report = |logs: &[std::path::PathBuf]| {
        let (status, text) =
            sabot::cli::report::report_parts(logs, None, sabot::cli::report::Rows::Shifts, sabot::i18n::Lang::En);
        assert!(status <= 1, "{text}");
        text
    };
    let text = report(&logs);
    let across: Vec<&str> = text.lines().filter(|l| l.contains("across the shifts")).collect();
    assert!(across.iter().any(|l| l.contains(&format!("over {shifts} shifts"))), "{across:#?}");
    assert!(
        across.iter().any(|l| l.contains("table simulation, ") && l.contains(": Sec. 4 gained")),
        "seat 4 named across the shifts ({alone} of {shifts} shifts flagged alone): {across:#?}"
    );
    assert!(alone < logs.len(), "the test wants shifts where he is not seen alone: {alone}");
    let text = report(&honest);
    let across: Vec<&str> = text.lines().filter(|l| l.contains("across the shifts")).collect();
    assert!(across.iter().any(|l| l.contains(": 0 under 1 in 1000")), "{across:#?}");
    assert!(!across.iter().any(|l| l.contains("gained")), "{across:#?}");
}
