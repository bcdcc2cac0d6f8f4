"""What the table shows of the map: the terrain of every explored space.

A face-down region shows nothing: its spaces have no terrain until it is explored (p.4), so
nothing here reads the tile of an unexplored slot.

>>> from rules.clash.model.setup import new_game
>>> state = new_game(["ann", "bob"], {}, 1)
>>> sorted(set(terrains(state).values())), len(terrains(state))
(['barren', 'fertile', 'forest', 'mountain'], 8)
"""

from __future__ import annotations

import functools

from rules.clash.board.boards import board
from rules.clash.board.custom import BoardPlan
from rules.clash.board.hexes import Hex
from rules.clash.board.tiles import LAND, Terrain
from rules.clash.model.state import ClashState, Region


def terrains(state: ClashState) -> dict[Hex, Terrain]:
    """Terrain of each explored space."""
    # A copy of the cached map, which no caller may change.
    return dict(_map(state.n, state.custom_board, tuple(state.regions.items())))


@functools.lru_cache(maxsize=1024)
def _map(
    players: int, plan: BoardPlan | None, regions: tuple[tuple[str, Region], ...]
) -> dict[Hex, Terrain]:
    # Cached: the map is read for nearly every question asked of a state, and it follows from
    # the board (the player count's, or a position's plan, which keeps its hash) and the
    # regions alone, which change only when one is explored.
    lying = dict(regions)
    b = board(players) if plan is None else plan.laid()
    out: dict[Hex, Terrain] = {}
    for slot in b.slots:
        region = lying[slot.id]
        if region.explored:
            out.update(b.tile(region.tile).place(region.lens(slot.lens)))
    return out


def unexplored(state: ClashState) -> list[str]:
    """Ids of the face-down slots, in board order."""
    return [s.id for s in state.board.slots if not state.regions[s.id].explored]


def is_land(terrain: Terrain | None) -> bool:
    """Whether a space is explored land (p.4: any terrain but Sea)."""
    return terrain in LAND
