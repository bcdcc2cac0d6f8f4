"""Resignation.

With two players the game ends and the resigning player loses. With three or four the seat is
out: its cities, pieces and units stay on the board as they are (others may still attack or
influence them; they never act), its cards stay in its hand, unseen; its turns and its parts
of the status phase are skipped, and it ranks last. If it was its turn, the turn ends and the
next player's begins. When one player is left, they win.

The checks, marking the seat resigned and the ``clash.resigned`` event are
:meth:`rules.engine.Engine.resign`'s; this module decides what follows.
"""

from __future__ import annotations

from rules.clash import status
from rules.clash.scoring import finish, last_standing_outcome, resigned_outcome
from rules.clash.state import TURN, ClashState
from rules.clash.turns import next_turn, reset_turn
from rules.core import Event, PromptStack


def resign(new: ClashState, seat: int) -> list[Event]:
    """How the game goes on after ``seat`` resigned; ``new`` is the engine's private copy,
    the seat already marked resigned."""
    if new.n == 2:
        return finish(new, resigned_outcome(new, seat))
    # Whatever the seat was deciding, or was decided in its turn, ends with it (an attempt
    # waiting for its boost simply fails).
    new.prompts = PromptStack(
        tuple(d for d in new.prompts.decisions if seat not in (d.seat, d.turn))
    )
    if len(new.live()) == 1:
        return finish(new, last_standing_outcome(new))
    if new.phase == TURN and new.active == seat:
        reset_turn(new, seat)
        return next_turn(new, seat)
    return status.drop(new, seat)
