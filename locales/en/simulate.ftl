# What `sabot simulate` says when a simulation stops.
sim-refused = coup { $coup }: the engine refused { $op }: { $refusal }
sim-sink = coup { $coup }: the log did not take the record: { $why }
sim-unbalanced = coup { $coup }: money does not balance
sim-setup = cannot set up the table: { $why }
sim-overflow = coup { $coup }: a total is larger than the largest amount Sabot keeps
sim-cannot-create-log = cannot create the log: { $why }
sim-cannot-close-log = cannot close the log: { $why }
sim-bad-accomplice = a colluding banker plays for a seat of this table's 1 to { $sections } sections, in a game with a bank; seat { $seat } cannot be his accomplice
