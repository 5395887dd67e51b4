//! A command's output. Its lines go to standard output (or a test's buffer) through
//! [`Out`], which keeps the first write that fails (a full disk behind `>`, a pipe
//! whose reader has gone) and drops what follows; the command then ends with status
//! 2 and says why on standard error (`Out::finish`), never a report cut short in
//! silence. Inside a command, [`say!`] writes one line: a failure is `Out`'s to keep.

use crate::i18n::{Lang, tr_args};
use std::io::Write;

/// Standard output (or any writer), remembering its first failure.
pub struct Out<W: Write> {
    inner: W,
    failed: Option<std::io::Error>,
}

impl<W: Write> Out<W> {
    pub fn new(inner: W) -> Out<W> {
        Out { inner, failed: None }
    }

    /// The command's status: `code`, or 2 with the reason on standard error when the
    /// output could not be written.
    pub fn finish(mut self, code: i32, lang: Lang) -> i32 {
        if self.failed.is_none()
            && let Err(e) = self.inner.flush()
        {
            self.failed = Some(e);
        }
        match &self.failed {
            None => code,
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code.max(2),
            Some(e) => {
                eprintln!("sabot: {}", tr_args(lang, "cli-output-failed", &[("why", e.to_string())]));
                code.max(2)
            }
        }
    }
}

impl<W: Write> Write for Out<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.failed.is_none()
            && let Err(e) = self.inner.write_all(buf)
        {
            self.failed = Some(e);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.failed.is_none()
            && let Err(e) = self.inner.flush()
        {
            self.failed = Some(e);
        }
        Ok(())
    }
}

/// Writes one line to a command's output (`writeln!`); whether it got there is the
/// [`Out`]'s at the command's top to say.
macro_rules! say {
    ($w:expr, $($arg:tt)*) => {
        $crate::cli::out::said(writeln!($w, $($arg)*))
    };
}
pub(crate) use say;

/// A line written, or not: the `Out` the command writes through keeps the failure.
pub(crate) fn said(_: std::io::Result<()>) {}

#[cfg(test)]
mod tests {
    use super::*;

    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn an_output_that_cannot_be_written_ends_the_command_with_status_2() {
        let mut out = Out::new(Full);
        say!(out, "coups {}", 10);
        say!(out, "bank {}", 20);
        assert_eq!(out.finish(0, Lang::En), 2);
        let mut fine = Out::new(Vec::new());
        say!(fine, "coups {}", 10);
        assert_eq!(fine.inner, b"coups 10\n");
        assert_eq!(fine.finish(1, Lang::En), 1);
    }
}
