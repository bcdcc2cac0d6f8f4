"""The action grammar: ``choices`` and ``apply``.

For now a turn has one action, ``end`` (end the turn: the next player's turn begins). In a
position standing in the status phase ``end`` ends the deciding seat's part of the step. The
six actions of p.7 come with the next issues.
"""

from __future__ import annotations

from rules.clash.prompts import pending, prompted
from rules.clash.state import STATUS, ClashState
from rules.clash.turns import end_turn, status_step_done
from rules.core import Choice, Event, IllegalAction, deciding

END = "end"


def choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The legal next tokens of ``seat`` after ``prefix``."""
    if not prompted(state, seat) or prefix:
        return []
    return [Choice(END, f"clash.token.{END}")]


def apply_tokens(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve the action ``toks`` of ``seat`` on the engine's private copy."""
    if not prompted(state, seat):
        raise IllegalAction("not_your_turn", waiting=sorted(deciding(pending(state))))
    head, *rest = toks
    if head != END:
        raise IllegalAction("unknown_action", token=head, allowed=[END])
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    if state.phase == STATUS:
        return status_step_done(state)
    return end_turn(state)
