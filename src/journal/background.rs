//! The shift log on its own thread, for the app: the UI thread sends a record and
//! goes on drawing; the writer thread writes and syncs it and answers on a channel.
//! The app moves its displayed state on only when the answer says the record is safe.

use super::error::JournalError;
use super::writer::Journal;
use crate::engine::{Event, Op};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// The writer thread's answer to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ack {
    /// The ticket `send` or `close` returned.
    pub ticket: u64,
    /// The record's sequence number once written and synced, or why it was not.
    pub result: Result<u64, JournalError>,
}

enum Cmd {
    Append { ticket: u64, op: Op, events: Vec<Event> },
    Close { ticket: u64 },
}

/// A shift log owned by a writer thread. Requests are written in the order sent.
pub struct JournalThread {
    tx: Option<Sender<Cmd>>,
    handle: Option<JoinHandle<()>>,
    next_ticket: u64,
}

impl JournalThread {
    /// Starts the writer thread. Answers come on the returned receiver.
    pub fn spawn(journal: Journal) -> Result<(JournalThread, Receiver<Ack>), JournalError> {
        JournalThread::spawn_with_notify(journal, Box::new(|| {}))
    }

    /// As `spawn`; `notify` is called on the writer thread after each answer is sent
    /// (the app passes `move || ctx.request_repaint()`).
    pub fn spawn_with_notify(
        mut journal: Journal,
        notify: Box<dyn Fn() + Send>,
    ) -> Result<(JournalThread, Receiver<Ack>), JournalError> {
        let (tx, rx) = mpsc::channel::<Cmd>();
        let (ack_tx, ack_rx) = mpsc::channel::<Ack>();
        let handle = std::thread::Builder::new()
            .name("sabot-journal".into())
            .spawn(move || {
                for cmd in rx {
                    let ack = match cmd {
                        Cmd::Append { ticket, op, events } => Ack { ticket, result: journal.append(&op, &events) },
                        Cmd::Close { ticket } => Ack { ticket, result: journal.close() },
                    };
                    if ack_tx.send(ack).is_err() {
                        // Nobody listens any more; the records are written all the same.
                    }
                    notify();
                }
            })
            .map_err(|e| JournalError::Io {
                path: std::path::PathBuf::new(),
                doing: "start the shift log's writer thread",
                kind: e.kind(),
                message: e.to_string(),
            })?;
        Ok((JournalThread { tx: Some(tx), handle: Some(handle), next_ticket: 1 }, ack_rx))
    }

    fn request(&mut self, make: impl FnOnce(u64) -> Cmd) -> Result<u64, JournalError> {
        let ticket = self.next_ticket;
        let tx = self.tx.as_ref().ok_or(JournalError::WriterGone)?;
        tx.send(make(ticket)).map_err(|_| JournalError::WriterGone)?;
        self.next_ticket += 1;
        Ok(ticket)
    }

    /// Queues a record; returns at once with its ticket. The answer with the same
    /// ticket says when it is safe (or why not).
    pub fn send(&mut self, op: Op, events: Vec<Event>) -> Result<u64, JournalError> {
        self.request(|ticket| Cmd::Append { ticket, op, events })
    }

    /// Queues the closing record; returns at once with its ticket.
    pub fn close(&mut self) -> Result<u64, JournalError> {
        self.request(|ticket| Cmd::Close { ticket })
    }

    /// Waits until every queued record is written, then stops the thread (at the
    /// app's exit: this blocks until the queue is empty).
    pub fn finish(mut self) -> Result<(), JournalError> {
        self.tx = None;
        match self.handle.take() {
            Some(h) => h.join().map_err(|_| JournalError::WriterGone),
            None => Ok(()),
        }
    }
}

impl Drop for JournalThread {
    /// Dropping the handle lets the thread write what is queued and end; it does not
    /// wait (call `finish` to wait).
    fn drop(&mut self) {
        self.tx = None;
    }
}
