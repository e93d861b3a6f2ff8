"""Why a saved game or a record cannot be opened, in the player's language.

The engine says why with a stable code (:attr:`engine.core.BadSave.code`, one of
:data:`engine.core.REASONS`) and an English sentence for developers; the app keeps
both as a :class:`Reason` (the import screen, Home's damaged save) and draws the
code's sentence from the catalogs (``bad.*``). A code without one here (a fault
no check foresaw, a message from older code) gets a generic sentence and its
English detail, shown as code: something to quote in a bug report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import BadSave, shorten
from web.core.html import esc
from web.core.i18n import Tr, game_name

#: A code -> its catalog key (written whole: tests/test_web.py finds every key used).
KEYS: dict[str, str] = {
    "not_text": "bad.not_text",
    "too_large": "bad.too_large",
    "too_deep": "bad.not_json",
    "not_json": "bad.not_json",
    "not_object": "bad.not_tapete",
    "not_tapete": "bad.not_tapete",
    "not_record": "bad.not_tapete",
    "no_version": "bad.no_version",
    "newer": "bad.newer",
    "older": "bad.older",
    "other_game": "bad.other_game",
    "incomplete": "bad.incomplete",
    "shape": "bad.shape",
    "setup": "bad.setup",
    "move": "bad.move",
    "illegal": "bad.illegal",
    "unknown_game": "bad.unknown_game",
    "too_long": "records.too_large",
    "test_options": "bad.test_options",
}


@dataclass(frozen=True)
class Reason:
    """A reason kept for the screen: the engine's ``code`` and ``params``, and the
    English ``detail`` (``str()``, for developers and logs)."""

    code: str
    detail: str
    params: dict[str, str | int] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.detail


def reason_of(exc: BadSave) -> Reason:
    """The reason ``exc`` gives."""
    return Reason(exc.code, str(exc), dict(exc.params))


def fault(exc: BaseException) -> Reason:
    """A reason for an exception no check foresaw (no code: the generic sentence)."""
    return Reason("fault", shorten(f"{type(exc).__name__}: {exc}"))


def words(tr: Tr, reason: Reason) -> str:
    """The reason as HTML paragraphs in the player's language; a code without a
    sentence of its own: the generic one, then the English detail as code."""
    key = KEYS.get(reason.code)
    if key is None:
        return f"<p>{esc(tr('bad.unknown'))}</p><p><code>{esc(reason.detail)}</code></p>"
    values: dict[str, object] = dict(reason.params)
    game = values.get("game")
    if isinstance(game, str):
        values["game"] = game_name(tr, game)
    return f"<p>{esc(tr(key, **values))}</p>"
