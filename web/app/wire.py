"""The wire: the app as a worker answers its page, in JSON data both ways.

The page runs no Python: it sends each event as a JSON object (``type``, ``t``: the
page clock's ms when it happened, for a tap when the finger came down; ``seq``: its
running count of events; and the event's own fields, read in :meth:`Wire.dispatch`)
and applies the frame it gets back (:class:`~web.app.midend.Frame`'s fields, and
``seq``, ``writes``, ``requests``, ``keys``, ``back_leaves``, ``read_file``, ``ready``,
``kept``, ``snapshot``: see :meth:`Wire._answer`). :class:`Wire` turns one into the other
around a :class:`~web.app.midend.MidEnd`: the event's time becomes the app's
(:meth:`MidEnd.at`), the event goes to the mid end as the page's Python did (a tap
inside a guest's ``[data-remote]`` table to the host first, then a game button's
move, then any other control), and the frame comes back as plain data
(:func:`frame_data`: no live object, the table on screen stays here), with what
the page must do besides drawing: the storage writes the app made
(:class:`~web.core.store.MirrorStorage`), the phones' and the camera's work
(:func:`requests`), the keys that are the app's, whether Back leaves the app,
and the screen a reload would show (:class:`~web.app.prerender.Keeper`).

Pure Python: tests/test_web_wire.py plays games through it on CPython.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable, Mapping
from typing import Any

from web.app import linking
from web.app.controller import App
from web.app.midend import Frame, MidEnd
from web.app.prerender import SCREEN_KEY, Keeper
from web.core import actions, clock, store
from web.ui.entry import GameEntry

#: A JSON object (an event, a frame).
Data = dict[str, Any]


def plain(value: Any, where: str = "frame") -> Any:
    """``value`` as JSON data (tuples become lists); raises TypeError on anything
    else (a live object: a table, a bot, a generator), naming where it was."""
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise TypeError(f"{where}: {value} is not JSON")
        return value
    if isinstance(value, list | tuple):
        return [plain(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where}: key {key!r} is not a string")
            out[key] = plain(v, f"{where}.{key}")
        return out
    raise TypeError(f"{where}: {type(value).__name__} is not JSON data")


def frame_data(frame: Frame) -> Data:
    """The page's part of ``frame`` as JSON data: every field but ``scene``."""
    return {
        f.name: plain(getattr(frame, f.name), f.name)
        for f in dataclasses.fields(frame)
        if f.name != "scene"
    }


def requests(app: App) -> list[list[Any]]:
    """The page's work for the phones and the camera after a frame, in order, each
    a list (the link glue's call and its arguments, seats as text): each linked
    guest's screen to send (``linking.outbox``), then what the app asked for
    (``Link.requests``: ``offer``, ``accept``, ``join``, ``drop``, ``bye``,
    ``refuse``, ``scan``, ``share``; a guest's ``say`` is a ``send``)."""
    out: list[list[Any]] = [["send", str(seat), text] for seat, text in linking.outbox(app)]
    asked, app.link.requests = app.link.requests, []
    for what, *args in asked:
        out.append(["send" if what == "say" else what, *(str(a) for a in args[:1]), *args[1:]])
    return out


def _offset(tz: object) -> int:
    """The page's offset from UTC in minutes, or 0 for anything that is not one
    (no zone is further than 14 hours from UTC)."""
    if isinstance(tz, int) and not isinstance(tz, bool) and abs(tz) <= 14 * 60:
        return tz
    return 0


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


class Wire:
    """The app behind a page that sends events and applies frames as JSON data.
    ``entries``: the games (``web.app.registry.ENTRIES``); ``new_seed``: a fresh
    game seed (default: random)."""

    def __init__(
        self, entries: Mapping[str, GameEntry], new_seed: Callable[[], int] | None = None
    ) -> None:
        self.entries = entries
        rng = random.Random(os.urandom(16))
        self.new_seed = new_seed or (lambda: rng.randrange(1, 2**53))
        self.mid: MidEnd | None = None
        self.keeper = Keeper("")
        #: The system asks for reduced motion (the page says so at start and with each event).
        self.reduced = False

    @property
    def app(self) -> App:
        assert self.mid is not None, "start first"
        return self.mid.app

    def start(self, init: Data, snapshot: str | None = None) -> Data:
        """A new app (anything of the last one dropped, its timers' tokens too) from
        the page's ``init`` (``storage``: the page's ``tapete*`` keys, None where
        storage is blocked; ``languages``, ``reduced``, ``painted``, ``build``,
        ``unlinkable``, ``tz``: minutes east of UTC, ``t``); its first frame, ``ready``,
        with ``snapshot``."""
        data = init.get("storage")
        storage = store.MirrorStorage(data) if isinstance(data, dict) else store.MemoryStorage()
        languages = [str(lang) for lang in init.get("languages") or []]
        time = clock.EventTime(init.get("t"))
        app = App(storage, languages, self.new_seed, self.entries, time)
        # Known before any linking screen is drawn, so that it says so at once.
        app.link.unlinkable = bool(init.get("unlinkable"))
        app.utc_offset = _offset(init.get("tz"))
        self.reduced = bool(init.get("reduced"))
        tokens = 0 if self.mid is None else self.mid.timers.tokens
        self.mid = MidEnd(app, reduced=lambda: self.reduced, painted=_text(init.get("painted")))
        self.mid.timers.tokens = tokens  # the last app's timers still armed on the page: stale
        self.keeper = Keeper(str(init.get("build") or ""))
        out = self._answer(self.mid.start(), init.get("seq", 0))
        assert out is not None
        out["ready"], out["snapshot"] = True, snapshot
        return out

    def dispatch(self, event: Data) -> Data | None:
        """One event in, its frame out; None when nothing at all is to be done
        (a stale timer, a finger down, typing)."""
        mid = self.mid
        assert mid is not None, "start first"
        mid.at(float(event["t"]))
        if "reduced" in event:  # the system's reduced-motion setting, as the page reads it now
            self.reduced = bool(event["reduced"])
        kind = event["type"]
        frame: Frame | None = None
        extra: Data = {}
        if kind == "click":
            remote = bool(event.get("remote"))
            seat, move = _int(event.get("seat")), _int(event.get("move"))
            frame = mid.click(str(event["action"]), _text(event.get("arg")), seat, move, remote)
        elif kind == "press":
            mid.press()
        elif kind == "field":
            mid.field(str(event["name"]), _text(event.get("arg")), str(event["value"]))
        elif kind == "changed":
            frame = mid.changed(_text(event.get("name")))
        elif kind == "file_size":
            frame = mid.choose_file(int(event["size"]))
            if frame is None:  # not refused unread: the page reads it, then file_text
                frame, extra["read_file"] = mid.timers_only(), True
        elif kind == "file_text":
            frame = mid.read_file(str(event["text"]))
        elif kind == "key":
            frame = mid.key(str(event["key"]), _text(event.get("field")), _text(event.get("arg")))
        elif kind == "back":
            frame = mid.browser_back()
        elif kind == "shown":
            frame = mid.shown(bool(event["visible"]))
        elif kind == "animated":
            frame = mid.animated(int(event["ms"]))
        elif kind == "fire":
            frame = mid.fire(str(event["kind"]), int(event["token"]))
        elif kind == "linked":
            frame = mid.linked(str(event["peer"]), str(event["kind"]), str(event["text"]))
        elif kind == "offered":
            seat, sdp = int(event["seat"]), str(event["sdp"])
            frame = mid.offered(seat, sdp, bool(event.get("prompting")))
        elif kind == "answered":
            frame = mid.answered(str(event["sdp"]))
        elif kind == "link_failed":
            frame = mid.link_failed()
        elif kind == "scanned":
            frame = mid.scanned(str(event["field"]), _text(event.get("text")))
        elif kind == "shared":
            frame = mid.shared(str(event["how"]))
        elif kind == "before_update":
            mid.before_update()
        elif kind == "keep":
            kept = self.keeper.take(mid.app)
            if kept is not None:
                frame, extra["kept"] = mid.timers_only(), kept
        elif kind == "write_failed":
            frame = self._write_failed(str(event["key"]))
        else:
            raise ValueError(f"no event of type {kind!r}")
        return self._answer(frame, event.get("seq"), **extra)

    def _write_failed(self, key: str) -> Frame | None:
        """The page could not write ``key``: written again with the next write; the
        game's save or History refused, the app says it was not saved (as for a
        write refused at once); the kept screen refused, it is kept again next time."""
        app = self.app
        if isinstance(app.storage, store.MirrorStorage):
            app.storage.refused(key)
        if key == SCREEN_KEY:
            self.keeper.last = None
            return None
        behind = app.storage.behind if isinstance(app.storage, store.MirrorStorage) else {key}
        app.saving.refused(behind)
        assert self.mid is not None
        return self.mid.handle(actions.PHONES, "noop")  # drawn again, the notice kept

    def _answer(self, frame: Frame | None, seq: Any, **extra: Any) -> Data | None:
        """The frame as the page gets it, or None when nothing at all is to be done:
        the frame's own fields (:func:`frame_data`), and ``seq`` (the event's),
        ``writes`` (storage writes made meanwhile, in order, None: remove; a frame
        that draws nothing carries them when there is no other), ``requests``
        (:func:`requests`, after a frame, as the page's Python sent them), ``keys``
        (Escape, and the fields where Enter is the app's: the page prevents the
        browser's own from it), ``back_leaves``, ``read_file`` (a chosen file to
        read), ``ready`` and ``snapshot`` (the start's frame), ``kept`` (a keep's
        answer: the text to keep, "" to keep none)."""
        mid = self.mid
        assert mid is not None
        storage = mid.app.storage
        writes = storage.drain() if isinstance(storage, store.MirrorStorage) else {}
        if frame is None:
            if not writes:
                return None
            frame = mid.timers_only()
            asked: list[list[Any]] = []
        else:
            asked = requests(mid.app)  # as after every frame the page applies
        out = frame_data(frame)
        out.update(
            seq=seq,
            writes=writes,
            requests=plain(asked, "requests"),
            keys={"Escape": True, "Enter": mid.enter_fields()},
            back_leaves=mid.back_leaves(),
            read_file=False,
            ready=False,
            kept=None,
            snapshot=None,
        )
        out.update(extra)
        return out
