"""The new-game form: players, who is a bot, the game's options."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import Any

from web.core import actions, roster, store
from web.core.html import attrs, button, esc
from web.core.i18n import Tr, bot_about, bot_level, game_name
from web.ui.kit import coach
from web.ui.kit.frame import top_bar
from web.ui.session import Session


def setup(app: Session) -> str:
    tr = app.tr

    form = app.setup
    game_id = form["game"]
    game = app.entries[game_id].game
    bots = app.bot_levels(game_id)
    count = form["count"]
    parts = [
        top_bar(tr, esc(tr("setup.heading", game=game_name(tr, game_id))), back="back"),
        '<main class="setup">',
    ]
    if app.entries[game_id].lesson is not None:
        parts.append(coach.learn(tr, app.storage, game_id, offer=True))
    parts.append(
        f'<section class="card-panel"><h2 id="count-label">{esc(tr("setup.players"))}</h2>'
        f'<div class="stepper" role="group" aria-labelledby="count-label">'
        + button(
            "−",
            actions.COUNT,
            arg="-",
            cls="btn icon",
            aria_label=tr("setup.fewer"),
            disabled=count <= game.min_players,
        )
        + f'<output class="count" aria-live="polite">{count}</output>'
        + button(
            "+",
            actions.COUNT,
            arg="+",
            cls="btn icon",
            aria_label=tr("setup.more"),
            disabled=count >= game.max_players,
        )
        + f'</div><p class="meta">{esc(tr("home.players", lo=game.min_players, n=game.max_players))}</p>'
        "</section>"
    )
    parts.append(f'<section class="card-panel"><h2>{esc(tr("setup.seats"))}</h2><ol class="seats">')
    for i, seat in enumerate(form["seats"][:count]):
        default = tr("seat.default", n=i + 1)
        label = esc(tr("setup.seat_name", n=i + 1))
        kind = ""
        if bots and app.link.hosting:
            kind = phone_kinds(tr, i, seat["kind"])
        elif bots:
            shown = (
                tr("setup.human")
                if seat["kind"] == "human"
                else tr("phones.kind")
                if seat["kind"] == "phone"
                else tr("setup.bot", level=bot_level(tr, seat["level"] or ""))
            )
            kind = button(
                esc(shown),
                actions.SEAT_KIND,
                arg=i,
                cls="btn kind",
                aria_label=tr("setup.kind_of", n=i + 1, kind=shown),
                data_say_name=True,  # its new kind said (web/shell/said.js)
            )
        long_hint = ""
        if len(" ".join(str(seat["name"]).split())) > store.MAX_NAME:
            long_hint = f'<span class="hint">{esc(tr("setup.name_long", n=store.MAX_NAME))}</span>'
        parts.append(
            f'<li class="seat"><label for="name-{i}" class="sr">{label}</label>'
            f'<span class="seat-no" aria-hidden="true">{i + 1}</span>'
            f'<input id="name-{i}" type="text" autocomplete="off" enterkeyhint="next"'
            f"{attrs(value=seat['name'], placeholder=default, data_field='name', data_arg=i, maxlength=60, list='known-players')}>"
            f"{kind}{long_hint}{levels(tr, i, seat, list(bots)) if seat['kind'] == 'bot' else ''}</li>"
        )
    parts.append(f'</ol><p class="meta">{esc(tr("setup.names_hint", n=store.MAX_NAME))}</p>')
    parts.append(known_players(app, form["seats"][:count]))
    parts.append("</section>")
    table_ui = app.entries[game_id].table
    shown_options = [(k, v) for k, v in form["options"].items() if k in table_ui.OPTION_LABELS]
    if shown_options:
        parts.append(f'<section class="card-panel"><h2>{esc(tr("setup.options"))}</h2>')
        for name, value in shown_options:
            label = tr(table_ui.OPTION_LABELS[name])
            if isinstance(value, bool):
                parts.append(
                    '<div class="opt">'
                    + button(
                        esc(
                            tr(
                                "setup.option_value",
                                label=label,
                                value=tr("yes" if value else "no"),
                            )
                        ),
                        actions.OPTION,
                        arg=name,
                        cls="btn toggle",
                        aria_pressed="true" if value else "false",
                    )
                    + "</div>"
                )
            else:
                lo, hi, _ = table_ui.OPTION_RANGES.get(name, (0, 10_000, 1))
                oid = f"opt-{name}"
                parts.append(
                    f'<div class="opt"><span id="{esc(oid)}">{esc(label)}</span>'
                    f'<div class="stepper" role="group" aria-labelledby="{esc(oid)}">'
                    + button(
                        "−",
                        actions.OPTION,
                        arg=f"{name}:-",
                        cls="btn icon",
                        aria_label=tr("setup.less", what=label),
                        disabled=value <= lo,
                    )
                    + f'<output class="count">{esc(value)}</output>'
                    + button(
                        "+",
                        actions.OPTION,
                        arg=f"{name}:+",
                        cls="btn icon",
                        aria_label=tr("setup.more_of", what=label),
                        disabled=value >= hi,
                    )
                    + "</div>"
                    + presets(label, name, value, table_ui.OPTION_PRESETS.get(name, ()))
                    + "</div>"
                )
        parts.append("</section>")
    parts.append(
        '<div class="actions">'
        + summary(tr, [(tr(table_ui.OPTION_LABELS[k]), v) for k, v in shown_options])
        + button(esc(tr("setup.start")), actions.START, cls="btn primary big")
        + "</div></main>"
    )
    return "".join(parts)


def phone_kinds(tr: Tr, i: int, kind: str) -> str:
    """On a table of several phones, where a seat plays, one tap each: this
    phone, another phone, or a bot (its levels then follow)."""
    label = tr("phones.kind_group", seat=i + 1)
    kinds = (("human", "phones.this_phone"), ("phone", "phones.kind"), ("bot", "phones.bot_kind"))
    return (
        f'<div class="segmented seat-kinds" role="group"{attrs(aria_label=label)}>'
        + "".join(
            button(
                esc(tr(key)),
                actions.SEAT_KIND,
                arg=f"{i}:{value}",
                cls="btn small seg",
                aria_pressed="true" if value == kind else "false",
            )
            for value, key in kinds
        )
        + "</div>"
    )


def summary(tr: Tr, options: list[tuple[str, Any]]) -> str:
    """The options in one line beside Start, which stays at the screen's foot:
    the form below it (a target score, house rules) is seen before a game
    starts. Numbers with their value, yes-or-no rules only when on."""
    said = [
        label if value is True else tr("setup.option_value", label=label, value=value)
        for label, value in options
        if value is not False
    ]
    if not said:  # every rule off (the dice game's at first): nothing to tell
        return ""
    return f'<p class="meta setup-summary">{esc(tr("setup.summary", list=" · ".join(said)))}</p>'


def levels(tr: Tr, i: int, seat: dict[str, Any], offered: list[str]) -> str:
    """A bot seat's levels, one tap each, and what the chosen one plays like."""
    label = tr("setup.level_of", n=i + 1)
    return (
        f'<div class="segmented levels" role="group"{attrs(aria_label=label)}>'
        + "".join(
            button(
                esc(bot_level(tr, lv)),
                actions.SEAT_LEVEL,
                arg=f"{i}:{lv}",
                cls="btn small seg",
                aria_pressed="true" if lv == seat["level"] else "false",
            )
            for lv in offered
        )
        + f'</div><p class="meta level-about">{esc(bot_about(tr, seat["level"] or ""))}</p>'
    )


def presets(label: str, name: str, value: int, values: tuple[int, ...]) -> str:
    """A number option's values one tap away ("50 100 150"), the one set pressed."""
    if not values:
        return ""
    return (
        f'<div class="segmented presets" role="group"{attrs(aria_label=label)}>'
        + "".join(
            button(
                esc(v),
                actions.OPTION,
                arg=f"{name}={v}",
                cls="btn small seg",
                aria_pressed="true" if v == value else "false",
            )
            for v in values
        )
        + "</div>"
    )


def known_players(app: Session, seats: list[dict[str, Any]]) -> str:
    """The players remembered on this device not seated yet, one tap to seat one
    (to the first empty name); also the name fields' suggestion list."""
    known = roster.load(app.storage)
    if not known:
        return ""
    seated = {store.clean_name(s["name"]).casefold() for s in seats}
    # a player who only ever sat at another phone is that phone's, not this one's
    mine = [p for p in known if not p.get("elsewhere")]
    free = [p for p in mine if p["name"].casefold() not in seated][:12]
    options = "".join(f"<option{attrs(value=p['name'])}></option>" for p in known)
    out = f'<datalist id="known-players">{options}</datalist>'
    if free:
        label = app.tr("setup.known")
        out += (
            f'<div class="known" role="group"{attrs(aria_label=label)}><span class="meta">{esc(label)}</span> '
            + "".join(
                button(
                    roster.label(p),
                    actions.PICK_PLAYER,
                    arg=p["id"],
                    cls="btn small",
                    aria_label=app.tr("setup.seat_player", name=p["name"]),
                )
                for p in free
            )
            + "</div>"
        )
    return out
