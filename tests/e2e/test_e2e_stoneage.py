"""Whole Stone Age games through the emulator, and the refusals specific to Stone Age."""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from rules.core import Rng
from tests.e2e.table_driver import Table, table_bot

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("count", [2, 4])
async def test_stone_age_game_from_lobby_to_result(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, count: int
) -> None:
    """2 and 4 players open, join, start and finish; the last post has the winner and scores."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:count])
        await table.open(game="stoneage")
        first = table.table_message()
        assert first.attachments and first.attachments[0].filename == "table.png"
        actions = await table.play_to_end(Rng(count), buttons_every=7, limit=2000)
        assert actions > 50
        last = table.table_message()
        assert "The game is over" in last.content and "Winner" in last.content
        game = await table.game()
        assert game.row.status == "finished"
        assert await bot.service.verify(table.game_id)
