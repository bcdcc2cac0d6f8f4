"""What pays a cost (p.4; C6, C133, C138): one rule for every payment, Gold standing in for
what the player lacks and, named, paying instead of what they hold."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.clash.model.paying import split
from rules.clash.model.resources import (
    NEXT,
    can_pay,
    due,
    gold_problem,
    keeps,
    most_gold,
    pay,
)
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
    plain = [(NEXT,) * k for k in range(3)]
    assert [keeps(me, cost, g)[0] for g in plain] == ["food", "wood", "ore"]
    assert due(me, cost, (NEXT,)) == {"wood": 1, "ore": 1, "gold": 1}
    assert due(me, cost, (NEXT, NEXT)) == {"ore": 1, "gold": 2}


def test_a_gold_naming_its_resource_keeps_that_one_c138() -> None:
    me = player(food=1, wood=1, ore=1, gold=3)
    cost = {"food": 1, "wood": 1, "ore": 1}
    assert keeps(me, cost, ()) == ("food", "wood", "ore")
    assert due(me, cost, ("ore",)) == {"food": 1, "wood": 1, "gold": 1}
    # Named ones keep theirs first, a plain one the first still held.
    assert due(me, cost, (NEXT, "food")) == {"ore": 1, "gold": 2}
    assert keeps(me, cost, ("wood",)) == ("food", "ore")
    err = gold_problem(me, cost, ("wood", "wood"))
    assert err is not None and (err.code, dict(err.params)) == (
        "gold_keeps_nothing",
        {"resource": "wood"},
    )
    assert gold_problem(me, {"food": 1}, ("ore",)) is not None  # the cost takes no Ore


def test_gold_named_is_only_gold_to_spare_c138() -> None:
    """1 Food and 2 Gold for 2 Food: 1 Gold pays the Food lacking, the other may keep the
    Food held; a third Gold is refused."""
    me = player(food=1, gold=2)
    assert most_gold(me, {"food": 2}) == 1
    assert due(me, {"food": 2}, (NEXT,)) == {"gold": 2}
    err = gold_problem(me, {"food": 2}, (NEXT, NEXT))
    assert err is not None and (err.code, dict(err.params)) == (
        "too_much_gold",
        {"gold": 2, "count": 1},
    )
    assert not can_pay(me, {"food": 2}, (NEXT, NEXT))


def test_gold_words_are_read_off_the_end_only() -> None:
    assert split(["army", "settler", "gold", "gold"]) == (["army", "settler"], (NEXT, NEXT))
    assert split(["settler", "gold_ore", "gold"]) == (["settler"], ("ore", NEXT))
    assert split(["gold", "army"]) == (["gold", "army"], ())
    assert split([]) == ([], ())


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
    most = most_gold(me, cost)
    for k in range(most + 1):
        for named in ((NEXT,) * k, *_named(me, cost, k)):
            paid = due(me, cost, named)
            assert sum(paid.values()) == sum(cost.values())
            assert paid.get("gold", 0) == plain.get("gold", 0) + k
            assert all(paid.get(r, 0) <= held[r] for r in (*KINDS, "gold"))
    assert gold_problem(me, cost, (NEXT,) * (most + 1)) is not None


def _named(me: PlayerState, cost: dict[str, int], k: int) -> list[tuple[str, ...]]:
    """Each way to name ``k`` Gold by the resource it keeps, one at a time as offered."""
    ways: list[tuple[str, ...]] = [()]
    for _ in range(k):
        ways = [(*w, r) for w in ways for r in keeps(me, cost, w)]
    return ways
