//! Bad files never make the reader panic: random bytes, random cuts, random
//! changes and splices of a sound log all get a verdict (0, 1 or 2) and a message.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use proptest::prelude::*;
use sabot::journal::{self, JournalError};
use std::sync::OnceLock;

/// A sound, closed log of a few coups (made once).
fn sound() -> &'static [u8] {
    static LOG: OnceLock<Vec<u8>> = OnceLock::new();
    LOG.get_or_init(|| {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("sound.sabotlog");
        common::write_many_unsynced(&path, 3, 99);
        std::fs::read(&path).expect("read")
    })
}

fn verdict(bytes: &[u8]) -> (i32, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("x.sabotlog");
    std::fs::write(&path, bytes).expect("write");
    let r = journal::verify(&path);
    let msg = match &r.result {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    };
    // Replay and report read the same bytes without panicking either.
    let _ = journal::replay(&path);
    let _ = sabot::reports::report::report(&path);
    let _ = sabot::reports::export::export_coup(&path, 1);
    (r.exit_code(), msg)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_are_not_a_log(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let (code, msg) = verdict(&bytes);
        prop_assert_eq!(code, 2);
        prop_assert!(!msg.is_empty());
    }

    #[test]
    fn a_cut_anywhere_leaves_a_sound_prefix(at in 0usize..100_000) {
        let log = sound();
        let at = at % (log.len() + 1);
        let header_end = log.iter().position(|b| *b == b'\n').expect("a header line") + 1;
        let (code, msg) = verdict(&log[..at]);
        // A cut inside the header: no shift; after it: the records before the cut
        // are sound and the rest is the record in flight.
        if at < header_end {
            prop_assert_eq!(code, 2, "{}", msg);
        } else {
            prop_assert_eq!(code, 0, "{}", msg);
        }
    }

    #[test]
    fn a_changed_byte_is_never_passed_silently(at in 0usize..100_000, x in 1u8..=255) {
        let mut log = sound().to_vec();
        let at = at % log.len();
        log[at] ^= x;
        let (code, msg) = verdict(&log);
        let last_newline = log.len() - 1;
        if at == last_newline {
            // The closing record's end of line: now a record in flight, and the log is
            // no longer closed (which verify says).
            prop_assert_eq!(code, 0, "{}", msg);
        } else {
            prop_assert!(code == 1 || code == 2, "byte {} changed and passed", at);
            prop_assert!(!msg.is_empty());
        }
    }

    #[test]
    fn spliced_garbage_is_caught(at in 0usize..100_000, junk in proptest::collection::vec(any::<u8>(), 1..300)) {
        let log = sound();
        let at = at % log.len();
        let mut bytes = log[..at].to_vec();
        bytes.extend_from_slice(&junk);
        bytes.extend_from_slice(&log[at..]);
        let (code, _) = verdict(&bytes);
        prop_assert!(code == 1 || code == 2);
    }
}

#[test]
fn a_newer_log_and_a_missing_header_are_said_plainly() {
    let log = sound();
    let text = String::from_utf8(log.to_vec()).expect("text");
    let lines: Vec<&str> = text.lines().collect();
    let (code, msg) = verdict(format!("{}\n", lines[1..].join("\n")).as_bytes());
    assert_eq!(code, 1);
    assert!(msg.contains("header is missing"), "{msg}");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("x.sabotlog");
    std::fs::write(&path, b"").expect("write");
    assert!(matches!(journal::verify(&path).result, Err(JournalError::Unreadable { .. })));
}
