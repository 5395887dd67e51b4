# sabot odds and sabot advise (issue #7): exact analysis.

odds-natural = natural { $p }
odds-edge-banker = house edge on banca: { $edge } ({ $percent } %), commission { $rate }
odds-edge-player = house edge on punto: { $edge } ({ $percent } %)
odds-shoe = shoe: { $cards } cards by points { $counts }; exact six-card sequences: banker { $banker }, player { $player }, tie { $tie } of { $total }
odds-cf-assumptions = chemin de fer: the player draws on 5 with probability { $five }; the bank follows the table, drawing in its O cells with probability { $optional }
odds-cf-gain = the player's expected gain per unit staked: { $gain } (no cagnotte)
odds-banque-unsupported = Banque's odds depend on the banker's choices against two paños: ask `sabot advise` for each decision.

advise-five-draw = the paños draw on 5
advise-five-stand = the paños stand on 5
advise-five-mix = the paños draw on 5 with probability { $p }
advise-five-draw-player = the player draws on 5
advise-five-stand-player = the player stands on 5
advise-five-mix-player = the player draws on 5 with probability { $p }
advise-bank = bank { $total }
advise-pano = { $hand }: { $seen }, stake { $stake }
advise-seen-natural = showed a natural
advise-seen-stood = stood
advise-seen-drew = drew a { $card }
advise-table = table (R-BQ-13): { $cells } → { $duty }
advise-cell = against { $hand } { $cell }
advise-no-table = no cell applies
advise-header = draw · stand
advise-row = { $hand }: bank wins { $win_draw } · { $win_stand }, loses { $lose_draw } · { $lose_stand }, ties { $tie_draw } · { $tie_stand }
advise-gross = expected result for the bank before the cagnotte: draw { $draw } · stand { $stand }
advise-net = expected result for the bank after the cagnotte ({ $rate }): draw { $draw } · stand { $stand }
advise-better-draw = better: draw, by { $margin } a coup
advise-better-stand = better: stand, by { $margin } a coup
advise-better-either = drawing and standing are worth the same
advise-note = for the supervisor's eyes only, never the players'

err-usage = { $what }
err-no-shoe = give the shoe: --decks N (1 to 8), --counts c0,c1,…,c9, or --log FILE --coup N
err-both-shoes = give either --decks or --counts, not both
err-decks-not-number = --decks `{ $text }` is not a whole number of decks (1 to 8)
err-game = `{ $text }` is not a game: punto-banca, banque, chemin-de-fer
err-rate = `{ $text }` is not a rate: write a fraction of at least 0 and less than 1, such as 0.05 for 5 %
err-five = `{ $text }` is not a play on 5: draw, stand, or a probability from 0 to 1
err-seen = `{ $text }` is not what a paño did: stood, drew:X (the third card, points or a card), natural:A,B (its two cards)
err-bank-cards = `{ $text }` is not the bank's two cards: write two points or cards, such as 5,0 or 5h,Kd
err-stake = stake `{ $text }`: { $why }
err-tie = `{ $text }` is not a tie rule: push or bank
err-pano2-cf = chemin de fer has one player hand: --pano2 is for Banque
err-pano2-missing = Banque has two paños: give --pano2 (stood, drew:X or natural:A,B)
err-game-no-banker = Punto y Banca has no banker who chooses: `sabot advise` is for Banque and Chemin de fer
err-analysis = { $what }

err-comp-wrong-count = --counts takes exactly 10 numbers c0,c1,…,c9 (c0 counts tens and faces): { $found } were given
err-comp-not-a-number = c{ $index } = `{ $text }` is not a whole number of cards
err-comp-negative = c{ $index } = `{ $text }` is negative: a shoe cannot hold fewer than no cards
err-comp-empty = the shoe is empty: the counts add up to zero
err-comp-too-few = a coup can need { $needed } cards, and this shoe holds only { $total }
err-comp-too-many = { $total } cards is more than Sabot analyses (at most { $max })
err-comp-decks = a sabot holds 1 to 8 decks, not { $decks }
err-comp-not-left = no card worth { $points } is left in the shoe: check the cards
err-comp-bad-points = { $points } is not a card's points: points go from 0 to 9

err-adv-bank-natural = the bank has { $total }: a natural is shown at once, there is nothing to decide (R-BQ-12)
err-adv-bad-total = { $total } is not a two-card total
err-adv-bad-third = a third card worth { $points } points: points go from 0 to 9
err-adv-no-play = every paño showed a natural: the bank has no play (R-BQ-14)
err-adv-probability = a probability of drawing must be between 0 and 1
err-adv-negative-stake = a stake cannot be negative: { $amount }
err-adv-impossible = what the paños did cannot happen with these cards and this play on 5
err-adv-not-bankers-game = only Banque and Chemin de fer have a banker who chooses
err-adv-not-banks-turn = it is not the bank's turn
err-adv-bank-cards-unknown = the bank's two cards are not known: give them
err-adv-overflow = an amount overflowed
err-log = the shift log: { $error }
err-log-game = the shift log is a { $log } shift, not { $game }: leave --game out to take the log's game
