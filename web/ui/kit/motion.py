"""What a table's last action looks, sounds and feels like: effects derived from the
engine's events (never guessed from the picture), played by ``web/shell/motion.js`` (the
cards travel), ``web/shell/sound.js`` (a synthesized sound) and ``web/shell/page.js`` (a short
vibration).

An effect is a JSON dict:

- ``kind``: ``"slide"`` (a card goes from ``from`` to ``to``), ``"turn"`` (the card
  at ``to`` turns over), ``"lift"`` (it rises and settles: a look only its owner
  gets), ``"roll"`` (dice tumble), ``"cue"`` (it pulses: your turn), or ``""``
  (sound or vibration only);
- ``from``/``to``: CSS selectors of the card before and after the redraw (the
  first one shown is used; ``roll``/``turn``/``cue`` take every one shown);
- ``delay``: ms after the redraw (at normal speed), so cards leave one after another;
- ``sound``: a name of ``web/shell/sound.js`` or ""; ``buzz``: a vibration pattern name
  of :data:`BUZZ` or "".
"""

from __future__ import annotations

from typing import Any

Effect = dict[str, Any]

#: Vibration patterns (ms on, off, on...) for ``navigator.vibrate``.
BUZZ: dict[str, list[int]] = {
    "turn": [35],
    "ok": [20, 40, 20],
    "fail": [90, 50, 90],
    "snap": [40, 30, 140],
}


def effect(
    kind: str, to: str = "", src: str = "", *, delay: int = 0, sound: str = "", buzz: str = ""
) -> Effect:
    return {"kind": kind, "from": src, "to": to, "delay": delay, "sound": sound, "buzz": buzz}


def slide(src: str, to: str, delay: int = 0, sound: str = "slide") -> Effect:
    """A card from ``src`` (where it was) to ``to`` (where it is now)."""
    return effect("slide", to, src, delay=delay, sound=sound)


def turn(to: str, delay: int = 0, sound: str = "flip") -> Effect:
    """The card(s) at ``to`` turned over."""
    return effect("turn", to, delay=delay, sound=sound)


def lift(to: str, delay: int = 0) -> Effect:
    """A card looked at by its owner only: it rises, nobody sees its face."""
    return effect("lift", to, delay=delay, sound="slide" if delay == 0 else "")


def noise(sound: str, buzz: str = "") -> Effect:
    """A sound (and a vibration), nothing moves."""
    return effect("", sound=sound, buzz=buzz)


def key(name: str) -> str:
    """The selector of the element drawn with ``data-key="name"``."""
    return f'[data-key="{name}"]'


#: Where the "your turn" cue lands: the hand-off screen, the Abyss cue, the status.
CUE_AT = ".handoff-icon, .turn-cue, .status .who"


def your_turn() -> Effect:
    """The phone changes hands, or a human's turn comes after bot moves."""
    return effect("cue", CUE_AT, sound="turn", buzz="turn")
