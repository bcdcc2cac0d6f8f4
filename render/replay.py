"""A game's table pictures put together as one animated picture (``/game replay``).

Frames of different heights (a table picture grows with the game) are put on one canvas size.

The replay is an animated WebP, lossless, every frame at the table picture's own size, so it
reads exactly as the posts did. An animated GIF of the same frames (256 colours per frame) was
measured too, and came out about three times larger for every game (``python -m bench.replay``,
docs/performance.md): :func:`save` still makes either, for that measurement. Each frame shows
for :data:`FRAME_MS`, the last one for :data:`LAST_MS`, and the animation loops.

>>> import io
>>> from PIL import Image
>>> frames = []
>>> for shade in (0, 128, 255):
...     buf = io.BytesIO()
...     Image.new("RGB", (40, 30 - shade // 128), (shade, 90, 40)).save(buf, "PNG")
...     frames.append(buf.getvalue())
>>> data, ext = animate(frames)
>>> picture = Image.open(io.BytesIO(data))
>>> ext, picture.format, picture.size, picture.n_frames
('webp', 'WEBP', (40, 30), 3)
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

#: The format kept: the smaller of the two for every game measured.
FORMAT = "webp"
FRAME_MS = 1200
LAST_MS = 4000


def animate(pngs: Sequence[bytes]) -> tuple[bytes, str]:
    """The frames ``pngs`` (PNG bytes) as an animated picture, with its extension."""
    if not pngs:
        raise ValueError("a replay needs at least one frame")
    frames = one_size([Image.open(io.BytesIO(p)).convert("RGB") for p in pngs])
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
    return save(frames, durations, FORMAT), FORMAT


def one_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest width and height (a table picture grows with
    the game), filled with the picture's own background (its top left pixel)."""
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    out = []
    for f in frames:
        if f.size == (width, height):
            out.append(f)
            continue
        canvas = Image.new("RGB", (width, height), f.getpixel((0, 0)))
        canvas.paste(f, (0, 0))
        out.append(canvas)
    return out


def save(frames: list[Image.Image], durations: list[int], ext: str) -> bytes:
    buf = io.BytesIO()
    first, rest = frames[0], frames[1:]
    if ext == "gif":
        # One palette per frame: the theme's flat colours and the text's edges fit in 256.
        pal = [f.quantize(colors=256, method=Image.Quantize.FASTOCTREE) for f in frames]
        pal[0].save(
            buf,
            format="GIF",
            save_all=True,
            append_images=pal[1:],
            duration=durations,
            loop=0,
            optimize=False,
            disposal=1,
        )
    else:
        first.save(
            buf,
            format="WEBP",
            save_all=True,
            append_images=rest,
            duration=durations,
            loop=0,
            lossless=True,
            # Measured (docs/performance.md): method 2 is half the size of 0 for twice the time;
            # higher methods cost much more time for little.
            method=2,
        )
    return buf.getvalue()
