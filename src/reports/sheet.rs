//! The close-of-shift sheet: what the croupier and the pit boss sign when a table
//! closes. The coups; the bank from its start to its end (brought in, taken out, the
//! bank's net, the cagnotte) or Punto y Banca's commission; the errors and infractions
//! by clause; the croupier's own corrections; the log's name and its last hash, so
//! that the paper names the exact log it sums up. Shown on the screen after the close
//! and written beside the log as a PDF (`printpdf`, the font egui draws with).

use crate::i18n::{self, Lang, tr, tr_args, tr_counts};
use crate::reports::summary::Summary;
use crate::reports::summary_text::{by_clause_lines, cents, integrity_text, reconciliation_lines};
use printpdf::{Mm, Op, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, TextItem};
use std::path::{Path, PathBuf};

/// The sheet's lines, in `lang`: a title, then a line a fact.
pub fn sheet_lines(lang: Lang, s: &Summary) -> Vec<String> {
    let mut out = vec![tr(lang, "sheet-title")];
    out.push(tr_args(
        lang,
        "report-who",
        &[("table", s.table.clone()), ("croupier", s.croupier.clone()), ("game", i18n::game_name(lang, s.game))],
    ));
    out.push(tr_args(
        lang,
        "report-when",
        &[
            ("started", crate::reports::report::local_time(&s.started)),
            ("last", crate::reports::report::local_time(&s.last_record)),
        ],
    ));
    out.push(integrity_text(lang, &s.integrity));
    out.push(tr_counts(
        lang,
        "report-coups",
        &[],
        &[("coups", u64::from(s.coups)), ("ties", u64::from(s.ties)), ("void", u64::from(s.void_coups))],
    ));
    if s.game.has_bank() {
        out.extend(reconciliation_lines(lang, s));
    } else {
        out.push(tr_args(lang, "report-house-net", &[("amount", cents(lang, s.house_net))]));
        out.push(tr_args(lang, "report-commission", &[("amount", cents(lang, s.commission))]));
    }
    out.extend(by_clause_lines(lang, s));
    out.push(if s.corrections == 0 {
        tr(lang, "sheet-corrections-none")
    } else {
        tr_counts(
            lang,
            "report-taken-back",
            &[],
            &[("count", u64::from(s.corrections)), ("entries", u64::from(s.entries_taken_back))],
        )
    });
    let name = s.path.file_name().map_or_else(|| s.path.display().to_string(), |n| n.to_string_lossy().into_owned());
    out.push(tr_args(lang, "sheet-log", &[("name", name), ("records", s.records.to_string())]));
    out.push(tr_args(lang, "sheet-hash", &[("hash", s.last_hash.clone())]));
    out
}

/// Where the sheet of the log at `log` is written: beside it, `<log>.sheet.pdf`.
pub fn sheet_path(log: &Path) -> PathBuf {
    let mut name = log.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".sheet.pdf");
    log.with_file_name(name)
}

/// The sheet as the bytes of an A4 PDF: the lines, then a place for each signature.
pub fn sheet_pdf(lang: Lang, s: &Summary) -> Result<Vec<u8>, String> {
    let mut warnings = Vec::new();
    let font = ParsedFont::from_bytes(epaint_default_fonts::UBUNTU_LIGHT, 0, &mut warnings)
        .ok_or_else(|| "the sheet's font could not be read".to_string())?;
    let mono = ParsedFont::from_bytes(epaint_default_fonts::HACK_REGULAR, 0, &mut warnings)
        .ok_or_else(|| "the sheet's font could not be read".to_string())?;
    let mut doc = PdfDocument::new(&tr(lang, "sheet-title"));
    let body = PdfFontHandle::External(doc.add_font(&font));
    let fixed = PdfFontHandle::External(doc.add_font(&mono));
    let lines = sheet_lines(lang, s);
    let mut ops = vec![
        Op::StartTextSection,
        Op::SetTextCursor { pos: Point { x: Mm(18.0).into(), y: Mm(275.0).into() } },
        Op::SetLineHeight { lh: Pt(15.0) },
    ];
    for (i, line) in lines.iter().enumerate() {
        // The title larger; the reconciliation's aligned columns in the fixed font.
        let (font, size) = match i {
            0 => (body.clone(), 16.0),
            _ if line.starts_with("  ") => (fixed.clone(), 9.5),
            _ => (body.clone(), 10.5),
        };
        ops.push(Op::SetFont { font, size: Pt(size) });
        // The fixed font has no check mark: the words after it say it.
        let line = line.replace("✔ ", "");
        // A long line (a hash, a list of clauses) wrapped at a word, or at 90 characters.
        for part in wrap(&line, if size < 10.0 { 88 } else { 96 }) {
            ops.push(Op::ShowText { items: vec![TextItem::Text(part)] });
            ops.push(Op::AddLineBreak);
        }
        if i == 0 {
            ops.push(Op::AddLineBreak);
        }
    }
    ops.push(Op::SetFont { font: body.clone(), size: Pt(10.5) });
    for _ in 0..3 {
        ops.push(Op::AddLineBreak);
    }
    for id in ["sheet-sign-croupier", "sheet-sign-pit"] {
        ops.push(Op::ShowText {
            items: vec![TextItem::Text(format!("{}  ______________________________", tr(lang, id)))],
        });
        ops.push(Op::AddLineBreak);
        ops.push(Op::AddLineBreak);
    }
    ops.push(Op::EndTextSection);
    let page = PdfPage::new(Mm(210.0), Mm(297.0), ops);
    Ok(doc.with_pages(vec![page]).save(&PdfSaveOptions::default(), &mut Vec::new()))
}

/// Writes the sheet of `s` beside its log; returns where. Written whole, synced and
/// renamed into place (`write_atomic`): a sheet is never half written; an error is
/// said in `lang`.
pub fn write_sheet(lang: Lang, s: &Summary) -> Result<PathBuf, String> {
    let bytes = sheet_pdf(lang, s)?;
    let path = sheet_path(&s.path);
    crate::journal::write_atomic(&path, &bytes).map_err(|e| crate::journal::text::journal_error_text(lang, &e))?;
    Ok(path)
}

/// A line cut into parts of at most `width` characters, at spaces where it can.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest: Vec<char> = line.chars().collect();
    while rest.len() > width {
        let cut = rest[..width].iter().rposition(|c| *c == ' ').filter(|i| *i > width / 2).unwrap_or(width);
        out.push(rest[..cut].iter().collect::<String>().trim_end().to_string());
        rest = rest[cut..].iter().skip_while(|c| **c == ' ').copied().collect();
        // Continuation lines keep a short indent, so that they read as one line.
        let indent: String = line.chars().take_while(|c| *c == ' ').collect();
        if !rest.is_empty() && indent.len() * 4 <= width {
            rest = indent.chars().chain(rest).collect();
        }
    }
    out.push(rest.into_iter().collect());
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn a_long_line_wraps_at_spaces_and_keeps_its_indent() {
        let parts = wrap("  a bb ccc dddd eeeee", 10);
        assert!(parts.iter().all(|p| p.chars().count() <= 10), "{parts:?}");
        assert!(parts.iter().skip(1).all(|p| p.starts_with("  ")), "{parts:?}");
        let hash = "f".repeat(64);
        let parts = wrap(&format!("Hash: {hash}"), 40);
        assert_eq!(parts.concat().replace(' ', ""), format!("Hash:{hash}"));
    }
}
