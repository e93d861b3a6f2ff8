"""Carta robada: what each card is called, its sign, its points."""

from __future__ import annotations

from web.core.html import esc
from web.core.i18n import Tr

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


#: Card code -> the name its face shows (a short form where the whole name would not
#: fit a 44 px card in 9 px letters: "Manip."); the whole name is said everywhere else
#: (the card's label for screen readers, the move log, the rules).
SHORT_KEY = {
    "disrupcion": "cr.short.disrupcion",
    "remolino": "cr.short.remolino",
    "impulso": "cr.short.impulso",
    "manipulacion": "cr.short.manipulacion",
    "espia": "cr.short.espia",
    "reversa": "cr.short.reversa",
    "bendicion": "cr.short.bendicion",
    "maldicion": "cr.short.maldicion",
    "milagro": "cr.short.milagro",
}


def _big(code: str) -> str:
    """The big figure on a card's face: its number, or its points."""
    if code in CARD_NUMBER:
        return str(CARD_NUMBER[code])
    if code in CARD_POINTS:
        pts = CARD_POINTS[code]
        return f"−{-pts}" if pts < 0 else f"+{pts}"
    return code


def face_words(tr: Tr, code: str) -> str | None:
    """The words a face-up card shows, where its face shortens its name ("12
    Manip."); None where the face shows the name's own words. A control showing
    the card leads its name with them: a name must hold the words on the control
    (what a voice-control user says to press it; axe's label-content-name-mismatch)."""
    if code not in SHORT_KEY or tr(SHORT_KEY[code]) == tr(CARD_KEY[code]):
        return None
    return f"{_big(code)} {tr(SHORT_KEY[code])}"


def card_face(tr: Tr, code: str) -> str:
    """The inside of a face-up card: the big number (or points), the name on one
    line below it and the sign in the top corner (all hidden from screen readers:
    the card's own label says it whole; a control's name still leads with the
    words drawn, :func:`face_words`)."""
    big = _big(code)
    long = " long" if len(big) > 2 else ""
    face = f'<span class="face{long}" aria-hidden="true">{esc(big)}</span>'
    if code not in SHORT_KEY:
        return face
    # Spaces between the parts: a control's drawn text is read as words ("12
    # Manip."), and glued together ("12Manip.") it would be one word its name lacks.
    return (
        f'{face} <span class="cname" aria-hidden="true">{esc(tr(SHORT_KEY[code]))}</span>'
        f' <span class="csign" aria-hidden="true">{CARD_SIGN[code]}</span>'
    )


def card_kind(code: str) -> str:
    if code in CARD_NUMBER:
        return "k-action"
    if code in CARD_POINTS:
        return "k-minus" if CARD_POINTS[code] < 0 else "k-curse"
    n = int(code)
    return "k-low" if n <= 3 else ("k-mid" if n <= 7 else "k-high")


def legend(tr: Tr, code: str) -> str:
    """What a face-up card is, for a player who does not know it yet (a tap on the
    discard's card): its face, its whole name, its number and points, its effect."""
    num: int | None
    if code in CARD_NUMBER:
        num = pts = CARD_NUMBER[code]
        effect = tr(USE_KEY[code])
    elif code in CARD_POINTS:
        num, pts = None, CARD_POINTS[code]
        effect = tr("cr.legend.milagro" if code == "milagro" else "cr.legend.plain")
    else:
        num = pts = int(code)
        effect = tr("cr.legend.number_card")
    facts = [tr("cr.legend.number", n=num) if num is not None else tr("cr.legend.no_number")]
    facts.append(tr("cr.legend.points", n=f"−{-pts}" if pts < 0 else str(pts)))
    return (
        f'<div class="card-legend"><div class="card up pile {card_kind(code)}" aria-hidden="true">'
        f"{card_face(tr, code)}</div><div><p><strong>{esc(card_text(tr, code))}</strong></p>"
        + "".join(f"<p>{esc(f)}</p>" for f in facts)
        + f"<p>{esc(effect)}</p></div></div>"
    )
