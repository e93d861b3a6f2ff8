"""The Statistics screen: from the History kept on this device, per player (games,
wins, win rate) and per game (the same, with average and best scores), a bar
chart of wins and a line of each player's wins over time, each chart with its
table equivalent. Seats are linked to players by id (web/core/roster.py); History
entries older than player ids by the name played. Unfinished games and seats
nobody is (bots, "Player 2") do not count."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from web.core import roster, store
from web.core.counts import Count, valid
from web.core.html import attrs, esc
from web.core.i18n import Tr, game_name, number
from web.ui.entry import GameEntry
from web.ui.kit import chart
from web.ui.kit.frame import top_bar
from web.ui.session import Session

#: Players drawn in the line over time (the most games first): more is a tangle at 360 px.
MAX_LINES = 4


@dataclass
class Line:
    """One player's figures in one game (or across all, scores aside)."""

    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    #: web/core/counts.py key -> the sum over the player's games that have counts
    counts: dict[str, int] = field(default_factory=dict)

    def rate(self) -> int:
        """Win rate, in whole percent."""
        return round(100 * self.wins / self.games) if self.games else 0


@dataclass
class Figures:
    """What the screen shows, computed from History (newest first) and the players."""

    #: player id -> its name now
    names: dict[str, str] = field(default_factory=dict)
    #: player id -> its avatar (web/core/roster.py AVATARS), for those who have one
    avatars: dict[str, str] = field(default_factory=dict)
    overall: dict[str, Line] = field(default_factory=dict)
    #: game id -> player id -> Line
    games: dict[str, dict[str, Line]] = field(default_factory=dict)
    #: game id -> whether the lowest score wins (seen in its History entries)
    lowest: dict[str, bool] = field(default_factory=dict)
    #: finished games oldest first: (date, the winners' player ids)
    timeline: list[tuple[str, set[str], set[str]]] = field(default_factory=list)


def _score(scores: list[Any], seat: int) -> int | None:
    value = scores[seat] if seat < len(scores) else None
    return value if isinstance(value, int) else None


def _rank(entry: dict[str, Any], seat: int, lowest: bool) -> tuple[bool, bool, int]:
    """Orders one player's seats in a game: a winning seat, then one with a score,
    then the better score."""
    value = _score(entry["scores"], seat)
    return (seat in entry["winners"], value is not None, (-1 if lowest else 1) * (value or 0))


def figures(
    entries: list[dict[str, Any]], known: list[roster.Player], games: Mapping[str, GameEntry]
) -> Figures:
    """The History ``entries`` of the ``games`` this app plays. A player with two
    seats in one game (two players merged after they sat at one table) counts that
    game once: a win if any of their seats won, and the score and counts of their
    best seat (a winning one first, then the best score)."""
    out = Figures()
    for entry in reversed(entries):
        if entry.get("unfinished") is True or entry.get("game") not in games:
            continue
        game_id = entry["game"]
        scores, winners = entry["scores"], entry["winners"]
        ints = [s for s in scores if isinstance(s, int)]
        won_scores = [
            scores[w]
            for w in winners
            if isinstance(w, int) and 0 <= w < len(scores) and isinstance(scores[w], int)
        ]
        if won_scores and len(set(ints)) > 1:
            out.lowest[game_id] = out.lowest.get(game_id, False) or min(won_scores) == min(ints)
        lowest = out.lowest.get(game_id, False)
        seats_of: dict[str, list[int]] = {}
        for seat, player in enumerate(roster.seat_players(entry, known)):
            if player is not None:
                seats_of.setdefault(player["id"], []).append(seat)
                out.names[player["id"]] = player["name"]
                if "avatar" in player:
                    out.avatars[player["id"]] = player["avatar"]
        seat_counts = valid(entry.get("counts"), len(entry["names"]), games[game_id].counts)
        won: set[str] = set()
        for pid, seats in seats_of.items():
            best = max(seats, key=lambda seat: _rank(entry, seat, lowest))
            win = best in winners
            for line in (
                out.overall.setdefault(pid, Line()),
                out.games.setdefault(game_id, {}).setdefault(pid, Line()),
            ):
                line.games += 1
                line.wins += win
            if win:
                won.add(pid)
            line = out.games[game_id][pid]
            value = _score(scores, best)
            if value is not None:
                line.scores.append(value)
            for key, values in seat_counts.items():
                line.counts[key] = line.counts.get(key, 0) + values[best]
        if seats_of:
            out.timeline.append((str(entry.get("date", "")), set(seats_of), won))
    return out


#: Pairs of players drawn in the head-to-head table (the most games together first).
MAX_PAIRS = 10


def head_to_head(figs: Figures) -> list[tuple[str, str, int, int, int]]:
    """Every two players who sat at one table: ``(a, b, games together, games a
    won and b did not, games b won and a did not)``, the most games together
    first; ``a`` comes first in the players' order (more wins, then more games). A game both won (a tie) or
    neither won counts as together only."""
    pairs: dict[tuple[str, str], list[int]] = {}
    for _date, seated, won in figs.timeline:
        for a in seated:
            for b in seated:
                if a < b:
                    line = pairs.setdefault((a, b), [0, 0, 0])
                    line[0] += 1
                    line[1] += a in won and b not in won
                    line[2] += b in won and a not in won
    out = []
    for (a, b), (together, a_won, b_won) in pairs.items():
        if _player_order({p: figs.overall[p] for p in (a, b)})[0] == b:
            a, b, a_won, b_won = b, a, b_won, a_won
        out.append((a, b, together, a_won, b_won))
    return sorted(out, key=lambda row: (-row[2], figs.names[row[0]], figs.names[row[1]]))


def _head_to_head(tr: Tr, figs: Figures) -> str:
    rows = [
        [
            esc(tr("stats.h2h_pair", a=figs.names[a], b=figs.names[b])),
            number(together),
            tr("stats.h2h_score", a=number(a_won), b=number(b_won)),
        ]
        for a, b, together, a_won, b_won in head_to_head(figs)[:MAX_PAIRS]
    ]
    if not rows:
        return ""
    caption = tr("stats.h2h")
    head = [tr("stats.h2h_players"), tr("stats.h2h_together"), tr("stats.wins")]
    return (
        f"<h3>{esc(caption)}</h3>"
        + _table(tr, caption, head, rows)
        + f'<p class="meta">{esc(tr("stats.h2h_note"))}</p>'
    )


def _player_order(lines: dict[str, Line]) -> list[str]:
    return sorted(lines, key=lambda pid: (-lines[pid].wins, -lines[pid].games))


def _who(figs: Figures, pid: str) -> str:
    """A player as a table's row header (HTML): the avatar, if any, and the name."""
    return roster.named(figs.names[pid], figs.avatars.get(pid))


def _table(tr: Tr, caption: str, head: list[str], rows: list[list[str]]) -> str:
    """A table of ``rows`` under ``head``; each row's first cell, its header, is
    HTML (:func:`_who`), the others text."""
    th = "".join(f'<th scope="col">{esc(h)}</th>' for h in head)
    body = "".join(
        f'<tr><th scope="row">{r[0]}</th>{"".join(f"<td>{esc(c)}</td>" for c in r[1:])}</tr>'
        for r in rows
    )
    return f'<div class="table-scroll" role="region" tabindex="0"{attrs(aria_label=caption)}><table class="scores stats"><caption class="sr">{esc(caption)}</caption><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>'


def _over_time(tr: Tr, figs: Figures) -> str:
    """Each of the most active players' wins so far, game after game."""
    shown = sorted(figs.overall, key=lambda pid: -figs.overall[pid].games)[:MAX_LINES]
    if len(figs.timeline) < 2 or not shown:
        return ""
    series: list[list[int]] = [[] for _ in shown]
    for _date, _seated, won in figs.timeline:
        for i, pid in enumerate(shown):
            series[i].append((series[i][-1] if series[i] else 0) + (pid in won))
    x_labels = [tr("stats.game_n", n=k + 1) for k in range(len(figs.timeline))]
    return chart.lines(
        tr("stats.chart_time"),
        [figs.names[pid] for pid in shown],
        series,
        x_labels,
        tr("stats.as_table"),
        tr("stats.game"),
    )


def _counts(
    tr: Tr, name: str, figs: Figures, lines: dict[str, Line], kinds: Sequence[Count]
) -> str:
    """The game's counts per player (its entry's: rounds won, closes, cuts...),
    from the History entries that have them; nothing when none has."""
    shown = [k for k in kinds if any(k.key in line.counts for line in lines.values())]
    if not shown:
        return ""
    caption = tr("stats.counts_of", game=name)
    rows = [
        [_who(figs, p), *(number(lines[p].counts.get(k.key, 0)) for k in shown)]
        for p in _player_order(lines)
    ]
    return f"<h3>{esc(caption)}</h3>" + _table(
        tr, caption, [tr("history.player"), *(tr(k.label) for k in shown)], rows
    )


def stats(app: Session) -> str:
    tr = app.tr
    figs = figures(store.load_history(app.storage), roster.load(app.storage), app.entries)
    parts = [top_bar(tr, esc(tr("stats.title")), back="back"), '<main class="stats">']
    if not figs.overall:
        parts.append(f'<p class="card-panel empty">{esc(tr("stats.empty"))}</p></main>')
        return "".join(parts)
    order = _player_order(figs.overall)
    head = [tr("history.player"), tr("stats.games"), tr("stats.wins"), tr("stats.rate")]
    parts.append(f'<section class="card-panel"><h2>{esc(tr("stats.players"))}</h2>')
    parts.append(
        _table(
            tr,
            tr("stats.players"),
            head,
            [
                [
                    _who(figs, p),
                    number(figs.overall[p].games),
                    number(figs.overall[p].wins),
                    tr("stats.percent", n=figs.overall[p].rate()),
                ]
                for p in order
            ],
        )
    )
    if any(figs.overall[p].wins for p in order):
        parts.append(
            chart.bars(
                tr("stats.chart_wins"),
                [figs.names[p] for p in order],
                [figs.overall[p].wins for p in order],
                tr("stats.as_table"),
                [tr("history.player"), tr("stats.wins")],
            )
        )
        parts.append(_over_time(tr, figs))
    else:  # charts of nothing but zeros: flat lines that say less than these words
        parts.append(f'<p class="meta no-wins">{esc(tr("stats.no_wins"))}</p>')
    parts.append(_head_to_head(tr, figs))
    parts.append("</section>")
    for game_id, entry in app.entries.items():
        lines = figs.games.get(game_id)
        if not lines:
            continue
        lowest = figs.lowest.get(game_id, False)
        rows = []
        for p in _player_order(lines):
            line = lines[p]
            avg = number(round(sum(line.scores) / len(line.scores))) if line.scores else "–"
            best = number(min(line.scores) if lowest else max(line.scores)) if line.scores else "–"
            rows.append(
                [
                    _who(figs, p),
                    number(line.games),
                    tr("stats.wins_rate", n=number(line.wins), rate=line.rate()),
                    avg,
                    best,
                ]
            )
        name = game_name(tr, game_id)
        parts.append(
            f'<section class="card-panel"><h2>{esc(name)}</h2>'
            + _table(
                tr, name, [*head[:2], tr("stats.wins"), tr("stats.average"), tr("stats.best")], rows
            )
            + f'<p class="meta">{esc(tr("stats.best_lowest" if lowest else "stats.best_highest"))}</p>'
            + _counts(tr, name, figs, lines, entry.counts)
            + "</section>"
        )
    parts.append(f'<p class="meta">{esc(tr("stats.note"))}</p></main>')
    return "".join(parts)
