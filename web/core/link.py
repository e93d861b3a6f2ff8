"""Phones linked at one table: what the screens read of the links (no drawing, no
browser). The host keeps one :class:`Phone` per seat held on another phone; a
guest keeps its :class:`Joined`. ``web/app/linking.py`` moves them; the page's
WebRTC glue (``web/shell/phones.js``) carries the messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: A guest's storage key while it is at a table: a page reopened with it says it
#: was at a table, and how to get back in.
WAS_AT = "tapete.guest_at"


@dataclass
class Phone:
    """A seat on another phone, as the host sees it."""

    seat: int
    #: "offer": its code is shown, waiting for the answer; "linked"; "away" (the
    #: channel closed: the game waits, or a bot plays it if the host chose so).
    status: str = "offer"
    #: The host's linking code for it (shown as a QR code and as text).
    code: str = ""
    #: Its own table UI state (open sheet, card chosen): a guest's taps on its
    #: sheets never move the host's screen.
    ui: dict[str, Any] = field(default_factory=dict)
    kept: dict[str, Any] = field(default_factory=dict)
    #: The highest sequence number received: anything at or below it is a
    #: duplicate or came late, and is dropped.
    heard: int = 0
    #: Messages sent to it (each numbered), and the last screen sent.
    sent: int = 0
    shown: str | None = None
    #: A message to show on that phone with the next screen (a refused tap).
    notice: str | None = None
    #: The code pasted for it was no answer code.
    bad_code: bool = False
    #: An answer to its code was taken: the code is used, a second phone's is refused.
    accepted: bool = False
    used_code: bool = False
    #: Its seat was up (its turn, or its move to make) at the last screen sent.
    up: bool = False
    #: The last round trips measured to it, in ms: a screen sent, its echo back.
    trips: list[float] = field(default_factory=list)
    #: The last screens sent to it, as ``(ping, moves)``: the host's clock in ms
    #: when sent, and the move count drawn. A tap timed from a screen names one
    #: of them (web/app/linking.py's ``tapped_at``).
    pings: list[tuple[float, int]] = field(default_factory=list)
    #: The other phones away, as last sent to it (web/app/lifetime.py).
    told_away: list[Any] = field(default_factory=list)
    #: What that phone said of itself (its language, what its screen reader
    #: hears unasked...): its seat's screen is drawn with them.
    prefs: dict[str, Any] = field(default_factory=dict)
    #: The game (numbered by ``web/app/seatview.py``) and move count its own
    #: table state was last brought up to (the table's tidying after a move, run on its copy):
    #: None before the first.
    moved: tuple[Any, ...] | None = None


@dataclass
class Joined:
    """This phone as a guest of another's table."""

    #: "scan": waiting for the host's code; "answer": its answer code is shown,
    #: for the host to scan; "linked"; "lost" (the channel closed); "left" (this
    #: phone left the table: it may come back with a new code); "over" (the host
    #: ended the table: ``over`` says how and who); "refused" (the code it
    #: answered was used by another phone).
    step: str = "scan"
    #: Its answer code, while shown.
    code: str = ""
    seat: int | None = None
    #: The table as the host drew it for this seat, and what the host said last.
    html: str = ""
    notice: str = ""
    #: The host's last message number and this phone's own count of messages sent.
    heard: int = 0
    sent: int = 0
    #: A paste that was no code.
    bad_code: bool = False
    #: The last screen came with "your turn": the phone vibrates once.
    buzz: bool = False
    #: The host's finished game, as sent (web/app/guest_history.py), and the
    #: games this phone put in its History already.
    result: Any = None
    kept: set[str] = field(default_factory=set)
    #: The table ended by the host: ``(how, by)``, how "quit" (a game unfinished)
    #: or "closed", by the host's player's name ("" if none).
    over: tuple[str, str] | None = None
    #: The other phones away at this table, as the host said: ``[name, waits]``,
    #: waits True when the table waits for that phone's move.
    away: list[Any] = field(default_factory=list)
    #: The language and settings last told to the host (None: not yet on this link).
    told: dict[str, Any] | None = None
    #: The last screen's ``ping`` (the host's clock, ms) and when it arrived here
    #: (this phone's clock, s), or None: a tap says how long after it the finger
    #: came down, the one span the two phones' clocks can share.
    screen_at: tuple[float, float] | None = None


@dataclass
class Link:
    """The links of this phone: as a host (``phones``, by seat) or as a guest (``joined``)."""

    phones: dict[int, Phone] = field(default_factory=dict)
    joined: Joined | None = None
    #: The new-game form was opened to play on several phones: a seat may be "another phone".
    hosting: bool = False
    #: What was typed or pasted in a code field, by field (a seat, or "host").
    drafts: dict[str, str] = field(default_factory=dict)
    #: What the page's WebRTC glue must do next, in order: ("offer", seat),
    #: ("accept", seat, description), ("join", description), ("drop", seat),
    #: ("bye", seat, message) (its last message, then its link closes),
    #: ("say", peer, message); and the page's own, asked by a tap: ("scan", field)
    #: (the camera reads a code for that field), ("share", code) (the share sheet).
    requests: list[tuple[Any, ...]] = field(default_factory=list)
    #: The browser's camera prompt, asked before the host's first code, is up
    #: unanswered (the code was made without waiting for it any longer).
    camera_prompt: bool = False
    #: The live table ``phones`` belong to (web/app/lifetime.py): when another
    #: one takes its place, their links close.
    table: Any = None
    #: This browser cannot link phones (no ``RTCPeerConnection``, or it refused to
    #: make a connection): the linking screens say so, and what works instead.
    unlinkable: bool = False
