"""Phase 1: capacities, one group per location, the 2-3 player rules, caps, no passing."""

from __future__ import annotations

from test_stoneage_support import (
    PLAYERS2,
    PLAYERS3,
    PLAYERS4,
    board,
    kinds,
    position,
    prompt_of,
    refused,
    run,
    tokens,
)


def test_players_alternate_one_location_at_a_time() -> None:
    """The first player places, then the next clockwise; people leave home."""
    state = position(PLAYERS3, first="bob")
    assert prompt_of(state, "bob") == "place"
    state, events = run(state, "bob: place hunting 3")
    assert kinds(events) == ["placed"] and prompt_of(state, "carol") == "place"
    state, _ = run(state, "carol: place forest 2", "alice: place field")
    assert prompt_of(state, "bob") == "place"
    assert state.at[0] == [0, 3, 0]


def test_hunting_is_unlimited_but_once_per_player() -> None:
    """Any number of people hunt; a player may not add a second group."""
    state = position(PLAYERS2, seats={"alice": {"people": 10}})
    state, _ = run(state, "alice: place hunting 9", "bob: place hunting 5")
    assert refused(state, "alice: place hunting 1").code == "already_there"


def test_resource_site_holds_seven_in_total() -> None:
    """Forest: 5 + 2 fills it; then it is full; counts above the room are refused."""
    state = position(PLAYERS4)
    state, _ = run(state, "alice: place forest 5")
    err = refused(state, "bob: place forest 3")
    assert err.code == "too_many_people" and err.params["max"] == 2
    assert tokens(state, "bob", "place", "forest") == ["1", "2"]
    state, _ = run(state, "bob: place forest 2")
    assert refused(state, "carol: place forest 1").code == "location_full"
    assert "forest" not in tokens(state, "carol", "place")


def test_one_group_per_location() -> None:
    """A player with people on the quarry cannot add more there later."""
    state = position(PLAYERS4)
    state, _ = run(state, "alice: place quarry 2", "bob: place hunting 1", "carol: place hunting 1")
    state, _ = run(state, "dave: place hunting 1")
    assert refused(state, "alice: place quarry 1").code == "already_there"


def test_tool_maker_field_and_hut_capacity() -> None:
    """Tool maker and field take one person, the hut exactly two of one player."""
    state = position(PLAYERS4)
    state, _ = run(state, "alice: place hut", "bob: place toolmaker", "carol: place field")
    assert state.at[6][0] == 2 and state.at[5][1] == 1 and state.at[7][2] == 1
    for where in ("hut", "toolmaker", "field"):
        assert refused(state, f"dave: place {where}").code == "location_full"
    assert refused(state, "dave: place hut 2").code == "location_full"


def test_village_locations_take_no_count() -> None:
    """``place toolmaker 1`` has a token too many."""
    state = position(PLAYERS4)
    assert refused(state, "alice: place toolmaker 1").code == "too_many_tokens"
    assert refused(state, "alice: place forest").code == "missing_argument"


def test_hut_needs_two_people_at_home() -> None:
    """With one person left the hut is refused and not offered."""
    state = position(PLAYERS4)
    state, _ = run(
        state,
        "alice: place hunting 4",
        "bob: place hunting 1",
        "carol: place hunting 1",
        "dave: place hunting 1",
    )
    err = refused(state, "alice: place hut")
    assert err.code == "not_enough_people" and err.params["need"] == 2
    assert "hut" not in tokens(state, "alice", "place")


def test_caps_forbid_useless_village_placements() -> None:
    """10 people: no hut; food track 10: no field; tools 12: no tool maker."""
    state = position(PLAYERS4, seats={"alice": {"people": 10, "agriculture": 10, "tools": 12}})
    for where in ("hut", "field", "toolmaker"):
        assert refused(state, f"alice: place {where}").code == "at_maximum"
        assert where not in tokens(state, "alice", "place")


def test_cards_and_buildings_take_one_person_each() -> None:
    """Card 2 and building 1 are taken; the same player may take another card."""
    state = position(PLAYERS4)
    state, events = run(state, "alice: place card 2", "bob: place building 1")
    assert kinds(events) == ["placed_card", "placed_building"]
    assert refused(state, "carol: place card 2").code == "location_full"
    assert refused(state, "carol: place building 1").code == "location_full"
    assert refused(state, "carol: place card 5").code == "bad_position"
    state, _ = run(state, "carol: place hunting 1", "dave: place hunting 1")
    state, _ = run(state, "alice: place card 3")
    assert state.card_spot == [-1, 0, 0, -1]
    assert refused(state, "bob: place card 3").code == "location_full"


def test_two_players_use_only_two_village_locations() -> None:
    """After hut and field, the tool maker is blocked this round (view: usable false)."""
    from rules.stoneage import GAME

    state = position(PLAYERS2)
    state, _ = run(state, "alice: place hut", "bob: place field")
    assert refused(state, "alice: place toolmaker").code == "blocked_by_player_count"
    assert GAME.view(state, None)["usable"] == {"toolmaker": False, "hut": True, "field": True}


def test_two_players_one_player_per_resource_site() -> None:
    """With 2 players a forest used by alice is closed to bob."""
    state = position(PLAYERS2)
    state, _ = run(state, "alice: place forest 2")
    assert refused(state, "bob: place forest 1").code == "blocked_by_player_count"
    assert "forest" not in tokens(state, "bob", "place")


def test_three_players_two_players_per_resource_site() -> None:
    """With 3 players the second player may join a site, the third may not."""
    state = position(PLAYERS3)
    state, _ = run(state, "alice: place river 2", "bob: place river 2")
    assert refused(state, "carol: place river 1").code == "blocked_by_player_count"


def test_four_players_no_restrictions() -> None:
    """With 4 players all three village locations and four groups on one site are fine."""
    state = position(PLAYERS4)
    state, _ = run(
        state,
        "alice: place hut",
        "bob: place field",
        "carol: place toolmaker",
        "dave: place forest 1",
        "alice: place forest 1",
        "bob: place forest 1",
        "carol: place forest 1",
    )
    assert state.at[1] == [1, 1, 1, 1]


def test_no_passing_and_skipping_players_who_cannot_place() -> None:
    """The only actions are placements; a player with nothing legal left is skipped.

    Bob hunts with everyone; alice keeps placing alone until she is done, then phase 2.
    """
    state = position(PLAYERS2, first="bob")
    state, _ = run(state, "bob: place hunting 5")
    assert tokens(state, "alice") == ["place"]
    state, _ = run(state, "alice: place forest 2")
    assert prompt_of(state, "alice") == "place"
    state, _ = run(state, "alice: place quarry 2", "alice: place clay 1")
    assert state.phase == "resolve"


def test_last_single_option_is_placed_automatically() -> None:
    """Alice's last person can only go hunting: it goes there by itself (an event says so)."""
    seats = {"alice": {"people": 7, "agriculture": 10, "tools": 12}}
    state = position(PLAYERS2, first="bob", seats=seats)
    state, _ = run(
        state,
        "bob: place forest 1",
        "alice: place card 1",
        "bob: place clay 1",
        "alice: place card 2",
        "bob: place quarry 1",
        "alice: place card 3",
        "bob: place river 1",
        "alice: place card 4",
        "bob: place hunting 1",
        "alice: place building 1",
    )
    state, events = run(state, "alice: place building 2")
    assert kinds(events)[:3] == ["placed_building", "placed", "phase_resolve"]
    assert events[1].params == {"player": "alice", "location": "hunting", "count": 1}
    assert board(state, "alice").people == 7


def test_placement_ends_when_nobody_can_place() -> None:
    """With everyone placed, phase 2 starts with the first player; with one location each
    nothing is left to decide, so the whole round runs through to the next one."""
    state = position(PLAYERS2, first="bob", dice=[6] * 5 + [1] * 5)
    state, events = run(state, "bob: place hunting 5", "alice: place hunting 5")
    done = kinds(events)
    assert done[done.index("phase_resolve") :] == [
        "phase_resolve",
        "rolled",
        "gained",
        "rolled",
        "gained",
        "fed",
        "fed",
        "round",
    ]
    assert [e.params["player"] for e in events if e.kind == "stoneage.rolled"] == ["bob", "alice"]
    assert board(state, "bob").food == 12 + 15 - 5 and board(state, "alice").food == 12 + 2 - 5
    assert state.round == 2 and state.first == 0 and state.phase == "place"
