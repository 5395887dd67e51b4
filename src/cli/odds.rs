//! `sabot odds`: the exact odds of a shoe (issue #7).
//!
//! `sabot odds --game punto-banca (--decks N | --counts c0,…,c9) [--commission 0.05]`
//! prints `banker P player P tie P` (12 decimals), then the chance of a natural and the
//! house edge of each bet. `--game chemin-de-fer` gives the odds of a player against
//! the bank for a fixed play (`--five`, `--optional`). Exit status 0, or 2 on bad input
//! with a message that says what is wrong.

use crate::analysis::banker::{AdviceError, FivePlay};
use crate::analysis::{Composition, CompositionError, chemin, punto_banca};
use crate::cli::out::say;
use crate::engine::{Game, Rate};
use crate::house::House;
use crate::i18n::{Lang, tr, tr_args};
use std::io::Write;

/// The options of `sabot odds`, as typed.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct OddsArgs {
    /// The game: punto-banca (the default; also chemin-de-fer, for a fixed play).
    /// With --log, the log's game.
    #[arg(long)]
    pub game: Option<String>,
    /// A full sabot of N decks (1 to 8).
    #[arg(long, allow_hyphen_values = true)]
    pub decks: Option<String>,
    /// The cards left by points: c0,c1,…,c9 (c0 counts tens and faces, 16 a deck).
    #[arg(long, allow_hyphen_values = true)]
    pub counts: Option<String>,
    /// The shoe left in a shift log before coup N (with --coup).
    #[arg(long, requires = "coup")]
    pub log: Option<std::path::PathBuf>,
    /// The coup of --log, counted from 1.
    #[arg(long, requires = "log")]
    pub coup: Option<u32>,
    /// Punto y Banca: the commission on winning banca bets, a fraction (default 0.05).
    #[arg(long)]
    pub commission: Option<String>,
    /// Chemin de fer: how the player plays a 5: draw, stand, or a probability of drawing.
    #[arg(long, default_value = "draw")]
    pub five: String,
    /// Chemin de fer: what the bank does in the table's O cells: draw, stand, or a
    /// probability of drawing (default draw, as in a coup put right, R-BQ-E13).
    #[arg(long, default_value = "draw")]
    pub optional: String,
}

/// What went wrong with the input, to say once and exit with status 2.
#[derive(Clone, Debug, PartialEq)]
pub enum InputError {
    NoShoe,
    BothShoes,
    DecksNotNumber(String),
    Game(String),
    Rate(String),
    Five(String),
    Seen(String),
    BankCards(String),
    /// A stake that is not an amount (why), or is negative (None).
    Stake(String, Option<crate::engine::money::MoneyError>),
    Tie(String),
    Pano2Cf,
    Pano2Missing,
    NoBanker,
    BanqueOdds,
    Composition(CompositionError),
    Log(crate::reports::export::ExportError),
    /// `--game` names another game than the log's: (the log's, the one named).
    LogGame(Game, Game),
    Advice(AdviceError),
}

impl From<CompositionError> for InputError {
    fn from(e: CompositionError) -> Self {
        InputError::Composition(e)
    }
}

impl From<AdviceError> for InputError {
    fn from(e: AdviceError) -> Self {
        match e {
            AdviceError::Composition(c) => InputError::Composition(c),
            other => InputError::Advice(other),
        }
    }
}

/// A composition error in `lang`.
pub fn composition_text(lang: Lang, e: &CompositionError) -> String {
    use CompositionError::*;
    match e {
        WrongCount { found } => tr_args(lang, "err-comp-wrong-count", &[("found", found.to_string())]),
        NotANumber { index, text } => {
            tr_args(lang, "err-comp-not-a-number", &[("index", index.to_string()), ("text", text.clone())])
        }
        Negative { index, text } => {
            tr_args(lang, "err-comp-negative", &[("index", index.to_string()), ("text", text.clone())])
        }
        Empty => tr(lang, "err-comp-empty"),
        TooFew { total, needed } => {
            tr_args(lang, "err-comp-too-few", &[("total", total.to_string()), ("needed", needed.to_string())])
        }
        TooMany { total, max } => {
            let total = if *total == u64::MAX { "> 4294967295".to_string() } else { total.to_string() };
            tr_args(lang, "err-comp-too-many", &[("total", total), ("max", max.to_string())])
        }
        Decks { decks } => tr_args(lang, "err-comp-decks", &[("decks", decks.to_string())]),
        NotLeft { points } => tr_args(lang, "err-comp-not-left", &[("points", points.to_string())]),
        BadPoints { points } => tr_args(lang, "err-comp-bad-points", &[("points", points.to_string())]),
    }
}

/// An advice error in `lang`.
pub fn advice_text(lang: Lang, e: &AdviceError) -> String {
    use AdviceError::*;
    match e {
        BankNatural(t) => tr_args(lang, "err-adv-bank-natural", &[("total", t.to_string())]),
        BadTotal(t) => tr_args(lang, "err-adv-bad-total", &[("total", t.to_string())]),
        BadThird(x) => tr_args(lang, "err-adv-bad-third", &[("points", x.to_string())]),
        NoPlay => tr(lang, "err-adv-no-play"),
        BadProbability => tr(lang, "err-adv-probability"),
        NegativeStake(m) => tr_args(lang, "err-adv-negative-stake", &[("amount", m.to_string())]),
        Impossible => tr(lang, "err-adv-impossible"),
        Composition(c) => composition_text(lang, c),
        NotABankersGame(_) => tr(lang, "err-adv-not-bankers-game"),
        NotBanksTurn => tr(lang, "err-adv-not-banks-turn"),
        BankCardsUnknown => tr(lang, "err-adv-bank-cards-unknown"),
        Overflow => tr(lang, "err-adv-overflow"),
    }
}

impl InputError {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let t = |id: &str, text: &str| tr_args(lang, id, &[("text", text.to_string())]);
        match self {
            InputError::NoShoe => tr(lang, "err-no-shoe"),
            InputError::Log(e) => {
                tr_args(lang, "err-log", &[("error", crate::reports::export_text::export_error_text(lang, e))])
            }
            InputError::LogGame(log, named) => {
                tr_args(lang, "err-log-game", &[("log", log.slug().to_string()), ("game", named.slug().to_string())])
            }
            InputError::BothShoes => tr(lang, "err-both-shoes"),
            InputError::DecksNotNumber(s) => t("err-decks-not-number", s),
            InputError::Game(s) => t("err-game", s),
            InputError::Rate(s) => t("err-rate", s),
            InputError::Five(s) => t("err-five", s),
            InputError::Seen(s) => t("err-seen", s),
            InputError::BankCards(s) => t("err-bank-cards", s),
            InputError::Stake(s, why) => {
                let why = why.as_ref().map_or_else(|| "< 0".to_string(), |e| crate::i18n::money_error_text(lang, e));
                tr_args(lang, "err-stake", &[("text", s.clone()), ("why", why)])
            }
            InputError::Tie(s) => t("err-tie", s),
            InputError::Pano2Cf => tr(lang, "err-pano2-cf"),
            InputError::Pano2Missing => tr(lang, "err-pano2-missing"),
            InputError::NoBanker => tr(lang, "err-game-no-banker"),
            InputError::BanqueOdds => tr(lang, "odds-banque-unsupported"),
            InputError::Composition(e) => composition_text(lang, e),
            InputError::Advice(e) => advice_text(lang, e),
        }
    }
}

/// The game named by `--game`.
pub fn parse_game(s: &str) -> Result<Game, InputError> {
    Game::from_slug(s).ok_or_else(|| InputError::Game(s.to_string()))
}

/// The shoe from `--decks` or `--counts` (exactly one of them).
pub fn parse_shoe(decks: Option<&str>, counts: Option<&str>) -> Result<Composition, InputError> {
    match (decks, counts) {
        (None, None) => Err(InputError::NoShoe),
        (Some(_), Some(_)) => Err(InputError::BothShoes),
        (Some(d), None) => {
            let n: i64 = d.trim().parse().map_err(|_| InputError::DecksNotNumber(d.to_string()))?;
            Ok(Composition::decks(n)?)
        }
        (None, Some(c)) => Ok(Composition::parse(c)?),
    }
}

/// A rate such as `0.05`.
pub fn parse_rate(s: &str) -> Result<Rate, InputError> {
    s.parse::<Rate>().map_err(|_| InputError::Rate(s.to_string()))
}

/// A play on 5: draw, stand or a probability.
pub fn parse_five(s: &str) -> Result<FivePlay, InputError> {
    FivePlay::parse(s).ok_or_else(|| InputError::Five(s.to_string()))
}

/// A probability with 12 decimals.
fn p12(x: f64) -> String {
    format!("{x:.12}")
}

/// Runs `sabot odds`; returns the exit status (0, or 2 for bad input).
pub fn odds(args: &OddsArgs, lang: Lang, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    odds_in(args, &House::default(), lang, out, err)
}

/// `sabot odds` at a house's tables (`--house`): its commission and house rules where
/// the options do not say otherwise.
pub fn odds_in(args: &OddsArgs, house: &House, lang: Lang, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match odds_lines_in(args, house, lang) {
        Ok(lines) => {
            for l in lines {
                say!(out, "{l}");
            }
            0
        }
        Err(e) => {
            say!(err, "sabot odds: {}", e.text(lang));
            2
        }
    }
}

/// The lines `sabot odds` prints, or what is wrong with its input.
pub fn odds_lines(args: &OddsArgs, lang: Lang) -> Result<Vec<String>, InputError> {
    odds_lines_in(args, &House::default(), lang)
}

/// The lines `sabot odds` prints at a house's tables.
pub fn odds_lines_in(args: &OddsArgs, house: &House, lang: Lang) -> Result<Vec<String>, InputError> {
    let named = args.game.as_deref().map(parse_game).transpose()?;
    let (shoe, settings) = match (&args.log, args.coup) {
        (Some(log), Some(coup)) => {
            if args.decks.is_some() || args.counts.is_some() {
                return Err(InputError::BothShoes);
            }
            let table = crate::reports::export::table_before_coup(log, coup).map_err(InputError::Log)?;
            // The log says which game it is.
            let game = table.settings().game;
            if let Some(named) = named.filter(|g| *g != game) {
                return Err(InputError::LogGame(game, named));
            }
            (Composition::from_shoe(table.shoe())?, table.settings().clone())
        }
        _ => (
            parse_shoe(args.decks.as_deref(), args.counts.as_deref())?,
            house.settings(named.unwrap_or(Game::PuntoBanca), None),
        ),
    };
    let game = settings.game;
    match game {
        Game::PuntoBanca => {
            let commission = match &args.commission {
                Some(c) => parse_rate(c)?,
                None => settings.commission,
            };
            let o = punto_banca::odds(&shoe, settings.house.pb_banca_draws_on_stood_up_to)?;
            let e = o.edges(commission);
            Ok(vec![
                format!("banker {} player {} tie {}", p12(o.p_banker()), p12(o.p_player()), p12(o.p_tie())),
                tr_args(lang, "odds-natural", &[("p", p12(o.p_natural()))]),
                tr_args(
                    lang,
                    "odds-edge-banker",
                    &[
                        ("edge", p12(e.banker)),
                        ("percent", format!("{:.4}", e.banker * 100.0)),
                        ("rate", commission.to_string()),
                    ],
                ),
                tr_args(
                    lang,
                    "odds-edge-player",
                    &[("edge", p12(e.player)), ("percent", format!("{:.4}", e.player * 100.0))],
                ),
                tr_args(
                    lang,
                    "odds-shoe",
                    &[
                        ("cards", shoe.total().to_string()),
                        ("counts", shoe.to_string()),
                        ("banker", o.banker.to_string()),
                        ("player", o.player.to_string()),
                        ("tie", o.tie.to_string()),
                        ("total", o.total.to_string()),
                    ],
                ),
            ])
        }
        Game::ChemindeFer => {
            let five = parse_five(&args.five)?.draw_probability();
            let optional = parse_five(&args.optional)?.draw_probability();
            let o = chemin::odds(&shoe, five, &chemin::table_play(optional))?;
            Ok(vec![
                format!("banker {} player {} tie {}", p12(o.bank), p12(o.player), p12(o.tie)),
                tr_args(lang, "odds-natural", &[("p", p12(o.natural))]),
                tr_args(lang, "odds-cf-assumptions", &[("five", five.to_string()), ("optional", optional.to_string())]),
                tr_args(lang, "odds-cf-gain", &[("gain", p12(o.player_gain))]),
            ])
        }
        Game::Banque => Err(InputError::BanqueOdds),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(counts: Option<&str>, decks: Option<&str>) -> OddsArgs {
        OddsArgs {
            game: Some("punto-banca".into()),
            decks: decks.map(String::from),
            counts: counts.map(String::from),
            log: None,
            coup: None,
            commission: None,
            five: "draw".into(),
            optional: "draw".into(),
        }
    }

    fn run(a: &OddsArgs) -> (i32, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = odds(a, Lang::En, &mut out, &mut err);
        (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn first_line_has_twelve_decimals_r_pb_4() {
        let (code, out, _) = run(&args(None, Some("8")));
        assert_eq!(code, 0);
        let first = out.lines().next().unwrap();
        let words: Vec<&str> = first.split(' ').collect();
        assert_eq!(words.len(), 6);
        assert_eq!([words[0], words[2], words[4]], ["banker", "player", "tie"]);
        for w in [words[1], words[3], words[5]] {
            assert_eq!(w.split('.').nth(1).unwrap().len(), 12, "{w}");
        }
        assert!(first.starts_with("banker 0.458597"), "{first}");
    }

    #[test]
    fn bad_input_says_what_and_exits_2() {
        for (counts, decks, says) in [
            (Some("1,2,3"), None, "exactly 10 numbers"),
            (Some("4,4,4,4,4,4,4,4,4,-1"), None, "negative"),
            (Some("a,4,4,4,4,4,4,4,4,4"), None, "not a whole number"),
            (Some("1,1,1,1,1,0,0,0,0,0"), None, "holds only 5"),
            (Some("0,0,0,0,0,0,0,0,0,0"), None, "empty"),
            (None, Some("9"), "1 to 8 decks"),
            (None, Some("x"), "not a whole number of decks"),
            (None, None, "give the shoe"),
            (Some("16,4,4,4,4,4,4,4,4,4"), Some("1"), "not both"),
        ] {
            let (code, out, err) = run(&args(counts, decks));
            assert_eq!(code, 2, "{counts:?} {decks:?}");
            assert!(out.is_empty());
            assert!(err.contains(says), "{err} should say {says}");
        }
        let mut a = args(None, Some("6"));
        a.game = Some("poker".into());
        assert!(run(&a).2.contains("not a game"));
        a.game = Some("punto-banca".into());
        a.commission = Some("1.5".into());
        assert!(run(&a).2.contains("not a rate"));
    }

    /// Every message of `sabot odds` and `sabot advise` reads in both languages, with
    /// its arguments filled in, and differently in each.
    #[test]
    fn every_error_reads_in_both_languages() {
        use crate::engine::Money;
        let samples = vec![
            InputError::NoShoe,
            InputError::BothShoes,
            InputError::DecksNotNumber("x".into()),
            InputError::Game("poker".into()),
            InputError::Rate("2".into()),
            InputError::Five("maybe".into()),
            InputError::Seen("sat".into()),
            InputError::BankCards("5".into()),
            InputError::Stake("x".into(), Some(crate::engine::money::MoneyError::NotANumber("x".into()))),
            InputError::Stake("-5".into(), None),
            InputError::Tie("x".into()),
            InputError::Pano2Cf,
            InputError::Pano2Missing,
            InputError::NoBanker,
            InputError::BanqueOdds,
            InputError::Composition(CompositionError::WrongCount { found: 3 }),
            InputError::Composition(CompositionError::NotANumber { index: 1, text: "x".into() }),
            InputError::Composition(CompositionError::Negative { index: 1, text: "-1".into() }),
            InputError::Composition(CompositionError::Empty),
            InputError::Composition(CompositionError::TooFew { total: 3, needed: 6 }),
            InputError::Composition(CompositionError::TooMany { total: u64::MAX, max: 1 }),
            InputError::Composition(CompositionError::Decks { decks: 9 }),
            InputError::Composition(CompositionError::NotLeft { points: 9 }),
            InputError::Composition(CompositionError::BadPoints { points: 12 }),
            InputError::Advice(AdviceError::BankNatural(8)),
            InputError::Advice(AdviceError::BadTotal(12)),
            InputError::Advice(AdviceError::BadThird(12)),
            InputError::Advice(AdviceError::NoPlay),
            InputError::Advice(AdviceError::BadProbability),
            InputError::Advice(AdviceError::NegativeStake(Money::units(-1))),
            InputError::Advice(AdviceError::Impossible),
            InputError::Advice(AdviceError::NotABankersGame(Game::PuntoBanca)),
            InputError::Advice(AdviceError::NotBanksTurn),
            InputError::Advice(AdviceError::BankCardsUnknown),
            InputError::Advice(AdviceError::Overflow),
        ];
        for e in samples {
            let [es, en] = [Lang::Es, Lang::En].map(|l| e.text(l));
            for t in [&es, &en] {
                assert!(!t.contains('{') && !t.contains("err-") && t.len() > 5, "{e:?}: {t}");
            }
            assert_ne!(es, en, "{e:?}");
        }
    }

    #[test]
    fn spanish_by_default_words() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = odds(&args(None, Some("6")), Lang::Es, &mut out, &mut err);
        assert_eq!(code, 0);
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().next().unwrap().starts_with("banker 0.45865"));
        assert!(text.contains("ventaja de la casa en banca"));
    }
}
