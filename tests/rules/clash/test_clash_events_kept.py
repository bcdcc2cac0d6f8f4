"""Kept event cards (rules/clash/cards/kept_events.py): ``event <card> ...`` in a later turn of
their owner, without spending an action; the card then goes to the event discard pile."""

from __future__ import annotations

from typing import Any

import pytest
from clash_map import board, events, play, prompt, refused, tokens

from rules.clash import GAME
from rules.core import IllegalAction

JSON = Any


def keeping(*cards: str, **keys: JSON) -> Any:
    return board(ann={"kept_events": list(cards), **keys})


def test_a_kept_card_is_offered_as_a_free_action() -> None:
    state = keeping("E34")
    assert "event" in tokens(state)
    state, kinds = events(state, "event e34 culture")
    assert "clash.event_used" in kinds and state.turn_state.actions_left == 3
    assert state.seats[0].kept_events == () and state.cards.discards["event"] == ("E34",)
    assert state.seats[0].culture_tokens == 2


def test_great_artist_makes_a_city_happy() -> None:
    state = play(keeping("E34"), "event e34 d2")
    assert state.seats[0].cities[0].mood == "happy"


def test_brilliant_scientist_gains_an_advance_for_free() -> None:
    state = keeping("E33", resources={"food": 0})
    assert "storage" in tokens(state, "event", "e33")
    state = play(state, "event e33 storage")
    assert "storage" in state.seats[0].advances and state.seats[0].happiness_level == 1


def test_brilliant_scientists_advance_can_draw_an_event() -> None:
    state = board(
        ann={"kept_events": ["E33"], "happiness_level": 2},
        decks={"event": ["E15"]},
        fill_decks=True,
    )
    state, kinds = events(state, "event e33 storage")
    assert "clash.event_card" in kinds and state.seats[0].cities[0].mood == "angry"


def test_great_prophet_adds_a_temple_without_paying_or_activating() -> None:
    ann = {
        "kept_events": ["E35"],
        "advances": ["farming", "mining", "myths"],
        "cities": [{"hex": "D2"}, {"hex": "B3"}],
        "resources": {"food": 0},
    }
    state = board(ann=ann)
    assert tokens(state, "event", "e35") == ["b3", "d2"]
    state = play(state, "event e35 d2 culture")
    city = state.seats[0].city_at(state.board.parse("D2"))
    assert city is not None and city.piece("temple") is not None and city.activations == 0
    assert state.seats[0].culture_tokens == 1


def test_great_prophet_needs_myths_and_room_in_the_city() -> None:
    # One city: size 2 would pass the number of cities (p.6).
    state = keeping("E35", advances=["farming", "mining", "myths"])
    assert "event" not in tokens(state)
    assert refused(state, "event e35 d2 mood").code == "not_a_kept_event"


def test_great_engineer_increases_a_city_size_for_free() -> None:
    ann = {
        "kept_events": ["E37"],
        "advances": ["farming", "mining", "fishing"],
        "cities": [{"hex": "D2"}, {"hex": "B3"}],
    }
    state = play(board(ann=ann), "event e37 d2 port")
    city = state.seats[0].city_at(state.board.parse("D2"))
    assert city is not None and city.piece("port") is not None
    assert city.port_faces == state.board.parse("D3")


def test_great_general_is_kept_but_not_used_here() -> None:
    # Great General is the battle's (the combat engine reads kept_events); Great Explorer has
    # no face-down region next to ann's regions here (s1 is surrounded by explored ones).
    state = keeping("E36", "E38")
    assert "event" not in tokens(state)
    assert GAME.check_invariants(state) == []


def test_great_explorer_reveals_a_region_next_to_one_of_yours_then_gives_an_idea() -> None:
    state = keeping("E38", armies={"B3": 1}, resources={"ideas": 0})
    # r1 (with ann's army on B3) borders the face-down r4.
    assert "b4" in tokens(state, "event", "e38")
    state, kinds = events(state, "event e38 b4")
    while prompt(state) in ("explore_layout", "explore_barbarians"):
        state = play(state, tokens(state)[0])
    assert "clash.explored" in kinds and state.regions["r4"].explored
    assert state.seats[0].resources["ideas"] == 1 and state.exploring is None
    assert state.seats[0].armies == {state.board.parse("B3"): 1}
    assert state.cards.discards["event"] == ("E38",) and prompt(state) == "turn"


def test_an_unknown_kept_card_is_refused() -> None:
    state = keeping("E34")
    assert refused(state, "event e33 storage").code == "not_a_kept_event"
    assert refused(state, "event e34 e2").code == "not_an_event_use"
    assert prompt(state) == "turn"


def test_a_position_keeps_only_cards_kept_for_later() -> None:
    with pytest.raises(IllegalAction) as caught:
        keeping("E01")
    assert caught.value.params["problem"] == "kept_event_not_a_card_kept_for_later"


def test_use_kept_discards_great_general_for_the_combat_engine() -> None:
    from rules.clash.cards.kept_events import use_kept

    state = keeping("E36", "E34")
    event = use_kept(state, 0, "E36")
    assert event.kind == "clash.event_used" and state.seats[0].kept_events == ("E34",)
    assert state.cards.discards["event"] == ("E36",)


def settle(state: Any) -> Any:
    """Answer every decision with its first whole answer, up to the next turn's menu."""
    while (p := GAME.pending(state)[0]).kind != "turn":
        parts: list[str] = []
        while not (choice := GAME.choices(state, p.seat, parts)[0]).complete:
            parts.append(choice.token)
        state, _ = GAME.apply(state, p.seat, " ".join([*parts, choice.token]))
    return state


def test_a_card_kept_this_turn_waits_for_a_later_turn() -> None:
    """§4.1: "use it on a later turn of yours" (C85). ann draws Great Artist with her Advance:
    not usable now (an older copy of a card would be), usable in her next turn."""
    from rules.clash.position.export import position_of

    state = board(
        ann={"resources": {"ideas": 2}, "culture_level": 2},
        decks={"event": ["E34"]},
        fill_decks=True,
    )
    state = settle(play(state, "advance mathematics ideas ideas"))
    assert GAME.pending(state)[0].kind == "turn"
    assert state.seats[0].kept_events == ("E34",) and state.turn_state.kept_now == ("E34",)
    assert "event" not in tokens(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "event e34 culture")
    # The position of this moment says so, and reads back the same.
    again = GAME.setup_position(["ann", "bob"], {}, 1, position_of(state))
    assert again.turn_state.kept_now == ("E34",) and "event" not in tokens(again)
    state = settle(play(state, "end"))
    state = settle(play(state, "end"))
    assert state.active == 0 and state.turn_state.kept_now == ()
    assert "event" in tokens(state)
    state, kinds = events(state, "event e34 culture")
    assert "clash.event_used" in kinds


def test_a_position_refuses_a_card_kept_now_that_is_not_kept() -> None:
    with pytest.raises(IllegalAction) as refusal:
        board(ann={"kept_events": []}, events_kept_now=["E34"])
    assert refusal.value.params["problem"] == "kept_now_not_a_kept_card"
