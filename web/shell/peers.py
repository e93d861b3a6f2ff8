"""The page's side of linked phones: hands ``web/app/linking.py``'s requests (and
the mid end's for the camera and the share sheet) to ``window.tapetePhones``
(web/shell/phones.js: the WebRTC connections, the scanner, the share sheet), sends
the host's screens to each guest after every frame (and a guest's taps on the
host's table to the host: :meth:`MidEnd.remote`), and brings the links' events back
as frames."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy

from web.app.midend import Frame, MidEnd
from web.app.wire import requests
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
    # Known before any linking screen is drawn, so that it says so at once.
    mid.app.link.unlinkable = glue is None or not glue.linkable()
    return proxy


def _failed(mid: MidEnd, apply: Apply) -> Any:
    """What a refused offer or join does: the linking screen says this browser
    cannot link phones, and what works instead (its "Preparing the code…" or
    "Linking…" would otherwise stay for good)."""

    def failed(error: Any) -> None:
        js.console.warn("tapete: no link", error)
        apply(mid.link_failed())

    return create_once_callable(failed)


def flush(mid: MidEnd, apply: Apply) -> None:
    """After a frame: the screens each guest must see now, and what the links
    asked the page for."""
    glue = _glue()
    if glue is None:
        return
    for what, *args in requests(mid.app):  # (web/app/wire.py: the glue's calls, in order)
        if what == "offer":
            seat = int(args[0])
            made = create_once_callable(
                lambda sdp, seat=seat: apply(mid.offered(seat, str(sdp), bool(glue.prompting())))
            )
            glue.offer(args[0]).then(made, _failed(mid, apply))
        elif what == "join":
            glue.join(args[0]).then(
                create_once_callable(lambda sdp: apply(mid.answered(str(sdp)))),
                _failed(mid, apply),
            )
        elif what == "scan":
            _scan(mid, apply, glue, args[0])
        elif what == "share":
            done = create_once_callable(lambda how: apply(mid.shared(str(how))))
            glue.share(args[0]).then(done)
        else:  # send, accept, drop, bye, refuse: no answer
            getattr(glue, what)(*args)


def _scan(mid: MidEnd, apply: Apply, glue: Any, field: str) -> None:
    """Read a code with the camera, in the scanner beside the button that asked
    for ``field``; the mid end uses what was read (or says to paste the code)."""
    button = node(js.document.querySelector(f'[data-action="phones-scan"][data-arg="{field}"]'))
    video = None if button is None else node(button.parentElement.querySelector("video.scanner"))
    if video is None:
        return
    glue.scan(video).then(
        create_once_callable(lambda text: apply(mid.scanned(field, str(text)))),
        create_once_callable(lambda _error: apply(mid.scanned(field, None))),
    )
