"""Stone Age (Bernd Brunnhofer, Hans im Glück 2008) for 2-4 players.

Module map: ``data`` tables, ``state`` containers, ``logic`` small helpers, ``placement``
phase 1, ``resolve`` phase 2, ``rolls`` dice and tools, ``payments`` what pays,
``effects`` buying and the card effects, ``flow`` the round (automatic steps, feeding, the next
round), ``scoring`` the end, ``prompts`` and ``actions`` the grammar, ``resign``, ``view``,
``serial`` snapshots, ``position`` transcript positions, ``invariants``, ``features`` and
``policy`` for self-play, ``engine`` the contract object.
"""

from __future__ import annotations

from rules.stoneage.engine import StoneAgeGame

GAME = StoneAgeGame()

__all__ = ["GAME", "StoneAgeGame"]
