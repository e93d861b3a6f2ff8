"""One small driver for the app in each browser engine, so that a test is written once.

Playwright drives only Chromium here; Debian's Firefox and WebKitGTK are driven the
way they can be (docs/phones.md, "Engines"):

- :class:`Firefox`: ``firefox-esr --headless`` over WebDriver BiDi, with a client of
  its own below (a websocket, JSON commands): no geckodriver exists in Debian.
- :class:`WebKit`: WebKitGTK's MiniBrowser through ``WebKitWebDriver`` (Selenium's
  WebKitGTK driver) on an Xvfb screen of the phone's size, full screen (no toolbar,
  which keeps a window at least 447 px wide), then set to the phone's size by the
  WebDriver's window rect.
- :class:`Chromium`: a Playwright page behind the same interface, for the tests
  that link phones across engines.

What a test gets: :meth:`Driver.goto`, :meth:`Driver.reload`, :meth:`Driver.js`
(a JS function's result, JSON-decoded), :meth:`Driver.wait` (until a JS function
returns something true), :meth:`Driver.click` (a real pointer click on the first
match, once it is there and enabled), :meth:`Driver.screenshot`, and
:meth:`Driver.errors` (uncaught page errors; console errors where the engine reports
them: Firefox and Chromium do, WebKit's automation does not).

WebKit's automation injects no script before the page's and keeps no storage across
a browser restart, so nothing here relies on either: the test clock is not used (the
app's own "bot_speed: fast" setting makes bots quick), and each engine keeps one
browser for the whole run.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import queue
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
#: The longest a boot or a wait may take on this shared machine (a controlled start that
#: makes the memory snapshot took over 90 s in WebKit at a load of 17 on 2 cores).
TIMEOUT_S = 180.0

#: A condition (CONDITION: the source of a function, maybe async) awaited in the
#: page: checked at once, at every DOM change and at every frame, until it gives a
#: true value (returned) or ``ms`` have passed (null). A check that throws counts
#: as false (the element it reads is not there yet).
WAIT_IN_PAGE = """(args, ms) => new Promise((done) => {
  const condition = (CONDITION);
  let over = false, busy = false;
  const seen = new MutationObserver(() => check());
  const finish = (value) => {
    if (over) return;
    over = true;
    seen.disconnect();
    clearTimeout(deadline);
    done(value);
  };
  const deadline = setTimeout(() => finish(null), ms);
  async function check() {
    if (over || busy) return;
    busy = true;
    let value = null;
    try { value = await condition(...args); } catch (error) { value = null; }
    busy = false;
    if (value) finish(value);
  }
  const frame = () => { if (!over) { check(); requestAnimationFrame(frame); } };
  seen.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  frame();
})"""

#: Page errors kept by the page itself, for engines whose automation reports none
#: (installed after each load: WebKit runs no script before the page's).
CATCH_ERRORS = """() => {
  if (window.__engineErrors) return;
  window.__engineErrors = [];
  addEventListener("error", (e) => window.__engineErrors.push(String(e.message)));
  addEventListener("unhandledrejection", (e) =>
    window.__engineErrors.push("unhandled rejection: " + String(e.reason && e.reason.message
      || e.reason)));
}"""

#: A click's target: scrolled into view, its centre in viewport pixels, or null while
#: it is missing, hidden or disabled, or while the app holds every control after a
#: hand-over (html[data-guard]: a tap then is ignored on purpose, and these engines
#: run on real time, with no test clock to move past the hold).
TARGET = """(selector) => {
  if (document.documentElement.hasAttribute("data-guard")) return null;
  const el = document.querySelector(selector);
  if (!el || el.disabled) return null;
  el.scrollIntoView({block: "center", inline: "center"});
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Driver:
    """What every engine's driver offers (see the module's docstring)."""

    name = "?"

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, function: str, *args: object) -> object:
        """``function`` (JS source of a function, maybe async) called with ``args``
        in the page; its result through JSON (None for undefined)."""
        raise NotImplementedError

    def _click_at(self, x: int, y: int, selector: str) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def console_errors(self) -> list[str]:
        return []

    def console_messages(self) -> list[str]:
        """Every console message heard (any level), where the engine reports them."""
        return []

    def forget_console(self) -> None:
        """The console errors heard so far belong to the last test, not the next;
        and so does what the pages open now say later (a page being left still
        logs: a load it started, cut short)."""

    def close(self) -> None:
        raise NotImplementedError

    # -- built on the above -------------------------------------------------------

    def wait(self, function: str, *args: object, timeout: float = TIMEOUT_S) -> object:
        """``function``'s first true value: the page itself checks it at once, then
        at every change of its DOM and every frame it paints (:data:`WAIT_IN_PAGE`),
        so the test waits on the condition, never on a chosen time. A navigation
        cuts the page's wait short: the next page is asked."""
        end = time.monotonic() + timeout
        waiter = WAIT_IN_PAGE.replace("CONDITION", function)
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: still false after {timeout:.0f} s: {function}")
            try:  # within the driver's own script timeout
                value = self.js(waiter, list(args), min(left, TIMEOUT_S - 10) * 1000)
            except PageGone:
                value = None  # a navigation was under way: ask the next page
            if value:
                return value

    def wait_for(self, selector: str, timeout: float = TIMEOUT_S) -> None:
        self.wait("(s) => document.querySelector(s) !== null", selector, timeout=timeout)

    def ready(self, timeout: float = TIMEOUT_S) -> None:
        """The app's first screen is up (html[data-ready]); page errors are kept
        from now on."""
        self.wait_for("html[data-ready]", timeout)
        self.js(CATCH_ERRORS)

    def click(self, selector: str, timeout: float = TIMEOUT_S) -> None:
        """A pointer click in the middle of the first element ``selector`` matches,
        once it is there, shown and enabled."""
        x, y = self.wait(TARGET, selector, timeout=timeout)  # type: ignore[misc]
        self._click_at(x, y, selector)
        self.answered()

    def answered(self) -> None:
        """Return once the app in its worker has answered every input given so far
        (web/shell/page.js's ``busy``; a page without the app: at once), as the
        Chromium suite's inputs do (e2e/settle.py)."""
        self.wait("() => !(window.tapetePage && window.tapetePage.busy())")

    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` into a field, as pasting does (its input event)."""
        self.wait(TARGET, selector)
        self.js(
            "(s, t) => { const el = document.querySelector(s); el.focus(); el.value = t;"
            " el.dispatchEvent(new Event('input', {bubbles: true}));"
            " el.dispatchEvent(new Event('change', {bubbles: true})); }",
            selector,
            text,
        )
        self.answered()

    def accessible(self, role: str, name: str) -> int | None:
        """How many nodes of the page's accessibility tree have ``role`` and ``name``,
        as the engine computes them; None if its driver cannot tell."""
        raise NotImplementedError

    def count(self, selector: str) -> int:
        return int(self.js("(s) => document.querySelectorAll(s).length", selector))  # type: ignore[arg-type]

    def text(self, selector: str = "#app") -> str:
        return str(self.js("(s) => document.querySelector(s).innerText", selector))

    def errors(self) -> list[str]:
        """Uncaught page errors since the page was ready, and console errors."""
        found = self.js("() => window.__engineErrors || []") or []
        return [*found, *self.console_errors()]  # type: ignore[misc]


class PageGone(Exception):
    """The page went away under a command (a navigation)."""


# -- Firefox over WebDriver BiDi ---------------------------------------------------------

#: Firefox's preferences for a test profile: no first-run pages, no updates, no
#: telemetry, and overlay scrollbars (a phone's: a classic 12 px one makes a 390 px
#: page 378 px wide).
FIREFOX_PREFS = {
    "ui.useOverlayScrollbars": 1,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "browser.aboutwelcome.enabled": False,
    "dom.disable_open_during_load": False,
    "media.navigator.permission.disabled": False,
    "intl.accept_languages": "en-US",
}


class Firefox(Driver):
    """``firefox-esr --headless`` on a profile of its own, over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, width: int = 390, height: int = 844, prefs: dict | None = None) -> None:
        from websockets.sync.client import connect

        self.profile = Path(tempfile.mkdtemp(prefix="tapete-firefox-"))
        lines = [
            f"user_pref({json.dumps(k)}, {json.dumps(v)});"
            for k, v in {**FIREFOX_PREFS, **(prefs or {})}.items()
        ]
        (self.profile / "user.js").write_text("\n".join(lines) + "\n")
        port = free_port()
        self.log = open(self.profile / "firefox.log", "wb")  # noqa: SIM115 - closed in close()
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(self.profile),
             f"--remote-debugging-port={port}", "about:blank"],
            stdout=self.log, stderr=subprocess.PIPE,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
        )  # fmt: skip
        listening = threading.Event()
        threading.Thread(target=self._echo, args=(listening,), daemon=True).start()
        # Firefox says on stderr when its WebDriver BiDi server listens: wait for that.
        if not listening.wait(TIMEOUT_S) or self.proc.poll() is not None:
            raise RuntimeError("Firefox's WebDriver BiDi never answered")
        self.ws = connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=30)
        self._next = 0
        self._answers: dict[int, queue.Queue] = {}
        self._lock = threading.Lock()
        self._console: list[str] = []
        self._heard: list[str] = []
        #: The realms (pages, workers) whose console no longer counts (forget_console).
        self._gone: set[str] = set()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        tree = self.send("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]
        self.send("session.subscribe", {"events": ["log.entryAdded"]})
        self.viewport(width, height)

    def _echo(self, listening: threading.Event) -> None:
        """Firefox's stderr into its log; ``listening`` set once it says its
        WebDriver BiDi server listens (and at its end, so no one waits for good)."""
        assert self.proc.stderr is not None
        with contextlib.suppress(ValueError):  # the log closed by close()
            for line in self.proc.stderr:
                self.log.write(line)
                self.log.flush()
                if b"WebDriver BiDi listening on" in line:
                    listening.set()
        listening.set()

    def _read(self) -> None:
        for raw in self.ws:
            message = json.loads(raw)
            if "id" in message:
                with self._lock:
                    box = self._answers.pop(message["id"], None)
                if box is not None:
                    box.put(message)
            elif message.get("method") == "log.entryAdded":
                entry = message["params"]
                if entry.get("source", {}).get("realm") in self._gone:
                    continue
                self._heard.append(f"{entry.get('level')}: {entry.get('text')}")
                if entry.get("level") == "error":
                    self._console.append(f"{entry.get('type')}: {entry.get('text')}")

    def send(self, method: str, params: dict, timeout: float = TIMEOUT_S) -> dict:
        with self._lock:
            self._next += 1
            ident = self._next
            box: queue.Queue = queue.Queue()
            self._answers[ident] = box
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        answer = box.get(timeout=timeout)
        if answer.get("type") == "error":
            text = f"{method}: {answer.get('error')}: {answer.get('message')}"
            if answer.get("error") in ("no such frame", "no such handle", "unknown error") and (
                "navigat" in str(answer.get("message")) or "destroyed" in str(answer.get("message"))
            ):
                raise PageGone(text)
            raise RuntimeError(text)
        return answer["result"]

    def viewport(self, width: int, height: int) -> None:
        self.send(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def goto(self, url: str) -> None:
        self.send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def js(self, function: str, *args: object) -> object:
        wrapped = f"async (a) => JSON.stringify(await ({function})(...JSON.parse(a)))"
        result = self.send(
            "script.callFunction",
            {
                "functionDeclaration": wrapped,
                "arguments": [{"type": "string", "value": json.dumps(list(args))}],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if result.get("type") == "exception":
            details = result["exceptionDetails"]
            text = details.get("text", "")
            if "navigat" in text or "destroyed" in text or "dead object" in text:
                raise PageGone(text)
            raise RuntimeError(f"firefox: {text}")
        value = result["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    def _click_at(self, x: int, y: int, selector: str) -> None:
        pointer = {
            "type": "pointer",
            "id": "finger",
            "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "x": x, "y": y},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }
        self.send("input.performActions", {"context": self.context, "actions": [pointer]})

    def accessible(self, role: str, name: str) -> int:
        found = self.send(
            "browsingContext.locateNodes",
            {
                "context": self.context,
                "locator": {"type": "accessibility", "value": {"role": role, "name": name}},
            },
        )
        return len(found["nodes"])

    def screenshot(self, path: Path) -> None:
        shot = self.send("browsingContext.captureScreenshot", {"context": self.context})
        path.write_bytes(base64.b64decode(shot["data"]))

    def console_errors(self) -> list[str]:
        return list(self._console)

    def console_messages(self) -> list[str]:
        return list(self._heard)

    def forget_console(self) -> None:
        realms = self.send("script.getRealms", {})["realms"]
        self._gone.update(r["realm"] for r in realms)
        self._console.clear()
        self._heard.clear()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # it ends either way
            self.send("session.end", {}, timeout=10)
        self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


# -- WebKitGTK through WebKitWebDriver -----------------------------------------------------


class Xvfb:
    """An X server of one screen of ``width`` x ``height`` (the phone's), for
    MiniBrowser to fill in full screen."""

    def __init__(self, width: int, height: int) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write)
        with os.fdopen(read) as answer:
            self.display = ":" + answer.readline().strip()

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class WebKit(Driver):
    """MiniBrowser (WebKitGTK, the engine Safari is built on) in automation mode,
    full screen on its own Xvfb screen of the phone's size."""

    name = "webkit"

    def __init__(self, width: int = 390, height: int = 844) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.screen = Xvfb(width, height)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument("--full-screen")
        service = Service(
            executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.screen.display}
        )
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.screen.close()
            raise
        self.driver.set_script_timeout(TIMEOUT_S)
        self.driver.set_page_load_timeout(TIMEOUT_S)
        # MiniBrowser's toolbar keeps its window at least 447 px wide. Full screen has
        # no toolbar; with no window manager on the screen the window keeps its size
        # then, and the WebDriver's window rect sets it to the phone's.
        self.driver.set_window_rect(0, 0, width, height)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def js(self, function: str, *args: object) -> object:
        from selenium.common.exceptions import JavascriptException, WebDriverException

        script = (
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({function})(...JSON.parse(arguments[0])))"
            ".then((v) => done(JSON.stringify(v === undefined ? null : v)),"
            " (e) => done(JSON.stringify({__thrown: String(e && e.stack || e)})));"
        )
        try:
            text = self.driver.execute_async_script(script, json.dumps(list(args)))
        except JavascriptException as error:
            raise RuntimeError(f"webkit: {error.msg}") from None
        except WebDriverException as error:
            if "navigat" in str(error.msg).lower() or "unload" in str(error.msg).lower():
                raise PageGone(str(error.msg)) from None
            raise
        value = json.loads(text) if isinstance(text, str) else None
        if isinstance(value, dict) and "__thrown" in value:
            raise RuntimeError(f"webkit: {value['__thrown']}")
        return value

    def _click_at(self, x: int, y: int, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def accessible(self, role: str, name: str) -> int | None:
        """None: WebKitWebDriver here answers no computed role or label."""
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.by import By

        found = 0
        try:
            for element in self.driver.find_elements(By.CSS_SELECTOR, "#app button, #app [role]"):
                if element.aria_role == role and element.accessible_name == name:
                    found += 1
        except WebDriverException:
            return None
        return found

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.driver.get_screenshot_as_png())

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.screen.close()


# -- Chromium through Playwright (for the tests of phones across engines) ----------------


class Chromium(Driver):
    """A Playwright page of Debian's Chromium behind the same interface."""

    name = "chromium"

    def __init__(self, page) -> None:
        self.page = page
        self._console: list[str] = []
        page.on("console", lambda m: m.type == "error" and self._console.append(m.text))
        page.on("pageerror", lambda e: self._console.append(str(e)))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def js(self, function: str, *args: object) -> object:
        wrapped = f"async (a) => JSON.stringify(await ({function})(...a))"
        text = self.page.evaluate(wrapped, list(args))
        return None if text is None else json.loads(text)

    def _click_at(self, x: int, y: int, selector: str) -> None:
        self.page.mouse.click(x, y)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def console_errors(self) -> list[str]:
        return list(self._console)

    def close(self) -> None:
        self.page.close()


ENGINES = {"firefox": Firefox, "webkit": WebKit}


def open_engine(name: str, width: int = 390, height: int = 844) -> Driver:
    return ENGINES[name](width, height)


# -- The face of a Playwright page, for the helpers written for Chromium -----------------


class AsPage:
    """A :class:`Driver` with the few methods of a Playwright page that the
    Chromium suite's phone helpers use (e2e/test_phones.py's ``host_offers``,
    ``paste_codes``, ``relink``, ``pick``, ``play_to_the_end``; e2e/test_phones_games.py's
    ``offered``, ``press``), so a page of another engine can be the host or the guest
    in them. Selectors are CSS, or Playwright's ``text=...`` (shown text, as a part
    of ``#app``'s); timeouts are in ms, and a wait that ends unmet raises
    Playwright's ``TimeoutError``, as theirs do."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    @staticmethod
    def _found(selector: str) -> tuple[str, str]:
        """A JS condition (of one argument) that holds while ``selector`` matches."""
        if selector.startswith("text="):
            return "(t) => document.querySelector('#app').innerText.includes(t)", selector[5:]
        return "(s) => document.querySelector(s) !== null", selector

    def _wait(self, function: str, arg: object, timeout: float | None) -> object:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        seconds = TIMEOUT_S if timeout is None else timeout / 1000
        try:
            return self.driver.wait(function, arg, timeout=seconds)
        except TimeoutError as error:
            raise PlaywrightTimeout(str(error)) from None

    def wait_for_selector(
        self, selector: str, state: str = "attached", timeout: float | None = None
    ) -> None:
        condition, arg = self._found(selector)
        if state == "detached":
            condition = f"(a) => !({condition})(a)"
        self._wait(condition, arg, timeout)

    def wait_for_function(self, function: str, arg: object = None, timeout: float | None = None):
        return self._wait(function, arg, timeout)

    def click(self, selector: str, timeout: float | None = None) -> None:
        self.driver.click(selector, TIMEOUT_S if timeout is None else timeout / 1000)

    def fill(self, selector: str, text: str) -> None:
        self.driver.fill(selector, text)

    def inner_text(self, selector: str) -> str:
        self.wait_for_selector(selector)
        return self.driver.text(selector)

    def get_attribute(self, selector: str, name: str) -> str | None:
        self.wait_for_selector(selector)
        found = self.driver.js(
            "(s, n) => document.querySelector(s).getAttribute(n)", selector, name
        )
        return None if found is None else str(found)

    def evaluate(self, function: str, arg: object = None) -> object:
        return self.driver.js(function, arg)

    def eval_on_selector_all(self, selector: str, function: str, arg: object = None) -> object:
        return self.driver.js(
            f"(s, a) => ({function})(Array.from(document.querySelectorAll(s)), a)", selector, arg
        )

    def locator(self, selector: str) -> _Located:
        return _Located(self, selector)


class _Located:
    """A Playwright locator's few uses here: how many match, and the first's click."""

    def __init__(self, page: AsPage, selector: str) -> None:
        self.page, self.selector = page, selector

    @property
    def first(self) -> _Located:
        return self

    def count(self) -> int:
        if self.selector.startswith("text="):
            return int(bool(self.page.driver.js(*AsPage._found(self.selector))))
        return self.page.driver.count(self.selector)

    def click(self) -> None:
        self.page.click(self.selector)
