"""Bots for Carta robada.

Nothing in a seat's view says what lies face down, its own tendido included:
the seed wants every player to remember. So the bots remember, and only what
their own view's event log showed them: the initial peek, the cards they drew
and placed, their spy looks, cards taken from the discard (public), failed
cuts (shown to the table), and every move the table saw (reorders, Disrupción
swaps, Remolino passes), which carries a remembered card to its new place. A
Manipulación scrambles a whole tendido: what was known there is lost.

Levels differ in memory and judgement (docs/bots.md has the measured ladder):

* ``random``: any turn action; out of turn, a blind cut now and then.
* ``easy``: remembers at most three cards and forgets each with chance 1/5 at
  each of its turns; a card touched by any effect (a mark) is forgotten, so it
  follows no card that moves except by its own swap. It takes or keeps a card
  only when clearly better, declares on a rough count.
* ``medium``: remembers up to six cards, forgets each with chance 1/12 per
  turn, follows its own cards through every visible move but forgets the
  others' cards when they are touched. Same judgement as hard, with a wider
  margin before declaring.
* ``hard``: perfect memory of everything its log showed, counts the cards on
  the discard to price an unknown card, uses each action card where it gains
  most (Disrupción hands its worst known card to the leader, Espía looks at its
  own unknown cards first, Manipulación scrambles the leader), discards a card
  to cut its twin right after, and declares SNAP! only with a positive
  expected margin over every opponent (:meth:`HardBot.should_declare`). Its
  totals keep the cards a Manipulación scrambled (places lost, not cards) and
  price a card an opponent drew and kept blind below the card it replaced.
* ``expert``: hard's memory and cuts; each turn decision with a choice is
  searched (:class:`ExpertBot`): the candidates are played out to the end of
  the game on imagined tables consistent with what it remembers, by a fast
  policy for every seat (:class:`Playout`), and chosen by the share of games
  won, in slices of counted work (``think``).

Every bot cuts whenever it remembers a card with the top's number: a
remembered card is a certain cut. The arena and the UI decide who arrives
first (reaction time per level), send a cut only while the top it was aimed
at is still there, and ask the bot again just before it lands.
"""

from __future__ import annotations

from engine.bot import BotFactory, levels_of
from engine.carta_robada.bots.expert import ExpertBot
from engine.carta_robada.bots.imagined import _ID as _ID
from engine.carta_robada.bots.imagined import _SNAP as _SNAP
from engine.carta_robada.bots.levels import EasyBot, HardBot, MediumBot, RandomBot
from engine.carta_robada.bots.memory import CODES, Memory
from engine.carta_robada.bots.playout import Playout
from engine.carta_robada.bots.thinking import ThinkingBot

#: Level name -> factory(seed), weakest first (the names: ``engine.bot.LEVELS``).
LEVELS: dict[str, BotFactory] = levels_of(RandomBot, EasyBot, MediumBot, HardBot, ExpertBot)

__all__ = [
    "CODES",
    "LEVELS",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "Memory",
    "Playout",
    "RandomBot",
    "ThinkingBot",
]
