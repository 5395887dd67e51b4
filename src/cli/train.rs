//! `sabot train`: a training session on the command line. Staged coups are shown
//! in words, the trainee types each answer (a choice's number, or an amount) and
//! Enter; a bad answer is said and asked again; `q` or the end of the input stops.
//! The score by kind is printed at the end. Works with piped input.

use crate::cli::out::say;
use crate::engine::Game;
use crate::house::House;
use crate::i18n::{Lang, tr, tr_args};
use crate::journal::{self, Header, Journal};
use crate::school::{self, AnswerRecord, School, SessionId};
use crate::training::{Answered, Level, MAX_DRILLS, Session, words};
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
    /// The pit's database at this URL: the training log's records are shipped there
    /// (with --log), marked training; with --trainee, the school's store is sent there
    /// at the end (what the pit lacks: this session and any left unsent before), so
    /// the instructor sees every trainee. Needs --log or --trainee.
    #[arg(long, value_name = "URL")]
    pub pit: Option<String>,
    /// The trainee, by name (created if new): every answer is kept in the school's
    /// store, and the session is of his level (the highest open, or --level).
    #[arg(long, value_name = "NAME")]
    pub trainee: Option<String>,
    /// The level, 1 to 6: 1 card values and totals, 2 drawing rules, 3 payouts, 4 errors
    /// and rulings, 5 whole coups, 6 the audition (a whole shoe). A level opens when the
    /// last 20 answers of the one before are at least 90 % right (the house file's
    /// `school` may say otherwise).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: Option<u8>,
    /// The school's store (SQLite). By default `school.sqlite3` in the data folder's
    /// `training` folder.
    #[arg(long, value_name = "FILE")]
    pub school: Option<PathBuf>,
    /// Level 5 (whole coups on the entry line): amounts typed as counts of the table's
    /// unit, as on a table the start form sets to «amounts in units» (`3 4` is four
    /// units on seat 3).
    #[arg(long)]
    pub in_units: bool,
}

/// A trainee's session in the school's store.
struct Enrolled {
    school: School,
    session: SessionId,
    level: Level,
    /// The game of the session.
    game: Game,
}

fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
}

/// Runs a session; returns the exit status: 0 done (or stopped by the trainee),
/// 1 the session could not be staged or the log could not be written, 2 bad
/// arguments.
pub fn train(args: &TrainArgs, lang: Lang, input: &mut dyn BufRead, w: &mut dyn Write) -> i32 {
    train_in(args, &House::default(), lang, input, w)
}

/// A session on a house's table (`--house`): its rates, rounding and house rules; the
/// training table's betting unit and bank stay. With `--trainee` and `--pit`, the
/// school's store is sent to the pit at the end (a pit away loses nothing: what it
/// lacks stays on the laptop, sent the next time).
pub fn train_in(args: &TrainArgs, house: &House, lang: Lang, input: &mut dyn BufRead, w: &mut dyn Write) -> i32 {
    if args.pit.is_some() && args.log.is_none() && args.trainee.is_none() {
        say!(w, "sabot train: {}", tr(lang, "train-pit-needs"));
        return 2;
    }
    // A pit URL that cannot be read is said before the session starts.
    let school_pit = match (&args.pit, &args.trainee) {
        (Some(url), Some(_)) => match super::pit::parse(url, lang, w) {
            Some(u) => Some(u),
            None => return 2,
        },
        _ => None,
    };
    let status = session_in(args, house, lang, input, w);
    let (Some(url), 0 | 1) = (school_pit, status) else { return status };
    let Some(path) = args.school.clone().or_else(school::default_path) else { return status };
    match crate::pit::school_send::send_store(&path, &url, lang) {
        Ok(sent) => {
            say!(
                w,
                "{}",
                tr_args(
                    lang,
                    "school-pit-sent",
                    &[("answers", sent.answers.to_string()), ("url", url.masked().to_string())]
                )
            );
            status
        }
        Err(why) => {
            say!(w, "{why}");
            // The pit away is no failure of the session: it is all kept, sent later.
            status
        }
    }
}

/// What the questions of a session left: whether the trainee stopped, how many drills
/// went to the log, and each answer's time.
#[derive(Default)]
struct Asked {
    stopped: bool,
    logged: usize,
    times_ms: Vec<u32>,
}

/// A trainee by name before his session: his school, his id and name as typed, his
/// level.
type Enrolling = (School, crate::school::TraineeId, String, Level);

/// The session itself, its answers kept for a trainee by name; its exit status.
fn session_in(args: &TrainArgs, house: &House, lang: Lang, input: &mut dyn BufRead, w: &mut dyn Write) -> i32 {
    run_session(args, house, lang, input, w).unwrap_or_else(|status| status)
}

/// Stages the session and asks it; Ok with the exit status when it ran, Err with it
/// when a step had to stop it (said why).
fn run_session(
    args: &TrainArgs,
    house: &House,
    lang: Lang,
    input: &mut dyn BufRead,
    w: &mut dyn Write,
) -> Result<i32, i32> {
    check_session_args(args, lang, w)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut settings = house.settings(args.game, None);
    // The house's betting unit for the game (the training table's 10 where it names none).
    settings.unit = house.school_rules().unit(args.game);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    // A trainee by name: his history, his level.
    let mut level = args.level.and_then(Level::from_number);
    let (enrolling, history) = match &args.trainee {
        Some(name) => {
            let enrolling = enrol(args, house, name, level, lang, w)?;
            level = Some(enrolling.3);
            // Weighed on his answers as they stood when this seed first staged his
            // session at this level: the same seed stages the same session.
            let (sc, id) = (&enrolling.0, enrolling.1);
            let history = sc.history_for_seed(id, args.game, level, seed).map_err(|e| {
                say!(w, "sabot train: {}", school::error_text(lang, &e));
                2
            })?;
            (Some(enrolling), history)
        }
        None => (None, Vec::new()),
    };
    let staged = match level {
        Some(l) => Session::at_level(settings, l, args.drills, &history, &mut rng),
        None => Session::new(settings, args.drills, &mut rng),
    };
    let mut session = staged.map_err(|e| {
        say!(w, "sabot train: {}", words::stage_error_text(lang, &e));
        1
    })?;
    let mut log = open_training_log(args, &session, lang, w)?;
    let replicator = match (&args.pit, log.as_mut()) {
        (Some(url), Some(j)) => Some(super::pit::replicate(url, j, lang, w)?),
        _ => None,
    };
    let mut enrolled = enrolling.map(|e| start_enrolled(e, args, seed, lang, w)).transpose()?;
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
    if level == Some(Level::Coups) {
        return Ok(entry_session((&session, args.in_units), enrolled.as_mut(), lang, input, w, (log, replicator)));
    }
    let asked = ask_drills(&mut session, enrolled.as_mut(), log.as_mut(), lang, input, w)?;
    if let Some(j) = log {
        let rest = if asked.stopped { &[] } else { session.drills().get(asked.logged..).unwrap_or(&[]) };
        if !close_log(j, rest, lang, w) {
            return Err(1);
        }
    }
    if let Some(rep) = replicator
        && super::pit::finish(rep, super::simulate::PIT_WAIT, lang, w) != 0
    {
        return Err(1);
    }
    say!(w, "");
    say!(w, "{}", tr(lang, if asked.stopped { "train-stopped" } else { "train-over" }));
    say!(w, "{}", words::score_line(lang, &session.score));
    if let Some(e) = enrolled {
        end_enrolled(e, house, &session, &asked.times_ms, lang, w)?;
    }
    Ok(0)
}

/// Refuses a number of drills out of range, and a log not named as a training log
/// (status 2, said why).
fn check_session_args(args: &TrainArgs, lang: Lang, w: &mut dyn Write) -> Result<(), i32> {
    if args.drills == 0 || args.drills > MAX_DRILLS {
        say!(w, "sabot train: --drills must be 1 to {MAX_DRILLS}");
        return Err(2);
    }
    if let Some(path) = &args.log
        && !journal::is_training_name(path)
    {
        say!(w, "sabot train: {}", tr_args(lang, "train-log-refused", &[("path", path.display().to_string())]));
        return Err(2);
    }
    Ok(())
}

/// Opens the school's store and finds (or creates) the trainee, and the level of his
/// session (the one asked, or the highest open); a level not open to him
/// is refused, with where he stands on the one before (status 2).
fn enrol(
    args: &TrainArgs,
    house: &House,
    name: &str,
    level: Option<Level>,
    lang: Lang,
    w: &mut dyn Write,
) -> Result<Enrolling, i32> {
    let Some(path) = args.school.clone().or_else(school::default_path) else {
        say!(w, "sabot train: {}", tr(lang, "school-no-folder"));
        return Err(2);
    };
    let opened = School::open(&path).and_then(|mut sc| {
        let id = sc.trainee(name, &now())?;
        let h = sc.history(id)?;
        Ok((sc, id, h))
    });
    let (sc, id, history) = opened.map_err(|e| {
        say!(w, "sabot train: {}", school::error_text(lang, &e));
        2
    })?;
    let progression = house.school_rules().progression;
    let chosen = level.unwrap_or_else(|| progression.highest_open(&history, args.game));
    if !progression.is_open(&history, args.game, chosen) {
        let before = chosen.before().unwrap_or(Level::Values);
        let (right, counted) = progression.standing(&history, args.game, before);
        say!(
            w,
            "sabot train: {}",
            tr_args(
                lang,
                "school-level-closed",
                &[
                    ("level", chosen.number().to_string()),
                    ("name", name.trim().to_string()),
                    ("before", before.number().to_string()),
                    ("percent", progression.percent.to_string()),
                    ("window", progression.window.to_string()),
                    ("right", right.to_string()),
                    ("counted", counted.to_string()),
                ]
            )
        );
        return Err(2);
    }
    Ok((sc, id, name.trim().to_string(), chosen))
}

/// Creates the training log the session writes to (`--log`), headed with the trainee's
/// name; status 2 when it cannot be created.
fn open_training_log(
    args: &TrainArgs,
    session: &Session,
    lang: Lang,
    w: &mut dyn Write,
) -> Result<Option<Journal>, i32> {
    let Some(path) = &args.log else { return Ok(None) };
    let who = args.trainee.as_deref().map_or("trainee", str::trim);
    let header = Header::live(args.game.slug(), who, session.settings().clone(), true);
    Journal::create(path, header).map(Some).map_err(|e| {
        say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
        2
    })
}

/// Starts the trainee's session in the school's store and greets him with his level;
/// status 1 when the store refuses.
fn start_enrolled(
    enrolling: Enrolling,
    args: &TrainArgs,
    seed: u64,
    lang: Lang,
    w: &mut dyn Write,
) -> Result<Enrolled, i32> {
    let (mut sc, id, name, level) = enrolling;
    match sc.start_session(id, args.game, Some(level), seed, &now()) {
        Ok(session) => {
            say!(
                w,
                "{}",
                tr_args(
                    lang,
                    "school-trainee",
                    &[("name", name), ("level", level.number().to_string()), ("title", tr(lang, level.name_id())),]
                )
            );
            Ok(Enrolled { school: sc, session, level, game: args.game })
        }
        Err(e) => {
            say!(w, "sabot train: {}", school::error_text(lang, &e));
            Err(1)
        }
    }
}

/// Asks every question of the session in turn, each drill's coups logged before its
/// questions, each answer scored, kept for an enrolled trainee and explained when
/// wrong; until the end or the trainee stops. Status 1 when the log or the store fails.
fn ask_drills(
    session: &mut Session,
    mut enrolled: Option<&mut Enrolled>,
    mut log: Option<&mut Journal>,
    lang: Lang,
    input: &mut dyn BufRead,
    w: &mut dyn Write,
) -> Result<Asked, i32> {
    let total = session.drills().len();
    let mut asked = Asked::default();
    let mut shown_drill = None;
    let mut story_shown = 0usize;
    while let Some((di, _)) = session.current_drill() {
        // The coups up to this one go to the log before their questions.
        if let Some(j) = log.as_deref_mut() {
            asked.logged = log_drills_through(j, session, asked.logged, di, lang, w)?;
        }
        let Some(q) = session.current().cloned() else { break };
        if shown_drill != Some(di) {
            say!(w, "");
            say!(w, "{}", tr_args(lang, "train-drill", &[("n", (di + 1).to_string()), ("total", total.to_string())]));
            shown_drill = Some(di);
            story_shown = 0;
        }
        story_shown = show_question(lang, &q, story_shown, w);
        let shown_at = std::time::Instant::now();
        let position = session.position();
        let Some(answer) = read_answer(&q, lang, input, w) else {
            asked.stopped = true;
            break;
        };
        if let Some(scored) = session.answer(answer) {
            let ms = u32::try_from(shown_at.elapsed().as_millis()).unwrap_or(u32::MAX);
            asked.times_ms.push(ms);
            if let Some(e) = enrolled.as_deref_mut() {
                record_answer(e, &q, &scored, position, ms, lang, w)?;
            }
            say!(w, "{}", words::feedback(lang, &q, &scored));
            if !scored.right {
                for line in crate::training::explain::explain(lang, &q, &scored) {
                    say!(w, "  {line}");
                }
            }
        }
    }
    Ok(asked)
}

/// Appends the operations of the drills from `logged` through `drill` to the training
/// log; the count of drills logged after, or status 1 when a record cannot be written.
fn log_drills_through(
    j: &mut Journal,
    session: &Session,
    mut logged: usize,
    drill: usize,
    lang: Lang,
    w: &mut dyn Write,
) -> Result<usize, i32> {
    while logged <= drill {
        for (op, events) in &session.drills()[logged].ops {
            if let Err(e) = j.append(op, events) {
                say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
                return Err(1);
            }
        }
        logged += 1;
    }
    Ok(logged)
}

/// Shows a question: the table, the lines of its story not shown yet (from
/// `story_shown`), the question and its choices. Returns how many story lines are
/// shown now.
fn show_question(lang: Lang, q: &crate::training::Question, story_shown: usize, w: &mut dyn Write) -> usize {
    for line in words::table_lines(lang, &q.table) {
        say!(w, "{line}");
    }
    let story = words::story_lines(lang, &q.story);
    for line in story.iter().skip(story_shown) {
        say!(w, "  · {line}");
    }
    let kind = words::kind_name(lang, q.kind);
    say!(w, "{}", tr_args(lang, "train-question", &[("kind", kind), ("prompt", words::prompt(lang, q))]));
    for line in words::choice_lines(lang, q) {
        say!(w, "  {line}");
    }
    story.len()
}

/// The prompt, and the trainee's next line; None when he quits (`q`, `quit`, `salir`)
/// or the input ends.
fn prompt_line(lang: Lang, input: &mut dyn BufRead, w: &mut dyn Write) -> Option<String> {
    crate::cli::out::said(write!(w, "{} ", tr(lang, "train-prompt")));
    crate::cli::out::said(w.flush());
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => {
            say!(w, "");
            return None;
        }
        Ok(_) => {}
    }
    let quit = matches!(line.trim().to_lowercase().as_str(), "q" | "quit" | "salir");
    (!quit).then_some(line)
}

/// Prompts until the trainee types an answer the question can read (a bad one is said
/// and asked again); None when he quits or the input ends.
fn read_answer(
    q: &crate::training::Question,
    lang: Lang,
    input: &mut dyn BufRead,
    w: &mut dyn Write,
) -> Option<crate::training::Answer> {
    loop {
        let line = prompt_line(lang, input, w)?;
        let text = line.trim();
        match q.parse(text) {
            Ok(answer) => return Some(answer),
            Err(bad) => say!(w, "{}", words::bad_answer(lang, &bad)),
        }
    }
}

/// Keeps a scored answer in the trainee's history, at its drill and question (counted
/// from 1); status 1 when the store refuses.
fn record_answer(
    e: &mut Enrolled,
    q: &crate::training::Question,
    scored: &crate::training::Scored,
    (drill_at, question_at): (usize, usize),
    ms: u32,
    lang: Lang,
    w: &mut dyn Write,
) -> Result<(), i32> {
    let record = AnswerRecord {
        at: now(),
        answered: Answered {
            game: e.game,
            level: e.level,
            kind: scored.kind,
            clause: scored.clause,
            right: scored.right,
            ms,
        },
        drill: u32::try_from(drill_at + 1).unwrap_or(u32::MAX),
        question: u32::try_from(question_at + 1).unwrap_or(u32::MAX),
        given: words::answer_text(lang, q, &scored.given),
        expected: words::answer_text(lang, q, &scored.expected),
    };
    keep(e, &record, lang, w)
}

/// Keeps an answer in the trainee's session in the store; status 1, said why, when the
/// store refuses.
fn keep(e: &mut Enrolled, record: &AnswerRecord, lang: Lang, w: &mut dyn Write) -> Result<(), i32> {
    e.school.record(e.session, record).map_err(|err| {
        say!(w, "sabot train: {}", school::error_text(lang, &err));
        1
    })
}

/// Ends the trainee's session in the store and tells him his pace against the house's
/// target for his level, the kinds he missed, and where his history is kept; status 1
/// when the store refuses.
fn end_enrolled(
    mut e: Enrolled,
    house: &House,
    session: &Session,
    times_ms: &[u32],
    lang: Lang,
    w: &mut dyn Write,
) -> Result<(), i32> {
    if let Err(err) = e.school.end_session(e.session, &now()) {
        say!(w, "sabot train: {}", school::error_text(lang, &err));
        return Err(1);
    }
    if !times_ms.is_empty() {
        let mean = times_ms.iter().map(|m| u64::from(*m)).sum::<u64>() / times_ms.len() as u64;
        let target = house.target_seconds(e.level);
        let id = if mean <= u64::from(target) * 1000 { "train-pace-ok" } else { "train-pace-slow" };
        let args = [("mean", format!("{:.1}", mean as f64 / 1000.0)), ("target", target.to_string())];
        say!(w, "{}", tr_args(lang, id, &args));
    }
    for line in words::missed_lines(lang, session) {
        say!(w, "{line}");
    }
    say!(w, "{}", tr_args(lang, "school-history-kept", &[("path", e.school.path().display().to_string())]));
    Ok(())
}

/// Level 5 on the command line: each step of each staged coup told in words, the
/// trainee types it as on the entry line (amounts in the table's unit when
/// `in_units`, as at the table), the engine grades it; the log and its copy to the pit.
fn entry_session(
    (session, in_units): (&Session, bool),
    enrolled: Option<&mut Enrolled>,
    lang: Lang,
    input: &mut dyn BufRead,
    w: &mut dyn Write,
    (log, replicator): (Option<Journal>, Option<crate::pit::Replicator>),
) -> i32 {
    let drills = match crate::training::entry::from_drills(session.settings(), session.drills()) {
        Ok(d) => d,
        Err(e) => {
            say!(w, "sabot train: {}", words::stage_error_text(lang, &e));
            return 1;
        }
    };
    let mut run = crate::entry::drill::EntryRun::new(drills);
    run.in_units = in_units;
    let mut enrolled = enrolled;
    let stopped = match enter_coups(&mut run, enrolled.as_deref_mut(), lang, input, w) {
        Ok(stopped) => stopped,
        Err(status) => return status,
    };
    if let Some(j) = log
        && !close_log(j, session.drills(), lang, w)
    {
        return 1;
    }
    if let Some(rep) = replicator
        && super::pit::finish(rep, super::simulate::PIT_WAIT, lang, w) != 0
    {
        return 1;
    }
    say!(w, "");
    say!(w, "{}", tr(lang, if stopped { "train-stopped" } else { "train-over" }));
    say!(
        w,
        "{}",
        tr_args(lang, "train-entry-score", &[("right", run.right.to_string()), ("asked", run.asked.to_string())])
    );
    if let Some(e) = enrolled {
        if let Err(err) = e.school.end_session(e.session, &now()) {
            say!(w, "sabot train: {}", school::error_text(lang, &err));
            return 1;
        }
        say!(w, "{}", tr_args(lang, "school-history-kept", &[("path", e.school.path().display().to_string())]));
    }
    0
}

/// Asks each step of each coup in turn, reads what the trainee types on the entry
/// line, grades it and keeps it for an enrolled trainee; Ok(true) when he stopped,
/// Ok(false) at the end, status 1 when the store refuses.
fn enter_coups(
    run: &mut crate::entry::drill::EntryRun,
    mut enrolled: Option<&mut Enrolled>,
    lang: Lang,
    input: &mut dyn BufRead,
    w: &mut dyn Write,
) -> Result<bool, i32> {
    let total = run.drills.len();
    let mut shown = None;
    while let Some(d) = run.drill() {
        let (di, step) = (run.current, d.at);
        if shown != Some(di) {
            say!(w, "");
            say!(w, "{}", tr_args(lang, "train-drill", &[("n", (di + 1).to_string()), ("total", total.to_string())]));
            for line in words::table_lines(lang, &d.table) {
                say!(w, "{line}");
            }
            shown = Some(di);
        }
        let Some((op, events)) = d.expected().cloned() else { break };
        say!(w, "{}", tr_args(lang, "train-entry-ask", &[("step", words::step_text(lang, &op, &events))]));
        let shown_at = std::time::Instant::now();
        let Some((text, ops)) = read_entry(run, lang, input, w) else { return Ok(true) };
        let Some(grade) = run.enter(&ops) else { break };
        say!(w, "{}", crate::entry::drill::verdict(lang, &grade));
        if let Some(e) = enrolled.as_deref_mut() {
            let ms = u32::try_from(shown_at.elapsed().as_millis()).unwrap_or(u32::MAX);
            record_entry(e, &grade, &text, (di, step, ms), lang, w)?;
        }
    }
    Ok(false)
}

/// Prompts until the trainee types a line the entry grammar reads (an empty line is
/// asked again, a bad one said why); the line and its operations, or None when he
/// quits or the input ends.
fn read_entry(
    run: &crate::entry::drill::EntryRun,
    lang: Lang,
    input: &mut dyn BufRead,
    w: &mut dyn Write,
) -> Option<(String, Vec<crate::engine::Op>)> {
    loop {
        let line = prompt_line(lang, input, w)?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match run.read(text, lang) {
            Ok(ops) => return Some((text.to_string(), ops)),
            Err(why) => say!(w, "{why}"),
        }
    }
}

/// Keeps a graded entry in the trainee's history, at its coup and step (counted from
/// 1) with the time it took; status 1 when the store refuses.
fn record_entry(
    e: &mut Enrolled,
    grade: &crate::training::entry::EntryGrade,
    given: &str,
    (drill_at, step, ms): (usize, usize, u32),
    lang: Lang,
    w: &mut dyn Write,
) -> Result<(), i32> {
    let record = AnswerRecord {
        at: now(),
        answered: Answered {
            game: e.game,
            level: Level::Coups,
            kind: crate::training::Kind::Entry,
            clause: grade.clause,
            right: grade.right,
            ms,
        },
        drill: u32::try_from(drill_at + 1).unwrap_or(u32::MAX),
        question: u32::try_from(step + 1).unwrap_or(u32::MAX),
        given: given.to_string(),
        expected: crate::entry::describe(lang, &grade.expected.0, &grade.expected.1),
    };
    keep(e, &record, lang, w)
}

/// Appends the drills' operations to the training log and closes it, saying where it
/// is; false, said why, when it could not be written.
fn close_log(mut j: Journal, drills: &[crate::training::Drill], lang: Lang, w: &mut dyn Write) -> bool {
    let appended = drills.iter().flat_map(|d| &d.ops).try_for_each(|(op, events)| j.append(op, events).map(|_| ()));
    if let Err(e) = appended.and_then(|()| j.close().map(|_| ())) {
        say!(w, "sabot train: {}", journal::text::journal_error_text(lang, &e));
        return false;
    }
    say!(w, "{}", tr_args(lang, "train-log", &[("path", j.path().display().to_string())]));
    true
}
