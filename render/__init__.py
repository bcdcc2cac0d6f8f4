"""Pictures of games: the public table image and the private hand image, as PNG bytes.

Pure functions of a game's view (``rules.<game>.GAME.view``): no randomness, no I/O, fonts and
static shapes loaded once. :func:`table_png` draws only what every seat may see, whatever view
it is given; :func:`hand_png` needs the view of one seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from render import civ, stoneage

__all__ = ["GAMES", "hand_png", "table_png"]


class Renderer(Protocol):
    """A game's table or hand renderer."""

    def __call__(
        self, view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None
    ) -> bytes: ...


# Per game: (table renderer, hand renderer).
GAMES: dict[str, tuple[Renderer, Renderer]] = {
    "civ": (civ.table_png, civ.hand_png),
    "stoneage": (stoneage.table_png, stoneage.hand_png),
}


def table_png(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of ``view["game"]``; ``names`` are display names per seat (optional)."""
    return _renderers(view)[0](view, lang=lang, names=names)


def hand_png(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The private hand image of ``view["seat"]`` (ValueError for a spectator view)."""
    return _renderers(view)[1](view, lang=lang, names=names)


def _renderers(view: Mapping[str, Any]) -> tuple[Renderer, Renderer]:
    game = view.get("game")
    if game not in GAMES:
        raise ValueError(f"no renderer for game {game!r}")
    return GAMES[str(game)]
