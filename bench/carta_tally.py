"""Carta robada: a lineup's figures beyond the win rate, for docs/bots.md.

    python3 bench/carta_tally.py --lineup hard,ref,ref,ref --players 4 --games 1000 --seed 11
    python3 bench/carta_tally.py --lineup hard,hard@acdf33c --players 2 --games 2000 --start 1000

Plays the games :func:`engine.arena.run` plays for the same lineup, seed and
players (same deal and bot seeds, seats rotated the same way), from game
``--start`` on, and reads each final state's public events: per label, its
share of the games with the Wilson interval, declarations and how many the
declarer won, cuts made and failed, tendidos emptied first, takes, action cards
used and skipped, mean final score and cards left. A lineup entry is a level,
``ref`` (``bench/refbots_carta.py``) or ``<level>@<commit>`` (``bench/previous.py``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.previous import previous_factory
from bench.refbots import REFERENCES
from engine import GAMES
from engine.arena import Entrant, _mix, _resolve, play_game, wilson_interval

GAME_ID = "carta_robada"


def entrant(name: str) -> Entrant:
    if name == "ref":
        return ("ref", REFERENCES[GAME_ID])
    if "@" in name:
        level, commit = name.split("@")
        return previous_factory(GAME_ID, commit, level)
    return name


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lineup", required=True, help="entries, comma-separated, cycled over seats")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0, help="first game (to extend a run)")
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    game = GAMES[GAME_ID]
    lineup = [_resolve(GAME_ID, entrant(x)) for x in a.lineup.split(",")]
    seats = [lineup[i % len(lineup)] for i in range(a.players)]
    tally: Counter[str] = Counter()
    credits: defaultdict[str, float] = defaultdict(float)
    for g in range(a.start, a.start + a.games):
        block, turn = divmod(g, a.players)
        levels = [seats[(s + turn) % a.players] for s in range(a.players)]
        result, _, state = play_game(game, levels, _mix(a.seed, block), _mix(a.seed, g, 1))
        label = [lv[0] for lv in levels]
        winners = result["winners"]
        for w in winners:
            credits[label[w]] += 1 / len(winners)
            if result["reason"] == "emptied":
                tally[label[w] + ":emptied"] += 1
        tally["reason:" + result["reason"]] += 1
        for s in range(a.players):
            tally[label[s] + ":score"] += result["scores"][s]
            tally[label[s] + ":cards"] += len(result["tendidos"][s])
        for ev in state.events(None):
            kind = ev["type"]
            who = label[ev["seat"]] if "seat" in ev else ""
            if kind == "declare":
                tally[who + ":declared"] += 1
                tally[who + ":declared won"] += ev["seat"] in winners
            elif kind == "cut":
                tally[who + (":cut" if ev["ok"] else ":cut failed")] += 1
            elif kind in ("use", "skip"):
                tally[f"{who}:{kind} {ev['card']}"] += 1
            elif kind == "take":
                tally[who + ":take"] += 1
    n, count = a.games, Counter(lv[0] for lv in seats)
    print(f"{GAME_ID}, {a.players} players, games {a.start} to {a.start + n - 1}, seed {a.seed}")
    for lab, k in count.items():
        lo, hi = wilson_interval(credits[lab], n)
        dec, won = tally[lab + ":declared"], tally[lab + ":declared won"]
        per = n * k  # seat-games
        print(
            f"{lab}: {k} seat(s), share {credits[lab] / n:.1%} [{lo:.1%}, {hi:.1%}], "
            f"fair {k / a.players:.0%}; declared {dec}, won {won / max(dec, 1):.1%}; "
            f"emptied first {tally[lab + ':emptied']}; per seat and game: cuts "
            f"{tally[lab + ':cut'] / per:.2f}, failed {tally[lab + ':cut failed'] / per:.3f}, "
            f"takes {tally[lab + ':take'] / per:.2f}, score {tally[lab + ':score'] / per:.2f}, "
            f"cards left {tally[lab + ':cards'] / per:.2f}"
        )
        cards = sorted(
            k_[len(lab) + 1 :]
            for k_ in tally
            if k_.startswith(lab + ":use ") or k_.startswith(lab + ":skip ")
        )
        print("   ", ", ".join(f"{c} {tally[lab + ':' + c]}" for c in cards))
    print("   ends:", {k_[7:]: v for k_, v in tally.items() if k_.startswith("reason:")})


if __name__ == "__main__":
    main(sys.argv[1:])
