## sabot report: a shift summed up for the pit boss.

report-who = table { $table }, croupier { $croupier }, { $game }
report-training = (TRAINING)
report-when = started { $started }, last record { $last }, { $state }
report-closed = closed
report-not-closed = NOT CLOSED
report-coups = coups { $coups } (void { $void })
report-coup-in-play = , and one in play when the log ends
report-bank = bank: start { $start }, end { $end }, movement { $movement }; bank's net against the bets { $net }
report-banks = banks handed in by bankers { $taken }, handed back { $returned }
report-set-aside = , set aside { $amount }
report-cagnotte = cagnotte { $cagnotte }, commission { $commission }
report-errors-none = errors recorded: none
report-errors = errors recorded: { $count } ({ $list })
report-infractions-none = infractions: none
report-infractions = infractions: { $count } ({ $list })
report-other = other events: { $list }
report-amendments = amendments: { $count }
report-resumptions = taken up after a stop: { $count } (records set aside: { $aside })
report-bad = { $file }: does not verify, no figures: { $why }
report-by-game = coups by game: { $list }
report-clock-jump = the clock went back: it read { $seen }; the records were stamped { $used } until it caught up
