"""Clash of Cultures (Christian Marcussen, 2012 original edition) for 2-4 players.

The authority is the Hungarian rulebook (the seed); ``docs/rules-decisions.md`` lists what the
engine decides where it is silent.

Module map: ``hexes`` the hex grid, space names (``C4``) and the 4-space regions, ``tiles`` the
16 general regions and the two-sided starting region, ``boards`` the 2/3/4-player
arrangements; ``components`` the box and its limits, ``advances`` and ``cards`` the ids;
``state`` the containers, ``setup`` the start (p.3), ``turns`` the course of a round,
``scoring`` victory points and the end, ``dice``; ``prompts`` and ``actions`` the grammar,
``resign``; ``terrain`` and ``view`` what players see; ``serial`` snapshots, ``position`` and
``export`` transcript positions; ``invariants``; ``engine`` the contract object. The turn's
actions each have a module (``movement``, ``founding``, ``advancing``, ``activation``,
``civic``, ``influence``, ``wonders``, ``card_play``, ``trading``...), as do battles
(``combat``, ``combat_cards``, ``battle_facts``), the barbarians, the events (``events`` and
``event_*``), the objectives (``objectives``, ``objective_*``) and the status phase.
"""

from __future__ import annotations

from rules.clash.engine import ClashGame

GAME = ClashGame()

__all__ = ["GAME", "ClashGame"]
