//! The cloth: what the three table views share. A hand's place with its cards and
//! total, a section's box with its bets, the felt itself.

use super::assets::Assets;
use super::text::{self, money, t, ta};
use super::widgets;
use super::widgets::{
    CARD_ASPECT, CardShown, FELT, FELT_DARK, FELT_LINE, GOLD, INK, INK_DIM, LOSE, PUSH, RIM, SIZE_BIG, SIZE_BODY,
    SIZE_SMALL, STANDING, WIN, card_at,
};
use crate::engine::{Bet, BetKind, Fared, Game, HandId, Money, PlayerRef, Spot, Table};
use crate::i18n::Lang;
use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2};

/// What a table view draws from.
pub struct View<'a> {
    pub lang: Lang,
    /// The durable table (what the shift log holds).
    pub table: &'a Table,
    pub assets: &'a Assets,
    /// The hand whose turn it is, from the engine's `owed()`.
    pub turn: Option<HandId>,
    /// The player to ask next while bets are open (R-BQ-5).
    pub next: Option<PlayerRef>,
    /// Training, before the answer: a settled coup shows the bank as it stood before
    /// the coup and no cagnotte, so that the table does not give the payout away.
    pub quiz: bool,
    /// Training, before the answer to a payout: the table just before the coup was
    /// settled, whose seats (who holds the cards, the bank, the sabot) are shown;
    /// the settlement has moved them, which would tell who won.
    pub seats_from: Option<&'a Table>,
}

impl View<'_> {
    /// The bets of each seat on the cloth, seated and standing, in the order they were
    /// placed (none of a player who left: he took them, RULES-NOTES §11).
    pub fn bets_of(&self, seat: u8) -> impl Iterator<Item = &Bet> {
        self.table.on_the_cloth().filter(move |b| b.player.seat == seat)
    }

    /// What plays on a hand, all bets together (the engine splits each bet, R-BQ-6/7).
    /// The bank to show: the bank now, or during a quiz the bank before the coup.
    pub fn bank(&self) -> Money {
        match self.table.settlement() {
            Some(s) if self.quiz => s.bank_before,
            _ => self.table.bank(),
        }
    }

    /// The cagnotte to show in the croupier's slot: none during a quiz.
    pub fn cagnotte(&self) -> Option<Money> {
        self.table.settlement().map(|s| s.cagnotte).filter(|c| c.is_positive() && !self.quiz)
    }

    /// The line under a hand's zone: what lies on it, as the engine splits the bets
    /// (none when nothing does); a stake the engine cannot sum says why.
    pub fn stake_line(&self, lang: Lang, hand: HandId) -> Option<String> {
        match self.table.stake_on(hand) {
            Ok(stake) => stake.is_positive().then(|| ta(lang, "zone-stake", &[("amount", money(lang, stake))])),
            Err(e) => Some(crate::i18n::money_error_text(lang, &e)),
        }
    }
}

/// The felt: a rounded table edged with wood.
pub fn felt(ui: &Ui, rect: Rect) -> Rect {
    let radius = (rect.height() / 2.6).min(150.0) as u8;
    let p = ui.painter();
    p.rect_filled(rect, CornerRadius::same(radius), RIM);
    let inner = rect.shrink(7.0);
    p.rect_filled(inner, CornerRadius::same(radius.saturating_sub(7)), FELT);
    p.rect_stroke(
        inner.shrink(4.0),
        CornerRadius::same(radius.saturating_sub(11)),
        Stroke::new(1.5, FELT_LINE.gamma_multiply(0.6)),
        StrokeKind::Inside,
    );
    inner
}

/// A short line for a bet in its section's box: `40`, `½ 50`, `cab. 30`, `BANCO`.
pub fn bet_line(lang: Lang, b: &Bet, own_tableau: Option<u8>) -> String {
    standing(lang, b.player.standing, "seat-standing-bet", bet_body(lang, b, own_tableau))
}

/// A standing player's line marked by `id` (`de pie ½ 30`; for a narrow box
/// `seat-standing-short`, `p ½ 30`); a seated player's as it is.
fn standing(lang: Lang, is_standing: bool, id: &str, line: String) -> String {
    if is_standing { ta(lang, id, &[("bet", line)]) } else { line }
}

fn bet_body(lang: Lang, b: &Bet, own_tableau: Option<u8>) -> String {
    let amount = money(lang, b.amount);
    match (b.kind, b.spot) {
        (BetKind::Banco, Spot::Tableau(n)) => ta(lang, "seat-banco-on", &[("n", n.to_string())]),
        (BetKind::Banco, _) => t(lang, "spot-short-banco"),
        (BetKind::BancoWithTable, _) => format!("{} {amount}", t(lang, "spot-short-banco-with-table")),
        (_, Spot::Cheval) => format!("{} {amount}", t(lang, "spot-short-cheval")),
        (_, Spot::Half(n)) if Some(n) != own_tableau => format!("{} P{n} {amount}", t(lang, "spot-short-half")),
        (_, Spot::Half(_)) => format!("{} {amount}", t(lang, "spot-short-half")),
        (_, Spot::Tableau(n)) if Some(n) != own_tableau && own_tableau.is_some() => format!("P{n} {amount}"),
        (_, Spot::Punto) => format!("{} {amount}", t(lang, "spot-short-punto")),
        (_, Spot::Banca) => format!("{} {amount}", t(lang, "spot-short-banca")),
        _ => amount,
    }
}

/// The height of a section's box: its number and two rows of the body's type under
/// it (a payout's word over its figure, `Pagar` over `1.332,50`) where the felt has the
/// room (the live table's at every size); a smaller felt (the floor's, the review's)
/// keeps `frac` of its height within `min`..`max`.
pub fn seat_box_height(felt_h: f32, frac: f32, min: f32, max: f32) -> f32 {
    const TWO_ROWS: f32 = 84.0;
    let h = (felt_h * frac).clamp(min, max);
    if felt_h * 0.2 >= TWO_ROWS { h.max(TWO_ROWS) } else { h }
}

/// A section's box on the rim: its number and its role (bank, cards) on the top
/// row, then its bets (standing players' in blue), right-aligned, one a line; once
/// the coup is settled, what to pay or collect there instead. What does not fit is
/// summed up on the last line; every line fits the box's width.
/// A click is said in `clicked` (the table puts the section's number on the entry line).
pub fn seat_box(ui: &mut Ui, view: &View, rect: Rect, seat: u8, own_tableau: Option<u8>, clicked: &mut Option<u8>) {
    let id = ui.scope_id().with(("seat", seat));
    let resp = ui.interact(rect, id, Sense::click());
    let label = ta(view.lang, "seat-name", &[("seat", seat.to_string())]);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    if resp.clicked() {
        *clicked = Some(seat);
    }
    let lines = seat_lines(view, seat, own_tableau);
    let fill = if resp.hovered() { FELT_DARK.gamma_multiply(1.4) } else { FELT_DARK };
    let next = view.next.is_some_and(|n| n.seat == seat);
    let border = if next {
        Stroke::new(3.0, GOLD)
    } else if lines.is_empty() {
        Stroke::new(1.5, FELT_LINE.gamma_multiply(0.5))
    } else {
        Stroke::new(1.5, FELT_LINE)
    };
    ui.painter().rect(rect, CornerRadius::same(8), fill, border, StrokeKind::Inside);
    let inner = rect.shrink2(Vec2::new(3.0, 3.0));
    let number = widgets::fitted(ui, seat.to_string(), SIZE_BIG, inner.width(), GOLD);
    let mut head = widgets::painted(ui, inner.left_top(), number, GOLD);
    if let Some(badge) = seat_badge(view, seat) {
        head = badge_ui(ui, badge, inner, head);
    }
    seat_lines_ui(ui, view, &lines, inner, head);
}

/// The lines of a section's box, every one in the body's type, right-aligned: each on
/// one row when it fits the box (its long form, then shorter ones), else word by word
/// on more rows (`Pagar` over `1.332,50`: a figure never bare, never shrunk); a row
/// beside the number when there is room. What does not fit is summed up on the last
/// row (`+2 · 120`, or `+2`).
fn seat_lines_ui(ui: &mut Ui, view: &View, lines: &[SeatLine], inner: Rect, head: Rect) {
    let row_h = ui.painter().layout_no_wrap("Ág".into(), FontId::proportional(SIZE_BODY), INK).size().y;
    // Where a row of this width goes at `y`: below the number when it would reach it.
    let at =
        |w: f32, y: f32| if y < head.bottom() && inner.right() - w < head.right() + 6.0 { head.bottom() } else { y };
    // A line's rows placed from `y`: each row and its top, and where the next starts.
    let place = |line: &SeatLine, y: f32| {
        let mut next = y;
        let rows: Vec<_> = line_rows(ui, line, inner.width())
            .into_iter()
            .map(|g| {
                let top = at(g.size().x, next);
                next = top + row_h;
                (g, top)
            })
            .collect();
        (rows, next)
    };
    let fits = |bottom: f32| bottom <= inner.bottom() + 2.0;
    let n = lines.len();
    // Not all fit, and all say the same (collect, or pay): the section's sum, said once.
    let all_fit = lines.iter().try_fold(inner.top(), |y, l| Some(place(l, y).1).filter(|b| fits(*b))).is_some();
    let alike = n > 1 && lines.iter().all(|l| l.pays.is_some() && l.pays == lines[0].pays);
    let summed = (!all_fit && alike).then(|| more_line(view.lang, lines));
    let mut y = inner.top();
    for (i, line) in summed.iter().chain(lines.iter()).enumerate() {
        let (rows, next) = place(line, y);
        // Room for this line, and for the sum of the rest when more follow.
        let rest_room = if summed.is_none() && i + 1 < n { row_h } else { 0.0 };
        if !fits(next + rest_room) {
            let more = more_line(view.lang, &lines[i..]);
            let (rows, next) = place(&more, y);
            // Two rows that do not fit: the count alone (`+2`).
            let rows = if fits(next) {
                rows
            } else {
                let count = ta(view.lang, "seat-more-short", &[("n", (n - i).to_string())]);
                let g = ui.painter().layout_no_wrap(count, FontId::proportional(SIZE_BODY), INK_DIM);
                let row = at(g.size().x, y);
                if !fits(row + row_h) {
                    return;
                }
                vec![(g, row)]
            };
            for (g, row) in rows {
                widgets::painted(ui, Pos2::new(inner.right() - g.size().x, row), g, more.colour);
            }
            return;
        }
        for (g, top) in rows {
            widgets::painted(ui, Pos2::new(inner.right() - g.size().x, top), g, line.colour);
        }
        y = next;
        if summed.is_some() {
            return;
        }
    }
}

/// The lines of a box that do not fit, summed up: what to collect (or pay) for all of
/// them once settled, `Cobrar 70 (2)`; else how many and their stake, `+2 · 70`; at
/// the least `+2`.
fn more_line(lang: Lang, rest: &[SeatLine]) -> SeatLine {
    let n = rest.len().to_string();
    let sum = text::money_or_why(lang, Money::sum(rest.iter().map(|l| l.amount)));
    let all = |pays: bool| rest.iter().all(|l| l.pays == Some(pays));
    let (text, colour) = match (all(true), all(false)) {
        (true, _) => (ta(lang, "seat-more-pay", &[("n", n.clone()), ("amount", sum)]), WIN),
        (_, true) => (ta(lang, "seat-more-collect", &[("n", n.clone()), ("amount", sum)]), LOSE),
        _ => (ta(lang, "seat-more", &[("n", n.clone()), ("amount", sum)]), INK_DIM),
    };
    // Word by word over two rows rather than the bare count (`seat_lines_ui` falls back
    // to `+2` when they do not fit).
    let short = text.clone();
    SeatLine { text, middle: None, short, colour, amount: Money::ZERO, pays: None }
}

/// A section's line as rows in the body's type that fit `width`: its long form on one
/// row, else its shorter ones, else each of them word by word; the shortest shrunk
/// only when no word of it fits.
fn line_rows(ui: &Ui, line: &SeatLine, width: f32) -> Vec<std::sync::Arc<egui::Galley>> {
    let lay = |t: &str| ui.painter().layout_no_wrap(t.to_owned(), FontId::proportional(SIZE_BODY), line.colour);
    let forms: Vec<&str> =
        [Some(line.text.as_str()), line.middle.as_deref(), Some(line.short.as_str())].into_iter().flatten().collect();
    for form in &forms {
        let g = lay(form);
        if g.size().x <= width {
            return vec![g];
        }
    }
    for form in &forms {
        let mut rows = Vec::new();
        let mut current = String::new();
        for word in form.split(' ') {
            let joined = if current.is_empty() { word.to_owned() } else { format!("{current} {word}") };
            if lay(&joined).size().x <= width {
                current = joined;
            } else if !current.is_empty() && lay(word).size().x <= width {
                rows.push(lay(&current));
                current = word.to_owned();
            } else {
                rows.clear();
                current.clear();
                break;
            }
        }
        if !current.is_empty() {
            rows.push(lay(&current));
            return rows;
        }
    }
    vec![widgets::fitted(ui, line.short.clone(), SIZE_BODY, width, line.colour)]
}

/// A section's badge (its role), beside the number if it fits there; else under it;
/// else not at all (a narrow box, as in the review's replay): never over the number or
/// a neighbour. Returns the box's head with the badge.
fn badge_ui(ui: &mut Ui, badge: String, inner: Rect, head: Rect) -> Rect {
    let beside = inner.right() - head.right() - 12.0;
    let g = widgets::fitted(ui, badge.clone(), SIZE_SMALL - 2.0, beside.max(1.0), Color32::BLACK);
    let place = if g.size().x <= beside {
        Some((g, Pos2::new(head.right() + 4.0, head.center().y)))
    } else {
        let g = widgets::fitted(ui, badge, SIZE_SMALL - 2.0, inner.width() - 8.0, Color32::BLACK);
        let h = g.size().y + 2.0;
        (g.size().x <= inner.width() - 8.0 && head.bottom() + h <= inner.bottom())
            .then(|| (g, Pos2::new(inner.left(), head.bottom() + h / 2.0 + 1.0)))
    };
    if let Some((g, at)) = place {
        let r = Rect::from_min_size(Pos2::new(at.x, at.y - g.size().y / 2.0 - 1.0), g.size() + Vec2::new(8.0, 2.0));
        ui.painter().rect_filled(r, CornerRadius::same(4), GOLD);
        widgets::painted(ui, r.min + Vec2::new(4.0, 1.0), g, Color32::BLACK);
        return head.union(r);
    }
    head
}

/// A section's lines: its bets while the coup is played; once it is settled, what
/// to pay or collect for each of its players (the engine's net), with the amount
/// each line stands for (for the sum of what does not fit).
fn seat_lines(view: &View, seat: u8, own_tableau: Option<u8>) -> Vec<SeatLine> {
    let lang = view.lang;
    match view.table.settlement() {
        // A player who left took his chips (RULES-NOTES §11): nothing of his is shown.
        Some(s) if !view.quiz => s
            .seats
            .iter()
            .filter(|r| r.player.seat == seat && view.table.shift().is_present(r.player))
            .map(|r| {
                let (action, colour) = super::payout::seat_action(lang, r.net);
                let text = standing(lang, r.player.standing, "seat-standing-bet", action.clone());
                // «p Cobrar 40», never a bare «−40»: the box says what to do in words,
                // the figure on a row of its own when the box is narrow (issue 47).
                let short = standing(lang, r.player.standing, "seat-standing-short", action);
                let middle = None;
                let amount = if r.net.is_negative() { r.net.checked_neg() } else { r.net };
                let pays = (!r.net.is_zero()).then(|| r.net.is_positive());
                SeatLine { text, middle, short, colour, amount, pays }
            })
            .collect(),
        _ => {
            let bets = view.bets_of(seat).map(|b| SeatLine {
                text: bet_line(lang, b, own_tableau),
                middle: None,
                short: standing(lang, b.player.standing, "seat-standing-short", bet_body(lang, b, own_tableau)),
                colour: if b.player.standing { STANDING } else { INK },
                amount: b.amount,
                pays: None,
            });
            // A free bank's offers waiting for the banker (R-BQ-4): `¿40?`.
            let offers = view.table.coup().offers.iter().filter(move |b| b.player.seat == seat).map(|b| {
                let asked = |line: String| ta(lang, "seat-offer", &[("bet", line)]);
                SeatLine {
                    text: asked(bet_line(lang, b, own_tableau)),
                    middle: None,
                    short: asked(standing(
                        lang,
                        b.player.standing,
                        "seat-standing-short",
                        bet_body(lang, b, own_tableau),
                    )),
                    colour: GOLD,
                    amount: b.amount,
                    pays: None,
                }
            });
            bets.chain(offers).collect()
        }
    }
}

/// One line of a section's box: as it reads, and shorter for a narrow box (at
/// 1024×768 a section's box is about 60 points wide), its colour, and the amount it
/// stands for (for the sum of what does not fit).
struct SeatLine {
    text: String,
    /// Between the two, once settled: the action in words without «de pie».
    middle: Option<String>,
    short: String,
    colour: Color32,
    amount: Money,
    /// Once settled: `Some(true)` to pay, `Some(false)` to collect.
    pays: Option<bool>,
}

/// A section's role this coup: it holds a hand's cards, or the bank, or the sabot.
fn seat_badge(view: &View, seat: u8) -> Option<String> {
    let lang = view.lang;
    let t_ = view.seats_from.unwrap_or(view.table);
    let me = PlayerRef::seated(seat);
    let game = t_.settings().game;
    if game.has_bank() && t_.shift().banker() == Some(me) {
        return Some(t(lang, "badge-bank"));
    }
    if game == Game::PuntoBanca && t_.holder(HandId::Banca) == Some(me) {
        return Some(t(lang, "badge-dealer"));
    }
    let hands = HandId::of_game(game).iter().filter(|h| !h.is_bank_side());
    hands.into_iter().any(|h| t_.holder(*h) == Some(me)).then(|| t(lang, "badge-cards"))
}

/// How a hand's cards show now: known faces, the backs of cards dealt face down,
/// empty places before the deal.
fn hand_cards(view: &View, hand: HandId) -> ([CardShown; 2], Option<CardShown>) {
    let game = view.table.settings().game;
    let play = &view.table.coup().play;
    if !hand.in_game(game) {
        return ([CardShown::Empty, CardShown::Empty], None);
    }
    let cards = play.hands[hand].cards;
    let first = |c: Option<crate::engine::Card>| match c {
        Some(c) => CardShown::Face(c),
        None if play.closed => CardShown::Back,
        None => CardShown::Empty,
    };
    ([first(cards.first[0]), first(cards.first[1])], cards.third.map(CardShown::Face))
}

/// A hand's place: its name, what plays on it, its cards, its total and, once the
/// coup is settled, its result. Gold-edged while it is the hand's turn.
pub fn hand_zone(ui: &mut Ui, view: &View, rect: Rect, hand: HandId, subtitle: Option<String>) {
    let lang = view.lang;
    let p = ui.painter().clone();
    let turn = view.turn == Some(hand);
    if turn {
        p.rect_stroke(rect, CornerRadius::same(12), Stroke::new(4.0, GOLD), StrokeKind::Inside);
    }
    let name = text::hand(lang, hand).to_uppercase();
    p.text(rect.center_top() + Vec2::new(0.0, 6.0), Align2::CENTER_TOP, &name, FontId::proportional(SIZE_BIG), INK);
    let mut y = rect.top() + 6.0 + SIZE_BIG + 4.0;
    // Who holds the hand's cards (R-BQ-9, R-CF-5, R-PB-2), as the engine says.
    let holder = holder_words(view, hand);
    let r = Rect::from_center_size(
        Pos2::new(rect.center().x, y + SIZE_SMALL / 2.0 + 1.0),
        Vec2::new(rect.width() - 8.0, SIZE_SMALL + 4.0),
    );
    ui.put(r, egui::Label::new(egui::RichText::new(holder).size(SIZE_SMALL).color(GOLD)));
    y += SIZE_SMALL + 4.0;
    // The stake's line keeps its room when a hand has none: the two sides' cards
    // are drawn the same size (issue 40).
    if let Some(sub) = subtitle {
        p.text(Pos2::new(rect.center().x, y), Align2::CENTER_TOP, sub, FontId::proportional(SIZE_BODY), INK_DIM);
    }
    y += SIZE_BODY + 4.0;
    // Cards: as large as the place allows.
    let (first, third) = hand_cards(view, hand);
    let result_room = SIZE_BIG + 16.0;
    let card_h = ((rect.bottom() - y - result_room - 6.0).min(rect.width() / 3.3 / CARD_ASPECT)).clamp(40.0, 130.0);
    let card = Vec2::new(card_h * CARD_ASPECT, card_h);
    let gap = 8.0;
    let n = if third.is_some() { 3.0 } else { 2.0 };
    let row_w = card.x * n + gap * (n - 1.0);
    let mut x = rect.center().x - row_w / 2.0;
    let alt = ta(lang, "card-face-down", &[("hand", text::hand(lang, hand))]);
    for c in first {
        card_at(ui, view.assets, Rect::from_min_size(Pos2::new(x, y), card), c, &alt);
        x += card.x + gap;
    }
    if let Some(c) = third {
        // The third card is dealt face up, across (drawn a little lower).
        card_at(ui, view.assets, Rect::from_min_size(Pos2::new(x, y + card.y * 0.12), card), c, &alt);
    }
    let yb = y + card.y + 8.0;
    let (line, colour) = result_line(view, hand);
    if !line.is_empty() {
        let r = Rect::from_center_size(
            Pos2::new(rect.center().x, yb + SIZE_BIG / 2.0 + 2.0),
            Vec2::new(rect.width() - 8.0, SIZE_BIG + 6.0),
        );
        ui.put(r, egui::Label::new(egui::RichText::new(line).size(SIZE_BIG).color(colour).strong()));
    }
    if turn {
        let badge = t(lang, "turn-badge");
        // Bottom left: clear of the hand's name, whatever the zone's width.
        let at = rect.left_bottom() + Vec2::new(10.0, -8.0);
        p.text(at, Align2::LEFT_BOTTOM, badge, FontId::proportional(SIZE_SMALL), GOLD);
    }
}

/// Who holds a hand's cards, in words.
pub fn holder_words(view: &View, hand: HandId) -> String {
    let lang = view.lang;
    let game = view.table.settings().game;
    match (view.seats_from.unwrap_or(view.table).holder(hand), hand, game) {
        (Some(p), HandId::Bank, _) => ta(lang, "holder-banker", &[("player", text::player(lang, p))]),
        (None, HandId::Bank, _) => ta(lang, "holder-banker", &[("player", "–".into())]),
        (Some(p), HandId::Banca, Game::PuntoBanca) => ta(lang, "holder-dealer", &[("player", text::player(lang, p))]),
        (Some(p), _, _) => ta(lang, "holder-cards", &[("player", text::player(lang, p))]),
        (None, _, _) => t(lang, "holder-croupier"),
    }
}

/// A hand's total and result: `8 · gana`, `natural 9`, or the two-card total known so far.
fn result_line(view: &View, hand: HandId) -> (String, Color32) {
    let lang = view.lang;
    let name = text::hand(lang, hand);
    if let Some(s) = view.table.settlement() {
        let total = text::total_words(lang, s, hand);
        // Until a trainee answers, the totals say nothing of who won.
        if view.quiz {
            return (ta(lang, "zone-total", &[("hand", name), ("total", total)]), INK);
        }
        // How the hand fared, as the engine says (the bank's side against the one
        // hand it played; Banque's bank played two and has none).
        return match s.fare(hand).map(|f| f.fared) {
            Some(Fared::Won) => (ta(lang, "zone-total-wins", &[("hand", name), ("total", total)]), WIN),
            Some(Fared::Lost) => (ta(lang, "zone-total-loses", &[("hand", name), ("total", total)]), LOSE),
            Some(Fared::Tie) => (ta(lang, "zone-total-tie", &[("hand", name), ("total", total)]), PUSH),
            Some(Fared::Void) => (ta(lang, "zone-total-void", &[("hand", name), ("total", total)]), PUSH),
            None => (ta(lang, "zone-total", &[("hand", name), ("total", total)]), INK),
        };
    }
    let game = view.table.settings().game;
    let Some(state) = hand.in_game(game).then(|| &view.table.coup().play.hands[hand]) else {
        return (String::new(), INK);
    };
    // The word its holder said («carta», «no», natural), until the coup is settled.
    let word = state.call.map(|c| crate::i18n::call_name(lang, c));
    match (state.cards.total(), word) {
        (Some(total), Some(word)) => {
            (ta(lang, "zone-total-word", &[("total", total.to_string()), ("word", word)]), INK)
        }
        (Some(total), None) => (ta(lang, "zone-total", &[("hand", name), ("total", total.to_string())]), INK),
        (None, Some(word)) => (ta(lang, "zone-word", &[("word", word)]), INK),
        (None, None) => (String::new(), INK),
    }
}

/// Places `n` boxes of `size` evenly round the inside of `rect`, on a rounded
/// oval (a superellipse, like the table's edge), starting at the croupier's right
/// (bottom centre, going right) and going round to his left, leaving `gap` free at
/// the bottom centre for the croupier.
pub fn rim_slots(rect: Rect, n: usize, size: Vec2, gap: f32) -> Vec<Rect> {
    let r = rect.shrink2(size / 2.0 + Vec2::splat(8.0));
    let (cx, cy, a, b) = (r.center().x, r.center().y, r.width() / 2.0, r.height() / 2.0);
    // Points round the curve |x/a|^4 + |y/b|^4 = 1, from the bottom centre toward
    // the right (y grows downward).
    const STEPS: usize = 720;
    let point = |k: usize| {
        let t = std::f32::consts::FRAC_PI_2 - std::f32::consts::TAU * k as f32 / STEPS as f32;
        let (s, c) = t.sin_cos();
        Pos2::new(cx + a * c.signum() * c.abs().sqrt(), cy + b * s.signum() * s.abs().sqrt())
    };
    let pts: Vec<Pos2> = (0..=STEPS).map(point).collect();
    let mut along = vec![0.0f32; pts.len()];
    for k in 1..pts.len() {
        along[k] = along[k - 1] + pts[k - 1].distance(pts[k]);
    }
    let total = along[STEPS];
    let usable = (total - gap).max(1.0);
    let step = usable / n.max(1) as f32;
    (0..n)
        .map(|i| {
            let d = gap / 2.0 + step * (i as f32 + 0.5);
            let k = along.partition_point(|x| *x < d).min(STEPS);
            Rect::from_center_size(pts[k], size)
        })
        .collect()
}

/// The largest middle of `inner` (shrunk evenly from its edges) that no box touches.
pub fn clear_middle(inner: Rect, slots: &[Rect], start: Vec2) -> Rect {
    let mut middle = inner.shrink2(start);
    for _ in 0..200 {
        if !slots.iter().any(|s| s.expand(6.0).intersects(middle)) || middle.width() < 80.0 || middle.height() < 80.0 {
            break;
        }
        middle = middle.shrink2(Vec2::new(3.0, 1.5));
    }
    middle
}

/// The croupier's place at the bottom centre: the cagnotte slot and the sabot, one
/// line each from the top, each fitted to the box.
pub fn croupier_box(ui: &mut Ui, view: &View, rect: Rect) {
    let lang = view.lang;
    ui.painter().rect(rect, CornerRadius::same(10), FELT_DARK, Stroke::new(1.5, FELT_LINE), StrokeKind::Inside);
    let inner = rect.shrink2(Vec2::new(6.0, 3.0));
    let mut lines = vec![(t(lang, "croupier").to_uppercase(), SIZE_SMALL, INK_DIM)];
    lines.push((ta(lang, "sabot-left", &[("n", view.table.shoe().in_sabot().to_string())]), SIZE_BODY, INK));
    if let Some(cagnotte) = view.cagnotte() {
        lines.push((ta(lang, "cagnotte-slot", &[("amount", money(lang, cagnotte))]), SIZE_BODY, GOLD));
    }
    // The lines share the box's height evenly.
    let room = inner.height() / lines.len() as f32;
    let mut y = inner.top();
    for (text, size, colour) in lines {
        // A line's galley stands about 1.2 times its type: the type that fits the share.
        let g = widgets::fitted(ui, text, size.min((room - 2.0) / 1.2), inner.width(), colour);
        let x = inner.center().x - g.size().x / 2.0;
        widgets::painted(ui, Pos2::new(x, y + (room - g.size().y) / 2.0), g, colour);
        y += room;
    }
}
