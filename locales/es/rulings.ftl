## Infracciones que el motor detecta, fallos que propone, errores que anota el crupier.
## Los comparten la línea de órdenes y la aplicación.

player-seated = Secc. { $seat }
player-standing = { $seat } de pie

inf-drew-on-stand = { $hand } pidió carta con { $total }: debía plantarse.
inf-drew-on-natural = { $hand } pidió carta con un natural de { $total }.
inf-stood-on-draw = { $hand } dijo «no» con { $total }: debía pedir carta.
inf-natural-forfeited = { $hand } dijo «no» con { $total }: pierde el natural; el punto vale, pero no como natural.
inf-false-natural = { $hand } anunció un natural con { $total }.
inf-bank-against-table = La banca con { $total } { $did } contra el cuadro: { $duty }.
inf-did-draw = pidió
inf-did-stand = se plantó
inf-natural-not-shown = La banca no enseñó enseguida su natural de { $total }.
inf-drew-after-natural = { $hand } pidió carta tras un natural.
inf-wrong-announcement = El banquero anunció { $said } y tiene { $total }.

ruling-e9 = La carta va a la mano a la que correspondía; { $hand } juega { $call }, como dijo.
ruling-e14 = { $hand } debía pedir carta: la carta dada tras su «no» vuelve a { $hand }; la siguiente va a la mano a la que le tocaba, la haya tomado o no la banca; la banca juega según R-BQ-E13.
ruling-e15 = { $hand } debía plantarse: su carta va al otro paño si la pidió; si no, a la banca, que debe tomarla.
ruling-e16 = { $hand } dijo las dos palabras: comprobado su punto, vale { $call }; se rectifica la jugada.
ruling-e17 = { $hand } pidió carta con un natural: la carta va a la mano a la que le tocaba; { $hand } enseña su natural.
ruling-play = { $hand } juega { $call }, como manda la regla; las terceras cartas van, en el orden en que salieron, a quien correspondían.
ruling-reopen = El banquero anunció { $announced } y tiene { $actual }: la banca vuelve a jugar; puede pedir carta mientras los jugadores no hayan enseñado su punto.
ruling-bank-stand = La banca pidió carta contra el cuadro que debía seguir.
ruling-bank-draw = La banca se plantó contra el cuadro que debía seguir.
ruling-bank-stand-bound = La banca pidió carta con más de 5: el error la obliga a plantarse ({ $clause }).
ruling-bank-draw-bound = La banca se plantó con 5 o menos: el error la obliga a pedir ({ $clause }).

err-early-cards = { $count ->
    [one] Una carta fuera antes de «no va más»: no vuelve al sabot; es la primera carta de la jugada.
   *[other] { $count } cartas fuera antes de «no va más»: no vuelven al sabot; son las primeras cartas de la jugada.
}
err-dead-card = { $card } salió descubierta: es carta muerta y se retira; ninguna puesta puede bajarse ni retirarse.
err-stuck = Cartas pegadas: la jugada es nula; las puestas quedan para la siguiente.
err-floor = Una carta en el suelo: se recoge; conserva su valor y el juego sigue.
err-wrong-player-stands = Las cartas fueron a { $player } por error: la jugada vale; la próxima van al jugador que corresponde.
err-wrong-player-void = Las cartas fueron a { $player } por error, antes de pronunciarse la jugada: la jugada sigue; la próxima van al jugador que corresponde.
err-discarded-holder = { $hand } tiró sus cartas al descarte sin enseñarlas: valen 0 (bacarrá).
err-discarded-croupier = El crupier tiró las cartas de { $hand } al descarte: se recuperan; el punto rehecho es { $total }.
err-irregular-right = Reparto irregular: se rectifica, pues es evidente.
err-irregular-void = Reparto irregular que no puede rectificarse: la jugada es nula.
err-card-wrong-hand = { $card } se dio a { $hand }, que no debía recibirla: se rectifica la jugada.
err-exposed = Las dos cartas de { $hand } descubiertas: ninguna puesta puede cambiar, y la banca debe pedir con 5 o menos y plantarse con más.
err-lost-void = Cartas de { $hand } perdidas sin ver en el descarte: la jugada es nula para esa mano.
err-lost-seen = Una tercera carta de { $hand } que se vio se recupera; el juego sigue.
err-both-words = { $hand } dijo «{ $first }» y luego «{ $then }»: el crupier comprueba su punto.
err-too-long = El tenedor de { $hand } tardó demasiado: las cartas pasan a { $player }.
err-late-bet = { $player } apostó { $amount } tras «no va más»: el banquero puede hacerla retirar.
err-late-withdrawn = Retirada la puesta tardía de { $player } a petición del banquero.
err-player-error = Error de un jugador en { $hand }: se rectifica la jugada.
err-player-error-table = Error de un jugador: se rectifica la jugada.
err-amended = Jugada { $coup } corregida tras el pago: { $reason }
err-unsettled = El anuncio del banquero llega antes del pago: la liquidación se retira y la banca vuelve a jugar.

# What a ruling will do, card by card, before Intro (joined by «; »).
effect-word = { $hand } juega { $call }
effect-card-to = { $card } a { $hand }
effect-waits = { $card } espera la palabra de { $hand }: suya si pide carta; si se planta, de la banca, que debe tomarla
effect-next-card-to = { $hand } recibe la carta siguiente del sabot
effect-bank-takes = { $card } a la banca, que debe tomarla
effect-next = { $card } es la carta siguiente, para la próxima mano que pida
effect-dead = { $card } queda fuera de juego
effect-bank-plays-player = la banca vuelve a jugar (R-BQ-E13; error de un jugador): donde el cuadro difiere, elige
effect-bank-plays-croupier = la banca vuelve a jugar (R-BQ-E13; error del croupier): donde el cuadro difiere, elige
effect-bank-plays-banker = la banca vuelve a jugar (R-BQ-E13; error del banquero): donde el cuadro difiere, pide con 5 o menos y se planta si no
effect-bank-draw = la banca recibe la carta siguiente
effect-bank-stand = la banca se planta
effect-bets-stand = las apuestas quedan como están
