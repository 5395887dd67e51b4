#!/usr/bin/env python3
"""Breaks the engine on purpose, one way at a time, and says which tests catch each break.

    python3 tools/mutations.py                # every mutation, the default test targets
    python3 tools/mutations.py cheval tie     # only these
    python3 tools/mutations.py --list

Each mutation replaces one exact piece of source (it must be found exactly once), runs
the chosen test targets, records which tests failed, and puts the file back as it was
(also on Ctrl-C). A mutation that no test catches is a hole in the suite: give it a test.
The tests are the engine's (the lib's unit tests, the scripts, the independent model and
generator, the properties, the rules at the table); the GUI and the pit are left out
(they test other things and cost minutes each).
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The library's own tests; and, of the one test binary (tests/all.rs), the modules of
# the table scripts, the independent model, the properties, the rules at the table and
# the format-6 logs (filters after `--`: a test runs when its name contains any of
# them). One command each.
TARGETS = [["--lib"],
           ["--test", "all", "--", "scenarios_run::", "independent_model::", "properties::",
            "rules_at_the_table::", "journal_format6::"]]

# (name, file, the exact source, what it becomes, what the break means)
MUTATIONS = [
    ("cell", "src/engine/drawing.rs",
     "[T, T, T, T, T, T, T, T, P, O, T],\n        [P, P, T,",
     "[T, T, T, T, T, T, T, T, T, O, T],\n        [P, P, T,",
     "a drawing cell: bank 3 against a third card 8 draws (P becomes T)"),
    ("optional-cell", "src/engine/drawing.rs",
     "[P, P, P, P, O, T, T, T, P, P, T],",
     "[P, P, P, P, P, T, T, T, P, P, T],",
     "an O cell: bank 5 against a 4 becomes a fixed stand"),
    ("five", "src/engine/drawing.rs",
     "        5 => PlayerDuty::Chooses,\n",
     "        5 => PlayerDuty::MustDraw,\n",
     "a paño on 5 must draw instead of choosing (R-BQ-11)"),
    ("cheval", "src/engine/bet.rs",
     "let first_units = units - units / 2;",
     "let first_units = units / 2;",
     "the a caballo split: the larger part of an odd number of units on paño 2 (R-BQ-7)"),
    ("half", "src/engine/bet.rs",
     "Spot::Half(n) => one(HandId::Tableau(n), self.amount.half()?),",
     "Spot::Half(n) => one(HandId::Tableau(n), self.amount),",
     "the half line plays the whole bet (R-BQ-6)"),
    ("rounding", "src/engine/money.rs",
     "RoundingMode::HalfUp => 2 * rest >= div,",
     "RoundingMode::HalfUp => 2 * rest > div,",
     "the cagnotte's rounding: half up becomes half down (R-BQ-16)"),
    ("natural", "src/engine/settle.rs",
     "        (true, false) => Ordering::Greater,\n        (false, true) => Ordering::Less,\n",
     "",
     "a natural no longer beats a three-card hand of the same or higher total (R-BQ-15)"),
    ("deal-order", "src/engine/rules.rs",
     "const BQ_DEAL: [(HandId, u8); 6] = [(P1, 0), (P2, 0), (HandId::Bank, 0), (P1, 1), (P2, 1), (HandId::Bank, 1)];",
     "const BQ_DEAL: [(HandId, u8); 6] = [(P2, 0), (P1, 0), (HandId::Bank, 0), (P2, 1), (P1, 1), (HandId::Bank, 1)];",
     "the order of the paños in the deal: paño 2 first (R-BQ-10)"),
    ("turn", "src/engine/decide/coup.rs",
     "let at = |x: HandId| players.iter().position(|h| *h == x).unwrap_or(players.len());",
     "let at = |x: HandId| players.iter().position(|h| *h == x).unwrap_or(0);",
     "the regression: the bank's place among the player hands falls back to 0 (R-BQ-11)"),
    ("ruling-card", "src/engine/rules.rs",
     "            fix_only.next = Some(left.remove(0));\n        }\n        (fix_only, left)",
     "            fix_only.next = left.pop();\n        }\n        (fix_only, left)",
     "a ruling's card: the card left over is the last out, not the next (R-BQ-E14)"),
    ("table-binds", "src/engine/rules.rs",
     "                } else if !p.table_asked {\n                    Some(BankDuty::Chooses)",
     "                } else if true {\n                    Some(BankDuty::Chooses)",
     "asking for the table binds nothing (R-BQ-13/14)"),
    ("bank-natural", "src/engine/rules.rs",
     "Game::Banque => natural && self.settings.house.bank_natural_ends_coup,",
     "Game::Banque => false,",
     "the bank's natural no longer ends the coup (R-BQ-12)"),
    ("tie", "src/engine/settle.rs",
     "Ordering::Equal => Outcome::Tie,",
     "Ordering::Equal => Outcome::Lost,",
     "a tie loses to the bank instead of standing (R-BQ-15, house rule Push)"),
    ("commission", "src/engine/settle.rs",
     "let c = bet.amount.take(s.commission, s.rounding)?;",
     "let c = bet.amount.take(s.cagnotte, s.rounding)?;",
     "Punto y Banca's commission at the cagnotte's rate (R-PB-4)"),
    ("pb-draw", "src/engine/drawing.rs",
     "pub fn punto_draws(total: u8) -> bool {\n    total <= 5",
     "pub fn punto_draws(total: u8) -> bool {\n    total <= 4",
     "punto stands on 5 (R-PB-7)"),
    ("holder-leaves", "src/engine/decide/between.rs",
     "out.push(Event::HolderPassed { tableau: n, to: next(Some(n)) });",
     "let _ = n;",
     "a paño's holder who leaves keeps the cards (R-BQ-9)"),
    ("presence", "src/engine/decide/mod.rs",
     "        if t.reading.presence() {\n            checks::named_present(t, op)?;\n        }\n",
     "",
     "the one presence check removed: a player who left is named by any operation (R-BQ-1)"),
    ("leaver-bets", "src/engine/table.rs",
     "                    sh.void_bets.retain(|b| b.player != *player);\n",
     "",
     "a void coup's bet carried for a player who left (002 §12, R-PB-4, R-BQ-E3)"),
    ("banker-counts", "src/engine/shift.rs",
     "&& Some(**p) != banker",
     "&& banker.is_some()",
     "the banker counted as one of his paño's two players (R-BQ-2)"),
    ("banker-leaves", "src/engine/decide/between.rs",
     "    if banker {\n        leave_bank(t, out)?;\n    }\n",
     "",
     "a banker who leaves the table keeps the bank at his empty seat (R-BQ-3)"),
    ("natural-at-turn", "src/engine/rules.rs",
     "let player_drew = (self.game() == Game::ChemindeFer || !self.reading.presence())",
     "let player_drew = (self.game() != Game::PuntoBanca || !self.reading.presence())",
     "a bank's natural shown at its turn after the paños drew is an infraction (R-BQ-12)"),
    ("free-accept", "src/engine/decide/betting.rs",
     "    if free_bank(t) && t.reading.presence() {\n        return refuse(Clause::BQ4, Reason::AcceptedFirst);\n    }\n",
     "",
     "a free bank's bet placed without the banker's acceptance (R-BQ-4)"),
    ("free-cover", "src/engine/settle.rs",
     "if bank_after.is_negative() && ctx.reading.presence() {",
     "if false {",
     "a free bank that cannot cover goes below zero instead of its banker covering it (R-BQ-4)"),
    ("old-reading", "src/journal/record.rs",
     "if format < PRESENCE { Reading::BeforePresence } else { Reading::Presence }",
     "if format < PRESENCE { Reading::Presence } else { Reading::Presence }",
     "a log of format 6 read under today's rules of who is at the table (log format 7)"),
    ("format-6-presence", "src/journal/scan.rs",
     "        return None;\n    }\n    Some(Reading::Presence)\n}",
     "        return None;\n    }\n    None\n}",
     "a log of format 6 written under the rules of who is at the table read only under the older reading"),
    ("act-seats", "src/engine/table.rs",
     "            self.shift.roster.insert(p);\n",
     "",
     "a player who came to the table by acting is not on its roster: he cannot leave with his void-coup bets (R-BQ-1)"),
    ("by-acting-counts", "src/engine/shift.rs",
     "        if self.seating != Seating::Kept {\n            return None;\n        }\n",
     "",
     "R-BQ-2 counted on a roster the croupier does not keep (players who have not acted yet counted as absent)"),
    ("leaver-suivi", "src/engine/table.rs",
     "                    if sh.suivi == Some(*player) {\n                        sh.suivi = None;\n                    }\n",
     "",
     "a player who left keeps his right of banca seguida (R-CF-6)"),
    ("cf-no-pass", "src/engine/decide/between.rs",
     "if winner == Some(Winner::Player) && t.settings.house.cf_bank_passes_on_loss {",
     "if false && t.settings.house.cf_bank_passes_on_loss {",
     "Chemin de fer's bank does not pass when it loses (R-CF-10)"),
    ("suivi-tie", "src/engine/decide/between.rs",
     "Some(Winner::Tie) => t.shift.suivi_abandoned.or(t.shift.suivi),",
     "Some(Winner::Tie) => t.shift.suivi,",
     "an abandoned banca seguida is not taken back on a tie (R-CF-6)"),
    ("resume-banco", "src/sim.rs",
     "            if self.table.can(&banco) {",
     "            if true {",
     "the simulated players call banco after other bets when a shift is taken up (R-BQ-8)"),
]


def run_tests(targets):
    env = dict(os.environ)
    env.setdefault("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    # SABOT_MUTATION_TARGETS="independent_model:: scenarios_run::" runs fewer of the
    # one binary's modules (and not the library's tests).
    if os.environ.get("SABOT_MUTATION_TARGETS"):
        targets = [["--test", "all", "--"] + os.environ["SABOT_MUTATION_TARGETS"].split()]
    out = ""
    for t in targets:
        cmd = ["cargo", "test", "--locked", "--no-fail-fast"] + t
        p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        out += p.stdout + p.stderr
    if "could not compile" in out:
        return None, out
    failed = sorted(set(re.findall(r"^test (\S+) \.\.\. FAILED", out, re.M)))
    bins = sorted(set(re.findall(r"to rerun pass `([^`]+)`", out)))
    return (failed, bins), out


def main():
    args = sys.argv[1:]
    if args == ["--list"]:
        for name, f, _, _, what in MUTATIONS:
            print(f"{name:14} {f:32} {what}")
        return 0
    chosen = [m for m in MUTATIONS if not args or m[0] in args]
    holes = 0
    for name, rel, old, new, what in chosen:
        path = os.path.join(ROOT, rel)
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if text.count(old) != 1:
            print(f"{name}: the source to break is found {text.count(old)} times in {rel}: mutation out of date")
            holes += 1
            continue
        try:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text.replace(old, new, 1))
            result, out = run_tests(TARGETS)
        finally:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        if result is None:
            print(f"{name}: does not compile (not a useful mutation)\n{out[-2000:]}")
            continue
        failed, bins = result
        if not failed and not bins:
            holes += 1
            print(f"{name}: NOT CAUGHT: {what}")
        else:
            print(f"{name}: caught by {len(failed)} tests in {', '.join(bins)}: {what}")
            for t in failed[:8]:
                print(f"    {t}")
        sys.stdout.flush()
    return 1 if holes else 0


if __name__ == "__main__":
    sys.exit(main())
