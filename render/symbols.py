"""Small pictograms drawn with Pillow primitives shared by the games: seat markers, badges.

Each symbol is a function drawing white on black in a unit square scaled to the canvas. Masks
are drawn at four times the requested size and scaled down, which anti-aliases the edges that
Pillow's polygons lack, and cached per symbol and size, so a table draws each shape once.
:data:`SYMBOLS` holds the shared ones by name; a game's own pictograms are painters passed to
:func:`mask` directly, so they need no global registration.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Final

from PIL import Image, ImageDraw

__all__ = [
    "SYMBOLS",
    "Painter",
    "Point",
    "mask",
    "rect",
    "rotated",
    "scaled",
    "stamp",
    "star_points",
    "threshold",
]

_SUPERSAMPLE = 4

Point = tuple[float, float]
# Draws white (255) on a black square of side ``s`` pixels; coordinates are fractions of it.
Painter = Callable[[ImageDraw.ImageDraw, float], None]


def scaled(points: Sequence[Point], s: float) -> list[Point]:
    """Unit-square points in pixels of a square of side ``s``."""
    return [(x * s, y * s) for x, y in points]


def rotated(points: Sequence[Point], degrees: float, centre: Point) -> list[Point]:
    """``points`` turned clockwise (on screen) by ``degrees`` around ``centre``."""
    a = math.radians(degrees)
    cx, cy = centre
    cos, sin = math.cos(a), math.sin(a)
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x, y in points
    ]


def rect(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """The corners of an axis-aligned rectangle, as a polygon."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def star_points(n: int, outer: float, inner: float, centre: Point) -> list[Point]:
    """The polygon of an ``n``-pointed star (alternating radii), first point up."""
    cx, cy = centre
    points = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / n - math.pi / 2
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _star(d: ImageDraw.ImageDraw, s: float) -> None:
    """Utopia: a five-pointed star."""
    d.polygon(scaled(star_points(5, 0.5, 0.2, (0.5, 0.54)), s), fill=255)


def _circle(d: ImageDraw.ImageDraw, s: float) -> None:
    d.ellipse([0.08 * s, 0.08 * s, 0.92 * s, 0.92 * s], fill=255)


def _square(d: ImageDraw.ImageDraw, s: float) -> None:
    d.polygon(scaled(rect(0.12, 0.12, 0.88, 0.88), s), fill=255)


def _triangle(d: ImageDraw.ImageDraw, s: float) -> None:
    d.polygon(scaled([(0.5, 0.06), (0.96, 0.9), (0.04, 0.9)], s), fill=255)


def _diamond(d: ImageDraw.ImageDraw, s: float) -> None:
    d.polygon(scaled([(0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)], s), fill=255)


def _no_entry(d: ImageDraw.ImageDraw, s: float) -> None:
    """Embargo: a circle struck through."""
    d.ellipse([0.05 * s, 0.05 * s, 0.95 * s, 0.95 * s], fill=255)
    d.ellipse([0.17 * s, 0.17 * s, 0.83 * s, 0.83 * s], fill=0)
    bar = rotated(rect(0.12, 0.44, 0.88, 0.56), 45, (0.5, 0.5))
    d.polygon(scaled(bar, s), fill=255)


def _flag(d: ImageDraw.ImageDraw, s: float) -> None:
    """Starting player: a pennant on a pole."""
    d.polygon(scaled(rect(0.16, 0.05, 0.26, 0.97), s), fill=255)
    d.polygon(scaled([(0.26, 0.06), (0.92, 0.28), (0.26, 0.52)], s), fill=255)


def _play(d: ImageDraw.ImageDraw, s: float) -> None:
    """Active seat: a right-pointing triangle."""
    d.polygon(scaled([(0.16, 0.06), (0.94, 0.5), (0.16, 0.94)], s), fill=255)


def _hourglass(d: ImageDraw.ImageDraw, s: float) -> None:
    """A seat that must answer a prompt."""
    d.polygon(scaled(rect(0.14, 0.03, 0.86, 0.11), s), fill=255)
    d.polygon(scaled(rect(0.14, 0.89, 0.86, 0.97), s), fill=255)
    d.polygon(
        scaled([(0.22, 0.11), (0.78, 0.11), (0.5, 0.5), (0.78, 0.89), (0.22, 0.89), (0.5, 0.5)], s),
        fill=255,
    )


def _card(d: ImageDraw.ImageDraw, s: float) -> None:
    """A card back (hand size, deck)."""
    d.rounded_rectangle([0.17 * s, 0.03 * s, 0.83 * s, 0.97 * s], radius=0.1 * s, fill=255)
    d.rounded_rectangle(
        [0.26 * s, 0.13 * s, 0.74 * s, 0.87 * s], radius=0.06 * s, outline=0, width=round(0.05 * s)
    )


def _crown(d: ImageDraw.ImageDraw, s: float) -> None:
    """Winner."""
    d.polygon(
        scaled(
            [
                (0.06, 0.28),
                (0.3, 0.52),
                (0.5, 0.14),
                (0.7, 0.52),
                (0.94, 0.28),
                (0.84, 0.8),
                (0.16, 0.8),
            ],
            s,
        ),
        fill=255,
    )
    d.polygon(scaled(rect(0.16, 0.84, 0.84, 0.94), s), fill=255)


SYMBOLS: dict[str, Painter] = {
    "star": _star,
    "circle": _circle,
    "square": _square,
    "triangle": _triangle,
    "diamond": _diamond,
    "no_entry": _no_entry,
    "flag": _flag,
    "play": _play,
    "hourglass": _hourglass,
    "card": _card,
    "crown": _crown,
}


@functools.cache
def mask(symbol: str | Painter, size: int) -> Image.Image:
    """An anti-aliased ``size`` x ``size`` alpha mask of a symbol (a name in :data:`SYMBOLS`,
    or a game's own painter)."""
    painter = SYMBOLS[symbol] if isinstance(symbol, str) else symbol
    big = size * _SUPERSAMPLE
    image = Image.new("L", (big, big))
    painter(ImageDraw.Draw(image), float(big))
    return image.resize((size, size), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=1024)
def stamp(symbol: str | Painter, size: int) -> Image.Image:
    """The two-level ``size`` x ``size`` mask of ``symbol``: what :meth:`Canvas.symbol
    <render.canvas.Canvas.symbol>` pastes.

    Along the edge of an anti-aliased mask every level blends the symbol's colour with what
    lies under it into a shade of its own, and a table's PNG pays for each shade it meets; a
    stamp keeps two (the symbol's colour or what lies under it), and every copy of one is the
    same bytes. A table of Stone Age is 7 % smaller for it, Clash's 8 % (a third level, a
    half-tone along the edge, cost Clash 2.4 to 4 KB a table); at full size a curve shows
    steps of a pixel, on a phone nothing (docs/rendering.md, "Encoding")."""
    return threshold(mask(symbol, size))


def threshold(m: Image.Image) -> Image.Image:
    """Mask ``m`` with two levels: full where it covers at least half a pixel, else none."""
    return m.point(_HALF)


_HALF: Final = [255 if v >= 128 else 0 for v in range(256)]
