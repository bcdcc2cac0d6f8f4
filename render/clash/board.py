"""The map: ground, region lines, the name of every space, cities, ports and units.

Inside a space, from the top: its name (always, face down too); then one row for a city (or a
barbarian city) or, without one, for the units; under a city, a row for the units; under
ships, a row for their cargo. A face-down space shows a "?" and nothing else. A port lies on
the side of its city facing the sea space it opens on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from render import theme
from render.canvas import Canvas
from render.clash import look, terrain
from render.clash.geometry import Box, MapLayout, Point, Space
from render.clash.pieces import (
    draw_emblem,
    draw_icon,
    draw_marker,
    draw_mood,
    draw_unit,
    fill_of,
    piece_icon,
    rim_of,
)
from rules.clash.hexes import N as NORTH
from rules.clash.hexes import S as SOUTH
from rules.clash.hexes import direction_between, parse_hex
from rules.core import IllegalAction

__all__ = ["draw_map"]

JsonMap = Mapping[str, Any]
#: Buildings next to the Settlement in this order; other kinds follow, by name.
_BUILDINGS = ("temple", "fortress", "academy")
_UNITS = ("army", "settler", "ship")
#: Rows of a space, in radii below its centre: alone, or a top row over a bottom one.
_ROW_ALONE = 0.2
_ROW_TOP = -0.17
_ROW_BOTTOM = 0.47
#: Room between two tokens, for the marker on the first one's corner.
_TOKEN_GAP = 0.14


@dataclass
class _Contents:
    """What stands on one space."""

    city: JsonMap | None = None
    camp: JsonMap | None = None
    units: list[JsonMap] = field(default_factory=list)


def draw_map(
    c: Canvas, lay: MapLayout, map_view: JsonMap, sz: look.Sizes, clip: Box | None = None
) -> list[Space]:
    """Everything of the map that meets ``clip`` (the whole map without one); returns the
    spaces drawn."""
    shown = [s for s in lay.spaces.values() if clip is None or _meets(lay.hex_box(s.hex), clip)]
    terrain.draw_ground(c, lay, shown)
    terrain.draw_lines(c, lay, shown)
    contents = _contents(map_view, lay)
    for s in shown:
        _draw_name(c, lay, s, sz)
    for s in shown:
        spot = contents.get(s.name)
        if spot is not None and s.terrain is not None:
            _draw_contents(c, lay, s, spot, sz)
    # Last, so that nothing in the sea space hides them.
    for s in shown:
        spot = contents.get(s.name)
        if spot is not None and spot.city is not None and s.terrain is not None:
            _draw_port(c, lay, s, spot.city, sz)
    return shown


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _space(value: Any, lay: MapLayout) -> Space | None:
    """The space a piece names, if it is a space of this map."""
    try:
        return lay.at(parse_hex(str(value)))
    except IllegalAction:
        return None


def _contents(map_view: JsonMap, lay: MapLayout) -> dict[str, _Contents]:
    out: dict[str, _Contents] = {}

    def at(item: Any) -> _Contents | None:
        if not isinstance(item, Mapping):
            return None
        s = _space(item.get("hex"), lay)
        return out.setdefault(s.name, _Contents()) if s is not None else None

    for city in map_view.get("cities") or ():
        if (spot := at(city)) is not None:
            spot.city = city
    for camp in map_view.get("barbarian_cities") or ():
        if (spot := at(camp)) is not None:
            spot.camp = camp
    for unit in map_view.get("units") or ():
        if (spot := at(unit)) is not None:
            spot.units.append(unit)
    return out


def _draw_name(c: Canvas, lay: MapLayout, s: Space, sz: look.Sizes) -> None:
    """The space's name; a face-down space also gets its "?"."""
    fill = look.TERRAIN_FILL.get(s.terrain or "")
    colour = theme.ink_on(fill) if fill is not None else look.BACK_MARK
    c.text(lay.name_point(s.hex), s.name, size=sz.name, weight="semibold", fill=colour, anchor="ms")
    if s.terrain is None:
        cx, cy = lay.centre(s.hex)
        c.text(
            (cx, cy + 0.24 * lay.radius),
            "?",
            size=sz.question,
            weight="bold",
            fill=look.BACK_MARK,
            anchor="mm",
        )


def _draw_contents(c: Canvas, lay: MapLayout, s: Space, spot: _Contents, sz: look.Sizes) -> None:
    cx, cy = lay.centre(s.hex)
    r = lay.radius
    units = sorted(spot.units, key=_unit_order)
    if spot.city is not None or spot.camp is not None:
        row = (cx, cy + (_ROW_TOP if units else _ROW_ALONE) * r)
        if spot.city is not None:
            _draw_city(c, spot.city, row, sz, in_row=_port_facing(spot.city, s, lay) is None)
        elif spot.camp is not None:
            _draw_camp(c, spot.camp, row, sz)
        _draw_tokens(c, units, (cx, cy + _ROW_BOTTOM * r), sz)
        return
    cargo = _cargo(units)
    _draw_tokens(c, units, (cx, cy + (_ROW_TOP if cargo else _ROW_ALONE) * r), sz)
    if cargo:
        _draw_cargo(c, cargo, (cx, cy + _ROW_BOTTOM * r), sz)


def _seat(owner: Any) -> int:
    return owner if isinstance(owner, int) and not isinstance(owner, bool) else 99


def _unit_order(unit: JsonMap) -> tuple[int, int, str]:
    kind = str(unit.get("kind"))
    rank = _UNITS.index(kind) if kind in _UNITS else len(_UNITS)
    return _seat(unit.get("owner")), rank, kind


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def _row(n: int, cx: float, width: float, gap: float) -> list[float]:
    """The centres of ``n`` items ``width`` wide, ``gap`` apart, centred on ``cx``."""
    total = n * width + (n - 1) * gap
    return [cx - total / 2 + width / 2 + k * (width + gap) for k in range(n)]


def _draw_tokens(c: Canvas, units: list[JsonMap], centre: Point, sz: look.Sizes) -> None:
    xs = _row(len(units), centre[0], sz.token, _TOKEN_GAP * sz.radius)
    for x, unit in zip(xs, units, strict=True):
        kind, count = str(unit.get("kind")), _count(unit.get("count", 1))
        draw_unit(c, kind, unit.get("owner"), count, (x, centre[1]), sz.token, sz.count, sz.badge)


def _cargo(units: list[JsonMap]) -> list[JsonMap]:
    """What the ships among ``units`` carry, summed per owner and kind."""
    totals: dict[tuple[Any, str], int] = {}
    for ship in units:
        if ship.get("kind") != "ship":
            continue
        for item in ship.get("cargo") or ():
            if isinstance(item, Mapping):
                key = (ship.get("owner"), str(item.get("kind")))
                totals[key] = totals.get(key, 0) + _count(item.get("count", 1))
    cargo = [{"owner": o, "kind": k, "count": n} for (o, k), n in totals.items() if n > 0]
    return sorted(cargo, key=_unit_order)


def _draw_cargo(c: Canvas, cargo: list[JsonMap], centre: Point, sz: look.Sizes) -> None:
    """Cargo on a deck plate framed in the ship owner's colour, under the ships."""
    xs = _row(len(cargo), centre[0], sz.cargo, 0.06 * sz.radius)  # no markers on cargo
    pad, half = round(0.04 * sz.radius), sz.cargo / 2
    plate = (
        round(xs[0] - half - pad),
        round(centre[1] - half - pad),
        round(xs[-1] + half + pad),
        round(centre[1] + half + pad),
    )
    c.box(
        plate,
        theme.PANEL,
        outline=fill_of(cargo[0]["owner"]),
        width=max(2, pad // 2),
        radius=2 * pad,
    )
    for x, unit in zip(xs, cargo, strict=True):
        draw_unit(
            c, unit["kind"], unit["owner"], unit["count"], (x, centre[1]), sz.cargo, sz.cargo_count
        )


def _draw_city(c: Canvas, city: JsonMap, centre: Point, sz: look.Sizes, *, in_row: bool) -> None:
    """The Settlement (the city owner's shape on its wall, the mood over its roof) with the
    buildings either side, each in its own owner's colour: a building of another player (the
    city was taken) carries that player's marker. ``in_row``: the port, if any, goes here
    too (it faces no space of the map)."""
    owner = city.get("owner")
    pieces = [p for p in city.get("pieces") or () if isinstance(p, Mapping)]
    settlement = next((p for p in pieces if p.get("kind") == "settlement"), {"owner": owner})
    skip = {"settlement"} if in_row else {"settlement", "port"}
    buildings = sorted((p for p in pieces if p.get("kind") not in skip), key=_building_order)
    # Right, left, right...: the tall Settlement stays near the middle, where the hex is high
    # enough for it, and the short buildings take the narrower sides.
    left, right = buildings[1::2], buildings[0::2]
    big, small, gap = sz.settlement, sz.building, round(0.04 * sz.radius)
    x0, cy = centre[0] - (big + len(buildings) * (small + gap)) / 2, centre[1]
    sx = x0 + len(left) * (small + gap)
    by = cy + (big - small) / 2
    for k, piece in enumerate(reversed(left)):
        _draw_building(c, piece, owner, (x0 + k * (small + gap) + small / 2, by), sz)
    for k, piece in enumerate(right):
        _draw_building(c, piece, owner, (sx + big + gap + k * (small + gap) + small / 2, by), sz)
    s_owner = settlement.get("owner", owner)
    draw_icon(
        c, piece_icon("settlement"), (sx + big / 2, cy), big, fill_of(s_owner), rim_of(s_owner)
    )
    draw_emblem(c, s_owner, (sx + big / 2, cy + 0.22 * big), round(0.36 * big))
    # Over the roof's right slope, below the space's name.
    draw_mood(c, str(city.get("mood", "neutral")), (sx + 0.9 * big, cy - 0.25 * big), sz.mood)


def _draw_building(c: Canvas, piece: JsonMap, owner: Any, centre: Point, sz: look.Sizes) -> None:
    p_owner = piece.get("owner", owner)
    x, y = draw_icon(
        c,
        piece_icon(str(piece.get("kind"))),
        centre,
        sz.building,
        fill_of(p_owner),
        rim_of(p_owner),
    )
    if p_owner != owner:
        draw_marker(c, p_owner, (x + sz.building, y), round(0.8 * sz.badge))


def _building_order(piece: JsonMap) -> tuple[int, str]:
    kind = str(piece.get("kind"))
    return (_BUILDINGS.index(kind) if kind in _BUILDINGS else len(_BUILDINGS)), kind


def _draw_camp(c: Canvas, camp: JsonMap, centre: Point, sz: look.Sizes) -> None:
    """A barbarian city: a palisade, its size beside it when above 1."""
    size = _count(camp.get("size", 1))
    shift = 0.3 * sz.settlement if size > 1 else 0
    x, _ = draw_icon(
        c,
        piece_icon("barbarian_city"),
        (centre[0] - shift, centre[1]),
        sz.settlement,
        look.BARBARIAN,
        look.BARBARIAN_RIM,
    )
    if size > 1:
        c.text(
            (x + sz.settlement + 0.08 * sz.radius, centre[1]),
            str(size),
            size=sz.count,
            weight="bold",
            fill=theme.INK_DARK,
            anchor="lm",
        )


def _port_facing(city: JsonMap, s: Space, lay: MapLayout) -> int | None:
    """The direction from the city to the space its port faces, if it has a port and that
    space is a neighbour on the map."""
    pieces = city.get("pieces") or ()
    if not any(isinstance(p, Mapping) and p.get("kind") == "port" for p in pieces):
        return None
    sea = _space(city.get("port_faces"), lay)
    return direction_between(s.hex, sea.hex) if sea is not None else None


def _draw_port(c: Canvas, lay: MapLayout, s: Space, city: JsonMap, sz: look.Sizes) -> None:
    """The port on the side between its city and the sea it faces; on a north or south side
    right of the middle, clear of the names printed there."""
    d = _port_facing(city, s, lay)
    if d is None:
        return
    port = next(p for p in city.get("pieces") or () if p.get("kind") == "port")
    (ax, ay), (bx, by) = lay.side(s.hex, d)
    cx, cy = lay.centre(s.hex)
    x, y = cx + ((ax + bx) / 2 - cx) * 1.04, cy + ((ay + by) / 2 - cy) * 1.04
    if d in (NORTH, SOUTH):
        x += 0.3 * lay.radius
    owner = port.get("owner", city.get("owner"))
    draw_icon(c, piece_icon("port"), (x, y), sz.building, fill_of(owner), rim_of(owner))
