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
train-v-e15-cf = { $hand } debía plantarse: la carta que pidió va a la banca, que debe tomarla.
train-v-e14-cf = { $hand } debía pedir carta: la carta que tomó la banca vuelve a { $hand }; la banca recoge la siguiente y vuelve a jugar.

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

## Por qué: la cuenta y la regla, con una respuesta equivocada.
train-why-total = { $hand } tiene { $total }.
train-why-cheval = { $amount } a caballo con unidad { $unit } son { $units } unidades: { $first } en { $one }, { $second } en { $two }.
train-why-half = { $amount } en la línea: juega la mitad, { $half }, en { $hand }.
train-why-part-wins = { $hand } gana: { $amount }
train-why-part-loses = { $hand } pierde: { $amount }
train-why-part-stays = { $hand } ni gana ni pierde: { $amount }
train-why-part-commission = comisión: -{ $amount }
train-why-parts = { $parts } → neto { $net }
train-why-seat = { $player }: { $parts } → neto { $net }
train-why-no-cagnotte = La banca no gana en la jugada (neto { $net }): no hay cagnotte.
train-why-cagnotte = La banca gana { $net } netos; el { $rate } % es { $exact }; redondeado a { $quantum }: { $cagnotte }.
train-why-commission-part = { $commission } de { $amount }
train-why-commission = Comisión del { $rate } % sobre cada puesta de banca ganadora: { $parts } = { $total }.
train-why-no-commission = Ninguna puesta de banca gana: no hay comisión del { $rate } %.

train-kind-total = puntos
train-ask-total = { $hand }: { $cards }. ¿Cuántos puntos tiene?
train-total-hint = Pulse la cifra de los puntos, de 0 a 9.
train-bad-total = Pulse una cifra de 0 a 9.
level-values = Valores y puntos
level-drawing = Reglas de tercera carta
level-payouts = Pagos contra reloj
level-procedures = Errores y fallos
level-coups = Jugadas completas
level-audition = Audición: un sabot entero

## La escuela: alumnos por nombre y su historial.
school-open = no se puede abrir el registro de la escuela { $path }: { $why }
school-newer = { $path } es de un Sabot más nuevo (esquema { $found }; este lee hasta el { $version }): no se toca.
school-sql = el registro de la escuela falló: { $why }
school-bad-name = El nombre del alumno debe tener de 1 a { $max } caracteres.
school-no-trainee = No hay ningún alumno llamado { $name }.
school-level-closed = El nivel { $level } aún no está abierto para { $name }: el nivel { $before } pide { $percent } % de aciertos en sus últimas { $window } respuestas (ahora { $right } de { $counted }).
school-trainee = Alumno: { $name } — nivel { $level }: { $title }
school-history-kept = Historial guardado en { $path }.
school-no-folder = no se encuentra la carpeta de datos: indique --school ARCHIVO.
train-missed = { $count ->
    [one] Una pregunta fallada, otra vez con su jugada:
   *[other] { $count } preguntas falladas, otra vez con su jugada:
}
train-missed-given = Su respuesta: { $answer }

## La pantalla de niveles y la vista del instructor.
school-title = Escuela de crupieres: elija alumno, juego y nivel
school-instructor-title = Instructor: todos los alumnos
school-keys = 1–6 nivel · 0 práctica libre · F9 instructor · Esc volver
school-trainees = Alumnos
school-name = Nombre del alumno
school-create = Elegir o crear
school-choose-first = Elija o cree un alumno primero.
school-closed = Ese nivel aún no está abierto.
school-levels-of = Niveles de { $name } en { $game }
school-level-locked = cerrado: apruebe el nivel anterior
school-level-passed = aprobado: { $right } de { $counted }
school-level-standing = { $right } de { $counted } últimas bien; para abrir el siguiente: { $percent } % de { $window }
school-free = Práctica libre (todo mezclado)
school-progress = Progreso
school-no-answers = Aún no hay respuestas.
school-weakest = Cláusulas más flojas: { $clauses }
school-axis-sessions = sesiones
school-instructor = Vista del instructor
school-to-levels = Volver a los niveles
school-all-trainees = Alumnos: nivel, aciertos y ritmo por tipo, cláusulas flojas, última sesión
school-col-name = Alumno
school-col-level = Nivel abierto
school-col-kinds = Aciertos y ritmo
school-col-weakest = Más flojas
school-col-last = Última sesión
school-sessions = Sesiones (pulse una para repetirla respuesta a respuesta)
school-session-line = { $name } · { $game } · nivel { $level } · { $started } · { $right }/{ $asked }
school-export = Exportar CSV
school-exported = { $count } respuestas exportadas a { $path }
school-replay-title = Sesión de { $name }: { $game }, nivel { $level }
school-replay-at = Respuesta { $n } de { $total }
school-replay-when = { $at } · { $ms } s
school-replay-what = Jugada { $drill } · { $kind } · { $clause }
school-replay-given = Respondió: { $answer }
school-replay-expected = La respuesta: { $answer }
school-replay-right = Bien
school-replay-wrong = Mal
school-previous = Anterior
school-next = Siguiente
school-close-replay = Cerrar
training-none-missed = Ninguna pregunta fallada: bien hecho.
train-kind-entry = anotaciones
train-step-bet = { $player } apuesta { $amount } ({ $spot }).
train-step-banco = { $player } pide banco { $hand }.
train-step-card = Sale { $card } del sabot, para { $hand }.
train-step-card-out = Sale { $card } del sabot.
train-step-other = El crupier anota lo que pasa en la mesa.
train-entry-ask = Anote: { $step }
train-entry-keys = Escriba la anotación como en un turno e Intro · Esc: volver
train-entry-line = Anotación: { $typed }
train-entry-right = Correcto: { $entry }
train-entry-wrong = No. Había que anotar: { $entry } — lo tecleado: { $given } ({ $clause })
train-entry-nothing = nada
train-entry-score = Anotaciones correctas: { $right } de { $asked }.
train-why-points = { $parts } = { $sum }: sin las decenas, { $total }.
school-free-short = libre
train-pace-ok = Ritmo: { $mean } s por respuesta, dentro del objetivo de { $target } s.
train-pace-slow = Ritmo: { $mean } s por respuesta; el objetivo es { $target } s.
school-pit-sent = { $answers ->
    [one] 1 respuesta enviada
   *[other] { $answers } respuestas enviadas
} al pit ({ $url }).
school-pit-offline = Escuela no enviada: { $why }. { $left ->
    [one] 1 respuesta queda guardada en este portátil y se enviará la próxima vez.
   *[other] { $left } respuestas quedan guardadas en este portátil y se enviarán la próxima vez.
}
school-pit-failed = La escuela no se pudo enviar al pit ({ $url }): { $why }. { $left ->
    [one] 1 respuesta queda guardada en este portátil.
   *[other] { $left } respuestas quedan guardadas en este portátil.
}
school-pit-reading = Leyendo del pit todos los alumnos de la escuela ({ $url })…
school-pit-read = Todos los alumnos de la escuela, del pit ({ $url }): { $count }.
school-pit-bad-rows = { $count ->
    [one] Una fila del pit no se pudo leer y queda fuera
   *[other] { $count } filas del pit no se pudieron leer y quedan fuera
} (la primera: { $first }).
school-pit-read-failed = No se pudo leer el pit ({ $why }): se muestran los alumnos de este portátil.
train-pit-needs = --pit necesita --log (el registro de entrenamiento enviado) o --trainee (la escuela enviada).
school-pit-away = el pit no responde
