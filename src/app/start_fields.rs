//! The start form's fields drawn: the game, the table, the bank, the files, the pit,
//! the actions; each field a label above its box, wide enough for what it holds.

use super::*;

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

pub(super) fn start_form_ui(ui: &mut Ui, lang: Lang, form: &mut StartForm, cmds: &mut Vec<StartCmd>) {
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
    form_column(ui, |ui| {
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
            ui.label(RichText::new(crate::journal::text::journal_error_text(lang, p)).size(SIZE_SMALL).color(ALERT));
        }
        if let Some(p) = &form.problem {
            ui.label(RichText::new(p).size(SIZE_BODY).color(ALERT).strong());
            ui.add_space(6.0);
        }
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
pub(super) fn actions_ui(ui: &mut Ui, lang: Lang, cmds: &mut Vec<StartCmd>) {
    form_column(ui, |ui| {
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
                egui::Label::new(RichText::new(t(lang, "start-training-note")).size(SIZE_SMALL).color(INK_DIM)).wrap(),
            );
        });
        ui.add_space(6.0);
        ui.label(RichText::new(t(lang, "start-keys")).size(SIZE_SMALL).color(INK_DIM));
    });
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

/// The form's column: 1000 points wide at most, centred in the window (the fields
/// above and the actions at the foot line up).
fn form_column(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    let width = 1000.0f32.min(ui.available_width());
    let left = ((ui.available_width() - width) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        ui.add_space(left);
        ui.vertical(|ui| {
            ui.set_width(width);
            add(ui);
        });
    });
}
