//! The pit boss's summary of a shift (issue 14): one streaming pass, the bank
//! reconciled to the cent, bankers, incidents by clause, amendments (R-BQ-E7), the
//! log's integrity in plain words; `sabot report` and its CSV agree with it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::common;

use sabot::engine::{Clause, Game, Money, PlayerRef};
use sabot::i18n::Lang;
use sabot::reports::summary::{self, CoupRow, GroupBy, Integrity, Options, Summary};
use std::path::{Path, PathBuf};
use std::str::FromStr;

fn m(s: &str) -> Money {
    Money::from_str(s).expect("amount")
}

fn add(a: Money, b: Money) -> Money {
    a.checked_add(b).expect("sum")
}

fn sub(a: Money, b: Money) -> Money {
    a.checked_sub(b).expect("difference")
}

fn summarise(path: &Path) -> (Summary, Vec<CoupRow>) {
    let mut rows = Vec::new();
    let mut on = |c: CoupRow| rows.push(c);
    let s = summary::summarise(path, Options { progress: None, on_coup: Some(&mut on) }).expect("summary");
    (s, rows)
}

fn report_text(logs: &[PathBuf], csv: Option<&Path>, coups: bool, lang: Lang) -> (i32, String) {
    let mut out = Vec::new();
    let status = sabot::cli::report::report(logs, csv, coups, lang, &mut out);
    (status, String::from_utf8(out).expect("utf-8"))
}

/// The hand-written shift: a bank taken (R-BQ-3), topped up (R-BQ-17), the bank
/// against the table (R-BQ-14), a void coup (R-BQ-E3), the bank given up and taken
/// by another banker who tops it up, an amendment (R-BQ-E7).
#[test]
fn the_hand_written_shift_reconciles_to_the_cent_r_bq_17() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("shift.sabotlog");
    common::review_shift(&path, true);
    let (s, rows) = summarise(&path);
    assert_eq!(s.integrity, Integrity::Sound);
    assert_eq!((s.coups, s.void_coups), (4, 1));
    assert_eq!(rows.iter().map(|r| r.number).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert!(rows[2].void && !rows[0].void);
    let r = s.reconciliation;
    // Coup 1: the bank's natural wins 300, less the cagnotte; then announced 1700.
    let after_1 = rows[0].bank_after;
    assert_eq!(rows[0].bank_net, m("300"));
    assert_eq!(after_1, sub(m("1300"), rows[0].cagnotte));
    let top_up_1 = sub(m("1700"), after_1);
    // Seat 6 takes the bank as it stood (1700) and announces 2000.
    assert_eq!(r.bank_start, Money::ZERO);
    assert_eq!(r.brought_in, add(add(m("1000"), top_up_1), m("2000")));
    assert_eq!(r.taken_out, m("1700"), "the bank given up");
    assert_eq!(r.bank_net, rows.iter().map(|c| c.bank_net).fold(Money::ZERO, add));
    assert_eq!(r.bank_end, rows[3].bank_after);
    assert!(r.balanced(), "{r:?}");
    assert_eq!(r.computed_end().expect("sum"), r.bank_end);
    // The bankers.
    let seats: Vec<Option<PlayerRef>> = s.bankers.iter().map(|b| b.player).collect();
    assert_eq!(seats, [Some(PlayerRef::seated(11)), Some(PlayerRef::seated(6))]);
    assert_eq!((s.bankers[0].coups, s.bankers[1].coups), (3, 1));
    assert_eq!(s.bankers[0].brought_in, add(m("1000"), top_up_1));
    assert_eq!(s.bankers[1].brought_in, m("2000"));
    assert_eq!(s.bankers[1].result(), Ok(sub(rows[3].bank_net, rows[3].cagnotte)));
    // Incidents by clause: the calls checked at the showdown, the table broken, the stuck cards.
    assert_eq!(s.errors.get(&Clause::BQE3), Some(&1));
    assert_eq!(s.infractions.get(&Clause::BQ11), Some(&2));
    assert_eq!(s.infractions.get(&Clause::BQ14), Some(&1));
    assert_eq!(s.against_table, 1);
    assert!(rows[1].against_table && !rows[0].against_table);
    assert_eq!(rows[2].errors, [Clause::BQE3]);
    assert!(s.incidents.iter().all(|i| i.coup == 2 || i.coup == 3));
    // The amendment names coup 1 and its reason (R-BQ-E7).
    assert_eq!(s.amendments.len(), 1);
    assert_eq!(s.amendments[0].coup, 1);
    assert!(s.amendments[0].reason.contains("wrong stack"));
}

/// `sabot report` says it in plain words, both languages, and its CSV row's columns
/// reconcile: bank_start + brought_in − taken_out + bank_net − cagnotte = bank_end.
#[test]
fn the_report_and_its_csv_agree_with_the_summary_to_the_cent() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("shift.sabotlog");
    common::review_shift(&path, true);
    let (s, _) = summarise(&path);
    let csv = dir.path().join("r.csv");
    let (status, es) = report_text(std::slice::from_ref(&path), Some(&csv), false, Lang::Es);
    assert_eq!(status, 0, "{es}");
    let (_, en) = report_text(std::slice::from_ref(&path), None, false, Lang::En);
    assert!(es.contains("Registro íntegro; turno cerrado."), "{es}");
    assert!(es.contains("4 jugadas, una nula."), "{es}");
    assert!(es.contains("cuadra al céntimo"), "{es}");
    assert!(es.contains("Corrección de la jugada 1"), "{es}");
    assert!(es.contains("R-BQ-11 2 veces, R-BQ-14 una vez"), "{es}");
    assert!(en.contains("4 coups, one void."), "{en}");
    assert!(en.contains("reconciled to the cent"), "{en}");
    assert!(en.contains("R-BQ-11 2 times, R-BQ-14 once"), "{en}");
    assert!(en.contains("The bank played against the table once."), "{en}");
    for text in [&es, &en] {
        for word in ["BankAnnounced", "BroughtIn", "PutRight", "Settled", "vez/veces", "Tableau("] {
            assert!(!text.contains(word), "{word} in:\n{text}");
        }
    }
    let mut rd = csv::Reader::from_path(&csv).expect("csv");
    let head = rd.headers().expect("headers").clone();
    let col = |row: &csv::StringRecord, name: &str| {
        let i = head.iter().position(|h| h == name).unwrap_or_else(|| panic!("column {name}"));
        m(&row[i])
    };
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("row")).collect();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    let sum = sub(
        add(sub(add(col(row, "bank_start"), col(row, "brought_in")), col(row, "taken_out")), col(row, "bank_net")),
        col(row, "cagnotte"),
    );
    assert_eq!(sum, col(row, "bank_end"));
    assert_eq!(col(row, "bank_end"), s.reconciliation.bank_end);
    assert_eq!(col(row, "brought_in"), s.reconciliation.brought_in);
    // One row per coup with --coups.
    let coups_csv = dir.path().join("c.csv");
    assert_eq!(report_text(std::slice::from_ref(&path), Some(&coups_csv), true, Lang::En).0, 0);
    let mut rd = csv::Reader::from_path(&coups_csv).expect("csv");
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("row")).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(&rows[2][16], "true", "coup 3 is void");
    assert_eq!(&rows[2][18], "R-BQ-E3");
    // One row per bet with --bets: as many as the coups' bets, their stakes summing to
    // the coups' stakes and their nets to the bank's net against them, to the cent.
    let bets_csv = dir.path().join("b.csv");
    let mut out = Vec::new();
    let status = sabot::cli::report::report_rows(
        std::slice::from_ref(&path),
        Some(&bets_csv),
        sabot::cli::report::Rows::Bets,
        Lang::En,
        &mut out,
    );
    assert_eq!(status, 0);
    let mut rd = csv::Reader::from_path(&bets_csv).expect("csv");
    assert_eq!(rd.headers().expect("header").iter().collect::<Vec<_>>(), sabot::reports::report::BETS_HEADER);
    let bets: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("row")).collect();
    let (_, coups) = summarise(&path);
    assert_eq!(bets.len() as u32, coups.iter().map(|c| c.bets).sum::<u32>());
    let total = |col: usize| bets.iter().fold(Money::ZERO, |a, r| add(a, m(&r[col])));
    assert_eq!(total(10), coups.iter().fold(Money::ZERO, |a, c| add(a, c.staked)), "stakes");
    let bank_net = coups.iter().fold(Money::ZERO, |a, c| add(a, c.bank_net));
    assert_eq!(add(total(11), bank_net), Money::ZERO, "the players' nets are the bank's, opposite");
    assert!(bets.iter().any(|r| &r[4] == "3" && &r[13] == "R-BQ-E3"), "the void coup's bets cite R-BQ-E3");
}

/// A tampered log is named damaged at its record; an unclosed one, not closed.
#[test]
fn a_tampered_log_is_damaged_at_its_record_and_an_unclosed_one_not_closed() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("t.sabotlog");
    common::review_shift(&path, true);
    let text = std::fs::read_to_string(&path).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // An amount changed in line 10 (a bet of coup 1).
    let i = lines.iter().position(|l| l.contains("amount:\"200")).expect("the bet of 200");
    lines[i] = lines[i].replacen("amount:\"200", "amount:\"900", 1);
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    let (s, _) = summarise(&path);
    match &s.integrity {
        Integrity::Damaged { line, .. } => assert_eq!(*line, i + 1),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.coups, 0, "the figures stop before the damage");
    let (status, es) = report_text(std::slice::from_ref(&path), None, false, Lang::Es);
    assert_eq!(status, 1);
    assert!(es.contains(&format!("línea {}", i + 1)), "{es}");
    let words = summary_text_of(&s, Lang::En);
    assert!(words.contains(&format!("LOG DAMAGED at record {} (line {})", i, i + 1)), "{words}");

    let open = dir.path().join("open.sabotlog");
    common::review_shift(&open, false);
    let (s, _) = summarise(&open);
    assert_eq!(s.integrity, Integrity::NotClosed { torn: None });
    assert_eq!(s.coups, 4);
    assert!(s.reconciliation.balanced());
    // A record half written when Sabot stopped.
    let mut f = std::fs::OpenOptions::new().append(true).open(&open).expect("open");
    std::io::Write::write_all(&mut f, b"Record(v:2,seq:99").expect("write");
    drop(f);
    let (s, _) = summarise(&open);
    assert!(matches!(s.integrity, Integrity::NotClosed { torn: Some(_) }), "{:?}", s.integrity);
    assert!(summary_text_of(&s, Lang::En).contains("not closed; the last record was left half written"));
}

fn summary_text_of(s: &Summary, lang: Lang) -> String {
    sabot::reports::summary_text::summary_lines(lang, s).join("\n")
}

/// Simulated shifts of the three games reconcile; several logs together give totals
/// per table, croupier, banker and day.
#[test]
fn simulated_shifts_reconcile_and_add_up_together() {
    let dir = tempfile::tempdir().expect("dir");
    let mut logs = Vec::new();
    for (i, name) in ["banque", "chemin-de-fer", "punto-banca"].iter().enumerate() {
        let log = dir.path().join(format!("{name}.sabotlog"));
        let mut out = Vec::new();
        let game = [Game::Banque, Game::ChemindeFer, Game::PuntoBanca][i];
        let status =
            sabot::cli::simulate::simulate_cli_pit(game, 150, 40 + i as u64, Some(&log), None, Lang::En, &mut out);
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
        logs.push(log);
    }
    let sums: Vec<Summary> = logs.iter().map(|p| summarise(p).0).collect();
    for s in &sums {
        assert!(s.integrity.is_sound());
        assert!(s.reconciliation.balanced(), "{}: {:?}", s.game.slug(), s.reconciliation);
        assert_eq!(s.coups, 150);
    }
    let by_table = summary::groups(&sums, GroupBy::Table);
    assert_eq!(by_table.len(), 1);
    assert_eq!(by_table[0].coups, 450);
    let cagnotte = sums.iter().map(|s| s.reconciliation.cagnotte).fold(Money::ZERO, add);
    assert_eq!(by_table[0].cagnotte, cagnotte);
    let by_banker = summary::groups(&sums, GroupBy::Banker);
    let banker_coups: u32 = by_banker.iter().map(|g| g.coups).sum();
    assert_eq!(banker_coups, 300, "the coups of the two games with a bank");
    let (status, text) = report_text(&logs, None, false, Lang::En);
    assert_eq!(status, 0);
    assert!(text.contains("All the shifts together:") && text.contains("By day:"), "{text}");
}

/// Logs of format 1, written before `BroughtIn` existed: the top-ups are read from
/// the rise of the announced bank, and they reconcile.
#[test]
fn logs_before_brought_in_reconcile_from_the_rise_of_the_bank() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format-1");
    for entry in std::fs::read_dir(&dir).expect("fixtures") {
        let path = entry.expect("entry").path();
        let (s, _) = summarise(&path);
        assert!(!s.integrity.is_damaged(), "{}: {:?}", path.display(), s.integrity);
        assert!(s.reconciliation.balanced(), "{}: {:?}", path.display(), s.reconciliation);
    }
}

/// A table made ready (a script's start) has its first coup open from the header:
/// the first coup's records start on line 2, and every coup is numbered.
#[test]
fn the_first_coup_of_a_ready_table_starts_after_the_header() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("many.sabotlog");
    common::write_many(&path, 12, 5);
    let (s, rows) = summarise(&path);
    assert_eq!(s.coups, 12);
    assert_eq!(rows.iter().map(|r| r.number).collect::<Vec<_>>(), (1..=12).collect::<Vec<_>>());
    assert_eq!(rows[0].first_line, 2);
    assert!(rows.windows(2).all(|w| w[1].first_line > w[0].last_line));
    assert_eq!(s.house_net, rows.iter().map(|r| r.bank_net).fold(Money::ZERO, add));
}

/// A log damaged at any of its records is summed up to the damage, and its bank still
/// reconciles to the cent: the money brought in and taken out is the engine's account
/// (`Table::bank_moves`) of the good records, each banker's share adding up to it, the
/// entries taken back excepted (a record broken out of order stops the log before the
/// engine reads it, so the last good entry is counted from its own events).
#[test]
fn a_log_damaged_at_any_record_reconciles_up_to_the_damage_r_bq_17() {
    let dir = tempfile::tempdir().expect("dir");
    let whole = dir.path().join("whole.sabotlog");
    common::review_shift(&whole, true);
    let (s, _) = summarise(&whole);
    assert!(s.reconciliation.balanced());
    assert!(s.reconciliation.brought_in.is_positive() && s.reconciliation.taken_out.is_positive());
    let text = std::fs::read_to_string(&whole).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let path = dir.path().join("damaged.sabotlog");
    for i in 2..lines.len() {
        let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        broken[i] = broken[i].replacen(",seq:", ",seq:9", 1);
        std::fs::write(&path, broken.join("\n") + "\n").expect("write");
        let (s, _) = summarise(&path);
        assert!(matches!(s.integrity, Integrity::Damaged { line, .. } if line == i + 1), "{i}: {:?}", s.integrity);
        let r = s.reconciliation;
        assert!(r.balanced(), "damaged at line {}: {r:?}", i + 1);
        let brought = s.bankers.iter().try_fold(Money::ZERO, |a, b| a.checked_add(b.brought_in)).expect("sum");
        let taken = s.bankers.iter().try_fold(Money::ZERO, |a, b| a.checked_add(b.taken_out)).expect("sum");
        assert_eq!((brought, taken), (r.brought_in, r.taken_out), "damaged at line {}", i + 1);
    }
}

/// The summary's money brought in and taken out is the engine's own account of the
/// shift (`Table::bank_moves`), on every fixture log of every format.
#[test]
fn the_bank_s_moves_are_the_engine_s_on_every_fixture_log() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for format in ["format-1", "format-2", "format-5"] {
        for entry in std::fs::read_dir(root.join(format)).expect("fixtures") {
            let path = entry.expect("entry").path();
            let mut src = std::fs::File::open(&path).expect("open");
            let bytes = src.metadata().expect("size").len();
            let (s, table) = summary::summarise_with_table(&path, &mut src, bytes, None).expect("summary");
            let moves = *table.expect("every record checks").bank_moves();
            let r = s.reconciliation;
            assert_eq!((r.brought_in, r.taken_out), (moves.brought_in, moves.taken_out), "{}", path.display());
            assert!(r.balanced(), "{}: {r:?}", path.display());
        }
    }
}

/// The close sheet keeps the opening banks apart from money brought in later (R-BQ-3,
/// R-BQ-17, R-BQ-4): the banks taken (1000, then 1700 taken as it stood), then the
/// top-ups, on a line of their own under «brought in».
#[test]
fn the_sheet_keeps_the_banks_taken_apart_from_money_brought_later_r_bq_3() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("shift.sabotlog");
    common::review_shift(&path, true);
    let (s, rows) = summarise(&path);
    let r = s.reconciliation;
    let top_up_1 = sub(m("1700"), rows[0].bank_after);
    assert_eq!(r.banks_taken, m("2700"));
    assert_eq!(sub(r.brought_in, r.banks_taken), add(top_up_1, m("300")));
    let lines = sabot::reports::sheet::sheet_lines(Lang::En, &s);
    let split = lines.iter().find(|l| l.contains("of which banks taken")).expect("the split line");
    assert!(split.contains("2,700.00") || split.contains("2700.00"), "{split}");
}

/// The floor's summary of a shift in the pit (`summary::Follower`) takes each record
/// once, as it comes; at every point it says what `summarise` says of the records so
/// far, to the cent, and its weighing what `sabot report` weighs. Fed in uneven
/// pieces: every fixture log of every format, and simulated shifts of the three
/// games (the bankers' choices weighed).
#[test]
fn a_shift_followed_record_by_record_sums_up_as_the_whole_log() {
    let dir = tempfile::tempdir().expect("dir");
    let mut logs: Vec<PathBuf> = Vec::new();
    for (i, game) in [Game::Banque, Game::ChemindeFer, Game::PuntoBanca].into_iter().enumerate() {
        let log = dir.path().join(format!("{}.sabotlog", game.slug()));
        let mut out = Vec::new();
        let status =
            sabot::cli::simulate::simulate_cli_pit(game, 40, 70 + i as u64, Some(&log), None, Lang::En, &mut out);
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
        logs.push(log);
    }
    for entry in walk(Path::new("tests/fixtures")) {
        logs.push(entry);
    }
    assert!(logs.len() >= 25, "{logs:?}");
    for path in &logs {
        followed_as_whole(path);
    }
}

/// Feeds the log at `path` to a `summary::Follower` in pieces of 1, 2, … 7 lines and
/// holds its summary, drop and bank equal to `summarise` of the records so far after
/// every piece, and its verdicts to `sabot report`'s weighing at the end.
pub(crate) fn followed_as_whole(path: &Path) {
    use sabot::journal::scan::{FollowStop, Restart};
    use sabot::reports::summary::Follower;
    let opts = sabot::analysis::protection::Options::default();
    let bytes = std::fs::read(path).expect("log");
    let lines: Vec<&[u8]> = bytes.split_inclusive(|b| *b == b'\n').collect();
    let mut f = Follower::new(path, Restart::default(), Some(opts));
    let (mut at, mut taken, mut piece) = (0usize, 0usize, 0usize);
    while taken < lines.len() {
        // Pieces of 1, 2, … 7 lines, as the floor's looks find them.
        let n = (piece % 7 + 1).min(lines.len() - taken);
        piece += 1;
        let chunk: Vec<u8> = lines[taken..taken + n].concat();
        match f.take(&chunk) {
            Ok(()) => {}
            Err(FollowStop::Again(how)) => {
                // Read again from the start as the stop says (slowly: events the
                // engine no longer makes; or a format-6 log of the presence rules).
                f = Follower::new(path, how, Some(opts));
                if let Err(FollowStop::Again(how)) = f.take(&bytes[..at + chunk.len()]) {
                    f = Follower::new(path, how, Some(opts));
                    f.take(&bytes[..at + chunk.len()]).unwrap_or_else(|e| panic!("{path:?}: {e:?}"));
                }
            }
            Err(FollowStop::Bad(e)) => panic!("{path:?}: {e}"),
        }
        taken += n;
        at += chunk.len();
        let now = f.now().expect("followed");
        let mut drop = Some(Money::ZERO);
        let mut each = |c: CoupRow| drop = drop.and_then(|d| d.checked_add(c.staked).ok());
        let mut src = std::io::Cursor::new(&bytes[..at]);
        let (whole, table) =
            summary::summarise_with_table(path, &mut src, at as u64, Some(&mut each)).expect("summary");
        assert_eq!(now.summary, whole, "{path:?} after {taken} records");
        assert_eq!(now.drop, drop, "{path:?} after {taken} records");
        assert_eq!(now.table.map(|t| t.bank()), table.map(|t| t.bank()), "{path:?}");
    }
    let mut src = std::io::Cursor::new(bytes.as_slice());
    let weighed = sabot::reports::protection::weigh_from(path, &mut src, opts).expect("weighed");
    assert_eq!(f.verdicts(), weighed.verdicts, "{path:?}");
}

/// Every shift log under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "sabotlog") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// R-BQ-4: a free bank that loses more than it holds is covered from its banker's
/// pocket; the report's banker line counts it with what he brought, so that it agrees
/// with the shift's total brought in (issue 47, point 6: «trajo 3.000» against 3.300).
#[test]
fn a_free_bank_covered_from_the_pocket_is_in_its_banker_s_line_r_bq_4() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("shift.sabotlog");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/bq_free_bank_cannot_cover.ron");
    let script = sabot::script::parse(&std::fs::read_to_string(script).expect("script")).expect("parses");
    let table = sabot::script::run::start_table(&script).expect("table");
    let header = sabot::journal::Header::from_table("Mesa 1", "Ana", &table, false).expect("header");
    let mut j = sabot::journal::Journal::create(&path, header).expect("log");
    for step in script.steps.iter().filter(|s| !matches!(s, sabot::script::Step::Check(_))) {
        let mut ops = step.ops();
        // A free bank's bet: offered and accepted, as the script runner enters it.
        if let [sabot::engine::Op::Bet { player, spot, amount }] = ops.as_slice()
            && let offer @ sabot::engine::Op::OfferBet { player, .. } = j.table().bet_of(*player, *spot, *amount)
        {
            ops = vec![offer, sabot::engine::Op::AcceptBet { player }];
        }
        for op in &ops {
            j.play(op).expect("logged");
        }
    }
    j.close().expect("closed");
    let (s, _) = summarise(&path);
    let r = &s.reconciliation;
    assert!(r.balanced(), "{r:?}");
    // 500 taken, 100 covered at the settlement, 1000 brought for a new bank.
    assert_eq!(r.brought_in, m("1600"));
    let bankers: Vec<_> = s.bankers.iter().filter(|b| b.brought_in.is_positive()).collect();
    assert_eq!(bankers.len(), 1, "{:?}", s.bankers);
    assert_eq!(bankers[0].brought_in, r.brought_in, "the banker's line and the total agree");
    let text = summary_text_of(&s, Lang::Es);
    let line = text.lines().find(|l| l.contains("trajo")).expect("the banker's line");
    assert!(line.contains("trajo 1.600"), "{line}");
}

/// Issue 48, point 6: `sabot report --csv` has a row for every log given, each
/// saying what it is: a damaged log, an older copy and the second part of a split
/// shift are not counted (no figures, a note); the split shift is counted as its
/// parts read together.
#[test]
fn every_log_given_has_its_csv_row_saying_what_it_is() {
    let dir = tempfile::tempdir().expect("dir");
    let room = crate::gui_layout_review::room(dir.path());
    let csv = dir.path().join("day.csv");
    let (status, text) = report_text(&room.all(), Some(&csv), false, Lang::En);
    assert_eq!(status, 1, "a damaged log: {text}");
    let mut rd = csv::Reader::from_path(&csv).expect("csv");
    let head: Vec<String> = rd.headers().expect("header").iter().map(str::to_owned).collect();
    let rows: Vec<csv::StringRecord> = rd.records().map(|r| r.expect("row")).collect();
    assert_eq!(rows.len(), 7, "a row for every file given");
    let col = |row: &csv::StringRecord, name: &str| {
        row.get(head.iter().position(|h| h == name).expect("column")).expect("cell").to_string()
    };
    let row_of =
        |p: &Path| rows.iter().find(|r| col(r, "file") == p.display().to_string()).cloned().expect("the file's row");
    for p in [&room.banque, &room.cf, &room.pb] {
        let r = row_of(p);
        assert_eq!((col(&r, "counted"), col(&r, "note")), ("true".into(), String::new()), "{}", p.display());
    }
    let damaged = row_of(&room.damaged);
    assert_eq!((col(&damaged, "counted"), col(&damaged, "integrity")), ("false".into(), "damaged".into()));
    assert!(col(&damaged, "note").starts_with("does not verify"), "{:?}", col(&damaged, "note"));
    assert!(col(&damaged, "bank_end").is_empty() && col(&damaged, "coups").is_empty(), "no figures");
    let older = row_of(&room.older);
    assert_eq!(col(&older, "counted"), "false");
    assert!(col(&older, "note").starts_with("an older copy of"), "{:?}", col(&older, "note"));
    assert!(col(&older, "bank_end").is_empty());
    let part2 = row_of(&room.part2);
    assert_eq!((col(&part2, "counted"), col(&part2, "integrity")), ("false".into(), "unreadable".into()));
    let note = col(&part2, "note");
    assert!(note.contains(&format!("takes up the chain of {}", room.part1.display())), "{note}");
    let part1 = row_of(&room.part1);
    assert_eq!(
        (col(&part1, "counted"), col(&part1, "integrity"), col(&part1, "coups")),
        ("true".into(), "sound".into(), "4".into())
    );
    assert!(col(&part1, "note").starts_with("this shift is in 2 files"), "{:?}", col(&part1, "note"));
}
