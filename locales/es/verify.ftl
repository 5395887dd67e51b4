## sabot verify y sabot export, y lo que puede estar mal en un registro de turno.

verify-ok = correcto
verify-not-closed-verdict = SIN CERRAR
verify-bad-status = DAÑADO
verify-unreadable-status = ILEGIBLE
verify-training = (archivo de ENTRENAMIENTO, no es un turno real)
verify-summary = { $file }: { $verdict }{ $training }: mesa { $table }, croupier { $croupier }, { $game }, empezado { $started }; { $records } registros, { $coups ->
    [one] una jugada liquidada y vuelta a jugar
   *[other] { $coups } jugadas liquidadas y vueltas a jugar
}
verify-bad = { $file }: { $status } en la { $where }
verify-bad-after = los registros anteriores están bien; este registro y lo que le sigue no son de fiar
verify-unreadable = { $file }: { $status }: { $why }
verify-closed-at = cerrado el { $at }
verify-amended-after-close = después, { $count ->
    [one] una corrección (R-BQ-E7), anotada
   *[other] { $count } correcciones (R-BQ-E7), la última anotada
} el { $last }: el turno sigue cerrado
verify-not-closed = sin cerrar: el turno sigue abierto, o Sabot se paró sin cerrarlo (al arrancar Sabot lo retoma); si se quitan registros del final de un turno sin cerrar, no se puede detectar
verify-tail = línea { $line }: { $what }; nunca se confirmó, y al arrancar Sabot se aparta a un archivo aparte
verify-tail-after-close = línea { $line }: { $what }; una corrección que se estaba anotando cuando Sabot se paró, nunca confirmada: el turno sigue cerrado, y la próxima corrección la aparta a un archivo aparte
verify-resumed = retomado { $count ->
    [one] una vez
   *[other] { $count } veces
} tras pararse Sabot; { $aside ->
    [0] ningún registro a medio escribir apartado
    [one] un registro a medio escribir apartado
   *[other] { $aside } registros a medio escribir apartados
}{ $files }
verify-side-file = archivo aparte: { $file }

export-header = Exportado por { $software } de { $file }, jugada { $coup }{ $unsettled }.
export-unsettled = (sin liquidar al acabar el registro)
export-no-such-coup = el turno no tiene jugada { $wanted }: se jugaron { $coups } jugadas (contando una en juego)
export-no-step = la jugada { $coup } tiene una operación que el formato de guion de mesa no puede escribir (línea { $line }: { $op })
export-mismatch = el guion exportado no da el resultado registrado: { $why }
export-mismatch-part = { $what }: se esperaba { $expected }, se calculó { $computed }
export-step-refused = el guion exportado no da el resultado registrado: el paso { $step } se rechaza: { $refusal }

journal-bad-at = línea { $line }: { $what }
journal-bad-at-seq = línea { $line } (registro { $seq }): { $what }
journal-io = no se puede { $doing }: { $message }
journal-newer-format = la línea { $line } es de una versión más nueva de Sabot (formato { $format }; este Sabot lee hasta el formato { $supported }): actualice Sabot para leerla
journal-settings = la configuración de mesa no es válida: { $why }
journal-encode = no se puede escribir el registro: { $why }
journal-too-large-table = el nombre de la mesa tiene { $chars } caracteres; un registro admite como mucho { $max } (el pit rechaza los más largos): no se escribió nada
journal-too-large-croupier = el nombre del crupier tiene { $chars } caracteres; un registro admite como mucho { $max } (el pit rechaza los más largos): no se escribió nada
journal-too-large-text = un texto del registro ocupa { $bytes } bytes («{ $starts }…»); un registro admite como mucho { $max } (el pit rechaza los más largos): no se escribió nada
journal-too-large-record = el registro ocupa { $bytes } bytes; cada registro admite como mucho { $max } (el pit rechaza los más largos): no se escribió nada
journal-not-logged-refused = no registrado: el motor rechaza esta operación en la mesa del registro ({ $refusal })
journal-not-logged-events = no registrado: estos eventos no son los que el motor produce para esta operación
journal-poisoned = falló una escritura anterior, así que este registro no admite más entradas: reinicie Sabot para recuperarlo
journal-closed = el turno está cerrado
journal-writer-gone = el escritor del registro del turno se ha parado

doing-read-log = leer el registro del turno
doing-read = leer
doing-open = abrir
doing-write = escribir
doing-sync = sincronizar con el disco
doing-create-file = crear el archivo
doing-create-folder = crear la carpeta
doing-list-folder = listar la carpeta
doing-open-folder = abrir la carpeta para sincronizarla
doing-sync-folder = sincronizar la carpeta
doing-rename = poner el archivo nuevo en su sitio
doing-cut = cortar el registro a medio escribir
doing-move-aside = apartar
doing-lock = bloquear el registro de turno
doing-start-writer = arrancar el hilo que escribe el registro del turno

line-not-a-record = no es un registro de turno (no empieza por `Record(v:`)
line-frame = el final del registro está roto (no acaba con su hash)
line-hash = el hash del registro no coincide con su contenido: el registro se ha cambiado
line-newer = este registro es de una versión más nueva de Sabot (formato { $format }; este Sabot lee hasta el formato { $supported })
line-ron = el registro no se puede leer: { $why }

journal-no-home = no hay carpeta personal: defina { $var }
journal-too-many-names = demasiados registros de turno con el mismo nombre en esta carpeta
journal-empty = el archivo está vacío: no es un registro de turno (no tiene cabecera)
journal-header-unfinished = la cabecera nunca se escribió entera
journal-header-unfinished-bytes = la cabecera nunca se escribió entera ({ $bytes } bytes y sin fin de línea): un turno que nunca empezó
journal-not-a-log = no es un registro de turno de Sabot: su primera línea no es un registro (datos binarios, u otro tipo de archivo)
journal-not-replayable = el registro no se pudo volver a jugar
journal-first-not-header = el primer registro no es la cabecera
journal-header-unreadable = la cabecera: { $why }
journal-has-header = este registro tiene cabecera: se retoma con open_for_append
journal-training-own-file = una sesión de entrenamiento solo escribe en su propio archivo, llamado `{ $prefix }…`
journal-live-in-training-file = un turno real nunca se escribe en un archivo de entrenamiento (`{ $prefix }…`)
journal-header-damaged = la cabecera está dañada: { $why }
journal-header-missing = falta la cabecera: el primer registro es el registro { $first }, no la cabecera
journal-header-not-zero = la cabecera es el registro { $seq }, debe ser el registro 0
journal-header-prev-not-zero = el hash anterior de la cabecera no es cero: se quitaron registros de antes
journal-header-differs = la mesa, el croupier o el juego de la cabecera no coinciden con los del registro
journal-header-settings = la configuración de mesa de la cabecera no es válida: { $what }
journal-last-damaged = el último registro está dañado: { $why }
journal-not-set-aside = { $what } (si Sabot se paró mientras lo escribía, al arrancar Sabot de nuevo se aparta)
journal-torn = el último registro se estaba escribiendo cuando Sabot se paró ({ $bytes } bytes, sin fin de línea)
journal-after-close = un registro después de cerrar el turno
journal-bytes-after-close = bytes después de cerrar el turno
journal-missing = falta el registro { $expected } (este es el registro { $seq }): se quitaron registros
journal-out-of-order = el registro { $seq } está repetido o fuera de orden (se esperaba el registro { $expected })
journal-chain-broken = su hash del registro anterior no coincide con el registro de antes: se cambió, insertó, quitó o movió un registro
journal-time-back = su hora { $time } es anterior a la del registro de antes ({ $previous })
journal-table-differs = su mesa o su juego no son los de la cabecera
journal-croupier-differs = su croupier `{ $croupier }` no es el de la cabecera
journal-second-header = una segunda cabecera
journal-refused = el motor rechaza esta operación ({ $refusal }): no se sigue de los registros anteriores
journal-settlement-differs = la liquidación de la jugada { $coup } no coincide con la del motor: { $parts }
journal-settlement-details = en sus detalles
journal-settlement-part = { $part } registrado { $logged }, calculado { $computed }
journal-events-differ = los sucesos registrados no coinciden con los del motor en el suceso { $at }: registrado { $logged }, el motor da { $computed }
journal-nothing = nada
journal-coup-too-long = la jugada { $coup } sigue pasadas { $most } entradas, más de lo que tiene una jugada de mesa: la sala deja de seguir el turno
journal-closing-totals = los totales del cierre no coinciden con los vueltos a calcular: registrados { $coups } jugadas, banca { $bank }, cagnotte { $cagnotte }, comisión { $commission }; calculados { $rcoups } jugadas, banca { $rbank }, cagnotte { $rcagnotte }, comisión { $rcommission }
journal-overflow = una suma del turno no cabe en un importe

part-bank-before = banca antes
part-bank-net = neto de la banca
part-cagnotte = cagnotte
part-commission = comisión
part-bank-after = banca después
part-void = nula
part-winners = ganadores
part-hands = manos
part-seats = secciones
part-bets = puestas

journal-in-use = el registro está en uso: otro Sabot (u otro «Reanudar») lo está escribiendo; ciérrelo primero
journal-not-regular = no es un archivo normal ({ $kind }): un registro de turno es siempre un archivo normal
journal-crlf = el archivo tiene finales de línea de Windows (CRLF): lo guardó un editor o una transferencia, no Sabot
journal-bom = el archivo empieza con una marca de orden de bytes (BOM): lo guardó un editor, no Sabot
journal-unknown-kind = la línea { $line } es una clase de registro que este Sabot no conoce: la escribió una versión más nueva de Sabot; actualice Sabot para leerla
journal-unterminated = el registro { $seq } está entero pero sin fin de línea: nunca se confirmó, y al reanudar el turno se aparta
journal-side-file-missing = falta el archivo aparte { $file } que nombra un registro «reanudado»
journal-side-file-differs = el archivo aparte { $file } no es el que dice el registro «reanudado» (su tamaño o su hash difiere): se sustituyó o se cambió
line-unknown-kind = una clase de registro que este Sabot no conoce ({ $why }): la escribió una versión más nueva de Sabot
verify-closed-unterminated = a su registro de cierre le falta el fin de línea (se cortó el último byte); el turno está cerrado igualmente
verify-clock-jump = línea { $line }: el reloj fue hacia atrás: marcaba { $seen }, el registro se fechó { $used }
simulate-resume-other-game = el registro es de un turno de { $log }, no de { $game }

io-not-found = el archivo o su carpeta no existe
io-permission = permiso denegado (este usuario no puede escribir ahí)
io-exists = ya hay un archivo con ese nombre
io-full = el disco está lleno
io-read-only = el disco es de solo lectura
io-is-folder = es una carpeta, no un archivo
io-not-folder = parte de la ruta es un archivo, no una carpeta
