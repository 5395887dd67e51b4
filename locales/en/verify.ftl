## sabot verify and sabot export, and what can be wrong with a shift log.

verify-ok = ok
verify-not-closed-verdict = NOT CLOSED
verify-bad-status = BAD
verify-unreadable-status = UNREADABLE
verify-training = (TRAINING file, not a live shift)
verify-summary = { $file }: { $verdict }{ $training }: table { $table }, croupier { $croupier }, { $game }, started { $started }; { $records } records, { $coups ->
    [one] one coup settled and re-played
   *[other] { $coups } coups settled and re-played
}
verify-bad = { $file }: { $status } at { $where }
verify-bad-after = the records before it are sound; this record and what follows cannot be trusted
verify-unreadable = { $file }: { $status }: { $why }
verify-closed-at = closed at { $at }
verify-amended-after-close = then { $count ->
    [one] an amendment (R-BQ-E7), written
   *[other] { $count } amendments (R-BQ-E7), the last written
} at { $last }: the shift stays closed
verify-not-closed = not closed: the shift is still open, or Sabot stopped without closing it (starting Sabot takes it up); records removed from the end of a log that is not closed cannot be detected
verify-tail = line { $line }: { $what }; it was never acknowledged, and starting Sabot sets it aside in a side file
verify-tail-after-close = line { $line }: { $what }; an amendment being written when Sabot stopped, never acknowledged: the shift stays closed, and the next amendment sets it aside in a side file
verify-resumed = taken up again { $count ->
    [one] once
   *[other] { $count } times
} after Sabot stopped; { $aside ->
    [0] no record in flight set aside
    [one] one record in flight set aside
   *[other] { $aside } records in flight set aside
}{ $files }
verify-side-file = side file: { $file }

export-header = Exported by { $software } from { $file }, coup { $coup }{ $unsettled }.
export-unsettled = (not settled when the log ends)
export-no-such-coup = the shift has no coup { $wanted } that was played: { $coups } coups were played (counting one in play)
export-no-step = coup { $coup } has an operation the table-script format has no step for (line { $line }: { $op })
export-mismatch = the exported script does not run to the logged outcome: { $why }
export-mismatch-part = { $what }: expected { $expected }, computed { $computed }
export-step-refused = the exported script does not run to the logged outcome: step { $step } refused: { $refusal }

journal-bad-at = line { $line }: { $what }
journal-bad-at-seq = line { $line } (record { $seq }): { $what }
journal-io = cannot { $doing }: { $message }
journal-newer-format = line { $line } is from a newer version of Sabot (log format { $format }; this Sabot reads up to format { $supported }): update Sabot to read it
journal-settings = the table settings are not valid: { $why }
journal-encode = cannot write the record: { $why }
journal-too-large-table = the table's name has { $chars } characters; a log takes at most { $max } (the pit refuses longer ones): nothing was written
journal-too-large-croupier = the croupier's name has { $chars } characters; a log takes at most { $max } (the pit refuses longer ones): nothing was written
journal-too-large-text = a text of the record is { $bytes } bytes long («{ $starts }…»); a log takes at most { $max } (the pit refuses longer ones): nothing was written
journal-too-large-record = the record is { $bytes } bytes long; a log takes at most { $max } a record (the pit refuses longer ones): nothing was written
journal-not-logged-refused = not logged: the engine refuses this operation on the log's table ({ $refusal })
journal-not-logged-events = not logged: these events are not the ones the engine makes for this operation
journal-poisoned = an earlier write failed, so this log takes no more records: restart Sabot to recover it
journal-closed = the shift is closed
journal-writer-gone = the shift log's writer has stopped

doing-read-log = read the shift log
doing-read = read
doing-open = open
doing-write = write
doing-sync = sync
doing-create-file = create the file
doing-create-folder = create the folder
doing-list-folder = list the folder
doing-open-folder = open the folder to sync it
doing-sync-folder = sync the folder
doing-rename = rename the new file into place
doing-cut = cut the record in flight off
doing-move-aside = move aside
doing-lock = lock the shift log
doing-start-writer = start the shift log's writer thread

line-not-a-record = not a shift-log record (it does not start with `Record(v:`)
line-frame = the record's end is broken (it does not end with its hash)
line-hash = the record's hash does not match its content: the record was changed
line-newer = this record is from a newer version of Sabot (log format { $format }; this Sabot reads up to format { $supported })
line-ron = the record cannot be read: { $why }

journal-no-home = no home folder: set { $var }
journal-too-many-names = too many shift logs with the same name in this folder
journal-empty = the file is empty: not a shift log (it has no header)
journal-header-unfinished = the header was never completely written
journal-header-unfinished-bytes = the header was never completely written ({ $bytes } bytes and no end of line): a shift that never started
journal-not-a-log = not a Sabot shift log: its first line is not a record (binary data, or another kind of file)
journal-not-replayable = the log could not be replayed
journal-first-not-header = the first record is not the header
journal-header-unreadable = the header: { $why }
journal-has-header = this log has a header: take it up with open_for_append
journal-training-own-file = a training session writes only to its own file, named `{ $prefix }…`
journal-live-in-training-file = a live shift is never written to a training file (`{ $prefix }…`)
journal-header-damaged = the header is damaged: { $why }
journal-header-missing = the header is missing: the first record is record { $first }, not the header
journal-header-not-zero = the header is record { $seq }, it must be record 0
journal-header-prev-not-zero = the header's previous hash is not zero: records before it were removed
journal-header-differs = the header's table, croupier or game differ from the record's
journal-header-settings = the header's table settings are not valid: { $what }
journal-last-damaged = the last record is damaged: { $why }
journal-not-set-aside = { $what } (if Sabot stopped while writing it, starting Sabot again sets it aside)
journal-torn = the last record was being written when Sabot stopped ({ $bytes } bytes, no end of line)
journal-after-close = a record after the shift was closed
journal-bytes-after-close = bytes after the shift was closed
journal-missing = record { $expected } is missing (this is record { $seq }): records were removed
journal-out-of-order = record { $seq } comes again or out of order (record { $expected } was expected)
journal-chain-broken = its previous-record hash does not match the record before it: a record was changed, inserted, removed or moved
journal-time-back = its time { $time } is before the record before it ({ $previous })
journal-table-differs = its table or game is not the header's
journal-croupier-differs = its croupier `{ $croupier }` is not the header's
journal-second-header = a second header
journal-refused = the engine refuses this operation ({ $refusal }): it does not follow from the records before it
journal-settlement-differs = the settlement of coup { $coup } differs from the engine's: { $parts }
journal-settlement-details = in its details
journal-settlement-part = { $part } logged { $logged }, computed { $computed }
journal-events-differ = the logged events differ from the engine's at event { $at }: logged { $logged }, the engine makes { $computed }
journal-nothing = nothing
journal-coup-too-long = coup { $coup } goes on past { $most } entries, more than a table's coup: the floor follows the shift no further
journal-closing-totals = the closing totals differ from the replay: logged { $coups } coups, bank { $bank }, cagnotte { $cagnotte }, commission { $commission }; replayed { $rcoups } coups, bank { $rbank }, cagnotte { $rcagnotte }, commission { $rcommission }
journal-overflow = a sum over the shift does not fit in an amount

part-bank-before = bank before
part-bank-net = bank's net
part-cagnotte = cagnotte
part-commission = commission
part-bank-after = bank after
part-void = void
part-winners = winners
part-hands = hands
part-seats = seats
part-bets = bets

journal-in-use = the log is in use: another Sabot (or another «Reanudar») is writing it; close that one first
journal-not-regular = not a regular file ({ $kind }): a shift log is always a regular file
journal-crlf = the file has Windows line ends (CRLF): it was saved by an editor or a transfer, not by Sabot
journal-bom = the file starts with a byte-order mark: it was saved by an editor, not by Sabot
journal-unknown-kind = line { $line } is a kind of record this Sabot does not know: a newer version of Sabot wrote it; update Sabot to read it
journal-unterminated = record { $seq } is whole but has no end of line: it was never acknowledged, and taking the shift up sets it aside
journal-side-file-missing = the side file { $file } named by a «resumed» record is missing
journal-side-file-differs = the side file { $file } is not what the «resumed» record says (its size or its hash differs): it was replaced or changed
line-unknown-kind = a kind of record this Sabot does not know ({ $why }): written by a newer version of Sabot
verify-closed-unterminated = its closing record has no end of line (the last byte was cut off); the shift is closed all the same
verify-clock-jump = line { $line }: the clock went back: it read { $seen }, the record was stamped { $used }
simulate-resume-other-game = the log is a { $log } shift, not { $game }

io-not-found = the file or its folder does not exist
io-permission = permission denied (this user may not write there)
io-exists = a file of that name is already there
io-full = the disk is full
io-read-only = the disk is read-only
io-is-folder = that is a folder, not a file
io-not-folder = part of the path is a file, not a folder
