//! Text from a log printed inert (issue 51, point 4), and a log of format 2 held to
//! today's checks where its records allow it (point 7). A table's or croupier's name
//! holding an escape sequence, or a damaged record quoting one, never reaches the pit
//! boss's terminal as it is: `sabot verify A B` cannot show a damaged A as «ok», nor
//! `sabot report` draw over its own lines. A format-2 log rechained with a bet logged
//! for another amount, or a coup under another number, fails `verify`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common::rechained;
use sabot::engine::{Event, Game, Op, TableSettings};
use sabot::journal::{Body, Header, Journal, record};
use sabot::sim::{OpSink, Simulator};
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sabot");

struct Sink<'a>(&'a mut Journal);

impl OpSink for Sink<'_> {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
        self.0.append(op, events).map(|_| ()).map_err(|_| sabot::sim::SinkFailed)
    }
}

/// What erases the line above and the line itself, then prints a fake verdict.
const FAKE: &str = "\u{1b}[1A\u{1b}[2K\rB.sabotlog: ok\u{7}";

/// A closed shift of `croupier` at «Mesa 3».
fn shift(dir: &Path, name: &str, croupier: &str) -> PathBuf {
    let header = Header::live("Mesa 3", croupier, TableSettings::new(Game::Banque), false);
    let mut j = Journal::create(dir.join(name), header).expect("log");
    Simulator::new(Game::Banque, 5).expect("sim").run(2, &mut Sink(&mut j)).expect("coups");
    j.close().expect("close");
    j.path().to_path_buf()
}

/// Rewrites record `k` of a log with another croupier, every hash after it
/// recomputed (the chain sound, the record «of another croupier»).
fn other_croupier_at(log: &Path, k: usize, croupier: &str) {
    let text = std::fs::read_to_string(log).expect("log");
    let lines: Vec<&str> = text.lines().collect();
    rechained(&lines, k, |r| r.croupier = croupier.to_string(), log);
}

fn run(args: &[&std::ffi::OsStr]) -> (i32, String) {
    let out = Command::new(BIN).arg("--lang").arg("en").args(args).output().expect("sabot runs");
    let mut said = String::from_utf8(out.stdout).expect("utf8");
    said.push_str(&String::from_utf8(out.stderr).expect("utf8"));
    (out.status.code().unwrap_or(-1), said)
}

fn assert_inert(said: &str) {
    for c in ['\u{1b}', '\r', '\u{7}'] {
        assert!(!said.contains(c), "{c:?} printed as it is: {said:?}");
    }
    assert!(said.contains("\\u{1b}[1A"), "the escape shown as such: {said}");
}

#[test]
fn verify_and_report_print_a_logs_text_inert() {
    let dir = tempfile::tempdir().expect("dir");
    // A: its croupier's name an escape sequence; then damaged, a record «of another
    // croupier» whose name is one too. B: a sound log.
    let a = shift(dir.path(), "A.sabotlog", &format!("Ana{FAKE}"));
    let b = shift(dir.path(), "B.sabotlog", "Eva");
    let (status, said) = run(&["verify".as_ref(), a.as_os_str(), b.as_os_str()]);
    assert_eq!(status, 0, "{said}");
    assert_inert(&said);
    other_croupier_at(&a, 3, &format!("Luis{FAKE}"));
    let (status, said) = run(&["verify".as_ref(), a.as_os_str(), b.as_os_str()]);
    assert_eq!(status, 1, "{said}");
    assert_inert(&said);
    assert!(said.lines().next().is_some_and(|l| l.contains("BAD at line 4")), "{said}");
    let (_, said) = run(&["report".as_ref(), b.as_os_str(), a.as_os_str()]);
    assert_inert(&said);
}

/// A format-2 fixture (written by the Sabot of format 2) with one bet's amount changed
/// in its operation (41.00 where 40.00 was logged, or the like) and every hash after it
/// recomputed: the events logged are no longer the operation's, and `verify` says so
/// (before issue 51 a format-2 log skipped that check and verified «ok»). The same
/// with a coup opened under another number.
#[test]
fn a_rechained_format_2_log_is_held_to_its_operations() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format-2/banque-sim.sabotlog");
    assert!(sabot::journal::verify(&fixture).is_ok(), "the fixture verifies as it is");
    let text = std::fs::read_to_string(&fixture).expect("fixture");
    let lines: Vec<&str> = text.lines().collect();
    let dir = tempfile::tempdir().expect("dir");
    // The first bet, its operation one unit more than its event says.
    let bet = lines
        .iter()
        .position(|l| matches!(record::decode(l.as_bytes()).map(|r| r.body), Ok(Body::Op { op: Op::Bet { .. }, .. })))
        .expect("a bet");
    let more = |r: &mut record::Record| {
        if let Body::Op { op: Op::Bet { amount, .. }, .. } = &mut r.body {
            *amount = amount.checked_add(sabot::engine::Money::units(1)).expect("sum");
        }
    };
    let forged = rechained(&lines, bet, more, &dir.path().join("bet.sabotlog"));
    let v = sabot::journal::verify(&forged);
    assert_eq!(v.exit_code(), 1, "{:?}", v.result);
    // A coup opened under another number.
    let opened = lines
        .iter()
        .position(|l| {
            matches!(record::decode(l.as_bytes()).map(|r| r.body), Ok(Body::Op { events, .. })
                if events.iter().any(|e| matches!(e, Event::CoupOpened { .. })))
        })
        .expect("a coup opened");
    let renumbered = |r: &mut record::Record| {
        if let Body::Op { events, .. } = &mut r.body {
            for e in events {
                if let Event::CoupOpened { number } = e {
                    *number += 7;
                }
            }
        }
    };
    let forged = rechained(&lines, opened, renumbered, &dir.path().join("coup.sabotlog"));
    let v = sabot::journal::verify(&forged);
    assert_eq!(v.exit_code(), 1, "{:?}", v.result);
}
