"""Self-play's policies: ``mixed`` (the command line's default) plays every other game with
the engine's heuristic player, by the game's seed alone."""

from __future__ import annotations

import pytest

from rules import selfplay
from rules.stoneage import GAME


def test_mixed_plays_every_other_game_each_way() -> None:
    mixed = selfplay.run(GAME, games=4, seed=3, players=2, policy="mixed")
    assert (mixed.coverage["policy.greedy"], mixed.coverage["policy.uniform"]) == (2, 2)
    assert mixed.errors == 0 and mixed.finished == 4


def test_a_mixed_game_is_the_game_its_policy_plays_alone() -> None:
    """A game of odd seed in a mixed run is the heuristic player's game of that seed: the same
    actions and features, so a mixed run is the two kinds of games side by side."""
    seed = 5 * 1_000_003
    report = selfplay.Report(GAME.name, 2)
    alone = selfplay.Report(GAME.name, 2)
    selfplay.Runner(GAME, report, policy="mixed").play(seed, 2)
    selfplay.Runner(GAME, alone, policy="greedy").play(seed, 2)
    assert seed % 2 == 1 and report.coverage.pop("policy.greedy") == 1
    assert report.actions == alone.actions and report.coverage == alone.coverage


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown self-play policy"):
        selfplay.run(GAME, games=1, seed=1, policy="clever")
