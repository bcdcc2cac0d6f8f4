"""Phase 3 and the end: feeding, starvation, both endings, final scoring, tie-breaks."""

from __future__ import annotations

from typing import Any

import pytest
from test_stoneage_support import (
    PLAYERS2,
    PLAYERS3,
    board,
    kinds,
    outcome_of,
    position,
    prompt_of,
    refused,
    run,
    stock,
    tokens,
)

from rules.stoneage import GAME
from rules.stoneage.data import CARD_IDS
from rules.stoneage.scoring import breakdown, green_points
from rules.stoneage.state import StoneAgeState


def _round(seats: dict[str, Any], **pos: Any) -> tuple[StoneAgeState, list[Any]]:
    """Both players hunt with everyone (all ones: 2 food each) and the round ends."""
    pos.setdefault("dice", [1] * 20)
    state = position(PLAYERS2, first="alice", seats=seats, **pos)
    return run(state, "alice: place hunting 5", "bob: place hunting 5")


def test_enough_food_feeds_automatically() -> None:
    """Food track income first, then 1 food per person; no prompt."""
    state, events = _round({"alice": {"agriculture": 2, "food": 3}})
    assert "fed" in kinds(events)
    assert board(state, "alice").food == 3 + 2 + 2 - 5
    assert state.round == 2 and state.phase == "place"


def test_shortfall_is_a_prompt_for_each_hungry_player() -> None:
    """Both short: two prompts at once; alice pays with resources, bob starves."""
    state, events = _round(
        {
            "alice": {"food": 0, "resources": {"wood": 2, "gold": 3}},
            "bob": {"food": 1, "resources": {"brick": 5}},
        }
    )
    assert state.phase == "feed"
    assert {p.seat: p.params["short"] for p in GAME.pending(state)} == {0: 3, 1: 2}
    assert board(state, "alice").food == 0 and board(state, "bob").food == 0
    assert tokens(state, "alice", "feed")[0] == "wood-wood-gold"
    assert refused(state, "alice: feed wood-wood").code == "wrong_payment"
    state, _ = run(state, "bob: starve")
    assert prompt_of(state, "alice") == "feed" and board(state, "bob").score == -10
    assert stock(state, "bob") == {"brick": 5}
    state, events = run(state, "alice: feed wood-gold-gold")
    assert kinds(events)[0] == "fed_resources"
    assert stock(state, "alice") == {"wood": 1, "gold": 1} and board(state, "alice").score == 0
    assert state.round == 2


def test_starvation_is_forced_without_enough_resources() -> None:
    """Short 3 with 2 resources: minus 10 at once, resources kept, food gone."""
    state, events = _round({"alice": {"food": 0, "resources": {"stone": 2}}})
    assert "starved_forced" in kinds(events)
    me = board(state, "alice")
    assert me.penalties == -10 and me.food == 0 and stock(state, "alice") == {"stone": 2}


def test_score_can_go_negative_and_penalty_does_not_grow() -> None:
    """A shortfall of 8 costs 10 points, like a shortfall of 1."""
    seats = {"alice": {"food": 0, "people": 10}}
    state = position(PLAYERS2, first="alice", seats=seats, dice=[1] * 15)
    state, events = run(state, "alice: place hunting 10", "bob: place hunting 5")
    shorts = [e.params["short"] for e in events if e.kind == "stoneage.starved_forced"]
    assert shorts and shorts[0] >= 5
    assert board(state, "alice").score == -10


def test_the_display_slides_right_and_refills() -> None:
    """Cards bought from 2 and 3: card 1 stays, card 4 slides to 2, new cards fill 3 and 4."""
    state = position(
        PLAYERS2,
        first="alice",
        display=["G01", "G03", "G04", "G05"],
        deck=["S01", "S02"],
        seats={"alice": {"resources": {"wood": 5}}},
        dice=[1] * 20,
    )
    state, _ = run(
        state,
        "alice: place card 2",
        "bob: place hunting 5",
        "alice: place card 3",
        "alice: place hunting 3",
    )
    state, _ = run(state, "alice: resolve card 2", "alice: buy wood-wood")
    state, events = run(state, "alice: resolve card 3", "alice: buy wood-wood-wood")
    assert state.display == ["G01", "G05", "S01", "S02"]
    assert [e.params["refilled"] for e in events if e.kind == "stoneage.round"] == [2]
    assert board(state, "alice").used == [] and state.first == 1


def test_tools_are_turned_back_at_the_new_round() -> None:
    """Used tool tiles are unused again after feeding."""
    state = position(PLAYERS2, first="alice", seats={"alice": {"tools": 2}}, dice=[1] * 20)
    state, _ = run(state, "alice: place hunting 5", "bob: place hunting 5")
    assert board(state, "alice").used == [False, False]


def test_game_ends_when_the_display_cannot_be_refilled() -> None:
    """One card left in the deck and two spaces to fill: no new round, final scoring."""
    others = [c for c in CARD_IDS if c not in ("G01", "G03", "G04", "G05", "S01")]
    state = position(
        PLAYERS2,
        first="alice",
        display=["G01", "G03", "G04", "G05"],
        deck=["S01"],
        fill_deck=False,
        seats={"alice": {"resources": {"wood": 5}}, "bob": {"cards": others}},
        dice=[1] * 20,
    )
    state, _ = run(
        state,
        "alice: place card 2",
        "bob: place hunting 5",
        "alice: place card 3",
        "alice: place hunting 3",
    )
    state, _ = run(state, "alice: resolve card 2", "alice: buy wood-wood")
    state, events = run(state, "alice: resolve card 3", "alice: buy wood-wood-wood")
    outcome = outcome_of(state)
    assert outcome.reason == "deck_exhausted" and "fed" in kinds(events)
    assert state.phase == "over" and GAME.pending(state) == []
    assert refused(state, "alice: place hunting 1").code == "game_over"


def test_game_ends_after_the_round_in_which_a_stack_ran_out() -> None:
    """The last tile of stack 1 is bought: the round goes on, feeding included, then the end."""
    state = position(
        PLAYERS2,
        first="alice",
        buildings=[["B01"], ["B02", "B03"]],
        seats={"alice": {"resources": {"wood": 2, "brick": 1}, "food": 0}},
        dice=[1] * 20,
    )
    state, _ = run(state, "alice: place building 1", "bob: place hunting 5")
    state, _ = run(state, "alice: place hunting 4")
    state, events = run(state, "alice: resolve building 1", "alice: buy wood-wood-brick")
    # The round goes on: alice's hunting, bob's, then feeding (alice is short: -10), the end.
    done = kinds(events)
    assert done.index("stack_empty") < done.index("rolled") < done.index("starved_forced")
    assert done.index("starved_forced") < done.index("game_over")
    assert "round" not in done
    outcome = outcome_of(state)
    assert outcome.reason == "buildings_exhausted"
    details = outcome.details["scores"][0]
    assert details["buildings"] == 10 and details["penalties"] == -10


def test_green_sets() -> None:
    """Sets of different symbols score size squared, the rulebook examples included."""
    assert green_points([2, 1, 1, 1, 1]) == 25 + 1
    assert green_points([2, 2, 1, 1, 1]) == 25 + 4
    assert green_points([2] * 8) == 128
    assert green_points([1]) == 1


def test_final_breakdown_sources() -> None:
    """Every source of the breakdown with multipliers and the end values."""
    cards = ["G01", "G03", "G05", "G02", "S04", "S05", "S09", "S11", "S15", "S16", "S19"]
    state = position(
        PLAYERS2,
        seats={
            "alice": {
                "cards": cards,
                "agriculture": 3,
                "tools": 5,
                "people": 7,
                "buildings": ["B01", "V42"],
                "resources": {"wood": 2, "gold": 1},
                "points": {"buildings": 28, "cards": 3, "penalties": -10},
                "medicine": 1,
            }
        },
    )
    b = breakdown(state, 0)
    assert b == {
        "player": "alice",
        "buildings": 28,
        "cards": 3,
        "penalties": -10,
        "green_sets": 9 + 1,  # pottery, weaving, medicine + a second pottery
        "farmers": 4 * 3,
        "tool_makers": 2 * 5,
        "hut_builders": 4 * 2,
        "shamans": 3 * 7,
        "resources": 3 + 2,
        "total": 28 + 3 - 10 + 10 + 12 + 10 + 8 + 21 + 5,
        "tiebreak": {"agriculture": 3, "tools": 5, "people": 7},
    }


def _ended(seats: dict[str, Any], options: dict[str, Any] | None = None, players=PLAYERS2):  # type: ignore[no-untyped-def]
    """A position whose first round ends the game (an empty stack), everyone fed."""
    state = position(
        players,
        options,
        first="alice",
        buildings=[[] for _ in players],
        seats=seats,
        dice=[2] * 40,
    )
    steps = [f"{p}: place hunting {state.seats[i].people}" for i, p in enumerate(players)]
    state, _ = run(state, *steps)
    while GAME.outcome(state) is None:
        (prompt,) = GAME.pending(state)
        state, _ = run(state, f"{players[prompt.seat]}: tools none")
    return outcome_of(state)


def test_highest_total_wins() -> None:
    """Ranks by final total; no tie-break needed."""
    outcome = _ended({"alice": {"resources": {"wood": 3}}})
    assert outcome.ranks == (1, 2) and outcome.tiebreak is None
    assert outcome.scores == (3.0, 0.0)


@pytest.mark.parametrize(
    ("alice", "bob", "rule", "winner"),
    [
        ({"agriculture": 2}, {"tools": 5}, "agriculture", 0),
        ({"tools": 3}, {"tools": 2, "people": 7}, "tools", 0),
        ({"people": 6}, {}, "people", 0),
        ({}, {}, "shared", None),
    ],
)
def test_sequence_tiebreak(
    alice: dict[str, Any], bob: dict[str, Any], rule: str, winner: int | None
) -> None:
    """Equal points: food track, then tools, then people (the Hungarian rulebook)."""
    alice = {"food": 20, **alice}
    bob = {"food": 20, **bob}
    outcome = _ended({"alice": alice, "bob": bob})
    assert outcome.scores[0] == outcome.scores[1]
    assert outcome.tiebreak == rule
    assert outcome.ranks == ((1, 2) if winner == 0 else (1, 1))


def test_sum_tiebreak_option() -> None:
    """Option ``sum``: food track + tools + people; 2 + 0 + 5 beats 0 + 1 + 5."""
    seats = {"alice": {"food": 20, "agriculture": 2}, "bob": {"food": 20, "tools": 1}}
    outcome = _ended(seats, {"tiebreak": "sum"})
    assert outcome.tiebreak == "sum" and outcome.ranks == (1, 2)
    seats = {"alice": {"food": 20, "agriculture": 1}, "bob": {"food": 20, "tools": 1}}
    outcome = _ended(seats, {"tiebreak": "sum"})
    assert outcome.tiebreak == "shared" and outcome.ranks == (1, 1)


def test_outcome_details_have_a_breakdown_per_seat() -> None:
    """details.scores[seat].total equals scores[seat]; events announce each total."""
    outcome = _ended({"alice": {"resources": {"gold": 2}}}, players=PLAYERS3)
    totals = [entry["total"] for entry in outcome.details["scores"]]
    assert [float(t) for t in totals] == list(outcome.scores)
    assert [e["player"] for e in outcome.details["scores"]] == list(PLAYERS3)
