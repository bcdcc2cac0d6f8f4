"""Drawing one piece: a silhouette in its owner's colour with a dark rim, a count, a badge.

Masks are two-level stamps (:func:`render.symbols.stamp`, cached per painter and size); the
rim is the silhouette dilated, cached too, so a piece reads on every terrain and its detail
(drawn dark) needs no second colour.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageFilter

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.clash.icons import BARBARIAN_BADGE, MOODS, PIECES, UNITS, Icon
from render.symbols import SYMBOLS, Painter, mask, stamp, threshold
from render.theme import Colour

__all__ = [
    "draw_emblem",
    "draw_icon",
    "draw_marker",
    "draw_mood",
    "draw_unit",
    "fill_of",
    "ink",
    "piece_icon",
    "rim_of",
]


def is_seat(owner: Any) -> bool:
    return isinstance(owner, int) and not isinstance(owner, bool) and owner >= 0


def fill_of(owner: Any) -> Colour:
    """A seat's colour; the barbarians' near-black for anything that is not a seat."""
    return theme.player_colour(owner) if is_seat(owner) else look.BARBARIAN


def rim_of(owner: Any) -> Colour:
    return theme.INK_DARK if is_seat(owner) else look.BARBARIAN_RIM


def ink(owner: Any) -> Colour:
    """The colour of a number printed on a piece of ``owner``."""
    return theme.ink_on(fill_of(owner))


@functools.lru_cache(maxsize=512)
def _solid(painter: Painter, size: int, width: int) -> Image.Image:
    """The silhouette ``size`` pixels tall, stretched to ``width`` (a longer ship)."""
    if width == size:
        return stamp(painter, size)
    return threshold(mask(painter, size).resize((width, size), Image.Resampling.LANCZOS))


@functools.lru_cache(maxsize=512)
def _rim(painter: Painter, size: int, width: int) -> tuple[Image.Image, int]:
    """The silhouette grown by a rim (about 6 % of the size, at least 2 px), and that rim."""
    pad = max(2, round(size * 0.06))
    grown = Image.new("L", (width + 2 * pad, size + 2 * pad))
    grown.paste(_solid(painter, size, width), (pad, pad))
    return grown.filter(ImageFilter.MaxFilter(2 * pad + 1)), pad


def _paste(c: Canvas, m: Image.Image, xy: tuple[int, int], fill: Colour) -> None:
    c.image.paste(fill, (xy[0], xy[1], xy[0] + m.width, xy[1] + m.height), m)


def draw_icon(
    c: Canvas,
    icon: Icon,
    centre: tuple[float, float],
    size: int,
    fill: Colour,
    rim: Colour = theme.INK_DARK,
    width: int | None = None,
) -> tuple[int, int]:
    """An icon centred on ``centre``, ``size`` pixels tall and ``width`` wide (square without
    it: a wider one is stretched); returns its top-left corner."""
    w = size if width is None else max(size, width)
    x, y = round(centre[0] - w / 2), round(centre[1] - size / 2)
    grown, pad = _rim(icon.solid, size, w)
    _paste(c, grown, (x - pad, y - pad), rim)
    _paste(c, _solid(icon.solid, size, w), (x, y), fill)
    if icon.detail is not None:
        _paste(c, _solid(icon.detail, size, w), (x, y), rim)
    return x, y


def draw_emblem(c: Canvas, owner: Any, centre: tuple[float, float], size: int) -> None:
    """The owner's shape in dark ink, printed on a piece (the Settlement's wall)."""
    painter = SYMBOLS[theme.player_shape(owner)] if is_seat(owner) else BARBARIAN_BADGE.solid
    x, y = round(centre[0] - size / 2), round(centre[1] - size / 2)
    _paste(c, stamp(painter, size), (x, y), theme.INK_DARK)


def draw_marker(c: Canvas, owner: Any, centre: tuple[float, float], size: int) -> None:
    """Whose piece: the seat's shape in its colour, or the barbarians' horns."""
    if is_seat(owner):
        shape = Icon(SYMBOLS[theme.player_shape(owner)])
        draw_icon(c, shape, centre, size, theme.player_colour(owner))
    else:
        draw_icon(c, BARBARIAN_BADGE, centre, size, look.BARBARIAN_RIM, theme.INK_DARK)


def draw_unit(
    c: Canvas,
    kind: str,
    owner: Any,
    text: str,
    centre: tuple[float, float],
    size: int,
    text_size: int,
    badge: int | None = None,
    width: int | None = None,
) -> None:
    """A unit token ``size`` pixels tall (``width`` wide, square without it) with ``text`` on
    it (a count, or a ship's numbers), and with ``badge`` the owner's marker of that size on
    its top right corner."""
    icon = UNITS.get(kind, UNITS["army"])
    w = size if width is None else max(size, width)
    x, y = draw_icon(c, icon, centre, size, fill_of(owner), rim_of(owner), w)
    cx, cy = x + icon.count_at[0] * w, y + icon.count_at[1] * size
    c.text((cx, cy), text, size=text_size, weight="bold", fill=ink(owner), anchor="mm")
    if badge:
        draw_marker(c, owner, (x + w - badge * 0.2, y + badge * 0.2), badge)


def draw_mood(c: Canvas, mood: str, centre: tuple[float, float], size: int) -> None:
    """A city's mood as a face: smiling, straight or frowning (and green, pale or red)."""
    icon = MOODS.get(mood, MOODS["neutral"])
    draw_icon(c, icon, centre, size, look.MOOD_FILL.get(mood, look.MOOD_FILL["neutral"]))


def piece_icon(kind: str) -> Icon:
    return PIECES.get(kind, PIECES["building"])
