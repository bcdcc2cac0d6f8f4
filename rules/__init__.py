"""Pure game engines behind one contract (see rules/core.py). No Discord, no I/O."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rules.core import Game

if TYPE_CHECKING:
    # Only a type: importing the view types would import every engine up front.
    from rules.views import View

#: Game name -> module that exposes ``GAME``. Engines are imported on first use.
_ENGINES: dict[str, str] = {
    "civ": "rules.civ",
    "stoneage": "rules.stoneage",
    "clash": "rules.clash",
}

GAME_NAMES: tuple[str, ...] = tuple(_ENGINES)
#: Engines still being built: tested, replayable (``python -m rules replay``, self-play) and
#: rendered in tests, but not in :data:`GAME_NAMES`, so that no lobby or command offers them.
_IN_PROGRESS: dict[str, str] = {}
#: Every engine a transcript or the command line may name.
ENGINE_NAMES: tuple[str, ...] = (*GAME_NAMES, *_IN_PROGRESS)


def get_game(name: str) -> Game[Any, View]:
    """The engine for ``name`` (offered or in progress); raises KeyError for an unknown game.
    Its views are one of :data:`rules.views.View`, told apart by ``view["game"]``."""
    module = importlib.import_module(_ENGINES.get(name) or _IN_PROGRESS[name])
    game: Game[Any, View] = module.GAME
    return game
