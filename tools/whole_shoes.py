#!/usr/bin/env python3
"""Writes whole-shoe table scripts (tests/scenarios/*_whole_shoe.ron) for the three
games, with every expectation computed here, independently of the Rust engine: a
second implementation of the rules in plain Python (points, the drawing tables,
settlement, cagnotte and commission, holders, the bank passing, the sabot passing,
the cut card). `sabot play` must agree with it coup by coup.

    python3 tools/whole_shoes.py        # rewrites the three scripts

Deterministic (seeded); needs only the standard library.
"""
import random
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

RANKS = "A23456789TJQK"
SUITS = "cdhs"
OUT = Path(__file__).resolve().parent.parent / "tests" / "scenarios"


def pts(card):
    r = card[0]
    return 0 if r in "TJQK" else (1 if r == "A" else int(r))


def tot(cards):
    return sum(pts(c) for c in cards) % 10


def cent(x):
    return x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def money(x):
    return f'"{cent(Decimal(x))}"'


# R-BQ-13 / R-PB-7 tables (rows bank 0..7, cols third 0..9 and '-').
BQ_TABLE = ["TTTTTTTTTTT", "TTTTTTTTTTT", "TTTTTTTTTTT", "TTTTTTTTPOT",
            "PPTTTTTTPPT", "PPPPOTTTPPT", "PPPPPPTTPPP", "PPPPPPPPPPP"]


def bank_cell(bank, third):
    if bank >= 8:
        return "P"
    col = 10 if third is None else third
    return BQ_TABLE[bank][col]


def banca_draws(banca, punto_third):
    if punto_third is None:
        return banca <= 5
    t = punto_third
    return {0: True, 1: True, 2: True, 3: t != 8, 4: 2 <= t <= 7, 5: 4 <= t <= 7,
            6: 6 <= t <= 7}.get(banca, False)


def deck(decks, rng):
    cards = [r + s for r in RANKS for s in SUITS] * decks
    rng.shuffle(cards)
    return cards


def header(title, rules, table, bank=None):
    lines = ["Script(", f'    title: "{title}",',
             "    rules: [" + ", ".join(f'"{r}"' for r in rules) + "],",
             f"    table: {table},"]
    if bank is not None:
        lines.append(f"    bank: {money(bank)},")
    lines.append("    steps: [")
    return lines


def punto_banca(seed=11):
    rng = random.Random(seed)
    sabot = deck(1, rng)
    steps = ["NewShoe", "Shuffle", "Cut(below: 7)"]
    first = sabot.pop()
    burn = 10 if first[0] in "TJQK" else pts(first)
    steps.append(f'Burn("{first}")')
    for _ in range(burn):
        sabot.pop()
    cut_below = 7
    dealer, commission_total, coup = 1, Decimal(0), 0
    carried = []
    while True:
        coup += 1
        steps.append("NextCoup")
        bets = list(carried)
        if not carried:
            for seat in (1, 2, 3, 4):
                spot = rng.choice(["Punto", "Banca"])
                amount = Decimal(rng.choice([10, 20, 25, 50, 75]))
                bets.append((seat, spot, amount))
                steps.append(f'Bet(seat: {seat}, spot: {spot}, amount: {money(amount)})')
        steps.append("NoMoreBets")
        before = len(sabot)
        p = [sabot.pop(), sabot.pop()]
        b = [sabot.pop(), sabot.pop()]
        drawn = p + b
        pt, bt = tot(p), tot(b)
        p3 = b3 = None
        if pt < 8 and bt < 8:
            if pt <= 5:
                p3 = sabot.pop(); drawn.append(p3); p.append(p3)
            if banca_draws(bt, None if p3 is None else pts(p3)):
                b3 = sabot.pop(); drawn.append(b3); b.append(b3)
        steps.append("Cards([" + ", ".join(f'"{c}"' for c in drawn) + "])")
        pf, bf = tot(p), tot(b)
        winner = "Punto" if pf > bf else ("Banca" if bf > pf else "Tie")
        nets, com = {}, Decimal(0)
        for seat, spot, amount in bets:
            if winner == "Tie":
                net = Decimal(0)
            elif spot == winner:
                c = cent(amount * Decimal("0.05")) if spot == "Banca" else Decimal(0)
                com += c
                net = amount - c
            else:
                net = -amount
            nets[seat] = nets.get(seat, Decimal(0)) + net
        commission_total += com
        if winner == "Punto":
            dealer = dealer % 12 + 1
        carried = bets if winner == "Tie" else []
        ended = len(sabot) < cut_below
        net_txt = ", ".join(f"(seat: {s}, amount: {money(v)})" for s, v in sorted(nets.items()))
        steps.append(f"Check((coup: {coup}, totals: [(Punto, {pf}), (Banca, {bf})], winners: [(Punto, {winner})], "
                     f"net: [{net_txt}], commission: {money(com)}, void: {'true' if winner == 'Tie' else 'false'}, "
                     f"commission_total: {money(commission_total)}, dealer: {dealer}, cards_left: {len(sabot)}, "
                     f"shoe_ended: {'true' if ended else 'false'}))")
        if ended:
            break
    steps.append("NextCoup")
    steps.append("CheckCards")
    lines = header("Punto y Banca: a whole one-deck shoe, burn to cut card; every coup checked against an "
                   "independent model (tools/whole_shoes.py)",
                   ["R-PB-1", "R-PB-3", "R-PB-4", "R-PB-5", "R-PB-6", "R-PB-7", "R-C-4", "R-C-6"],
                   "(game: PuntoBanca, decks: 1, sections: 12)")
    lines += [f"        {s}," for s in steps]
    lines += ["    ],", f"    expect: (refused: [(step: {len(steps) - 2}, rule: \"R-C-4\")], commission_total: "
              f"{money(commission_total)}),", ")"]
    return "\n".join(lines) + "\n"


def banque(seed=5):
    rng = random.Random(seed)
    sabot = deck(1, rng)
    steps = ["NewShoe", "Shuffle", "Cut(below: 10)", 'TakeBank(seat: 6, amount: "1000")']
    # The banker sits at section 6: he is at the table to take the bank (R-BQ-1).
    for seat in (1, 2, 3, 6, 7, 8, 9):
        steps.insert(0, f"Join(seat: {seat})")
    cut_below, bank, cag_total, coup = 10, Decimal(1000), Decimal(0), 0
    holders = [1, 7]
    occupied = {1: [1, 2, 3], 2: [7, 8, 9]}
    while True:
        coup += 1
        steps += ["NextCoup", f"AnnounceBank({money(bank)})"]
        bets = []
        for seat, spot, amount in [(1, "Tableau(1)", 50), (2, "Cheval", 30), (8, "Half(2)", 40), (9, "Tableau(2)", 20)]:
            bets.append((seat, spot, Decimal(amount)))
            steps.append(f'Bet(seat: {seat}, spot: {spot}, amount: {money(amount)})')
        steps.append("NoMoreBets")
        deal = [sabot.pop() for _ in range(6)]
        hands = {1: [deal[0], deal[3]], 2: [deal[1], deal[4]], "B": [deal[2], deal[5]]}
        steps.append("Cards([" + ", ".join(f'"{c}"' for c in deal) + "])")
        bank_nat = tot(hands["B"]) >= 8
        third = {1: None, 2: None}
        natural = {1: False, 2: False}
        for t in (1, 2):
            total = tot(hands[t])
            if total >= 8:
                natural[t] = True
                continue
            if bank_nat:
                continue
            if total <= 4:
                c = sabot.pop(); hands[t].append(c); third[t] = pts(c)
                steps.append(f'Cards(["{c}"])')
            elif total == 5:
                if rng.random() < 0.5:
                    steps.append(f"Say(Tableau({t}), Draw)")
                    c = sabot.pop(); hands[t].append(c); third[t] = pts(c)
                    steps.append(f'Cards(["{c}"])')
                else:
                    steps.append(f"Say(Tableau({t}), Stand)")
        if not bank_nat and not (natural[1] and natural[2]):
            bt = tot(hands["B"])
            # The banker asks for the table and follows it; where he chooses, he draws on 0-5.
            steps.append("AskTable")
            cells = [bank_cell(bt, third[t]) for t in (1, 2) if not natural[t]]
            if len(set(cells)) == 1 and cells[0] in "TP":
                draw = cells[0] == "T"
                forced = True
            else:
                draw = bt <= 5
                forced = False
                steps.append(f"Say(Bank, {'Draw' if draw else 'Stand'})")
            if draw:
                c = sabot.pop(); hands["B"].append(c)
                steps.append(f'Cards(["{c}"])')
            del forced
        bt = tot(hands["B"])
        bnat = len(hands["B"]) == 2 and bt >= 8
        winners, outcome = {}, {}
        for t in (1, 2):
            pt = tot(hands[t])
            pnat = natural[t]
            if pnat and not bnat:
                o = 1
            elif bnat and not pnat:
                o = -1
            else:
                o = (pt > bt) - (pt < bt)
            outcome[t] = o
            winners[t] = {1: "Tableau", -1: "Bank", 0: "Tie"}[o]
        nets = {}
        for seat, spot, amount in bets:
            stakes = {"Tableau(1)": [(1, amount)], "Tableau(2)": [(2, amount)],
                      "Half(2)": [(2, amount / 2)], "Cheval": None}[spot]
            if stakes is None:
                units = int(amount / 10)
                first = Decimal((units - units // 2) * 10)
                stakes = [(1, first), (2, amount - first)]
            nets[seat] = nets.get(seat, Decimal(0)) + sum(outcome[t] * s for t, s in stakes)
        bank_net = -sum(nets.values())
        cag = cent(bank_net * Decimal("0.05")) if bank_net > 0 else Decimal(0)
        bank += bank_net - cag
        cag_total += cag
        for t in (1, 2):
            if outcome[t] == -1:
                seats = occupied[t]
                holders[t - 1] = seats[(seats.index(holders[t - 1]) + 1) % len(seats)]
        ended = len(sabot) < cut_below
        net_txt = ", ".join(f"(seat: {s}, amount: {money(v)})" for s, v in sorted(nets.items()))
        steps.append(f"Check((coup: {coup}, totals: [(Tableau(1), {tot(hands[1])}), (Tableau(2), {tot(hands[2])}), "
                     f"(Bank, {bt})], winners: [(Tableau(1), {winners[1]}), (Tableau(2), {winners[2]})], "
                     f"net: [{net_txt}], cagnotte: {money(cag)}, bank: {money(bank)}, "
                     f"cagnotte_total: {money(cag_total)}, holders: [(Tableau(1), {holders[0]}), "
                     f"(Tableau(2), {holders[1]})], cards_left: {len(sabot)}, "
                     f"shoe_ended: {'true' if ended else 'false'}))")
        if ended or len(sabot) < 6:
            break
    lines = header("Banque: a whole one-deck shoe with a caballo and half-line bets, the banker on the table; "
                   "every coup checked against an independent model (tools/whole_shoes.py)",
                   ["R-BQ-2", "R-BQ-3", "R-BQ-7", "R-BQ-6", "R-BQ-9", "R-BQ-13", "R-BQ-14", "R-BQ-15",
                    "R-BQ-16", "R-BQ-17", "R-C-4"],
                   "(game: Banque, decks: 1, unit: \"10\", sections: 12)")
    lines += [f"        {s}," for s in steps]
    lines += ["    ],", f"    expect: (bank: {money(bank)}, cagnotte_total: {money(cag_total)}),", ")"]
    return "\n".join(lines) + "\n"


def chemin_de_fer(seed=3):
    rng = random.Random(seed)
    sabot = deck(1, rng)
    sections = 6
    steps = [f"Join(seat: {s})" for s in range(1, sections + 1)]
    steps += ["NewShoe", "Shuffle", f"DeclineCut(seat: {sections})", f"Cut(below: 7, seat: {sections - 1})",
              'TakeBank(seat: 1, amount: "100")']
    cut_below, bank, banker, cag_total, coup = 7, Decimal(100), 1, Decimal(0), 0
    while True:
        coup += 1
        steps += ["NextCoup", f"AnnounceBank({money(bank)})"]
        # Two players bet against the bank, the highest seated bet holds the cards.
        others = [s for s in range(1, sections + 1) if s != banker]
        a, b = others[0], others[1]
        bets = [(a, Decimal(30)), (b, Decimal(20))]
        for seat, amount in bets:
            steps.append(f"Bet(seat: {seat}, spot: Player, amount: {money(amount)})")
        steps.append("NoMoreBets")
        deal = [sabot.pop() for _ in range(4)]
        p, bk = [deal[0], deal[2]], [deal[1], deal[3]]
        steps.append("Cards([" + ", ".join(f'"{c}"' for c in deal) + "])")
        pt, bt = tot(p), tot(bk)
        p3 = None
        if pt < 8 and bt < 8:
            if pt <= 4 or (pt == 5 and rng.random() < 0.5):
                if pt == 5:
                    steps.append("Say(Player, Draw)")
                p3 = sabot.pop(); p.append(p3)
                steps.append(f'Cards(["{p3}"])')
            elif pt == 5:
                steps.append("Say(Player, Stand)")
            cell = bank_cell(bt, None if p3 is None else pts(p3))
            draw = cell == "T" or (cell == "O" and bt <= 4)
            if cell == "O":
                steps.append(f"Say(Bank, {'Draw' if draw else 'Stand'})")
            if draw:
                c = sabot.pop(); bk.append(c)
                steps.append(f'Cards(["{c}"])')
        pf, bf = tot(p), tot(bk)
        pn = len(p) == 2 and pf >= 8
        bn = len(bk) == 2 and bf >= 8
        o = 1 if (pn and not bn) else (-1 if (bn and not pn) else (pf > bf) - (pf < bf))
        winner = {1: "Player", -1: "Bank", 0: "Tie"}[o]
        nets = {seat: o * amount for seat, amount in bets}
        bank_net = -sum(nets.values())
        cag = cent(bank_net * Decimal("0.05")) if bank_net > 0 else Decimal(0)
        bank_after = bank + bank_net - cag
        cag_total += cag
        net_txt = ", ".join(f"(seat: {s}, amount: {money(v)})" for s, v in sorted(nets.items()))
        check = (f"Check((coup: {coup}, totals: [(Player, {pf}), (Bank, {bf})], winners: [(Player, {winner})], "
                 f"net: [{net_txt}], cagnotte: {money(cag)}, bank: {money(bank_after)}, "
                 f"cagnotte_total: {money(cag_total)}, holders: [(Player, {a})], cards_left: {len(sabot)}")
        ended = len(sabot) < cut_below
        if winner == "Player":
            # R-CF-10: the bank passes to the next player on the right.
            banker = banker % sections + 1
            check += f", banker: 0, bank_offered_to: {banker}"
            bank = Decimal(100)
        else:
            bank = bank_after
            check += f", banker: {banker}"
        check += f", shoe_ended: {'true' if ended else 'false'}))"
        steps.append(check)
        if ended or len(sabot) < 6:
            break
        if winner == "Player":
            steps.append(f'TakeBank(seat: {banker}, amount: "100", how: Offered)')
    lines = header("Chemin de fer: a whole one-deck shoe, the cut offered from the croupier's left, the bank "
                   "passing on each loss; every coup checked against an independent model (tools/whole_shoes.py)",
                   ["R-C-5", "R-CF-1", "R-CF-2", "R-CF-5", "R-CF-7", "R-CF-8", "R-CF-9", "R-CF-10", "R-C-4"],
                   f"(game: ChemindeFer, decks: 1, sections: {sections})")
    lines += [f"        {s}," for s in steps]
    lines += ["    ],", f"    expect: (cagnotte_total: {money(cag_total)}),", ")"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    (OUT / "pb_whole_shoe.ron").write_text(punto_banca())
    (OUT / "bq_whole_shoe.ron").write_text(banque())
    (OUT / "cf_whole_shoe.ron").write_text(chemin_de_fer())
    print("wrote pb_whole_shoe.ron, bq_whole_shoe.ron, cf_whole_shoe.ron")
