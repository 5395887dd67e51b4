//! The obligation banner: in large type, what is owed now, by whom, and the clause
//! it rests on; under it, why the last entry was refused. Everything here comes
//! from the engine's `owed()`: the app derives no rule.

use super::text::{self, t, ta};
use super::widgets::{ALERT, INK, SIZE_BANNER, SIZE_BIG, SIZE_BODY};
use crate::engine::{Duty, HandId, Owed};
use crate::i18n::Lang;
use egui::{Color32, CornerRadius, RichText, Stroke, Ui};

/// The banner's words for a duty: the headline and the keys that answer it.
pub fn duty_text(lang: Lang, duty: &Duty) -> (String, String) {
    let hand = |h: HandId| text::hand(lang, h);
    match duty.owed {
        Owed::Bets => (t(lang, "owed-bets"), t(lang, "owed-bets-keys")),
        Owed::Decide { hand: h, total: Some(total) } => (
            ta(lang, "owed-decide-total", &[("hand", hand(h)), ("total", total.to_string())]),
            t(lang, "owed-decide-keys"),
        ),
        Owed::Decide { hand: h, total: None } => {
            (ta(lang, "owed-decide", &[("hand", hand(h))]), t(lang, "owed-decide-keys"))
        }
        Owed::Card { hand: h, total: Some(total), forced: true } => (
            ta(lang, "owed-card-forced", &[("hand", hand(h)), ("total", total.to_string())]),
            t(lang, "owed-card-keys"),
        ),
        Owed::Card { hand: h, .. } => (ta(lang, "owed-card", &[("hand", hand(h))]), t(lang, "owed-card-keys")),
        Owed::Show { hand: h } => (ta(lang, "owed-show", &[("hand", hand(h))]), t(lang, "owed-show-keys")),
        Owed::Pay => (t(lang, "owed-pay"), t(lang, "owed-pay-keys")),
    }
}

/// The colour of a duty: bets blue, the hands amber, a show violet, paying green.
fn tone(owed: &Owed) -> Color32 {
    match owed {
        Owed::Bets => Color32::from_rgb(0x17, 0x4A, 0x7C),
        Owed::Decide { .. } | Owed::Card { .. } => Color32::from_rgb(0x8A, 0x5A, 0x00),
        Owed::Show { .. } => Color32::from_rgb(0x5B, 0x2C, 0x83),
        Owed::Pay => Color32::from_rgb(0x1D, 0x6B, 0x3A),
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

pub fn banner_ui(ui: &mut Ui, lang: Lang, duty: &Duty, extras: &BannerExtras) {
    let (headline, keys) = duty_text(lang, duty);
    egui::Frame::new()
        .fill(tone(&duty.owed))
        .corner_radius(CornerRadius::same(8))
        .inner_margin(egui::Margin::symmetric(16, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(RichText::new(&headline).size(SIZE_BANNER).color(INK).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    egui::Frame::new()
                        .fill(Color32::from_black_alpha(90))
                        .stroke(Stroke::new(1.0, INK))
                        .corner_radius(CornerRadius::same(6))
                        .inner_margin(egui::Margin::symmetric(10, 4))
                        .show(ui, |ui| {
                            ui.label(RichText::new(duty.clause.id()).size(SIZE_BIG).color(INK).monospace());
                        });
                    if extras.waiting {
                        ui.label(RichText::new(t(lang, "log-waiting")).size(SIZE_BODY).color(INK));
                    }
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
