"""The last table pictures drawn are kept: the same table asked for again (a result post,
/board, the Table button) is not drawn again; another view or language is."""

from __future__ import annotations

from typing import Any

import pytest

from host import rendering
from host.rendering import KEPT_PICTURES, Renderer, picture_key


def _view(n: int) -> Any:
    """A stand-in for a public view (the drawing is replaced too)."""
    return {"turn": n, "recent": [{"kind": "civ.played", "params": {"n": n}}]}


async def test_a_table_drawn_lately_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[int, str]] = []

    def draw(view: Any, lang: str) -> bytes:
        drawn.append((view["turn"], lang))
        return f"png {view['turn']} {lang}".encode()

    monkeypatch.setattr(rendering, "_table", draw)
    renderer = Renderer(workers=0)
    first = await renderer.table(_view(0), "en")
    assert await renderer.table(_view(0), "en") == first
    assert await renderer.table(_view(0), "en", picture_key(_view(0), "en")) == first
    assert drawn == [(0, "en")]
    await renderer.table(_view(0), "hu")
    await renderer.table(_view(1), "en")
    assert drawn == [(0, "en"), (0, "hu"), (1, "en")]
    # Only the newest are kept: two more than fit, and the two oldest are drawn again.
    for n in range(2, KEPT_PICTURES + 1):
        await renderer.table(_view(n), "en")
    await renderer.table(_view(1), "en")
    assert drawn[-1] == (KEPT_PICTURES, "en")
    await renderer.table(_view(0), "en")
    assert drawn[-1] == (0, "en")
