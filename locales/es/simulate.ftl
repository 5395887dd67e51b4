# Lo que dice `sabot simulate` cuando una simulación se detiene.
sim-refused = jugada { $coup }: el motor rechazó { $op }: { $refusal }
sim-sink = jugada { $coup }: el registro no aceptó la entrada: { $why }
sim-unbalanced = jugada { $coup }: el dinero no cuadra
sim-setup = no se puede preparar la mesa: { $why }
sim-overflow = jugada { $coup }: un total supera la mayor cantidad que Sabot guarda
sim-cannot-create-log = no se puede crear el registro: { $why }
sim-cannot-close-log = no se puede cerrar el registro: { $why }
sim-bad-accomplice = un banquero en connivencia juega para un asiento de las secciones 1 a { $sections } de la mesa, en un juego con banca; el asiento { $seat } no puede ser su cómplice
