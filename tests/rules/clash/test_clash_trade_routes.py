"""Trade Routes and Currency (rules reference §2.1, §7.1; p.2, p.5; C7, C24, C63): the income
at the start of a turn and the Currency decision. Each test names its rule.

bob ends his turn, so that ann's begins (:func:`rules.clash.rounds.start.begin_turn`); the
spaces are those of ``clash_map``'s base map (distances counted through explored spaces).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from clash_map import board, refused, tokens

from rules.clash import GAME
from rules.clash.actions.trade_routes import (
    TRADE_ANSWER,
    TRADE_DECISION,
    _matching,
    decision_problem,
    income,
)
from rules.clash.board.hexes import parse_hex
from rules.clash.dispatch import grammar
from rules.clash.model.state import ClashState
from rules.clash.rounds import start
from rules.core import Event, IllegalAction, act

JSON = Any
BASE = ["farming", "mining", "bartering", "trade_routes"]
CURRENCY = [*BASE, "currency"]


@pytest.fixture(autouse=True)
def _answer_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Currency decision is answered through ``grammar.DECISIONS`` (its entry may not be
    there yet: it is set for these tests, a no-op once it is)."""
    monkeypatch.setitem(grammar.DECISIONS, TRADE_DECISION, TRADE_ANSWER)
    yield


def bob_ends(
    ann: dict[str, JSON], *cities: str | dict[str, JSON], **extra: JSON
) -> tuple[ClashState, list[Event]]:
    """bob's turn ends with these cities of his; ann's turn begins."""
    towns = [{"hex": c} if isinstance(c, str) else c for c in cities]
    seat = {"advances": BASE, "resources": {"food": 0}, **ann}
    state = board(ann=seat, bob={"cities": towns}, active="bob", **extra)
    state, evs = act(GAME, state, 1, "end")
    assert state.active == 0
    return state, evs


def got(evs: list[Event]) -> list[JSON]:
    return [e.params for e in evs if e.kind.startswith("clash.trade_routes")]


def test_one_food_per_unit_within_2_spaces_of_a_foreign_city() -> None:
    """A settler on C3 is 1 from B3; a ship on D3 is 2 from F3 (p.2)."""
    ann = {"settlers": {"C3": 1}, "ships": [{"hex": "D3"}], "advances": [*BASE, "storage"]}
    state, evs = bob_ends(ann, "B3", "F3")
    assert got(evs) == [{"player": "ann", "count": 2, "got": ["food_2"]}]
    assert state.seats[0].resources["food"] == 2
    assert state.turn_state.actions_left == 3 and GAME.pending(state)[0].kind == "turn"


def test_each_foreign_city_counts_for_one_unit_only() -> None:
    """Two settlers and a ship all near B3: 1 Food (the unique city of p.2, C24)."""
    ann = {"settlers": {"C3": 2}, "ships": [{"hex": "C4"}], "advances": [*BASE, "storage"]}
    _, evs = bob_ends(ann, "B3")
    assert got(evs)[0]["count"] == 1


def test_the_pairs_are_as_many_as_the_rules_allow() -> None:
    """The settler on D2 reaches B3 and F3, the ship on C4 only B3: the settler takes F3."""
    ann = {"settlers": {"D2": 1}, "ships": [{"hex": "C4"}], "advances": [*BASE, "storage"]}
    _, evs = bob_ends(ann, "B3", "F3")
    assert got(evs)[0]["count"] == 2
    b3, f3 = parse_hex("B3"), parse_hex("F3")
    assert _matching([[b3, f3], [b3]]) == 2
    assert _matching([[b3], [b3], []]) == 1


def test_at_most_4_food() -> None:
    ann = {
        "settlers": {"C3": 2, "E3": 2},
        "ships": [{"hex": "D3"}, {"hex": "C4"}],
        "advances": [*BASE, "storage"],
    }
    state, evs = bob_ends(ann, "B3", "B2", "F3", "D4", "E4")
    assert got(evs)[0]["count"] == 4 and state.seats[0].resources["food"] == 4


def test_angry_barbarian_and_own_cities_do_not_count() -> None:
    """C24: another player's non-angry city only."""
    ann = {
        "settlers": {"C3": 1},
        "cities": [{"hex": "D2"}, {"hex": "B2"}],
        "advances": [*BASE, "storage"],
    }
    state, evs = bob_ends(
        ann, {"hex": "B3", "mood": "angry"}, barbarians={"cities": ["A3"], "armies": {}}
    )
    assert got(evs) == [] and state.seats[0].resources["food"] == 0
    _, evs = bob_ends(ann, {"hex": "B3", "mood": "happy"})
    assert got(evs)[0]["count"] == 1


def test_a_settler_aboard_counts_only_with_its_ship() -> None:
    """C24: the ship on D3 carries a settler; B3 and F3 are both within 2 of D3."""
    ann = {"settlers": {}, "ships": [{"hex": "D3", "cargo": ["settler"]}]}
    _, evs = bob_ends({**ann, "advances": [*BASE, "storage"]}, "B3", "F3")
    assert got(evs)[0]["count"] == 1


def test_distance_is_counted_through_explored_spaces_only() -> None:
    """C63: the ship on C4 is 2 from C6 through C5, which lies face down in r4."""
    r6 = {"r6": {"tile": "g13", "explored": True}}
    ann = {"settlers": {}, "ships": [{"hex": "C4"}], "advances": [*BASE, "storage"]}
    _, evs = bob_ends(ann, "C6", tiles=r6)
    assert got(evs) == []
    _, evs = bob_ends(ann, "C6", tiles={**r6, "r4": {"tile": "g16", "explored": True}})
    assert got(evs)[0]["count"] == 1


def test_food_over_the_cap_is_lost() -> None:
    """C7 (a): without Storage Food stops at 2."""
    ann = {"settlers": {"C3": 1}, "ships": [{"hex": "D3"}], "resources": {"food": 1}}
    state, evs = bob_ends(ann, "B3", "F3")
    assert state.seats[0].resources["food"] == 2
    assert [e.kind for e in evs][-2:] == ["clash.trade_routes", "clash.over_cap"]
    assert evs[-1].params == {"player": "ann", "lost": ["food_1"]}
    assert got(evs)[0] == {"player": "ann", "count": 2, "got": ["food_1"]}


def test_without_the_advance_nothing_comes() -> None:
    ann = {"settlers": {"C3": 1}, "advances": ["farming", "mining", "bartering", "currency"]}
    state, evs = bob_ends(ann, "B3")
    assert got(evs) == [] and income(state, 0) == 0


def test_the_first_turn_of_a_round_takes_it_too() -> None:
    """start.begin_round gives the first player's turn its start (p.2)."""
    seat = {"advances": BASE, "settlers": {"C3": 1}, "resources": {"food": 0}}
    state = board(ann=seat, bob={"cities": [{"hex": "B3"}]})
    evs = start.begin_round(state)
    assert [e.kind for e in evs] == ["clash.round_started", "clash.trade_routes"]
    assert state.seats[0].resources["food"] == 1


# -- Currency --------------------------------------------------------------------------------


def test_currency_asks_how_much_gold_instead_of_food() -> None:
    """p.2: in part or in full; the answer is the Gold, the rest is Food."""
    ann = {"settlers": {"C3": 1}, "ships": [{"hex": "D3"}], "advances": CURRENCY}
    state, evs = bob_ends(ann, "B3", "F3")
    assert [e.kind for e in evs][-1] == "clash.trade_routes_due"
    assert evs[-1].params == {"player": "ann", "count": 2}
    (prompt,) = GAME.pending(state)
    assert (prompt.seat, prompt.kind, dict(prompt.params)) == (0, "trade_routes", {"count": 2})
    assert tokens(state) == ["0", "1", "2"]
    labels = [dict(c.params) for c in GAME.choices(state, 0, [])]
    assert labels[1] == {"gold": 1, "food": 1}
    assert tokens(state, "1") == []
    after, evs = act(GAME, state, 0, "1")
    assert after.seats[0].resources["food"] == 1 and after.seats[0].resources["gold"] == 1
    assert evs[0].params == {"player": "ann", "count": 2, "got": ["food_1", "gold_1"]}
    assert GAME.pending(after)[0].kind == "turn" and after.turn_state.actions_left == 3
    all_gold, _ = act(GAME, state, 0, "2")
    assert all_gold.seats[0].resources == {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 2}


def test_the_answer_functions_directly() -> None:
    """``TRADE_ANSWER`` as ``grammar.DECISIONS`` calls it."""
    ann = {"settlers": {"C3": 1}, "ships": [{"hex": "D3"}], "advances": CURRENCY}
    state, _ = bob_ends(ann, "B3", "F3")
    decision = state.prompts.top()
    assert decision is not None and decision.kind == TRADE_DECISION
    assert [c.token for c in TRADE_ANSWER.choices(state, decision, [])] == ["0", "1", "2"]
    assert TRADE_ANSWER.choices(state, decision, ["0"]) == []
    mine = state.copy()
    evs = TRADE_ANSWER.apply(mine, decision, ["0"])
    assert [e.kind for e in evs] == ["clash.trade_routes"] and mine.prompts.top() is None
    assert mine.seats[0].resources["food"] == 2
    with pytest.raises(IllegalAction):
        TRADE_ANSWER.apply(state.copy(), decision, ["5"])


def test_currency_refusals() -> None:
    ann = {"settlers": {"C3": 1}, "ships": [{"hex": "D3"}], "advances": CURRENCY}
    state, _ = bob_ends(ann, "B3", "F3")
    for action, code, params in (
        ("3", "trade_split", {"allowed": ["0", "1", "2"]}),
        ("food", "trade_split", {"allowed": ["0", "1", "2"]}),
        ("01", "trade_split", {"allowed": ["0", "1", "2"]}),
        ("1 1", "too_many_tokens", {"token": "1"}),
        ("end", "trade_split", {"allowed": ["0", "1", "2"]}),
    ):
        err = refused(state, action)
        assert (err.code, err.params) == (code, params), action


def test_only_splits_that_keep_the_most_are_offered() -> None:
    """Food 1 of 2 (no Storage), income 2: all Food would lose one, so 1 or 2 Gold."""
    ann = {
        "settlers": {"C3": 1},
        "ships": [{"hex": "D3"}],
        "advances": CURRENCY,
        "resources": {"food": 1},
    }
    state, _ = bob_ends(ann, "B3", "F3")
    assert tokens(state) == ["1", "2"]


@pytest.mark.parametrize(
    ("resources", "kept", "lost"),
    [
        ({"food": 2}, {"food": 2, "gold": 2}, []),  # Food at its cap: all Gold
        ({"food": 0, "gold": 8}, {"food": 2, "gold": 8}, []),  # Gold at 8: all Food
        ({"food": 2, "gold": 7}, {"food": 2, "gold": 8}, ["food_1"]),  # one kept, one lost
        ({"food": 2, "gold": 8}, {"food": 2, "gold": 8}, None),  # both full: all lost
    ],
)
def test_a_single_split_is_taken_at_once(
    resources: dict[str, int], kept: dict[str, int], lost: list[str] | None
) -> None:
    ann = {"settlers": {"C3": 1}, "ships": [{"hex": "D3"}], "advances": CURRENCY}
    state, evs = bob_ends({**ann, "resources": resources}, "B3", "F3")
    assert GAME.pending(state)[0].kind == "turn"
    me = state.seats[0].resources
    assert {"food": me["food"], "gold": me["gold"]} == kept
    over = [e.params["lost"] for e in evs if e.kind == "clash.over_cap"]
    if lost is None:
        assert evs[-1].kind == "clash.trade_routes_lost" and over == []
        assert evs[-1].params == {"player": "ann", "count": 2}
    else:
        assert over == ([lost] if lost else [])


def test_a_position_may_hold_the_decision_only_as_the_turn_begins() -> None:
    seat = {"advances": CURRENCY, "settlers": {"C3": 1}, "ships": [{"hex": "D3"}]}
    prompt = {"id": "trade_routes:1.1.0", "seat": "ann", "kind": "trade_routes", "turn": "ann"}
    keys = {"bob": {"cities": [{"hex": "B3"}, {"hex": "F3"}]}}

    def position(params: dict[str, JSON], **extra: JSON) -> ClashState:
        return board(
            ann={**seat, "resources": {"food": 0}},
            **keys,
            prompts=[{**prompt, "params": params}],
            **extra,
        )

    state = position({"count": 2})
    assert GAME.pending(state)[0].kind == "trade_routes"
    for params, extra, problem in (
        ({"count": 3}, {}, "trade routes decision count 3, income 2"),
        ({"count": 2, "gold": 1}, {}, "trade routes decision params ['count', 'gold']"),
        (
            {"count": 2},
            {"actions_left": 2, "actions_spent": 1},
            "trade routes decision after the start of the turn",
        ),
    ):
        with pytest.raises(IllegalAction) as caught:
            position(params, **extra)
        assert caught.value.params["problem"] == problem
    decision = state.prompts.top()
    assert decision is not None and decision_problem(state, decision) is None
    state.seats[0].resources["food"] = 2
    assert decision_problem(state, decision) == "trade routes decision with a single split"
