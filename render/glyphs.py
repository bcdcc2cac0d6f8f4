"""Lines of text composed from cached glyphs, placed where Pillow's basic layout places them.

Pillow has no glyph cache: each line it draws rasterises every glyph again, and the long lines
of a table (last actions, sentences with names and numbers) are new in nearly every picture.
Here a glyph is rasterised once per character, size and weight, and a line's mask is pasted
together from those masks by the rules of Pillow's FreeType renderer (``font_render`` in
``_imagingft.c``, basic layout), so the result is the same pixels:

- the pen starts at 0 and moves by each glyph's advance in 1/64 px (no kerning: Fira Sans has
  no kerning table), and a glyph is drawn at its pen position rounded to a whole pixel, so its
  bitmap never depends on where in a line it falls;
- a glyph's bitmap lies at its bearing from the pen, on the baseline;
- where two glyphs overlap, Pillow blends the later one over the earlier (``s + t(255-s)/255``,
  rounded), which is exactly what pasting 255 through the glyph's mask does;
- the anchor's offset is Pillow's: left, middle (half the pen's travel) or right (all of it)
  across; ascender, middle, baseline or descender (the font's, whatever the text) or top and
  bottom (the line's outline boxes) down.

A composed mask is cropped to its ink, so it is smaller than Pillow's (which also spans the pen
line and the glyphs' outline boxes), and its offset differs by as much: drawn at its offset, it
paints the same pixels (tests/render/test_render_glyphs.py holds it against Pillow).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from PIL import Image, ImageDraw

from render.fonts import Weight, font

__all__ = ["Glyph", "glyph", "line_mask"]


class Glyph(NamedTuple):
    """One character rasterised alone, relative to its pen position on the baseline."""

    advance: int  # in 1/64 px
    mask: Image.Image | None  # its ink, cropped; None for a glyph without ink (a space)
    x: int  # the mask's top-left corner from the pen position (y down)
    y: int
    top: int  # the outline box's top (at most 0: the line box spans the baseline)
    bottom: int  # and bottom (at least 0)


@functools.lru_cache(maxsize=8192)
def glyph(char: str, size: int, weight: Weight = "regular") -> Glyph:
    """``char`` in Fira Sans ``weight`` at ``size``, drawn by Pillow once."""
    face = font(size, weight)
    advance = round(face.getlength(char) * 64)  # FreeType's advance in 1/64 px, over 64
    x0, y0, x1, y1 = (int(v) for v in face.getbbox(char, anchor="ls"))  # whole pixels
    drawn = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)))
    ImageDraw.Draw(drawn).text((-x0, -y0), char, font=face, fill=255, anchor="ls")
    ink = drawn.getbbox()
    if ink is None:
        return Glyph(advance, None, 0, 0, y0, y1)
    return Glyph(advance, drawn.crop(ink), x0 + ink[0], y0 + ink[1], y0, y1)


def line_mask(
    line: str, size: int, weight: Weight = "regular", anchor: str = "la"
) -> tuple[Image.Image, tuple[int, int]]:
    """The anti-aliased mask of one line, and the offset of its top-left corner from the
    anchor point: pasted there, it paints what Pillow's ``ImageDraw.text`` paints."""
    if len(anchor) != 2 or anchor[0] not in "lmr" or anchor[1] not in "atmsbd":
        raise ValueError(f"bad anchor specified: {anchor}")
    pen = 0  # in 1/64 px, as FreeType's
    top = bottom = 0
    placed: list[tuple[Image.Image, int, int]] = []
    for char in line:
        g = glyph(char, size, weight)
        if g.mask is not None:
            placed.append((g.mask, _pixel(pen) + g.x, g.y))
        top, bottom = min(top, g.top), max(bottom, g.bottom)
        pen += g.advance
    across = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}[anchor[0]]  # C's halving
    baseline = {"t": -top, "b": -bottom}.get(anchor[1])  # below the anchor
    if baseline is None:
        baseline = _vertical(size, weight, anchor[1])
    if not placed:
        return Image.new("L", (1, 1)), (0, 0)
    if len(placed) == 1:
        mask, x, y = placed[0]
        return mask, (x - across, y + baseline)
    x0 = min(x for _, x, _ in placed)
    y0 = min(y for _, _, y in placed)
    x1 = max(x + mask.width for mask, x, _ in placed)
    y1 = max(y + mask.height for mask, _, y in placed)
    out = Image.new("L", (x1 - x0, y1 - y0))
    # In order: a later glyph blends over an earlier one. The image core's own paste, because
    # Image.paste's checks cost more than pasting a glyph.
    for mask, x, y in placed:
        out.im.paste(255, (x - x0, y - y0, x - x0 + mask.width, y - y0 + mask.height), mask.im)
    return out, (x0 - across, y0 + baseline)


def _pixel(position: int) -> int:
    """A 1/64 px position rounded to a whole pixel, as FreeType's ``PIXEL`` rounds it."""
    return (position + 32) >> 6


@functools.cache
def _vertical(size: int, weight: Weight, anchor: str) -> int:
    """How far below the anchor the baseline is, for the anchors that depend on the font's
    metrics only (a, m, s, d): read from Pillow's own box of a probe character, because the
    middle is rounded from metrics in 1/64 px that Pillow does not expose."""
    face = font(size, weight)
    return int(face.getbbox("x", anchor="l" + anchor)[1] - face.getbbox("x", anchor="ls")[1])
