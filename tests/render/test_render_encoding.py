"""render.encoding: the PNG it writes decodes to the palette picture, and small flat marks
keep their exact colour."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render import encoding


def _busy_picture() -> Image.Image:
    """Fifteen large squares of their own colours with discs (31 flat colours), a band of 1000
    shades (as many as anti-aliased edges make) and one small red mark (400 pixels)."""
    image = Image.new("RGB", (1200, 600), (30, 31, 36))
    draw = ImageDraw.Draw(image)
    for k in range(15):
        x, y = 240 * (k % 5), 160 * (k // 5)
        draw.rectangle((x, y, x + 235, y + 155), fill=(40 + 12 * k, 200 - 8 * k, 60 + 4 * k))
        draw.ellipse((x + 30, y + 20, x + 200, y + 140), fill=(250 - 12 * k, 90, 8 * k))
    for x in range(1000):
        draw.line((x, 490, x, 530), fill=(x // 4, (x * 7) % 256, 255 - x // 4))
    image.paste((222, 66, 52), (1100, 500, 1120, 520))
    return image


def test_the_png_decodes_to_the_palette_picture() -> None:
    image = _busy_picture()
    data = encoding.png(image)
    assert data == encoding.png(image)  # deterministic
    indexed = image.quantize(palette=encoding.palette(image), dither=Image.Dither.NONE)
    with Image.open(io.BytesIO(data)) as decoded:
        assert decoded.format == "PNG" and decoded.mode == "P"
        assert decoded.convert("RGB").tobytes() == indexed.convert("RGB").tobytes()
        assert len(decoded.getpalette() or []) <= 3 * encoding.COLOURS


def test_a_small_flat_mark_keeps_its_colour() -> None:
    image = _busy_picture()
    with Image.open(io.BytesIO(encoding.png(image))) as decoded:
        assert decoded.convert("RGB").getpixel((1110, 510)) == (222, 66, 52)
    # An octree alone over the same picture moves it.
    octree = image.reduce(4).quantize(
        colors=encoding.COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    moved = image.quantize(palette=octree, dither=Image.Dither.NONE).convert("RGB")
    assert moved.getpixel((1110, 510)) != (222, 66, 52)


def test_only_the_rows_asked_for_are_written() -> None:
    image = _busy_picture()
    with Image.open(io.BytesIO(encoding.png(image, height=300))) as top:
        assert top.size == (1200, 300)
        whole = image.quantize(palette=encoding.palette(image, height=300))
        assert (
            top.convert("RGB").tobytes() == whole.crop((0, 0, 1200, 300)).convert("RGB").tobytes()
        )
