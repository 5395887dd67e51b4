## La base de datos del pit (PostgreSQL): sabot pit, verify --pit, la línea del pit en la mesa.

pit-error-bad-url = no es una URL de PostgreSQL ({ $why })
pit-error-offline = no se alcanza el pit en { $url }: { $why }
pit-error-refused = el pit rechazó el registro { $seq }: { $why }
pit-error-database = la base de datos del pit dice: { $why } (SQLSTATE { $code })
pit-error-newer = el esquema del pit es la versión { $found }; este Sabot conoce hasta la { $known }: actualice Sabot
pit-error-not-init = esta base de datos no tiene pit: ejecute antes `sabot pit init URL`
pit-error-encoding = la base de datos guarda el texto en { $encoding }; el pit necesita UTF8 (createdb -E UTF8)
pit-error-log = el registro local: { $why }

pit-state-connecting = Pit: conectando con { $url }…
pit-state-live = Pit: al día ({ $records } registros)
pit-state-behind = Pit: { $n ->
    [one] un registro por enviar
   *[other] { $n } registros por enviar
}
pit-state-offline = Pit: SIN CONEXIÓN desde las { $since }, { $n ->
    [one] un registro por enviar
   *[other] { $n } registros por enviar
} (la mesa sigue; se envían cuando vuelva)
pit-state-refused = Pit: RECHAZADO el registro { $seq } ({ $why }). Este registro y la copia del pit difieren: avise al jefe de sala.
pit-state-failed = Pit: sin uso: { $why }
pit-state-done = Pit: registro cerrado; el pit tiene { $records } registros

pit-init-created = { $url }: creado el esquema del pit, versión { $version }; roles sabot_table (solo insertar) y sabot_pit (lee, y marca las alarmas de la sala)
pit-init-there = { $url }: el esquema del pit ya está en la versión { $version }; permisos de los roles puestos de nuevo
pit-init-upgraded = { $url }: el esquema del pit actualizado a la versión { $version } (el pit lee cada registro de su línea; un turno pertenece al usuario que lo abrió); permisos de los roles puestos de nuevo
pit-failed = sabot pit: { $why }
pit-status-tls = conexión con { $url }: TLS ({ $version }), el certificado del servidor comprobado
pit-status-clear = conexión con { $url }: EN CLARO (sslmode=disable): la contraseña y los registros cruzan la red sin cifrar
pit-status-socket = conexión con { $url }: un socket local de esta máquina (sin red, no hace falta TLS)
pit-status-none = todavía no hay turnos en el pit
pit-status-head = mesa · croupier · juego · inicio · último registro · su hora · antigüedad · retraso mesa→pit · estado
pit-status-row = { $table } · { $croupier } · { $game } · { $started } · { $seq } · { $at } · { $age } s · { $delay } s · { $state }
pit-status-open = abierto
pit-status-closed = cerrado

verify-pit-ok = { $file }: coincide registro a registro con la copia del pit ({ $pit } registros en el pit{ $inflight })
verify-pit-in-flight = ; { $n } registros recientes aún en camino
verify-pit-not-in-pit = { $file }: NO ESTÁ EN EL PIT: el pit no tiene copia de este turno
verify-pit-differs = { $file }: DIFIERE DEL PIT en el registro { $seq }: el registro local no es la copia del pit, los registros se bifurcan ahí ({ $after } registros posteriores también difieren)
verify-pit-missing-in-pit = { $file }: al pit le falta el registro { $seq } ({ $count } registros en total), escrito hace más de lo que puede estar en camino
verify-pit-missing-locally = { $file }: al registro local le falta el registro { $seq }, que el pit tiene ({ $count } registros en total): se quitaron registros del archivo
verify-pit-cannot = { $file }: no se puede comprobar contra el pit: { $why }

simulate-pit = pit: { $state }

start-pit = Pit (PostgreSQL)
start-pit-hint = opcional: postgresql://mesa3@servidor-pit/sabot
start-pit-shown = pit: { $url }
start-pit-bad = La URL del pit: { $why }
pit-gave-up = sabot pit: el pit no terminó en { $secs } s; se abandona (no se cambió nada más)
pit-push-done = el pit tiene el registro del turno entero ({ $records } registros)
pit-push-unfinished = el pit tiene { $held } de los { $records } registros del turno tras { $secs } s; ejecute `sabot pit push` de nuevo para enviar el resto
pit-late = { $n } de { $records } registros llegaron al pit más de { $after } s después de escritos (hasta { $worst } de retraso, el primero el registro { $first }): la copia del pit de esos vale lo que el portátil que los guardó entretanto
pit-error-older = el esquema del pit es anterior a la versión { $needed }, la que necesita la escuela: ejecute `sabot pit init URL` como dueño de la base para actualizarlo
pit-error-not-reader = este usuario no puede leer el pit: la vista del instructor necesita un usuario con el rol del jefe de sala (sabot_pit)

pit-error-no-url = no se indicó ninguna URL de PostgreSQL
pit-error-missing-record = falta el registro { $seq } en la copia del pit (el pit nunca guarda huecos)
pit-error-bad-row = una fila de la escuela en el pit que este Sabot no sabe leer ({ $what }: { $value }): la escribió un Sabot más nuevo, o no la escribió un Sabot
pit-error-sequence = el registro { $seq } pasa de lo que el pit puede numerar
pit-error-negative-sequence = el pit tiene un registro con el número { $seq }, menor que 0
pit-error-no-thread = no se pudo arrancar el hilo del pit ({ $why })

pit-unreachable-refused = nadie acepta conexiones en { $at } ({ $said })
pit-unreachable-no-socket = no hay socket del servidor en { $at } ({ $said })
pit-unreachable-timed-out = { $at } no contestó a tiempo ({ $said })
pit-unreachable-permission = este usuario no puede conectarse a { $at } ({ $said })
pit-unreachable-lost = se cortó la conexión con { $at } ({ $said })
pit-unreachable-other = { $at }: { $said }
pit-unreachable-no-address = el nombre { $at } no tiene dirección
pit-unreachable-not-postgres = { $at } no es un servidor PostgreSQL (cerró la conexión o contestó otra cosa)
pit-unreachable-silent = { $at } aceptó la conexión pero no contestó en { $secs } s
pit-unreachable-self = la conexión con { $at } volvió sobre sí misma: allí no escucha nadie
pit-unreachable-no-answer = sin respuesta en { $secs } s
pit-unreachable-no-login = el servidor no dejó entrar a Sabot en { $secs } s
pit-unreachable-stalled = el pit dejó entrar a Sabot pero no contestó en { $secs } s; se abandonó la conexión
pit-unreachable-busy = el pit estaba ocupado y no terminó a tiempo ({ $code }: { $said })
pit-unreachable-not-connected = sin conexión ahora mismo
pit-unreachable-no-host = la URL no indica ningún servidor
pit-unreachable-said = el servidor o el controlador dice: { $said }
pit-unreachable-certificate = el certificado del pit no es de confianza: no lo firma una autoridad reconocida (la del sistema o la de sslrootcert) o no es para ese servidor; conexión rechazada ({ $said })
pit-unreachable-root-cert = no se puede leer el certificado raíz { $path } ({ $said })
pit-unreachable-client-cert = no se puede usar el certificado o la clave de cliente { $path } ({ $said })
pit-unreachable-no-tls = { $at } no ofrece TLS, y la URL lo pide (TLS es lo predeterminado por la red; solo sslmode=disable conecta en claro): no se envió nada, nunca la contraseña

pit-check-no-shift = el pit no tiene ese turno ({ $said })
pit-check-chain = el registro no encadena con el último que tiene el pit: otro escritor, o un registro reescrito ({ $said })
pit-check-closed = el pit tiene este turno por cerrado ({ $said })
pit-check-not-its-record = la línea no es el registro que dice ser ({ $said })
pit-check-login-shift = este turno es del usuario que lo abrió: se rechazan los registros de otra mesa ({ $said })
pit-check-login-table = la mesa es de otro usuario: se rechazan sus turnos ({ $said })
pit-check-ahead = el turno dice empezar por delante del reloj del pit ({ $said })
pit-check-future = el registro dice estar escrito por delante del reloj del pit ({ $said })
pit-check-unbound = ningún jefe de sala ha asignado el nombre de esta mesa a este usuario (sabot pit bind) ({ $said })
pit-check-confusable = el nombre se lee como otro (una letra parecida, un carácter invisible o de control) ({ $said })
pit-check-too-many = este usuario envió más avisos de los que el pit guarda de un usuario ({ $said })
pit-check-too-large = el registro es más largo de lo que admite el pit (el registro, un nombre o un texto suyo) ({ $said })
pit-check-school-row = el pit no admite esta fila de la escuela ({ $said })
pit-check-school-flood = este usuario envió en una hora más filas de la escuela de las que el pit admite de un usuario; el resto queda en el portátil y se envía más tarde ({ $said })
pit-check-not-pit-boss = solo un usuario de jefe de mesa marca una alarma de la sala; este usuario es de una mesa o marca lo que el pit no guarda ({ $said })
pit-check-held = el pit ya tiene ese registro ({ $said })
pit-check-other = { $said }
pit-refusal-pit-ahead = el pit ya tiene el registro { $seq } de este turno, más allá de lo escrito en este portátil: otro escritor
pit-refusal-not-this-log = el registro { $seq } del pit no es el de este portátil: otro escritor, o un registro del turno reescrito
pit-bind-done = la mesa «{ $table }» queda asignada al usuario { $login }: solo él puede abrir sus turnos
