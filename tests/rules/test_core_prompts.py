"""Contract v2 prompts: must-decide versus may-act, turn owners, and the prompt stack."""

from __future__ import annotations

from typing import Any

import pytest

from host.planner import prompted
from host.service import Loaded
from rules.core import Decision, IllegalAction, Prompt, PromptStack, act, deciding, turn_owners
from store import GameRow


def test_an_offer_is_not_a_wait() -> None:
    prompts = [Prompt(0, "turn", turn=0), Prompt(2, "trade_offer", must=False, turn=0)]
    assert deciding(prompts) == {0}
    assert turn_owners(prompts) == {0}


def test_a_nested_decision_keeps_the_turn() -> None:
    """The defender answering during the attacker's turn does not pass the turn."""
    before = [Prompt(0, "attack", turn=0, id="attack")]
    after = [Prompt(1, "defend", turn=0, id="defend")]
    assert turn_owners(before) == turn_owners(after) == {0}
    assert deciding(before) != deciding(after)


def test_the_stack_refuses_what_an_engine_should_never_do() -> None:
    stack = PromptStack().push(Decision("a", 0, "x"))
    with pytest.raises(ValueError):
        stack.push(Decision("a", 1, "y"))
    with pytest.raises(ValueError):
        stack.pop("b")
    assert stack.pop("a").pending() == []
    assert Prompt(0, "x").key == "0:x" and stack.pending()[0].key == "a"


class OfferGame:
    """The least of a game: seat 0 must move, seat 1 may accept an offer."""

    def outcome(self, state: Any) -> None:
        return None

    def pending(self, state: Any) -> list[Prompt]:
        return [Prompt(0, "turn", turn=0), Prompt(1, "offer", must=False, turn=0)]

    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, list[Any]]:
        return (state, seat, action), []


def test_act_lets_an_offered_seat_act_and_names_only_the_waited_for_seats() -> None:
    game: Any = OfferGame()
    assert act(game, "s", 1, "accept")[0] == ("s", 1, "accept")
    with pytest.raises(IllegalAction) as refused:
        act(game, "s", 2, "accept")
    assert refused.value.params["waiting"] == [0]


def test_timers_are_planned_for_must_decide_prompts_only() -> None:
    row = GameRow(
        id=1,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        lobby_message_id=None,
        table_message_id=None,
        game="offer",
        options={},
        seats_wanted=2,
        status="running",
        seed=1,
        seq=3,
        created_by=1,
        created_at="",
        updated_at="",
    )
    game = Loaded(row, [], OfferGame(), state="s")  # type: ignore[arg-type]
    assert prompted(game) == {0}
