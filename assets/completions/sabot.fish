# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_sabot_global_optspecs
    string join \n lang= house= h/help V/version
end

function __fish_sabot_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_sabot_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_sabot_using_subcommand
    set -l cmd (__fish_sabot_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c sabot -n "__fish_sabot_needs_command" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_needs_command" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_needs_command" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_needs_command" -s V -l version -d 'Muestra la versión.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "play" -d 'Juega guiones de mesa con el motor de reglas y dice el resultado de cada uno.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "odds" -d 'Probabilidades exactas de un sabot: banca, punto y empate por enumeración exhaustiva de las cartas que quedan, la probabilidad de un natural y la ventaja de la casa.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "advise" -d 'La decisión del banquero (Bacarrá, Chemin de fer): el resultado esperado exacto para la banca de pedir y de plantarse, sobre las cartas que no ha visto. Para el supervisor, nunca para los jugadores.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "simulate" -d 'Juega un turno con el motor y jugadores simulados; dice las jugadas, la banca, la cagnotte o la comisión y las jugadas por segundo.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "verify" -d 'Comprueba registros de turno de punta a punta y vuelve a jugar cada jugada con el motor.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "pit" -d 'La base de datos del pit (PostgreSQL), donde se copia el registro de cada mesa según se escribe: init crea su esquema, status lista las mesas, push envía lo que le falte de un registro.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "report" -d 'Resume turnos en palabras llanas: jugadas, la banca cuadrada al céntimo, banqueros, errores e infracciones por cláusula, correcciones.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "export" -d 'Escribe una jugada de un registro de turno como guion de mesa, que sabot play juega hasta el mismo resultado.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "train" -d 'Entrenamiento del croupier en prácticas: jugadas preparadas con errores e infracciones; conteste lo que se debe, el fallo y el pago; la puntuación al final.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "app" -d 'Abre la aplicación (lo mismo que sin orden).'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "review" -d 'Abre la aplicación en la revisión del jefe de mesa: turnos de un vistazo, la banca cuadrada, las jugadas en una tabla, cualquier jugada repetida.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "floor" -d 'Abre la aplicación en la sala del jefe de mesa: el turno abierto de cada mesa desde el pit, en vivo, las alarmas arriba, la jugada en curso de una mesa como la ve su croupier.'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "completions" -d 'Escribe el guion de autocompletado de la línea de órdenes para un intérprete (bash, zsh, fish, elvish, powershell).'
complete -c sabot -n "__fish_sabot_needs_command" -f -a "man" -d 'Escribe la página de manual (roff) de sabot.'
complete -c sabot -n "__fish_sabot_using_subcommand play" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand play" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand play" -l print -d 'Escribe el resultado calculado con la forma de «expect», para pegarlo en un guion.'
complete -c sabot -n "__fish_sabot_using_subcommand play" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l game -d 'El juego: punto-banca (por defecto; también chemin-de-fer, con un juego fijo).' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l decks -d 'Un sabot completo de N mazos (1 a 8).' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l counts -d 'Las cartas que quedan por puntos: c0,c1,…,c9 (c0 cuenta dieces y figuras, 16 por mazo).' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l log -d 'El sabot que quedaba en un registro de turno antes de la jugada N (con --coup).' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l coup -d 'La jugada de --log, contando desde 1.' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l commission -d 'Punto y Banca: la comisión sobre las apuestas ganadoras a banca, en fracción (por defecto la de la mesa, 0.05).' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l five -d 'Chemin de fer: cómo juega el jugador un 5: draw (pide, por defecto), stand (se planta) o una probabilidad de pedir.' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l optional -d 'Chemin de fer: qué hace la banca en las casillas O del cuadro: draw (por defecto, como en una jugada restablecida, R-BQ-E13), stand o una probabilidad de pedir.' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand odds" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand odds" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l game -d 'El juego: banque (dos paños, por defecto) o chemin-de-fer (una mano de jugador).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l decks -d 'El sabot antes de esta jugada: un sabot completo de N mazos (1 a 8)…' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l counts -d '…o las cartas que quedan por puntos, c0,c1,…,c9 (c0 cuenta dieces y figuras).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l bank -d 'Las dos cartas de la banca: puntos (5,0) o cartas (5h,Kd).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l pano1 -l player -d 'El paño 1 (el jugador en Chemin de fer): stood (se plantó), drew:X (su tercera carta) o natural:A,B (sus dos cartas).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l stake1 -l stake -d 'Lo que se juega en el paño 1 (el jugador) contra la banca (por defecto 0).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l pano2 -d 'El paño 2 (solo Bacarrá): stood, drew:X o natural:A,B.' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l stake2 -d 'Lo que se juega en el paño 2 contra la banca (por defecto 0).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l five -d 'Cómo juegan los paños un 5: draw (por defecto), stand o una probabilidad de pedir.' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l cagnotte -d 'La cagnotte sobre la ganancia neta de la banca, en fracción (por defecto la de la mesa: 0.05, o la del archivo de la casa).' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l tie -d 'Los empates: push (nulos) o bank (la banca gana los empates); por defecto la regla de la mesa.' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand advise" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand advise" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l game -d 'banque, chemin-de-fer o punto-banca.' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l coups -d 'Cuántas jugadas (por defecto 1000).' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l seed -d 'La semilla aleatoria: la misma semilla juega el mismo turno (por defecto 1).' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l log -d 'Escribe el registro del turno en este archivo (cada operación escrita y sincronizada al jugarla).' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l pit -d 'Envía también cada registro a la base de datos del pit (PostgreSQL) en esta URL (necesita --log), según se escribe.' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l banker -d 'Cómo decide el banquero: random (por omisión: la mitad de las veces con el cuadro, si no a cara o cruz), exact (las probabilidades exactas en cada decisión), table (siempre el cuadro, a cara o cruz donde le deja elegir), colluding:SECCIÓN (cada decisión a favor de las apuestas de la SECCIÓN, que apuesta a un paño en cada jugada), una política incorporada (exact-table, coin-close, colluding:SECCIÓN@TASA, table-hider:SECCIÓN, budget:SECCIÓN) o el archivo RON de una política (docs/STRATEGIES.md).' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l table -d 'El nombre de la mesa en el registro y en el pit (por defecto simulation); con --tables, cada mesa es este nombre y su número (Mesa 07).' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l croupier -d 'El nombre del croupier en el registro (por defecto simulator).' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l pace -d 'A qué ritmo se escriben los registros: RITMO registros por segundo (1, 0,5, 20), o real (el ritmo de una mesa de verdad: un registro cada 3 s). Necesita --log. Sin él, tan rápido como va el motor.' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l tables -d 'Tantas mesas a la vez (necesita --log, que es entonces una carpeta, creada si falta): cada una en su hilo, con su registro, su semilla (--seed más su número) y, con --pit, su conexión al pit. Una sala ensayada con una sola orden.' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l caller -d 'Cómo deciden quienes piden banco (Chemin de fer, libres con cualquier total) y los jugadores con 5: caller-table, dumping, dumping-for:SECCIÓN, coin o el archivo RON de una política (docs/STRATEGIES.md); si se omite, el cuadro del jugador (pide con 0–4, se planta con 6 y 7; con 5, lo que diga la casa).' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l number -d 'Un jugador sentado con su número de tarjeta, SECCIÓN:NÚMERO (4:4711; 4+:4711 de pie detrás de la sección 4), guardado en el registro con su llegada a la mesa; repítase para varios.' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -l resume -d 'Continúa el registro de turno sin cerrar de --log, como «Reanudar» en la aplicación (el registro en curso apartado, cada jugada rehecha), y sigue jugando.'
complete -c sabot -n "__fish_sabot_using_subcommand simulate" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand verify" -l pit -d 'Compara también cada registro con la copia del pit en esta URL, uno a uno: un registro distinto, uno que falta en un lado o una bifurcación es un fallo (salida 1).' -r
complete -c sabot -n "__fish_sabot_using_subcommand verify" -l in-flight -d 'Con --pit: los registros locales de menos de estos segundos que el pit aún no tiene se dan por en camino, no por perdidos.' -r
complete -c sabot -n "__fish_sabot_using_subcommand verify" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand verify" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand verify" -l require-closed -d 'Un registro sin su registro de cierre falla (salida 1).'
complete -c sabot -n "__fish_sabot_using_subcommand verify" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -f -a "init" -d 'Create (or bring up to date) the pit\'s schema and roles in a PostgreSQL database: sabot_table (insert only), sabot_pit (read only). Idempotent'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -f -a "status" -d 'Every table with its latest shift, last record and time, and lag'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -f -a "bind" -d 'Bind a table\'s name to the login that may open its shifts (the pit\'s owner only). A table login may open shifts only under a name bound to it; a name bound again moves to the new login. Names are kept trimmed, NFC, their spaces collapsed; a look-alike letter, an invisible or a control character is refused'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and not __fish_seen_subcommand_from init status bind push" -f -a "push" -d 'Send the pit what it lacks of these logs (a shift that closed, or a table that stopped, while the pit was offline), from the pit\'s last record on'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from init" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from init" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from init" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from status" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from status" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from status" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from bind" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from bind" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from bind" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from push" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from push" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand pit; and __fish_seen_subcommand_from push" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand report" -l csv -d 'Escribe además una fila CSV por turno en FILE (- para la salida estándar), con bank_start, brought_in, taken_out, bank_net, cagnotte y bank_end.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand report" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand report" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand report" -l coups -d 'Con --csv: una fila por jugada en vez de una por turno.'
complete -c sabot -n "__fish_sabot_using_subcommand report" -l bets -d 'Con --csv: una fila por apuesta, tal como se pagó (sección, postura, importe, neto, comisión, cláusula), en vez de una por turno.'
complete -c sabot -n "__fish_sabot_using_subcommand report" -l decisions -d 'Con --csv: una fila por decisión de un banquero (o de un jugador de Chemin de fer con total libre), pesada contra las probabilidades exactas (jugada, banquero, opciones, esperanzas, elegida, regalado, quién ganó), en lugar de una por turno.'
complete -c sabot -n "__fish_sabot_using_subcommand report" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand export" -l coup -d 'La jugada, contando desde 1.' -r
complete -c sabot -n "__fish_sabot_using_subcommand export" -s o -l output -d 'Escribe el guion en FILE en vez de en la salida estándar.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand export" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand export" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand export" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand train" -l game -d 'banque (por defecto), chemin-de-fer o punto-banca.' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l drills -d 'Cuántas jugadas preparadas (1 a 500, por defecto 10); cada una hace de una a tres preguntas.' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l seed -d 'La semilla aleatoria: la misma semilla prepara las mismas jugadas. Por defecto, del reloj (se escribe al empezar, para repetir la sesión).' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l log -d 'Escribe las jugadas preparadas en este registro de entrenamiento: su nombre debe empezar por training- (p. ej. training-ana.sabotlog); nunca el registro de un turno real.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand train" -l pit -d 'La base de datos del pit en esta URL: se le envían los registros del entrenamiento (con --log); con --trainee, la escuela se le envía al final (lo que le falte). Necesita --log o --trainee.' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l trainee -d 'El alumno, por su nombre (se crea si es nuevo): cada respuesta queda en el registro de la escuela, y la sesión es de su nivel (el más alto abierto, o --level).' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l level -d 'El nivel, de 1 a 6: 1 valores y puntos, 2 reglas de tercera carta, 3 pagos, 4 errores y fallos, 5 jugadas completas en la línea de anotación, 6 la audición (un sabot entero). Un nivel se abre cuando las últimas 20 respuestas del anterior llevan al menos un 90 % de aciertos (el bloque school del archivo de la casa puede fijar otros umbrales).' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l school -d 'El registro de la escuela (SQLite). Por defecto school.sqlite3 en la carpeta training de la carpeta de datos.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand train" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand train" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand train" -l in-units -d 'Nivel 5 (jugadas enteras en la línea de entrada): los importes se escriben en unidades de la mesa, como en una mesa con «importes en unidades» (3 4 son cuatro unidades en la sección 3).'
complete -c sabot -n "__fish_sabot_using_subcommand train" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand app" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand app" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand app" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand review" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand review" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand review" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand floor" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand floor" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand floor" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand completions" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand completions" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand completions" -s h -l help -d 'Muestra esta ayuda.'
complete -c sabot -n "__fish_sabot_using_subcommand man" -l lang -d 'Idioma de los mensajes y de esta ayuda: es (por defecto) o en. También SABOT_LANG o LANG.' -r
complete -c sabot -n "__fish_sabot_using_subcommand man" -l house -d 'Archivo de reglas de la casa (RON): los ajustes de las mesas de un casino. Por defecto SABOT_HOUSE, ~/.config/sabot/house.ron o /etc/sabot/house.ron si existen; si no, los valores del reglamento español. verify, report y export toman los ajustes del registro.' -r -F
complete -c sabot -n "__fish_sabot_using_subcommand man" -s h -l help -d 'Muestra esta ayuda.'
