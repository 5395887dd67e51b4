//! Start of shift: the table, the croupier, the game and its settings, the bank.

use super::text::{t, ta};
use super::widgets::{ALERT, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button};
use crate::engine::{BankLimit, FeeKind, Game, Money, Rate};
use crate::i18n::{Lang, game_name};
use crate::journal::Unfinished;
use egui::{RichText, TextEdit, Ui};
use rust_decimal::Decimal;
use std::path::{Path, PathBuf};

/// What the croupier asked of the start form, applied at the frame's end (`start_keys`):
/// open the shift, look again for unfinished shifts, take up the one at this place in
/// the list, open the school, the review, the floor («Sala», from the form's pit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartCmd {
    StartShift,
    ScanLogs,
    Resume(usize),
    StartTraining,
    OpenReview,
    OpenFloor,
}

/// The start form, as typed.
#[derive(Clone, Debug)]
pub struct StartForm {
    pub table_name: String,
    pub croupier: String,
    pub game: Game,
    pub decks: String,
    pub unit: String,
    /// Cagnotte (Banque, Chemin de fer) or commission (Punto y Banca), in per cent.
    pub rate_percent: String,
    pub bank_limit: BankLimit,
    pub sections: String,
    /// Banque and Chemin de fer: the section taking the bank, and the bank (both
    /// optional: the bank can be taken at the table).
    pub banker: String,
    pub bank: String,
    /// The table's limits on a stake (R-BQ-4), empty for none.
    pub table_min: String,
    pub table_max: String,
    pub problem: Option<String>,
    /// The field the last refusal is about: it takes the keyboard at the next frame.
    pub problem_field: Option<Field>,
    /// The folder of the shift logs.
    pub log_dir: String,
    /// Shifts found in that folder that were never closed (to take up again).
    pub unfinished: Vec<Unfinished>,
    /// Why the folder could not be read, if it could not.
    pub scan_problem: Option<crate::journal::JournalError>,
    /// A word for the croupier after a shift closed.
    pub notice: Option<String>,
    /// The house rules the table's settings start from (a house file, or Sabot's
    /// defaults), the file as typed, and why it could not be used, if it could not.
    pub house: crate::house::Loaded,
    pub house_path: String,
    pub house_problem: Option<crate::house::HouseError>,
    /// The pit's database (PostgreSQL URL), where every record also goes; empty for
    /// none. From `SABOT_PIT_URL` at first.
    pub pit_url: String,
    /// Entries confirmed at once, without Enter (F11 at the table).
    pub instant: bool,
    /// Amounts typed in the table's betting unit (`3 4` for 40 at a table of unit 10).
    pub in_units: bool,
    focus_asked: bool,
    /// A scan of the folder still running on its own thread (a slow disk or share).
    pending: Option<PendingScan>,
}

type ScanResult = Result<Vec<Unfinished>, crate::journal::JournalError>;

/// A folder scan running off the UI thread; its answer comes on the channel.
#[derive(Clone, Debug)]
struct PendingScan(std::sync::Arc<std::sync::Mutex<std::sync::mpsc::Receiver<ScanResult>>>);

/// Alt and these keys take up the unfinished shift at that place in the list.
const RESUME_KEYS: [egui::Key; 9] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
    egui::Key::Num9,
];

/// How long `scan` waits for the folder before it lets the screen go on drawing.
const SCAN_WAIT: std::time::Duration = std::time::Duration::from_millis(300);

impl Default for StartForm {
    fn default() -> Self {
        let mut f = StartForm {
            table_name: String::new(),
            croupier: String::new(),
            game: Game::Banque,
            decks: String::new(),
            unit: String::new(),
            rate_percent: String::new(),
            bank_limit: BankLimit::Limited,
            sections: String::new(),
            banker: String::new(),
            bank: String::new(),
            table_min: String::new(),
            table_max: String::new(),
            problem: None,
            problem_field: None,
            log_dir: crate::journal::default_dir().map(|d| d.display().to_string()).unwrap_or_else(|_| "shifts".into()),
            unfinished: Vec::new(),
            scan_problem: None,
            notice: None,
            house: crate::house::Loaded::built_in(),
            house_path: String::new(),
            house_problem: None,
            pit_url: std::env::var(crate::pit::PIT_URL_VAR).unwrap_or_default(),
            instant: false,
            in_units: false,
            focus_asked: false,
            pending: None,
        };
        // The house the app was started with (`--house`, SABOT_HOUSE, ~/.config/sabot,
        // /etc/sabot); a file that could not be used is said on screen.
        match crate::house::startup() {
            Ok(loaded) => {
                f.house_path = loaded.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
                f.house = loaded;
            }
            Err(e) => {
                f.house_path = e.path().display().to_string();
                f.house_problem = Some(e);
            }
        }
        f.set_game(Game::Banque);
        f
    }
}

/// A field of the start form (to give it the keyboard when it is refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Table,
    Croupier,
    Decks,
    Unit,
    Rate,
    Sections,
    Banker,
    Bank,
    TableMin,
    TableMax,
    House,
    Pit,
}

impl Field {
    /// The field a setting the engine refuses is typed in (`BadSettings::field`).
    fn of_setting(setting: &str) -> Field {
        match setting {
            "decks" => Field::Decks,
            "unit" | "rounding" => Field::Unit,
            "sections" => Field::Sections,
            "table_min" => Field::TableMin,
            "table_max" => Field::TableMax,
            "bank" => Field::Bank,
            _ => Field::House,
        }
    }
}

impl StartForm {
    /// A form whose logs go to `dir`, with the unfinished shifts found there.
    pub fn in_dir(dir: &Path) -> StartForm {
        let mut f = StartForm { log_dir: dir.display().to_string(), ..StartForm::default() };
        f.scan();
        f
    }

    /// Looks for shifts left unfinished in the log folder (a crash, a power cut), on
    /// its own thread: the answer is taken here if it comes within a moment, else
    /// when the screen is next drawn (`poll_scan`); the screen never waits on the disk.
    pub fn scan(&mut self) {
        let dir = PathBuf::from(self.log_dir.trim());
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new().name("sabot folder scan".into()).spawn(move || {
            if tx.send(crate::journal::unfinished(&dir)).is_err() {
                // The form was dropped or scanned again: nobody wants this answer.
            }
        });
        if spawned.is_err() {
            self.set_scan(crate::journal::unfinished(Path::new(self.log_dir.trim())));
            return;
        }
        match rx.recv_timeout(SCAN_WAIT) {
            Ok(result) => {
                self.pending = None;
                self.set_scan(result);
            }
            Err(_) => {
                self.unfinished.clear();
                self.pending = Some(PendingScan(std::sync::Arc::new(std::sync::Mutex::new(rx))));
            }
        }
    }

    /// Takes the answer of a scan still running, if it has come.
    pub fn poll_scan(&mut self) {
        let Some(PendingScan(rx)) = &self.pending else { return };
        let answer = match rx.lock() {
            Ok(rx) => rx.try_recv(),
            Err(_) => Err(std::sync::mpsc::TryRecvError::Disconnected),
        };
        match answer {
            Ok(result) => {
                self.pending = None;
                self.set_scan(result);
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {}
            Err(std::sync::mpsc::TryRecvError::Disconnected) => self.pending = None,
        }
    }

    /// Whether a scan of the folder is still running.
    pub fn scanning(&self) -> bool {
        self.pending.is_some()
    }

    fn set_scan(&mut self, result: ScanResult) {
        match result {
            Ok(list) => {
                self.unfinished = list;
                self.scan_problem = None;
            }
            Err(e) => {
                self.unfinished.clear();
                self.scan_problem = Some(e);
            }
        }
    }

    /// Loads the house file typed in its field (empty: Sabot's defaults); its settings
    /// fill the fields. A file that cannot be used is kept as the problem to show, and
    /// no shift opens until it is mended or the field emptied.
    pub fn load_house(&mut self) {
        let typed = self.house_path.trim();
        if typed.is_empty() {
            self.house = crate::house::Loaded::built_in();
            self.house_problem = None;
        } else {
            let path = PathBuf::from(typed);
            match crate::house::load(&path) {
                Ok(house) => {
                    self.house = crate::house::Loaded { house, path: Some(path) };
                    self.house_problem = None;
                }
                Err(e) => {
                    self.house_problem = Some(e);
                    return;
                }
            }
        }
        self.set_game(self.game);
    }

    /// Chooses a limited or free bank (R-BQ-4): the cagnotte follows the house's for
    /// that bank unless the croupier typed another.
    pub fn set_bank_limit(&mut self, limit: BankLimit) {
        if self.game == Game::Banque && limit != self.bank_limit {
            let house_rate = |l| self.house.house.settings(Game::Banque, Some(l)).cagnotte;
            if percent_to_rate(&self.rate_percent) == Some(house_rate(self.bank_limit)) {
                self.rate_percent = rate_to_percent(house_rate(limit));
            }
        }
        self.bank_limit = limit;
    }

    /// Chooses a game: the house's settings for it fill the fields (R-C-3 six decks;
    /// sections).
    pub fn set_game(&mut self, game: Game) {
        let s = self.house.house.settings(game, None);
        self.game = game;
        self.decks = s.decks.to_string();
        self.unit = s.unit.to_string().trim_end_matches(".00").to_string();
        let rate = s.fee().rate;
        self.rate_percent = rate_to_percent(rate);
        self.sections = s.sections.to_string();
        self.bank_limit = s.bank_limit;
        self.table_min = s.house.table_min.map(shown_money).unwrap_or_default();
        self.table_max = s.house.table_max.map(shown_money).unwrap_or_default();
    }
}

/// Shifts that were never closed: each can be taken up where it stopped.
fn unfinished_ui(ui: &mut Ui, lang: Lang, form: &StartForm, cmds: &mut Vec<StartCmd>) {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(0x3A, 0x2A, 0x08))
        .stroke(egui::Stroke::new(1.5, GOLD))
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(12))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(t(lang, "start-unfinished")).size(SIZE_BIG).color(GOLD).strong());
            // A long list scrolls in its frame: the form and its buttons stay on the
            // screen (issue 24, point 5: at 1280×800 they were pushed off it).
            egui::ScrollArea::vertical().id_salt("unfinished").max_height(150.0).auto_shrink([false, true]).show(
                ui,
                |ui| {
                    for (i, u) in form.unfinished.iter().enumerate() {
                        let what = match &u.header {
                            Some(h) => ta(
                                lang,
                                "start-unfinished-shift",
                                &[
                                    // Text from a log, shown inert (issue 51).
                                    ("table", crate::i18n::inert(&h.table)),
                                    ("croupier", crate::i18n::inert(&h.croupier)),
                                    ("game", game_name(lang, h.settings.game)),
                                    ("started", h.started.format("%Y-%m-%d %H:%M").to_string()),
                                ],
                            ),
                            None => u.path.display().to_string(),
                        };
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new(what).size(SIZE_BODY).color(INK));
                            if u.header.is_some() {
                                let key = match i {
                                    0 if form.table_name.trim().is_empty() => {
                                        format!("{} · F5 · Alt+1", t(lang, "cap-enter"))
                                    }
                                    0 => "F5 · Alt+1".to_string(),
                                    n if n < RESUME_KEYS.len() => format!("Alt+{}", n + 1),
                                    _ => String::new(),
                                };
                                let key = key.as_str();
                                if key_button(ui, &t(lang, "start-resume"), key, Tone::Main, true).clicked() {
                                    cmds.push(StartCmd::Resume(i));
                                }
                            }
                        });
                    }
                },
            );
            ui.label(RichText::new(t(lang, "start-unfinished-note")).size(SIZE_SMALL).color(INK_DIM));
        });
}

pub fn start_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm, cmds: &mut Vec<StartCmd>) {
    form.poll_scan();
    if form.scanning() {
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }
    egui::Panel::bottom("start_actions")
        .frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(0, 8)))
        .show(ui, |ui| actions_ui(ui, lang, cmds));
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| start_form_ui(ui, lang, form, cmds));
    // Enter opens the shift, or takes up the unfinished one while the form is still
    // empty; F1–F3 choose the game; F5 takes up the first unfinished shift, Alt+1…9
    // the one at that place in the list.
    let (enter, game, resume) = ui.input(|i| {
        let game = [egui::Key::F1, egui::Key::F2, egui::Key::F3].iter().position(|k| i.key_pressed(*k));
        let nth = i.events.iter().find_map(|e| match e {
            egui::Event::Key { key, pressed: true, modifiers, .. } if modifiers.alt && !modifiers.ctrl => {
                RESUME_KEYS.iter().position(|k| k == key)
            }
            _ => None,
        });
        (i.key_pressed(egui::Key::Enter), game, if i.key_pressed(egui::Key::F5) { Some(0) } else { nth })
    });
    let resumable = |form: &StartForm, n: usize| form.unfinished.get(n).is_some_and(|u| u.header.is_some());
    if let Some(n) = resume.filter(|n| resumable(form, *n)) {
        cmds.push(StartCmd::Resume(n));
    }
    if let Some(g) = game.and_then(|i| Game::ALL.get(i)) {
        form.set_game(*g);
    }
    if enter && resume.is_none() {
        if form.table_name.trim().is_empty() && resumable(form, 0) {
            cmds.push(StartCmd::Resume(0));
        } else {
            cmds.push(StartCmd::StartShift);
        }
    }
    if ui.input(|i| i.key_pressed(egui::Key::F6)) {
        cmds.push(StartCmd::StartTraining);
    }
    if ui.input(|i| i.key_pressed(egui::Key::F7)) {
        cmds.push(StartCmd::OpenReview);
    }
    if ui.input(|i| i.key_pressed(egui::Key::F8)) {
        cmds.push(StartCmd::OpenFloor);
    }
}

#[path = "start_choice.rs"]
mod choice;
pub use choice::StartChoice;
use choice::percent_to_rate;
pub(crate) use choice::{rate_to_percent, shown_money};
#[path = "start_fields.rs"]
mod fields;
use fields::{actions_ui, start_form_ui};

#[cfg(test)]
#[path = "start_tests.rs"]
mod tests;
