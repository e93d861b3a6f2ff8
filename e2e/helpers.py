"""Helpers for the app's end-to-end tests: taps, reading the table, axe-core,
screenshots. Pages boot Pyodide (seconds on a busy machine), so a test reuses
one page for many steps."""

from __future__ import annotations

import json
from pathlib import Path

from tools.browser import BOOT_TIMEOUT_MS, READY, Watch, origin_of

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: A game button still in play (rendered with the move count it belongs to).
MOVE = "#app [data-move]:not([disabled])"


def open_app(browser, site_url: str, width: int = 390, height: int = 844, langs: str = "en-US"):
    """A fresh profile at that size, booted. CSP is bypassed only so that axe-core
    can be injected as a script; the app's own CSP is covered by the PWA tests."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        service_workers="block",
        bypass_csp=True,
        locale=langs,
    )
    page = context.new_page()
    watch = Watch(origin_of(site_url)).attach(page)
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, watch


def reload(page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def tap(page, selector: str) -> None:
    page.locator(selector).first.click()


def app_action(page, action: str, arg: str | None = None) -> None:
    selector = f'#app [data-action="{action}"]'
    if arg is not None:
        selector += f'[data-arg="{arg}"]'
    tap(page, selector)


def moves(page) -> list[str]:
    """The game actions on offer now, in page order."""
    return page.eval_on_selector_all(MOVE, "els => els.map(e => e.dataset.action)")


def play(page, action: str) -> None:
    """Tap the (first) button that plays ``action``."""
    tap(page, f'{MOVE}[data-action="{action}"]')


def play_first(page, prefix: str) -> str:
    """Tap the first offered action that starts with ``prefix``; return it."""
    for action in moves(page):
        if action.startswith(prefix):
            play(page, action)
            return action
    raise AssertionError(f"no {prefix!r} action on offer: {moves(page)}")


def save_of(page) -> dict | None:
    text = page.evaluate("() => localStorage.getItem('tapete.save')")
    return None if text is None else json.loads(text)


def text_of(page, selector: str = "#app") -> str:
    return page.inner_text(selector)


def axe(page, label: str) -> None:
    """axe-core on the whole page: no serious or critical violation."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => ({id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
        }"""
    )
    assert not violations, f"axe on {label}: {json.dumps(violations, indent=1)}"


def shoot(page, artifacts: Path, name: str, full: bool = True) -> None:
    """A screenshot named after the screen and the viewport."""
    size = page.viewport_size
    page.wait_for_timeout(60)  # let a short transition settle
    page.screenshot(
        path=str(artifacts / f"{name}-{size['width']}x{size['height']}.png"), full_page=full
    )


def both_sizes(page, artifacts: Path, name: str) -> None:
    """The same screen at both phone sizes (resizing keeps the page, no reboot)."""
    before = page.viewport_size
    for width, height in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, artifacts, name)
    page.set_viewport_size(before)
