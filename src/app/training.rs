//! The training screen: a staged coup on the table (the same table views, read
//! only), the question, the answers with their keys (1–4 for a choice; an amount
//! typed and Enter), the verdict with the clause and the right answer, and the
//! running score. Keyboard first; every button does what its key does.
//!
//! No rule lives here: the drills, their right answers and the scoring are
//! `crate::training`'s, which asks the engine.

use super::Command;
use super::assets::Assets;
use super::shift::ShiftLog;
use super::text::{t, ta};
use super::widgets::{self, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button};
use super::{felt, table_bq, table_cf, table_pb};
use crate::engine::Game;
use crate::i18n::Lang;
use crate::training::{Answer, Ask, Kind, Question, Scored, Session, words};
use egui::{Color32, RichText, Ui};

/// Drills in a session started from the app.
pub const DRILLS: u32 = 10;

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
}

impl Training {
    /// A session of `game` staged from `seed`; why not, in `lang`.
    pub fn new(game: Game, seed: u64, lang: Lang) -> Result<Training, String> {
        let session = Session::from_seed(game, DRILLS, seed).map_err(|e| words::stage_error_text(lang, &e))?;
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
        })
    }

    /// The session with its own log; the first staged coup goes in at once.
    pub fn with_log(mut self, log: Box<dyn ShiftLog>) -> Training {
        self.log_note = Some(log.location());
        self.log = Some(log);
        self.sync_log();
        self
    }

    /// Hands the log the staged coups the trainee has reached, and once the session
    /// is over the rest and the closing record. Never waits on the disk; a failure is
    /// said beside the score and training goes on without the log.
    pub fn sync_log(&mut self) {
        let Some(log) = self.log.as_mut() else { return };
        let reached = self.session.current_drill().map_or(self.session.drills().len(), |(i, _)| i + 1);
        let mut failure = None;
        'drills: while self.logged < reached {
            for (op, events) in &self.session.drills()[self.logged].ops {
                if let Err(e) = log.submit(op, events) {
                    failure = Some(e.0);
                    break 'drills;
                }
            }
            self.logged += 1;
        }
        if failure.is_none() && self.session.current().is_none() && !self.log_closed {
            self.log_closed = true;
            if let Err(e) = log.close() {
                failure = Some(e.0);
            }
        }
        failure = failure.or_else(|| log.answers().into_iter().find_map(|(_, r)| r.err()).map(|e| e.0));
        if let Some(why) = failure {
            self.log_note = Some(why);
            self.log_failed = true;
            self.log = None;
        }
    }

    /// Leaving the session: its log is closed where the trainee stopped, and what is
    /// queued is written. Returns why the log could not be closed, for the screen.
    pub fn leave(&mut self) -> Option<String> {
        let mut failure = None;
        if let Some(log) = self.log.as_mut() {
            if !self.log_closed {
                self.log_closed = true;
                if let Err(e) = log.close() {
                    failure = Some(e.0);
                }
            }
            log.finish();
        }
        self.log = None;
        failure
    }

    /// A key typed: a choice's number, or a character of an amount.
    pub fn key(&mut self, lang: Lang, c: char) {
        if self.last.is_some() {
            return;
        }
        let Some(q) = self.session.current().cloned() else { return };
        match q.ask {
            Ask::Choose { .. } if c.is_ascii_digit() => match q.parse(&c.to_string()) {
                Ok(a) => self.answer(a),
                Err(b) => self.problem = Some(words::bad_answer(lang, &b)),
            },
            Ask::Choose { .. } => {}
            Ask::Amount { .. } => {
                if (c.is_ascii_digit() || ",.-+\u{2212}".contains(c)) && self.typed.chars().count() < 16 {
                    self.typed.push(c);
                    self.problem = None;
                }
            }
        }
    }

    /// A choice clicked.
    pub fn choose(&mut self, i: usize) {
        if self.last.is_none() && matches!(self.session.current().map(|q| &q.ask), Some(Ask::Choose { .. })) {
            self.answer(Answer::Choice(i));
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
        if self.last.take().is_some() {
            self.sync_log();
            return false;
        }
        let Some(q) = self.session.current().cloned() else {
            return true;
        };
        match q.parse(&self.typed) {
            Ok(a) => self.answer(a),
            Err(b) => self.problem = Some(words::bad_answer(lang, &b)),
        }
        false
    }

    fn answer(&mut self, a: Answer) {
        let Some(q) = self.session.current().cloned() else { return };
        self.last_drill = self.session.current_drill().map_or(0, |(i, _)| i);
        if let Some(scored) = self.session.answer(a) {
            self.last = Some((q, scored));
        }
        self.typed.clear();
        self.problem = None;
        self.sync_log();
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

/// The keys of the training screen, taken out of the input (no text field here).
pub fn take_keys(ui: &mut Ui, cmds: &mut Vec<Command>) {
    ui.input_mut(|i| {
        i.events.retain(|e| match e {
            egui::Event::Text(s) => {
                cmds.extend(s.chars().map(Command::TrainKey));
                false
            }
            egui::Event::Key { key, pressed: true, modifiers, .. }
                if !modifiers.ctrl && !modifiers.alt && !modifiers.command =>
            {
                let cmd = match key {
                    egui::Key::Enter => Command::Enter,
                    egui::Key::Backspace => Command::Backspace,
                    egui::Key::Escape => Command::Escape,
                    egui::Key::PageDown => Command::Scroll { pages: 1, lines: 0 },
                    egui::Key::PageUp => Command::Scroll { pages: -1, lines: 0 },
                    egui::Key::ArrowDown => Command::Scroll { pages: 0, lines: 1 },
                    egui::Key::ArrowUp => Command::Scroll { pages: 0, lines: -1 },
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
pub fn training_ui(ui: &mut Ui, lang: Lang, tr: &Training, assets: &Assets, cmds: &mut Vec<Command>) {
    egui::Panel::top("training_banner").frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 6))).show(
        ui,
        |ui| {
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
                    };
                    banner(ui, &head, &keys, ASKING);
                }
                (None, None) => banner(ui, &t(lang, "train-over"), &t(lang, "training-over-keys"), ASKING),
            }
            if let Some(p) = &tr.problem {
                ui.add_space(4.0);
                banner(ui, p, "", widgets::ALERT);
            }
        },
    );
    egui::Panel::bottom("training_answers")
        .frame(egui::Frame::new().fill(Color32::from_gray(24)).inner_margin(egui::Margin::symmetric(10, 8)))
        .show(ui, |ui| answers_ui(ui, lang, tr, cmds));
    egui::Panel::right("training_side")
        .resizable(false)
        .exact_size(360.0)
        .frame(egui::Frame::new().fill(Color32::from_gray(20)).inner_margin(egui::Margin::same(8)))
        .show(ui, |ui| side_ui(ui, lang, tr));
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(Color32::from_gray(14)).inner_margin(egui::Margin::same(6)))
        .show(ui, |ui| {
            if let Some(q) = tr.shown() {
                // Until the answer is in, the table keeps the payout to itself.
                let quiz = tr.last.is_none();
                let view = felt::View { lang, table: &q.table, assets, turn: None, next: None, quiz };
                // Read only: what the table views would ask is dropped.
                let mut ignored = Vec::new();
                match q.table.settings().game {
                    Game::Banque => table_bq::table_bq_ui(ui, &view, &mut ignored),
                    Game::ChemindeFer => table_cf::table_cf_ui(ui, &view, &mut ignored),
                    Game::PuntoBanca => table_pb::table_pb_ui(ui, &view, &mut ignored),
                }
            }
        });
}

fn answers_ui(ui: &mut Ui, lang: Lang, tr: &Training, cmds: &mut Vec<Command>) {
    let Some(q) = tr.shown() else {
        ui.horizontal(|ui| {
            if key_button(ui, &t(lang, "training-again"), &t(lang, "cap-enter"), Tone::Main, true).clicked() {
                cmds.push(Command::Enter);
            }
            if key_button(ui, &t(lang, "training-leave"), "Esc", Tone::Plain, true).clicked() {
                cmds.push(Command::Escape);
            }
        });
        return;
    };
    let answered = tr.last.as_ref().map(|(_, s)| s);
    match &q.ask {
        Ask::Choose { choices, right } => {
            for (i, c) in choices.iter().enumerate() {
                let text = format!("{}   {}", i + 1, words::choice_text(lang, c));
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
                    cmds.push(Command::TrainChoose(i));
                }
            }
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
            cmds.push(Command::Enter);
        }
        if key_button(ui, &t(lang, "training-leave"), "Esc", Tone::Plain, true).clicked() {
            cmds.push(Command::Escape);
        }
    });
}

fn side_ui(ui: &mut Ui, lang: Lang, tr: &Training) {
    let score = &tr.session.score;
    widgets::section_frame(ui, &t(lang, "training-score-title"), |ui| {
        let (right, asked) = (score.right(), score.asked());
        ui.label(RichText::new(format!("{right}/{asked}")).size(SIZE_BANNER).color(GOLD).strong());
        for k in Kind::ALL {
            let (r, a) = score.of(k);
            ui.label(RichText::new(format!("{}: {r}/{a}", words::kind_name(lang, k))).size(SIZE_BODY).color(INK));
        }
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
                super::screen::page(ui, &mut scroll);
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
