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
