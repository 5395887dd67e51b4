## Las palabras de las reglas que cita el entrenamiento (un resumen de los reglamentos),
## mostradas con una respuesta equivocada para que el alumno lea el porqué.

clause-c-8 = R-C-8: el dinero es exacto: cada importe se paga al céntimo, según la regla de redondeo de la mesa.
clause-bq-6 = R-BQ-6: una puesta sobre la línea de la zona de un paño juega la mitad de su importe en ese paño.
clause-bq-7 = R-BQ-7: una puesta a caballo juega en los dos paños, repartida en mitades por unidades de apuesta, la parte mayor en el paño 1.
clause-bq-11 = R-BQ-11: la mano de los jugadores pide carta con 0 a 4, se planta con 6 y 7, elige con 5; con 8 o 9 en dos cartas abate.
clause-bq-12 = R-BQ-12: un natural (8 o 9 en dos cartas) se enseña enseguida.
clause-bq-13 = R-BQ-13: el banquero que pide el cuadro lo sigue: T pide, P se planta, O elige; según su punto y la tercera carta del paño.
clause-bq-14 = R-BQ-14: contra dos paños, donde el cuadro dice lo mismo contra ambos debe hacerlo; donde dice pedir contra uno y plantarse contra el otro, elige.
clause-bq-15 = R-BQ-15: cada paño se compara con la banca por separado; gana el punto más alto, un natural gana a cualquier mano de tres cartas, a igual punto no hay ganador; las puestas ganadoras se pagan a la par.
clause-bq-16 = R-BQ-16: cuando la banca gana en la jugada, el porcentaje del casino sobre la ganancia neta de la banca va a la ranura de la cagnotte, redondeado según la regla de la mesa.
clause-bq-e1 = R-BQ-E1: «Las cartas sacadas no podrán ser reintegradas al sabot»: se juegan.
clause-bq-e2 = R-BQ-E2: «Toda carta que aparezca descubierta al ser extraída del sabot se considerará inservible y será retirada»; ninguna puesta puede bajarse ni retirarse.
clause-bq-e3 = R-BQ-E3: «La jugada será nula si en el transcurso de la distribución aparecen dos o más cartas pegadas.»
clause-bq-e4 = R-BQ-E4: una carta en el suelo se recoge; el juego sigue y «la carta en cuestión conservará su valor».
clause-bq-e5 = R-BQ-E5: cartas dadas o tomadas por otro jugador: «la jugada se mantendrá en el caso de que ya se haya pronunciado»; en la siguiente van a quien corresponde.
clause-bq-e6 = R-BQ-E6: cartas tiradas al descarte sin enseñar: «se considerará que su puntuación era de cero (bacarrá)»; si fue el croupier, se recogen y se reconstituye el punto.
clause-bq-e7 = R-BQ-E7: «No se podrá hacer ninguna reclamación una vez finalizada la jugada y pagadas las apuestas.»
clause-bq-e8 = R-BQ-E8: un reparto irregular «será rectificado siempre que pueda hacerse de forma evidente; en caso contrario, será anulado».
clause-bq-e9 = R-BQ-E9: la carta dada a una mano que dijo «no», o negada a una que la pidió, se restablece según los errores de los jugadores.
clause-bq-e10 = R-BQ-E10: dos cartas de una mano descubiertas en el reparto: «ninguna apuesta podrá ser aumentada, disminuida o retirada» y la banca pide con 5 o menos y se planta con más.
clause-bq-e11 = R-BQ-E11: cartas perdidas sin ver en el descarte durante el reparto: la jugada es nula para esa mano, o para todas si eran de la banca.
clause-bq-e12 = R-BQ-E12: el banquero que anuncia un punto que no es el suyo puede pedir carta mientras los jugadores no hayan enseñado; si no, con 5 o menos debe pedir.
clause-bq-e13 = R-BQ-E13: en una jugada restablecida, el banquero sigue el cuadro donde dice lo mismo contra ambas manos; donde difiere, elige, salvo si el error fue suyo (entonces pide con 5 o menos).
clause-bq-e14 = R-BQ-E14: una mano que dijo «no» con menos de 5 cuando otra posterior ya recibió carta: esa carta vuelve a ella; la otra recoge la siguiente.
clause-bq-e15 = R-BQ-E15: una mano que pide carta con 6 o más: su carta va a la mano siguiente si la pidió; si no, a la banca, que debe tomarla.
clause-bq-e16 = R-BQ-E16: quien dice las dos palabras: se comprueba su punto; solo con 5 vale la primera.
clause-bq-e17 = R-BQ-E17: quien dice «no» con 8 o 9 «pierde su derecho a abatir»; si pide carta, la jugada se restablece como natural.
clause-bq-e18 = R-BQ-E18: quien tarda demasiado en anunciar su juego pierde las cartas, que pasan al siguiente.
clause-cf-8 = R-CF-8: el jugador pide carta con 0 a 4, se planta con 6 y 7, elige con 5 (R-BQ-11); la banca sigue el cuadro contra una mano; un natural de cualquiera termina la jugada.
clause-cf-9 = R-CF-9: el croupier paga al ganador; cuando gana la banca, la cagnotte se toma de su ganancia.
clause-pb-4 = R-PB-4: gana el punto: punto cobra a la par, banca pierde; gana la banca: banca cobra a la par menos el 5 %, punto pierde; un empate, o una jugada nula, deja las puestas en el paño.
clause-pb-6 = R-PB-6: tras «cartas», dos cartas tapadas para el punto y luego dos para la banca; las cartas del reparto se juegan como salieron.
clause-pb-7 = R-PB-7: la tercera carta no es opcional: el punto pide con 0 a 5; la banca según el cuadro, por su punto y la tercera carta del punto.

train-borrowed = El reglamento de Punto y Banca no tiene procedimientos de error propios: para las cartas mismas sigue el del reglamento de la Banca ({ $section }): { $words }
clause-c-1 = R-C-1: valor de las cartas: el as 1, del 2 al 9 su valor, el 10 y las figuras 0; el punto es la suma sin las decenas.
clause-c-2 = R-C-2: una mano son dos cartas y a lo sumo una tercera; un natural es 8 o 9 con las dos primeras.
