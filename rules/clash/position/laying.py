"""A position's ``board``: a board of its own (C139, :mod:`rules.clash.board.custom`).

``{"s1": {"terrain": {"B2": "fertile", "A3": "mountain", "C3": "forest", "B3": "barren"}},
"r1": {"spaces": ["B4", "A5", "C5", "B5"], "tile": "g05", "explored": true}, ...}``: each
region by its slot id, ``s1``.. the starting regions by table position. A region is either
``terrain`` (its four spaces, in any order, each with its terrain: a region of its own) or
``spaces`` (four spaces in tile order, top, left, right, bottom) with the ``tile`` of the box
lying there (without one, a face-down region is dealt from the general regions no region
names, shuffled with the seed). ``explored`` and ``turned`` are as in ``map``; a starting
region is face up, as given; ``city`` names its city space (default: its one Fertile space).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.clash.board.custom import (
    START_ID,
    BoardPlan,
    PlannedRegion,
    default_city,
    lens_of,
    problems,
    shape_of,
)
from rules.clash.board.hexes import Hex, label, parse_hex
from rules.clash.board.tiles import REGIONS, TERRAINS, TILES
from rules.clash.model.state import ClashState, Region
from rules.clash.position.values import as_flag, as_list, as_mapping, bad, inconsistent
from rules.core import JSON, IllegalAction, Rng

REGION_FIELDS = frozenset({"terrain", "spaces", "tile", "explored", "turned", "city"})
GENERAL = tuple(t.id for t in REGIONS)


def read_board(players: int, raw: JSON, rng: Rng) -> tuple[BoardPlan, dict[str, Region]]:
    """The board ``raw`` lays for ``players`` players and the regions lying on it (each
    refusal names its key: ``board.<slot>...``)."""
    entries = as_mapping("board", raw)
    planned: list[PlannedRegion] = []
    lying: dict[str, tuple[str | None, bool, bool]] = {}
    named: dict[str, str] = {}
    for rid, entry in entries.items():
        where = f"board.{rid}"
        region, tile = _region(where, rid, as_mapping(where, entry, REGION_FIELDS))
        e = as_mapping(where, entry)
        start = region.seat is not None
        explored = as_flag(f"{where}.explored", e.get("explored", start))
        turned = as_flag(f"{where}.turned", e.get("turned", False))
        if start and (not explored or turned):
            raise inconsistent("starting_region_not_face_up_as_given", f"{where}.explored")
        if turned and not explored:
            raise inconsistent("face_down_region_turned", f"{where}.turned")
        if explored and tile is None and not region.terrains:
            raise inconsistent("explored_region_without_terrain", f"{where}.explored")
        if tile in GENERAL:
            if tile in named:
                both = f"{named[tile]}, {where}"
                raise IllegalAction("position_duplicate", item=tile, field=both)
            named[tile] = where
        planned.append(region)
        lying[rid] = (tile, explored, turned)
    # The starting regions first, by table position, as on the fixed boards.
    planned.sort(key=lambda r: (r.seat is None, r.seat or 0))
    plan = BoardPlan(tuple(planned))
    problem = problems(plan, players)
    if problem is not None:
        what, rid = problem
        raise inconsistent(what, "board" if rid == "board" else f"board.{rid}")
    free = [t for t in GENERAL if t not in named]
    rng.shuffle(free)
    regions: dict[str, Region] = {}
    for r in plan.regions:
        tile, explored, turned = lying[r.id]
        fixed = r.fixed_tile()
        if fixed is None and tile is None:
            if not free:
                raise inconsistent("more_dealt_regions_than_the_box_holds", f"board.{r.id}")
            tile = free.pop(0)
        regions[r.id] = Region(fixed or tile or "", explored, turned)
    return plan, regions


def _region(where: str, rid: str, e: Mapping[str, JSON]) -> tuple[PlannedRegion, str | None]:
    """One region of the plan, and the tile of the box named for it (if any)."""
    start = START_ID.fullmatch(rid) is not None
    seat = int(rid[1:]) - 1 if start else None
    tile = e.get("tile")
    if "terrain" in e:
        if "spaces" in e or tile is not None:
            raise inconsistent("region_with_terrain_and_a_tile", where)
        given: dict[Hex, str] = {}
        for name, terrain in as_mapping(f"{where}.terrain", e["terrain"]).items():
            h = _space(f"{where}.terrain", name)
            if terrain not in TERRAINS:
                raise bad(f"{where}.terrain.{name}", terrain)
            if h in given:
                raise bad(f"{where}.terrain", name)
            given[h] = str(terrain)
        lens = shape_of(frozenset(given)) if len(given) == 4 else None
        if lens is None:
            raise inconsistent("region_spaces_not_the_shape_of_a_region", f"{where}.terrain")
        spaces: tuple[Hex, ...] = lens.hexes
        terrains = tuple(given[h] for h in lens.hexes)
    elif "spaces" in e:
        names = as_list(f"{where}.spaces", e["spaces"])
        spaces = tuple(_space(f"{where}.spaces", name) for name in names)
        if lens_of(spaces) is None:
            raise inconsistent("region_spaces_not_a_region_in_tile_order", f"{where}.spaces")
        terrains = ()
        allowed = TILES if start else GENERAL
        if tile is not None and (not isinstance(tile, str) or tile not in allowed):
            raise bad(f"{where}.tile", tile)
        if start and tile is None:
            raise inconsistent("starting_region_without_terrain", f"{where}.tile")
    else:
        raise inconsistent("region_without_spaces", where)
    city: Hex | None = None
    if "city" in e:
        if not start:
            raise inconsistent("city_space_of_a_region_that_is_no_start", f"{where}.city")
        city = _space(f"{where}.city", e["city"])
    elif start:
        city = default_city(spaces, terrains or TILES[str(tile)].terrains)
        if city is None:
            raise inconsistent("starting_city_not_given", f"{where}.city")
    fixed = str(tile) if start and tile is not None else None
    named = str(tile) if tile is not None else None
    return PlannedRegion(rid, spaces, terrains, fixed, seat, city), named


def _space(where: str, value: JSON) -> Hex:
    if not isinstance(value, str):
        raise bad(where, value)
    try:
        return parse_hex(value)
    except IllegalAction:
        raise bad(where, value) from None


def board_json(state: ClashState, plan: BoardPlan) -> dict[str, JSON]:
    """The ``board`` of a position, written back as :func:`read_board` reads it (every
    region's tile, explored or not, and every starting city named)."""
    out: dict[str, JSON] = {}
    for r in plan.regions:
        region = state.regions[r.id]
        entry: dict[str, JSON]
        if r.terrains:
            entry = {"terrain": {label(h): t for h, t in zip(r.spaces, r.terrains, strict=True)}}
        else:
            entry = {"spaces": [label(h) for h in r.spaces], "tile": region.tile}
        if r.seat is not None and r.city is not None:
            entry["city"] = label(r.city)
        else:
            entry.update(explored=region.explored, turned=region.turned)
        out[r.id] = entry
    return out
