//! The payout panel: what to collect and what to pay, hand by hand in the order a
//! croupier works the table, each player's net, the cagnotte for the slot and the
//! bank after. Every figure is the engine's settlement; the app only orders and
//! words them.

use super::text::{self, money, t, ta};
use super::widgets::{GOLD, INK, INK_DIM, LOSE, PUSH, SIZE_BODY, SIZE_SMALL, WIN};
use crate::engine::{BetResult, Clause};
use crate::engine::{Fared, Game, HandId, Money, PlayerRef, Settlement, Spot, Table, TableSettings};
use crate::i18n::Lang;
use egui::{Color32, RichText, Role, Ui, WidgetInfo};

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

/// How a hand fared against the hand the engine compared it with, in a word.
fn winner_text(lang: Lang, s: &Settlement, hand: HandId) -> Option<(String, Color32)> {
    let fare = s.fare(hand)?;
    Some(match fare.fared {
        Fared::Won => (t(lang, "result-won"), WIN),
        Fared::Lost => (t(lang, "result-lost"), LOSE),
        Fared::Tie => (t(lang, "result-tied"), PUSH),
        Fared::Void => (t(lang, "result-voided"), PUSH),
    })
}

/// Each hand's bets (those that play on it alone, `Bet::stakes`), and Banque's a
/// caballo line (the bets that play on both paños).
fn groups<'a>(lang: Lang, s: &'a Settlement, settings: &TableSettings) -> Vec<Group<'a>> {
    let hands = |r: &BetResult| -> Vec<HandId> {
        r.bet.stakes(settings.unit).map(|st| st.iter().flatten().map(|p| p.hand).collect()).unwrap_or_default()
    };
    let on = |h: HandId| move |hs: &[HandId]| hs == [h];
    let pick = |f: &dyn Fn(&[HandId]) -> bool| {
        let mut rows: Vec<&BetResult> = s.bets.iter().filter(|b| f(&hands(b))).collect();
        rows.sort_by_key(|b| order_key(b.bet.player));
        rows
    };
    match settings.game {
        Game::Banque => vec![
            Group {
                title: text::hand(lang, HandId::Tableau(1)),
                result: winner_text(lang, s, HandId::Tableau(1)),
                rows: pick(&on(HandId::Tableau(1))),
            },
            Group { title: t(lang, "payout-cheval"), result: None, rows: pick(&|hs| hs.len() > 1) },
            Group {
                title: text::hand(lang, HandId::Tableau(2)),
                result: winner_text(lang, s, HandId::Tableau(2)),
                rows: pick(&on(HandId::Tableau(2))),
            },
        ],
        Game::ChemindeFer => vec![Group {
            title: text::hand(lang, HandId::Player),
            result: winner_text(lang, s, HandId::Player),
            rows: pick(&on(HandId::Player)),
        }],
        Game::PuntoBanca => vec![
            Group {
                title: text::hand(lang, HandId::Punto),
                result: winner_text(lang, s, HandId::Punto),
                rows: pick(&on(HandId::Punto)),
            },
            Group { title: text::hand(lang, HandId::Banca), result: None, rows: pick(&on(HandId::Banca)) },
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

/// One bet's row: who, the stake (and the commission taken), what to do with the
/// chips, every figure in the body's type. On one line when it fits the panel, else
/// what to do on a second line, at the right. Its accessible name says it all in one
/// line (`Secc. 3 · 40: Pagar 40`), so a test or a screen reader finds it. Only a row
/// in view is given to the screen's readers (as the rows of a list in view).
fn row_ui(ui: &mut Ui, lang: Lang, r: &BetResult, striped: bool) {
    let who = text::player(lang, r.bet.player);
    let stake = format!("{} {}", spot_short(lang, r), money(lang, r.bet.amount)).trim().to_string();
    let (action, colour) = action_text(lang, r);
    let (pay, commission) = action_parts(lang, r);
    let name = ta(lang, "payout-row", &[("player", who.clone()), ("stake", stake.clone()), ("action", action)]);
    let lay = |text: String, colour: Color32| {
        ui.painter().layout_no_wrap(text, egui::FontId::proportional(SIZE_BODY), colour)
    };
    let who_col = if r.bet.player.standing { super::widgets::STANDING } else { INK };
    let who_g = lay(who, who_col);
    let stake_g = lay(stake, INK_DIM);
    let pay_g = lay(pay, colour);
    let commission_g = commission.map(|c| lay(c, INK_DIM));
    let gap = 10.0;
    let width = ui.available_width();
    let right_w = pay_g.size().x + commission_g.as_ref().map_or(0.0, |g| g.size().x + gap);
    let left_w = who_g.size().x + gap + stake_g.size().x;
    let row_h = who_g.size().y;
    let one_line = left_w + gap + right_w + 8.0 <= width;
    let height = if one_line { row_h } else { 2.0 * row_h } + 2.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    if striped {
        ui.painter().rect_filled(rect, egui::CornerRadius::same(4), Color32::from_gray(38));
    }
    let resp = ui.interact(rect, ui.scope_id().with(("payout-row", &name)), egui::Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(Role::Row, true, &name));
    let top = rect.top() + 1.0;
    let x = rect.left() + 4.0;
    let stake_x = x + who_g.size().x + gap;
    super::widgets::painted(ui, egui::pos2(x, top), who_g, who_col);
    super::widgets::painted(ui, egui::pos2(stake_x, top), stake_g, INK_DIM);
    let y = if one_line { top } else { top + row_h };
    let mut right = rect.right() - 4.0;
    if let Some(g) = commission_g {
        right -= g.size().x;
        super::widgets::painted(ui, egui::pos2(right, y), g, INK_DIM);
        right -= gap;
    }
    super::widgets::painted(ui, egui::pos2(right - pay_g.size().x, y), pay_g, colour);
}

/// What to do with a bet's chips, and the commission taken apart: ("Pagar 95", "comisión 5").
fn action_parts(lang: Lang, r: &BetResult) -> (String, Option<String>) {
    if r.net.is_positive() {
        let c =
            r.commission.is_positive().then(|| ta(lang, "payout-commission", &[("amount", money(lang, r.commission))]));
        (ta(lang, "payout-pay", &[("amount", money(lang, r.net))]), c)
    } else {
        (action_text(lang, r).0, None)
    }
}

/// The payout panel for a settled coup: first what goes to the slot and what the
/// bank holds after (the croupier's last gesture, but the first thing he checks),
/// then each hand's bets in the order he works the table, then each player's net
/// where a player has more than one bet. In Punto y Banca the casino pays: the summary
/// speaks of the house. Every figure in the body's type.
pub fn payout_ui(ui: &mut Ui, lang: Lang, s: &Settlement, settings: &TableSettings) {
    payout_rows_ui(ui, lang, s, settings, &|_| true, &[]);
}

/// The same at the live table: only the players still at the table (a player who
/// left took his chips, RULES-NOTES §11), and no clause the banner already says
/// (`said`, its badge).
pub fn payout_at_table_ui(ui: &mut Ui, lang: Lang, s: &Settlement, table: &Table, said: &[Clause]) {
    let here = |p: PlayerRef| table.shift().is_present(p);
    payout_rows_ui(ui, lang, s, table.settings(), &here, said);
}

fn payout_rows_ui(
    ui: &mut Ui,
    lang: Lang,
    s: &Settlement,
    settings: &TableSettings,
    here: &dyn Fn(PlayerRef) -> bool,
    said: &[Clause],
) {
    summary_ui(ui, lang, s, settings, said);
    ui.separator();
    for g in groups(lang, s, settings) {
        let rows: Vec<&BetResult> = g.rows.iter().copied().filter(|r| here(r.bet.player)).collect();
        // A hand with no bet to pay has nothing here (the felt says how it fared).
        if rows.is_empty() {
            continue;
        }
        // The hand and how it fared, in a word (the totals are on the felt, in large
        // type; a void coup's hands fared alike: the summary said why).
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 8.0;
            ui.label(RichText::new(&g.title).size(SIZE_BODY).color(GOLD).strong());
            if let (Some((res, colour)), None) = (&g.result, s.void) {
                ui.label(RichText::new(res).size(SIZE_BODY).color(*colour));
            }
        });
        ui.spacing_mut().item_spacing.y = 2.0;
        for (i, r) in rows.iter().enumerate() {
            row_ui(ui, lang, r, i % 2 == 0);
        }
        ui.add_space(6.0);
    }
    by_player_ui(ui, lang, s, settings, here);
}

/// What goes to the slot (or the house) and what the bank holds after; a void coup
/// says why (its clause unless the banner says it).
fn summary_ui(ui: &mut Ui, lang: Lang, s: &Settlement, settings: &TableSettings, said: &[Clause]) {
    let wrap = |ui: &mut Ui, text: &str, colour: Color32| {
        ui.add(egui::Label::new(RichText::new(text).size(SIZE_BODY).color(colour).strong()).wrap());
    };
    if let Some(clause) = s.void {
        // A Punto y Banca tie, or a coup void by an error procedure (R-BQ-E3, E8, E11):
        // not the same thing to the croupier, though the bets stay either way.
        let text = if clause == Clause::PB4 {
            t(lang, "payout-tie-void")
        } else if said.contains(&clause) {
            t(lang, "payout-void-said")
        } else {
            ta(lang, "payout-void", &[("clause", clause.to_string())])
        };
        wrap(ui, &text, GOLD);
    }
    if settings.game.has_bank() {
        // What the bank won or lost and what goes to the slot, on one line while it
        // fits; a void coup moves no money: the bank as it stands says it all. (The
        // bank after is on the felt too, in the banker's box.)
        let moved = s.void.is_none() || !s.bank_net.is_zero();
        if moved {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 8.0;
                let (word, colour) = bank_words(lang, s.bank_net);
                wrap(ui, &word, colour);
                if s.cagnotte.is_positive() {
                    wrap(ui, &ta(lang, "payout-slot", &[("amount", money(lang, s.cagnotte))]), GOLD);
                }
            });
        } else {
            wrap(ui, &ta(lang, "payout-bank-after", &[("amount", money(lang, s.bank_after))]), INK);
        }
    } else {
        let c = ta(lang, "payout-commission-total", &[("amount", money(lang, s.commission))]);
        wrap(ui, &c, if s.commission.is_positive() { GOLD } else { INK_DIM });
        let (word, colour) = house_words(lang, s.bank_net);
        wrap(ui, &word, colour);
    }
}

/// Each player's net, where a player has more than one bet (otherwise his row says
/// it): «Secc. 3 gana 40».
fn by_player_ui(ui: &mut Ui, lang: Lang, s: &Settlement, settings: &TableSettings, here: &dyn Fn(PlayerRef) -> bool) {
    let bets_of = |p: PlayerRef| s.bets.iter().filter(|b| b.bet.player == p).count();
    let mut seats: Vec<_> = s.seats.iter().filter(|r| here(r.player) && bets_of(r.player) > 1).collect();
    if seats.is_empty() {
        return;
    }
    seats.sort_by_key(|r| player_key(settings, r.player));
    ui.separator();
    ui.label(RichText::new(t(lang, "payout-by-player")).size(SIZE_SMALL).color(GOLD).strong());
    for r in seats {
        let (word, colour) = net_words(lang, r.net);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(text::player(lang, r.player)).size(SIZE_BODY).color(INK));
            ui.label(RichText::new(word).size(SIZE_BODY).color(colour));
        });
    }
}

/// What the croupier does at a section once the coup is settled, from the engine's
/// net for each of its players: "Pagar 40", "Cobrar 50" (for the table's sections).
pub fn seat_action(lang: Lang, net: Money) -> (String, Color32) {
    if net.is_positive() {
        (ta(lang, "payout-pay", &[("amount", money(lang, net))]), WIN)
    } else if net.is_negative() {
        (ta(lang, "payout-collect", &[("amount", money(lang, net.checked_neg()))]), LOSE)
    } else {
        (t(lang, "payout-stays"), PUSH)
    }
}

/// Punto y Banca: the casino pays and collects ("La casa paga 95").
pub fn house_words(lang: Lang, bank_net: Money) -> (String, Color32) {
    if bank_net.is_positive() {
        (ta(lang, "house-collects", &[("amount", money(lang, bank_net))]), WIN)
    } else if bank_net.is_negative() {
        (ta(lang, "house-pays", &[("amount", money(lang, bank_net.checked_neg()))]), LOSE)
    } else {
        (t(lang, "house-even"), PUSH)
    }
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
