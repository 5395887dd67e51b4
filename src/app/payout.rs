//! The payout panel: what to collect and what to pay, hand by hand in the order a
//! croupier works the table, each player's net, the cagnotte for the slot and the
//! bank after. Every figure is the engine's settlement; the app only orders and
//! words them.

use super::text::{self, money, t, ta};
use super::widgets::{GOLD, INK, INK_DIM, LOSE, PUSH, SIZE_BIG, SIZE_BODY, SIZE_SMALL, WIN};
use crate::engine::BetResult;
use crate::engine::{Game, HandId, Money, PlayerRef, Settlement, Spot, TableSettings, Winner};
use crate::i18n::Lang;
use egui::{Align2, Color32, FontId, RichText, Role, Sense, Ui, WidgetInfo};

/// A group of bets paid together: one hand's bets, or the a caballo line.
struct Group<'a> {
    title: String,
    result: Option<(String, Color32)>,
    rows: Vec<&'a BetResult>,
}

/// The order a croupier works a hand's bets: seated players by section, then
/// standing ones (R-BQ-5).
fn order_key(p: PlayerRef) -> (bool, u8) {
    (p.standing, p.seat)
}

/// The order of players in the per-player list: Banque by paño, then as above.
fn player_key(settings: &TableSettings, p: PlayerRef) -> (u8, bool, u8) {
    let tableau = if settings.game == Game::Banque { settings.tableau_of_section(p.seat).unwrap_or(3) } else { 0 };
    (tableau, p.standing, p.seat)
}

fn winner_text(lang: Lang, s: &Settlement, hand: HandId) -> Option<(String, Color32)> {
    let (_, w) = s.winners.iter().find(|(h, _)| *h == hand)?;
    let bank = if hand == HandId::Punto { HandId::Banca } else { HandId::Bank };
    let args = [("hand", text::total_words(lang, s, hand)), ("bank", text::total_words(lang, s, bank))];
    Some(match w {
        Winner::Tableau | Winner::Player | Winner::Punto => (ta(lang, "result-hand-wins", &args), WIN),
        Winner::Bank | Winner::Banca => (ta(lang, "result-bank-wins", &args), LOSE),
        Winner::Tie => (ta(lang, "result-tie", &args), PUSH),
        Winner::Void => (ta(lang, "result-void", &args), PUSH),
    })
}

fn groups<'a>(lang: Lang, s: &'a Settlement, settings: &TableSettings) -> Vec<Group<'a>> {
    let pick = |f: &dyn Fn(Spot) -> bool| {
        let mut rows: Vec<&BetResult> = s.bets.iter().filter(|b| f(b.bet.spot)).collect();
        rows.sort_by_key(|b| order_key(b.bet.player));
        rows
    };
    match settings.game {
        Game::Banque => vec![
            Group {
                title: text::hand(lang, HandId::Tableau(1)),
                result: winner_text(lang, s, HandId::Tableau(1)),
                rows: pick(&|sp| matches!(sp, Spot::Tableau(1) | Spot::Half(1))),
            },
            Group { title: t(lang, "payout-cheval"), result: None, rows: pick(&|sp| sp == Spot::Cheval) },
            Group {
                title: text::hand(lang, HandId::Tableau(2)),
                result: winner_text(lang, s, HandId::Tableau(2)),
                rows: pick(&|sp| matches!(sp, Spot::Tableau(2) | Spot::Half(2))),
            },
        ],
        Game::ChemindeFer => vec![Group {
            title: text::hand(lang, HandId::Player),
            result: winner_text(lang, s, HandId::Player),
            rows: pick(&|sp| sp == Spot::Player),
        }],
        Game::PuntoBanca => vec![
            Group {
                title: text::hand(lang, HandId::Punto),
                result: winner_text(lang, s, HandId::Punto),
                rows: pick(&|sp| sp == Spot::Punto),
            },
            Group { title: text::hand(lang, HandId::Banca), result: None, rows: pick(&|sp| sp == Spot::Banca) },
        ],
    }
}

/// What the croupier does with a bet's chips: "Pagar 40", "Cobrar 50", "Queda".
pub fn action_text(lang: Lang, r: &BetResult) -> (String, Color32) {
    if r.net.is_positive() {
        let base = ta(lang, "payout-pay", &[("amount", money(lang, r.net))]);
        if r.commission.is_positive() {
            let c = ta(lang, "payout-commission", &[("amount", money(lang, r.commission))]);
            (format!("{base} ({c})"), WIN)
        } else {
            (base, WIN)
        }
    } else if r.net.is_negative() {
        (ta(lang, "payout-collect", &[("amount", money(lang, r.net.checked_neg()))]), LOSE)
    } else {
        (t(lang, "payout-stays"), PUSH)
    }
}

fn spot_short(lang: Lang, r: &BetResult) -> String {
    use crate::engine::BetKind;
    match (r.bet.kind, r.bet.spot) {
        (BetKind::Banco, _) => t(lang, "spot-short-banco"),
        (BetKind::BancoWithTable, _) => t(lang, "spot-short-banco-with-table"),
        (_, Spot::Half(_)) => t(lang, "spot-short-half"),
        (_, Spot::Cheval) => t(lang, "spot-short-cheval"),
        _ => String::new(),
    }
}

/// One row: who, where, how much, and what to do. The row's accessible name says it
/// all in one line (`Secc. 3 · 40: Pagar 40`), so a test or a screen reader finds it.
fn row_ui(ui: &mut Ui, lang: Lang, r: &BetResult) {
    let who = text::player(lang, r.bet.player);
    let spot = spot_short(lang, r);
    let stake = money(lang, r.bet.amount);
    let (action, colour) = action_text(lang, r);
    let stake_text = format!("{spot} {stake}").trim().to_string();
    let width = ui.available_width();
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(width, SIZE_BIG + 6.0), Sense::hover());
    if ui.is_rect_visible(rect) {
        let p = ui.painter();
        let who_col = if r.bet.player.standing { super::widgets::STANDING } else { INK };
        let left = rect.left_center() + egui::vec2(8.0, 0.0);
        p.text(left, Align2::LEFT_CENTER, &who, FontId::proportional(SIZE_BODY), who_col);
        p.text(
            left + egui::vec2(100.0, 0.0),
            Align2::LEFT_CENTER,
            &stake_text,
            FontId::proportional(SIZE_BODY),
            INK_DIM,
        );
        p.text(rect.right_center(), Align2::RIGHT_CENTER, &action, FontId::proportional(SIZE_BIG), colour);
    }
    let name = ta(lang, "payout-row", &[("player", who), ("stake", stake_text), ("action", action)]);
    resp.widget_info(|| WidgetInfo::labeled(Role::Row, true, &name));
}

/// The payout panel for a settled coup: first what goes to the slot and what the
/// bank holds after (the croupier's last gesture, but the first thing he checks),
/// then each hand's bets in the order he works the table, then each player's net.
pub fn payout_ui(ui: &mut Ui, lang: Lang, s: &Settlement, settings: &TableSettings) {
    if s.void {
        // A Punto y Banca tie, or a coup void by an error procedure (R-BQ-E3, E8, E11):
        // not the same thing to the croupier, though the bets stay either way.
        let tie = s.winners.iter().any(|(_, w)| *w == Winner::Tie);
        let clause = s.bets.iter().find_map(|b| b.clause).map(|c| c.to_string()).unwrap_or_default();
        let text = if tie { t(lang, "payout-tie-void") } else { ta(lang, "payout-void", &[("clause", clause)]) };
        ui.label(RichText::new(text).size(SIZE_BIG).color(GOLD).strong());
    }
    if settings.game.has_bank() {
        let (word, colour) = bank_words(lang, s.bank_net);
        line(ui, &word, colour, SIZE_BODY);
        let slot = ta(lang, "payout-cagnotte", &[("amount", money(lang, s.cagnotte))]);
        line(ui, &slot, if s.cagnotte.is_positive() { GOLD } else { INK_DIM }, SIZE_BIG);
        let after = ta(lang, "payout-bank-after", &[("amount", money(lang, s.bank_after))]);
        line(ui, &after, INK, SIZE_BIG);
    } else {
        let c = ta(lang, "payout-commission-total", &[("amount", money(lang, s.commission))]);
        line(ui, &c, if s.commission.is_positive() { GOLD } else { INK_DIM }, SIZE_BIG);
        let (word, colour) = bank_words(lang, s.bank_net);
        line(ui, &word, colour, SIZE_BODY);
    }
    ui.separator();
    for g in groups(lang, s, settings) {
        if g.rows.is_empty() && g.result.is_none() {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&g.title).size(SIZE_BIG).color(GOLD).strong());
            if let Some((res, colour)) = &g.result {
                ui.label(RichText::new(res).size(SIZE_BODY).color(*colour));
            }
        });
        if g.rows.is_empty() {
            ui.label(RichText::new(t(lang, "payout-no-bets")).size(SIZE_SMALL).color(INK_DIM));
        }
        for r in g.rows {
            row_ui(ui, lang, r);
        }
        ui.add_space(6.0);
    }
    ui.separator();
    ui.label(RichText::new(t(lang, "payout-by-player")).size(SIZE_BODY).color(GOLD).strong());
    let mut seats: Vec<_> = s.seats.iter().collect();
    seats.sort_by_key(|r| player_key(settings, r.player));
    egui::Grid::new("by-player").num_columns(2).spacing([16.0, 2.0]).show(ui, |ui| {
        for r in seats {
            let (word, colour) = net_words(lang, r.net);
            ui.label(RichText::new(text::player(lang, r.player)).size(SIZE_BODY).color(INK));
            ui.label(RichText::new(word).size(SIZE_BODY).color(colour));
            ui.end_row();
        }
    });
}

fn line(ui: &mut Ui, s: &str, colour: Color32, size: f32) {
    ui.label(RichText::new(s).size(size).color(colour).strong());
}

/// A player's net in words: "gana 40", "pierde 50", "queda".
pub fn net_words(lang: Lang, net: Money) -> (String, Color32) {
    if net.is_positive() {
        (ta(lang, "net-wins", &[("amount", money(lang, net))]), WIN)
    } else if net.is_negative() {
        (ta(lang, "net-loses", &[("amount", money(lang, net.checked_neg()))]), LOSE)
    } else {
        (t(lang, "net-even"), PUSH)
    }
}

pub fn bank_words(lang: Lang, net: Money) -> (String, Color32) {
    if net.is_positive() {
        (ta(lang, "bank-wins", &[("amount", money(lang, net))]), WIN)
    } else if net.is_negative() {
        (ta(lang, "bank-loses", &[("amount", money(lang, net.checked_neg()))]), LOSE)
    } else {
        (t(lang, "bank-even"), PUSH)
    }
}
