## The words of the rules training cites (a digest of the regulations), shown with a
## wrong answer so that the trainee reads why.

clause-c-8 = R-C-8: money is exact: every amount is paid to the cent, by the table's rounding rule.
clause-bq-6 = R-BQ-6: a bet on the line of a paño's zone plays half its amount on that paño.
clause-bq-7 = R-BQ-7: a bet a caballo plays on both paños, split in halves by betting units, the larger part on paño 1.
clause-bq-11 = R-BQ-11: the players' hand draws on 0 to 4, stands on 6 and 7, chooses on 5; with 8 or 9 in two cards it shows a natural.
clause-bq-12 = R-BQ-12: a natural (8 or 9 in two cards) is shown at once.
clause-bq-13 = R-BQ-13: the banker who asks for the table follows it: T draws, P stands, O he chooses; by his total and the paño's third card.
clause-bq-14 = R-BQ-14: against two paños, where the table says the same against both he must do it; where it says draw against one and stand against the other, he chooses.
clause-bq-15 = R-BQ-15: each paño is compared with the bank on its own; the higher total wins, a natural beats any three-card hand, equal totals tie; winning bets are paid 1 to 1.
clause-bq-16 = R-BQ-16: when the bank wins on the whole coup, the casino's percentage of the bank's net win goes into the cagnotte slot, rounded by the table's rule.
clause-bq-e1 = R-BQ-E1: cards taken from the sabot before no va más cannot go back; they are played.
clause-bq-e2 = R-BQ-E2: a card that comes out of the sabot face up is dead and is removed; no bet may be lowered or withdrawn for it.
clause-bq-e3 = R-BQ-E3: two or more cards stuck together during the deal void the coup.
clause-bq-e4 = R-BQ-E4: a card on the floor is picked up; play resumes and the card keeps its value.
clause-bq-e5 = R-BQ-E5: cards given to or taken by the wrong player: the coup stands if already pronounced; next coup they go to the right player.
clause-bq-e6 = R-BQ-E6: cards thrown in the discard unshown count as 0 (baccarat); if the croupier threw them, they are recovered and the total rebuilt.
clause-bq-e7 = R-BQ-E7: no claim once the coup is over and paid.
clause-bq-e8 = R-BQ-E8: an irregular deal is put right where that is evident; otherwise the coup is void.
clause-bq-e9 = R-BQ-E9: a card given to a hand that said "no", or refused to one that asked, is put right by the players' error rules.
clause-bq-e10 = R-BQ-E10: both cards of a hand exposed in the deal: no bet may change, and the bank must draw on 5 or less and stand otherwise.
clause-bq-e11 = R-BQ-E11: cards lost unseen in the discard during the deal void the coup for that hand, or for all if they were the bank's.
clause-bq-e12 = R-BQ-E12: a banker who announces a total not his may ask for a card while the players have not shown; otherwise on 5 or less he must draw.
clause-bq-e13 = R-BQ-E13: in a coup put right, the banker follows the table where it is the same against both hands; where it differs he chooses, unless the error was his (then draw on 5 or less).
clause-bq-e14 = R-BQ-E14: a hand that said "no" with less than 5 after a later hand had a card: that card goes back to it; the later hand takes the next card.
clause-bq-e15 = R-BQ-E15: a hand that asks for a card with 6 or more: its card goes to the next hand if it asked for one, otherwise to the bank, which must take it.
clause-bq-e16 = R-BQ-E16: a holder who says both words: his total is checked; only with 5 does the first word stand.
clause-bq-e17 = R-BQ-E17: a "no" with 8 or 9 loses the natural (the total stands); a card asked with 8 or 9 is put right as a natural.
clause-bq-e18 = R-BQ-E18: a player who takes too long to announce loses the cards to the next holder.
clause-cf-8 = R-CF-8: the player draws on 0 to 4, stands on 6 and 7, chooses on 5 (R-BQ-11); the bank follows the table against one hand; a natural on either side ends the coup.
clause-cf-9 = R-CF-9: the croupier pays the winner; when the bank wins, the cagnotte is taken from its win.
clause-pb-4 = R-PB-4: punto wins: punto paid 1 to 1, banca lost; banca wins: banca paid 1 to 1 less 5 %, punto lost; a tie, or a coup void, leaves the bets on the cloth.
clause-pb-6 = R-PB-6: after "cartas", two cards face down for punto, then two for banca; the cards of the deal are played as they came.
clause-pb-7 = R-PB-7: third cards are not optional: punto draws on 0 to 5; banca by the table, by its total and punto's third card.

train-borrowed = Punto y Banca's regulation has no error procedures of its own: for the cards themselves it follows the Banque regulation's ({ $section }): { $words }
clause-c-1 = R-C-1: card points: ace 1, 2 to 9 their value, 10 and faces 0; a hand's total is the sum without the tens.
clause-c-2 = R-C-2: a hand is two cards and at most one third card; a natural is 8 or 9 with the first two.
