"""Bots for the dice bid game.

Everything here is public knowledge except the other seats' pending picks (and,
with two players, which of the opponent's remaining cards were set aside), so
the bots read their whole picture from the view: each seat's remaining hand (or
its candidates), the prize, the dice, the sheet of past rounds.

Levels (docs/bots.md has the measured ladder):

* ``random``: any card in hand.
* ``easy``: bids the card whose rank in its hand matches the prize's rank among
  the possible prizes, but a third of the time just plays a random card;
  rerolls a random die.
* ``medium``: matches the prize's rank on positive prizes, sheds its lowest
  card on negative ones, rerolls the lower die (a higher prize on average).
* ``hard``: solves the round as a simultaneous game. Every seat's choice is
  learned by regret matching over a payoff of prize now (against the field)
  minus what the spent card would be worth later; an opponent whose past
  bids all follow a simple fixed rule (highest, lowest, match the prize) is
  predicted instead, and answered. It then draws its bid from the averaged
  mixed strategy, so it cannot be read in turn. It rerolls or forces the dice
  towards big prizes when its hand is the strongest left, and towards small or
  negative ones otherwise.

The simple fixed rules are also offered as sparring partners (``SPARRING``) for
the arena and the tests: the hard level must beat each of them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.bot import Bot, BotFactory, Hint, RandomBot, View
from engine.core import Rng
from engine.dice_bid.cards import DICE_PRIZES, PRIZE_CARDS

__all__ = ["HINT_REASONS", "LEVELS", "SPARRING", "hint"]


#: The mean prize of a roll of two dice: 5/6 * 7 - 1/6 * 3.5.
MEAN_DICE_PRIZE = 35 / 6 - 7 / 12


def _cards(legal: Sequence[str]) -> list[int]:
    return sorted(int(a[4:]) for a in legal if a.startswith("bid:"))


def _prize_rank(prize: int, prize_card: bool) -> float:
    """Where ``prize`` sits among the prizes this game can show, 0 to 1."""
    scale = PRIZE_CARDS if prize_card else DICE_PRIZES
    below = sum(1 for p in scale if p < prize)
    return below / (len(scale) - 1)


def _match_index(hand: Sequence[int], prize: int, prize_card: bool) -> int:
    return round(_prize_rank(prize, prize_card) * (len(hand) - 1))


def match_card(hand: Sequence[int], prize: int, prize_card: bool) -> int:
    """The card whose rank in ``hand`` matches the prize's rank."""
    i = round(_prize_rank(prize, prize_card) * (len(hand) - 1))
    return sorted(hand)[i]


# -- fixed simple rules: the sparring partners ------------------------------


class _FixedBot(Bot):
    rule: Callable[[list[int], int, bool], int]

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = _cards(legal)
        if not cards:
            return "reroll:0" if "reroll:0" in legal else legal[0]
        return f"bid:{type(self).rule(cards, view['prize'], view['prize_card'] is not None)}"


class HighestBot(_FixedBot):
    level = "highest"
    rule = staticmethod(lambda hand, prize, pc: max(hand))


class LowestBot(_FixedBot):
    level = "lowest"
    rule = staticmethod(lambda hand, prize, pc: min(hand))


class MatchBot(_FixedBot):
    level = "match"
    rule = staticmethod(match_card)


#: Fixed rules a human might fall into; the hard bot must beat every one.
SPARRING: dict[str, BotFactory] = {"highest": HighestBot, "lowest": LowestBot, "match": MatchBot}


# -- the levels ---------------------------------------------------------------


class EasyBot(Bot):
    level = "easy"
    slip = 1 / 3

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = _cards(legal)
        if not cards or self.chance(self.slip):
            return self.pick([a for a in legal if not a.startswith("force")])
        return f"bid:{match_card(cards, view['prize'], view['prize_card'] is not None)}"


class MediumBot(Bot):
    level = "medium"

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = _cards(legal)
        if not cards:
            dice = view["dice"]
            return f"reroll:{0 if dice[0] <= dice[1] else 1}"
        prize = view["prize"]
        if prize < 0:
            return f"bid:{cards[0]}"
        # A person's "about that rank" wobbles by a card either way, which also
        # keeps two medium bots from knocking each other out every round.
        i = cards.index(match_card(cards, prize, view["prize_card"] is not None))
        i = min(len(cards) - 1, max(0, i + self.rng.below(3) - 1))
        return f"bid:{cards[i]}"


class HardBot(Bot):
    level = "hard"
    #: How much a card kept for later is worth, per unit of the mean prize to
    #: come, at full dominance over the other hands (tuned in the arena).
    keep_weight = 1.0
    #: Regret-matching budget: bid evaluations per decision (keeps p95 low).
    budget = 1800

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        if view["prompt"] == "reroll" or not legal[0].startswith("bid:"):
            return self.reroll(view, legal)
        strategy = self.strategy(view)
        return f"bid:{self.draw(strategy)}"

    # The round as a simultaneous game.

    def strategy(self, view: View) -> dict[int, float]:
        """A mixed bid for this seat: regret matching, every seat learning at
        once, except seats whose past bids follow a fixed rule (predicted)."""
        me = view["seat"]
        prize = view["prize"]
        seats = [s for s in view["seats"] if s["hand_count"] > 0]
        hands = {
            s["seat"]: list(s["hand"] if s["hand"] is not None else s["candidates"]) for s in seats
        }
        order = [s["seat"] for s in seats]
        predicted = {t: self.predict(view, t) for t in order if t != me}
        fixed = {t: c for t, c in predicted.items() if c is not None}
        sense = {t: self.sense(view, t) for t in order if t != me}
        near = {t: self.near(view, t) for t in order if t != me}
        prize_card = view["prize_card"] is not None
        guess = {t: _match_index(hands[t], prize, prize_card) for t in order if t != me}
        future = _mean_future_prize(view)
        keep = {t: _keep_values(t, hands, future * self.keep_weight) for t in order}
        others = len(order) - 1
        loss = -prize / others if others else 0.0
        regrets = {t: [0.0] * len(hands[t]) for t in order}
        total = [0.0] * len(hands[me])
        iterations = max(24, self.budget // max(1, sum(len(h) for h in hands.values())))
        rng = self.rng
        learners = [t for t in order if t not in fixed]
        # Per learner: its hand, the index of each card, and each card's later
        # worth as "prize now minus worth" for a win and "loss minus worth"
        # otherwise, so an iteration only patches the ties.
        table = {}
        for t in learners:
            hand = hands[t]
            worth = [keep[t][c] for c in hand]
            table[t] = (
                hand,
                {c: i for i, c in enumerate(hand)},
                [prize - w for w in worth],
                [loss - w for w in worth],
                [-w for w in worth],
            )
        for _ in range(iterations):
            profile: dict[int, int] = {}
            for t in order:
                if t in fixed:
                    profile[t] = fixed[t]
                elif t != me and self.chance(near[t]):
                    # Bids like "about the prize's rank": that card or a neighbour.
                    hand = hands[t]
                    i = min(len(hand) - 1, max(0, guess[t] + rng.below(3) - 1))
                    profile[t] = hand[i]
                elif t != me and not self.chance(sense[t]):
                    profile[t] = hands[t][rng.below(len(hands[t]))]
                else:
                    profile[t] = hands[t][_sample_regret(regrets[t], rng)]
            counts: dict[int, int] = {}
            for c in profile.values():
                counts[c] = counts.get(c, 0) + 1
            for t in learners:
                hand, index, win, lose, zero = table[t]
                mine_card = profile[t]
                # The others' cards: the profile's counts without this seat's own card.
                counts[mine_card] -= 1
                singles = sorted((c for c, n in counts.items() if n == 1), reverse=True)
                top = singles[0] if singles else 0
                k = bisect_right(hand, top)
                values = lose[:k] + win[k:]
                for c, n in counts.items():
                    if n and c in index:
                        best = (singles[1] if len(singles) > 1 else 0) if c == top else top
                        i = index[c]
                        values[i] = lose[i] if best else zero[i]
                counts[mine_card] += 1
                got = values[index[mine_card]]
                r = regrets[t]
                regrets[t] = [a + v - got for a, v in zip(r, values, strict=True)]
            pos = [x if x > 0 else 0.0 for x in regrets[me]]
            norm = sum(pos)
            if norm > 0:
                total = [a + b / norm for a, b in zip(total, pos, strict=True)]
            else:
                total = [a + 1.0 / len(total) for a in total]
        norm = sum(total)
        mixed = {c: w / norm for c, w in zip(hands[me], total, strict=True)}
        # Drop the faint tail of the average: it is noise of the learning, not intent.
        kept = {c: w for c, w in mixed.items() if w >= 0.08} or mixed
        norm = sum(kept.values())
        return {c: w / norm for c, w in kept.items()}

    def predict(self, view: View, seat: int) -> int | None:
        """The bid of a seat whose bids so far all followed one fixed rule
        (at least three rounds of evidence), else None."""
        info = view["seats"][seat]
        if info["hand"] is None:
            return None  # two players: its hand is blurred by the set-aside cards
        rows = [r for r in view["sheet"] if r["tiebreak"] == view["tiebreak"]]
        if len(rows) < 3:
            return None
        prize_card = view["prize_card"] is not None
        hand_now = list(info["hand"])
        rules: tuple[Callable[[Iterable[int]], int] | None, ...] = (max, min, None)
        for rule in rules:
            hand = set(hand_now)
            ok = True
            for row in reversed(rows):
                card = row["cards"][seat]
                if card is None:
                    ok = False
                    break
                hand.add(card)
                if rule is None:
                    want = match_card(sorted(hand), row["prize"], prize_card)
                else:
                    want = rule(hand)
                if want != card:
                    ok = False
                    break
            if ok:
                if rule is None:
                    return match_card(hand_now, view["prize"], prize_card)
                return rule(hand_now)
        return None

    def sense(self, view: View, seat: int) -> float:
        """How much a seat's bids so far followed the prizes (0: no more than
        chance, 1: closely), shrunk towards a prior of sensible play. The
        regret matching treats the rest of its bids as noise."""
        prior, weight = 0.7, 3.0
        rows = [r for r in view["sheet"] if r["tiebreak"] == view["tiebreak"]]
        info = view["seats"][seat]
        hand = set(info["hand"] if info["hand"] is not None else info["candidates"])
        xs, ys = [], []
        prize_card = view["prize_card"] is not None
        for row in reversed(rows):
            card = row["cards"][seat]
            if card is None:
                continue
            hand.add(card)
            ordered = sorted(hand)
            xs.append(ordered.index(card) / max(1, len(ordered) - 1))
            ys.append(_prize_rank(row["prize"], prize_card))
        n = len(xs)
        corr = _correlation(xs, ys) if n >= 2 else prior
        return (n * max(0.0, corr) + weight * prior) / (n + weight)

    def near(self, view: View, seat: int) -> float:
        """How often a seat's bids so far were within a card of "the prize's
        rank in its hand" (shrunk towards 1/4 with little evidence)."""
        prior, weight = 0.25, 3.0
        rows = [r for r in view["sheet"] if r["tiebreak"] == view["tiebreak"]]
        info = view["seats"][seat]
        hand = set(info["hand"] if info["hand"] is not None else info["candidates"])
        prize_card = view["prize_card"] is not None
        hits = n = 0
        for row in reversed(rows):
            card = row["cards"][seat]
            if card is None:
                continue
            hand.add(card)
            ordered = sorted(hand)
            want = _match_index(ordered, row["prize"], prize_card)
            hits += abs(ordered.index(card) - want) <= 1
            n += 1
        return (hits + weight * prior) / (n + weight)

    def draw(self, strategy: dict[int, float]) -> int:
        x = self.uniform()
        for card, w in strategy.items():
            x -= w
            if x < 0:
                return card
        return next(reversed(strategy))

    # Between rounds: which die to reroll.

    def reroll(self, view: View, legal: Sequence[str]) -> str:
        """Big prizes when this hand is the strongest left, small or negative
        ones otherwise: each option is scored by its expected next prize times
        this seat's stake in it (its win chance against the field's)."""
        me = view["seat"]
        stake = _stake(view, me)
        dice = view["dice"]
        best, best_value = legal[0], float("-inf")
        for action in legal:
            verb, _, arg = action.partition(":")
            die = int(arg)
            kept = dice[1 - die]
            if verb == "force":
                expected = -kept
            else:
                expected = (sum(kept + x for x in range(1, 7) if x != kept) - kept) / 6
            value = stake * expected
            if value > best_value:
                best, best_value = action, value
        return best


def _correlation(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return 0.0
    root: float = (sxx * syy) ** 0.5  # of a positive number: a float, not a complex
    return sxy / root


def _sample_regret(regret: list[float], rng: Rng) -> int:
    pos = [x if x > 0 else 0.0 for x in regret]
    norm = sum(pos)
    if norm <= 0:
        return rng.below(len(regret))
    x = (rng.next64() >> 11) * (1.0 / (1 << 53)) * norm
    for i, w in enumerate(pos):
        x -= w
        if x < 0:
            return i
    return len(pos) - 1


def _keep_values(seat: int, hands: dict[int, list[int]], scale: float) -> dict[int, float]:
    """What each card of ``seat``'s hand is worth later: the share of the other
    hands it beats, times the prize to come."""
    rivals = [h for t, h in hands.items() if t != seat]
    out = {}
    for c in hands[seat]:
        if rivals:
            share = sum(sum(1 for d in h if d < c) / len(h) for h in rivals) / len(rivals)
        else:
            share = 0.0
        out[c] = scale * share
    return out


def _mean_future_prize(view: View) -> float:
    deck = view.get("prize_deck")
    if view["prize_card"] is not None:
        return sum(deck) / len(deck) if deck else 0.0
    return MEAN_DICE_PRIZE


def _stake(view: View, me: int) -> float:
    """How much a point of prize next round is worth to this seat: its share
    of the table's card strength minus the others' (spread over them)."""
    seats = [s for s in view["seats"] if s["hand_count"] > 0]
    if len(seats) < 2:
        return 1.0
    strength = {}
    for s in seats:
        hand = s["hand"] if s["hand"] is not None else s["candidates"]
        top = sorted(hand, reverse=True)[: max(1, s["hand_count"])]
        strength[s["seat"]] = sum(c * c for c in top) / max(1, len(top))
    total = sum(strength.values())
    mine = strength.get(me, 0.0) / total if total else 0.0
    return mine - (1 - mine) / (len(seats) - 1)


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}


#: Every reason ``hint`` gives, as ``hint.dice_bid.<reason>`` i18n keys (docs/bots.md).
HINT_REASONS: tuple[str, ...] = (
    "shed_low",
    "go_high",
    "save_cards",
    "fair_bid",
    "force",
    "keep_high",
    "keep_low",
)


def hint(view: View, legal: Sequence[str]) -> Hint:
    """The hard bot's choice for this view, and why (docs/bots.md lists the keys)."""
    action = HardBot(_view_seed(view)).act(view, legal)
    assert action is not None
    reason, params = _why(view, legal, action)
    return action, f"hint.dice_bid.{reason}", params


def _why(view: View, legal: Sequence[str], action: str) -> tuple[str, dict[str, Any]]:
    """The reason (one of ``HINT_REASONS``) for ``action`` and its message's values."""
    verb, _, arg = action.partition(":")
    if verb == "bid":
        card = int(arg)
        prize = view["prize"]
        if prize < 0:
            return "shed_low", {"card": card, "prize": prize}
        cards = _cards(legal)
        if card == cards[-1]:
            return "go_high", {"card": card, "prize": prize}
        if card <= cards[len(cards) // 3]:
            return "save_cards", {"card": card, "prize": prize}
        return "fair_bid", {"card": card, "prize": prize}
    die = int(arg)
    if verb == "force":
        return "force", {"die": die}
    kept = view["dice"][1 - die]
    reason = "keep_high" if kept >= view["dice"][die] else "keep_low"
    return reason, {"die": die, "kept": kept}


def _view_seed(view: View) -> int:
    """A seed from the public facts of the moment, so a hint is stable."""
    seed: int = view["seat"] * 7919 + view["round"] * 104729 + view["prize"] * 31
    for s in view["seats"]:
        seed = seed * 131 + len(s["played"]) + sum(s["played"])
    return seed & ((1 << 64) - 1)
