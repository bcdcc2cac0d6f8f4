"""Snapshots round-trip; apply never changes its input."""

from __future__ import annotations

import json

import pytest
from civ_support import random_states

from rules.civ import GAME
from rules.core import act


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"deal": "draft"}), (3, {}), (4, {"teams": True})]
)
def test_snapshots_round_trip_through_json_text(players: int, options: dict) -> None:
    """from_json(to_json(s)) equals s at every point of a game, via real JSON text."""
    for state in random_states(players, players, options, every=4):
        data = GAME.to_json(state)
        assert data["version"] == 1
        again = GAME.from_json(json.loads(json.dumps(data)))
        assert again == state
        assert GAME.to_json(again) == data


def test_unknown_snapshot_version_is_refused() -> None:
    """A snapshot from another version raises ValueError."""
    data = GAME.to_json(GAME.setup(["a", "b"], {}, 1))
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        GAME.from_json(data)


def test_apply_leaves_the_given_state_untouched() -> None:
    """Every action returns a new state; the old one (and its snapshot) are unchanged."""
    for state in random_states(8, 3, {}, every=3):
        if GAME.outcome(state) is not None:
            continue
        seat = GAME.pending(state)[0].seat
        before = GAME.to_json(state)
        prefix: list[str] = []
        while True:
            choice = GAME.choices(state, seat, prefix)[-1]
            prefix.append(choice.token)
            if choice.complete:
                break
        new, _ = act(GAME, state, seat, " ".join(prefix))
        assert GAME.to_json(state) == before
        assert new is not state
