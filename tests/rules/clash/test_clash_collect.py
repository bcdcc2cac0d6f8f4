"""Activate City and Collect (rules reference §3.3, §3.3.1, §5.1; p.2, p.5, p.6, p.8, p.20;
C7, C21, C22, C23, C26): each test names the rule it checks; refusals name the code the player
sees. The map is ``clash_map``'s: ann's city D2 (Fertile) has D1 Barren, E2 Mountain, E3
Forest, D3 Sea, C3 and C2 Forest round it."""

from __future__ import annotations

from typing import Any

import pytest
from clash_map import board, events, play, refused, tokens

import locales
from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.model.state import City, ClashState

JSON = Any
START = ["farming", "mining"]


def city(state: ClashState, space: str, seat: int = 0) -> City:
    found = state.seats[seat].city_at(parse_hex(space))
    assert found is not None
    return found


def have(state: ClashState, seat: int = 0) -> dict[str, int]:
    """Resources and tokens held, zeros left out."""
    me = state.seats[seat]
    out = {r: n for r, n in me.resources.items() if n}
    out |= {"mood": me.mood_tokens, "culture": me.culture_tokens}
    return {k: n for k, n in out.items() if n}


def ann(
    pieces: int = 1, mood: str = "neutral", advances: list[str] | None = None, **seat: JSON
) -> dict[str, JSON]:
    """ann with her D2 city of ``pieces`` pieces and no resources."""
    kinds = ["settlement", "temple", "fortress", "academy"][:pieces]
    out: dict[str, JSON] = {
        "cities": [{"hex": "D2", "pieces": kinds, "mood": mood}],
        "resources": {},
        "advances": [*START, *(advances or [])],
    }
    return out | seat


def params(state: ClashState, action: str, kind: str) -> dict[str, JSON]:
    seat = GAME.pending(state)[0].seat
    _, evs = GAME.apply(state, seat, action)
    return next(dict(e.params) for e in evs if e.kind == kind)


# -- 3.3 Activate City ----------------------------------------------------------------------


def test_activate_is_offered_with_the_cities_that_can_do_something() -> None:
    state = board(ann=ann(resources={"food": 2}))
    assert "activate" in tokens(state) and tokens(state, "activate") == ["d2"]
    assert tokens(state, "activate", "d2") == ["collect", "build"]
    assert refused(state, "activate").code == "activate_needs_a_city"
    err = refused(state, "activate d2")
    assert err.code == "activate_needs_a_use" and err.params["allowed"] == ["collect", "build"]
    assert refused(state, "activate d2 trade").code == "unknown_use"


def test_only_your_own_city_is_activated() -> None:
    state = board(ann=ann())
    err = refused(state, "activate d7 collect d7")
    assert err.code == "not_your_city" and err.params == {"space": "D7"}
    assert refused(state, "activate c3 collect c3").code == "not_your_city"


CITY_LABELS = {
    "en": ("City on D2 (size 3, happy)", "City on D2 (size 3, happy → neutral)"),
    "hu": ("Város: D2 (mérete 3, boldog)", "Város: D2 (mérete 3, boldog → semleges)"),
}


@pytest.mark.parametrize("lang", sorted(CITY_LABELS))
def test_the_city_choice_says_when_an_activation_will_lower_the_mood(lang: str) -> None:
    """p.6: the second activation of a turn lowers the mood; the city's button says so before
    the tap (``after``), and says nothing once the city is angry (it cannot drop further)."""
    state = board(ann=ann(pieces=3, mood="happy", advances=["storage"]), actions_left=4)

    def shown() -> tuple[str, dict[str, JSON], str]:
        (choice,) = GAME.choices(state, 0, ["activate"])
        return choice.label, dict(choice.params), locales.t(lang, choice.label, **choice.params)

    label, _, first = shown()
    assert (label, first) == ("clash.activate.city", CITY_LABELS[lang][0])
    state = play(state, "activate d2 collect d2 e2 c2 c3")
    label, given, again = shown()
    assert label == "clash.activate.city_mood_drops" and given["after"] == "neutral"
    assert again == CITY_LABELS[lang][1]
    state = play(state, "activate d2 collect d2 e2 c2 c3", "activate d2 collect d2 e2 c2")
    assert city(state, "D2").mood == "angry"
    label, given, _ = shown()
    assert label == "clash.activate.city" and "after" not in given


def test_an_activation_costs_one_action() -> None:
    state, kinds = events(board(ann=ann()), "activate d2 collect d2")
    assert kinds == ["clash.collected"]
    assert state.turn_state.actions_left == 2 and city(state, "D2").activations == 1
    tired = board(ann=ann(), actions_left=0)
    assert refused(tired, "activate d2 collect d2").code == "no_actions_left"


def test_a_second_activation_lowers_the_mood_after_its_effect_p6_example() -> None:
    """p.6: a happy size-3 city collects 4, then 4 again and turns neutral; a third time it
    collects 3 and turns angry; after that it collects 1 (C26 (b): once more while angry)."""
    seat = ann(pieces=3, mood="happy", advances=["storage"])
    state = board(ann=seat, actions_left=4)
    four = "activate d2 collect d2 e2 c2 c3"
    state = play(state, four)
    assert (city(state, "D2").mood, have(state)) == ("happy", {"food": 1, "wood": 2, "ore": 1})
    state, kinds = events(state, four)
    assert kinds[-1] == "clash.mood_lowered" and city(state, "D2").mood == "neutral"
    assert have(state) == {"food": 2, "wood": 4, "ore": 2}
    assert refused(state, four).code == "too_many_spaces"
    state = play(state, "activate d2 collect d2 e2 c2")
    assert city(state, "D2").mood == "angry"
    err = refused(state, "activate d2 collect d2 e2")
    assert err.code == "too_many_spaces" and err.params["count"] == 1
    state = play(state, "activate d2 collect e2")
    assert have(state) == {"food": 3, "wood": 5, "ore": 4}
    # That was the last action: the turn ended and the activations are forgotten.
    assert GAME.pending(state)[0].seat == 1 and city(state, "D2").activations == 0


def test_an_angry_city_is_activated_once_while_angry_per_turn() -> None:
    """C26 (b): an angry city's one activation; it lowers nothing further."""
    state = board(ann=ann(pieces=2, mood="angry"))
    state, kinds = events(state, "activate d2 collect d2")
    assert kinds == ["clash.collected"]
    c = city(state, "D2")
    assert (c.activations, c.activated_angry, c.mood) == (1, True, "angry")
    err = refused(state, "activate d2 collect e2")
    assert err.code == "angry_city_activated" and err.params == {"city": "D2"}
    assert "activate" not in tokens(state)


def test_a_city_that_turned_angry_this_turn_may_be_activated_once_more() -> None:
    """C26 (b): neutral, activated, activated again (angry now), then once while angry."""
    state = board(ann=ann(), actions_left=4)
    state = play(state, "activate d2 collect d2", "activate d2 collect e2")
    assert city(state, "D2").mood == "angry" and not city(state, "D2").activated_angry
    state = play(state, "activate d2 collect c2")
    assert city(state, "D2").activated_angry
    assert refused(state, "activate d2 collect c3").code == "angry_city_activated"


# -- Forced Labor (p.2) ---------------------------------------------------------------------

AUTOCRACY = ["draft", "nationalism", "forced_labor", "tactics"]


def two_angry(**seat: JSON) -> ClashState:
    cities = [
        {"hex": "D2", "pieces": ["settlement", "temple", "fortress"], "mood": "angry"},
        {"hex": "F3", "pieces": ["settlement", "temple"], "mood": "angry"},
    ]
    base = {"cities": cities, "resources": {}, "advances": [*START, *AUTOCRACY]}
    return board(ann=base | seat)


def test_forced_labor_makes_angry_cities_act_as_neutral_for_the_turn() -> None:
    state = two_angry(mood_tokens=1)
    assert tokens(state, "activate", "d2")[0] == "forced"
    state, kinds = events(state, "activate d2 forced collect d2 e2 c2")
    assert kinds == ["clash.forced_labor", "clash.collected"]
    assert state.seats[0].mood_tokens == 0 and "forced_labor" in state.turn_state.used
    assert city(state, "D2").activated_angry and city(state, "D2").mood == "angry"
    # The other angry city acts as neutral too, without paying again.
    assert "forced" not in tokens(state, "activate", "f3")
    state = play(state, "activate f3 collect f3 e4")
    assert have(state) == {"food": 2, "wood": 1, "ore": 2}


def test_forced_labor_keeps_one_activation_while_angry() -> None:
    state = play(two_angry(mood_tokens=1), "activate d2 forced collect d2")
    assert refused(state, "activate d2 collect e2").code == "angry_city_activated"


def test_forced_labor_refusals() -> None:
    state = two_angry(mood_tokens=0)
    assert refused(state, "activate d2 forced collect d2").code == (
        "forced_labor_needs_a_mood_token"
    )
    assert "forced" not in tokens(state, "activate", "d2")
    paid = play(two_angry(mood_tokens=2), "activate d2 forced collect d2")
    assert refused(paid, "activate f3 forced collect f3").code == "forced_labor_already_paid"
    calm = board(ann=ann(advances=AUTOCRACY, mood_tokens=1))
    err = refused(calm, "activate d2 forced collect d2")
    assert err.code == "forced_labor_city_not_angry" and err.params == {"city": "D2"}
    plain = board(ann=ann(mood="angry", mood_tokens=1))
    assert refused(plain, "activate d2 forced collect d2").code == (
        "forced_labor_needs_the_advance"
    )


# -- 3.3.1 Collect: how much ----------------------------------------------------------------


def test_a_neutral_city_collects_up_to_its_size_a_happy_one_one_more_an_angry_one_one() -> None:
    for mood, size in (("neutral", 2), ("happy", 3), ("angry", 1)):
        state = board(ann=ann(pieces=2, mood=mood))
        err = refused(state, "activate d2 collect d2 e2 c2 c3")
        assert err.code == "too_many_spaces" and err.params == {"count": size, "city": "D2"}
        labels = GAME.choices(state, 0, ["activate", "d2", "collect"])
        assert all(c.complete for c in labels)
        chosen = ["d2", "e2", "c2", "c3"][:size]
        state = play(state, "activate d2 collect " + " ".join(chosen))
        assert sum(have(state).values()) == size


def test_fewer_spaces_than_the_size_are_allowed_but_not_none() -> None:
    state = play(board(ann=ann(pieces=3)), "activate d2 collect e2")
    assert have(state) == {"ore": 1}
    err = refused(board(ann=ann()), "activate d2 collect")
    assert err.code == "collect_needs_a_space" and err.params == {"city": "D2"}


def test_at_most_one_resource_from_each_space() -> None:
    """p.8: a size-4 city next to one Mountain gets one Ore."""
    state = board(ann=ann(pieces=4))
    err = refused(state, "activate d2 collect e2 e2")
    assert err.code == "space_listed_twice" and err.params == {"space": "E2"}
    assert "e2" not in tokens(state, "activate", "d2", "collect", "e2")


def test_spaces_may_be_named_in_any_order_and_the_picker_offers_each_once() -> None:
    state = board(ann=ann(pieces=2))
    a = play(state, "activate d2 collect c2 d2")
    b = play(state, "activate d2 collect d2 c2")
    assert have(a) == have(b) == {"food": 1, "wood": 1}
    assert tokens(state, "activate", "d2", "collect") == ["c2", "c3", "d2", "e2", "e3"]
    after = GAME.choices(state, 0, ["activate", "d2", "collect", "c2"])
    assert [c.token for c in after] == ["c3", "d2", "e2", "e3"]
    # The second space fills the city: nothing may follow it.
    assert not any(c.more for c in after) and all(c.complete for c in after)


def test_the_caps_apply_after_collecting_and_the_excess_is_lost() -> None:
    """C7 (a): Food stops at 2 without Storage; the Collect is still legal."""
    state = board(ann=ann(pieces=2, resources={"food": 2}))
    state, kinds = events(state, "activate d2 collect d2 e2")
    assert kinds == ["clash.collected", "clash.over_cap"]
    assert have(state) == {"food": 2, "ore": 1}
    lost = params(board(ann=ann(resources={"food": 2})), "activate d2 collect d2", "clash.over_cap")
    assert lost["lost"] == ["food_1"]
    rich = board(ann=ann(pieces=2, advances=["storage"], resources={"food": 2}))
    assert have(play(rich, "activate d2 collect d2 e2")) == {"food": 3, "ore": 1}


def test_the_collected_event_names_the_city_the_spaces_and_what_was_taken() -> None:
    got = params(board(ann=ann(pieces=3)), "activate d2 collect e2 d2 c2", "clash.collected")
    assert got == {
        "player": "ann",
        "city": "D2",
        "spaces": ["E2", "D2", "C2"],
        "took": ["food_1", "wood_1", "ore_1"],
    }


# -- 3.3.1 Collect: which spaces ------------------------------------------------------------


def test_terrains_yield_food_wood_and_ore_with_the_starting_advances() -> None:
    state = play(board(ann=ann(pieces=3)), "activate d2 collect d2 e2 c3")
    assert have(state) == {"food": 1, "ore": 1, "wood": 1}


def test_each_terrain_needs_its_advance() -> None:
    """Farming for Fertile and Forest, Mining for Mountain (positions may lack them)."""
    state = board(ann=ann(pieces=2) | {"advances": ["mining"]})
    err = refused(state, "activate d2 collect c2")
    assert err.code == "collect_needs_advance"
    assert err.params == {"space": "C2", "terrain": "forest"}
    assert tokens(state, "activate", "d2", "collect") == ["e2"]


def test_barren_yields_food_only_with_irrigation() -> None:
    err = refused(board(ann=ann()), "activate d2 collect d1")
    assert err.code == "collect_needs_advance" and err.params["terrain"] == "barren"
    state = play(board(ann=ann(advances=["irrigation"])), "activate d2 collect d1")
    assert have(state) == {"food": 1}


def test_sea_yields_food_only_with_fishing() -> None:
    err = refused(board(ann=ann()), "activate d2 collect d3")
    assert err.code == "collect_needs_advance" and err.params["terrain"] == "sea"
    assert have(play(board(ann=ann(advances=["fishing"])), "activate d2 collect d3")) == {"food": 1}


def test_only_one_sea_space_per_collect() -> None:
    """D4 lies between the Sea spaces D3 and C4."""
    cities = [{"hex": "D4", "pieces": ["settlement", "temple"]}]
    state = board(ann={"cities": cities, "resources": {}, "advances": [*START, "fishing"]})
    err = refused(state, "activate d4 collect d3 c4")
    assert err.code == "one_sea_space" and err.params == {"space": "C4", "sea": "D3"}
    assert tokens(state, "activate", "d4", "collect", "d3") == ["d4", "e4"]


def test_a_port_takes_gold_or_a_mood_token_instead_of_the_sea_food() -> None:
    """p.2, C22: one of the two, from the one Sea space; any Sea space next to the city."""
    port = {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}
    seat = {"cities": [port], "resources": {}, "advances": [*START, "fishing"]}
    state = board(ann=seat)
    assert {"d3", "d3-gold", "d3-mood"} <= set(tokens(state, "activate", "d2", "collect"))
    assert have(play(state, "activate d2 collect d3-gold d2")) == {"food": 1, "gold": 1}
    assert have(play(state, "activate d2 collect d3-mood")) == {"mood": 1}
    assert refused(state, "activate d2 collect d3-gold d3-mood").code == "space_listed_twice"
    err = refused(state, "activate d2 collect e2-gold")
    assert err.code == "port_income_from_sea" and err.params == {"space": "E2"}
    assert refused(state, "activate d2 collect d3-wood").code == "bad_collect_token"


def test_without_a_port_the_sea_gives_only_food() -> None:
    state = board(ann=ann(advances=["fishing"]))
    err = refused(state, "activate d2 collect d3-gold")
    assert err.code == "port_income_needs_a_port" and err.params == {"city": "D2"}
    assert "d3-gold" not in tokens(state, "activate", "d2", "collect")


def test_only_the_city_space_and_the_spaces_next_to_it() -> None:
    err = refused(board(ann=ann(pieces=2)), "activate d2 collect b2")
    assert err.code == "too_far_to_collect" and err.params == {"space": "B2", "city": "D2"}


def test_never_from_a_space_with_another_city_whoever_owns_it() -> None:
    cities = [{"hex": "D2", "pieces": ["settlement", "temple"]}, {"hex": "E3"}]
    state = board(
        ann={"cities": cities, "resources": {}},
        barbarians={"cities": ["C3"]},
    )
    for space in ("e3", "c3"):
        err = refused(state, f"activate d2 collect {space}")
        assert err.code == "space_has_a_city" and err.params == {"space": space.upper()}
    assert tokens(state, "activate", "d2", "collect") == ["c2", "d2", "e2"]


def test_never_from_a_space_with_foreign_units() -> None:
    state = board(
        ann=ann(pieces=2, advances=["fishing"], settlers={"E2": 1}),
        bob={"settlers": {"C2": 1}, "ships": [{"hex": "D3"}]},
        barbarians={"armies": {"C3": 1}},
    )
    for space in ("c2", "c3", "d3"):
        err = refused(state, f"activate d2 collect {space}")
        assert err.code == "space_has_foreign_units" and err.params == {"space": space.upper()}
    # Your own units do not block.
    assert have(play(state, "activate d2 collect e2")) == {"ore": 1}


def test_never_from_an_exhausted_space() -> None:
    err = refused(board(ann=ann(), exhausted=["E2"]), "activate d2 collect e2")
    assert err.code == "space_exhausted" and err.params == {"space": "E2"}


def test_never_from_a_face_down_space() -> None:
    """D4's neighbours C5, D5 and E5 lie face down."""
    cities = [{"hex": "D4"}]
    err = refused(board(ann={"cities": cities}), "activate d4 collect d5")
    assert err.code == "space_unexplored" and err.params == {"space": "D5"}


# -- Husbandry (p.2, p.20) --------------------------------------------------------------------


def test_husbandry_reaches_land_two_spaces_away_for_one_food_paid_first() -> None:
    """The Food is paid before collecting (p.20): with 2 Food, the Fertile B2 fits."""
    state = board(ann=ann(pieces=2, advances=["husbandry"], resources={"food": 2}))
    assert "b2" in tokens(state, "activate", "d2", "collect")
    state, kinds = events(state, "activate d2 collect b2 d2")
    assert kinds == ["clash.husbandry_paid", "clash.collected", "clash.over_cap"]
    assert have(state) == {"food": 2} and "husbandry" in state.turn_state.used


def test_husbandry_is_once_per_turn() -> None:
    state = board(ann=ann(pieces=2, advances=["husbandry"], resources={"food": 2}))
    state = play(state, "activate d2 collect b2")
    err = refused(state, "activate d2 collect b3")
    assert err.code == "husbandry_used" and err.params == {"space": "B3"}
    assert "b3" not in tokens(state, "activate", "d2", "collect")


def test_husbandry_costs_nothing_with_roads() -> None:
    state = board(ann=ann(advances=["husbandry", "engineering", "roads"]))
    state, kinds = events(state, "activate d2 collect e4")
    assert kinds == ["clash.husbandry_by_roads", "clash.collected"] and have(state) == {"ore": 1}


def test_husbandry_needs_its_food_gold_standing_in() -> None:
    poor = board(ann=ann(advances=["husbandry"]))
    err = refused(poor, "activate d2 collect b2")
    assert err.code == "cannot_pay_husbandry" and err.params == {"space": "B2", "food": 1}
    gold = board(ann=ann(advances=["husbandry"], resources={"gold": 1}))
    assert have(play(gold, "activate d2 collect b2")) == {"food": 1}


def test_husbandry_reaches_land_only_counted_through_explored_spaces() -> None:
    err = refused(board(ann=ann(advances=["husbandry", "fishing"])), "activate d2 collect f2")
    assert err.code == "husbandry_land_only" and err.params == {"space": "F2"}
    # E6 (r6 explored) is two steps from E4, but only across E5, which lies face down.
    seat = {"cities": [{"hex": "E4"}], "advances": [*START, "husbandry"]}
    state = board(ann=seat, tiles={"r6": {"tile": "g13", "explored": True}})
    assert refused(state, "activate e4 collect e6").code == "too_far_to_collect"


# -- Public Education and Economic Liberty (p.2) ---------------------------------------------


def test_public_education_adds_an_idea_when_the_city_has_an_academy() -> None:
    seat = {
        "cities": [{"hex": "D2", "pieces": ["settlement", "academy"]}],
        "resources": {},
        "advances": [*START, "writing", "public_education"],
    }
    state, kinds = events(board(ann=seat), "activate d2 collect e2")
    assert kinds == ["clash.collected", "clash.bonus"] and have(state) == {"ore": 1, "ideas": 1}
    # No Academy, no Idea.
    plain = board(ann=ann(advances=["writing", "public_education"]))
    assert have(play(plain, "activate d2 collect e2")) == {"ore": 1}


DEMOCRACY = ["philosophy", "voting", "economic_liberty", "writing"]


def test_economic_liberty_the_first_collect_of_a_turn_costs_no_action() -> None:
    state = board(ann=ann(advances=DEMOCRACY))
    state, kinds = events(state, "activate d2 collect d2")
    assert kinds == ["clash.free_collect", "clash.collected"]
    assert state.turn_state.actions_left == 3 and "economic_liberty" in state.turn_state.used


def test_economic_liberty_later_collects_cost_an_action_and_two_mood_tokens() -> None:
    """C21 (a)."""
    state = play(board(ann=ann(advances=DEMOCRACY, mood_tokens=3)), "activate d2 collect d2")
    state, kinds = events(state, "activate d2 collect e2")
    assert kinds == ["clash.economic_liberty_paid", "clash.collected", "clash.mood_lowered"]
    assert state.turn_state.actions_left == 2 and state.seats[0].mood_tokens == 1
    err = refused(state, "activate d2 collect c2")
    assert err.code == "economic_liberty_needs_mood_tokens" and err.params == {"count": 2}
    assert tokens(state, "activate", "d2") == ["build"]


# -- the picker ----------------------------------------------------------------------------


def test_every_offered_token_is_complete_or_leads_on() -> None:
    """Walking the picker through a collect of three spaces ends in a legal action."""
    state = board(ann=ann(pieces=3, advances=["husbandry", "fishing"], resources={"food": 2}))
    prefix = ["activate", "d2", "collect"]
    while True:
        options = GAME.choices(state, 0, prefix)
        assert options and all(c.complete or c.more for c in options)
        prefix.append(options[-1].token)
        if options[-1].complete and not options[-1].more:
            break
    assert len(prefix) == 6
    play(state, " ".join(prefix))


def test_husbandry_food_may_be_paid_with_gold_instead_c138() -> None:
    """C138: ``gold`` pays Husbandry's Food with Gold, keeping the Food held."""
    state = board(ann=ann(advances=["husbandry"], resources={"food": 1, "gold": 1}))
    choice = {c.token: c for c in GAME.choices(state, 0, ["activate", "d2", "collect", "b2"])}
    assert choice["gold"].label == "clash.choice.gold_for_food"
    assert have(play(state, "activate d2 collect b2 gold")) == {"food": 2}
    assert have(play(state, "activate d2 collect b2")) == {"food": 1, "gold": 1}
    err = refused(state, "activate d2 collect d2 gold")  # no Husbandry, nothing to pay
    assert err.code == "too_much_gold" and dict(err.params) == {"gold": 1, "count": 0}
