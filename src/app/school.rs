//! The school's screens: the level screen (trainees by name, chosen or created; the
//! game; the six levels, which are open, and where the trainee stands; his progress
//! in a chart and his weakest clauses) and the instructor's view (every trainee:
//! level, accuracy and pace by kind, weakest clauses, last session; any session
//! replayed answer by answer; the CSV export).
//!
//! No rule lives here: what opens a level and what is weak is
//! `crate::training::history`'s; the store is `crate::school`'s.

use super::start::StartChoice;
use super::text::{t, ta};
use super::widgets::{self, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button};
use crate::engine::Game;
use crate::i18n::{Lang, game_name};
use crate::school::{self, AnswerRow, School, SessionId, SessionRow, TraineeId, TraineeRow};
use crate::training::history::{self, Tally};
use crate::training::{Answered, Level, Progression, words};
use egui::{Color32, RichText, TextEdit, Ui};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;

/// What the school's screens ask of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SchoolCmd {
    /// The trainee at this place in the list.
    Pick(usize),
    /// The trainee named in the field (created if new).
    Create,
    Game(Game),
    /// A session of this level (`None`: free practice, every kind mixed).
    Start(Option<Level>),
    /// The instructor's view, or back to the levels.
    Instructor,
    /// A session replayed answer by answer (`None`: closed).
    Replay(Option<SessionId>),
    /// The replay one answer on (+1) or back (-1).
    Step(i32),
    /// Every answer of every trainee to a CSV file.
    Export,
    /// Back to the start form (Esc).
    Leave,
}

/// The level screen and the instructor's view.
pub struct Lobby {
    pub game: Game,
    pub school: Option<School>,
    /// Where the store is.
    pub path: PathBuf,
    pub trainees: Vec<TraineeRow>,
    /// The name being typed.
    pub name: String,
    pub chosen: Option<(TraineeId, String)>,
    /// The chosen trainee's answers, oldest first, and his sessions.
    pub history: Vec<Answered>,
    pub sessions: Vec<SessionRow>,
    pub progression: Progression,
    pub problem: Option<String>,
    pub notice: Option<String>,
    pub instructor: bool,
    /// Every trainee's answers (the instructor's view).
    pub all: Vec<(TraineeRow, Vec<Answered>)>,
    pub all_sessions: Vec<SessionRow>,
    /// The session replayed and the answer shown (from 0).
    pub replay: Option<(SessionRow, Vec<AnswerRow>, usize)>,
    /// Where the session's log goes (the start form's folder and pit).
    pub origin: StartChoice,
    /// The name field takes the keyboard at the next frame (the screen just opened,
    /// no trainee chosen).
    pub focus_name: bool,
    /// The pit's work under way on its own thread (send, and read for the
    /// instructor): what it says comes here.
    pit_job: Option<mpsc::Receiver<PitNews>>,
    /// The instructor asked for the pit's trainees while a send was under way.
    pit_read_pending: bool,
    /// The instructor's view shows the pit's trainees: their sessions' answers.
    pub pit_answers: Option<BTreeMap<SessionId, Vec<AnswerRow>>>,
    /// How the school stands with the pit, in words.
    pub pit_note: Option<String>,
    /// Wakes the screen when the pit's thread has something to say (set by the
    /// screen at each frame).
    waker: Waker,
}

/// The screen's context, for the pit's thread to ask for a frame.
type Waker = std::sync::Arc<std::sync::Mutex<Option<egui::Context>>>;

#[path = "school_pit.rs"]
mod pit_jobs;
#[path = "school_progress.rs"]
mod progress;
pub use crate::pit::school_send::send_store;
use pit_jobs::*;
use progress::progress_ui;
pub use progress::{PROGRESS_PLOT, PROGRESS_ROOM};

impl Lobby {
    /// The school's store among the training logs (`origin.log_dir` is the training
    /// folder), open; why not, said on screen.
    pub fn open(game: Game, origin: StartChoice, lang: Lang) -> Lobby {
        let path = origin.log_dir.join(school::FILE_NAME);
        let mut lobby = Lobby {
            game,
            school: None,
            path: path.clone(),
            trainees: Vec::new(),
            name: String::new(),
            chosen: None,
            history: Vec::new(),
            sessions: Vec::new(),
            progression: origin.school.progression,
            problem: None,
            notice: None,
            instructor: false,
            all: Vec::new(),
            all_sessions: Vec::new(),
            replay: None,
            origin,
            focus_name: true,
            pit_job: None,
            pit_read_pending: false,
            pit_answers: None,
            pit_note: None,
            waker: Waker::default(),
        };
        match School::open(&path) {
            Ok(s) => lobby.school = Some(s),
            Err(e) => lobby.problem = Some(school::error_text(lang, &e)),
        }
        lobby.refresh(lang);
        // What the store holds that the pit lacks goes there (a session just ended).
        lobby.start_pit_job(false, lang);
        lobby
    }

    /// Starts the pit's work (when a pit is set and none is under way): the store
    /// sent, and with `read` every trainee of the school read back.
    fn start_pit_job(&mut self, read: bool, lang: Lang) {
        let (Some(url), true) = (self.origin.pit.clone(), self.school.is_some()) else { return };
        if self.pit_job.is_some() {
            self.pit_read_pending |= read;
            return;
        }
        self.pit_note =
            if read { Some(ta(lang, "school-pit-reading", &[("url", url.masked().to_string())])) } else { None };
        self.pit_job = Some(pit_job(self.path.clone(), url, read, lang, self.waker.clone()));
    }

    /// Takes what the pit's thread said; true while it is still at work.
    pub fn poll_pit(&mut self, lang: Lang) -> bool {
        let Some(rx) = &self.pit_job else { return false };
        let url = self.origin.pit.as_ref().map(|u| u.masked().to_string()).unwrap_or_default();
        let reading = ta(lang, "school-pit-reading", &[("url", url.clone())]);
        loop {
            match rx.try_recv() {
                Ok(PitNews::Sent(Ok(sent))) if self.pit_note.as_deref() != Some(reading.as_str()) => {
                    if sent.answers > 0 || sent.sessions > 0 {
                        self.pit_note = Some(ta(
                            lang,
                            "school-pit-sent",
                            &[("answers", sent.answers.to_string()), ("url", url.clone())],
                        ));
                    }
                }
                Ok(PitNews::Sent(Err(why))) => self.pit_note = Some(why),
                // Sent, and the instructor's read to come: still reading.
                Ok(PitNews::Sent(Ok(_))) => {}
                Ok(PitNews::Read(got)) => match *got {
                    Ok(ps) if self.instructor => {
                        let read = ta(
                            lang,
                            "school-pit-read",
                            &[("url", url.clone()), ("count", ps.trainees.len().to_string())],
                        );
                        // A row this Sabot cannot read is said, and left out: never the
                        // end of the view.
                        self.pit_note = Some(match &ps.first_bad {
                            Some(first) => {
                                let args = [
                                    ("count", ps.bad_rows.to_string()),
                                    ("first", crate::app::pit::pit_error_text(lang, first)),
                                ];
                                format!("{read}\n{}", ta(lang, "school-pit-bad-rows", &args))
                            }
                            None => read,
                        });
                        self.all = ps.trainees;
                        self.all_sessions = ps.sessions;
                        self.pit_answers = Some(ps.answers);
                    }
                    Ok(_) => {}
                    Err(why) => {
                        let failed = ta(lang, "school-pit-read-failed", &[("why", why)]);
                        // What the send said stays (the answers kept on the laptop).
                        self.pit_note = Some(match self.pit_note.take().filter(|n| *n != reading) {
                            Some(sent) => format!("{sent}\n{failed}"),
                            None => failed,
                        });
                    }
                },
                Err(mpsc::TryRecvError::Empty) => return true,
                Err(mpsc::TryRecvError::Disconnected) => break,
            }
        }
        self.pit_job = None;
        if std::mem::take(&mut self.pit_read_pending) && self.instructor {
            self.start_pit_job(true, lang);
            return true;
        }
        false
    }

    /// Reads the trainees again, and the chosen one's history (the instructor's view
    /// from this laptop's store; the pit's, when one is set, replaces it once read).
    pub fn refresh(&mut self, lang: Lang) {
        self.pit_answers = None;
        let Some(sc) = &self.school else { return };
        let read = || -> Result<_, school::SchoolError> {
            let trainees = sc.trainees()?;
            let (history, sessions) = match &self.chosen {
                Some((id, _)) => (sc.history(*id)?, sc.sessions(Some(*id))?),
                None => (Vec::new(), Vec::new()),
            };
            let mut all = Vec::new();
            if self.instructor {
                for t in &trainees {
                    all.push((t.clone(), sc.history(t.id)?));
                }
            }
            let all_sessions = if self.instructor { sc.sessions(None)? } else { Vec::new() };
            Ok((trainees, history, sessions, all, all_sessions))
        };
        match read() {
            Ok((trainees, history, sessions, all, all_sessions)) => {
                self.trainees = trainees;
                self.history = history;
                self.sessions = sessions;
                self.all = all;
                self.all_sessions = all_sessions;
            }
            Err(e) => self.problem = Some(school::error_text(lang, &e)),
        }
    }

    /// The trainee named `name`, created if new, chosen.
    pub fn choose(&mut self, name: &str, lang: Lang) {
        let Some(sc) = self.school.as_mut() else { return };
        match sc.trainee(name, &now()) {
            Ok(id) => {
                let name = school::clean_name(name).unwrap_or_default();
                self.chosen = Some((id, name));
                self.focus_name = false;
                self.problem = None;
                self.name.clear();
            }
            Err(e) => self.problem = Some(school::error_text(lang, &e)),
        }
        self.refresh(lang);
    }

    /// A school command; `Some` when a session is to start (its level).
    pub fn apply(&mut self, c: SchoolCmd, lang: Lang) -> Option<Option<Level>> {
        self.notice = None;
        match c {
            SchoolCmd::Pick(i) => {
                if let Some(t) = self.trainees.get(i).cloned() {
                    self.choose(&t.name, lang);
                }
            }
            SchoolCmd::Create => {
                let name = self.name.clone();
                self.choose(&name, lang);
            }
            SchoolCmd::Game(g) => self.game = g,
            SchoolCmd::Start(level) => return self.may_start(level, lang),
            SchoolCmd::Instructor => {
                self.instructor = !self.instructor;
                self.replay = None;
                self.refresh(lang);
                if self.instructor {
                    // Every trainee of the school, when a pit is set.
                    self.start_pit_job(true, lang);
                }
            }
            SchoolCmd::Replay(None) => self.replay = None,
            SchoolCmd::Replay(Some(id)) => self.open_replay(id, lang),
            SchoolCmd::Step(d) => {
                if let Some((_, answers, at)) = &mut self.replay {
                    let last = answers.len().saturating_sub(1);
                    *at = at.saturating_add_signed(d as isize).min(last);
                }
            }
            SchoolCmd::Export => self.export(lang),
            // Leaving is the app's to do (`Lobby::command`).
            SchoolCmd::Leave => {}
        }
        None
    }

    /// A session of `level` (None: the highest open) may start once a trainee is
    /// chosen and the level is open to him; else the problem is said.
    fn may_start(&mut self, level: Option<Level>, lang: Lang) -> Option<Option<Level>> {
        if self.chosen.is_none() {
            self.problem = Some(t(lang, "school-choose-first"));
            return None;
        }
        if let Some(l) = level
            && !self.progression.is_open(&self.history, self.game, l)
        {
            self.problem = Some(t(lang, "school-closed"));
            return None;
        }
        Some(level)
    }

    /// Opens a session's answers to replay, from the pit's when the view shows them,
    /// else from this store.
    fn open_replay(&mut self, id: SessionId, lang: Lang) {
        if let Some(pit) = &self.pit_answers {
            let row = self.all_sessions.iter().find(|s| s.id == id).cloned();
            if let Some(row) = row {
                self.replay = Some((row, pit.get(&id).cloned().unwrap_or_default(), 0));
            }
            return;
        }
        let row = self.all_sessions.iter().chain(self.sessions.iter()).find(|s| s.id == id).cloned();
        if let (Some(sc), Some(row)) = (&self.school, row) {
            match sc.session_answers(id) {
                Ok(answers) => self.replay = Some((row, answers, 0)),
                Err(e) => self.problem = Some(school::error_text(lang, &e)),
            }
        }
    }

    /// Exports the answers shown as CSV beside the store (the pit's trainees when the
    /// view shows them, every laptop's; else this store's), synced; said where.
    fn export(&mut self, lang: Lang) {
        let Some(sc) = &self.school else { return };
        let file = self.path.with_file_name(format!("school-{}.csv", chrono::Local::now().format("%Y-%m-%d_%H%M%S")));
        // The pit's trainees when the view shows them (every laptop's), else this store's.
        let export = |f: &mut crate::journal::AtomicFile| match &self.pit_answers {
            Some(pit) => {
                let names: BTreeMap<SessionId, &str> =
                    self.all_sessions.iter().map(|s| (s.id, s.trainee.as_str())).collect();
                let mut rows: Vec<(&str, &AnswerRow)> = pit
                    .iter()
                    .flat_map(|(id, answers)| {
                        let name = names.get(id).copied().unwrap_or("");
                        answers.iter().map(move |a| (name, a))
                    })
                    .collect();
                rows.sort_by(|a, b| (a.0.to_lowercase(), &a.1.record.at).cmp(&(b.0.to_lowercase(), &b.1.record.at)));
                school::write_csv(f, rows)
            }
            None => sc.export_csv(f),
        };
        // Written whole, synced and put in place (`journal::AtomicFile`); a failure is
        // said in the screen's language and leaves no half-written file.
        let said = |e: crate::journal::JournalError| crate::journal::text::journal_error_text(lang, &e);
        let written = crate::journal::AtomicFile::create(&file)
            .map_err(said)
            .and_then(|mut f| export(&mut f).map_err(|e| school::error_text(lang, &e)).map(|n| (f, n)))
            .and_then(|(f, n)| f.commit().map(|()| n).map_err(said));
        match written {
            Ok(n) => {
                self.notice =
                    Some(ta(lang, "school-exported", &[("count", n.to_string()), ("path", file.display().to_string())]))
            }
            Err(why) => self.problem = Some(why),
        }
    }
}

/// Now, on the laptop's clock, as the store keeps it.
pub fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

/// A stored time as a person reads it: `2026-11-25 18:26`.
fn when(at: &str) -> String {
    at.chars().take(16).collect::<String>().replace('T', " ")
}

/// A session's level in words: its number, or free practice.
fn level_word(lang: Lang, level: Option<Level>) -> String {
    level.map_or_else(|| t(lang, "school-free-short"), |l| l.number().to_string())
}

fn pct(t: &Tally) -> String {
    format!("{} %", t.percent())
}

fn secs(t: &Tally) -> String {
    format!("{:.1} s", t.mean_ms() as f64 / 1000.0)
}

/// The level screen, or the instructor's view.
pub fn school_ui(ui: &mut Ui, lang: Lang, lobby: &mut Lobby, cmds: &mut Vec<SchoolCmd>) {
    // What the pit's thread said, before the screen is drawn; a frame more once it
    // changed (the banner's panel takes its new height).
    if let Ok(mut w) = lobby.waker.lock()
        && w.is_none()
    {
        *w = Some(ui.ctx().clone());
    }
    let note_before = lobby.pit_note.clone();
    if lobby.poll_pit(lang) {
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }
    if lobby.pit_note != note_before {
        ui.ctx().request_repaint();
    }
    egui::Panel::top("school_banner").frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 6))).show(
        ui,
        |ui| {
            let head = if lobby.instructor { t(lang, "school-instructor-title") } else { t(lang, "school-title") };
            super::banner::plain_banner_ui(
                ui,
                &head,
                &t(lang, "school-keys"),
                Color32::from_rgb(0x2E, 0x3F, 0x6B),
                SIZE_BIG,
            );
            if let Some(p) = &lobby.problem {
                super::banner::plain_banner_ui(ui, p, "", widgets::ALERT, SIZE_BODY);
            }
            if let Some(n) = &lobby.notice {
                ui.label(RichText::new(n).size(SIZE_SMALL).color(INK_DIM));
            }
            if let Some(n) = &lobby.pit_note {
                ui.add(egui::Label::new(RichText::new(n).size(SIZE_SMALL).color(GOLD)).wrap());
            }
        },
    );
    // The instructor's key and the way back, always in view under what scrolls (at
    // 1024×768 they were cut at the bottom of the levels and progress).
    egui::Panel::bottom("school_keys").frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 6))).show(
        ui,
        |ui| {
            ui.horizontal(|ui| {
                let label = if lobby.instructor { "school-to-levels" } else { "school-instructor" };
                if key_button(ui, &t(lang, label), "F9", Tone::Plain, true).clicked() {
                    cmds.push(SchoolCmd::Instructor);
                }
                if key_button(ui, &t(lang, "training-leave"), "Esc", Tone::Plain, true).clicked() {
                    cmds.push(SchoolCmd::Leave);
                }
            });
        },
    );
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("school_scroll").show(ui, |ui| {
            if lobby.instructor {
                instructor_ui(ui, lang, lobby, cmds);
            } else {
                levels_ui(ui, lang, lobby, cmds);
            }
        });
    });
    if ui.input(|i| i.key_pressed(egui::Key::F9)) {
        cmds.push(SchoolCmd::Instructor);
    }
    if !ui.ctx().egui_wants_keyboard_input() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        cmds.push(if lobby.replay.is_some() { SchoolCmd::Replay(None) } else { SchoolCmd::Leave });
    }
}

/// The school's lobby: the trainees (and a new one's name), the game, the chosen
/// trainee's levels and where he stands on each, and his progress.
fn levels_ui(ui: &mut Ui, lang: Lang, lobby: &mut Lobby, cmds: &mut Vec<SchoolCmd>) {
    trainees_ui(ui, lang, lobby, cmds);
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        for g in Game::ALL {
            let text = RichText::new(game_name(lang, g)).size(SIZE_BODY);
            if ui.add(egui::Button::new(text).selected(lobby.game == g)).clicked() {
                cmds.push(SchoolCmd::Game(g));
            }
        }
    });
    ui.add_space(6.0);
    let Some((_, name)) = lobby.chosen.clone() else {
        ui.label(RichText::new(t(lang, "school-choose-first")).size(SIZE_BODY).color(INK_DIM));
        return;
    };
    let title = ta(lang, "school-levels-of", &[("name", name), ("game", game_name(lang, lobby.game))]);
    level_list_ui(ui, lang, lobby, &title, cmds);
    level_keys(ui, cmds);
    ui.add_space(6.0);
    progress_ui(ui, lang, &lobby.history, &lobby.sessions);
}

/// The school's trainees, a button each, and the field to name a new one.
fn trainees_ui(ui: &mut Ui, lang: Lang, lobby: &mut Lobby, cmds: &mut Vec<SchoolCmd>) {
    widgets::section_frame(ui, &t(lang, "school-trainees"), |ui| {
        ui.horizontal_wrapped(|ui| {
            for (i, tr) in lobby.trainees.iter().enumerate() {
                let chosen = lobby.chosen.as_ref().is_some_and(|(id, _)| *id == tr.id);
                let text = RichText::new(&tr.name).size(SIZE_BODY).color(if chosen { GOLD } else { INK });
                if ui.add(egui::Button::new(text).selected(chosen)).clicked() {
                    cmds.push(SchoolCmd::Pick(i));
                }
            }
        });
        ui.horizontal(|ui| {
            // Read before the field takes (and consumes) the key.
            let enter_now = ui.input(|i| i.key_pressed(egui::Key::Enter));
            let l = ui.label(RichText::new(t(lang, "school-name")).size(SIZE_BODY).color(INK));
            let r = ui
                .add(
                    TextEdit::singleline(&mut lobby.name)
                        .font(egui::FontId::proportional(SIZE_BIG))
                        .desired_width(260.0),
                )
                .labelled_by(l.id);
            // Keyboard first: the screen opens with the name field taking the keys.
            if lobby.focus_name {
                r.request_focus();
                lobby.focus_name = false;
            }
            let entered = enter_now && (r.lost_focus() || r.has_focus());
            if key_button(ui, &t(lang, "school-create"), "", Tone::Main, !lobby.name.trim().is_empty()).clicked()
                || (entered && !lobby.name.trim().is_empty())
            {
                cmds.push(SchoolCmd::Create);
            }
        });
    });
}

/// The levels, a button each with where the chosen trainee stands on it (locked,
/// passed, or his share right), and free practice.
fn level_list_ui(ui: &mut Ui, lang: Lang, lobby: &Lobby, title: &str, cmds: &mut Vec<SchoolCmd>) {
    widgets::section_frame(ui, title, |ui| {
        let p = lobby.progression;
        for level in Level::ALL {
            let open = p.is_open(&lobby.history, lobby.game, level);
            let (right, counted) = p.standing(&lobby.history, lobby.game, level);
            ui.horizontal(|ui| {
                let label = format!("{}. {}", level.number(), t(lang, level.name_id()));
                if key_button(ui, &label, &level.number().to_string(), Tone::Main, open).clicked() {
                    cmds.push(SchoolCmd::Start(Some(level)));
                }
                let state = if !open {
                    t(lang, "school-level-locked")
                } else if p.passed(&lobby.history, lobby.game, level) {
                    ta(lang, "school-level-passed", &[("right", right.to_string()), ("counted", counted.to_string())])
                } else {
                    ta(
                        lang,
                        "school-level-standing",
                        &[
                            ("right", right.to_string()),
                            ("counted", counted.to_string()),
                            ("window", p.window.to_string()),
                            ("percent", p.percent.to_string()),
                        ],
                    )
                };
                ui.label(RichText::new(state).size(SIZE_SMALL).color(if open { INK } else { INK_DIM }));
            });
        }
        ui.horizontal(|ui| {
            if key_button(ui, &t(lang, "school-free"), "0", Tone::Plain, true).clicked() {
                cmds.push(SchoolCmd::Start(None));
            }
        });
    });
}

/// The digits start the levels, 0 free practice (the name field keeps its digits).
fn level_keys(ui: &mut Ui, cmds: &mut Vec<SchoolCmd>) {
    if !ui.ctx().egui_wants_keyboard_input() {
        ui.input(|i| {
            for (n, key) in [
                egui::Key::Num0,
                egui::Key::Num1,
                egui::Key::Num2,
                egui::Key::Num3,
                egui::Key::Num4,
                egui::Key::Num5,
                egui::Key::Num6,
            ]
            .into_iter()
            .enumerate()
            {
                if i.key_pressed(key) {
                    cmds.push(SchoolCmd::Start(Level::from_number(n as u8)));
                }
            }
        });
    }
}

fn instructor_ui(ui: &mut Ui, lang: Lang, lobby: &Lobby, cmds: &mut Vec<SchoolCmd>) {
    if let Some((row, answers, at)) = &lobby.replay {
        replay_ui(ui, lang, row, answers, *at, cmds);
        return;
    }
    widgets::section_frame(ui, &t(lang, "school-all-trainees"), |ui| {
        egui::Grid::new("school_trainees").striped(true).spacing([14.0, 4.0]).show(ui, |ui| {
            for h in
                ["school-col-name", "school-col-level", "school-col-kinds", "school-col-weakest", "school-col-last"]
            {
                ui.label(RichText::new(t(lang, h)).size(SIZE_SMALL).color(INK_DIM));
            }
            ui.end_row();
            for (tr, history) in &lobby.all {
                ui.label(RichText::new(&tr.name).size(SIZE_BODY).color(GOLD));
                let levels: Vec<String> = Game::ALL
                    .into_iter()
                    .filter(|g| history.iter().any(|a| a.game == *g))
                    .map(|g| format!("{} {}", g.slug(), lobby.progression.highest_open(history, g).number()))
                    .collect();
                ui.label(
                    RichText::new(if levels.is_empty() { "–".into() } else { levels.join(" · ") })
                        .size(SIZE_SMALL)
                        .color(INK),
                );
                let kinds: Vec<String> = history::by_kind(history)
                    .into_iter()
                    .map(|(k, tally)| format!("{} {} {}", words::kind_name(lang, k), pct(&tally), secs(&tally)))
                    .collect();
                ui.label(RichText::new(kinds.join("\n")).size(SIZE_SMALL).color(INK));
                let weak: Vec<String> =
                    history::weakest(history, 3).into_iter().map(|(c, t)| format!("{c} {}", pct(&t))).collect();
                ui.label(RichText::new(weak.join(" · ")).size(SIZE_SMALL).color(INK));
                ui.label(
                    RichText::new(tr.last_session.as_deref().map_or_else(|| "–".into(), when))
                        .size(SIZE_SMALL)
                        .color(INK),
                );
                ui.end_row();
            }
        });
    });
    ui.add_space(6.0);
    widgets::section_frame(ui, &t(lang, "school-sessions"), |ui| {
        for s in lobby.all_sessions.iter().take(40) {
            ui.horizontal(|ui| {
                let line = ta(
                    lang,
                    "school-session-line",
                    &[
                        ("name", s.trainee.clone()),
                        ("game", game_name(lang, s.game)),
                        ("level", level_word(lang, s.level)),
                        ("started", when(&s.started)),
                        ("right", s.right.to_string()),
                        ("asked", s.asked.to_string()),
                    ],
                );
                if ui.add(egui::Button::new(RichText::new(line).size(SIZE_SMALL).color(INK))).clicked() {
                    cmds.push(SchoolCmd::Replay(Some(s.id)));
                }
            });
        }
        ui.add_space(4.0);
        if key_button(ui, &t(lang, "school-export"), "", Tone::Main, lobby.school.is_some()).clicked() {
            cmds.push(SchoolCmd::Export);
        }
    });
}

fn replay_ui(ui: &mut Ui, lang: Lang, row: &SessionRow, answers: &[AnswerRow], at: usize, cmds: &mut Vec<SchoolCmd>) {
    let title = ta(
        lang,
        "school-replay-title",
        &[("name", row.trainee.clone()), ("game", game_name(lang, row.game)), ("level", level_word(lang, row.level))],
    );
    widgets::section_frame(ui, &title, |ui| {
        let Some(a) = answers.get(at) else {
            ui.label(RichText::new(t(lang, "school-no-answers")).size(SIZE_BODY).color(INK_DIM));
            return;
        };
        let r = &a.record;
        let x = &r.answered;
        ui.label(
            RichText::new(ta(
                lang,
                "school-replay-at",
                &[("n", (at + 1).to_string()), ("total", answers.len().to_string())],
            ))
            .size(SIZE_BANNER)
            .color(GOLD),
        );
        let lines = [
            ta(
                lang,
                "school-replay-when",
                &[("at", r.at.replace('T', " ")), ("ms", format!("{:.1}", f64::from(x.ms) / 1000.0))],
            ),
            ta(
                lang,
                "school-replay-what",
                &[
                    ("drill", r.drill.to_string()),
                    ("kind", words::kind_name(lang, x.kind)),
                    ("clause", x.clause.id().to_string()),
                ],
            ),
            ta(lang, "school-replay-given", &[("answer", r.given.clone())]),
            ta(lang, "school-replay-expected", &[("answer", r.expected.clone())]),
        ];
        for l in lines {
            ui.add(egui::Label::new(RichText::new(l).size(SIZE_BODY).color(INK)).wrap());
        }
        let verdict = if x.right { t(lang, "school-replay-right") } else { t(lang, "school-replay-wrong") };
        ui.label(RichText::new(verdict).size(SIZE_BIG).color(if x.right { widgets::WIN } else { widgets::LOSE }));
    });
    ui.horizontal(|ui| {
        if key_button(ui, &t(lang, "school-previous"), "←", Tone::Plain, at > 0).clicked() {
            cmds.push(SchoolCmd::Step(-1));
        }
        if key_button(ui, &t(lang, "school-next"), "→", Tone::Main, at + 1 < answers.len()).clicked() {
            cmds.push(SchoolCmd::Step(1));
        }
        if key_button(ui, &t(lang, "school-close-replay"), "", Tone::Plain, true).clicked() {
            cmds.push(SchoolCmd::Replay(None));
        }
    });
    ui.input(|i| {
        if i.key_pressed(egui::Key::ArrowRight) {
            cmds.push(SchoolCmd::Step(1));
        }
        if i.key_pressed(egui::Key::ArrowLeft) {
            cmds.push(SchoolCmd::Step(-1));
        }
    });
}
