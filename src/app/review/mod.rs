//! The pit boss's review: shift logs opened (the native dialog on its own thread,
//! or a path typed, or the data folder's list of shifts), read on a worker thread
//! with a progress bar (`journal::summary`, a stream: memory flat in a log's size),
//! each with its integrity in plain words; the shift at a glance with the bank
//! reconciled and charts; the coups in a table with filters; a coup replayed step
//! by step on the croupier's own table view; exports (CSV, a coup as a table
//! script, a chart as PNG); an amendment (R-BQ-E7) written to the shift's log,
//! closed or not. Nothing that reads or writes a log runs on the UI thread.
//!
//! No rule lives here: the figures are the summary's, the replay is the log's
//! records re-applied, the amendment is an `Op::Amend` the engine accepts or refuses.

pub mod charts;
pub mod coups;
mod coups_table;
pub mod glance;
pub mod list;
pub mod pit_pick;
pub mod replay;

pub use list::shift_label;
pub use pit_pick::private_folder;

use super::text::{t, ta};
use super::widgets::{ALERT, GOLD, INK, INK_DIM, SIZE_BODY, SIZE_SMALL, WIN};
use crate::i18n::Lang;
use crate::journal::summary::{self, CoupRow, Options, Summary};
use crate::journal::summary_text;
use crate::journal::{parts, shifts};
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};

/// A shift log read: its summary and its coups.
#[derive(Clone)]
pub struct Loaded {
    pub summary: Summary,
    pub coups: Vec<CoupRow>,
    /// Fetched from the pit's database (its copy, never amended from here).
    pub from_pit: bool,
    /// Its choices weighed against the exact odds (a game with a bank, a log that
    /// verifies): the glance's «Protección del juego».
    pub protection: Option<crate::analysis::protection::Protection>,
}

/// The choices of a log read, weighed (a second pass; none for a game without a bank
/// or a damaged log).
pub fn weigh(summary: &Summary) -> Option<crate::analysis::protection::Protection> {
    // A training session's choices are staged (never money): never weighed, never flagged.
    if !summary.game.has_bank() || summary.integrity.is_damaged() || summary.training {
        return None;
    }
    crate::journal::protection::weigh(&summary.path, crate::analysis::protection::Options::default()).ok()
}

/// A log that could not be read as a shift log at all.
pub struct Unreadable {
    pub path: PathBuf,
    pub error: crate::journal::JournalError,
    /// Where it starts in a shift's chain, when its first record is a sound one but
    /// not the header: a later part of a shift split across files, perhaps.
    pub start: Option<parts::Start>,
}

/// What the worker sends for each log, and once they are all read.
enum Read {
    Done(Box<Loaded>),
    Failed(Unreadable),
    /// Every log read: the shifts split across files among all those open.
    Finished(Vec<parts::Split>),
}

/// Logs being read on the worker thread.
pub struct Loading {
    rx: mpsc::Receiver<Read>,
    read: Arc<AtomicU64>,
    pub total: u64,
    pub left: usize,
}

impl Loading {
    /// The part read so far, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.total == 0 {
            return 0.0;
        }
        (self.read.load(Ordering::Relaxed) as f64 / self.total as f64).clamp(0.0, 1.0) as f32
    }
}

/// What the worker thread hands back: applied to the review on the UI thread.
type Job = Box<dyn FnOnce(&mut Review) + Send>;

/// Work under way on its own thread (a coup read again for its replay, an amendment
/// written): the frame never waits on a log's reading or writing.
pub struct Working {
    rx: mpsc::Receiver<Job>,
    /// What it is, for the pit boss (already in his language).
    pub what: String,
}

/// A shift log in the data folder, by its header.
#[derive(Clone, Debug)]
pub struct FolderShift {
    pub path: PathBuf,
    pub table: String,
    pub croupier: String,
    pub started: String,
    /// A training session (marked wherever it is listed).
    pub training: bool,
}

/// What the central part shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Glance,
    Coups,
    Replay,
}

/// What the pit boss asks of the app from the review: to leave it (Esc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCmd {
    Leave,
}

/// The review screen's state.
pub struct Review {
    pub shifts: Vec<Loaded>,
    pub unreadable: Vec<Unreadable>,
    pub loading: Option<Loading>,
    pub working: Option<Working>,
    /// The native dialog, open on its thread.
    dialog: Option<mpsc::Receiver<Option<Vec<PathBuf>>>>,
    /// The native dialog may be offered (tests never open one).
    pub dialog_allowed: bool,
    /// What asks the pit boss for logs: the native dialog (`rfd`); tests put another.
    /// `None` at once means no dialog on this computer.
    pub picker: fn(Option<PathBuf>) -> Option<Vec<PathBuf>>,
    /// When the dialog was opened: an answer of nothing within `NO_DIALOG` is no
    /// dialog at all, not the pit boss cancelling.
    dialog_since: Option<std::time::Instant>,
    /// No file dialog answered: the path field is the way, and the pit boss is told.
    pub no_dialog: bool,
    /// The path field takes the keyboard at the next frame.
    focus_path: bool,
    pub path_field: String,
    pub folder: Vec<FolderShift>,
    /// The data folder's list, being read on its own thread.
    folder_rx: Option<mpsc::Receiver<Vec<FolderShift>>>,
    /// The shift shown; `None`: all the shifts together.
    pub selected: Option<usize>,
    pub tab: Tab,
    pub filters: coups::Filters,
    pub replay: Option<replay::Replay>,
    /// A message for the pit boss (a file written, a problem).
    pub notice: Option<(String, bool)>,
    /// The pit boss asked to leave the review.
    pub leave: bool,
    /// The pit an amendment is sent to once written in its log (R-BQ-E7): the start
    /// form's, or `SABOT_PIT_URL` for `sabot review`. `None`: only the log has it
    /// (`sabot pit push` sends it later).
    pub pit: Option<crate::pit::PitUrl>,
    /// Whether the pit's login may send records (asked of the pit when a coup is
    /// opened for replay): `Some(false)`, a read-only login (the pit boss's), is said
    /// before any amendment is promised to the pit. `None`: not known.
    pub pit_writes: Option<bool>,
    /// Shifts picked from the pit.
    pub pit_pick: pit_pick::PitPick,
    /// Where the pit's copies are written to be read (a cache: fetched again each time).
    /// Empty until the first copy is fetched: then a private folder of this process's
    /// own (`private_folder`), never a fixed name another user could plant files in.
    pub pit_copies: PathBuf,
    /// Shifts split across files among those open: each part after the first linked
    /// to the shift it continues, and the parts read as one (`journal::parts`).
    pub splits: Vec<parts::Split>,
    /// The shifts open sorted into those counted and the copies (`journal::shifts`),
    /// for the shifts as they were listed when it was made: made once a change.
    together: std::cell::RefCell<Option<(Vec<list::ListedAs>, shifts::Together)>>,
}

impl Default for Review {
    fn default() -> Self {
        Review {
            shifts: Vec::new(),
            unreadable: Vec::new(),
            loading: None,
            working: None,
            dialog: None,
            dialog_allowed: true,
            picker: native_pick,
            dialog_since: None,
            no_dialog: false,
            focus_path: false,
            path_field: String::new(),
            folder: Vec::new(),
            folder_rx: None,
            selected: Some(0),
            tab: Tab::Glance,
            filters: coups::Filters::default(),
            replay: None,
            notice: None,
            pit: None,
            pit_writes: None,
            pit_pick: pit_pick::PitPick::default(),
            pit_copies: PathBuf::new(),
            leave: false,
            splits: Vec::new(),
            together: std::cell::RefCell::new(None),
        }
    }
}

impl Review {
    /// A review with the data folder's shifts listed.
    pub fn new() -> Review {
        let mut r = Review::default();
        r.scan_folder();
        r
    }

    /// A review that never offers the native dialog nor lists the data folder (tests).
    pub fn without_dialog() -> Review {
        Review { dialog_allowed: false, ..Review::default() }
    }

    /// Lists the shift logs of the data folder, newest first, on its own thread (each
    /// log's header read).
    pub fn scan_folder(&mut self) {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("sabot-review-folder".into()).spawn(move || {
            if tx.send(folder_shifts()).is_err() {
                // The review was left: nobody to tell.
            }
        });
        if spawned.is_ok() {
            self.folder_rx = Some(rx);
        }
    }

    /// Reads these logs on a worker thread (those already open are read again).
    pub fn open(&mut self, paths: Vec<PathBuf>, ctx: Option<egui::Context>) {
        if paths.is_empty() {
            return;
        }
        self.shifts.retain(|s| !paths.contains(&s.summary.path));
        self.unreadable.retain(|u| !paths.contains(&u.path));
        let total = paths.iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum();
        let read = Arc::new(AtomicU64::new(0));
        let (tx, rx) = mpsc::channel();
        let counter = read.clone();
        let left = paths.len();
        // What is open already: a part read now may continue a shift open before.
        let mut known: Vec<Summary> = self.shifts.iter().map(|s| s.summary.clone()).collect();
        let mut headless: Vec<(PathBuf, parts::Start)> =
            self.unreadable.iter().filter_map(|u| Some((u.path.clone(), u.start.clone()?))).collect();
        let spawned = std::thread::Builder::new().name("sabot-review".into()).spawn(move || {
            for path in paths {
                let mut coups = Vec::new();
                // The bets as paid are not kept (the bets' CSV reads them again): the
                // rows take a few hundred bytes a coup.
                let mut push = |mut c: CoupRow| {
                    c.paid = Vec::new();
                    coups.push(c)
                };
                let opts = Options { progress: Some(&counter), on_coup: Some(&mut push) };
                let result = summary::summarise(&path, opts);
                let msg = match result {
                    Ok(summary) => {
                        known.push(summary.clone());
                        let protection = weigh(&summary);
                        Read::Done(Box::new(Loaded { summary, coups, from_pit: false, protection }))
                    }
                    Err(error) => {
                        let start = if parts::is_headless(&error) { parts::start_of(&path) } else { None };
                        if let Some(s) = &start {
                            headless.push((path.clone(), s.clone()));
                        }
                        Read::Failed(Unreadable { path: path.clone(), error, start })
                    }
                };
                if tx.send(msg).is_err() {
                    return; // the review was left
                }
                if let Some(ctx) = &ctx {
                    ctx.request_repaint();
                }
            }
            // A shift split across files: its parts linked and read as one.
            let splits = if headless.is_empty() {
                Vec::new()
            } else {
                parts::link(&known.iter().collect::<Vec<_>>(), &headless)
            };
            if tx.send(Read::Finished(splits)).is_ok()
                && let Some(ctx) = &ctx
            {
                ctx.request_repaint();
            }
        });
        match spawned {
            Ok(_) => self.loading = Some(Loading { rx, read, total, left }),
            Err(e) => self.notice = Some((e.to_string(), true)),
        }
    }

    /// Takes what the worker and the dialog have sent.
    pub fn poll(&mut self, ctx: Option<&egui::Context>) {
        self.poll_loading(ctx);
        if let Some(w) = &self.working {
            match w.rx.try_recv() {
                Ok(job) => {
                    self.working = None;
                    job(self);
                    // What the job changed is drawn at once, not when the mouse moves.
                    if let Some(ctx) = ctx {
                        ctx.request_repaint();
                    }
                }
                Err(mpsc::TryRecvError::Disconnected) => self.working = None,
                Err(mpsc::TryRecvError::Empty) => {
                    if let Some(ctx) = ctx {
                        ctx.request_repaint_after(std::time::Duration::from_millis(50));
                    }
                }
            }
        }
        if let Some(rx) = &self.folder_rx {
            match rx.try_recv() {
                Ok(list) => {
                    self.folder = list;
                    self.folder_rx = None;
                }
                Err(mpsc::TryRecvError::Disconnected) => self.folder_rx = None,
                Err(mpsc::TryRecvError::Empty) => {
                    if let Some(ctx) = ctx {
                        ctx.request_repaint_after(std::time::Duration::from_millis(100));
                    }
                }
            }
        }
        if let Some(rx) = &self.dialog {
            match rx.try_recv() {
                Ok(Some(paths)) => {
                    self.dialog = None;
                    self.open(paths, ctx.cloned());
                }
                Ok(None) | Err(mpsc::TryRecvError::Disconnected) => {
                    self.dialog = None;
                    // Nothing at once: no dialog here (no portal, no zenity). The
                    // path field is the way, said and given the keyboard.
                    if self.dialog_since.take().is_some_and(|t| t.elapsed() < NO_DIALOG) {
                        self.no_dialog = true;
                        self.focus_path = true;
                    }
                    self.scan_folder();
                }
                Err(mpsc::TryRecvError::Empty) => {
                    if let Some(ctx) = ctx {
                        ctx.request_repaint_after(std::time::Duration::from_millis(100));
                    }
                }
            }
        }
    }

    /// Takes the logs the reading worker has sent, and its last word (the shifts
    /// split across files); the reading is over once that came or the worker is gone.
    fn poll_loading(&mut self, ctx: Option<&egui::Context>) {
        if let Some(l) = &mut self.loading {
            let mut finished = false;
            loop {
                match l.rx.try_recv() {
                    Ok(Read::Done(loaded)) => {
                        l.left = l.left.saturating_sub(1);
                        self.shifts.push(*loaded);
                    }
                    Ok(Read::Failed(u)) => {
                        l.left = l.left.saturating_sub(1);
                        self.unreadable.push(u);
                    }
                    Ok(Read::Finished(splits)) => {
                        self.splits = splits;
                        finished = true;
                    }
                    // The worker is gone: nothing more will come.
                    Err(mpsc::TryRecvError::Disconnected) => finished = true,
                    Err(mpsc::TryRecvError::Empty) => break,
                }
                if finished {
                    break;
                }
            }
            if finished {
                self.loading = None;
                if self.selected.is_none_or(|i| i >= self.shifts.len()) {
                    self.selected = Some(0);
                }
            } else if let Some(ctx) = ctx {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            }
        }
    }

    /// Logs being read, or work under way.
    pub fn busy(&self) -> bool {
        self.loading.is_some() || self.working.is_some()
    }

    /// The data folder's shifts being listed.
    pub fn listing(&self) -> bool {
        self.folder_rx.is_some()
    }

    /// Waits for the worker to finish (tests).
    pub fn wait(&mut self) {
        while self.busy() {
            std::thread::sleep(std::time::Duration::from_millis(5));
            self.poll(None);
        }
    }

    /// The native dialog, on its own thread: the frame never waits for it. Where no
    /// dialog is available it answers nothing at once, and the folder's list stays.
    pub fn pick(&mut self) {
        if self.dialog.is_some() {
            return;
        }
        if self.no_dialog {
            // Known already: no dialog here. The path field, again.
            self.focus_path = true;
            return;
        }
        let (tx, rx) = mpsc::channel();
        let dir = crate::journal::default_dir().ok();
        let picker = self.picker;
        let spawned = std::thread::Builder::new().name("sabot-dialog".into()).spawn(move || {
            if tx.send(picker(dir)).is_err() {
                // The review was left while the dialog was open: nobody to tell.
            }
        });
        match spawned {
            Ok(_) => {
                self.dialog = Some(rx);
                self.dialog_since = Some(std::time::Instant::now());
            }
            Err(_) => {
                self.no_dialog = true;
                self.focus_path = true;
            }
        }
    }

    /// The shifts shown: the one selected, or all of them together.
    pub fn shown(&self) -> Vec<usize> {
        match self.selected {
            Some(i) if i < self.shifts.len() => vec![i],
            _ => (0..self.shifts.len()).collect(),
        }
    }

    /// Runs `work` on its own thread; what it hands back is applied at a later frame
    /// (`poll`). One piece of work at a time: another is not started meanwhile.
    fn spawn(&mut self, what: String, ctx: Option<egui::Context>, work: impl FnOnce() -> Job + Send + 'static) {
        if self.working.is_some() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("sabot-review-work".into()).spawn(move || {
            if tx.send(work()).is_err() {
                return; // the review was left
            }
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        });
        match spawned {
            Ok(_) => self.working = Some(Working { rx, what }),
            Err(e) => self.notice = Some((e.to_string(), true)),
        }
    }

    /// Opens coup `number` of shift `shift` for replay: the log read again on the
    /// worker thread, the replay shown when it is ready.
    pub fn open_replay(&mut self, lang: Lang, shift: usize, number: u32, ctx: Option<egui::Context>) {
        let Some(s) = self.shifts.get(shift) else { return };
        let Some(row) = s.coups.iter().find(|c| c.number == number) else { return };
        let (summary, row) = (s.summary.clone(), row.clone());
        let what = ta(lang, "review-replay-reading", &[("coup", number.to_string())]);
        // Whether an amendment can go to the pit: asked once, before it is promised.
        let ask = self.pit.clone().filter(|_| self.pit_writes.is_none());
        self.spawn(what, ctx, move || {
            let built = replay::Replay::build(lang, shift, &summary, &row);
            let writes = ask.as_ref().and_then(pit_pick::pit_login_writes);
            Box::new(move |r: &mut Review| {
                if writes.is_some() {
                    r.pit_writes = writes;
                }
                match built {
                    Ok(rp) => {
                        r.replay = Some(rp);
                        r.tab = Tab::Replay;
                    }
                    Err(why) => r.notice = Some((why, true)),
                }
            })
        });
    }

    /// Writes the amendment typed in the replay (R-BQ-E7) to its shift's log, closed
    /// or not, on the worker thread (`journal::amend`: the engine's `Amend` appended
    /// as a record of its own, never an edit); the shift's figures count it when done.
    pub fn amend(&mut self, lang: Lang, ctx: Option<egui::Context>) {
        let Some(rp) = &self.replay else { return };
        if self.shifts.iter().any(|s| s.from_pit && s.summary.path == rp.path) {
            // The pit's copy is out of the table's reach: an amendment goes in the
            // table's own log, which then sends it to the pit.
            let notice = (t(lang, "review-pit-no-amend"), true);
            if let Some(rp) = self.replay.as_mut() {
                rp.notice = Some(notice);
            }
            return;
        }
        let (path, coup, reason) = (rp.path.clone(), rp.coup.number, rp.reason.trim().to_string());
        let what = ta(lang, "review-amend-writing", &[("coup", coup.to_string())]);
        // A read-only login is never sent the amendment (the pit would refuse it).
        let read_only = self.pit.is_some() && self.pit_writes == Some(false);
        let pit = self.pit.clone().filter(|_| !read_only);
        self.spawn(what, ctx, move || {
            let written = crate::journal::amend(&path, coup, &reason).map_err(|e| match e {
                crate::journal::JournalPlayError::Refused(r) => crate::i18n::refusal_text(lang, &r),
                crate::journal::JournalPlayError::Journal(e) => crate::journal::text::journal_error_text(lang, &e),
            });
            let at = crate::journal::record::now();
            // Once in the log, to the pit: what it lacks of the log, the amendment
            // last. The log has it either way.
            let sent = match (&written, &pit) {
                (Ok(_), Some(url)) => Some(crate::pit::push(url, &path, PIT_WAIT, true)),
                _ => None,
            };
            Box::new(move |r: &mut Review| {
                let notice = match written {
                    Ok((seq, events)) => {
                        let line = usize::try_from(seq).map_or(usize::MAX, |s| s.saturating_add(1));
                        let made: Vec<summary::AmendmentAt> = events
                            .into_iter()
                            .filter_map(|e| match e {
                                crate::engine::Event::Amended { coup, reason } => {
                                    Some(summary::AmendmentAt { coup, reason, line, at })
                                }
                                _ => None,
                            })
                            .collect();
                        if let Some(s) = r.shifts.iter_mut().find(|s| s.summary.path == path) {
                            s.summary.amendments.extend(made);
                        }
                        if let Some(rp) = r.replay.as_mut().filter(|rp| rp.path == path && rp.coup.number == coup) {
                            rp.reason.clear();
                        }
                        if read_only {
                            (ta(lang, "review-amend-written-read-only", &[("coup", coup.to_string())]), true)
                        } else {
                            amended_text(lang, coup, sent)
                        }
                    }
                    Err(why) => (why, true),
                };
                match r.replay.as_mut().filter(|rp| rp.path == path) {
                    Some(rp) => rp.notice = Some(notice),
                    None => r.notice = Some(notice),
                }
            })
        });
    }
}

/// A dialog that answers nothing sooner than this was never shown.
const NO_DIALOG: std::time::Duration = std::time::Duration::from_millis(700);

/// The native dialog, opened in `dir` when there is one.
fn native_pick(dir: Option<PathBuf>) -> Option<Vec<PathBuf>> {
    let mut d = rfd::FileDialog::new().add_filter("Sabot", &[crate::journal::EXTENSION]);
    if let Some(dir) = dir.filter(|d| d.is_dir()) {
        d = d.set_directory(dir);
    }
    d.pick_files()
}

/// The longest the review waits for the pit to take an amendment (it gives up at
/// once when the pit cannot be reached).
const PIT_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

/// What the pit boss is told of an amendment written: whether the pit has it too
/// (true: it does not, an alarm).
fn amended_text(
    lang: Lang,
    coup: u32,
    sent: Option<Result<crate::pit::PitState, crate::pit::PitError>>,
) -> (String, bool) {
    let coup = ("coup", coup.to_string());
    let not_sent = |why: String| (ta(lang, "review-amend-written-pit-lacks", &[coup.clone(), ("why", why)]), true);
    match sent {
        None => (ta(lang, "review-amend-written", &[coup]), false),
        Some(Ok(s)) if s.done && s.behind() == 0 => (ta(lang, "review-amend-written-pit", &[coup]), false),
        Some(Ok(s)) => not_sent(super::pit::pit_state_text(lang, &s).0),
        // A login that may not send (read-only): said in words, never the database's.
        Some(Err(crate::pit::PitError::Database { code, .. })) if code == "42501" => {
            (ta(lang, "review-amend-written-read-only", &[coup]), true)
        }
        Some(Err(e)) => not_sent(super::pit::pit_error_text(lang, &e)),
    }
}

/// The shift logs of the data folder, by their headers, newest first.
fn folder_shifts() -> Vec<FolderShift> {
    let mut out = Vec::new();
    let Ok(dir) = crate::journal::default_dir() else { return out };
    let Ok(entries) = std::fs::read_dir(&dir) else { return out };
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != crate::journal::EXTENSION) {
            continue;
        }
        if let Ok(h) = crate::journal::read_header(&path) {
            let started = crate::journal::report::local_time(&h.started);
            out.push(FolderShift { path, table: h.table, croupier: h.croupier, started, training: h.training });
        }
    }
    out.sort_by(|a, b| b.started.cmp(&a.started));
    out
}

/// The integrity of a shift in a few words, with its colour.
pub fn integrity_badge(lang: Lang, s: &Summary) -> (String, egui::Color32) {
    let text = summary_text::integrity_text(lang, &s.integrity);
    let colour = match s.integrity {
        summary::Integrity::Sound => WIN,
        summary::Integrity::NotClosed { .. } => GOLD,
        summary::Integrity::Damaged { .. } => ALERT,
    };
    (text, colour)
}

/// The whole review screen.
pub fn review_ui(
    ui: &mut Ui,
    lang: Lang,
    r: &mut Review,
    assets: Option<&super::assets::Assets>,
    cmds: &mut Vec<ReviewCmd>,
) {
    r.poll(Some(ui.ctx()));
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) && !ui.ctx().egui_wants_keyboard_input() {
        if r.tab == Tab::Replay {
            r.tab = Tab::Coups;
        } else {
            r.leave = true;
        }
    }
    egui::Panel::top("review-top").show(ui, |ui| top_ui(ui, lang, r));
    // A coup replayed takes the whole width: the croupier's table view and its side
    // panel need it (Esc goes back to the coups and the list of shifts).
    if r.tab != Tab::Replay {
        egui::Panel::left("review-shifts")
            .resizable(false)
            .exact_size(300.0)
            .show(ui, |ui| egui::ScrollArea::vertical().show(ui, |ui| list::shifts_ui(ui, lang, r)));
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if r.shifts.is_empty() {
            ui.label(RichText::new(t(lang, "review-nothing-open")).size(SIZE_BODY).color(INK_DIM));
            return;
        }
        ui.horizontal(|ui| {
            for (tab, id) in [(Tab::Glance, "review-tab-glance"), (Tab::Coups, "review-tab-coups")] {
                if ui.add(egui::Button::selectable(r.tab == tab, RichText::new(t(lang, id)).size(SIZE_BODY))).clicked()
                {
                    r.tab = tab;
                }
            }
            if r.replay.is_some() {
                let label = RichText::new(t(lang, "review-tab-replay")).size(SIZE_BODY);
                if ui.add(egui::Button::selectable(r.tab == Tab::Replay, label)).clicked() {
                    r.tab = Tab::Replay;
                }
            }
        });
        ui.separator();
        match r.tab {
            Tab::Glance => glance::glance_ui(ui, lang, r),
            Tab::Coups => coups::coups_ui(ui, lang, r),
            Tab::Replay => replay::replay_ui(ui, lang, r, assets),
        }
    });
    if r.leave {
        r.leave = false;
        cmds.push(ReviewCmd::Leave);
    }
}

fn top_ui(ui: &mut Ui, lang: Lang, r: &mut Review) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(t(lang, "review-title")).size(SIZE_BODY).color(GOLD).strong());
        if r.dialog_allowed && ui.button(RichText::new(t(lang, "review-open-dialog")).size(SIZE_BODY)).clicked() {
            r.pick();
        }
        let label = ui.label(RichText::new(t(lang, "review-path")).size(SIZE_SMALL));
        let field = egui::TextEdit::singleline(&mut r.path_field).hint_text(t(lang, "review-path-hint"));
        let field = ui.add_sized([420.0, 28.0], field).labelled_by(label.id);
        if std::mem::take(&mut r.focus_path) {
            field.request_focus();
        }
        if ui.button(RichText::new(t(lang, "review-open-path")).size(SIZE_BODY)).clicked() {
            let paths: Vec<PathBuf> =
                r.path_field.split(';').map(str::trim).filter(|p| !p.is_empty()).map(PathBuf::from).collect();
            r.open(paths, Some(ui.ctx().clone()));
        }
        if ui.button(RichText::new(t(lang, "review-leave")).size(SIZE_BODY)).clicked() {
            r.leave = true;
        }
    });
    if let Some(l) = &r.loading {
        let words = ta(lang, "review-reading", &[("left", l.left.to_string())]);
        ui.add(egui::ProgressBar::new(l.fraction()).show_percentage().text(words));
    }
    if let Some(w) = &r.working {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(RichText::new(&w.what).size(SIZE_SMALL).color(INK_DIM));
        });
    }
    if r.dialog.is_some() {
        ui.label(RichText::new(t(lang, "review-dialog-open")).size(SIZE_SMALL).color(INK_DIM));
    }
    if r.no_dialog {
        ui.label(RichText::new(t(lang, "review-no-dialog")).size(SIZE_SMALL).color(ALERT));
    }
    if let Some((n, bad)) = &r.notice {
        ui.label(RichText::new(n).size(SIZE_SMALL).color(if *bad { ALERT } else { INK }));
    }
    // Copies of a shift that differ (a file and the pit's copy, two files): first.
    pit_pick::copies_ui(ui, lang, r);
}

/// Writes an export (its bytes, or why there are none) and says so to the pit boss:
/// the words and whether they are bad news. On the worker thread: never in a frame.
fn write_export(lang: Lang, path: &Path, bytes: Result<Vec<u8>, String>) -> (String, bool) {
    let written = bytes.and_then(|b| {
        crate::journal::write_atomic(path, &b).map_err(|e| crate::journal::text::journal_error_text(lang, &e))
    });
    let file = path.display().to_string();
    match written {
        Ok(()) => (ta(lang, "review-written", &[("file", file)]), false),
        Err(why) => (ta(lang, "review-not-written", &[("file", file), ("why", why)]), true),
    }
}

/// Where an export of a log goes: beside the log, `<stem>-<what>`.
pub fn export_path(log: &Path, what: &str) -> PathBuf {
    let stem = log.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "sabot".into());
    log.with_file_name(format!("{stem}-{what}"))
}
