//! One coup of a shift log as a table script (`docs/SCRIPTS.md`): the table,
//! the bank and the sabot as they were before the coup, the steps that rebuild its
//! operations, and the logged settlement as `expect`. `sabot play` runs it to the
//! same outcome (checked here before it is handed out).

use crate::engine::settings::BadSettings;
use crate::engine::{Clause, Event, Game, Op, Phase, Refusal, Settlement, Shoe, Table};
use crate::i18n::{Lang, settings_text};
use crate::journal::error::JournalError;
use crate::journal::record::{Body, Header, Record};
use crate::journal::scan::{self, Mode, Seen};
use crate::script::run;
use crate::script::{Expect, InfractionAt, Script, ShoeSpec, Step, TableSpec};
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
    op.phase() == Phase::Coup
}

/// The step that enters exactly this operation, if the script format has one.
pub fn step_of(op: &Op) -> Option<Step> {
    let step = Step::of(op)?;
    // Only a step that enters exactly this operation (a standing player's shuffle,
    // say, has none).
    (step.ops() == std::slice::from_ref(op)).then_some(step)
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
