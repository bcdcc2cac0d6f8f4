"""Clash's pieces, pictograms and terrain marks as stamps: two-level masks.

:func:`render.symbols.mask` gives a mask of 256 levels (drawn larger, scaled down). Along an
edge every level blends the pictogram's colour with what lies under it into a shade of its
own, and the table's PNG pays for each shade it meets (docs/rendering.md, "Clash of Cultures:
the table"). A stamp keeps two: a pixel is the pictogram's colour or what lies under it (a
third level, a half-tone along the edge, cost 2.4 to 4 KB more a table of about 115).
Stamps are cached, so every copy of one is the same bytes.
"""

from __future__ import annotations

import functools

from PIL import Image

from render.canvas import Canvas
from render.symbols import Painter, mask
from render.theme import Colour

__all__ = ["paste", "stamp", "threshold"]


@functools.lru_cache(maxsize=1024)
def stamp(symbol: str | Painter, size: int) -> Image.Image:
    """The two-level ``size`` x ``size`` mask of ``symbol`` (a name of
    :data:`render.symbols.SYMBOLS` or a painter)."""
    return threshold(mask(symbol, size))


def threshold(m: Image.Image) -> Image.Image:
    """Mask ``m`` with two levels: full where it covers at least half a pixel, else none."""
    return m.point([255 if v >= 128 else 0 for v in range(256)])


def paste(c: Canvas, symbol: str | Painter, xy: tuple[int, int], size: int, fill: Colour) -> None:
    """:meth:`Canvas.symbol` with the stamp: ``symbol`` in ``fill``, its top-left at ``xy``."""
    c.image.paste(fill, (xy[0], xy[1], xy[0] + size, xy[1] + size), stamp(symbol, size))
