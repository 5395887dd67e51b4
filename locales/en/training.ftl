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
