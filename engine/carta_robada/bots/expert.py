"""Carta robada's expert (:class:`ExpertBot`): hard's memory and cuts, each turn
decision with a choice searched over imagined tables, in slices of counted work."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.bot import Thought, View, conclude
from engine.carta_robada.bots.imagined import _ID, _PTS, _SNAP, ExpertMemory
from engine.carta_robada.bots.levels import HardBot
from engine.carta_robada.bots.playout import Playout
from engine.core import Rng


class ExpertBot(HardBot):
    """Searches within the table's pause: for each turn decision with a
    choice, it imagines tables consistent with its memory (:class:`Playout`:
    the hidden cards drawn from the cards it cannot place, its known cards
    where it knows them, the others knowing what they saw of their own) and
    plays each candidate action out on the same imagined tables, to the end of
    the game, by a fast policy. It plays the candidate with the best share of
    won games, but leaves the hard bot's choice only for one that does better
    on the same tables by more than ``switch_z`` standard errors of the
    difference. Out of turn (cuts) and where nothing is to be chosen it is the
    hard bot, with its memory.

    Work is counted, never timed, so a seed decides the same on every
    machine: a unit is one turn played out (a play-out's end counts one), an
    imagined table ``imagine_cost`` units; a slice of :meth:`think` ends with
    the play-out that brings it to ``slice_work`` units, and a decision
    once it has done ``budget`` (and played ``min_tables`` tables)."""

    level = "expert"
    budget = 4000
    min_tables = 12
    slice_work = 600
    imagine_cost = 12
    switch_z = 1.0

    memory: ExpertMemory

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.memory = ExpertMemory(self)

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return conclude(self.think(view, legal))

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        choice = super().act(view, legal)
        candidates = self.candidates(view, legal, choice)
        if len(candidates) < 2:
            return choice
        root = self.root(view)
        if root is None:
            return choice
        wins: list[list[float]] = [[] for _ in candidates]
        work = since = 0
        while work < self.budget or len(wins[0]) < self.min_tables:
            world = self.imagine(view, root)
            seed = self.rng.next64()
            work += self.imagine_cost
            since += self.imagine_cost
            for c, action in enumerate(candidates):
                play = world.copy(seed)
                for name, arg in _parse(action, view["seat"]):
                    play.play(name, arg)
                    if play.winners is not None:
                        break
                winners = play.run()
                wins[c].append(1.0 / len(winners) if view["seat"] in winners else 0.0)
                work += play.turns + 1
                since += play.turns + 1
                if since >= self.slice_work:
                    since = 0
                    yield
        return self.pick_best(candidates, wins, choice)

    def pick_best(
        self, candidates: list[str], wins: list[list[float]], choice: str | None
    ) -> str | None:
        """The candidate with the most wins, if it beats ``choice`` (the hard
        bot's) on the same tables by more than ``switch_z`` standard errors."""
        base = candidates.index(choice) if choice in candidates else 0
        tables = len(wins[0])
        best, best_gain = base, 0.0
        for c in range(len(candidates)):
            if c == base:
                continue
            diffs = [a - b for a, b in zip(wins[c], wins[base], strict=True)]
            mean = sum(diffs) / tables
            var = sum((d - mean) ** 2 for d in diffs) / max(1, tables - 1)
            if mean > best_gain and mean > self.switch_z * math.sqrt(var / tables):
                best, best_gain = c, mean
        return candidates[best]

    def candidates(self, view: View, legal: Sequence[str], choice: str | None) -> list[str]:
        """The turn actions worth playing out (``choice`` among them), or none."""
        me = view["seat"]
        if view["phase"] != "play" or view["turn"] != me or choice is None:
            return []
        if choice.startswith(("cut:", "tied:", "order:")):
            return []
        turn = [a for a in legal if not a.startswith(("cut:", "tied:", "order:"))]
        step = view["step"]
        if step != "activate":
            out = list(turn)
        else:
            out = [a for a in turn if not a.startswith("use")]
            uses = [a for a in turn if a.startswith("use")]
            card = view["pending"]["card"] if view["pending"] else None
            if card in ("disrupcion", "espia"):
                out += self.shortlist(view, card, uses)
            else:
                out += uses
        if choice not in out:
            out.append(choice)
        return out

    def shortlist(self, view: View, card: str, uses: Sequence[str]) -> list[str]:
        """A few Disrupción or Espía targets: for each other seat, this seat's
        worst card for that seat's best-known one (Disrupción), or two of its
        cards this seat does not know (Espía), and two of this seat's own."""
        me, e = view["seat"], self.unknown_value(view)
        out: list[str] = []
        if card == "disrupcion":
            _, mine = self.worst(me, e)
            for p in range(view["players"]):
                if p == me:
                    continue
                vals = self.values(p, e)
                if not vals:
                    continue
                j = vals.index(min(vals))
                a, b = sorted([(me, mine), (p, j)])
                out.append(f"use:{a[0]}.{a[1]},{b[0]}.{b[1]}")
        else:
            for p in range(view["players"]):
                blind = [i for i, f in enumerate(self.memory.know[p]) if f is None][:2]
                if len(blind) == 2:
                    out.append(f"use:{p}.{blind[0]},{p}.{blind[1]}")
        return [a for a in dict.fromkeys(out) if a in uses]

    def root(self, view: View) -> Playout | None:
        """What every imagined table shares: the public position and this
        seat's knowledge, the hidden cards left to be drawn by :meth:`imagine`
        (``None`` where the memory disagrees with the view: then no search)."""
        mem = self.memory
        if len(mem.pile) != view["discard"]["count"]:
            return None
        e = self.unknown_value(view)
        left = self.unseen()
        if view["hand"] is not None and view["hand"]["card"] is not None:
            held = view["hand"]["card"]
            if left.get(held, 0) <= 0:
                return None
            left[held] -= 1
        w = Playout.__new__(Playout)
        w.n, w.e = view["players"], e
        w.spread = max(1.0, self.unknown_spread(e))
        pool = sorted((_PTS[_ID[c]], n) for c, n in left.items() if n > 0)
        w.below = []
        for bound in range(-15, 16):
            under = [(v, n) for v, n in pool if v < bound]
            count = sum(n for _, n in under)
            w.below.append(min(e, sum(v * n for v, n in under) / count) if count else e)
        top = view["discard"]["top"]
        w.pile = [_ID[c] for c in mem.pile]
        w.blocked = bool(top and top["blocked"])
        w.marker = view["marker"]["found"]
        w.declarer = view["declarer"]
        w.out = bool(view["out"])
        w.turn, w.step, w.direction = view["seat"], view["step"], view["direction"]
        w.extra, w.in_extra = view["extra_turns"], view["extra_turn"]
        hand = view["hand"]
        w.hand = _ID[hand["card"]] if hand and hand["card"] is not None else None
        w.hand_from = hand["source"] if hand else None
        pending = view["pending"]
        w.pending = _ID[pending["card"]] if pending else None
        w.turns, w.winners, w.rng = 0, None, Rng(0)
        w.deck = [_ID[c] for c, n in left.items() for _ in range(n)]
        w.tend, w.known, w.guess, w.exact = [], [], [], []
        return w

    def imagine(self, view: View, root: Playout) -> Playout:
        """One table consistent with this seat's memory: the cards it cannot
        place dealt at random to the places it does not know (the cards it
        knows to be in a tendido there, a card an opponent kept below the
        card it replaced, when such a card is left) and to the draw pile,
        with the marker shuffled in while nobody has drawn it."""
        mem, rng, me = self.memory, self.rng, view["seat"]
        pool = list(root.deck)
        rng.shuffle(pool)
        w = root.copy(0)
        w.rng = rng.copy()
        for p, row in enumerate(mem.know):
            tend: list[int] = []
            known: list[bool] = []
            guess: list[float] = []
            exact: list[bool] = []
            blind = [i for i, f in enumerate(row) if f is None]
            loose = list(mem.loose[p])[: len(blind)]
            rng.shuffle(blind)
            placed = dict(
                zip(blind, loose, strict=False)
            )  # not in the pool: unseen() left them out
            caps = mem.cap[p]
            for i, f in enumerate(row):
                if f is not None:
                    card = _ID[f.card]
                    tend.append(card)
                    guess.append(float(_PTS[card]))
                    exact.append(p != me)
                elif i in placed:
                    card = _ID[placed[i]]
                    tend.append(card)
                    guess.append(float(_PTS[card]) if p != me else root.e)
                    exact.append(False)
                else:
                    cap = caps[i] if i < len(caps) else None
                    at = len(pool) - 1
                    if cap is not None:
                        at = next(
                            (k for k in range(len(pool) - 1, -1, -1) if _PTS[pool[k]] < cap), at
                        )
                    card = pool.pop(at) if pool else _ID[DECK_FILLER]
                    tend.append(card)
                    guess.append(
                        root.below[int(min(15, max(-15, cap))) + 15]
                        if cap is not None and p != me
                        else root.e
                    )
                    exact.append(False)
                known.append(
                    f is not None
                    if p == me
                    else (mem.owns[p][i] if i < len(mem.owns[p]) else False)
                )
            w.tend.append(tend)
            w.known.append(known)
            w.guess.append(guess if p != me else [root.e] * len(tend))
            w.exact.append(exact)
        need = view["deck"] - (0 if view["marker"]["found"] else 1)
        deck = pool[:need]
        while len(deck) < need:
            deck.append(_ID[DECK_FILLER])
        if not view["marker"]["found"]:
            deck.insert(rng.below(len(deck) + 1), _SNAP)
        w.deck = deck
        return w


#: A card for an imagined draw pile that the memory counted short (never seen so far).
DECK_FILLER = "5"


def _parse(action: str, me: int) -> list[tuple[str, Any]]:
    """A turn action as the play-out's steps: ``declare``, ``swap:2``, ``use:1``,
    ``use:next``, ``use:0.1,1.3`` (a Disrupción's or an Espía's two cards)."""
    name, _, arg = action.partition(":")
    if name in ("swap", "remove"):
        return [(name, int(arg))]
    if name != "use" or not arg:
        return [(name, None)]
    if arg in WHIRL_STEP:
        return [(name, WHIRL_STEP[arg])]
    if "." not in arg:
        return [(name, int(arg))]
    slots = [(int(a), int(b)) for a, b in (part.split(".") for part in arg.split(","))]
    return [(name, slots)]


WHIRL_STEP = {"next": 1, "prev": -1}
