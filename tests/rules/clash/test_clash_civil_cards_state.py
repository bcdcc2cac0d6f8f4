"""The civil halves' state: hidden hands stay hidden, and every new decision and state
(truces, Assassinations, the next Collect's card, the turn's cards) stands in positions and
snapshots (docs/transcripts.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.clash import GAME
from rules.clash.box.cards import ACTION_CARDS
from rules.clash.model.state import ClashState
from rules.core import IllegalAction, Rng, act
from rules.selfplay import random_action
from tests.rules.clash.clash_map import board, play, prompt, with_needs
from tests.rules.clash.test_clash_support import comparable, roundtrip

JSON = Any


def _stands(state: ClashState) -> None:
    """The state comes back the same from its position and from its snapshot."""
    assert comparable(roundtrip(state)) == comparable(state)
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert again == state
    assert GAME.check_invariants(state) == []


def _refused(**extra: JSON) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        board(**extra)
    return caught.value


# -- hidden information ----------------------------------------------------------------------

#: Both players with half the action deck and what many cards need: culture tokens, Ideas'
#: room, Academies, neighbours for Tech Exchange and Mercenaries.
CROWDED: dict[str, JSON] = {
    "ann": {
        "actions": list(ACTION_CARDS[:21]),
        "objectives": ["O01"],
        "culture_tokens": 8,
        "mood_tokens": 3,
        "resources": {"food": 2, "wood": 3, "ore": 3, "gold": 3},
        "advances": with_needs(["writing", "myths", "tactics", "bartering"]),
        "cities": [{"hex": "D2", "pieces": ["settlement", "academy"]}, {"hex": "D4"}],
        "armies": {"C3": 1},
    },
    "bob": {
        "actions": list(ACTION_CARDS[21:]),
        "objectives": ["O02"],
        "culture_tokens": 8,
        "resources": {"food": 2, "wood": 3, "ore": 3, "gold": 3},
        "advances": with_needs(["fishing", "myths", "tactics"]),
        "cities": [{"hex": "B2", "pieces": ["settlement", "temple"]}, {"hex": "D7"}],
    },
    "barbarians": {"cities": ["B3"], "armies": {"B3": 1}},
}


def _crowded(seed: int) -> ClashState:
    c = CROWDED
    return board(c["ann"], c["bob"], barbarians=c["barbarians"], tiles={"r6": "g13"})


def test_random_play_of_civil_cards_keeps_hands_hidden_and_states_standing() -> None:
    played: set[str] = set()
    for seed in range(3):
        state, rng = _crowded(seed), Rng(seed)
        for step in range(70):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.pending(state)[0].seat
            action = random_action(GAME, state, seat, rng)
            state, evs = act(GAME, state, seat, action)
            played |= {str(e.params["civil"]) for e in evs if e.kind == "clash.card_played"}
            hands = {c for me in state.seats for c in (*me.actions, *me.objectives)}
            for e in evs:
                if e.visible_to is None:
                    shown = json.dumps(dict(e.params))
                    assert not [c for c in hands if f'"{c}"' in shown], (e.kind, e.params)
            public = json.dumps(GAME.view(state, None))
            assert not [c for c in hands if f'"{c}"' in public]
            if step % 5 == 0:
                _stands(state)
    assert len(played) >= 8, sorted(played)


# -- the new decisions in positions -----------------------------------------------------------


def test_a_synergy_decision_stands_in_a_position() -> None:
    state = play(board({"actions": ["A41"], "resources": {"food": 2}}), "advance storage")
    assert prompt(state) == "synergy"
    _stands(state)
    decision = GAME.to_json(state)["prompts"][0]
    bad = {**decision, "seat": "ann", "turn": "ann", "params": {"advance": "storage"}}
    with pytest.raises(IllegalAction) as caught:
        board({"actions": ["A41"], "advances": ["farming", "mining", "storage"]}, prompts=[bad])
    assert caught.value.params["problem"].startswith("synergy decision params")
    no_card = {**bad, "params": {"advance": "storage", "played": []}}
    with pytest.raises(IllegalAction) as caught:
        board({"advances": ["farming", "mining", "storage"]}, prompts=[no_card])
    assert caught.value.params["problem"] == "synergy decision without a card to play"


def test_a_spies_decision_stands_in_a_position() -> None:
    ann = {"actions": ["A07", "A01"], "culture_tokens": 1}
    state = play(board(ann, {"actions": ["A12"]}), "card a07 @bob")
    assert prompt(state) == "spies"
    _stands(state)
    with pytest.raises(IllegalAction) as caught:
        board(
            {"actions": ["A01"]},
            prompts=[
                {
                    "id": "s",
                    "seat": "ann",
                    "kind": "spies",
                    "params": {"player": "bob"},
                    "turn": "ann",
                }
            ],
        )
    assert caught.value.params["problem"] == "spies decision without a possible swap"


def test_a_new_goals_decision_stands_in_a_position() -> None:
    ann = {"actions": ["A31"], "culture_tokens": 1}
    state = play(board(ann), "card a31")
    assert prompt(state) == "new_goals"
    _stands(state)
    with pytest.raises(IllegalAction) as caught:
        board(prompts=[{"id": "g", "seat": "ann", "kind": "new_goals", "turn": "ann"}])
    assert caught.value.params["problem"].startswith("new goals decision without two")


def test_a_tech_exchange_decision_stands_in_a_position() -> None:
    ann = {"actions": ["A39"], "advances": with_needs(["writing", "bartering"])}
    bob = {"advances": with_needs(["fishing"]), "settlers": {"C3": 1}}
    state = play(board(ann, bob), "card a39 @bob fishing")
    assert prompt(state) == "tech_exchange"
    _stands(state)
    wrong = {
        "id": "t",
        "seat": "bob",
        "kind": "tech_exchange",
        "params": {"player": "bob"},
        "turn": "ann",
    }
    with pytest.raises(IllegalAction) as caught:
        board(ann, bob, prompts=[wrong])
    assert caught.value.params["problem"] == "tech exchange decision outside the giver's turn"


# -- truces, Assassinations, the turn's cards -----------------------------------------------------


def test_truces_and_assassinations_stand_in_positions() -> None:
    state = board(
        truces=[
            {"player": "ann", "with": "bob", "stage": "maker"},
            {"player": "bob", "with": "ann", "stage": "waiting"},
        ],
        assassinations=[{"player": "bob", "round": 1, "done": False}],
        cards_played=["P12", "P14"],
        actions_spent=1,
        actions_left=2,
        card_modifiers=["P15"],
    )
    assert state.truces[0].stage == "maker" and state.assassinations[0].target == 1
    assert state.turn_state.card_modifiers == ("P15",) and state.turn_state.spent == 1
    _stands(state)


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        (
            {"truces": [{"player": "bob", "with": "ann", "stage": "maker"}]},
            "truce_outside_its_makers_turn",
        ),
        (
            {"truces": [{"player": "ann", "with": "bob", "stage": "other"}]},
            "truce_outside_the_others_turn",
        ),
        ({"truces": [{"player": "ann", "with": "ann", "stage": "waiting"}]}, "truce_with_oneself"),
        ({"card_modifiers": ["P10", "P15"]}, "two_collection_cards_pending"),
        (
            {"round": 2, "assassinations": [{"player": "bob", "round": 1, "done": True}]},
            "assassination_done_in_an_earlier_round",
        ),
    ],
)
def test_card_states_that_cannot_be_are_refused(extra: dict[str, JSON], problem: str) -> None:
    assert _refused(**extra).params["problem"] == problem


def test_bad_card_state_values_are_refused() -> None:
    assert _refused(truces=[{"player": "ann", "with": "bob", "stage": "later"}]).code == (
        "position_bad_value"
    )
    assert _refused(cards_played=["C99"]).code == "position_bad_value"
    assert _refused(card_modifiers=["P13"]).code == "position_bad_value"
    assert _refused(card_modifiers=["P08", "P08"]).params["problem"] == "card_modifier_twice"


def test_the_starting_hand_and_the_status_draw() -> None:
    state = GAME.setup(["ann", "bob", "cid"], {}, 3)
    assert [(len(p.actions), len(p.objectives)) for p in state.seats] == [(1, 1)] * 3
    # Step 3 of the status phase: 1 action card and 1 objective card each (p.11).
    ann = {"actions": ["A01"], "objectives": ["O01"]}
    status = board(ann, phase="status", status={"step": 2, "waiting": ["ann", "bob"]})
    while status.phase == "status":
        asked = GAME.pending(status)[0]
        first = GAME.choices(status, asked.seat, [])[0].token
        status = play(status, "pass" if asked.kind == "raze" else first)
    assert len(status.seats[0].actions) == 2 and len(status.seats[0].objectives) == 2


def test_an_influence_decision_on_a_barbarian_city_stands_in_a_position() -> None:
    ann = {
        "actions": ["A15"],
        "culture_tokens": 2,
        "cities": [{"hex": "D2", "pieces": ["settlement", "temple"]}],
    }
    state = board(ann, barbarians={"cities": ["B3"], "armies": {"B3": 1}}, dice=[3])
    state = play(state, "card a15", "influence d2 b3 settlement settler")
    assert prompt(state) == "influence"
    assert state.prompts.top().params["unit"] == "settler"
    _stands(state)
    state = play(state, "2")
    assert state.seats[0].settlers[state.board.parse("B3")] == 1
