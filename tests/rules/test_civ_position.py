"""Positions (setup_position) are validated with specific errors."""

from __future__ import annotations

from typing import Any

import pytest
from civ_support import position, rest_of_box

from rules.civ import GAME
from rules.core import IllegalAction


def _refused(pos: dict[str, Any], players: tuple[str, ...] = ("alice", "bob")) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.setup_position(list(players), {}, 1, pos)
    return info.value


@pytest.mark.parametrize(
    ("pos", "code"),
    [
        ({"fill_deck": True, "colour": 1}, "position_unknown_field"),
        ({"fill_deck": True, "seats": {"alice": {"pockets": {}}}}, "position_unknown_field"),
        ({"fill_deck": True, "seats": {"zoe": {}}}, "position_bad_value"),
        ({"fill_deck": True, "seats": {"alice": {"hand": {"gold": 1}}}}, "position_bad_value"),
        ({"fill_deck": True, "seats": {"alice": {"hand": {"science": -1}}}}, "position_bad_value"),
        ({"fill_deck": True, "deck": [[1, "utopia"]]}, "position_bad_value"),
        ({"fill_deck": True, "deck": [[4, "science"]]}, "position_bad_value"),
        ({"fill_deck": True, "step": "dance"}, "position_bad_value"),
        ({"fill_deck": True, "start": "zoe"}, "position_bad_value"),
        (
            {"fill_deck": True, "seats": {"alice": {"area": {"utopia": 17}}}},
            "position_too_many_cards",
        ),
        ({"fill_deck": True, "deck": [[1, "economy"]] * 5}, "position_too_many_cards"),
        ({"fill_deck": True, "removed": [[1, "military"]] * 4}, "position_removed"),
        ({}, "position_card_total"),
        ({"fill_deck": True, "final_round": True}, "position_inconsistent"),
        ({"fill_deck": True, "step": "play", "turn": {"played": True}}, "position_inconsistent"),
        ({"fill_deck": True, "step": "play", "turn": {"inspired": True}}, "position_inconsistent"),
        (
            {
                "fill_deck": True,
                "coin": {"holder": "alice", "target": "bob", "domain": "science", "level": 1},
            },
            "position_inconsistent",
        ),
        (
            {"fill_deck": True, "step": "deal", "seats": {"alice": {"hand": {"science": 1}}}},
            "position_inconsistent",
        ),
        ({"fill_deck": True, "seats": {"bob": {"resigned": True}}}, "position_inconsistent"),
    ],
)
def test_bad_positions_are_refused(pos: dict[str, Any], code: str) -> None:
    """Each mistake has its own code."""
    assert _refused(pos).code == code


def test_a_complete_position_without_fill_is_accepted_and_conserved() -> None:
    """Listing every card exactly (with 3 per age removed) gives a consistent state."""
    seats = {
        "alice": {"hand": {"science": 2}, "area": {"utopia": 3}},
        "bob": {"area": {"military": 1}},
    }
    deck = [[1, "military"], [2, "science"], [3, "utopia"]]
    state = position(
        fill_deck=False, seats=seats, deck=deck, **rest_of_box(("alice", "bob"), seats, deck)
    )
    assert GAME.check_invariants(state) == []
    assert GAME.view(state, None)["deck"] == {"total": 3, "by_age": {"1": 1, "2": 1, "3": 1}}


def test_fill_deck_completes_removed_cards_and_the_deck_by_age() -> None:
    """Unplaced cards go under the listed ones, age I first; 2-3 players remove 3 per age."""
    state = position(("alice", "bob", "carol"), deck=[[3, "utopia"]])
    assert GAME.check_invariants(state) == []
    assert len(state.removed) == 9
    ages = [c // 6 + 1 for c in state.deck]
    assert ages[0] == 3 and ages[1:] == sorted(ages[1:])
    four = position(("a", "b", "c", "d"))
    assert four.removed == () and GAME.check_invariants(four) == []


def test_position_fields_reach_the_state() -> None:
    """Active player, step, turn flags, embargoes, coin and turn number are applied."""
    seats = {
        "alice": {"area": {"culture": 2}},
        "bob": {"area": {"economy": 3}, "embargoed": ["science"]},
    }
    state = position(
        seats=seats,
        start="bob",
        active="alice",
        step="effects",
        turn_number=9,
        turn={"played": True, "used_permanent": ["economy"], "used_discard": [], "inspired": True},
        coin={"holder": "alice", "target": "bob", "domain": "economy", "level": 1},
    )
    view = GAME.view(state, None)
    assert (view["start_seat"], view["active"], view["step"], view["turn_number"]) == (
        1,
        0,
        "effects",
        9,
    )
    assert view["turn"] == {
        "played": True,
        "used_permanent": ["economy"],
        "used_discard": [],
        "inspired": True,
    }
    assert view["seats"][1]["embargoed"] == ["science"]
    assert view["coin"] == {"holder": 0, "target": 1, "domain": "economy", "level": 1}
    assert GAME.check_invariants(state) == []


def test_deal_position_deals_from_the_given_deck() -> None:
    """step=deal: the classic deal takes 3 cards each from the top, start player first."""
    deck = [[1, "military"]] * 3 + [[1, "science"]] * 3
    state = position(deck=deck, step="deal", start="bob")
    assert state.seats[1].hand == [3, 0, 0, 0, 0, 0]
    assert state.seats[0].hand == [0, 0, 0, 3, 0, 0]
    assert state.active == 1 and state.step == "play"
