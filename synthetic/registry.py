"""Making a game only the tests and the benchmarks know playable for a while.

What changes is listed once (:func:`patches`): the engine's module in ``rules._ENGINES`` (and
``rules.GAME_NAMES``/``ENGINE_NAMES`` when ``listed``), its English texts in the default
catalogue (Hungarian falls back to them), and a blank picture with a plain alt text for it in
``render``. Tests apply the list with pytest's ``monkeypatch`` (``tests.games_for_tests``);
a benchmark run with :func:`playable`, which puts everything back when it ends.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

import locales
import render
import rules


@dataclass(frozen=True)
class Patch:
    """One change: ``target[key] = value`` for a mapping, else ``setattr(target, key, value)``."""

    target: Any
    key: str
    value: Any

    @property
    def item(self) -> bool:
        return isinstance(self.target, MutableMapping)


def patches(name: str, module: str, texts: Mapping[str, Any], *, listed: bool) -> list[Patch]:
    """What makes ``name`` (the ``GAME`` of ``module``) a game, with its English ``texts``.
    ``listed`` also adds it to ``rules.GAME_NAMES`` (what transcripts accept), which a lobby
    never reads again once its commands are built."""
    out = [Patch(rules._ENGINES, name, module)]
    if listed:
        out.append(Patch(rules, "GAME_NAMES", (*rules.GAME_NAMES, name)))
        out.append(Patch(rules, "ENGINE_NAMES", (*rules.ENGINE_NAMES, name)))
    messages = locales._catalogue(locales.DEFAULT).messages
    out += [Patch(messages, key, text) for key, text in texts.items()]
    drawn, described = render.renderers, render.describer

    def blank(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> bytes:
        return _PNG

    def renderers(game: str) -> tuple[Any, Any]:
        return (blank, blank) if game == name else drawn(game)

    def plain(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> str:
        return f"{name}: a blank picture"

    def describer(game: str) -> Any:
        return plain if game == name else described(game)

    out += [Patch(render, "renderers", renderers), Patch(render, "describer", describer)]
    return out


@contextlib.contextmanager
def playable(
    name: str, module: str, texts: Mapping[str, Any], *, listed: bool = False
) -> Iterator[None]:
    """Within the block, ``name`` is a game (:func:`patches`); afterwards all is as before."""
    missing = object()
    undo: list[tuple[Patch, Any]] = []
    try:
        for patch in patches(name, module, texts, listed=listed):
            if patch.item:
                undo.append((patch, patch.target.get(patch.key, missing)))
                patch.target[patch.key] = patch.value
            else:
                undo.append((patch, getattr(patch.target, patch.key)))
                setattr(patch.target, patch.key, patch.value)
        yield
    finally:
        for patch, old in reversed(undo):
            if not patch.item:
                setattr(patch.target, patch.key, old)
            elif old is missing:
                del patch.target[patch.key]
            else:
                patch.target[patch.key] = old


def _blank_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


_PNG = _blank_png()
