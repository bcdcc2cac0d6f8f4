"""What pays a cost (p.4; C6, C133, C138): one rule for every payment, Gold standing in for
what the player lacks and, named, paying instead of what they hold."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.clash.model.paying import split
from rules.clash.model.resources import can_pay, due, gold_problem, keeps, most_gold, pay
from rules.clash.model.setup import new_game
from rules.clash.model.state import PlayerState

KINDS = ("food", "wood", "ore")


def player(**held: int) -> PlayerState:
    me = new_game(["ann", "bob"], {}, 1).seats[0]
    me.resources.update({"food": 0, **held})
    return me


def test_without_gold_named_the_resources_held_pay_first_c6() -> None:
    me = player(food=1, ore=1, gold=3)
    assert pay(me, {"food": 2, "ore": 1, "wood": 1}) == {"food": 1, "ore": 1, "gold": 2}


def test_each_gold_named_keeps_food_then_wood_then_ore_c138() -> None:
    me = player(food=1, wood=1, ore=1, gold=3)
    cost = {"food": 1, "wood": 1, "ore": 1}
    assert most_gold(me, cost) == 3
    assert [keeps(me, cost, k) for k in range(3)] == ["food", "wood", "ore"]
    assert due(me, cost, 1) == {"wood": 1, "ore": 1, "gold": 1}
    assert due(me, cost, 2) == {"ore": 1, "gold": 2}


def test_gold_named_is_only_gold_to_spare_c138() -> None:
    """1 Food and 2 Gold for 2 Food: 1 Gold pays the Food lacking, the other may keep the
    Food held; a third Gold is refused."""
    me = player(food=1, gold=2)
    assert most_gold(me, {"food": 2}) == 1
    assert due(me, {"food": 2}, 1) == {"gold": 2}
    err = gold_problem(me, {"food": 2}, 2)
    assert err is not None and (err.code, dict(err.params)) == (
        "too_much_gold",
        {"gold": 2, "count": 1},
    )
    assert not can_pay(me, {"food": 2}, 2)


def test_gold_words_are_read_off_the_end_only() -> None:
    assert split(["army", "settler", "gold", "gold"]) == (["army", "settler"], 2)
    assert split(["gold", "army"]) == (["gold", "army"], 0)
    assert split([]) == ([], 0)


@settings(max_examples=200, deadline=None)
@given(
    held=st.fixed_dictionaries({k: st.integers(0, 4) for k in (*KINDS, "gold")}),
    cost=st.fixed_dictionaries({k: st.integers(0, 4) for k in KINDS}),
)
def test_every_gold_named_keeps_one_resource_and_pays_the_same_total(
    held: dict[str, int], cost: dict[str, int]
) -> None:
    me = player(**held)
    if not can_pay(me, cost):
        assert most_gold(me, cost) == 0
        return
    plain = due(me, cost)
    for k in range(most_gold(me, cost) + 1):
        paid = due(me, cost, k)
        assert sum(paid.values()) == sum(cost.values())
        assert paid.get("gold", 0) == plain.get("gold", 0) + k
        assert all(paid.get(r, 0) <= held[r] for r in (*KINDS, "gold"))
    assert gold_problem(me, cost, most_gold(me, cost) + 1) is not None
