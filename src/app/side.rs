//! The side panel: the shift (coup, bank, cagnotte so far, the sabot and the cut
//! card), the bets on each hand while the coup is played, the infractions found,
//! and the payouts once it is settled.

use super::live::TableCmd;
use super::shift::LiveShift;
use super::text::{self, money, t, ta};
use super::widgets::{ALERT, GOLD, INK, INK_DIM, LOSE, SIZE_BIG, SIZE_BODY, SIZE_SMALL, section_frame};
use crate::engine::{Bet, Clause, Duty, Game, HandId, Owed, Table};
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
    // While a coup is played or paid: the shift in the title's one line (the table and
    // the croupier only between coups), the room left to the bets, the incidents and
    // the payouts.
    let title = if compact {
        let (id, amount) = if table.settings().game.has_bank() {
            ("side-compact", totals.cagnotte)
        } else {
            ("side-compact-pb", totals.commission)
        };
        let args = [
            ("coup", coup_no.to_string()),
            ("amount", money(lang, amount)),
            ("sabot", table.shoe().in_sabot().to_string()),
        ];
        ta(lang, id, &args)
    } else {
        format!("{} · {}", shift.header.table_name, shift.header.croupier)
    };
    section_frame(ui, &title, |ui| {
        if compact {
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

/// While the coup is played: a free bank's offers waiting for the banker (first: what
/// the croupier must get answered), what lies on each hand, and while bets are taken
/// their count, the betting order and who is next, the stake at risk.
pub fn bets_box_ui(ui: &mut Ui, lang: Lang, table: &Table, duty: &Duty, cmds: &mut Vec<TableCmd>) {
    let game = table.settings().game;
    let betting = duty.owed == Owed::Bets && table.shift().coup_open;
    section_frame(ui, &t(lang, "side-bets"), |ui| {
        offers_ui(ui, lang, table, &duty.offers, cmds);
        // Once the deal is on, the stakes in one line of the body's type: the room goes
        // to the incidents and the ruling.
        if !betting {
            let stakes: Vec<String> = HandId::of_game(game)
                .iter()
                .filter(|h| !matches!(h, HandId::Bank))
                .map(|h| format!("{} {}", text::hand(lang, *h), text::money_or_why(lang, table.stake_on(*h))))
                .collect();
            ui.add(egui::Label::new(RichText::new(stakes.join(" · ")).size(SIZE_BODY).color(INK).strong()).wrap());
            return;
        }
        // The stakes, and beside them (no room taken from what follows) the
        // corrections of a confirmed bet while bets are taken.
        ui.horizontal_top(|ui| {
            egui::Grid::new("bets-box").num_columns(2).spacing([12.0, 2.0]).show(ui, |ui| {
                for hand in HandId::of_game(game).iter().filter(|h| !matches!(h, HandId::Bank)) {
                    kv(ui, &text::hand(lang, *hand), &text::money_or_why(lang, table.stake_on(*hand)), SIZE_BIG);
                }
                let n = table.on_the_cloth().count().to_string();
                kv(ui, &t(lang, "side-bet-count"), &n, SIZE_BODY);
            });
            ui.with_layout(egui::Layout::top_down(egui::Align::Max), |ui| corrections_ui(ui, lang, table, cmds));
        });
        betting_order_ui(ui, lang, table);
        if game != Game::PuntoBanca && table.bank().is_positive() {
            let at_risk = text::money_or_why(lang, table.stake_at_risk());
            let s = ta(lang, "side-at-risk", &[("amount", at_risk), ("bank", money(lang, table.bank()))]);
            ui.add(egui::Label::new(RichText::new(s).size(SIZE_SMALL).color(INK_DIM)).wrap());
        }
    });
}

/// A free bank (R-BQ-4): each bet offered to the banker, as the engine lists them
/// (`Duty::offers`, in the order they were made), with its answer on a click; the
/// first's also on a key (F5 accepts, F6 refuses).
fn offers_ui(ui: &mut Ui, lang: Lang, table: &Table, offers: &[Bet], cmds: &mut Vec<TableCmd>) {
    if offers.is_empty() {
        return;
    }
    ui.label(RichText::new(t(lang, "side-offers")).size(SIZE_SMALL).color(GOLD).strong());
    for (i, b) in offers.iter().enumerate() {
        let own = table.settings().tableau_of_section(b.player.seat);
        let what = ta(
            lang,
            "side-offer",
            &[("player", text::player(lang, b.player)), ("bet", super::felt::bet_line(lang, b, own))],
        );
        ui.horizontal(|ui| {
            ui.add(egui::Label::new(RichText::new(what).size(SIZE_BODY).color(GOLD).strong()).wrap());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                for (accept, id, key) in [(false, "btn-decline-offer", "F6"), (true, "btn-accept-offer", "F5")] {
                    let label = if i == 0 { format!("{} {key}", t(lang, id)) } else { t(lang, id) };
                    let b = egui::Button::new(RichText::new(label).size(SIZE_SMALL).color(INK));
                    if ui.add(b).clicked() {
                        cmds.push(TableCmd::AnswerOffer { player: Some(offers[i].player), accept });
                    }
                }
            });
        });
    }
    ui.add_space(4.0);
}

/// The betting order (R-BQ-5): sections that have bet are ticked off; who is next.
fn betting_order_ui(ui: &mut Ui, lang: Lang, table: &Table) {
    let game = table.settings().game;
    let bets = &table.coup().bets;
    ui.add_space(4.0);
    let order = if game == Game::Banque { "side-betting-order" } else { "side-betting-order-plain" };
    ui.label(RichText::new(t(lang, order)).size(SIZE_SMALL).color(INK_DIM));
    let next = table.next_to_bet();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        for p in table.betting_order() {
            let bet = bets.iter().chain(&table.coup().offers).any(|b| b.player == p);
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

/// A ruling waiting for Intro: what it will do, card by card, in body type (the
/// banner over the table says what is owed and why).
fn ruling_ui(ui: &mut Ui, lang: Lang, table: &Table, said: &[Clause]) {
    let Some(effects) = super::banner::ruling_effects_line(lang, table) else { return };
    let effects = unsaid(&effects, said);
    alert_box(ui, &t(lang, "side-ruling-title"), &[effects], egui::Stroke::new(1.0, INK));
    ui.add_space(6.0);
}

/// The inner margin of a red box of the side panel.
const ALERT_MARGIN: f32 = 8.0;

/// A red box of the side panel: its title in small gold, its lines in body type,
/// wrapped.
fn alert_box(ui: &mut Ui, title: &str, lines: &[String], edge: egui::Stroke) {
    egui::Frame::new()
        .fill(ALERT.gamma_multiply(0.6))
        .stroke(edge)
        .corner_radius(egui::CornerRadius::same(8))
        .inner_margin(egui::Margin::same(ALERT_MARGIN as i8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).size(SIZE_SMALL).color(GOLD).strong());
            for line in lines {
                ui.add(egui::Label::new(RichText::new(line).size(SIZE_BODY).color(INK)).wrap());
            }
        });
}

pub use super::banner::unsaid;

/// The clauses the banner says: its badge's, and those its headline names.
pub fn said_in_banner(lang: Lang, table: &Table) -> Vec<Clause> {
    let (headline, _, clause, _) = super::banner::banner_words(lang, table);
    let mut said = vec![clause];
    said.extend(Clause::ALL.iter().copied().filter(|c| *c != clause && headline.contains(c.id())));
    said
}

/// This coup's infractions (found by the engine) and errors (recorded by the
/// croupier), each in the croupier's words and what the rules make of it, its clause
/// said once (not again for a second incident of it, nor when the banner says it). In
/// `room` points: the last whole, and the ones before whole while they fit, the rest
/// named by their clauses on one line (the log, F2, keeps them): never a text cut,
/// never the bets pushed out (issue 47).
pub fn infractions_ui(ui: &mut Ui, lang: Lang, table: &Table, said: &[Clause], room: f32) {
    let coup = table.coup();
    let incidents: Vec<(Clause, String)> = coup
        .infractions
        .iter()
        .map(|inf| (inf.clause, i18n::infraction_text(lang, inf)))
        .chain(coup.errors.iter().map(|e| (e.clause, i18n::error_text(lang, e))))
        .map(|(c, text)| (c, text.strip_prefix(&format!("{c} — ")).unwrap_or(&text).to_owned()))
        .collect();
    if incidents.is_empty() {
        return;
    }
    // The box's own room (its margins and title) and each incident's, wrapped as it
    // will be (`alert_box`); the line of the earlier ones while some are left over.
    let gap = ui.spacing().item_spacing.y;
    let width = ui.available_width() - 2.0 * ALERT_MARGIN;
    let lay = |text: String, size: f32| ui.painter().layout(text, egui::FontId::proportional(size), INK, width);
    let height = |text: String| lay(text, SIZE_BODY).size().y + gap;
    let mut used = 2.0 * ALERT_MARGIN + lay(t(lang, "side-infractions-title"), SIZE_SMALL).size().y + gap;
    let earlier_h = height(ta(lang, "side-incidents-earlier", &[("clauses", "R-BQ-E10 · R-BQ-E2".into())]));
    let mut whole = 0;
    for (c, text) in incidents.iter().rev() {
        let h = height(format!("{c} — {text}"));
        let reserve = if whole + 1 < incidents.len() { earlier_h } else { 0.0 };
        if whole > 0 && used + h + reserve > room {
            break;
        }
        used += h;
        whole += 1;
    }
    let older = incidents.len() - whole;
    let mut told: Vec<Clause> = said.to_vec();
    let mut earlier: Vec<&str> = Vec::new();
    for (c, _) in &incidents[..older] {
        if !told.contains(c) {
            told.push(*c);
            earlier.push(c.id());
        }
    }
    let mut lines: Vec<String> = Vec::new();
    if !earlier.is_empty() {
        lines.push(ta(lang, "side-incidents-earlier", &[("clauses", earlier.join(" · "))]));
    }
    for (c, text) in &incidents[older..] {
        if told.contains(c) {
            lines.push(text.clone());
        } else {
            told.push(*c);
            lines.push(format!("{c} — {text}"));
        }
    }
    alert_box(ui, &t(lang, "side-infractions-title"), &lines, egui::Stroke::NONE);
}

/// While paying: the coup's incidents by their clauses, in one line (each was said in
/// full while the coup was played; the log, F2, keeps them): the payouts have the room.
fn incidents_line_ui(ui: &mut Ui, lang: Lang, table: &Table, said: &[Clause]) {
    let coup = table.coup();
    let mut clauses: Vec<Clause> = Vec::new();
    for c in coup.infractions.iter().map(|i| i.clause).chain(coup.errors.iter().map(|e| e.clause)) {
        if !clauses.contains(&c) && !said.contains(&c) && table.settlement().is_none_or(|s| s.void != Some(c)) {
            clauses.push(c);
        }
    }
    if clauses.is_empty() {
        return;
    }
    let list = clauses.iter().map(|c| c.id()).collect::<Vec<_>>().join(" · ");
    let line = ta(lang, "side-incidents-paid", &[("clauses", list)]);
    ui.add(egui::Label::new(RichText::new(line).size(SIZE_BODY).color(super::widgets::LOSE)).wrap());
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

/// The whole side panel: the shift in one line while a coup is played or paid; then
/// the payouts once settled, or the bets (a free bank's offers first), a ruling's
/// effects and the coup's incidents, one list that scrolls only past what fits. Each
/// list's scroll is the shift's and the coup's: a coup opens at its top, also in a
/// second shift; the keys page it (`scroll`).
pub fn side_ui(ui: &mut Ui, lang: Lang, shift: &LiveShift, scroll: &mut (i32, i32), cmds: &mut Vec<TableCmd>) {
    let table = shift.shown();
    let duty = table.owed();
    let coup = (shift.serial(), table.shift().coup_number);
    // The clauses the banner says (its badge, its headline): not said again here.
    let said = said_in_banner(lang, table);
    let between = matches!(duty.owed, Owed::Shift(_)) && table.settlement().is_none();
    let bottom = ui.max_rect().bottom();
    shift_box_ui(ui, lang, shift, !between);
    ui.add_space(6.0);
    match table.settlement() {
        Some(s) => {
            section_frame(ui, &t(lang, "side-payouts"), |ui| {
                egui::ScrollArea::vertical()
                    .animated(false)
                    .id_salt(("payouts", coup))
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        super::widgets::page(ui, scroll);
                        super::payout::payout_at_table_ui(ui, lang, s, table, &said);
                        incidents_line_ui(ui, lang, table, &said);
                    });
            });
        }
        None => {
            egui::ScrollArea::vertical().animated(false).id_salt(("bets", coup)).auto_shrink([false, true]).show(
                ui,
                |ui| {
                    super::widgets::page(ui, scroll);
                    bets_box_ui(ui, lang, table, &duty, cmds);
                    ui.add_space(6.0);
                    ruling_ui(ui, lang, table, &said);
                    let room = bottom - ui.cursor().top();
                    infractions_ui(ui, lang, table, &said, room);
                },
            );
        }
    }
}
