"""Games only the tests know (``tests.e2e.long_game``, ``tests.synthetic.proving``), made
playable for the length of one test: never in ``rules._ENGINES`` for good, so no lobby offers
them."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from PIL import Image

import locales
import render
import rules


def register_test_game(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    module: str,
    texts: Mapping[str, Any],
    *,
    listed: bool = False,
) -> None:
    """Make ``name`` (the ``GAME`` of ``module``) a game, with its English ``texts``
    (Hungarian falls back to them), drawn as a blank picture with a plain alt text.
    ``listed`` also adds it to ``rules.GAME_NAMES`` (what transcripts accept), which a lobby
    never reads again once its commands are built."""
    monkeypatch.setitem(rules._ENGINES, name, module)
    if listed:
        monkeypatch.setattr(rules, "GAME_NAMES", (*rules.GAME_NAMES, name))
        monkeypatch.setattr(rules, "ENGINE_NAMES", (*rules.ENGINE_NAMES, name))
    messages = locales._catalogue(locales.DEFAULT).messages
    for key, text in texts.items():
        monkeypatch.setitem(messages, key, text)
    drawn = render.renderers

    def blank(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> bytes:
        return _PNG

    def renderers(game: str) -> tuple[Any, Any]:
        return (blank, blank) if game == name else drawn(game)

    monkeypatch.setattr(render, "renderers", renderers)
    described = render.describer

    def plain(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> str:
        return f"{name}: a blank picture"

    def describer(game: str) -> Any:
        return plain if game == name else described(game)

    monkeypatch.setattr(render, "describer", describer)


def _blank_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


_PNG = _blank_png()
