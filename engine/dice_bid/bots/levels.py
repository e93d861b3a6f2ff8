"""The dice game's fixed rules (the sparring partners) and its levels up to hard:
easy, medium, and hard's solved round (heads-up a matrix game, at three or more
players regret matching against a model of every other seat)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from operator import mul

from engine.bot import Bot, BotFactory, View
from engine.dice_bid.bots.hands import _cards, match_card
from engine.dice_bid.bots.model import HABIT_BANDWIDTH, HABIT_PRIOR, duel_strategy, read_opponent
from engine.dice_bid.bots.odds import _prize_moments, _sample_regret, _stake, finish_first

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
    #: Regret-matching budget: card evaluations per decision (keeps p95 low).
    budget = 1800
    #: Bids below this share of the averaged strategy are dropped.
    tail = 0.02

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        if view["prompt"] == "reroll" or not legal[0].startswith("bid:"):
            return self.reroll(view, legal)
        if view["players"] == 2 and not view["tiebreak"]:
            strategy = duel_strategy(view)
        else:
            strategy = self.strategy(view)
        return f"bid:{self.draw(strategy)}"

    # The round as a simultaneous game.

    def strategy(
        self, view: View, models: dict[int, tuple[float, list[float]]] | None = None
    ) -> dict[int, float]:
        """A mixed bid for this seat at three or more players, by regret
        matching against a model of every other seat.

        Each other seat bids from a distribution: a seat whose past bids all
        follow a fixed rule is predicted outright; one whose bids follow a
        habit (:func:`read_opponent`, smoothed over the prizes it has seen)
        bids from that habit as often as it is trusted (a seat that bids the
        card of the prize's rank is one such habit; counting its exact matches
        apart, as ``match_rate`` did in 427395b, gave three hard seats
        beside a medium 66.2% of 400 games, 71.5% without); otherwise it is
        an equal, bidding this seat's own current mix over
        the cards it holds (equal bots pick alike, so a card others are
        likely to pick is priced with the knock-out it risks). Equal cards
        knock each other out. An outcome is worth this seat's chance to
        finish first (:func:`finish_first`): who takes the prize and which
        card this seat spent, not raw points, so a prize the leader would
        take is worth denying.

        ``models`` (the expert's) gives some seats a predicted mix over their
        hand (lowest first) and the share of rounds it is followed: such a
        seat bids from it that often, and as above otherwise.
        """
        me = view["seat"]
        prize = view["prize"]
        seats = [s for s in view["seats"] if s["hand_count"] > 0]
        hands = {
            s["seat"]: sorted(s["hand"] if s["hand"] is not None else s["candidates"])
            for s in seats
        }
        others = [s["seat"] for s in seats if s["seat"] != me]
        fixed = {t: self.predict(view, t) for t in others}
        habits = {t: read_opponent(view, t, HABIT_BANDWIDTH, HABIT_PRIOR) for t in others}
        hand = hands[me]
        index = {c: i for i, c in enumerate(hand)}
        mean, square = _prize_moments(view)
        column = finish_first(me, hands, view["scores"], prize, mean, square)
        regrets = [0.0] * len(hand)
        total = [0.0] * len(hand)
        mix = [1.0 / len(hand)] * len(hand)
        rng = self.rng
        iterations = max(24, self.budget // (len(seats) + len(hand)))
        for _ in range(iterations):
            weight = dict(zip(hand, mix, strict=True))
            owner: dict[int, int | None] = {}
            counts: dict[int, int] = {}
            for t in others:
                card = fixed[t]
                trust, habit = habits[t]
                model = models.get(t) if models else None
                if card is None and model is not None and self.chance(model[0]):
                    card = hands[t][_sample_regret(model[1], rng)]
                elif card is None and trust and self.chance(trust):
                    card = hands[t][_sample_regret(habit, rng)]
                elif card is None:
                    own = hands[t]
                    card = own[_sample_regret([weight.get(c, 0.0) for c in own], rng)]
                counts[card] = counts.get(card, 0) + 1
                owner[card] = t
            singles = sorted((c for c, n in counts.items() if n == 1), reverse=True)
            top = singles[0] if singles else 0
            k = bisect_right(hand, top)
            values = column[owner.get(top)][:k] + column[me][k:]
            for c in counts:
                if c in index:
                    # Playing c knocks it out: the best single card left wins.
                    best = (singles[1] if len(singles) > 1 else 0) if c == top else top
                    i = index[c]
                    values[i] = column[owner.get(best)][i]
            got = sum(map(mul, mix, values))
            regrets = [a + v - got for a, v in zip(regrets, values, strict=True)]
            pos = [x if x > 0 else 0.0 for x in regrets]
            norm = sum(pos)
            mix = [x / norm for x in pos] if norm > 0 else [1.0 / len(hand)] * len(hand)
            total = [a + b for a, b in zip(total, mix, strict=True)]
        norm = sum(total)
        mixed = {c: w / norm for c, w in zip(hand, total, strict=True)}
        # Drop the faint tail of the average: it is noise of the learning, not intent.
        kept = {c: w for c, w in mixed.items() if w >= self.tail} or mixed
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
