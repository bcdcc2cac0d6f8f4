"""Stone Age pictograms, drawn with Pillow primitives as :data:`render.symbols.Painter` s.

Every good has its own silhouette as well as its own colour (:mod:`render.stoneage.look`):
a pile of logs, a brick wall, a boulder, a gold bar, a drumstick. The village and the card
figures reuse what they stand for: the tool maker and its figure a stone axe, the field and
the farmer an ear of wheat, the buildings and the hut builder a hut, the shaman a person.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.symbols import Painter, Point, rect, rotated, scaled

__all__ = [
    "DIE",
    "FIELD",
    "FIGURE_ICONS",
    "HUT",
    "LOVE_HUT",
    "PERSON",
    "PIPS",
    "RESOURCE_ICONS",
    "SYMBOL_ICONS",
    "TOOL",
]

Draw = ImageDraw.ImageDraw


def _ellipse(cx: float, cy: float, rx: float, ry: float, degrees: float = 0) -> list[Point]:
    """A (rotated) ellipse as a polygon, in unit-square coordinates."""
    points = [
        (cx + rx * math.cos(2 * math.pi * i / 36), cy + ry * math.sin(2 * math.pi * i / 36))
        for i in range(36)
    ]
    return rotated(points, degrees, (cx, cy)) if degrees else points


def _disc(d: Draw, s: float, cx: float, cy: float, r: float, fill: int = 255) -> None:
    d.ellipse([(cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s], fill=fill)


def _line(d: Draw, s: float, points: list[Point], width: float, fill: int = 255) -> None:
    d.line(scaled(points, s), fill=fill, width=max(1, round(width * s)))


# Goods ----------------------------------------------------------------------------------------


def _wood(d: Draw, s: float) -> None:
    """Wood: three logs seen end on, stacked two and one, each with a growth ring."""
    for cx, cy in ((0.29, 0.66), (0.71, 0.66), (0.5, 0.3)):
        _disc(d, s, cx, cy, 0.22)
        d.ellipse(
            [(cx - 0.12) * s, (cy - 0.12) * s, (cx + 0.12) * s, (cy + 0.12) * s],
            outline=0,
            width=max(1, round(0.04 * s)),
        )
        _disc(d, s, cx, cy, 0.035, fill=0)


def _brick(d: Draw, s: float) -> None:
    """Brick: a wall of three courses in running bond."""
    d.polygon(scaled(rect(0.04, 0.16, 0.96, 0.84), s), fill=255)
    w = 0.045
    for y in (0.38, 0.62):
        _line(d, s, [(0.04, y), (0.96, y)], w, fill=0)
    for x, y0, y1 in ((0.5, 0.16, 0.38), (0.27, 0.38, 0.62), (0.73, 0.38, 0.62), (0.5, 0.62, 0.84)):
        _line(d, s, [(x, y0), (x, y1)], w, fill=0)


def _stone(d: Draw, s: float) -> None:
    """Stone: a boulder with a crack."""
    boulder = [
        (0.12, 0.86),
        (0.04, 0.58),
        (0.18, 0.3),
        (0.42, 0.14),
        (0.7, 0.18),
        (0.92, 0.42),
        (0.96, 0.7),
        (0.86, 0.86),
    ]
    d.polygon(scaled(boulder, s), fill=255)
    _line(d, s, [(0.44, 0.2), (0.52, 0.42), (0.42, 0.58), (0.5, 0.78)], 0.045, fill=0)


def _gold(d: Draw, s: float) -> None:
    """Gold: a bar seen from the side, with a glint."""
    d.polygon(scaled([(0.04, 0.8), (0.22, 0.3), (0.78, 0.3), (0.96, 0.8)], s), fill=255)
    d.polygon(scaled([(0.3, 0.42), (0.42, 0.42), (0.34, 0.66), (0.22, 0.66)], s), fill=0)


def _food(d: Draw, s: float) -> None:
    """Food: a drumstick, meat up-left and the bone down-right."""
    d.polygon(scaled(_ellipse(0.4, 0.4, 0.34, 0.27, 45), s), fill=255)
    _line(d, s, [(0.55, 0.55), (0.8, 0.8)], 0.12)
    for cx, cy in ((0.92, 0.8), (0.8, 0.92)):
        _disc(d, s, cx, cy, 0.075)


# Village and people ---------------------------------------------------------------------------


def _tool(d: Draw, s: float) -> None:
    """A tool: a stone hammer, tilted."""
    head = [(0.14, 0.1), (0.7, 0.1), (0.86, 0.2), (0.86, 0.28), (0.7, 0.38), (0.14, 0.38)]
    for part in (head, rect(0.42, 0.36, 0.56, 0.98)):
        d.polygon(scaled(rotated(part, 38, (0.5, 0.54)), s), fill=255)


def _person(d: Draw, s: float) -> None:
    """A person: head and a body with arms."""
    _disc(d, s, 0.5, 0.2, 0.17)
    body = [(0.5, 0.38), (0.9, 0.58), (0.82, 0.68), (0.7, 0.62), (0.78, 0.98)]
    body += [(0.22, 0.98), (0.3, 0.62), (0.18, 0.68), (0.1, 0.58)]
    d.polygon(scaled(body, s), fill=255)


def _love_hut(d: Draw, s: float) -> None:
    """The hut location: a person and a plus (one more person)."""
    _disc(d, s, 0.33, 0.22, 0.15)
    body = [(0.33, 0.38), (0.62, 0.56), (0.56, 0.96), (0.1, 0.96), (0.04, 0.56)]
    d.polygon(scaled(body, s), fill=255)
    d.polygon(scaled(rect(0.64, 0.38, 0.98, 0.5), s), fill=255)
    d.polygon(scaled(rect(0.75, 0.27, 0.87, 0.61), s), fill=255)


def _hut(d: Draw, s: float) -> None:
    """A building: a hut with a pointed roof and a door."""
    d.polygon(scaled([(0.5, 0.04), (0.98, 0.48), (0.02, 0.48)], s), fill=255)
    d.polygon(scaled(rect(0.14, 0.46, 0.86, 0.96), s), fill=255)
    d.polygon(scaled(rect(0.4, 0.62, 0.6, 0.96), s), fill=0)


def _wheat(d: Draw, s: float) -> None:
    """The field (agriculture): an ear of wheat."""
    _line(d, s, [(0.5, 0.2), (0.5, 0.98)], 0.07)
    _disc(d, s, 0.5, 0.12, 0.08)
    for y in (0.3, 0.5, 0.7):
        d.polygon(scaled(_ellipse(0.36, y, 0.16, 0.075, -40), s), fill=255)
        d.polygon(scaled(_ellipse(0.64, y, 0.16, 0.075, 40), s), fill=255)


# Dice -----------------------------------------------------------------------------------------

_PIP_SPOTS: dict[int, tuple[Point, ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _pips(face: int) -> Painter:
    def paint(d: Draw, s: float) -> None:
        for cx, cy in _PIP_SPOTS[face]:
            _disc(d, s, cx, cy, 0.1)

    paint.__doc__ = f"The pips of a die showing {face}."
    return paint


#: The pips of each face (drawn on a die-coloured square).
PIPS: dict[int, Painter] = {face: _pips(face) for face in _PIP_SPOTS}


def _die(d: Draw, s: float) -> None:
    """A die showing five, pips cut out."""
    d.rounded_rectangle([0.06 * s, 0.06 * s, 0.94 * s, 0.94 * s], radius=0.16 * s, fill=255)
    for cx, cy in _PIP_SPOTS[5]:
        _disc(d, s, 0.06 + cx * 0.88, 0.06 + cy * 0.88, 0.085, fill=0)


# Culture symbols of the green cards -------------------------------------------------------------


def _pottery(d: Draw, s: float) -> None:
    """Pottery: a vase."""
    d.polygon(scaled(rect(0.36, 0.04, 0.64, 0.12), s), fill=255)
    d.polygon(scaled(rect(0.41, 0.1, 0.59, 0.3), s), fill=255)
    d.polygon(scaled(_ellipse(0.5, 0.58, 0.36, 0.32), s), fill=255)
    d.polygon(scaled(rect(0.32, 0.84, 0.68, 0.96), s), fill=255)
    _line(d, s, [(0.2, 0.56), (0.8, 0.56)], 0.045, fill=0)


def _weaving(d: Draw, s: float) -> None:
    """Weaving: a basket weave of three by three strips."""
    for row in range(3):
        for col in range(3):
            x, y = 0.06 + col * 0.3, 0.06 + row * 0.3
            if (row + col) % 2 == 0:
                d.polygon(scaled(rect(x, y + 0.06, x + 0.28, y + 0.22), s), fill=255)
            else:
                d.polygon(scaled(rect(x + 0.06, y, x + 0.22, y + 0.28), s), fill=255)


def _medicine(d: Draw, s: float) -> None:
    """Medicine: a mortar and pestle."""
    _line(d, s, [(0.38, 0.52), (0.82, 0.08)], 0.12)
    d.pieslice([0.08 * s, 0.18 * s, 0.92 * s, 0.98 * s], 0, 180, fill=255)
    d.polygon(scaled(rect(0.04, 0.5, 0.96, 0.6), s), fill=255)


def _art(d: Draw, s: float) -> None:
    """Art: a painter's palette."""
    d.polygon(scaled(_ellipse(0.5, 0.52, 0.46, 0.38, -12), s), fill=255)
    for cx, cy in ((0.3, 0.36), (0.52, 0.28), (0.72, 0.4), (0.7, 0.64)):
        _disc(d, s, cx, cy, 0.075, fill=0)
    _disc(d, s, 0.34, 0.66, 0.1, fill=0)


def _writing(d: Draw, s: float) -> None:
    """Writing: a tablet with lines of script."""
    d.rounded_rectangle([0.14 * s, 0.04 * s, 0.86 * s, 0.96 * s], radius=0.08 * s, fill=255)
    for y in (0.24, 0.42, 0.6, 0.78):
        _line(d, s, [(0.26, y), (0.74 if y < 0.7 else 0.56, y)], 0.06, fill=0)


def _sundial(d: Draw, s: float) -> None:
    """Sundial: a sun with rays."""
    _disc(d, s, 0.5, 0.5, 0.22)
    for i in range(8):
        a = math.pi * i / 4
        inner, outer = 0.3, 0.47
        _line(
            d,
            s,
            [
                (0.5 + inner * math.cos(a), 0.5 + inner * math.sin(a)),
                (0.5 + outer * math.cos(a), 0.5 + outer * math.sin(a)),
            ],
            0.08,
        )


def _transport(d: Draw, s: float) -> None:
    """Transport: a spoked wheel."""
    d.ellipse([0.04 * s, 0.04 * s, 0.96 * s, 0.96 * s], outline=255, width=round(0.11 * s))
    for degrees in (0, 60, 120):
        spoke = rotated([(0.1, 0.5), (0.9, 0.5)], degrees, (0.5, 0.5))
        _line(d, s, spoke, 0.08)
    _disc(d, s, 0.5, 0.5, 0.12)


def _music(d: Draw, s: float) -> None:
    """Music: two beamed notes."""
    for cx in (0.26, 0.72):
        d.polygon(scaled(_ellipse(cx, 0.8, 0.17, 0.12, -20), s), fill=255)
        _line(d, s, [(cx + 0.14, 0.78), (cx + 0.14, 0.12)], 0.07)
    d.polygon(scaled([(0.37, 0.06), (0.9, 0.06), (0.9, 0.2), (0.37, 0.2)], s), fill=255)


#: The silhouette of every good (the four resources and food).
RESOURCE_ICONS: dict[str, Painter] = {
    "wood": _wood,
    "brick": _brick,
    "stone": _stone,
    "gold": _gold,
    "food": _food,
}
TOOL: Painter = _tool
PERSON: Painter = _person
HUT: Painter = _hut
LOVE_HUT: Painter = _love_hut
FIELD: Painter = _wheat
DIE: Painter = _die

#: The culture symbols of the green cards.
SYMBOL_ICONS: dict[str, Painter] = {
    "pottery": _pottery,
    "weaving": _weaving,
    "medicine": _medicine,
    "art": _art,
    "writing": _writing,
    "sundial": _sundial,
    "transport": _transport,
    "music": _music,
}

#: The figures of the sand cards show what they multiply.
FIGURE_ICONS: dict[str, Painter] = {
    "farmer": _wheat,
    "toolmaker": _tool,
    "hut_builder": _hut,
    "shaman": _person,
}
