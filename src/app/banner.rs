//! The obligation banner: in large type, what is owed now, by whom, and the clause
//! it rests on; under it, why the last entry was refused. Everything here comes
//! from the engine's `owed()`: the app derives no rule.

use super::text::{self, t, ta};
use super::widgets::{ALERT, INK, SIZE_BANNER, SIZE_BIG, SIZE_BODY};
use crate::engine::{BankDuty, Cell, Clause, Column, Duty, Game, HandId, Money, Owed, Table, TableReading};
use crate::i18n::{self, Lang};
use egui::{Color32, CornerRadius, RichText, Stroke, Ui};

pub use crate::engine::ShiftStep;

/// The banner for a shift step the engine says is owed: headline and keys (the
/// clause is the engine's, with the step).
pub fn step_text(lang: Lang, game: Game, step: ShiftStep, unit: Option<Money>) -> (String, String) {
    let ex = text::examples(lang, unit);
    match step {
        ShiftStep::EndOfShoe => (t(lang, "step-end-of-shoe"), t(lang, "step-end-of-shoe-keys")),
        ShiftStep::NewShoe { decks } => {
            (ta(lang, "step-new-shoe", &[("decks", decks.to_string())]), t(lang, "step-new-shoe-keys"))
        }
        ShiftStep::Shuffle if game == Game::ChemindeFer => (t(lang, "step-shuffle"), t(lang, "step-shuffle-cf-keys")),
        ShiftStep::Shuffle => (t(lang, "step-shuffle"), t(lang, "step-shuffle-keys")),
        ShiftStep::Cut { min, offered: Some(seat) } => (
            ta(lang, "step-cut-offered", &[("seat", seat.to_string()), ("min", min.to_string())]),
            t(lang, "step-cut-offered-keys"),
        ),
        ShiftStep::Cut { min, .. } => (ta(lang, "step-cut", &[("min", min.to_string())]), t(lang, "step-cut-keys")),
        ShiftStep::Burn => (t(lang, "step-burn"), t(lang, "step-burn-keys")),
        ShiftStep::BankOffered { to } => (
            ta(lang, "step-bank-offered", &[("seat", to.to_string())]),
            ta(lang, "step-bank-offered-keys", &[("seat", to.to_string())]),
        ),
        // The bank left at an amount is offered at it, or auctioned (R-BQ-3); a bank
        // left at 0 (broken) and a table without one are bought or auctioned.
        ShiftStep::TakeBank { offered_at: Some(at) } => {
            let amount = super::text::money(lang, at);
            // As the line types it (in units too); an amount no count of the unit
            // gives is shown as money, for the croupier to see why it cannot be typed.
            let typed = super::entry::typed_amount(unit, at).unwrap_or_else(|| amount.clone());
            let mut args = ex;
            args.push(("typed", typed));
            (ta(lang, "step-bank-offered-at", &[("amount", amount)]), ta(lang, "step-bank-offered-at-keys", &args))
        }
        ShiftStep::BankLeftBroken => (t(lang, "step-bank-broken-left"), ta(lang, "step-take-bank-keys", &ex)),
        ShiftStep::TakeBank { offered_at: None } => (t(lang, "step-take-bank"), ta(lang, "step-take-bank-keys", &ex)),
        ShiftStep::NextCoup => (
            t(lang, "step-next-coup"),
            ta(lang, if game.has_bank() { "step-next-coup-keys" } else { "step-next-coup-pb-keys" }, &ex),
        ),
        ShiftStep::BankBroken => (t(lang, "step-bank-broken"), ta(lang, "step-bank-broken-keys", &ex)),
        ShiftStep::Announce { bank } => (
            ta(lang, "step-announce", &[("amount", super::text::money(lang, bank))]),
            ta(lang, "step-announce-keys", &ex),
        ),
    }
}

/// The banner's words for a duty: the headline and the keys that answer it.
/// `may_ask`: the engine takes the banker's asking for the table now (R-BQ-13,
/// `Table::can(&Op::AskTable)`): the keys line offers it.
pub fn duty_text(lang: Lang, game: Game, duty: &Duty, unit: Option<Money>, may_ask: bool) -> (String, String) {
    let hand = |h: HandId| text::hand(lang, h);
    match duty.owed {
        Owed::Shift(step) => step_text(lang, game, step, unit),
        // A free bank: the bets offered wait for the banker's answer (R-BQ-4).
        Owed::Bets if !duty.offers.is_empty() => {
            let first = &duty.offers[0];
            let first = format!("{} ({})", text::player(lang, first.player), text::money(lang, first.amount));
            let count = duty.offers.len() as u64;
            let headline = i18n::tr_counts(lang, "owed-offers", &[("first", first)], &[("count", count)]);
            (headline, ta(lang, "owed-offers-keys", &text::examples(lang, unit)))
        }
        Owed::Bets => {
            let keys = match game {
                Game::Banque => "owed-bets-keys",
                Game::ChemindeFer => "owed-bets-cf-keys",
                Game::PuntoBanca => "owed-bets-pb-keys",
            };
            (t(lang, "owed-bets"), ta(lang, keys, &text::examples(lang, unit)))
        }
        Owed::Decide { hand: h, total } => {
            let headline = match total {
                Some(total) => ta(lang, "owed-decide-total", &[("hand", hand(h)), ("total", total.to_string())]),
                None => ta(lang, "owed-decide", &[("hand", hand(h))]),
            };
            // A banker may ask for the table while it does not bind him (R-BQ-13; in
            // Chemin de fer it always does, R-CF-8): the engine says whether it takes the
            // asking now, and `owed()` carries the table's reading once it binds him.
            let asks = h == HandId::Bank && may_ask && duty.table.is_none();
            let keys = if asks { "owed-decide-bank-keys" } else { "owed-decide-keys" };
            (headline, ta(lang, keys, &[("show", show_example(h))]))
        }
        Owed::Card { hand: h, total: Some(total), forced: true } => (
            ta(lang, "owed-card-forced", &[("hand", hand(h)), ("total", total.to_string())]),
            t(lang, "owed-card-keys"),
        ),
        Owed::Card { hand: h, .. } => (ta(lang, "owed-card", &[("hand", hand(h))]), t(lang, "owed-card-keys")),
        Owed::Show { hand: h } => (ta(lang, "owed-show", &[("hand", hand(h))]), t(lang, "owed-show-keys")),
        Owed::Confirm { ruling } => (i18n::ruling_message(lang, &ruling), t(lang, "ruling-confirm-keys")),
        Owed::Pay => {
            let keys = if game.has_bank() { "owed-pay-keys" } else { "owed-pay-pb-keys" };
            // A free bank lost more than it held: the engine says what the banker pays
            // from his pocket (R-BQ-4).
            let headline = match duty.covered {
                Some(c) => ta(lang, "owed-pay-covered", &[("amount", text::money(lang, c))]),
                None => t(lang, "owed-pay"),
            };
            (headline, ta(lang, keys, &text::examples(lang, unit)))
        }
    }
}

/// Whether the duty is the bank's: its word, its card, its cards to show.
fn duty_is_the_banks(owed: &Owed) -> bool {
    matches!(
        owed,
        Owed::Decide { hand: HandId::Bank, .. }
            | Owed::Card { hand: HandId::Bank, .. }
            | Owed::Show { hand: HandId::Bank }
    )
}

/// The bank's table in words (R-BQ-13/14, R-CF-8): against each player hand its column
/// and, the bank's total known, its cell, then what they oblige; with the bank's
/// cards face down, a call for them.
pub fn table_reading_text(lang: Lang, r: &TableReading) -> String {
    let against: Vec<String> = r
        .against
        .iter()
        .flatten()
        .map(|a| {
            let column = match a.column {
                Column::NoPart => t(lang, "table-column-natural"),
                Column::Stood => t(lang, "table-column-stood"),
                Column::Third(p) => ta(lang, "table-column-third", &[("points", p.to_string())]),
            };
            let hand = text::hand(lang, a.hand);
            let cell = match a.cell {
                Some(Cell::Draw) => t(lang, "table-cell-draw"),
                Some(Cell::Stand) => t(lang, "table-cell-stand"),
                Some(Cell::Optional) => t(lang, "table-cell-optional"),
                None => return ta(lang, "table-against-column", &[("hand", hand), ("column", column)]),
            };
            ta(lang, "table-against", &[("hand", hand), ("column", column), ("cell", cell)])
        })
        .collect();
    let against = against.join(" · ");
    match (r.bank_total, r.duty) {
        (Some(total), Some(duty)) => {
            let duty = match duty {
                BankDuty::MustDraw => t(lang, "table-duty-draw"),
                BankDuty::MustStand => t(lang, "table-duty-stand"),
                BankDuty::Chooses => t(lang, "table-duty-chooses"),
            };
            ta(lang, "table-reading", &[("total", total.to_string()), ("against", against), ("duty", duty)])
        }
        _ => ta(lang, "table-reading-unknown", &[("against", against)]),
    }
}

/// How the entry line names a hand turning over its cards: `1 9h Kd`, `j 9h Kd`.
fn show_example(hand: HandId) -> String {
    let word = match hand {
        HandId::Tableau(n) => n.to_string(),
        HandId::Player => "j".into(),
        HandId::Punto => "p".into(),
        HandId::Banca | HandId::Bank => "b".into(),
    };
    format!("{word} 9h Kd")
}

/// The colour of a duty: bets blue, the hands amber, a show violet, paying green.
fn tone(owed: &Owed) -> Color32 {
    match owed {
        Owed::Shift(_) => Color32::from_rgb(0x2E, 0x3F, 0x6B),
        Owed::Bets => Color32::from_rgb(0x17, 0x4A, 0x7C),
        Owed::Decide { .. } | Owed::Card { .. } => Color32::from_rgb(0x8A, 0x5A, 0x00),
        Owed::Show { .. } => Color32::from_rgb(0x5B, 0x2C, 0x83),
        Owed::Pay => Color32::from_rgb(0x1D, 0x6B, 0x3A),
        Owed::Confirm { .. } => Color32::from_rgb(0x8E, 0x1B, 0x1B),
    }
}

/// What the banner shows besides the duty.
pub struct BannerExtras<'a> {
    /// Why the last entry was not taken.
    pub problem: Option<&'a str>,
    /// The shift log cannot write.
    pub log_problem: Option<&'a super::shift::LogError>,
    /// Confirmed entries not yet durable.
    pub waiting: bool,
    /// Entries go at once (F11): Space on the empty line is not «no va más» there.
    pub instant: bool,
    /// Amounts typed in this unit (the examples are counts of it).
    pub unit: Option<Money>,
}

/// What the banner says now: the engine's duty, between coups or in the coup
/// (after paying, with the shift's next step as the keys line).
pub fn banner_words(lang: Lang, table: &Table) -> (String, String, Clause, Color32) {
    banner_words_in(lang, table, None)
}

/// The same, the examples' amounts as a line typing amounts in `unit` types them.
pub fn banner_words_in(lang: Lang, table: &Table, unit: Option<Money>) -> (String, String, Clause, Color32) {
    let duty = table.owed();
    let game = table.game();
    let may_ask = table.can(&crate::engine::Op::AskTable);
    let (mut headline, mut keys) = duty_text(lang, game, &duty, unit, may_ask);
    // The bank's table once it binds the bank: its cell against each player hand and
    // what they oblige, or, the bank's cards face down, that they are wanted.
    if let (Some(reading), true) = (duty.table, duty_is_the_banks(&duty.owed)) {
        headline = format!("{headline}\n{}", table_reading_text(lang, &reading));
    }
    // A ruling says what it will do, card by card, before Intro.
    if let Some(effects) = ruling_effects_line(lang, table) {
        headline = format!("{headline}\n{effects}");
    }
    // Once paid, the shift's next step when there is one (a broken bank, the bank
    // offered, a new shoe): the engine says which.
    if let Some(Duty { owed: Owed::Shift(step), .. }) = table.owed_after_pay() {
        let (h, k) = step_text(lang, game, step, unit);
        keys = ta(lang, "owed-pay-then", &[("next", h), ("keys", k)]);
    }
    (headline, keys, duty.clause, tone(&duty.owed))
}

/// What a ruling waiting for Intro will do, card by card, as the engine says; `None`
/// without a ruling.
pub fn ruling_effects_line(lang: Lang, table: &Table) -> Option<String> {
    let effects = table.ruling_effects();
    (!effects.is_empty()).then(|| format!("{}.", i18n::ruling_effects_text(lang, &effects)))
}

/// The betting keys with entries at once: «no va más» is `.` only.
fn bets_keys_at_once(game: Game) -> &'static str {
    match game {
        Game::Banque => "owed-bets-keys-at-once",
        Game::ChemindeFer => "owed-bets-cf-keys-at-once",
        Game::PuntoBanca => "owed-bets-pb-keys-at-once",
    }
}

/// The banner's frame: the colour of what is owed, rounded, full width.
fn banner_frame(fill: Color32) -> egui::Frame {
    egui::Frame::new().fill(fill).corner_radius(CornerRadius::same(8)).inner_margin(egui::Margin::symmetric(16, 4))
}

/// A banner with plain words (closing the shift, a training question): the headline
/// in `size`, wrapped, and the keys under it.
pub fn plain_banner_ui(ui: &mut Ui, headline: &str, keys: &str, fill: Color32, size: f32) {
    banner_frame(fill).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.add(egui::Label::new(RichText::new(headline).size(size).color(INK).strong()).wrap());
        ui.add(egui::Label::new(RichText::new(keys).size(SIZE_BODY).color(INK)).wrap());
    });
}

pub fn banner_ui(ui: &mut Ui, lang: Lang, table: &Table, extras: &BannerExtras) {
    let (mut headline, mut keys, clause, fill) = banner_words_in(lang, table, extras.unit);
    // A ruling's effects, card by card, are read in the side panel in body type
    // (`side::ruling_ui`): the banner keeps two lines for what is owed.
    if let Some(effects) = ruling_effects_line(lang, table)
        && let Some(owed) = headline.strip_suffix(&format!("\n{effects}"))
    {
        headline = owed.to_owned();
    }
    // The clause is said once, in the badge (issue 47).
    headline = unsaid(&headline, &[clause]);
    if extras.instant && table.owed().owed == Owed::Bets {
        keys = ta(lang, bets_keys_at_once(table.settings().game), &text::examples(lang, extras.unit));
    }
    table_banner_ui(ui, &headline, &keys, fill, Some((clause.id(), extras.waiting.then(|| t(lang, "log-waiting")))));
    let log_problem = extras.log_problem.map(|e| super::shift::log_error_text(lang, e));
    for (msg, id) in [(extras.problem, "refused-title"), (log_problem.as_deref(), "log-problem-title")] {
        if let Some(msg) = msg {
            ui.add_space(4.0);
            refusal_band_ui(ui, lang, id, msg);
        }
    }
}

/// The room of a table banner's headline: two lines of body type, or one of the
/// banner's. The banner keeps one height whatever it says (a ruling, the table read
/// against the paños, a broken bank), so the table under it never moves and its last
/// line is never cut; a longer headline is set smaller, never under the body's size,
/// so that a ruling reads at arm's length (issue 40: it shrank to ~11 px at 1280×800).
/// The headline has the banner's whole width, its parts run on as one paragraph; the
/// clause sits at the end of the keys' line; a ruling's effects card by card are in
/// the side panel.
const HEADLINE_LINES: f32 = 2.0;

/// The headline's room, in points.
fn headline_room(ui: &Ui) -> f32 {
    let row = ui.painter().layout_no_wrap("Ág".to_owned(), egui::FontId::proportional(SIZE_BODY), INK).size().y;
    (row * HEADLINE_LINES).max(SIZE_BANNER * 1.3)
}

/// The table's banner: the headline in the largest type that fits its room, wrapped,
/// then the keys, the clause (and the log's wait) at their right. The keys are in the
/// body's type: on one line, or on two taken from the headline's room when they need
/// them (a broken bank's steps), so the banner keeps its height (issue 47: they were
/// shrunk to about 10 px at 1024×768).
pub fn table_banner_ui(ui: &mut Ui, headline: &str, keys: &str, fill: Color32, clause: Option<(&str, Option<String>)>) {
    banner_frame(fill).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let row = ui.painter().layout_no_wrap("Ág".to_owned(), egui::FontId::proportional(SIZE_BODY), INK).size().y;
        let width = ui.available_width();
        let keys_g = keys_galley(ui, keys, width - clause_width(ui, clause.as_ref()) - 12.0, row);
        // The keys' row: one line (or the clause's badge, if taller), or two; what the
        // keys take past one line comes from the headline's room: the banner's height
        // never changes (the table under it never moves).
        let badge_h =
            ui.painter().layout_no_wrap("R-".to_owned(), egui::FontId::monospace(SIZE_BODY), INK).size().y + 2.0;
        let one_row = row.max(badge_h);
        let keys_h = keys_g.size().y.max(one_row);
        let room = (headline_room(ui) - (keys_h - one_row)).max(row);
        ui.allocate_ui_with_layout(egui::vec2(width, room), egui::Layout::left_to_right(egui::Align::Min), |ui| {
            ui.set_min_height(room);
            let g = headline_galley(ui, &headline.replace('\n', " "), width, room);
            ui.add(egui::Label::new(g));
        });
        let keys_row = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(egui::vec2(width, keys_h), keys_row, |ui| {
            ui.set_min_height(keys_h);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if let Some((clause, waiting)) = clause {
                    clause_badge_ui(ui, clause);
                    if let Some(w) = waiting {
                        ui.label(RichText::new(w).size(SIZE_BODY).color(INK));
                    }
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(egui::Label::new(keys_g));
                });
            });
        });
    });
}

/// The clause's badge at the right of the keys.
fn clause_badge_ui(ui: &mut Ui, clause: &str) {
    egui::Frame::new()
        .fill(Color32::from_black_alpha(90))
        .stroke(Stroke::new(1.0, INK))
        .corner_radius(CornerRadius::same(6))
        .inner_margin(egui::Margin::symmetric(8, 0))
        .show(ui, |ui| {
            ui.label(RichText::new(clause).size(SIZE_BODY).color(INK).monospace().strong());
        });
}

/// How wide the clause's badge and the log's wait are, beside the keys.
fn clause_width(ui: &Ui, clause: Option<&(&str, Option<String>)>) -> f32 {
    let Some((clause, waiting)) = clause else { return 0.0 };
    let lay = |t: &str, f: egui::FontId| ui.painter().layout_no_wrap(t.to_owned(), f, INK).size().x;
    let badge = lay(clause, egui::FontId::monospace(SIZE_BODY)) + 18.0 + ui.spacing().item_spacing.x;
    badge + waiting.as_deref().map_or(0.0, |w| lay(w, egui::FontId::proportional(SIZE_BODY)) + 8.0)
}

/// The keys in the body's type, wrapped to `width` on at most two rows; only keys
/// that would need more are set smaller, on one.
fn keys_galley(ui: &Ui, keys: &str, width: f32, row: f32) -> std::sync::Arc<egui::Galley> {
    let width = width.max(60.0);
    let g = ui.painter().layout(keys.to_owned(), egui::FontId::proportional(SIZE_BODY), INK, width);
    if g.size().y <= 2.0 * row + 1.0 {
        return g;
    }
    super::widgets::fitted(ui, keys.to_owned(), SIZE_BODY, width, INK)
}

/// The headline laid out in the largest type whose wrapped lines fit the room, down
/// to the body's size.
fn headline_galley(ui: &Ui, text: &str, width: f32, room: f32) -> std::sync::Arc<egui::Galley> {
    let lay = |size: f32| ui.painter().layout(text.to_owned(), egui::FontId::proportional(size), INK, width.max(60.0));
    let mut size = SIZE_BANNER;
    loop {
        let g = lay(size);
        if g.size().y <= room || size <= SIZE_BODY {
            return g;
        }
        size -= 1.0;
    }
}

/// A red band: why an entry was refused, or why the log cannot write.
pub fn refusal_band_ui(ui: &mut Ui, lang: Lang, title: &str, msg: &str) {
    egui::Frame::new()
        .fill(ALERT)
        .stroke(Stroke::new(1.0, INK))
        .corner_radius(CornerRadius::same(8))
        .inner_margin(egui::Margin::symmetric(16, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let msg = RichText::new(format!("{} {msg}", t(lang, title))).size(SIZE_BIG).color(INK).strong();
            ui.add(egui::Label::new(msg).wrap());
        });
}

/// A line without the clauses the banner already says (its badge, its headline): a
/// clause is said once on the screen (issue 47: E10's three times). `R-BQ-E10 — …`
/// becomes `…`, and `(R-BQ-E10)` or `R-BQ-E10;` inside it goes.
pub fn unsaid(line: &str, said: &[Clause]) -> String {
    let mut line = line.to_owned();
    for id in said.iter().map(|c| c.id()) {
        if let Some(rest) = line.strip_prefix(&format!("{id} — ")) {
            line = rest.to_owned();
        }
        line =
            line.replace(&format!(" ({id})"), "").replace(&format!(", {id})"), ")").replace(&format!("({id}; "), "(");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Call, Money, Op, PlayerRef, Shoe, Spot, TableSettings};

    fn m(s: &str) -> Money {
        s.parse().expect("amount")
    }

    fn play(t: &mut Table, op: Op) {
        t.play(&op).expect("taken");
    }

    fn banque() -> Table {
        let mut t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
        play(&mut t, Op::Bet { player: PlayerRef::seated(1), spot: Spot::Tableau(1), amount: m("100") });
        play(&mut t, Op::Bet { player: PlayerRef::seated(7), spot: Spot::Tableau(2), amount: m("50") });
        play(&mut t, Op::NoMoreBets);
        t
    }

    /// R-BQ-13/14: after `/` the banner says the table's cell against each paño and
    /// what they oblige; before it, the banker is offered the table.
    #[test]
    fn after_asking_the_banner_reads_the_table_against_each_pano_r_bq_14() {
        let mut t = banque();
        for c in ["Ah", "4c", "Kd", "2s", "3d", "5h", "9h"] {
            play(&mut t, Op::Card(c.parse().expect("card")));
        }
        let (headline, keys, _, _) = banner_words(Lang::Es, &t);
        assert!(keys.contains("/ cuadro"), "the banker may ask for the table: {keys}");
        assert!(!headline.contains("Cuadro"), "{headline}");
        play(&mut t, Op::AskTable);
        let (headline, keys, clause, _) = banner_words(Lang::Es, &t);
        assert_eq!(clause, Clause::BQ14);
        assert!(!keys.contains("/ cuadro"), "asked already: {keys}");
        assert!(headline.contains("Cuadro con 5:"), "{headline}");
        assert!(headline.contains("(sacó un 9): P, no"), "{headline}");
        assert!(headline.contains("(se plantó): T, carta"), "{headline}");
        assert!(headline.ends_with("→ elige el banquero."), "{headline}");
        let (headline, _, _, _) = banner_words(Lang::En, &t);
        assert!(headline.contains("Table with 5:") && headline.ends_with("→ the banker chooses."), "{headline}");
    }

    /// Face down, the table asked for: the banner asks for the bank's cards; the
    /// paños' words and cards say the columns.
    #[test]
    fn face_down_the_banner_asks_for_the_banks_cards_r_bq_13() {
        let mut t = banque();
        play(&mut t, Op::Say { hand: HandId::Tableau(1), call: Call::Stand });
        play(&mut t, Op::Say { hand: HandId::Tableau(2), call: Call::Draw });
        play(&mut t, Op::Card("6h".parse().expect("card")));
        play(&mut t, Op::AskTable);
        let (headline, _, _, _) = banner_words(Lang::Es, &t);
        assert!(headline.contains("Cuadro:"), "{headline}");
        assert!(headline.contains("(se plantó)") && headline.contains("(sacó un 6)"), "{headline}");
        assert!(headline.contains("Descubra las cartas de la banca"), "{headline}");
    }

    /// R-CF-8: in Chemin de fer the table always binds the bank and nobody asks for it:
    /// no «/ cuadro» for the player nor the bank.
    #[test]
    fn chemin_de_fer_offers_no_table_to_ask_for_r_cf_8() {
        let mut t = Table::new(TableSettings::new(Game::ChemindeFer), Money::ZERO, Shoe::decks(6)).expect("table");
        play(&mut t, Op::TakeBank { player: PlayerRef::seated(1), amount: m("500") });
        play(&mut t, Op::AnnounceBank { amount: m("500") });
        play(&mut t, Op::Bet { player: PlayerRef::seated(2), spot: Spot::Player, amount: m("100") });
        play(&mut t, Op::NoMoreBets);
        let (_, keys, _, _) = banner_words(Lang::Es, &t);
        assert!(!keys.contains("cuadro"), "{keys}");
        play(&mut t, Op::Say { hand: HandId::Player, call: Call::Stand });
        let (headline, keys, _, _) = banner_words(Lang::Es, &t);
        assert!(!keys.contains("cuadro"), "{keys}");
        assert!(headline.contains("Cuadro:") || headline.contains("Cuadro con"), "{headline}");
    }

    /// Amounts typed in units: the examples are counts of the unit, and the bank
    /// offered at an amount is given as it is typed (R-BQ-3); in money, as before.
    #[test]
    fn in_units_the_examples_and_the_bank_offered_are_counts_of_the_unit_r_bq_3() {
        let unit = Some(m("10"));
        let t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
        let (_, keys, _, _) = banner_words_in(Lang::Es, &t, unit);
        assert!(keys.starts_with("Sección, postura, importe en unidades de 10: 3 4 · 3 c 4 · 7 h 5 · 3p 2"), "{keys}");
        let (_, keys, _, _) = banner_words(Lang::Es, &t);
        assert!(keys.starts_with("Sección, postura, importe: 3 40 · 3 c 40 · 7 h 50 · 3p 20"), "{keys}");
        let offered = ShiftStep::TakeBank { offered_at: Some(m("1627.50")) };
        let (_, keys) = step_text(Lang::Es, Game::Banque, offered, unit);
        assert!(keys.starts_with("3 banca 162.75 ") && keys.contains("subasta 3 120 5 150"), "{keys}");
        let (_, keys) = step_text(Lang::Es, Game::Banque, offered, None);
        assert!(keys.starts_with("3 banca 1627.5 ") && keys.contains("subasta 3 1200 5 1500"), "{keys}");
        let (_, keys) = step_text(Lang::En, Game::Banque, ShiftStep::BankBroken, unit);
        assert!(keys.starts_with("=120 "), "{keys}");
    }
}
