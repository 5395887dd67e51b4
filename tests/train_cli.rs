//! `sabot train` driven as a trainee would, with the answers piped in: a bad
//! answer is asked again, right and wrong answers are scored by kind, the score
//! line closes the session; `--log` writes a training log that verifies, and a log
//! not named `training-…` is refused.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use sabot::engine::{Game, Money};
use sabot::training::{Answer, Ask, Kind, Question, Session};
use std::io::Write;
use std::process::{Command, Stdio};

fn sabot(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sabot"))
        .args(args)
        .env("SABOT_LANG", "en")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sabot runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("answers piped");
    let out = child.wait_with_output().expect("sabot ends");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// What a trainee types for an answer.
fn typed(q: &Question, a: &Answer) -> String {
    match (a, &q.ask) {
        (Answer::Choice(i), _) => (i + 1).to_string(),
        (Answer::Amount(m), _) => m.to_string(),
        (Answer::Total(n), _) => n.to_string(),
    }
}

fn wrong(q: &Question) -> Answer {
    match &q.ask {
        Ask::Choose { right, choices } => Answer::Choice((right + 1) % choices.len()),
        Ask::Amount { right, .. } => Answer::Amount(right.checked_add(Money::units(10)).expect("amount")),
        Ask::Total { right, .. } => Answer::Total((right + 1) % 10),
    }
}

#[test]
fn a_piped_session_is_scored_by_kind() {
    let session = Session::from_seed(Game::Banque, 6, 21).expect("the same session as the command line's");
    let questions: Vec<&Question> = session.questions().collect();
    assert!(questions.len() >= 6);
    // The right answers are the engine's (owed R-BQ-11/13/14, rulings R-BQ-E…, payouts
    // R-BQ-6/7/15/16). A bad line first (asked again, not scored), then every other
    // answer wrong.
    let mut input = String::from("not an answer\n");
    let mut right = [0u32; 4];
    let mut asked = [0u32; 4];
    for (i, q) in questions.iter().enumerate() {
        let a = if i % 2 == 0 { q.right_answer() } else { wrong(q) };
        asked[q.kind.index()] += 1;
        if i % 2 == 0 {
            right[q.kind.index()] += 1;
        }
        input.push_str(&typed(q, &a));
        input.push('\n');
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("training-ana.sabotlog");
    let log_s = log.display().to_string();
    let (code, out) =
        sabot(&["train", "--game", "banque", "--drills", "6", "--seed", "21", "--lang", "en", "--log", &log_s], &input);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Type a number from 1 to") || out.contains("Type an amount like"), "{out}");
    let of = |k: Kind| format!("{}/{}", right[k.index()], asked[k.index()]);
    let line = format!(
        "Score: {}/{} — owed {} · rulings {} · payouts {}",
        right.iter().sum::<u32>(),
        asked.iter().sum::<u32>(),
        of(Kind::Owed),
        of(Kind::Ruling),
        of(Kind::Payout)
    );
    assert!(out.lines().any(|l| l == line), "no `{line}` in:\n{out}");
    assert!(out.contains("Training over."));
    assert!(out.contains("Right: ") && out.contains("Wrong. The answer:"));
    // The training log: marked training, every staged coup re-played and verified.
    let report = sabot::journal::verify(&log);
    let replayed = report.result.as_ref().expect("the training log verifies");
    assert!(replayed.header.training);
    assert!(replayed.closed.is_some());
    assert_eq!(replayed.table.totals().coups, 6);
    let (code, out) = sabot(&["verify", &log_s], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("TRAINING"), "{out}");
}

#[test]
fn q_stops_and_the_end_of_input_too() {
    let (code, out) = sabot(&["train", "--seed", "3", "--drills", "2", "--lang", "es"], "q\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Entrenamiento interrumpido."), "{out}");
    assert!(out.contains("Puntuación: 0/0 — lo que se debe 0/0 · fallos 0/0 · pagos 0/0"), "{out}");
    let (code, out) = sabot(&["train", "--seed", "3", "--drills", "2", "--game", "punto-banca"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Score: 0/0"), "{out}");
}

#[test]
fn a_log_that_is_not_a_training_file_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let shift = dir.path().join("2025-05-01_220000_Mesa-3_Ana.sabotlog");
    let (code, out) = sabot(&["train", "--seed", "1", "--log", &shift.display().to_string()], "");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("training-"), "{out}");
    assert!(!shift.exists());
    let (code, out) = sabot(&["train", "--drills", "0"], "");
    assert_eq!(code, 2, "{out}");
    let (code, out) = sabot(&["train", "--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("--drills") && out.contains("--seed") && out.contains("--log"), "{out}");
}
