"""An outside reference for Carta robada: a full-memory player, written from
the rules (seed 003 and /work/shared/RULINGS.md) without reading the
project's bots, to measure them against.

It keeps, for every position of every tendido, the card it last saw there
(``None``: never seen), moved along with every move the table saw; it prices
an unseen card at the mean of the cards it cannot place; it cuts every card
it knows to match the open top; it swaps a card in when that saves 2 points
or more; it declares SNAP! when its own estimate is 4 points below every
other one with at most one unknown card of its own. Action cards: Impulso
always, Espía on its own unseen cards, Disrupción to hand over its dearest
known card for an unseen or cheaper one, Manipulación on the lowest estimate,
no Remolino, no Reversa.

    from bench.refbots_carta import REFBOTS
    run("carta_robada", ["hard", ("ref", REFBOTS["ref"])], 400, players=2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bot import Bot, View
from engine.carta_robada.cards import CARDS, number, points

__all__ = ["REFBOTS", "REFERENCE", "MemoryPlayer"]


class MemoryPlayer(Bot):
    """Remembers everything its view's log shows; reacts like a hard bot."""

    level = "hard"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.cards: list[list[str | None]] = []  # what it saw at each position
        self.gone: list[str] = []  # cards on the discard since the last reshuffle
        self.hand: str | None = None
        self.read_up_to = -1

    # -- memory --------------------------------------------------------------

    def follow(self, view: View) -> None:
        if not self.cards:
            self.cards = [[None] * t["count"] for t in view["tendidos"]]
        for ev in view["events"]:
            if ev["n"] > self.read_up_to:
                self.read_up_to = ev["n"]
                self.event(ev)
        for seat, t in enumerate(view["tendidos"]):  # sizes from the view itself
            row = self.cards[seat]
            del row[t["count"] :]
            row.extend([None] * (t["count"] - len(row)))

    def event(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        if kind == "seen":
            for seat, pos, card in ev["cards"]:
                self.cards[seat][pos] = card
        elif kind in ("drawn", "take"):
            self.hand = ev["card"]
            if kind == "take":
                self.gone.pop() if self.gone else None
        elif kind == "swap":
            self.cards[ev["seat"]][ev["pos"]] = self.hand
            self.gone.append(ev["card"])
            self.hand = None
        elif kind == "discard":
            self.gone.append(ev["card"])
            self.hand = None
        elif kind == "milagro":
            self.gone.append("milagro")
        elif kind == "remove":
            self.cards[ev["seat"]].pop(ev["pos"])
            self.gone.append(ev["card"])
        elif kind == "cut":
            if ev["ok"]:
                self.cards[ev["seat"]].pop(ev["pos"])
                self.gone.append(ev["card"])
            else:
                self.cards[ev["seat"]][ev["pos"]] = ev["card"]
        elif kind == "penalty":
            self.cards[ev["seat"]].append(None)
        elif kind == "order":
            row, (i, j) = self.cards[ev["seat"]], ev["positions"]
            row[i], row[j] = row[j], row[i]
        elif kind == "use" and ev["card"] == "manipulacion":
            self.cards[ev["target"]] = [None] * len(self.cards[ev["target"]])
        elif kind == "use" and ev["card"] == "disrupcion":
            (a, i), (b, j) = ev["cards"]
            self.cards[a][i], self.cards[b][j] = self.cards[b][j], self.cards[a][i]
        elif kind == "whirl":
            n, shift = len(self.cards), 1 if ev["towards"] == "next" else -1
            passed = [self.cards[s][ev["positions"][s]] for s in range(n)]
            for s in range(n):
                self.cards[s][ev["positions"][s]] = passed[(s - shift) % n]
        elif kind == "reshuffle":
            self.gone = self.gone[-1:]
        elif kind == "turn":
            self.hand = None

    def unseen_mean(self) -> float:
        pool = {c: info["copies"] for c, info in CARDS.items() if c != "snap"}
        for c in self.gone + [c for row in self.cards for c in row if c is not None]:
            pool[c] -= 1
        n = sum(k for k in pool.values() if k > 0)
        return sum(points(c) * k for c, k in pool.items() if k > 0) / n if n else 5.0

    def estimate(self, seat: int, mean: float) -> float:
        return sum(mean if c is None else points(c) for c in self.cards[seat])

    def dearest(self, seat: int, mean: float) -> int:
        """The position whose card it would most like to be rid of."""
        row = self.cards[seat]
        return max(range(len(row)), key=lambda i: mean + 1 if row[i] is None else points(row[i]))

    # -- play ----------------------------------------------------------------

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        self.follow(view)
        me = view["seat"]
        top = view["discard"]["top"]
        if top is not None and not top["blocked"] and number(top["card"]) is not None:
            for pos, card in enumerate(self.cards[me]):
                matches = card is not None and number(card) == number(top["card"])
                if matches and f"cut:{pos}" in legal:
                    return f"cut:{pos}"
        if view["phase"] == "peek":
            return "peek:0,1" if "peek:0,1" in legal else None
        mean = self.unseen_mean()
        if view["phase"] == "whirl":
            give = f"give:{self.dearest(me, mean)}"
            return give if give in legal else next((a for a in legal if a.startswith("give")), None)
        if view["turn"] != me:
            return None
        if "declare" in legal and self.ready(view, mean):
            return "declare"
        step = view["step"]
        worst = self.dearest(me, mean)
        row = self.cards[me]
        worth = mean if row[worst] is None else points(row[worst])
        if step == "draw":
            if "take" in legal and top is not None and worth - points(top["card"]) >= 2:
                return "take"
            return "draw" if "draw" in legal else legal[0]
        if step == "decide":
            held = view["hand"]["card"]
            if "discard" not in legal or worth - points(held) >= 2:
                return f"swap:{worst}"
            return "discard"
        if step == "remove":
            return f"remove:{worst}"
        if step == "activate":
            return self.activate(view, legal, mean)
        return legal[0]

    def ready(self, view: View, mean: float) -> bool:
        me = view["seat"]
        if sum(c is None for c in self.cards[me]) > 1:
            return False
        mine = self.estimate(me, mean)
        return all(mine + 4 <= self.estimate(p, mean) for p in range(view["players"]) if p != me)

    def activate(self, view: View, legal: Sequence[str], mean: float) -> str:
        me, card = view["seat"], view["pending"]["card"]
        others = [p for p in range(view["players"]) if p != me and p not in view["out"]]
        if card == "impulso":
            return "use"
        if card == "manipulacion" and others:
            leader = min(others, key=lambda p: self.estimate(p, mean))
            return f"use:{leader}"
        if card == "espia":
            blind = [i for i, c in enumerate(self.cards[me]) if c is None]
            if len(blind) >= 2:
                return f"use:{me}.{blind[0]},{me}.{blind[1]}"
            if blind and others:
                other = others[0]
                a, b = sorted([(me, blind[0]), (other, 0)])
                use = f"use:{a[0]}.{a[1]},{b[0]}.{b[1]}"
                return use if use in legal else "skip"
            return "skip"
        if card == "disrupcion":
            mine = self.dearest(me, mean)
            have = self.cards[me][mine]
            if have is None or points(have) <= mean + 1:
                return "skip"
            best, choice = points(have) - (mean + 1), "skip"
            for p in others:
                for j, c in enumerate(self.cards[p]):
                    gain = points(have) - (mean if c is None else points(c))
                    a, b = sorted([(me, mine), (p, j)])
                    use = f"use:{a[0]}.{a[1]},{b[0]}.{b[1]}"
                    if gain > best and use in legal:
                        best, choice = gain, use
            return choice
        return "skip"


REFBOTS = {"ref": MemoryPlayer}
#: The reference ``bench/refbots.py`` lists for Carta robada.
REFERENCE = MemoryPlayer
