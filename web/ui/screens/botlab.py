"""The bot lab screen: choose a game, the seats' levels and how many games;
run them on this phone; read each level's win rate with its 95% interval."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import Any

from web.core import actions
from web.core.html import attrs, button, esc
from web.core.i18n import Tr, bot_level, game_name, number
from web.core.lab import GAME_COUNTS, Lab
from web.ui.kit.frame import top_bar
from web.ui.session import Session


def percent(tr: Tr, share: float) -> str:
    """A share as a whole percentage, in the language's typography ("55 %" in French)."""
    return tr("stats.percent", n=round(100 * share))


def botlab_screen(app: Session) -> str:
    tr = app.tr
    lab: Lab = app.lab
    parts = [top_bar(tr, esc(tr("lab.title")), back="back"), '<main class="botlab">']
    parts.append(f'<p class="meta">{esc(tr("lab.intro"))}</p>')
    if lab.running:
        parts.append(_progress(tr, lab))
    else:
        if lab.cancelled is not None:
            parts.append(
                f'<p class="card-panel lab-note" role="status">{esc(tr("lab.cancelled", n=lab.cancelled))}</p>'
            )
        if lab.report is not None:
            parts.append(_results(tr, lab.report))
        parts.append(_form(app, lab))
    parts.append("</main>")
    return "".join(parts)


def _progress(tr: Tr, lab: Lab) -> str:
    said = tr("lab.progress", n=lab.done, total=lab.games)
    return (
        f'<section class="card-panel lab-run" aria-busy="true"><h2>{esc(tr("lab.running", game=game_name(tr, lab.game)))}</h2>'
        f'<progress class="lab-progress" max="{lab.games}" value="{lab.done}"{attrs(aria_label=said)}></progress>'
        f'<p class="lab-done" aria-live="polite">{esc(said)}</p>'
        f'<div class="actions">{button(esc(tr("lab.cancel")), actions.LAB, arg="cancel", cls="btn")}</div></section>'
    )


def _segmented(label_id: str, choices: list[tuple[str, str, bool]]) -> str:
    """One choice of several (text, ``lab`` argument, pressed)."""
    return (
        f'<div class="segmented" role="group" aria-labelledby="{label_id}">'
        + "".join(
            button(
                esc(text),
                actions.LAB,
                arg=arg,
                cls="btn seg",
                aria_pressed="true" if on else "false",
            )
            for text, arg, on in choices
        )
        + "</div>"
    )


def _form(app: Session, lab: Lab) -> str:
    tr = app.tr
    games = list(lab.offered)
    game = lab.offered[lab.game][0]
    out = [
        f'<section class="card-panel"><h2 id="lab-game">{esc(tr("lab.game"))}</h2>',
        _segmented("lab-game", [(game_name(tr, g), f"game:{g}", g == lab.game) for g in games]),
        "</section>",
        f'<section class="card-panel"><h2 id="lab-count">{esc(tr("setup.players"))}</h2>'
        '<div class="stepper" role="group" aria-labelledby="lab-count">'
        + button(
            "−",
            actions.LAB,
            arg="count:-",
            cls="btn icon",
            aria_label=tr("setup.fewer"),
            disabled=lab.count <= game.min_players,
        )
        + f'<output class="count" aria-live="polite">{lab.count}</output>'
        + button(
            "+",
            actions.LAB,
            arg="count:+",
            cls="btn icon",
            aria_label=tr("setup.more"),
            disabled=lab.count >= game.max_players,
        )
        + "</div>",
        f'<h2 class="lab-seats-head">{esc(tr("lab.levels"))}</h2><ol class="lab-seats">',
    ]
    for i, level in enumerate(lab.lineup()):
        shown = tr("setup.bot", level=bot_level(tr, level))
        out.append(
            f'<li class="lab-seat"><span class="seat-no" aria-hidden="true">{i + 1}</span>'
            + button(
                esc(shown),
                actions.LAB,
                arg=f"level:{i}",
                cls="btn kind",
                aria_label=tr("setup.kind_of", n=i + 1, kind=shown),
                data_say_name=True,  # its new level said (web/shell/said.js)
            )
            + "</li>"
        )
    out.append("</ol></section>")
    out.append(
        f'<section class="card-panel"><h2 id="lab-games">{esc(tr("lab.games"))}</h2>'
        + _segmented("lab-games", [(number(n), f"games:{n}", n == lab.games) for n in GAME_COUNTS])
        + "</section>"
    )
    out.append(
        '<div class="actions">'
        + button(esc(tr("lab.run", n=lab.games)), actions.LAB, arg="run", cls="btn primary big")
        + "</div>"
    )
    return "".join(out)


def _picture(tr: Tr, levels: dict[str, Any]) -> str:
    """Each level's win rate as a bar on 0-100%, its 95% interval as a whisker
    and its fair share as a tick: the table below says the same in figures."""
    x0, width, row = 78, 212, 30  # where 0% is, the width of 0-100%, a row's height
    parts = []
    for i, (level, figs) in enumerate(levels.items()):
        y = 10 + i * row
        lo, hi = (x0 + width * v for v in figs["interval"])
        won, fair = x0 + width * figs["win_rate"], x0 + width * figs["fair_share"]
        parts.append(
            f'<text x="0" y="{y + 15}">{esc(bot_level(tr, level))}</text>'
            f'<rect class="lab-track" x="{x0}" y="{y + 3}" width="{width}" height="16" rx="3"/>'
            f'<rect class="lab-bar" x="{x0}" y="{y + 3}" width="{won - x0:.1f}" height="16" rx="3"/>'
            f'<path class="lab-whisker" d="M{lo:.1f} {y + 11}H{hi:.1f}M{lo:.1f} {y + 5}V{y + 17}M{hi:.1f} {y + 5}V{y + 17}"/>'
            f'<path class="lab-fair" d="M{fair:.1f} {y}V{y + 22}"/>'
        )
    height = 10 + row * len(levels)
    return (
        f'<svg class="lab-chart" viewBox="0 0 300 {height}" aria-hidden="true" focusable="false">'
        + "".join(parts)
        + "</svg>"
    )


def _results(tr: Tr, report: dict[str, Any]) -> str:
    """The arena's figures, a row per level: its seats, share won with the 95%
    interval, its fair share, its seats' mean score (whole, as Statistics shows
    averages)."""
    game_id = str(report["game"])
    caption = tr(
        "lab.results_of", game=game_name(tr, game_id), n=report["games"], players=report["players"]
    )
    heads = [tr("lab.bot"), tr("lab.won"), tr("lab.interval"), tr("lab.fair"), tr("lab.mean")]
    rows = []
    for level, figs in report["levels"].items():
        lo, hi = figs["interval"]
        rows.append(
            f'<tr><th scope="row">{esc(bot_level(tr, level))} <span class="meta">×{figs["seats"]}</span></th>'
            f'<td class="lab-won">{esc(percent(tr, figs["win_rate"]))}</td>'
            f'<td class="lab-interval">{esc(tr("lab.range", lo=percent(tr, lo), hi=percent(tr, hi)))}</td>'
            f"<td>{esc(percent(tr, figs['fair_share']))}</td>"
            f"<td>{esc(number(round(figs['mean_score'])))}</td></tr>"
        )
    th = "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
    return (
        f'<section class="card-panel lab-results"><h2>{esc(tr("lab.results"))}</h2>'
        f'<p class="meta">{esc(caption)}</p>'
        + _picture(tr, report["levels"])
        + f'<div class="table-scroll" role="region" tabindex="0"{attrs(aria_label=caption)}>'
        f'<table class="scores lab-table"><caption class="sr">{esc(caption)}</caption>'
        f"<thead><tr>{th}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        f'<p class="meta">{esc(tr("lab.explain"))}</p></section>'
    )
