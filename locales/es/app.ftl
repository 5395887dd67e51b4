# La aplicación del croupier. Las palabras de las reglas (manos, posturas, voces,
# rechazos) están en engine.ftl.

## Barra superior y pantalla
language = Idioma
help-button = Ayuda (F1)
help-title = Cómo se teclea
game-banque = Bacarrá a dos paños
game-chemin-de-fer = Chemin de fer
game-punto-banca = Punto y Banca

## Apertura del turno
start-title = Abrir turno
start-subtitle = Mesa, croupier, juego y banca. Tab pasa de un campo a otro; Intro abre el turno.
start-table = Mesa
start-table-hint = p. ej. Mesa 3
start-croupier = Croupier
start-game = Juego
start-decks = Barajas en el sabot
start-unit = Unidad de apuesta
start-cagnotte = Cagnotte (%)
start-commission = Comisión de banca (%)
start-sections = Secciones
start-bank-limit = Banca
start-limited = limitada
start-free = libre
start-bank = Banca anunciada
start-bank-hint = p. ej. 1000
start-open = Abrir turno
start-keys = F1 Bacarrá · F2 Chemin de fer · F3 Punto y Banca · Intro abre el turno
start-bad-field = Revise «{ $field }».
start-bad-settings = { $what } ({ $clause })
log-cannot-open = No se puede abrir el registro del turno: { $why }
log-cannot-write = El registro del turno no acepta la entrada: { $why }. No se ha confirmado.

## Jugadores y manos
player-seated = Secc. { $seat }
player-standing = { $seat } de pie
seat-name = Sección { $seat }
seat-standing-bet = de pie { $bet }
seat-banco-on = BANCO P{ $n }
seat-more = +{ $n } · { $amount }
spot-short-cheval = cab.
spot-short-half = ½
spot-short-banco = BANCO
spot-short-banco-with-table = BANCO c/mesa
spot-short-punto = P
spot-short-banca = B
total-natural = natural { $total }
banker = Banquero
croupier = Croupier
bank-amount = Banca { $amount }
bank-announced = Hay { $amount } en la banca
zone-stake = En juego { $amount }
zone-total = { $total }
zone-total-wins = { $total } · gana
zone-total-loses = { $total } · pierde
zone-total-tie = { $total } · empate
turn-badge = LE TOCA
card-face-down = Carta boca abajo de { $hand }
cheval-total = A caballo { $amount }
sabot-left = Sabot: { $n }
cagnotte-slot = Cagnotte a la ranura: { $amount }

## Banner: lo que se debe ahora
owed-bets = Hagan juego
owed-bets-keys = Sección, postura, importe: 3 40 · 3 c 40 · 7 h 50 · 3p 20 — «no va más» con . o Espacio
owed-decide = { $hand }: ¿carta o no?
owed-decide-total = { $hand } tiene { $total }: ¿carta o no?
owed-decide-keys = + carta · - no · * natural · 1 9h Kd descubre · / cuadro
owed-card = Carta para { $hand }
owed-card-forced = { $hand } tiene { $total }: debe pedir carta
owed-card-keys = Teclee la carta que sale del sabot: 9h, Td, 10s
owed-show = { $hand }: descubra las cartas
owed-show-keys = Teclee sus dos cartas: 2h Qs
owed-pay = Pague y cobre
owed-pay-keys = Pagos a la derecha · = nueva jugada (la misma banca) · =1200 anuncia otra banca
refused-title = No se admite:
log-problem-title = Registro del turno:
log-waiting = guardando…

## Línea de entrada
entry-name = Entrada
entry-placeholder = Teclee: 3 c 40 · . · 9h · + · -  (Intro confirma)
entry-err-unknown = «{ $word }» no es una entrada: F1 muestra cómo se teclea.
entry-err-need-amount = Falta el importe.
entry-err-need-spot = «{ $word }»: después de la sección va la postura o el importe.
entry-err-punto-or-banca = ¿Punto o banca? Teclee 3 p 40 o 3 b 40.
entry-err-amount = «{ $word }» no es un importe: 40, 12,50.
entry-err-two-cards = Una mano descubre dos cartas: 1 2h Qs.
entry-err-show-second-card = Falta la segunda carta de la mano que descubre.
entry-nobody-to-call = Ahora nadie dice carta ni no.
entry-coup-not-over = La jugada no ha terminado: primero se liquida.
chip-bet = { $player } · { $spot } · { $amount }
chip-banco = { $player } · banco { $hand }
chip-banco-with-table = { $player } · banco con la mesa
chip-no-more-bets = No va más
chip-card = { $card } → { $hand }
chip-third-card = { $card } → { $hand } (3.ª)
chip-show = { $hand } descubre { $cards }
chip-show-first = { $hand } descubre { $card } …
chip-say = { $hand }: { $call }
chip-ask-table = La banca pide el cuadro
chip-next-coup = Nueva jugada
chip-next-coup-bank = Nueva jugada · banca { $bank }

## Botones y teclas
cap-enter = Intro
cap-backspace = Retroceso
btn-confirm = Confirmar
btn-undo = Deshacer
btn-no-more-bets = No va más
btn-cheval = A caballo
btn-half = Media
btn-banco = Banco
btn-banco-with-table = Banco con la mesa
btn-punto = Punto
btn-banca = Banca
btn-standing = De pie
btn-next-coup = Nueva jugada
btn-draw = Carta
btn-stand = No
btn-natural = Natural
btn-ask-table = Cuadro
hint-seat-click = Pulse una sección o teclee su número.
pad-card = Carta:
key-confirm = confirmar
key-undo = deshacer
key-no-more-bets = no va más
key-card = carta
key-calls = carta · no · natural
key-table = cuadro
key-next-coup = nueva jugada
key-help = ayuda
help-bet = la sección 3 apuesta 40 a su paño
help-standing = el jugador de pie tras la sección 3
help-cheval = a caballo entre los dos paños
help-half = en la media línea de su paño, del paño 2
help-other-tableau = al otro paño
help-banco = banco a su paño, al paño 2
help-banco-with-table = Chemin de fer: banco con la mesa
help-punto-banca = Punto y Banca: a punto, a banca
help-no-more-bets = no va más
help-card = carta que sale del sabot (Sabot la da a su mano)
help-calls = carta, no, natural de la mano a la que le toca
help-named-calls = lo mismo nombrando la mano (1, 2, b banca, j jugador, p punto)
help-show = la mano descubre sus dos cartas
help-table = el banquero pide el cuadro
help-next-coup = nueva jugada con la misma banca, o con 1200
help-enter = confirma todo lo tecleado
help-undo = quita la última entrada sin confirmar

## Panel derecho
side-coup = Jugada
side-bank = Banca
side-cagnotte-shift = Cagnotte del turno
side-commission-shift = Comisión del turno
side-sabot = Cartas en el sabot
side-infractions = Infracciones
side-infractions-title = Infracciones de esta jugada
side-bets = Apuestas
side-bet-count = Apuestas
side-at-risk = En riesgo { $amount } de una banca de { $bank }
side-payouts = Pagos, en orden
side-log = Registro: { $where }
cut-card-near = Carta de bloqueo cerca: quedan { $n } cartas.
cut-card-reached = Carta de bloqueo: se termina esta jugada y el sabot.

## Infracciones
inf-drew-on-stand = { $hand } pidió carta con { $total }: debía plantarse.
inf-drew-on-natural = { $hand } pidió carta con un natural de { $total }.
inf-stood-on-draw = { $hand } dijo «no» con { $total }: debía pedir carta.
inf-natural-forfeited = { $hand } dijo «no» con { $total }: pierde el natural; su punto vale sin natural.
inf-false-natural = { $hand } anunció natural con { $total }.
inf-bank-against-table = La banca con { $total } { $did } contra el cuadro: { $duty }.
inf-did-draw = pidió carta
inf-did-stand = se plantó
inf-natural-not-shown = La banca no abatió a tiempo su natural de { $total }.
inf-drew-after-natural = { $hand } pidió carta tras un natural.
inf-other = Infracción de { $hand }.

## Pagos
payout-cheval = A caballo
payout-pay = Pagar { $amount }
payout-collect = Cobrar { $amount }
payout-stays = Queda
payout-commission = comisión { $amount }
payout-row = { $player } · { $stake }: { $action }
payout-void = Empate: jugada nula; las apuestas quedan.
payout-no-bets = sin apuestas
payout-by-player = Por jugador
payout-cagnotte = Cagnotte a la ranura: { $amount }
payout-bank-after = Banca después: { $amount }
payout-commission-total = Comisión a la caja: { $amount }
result-hand-wins = gana: { $hand } contra { $bank }
result-bank-wins = pierde: { $hand } contra { $bank }
result-tie = empate: { $hand } contra { $bank }
net-wins = gana { $amount }
net-loses = pierde { $amount }
net-even = queda igual
bank-wins = La banca gana { $amount }
bank-loses = La banca pierde { $amount }
bank-even = La banca queda igual
