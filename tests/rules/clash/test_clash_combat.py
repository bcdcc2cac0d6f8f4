"""Combat (rules reference §4, p.12-14; open points C40-C51, C64): each test names the rule it
checks and fixes the dice (``dice``: the attacker's, then the defender's, then the
Fortress's, :mod:`rules.clash.model.dice`). The map is ``clash_map``'s: ann's army units stand on
C3 (Forest) or D3's ship; bob's units, cities and the barbarians on B2 and B3 (Fertile) next
to it, or on C4 (Sea)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from clash_map import (
    BASE_MAP,
    PLAYERS,
    TACTICS,
    board,
    events,
    play,
    prompt,
    refused,
    ships,
    tokens,
    units,
    with_needs,
)
from test_clash_support import comparable

from rules.clash import GAME
from rules.clash.battles import combat, sides
from rules.clash.board.hexes import parse_hex
from rules.clash.model.state import ClashState
from rules.clash.position.export import position_of
from rules.core import Event, Rng, act

JSON = Any
SEAS = {"r4": {"tile": "g01", "explored": True}}  # B4 Sea, A5 Sea, C5 Forest, B5 Forest


def fight(state: ClashState, action: str) -> tuple[ClashState, list[Event]]:
    """``action`` for whoever is asked, with its events."""
    seat = GAME.pending(state)[0].seat
    return act(GAME, state, seat, action)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind.removeprefix("clash.") for e in events]


def the(events: list[Event], kind: str) -> dict[str, JSON]:
    """The parameters of the one event of ``kind``."""
    found = [dict(e.params) for e in events if e.kind == f"clash.{kind}"]
    assert len(found) == 1, kinds(events)
    return found[0]


def armies(state: ClashState, seat: int) -> dict[str, int]:
    return units(state, seat)["army"]


def city(state: ClashState, seat: int, space: str) -> Any:
    return state.seats[seat].city_at(parse_hex(space))


def pieces(c: Any) -> list[tuple[str, int]]:
    return [(p.kind, p.owner) for p in c.pieces]


def gold(state: ClashState, seat: int = 0) -> int:
    return state.seats[seat].resources["gold"]


def ann(advances: list[str] | None = None, **keys: JSON) -> dict[str, JSON]:
    """ann with Tactics (and ``advances``) and her army units on C3 unless told."""
    return {"advances": with_needs([*TACTICS, *(advances or [])]), "armies": {"C3": 2}, **keys}


def bob(**keys: JSON) -> dict[str, JSON]:
    """bob with his starting city (D7) and what a test adds; with Tactics when a city of his
    has a Fortress (it works for its owner only with its advance, C131)."""
    cities = keys.pop("cities", [])
    if "advances" not in keys and any("fortress" in c.get("pieces", []) for c in cities):
        keys["advances"] = with_needs(TACTICS)
    return {"cities": [{"hex": "D7"}, *cities], "settlers": {}, **keys}


# -- 4.2 a combat round ----------------------------------------------------------------------


def test_a_round_rolls_one_die_per_army_unit_and_scores_a_hit_per_5_cv() -> None:
    """p.12: the dice's sum is the combat value; hits = CV // 5 (19 makes 3)."""
    state = board(
        ann=ann(armies={"C3": 4}), bob=bob(armies={"B2": 4}), dice=[6, 6, 6, 1, 4, 4, 1, 1]
    )
    state, events = fight(state, "move c3 b2 army army army army")
    assert kinds(events)[:3] == ["moved", "battle_began", "battle_round"]
    assert the(events, "battle_began") == {
        "player": "ann",
        "against": "bob",
        "space": "B2",
        "at_sea": False,
        "battle": "land",
        # What the battle began with (rules.clash.battles.facts).
        "attacker_units": 4,
        "defender_units": 4,
        "city": None,
        "city_size": 0,
        "wonder": False,
        "defended": False,
        "landed": False,
    }
    assert the(events, "battle_round") == {
        "space": "B2",
        "round": 1,
        "attacker": "ann",
        "defender": "bob",
        "attacker_dice": ["6", "6", "6", "1"],
        "defender_dice": ["4", "4", "1", "1"],
        "fortress_die": False,
        "attacker_hits": 3,
        "defender_hits": 2,
    }
    assert state.dice == ()


def test_losses_are_simultaneous_one_unit_per_hit_taken() -> None:
    """p.12: both sides remove a unit per hit they took, after the same roll."""
    state = board(ann=ann(armies={"C3": 3}), bob=bob(armies={"B2": 3}), dice=[6, 4, 1, 5, 3, 2])
    state, events = fight(state, "move c3 b2 army army army")
    assert the(events, "battle_round")["attacker_hits"] == 2
    assert the(events, "battle_round")["defender_hits"] == 2
    lost = [dict(e.params) for e in events if e.kind == "clash.units_lost"]
    assert lost == [
        {"player": "ann", "units": ["army_2"], "space": "B2"},
        {"player": "bob", "units": ["army_2"], "space": "B2"},
    ]
    assert armies(state, 0) == {"B2": 1} and armies(state, 1) == {"B2": 1}
    # Both sides have units left: the attacker decides.
    assert prompt(state) == "battle" and tokens(state) == ["attack", "withdraw"]


def test_a_side_loses_at_most_the_units_it_has() -> None:
    state = board(ann=ann(armies={"C3": 3}), bob=bob(armies={"B2": 1}), dice=[6, 6, 6, 1])
    state, events = fight(state, "move c3 b2 army army army")
    assert the(events, "battle_round")["attacker_hits"] == 3
    assert the(events, "units_lost") == {"player": "bob", "units": ["army_1"], "space": "B2"}
    assert the(events, "battle_won") == {"player": "ann", "space": "B2", "defending": False}
    assert armies(state, 0) == {"B2": 3} and armies(state, 1) == {}
    assert state.battle is None


def test_the_attacker_may_fight_round_after_round() -> None:
    """p.12: after each round with both sides left, the attacker fights on or withdraws."""
    dice = [1, 1, 1, 1, 2, 2, 1, 1, 5, 5, 1, 1]
    state = board(ann=ann(), bob=bob(armies={"B2": 2}), dice=dice)
    state, events = fight(state, "move c3 b2 army army")
    assert kinds(events)[-1] == "battle_round" and prompt(state) == "battle"
    assert GAME.pending(state)[0].params == {"space": "B2", "round": 2}
    state, events = fight(state, "attack")
    assert the(events, "battle_round")["round"] == 2 and prompt(state) == "battle"
    state, events = fight(state, "attack")
    assert the(events, "battle_round")["round"] == 3
    assert kinds(events)[-2:] == ["units_lost", "battle_won"]
    assert armies(state, 0) == {"B2": 2} and armies(state, 1) == {}


def test_the_battle_decision_is_attack_or_withdraw() -> None:
    state = board(ann=ann(), bob=bob(armies={"B2": 2}), dice=[1, 1, 1, 1])
    state = play(state, "move c3 b2 army army")
    err = refused(state, "retreat")
    assert err.code == "attack_or_withdraw" and err.params == {"allowed": ["attack", "withdraw"]}


def test_both_sides_wiped_out_is_no_win_and_the_city_stays_its_owners() -> None:
    """p.12: if both sides lose all their units, there is no winner."""
    state = board(
        ann=ann(armies={"C3": 1}), bob=bob(cities=[{"hex": "B3"}], armies={"B3": 1}), dice=[5, 6]
    )
    state, events = fight(state, "move c3 b3 army")
    assert kinds(events)[-3:] == ["units_lost", "units_lost", "battle_drawn"]
    assert the(events, "battle_drawn") == {"space": "B3"}
    assert armies(state, 0) == {} and armies(state, 1) == {}
    assert city(state, 1, "B3") is not None and state.battle is None


# -- 4.4 withdrawing -------------------------------------------------------------------------


def test_withdrawn_units_go_back_where_their_move_began_and_stay_stopped() -> None:
    """p.12, C43: every attacking unit goes back together; having fought, it moves no more
    this turn (p.9), while the Move action goes on with other units."""
    state = board(ann=ann(armies={"C3": 2, "D2": 1}), bob=bob(armies={"B2": 2}), dice=[1, 1, 1, 1])
    state = play(state, "move c3 b2 army army")
    state, events = fight(state, "withdraw")
    assert kinds(events) == ["withdrew"]
    assert the(events, "withdrew") == {"player": "ann", "space": "B2"}
    assert armies(state, 0) == {"C3": 2, "D2": 1} and armies(state, 1) == {"B2": 2}
    assert prompt(state) == "move" and state.battle is None
    assert refused(state, "c3 c2 army").code == "stopped_this_turn"
    state = play(state, "d2 c2 army", "done")
    assert refused(state, "move c3 c2 army").code == "stopped_this_turn"


def test_units_that_landed_withdraw_back_aboard_their_ship() -> None:
    """C43: units that landed from a ship go back aboard it."""
    me = ann(armies={}, ships=[{"hex": "D3", "cargo": ["army", "army"]}])
    state = board(ann=me, bob=bob(cities=[{"hex": "C3"}], armies={"C3": 1}), dice=[1, 1, 1])
    state, events = fight(state, "move ship1 c3 army army")
    assert the(events, "battle_began")["space"] == "C3" and prompt(state) == "battle"
    state = play(state, "withdraw")
    assert ships(state) == [(1, "D3", ("army", "army"))] and armies(state, 0) == {}
    # Having fought, they cannot land again this turn.
    assert refused(state, "ship1 c2 army").code == "stopped_this_turn"


def test_a_withdrawal_by_roads_goes_back_two_spaces() -> None:
    """C43: each unit goes back to the space its move into the battle started from."""
    me = ann(advances=["roads"], armies={"D2": 1}, resources={"food": 1})
    state = board(ann=me, bob=bob(armies={"B2": 1}), dice=[1, 1])
    state = play(state, "move d2 b2 army", "withdraw")
    assert armies(state, 0) == {"D2": 1}


def test_settlers_moving_with_the_army_go_back_with_it() -> None:
    """p.12, C64: settlers that moved with a withdrawing army return with it, and took part."""
    me = ann(armies={"C3": 2, "D2": 1}, settlers={"C3": 1})
    state = board(ann=me, bob=bob(armies={"B2": 2}), dice=[1, 1, 1, 1])
    state = play(state, "move c3 b2 army army settler", "withdraw")
    assert units(state) == {"army": {"C3": 2, "D2": 1}, "settler": {"C3": 1}}
    assert refused(state, "c3 c2 settler").code == "stopped_this_turn"


def test_ships_withdraw_to_where_their_move_began_with_their_cargo() -> None:
    """p.12: ships may stop the attack too, going back to where they began their move."""
    me = ann(armies={}, ships=[{"hex": "A5", "cargo": ["army"]}])
    state = board(ann=me, bob=bob(ships=[{"hex": "C4"}]), tiles=SEAS, dice=[1, 1])
    state = play(state, "move a5 c4 ship1")
    assert prompt(state) == "battle"
    state = play(state, "withdraw")
    assert ships(state) == [(1, "A5", ("army",))] and ships(state, 1) == [(1, "C4", ())]
    # A ship that fought another ship moves no more this turn (p.9).
    assert refused(state, "a5 b4 ship1").code == "stopped_this_turn"


# -- 4.5 settlers -----------------------------------------------------------------------------


def test_settlers_alone_against_an_army_are_destroyed_without_dice() -> None:
    """p.12, C51: no cards, no dice; the army took part in a battle and stops."""
    state = board(ann=ann(armies={"C3": 1}), bob=bob(settlers={"B2": 2}), dice=[6])
    state, events = fight(state, "move c3 b2 army")
    assert kinds(events) == ["moved", "battle_began", "units_lost", "battle_won"]
    assert the(events, "units_lost") == {"player": "bob", "units": ["settler_2"], "space": "B2"}
    assert units(state, 1)["settler"] == {} and state.dice == (6,)
    assert refused(state, "b2 b3 army").code == "stopped_this_turn"


def test_settlers_die_with_the_last_army_of_their_side() -> None:
    """p.12: when an army is destroyed, the friendly settlers on its space die too."""
    state = board(ann=ann(), bob=bob(armies={"B2": 1}, settlers={"B2": 1}), dice=[5, 1, 1])
    state, events = fight(state, "move c3 b2 army army")
    lost = [e.params["units"] for e in events if e.kind == "clash.units_lost"]
    assert lost == [["army_1"], ["settler_1"]]
    assert units(state, 1) == {"army": {}, "settler": {}}


def test_the_attackers_settlers_die_when_their_army_is_destroyed() -> None:
    me = ann(armies={"C3": 1}, settlers={"C3": 1})
    state = board(ann=me, bob=bob(armies={"B2": 2}), dice=[1, 5, 1])
    state, events = fight(state, "move c3 b2 army settler")
    assert kinds(events)[-3:] == ["units_lost", "units_lost", "battle_won"]
    assert the(events, "battle_won") == {"player": "bob", "space": "B2", "defending": True}
    assert units(state) == {"army": {}, "settler": {}}
    assert armies(state, 1) == {"B2": 2}


# -- 4.3 modifiers: the Fortress -------------------------------------------------------------

FORT = {"hex": "B3", "pieces": ["settlement", "fortress"]}


def test_a_fortress_adds_a_die_and_cancels_a_hit_in_round_1_only() -> None:
    """p.6: in a battle's first roll, +1 die and one hit cancelled (the Fortress's die is
    rolled after the defender's)."""
    dice = [5, 5, 5, 1, 1, 2, 1, 5, 1, 1, 6]
    state = board(ann=ann(armies={"C3": 3}), bob=bob(cities=[FORT], armies={"B3": 3}), dice=dice)
    state, events = fight(state, "move c3 b3 army army army")
    r1 = the(events, "battle_round")
    assert r1["defender_dice"] == ["1", "1", "2", "1"]
    assert (r1["attacker_hits"], r1["defender_hits"]) == (2, 1)
    assert armies(state, 0) == {"B3": 2} and armies(state, 1) == {"B3": 1}
    state, events = fight(state, "attack")
    r2 = the(events, "battle_round")
    # Round 2: no extra die and no cancel.
    assert r2["defender_dice"] == ["1"] and r2["attacker_hits"] == 1
    assert state.dice == (6,)
    assert city(state, 0, "B3") is not None


def test_an_undefended_fortress_fights_round_1_alone() -> None:
    """C40 (a): its die may kill an attacker; then the city falls if attackers remain."""
    state = board(ann=ann(), bob=bob(cities=[FORT]), dice=[6, 6, 5])
    state, events = fight(state, "move c3 b3 army army")
    r1 = the(events, "battle_round")
    assert r1["defender_dice"] == ["5"] and r1["defender_hits"] == 1
    assert r1["fortress_die"] is True
    assert kinds(events)[-5:] == [
        "units_lost",
        "battle_won",
        "city_captured",
        "plunder",
        "refugees",
    ]
    assert armies(state, 0) == {"B3": 1} and city(state, 0, "B3") is not None


def test_an_undefended_fortress_that_kills_every_attacker_wins() -> None:
    """C40 (a): the defender lost nothing, so this is no draw."""
    state = board(ann=ann(armies={"C3": 1}), bob=bob(cities=[FORT]), dice=[6, 6])
    state, events = fight(state, "move c3 b3 army")
    assert kinds(events)[-2:] == ["units_lost", "battle_won"]
    assert the(events, "battle_won") == {"player": "bob", "space": "B3", "defending": True}
    assert city(state, 1, "B3") is not None and armies(state, 0) == {}


def test_an_undefended_city_without_a_fortress_falls_without_dice() -> None:
    """p.4, p.12: moving army units into an undefended city captures it."""
    state = board(ann=ann(armies={"C3": 1}), bob=bob(cities=[{"hex": "B3"}]), dice=[6])
    state, events = fight(state, "move c3 b3 army")
    assert "battle_round" not in kinds(events) and state.dice == (6,)
    assert kinds(events)[-4:] == ["battle_won", "city_captured", "plunder", "refugees"]


# -- Siegecraft ------------------------------------------------------------------------------


def siege_board(resources: dict[str, int], dice: list[int], **bob_keys: JSON) -> ClashState:
    me = ann(["siegecraft"], armies={"C3": 2}, resources=resources)
    return board(ann=me, bob=bob(cities=[FORT], **bob_keys), dice=dice)


def test_siegecraft_is_decided_before_round_1_against_a_fortress() -> None:
    """p.2, C48: 2 Wood cancels the Fortress's die, 2 Ore its hit cancel, before the roll."""
    state = siege_board({"wood": 2, "ore": 2}, [1, 1, 1], armies={"B3": 1})
    state, events = fight(state, "move c3 b3 army army")
    assert "battle_round" not in kinds(events)
    assert prompt(state) == "siege" and GAME.pending(state)[0].seat == 0
    assert tokens(state) == ["none", "wood", "ore"]
    choice = {c.token: c for c in GAME.choices(state, 0, [])}
    assert choice["wood"].complete and choice["wood"].more and not choice["ore"].more
    assert tokens(state, "wood") == ["ore"]
    assert refused(state, "ore wood").code == "not_a_siege_payment"


def test_siegecraft_wood_cancels_the_fortress_die() -> None:
    state = siege_board({"wood": 2}, [1, 1, 1, 6], armies={"B3": 1})
    state = play(state, "move c3 b3 army army")
    state, events = fight(state, "wood")
    assert the(events, "siegecraft") == {
        "player": "ann",
        "space": "B3",
        "paid": ["wood_2"],
        "cancels": ["die"],
    }
    assert the(events, "battle_round")["defender_dice"] == ["1"]
    assert state.dice == (6,) and state.seats[0].resources["wood"] == 0


def test_siegecraft_ore_cancels_the_fortress_hit_cancel() -> None:
    state = siege_board({"ore": 2}, [5, 1, 1, 1], armies={"B3": 1})
    state = play(state, "move c3 b3 army army")
    assert tokens(state) == ["none", "ore"]
    state, events = fight(state, "ore")
    assert the(events, "battle_round")["attacker_hits"] == 1
    assert city(state, 0, "B3") is not None


def test_siegecraft_paying_nothing_leaves_the_fortress_whole() -> None:
    state = siege_board({"ore": 2}, [5, 1, 1, 1], armies={"B3": 1})
    state = play(state, "move c3 b3 army army")
    state, events = fight(state, "none")
    assert "siegecraft" not in kinds(events)
    assert the(events, "battle_round")["attacker_hits"] == 0
    assert state.seats[0].resources["ore"] == 2 and prompt(state) == "battle"


def test_siegecraft_is_only_offered_when_affordable_gold_standing_in() -> None:
    """p.2 with C6: Gold pays what the player lacks; nothing affordable, nothing asked."""
    state = siege_board({}, [1, 1, 1, 1], armies={"B3": 1})
    state, events = fight(state, "move c3 b3 army army")
    assert "battle_round" in kinds(events) and prompt(state) == "battle"
    state = siege_board({"wood": 1, "gold": 1}, [1, 1, 1], armies={"B3": 1})
    state = play(state, "move c3 b3 army army")
    assert tokens(state) == ["none", "wood"]
    state, events = fight(state, "wood")
    assert the(events, "siegecraft")["paid"] == ["wood_1", "gold_1"]


def test_siegecraft_wood_against_an_undefended_fortress_takes_the_city_without_dice() -> None:
    """The Fortress alone has only its die, which the Wood cancels: nothing fights."""
    state = siege_board({"wood": 2}, [6])
    state = play(state, "move c3 b3 army army")
    state, events = fight(state, "wood")
    assert "battle_round" not in kinds(events) and state.dice == (6,)
    assert city(state, 0, "B3") is not None and armies(state, 0) == {"B3": 2}


def test_no_siegecraft_decision_without_a_fortress_or_without_siegecraft() -> None:
    me = ann(["siegecraft"], resources={"wood": 2})
    state = board(ann=me, bob=bob(cities=[{"hex": "B3"}], armies={"B3": 1}), dice=[1, 1, 1])
    assert prompt(play(state, "move c3 b3 army army")) == "battle"
    state = board(ann=ann(resources={"wood": 2}), bob=bob(cities=[FORT]), dice=[1, 1, 1])
    assert prompt(play(state, "move c3 b3 army army")) != "siege"


# -- Steel Weapons, Fanaticism, Warships -----------------------------------------------------


def test_steel_weapons_add_a_hit_in_round_1_against_armies_without_them() -> None:
    """p.2, C45: either role; round 1 of land battles only."""
    state = board(ann=ann(["steel_weapons"]), bob=bob(armies={"B2": 3}), dice=[1, 1, 1, 1, 1] * 2)
    state, events = fight(state, "move c3 b2 army army")
    assert the(events, "battle_round")["attacker_hits"] == 1
    state, events = fight(state, "attack")
    assert the(events, "battle_round")["attacker_hits"] == 0
    state = board(
        ann=ann(), bob=bob(armies={"B2": 1}, advances=with_needs(["steel_weapons"])), dice=[1, 1, 1]
    )
    state, events = fight(state, "move c3 b2 army army")
    assert the(events, "battle_round")["defender_hits"] == 1


def test_steel_weapons_on_both_sides_do_nothing() -> None:
    steel = with_needs([*TACTICS, "steel_weapons"])
    state = board(
        ann=ann(["steel_weapons"]), bob=bob(armies={"B2": 1}, advances=steel), dice=[1, 1, 1]
    )
    state, events = fight(state, "move c3 b2 army army")
    r1 = the(events, "battle_round")
    assert (r1["attacker_hits"], r1["defender_hits"]) == (0, 0)


def test_steel_weapons_always_count_against_barbarians_who_never_have_them() -> None:
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 2}}, "dice": [1, 1, 1, 1]}
    state = board(ann=ann(["steel_weapons"]), **pos)
    state, events = fight(state, "move c3 b3 army army")
    assert the(events, "battle_round")["attacker_hits"] == 1
    assert the(events, "barbarian_units_lost") == {"units": ["army_1"], "space": "B3"}


TEMPLE = {"hex": "B3", "pieces": ["settlement", "temple"]}


def test_fanaticism_adds_2_cv_to_the_first_roll_in_a_temple_city_defending() -> None:
    """p.2, C47 (b): +2 CV in a battle in a city with a Temple, whatever the role."""
    fanatic = with_needs(["fanaticism"])
    state = board(
        ann=ann(), bob=bob(cities=[TEMPLE], armies={"B3": 1}, advances=fanatic), dice=[1, 1, 3] * 2
    )
    state, events = fight(state, "move c3 b3 army army")
    assert the(events, "battle_round")["defender_hits"] == 1
    state, events = fight(state, "attack")
    assert the(events, "battle_round")["defender_hits"] == 0


def test_fanaticism_helps_the_attacker_of_a_temple_city_too_and_nowhere_else() -> None:
    me = ann(["fanaticism"], armies={"C3": 1})
    state = board(ann=me, bob=bob(cities=[TEMPLE], armies={"B3": 1}), dice=[3, 1])
    state, events = fight(state, "move c3 b3 army")
    assert the(events, "battle_round")["attacker_hits"] == 1
    state = board(ann=me, bob=bob(armies={"B2": 1}), dice=[3, 1])
    state, events = fight(state, "move c3 b2 army")
    assert the(events, "battle_round")["attacker_hits"] == 0


def test_warships_cancel_a_hit_in_round_1_of_naval_battles() -> None:
    """p.20, C46: either role at sea; round 1 only."""
    me = ann(["warships"], armies={}, ships=[{"hex": "D3"}])
    state = board(ann=me, bob=bob(ships=[{"hex": "C4"}]), dice=[1, 5, 1, 5])
    state, events = fight(state, "move d3 c4 ship1")
    assert the(events, "battle_began")["battle"] == "naval"
    assert the(events, "battle_round")["defender_hits"] == 0 and prompt(state) == "battle"
    state, events = fight(state, "attack")
    assert the(events, "battle_round")["defender_hits"] == 1
    assert the(events, "ships_sunk") == {"player": "ann", "ships": ["1"], "count": 1, "space": "C4"}
    warships = with_needs(["warships"])
    state = board(
        ann=ann(armies={}, ships=[{"hex": "D3"}]),
        bob=bob(ships=[{"hex": "C4"}], advances=warships),
        dice=[5, 1],
    )
    state, events = fight(state, "move d3 c4 ship1")
    assert the(events, "battle_round")["attacker_hits"] == 0


def test_warships_cancel_a_hit_for_armies_landing_from_ships_only() -> None:
    me = ann(["warships"], armies={"D2": 1}, ships=[{"hex": "D3", "cargo": ["army"]}])
    state = board(ann=me, bob=bob(cities=[{"hex": "C3"}], armies={"C3": 2}), dice=[1, 5, 1] * 2)
    state, events = fight(state, "move ship1 c3 army")
    assert the(events, "battle_round")["defender_hits"] == 0
    state = play(state, "withdraw")
    state, events = fight(state, "d2 c3 army")
    assert the(events, "battle_round")["defender_hits"] == 1


# -- 4.6 naval battles -----------------------------------------------------------------------


def test_only_ships_fight_at_sea_and_cargo_sinks_with_its_ship() -> None:
    """p.12: land units aboard neither roll nor take hits, and are lost with their ship."""
    me = ann(armies={}, ships=[{"hex": "D3", "cargo": ["army", "army"]}])
    them = bob(ships=[{"hex": "C4", "cargo": ["army", "settler"]}])
    state = board(ann=me, bob=them, dice=[5, 1])
    state, events = fight(state, "move d3 c4 ship1")
    assert the(events, "battle_round")["attacker_dice"] == ["5"]
    assert the(events, "battle_round")["defender_dice"] == ["1"]
    assert the(events, "ships_sunk") == {"player": "bob", "ships": ["1"], "count": 1, "space": "C4"}
    assert the(events, "units_lost") == {
        "player": "bob",
        "units": ["army_1", "settler_1"],
        "space": "C4",
    }
    assert ships(state) == [(1, "C4", ("army", "army"))] and ships(state, 1) == []
    # The ship stops; the units aboard may still land (p.12).
    assert refused(state, "c4 d3 ship1").code == "stopped_this_turn"
    assert "ship1" in tokens(state)


def test_the_owner_chooses_which_ships_sink_when_they_differ() -> None:
    """C41: each owner picks its own losses; the defender answers in the attacker's turn."""
    me = ann(armies={}, ships=[{"hex": "D3"}, {"hex": "D3"}])
    them = bob(ships=[{"hex": "C4", "cargo": ["army"]}, {"hex": "C4"}])
    state = board(ann=me, bob=them, dice=[5, 1, 1, 1])
    state, events = fight(state, "move d3 c4 ship1 ship2")
    assert "ships_sunk" not in kinds(events)
    (asked,) = GAME.pending(state)
    assert (asked.seat, asked.turn, asked.kind) == (1, 0, "casualties")
    assert asked.params == {"space": "C4", "round": 2, "count": 1}
    choices = GAME.choices(state, 1, [])
    assert [(c.token, c.label, dict(c.params)) for c in choices] == [
        ("ship1", "clash.choice.sink", {"ship": 1, "cargo": ["army_1"]}),
        ("ship2", "clash.choice.sink_empty", {"ship": 2, "cargo": []}),
    ]
    assert refused(state, "ship3").code == "choose_ships_lost"
    assert refused(state, "ship1 ship2").code == "choose_ships_lost"
    state, events = fight(state, "ship2")
    assert the(events, "ships_sunk")["ships"] == ["2"]
    assert ships(state, 1) == [(1, "C4", ("army",))]
    assert prompt(state) == "battle" and GAME.pending(state)[0].seat == 0


def test_alike_ships_sink_without_a_question() -> None:
    them = bob(ships=[{"hex": "C4"}, {"hex": "C4"}])
    state = board(ann=ann(armies={}, ships=[{"hex": "D3"}]), bob=them, dice=[5, 1, 1])
    state, events = fight(state, "move d3 c4 ship1")
    assert the(events, "ships_sunk")["ships"] == ["1"] and prompt(state) == "battle"


def test_both_sides_may_have_to_choose_their_ships_in_one_round() -> None:
    """The defender chooses first (asked last), then the attacker; then the attacker decides."""
    me = ann(armies={}, ships=[{"hex": "D3", "cargo": ["army"]}, {"hex": "D3"}])
    them = bob(ships=[{"hex": "C4", "cargo": ["army"]}, {"hex": "C4"}])
    state = board(ann=me, bob=them, dice=[5, 1, 5, 1])
    state = play(state, "move d3 c4 ship1 ship2")
    # The Move action's next group waits beneath the battle's decisions.
    assert [(d.seat, d.kind) for d in state.prompts.decisions] == [
        (0, "move"),
        (0, "casualties"),
        (1, "casualties"),
    ]
    state = play(state, "ship1")
    assert prompt(state) == "casualties" and GAME.pending(state)[0].seat == 0
    state = play(state, "ship2")
    assert ships(state) == [(1, "C4", ("army",))] and ships(state, 1) == [(2, "C4", ())]
    assert prompt(state) == "battle"


# -- 4.7 captures ----------------------------------------------------------------------------


def test_a_capture_swaps_the_owners_pieces_and_makes_the_city_angry() -> None:
    """p.12: the previous owner's pieces change colour; the city is angry; the wonder passes
    (p.14); the previous owner's settlers there die."""
    b3 = {
        "hex": "B3",
        "pieces": ["settlement", "fortress", {"kind": "temple", "owner": "ann"}],
        "mood": "angry",
        "wonder": "great_gardens",
    }
    state = board(
        ann=ann(armies={"C3": 3}),
        bob=bob(cities=[b3], armies={"B3": 1}, settlers={"B3": 1}),
        dice=[6, 6, 6, 1, 1],
    )
    state, events = fight(state, "move c3 b3 army army army")
    assert the(events, "city_captured") == {"player": "ann", "from": "bob", "space": "B3"}
    c = city(state, 0, "B3")
    assert pieces(c) == [("settlement", 0), ("temple", 0), ("fortress", 0)]
    assert c.mood == "angry" and c.wonder == "great_gardens" and c.owner == 0
    assert city(state, 1, "B3") is None and units(state, 1)["settler"] == {}
    # An angry city is not plundered and gives no refugees.
    assert "plunder" not in kinds(events) and "refugees" not in kinds(events)
    assert gold(state) == 0 and state.battle is None


def test_pieces_of_a_third_colour_stay_as_they_are() -> None:
    """p.12: pieces under another player's Cultural Influence are not swapped."""
    d2 = {"hex": "D2", "pieces": ["settlement", {"kind": "temple", "owner": "cat"}]}
    pos = {
        "first": "ann",
        "seats": {
            "ann": {"advances": with_needs(TACTICS), "armies": {"E2": 1}},
            "bob": {"cities": [{"hex": "G7"}, d2], "settlers": {}},
        },
    }
    state = GAME.setup_position(["ann", "bob", "cat"], {}, 1, pos)
    state = play(state, "move e2 d2 army")
    assert pieces(city(state, 0, "D2")) == [("settlement", 0), ("temple", 2)]


def test_plunder_and_refugees_when_the_city_was_happy_or_neutral() -> None:
    """p.12, C50: Gold equal to the size; the previous owner places a settler in a city of
    their choice (a decision of theirs in the attacker's turn)."""
    b3 = {"hex": "B3", "pieces": ["settlement", "temple"], "mood": "happy"}
    them = bob(cities=[b3, {"hex": "D4"}])
    state = board(ann=ann(armies={"C3": 1}), bob=them)
    state, events = fight(state, "move c3 b3 army")
    assert the(events, "plunder") == {"player": "ann", "count": 2} and gold(state) == 2
    (asked,) = GAME.pending(state)
    assert (asked.seat, asked.turn, asked.kind) == (1, 0, "refugees")
    assert tokens(state) == ["d7", "d4"]
    assert refused(state, "b3").code == "not_your_city"
    state, events = fight(state, "d4")
    assert the(events, "refugees") == {"player": "bob", "space": "D4"}
    assert units(state, 1)["settler"] == {"D4": 1} and state.battle is None
    # The Move action goes on.
    assert prompt(state) == "move" and GAME.pending(state)[0].seat == 0


def test_refugees_go_to_the_only_city_left_without_a_question() -> None:
    state = board(ann=ann(armies={"C3": 1}), bob=bob(cities=[{"hex": "B3"}]))
    state, events = fight(state, "move c3 b3 army")
    assert the(events, "plunder")["count"] == 1
    assert the(events, "refugees") == {"player": "bob", "space": "D7"}
    assert prompt(state) == "move"


def test_a_resigned_previous_owner_never_decides_its_refugees_go_to_its_first_city() -> None:
    """3-4 players: a resigned seat's cities may still be captured, and it never acts; a
    decision of its would stop the game."""
    bob3 = {"cities": [{"hex": "G7"}, {"hex": "H6"}, {"hex": "D2", "mood": "happy"}]}
    pos = {
        "first": "ann",
        "seats": {
            "ann": {"advances": with_needs(TACTICS), "armies": {"E2": 1}},
            "bob": {**bob3, "settlers": {}, "resigned": True},
        },
    }
    state = GAME.setup_position(["ann", "bob", "cat"], {}, 1, pos)
    state, events = fight(state, "move e2 d2 army")
    assert the(events, "refugees") == {"player": "bob", "space": "G7"}
    assert prompt(state) == "move" and state.battle is None


def test_refugees_need_a_settler_in_supply() -> None:
    """C50: with all 4 settlers on the board, the previous owner gets none."""
    them = bob(cities=[{"hex": "B3"}], settlers={"D7": 4})
    state = board(ann=ann(armies={"C3": 1}), bob=them)
    state, events = fight(state, "move c3 b3 army")
    assert "plunder" in kinds(events) and "refugees" not in kinds(events)


def test_plunder_is_judged_by_the_mood_when_the_battle_began() -> None:
    """C50: a city happy when attacked is plundered even after rounds of battle."""
    b3 = {"hex": "B3", "pieces": ["settlement", "fortress"], "mood": "neutral"}
    state = board(
        ann=ann(armies={"C3": 3}),
        bob=bob(cities=[b3], armies={"B3": 2}),
        dice=[1, 1, 1, 1, 1, 1, 5, 5, 1, 1],
    )
    state = play(state, "move c3 b3 army army army")
    state, events = fight(state, "attack")
    assert the(events, "plunder")["count"] == 2


def test_a_piece_kind_the_attacker_has_none_left_of_is_removed_for_1_gold() -> None:
    """p.12, C50: all 7 of ann's Temples are on the board (one by influence in bob's city)."""
    mine = ["D2", "B2", "C2", "E2", "E3", "F3"]
    me = ann(armies={"C3": 1})
    me["cities"] = [{"hex": h, "pieces": ["settlement", "temple"]} for h in mine]
    d7 = {"hex": "D7", "pieces": ["settlement", {"kind": "temple", "owner": "ann"}]}
    them = {"cities": [d7, {"hex": "B3", "pieces": ["settlement", "temple"], "mood": "angry"}]}
    state = board(ann=me, bob=them)
    state = play(state, "move c3 b3 army")
    assert pieces(city(state, 0, "B3")) == [("settlement", 0)] and gold(state) == 1


def test_without_a_settlement_in_supply_the_captured_city_leaves_the_board() -> None:
    """p.12, C50: 1 Gold per piece of the previous owner's; its wonder is lost."""
    mine = ["D2", "B2", "C2", "E2", "E3", "F3", "D4"]
    me = ann(armies={"C3": 1})
    me["cities"] = [{"hex": h} for h in mine]
    b3 = {"hex": "B3", "pieces": ["settlement", "temple"], "mood": "angry", "wonder": "great_wall"}
    state = board(ann=me, bob=bob(cities=[b3]))
    state, events = fight(state, "move c3 b3 army")
    assert the(events, "city_removed") == {"player": "ann", "space": "B3", "gold": 2}
    assert gold(state) == 2 and city(state, 0, "B3") is None and city(state, 1, "B3") is None
    assert "great_wall" in state.cards.lost and armies(state, 0) == {"B3": 1}


def test_a_player_left_without_cities_ends_the_game_at_the_status_phase() -> None:
    """p.4, C8: no refugees without a city; the game ends at the next status phase."""
    them = {"cities": [{"hex": "B3"}], "settlers": {}}
    state = board(ann=ann(armies={"C3": 1}), bob=them, turn=3)
    state, events = fight(state, "move c3 b3 army")
    assert "refugees" not in kinds(events) and state.seats[1].cities == []
    state = play(state, "done", "end")
    while state.outcome is None:
        state = play(state, "end")
    assert state.outcome.reason == "no_city"


# -- 4.8 barbarian settlements ---------------------------------------------------------------


def test_an_undefended_barbarian_settlement_is_taken_and_may_be_kept() -> None:
    """p.14: keep it (your Settlement replaces it, angry) or destroy it."""
    pos = {"barbarians": {"cities": ["B3"]}}
    state = board(ann=ann(armies={"C3": 1}), **pos)
    state, events = fight(state, "move c3 b3 army")
    assert "battle_round" not in kinds(events)
    assert the(events, "battle_began")["battle"] == "barbarians"
    assert the(events, "barbarians_defeated") == {"player": "ann", "space": "B3", "count": 0}
    assert prompt(state) == "barbarian_city" and tokens(state) == ["keep", "destroy"]
    assert refused(state, "raze").code == "keep_or_destroy"
    state, events = fight(state, "keep")
    assert kinds(events) == ["barbarian_city_kept"]
    c = city(state, 0, "B3")
    assert pieces(c) == [("settlement", 0)] and c.mood == "angry"
    assert state.barbarians.cities == frozenset() and gold(state) == 0
    assert prompt(state) == "move"


def test_a_barbarian_settlement_gives_1_gold_per_unit_killed_and_1_more_destroyed() -> None:
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 2}}, "dice": [5, 5, 5, 1, 1]}
    state = board(ann=ann(armies={"C3": 3}), **pos)
    state, events = fight(state, "move c3 b3 army army army")
    assert the(events, "barbarians_defeated")["count"] == 2 and gold(state) == 2
    state, events = fight(state, "destroy")
    assert kinds(events) == ["barbarian_city_destroyed"] and gold(state) == 3
    assert state.barbarians.cities == frozenset() and armies(state, 0) == {"B3": 3}
    assert city(state, 0, "B3") is None


def test_barbarian_units_killed_in_every_round_count() -> None:
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 2}}, "dice": [5, 1, 1, 1, 5, 1, 1]}
    state = board(ann=ann(), **pos)
    state = play(state, "move c3 b3 army army")
    assert state.battle is not None and state.battle.defeated == 1
    state, events = fight(state, "attack")
    assert the(events, "barbarians_defeated")["count"] == 2


def test_a_barbarian_settlement_is_destroyed_at_once_without_a_settlement_in_supply() -> None:
    mine = ["D2", "B2", "C2", "E2", "E3", "F3", "D4"]
    me = ann(armies={"C3": 1})
    me["cities"] = [{"hex": h} for h in mine]
    state = board(ann=me, barbarians={"cities": ["B3"]})
    state, events = fight(state, "move c3 b3 army")
    assert kinds(events)[-2:] == ["barbarians_defeated", "barbarian_city_destroyed"]
    assert gold(state) == 1 and prompt(state) == "move"


def test_barbarians_that_destroy_the_attackers_hold_their_settlement() -> None:
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 2}}, "dice": [1, 5, 1]}
    state = board(ann=ann(armies={"C3": 1}), **pos)
    state, events = fight(state, "move c3 b3 army")
    assert kinds(events)[-2:] == ["units_lost", "barbarians_held"]
    assert the(events, "barbarians_held") == {"space": "B3"}
    assert state.barbarians.armies == {parse_hex("B3"): 2}


# -- the turn around a battle ----------------------------------------------------------------


def test_units_that_fought_cannot_move_again_this_turn_but_can_next_turn() -> None:
    state = board(ann=ann(armies={"C3": 2}), bob=bob(armies={"B2": 1}), dice=[6, 6, 1])
    state = play(state, "move c3 b2 army army")
    assert refused(state, "b2 b3 army").code == "stopped_this_turn"
    state = play(state, "done")
    assert refused(state, "move b2 b3 army").code == "stopped_this_turn"
    state = play(state, "end", "end")
    assert units(play(state, "move b2 b3 army"))["army"] == {"B2": 1, "B3": 1}


def test_a_battle_ends_the_move_action_only_when_no_group_is_left() -> None:
    """p.9: a battle is fought at once; then the Move action goes on (here after a decision),
    or ends with its last group."""
    state = board(ann=ann(armies={"C3": 2, "D2": 1}), bob=bob(armies={"B2": 2}), dice=[1, 1, 1, 1])
    state = play(state, "move c3 b2 army army", "withdraw")
    assert prompt(state) == "move" and state.turn_state.moving == 2
    state = board(
        ann=ann(armies={"C3": 2}),
        bob=bob(armies={"B2": 2}),
        dice=[1, 1, 1, 1],
        actions_left=0,
        moving=1,
    )
    state = play(state, "c3 b2 army army")
    assert prompt(state) == "battle"
    state = play(state, "withdraw")
    # The Move action was the turn's last action: the turn passed to bob.
    assert GAME.pending(state)[0].seat == 1 and prompt(state) == "turn"


# -- snapshots and positions in the middle of a battle ---------------------------------------


def again(state: ClashState) -> ClashState:
    """The state rebuilt from its own position (as JSON)."""
    pos = json.loads(json.dumps(position_of(state)))
    return GAME.setup_position(list(PLAYERS), {}, 0, pos)


def waiting_states() -> list[ClashState]:
    """A state waiting for each combat decision."""
    b3 = {"hex": "B3", "pieces": ["settlement", "fortress"]}
    siege = board(
        ann=ann(["siegecraft"], resources={"wood": 2}),
        bob=bob(cities=[b3, {"hex": "D4"}], armies={"B3": 1}),
        dice=[1, 1, 1, 1, 5, 1],
    )
    siege = play(siege, "move c3 b3 army army")
    battle = play(siege, "wood")
    refugees = play(battle, "attack")
    naval = board(
        ann=ann(armies={}, ships=[{"hex": "D3"}]),
        bob=bob(ships=[{"hex": "C4", "cargo": ["army"]}, {"hex": "C4"}]),
        dice=[5, 1, 1],
    )
    casualties = play(naval, "move d3 c4 ship1")
    barbarian = board(ann=ann(), barbarians={"cities": ["B3"], "armies": {"B3": 1}}, dice=[5, 1])
    barbarian = play(barbarian, "move c3 b3 army army")
    found = [siege, battle, refugees, casualties, barbarian]
    assert [prompt(s) for s in found] == [
        "siege",
        "battle",
        "refugees",
        "casualties",
        "barbarian_city",
    ]
    return found


def test_snapshots_round_trip_in_the_middle_of_a_battle() -> None:
    for state in waiting_states():
        copy = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
        assert copy == state and copy.battle == state.battle
        assert GAME.check_invariants(copy) == []


def test_positions_round_trip_in_the_middle_of_a_battle() -> None:
    """docs/transcripts.md ``battle``: the Battle record and the decision on the stack."""
    for state in waiting_states():
        rebuilt = again(state)
        assert comparable(rebuilt) == comparable(state), prompt(state)
        # The battle goes on alike from either.
        seat = GAME.pending(state)[0].seat
        answer = GAME.choices(state, seat, [])[0].token
        done, _ = act(GAME, state, seat, answer)
        redone, _ = act(GAME, rebuilt, seat, answer)
        assert comparable(done) == comparable(redone)


def test_a_position_can_start_a_withdrawal_with_no_room_left_aboard() -> None:
    """C43: landed units with no room left on their ship are lost. Play never leaves a ship
    full under units that landed from it, so a position sets it up."""
    pos = {
        "seats": {
            "ann": {
                "advances": with_needs(TACTICS),
                "armies": {"C3": 1},
                "ships": [{"hex": "D3", "cargo": ["army", "settler"]}],
            },
            "bob": bob(armies={"C3": 1}),
        },
        "moving": 2,
        "actions_left": 2,
        "marks": [{"place": "C3", "kind": "army", "mark": "stopped", "count": 1}],
        "battle": {
            "space": "C3",
            "attacker": "ann",
            "defender": "bob",
            "origins": [{"place": "ship1", "kind": "army", "count": 1}],
            "round": 2,
            "landed": True,
        },
        "prompts": [
            {
                "id": "battle:1.1.0.0.C3.2",
                "seat": "ann",
                "kind": "battle",
                "params": {"space": "C3", "round": 2},
                "turn": "ann",
            }
        ],
    }
    state = GAME.setup_position(list(PLAYERS), {}, 1, {**pos, "map": BASE_MAP, "first": "ann"})
    state, events = fight(state, "withdraw")
    assert kinds(events) == ["withdrew", "units_lost"]
    assert the(events, "units_lost") == {"player": "ann", "units": ["army_1"], "space": "C3"}
    assert armies(state, 0) == {} and ships(state) == [(1, "D3", ("army", "settler"))]


# -- random play -----------------------------------------------------------------------------

#: Armies of both players next to each other and to barbarians, Fortress and Temple cities,
#: ships on both sides of a sea, every combat advance on one side or the other.
FRONT: dict[str, JSON] = {
    "map": {**BASE_MAP, **SEAS},
    "barbarians": {"cities": ["F3"], "armies": {"F3": 2}},
    "seats": {
        "ann": {
            "advances": with_needs([*TACTICS, "siegecraft", "steel_weapons", "warships", "roads"]),
            "resources": {"food": 2, "wood": 2, "ore": 2, "gold": 2},
            "cities": [{"hex": "D2", "pieces": ["settlement", "temple"], "mood": "happy"}],
            "armies": {"C3": 3, "D2": 2, "E3": 2},
            "settlers": {"C3": 1},
            "ships": [{"hex": "D3", "cargo": ["army", "army"]}, {"hex": "A5"}],
        },
        "bob": {
            "advances": with_needs([*TACTICS, "fanaticism"]),
            "cities": [
                {"hex": "D7"},
                {"hex": "B3", "pieces": ["settlement", "fortress", "temple"]},
                {"hex": "D4", "mood": "happy"},
            ],
            "armies": {"B3": 2, "B2": 2, "D4": 1},
            "settlers": {"B2": 1},
            "ships": [{"hex": "C4", "cargo": ["army"]}, {"hex": "B4"}],
        },
    },
}


def front(seed: int) -> ClashState:
    return GAME.setup_position(list(PLAYERS), {}, seed, json.loads(json.dumps(FRONT)))


def walk(state: ClashState, seat: int, rng: Rng) -> str:
    """A random complete action, token by token as the picker offers them, keeping to
    moves (and the combat decisions)."""
    prefix: list[str] = []
    kind = GAME.pending(state)[0].kind
    while True:
        options = GAME.choices(state, seat, prefix)
        if not prefix and kind == "turn":
            options = [c for c in options if c.token in ("move", "end")]
        if not prefix and kind == "raze":
            options = [c for c in options if c.token == "pass"]
        assert options, f"dead end after {prefix}"
        choice = options[rng.randrange(len(options))]
        prefix.append(choice.token)
        if choice.complete and (not choice.more or rng.randrange(2)):
            return " ".join(prefix)


def test_random_battles_keep_every_invariant() -> None:
    seen: Counter[str] = Counter()
    for seed in range(8):
        state = front(seed)
        rng = Rng(seed)
        for _ in range(40):
            if state.outcome is not None:
                break
            seat = GAME.pending(state)[0].seat
            state, events = act(GAME, state, seat, walk(state, seat, rng))
            seen.update(kinds(events))
            assert GAME.check_invariants(state) == [], kinds(events)
            if state.battle is not None:
                assert GAME.pending(state)[0].kind in (*combat.KINDS, sides.FANATICISM)
    for kind in ("battle_round", "battle_won", "withdrew", "city_captured", "units_lost"):
        assert seen[kind], (kind, seen)
    assert seen["barbarians_defeated"] or seen["barbarians_held"], seen


def test_the_view_shows_the_battle_under_way() -> None:
    state = board(ann=ann(), bob=bob(cities=[{"hex": "B3"}], armies={"B3": 2}), dice=[1, 1, 1, 1])
    state = play(state, "move c3 b3 army army")
    assert GAME.view(state, 1)["battle"] == {
        "space": "B3",
        "at_sea": False,
        "attacker": 0,
        "defender": 1,
        "round": 2,
        "played": [],
        "generals": [],
        "trojan_horse": False,
        "solar_eclipse": False,
    }


def test_an_attacker_resigning_mid_battle_takes_its_units_back() -> None:
    """3 players: ann attacks bob's armies and resigns before choosing to attack again; her
    units go back where they came from and cy's turn begins."""
    from test_clash_support import PLAYERS3, position

    pos = {
        "first": "ann",
        "seats": {
            "ann": {"armies": {"E3": 2}, "advances": ["farming", "mining", "tactics"]},
            "bob": {"armies": {"E2": 3}},
        },
        "dice": [1, 1, 1, 1, 1],
    }
    state = position(pos, PLAYERS3)
    from rules.clash import GAME
    from rules.core import act

    # On the 3-player board ann's starting city is E3; E2 is the Barren space below it.
    state = act(GAME, state, 0, "move e3 e2 army army")[0]
    assert state.battle is not None and GAME.pending(state)[0].kind == "battle"
    state, _ = GAME.resign(state, 0)
    assert state.battle is None and state.prompts.top() is None
    assert units(state)["army"] == {"E3": 2}
    assert GAME.check_invariants(state) == []


def test_fanaticism_gives_a_loser_in_a_temple_city_a_free_army_unit() -> None:
    """p.2, C47 (b): bob loses his Temple city C3 and gets a free army unit in another city,
    asked when two have room."""
    bob_one = {
        "cities": [{"hex": "D7"}, {"hex": "C3", "pieces": ["settlement", "temple"]}],
        "armies": {"C3": 1},
        "advances": with_needs(["farming", "mining", "dogma", "fanaticism"]),
    }
    ann = {"armies": {"D2": 3}, "advances": TACTICS}
    state, kinds = events(
        board(ann=ann, bob=bob_one, dice=[6, 6, 6, 1]), "move d2 c3 army army army"
    )
    assert "clash.city_captured" in kinds and "clash.fanaticism" in kinds
    assert units(state, 1)["army"] == {"D7": 1}
    bob_two = {**bob_one, "cities": [*bob_one["cities"], {"hex": "F3"}]}
    state = play(board(ann=ann, bob=bob_two, dice=[6, 6, 6, 1]), "move d2 c3 army army army")
    assert prompt(state) == "fanaticism" and GAME.pending(state)[0].seat == 1
    assert tokens(state) == ["d7", "f3"]
    assert refused(state, "c3").code == "not_a_fanaticism_city"
    state = play(state, "f3")
    assert units(state, 1)["army"] == {"F3": 1}


def test_siegecraft_may_be_paid_with_gold_instead_of_wood_or_ore_held_c138() -> None:
    state = siege_board({"wood": 2, "ore": 2, "gold": 1}, [1, 1, 1], armies={"B3": 1})
    state = play(state, "move c3 b3 army army")
    assert tokens(state, "wood") == ["ore", "gold"]
    labels = [c.label for c in GAME.choices(state, 0, ["wood", "ore", "gold"])]
    assert labels == []  # one Gold only
    # Either resource may be kept: the plain ``gold`` keeps Wood, ``gold_ore`` Ore.
    after = GAME.choices(state, 0, ["wood", "ore"])
    assert [(c.token, c.label) for c in after] == [
        ("gold", "clash.choice.gold_for_wood"),
        ("gold_ore", "clash.choice.gold_for_ore"),
    ]
    assert refused(state, "none gold").code == "too_much_gold"
    assert refused(state, "wood gold gold").code == "too_much_gold"
    kept_ore, events = fight(state, "wood ore gold_ore")
    assert the(events, "siegecraft")["paid"] == ["wood_2", "ore_1", "gold_1"]
    assert kept_ore.seats[0].resources["ore"] == 1
    state, events = fight(state, "wood ore gold")
    assert the(events, "siegecraft")["paid"] == ["wood_1", "ore_2", "gold_1"]
    assert state.seats[0].resources["wood"] == 1
