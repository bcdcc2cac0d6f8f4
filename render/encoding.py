"""Pictures as PNG bytes for Discord: a small palette, then zlib-ng.

The pictures are flat colours with anti-aliased edges. A palette of :data:`COLOURS` colours
(128 until issue 35) gives a fifth to a quarter fewer bytes, because fewer shades along the
edges repeat more. Its first entries are the picture's own flat colours, so that a small mark
keeps its exact colour (an octree alone gave a barbarian's red rim and the battle badge's red
to larger areas' colours); the rest come from a fast octree of every eighth pixel, for the
edges. Lossless WebP (which Discord also shows inline) was measured and rejected: at zlib's
speed it is larger, and where it is smaller it takes two to three times as long
(docs/rendering.md, "Encoding").
"""

from __future__ import annotations

import struct
import zlib
from typing import Final, cast

from PIL import Image
from zlib_ng import zlib_ng

__all__ = ["COLOURS", "DENSE_LEVEL", "FLAT_SHARE", "LEVEL", "palette", "png"]

#: Palette size of every picture (docs/rendering.md: 128, 64, 48 and 32 measured; 40 and 32
#: lose small marks' colours on a Clash table).
COLOURS: Final = 48
#: zlib-ng's level for every table: the bytes of libdeflate's level 6 (used until issue 35) in
#: 15-27 % less time (docs/rendering.md, "Encoding").
LEVEL: Final = 5
#: The level for a table nearer its bytes' budget than its time's (Stone Age's and Clash's,
#: 120 KB and 45 or 40 ms): 5-6 % fewer bytes for 3-6 ms more (docs/rendering.md, "Encoding").
DENSE_LEVEL: Final = 6
_SAMPLE: Final = 4
_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
#: At most this share of the palette goes to the picture's flat colours, each seen at least
#: :data:`_FLAT_SPOTS` times among every fourth pixel (about 100 pixels of the picture).
FLAT_SHARE: Final = 0.85
_FLAT_SPOTS: Final = 6
#: Distinct colours counted at most (a larger bound makes Pillow's count far slower; a
#: picture with more gets the octree's palette alone).
_MOST_COLOURS: Final = 1 << 16
_NEAREST: Final = Image.Resampling.NEAREST


def png(
    image: Image.Image, *, height: int | None = None, level: int = LEVEL, colours: int = COLOURS
) -> bytes:
    """The top ``height`` rows of ``image`` (all without one) as palette PNG bytes
    (deterministic), compressed by zlib-ng at ``level`` (1 to 9: a higher one gives fewer bytes
    in more time)."""
    w, h = image.width, image.height if height is None else height
    # Mapped whole, rows below ``height`` included: cheaper than cropping the RGB picture
    # first (a copy of four bytes a pixel); only the rows kept are written.
    indexed = image.quantize(palette=palette(image, colours, h), dither=Image.Dither.NONE)
    rows = _rows(indexed, w, h)
    colours_used = (indexed.getpalette() or [])[: 3 * colours]
    return b"".join(
        (
            _SIGNATURE,
            *_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            *_chunk(b"PLTE", bytes(colours_used)),
            *_chunk(b"IDAT", zlib_ng.compress(rows, level)),
            *_chunk(b"IEND", b""),
        )
    )


def _rows(indexed: Image.Image, w: int, h: int) -> bytearray:
    """The top ``h`` rows of ``indexed``, each after its filter byte, 0 (none: filters help
    photographs, not palettes): pasted one column in on a zeroed buffer seen as a picture one
    column wider, so the copy is Pillow's, not a Python loop over the rows."""
    rows = bytearray((w + 1) * h)
    view = Image.frombuffer("P", (w + 1, h), rows, "raw", "P", 0, 1)
    # frombuffer marks the picture read-only (a paste would then copy it away from ``rows``);
    # writing into ``rows`` is the point.
    view.readonly = 0
    view.paste(indexed, (1, 0))  # rows below ``h`` fall outside and are not copied
    return rows


def _chunk(kind: bytes, data: bytes | bytearray) -> tuple[bytes, bytes, bytes | bytearray, bytes]:
    """A PNG chunk in pieces (its data is not copied here)."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)


def palette(image: Image.Image, colours: int = COLOURS, height: int | None = None) -> Image.Image:
    """A palette of ``colours`` for the top ``height`` rows of ``image``: first its flat
    colours, most used first (up to :data:`FLAT_SHARE` of the palette), so that a small mark
    keeps its exact colour (a barbarian's red rim, a seat's marker), then the octree's colours
    of every other pixel of that sample (so the edges' shades are in it too)."""
    w, h = image.width, image.height if height is None else height
    # Every fourth pixel of the top ``height`` rows as it is (no blend): the colours filling
    # areas of some size.
    spots = image.resize(
        (max(1, w // _SAMPLE), max(1, h // _SAMPLE)), Image.Resampling.NEAREST, box=(0, 0, w, h)
    )
    counted = cast(list[tuple[int, tuple[int, int, int]]], spots.getcolors(_MOST_COLOURS) or [])
    flat = sorted((-n, c) for n, c in counted if n >= _FLAT_SPOTS)  # the few before sorting
    chosen = [c for _, c in flat[: round(colours * FLAT_SHARE)]]
    # The octree sees every eighth pixel: in a third of the time, the same bytes within 0.3 %.
    sparse = spots.resize((max(1, spots.width // 2), max(1, spots.height // 2)), _NEAREST)
    edges = sparse.quantize(
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
