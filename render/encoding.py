"""Pictures as PNG bytes for Discord: a small palette, then libdeflate.

The pictures are flat colours with anti-aliased edges. A palette of :data:`COLOURS` colours
(128 until issue 35) gives a fifth to a quarter fewer bytes, because fewer shades along the
edges repeat more. Its first entries are the picture's own flat colours, so that a small mark
keeps its exact colour (an octree alone gave a barbarian's red rim and the battle badge's red
to larger areas' colours); the rest come from a fast octree of every fourth pixel, for the
edges. Lossless WebP (which Discord also shows inline) was measured and rejected: at zlib's
speed it is larger, and where it is smaller it takes two to three times as long
(docs/rendering.md, "Encoding").
"""

from __future__ import annotations

import struct
import zlib
from typing import Final, cast

import deflate
from PIL import Image

__all__ = ["COLOURS", "FLAT_SHARE", "LEVEL", "palette", "png"]

#: Palette size of every picture (docs/rendering.md: 128, 64, 48 and 32 measured; 40 and 32
#: lose small marks' colours on a Clash table).
COLOURS: Final = 48
#: libdeflate's level for every table: as fast as zlib's level 3 with the bytes of zlib's 6
#: (docs/rendering.md, "Encoding").
LEVEL: Final = 6
_SAMPLE: Final = 4
_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
#: At most this share of the palette goes to the picture's flat colours, each seen at least
#: :data:`_FLAT_SPOTS` times among every fourth pixel (about 100 pixels of the picture).
FLAT_SHARE: Final = 0.85
_FLAT_SPOTS: Final = 6
#: Distinct colours counted at most (a larger bound makes Pillow's count far slower; a
#: picture with more gets the octree's palette alone).
_MOST_COLOURS: Final = 1 << 16


def png(image: Image.Image, *, level: int = LEVEL, colours: int = COLOURS) -> bytes:
    """``image`` as palette PNG bytes (deterministic), compressed by libdeflate at ``level``
    (1 to 12: a higher one gives fewer bytes in more time)."""
    indexed = image.quantize(palette=palette(image, colours), dither=Image.Dither.NONE)
    w, h = indexed.size
    # Each row starts with its filter byte, 0 (none: the filters only help photographs):
    # the picture pasted one pixel right on a blank one lays the rows out in C.
    rows = Image.new("P", (w + 1, h))
    rows.paste(indexed, (1, 0))
    colours_used = (indexed.getpalette() or [])[: 3 * colours]
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(colours_used)),
            _chunk(b"IDAT", bytes(deflate.zlib_compress(rows.tobytes(), level))),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette(image: Image.Image, colours: int = COLOURS) -> Image.Image:
    """A palette of ``colours`` for ``image``: first its flat colours, most used first (up to
    :data:`FLAT_SHARE` of the palette), so that a small mark keeps its exact colour (a
    barbarian's red rim, a seat's marker), then the octree's colours of the same sample (every
    fourth pixel, so the edges' shades are in it too) for the anti-aliased edges."""
    w, h = image.size
    # Every fourth pixel as it is (no blend): the colours filling areas of some size.
    spots = image.resize((max(1, w // _SAMPLE), max(1, h // _SAMPLE)), Image.Resampling.NEAREST)
    counted = cast(list[tuple[int, tuple[int, int, int]]], spots.getcolors(_MOST_COLOURS) or [])
    flat = sorted((-n, c) for n, c in counted if n >= _FLAT_SPOTS)  # the few before sorting
    chosen = [c for _, c in flat[: round(colours * FLAT_SHARE)]]
    edges = spots.quantize(
        colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    octree = edges.getpalette() or []
    for k in range(0, len(octree), 3):
        if len(chosen) >= colours:
            break
        rgb = (octree[k], octree[k + 1], octree[k + 2])
        if rgb not in chosen:
            chosen.append(rgb)
    result = Image.new("P", (1, 1))
    result.putpalette([v for rgb in chosen for v in rgb])
    return result
