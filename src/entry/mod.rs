//! The entry line: what the croupier types, read into engine operations.
//!
//! Two parts. [`parse`] is a small pure reader from typed text to [`Entry`]s: it
//! knows the words of the grammar, nothing of the rules. [`resolve`] then asks the
//! engine what each entry does (which hand a card goes to, whose call it is) and
//! whether the rules take it: each operation decided once, and its events kept with
//! its chip. Enter hands the operations on with those events ([`Decided`]); the
//! table ahead applies them, and only the log's writer decides again, to check them.
//! A keystroke copies no table.
//!
//! The grammar (case does not matter; entries are separated by spaces, and several
//! may go on one line):
//!
//! | typed | entry |
//! |---|---|
//! | `3 40` | section 3 bets 40 on its own paño (Banque), on the player's side (Chemin de fer) |
//! | `3p 40` | the player standing behind section 3 (`p`: de pie) |
//! | `3 p2 40` | section 3 on paño 2 |
//! | `3 c 40` | a caballo (on the line between the paños, R-BQ-7) |
//! | `7 h 50`, `7 h2 50` | on the half line of its own paño, of paño 2 (`m` also works: media) |
//! | `3 b`, `3 b2` | banco on its own paño, on paño 2 (Chemin de fer: `3 b`; `3 bm` banco con la mesa) |
//! | `3 p 40`, `3 b 40` | Punto y Banca: punto, banca |
//! | `.` (or `,`, the keypad's decimal key, or Space on an empty line) | no va más |
//! | `9h`, `Td`, `10s` | a card out of the sabot; the engine gives it to its hand |
//! | `+`, `-`, `*` | "carta", "no", natural, said by the hand whose turn it is |
//! | `1+`, `2-`, `b+`, `b-`, `j+` | the same, naming the hand (paño 1, 2, bank, CF player `j`, punto `p`) |
//! | `1 2h Qs`, `b Kd 4c` | a hand turns over its two first cards |
//! | `/` | the banker asks for the table (cuadro) |
//! | `=`, `=1200` | next coup, the bank announced (the same bank, or 1200) |
//! | `sabot`, `baraja`, `3 baraja` | a new shoe shown complete; the croupier (or section 3, Chemin de fer) shuffles |
//! | `corte 14`, `nocorta` | the cut card with 14 cards under it; the player offered the cut declines it |
//! | `quema 7h` | Punto y Banca: the first card turned, the burn |
//! | `3 banca 1000` | section 3 takes the bank with 1000 (Punto y Banca: a banca bet) |
//! | `deja`, `pasa` | the banker leaves the bank; the bank (Chemin de fer) or the sabot (Punto y Banca) is passed on |
//! | `bloqueo`, `revisa`, `aparte 200` | the cut card came out; the cards checked; winnings set aside (Chemin de fer) |
//! | `quita 3`, `quita 3 c` (F7) | before «no va más», section 3's bets taken back, or its bet a caballo (R-C-7; after a Punto y Banca tie, R-PB-4) |
//! | `cambia 3 c 60` (F9) | section 3's bet a caballo changed: taken back, and 60 placed |
//! | `repite` (F8) | the last coup's bets typed again, each its own chip |
//! | `subasta 3 1200 5 1500`, `… sorteo 5` | the bank auctioned: the highest bid takes it; a tie drawn by lot (R-BQ-3) |
//!
//! | `e1 2` … `e18 1`, `ok` | an error recorded (the errors menu, F4, lists them with their clause); the ruling confirmed |
//!
//! English words work too: `shoe`, `shuffle`, `cut`, `nocut`, `burn`, `bank`, `leave`,
//! `pass`, `cutcard`, `check`, `aside`, `remove`, `change`, `repeat`, `auction`, `lot`.
//!
//! `=` on a coup already open only announces the bank (opening it again would write a
//! record that changes nothing); at a bank of 0 the engine refuses it (a broken bank:
//! the banker brings a new bank, `=1200`, or leaves it, `deja`).
//!
//! An entry becomes a chip once complete (a space after it; a card or a one-key word
//! needs none: `2hqs`, `-+8c-`). Enter confirms every chip at once; Backspace right
//! after a chip, or Escape, takes the last one back. With entries at once (F11) each
//! complete entry the rules take is confirmed without Enter
//! ([`EntryLine::take_complete`]).
//!
//! - `grammar`: the words, read into [`Entry`]s ([`parse`]);
//! - `chips`: what the engine makes of each entry, what its chip says and its colour
//!   ([`resolve`], [`describe`]; the app draws them);
//! - `line`: the line itself, its text and chips until Enter ([`EntryLine`]).

mod chips;
pub mod drill;
mod grammar;
mod line;

pub use chips::{Chip, ChipState, describe, resolve};
pub use grammar::{
    ERROR_WORDS, Entry, EntryError, EntryErrorKind, ErrorWord, Grammar, Parsed, Tail, parse, repeat_seat, typed_amount,
};
pub use line::{Decided, EntryLine};
