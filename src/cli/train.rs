//! `sabot train`: a training session on the command line. Staged coups are shown
//! in words, the trainee types each answer (a choice's number, or an amount) and
//! Enter; a bad answer is said and asked again; `q` or the end of the input stops.
//! The score by kind is printed at the end. Works with piped input.

use crate::engine::Game;
use crate::house::House;
use crate::i18n::{Lang, tr, tr_args};
use crate::journal::{self, Header, Journal};
use crate::training::{MAX_DRILLS, Session, words};
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// The arguments of `sabot train`.
#[derive(Debug, Clone, clap::Args)]
pub struct TrainArgs {
    /// banque, chemin-de-fer or punto-banca.
    #[arg(long, value_parser = super::parse_game, default_value = "banque")]
    pub game: Game,
    /// How many staged coups (1 to 500); each asks one to three questions.
    #[arg(long, default_value_t = 10)]
    pub drills: u32,
    /// The random seed: the same seed stages the same coups. By default, from the clock
    /// (printed at the start, to stage the same session again).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the staged coups to this training log: its name must start with
    /// `training-` (e.g. `training-ana.sabotlog`); never a live shift's log.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Also ship the training log's records to the pit's database at this URL (needs
    /// --log), marked training there too.
    #[arg(long, value_name = "URL", requires = "log")]
    pub pit: Option<String>,
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
}

/// Writes a line; the output going away is not an error worth stopping for.
macro_rules! say {
    ($w:expr, $($arg:tt)*) => {{ let _ = writeln!($w, $($arg)*); }};
}

/// Runs a session; returns the exit status: 0 done (or stopped by the trainee),
/// 1 the session could not be staged or the log could not be written, 2 bad
/// arguments.
pub fn train(args: &TrainArgs, lang: Lang, input: &mut dyn BufRead, w: &mut dyn Write) -> i32 {
    train_in(args, &House::default(), lang, input, w)
}

/// A session on a house's table (`--house`): its rates, rounding and house rules; the
/// training table's betting unit and bank stay.
pub fn train_in(args: &TrainArgs, house: &House, lang: Lang, input: &mut dyn BufRead, w: &mut dyn Write) -> i32 {
    if args.drills == 0 || args.drills > MAX_DRILLS {
        say!(w, "sabot train: --drills must be 1 to {MAX_DRILLS}");
        return 2;
    }
    if let Some(path) = &args.log
        && !journal::is_training_name(path)
    {
        say!(w, "sabot train: {}", tr_args(lang, "train-log-refused", &[("path", path.display().to_string())]));
        return 2;
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut settings = house.settings(args.game, None);
    settings.unit = crate::training::stage::training_settings(args.game).unit;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut session = match Session::new(settings, args.drills, &mut rng) {
        Ok(s) => s,
        Err(e) => {
            say!(w, "sabot train: {}", words::stage_error_text(lang, &e));
            return 1;
        }
    };
    let mut log = match &args.log {
        Some(path) => {
            let header = Header::live("training", "trainee", session.settings().clone(), true);
            match Journal::create(path, header) {
                Ok(j) => Some(j),
                Err(e) => {
                    say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
                    return 2;
                }
            }
        }
        None => None,
    };
    let replicator = match (&args.pit, log.as_mut()) {
        (Some(url), Some(j)) => match super::pit::replicate(url, j, lang, w) {
            Ok(r) => Some(r),
            Err(status) => return status,
        },
        _ => None,
    };
    let game_name = crate::i18n::game_name(lang, args.game);
    say!(
        w,
        "{}",
        tr_args(
            lang,
            "train-start",
            &[("game", game_name), ("drills", args.drills.to_string()), ("seed", seed.to_string())]
        )
    );
    let total = session.drills().len();
    let mut logged = 0usize;
    let mut shown_drill = None;
    let mut story_shown = 0usize;
    let mut stopped = false;
    while let Some((di, _)) = session.current_drill() {
        // The coups up to this one go to the log before their questions.
        if let Some(j) = log.as_mut() {
            while logged <= di {
                for (op, events) in &session.drills()[logged].ops {
                    if let Err(e) = j.append(op, events) {
                        say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
                        return 1;
                    }
                }
                logged += 1;
            }
        }
        let Some(q) = session.current().cloned() else { break };
        if shown_drill != Some(di) {
            say!(w, "");
            say!(w, "{}", tr_args(lang, "train-drill", &[("n", (di + 1).to_string()), ("total", total.to_string())]));
            shown_drill = Some(di);
            story_shown = 0;
        }
        for line in words::table_lines(lang, &q.table) {
            say!(w, "{line}");
        }
        let story = words::story_lines(lang, &q.story);
        for line in story.iter().skip(story_shown) {
            say!(w, "  · {line}");
        }
        story_shown = story.len();
        let kind = words::kind_name(lang, q.kind);
        say!(w, "{}", tr_args(lang, "train-question", &[("kind", kind), ("prompt", words::prompt(lang, &q))]));
        for line in words::choice_lines(lang, &q) {
            say!(w, "  {line}");
        }
        loop {
            let _ = write!(w, "{} ", tr(lang, "train-prompt"));
            let _ = w.flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    say!(w, "");
                    stopped = true;
                    break;
                }
                Ok(_) => {}
            }
            let text = line.trim();
            if matches!(text.to_lowercase().as_str(), "q" | "quit" | "salir") {
                stopped = true;
                break;
            }
            match q.parse(text) {
                Ok(answer) => {
                    if let Some(scored) = session.answer(answer) {
                        say!(w, "{}", words::feedback(lang, &q, &scored));
                    }
                    break;
                }
                Err(bad) => say!(w, "{}", words::bad_answer(lang, &bad)),
            }
        }
        if stopped {
            break;
        }
    }
    if let Some(mut j) = log {
        if !stopped {
            for d in session.drills().iter().skip(logged) {
                for (op, events) in &d.ops {
                    if let Err(e) = j.append(op, events) {
                        say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
                        return 1;
                    }
                }
            }
        }
        if let Err(e) = j.close() {
            say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
            return 1;
        }
        say!(w, "{}", tr_args(lang, "train-log", &[("path", j.path().display().to_string())]));
    }
    if let Some(rep) = replicator
        && super::pit::finish(rep, super::simulate::PIT_WAIT, lang, w) != 0
    {
        return 1;
    }
    say!(w, "");
    say!(w, "{}", tr(lang, if stopped { "train-stopped" } else { "train-over" }));
    say!(w, "{}", words::score_line(lang, &session.score));
    0
}
