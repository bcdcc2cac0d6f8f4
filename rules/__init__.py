"""Pure game engines behind one contract (see rules/core.py). No Discord, no I/O."""

from __future__ import annotations

import importlib
from typing import Any

from rules.core import Game

#: Game name -> module that exposes ``GAME``. Engines are imported on first use.
_ENGINES: dict[str, str] = {
    "civ": "rules.civ",
    "stoneage": "rules.stoneage",
}

GAME_NAMES: tuple[str, ...] = tuple(_ENGINES)


def get_game(name: str) -> Game[Any]:
    """The engine for ``name``; raises KeyError for an unknown game."""
    module = importlib.import_module(_ENGINES[name])
    game: Game[Any] = module.GAME
    return game
