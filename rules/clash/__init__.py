"""Clash of Cultures (Christian Marcussen, 2012 original edition) for 2-4 players.

The authority is the Hungarian rulebook (the seed); ``docs/rules-decisions.md`` lists what the
engine decides where it is silent.

The engine is in sub-packages, each importing only those before it in this list (held by
``tests/test_architecture.py``): ``board`` the printed board (hexes, tiles, arrangements) and
``box`` the printed data (components, advances, card ids, event and objective cards);
``model`` the state and what every rule does to it; ``battles``; ``events`` (the event cards'
effects); ``actions`` (the turn's actions); ``rounds`` (turns, rounds, the status phase,
objectives, scoring); ``wonders``; ``cards`` (action cards' civil halves, kept events);
``dispatch`` (the action grammar, prompts, resigning); ``formats`` (snapshots, views); ``checks``
(invariants, features); ``position`` (positions in and out). ``player`` is the heuristic
player, which no rule imports. ``engine`` is the contract object, ``index`` names the modules
where every card, wonder and advance acts.
"""

from __future__ import annotations

from rules.clash.engine import ClashGame

GAME = ClashGame()

__all__ = ["GAME", "ClashGame"]
