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
BACK = Action("back")  # the screen's back (the page's back gesture too)
RULES = Action("rules")  # the rules (``data-arg``: a game or a help page)
CANCEL = Action("cancel")  # a confirm dialog's "keep"
NOOP = Action("noop")  # a redraw that keeps the notice (the page's, the tests')

# -- home (web/ui/screens/home.py; web/app/tabletop.py, saving.py)
CONTINUE = Action("continue")  # back to the game in progress
QUIT_YES = Action("quit-yes")  # the quit dialog's "quit"
RESUME_PARTIAL = Action("resume-partial")  # a damaged save: play on from its last good move
DROP_BROKEN = Action("drop-broken")  # a damaged save: set it aside

# -- History and records (web/ui/screens/history.py; web/app/records.py)
HISTORY_OPEN = Action("history-open")  # a game's details (``data-arg``: its index)
HISTORY_REPLAY = Action("history-replay")
IMPORT_CANCEL = Action("import-cancel")
IMPORT_REPLAY = Action("import-replay")
IMPORT_RESUME = Action("import-resume")  # the new-game form's: it replaces the game in progress

# -- the new-game form (web/ui/screens/setup.py; web/app/seating.py)
NEW = Action("new")  # a game's form (``data-arg``: the game)
COUNT = Action("count")
SEAT_KIND = Action("seat-kind")
SEAT_LEVEL = Action("seat-level")
OPTION = Action("option")
PICK_PLAYER = Action("pick-player")
START = Action("start")
ABANDON_YES = Action("abandon-yes")  # the dialog's "abandon the game in progress"

# -- Players, Settings (web/ui/screens/players.py, settings.py, botlab.py)
PLAYER = Action("player")  # ``what:id``: rename, avatar, merge, delete...
LAB = Action("lab")  # the bot lab

# -- playing over phones (web/ui/screens/phones.py; web/app/linking.py, midend.py)
PHONES = Action("phones")  # ``data-arg``: what (host, join, new:game, bot:seat...)
PHONES_SCAN = Action("phones-scan")  # the page opens the camera
PHONES_SHARE = Action("phones-share")  # the page shares the code

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
