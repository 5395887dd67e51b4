## sabot report: el turno resumido para el jefe de mesa.

report-who = mesa { $table }, croupier { $croupier }, { $game }
report-training = (ENTRENAMIENTO)
report-when = empezado { $started }, último registro { $last }, { $state }
report-closed = cerrado
report-not-closed = SIN CERRAR
report-coups = jugadas { $coups } (nulas { $void })
report-coup-in-play = , y una en juego al acabar el registro
report-bank = banca: al empezar { $start }, al acabar { $end }, movimiento { $movement }; neto de la banca contra las puestas { $net }
report-banks = bancas entregadas por los banqueros { $taken }, devueltas { $returned }
report-set-aside = , apartado { $amount }
report-cagnotte = cagnotte { $cagnotte }, comisión { $commission }
report-errors-none = errores anotados: ninguno
report-errors = errores anotados: { $count } ({ $list })
report-infractions-none = infracciones: ninguna
report-infractions = infracciones: { $count } ({ $list })
report-other = otros sucesos: { $list }
report-amendments = correcciones: { $count }
report-resumptions = reanudado tras una parada: { $count } (registros apartados: { $aside })
report-bad = { $file }: no se verifica, sin cifras: { $why }
report-by-game = jugadas por juego: { $list }
report-clock-jump = el reloj fue hacia atrás: marcaba { $seen }; los registros se fecharon { $used } hasta que se puso al día
