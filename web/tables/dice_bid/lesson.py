"""The dice game's lesson: three rounds against Ana and Ben on stacked dice.

Round 1 is played for doubles (6 and 6: -6), so the lowest card is the one to
lay; round 2 for a sum (+10), where a bot lays the learner's own card and both
are knocked out; in round 3 the learner's highest card wins and the learner
rerolls a die. The bots lay their cards once the learner has laid theirs (a
lesson's script may wait for it), so each round shows its rule whichever card
the learner lays: a learner who lays another card is told what happened.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.dice_bid.view import DiceView, typed
from web.core.model import Table
from web.tables.dice_bid import controls
from web.tables.dice_bid.state import face, signed
from web.ui.kit.coach import Cue, Lesson, acked

LEARNER = 0
#: Die faces in the order they are rolled: the opening 6-6, then one a reroll.
DICE = (6, 6, 4, 3, 2)
#: The rounds the lesson plays; its summary comes once the third one's die is rerolled.
ROUNDS = 3
#: Ana's card in round 1 (a bot takes the -6 unless the learner lays higher).
ANA_FIRST, BEN_FIRST = 11, 3


def _view(table: Table) -> DiceView:
    return typed(table.game.view(table.state, LEARNER))


def _hand(view: DiceView, seat: int) -> list[int]:
    return list(view["seats"][seat]["hand"] or [])


def _advice(view: DiceView) -> int:
    """The card the coach advises: the lowest for a negative prize, else the highest."""
    hand = _hand(view, LEARNER)
    return min(hand) if view["prize"] < 0 else max(hand)


def cue(table: Table) -> Cue:
    view = _view(table)
    names = table.names
    played = len(view["sheet"])
    if view["phase"] == "reroll" and view["to_act"] == [LEARNER]:
        return Cue("dice.lesson.reroll", mark=("reroll:0", None), rule="reroll")
    if view["phase"] == "bid" and LEARNER in view["to_act"]:
        advice = _advice(view)
        chosen = table.ui.get("sel") or [None, None]
        if chosen[0] == LEARNER and chosen[1] in _hand(view, LEARNER):
            card = int(chosen[1])
            if card == advice:
                return Cue(
                    "dice.lesson.lay", {"card": face(card)}, (f"bid:{card}", None), "secret-pick"
                )
            other = {"card": face(card), "advice": face(advice)}
            return Cue("dice.lesson.lay_other", other, (f"bid:{card}", None), "secret-pick")
        dice = view["dice"] or [0, 0]
        values = {"a": dice[0], "b": dice[1], "prize": signed(view["prize"]), "card": face(advice)}
        key, rule = (
            ("dice.lesson.doubles", "doubles")
            if played == 0
            else ("dice.lesson.sum", "singles")
            if played == 1
            else ("dice.lesson.win", None)
        )
        return Cue(key, values, (controls.SELECT, str(advice)), rule)
    row = view["last_reveal"]
    if view["phase"] == "bid" or row is None or row["round"] != played:
        return Cue("dice.lesson.wait")
    winner = row["winner"]
    if not acked(table):
        values = {"prize": signed(row["prize"])}
        if row["knocked_out"]:
            out = " · ".join(names[s] for s in row["knocked_out"])
            if winner is None:
                return Cue(
                    "dice.lesson.all_out", {**values, "names": out}, rule="knock-out", ack=True
                )
            values.update(names=out, name=names[winner], card=face(row["cards"][winner] or 0))
            return Cue("dice.lesson.knocked", values, rule="knock-out", ack=True)
        assert winner is not None  # nobody out: the highest card won
        values.update(name=names[winner], card=face(row["cards"][winner] or 0))
        key = "dice.lesson.won_you" if winner == LEARNER else "dice.lesson.won_bot"
        return Cue(key, values, rule="reveal", ack=True)
    return Cue("dice.lesson.rerolls", {"name": names[winner] if winner is not None else "?"})


def move(table: Table, seat: int, legal: Sequence[str]) -> str:
    """Ana's and Ben's cards: set for round 1; in round 2 one of them lays the
    learner's card (Ben if he still holds it) and the other its lowest; in
    round 3 both their lowest, so the learner's high card wins. A winner
    rerolls the first die."""
    view = _view(table)
    if view["phase"] == "reroll":
        return "reroll:0"
    played = len(view["sheet"])
    pick = view["seats"][LEARNER]["pick"]
    if played == 0:
        return f"bid:{ANA_FIRST if seat == 1 else BEN_FIRST}"
    hands = {s: _hand(view, s) for s in (1, 2)}
    if played == 1 and pick is not None:
        matcher = 2 if pick in hands[2] else 1
        if seat == matcher:
            return f"bid:{pick}"
    lows = [c for c in hands[seat] if c != pick]
    if played >= 2 and seat == 2:
        ana = min(c for c in hands[1] if c != pick)
        lows = [c for c in lows if c != ana]
    return f"bid:{min(lows)}" if lows else legal[0]


def waits(table: Table) -> bool:
    """The bots lay their cards after the learner's."""
    view = _view(table)
    return view["phase"] == "bid" and LEARNER in view["to_act"]


def over(table: Table) -> bool:
    view = _view(table)
    return len(view["sheet"]) >= ROUNDS and view["phase"] != "reroll"


def shown(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """The rules the game's own events show were played: a round for doubles
    (negative), one for a sum, the secret picks then one reveal, a highest card
    winning, equal cards knocked out, a winner's reroll."""
    out = set()
    for ev in events:
        if ev.get("type") == "reveal":
            dice = ev.get("dice") or [0, 1]
            out.add("doubles" if dice[0] == dice[1] and ev["prize"] < 0 else "singles")
            if ev.get("winner") is not None:
                out.add("reveal")
            if ev.get("knocked_out"):
                out.add("knock-out")
        if ev.get("type") == "pick":
            out.add("secret-pick")
        if ev.get("type") == "reroll" and ev.get("seat") is not None:
            out.add("reroll")
    return out


LESSON = Lesson(
    bots=("Ana", "Ben"),
    options={"dice": list(DICE)},
    seed=4,
    cue=cue,
    move=move,
    waits=waits,
    over=over,
    summary=(
        "dice.lesson.sum.prize",
        "dice.lesson.sum.secret",
        "dice.lesson.sum.knock",
        "dice.lesson.sum.reroll",
    ),
    rules=("doubles", "singles", "secret-pick", "reveal", "knock-out", "reroll"),
    shown=shown,
)
