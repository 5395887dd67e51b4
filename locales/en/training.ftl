## The trainee croupier's training: staged coups, questions and the score.
## Shared by the command line (sabot train) and the app.

train-kind-owed = owed
train-kind-ruling = rulings
train-kind-payout = payouts

train-v-reopen = The bank plays again: the banker may ask for a card while the players have not shown their points; if they have, he must draw on 5 or less.
train-v-forfeit = { $hand } loses the right to show a natural: the total stands, but not as a natural; play goes on.
train-v-recorded = The infraction is recorded; the coup stands as it was played.
train-v-e1 = The cards do not go back into the sabot: they are the coup's first cards, and play goes on.
train-v-e2 = That card is dead and taken out of play; no bet may be lowered or withdrawn.
train-v-e3 = The coup is void; the bets stand for the next one.
train-v-e4 = It is picked up; it keeps its value and play goes on.
train-v-e6 = { $hand }'s cards count 0 (baccarat) and it plays no further.
train-v-e8-right = The coup is put right, as that is evident; the bank plays as after a banker's error.
train-v-e8-void = The coup is void, as it cannot be put right.
train-v-e10 = No bet may change; the bank must draw on 5 or less and stand otherwise.
train-v-e11-hand = The coup is void for { $hand }: its bets stand; the rest plays on.
train-v-e11-all = The coup is void for everyone: the bets stand.
train-v-e15-cf = { $hand } had to stand: the card it asked for goes to the bank, which must take it.
train-v-e14-cf = { $hand } had to draw: the card the bank took goes back to { $hand }; the bank takes the next card and plays again.

train-must-draw = { $hand } must draw.
train-must-stand = { $hand } must stand.
train-must-choose = { $hand } chooses: "card" or "no".

train-ask-owed = What is owed now, and by which rule?
train-ask-ruling = What is the ruling?
train-spot-banco = banco on { $spot }
train-ask-bet = { $player }'s bet: { $amount } ({ $spot }). How much is paid (+) or collected (-)?
train-ask-seat = { $player }, all bets together: how much is paid (+) or collected (-)?
train-ask-cagnotte = How much goes into the cagnotte slot this coup?
train-ask-commission = How much commission is taken this coup, in all?
train-amount-hint = Type the amount: 40 paid, -40 collected, 0 nothing; decimals with a point (12.50).
train-pay = pay { $amount }
train-collect = collect { $amount }
train-stays = stays

train-right = Right: { $answer }
train-wrong = Wrong. The answer: { $answer }
train-bad-empty = Type an answer.
train-bad-choice = Type a number from 1 to { $count }.
train-bad-amount = Type an amount like 40, -40 or 12.50 (no thousands separator).
train-score = Score: { $right }/{ $asked } — owed { $owed } · rulings { $ruling } · payouts { $payout }

train-bank = Bank: { $amount }
train-bets = Bets: { $bets }
train-void = void
train-zero = counts 0
train-no-more-bets = No more bets.
train-third = { $card } → { $hand }
train-reader = The card-reading shoe reads the cards of the deal.
train-said = { $hand } says { $call }.
train-shown = { $hand } shows { $cards }.
train-asks-table = The banker asks for the table.
train-announce = The banker announces { $total }.
train-confirm = The ruling is confirmed.
train-op-early = Before "no more bets", { $count ->
    [one] one card comes
   *[other] { $count } cards come
} out of the sabot.
train-op-dead = { $card } comes out of the sabot face up.
train-op-stuck = Cards stuck together come out in the deal.
train-op-floor = A card falls on the floor.
train-op-discarded = { $hand } throws its cards in the discard unshown.
train-op-exposed = Both cards of { $hand } are exposed in the deal: { $cards }.
train-op-lost = { $hand }'s cards fall in the discard, unseen.

train-start = Training: { $game }, { $drills } coups, seed { $seed }. Answer with the number or the amount and Enter; q stops.
train-drill = — Coup { $n } of { $total } —
train-question = Question ({ $kind }): { $prompt }
train-prompt = answer>
train-over = Training over.
train-stopped = Training stopped.
train-log = Training log: { $path }
train-log-refused = { $path }: a training session writes only to its own file, whose name starts with "training-".

# Staging a drill went wrong: a fault of the stager, never of the trainee.
train-stage-refused = the engine refused a staged operation ({ $op }): { $refusal }
train-stage-stuck = the staged coup did not come to its settlement
train-stage-setup = cannot set up the training table: { $why }
train-stage-overflow = a staged amount is larger than the largest amount Sabot keeps

## Why: the arithmetic and the rule, with a wrong answer.
train-why-total = { $hand } has { $total }.
train-why-cheval = { $amount } a caballo at unit { $unit } is { $units } units: { $first } on { $one }, { $second } on { $two }.
train-why-half = { $amount } on the line: half plays, { $half }, on { $hand }.
train-why-part-wins = { $hand } wins: { $amount }
train-why-part-loses = { $hand } loses: { $amount }
train-why-part-stays = { $hand } neither wins nor loses: { $amount }
train-why-part-commission = commission: -{ $amount }
train-why-parts = { $parts } → net { $net }
train-why-seat = { $player }: { $parts } → net { $net }
train-why-no-cagnotte = The bank does not win on the coup (net { $net }): no cagnotte.
train-why-cagnotte = The bank wins { $net } net; { $rate } % of it is { $exact }; rounded to { $quantum }: { $cagnotte }.
train-why-commission-part = { $commission } on { $amount }
train-why-commission = Commission of { $rate } % on each winning banca bet: { $parts } = { $total }.
train-why-no-commission = No banca bet wins: no { $rate } % commission.

train-kind-total = totals
train-ask-total = { $hand }: { $cards }. What is its total?
train-total-hint = Press the total's digit, 0 to 9.
train-bad-total = Press a digit from 0 to 9.
level-values = Card values and totals
level-drawing = Drawing rules
level-payouts = Payouts against the clock
level-procedures = Errors and rulings
level-coups = Whole coups
level-audition = Audition: a whole shoe

## The school: trainees by name and their history.
school-open = cannot open the school's store { $path }: { $why }
school-newer = { $path } is from a newer Sabot (schema { $found }; this one reads up to { $version }): left alone.
school-sql = the school's store failed: { $why }
school-bad-name = A trainee's name must be 1 to { $max } characters.
school-no-trainee = No trainee is called { $name }.
school-level-closed = Level { $level } is not open yet for { $name }: level { $before } needs { $percent } % right in its last { $window } answers (now { $right } of { $counted }).
school-trainee = Trainee: { $name } — level { $level }: { $title }
school-history-kept = History kept in { $path }.
school-no-folder = no data folder found: give --school FILE.
train-missed = { $count ->
    [one] One question missed, again with its coup:
   *[other] { $count } questions missed, again with their coups:
}
train-missed-given = Your answer: { $answer }

## The level screen and the instructor's view.
school-title = Dealer school: choose a trainee, a game and a level
school-instructor-title = Instructor: every trainee
school-keys = 1–6 level · 0 free practice · F9 instructor · Esc back
school-trainees = Trainees
school-name = Trainee's name
school-create = Choose or create
school-choose-first = Choose or create a trainee first.
school-closed = That level is not open yet.
school-levels-of = Levels of { $name } in { $game }
school-level-locked = locked: pass the level before
school-level-passed = passed: { $right } of { $counted }
school-level-standing = { $right } of the last { $counted } right; to open the next: { $percent } % of { $window }
school-free = Free practice (everything mixed)
school-progress = Progress
school-no-answers = No answers yet.
school-weakest = Weakest clauses: { $clauses }
school-axis-sessions = sessions
school-instructor = Instructor's view
school-to-levels = Back to the levels
school-all-trainees = Trainees: level, accuracy and pace by kind, weakest clauses, last session
school-col-name = Trainee
school-col-level = Level open
school-col-kinds = Accuracy and pace
school-col-weakest = Weakest
school-col-last = Last session
school-sessions = Sessions (press one to replay it answer by answer)
school-session-line = { $name } · { $game } · level { $level } · { $started } · { $right }/{ $asked }
school-export = Export CSV
school-exported = { $count } answers exported to { $path }
school-replay-title = Session of { $name }: { $game }, level { $level }
school-replay-at = Answer { $n } of { $total }
school-replay-when = { $at } · { $ms } s
school-replay-what = Coup { $drill } · { $kind } · { $clause }
school-replay-given = Answered: { $answer }
school-replay-expected = The answer: { $answer }
school-replay-right = Right
school-replay-wrong = Wrong
school-previous = Previous
school-next = Next
school-close-replay = Close
training-none-missed = No question missed: well done.
train-kind-entry = entries
train-step-bet = { $player } bets { $amount } ({ $spot }).
train-step-banco = { $player } calls banco { $hand }.
train-step-card = { $card } comes out of the sabot, for { $hand }.
train-step-card-out = { $card } comes out of the sabot.
train-step-other = The croupier enters what happens at the table.
train-entry-ask = Enter: { $step }
train-entry-keys = Type the entry as at a shift and Enter · Esc: back
train-entry-line = Entry: { $typed }
train-entry-right = Right: { $entry }
train-entry-wrong = No. The entry was: { $entry } — what was typed: { $given } ({ $clause })
train-entry-nothing = nothing
train-entry-score = Entries right: { $right } of { $asked }.
train-why-points = { $parts } = { $sum }: without the tens, { $total }.
school-free-short = free
train-pace-ok = Pace: { $mean } s an answer, within the target of { $target } s.
train-pace-slow = Pace: { $mean } s an answer; the target is { $target } s.
school-pit-sent = { $answers ->
    [one] 1 answer sent
   *[other] { $answers } answers sent
} to the pit ({ $url }).
school-pit-offline = School not sent: { $why }. { $left ->
    [one] 1 answer is kept on this laptop and will be sent next time.
   *[other] { $left } answers are kept on this laptop and will be sent next time.
}
school-pit-failed = The school could not be sent to the pit ({ $url }): { $why }. { $left ->
    [one] 1 answer is kept on this laptop.
   *[other] { $left } answers are kept on this laptop.
}
school-pit-reading = Reading every trainee of the school from the pit ({ $url })…
school-pit-read = Every trainee of the school, from the pit ({ $url }): { $count }.
school-pit-bad-rows = { $count ->
    [one] One row of the pit could not be read and is left out
   *[other] { $count } rows of the pit could not be read and are left out
} (the first: { $first }).
school-pit-read-failed = The pit could not be read ({ $why }): the trainees of this laptop are shown.
train-pit-needs = --pit needs --log (the training log shipped) or --trainee (the school's store sent).
school-pit-away = the pit is away
