"""Lead a Clash of Cultures game to a wanted moment (a battle, a trade, an event) with the
engine alone, so an end-to-end test can then play the same moves through the bot.

The players' moves are the self-play player's (:func:`rules.selfplay.random_action`), several
random futures of the current state are tried, and the first that reaches the moment wins:
only the choice of moves is the test's, every move is still made the way players make them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core import Event, Game, Rng, act
from rules.selfplay import random_action

Step = tuple[int, str]


def plan(
    engine: Game[Any],
    state: Any,
    wanted: Callable[[Any, Sequence[Event]], bool],
    *,
    seed: int = 1,
    tries: int = 60,
    limit: int = 400,
) -> list[Step]:
    """The moves (seat, action) from ``state`` to the first move after which ``wanted(state,
    events)`` holds; an AssertionError when none of ``tries`` futures of ``limit`` moves gets
    there."""
    for attempt in range(tries):
        rng, current, steps = Rng(seed * 1_000 + attempt), state, []
        for _ in range(limit):
            if engine.outcome(current) is not None:
                break
            seat = engine.pending(current)[0].seat
            action = random_action(engine, current, seat, rng, greedy=True)
            current, events = act(engine, current, seat, action)
            steps.append((seat, action))
            if wanted(current, events):
                return steps
    raise AssertionError(f"no future of {tries} reached the moment wanted")
