"""A Clash status phase through the emulator (C127): every player of a step is asked at once,
an answer given before its turn comes stays hidden, and the parts are carried out in turn
order once the players before have answered."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from playground import Emulator, FakeUser
from rules.core import Event
from tests.e2e.clash_plan import plan, play_steps
from tests.e2e.table_driver import Table, said, table_bot

pytestmark = pytest.mark.e2e


def _everyone_asked(state: Any, events: Sequence[Event]) -> bool:
    """A status step that asks both players, neither of whom has answered."""
    status = state.status
    return status is not None and len(status.waiting) == 2 and not status.answers


async def test_a_status_step_asks_everyone_at_once(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        game = await table.game()
        await play_steps(table, plan(game.engine, game.state, _everyone_asked, seed=4))
        game = await table.game()
        first, second = game.state.status.order[:2]
        post = table.table_message()
        # One post asks both: each is mentioned.
        for seat in (first, second):
            assert f"<@{table.user_for(game, seat).id}>" in post.content, post.content

        # The second in turn order answers first: accepted, kept hidden, nothing carried out.
        later = table.user_for(game, second)
        answer = game.engine.choices(game.state, second, [])
        toks = [answer[0].token]
        while not any(c.complete and c.token == toks[-1] for c in answer):
            answer = game.engine.choices(game.state, second, toks)
            toks.append(answer[0].token)
        said_second = " ".join(toks)
        confirmed = await table.move(later, said_second)
        assert confirmed.content.startswith("✅"), confirmed.content
        public = "\n".join(m.content for m in emulator.messages(table.thread) if not m.ephemeral)
        assert said(public, "event.clash.status_answered")
        game = await table.game()
        assert game.state.status.answers and game.state.status.waiting == (first,)

        # The first player answers: both parts are carried out, theirs first.
        step = game.state.status.step
        steps = plan(game.engine, game.state, lambda s, e: True)
        assert steps[0][0] == first
        await play_steps(table, steps[:1])
        game = await table.game()
        status = game.state.status
        assert status is None or status.step != step or second not in status.order
