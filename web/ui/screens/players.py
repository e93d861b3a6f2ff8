"""The Players screen: the players remembered on this device (web/core/roster.py),
each with its games, to rename, give an avatar, merge into another, or forget."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.core import actions, roster, store
from web.core.html import attrs, button, esc
from web.ui.kit.frame import top_bar
from web.ui.screens.stats import figures
from web.ui.session import Session

#: Each avatar's name, said by its button (the catalog keys named whole).
_AVATAR_NAMES = {
    "triangle": "players.avatar.triangle",
    "square": "players.avatar.square",
    "ring": "players.avatar.ring",
    "hexagon": "players.avatar.hexagon",
    "moon": "players.avatar.moon",
    "drop": "players.avatar.drop",
    "sun": "players.avatar.sun",
    "star": "players.avatar.star",
    "clover": "players.avatar.clover",
    "die": "players.avatar.die",
}


def players_screen(app: Session) -> str:
    tr = app.tr
    known = roster.load(app.storage)
    ui = app.state_of("players")
    games = figures(store.load_history(app.storage), known, app.entries).overall
    parts = [top_bar(tr, esc(tr("players.title")), back="back"), '<main class="players">']
    parts.append(f'<p class="meta">{esc(tr("players.help"))}</p>')
    if not known:
        parts.append(f'<p class="card-panel empty">{esc(tr("players.empty"))}</p>')
    parts.append('<ul class="player-list">')
    for player in known:
        pid = player["id"]
        name = player["name"]
        line = games.get(pid)
        played = tr("players.games", n=line.games if line else 0)
        draft = ui.get("draft", {}).get(pid, name)
        parts.append(
            f'<li class="card-panel player" data-player="{esc(pid)}"><h2>{roster.label(player)}</h2>'
            f'<p class="meta">{esc(played)}</p>'
            f'<div class="row"><label class="sr" for="pname-{esc(pid)}">{esc(tr("players.name_of", name=name))}</label>'
            f'<input id="pname-{esc(pid)}" type="text" autocomplete="off"{attrs(value=draft, data_field="player-name", data_arg=pid, maxlength=60)}>'
            + button(
                esc(tr("players.rename")), actions.PLAYER, arg=f"rename:{pid}", cls="btn small"
            )
            + "</div>"
        )
        error = ui.get("error")
        if error and error[0] == pid:
            parts.append(f'<p class="hint" role="alert">{esc(tr(error[1], n=store.MAX_NAME))}</p>')
        avatar = tr("players.avatar_of", name=name)
        parts.append(
            f'<details class="avatars"{attrs(open=bool(ui.get("avatar") == pid))}><summary>{esc(avatar)}</summary>'
            f'<div class="segmented" role="group"{attrs(aria_label=avatar)}>'
            + "".join(
                button(
                    roster.avatar(a),
                    actions.PLAYER,
                    arg=f"avatar:{pid}:{a}",
                    cls="btn small seg",
                    aria_pressed="true" if player.get("avatar") == a else "false",
                    aria_label=tr(_AVATAR_NAMES[a]),
                    title=tr(_AVATAR_NAMES[a]),
                )
                for a in roster.AVATARS
            )
            + "</div></details>"
        )
        ask = ui.get("merge_ask")
        into = roster.by_id(known, ask[1]) if ask and ask[0] == pid else None
        if into is not None:
            to = into["name"]
            parts.append(
                f'<p role="alert">{esc(tr("players.merge_shared", name=name, to=to))}</p><div class="row">'
                + button(
                    esc(tr("players.cancel")), actions.PLAYER, arg="cancel", cls="btn small primary"
                )
                + button(
                    esc(tr("players.merge_yes", to=to)),
                    actions.PLAYER,
                    arg=f"merge-yes:{pid}:{into['id']}",
                    cls="btn small danger",
                )
                + "</div>"
            )
        elif ui.get("merge") == pid:
            others = [p for p in known if p is not player]
            parts.append(
                f'<p>{esc(tr("players.merge_into", name=name))}</p><div class="row">'
                + "".join(
                    button(
                        roster.label(p),
                        actions.PLAYER,
                        arg=f"merge-into:{pid}:{p['id']}",
                        cls="btn small",
                    )
                    for p in others
                )
                + button(esc(tr("players.cancel")), actions.PLAYER, arg="cancel", cls="btn small")
                + "</div>"
            )
        elif ui.get("delete") == pid:
            parts.append(
                f'<p role="alert">{esc(tr("players.delete_ask", name=name))}</p><div class="row">'
                + button(
                    esc(tr("players.cancel")), actions.PLAYER, arg="cancel", cls="btn small primary"
                )
                + button(
                    esc(tr("players.delete_yes")),
                    actions.PLAYER,
                    arg=f"delete-yes:{pid}",
                    cls="btn small danger",
                )
                + "</div>"
            )
        else:
            row = (
                button(
                    esc(tr("players.merge")), actions.PLAYER, arg=f"merge:{pid}", cls="btn small"
                )
                if len(known) > 1
                else ""
            )
            row += button(
                esc(tr("players.delete")), actions.PLAYER, arg=f"delete:{pid}", cls="btn small"
            )
            parts.append(f'<div class="row">{row}</div>')
        parts.append("</li>")
    parts.append("</ul>")
    parts.append(_file_panel(app))
    parts.append("</main>")
    return "".join(parts)


def _file_panel(app: Session) -> str:
    """Keep the players and the history as one file, or merge one in."""
    tr = app.tr
    out = [
        f'<section class="card-panel"><h2>{esc(tr("players.file"))}</h2>'
        f'<p class="meta">{esc(tr("players.file_help"))}</p><div class="row">'
        + button(esc(tr("players.export")), actions.EXPORT, arg="players", cls="btn")
        + f'<label class="btn file"><span>{esc(tr("players.import"))}</span>'
        '<input type="file" accept=".json,application/json" data-field="import" class="sr-file"></label>'
        "</div>"
    ]
    said = app.state_of("players").get("import")
    if said:
        key, values = said
        bad = key == "players.import_bad"
        if bad:  # the reason, a clause of the sentence (web.core.players_file.FileProblem)
            why, why_values = values["why"]
            values = {"why": tr(why, **why_values)}
        out.append(
            f'<p class="{"hint" if bad else "meta"}" role="{"alert" if bad else "status"}">'
            f"{esc(tr(key, **values))}</p>"
        )
    out.append("</section>")
    return "".join(out)
