"""Whole CIV games through the emulator: lobby, start, every move, the game-over post."""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from rules.core import Rng
from tests.e2e.table_driver import Table, table_bot

pytestmark = pytest.mark.e2e


async def test_two_player_game_from_lobby_to_result(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Two players open, join, start and finish a game; the last post names the winner."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        first = table.table_message()
        assert first.attachments and first.attachments[0].filename == "table.png"
        alt = first.attachments[0].description or ""
        assert alt.startswith("Turn 1: ") and len(alt.splitlines()) == 3, alt
        actions = await table.play_to_end(Rng(5))
        last = table.table_message()
        assert (last.attachments[0].description or "").startswith("Game over")
        assert actions > 10
        last = table.table_message()
        assert "The game is over" in last.content and "Winner" in last.content
        assert not last.buttons
        game = await table.game()
        assert game.row.status == "finished"
        assert await bot.service.verify(table.game_id)
