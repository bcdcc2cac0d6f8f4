"""Resignation: two players end the game, three or four play on without the seat."""

from __future__ import annotations

import pytest
from test_stoneage_support import PLAYERS2, PLAYERS3, outcome_of, position, prompt_of, run

from rules.core import IllegalAction
from rules.stoneage import GAME


def test_two_players_resigning_loses() -> None:
    """The other player wins at once, even in the middle of a roll."""
    state = position(PLAYERS2, first="alice", seats={"alice": {"tools": 1}}, dice=[2, 2, 2, 3, 2])
    state, _ = run(state, "alice: place forest 3", "bob: place hunting 5")
    state, _ = run(state, "alice: place hunting 2", "alice: resolve forest")
    assert prompt_of(state, "alice") == "tools"
    state, events = GAME.resign(state, 1)
    assert GAME.check_invariants(state) == [] and GAME.view(state, None)["dice"] is None
    outcome = outcome_of(state)
    assert outcome.reason == "resigned" and outcome.ranks == (1, 2)
    assert events[0].kind == "stoneage.resigned"


def test_three_players_seat_leaves_the_board() -> None:
    """Bob's people leave, his turns are skipped, he ranks last; the others play on."""
    state = position(PLAYERS3, first="alice")
    state, _ = run(state, "alice: place forest 2", "bob: place card 1")
    state, _ = GAME.resign(state, 1)
    assert state.card_spot[0] == -1 and prompt_of(state, "carol") == "place"
    state, _ = run(state, "carol: place card 1")
    assert prompt_of(state, "alice") == "place"
    with pytest.raises(IllegalAction) as info:
        GAME.resign(state, 1)
    assert info.value.code == "already_resigned"
    state, _ = GAME.resign(state, 2)
    outcome = outcome_of(state)
    assert outcome.reason == "last_standing" and outcome.ranks == (1, 3, 2)


def test_resigning_during_a_roll_drops_it() -> None:
    """The active player's waiting roll is dropped and the next player resolves."""
    state = position(PLAYERS3, first="alice", seats={"alice": {"tools": 2}}, dice=[6, 5])
    state, _ = run(
        state,
        "alice: place quarry 2",
        "bob: place hunting 5",
        "carol: place hunting 5",
        "alice: place hunting 3",
    )
    state, _ = run(state, "alice: resolve quarry")
    assert prompt_of(state, "alice") == "tools"
    state, _ = GAME.resign(state, 0)
    assert GAME.check_invariants(state) == []
    assert GAME.pending(state) and prompt_of(state, "alice") is None


def test_buyer_resigning_during_dice_for_all() -> None:
    """The others still pick their dice, then the next player resolves."""
    state = position(
        PLAYERS3,
        first="alice",
        display=["G02", "G01", "G03", "G04"],
        seats={"alice": {"resources": {"wood": 1}}},
        dice=[1, 3, 6],
    )
    state, _ = run(
        state,
        "alice: place card 1",
        "bob: place hunting 5",
        "carol: place hunting 5",
        "alice: place hunting 4",
    )
    state, _ = run(state, "alice: resolve card 1", "alice: buy wood")
    assert prompt_of(state, "alice") == "pick"
    state, _ = GAME.resign(state, 0)
    assert GAME.check_invariants(state) == []
    assert prompt_of(state, "bob") == "pick"
    state, _ = run(state, "bob: pick 6")
    assert GAME.check_invariants(state) == [] and prompt_of(state, "carol") == "pick"
    state, _ = run(state, "carol: pick 3")
    assert GAME.check_invariants(state) == [] and state.dfa is None
    assert state.seats[2].resources == [0, 0, 1, 0]
