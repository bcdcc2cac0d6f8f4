"""Lines composed from cached glyphs (render.glyphs) paint exactly what Pillow paints when it
draws the whole line: every character kind, weight, text size and anchor, glyphs that overlap,
and whole pictures of every game."""

from __future__ import annotations

import io
import itertools
import sys

import pytest
from PIL import Image, ImageDraw

import render
from bench.offline import sample_views
from render import canvas, glyphs, layers, theme
from render.canvas import Canvas
from render.civ import look as civ_look
from render.fonts import Weight, clean_text, font
from render.stoneage import look as stoneage_look

WEIGHTS: list[Weight] = ["regular", "semibold", "bold"]
ACCENTED = "áéíóöőúüűÁÉÍÓÖŐÚÜŰ"
#: Every size the games name (Clash's are computed, never under the phone rule's 35 px).
SIZES = sorted(
    {
        value
        for sizes in (theme.Size, civ_look.Size, stoneage_look.Size)
        for name, value in vars(sizes).items()
        if name.isupper() and isinstance(value, int)
    }
)
ANCHORS = [across + down for across in "lmr" for down in "atmsbd"]
#: Glyphs whose boxes overlap and whose ink meets (found by the test below in each weight).
OVERLAPPING = "Office offers fjords, gyfts, VVY and fT fí cA"
STRINGS = [
    "The quick brown fox jumps over the lazy dog",
    "Árvíztűrő tükörfúrógép, ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP",
    "Őrült Ügynök: hű, ő és ű; öt óra",
    "0123456789 +12 / 45% 3:00 #7 = 1 400",
    "Hello, world! (a) [b] {c}: d; e? — “quoted” ‘x’ – y…",
    "Kovács Anna kijátszotta a Tudomány lapot, és 3 pontot szerzett…",
    "…",
    "i",
    OVERLAPPING,
]


def _frame(line: str, size: int, weight: Weight) -> tuple[Image.Image, tuple[int, int]]:
    """A blank frame with room for ``line`` at any anchor around the returned point."""
    width = Canvas.measure(line, size, weight)
    return Image.new("L", (2 * width + 4 * size, 5 * size)), (width + 2 * size, 5 * size // 2)


def _by_pillow(line: str, size: int, weight: Weight, anchor: str) -> Image.Image:
    frame, xy = _frame(line, size, weight)
    ImageDraw.Draw(frame).text(xy, line, font=font(size, weight), fill=255, anchor=anchor)
    return frame


def _by_glyphs(line: str, size: int, weight: Weight, anchor: str) -> Image.Image:
    frame, (x, y) = _frame(line, size, weight)
    mask, (dx, dy) = glyphs.line_mask(line, size, weight, anchor)
    frame.paste(255, (x + dx, y + dy, x + dx + mask.width, y + dy + mask.height), mask)
    return frame


def test_the_strings_hold_every_hungarian_accented_letter_and_the_ellipsis() -> None:
    assert set(ACCENTED + "…") <= set("".join(STRINGS))
    assert len(SIZES) >= 10 and min(SIZES) <= 26 and max(SIZES) >= 68


@pytest.mark.parametrize("weight", WEIGHTS)
def test_composed_lines_paint_what_pillow_paints(weight: Weight) -> None:
    """Every string at every size, the anchors taken in turn: the same pixels, exactly."""
    cases = list(itertools.product(SIZES, STRINGS))
    for i, (size, text) in enumerate(cases):
        line, anchor = clean_text(text, weight), ANCHORS[i % len(ANCHORS)]
        expected = _by_pillow(line, size, weight, anchor)
        assert expected.getbbox() is not None  # something drawn, inside the frame
        assert _by_glyphs(line, size, weight, anchor).tobytes() == expected.tobytes(), (
            size,
            anchor,
            line,
        )


@pytest.mark.parametrize("weight", WEIGHTS)
@pytest.mark.parametrize("anchor", ANCHORS)
def test_every_anchor_lands_where_pillows_does(anchor: str, weight: Weight) -> None:
    line = clean_text(STRINGS[1], weight)
    for size in (SIZES[0], 35, SIZES[-1]):
        expected = _by_pillow(line, size, weight, anchor)
        assert _by_glyphs(line, size, weight, anchor).tobytes() == expected.tobytes(), size


@pytest.mark.parametrize("weight", WEIGHTS)
def test_overlapping_glyphs_blend_as_pillow_blends_them(weight: Weight) -> None:
    """Where the ink of two neighbours meets, the later glyph is blended over the earlier one
    (not added, not the larger of the two): the line has less ink than its glyphs together,
    and still Pillow's pixels."""
    line = clean_text(OVERLAPPING, weight)
    mask, _ = glyphs.line_mask(line, 44, weight, "ls")
    apart = sum(
        _ink(g.mask)
        for g in map(glyphs.glyph, line, [44] * len(line), [weight] * len(line))
        if g.mask
    )
    assert _ink(mask) < apart
    assert (
        _by_glyphs(line, 44, weight, "ls").tobytes() == _by_pillow(line, 44, weight, "ls").tobytes()
    )


def _ink(mask: Image.Image) -> int:
    return sum(value * count for value, count in enumerate(mask.histogram()))


def test_a_line_without_ink_and_a_bad_anchor() -> None:
    mask, offset = glyphs.line_mask(" ", 35)
    assert mask.getbbox() is None and offset == (0, 0)
    with pytest.raises(ValueError, match="bad anchor"):
        glyphs.line_mask("x", 35, "regular", "sa")


def _pillow_mask(
    line: str, size: int, weight: Weight, anchor: str
) -> tuple[Image.Image, tuple[int, int]]:
    """How the canvas drew a line before glyphs were cached: Pillow lays out and rasterises
    the whole line."""
    face = font(size, weight)
    x0, y0, x1, y1 = (round(v) for v in face.getbbox(line, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)))
    ImageDraw.Draw(mask).text((-x0, -y0), line, font=face, fill=255, anchor=anchor)
    return mask, (x0, y0)


def _forget_drawn_pictures() -> None:
    """Empty every cache of render/ (cards, tiles, cells and line masks drawn earlier)."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@pytest.mark.parametrize("game", ["civ", "stoneage", "clash"])
def test_pictures_are_pillows_own(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables of every game, in English and Hungarian, have the same pixels whether each line
    is composed from cached glyphs or laid out and rasterised by Pillow."""
    views = sample_views(game, 20261207, 3)

    def pictures() -> list[bytes]:
        _forget_drawn_pictures()
        with layers.caching(False):
            return [
                _pixels(render.table_png(view, lang=lang))
                for view in views
                for lang in ("en", "hu")
            ]

    composed = pictures()
    monkeypatch.setattr(canvas, "_text_mask", _pillow_mask)
    assert pictures() == composed
    _forget_drawn_pictures()


def _pixels(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGB").tobytes()
