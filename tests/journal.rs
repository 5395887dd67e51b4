//! The shift log: written, recovered, verified, tampered with, reported, exported.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use common::{Dealer, write_log};
use sabot::i18n::Lang;
use sabot::journal::{self, Body, Journal, JournalError, JournalThread, record};
use std::path::{Path, PathBuf};

fn lines_of(path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(path).unwrap();
    let mut out: Vec<Vec<u8>> = bytes.split(|b| *b == b'\n').map(|l| l.to_vec()).collect();
    assert_eq!(out.pop(), Some(vec![]), "a log ends with a newline");
    out
}

fn write_lines(path: &Path, lines: &[Vec<u8>]) {
    let mut bytes = Vec::new();
    for l in lines {
        bytes.extend_from_slice(l);
        bytes.push(b'\n');
    }
    std::fs::write(path, bytes).unwrap();
}

fn bad_line(r: &journal::VerifyReport) -> usize {
    match &r.result {
        Err(JournalError::Bad { bad, .. }) => bad.line,
        other => panic!("expected a bad record, got {other:?}"),
    }
}

/// A «resumed» record chained onto the log's last record, as a forger would write it
/// (the writer never writes one after a close).
fn resumed_after(rep: &journal::Replayed) -> String {
    let extra = record::Record {
        v: record::FORMAT,
        seq: rep.last_seq + 1,
        at: rep.last_at,
        table: rep.header.table.clone(),
        croupier: rep.header.croupier.clone(),
        game: rep.header.settings.game,
        body: Body::Resumed(record::Resumed { software: "x".into(), set_aside: None }),
        prev: rep.last_hash.clone(),
        hash: String::new(),
    };
    record::encode(&extra).unwrap().0
}

fn log_in(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

#[test]
fn a_shift_written_verifies_and_replays_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    let mut d = Dealer::new(7);
    let mut j = Journal::create(&path, d.header(false)).unwrap();
    let mut live = d.table();
    let ops = d.coup(&mut live.clone());
    for op in &ops {
        let events = live.play(op).unwrap();
        let seq = j.append(op, &events).unwrap();
        assert_eq!(seq + 1, j.next_seq());
    }
    assert_eq!(j.table(), &live);
    let mid = journal::replay(&path).unwrap();
    assert_eq!(mid.table, live);
    assert!(mid.closed.is_none());
    j.close().unwrap();
    assert!(matches!(j.append(&ops[0], &[]), Err(JournalError::Closed { .. })));
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 0, "{:?}", r.result);
    let rep = r.result.unwrap();
    assert!(rep.closed.is_some());
    assert_eq!(rep.records as usize, ops.len() + 2);
    assert_eq!(rep.table, live);
    assert!(journal::is_closed(&path));
    // Every line is a record of the documented shape.
    for l in lines_of(&path) {
        assert!(l.starts_with(format!("Record(v:{},seq:", record::FORMAT).as_bytes()));
    }
}

#[test]
fn append_takes_only_what_the_engine_makes() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    let mut d = Dealer::new(1);
    let mut j = Journal::create(&path, d.header(false)).unwrap();
    let mut t = d.table();
    let ops = d.coup(&mut t.clone());
    let events = t.play(&ops[0]).unwrap();
    assert!(matches!(j.append(&ops[0], &[]), Err(JournalError::NotLogged(_))));
    // A card before "no va más" is refused by the engine: not logged.
    assert!(matches!(j.append(&sabot::engine::Op::Card("9h".parse().unwrap()), &[]), Err(JournalError::NotLogged(_))));
    assert_eq!(j.append(&ops[0], &events).unwrap(), 1);
    assert!(matches!(j.play(&sabot::engine::Op::AskTable), Err(journal::JournalPlayError::Refused(_))));
    assert_eq!(journal::verify(&path).exit_code(), 0);
}

#[test]
fn recovery_sets_the_torn_record_aside_and_the_same_coup_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    let mut d = Dealer::new(3);
    let mut live = d.table();
    let ops = d.coup(&mut live.clone());
    let half = ops.len() / 2;
    {
        let mut j = Journal::create(&path, d.header(false)).unwrap();
        for op in &ops[..half] {
            let events = live.play(op).unwrap();
            j.append(op, &events).unwrap();
        }
        // Sabot stops here, without closing.
    }
    // The record in flight: half a line.
    let full = lines_of(&path);
    let torn = b"Record(v:1,seq:99,at:\"2025-".to_vec();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&torn);
    std::fs::write(&path, &bytes).unwrap();

    let found = journal::unfinished(dir.path()).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].path, path);
    assert!(found[0].header.is_some());
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 0, "a torn tail is the record in flight, not an error");
    assert_eq!(r.result.as_ref().unwrap().tail.as_ref().unwrap().bytes, torn);

    let (mut j, replayed) = journal::open_for_append(&path).unwrap();
    assert_eq!(replayed.table, live, "the state is replayed exactly");
    let aside = replayed.set_aside.clone().unwrap();
    let side = dir.path().join(&aside.file);
    assert_eq!(std::fs::read(&side).unwrap(), torn, "the torn record is kept in a side file");
    assert_eq!(aside.sha256, record::sha256_hex(&torn));
    assert_eq!(journal::side_files(&path), vec![side]);
    // The croupier continues the same coup.
    for op in &ops[half..] {
        let events = live.play(op).unwrap();
        j.append(op, &events).unwrap();
    }
    j.close().unwrap();
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 0, "{:?}", r.result);
    let rep = r.result.unwrap();
    assert_eq!(rep.resumed.len(), 1);
    assert_eq!(rep.resumed[0].set_aside.as_ref(), Some(&aside));
    assert_eq!(rep.table, live);
    assert_eq!(lines_of(&path)[..full.len()], full[..], "the good records are untouched");
    assert!(journal::unfinished(dir.path()).unwrap().is_empty());
    assert!(matches!(journal::open_for_append(&path), Err(JournalError::Closed { .. })));
}

#[test]
fn a_damaged_last_line_fails_verify_but_recovery_sets_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 5, false));
    let mut lines = lines_of(&path);
    let n = lines.len();
    let last = lines.last_mut().unwrap();
    let k = last.len() / 2;
    last[k] ^= 0x02;
    write_lines(&path, &lines);
    assert_eq!(bad_line(&journal::verify(&path)), n);
    let (_j, replayed) = journal::open_for_append(&path).unwrap();
    assert!(replayed.set_aside.is_some());
    assert_eq!(journal::verify(&path).exit_code(), 0);
}

#[test]
fn a_shift_that_never_started_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "2025-01-01_000000_Mesa_Ana.sabotlog");
    std::fs::write(&path, b"Record(v:1,seq:0,at:\"2025").unwrap();
    let found = journal::unfinished(dir.path()).unwrap();
    assert_eq!(found.len(), 1);
    assert!(found[0].header.is_none());
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 2);
    assert!(matches!(journal::open_for_append(&path), Err(JournalError::Unreadable { .. })));
    let side = journal::set_aside_unstarted(&path).unwrap();
    assert!(side.exists() && !path.exists());
    assert!(journal::unfinished(dir.path()).unwrap().is_empty());
}

#[test]
fn every_changed_byte_of_a_past_record_is_found_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 11, true));
    let lines = lines_of(&path);
    let original = std::fs::read(&path).unwrap();
    let mut offset = 0;
    for (i, line) in lines.iter().enumerate() {
        // Every byte of every record but the last, and its newline (the last
        // record's own bytes are covered by its hash too: see below).
        let upto = if i + 1 == lines.len() { line.len() } else { line.len() + 1 };
        for k in 0..upto {
            let mut bytes = original.clone();
            bytes[offset + k] ^= 0x20;
            std::fs::write(&path, &bytes).unwrap();
            let r = journal::verify(&path);
            assert_eq!(bad_line(&r), i + 1, "byte {k} of line {} changed", i + 1);
        }
        offset += line.len() + 1;
    }
}

#[test]
fn removed_swapped_inserted_records_are_found_naming_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 13, true));
    let lines = lines_of(&path);
    let n = lines.len();
    for k in 0..n - 1 {
        // Removed.
        let mut v = lines.clone();
        v.remove(k);
        write_lines(&path, &v);
        let r = journal::verify(&path);
        assert_eq!(bad_line(&r), k + 1, "record {k} removed");
        // Swapped with the next one.
        let mut v = lines.clone();
        v.swap(k, k + 1);
        write_lines(&path, &v);
        assert_eq!(bad_line(&journal::verify(&path)), k + 1, "records {k} and {} swapped", k + 1);
        // A copy inserted.
        let mut v = lines.clone();
        v.insert(k + 1, lines[k].clone());
        write_lines(&path, &v);
        assert_eq!(bad_line(&journal::verify(&path)), k + 2, "record {k} inserted twice");
    }
    // The header removed: said plainly.
    let mut v = lines.clone();
    v.remove(0);
    write_lines(&path, &v);
    let r = journal::verify(&path);
    match &r.result {
        Err(JournalError::Bad { bad, .. }) => assert!(bad.what.to_string().contains("header is missing"), "{bad}"),
        other => panic!("{other:?}"),
    }
    // The closing record removed: the log is no longer closed, which verify says.
    let mut v = lines.clone();
    v.pop();
    write_lines(&path, &v);
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 0);
    assert!(r.result.as_ref().unwrap().closed.is_none());
    let mut out = Vec::new();
    assert_eq!(sabot::cli::verify::verify(std::slice::from_ref(&path), true, Lang::En, &mut out), 1);
    assert!(String::from_utf8(out).unwrap().contains("NOT CLOSED"));
}

#[test]
fn a_record_rewritten_with_a_fresh_hash_breaks_the_chain_at_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 17, true));
    let mut lines = lines_of(&path);
    let mut r = record::decode(&lines[2]).unwrap();
    r.at += chrono::Duration::milliseconds(1);
    let (line, _) = record::encode(&r).unwrap();
    lines[2] = line.into_bytes();
    write_lines(&path, &lines);
    assert_eq!(bad_line(&journal::verify(&path)), 4);
}

#[test]
fn a_settlement_that_is_not_the_engines_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 19, false));
    // Rewrite the whole chain with a changed commission: the hashes are all good,
    // only the re-play can tell.
    let lines = lines_of(&path);
    let mut prev = record::GENESIS.to_string();
    let mut out = Vec::new();
    let mut bad_at = 0;
    for (i, l) in lines.iter().enumerate() {
        let mut r = record::decode(l).unwrap();
        if let Body::Op { events, .. } = &mut r.body {
            for e in events.iter_mut() {
                if let sabot::engine::Event::Settled(s) = e {
                    let s = std::sync::Arc::make_mut(s);
                    s.commission = s.commission.checked_add(sabot::engine::Money::cents(1)).unwrap();
                    bad_at = i + 1;
                }
            }
        }
        r.prev = prev.clone();
        let (line, hash) = record::encode(&r).unwrap();
        prev = hash;
        out.push(line.into_bytes());
    }
    write_lines(&path, &out);
    let r = journal::verify(&path);
    assert_eq!(bad_line(&r), bad_at);
    match r.result {
        Err(JournalError::Bad { bad, .. }) => assert!(bad.what.to_string().contains("commission"), "{bad}"),
        other => panic!("{other:?}"),
    }
    // Replaying applies the events as logged; verify is what recomputes them.
    assert!(journal::replay(&path).is_ok());
}

#[test]
fn bad_files_get_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "x.sabotlog");
    let check = |bytes: &[u8], code: i32, says: &str| {
        std::fs::write(&path, bytes).unwrap();
        let r = journal::verify(&path);
        assert_eq!(r.exit_code(), code, "{:?}", r.result);
        let msg = r.result.unwrap_err().to_string();
        assert!(msg.contains(says), "`{msg}` should say `{says}`");
    };
    check(b"", 2, "empty");
    check(&[0u8, 159, 146, 150, 255, 10, 1, 2], 2, "not a Sabot shift log");
    check(b"hello\nworld\n", 2, "not a Sabot shift log");
    // A newer format.
    let mut h = Dealer::new(1).header(false);
    h.format = record::FORMAT + 1;
    let r = record::Record {
        v: record::FORMAT + 1,
        seq: 0,
        at: h.started,
        table: h.table.clone(),
        croupier: h.croupier.clone(),
        game: h.settings.game,
        body: Body::Header(h),
        prev: record::GENESIS.into(),
        hash: String::new(),
    };
    let (line, _) = record::encode(&r).unwrap();
    check(format!("{line}\n").as_bytes(), 2, "newer version of Sabot");
    // Missing file.
    let r = journal::verify(dir.path().join("nope.sabotlog"));
    assert_eq!(r.exit_code(), 2);
}

#[test]
fn the_background_writer_acknowledges_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    let mut d = Dealer::new(23);
    let j = Journal::create(&path, d.header(false)).unwrap();
    let mut live = d.table();
    let ops = d.coup(&mut live.clone());
    let notified = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let n2 = notified.clone();
    let (mut bg, acks) = JournalThread::spawn_with_notify(
        j,
        Box::new(move || {
            n2.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }),
    )
    .unwrap();
    let mut tickets = Vec::new();
    for op in &ops {
        let events = live.play(op).unwrap();
        tickets.push(bg.send(op.clone(), events).unwrap());
    }
    let close = bg.close().unwrap();
    for (i, t) in tickets.iter().enumerate() {
        let ack = acks.recv().unwrap();
        assert_eq!(ack.ticket, *t);
        assert_eq!(ack.result, Ok(i as u64 + 1));
    }
    let ack = acks.recv().unwrap();
    assert_eq!(ack.ticket, close);
    assert!(ack.result.is_ok());
    // After the close, a record is refused with the reason.
    let t = bg.send(ops[0].clone(), vec![]).unwrap();
    let ack = acks.recv().unwrap();
    assert_eq!(ack.ticket, t);
    assert!(matches!(ack.result, Err(JournalError::Closed { .. })));
    bg.finish().unwrap();
    assert_eq!(notified.load(std::sync::atomic::Ordering::SeqCst), ops.len() + 2);
    assert_eq!(journal::verify(&path).exit_code(), 0);
}

#[test]
fn training_never_shares_a_live_log() {
    let dir = tempfile::tempdir().unwrap();
    let d = Dealer::new(2);
    let live_name = journal::file_name(&d.header(false));
    let training_name = journal::file_name(&d.header(true));
    assert!(training_name.starts_with("training-"), "{training_name}");
    assert!(!live_name.starts_with("training-"));
    assert!(live_name.ends_with("_Mesa-3_Ana.sabotlog"), "{live_name}");
    assert!(matches!(Journal::create(dir.path().join(&live_name), d.header(true)), Err(JournalError::Training { .. })));
    assert!(matches!(
        Journal::create(dir.path().join(&training_name), d.header(false)),
        Err(JournalError::Training { .. })
    ));
    let j = Journal::create_in(dir.path(), d.header(true)).unwrap();
    assert!(j.is_training());
    assert!(journal::is_training_name(j.path()));
    let path = j.path().to_path_buf();
    drop(j);
    let mut out = Vec::new();
    assert_eq!(sabot::cli::verify::verify(&[path], false, Lang::En, &mut out), 0);
    assert!(String::from_utf8(out).unwrap().contains("TRAINING"));
    // Two shifts started in the same second get two files.
    let a = Journal::create_in(dir.path(), d.header(false)).unwrap();
    let b = Journal::create_in(dir.path(), d.header(false)).unwrap();
    assert_ne!(a.path(), b.path());
}

#[test]
fn the_data_folder_follows_sabot_data_dir() {
    // The variable's value is given explicitly: the process's environment, which the
    // other tests of this binary read, is left alone.
    let dir = tempfile::tempdir().unwrap();
    let given = journal::data_dir_given(Some(dir.path().into())).unwrap();
    assert_eq!(given, dir.path());
    let platform = journal::data_dir_given(None).unwrap();
    assert_ne!(platform, dir.path());
    assert!(platform.ends_with("sabot") || platform.ends_with("sabot/data"), "{}", platform.display());
    // Set but empty: the platform's folder, as when not set.
    assert_eq!(journal::data_dir_given(Some("".into())).unwrap(), platform);
    // What the default folders are made of.
    let d = journal::default_dir().unwrap();
    assert!(d.ends_with("shifts"), "{}", d.display());
    assert_eq!(journal::training_dir().unwrap(), journal::data_dir().unwrap().join("training"));
}

#[test]
fn a_coup_exports_as_a_script_that_plays_to_the_same_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 29, true));
    let e = sabot::reports::export::export_coup(&path, 1).unwrap();
    assert!(e.settled);
    let text = sabot::script::to_ron(&e.script);
    let back = sabot::script::parse(&text).unwrap();
    let run = sabot::script::run::run(&back).unwrap();
    assert!(run.stopped.is_none());
    assert!(sabot::script::run::check(&back, &run).is_empty());
    let logged = journal::replay(&path).unwrap();
    assert_eq!(run.table.settlement(), logged.table.settlement());
    assert!(matches!(
        sabot::reports::export::export_coup(&path, 2),
        Err(sabot::reports::export::ExportError::NoSuchCoup { wanted: 2, coups: 1 })
    ));
    // Through the command line, to a file that `sabot play` reads.
    let out_path = dir.path().join("coup1.ron");
    let mut out = Vec::new();
    assert_eq!(sabot::cli::export::export(&path, 1, Some(&out_path), Lang::Es, &mut out), 0);
    let mut out = Vec::new();
    let status = sabot::cli::play::play(&[out_path], false, sabot::i18n::Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
}

#[test]
fn a_report_sums_the_shift() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 31, true));
    let r = sabot::reports::report::report(&path).unwrap();
    let replayed = journal::replay(&path).unwrap();
    let s = replayed.table.settlement().unwrap();
    assert_eq!(r.coups, 1);
    assert_eq!(r.commission, s.commission);
    assert_eq!(r.house_net, s.bank_net, "Punto y Banca: the casino's result");
    assert!(r.bank_net().is_zero(), "Punto y Banca has no bank");
    assert_eq!(r.void_coups, u32::from(s.void.is_some()));
    assert!(r.closed());
    let csv = dir.path().join("r.csv");
    let mut out = Vec::new();
    assert_eq!(
        sabot::cli::report::report(std::slice::from_ref(&path), Some(&csv), false, sabot::i18n::Lang::En, &mut out),
        0
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut rd = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(&rows[0][3], "punto-banca");
    assert_eq!(&rows[0][8], "1");
}

#[test]
fn a_shift_of_many_coups_verifies_reports_and_exports_each_coup() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "many.sabotlog");
    let records = common::write_many(&path, 40, 37);
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 0, "{:?}", r.result);
    let rep = r.result.unwrap();
    assert_eq!(rep.records, records);
    assert_eq!(rep.table.totals().coups, 40);
    let report = sabot::reports::report::report(&path).unwrap();
    assert_eq!(report.coups, 40);
    assert_eq!(report.commission, rep.table.totals().commission);
    for n in [1, 2, 17, 40] {
        let e = sabot::reports::export::export_coup(&path, n).unwrap_or_else(|e| panic!("coup {n}: {e}"));
        assert!(e.settled);
        assert!(e.script.title.contains(&format!("coup {n} ")), "{}", e.script.title);
    }
    // The unsynced fixture writes the same records.
    let fast = log_in(&dir, "fast.sabotlog");
    assert_eq!(common::write_many_unsynced(&fast, 40, 37), records);
    assert_eq!(journal::verify(&fast).exit_code(), 0);
}

/// `sabot verify` in both languages, on a sound log, a tampered one and garbage:
/// the same exit status, every line in the language asked for.
#[test]
fn verify_speaks_spanish_and_english() {
    let dir = tempfile::tempdir().unwrap();
    let run = |path: &Path, lang: Lang| {
        let mut out = Vec::new();
        let status = sabot::cli::verify::verify(&[path.to_path_buf()], true, lang, &mut out);
        (status, String::from_utf8(out).unwrap())
    };
    // Sound and closed.
    let sound = log_in(&dir, "sound.sabotlog");
    drop(write_log(&sound, 31, true));
    let (es_status, es) = run(&sound, Lang::Es);
    let (en_status, en) = run(&sound, Lang::En);
    assert_eq!((es_status, en_status), (0, 0), "{es}\n{en}");
    assert!(
        es.contains(": correcto: mesa Mesa 3, croupier Ana,") && es.contains(", una jugada liquidada y vuelta a jugar"),
        "{es}"
    );
    assert!(es.contains("\n  cerrado el "), "{es}");
    assert!(
        en.contains(": ok: table Mesa 3, croupier Ana,") && en.contains(", one coup settled and re-played"),
        "{en}"
    );
    assert!(en.contains("\n  closed at "), "{en}");
    // Plain words for the pit boss: the game's name, times to the second.
    let started = sabot::reports::report::local_time(&sabot::journal::read_header(&sound).expect("header").started);
    assert!(es.contains(&format!("Punto y Banca, empezado {started};")), "{es}");
    assert!(!en.contains("+00:00") && !en.contains(".0") && !en.contains("banque"), "{en}");
    // Open, with --require-closed: not closed, said in each language.
    let open = log_in(&dir, "open.sabotlog");
    drop(write_log(&open, 31, false));
    let (status, es) = run(&open, Lang::Es);
    assert_eq!(status, 1);
    assert!(es.contains(": SIN CERRAR: mesa") && es.contains("sin cerrar: el turno sigue abierto"), "{es}");
    let (status, en) = run(&open, Lang::En);
    assert_eq!(status, 1);
    assert!(en.contains(": NOT CLOSED: table") && en.contains("not closed: the shift is still open"), "{en}");
    // One byte of record 2 changed: its hash no longer matches.
    let tampered = log_in(&dir, "tampered.sabotlog");
    drop(write_log(&tampered, 31, true));
    let mut lines = lines_of(&tampered);
    let at = lines[2].iter().position(|b| b.is_ascii_digit()).unwrap();
    lines[2][at] = if lines[2][at] == b'9' { b'8' } else { lines[2][at] + 1 };
    write_lines(&tampered, &lines);
    let (es_status, es) = run(&tampered, Lang::Es);
    let (en_status, en) = run(&tampered, Lang::En);
    assert_eq!((es_status, en_status), (1, 1), "{es}\n{en}");
    assert!(
        es.contains(
            ": DAÑADO en la línea 3: el hash del registro no coincide con su contenido: el registro se ha cambiado"
        ),
        "{es}"
    );
    assert!(es.contains("los registros anteriores están bien"), "{es}");
    assert!(
        en.contains(": BAD at line 3: the record's hash does not match its content: the record was changed"),
        "{en}"
    );
    assert!(en.contains("the records before it are sound"), "{en}");
    // Garbage, an empty file and a missing one: unreadable.
    let garbage = log_in(&dir, "garbage.sabotlog");
    std::fs::write(&garbage, b"hello\nworld\n").unwrap();
    let (status, es) = run(&garbage, Lang::Es);
    assert_eq!(status, 2);
    assert!(es.contains(": ILEGIBLE: no es un registro de turno de Sabot: su primera línea no es un registro"), "{es}");
    let (status, en) = run(&garbage, Lang::En);
    assert_eq!(status, 2);
    assert!(en.contains(": UNREADABLE: not a Sabot shift log: its first line is not a record"), "{en}");
    std::fs::write(&garbage, b"").unwrap();
    assert!(run(&garbage, Lang::Es).1.contains("ILEGIBLE: el archivo está vacío"));
    assert!(run(&garbage, Lang::En).1.contains("UNREADABLE: the file is empty"));
    let missing = log_in(&dir, "missing.sabotlog");
    let (status, es) = run(&missing, Lang::Es);
    assert_eq!(status, 2);
    assert!(es.contains("ILEGIBLE: no se puede leer el registro del turno: "), "{es}");
    assert!(run(&missing, Lang::En).1.contains("UNREADABLE: cannot read the shift log: "));
    // Several logs: the worst status, each log's line in the language asked for.
    let all = [sound.clone(), tampered.clone(), garbage.clone()];
    let mut out = Vec::new();
    assert_eq!(sabot::cli::verify::verify(&all, false, Lang::Es, &mut out), 2);
    let es = String::from_utf8(out).unwrap().replace(&dir.path().display().to_string(), "");
    assert!(es.contains("correcto") && es.contains("DAÑADO") && es.contains("ILEGIBLE"), "{es}");
    for english in ["ok:", "BAD", "UNREADABLE", "record", "line "] {
        assert!(!es.contains(english), "`{english}` in Spanish: {es}");
    }
}

/// A settlement changed and the chain rewritten: only the re-play finds it, and
/// says which figure differs in either language.
#[test]
fn a_changed_settlement_is_told_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 19, false));
    let mut prev = record::GENESIS.to_string();
    let mut out = Vec::new();
    for l in lines_of(&path) {
        let mut r = record::decode(&l).unwrap();
        if let Body::Op { events, .. } = &mut r.body {
            for e in events.iter_mut() {
                if let sabot::engine::Event::Settled(s) = e {
                    let s = std::sync::Arc::make_mut(s);
                    s.cagnotte = s.cagnotte.checked_add(sabot::engine::Money::cents(1)).unwrap();
                }
            }
        }
        r.prev = prev.clone();
        let (line, hash) = record::encode(&r).unwrap();
        prev = hash;
        out.push(line.into_bytes());
    }
    write_lines(&path, &out);
    let text = |lang| {
        let mut out = Vec::new();
        assert_eq!(sabot::cli::verify::verify(std::slice::from_ref(&path), false, lang, &mut out), 1);
        String::from_utf8(out).unwrap()
    };
    let (es, en) = (text(Lang::Es), text(Lang::En));
    assert!(es.contains("la liquidación de la jugada 1 no coincide con la del motor: cagnotte registrado "), "{es}");
    assert!(en.contains("the settlement of coup 1 differs from the engine's: cagnotte logged "), "{en}");
}

#[test]
fn export_speaks_spanish_and_english() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "a.sabotlog");
    drop(write_log(&path, 29, true));
    let run = |coup: u32, lang: Lang| {
        let mut out = Vec::new();
        let status = sabot::cli::export::export(&path, coup, None, lang, &mut out);
        (status, String::from_utf8(out).unwrap())
    };
    let (status, es) = run(1, Lang::Es);
    assert_eq!(status, 0);
    assert!(es.starts_with("// Exportado por sabot ") && es.contains(", jugada 1."), "{es}");
    let (status, en) = run(1, Lang::En);
    assert_eq!(status, 0);
    assert!(en.starts_with("// Exported by sabot ") && en.contains(", coup 1."), "{en}");
    // The same script under either comment.
    assert_eq!(es.split_once('\n').unwrap().1, en.split_once('\n').unwrap().1);
    let (status, es) = run(2, Lang::Es);
    assert_eq!(status, 1);
    assert!(es.contains("el turno no tiene jugada 2: se jugaron 1 jugadas"), "{es}");
    let (status, en) = run(2, Lang::En);
    assert_eq!(status, 1);
    assert!(en.contains("the shift has no coup 2 that was played: 1 coups were played"), "{en}");
    std::fs::write(&path, b"hello\n").unwrap();
    let (status, es) = run(1, Lang::Es);
    assert_eq!(status, 2);
    assert!(es.contains("no es un registro de turno de Sabot"), "{es}");
    // The file's name is said once.
    assert_eq!(es.matches("a.sabotlog").count(), 1, "{es}");
}

/// R-BQ-E7 from outside the table (`journal::amend`, the pit boss's review): a closed
/// shift's log takes amendments after its closing record and stays closed; nothing
/// else may follow the close; a coup not yet paid is refused with the log untouched;
/// a log its table holds is in use; a closing record that lost its end of line gets
/// it back first.
#[test]
fn amendments_follow_a_closed_log_and_nothing_else_does_r_bq_e7() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "closed.sabotlog");
    drop(write_log(&path, 3, true));
    let before = std::fs::read(&path).unwrap();
    let coups = journal::verify(&path).result.unwrap().table.totals().coups;
    assert!(coups >= 1);

    // A coup not paid in this shift: refused, nothing written.
    let refused = journal::amend(&path, coups + 1, "too far");
    assert!(matches!(refused, Err(journal::JournalPlayError::Refused(_))), "{refused:?}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    let (seq, events) = journal::amend(&path, 1, "seat 3 paid 50 short").unwrap();
    assert!(matches!(&events[..], [sabot::engine::Event::Amended { coup: 1, .. }]));
    let (seq2, _) = journal::amend(&path, coups, "a second one").unwrap();
    assert_eq!(seq2, seq + 1);
    let after = std::fs::read(&path).unwrap();
    assert!(after.starts_with(&before), "appended, never edited");
    let r = journal::verify(&path);
    assert_eq!(r.exit_code(), 0, "{:?}", r.result);
    let rep = r.result.unwrap();
    assert!(rep.closed.is_some(), "still closed");
    assert_eq!(rep.table.totals().amendments, 2);
    assert!(journal::is_closed(&path));
    assert!(journal::unfinished(dir.path()).unwrap().is_empty());
    assert!(matches!(journal::open_for_append(&path), Err(JournalError::Closed { .. })));
    assert_eq!(rep.amended_after_close, 2);
    let mut out = Vec::new();
    assert_eq!(sabot::cli::verify::verify(std::slice::from_ref(&path), true, Lang::En, &mut out), 0);
    let said = String::from_utf8(out).unwrap();
    let closed_at = format!("closed at {}", sabot::reports::report::local_time(&rep.closed_at.expect("closed")));
    assert!(said.contains(&closed_at), "the close's own time: {said}");
    assert!(said.contains("then 2 amendments (R-BQ-E7), the last written at"), "{said}");

    // Any other record after the close fails the log at that line, even chained.
    let mut lines = lines_of(&path);
    let amend_line = lines.len() - 1;
    let close_line = lines.iter().position(|l| memchr::memmem::find(l, b",body:Close(").is_some()).unwrap();
    lines.swap(close_line, amend_line);
    let moved = log_in(&dir, "moved.sabotlog");
    write_lines(&moved, &lines);
    assert_eq!(journal::verify(&moved).exit_code(), 1);
    // A record written after the close by hand, chained: the writer would refuse it.
    let forged_path = log_in(&dir, "forged.sabotlog");
    std::fs::write(&forged_path, &before).unwrap();
    let rep = journal::verify(&forged_path).result.unwrap();
    let line = resumed_after(&rep);
    let mut bytes = std::fs::read(&forged_path).unwrap();
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    std::fs::write(&forged_path, bytes).unwrap();
    let r = journal::verify(&forged_path);
    assert_eq!(r.exit_code(), 1);
    assert!(matches!(&r.result, Err(JournalError::Bad { bad, .. }) if bad.what == journal::Problem::AfterClose));

    // The closing record without its end of line: given back before the amendment.
    let cut = log_in(&dir, "cut.sabotlog");
    std::fs::write(&cut, &before[..before.len() - 1]).unwrap();
    journal::amend(&cut, 1, "after the cut").unwrap();
    let bytes = std::fs::read(&cut).unwrap();
    assert!(bytes.starts_with(&before));
    assert_eq!(journal::verify(&cut).exit_code(), 0);

    // An open log its table holds: in use, untouched.
    let open = log_in(&dir, "open.sabotlog");
    let held = write_log(&open, 4, false);
    let was = std::fs::read(&open).unwrap();
    let busy = journal::amend(&open, 1, "while the table plays");
    assert!(
        matches!(
            &busy,
            Err(journal::JournalPlayError::Journal(JournalError::Unreadable { what: journal::Problem::InUse, .. }))
        ),
        "{busy:?}"
    );
    assert_eq!(std::fs::read(&open).unwrap(), was);
    drop(held);
    journal::amend(&open, 1, "once the table let go").unwrap();
    let rep = journal::verify(&open).result.unwrap();
    assert!(rep.closed.is_none() && rep.resumed.is_empty(), "an amendment is not a shift taken up again");
}

/// A power cut while an amendment is written after the close (R-BQ-E7): the log ends
/// with part of a record no one was told was written. The shift stays closed and the
/// log sound (`verify` says what was cut short), it is not offered as an unfinished
/// shift, and the next amendment sets the cut record aside in a side file, then is
/// written in its place. Anything else cut short after the close still fails the log.
#[test]
fn an_amendment_cut_short_after_the_close_is_set_aside_by_the_next_r_bq_e7() {
    let dir = tempfile::tempdir().unwrap();
    let path = log_in(&dir, "closed.sabotlog");
    drop(write_log(&path, 3, true));
    let closed = std::fs::read(&path).unwrap();
    // The amendment written whole elsewhere, then cut at every length on this log.
    let whole = log_in(&dir, "whole.sabotlog");
    std::fs::write(&whole, &closed).unwrap();
    journal::amend(&whole, 1, "seat 3 paid 50 short").unwrap();
    let amendment = std::fs::read(&whole).unwrap()[closed.len()..].to_vec();
    assert!(amendment.starts_with(b"Record(") && amendment.ends_with(b"\n"));
    for cut in [1, 7, 40, amendment.len() / 2, amendment.len() - 1] {
        let mut bytes = closed.clone();
        bytes.extend_from_slice(&amendment[..cut]);
        std::fs::write(&path, &bytes).unwrap();
        let r = journal::verify(&path);
        assert_eq!(r.exit_code(), 0, "cut at {cut}: {:?}", r.result);
        let rep = r.result.unwrap();
        assert!(rep.closed.is_some(), "cut at {cut}: still closed");
        assert_eq!(rep.tail.as_ref().map(|t| t.offset), Some(closed.len() as u64), "cut at {cut}");
        assert!(journal::is_closed(&path), "cut at {cut}");
        assert!(journal::unfinished(dir.path()).unwrap().is_empty(), "cut at {cut}");
        let s = sabot::reports::summary::summarise(&path, sabot::reports::summary::Options::default()).unwrap();
        assert_eq!(s.integrity, sabot::reports::summary::Integrity::Sound, "cut at {cut}");
    }
    let mut out = Vec::new();
    assert_eq!(sabot::cli::verify::verify(std::slice::from_ref(&path), true, Lang::En, &mut out), 0);
    let said = String::from_utf8(out).unwrap();
    assert!(said.contains("an amendment being written when Sabot stopped, never acknowledged"), "{said}");
    let mut out = Vec::new();
    sabot::cli::verify::verify(std::slice::from_ref(&path), true, Lang::Es, &mut out);
    assert!(String::from_utf8(out).unwrap().contains("una corrección que se estaba anotando cuando Sabot se paró"));

    // The next amendment: the cut record kept beside the log, then this one written.
    let was = std::fs::read(&path).unwrap();
    let cut_bytes = was[closed.len()..].to_vec();
    // Refused (no such coup): the file is as it was, the cut record in it.
    assert!(matches!(journal::amend(&path, 99, "no such coup"), Err(journal::JournalPlayError::Refused(_))));
    assert_eq!(std::fs::read(&path).unwrap(), was);
    assert!(journal::side_files(&path).is_empty());
    journal::amend(&path, 1, "the half line paid twice").unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(&closed), "nothing before the cut record changed");
    assert_eq!(bytes[closed.len()..].iter().filter(|b| **b == b'\n').count(), 1, "one record: the amendment");
    let rep = journal::verify(&path).result.unwrap();
    assert!(rep.tail.is_none() && rep.closed.is_some());
    assert_eq!(rep.amended_after_close, 1);
    let side = journal::side_files(&path);
    assert_eq!(side.len(), 1, "{side:?}");
    assert_eq!(std::fs::read(&side[0]).unwrap(), cut_bytes, "the cut record, kept as it was");

    // Cut short after the close but no record's beginning, or a whole record that is
    // no amendment: the log fails there.
    let garbage = log_in(&dir, "garbage.sabotlog");
    let mut bytes = closed.clone();
    bytes.extend_from_slice(b"xyz");
    std::fs::write(&garbage, &bytes).unwrap();
    let r = journal::verify(&garbage);
    assert!(matches!(&r.result, Err(JournalError::Bad { bad, .. }) if bad.what == journal::Problem::BytesAfterClose));
    let rep = journal::verify(&whole).result.unwrap();
    let line = resumed_after(&rep);
    let mut bytes = std::fs::read(&whole).unwrap();
    bytes.extend_from_slice(line.as_bytes());
    std::fs::write(&whole, bytes).unwrap();
    let r = journal::verify(&whole);
    assert!(matches!(&r.result, Err(JournalError::Bad { bad, .. }) if bad.what == journal::Problem::AfterClose));
    assert!(journal::amend(&whole, 1, "on a damaged log").is_err(), "a damaged log takes nothing");
}
