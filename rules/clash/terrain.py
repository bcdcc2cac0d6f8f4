"""What the table shows of the map: the terrain of every explored space.

A face-down region shows nothing: its spaces have no terrain until it is explored (p.4), so
nothing here reads the tile of an unexplored slot.

>>> from rules.clash.setup import new_game
>>> state = new_game(["ann", "bob"], {}, 1)
>>> sorted(set(terrains(state).values())), len(terrains(state))
(['barren', 'fertile', 'forest', 'mountain'], 8)
"""

from __future__ import annotations

import functools

from rules.clash.hexes import Hex, Lens
from rules.clash.state import ClashState
from rules.clash.tiles import LAND, Terrain, tile


def terrains(state: ClashState) -> dict[Hex, Terrain]:
    """Terrain of each explored space."""
    out: dict[Hex, Terrain] = {}
    for slot in state.board.slots:
        region = state.regions[slot.id]
        if region.explored:
            out.update(_placed(region.tile, region.lens(slot.lens)))
    return out


@functools.lru_cache(maxsize=4096)
def _placed(tile_id: str, lens: Lens) -> tuple[tuple[Hex, Terrain], ...]:
    # Cached: the map is read for nearly every question asked of a state, and where a tile
    # lies decides its spaces' terrains.
    return tuple(tile(tile_id).place(lens).items())


def unexplored(state: ClashState) -> list[str]:
    """Ids of the face-down slots, in board order."""
    return [s.id for s in state.board.slots if not state.regions[s.id].explored]


def is_land(terrain: Terrain | None) -> bool:
    """Whether a space is explored land (p.4: any terrain but Sea)."""
    return terrain in LAND
