"""Where units may go in a Move action (p.9, p.16-20; rules reference §3.4): walking, roads,
boarding and landing, sailing round the board's edge, exploring; each route's kind and cost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rules.clash.board.hexes import Hex, parse_hex, ring
from rules.clash.board.tiles import LAND, SEA
from rules.clash.box.components import SHIP_CAPACITY
from rules.clash.model import transfer
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.state import ClashState, PlayerState, Ship

WALK: Final = "walk"
ROAD: Final = "road"
BOARD: Final = "board"
LANDING: Final = "landing"
SAIL: Final = "sail"
EXPLORE: Final = "explore"
EXPLORE_BY_SHIP: Final = "explore_by_ship"


TACTICS, ROADS, NAVIGATION = "tactics", "roads", "navigation"


@dataclass(frozen=True, slots=True)
class Route:
    """One way from an origin to ``to``: ``how`` (the constants above), the spaces a Roads
    move may pass (``via``), the Sea spaces a ship may explore from with whether it came round
    the edge (``approaches``), whether ``to`` holds foreign units or a foreign city
    (``battle``), and whether Roads may pay Ore to ignore terrain on it (``roads``)."""

    to: Hex
    how: str
    via: tuple[Hex, ...] = ()
    approaches: tuple[tuple[Hex, bool], ...] = ()
    battle: bool = False
    roads: bool = False


def routes(
    state: ClashState, seat: int, place: str, occ: Occupancy | None = None
) -> dict[Hex, Route]:
    """Every destination of a group from ``place``, whatever units it takes."""
    occ = occ or occupancy(state)
    key = ("routes", seat, place)
    if key not in occ.memo:
        occ.memo[key] = _routes(state, seat, place, occ)
    return occ.memo[key]  # type: ignore[no-any-return]


def _routes(state: ClashState, seat: int, place: str, occ: Occupancy) -> dict[Hex, Route]:
    me = state.seats[seat]
    if transfer.is_hold(place):
        ship = transfer.ship_by_place(me, place)
        return {} if ship is None else _landing_routes(state, seat, ship, occ)
    h = parse_hex(place)
    if h not in state.board:
        return {}
    if occ.terrain.get(h) == SEA:
        return _sea_routes(state, seat, h, occ)
    return _land_routes(state, seat, h, occ)


def _land_routes(state: ClashState, seat: int, h: Hex, occ: Occupancy) -> dict[Hex, Route]:
    me = state.seats[seat]
    out: dict[Hex, Route] = {}
    roads = ROADS in me.advances
    for n in state.board.neighbours(h):
        terrain = occ.terrain.get(n)
        if terrain is None:
            out[n] = Route(n, EXPLORE)
        elif terrain == SEA:
            if ships_with_room(me, n) and not occ.foreign_ship(seat, n):
                out[n] = Route(n, BOARD)
        else:
            city_end = roads and (occ.own_city(seat, h) or occ.own_city(seat, n))
            out[n] = Route(n, WALK, battle=occ.foreign(seat, n), roads=city_end)
    if not roads:
        return out
    for n2 in ring(h, 2):
        if occ.terrain.get(n2) not in LAND or n2 not in state.board:
            continue
        if not (occ.own_city(seat, h) or occ.own_city(seat, n2)):
            continue
        via = tuple(
            m
            for m in state.board.neighbours(h)
            if m in n2.neighbours() and occ.terrain.get(m) in LAND and not occ.foreign(seat, m)
        )
        if via:
            out[n2] = Route(n2, ROAD, via=via, battle=occ.foreign(seat, n2), roads=True)
    return out


def ships_with_room(me: PlayerState, h: Hex) -> list[Ship]:
    return [s for s in me.ships if s.hex == h and len(s.cargo) < SHIP_CAPACITY]


def _landing_routes(state: ClashState, seat: int, ship: Ship, occ: Occupancy) -> dict[Hex, Route]:
    out: dict[Hex, Route] = {}
    for n in state.board.neighbours(ship.hex):
        terrain = occ.terrain.get(n)
        if terrain is None:
            out[n] = Route(n, EXPLORE)
        elif terrain in LAND:
            out[n] = Route(n, LANDING, battle=occ.foreign(seat, n))
    return out


def _sea_routes(state: ClashState, seat: int, start: Hex, occ: Occupancy) -> dict[Hex, Route]:
    """Sailing from ``start`` (p.9), round the edge with Navigation (C30), and the face-down
    regions a ship may explore from the Sea spaces it reaches (p.19)."""
    b = state.board
    navigation = NAVIGATION in state.seats[seat].advances
    reached: set[Hex] = {start}
    battles: set[Hex] = set()
    # The approach of each face-down space: (Sea space, came round the edge).
    approaches: dict[Hex, set[tuple[Hex, bool]]] = {}
    todo = [start]
    ring_ = b.outline if navigation else ()

    def enter(n: Hex) -> None:
        if n in reached or n in battles:
            return
        if occ.foreign_ship(seat, n):
            battles.add(n)
            return
        reached.add(n)
        todo.append(n)

    while todo:
        h = todo.pop()
        for n in b.neighbours(h):
            terrain = occ.terrain.get(n)
            if terrain == SEA:
                enter(n)
            elif terrain is None:
                approaches.setdefault(n, set()).add((h, False))
        if navigation and b.on_edge(h):
            for k in (i for i, e in enumerate(ring_) if e == h):
                for step in (1, -1):
                    target = _round_the_edge(ring_, k, step, occ)
                    if target is None:
                        continue
                    if occ.terrain.get(target) == SEA:
                        enter(target)
                    else:
                        approaches.setdefault(target, set()).add((h, True))
    out = {h: Route(h, SAIL, battle=False) for h in reached if h != start}
    out |= {h: Route(h, SAIL, battle=True) for h in battles}
    for h, ways in approaches.items():
        out[h] = Route(h, EXPLORE_BY_SHIP, approaches=tuple(sorted(ways)))
    return out


def _round_the_edge(ring_: Sequence[Hex], k: int, step: int, occ: Occupancy) -> Hex | None:
    """Walking the map's outline from position ``k``: the first edge space that is Sea or lies
    face down, land edge spaces being passed outside the map (C30)."""
    n = len(ring_)
    for i in range(1, n):
        h = ring_[(k + step * i) % n]
        if h == ring_[k]:
            return None
        terrain = occ.terrain.get(h)
        if terrain is None or terrain == SEA:
            return h
    return None
