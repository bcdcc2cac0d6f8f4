"""CIV: Carta Impera Victoria (Rémi Amy, Ludonaute 2018) for 2-4 players.

Module map: ``data`` tables, ``state`` containers, ``args`` the argument grammar of effects,
``effects`` one resolver per effect, ``actions`` prompts/choices/apply, ``turn`` and ``draft``
the flow, ``scoring`` the endings, ``resign``, ``view``, ``serial`` snapshots, ``position``
transcript positions, ``invariants``, ``features`` and ``policy`` for self-play, ``engine`` the
contract object.
"""

from __future__ import annotations

from rules.civ.engine import CivGame

GAME = CivGame()

__all__ = ["GAME", "CivGame"]
