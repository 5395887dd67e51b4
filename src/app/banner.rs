//! The obligation banner: in large type, what is owed now, by whom, and the clause
//! it rests on; under it, why the last entry was refused. Everything here comes
//! from the engine's `owed()`: the app derives no rule.

use super::text::{self, t, ta};
use super::widgets::{ALERT, INK, SIZE_BANNER, SIZE_BIG, SIZE_BODY};
use crate::engine::{Clause, Duty, Game, HandId, Owed, Table};
use crate::i18n::{self, Lang};
use egui::{Color32, CornerRadius, RichText, Stroke, Ui};

/// Between coups: what the shift needs next, read from the engine's shift state (the
/// sabot shown, shuffled, cut, burned; who holds the bank; the coup opened and the
/// bank announced). The engine still checks every entry: this only chooses the
/// banner's words and the buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftStep {
    /// The shoe is over (R-C-4): the cards may be checked (R-C-6), then a new shoe.
    EndOfShoe,
    NewShoe,
    Shuffle,
    /// The cut: at least `min` cards under the cut card; in Chemin de fer offered to a section.
    Cut {
        min: u8,
        offered: Option<u8>,
    },
    /// Punto y Banca: the first card turned and burned (R-PB-5).
    Burn,
    /// Chemin de fer: the bank is offered to this section (R-CF-10).
    BankOffered(u8),
    /// Nobody holds the bank (R-BQ-3).
    TakeBank,
    NextCoup,
    /// The coup is open; the bank announces its amount (R-BQ-17, R-CF-2).
    Announce,
}

/// What the shift needs before the next bets, `None` while a coup is played (or
/// waits to be paid, unless `after_pay`).
pub fn shift_step(table: &Table, after_pay: bool) -> Option<ShiftStep> {
    let sh = table.shift();
    let sabot = &sh.sabot;
    let game = table.settings().game;
    if table.coup_in_progress() || (table.settlement().is_some() && !after_pay) {
        return None;
    }
    if sabot.ended {
        return Some(ShiftStep::EndOfShoe);
    }
    if !sabot.opened {
        return Some(ShiftStep::NewShoe);
    }
    if !sabot.cut && (!sabot.shuffled || (game == Game::ChemindeFer && !sabot.croupier_shuffled_last)) {
        return Some(ShiftStep::Shuffle);
    }
    if !sabot.cut {
        let offered = if game == Game::ChemindeFer { table.cut_offered_to() } else { None };
        return Some(ShiftStep::Cut { min: table.settings().cut_min(), offered });
    }
    if game == Game::PuntoBanca && !sabot.burned {
        return Some(ShiftStep::Burn);
    }
    if game.has_bank() {
        if let Some(to) = sh.bank_offer_to {
            return Some(ShiftStep::BankOffered(to));
        }
        if sh.banker.is_none() && !table.bank().is_positive() {
            return Some(ShiftStep::TakeBank);
        }
    }
    if !sh.coup_open || table.settlement().is_some() {
        return Some(ShiftStep::NextCoup);
    }
    if game.has_bank() && !sh.bank_announced {
        return Some(ShiftStep::Announce);
    }
    None
}

/// The banner for a shift step: headline, keys, clause.
pub fn step_text(lang: Lang, table: &Table, step: ShiftStep) -> (String, String, Clause) {
    let game = table.settings().game;
    let by_game = |bq, cf, pb| match game {
        Game::Banque => bq,
        Game::ChemindeFer => cf,
        Game::PuntoBanca => pb,
    };
    match step {
        ShiftStep::EndOfShoe => (t(lang, "step-end-of-shoe"), t(lang, "step-end-of-shoe-keys"), Clause::C4),
        ShiftStep::NewShoe => (
            ta(lang, "step-new-shoe", &[("decks", table.settings().decks.to_string())]),
            t(lang, "step-new-shoe-keys"),
            Clause::C5,
        ),
        ShiftStep::Shuffle if game == Game::ChemindeFer => {
            (t(lang, "step-shuffle"), t(lang, "step-shuffle-cf-keys"), Clause::C5)
        }
        ShiftStep::Shuffle => (t(lang, "step-shuffle"), t(lang, "step-shuffle-keys"), Clause::C5),
        ShiftStep::Cut { min, offered: Some(seat) } => (
            ta(lang, "step-cut-offered", &[("seat", seat.to_string()), ("min", min.to_string())]),
            t(lang, "step-cut-offered-keys"),
            Clause::C5,
        ),
        ShiftStep::Cut { min, .. } => {
            (ta(lang, "step-cut", &[("min", min.to_string())]), t(lang, "step-cut-keys"), Clause::C4)
        }
        ShiftStep::Burn => (t(lang, "step-burn"), t(lang, "step-burn-keys"), Clause::PB5),
        ShiftStep::BankOffered(seat) => (
            ta(lang, "step-bank-offered", &[("seat", seat.to_string())]),
            ta(lang, "step-bank-offered-keys", &[("seat", seat.to_string())]),
            Clause::CF10,
        ),
        ShiftStep::TakeBank => {
            (t(lang, "step-take-bank"), t(lang, "step-take-bank-keys"), by_game(Clause::BQ3, Clause::CF10, Clause::PB4))
        }
        ShiftStep::NextCoup => (
            t(lang, "step-next-coup"),
            t(lang, if game.has_bank() { "step-next-coup-keys" } else { "step-next-coup-pb-keys" }),
            by_game(Clause::BQ17, Clause::CF2, Clause::PB3),
        ),
        ShiftStep::Announce => (
            ta(lang, "step-announce", &[("amount", super::text::money(lang, table.bank()))]),
            t(lang, "step-announce-keys"),
            by_game(Clause::BQ17, Clause::CF2, Clause::PB4),
        ),
    }
}

/// The banner's words for a duty: the headline and the keys that answer it.
pub fn duty_text(lang: Lang, duty: &Duty) -> (String, String) {
    let hand = |h: HandId| text::hand(lang, h);
    match duty.owed {
        Owed::Bets => (t(lang, "owed-bets"), t(lang, "owed-bets-keys")),
        Owed::Decide { hand: h, total: Some(total) } => (
            ta(lang, "owed-decide-total", &[("hand", hand(h)), ("total", total.to_string())]),
            ta(lang, "owed-decide-keys", &[("show", show_example(h))]),
        ),
        Owed::Decide { hand: h, total: None } => {
            (ta(lang, "owed-decide", &[("hand", hand(h))]), ta(lang, "owed-decide-keys", &[("show", show_example(h))]))
        }
        Owed::Card { hand: h, total: Some(total), forced: true } => (
            ta(lang, "owed-card-forced", &[("hand", hand(h)), ("total", total.to_string())]),
            t(lang, "owed-card-keys"),
        ),
        Owed::Card { hand: h, .. } => (ta(lang, "owed-card", &[("hand", hand(h))]), t(lang, "owed-card-keys")),
        Owed::Show { hand: h } => (ta(lang, "owed-show", &[("hand", hand(h))]), t(lang, "owed-show-keys")),
        Owed::Confirm { ruling } => (i18n::ruling_message(lang, &ruling), t(lang, "ruling-confirm-keys")),
        Owed::Pay => (t(lang, "owed-pay"), t(lang, "owed-pay-keys")),
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
    pub log_problem: Option<&'a str>,
    /// Confirmed entries not yet durable.
    pub waiting: bool,
}

/// What the banner says now: the shift's step between coups, or the coup's duty
/// (after paying, with the shift's next step as the keys line).
pub fn banner_words(lang: Lang, table: &Table) -> (String, String, Clause, Color32) {
    if let Some(step) = shift_step(table, false) {
        let (h, k, c) = step_text(lang, table, step);
        return (h, k, c, Color32::from_rgb(0x2E, 0x3F, 0x6B));
    }
    let duty = table.owed();
    let (headline, mut keys) = duty_text(lang, &duty);
    if duty.owed == Owed::Pay
        && let Some(step) = shift_step(table, true).filter(|s| !matches!(s, ShiftStep::NextCoup | ShiftStep::Announce))
    {
        let (h, k, _) = step_text(lang, table, step);
        keys = ta(lang, "owed-pay-then", &[("next", h), ("keys", k)]);
    }
    (headline, keys, duty.clause, tone(&duty.owed))
}

/// The banner's frame: the colour of what is owed, rounded, full width.
fn banner_frame(fill: Color32) -> egui::Frame {
    egui::Frame::new().fill(fill).corner_radius(CornerRadius::same(8)).inner_margin(egui::Margin::symmetric(16, 8))
}

/// A banner with plain words (closing the shift, a training question): the headline
/// in `size`, wrapped, and the keys under it.
pub fn plain_banner_ui(ui: &mut Ui, headline: &str, keys: &str, fill: Color32, size: f32) {
    banner_frame(fill).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.add(egui::Label::new(RichText::new(headline).size(size).color(INK).strong()).wrap());
        ui.label(RichText::new(keys).size(SIZE_BODY).color(INK));
    });
}

pub fn banner_ui(ui: &mut Ui, lang: Lang, table: &Table, extras: &BannerExtras) {
    let (headline, keys, clause, fill) = banner_words(lang, table);
    banner_frame(fill).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // The clause on the right; the headline wraps in what is left, in smaller
        // type when it is a long ruling.
        let size = if headline.chars().count() > 60 { SIZE_BIG } else { SIZE_BANNER };
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
            {
                egui::Frame::new()
                    .fill(Color32::from_black_alpha(90))
                    .stroke(Stroke::new(1.0, INK))
                    .corner_radius(CornerRadius::same(6))
                    .inner_margin(egui::Margin::symmetric(10, 4))
                    .show(ui, |ui| {
                        ui.label(RichText::new(clause.id()).size(SIZE_BIG).color(INK).monospace());
                    });
                if extras.waiting {
                    ui.label(RichText::new(t(lang, "log-waiting")).size(SIZE_BODY).color(INK));
                }
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Min), |ui| {
                ui.add(egui::Label::new(RichText::new(&headline).size(size).color(INK).strong()).wrap());
            });
        });
        ui.label(RichText::new(keys).size(SIZE_BODY).color(INK));
    });
    for (msg, id) in [(extras.problem, "refused-title"), (extras.log_problem, "log-problem-title")] {
        if let Some(msg) = msg {
            ui.add_space(4.0);
            egui::Frame::new()
                .fill(ALERT)
                .corner_radius(CornerRadius::same(8))
                .inner_margin(egui::Margin::symmetric(16, 6))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.label(RichText::new(format!("{} {msg}", t(lang, id))).size(SIZE_BIG).color(INK).strong());
                });
        }
    }
}
