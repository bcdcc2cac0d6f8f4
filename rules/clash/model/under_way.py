"""The decisions of an action under way: a Move action's next group and an exploration's placing.

They wait on the state's :class:`rules.core.PromptStack` like every other decision, beneath
what they bring: a Move action's decision (``move``, the groups it may still move as
``count``) is pushed when the action begins and stays at the bottom while its groups fight
battles or explore; an exploration's (``explore_layout``, ``explore_barbarians``,
``explore_ship_space``, the entered space as ``space``) sits above it while the explorer
decides. What they decide on stays in the state (:attr:`TurnState.moving`,
:attr:`ClashState.exploring`), as a battle's does (:attr:`ClashState.battle`); the stack says
who answers now, the one dispatcher (:mod:`rules.clash.dispatch.contexts`) reads only it.

A rule that asks whether a decision is waiting (a battle's next round, a city's capture) asks
:func:`nested`: the decision on top unless it is the Move action's own or a follow-up (what
waits beneath the battle, never asked: the Great Lighthouse's move after an activation whose
ships fought, C134).

Ids stay what the prompts were called before they moved onto the stack: unique per group of
a Move action and per exploration step (``move:<round>.<turn>.<seat>.<actions left>.<groups
left>``, ``explore:<...>.<groups left>.<step>``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.board.hexes import label
from rules.clash.model.state import ClashState
from rules.core import Decision, PromptStack

MOVE: Final = "move"
EXPLORE: Final = "explore_"
#: The exploration's steps, as :mod:`rules.clash.actions.exploration` names them.
EXPLORE_STEPS: Final = ("layout", "barbarians", "ship_space")
EXPLORE_KINDS: Final = tuple(EXPLORE + s for s in EXPLORE_STEPS)
KINDS: Final = (MOVE, *EXPLORE_KINDS)
#: A follow-up's kind (:mod:`rules.clash.events.flow`): never asked, carried out once on top.
FOLLOW_UP: Final = "event_follow_up"


def under_way(decision: Decision | None) -> bool:
    """Whether ``decision`` is an action's under way (a Move action's, an exploration's)."""
    return decision is not None and decision.kind in KINDS


def nested(state: ClashState) -> Decision | None:
    """The decision waiting on top of the stack, unless it is the Move action's next group or
    a follow-up: what the rules mean by "a decision is being made" inside a Move action."""
    top = state.prompts.top()
    return None if top is None or top.kind in (MOVE, FOLLOW_UP) else top


def _base(state: ClashState) -> str:
    ts = state.turn_state
    return f"{state.round}.{state.turn}.{state.active}.{ts.actions_left}.{ts.moving}"


def move_decision(state: ClashState) -> Decision:
    """The Move action's decision for the groups it may still move."""
    seat = state.active
    count = state.turn_state.moving
    return Decision(f"move:{_base(state)}", seat, MOVE, {"count": count}, seat)


def explore_decision(state: ClashState) -> Decision:
    """The explorer's decision for the exploration's step."""
    e = state.exploring
    assert e is not None
    seat = state.active
    pid = f"explore:{_base(state)}.{e.step}"
    return Decision(pid, seat, EXPLORE + e.step, {"space": label(e.entered)}, seat)


def begin_move(state: ClashState, groups: int) -> None:
    """A Move action begins with ``groups`` to move: its decision goes on the stack."""
    state.turn_state = replace(state.turn_state, moving=groups)
    state.prompts = state.prompts.push(move_decision(state))


def next_group(state: ClashState) -> None:
    """A group is about to move: the decision counts one group fewer (gone after the last),
    beneath whatever the group brings."""
    _drop(state, MOVE)
    state.turn_state = replace(state.turn_state, moving=state.turn_state.moving - 1)
    if state.turn_state.moving:
        state.prompts = state.prompts.push(move_decision(state))


def end_move(state: ClashState) -> None:
    """The Move action is over: its decision leaves the stack (it is on top by then)."""
    _drop(state, MOVE)
    state.turn_state = replace(state.turn_state, moving=0)


def wait_for_explorer(state: ClashState) -> None:
    """The exploration under way waits for its explorer (if it still runs)."""
    if state.exploring is not None:
        state.prompts = state.prompts.push(explore_decision(state))


def explorer_answered(state: ClashState) -> None:
    """The explorer answered: the exploration's decision leaves the stack."""
    top = state.prompts.top()
    assert top is not None and top.kind in EXPLORE_KINDS, top
    state.prompts = state.prompts.pop(top.id)


def _drop(state: ClashState, kind: str) -> None:
    top = state.prompts.top()
    if top is not None and top.kind == kind:
        state.prompts = state.prompts.pop(top.id)
    assert not any(d.kind == kind for d in state.prompts.decisions), state.prompts


def beneath(state: ClashState, stack: PromptStack) -> PromptStack:
    """``stack`` with the decisions of the Move action and the exploration under way (as the
    state has them) beneath it: a position names them by ``moving`` and ``exploring``, a
    snapshot written before they were decisions lacks them."""
    own: list[Decision] = []
    if state.turn_state.moving:
        own.append(move_decision(state))
    if state.exploring is not None:
        own.append(explore_decision(state))
    return PromptStack((*own, *stack.decisions))


def without(stack: PromptStack) -> PromptStack:
    """``stack`` without the decisions of the actions under way (a position's own list)."""
    return PromptStack(tuple(d for d in stack.decisions if not under_way(d)))


def problem(state: ClashState, decision: Decision) -> str | None:
    """Why an under-way ``decision`` cannot stand in ``state``, or None."""
    ts = state.turn_state
    if decision.seat != state.active or decision.turn != state.active:
        return f"{decision.kind} decision of seat {decision.seat} in seat {state.active}'s turn"
    if decision.kind == MOVE:
        if not ts.moving or dict(decision.params) != {"count": ts.moving}:
            return f"move decision {dict(decision.params)} with {ts.moving} groups left"
        if state.prompts.decisions[0] != decision:
            return "a Move action's decision above another"
        return None
    e = state.exploring
    if e is None or decision.kind != EXPLORE + e.step:
        return f"{decision.kind} decision without that exploration step"
    if dict(decision.params) != {"space": label(e.entered)}:
        return f"{decision.kind} decision params {dict(decision.params)}"
    return None
