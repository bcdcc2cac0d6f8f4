"""The battle report shows the combat card that acted for each side in each round (played
cards are face up, p.12): ``2 hits · High Morale``; an ignored card is not shown."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import clash_samples as samples
import pytest

from render import layers
from render.canvas import Canvas
from render.clash import table
from rules.clash import GAME

Drawn = list[tuple[tuple[float, float], str, int]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    lines: Drawn = []
    original = Canvas.text

    def recording(self: Canvas, xy: tuple[float, float], text: str, **kwargs: Any) -> int:
        lines.append((xy, text, kwargs["size"]))
        return original(self, xy, text, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    with layers.caching(False):  # a cached layer draws no text
        yield lines


def report_texts(view: dict[str, Any], drawn: Drawn, lang: str) -> list[str]:
    drawn.clear()
    table.table_png(view, lang=lang, names=["Ann", "Bob"])
    box = table.report_box(view, lang=lang)
    assert box is not None
    x0, y0, x1, y1 = box
    return [text for (x, y), text, _ in drawn if x0 <= x <= x1 and y0 <= y <= y1]


def test_the_report_names_the_card_each_side_played_in_its_round(drawn: Drawn) -> None:
    """ann plays High Morale (A06), bob High Ground (A09): ann's card is ignored, so only
    bob's is shown; round 2 has no cards."""
    state = samples.battle_state(
        {"armies": {"C3": 2}, "actions": ["A06"]},
        {"armies": {"B2": 2}, "actions": ["A09"], "advances": ["farming", "mining", "tactics"]},
        [4, 4, 1, 1, 1, 1, 1, 1],
        "move c3 b2 army army",
        "a06",
        "a09",
        "attack",
    )
    view = GAME.view(state, None)
    texts = report_texts(view, drawn, "en")
    assert "0 hits · High Ground" in texts and "1 hit" in texts
    assert not any("High Morale" in t for t in texts)
    assert "0 találat · Magaslat" in report_texts(view, drawn, "hu")
