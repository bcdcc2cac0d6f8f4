"""Dice: plain six-sided dice (p.2, p.12), from the state's queue first, then its generator.

A position may fix results in advance (``dice`` in docs/transcripts.md): every roll takes the
next ones off the front of ``state.dice`` and asks the generator only when the queue is empty.
Rolls take dice in this order, so that a position can say which die is whose:

* a **combat round** (p.12; docs/clash-cards.md §8.2, C71), in this order:

  1. Archers' die (K04): the attacker's, then the defender's;
  2. Peltasts' dice (K08), one per army unit: the attacker's, then the defender's;
  3. the roll: all the attacker's dice (one per fighting unit, then extra dice from cards),
     then all the defender's (likewise), then the Fortress's extra die (p.6); after a
     defender's Ambush (K03) the defender's dice come first, then the attacker's survivors';
  4. Veterans' rerolls (K05), one per 6: the attacker's, then the defender's (the Fortress's
     die counts as the defender's);
  5. Routing's die (K09): the attacker's, then the defender's;

  barbarians roll as whichever side they are (p.13) and play no cards; in their own attack
  on a city (one round, :mod:`rules.clash.battles.barbarians`) they are the attacker, the city's
  owner the defender, with its card's dice in the same places (C125);
* a **Cultural Influence** attempt: one die (p.10).

The queue is hidden in every view: it is the future.

>>> from rules.clash.model.setup import new_game
>>> state = new_game(["ann", "bob"], {}, 1)
>>> state.dice = (6, 2)
>>> roll(state, 3)[:2], state.dice
([6, 2], ())
"""

from __future__ import annotations

from rules.clash.model.state import ClashState

SIDES = 6


def roll(state: ClashState, count: int) -> list[int]:
    """``count`` dice for the engine's private copy ``state``."""
    taken = list(state.dice[:count])
    state.dice = state.dice[len(taken) :]
    taken += [state.rng.die(SIDES) for _ in range(count - len(taken))]
    return taken
