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
* ``hard``: solves the round as a simultaneous game. Heads-up (the
  two-player variant) it is a zero-sum matrix game: its cards against the
  opponent's choice of its i-th lowest card (its hand is one of the equally
  likely subsets of the cards it may hold), each entry the chance to win the
  game after the reveal (the score difference, and the rest of the game
  summed up by the cards left), solved by regret matching+ (:func:`solve_matrix`)
  to a near-equilibrium mixed strategy. At three or more players it learns
  its mix by regret matching against a model of every other seat: a fixed
  rule predicted, a habit read from the sheet followed as often as it is
  trusted, otherwise an equal playing this seat's own current mix (so
  knock-outs between equal bots are priced); each outcome is worth its
  chance to finish first (:func:`finish_first`), not raw points. It then draws
  its bid from the mix with its own seed, so equal bots at one table part
  ways and none can be read in turn. It rerolls or forces the dice towards
  big prizes when its hand is the strongest left, and towards small or
  negative ones otherwise.

* ``expert``: hard's solved round, plus a safe exploitation of what the
  opponent has shown (:class:`ExpertBot`): heads-up, pictures of the opponent
  weighed by how well they foretold its bids, and a lean towards the best
  answer that gives up at most ``ExpertBot.epsilon`` of win probability a
  round against a best reply; at three or more players, every other seat
  predicted as a hard bot would bid from its seat. It thinks in slices
  (``think``), a sampled opponent hand or seat each.

The simple fixed rules are also offered as sparring partners (``SPARRING``) for
the arena and the tests: the hard level must beat each of them.
"""

from __future__ import annotations

from engine.bot import BotFactory, RandomBot, levels_of
from engine.dice_bid.bots.expert import ExpertBot
from engine.dice_bid.bots.hands import match_card
from engine.dice_bid.bots.hints import HINT_REASONS, hint
from engine.dice_bid.bots.levels import SPARRING, EasyBot, HardBot, MatchBot, MediumBot
from engine.dice_bid.bots.model import (
    HABIT_BANDWIDTH,
    PICTURES,
    as_seen_by,
    duel_strategy,
    past_view,
    read_opponent,
    safe_lean,
)
from engine.dice_bid.bots.model import _held as _held
from engine.dice_bid.bots.odds import finish_first
from engine.dice_bid.bots.solver import _exact_end as _exact_end
from engine.dice_bid.bots.solver import _solved_duel as _solved_duel
from engine.dice_bid.bots.solver import (
    by_rank,
    duel_matrix,
    exploitability,
    last_two_best,
    last_two_held,
    last_two_matrices,
    rank_weights,
    solve_matrix,
)

#: Level name -> factory(seed), weakest first (the names: ``engine.bot.LEVELS``).
LEVELS: dict[str, BotFactory] = levels_of(RandomBot, EasyBot, MediumBot, HardBot, ExpertBot)

__all__ = [
    "HABIT_BANDWIDTH",
    "HINT_REASONS",
    "LEVELS",
    "PICTURES",
    "SPARRING",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MatchBot",
    "MediumBot",
    "as_seen_by",
    "by_rank",
    "duel_matrix",
    "duel_strategy",
    "exploitability",
    "finish_first",
    "hint",
    "last_two_best",
    "last_two_held",
    "last_two_matrices",
    "match_card",
    "past_view",
    "rank_weights",
    "read_opponent",
    "safe_lean",
    "solve_matrix",
]
