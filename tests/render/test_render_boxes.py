"""A box pasted from cut corners (render.boxes) has the pixels of Pillow's rounded rectangle."""

from __future__ import annotations

import pytest

from render import theme
from render.canvas import Canvas

_SIZES = [(1364, 488), (1364, 301), (325, 190), (426, 184), (57, 57), (100, 40), (30, 8), (6, 6)]
_STYLES = [
    (theme.PANEL, None, 0, theme.RADIUS),
    (theme.PANEL_ACTIVE, theme.ACCENT, 5, theme.RADIUS),
    (None, theme.BORDER, 2, theme.RADIUS),
    (None, theme.BORDER, 3, 16),
    ((200, 180, 90), None, 0, 8),
    ((200, 180, 90), (9, 9, 9), 4, 8),
    (theme.CELL, None, 0, 25),
]


@pytest.mark.parametrize("style", _STYLES)
@pytest.mark.parametrize("size", _SIZES)
def test_a_pasted_box_is_the_drawn_box(
    size: tuple[int, int], style: tuple[theme.Colour | None, theme.Colour | None, int, int]
) -> None:
    fill, outline, width, radius = style
    w, h = size
    rect = (17, 23, 17 + w - 1, 23 + h - 1)
    drawn, pasted = Canvas(w + 40, h + 50), Canvas(w + 40, h + 50)
    for c in (drawn, pasted):  # something under the box: a hollow one must leave it
        c.draw.line((0, 0, w + 40, h + 50), fill=theme.TEXT, width=9)
    drawn.draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)
    pasted.box(rect, fill, outline=outline, width=width, radius=radius)
    assert pasted.image.tobytes() == drawn.image.tobytes()
