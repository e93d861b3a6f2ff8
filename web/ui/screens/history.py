"""The history of finished games and the records screen (import, resume, replay)."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import contextlib
from typing import Any

from web.core import actions, clock, roster, store
from web.core.html import button, esc
from web.core.i18n import date_words, game_name, number, seat_name
from web.core.reason import words
from web.ui.kit import chart
from web.ui.kit.frame import top_bar
from web.ui.kit.options import house_rules
from web.ui.session import Session

# -- history ------------------------------------------------------------------


def history(app: Session) -> str:
    tr = app.tr
    state = app.state_of("history")  # its Screen's: the entry open, a replay that failed
    entries = store.load_history(app.storage)
    parts = [top_bar(tr, esc(tr("history.title")), back="back"), '<main class="history">']
    if not entries:
        parts.append(f'<p class="card-panel empty">{esc(tr("history.empty"))}</p>')
    else:
        parts.append(
            '<div class="row">'
            + button(esc(tr("stats.title")), actions.GO, arg="stats")
            + button(esc(tr("players.title")), actions.GO, arg="players")
            + "</div>"
        )
    parts.append('<ul class="history-list">')
    known = roster.load(app.storage)
    for i, entry in enumerate(entries):
        names = roster.names_now(
            entry, known, [seat_name(tr, s, str(n)) for s, n in enumerate(entry["names"])]
        )
        winners = ", ".join(
            names[w] for w in entry["winners"] if isinstance(w, int) and 0 <= w < len(names)
        )
        when = esc(date_words(tr, clock.local_stamp(str(entry["date"]), app.utc_offset)))
        unfinished = entry.get("unfinished") is True
        open_ = state.get("open") == i and not unfinished
        outcome = (
            f'<p class="meta">{esc(tr("history.unfinished"))}</p>'
            if unfinished
            else f"<p>{esc(tr('history.winners'))} <strong>{esc(winners)}</strong></p>"
        )
        parts.append(
            f'<li class="card-panel"><h2><time datetime="{esc(entry["date"])}">{when}</time> · '
            f"{esc(game_name(tr, entry['game']))}</h2>"
            f"<p>{esc(tr('history.players', names=', '.join(names)))}</p>"
            f"{entry_house_rules(app, entry)}{outcome}"
        )
        if open_:
            rows = "".join(
                f'<tr><th scope="row">{esc(n)}</th><td>{esc(number(s) if isinstance(s, int) else s)}</td></tr>'
                for n, s in zip(names, entry["scores"], strict=False)
            )
            parts.append(
                f'<table class="scores"><caption class="sr">{esc(tr("history.scores"))}</caption>'
                f'<thead><tr><th scope="col">{esc(tr("history.player"))}</th>'
                f'<th scope="col">{esc(tr("history.score"))}</th></tr></thead><tbody>{rows}</tbody></table>'
            )
            parts.append(progression(app, entry, names))
        row = ""
        if not open_ and not unfinished:
            row += button(esc(tr("history.details")), actions.HISTORY_OPEN, arg=i)
        if isinstance(entry.get("record"), dict):
            row += button(esc(tr("records.replay")), actions.HISTORY_REPLAY, arg=i)
            if not unfinished:  # its record shows every hidden card
                row += button(esc(tr("records.export")), actions.EXPORT, arg=f"h{i}")
            else:
                row += f'<p class="meta export-why">{esc(tr("history.no_export"))}</p>'
        parts.append(f'<div class="row">{row}</div>')
        bad = state.get("bad")
        if bad is not None and bad[0] == i:
            parts.append(
                f'<div class="warn" role="alert"><h3>{esc(tr("history.bad"))}</h3>'
                f"{words(tr, bad[1])}</div>"
            )
        parts.append("</li>")
    parts.append("</ul></main>")
    return "".join(parts)


#: The last progression computed: (game, date, moves) -> running totals per round.
_progression_cache: dict[tuple[str, str, int], list[list[int]]] = {}


def _running_totals(app: Session, entry: dict[str, Any]) -> list[list[int]]:
    """The running totals after each round of a History entry's game (its score
    sheet, read by its entry's ``totals``), replayed from its record once; [] for a
    game without a sheet or a record that cannot be read."""
    record, found = entry.get("record"), app.entries.get(entry["game"])
    if not isinstance(record, dict) or found is None:
        return []
    game = found.game
    moves = record.get("actions")
    key = (entry["game"], entry["date"], len(moves) if isinstance(moves, list) else -1)
    if key not in _progression_cache:
        out: list[list[int]] = []
        with contextlib.suppress(Exception):  # an old or damaged record: no chart
            out = found.totals(game.view(game.load(record), None))
        _progression_cache.clear()
        _progression_cache[key] = out
    return _progression_cache[key]


def progression(app: Session, entry: dict[str, Any], names: list[str]) -> str:
    """A finished game's totals round by round: a line per player, its table below."""
    return chart.progression(app.tr, names, _running_totals(app, entry))


def entry_house_rules(app: Session, entry: dict[str, Any]) -> str:
    """The options a game in the history was played with, where they are not
    the game's defaults (its record says; an old record has fewer: defaults)."""
    found = app.entries.get(entry["game"])
    record = entry.get("record")
    if found is None or not isinstance(record, dict):
        return ""
    labels, defaults = found.table.OPTION_LABELS, found.game.default_options
    return house_rules(app.tr, labels, defaults, record.get("options"))


# -- records ------------------------------------------------------------------


def records(app: Session) -> str:
    tr = app.tr
    parts = [top_bar(tr, esc(tr("records.title")), back="back"), '<main class="records">']
    parts.append(
        f'<section class="card-panel"><h2>{esc(tr("records.import"))}</h2>'
        f'<p class="meta">{esc(tr("records.import.help"))}</p>'
        f'<label class="btn primary file"><span>{esc(tr("records.choose"))}</span>'
        '<input type="file" accept=".json,application/json" data-field="import" class="sr-file"></label>'
        "</section>"
    )
    if app.opening is not None:
        done, total = app.opening.done, app.opening.total
        parts.append(
            '<section class="card-panel" role="status">'
            f"<p>{esc(tr('records.opening', done=done, total=total))}</p>"
            f'<progress value="{done}" max="{total}"></progress>'
            f'<div class="row">{button(esc(tr("records.cancel")), actions.IMPORT_CANCEL, cls="btn")}'
            "</div></section>"
        )
    error = app.state_of("records").get("error")
    if error is not None:
        parts.append(
            f'<section class="card-panel warn" role="alert"><h2>{esc(tr("records.bad"))}</h2>'
            f"{words(tr, error)}</section>"
        )
    if app.imported is not None:
        _, table = app.imported
        done = table.game.result(table.state) is not None
        parts.append(
            f'<section class="card-panel" role="status"><h2>{esc(game_name(tr, table.game_id))}</h2>'
            f"<p>{esc(', '.join(table.names))}</p>"
            f'<p class="meta">{esc(tr("records.moves", n=table.state.moves))} · '
            f"{esc(tr('records.finished' if done else 'records.unfinished'))}</p>"
            '<div class="row">'
            + (
                ""
                if done
                else button(esc(tr("records.resume")), actions.IMPORT_RESUME, cls="btn primary")
            )
            + button(esc(tr("records.replay")), actions.IMPORT_REPLAY, cls="btn")
            + "</div></section>"
        )
    parts.append("</main>")
    return "".join(parts)
