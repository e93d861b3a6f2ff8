"""The screens that link phones at one table (``web/app/linking.py`` moves them):
the host's choice of game, the host's links (a QR code per seat on another phone,
and the field for that phone's answer), and a guest's join, then the table the
host draws for it."""

from __future__ import annotations

from web.core import actions, qr
from web.core.html import attrs, button, esc
from web.core.i18n import Tr, game_name
from web.core.link import Joined
from web.ui.kit.frame import top_bar
from web.ui.screens.phones_life import away_lines, over
from web.ui.session import Session


def home_panel(tr: Tr) -> str:
    """Home's way in: host a table on several phones, or join one."""
    return (
        f'<section class="card-panel phones"><h2>{esc(tr("phones.home"))}</h2>'
        f'<p class="meta">{esc(tr("phones.home_why"))}</p><div class="row">'
        + button(esc(tr("phones.host")), actions.PHONES, arg="host", cls="btn")
        + button(esc(tr("phones.join")), actions.PHONES, arg="join", cls="btn")
        + "</div>"
        + help_link(tr)
        + "</section>"
    )


def help_link(tr: Tr) -> str:
    """To the help page "Playing on several phones" (on the rules screen): how to
    join, and what to do when a phone cannot connect."""
    go = button(esc(tr("phones.help")), actions.RULES, arg="phones", cls="btn")
    return f'<p class="phones-help">{go}</p>'


def scanner(label: str, arg: str) -> str:
    """The camera's picture (shown only while it scans) and the button that starts
    it; ``arg`` names the field the code read goes into: ``host`` (a guest reads the
    host's code) or a seat (the host reads that seat's phone's code)."""
    return '<video class="scanner" muted playsinline aria-hidden="true"></video>' + button(
        esc(label), actions.PHONES_SCAN, arg=arg, cls="btn"
    )


def host_games(app: Session) -> str:
    """The host chooses the game; its form then offers "Another phone" for a seat."""
    tr = app.tr
    games = "".join(
        "<li>"
        + button(esc(game_name(tr, game_id)), actions.PHONES, arg="new:" + game_id, cls="btn")
        + "</li>"
        for game_id in app.entries
    )
    return (
        top_bar(tr, esc(tr("phones.host_title")))
        + f'<main class="phones"><p>{esc(tr("phones.host_step"))}</p>'
        f'<ul class="phone-games">{games}</ul></main>'
    )


def unlinkable(tr: Tr) -> str:
    """This browser cannot link phones: said first on the linking screens, with
    what works instead (one phone passed around)."""
    return f'<p class="card-panel warn" role="alert">{esc(tr("phones.no_webrtc"))}</p>'


def _code_field(
    tr: Tr,
    field: str,
    label: str,
    go: str,
    arg: str,
    bad: bool,
    used: bool = False,
    empty: bool = False,
) -> str:
    """A code's field and its button; ``bad``: what was read was no code (``empty``:
    nothing was there, and the field asks for one)."""
    why = "phones.used_code" if used else None
    why = why or (("phones.empty_code" if empty else "phones.bad_code") if bad else None)
    error = f'<p class="hint" role="alert">{esc(tr(why))}</p>' if why else ""
    area = attrs(
        id="code-" + field,
        data_field="linkcode",
        data_arg=field,
        rows=3,
        autocomplete="off",
        spellcheck="false",
    )
    return (
        f'<label for="code-{esc(field)}">{esc(label)}</label><textarea{area}></textarea>'
        f"{error}{button(esc(go), actions.PHONES, arg=arg, cls='btn primary')}"
    )


def _shown_code(tr: Tr, code: str, label: str) -> str:
    """A code as a QR code and as text to share or paste."""
    return (
        f'<div class="qr-box">{qr.svg(code, label)}</div>'
        f'<p class="meta">{esc(tr("phones.code_text"))}</p>'
        f'<output class="linkcode">{esc(code)}</output>'
        + button(esc(tr("phones.share")), actions.PHONES_SHARE, arg=code, cls="btn")
    )


def lobby(app: Session) -> str:
    """The host links each seat held on another phone."""
    tr = app.tr
    table = app.table
    parts = [top_bar(tr, esc(tr("phones.lobby_title"))), '<main class="phones">']
    parts.append(f"<p>{esc(tr('phones.lobby_step'))}</p>")
    if app.link.unlinkable:
        parts.append(unlinkable(tr))
    if app.link.camera_prompt:
        asking = esc(tr("phones.camera_prompt"))
        parts.append(f'<p class="card-panel note" role="status">{asking}</p>')
    names = table.names if table is not None else []
    for seat, phone in app.link.phones.items():
        name = names[seat] if seat < len(names) else ""
        parts.append(f'<section class="card-panel phone-seat" data-phone="{seat}">')
        parts.append(f"<h2>{esc(name)}</h2>")
        if phone.status == "linked":
            parts.append(f'<p role="status">{esc(tr("phones.linked", name=name))}</p>')
        elif phone.status == "away":
            parts.append(_away(app, seat, name))
        elif not phone.code:
            if not app.link.unlinkable:  # else no code ever comes: said above
                parts.append(f'<p role="status">{esc(tr("phones.preparing"))}</p>')
        else:
            parts.append(_shown_code(tr, phone.code, tr("phones.qr_for", name=name)))
            parts.append(scanner(tr("phones.scan_answer", name=name), str(seat)))
            parts.append(
                _code_field(
                    tr,
                    str(seat),
                    tr("phones.answer_label", name=name),
                    tr("phones.answer_go", name=name),
                    f"answer:{seat}",
                    phone.bad_code,
                    phone.used_code,
                    not app.link.drafts.get(str(seat), "").strip(),
                )
            )
        parts.append("</section>")
    parts.append(button(esc(tr("phones.to_table")), actions.PHONES, arg="table", cls="btn primary"))
    parts.append(help_link(tr))
    parts.append("</main>")
    return "".join(parts)


def join_screen(app: Session) -> str:
    """A guest: the host's code in, this phone's answer out, then the table."""
    tr = app.tr
    joined = app.link.joined or Joined()
    if joined.step == "linked" and joined.html:
        notice = esc(joined.notice)
        leave = button(esc(tr("phones.leave")), actions.PHONES, arg="leave", cls="btn leave")
        return (
            away_lines(tr, joined.away) + f'<div class="remote" data-remote="">{joined.html}</div>'
            f'<p class="notice remote-notice" role="alert">{notice}</p>'
            f'<div class="row remote-leave">{leave}</div>'
        )
    parts = [top_bar(tr, esc(tr("phones.join_title"))), '<main class="phones">']
    if app.link.unlinkable:
        parts.append(unlinkable(tr))
    why = {"lost": "phones.lost", "left": "phones.left", "refused": "phones.refused"}.get(
        joined.step
    )
    if why is not None:
        parts.append(f'<p role="alert">{esc(tr(why))}</p>')
    if joined.step == "over":
        parts.append(over(tr, joined))
    if joined.step in ("scan", "lost", "left", "over", "refused"):
        parts.append(f"<p>{esc(tr('phones.join_step'))}</p>")
        parts.append(scanner(tr("phones.scan"), "host"))
        parts.append(
            _code_field(
                tr,
                "host",
                tr("phones.code_label"),
                tr("phones.code_go"),
                "read",
                joined.bad_code,
                empty=not app.link.drafts.get("host", "").strip(),
            )
        )
    elif joined.step == "joining" and not app.link.unlinkable:
        parts.append(f'<p role="status">{esc(tr("phones.joining"))}</p>')
    else:
        parts.append(f"<p>{esc(tr('phones.answer_step'))}</p>")
        parts.append(_shown_code(tr, joined.code, tr("phones.answer_qr")))
    parts.append(help_link(tr))
    parts.append("</main>")
    return "".join(parts)


def away_banner(app: Session) -> str:
    """Over the host's table: each phone that is away or not linked yet, and what
    the host may do (wait, give it a fresh code, or let a bot play its seat)."""
    table = app.table
    if table is None:
        return ""
    parts = []
    for seat, phone in app.link.phones.items():
        if phone.status == "linked":
            continue  # away, or never linked (the host went to the table first)
        away = _away(app, seat, table.names[seat])
        parts.append(f'<section class="card-panel warn phone-away">{away}</section>')
    return "".join(parts)


def _away(app: Session, seat: int, name: str) -> str:
    """A phone that is away: whether the game waits for its move or plays on
    without it; a fresh code for it, or a bot for its seat."""
    tr, table = app.tr, app.table
    waits = table is not None and seat in app.entries[table.game_id].table.waits_for(table)
    said = tr("phones.away_waits" if waits else "phones.away_plays", name=name)
    return (
        f'<p role="alert">{esc(said)}</p><div class="row">'
        + button(esc(tr("phones.new_code", name=name)), actions.PHONES, arg=f"again:{seat}")
        + button(esc(tr("phones.away_bot", name=name)), actions.PHONES, arg=f"bot:{seat}")
        + "</div>"
    )
