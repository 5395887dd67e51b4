## Infractions the engine finds, rulings it proposes, errors the croupier records.
## Shared by the command line and the app.

player-seated = Sec. { $seat }
player-standing = { $seat } standing

inf-drew-on-stand = { $hand } asked for a card with { $total }: it had to stand.
inf-drew-on-natural = { $hand } asked for a card with a natural { $total }.
inf-stood-on-draw = { $hand } said "no" with { $total }: it had to draw.
inf-natural-forfeited = { $hand } said "no" with { $total }: the natural is lost; the total stands without it.
inf-false-natural = { $hand } announced a natural with { $total }.
inf-bank-against-table = The bank with { $total } { $did } against the table: it { $duty }.
inf-did-draw = drew
inf-did-stand = stood
inf-natural-not-shown = The bank did not show its natural { $total } at once.
inf-drew-after-natural = { $hand } drew after a natural.
inf-wrong-announcement = The banker announced { $said } but has { $total }.

ruling-e9 = The card goes to the hand it belonged to; { $hand } plays { $call }, as it said.
ruling-e14 = { $hand } had to draw: the card given after its "no" goes back to { $hand }; the next card goes to the hand that was owed it, whether or not the bank took it; the bank plays by R-BQ-E13.
ruling-e15 = { $hand } had to stand: its card goes to the other tableau if it asked for one, otherwise to the bank, which must take it.
ruling-e16 = { $hand } said both words: checked against its total, { $call } stands; the coup is put right.
ruling-e17 = { $hand } asked for a card with a natural: the card goes to the hand that was owed it; { $hand } shows its natural.
ruling-play = { $hand } plays { $call }, as the rules say; the third cards go, in the order they came out, to the hands owed them.
ruling-reopen = The banker announced { $announced } but has { $actual }: the bank plays again; it may ask for a card while the players have not shown their points.
ruling-bank-stand = The bank drew against the table it had to follow.
ruling-bank-draw = The bank stood against the table it had to follow.
ruling-bank-stand-bound = The bank drew above 5: the error binds it to stand ({ $clause }).
ruling-bank-draw-bound = The bank stood on 5 or less: the error binds it to draw ({ $clause }).

err-early-cards = { $count ->
    [one] One card out before "no va más": it does not go back; it is the coup's first card.
   *[other] { $count } cards out before "no va más": they do not go back; they are the coup's first cards.
}
err-dead-card = { $card } came out face up: it is dead and removed; no bet may be lowered or withdrawn.
err-stuck = Cards stuck together: the coup is void; the bets stand for the next coup.
err-floor = A card on the floor: picked up; it keeps its value and play goes on.
err-wrong-player-stands = The cards went to { $player } by mistake: the coup stands; next coup they go to the right player.
err-wrong-player-void = The cards went to { $player } by mistake, before the hand was pronounced: the coup goes on; at the next coup they go to the right player.
err-discarded-holder = { $hand } threw its cards in the discard unshown: they count 0 (baccarat).
err-discarded-croupier = The croupier threw { $hand }'s cards in the discard: recovered, the total rebuilt as { $total }.
err-irregular-right = An irregular deal: put right, as it is evident.
err-irregular-void = An irregular deal that cannot be put right: the coup is void.
err-card-wrong-hand = { $card } was given to { $hand }, which was not owed it: the coup is put right.
err-exposed = Both cards of { $hand } exposed: no bet may change, and the bank must draw on 5 or less and stand otherwise.
err-lost-void = Cards of { $hand } lost unseen in the discard: the coup is void for it.
err-lost-seen = A third card of { $hand } that was seen is recovered; play goes on.
err-both-words = { $hand } said "{ $first }" then "{ $then }": the croupier checks its total.
err-too-long = { $hand }'s holder took too long: the cards pass to { $player }.
err-late-bet = { $player } bet { $amount } after "no va más": the banker may have it withdrawn.
err-late-withdrawn = { $player }'s late bet withdrawn at the banker's request.
err-player-error = A player's error on { $hand }: the coup is put right.
err-player-error-table = A player's error: the coup is put right.
err-amended = Coup { $coup } amended after it was paid: { $reason }
err-unsettled = The banker's announcement came before the payment: the settlement is withdrawn and the bank plays again.

# What a ruling will do, card by card, before Intro (joined by "; ").
effect-word = { $hand } plays { $call }
effect-card-to = { $card } to { $hand }
effect-waits = { $card } waits for { $hand }'s word: its if it asks for a card; if it stands, the bank's, which must take it
effect-next-card-to = { $hand } takes the next card out of the sabot
effect-bank-takes = { $card } to the bank, which must take it
effect-next = { $card } is the next card, for the next hand that draws
effect-dead = { $card } goes out of play
effect-bank-plays-player = the bank plays again (R-BQ-E13; a player's error): where the table differs, it chooses
effect-bank-plays-croupier = the bank plays again (R-BQ-E13; the croupier's error): where the table differs, it chooses
effect-bank-plays-banker = the bank plays again (R-BQ-E13; the banker's error): where the table differs, it draws on 5 or less and stands otherwise
effect-bank-draw = the bank takes the next card
effect-bank-stand = the bank stands
effect-bets-stand = the bets stay as placed
