"""Build units (rules reference §3.3.2; p.2, p.6, p.8, p.9; C6, C44): each test names the rule
it checks; refusals name the code the player sees. The map is ``clash_map``'s: ann's city D2
has the Sea space D3 next to it."""

from __future__ import annotations

from typing import Any

from clash_map import board, events, play, refused, ships, tokens, units, with_needs
from test_clash_collect import START, have

from rules.clash import GAME

JSON = Any
PORT_CITY = {"hex": "D2", "pieces": ["settlement", "temple", "port"], "port_faces": "D3"}


def ann(
    pieces: int = 3, mood: str = "neutral", advances: list[str] | None = None, **seat: JSON
) -> dict[str, JSON]:
    """ann with her D2 city of ``pieces`` pieces (a Port third), plenty to pay with."""
    kinds = ["settlement", "temple", "port", "academy"][:pieces]
    c: dict[str, JSON] = {"hex": "D2", "pieces": kinds, "mood": mood}
    if "port" in kinds:
        c["port_faces"] = "D3"
    out: dict[str, JSON] = {
        "cities": [c],
        "resources": {"food": 2, "ore": 4, "wood": 4},
        "settlers": {},
        "advances": with_needs([*START, "fishing", *(advances or [])]),
    }
    return out | seat


def test_units_cost_their_resources_and_appear_in_the_city() -> None:
    """p.8: settler 2 Food, army 1 Food + 1 Ore; land units on the city's space."""
    state, kinds = events(board(ann=ann(resources={"food": 2, "ore": 1})), "activate d2 build army")
    assert kinds == ["clash.units_built"] and units(state)["army"] == {"D2": 1}
    assert have(state) == {"food": 1}
    state = play(board(ann=ann()), "activate d2 build settler")
    assert units(state)["settler"] == {"D2": 1} and have(state) == {"ore": 4, "wood": 4}
    assert state.turn_state.actions_left == 2


def test_a_ship_costs_two_wood_and_appears_on_the_port_space() -> None:
    state = play(board(ann=ann()), "activate d2 build ship ship")
    assert ships(state) == [(1, "D3", ()), (2, "D3", ())]
    assert have(state) == {"food": 2, "ore": 4}


def test_a_new_ship_takes_the_lowest_free_number() -> None:
    seat = ann(ships=[{"id": 1, "hex": "C4"}, {"id": 3, "hex": "F2"}])
    state, kinds = events(board(ann=seat), "activate d2 build ship")
    assert kinds == ["clash.units_built", "clash.ship_launched"]
    assert sorted(ships(state)) == [(1, "C4", ()), (2, "D3", ()), (3, "F2", ())]


def test_ships_only_in_a_city_with_a_port() -> None:
    state = board(ann=ann(pieces=2))
    err = refused(state, "activate d2 build ship")
    assert err.code == "ship_needs_a_port" and err.params == {"city": "D2"}
    assert "ship" not in tokens(state, "activate", "d2", "build")


def test_a_ship_built_onto_a_foreign_ship_attacks_it_and_cannot_withdraw() -> None:
    """p.8, C44: the builder attacks; the new ship has nowhere to go, so rounds go on until one
    side is gone (here two rounds: 1 against 1, then 6 against 2)."""
    state = board(ann=ann(), bob={"ships": [{"hex": "D3"}]}, dice=[1, 1, 6, 2])
    assert "ship" in tokens(state, "activate", "d2", "build")
    state, kinds = events(state, "activate d2 build ship")
    assert kinds.count("clash.battle_round") == 2 and "clash.battle_won" in kinds
    assert ships(state) == [(1, "D3", ())] and ships(state, 1) == []
    assert state.battle is None and state.prompts.top() is None


def test_up_to_the_effective_size_in_any_mix_and_order() -> None:
    """Size 3 neutral: 3 units; happy: 4; angry: 1 (p.6, p.8)."""
    rich = {"food": 8, "ore": 8, "wood": 8}
    for mood, size in (("neutral", 3), ("happy", 4), ("angry", 1)):
        state = board(ann=ann(mood=mood, advances=["storage"], resources=rich))
        err = refused(state, "activate d2 build army settler ship army army")
        assert err.code == "too_many_units" and err.params == {"count": size, "city": "D2"}
    state = board(ann=ann(advances=["storage"], resources=rich))
    a = play(state, "activate d2 build ship army settler")
    b = play(state, "activate d2 build settler ship army")
    assert units(a) == units(b) == {"army": {"D2": 1}, "settler": {"D2": 1}}
    assert ships(a) == ships(b) == [(1, "D3", ())]


def test_gold_stands_in_for_what_is_lacking() -> None:
    """C6 (a)."""
    state = board(ann=ann(resources={"food": 1, "gold": 1}))
    state = play(state, "activate d2 build settler")
    assert units(state)["settler"] == {"D2": 1} and have(state) == {}


def test_units_you_cannot_pay_for_are_refused() -> None:
    state = board(ann=ann(resources={"food": 2, "ore": 1}))
    err = refused(state, "activate d2 build army army")
    assert err.code == "cannot_pay_units" and err.params == {"cost": ["food_2", "ore_2"]}
    assert tokens(state, "activate", "d2", "build", "army") == []


def test_never_more_than_four_army_units_on_the_city_space() -> None:
    state = board(ann=ann(armies={"D2": 3}, resources={"food": 2, "ore": 2}))
    err = refused(state, "activate d2 build army army")
    assert err.code == "build_army_limit" and err.params == {"space": "D2", "limit": 4}
    # Army units aboard a ship do not count.
    aboard = ann(armies={"D2": 3}, ships=[{"hex": "D3", "cargo": ["army", "army"]}])
    assert units(play(board(ann=aboard), "activate d2 build army"))["army"] == {"D2": 4}


def test_never_more_units_than_the_box_holds() -> None:
    """p.2: 16 army units (aboard ships too), 4 settlers, 4 ships per colour."""
    armies = {"D2": 2, "C2": 4, "C3": 4, "E3": 4}
    boxed = ann(armies=armies, ships=[{"hex": "D3", "cargo": ["army", "army"]}])
    err = refused(board(ann=boxed), "activate d2 build army")
    assert err.code == "no_unit_left" and err.params == {"kind": "army", "limit": 16}
    settled = ann(settlers={"C2": 3, "C3": 1})
    err = refused(board(ann=settled), "activate d2 build settler")
    assert err.code == "no_unit_left" and err.params == {"kind": "settler", "limit": 4}
    sailors = ann(ships=[{"hex": "D3"}, {"hex": "C4"}, {"hex": "F2"}])
    state = board(ann=sailors)
    assert refused(state, "activate d2 build ship ship").code == "no_unit_left"
    assert ships(play(state, "activate d2 build ship"))[-1] == (4, "D3", ())


def test_a_build_needs_a_unit_and_only_units() -> None:
    state = board(ann=ann())
    err = refused(state, "activate d2 build")
    assert err.code == "build_needs_a_unit" and err.params == {"city": "D2"}
    assert refused(state, "activate d2 build temple").code == "not_a_unit"
    assert refused(state, "activate d2 build settler mood").code == "too_many_tokens"


def test_draft_pays_one_army_unit_a_build_with_a_mood_token() -> None:
    state = board(ann=ann(advances=["tactics", "draft"], mood_tokens=2, resources={}))
    assert "draft" in tokens(state, "activate", "d2", "build")
    state, kinds = events(state, "activate d2 build draft")
    assert kinds == ["clash.units_built"] and units(state)["army"] == {"D2": 1}
    assert state.seats[0].mood_tokens == 1
    twice = board(ann=ann(advances=["tactics", "draft"], mood_tokens=2))
    assert refused(twice, "activate d2 build draft draft").code == "one_draft_per_build"
    # Draft and resources mix in one Build.
    both = play(twice, "activate d2 build draft army")
    assert units(both)["army"] == {"D2": 2}
    assert have(both) == {"food": 1, "ore": 3, "wood": 4, "mood": 1}


def test_draft_costs_two_mood_tokens_with_civil_liberties() -> None:
    seat = ann(advances=["tactics", "draft", "civil_liberties"], mood_tokens=1)
    err = refused(board(ann=seat), "activate d2 build draft")
    assert err.code == "draft_needs_mood_tokens" and err.params == {"count": 2}
    state = play(board(ann=seat | {"mood_tokens": 2}), "activate d2 build draft")
    assert state.seats[0].mood_tokens == 0


def test_draft_needs_the_advance() -> None:
    state = board(ann=ann(mood_tokens=2))
    assert refused(state, "activate d2 build draft").code == "draft_needs_the_advance"
    assert "draft" not in tokens(state, "activate", "d2", "build")


NATIONALISM = ["tactics", "draft", "nationalism"]


def test_nationalism_gives_a_mood_or_culture_token_after_an_army_or_ship() -> None:
    state = board(ann=ann(advances=NATIONALISM))
    assert tokens(state, "activate", "d2", "build", "army")[-2:] == ["mood", "culture"]
    err = refused(state, "activate d2 build army")
    assert err.code == "choose_mood_or_culture"
    after, kinds = events(state, "activate d2 build army culture")
    assert kinds == ["clash.units_built", "clash.bonus"] and after.seats[0].culture_tokens == 1
    after = play(state, "activate d2 build ship mood")
    assert after.seats[0].mood_tokens == 1


def test_nationalism_gives_nothing_after_settlers_only() -> None:
    state = board(ann=ann(advances=NATIONALISM))
    choices = GAME.choices(state, 0, ["activate", "d2", "build", "settler"])
    assert "mood" not in [c.token for c in choices]
    assert refused(state, "activate d2 build settler mood").code == "too_many_tokens"
    assert play(state, "activate d2 build settler").seats[0].mood_tokens == 0


def test_nationalism_token_over_eight_is_lost() -> None:
    state = board(ann=ann(advances=NATIONALISM, mood_tokens=8))
    state, kinds = events(state, "activate d2 build army mood")
    assert kinds == ["clash.units_built", "clash.over_cap"] and state.seats[0].mood_tokens == 8


def test_the_built_event_counts_the_units_and_what_was_paid() -> None:
    seat = ann(advances=["tactics", "draft"], mood_tokens=1)
    _, evs = GAME.apply(board(ann=seat), 0, "activate d2 build army draft ship")
    built = next(e for e in evs if e.kind == "clash.units_built")
    assert dict(built.params) == {
        "player": "ann",
        "city": "D2",
        "units": ["army_2", "ship_1"],
        "paid": ["food_1", "wood_2", "ore_1", "mood_1"],
    }


def test_a_repeated_build_lowers_the_mood() -> None:
    """Neutral, then angry after the second activation of the turn (p.6, p.8)."""
    state = board(ann=ann(resources={"food": 2, "ore": 4, "wood": 4}))
    state = play(state, "activate d2 build ship", "activate d2 build ship")
    assert state.seats[0].cities[0].mood == "angry"


# -- what pays (C138) -------------------------------------------------------------------------


def test_gold_may_pay_instead_of_food_held_and_keeps_food_then_ore_c138() -> None:
    """p.4: Gold replaces any resource; ``gold`` once per Gold ends the Build (C138)."""
    state = board(ann=ann(resources={"food": 2, "ore": 1, "gold": 2}))
    choice = {c.token: c for c in GAME.choices(state, 0, ["activate", "d2", "build", "settler"])}
    assert choice["gold"].label == "clash.choice.gold_for_food" and choice["gold"].more
    assert have(play(state, "activate d2 build settler")) == {"ore": 1, "gold": 2}
    assert have(play(state, "activate d2 build settler gold")) == {"food": 1, "ore": 1, "gold": 1}
    state, kinds = events(state, "activate d2 build army gold gold")
    assert kinds == ["clash.units_built"] and have(state) == {"food": 2, "ore": 1}
    err = refused(board(ann=ann(resources={"food": 2, "gold": 1})), "activate d2 build army gold")
    assert err.code == "too_much_gold" and dict(err.params) == {"gold": 1, "count": 0}


def test_a_ship_paid_with_gold_keeps_wood_c138() -> None:
    state = board(ann=ann(resources={"wood": 2, "gold": 1}))
    labels = [c.label for c in GAME.choices(state, 0, ["activate", "d2", "build", "ship"])]
    assert labels[-1] == "clash.choice.gold_for_wood"
    assert have(play(state, "activate d2 build ship gold")) == {"wood": 1}


def test_gold_is_not_offered_where_it_would_keep_nothing_c138() -> None:
    """Without Gold to spare, or with no resource of the cost held, no ``gold``: the payment
    as it stands is sent at once (no extra tap: a size-1 city builds one unit)."""
    for resources in ({"food": 2}, {"gold": 4}, {"food": 1, "gold": 1}):
        state = board(ann=ann(pieces=1, resources=resources))
        choice = {c.token: c for c in GAME.choices(state, 0, ["activate", "d2", "build"])}
        assert choice["settler"].complete and not choice["settler"].more, resources
        assert "gold" not in tokens(state, "activate", "d2", "build", "settler")
