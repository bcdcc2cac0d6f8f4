"""Pictograms of the player boards: the five resources, culture tokens, cards, completed
objectives, wonders and victory points, drawn with Pillow primitives in a unit square.

Each has a shape of its own (a grain ear, a log, a rock, a bulb, a coin...), so none depends
on its colour; mood tokens are the map's happy face and units the map's own pieces
(:mod:`render.clash.icons`). Cut-outs are drawn in 0 on the white silhouette.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import ImageDraw

from render.clash.icons import Icon
from render.symbols import Painter, Point, rect, rotated, scaled, star_points
from render.theme import Colour

__all__ = ["COLOUR", "CULTURE_TOKEN", "PAINTERS"]

Draw = ImageDraw.ImageDraw


def _ellipse(cx: float, cy: float, rx: float, ry: float, degrees: float = 0) -> list[Point]:
    """An ellipse as a polygon, turned by ``degrees`` (Pillow's ellipses cannot turn)."""
    points = [
        (cx + rx * math.cos(2 * math.pi * k / 24), cy + ry * math.sin(2 * math.pi * k / 24))
        for k in range(24)
    ]
    return rotated(points, degrees, (cx, cy)) if degrees else points


def _food(d: Draw, s: float) -> None:
    """Food: an ear of grain, a stalk with three pairs of grains and one on top."""
    d.polygon(scaled(rect(0.46, 0.3, 0.54, 0.98), s), fill=255)
    for k, y in enumerate((0.36, 0.54, 0.72)):
        width = 0.15 - 0.015 * k
        d.polygon(scaled(_ellipse(0.5 - width, y, width, 0.08, -40), s), fill=255)
        d.polygon(scaled(_ellipse(0.5 + width, y, width, 0.08, 40), s), fill=255)
    d.polygon(scaled(_ellipse(0.5, 0.16, 0.08, 0.15), s), fill=255)


def _wood(d: Draw, s: float) -> None:
    """Wood: a log lying down, its cut end with a ring."""
    d.polygon(scaled(rect(0.08, 0.28, 0.7, 0.76), s), fill=255)
    d.polygon(scaled(_ellipse(0.08, 0.52, 0.06, 0.24), s), fill=255)
    d.polygon(scaled(_ellipse(0.7, 0.52, 0.22, 0.26), s), fill=255)
    ring = [(0.7 - 0.12) * s, (0.52 - 0.14) * s, (0.7 + 0.12) * s, (0.52 + 0.14) * s]
    d.ellipse(ring, outline=0, width=max(1, round(0.05 * s)))
    d.ellipse([(0.7 - 0.03) * s, 0.49 * s, (0.7 + 0.03) * s, 0.55 * s], fill=0)


def _ore(d: Draw, s: float) -> None:
    """Ore: a faceted rock."""
    rock = [(0.06, 0.74), (0.2, 0.34), (0.46, 0.14), (0.78, 0.22), (0.96, 0.6), (0.78, 0.9)]
    d.polygon(scaled([*rock, (0.26, 0.92)], s), fill=255)
    w = max(1, round(0.05 * s))
    d.line(scaled([(0.2, 0.34), (0.5, 0.48), (0.78, 0.22)], s), fill=0, width=w)
    d.line(scaled([(0.5, 0.48), (0.56, 0.9)], s), fill=0, width=w)


def _ideas(d: Draw, s: float) -> None:
    """Ideas: a light bulb, its glass, neck and screw base."""
    d.ellipse([0.2 * s, 0.04 * s, 0.8 * s, 0.64 * s], fill=255)
    d.polygon(scaled([(0.3, 0.5), (0.7, 0.5), (0.63, 0.76), (0.37, 0.76)], s), fill=255)
    d.rounded_rectangle([0.36 * s, 0.79 * s, 0.64 * s, 0.87 * s], radius=0.03 * s, fill=255)
    d.rounded_rectangle([0.4 * s, 0.9 * s, 0.6 * s, 0.97 * s], radius=0.03 * s, fill=255)
    d.arc([0.3 * s, 0.14 * s, 0.7 * s, 0.54 * s], 190, 260, fill=0, width=max(1, round(0.06 * s)))


def _gold(d: Draw, s: float) -> None:
    """Gold: a coin, a rim and a square hole."""
    d.ellipse([0.04 * s, 0.04 * s, 0.96 * s, 0.96 * s], fill=255)
    d.ellipse([0.17 * s, 0.17 * s, 0.83 * s, 0.83 * s], outline=0, width=max(1, round(0.05 * s)))
    d.polygon(scaled(rect(0.4, 0.4, 0.6, 0.6), s), fill=0)


def _disc(d: Draw, s: float) -> None:
    d.ellipse([0.02 * s, 0.02 * s, 0.98 * s, 0.98 * s], fill=255)


def _column(d: Draw, s: float) -> None:
    """The mark of culture: a classical column, its capital, fluted shaft and base."""
    d.polygon(scaled(rect(0.2, 0.18, 0.8, 0.3), s), fill=255)
    d.polygon(scaled(rect(0.3, 0.3, 0.7, 0.72), s), fill=255)
    d.polygon(scaled(rect(0.22, 0.72, 0.78, 0.84), s), fill=255)
    for x in (0.41, 0.55):
        d.polygon(scaled(rect(x, 0.34, x + 0.05, 0.68), s), fill=0)


def _card(d: Draw, s: float) -> None:
    d.rounded_rectangle([0.14 * s, 0.02 * s, 0.86 * s, 0.98 * s], radius=0.1 * s, fill=255)


def _action_card(d: Draw, s: float) -> None:
    """An action card (face down in a hand): a card with a lightning bolt cut out."""
    _card(d, s)
    bolt = [(0.58, 0.12), (0.3, 0.54), (0.48, 0.54), (0.4, 0.88), (0.72, 0.42), (0.53, 0.42)]
    d.polygon(scaled(bolt, s), fill=0)


def _objective_card(d: Draw, s: float) -> None:
    """An objective card (face down in a hand): a card with a target cut out."""
    _card(d, s)
    w = max(1, round(0.07 * s))
    d.ellipse([0.24 * s, 0.26 * s, 0.76 * s, 0.74 * s], outline=0, width=w)
    d.ellipse([0.42 * s, 0.44 * s, 0.58 * s, 0.6 * s], fill=0)


def _completed(d: Draw, s: float) -> None:
    """A completed objective: a check mark cut out of a disc."""
    _disc(d, s)
    d.line(
        scaled([(0.24, 0.52), (0.43, 0.7), (0.76, 0.32)], s),
        fill=0,
        width=max(1, round(0.13 * s)),
        joint="curve",
    )


def _wonder(d: Draw, s: float) -> None:
    """A wonder: a stepped pyramid."""
    for k in range(4):
        y0, y1 = 0.12 + 0.215 * k, 0.3 + 0.215 * k
        half = 0.12 + 0.12 * k
        d.polygon(scaled(rect(0.5 - half, y0, 0.5 + half, y1), s), fill=255)


def _points(d: Draw, s: float) -> None:
    """Victory points: a five-pointed star."""
    d.polygon(scaled(star_points(5, 0.5, 0.21, (0.5, 0.54)), s), fill=255)


#: Painters by key (the keys of the boards' key, ``render.clash.key.<key>``).
PAINTERS: Final[dict[str, Painter]] = {
    "food": _food,
    "wood": _wood,
    "ore": _ore,
    "ideas": _ideas,
    "gold": _gold,
    "action_cards": _action_card,
    "objective_cards": _objective_card,
    "completed": _completed,
    "wonders": _wonder,
    "points": _points,
}
#: A culture token: a round token with a column printed dark on it.
CULTURE_TOKEN: Final = Icon(_disc, _column)
#: The colour of each pictogram; culture and happiness for the tokens and level tracks.
COLOUR: Final[dict[str, Colour]] = {
    "food": (226, 186, 92),
    "wood": (196, 136, 82),
    "ore": (166, 172, 186),
    "ideas": (130, 200, 248),
    "gold": (250, 214, 64),
    "action_cards": (236, 150, 96),
    "objective_cards": (150, 182, 236),
    "completed": (122, 214, 110),
    "wonders": (226, 200, 146),
    "points": (246, 196, 64),
    "culture": (186, 146, 242),
    "happiness": (122, 214, 110),
}
