//! The training screen: a staged coup on the table (the same table views, read
//! only), the question, the answers with their keys (1–4 for a choice; an amount
//! typed and Enter), the verdict with the clause and the right answer, and the
//! running score. Keyboard first; every button does what its key does.
//!
//! No rule lives here: the drills, their right answers and the scoring are
//! `crate::training`'s, which asks the engine.

use super::assets::Assets;
use super::shift::ShiftLog;
use super::text::{t, ta};
use super::widgets::{self, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button};
use super::{felt, table_bq, table_cf, table_pb};
use crate::engine::Game;
use crate::i18n::Lang;
use crate::training::{Answer, Ask, Kind, Level, Question, Scored, Session, words};
use egui::{Color32, RichText, Ui};

/// Drills in a session started from the app.
pub const DRILLS: u32 = 10;

/// What the trainee asked on the training screen during a frame; applied at its
/// end (`school_keys`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainCmd {
    /// A key typed (a choice's number, a character of an amount).
    Key(char),
    /// A choice clicked (from 0).
    Choose(usize),
    /// Page the drill's narrative: whole pages or lines, down when positive.
    Scroll {
        pages: i32,
        lines: i32,
    },
    Backspace,
    Enter,
    Escape,
}

/// A training session on screen.
pub struct Training {
    pub session: Session,
    pub game: Game,
    pub seed: u64,
    /// The amount being typed.
    pub typed: String,
    /// The last answer scored and its question, shown until Enter.
    pub last: Option<(Question, Scored)>,
    /// Why the last key or Enter was not taken.
    pub problem: Option<String>,
    /// The drill of the question answered last (from 0).
    last_drill: usize,
    /// The session's own log (a `training-…` file, never a live shift's): the staged
    /// coups, each handed in before its questions are asked.
    log: Option<Box<dyn ShiftLog>>,
    /// Drills handed to the log so far.
    logged: usize,
    log_closed: bool,
    /// Where the log is, or why it stopped taking records.
    pub log_note: Option<String>,
    pub log_failed: bool,
    /// Where the session's log goes, and who trains: for the next session's log.
    pub origin: Option<super::start::StartChoice>,
    /// Paging asked by the keys for the drill's narrative, not yet done.
    pub scroll: std::cell::Cell<(i32, i32)>,
    /// The trainee's session in the school's store: each answer kept as it is given.
    pub enrolled: Option<Enrolled>,
    /// When the question on screen was shown (its answer's time).
    shown_at: std::time::Instant,
    /// Level 5: the session's coups entered on the entry line (`typed` is the line).
    pub entry: Option<super::entry_drill::EntryRun>,
    /// The time of each answer given, in milliseconds (the pace).
    pub times_ms: Vec<u32>,
}

/// A trainee's session in the school's store.
pub struct Enrolled {
    pub school: crate::school::School,
    pub session: crate::school::SessionId,
    pub trainee: String,
    pub level: Option<Level>,
}

impl Training {
    /// A session of `game` on the training table staged from `seed`; why not, in `lang`.
    pub fn new(game: Game, seed: u64, lang: Lang) -> Result<Training, String> {
        Training::new_at(crate::training::training_settings(game), seed, lang)
    }

    /// A session on a table of these settings (the house's betting unit) staged from
    /// `seed`; why not, in `lang`.
    pub fn new_at(settings: crate::engine::TableSettings, seed: u64, lang: Lang) -> Result<Training, String> {
        let game = settings.game;
        let session = Session::from_seed_at(settings, DRILLS, seed).map_err(|e| words::stage_error_text(lang, &e))?;
        Ok(Training {
            session,
            game,
            seed,
            typed: String::new(),
            last: None,
            problem: None,
            last_drill: 0,
            log: None,
            logged: 0,
            log_closed: false,
            log_note: None,
            log_failed: false,
            origin: None,
            scroll: std::cell::Cell::new((0, 0)),
            enrolled: None,
            shown_at: std::time::Instant::now(),
            entry: None,
            times_ms: Vec::new(),
        })
    }

    /// A session of `level` (free practice when `None`) on a table of these settings
    /// (the game, the house's betting unit) for a trainee with this history (his weak
    /// clauses come back more often), staged from `seed`.
    pub fn at_level(
        settings: crate::engine::TableSettings,
        level: Option<Level>,
        seed: u64,
        history: &[crate::training::Answered],
        lang: Lang,
    ) -> Result<Training, String> {
        let mut tr = Training::new_at(settings.clone(), seed, lang)?;
        if let Some(l) = level {
            tr.session = Session::level_from_seed_at(settings, l, DRILLS, seed, history)
                .map_err(|e| words::stage_error_text(lang, &e))?;
            if l == Level::Coups {
                let drills = crate::training::entry::from_drills(tr.session.settings(), tr.session.drills())
                    .map_err(|e| words::stage_error_text(lang, &e))?;
                tr.entry = Some(super::entry_drill::EntryRun::new(drills));
            }
        }
        Ok(tr)
    }

    /// Keeps the answer just scored in the school's store (committed before the
    /// next question); a failure is said on screen and the store is let go.
    fn keep(&mut self, q: &Question, scored: &Scored, lang: Lang) {
        let ms = u32::try_from(self.shown_at.elapsed().as_millis()).unwrap_or(u32::MAX);
        self.times_ms.push(ms);
        let Some(e) = self.enrolled.as_mut() else { return };
        let record = crate::school::AnswerRecord {
            at: super::school::now(),
            answered: crate::training::Answered {
                game: self.game,
                level: e.level.unwrap_or_else(|| Level::of_kind(scored.kind)),
                kind: scored.kind,
                clause: scored.clause,
                right: scored.right,
                ms,
            },
            drill: u32::try_from(scored.at.0 + 1).unwrap_or(u32::MAX),
            question: u32::try_from(scored.at.1 + 1).unwrap_or(u32::MAX),
            given: words::answer_text(lang, q, &scored.given),
            expected: words::answer_text(lang, q, &scored.expected),
        };
        if let Err(err) = e.school.record(e.session, &record) {
            self.problem = Some(crate::school::error_text(lang, &err));
            self.enrolled = None;
        }
    }

    /// The session with its own log; the first staged coup goes in at once.
    pub fn with_log(mut self, log: Box<dyn ShiftLog>, lang: Lang) -> Training {
        self.log_note = Some(log.location());
        self.log = Some(log);
        self.sync_log(lang);
        self
    }

    /// Hands the log the staged coups the trainee has reached, and once the session
    /// is over the rest and the closing record. Never waits on the disk; a failure is
    /// said beside the score (in `lang`) and training goes on without the log.
    pub fn sync_log(&mut self, lang: Lang) {
        let Some(log) = self.log.as_mut() else { return };
        let reached = self.session.current_drill().map_or(self.session.drills().len(), |(i, _)| i + 1);
        let mut failure = None;
        'drills: while self.logged < reached {
            for (op, events) in &self.session.drills()[self.logged].ops {
                if let Err(e) = log.submit(op, events) {
                    failure = Some(super::shift::log_error_text(lang, &e));
                    break 'drills;
                }
            }
            self.logged += 1;
        }
        if failure.is_none() && self.session.current().is_none() && !self.log_closed {
            self.log_closed = true;
            if let Err(e) = log.close() {
                failure = Some(super::shift::log_error_text(lang, &e));
            }
        }
        failure = failure.or_else(|| {
            log.answers().into_iter().find_map(|(_, r)| r.err()).map(|e| super::shift::log_error_text(lang, &e))
        });
        if let Some(why) = failure {
            self.log_note = Some(why);
            self.log_failed = true;
            self.log = None;
        }
    }

    /// Leaving the session: its log is closed where the trainee stopped, and what is
    /// queued is written. Returns why the log could not be closed, for the screen, in
    /// `lang`.
    pub fn leave(&mut self, lang: Lang) -> Option<String> {
        let mut failure = None;
        if let Some(e) = self.enrolled.as_mut()
            && let Err(err) = e.school.end_session(e.session, &super::school::now())
        {
            failure = Some(crate::school::error_text(lang, &err));
        }
        if let Some(log) = self.log.as_mut() {
            if !self.log_closed {
                self.log_closed = true;
                if let Err(e) = log.close() {
                    failure = Some(super::shift::log_error_text(lang, &e));
                }
            }
            log.finish();
        }
        self.log = None;
        failure
    }

    /// A key typed: a choice's number, or a character of an amount.
    pub fn key(&mut self, lang: Lang, c: char) {
        if self.entry.is_some() {
            if self.typed.chars().count() < 80 && !c.is_control() {
                self.typed.push(c);
                self.problem = None;
            }
            return;
        }
        if self.last.is_some() {
            return;
        }
        let Some(q) = self.session.current().cloned() else { return };
        match q.ask {
            Ask::Choose { .. } | Ask::Total { .. } if c.is_ascii_digit() => match q.parse(&c.to_string()) {
                Ok(a) => self.answer(a, lang),
                Err(b) => self.problem = Some(words::bad_answer(lang, &b)),
            },
            Ask::Choose { .. } | Ask::Total { .. } => {}
            Ask::Amount { .. } => {
                if (c.is_ascii_digit() || ",.-+\u{2212}".contains(c)) && self.typed.chars().count() < 16 {
                    self.typed.push(c);
                    self.problem = None;
                }
            }
        }
    }

    /// A choice clicked.
    pub fn choose(&mut self, i: usize, lang: Lang) {
        if self.last.is_none() && matches!(self.session.current().map(|q| &q.ask), Some(Ask::Choose { .. })) {
            self.answer(Answer::Choice(i), lang);
        }
    }

    pub fn backspace(&mut self) {
        self.typed.pop();
        self.problem = None;
    }

    /// Enter: the next question after a verdict; the amount typed. Once the session
    /// is over, true: the trainee asks for another one (the app opens it, with its
    /// own log).
    pub fn enter(&mut self, lang: Lang) -> bool {
        if self.entry.is_some() {
            return self.enter_entry(lang);
        }
        if self.last.take().is_some() {
            self.sync_log(lang);
            self.shown_at = std::time::Instant::now();
            return false;
        }
        let Some(q) = self.session.current().cloned() else {
            return true;
        };
        match q.parse(&self.typed) {
            Ok(a) => self.answer(a, lang),
            Err(b) => self.problem = Some(words::bad_answer(lang, &b)),
        }
        false
    }

    fn answer(&mut self, a: Answer, lang: Lang) {
        let Some(q) = self.session.current().cloned() else { return };
        self.last_drill = self.session.current_drill().map_or(0, |(i, _)| i);
        if let Some(scored) = self.session.answer(a) {
            self.keep(&q, &scored, lang);
            self.last = Some((q, scored));
        }
        self.typed.clear();
        self.problem = None;
        self.sync_log(lang);
    }

    /// Level 5: Enter on the entry line. The line is read and graded by the engine;
    /// an empty line only clears the last verdict. True once every coup is entered
    /// (the trainee asks for another session).
    fn enter_entry(&mut self, lang: Lang) -> bool {
        let Some(run) = self.entry.as_mut() else { return false };
        if run.is_over() {
            return true;
        }
        if self.typed.trim().is_empty() {
            run.last = None;
            return false;
        }
        let ops = match run.read(&self.typed, lang) {
            Ok(ops) => ops,
            Err(why) => {
                self.problem = Some(why);
                return false;
            }
        };
        let ms = u32::try_from(self.shown_at.elapsed().as_millis()).unwrap_or(u32::MAX);
        self.times_ms.push(ms);
        let at = run.current;
        let step = run.drill().map_or(0, |d| d.at);
        let Some(grade) = run.enter(&ops) else { return false };
        let given = self.typed.trim().to_string();
        self.typed.clear();
        self.problem = None;
        self.shown_at = std::time::Instant::now();
        if let Some(e) = self.enrolled.as_mut() {
            let record = crate::school::AnswerRecord {
                at: super::school::now(),
                answered: crate::training::Answered {
                    game: self.game,
                    level: Level::Coups,
                    kind: Kind::Entry,
                    clause: grade.clause,
                    right: grade.right,
                    ms,
                },
                drill: u32::try_from(at + 1).unwrap_or(u32::MAX),
                question: u32::try_from(step + 1).unwrap_or(u32::MAX),
                given,
                expected: super::entry::describe(lang, &grade.expected.0, &grade.expected.1),
            };
            if let Err(err) = e.school.record(e.session, &record) {
                self.problem = Some(crate::school::error_text(lang, &err));
                self.enrolled = None;
            }
        }
        false
    }

    /// The drill (from 0) of the question shown.
    pub fn drill_shown(&self) -> usize {
        match (&self.last, self.session.current_drill()) {
            (Some(_), _) => self.last_drill,
            (None, Some((i, _))) => i,
            (None, None) => self.session.drills().len().saturating_sub(1),
        }
    }

    /// The question whose table is shown: the one just answered, or the next.
    fn shown(&self) -> Option<&Question> {
        self.last.as_ref().map(|(q, _)| q).or_else(|| self.session.current())
    }
}

/// The session's pace: the mean time of an answer against the level's target
/// (payouts against the clock, the audition).
pub fn pace_line(lang: Lang, tr: &Training) -> Option<String> {
    if tr.times_ms.is_empty() {
        return None;
    }
    let mean = tr.times_ms.iter().map(|m| u64::from(*m)).sum::<u64>() / tr.times_ms.len() as u64;
    let level = tr.session.level().unwrap_or(Level::Coups);
    let target = tr.origin.as_ref().map_or_else(|| level.target_seconds(), |o| o.school.target_seconds(level));
    let id = if mean <= u64::from(target) * 1000 { "train-pace-ok" } else { "train-pace-slow" };
    Some(crate::i18n::tr_args(
        lang,
        id,
        &[("mean", format!("{:.1}", mean as f64 / 1000.0)), ("target", target.to_string())],
    ))
}

/// The keys of the training screen, taken out of the input (no text field here).
pub fn take_keys(ui: &mut Ui, cmds: &mut Vec<TrainCmd>) {
    ui.input_mut(|i| {
        i.events.retain(|e| match e {
            egui::Event::Text(s) => {
                cmds.extend(s.chars().map(TrainCmd::Key));
                false
            }
            egui::Event::Key { key, pressed: true, modifiers, .. }
                if !modifiers.ctrl && !modifiers.alt && !modifiers.command =>
            {
                let cmd = match key {
                    egui::Key::Enter => TrainCmd::Enter,
                    egui::Key::Backspace => TrainCmd::Backspace,
                    egui::Key::Escape => TrainCmd::Escape,
                    egui::Key::PageDown => TrainCmd::Scroll { pages: 1, lines: 0 },
                    egui::Key::PageUp => TrainCmd::Scroll { pages: -1, lines: 0 },
                    egui::Key::ArrowDown => TrainCmd::Scroll { pages: 0, lines: 1 },
                    egui::Key::ArrowUp => TrainCmd::Scroll { pages: 0, lines: -1 },
                    _ => return true,
                };
                cmds.push(cmd);
                false
            }
            _ => true,
        });
    });
}

fn banner(ui: &mut Ui, headline: &str, keys: &str, fill: Color32) {
    super::banner::plain_banner_ui(ui, headline, keys, fill, SIZE_BIG);
}

const ASKING: Color32 = Color32::from_rgb(0x2E, 0x3F, 0x6B);
const RIGHT: Color32 = Color32::from_rgb(0x1D, 0x6B, 0x3A);
const WRONG: Color32 = Color32::from_rgb(0x8E, 0x1B, 0x1B);

/// The training screen.
pub fn training_ui(ui: &mut Ui, lang: Lang, tr: &Training, assets: &Assets, cmds: &mut Vec<TrainCmd>) {
    if let Some(run) = &tr.entry {
        let mut keys = Vec::new();
        super::entry_drill::entry_drill_ui(ui, lang, run, &tr.typed, tr.problem.as_deref(), assets, &mut keys);
        cmds.extend(keys.into_iter().map(|k| match k {
            super::entry_drill::DrillKey::Enter => TrainCmd::Enter,
            super::entry_drill::DrillKey::Escape => TrainCmd::Escape,
        }));
        return;
    }
    egui::Panel::top("training_banner")
        .frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 6)))
        .show(ui, |ui| training_banner_ui(ui, lang, tr));
    // The side panel first: it runs the whole height below the banner, so that the
    // coup's narrative has room (it sat in a box five lines high at 1280×800 when
    // the answers' panel was laid first).
    let side = (ui.available_width() * 0.3).clamp(300.0, 460.0);
    egui::Panel::right("training_side")
        .resizable(false)
        .exact_size(side)
        .frame(egui::Frame::new().fill(Color32::from_gray(20)).inner_margin(egui::Margin::same(8)))
        .show(ui, |ui| side_ui(ui, lang, tr));
    egui::Panel::bottom("training_answers")
        .frame(egui::Frame::new().fill(Color32::from_gray(24)).inner_margin(egui::Margin::symmetric(10, 8)))
        .show(ui, |ui| answers_ui(ui, lang, tr, cmds));
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(Color32::from_gray(14)).inner_margin(egui::Margin::same(6)))
        .show(ui, |ui| match tr.shown() {
            None => missed_ui(ui, lang, tr),
            Some(q) => question_table_ui(ui, lang, q, tr.last.is_none(), assets),
        });
}

/// The banner: the question and its keys, or the verdict on the answer and why when
/// wrong, or the end of the session; a problem under it.
fn training_banner_ui(ui: &mut Ui, lang: Lang, tr: &Training) {
    match (&tr.last, tr.session.current()) {
        (Some((q, s)), _) => banner(
            ui,
            &words::feedback(lang, q, s),
            &t(lang, "training-next-keys"),
            if s.right { RIGHT } else { WRONG },
        ),
        (None, Some(q)) => {
            let head = ta(
                lang,
                "train-question",
                &[("kind", words::kind_name(lang, q.kind)), ("prompt", words::prompt(lang, q))],
            );
            let keys = match q.ask {
                Ask::Choose { .. } => t(lang, "training-keys-choose"),
                Ask::Amount { .. } => t(lang, "training-keys-amount"),
                Ask::Total { .. } => t(lang, "train-total-hint"),
            };
            banner(ui, &head, &keys, ASKING);
        }
        (None, None) => banner(ui, &t(lang, "train-over"), &t(lang, "training-over-keys"), ASKING),
    }
    why_ui(ui, lang, tr);
    if let Some(p) = &tr.problem {
        ui.add_space(4.0);
        banner(ui, p, "", widgets::ALERT);
    }
}

/// A wrong answer: why, the arithmetic and the clause's words.
fn why_ui(ui: &mut Ui, lang: Lang, tr: &Training) {
    if let Some((q, s)) = &tr.last
        && !s.right
    {
        let lines = crate::training::explain::explain(lang, q, s);
        // The box is new in this frame: egui lays it out unseen first, so one
        // more frame shows it (once per answer, not a frame loop).
        let seen = ui.scope_id().with(("training_why", tr.session.score.asked()));
        if ui.ctx().data_mut(|d| d.get_temp::<bool>(seen).is_none()) {
            ui.ctx().data_mut(|d| d.insert_temp(seen, true));
            ui.ctx().request_repaint();
        }
        if !lines.is_empty() {
            ui.add_space(4.0);
            egui::Frame::new().fill(Color32::from_gray(30)).inner_margin(egui::Margin::symmetric(10, 6)).show(
                ui,
                |ui| {
                    ui.set_width(ui.available_width());
                    for line in lines {
                        ui.add(egui::Label::new(RichText::new(line).size(SIZE_BODY).color(INK)).wrap());
                    }
                },
            );
        }
    }
}

/// The end of the session: the score, the pace, and the questions missed, again, with
/// their coups.
fn missed_ui(ui: &mut Ui, lang: Lang, tr: &Training) {
    egui::ScrollArea::vertical().id_salt("training_missed").show(ui, |ui| {
        ui.label(RichText::new(words::score_line(lang, &tr.session.score)).size(SIZE_BANNER).color(GOLD));
        if let Some(line) = pace_line(lang, tr) {
            ui.label(RichText::new(line).size(SIZE_BODY).color(INK));
        }
        let lines = words::missed_lines(lang, &tr.session);
        if lines.is_empty() {
            ui.label(RichText::new(t(lang, "training-none-missed")).size(SIZE_BODY).color(INK));
        }
        for line in lines {
            ui.add(egui::Label::new(RichText::new(line).size(SIZE_BODY).color(INK)).wrap());
        }
    });
}

/// The question's table, read only (what the table views would ask is dropped); while
/// it is a quiz, the table keeps the payout to itself and the seats as before.
fn question_table_ui(ui: &mut Ui, lang: Lang, q: &Question, quiz: bool, assets: &Assets) {
    // Until the answer is in, the table keeps the payout to itself.
    let seats_from = q.seats_before.as_deref().filter(|_| quiz);
    let view = felt::View { lang, table: &q.table, assets, turn: None, next: None, quiz, seats_from };
    // Read only: what the table views would ask is dropped.
    let mut ignored = None;
    match q.table.settings().game {
        Game::Banque => table_bq::table_bq_ui(ui, &view, &mut ignored),
        Game::ChemindeFer => table_cf::table_cf_ui(ui, &view, &mut ignored),
        Game::PuntoBanca => table_pb::table_pb_ui(ui, &view, &mut ignored),
    }
}

fn answers_ui(ui: &mut Ui, lang: Lang, tr: &Training, cmds: &mut Vec<TrainCmd>) {
    let Some(q) = tr.shown() else {
        ui.horizontal(|ui| {
            if key_button(ui, &t(lang, "training-again"), &t(lang, "cap-enter"), Tone::Main, true).clicked() {
                cmds.push(TrainCmd::Enter);
            }
            if key_button(ui, &t(lang, "training-leave"), "Esc", Tone::Plain, true).clicked() {
                cmds.push(TrainCmd::Escape);
            }
        });
        return;
    };
    let answered = tr.last.as_ref().map(|(_, s)| s);
    match &q.ask {
        Ask::Choose { choices, right } => {
            for (i, c) in choices.iter().enumerate() {
                let text = format!("{}   {}", i + 1, words::choice_text(lang, q.game(), c));
                let mut rich = RichText::new(text).size(SIZE_BODY).color(INK);
                if let Some(s) = answered {
                    if i == *right {
                        rich = rich.color(widgets::WIN).strong();
                    } else if s.given == Answer::Choice(i) {
                        rich = rich.color(widgets::LOSE);
                    }
                }
                let button = egui::Button::new(rich)
                    .wrap_mode(egui::TextWrapMode::Wrap)
                    .min_size(egui::vec2(ui.available_width(), 36.0));
                if ui.add_enabled(answered.is_none(), button).clicked() {
                    cmds.push(TrainCmd::Choose(i));
                }
            }
        }
        Ask::Total { .. } => {
            ui.horizontal_wrapped(|ui| {
                for n in 0..=9u8 {
                    let mut rich = RichText::new(n.to_string()).size(SIZE_BANNER).color(INK);
                    if let Some(s) = answered {
                        if q.right_answer() == Answer::Total(n) {
                            rich = rich.color(widgets::WIN).strong();
                        } else if s.given == Answer::Total(n) {
                            rich = rich.color(widgets::LOSE);
                        }
                    }
                    let button = egui::Button::new(rich).min_size(egui::vec2(48.0, 40.0));
                    if ui.add_enabled(answered.is_none(), button).clicked() {
                        cmds.push(TrainCmd::Key(char::from(b'0' + n)));
                    }
                }
            });
        }
        Ask::Amount { .. } => {
            ui.horizontal(|ui| {
                let shown = match answered {
                    Some(s) => words::answer_text(lang, q, &s.given),
                    None => format!("{}_", tr.typed),
                };
                ui.label(RichText::new(ta(lang, "training-amount", &[("typed", shown)])).size(SIZE_BANNER).color(GOLD));
            });
            ui.label(RichText::new(t(lang, "train-amount-hint")).size(SIZE_SMALL).color(INK_DIM));
        }
    }
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let label = if answered.is_some() { "training-next" } else { "btn-confirm" };
        let enabled = answered.is_some() || matches!(q.ask, Ask::Amount { .. });
        if key_button(ui, &t(lang, label), &t(lang, "cap-enter"), Tone::Main, enabled).clicked() {
            cmds.push(TrainCmd::Enter);
        }
        if key_button(ui, &t(lang, "training-leave"), "Esc", Tone::Plain, true).clicked() {
            cmds.push(TrainCmd::Escape);
        }
    });
}

fn side_ui(ui: &mut Ui, lang: Lang, tr: &Training) {
    let score = &tr.session.score;
    widgets::section_frame(ui, &t(lang, "training-score-title"), |ui| {
        let (right, asked) = (score.right(), score.asked());
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{right}/{asked}")).size(SIZE_BANNER).color(GOLD).strong());
            for k in Kind::ALL {
                let (r, a) = score.of(k);
                let of_level = tr
                    .session
                    .level()
                    .map_or(matches!(k, Kind::Owed | Kind::Ruling | Kind::Payout), |l| l.kinds().contains(&k));
                if a == 0 && !of_level {
                    continue;
                }
                ui.label(RichText::new(format!("{}: {r}/{a}", words::kind_name(lang, k))).size(SIZE_SMALL).color(INK));
            }
        });
        ui.add(egui::Label::new(RichText::new(words::score_line(lang, score)).size(SIZE_SMALL).color(INK_DIM)));
        if let Some(note) = &tr.log_note {
            let (id, color) =
                if tr.log_failed { ("training-log-failed", widgets::ALERT) } else { ("train-log", INK_DIM) };
            let text = crate::i18n::tr_args(lang, id, &[("path", note.clone()), ("why", note.clone())]);
            ui.add(egui::Label::new(RichText::new(text).size(SIZE_SMALL).color(color)).wrap());
        }
    });
    ui.add_space(6.0);
    let drills = tr.session.drills().len();
    let at = tr.drill_shown() + 1;
    let title = ta(lang, "training-drill", &[("n", at.to_string()), ("total", drills.to_string())]);
    widgets::section_frame(ui, &title, |ui| {
        let Some(q) = tr.shown() else { return };
        // Each drill's narrative opens at its top; the keys page it.
        egui::ScrollArea::vertical().animated(false).id_salt(("narrative", at)).auto_shrink([false, true]).show(
            ui,
            |ui| {
                let mut scroll = tr.scroll.get();
                super::widgets::page(ui, &mut scroll);
                tr.scroll.set(scroll);
                for line in words::table_lines(lang, &q.table) {
                    ui.add(egui::Label::new(RichText::new(line).size(SIZE_SMALL).color(INK)).wrap());
                }
                ui.add_space(4.0);
                for line in words::story_lines(lang, &q.story) {
                    ui.add(egui::Label::new(RichText::new(format!("· {line}")).size(SIZE_SMALL).color(INK_DIM)).wrap());
                }
            },
        );
    });
}
