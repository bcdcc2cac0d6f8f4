"""Who must decide now.

Prompt kinds (``prompt.clash.<kind>``): ``turn`` (the active player's turn: for now only
``end``), ``status`` (a position standing in the status phase: the seat whose part of the step
it is). A nested decision on the state's :class:`rules.core.PromptStack` is asked before
either. Ids are unique per turn (``turn:<round>.<turn>.<seat>``) and per status step
(``status:<round>.<step>.<seat>``), so a move prepared for one turn is refused in the next.
"""

from __future__ import annotations

from rules.clash.state import STATUS, TURN, ClashState
from rules.core import Prompt


def pending(state: ClashState) -> list[Prompt]:
    """Every prompt open now: one at a time (turns and status steps go in turn order)."""
    if state.outcome is not None:
        return []
    nested = state.prompts.pending()
    if nested:
        return nested
    if state.phase == TURN:
        seat = state.active
        params = {
            "round": state.round,
            "turn": state.turn,
            "actions": state.turn_state.actions_left,
        }
        pid = f"turn:{state.round}.{state.turn}.{seat}"
        return [Prompt(seat, "turn", params, True, seat, pid)]
    if state.phase == STATUS and state.status is not None and state.status.waiting:
        seat, step = state.status.waiting[0], state.status.step
        pid = f"status:{state.round}.{step}.{seat}"
        return [Prompt(seat, "status", {"round": state.round, "step": step}, True, None, pid)]
    return []


def prompted(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` has a prompt now."""
    return any(p.seat == seat for p in pending(state))
