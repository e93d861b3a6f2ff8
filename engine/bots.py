"""Bots for the empty seats, and the hint the UI shows a human.

``BOTS[game_id][level]`` is a factory: ``BOTS["abyss"]["hard"](seed)`` returns a
bot whose ``act(view, legal)`` answers with one of ``legal`` (or ``None`` where
the game lets a seat wait, e.g. no cut now in Carta robada). Levels, weakest
first: ``random``, ``easy``, ``medium``, ``hard``, ``expert``; docs/bots.md describes each
and the measured ladder.

A bot sees only what its seat sees: ``game.view(state, seat)`` and
``game.legal(state, seat)``. It keeps its own memory between calls (Carta
robada bots remember what their log showed), so give each seat its own bot and
keep it for the whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import GAMES, in_game_order
from engine.abyss import bots as abyss
from engine.bot import LEVELS, Bot, BotFactory, Hint, Player, RandomBot, View
from engine.carta_robada import bots as carta_robada
from engine.dice_bid import bots as dice_bid

__all__ = [
    "BOTS",
    "HINTS",
    "HINT_REASONS",
    "LEVELS",
    "SPARRING",
    "Bot",
    "BotFactory",
    "Hint",
    "Player",
    "RandomBot",
    "View",
    "hint",
]

#: game id -> level -> factory(seed) -> bot, for every game of ``engine.GAMES``
#: and in its order (a game missing here, or one not there, fails at import).
BOTS: dict[str, dict[str, BotFactory]] = in_game_order(
    "engine.bots.BOTS",
    {"abyss": abyss.LEVELS, "carta_robada": carta_robada.LEVELS, "dice_bid": dice_bid.LEVELS},
)

#: game id -> name -> factory: fixed simple policies for the arena and the
#: tests (not levels offered to players).
SPARRING: dict[str, dict[str, BotFactory]] = {"dice_bid": dice_bid.SPARRING}

#: Games with a Hint button. Not Carta robada: a hint would remember for the
#: player, which its seed text forbids ("the interface remembers nothing").
HINTS: dict[str, Callable[[View, tuple[str, ...]], Hint]] = {
    "abyss": abyss.hint,
    "dice_bid": dice_bid.hint,
}

#: game id -> every reason its hint can give; reason ``r`` of game ``g`` is the
#: i18n key ``f"hint.{g}.{r}"`` (the ``reason_key`` that :func:`hint` returns).
HINT_REASONS: dict[str, tuple[str, ...]] = {
    "abyss": abyss.HINT_REASONS,
    "dice_bid": dice_bid.HINT_REASONS,
}
assert set(HINTS) == set(HINT_REASONS) <= set(GAMES), "a hint of a game engine.GAMES lacks"


def hint(game_id: str, view: View, legal: Sequence[str]) -> Hint:
    """What the hard bot would play from this view, and a one-line why.

    Returns ``(action, reason_key, params)``: ``action`` is one of ``legal``;
    ``reason_key`` is an i18n key (``"hint.<game>.<reason>"``, the reasons in
    ``HINT_REASONS[game]``, listed in docs/bots.md) and ``params`` the values
    its message interpolates. The answer depends only on ``view`` and ``legal``
    (the same view gives the same hint), so it is computed from the asking
    human's view alone.

    Raises ``ValueError`` for a game without hints or when ``legal`` is empty.
    """
    if game_id not in HINTS:
        raise ValueError(f"no hint in {game_id!r}")
    if not legal:
        raise ValueError(f"{game_id}: no legal action to hint at")
    return HINTS[game_id](view, tuple(legal))
