"""The map: ground, region lines, the name of every space, cities, ports and units.

Inside a space, from the top: its name (always, face down too); then one row for a city (or a
barbarian city) or, without one, for the units; under a city, a row for the units; under
each ship, its cargo. A ship shows its numbers (``1,3``: players type ``ship1``), stretched
when they need the room; the others show their count. A face-down space shows a "?" and
nothing else. A port lies on the side of its city facing the sea space it opens on.

A region being explored (``view["exploring"]``) is outlined in the accent colour; while its
explorer still chooses how it lies (step ``layout``, two ways), each of its spaces is split,
the first way's terrain on the left half and the second's on the right, each half marked with
its way's token (``a``, ``b``: the answers).

A battle waiting for a decision (``view["battle"]``) rings its space in both sides' colours,
under the pieces, with crossed swords on its upper right corner (:mod:`render.clash.battle`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from render import theme
from render.canvas import Canvas
from render.clash import look, terrain
from render.clash.battle import draw_badge, draw_ring
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
from rules.clash.board.hexes import N as NORTH
from rules.clash.board.hexes import S as SOUTH
from rules.clash.board.hexes import direction_between, parse_hex
from rules.clash.board.tiles import TERRAINS
from rules.clash.formats.view_types import ClashMap
from rules.core import IllegalAction

__all__ = ["Placing", "draw_map", "placing", "ship_label"]

JsonMap = Mapping[str, Any]
#: Buildings next to the Settlement in this order; other kinds follow, by name.
_BUILDINGS = ("temple", "fortress", "academy")
_UNITS = ("army", "settler", "ship")
#: Rows of a space, in radii below its centre: alone, or a top row over a bottom one.
_ROW_ALONE = 0.2
_ROW_TOP = -0.17
_ROW_BOTTOM = 0.47
#: Ships over their cargo sit a little lower, so that a sail stays clear of the name.
_SHIPS_TOP = -0.12
_CARGO_ROW = 0.5
#: Room between two tokens, for the marker on the first one's corner.
_TOKEN_GAP = 0.14
#: How much of a ship's width its hull has where the numbers are printed (the hull narrows
#: downwards), and the room left beside them, in ship heights.
_HULL = 0.84
_HULL_PAD = 0.12
#: The widest a ship grows with the count's text size, in radii.
_WIDEST_SHIP = 1.3
#: Where the way tokens of a split space sit, in radii from its centre.
_WAY_DX = 0.4
_WAY_DY = 0.2


@dataclass
class _Contents:
    """What stands on one space."""

    city: JsonMap | None = None
    camp: JsonMap | None = None
    units: list[JsonMap] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Placing:
    """A region being explored: its slot and, while its explorer chooses how it lies, the
    two ways' tokens and each space's terrain either way (``{name: (first, second)}``)."""

    slot: str
    tokens: tuple[str, str] | None = None
    ways: dict[str, tuple[str, str]] = field(default_factory=dict)


def placing(exploring: Any, lay: MapLayout) -> Placing | None:
    """What :func:`draw_map` marks of ``view["exploring"]``; None without one on this map.
    A space the map shows face down is never split (the map decides what is face up)."""
    if not isinstance(exploring, Mapping):
        return None
    slot = str(exploring.get("slot"))
    spaces = [s for s in lay.spaces.values() if s.slot == slot]
    if not spaces:
        return None
    layouts = exploring.get("layouts")
    if exploring.get("step") != "layout" or not isinstance(layouts, Sequence):
        return Placing(slot)
    ways = [w for w in layouts if isinstance(w, Mapping) and isinstance(w.get("terrain"), Mapping)]
    if len(ways) != 2:
        return Placing(slot)
    first, second = (w["terrain"] for w in ways)
    split = {
        s.name: (str(first.get(s.name)), str(second.get(s.name)))
        for s in spaces
        if s.terrain is not None
        and first.get(s.name) in TERRAINS
        and second.get(s.name) in TERRAINS
    }
    if not split:
        return Placing(slot)
    tokens = (str(ways[0].get("token", "a")), str(ways[1].get("token", "b")))
    return Placing(slot, tokens, split)


def draw_map(
    c: Canvas,
    lay: MapLayout,
    map_view: ClashMap,
    sz: look.Sizes,
    clip: Box | None = None,
    exploring: Any = None,
    battle: Any = None,
) -> list[Space]:
    """Everything of the map that meets ``clip`` (the whole map without one), with the region
    ``exploring`` (``view["exploring"]``) and the space of ``battle`` (``view["battle"]``)
    marked; returns the spaces drawn."""
    shown = [s for s in lay.spaces.values() if clip is None or _meets(lay.hex_box(s.hex), clip)]
    marked = placing(exploring, lay)
    ways = marked.ways if marked is not None else {}
    if clip is None:
        terrain.draw_base(c, lay, shown, ways)
    else:
        terrain.draw_ground(c, lay, shown)
        for s in shown:
            if s.name in ways:
                terrain.draw_halves(c, lay, s, *ways[s.name])
        terrain.draw_lines(c, lay, shown)
    if marked is not None:
        _outline_slot(c, lay, marked.slot, sz)
    draw_ring(c, lay, battle)
    contents = _contents(map_view, lay)
    for s in shown:
        if marked is not None and marked.tokens is not None and s.name in ways:
            _draw_ways(c, lay, s, marked.tokens, sz)
        else:
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
    draw_badge(c, lay, battle, sz.name)
    return shown


def _outline_slot(c: Canvas, lay: MapLayout, slot: str, sz: look.Sizes) -> None:
    """The outline of the region being explored, in the accent colour."""
    width = max(5, round(0.09 * sz.radius))
    for s in lay.spaces.values():
        if s.slot != slot:
            continue
        for d in range(6):
            other = lay.at(s.hex.neighbour(d))
            if other is not None and other.slot == slot:
                continue
            a, b = lay.side(s.hex, d)
            c.draw.line([a, b], fill=theme.ACCENT, width=width)
            for x, y in (a, b):
                c.draw.ellipse(
                    [x - width / 2, y - width / 2, x + width / 2, y + width / 2], fill=theme.ACCENT
                )


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    return round(x0), round(y0), round(x1), round(y1)


def _draw_ways(
    c: Canvas, lay: MapLayout, s: Space, tokens: tuple[str, str], sz: look.Sizes
) -> None:
    """A split space: its name on a plate (it straddles two terrains) and each half's token
    on a plate of its own."""
    x, y = lay.name_point(s.hex)
    half = Canvas.measure(s.name, sz.name, "semibold") / 2
    pad = round(0.06 * sz.radius)
    c.box(_rect(x - half - pad, y - 0.82 * sz.name, x + half + pad, y + pad / 2), theme.PANEL)
    c.text((x, y), s.name, size=sz.name, weight="semibold", fill=theme.TEXT, anchor="ms")
    cx, cy = lay.centre(s.hex)
    side = 0.58 * sz.name  # half the plate
    for token, dx in zip(tokens, (-_WAY_DX, _WAY_DX), strict=True):
        tx, ty = cx + dx * lay.radius, cy + _WAY_DY * lay.radius
        c.box(
            _rect(tx - side, ty - side, tx + side, ty + side),
            theme.PANEL,
            outline=theme.ACCENT,
            width=max(2, pad // 2),
            radius=pad,
        )
        c.text((tx, ty), token, size=sz.name, weight="bold", fill=theme.TEXT, anchor="mm")


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _space(value: Any, lay: MapLayout) -> Space | None:
    """The space a piece names, if it is a space of this map."""
    try:
        return lay.at(parse_hex(str(value)))
    except IllegalAction:
        return None


def _contents(map_view: ClashMap, lay: MapLayout) -> dict[str, _Contents]:
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
        _draw_units(c, units, (cx, cy + _ROW_BOTTOM * r), None, sz)
        return
    loaded = any(_cargo(u) for u in units)
    top = (cx, cy + (_SHIPS_TOP if loaded else _ROW_ALONE) * r)
    _draw_units(c, units, top, cy + _CARGO_ROW * r if loaded else None, sz)


def _seat(owner: Any) -> int:
    return owner if isinstance(owner, int) and not isinstance(owner, bool) else 99


def _unit_order(unit: JsonMap) -> tuple[int, int, str]:
    kind = str(unit.get("kind"))
    rank = _UNITS.index(kind) if kind in _UNITS else len(_UNITS)
    return _seat(unit.get("owner")), rank, kind


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def _row(widths: Sequence[float], cx: float, gap: float) -> list[float]:
    """The centres of items ``widths`` wide, ``gap`` apart, centred on ``cx``."""
    x = cx - (sum(widths) + (len(widths) - 1) * gap) / 2
    out = []
    for w in widths:
        out.append(x + w / 2)
        x += w + gap
    return out


def ship_label(unit: JsonMap) -> str | None:
    """The numbers a ship entry prints, ``"1,3"`` (players type ``ship1``, ``ship3``); None
    for a unit that is no ship or a ship entry without ``ids`` (its count is printed)."""
    ids = unit.get("ids")
    if unit.get("kind") != "ship" or not isinstance(ids, Sequence) or isinstance(ids, str):
        return None
    numbers = sorted(i for i in ids if isinstance(i, int) and not isinstance(i, bool))
    return ",".join(str(i) for i in numbers) or None


@dataclass(frozen=True, slots=True)
class _Token:
    """How one unit entry is drawn: its text, that text's size, the token's width."""

    text: str
    size: int
    width: int


def _token(unit: JsonMap, sz: look.Sizes) -> _Token:
    """A count; a ship's numbers at the count's size, or smaller when that would stretch the
    ship past :data:`_WIDEST_SHIP`."""
    label = ship_label(unit)
    if label is None:
        return _Token(str(_count(unit.get("count", 1))), sz.count, sz.token)
    for size in (sz.count, sz.ship_id):
        room = Canvas.measure(label, size, "bold") + 2 * _HULL_PAD * sz.token
        width = max(sz.token, math.ceil(room / _HULL))
        if width <= _WIDEST_SHIP * sz.radius:
            break
    return _Token(label, size, width)


def _ships(unit: JsonMap) -> int:
    """How many ships an entry stands for: its numbers, or its count."""
    ids = unit.get("ids")
    if isinstance(ids, Sequence) and not isinstance(ids, str) and ids:
        return len(ids)
    return _count(unit.get("count", 1))


def _cargo(unit: JsonMap) -> list[JsonMap]:
    """What the ships of one entry carry together (each carries ``cargo``), by kind."""
    if unit.get("kind") != "ship":
        return []
    totals: dict[str, int] = {}
    for item in unit.get("cargo") or ():
        if isinstance(item, Mapping):
            kind = str(item.get("kind"))
            totals[kind] = totals.get(kind, 0) + _count(item.get("count", 1)) * _ships(unit)
    cargo = [{"owner": unit.get("owner"), "kind": k, "count": n} for k, n in totals.items() if n]
    return sorted(cargo, key=_unit_order)


def _plate_width(cargo: list[JsonMap], sz: look.Sizes) -> float:
    if not cargo:
        return 0.0
    n = len(cargo)
    return n * sz.cargo + (n - 1) * 0.06 * sz.radius + 2 * round(0.04 * sz.radius)


def _draw_units(
    c: Canvas, units: list[JsonMap], top: Point, bottom: float | None, sz: look.Sizes
) -> None:
    """One column per entry: its token on the ``top`` row and, with ``bottom``, the cargo of
    a ship under it."""
    tokens = [_token(u, sz) for u in units]
    loads = [_cargo(u) if bottom is not None else [] for u in units]
    widths = [max(t.width, _plate_width(load, sz)) for t, load in zip(tokens, loads, strict=True)]
    xs = _row(widths, top[0], _TOKEN_GAP * sz.radius)
    for x, unit, token, load in zip(xs, units, tokens, loads, strict=True):
        kind, owner = str(unit.get("kind")), unit.get("owner")
        draw_unit(
            c, kind, owner, token.text, (x, top[1]), sz.token, token.size, sz.badge, token.width
        )
        if load and bottom is not None:
            _draw_cargo(c, load, (x, bottom), sz)


def _draw_cargo(c: Canvas, cargo: list[JsonMap], centre: Point, sz: look.Sizes) -> None:
    """Cargo on a deck plate framed in the ship owner's colour, under the ships."""
    xs = _row([sz.cargo] * len(cargo), centre[0], 0.06 * sz.radius)  # no markers on cargo
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
            c,
            unit["kind"],
            unit["owner"],
            str(unit["count"]),
            (x, centre[1]),
            sz.cargo,
            sz.cargo_count,
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
    right of the middle, clear of the name printed under that side."""
    d = _port_facing(city, s, lay)
    if d is None:
        return
    port = next(p for p in city.get("pieces") or () if p.get("kind") == "port")
    (ax, ay), (bx, by) = lay.side(s.hex, d)
    cx, cy = lay.centre(s.hex)
    x, y = cx + ((ax + bx) / 2 - cx) * 1.04, cy + ((ay + by) / 2 - cy) * 1.04
    if d in (NORTH, SOUTH):
        # Clear of the name under that side: the city's own (north) or the sea's (south).
        below = s.name if d == NORTH else str(city.get("port_faces"))
        half = Canvas.measure(below, sz.name, "semibold") / 2
        x += min(0.5 * lay.radius, max(0.3 * lay.radius, half + sz.building / 2))
    owner = port.get("owner", city.get("owner"))
    draw_icon(c, piece_icon("port"), (x, y), sz.building, fill_of(owner), rim_of(owner))
