"""Clash of Cultures pictograms, drawn with Pillow primitives in a unit square.

A piece is an :class:`Icon`: a ``solid`` silhouette, filled with its owner's colour and ringed
with a dark rim, and optional ``detail`` marks drawn dark on top (a door, columns, a face).
Terrain marks are plain painters. Each kind has its own silhouette, so nothing depends on
colour alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from render.symbols import Painter, Point, rect, rotated, scaled

__all__ = ["MARKS", "MOODS", "PIECES", "UNITS", "Icon"]


@dataclass(frozen=True, slots=True)
class Icon:
    """A piece: its silhouette, dark detail on top, and where a count goes (unit fractions)."""

    solid: Painter
    detail: Painter | None = None
    count_at: Point = (0.5, 0.5)


def _box(d: ImageDraw.ImageDraw, s: float, x0: float, y0: float, x1: float, y1: float) -> None:
    d.polygon(scaled(rect(x0, y0, x1, y1), s), fill=255)


def _disc(d: ImageDraw.ImageDraw, s: float, cx: float, cy: float, r: float, fill: int) -> None:
    d.ellipse([(cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s], fill=fill)


def _arc(
    d: ImageDraw.ImageDraw, s: float, box: tuple[float, float, float, float], a: float, b: float
) -> None:
    """A thick arc (mouths, the anchor's crown) from ``a`` to ``b`` degrees, clockwise."""
    d.arc([v * s for v in box], a, b, fill=255, width=max(1, round(0.09 * s)))


# -- pieces in a city ----------------------------------------------------------------------


def _settlement(d: ImageDraw.ImageDraw, s: float) -> None:
    """A house: the Settlement every city starts from (its owner's shape goes on the wall)."""
    d.polygon(scaled([(0.02, 0.5), (0.5, 0.06), (0.98, 0.5)], s), fill=255)
    _box(d, s, 0.14, 0.46, 0.86, 0.96)


def _temple(d: ImageDraw.ImageDraw, s: float) -> None:
    """A temple front: pediment, columns, steps."""
    d.polygon(scaled([(0.04, 0.34), (0.5, 0.04), (0.96, 0.34)], s), fill=255)
    _box(d, s, 0.1, 0.34, 0.9, 0.86)
    _box(d, s, 0.02, 0.84, 0.98, 0.98)


def _temple_columns(d: ImageDraw.ImageDraw, s: float) -> None:
    for x in (0.27, 0.455, 0.64):
        _box(d, s, x, 0.44, x + 0.09, 0.82)


def _fortress(d: ImageDraw.ImageDraw, s: float) -> None:
    """A tower with three merlons."""
    _box(d, s, 0.12, 0.24, 0.88, 0.98)
    for x in (0.12, 0.42, 0.72):
        _box(d, s, x, 0.02, x + 0.16, 0.26)


def _fortress_gate(d: ImageDraw.ImageDraw, s: float) -> None:
    _disc(d, s, 0.5, 0.66, 0.13, 255)
    _box(d, s, 0.37, 0.66, 0.63, 0.98)


def _academy(d: ImageDraw.ImageDraw, s: float) -> None:
    """An open book."""
    d.polygon(
        scaled(
            [(0.02, 0.16), (0.5, 0.26), (0.98, 0.16), (0.98, 0.84), (0.5, 0.96), (0.02, 0.84)], s
        ),
        fill=255,
    )


def _academy_lines(d: ImageDraw.ImageDraw, s: float) -> None:
    _box(d, s, 0.47, 0.27, 0.53, 0.95)
    w = max(1, round(0.06 * s))
    for y in (0.42, 0.6):
        d.line(scaled([(0.14, y - 0.02), (0.38, y + 0.03)], s), fill=255, width=w)
        d.line(scaled([(0.62, y + 0.03), (0.86, y - 0.02)], s), fill=255, width=w)


def _port(d: ImageDraw.ImageDraw, s: float) -> None:
    """An anchor."""
    _disc(d, s, 0.5, 0.15, 0.13, 255)
    _box(d, s, 0.44, 0.2, 0.56, 0.9)
    _box(d, s, 0.24, 0.32, 0.76, 0.42)
    _arc(d, s, (0.1, 0.3, 0.9, 0.94), 20, 160)
    d.polygon(scaled([(0.02, 0.58), (0.24, 0.62), (0.1, 0.76)], s), fill=255)
    d.polygon(scaled([(0.98, 0.58), (0.76, 0.62), (0.9, 0.76)], s), fill=255)


def _port_eye(d: ImageDraw.ImageDraw, s: float) -> None:
    _disc(d, s, 0.5, 0.15, 0.05, 255)


def _building(d: ImageDraw.ImageDraw, s: float) -> None:
    """Any other building kind (not drawn yet): a plain block with a flat roof."""
    _box(d, s, 0.1, 0.2, 0.9, 0.96)
    _box(d, s, 0.02, 0.1, 0.98, 0.26)


def _barbarian_camp(d: ImageDraw.ImageDraw, s: float) -> None:
    """A barbarian city: a palisade of sharpened stakes."""
    for k in range(5):
        x = 0.02 + k * 0.196
        d.polygon(
            scaled([(x, 0.34), (x + 0.09, 0.04), (x + 0.18, 0.34), (x + 0.18, 0.98), (x, 0.98)], s),
            fill=255,
        )
    _box(d, s, 0.02, 0.5, 0.98, 0.64)


# -- units ---------------------------------------------------------------------------------


def _army(d: ImageDraw.ImageDraw, s: float) -> None:
    """A shield: flat top, pointed bottom."""
    points = [(0.06, 0.04), (0.94, 0.04), (0.94, 0.5)]
    points += [
        (0.5 + 0.44 * math.cos(a), 0.5 + 0.48 * math.sin(a))
        for a in (math.radians(t) for t in range(20, 90, 14))
    ]
    points += [(0.5, 0.99)]
    points += [
        (0.5 - 0.44 * math.cos(a), 0.5 + 0.48 * math.sin(a))
        for a in (math.radians(t) for t in range(76, 19, -14))
    ]
    points += [(0.06, 0.5)]
    d.polygon(scaled(points, s), fill=255)


def _settler(d: ImageDraw.ImageDraw, s: float) -> None:
    """A pawn: a small head over a wide body."""
    _disc(d, s, 0.5, 0.12, 0.12, 255)
    d.rounded_rectangle([0.22 * s, 0.26 * s, 0.78 * s, 0.6 * s], radius=0.16 * s, fill=255)
    d.polygon(scaled([(0.22, 0.44), (0.78, 0.44), (0.86, 0.98), (0.14, 0.98)], s), fill=255)


def _ship(d: ImageDraw.ImageDraw, s: float) -> None:
    """A boat: a deep hull under a small sail."""
    _box(d, s, 0.46, 0.0, 0.54, 0.4)
    d.polygon(scaled([(0.56, 0.02), (0.56, 0.32), (0.86, 0.32)], s), fill=255)
    d.polygon(scaled([(0.0, 0.36), (1.0, 0.36), (0.84, 0.98), (0.16, 0.98)], s), fill=255)


def _horns(d: ImageDraw.ImageDraw, s: float) -> None:
    """The barbarians' badge: a pair of horns."""
    _disc(d, s, 0.5, 0.5, 0.47, 255)
    _disc(d, s, 0.5, 0.24, 0.4, 0)
    _box(d, s, 0.36, 0.5, 0.64, 0.98)


# -- moods ---------------------------------------------------------------------------------


def _face(d: ImageDraw.ImageDraw, s: float) -> None:
    _disc(d, s, 0.5, 0.5, 0.48, 255)


def _eyes(d: ImageDraw.ImageDraw, s: float) -> None:
    _disc(d, s, 0.33, 0.38, 0.085, 255)
    _disc(d, s, 0.67, 0.38, 0.085, 255)


def _happy(d: ImageDraw.ImageDraw, s: float) -> None:
    _eyes(d, s)
    _arc(d, s, (0.22, 0.3, 0.78, 0.8), 20, 160)


def _neutral(d: ImageDraw.ImageDraw, s: float) -> None:
    _eyes(d, s)
    _box(d, s, 0.26, 0.64, 0.74, 0.74)


def _angry(d: ImageDraw.ImageDraw, s: float) -> None:
    _disc(d, s, 0.33, 0.44, 0.085, 255)
    _disc(d, s, 0.67, 0.44, 0.085, 255)
    w = max(1, round(0.09 * s))
    d.line(scaled([(0.18, 0.2), (0.44, 0.32)], s), fill=255, width=w)
    d.line(scaled([(0.56, 0.32), (0.82, 0.2)], s), fill=255, width=w)
    _arc(d, s, (0.24, 0.62, 0.76, 1.02), 200, 340)


# -- terrain marks -------------------------------------------------------------------------


def _tree(d: ImageDraw.ImageDraw, s: float) -> None:
    """Forest: a fir of two tiers on a trunk (narrow, unlike a mountain)."""
    d.polygon(scaled([(0.5, 0.0), (0.8, 0.42), (0.2, 0.42)], s), fill=255)
    d.polygon(scaled([(0.5, 0.22), (0.9, 0.76), (0.1, 0.76)], s), fill=255)
    _box(d, s, 0.42, 0.74, 0.58, 1.0)


def _peaks(d: ImageDraw.ImageDraw, s: float) -> None:
    """Mountain: two wide peaks."""
    d.polygon(scaled([(0.0, 0.9), (0.36, 0.2), (0.56, 0.58), (0.7, 0.38), (1.0, 0.9)], s), fill=255)


def _snow(d: ImageDraw.ImageDraw, s: float) -> None:
    d.polygon(
        scaled([(0.36, 0.2), (0.5, 0.47), (0.42, 0.42), (0.36, 0.5), (0.29, 0.4), (0.22, 0.47)], s),
        fill=255,
    )


def _seeds(d: ImageDraw.ImageDraw, s: float) -> None:
    """Fertile: grain, three round seeds (nothing pointed, unlike trees and peaks)."""
    for cx, cy in ((0.5, 0.24), (0.22, 0.72), (0.78, 0.72)):
        _disc(d, s, cx, cy, 0.2, 255)


def _cracks(d: ImageDraw.ImageDraw, s: float) -> None:
    """Barren: cracked earth, a forked zigzag."""
    w = max(1, round(0.1 * s))
    d.line(
        scaled([(0.04, 0.3), (0.3, 0.46), (0.46, 0.3), (0.66, 0.56), (0.96, 0.44)], s),
        fill=255,
        width=w,
        joint="curve",
    )
    d.line(scaled([(0.46, 0.3), (0.4, 0.04)], s), fill=255, width=w)
    d.line(scaled([(0.66, 0.56), (0.6, 0.92)], s), fill=255, width=w)


def _waves(d: ImageDraw.ImageDraw, s: float) -> None:
    """Sea: two rows of waves."""
    w = max(1, round(0.1 * s))
    for y in (0.3, 0.68):
        for x in (0.0, 0.34, 0.68):
            d.arc(
                [x * s, (y - 0.16) * s, (x + 0.34) * s, (y + 0.16) * s], 190, 350, fill=255, width=w
            )


#: The pieces of a city by kind (a kind the view names but this table lacks is a plain block).
PIECES: dict[str, Icon] = {
    "settlement": Icon(_settlement),
    "temple": Icon(_temple, _temple_columns),
    "fortress": Icon(_fortress, _fortress_gate),
    "academy": Icon(_academy, _academy_lines),
    "port": Icon(_port, _port_eye),
    "building": Icon(_building),
    "barbarian_city": Icon(_barbarian_camp, count_at=(0.5, 0.7)),
}
#: The units by kind, each with the point its count is printed on.
UNITS: dict[str, Icon] = {
    "army": Icon(_army, count_at=(0.5, 0.44)),
    "settler": Icon(_settler, count_at=(0.5, 0.68)),
    "ship": Icon(_ship, count_at=(0.5, 0.66)),
}
BARBARIAN_BADGE = Icon(_horns)
MOODS: dict[str, Icon] = {
    "happy": Icon(_face, _happy),
    "neutral": Icon(_face, _neutral),
    "angry": Icon(_face, _angry),
}
#: Terrain marks: a painter and an optional second layer (the mountain's snow caps).
MARKS: dict[str, tuple[Painter, Painter | None]] = {
    "fertile": (_seeds, None),
    "forest": (_tree, None),
    "mountain": (_peaks, _snow),
    "barren": (_cracks, None),
    "sea": (_waves, None),
}


def round_arrow(d: ImageDraw.ImageDraw, s: float) -> None:
    """The round counter: a circular arrow."""
    d.arc([0.1 * s, 0.1 * s, 0.9 * s, 0.9 * s], 300, 240, fill=255, width=round(0.14 * s))
    d.polygon(scaled([(0.58, 0.0), (0.9, 0.2), (0.6, 0.42)], s), fill=255)


def swords(d: ImageDraw.ImageDraw, s: float) -> None:
    """A battle: two crossed swords, broad blades with a crossguard and a pommel each (the
    map's battle badge, the battle report's head)."""
    blade = [(0.5, -0.02), (0.585, 0.12), (0.585, 0.64), (0.415, 0.64), (0.415, 0.12)]
    parts = [blade, rect(0.27, 0.63, 0.73, 0.74), rect(0.445, 0.74, 0.555, 0.88)]
    for angle in (-45, 45):
        for part in parts:
            d.polygon(scaled(rotated(part, angle, (0.5, 0.5)), s), fill=255)
        pommel = rotated([(0.5, 0.92)], angle, (0.5, 0.5))[0]
        _disc(d, s, pommel[0], pommel[1], 0.075, 255)
