"""The one dispatcher (rules/clash/dispatch/contexts.py): one ordered table of contexts says what
the game waits for, and ``pending``, ``choices``, ``apply`` and the heuristic player read it;
a Move action and an exploration under way are decisions on the stack like every other."""

from __future__ import annotations

import json

import pytest
from clash_map import board, play, prompt, refused
from test_clash_support import PLAYERS2, PLAYERS3, played, position, roundtrip

from rules.clash import GAME
from rules.clash.dispatch import contexts
from rules.clash.dispatch.grammar import DECISIONS
from rules.clash.model import under_way
from rules.clash.player.policy import PLANNERS
from rules.core import IllegalAction


def kinds(state: object) -> list[str]:
    return [d.kind for d in state.prompts.decisions]  # type: ignore[attr-defined]


def test_the_heuristic_player_plans_in_every_context_of_the_table() -> None:
    assert set(PLANNERS) == {c.name for c in contexts.CONTEXTS}
    assert len(contexts.CONTEXTS) == len({c.name for c in contexts.CONTEXTS})


def test_every_decision_kind_under_way_has_its_answer() -> None:
    assert set(under_way.KINDS) <= set(DECISIONS)


def test_a_seat_has_choices_exactly_when_the_table_asks_it() -> None:
    """Over played games: every seat with a prompt gets the first choices of the context the
    table names for it, and a seat without one gets none."""
    for players, seed in ((PLAYERS2, 4), (PLAYERS3, 5)):
        for state in played(players, seed, 250):
            asked = {p.seat for p in GAME.pending(state)}
            for seat in range(state.n):
                offered = GAME.choices(state, seat, [])
                if seat not in asked:
                    assert offered == []
                    continue
                context = contexts.current(state, seat)
                assert context is not None
                assert offered == context.choices(state, seat, [])


def test_a_move_action_waits_on_the_stack_group_by_group() -> None:
    state = board(ann={"settlers": {"D2": 3}})
    state = play(state, "move")
    (decision,) = state.prompts.decisions
    assert (decision.kind, dict(decision.params)) == ("move", {"count": 3})
    assert GAME.pending(state)[0].id == decision.id
    state = play(state, "d2 d1 settler")
    (decision,) = state.prompts.decisions
    assert dict(decision.params) == {"count": 2} and prompt(state) == "move"
    state = play(state, "done")
    assert kinds(state) == [] and prompt(state) == "turn"


def test_an_exploration_waits_above_the_move_action() -> None:
    state = play(board(ann={"settlers": {"D4": 2}}, tiles={"r6": "g13"}), "move")
    state = play(state, "d4 d5 settler")
    assert kinds(state) == ["move", "explore_layout"] and prompt(state) == "explore_layout"
    # A trading head in the middle of an action is trading's refusal, as between actions.
    assert refused(state, "trade @bob give food1").code == "trade_between_actions"
    state = play(state, "a")
    assert kinds(state) == ["move"] and state.exploring is None


def test_positions_and_old_snapshots_name_them_by_moving_and_exploring() -> None:
    """A position says ``moving`` and ``exploring``, not the decisions (they are refused in
    ``prompts``); a snapshot written before they were decisions gets them on loading."""
    state = play(board(ann={"settlers": {"D4": 2}}, tiles={"r6": "g13"}), "move d4 d5 settler")
    assert kinds(state) == ["move", "explore_layout"]
    again = roundtrip(state)
    assert again.prompts == state.prompts
    snapshot = json.loads(json.dumps(GAME.to_json(state)))
    snapshot["prompts"] = []
    assert GAME.from_json(snapshot).prompts == state.prompts
    move = {"id": "m", "seat": "ann", "kind": "move", "params": {"count": 2}, "turn": "ann"}
    with pytest.raises(IllegalAction) as refusal:
        position({"moving": 2, "prompts": [move]}, PLAYERS2)
    assert refusal.value.params["field"] == "prompts[0].kind"
