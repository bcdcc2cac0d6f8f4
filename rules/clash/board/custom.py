"""A board of its own: any regions, laid where a position puts them (C139).

The fixed arrangements of :mod:`rules.clash.board.boards` are the boards of real games. A
position may instead lay a board of its own (``board``, docs/transcripts.md): any set of
regions, each four spaces in the shape of a region tile (two tips and the two spaces next to
both, p.4), with terrains of its own or a tile of the box, face up or face down, and one
starting region per player. Such a board is a :class:`BoardPlan` in the state
(``ClashState.custom_board``), written in snapshots; every rule asks the :class:`Board` it
lays (:meth:`BoardPlan.laid`, built once per plan), as it asks a fixed board.

A region is a :class:`PlannedRegion`: its slot id, its spaces in tile order (top, left,
right, bottom: the slot's lay), its own terrains in that order (none: a tile of the box lies
there, chosen by the position or dealt), and for a starting region its table position
(``seat``, from ``s1``), the tile lying face up there when it is one of the box, and its city
space. A region with terrains of its own is a tile of its own (:func:`own_id`): it is turned
face up, placed (p.16, C32) and carries the barbarian symbol (two or more Fertile spaces,
p.13) like any tile.

>>> from rules.clash.board.hexes import label, parse_hex
>>> spaces = tuple(parse_hex(x) for x in ("B1", "A2", "C2", "B2"))
>>> start = PlannedRegion("s1", spaces, ("fertile", "sea", "sea", "barren"), seat=0, city=spaces[0])
>>> other = tuple(parse_hex(x) for x in ("B3", "A4", "C4", "B4"))
>>> plan = BoardPlan((start, PlannedRegion("r1", other)))
>>> problems(plan, 1), plan.laid().slot("s1").tile, label(plan.laid().starts[0].city)
(None, 'own_s1', 'B1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.clash.board.boards import Board, Slot
from rules.clash.board.hexes import Hex, Lens, connected, direction_between, steps
from rules.clash.board.tiles import FERTILE, FOREST, MOUNTAIN, TERRAINS, TILES, Terrain, Tile

#: The id of a region with terrains of its own is its slot's with this prefix (``own_r3``): it
#: is never a view's string (no slot, card or space is named so), so a face-down one is a
#: secret the invariants look for like a tile of the box.
OWN = "own_"
#: Slot ids: ``s1``.. are the starting regions by table position; any other id (a letter and
#: a number, ``r1``, ``n3``, but no tile's id, ``g05``) names a region that is not. Short
#: on purpose: an id is in every view, so it must never read like a secret the invariants
#: look for (a wonder's name, a tile's id).
SLOT_ID = re.compile(r"[a-z][0-9]{1,3}", re.ASCII)
START_ID = re.compile(r"s[0-9]+", re.ASCII)
#: Where a starting city may stand (p.8: not Barren, not Sea).
CITY_TERRAINS = frozenset({FERTILE, FOREST, MOUNTAIN})


def own_id(slot: str) -> str:
    """The tile id of the region with terrains of its own lying in ``slot``."""
    return OWN + slot


@dataclass(frozen=True, slots=True)
class PlannedRegion:
    """One region of a board of its own (see the module docstring)."""

    id: str
    spaces: tuple[Hex, ...]
    terrains: tuple[str, ...] = ()
    tile: str | None = None
    seat: int | None = None
    city: Hex | None = None

    @property
    def lens(self) -> Lens:
        """The slot's lay (the spaces are in tile order, :func:`problems` checks them)."""
        return Lens.between(self.spaces[0], self.spaces[3])

    def fixed_tile(self) -> str | None:
        """The tile that always lies here: its own, or a starting region's."""
        return own_id(self.id) if self.terrains else self.tile


@dataclass(frozen=True)
class BoardPlan:
    """A board of its own: its regions, the starting ones first by table position.

    Not slotted, so that the board it lays and its hash are kept on it once made (in its
    ``__dict__``, no field of it: snapshots never see them): the rules ask for the board on
    nearly every question, and a state's copies share its plan.
    """

    regions: tuple[PlannedRegion, ...]

    def __hash__(self) -> int:
        kept: dict[str, Any] = self.__dict__
        if "_hash" not in kept:
            kept["_hash"] = hash(self.regions)
        h: int = kept["_hash"]
        return h

    def laid(self) -> Board:
        """The board every rule asks (made once per plan)."""
        kept: dict[str, Any] = self.__dict__
        if "_board" not in kept:
            kept["_board"] = _lay(self)
        b: Board = kept["_board"]
        return b


def _lay(plan: BoardPlan) -> Board:
    slots = tuple(
        Slot(r.id, r.lens, r.seat, None, r.fixed_tile(), r.city if r.seat is not None else None)
        for r in plan.regions
    )
    own = tuple(
        Tile(own_id(r.id), _four(r.terrains), "a position's board (C139)", "high")
        for r in plan.regions
        if r.terrains
    )
    starts = sum(1 for r in plan.regions if r.seat is not None)
    return Board(starts, "a position's board (C139)", slots, own)


def _four(terrains: tuple[str, ...]) -> tuple[Terrain, Terrain, Terrain, Terrain]:
    known: dict[str, Terrain] = {t: t for t in TERRAINS}
    a, b, c, d = (known[t] for t in terrains)
    return a, b, c, d


def lens_of(spaces: tuple[Hex, ...]) -> Lens | None:
    """The lay of four spaces in tile order (top, left, right, bottom); None when they are no
    region in that order."""
    if len(spaces) != 4 or direction_between(spaces[0], spaces[3]) is None:
        return None
    lens = Lens.between(spaces[0], spaces[3])
    return lens if lens.hexes == spaces else None


def shape_of(spaces: frozenset[Hex]) -> Lens | None:
    """A lay of four spaces in any order: the one whose top comes first in column then row
    order; None when they are not the shape of a region."""
    for top in sorted(spaces):
        for bottom in top.neighbours():
            if bottom in spaces and Lens.between(top, bottom).footprint == spaces:
                return Lens.between(top, bottom)
    return None


def problems(plan: BoardPlan, players: int) -> tuple[str, str] | None:
    """The first rule ``plan`` breaks, as ``(problem, region id)`` (``board`` for the whole);
    None when it is a board to play on.

    Each region four spaces in the shape of a region tile, in tile order; its own terrains
    four known terrains; no two regions on a space; the board one piece without holes (the
    edge is its outline, C32); the starting regions ``s1``..``sN`` for ``players`` players,
    each with a city on a Fertile, Forest or Mountain space of its own."""
    seen: dict[Hex, str] = {}
    ids: set[str] = set()
    for r in plan.regions:
        if not SLOT_ID.fullmatch(r.id) or r.id in ids or r.id in TILES:
            return "bad_region_id", r.id
        ids.add(r.id)
        if lens_of(r.spaces) is None:
            return "region_not_four_spaces_of_a_tile", r.id
        if r.terrains and (len(r.terrains) != 4 or any(t not in TERRAINS for t in r.terrains)):
            return "region_terrain_not_four_terrains", r.id
        for h in r.spaces:
            if h in seen:
                return "regions_overlap", r.id
            seen[h] = r.id
        start = START_ID.fullmatch(r.id) is not None
        if start != (r.seat is not None) or (start and r.seat != int(r.id[1:]) - 1):
            return "starting_region_not_its_table_position", r.id
        problem = _start_problem(r) if start else None
        if problem is not None:
            return problem, r.id
    starts = sorted(r.seat for r in plan.regions if r.seat is not None)
    if starts != list(range(players)):
        return "not_one_starting_region_per_player", "board"
    if not connected(seen):
        return "board_not_one_piece", "board"
    if _holes(frozenset(seen)):
        return "board_has_a_hole", "board"
    return None


def _start_problem(r: PlannedRegion) -> str | None:
    if r.tile is not None and r.terrains:
        return "starting_region_with_a_tile_and_terrains"
    if r.tile is None and not r.terrains:
        return "starting_region_without_terrain"
    if r.tile is not None and r.tile not in TILES:
        return "unknown_tile"
    terrains = r.terrains or TILES[r.tile or ""].terrains
    on = dict(zip(r.spaces, terrains, strict=True))
    if r.city is None or on.get(r.city) not in CITY_TERRAINS:
        return "starting_city_not_on_fertile_forest_or_mountain_of_its_region"
    return None


def default_city(spaces: tuple[Hex, ...], terrains: tuple[str, ...]) -> Hex | None:
    """A starting region's city space when the position names none: its one Fertile space
    (p.3 step 5); None when it has none or several."""
    fertile = [h for h, t in zip(spaces, terrains, strict=True) if t == FERTILE]
    return fertile[0] if len(fertile) == 1 else None


def _holes(hexes: frozenset[Hex]) -> bool:
    """Whether some space off the board is enclosed by it (not reachable from far outside)."""
    qs = [h.q for h in hexes]
    rs = [h.r for h in hexes]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1

    def outside(h: Hex) -> bool:
        return h not in hexes and lo_q <= h.q <= hi_q and lo_r <= h.r <= hi_r

    around = {
        Hex(q, r)
        for q in range(lo_q, hi_q + 1)
        for r in range(lo_r, hi_r + 1)
        if Hex(q, r) not in hexes
    }
    reached = steps(Hex(lo_q, lo_r), outside)
    return len(reached) != len(around)
