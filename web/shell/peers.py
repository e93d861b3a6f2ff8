"""The page's side of linked phones: hands ``web/app/linking.py``'s requests to
``window.tapetePhones`` (web/shell/phones.js: the WebRTC connections), sends the
host's screens to each guest after every frame, forwards a guest's taps on the
host's table to the host, and brings the links' events back as frames."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy

from web.app import linking
from web.app.midend import Frame, MidEnd
from web.shell.focus import node

Apply = Callable[[Frame | None], None]


def _glue() -> Any:
    return getattr(js.window, "tapetePhones", None)


def listen(mid: MidEnd, apply: Apply) -> Any:
    """Every link's events (open, message, close) into the mid end; the proxy
    is returned to be kept alive."""
    glue = _glue()
    proxy = create_proxy(
        lambda peer, kind, text: apply(mid.linked(str(peer), str(kind), str(text)))
    )
    if glue is not None:
        glue.listen(proxy)
    return proxy


def flush(mid: MidEnd, apply: Apply) -> None:
    """After a frame: the screens each guest must see now, and what the links
    asked the page for."""
    glue = _glue()
    link = mid.app.link
    if glue is None:
        return
    for seat, text in linking.outbox(mid.app):
        glue.send(str(seat), text)
    requests, link.requests = link.requests, []
    for request in requests:
        what = request[0]
        if what == "offer":
            seat = int(request[1])
            made = create_once_callable(
                lambda sdp, seat=seat: apply(mid.offered(seat, str(sdp), bool(glue.prompting())))
            )
            glue.offer(str(seat)).then(made)
        elif what == "accept":
            glue.accept(str(request[1]), request[2])
        elif what == "join":
            glue.join(request[1]).then(
                create_once_callable(lambda sdp: apply(mid.answered(str(sdp))))
            )
        elif what == "drop":
            glue.drop(str(request[1]))
        elif what == "say":
            glue.send(str(request[1]), request[2])


def remote_tap(mid: MidEnd, target: Any) -> bool:
    """A tap on the host's table shown on this guest: sent to the host, which
    answers with the new screen. True when it was one."""
    joined = mid.app.link.joined
    glue = _glue()
    if joined is None or glue is None or node(target.closest("[data-remote]")) is None:
        return False
    action = str(target.getAttribute("data-action") or "")
    arg = node(target.getAttribute("data-arg"))
    if target.hasAttribute("data-move"):
        move = int(target.getAttribute("data-move"))
        glue.send("host", linking.guest_says(joined, "tap", action, move))
    else:
        glue.send(
            "host", linking.guest_says(joined, "ui", action, arg if isinstance(arg, str) else None)
        )
    return True


def scan(mid: MidEnd, apply: Apply, button: Any) -> None:
    """Read a code with the camera (the scanner beside ``button``), then use it as
    if pasted: a guest joins with the host's code (``data-arg`` "host"), the host
    links a seat's phone with its code (``data-arg``: the seat). With no camera, a
    refused one or no decoder, the screen says to paste the code instead."""
    glue = _glue()
    video = node(button.parentElement.querySelector("video.scanner"))
    field = str(button.getAttribute("data-arg") or "host")
    if glue is None or video is None:
        return

    def read(text: Any) -> None:
        mid.app.link.drafts[field] = str(text)
        apply(mid.handle("phones", "read" if field == "host" else f"answer:{field}"))

    def refused(_error: Any) -> None:
        mid.app.notice = ("phones.no_camera", {})
        apply(mid.handle("phones", "noop"))

    glue.scan(video).then(create_once_callable(read), create_once_callable(refused))


def share(mid: MidEnd, apply: Apply, code: str) -> None:
    """A code as text to the system's share sheet (or the clipboard), for a phone
    whose camera cannot read it; says so when it was copied."""
    glue = _glue()
    if glue is None:
        return

    def done(how: Any) -> None:
        if str(how) == "copied":
            mid.app.notice = ("phones.copied", {})
            apply(mid.handle("phones", "noop"))

    glue.share(code).then(create_once_callable(done))
