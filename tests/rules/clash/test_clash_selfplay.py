"""Self-play (``rules.selfplay``): complete games (moving, exploring, founding) with every check
on (invariants
after each action, snapshots, refusals of mutated actions, quiet seats), and snapshots."""

from __future__ import annotations

import json

import pytest
from test_clash_support import PLAYERS3, comparable, played, position, rich

from rules import selfplay
from rules.clash import GAME
from rules.core import Rng, act
from rules.selfplay import random_action


def _finish_cleanly(players: int, games: int) -> selfplay.Report:
    report = selfplay.Report("clash", players)
    runner = selfplay.Runner(GAME, report, roundtrip_every=3, illegal_every=2)
    for i in range(games):
        runner.play(players * 1_000 + i, players)
    assert report.errors == 0, report.messages
    assert report.finished == report.games == games
    ends = ("end.rounds", "end.no_city", "end.resigned", "end.last_standing")
    assert sum(report.coverage[k] for k in ends) == games
    # 6 rounds of 3 turns per player; a turn is at most `end` and three actions, the Move
    # action being one answer per group (3) and one per exploration decision (3 more); the
    # status phase and battles add answers of their own, far fewer.
    assert report.actions <= games * 6 * 3 * players * (1 + 3 * 7)
    assert report.coverage["illegal.unknown_action"] and report.coverage["illegal.not_your_turn"]
    return report


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_cleanly(players: int) -> None:
    report = _finish_cleanly(players, 4)
    assert report.coverage["clash.moved"] and report.coverage["clash.advance_bought"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_finish_cleanly(players: int) -> None:
    """Battles are rare in uniformly random play (few players build armies with Tactics):
    test_clash_combat.py's random battles cover them."""
    report = _finish_cleanly(players, 40)
    for kind in ("explored", "city_founded", "collected", "free_advance"):
        assert report.coverage[f"clash.{kind}"], kind


@pytest.mark.parametrize("players", [3, 4])
def test_games_with_resignations_finish_cleanly(players: int) -> None:
    """Random seats resign at random moments (self-play's own resignations are rare): the
    invariants hold throughout and every game ends."""
    handles = [f"p{i}" for i in range(players)]
    for seed in range(6):
        rng = Rng(seed)
        state = GAME.setup(handles, {}, seed)
        quits = {rng.randrange(60): rng.randrange(players) for _ in range(players - 1)}
        for step in range(2000):
            if state.outcome is not None:
                break
            if step in quits and not state.seats[quits[step]].resigned:
                state, _ = GAME.resign(state, quits[step])
            else:
                prompt = GAME.pending(state)[0]  # the turn's (trading offers come after it)
                state, _ = act(
                    GAME, state, prompt.seat, random_action(GAME, state, prompt.seat, rng)
                )
            assert GAME.check_invariants(state) == []
        assert state.outcome is not None
        assert state.outcome.reason in ("rounds", "no_city", "last_standing")


def _snapshot_roundtrip(state: object) -> None:
    data = json.loads(json.dumps(GAME.to_json(state)))  # type: ignore[arg-type]
    again = GAME.from_json(data)
    assert again == state
    assert json.loads(json.dumps(GAME.to_json(again))) == data


def test_snapshots_round_trip_exactly() -> None:
    """to_json / from_json give back the very same state (the generator included)."""
    _snapshot_roundtrip(position(rich()))
    _snapshot_roundtrip(position({"phase": "status", "status": {"step": 2}}, PLAYERS3))
    for state in played(PLAYERS3, 5, 60):
        _snapshot_roundtrip(state)
    state = GAME.resign(position(rich()), 0)[0]
    assert state.outcome is not None
    _snapshot_roundtrip(state)


def test_a_snapshot_of_another_version_is_refused() -> None:
    data = GAME.to_json(position(rich()))
    assert (data["version"], data["game"]) == (2, "clash")
    for version in (0, 3, "2", None):
        with pytest.raises(ValueError):
            GAME.from_json({**data, "version": version})


def test_apply_leaves_its_input_alone() -> None:
    state = position(rich())
    before = GAME.to_json(state)
    after, _ = GAME.apply(state, 0, "end")
    assert GAME.to_json(state) == before and comparable(after) != comparable(state)
