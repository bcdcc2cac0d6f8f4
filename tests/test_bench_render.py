"""The bench's picture measures: the positions after each move are a game's own, in order."""

from __future__ import annotations

import itertools
from typing import cast

from bench.offline import move_views
from rules import get_game
from rules.civ.views import CivView


def test_move_views_follow_one_game_each_move_after_the_last() -> None:
    played = move_views("civ", 3, games=2, actions=6)
    engine = get_game("civ")
    assert [len(views) for views in played] == [6, 6]
    # Two players, then the most: the positions cover both ends of the player counts.
    assert [len(views[0]["players"]) for views in played] == [
        engine.min_players,
        engine.max_players,
    ]
    for views in played:
        # Each position is one action after the one before it: no two alike, turns in order.
        assert all(a != b for a, b in itertools.pairwise(views))
        turns = [cast(CivView, v)["turn_number"] for v in views]
        assert turns == sorted(turns) and turns[0] == 1
