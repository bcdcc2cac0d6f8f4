"""Rounded boxes pasted from corners cut once, pixel for pixel what Pillow draws: how
``Canvas.box`` draws every box.

Pillow draws a rounded rectangle as overlapping rectangles and four pie slices, every time:
a panel 1364 px wide costs half a millisecond. Its corners do not depend on the box's size,
only on the radius, the outline's width and the colours (its shapes are not anti-aliased), so
:func:`box` cuts them once from a small box drawn by Pillow itself and pastes them, with the
edges stretched from one column or row of that box and the middle filled plainly. That pays
for large filled boxes (a panel: a quarter of the time); small or hollow ones Pillow draws
faster itself. tests/render/test_render_boxes.py compares the two for many sizes.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from PIL import Image, ImageDraw

from render import theme

__all__ = ["box"]

#: Boxes smaller than this (in pixels) are drawn by Pillow.
_LARGE = 60_000


class _Style(NamedTuple):
    fill: theme.Colour | None
    outline: theme.Colour | None
    width: int
    radius: int


def box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    rect: tuple[int, int, int, int],
    fill: theme.Colour | None,
    *,
    outline: theme.Colour | None = None,
    width: int = 0,
    radius: int = theme.RADIUS,
) -> None:
    """A rounded rectangle on ``image`` (``draw`` draws on it; ``rect`` is x0, y0, x1, y1,
    both ends drawn), as Pillow's ``rounded_rectangle`` draws it."""
    x0, y0, x1, y1 = rect
    style = _Style(fill, outline if width else None, width, radius)  # width 0: no outline
    w, h = x1 - x0 + 1, y1 - y0 + 1
    k = _corner(style)
    if fill is None or w * h < _LARGE or min(w, h) < 2 * k + 2:
        draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)
        return
    s = 2 * k + 2  # the small box, its corners k apart
    for (corner, corner_mask), dx, dy in zip(
        _corners(style),
        (x0, x0, x1 + 1 - k, x1 + 1 - k),
        (y0, y1 + 1 - k, y0, y1 + 1 - k),
        strict=True,
    ):
        image.paste(corner, (dx, dy), corner_mask)
    inner_w, inner_h = w - 2 * k, h - 2 * k
    for piece, size, at in (
        ((k, 0, k + 1, k), (inner_w, k), (x0 + k, y0)),  # top edge
        ((k, s - k, k + 1, s), (inner_w, k), (x0 + k, y1 + 1 - k)),  # bottom edge
        ((0, k, k, k + 1), (k, inner_h), (x0, y0 + k)),  # left edge
        ((s - k, k, s, k + 1), (k, inner_h), (x1 + 1 - k, y0 + k)),  # right edge
    ):
        edge, edge_mask = _edge(style, piece, size)
        image.paste(edge, at, edge_mask)
    image.paste(fill, (x0 + k, y0 + k, x1 + 1 - k, y1 + 1 - k))


def _corner(style: _Style) -> int:
    """How far a corner's pixels reach from the box's edges."""
    return max(style.radius, style.width) + 1


@functools.lru_cache(maxsize=64)
def _small_box(w: int, h: int, style: _Style) -> tuple[Image.Image, Image.Image]:
    """A small ``w`` x ``h`` box and the mask of the pixels it covers, drawn by Pillow."""
    rgb = Image.new("RGB", (w, h))
    mask = Image.new("L", (w, h))
    rect = (0, 0, w - 1, h - 1)
    fill, outline, width, radius = style
    ImageDraw.Draw(rgb).rounded_rectangle(
        rect, radius=radius, fill=fill, outline=outline, width=width
    )
    ImageDraw.Draw(mask).rounded_rectangle(
        rect,
        radius=radius,
        fill=None if fill is None else 255,
        outline=None if outline is None else 255,
        width=width,
    )
    return rgb, mask


@functools.lru_cache(maxsize=64)
def _corners(style: _Style) -> list[tuple[Image.Image, Image.Image]]:
    """The top-left, bottom-left, top-right and bottom-right corners of the small box."""
    k = _corner(style)
    s = 2 * k + 2
    rgb, mask = _small_box(s, s, style)
    pieces = [(sx, sy, sx + k, sy + k) for sx in (0, s - k) for sy in (0, s - k)]
    return [(rgb.crop(piece), mask.crop(piece)) for piece in pieces]


@functools.lru_cache(maxsize=128)
def _edge(
    style: _Style, piece: tuple[int, int, int, int], size: tuple[int, int]
) -> tuple[Image.Image, Image.Image | None]:
    """One column or row of the small box's edge stretched along an edge ``size`` long (no
    mask where it covers every pixel)."""
    k = _corner(style)
    rgb, mask = _small_box(2 * k + 2, 2 * k + 2, style)
    edge = rgb.crop(piece).resize(size, Image.Resampling.NEAREST)
    edge_mask = mask.crop(piece).resize(size, Image.Resampling.NEAREST)
    return edge, None if edge_mask.getextrema() == (255, 255) else edge_mask
