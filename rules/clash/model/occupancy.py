"""Who stands where: the questions moving and founding ask about a space (p.4, p.8, p.9).

Built once per question from the state (a board has at most 72 spaces), so that listing every
legal move of a turn reads each player's pieces once.

"Foreign" is any other player's or the barbarians' (p.4).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.clash.board.hexes import Hex
from rules.clash.board.tiles import Terrain
from rules.clash.box.components import ARMY, SETTLER, SHIP
from rules.clash.model.state import BARBARIAN_SIDE, ClashState, PlayerState
from rules.clash.model.terrain import terrains

#: The owner of the barbarians' pieces in :class:`Occupancy`.
BARBARIANS = BARBARIAN_SIDE


@dataclass(slots=True)
class Occupancy:
    """For each space: the terrain if explored, the owner of its city, whose units are there
    (land units on it, ships on a Sea space; units aboard count with their ship)."""

    terrain: dict[Hex, Terrain]
    city: dict[Hex, int] = field(default_factory=dict)
    units: dict[Hex, set[int]] = field(default_factory=dict)
    ships: dict[Hex, set[int]] = field(default_factory=dict)
    #: Answers worked out from this occupancy (routes by place), valid while it is.
    memo: dict[Any, Any] = field(default_factory=dict)

    def foreign(self, seat: int, h: Hex) -> bool:
        """Whether a foreign city or foreign units (ships included) stand on ``h``."""
        owner = self.city.get(h)
        return (
            (owner is not None and owner != seat)
            or any(o != seat for o in self.units.get(h, ()))
            or any(o != seat for o in self.ships.get(h, ()))
        )

    def foreign_ship(self, seat: int, h: Hex) -> bool:
        return any(o != seat for o in self.ships.get(h, ()))

    def own_city(self, seat: int, h: Hex) -> bool:
        return self.city.get(h) == seat

    def explored(self, h: Hex) -> bool:
        return h in self.terrain


def occupancy(state: ClashState) -> Occupancy:
    """Where every city and unit stands now."""
    occ = Occupancy(terrains(state))
    for seat, me in enumerate(state.seats):
        for c in me.cities:
            occ.city[c.hex] = seat
        for counts in (me.armies, me.settlers):
            for h in counts:
                occ.units.setdefault(h, set()).add(seat)
        for s in me.ships:
            occ.ships.setdefault(s.hex, set()).add(seat)
    for h in state.barbarians.cities:
        occ.city[h] = BARBARIANS
    for h in state.barbarians.armies:
        occ.units.setdefault(h, set()).add(BARBARIANS)
    return occ


def unit_totals(me: PlayerState) -> dict[str, int]:
    """A player's units of each kind on the board, those aboard ships included (the box's
    limits count them, p.2)."""
    aboard = Counter(k for s in me.ships for k in s.cargo)
    return {
        ARMY: sum(me.armies.values()) + aboard[ARMY],
        SETTLER: sum(me.settlers.values()) + aboard[SETTLER],
        SHIP: len(me.ships),
    }
