"""The ground of the map: one pre-drawn tile per terrain, and the lines between regions.

A tile is a hex in its terrain's colour with the terrain's marks (:data:`icons.MARKS`) round
the middle, kept clear of the name at the top; a face-down region's tile is the neutral,
hatched back. Tiles are drawn three times larger, scaled down (anti-aliased edges, which
Pillow's polygons lack) and cached per terrain and radius, so a map pastes them only. The
whole map's ground with its lines is a layer (:mod:`render.layers`) cached per board as the
view shows it: it changes only when a region is turned face up or being placed.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping

from PIL import Image, ImageDraw

from render.canvas import Canvas
from render.clash import look
from render.clash.geometry import SQRT3, MapLayout, Point, Space
from render.clash.icons import MARKS
from render.layers import Layers
from render.symbols import mask

__all__ = ["draw_base", "draw_ground", "draw_halves", "draw_lines", "tile"]

_SUPERSAMPLE = 3
#: Where the marks of a terrain go, in radii from the centre: both sides and the bottom, none
#: under the name at the top.
_MARK_SPOTS: tuple[Point, ...] = (
    (-0.62, -0.3),
    (0.62, -0.3),
    (-0.7, 0.2),
    (0.7, 0.2),
    (-0.3, 0.62),
    (0.3, 0.62),
    (0.0, 0.12),
)
#: Whole-map ground layers: a few megabytes each, so only the boards of the latest pictures.
_GROUNDS = Layers(6)


def _hexagon(cx: float, cy: float, r: float) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


@functools.lru_cache(maxsize=64)
def tile(terrain: str | None, radius: float) -> tuple[Image.Image, Image.Image]:
    """The picture of one space of ``terrain`` (None: face down) and its alpha mask."""
    w, h = math.ceil(2 * radius) + 4, math.ceil(SQRT3 * radius) + 4
    k = _SUPERSAMPLE
    fill = look.TERRAIN_FILL.get(terrain or "", look.BACK)
    rgb = Image.new("RGB", (w * k, h * k), fill)
    alpha = Image.new("L", (w * k, h * k))
    cx, cy, r = w * k / 2, h * k / 2, radius * k
    ImageDraw.Draw(alpha).polygon(_hexagon(cx, cy, r), fill=255)
    draw = ImageDraw.Draw(rgb)
    if terrain is None:
        _hatch(draw, w * k, h * k, r)
    else:
        size = round(0.3 * radius) * k
        painter, second = MARKS[terrain]
        for dx, dy in _MARK_SPOTS:
            x, y = round(cx + dx * r - size / 2), round(cy + dy * r - size / 2)
            rgb.paste(look.TERRAIN_MARK[terrain], (x, y, x + size, y + size), mask(painter, size))
            if second is not None:
                rgb.paste(look.SNOW, (x, y, x + size, y + size), mask(second, size))
    # The grid: a thin dark line round the inside of the hex.
    draw.polygon(_hexagon(cx, cy, r), outline=look.GRID, width=max(2, round(0.05 * r)))
    return (
        rgb.resize((w, h), Image.Resampling.BOX),
        alpha.resize((w, h), Image.Resampling.BOX),
    )


def _hatch(draw: ImageDraw.ImageDraw, w: int, h: int, r: float) -> None:
    """Diagonal hatching: the back of a region tile, the same on every one."""
    step, width = r * 0.22, max(2, round(r * 0.05))
    x = -float(h)
    while x < w:
        draw.line([(x, h), (x + h, 0)], fill=look.BACK_HATCH, width=width)
        x += step


def draw_ground(c: Canvas, lay: MapLayout, spaces: Iterable[Space]) -> None:
    """The tile of every space."""
    for s in spaces:
        rgb, alpha = tile(s.terrain, lay.radius)
        cx, cy = lay.centre(s.hex)
        c.image.paste(rgb, (round(cx - rgb.width / 2), round(cy - rgb.height / 2)), alpha)


def draw_halves(c: Canvas, lay: MapLayout, s: Space, left: str, right: str) -> None:
    """Space ``s`` split down the middle: ``left``'s tile on its left half, ``right``'s on
    its right, a dark line between (a region whose way of lying is still to be chosen)."""
    cx, cy = lay.centre(s.hex)
    for kind, half in ((left, 0), (right, 1)):
        rgb, alpha = tile(kind, lay.radius)
        x0, y0 = round(cx - rgb.width / 2), round(cy - rgb.height / 2)
        cut = rgb.width // 2
        box = (0, 0, cut, rgb.height) if half == 0 else (cut, 0, rgb.width, rgb.height)
        c.image.paste(rgb.crop(box), (x0 + box[0], y0), alpha.crop(box))
    x = x0 + cut
    h = SQRT3 / 2 * lay.radius
    c.draw.line([(x, cy - h), (x, cy + h)], fill=look.GRID, width=max(3, round(0.05 * lay.radius)))


def draw_lines(c: Canvas, lay: MapLayout, spaces: Iterable[Space]) -> None:
    """Heavier lines between regions (face-down ones included), and a light one along the
    map's edge, so both the regions and the end of the world are visible."""
    region_w = max(3, round(0.07 * lay.radius))
    edge_w = max(4, round(0.08 * lay.radius))
    inner: list[tuple[Point, Point]] = []
    outer: list[tuple[Point, Point]] = []
    for s in spaces:
        for d in range(6):
            other = lay.at(s.hex.neighbour(d))
            if other is None:
                outer.append(lay.side(s.hex, d))
            elif other.slot != s.slot and d < 3:  # each shared side once
                inner.append(lay.side(s.hex, d))
    for sides, colour, width in (
        (inner, look.REGION_LINE, region_w),
        (outer, look.EDGE_LINE, edge_w),
    ):
        for a, b in sides:
            c.draw.line([a, b], fill=colour, width=width)
            for x, y in (a, b):  # round joints: no notch where two sides meet
                c.draw.ellipse(
                    [x - width / 2, y - width / 2, x + width / 2, y + width / 2], fill=colour
                )


def draw_base(
    c: Canvas, lay: MapLayout, spaces: Iterable[Space], ways: Mapping[str, tuple[str, str]]
) -> None:
    """The ground of ``spaces`` (the split ones in ``ways`` in halves, see
    :func:`draw_halves`) and the lines, pasted from a layer of the rows the map takes, on a
    canvas still blank there.

    The key holds everything drawn: every space with its place, region and terrain (so a
    board of any plan, and each region turned up), the split spaces, the radius and origin,
    and the canvas's width and rows.
    """
    shown = tuple(spaces)
    _, y0, _, y1 = lay.box()
    # Tiles reach 2 px beyond the box, the edge line half its width: less than the gap
    # left above and below the map.
    pad = math.ceil(0.04 * lay.radius) + 4
    top, bottom = max(0, math.floor(y0) - pad), min(c.image.height, math.ceil(y1) + pad)
    key = (c.width, top, bottom, lay.radius, lay.origin, shown, tuple(sorted(ways.items())))

    def draw() -> Image.Image:
        layer = Canvas(c.width, bottom)
        draw_ground(layer, lay, shown)
        for s in shown:
            if s.name in ways:
                draw_halves(layer, lay, s, *ways[s.name])
        draw_lines(layer, lay, shown)
        return layer.image.crop((0, top, c.width, bottom))

    c.image.paste(_GROUNDS.get(key, draw), (0, top))
