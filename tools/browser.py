"""Debian's Chromium under Playwright, as the e2e tests and the benchmark use it."""

from __future__ import annotations

from dataclasses import dataclass, field

CHROMIUM = "/usr/bin/chromium"
#: Without the background-networking flags Chromium keeps calling Google's hosts,
#: which this machine's closed network refuses (and which would count as off-origin).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: The app sets data-ready on <html> once its first screen is interactive.
READY = "html[data-ready]"
#: A cold boot takes 2 to 4 s here; the machine is shared, so leave a wide margin.
BOOT_TIMEOUT_MS = 90_000


def launch(playwright, **options):
    """Headless Debian Chromium (Playwright must not download a browser of its own)."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
    )


def origin_of(url: str) -> str:
    """``http://host:port/`` of a URL."""
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}/"


@dataclass
class Watch:
    """What went wrong on a page: console errors, uncaught errors, off-origin requests,
    and the deprecated APIs Chromium reports (its Audits issues: what Lighthouse's
    best practices count)."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    deprecations: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page) -> Watch:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("request", self._request)
        audits = page.context.new_cdp_session(page)
        audits.on("Audits.issueAdded", self._issue)
        audits.send("Audits.enable")
        return self

    def _issue(self, event: dict) -> None:
        issue = event["issue"]
        if issue["code"] == "DeprecationIssue":
            details = issue["details"]["deprecationIssueDetails"]
            where = details.get("sourceCodeLocation", {}).get("url", "")
            self.deprecations.append(f"{details['type']} ({where})")

    def _console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        # data: and blob: URLs never leave the device.
        if not url.startswith((self.origin, "data:", "blob:")):
            self.off_origin.append(url)

    def assert_clean(self) -> None:
        assert not self.console_errors, f"console errors: {self.console_errors}"
        assert not self.page_errors, f"uncaught errors: {self.page_errors}"
        assert not self.off_origin, f"requests outside {self.origin}: {self.off_origin}"
        assert not self.deprecations, f"deprecated APIs used: {self.deprecations}"
