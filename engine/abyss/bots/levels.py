"""Abyss's levels up to hard: hard's judgement in full, medium's and easy's
weaker ones."""

from __future__ import annotations

from collections.abc import Sequence

from engine.abyss.bots.judge import HIDDEN, _cells
from engine.abyss.bots.thinking import ThinkingBot
from engine.bot import Bot, View


class HardBot(ThinkingBot):
    level = "hard"
    judged_others = True
    close_margin: float | None = 1.0


class MediumBot(ThinkingBot):
    level = "medium"
    counting = False
    columns = 0.5  # sees its column plans one turn in two
    feeding = False
    closing_care = False
    future = 0.0


class EasyBot(Bot):
    """Rules of thumb a new player uses."""

    level = "easy"

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        prompt = view["prompt"]
        cells = _cells(view["grids"][view["seat"]])
        flips = [a for a in legal if a.startswith("flip:")]
        if prompt == "start_flips" or prompt == "flip_after_discard":
            return self.pick(flips)
        if prompt == "choose":
            top = view["discard"]["top"]
            if top is not None and top <= 3 and "take" in legal:
                return "take"
            return "draw" if "draw" in legal else self.pick(flips)
        value = view["pending"]["value"]
        highest = max(
            ((x, p) for p, x in enumerate(cells) if x not in (None, HIDDEN)), default=None
        )
        if highest is not None and highest[0] > value + 2:
            return f"place:{highest[1]}"
        hidden = [p for p, x in enumerate(cells) if x == HIDDEN]
        if hidden and (value <= 4 or "discard" not in legal):
            return f"place:{hidden[self.rng.below(len(hidden))]}"
        if "discard" in legal:
            return "discard"
        return f"place:{highest[1]}" if highest else legal[0]
