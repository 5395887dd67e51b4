//! The pit's database, against a real PostgreSQL cluster started by the tests (see
//! `tests/pg`): replication of each game's simulated shift, the database stopped and
//! started mid-shift, a re-chained log caught by `verify --pit`, a second writer
//! refused, and the table role's rights.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

mod pg;

use sabot::engine::{Event, Game, Op, TableSettings};
use sabot::i18n::Lang;
use sabot::journal::{Header, Journal, record};
use sabot::pit::{self, PitReader, PitStatus, PitUrl, Replicator};
use sabot::sim::{OpSink, Simulator};
use std::path::Path;
use std::time::{Duration, Instant};

/// A fresh database in the shared cluster with the pit's schema; None when skipped.
fn fresh_pit(stem: &str) -> Option<(&'static pg::Cluster, String, PitUrl)> {
    let c = pg::shared()?;
    let db = c.fresh_db(stem).expect("database");
    let url = PitUrl::parse(&c.url(&db)).expect("url");
    pit::init(&url).expect("pit init");
    Some((c, db, url))
}

struct JournalSink<'a>(&'a mut Journal, Duration);

impl OpSink for JournalSink<'_> {
    fn record(&mut self, op: &Op, events: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
        let t = Instant::now();
        self.0.append(op, events).map_err(|_| sabot::sim::SinkFailed)?;
        self.1 = self.1.max(t.elapsed());
        Ok(())
    }
}

fn new_log(dir: &Path, game: Game) -> Journal {
    let header = Header::live("Mesa 7", "Ana", TableSettings::new(game), false);
    Journal::create(dir.join("shift.sabotlog"), header).expect("log")
}

fn replicate(url: &PitUrl, j: &mut Journal) -> Replicator {
    let (rep, tap) = Replicator::start(url.clone(), j.path(), j.next_seq() - 1, Box::new(|| {})).expect("replicator");
    j.set_tap(tap);
    rep
}

/// A closed Banque shift of three simulated coups, replicated whole to the pit.
fn closed_in_pit(url: &PitUrl, dir: &Path, seed: u64) -> std::path::PathBuf {
    let mut j = new_log(dir, Game::Banque);
    let rep = replicate(url, &mut j);
    Simulator::new(Game::Banque, seed).expect("sim").run(3, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    assert!(rep.wait_done(Duration::from_secs(20)).is_live());
    rep.stop();
    path
}

fn verify_pit(url: &PitUrl, log: &Path) -> (i32, String) {
    let mut out = Vec::new();
    let status = sabot::cli::pit::verify_against(
        url.masked(),
        &[log.to_path_buf()],
        Duration::from_secs(60),
        Lang::En,
        &mut out,
    );
    (status, String::from_utf8(out).expect("utf8"))
}

fn local_records(log: &Path) -> u64 {
    std::fs::read_to_string(log).expect("log").lines().count() as u64
}

#[test]
fn a_simulated_shift_of_each_game_is_replicated_record_by_record() {
    let Some((_, _, url)) = fresh_pit("games") else { return };
    let dir = tempfile::tempdir().expect("dir");
    for game in Game::ALL {
        let log = dir.path().join(format!("{}.sabotlog", game.slug()));
        let mut out = Vec::new();
        let status =
            sabot::cli::simulate::simulate_cli_pit(game, 40, 7, Some(&log), Some(&url.to_string()), Lang::En, &mut out);
        let out = String::from_utf8(out).expect("utf8");
        assert_eq!(status, 0, "{out}");
        assert!(out.contains("pit: Pit: the log is closed; the pit holds"), "{out}");
        let (status, said) = verify_pit(&url, &log);
        assert_eq!(status, 0, "{said}");
        assert!(said.contains("matches the pit's copy record by record"), "{said}");
        let mut reader = PitReader::connect(&url).expect("reader");
        let shifts = reader.shifts().expect("shifts");
        let s = shifts.iter().find(|s| s.game == game.slug()).expect("the shift is in the pit");
        assert_eq!(s.last_seq + 1, local_records(&log));
        assert!(s.closed);
        let recs = reader.records_from(&s.shift_id, 0, 100_000).expect("records");
        let local: Vec<String> = std::fs::read_to_string(&log).expect("log").lines().map(str::to_string).collect();
        assert_eq!(recs.iter().map(|r| r.line.clone()).collect::<Vec<_>>(), local);
    }
    // `sabot pit status` lists the table's latest shift.
    let mut out = Vec::new();
    let status =
        sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url: url.to_string() }, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("Mesa") || out.contains("simulation"), "{out}");
    assert!(out.contains("closed"), "{out}");
}

#[test]
fn pit_init_is_idempotent_and_never_shows_the_password() {
    let Some((c, db, url)) = fresh_pit("init") else { return };
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::AlreadyThere));
    // A password in the URL (the trust cluster ignores it) is never printed.
    let with_password = c.url(&db).replace("sabot@", "sabot:s3cr3t-pw@");
    let mut out = Vec::new();
    let status = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Init { url: with_password }, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(!out.contains("s3cr3t-pw") && out.contains("sabot:***@"), "{out}");
    assert!(out.contains(&format!("already at version {}", pit::SCHEMA_VERSION)), "{out}");
    // An unreachable pit: the message has no password either.
    let gone = "postgresql://ana:s3cr3t-pw@/x?host=/nonexistent-folder";
    let mut out = Vec::new();
    let status = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url: gone.into() }, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 1);
    assert!(!out.contains("s3cr3t-pw") && out.contains("cannot reach the pit"), "{out}");
}

#[test]
fn the_database_stopped_mid_shift_loses_nothing_blocks_nothing_and_is_caught_up() {
    let Some(bin) = pg::available() else { return };
    let c = pg::Cluster::start(&bin, false).expect("own cluster");
    let db = c.fresh_db("outage").expect("db");
    let url = PitUrl::parse(&c.url(&db)).expect("url");
    pit::init(&url).expect("init");
    let dir = tempfile::tempdir().expect("dir");
    let mut j = new_log(dir.path(), Game::PuntoBanca);
    let rep = replicate(&url, &mut j);
    let mut sim = Simulator::new(Game::PuntoBanca, 3).expect("sim");
    let mut sink = JournalSink(&mut j, Duration::ZERO);
    sim.run(20, &mut sink).expect("coups");
    let last = sink.0.next_seq() - 1;
    assert!(rep.wait_holds(last, Duration::from_secs(20)).is_live(), "{:?}", rep.state());

    c.stop().expect("stop the pit");
    // The table goes on while the pit is down: every record is synced locally.
    let before = sink.0.next_seq();
    sink.1 = Duration::ZERO;
    sim.run(30, &mut sink).expect("coups while the pit is down");
    let written_offline = sink.0.next_seq() - before;
    assert!(written_offline > 50);
    let deadline = Instant::now() + Duration::from_secs(20);
    // The replicator learns of each synced record through its channel: on a loaded
    // machine it may not have read the last ones yet when it finds the pit gone.
    let caught =
        |s: &sabot::pit::PitState| matches!(s.status, PitStatus::Offline { .. }) && s.behind() >= written_offline;
    while !caught(&rep.state()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let state = rep.state();
    assert!(matches!(state.status, PitStatus::Offline { .. }), "{state:?}");
    assert!(state.behind() >= written_offline, "{state:?}");
    // No append waited on the pit (a connection attempt alone takes longer).
    assert!(sink.1 < Duration::from_secs(1), "the slowest append took {:?}", sink.1);

    c.start_again().expect("start the pit again");
    sim.run(5, &mut sink).expect("coups after");
    let last = sink.0.next_seq() - 1;
    let state = rep.wait_holds(last, Duration::from_secs(30));
    assert!(state.is_live(), "{state:?}");
    assert_eq!(state.pit_seq, Some(last));
    sink.0.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    assert!(rep.wait_done(Duration::from_secs(20)).done);
    let (status, said) = verify_pit(&url, &path);
    assert_eq!(status, 0, "{said}");
    let mut reader = PitReader::connect(&url).expect("reader");
    let s = reader.shifts().expect("shifts").pop().expect("shift");
    assert_eq!(s.last_seq + 1, local_records(&path), "nothing lost");
    assert!(s.closed);
}

/// Rewrites a log from record `k` on as an insider would: every record from `k`
/// stamped a second later, every hash from there recomputed.
fn rechain_from(log: &Path, k: usize) {
    let text = std::fs::read_to_string(log).expect("log");
    let mut out = String::new();
    let mut prev = String::new();
    for (i, line) in text.lines().enumerate() {
        if i < k {
            out.push_str(line);
            out.push('\n');
            prev = record::decode(line.as_bytes()).expect("record").hash;
            continue;
        }
        let mut r = record::decode(line.as_bytes()).expect("record");
        r.at += chrono::Duration::seconds(1);
        r.prev = prev.clone();
        let (l, h) = record::encode(&r).expect("encode");
        out.push_str(&l);
        out.push('\n');
        prev = h;
    }
    std::fs::write(log, out).expect("write");
}

#[test]
fn a_log_rechained_after_the_fact_passes_verify_but_not_verify_pit() {
    let Some((_, _, url)) = fresh_pit("rechain") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("b.sabotlog");
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_cli_pit(
        Game::Banque,
        15,
        11,
        Some(&log),
        Some(url.masked()),
        Lang::En,
        &mut out,
    );
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    let n = local_records(&log);
    let k = (n / 2) as usize;
    rechain_from(&log, k);
    // By itself the rewritten log is a sound chain: the local verify cannot tell.
    assert!(sabot::journal::verify(&log).is_ok(), "{:?}", sabot::journal::verify(&log).result);
    let (status, said) = verify_pit(&url, &log);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains(&format!("DIFFERS FROM THE PIT at record {k}:")), "{said}");
    // Spanish too.
    let mut out = Vec::new();
    let st = sabot::cli::pit::verify_against(
        url.masked(),
        std::slice::from_ref(&log),
        Duration::from_secs(60),
        Lang::Es,
        &mut out,
    );
    assert_eq!(st, 1);
    assert!(String::from_utf8_lossy(&out).contains(&format!("DIFIERE DEL PIT en el registro {k}")));
    // Records cut off the end of the local log are missing locally.
    let text = std::fs::read_to_string(&log).expect("log");
    let lines: Vec<&str> = text.lines().collect();
    let mut short = String::new();
    for l in &lines[..k] {
        short.push_str(l);
        short.push('\n');
    }
    std::fs::write(&log, short).expect("write");
    let (status, said) = verify_pit(&url, &log);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains(&format!("the local log lacks record {k}")), "{said}");
}

#[test]
fn a_second_writer_on_the_same_shift_is_refused_by_the_pit() {
    let Some((_, _, url)) = fresh_pit("second") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut a = new_log(dir.path(), Game::ChemindeFer);
    let rep_a = replicate(&url, &mut a);
    let mut sim = Simulator::new(Game::ChemindeFer, 5).expect("sim");
    sim.run(5, &mut JournalSink(&mut a, Duration::ZERO)).expect("coups");
    assert!(rep_a.wait_holds(a.next_seq() - 1, Duration::from_secs(20)).is_live());
    // A copy of the log taken now, carried on by another laptop.
    let copy = dir.path().join("copy.sabotlog");
    std::fs::copy(a.path(), &copy).expect("copy");
    sim.run(2, &mut JournalSink(&mut a, Duration::ZERO)).expect("more coups on the first");
    assert!(rep_a.wait_holds(a.next_seq() - 1, Duration::from_secs(20)).is_live());
    let (mut b, _) = sabot::journal::open_for_append(&copy).expect("second writer");
    let rep_b = replicate(&url, &mut b);
    let state = rep_b.wait_holds(b.next_seq() - 1, Duration::from_secs(20));
    match &state.status {
        PitStatus::Refused { why, .. } => assert!(why.contains("another writer"), "{why}"),
        other => panic!("the second writer was not refused: {other:?}"),
    }
    // Its text on the table is plain.
    let (text, _) = sabot::app::pit::pit_state_text(Lang::En, &state);
    assert!(text.contains("REFUSED record"), "{text}");
    // The pit holds the first writer's records, untouched.
    a.close().expect("close");
    let path_a = a.path().to_path_buf();
    drop(a);
    assert!(rep_a.wait_done(Duration::from_secs(20)).done);
    assert_eq!(verify_pit(&url, &path_a).0, 0);
    // A rewritten log started by a fresh replicator is refused at the record that differs.
    drop(b);
    rechain_from(&path_a, 4);
    let mut reader = PitReader::connect(&url).expect("reader");
    let shift = reader.shifts().expect("shifts").pop().expect("shift");
    let (rep_c, _tap) =
        Replicator::start(url.clone(), &path_a, local_records(&path_a) - 1, Box::new(|| {})).expect("replicator");
    let state = rep_c.wait_holds(local_records(&path_a) - 1, Duration::from_secs(20));
    assert!(matches!(state.status, PitStatus::Refused { .. }), "{state:?}");
    assert_eq!(reader.shift(&shift.shift_id).expect("shift").expect("there").last_seq, shift.last_seq);
}

#[test]
fn the_table_role_can_only_add_records_and_the_pit_role_only_read() {
    let Some((c, db, _)) = fresh_pit("roles") else { return };
    let table_user = format!("mesa_{}", std::process::id());
    let pit_user = format!("jefe_{}", std::process::id());
    c.sql(
        &db,
        &format!("CREATE ROLE {table_user} LOGIN IN ROLE sabot_table; CREATE ROLE {pit_user} LOGIN IN ROLE sabot_pit;"),
    )
    .expect("roles");
    let table_url = PitUrl::parse(&c.url_as(&table_user, &db)).expect("url");
    // The table role replicates a shift.
    let dir = tempfile::tempdir().expect("dir");
    let mut j = new_log(dir.path(), Game::Banque);
    let rep = replicate(&table_url, &mut j);
    Simulator::new(Game::Banque, 9).expect("sim").run(3, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    assert!(rep.wait_holds(j.next_seq() - 1, Duration::from_secs(20)).is_live(), "{:?}", rep.state());
    // …and can change nothing.
    let mut t = postgres::Client::connect(&c.url_as(&table_user, &db), postgres::NoTls).expect("table login");
    for sql in [
        "UPDATE sabot.records SET line = 'x' WHERE seq = 1",
        "DELETE FROM sabot.records WHERE seq = 1",
        "UPDATE sabot.shifts SET last_seq = 0",
        "DELETE FROM sabot.shifts",
        "TRUNCATE sabot.records",
        "SELECT count(*) FROM sabot.records",
        "ALTER TABLE sabot.records DISABLE TRIGGER records_chain",
    ] {
        let e = t.batch_execute(sql).expect_err(sql);
        assert!(e.as_db_error().is_some_and(|d| d.code().code() == "42501"), "{sql}: {e}");
    }
    // A record that does not chain is refused, even typed by hand.
    let e = t
        .batch_execute(
            "INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) \
                        SELECT repeat('a', 64), 99, now(), repeat('b', 64), repeat('c', 64), 'op', 'x'",
        )
        .expect_err("forged");
    assert!(e.as_db_error().is_some_and(|d| d.code().code().starts_with("SB")), "{e}");
    // The pit role reads, and cannot write.
    let mut p = postgres::Client::connect(&c.url_as(&pit_user, &db), postgres::NoTls).expect("pit login");
    let n: i64 = p.query_one("SELECT count(*) FROM sabot.records", &[]).expect("read").get(0);
    assert_eq!(n as u64, j.next_seq());
    for sql in
        ["DELETE FROM sabot.records", "UPDATE sabot.records SET line = 'x'", "INSERT INTO sabot.meta VALUES ('a', 'b')"]
    {
        let e = p.batch_execute(sql).expect_err(sql);
        assert!(e.as_db_error().is_some_and(|d| d.code().code() == "42501"), "{sql}: {e}");
    }
    let pit_url = PitUrl::parse(&c.url_as(&pit_user, &db)).expect("url");
    let mut reader = PitReader::connect(&pit_url).expect("pit reader");
    assert_eq!(reader.tables().expect("tables").len(), 1);
}

/// The app's own path: the start form's pit URL, the shift log opened as the app
/// opens it (`journal_logs`), entries played through the shift; the side panel's pit
/// state comes to "live" with every record in the pit.
#[test]
fn the_app_ships_a_shift_to_the_pit_named_on_its_start_form() {
    use sabot::app::shift::{LiveShift, ShiftHeader};
    use sabot::app::start::StartForm;
    let Some((_, _, url)) = fresh_pit("app") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut form = StartForm::in_dir(dir.path());
    form.table_name = "Mesa 9".into();
    form.croupier = "Eva".into();
    form.set_game(Game::PuntoBanca);
    form.pit_url = url.masked().to_string();
    let choice = form.read(Lang::En).expect("the form reads");
    assert!(choice.pit.is_some());
    let table = sabot::engine::Table::start(choice.settings.clone()).expect("table");
    let ctx = egui::Context::default();
    let log = (sabot::app::journal_logs())(&choice, &table, &ctx).expect("the log opens");
    let mut shift = LiveShift::open(ShiftHeader { table_name: "Mesa 9".into(), croupier: "Eva".into() }, table, log);
    // The same operations a simulator plays on a table started the same way.
    struct Keep(Vec<Op>);
    impl OpSink for Keep {
        fn record(&mut self, op: &Op, _: &[Event]) -> Result<(), sabot::sim::SinkFailed> {
            self.0.push(op.clone());
            Ok(())
        }
    }
    let mut keep = Keep(Vec::new());
    Simulator::with_settings(choice.settings.clone(), 4).expect("sim").run(5, &mut keep).expect("coups");
    for op in &keep.0 {
        shift.play(op).expect("the shift takes it");
    }
    let records = keep.0.len() as u64 + 1;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        shift.poll();
        let state = shift.pit().expect("the shift goes to the pit");
        if state.pit_seq == Some(records - 1) && state.is_live() {
            let (text, _) = sabot::app::pit::pit_state_text(Lang::En, &state);
            assert_eq!(text, format!("Pit: live ({records} records)"));
            break;
        }
        assert!(Instant::now() < deadline, "the pit did not catch up: {state:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut reader = PitReader::connect(&url).expect("reader");
    let s = reader.tables().expect("tables").into_iter().find(|s| s.table_name == "Mesa 9").expect("in the pit");
    assert_eq!((s.croupier.as_str(), s.game.as_str(), s.last_seq), ("Eva", "punto-banca", records - 1));
}

/// A shift closed while the pit was away: `sabot pit push` sends the pit the rest.
#[test]
fn pit_push_sends_what_the_pit_lacks_of_a_closed_log() {
    let Some((_, _, url)) = fresh_pit("push") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut j = new_log(dir.path(), Game::Banque);
    let rep = replicate(&url, &mut j);
    let mut sim = Simulator::new(Game::Banque, 2).expect("sim");
    sim.run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    assert!(rep.wait_holds(j.next_seq() - 1, Duration::from_secs(20)).is_live());
    // The replicator goes (the laptop shut down), the shift goes on and closes.
    rep.stop();
    sim.run(3, &mut JournalSink(&mut j, Duration::ZERO)).expect("more coups");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    let (status, said) = verify_pit(&url, &path);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("the pit lacks record"), "{said}");
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: url.to_string(), logs: vec![path.clone()] };
    let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("the log is closed; the pit holds"), "{out}");
    assert_eq!(verify_pit(&url, &path).0, 0);
}

/// R-BQ-E7 after the close: the pit boss's amendment to a closed shift (from the
/// review) follows the closing record in the log; `verify --pit` finds the pit lacks
/// it, `sabot pit push` sends it, and the pit holds the shift still closed. Only an
/// amendment may follow a closed shift in the pit: any other record is refused, and a
/// record that claims to be an amendment and is not, too. A pit of schema version 1
/// is upgraded by `pit init`.
#[test]
fn an_amendment_after_the_close_reaches_the_pit_and_nothing_else_does_r_bq_e7() {
    let Some((c, db, url)) = fresh_pit("amend") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let path = closed_in_pit(&url, dir.path(), 4);
    assert_eq!(verify_pit(&url, &path).0, 0);
    let (seq, _) = sabot::journal::amend(&path, 2, "seat 4 paid 100 short").expect("amend");
    let (status, said) = verify_pit(&url, &path);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("the pit lacks record"), "{said}");
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: url.to_string(), logs: vec![path.clone()] };
    let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    assert_eq!(verify_pit(&url, &path).0, 0);
    let mut db_client = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("connect");
    let kind: String =
        db_client.query_one("SELECT kind FROM sabot.records WHERE seq = $1", &[&(seq as i64)]).expect("kind").get(0);
    assert_eq!(kind, "amend");
    let row = db_client.query_one("SELECT closed, last_hash, shift_id FROM sabot.shifts", &[]).expect("shift");
    let (closed, last_hash, shift): (bool, String, String) = (row.get(0), row.get(1), row.get(2));
    assert!(closed, "the shift is still closed in the pit");

    // A record after the close that is not an amendment, well chained: refused; one
    // that says it is an amendment and is not: refused.
    let rep = sabot::journal::verify(&path).result.expect("verified");
    let forged = record::Record {
        v: record::FORMAT,
        seq: seq + 1,
        at: rep.last_at,
        table: rep.header.table.clone(),
        croupier: rep.header.croupier.clone(),
        game: rep.header.settings.game,
        body: sabot::journal::Body::Op { op: Op::NewShoe, events: vec![] },
        prev: last_hash.clone(),
        hash: String::new(),
    };
    let (line, hash) = record::encode(&forged).expect("encode");
    for kind in ["op", "amend"] {
        let e = db_client
            .execute(
                "INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) \
                 VALUES ($1, $2, now(), $3, $4, $5, $6)",
                &[&shift, &(seq as i64 + 1), &hash, &last_hash, &kind, &line],
            )
            .expect_err(kind);
        let code = e.as_db_error().map(|d| d.code().code().to_string()).unwrap_or_default();
        assert_eq!(code, if kind == "op" { "SB003" } else { "SB004" }, "{kind}: {e}");
    }

    // Version 1 upgraded in place.
    c.sql(&db, "UPDATE sabot.meta SET value = '1' WHERE key = 'schema_version'").expect("set back");
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::Created { from: Some(1) }));
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::AlreadyThere));
}

/// An amendment recorded from the pit boss's review (R-BQ-E7) goes to the pit the
/// review names as soon as it is in the log: the pit holds it, as an amendment, and
/// the shift stays closed there. With the pit out of reach, the log has it all the
/// same and the pit boss is told the pit does not, and how it gets there.
#[test]
fn an_amendment_from_the_review_reaches_the_pit_at_once_r_bq_e7() {
    use sabot::app::review::Review;
    let Some((c, db, url)) = fresh_pit("review_amend") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let path = closed_in_pit(&url, dir.path(), 9);

    let amend = |pit: Option<PitUrl>, coup: u32, reason: &str| {
        let mut r = Review::without_dialog();
        r.pit = pit;
        r.open(vec![path.clone()], None);
        r.wait();
        r.open_replay(Lang::En, 0, coup, None);
        r.wait();
        r.replay.as_mut().expect("the coup replays").reason = reason.into();
        r.amend(Lang::En, None);
        r.wait();
        r.replay.and_then(|rp| rp.notice).expect("a notice")
    };
    let (said, alarm) = amend(Some(url.clone()), 2, "seat 4 paid 100 short");
    assert_eq!(said, "Amendment to coup 2 recorded in the shift's log and sent to the pit.");
    assert!(!alarm);
    let (status, checked) = verify_pit(&url, &path);
    assert_eq!(status, 0, "the pit holds the whole log: {checked}");
    let mut db_client = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("connect");
    let last = local_records(&path) as i64 - 1;
    let row = db_client.query_one("SELECT kind, line FROM sabot.records WHERE seq = $1", &[&last]).expect("record");
    let (kind, line): (String, String) = (row.get(0), row.get(1));
    assert_eq!(kind, "amend");
    assert!(line.contains("seat 4 paid 100 short"), "{line}");
    let closed: bool = db_client.query_one("SELECT closed FROM sabot.shifts", &[]).expect("shift").get(0);
    assert!(closed, "the shift is still closed in the pit");

    // The pit out of reach: the log takes the amendment, the pit boss is told at once.
    let away = PitUrl::parse("postgresql://nobody@127.0.0.1:9/sabot?connect_timeout=2").expect("url");
    let before = local_records(&path);
    let (said, alarm) = amend(Some(away), 3, "the half line paid twice");
    assert!(alarm, "{said}");
    assert!(
        said.starts_with("Amendment to coup 3 recorded in the shift's log, but the pit does not have it yet"),
        "{said}"
    );
    assert!(said.ends_with("`sabot pit push` sends it later."), "{said}");
    assert_eq!(local_records(&path), before + 1);
    assert_eq!(verify_pit(&url, &path).0, 1, "the pit lacks the second amendment");
    // No pit named: the log alone, said plainly.
    let (said, alarm) = amend(None, 1, "a late claim upheld");
    assert_eq!((said.as_str(), alarm), ("Amendment to coup 1 recorded in the shift's log.", false));
    // `sabot pit push` then sends both.
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: url.to_string(), logs: vec![path.clone()] };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0, "{}", String::from_utf8_lossy(&out));
    assert_eq!(verify_pit(&url, &path).0, 0);
}
