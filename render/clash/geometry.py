"""Where every space of a Clash of Cultures map lies in a picture.

The view names every space (``C4``); :func:`rules.clash.board.hexes.parse_hex` turns a name into its
axial hex and :func:`~rules.clash.board.hexes.pixel` into a centre for hex radius 1, so the picture
needs nothing but the view. Hexes are flat-topped; the corners of a hex are numbered
clockwise from the east one, and the side facing direction ``d`` (0 = north, clockwise) runs
from corner ``d + 4`` to corner ``d + 5``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.clash.board.hexes import Hex, label, parse_hex, pixel
from rules.clash.board.tiles import TERRAINS
from rules.clash.formats.view_types import ClashMap
from rules.core import IllegalAction

__all__ = ["MapLayout", "Space", "fit_radius", "spaces_of"]

SQRT3 = math.sqrt(3)
Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Space:
    """One space as the picture sees it: ``terrain`` is None while its region is face down."""

    name: str
    hex: Hex
    slot: str
    terrain: str | None


def spaces_of(map_view: ClashMap) -> list[Space]:
    """The spaces of ``view["map"]`` (names it cannot read are skipped).

    A space of a slot listed as unexplored is face down even if the view carried a terrain for
    it: the picture never shows what a face-down region holds.
    """
    hidden = {str(s) for s in map_view.get("unexplored") or ()}
    out: list[Space] = []
    for item in map_view.get("spaces") or ():
        try:
            h = parse_hex(str(item.get("hex", "")))
        except IllegalAction:
            continue
        slot = str(item.get("slot", ""))
        terrain = item.get("terrain")
        face_down = slot in hidden or terrain not in TERRAINS
        out.append(Space(label(h), h, slot, None if face_down else terrain))
    return out


def extent(hexes: Iterable[Hex]) -> Box:
    """The bounding box of the hexes for radius 1 (corners included)."""
    points = [pixel(h) for h in hexes] or [(0.0, 0.0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - 1, min(ys) - SQRT3 / 2, max(xs) + 1, max(ys) + SQRT3 / 2


def fit_radius(hexes: Iterable[Hex], width: float, largest: float) -> float:
    """The hex radius that makes the map ``width`` pixels wide, at most ``largest``."""
    x0, _, x1, _ = extent(hexes)
    return min(width / (x1 - x0), largest)


@dataclass(frozen=True, slots=True)
class MapLayout:
    """The spaces of a map placed in a picture: radius ``radius``, with the hex at axial
    ``(0, 0)`` centred on ``origin``; ``spaces`` by name, in the view's order."""

    radius: float
    origin: Point
    spaces: dict[str, Space]
    by_hex: dict[Hex, Space]

    @staticmethod
    def place(spaces: Sequence[Space], radius: float, top_left: Point) -> MapLayout:
        """The map with its bounding box's top-left corner at ``top_left``."""
        x0, y0, _, _ = extent(s.hex for s in spaces)
        origin = (top_left[0] - x0 * radius, top_left[1] - y0 * radius)
        return MapLayout(radius, origin, {s.name: s for s in spaces}, {s.hex: s for s in spaces})

    def at(self, h: Hex) -> Space | None:
        """The space on hex ``h``, if the map has one."""
        return self.by_hex.get(h)

    def centre(self, h: Hex) -> Point:
        x, y = pixel(h)
        return self.origin[0] + x * self.radius, self.origin[1] + y * self.radius

    def corner(self, h: Hex, k: int) -> Point:
        cx, cy = self.centre(h)
        a = math.radians(60 * (k % 6))
        return cx + self.radius * math.cos(a), cy + self.radius * math.sin(a)

    def corners(self, h: Hex) -> list[Point]:
        return [self.corner(h, k) for k in range(6)]

    def side(self, h: Hex, direction: int) -> tuple[Point, Point]:
        """The side of ``h`` facing ``direction`` (0 = north, clockwise)."""
        return self.corner(h, direction + 4), self.corner(h, direction + 5)

    def box(self) -> Box:
        """The map's bounding box in the picture."""
        x0, y0, x1, y1 = extent(s.hex for s in self.spaces.values())
        r, (ox, oy) = self.radius, self.origin
        return ox + x0 * r, oy + y0 * r, ox + x1 * r, oy + y1 * r

    def hex_box(self, h: Hex) -> Box:
        cx, cy = self.centre(h)
        r = self.radius
        return cx - r, cy - r * SQRT3 / 2, cx + r, cy + r * SQRT3 / 2

    def name_point(self, h: Hex) -> Point:
        """Where a space's name is printed: the middle of its baseline, half a radius up."""
        cx, cy = self.centre(h)
        return cx, cy - 0.5 * self.radius
