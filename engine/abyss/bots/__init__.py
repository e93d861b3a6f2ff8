"""Bots for Abyss.

Abyss hides nothing that a seat could learn: every face-up card is on the
table, and the view counts each value seen since the round's deal (``visible``:
in the discard, face up in a grid, or in hand). The hidden cards, in every
grid and in the draw pile, are thus a uniform sample of what the count leaves,
and the bots reason with that pool.

Every decision compares options by one number: this seat's expected round
score minus the mean expected score of the others (lower is better), where a
hidden card counts as the pool's mean (for ``hard``, less what it expects to
improve later: see :class:`Judge`).

* ``random``: any legal action.
* ``easy``: takes the discard when it is low, places a card over its highest
  face-up card or on a hidden space when it beats the deck's average, flips at
  random otherwise; no column plans, no thought of closing.
* ``medium``: the same evaluation with the deck's fixed average instead of a
  count; it minds its half-built columns only one turn in two (a column it
  completes is always swallowed); it closes the round only when its visible
  total is clearly the lowest.
* ``hard``: counts cards (the pool's mean and each value's chances), values
  half-built columns by the chance of completing them, prices closing the round
  by its expected score with the doubling (:class:`Risk`: the chance that some
  other seat ends at or below its total, from the others' boards, the pool and
  their last turns; a close by flip is priced over every card the flip may
  show), and charges each card it leaves on the discard with what it would
  give the next player. It also prices the future: a card above 2 on its grid,
  face up or hidden, is likely to be replaced by a low card before the round
  ends, so it is worth less than its face. A middling card placed on a hidden
  space thus gains little (the hidden card might have been a high one, easy to
  spot and replace, or a low one worth keeping), while a low card over a high
  one gains most. This is what lifted it clear of medium at four players
  (docs/bots.md, the ladder).
* ``expert``: hard, except near a round's end (a seat with one hidden card
  or fewer, or the round closed; a turn's start from two hidden cards), where
  it plays its best options out on sampled deals and keeps the one most
  likely to win the game (the section "expert" below, :class:`ExpertBot`).
"""

from __future__ import annotations

from engine.abyss.bots.dealer import Dealer, deal
from engine.abyss.bots.expert import ExpertBot, RevealingBot
from engine.abyss.bots.hints import HINT_REASONS, hint
from engine.abyss.bots.judge import HIDDEN, Judge, Pool, house_rules
from engine.abyss.bots.levels import EasyBot, HardBot, MediumBot
from engine.abyss.bots.risk import Risk
from engine.abyss.bots.round import Round
from engine.abyss.bots.search import (
    DECISION_STEPS,
    DOWN,
    GONE,
    REVEAL,
    REVEAL_SEATS,
    SLICE_STEPS,
    TAKE_GAIN,
    UP,
    win_chance,
)
from engine.abyss.bots.thinking import ThinkingBot, close_cost
from engine.abyss.cards import COLUMN_POSITIONS
from engine.bot import BotFactory, RandomBot, levels_of

#: Level name -> factory(seed), weakest first (the names: ``engine.bot.LEVELS``).
LEVELS: dict[str, BotFactory] = levels_of(RandomBot, EasyBot, MediumBot, HardBot, ExpertBot)

__all__ = [
    "COLUMN_POSITIONS",
    "DECISION_STEPS",
    "DOWN",
    "GONE",
    "HIDDEN",
    "HINT_REASONS",
    "LEVELS",
    "REVEAL",
    "REVEAL_SEATS",
    "SLICE_STEPS",
    "TAKE_GAIN",
    "UP",
    "Dealer",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "Judge",
    "MediumBot",
    "Pool",
    "RevealingBot",
    "Risk",
    "Round",
    "ThinkingBot",
    "close_cost",
    "deal",
    "hint",
    "house_rules",
    "win_chance",
]
