//! `sabot report LOG… [--csv FILE [--coups]]`: each shift summed up in plain words,
//! the bank reconciled; several shifts together by table, croupier, banker and day;
//! CSV for spreadsheets (one row per shift, or per coup with `--coups`).

use crate::analysis::protection::{Options as Weighing, Protection};
use crate::i18n::{self, Lang};
use crate::journal;
use crate::journal::error::BadRecord;
use crate::journal::parts;
use crate::journal::protection as weigh;
use crate::journal::report::{self, COUPS_HEADER, CSV_HEADER, ShiftReport};
use crate::journal::shifts::{self, CopyNote};
use crate::journal::summary::{self, GroupBy, Integrity, Options};
use crate::journal::summary_text;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A line of the report.
fn say(text: &mut String, line: &str) {
    text.push_str(line);
    text.push('\n');
}

fn print_one(r: &ShiftReport, lang: Lang, text: &mut String) {
    say(text, &r.path.display().to_string());
    for line in summary_text::summary_lines(lang, r) {
        say(text, &format!("  {line}"));
    }
}

/// A CSV cell a spreadsheet will not run as a formula (CSV injection): one that
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return, and is not a plain
/// number (`-12.50` stays a number), is written after a `'`, as spreadsheets read
/// text typed so. A table or croupier named `=HYPERLINK(…)` is shown, never run.
fn neutralised(cell: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let risky = matches!(cell.first(), Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r'));
    let number = std::str::from_utf8(cell).is_ok_and(|t| t.parse::<rust_decimal::Decimal>().is_ok());
    if risky && !number {
        let mut out = Vec::with_capacity(cell.len() + 1);
        out.push(b'\'');
        out.extend_from_slice(cell);
        out.into()
    } else {
        cell.into()
    }
}

/// Where the CSV goes: standard output, or a file written whole as it comes and put
/// in place once whole (`journal::AtomicFile`: synced, renamed, its folder synced).
enum CsvOut {
    /// Standard output, alone there (the words go to standard error), written as the
    /// rows come: a report of a million coups never holds its CSV. A CSV that fails
    /// part way has its rows before the failure there, and the report says so
    /// (status 2).
    Out(csv::Writer<std::io::Stdout>),
    File(csv::Writer<journal::AtomicFile>),
}

impl CsvOut {
    fn open(dest: &Path, lang: Lang) -> Result<CsvOut, String> {
        if dest == Path::new("-") {
            return Ok(CsvOut::Out(csv::Writer::from_writer(std::io::stdout())));
        }
        let f = journal::AtomicFile::create(dest).map_err(|e| journal::text::journal_error_text(lang, &e))?;
        Ok(CsvOut::File(csv::Writer::from_writer(f)))
    }

    fn row<I: IntoIterator<Item = T>, T: AsRef<[u8]>>(&mut self, row: I) -> Result<(), String> {
        let row = row.into_iter().map(|cell| neutralised(cell.as_ref()).into_owned());
        match self {
            CsvOut::Out(wtr) => wtr.write_record(row),
            CsvOut::File(wtr) => wtr.write_record(row),
        }
        .map_err(|e| e.to_string())
    }

    /// Finishes the CSV: standard output flushed, a file put in place.
    fn finish(self, dest: Option<&Path>, lang: Lang) -> Result<(), String> {
        match self {
            CsvOut::Out(wtr) => wtr.into_inner().map(|_| ()).map_err(|e| e.to_string()),
            CsvOut::File(wtr) => {
                let said = |e: journal::JournalError| journal::text::journal_error_text(lang, &e);
                let path = dest.unwrap_or(Path::new("-"));
                let file = wtr.into_inner().map_err(|e| said(journal::JournalError::io(path, "write", e.error())))?;
                file.commit().map_err(said)?;
                Ok(())
            }
        }
    }

    /// Drops the CSV unwritten: the file, if there was one, is as it was.
    fn abandon(self) {}
}

/// Reports on every log; exit status 0 all reported, 1 a log does not verify (no
/// figures for it) or copies of a shift differ, 2 a file cannot be read as a shift
/// log or the CSV not written. With `coups`, the CSV has one row per coup instead of
/// one per shift. With `--csv -` the words go to standard error.
pub fn report(logs: &[PathBuf], csv: Option<&Path>, coups: bool, lang: Lang, w: &mut dyn Write) -> i32 {
    report_rows(logs, csv, if coups { Rows::Coups } else { Rows::Shifts }, lang, w)
}

/// What a row of `--csv` is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rows {
    /// One row per shift (with the reconciliation's columns).
    Shifts,
    /// One row per coup (`--coups`).
    Coups,
    /// One row per bet, as it was paid (`--bets`).
    Bets,
    /// One row per choice of a banker (or a Chemin de fer player), weighed
    /// (`--decisions`).
    Decisions,
}

impl Rows {
    /// The rows the flags ask for: `--decisions` before `--bets` before `--coups`.
    pub fn asked(coups: bool, bets: bool, decisions: bool) -> Rows {
        match (coups, bets, decisions) {
            (_, _, true) => Rows::Decisions,
            (_, true, _) => Rows::Bets,
            (true, false, _) => Rows::Coups,
            (false, false, _) => Rows::Shifts,
        }
    }
}

/// `sabot report`, its CSV rows per shift, per coup or per bet: the words to `w`,
/// or, when the CSV goes to standard output (`-`), the CSV alone to `w` and the
/// words to standard error.
pub fn report_rows(logs: &[PathBuf], csv: Option<&Path>, rows: Rows, lang: Lang, w: &mut dyn Write) -> i32 {
    report_rows_in(logs, csv, rows, &crate::house::House::default(), lang, w)
}

/// Game protection's options from a house file: its play on 5 (the one `sabot advise`
/// uses), Sabot's slip rate and threshold.
pub fn weighing(house: &crate::house::House) -> Weighing {
    Weighing { five: house.protection.five_play(), ..Weighing::default() }
}

/// `report_rows` at a house's table (`--house`): its play on 5 weighs the choices.
pub fn report_rows_in(
    logs: &[PathBuf],
    csv: Option<&Path>,
    rows: Rows,
    house: &crate::house::House,
    lang: Lang,
    w: &mut dyn Write,
) -> i32 {
    let (status, text) = report_parts_with(logs, csv, rows, weighing(house), lang);
    // With `--csv -` the CSV went to standard output as it was written; the words go
    // to standard error.
    let written = if csv == Some(Path::new("-")) {
        std::io::stderr().write_all(text.as_bytes())
    } else {
        w.write_all(text.as_bytes())
    };
    if written.is_err() { 2 } else { status }
}

/// One log as read: its summary (damaged or not), and its coups' CSV rows, kept
/// until it is known whether the log enters the CSV.
struct Read {
    summary: summary::Summary,
    rows: Vec<Vec<String>>,
    /// Its choices weighed (a game with a bank), or why they could not be.
    protection: Option<Result<Protection, String>>,
    /// The file, table, croupier and game, for rows of the CSV.
    header: Option<[String; 4]>,
}

/// A file that could not be read as a shift log: the report's line for it, why in
/// words, and where it starts when its first record is not the header (a later part
/// of a shift split across files, perhaps).
struct Unread {
    path: PathBuf,
    line: String,
    why: String,
    start: Option<parts::Start>,
}

/// A shift log's verdicts, its choices not kept (flat memory).
fn verdicts_of(path: &Path, weighing: Weighing) -> Result<Protection, journal::JournalError> {
    let mut f = journal::scan::open_file(path)?;
    weigh::weigh_streaming(path, &mut f, weighing, crate::analysis::protection::Keep::Verdicts, &mut |_| {})
}

/// Every choice of a shift log as a row of `--decisions`, written as it is weighed:
/// the log read once more, no choice kept.
fn decision_rows(
    path: &Path,
    header: &[String; 4],
    p: &Protection,
    weighing: Weighing,
    out: &mut CsvOut,
    lang: Lang,
) -> Result<(), String> {
    let said = |e: journal::JournalError| journal::text::journal_error_text(lang, &e);
    let mut f = journal::scan::open_file(path).map_err(said)?;
    let mut failed: Option<String> = None;
    let mut each = |d: crate::analysis::protection::Decision| {
        if failed.is_none()
            && let Err(e) = out.row(weigh::decision_row(header, &d, weigh::is_flagged(p, &d), weighing.lapse))
        {
            failed = Some(e);
        }
    };
    let keep = crate::analysis::protection::Keep::Stream;
    weigh::weigh_streaming(path, &mut f, weighing, keep, &mut each).map_err(said)?;
    failed.map_or(Ok(()), Err)
}

/// Across a day's shifts: how many were weighed, and each flag's corrected figure with
/// its table and chooser, to be corrected once more for the number of shifts.
struct DayFlags {
    shifts: u32,
    flags: Vec<(String, String, f64)>,
    alpha: f64,
}

/// The report as it is written: its status, its words, the CSV and its first failure,
/// the shifts counted, and across them each (table, seat) a flagged banker's choices
/// named, how often and how much it gained.
struct Writing {
    status: i32,
    text: String,
    out: Option<CsvOut>,
    csv_error: Option<String>,
    counted: Vec<summary::Summary>,
    /// Training sessions, one each: the school's figures, never in a total.
    training: Vec<summary::Summary>,
    named: BTreeMap<(String, crate::engine::PlayerRef), (u32, f64)>,
    weighing: Weighing,
    rows: Rows,
    /// Shifts weighed, and each flag (table, chooser, corrected figure).
    weighed: u32,
    flags: Vec<(String, String, f64)>,
    /// The choices of the shifts counted, pooled by table (with several logs).
    across: Option<across::Across>,
}

#[path = "report_across.rs"]
mod across;

/// The report's status and its words (the CSV, if asked, is written to its file, or
/// to standard output as it comes with `-`). Figures and CSV rows come only from logs
/// that verify, one copy of each shift (`journal::shifts`).
pub fn report_parts(logs: &[PathBuf], csv: Option<&Path>, rows: Rows, lang: Lang) -> (i32, String) {
    report_parts_with(logs, csv, rows, Weighing::default(), lang)
}

/// `report_parts`, the choices weighed with `weighing`.
pub fn report_parts_with(
    logs: &[PathBuf],
    csv: Option<&Path>,
    rows: Rows,
    weighing: Weighing,
    lang: Lang,
) -> (i32, String) {
    let per_row = rows != Rows::Shifts;
    let mut w = Writing::open(csv, rows, weighing, lang);
    if logs.len() > 1 {
        w.across = Some(across::Across::default());
    }
    // Every log read first (a file that is no log said at once); then each shift
    // once, in the order given.
    let read: Vec<Result<Read, Unread>> = logs
        .iter()
        .map(|path| {
            let (read, status) = read_log(path, rows, per_row && w.out.is_some(), weighing, lang);
            w.status = w.status.max(status);
            read
        })
        .collect();
    let sums: Vec<&summary::Summary> = read.iter().filter_map(|r| r.as_ref().ok()).map(|r| &r.summary).collect();
    let together = shifts::together(&sums);
    // A file that takes up another's chain: a later part of a shift split across files.
    let headless: Vec<(PathBuf, parts::Start)> =
        read.iter().filter_map(|r| r.as_ref().err()).filter_map(|u| Some((u.path.clone(), u.start.clone()?))).collect();
    let splits = if headless.is_empty() { Vec::new() } else { parts::link(&sums, &headless) };
    let mut k = 0;
    for r in &read {
        match r {
            Err(u) => w.unread(u, &splits, per_row, lang),
            Ok(r) => {
                w.shift(k, r, &together, &splits, per_row, lang);
                k += 1;
            }
        }
    }
    if sums.len() > 1 {
        let named = std::mem::take(&mut w.named);
        let day = DayFlags { shifts: w.weighed, flags: std::mem::take(&mut w.flags), alpha: weighing.alpha };
        for l in together_lines(lang, &together, &w.counted, named, &day) {
            say(&mut w.text, &l);
        }
        if let Some(a) = &w.across {
            for l in a.lines(lang, weighing.alpha, weighing) {
                say(&mut w.text, &format!("    {l}"));
            }
            for l in a.player_lines(lang, weighing) {
                say(&mut w.text, &format!("    {l}"));
            }
        }
        for l in summary_text::training_lines(lang, &w.training) {
            say(&mut w.text, &format!("  {l}"));
        }
    }
    // Every name and word read from a log shown inert (issue 51): a control character
    // as its escape, never emitted to the pit boss's terminal.
    let (status, text) = w.finish(csv, lang);
    (status, crate::i18n::inert_lines(&text))
}

/// Reads one log: its summary, its rows for the CSV (`with_rows`: the CSV has a row
/// per coup, bet or decision, and is written), and its banker's choices weighed. A
/// file that is no log is said, with the status it leaves: 1 a bad record, 2 not read.
fn read_log(path: &Path, rows: Rows, with_rows: bool, weighing: Weighing, lang: Lang) -> (Result<Read, Unread>, i32) {
    let coups = matches!(rows, Rows::Coups | Rows::Bets);
    let header_cols: Option<[String; 4]> = if with_rows {
        journal::read_header(path).ok().map(|h| {
            [path.display().to_string(), h.table.clone(), h.croupier.clone(), h.settings.game.slug().to_string()]
        })
    } else {
        None
    };
    let mut kept: Vec<Vec<String>> = Vec::new();
    let mut on_coup = |c: summary::CoupRow| {
        let Some(h) = header_cols.as_ref() else { return };
        match rows {
            Rows::Bets => kept.extend(report::bet_rows(lang, h, &c)),
            _ => kept.push(report::coup_row(h, &c)),
        }
    };
    let opts = Options { progress: None, on_coup: if coups { Some(&mut on_coup) } else { None } };
    match summary::summarise(path, opts) {
        Ok(summary) => {
            // The choices weighed: a second pass over a log that verifies, keeping the
            // verdicts alone (`--decisions` reads it once more as it writes its rows).
            // A training session's choices are staged: never weighed, never flagged.
            let protection = (summary.game.has_bank() && !summary.integrity.is_damaged() && !summary.training)
                .then(|| verdicts_of(path, weighing).map_err(|e| journal::text::journal_error_text(lang, &e)));
            (Ok(Read { summary, rows: kept, protection, header: header_cols }), 0)
        }
        Err(journal::JournalError::Bad { bad, .. }) => {
            let headless = matches!(bad.what, journal::Problem::HeaderMissing { .. });
            let start = if headless { parts::start_of(path) } else { None };
            let why = journal::text::bad_record_text(lang, &bad);
            let args = [("file", path.display().to_string()), ("why", why.clone())];
            let line = i18n::tr_args(lang, "report-bad", &args);
            (Err(Unread { path: path.to_path_buf(), line, why, start }), 1)
        }
        Err(e) => {
            let why = journal::text::journal_error_text(lang, &e);
            (Err(Unread { path: path.to_path_buf(), line: why.clone(), why, start: None }), 2)
        }
    }
}

impl Writing {
    /// Opens the CSV (if asked) and writes its header for the rows asked; a CSV that
    /// cannot be opened or written is kept, to be said at the end.
    fn open(csv: Option<&Path>, rows: Rows, weighing: Weighing, lang: Lang) -> Writing {
        let mut csv_error: Option<String> = None;
        let mut out = match csv.map(|c| CsvOut::open(c, lang)) {
            None => None,
            Some(Ok(o)) => Some(o),
            Some(Err(why)) => {
                csv_error = Some(why);
                None
            }
        };
        let header: &[&str] = match rows {
            Rows::Shifts => &CSV_HEADER,
            Rows::Coups => &COUPS_HEADER,
            Rows::Bets => &report::BETS_HEADER,
            Rows::Decisions => &weigh::DECISIONS_HEADER,
        };
        if let Some(o) = out.as_mut()
            && let Err(e) = o.row(header)
        {
            csv_error = Some(e);
        }
        Writing {
            status: 0,
            text: String::new(),
            out,
            csv_error,
            counted: Vec::new(),
            training: Vec::new(),
            named: BTreeMap::new(),
            weighing,
            rows,
            weighed: 0,
            flags: Vec::new(),
            across: None,
        }
    }

    /// Reports the `i`th log read: a damaged one said, a copy of a shift already
    /// reported named, any other summed up with its choices weighed. A shift counted
    /// goes to the CSV and to the figures together; any other log has its CSV row
    /// too, not counted, saying what it is.
    fn shift(
        &mut self,
        i: usize,
        r: &Read,
        together: &shifts::Together,
        splits: &[parts::Split],
        per_row: bool,
        lang: Lang,
    ) {
        // The first part of a shift split across files: the shift is its parts read
        // together (its figures theirs when they read as one log), said so.
        let split = splits.iter().find(|sp| sp.parts.first() == Some(&r.summary.path));
        let s = split.and_then(|sp| sp.whole.as_ref().ok()).unwrap_or(&r.summary);
        let part = split.map(|sp| first_part_text(lang, sp));
        let mut note = part.clone().unwrap_or_default();
        if let Integrity::Damaged { line, seq, what } = &s.integrity {
            let bad = BadRecord { line: *line, seq: *seq, what: what.clone() };
            let why = journal::text::bad_record_text(lang, &bad);
            let line =
                i18n::tr_args(lang, "report-bad", &[("file", s.path.display().to_string()), ("why", why.clone())]);
            say(&mut self.text, &line);
            note = i18n::tr_args(lang, "report-note-damaged", &[("why", why)]);
            self.status = self.status.max(1);
        } else if let Some(note @ (CopyNote::Same { .. } | CopyNote::Older { .. })) = together.note(i) {
            // The same shift again: said, not repeated, not counted.
            let words = summary_text::copy_note_text(lang, note);
            say(&mut self.text, &s.path.display().to_string());
            say(&mut self.text, &format!("  {words}"));
            self.uncounted_row(s, &words, per_row);
            return;
        } else {
            print_one(s, lang, &mut self.text);
            if let Some(p) = &part {
                say(&mut self.text, &format!("  {p}"));
            }
            self.protection_lines(r, lang);
        }
        if let Some(n) = together.note(i) {
            let words = summary_text::copy_note_text(lang, n);
            say(&mut self.text, &format!("  {words}"));
            note = if note.is_empty() { words } else { format!("{note}; {words}") };
            self.status = self.status.max(1);
        }
        if together.counted.contains(&i) {
            self.count(r, s, per_row, &note, lang);
        } else if together.is_training(i) {
            // Never money: in the CSV's rows of shifts marked as training, never in a
            // row of coups, bets or decisions, never in a total.
            let words = i18n::tr(lang, "report-note-training");
            if let (Some(o), None, false) = (self.out.as_mut(), self.csv_error.as_ref(), per_row)
                && let Err(e) = o.row(s.csv_row_with(false, &words))
            {
                self.csv_error = Some(e);
            }
            self.training.push(s.clone());
        } else {
            self.uncounted_row(s, &note, per_row);
        }
    }

    /// The choices weighed of a shift reported, or why they could not be.
    fn protection_lines(&mut self, r: &Read, lang: Lang) {
        match &r.protection {
            Some(Ok(p)) => {
                for line in weigh::protection_lines(lang, p, self.weighing) {
                    say(&mut self.text, &format!("  {line}"));
                }
            }
            Some(Err(why)) => {
                say(&mut self.text, &format!("  {}", i18n::tr_args(lang, "protection-failed", &[("why", why.clone())])))
            }
            None => {}
        }
    }

    /// The CSV row of a log that enters no total (rows of shifts only), saying what it
    /// is.
    fn uncounted_row(&mut self, s: &summary::Summary, note: &str, per_row: bool) {
        if let (Some(o), None, false) = (self.out.as_mut(), self.csv_error.as_ref(), per_row)
            && let Err(e) = o.row(s.csv_row_uncounted(note))
        {
            self.csv_error = Some(e);
        }
    }

    /// A file that could not be read as a shift log: said (a later part of a split
    /// shift said so), and its CSV row (rows of shifts only) saying why.
    fn unread(&mut self, u: &Unread, splits: &[parts::Split], per_row: bool, lang: Lang) {
        say(&mut self.text, &u.line);
        let mut note = u.why.clone();
        if let Some(part) = part_text(lang, splits, &u.path) {
            say(&mut self.text, &format!("  {part}"));
            note = format!("{note}; {part}");
        }
        if let (Some(o), None, false) = (self.out.as_mut(), self.csv_error.as_ref(), per_row)
            && let Err(e) = o.row(report::csv_row_unreadable(&u.path, &note))
        {
            self.csv_error = Some(e);
        }
    }

    /// Counts a shift: the seats its flagged bankers named, its rows to the CSV, its
    /// summary to the figures together.
    fn count(&mut self, r: &Read, s: &summary::Summary, per_row: bool, note: &str, lang: Lang) {
        if let Some(Ok(p)) = &r.protection {
            self.weighed += 1;
            for v in p.flagged() {
                let who = weigh::who_text(lang, v.decider);
                self.flags.push((s.table.clone(), who, v.p_value));
            }
            for g in p.seats_named() {
                self.flags.push((s.table.clone(), crate::i18n::player_name(lang, g.player), g.p_value));
            }
            // Each seat once a shift, however many of its bankers named it.
            let mut this_shift: BTreeMap<crate::engine::PlayerRef, f64> = BTreeMap::new();
            for g in p.flagged().flat_map(|v| v.all_named()).chain(p.seats_named()) {
                *this_shift.entry(g.player).or_insert(0.0) += g.gained;
            }
            for (seat, gained) in this_shift {
                let e = self.named.entry((s.table.clone(), seat)).or_insert((0, 0.0));
                e.0 += 1;
                e.1 += gained;
            }
            if let Some(a) = self.across.as_mut() {
                a.add(&s.table, &s.path, self.weighing);
            }
        }
        if let (Some(o), None) = (self.out.as_mut(), self.csv_error.as_ref()) {
            let written = match (&r.protection, &r.header) {
                (Some(Ok(p)), Some(h)) if self.rows == Rows::Decisions => {
                    decision_rows(&s.path, h, p, self.weighing, o, lang)
                }
                _ if per_row => r.rows.iter().try_for_each(|row| o.row(row)),
                _ => o.row(s.csv_row_with(true, note)),
            };
            if let Err(e) = written {
                self.csv_error = Some(e);
            }
        }
        self.counted.push(s.clone());
    }

    /// Finishes the CSV (or drops it after a failure, said with status 2); the status
    /// and the words.
    fn finish(mut self, csv: Option<&Path>, lang: Lang) -> (i32, String) {
        if let Some(o) = self.out {
            match self.csv_error {
                None => {
                    if let Err(e) = o.finish(csv, lang) {
                        self.csv_error = Some(e);
                    }
                }
                Some(_) => o.abandon(),
            }
        }
        if let Some(why) = self.csv_error {
            let file = csv.map(|c| c.display().to_string()).unwrap_or_default();
            let line = i18n::tr_args(lang, "report-csv-failed", &[("file", file), ("why", why)]);
            say(&mut self.text, &line);
            self.status = 2;
        }
        (self.status, self.text)
    }
}

/// What the parts of a split shift make together, in words.
fn whole_text(lang: Lang, split: &parts::Split) -> String {
    match &split.whole {
        Ok(w) => i18n::tr_args(
            lang,
            "report-parts-whole",
            &[("integrity", summary_text::integrity_text(lang, &w.integrity)), ("coups", w.coups.to_string())],
        ),
        Err(e) => journal::text::journal_error_text(lang, e),
    }
}

/// The first part of a split shift: where it goes on, and whose figures are said.
fn first_part_text(lang: Lang, split: &parts::Split) -> String {
    let files: Vec<String> = split.parts.iter().skip(1).map(|p| p.display().to_string()).collect();
    let (count, files) = (split.parts.len().to_string(), files.join(", "));
    match &split.whole {
        Ok(_) => i18n::tr_args(lang, "report-part-first", &[("count", count), ("files", files)]),
        Err(e) => {
            let why = journal::text::journal_error_text(lang, e);
            i18n::tr_args(lang, "report-part-first-bad", &[("count", count), ("files", files), ("why", why)])
        }
    }
}

/// A later part of a split shift: which shift it continues and from which record.
fn part_text(lang: Lang, splits: &[parts::Split], path: &Path) -> Option<String> {
    splits.iter().find_map(|sp| {
        let k = sp.parts.iter().skip(1).position(|p| p == path)?;
        let first = sp.parts.first()?.display().to_string();
        let args = [
            ("n", (k + 2).to_string()),
            ("count", sp.parts.len().to_string()),
            ("first", first),
            ("from", sp.starts.get(k)?.to_string()),
            ("whole", whole_text(lang, sp)),
        ];
        Some(i18n::tr_args(lang, "report-part-of", &args))
    })
}

/// The day's correction: each shift's flag holds at `alpha` for that shift; for all the
/// shifts together its figure is multiplied once more by their number (Bonferroni), and
/// the flags that stay under `alpha` are said.
fn day_lines(lang: Lang, day: &DayFlags) -> Vec<String> {
    let k = day.shifts.max(1);
    let held: Vec<&(String, String, f64)> = day.flags.iter().filter(|(_, _, p)| p * f64::from(k) < day.alpha).collect();
    let alpha = format!("{:.0}", (1.0 / day.alpha.max(1e-12)).round());
    let mut out = vec![i18n::tr_counts(
        lang,
        "protection-day",
        &[("alpha", alpha), ("held", held.len().to_string())],
        &[("shifts", u64::from(day.shifts)), ("flags", day.flags.len() as u64)],
    )];
    for (table, who, p) in held {
        let chance = weigh::chance_text(lang, crate::analysis::protection::Chance::bound(p * f64::from(k)));
        let args = [("table", table.clone()), ("who", who.clone()), ("chance", chance)];
        out.push(format!("  {}", i18n::tr_args(lang, "protection-day-held", &args)));
    }
    out
}

/// The shifts together: the copies that differ, the figures by table, croupier,
/// banker and day, and (games with a bank) the seats flagged bankers named, most
/// often first.
fn together_lines(
    lang: Lang,
    together: &shifts::Together,
    counted: &[summary::Summary],
    named: BTreeMap<(String, crate::engine::PlayerRef), (u32, f64)>,
    day: &DayFlags,
) -> Vec<String> {
    let mut lines = vec![i18n::tr(lang, "report-together")];
    for note in together.alarms() {
        lines.push(format!("  {}", summary_text::copy_note_text(lang, note)));
    }
    for by in [GroupBy::Table, GroupBy::Croupier, GroupBy::Banker, GroupBy::Day] {
        let groups = summary::groups(counted, by);
        lines.extend(summary_text::group_lines(lang, by, &groups).into_iter().map(|l| format!("  {l}")));
    }
    if counted.iter().any(|s| s.game.has_bank()) {
        lines.push(format!("  {}", i18n::tr(lang, "protection-together")));
        if named.is_empty() {
            lines.push(format!("    {}", i18n::tr(lang, "protection-together-none")));
        }
        let mut seats: Vec<_> = named.into_iter().collect();
        seats.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(b.1.1.total_cmp(&a.1.1)));
        for ((table, seat), (shifts, gained)) in seats {
            let amount = summary_text::expectation(lang, gained);
            let args = [("table", table), ("seat", i18n::player_name(lang, seat)), ("amount", amount)];
            let counts = [("shifts", u64::from(shifts))];
            lines.push(format!("    {}", i18n::tr_counts(lang, "protection-together-seat", &args, &counts)));
        }
        lines.extend(day_lines(lang, day).into_iter().map(|l| format!("    {l}")));
    }
    lines
}
