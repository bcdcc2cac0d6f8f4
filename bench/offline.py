"""Benchmarks that need no bot: table rendering and random playouts."""

from __future__ import annotations

import statistics
import time
from typing import Any

import render
from render import hyphens
from rules import get_game
from rules.core import Rng
from rules.selfplay import random_action
from rules.views import View


def playout(engine: Any, players: int, seed: int) -> tuple[Any, int]:
    """One random game to its end; returns the final state and the number of actions."""
    rng = Rng(seed)
    state = engine.setup([f"p{i}" for i in range(players)], {}, seed)
    actions = 0
    while engine.outcome(state) is None:
        seat = engine.pending(state)[0].seat
        state, _ = engine.apply(state, seat, random_action(engine, state, seat, rng))
        actions += 1
    return state, actions


def measure_playouts(game: str, seed: int, seconds: float = 3.0) -> float:
    """Complete random games per second (2-4 players in turn), over about ``seconds``."""
    engine = get_game(game)
    counts = range(engine.min_players, engine.max_players + 1)
    started = time.perf_counter()
    games = 0
    while time.perf_counter() - started < seconds:
        playout(engine, counts[games % len(counts)], seed + games)
        games += 1
    return round(games / (time.perf_counter() - started), 1)


def sample_views(game: str, seed: int, count: int = 60) -> list[View]:
    """Public views from random games, spread over openings, middles and endings."""
    engine = get_game(game)
    views: list[View] = []
    rng = Rng(seed)
    players = engine.max_players
    while len(views) < count:
        state = engine.setup([f"p{i}" for i in range(players)], {}, rng.next64() >> 1)
        step = 0
        while engine.outcome(state) is None:
            seat = engine.pending(state)[0].seat
            state, _ = engine.apply(state, seat, random_action(engine, state, seat, rng))
            step += 1
            if step % 17 == 0:
                views.append(engine.view(state, None))
        views.append(engine.view(state, None))
        players = engine.min_players + (players - engine.min_players + 1) % (
            engine.max_players - engine.min_players + 1
        )
    return views[:count]


#: Tables drawn before measuring (docs/performance.md, "Render").
_WARM_UP = 12


def move_views(game: str, seed: int, games: int = 4, actions: int = 60) -> list[list[View]]:
    """The public view after each of the first ``actions`` actions of ``games`` games of the
    heuristic players (two players, then the most, in turn): the tables a bot draws, in the
    order it draws them."""
    engine = get_game(game)
    played: list[list[View]] = []
    for g in range(games):
        players = engine.min_players if g % 2 == 0 else engine.max_players
        rng = Rng(seed + g)
        state = engine.setup([f"p{i}" for i in range(players)], {}, seed + g)
        views: list[View] = []
        while engine.outcome(state) is None and len(views) < actions:
            seat = engine.pending(state)[0].seat
            action = random_action(engine, state, seat, rng, greedy=True)
            state, _ = engine.apply(state, seat, action)
            views.append(engine.view(state, None))
        played.append(views)
    return played


def measure_move_render(game: str, seed: int) -> dict[str, float]:
    """Mean time and size of the table drawn after each move, game after game, as one render
    worker draws them: what a picture after the previous one of the same game costs (layers
    and texts the previous move left are reused), where :func:`measure_render`'s positions
    are each of a game of their own."""
    times: list[float] = []
    sizes: list[int] = []
    for views in move_views(game, seed + 7):
        for i, view in enumerate(views):
            started = time.perf_counter()
            png = render.table_png(view, lang="en")
            if i >= _WARM_UP:  # the first tables of a game load what its later ones reuse
                times.append((time.perf_counter() - started) * 1000)
                sizes.append(len(png))
    return {
        "render_moves_ms": round(statistics.fmean(times), 1),
        "png_moves_kb": round(statistics.fmean(sizes) / 1024, 1),
    }


def measure_render(game: str, seed: int) -> dict[str, float]:
    """Mean time and mean size of a public table image, plus the worst size seen."""
    views = sample_views(game, seed)
    # A running render worker has drawn many tables: fonts, card faces, hyphenation
    # dictionaries and static layers are loaded once per process, in either language. Warm
    # them on positions of other games, so that the positions measured still bring their own
    # new texts and boards.
    for i, view in enumerate(sample_views(game, seed + 1, _WARM_UP)):
        render.table_png(view, lang="hu" if i % 2 else "en")
    for lang in ("en", "hu"):  # the warm-up tables may have hyphenated no word
        hyphens.load(lang)
    times: list[float] = []
    sizes: list[int] = []
    for i, view in enumerate(views):
        started = time.perf_counter()
        png = render.table_png(view, lang="hu" if i % 2 else "en")
        times.append((time.perf_counter() - started) * 1000)
        sizes.append(len(png))
    return {
        "render_ms": round(statistics.fmean(times), 1),
        "render_p95_ms": round(statistics.quantiles(times, n=20)[-1], 1),
        "png_kb": round(statistics.fmean(sizes) / 1024, 1),
        "png_max_kb": round(max(sizes) / 1024, 1),
    }
