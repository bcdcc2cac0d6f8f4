"""A thin drawing surface: text that fits, symbols, boxes, and PNG encoding.

Pages are drawn top to bottom on a tall canvas and cropped to the height used, so layouts need
no separate measuring pass. All text goes through :func:`render.fonts.clean_text`, so a display
name with emoji or a character the font lacks never shows a .notdef box.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from PIL import Image, ImageDraw

from render import boxes, encoding, glyphs, hyphens, theme
from render.fonts import Weight, clean_text
from render.symbols import Painter, stamp

__all__ = ["Badge", "Canvas"]

Badge = tuple[str | Painter | None, str, theme.Colour]  # symbol, text, colour

_ELLIPSIS = "…"


class Canvas:
    """An RGB image with drawing helpers sized in pixels."""

    def __init__(self, width: int, max_height: int, background: theme.Colour = theme.BG) -> None:
        self.image = Image.new("RGB", (width, max_height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.width = width

    # Text -------------------------------------------------------------------------------------

    @staticmethod
    def measure(text: str, size: int, weight: Weight = "regular") -> int:
        """Width in pixels of ``text`` (after cleaning) in Fira Sans ``weight`` at ``size``."""
        return _length(clean_text(text, weight), size, weight)

    @staticmethod
    def fit(text: str, size: int, weight: Weight, max_width: int) -> str:
        """``text`` cut with an ellipsis so that it is at most ``max_width`` pixels wide."""
        return _fit(clean_text(text, weight), size, weight, max_width)

    @staticmethod
    def wrap(
        text: str,
        size: int,
        weight: Weight,
        max_width: int,
        max_lines: int,
        lang: str | None = None,
    ) -> list[str]:
        """``text`` broken into at most ``max_lines`` lines of ``max_width`` pixels; with a
        ``lang``, a word too long for a line of its own is hyphenated by that language's
        rules instead of cut."""
        pieces = [
            piece
            for word in clean_text(text, weight).split(" ")
            for piece in _pieces(word, size, weight, max_width, lang)
        ]
        lines: list[str] = []
        current = ""
        for i, piece in enumerate(pieces):
            candidate = f"{current} {piece.shown}" if current else piece.shown
            if _length(candidate, size, weight) <= max_width or not current:
                current = candidate
                continue
            lines.append(current)
            current = piece.shown
            if len(lines) == max_lines - 1:  # the rest on the last line, cut if need be
                rest = pieces[i + 1 :]
                current = " ".join([piece.whole, *(p.whole for p in rest if p.starts)])
                break
        lines.append(current)
        return [_fit(line, size, weight, max_width) for line in lines if line]

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        *,
        size: int,
        weight: Weight = "regular",
        fill: theme.Colour = theme.TEXT,
        anchor: str = "la",
        max_width: int | None = None,
    ) -> int:
        """Draw one line (cut to ``max_width``); returns its width in pixels."""
        line = clean_text(text, weight)
        if max_width is not None:
            line = _fit(line, size, weight, max_width)
        if line:
            ink, (dx, dy) = _text_mask(line, size, weight, anchor)
            x, y = round(xy[0]) + dx, round(xy[1]) + dy
            self.image.paste(fill, (x, y, x + ink.width, y + ink.height), ink)
        return _length(line, size, weight)

    # Shapes -----------------------------------------------------------------------------------

    def symbol(
        self, name: str | Painter, xy: tuple[int, int], size: int, fill: theme.Colour
    ) -> None:
        """Paste a symbol (a shared name or a game's painter) in ``fill`` with its top-left
        corner at ``xy``, as a two-level stamp (:func:`render.symbols.stamp`)."""
        self.image.paste(fill, (xy[0], xy[1], xy[0] + size, xy[1] + size), stamp(name, size))

    def box(
        self,
        rect: tuple[int, int, int, int],
        fill: theme.Colour | None,
        *,
        outline: theme.Colour | None = None,
        width: int = 0,
        radius: int = theme.RADIUS,
    ) -> None:
        """A rounded rectangle (``rect`` is x0, y0, x1, y1), a large filled one pasted from
        cached corners (:mod:`render.boxes`)."""
        boxes.box(self.image, self.draw, rect, fill, outline=outline, width=width, radius=radius)

    @staticmethod
    def badge_width(badge: Badge, size: int = theme.Size.SMALL) -> int:
        """Width in pixels of :meth:`badge` with its text at ``size``."""
        symbol, text, _ = badge
        return Canvas.measure(text, size, "semibold") + 28 + (size + 8 if symbol else 0)

    def badge(self, badge: Badge, x: int, mid: int, size: int = theme.Size.SMALL) -> int:
        """A pill centred on ``mid`` (42 px high for the default ``size`` of text), with an
        optional symbol as large as the text; returns its width."""
        symbol, text, colour = badge
        ink = theme.ink_on(colour)
        width = self.badge_width(badge, size)
        half = size // 2 + 8
        self.box((x, mid - half, x + width, mid + half), colour, radius=half)
        x += 14
        if symbol:
            self.symbol(symbol, (x, mid - size // 2), size, ink)
            x += size + 8
        self.text((x, mid), text, size=size, weight="semibold", fill=ink, anchor="lm")
        return width

    # Output -----------------------------------------------------------------------------------

    def png(
        self, height: int, *, level: int = encoding.LEVEL, colours: int = encoding.COLOURS
    ) -> bytes:
        """The top ``height`` pixels of the canvas, as palette PNG bytes
        (:func:`render.encoding.png`); a higher ``level`` (up to 9) or fewer ``colours`` give
        fewer bytes."""
        return encoding.png(self.image, height=height, level=level, colours=colours)


class _Piece(NamedTuple):
    """A word, or a part of one hyphenated across lines."""

    shown: str  # as drawn at the end of a line (a head keeps its hyphen)
    whole: str  # the word from here on, for a last line that starts here
    starts: bool  # the first part of its word


def _pieces(word: str, size: int, weight: Weight, max_width: int, lang: str | None) -> list[_Piece]:
    """``word`` in parts that each fit ``max_width`` where ``lang``'s breaks allow, each head
    the longest that fits."""
    pieces: list[_Piece] = []
    rest = word
    while lang is not None and _length(rest, size, weight) > max_width:
        fitting = (
            s for s in hyphens.splits(lang, rest) if _length(s[0], size, weight) <= max_width
        )
        head, tail = next(fitting, (None, ""))
        if head is None:
            break
        pieces.append(_Piece(head, rest, not pieces))
        rest = tail
    pieces.append(_Piece(rest, rest, not pieces))
    return pieces


# Text pieces repeat a lot (domain names, level pips, small numbers), within one picture and
# from one picture to the next, so their measurements and rasterised masks are cached.


@functools.lru_cache(maxsize=8192)
def _length(line: str, size: int, weight: Weight) -> int:
    # Pillow's basic layout adds the glyphs' advances (Fira Sans has no kerning table), in
    # 1/64 px, so the sum of the cached glyphs' advances is exactly its length of the line,
    # without laying out every candidate line of a wrap again
    # (tests/render/test_render_fonts.py holds it).
    return round(sum(glyphs.glyph(ch, size, weight).advance for ch in line) / 64)


@functools.lru_cache(maxsize=2048)
def _fit(line: str, size: int, weight: Weight, max_width: int) -> str:
    if _length(line, size, weight) <= max_width:
        return line
    lo, hi = 0, len(line)
    while lo < hi:  # the longest prefix that still fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if _length(line[:mid].rstrip() + _ELLIPSIS, size, weight) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + _ELLIPSIS


@functools.lru_cache(maxsize=4096)
def _text_mask(
    line: str, size: int, weight: Weight, anchor: str
) -> tuple[Image.Image, tuple[int, int]]:
    """The anti-aliased mask of one line, and its offset from the anchor point: composed from
    cached glyphs (:mod:`render.glyphs`), the pixels Pillow would draw, without rasterising
    every glyph of every new line again."""
    return glyphs.line_mask(line, size, weight, anchor)
