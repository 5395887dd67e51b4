## sabot report and the review: a shift summed up for the pit boss.

report-who = { $table } · croupier { $croupier } · { $game }
report-training = (TRAINING)
report-when = Started { $started }; last record { $last }.
report-integrity-sound = The log is sound; the shift is closed.
report-integrity-open = The log is sound, but the shift is not closed.
report-integrity-open-torn = The log is sound, but the shift is not closed; the last record was left half written: { $what }.
report-integrity-damaged = LOG DAMAGED at record { $record } (line { $line }): { $what }. The figures stop at the record before.
report-coups = { $coups ->
    [0] No coups
    [one] One coup
   *[other] { $coups } coups
}, { $void ->
    [0] none void
    [one] one void
   *[other] { $void } void
}{ $ties ->
    [0] {""}
    [one] , one tie
   *[other] , { $ties } ties
}.
report-coup-in-play = A coup was in play when the log ends.
report-bank-title = The bank:
report-bank-start = at the start
report-brought-in = brought in by the bankers
report-brought-in-split = of which banks taken { $taken }, brought in later { $later }
report-taken-out = taken out by the bankers
report-bank-net = the bank's net against the bets
report-cagnotte = cagnotte
report-bank-end = at the end
report-balanced = reconciled to the cent
report-unbalanced = DOES NOT RECONCILE! The sum is { $sum } and the bank at the end is { $end }.
report-commission = Commission taken: { $amount }.
report-house-net = The house's result against the bets, commission included: { $amount }.
report-bankers-title = Bankers:
report-banker = { $who }: { $stints ->
    [0] the bank the log began with
    [one] took the bank once
   *[other] took the bank { $stints } times
}, { $coups ->
    [0] no coups
    [one] one coup
   *[other] { $coups } coups
}; brought in { $in }, took out { $out }; result { $result } (net { $net }, cagnotte { $cagnotte }).
report-banker-unnamed = The bank the log began with
report-errors-none = Errors recorded: none.
report-errors = { $count ->
    [one] One error recorded
   *[other] { $count } errors recorded
}: { $list }.
report-infractions-none = Infractions: none.
report-infractions = { $count ->
    [one] One infraction
   *[other] { $count } infractions
}: { $list }.
report-by-clause = { $clause } { $count ->
    [one] once
   *[other] { $count } times
}
report-against-table = { $count ->
    [one] The bank played against the table once.
   *[other] The bank played against the table { $count } times.
}
report-incident = coup { $coup }, { $time }: { $what }
report-incidents-more = … and { $count } more.
report-amendments-none = Amendments: none.
report-amendment = Amendment to coup { $coup } ({ $time }): “{ $reason }”.
report-taken-back = Entries the croupier took back before payment: { $entries }, in { $count ->
    [one] one take-back
   *[other] { $count } take-backs
}.
report-recovery = Taken up after a stop at { $time }.
report-recovery-aside = Taken up after a stop at { $time }; the half-written record was set aside in { $file }.
report-clock-jump = The clock went back: it read { $seen }; the records were stamped { $used } until it caught up.
report-left-out = Past the first { $kept } of each, not listed: { $amendments } amendments, { $recoveries } recoveries, { $jumps } clock jumps.
report-bad = { $file }: does not verify, no figures: { $why }
report-part-of = part { $n } of { $count } of a shift split across files: it takes up the chain of { $first } from record { $from }; the parts together: { $whole }
report-part-first = this shift is in { $count } files: this is part 1, and it goes on in { $files }, which takes up its chain; the figures are the parts read together as one log
report-part-first-bad = this shift is in { $count } files: this is part 1, and it goes on in { $files }, but the parts together do not read as one log ({ $why }): the figures are this part's
report-parts-whole = { $integrity }, { $coups } coups
report-note-damaged = does not verify: { $why }
report-note-training = a training session: never money
report-together = All the shifts together:
report-group-table = By table:
report-group-croupier = By croupier:
report-group-banker = By banker (table · seat):
report-group-day = By day:
report-group-corrections = { $count ->
    [one] took back his own entries once
   *[other] took back his own entries { $count } times
}
report-group-row = { $key }: { $shifts ->
    [one] one shift
   *[other] { $shifts } shifts
}, { $coups ->
    [0] no coups
    [one] one coup
   *[other] { $coups } coups
}; brought in { $in }, taken out { $out }, bank's net { $net }, cagnotte { $cagnotte }, commission { $commission }.
report-group-house = the house's result in Punto y Banca (commission included): { $house }
report-group-banker-row = { $key }: { $coups ->
    [0] no coups
    [one] one coup
   *[other] { $coups } coups
}; brought in { $in }, took out { $out }; net { $net }, cagnotte { $cagnotte }.
report-csv-failed = { $file }: cannot write the CSV: { $why }
report-copy-same = the same shift as { $first }: counted once.
report-copy-differ = ALARM, COPIES DIFFER: { $a } ({ $records_a } records) and { $b } ({ $records_b } records) are the same shift but not the same records; neither is counted until the pit settles which is the shift.
report-copy-differ-at = ALARM, COPIES DIFFER: { $a } ({ $records_a } records) and { $b } ({ $records_b } records) are the same shift but fork at record { $seq } (line { $line }): the records before it are the same in both, that one is not; neither is counted until the pit settles which is the shift.
report-copy-older = an older copy of { $newer }: its { $records_older } records are the first { $records_older } of that copy's { $records_newer }, record for record; only { $newer } is counted.
report-training-together = Training (never money: kept out of every total; the school's own figures):
report-training-row = { $key }: { $sessions ->
    [one] one training session
   *[other] { $sessions } training sessions
}, { $coups ->
    [one] one staged coup
   *[other] { $coups } staged coups
}
report-copy-damaged = ALARM: { $damaged } is a damaged copy of the shift in { $sound }; only the copy that verifies is counted.
report-ruling = ruling applied: { $what }
csv-spot-tableau = paño { $n }
csv-spot-half = half line paño { $n }
csv-spot-cheval = cheval
csv-spot-player = player
csv-spot-punto = punto
csv-spot-banca = banca
csv-kind-plain = plain
csv-kind-banco = banco
csv-kind-banco-with-table = banco with the table
csv-kind-last-complete = last complete
csv-kind-associated = associated banco
csv-kind-late = late

## The close-of-shift sheet
sheet-shift = The shift
sheet-title = Close-of-shift sheet
sheet-corrections-none = Entries the croupier took back: none.
sheet-log = Log: { $name } ({ $records } records)
sheet-hash = Hash of the last record: { $hash }
sheet-sign-croupier = Croupier's signature:
sheet-sign-pit = Pit boss's signature:
sheet-written = Close-of-shift sheet written to { $path }
sheet-not-written = The close-of-shift sheet could not be written: { $why }
sheet-continue = Enter: go on to the start form

# Game protection (issue 28): every banker's choice weighed against the exact odds.
protection-title = Game protection: each choice a banker (or a Chemin de fer player) made, weighed against the exact odds of the cards he had not seen
protection-reference = The reference is an honest chooser who follows the table: where it decides, he slips at most 1 time in { $slip }; where it leaves the choice, a coin for the bank and, on 5, { $five } (the house file's play on 5). A chooser's own choices (departures, free choices, habits) are said with their chance and name nobody. A party (a seat, a banco caller, the banker) is named only on his own figure: in how many of the choices where the option better for him was the chooser's worse he was served, against the chooser's own departures from the table where they did not serve him where the table decides (an honest chooser's departures do not know who bets), and against the chooser's own draws, situation by situation, where it leaves the choice; the situations of a habit are left out. This shift weighs { $weighed } such figures, { $tests } of which could reach 1 in { $alpha }; each is corrected for those { $tests } (Holm), and a party is named when his own is still under 1 in { $alpha }, so an honest shift names anyone with chance at most 1 in { $alpha }.
protection-five-draw = the player draws
protection-five-stand = the player stands
protection-five-mix = the player draws with chance { $p }
protection-none = no choice to weigh: no banker chose (the table bound him, or naturals decided)
protection-banker = Bank of { $who }: { $decisions ->
    [one] one choice
   *[other] { $decisions } choices
}, { $against } against the best, { $given } given away (an honest banker who follows the table: { $honest } on average)
protection-player = Player hand of { $who }: { $decisions ->
    [one] one choice
   *[other] { $decisions } choices
}, { $against } against the best, { $given } given away to the bank (a player who follows the table: { $honest } on average)
protection-departures = departures from the table that gave money away: { $departures } of the { $bound ->
    [one] one cell
   *[other] { $bound } cells
} it decided with its option the better, { $given } given away; chance for an honest chooser slipping at that rate: { $chance }
protection-free = choices the table leaves open: { $free ->
    [one] one
   *[other] { $free }
}, { $given } given away against the exact best (an honest chooser: { $honest } on average); chance of giving this much or more: { $chance }
protection-flagged-named = FLAGGED: he served { $list }
protection-role-banco = { $seat } (banco)
protection-role-banker = { $seat } (the banker)
protection-habit = a habit, whoever bets: { $situation }: he left the table in { $departures } of { $choices ->
    [one] one choice
   *[other] { $choices } choices
} (his own play: it names nobody, and is left out of who was served)
protection-not-flagged = not flagged
protection-served = { $seat } was served in { $served } of { $mattered ->
    [one] the one choice
   *[other] the { $mattered } choices
} where it mattered to him (the option better for him the chooser's worse); an honest chooser: { $honest } on average ({ $departures }free choices his way: { $free_served } of { $free }, the reference { $free_honest }); { $chance } ({ $corrected } corrected for the { $tests } figures); gained { $amount } (an honest chooser gives { $expected })
protection-served-bound = departures from the table his way: { $departed } of { $bound }, elsewhere { $bound_other } of { $bound_others }: { $bound_honest } his way on average, had they not known who bets
protection-served-habits = ; { $habits } more in the chooser's habits, left out
protection-served-directed = ; where the chooser left his better option (by the exact odds) in the choices the table leaves open: for him in { $for } of the { $could_serve } where leaving it served him, elsewhere in { $against } of the { $could_hurt } where it did not serve him (a chooser whose departures do not know who bets: { $dir_honest } of those { $departures } for him, on average; { $dir_chance })
protection-named-on = NAMED ({ $on })
protection-on-departures = on where the departures from the table fell, his way and not elsewhere: { $corrected } after the correction
protection-on-free = on the free choices his way, against a coin: { $corrected } after the correction
protection-on-directed = on where the chooser left his better option, his way and not elsewhere: { $corrected } after the correction
protection-named = NAMED
protection-seats = every chooser together: { $list }
protection-unweighed = { $count } choices could not be weighed (the cards were never known)
protection-unnamed = not named
protection-chance-even = not unlikely
protection-chance-even-exact = not unlikely
protection-chance-tiny = at most 1 in a billion
protection-chance-tiny-exact = under 1 in a billion (exact)
protection-chance-one-in = 1 in { $n }
protection-chance-exact = exactly 1 in { $n }
protection-chance-at-most = at most 1 in { $n }
protection-sit-bank = bank { $total }
protection-sit-natural = natural
protection-sit-stood = stood
protection-sit-drew = drew { $card }
protection-sit-total = on { $total }
protection-together = Game protection, all shifts together: the seats a flagged banker's choices named
protection-together-seat = table { $table }, { $seat }: named in { $shifts ->
    [one] one shift
   *[other] { $shifts } shifts
}, { $amount } gained
protection-together-none = no seat named by a flagged banker
protection-day = for the day as a whole: { $shifts ->
    [one] one shift weighed
   *[other] { $shifts } shifts weighed
}, { $flags ->
    [one] one flag
   *[other] { $flags } flags
}; each shift's figure multiplied once more by the number of shifts (Bonferroni), { $held } still under 1 in { $alpha }, so at most 1 honest day in { $alpha } has one
protection-day-held = table { $table }, { $who }: { $chance } for the day
protection-failed = game protection: the log could not be weighed: { $why }
protection-by-player = by player (card numbers given at the seating), across seats, tables and days: { $players ->
    [one] one player weighed
   *[other] { $players } players weighed
}, { $tests } of whose figures could reach 1 in { $alpha }, each corrected for those (Holm): { $named } named
protection-by-player-one = player { $number } ({ $places }): served in { $served } of { $mattered ->
    [one] the one choice
   *[other] the { $mattered } choices
} where it mattered to him; an honest chooser: { $honest } on average; { $chance } ({ $corrected } corrected); gained { $gained }
protection-every-chooser = every banker together
protection-across = across the shifts of a table (the same seats, their choices weighed as one shift): { $tables ->
    [one] one table
   *[other] { $tables } tables
} over { $shifts } shifts; each figure corrected for every figure weighed at its table and once more for the number of tables (Bonferroni): { $held } under 1 in { $alpha }
protection-across-seat = table { $table }, { $who }: { $seat } gained { $gained } from his choices against the best, where an honest banker gives { $expected }: { $chance } across the shifts
protection-across-held = table { $table }, { $who }: { $chance } across the shifts
