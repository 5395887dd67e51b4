# The croupier's app. The words of the rules (hands, spots, calls, refusals) are in
# engine.ftl.

## Top bar and screen
language = Language
help-button = Help (F1)
help-title = How to type
game-banque = Baccarat Banque (dos paños)
game-chemin-de-fer = Chemin de fer
game-punto-banca = Punto y Banca

## Opening the shift
start-title = Open a shift
start-subtitle = Table, croupier, game and bank. Tab moves between fields; Enter opens the shift.
start-table = Table
start-table-hint = e.g. Table 3
start-croupier = Croupier
start-game = Game
start-decks = Decks in the sabot
start-unit = Betting unit
start-cagnotte = Cagnotte (%)
start-commission = Banca commission (%)
start-sections = Sections
start-bank-limit = Bank
start-limited = limited
start-free = free
start-bank = Bank announced
start-bank-hint = e.g. 1000
start-open = Open the shift
start-keys = F1 Banque · F2 Chemin de fer · F3 Punto y Banca · Enter opens the shift
start-bad-field = Check "{ $field }".
start-bad-settings = { $what } ({ $clause })
log-cannot-open = The shift log cannot be opened: { $why }
log-cannot-write = The shift log did not take the entry: { $why }. Nothing was confirmed.

## Players and hands
player-seated = Sec. { $seat }
player-standing = { $seat } standing
seat-name = Section { $seat }
seat-standing-bet = standing { $bet }
seat-banco-on = BANCO T{ $n }
seat-more = +{ $n } · { $amount }
spot-short-cheval = chev.
spot-short-half = ½
spot-short-banco = BANCO
spot-short-banco-with-table = BANCO w/table
spot-short-punto = P
spot-short-banca = B
total-natural = natural { $total }
banker = Banker
croupier = Croupier
bank-amount = Bank { $amount }
bank-announced = { $amount } in the bank
zone-stake = In play { $amount }
zone-total = { $total }
zone-total-wins = { $total } · wins
zone-total-loses = { $total } · loses
zone-total-tie = { $total } · tie
turn-badge = TO PLAY
card-face-down = Face-down card of { $hand }
cheval-total = A caballo { $amount }
sabot-left = Sabot: { $n }
cagnotte-slot = Cagnotte to the slot: { $amount }

## Banner: what is owed now
owed-bets = Place your bets
owed-bets-keys = Section, spot, amount: 3 40 · 3 c 40 · 7 h 50 · 3p 20 — "no va más" with . or Space
owed-decide = { $hand }: card or no?
owed-decide-total = { $hand } has { $total }: card or no?
owed-decide-keys = + card · - no · * natural · 1 9h Kd shows · / table
owed-card = A card for { $hand }
owed-card-forced = { $hand } has { $total }: must draw
owed-card-keys = Type the card out of the sabot: 9h, Td, 10s
owed-show = { $hand }: turn the cards over
owed-show-keys = Type its two cards: 2h Qs
owed-pay = Pay and collect
owed-pay-keys = Payouts on the right · = next coup (same bank) · =1200 announces another bank
refused-title = Not taken:
log-problem-title = Shift log:
log-waiting = saving…

## Entry line
entry-name = Entry
entry-placeholder = Type: 3 c 40 · . · 9h · + · -  (Enter confirms)
entry-err-unknown = "{ $word }" is not an entry: F1 shows how to type.
entry-err-need-amount = The amount is missing.
entry-err-need-spot = "{ $word }": after the section comes the spot or the amount.
entry-err-punto-or-banca = Punto or banca? Type 3 p 40 or 3 b 40.
entry-err-amount = "{ $word }" is not an amount: 40, 12.50.
entry-err-two-cards = A hand turns over two cards: 1 2h Qs.
entry-err-show-second-card = The second card of the hand turning over is missing.
entry-nobody-to-call = Nobody says card or no now.
entry-coup-not-over = The coup is not over: settle it first.
chip-bet = { $player } · { $spot } · { $amount }
chip-banco = { $player } · banco { $hand }
chip-banco-with-table = { $player } · banco with the table
chip-no-more-bets = No va más
chip-card = { $card } → { $hand }
chip-third-card = { $card } → { $hand } (3rd)
chip-show = { $hand } shows { $cards }
chip-show-first = { $hand } shows { $card } …
chip-say = { $hand }: { $call }
chip-ask-table = The bank asks for the table
chip-next-coup = Next coup
chip-next-coup-bank = Next coup · bank { $bank }

## Buttons and keys
cap-enter = Enter
cap-backspace = Backspace
btn-confirm = Confirm
btn-undo = Undo
btn-no-more-bets = No va más
btn-cheval = A caballo
btn-half = Half
btn-banco = Banco
btn-banco-with-table = Banco with the table
btn-punto = Punto
btn-banca = Banca
btn-standing = Standing
btn-next-coup = Next coup
btn-draw = Card
btn-stand = No
btn-natural = Natural
btn-ask-table = Table
hint-seat-click = Click a section or type its number.
pad-card = Card:
key-confirm = confirm
key-undo = undo
key-no-more-bets = no va más
key-card = card
key-calls = card · no · natural
key-table = table
key-next-coup = next coup
key-help = help
help-bet = section 3 bets 40 on its own tableau
help-standing = the player standing behind section 3
help-cheval = a caballo, across both tableaux
help-half = on the half line of its own tableau, of tableau 2
help-other-tableau = on the other tableau
help-banco = banco on its own tableau, on tableau 2
help-banco-with-table = Chemin de fer: banco with the table
help-punto-banca = Punto y Banca: on punto, on banca
help-no-more-bets = no va más
help-card = a card out of the sabot (Sabot gives it to its hand)
help-calls = card, no, natural for the hand whose turn it is
help-named-calls = the same, naming the hand (1, 2, b bank, j player, p punto)
help-show = the hand turns over its two cards
help-table = the banker asks for the table
help-next-coup = next coup with the same bank, or with 1200
help-enter = confirms everything typed
help-undo = takes back the last unconfirmed entry

## Side panel
side-coup = Coup
side-bank = Bank
side-cagnotte-shift = Cagnotte this shift
side-commission-shift = Commission this shift
side-sabot = Cards in the sabot
side-infractions = Infractions
side-infractions-title = Infractions this coup
side-bets = Bets
side-bet-count = Bets
side-at-risk = At risk { $amount } of a bank of { $bank }
side-payouts = Payouts, in order
side-log = Log: { $where }
cut-card-near = Cut card near: { $n } cards left.
cut-card-reached = Cut card: this coup ends the shoe.

## Infractions
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
inf-other = Infraction by { $hand }.

## Payouts
payout-cheval = A caballo
payout-pay = Pay { $amount }
payout-collect = Collect { $amount }
payout-stays = Stays
payout-commission = commission { $amount }
payout-row = { $player } · { $stake }: { $action }
payout-void = Tie: the coup is void; the bets stay.
payout-no-bets = no bets
payout-by-player = By player
payout-cagnotte = Cagnotte to the slot: { $amount }
payout-bank-after = Bank after: { $amount }
payout-commission-total = Commission to the cash box: { $amount }
result-hand-wins = wins: { $hand } against { $bank }
result-bank-wins = loses: { $hand } against { $bank }
result-tie = tie: { $hand } against { $bank }
net-wins = wins { $amount }
net-loses = loses { $amount }
net-even = even
bank-wins = The bank wins { $amount }
bank-loses = The bank loses { $amount }
bank-even = The bank is even
