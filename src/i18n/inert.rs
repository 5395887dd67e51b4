//! Text from a log or the pit, made inert for a terminal or a screen (issue 51): a
//! table's, a croupier's or a login's name, an amendment's reason, a parser's words
//! quoting a damaged line. A control character (an escape sequence's start, a
//! carriage return that would overwrite a line, a bell), an invisible one (zero
//! width, a direction override, a byte-order mark) or a space other than the plain
//! one is shown as its escape (`\u{1b}`), never emitted: no text read from a file
//! can erase a line, print a fake «ok» or read as another name.

/// `text` with every control, invisible or unusual space character shown as its
/// escape (`\u{200b}`); the rest as it is.
pub fn inert(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_inert(&mut out, c);
    }
    out
}

/// As `inert`, a whole text's line ends (`\n`) kept: what a command prints, its
/// lines made of our words and of text read from logs.
pub fn inert_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\n' {
            out.push(c);
        } else {
            push_inert(&mut out, c);
        }
    }
    out
}

/// A name as a login or a table's name must read (issue 51: a login the floor names
/// as a refusal's reporter): printable ASCII and the Latin-1 letters shown as they
/// are (the pit's table names are held to them), anything else, a Cyrillic «а» that
/// reads like a Latin one included, shown as its escape (`mes\u{430}2`).
pub fn inert_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let plain = matches!(c, ' '..='~' | '¡' | 'ª' | '¿' | 'º' | 'À'..='Ö' | 'Ø'..='ö' | 'ø'..='ÿ');
        if plain {
            out.push(c);
        } else {
            out.extend(c.escape_unicode());
        }
    }
    out
}

/// Whether `c` is shown as its escape: a control character, an invisible one, a
/// space other than the plain one.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || is_invisible(c) || (c.is_whitespace() && c != ' ')
}

fn push_inert(out: &mut String, c: char) {
    if is_unsafe(c) {
        out.extend(c.escape_unicode());
    } else {
        out.push(c);
    }
}

/// Characters that print as nothing (or turn the text around them): zero-width
/// spaces and joiners, direction marks, embeddings, overrides and isolates, the
/// byte-order mark, soft hyphen, and the other format characters.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
        | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
        | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
        | '\u{1d173}'..='\u{1d17a}' | '\u{e0000}'..='\u{e0fff}')
}

/// A writer that makes what passes through it inert (`inert_lines`): the command
/// line's output, whatever text of a log or the pit it holds. Bytes that are not
/// UTF-8 are shown as `\x..`; a character cut between two writes is kept until its
/// end comes.
pub struct InertWrite<W: std::io::Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: std::io::Write> InertWrite<W> {
    pub fn new(inner: W) -> InertWrite<W> {
        InertWrite { inner, pending: Vec::new() }
    }

    /// The bytes `buf` adds to what was pending, made inert: (the text, the bytes of
    /// a character not ended yet).
    fn take(&mut self, buf: &[u8]) -> String {
        self.pending.extend_from_slice(buf);
        let mut out = String::new();
        let mut rest: &[u8] = &self.pending;
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    out.push_str(&inert_lines(s));
                    rest = &[];
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    out.push_str(&inert_lines(&String::from_utf8_lossy(good)));
                    match e.error_len() {
                        Some(n) => {
                            for b in &bad[..n] {
                                out.push_str(&format!("\\x{b:02x}"));
                            }
                            rest = &bad[n..];
                        }
                        // A character cut short: its end may come with the next write.
                        None => {
                            rest = bad;
                            break;
                        }
                    }
                }
            }
        }
        self.pending = rest.to_vec();
        out
    }
}

impl<W: std::io::Write> std::io::Write for InertWrite<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = self.take(buf);
        self.inner.write_all(text.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let cut = std::mem::take(&mut self.pending);
            let shown: String = cut.iter().map(|b| format!("\\x{b:02x}")).collect();
            self.inner.write_all(shown.as_bytes())?;
        }
        self.inner.flush()
    }
}

impl<W: std::io::Write> Drop for InertWrite<W> {
    fn drop(&mut self) {
        // What is left unsaid goes out escaped; an output gone is no error to stop for.
        let _ = std::io::Write::flush(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn control_and_invisible_characters_are_shown_as_escapes() {
        assert_eq!(inert("Mesa 3\u{1b}[2K\rMesa 2"), "Mesa 3\\u{1b}[2K\\u{d}Mesa 2");
        assert_eq!(inert("Ana\u{202e}x\u{200b}"), "Ana\\u{202e}x\\u{200b}");
        assert_eq!(inert("a\nb"), "a\\u{a}b");
        assert_eq!(inert_lines("a\nb\u{7}"), "a\nb\\u{7}");
        assert_eq!(inert("Año «ñ» 12,50 €"), "Año «ñ» 12,50 €");
        assert_eq!(inert_name("mes\u{430}2"), "mes\\u{430}2");
        assert_eq!(inert_name("Mesa Ñandú"), "Mesa Ñandú");
    }

    #[test]
    fn the_writer_escapes_across_writes_and_bad_bytes() {
        let mut out = Vec::new();
        {
            let mut w = InertWrite::new(&mut out);
            let bytes = "ok \u{1b}[1A é\n".as_bytes();
            // «é» cut between two writes.
            let cut = bytes.len() - 2;
            w.write_all(&bytes[..cut]).expect("write");
            w.write_all(&bytes[cut..]).expect("write");
            w.write_all(b"\xff\n").expect("write");
        }
        assert_eq!(String::from_utf8(out).expect("utf8"), "ok \\u{1b}[1A é\n\\xff\n");
    }
}
