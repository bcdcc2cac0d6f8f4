"""Fira Sans, loaded from the ``fontpkg-fira-sans`` package and cached per weight and size.

Fira Sans covers Latin Extended-A (every Hungarian letter, ő and ű included) and is a clear,
open-licensed screen face; getting it from a package keeps font files out of the repository.
Pillow's built-in bitmap font is never used: it has no accented letters.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path
from typing import Literal

import fontpkg_fira_sans  # type: ignore[import-untyped]
from PIL import Image, ImageDraw, ImageFont

__all__ = ["Weight", "clean_text", "font", "font_path", "has_glyph"]

Weight = Literal["regular", "semibold", "bold"]

_FILES: dict[Weight, str] = {
    "regular": "FiraSans-Regular.ttf",
    "semibold": "FiraSans-SemiBold.ttf",
    "bold": "FiraSans-Bold.ttf",
}
# A code point no text font maps (Supplementary Private Use Area-B): it draws the .notdef box.
_NOT_IN_FONT = "\U0010fffd"
_PROBE_SIZE = 32


def font_path(weight: Weight = "regular") -> Path:
    """The TTF file of a weight."""
    root: Path = fontpkg_fira_sans.ROOT
    return root / "files" / _FILES[weight]


@functools.cache
def font(size: int, weight: Weight = "regular") -> ImageFont.FreeTypeFont:
    """Fira Sans at ``size`` pixels. The basic layout engine keeps output identical everywhere."""
    return ImageFont.truetype(str(font_path(weight)), size, layout_engine=ImageFont.Layout.BASIC)


@functools.cache
def glyph_bitmap(char: str, weight: Weight = "regular") -> bytes:
    """The pixels of one character drawn alone: used to tell real glyphs from .notdef."""
    image = Image.new("L", (_PROBE_SIZE * 2, _PROBE_SIZE * 2))
    ImageDraw.Draw(image).text(
        (_PROBE_SIZE // 2, _PROBE_SIZE // 2), char, font=font(_PROBE_SIZE, weight), fill=255
    )
    return image.tobytes()


def has_glyph(char: str, weight: Weight = "regular") -> bool:
    """True when the font draws ``char`` as itself rather than as the .notdef box."""
    return glyph_bitmap(char, weight) != glyph_bitmap(_NOT_IN_FONT, weight)


@functools.lru_cache(maxsize=4096)
def clean_text(text: str, weight: Weight = "regular") -> str:
    """``text`` made safe to draw: NFC-composed, without control characters or characters
    the font cannot draw (emoji in a display name), whitespace collapsed."""
    composed = unicodedata.normalize("NFC", text)
    kept = (
        " " if ch.isspace() else ch
        for ch in composed
        if ch.isspace() or (unicodedata.category(ch)[0] != "C" and has_glyph(ch, weight))
    )
    return " ".join("".join(kept).split())
