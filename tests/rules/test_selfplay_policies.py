"""Self-play's policies: ``mixed`` (the command line's default) plays every other game with
the engine's heuristic player, by the game's seed alone."""

from __future__ import annotations

import pytest

from rules import selfplay
from rules.core import Event
from rules.stoneage import GAME
from rules.stoneage.engine import StoneAgeGame
from rules.stoneage.state import StoneAgeState


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


class _Crashing(StoneAgeGame):
    """Stone Age whose engine breaks (a KeyError) on some game's tenth action."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def apply_tokens(self, state: StoneAgeState, seat: int, toks: list[str]) -> list[Event]:
        self.calls += 1
        if self.calls == 10:
            raise KeyError("gone")
        return super().apply_tokens(state, seat, toks)


def test_an_engine_crash_is_an_error_of_its_game_and_the_run_goes_on() -> None:
    """An exception from the engine is a finding with its seed, not the end of the run."""
    report = selfplay.run(_Crashing(), games=3, seed=2, players=2, policy="uniform")
    assert (report.games, report.finished, report.errors) == (3, 2, 1)
    (message,) = report.messages
    assert message.startswith(f"seed {2 * 1_000_003}: KeyError: 'gone' at ")
