"""All 36 civilization cards: their immediate effects, dice for all, Medicine, Writing, caps."""

from __future__ import annotations

from typing import Any

import pytest
from test_stoneage_support import (
    PLAYERS2,
    PLAYERS3,
    board,
    kinds,
    position,
    prompt_of,
    refused,
    run,
    stock,
    tokens,
)

from rules.core import Event
from rules.stoneage import GAME
from rules.stoneage.data import CARD_LIST, CARDS, RESOURCES
from rules.stoneage.state import StoneAgeState

OTHERS = ["G01", "G03", "G04", "G05", "S04"]


def _buy(
    card: str,
    *,
    seats: dict[str, Any] | None = None,
    dice: list[int] | None = None,
    players: tuple[str, ...] = PLAYERS2,
    deck: list[str] | None = None,
) -> tuple[StoneAgeState, list[Event]]:
    """Alice buys ``card`` from position 1 for one wood, keeping two locations to resolve."""
    fill = [c for c in OTHERS if c != card][:3]
    alice = {"resources": {"wood": 1}, **((seats or {}).get("alice", {}))}
    pos: dict[str, Any] = {
        "display": [card, *fill],
        "seats": {**(seats or {}), "alice": alice},
        "dice": dice or [],
    }
    if deck is not None:
        pos["deck"] = deck
        pos["fill_deck"] = True
    state = position(players, first="alice", **pos)
    others = [f"{p}: place hunting 5" for p in players[1:]]
    state, _ = run(state, "alice: place card 1", *others, "alice: place forest 2")
    state, _ = run(state, "alice: place quarry 2")
    state, _ = run(state, "alice: resolve card 1")
    assert prompt_of(state, "alice") == "pay_card"
    state, events = run(state, "alice: buy wood")
    assert events[0].kind == "stoneage.bought_card" and events[0].params["card"] == card
    assert card in board(state, "alice").cards
    return state, events


SIMPLE = [c for c in CARD_LIST if c.effect.kind not in ("dice_for_all", "dice")]


@pytest.mark.parametrize("card", [c.id for c in SIMPLE])
def test_immediate_effects(card: str) -> None:
    """Food, resources, points, food track, tool, one-use tool, Medicine, Writing."""
    state, events = _buy(card)
    effect = CARDS[card].effect
    me = board(state, "alice")
    kind = effect.kind
    if kind == "food":
        assert me.food == 12 + effect.amount
    elif kind == "resource":
        assert effect.resource is not None
        assert stock(state, "alice") == {RESOURCES[effect.resource]: effect.amount}
    elif kind == "points":
        assert me.card_points == 3 and me.score == 3
    elif kind == "agriculture":
        assert me.agriculture == 1
    elif kind == "tool":
        assert me.tools == [1]
    elif kind == "one_use_tool":
        assert me.one_use == [card]
        assert GAME.view(state, None)["seats"][0]["one_use_tools"] == [
            {"card": card, "value": effect.amount}
        ]
    elif kind == "choice":
        assert me.medicine == 1
    else:
        assert kind == "extra_card" and len(me.cards) == 2
    assert prompt_of(state, "alice") == "resolve"
    assert kinds(events)[1].startswith(("effect_", "writing"))


@pytest.mark.parametrize("card", [c.id for c in CARD_LIST if c.effect.kind == "dice"])
def test_two_dice_cards_roll_for_their_resource_with_tools(card: str) -> None:
    """Always 2 dice, whatever else is placed; unused tools may be added after the roll."""
    effect = CARDS[card].effect
    assert effect.resource is not None
    divisor = (3, 4, 5, 6)[effect.resource]
    state, events = _buy(card, seats={"alice": {"tools": 3}}, dice=[divisor, divisor - 1])
    assert kinds(events)[1] == "rolled_card"
    assert events[1].params["dice"] == [divisor, divisor - 1]
    assert prompt_of(state, "alice") == "tools"
    view = GAME.view(state, None)["dice"]
    assert view["where"] == "card" and view["card"] == card and view["waiting"]
    state, events = run(state, "alice: tools 1")
    resource = RESOURCES[effect.resource]
    assert events[0].params["amount"] == 2 and stock(state, "alice") == {resource: 2}


DFA = [c.id for c in CARD_LIST if c.effect.kind == "dice_for_all"]


@pytest.mark.parametrize("card", DFA)
def test_dice_for_all_every_card(card: str) -> None:
    """One die per player, buyer first: alice picks 6 (food track), bob takes the last die."""
    state, events = _buy(card, dice=[6, 2])
    assert kinds(events)[1] == "dice_for_all" and events[1].params["faces"] == [2, 6]
    assert prompt_of(state, "alice") == "pick" and prompt_of(state, "bob") is None
    assert tokens(state, "alice", "pick") == ["2", "6"]
    dfa = GAME.view(state, None)["dice_for_all"]
    assert dfa["picker"] == 0 and dfa["faces"] == [2, 6] and dfa["order"] == [0, 1]
    state, events = run(state, "alice: pick 6")
    assert kinds(events)[:2] == ["picked", "picked"]
    assert board(state, "alice").agriculture == 1 and stock(state, "bob") == {"brick": 1}
    assert GAME.view(state, None)["dice_for_all"] is None
    assert prompt_of(state, "alice") == "resolve"


def test_dice_for_all_three_players_in_turn_order() -> None:
    """Three dice; bob picks second and carol gets the last one; face 5 gives a tool."""
    state, _ = _buy("G02", dice=[5, 1, 4], players=PLAYERS3)
    assert tokens(state, "alice", "pick") == ["1", "4", "5"]
    refused_pick = refused(state, "alice: pick 6")
    assert refused_pick.code == "not_on_table" and refused_pick.params["allowed"] == ["1", "4", "5"]
    assert refused(state, "bob: pick 1").code == "not_your_turn"
    state, _ = run(state, "alice: pick 5")
    assert prompt_of(state, "bob") == "pick"
    state, _ = run(state, "bob: pick 4")
    assert board(state, "alice").tools == [1]
    assert stock(state, "bob") == {"gold": 1} and stock(state, "carol") == {"wood": 1}


def test_dice_for_all_identical_faces_pick_themselves() -> None:
    """Two dice showing 3: nobody has a choice, both take stone."""
    state, events = _buy("S03", dice=[3, 3])
    assert kinds(events)[1:4] == ["dice_for_all", "picked", "picked"]
    assert stock(state, "alice") == {"stone": 1} and stock(state, "bob") == {"stone": 1}


def test_medicine_later_at_any_prompt() -> None:
    """Medicine is kept; alice takes gold-gold later, while paying for a building."""
    state, _ = _buy("G06")
    assert board(state, "alice").medicine == 1
    assert "medicine" in tokens(state, "alice")
    assert tokens(state, "alice", "medicine")[0] == "gold-gold"
    assert len(tokens(state, "alice", "medicine")) == 10
    state, events = run(state, "alice: medicine wood-gold")
    assert kinds(events)[0] == "medicine" and stock(state, "alice") == {"wood": 1, "gold": 1}
    assert board(state, "alice").medicine == 0
    assert refused(state, "alice: medicine wood-wood").code == "no_medicine"


def test_medicine_is_asked_before_declining_an_unpayable_purchase() -> None:
    """With Medicine unused and no resources, the payment prompt stays open."""
    state = position(
        PLAYERS2,
        first="alice",
        seats={"alice": {"medicine": 1, "cards": ["G06"]}},
        display=["G01", "G03", "G04", "G05"],
    )
    state, _ = run(state, "alice: place card 2", "bob: place hunting 5", "alice: place forest 4")
    state, _ = run(state, "alice: resolve card 2")
    assert prompt_of(state, "alice") == "pay_card"
    assert tokens(state, "alice") == ["decline", "medicine"]
    state, _ = run(state, "alice: medicine stone-gold")
    assert tokens(state, "alice", "buy") == ["stone-gold"]


def test_medicine_unused_scores_two_at_the_end() -> None:
    """Counted as 2 resources in the final breakdown."""
    from rules.stoneage.scoring import breakdown

    state = position(PLAYERS2, seats={"alice": {"medicine": 1, "cards": ["G06"]}})
    assert breakdown(state, 0)["resources"] == 2


def test_writing_draws_the_top_card_secretly() -> None:
    """The top card of the deck joins alice's cards; only alice's event names it."""
    state, events = _buy("G09", deck=["S15"])
    assert board(state, "alice").cards == ["G09", "S15"]
    secret = [e for e in events if e.kind == "stoneage.writing_card"]
    assert secret[0].visible_to == (0,) and secret[0].params["card"] == "S15"
    assert "S15" not in str(GAME.view(state, None)) and "S15" not in str(GAME.view(state, 1))
    assert "S15" in GAME.view(state, 0)["hand"]


def test_writing_with_open_cards_is_public() -> None:
    """With open_cards the drawn card is a public event and in the public view."""
    state = position(
        PLAYERS2,
        {"open_cards": True},
        first="alice",
        display=["G09", "G01", "G03", "G04"],
        deck=["S15"],
        seats={"alice": {"resources": {"wood": 1}}},
    )
    state, _ = run(state, "alice: place card 1", "bob: place hunting 5", "alice: place forest 4")
    state, events = run(state, "alice: resolve card 1", "alice: buy wood")
    secret = [e for e in events if e.kind == "stoneage.writing_card"]
    assert secret[0].visible_to is None
    assert GAME.view(state, None)["seats"][0]["card_ids"] == ["G09", "S15"]


def test_writing_with_an_empty_deck_gives_nothing() -> None:
    """No card left: an event says so."""
    others = [c.id for c in CARD_LIST if c.id not in ("G09", "G01", "G03", "G04")]
    state = position(
        PLAYERS2,
        first="alice",
        display=["G09", "G01", "G03", "G04"],
        deck=[],
        fill_deck=False,
        seats={"alice": {"resources": {"wood": 1}, "cards": others}},
    )
    state, _ = run(state, "alice: place card 1", "bob: place hunting 5", "alice: place forest 4")
    state, events = run(state, "alice: resolve card 1", "alice: buy wood")
    assert "writing_empty" in kinds(events)


@pytest.mark.parametrize(
    ("card", "seats", "what"),
    [
        ("S02", {"agriculture": 10}, "agriculture"),
        ("G07", {"tools": 12}, "tools"),
    ],
)
def test_effects_past_a_maximum_are_lost(card: str, seats: dict[str, Any], what: str) -> None:
    """Food track 10 and tools 12 are caps: the card's gain is lost (an event says so)."""
    state, events = _buy(card, seats={"alice": seats})
    assert kinds(events)[1] == "capped" and events[1].params["what"] == what
    me = board(state, "alice")
    assert me.agriculture <= 10 and me.tool_value <= 12


def test_dice_for_all_caps() -> None:
    """A 6 at food track 10 and a 5 at tools 12 are lost too."""
    state, events = _buy("G02", seats={"alice": {"agriculture": 10}}, dice=[6, 6])
    assert "capped" in kinds(events)
    assert board(state, "alice").agriculture == 10 and board(state, "bob").agriculture == 1


def test_hut_cap_at_ten_people() -> None:
    """Placement on the hut is refused at 10 people (tested in placement); 10 is the max."""
    state = position(PLAYERS2, seats={"alice": {"people": 10}})
    assert refused(state, "alice: place hut").code == "at_maximum"
