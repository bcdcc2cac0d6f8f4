"""The ground of the map: one pre-drawn tile per terrain, and the lines between spaces and
regions.

A tile is a hex in its terrain's colour with three of the terrain's marks (:data:`icons.MARKS`)
round the middle, kept clear of the name at the top; a face-down region's tile is the neutral
back with horizontal stripes. Tiles are cached per terrain and radius, so a map pastes them
only, and the whole map's ground with its lines is a layer (:mod:`render.layers`) cached per
board as the view shows it: it changes only when a region is turned face up or being placed.

The ground is drawn for the PNG's deflate as much as for the eye (docs/rendering.md, "Clash of
Cultures: the table"): deflate copies flat runs and exact repeats cheaply and pays for every
edge that moves from one row to the next, and for every shade it meets. So tiles are not
anti-aliased (their edges lie under the lines), the marks are two-level stamps
(:func:`render.symbols.stamp`) pasted at whole pixels, the back's stripes are whole rows of the
picture (one colour across every face-down space of a row), and each side is drawn once. The
spaces of a face-down region are not parted by lines: a region is turned up whole, so it is
one ringed tile whose spaces show their names and "?".
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
from render.symbols import stamp

__all__ = ["draw_base", "draw_ground", "draw_halves", "draw_lines", "stripes", "tile"]

#: Where the marks of a terrain go, in radii from the centre: either side of the middle row and
#: under it, none under the name at the top (seven until issue 35: each costs bytes).
_MARK_SPOTS: tuple[Point, ...] = ((-0.62, -0.3), (0.62, -0.3), (0.0, 0.62))
#: Whole-map ground layers: a few megabytes each, so only the boards of the latest pictures.
_GROUNDS = Layers(6)


def _hexagon(cx: float, cy: float, r: float) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def stripes(radius: float) -> tuple[int, int]:
    """The face-down back's stripes for hex radius ``radius``: their period and thickness in
    rows of the picture."""
    return max(4, round(0.22 * radius)), max(2, round(0.05 * radius))


def _size(radius: float) -> tuple[int, int]:
    """A tile's width and height: the hex and 2 px round it."""
    return math.ceil(2 * radius) + 4, math.ceil(SQRT3 * radius) + 4


@functools.lru_cache(maxsize=128)  # face-down tiles: one per stripe phase in use
def tile(terrain: str | None, radius: float, row: int = 0) -> tuple[Image.Image, Image.Image]:
    """The picture of one space of ``terrain`` (None: face down) and its alpha mask. ``row``:
    the picture's row of the tile's top, modulo the stripes' period (face down only), so that
    the stripes of every face-down space are the same rows of the picture."""
    w, h = _size(radius)
    fill = look.TERRAIN_FILL.get(terrain or "", look.BACK)
    rgb = Image.new("RGB", (w, h), fill)
    alpha = Image.new("L", (w, h))
    cx, cy = w / 2, h / 2
    ImageDraw.Draw(alpha).polygon(_hexagon(cx, cy, radius), fill=255)
    if terrain is None:
        period, thick = stripes(radius)
        draw = ImageDraw.Draw(rgb)
        for y in range(-(row % period), h, period):
            draw.rectangle((0, y, w, y + thick - 1), fill=look.BACK_HATCH)
        return rgb, alpha
    size = round(0.3 * radius)
    painter, second = MARKS[terrain]
    for dx, dy in _MARK_SPOTS:
        x, y = round(cx + dx * radius - size / 2), round(cy + dy * radius - size / 2)
        box = (x, y, x + size, y + size)
        rgb.paste(look.TERRAIN_MARK[terrain], box, stamp(painter, size))
        if second is not None:
            rgb.paste(look.SNOW, box, stamp(second, size))
    return rgb, alpha


def draw_ground(c: Canvas, lay: MapLayout, spaces: Iterable[Space]) -> None:
    """The tile of every space."""
    period, _ = stripes(lay.radius)
    for s in spaces:
        cx, cy = lay.centre(s.hex)
        top = round(cy - _size(lay.radius)[1] / 2)
        rgb, alpha = tile(s.terrain, lay.radius, top % period if s.terrain is None else 0)
        c.image.paste(rgb, (round(cx - rgb.width / 2), top), alpha)


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
    """Thin dark lines between the spaces of a region (none between two face-down spaces)
    and heavier ones between regions (face-down ones included), each side drawn
    once. The map's edge has no line: the tiles end on the table's dark background."""
    grid_w = max(2, round(0.05 * lay.radius))
    region_w = max(3, round(0.07 * lay.radius))
    grid: list[tuple[Point, Point]] = []
    regions: list[tuple[Point, Point]] = []
    for s in spaces:
        for d in range(3):  # each shared side once, from the space on its north or west
            other = lay.at(s.hex.neighbour(d))
            if other is None:
                continue
            if other.slot != s.slot:
                regions.append(lay.side(s.hex, d))
            elif s.terrain is not None or other.terrain is not None:
                grid.append(lay.side(s.hex, d))
    for sides, colour, width in ((grid, look.GRID, grid_w), (regions, look.REGION_LINE, region_w)):
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
    # Tiles reach 2 px beyond the box, the lines' round joints half a line's width: less than
    # the gap left above and below the map.
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
