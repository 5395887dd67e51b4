//! The payout panel: what to collect and what to pay, hand by hand in the order a
//! croupier works the table, each player's net, the cagnotte for the slot and the
//! bank after. Every figure is the engine's settlement; the app only orders and
//! words them.

use super::text::{self, money, t, ta};
use super::widgets::{GOLD, INK, INK_DIM, LOSE, PUSH, SIZE_BIG, SIZE_BODY, SIZE_SMALL, WIN};
use crate::engine::{BetResult, Clause};
use crate::engine::{Fared, Game, HandId, Money, PlayerRef, Settlement, Spot, TableSettings};
use crate::i18n::Lang;
use egui::{Color32, RichText, Role, Ui, WidgetInfo};
use egui_extras::{Column, TableBuilder};

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

/// How a hand fared against the hand the engine compared it with.
fn winner_text(lang: Lang, s: &Settlement, hand: HandId) -> Option<(String, Color32)> {
    let fare = s.fare(hand)?;
    let args = [("hand", text::total_words(lang, s, hand)), ("bank", text::total_words(lang, s, fare.against))];
    Some(match fare.fared {
        Fared::Won => (ta(lang, "result-hand-wins", &args), WIN),
        Fared::Lost => (ta(lang, "result-bank-wins", &args), LOSE),
        Fared::Tie => (ta(lang, "result-tie", &args), PUSH),
        Fared::Void => (ta(lang, "result-void", &args), PUSH),
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

/// A hand's (or the a caballo line's) bets in aligned columns: who, the stake (and
/// the commission taken), what to do with the chips. Each row's accessible name says
/// it all in one line (`Secc. 3 · 40: Pagar 40`), so a test or a screen reader finds it.
fn rows_ui(ui: &mut Ui, lang: Lang, id: usize, rows: &[&BetResult]) {
    let row_h = SIZE_BODY + 8.0;
    TableBuilder::new(ui)
        .id_salt(("payoutrows", id))
        .vscroll(false)
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(72.0))
        .column(Column::remainder().at_least(60.0).clip(true))
        .column(Column::auto().at_least(96.0))
        .body(|body| {
            // Only the rows in view are laid out (a full table has dozens).
            body.rows(row_h, rows.len(), |mut row| {
                let r = rows[row.index()];
                let who = text::player(lang, r.bet.player);
                let spot = spot_short(lang, r);
                let stake = format!("{spot} {}", money(lang, r.bet.amount)).trim().to_string();
                let (action, colour) = action_text(lang, r);
                let (pay, commission) = action_parts(lang, r);
                let name =
                    ta(lang, "payout-row", &[("player", who.clone()), ("stake", stake.clone()), ("action", action)]);
                {
                    let who_col = if r.bet.player.standing { super::widgets::STANDING } else { INK };
                    let (_, cell) = row.col(|ui| {
                        ui.add(egui::Label::new(RichText::new(&who).size(SIZE_BODY).color(who_col)).truncate());
                    });
                    cell.widget_info(|| WidgetInfo::labeled(Role::Row, true, &name));
                    row.col(|ui| {
                        let s = match &commission {
                            Some(c) => format!("{stake} · {c}"),
                            None => stake.clone(),
                        };
                        // Smaller rather than cut: the commission is a figure (issue 40).
                        let g = super::widgets::fitted(ui, s, SIZE_SMALL, ui.available_width(), INK_DIM);
                        ui.add(egui::Label::new(g));
                    });
                    row.col(|ui| {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.add(
                                egui::Label::new(RichText::new(&pay).size(SIZE_BODY).color(colour).strong())
                                    .wrap_mode(egui::TextWrapMode::Extend),
                            );
                        });
                    });
                }
            });
        });
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
/// then each hand's bets in the order he works the table, then each player's net.
/// In Punto y Banca the casino pays: the summary speaks of the house.
pub fn payout_ui(ui: &mut Ui, lang: Lang, s: &Settlement, settings: &TableSettings) {
    let wrap = |ui: &mut Ui, text: &str, colour: Color32, size: f32| {
        ui.add(egui::Label::new(RichText::new(text).size(size).color(colour).strong()).wrap());
    };
    if let Some(clause) = s.void {
        // A Punto y Banca tie, or a coup void by an error procedure (R-BQ-E3, E8, E11):
        // not the same thing to the croupier, though the bets stay either way.
        let text = if clause == Clause::PB4 {
            t(lang, "payout-tie-void")
        } else {
            ta(lang, "payout-void", &[("clause", clause.to_string())])
        };
        wrap(ui, &text, GOLD, SIZE_BODY);
    }
    if settings.game.has_bank() {
        let (word, colour) = bank_words(lang, s.bank_net);
        wrap(ui, &word, colour, SIZE_BODY);
        let slot = ta(lang, "payout-cagnotte", &[("amount", money(lang, s.cagnotte))]);
        wrap(ui, &slot, if s.cagnotte.is_positive() { GOLD } else { INK_DIM }, SIZE_BODY);
        let after = ta(lang, "payout-bank-after", &[("amount", money(lang, s.bank_after))]);
        wrap(ui, &after, INK, SIZE_BODY);
    } else {
        let c = ta(lang, "payout-commission-total", &[("amount", money(lang, s.commission))]);
        wrap(ui, &c, if s.commission.is_positive() { GOLD } else { INK_DIM }, SIZE_BODY);
        let (word, colour) = house_words(lang, s.bank_net);
        wrap(ui, &word, colour, SIZE_BODY);
    }
    ui.separator();
    for (i, g) in groups(lang, s, settings).into_iter().enumerate() {
        if g.rows.is_empty() && g.result.is_none() {
            continue;
        }
        ui.label(RichText::new(&g.title).size(SIZE_BIG).color(GOLD).strong());
        if let Some((res, colour)) = &g.result {
            ui.add(egui::Label::new(RichText::new(res).size(SIZE_SMALL).color(*colour)).wrap());
        }
        if g.rows.is_empty() {
            ui.label(RichText::new(t(lang, "payout-no-bets")).size(SIZE_SMALL).color(INK_DIM));
        } else {
            rows_ui(ui, lang, i, &g.rows);
        }
        ui.add_space(6.0);
    }
    ui.separator();
    ui.label(RichText::new(t(lang, "payout-by-player")).size(SIZE_BODY).color(GOLD).strong());
    let mut seats: Vec<_> = s.seats.iter().collect();
    seats.sort_by_key(|r| player_key(settings, r.player));
    TableBuilder::new(ui)
        .id_salt("byplayer")
        .vscroll(false)
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(96.0))
        .column(Column::remainder().clip(true))
        .body(|body| {
            body.rows(SIZE_BODY + 6.0, seats.len(), |mut row| {
                let r = seats[row.index()];
                let (word, colour) = net_words(lang, r.net);
                {
                    row.col(|ui| {
                        let who = RichText::new(text::player(lang, r.player)).size(SIZE_BODY).color(INK);
                        ui.add(egui::Label::new(who).truncate());
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(RichText::new(word).size(SIZE_BODY).color(colour)).truncate());
                    });
                }
            });
        });
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

/// The same, for a narrow box: `+100` to pay, `−100` to collect (the colour says it too).
pub fn seat_action_short(lang: Lang, net: Money) -> String {
    if net.is_positive() {
        format!("+{}", money(lang, net))
    } else if net.is_negative() {
        format!("−{}", money(lang, net.checked_neg()))
    } else {
        t(lang, "payout-stays")
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
