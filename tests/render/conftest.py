"""What the render tests share: a record of every text a picture draws, with its size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from render import layers
from render.canvas import Canvas

#: Each text drawn and its font size, in drawing order.
Sized = list[tuple[str, int]]


@pytest.fixture
def sized(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sized]:
    """Every line of text drawn while the test runs, with its font size. (Pictures a game
    caches, such as Stone Age's cards, are drawn once: clear those caches first.)"""
    lines: Sized = []
    original = Canvas.text

    def recording(self: Canvas, xy: tuple[float, float], text: str, **kwargs: Any) -> int:
        lines.append((text, kwargs["size"]))
        return original(self, xy, text, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    with layers.caching(False):  # a cached layer draws no text
        yield lines
