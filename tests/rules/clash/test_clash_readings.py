"""The readings the rulebook leaves open, each named by its option or edition
(docs/rules-decisions.md C135-C137): Cultural Influence's range (p.10: the rule sentence or the
worked example, ``influence_range``), the Great Wall's Siegecraft (p.15: owning it, or its
power free, ``great_wall``), and Forced Labor with a wonder (p.2, p.20: the printed edition
lets an angry city build one under Forced Labor)."""

from __future__ import annotations

from typing import Any

import pytest
from clash_map import board, events, play, refused, tokens, with_needs
from test_clash_influence import city, duel, pieces_at, seat

from rules.clash import GAME
from rules.core import act

JSON = Any
EXAMPLE = {"influence_range": "example"}


# -- C135: Cultural Influence's range (p.10) -------------------------------------------------


def test_influence_range_rule_reaches_a_city_at_exactly_the_size() -> None:
    """The rule sentence (the default): a size-2 city reaches a city 2 spaces away free."""
    state = duel(dice=[6])
    assert state.influence_range == "rule"
    (source,) = GAME.choices(state, 0, ["influence"])
    assert source.params["range"] == 2
    (target,) = GAME.choices(state, 0, ["influence", "d2"])
    assert target.label == "clash.choice.influence_to"
    assert play(state, "influence d2 f3 temple").seats[0].culture_tokens == 3


def test_influence_range_example_pays_a_token_at_exactly_the_size() -> None:
    """The worked example's reading: a city exactly as far as the source's size takes 1
    culture token for range, before the roll; the source's range reads one less."""
    state = duel(dice=[6], options=EXAMPLE)
    (source,) = GAME.choices(state, 0, ["influence"])
    assert source.params["range"] == 1
    (target,) = GAME.choices(state, 0, ["influence", "d2"])
    assert (target.label, target.params["count"]) == ("clash.choice.influence_to_range", 1)
    state, kinds = events(state, "influence d2 f3 temple")
    assert kinds[:2] == ["clash.range_bought", "clash.influence_rolled"]
    assert state.seats[0].culture_tokens == 2
    assert pieces_at(state, "F3") == [("settlement", 1), ("temple", 0)]


def test_influence_range_example_is_out_of_reach_without_the_token() -> None:
    """The example's reading: no culture token, no target at the size's distance; an owner's
    boost blocker then keeps the city out of reach (range 1, distance 2)."""
    state = duel(ann=seat(city("D2", "academy"), culture_tokens=0), options=EXAMPLE)
    assert "influence" not in tokens(state)
    err = refused(state, "influence d2 f3 temple")
    assert (err.code, err.params) == ("cannot_pay_range", {"count": 1, "tokens": 0})
    bob = seat(city("D7"), city("F3", "temple"), advances=("myths", "devotion"))
    err = refused(duel(bob=bob, options=EXAMPLE), "influence d2 f3 temple")
    assert err.code == "range_boost_blocked" and err.params["range"] == 1
    assert duel(bob=bob).influence_range == "rule"
    assert "f3" in tokens(duel(bob=bob), "influence", "d2")


def test_influence_range_example_keeps_the_great_statue_s_step() -> None:
    """The Great Statue's +1 holds in both readings: a size-2 city with it reaches 2 spaces
    under the example's reading, 3 under the rule's."""
    statue = seat(city("D2", "academy"), culture_tokens=0)
    statue["cities"][0]["wonder"] = "great_statue"
    (target,) = GAME.choices(duel(ann=statue, options=EXAMPLE), 0, ["influence", "d2"])
    assert target.label == "clash.choice.influence_to"
    (source,) = GAME.choices(duel(ann=statue), 0, ["influence"])
    assert source.params["range"] == 3


def test_the_readings_are_options_kept_in_the_state_and_its_snapshot() -> None:
    """Set at setup, validated, kept by a snapshot; a snapshot without them (written before
    the options) plays the readings played then, the defaults."""
    options = GAME.parse_options(["ann", "bob"], {})
    assert options["influence_range"] == "rule" and options["great_wall"] == "owning"
    chosen = {"influence_range": "example", "great_wall": "free"}
    state = GAME.setup(["ann", "bob"], chosen, 3)
    assert (state.influence_range, state.great_wall) == ("example", "free")
    again = GAME.from_json(GAME.to_json(state))
    assert (again.influence_range, again.great_wall) == ("example", "free")
    old = GAME.to_json(state)
    del old["influence_range"], old["great_wall"]
    assert (GAME.from_json(old).influence_range, GAME.from_json(old).great_wall) == (
        "rule",
        "owning",
    )
    for bad in ({"influence_range": "sentence"}, {"great_wall": "paid"}):
        with pytest.raises(Exception) as err:
            GAME.setup(["ann", "bob"], bad, 3)
        assert getattr(err.value, "code", None) == "bad_option"
    state.great_wall = "paid"
    assert any("C136" in p for p in GAME.check_invariants(state))


# -- C136: the Great Wall's "(but do not have to pay to use its power)" (p.15) ---------------

FREE = {"great_wall": "free"}


def walled(
    options: dict[str, JSON], dice: list[int], armies: int = 1, wall: bool = True, **ann: JSON
) -> Any:
    """bob's Fortress city on B3 (with the Great Wall unless ``wall`` is false), ``armies`` of
    his there; ann's 2 army units on C3 with Tactics and Siegecraft."""
    fort: dict[str, JSON] = {"hex": "B3", "pieces": ["settlement", "fortress"]}
    if wall:
        fort["wonder"] = "great_wall"
    me = {"advances": with_needs(["tactics", "siegecraft"]), "armies": {"C3": 2}, **ann}
    bob: dict[str, JSON] = {"cities": [{"hex": "D7"}, fort], "advances": with_needs(["siegecraft"])}
    if armies:
        bob["armies"] = {"B3": armies}
    return board(ann=me, bob=bob, dice=dice, options=options)


def kinds(evs: list[Any]) -> list[str]:
    return [e.kind.removeprefix("clash.") for e in evs]


def test_great_wall_owning_lets_siegecraft_attack_and_pays_it_as_usual() -> None:
    """The default reading: owning Siegecraft lets ann attack; its payments are asked."""
    state = walled({}, [5, 1, 1, 1], resources={"wood": 2, "ore": 2})
    assert state.great_wall == "owning"
    state, evs = act(GAME, state, 0, "move c3 b3 army army")
    assert "battle_round" not in kinds(evs) and "siegecraft_free" not in kinds(evs)
    assert tokens(state) == ["none", "wood", "ore"]  # "wood" may go on with "ore"
    state, evs = act(GAME, state, 0, "none")
    (rnd,) = [e.params for e in evs if e.kind == "clash.battle_round"]
    assert rnd["fortress_die"] and rnd["attacker_hits"] == 0  # the Fortress cancels the hit


def test_great_wall_free_gives_siegecraft_s_power_unpaid() -> None:
    """The other reading: nothing is asked nor paid; the Fortress neither rolls nor cancels."""
    state = walled(FREE, [5, 1, 1], resources={"wood": 2, "ore": 2})
    state, evs = act(GAME, state, 0, "move c3 b3 army army")
    assert kinds(evs)[2:4] == ["siegecraft_free", "battle_round"]
    free = next(e.params for e in evs if e.kind == "clash.siegecraft_free")
    assert dict(free) == {"player": "ann", "space": "B3"}
    (rnd,) = [e.params for e in evs if e.kind == "clash.battle_round"]
    assert not rnd["fortress_die"] and rnd["attacker_hits"] == 1
    assert state.seats[0].resources["wood"] == 2 and state.seats[0].resources["ore"] == 2
    assert state.battle is None or state.battle.siege == ("wood", "ore")


def test_great_wall_free_takes_a_fortress_alone_without_dice() -> None:
    """With the Fortress's die cancelled a city without armies falls at once (C40, C48)."""
    _, evs = act(GAME, walled(FREE, [1, 1, 1], armies=0), 0, "move c3 b3 army army")
    assert "battle_round" not in kinds(evs) and "city_captured" in kinds(evs)
    _, evs = act(GAME, walled({}, [1, 1, 1], armies=0), 0, "move c3 b3 army army")
    assert "battle_round" in kinds(evs)


def test_great_wall_free_still_needs_siegecraft_and_only_guards_the_wall_owner() -> None:
    """Both readings need Siegecraft to attack; the free power is only against the Wall's
    owner's Fortress cities: without the Wall the payment is asked as usual."""
    me = {"advances": with_needs(["tactics"]), "armies": {"C3": 2}}
    fort = {"hex": "B3", "pieces": ["settlement", "fortress"], "wonder": "great_wall"}
    bob = {"cities": [{"hex": "D7"}, fort], "advances": with_needs(["siegecraft"])}
    err = refused(board(ann=me, bob=bob, options=FREE), "move c3 b3 army army")
    assert err.code == "great_wall_needs_siegecraft"
    plain = walled(FREE, [1, 1, 1, 1], wall=False, resources={"wood": 2})
    state, evs = act(GAME, plain, 0, "move c3 b3 army army")
    assert "siegecraft_free" not in kinds(evs) and tokens(state) == ["none", "wood"]


# -- C137: Forced Labor and building a wonder (p.2, p.20) -----------------------------------

RICH = {"food": 2, "wood": 8, "ore": 8, "gold": 4}


def angry_builder(edition: int = 2, mood_tokens: int = 1, **city: JSON) -> Any:
    """ann's angry D2 and her angry D4, Engineering, Monuments and Forced Labor, the Great
    Statue face up, its price in hand; ``city`` keys go on D2."""
    advances = with_needs(["farming", "mining", "engineering", "monuments", "forced_labor"])
    cities = [
        {"hex": "D2", "mood": "angry", **city},
        {"hex": "D4", "mood": "angry"},
    ]
    me = {
        "advances": advances,
        "cities": cities,
        "resources": RICH,
        "culture_tokens": 5,
        "mood_tokens": mood_tokens,
    }
    wonders = {"revealed": ["great_statue"], "reserved": {}}
    return board(ann=me, wonders=wonders, options={"edition": edition})


def test_forced_labor_lets_an_angry_city_build_a_wonder_paid_with_it() -> None:
    """The printed edition: Forced Labor's mood token is paid with the wonder (``forced``),
    the angry city acts as neutral when activated and builds, once while angry."""
    state = angry_builder()
    assert "d2" in tokens(state, "wonder")
    assert tokens(state, "wonder", "d2") == ["forced"]
    assert tokens(state, "wonder", "d2", "forced") == ["great_statue"]
    err = refused(state, "wonder d2 great_statue")
    assert (err.code, err.params) == ("wonder_needs_forced_labor", {"city": "D2", "count": 1})
    state, kinds = events(state, "wonder d2 forced great_statue")
    assert kinds[:2] == ["clash.forced_labor", "clash.wonder_built"]
    d2 = state.seats[0].city_at(state.board.parse("d2"))
    assert d2 is not None and d2.wonder == "great_statue" and d2.mood == "angry"
    assert d2.activated_angry and state.seats[0].mood_tokens == 0
    calm = angry_builder(mood="neutral")
    assert tokens(calm, "wonder", "d2") == ["great_statue"]
    err = refused(calm, "wonder d2 forced great_statue")
    assert err.code == "forced_labor_city_not_angry"


def test_forced_labor_paid_earlier_in_the_turn_covers_the_wonder() -> None:
    """Paid with an activation of another angry city, it lasts the turn: no ``forced`` again."""
    state = play(angry_builder(), "activate d4 forced collect d4")
    assert tokens(state, "wonder", "d2") == ["great_statue"]
    assert refused(state, "wonder d2 forced great_statue").code == "forced_labor_already_paid"
    state = play(state, "wonder d2 great_statue")
    d2 = state.seats[0].city_at(state.board.parse("d2"))
    assert d2 is not None and d2.wonder == "great_statue"


def test_forced_labor_keeps_one_activation_while_angry_for_the_wonder() -> None:
    """The card's parenthesis: an angry city already activated while angry builds nothing."""
    state = angry_builder(activated_angry=True, activations=1)
    assert "d2" not in tokens(state, "wonder")
    assert refused(state, "wonder d2 forced great_statue").code == "angry_city_activated"


def test_the_first_edition_keeps_angry_cities_from_wonders_even_under_forced_labor() -> None:
    """Edition 1, the reading played before C137: "Aktiválj egy nem-dühös várost" holds."""
    state = angry_builder(edition=1)
    assert "wonder" not in tokens(state)
    for action in ("wonder d2 great_statue", "wonder d2 forced great_statue"):
        err = refused(state, action)
        assert (err.code, err.params) == ("wonder_city_angry", {"city": "D2"})
