"""Civic Improvement and Voting (rules reference §3.5, §5.1; p.10, p.2; C25): each test names
its rule, with the refusals and their codes."""

from __future__ import annotations

from typing import Any

import pytest
from clash_map import board, events, play, refused, tokens, with_needs

import locales
from host import text
from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.model.state import ClashState
from rules.core import act

JSON = Any
BASE = ["farming", "mining"]


def town(hex_: str, size: int = 1, mood: str = "neutral") -> dict[str, JSON]:
    """A city of ``size`` pieces of its owner's colour."""
    pieces = ["settlement", "temple", "fortress", "academy"][:size]
    return {"hex": hex_, "pieces": pieces, "mood": mood}


def ann(
    *cities: dict[str, JSON],
    advances: tuple[str, ...] = (),
    actions_left: int = 3,
    **keys: JSON,
) -> ClashState:
    """ann's turn with these cities and advances; ``keys`` are her seat's keys."""
    seat = {"cities": list(cities), "advances": with_needs([*BASE, *advances]), **keys}
    return board(ann=seat, actions_left=actions_left)


def mood(state: ClashState, space: str, seat: int = 0) -> str:
    city = state.seats[seat].city_at(parse_hex(space))
    assert city is not None
    return city.mood


def test_one_step_costs_the_city_size_in_mood_tokens_and_one_action() -> None:
    state = ann(town("D2", 2), mood_tokens=3)
    state, kinds = events(state, "civic d2")
    assert kinds == ["clash.mood_raised", "clash.civic_paid"]
    assert mood(state, "D2") == "happy" and state.seats[0].mood_tokens == 1
    assert state.turn_state.actions_left == 2


def test_angry_to_happy_in_one_action_costs_the_size_twice() -> None:
    """p.10: a size-2 angry city costs 2 to neutral and 4 to happy, in one action."""
    state = ann(town("D2", 2, "angry"), mood_tokens=4)
    assert tokens(state, "civic") == ["d2"]
    assert tokens(state, "civic", "d2") == ["d2"]
    state, evs = act(GAME, state, 0, "civic d2 d2")
    assert mood(state, "D2") == "happy" and state.seats[0].mood_tokens == 0
    assert evs[0].params == {"player": "ann", "space": "D2", "mood": "happy"}
    assert evs[1].params == {"player": "ann", "paid": ["mood_4"]}


def test_any_number_of_cities_by_any_number_of_steps_in_any_order() -> None:
    state = ann(town("D2", 1, "angry"), town("B3", 2), town("D4", 1, "angry"), mood_tokens=6)
    state = play(state, "civic d4 b3 d2 d4")
    assert [mood(state, s) for s in ("D2", "B3", "D4")] == ["neutral", "happy", "happy"]
    assert state.seats[0].mood_tokens == 1 and state.turn_state.actions_left == 2


def test_circus_and_sports_counts_each_city_one_size_smaller_but_at_least_1() -> None:
    state = ann(town("D2", 3), town("B3", 1), advances=("circus_sports",), mood_tokens=3)
    state = play(state, "civic d2 b3")
    assert state.seats[0].mood_tokens == 0
    assert [mood(state, s) for s in ("D2", "B3")] == ["happy", "happy"]


def test_rituals_lets_food_wood_ore_and_gold_pay_instead_of_mood_tokens() -> None:
    rich = {"food": 2, "wood": 1, "ore": 1, "ideas": 2, "gold": 2}
    state = ann(town("D2", 3, "angry"), advances=("rituals",), mood_tokens=1, resources=rich)
    # 6 due, 1 mood token: without Food the rest (4) cannot pay, so Food comes first.
    assert tokens(state, "civic", "d2", "d2") == ["food1", "food2"]
    assert tokens(state, "civic", "d2", "d2", "food1") == ["wood1"]
    assert tokens(state, "civic", "d2", "d2", "food2") == ["wood1", "ore1"]
    assert tokens(state, "civic", "d2") == ["d2", "food1", "food2", "wood1", "ore1", "gold2"]
    state, evs = act(GAME, state, 0, "civic d2 d2 food2 wood1 gold2")
    me = state.seats[0]
    assert mood(state, "D2") == "happy" and me.mood_tokens == 0
    assert me.resources == {"food": 0, "wood": 0, "ore": 1, "ideas": 2, "gold": 0}
    assert evs[-1].params["paid"] == ["mood_1", "food_2", "wood_1", "gold_2"]


def test_rituals_payment_is_named_only_when_it_is_a_choice() -> None:
    """Mood tokens pay whatever the resources named leave; they may pay everything."""
    state = ann(town("D2", 2), advances=("rituals",), mood_tokens=2, resources={"food": 1})
    (choice,) = [c for c in GAME.choices(state, 0, ["civic"]) if c.token == "d2"]
    assert choice.complete and choice.more
    assert tokens(state, "civic", "d2") == ["food1"]
    assert play(state, "civic d2").seats[0].mood_tokens == 0
    assert play(state, "civic d2 food1").seats[0].mood_tokens == 1
    short = ann(town("D2", 2), advances=("rituals",), mood_tokens=1, resources={"food": 1})
    (choice,) = GAME.choices(short, 0, ["civic"])
    assert not choice.complete and choice.more
    err = refused(short, "civic d2")
    assert err.code == "name_the_payment" and err.params == {"cost": 2, "tokens": 1}


def test_rituals_refusals() -> None:
    rich = {"food": 2, "wood": 1, "ideas": 2, "gold": 1}
    state = ann(town("D2", 3), advances=("rituals",), mood_tokens=1, resources=rich)
    for action, code, params in (
        ("civic d2 ideas2", "ideas_cannot_pay", {"token": "ideas2"}),
        ("civic d2 mood2", "bad_payment", {"token": "mood2"}),
        ("civic d2 food0", "bad_payment", {"token": "food0"}),
        ("civic d2 gold1 food1", "bad_payment_order", {"token": "food1"}),
        ("civic d2 food1 food1", "bad_payment_order", {"token": "food1"}),
        ("civic d2 food1 d2", "bad_payment_order", {"token": "d2"}),
        ("civic d2 wood2", "not_enough_resource", {"resource": "wood", "count": 1}),
        ("civic d2 food2 wood1 gold1", "overpaid", {"count": 0}),
        ("civic food1", "civic_needs_a_city", {}),
    ):
        err = refused(state, action)
        assert (err.code, err.params) == (code, params), action
    poor = ann(town("D2", 3), mood_tokens=3, resources={"food": 2})
    err = refused(poor, "civic d2 food1")
    assert (err.code, err.params) == ("payment_needs_rituals", {"token": "food1"})


def test_civic_refusals() -> None:
    state = board(
        ann={"cities": [town("D2", 2, "happy"), town("B3", 1, "angry")], "mood_tokens": 3},
        bob={"cities": [town("D7"), town("F3", 1, "angry")]},
    )
    for action, code, params in (
        ("civic", "civic_needs_a_city", {}),
        ("civic f3", "not_your_city", {"space": "F3"}),
        ("civic c3", "not_your_city", {"space": "C3"}),
        ("civic d2", "already_happy", {"space": "D2"}),
        ("civic b3 b3 b3", "already_happy", {"space": "B3"}),
        ("civic z9", "off_board", {"text": "z9"}),
    ):
        err = refused(state, action)
        assert (err.code, err.params) == (code, params), action
    poor = ann(town("D2", 2, "angry"), mood_tokens=3)
    err = refused(poor, "civic d2 d2")
    assert (err.code, err.params) == ("cannot_pay_civic", {"cost": 4, "tokens": 3})


def test_only_affordable_steps_of_cities_below_happy_are_offered() -> None:
    state = ann(town("D2", 2, "happy"), town("B3", 3), town("D4", 1, "angry"), mood_tokens=2)
    assert "civic" in tokens(state)
    assert tokens(state, "civic") == ["d4"]
    assert tokens(state, "civic", "d4") == ["d4"]
    assert tokens(state, "civic", "d4", "d4") == []
    assert "civic" not in tokens(ann(town("D2", 2), mood_tokens=1))
    assert "civic" not in tokens(ann(town("D2", 1, "happy"), mood_tokens=8))
    assert "civic" not in tokens(ann(town("D2", 1), mood_tokens=0))
    fed = ann(town("D2", 1), advances=("rituals",), resources={"ore": 1})
    assert "civic" in tokens(fed) and tokens(fed, "civic", "d2") == ["ore1"]


def test_civic_improvement_needs_an_action() -> None:
    state = ann(town("D2"), mood_tokens=3, actions_left=0)
    assert "civic" not in tokens(state)
    assert refused(state, "civic d2").code == "no_actions_left"


def test_voting_pays_1_mood_token_instead_of_the_action_as_often_as_paid() -> None:
    """p.2; no per-turn limit (C25)."""
    state = ann(town("D2", 1, "angry"), town("B3"), advances=("voting",), mood_tokens=5)
    assert {"civic", "voting"} <= set(tokens(state))
    state, kinds = events(state, "voting d2")
    assert kinds == ["clash.voting_used", "clash.mood_raised", "clash.civic_paid"]
    assert state.turn_state.actions_left == 3 and state.seats[0].mood_tokens == 3
    state = play(state, "voting b3")
    assert state.seats[0].mood_tokens == 1 and state.turn_state.actions_left == 3
    # One token left: Voting's own, nothing for a step.
    assert "voting" not in tokens(state) and "civic" in tokens(state)
    err = refused(state, "voting d2")
    assert (err.code, err.params) == ("cannot_pay_civic", {"cost": 1, "tokens": 0})


def test_voting_even_without_actions_left() -> None:
    state = ann(town("D2"), advances=("voting",), mood_tokens=2, actions_left=0)
    assert tokens(state) == ["voting", "trade", "end"]
    assert mood(play(state, "voting d2"), "D2") == "happy"


def test_voting_with_rituals_pays_the_steps_with_resources_but_its_token_in_mood() -> None:
    state = ann(town("D2", 2), advances=("voting", "rituals"), mood_tokens=1, resources={"gold": 2})
    assert tokens(state, "voting", "d2") == ["gold2"]
    state = play(state, "voting d2 gold2")
    assert state.seats[0].mood_tokens == 0 and state.seats[0].resources["gold"] == 0
    broke = ann(town("D2", 2), advances=("voting", "rituals"), resources={"gold": 2})
    assert "voting" not in tokens(broke)
    assert refused(broke, "voting d2 gold2").code == "voting_needs_a_mood_token"


def test_voting_needs_the_advance() -> None:
    state = ann(town("D2"), mood_tokens=3)
    assert "voting" not in tokens(state) and tokens(state, "voting") == []
    assert refused(state, "voting d2").code == "needs_voting"


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_every_civic_text_exists_with_real_values(lang: str) -> None:
    rich = {"food": 2, "wood": 1, "ore": 1, "gold": 2}
    state = ann(
        town("D2", 2, "angry"),
        town("B3", 1),
        advances=("rituals", "voting"),
        mood_tokens=8,
        resources=rich,
    )
    ours = [c for c in GAME.choices(state, 0, []) if c.token in ("civic", "voting", "end")]
    shown = [text.choice_label(lang, c) for c in ours]
    for prefix in (["civic"], ["civic", "d2"], ["voting", "d2", "d2"]):
        shown += [text.choice_label(lang, c) for c in GAME.choices(state, 0, prefix)]
    _, evs = act(GAME, state, 0, "voting d2 d2 b3 food2 wood1 ore1 gold1")
    shown += [locales.event_text(lang, e.kind, dict(e.params)) for e in evs]
    for action in ("civic", "civic d2 ideas1", "civic d2 d2 d2", "voting c3"):
        err = refused(state, action)
        shown.append(locales.error_text(lang, err.code, err.params, "clash"))
    for line in shown:
        assert "{" not in line and not line.startswith(("clash.", "event.", "error.")), line
