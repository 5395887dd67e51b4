## sabot report y la revisión: el turno resumido para el jefe de mesa.

report-who = { $table } · croupier { $croupier } · { $game }
report-training = (ENTRENAMIENTO)
report-when = Empezó el { $started }; último registro el { $last }.
report-integrity-sound = Registro íntegro; turno cerrado.
report-integrity-open = Registro íntegro, pero el turno no está cerrado.
report-integrity-open-torn = Registro íntegro, pero el turno no está cerrado; el último registro quedó a medio escribir: { $what }.
report-integrity-damaged = REGISTRO DAÑADO en el registro { $record } (línea { $line }): { $what }. Las cifras llegan hasta el registro anterior.
report-coups = { $coups ->
    [0] Ninguna jugada
    [one] Una jugada
   *[other] { $coups } jugadas
}, { $void ->
    [0] ninguna nula
    [one] una nula
   *[other] { $void } nulas
}{ $ties ->
    [0] {""}
    [one] , un empate
   *[other] , { $ties } empates
}.
report-coup-in-play = Una jugada quedó en juego al acabar el registro.
report-bank-title = La banca:
report-bank-start = al empezar
report-brought-in = traído por los banqueros
report-brought-in-split = de ello, bancas tomadas { $taken }, traído después { $later }
report-taken-out = retirado por los banqueros
report-bank-net = neto de la banca contra las puestas
report-cagnotte = cagnotte
report-bank-end = al acabar
report-balanced = cuadra al céntimo
report-unbalanced = ¡NO CUADRA! La suma da { $sum } y la banca al acabar es { $end }.
report-commission = Comisión cobrada: { $amount }.
report-house-net = Resultado de la casa contra las puestas, comisión incluida: { $amount }.
report-bankers-title = Banqueros:
report-banker = { $who }: { $stints ->
    [0] la banca del principio
    [one] tomó la banca una vez
   *[other] tomó la banca { $stints } veces
}, { $coups ->
    [0] ninguna jugada
    [one] una jugada
   *[other] { $coups } jugadas
}; trajo { $in }, retiró { $out }; resultado { $result } (neto { $net }, cagnotte { $cagnotte }).
report-banker-unnamed = La banca del principio
report-errors-none = Errores anotados: ninguno.
report-errors = { $count ->
    [one] Un error anotado
   *[other] { $count } errores anotados
}: { $list }.
report-infractions-none = Infracciones: ninguna.
report-infractions = { $count ->
    [one] Una infracción
   *[other] { $count } infracciones
}: { $list }.
report-by-clause = { $clause } { $count ->
    [one] una vez
   *[other] { $count } veces
}
report-against-table = { $count ->
    [one] La banca jugó una vez contra el cuadro.
   *[other] La banca jugó { $count } veces contra el cuadro.
}
report-incident = jugada { $coup }, { $time }: { $what }
report-incidents-more = … y { $count ->
    [one] uno más
   *[other] { $count } más
}.
report-amendments-none = Correcciones del jefe de mesa tras el pago (R-BQ-E7): ninguna.
report-amendment = Corrección de la jugada { $coup } ({ $time }): «{ $reason }».
report-taken-back = Anotaciones que el croupier anuló antes del pago: { $entries }, en { $count ->
    [one] una anulación
   *[other] { $count } anulaciones
}.
report-recovery = Retomado tras una parada el { $time }.
report-recovery-aside = Retomado tras una parada el { $time }; el registro a medio escribir se apartó en { $file }.
report-clock-jump = El reloj fue hacia atrás: marcaba { $seen }; los registros se fecharon { $used } hasta que se puso al día.
report-left-out = Pasados los { $kept } primeros de cada uno, sin listar: { $amendments } correcciones, { $recoveries } reanudaciones, { $jumps } saltos del reloj.
report-bad = { $file }: no se verifica, sin cifras: { $why }
report-part-of = la parte { $n } de { $count } de un turno partido en archivos: sigue la cadena de { $first } desde el registro { $from }; las partes juntas: { $whole }
report-part-first = este turno está en { $count } archivos: este es la parte 1 y sigue en { $files }, que toma su cadena; las cifras son las de las partes leídas juntas como un registro
report-part-first-bad = este turno está en { $count } archivos: este es la parte 1 y sigue en { $files }, pero las partes juntas no se leen como un registro ({ $why }): las cifras son las de esta parte
report-parts-whole = { $integrity }, { $coups } jugadas
report-note-damaged = no se verifica: { $why }
report-note-training = una sesión de entrenamiento: nunca es dinero
report-together = Todos los turnos juntos:
report-group-table = Por mesa:
report-group-croupier = Por croupier:
report-group-banker = Por banquero (mesa · puesto):
report-group-day = Por día:
report-group-corrections = { $count ->
    [one] anuló sus propias anotaciones una vez
   *[other] anuló sus propias anotaciones { $count } veces
}
report-group-row = { $key }: { $shifts ->
    [one] un turno
   *[other] { $shifts } turnos
}, { $coups ->
    [0] ninguna jugada
    [one] una jugada
   *[other] { $coups } jugadas
}; traído { $in }, retirado { $out }, neto de la banca { $net }, cagnotte { $cagnotte }, comisión { $commission }.
report-group-house = resultado de la casa en Punto y Banca (comisión incluida): { $house }
report-group-banker-row = { $key }: { $coups ->
    [0] ninguna jugada
    [one] una jugada
   *[other] { $coups } jugadas
}; trajo { $in }, retiró { $out }; neto { $net }, cagnotte { $cagnotte }.
report-csv-failed = { $file }: no se pudo escribir el CSV: { $why }
report-copy-same = el mismo turno que { $first }: se cuenta una vez.
report-copy-differ = ALARMA, LAS COPIAS DIFIEREN: { $a } ({ $records_a } registros) y { $b } ({ $records_b } registros) son el mismo turno pero no los mismos registros; ninguna se cuenta hasta que el pit decida cuál es el turno.
report-copy-differ-at = ALARMA, LAS COPIAS DIFIEREN: { $a } ({ $records_a } registros) y { $b } ({ $records_b } registros) son el mismo turno pero se separan en el registro { $seq } (línea { $line }): los registros anteriores son iguales en ambas, ese no; ninguna se cuenta hasta que el pit decida cuál es el turno.
report-copy-older = una copia anterior de { $newer }: sus { $records_older } registros son los { $records_older } primeros de los { $records_newer } de esa copia, registro a registro; solo se cuenta { $newer }.
report-training-together = Entrenamiento (nunca es dinero: fuera de todos los totales; las cifras propias de la escuela):
report-training-row = { $key }: { $sessions ->
    [one] una sesión de entrenamiento
   *[other] { $sessions } sesiones de entrenamiento
}, { $coups ->
    [one] una jugada preparada
   *[other] { $coups } jugadas preparadas
}
report-copy-damaged = ALARMA: { $damaged } es una copia dañada del turno de { $sound }; solo se cuenta la copia que se verifica.
report-ruling = resolución aplicada: { $what }
csv-spot-tableau = paño { $n }
csv-spot-half = media línea paño { $n }
csv-spot-cheval = a caballo
csv-spot-player = jugador
csv-spot-punto = punto
csv-spot-banca = banca
csv-kind-plain = sencilla
csv-kind-banco = banco
csv-kind-banco-with-table = banco con la mesa
csv-kind-last-complete = último completo
csv-kind-associated = banco asociado
csv-kind-late = tardía

## The close-of-shift sheet
sheet-shift = El turno
sheet-title = Hoja de cierre del turno
sheet-corrections-none = Anotaciones anuladas por el croupier: ninguna.
sheet-log = Registro: { $name } ({ $records } registros)
sheet-hash = Huella del último registro: { $hash }
sheet-sign-croupier = Firma del croupier:
sheet-sign-pit = Firma del jefe de mesa:
sheet-written = Hoja de cierre escrita en { $path }
sheet-not-written = No se pudo escribir la hoja de cierre: { $why }
sheet-continue = Intro: continuar al formulario de inicio

# Protección del juego (issue 28): cada decisión del banquero contra las probabilidades exactas.
protection-title = Protección del juego: cada decisión del banquero (o de un jugador de Chemin de fer), pesada contra las probabilidades exactas de las cartas que no había visto
protection-reference = La referencia es un jugador honrado que sigue el cuadro: donde el cuadro decide, se equivoca como mucho 1 vez de cada { $slip }; donde deja elegir, a cara o cruz la banca y, con 5, { $five } (lo que dice del 5 el archivo de la casa). Las decisiones del propio jugador (salidas del cuadro, decisiones libres, costumbres) se dicen con su probabilidad y no nombran a nadie. A una parte (una sección, quien va de banco, el banquero) solo la nombra su propia cifra: en cuántas de las decisiones en que la opción mejor para ella era la peor para quien decidía fue servida, frente a las propias salidas del cuadro de quien decide allí donde no le servían, donde el cuadro decide (las de un jugador honrado no saben quién apuesta), y frente a las propias cartas pedidas de quien decide, situación por situación, donde deja elegir; las situaciones de una costumbre quedan fuera. Este turno pesa { $weighed } cifras así, { $tests } de las cuales podían llegar a 1 de cada { $alpha }; cada una se corrige por esas { $tests } (Holm), y se nombra a una parte cuando la suya sigue por debajo de 1 de cada { $alpha }: un turno honrado nombra a alguien como mucho 1 vez de cada { $alpha }.
protection-five-draw = el jugador pide
protection-five-stand = el jugador se planta
protection-five-mix = el jugador pide con probabilidad { $p }
protection-none = ninguna decisión que pesar: ningún banquero eligió (el cuadro le obligó, o decidieron los naturales)
protection-banker = Banca de { $who }: { $decisions ->
    [one] una decisión
   *[other] { $decisions } decisiones
}, { $against } contra la mejor, { $given } regalado (un banquero honrado que sigue el cuadro: { $honest } de media)
protection-player = Mano del jugador de { $who }: { $decisions ->
    [one] una decisión
   *[other] { $decisions } decisiones
}, { $against } contra la mejor, { $given } regalado a la banca (un jugador que sigue el cuadro: { $honest } de media)
protection-departures = salidas del cuadro que regalaron dinero: { $departures } de { $bound ->
    [one] la casilla
   *[other] las { $bound } casillas
} que decidía con su opción la mejor, { $given } regalados; probabilidad para uno honrado que se equivoca a ese ritmo: { $chance }
protection-free = decisiones que el cuadro deja libres: { $free ->
    [one] una
   *[other] { $free }
}, { $given } regalados frente a la mejor exacta (uno honrado: { $honest } de media); probabilidad de regalar esto o más: { $chance }
protection-flagged-named = SEÑALADO: sirvió a { $list }
protection-role-banco = { $seat } (banco)
protection-role-banker = { $seat } (el banquero)
protection-habit = una costumbre, apueste quien apueste: { $situation }: se salió del cuadro en { $departures } de { $choices ->
    [one] una decisión
   *[other] { $choices } decisiones
} (su propio juego: no nombra a nadie y queda fuera de a quién se sirvió)
protection-not-flagged = no señalado
protection-served = { $seat } fue servido en { $served } de { $mattered ->
    [one] la única decisión
   *[other] las { $mattered } decisiones
} en que le importaba (la opción mejor para él, la peor para quien decidía); un jugador honrado: { $honest } de media ({ $departures }decisiones libres a su favor: { $free_served } de { $free }, la referencia { $free_honest }); { $chance } ({ $corrected } corregido por las { $tests } cifras); ganó { $amount } (un jugador honrado le da { $expected })
protection-served-bound = salidas del cuadro a su favor: { $departed } de { $bound }, en las demás { $bound_other } de { $bound_others }: { $bound_honest } a su favor de media si no supieran quién apuesta
protection-served-habits = ; { $habits } más en las costumbres de quien decidía, fuera de la cifra
protection-served-directed = ; dónde dejó quien decidía su mejor opción (por las probabilidades exactas) en las decisiones que el cuadro deja libres: a su favor en { $for } de las { $could_serve } en que dejarla le servía, en las demás en { $against } de las { $could_hurt } en que no le servía (quien se aparta sin saber quién apuesta: { $dir_honest } de esas { $departures } a su favor, de media; { $dir_chance })
protection-named-on = NOMBRADO ({ $on })
protection-on-departures = por dónde cayeron las salidas del cuadro, a su favor y no en las demás: { $corrected } tras la corrección
protection-on-free = por las decisiones libres a su favor, frente a cara o cruz: { $corrected } tras la corrección
protection-on-directed = por dónde dejó quien decidía su mejor opción, a su favor y no en las demás: { $corrected } tras la corrección
protection-named = NOMBRADO
protection-seats = todos los que deciden juntos: { $list }
protection-unweighed = { $count } decisiones no se pudieron pesar (las cartas nunca se conocieron)
protection-unnamed = sin nombre
protection-chance-even = nada improbable
protection-chance-even-exact = nada improbable
protection-chance-tiny = como mucho 1 entre mil millones
protection-chance-tiny-exact = menos de 1 entre mil millones (exacta)
protection-chance-one-in = 1 entre { $n }
protection-chance-exact = exactamente 1 entre { $n }
protection-chance-at-most = como mucho 1 entre { $n }
protection-sit-bank = banca { $total }
protection-sit-natural = natural
protection-sit-stood = se plantó
protection-sit-drew = pidió un { $card }
protection-sit-total = con { $total }
protection-together = Protección del juego, todos los turnos juntos: las secciones que nombró un banquero señalado
protection-together-seat = mesa { $table }, { $seat }: nombrada en { $shifts ->
    [one] un turno
   *[other] { $shifts } turnos
}, { $amount } ganados
protection-together-none = ninguna sección nombrada por un banquero señalado
protection-day = para el día entero: { $shifts ->
    [one] un turno pesado
   *[other] { $shifts } turnos pesados
}, { $flags ->
    [one] una señal
   *[other] { $flags } señales
}; la cifra de cada turno, multiplicada otra vez por el número de turnos (Bonferroni), { $held } siguen bajo 1 entre { $alpha }: como mucho 1 día honrado de cada { $alpha } tiene alguna
protection-day-held = mesa { $table }, { $who }: { $chance } para el día
protection-failed = protección del juego: el registro no se pudo pesar: { $why }
protection-by-player = por jugador (números de tarjeta dados al sentarse), entre secciones, mesas y días: { $players ->
    [one] un jugador pesado
   *[other] { $players } jugadores pesados
}, { $tests } de cuyas cifras podían llegar a 1 de cada { $alpha }, cada una corregida por esas (Holm): { $named } nombrados
protection-by-player-one = jugador { $number } ({ $places }): servido en { $served } de { $mattered ->
    [one] la única decisión
   *[other] las { $mattered } decisiones
} en que le importaba; un jugador honrado: { $honest } de media; { $chance } ({ $corrected } corregido); ganó { $gained }
protection-every-chooser = todos los banqueros juntos
protection-across = a lo largo de los turnos de una mesa (las mismas secciones, sus decisiones pesadas como un solo turno): { $tables ->
    [one] una mesa
   *[other] { $tables } mesas
} en { $shifts } turnos; cada cifra corregida por todas las pesadas en su mesa y otra vez por el número de mesas (Bonferroni): { $held } bajo 1 entre { $alpha }
protection-across-seat = mesa { $table }, { $who }: { $seat } ganó { $gained } de sus decisiones contra la mejor, donde un banquero honrado da { $expected }: { $chance } a lo largo de los turnos
protection-across-held = mesa { $table }, { $who }: { $chance } a lo largo de los turnos
