"""Carta robada: what each card is called, its sign, its points."""

from __future__ import annotations

from web.html import esc
from web.i18n import Tr

#: Card code -> (what the card says, a small sign drawn beside it).
CARD_KEY = {
    "disrupcion": "cr.card.disrupcion",
    "remolino": "cr.card.remolino",
    "impulso": "cr.card.impulso",
    "manipulacion": "cr.card.manipulacion",
    "espia": "cr.card.espia",
    "reversa": "cr.card.reversa",
    "bendicion": "cr.card.bendicion",
    "maldicion": "cr.card.maldicion",
    "milagro": "cr.card.milagro",
}


CARD_SIGN = {
    "disrupcion": "⇄",
    "remolino": "↻",
    "impulso": "»",
    "manipulacion": "✣",
    "espia": "◉",
    "reversa": "⇆",
    "bendicion": "✚",
    "maldicion": "☠",
    "milagro": "✦",
}


CARD_NUMBER = {
    "disrupcion": 11,
    "remolino": 11,
    "impulso": 12,
    "manipulacion": 12,
    "espia": 13,
    "reversa": 13,
}


CARD_POINTS = {"bendicion": -5, "maldicion": 15, "milagro": -15}


#: A mark's colour comes with its own shape, so colour is never the only signal.
MARK_SIGN = {"disrupcion": "▲", "remolino": "●", "manipulacion": "■", "espia": "◆"}


MARK_KEY = {
    "disrupcion": "cr.mark.disrupcion",
    "remolino": "cr.mark.remolino",
    "manipulacion": "cr.mark.manipulacion",
    "espia": "cr.mark.espia",
}


USE_KEY = {
    "impulso": "cr.use.impulso",
    "reversa": "cr.use.reversa",
    "manipulacion": "cr.use.manipulacion",
    "disrupcion": "cr.use.disrupcion",
    "espia": "cr.use.espia",
    "remolino": "cr.use.remolino",
}


def card_text(tr: Tr, code: str) -> str:
    """A card as a player names it: "7", "Espía (13)", "Milagro (−15)"."""
    if code in CARD_NUMBER:
        return tr("cr.card.numbered", name=tr(CARD_KEY[code]), n=CARD_NUMBER[code])
    if code in CARD_POINTS:
        pts = CARD_POINTS[code]
        return tr("cr.card.points", name=tr(CARD_KEY[code]), n=f"−{-pts}" if pts < 0 else f"+{pts}")
    return code


#: A card name's longest word from which its label takes a smaller size (web/style.css
#: .cname.long, .longer), so that it fits a card whole: at 360 px, "Disrupción" broke
#: into "Disrupció / n" where the browser has no hyphenation for the page's language.
LONG_WORD, LONGER_WORD = 9, 11


def name_class(name: str) -> str:
    """The class of a card's name label, by its longest word."""
    longest = max((len(w) for w in name.split()), default=0)
    if longest >= LONGER_WORD:
        return "cname longer"
    return "cname long" if longest >= LONG_WORD else "cname"


def card_face(tr: Tr, code: str) -> str:
    """The inside of a face-up card: the big number (or points) and the sign."""
    if code in CARD_NUMBER:
        big, small = str(CARD_NUMBER[code]), f"{CARD_SIGN[code]} {tr(CARD_KEY[code])}"
    elif code in CARD_POINTS:
        pts = CARD_POINTS[code]
        big = f"−{-pts}" if pts < 0 else f"+{pts}"
        small = f"{CARD_SIGN[code]} {tr(CARD_KEY[code])}"
    else:
        big, small = code, ""
    sub = (
        f'<span class="{name_class(small)}" aria-hidden="true">{esc(small)}</span>' if small else ""
    )
    long = " long" if len(big) > 2 else ""
    return f'<span class="face{long}" aria-hidden="true">{esc(big)}</span>{sub}'


def card_kind(code: str) -> str:
    if code in CARD_NUMBER:
        return "k-action"
    if code in CARD_POINTS:
        return "k-minus" if CARD_POINTS[code] < 0 else "k-curse"
    n = int(code)
    return "k-low" if n <= 3 else ("k-mid" if n <= 7 else "k-high")
