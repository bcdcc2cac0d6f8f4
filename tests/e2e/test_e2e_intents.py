"""The bot asks Discord for the events it uses and no others: servers, channels and threads.
Its slash commands and buttons come as interactions whatever the intents; messages (its own
posts among them), typing and reactions would be dispatches to parse and drop."""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from playground.gateway import GUILDS, IDENTIFY
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, table_bot

pytestmark = pytest.mark.e2e


async def test_a_game_is_played_without_message_events(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        identify = [m["d"] for m in emulator.gateway.received if m.get("op") == IDENTIFY]
        assert [d["intents"] for d in identify] == [GUILDS]
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        rng = Rng(1)
        for _ in range(4):
            game = await table.game()
            seat = next(p.seat for p in game.pending() if p.must)
            action = await table.pick_action(game, seat, rng)
            user = table.user_for(game, seat)
            answer = await finished(await emulator.slash(user, "move", action=action))
            assert answer.content.startswith("✅"), answer.content
        posts = [m for m in emulator.messages(table.thread) if not m.ephemeral]
        assert len(posts) >= 2  # the table was posted, and posted again
        sent = [
            frame["t"] for session in emulator.gateway.sessions.values() for frame in session.buffer
        ]
        assert "INTERACTION_CREATE" in sent
        assert not [t for t in sent if t.startswith(("MESSAGE_", "TYPING_"))], sent
