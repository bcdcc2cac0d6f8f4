"""Clash's pictograms and terrain marks as stamps: masks with few levels of grey.

:func:`render.symbols.mask` gives a mask of 256 levels (drawn larger, scaled down). Along an
edge every level blends the pictogram's colour with what lies under it into a shade of its
own, and the table's PNG pays for each shade it meets (docs/rendering.md, "Clash of Cultures:
the table"). A stamp keeps ``levels`` of them: three for pieces and pictograms (one half-tone
along the edge, enough to keep them smooth at full size), two for the small terrain marks (a
pixel is the mark's colour or the tile's). Stamps are cached, so every copy is the same
bytes.
"""

from __future__ import annotations

import functools

from PIL import Image

from render.canvas import Canvas
from render.symbols import Painter, mask
from render.theme import Colour

__all__ = ["ICON_LEVELS", "MARK_LEVELS", "paste", "stamp"]

#: Levels of a piece's or a pictogram's stamp: transparent, half, full.
ICON_LEVELS = 3
#: Levels of a terrain mark's stamp: none or full.
MARK_LEVELS = 2


@functools.lru_cache(maxsize=1024)
def stamp(symbol: str | Painter, size: int, levels: int = ICON_LEVELS) -> Image.Image:
    """The ``size`` x ``size`` mask of ``symbol`` (a name of :data:`render.symbols.SYMBOLS` or
    a painter) with ``levels`` levels of grey."""
    return posterize(mask(symbol, size), levels)


def posterize(m: Image.Image, levels: int = ICON_LEVELS) -> Image.Image:
    """Mask ``m`` rounded to ``levels`` evenly spaced levels (0 and 255 among them)."""
    step = 255 / (levels - 1)
    return m.point([round(round(v / step) * step) for v in range(256)])


def paste(c: Canvas, symbol: str | Painter, xy: tuple[int, int], size: int, fill: Colour) -> None:
    """:meth:`Canvas.symbol` with the stamp: ``symbol`` in ``fill``, its top-left at ``xy``."""
    c.image.paste(fill, (xy[0], xy[1], xy[0] + size, xy[1] + size), stamp(symbol, size))
