## The pit's database (PostgreSQL): sabot pit, verify --pit, the table's pit line.

pit-error-bad-url = not a PostgreSQL URL ({ $why })
pit-error-offline = cannot reach the pit at { $url }: { $why }
pit-error-refused = the pit refused record { $seq }: { $why }
pit-error-database = the pit's database says: { $why } (SQLSTATE { $code })
pit-error-newer = the pit's schema is version { $found }; this Sabot knows up to version { $known }: update Sabot
pit-error-not-init = this database holds no pit: run `sabot pit init URL` first
pit-error-encoding = the database stores text as { $encoding }; the pit needs UTF8 (createdb -E UTF8)
pit-error-log = the local log: { $why }

pit-state-connecting = Pit: reaching { $url }…
pit-state-live = Pit: live ({ $records } records)
pit-state-behind = Pit: { $n ->
    [one] one record behind
   *[other] { $n } records behind
}
pit-state-offline = Pit: OFFLINE since { $since }, { $n ->
    [one] one record behind
   *[other] { $n } records behind
} (the table goes on; they are sent when it is back)
pit-state-refused = Pit: REFUSED record { $seq } ({ $why }). This log and the pit's copy differ: call the pit boss.
pit-state-failed = Pit: not in use: { $why }
pit-state-done = Pit: the log is closed; the pit holds { $records } records

pit-init-created = { $url }: pit schema version { $version } created; roles sabot_table (insert only) and sabot_pit (reads, and marks the floor's alarms)
pit-init-there = { $url }: the pit schema is already at version { $version }; the roles' rights set again
pit-init-upgraded = { $url }: the pit schema upgraded to version { $version } (the pit reads every record from its line; a shift belongs to the login that opened it); the roles' rights set again
pit-failed = sabot pit: { $why }
pit-status-tls = connection to { $url }: TLS ({ $version }), the server's certificate checked
pit-status-clear = connection to { $url }: IN CLEAR (sslmode=disable): the password and the records cross the network unencrypted
pit-status-socket = connection to { $url }: a local socket on this machine (no network, no TLS needed)
pit-status-none = no shifts in the pit yet
pit-status-head = table · croupier · game · started · last record · its time · age · table→pit delay · state
pit-status-row = { $table } · { $croupier } · { $game } · { $started } · { $seq } · { $at } · { $age } s · { $delay } s · { $state }
pit-status-open = open
pit-status-closed = closed

verify-pit-ok = { $file }: matches the pit's copy record by record ({ $pit } records in the pit{ $inflight })
verify-pit-in-flight = ; { $n } recent records still on their way
verify-pit-not-in-pit = { $file }: NOT IN THE PIT: the pit holds no copy of this shift
verify-pit-differs = { $file }: DIFFERS FROM THE PIT at record { $seq }: the local record is not the pit's copy, the logs fork there ({ $after } records after it differ too)
verify-pit-missing-in-pit = { $file }: the pit lacks record { $seq } ({ $count } records in all), written longer ago than what may be on its way
verify-pit-missing-locally = { $file }: the local log lacks record { $seq }, which the pit holds ({ $count } records in all): records were removed from the log
verify-pit-cannot = { $file }: cannot check against the pit: { $why }

simulate-pit = pit: { $state }

start-pit = Pit (PostgreSQL)
start-pit-hint = optional: postgresql://mesa3@pit-host/sabot
start-pit-shown = pit: { $url }
start-pit-bad = The pit's URL: { $why }
pit-gave-up = sabot pit: the pit did not finish within { $secs } s; gave up (nothing more was changed)
pit-push-done = the pit holds the whole log ({ $records } records)
pit-push-unfinished = the pit holds { $held } of the log's { $records } records after { $secs } s; run `sabot pit push` again to send the rest
pit-late = { $n } of { $records } records reached the pit more than { $after } s after they were written (up to { $worst } late, the first record { $first }): the pit's copy of those is only as good as the laptop that kept them meanwhile
pit-error-older = the pit's schema is older than version { $needed }, which the school needs: run `sabot pit init URL` as the pit's owner to upgrade it
pit-error-not-reader = this login may not read the pit: the instructor's view needs a login with the pit boss's role (sabot_pit)

pit-error-no-url = no PostgreSQL URL was given
pit-error-missing-record = record { $seq } is missing from the pit's copy (the pit never holds a gap)
pit-error-bad-row = a school row in the pit this Sabot cannot read ({ $what }: { $value }): written by a newer Sabot, or not by a Sabot
pit-error-sequence = record { $seq } is past what the pit can number
pit-error-negative-sequence = the pit holds a record numbered { $seq }, below 0
pit-error-no-thread = the pit's thread could not be started ({ $why })

pit-unreachable-refused = nothing accepts connections at { $at } ({ $said })
pit-unreachable-no-socket = there is no server socket at { $at } ({ $said })
pit-unreachable-timed-out = { $at } did not answer in time ({ $said })
pit-unreachable-permission = this user may not connect to { $at } ({ $said })
pit-unreachable-lost = the connection to { $at } was cut ({ $said })
pit-unreachable-other = { $at }: { $said }
pit-unreachable-no-address = the host name { $at } has no address
pit-unreachable-not-postgres = { $at } is not a PostgreSQL server (it closed the connection or answered otherwise)
pit-unreachable-silent = { $at } accepted the connection but did not answer within { $secs } s
pit-unreachable-self = the connection to { $at } came back to itself: nothing listens there
pit-unreachable-no-answer = no answer within { $secs } s
pit-unreachable-no-login = the server did not let Sabot log in within { $secs } s
pit-unreachable-stalled = the pit let Sabot log in but did not answer within { $secs } s; the connection was given up
pit-unreachable-busy = the pit was busy and did not finish in time ({ $code }: { $said })
pit-unreachable-not-connected = not connected just now
pit-unreachable-no-host = the URL names no host to reach
pit-unreachable-said = the server or the driver says: { $said }
pit-unreachable-certificate = the pit's certificate is not trusted: no recognised authority signed it (the system's or sslrootcert's) or it is not for that server; connection refused ({ $said })
pit-unreachable-root-cert = the root certificate { $path } cannot be read ({ $said })
pit-unreachable-client-cert = the client certificate or key { $path } cannot be used ({ $said })
pit-unreachable-no-tls = { $at } does not offer TLS, and the URL asks for it (TLS is the default over the network; only sslmode=disable connects in clear): nothing was sent, the password never

pit-check-no-shift = the pit holds no such shift ({ $said })
pit-check-chain = the record does not chain onto the last one the pit holds: another writer, or a rewritten log ({ $said })
pit-check-closed = the pit holds this shift as closed ({ $said })
pit-check-not-its-record = the line is not the record it says it is ({ $said })
pit-check-login-shift = this shift belongs to the login that opened it: another table's records are refused ({ $said })
pit-check-login-table = the table belongs to another login: its shifts are refused ({ $said })
pit-check-ahead = the shift says it starts ahead of the pit's clock ({ $said })
pit-check-future = the record says it was written ahead of the pit's clock ({ $said })
pit-check-unbound = no pit boss bound this table's name to this login (sabot pit bind) ({ $said })
pit-check-confusable = the name reads like another (a look-alike letter, an invisible or control character) ({ $said })
pit-check-too-many = this login sent more reports than the pit keeps from one login ({ $said })
pit-check-too-large = the record is longer than the pit takes (a record, a name or a text in it) ({ $said })
pit-check-school-row = the pit does not take this school row ({ $said })
pit-check-school-flood = this login sent more school rows within the hour than the pit takes from one login; the rest stays on the laptop and is sent later ({ $said })
pit-check-not-pit-boss = only a pit boss's login marks an alarm of the floor; this login is a table's or marks what the pit does not keep ({ $said })
pit-check-held = the pit already holds that record ({ $said })
pit-check-other = { $said }
pit-refusal-pit-ahead = the pit already holds record { $seq } of this shift, past this log: another writer
pit-refusal-not-this-log = the pit's record { $seq } is not this log's: another writer, or a rewritten log
pit-bind-done = the table «{ $table }» is bound to the login { $login }: only it may open the table's shifts
