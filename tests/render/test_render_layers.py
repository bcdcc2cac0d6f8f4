"""Cached layers are never stale: the table of every position along seeded self-played games,
drawn in order with the layer caches on (so that each picture meets the layers the previous
positions left), has the same pixels as drawn with every layer afresh (render.layers).

A layer whose key missed something it draws would be pasted from an earlier position that
differs in just that, so the positions are consecutive (or close): most of a layer's fields
change one at a time from one position to the next."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
from render import layers
from render.civ import panels, table
from render.clash import legend, terrain
from render.stoneage import board, players
from rules import get_game
from rules.core import Rng
from rules.selfplay import random_action
from rules.views import View


def _positions(game: str, players: int, seed: int, every: int, count: int) -> list[View]:
    """Every ``every``-th public view of one game of the heuristic players (who explore),
    ``count`` at most."""
    engine = get_game(game)
    rng = Rng(seed)
    state = engine.setup([f"p{i}" for i in range(players)], {}, seed)
    views: list[View] = []
    step = 0
    while engine.outcome(state) is None and len(views) < count:
        seat = engine.pending(state)[0].seat
        state, _ = engine.apply(state, seat, random_action(engine, state, seat, rng, greedy=True))
        step += 1
        if step % every == 0:
            views.append(engine.view(state, None))
    return views


def _pixels(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGB").tobytes()


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_clash_layers_match_drawing_afresh(players: int, seed: int) -> None:
    views = _positions("clash", players, seed, every=7, count=14)
    assert len(views) >= 8
    # Turned up regions along the game: the ground layer must follow them.
    assert len({len(v["map"]["unexplored"]) for v in views}) > 1
    for i, view in enumerate(views):
        lang = "hu" if i % 3 == 2 else "en"
        cached = render.table_png(view, lang=lang)
        with layers.caching(False):
            fresh = render.table_png(view, lang=lang)
        assert _pixels(cached) == _pixels(fresh), f"position {i}"
    assert len(terrain._GROUNDS) and len(legend._LEGENDS)


def _same_pixels_along(views: list[View]) -> None:
    """Each view drawn in order with the caches on gives the pixels of drawing it afresh;
    languages and display names vary, since layers hold both."""
    for i, view in enumerate(views):
        lang = "hu" if i % 3 == 2 else "en"
        names = ["Ann", "Ödön", "Bea", "Cy"][: len(view["players"])] if i % 4 == 3 else None
        cached = render.table_png(view, lang=lang, names=names)
        with layers.caching(False):
            fresh = render.table_png(view, lang=lang, names=names)
        assert _pixels(cached) == _pixels(fresh), f"position {i}"


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_civ_layers_match_drawing_afresh(players: int, seed: int) -> None:
    views = _positions("civ", players, seed, every=1, count=40)
    assert len(views) >= 20
    _same_pixels_along(views)
    assert len(panels._CELLS) and len(panels._NAME_ROWS)
    assert len(table._SHARED) and len(table._DECKS)


@pytest.mark.parametrize(("players_", "seed"), [(2, 31), (4, 32)])
def test_stoneage_layers_match_drawing_afresh(players_: int, seed: int) -> None:
    views = _positions("stoneage", players_, seed, every=1, count=60)
    assert len(views) >= 40
    # Rounds go by: people go out and come home, cards and buildings are taken.
    assert len({v["round"] for v in views}) > 2
    _same_pixels_along(views)
    assert len(players._GROUPS) and len(players._NAME_ROWS) and len(players._KEYS)
    assert len(board._LOCATIONS) and len(board._SPACES)
