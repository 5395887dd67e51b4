//! Running a script through the engine, and checking what came of it.

use super::{Expect, InfractionAt, RefusedAt, Script, SeatNet, Step};
use crate::engine::settings::BadSettings;
use crate::engine::{Event, Game, HandId, Money, Op, PlayerRef, Refusal, Settlement, Shoe, Table, Winner};
use std::collections::BTreeMap;

/// What running a script did.
#[derive(Clone, Debug)]
pub struct Run {
    pub table: Table,
    pub events: Vec<Event>,
    /// Every refused step, with its refusal (the table unchanged by it).
    pub refused: Vec<(usize, Refusal)>,
    /// The first refusal the script did not expect: the run stopped there.
    pub stopped: Option<(usize, Refusal)>,
    /// Failures of `Check` steps, with the step's index.
    pub check_failures: Vec<(usize, Failure)>,
}

/// Settings that cannot make a table: the rule they break (its words are in the
/// locales, `crate::i18n::settings_text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupError(pub BadSettings);

/// One expectation that did not hold: what it was about, what the script expected
/// and what the run computed. Typed, so that each reader says it in its language
/// (`crate::i18n::failure_text`); `Display` is the English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub what: Subject,
    pub expected: Value,
    pub computed: Value,
}

/// What an expectation is about: a step's refusal, a field of `expect` (as the script
/// names it), or the same within a `Check` step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// The step at this index (its refusal).
    Step(usize),
    /// A `Check` step's expectation.
    Check(usize, Box<Subject>),
    /// A field of `expect` by its name in the script (`bank`, `cagnotte`, `coups`…).
    Field(&'static str),
    TotalOf(HandId),
    WinnerOf(HandId),
    /// A seat's net: its seated player, its player standing, or both together.
    NetOf {
        seat: u8,
        standing: Option<bool>,
    },
    HolderOf(HandId),
}

/// A value expected or computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// As a script writes it: an amount, a number, a list, a clause.
    Written(String),
    /// A step refused citing this clause.
    RefusedCiting(crate::engine::Clause),
    /// A step accepted.
    Accepted,
    /// A step the run never reached (it stopped before).
    NotReached,
    /// The coup settled.
    Settled,
    /// The coup not settled yet.
    NotFinished,
    /// Nothing there (no total, no winner).
    Nothing,
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Written(s)
    }
}

impl std::fmt::Display for Subject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Subject::Step(i) => write!(f, "step {i}"),
            Subject::Check(i, what) => write!(f, "step {i} check: {what}"),
            Subject::Field(name) => f.write_str(name),
            Subject::TotalOf(hand) => write!(f, "total of {hand}"),
            Subject::WinnerOf(hand) => write!(f, "winner of {hand}"),
            Subject::NetOf { seat, standing: Some(true) } => write!(f, "net of seat {seat} (standing)"),
            Subject::NetOf { seat, standing: Some(false) } => write!(f, "net of seat {seat} (seated)"),
            Subject::NetOf { seat, standing: None } => write!(f, "net of seat {seat}"),
            Subject::HolderOf(hand) => write!(f, "holder of {hand}"),
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Written(s) => f.write_str(s),
            Value::RefusedCiting(clause) => write!(f, "refused citing {clause}"),
            Value::Accepted => f.write_str("accepted"),
            Value::NotReached => f.write_str("not reached"),
            Value::Settled => f.write_str("settled"),
            Value::NotFinished => f.write_str("not finished"),
            Value::Nothing => f.write_str("nothing"),
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: expected {}, computed {}", self.what, self.expected, self.computed)
    }
}

/// The table a script starts from.
pub fn start_table(script: &Script) -> Result<Table, SetupError> {
    let settings = script.table.settings();
    let shoe = match &script.shoe {
        Some(spec) => spec.shoe(),
        None => Shoe::decks(settings.decks),
    };
    let bank = if settings.game.has_bank() { script.bank.unwrap_or(Money::ZERO) } else { Money::ZERO };
    Table::new(settings, bank, shoe).map_err(SetupError)
}

/// Applies one step: all its operations, or none of them.
pub fn apply_step(table: &mut Table, step: &Step, events: &mut Vec<Event>) -> Result<(), Refusal> {
    let mut ops = step.ops();
    // At a free bank a bet placed is one the banker accepted: its offer, then his
    // acceptance (R-BQ-4); the engine takes no bet straight on there.
    if let [Op::Bet { player, spot, amount }] = ops.as_slice()
        && let offer @ Op::OfferBet { player, .. } = table.bet_of(*player, *spot, *amount)
    {
        ops = vec![offer, Op::AcceptBet { player }];
    }
    if ops.len() == 1 {
        return table.handle(&ops[0], events);
    }
    let mut trial = table.clone();
    let mut out = Vec::new();
    for op in &ops {
        trial.handle(op, &mut out)?;
    }
    *table = trial;
    events.extend(out);
    Ok(())
}

/// Runs a script's steps.
pub fn run(script: &Script) -> Result<Run, SetupError> {
    let mut table = start_table(script)?;
    let expected: Vec<usize> =
        script.expect.as_ref().and_then(|e| e.refused.as_ref()).map_or(vec![], |r| r.iter().map(|x| x.step).collect());
    let mut events = Vec::new();
    let mut refused = Vec::new();
    let mut stopped = None;
    let mut check_failures = Vec::new();
    for (i, step) in script.steps.iter().enumerate() {
        if let Step::Check(e) = step {
            for f in check_expect(e, &table) {
                check_failures.push((i, f));
            }
            continue;
        }
        if let Err(r) = apply_step(&mut table, step, &mut events) {
            refused.push((i, r.clone()));
            if !expected.contains(&i) {
                stopped = Some((i, r));
                break;
            }
        }
    }
    Ok(Run { table, events, refused, stopped, check_failures })
}

/// A seat's net in the settlement: one of its players, or both together (checked).
fn net_of(s: &Settlement, seat: u8, standing: Option<bool>) -> Result<Money, crate::engine::money::MoneyError> {
    match standing {
        Some(standing) => Ok(s.net_of(PlayerRef { seat, standing })),
        None => Money::sum(s.seats.iter().filter(|r| r.player.seat == seat).map(|r| r.net)),
    }
}

fn winner_of(s: &Settlement, hand: HandId) -> Option<Winner> {
    let key = if hand == HandId::Banca { HandId::Punto } else { hand };
    s.winners.iter().find(|(h, _)| *h == key).map(|(_, w)| *w)
}

fn show_opt<T: std::fmt::Debug>(v: Option<T>) -> Value {
    v.map_or(Value::Nothing, |v| Value::Written(format!("{v:?}")))
}

/// Checks a run against the script's final expectations (and its `Check` steps).
pub fn check(script: &Script, run: &Run) -> Vec<Failure> {
    let mut out: Vec<Failure> = run
        .check_failures
        .iter()
        .map(|(i, f)| Failure { what: Subject::Check(*i, Box::new(f.what.clone())), ..f.clone() })
        .collect();
    let Some(e) = &script.expect else { return out };
    for RefusedAt { step, rule } in e.refused.iter().flatten() {
        let mut fail = |computed: Value| {
            out.push(Failure { what: Subject::Step(*step), expected: Value::RefusedCiting(*rule), computed })
        };
        match run.refused.iter().find(|(i, _)| i == step) {
            Some((_, r)) if r.cites(*rule) => {}
            Some((_, r)) => fail(Value::RefusedCiting(r.clause)),
            None if run.stopped.as_ref().is_some_and(|(i, _)| i < step) => fail(Value::NotReached),
            None => fail(Value::Accepted),
        }
    }
    out.extend(check_expect(e, &run.table));
    out
}

/// Checks one set of expectations against the table as it stands.
pub fn check_expect(e: &Expect, table: &Table) -> Vec<Failure> {
    let mut out = Vec::new();
    let mut fail = |what: Subject, expected: Value, computed: Value| out.push(Failure { what, expected, computed });
    if let Some(list) = &e.infractions {
        let got: Vec<InfractionAt> =
            table.coup().infractions.iter().map(|i| InfractionAt { rule: i.clause, hand: Some(i.hand) }).collect();
        let same = list.len() == got.len()
            && list.iter().zip(&got).all(|(x, y)| x.rule == y.rule && x.hand.is_none_or(|h| Some(h) == y.hand));
        if !same {
            let show = |v: &[InfractionAt]| {
                format!("[{}]", v.iter().map(|i| i.rule.to_string()).collect::<Vec<_>>().join(", "))
            };
            fail(Subject::Field("infractions"), show(list).into(), show(&got).into());
        }
    }
    check_shift(e, table, &mut fail);
    let needs_settlement = e.totals.is_some()
        || e.winners.is_some()
        || e.net.is_some()
        || e.cagnotte.is_some()
        || e.commission.is_some()
        || e.void.is_some();
    let settlement = table.settlement();
    if let Some(bank) = e.bank {
        // "The bank after the coup": the settlement's figure, even where the bank then
        // passes to another player (Chemin de fer); between coups, the bank as it stands.
        let got = settlement.map_or(table.bank(), |s| s.bank_after);
        if got != bank {
            fail(Subject::Field("bank"), bank.to_string().into(), got.to_string().into());
        }
    }
    let Some(s) = settlement else {
        if needs_settlement {
            fail(Subject::Field("coup"), Value::Settled, Value::NotFinished);
        }
        return out;
    };
    for (hand, total) in e.totals.iter().flatten() {
        let got = s.total_of(*hand);
        if got != Some(*total) {
            fail(Subject::TotalOf(*hand), total.to_string().into(), show_opt(got));
        }
    }
    for (hand, w) in e.winners.iter().flatten() {
        let got = winner_of(s, *hand);
        if got != Some(*w) {
            fail(Subject::WinnerOf(*hand), format!("{w:?}").into(), show_opt(got));
        }
    }
    for SeatNet { seat, standing, amount } in e.net.iter().flatten() {
        let got = net_of(s, *seat, *standing);
        if got != Ok(*amount) {
            let who = Subject::NetOf { seat: *seat, standing: *standing };
            fail(who, amount.to_string().into(), got.map_or_else(|e| e.to_string(), |g| g.to_string()).into());
        }
    }
    if let Some(c) = e.cagnotte.filter(|c| *c != s.cagnotte) {
        fail(Subject::Field("cagnotte"), c.to_string().into(), s.cagnotte.to_string().into());
    }
    if let Some(c) = e.commission.filter(|c| *c != s.commission) {
        fail(Subject::Field("commission"), c.to_string().into(), s.commission.to_string().into());
    }
    if let Some(v) = e.void.filter(|v| *v != s.void.is_some()) {
        fail(Subject::Field("void"), v.to_string().into(), s.void.is_some().to_string().into());
    }
    out
}

fn seat_of(p: Option<PlayerRef>) -> u8 {
    p.map_or(0, |p| p.seat)
}

/// The shift's expectations (project additions).
fn check_shift(e: &Expect, t: &Table, fail: &mut impl FnMut(Subject, Value, Value)) {
    let sh = t.shift();
    let mut eq = |what: Subject, expected: String, got: String| {
        if expected != got {
            fail(what, expected.into(), got.into());
        }
    };
    if let Some(v) = e.coup {
        eq(Subject::Field("coup"), v.to_string(), sh.coup_number.to_string());
    }
    if let Some(v) = e.coups {
        eq(Subject::Field("coups"), v.to_string(), t.totals().coups.to_string());
    }
    if let Some(v) = e.banker {
        eq(Subject::Field("banker"), v.to_string(), seat_of(sh.banker()).to_string());
    }
    for (hand, seat) in e.holders.iter().flatten() {
        eq(Subject::HolderOf(*hand), seat.to_string(), seat_of(t.holder(*hand)).to_string());
    }
    if let Some(v) = e.dealer {
        eq(Subject::Field("dealer"), v.to_string(), t.dealer().to_string());
    }
    if let Some(v) = e.suivi {
        eq(Subject::Field("suivi"), v.to_string(), seat_of(sh.suivi).to_string());
    }
    if let Some(v) = e.bank_offered_to {
        eq(Subject::Field("bank_offered_to"), v.to_string(), sh.bank.offered_to().unwrap_or(0).to_string());
    }
    if let Some(v) = e.set_aside {
        eq(Subject::Field("set_aside"), v.to_string(), sh.set_aside.to_string());
    }
    if let Some(v) = e.cagnotte_total {
        eq(Subject::Field("cagnotte_total"), v.to_string(), t.totals().cagnotte.to_string());
    }
    if let Some(v) = e.commission_total {
        eq(Subject::Field("commission_total"), v.to_string(), t.totals().commission.to_string());
    }
    if let Some(v) = e.cards_left {
        eq(Subject::Field("cards_left"), v.to_string(), t.shoe().in_sabot().to_string());
    }
    if let Some(v) = e.shoe_ended {
        eq(Subject::Field("shoe_ended"), v.to_string(), sh.sabot.ended().to_string());
    }
    if let Some(v) = &e.bets {
        let got: Vec<(u8, crate::engine::Spot, Money)> =
            t.coup().bets.iter().map(|b| (b.player.seat, b.spot, b.amount)).collect();
        eq(Subject::Field("bets"), format!("{v:?}"), format!("{got:?}"));
    }
    if let Some(v) = &e.errors {
        let got: Vec<crate::engine::Clause> = t.coup().errors.iter().map(|r| r.clause).collect();
        eq(Subject::Field("errors"), format!("{v:?}"), format!("{got:?}"));
    }
    if let Some(v) = e.amendments {
        eq(Subject::Field("amendments"), v.to_string(), t.totals().amendments.to_string());
    }
    if let Some(v) = e.corrections {
        eq(Subject::Field("corrections"), v.to_string(), t.totals().corrections.to_string());
    }
    if let Some(v) = e.ruling {
        let got = t.coup().play.pending.map(|p| p.clause());
        eq(Subject::Field("ruling"), format!("{:?}", Some(v)), format!("{got:?}"));
    }
    if let Some(v) = &e.order {
        eq(Subject::Field("order"), format!("{v:?}"), format!("{:?}", t.betting_order()));
    }
}

/// Each seat's net in the shape of `expect`: a seat with only its seated player as one
/// line (`standing` left out), otherwise one line per player.
pub fn seat_nets(s: &crate::engine::Settlement) -> Vec<SeatNet> {
    let mut by_seat: BTreeMap<u8, Vec<&crate::engine::SeatResult>> = BTreeMap::new();
    for r in &s.seats {
        by_seat.entry(r.player.seat).or_default().push(r);
    }
    let mut net = Vec::new();
    for (seat, rs) in by_seat {
        if rs.len() == 1 && !rs[0].player.standing {
            net.push(SeatNet { seat, standing: None, amount: rs[0].net });
        } else {
            for r in rs {
                net.push(SeatNet { seat, standing: Some(r.player.standing), amount: r.net });
            }
        }
    }
    net
}

/// What the run computed, in the shape of `expect` (for `sabot play --print`).
pub fn computed_expect(_script: &Script, run: &Run) -> Expect {
    let game = run.table.settings().game;
    let mut e = Expect::default();
    if !run.refused.is_empty() {
        e.refused = Some(run.refused.iter().map(|(step, r)| RefusedAt { step: *step, rule: r.clause }).collect());
    }
    let infractions = &run.table.coup().infractions;
    if !infractions.is_empty() {
        e.infractions = Some(infractions.iter().map(|i| InfractionAt { rule: i.clause, hand: Some(i.hand) }).collect());
    }
    if game.has_bank() {
        e.bank = Some(run.table.settlement().map_or(run.table.bank(), |s| s.bank_after));
    }
    let Some(s) = run.table.settlement() else { return e };
    e.totals = Some(s.hands.iter().map(|h| (h.hand, h.total)).collect());
    e.winners = Some(s.winners.to_vec());
    e.net = Some(seat_nets(s));
    match game {
        Game::PuntoBanca => {
            e.commission = Some(s.commission);
            e.void = Some(s.void.is_some());
        }
        _ => e.cagnotte = Some(s.cagnotte),
    }
    e
}

/// `expect: (...)` as RON, to paste into a script.
pub fn expect_to_ron(e: &Expect) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(1);
    let body = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .to_string_pretty(e, config)
        .unwrap_or_default();
    format!("expect: {body},")
}
