//! `sabot advise`: the banker's decision, exactly (issue #7).
//!
//! ```text
//! sabot advise --game banque --decks 6 --bank 5,0 \
//!     --pano1 drew:4 --stake1 100 --pano2 stood --stake2 300 --five draw
//! sabot advise --game chemin-de-fer --counts 90,22,24,… --bank 3,0 --player drew:9 --stake 500
//! ```
//! `--decks`/`--counts` is the shoe as it was before this coup's first cards; Sabot takes
//! out what the banker has seen: his two cards, the third cards, a natural's two cards.
//! The first line is `draw X stand Y better Z`: the bank's expected result after the
//! cagnotte, to the cent, of each choice. The rest says what it rests on. Exit status
//! 0, or 2 on bad input.

use super::odds::{InputError, parse_five, parse_game, parse_rate, parse_shoe};
use crate::analysis::banker::{Advice, BankerView, Choice, Expectation, FivePlay, PanoPlay, PanoView, Seen, to_money};
use crate::cli::out::say;
use crate::engine::settings::TieRule;
use crate::engine::{Card, Cell, Game, HandId, Money, is_natural, points_total};
use crate::house::House;
use crate::i18n::{Lang, duty_name, hand_name, tr, tr_args};
use std::io::Write;

/// The options of `sabot advise`, as typed.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct AdviseArgs {
    /// The game: banque (two paños) or chemin-de-fer (one player hand).
    #[arg(long, default_value = "banque")]
    pub game: String,
    /// The shoe before this coup: a full sabot of N decks (1 to 8)…
    #[arg(long, allow_hyphen_values = true)]
    pub decks: Option<String>,
    /// …or the cards left by points, c0,c1,…,c9 (c0 counts tens and faces).
    #[arg(long, allow_hyphen_values = true)]
    pub counts: Option<String>,
    /// The bank's two cards: points (5,0) or cards (5h,Kd).
    #[arg(long, allow_hyphen_values = true)]
    pub bank: String,
    /// Paño 1 (the player in Chemin de fer): stood, drew:X (its third card), or
    /// natural:A,B (its two cards).
    #[arg(long, visible_alias = "player")]
    pub pano1: String,
    /// What plays on paño 1 (the player) against the bank.
    #[arg(long, visible_alias = "stake", default_value = "0", allow_hyphen_values = true)]
    pub stake1: String,
    /// Paño 2 (Banque only): stood, drew:X or natural:A,B.
    #[arg(long)]
    pub pano2: Option<String>,
    /// What plays on paño 2 against the bank.
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub stake2: String,
    /// How the paños play a 5: draw, stand, or a probability of drawing; left out, the
    /// house file's `protection: (play_on_five: …)` (a coin when it says nothing), the
    /// play game protection weighs with.
    #[arg(long, default_value = "")]
    pub five: String,
    /// The cagnotte on the bank's net win, a fraction (default the table's, 0.05).
    #[arg(long)]
    pub cagnotte: Option<String>,
    /// Equal totals: push or bank (the bank takes ties); by default the table's rule
    /// (push, or the house file's).
    #[arg(long, default_value = "")]
    pub tie: String,
}

/// One token: points `0`–`9` or a card (`Kd`, `10h`), as points.
fn points_of(token: &str) -> Option<u8> {
    let t = token.trim();
    match t.parse::<u8>() {
        Ok(p) if p <= 9 => Some(p),
        Ok(_) => None,
        Err(_) => t.parse::<Card>().ok().map(|c| c.points()),
    }
}

/// Two cards, as points: `5,0` or `5h,Kd`.
fn two_cards(s: &str) -> Option<[u8; 2]> {
    let parts: Vec<&str> = s.split(',').collect();
    match parts[..] {
        [a, b] => Some([points_of(a)?, points_of(b)?]),
        _ => None,
    }
}

/// What a paño did, and the cards of it the banker has seen.
fn parse_seen(s: &str) -> Result<(Seen, Vec<u8>), InputError> {
    let bad = || InputError::Seen(s.to_string());
    let t = s.trim().to_ascii_lowercase();
    let (word, rest) = match t.split_once(':') {
        Some((w, r)) => (w.to_string(), Some(r.to_string())),
        None => (t.clone(), None),
    };
    match (word.as_str(), rest) {
        ("stood" | "stand" | "no" | "planta" | "plantado", None) => Ok((Seen::Stood, Vec::new())),
        ("drew" | "draw" | "carta" | "pidio" | "pidió", Some(card)) => {
            let x = points_of(&card).ok_or_else(bad)?;
            Ok((Seen::Drew(x), vec![x]))
        }
        ("natural" | "abatio" | "abatió", Some(cards)) => {
            let [a, b] = two_cards(&cards).ok_or_else(bad)?;
            if !is_natural(points_total(a, b)) {
                return Err(bad());
            }
            Ok((Seen::Natural, vec![a, b]))
        }
        _ => Err(bad()),
    }
}

fn parse_stake(s: &str) -> Result<Money, InputError> {
    let m: Money =
        s.parse().map_err(|e: crate::engine::money::MoneyError| InputError::Stake(s.to_string(), Some(e)))?;
    if m.is_negative() {
        return Err(InputError::Stake(s.to_string(), None));
    }
    Ok(m)
}

/// The banker's view from the command line, and the settings it was read with.
pub fn view_of(args: &AdviseArgs) -> Result<(BankerView, FivePlay), InputError> {
    view_of_in(args, &House::default())
}

/// The banker's view at a house's table (`--house`): its cagnotte and tie rule where
/// the options do not say otherwise.
pub fn view_of_in(args: &AdviseArgs, house: &House) -> Result<(BankerView, FivePlay), InputError> {
    let game = parse_game(&args.game)?;
    if game == Game::PuntoBanca {
        return Err(InputError::NoBanker);
    }
    let start = parse_shoe(args.decks.as_deref(), args.counts.as_deref())?;
    let bank = two_cards(&args.bank).ok_or_else(|| InputError::BankCards(args.bank.clone()))?;
    let five = match args.five.trim() {
        "" => house.protection.five_play(),
        t => parse_five(t)?,
    };
    let play = PanoPlay::standard(five);
    let mut seen_cards: Vec<u8> = bank.to_vec();
    let (seen1, cards1) = parse_seen(&args.pano1)?;
    seen_cards.extend(cards1);
    let pano1 = Some(PanoView { seen: seen1, stake: parse_stake(&args.stake1)?, play });
    let pano2 = match (game, &args.pano2) {
        (Game::ChemindeFer, Some(_)) => return Err(InputError::Pano2Cf),
        (Game::ChemindeFer, None) => None,
        (_, None) => return Err(InputError::Pano2Missing),
        (_, Some(p)) => {
            let (seen2, cards2) = parse_seen(p)?;
            seen_cards.extend(cards2);
            Some(PanoView { seen: seen2, stake: parse_stake(&args.stake2)?, play })
        }
    };
    let settings = house.settings(game, None);
    let cagnotte = match &args.cagnotte {
        Some(c) => parse_rate(c)?,
        None => settings.cagnotte,
    };
    let tie = match args.tie.trim().to_ascii_lowercase().as_str() {
        "" => settings.house.tie,
        "push" | "nula" | "void" => TieRule::Push,
        "bank" | "banca" | "bank-wins" => TieRule::BankWins,
        other => return Err(InputError::Tie(other.to_string())),
    };
    let view = BankerView {
        unseen: start.without(&seen_cards)?,
        bank: points_total(bank[0], bank[1]),
        panos: [pano1, pano2],
        tie,
        cagnotte,
        rounding: settings.rounding,
    };
    Ok((view, five))
}

fn money(x: f64) -> Result<String, InputError> {
    Ok(to_money(x)?.to_string())
}

fn p6(x: f64) -> String {
    format!("{x:.6}")
}

/// The lines `sabot advise` prints, or what is wrong with its input.
pub fn advise_lines(args: &AdviseArgs, lang: Lang) -> Result<Vec<String>, InputError> {
    advise_lines_in(args, &House::default(), lang)
}

/// The lines `sabot advise` prints at a house's table.
pub fn advise_lines_in(args: &AdviseArgs, house: &House, lang: Lang) -> Result<Vec<String>, InputError> {
    let (view, five) = view_of_in(args, house)?;
    let a: Advice = view.advise()?;
    let better = match a.better() {
        Choice::Draw => "draw",
        Choice::Stand => "stand",
        Choice::Either => "either",
    };
    let mut lines = vec![format!("draw {} stand {} better {better}", money(a.draw.net)?, money(a.stand.net)?)];
    let game = parse_game(&args.game)?;
    lines.push(who_line(lang, &view, five, game));
    lines.push(table_line(lang, &a, game));
    lines.push(tr(lang, "advise-header"));
    lines.extend((0..2).filter_map(|slot| odds_row(lang, game, slot, &a.draw, &a.stand)));
    lines.push(tr_args(lang, "advise-gross", &[("draw", money(a.draw.gross)?), ("stand", money(a.stand.gross)?)]));
    lines.push(tr_args(
        lang,
        "advise-net",
        &[("rate", view.cagnotte.to_string()), ("draw", money(a.draw.net)?), ("stand", money(a.stand.net)?)],
    ));
    lines.push(match a.better() {
        Choice::Draw => tr_args(lang, "advise-better-draw", &[("margin", money(a.margin())?)]),
        Choice::Stand => tr_args(lang, "advise-better-stand", &[("margin", money(a.margin())?)]),
        Choice::Either => tr(lang, "advise-better-either"),
    });
    lines.push(tr(lang, "advise-note"));
    Ok(lines)
}

/// The hand of a paño's slot: the player in Chemin de fer, else tableau 1 or 2.
fn hand_at(game: Game, slot: usize) -> HandId {
    match game {
        Game::ChemindeFer => HandId::Player,
        _ => HandId::Tableau(slot as u8 + 1),
    }
}

/// Who is at the table: the bank's total, each paño as seen and its stake, and how a
/// five is played.
fn who_line(lang: Lang, view: &BankerView, five: FivePlay, game: Game) -> String {
    let suffix = if game == Game::ChemindeFer { "-player" } else { "" };
    let five_text = match five {
        FivePlay::Draw => tr(lang, &format!("advise-five-draw{suffix}")),
        FivePlay::Stand => tr(lang, &format!("advise-five-stand{suffix}")),
        FivePlay::Mix(p) => tr_args(lang, &format!("advise-five-mix{suffix}"), &[("p", p.to_string())]),
    };
    let mut who = vec![tr_args(lang, "advise-bank", &[("total", view.bank.to_string())])];
    for (slot, p) in view.panos.iter().enumerate() {
        let Some(p) = p else { continue };
        let seen = match p.seen {
            Seen::Natural => tr(lang, "advise-seen-natural"),
            Seen::Stood => tr(lang, "advise-seen-stood"),
            Seen::Drew(x) => tr_args(lang, "advise-seen-drew", &[("card", x.to_string())]),
        };
        who.push(tr_args(
            lang,
            "advise-pano",
            &[("hand", hand_name(lang, hand_at(game, slot))), ("seen", seen), ("stake", p.stake.to_string())],
        ));
    }
    who.push(five_text);
    who.join(" · ")
}

/// The drawing table's cell against each paño, and what it makes the bank do.
fn table_line(lang: Lang, a: &Advice, game: Game) -> String {
    let cells: Vec<String> = a
        .cells
        .iter()
        .enumerate()
        .filter_map(|(slot, c)| {
            c.map(|c: Cell| {
                tr_args(
                    lang,
                    "advise-cell",
                    &[("hand", hand_name(lang, hand_at(game, slot))), ("cell", c.letter().to_string())],
                )
            })
        })
        .collect();
    let duty = a.table.map_or_else(|| tr(lang, "advise-no-table"), |d| duty_name(lang, d));
    tr_args(lang, "advise-table", &[("cells", cells.join(", ")), ("duty", duty)])
}

/// The odds against a paño's slot, drawing and standing; none for an empty slot.
fn odds_row(lang: Lang, game: Game, slot: usize, d: &Expectation, s: &Expectation) -> Option<String> {
    let (d, s) = (d.against[slot]?, s.against[slot]?);
    Some(tr_args(
        lang,
        "advise-row",
        &[
            ("hand", hand_name(lang, hand_at(game, slot))),
            ("win_draw", p6(d.win)),
            ("win_stand", p6(s.win)),
            ("lose_draw", p6(d.lose)),
            ("lose_stand", p6(s.lose)),
            ("tie_draw", p6(d.tie)),
            ("tie_stand", p6(s.tie)),
        ],
    ))
}

/// Runs `sabot advise`; returns the exit status (0, or 2 for bad input).
pub fn advise(args: &AdviseArgs, lang: Lang, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    advise_in(args, &House::default(), lang, out, err)
}

/// `sabot advise` at a house's table (`--house`).
pub fn advise_in(args: &AdviseArgs, house: &House, lang: Lang, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match advise_lines_in(args, house, lang) {
        Ok(lines) => {
            for l in lines {
                say!(out, "{l}");
            }
            0
        }
        Err(e) => {
            say!(err, "sabot advise: {}", e.text(lang));
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn banque(bank: &str, p1: &str, s1: &str, p2: &str, s2: &str) -> AdviseArgs {
        AdviseArgs {
            game: "banque".into(),
            decks: Some("6".into()),
            counts: None,
            bank: bank.into(),
            pano1: p1.into(),
            stake1: s1.into(),
            pano2: Some(p2.into()),
            stake2: s2.into(),
            five: "draw".into(),
            cagnotte: None,
            tie: "push".into(),
        }
    }

    fn run(a: &AdviseArgs) -> (i32, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = advise(a, Lang::En, &mut out, &mut err);
        (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn reads_what_the_banker_sees() {
        assert_eq!(parse_seen("stood").unwrap(), (Seen::Stood, vec![]));
        assert_eq!(parse_seen("drew:4").unwrap(), (Seen::Drew(4), vec![4]));
        assert_eq!(parse_seen("drew:Kd").unwrap(), (Seen::Drew(0), vec![0]));
        assert_eq!(parse_seen("natural:9h,Kd").unwrap(), (Seen::Natural, vec![9, 0]));
        assert!(parse_seen("natural:3,3").is_err());
        assert!(parse_seen("drew").is_err());
        assert!(parse_seen("drew:12").is_err());
        assert_eq!(two_cards("5h,10d"), Some([5, 0]));
        assert_eq!(two_cards("5,0,1"), None);
    }

    #[test]
    fn two_panos_first_line_r_bq_14() {
        // Bank 5, paño 1 drew a 4 (the O cell), paño 2 stood (T): the banker chooses
        // (R-BQ-14); Sabot prices both.
        let (code, out, err) = run(&banque("5,0", "drew:4", "100", "stood", "300"));
        assert_eq!(code, 0, "{err}");
        let first = out.lines().next().unwrap();
        assert!(first.starts_with("draw ") && first.contains(" stand ") && first.contains(" better "), "{first}");
        assert!(out.contains("chooses"), "{out}");
    }

    /// Issue 38: one play on 5. Left out, `--five` is the house file's
    /// (`protection: (play_on_five: …)`), a coin when it says nothing: the play the
    /// weighing of the bankers' choices uses (R-BQ-11).
    #[test]
    fn the_play_on_five_is_the_house_file_s() {
        let mut a = banque("5,0", "drew:4", "100", "stood", "300");
        let lines = |a: &AdviseArgs, h: &House| {
            let (view, five) = view_of_in(a, h).unwrap();
            (view.advise().unwrap().draw.net, five)
        };
        let given = |five: &str| {
            let mut b = banque("5,0", "drew:4", "100", "stood", "300");
            b.five = five.into();
            lines(&b, &House::default())
        };
        a.five = String::new();
        assert_eq!(lines(&a, &House::default()), given("0.5"));
        let mut h = House::default();
        h.protection.play_on_five = Some(100);
        assert_eq!(lines(&a, &h).0, given("draw").0);
        assert_ne!(given("draw").0, given("0.5").0, "the play on 5 matters here");
    }

    #[test]
    fn reads_in_both_languages() {
        let mut cf = banque("3,0", "drew:9", "500", "stood", "0");
        cf.game = "chemin-de-fer".into();
        cf.pano2 = None;
        cf.five = "0.5".into();
        for a in [banque("5,0", "drew:4", "100", "natural:9,0", "300"), cf] {
            let [es, en] = [Lang::Es, Lang::En].map(|l| advise_lines(&a, l).unwrap().join("\n"));
            assert_eq!(es.lines().next(), en.lines().next(), "the first line is the same in both");
            for t in [&es, &en] {
                assert!(!t.contains('{') && !t.contains("advise-"), "{t}");
            }
            assert_ne!(es, en);
        }
    }

    #[test]
    fn bad_input_exits_2() {
        for (a, says) in [
            (banque("5", "stood", "1", "stood", "1"), "two cards"),
            (banque("5,0", "sat", "1", "stood", "1"), "not what a paño did"),
            (banque("5,0", "stood", "-1", "stood", "1"), "stake"),
            (banque("9,9", "stood", "1", "stood", "1"), "nothing to decide"),
            (banque("5,0", "natural:9,0", "1", "natural:8,0", "1"), "no play"),
        ] {
            let (code, out, err) = run(&a);
            assert_eq!(code, 2);
            assert!(out.is_empty());
            assert!(err.contains(says), "{err} should say {says}");
        }
        let mut cf = banque("5,0", "stood", "1", "stood", "1");
        cf.game = "chemin-de-fer".into();
        assert!(run(&cf).2.contains("one player hand"));
        cf.pano2 = None;
        assert_eq!(run(&cf).0, 0);
        let mut pb = cf.clone();
        pb.game = "punto-banca".into();
        assert!(run(&pb).2.contains("no banker"));
    }
}
