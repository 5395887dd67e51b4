//! One coup of a shift log as a table script (`docs/SCRIPTS.md`): the table,
//! the bank and the sabot as they were before the coup, the steps that rebuild its
//! operations, and the logged settlement as `expect`. `sabot play` runs it to the
//! same outcome (checked here before it is handed out).

use super::error::JournalError;
use super::record::{Body, Header, Record};
use super::scan::{self, Mode, Seen};
use crate::engine::settings::BadSettings;
use crate::engine::{BankWay, Bid, Clause, Event, Game, Money, Op, PlayerRef, Refusal, Settlement, Shoe, Table};
use crate::i18n::{Lang, settings_text};
use crate::script::run;
use crate::script::{Expect, InfractionAt, Script, SeatAmount, ShoeSpec, Step, TableSpec};
use std::path::Path;

/// Why a coup could not be exported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Journal(#[from] JournalError),
    #[error("the shift has no coup {wanted} that was played: {coups} coups were played (counting one in play)")]
    NoSuchCoup { wanted: u32, coups: u32 },
    #[error("coup {coup} has an operation the table-script format has no step for (line {line}: {op})")]
    NoStep { coup: u32, line: usize, op: String },
    /// The script's table settings cannot make a table.
    #[error("the exported script does not run to the logged outcome: {}", settings_text(Lang::En, *.0))]
    Settings(BadSettings),
    /// The script's checks that failed.
    #[error("the exported script does not run to the logged outcome: {}", failures_en(.0))]
    Mismatch(Vec<run::Failure>),
    #[error("the exported script does not run to the logged outcome: step {step} refused: {refusal}")]
    StepRefused { step: usize, refusal: Refusal },
}

fn failures_en(failures: &[run::Failure]) -> String {
    failures.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("; ")
}

/// A coup exported.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    pub script: Script,
    /// The coup was settled in the log (otherwise the script stops where the log does
    /// and has no expected settlement).
    pub settled: bool,
}

/// Whether an operation belongs to a coup's play (a bet, a card, a call …) rather
/// than to the shift between coups (the next coup, a shoe, a bank, the roster).
pub fn is_coup_op(op: &Op) -> bool {
    matches!(
        op,
        Op::Bet { .. }
            | Op::Banco { .. }
            | Op::BancoWithTable { .. }
            | Op::NoMoreBets
            | Op::Card(_)
            | Op::Show { .. }
            | Op::Say { .. }
            | Op::AskTable
            | Op::OfferBet { .. }
            | Op::AcceptBet { .. }
            | Op::DeclineBet { .. }
            | Op::WithdrawBet { .. }
            | Op::DrawLot { .. }
            | Op::LastComplete { .. }
            | Op::BancoAssociated { .. }
            | Op::CallSuivi { .. }
            | Op::CardsTo { .. }
            | Op::CardsTaken { .. }
            | Op::CardsSeen { .. }
            // Errors and infractions recorded during a coup (R-BQ-E1…E18, R-CF-7).
            | Op::EarlyCards { .. }
            | Op::DeadCard { .. }
            | Op::StuckCards
            | Op::CardOnFloor { .. }
            | Op::WrongPlayer { .. }
            | Op::Discarded { .. }
            | Op::IrregularDeal { .. }
            | Op::CardTo { .. }
            | Op::Exposed { .. }
            | Op::LostInDiscard { .. }
            | Op::Announce { .. }
            | Op::Confirm
            | Op::PlayerError { .. }
            | Op::TooLong { .. }
            | Op::LateBet { .. }
            | Op::WithdrawLate { .. }
            // The croupier's own corrections within the coup.
            | Op::TakeBack { .. }
    )
}

/// The step that enters exactly this operation, if the script format has one.
pub fn step_of(op: &Op) -> Option<Step> {
    let step = step_for(op)?;
    // Only a step that enters exactly this operation (a standing player's shuffle,
    // say, has none).
    (step.ops() == std::slice::from_ref(op)).then_some(step)
}

/// The step the script format writes for an operation, if any: one for each kind of
/// operation, but a lot drawn among no bidder and a card on the floor that is named.
fn step_for(op: &Op) -> Option<Step> {
    let s = |p: &PlayerRef| (p.seat, p.standing);
    Some(match op {
        Op::Bet { player, spot, amount } => {
            Step::Bet { seat: player.seat, spot: *spot, amount: *amount, standing: player.standing }
        }
        Op::Banco { player, on } => Step::Banco { seat: player.seat, on: *on, standing: player.standing },
        Op::BancoWithTable { player } => Step::BancoWithTable { seat: player.seat, standing: player.standing },
        Op::NoMoreBets => Step::NoMoreBets,
        Op::Card(c) => Step::Cards(vec![*c]),
        Op::Show { hand, cards } => Step::Show(*hand, cards.clone()),
        Op::Say { hand, call } => Step::Say(*hand, *call),
        Op::AskTable => Step::AskTable,
        Op::NextCoup => Step::NextCoup,
        Op::AnnounceBank { amount } => Step::AnnounceBank(*amount),
        Op::Join { player, number } => Step::Join { seat: s(player).0, standing: s(player).1, number: number.clone() },
        Op::Leave { player } => Step::Leave { seat: s(player).0, standing: s(player).1 },
        Op::NewShoe => Step::NewShoe,
        Op::Shuffle { by } => by.map_or(Step::Shuffle, |p| Step::PlayerShuffles { seat: p.seat }),
        Op::DeclineCut { by } => Step::DeclineCut { seat: by.seat },
        Op::Cut { by, below } => Step::Cut { below: *below, seat: by.map(|p| p.seat) },
        Op::Burn { card } => Step::Burn(*card),
        Op::CutCardOut => Step::CutCardOut,
        Op::CheckCards => Step::CheckCards,
        Op::TakeBank { player, amount } => {
            Step::TakeBank { seat: player.seat, amount: *amount, how: BankWay::Bought, standing: player.standing }
        }
        Op::LeaveBank => Step::LeaveBank,
        Op::DeclineBank { player } => Step::DeclineBank { seat: player.seat },
        Op::DrawLot { winner } => Step::DrawLot { seat: winner.seat, standing: winner.standing },
        Op::OfferBet { player, spot, amount } => {
            Step::OfferBet { seat: player.seat, spot: *spot, amount: *amount, standing: player.standing }
        }
        Op::AcceptBet { player } => Step::AcceptBet { seat: player.seat, standing: player.standing },
        Op::DeclineBet { player } => Step::DeclineBet { seat: player.seat, standing: player.standing },
        Op::WithdrawBet { player, spot } => {
            Step::WithdrawBet { seat: player.seat, spot: *spot, standing: player.standing }
        }
        Op::SetAside { amount } => Step::SetAside(*amount),
        Op::LastComplete { player } => Step::LastComplete { seat: player.seat, standing: player.standing },
        Op::CallSuivi { player } => Step::CallSuivi { seat: player.seat, standing: player.standing },
        Op::CardsTo { player } => Step::CardsTo { seat: player.seat, standing: player.standing },
        Op::CardsTaken { player } => Step::CardsTaken { seat: player.seat, standing: player.standing },
        Op::CardsSeen { player } => Step::CardsSeen { seat: player.seat, standing: player.standing },
        Op::PassSabot => Step::PassSabot,
        Op::Auction { bids, lot } => auction_step(bids, *lot)?,
        Op::BancoAssociated { shares } => {
            Step::BancoAssociated { shares: shares.iter().map(|x| seat_amount(&x.player, x.amount)).collect() }
        }
        Op::EarlyCards { count } => Step::EarlyCards(*count),
        Op::DeadCard { card } => Step::DeadCard(*card),
        Op::StuckCards => Step::StuckCards,
        Op::CardOnFloor { card: None } => Step::CardOnFloor,
        Op::CardOnFloor { card: Some(_) } => return None,
        Op::WrongPlayer { hand, player } => {
            Step::WrongPlayer { hand: *hand, seat: player.seat, standing: player.standing }
        }
        Op::Discarded { hand, by_croupier, cards, total } => {
            Step::Discarded { hand: *hand, by_croupier: *by_croupier, cards: cards.clone(), total: *total }
        }
        Op::Claim => Step::Claim,
        Op::Amend { coup, reason } => Step::Amend { coup: *coup, reason: reason.clone() },
        Op::IrregularDeal { put_right } => Step::IrregularDeal { put_right: *put_right },
        Op::CardTo { hand, card } => Step::CardTo(*hand, *card),
        Op::Exposed { hand, cards } => Step::Exposed(*hand, cards.clone()),
        Op::LostInDiscard { hand, card } => Step::LostInDiscard { hand: *hand, card: *card },
        Op::Announce { total } => Step::Announce(*total),
        Op::Confirm => Step::Confirm,
        Op::PlayerError { clause, hand, by } => Step::PlayerError { rule: *clause, hand: *hand, by: *by },
        Op::TooLong { hand } => Step::TooLong(*hand),
        Op::LateBet { player, amount } => {
            Step::LateBet { seat: player.seat, amount: *amount, standing: player.standing }
        }
        Op::WithdrawLate { player } => Step::WithdrawLate { seat: player.seat, standing: player.standing },
        Op::TakeBack { entries } => Step::TakeBack(*entries),
    })
}

/// An amount of a player's, as a script names it: by seat and whether standing.
fn seat_amount(player: &PlayerRef, amount: Money) -> SeatAmount {
    SeatAmount { seat: player.seat, standing: player.standing, amount }
}

/// The auction of the bank: its bids, and the lot among them. A lot names a bidder by
/// section: the step finds it among the bids (none when it is not there).
fn auction_step(bids: &[Bid], lot: Option<PlayerRef>) -> Option<Step> {
    if lot.is_some_and(|l| !bids.iter().any(|b| b.player == l)) {
        return None;
    }
    Some(Step::Auction {
        bids: bids.iter().map(|b| seat_amount(&b.player, b.amount)).collect(),
        lot: lot.map(|l| l.seat),
    })
}

/// Joins cards that came one after the other into one `Cards` step.
fn push_step(steps: &mut Vec<Step>, step: Step) {
    if let (Some(Step::Cards(prev)), Step::Cards(more)) = (steps.last_mut(), &step) {
        prev.extend(more.iter().copied());
        return;
    }
    steps.push(step);
}

/// The `expect` a settled coup gives (the shape `sabot play --print` prints).
pub fn expect_from(game: Game, s: Option<&Settlement>, infractions: &[InfractionAt]) -> Expect {
    let mut e = Expect::default();
    if !infractions.is_empty() {
        e.infractions = Some(infractions.to_vec());
    }
    let Some(s) = s else { return e };
    e.totals = Some(s.hands.iter().map(|h| (h.hand, h.total)).collect());
    e.winners = Some(s.winners.to_vec());
    e.net = Some(crate::script::run::seat_nets(s));
    if game.has_bank() {
        e.cagnotte = Some(s.cagnotte);
        e.bank = Some(s.bank_after);
    } else {
        e.commission = Some(s.commission);
        e.void = Some(s.void.is_some());
    }
    e
}

struct Found {
    before: Table,
    steps: Vec<Step>,
    infractions: Vec<InfractionAt>,
    settlement: Option<Settlement>,
}

/// The table as it stood before coup `n` (from 1) of a log: its settings, the bank,
/// and what was left in the sabot (for `sabot odds --log`). The log is verified first.
pub fn table_before_coup(path: impl AsRef<Path>, n: u32) -> Result<Table, ExportError> {
    let path = path.as_ref();
    let mut coups_seen = 0u32;
    let mut in_coup = false;
    let mut found: Option<Table> = None;
    let mut visit = |seen: Seen<'_>| match seen {
        Seen::Record { record: Record { body: Body::Op { op, .. }, .. }, before, .. } => {
            if !in_coup && before.coup().settlement.is_none() && is_coup_op(op) {
                in_coup = true;
                coups_seen += 1;
                if before.shift().coup_number == n && found.is_none() {
                    found = Some(before.clone());
                }
            }
        }
        Seen::Events { events, .. } => in_coup = still_in_coup(in_coup, events),
        Seen::Record { .. } => {}
    };
    scan::scan_file(path, Mode::Verify, Some(&mut visit))?;
    found.ok_or(ExportError::NoSuchCoup { wanted: n, coups: coups_seen })
}

/// Whether the coup is still in play after an entry's events: its settlement ends it,
/// a settlement withdrawn before it was paid (R-BQ-E12) takes it up again.
fn still_in_coup(in_coup: bool, events: &[Event]) -> bool {
    if events.iter().any(|e| matches!(e, Event::Settled(_))) {
        false
    } else {
        in_coup || events.iter().any(|e| matches!(e, Event::Unsettled { .. }))
    }
}

/// Exports coup `n` (from 1) of a log, after verifying the log up to its end.
pub fn export_coup(path: impl AsRef<Path>, n: u32) -> Result<Exported, ExportError> {
    let path = path.as_ref();
    let (f, header) = collect_coup(path, n)?;
    let settled = f.settlement.is_some();
    let script = script_of(path, n, &header, f);
    // The script must run to the logged outcome, or it is not handed out.
    let run = run::run(&script).map_err(|e| ExportError::Settings(e.0))?;
    if let Some((i, r)) = &run.stopped {
        return Err(ExportError::StepRefused { step: *i, refusal: r.clone() });
    }
    let failures = run::check(&script, &run);
    if !failures.is_empty() {
        return Err(ExportError::Mismatch(failures));
    }
    Ok(Exported { script, settled })
}

/// Verifies the log to its end and collects coup `n`: the table before it, the steps
/// of its operations (and the confirmations after its settlement), its infractions
/// and its settlement; with the log's header.
fn collect_coup(path: &Path, n: u32) -> Result<(Found, Header), ExportError> {
    let mut coups_seen = 0u32;
    let mut in_coup = false;
    let mut found: Option<Found> = None;
    let mut no_step: Option<ExportError> = None;
    // The operation just seen belongs to coup `n`: its events are the coup's.
    let mut collecting = false;
    let mut visit = |seen: Seen<'_>| match seen {
        Seen::Record { line, record: Record { body: Body::Op { op, .. }, .. }, before } => {
            let settled = before.coup().settlement.is_some();
            let number = before.shift().coup_number;
            if !in_coup && !settled && is_coup_op(op) {
                in_coup = true;
                coups_seen += 1;
                if number == n {
                    found =
                        Some(Found { before: before.clone(), steps: vec![], infractions: vec![], settlement: None });
                }
            }
            // After its settlement a coup still takes confirmations (a show, a call) and
            // the banker's announcement (R-BQ-E12); the shift's operations between coups
            // belong to no coup.
            let confirmation =
                !in_coup && settled && matches!(op, Op::Show { .. } | Op::Say { .. } | Op::Announce { .. });
            collecting = false;
            if number == n
                && (in_coup || confirmation)
                && let Some(f) = found.as_mut()
            {
                collecting = true;
                match step_of(op) {
                    Some(step) => push_step(&mut f.steps, step),
                    None => {
                        no_step.get_or_insert(ExportError::NoStep { coup: n, line, op: format!("{op:?}") });
                    }
                }
            }
        }
        Seen::Events { events, .. } => {
            if collecting && let Some(f) = found.as_mut() {
                for e in events {
                    match e {
                        Event::Infraction(i) => f.infractions.push(InfractionAt { rule: i.clause, hand: Some(i.hand) }),
                        Event::Settled(s) => f.settlement = Some(s.as_ref().clone()),
                        _ => {}
                    }
                }
            }
            collecting = false;
            in_coup = still_in_coup(in_coup, events);
        }
        Seen::Record { .. } => {}
    };
    let replayed = scan::scan_file(path, Mode::Verify, Some(&mut visit))?;
    if let Some(e) = no_step {
        return Err(e);
    }
    let Some(f) = found else { return Err(ExportError::NoSuchCoup { wanted: n, coups: coups_seen }) };
    Ok((f, replayed.header))
}

/// The script of a coup collected: titled with the shift and the file, the rules it
/// cites, the table, bank and sabot before it, its steps, and what it must come to.
fn script_of(path: &Path, n: u32, header: &Header, f: Found) -> Script {
    let settings = f.before.settings().clone();
    let game = settings.game;
    let shoe = f.before.shoe();
    let shoe_spec = if *shoe == Shoe::decks(settings.decks) {
        None
    } else if shoe.is_exact() {
        Some(ShoeSpec::Cards(shoe.unseen_cards()))
    } else {
        Some(ShoeSpec::Counts { counts: shoe.points_counts() })
    };
    let mut rules: Vec<Clause> = f.infractions.iter().map(|i| i.rule).collect();
    if f.settlement.is_some() {
        // The comparison of hands (R-BQ-15; Punto y Banca's fixed rules, R-PB-7) and
        // the game's fee.
        let compare = if game == Game::PuntoBanca { Clause::PB7 } else { Clause::BQ15 };
        rules.extend([compare, settings.fee().clause]);
    }
    rules.sort();
    rules.dedup();
    let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let settled = f.settlement.is_some();
    Script {
        title: format!(
            "{}, croupier {}: coup {n} of the shift started {}{} (exported from {file})",
            header.table,
            header.croupier,
            header.started.format("%Y-%m-%d %H:%M:%S %:z"),
            if settled { "" } else { ", not settled when the log ends" },
        ),
        rules,
        table: TableSpec::from_settings(&settings),
        bank: game.has_bank().then_some(f.before.bank()),
        shoe: shoe_spec,
        expect: Some(expect_from(game, f.settlement.as_ref(), &f.infractions)),
        steps: f.steps,
    }
}
