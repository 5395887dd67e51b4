//! The side panel: the shift (coup, bank, cagnotte so far, the sabot and the cut
//! card), the bets on each hand while the coup is played, the infractions found,
//! and the payouts once it is settled.

use super::live::TableCmd;
use super::payout::payout_ui;
use super::shift::LiveShift;
use super::text::{self, money, t, ta};
use super::widgets::{ALERT, GOLD, INK, INK_DIM, LOSE, SIZE_BIG, SIZE_BODY, SIZE_SMALL, section_frame};
use crate::engine::{Game, HandId, Owed, Table};
use crate::i18n::{self, Lang};
use egui::{RichText, Ui};

/// Cards left above the cut card at which the warning starts (about two coups).
pub const CUT_WARNING_CARDS: u32 = 12;

/// Where the shoe stands, for the croupier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutCard {
    /// Far, or the cut not made yet.
    Far,
    /// This many cards left above the cut card.
    Near(u32),
    /// The cut card came out: the coup in progress is the last (R-C-4).
    Out,
    /// The shoe is over.
    Ended,
}

/// How near the cut card is, from where the engine has it (R-C-4).
pub fn cut_card(table: &Table) -> CutCard {
    let sabot = &table.shift().sabot;
    if sabot.ended() {
        return CutCard::Ended;
    }
    if sabot.cut_out() {
        return CutCard::Out;
    }
    match sabot.cut_below() {
        Some(below) => {
            let above = table.shoe().in_sabot().saturating_sub(below);
            if above <= CUT_WARNING_CARDS { CutCard::Near(above) } else { CutCard::Far }
        }
        None => CutCard::Far,
    }
}

fn kv(ui: &mut Ui, k: &str, v: &str, size: f32) {
    ui.label(RichText::new(k).size(SIZE_SMALL).color(INK_DIM));
    ui.label(RichText::new(v).size(size).color(INK).strong());
    ui.end_row();
}

pub fn shift_box_ui(ui: &mut Ui, lang: Lang, shift: &LiveShift, compact: bool) {
    let table = shift.shown();
    let totals = table.totals();
    let coup_no = table.shift().coup_number;
    let title = format!("{} · {}", shift.header.table_name, shift.header.croupier);
    section_frame(ui, &title, |ui| {
        if compact {
            // While paying: the shift in one line, the room left to the payouts.
            let mut s = vec![format!("{} {}", t(lang, "side-coup"), coup_no)];
            if table.settings().game.has_bank() {
                s.push(format!("{} {}", t(lang, "side-cagnotte-shift"), money(lang, totals.cagnotte)));
            } else {
                s.push(format!("{} {}", t(lang, "side-commission-shift"), money(lang, totals.commission)));
            }
            s.push(format!("{} {}", t(lang, "side-sabot"), table.shoe().in_sabot()));
            ui.label(RichText::new(s.join(" · ")).size(SIZE_SMALL).color(INK));
            cut_warning_ui(ui, lang, table);
            if let Some(pit) = shift.pit() {
                super::pit::pit_line_ui(ui, lang, &pit);
            }
            return;
        }
        egui::Grid::new("shift-box").num_columns(2).spacing([12.0, 2.0]).show(ui, |ui| {
            kv(ui, &t(lang, "side-coup"), &coup_no.to_string(), SIZE_BIG);
            if table.settings().game.has_bank() {
                kv(ui, &t(lang, "side-bank"), &money(lang, table.bank()), SIZE_BIG);
                let banker = table.shift().banker().map_or_else(|| "–".to_string(), |p| text::player(lang, p));
                kv(ui, &t(lang, "side-banker"), &banker, SIZE_BODY);
                kv(ui, &t(lang, "side-cagnotte-shift"), &money(lang, totals.cagnotte), SIZE_BODY);
            } else {
                kv(ui, &t(lang, "side-commission-shift"), &money(lang, totals.commission), SIZE_BODY);
            }
            kv(ui, &t(lang, "side-sabot"), &table.shoe().in_sabot().to_string(), SIZE_BIG);
            if totals.infractions > 0 {
                kv(ui, &t(lang, "side-infractions"), &totals.infractions.to_string(), SIZE_BODY);
            }
        });
        cut_warning_ui(ui, lang, table);
        if let Some(pit) = shift.pit() {
            super::pit::pit_line_ui(ui, lang, &pit);
        }
        // The log's file name (its folder on hover, and in F2's title): the box keeps
        // its height, and the bets under it their room (1280×800).
        let place = shift.log_location();
        let name = std::path::Path::new(&place).file_name().map(|n| n.to_string_lossy().into_owned());
        let shown = name.unwrap_or_else(|| place.clone());
        ui.add(
            egui::Label::new(RichText::new(ta(lang, "side-log", &[("where", shown)])).size(SIZE_SMALL).color(INK_DIM))
                .truncate(),
        )
        .on_hover_text(place);
    });
}

fn cut_warning_ui(ui: &mut Ui, lang: Lang, table: &Table) {
    let (s, colour) = match cut_card(table) {
        CutCard::Far => return,
        CutCard::Near(n) => (ta(lang, "cut-card-near", &[("n", n.to_string())]), GOLD),
        CutCard::Out => (t(lang, "cut-card-reached"), LOSE),
        CutCard::Ended => (t(lang, "shoe-ended"), LOSE),
    };
    ui.label(RichText::new(s).size(SIZE_BODY).color(colour).strong());
}

/// While the coup is played: what lies on each hand, and the turn.
pub fn bets_box_ui(ui: &mut Ui, lang: Lang, table: &Table, cmds: &mut Vec<TableCmd>) {
    let game = table.settings().game;
    let bets = &table.coup().bets;
    section_frame(ui, &t(lang, "side-bets"), |ui| {
        // The stakes, and beside them (no room taken from what follows) the
        // corrections of a confirmed bet while bets are taken.
        ui.horizontal_top(|ui| {
            egui::Grid::new("bets-box").num_columns(2).spacing([12.0, 2.0]).show(ui, |ui| {
                for hand in HandId::of_game(game).iter().filter(|h| !matches!(h, HandId::Bank)) {
                    kv(ui, &text::hand(lang, *hand), &text::money_or_why(lang, table.stake_on(*hand)), SIZE_BIG);
                }
                let n = bets.len().to_string();
                kv(ui, &t(lang, "side-bet-count"), &n, SIZE_BODY);
            });
            ui.with_layout(egui::Layout::top_down(egui::Align::Max), |ui| corrections_ui(ui, lang, table, cmds));
        });
        // The betting order (R-BQ-5): sections that have bet are ticked off.
        if table.owed().owed == Owed::Bets && table.shift().coup_open {
            ui.add_space(4.0);
            let order = if game == Game::Banque { "side-betting-order" } else { "side-betting-order-plain" };
            ui.label(RichText::new(t(lang, order)).size(SIZE_SMALL).color(INK_DIM));
            let next = table.next_to_bet();
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                for p in table.betting_order() {
                    let bet = bets.iter().any(|b| b.player == p);
                    let word = if p.standing { format!("{}p", p.seat) } else { p.seat.to_string() };
                    let colour = if bet { GOLD } else { INK_DIM };
                    let mut text = RichText::new(word).size(SIZE_BODY).color(colour);
                    if bet {
                        text = text.strong();
                    }
                    if next == Some(p) {
                        text = text.background_color(GOLD).color(egui::Color32::BLACK);
                    }
                    ui.label(text);
                }
            });
            if let Some(n) = next {
                let s = ta(lang, "side-next-to-bet", &[("player", text::player(lang, n))]);
                ui.label(RichText::new(s).size(SIZE_BODY).color(GOLD));
            }
        }
        if game != Game::PuntoBanca && table.bank().is_positive() {
            let at_risk = text::money_or_why(lang, table.stake_at_risk());
            let s = ta(lang, "side-at-risk", &[("amount", at_risk), ("bank", money(lang, table.bank()))]);
            ui.label(RichText::new(s).size(SIZE_SMALL).color(INK_DIM));
        }
    });
}

/// While bets are taken: the corrections of a confirmed bet, as buttons (each puts
/// its word on the line, as its key does): taken back, changed, the last coup's again.
fn corrections_ui(ui: &mut Ui, lang: Lang, table: &Table, cmds: &mut Vec<TableCmd>) {
    if table.owed().owed != Owed::Bets {
        return;
    }
    // Small buttons one under the other, beside the stakes.
    ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
    for (label, key, word) in
        [("btn-withdraw", "F7", "quita"), ("btn-change", "F9", "cambia"), ("btn-repeat", "F8", "repite")]
    {
        let text = RichText::new(format!("{} {key}", t(lang, label))).size(SIZE_SMALL).color(INK);
        if ui.add(egui::Button::new(text)).on_hover_text(key).clicked() {
            cmds.push(TableCmd::Word(word));
        }
    }
}

/// This coup's infractions (found by the engine) and errors (recorded by the
/// croupier), each in the croupier's words with its clause and what the rules make of it.
/// A ruling waiting for Intro: what it will do, card by card, in body type (the
/// banner over the table says what is owed and why).
fn ruling_ui(ui: &mut Ui, lang: Lang, table: &Table) {
    let Some(effects) = super::banner::ruling_effects_line(lang, table) else { return };
    alert_box(ui, &t(lang, "side-ruling-title"), &[effects], egui::Stroke::new(1.0, INK));
    ui.add_space(6.0);
}

/// A red box of the side panel: its title in gold, its lines in body type, wrapped.
fn alert_box(ui: &mut Ui, title: &str, lines: &[String], edge: egui::Stroke) {
    egui::Frame::new()
        .fill(ALERT.gamma_multiply(0.6))
        .stroke(edge)
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).size(SIZE_BODY).color(GOLD).strong());
            for line in lines {
                ui.add(egui::Label::new(RichText::new(line).size(SIZE_BODY).color(INK)).wrap());
            }
        });
}

pub fn infractions_ui(ui: &mut Ui, lang: Lang, table: &Table) {
    let coup = table.coup();
    let lines: Vec<String> = coup
        .infractions
        .iter()
        .map(|inf| i18n::infraction_text(lang, inf))
        .chain(coup.errors.iter().map(|e| i18n::error_text(lang, e)))
        .collect();
    if lines.is_empty() {
        return;
    }
    alert_box(ui, &t(lang, "side-infractions-title"), &lines, egui::Stroke::NONE);
}

/// The shift log read back: the records written this session, newest first.
pub fn log_view_ui(ui: &mut Ui, lang: Lang, shift: &LiveShift, scroll: &mut (i32, i32)) {
    let house = !shift.shown().settings().game.has_bank();
    egui::ScrollArea::vertical()
        .animated(false)
        .id_salt(("log", shift.shown().shift().coup_number))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            super::widgets::page(ui, scroll);
            if shift.written.is_empty() {
                ui.label(RichText::new(t(lang, "log-empty")).size(SIZE_BODY).color(INK_DIM));
            }
            // Entries the croupier took back later: struck through.
            let undone = crate::engine::table::entries_taken_back(shift.written.iter().map(|(_, _, e)| e.as_slice()));
            for ((coup, op, events), undone) in shift.written.iter().zip(undone).rev() {
                let what = super::entry::describe(lang, op, events);
                let coup = if *coup > 0 { format!("{coup}") } else { "–".into() };
                ui.horizontal(|ui| {
                    ui.label(RichText::new(coup).size(SIZE_SMALL).color(GOLD).monospace());
                    let mut what = RichText::new(what).size(SIZE_BODY).color(if undone { INK_DIM } else { INK });
                    if undone {
                        what = what.strikethrough();
                    }
                    ui.add(egui::Label::new(what).wrap());
                });
                for e in events {
                    if let Some(verdict) = i18n::verdict_text(lang, e) {
                        let mut verdict =
                            RichText::new(verdict).size(SIZE_SMALL).color(if undone { INK_DIM } else { LOSE });
                        if undone {
                            verdict = verdict.strikethrough();
                        }
                        ui.add(egui::Label::new(verdict).wrap());
                    }
                    if let crate::engine::Event::Settled(s) = e {
                        let (bank, _) = if house {
                            super::payout::house_words(lang, s.bank_net)
                        } else {
                            super::payout::bank_words(lang, s.bank_net)
                        };
                        let line = ta(lang, "log-settled", &[("bank", bank), ("cagnotte", money(lang, s.cagnotte))]);
                        // A settlement taken back with its entry: struck through too.
                        let mut line = RichText::new(line).size(SIZE_SMALL).color(if undone { INK_DIM } else { GOLD });
                        if undone {
                            line = line.strikethrough();
                        }
                        ui.add(egui::Label::new(line).wrap());
                    }
                }
            }
        });
}

/// The whole side panel.
/// The payouts open at their top each coup (their scroll is the coup's); the keys
/// page them (`scroll`).
pub fn side_ui(
    ui: &mut Ui,
    lang: Lang,
    shift: &LiveShift,
    coup: u32,
    scroll: &mut (i32, i32),
    cmds: &mut Vec<TableCmd>,
) {
    let table = shift.shown();
    // In one line while paying and while bets are taken: the room goes to the payouts,
    // and to the bets, their order and who is next (the bank and the banker are on
    // the table itself); and while a ruling waits, to what it will do.
    let owed = table.owed().owed;
    let busy = table.settlement().is_some()
        || (owed == Owed::Bets && table.shift().coup_open)
        || matches!(owed, Owed::Confirm { .. });
    shift_box_ui(ui, lang, shift, busy);
    ui.add_space(6.0);
    match table.settlement() {
        // While paying, the payouts first and the coup's infractions under them, in
        // the same list: an infraction box never squeezes the payouts to two rows
        // (issue 40, 1280×800).
        Some(s) => {
            section_frame(ui, &t(lang, "side-payouts"), |ui| {
                egui::ScrollArea::vertical()
                    .animated(false)
                    .id_salt(("payouts", coup))
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        super::widgets::page(ui, scroll);
                        payout_ui(ui, lang, s, table.settings());
                        ui.add_space(6.0);
                        infractions_ui(ui, lang, table);
                    });
            });
        }
        // The bets, the betting order, who is next and the stake at risk: scrolled
        // rather than cut off when the panel is short (issue 24, point 5).
        None => {
            ruling_ui(ui, lang, table);
            infractions_ui(ui, lang, table);
            ui.add_space(6.0);
            egui::ScrollArea::vertical()
                .animated(false)
                .id_salt(("bets", coup))
                .auto_shrink([false, true])
                .show(ui, |ui| bets_box_ui(ui, lang, table, cmds));
        }
    }
}
