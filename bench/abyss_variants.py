"""Abyss hard-bot variants tried against the hard bot,
kept so that the figures in docs/bots.md ("Abyss: what was tried") can be
run again; none of them is a level.

    python3 bench/abyss_variants.py A B --games 300 --seed 101 [--players 2]

plays variant (or level) ``A`` in one seat against ``B`` in the others through
:func:`engine.arena.run` and prints the table, then (heads-up) the mean of
A's game total minus B's over the games and its standard error (the games of
a block share a deal, seats swapped, so the luck of the deal mostly cancels).
``--closes`` counts each label's closes and closes doubled instead, per kind.
``A`` and ``B`` are a class name below, a level name (``hard``), ``prev`` (the
hard bot at git acdf33c, via bench/previous.py) or ``ref`` (the outside
reference, bench/refbots_abyss.py).

* :class:`Sym`: values the others' open boards as hard values its own (the
  future priced), not at face: playing on lets them improve too.
* :class:`Tempo`: the future priced less as the round nears its end (the
  others' fewest hidden cards).
* :class:`Match`: heads-up, options valued by the chance to win the game: the
  round's result carried to the running totals (the game ends at the target),
  a close priced over the other's final totals exactly, playing on as a normal.
* :class:`MatchSym`: Match with the others' boards valued as by Sym.
* :class:`Half`: Sym by half (the others' boards halfway between face and
  hard's judge); :class:`HalfStrict` and :class:`SymStrict` add a stricter
  doubling price (:class:`Strict`: no close whose expected doubling cost is
  above a margin).
* :class:`Lead`: a close almost never doubled earns a bonus per hidden card of
  the others' fewest (a board with six hidden cards cannot catch up in one turn).

SymStrict became hard (docs/bots.md has the runs); ``Before`` is hard before it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from engine.abyss.bots import COLUMN_POSITIONS, HIDDEN, HardBot, Judge
from engine.arena import Entrant, _mix, _resolve, play_game, run
from engine.core import Link


class Before(HardBot):
    """Hard as it was when these variants were tried: the others' boards at face,
    no doubling margin. Every variant below is built on it, so the figures in
    docs/bots.md still hold; :class:`SymStrict` is today's hard."""

    judged_others = False
    close_margin = None


class Sym(Before):
    """The others' open boards valued by this seat's judge (the future priced,
    the column plans), as its own, instead of at face."""

    def prepare(self, view: Any) -> None:
        super().prepare(view)
        if self.others and not self.closing_now:
            score = self.judge.score
            self.others_now = sum(score(self.grids[s]) for s in self.others) / len(self.others)


class Tempo(Before):
    """The future priced at ``min(1, (h + 1) / K)`` of hard's, ``h`` the
    others' fewest hidden cards: a round about to end leaves little to replace."""

    K = 4.0

    def setup(self, view: Any) -> None:
        super().setup(view)
        if view["closer"] is None:
            least = min(g["hidden"] for s, g in enumerate(view["grids"]) if s != view["seat"])
            f = self.future * min(1.0, (least + 1) / self.K)
            turns = self.judge.turns_left
            self.judge = Judge(self.pool, self.judge.columns, turns, f)


def _phi(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class Match(Before):
    """Heads-up: options valued by the chance to win the game (the round's
    result carried to the totals), not by the round's points."""

    S = 100.0
    EPS = 0.05
    ROUND_SD = 10.0
    ROUND_MEAN = 18.0

    def setup(self, view: Any) -> None:
        super().setup(view)
        self.match = False
        if self.players != 2 or self.closing_now:
            return
        me = self.me
        opp = 1 - me
        self.opp = opp
        totals = view["totals"]
        self.target = view.get("target", 100)
        self.t_me, self.t_opp = totals[me], totals[opp]
        g = view["grids"]
        self.h_sum = g[me]["hidden"] + g[opp]["hidden"]
        self.match = True

    def prepare(self, view: Any) -> None:
        super().prepare(view)
        if self.match:
            opp_grid = self.grids[self.opp]
            self.opp_est = self.plain.score(opp_grid)
            self.my_est = self.plain.score(self.grids[self.me])

    def cont(self, a, b):
        """Win chance from totals a (mine) and b (the other's) once this round is scored."""
        if max(a, b) >= self.target:
            return 1.0 if a < b else 0.5 if a == b else 0.0
        left = (self.target - max(a, b)) / self.ROUND_MEAN
        sg = self.ROUND_SD * math.sqrt(max(0.5, left))
        return _phi((b - a) / sg)

    def close_w(self, m, left):
        """The chance to win once closed with a total ``m``, ``left`` on the discard."""
        key = (m, left)
        memo = self.__dict__.setdefault("w_memo", {})
        if memo.get("id") is not self.risk:
            memo.clear()
            memo["id"] = self.risk
        got = memo.get(key)
        if got is not None:
            return got
        pmf = memo.get(("pmf", left))
        if pmf is None:
            mix = self.risk.mixtures(left)[0]
            lo, hi = math.floor(mix.mean - 60), math.ceil(mix.mean + 60)
            pmf = []
            prev = mix.at_most(lo - 1)
            for x in range(lo, hi + 1):
                c = mix.at_most(x)
                if c - prev > 1e-7:
                    pmf.append((x, c - prev))
                prev = c
            memo[("pmf", left)] = pmf
        acc = 0.0
        for x, q in pmf:
            mine = 2 * m if (self.doubling and m > 0 and x <= m) else m
            acc += q * self.cont(self.t_me + mine, self.t_opp + x)
        memo[key] = acc
        return acc

    def open_w(self, v):
        # v: my expected round score minus the other's (as the bot counts it)
        s = math.sqrt(6.0 * self.h_sum + 16.0)
        a = self.t_me + self.my_est
        b = self.t_opp + self.opp_est
        lead = self.t_opp - self.t_me  # > 0: I am ahead
        if max(a, b) >= self.target:
            w = _phi((lead - v) / s)
        else:
            left = (self.target - max(a, b)) / self.ROUND_MEAN
            sg = self.ROUND_SD * math.sqrt(max(0.5, left))
            w = _phi((lead - v) / math.sqrt(s * s + sg * sg))
        return -self.S * w + self.EPS * v

    def close_value(self, cells, left):
        v = super().close_value(cells, left)
        if not self.match:
            return v
        w = 0.0
        for m, p in self.final_totals(cells).items():
            w += p * self.close_w(m, left)
        return -self.S * w + self.EPS * v

    def after_place(self, cells, pos, value):
        v = super().after_place(cells, pos, value)
        if not self.match:
            return v
        if self.my_hidden - (cells[pos] == HIDDEN) == 0:
            col = COLUMN_POSITIONS[pos % 4]
            trio = [value if p == pos else cells[p] for p in col]
            swallowed = self.swallow and trio[0] == trio[1] == trio[2]
            left = value if swallowed else (None if cells[pos] == HIDDEN else cells[pos])
            return v - self.feed(left)  # the close is in win units; Risk has the take
        return self.open_w(v)

    def after_discard(self, cells, value):
        v = super().after_discard(cells, value)
        if not self.match or v == math.inf:
            return v
        if sum(1 for x in cells if x == HIDDEN) == 1:
            return v - self.feed(value)
        return self.open_w(v)

    def after_flip(self, cells, pos):
        v = super().after_flip(cells, pos)
        if not self.match:
            return v
        if sum(1 for x in cells if x == HIDDEN) == 1:
            return v
        return self.open_w(v)


class MatchSym(Match, Sym):
    """Match, with the others' boards valued as by Sym: both sides of its
    estimate of playing on are then priced alike."""


class Half(Before):
    """Sym by half: the others' open boards valued halfway between face and
    this seat's judge (the comparison with a close is all it changes: the same
    shift is added to every option that keeps the round open)."""

    W = 0.5

    def prepare(self, view: Any) -> None:
        super().prepare(view)
        if self.others and not self.closing_now:
            score = self.judge.score
            sym = sum(score(self.grids[s]) for s in self.others) / len(self.others)
            self.others_now += self.W * (sym - self.others_now)


class Strict(Before):
    """A close whose expected doubling cost (over the totals the close may
    leave, ``m`` times the chance of being doubled with ``m``) is above
    ``MARGIN`` points is not made (priced 100 points dearer)."""

    MARGIN = 1.0

    def close_value(self, cells: list[Any], left: Any) -> float:
        value = super().close_value(cells, left)
        if not self.closing_care or self.risk is None or not self.doubling:
            return value
        extra = 0.0
        for m, p in self.final_totals(cells).items():
            if m > 0:
                extra += p * m * self.risk.doubled(m, left)
        return value + (100.0 if extra > self.MARGIN else 0.0)


class SymStrict(Strict, Sym):
    """Sym, with the stricter doubling price of :class:`Strict`."""


class HalfStrict(Strict, Half):
    """Half, with the stricter doubling price of :class:`Strict`."""


class Lead(Before):
    """A close doubled with an expected chance below ``P`` is worth ``B``
    points more per hidden card of the others' fewest: a board with many
    hidden cards cannot catch up in its one last turn."""

    P = 0.05
    B = 1.0

    def close_value(self, cells: list[Any], left: Any) -> float:
        value = super().close_value(cells, left)
        if self.risk is None:
            return value
        totals = self.final_totals(cells).items()
        doubled = sum(p * self.risk.doubled(m, left) for m, p in totals if m > 0)
        if doubled < self.P:
            fewest = min(sum(1 for x in self.grids[s] if x == HIDDEN) for s in self.others)
            value -= self.B * fewest
        return value


VARIANTS: dict[str, type[HardBot]] = {
    "Before": Before,
    "Sym": Sym,
    "Tempo": Tempo,
    "Match": Match,
    "MatchSym": MatchSym,
    "Half": Half,
    "Strict": Strict,
    "SymStrict": SymStrict,
    "HalfStrict": HalfStrict,
    "Lead": Lead,
}


def entrant(name: str, label: str) -> Entrant:
    """A lineup entry for the arena (see the module doc)."""
    if name == "prev":
        from bench.previous import previous_factory

        return previous_factory("abyss", "acdf33c", "hard")
    if name == "ref":
        from bench.refbots_abyss import REFERENCE

        return ("ref", REFERENCE)
    if name in VARIANTS:
        return (label, VARIANTS[name])
    return name


def closes(lineup: list[Entrant], games: int, seed: int, players: int) -> dict[str, Any]:
    """Per label and kind of close (a card placed on the last hidden space, or
    a discard and the flip that must follow), ``[closes, doubled]``, from the
    games' logs; the same games, deals and seats as :func:`engine.arena.run`."""
    game = GAMES["abyss"]
    entrants = [_resolve("abyss", e) for e in lineup]
    seats = [entrants[i % len(entrants)] for i in range(players)]
    out: dict[str, Any] = {}
    for g in range(games):
        block, turn = divmod(g, players)
        levels = [seats[(s + turn) % players] for s in range(players)]
        _, _, state = play_game(game, levels, _mix(seed, block), _mix(seed, g, 1))
        events = Link.items(state.log)
        kind = None
        for i, ev in enumerate(events):
            if ev["type"] == "close":
                j = i - 1
                while events[j]["type"] not in ("place", "flip"):
                    j -= 1
                kind = events[j]["type"]
                if kind == "flip" and events[j - 1]["type"] == "discard":
                    kind = "discard+flip"
            elif ev["type"] == "round_end" and ev.get("closer") is not None and kind:
                counts = out.setdefault(levels[ev["closer"]][0], {}).setdefault(kind, [0, 0])
                counts[0] += 1
                counts[1] += bool(ev["doubled"])
                kind = None
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--closes", action="store_true", help="count closes doubled instead")
    args = parser.parse_args(argv)
    a = entrant(args.a, "A:" + args.a)
    b = entrant(args.b, "B:" + args.b)
    lineup = [a] + [b] * (args.players - 1)
    if args.closes:
        print(json.dumps(closes(lineup, args.games, args.seed, args.players)))
        return
    report = run("abyss", lineup, args.games, args.seed, args.players)
    print(report.table(), flush=True)
    labels = [e if isinstance(e, str) else e[0] for e in (a, b)]
    if args.players == 2 and labels[0] != labels[1]:
        sa, sb = (report.levels[x].scores for x in labels)
        d = [x - y for x, y in zip(sa, sb, strict=True)]
        m = sum(d) / len(d)
        sd = math.sqrt(sum((x - m) ** 2 for x in d) / max(1, len(d) - 1))
        print(f"total A - B per game: {m:+.2f} (standard error {sd / math.sqrt(len(d)):.2f})")


if __name__ == "__main__":
    main(sys.argv[1:])
