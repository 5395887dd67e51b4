//! The eframe app: the croupier's table.
//!
//! [`SabotApp`] is the state; its `ui` is thin. While drawing, views only collect
//! [`Command`]s (keys typed, buttons clicked); the commands are applied at the end
//! of the frame. No rule lives here: what is owed, whose card, whether an entry is
//! taken, every payout, all come from the engine (`owed()`, `can()`, `play()`,
//! `settlement()`).
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
pub mod table_bq;
pub mod table_cf;
pub mod table_pb;
pub mod text;
pub mod training;
pub mod widgets;
mod window;

use crate::engine::{Bet, Game, Op, Rank, Suit, Table};
use crate::i18n::{Lang, game_name};
use crate::journal;
use assets::Assets;
use entry::EntryLine;
use shift::{JournalLog, LiveShift, LiveShiftError, LogError, MemoryLog, ShiftHeader, ShiftLog};
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

/// What the user asked for during a frame; applied at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    SetLang(Lang),
    /// The start screen's «Sala»: the floor, from the pit the form names.
    OpenFloor,
    StartShift,
    /// Words onto the entry line (typed, or from a button).
    Type(String),
    /// A word of its own onto the entry line, after what is there (a key's word:
    /// `quita`, `cambia`, `repite`).
    Word(&'static str),
    /// Take back the croupier's own last entry of the coup (Ctrl+Z): `anula` onto an
    /// empty line, or one more entry (`anula 2`) on a line that already says it; Enter
    /// confirms what the chip shows will be taken back.
    TakeBack,
    /// The other language (F12).
    ToggleLang,
    /// Entries at once, without Enter, or with it (F11 at the table).
    ToggleInstant,
    Backspace,
    Escape,
    Enter,
    /// Marks the seat just typed as the player standing behind it (`3` → `3p`).
    MarkStanding,
    PadRank(Rank),
    PadSuit(Suit),
    ToggleHelp,
    ToggleLog,
    /// The errors menu (F4): the error procedures of this game, with their clause.
    ToggleErrors,
    /// Look again for unfinished shifts in the log folder.
    ScanLogs,
    /// Take up the unfinished shift at this place in the start form's list.
    Resume(usize),
    /// Ask to close the shift (confirmed with Enter, dropped with Escape).
    CloseShift,
    /// Open a training session of the start form's game.
    StartTraining,
    /// Page the side panel's scrolling list: whole pages (PageUp/PageDown) or lines
    /// (the arrows), down when positive.
    Scroll {
        pages: i32,
        lines: i32,
    },
    /// Pick the chip left (-1) or right (+1) of the one picked (the arrows).
    ChipCursor(i32),
    /// Take the picked chip (or else the last) off the entry line (Delete).
    DeleteChip,
    /// Take this chip off the entry line (its ×).
    RemoveChip(usize),
    /// Training: a key typed (a choice's number, a character of an amount).
    TrainKey(char),
    /// Training: a choice clicked (from 0).
    TrainChoose(usize),
    /// The pit boss's review (from the start screen).
    OpenReview,
    /// The school's level screen and instructor's view.
    School(school::SchoolCmd),
}

/// A shift in play, with its entry line.
pub struct Live {
    pub shift: LiveShift,
    pub entry: EntryLine,
    pub pad_rank: Option<Rank>,
    pub help: bool,
    /// The side panel shows the errors menu.
    pub errors: bool,
    /// The side panel shows the shift log's records instead of the payouts.
    pub log_view: bool,
    /// The croupier asked to close the shift: Enter confirms, Escape does not.
    pub confirm_close: bool,
    /// The bets of the last coup settled, for `repite` (F8) to type again.
    pub last_bets: Vec<Bet>,
    /// The chip picked with the arrows (Delete takes it off the line).
    pub chip_cursor: Option<usize>,
    /// Paging asked by the keys for the side panel, not yet done: (pages, lines).
    pub scroll: (i32, i32),
}

impl Live {
    fn new(shift: LiveShift, entry: EntryLine) -> Live {
        let mut live = Live {
            shift,
            entry,
            pad_rank: None,
            help: false,
            errors: false,
            log_view: false,
            confirm_close: false,
            chip_cursor: None,
            scroll: (0, 0),
            last_bets: Vec::new(),
        };
        live.remember_bets();
        live
    }
}

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

/// The app's state.
pub struct SabotApp {
    pub lang: Lang,
    pub screen: Screen,
    assets: Option<Assets>,
    ctx: Option<egui::Context>,
    open_log: LogOpener,
    cmds: Vec<Command>,
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
            cmds: Vec::new(),
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
    /// call it directly).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.init(ui.ctx());
        // F12 switches the language, on every screen.
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F12)) {
            self.cmds.push(Command::ToggleLang);
        }
        if let Screen::Table(live) = &mut self.screen {
            if live.shift.poll() {
                live.entry.invalidate();
            }
            if live.shift.closed {
                self.shift_closed();
            } else {
                screen::take_keys(ui, &mut self.cmds);
            }
        }
        if let Screen::Training(_) = &self.screen {
            training::take_keys(ui, &mut self.cmds);
        }
        let mut cmds = std::mem::take(&mut self.cmds);
        self.top_bar_ui(ui, &mut cmds);
        match &mut self.screen {
            Screen::Start(form) => {
                egui::CentralPanel::default().show(ui, |ui| start::start_ui(ui, self.lang, form, &mut cmds));
            }
            Screen::Table(live) => {
                if let Some(assets) = &self.assets {
                    screen::table_screen_ui(ui, self.lang, live, assets, &mut cmds);
                }
            }
            Screen::Training(tr) => {
                if let Some(assets) = &self.assets {
                    training::training_ui(ui, self.lang, tr, assets, &mut cmds);
                }
            }
            Screen::School(lobby) => school::school_ui(ui, self.lang, lobby, &mut cmds),
            Screen::Review(r) => review::review_ui(ui, self.lang, r, self.assets.as_ref(), &mut cmds),
            Screen::Floor(f) => floor::floor_ui(ui, self.lang, f, self.assets.as_ref(), &mut cmds),
            Screen::Sheet(v) => sheet::sheet_ui(ui, self.lang, v, &mut cmds),
        }
        let changed = !cmds.is_empty();
        for c in cmds.drain(..) {
            self.apply(c);
        }
        self.cmds = cmds;
        if let Screen::Table(live) = &mut self.screen {
            live.entry.refresh(live.shift.ahead(), self.lang);
            if live.shift.waiting() || live.shift.closing() {
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(5));
            }
        }
        if changed {
            ui.ctx().request_repaint();
        }
    }

    fn top_bar_ui(&self, ui: &mut egui::Ui, cmds: &mut Vec<Command>) {
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("SABOT").size(22.0).color(GOLD).strong());
                if let Some(live) = self.live() {
                    let game = live.shift.shown().settings().game;
                    ui.label(egui::RichText::new(game_name(self.lang, game)).size(SIZE_BODY).color(INK));
                }
                if let Some(tr) = self.training() {
                    let title = text::ta(self.lang, "training-title", &[("game", game_name(self.lang, tr.game))]);
                    ui.label(egui::RichText::new(title).size(SIZE_BODY).color(INK));
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    for l in [Lang::En, Lang::Es] {
                        let label = if l == Lang::Es { "ES" } else { "EN" };
                        let text = egui::RichText::new(label).size(SIZE_BODY);
                        if ui.add(egui::Button::selectable(self.lang == l, text)).clicked() && self.lang != l {
                            cmds.push(Command::SetLang(l));
                        }
                    }
                    ui.label(egui::RichText::new(t(self.lang, "language")).size(SIZE_SMALL)).on_hover_text("F12");
                    if self.live().is_some() {
                        let help = egui::RichText::new(t(self.lang, "help-button")).size(SIZE_BODY);
                        if ui.add(egui::Button::new(help)).clicked() {
                            cmds.push(Command::ToggleHelp);
                        }
                        let errors = egui::RichText::new(t(self.lang, "errors-button")).size(SIZE_BODY);
                        if ui.add(egui::Button::new(errors)).clicked() {
                            cmds.push(Command::ToggleErrors);
                        }
                        let log = egui::RichText::new(t(self.lang, "log-button")).size(SIZE_BODY);
                        if ui.add(egui::Button::new(log)).clicked() {
                            cmds.push(Command::ToggleLog);
                        }
                        let close = egui::RichText::new(t(self.lang, "btn-close-shift")).size(SIZE_BODY);
                        if ui.add(egui::Button::new(close)).on_hover_text("F10").clicked() {
                            cmds.push(Command::CloseShift);
                        }
                    }
                });
            });
        });
    }

    fn apply(&mut self, c: Command) {
        match c {
            Command::SetLang(l) => {
                self.lang = l;
                if let Some(live) = self.live_mut() {
                    live.entry.invalidate();
                }
            }
            Command::ToggleLang => {
                self.apply(Command::SetLang(if self.lang == Lang::Es { Lang::En } else { Lang::Es }))
            }
            // Entries at once or with Enter: the croupier's choice, kept for his next shift.
            Command::ToggleInstant => {
                let Some(live) = self.live_mut() else { return };
                live.entry.instant = !live.entry.instant;
                let instant = live.entry.instant;
                if let Some(kept) = &mut self.remembered {
                    kept.instant = instant;
                }
            }
            Command::StartShift => self.start_shift(),
            Command::ScanLogs => {
                if let Screen::Start(form) = &mut self.screen {
                    form.scan();
                }
            }
            Command::Resume(i) => self.resume(i),
            Command::StartTraining => self.start_training(),
            Command::OpenReview => {
                // Amendments go to the pit the start form names (a bad URL there: none).
                let pit = match &self.screen {
                    Screen::Start(form) => form.pit(self.lang).ok().flatten(),
                    _ => None,
                };
                let mut r = review::Review::new();
                r.pit = pit;
                self.park_form(Screen::Review(Box::new(r)));
            }
            // The sheet read: on to the start form, the table's settings kept.
            Command::Enter | Command::Escape if matches!(self.screen, Screen::Sheet(_)) => {
                let screen = std::mem::replace(&mut self.screen, Screen::Start(Box::default()));
                if let Screen::Sheet(v) = screen {
                    self.screen = Screen::Start(v.next);
                }
            }
            Command::Escape if matches!(self.screen, Screen::Review(_) | Screen::Floor(_)) => self.back_to_form(),
            Command::OpenFloor => {
                // The floor reads the pit the start form names; none named: said there.
                let lang = self.lang;
                if let Screen::Start(form) = &mut self.screen {
                    match form.pit(lang) {
                        Ok(Some(url)) => {
                            let f = floor::FloorView::start(url, Default::default(), self.ctx.clone());
                            self.park_form(Screen::Floor(Box::new(f)));
                        }
                        Ok(None) => form.problem = Some(text::t(lang, "floor-no-pit")),
                        Err(why) => form.problem = Some(why),
                    }
                }
            }
            Command::School(c) => self.apply_school(c),
            Command::Escape if matches!(self.screen, Screen::School(_)) => self.back_to_form(),
            other if self.training().is_some() => self.apply_training(other),
            other => self.apply_live(other),
        }
    }

    fn start_shift(&mut self) {
        let lang = self.lang;
        let Screen::Start(form) = &mut self.screen else { return };
        let choice = match form.read_field(lang) {
            Ok(c) => c,
            Err((field, p)) => {
                // The field at fault takes the keyboard, and the form says why.
                form.problem = Some(p);
                form.problem_field = Some(field);
                return;
            }
        };
        // A live shift: no shoe yet, no coup, no bank (the banner says what comes next).
        let table = match Table::start(choice.settings.clone()) {
            Ok(t) => t,
            Err(e) => {
                form.problem = Some(crate::i18n::settings_text(lang, e));
                return;
            }
        };
        let header = ShiftHeader { table_name: choice.table_name.clone(), croupier: choice.croupier.clone() };
        let Some(ctx) = self.ctx.clone() else { return };
        let remembered = prefs::Prefs::of_form(form);
        let mut shift = match (self.open_log)(&choice, &table, &ctx) {
            Ok(log) => LiveShift::open(header, table, log),
            Err(e) => {
                form.problem = Some(text::ta(lang, "log-cannot-open", &[("why", shift::log_error_text(lang, &e))]));
                return;
            }
        };
        // The bank taken on the form goes through the engine and the log like any entry.
        let mut entry = EntryLine::with_instant(form.instant).in_units(form.in_units);
        if let Some((player, amount)) = choice.banker
            && let Err(e) = shift.play(&Op::TakeBank { player, amount })
        {
            entry.problem = Some(play_error_text(lang, e));
        }
        shift.poll();
        self.remembered = Some(remembered);
        self.screen = Screen::Table(Box::new(Live::new(shift, entry)));
    }
}

fn play_error_text(lang: Lang, e: LiveShiftError) -> String {
    match e {
        LiveShiftError::Refused(r) => crate::i18n::refusal_text(lang, &r),
        LiveShiftError::Log(e) => text::ta(lang, "log-cannot-write", &[("why", shift::log_error_text(lang, &e))]),
    }
}

impl SabotApp {
    /// Takes up an unfinished shift where its log left it (the same coup goes on).
    fn resume(&mut self, i: usize) {
        let lang = self.lang;
        let ctx = self.ctx.clone();
        let Screen::Start(form) = &mut self.screen else { return };
        let Some(u) = form.unfinished.get(i) else { return };
        let pit_url = form.pit(lang).ok().flatten();
        let opened = journal::open_for_append(&u.path).map_err(LogError::from).and_then(|(mut j, replayed)| {
            let pit = pit::replicate(&mut j, pit_url.as_ref(), ctx.clone());
            let log = JournalLog::start(j, ctx)?.with_pit(pit);
            Ok((log, replayed))
        });
        match opened {
            Ok((log, replayed)) => {
                let header = ShiftHeader {
                    table_name: replayed.header.table.clone(),
                    croupier: replayed.header.croupier.clone(),
                };
                let shift = LiveShift::open(header, replayed.table, Box::new(log));
                let mut entry = EntryLine::with_instant(form.instant).in_units(form.in_units);
                if let Some(aside) = &replayed.set_aside {
                    entry.problem = Some(text::ta(lang, "resumed-set-aside", &[("file", aside.file.clone())]));
                }
                self.screen = Screen::Table(Box::new(Live::new(shift, entry)));
            }
            Err(e) => {
                form.problem = Some(text::ta(lang, "log-cannot-open", &[("why", shift::log_error_text(lang, &e))]))
            }
        }
    }

    /// The closing record is safe: back to the start screen.
    fn shift_closed(&mut self) {
        let Screen::Table(live) = &mut self.screen else { return };
        let location = live.shift.log_location();
        let notice = text::ta(self.lang, "shift-closed", &[("where", location.clone())]);
        live.shift.finish();
        let mut form = StartForm::default();
        // The table's settings stay for the next shift (a forgotten unit pays wrong
        // money: R-BQ-7), and its log goes to the same folder.
        let mut kept = self.remembered.clone().unwrap_or_default();
        kept.keep_settings(live.shift.shown().settings());
        if let Some(dir) = std::path::Path::new(&location).parent().filter(|d| d.is_dir()) {
            kept.log_dir = dir.display().to_string();
        }
        kept.fill(&mut form);
        self.remembered = Some(kept);
        form.notice = Some(format!("{notice}\n{}", kept_settings_text(self.lang, &form)));
        if !form.scanning() {
            form.scan();
        }
        // The shift's sheet, from its log as written, and beside it as a PDF to sign.
        match sheet::SheetView::of_log(self.lang, std::path::Path::new(&location), form) {
            Ok(v) => self.screen = Screen::Sheet(Box::new(v)),
            Err(form) => self.screen = Screen::Start(form),
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

/// What the start form keeps of the last shift's table: its house file and values.
fn kept_settings_text(lang: Lang, form: &StartForm) -> String {
    let none = || text::t(lang, "kept-none");
    let or_none = |s: &str| if s.trim().is_empty() { none() } else { s.trim().to_string() };
    let house =
        if form.house_path.trim().is_empty() { text::t(lang, "kept-no-house") } else { form.house_path.clone() };
    text::ta(
        lang,
        "kept-settings",
        &[
            ("house", house),
            ("unit", or_none(&form.unit)),
            ("rate", or_none(&form.rate_percent)),
            ("min", or_none(&form.table_min)),
            ("max", or_none(&form.table_max)),
            ("decks", or_none(&form.decks)),
            ("sections", or_none(&form.sections)),
        ],
    )
}
