"""The Abyss expert's search: its budget in counted work, its prices and margins
(tuned in docs/bots.md), and the chance to win the game from the totals."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.abyss.bots.risk import _normal_cdf

# -- expert: the hard bot's judgement, checked by search near a round's end --
#
# Where the round may end soon (this seat has one hidden card or none left, or
# someone has closed; and a turn's start with two hidden cards left), the
# expert does not take the hard bot's best option on trust. It lists the hard
# bot's best few options (every choice of a turn's start; the best placements
# and the discard of a card in hand), then
# plays each of them out many times: each time the cards no one has seen (every
# face-down card and the draw pile) are dealt at random from what the count
# leaves (:class:`Round`; Abyss has no private card, so that sample is exact),
# and every seat plays on to the round's end with a quick policy
# (:meth:`Round.play_turn`). Each playout's round result is carried to the
# running totals and turned into this seat's chance to win the game
# (:func:`win_chance`): a doubled close that still wins costs nothing, a point
# matters more when the game is about to end. All options are played on the same
# deals, so their difference is measured with little noise, and the hard bot's
# choice is kept unless another option beats it by more than that noise.
#
# The work is counted in playout turns, never timed: :meth:`ExpertBot.think`
# yields after every :data:`SLICE_STEPS` of them, and a decision stops at
# :data:`DECISION_STEPS`, so a seeded expert decides the same everywhere.
# Every other moment (the round's opening flips, the flip after a discard, an
# open round far from its end) is the hard bot's.

#: Playout turns per slice of thought (a few ms on CPython here: docs/bots.md).
SLICE_STEPS = 100
#: Playout turns per decision, at most (the last playout may run past it).
DECISION_STEPS = 4000
#: A sampled deal is counted as this many turns per unseen card (what it cost
#: when the whole pile was shuffled; it now costs less, a copy of the pile and
#: a card per face-down space, and the count was kept so that a decision does
#: the same work as before, in less time).
DEAL_COST = 1 / 16
#: The search starts when this seat has this many hidden cards or fewer...
NEAR_END = 1
#: ...or this many, once the leader is this near the target: the round will
#: likely end the game, and the hard bot, which counts round points, cannot
#: see that a lead is then worth holding and a close worth racing to.
FINAL_HIDDEN = 2
FINAL_REACH = 20
#: ...and, at a table of at most :data:`CHOOSE_SEATS`, a turn's start (take,
#: draw or flip; where a taken or drawn card goes is then the hard bot's
#: choice) from this many hidden cards or fewer: which of them leaves this
#: seat one card from closing, or closes, is a choice about the round's end.
#: Heads-up only: at four seats the rest of the round from there is many
#: more turns of the quick policy, and the search lost (docs/bots.md).
CHOOSE_HIDDEN = 2
CHOOSE_SEATS = 2
#: Above 0: the expert's own judgement (the hard bot's, which its search
#: starts from and which plays every decision it does not search) counts a
#: card turned face up as worth this many points (:class:`RevealingBot`).
#: 0: the hard bot's judgement as it is. 2 gained 4.65 games per 100 against
#: hard heads-up over 1,000 games (s.e. 2.2; 1 gained less: docs/bots.md).
REVEAL = 2.0
#: ...at a table of at most this many seats (measured heads-up only).
REVEAL_SEATS = 2
#: Options played out at a placement: the hard bot's best few, and the discard.
PLACES = 4
#: Another option replaces the hard bot's when it wins more often by this many
#: standard errors of the difference (the same deals for both)...
#: Two, not one: several options are compared at once, and at one standard
#: error a lucky one among five would often pass, leaving the hard bot's
#: sounder choice for a quirk of the quick policy.
SURE = 2.0
#: ...and by at least this chance to win the game.
EDGE = 0.002
#: What a round point ahead of the others' mean adds to the chance to win: it
#: breaks ties where the game is as good as won or lost whatever this seat does.
TIE_POINTS = 0.001

# The quick policy of the playouts (every seat, this one included).
#: A card on the discard is taken when it saves at least this many points.
TAKE_GAIN = 2.0
#: A close is made when its total is this much below every other seat's
#: expected total (face-up cards, hidden ones at the count's mean, less what a
#: last turn gains); each turn spent on the last hidden card takes off
#: :data:`STALL_STEP`, so a round always ends.
CLOSE_MARGIN = 3.0
STALL_STEP = 1.5
LAST_TURN_GAIN = 2.0
#: The spread of one unseen card (and of a last turn): another seat's total is
#: that many times the root of its hidden cards (and one) above its low end.
CARD_SD = 4.5
_ROOTS = tuple(math.sqrt(k) for k in range(14))
#: Kept from closing at a risk, a seat still discards (and closes) rather
#: than place a card that costs it more than this.
LOSS_CAP = 4.0
#: A playout that has not ended after this many turns is scored as it stands.
MAX_TURNS = 400

# The rest of a game, for :func:`win_chance`: each seat's round score has
# this mean and spread, more at a larger table, whose rounds end with more
# cards still high (hard bots: 11.2 and 9.9 heads-up, 11.6 and 10.0 at four
# players, 20.1 and 11.0 at eight; 30, 30 and 10 games, seeds 0 on).
ROUND_MEAN = 11.0
ROUND_MEAN_PER_SEAT = 2.25  # beyond four seats
ROUND_SD = 10.0
#: Gauss-Hermite nodes and weights (probabilists', 8 points, weights summing to 1).
_NODES = (-4.1445, -2.8025, -1.6365, -0.5391, 0.5391, 1.6365, 2.8025, 4.1445)
_WEIGHTS = (0.0001126, 0.0096352, 0.1172399, 0.3730123, 0.3730123, 0.1172399, 0.0096352, 0.0001126)

UP, DOWN, GONE = 0, 1, 2
_MASK = (1 << 64) - 1


def win_chance(totals: Sequence[float], me: int, target: int) -> float:
    """This seat's chance to win the game once a round has given ``totals``.

    At or past ``target`` the game is over: lowest total wins, a tie shares
    the win. Otherwise the rounds left are about the leader's distance to the
    target over a round's mean score, and every seat's rest of the game is an
    independent normal (:data:`ROUND_MEAN`, :data:`ROUND_SD` a round): the
    chance that this seat ends strictly lowest, integrated over its own rest."""
    n = len(totals)
    highest = max(totals)
    if highest >= target:
        best = min(totals)
        if totals[me] != best:
            return 0.0
        return 1.0 / sum(1 for t in totals if t == best)
    mean = ROUND_MEAN + ROUND_MEAN_PER_SEAT * max(0, n - 4)
    rounds = max(0.5, (target - highest) / mean)
    sd = ROUND_SD * math.sqrt(rounds)
    mine = totals[me]
    if n == 2:
        return _normal_cdf((totals[1 - me] - mine) / (sd * 1.4142135623730951))
    p = 0.0
    others = [t for s, t in enumerate(totals) if s != me]
    for x, w in zip(_NODES, _WEIGHTS, strict=True):
        # This seat's rest is x spreads above the mean; every other seat's
        # rest must leave it higher.
        lead = mine + x * sd
        q = w
        for t in others:
            q *= _normal_cdf((t - lead) / sd)
        p += q
    return p
