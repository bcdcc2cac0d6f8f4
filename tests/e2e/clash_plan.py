"""Lead a Clash of Cultures game to a wanted moment (a battle, a trade, an event) with the
engine alone, so an end-to-end test can then play the same moves through the bot; and the
picker's buttons pressed by their labels.

The players' moves are the self-play player's (:func:`rules.selfplay.random_action`), several
random futures of the current state are tried, and the first that reaches the moment wins:
only the choice of moves is the test's, every move is still made the way players make them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import locales
from playground import FakeUser, Message
from rules.core import Event, Game, Rng, act
from rules.selfplay import random_action
from tests.e2e.table_driver import Table, finished, sent, submitted

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


def lang_of(user: FakeUser) -> str:
    return "hu" if user.locale.startswith("hu") else "en"


async def play_steps(table: Table, steps: Sequence[Step]) -> None:
    """The planned moves, made with ``/move`` as their players would type them."""
    for seat, action in steps:
        game = await table.game()
        answer = await table.move(table.user_for(game, seat), action)
        assert answer.content.startswith("✅"), (action, answer.content)


async def press(table: Table, user: FakeUser, picker: Message, button: dict[str, Any]) -> Message:
    """Press a picker button; a step that sends the move answers with its confirmation."""
    result = await table.emu.press(user, picker, button["custom_id"])
    answer = await finished(result)
    return await sent(result, answer) if submitted(answer) else answer


async def press_label(table: Table, user: FakeUser, picker: Message, key: str) -> Message:
    """Press the picker button whose label is the text of ``key`` in the user's language (or
    begins with it, when the button makes the step after it too: "Accept the offer · ...")."""
    label = locales.t(lang_of(user), key)
    button = next((b for b in picker.buttons if b.get("label", "").split(" · ")[0] == label), None)
    assert button is not None, (label, [b.get("label") for b in picker.buttons])
    return await press(table, user, picker, button)


def choices_of(user: FakeUser, picker: Message) -> list[dict[str, Any]]:
    """The picker's buttons but Back and Undo."""
    skip = {locales.t(lang_of(user), f"button.{k}") for k in ("back", "undo")}
    return [b for b in picker.buttons if b.get("label") not in skip]
