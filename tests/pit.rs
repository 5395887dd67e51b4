//! The pit's database, against a real PostgreSQL cluster started by the tests (see
//! `tests/pg`): replication of each game's simulated shift, the database stopped and
//! started mid-shift, a re-chained log caught by `verify --pit`, a second writer
//! refused, and the table role's rights.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::pg;

use sabot::engine::{Event, Game, Op, TableSettings};
use sabot::i18n::Lang;
use sabot::journal::{Header, Journal, record};
use sabot::pit::{self, PitCheck, PitReader, PitRefusal, PitStatus, PitUrl, Replicator};
use sabot::sim::{OpSink, Simulator};
use std::path::Path;
use std::time::{Duration, Instant};

/// A fresh database in the shared cluster with the pit's schema, its parsed URL and
/// the URL as typed (what the commands take: a `PitUrl` shows only user@host:port/db);
/// None when skipped.
fn fresh_pit(stem: &str) -> Option<(&'static pg::Cluster, String, PitUrl, String)> {
    let c = pg::shared()?;
    let db = c.fresh_db(stem).expect("database");
    let raw = c.url(&db);
    let url = PitUrl::parse(&raw).expect("url");
    pit::init(&url).expect("pit init");
    Some((c, db, url, raw))
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

fn verify_pit(url: &str, log: &Path) -> (i32, String) {
    let mut out = Vec::new();
    let status =
        sabot::cli::pit::verify_against(url, &[log.to_path_buf()], Duration::from_secs(60), Lang::En, &mut out);
    (status, String::from_utf8(out).expect("utf8"))
}

fn local_records(log: &Path) -> u64 {
    std::fs::read_to_string(log).expect("log").lines().count() as u64
}

#[test]
fn a_simulated_shift_of_each_game_is_replicated_record_by_record() {
    let Some((_, _, url, raw)) = fresh_pit("games") else { return };
    let dir = tempfile::tempdir().expect("dir");
    for game in Game::ALL {
        let log = dir.path().join(format!("{}.sabotlog", game.slug()));
        let mut out = Vec::new();
        let status = sabot::cli::simulate::simulate_cli_pit(game, 40, 7, Some(&log), Some(&raw), Lang::En, &mut out);
        let out = String::from_utf8(out).expect("utf8");
        assert_eq!(status, 0, "{out}");
        assert!(out.contains("pit: Pit: the log is closed; the pit holds"), "{out}");
        let (status, said) = verify_pit(&raw, &log);
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
    let status = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url: raw.clone() }, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("Mesa") || out.contains("simulation"), "{out}");
    assert!(out.contains("closed"), "{out}");
}

#[test]
fn pit_init_is_idempotent_and_never_shows_the_password() {
    let Some((c, db, url, _)) = fresh_pit("init") else { return };
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::AlreadyThere));
    // A password in the URL (the trust cluster ignores it) is never printed.
    let with_password = c.url(&db).replace("sabot@", "sabot:s3cr3t-pw@");
    let mut out = Vec::new();
    let status = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Init { url: with_password }, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(!out.contains("s3cr3t-pw") && out.contains(&format!("sabot@{}:5432/{db}", c.socket_dir())), "{out}");
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
    let raw = c.url(&db);
    let url = PitUrl::parse(&raw).expect("url");
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
    let (status, said) = verify_pit(&raw, &path);
    assert_eq!(status, 0, "{said}");
    let mut reader = PitReader::connect(&url).expect("reader");
    let s = reader.shifts().expect("shifts").pop().expect("shift");
    assert_eq!(s.last_seq + 1, local_records(&path), "nothing lost");
    assert!(s.closed);
}

/// Rewrites a log from record `k` on as an insider would: every record from `k`
/// stamped a second later, every hash from there recomputed.
fn rechain_from(log: &Path, k: usize) {
    rechain_by(log, k, chrono::Duration::seconds(1));
}

/// Rewrites a log from record `k` on, every record from there stamped `by` later.
fn rechain_by(log: &Path, k: usize, by: chrono::Duration) {
    let text = std::fs::read_to_string(log).expect("log");
    let mut out = String::new();
    let mut prev = record::GENESIS.to_string();
    for (i, line) in text.lines().enumerate() {
        if i < k {
            out.push_str(line);
            out.push('\n');
            prev = record::decode(line.as_bytes()).expect("record").hash;
            continue;
        }
        let mut r = record::decode(line.as_bytes()).expect("record");
        r.at += by;
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
    let Some((_, _, _, raw)) = fresh_pit("rechain") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("b.sabotlog");
    let mut out = Vec::new();
    let status =
        sabot::cli::simulate::simulate_cli_pit(Game::Banque, 15, 11, Some(&log), Some(&raw), Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    let n = local_records(&log);
    let k = (n / 2) as usize;
    rechain_from(&log, k);
    // By itself the rewritten log is a sound chain: the local verify cannot tell.
    assert!(sabot::journal::verify(&log).is_ok(), "{:?}", sabot::journal::verify(&log).result);
    let (status, said) = verify_pit(&raw, &log);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains(&format!("DIFFERS FROM THE PIT at record {k}:")), "{said}");
    // Spanish too.
    let mut out = Vec::new();
    let st =
        sabot::cli::pit::verify_against(&raw, std::slice::from_ref(&log), Duration::from_secs(60), Lang::Es, &mut out);
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
    let (status, said) = verify_pit(&raw, &log);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains(&format!("the local log lacks record {k}")), "{said}");
}

#[test]
fn a_second_writer_on_the_same_shift_is_refused_by_the_pit() {
    let Some((_, _, url, raw)) = fresh_pit("second") else { return };
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
        PitStatus::Refused { why, .. } => {
            assert!(why.to_string().contains("another writer"), "{why:?}");
            let es = sabot::app::pit::pit_refusal_text(Lang::Es, why);
            assert!(es.contains("otro escritor"), "{es}");
        }
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
    assert_eq!(verify_pit(&raw, &path_a).0, 0);
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
    let Some((c, db, _, _)) = fresh_pit("roles") else { return };
    let table_user = format!("mesa_{}", std::process::id());
    let pit_user = format!("jefe_{}", std::process::id());
    c.sql(
        &db,
        &format!(
            "CREATE ROLE {table_user} LOGIN IN ROLE sabot_table; CREATE ROLE {pit_user} LOGIN IN ROLE sabot_pit; \
             SELECT sabot.bind_table('Mesa 7', '{table_user}');"
        ),
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
    let Some((_, _, url, raw)) = fresh_pit("app") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut form = StartForm::in_dir(dir.path());
    form.table_name = "Mesa 9".into();
    form.croupier = "Eva".into();
    form.set_game(Game::PuntoBanca);
    form.pit_url = raw.clone();
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
    let Some((_, _, url, raw)) = fresh_pit("push") else { return };
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
    let (status, said) = verify_pit(&raw, &path);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("the pit lacks record"), "{said}");
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![path.clone()] };
    let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("the pit holds the whole log"), "{out}");
    assert_eq!(verify_pit(&raw, &path).0, 0);
}

/// R-BQ-E7 after the close: the pit boss's amendment to a closed shift (from the
/// review) follows the closing record in the log; `verify --pit` finds the pit lacks
/// it, `sabot pit push` sends it, and the pit holds the shift still closed. Only an
/// amendment may follow a closed shift in the pit: any other record is refused, and a
/// record that claims to be an amendment and is not, too. A pit of schema version 1
/// is upgraded by `pit init`.
#[test]
fn an_amendment_after_the_close_reaches_the_pit_and_nothing_else_does_r_bq_e7() {
    let Some((c, db, url, raw)) = fresh_pit("amend") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let path = closed_in_pit(&url, dir.path(), 4);
    assert_eq!(verify_pit(&raw, &path).0, 0);
    let (seq, _) = sabot::journal::amend(&path, 2, "seat 4 paid 100 short").expect("amend");
    let (status, said) = verify_pit(&raw, &path);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("the pit lacks record"), "{said}");
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![path.clone()] };
    let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    assert_eq!(verify_pit(&raw, &path).0, 0);
    let mut db_client = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("connect");
    let kind: String =
        db_client.query_one("SELECT kind FROM sabot.records WHERE seq = $1", &[&(seq as i64)]).expect("kind").get(0);
    assert_eq!(kind, "amend");
    let row = db_client.query_one("SELECT closed, last_hash, shift_id FROM sabot.shifts", &[]).expect("shift");
    let (closed, last_hash, shift): (bool, String, String) = (row.get(0), row.get(1), row.get(2));
    assert!(closed, "the shift is still closed in the pit");

    // A record after the close that is not an amendment, well chained: refused,
    // whatever kind the client says it is (the pit reads the kind from the line).
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
        assert_eq!(code, "SB003", "{kind}: {e}");
    }

    // Version 1 upgraded in place (the upgrades run again over what is there).
    c.sql(&db, "UPDATE sabot.meta SET value = '1' WHERE key = 'schema_version'").expect("set back");
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::Created { from: Some(1) }));
    assert_eq!(verify_pit(&raw, &path).0, 0);
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::AlreadyThere));
}

/// An amendment recorded from the pit boss's review (R-BQ-E7) goes to the pit the
/// review names as soon as it is in the log: the pit holds it, as an amendment, and
/// the shift stays closed there. With the pit out of reach, the log has it all the
/// same and the pit boss is told the pit does not, and how it gets there.
#[test]
fn an_amendment_from_the_review_reaches_the_pit_at_once_r_bq_e7() {
    use sabot::app::review::Review;
    let Some((c, db, url, raw)) = fresh_pit("review_amend") else { return };
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
    let (status, checked) = verify_pit(&raw, &path);
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
    assert_eq!(verify_pit(&raw, &path).0, 1, "the pit lacks the second amendment");
    // No pit named: the log alone, said plainly.
    let (said, alarm) = amend(None, 1, "a late claim upheld");
    assert_eq!((said.as_str(), alarm), ("Amendment to coup 1 recorded in the shift's log.", false));
    // `sabot pit push` then sends both.
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![path.clone()] };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0, "{}", String::from_utf8_lossy(&out));
    assert_eq!(verify_pit(&raw, &path).0, 0);
}

// ---- Issue 25: a pit no table can forge, and pit commands that always end. ----

/// A pit with two table logins (`mesa1_…`, `mesa2_…`) and the pit boss's (`jefe_…`):
/// (cluster, db, owner's URL, mesa1's, mesa2's, jefe's), URLs as typed.
fn room(stem: &str) -> Option<(&'static pg::Cluster, String, PitUrl, String, String, String)> {
    let (c, db, url, _) = fresh_pit(stem)?;
    let (m1, m2, jefe) = c.pit_logins(&db);
    Some((c, db, url, m1, m2, jefe))
}

fn table_log(dir: &Path, name: &str, table: &str) -> Journal {
    let header = Header::live(table, "Ana", TableSettings::new(Game::Banque), false);
    Journal::create(dir.join(name), header).expect("log")
}

fn refused_why(state: &sabot::pit::PitState) -> sabot::pit::PitRefusal {
    match &state.status {
        PitStatus::Refused { why, .. } => why.clone(),
        other => panic!("not refused: {other:?}"),
    }
}

fn sql_code(e: &postgres::Error) -> String {
    e.as_db_error().map(|d| d.code().code().to_string()).unwrap_or_default()
}

/// Mesa 1 registering a shift of Mesa 2's table, and one of its own table starting in
/// 2099: both refused, each with the pit's check.
fn mesa1_refused_another_table_and_the_future(url1: &PitUrl, dir: &Path) {
    // Mesa 1 registering a shift of Mesa 2's table: refused.
    let mut spoof = table_log(dir, "spoof.sabotlog", "Mesa 2");
    let rep_spoof = replicate(url1, &mut spoof);
    let why = refused_why(&rep_spoof.wait_holds(0, Duration::from_secs(20)));
    assert!(
        matches!(&why, PitRefusal::Check { kind: PitCheck::AnotherLoginsTable, said }
            if said.contains("the table 'Mesa 2' belongs to another login")),
        "{why:?}"
    );
    rep_spoof.stop();
    // A shift of its own table starting in 2099: refused.
    let mut header = Header::live("Mesa 1", "Ana", TableSettings::new(Game::Banque), false);
    header.started = chrono::DateTime::parse_from_rfc3339("2099-01-01T20:00:00+01:00").expect("time");
    let mut future = Journal::create(dir.join("2099.sabotlog"), header).expect("log");
    let rep_future = replicate(url1, &mut future);
    let why = refused_why(&rep_future.wait_holds(0, Duration::from_secs(20)));
    assert!(
        matches!(&why, PitRefusal::Check { kind: PitCheck::StartsAhead, said } if said.contains("ahead of the pit's clock")),
        "{why:?}"
    );
    rep_future.stop();
}

/// Mesa 1's login takes a copy of Mesa 2's open shift and carries it on (its own
/// records, well chained and hashed): the database refuses them and says why to that
/// login, hands it nothing of the shift, and Mesa 2's real records go on; its log
/// passes `verify --pit`. Mesa 1 cannot register a shift of Mesa 2's table either,
/// nor a shift of its own starting in 2099; `pit status` shows Mesa 2's real shift.
#[test]
fn a_shift_belongs_to_the_login_that_opened_it() {
    let Some((_, _, _, mesa1, mesa2, jefe)) = room("forge") else { return };
    let (url1, url2) = (PitUrl::parse(&mesa1).expect("url"), PitUrl::parse(&mesa2).expect("url"));
    let dir = tempfile::tempdir().expect("dir");
    let mut real = table_log(dir.path(), "mesa2.sabotlog", "Mesa 2");
    let rep2 = replicate(&url2, &mut real);
    let mut sim = Simulator::new(Game::Banque, 21).expect("sim");
    sim.run(3, &mut JournalSink(&mut real, Duration::ZERO)).expect("coups");
    assert!(rep2.wait_holds(real.next_seq() - 1, Duration::from_secs(20)).is_live(), "{:?}", rep2.state());

    // The forged continuation, by Mesa 1's login, through Sabot itself…
    let copy = dir.path().join("forged.sabotlog");
    std::fs::copy(real.path(), &copy).expect("copy");
    let (mut forged, _) = sabot::journal::open_for_append(&copy).expect("forger's writer");
    let rep1 = replicate(&url1, &mut forged);
    let mut forger = Simulator::resume(forged.table().clone(), 99);
    forger.finish_coup(&mut JournalSink(&mut forged, Duration::ZERO)).expect("forged coup");
    forger.run(2, &mut JournalSink(&mut forged, Duration::ZERO)).expect("forged coups");
    forged.close().expect("forged close");
    let state = rep1.wait_holds(forged.next_seq() - 1, Duration::from_secs(20));
    let why = refused_why(&state);
    assert!(
        matches!(&why, PitRefusal::Check { kind: PitCheck::AnotherLoginsShift, said }
            if said.contains("belongs to the login that opened it") && said.contains("mesa1_")),
        "{why:?}"
    );
    let (text, _) = sabot::app::pit::pit_state_text(Lang::En, &state);
    assert!(text.contains("REFUSED"), "{text}");
    rep1.stop();
    // The refusal left nothing in the pit but Mesa 1's report of it (schema 4): the
    // pit boss reads it, and the floor raises the alarm on Mesa 2.
    let boss = PitUrl::parse(&jefe).expect("url");
    let mut reader = sabot::pit::PitReader::connect(&boss).expect("the pit boss reads");
    let rows = reader.refusals(chrono::Utc::now() - chrono::Duration::hours(1)).expect("refusals");
    assert!(
        rows.iter().any(|r| r.table_name == "Mesa 2"
            && r.login.starts_with("mesa1_")
            && r.why.starts_with("SB005: ")
            && r.why.contains("belongs to the login that opened it")),
        "{rows:?}"
    );
    let mut floor = sabot::pit::floor::Floor::new(sabot::pit::floor::FloorConfig::default());
    let snap = floor.look(&mut reader, &boss).expect("the floor looks");
    let alarm = snap
        .alarms
        .iter()
        .find(|a| matches!(a, sabot::pit::floor::Alarm::Refused { table, .. } if table == "Mesa 2"))
        .unwrap_or_else(|| panic!("no refusal alarm: {:?}", snap.alarms));
    let words = sabot::app::floor::alarm_text(Lang::Es, alarm);
    assert!(words.starts_with("ALARMA Mesa 2: el pit rechazó") && words.contains("mesa1_"), "{words}");
    // The pit's check in the floor's own language (the server's words after it).
    assert!(words.contains("este turno es del usuario que lo abrió"), "{words}");
    // …and by hand, with the pit's last hash taken from the copy: refused by the
    // database (the trigger), and open_shift hands it nothing.
    let mut t1 = postgres::Client::connect(&mesa1, postgres::NoTls).expect("mesa1 login");
    let lines: Vec<String> = std::fs::read_to_string(&copy).expect("copy").lines().map(str::to_string).collect();
    let shift_id = record::decode(lines[0].as_bytes()).expect("header").hash;
    let n_real = real.next_seq() as usize;
    let e = t1
        .execute("INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)", &[&shift_id, &lines[n_real]])
        .expect_err("forged record");
    assert_eq!(sql_code(&e), "SB005", "{e}");
    let e = t1.query_one("SELECT * FROM sabot.open_shift($1)", &[&lines[0]]).expect_err("open another's shift");
    assert_eq!(sql_code(&e), "SB005", "{e}");
    // A table adds a refusal; it neither reads the others' nor says who or when.
    let e = t1.query("SELECT * FROM sabot.refusals", &[]).expect_err("a table reads no refusal");
    assert_eq!(sql_code(&e), "42501", "{e}");
    let e = t1
        .execute(
            "INSERT INTO sabot.refusals (shift_id, table_name, seq, why, login) VALUES ($1, 'Mesa 2', 1, 'x', 'jefe')",
            &[&shift_id],
        )
        .expect_err("a refusal in another's name");
    assert_eq!(sql_code(&e), "42501", "{e}");

    mesa1_refused_another_table_and_the_future(&url1, dir.path());

    // The real table is unharmed: it goes on, closes, and its log passes verify --pit.
    sim.run(2, &mut JournalSink(&mut real, Duration::ZERO)).expect("more real coups");
    real.close().expect("close");
    let path = real.path().to_path_buf();
    drop(real);
    assert!(rep2.wait_done(Duration::from_secs(20)).is_live(), "{:?}", rep2.state());
    let (status, said) = verify_pit(&jefe, &path);
    assert_eq!(status, 0, "{said}");
    // The pit boss's status shows Mesa 2's real shift, closed.
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Status { url: jefe.clone() };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0);
    let out = String::from_utf8(out).expect("utf8");
    let row = out.lines().find(|l| l.starts_with("Mesa 2 ·")).expect("Mesa 2 listed");
    assert!(row.contains("closed") && row.contains(&format!(" {} ·", local_records(&path) - 1)), "{out}");
    assert!(!out.contains("2099"), "{out}");
}

/// A record line as a forger would write it: `body` after the shift's own table,
/// croupier and game, chained onto `prev`, hashed.
fn forged_line(rep: &sabot::journal::Replayed, seq: u64, prev: &str, body: sabot::journal::Body) -> (String, String) {
    let r = record::Record {
        v: record::FORMAT,
        seq,
        at: rep.last_at,
        table: rep.header.table.clone(),
        croupier: rep.header.croupier.clone(),
        game: rep.header.settings.game,
        body,
        prev: prev.to_string(),
        hash: String::new(),
    };
    record::encode(&r).expect("encode")
}

/// The pit reads every record from its line: garbage, a line of another table, a
/// header in the middle, and a record after the close that merely contains the text
/// of an amendment are refused by the database; what the client says of a record's
/// sequence, hash or kind is not what the pit keeps: the line is.
#[test]
fn the_pit_derives_every_record_from_its_line() {
    let Some((_, _, _, mesa1, _, _)) = room("lines") else { return };
    let url1 = PitUrl::parse(&mesa1).expect("url");
    let dir = tempfile::tempdir().expect("dir");
    let mut j = table_log(dir.path(), "m1.sabotlog", "Mesa 1");
    let rep = replicate(&url1, &mut j);
    Simulator::new(Game::Banque, 5).expect("sim").run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    assert!(rep.wait_done(Duration::from_secs(20)).is_live());
    rep.stop();
    let text = std::fs::read_to_string(&path).expect("log");
    let lines: Vec<&str> = text.lines().collect();
    let last = record::decode(lines[lines.len() - 1].as_bytes()).expect("last");
    let shift = record::decode(lines[0].as_bytes()).expect("header").hash;
    let ok = sabot::journal::verify(&path).result.expect("verified");
    let seq = last.seq + 1;
    let mut t = postgres::Client::connect(&mesa1, postgres::NoTls).expect("login");
    let insert = |t: &mut postgres::Client, kind: &str, line: &str| {
        t.execute(
            "INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) \
             VALUES ($1, $2, now(), $3, $4, $5, $6)",
            &[&shift, &(seq as i64), &"a".repeat(64), &last.hash, &kind, &line],
        )
    };
    // Garbage.
    let e = insert(&mut t, "amend", "Record(v:4,seq:99,garbage)").expect_err("garbage");
    assert_eq!(sql_code(&e), "SB004", "{e}");
    // After the close, a record whose line contains an amendment's text and is none.
    let fake = sabot::journal::Body::Resumed(sabot::journal::Resumed {
        software: ",game:Banque,body:Op(op:Amend(".into(),
        set_aside: None,
    });
    let (line, _) = forged_line(&ok, seq, &last.hash, fake);
    let e = insert(&mut t, "amend", &line).expect_err("fake amendment");
    assert_eq!(sql_code(&e), "SB003", "{e}");
    // A record of another table chained onto this shift.
    let mut other = ok.clone();
    other.header.table = "Mesa 2".into();
    let (line, _) = forged_line(&other, seq, &last.hash, sabot::journal::Body::Op { op: Op::NewShoe, events: vec![] });
    let e = insert(&mut t, "amend", &line).expect_err("another table's record");
    assert_eq!(sql_code(&e), "SB004", "{e}");
    // A header in the middle.
    let head = record::decode(lines[0].as_bytes()).expect("header").body;
    let (line, _) = forged_line(&ok, seq, &last.hash, head);
    let e = insert(&mut t, "amend", &line).expect_err("a second header");
    assert_eq!(sql_code(&e), "SB004", "{e}");
    // The shift's genuine log still matches the pit.
    let owner = fresh_owner_url(&mesa1);
    let (status, said) = verify_pit(&owner, &path);
    assert_eq!(status, 0, "{said}");

    // What a client says is ignored: an open shift's record stored as its line says.
    let mut j = table_log(dir.path(), "m1b.sabotlog", "Mesa 1");
    let rep = replicate(&url1, &mut j);
    assert!(rep.wait_holds(0, Duration::from_secs(20)).is_live());
    rep.stop();
    Simulator::new(Game::Banque, 6).expect("sim").run(1, &mut JournalSink(&mut j, Duration::ZERO)).expect("coup");
    let text = std::fs::read_to_string(j.path()).expect("log");
    let line1 = text.lines().nth(1).expect("record 1");
    let shift = record::decode(text.lines().next().expect("h").as_bytes()).expect("header").hash;
    t.execute(
        "INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) \
         VALUES ($1, 77, '2099-01-01', $2, $2, 'close', $3)",
        &[&shift, &"b".repeat(64), &line1],
    )
    .expect("a genuine line, whatever the client says of it");
    let mut o = postgres::Client::connect(&owner, postgres::NoTls).expect("owner");
    let row = o
        .query_one(
            "SELECT seq, kind, hash, closed FROM sabot.records JOIN sabot.shifts USING (shift_id) \
                    WHERE shift_id = $1 AND seq > 0",
            &[&shift],
        )
        .expect("stored");
    let (s, k, h, closed): (i64, String, String, bool) = (row.get(0), row.get(1), row.get(2), row.get(3));
    assert_eq!((s, k.as_str(), closed), (1, "op", false));
    assert_eq!(h, record::decode(line1.as_bytes()).expect("r1").hash);
    // The pit's owner is not held to a shift's login: it may add to any (keep its
    // password off the tables).
    let line2 = text.lines().nth(2).expect("record 2");
    o.execute("INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)", &[&shift, &line2])
        .expect("the owner adds to a table's shift");
}

/// The owner's URL of the database a login's URL names.
fn fresh_owner_url(login_url: &str) -> String {
    let at = login_url.find('@').expect("@");
    format!("postgresql://sabot{}", &login_url[at..])
}

/// A pit of schema version 2 (shifts in it) is upgraded in place by `pit init`: its
/// shifts still verify, and the table that opened them keeps them.
#[test]
fn a_version_2_pit_is_upgraded_in_place_to_version_3() {
    let Some(c) = pg::shared() else { return };
    let db = c.fresh_db("v2").expect("db");
    let url = PitUrl::parse(&c.url(&db)).expect("url");
    pit::schema::init_old(&url, 2).expect("a version 2 pit");
    // A shift in it as Sabot version 2 wrote it (its arguments, its columns).
    let dir = tempfile::tempdir().expect("dir");
    let mut j = table_log(dir.path(), "old.sabotlog", "Mesa 4");
    Simulator::new(Game::Banque, 8).expect("sim").run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    let path = j.path().to_path_buf();
    let text = std::fs::read_to_string(&path).expect("log");
    let mut o = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let head = ShiftHeadOf::new(text.lines().next().expect("header"));
    o.query_one(
        "SELECT * FROM sabot.open_shift($1, $2, $3, $4, $5, $6, $7)",
        &[&head.0, &"Mesa 4", &"Ana", &"banque", &false, &head.1, &text.lines().next().expect("h")],
    )
    .expect("v2 open_shift");
    for l in text.lines().skip(1) {
        let r = record::decode(l.as_bytes()).expect("record");
        o.execute(
            "INSERT INTO sabot.records (shift_id, seq, at, hash, prev, kind, line) VALUES ($1, $2, $3, $4, $5, 'op', $6)",
            &[&head.0, &(r.seq as i64), &r.at, &r.hash, &r.prev, &l],
        )
        .expect("v2 insert");
    }
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::Created { from: Some(2) }));
    assert_eq!(pit::init(&url), Ok(pit::schema::Initialised::AlreadyThere));
    let (status, said) = verify_pit(&c.url(&db), &path);
    assert_eq!(status, 0, "{said}");
    // The same login carries the shift on with this Sabot.
    let rep = replicate(&url, &mut j);
    let mut sim = Simulator::resume(j.table().clone(), 3);
    sim.finish_coup(&mut JournalSink(&mut j, Duration::ZERO)).expect("coup");
    sim.run(1, &mut JournalSink(&mut j, Duration::ZERO)).expect("coup");
    j.close().expect("close");
    drop(j);
    assert!(rep.wait_done(Duration::from_secs(20)).is_live(), "{:?}", rep.state());
    assert_eq!(verify_pit(&c.url(&db), &path).0, 0);
}

struct ShiftHeadOf(String, chrono::DateTime<chrono::FixedOffset>);
impl ShiftHeadOf {
    fn new(line: &str) -> ShiftHeadOf {
        let r = record::decode(line.as_bytes()).expect("header");
        let sabot::journal::Body::Header(h) = &r.body else { panic!("not a header") };
        ShiftHeadOf(r.hash.clone(), h.started)
    }
}

/// A server on loopback that accepts connections and never answers (in this test
/// process): every pit command ends within its limit, with a clear message, and
/// never prints the password.
#[test]
fn every_pit_command_ends_on_a_server_that_never_answers() {
    if pg::available().is_none() {
        return;
    }
    let port = pg::silent_server();
    let url = format!("postgresql://mesa1:Top-S3cret@127.0.0.1:{port}/sabot?connect_timeout=2");
    let dir = tempfile::tempdir().expect("dir");
    let mut j = table_log(dir.path(), "quiet.sabotlog", "Mesa 1");
    j.close().expect("close");
    let log = j.path().to_path_buf();
    drop(j);
    let check = |name: &str, limit: Duration, run: &dyn Fn(&mut Vec<u8>) -> i32| {
        let t = Instant::now();
        let mut out = Vec::new();
        let status = run(&mut out);
        let took = t.elapsed();
        let out = String::from_utf8(out).expect("utf8");
        assert!(took < limit, "{name} took {took:?}: {out}");
        assert_ne!(status, 0, "{name}: {out}");
        assert!(!out.contains("Top-S3cret"), "{name}: {out}");
        assert!(out.contains("did not answer") || out.contains("within"), "{name}: {out}");
    };
    use sabot::cli::pit::{PitCommand, pit as pit_cmd};
    check("pit status", Duration::from_secs(10), &|w| pit_cmd(&PitCommand::Status { url: url.clone() }, Lang::En, w));
    check("pit init", Duration::from_secs(10), &|w| pit_cmd(&PitCommand::Init { url: url.clone() }, Lang::En, w));
    check("verify --pit", Duration::from_secs(10), &|w| {
        sabot::cli::pit::verify_against(&url, std::slice::from_ref(&log), Duration::from_secs(60), Lang::En, w)
    });
    check("pit push", Duration::from_secs(10), &|w| {
        pit_cmd(&PitCommand::Push { url: url.clone(), logs: vec![log.clone()] }, Lang::En, w)
    });
    // simulate --pit: the table never waits on the pit; the command ends within its
    // stated wait for the pit after the close.
    let sim_log = dir.path().join("sim.sabotlog");
    let t = Instant::now();
    let mut out = Vec::new();
    let status =
        sabot::cli::simulate::simulate_cli_pit(Game::Banque, 20, 1, Some(&sim_log), Some(&url), Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert!(t.elapsed() < sabot::cli::simulate::PIT_WAIT + Duration::from_secs(10), "{:?}: {out}", t.elapsed());
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("OFFLINE") && !out.contains("Top-S3cret"), "{out}");
    assert!(sabot::journal::verify(&sim_log).is_ok(), "the log is whole and closed");
}

/// A TCP socket connected to itself (what a reconnect to a port of the ephemeral
/// range with nothing listening can become) is refused: the replicator never waits on
/// itself nor holds the pit's port.
#[test]
#[cfg(unix)]
fn a_socket_connected_to_itself_is_refused() {
    use std::os::fd::FromRawFd;
    // A free port, then a socket bound to it connecting to it: TCP's simultaneous
    // open connects it to itself.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    // SAFETY: plain socket calls on a socket this test owns; the fd is handed to a
    // TcpStream, which closes it.
    let stream = unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
        assert!(fd >= 0);
        let mut addr: libc::sockaddr_in = std::mem::zeroed();
        addr.sin_family = libc::AF_INET as libc::sa_family_t;
        addr.sin_port = port.to_be();
        addr.sin_addr.s_addr = u32::from(std::net::Ipv4Addr::LOCALHOST).to_be();
        let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        let p = &addr as *const libc::sockaddr_in as *const libc::sockaddr;
        assert_eq!(libc::bind(fd, p, len), 0, "bind");
        assert_eq!(libc::connect(fd, p, len), 0, "self-connect");
        std::net::TcpStream::from_raw_fd(fd)
    };
    let why = sabot::pit::client::refuse_self_connected(&stream).expect_err("a self-connected socket");
    assert!(matches!(why, sabot::pit::Unreachable::SelfConnected { .. }), "{why:?}");
    assert!(why.to_string().contains("came back to itself"), "{why}");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let ok = std::net::TcpStream::connect(listener.local_addr().expect("addr")).expect("connect");
    assert_eq!(sabot::pit::client::refuse_self_connected(&ok), Ok(()));
}

/// A FIFO and /dev/zero given to `verify --pit` and `pit push`: refused at once, as
/// plain `verify` refuses them.
#[test]
#[cfg(unix)]
fn pit_commands_refuse_a_fifo_and_dev_zero_at_once() {
    let Some((_, _, _, raw)) = fresh_pit("fifo") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let fifo = dir.path().join("fifo.sabotlog");
    let c = std::ffi::CString::new(fifo.to_str().expect("utf8")).expect("cstr");
    // SAFETY: mkfifo on a path this test owns.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    for special in [fifo.clone(), "/dev/zero".into()] {
        let t = Instant::now();
        let (status, said) = verify_pit(&raw, &special);
        assert_eq!(status, 2, "{said}");
        assert!(said.contains("not a regular file"), "{said}");
        let mut out = Vec::new();
        let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![special.clone()] };
        assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 1);
        let out = String::from_utf8(out).expect("utf8");
        assert!(out.contains("not a regular file"), "{out}");
        // Refused, not waited on: a FIFO's open would wait for a writer for ever, and
        // /dev/zero would never end. The bound only tells a hang from an answer (a
        // loaded machine's answer takes milliseconds to seconds), never a speed.
        assert!(t.elapsed() < Duration::from_secs(60), "{special:?} took {:?}", t.elapsed());
    }
}

/// Every password form the issue names, unreachable or unreadable: never in what a
/// pit command prints.
#[test]
fn no_password_form_is_ever_printed() {
    // No PostgreSQL needed: nothing listens on port 9, and the unreadable forms never
    // reach the network.
    let forms = [
        ("postgresql://mesa1:Top/Secret@127.0.0.1:9/db?connect_timeout=2", "Top/Secret"),
        ("postgresql://mesa1:Top?Secret@127.0.0.1:9/db?connect_timeout=2", "Top?Secret"),
        ("host=127.0.0.1 port=9 user=mesa1 password = S3CRET dbname=db connect_timeout=2", "S3CRET"),
        ("host=127.0.0.1 port=9 user=mesa1 %70assword=S3CRET dbname=db connect_timeout=2", "S3CRET"),
        ("host=127.0.0.1 port=9 user=mesa1 password='top secret pw' dbname=db connect_timeout=2", "secret"),
        ("host=127.0.0.1 port=9 user=mesa1 password=SE\\ CRET dbname=db connect_timeout=2", "CRET"),
        ("postgresql://127.0.0.1:9/db?user=mesa1&%70assword=S3CRET&connect_timeout=2", "S3CRET"),
    ];
    for (url, secret) in forms {
        for cmd in [
            sabot::cli::pit::PitCommand::Status { url: url.into() },
            sabot::cli::pit::PitCommand::Init { url: url.into() },
        ] {
            let mut out = Vec::new();
            let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
            let out = String::from_utf8(out).expect("utf8");
            assert_ne!(status, 0, "{url}: {out}");
            assert!(!out.contains(secret), "{url}: {out}");
            assert!(
                out.contains("cannot reach the pit at mesa1@127.0.0.1:9/db") || out.contains("not a PostgreSQL URL"),
                "{out}"
            );
        }
        assert!(sabot::pit::may_hold_password(url), "the start screen masks {url}");
        assert!(sabot::pit::shown_url(url).is_none_or(|s| !s.contains(secret)), "{url}");
    }
}

/// The start screen with `url` typed in its pit field: the harness, and how many of
/// its labels and values hold `secret`.
fn start_screen_with(
    dir: &Path,
    url: &str,
    secret: &str,
) -> (egui_kittest::Harness<'static, sabot::app::start::StartForm>, usize) {
    use egui_kittest::kittest::{Queryable, by};
    let mut form = sabot::app::start::StartForm::in_dir(dir);
    form.pit_url = url.into();
    let mut h = egui_kittest::Harness::new_ui_state(
        |ui, form: &mut sabot::app::start::StartForm| sabot::app::start::start_ui(ui, Lang::En, form, &mut Vec::new()),
        form,
    );
    h.run();
    let leaks = h
        .query_all(by().predicate(|n| {
            n.label().is_some_and(|l| l.contains(secret)) || n.value().is_some_and(|v| v.contains(secret))
        }))
        .count();
    (h, leaks)
}

/// The start screen's pit field with a password holding a `/` (or a `?`, or in the
/// key=value form): the field is masked and nothing on the screen shows the password;
/// beside it only `user@host:port/db`, when the driver reads the URL.
#[test]
fn the_start_screen_never_shows_a_password() {
    use egui_kittest::kittest::{Queryable, by};
    let dir = tempfile::tempdir().expect("dir");
    for (url, secret, shown) in [
        ("postgresql://mesa1:Top/Secret@pit-host/sabot", "Secret", None),
        ("postgresql://mesa1:Top?Secret@pit-host/sabot", "Secret", None),
        (
            "host=pit-host user=mesa1 password='top Secret pw' dbname=sabot",
            "Secret",
            Some("pit: mesa1@pit-host:5432/sabot"),
        ),
        ("postgresql://mesa1:S3cr%2Fet@pit-host/sabot", "S3cr", Some("pit: mesa1@pit-host:5432/sabot")),
    ] {
        let (h, leaks) = start_screen_with(dir.path(), url, secret);
        assert_eq!(leaks, 0, "{url}: the password is on the screen");
        if let Some(shown) = shown {
            assert!(h.query_by_label(shown).is_some(), "{url}: {shown} not shown");
        }
    }
    // The check sees a field's text: a URL without a password is shown as typed.
    let mut form = sabot::app::start::StartForm::in_dir(dir.path());
    form.pit_url = "postgresql://mesa1@pit-host/sabot".into();
    let mut h = egui_kittest::Harness::new_ui_state(
        |ui, form: &mut sabot::app::start::StartForm| sabot::app::start::start_ui(ui, Lang::En, form, &mut Vec::new()),
        form,
    );
    h.run();
    assert!(h.query_all(by().predicate(|n| n.value().is_some_and(|v| v.contains("pit-host")))).count() > 0);
}

/// The honest limit: records written while the pit was away, rewritten on the laptop
/// before they were sent, match the pit's copy; the pit says they came late, in
/// `verify --pit`, `pit status` and to the review (`PitReader::lateness`).
#[test]
fn records_sent_late_are_counted_and_said() {
    let Some((_, _, url, raw)) = fresh_pit("late") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut j = new_log(dir.path(), Game::Banque);
    let rep = replicate(&url, &mut j);
    let mut sim = Simulator::new(Game::Banque, 12).expect("sim");
    sim.run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    let live = j.next_seq();
    assert!(rep.wait_holds(live - 1, Duration::from_secs(20)).is_live());
    rep.stop(); // the pit away
    sim.run(3, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups while away");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    // Rewritten before they are sent (a second later each, rechained), sent late.
    rechain_from(&path, live as usize);
    std::thread::sleep(Duration::from_millis(2500));
    let late = local_records(&path) - live;
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![path.clone()] };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0, "{}", String::from_utf8_lossy(&out));
    let mut out = Vec::new();
    let status =
        sabot::cli::pit::verify_against(&raw, std::slice::from_ref(&path), Duration::from_secs(1), Lang::En, &mut out);
    let said = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "the pit cannot tell: {said}");
    let want =
        format!("{late} of {} records reached the pit more than 1 s after they were written", local_records(&path));
    assert!(said.contains(&want) && said.contains(&format!("the first record {live}")), "{said}");
    assert!(said.contains("only as good as the laptop"), "{said}");
    let mut reader = PitReader::connect(&url).expect("reader");
    let shift = reader.shifts().expect("shifts").pop().expect("shift");
    let l = reader.lateness(&shift.shift_id, Duration::from_secs(1)).expect("lateness");
    assert_eq!((l.late, l.first_late, l.records), (late, Some(live), local_records(&path)));

    // A whole shift kept away from the pit two hours, then sent: `pit status` says so.
    let other = tempfile::tempdir().expect("dir");
    let mut j = new_log(other.path(), Game::Banque);
    Simulator::new(Game::Banque, 13).expect("sim").run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    rechain_by(&path, 0, chrono::Duration::hours(-2));
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![path.clone()] };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0, "{}", String::from_utf8_lossy(&out));
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Status { url: raw.clone() };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0);
    let out = String::from_utf8(out).expect("utf8");
    let n = local_records(&path);
    let want = format!("{n} of {n} records reached the pit more than 60 s after they were written (up to 120 min late");
    assert!(out.contains(&want), "{out}");
}

/// `simulate --resume --pit` sends the pit the rest of the shift; `pit push` of a log
/// that is not closed does not call it closed; `simulate --pit ''` makes no log; a
/// closed log that lost only its final newline matches the pit.
#[test]
fn resume_sends_the_rest_push_says_what_it_did_and_a_lost_newline_is_no_removal() {
    let Some((_, _, url, raw)) = fresh_pit("smaller") else { return };
    let dir = tempfile::tempdir().expect("dir");
    // A shift whose table stopped (no replicator, no close).
    let mut j = new_log(dir.path(), Game::Banque);
    Simulator::new(Game::Banque, 4).expect("sim").run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    let path = j.path().to_path_buf();
    drop(j);
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: raw.clone(), logs: vec![path.clone()] };
    assert_eq!(sabot::cli::pit::pit(&cmd, Lang::En, &mut out), 0);
    let out = String::from_utf8(out).expect("utf8");
    assert!(out.contains("the pit holds the whole log") && !out.contains("closed"), "{out}");
    // Taken up again with --pit: the pit gets the rest, to the close.
    let mut out = Vec::new();
    let status = sabot::cli::simulate::resume_cli_pit(Game::Banque, 2, 5, &path, Some(&raw), Lang::En, &mut out);
    let out = String::from_utf8(out).expect("utf8");
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("the pit holds"), "{out}");
    assert_eq!(verify_pit(&raw, &path).0, 0);
    let mut reader = PitReader::connect(&url).expect("reader");
    assert!(reader.shifts().expect("shifts").iter().any(|s| s.closed && s.last_seq + 1 == local_records(&path)));
    // The final newline lost: still the pit's copy.
    let mut bytes = std::fs::read(&path).expect("log");
    assert_eq!(bytes.pop(), Some(b'\n'));
    std::fs::write(&path, bytes).expect("write");
    assert!(sabot::journal::verify(&path).result.expect("verify").closed.is_some());
    let (status, said) = verify_pit(&raw, &path);
    assert_eq!(status, 0, "{said}");
    // An empty pit URL: said, and no log left behind.
    let log = dir.path().join("never.sabotlog");
    let mut out = Vec::new();
    let status = sabot::cli::simulate::simulate_cli_pit(Game::Banque, 5, 1, Some(&log), Some(""), Lang::En, &mut out);
    assert_eq!(status, 2, "{}", String::from_utf8_lossy(&out));
    assert!(!log.exists());
}

/// Issue 24's first point, in the pit: a croupier's take-back is a record like any
/// other, replicated as written; the log and the pit's copy match record by record,
/// and the pit's copy, read back as the pit boss reads it, counts the correction and
/// not what was taken back.
#[test]
fn a_croupiers_take_back_reaches_the_pit_and_is_counted_there() {
    let Some((_, _, url, raw)) = fresh_pit("takeback") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut j = new_log(dir.path(), Game::Banque);
    let rep = replicate(&url, &mut j);
    let mut sim = Simulator::new(Game::Banque, 5).expect("sim");
    sim.run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    // The last coup is settled and its next not opened: its last entry can still be
    // taken back (before paying), and typed again.
    let last = std::fs::read_to_string(j.path()).expect("log").lines().last().map(str::to_string).expect("a record");
    let rec = record::decode(last.as_bytes()).expect("a record");
    let sabot::journal::Body::Op { op, .. } = rec.body else { panic!("an operation last: {rec:?}") };
    let taken = j.play(&Op::TakeBack { entries: 1 }).expect("taken back");
    assert!(matches!(taken.as_slice(), [Event::TakenBack { entries: 1, .. }]), "{taken:?}");
    j.play(&op).expect("typed again");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    assert!(rep.wait_done(Duration::from_secs(20)).is_live());
    rep.stop();
    let (status, said) = verify_pit(&raw, &path);
    assert_eq!(status, 0, "{said}");
    let mut reader = PitReader::connect(&url).expect("reader");
    let shifts = reader.shifts().expect("shifts");
    let s = shifts.iter().find(|s| s.game == "banque").expect("the shift");
    let recs = reader.records_from(&s.shift_id, 0, 100_000).expect("records");
    assert_eq!(recs.iter().filter(|r| r.line.contains("body:Op(op:TakeBack(entries:1)")).count(), 1);
    // The pit's copy as a log of its own, summed up as the review sums a shift.
    let copy = dir.path().join("from-the-pit.sabotlog");
    let lines: Vec<String> = recs.iter().map(|r| r.line.clone()).collect();
    std::fs::write(&copy, lines.join("\n") + "\n").expect("copy");
    let from_pit = sabot::reports::summary::summarise(&copy, Default::default()).expect("summary");
    let local = sabot::reports::summary::summarise(&path, Default::default()).expect("summary");
    assert_eq!((from_pit.corrections, from_pit.entries_taken_back), (1, 1));
    assert_eq!(from_pit.coups, local.coups);
    assert_eq!(from_pit.reconciliation, local.reconciliation);
}

// ---- Issue 36: the pit holds against its own logins. ----

/// Mesa 2's open shift, three coups in the pit through mesa2's login, and a copy of
/// its log carried on by a forger: (Mesa 2's journal, its replicator, the forged
/// copy's lines, the number of real records).
fn mesa2_and_a_forged_copy(url2: &PitUrl, dir: &Path) -> (Journal, Replicator, Vec<String>, usize) {
    let mut real = table_log(dir, "mesa2.sabotlog", "Mesa 2");
    let rep2 = replicate(url2, &mut real);
    Simulator::new(Game::Banque, 31).expect("sim").run(3, &mut JournalSink(&mut real, Duration::ZERO)).expect("coups");
    assert!(rep2.wait_holds(real.next_seq() - 1, Duration::from_secs(20)).is_live(), "{:?}", rep2.state());
    let copy = dir.join("forged.sabotlog");
    std::fs::copy(real.path(), &copy).expect("copy");
    let (mut forged, _) = sabot::journal::open_for_append(&copy).expect("forger's writer");
    let mut forger = Simulator::resume(forged.table().clone(), 77);
    forger.finish_coup(&mut JournalSink(&mut forged, Duration::ZERO)).expect("forged coup");
    forged.close().expect("forged close");
    drop(forged);
    let lines: Vec<String> = std::fs::read_to_string(&copy).expect("copy").lines().map(str::to_string).collect();
    let n = real.next_seq() as usize;
    (real, rep2, lines, n)
}

/// Issue 36, point 1: a table's login that makes a temporary `pg_roles` saying it is a
/// superuser (a session's temporary schema is searched first unless a function's
/// search path names it last) is still only itself: it neither writes the next
/// record of Mesa 2's open shift nor opens an impostor «Mesa 2» shift, and the honest
/// laptop goes on.
#[test]
fn a_temporary_pg_roles_gives_a_table_login_no_rights() {
    let Some((_, _, _, mesa1, mesa2, _)) = room("definer") else { return };
    let url2 = PitUrl::parse(&mesa2).expect("url");
    let dir = tempfile::tempdir().expect("dir");
    let (mut real, rep2, lines, n) = mesa2_and_a_forged_copy(&url2, dir.path());
    let shift_id = record::decode(lines[0].as_bytes()).expect("header").hash;
    let mut t1 = postgres::Client::connect(&mesa1, postgres::NoTls).expect("mesa1 login");
    t1.batch_execute("CREATE TEMP TABLE pg_roles AS SELECT session_user::name rolname, true rolsuper;")
        .expect("a table login may make temporary tables");
    let e = t1
        .execute("INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)", &[&shift_id, &lines[n]])
        .expect_err("Mesa 2's next record written by mesa1");
    assert_eq!(sql_code(&e), "SB005", "{e}");
    // An impostor «Mesa 2» shift, opened and closed by mesa1.
    let mut impostor = table_log(dir.path(), "impostor.sabotlog", "Mesa 2");
    impostor.close().expect("close");
    let header = std::fs::read_to_string(impostor.path()).expect("log").lines().next().expect("header").to_string();
    let e = t1.query_one("SELECT * FROM sabot.open_shift($1)", &[&header]).expect_err("an impostor shift");
    assert_eq!(sql_code(&e), "SB006", "{e}");
    // The school's rows: an answer's session end is the sender's only.
    drop(t1);
    // The honest laptop goes on.
    Simulator::resume(real.table().clone(), 5).run(1, &mut JournalSink(&mut real, Duration::ZERO)).expect("more coups");
    assert!(rep2.wait_holds(real.next_seq() - 1, Duration::from_secs(20)).is_live(), "{:?}", rep2.state());
    rep2.stop();
}

/// Issue 36, point 1, in the source: every function of the pit's SQL sets its search
/// path to `pg_catalog, pg_temp` (the temporary schema last, where it cannot shadow a
/// catalog), and every table or view it names outside a function call is named with
/// its schema (`pg_catalog.pg_roles`, `sabot.records`).
#[test]
fn every_pit_function_sets_a_safe_search_path_and_qualifies_its_tables() {
    let src = ["schema.rs", "schema_v6.rs", "schema_v7.rs", "schema_v8.rs"]
        .map(|f| std::fs::read_to_string(format!("{}/src/pit/{f}", env!("CARGO_MANIFEST_DIR"))).expect(f))
        .join("\n");
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found = 0;
    let mut wrong = Vec::new();
    for piece in src.split("FUNCTION sabot.").skip(1) {
        let Some((head, rest)) = piece.split_once("$f$") else { continue };
        let Some((body, _)) = rest.split_once("$f$") else { continue };
        let name: String = head.chars().take_while(|c| word(*c)).collect();
        found += 1;
        let path = head.split_once("SET search_path =").map(|(_, p)| p.split(" AS").next().unwrap_or("").trim());
        if path != Some("pg_catalog, pg_temp") {
            wrong.push(format!("{name}: search_path {path:?}, not `pg_catalog, pg_temp`"));
        }
        // The body without its string literals (a message's words name no table).
        let mut lower = String::new();
        let mut quoted = false;
        for ch in body.to_lowercase().chars() {
            if ch == '\'' {
                quoted = !quoted;
            } else if !quoted {
                lower.push(ch);
            }
        }
        let tokens: Vec<&str> = lower.split(|c: char| c.is_whitespace() || c == ';' || c == ',').collect();
        for (i, t) in tokens.iter().enumerate() {
            // `ON CONFLICT … DO UPDATE SET` names no table.
            let names_a_table = matches!(*t, "from" | "join")
                || (*t == "update" && tokens.get(i + 1).is_some_and(|n| *n != "set"))
                || (*t == "into" && i > 0 && tokens[i - 1] == "insert");
            if let Some(next) = tokens.get(i + 1).filter(|_| names_a_table) {
                let ident: String = next.chars().take_while(|c| word(*c)).collect();
                let after = &next[ident.len()..];
                // A function call, or schema.name.
                if !ident.is_empty() && !after.starts_with('.') && !after.starts_with('(') {
                    wrong.push(format!("{name}: `{t} {next}` is not named with its schema"));
                }
            }
            if t.contains("%rowtype") && !t.contains('.') {
                wrong.push(format!("{name}: `{t}` is not named with its schema"));
            }
        }
        for catalog in ["pg_roles", "pg_authid", "pg_auth_members", "pg_class", "pg_namespace", "pg_proc", "pg_user"] {
            let bare = lower.match_indices(catalog).any(|(at, _)| !lower[..at].ends_with("pg_catalog."));
            if bare {
                wrong.push(format!("{name}: {catalog} named without pg_catalog."));
            }
        }
    }
    assert!(found >= 10, "the functions were not found ({found})");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A shift's first coups live in the pit, then the pit away while `more` coups are
/// written (the log left open, as a table that stopped): (the log, the first record
/// the pit lacks).
fn half_in_the_pit(url: &PitUrl, dir: &Path, table: &str, more: u32) -> (std::path::PathBuf, u64) {
    let mut j = table_log(dir, &format!("{}.sabotlog", table.replace(' ', "")), table);
    let rep = replicate(url, &mut j);
    let mut sim = Simulator::new(Game::Banque, 41).expect("sim");
    sim.run(2, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    let live = j.next_seq();
    assert!(rep.wait_holds(live - 1, Duration::from_secs(20)).is_live(), "{:?}", rep.state());
    rep.stop();
    sim.run(more, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups while away");
    let path = j.path().to_path_buf();
    drop(j);
    (path, live)
}

fn push_log(url: &str, log: &Path) -> (i32, String) {
    let mut out = Vec::new();
    let cmd = sabot::cli::pit::PitCommand::Push { url: url.into(), logs: vec![log.to_path_buf()] };
    let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
    (status, String::from_utf8(out).expect("utf8"))
}

/// Issue 36, point 2: records kept off the pit, changed, and stamped a year ahead are
/// not «on their way» (recent by the pit's clock, not the laptop's); sent, the pit
/// refuses the first of them and the refusal is raised for the floor; `pit status`
/// shows the last record's date and never a negative age (a log a few seconds ahead,
/// within the pit's tolerance).
#[test]
fn a_record_from_the_future_is_refused_raised_and_never_on_its_way() {
    let Some((_, _, url, raw)) = fresh_pit("future") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let (log, live) = half_in_the_pit(&url, dir.path(), "Mesa 8", 2);
    rechain_by(&log, live as usize, chrono::Duration::days(365));
    let (status, said) = verify_pit(&raw, &log);
    assert_eq!(status, 1, "a year ahead is not on its way: {said}");
    assert!(said.contains(&format!("the pit lacks record {live}")), "{said}");
    let (status, said) = push_log(&raw, &log);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("REFUSED") && said.contains("ahead of the pit's clock"), "{said}");
    let mut reader = PitReader::connect(&url).expect("reader");
    let rows = reader.refusals(chrono::Utc::now() - chrono::Duration::hours(1)).expect("refusals");
    assert!(rows.iter().any(|r| r.table_name == "Mesa 8" && r.seq == live && r.why.starts_with("SB008: ")), "{rows:?}");
    let (status, said) = verify_pit(&raw, &log);
    assert_eq!(status, 1, "{said}");
    // A table whose clock runs 40 s ahead: within the tolerance, held; its age is 0, not −40 s.
    let (ahead, live) = half_in_the_pit(&url, dir.path(), "Mesa 9", 1);
    rechain_by(&ahead, live as usize, chrono::Duration::seconds(40));
    let (status, said) = push_log(&raw, &ahead);
    assert_eq!(status, 0, "{said}");
    let mut out = Vec::new();
    assert_eq!(sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url: raw.clone() }, Lang::En, &mut out), 0);
    let out = String::from_utf8(out).expect("utf8");
    let row = out.lines().find(|l| l.starts_with("Mesa 9 ·")).unwrap_or_else(|| panic!("{out}"));
    let fields: Vec<&str> = row.split(" · ").collect();
    assert_eq!(fields[6], "0.00 s", "the age: {row}");
    let day = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert!(fields[5].starts_with(&day), "the last record's date: {row}");
}

/// Issue 36, point 3: a lock held on `sabot.records` longer than the statement
/// timeout (SQLSTATE 57014) is a reason to wait and try again, never to stop: once
/// the lock is let go the replicator sends every record, to the close.
#[test]
fn a_statement_timeout_is_retried_until_the_pit_holds_everything() {
    let Some((c, db, _, raw)) = fresh_pit("slow") else { return };
    let quick = PitUrl::parse(&format!("{raw}&options=-c%20statement_timeout%3D700")).expect("url");
    let dir = tempfile::tempdir().expect("dir");
    let mut j = new_log(dir.path(), Game::Banque);
    let rep = replicate(&quick, &mut j);
    let mut sim = Simulator::new(Game::Banque, 51).expect("sim");
    sim.run(1, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    assert!(rep.wait_holds(j.next_seq() - 1, Duration::from_secs(20)).is_live(), "{:?}", rep.state());
    let mut locker = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let mut tx = locker.transaction().expect("tx");
    tx.batch_execute("LOCK TABLE sabot.records IN ACCESS EXCLUSIVE MODE").expect("lock");
    sim.run(3, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups while locked");
    std::thread::sleep(Duration::from_secs(3));
    let held = rep.state();
    assert!(!matches!(held.status, PitStatus::Failed(_) | PitStatus::Refused { .. }), "{held:?}");
    tx.commit().expect("let go");
    sim.run(1, &mut JournalSink(&mut j, Duration::ZERO)).expect("coups");
    j.close().expect("close");
    let path = j.path().to_path_buf();
    drop(j);
    let done = rep.wait_done(Duration::from_secs(30));
    assert!(done.is_live(), "{done:?}");
    assert_eq!(done.pit_seq, Some(local_records(&path) - 1));
    rep.stop();
    assert_eq!(verify_pit(&raw, &path).0, 0);
}

/// Runs `run` on its own thread while the first backend of application `sabot` that
/// waits on a lock is frozen (SIGSTOP) and the lock let go: the command must end
/// within `limit` with a clear sentence (or, when it `retries` on a new connection, done).
/// The backend is let go after.
#[cfg(unix)]
fn frozen_backend(
    c: &pg::Cluster,
    db: &str,
    name: &str,
    limit: Duration,
    retries: bool,
    run: impl FnOnce(&mut Vec<u8>) -> i32 + Send + 'static,
) {
    let mut locker = postgres::Client::connect(&c.url(db), postgres::NoTls).expect("owner");
    let mut tx = locker.transaction().expect("tx");
    tx.batch_execute(
        "SELECT pg_advisory_xact_lock(7355608); \
         LOCK TABLE sabot.meta, sabot.shifts, sabot.records IN ACCESS EXCLUSIVE MODE",
    )
    .expect("locks");
    let mut watcher = postgres::Client::connect(&c.url(db), postgres::NoTls).expect("owner");
    // Only a backend of this command: one left by the command before (let go, and
    // waiting on these locks in its turn) is not the one to freeze.
    let before: Vec<i32> = watcher
        .query("SELECT pid FROM pg_stat_activity WHERE application_name = 'sabot'", &[])
        .expect("activity")
        .iter()
        .map(|r| r.get(0))
        .collect();
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let t = Instant::now();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        let status = run(&mut out);
        let _ = done_tx.send((status, String::from_utf8_lossy(&out).into_owned()));
    });
    let pid = loop {
        let row = watcher
            .query_opt(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'sabot' AND wait_event_type = 'Lock' \
                 AND pid <> ALL($1) LIMIT 1",
                &[&before],
            )
            .expect("activity");
        if let Some(r) = row {
            break r.get::<_, i32>(0);
        }
        assert!(t.elapsed() < Duration::from_secs(20), "{name}: no backend waits on the locks");
        std::thread::sleep(Duration::from_millis(20));
    };
    // SAFETY: signals to a backend of this test's own cluster.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGSTOP) }, 0);
    tx.commit().expect("let go");
    let ended = done_rx.recv_timeout(limit.saturating_sub(t.elapsed()));
    // SAFETY: as above.
    unsafe { libc::kill(pid, libc::SIGCONT) };
    // The frozen backend goes: nothing of this command waits on the next one's locks.
    let _ = watcher.execute("SELECT pg_terminate_backend($1)", &[&pid]);
    let (status, out) = ended.unwrap_or_else(|_| panic!("{name} still waits after {:?}", t.elapsed()));
    // A command that tries again on a connection of its own when a batch finds the pit
    // busy (`retries`: `pit push`) may give the frozen backend up and be let in by a
    // new one: it ended within the limit too, with the whole log in the pit.
    if retries && status == 0 {
        assert!(out.contains("the pit holds the whole log"), "{name}: {out}");
        return;
    }
    assert_ne!(status, 0, "{name}: {out}");
    assert!(out.contains("did not answer within"), "{name}: {out}");
}

/// Issue 36, point 4: a server that lets a command log in and then says nothing (its
/// backend frozen) is given up within the pit's answer deadline, with a sentence that
/// says so: `pit status`, `verify --pit`, `pit push`, `pit init` and the review's
/// reads.
#[test]
#[cfg(unix)]
fn every_pit_command_gives_up_on_a_backend_that_stops_answering() {
    let Some((c, db, _, raw)) = fresh_pit("frozen") else { return };
    let quick = format!("{raw}&options=-c%20statement_timeout%3D2000");
    let dir = tempfile::tempdir().expect("dir");
    let log = closed_in_pit(&PitUrl::parse(&raw).expect("url"), dir.path(), 3);
    let limit = Duration::from_secs(15);
    use sabot::cli::pit::{PitCommand, pit as pit_cmd};
    let u = quick.clone();
    frozen_backend(c, &db, "pit status", limit, false, move |w| pit_cmd(&PitCommand::Status { url: u }, Lang::En, w));
    let (u, l) = (quick.clone(), log.clone());
    frozen_backend(c, &db, "verify --pit", limit, false, move |w| {
        sabot::cli::pit::verify_against(&u, &[l], Duration::from_secs(60), Lang::En, w)
    });
    let (u, l) = (quick.clone(), log.clone());
    frozen_backend(c, &db, "pit push", limit, true, move |w| {
        pit_cmd(&PitCommand::Push { url: u, logs: vec![l] }, Lang::En, w)
    });
    let u = quick.clone();
    frozen_backend(c, &db, "pit init", limit, false, move |w| pit_cmd(&PitCommand::Init { url: u }, Lang::En, w));
    let u = PitUrl::parse(&quick).expect("url");
    frozen_backend(c, &db, "the review's reads", limit, false, move |w| {
        match PitReader::connect(&u).and_then(|mut r| r.shifts()) {
            Ok(_) => 0,
            Err(e) => {
                let _ = std::io::Write::write_all(w, sabot::app::pit::pit_error_text(Lang::En, &e).as_bytes());
                1
            }
        }
    });
}

/// Issue 36, point 5 (no PostgreSQL needed): a password holding `@`, or a user and
/// password joined by `%3A`, is never printed: not by `pit status`, `init`, `push`,
/// `verify --pit`, `simulate --pit`, the start screen (its pit field masked), nor the
/// side panel's pit state.
#[test]
fn a_password_holding_an_at_sign_is_never_printed() {
    let dir = tempfile::tempdir().expect("dir");
    let mut j = table_log(dir.path(), "at.sabotlog", "Mesa 1");
    j.close().expect("close");
    let log = j.path().to_path_buf();
    drop(j);
    use sabot::cli::pit::{PitCommand, pit as pit_cmd};
    for (url, secret) in [
        ("postgresql://mesa1:Zq9@Secret@127.0.0.1:9/pit?connect_timeout=1", "Secret"),
        ("postgresql://mesa1%3AZq9Secret@127.0.0.1:9/pit?connect_timeout=1", "Zq9Secret"),
        ("postgresql://mesa1:a%40b@Secret@127.0.0.1:9/pit?connect_timeout=1", "Secret"),
    ] {
        let mut outs = Vec::new();
        for cmd in [
            PitCommand::Status { url: url.into() },
            PitCommand::Init { url: url.into() },
            PitCommand::Push { url: url.into(), logs: vec![log.clone()] },
        ] {
            let mut out = Vec::new();
            let status = pit_cmd(&cmd, Lang::En, &mut out);
            assert_ne!(status, 0);
            outs.push(String::from_utf8(out).expect("utf8"));
        }
        let mut out = Vec::new();
        let _ = sabot::cli::pit::verify_against(
            url,
            std::slice::from_ref(&log),
            Duration::from_secs(60),
            Lang::En,
            &mut out,
        );
        outs.push(String::from_utf8(out).expect("utf8"));
        let mut out = Vec::new();
        let sim_log = dir.path().join(format!("sim{}.sabotlog", outs.len()));
        let _ =
            sabot::cli::simulate::simulate_cli_pit(Game::Banque, 2, 1, Some(&sim_log), Some(url), Lang::Es, &mut out);
        outs.push(String::from_utf8(out).expect("utf8"));
        for (i, out) in outs.iter().enumerate() {
            assert!(!out.contains(secret), "{url}: {out}");
            // The pit commands name the pit they could not reach.
            assert!(i == 4 || out.contains("127.0.0.1:9"), "{url}: the pit is named: {out}");
        }
        // The side panel's words, from the state the replicator keeps.
        let parsed = PitUrl::parse(url).expect("the driver reads it");
        assert!(!parsed.masked().contains(secret) && !format!("{parsed:?}").contains(secret), "{parsed}");
        assert!(parsed.masked().starts_with("mesa1"), "{parsed}");
        let state = sabot::pit::PitState {
            url: parsed.masked().to_string(),
            status: PitStatus::Connecting,
            pit_seq: None,
            local_seq: 0,
            done: false,
        };
        for lang in [Lang::En, Lang::Es] {
            let (text, _) = sabot::app::pit::pit_state_text(lang, &state);
            assert!(!text.contains(secret), "{text}");
        }
        // The start screen: the field masked, nothing on it shows the password.
        assert!(sabot::pit::may_hold_password(url), "the start form masks {url}");
        let (_, leaks) = start_screen_with(dir.path(), url, secret);
        assert_eq!(leaks, 0, "{url}: the password is on the start screen");
    }
}

/// A table's header line, for a table login to open its shift by hand.
fn header_of(dir: &Path, table: &str, training: bool) -> String {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let header = Header::live(table, "Ana", TableSettings::new(Game::Banque), training);
    let name = if training { format!("training-h{n}.sabotlog") } else { format!("h{n}.sabotlog") };
    let mut j = Journal::create(dir.join(name), header).expect("log");
    j.close().expect("close");
    std::fs::read_to_string(j.path()).expect("log").lines().next().expect("header").to_string()
}

/// Issue 36, point 6 (and point 8's `SET ROLE`): what one table login may leave in
/// the refusals the floor reads is bounded: a 200 kB why is kept to 1000
/// characters, the 61st report within the hour is refused (SB011), and the login kept
/// is the session's, whatever role it set.
#[test]
fn a_table_login_cannot_flood_the_floor_nor_report_in_anothers_name() {
    let Some((c, db, _, mesa1, _, _)) = room("flood") else { return };
    let mut t1 = postgres::Client::connect(&mesa1, postgres::NoTls).expect("mesa1 login");
    let login = mesa1.split("://").nth(1).and_then(|r| r.split('@').next()).expect("user").to_string();
    let long = "x".repeat(200_000);
    t1.batch_execute("SET ROLE sabot_table").expect("a member may set the role");
    t1.execute("INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ('s', 'Mesa 1', 1, $1)", &[&long])
        .expect("a long why");
    t1.batch_execute("RESET ROLE").expect("reset");
    let mut refused = None;
    for i in 2..=80_i64 {
        if let Err(e) = t1.execute(
            "INSERT INTO sabot.refusals (shift_id, table_name, seq, why) VALUES ('s', 'Mesa 1', $1, 'SB002: x')",
            &[&i],
        ) {
            refused = Some((i, sql_code(&e)));
            break;
        }
    }
    assert_eq!(refused, Some((61, "SB011".to_string())), "the 61st report within the hour is refused");
    let mut owner = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let rows = owner.query("SELECT login, length(why) FROM sabot.refusals ORDER BY id", &[]).expect("rows");
    assert_eq!(rows.len(), 60);
    assert!(rows.iter().all(|r| r.get::<_, String>(0) == login), "the session's login: {login}");
    assert!(rows[0].get::<_, i32>(1) <= 1000, "the why kept: {}", rows[0].get::<_, i32>(1));
}

/// Issue 36, point 7: a table's name is the pit boss's to bind: a login may not
/// claim a name no one bound (mesa1 taking «Mesa 7» before mesa7 came), nor open a
/// training shift under another's; a name is kept trimmed with its spaces collapsed;
/// look-alikes (a no-break space, a Cyrillic «а», a zero-width space, a control
/// character) are refused with a clear reason; `pit status` prints a name's control
/// characters escaped, never emitted.
#[test]
fn table_names_are_bound_by_the_pit_boss_and_look_alikes_refused() {
    let Some((c, db, _, mesa1, mesa2, jefe)) = room("names") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let mut t1 = postgres::Client::connect(&mesa1, postgres::NoTls).expect("mesa1 login");
    let mut t2 = postgres::Client::connect(&mesa2, postgres::NoTls).expect("mesa2 login");
    let open = |t: &mut postgres::Client, header: &str| {
        t.query_one("SELECT * FROM sabot.open_shift($1)", &[&header]).map(|_| ())
    };
    // No one bound «Mesa 7»: mesa1 cannot claim it.
    let e = open(&mut t1, &header_of(dir.path(), "Mesa 7", false)).expect_err("an unbound name");
    assert_eq!(sql_code(&e), "SB009", "{e}");
    let login2 = mesa2.split("://").nth(1).and_then(|r| r.split('@').next()).expect("user").to_string();
    c.sql(&db, &format!("SELECT sabot.bind_table('Mesa 7', '{login2}')")).expect("bound by the pit boss");
    open(&mut t2, &header_of(dir.path(), "Mesa 7", false)).expect("the bound login opens its shift");
    // A training shift goes through the same check.
    let e = open(&mut t1, &header_of(dir.path(), "Mesa 7", true)).expect_err("another's training shift");
    assert_eq!(sql_code(&e), "SB006", "{e}");
    // Spaces trimmed and collapsed: the same table.
    open(&mut t2, &header_of(dir.path(), "  Mesa   7 ", false)).expect("the same name");
    let e = open(&mut t1, &header_of(dir.path(), " Mesa  7", false)).expect_err("still mesa2's");
    assert_eq!(sql_code(&e), "SB006", "{e}");
    for look_alike in ["Mesa\u{a0}7", "Mes\u{430} 7", "Mesa\u{200b} 7", "Mesa 7\u{1b}[2K", "Mesa\u{202e} 7"] {
        let e = open(&mut t2, &header_of(dir.path(), look_alike, false)).expect_err(look_alike);
        assert_eq!(sql_code(&e), "SB010", "{look_alike:?}: {e}");
        assert!(e.as_db_error().is_some_and(|d| d.message().contains("reads like another")), "{e:?}");
    }
    let mut owner = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let names: Vec<String> = owner
        .query("SELECT DISTINCT table_name FROM sabot.shifts", &[])
        .expect("names")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(names, ["Mesa 7"]);
    // A row from before names were checked, holding escape sequences: printed escaped.
    owner
        .execute(
            "INSERT INTO sabot.shifts (shift_id, table_name, croupier, game, training, started, opened_by, last_seq, \
             last_hash, last_at, last_received) VALUES (repeat('e', 64), E'Mesa 3\\x1b[2K\\rMesa 2 · fake', E'Eva\\x07', \
             'banque', false, now(), 'x', 0, repeat('e', 64), now(), now())",
            &[],
        )
        .expect("an old row");
    let mut out = Vec::new();
    assert_eq!(sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url: jefe }, Lang::En, &mut out), 0);
    let out = String::from_utf8(out).expect("utf8");
    assert!(!out.contains('\u{1b}') && !out.contains('\r') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("Mesa 3\\u{1b}[2K\\u{d}Mesa 2 · fake"), "{out}");
}

/// Issue 36, point 8: `report --csv` never writes a cell a spreadsheet would run as
/// a formula (a table or croupier named `=HYPERLINK(…)`, `@SUM(…)`, `+…`, `-…`, or
/// starting with a tab or a carriage return): such a cell starts with `'`. Numbers,
/// negative ones too, stay numbers.
#[test]
fn report_csv_neutralises_formula_cells() {
    let dir = tempfile::tempdir().expect("dir");
    let mut logs = Vec::new();
    for (i, (table, croupier)) in
        [("=HYPERLINK(\"http://x\",\"Mesa\")", "@SUM(A1)"), ("+Mesa", "-Ana"), ("\tMesa", "\rAna")].iter().enumerate()
    {
        let header = Header::live(table, croupier, TableSettings::new(Game::Banque), false);
        let mut j = Journal::create(dir.path().join(format!("f{i}.sabotlog")), header).expect("log");
        Simulator::new(Game::Banque, 60 + i as u64)
            .expect("sim")
            .run(3, &mut JournalSink(&mut j, Duration::ZERO))
            .expect("coups");
        j.close().expect("close");
        logs.push(j.path().to_path_buf());
    }
    for coups in [false, true] {
        let csv_path = dir.path().join(format!("out{coups}.csv"));
        let mut out = Vec::new();
        let status = sabot::cli::report::report(&logs, Some(&csv_path), coups, Lang::En, &mut out);
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
        let text = std::fs::read_to_string(&csv_path).expect("csv");
        let mut rd = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
        let mut names = 0;
        for row in rd.records() {
            for cell in row.expect("row").iter() {
                let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
                assert!(!risky || cell.parse::<f64>().is_ok(), "a formula cell: {cell:?}");
                names += usize::from(cell.starts_with("'=HYPERLINK") || cell == "'@SUM(A1)" || cell == "'-Ana");
            }
        }
        assert!(names >= 3, "the names are kept, neutralised: {text}");
    }
}

/// A line chained onto `prev` whose content up to its hashes is `content`, hashed as
/// Sabot hashes a record (sha-256 of everything before `,hash:`).
fn hashed_line(content: &str, prev: &str) -> String {
    use sha2::Digest;
    let head = format!("{content},prev:\"{prev}\"");
    let hash: String = sha2::Sha256::digest(head.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    format!("{head},hash:\"{hash}\")")
}

/// Issue 36, point 8: after a closed shift's amendment, a line that starts as an
/// amendment and goes on past its close is refused; a log whose header's start was
/// rewritten is said to differ from the pit at record 0 (not «not in the pit»);
/// `pit push` stopped by its time says exactly how many records the pit holds.
#[test]
fn an_amendments_text_is_read_to_its_close_a_moved_start_differs_and_push_counts_exactly() {
    let Some((c, db, url, raw)) = fresh_pit("smaller36") else { return };
    let dir = tempfile::tempdir().expect("dir");
    let path = closed_in_pit(&url, dir.path(), 4);
    let (seq, _) = sabot::journal::amend(&path, 2, "seat 4 paid 100 short").expect("amend");
    assert_eq!(push_log(&raw, &path).0, 0);
    let text = std::fs::read_to_string(&path).expect("log");
    let amendment = text.lines().last().expect("the amendment").to_string();
    let real = record::decode(amendment.as_bytes()).expect("amendment");
    let head =
        amendment.split(",body:").next().expect("head").replace(&format!(",seq:{seq},"), &format!(",seq:{},", seq + 1));
    let forged = hashed_line(&format!("{head},body:Op(op:Amend()),Close(by:\"forger\"),x:Op(y)"), &real.hash);
    let mut owner = postgres::Client::connect(&c.url(&db), postgres::NoTls).expect("owner");
    let shift = record::decode(text.lines().next().expect("h").as_bytes()).expect("header").hash;
    let e = owner
        .execute("INSERT INTO sabot.records (shift_id, line) VALUES ($1, $2)", &[&shift, &forged])
        .expect_err("an amendment's text run past its close");
    assert_eq!(sql_code(&e), "SB004", "{e}");

    // The header's start moved an hour back, every hash after it recomputed.
    let moved = dir.path().join("moved.sabotlog");
    std::fs::copy(&path, &moved).expect("copy");
    let text = std::fs::read_to_string(&moved).expect("log");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut h = record::decode(lines[0].as_bytes()).expect("header");
    if let sabot::journal::Body::Header(hd) = &mut h.body {
        hd.started -= chrono::Duration::hours(1);
    }
    lines[0] = record::encode(&h).expect("encode").0;
    std::fs::write(&moved, lines.join("\n") + "\n").expect("write");
    rechain_by(&moved, 1, chrono::Duration::zero());
    let (status, said) = verify_pit(&raw, &moved);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("DIFFERS FROM THE PIT at record 0"), "{said}");

    // A push stopped by its time: the count is what the pit holds.
    let sub = dir.path().join("big");
    std::fs::create_dir(&sub).expect("dir");
    let mut j = new_log(&sub, Game::PuntoBanca);
    Simulator::new(Game::PuntoBanca, 8)
        .expect("sim")
        .run(300, &mut JournalSink(&mut j, Duration::ZERO))
        .expect("coups");
    j.close().expect("close");
    let big = j.path().to_path_buf();
    drop(j);
    let state = pit::push(&url, &big, Duration::from_millis(700), false).expect("push");
    let mut reader = PitReader::connect(&url).expect("reader");
    let held = reader.shifts().expect("shifts").into_iter().find(|s| s.game == "punto-banca").map(|s| s.last_seq);
    assert_eq!(state.pit_seq, held, "{state:?}");
}

/// Issue 36, point 7: `sabot pit bind` binds a room's name to a login (the pit's
/// owner only), a name bound again moves, and a look-alike is refused with a clear
/// sentence; the table login then opens its shifts under that name, and only it.
#[test]
fn pit_bind_gives_a_tables_name_to_a_login() {
    let Some((_, _, _, mesa1, mesa2, jefe)) = room("bind") else { return };
    let owner = fresh_owner_url(&mesa1);
    let login = |u: &str| u.split("://").nth(1).and_then(|r| r.split('@').next()).expect("user").to_string();
    let bind = |url: &str, table: &str, who: &str| {
        let mut out = Vec::new();
        let cmd = sabot::cli::pit::PitCommand::Bind { url: url.into(), table: table.into(), login: who.into() };
        let status = sabot::cli::pit::pit(&cmd, Lang::En, &mut out);
        (status, String::from_utf8(out).expect("utf8"))
    };
    let (status, said) = bind(&owner, " Mesa   5 ", &login(&mesa1));
    assert_eq!(status, 0, "{said}");
    assert!(said.contains("«Mesa 5» is bound to the login mesa1_"), "{said}");
    // The pit boss's reading login may not bind; a look-alike is refused.
    let (status, said) = bind(&jefe, "Mesa 6", &login(&mesa1));
    assert_eq!(status, 1, "{said}");
    let (status, said) = bind(&owner, "Mes\u{430} 5", &login(&mesa2));
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("reads like another"), "{said}");
    let dir = tempfile::tempdir().expect("dir");
    let mut t1 = postgres::Client::connect(&mesa1, postgres::NoTls).expect("mesa1");
    t1.query_one("SELECT * FROM sabot.open_shift($1)", &[&header_of(dir.path(), "Mesa 5", false)]).expect("its own");
    // Moved to mesa2: mesa1 is refused from then on.
    assert_eq!(bind(&owner, "Mesa 5", &login(&mesa2)).0, 0);
    let e = t1
        .query_one("SELECT * FROM sabot.open_shift($1)", &[&header_of(dir.path(), "Mesa 5", false)])
        .expect_err("moved");
    assert_eq!(sql_code(&e), "SB006", "{e}");
}
