"""The position format reaches every state of a real game (docs/transcripts.md).

Random games are played; at every state the position describing it is written out
(tests/rules/position_export.py) and set up again, and the rebuilt state must equal the real
one: mid-draft, mid-round, inside a multi-step effect, while feeding, after resignations.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from position_export import civ_position, comparable, random_states, stoneage_position

from rules import get_game

CASES = [
    ("civ", 2, {}),
    ("civ", 3, {"deal": "draft"}),
    ("civ", 4, {"deal": "draft", "partial_effects": True}),
    ("civ", 4, {"teams": True}),
    ("stoneage", 2, {}),
    ("stoneage", 3, {"open_cards": True}),
    ("stoneage", 4, {}),
]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_every_reached_state_is_a_position(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """setup_position(position_of(state)) == state, for every state of a few random games."""
    game = get_game(name)
    export = civ_position if name == "civ" else stoneage_position
    where: Counter[str] = Counter()
    for seed in range(3):
        for state in random_states(game, 100 * players + seed, players, options):
            handles = list(state.players)
            rebuilt = game.setup_position(handles, options, seed, export(state))
            assert comparable(game, rebuilt) == comparable(game, state)
            assert game.check_invariants(rebuilt) == []
            where[state.step if name == "civ" else f"{state.phase}/{state.sub}"] += 1
    # The games went through the places the format has to reach.
    if name == "civ":
        wanted = {"play", "effects", "inquisition_return", "breakthrough_discard"}
        wanted |= {"draft_keep", "draft_pick"} if options.get("deal") else set()
    else:
        wanted = {"place/None", "resolve/None", "feed/None"}
        wanted |= {f"resolve/{sub}" for sub in ("tools", "pay_card", "pay_building", "pick")}
    assert wanted <= set(where)
