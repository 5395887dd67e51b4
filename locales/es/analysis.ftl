# sabot odds y sabot advise (issue #7): análisis exacto.

odds-natural = natural { $p }
odds-edge-banker = ventaja de la casa en banca: { $edge } ({ $percent } %), comisión { $rate }
odds-edge-player = ventaja de la casa en punto: { $edge } ({ $percent } %)
odds-shoe = sabot: { $cards } cartas por puntos { $counts }; secuencias exactas de seis cartas: banca { $banker }, punto { $player }, empate { $tie } de { $total }
odds-cf-assumptions = chemin de fer: el jugador pide con 5 con probabilidad { $five }; la banca sigue el cuadro y pide en sus casillas O con probabilidad { $optional }
odds-cf-gain = ganancia esperada del jugador por unidad apostada: { $gain } (sin cagnotte)
odds-banque-unsupported = Las probabilidades del bacarrá a dos paños dependen de lo que elija el banquero contra los dos paños: use `sabot advise` para cada decisión.

advise-five-draw = los paños piden con 5
advise-five-stand = los paños se plantan con 5
advise-five-mix = los paños piden con 5 con probabilidad { $p }
advise-five-draw-player = el jugador pide con 5
advise-five-stand-player = el jugador se planta con 5
advise-five-mix-player = el jugador pide con 5 con probabilidad { $p }
advise-bank = banca { $total }
advise-pano = { $hand }: { $seen }, apuesta { $stake }
advise-seen-natural = abatió
advise-seen-stood = se plantó
advise-seen-drew = pidió y recibió un { $card }
advise-table = cuadro (R-BQ-13): { $cells } → { $duty }
advise-cell = contra { $hand } { $cell }
advise-no-table = no hay casilla
advise-header = pedir · plantarse
advise-row = { $hand }: la banca gana { $win_draw } · { $win_stand }, pierde { $lose_draw } · { $lose_stand }, empata { $tie_draw } · { $tie_stand }
advise-gross = resultado esperado de la banca antes de la cagnotte: pedir { $draw } · plantarse { $stand }
advise-net = resultado esperado de la banca tras la cagnotte ({ $rate }): pedir { $draw } · plantarse { $stand }
advise-better-draw = mejor: pedir, por { $margin } por jugada
advise-better-stand = mejor: plantarse, por { $margin } por jugada
advise-better-either = pedir y plantarse valen lo mismo
advise-note = solo para el supervisor, nunca para los jugadores

err-usage = { $what }
err-no-shoe = indique el sabot: --decks N (de 1 a 8), --counts c0,c1,…,c9, o --log FICHERO --coup N
err-both-shoes = indique --decks o --counts, no los dos
err-decks-not-number = --decks `{ $text }` no es un número entero de barajas (de 1 a 8)
err-game = `{ $text }` no es un juego: punto-banca, banque, chemin-de-fer
err-rate = `{ $text }` no es un porcentaje: escriba una fracción de 0 o más y menor que 1, como 0.05 para el 5 %
err-five = `{ $text }` no es un juego con 5: draw (pide), stand (se planta) o una probabilidad de 0 a 1
err-seen = `{ $text }` no es lo que hizo un paño: stood (se plantó), drew:X (la tercera carta, en puntos o carta), natural:A,B (sus dos cartas)
err-bank-cards = `{ $text }` no son las dos cartas de la banca: escriba dos puntos o dos cartas, como 5,0 o 5h,Kd
err-stake = apuesta `{ $text }`: { $why }
err-tie = `{ $text }` no es una regla de empate: push o bank
err-pano2-cf = el chemin de fer tiene una sola mano de jugador: --pano2 es para el bacarrá a dos paños
err-pano2-missing = el bacarrá a dos paños tiene dos paños: indique --pano2 (stood, drew:X o natural:A,B)
err-game-no-banker = el punto y banca no tiene un banquero que elija: `sabot advise` es para el bacarrá a dos paños y el chemin de fer
err-analysis = { $what }

err-comp-wrong-count = --counts lleva exactamente 10 números c0,c1,…,c9 (c0 cuenta dieces y figuras): se dieron { $found }
err-comp-not-a-number = c{ $index } = `{ $text }` no es un número entero de cartas
err-comp-negative = c{ $index } = `{ $text }` es negativo: un sabot no puede tener menos de ninguna carta
err-comp-empty = el sabot está vacío: los números suman cero
err-comp-too-few = una jugada puede necesitar { $needed } cartas y este sabot solo tiene { $total }
err-comp-too-many = { $total } cartas son más de las que Sabot analiza (como mucho { $max })
err-comp-decks = un sabot tiene de 1 a 8 barajas, no { $decks }
err-comp-not-left = no queda ninguna carta de { $points } puntos en el sabot: revise las cartas
err-comp-bad-points = { $points } no son los puntos de una carta: van de 0 a 9

err-adv-bank-natural = la banca tiene { $total }: un natural se abate en el acto, no hay nada que decidir (R-BQ-12)
err-adv-bad-total = { $total } no es un total de dos cartas
err-adv-bad-third = una tercera carta de { $points } puntos: los puntos van de 0 a 9
err-adv-no-play = los dos paños abatieron: la banca no juega (R-BQ-14)
err-adv-probability = una probabilidad de pedir carta va de 0 a 1
err-adv-negative-stake = una apuesta no puede ser negativa: { $amount }
err-adv-impossible = lo que hicieron los paños no puede ocurrir con estas cartas y este juego con 5
err-adv-not-bankers-game = solo el bacarrá a dos paños y el chemin de fer tienen un banquero que elige
err-adv-not-banks-turn = no es el turno de la banca
err-adv-bank-cards-unknown = no se conocen las dos cartas de la banca: indíquelas
err-adv-overflow = una cantidad se desbordó
err-log = el registro del turno: { $error }
err-log-game = el registro es de un turno de { $log }, no de { $game }: quite --game para tomar el juego del registro
