"""What the expert adds to hard's memory (:class:`ExpertMemory`), and the cards
as small numbers for its play-outs."""

from __future__ import annotations

from typing import Any

from engine.bot import Bot, View
from engine.carta_robada.bots.memory import CODES, Memory
from engine.carta_robada.cards import ACTIONS, MILAGRO, points
from engine.carta_robada.cards import number as card_number

# -- expert: the hard bot's memory, and play-outs of imagined tables -------------------

#: The play-outs' cards are small integers: ``CODES``' indices, the marker last.
_ID: dict[str, int] = {c: k for k, c in enumerate(CODES)}
_SNAP = len(CODES)
_MIRACLE = _ID[MILAGRO]
_PTS: list[int] = [points(c) for c in CODES] + [0]
_NUM: list[int] = [card_number(c) or 0 for c in CODES] + [0]
_EFFECT: list[str] = [c if c in ACTIONS else "" for c in CODES] + [""]

#: A play-out that reaches this many turns is scored as it stands.
_MAX_TURNS = 120


class ExpertMemory(Memory):
    """The hard bot's memory, plus who knows their own cards: ``owns[seat][pos]``
    is True when ``seat`` saw the card now at its ``pos`` (its peek, a card it
    drew or took and swapped in, its own Espía, a failed cut shown to all) and
    no move has hidden it since. The expert imagines the others playing with
    that much knowledge of their own tendidos."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot, 99, 0.0, True, True, keep_loose=True)
        self.owns: list[list[bool]] = []

    def read(self, view: View) -> None:
        super().read(view)
        for p, t in enumerate(view["tendidos"]):
            if p >= len(self.owns):
                self.owns.append([False] * t["count"])
            row = self.owns[p]
            if len(row) != t["count"]:
                self.owns[p] = (row + [False] * t["count"])[: t["count"]]

    def on_deal(self, ev: dict[str, Any]) -> None:
        super().on_deal(ev)
        self.owns = [[False] * ev["cards"] for _ in range(ev["players"])]

    def on_peek(self, ev: dict[str, Any]) -> None:
        for pos in ev["positions"]:
            self.owns[ev["seat"]][pos] = True

    def on_swap(self, ev: dict[str, Any]) -> None:
        super().on_swap(ev)
        self.owns[ev["seat"]][ev["pos"]] = True

    def on_remove(self, ev: dict[str, Any]) -> None:
        super().on_remove(ev)
        if ev["pos"] < len(self.owns[ev["seat"]]):
            self.owns[ev["seat"]].pop(ev["pos"])

    def on_cut(self, ev: dict[str, Any]) -> None:
        super().on_cut(ev)
        row = self.owns[ev["seat"]]
        if ev["pos"] < len(row):
            if ev["ok"]:
                row.pop(ev["pos"])
            else:
                row[ev["pos"]] = True

    def on_penalty(self, ev: dict[str, Any]) -> None:
        super().on_penalty(ev)
        row = self.owns[ev["seat"]]
        while len(row) <= ev["pos"]:
            row.append(False)

    def on_order(self, ev: dict[str, Any]) -> None:
        super().on_order(ev)
        i, j = ev["positions"]
        row = self.owns[ev["seat"]]
        row[i], row[j] = row[j], row[i]

    def on_use(self, ev: dict[str, Any]) -> None:
        super().on_use(ev)
        card = ev["card"]
        if card == "manipulacion":
            self.owns[ev["target"]] = [False] * len(self.owns[ev["target"]])
        elif card == "disrupcion":
            for p, i in ev["cards"]:
                self.owns[p][i] = False
        elif card == "espia":
            for p, i in ev["cards"]:
                if p == ev["seat"]:
                    self.owns[p][i] = True

    def on_whirl(self, ev: dict[str, Any]) -> None:
        super().on_whirl(ev)
        for p, pos in enumerate(ev["positions"]):
            self.owns[p][pos] = False
