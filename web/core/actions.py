"""The app's ``data-action`` names that shared code draws and answers, each
declared once: the kit's buttons take these, and the app's handlers and the
tables' declarations (``TableUI.ACTIONS``, a hand-off's) key on the same
objects, so a rename is one line here and a misspelt name fails at import.

An :class:`Action` is its name as a ``str`` (it is written into the page as
is, and a tap comes back as that string), so a handler table keyed on one
answers the tap.
"""

from __future__ import annotations

__all__ = ["Action"]


class Action(str):
    """A control's ``data-action``, declared once (below, or by a table)."""

    __slots__ = ()


# -- screens
GO = Action("go")  # another screen (``data-arg``: which)
BACK = Action("back")
RULES = Action("rules")  # the rules (``data-arg``: a game or a help page)

# -- the table's frame (web/ui/kit/frame.py, scores.py, export.py, movelog.py, hint.py)
HOME = Action("home")  # leave the table, the game kept (a replay: back to its list)
QUIT = Action("quit")
REMATCH = Action("rematch")
SHEET = Action("sheet")  # open a sheet (``data-arg``: which; "" closes it)
SET = Action("set")  # a setting from the table (``name=value``)
HINT = Action("hint")
EXPORT = Action("export")  # the record as a file (the mid end's)

# -- a replay's bar
STEP = Action("step")
REPLAY_PLAY = Action("replay-play")
REPLAY_SPEED = Action("replay-speed")
REPLAY_OPEN = Action("replay-open")
REPLAY_ROUNDS = Action("replay-rounds")

# -- a hand-off (web/ui/kit/handoff.py)
HANDOFF = Action("handoff")  # "I am Ana"
PASS = Action("pass")  # someone else goes first

# -- a lesson (web/ui/kit/coach.py, web/app/lessons.py)
LESSON = Action("lesson")
LESSON_NEXT = Action("lesson-next")
LESSON_NAMED = Action("lesson-named")
LESSON_LEAVE = Action("lesson-leave")
LESSON_PLAY = Action("lesson-play")
LESSON_OFFER_NO = Action("lesson-offer-no")
