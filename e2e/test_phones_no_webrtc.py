"""A browser with no WebRTC (no ``RTCPeerConnection``: WebKitGTK's builds, some
in-app and locked-down browsers) cannot link phones: both linking screens say so at
once, and what works instead, rather than "Preparing the code…" or "Linking…" for
good. Here Chromium's is taken away; e2e/engines/ runs the same in WebKit, which
really lacks it."""

from __future__ import annotations

import pytest

from e2e.helpers import app_action, open_app, patch, reload, restart

#: The constructor taken away for the rest of the test (and given back after).
NO_WEBRTC = (
    "() => { window.__keptRTC = window.RTCPeerConnection; delete window.RTCPeerConnection; }"
)
GIVE_BACK = "() => { window.RTCPeerConnection = window.__keptRTC; }"

SAID = {
    "en-US": ("Linking phones does not work in this browser", "pass the phone around the table"),
    "es-ES": ("Enlazar teléfonos no funciona en este navegador", "pasa el teléfono por la mesa"),
    "fr-FR": ("Relier des téléphones ne marche pas dans ce navigateur", "autour de la table"),
}


@pytest.mark.parametrize("langs", list(SAID))
def test_without_webrtc_both_linking_screens_say_what_works_instead(
    browser, site_url, langs: str
) -> None:
    context, page, watch = open_app(browser, site_url, langs=langs)
    try:
        patch(page, NO_WEBRTC, GIVE_BACK)
        reload(page)  # the app starts again in a browser without it
        cannot, instead = SAID[langs]
        app_action(page, "phones", "host")
        app_action(page, "phones", "new:dice_bid")
        page.click('[data-action="seat-kind"][data-arg="1:phone"]')  # another phone
        page.click('[data-action="start"]')
        page.wait_for_selector("main.phones .phone-seat")
        alert = page.locator('main.phones [role="alert"]').first
        assert cannot in alert.inner_text() and instead in alert.inner_text()
        assert page.locator("main.phones svg.qr").count() == 0
        assert "…" not in page.inner_text(".phone-seat"), "still preparing a code"
        restart(page, storage={})  # a guest's phone, also without WebRTC
        app_action(page, "phones", "join")
        alert = page.locator('main.phones [role="alert"]').first
        assert cannot in alert.inner_text() and instead in alert.inner_text()
        watch.assert_clean()
    finally:
        context.close()
