//! Coups for the journal's tests and benchmarks: Punto y Banca coups dealt from a
//! shuffled sabot with a seeded RNG, through `Table::play`.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sabot::engine::{Card, Game, Money, Op, PlayerRef, Rank, Shoe, Spot, Suit, Table, TableSettings};
use sabot::journal::{Header, Journal};

/// A dealer of random Punto y Banca coups.
pub struct Dealer {
    pub rng: ChaCha8Rng,
    cards: Vec<Card>,
    shoe: Shoe,
}

pub fn settings() -> TableSettings {
    TableSettings::new(Game::PuntoBanca)
}

pub fn shoe_cards(decks: u8) -> Vec<Card> {
    let mut v = Vec::new();
    for _ in 0..decks {
        for r in Rank::ALL {
            for s in Suit::ALL {
                v.push(Card::new(r, s));
            }
        }
    }
    v
}

impl Dealer {
    pub fn new(seed: u64) -> Dealer {
        Dealer::with_decks(seed, 6)
    }

    /// A sabot of `decks` decks (more than a real table's, for long logs: the
    /// engine counts what is left; a shoe's change is the shift's business).
    pub fn with_decks(seed: u64, decks: u16) -> Dealer {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards = Vec::new();
        for _ in 0..decks {
            cards.extend(shoe_cards(1));
        }
        cards.shuffle(&mut rng);
        let shoe = Shoe::from_cards(&cards);
        Dealer { rng, cards, shoe }
    }

    pub fn header(&self, training: bool) -> Header {
        Header::new("Mesa 3", "Ana", settings(), Money::ZERO, self.shoe.clone(), training)
    }

    pub fn table(&self) -> Table {
        Table::new(settings(), Money::ZERO, self.shoe.clone()).expect("table")
    }

    /// Cards left to deal.
    pub fn left(&self) -> usize {
        self.cards.len()
    }

    /// The operations of one whole coup, played on `table` (which ends settled).
    pub fn coup(&mut self, table: &mut Table) -> Vec<Op> {
        let mut ops = Vec::new();
        let bets = self.rng.random_range(1..=4);
        for _ in 0..bets {
            let seat = self.rng.random_range(1..=12u8);
            let spot = if self.rng.random_bool(0.5) { Spot::Punto } else { Spot::Banca };
            let amount = Money::units(self.rng.random_range(1..=50) * 10);
            ops.push(Op::Bet { player: PlayerRef::seated(seat), spot, amount });
        }
        ops.push(Op::NoMoreBets);
        for op in &ops {
            table.play(op).expect("a bet");
        }
        while table.settlement().is_none() {
            let card = self.cards.pop().expect("cards left");
            let op = Op::Card(card);
            table.play(&op).expect("a card");
            ops.push(op);
        }
        ops
    }
}

/// A log at `path` with `coups` coups of Punto y Banca (one coup a table until the
/// engine starts a next coup), closed if `close`.
pub fn write_log(path: &std::path::Path, seed: u64, close: bool) -> Journal {
    let mut d = Dealer::new(seed);
    let mut j = Journal::create(path, d.header(false)).expect("create");
    let mut t = d.table();
    for op in d.coup(&mut t.clone()) {
        let events = t.play(&op).expect("play");
        j.append(&op, &events).expect("append");
    }
    if close {
        j.close().expect("close");
    }
    j
}

/// The operations of `coups` Punto y Banca coups one after the other (`NextCoup`
/// between them), each with its events, from the dealer's table.
pub fn many_coups(d: &mut Dealer, coups: u32) -> Vec<(Op, Vec<sabot::engine::Event>)> {
    let mut t = d.table();
    let mut out = Vec::new();
    for n in 0..coups {
        if n > 0 {
            let events = t.play(&Op::NextCoup).expect("next coup");
            out.push((Op::NextCoup, events));
        }
        for op in d.coup(&mut t.clone()) {
            let events = t.play(&op).expect("play");
            out.push((op, events));
        }
    }
    out
}

/// A log of `coups` Punto y Banca coups, each record synced, closed; returns the
/// number of records.
pub fn write_many(path: &std::path::Path, coups: u32, seed: u64) -> u64 {
    let mut d = Dealer::with_decks(seed, (coups / 8 + 6) as u16);
    let mut j = Journal::create(path, d.header(false)).expect("create");
    for (op, events) in many_coups(&mut d, coups) {
        j.append(&op, &events).expect("append");
    }
    j.close().expect("close") + 1
}

/// Records framed and chained by hand exactly as `Journal` writes them, without a
/// sync per record (test fixtures only): each `push` writes one line to `out`.
pub struct Chained<W: std::io::Write> {
    pub out: W,
    header: Header,
    prev: String,
    /// The sequence number the next record takes (the records written so far).
    pub seq: u64,
}

impl<W: std::io::Write> Chained<W> {
    /// A log whose first record (its header) is written.
    pub fn start(out: W, header: &Header) -> Chained<W> {
        let mut c = Chained { out, header: header.clone(), prev: sabot::journal::record::GENESIS.to_string(), seq: 0 };
        c.push(sabot::journal::Body::Header(header.clone()), header.started).expect("header");
        c
    }

    pub fn push(
        &mut self,
        body: sabot::journal::Body,
        at: chrono::DateTime<chrono::FixedOffset>,
    ) -> Result<(), String> {
        use sabot::journal::record::{self, Record};
        let r = Record {
            v: record::FORMAT,
            seq: self.seq,
            at,
            table: self.header.table.clone(),
            croupier: self.header.croupier.clone(),
            game: self.header.settings.game,
            body,
            prev: std::mem::take(&mut self.prev),
            hash: String::new(),
        };
        let (line, hash) = record::encode(&r)?;
        self.out.write_all(line.as_bytes()).map_err(|e| e.to_string())?;
        self.out.write_all(b"\n").map_err(|e| e.to_string())?;
        self.prev = hash;
        self.seq += 1;
        Ok(())
    }

    /// The closing record of the table `t`.
    pub fn close(&mut self, t: &Table, at: chrono::DateTime<chrono::FixedOffset>) {
        let close = sabot::journal::Close { totals: t.totals().clone(), bank: t.bank() };
        self.push(sabot::journal::Body::Close(close), at).expect("close");
    }
}

/// A simulated shift's operations, each logged as it is played.
impl sabot::sim::OpSink for Chained<std::io::BufWriter<std::fs::File>> {
    fn record(&mut self, op: &Op, events: &[sabot::engine::Event]) -> Result<(), sabot::sim::SinkFailed> {
        let at = self.header.started;
        self.push(sabot::journal::Body::Op { op: op.clone(), events: events.to_vec() }, at)
            .map_err(|_| sabot::sim::SinkFailed)
    }
}

/// The same log written without a sync per record (a test fixture only: the
/// records are the ones `Journal` writes, framed and chained the same way).
pub fn write_many_unsynced(path: &std::path::Path, coups: u32, seed: u64) -> u64 {
    let mut d = Dealer::with_decks(seed, (coups / 8 + 6) as u16);
    let header = d.header(false);
    let mut t = header.table().expect("table");
    let mut log = Chained::start(Vec::new(), &header);
    for (op, events) in many_coups(&mut d, coups) {
        t.apply(&events);
        log.push(sabot::journal::Body::Op { op, events }, header.started).expect("record");
    }
    log.close(&t, header.started);
    std::fs::write(path, &log.out).expect("write");
    log.seq
}

/// A closed log of a simulated Punto y Banca shift of `coups` coups (`sabot simulate
/// --log`'s records, shoes changed as they run out), written straight to the file
/// without a sync per record: memory flat in the log's size, for the big benchmark.
/// Returns the number of records.
pub fn write_simulated_unsynced(path: &std::path::Path, coups: u32, seed: u64) -> u64 {
    use std::io::Write;
    let header = Header::live("simulation", "simulator", settings(), false);
    let file = std::fs::File::create(path).expect("create");
    let mut log = Chained::start(std::io::BufWriter::with_capacity(1 << 20, file), &header);
    let mut sim = sabot::sim::Simulator::new(Game::PuntoBanca, seed).expect("simulator");
    sim.run(coups, &mut log).expect("simulated");
    log.close(&sim.table, header.started);
    log.out.flush().expect("flush");
    log.seq
}

/// Logs a table script's steps as a live shift (refused steps are refused by the
/// journal too, and skipped; checks are not operations), closed if `close`.
pub fn log_script(script: &std::path::Path, path: &std::path::Path, close: bool) {
    use sabot::script::{self, run};
    let s = script::parse(&std::fs::read_to_string(script).expect("script")).expect("parses");
    let table = run::start_table(&s).expect("table");
    let header = Header::from_table("Mesa 3", "Ana", &table, false).expect("header");
    let mut j = Journal::create(path, header).expect("log");
    for step in &s.steps {
        if matches!(step, script::Step::Check(_)) {
            continue;
        }
        let mut trial = j.table().clone();
        if step.ops().iter().all(|op| trial.play(op).is_ok()) {
            for op in step.ops() {
                j.play(&op).expect("logged");
            }
        }
    }
    if close {
        j.close().expect("closed");
    }
}

/// The review's hand-written shift (`tests/fixtures/review/shift.ron`): a Banque
/// shift with a top-up, errors and infractions, a void coup, the bank changing
/// hands and an amendment, logged at `path`.
pub fn review_shift(path: &std::path::Path, close: bool) {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/review/shift.ron");
    log_script(&script, path, close);
}

/// The review's hand-written shift with fixed times (from 22:00:00 +01:00 on
/// 2026-11-23, a record every 37 seconds), for snapshots that do not change: the
/// same records `Journal` writes, framed and chained the same way.
pub fn review_shift_fixed(path: &std::path::Path, close: bool) {
    use sabot::journal::Body;
    use sabot::script::{self, run};
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/review/shift.ron");
    let s = script::parse(&std::fs::read_to_string(file).expect("script")).expect("parses");
    let table = run::start_table(&s).expect("table");
    let mut header = Header::from_table("Mesa 3", "Ana", &table, false).expect("header");
    header.started = chrono::DateTime::parse_from_rfc3339("2026-11-23T22:00:00+01:00").expect("time");
    let mut t = header.table().expect("table");
    let started = header.started;
    let mut log = Chained::start(Vec::new(), &header);
    let at = |seq: u64| started + chrono::TimeDelta::seconds(37 * seq as i64);
    for step in &s.steps {
        if matches!(step, script::Step::Check(_)) {
            continue;
        }
        let mut trial = t.clone();
        if step.ops().iter().all(|op| trial.play(op).is_ok()) {
            for op in step.ops() {
                let events = t.play(&op).expect("play");
                let when = at(log.seq);
                log.push(Body::Op { op, events }, when).expect("record");
            }
        }
    }
    if close {
        let when = at(log.seq);
        log.close(&t, when);
    }
    std::fs::write(path, &log.out).expect("write");
}

/// The app in a 1280×800 window, driven by kittest. A log on disk answers from its
/// writer thread, each answer asking for a frame: room for those, while a screen that
/// never stops repainting still fails.
pub fn harness(app: sabot::app::SabotApp) -> egui_kittest::Harness<'static, sabot::app::SabotApp> {
    egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut sabot::app::SabotApp| app.show(ui), app)
}

/// Frames until the app's worker threads are done (`SabotApp::busy`: the folder's
/// scan, the shift log's writer, the review reading or writing) and the screen has
/// settled. While a worker runs the app asks for frames (a spinner, a poll), so
/// `Harness::run` alone gives up after its `max_steps` on a slow machine: each round
/// here runs until settled or until the step limit, then looks at the workers, for at
/// most a minute.
pub trait Settle {
    fn settle(&mut self);
}

impl Settle for egui_kittest::Harness<'static, sabot::app::SabotApp> {
    fn settle(&mut self) {
        let start = std::time::Instant::now();
        loop {
            let settled = self.try_run().is_ok();
            if settled && !self.state().busy() {
                return;
            }
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "the app's workers never finished");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

/// The README's Banque walkthrough opened from the start form, as a croupier types it:
/// *Mesa 3*, *Ana*, section 5 the banker with 1000, unit 10; entries at once ticked
/// when asked; then Intro. The shift's log is kept in memory (returned, with the
/// start form's log folder, to keep while the app runs).
/// Types into the start form's fields by their labels, each focused first, as a
/// croupier does.
pub fn fill_fields(h: &mut egui_kittest::Harness<'static, sabot::app::SabotApp>, fields: &[(&str, &str)]) {
    use egui_kittest::kittest::Queryable;
    for (field, text) in fields {
        h.get_by_label(field).focus();
        h.settle();
        h.get_by_label(field).type_text(text);
        h.settle();
    }
}

pub fn readme_banque_opened(
    at_once: bool,
) -> (egui_kittest::Harness<'static, sabot::app::SabotApp>, sabot::app::shift::MemoryLog, tempfile::TempDir) {
    readme_banque_opened_keying(at_once, false)
}

/// The same, with amounts typed in the table's unit (*importes en unidades*) or not.
pub fn readme_banque_opened_keying(
    at_once: bool,
    in_units: bool,
) -> (egui_kittest::Harness<'static, sabot::app::SabotApp>, sabot::app::shift::MemoryLog, tempfile::TempDir) {
    use egui_kittest::kittest::Queryable;
    let log = sabot::app::shift::MemoryLog::default();
    let opener_log = log.clone();
    let dir = tempfile::tempdir().expect("tempdir");
    let app = sabot::app::SabotApp::in_dir(
        sabot::i18n::Lang::Es,
        dir.path(),
        Box::new(move |_, _, _| Ok(Box::new(opener_log.clone()) as Box<dyn sabot::app::shift::ShiftLog>)),
    );
    let mut h = harness(app);
    h.settle();
    fill_fields(
        &mut h,
        &[("Mesa", "Mesa 3"), ("Croupier", "Ana"), ("Banquero (sección)", "5"), ("Banca anunciada", "1000")],
    );
    h.get_by_label("Unidad de apuesta").focus();
    h.settle();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Unidad de apuesta").type_text("10");
    h.settle();
    if at_once {
        h.get_by_label_contains("Al instante").click();
        h.settle();
    }
    if in_units {
        h.get_by_label_contains("importes en unidades").click();
        h.settle();
    }
    h.key_press(egui::Key::Enter);
    h.settle();
    (h, log, dir)
}

/// The log `lines` with record `k` changed by `change` and every hash from there on
/// recomputed, written to `to`.
pub fn rechained(
    lines: &[&str],
    k: usize,
    change: impl Fn(&mut sabot::journal::Record),
    to: &std::path::Path,
) -> std::path::PathBuf {
    let mut out = String::new();
    let mut prev = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i < k {
            out.push_str(line);
            out.push('\n');
            prev = sabot::journal::record::decode(line.as_bytes()).expect("record").hash;
            continue;
        }
        let mut r = sabot::journal::record::decode(line.as_bytes()).expect("record");
        if i == k {
            change(&mut r);
        }
        // The header's `prev` is the chain's start, whatever comes after.
        if i > 0 {
            r.prev = prev.clone();
        }
        let (l, hash) = sabot::journal::record::encode(&r).expect("encode");
        out.push_str(&l);
        out.push('\n');
        prev = hash;
    }
    std::fs::write(to, out).expect("write");
    to.to_path_buf()
}
