#!/usr/bin/env python3
"""What the players did in òicustiỳtac game records (from `tessel analyze --records DIR`).

Usage: python3 docs/analysis/oicustiytac-strategy.py DIR [TESSEL]

Replays every record with `tessel replay --json` and counts, per colour, per round and
for round winners against losers (single-round records only): stones whelped, single
moves, three stones moved together, stones brought home, over-moves (the opponent's
penalty bring_down), and passes; and the rounds each colour won (the ruleset's kept
counters `black_rounds` and `white_rounds`).
"""
import json, os, re, subprocess, sys
from collections import Counter, defaultdict

d = sys.argv[1]
tessel = sys.argv[2] if len(sys.argv) > 2 else "tessel"

def kind(text):
    if text == "pass":
        return "pass"
    if text.startswith("bring_home@"):
        return "bring_home"
    if text.startswith("bring_down@"):
        return "penalty"   # the mover brings down after the opponent's over-move
    if re.match(r"^[BW]@", text):
        return "whelp"
    # Three stones of one trap together: `e1e2*3` (older records: `e1e2#4`).
    if re.search(r"(\*3|#[45])$", text):
        return "three"
    if re.match(r"^[a-j][12][a-j][12](#[23])?$", text):
        return "move"
    return "other"

per_colour = defaultdict(Counter)
round_wins = Counter()
turns_kind = Counter()
winners, losers = Counter(), Counter()
rounds = 0
games = 0
files = sorted(f for f in os.listdir(d) if f.endswith(".json"))
for f in files:
    out = subprocess.run([tessel, "replay", os.path.join(d, f), "--json"],
                         capture_output=True, text=True, check=True).stdout
    r = json.loads(out)
    games += 1
    game_rounds = set()
    counts = defaultdict(Counter)
    turn = []
    last_by = None
    for m in r["moves"]:
        if m["by"] == "chance":
            continue
        game_rounds.add(m["round"])
        k = kind(m["text"])
        who = m["by"]
        # over-move: the penalty is the *opponent's* decision, so charge the other colour.
        if k == "penalty":
            other = "white" if who == "black" else "black"
            counts[other]["over-move"] += 1
            per_colour[other]["over-move"] += 1
        else:
            counts[who][k] += 1
            per_colour[who][k] += 1
    rounds += len(game_rounds)
    v = r.get("variables", {})
    round_wins["black"] += v.get("black_rounds", 0)
    round_wins["white"] += v.get("white_rounds", 0)
    res = r.get("result") or ""
    w = "black" if "black wins" in res else "white" if "white wins" in res else None
    if w and len(game_rounds) == 1:
        l = "white" if w == "black" else "black"
        winners.update(counts[w])
        losers.update(counts[l])

print(f"{games} games, {rounds} rounds")
won = round_wins["black"] + round_wins["white"]
if won:
    print(f"rounds won: black {round_wins['black']} ({100 * round_wins['black'] / won:.1f}%), "
          f"white {round_wins['white']} ({100 * round_wins['white'] / won:.1f}%)")
keys = ["whelp", "move", "three", "bring_home", "over-move", "pass"]
print("per round, by colour:")
for c in ["black", "white"]:
    print(f"  {c:5} " + "  ".join(f"{k} {per_colour[c][k] / max(rounds, 1):.2f}" for k in keys))
if sum(winners.values()):
    n = sum(1 for _ in files)
    print("single rounds, per round: winner against loser")
    for k in keys:
        print(f"  {k:10} winner {winners[k] / n:.2f}  loser {losers[k] / n:.2f}")
