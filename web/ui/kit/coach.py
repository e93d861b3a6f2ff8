"""A lesson's coach: a real game on a prepared deal, where one sentence at a
time says what to do and why, and marks the control to tap.

A game offers a lesson through its entry (``GameEntry.lesson``, content in
``web/tables/<game>/lesson.py``). The lesson is data read by this module and
the app (``web/app/lessons.py``): the deal (engine options and seed), the
scripted moves of its bots, and a function from the table as it is to the
coach's :class:`Cue`. Because the cue is read from the game's state, never
from a counter of steps, a learner who taps something else the rules allow
gets a cue for where the game now is, and a lesson resumed after a reload
says exactly what it said before.

On screen the sentence is the element ``id="coach"`` (a polite live region)
and the marked control carries ``aria-describedby="coach"`` and the class
``coach-mark`` (its visible highlight).
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.bot import View
from web.core import actions, store
from web.core.html import attrs, button, esc
from web.core.i18n import Tr
from web.core.model import Table

__all__ = [
    "Cue",
    "Lesson",
    "Scripted",
    "acked",
    "asks_name",
    "dress",
    "learn",
    "mark",
    "note_offered",
    "summary",
]

#: The coach's "Next" on a step to read.
NEXT = actions.LESSON_NEXT


def acked(table: Table) -> bool:
    """Whether the learner tapped "Next" on the step to read at this move
    (kept with the save, so a reload does not ask again)."""
    return table.kept.get("coach_ack") == table.state.moves


@dataclass(frozen=True)
class Cue:
    """What the coach says now (a catalog key and its values) and the control
    it marks: ``(data-action, data-arg)``, the arg None for any; no mark while
    the learner only watches."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    mark: tuple[str, str | None] | None = None
    #: The rule id of ``docs/rules/<game>.md`` this step puts into words ...
    rule: str | None = None
    #: A step to read (what just happened): the coach's own "Next" is the
    #: control, and the bots wait until it is tapped (:func:`acked`).
    ack: bool = False
    #: ... and any other rule ids the same sentence puts into words.
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One title's lesson: the learner at seat 0 against ``bots``."""

    #: The bots' names, seats 1, 2...
    bots: tuple[str, ...]
    #: The engine's options of the prepared deal (its own test options: a
    #: stacked deck or stacked dice) and its seed.
    options: Mapping[str, Any]
    seed: int
    #: The coach's cue for the table as it is.
    cue: Callable[[Table], Cue]
    #: A bot's scripted move ``(table, seat, legal)``; an action not in ``legal``
    #: falls back to the first legal one. None: nothing (asked whether it cuts
    #: out of turn, the bot lets the chance go).
    move: Callable[[Table, int, Sequence[str]], str | None]
    #: Whether the bots hold their moves now (the learner's step comes first).
    waits: Callable[[Table], bool]
    #: Whether the lesson is over: its summary replaces the table.
    over: Callable[[Table], bool]
    #: The summary's lines (catalog keys), one rule each.
    summary: tuple[str, ...]
    #: The rule ids of ``docs/rules/<game>.md`` the lesson demonstrates ...
    rules: tuple[str, ...]
    #: ... and those the game's events show were demonstrated (read from
    #: ``state.events(None)``, not from the script).
    shown: Callable[[Iterable[Mapping[str, Any]]], set[str]]


@dataclass
class Scripted:
    """A lesson's bot: plays what the lesson's script says at its seat."""

    table: Table
    seat: int
    move: Callable[[Table, int, Sequence[str]], str | None]
    level: str = "lesson"

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if not legal:
            return None
        action = self.move(self.table, self.seat, tuple(legal))
        if action is None:
            return None
        return action if action in legal else legal[0]


_OPEN_TAG = re.compile(r"<[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?>")


def mark(html: str, action: str, arg: str | None) -> str | None:
    """``html`` with its first control of ``data-action=action`` (and
    ``data-arg=arg``, unless None) marked; None when it holds none."""
    want = f'data-action="{esc(action)}"'
    want_arg = None if arg is None else f'data-arg="{esc(arg)}"'
    for tag in _OPEN_TAG.finditer(html):
        text = tag.group(0)
        if f" {want}" not in text or (want_arg is not None and f" {want_arg}" not in text):
            continue
        if ' class="' in text:
            dressed = text.replace(' class="', ' class="coach-mark ', 1)
        else:
            dressed = text[:-1] + ' class="coach-mark">'
        dressed = dressed[:-1] + ' aria-describedby="coach">'
        return html[: tag.start()] + dressed + html[tag.end() :]
    return None


def holds(lesson: Lesson | None, table: Table) -> bool:
    """Whether a lesson's bots wait: the learner's step is up, a step to read
    is not yet read, or the lesson is over (``lesson`` None: not a lesson)."""
    if lesson is None or not table.lesson:
        return False
    if lesson.over(table) or lesson.waits(table):
        return True
    return lesson.cue(table).ack and not acked(table)


def dress(tr: Tr, lesson: Lesson, table: Table, body: str, regions: dict[str, str]) -> str:
    """The table screen ``body`` with the coach: its sentence under the top
    bar, its control marked (in the region that holds it too, so a redraw of
    regions only keeps the mark); the summary instead once the lesson is over."""
    if lesson.over(table):
        regions.clear()
        return summary(tr, lesson, table)
    if asks_name(table):
        regions.clear()
        return _ask_name(tr, table)
    cue = lesson.cue(table)
    ack = ""
    if cue.ack and not acked(table):
        ack = button(esc(tr("lesson.next")), NEXT, cls="btn primary small coach-next")
        cue = replace(cue, mark=(NEXT, None))
    if cue.mark is not None:
        action, arg = cue.mark
        marked = mark(body, action, arg)
        body = marked if marked is not None else body
        # the one region that holds the control marked in the page (a control can
        # be offered twice, a cut by the discard and in the seat's own zone)
        for rid, part in regions.items():
            found = mark(part, action, arg)
            if found is not None and found in body:
                regions[rid] = found
                break
    panel = (
        '<aside class="coach-panel">'
        f'<p id="coach" class="coach" role="status" aria-live="polite">{esc(tr(cue.key, **cue.params))}</p>'
        + '<div class="coach-row">'
        + button(esc(tr("lesson.skip")), actions.LESSON_LEAVE, cls="btn small coach-skip")
        + "</div></aside>"
    )
    if ack:
        panel = (
            mark(
                panel.replace('<div class="coach-row">', '<div class="coach-row">' + ack),
                NEXT,
                None,
            )
            or panel
        )
    head, sep, rest = body.partition("</header>")
    return head + sep + panel + rest if sep else panel + body


#: The learner's "Start" under the name asked before a lesson.
NAMED = actions.LESSON_NAMED


def asks_name(table: Table) -> bool:
    """Whether the lesson waits for its learner's name: the device knew none,
    and the tables' sentences name every seat ("Lu's turn", "Lu robó"), where
    a placeholder such as "You" reads "You's turn" or "Tú robó"."""
    return bool(table.kept.get("ask_name"))


def _ask_name(tr: Tr, table: Table) -> str:
    """The lesson's first screen when nobody is known: the learner's name, a
    field that cannot be left empty (its "Start" refuses an empty one); the
    table is drawn only once it is given."""
    value = table.seats[0].name if table.kept.get("named") else ""
    field = f'<input id="coach-name" type="text" autocomplete="given-name" enterkeyhint="go" required{attrs(value=value, data_field="lesson-name", maxlength=40, aria_describedby="coach")}>'
    missing = ""
    if table.kept.get("name_missing"):
        missing = f'<p class="coach-missing" role="alert">{esc(tr("lesson.name_needed"))}</p>'
    start = button(
        esc(tr("setup.start")), NAMED, cls="btn primary coach-mark", aria_describedby="coach"
    )
    return (
        '<main class="lesson-ask">'
        f'<p id="coach" class="coach" role="status" aria-live="polite">{esc(tr("lesson.ask"))}</p>'
        f'<p class="coach-name"><label for="coach-name">{esc(tr("lesson.name"))}</label> {field}</p>'
        + missing
        + '<div class="coach-row">'
        + start
        + button(esc(tr("lesson.skip")), actions.LESSON_LEAVE, cls="btn small coach-skip")
        + "</div></main>"
    )


def summary(tr: Tr, lesson: Lesson, table: Table) -> str:
    """The lesson's last screen: what it showed, one line a rule, then a real
    game with the same seats, the lesson again, or home."""
    lines = "".join(f"<li>{esc(tr(key))}</li>" for key in lesson.summary)
    return (
        '<main class="lesson-summary" aria-labelledby="lesson-done">'
        f'<h1 id="lesson-done">{esc(tr("lesson.done"))}</h1>'
        f'<ul class="lesson-lines">{lines}</ul><div class="actions">'
        + button(esc(tr("lesson.play")), actions.LESSON_PLAY, cls="btn primary big", autofocus=True)
        + button(esc(tr("lesson.again")), actions.LESSON, arg=table.game_id, cls="btn")
        + button(esc(tr("end.home")), actions.LESSON_LEAVE, cls="btn")
        + "</div></main>"
    )


def offered(storage: store.Storage, game_id: str) -> bool:
    """Whether this title's lesson was answered already on this device (taken or declined)."""
    seen = store.read_json(storage, store.LESSONS_KEY)
    return isinstance(seen, dict) and seen.get(game_id) is True


def note_offered(storage: store.Storage, game_id: str) -> None:
    seen = store.read_json(storage, store.LESSONS_KEY)
    seen = seen if isinstance(seen, dict) else {}
    if seen.get(game_id) is not True:
        seen[game_id] = True
        store.write_json(storage, store.LESSONS_KEY, seen)


def learn(tr: Tr, storage: store.Storage, game_id: str, *, offer: bool) -> str:
    """ "Learn to play" for a title (its setup and rules pages); ``offer``: the
    first time, a panel that says what it is, with "No thanks", until answered."""
    # A title already played on this device needs no "first time?" offer: a lesson
    # stays one tap away as "Learn to play".
    played = any(entry["game"] == game_id for entry in store.load_history(storage))
    offer = offer and not played and not offered(storage, game_id)
    take = button(
        esc(tr("lesson.learn")), actions.LESSON, arg=game_id, cls="btn primary" if offer else "btn"
    )
    if not offer:
        return f'<p class="lesson-learn">{take}</p>'
    return (
        f'<section class="card-panel lesson-offer"><p>{esc(tr("lesson.offer"))}</p><div class="row">'
        + take
        + button(esc(tr("lesson.offer_no")), actions.LESSON_OFFER_NO, arg=game_id, cls="btn")
        + "</div></section>"
    )
