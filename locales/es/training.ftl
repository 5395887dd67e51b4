## Entrenamiento del crupier: jugadas preparadas, preguntas y puntuación.
## Los comparten la línea de órdenes (sabot train) y la aplicación.

train-kind-owed = lo que se debe
train-kind-ruling = fallos
train-kind-payout = pagos

train-v-reopen = La banca vuelve a jugar: puede pedir carta mientras los jugadores no hayan enseñado su punto; si ya lo enseñaron, con 5 o menos debe pedir.
train-v-forfeit = { $hand } pierde el derecho a abatir: su punto vale, pero no como natural; la jugada sigue.
train-v-recorded = Se anota la infracción; la jugada vale tal como se jugó.
train-v-e1 = Las cartas no vuelven al sabot: son las primeras cartas de la jugada, que sigue.
train-v-e2 = Esa carta es muerta y se retira; ninguna puesta puede bajarse ni retirarse.
train-v-e3 = La jugada es nula; las puestas quedan para la siguiente.
train-v-e4 = Se recoge; conserva su valor y el juego sigue.
train-v-e6 = Las cartas de { $hand } valen 0 (bacarrá) y no juega más.
train-v-e8-right = Se rectifica la jugada, pues es evidente; la banca juega como tras un error del banquero.
train-v-e8-void = La jugada es nula, pues no puede rectificarse.
train-v-e10 = Ninguna puesta puede cambiar; la banca debe pedir con 5 o menos y plantarse con más.
train-v-e11-hand = La jugada es nula para { $hand }: sus puestas quedan; lo demás sigue.
train-v-e11-all = La jugada es nula para todos: las puestas quedan.

train-must-draw = { $hand } debe pedir carta.
train-must-stand = { $hand } debe plantarse.
train-must-choose = { $hand } elige: «carta» o «no».

train-ask-owed = ¿Qué se debe ahora, y por qué regla?
train-ask-ruling = ¿Cuál es el fallo?
train-spot-banco = banco en { $spot }
train-ask-bet = Apuesta de { $player }: { $amount } ({ $spot }). ¿Cuánto se le paga (+) o se le cobra (-)?
train-ask-seat = { $player }, todas sus apuestas juntas: ¿cuánto se le paga (+) o se le cobra (-)?
train-ask-cagnotte = ¿Cuánto va a la ranura de la cagnotte en esta jugada?
train-ask-commission = ¿Cuánta comisión se cobra en esta jugada, en total?
train-amount-hint = Escriba el importe: 40 se paga, -40 se cobra, 0 nada; decimales con coma (12,50).
train-pay = pagar { $amount }
train-collect = cobrar { $amount }
train-stays = queda

train-right = Correcto: { $answer }
train-wrong = No. La respuesta: { $answer }
train-bad-empty = Escriba una respuesta.
train-bad-choice = Escriba un número del 1 al { $count }.
train-bad-amount = Escriba un importe como 40, -40 o 12,50 (sin separador de miles).
train-score = Puntuación: { $right }/{ $asked } — lo que se debe { $owed } · fallos { $ruling } · pagos { $payout }

train-bank = Banca: { $amount }
train-bets = Apuestas: { $bets }
train-void = nula
train-zero = vale 0
train-no-more-bets = No va más.
train-third = { $card } → { $hand }
train-reader = El sabot lector lee las cartas del reparto.
train-said = { $hand } dice { $call }.
train-shown = { $hand } enseña { $cards }.
train-asks-table = El banquero pide el cuadro.
train-announce = El banquero anuncia { $total }.
train-confirm = Se confirma el fallo.
train-op-early = Antes de «no va más» { $count ->
    [one] se saca una carta
   *[other] se sacan { $count } cartas
} del sabot.
train-op-dead = { $card } sale del sabot descubierta.
train-op-stuck = En el reparto salen cartas pegadas.
train-op-floor = Una carta cae al suelo.
train-op-discarded = { $hand } tira sus cartas al descarte sin enseñarlas.
train-op-exposed = En el reparto quedan descubiertas las dos cartas de { $hand }: { $cards }.
train-op-lost = Las cartas de { $hand } caen al descarte sin que nadie las vea.

train-start = Entrenamiento: { $game }, { $drills } jugadas, semilla { $seed }. Responda con el número o el importe e Intro; q termina.
train-drill = — Jugada { $n } de { $total } —
train-question = Pregunta ({ $kind }): { $prompt }
train-prompt = respuesta>
train-over = Entrenamiento terminado.
train-stopped = Entrenamiento interrumpido.
train-log = Registro de entrenamiento: { $path }
train-log-refused = { $path }: un entrenamiento solo escribe en su propio archivo, cuyo nombre empieza por «training-».

# No se pudo preparar un ejercicio: un fallo del preparador, nunca del alumno.
train-stage-refused = el motor rechazó una operación preparada ({ $op }): { $refusal }
train-stage-stuck = la jugada preparada no llegó a su liquidación
train-stage-setup = no se puede preparar la mesa de entrenamiento: { $why }
train-stage-overflow = una cantidad preparada supera la mayor cantidad que Sabot guarda
