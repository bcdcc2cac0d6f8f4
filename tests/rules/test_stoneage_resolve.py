"""Phase 2: every location, tools after the roll, the tool path, payments, buildings."""

from __future__ import annotations

import pytest
from test_stoneage_support import (
    PLAYERS2,
    PLAYERS4,
    board,
    kinds,
    position,
    prompt_of,
    refused,
    run,
    stock,
    tokens,
)

from rules.stoneage import GAME
from rules.stoneage.data import BUILDING_TYPES, MAX_TOOLS, tool_tiles
from rules.stoneage.logic import gain_tool
from rules.stoneage.state import SeatState


def _alone(state_pos: dict, *placements: str, bob: str = "bob: place hunting 5"):  # type: ignore[no-untyped-def]
    """Two players, alice first; alice places, bob hunts with everyone in between."""
    state = position(PLAYERS2, first="alice", **state_pos)
    steps = [f"alice: {placements[0]}", bob, *(f"alice: {p}" for p in placements[1:])]
    state, events = run(state, *steps)
    return state, events


@pytest.mark.parametrize(
    ("where", "resource", "dice", "gain"),
    [
        ("hunting", "food", [6, 5, 3], 7),
        ("forest", "wood", [6, 5, 3], 4),
        ("clay", "brick", [6, 5, 3], 3),
        ("quarry", "stone", [6, 5, 3], 2),
        ("river", "gold", [6, 5, 3], 2),
    ],
)
def test_rolled_locations_divide_the_sum(
    where: str, resource: str, dice: list[int], gain: int
) -> None:
    """Sum 14 gives food 7, wood 4, brick 3, stone 2, gold 2 (rounded down)."""
    filler = "place forest 2" if where == "hunting" else "place hunting 2"
    state, _ = _alone({"dice": dice}, f"place {where} 3", filler)
    state, events = run(state, f"alice: resolve {where}")
    rolled, gained = events[0], events[1]
    assert rolled.kind == "stoneage.rolled" and rolled.params["sum"] == 14
    assert rolled.params["dice"] == dice
    assert gained.params["amount"] == gain and gained.params["resource"] == resource
    if resource != "food":
        assert stock(state, "alice")[resource] == gain


def test_tools_are_chosen_after_seeing_the_dice() -> None:
    """The roll is in the view, waiting; tools 2 1 raises 12 to 15 = 3 stone."""
    state, _ = _alone(
        {"dice": [6, 6], "seats": {"alice": {"tools": 4}}},
        "place quarry 2",
        "place hunting 2",
        "place forest 1",
    )
    state, events = run(state, "alice: resolve quarry")
    assert kinds(events) == ["rolled"] and prompt_of(state, "alice") == "tools"
    dice = GAME.view(state, None)["dice"]
    assert dice["dice"] == [6, 6] and dice["waiting"] and dice["gained"] is None
    assert tokens(state, "alice", "tools") == ["none", "2", "1"]
    assert tokens(state, "alice", "tools", "2") == ["1"]
    assert refused(state, "alice: tools 1 2").code == "tools_in_order"
    assert refused(state, "alice: tools 3").code == "no_such_tool"
    state, events = run(state, "alice: tools 2 1")
    assert events[0].params == {
        "player": "alice",
        "total": 15,
        "tools": 3,
        "amount": 3,
        "resource": "stone",
    }
    me = board(state, "alice")
    assert sorted(zip(me.tools, me.used, strict=True)) == [(1, False), (1, True), (2, True)]
    assert GAME.view(state, None)["dice"]["gained"] == 3


def test_a_tool_is_used_once_per_round() -> None:
    """After using the 1 at the forest it is refused at the quarry."""
    state, _ = _alone(
        {"dice": [5, 2, 2], "seats": {"alice": {"tools": 1}}},
        "place forest 1",
        "place quarry 2",
        "place hunting 1",
        "place clay 1",
    )
    state, _ = run(state, "alice: resolve forest", "alice: tools 1")
    assert stock(state, "alice") == {"wood": 2}
    state, events = run(state, "alice: resolve quarry")
    # 4 at the quarry: one more would make 5, but the only tool is used: no prompt, no stone.
    assert kinds(events) == ["rolled", "gained"] and events[1].params["amount"] == 0
    assert prompt_of(state, "alice") == "resolve"
    assert refused(state, "alice: tools 1").code == "not_now"


def test_used_tool_is_refused_with_tool_used() -> None:
    """A used 2 with another unused 1: ``tools 2`` names the used tile."""
    state, _ = _alone(
        {"dice": [5, 6, 5], "seats": {"alice": {"tools": 4}}},
        "place forest 1",
        "place river 2",
        "place hunting 1",
        "place clay 1",
    )
    state, _ = run(state, "alice: resolve forest", "alice: tools 2 1")
    state, _ = run(state, "alice: resolve river")
    assert refused(state, "alice: tools 2").code == "tool_used"
    state, _ = run(state, "alice: tools 1")
    assert stock(state, "alice") == {"wood": 2, "gold": 2}


def test_no_prompt_when_no_tool_can_help() -> None:
    """A roll of 9 at the forest with one tool of 1 cannot reach 12: no question asked."""
    state, _ = _alone(
        {"dice": [4, 5], "seats": {"alice": {"tools": 1}}}, "place forest 2", "place hunting 3"
    )
    state, events = run(state, "alice: resolve forest")
    assert kinds(events)[:2] == ["rolled", "gained"] and events[1].params["tools"] == 0


def test_one_use_tool_adds_once_then_is_gone() -> None:
    """once4 turns 8 gold-dice into 12 = 2 gold; the card stays owned but is spent."""
    state, _ = _alone(
        {"dice": [4, 4], "seats": {"alice": {"one_use_tools": ["S06"]}}},
        "place river 2",
        "place hunting 3",
    )
    state, _ = run(state, "alice: resolve river")
    assert tokens(state, "alice", "tools") == ["none", "once4"]
    state, _ = run(state, "alice: tools once4")
    me = board(state, "alice")
    assert stock(state, "alice") == {"gold": 2} and me.one_use == [] and "S06" in me.cards


@pytest.mark.parametrize("total", range(MAX_TOOLS + 1))
def test_tool_path_follows_the_printed_sequence(total: int) -> None:
    """Gaining tools one by one gives 1, 1 1, 1 1 1, 2 1 1, ... 4 4 4, then nothing."""
    me = SeatState()
    for _ in range(total):
        assert gain_tool(me)
    assert tuple(me.tools) == tool_tiles(total) and me.tool_value == total
    if total == MAX_TOOLS:
        assert not gain_tool(me)


def test_tool_maker_hut_and_field() -> None:
    """Tool maker +1 tool, hut +1 person (fed this round), field +1 food track."""
    state = position(PLAYERS4, first="alice", dice=[2, 2, 2, 2])
    state, _ = run(
        state,
        "alice: place toolmaker",
        "bob: place hut",
        "carol: place field",
        "dave: place hunting 5",
        "alice: place hunting 4",
        "bob: place hunting 3",
        "carol: place hunting 4",
    )
    state, events = run(state, "alice: resolve toolmaker")
    assert board(state, "alice").tools == [1]
    assert "toolmaker" in kinds(events)
    state, events = run(state, "bob: resolve hut")
    assert kinds(events)[0] == "hut" and board(state, "bob").people == 6
    state, events = run(state, "carol: resolve field")
    assert board(state, "carol").agriculture == 1
    fed = {e.params["player"]: e.params["people"] for e in events if e.kind == "stoneage.fed"}
    assert fed["bob"] == 6 and fed["carol"] == 5
    # The field already paid: carol got 1 food from her track before feeding.
    assert board(state, "carol").food >= 12 + 1 - 5


def test_resolve_only_own_locations() -> None:
    """Alice cannot resolve bob's hunting; unknown targets are bad tokens."""
    state, _ = _alone({}, "place forest 2", "place quarry 3")
    assert refused(state, "alice: resolve hunting").code == "not_your_location"
    assert refused(state, "alice: resolve moon").code == "bad_token"
    assert tokens(state, "alice", "resolve") == ["forest", "quarry"]


def test_card_payment_menu_and_decline() -> None:
    """Card 3 costs 3 resources of any kinds, cheapest first; decline leaves it there."""
    seats = {"alice": {"resources": {"wood": 2, "stone": 1, "gold": 1}}}
    state, _ = _alone(
        {"seats": seats, "display": ["G01", "G03", "G04", "G05"]}, "place card 3", "place hunting 4"
    )
    state, _ = run(state, "alice: resolve hunting")
    assert prompt_of(state, "alice") == "pay_card"
    menu = tokens(state, "alice", "buy")
    assert menu == ["wood-wood-stone", "wood-wood-gold", "wood-stone-gold"]
    assert refused(state, "alice: buy wood-wood").code == "wrong_payment"
    assert refused(state, "alice: buy food-wood-wood").code == "cannot_pay_with_food"
    assert refused(state, "alice: buy gold-gold-gold").code == "not_enough_resources"
    declined, events = run(state, "alice: decline")
    assert kinds(events)[0] == "declined_card" and declined.display[2] == "G04"
    bought, events = run(state, "alice: buy wood-wood-gold")
    assert kinds(events)[:2] == ["bought_card", "effect_food"]
    assert events[0].params == {
        "player": "alice",
        "card": "G04",
        "position": 3,
        "paid": ["wood", "wood", "gold"],
    }
    assert "G04" in board(bought, "alice").cards and stock(bought, "alice") == {"stone": 1}


def test_unpayable_purchase_is_declined_automatically() -> None:
    """No resources, no Medicine: the person comes back with an event, no prompt."""
    state, _ = _alone({}, "place card 4", "place hunting 4")
    state, events = run(state, "alice: resolve hunting")
    assert "cannot_pay_card" in kinds(events)


def test_many_payments_are_listed_flat() -> None:
    """Card 4 with 4 of everything: all 35 payments in one list, the cheapest first; any of
    them is one token (how many fit on a screen is the interface's business)."""
    res = {"wood": 4, "brick": 4, "stone": 4, "gold": 4}
    display = ["G01", "G03", "G04", "G05"]
    state, _ = _alone(
        {"seats": {"alice": {"resources": res}}, "display": display},
        "place card 4",
        "place hunting 4",
    )
    state, _ = run(state, "alice: resolve hunting")
    offered = tokens(state, "alice", "buy")
    assert len(offered) == 35 and len(set(offered)) == 35
    assert offered[0] == "wood-wood-wood-wood" and offered[-1] == "gold-gold-gold-gold"
    assert tokens(state, "alice", "buy", "wood-stone-stone-stone") == []
    assert refused(state, "alice: buy stone-stone-stone-wood").params["allowed"] == [
        "wood-stone-stone-stone"
    ]
    bought, _ = run(state, "alice: buy wood-stone-stone-stone")
    assert stock(bought, "alice") == {"wood": 3, "brick": 4, "stone": 1, "gold": 4}


def test_the_older_grouped_payments_are_still_read() -> None:
    """Logs of older versions name a payment after group tokens (kinds, then amounts) where
    more than 20 were possible: read as before, to the same payment; refused as before."""
    res = {"wood": 4, "brick": 4, "stone": 4, "gold": 4}
    display = ["G01", "G03", "G04", "G05"]
    state, _ = _alone(
        {"seats": {"alice": {"resources": res}}, "display": display},
        "place card 4",
        "place hunting 4",
    )
    state, _ = run(state, "alice: resolve hunting")
    flat, flat_events = run(state, "alice: buy wood-stone-stone-stone")
    grouped, grouped_events = run(state, "alice: buy wood+stone wood-stone-stone-stone")
    assert GAME.to_json(grouped) == GAME.to_json(flat) and grouped_events == flat_events
    assert refused(state, "alice: buy wood+brick wood-stone-stone-stone").code == "wrong_payment"
    assert refused(state, "alice: buy stone+wood wood-stone-stone-stone").code == "bad_token"
    # Where the older menu did not group (3 payments for card 1), a group token was one too many.
    few, _ = _alone(
        {"seats": {"alice": {"resources": {"wood": 1, "stone": 1, "gold": 1}}}, "display": display},
        "place card 1",
        "place hunting 4",
    )
    few, _ = run(few, "alice: resolve hunting")
    assert refused(few, "alice: buy wood-only wood").code == "too_many_tokens"


def _building_state(tile: str, resources: dict[str, int]):  # type: ignore[no-untyped-def]
    state, _ = _alone(
        {
            "seats": {"alice": {"resources": resources}},
            "buildings": [[tile], ["B02" if tile != "B02" else "B03"]],
        },
        "place building 1",
        "place hunting 4",
    )
    state, _ = run(state, "alice: resolve hunting")
    assert prompt_of(state, "alice") == "pay_building"
    return state


FIXED = [t for t, b in BUILDING_TYPES.items() if b.kind == "fixed"]


@pytest.mark.parametrize("tile", FIXED)
def test_fixed_buildings_cost_exactly_their_resources(tile: str) -> None:
    """One payment, the tile's own; points = its value; the empty stack ends the game."""
    kind = BUILDING_TYPES[tile]
    full = {"wood": 3, "brick": 3, "stone": 3, "gold": 3}
    tile_id = tile if tile not in ("B10", "B11", "B12", "B13") else f"{tile}a"
    state = _building_state(tile_id, full)
    (payment,) = tokens(state, "alice", "buy")
    state, events = run(state, f"alice: buy {payment}")
    assert events[0].params["points"] == kind.points
    assert board(state, "alice").building_points == kind.points
    assert board(state, "alice").buildings == [tile_id]
    assert "stack_empty" in kinds(events) and state.ending


@pytest.mark.parametrize(
    ("tile", "payment", "points"),
    [
        ("V41", "stone-stone-stone-stone", 20),
        ("V42", "wood-stone-stone-stone", 18),
        ("V43", "wood-brick-brick-gold", 17),
        ("V44", "wood-brick-stone-gold", 18),
        ("V51", "gold-gold-gold-gold-gold", 30),
        ("V52", "wood-wood-wood-wood-gold", 18),
        ("V53", "wood-brick-brick-stone-stone", 21),
        ("V54", "wood-wood-brick-stone-gold", 21),
        ("V17a", "gold", 6),
        ("V17b", "wood-wood-brick-brick-stone-stone-gold", 30),
    ],
)
def test_variable_buildings_score_what_is_paid(tile: str, payment: str, points: int) -> None:
    """Exactly N resources of exactly K kinds (or 1-7 of any): the value paid is scored."""
    state = _building_state(tile, {"wood": 5, "brick": 5, "stone": 5, "gold": 5})
    state, events = run(state, f"alice: buy {payment}")
    assert events[0].params["points"] == points


@pytest.mark.parametrize(
    ("tile", "bad"),
    [
        ("V42", "wood-wood-wood-wood"),
        ("V43", "wood-wood-brick-brick"),
        ("V51", "gold-gold-gold-gold"),
        ("V17a", "wood-wood-wood-wood-wood-wood-wood-wood"),
        ("B01", "wood-wood-stone"),
    ],
)
def test_wrong_building_payments_are_refused(tile: str, bad: str) -> None:
    """Wrong number of resources or of kinds, or the wrong fixed cost."""
    state = _building_state(tile, {"wood": 9, "brick": 5, "stone": 5, "gold": 5})
    assert refused(state, f"alice: buy {bad}").code == "wrong_payment"


def test_declined_building_stays_on_its_stack() -> None:
    """Decline: the tile stays on top and the person returns."""
    state = _building_state("B01", {"wood": 2, "brick": 1})
    state, events = run(state, "alice: decline")
    assert kinds(events)[0] == "declined_building" and state.stacks[0] == ("B01",)
