"""Transcript positions (docs/transcripts.md): fields, defaults, validation, fixed dice."""

from __future__ import annotations

from typing import Any

import pytest
from test_stoneage_support import PLAYERS2, PLAYERS3, board, position, run

from rules.core import IllegalAction
from rules.stoneage import GAME
from rules.stoneage.data import BUILDING_TILES, CARD_IDS


def test_default_position_is_a_fresh_round_one() -> None:
    """Without fields: 5 people, 12 food, 4 cards on display, 7 tiles per stack."""
    state = position(PLAYERS3, fill_deck=True)
    assert state.round == 1 and state.phase == "place" and state.first == 0
    assert len(state.deck) == 32 and all(len(s) == 7 for s in state.stacks)
    assert len(state.removed) == 7
    me = board(state, "alice")
    assert (me.people, me.food, me.agriculture, me.tool_value) == (5, 12, 0, 0)
    assert GAME.check_invariants(state) == []


def test_every_seat_field_is_read() -> None:
    """people, food, agriculture, resources, tools, one-use tools, cards, buildings, points."""
    state = position(
        PLAYERS2,
        round=4,
        first="bob",
        seats={
            "alice": {
                "people": 7,
                "food": 3,
                "agriculture": 2,
                "resources": {"wood": 1, "gold": 2},
                "tools": [2, 1, 1],
                "one_use_tools": ["S07"],
                "cards": ["G01"],
                "buildings": ["B01"],
                "points": {"buildings": 10, "cards": 3, "penalties": -10},
                "medicine": 1,
            }
        },
    )
    me = board(state, "alice")
    assert (me.people, me.food, me.agriculture, me.resources) == (7, 3, 2, [1, 0, 0, 2])
    assert me.tools == [2, 1, 1] and me.one_use == ["S07"] and me.cards == ["G01", "S07"]
    assert me.buildings == ["B01"] and me.score == 3 and me.medicine == 1
    assert state.round == 4 and state.first == 1 and GAME.pending(state)[0].seat == 1
    assert GAME.check_invariants(state) == []


def test_display_deck_stacks_and_dice_are_fixed() -> None:
    """The listed display, deck top, stack tops and dice are used as given."""
    state = position(
        PLAYERS2,
        display=["S01", "S02", "S03", "S04"],
        deck=["G16", "G15"],
        buildings=[["V17a", "B01"], ["B02"]],
        dice=[6, 6, 6],
        first="alice",
    )
    assert state.display == ["S01", "S02", "S03", "S04"] and state.deck[:2] == ("G16", "G15")
    assert state.stacks == [("V17a", "B01"), ("B02",)]
    state, _ = run(state, "alice: place hunting 3", "bob: place hunting 5")
    state, _ = run(state, "alice: place forest 2")
    state, events = run(state, "alice: resolve hunting")
    assert events[0].params["dice"] == [6, 6, 6]


@pytest.mark.parametrize(
    ("pos", "code"),
    [
        ({"colour": 1}, "position_unknown_field"),
        ({"seats": {"alice": {"hand": []}}}, "position_unknown_field"),
        ({"seats": {"zed": {}}}, "position_bad_value"),
        ({"seats": {"alice": {"people": 11}}}, "position_bad_value"),
        ({"seats": {"alice": {"agriculture": 11}}}, "position_bad_value"),
        ({"seats": {"alice": {"tools": 13}}}, "position_bad_value"),
        ({"seats": {"alice": {"tools": [1, 2]}}}, "position_bad_value"),
        ({"seats": {"alice": {"resources": {"food": 1}}}}, "position_bad_value"),
        ({"seats": {"alice": {"one_use_tools": ["G01"]}}}, "position_bad_value"),
        ({"seats": {"alice": {"cards": ["G01"]}}, "deck": ["G01"]}, "position_duplicate"),
        (
            {"seats": {"alice": {"buildings": ["B01"]}}, "buildings": [["B01"]]},
            "position_duplicate",
        ),
        ({"dice": [7]}, "position_bad_value"),
        ({"first": "zed"}, "position_bad_value"),
        ({"display": ["G01", None, "G03", "G04"]}, "position_inconsistent"),
    ],
)
def test_bad_positions_are_refused(pos: dict[str, Any], code: str) -> None:
    """Unknown fields, bad values, duplicates and contradictions have specific codes."""
    with pytest.raises(IllegalAction) as info:
        position(PLAYERS2, **pos)
    assert info.value.code == code


def test_without_fill_every_card_must_be_placed() -> None:
    """fill_deck false: cards left over are refused with their count."""
    with pytest.raises(IllegalAction) as info:
        GAME.setup_position(["alice", "bob"], {}, 1, {"deck": list(CARD_IDS[:10])})
    assert info.value.code == "position_card_total" and info.value.params["count"] == 26


def test_without_fill_buildings_every_stack_must_be_listed() -> None:
    """fill_buildings false and one stack for two players: refused."""
    with pytest.raises(IllegalAction) as info:
        position(PLAYERS2, buildings=[["B01"]], fill_buildings=False)
    assert info.value.code == "position_inconsistent"


def test_tiles_not_in_stacks_are_out_of_the_game() -> None:
    """28 tiles are conserved over stacks, owned buildings and the box."""
    state = position(PLAYERS2, buildings=[["B01"], ["B02"]])
    assert len(state.removed) == len(BUILDING_TILES) - 2
    assert GAME.check_invariants(state) == []
