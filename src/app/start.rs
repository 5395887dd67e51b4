//! Start of shift: the table, the croupier, the game and its settings, the bank.

use super::text::{t, ta};
use super::widgets::{ALERT, GOLD, INK, INK_DIM, SIZE_BANNER, SIZE_BIG, SIZE_BODY, SIZE_SMALL, Tone, key_button};
use crate::engine::{BankLimit, FeeKind, Game, Money, PlayerRef, Rate};
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

/// An amount as the croupier types it, `12,50` or `12.50`; `None` when it is not one.
fn typed_money(s: &str) -> Option<Money> {
    s.trim().replace(',', ".").parse().ok()
}

/// An amount as the form shows it: `1000`, `12.50`.
pub(crate) fn shown_money(m: Money) -> String {
    let s = m.to_string();
    s.strip_suffix(".00").unwrap_or(&s).to_string()
}

pub use super::start_choice::StartChoice;

pub(crate) fn rate_to_percent(rate: Rate) -> String {
    (rate.decimal() * Decimal::ONE_HUNDRED).normalize().to_string()
}

fn percent_to_rate(s: &str) -> Option<Rate> {
    let d: Decimal = s.trim().replace(',', ".").parse().ok()?;
    Rate::new(d.checked_div(Decimal::ONE_HUNDRED)?).ok()
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

    /// Reads the form; says which field is wrong and why.
    pub fn read(&self, lang: Lang) -> Result<StartChoice, String> {
        self.read_field(lang).map_err(|(_, why)| why)
    }

    /// Reads the form; a refusal names the field it is about, for it to take the keyboard.
    pub fn read_field(&self, lang: Lang) -> Result<StartChoice, (Field, String)> {
        let bad = |field: Field, label: &str, why: String| {
            (field, ta(lang, "start-bad-field-why", &[("field", t(lang, label)), ("why", why)]))
        };
        let empty = |field, label: &str| bad(field, label, t(lang, "start-why-empty"));
        let typed = |s: &str| vec![("typed", s.trim().to_string())];
        let number = |field, label: &str, s: &str| bad(field, label, ta(lang, "start-why-number", &typed(s)));
        let not_money = |field, label: &str, s: &str| bad(field, label, ta(lang, "start-why-amount", &typed(s)));
        if self.table_name.trim().is_empty() {
            return Err(empty(Field::Table, "start-table"));
        }
        if self.croupier.trim().is_empty() {
            return Err(empty(Field::Croupier, "start-croupier"));
        }
        // A name longer than a log takes (and the pit): said here, before any log is made.
        let max = crate::journal::bounds::MAX_NAME;
        let long = |field, label: &str| bad(field, label, ta(lang, "start-why-too-long", &[("max", max.to_string())]));
        if self.table_name.trim().chars().count() > max {
            return Err(long(Field::Table, "start-table"));
        }
        if self.croupier.trim().chars().count() > max {
            return Err(long(Field::Croupier, "start-croupier"));
        }
        if let Some(problem) = &self.house_problem {
            return Err((Field::House, crate::house::house_error_text(lang, problem)));
        }
        // The house's settings (its rounding, house rules, table limits), then what the
        // form says.
        let mut s = self.house.house.settings(self.game, Some(self.bank_limit));
        s.decks = self.decks.trim().parse().map_err(|_| number(Field::Decks, "start-decks", &self.decks))?;
        s.unit = typed_money(&self.unit).ok_or_else(|| not_money(Field::Unit, "start-unit", &self.unit))?;
        let rate = percent_to_rate(&self.rate_percent).ok_or_else(|| {
            bad(Field::Rate, self.rate_label(), ta(lang, "start-why-rate", &typed(&self.rate_percent)))
        })?;
        s.set_fee_rate(rate);
        s.bank_limit = self.bank_limit;
        s.sections =
            self.sections.trim().parse().map_err(|_| number(Field::Sections, "start-sections", &self.sections))?;
        let limit = |text: &str, field, label: &str| match text.trim() {
            "" => Ok(None),
            x => typed_money(x).map(Some).ok_or_else(|| not_money(field, label, x)),
        };
        s.house.table_min = limit(&self.table_min, Field::TableMin, "start-table-min")?;
        s.house.table_max = limit(&self.table_max, Field::TableMax, "start-table-max")?;
        let banker = match (self.banker.trim(), self.bank.trim()) {
            _ if !self.game.has_bank() => None,
            ("", "") => None,
            (seat, bank) => {
                let seat: u8 = seat.parse().map_err(|_| number(Field::Banker, "start-banker", seat))?;
                let b = typed_money(bank).ok_or_else(|| not_money(Field::Bank, "start-bank", bank))?;
                if !b.is_positive() {
                    return Err(bad(Field::Bank, "start-bank", t(lang, "start-why-positive")));
                }
                Some((PlayerRef::seated(seat), b))
            }
        };
        s.validate().map_err(|e| (Field::of_setting(e.field()), crate::i18n::settings_text(lang, e)))?;
        let pit = self.pit(lang).map_err(|e| (Field::Pit, e))?;
        Ok(StartChoice {
            log_dir: PathBuf::from(self.log_dir.trim()),
            table_name: self.table_name.trim().into(),
            croupier: self.croupier.trim().into(),
            settings: s,
            banker,
            training: false,
            lang,
            pit,
            school: self.house.house.school_rules(),
            in_units: self.in_units,
        })
    }

    /// The pit's URL as typed: none when empty; a URL that cannot be read is said.
    pub fn pit(&self, lang: Lang) -> Result<Option<crate::pit::PitUrl>, String> {
        if self.pit_url.trim().is_empty() {
            return Ok(None);
        }
        crate::pit::PitUrl::parse(&self.pit_url)
            .map(Some)
            .map_err(|e| ta(lang, "start-pit-bad", &[("why", super::pit::pit_error_text(lang, &e))]))
    }

    fn rate_label(&self) -> &'static str {
        match self.game.fee_kind() {
            FeeKind::Commission => "start-commission",
            FeeKind::Cagnotte => "start-cagnotte",
        }
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

/// The pit's URL: a password in it is never shown (the field is masked, and the URL
/// is shown beside it with its password as `***`).
fn pit_field_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm) {
    ui.horizontal(|ui| {
        let has_password = crate::pit::may_hold_password(&form.pit_url);
        let l = ui.label(RichText::new(t(lang, "start-pit")).size(SIZE_BODY).color(INK));
        let r = ui
            .add(
                TextEdit::singleline(&mut form.pit_url)
                    .font(egui::FontId::proportional(SIZE_BODY))
                    .desired_width(560.0)
                    .password(has_password)
                    .hint_text(t(lang, "start-pit-hint")),
            )
            .labelled_by(l.id);
        select_all_on_focus(ui, &r, &form.pit_url);
        field(&mut form.problem_field, Field::Pit, r);
        // Only what the driver reads of it, `user@host:port/db`: never what was typed.
        if let Some(url) = crate::pit::shown_url(&form.pit_url).filter(|_| has_password) {
            let shown = ta(lang, "start-pit-shown", &[("url", url)]);
            ui.label(RichText::new(shown).size(SIZE_SMALL).color(INK_DIM));
        }
    });
}

/// A label and its single-line field, two cells of a grid (no end of row).
fn cell(ui: &mut Ui, label: &str, value: &mut String, hint: &str, width: f32) -> egui::Response {
    let l = ui.label(RichText::new(label).size(SIZE_BODY).color(INK));
    text_field(ui, l.id, value, hint, width)
}

/// The narrowest a form's field gets.
const FIELD_MIN: f32 = 160.0;

/// The field of a cell, named by its label.
fn text_field(ui: &mut Ui, label: egui::Id, value: &mut String, hint: &str, width: f32) -> egui::Response {
    // At least a name's width: a grid's column keeps the width of its first frame,
    // and a field asking only for what is available there shrank to a few points when
    // the form opened on a game without the bank's row (issue 40). No more: the
    // columns stay where the bank's row puts them.
    let edit = TextEdit::singleline(value)
        .font(egui::FontId::proportional(SIZE_BIG))
        .desired_width(width)
        .min_size(egui::vec2(width.min(FIELD_MIN), 0.0))
        .hint_text(hint);
    let r = ui.add(edit).labelled_by(label);
    select_all_on_focus(ui, &r, value);
    r
}

/// A labelled field with something beside it in its cell (the unit and its box).
fn cell_with(ui: &mut Ui, label: &str, value: &mut String, width: f32, beside: impl FnOnce(&mut Ui)) -> egui::Response {
    let l = ui.label(RichText::new(label).size(SIZE_BODY).color(INK));
    ui.horizontal(|ui| {
        let r = text_field(ui, l.id, value, "", width);
        ui.add_space(12.0);
        beside(ui);
        r
    })
    .inner
}

/// A field reached from the keyboard (Tab, or a refusal pointing at it) has its text
/// selected, to be typed over; a click places the cursor as usual.
fn select_all_on_focus(ui: &Ui, r: &egui::Response, value: &str) {
    if !r.gained_focus() || value.is_empty() || ui.input(|i| i.pointer.any_pressed() || i.pointer.any_down()) {
        return;
    }
    if let Some(mut state) = egui::text_edit::TextEditState::load(ui.ctx(), r.id) {
        state.cursor.set_char_range(Some(egui::text::CCursorRange::select_all_str(value)));
        state.store(ui.ctx(), r.id);
    } else {
        let mut state = egui::text_edit::TextEditState::default();
        state.cursor.set_char_range(Some(egui::text::CCursorRange::select_all_str(value)));
        state.store(ui.ctx(), r.id);
    }
}

/// A field of the form: its cell, taking the keyboard when a refusal is about it.
fn field(form_field: &mut Option<Field>, which: Field, cell_response: egui::Response) -> egui::Response {
    if *form_field == Some(which) {
        cell_response.request_focus();
        *form_field = None;
    }
    cell_response
}

fn start_form_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm, cmds: &mut Vec<StartCmd>) {
    ui.vertical_centered(|ui| {
        ui.add_space(8.0);
        ui.label(RichText::new(t(lang, "start-title")).size(SIZE_BANNER).color(GOLD).strong());
        ui.label(RichText::new(t(lang, "start-subtitle")).size(SIZE_BODY).color(INK_DIM));
        ui.add_space(8.0);
    });
    if let Some(n) = &form.notice {
        ui.vertical_centered(|ui| ui.label(RichText::new(n).size(SIZE_BODY).color(GOLD)));
        ui.add_space(8.0);
    }
    let width = 1000.0f32.min(ui.available_width());
    let left = ((ui.available_width() - width) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        ui.add_space(left);
        ui.vertical(|ui| {
            ui.set_width(width);
            if !form.unfinished.is_empty() {
                unfinished_ui(ui, lang, form, cmds);
                ui.add_space(10.0);
            }
            game_line_ui(ui, lang, form);
            ui.add_space(10.0);
            egui::Grid::new("start-form").num_columns(4).spacing([18.0, 12.0]).show(ui, |ui| {
                table_fields_ui(ui, lang, form);
            });
            ui.add_space(10.0);
            files_ui(ui, lang, form, cmds);
            ui.add_space(12.0);
            if let Some(p) = &form.scan_problem {
                ui.label(
                    RichText::new(crate::journal::text::journal_error_text(lang, p)).size(SIZE_SMALL).color(ALERT),
                );
            }
            if let Some(p) = &form.problem {
                ui.label(RichText::new(p).size(SIZE_BODY).color(ALERT).strong());
                ui.add_space(6.0);
            }
        });
    });
}

/// The game's line: one radio button a game (F1–F3), and the croupier's habit of
/// entries at once beside them (the table's fields keep their places).
fn game_line_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(t(lang, "start-game")).size(SIZE_BODY).color(INK));
        ui.add_space(12.0);
        for (i, g) in Game::ALL.into_iter().enumerate() {
            let text = RichText::new(format!("{}  (F{})", game_name(lang, g), i + 1)).size(SIZE_BODY);
            if ui.radio(form.game == g, text).clicked() && form.game != g {
                form.set_game(g);
            }
            ui.add_space(8.0);
        }
        // A click leaves no focus on the box, so Intro still opens the shift.
        ui.add_space(16.0);
        let instant = RichText::new(t(lang, "start-instant")).size(SIZE_BODY).color(INK);
        let r = ui.checkbox(&mut form.instant, instant).on_hover_text("F11");
        if r.clicked() {
            r.surrender_focus();
        }
    });
}

/// The table's fields, two a row in the form's grid: table and croupier, decks and
/// unit, rate and sections, the limits, the bank's limit (Banque) and the banker and
/// his bank (the games with a bank). The first field takes the keyboard once.
fn table_fields_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm) {
    let rate_label = t(lang, form.rate_label());
    let pf = &mut form.problem_field;
    let r = cell(ui, &t(lang, "start-table"), &mut form.table_name, &t(lang, "start-table-hint"), 260.0);
    let first = field(pf, Field::Table, r);
    if !form.focus_asked {
        first.request_focus();
        form.focus_asked = true;
    }
    let r = cell(ui, &t(lang, "start-croupier"), &mut form.croupier, "", 260.0);
    field(pf, Field::Croupier, r);
    ui.end_row();
    let r = cell(ui, &t(lang, "start-decks"), &mut form.decks, "", 80.0);
    field(pf, Field::Decks, r);
    // Beside the unit, the croupier's choice to type amounts in it.
    let in_units = &mut form.in_units;
    let r = cell_with(ui, &t(lang, "start-unit"), &mut form.unit, 120.0, |ui| {
        let text = RichText::new(t(lang, "start-in-units")).size(SIZE_BODY).color(INK);
        let r = ui.checkbox(in_units, text).on_hover_text(t(lang, "start-in-units-hint"));
        // A click leaves no focus on the box, so Intro still opens the shift.
        if r.clicked() {
            r.surrender_focus();
        }
    });
    field(pf, Field::Unit, r);
    ui.end_row();
    let r = cell(ui, &rate_label, &mut form.rate_percent, "", 80.0);
    field(pf, Field::Rate, r);
    let r = cell(ui, &t(lang, "start-sections"), &mut form.sections, "", 80.0);
    field(pf, Field::Sections, r);
    ui.end_row();
    let hint = t(lang, "start-limit-hint");
    let r = cell(ui, &t(lang, "start-table-min"), &mut form.table_min, &hint, 120.0);
    field(pf, Field::TableMin, r);
    let r = cell(ui, &t(lang, "start-table-max"), &mut form.table_max, &hint, 120.0);
    field(pf, Field::TableMax, r);
    ui.end_row();
    if form.game == Game::Banque {
        ui.label(RichText::new(t(lang, "start-bank-limit")).size(SIZE_BODY).color(INK));
        ui.horizontal(|ui| {
            for (limit, key) in [(BankLimit::Limited, "start-limited"), (BankLimit::Free, "start-free")] {
                let text = RichText::new(t(lang, key)).size(SIZE_BODY);
                if ui.radio(form.bank_limit == limit, text).clicked() {
                    form.set_bank_limit(limit);
                }
            }
        });
        ui.end_row();
    }
    if form.game.has_bank() {
        let pf = &mut form.problem_field;
        let r = cell(ui, &t(lang, "start-banker"), &mut form.banker, &t(lang, "start-banker-hint"), 120.0);
        field(pf, Field::Banker, r);
        let r = cell(ui, &t(lang, "start-bank"), &mut form.bank, &t(lang, "start-bank-hint"), 200.0);
        field(pf, Field::Bank, r);
        ui.end_row();
    }
}

/// Where the logs go (leaving the field lists their unfinished shifts again), the
/// house file and what it holds (or why it cannot be read), and the pit.
fn files_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm, cmds: &mut Vec<StartCmd>) {
    ui.horizontal(|ui| {
        let dir = cell(ui, &t(lang, "start-log-dir"), &mut form.log_dir, "", 600.0);
        if dir.lost_focus() {
            cmds.push(StartCmd::ScanLogs);
        }
    });
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        let r = cell(ui, &t(lang, "start-house"), &mut form.house_path, &t(lang, "start-house-hint"), 600.0);
        let house = field(&mut form.problem_field, Field::House, r);
        if house.lost_focus() {
            form.load_house();
        }
    });
    match &form.house_problem {
        Some(p) => {
            ui.label(RichText::new(crate::house::house_error_text(lang, p)).size(SIZE_SMALL).color(ALERT).strong());
        }
        None => {
            let name = form.house.name(lang);
            ui.label(RichText::new(ta(lang, "start-house-name", &[("name", name)])).size(SIZE_SMALL).color(GOLD));
        }
    }
    pit_field_ui(ui, lang, form);
}

/// The form's actions, in a strip at the window's foot: on the screen whatever the
/// form above holds (issue 24, point 5: a list of unfinished shifts pushed them off).
fn actions_ui(ui: &mut Ui, lang: Lang, cmds: &mut Vec<StartCmd>) {
    let width = 1000.0f32.min(ui.available_width());
    let left = ((ui.available_width() - width) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        ui.add_space(left);
        ui.vertical(|ui| {
            ui.set_width(width);
            ui.horizontal(|ui| {
                if key_button(ui, &t(lang, "start-open"), &t(lang, "cap-enter"), Tone::Main, true).clicked() {
                    cmds.push(StartCmd::StartShift);
                }
                ui.add_space(16.0);
                if key_button(ui, &t(lang, "start-training"), "F6", Tone::Plain, true).clicked() {
                    cmds.push(StartCmd::StartTraining);
                }
                if key_button(ui, &t(lang, "start-review"), "F7", Tone::Plain, true).clicked() {
                    cmds.push(StartCmd::OpenReview);
                }
                if key_button(ui, &t(lang, "start-floor"), "F8", Tone::Plain, true).clicked() {
                    cmds.push(StartCmd::OpenFloor);
                }
                // The note wraps in the room left beside the buttons: it never runs off the window.
                ui.add(
                    egui::Label::new(RichText::new(t(lang, "start-training-note")).size(SIZE_SMALL).color(INK_DIM))
                        .wrap(),
                );
            });
            ui.add_space(6.0);
            ui.label(RichText::new(t(lang, "start-keys")).size(SIZE_SMALL).color(INK_DIM));
        });
    });
}

#[cfg(test)]
#[path = "start_tests.rs"]
mod tests;
