"""The CIV pictures drawn from views the real engine produces, along a seeded random game."""

from __future__ import annotations

import pytest

import render
from rules.core import Rng, act, join

civ = pytest.importorskip("rules.civ")


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (["alice", "bob"], {}),
        (["alice", "bob", "carol", "dave"], {"teams": True, "deal": "draft"}),
    ],
)
def test_views_along_a_game_render_and_never_show_hands(
    players: list[str], options: dict[str, object]
) -> None:
    """Every tenth position: the table from a seat's view equals the spectator's table, and
    the hand image of the seat that acted renders."""
    game = civ.GAME
    state = game.setup(players, options, 7)
    rng = Rng(11)
    for step in range(1000):
        if game.outcome(state) is not None:
            break
        seat = game.pending(state)[rng.randrange(len(game.pending(state)))].seat
        prefix: list[str] = []
        while True:
            options_now = game.choices(state, seat, prefix)
            choice = options_now[rng.randrange(len(options_now))]
            prefix.append(choice.token)
            if choice.complete and (not choice.more or rng.randrange(2)):
                break
        state, _ = act(game, state, seat, join(prefix))
        if step % 10 == 0:
            public = render.table_png(game.view(state, None), lang="hu")
            assert render.table_png(game.view(state, seat), lang="hu") == public
            assert render.hand_png(game.view(state, seat), lang="en").startswith(b"\x89PNG")
    assert game.outcome(state) is not None
    final = render.table_png(game.view(state, None), lang="en")
    assert len(final) < 300_000
