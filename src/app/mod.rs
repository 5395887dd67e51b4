//! The eframe app: the croupier's table, and the screens around it.
//!
//! [`SabotApp`] only routes. It holds the screen on show ([`Screen`]) and what every
//! screen shares (the language, the log opener, the preferences, the start form
//! parked for the way back), and each frame hands the screen the keys and the window:
//! each screen owns its state, its own command type and its `ui`/`apply` (the start
//! form `start`/`start_keys`, the table `live`/`screen`/`live_keys`, the school and
//! training `school`/`training`/`school_keys`, the review, the floor `floor`/
//! `floor_alarms`/`floor_rows`, the sheet).
//! While drawing, a screen only collects its commands; they are applied at the end
//! of the frame, and a command that leaves the screen returns where to go ([`Go`]).
//! No rule lives here: what is owed, whose card, whether an entry is taken, every
//! payout, all come from the engine (`owed()`, `can()`, `play()`, `settlement()`).
//!
//! May import every part of the crate but `crate::cli` (`tests/purity.rs`), and
//! egui/eframe and `image`; nothing but the binary (`main.rs`) imports this module:
//! the command line asks it for a window (`cli::Window`).

pub mod assets;
pub mod banner;
pub mod entry;
pub mod entry_drill;
pub mod felt;
pub mod floor;
pub mod floor_alarms;
pub mod floor_rows;
pub mod live;
mod live_keys;
pub mod pad;
pub mod payout;
pub mod pit;
pub mod prefs;
pub mod review;
pub mod school;
mod school_keys;
pub mod screen;
pub mod sheet;
pub mod shift;
pub mod side;
pub mod start;
mod start_keys;
pub mod table_bq;
pub mod table_cf;
pub mod table_pb;
pub mod text;
pub mod training;
pub mod widgets;
mod window;

pub use window::{run_floor, run_review};

use crate::engine::Table;
use crate::i18n::{Lang, game_name};
use crate::journal;
use assets::Assets;
use entry::EntryLine;
use live::Live;
use shift::{JournalLog, LiveShift, LogError, MemoryLog, ShiftHeader, ShiftLog};
use start::{StartChoice, StartForm};
use text::t;
use widgets::{GOLD, INK, SIZE_BODY, SIZE_SMALL};

/// Opens a shift log for a new shift on this table (writing its header). The
/// context is for the writer to ask for a frame when a record is safe.
pub type LogOpener = Box<dyn Fn(&StartChoice, &Table, &egui::Context) -> Result<Box<dyn ShiftLog>, LogError>>;

/// Opens the app window; returns the exit status.
pub fn run(lang: Lang) -> i32 {
    window::open(lang, None)
}

/// LiveShift logs kept in memory (tests, the benchmark).
pub fn memory_logs() -> LogOpener {
    Box::new(|_, _, _| Ok(Box::new(MemoryLog::default()) as Box<dyn ShiftLog>))
}

/// LiveShift logs on disk, one file per shift in the start form's folder, each written
/// by the journal's writer thread. A training session's log is marked as such
/// (`training-…`) and goes to the folder's `training` subfolder, out of the way of
/// the shifts.
pub fn journal_logs() -> LogOpener {
    Box::new(|choice, table, ctx| {
        let header = if choice.training {
            journal::Header::live(&choice.table_name, &choice.croupier, table.settings().clone(), true)
        } else {
            journal::Header::from_table(&choice.table_name, &choice.croupier, table, false)
                .ok_or(LogError::NotAtStart)?
        };
        let mut journal = journal::Journal::create_in(&choice.log_dir, header)?;
        // A live table waits for each record to be safe, so the writer asks for a frame
        // when it is; the training screen never waits on its log, so no frames for it.
        let repaint = if choice.training { None } else { Some(ctx.clone()) };
        let pit = pit::replicate(&mut journal, choice.pit.as_ref(), repaint.clone());
        Ok(Box::new(JournalLog::start(journal, repaint)?.with_pit(pit)) as Box<dyn ShiftLog>)
    })
}

/// The screen on show; each owns its state.
pub enum Screen {
    Start(Box<StartForm>),
    Table(Box<Live>),
    /// The trainee croupier's training: staged coups, questions, the score.
    Training(Box<training::Training>),
    /// The school: trainees, levels, the instructor's view (before a session).
    School(Box<school::Lobby>),
    /// The pit boss's review of shift logs.
    Review(Box<review::Review>),
    /// The pit boss's floor: the room, live, from the pit.
    Floor(Box<floor::FloorView>),
    /// The close-of-shift sheet, after F10: the shift summed up, written beside its log.
    Sheet(Box<sheet::SheetView>),
}

/// Where a screen's command leads: another screen, the app routes there.
pub enum Go {
    To(Screen),
    /// The start form leaves for this screen, kept as it is for the way back.
    Park(Screen),
    /// Back to the start form as it was left (a fresh one if none was).
    Back,
}

/// What the app lends a screen to apply its commands: the language, the window's
/// context (for worker threads to ask for a frame), the log opener, the
/// preferences to remember, the start form parked for the way back.
pub struct Env<'a> {
    pub lang: Lang,
    pub ctx: Option<egui::Context>,
    pub open_log: &'a LogOpener,
    /// The seed of the next training session (tests set it); from the clock when `None`.
    pub training_seed: Option<u64>,
    pub remembered: &'a mut Option<prefs::Prefs>,
    pub parked: &'a mut Option<Box<StartForm>>,
}

/// The app's state.
pub struct SabotApp {
    pub lang: Lang,
    pub screen: Screen,
    assets: Option<Assets>,
    ctx: Option<egui::Context>,
    open_log: LogOpener,
    /// The seed of the next training session (tests set it); from the clock when `None`.
    pub training_seed: Option<u64>,
    /// The table settings and log folder of the last shift opened (remembered at exit).
    remembered: Option<prefs::Prefs>,
    /// The preferences last written to eframe's storage.
    saved: Option<prefs::Prefs>,
    /// The start form as it was left for the school, the review or the floor: Esc
    /// comes back to it as it was (a typed log folder is never lost).
    parked: Option<Box<StartForm>>,
}

impl SabotApp {
    pub fn new(lang: Lang, open_log: LogOpener) -> SabotApp {
        let mut form = StartForm::default();
        form.scan();
        SabotApp {
            lang,
            screen: Screen::Start(Box::new(form)),
            assets: None,
            ctx: None,
            open_log,
            training_seed: None,
            remembered: None,
            saved: None,
            parked: None,
        }
    }

    /// Leaves the start form for `next`, the form kept as it is for the way back.
    fn park_form(&mut self, next: Screen) {
        if let Screen::Start(form) = std::mem::replace(&mut self.screen, next) {
            self.parked = Some(form);
        }
    }

    /// Back to the start form as it was left (a fresh one if none was).
    fn back_to_form(&mut self) {
        self.screen = Screen::Start(self.parked.take().unwrap_or_default());
    }

    /// The preferences to remember now: the language, and the start form's table
    /// settings and log folder (as on screen, or as the last shift opened had them).
    pub fn prefs(&self) -> prefs::Prefs {
        let mut p = match &self.screen {
            Screen::Start(form) => prefs::Prefs::of_form(form),
            Screen::Sheet(v) => prefs::Prefs::of_form(&v.next),
            Screen::Table(_) | Screen::Training(_) | Screen::School(_) | Screen::Review(_) | Screen::Floor(_) => {
                self.remembered.clone().unwrap_or_default()
            }
        };
        p.lang = Some(self.lang);
        p
    }

    /// Preferences remembered from the last run: the start form as it was left, and
    /// the language unless one was asked for (`use_lang`).
    pub fn restore(&mut self, p: prefs::Prefs, use_lang: bool) {
        if use_lang && let Some(l) = p.lang {
            self.lang = l;
        }
        if let Screen::Start(form) = &mut self.screen {
            p.fill(form);
        }
        self.remembered = Some(p);
    }

    /// An app at its start screen, its shift logs in `dir` (tests).
    pub fn in_dir(lang: Lang, dir: &std::path::Path, open_log: LogOpener) -> SabotApp {
        let mut app = SabotApp::new(lang, open_log);
        app.screen = Screen::Start(Box::new(StartForm::in_dir(dir)));
        app
    }

    /// An app already at the table (tests, the frame benchmark).
    pub fn with_table(lang: Lang, header: ShiftHeader, table: Table, log: Box<dyn ShiftLog>) -> SabotApp {
        let mut app = SabotApp::new(lang, memory_logs());
        let shift = LiveShift::open(header, table, log);
        app.screen = Screen::Table(Box::new(Live::new(shift, EntryLine::default())));
        app
    }

    pub fn live(&self) -> Option<&Live> {
        match &self.screen {
            Screen::Table(l) => Some(l),
            _ => None,
        }
    }

    /// The school's screen, if on show.
    pub fn lobby(&self) -> Option<&school::Lobby> {
        match &self.screen {
            Screen::School(l) => Some(l),
            _ => None,
        }
    }

    /// The training session on screen, if any.
    pub fn training(&self) -> Option<&training::Training> {
        match &self.screen {
            Screen::Training(t) => Some(t),
            _ => None,
        }
    }

    /// Whether a worker thread of the screen on show has work under way (the folder
    /// scanned for unfinished shifts, the shift log's writer, the review reading or
    /// writing): its answer comes at a later frame.
    pub fn busy(&self) -> bool {
        match &self.screen {
            Screen::Start(form) => form.scanning(),
            Screen::Table(live) => live.shift.waiting() || live.shift.closing(),
            Screen::Training(_) | Screen::School(_) => false,
            Screen::Review(r) => r.busy() || r.listing(),
            Screen::Floor(_) => false,
            Screen::Sheet(v) => v.next.scanning(),
        }
    }

    pub fn live_mut(&mut self) -> Option<&mut Live> {
        match &mut self.screen {
            Screen::Table(l) => Some(l),
            _ => None,
        }
    }

    /// Style and textures, once.
    fn init(&mut self, ctx: &egui::Context) {
        if self.assets.is_some() {
            return;
        }
        self.ctx = Some(ctx.clone());
        ctx.all_styles_mut(|style| {
            use egui::{FontFamily, FontId, TextStyle};
            style.text_styles = [
                (TextStyle::Small, FontId::new(SIZE_SMALL, FontFamily::Proportional)),
                (TextStyle::Body, FontId::new(SIZE_BODY, FontFamily::Proportional)),
                (TextStyle::Button, FontId::new(SIZE_BODY, FontFamily::Proportional)),
                (TextStyle::Heading, FontId::new(30.0, FontFamily::Proportional)),
                (TextStyle::Monospace, FontId::new(SIZE_BODY, FontFamily::Monospace)),
            ]
            .into();
            style.spacing.button_padding = egui::vec2(10.0, 6.0);
            style.spacing.interact_size.y = 32.0;
        });
        // Hack (monospace) has arrows and signs Ubuntu lacks: let proportional text
        // fall back to it.
        let mut fonts = egui::FontDefinitions::default();
        if let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
            list.push("Hack".to_owned());
        }
        ctx.set_fonts(fonts);
        ctx.set_theme(egui::Theme::Dark);
        self.assets = Some(Assets::load(ctx));
    }

    /// One frame (eframe's `ui`, without the frame handle: tests and the benchmark
    /// call it directly): the screen on show takes the keys, draws, and applies what
    /// was asked; the app goes where a command leads.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.init(ui.ctx());
        // The live table's news first: a shift whose closing is safe gives way.
        let (screen, _, mut env) = self.split();
        let closed = match screen {
            Screen::Table(live) => live.poll(&mut env),
            _ => None,
        };
        if let Some(go) = closed {
            self.go(go);
        }
        // F12 switches the language, on every screen.
        let f12 = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F12));
        let (screen, assets, mut env) = self.split();
        let frame = Frame { f12, assets };
        let (go, changed) = match screen {
            Screen::Start(form) => frame.plain(
                ui,
                &mut env,
                form.as_mut(),
                |ui, lang, form, cmds| {
                    egui::CentralPanel::default().show(ui, |ui| start::start_ui(ui, lang, form, cmds));
                },
                |form, c, env| form.apply(c, env),
            ),
            Screen::Table(live) => frame.table(ui, &mut env, live),
            Screen::Training(tr) => frame.training(ui, &mut env, tr),
            Screen::School(lobby) => {
                frame.plain(ui, &mut env, lobby.as_mut(), school::school_ui, |l, c, env| l.command(c, env))
            }
            // Leaving the review or the floor: back to the start form as it was left.
            Screen::Review(r) => frame.plain(
                ui,
                &mut env,
                r.as_mut(),
                |ui, lang, r, cmds| review::review_ui(ui, lang, r, assets, cmds),
                |_, review::ReviewCmd::Leave, _| Some(Go::Back),
            ),
            Screen::Floor(f) => frame.plain(
                ui,
                &mut env,
                f.as_mut(),
                |ui, lang, f, cmds| floor::floor_ui(ui, lang, f, assets, cmds),
                |_, floor::FloorCmd::Leave, _| Some(Go::Back),
            ),
            Screen::Sheet(v) => frame.plain(
                ui,
                &mut env,
                v.as_mut(),
                |ui, lang, v, cmds| sheet::sheet_ui(ui, lang, v, cmds),
                |v, c, _| Some(v.apply(c)),
            ),
        };
        let lang = env.lang;
        self.lang = lang;
        if let Some(go) = go {
            self.go(go);
        }
        if changed {
            ui.ctx().request_repaint();
        }
    }

    /// The screen on show, the card textures, and what the app lends the screen.
    fn split(&mut self) -> (&mut Screen, Option<&Assets>, Env<'_>) {
        let env = Env {
            lang: self.lang,
            ctx: self.ctx.clone(),
            open_log: &self.open_log,
            training_seed: self.training_seed,
            remembered: &mut self.remembered,
            parked: &mut self.parked,
        };
        (&mut self.screen, self.assets.as_ref(), env)
    }

    fn go(&mut self, go: Go) {
        match go {
            Go::To(next) => self.screen = next,
            Go::Park(next) => self.park_form(next),
            Go::Back => self.back_to_form(),
        }
    }

    /// The window closes: the writer finishes what is queued; an open shift stays
    /// open in its log, to be taken up at the next start.
    pub fn quit(&mut self) {
        if let Some(live) = self.live_mut() {
            live.shift.finish();
        }
    }
}

impl eframe::App for SabotApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        screen::fit_window(ui.ctx());
        self.show(ui);
        // A preference changed is written at once (eframe writes on its own thread):
        // eframe's own saving comes at exit or every 30 s of frames, and a laptop shut
        // or a process killed would lose it.
        let now = self.prefs();
        if self.saved.as_ref() != Some(&now) {
            if let Some(storage) = frame.storage_mut() {
                now.store(storage);
                storage.flush();
            }
            self.saved = Some(now);
        }
    }

    /// The croupier's preferences, for the next start; never the shift (its log has it).
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.prefs().store(storage);
    }

    /// Only the preferences are remembered, not the screen's state.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.quit();
    }
}

/// A frame of the screen on show: the top bar (the language on every screen, and
/// what the screen adds to it), then the screen, then its commands applied.
struct Frame<'a> {
    f12: bool,
    assets: Option<&'a Assets>,
}

/// The other language.
fn other(lang: Lang) -> Lang {
    if lang == Lang::Es { Lang::En } else { Lang::Es }
}

/// The commands applied in order, up to the first that leaves the screen.
fn apply_all<C>(cmds: Vec<C>, apply: impl FnMut(C) -> Option<Go>) -> Option<Go> {
    cmds.into_iter().find_map(apply)
}

impl Frame<'_> {
    /// The top bar; the language asked (F12 or a click) is the language from now on.
    /// `true`: it changed.
    fn top_bar(
        &self,
        ui: &mut egui::Ui,
        env: &mut Env,
        title: Option<String>,
        extra: impl FnOnce(&mut egui::Ui),
    ) -> bool {
        let clicked = top_bar_ui(ui, env.lang, title, extra);
        let asked = clicked.or(self.f12.then(|| other(env.lang)));
        if let Some(l) = asked {
            env.lang = l;
        }
        self.f12 || clicked.is_some()
    }

    /// A screen without keys or a title of its own: the top bar, the screen drawn
    /// (collecting its commands), its commands applied.
    fn plain<S, C>(
        &self,
        ui: &mut egui::Ui,
        env: &mut Env,
        screen: &mut S,
        draw: impl FnOnce(&mut egui::Ui, Lang, &mut S, &mut Vec<C>),
        mut apply: impl FnMut(&mut S, C, &mut Env) -> Option<Go>,
    ) -> (Option<Go>, bool) {
        let changed = self.top_bar(ui, env, None, |_| {});
        let mut cmds = Vec::new();
        draw(ui, env.lang, screen, &mut cmds);
        let changed = changed || !cmds.is_empty();
        (apply_all(cmds, |c| apply(screen, c, env)), changed)
    }

    fn table(&self, ui: &mut egui::Ui, env: &mut Env, live: &mut Live) -> (Option<Go>, bool) {
        let mut cmds = Vec::new();
        screen::take_keys(ui, &mut cmds);
        let game = game_name(env.lang, live.shift.shown().settings().game);
        let lang = env.lang;
        let changed = self.top_bar(ui, env, Some(game), |ui| screen::top_buttons_ui(ui, lang, &mut cmds));
        if changed {
            live.entry.invalidate();
        }
        if let Some(assets) = self.assets {
            screen::table_screen_ui(ui, env.lang, live, assets, &mut cmds);
        }
        let changed = changed || !cmds.is_empty();
        for c in cmds {
            live.apply(c, env);
        }
        live.entry.refresh(live.shift.ahead(), env.lang);
        if live.shift.waiting() || live.shift.closing() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(5));
        }
        (None, changed)
    }

    fn training(&self, ui: &mut egui::Ui, env: &mut Env, tr: &mut training::Training) -> (Option<Go>, bool) {
        let mut cmds = Vec::new();
        training::take_keys(ui, &mut cmds);
        let title = text::ta(env.lang, "training-title", &[("game", game_name(env.lang, tr.game))]);
        let changed = self.top_bar(ui, env, Some(title), |_| {});
        if let Some(assets) = self.assets {
            training::training_ui(ui, env.lang, tr, assets, &mut cmds);
        }
        let changed = changed || !cmds.is_empty();
        (apply_all(cmds, |c| tr.apply(c, env)), changed)
    }
}

/// The top bar: SABOT, the screen's title, the language, and what the screen adds
/// (`extra`, drawn from the right). The language clicked, if another.
fn top_bar_ui(ui: &mut egui::Ui, lang: Lang, title: Option<String>, extra: impl FnOnce(&mut egui::Ui)) -> Option<Lang> {
    let mut asked = None;
    egui::Panel::top("top-bar").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("SABOT").size(22.0).color(GOLD).strong());
            if let Some(title) = title {
                ui.label(egui::RichText::new(title).size(SIZE_BODY).color(INK));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                for l in [Lang::En, Lang::Es] {
                    let label = if l == Lang::Es { "ES" } else { "EN" };
                    let text = egui::RichText::new(label).size(SIZE_BODY);
                    if ui.add(egui::Button::selectable(lang == l, text)).clicked() && lang != l {
                        asked = Some(l);
                    }
                }
                ui.label(egui::RichText::new(t(lang, "language")).size(SIZE_SMALL)).on_hover_text("F12");
                extra(ui);
            });
        });
    });
    asked
}
