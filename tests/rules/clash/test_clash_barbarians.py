"""Barbarians Spawn and Barbarians Attack (rules reference §4.8, p.13-14; open points C52-C54,
C63): each test names the rule it checks, calls the procedure the event cards will call on a
position (``clash_map``'s map: ann's city on D2, its neighbours C3 Forest, E3 Forest, E2
Mountain, C2 Forest, D1 Barren and D3 Sea; B2, B3, F3, D4 Fertile and E4 Mountain two spaces
away, D4 only across the Sea of D3) and answers its decisions through ``GAME.apply``. The
attack's dice are the barbarians', then the defending armies', then the Fortress's."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from clash_map import PLAYERS, board, prompt, refused, tokens, units, with_needs
from test_clash_support import PLAYERS3, position

import locales
from host import text
from rules.clash import GAME
from rules.clash.battles import barbarian_raids, barbarians
from rules.clash.board.hexes import label, parse_hex
from rules.clash.model.state import ClashState
from rules.clash.position.export import position_of
from rules.core import Choice, Event, IllegalAction, Prompt, Rng, act

JSON = Any
Procedure = Callable[[ClashState, int], list[Event]]
#: r6 explored (D5 Forest, E6 Fertile, D6 Mountain, C6 Mountain) while r5 (E5) lies face
#: down: E6 is two hexes from E4, but only through the face-down E5.
BEYOND = {"r6": {"tile": "g13", "explored": True}}
#: ... and with r5 explored too (E5 Forest): E6 is 2 spaces from E4.
THROUGH = {**BEYOND, "r5": {"tile": "g16", "explored": True}}


def drawn(state: ClashState, procedure: Procedure, seat: int = 0) -> tuple[ClashState, list[Event]]:
    """The event symbol resolved for ``seat`` (on a copy, as the engine does)."""
    new = state.copy()
    events = procedure(new, seat)
    assert GAME.check_invariants(new) == []
    return new, events


def answer(state: ClashState, action: str) -> tuple[ClashState, list[Event]]:
    seat = GAME.pending(state)[0].seat
    state, events = act(GAME, state, seat, action)
    assert GAME.check_invariants(state) == []
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind.removeprefix("clash.") for e in events]


def the(events: list[Event], kind: str) -> dict[str, JSON]:
    found = [dict(e.params) for e in events if e.kind == f"clash.{kind}"]
    assert len(found) == 1, kinds(events)
    return found[0]


def barbs(state: ClashState) -> dict[str, int]:
    """Barbarian settlements with their units (0 for none)."""
    b = state.barbarians
    return {label(h): b.armies.get(h, 0) for h in sorted(b.cities)}


def pending(state: ClashState) -> tuple[str, dict[str, JSON]]:
    p = GAME.pending(state)[0]
    return p.kind, dict(p.params)


def refusal(state: ClashState, action: str) -> tuple[str, dict[str, JSON]]:
    err: IllegalAction = refused(state, action)
    return err.code, dict(err.params)


def city(state: ClashState, space: str, seat: int = 0) -> Any:
    return state.seats[seat].city_at(parse_hex(space))


def ann(**keys: JSON) -> dict[str, JSON]:
    """ann with her city on D2 and no unit unless told."""
    return {"cities": [{"hex": "D2"}], "settlers": {}, **keys}


def armies_on(*spaces: str) -> dict[str, int]:
    return dict.fromkeys(spaces, 1)


#: Every space within 2 of D2 where barbarians may appear on the base map.
NEAR_D2 = ["B2", "B3", "C2", "C3", "D4", "E2", "E3", "E4", "F3"]


# -- Barbarians Spawn: where (p.13, C54, C63) -------------------------------------------------


def test_spawn_offers_every_empty_land_space_within_2_of_the_drawers_cities() -> None:
    """p.13: empty (no unit, no city), not Barren, not Exhausted, within 2 spaces; Sea, D1
    (Barren), E2 (Exhausted), C3 (ann's army), F3 (bob's settler), D4 (bob's city), B3 (a
    barbarian city) and A3 (3 spaces away) are out; a Mountain (E4) is fine."""
    state = board(
        ann=ann(armies={"C3": 1}),
        bob={"cities": [{"hex": "D7"}, {"hex": "D4"}], "settlers": {"F3": 1}},
        barbarians={"cities": ["B3"]},
        exhausted=["E2"],
    )
    assert [label(h) for h in barbarian_raids.spawn_spaces(state, 0)] == ["B2", "C2", "E3", "E4"]
    state, events = drawn(state, barbarian_raids.spawn)
    assert events == [] and pending(state) == ("barbarian_spawn", {})
    assert tokens(state) == ["b2", "c2", "e3", "e4"]
    labels = GAME.choices(state, 0, [])
    assert labels[0].label == "clash.choice.barbarian_space"
    assert labels[0].params == {"space": "B2", "terrain": "fertile"}


def test_spawn_counts_distance_through_explored_spaces_only() -> None:
    """C63: E6 is two hexes from ann's city on E4, but the way runs through E5, face down."""
    city_on_e4 = ann(cities=[{"hex": "D2"}, {"hex": "E4"}])
    beyond = board(ann=city_on_e4, tiles=BEYOND)
    assert "E6" not in [label(h) for h in barbarian_raids.spawn_spaces(beyond, 0)]
    through = board(ann=city_on_e4, tiles=THROUGH)
    assert "E6" in [label(h) for h in barbarian_raids.spawn_spaces(through, 0)]


def test_spawn_looks_round_every_city_of_the_drawer_only() -> None:
    """Near one of your cities: bob's cities do not count for ann, and ann's for bob."""
    state = board(ann=ann(), bob={"cities": [{"hex": "D7"}], "settlers": {}})
    assert [label(h) for h in barbarian_raids.spawn_spaces(state, 0)] == NEAR_D2
    assert [label(h) for h in barbarian_raids.spawn_spaces(state, 1)] == ["C8", "E8"]


# -- Barbarians Spawn: the two steps ----------------------------------------------------------


def test_spawn_asks_for_the_space_then_for_the_settlement_that_gets_a_unit() -> None:
    """p.13 (1) then (2): the drawer chooses both; the new settlement is one of the choices,
    a full one (4 units, C54) is not."""
    state = board(ann=ann(), barbarians={"cities": ["F3", "E4"], "armies": {"F3": 1, "E4": 4}})
    state, _ = drawn(state, barbarian_raids.spawn)
    assert prompt(state) == "barbarian_spawn"
    assert refusal(state, "d1") == (
        "not_a_barbarian_space",
        {"space": "D1", "allowed": ["B2", "B3", "C2", "C3", "D4", "E2", "E3"]},
    )
    for bad in ("a3", "d2", "d3", "f3"):  # too far, a city, Sea, a barbarian settlement
        assert refusal(state, bad)[0] == "not_a_barbarian_space", bad
    assert refusal(state, "zz")[0] == "bad_hex"
    assert refusal(state, "b3 b2") == ("too_many_tokens", {"token": "b2"})
    state, events = answer(state, "b3")
    assert kinds(events) == ["barbarians_spawned"]
    assert the(events, "barbarians_spawned") == {"player": "ann", "space": "B3"}
    assert barbs(state) == {"B3": 1, "E4": 4, "F3": 1}
    assert pending(state) == ("barbarian_reinforce", {})
    assert tokens(state) == ["b3", "f3"]
    assert GAME.choices(state, 0, [])[1].params == {"space": "F3", "count": 1}
    assert refusal(state, "e4") == (
        "not_a_settlement_with_room",
        {"space": "E4", "allowed": ["B3", "F3"]},
    )
    assert refusal(state, "d2")[0] == "not_a_settlement_with_room"
    state, events = answer(state, "f3")
    assert kinds(events) == ["barbarians_reinforced"]
    assert the(events, "barbarians_reinforced") == {"player": "ann", "space": "F3", "count": 2}
    assert barbs(state) == {"B3": 1, "E4": 4, "F3": 2}
    # The event is over: ann's turn goes on.
    assert prompt(state) == "turn" and state.prompts.top() is None


def test_one_legal_answer_is_taken_without_asking() -> None:
    """A single legal space, and the new settlement the only one with room: nothing to ask."""
    taken = armies_on("B2", "C2", "C3", "D4", "E2", "E3", "E4", "F3")
    state = board(ann=ann(armies=taken))
    state, events = drawn(state, barbarian_raids.spawn)
    assert kinds(events) == ["barbarians_spawned", "barbarians_reinforced"]
    assert the(events, "barbarians_reinforced") == {"player": "ann", "space": "B3", "count": 2}
    assert barbs(state) == {"B3": 2} and state.prompts.top() is None


def test_the_new_settlement_may_get_the_second_unit() -> None:
    """(2) "the new one included": other settlements full, the new one takes it at once."""
    state = board(ann=ann(), barbarians={"cities": ["F3"], "armies": {"F3": 4}})
    state, _ = drawn(state, barbarian_raids.spawn)
    state, events = answer(state, "c3")
    assert kinds(events) == ["barbarians_spawned", "barbarians_reinforced"]
    assert barbs(state) == {"C3": 2, "F3": 4}


def test_no_legal_space_skips_step_1_and_step_2_still_happens() -> None:
    """C54: a step with no legal space is skipped; the unit goes to a settlement anywhere."""
    taken = armies_on(*NEAR_D2)
    state = board(ann=ann(armies=taken), barbarians={"cities": ["E8"], "armies": {"E8": 2}})
    state, events = drawn(state, barbarian_raids.spawn)
    assert kinds(events) == ["barbarian_spawn_skipped", "barbarians_reinforced"]
    assert the(events, "barbarian_spawn_skipped") == {"player": "ann", "why": "no_space"}
    assert barbs(state) == {"E8": 3}


def test_no_settlement_with_room_skips_step_2() -> None:
    state = board(ann=ann(armies=armies_on(*NEAR_D2)))
    state, events = drawn(state, barbarian_raids.spawn)
    assert kinds(events) == ["barbarian_spawn_skipped", "barbarian_reinforcement_skipped"]
    assert the(events, "barbarian_reinforcement_skipped") == {"player": "ann", "why": "no_room"}
    assert barbs(state) == {}


def test_seven_settlements_on_the_board_skip_step_1() -> None:
    """p.2: 7 brown settlements; the unit of step 2 still comes (asked: several have room)."""
    seven = ["B2", "B3", "C2", "C3", "E3", "E4", "F3"]
    camp = {"cities": seven, "armies": {"B2": 4, "B3": 4, "C2": 4, "C3": 3}}
    state = board(ann=ann(), barbarians=camp)
    state, events = drawn(state, barbarian_raids.spawn)
    assert kinds(events) == ["barbarian_spawn_skipped"]
    assert the(events, "barbarian_spawn_skipped")["why"] == "no_settlement_left"
    assert prompt(state) == "barbarian_reinforce" and tokens(state) == ["c3", "e3", "e4", "f3"]
    state, events = answer(state, "c3")
    assert barbs(state)["C3"] == 4 and sum(barbs(state).values()) == 16


def test_no_brown_unit_left_skips_both_steps() -> None:
    """p.2: 16 brown units; step 1 needs a settlement and a unit (C54)."""
    full = {
        "cities": ["B2", "B3", "C2", "C3"],
        "armies": dict.fromkeys(["B2", "B3", "C2", "C3"], 4),
    }
    state, events = drawn(board(ann=ann(), barbarians=full), barbarian_raids.spawn)
    assert kinds(events) == ["barbarian_spawn_skipped", "barbarian_reinforcement_skipped"]
    assert [e.params["why"] for e in events] == ["no_unit_left", "no_unit_left"]
    assert barbs(state) == dict.fromkeys(["B2", "B3", "C2", "C3"], 4)


def test_the_last_brown_unit_goes_with_the_new_settlement() -> None:
    """15 units on the board: step 1 takes the 16th, step 2 finds none left."""
    camp = {"cities": ["B2", "B3", "C2", "C3"], "armies": {"B2": 4, "B3": 4, "C2": 4, "C3": 3}}
    state, _ = drawn(board(ann=ann(), barbarians=camp), barbarian_raids.spawn)
    assert tokens(state) == ["d4", "e2", "e3", "e4", "f3"]
    state, events = answer(state, "e3")
    assert kinds(events) == ["barbarians_spawned", "barbarian_reinforcement_skipped"]
    assert the(events, "barbarian_reinforcement_skipped")["why"] == "no_unit_left"
    assert sum(barbs(state).values()) == 16


def test_spawn_in_the_status_phase_asks_outside_any_turn() -> None:
    """An event drawn with the free advance (status step 2) asks its drawer there."""
    state = board(ann=ann(), phase="status", status={"step": 4, "waiting": ["ann"]})
    state, _ = drawn(state, barbarian_raids.spawn)
    decision = state.prompts.top()
    assert decision is not None and decision.kind == "barbarian_spawn" and decision.turn is None
    state, events = answer(state, "b2")
    assert kinds(events) == ["barbarians_spawned", "barbarians_reinforced"]
    assert barbs(state) == {"B2": 2} and prompt(state) == "raze"


# -- Barbarians Attack: who attacks whom (p.13, C53, C63) --------------------------------------


def test_no_settlement_with_units_in_reach_means_no_attack() -> None:
    """C53: a settlement without units cannot attack (B3); one beyond 2 spaces does not (E8)."""
    camp = {"cities": ["B3", "E8"], "armies": {"E8": 3}}
    state, events = drawn(board(ann=ann(), barbarians=camp), barbarian_raids.attack)
    assert kinds(events) == ["barbarians_no_attack"]
    assert the(events, "barbarians_no_attack") == {"player": "ann"}
    assert barbs(state) == {"B3": 0, "E8": 3} and state.dice == ()


def test_barbarians_attack_across_the_sea() -> None:
    """p.13: "even across Sea spaces": D4 reaches D2 only through the Sea of D3."""
    camp = {"cities": ["D4"], "armies": {"D4": 2}}
    state, events = drawn(board(ann=ann(), barbarians=camp, dice=[1, 1]), barbarian_raids.attack)
    assert kinds(events) == ["barbarians_attack", "barbarian_attack_round", "barbarians_returned"]
    assert the(events, "barbarians_attack") == {
        "player": "ann",
        "space": "D2",
        "from": "D4",
        "count": 2,
        # What the attack began with (rules.clash.battles.facts).
        "armies": 0,
        "fortress": False,
        "city_size": 1,
        "wonder": False,
    }
    assert the(events, "barbarians_returned") == {"space": "D4", "count": 2}
    assert barbs(state) == {"D4": 2}


def test_barbarians_do_not_attack_across_a_face_down_region() -> None:
    """p.13 "not across unexplored regions" (C63): E6 and ann's E4 are two hexes apart through
    the face-down E5; with it explored, the attack comes."""
    ann_e4 = ann(cities=[{"hex": "D2"}, {"hex": "E4"}])
    camp = {"cities": ["E6"], "armies": {"E6": 1}}
    _, events = drawn(board(ann=ann_e4, barbarians=camp, tiles=BEYOND), barbarian_raids.attack)
    assert kinds(events) == ["barbarians_no_attack"]
    _, events = drawn(
        board(ann=ann_e4, barbarians=camp, tiles=THROUGH, dice=[1]), barbarian_raids.attack
    )
    assert the(events, "barbarians_attack")["space"] == "E4"


def test_the_settlement_with_the_most_units_attacks() -> None:
    camp = {"cities": ["B3", "D4"], "armies": {"B3": 3, "D4": 2}}
    _, events = drawn(board(ann=ann(), barbarians=camp, dice=[1, 1, 1]), barbarian_raids.attack)
    assert the(events, "barbarians_attack")["from"] == "B3"
    assert the(events, "barbarians_attack")["count"] == 3


def test_the_attack_goes_to_the_city_nearest_to_the_settlement() -> None:
    """C53: nearest to that settlement: B3 is next to ann's B2, two spaces from D2."""
    me = ann(cities=[{"hex": "D2"}, {"hex": "B2"}])
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    _, events = drawn(board(ann=me, barbarians=camp, dice=[1, 1]), barbarian_raids.attack)
    assert the(events, "barbarians_attack")["space"] == "B2"


def test_a_tie_of_number_is_the_drawers_choice() -> None:
    """p.13: you decide which of the settlements attacks; one with fewer units never does."""
    camp = {"cities": ["B3", "D4", "E4"], "armies": {"B3": 2, "D4": 2, "E4": 1}}
    state, events = drawn(board(ann=ann(), barbarians=camp, dice=[1, 1]), barbarian_raids.attack)
    assert events == [] and pending(state) == ("barbarian_target", {"count": 2})
    choices = GAME.choices(state, 0, [])
    assert [(c.token, c.complete, c.more) for c in choices] == [
        ("b3", True, False),
        ("d4", True, False),
    ]
    assert choices[0].params == {"space": "B3", "count": 2}
    assert refusal(state, "e4") == (
        "not_an_attacking_settlement",
        {"space": "E4", "allowed": ["B3", "D4"]},
    )
    assert refusal(state, "f3")[0] == "not_an_attacking_settlement"
    assert refusal(state, "b3 b2") == (
        "not_a_nearest_city",
        {"space": "B2", "settlement": "B3", "allowed": ["D2"]},
    )
    assert refusal(state, "b3 d2 d2") == ("too_many_tokens", {"token": "d2"})
    state, events = answer(state, "d4 d2")
    assert the(events, "barbarians_attack")["from"] == "D4"
    assert prompt(state) == "turn"


def test_a_tie_of_distance_is_the_drawers_choice() -> None:
    """p.13: you decide which of your cities it attacks; a farther one is never attacked."""
    me = ann(cities=[{"hex": "D2"}, {"hex": "B2"}, {"hex": "C3"}])
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    state, _ = drawn(board(ann=me, barbarians=camp, dice=[1, 1]), barbarian_raids.attack)
    assert prompt(state) == "barbarian_target"
    assert [(c.token, c.complete, c.more) for c in GAME.choices(state, 0, [])] == [
        ("b3", False, True)
    ]
    cities = GAME.choices(state, 0, ["b3"])
    assert [(c.token, c.label, dict(c.params)) for c in cities] == [
        ("b2", "clash.choice.barbarian_target", {"space": "B2", "count": 1}),
        ("c3", "clash.choice.barbarian_target", {"space": "C3", "count": 1}),
    ]
    assert refusal(state, "b3") == (
        "name_the_attacked_city",
        {"space": "B3", "allowed": ["B2", "C3"]},
    )
    assert refusal(state, "b3 d2")[0] == "not_a_nearest_city"
    state, events = answer(state, "b3 c3")
    assert the(events, "barbarians_attack")["space"] == "C3"


def test_the_great_wall_keeps_barbarians_from_its_owners_cities() -> None:
    """p.15, C53 (the hook for issue IV): the owner of the Great Wall is never attacked, in
    the city of the wonder or elsewhere; another player's Great Wall does not help."""
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    walled = ann(cities=[{"hex": "D2"}, {"hex": "D4", "wonder": "great_wall"}])
    _, events = drawn(board(ann=walled, barbarians=camp), barbarian_raids.attack)
    assert kinds(events) == ["barbarians_no_attack"]
    bob_walled = {"cities": [{"hex": "D7", "wonder": "great_wall"}], "settlers": {}}
    _, events = drawn(
        board(ann=ann(), bob=bob_walled, barbarians=camp, dice=[1, 1]), barbarian_raids.attack
    )
    assert the(events, "barbarians_attack")["space"] == "D2"


# -- the attack: one combat round (p.13, p.14) ------------------------------------------------


def test_the_attack_is_one_round_the_barbarians_rolling_first() -> None:
    """p.13: one round; one die per barbarian unit, then the defending armies'; hits = CV // 5;
    the defender's hits kill barbarians, the survivors go back; hits taken by units alone leave
    the mood as it is (C52)."""
    me = ann(cities=[{"hex": "D2", "mood": "happy"}], armies={"D2": 2})
    camp = {"cities": ["B3"], "armies": {"B3": 3}}
    state, events = drawn(
        board(ann=me, barbarians=camp, dice=[5, 5, 1, 6, 4]), barbarian_raids.attack
    )
    assert kinds(events) == [
        "barbarians_attack",
        "barbarian_attack_round",
        "barbarian_units_lost",
        "barbarians_returned",
        "units_lost",
    ]
    assert the(events, "barbarian_attack_round") == {
        "player": "ann",
        "space": "D2",
        "barbarian_dice": ["5", "5", "1"],
        "defender_dice": ["6", "4"],
        "fortress_die": False,
        "barbarian_hits": 2,
        "defender_hits": 2,
    }
    assert the(events, "barbarian_units_lost") == {"units": ["army_2"], "space": "D2"}
    assert the(events, "barbarians_returned") == {"space": "B3", "count": 1}
    assert the(events, "units_lost") == {"player": "ann", "units": ["army_2"], "space": "D2"}
    assert barbs(state) == {"B3": 1} and units(state)["army"] == {}
    assert city(state, "D2").mood == "happy" and city(state, "D2").size == 1
    assert state.dice == () and state.battle is None and prompt(state) == "turn"


def test_barbarians_wiped_out_leave_their_settlement_empty() -> None:
    me = ann(armies={"D2": 2})
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    state, events = drawn(board(ann=me, barbarians=camp, dice=[1, 1, 5, 5]), barbarian_raids.attack)
    assert "barbarians_returned" not in kinds(events)
    assert barbs(state) == {"B3": 0} and units(state)["army"] == {"D2": 2}


def test_the_fortress_adds_a_die_and_cancels_a_hit_without_defending_armies() -> None:
    """p.6, p.13, C40: the Fortress rolls and cancels one hit even with no army there; the
    hit left takes the Fortress itself (the only piece but the Settlement): angry (C52). ann
    owns Tactics, the Fortress's advance (C131)."""
    fort = [{"hex": "D2", "pieces": ["settlement", "fortress"]}]
    me = ann(cities=fort, advances=with_needs(["farming", "mining", "tactics"]))
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    state, events = drawn(board(ann=me, barbarians=camp, dice=[5, 5, 5]), barbarian_raids.attack)
    rolled = the(events, "barbarian_attack_round")
    assert rolled["defender_dice"] == ["5"] and rolled["fortress_die"] is True
    assert (rolled["barbarian_hits"], rolled["defender_hits"]) == (1, 1)
    assert the(events, "city_pieces_lost") == {
        "player": "ann",
        "space": "D2",
        "pieces": ["fortress"],
        "count": 1,
    }
    assert [p.kind for p in city(state, "D2").pieces] == ["settlement"]
    assert city(state, "D2").mood == "angry" and barbs(state) == {"B3": 1}


def test_steel_weapons_give_defending_armies_a_hit_against_barbarians() -> None:
    """p.2, C45: barbarians never have Steel Weapons; the defender needs armies there."""
    steel = with_needs(["farming", "mining", "steel_weapons"])
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    me = ann(advances=steel, armies={"D2": 1})
    state, events = drawn(board(ann=me, barbarians=camp, dice=[1, 1, 1]), barbarian_raids.attack)
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1
    assert barbs(state) == {"B3": 1}
    _, events = drawn(
        board(ann=ann(advances=steel), barbarians=camp, dice=[1, 1]), barbarian_raids.attack
    )
    assert the(events, "barbarian_attack_round")["defender_hits"] == 0


def test_fanaticism_adds_2_to_the_defence_of_a_temple_city() -> None:
    """p.2, C47: +2 combat value on the first (here the only) roll in a city with a Temple."""
    fanatic = with_needs(["farming", "mining", "myths", "fanaticism"])
    camp = {"cities": ["B3"], "armies": {"B3": 1}}
    temple = [{"hex": "D2", "pieces": ["settlement", "temple"]}]
    me = ann(advances=fanatic, cities=temple, armies={"D2": 1})
    _, events = drawn(board(ann=me, barbarians=camp, dice=[1, 3]), barbarian_raids.attack)
    assert the(events, "barbarian_attack_round")["defender_hits"] == 1
    me = ann(advances=fanatic, armies={"D2": 1})
    _, events = drawn(board(ann=me, barbarians=camp, dice=[1, 3]), barbarian_raids.attack)
    assert the(events, "barbarian_attack_round")["defender_hits"] == 0


# -- the attack's losses: units, then pieces (p.13, C52) ------------------------------------


def test_the_defender_chooses_settlers_or_armies() -> None:
    """p.13: hits first remove units, settlers or armies at the defender's choice."""
    me = ann(armies={"D2": 2}, settlers={"D2": 2})
    camp = {"cities": ["B3"], "armies": {"B3": 3}}
    state, events = drawn(
        board(ann=me, barbarians=camp, dice=[5, 5, 1, 1, 1]), barbarian_raids.attack
    )
    assert kinds(events)[-1] == "barbarians_returned"
    assert pending(state) == ("barbarian_casualties", {"space": "D2", "count": 2})
    choices = GAME.choices(state, 0, [])
    assert [(c.token, c.params["units"]) for c in choices] == [
        ("0", ["settler_2"]),
        ("1", ["army_1", "settler_1"]),
        ("2", ["army_2"]),
    ]
    assert refusal(state, "3") == ("barbarian_casualties", {"allowed": ["0", "1", "2"]})
    assert refusal(state, "one")[0] == "barbarian_casualties"
    assert refusal(state, "1 1") == ("too_many_tokens", {"token": "1"})
    state, events = answer(state, "1")
    assert the(events, "units_lost") == {
        "player": "ann",
        "units": ["army_1", "settler_1"],
        "space": "D2",
    }
    assert units(state) == {"army": {"D2": 1}, "settler": {"D2": 1}}
    assert city(state, "D2").mood == "neutral" and prompt(state) == "turn"


def test_no_choice_of_units_when_one_kind_is_there_or_all_die() -> None:
    camp = {"cities": ["B3"], "armies": {"B3": 1}}
    state, events = drawn(
        board(ann=ann(settlers={"D2": 2}), barbarians=camp, dice=[5]), barbarian_raids.attack
    )
    assert the(events, "units_lost")["units"] == ["settler_1"]
    assert units(state)["settler"] == {"D2": 1} and state.prompts.top() is None
    me = ann(armies={"D2": 1}, settlers={"D2": 1})
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    state, events = drawn(board(ann=me, barbarians=camp, dice=[5, 5, 1]), barbarian_raids.attack)
    assert the(events, "units_lost")["units"] == ["army_1", "settler_1"]
    assert city(state, "D2").size == 1 and state.prompts.top() is None


def test_the_owner_chooses_the_pieces_lost_the_settlement_last() -> None:
    """p.13, C52: one piece per hit after the units; the owner picks; the city turns angry; a
    Port lost no longer faces its Sea space."""
    pieces = ["settlement", "temple", "academy", "port"]
    me = ann(cities=[{"hex": "D2", "pieces": pieces, "port_faces": "D3"}])
    camp = {"cities": ["B3"], "armies": {"B3": 4}}
    state, _ = drawn(board(ann=me, barbarians=camp, dice=[5, 5, 1, 1]), barbarian_raids.attack)
    assert pending(state) == ("barbarian_pieces", {"space": "D2", "count": 2})
    choices = GAME.choices(state, 0, [])
    assert [(c.token, c.complete, c.more) for c in choices] == [
        ("temple", False, True),
        ("academy", False, True),
    ]
    assert choices[0].params == {"piece": "temple"}
    assert tokens(state, "temple") == ["academy", "port"]
    assert tokens(state, "academy") == ["port"]
    assert tokens(state, "academy", "port") == []
    assert tokens(state, "port") == tokens(state, "fortress") == tokens(state, "x") == []
    assert tokens(state, "academy", "temple") == []
    assert refusal(state, "settlement temple") == ("settlement_lost_last", {})
    for bad in ("temple", "temple temple", "temple fortress", "temple academy port"):
        assert refusal(state, bad) == (
            "choose_pieces_lost",
            {"count": 2, "allowed": ["temple", "academy", "port"]},
        ), bad
    state, events = answer(state, "port temple")
    assert the(events, "city_pieces_lost") == {
        "player": "ann",
        "space": "D2",
        "pieces": ["temple", "port"],
        "count": 2,
    }
    c = city(state, "D2")
    assert [p.kind for p in c.pieces] == ["settlement", "academy"]
    assert c.mood == "angry" and c.port_faces is None


def test_a_city_below_size_1_is_destroyed_with_its_wonder() -> None:
    """p.13, p.14: the settler dies first, then the Temple, then the Settlement: the city is
    gone and its wonder is lost."""
    me = ann(
        cities=[
            {"hex": "D2", "pieces": ["settlement", "temple"], "wonder": "great_library"},
            {"hex": "E8"},
        ],
        settlers={"D2": 1},
    )
    camp = {"cities": ["B3"], "armies": {"B3": 3}}
    state, events = drawn(board(ann=me, barbarians=camp, dice=[5, 5, 5]), barbarian_raids.attack)
    assert kinds(events)[-3:] == ["units_lost", "city_destroyed_by_barbarians", "wonder_lost"]
    assert the(events, "city_destroyed_by_barbarians") == {"player": "ann", "space": "D2"}
    assert the(events, "wonder_lost") == {"wonder": "great_library"}
    assert city(state, "D2") is None and units(state)["settler"] == {}
    assert state.cards.lost == ("great_library",)
    assert barbs(state) == {"B3": 3}


def test_hits_beyond_the_city_are_lost() -> None:
    camp = {"cities": ["B3"], "armies": {"B3": 4}}
    state, events = drawn(
        board(ann=ann(), barbarians=camp, dice=[6, 6, 6, 6]), barbarian_raids.attack
    )
    assert the(events, "barbarian_attack_round")["barbarian_hits"] == 4
    assert "city_destroyed_by_barbarians" in kinds(events) and state.seats[0].cities == []


def test_units_that_die_take_their_turn_marks_with_them() -> None:
    """ann's own turn: the marks of her army units (here: they fought this turn) never name
    more units than are left."""
    me = ann(armies={"D2": 2})
    marks = [{"place": "D2", "kind": "army", "mark": "stopped", "count": 2}]
    camp = {"cities": ["B3"], "armies": {"B3": 1}}
    state, _ = drawn(
        board(ann=me, barbarians=camp, marks=marks, dice=[5, 1, 1]), barbarian_raids.attack
    )
    assert units(state)["army"] == {"D2": 1}
    assert state.turn_state.marks == (("d2", "army", "stopped", 1),)


def resigned_bob(armies: int, settlers: int, barbarians_g8: int, dice: list[int]) -> ClashState:
    """3 players, bob resigned with his city on G7 (Temple, Academy); barbarians on G8."""
    bob = {
        "resigned": True,
        "cities": [{"hex": "G7", "pieces": ["settlement", "temple", "academy"]}],
        "armies": {"G7": armies} if armies else {},
        "settlers": {"G7": settlers} if settlers else {},
    }
    pos = {
        "first": "ann",
        "seats": {"bob": bob},
        "resign_order": ["bob"],
        "barbarians": {"cities": ["G8"], "armies": {"G8": barbarians_g8}},
        "dice": dice,
    }
    return position(pos, PLAYERS3).copy()


def test_a_resigned_owner_never_decides() -> None:
    """The barbarians of G8 attack resigned bob's G7 (as Mercenaries will, issue IV): his
    settlers die first, his pieces go from the last in piece order."""
    g8, g7 = parse_hex("G8"), parse_hex("G7")
    state = resigned_bob(1, 1, 2, [5, 1, 1])
    events = barbarian_raids.attack_city(state, g8, g7)
    assert the(events, "units_lost") == {"player": "bob", "units": ["settler_1"], "space": "G7"}
    assert state.prompts.top() is None and GAME.check_invariants(state) == []
    state = resigned_bob(1, 0, 4, [5, 5, 1, 1, 1])
    events = barbarian_raids.attack_city(state, g8, g7)
    assert the(events, "units_lost")["units"] == ["army_1"]
    assert the(events, "city_pieces_lost")["pieces"] == ["academy"]
    assert [p.kind for p in city(state, "G7", 1).pieces] == ["settlement", "temple"]
    assert state.prompts.top() is None and GAME.check_invariants(state) == []


def test_answers_for_a_resigned_seat() -> None:
    """answer_for_resigned (for rules.clash.dispatch.resign): the first choice; settlers first; the
    last pieces in piece order first."""
    me = ann(armies={"D2": 2}, settlers={"D2": 2})
    camp = {"cities": ["B3"], "armies": {"B3": 3}}
    state, _ = drawn(board(ann=me, barbarians=camp, dice=[5, 5, 1, 1, 1]), barbarian_raids.attack)
    decision = state.prompts.top()
    assert decision is not None
    new = state.copy()
    events = barbarians.answer_for_resigned(new, decision)
    assert the(events, "units_lost")["units"] == ["settler_2"]
    pieces = ["settlement", "temple", "academy"]
    state, _ = drawn(
        board(ann=ann(cities=[{"hex": "D2", "pieces": pieces}]), barbarians=camp, dice=[5, 1, 1]),
        barbarian_raids.attack,
    )
    decision = state.prompts.top()
    assert decision is not None and decision.kind == "barbarian_pieces"
    new = state.copy()
    barbarians.answer_for_resigned(new, decision)
    assert [p.kind for p in city(new, "D2").pieces] == ["settlement", "temple"]
    camp2 = {"cities": ["B3", "D4"], "armies": {"B3": 2, "D4": 2}}
    state, _ = drawn(board(ann=ann(), barbarians=camp2, dice=[1, 1]), barbarian_raids.attack)
    decision = state.prompts.top()
    assert decision is not None
    events = barbarians.answer_for_resigned(state.copy(), decision)
    assert the(events, "barbarians_attack")["from"] == "B3"


# -- positions and snapshots while a decision waits -----------------------------------------


def waiting_states() -> list[ClashState]:
    """A state waiting for each barbarian decision."""
    spawn, _ = drawn(
        board(ann=ann(), barbarians={"cities": ["F3"], "armies": {"F3": 1}}), barbarian_raids.spawn
    )
    reinforce, _ = answer(spawn, "b3")
    camp = {"cities": ["B3", "D4"], "armies": {"B3": 2, "D4": 2}}
    target, _ = drawn(board(ann=ann(), barbarians=camp, dice=[5, 5, 1, 1]), barbarian_raids.attack)
    casualties, _ = drawn(
        board(
            ann=ann(armies={"D2": 2}, settlers={"D2": 2}),
            barbarians={"cities": ["B3"], "armies": {"B3": 2}},
            dice=[5, 5, 1, 1],
        ),
        barbarian_raids.attack,
    )
    pieces, _ = drawn(
        board(
            ann=ann(cities=[{"hex": "D2", "pieces": ["settlement", "temple", "academy"]}]),
            barbarians={"cities": ["B3"], "armies": {"B3": 1}},
            dice=[5],
        ),
        barbarian_raids.attack,
    )
    card, _ = drawn(
        board(
            ann=ann(armies={"D2": 1}, advances=with_needs(["tactics"]), actions=["A38"]),
            barbarians={"cities": ["B3"], "armies": {"B3": 1}},
            dice=[5, 1],
        ),
        barbarian_raids.attack,
    )
    general, _ = drawn(
        board(
            ann=ann(armies={"D2": 1}, kept_events=["E36"]),
            barbarians={"cities": ["B3"], "armies": {"B3": 1}},
            dice=[5, 1],
        ),
        barbarian_raids.attack,
    )
    found = [spawn, reinforce, target, casualties, pieces, general, card]
    assert [prompt(s) for s in found] == list(barbarian_raids.BARBARIAN_KINDS)
    return found


def again(state: ClashState) -> ClashState:
    pos = json.loads(json.dumps(position_of(state)))
    return GAME.setup_position(list(PLAYERS), {}, 0, pos)


def test_snapshots_and_positions_round_trip_while_a_decision_waits() -> None:
    for state in waiting_states():
        copy = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
        assert copy == state
        rebuilt = again(state)
        assert rebuilt.prompts == state.prompts and rebuilt.barbarians == state.barbarians
        seat = GAME.pending(state)[0].seat
        first = GAME.choices(state, seat, [])[0]
        action = (
            first.token
            if first.complete
            else f"{first.token} {GAME.choices(state, seat, [first.token])[0].token}"
        )
        done, _ = act(GAME, state, seat, action)
        redone, _ = act(GAME, rebuilt, seat, action)
        assert GAME.to_json(done)["barbarians"] == GAME.to_json(redone)["barbarians"]
        assert GAME.check_invariants(done) == []


@pytest.mark.parametrize(
    ("kind", "params", "problem"),
    [
        ("barbarian_spawn", {}, "barbarian_spawn decision without a choice"),
        ("barbarian_reinforce", {}, "barbarian_reinforce decision without a choice"),
        ("barbarian_target", {"count": 2}, "barbarian_target decision without a choice"),
        (
            "barbarian_casualties",
            {"space": "D2", "count": 1},
            "barbarian_casualties decision without a choice",
        ),
        (
            "barbarian_pieces",
            {"space": "D2", "count": 1},
            "barbarian_pieces decision without a choice",
        ),
        (
            "barbarian_pieces",
            {"space": "B2", "count": 1},
            "barbarian_pieces decision on 'B2' for 1",
        ),
        ("barbarian_spawn", {"space": "D2"}, "barbarian_spawn decision params ['space']"),
        (
            "barbarian_combat_card",
            {"space": "D2", "from": "E8", "count": 1},
            "barbarian_combat_card decision without a card to play",
        ),
        (
            "barbarian_combat_card",
            {"space": "D2", "from": "B3", "count": 1},
            "barbarian_combat_card decision on 'D2' from 'B3'",
        ),
        (
            "barbarian_combat_card",
            {"space": "D2", "count": 1},
            "barbarian_combat_card decision params ['count', 'space']",
        ),
    ],
)
def test_a_position_refuses_a_decision_the_rules_would_not_ask(
    kind: str, params: dict[str, JSON], problem: str
) -> None:
    """Here every space near D2 is taken but B3, no settlement has room for two, one city of
    size 1 without units: nothing would be asked."""
    decision = {"id": f"{kind}:x", "seat": "ann", "kind": kind, "params": params, "turn": "ann"}
    with pytest.raises(IllegalAction) as caught:
        board(
            ann=ann(armies=armies_on("B2", "C2", "C3", "D4", "E2", "E3", "E4", "F3")),
            barbarians={"cities": ["E8"], "armies": {"E8": 1}},
            prompts=[decision],
        )
    assert caught.value.code == "position_inconsistent"
    assert caught.value.params["problem"] == problem


# -- random play ------------------------------------------------------------------------------

#: Tokens tried at every decision of the random play: each is refused or a legal answer.
TRIED = ("zz", "a3", "e4", "9", "1 1", "settlement", "temple", "temple fortress", "b3 d2 c3")
Met = Prompt | Choice | IllegalAction | Event


#: Combat halves that act against barbarians (C126), for ann's window in the random play.
FRONT_CARDS = ["A22", "A26", "A12", "A38", "A18", "A02", "A07", "A10", "A13", "A16", "A24"]


def _front(seed: int) -> ClashState:
    """ann's three cities (one with a Fortress, two with pieces to lose), units in two, and
    action cards and a Great General to use in the attacks."""
    me = ann(
        cities=[
            {"hex": "D2", "pieces": ["settlement", "temple", "fortress", "academy"]},
            {"hex": "B2", "pieces": ["settlement", "temple", "academy"]},
            {"hex": "F3"},
        ],
        armies={"D2": 1, "B2": 1},
        settlers={"D2": 1, "B2": 1},
        advances=with_needs(["farming", "mining", "tactics", "myths", "writing"]),
        actions=FRONT_CARDS,
        kept_events=["E36"],
    )
    state = board(ann=me)
    state.rng = Rng(seed)
    return state


@functools.cache
def _played() -> tuple[Met, ...]:
    """Spawn and attack again and again with random dice and random answers (each state
    checked against the invariants and the position format); every prompt, choice, refusal
    and event met, in order."""
    met: list[Met] = []
    for seed in range(12):
        rng = Rng(seed)
        state = _front(seed)
        for step in range(12):
            if not state.seats[0].cities:
                break
            procedure = barbarian_raids.spawn if rng.randrange(3) else barbarian_raids.attack
            state, events = drawn(state, procedure)
            met += events
            while state.prompts.top() is not None:
                asked = GAME.pending(state)[0]
                met.append(asked)
                # The position format holds every decision the procedures ask.
                assert again(state).prompts == state.prompts
                for tried in TRIED:
                    try:
                        act(GAME, state, asked.seat, tried)
                    except IllegalAction as exc:
                        met.append(exc)
                prefix: list[str] = []
                while True:
                    options = GAME.choices(state, asked.seat, prefix)
                    assert options, (step, prefix)
                    met += options
                    choice = options[rng.randrange(len(options))]
                    prefix.append(choice.token)
                    if choice.complete:
                        break
                state, events = answer(state, " ".join(prefix))
                met += events
    return tuple(met)


def test_random_spawns_and_attacks_keep_every_invariant() -> None:
    """Every kind of event and decision shows up in the random play."""
    seen = {e.kind.removeprefix("clash.") for e in _played() if isinstance(e, Event)}
    seen |= {p.kind for p in _played() if isinstance(p, Prompt)}
    for kind in (
        "barbarians_spawned",
        "barbarians_reinforced",
        "barbarians_attack",
        "barbarian_attack_round",
        "barbarian_units_lost",
        "barbarians_returned",
        "units_lost",
        "city_pieces_lost",
        *barbarian_raids.BARBARIAN_KINDS,
    ):
        assert kind in seen, (kind, seen)


_UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:@[A-Za-z0-9_.]+)?(?:\|[^{}|@\s]+)?\}")


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_every_text_met_is_complete(lang: str) -> None:
    """No bare key, unfilled placeholder or unknown refusal reaches a player."""
    keys = locales.keys(lang)
    bad: dict[str, str] = {}
    for item in _played():
        if isinstance(item, Prompt):
            what, shown = f"prompt.clash.{item.kind}", text.prompt_what(lang, "clash", item)
        elif isinstance(item, Choice):
            what, shown = item.label, text.choice_label(lang, item)
        elif isinstance(item, IllegalAction):
            what = item.code
            shown = locales.error_text(lang, item.code, item.params, "clash")
            if not {f"error.clash.{what}", f"error.{what}"} & keys:
                bad.setdefault(what, shown)
        else:
            what, shown = f"event.{item.kind}", locales.event_text(lang, item.kind, item.params)
        if shown.startswith(("event.", "prompt.", "clash.")) or _UNFILLED.search(shown):
            bad.setdefault(what, shown)
    assert bad == {}
