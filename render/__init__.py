"""Pictures of games: the public table image and the private hand image, as PNG bytes.

Pure functions of a game's view (``rules.<game>.GAME.view``): no randomness, no I/O, fonts and
static shapes loaded once. :func:`table_png` draws only what every seat may see, whatever view
it is given; :func:`hand_png` needs the view of one seat.

A game's pictures are the package ``render/<game>/`` (its ``table_png``, ``hand_png`` and
``table_alt``, the table's alt text) for each name in the one game registry,
``rules.GAME_NAMES``: registering a game there is all that wires its renderer, as its rules
help is the locale keys ``rules.<game>.*``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, cast

import rules
from rules.views import SeatView, View

__all__ = ["describer", "hand_png", "renderers", "table_alt", "table_png"]


class Renderer(Protocol):
    """A game's table or hand renderer."""

    def __call__(
        self, view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None
    ) -> bytes: ...


def table_png(view: View, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of ``view["game"]``; ``names`` are display names per seat (optional)."""
    return _renderers(view)[0](view, lang=lang, names=names)


def hand_png(view: SeatView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The private hand image of ``view["seat"]`` (ValueError for a spectator view)."""
    return _renderers(view)[1](view, lang=lang, names=names)


def table_alt(view: View, *, lang: str, names: Sequence[str] | None = None) -> str:
    """The text that stands in for the table picture of ``view`` (its alt text, render.alt):
    the state of play and a line per seat, from the public part of the view only."""
    return describer(str(view.get("game")))(view, lang=lang, names=names)


class Describer(Protocol):
    """A game's alt text for its table."""

    def __call__(
        self, view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None
    ) -> str: ...


def describer(game: str) -> Describer:
    """The alt-text maker of ``game`` (``render.<game>.table_alt``); ValueError if none."""
    if game not in rules.GAME_NAMES:
        raise ValueError(f"no renderer for game {game!r}")
    module: ModuleType = importlib.import_module(f"render.{game}")
    return cast(Describer, module.table_alt)


def renderers(game: str) -> tuple[Renderer, Renderer]:
    """The table and hand renderers of ``game`` (``render.<game>``); ValueError if none."""
    if game not in rules.GAME_NAMES:
        raise ValueError(f"no renderer for game {game!r}")
    module: ModuleType = importlib.import_module(f"render.{game}")
    return cast(Renderer, module.table_png), cast(Renderer, module.hand_png)


def _renderers(view: View) -> tuple[Renderer, Renderer]:
    return renderers(str(view.get("game")))
