"""Whole Clash of Cultures games through the emulator, from the lobby to the result post."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from rules import transcript
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, table_bot

pytestmark = pytest.mark.e2e


# Three and four players play the same code through the emulator for twice and four times as
# long (a minute and two of the default suite): slow. What they add is checked without it: the
# alt text's line per seat for 2 and 4 players (tests/render/test_render_alt.py), a finished
# game rated for four (tests/host/test_ratings_rate.py), exports of 3- and 4-player games
# replayed (tests/rules/transcripts/clash_*_3p.json, clash_final_scoring_4p.json).
@pytest.mark.parametrize(
    "count",
    [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow)],
)
async def test_clash_game_from_lobby_to_result(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, count: int
) -> None:
    """2, 3 and 4 players open, join, start and finish; the last post has the scores; the game
    is rated on /leaderboard and its export replays to the stored state."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:count])
        await table.open(game="clash")
        first = table.table_message()
        assert first.attachments and first.attachments[0].filename == "table.png"
        # The picture's alt text: the status line, then a line per seat.
        alt = first.attachments[0].description or ""
        assert alt.startswith("Round 1 of 6") and len(alt.splitlines()) == 1 + count, alt
        actions = await table.play_to_end(Rng(count), buttons_every=5, limit=3000)
        assert actions > 20
        last = table.table_message()
        assert "The game is over" in last.content, last.content
        game = await table.game()
        assert game.row.status == "finished"
        assert await bot.service.verify(table.game_id)
        spectator = players[3]
        board = await finished(
            await emulator.slash(spectator, "leaderboard", channel=table.channel, game="clash")
        )
        assert all(f"<@{u.id}>" in board.content for u in players[:count]), board.content
        r = await emulator.slash(
            spectator, "game export", channel=table.channel, game=table.game_id
        )
        (file,) = (await finished(r)).attachments
        replayed = transcript.replay(json.loads(file.data))
        assert replayed.all_matched and replayed.mismatches() == []
        snapshot = await bot.store.snapshot(table.game_id)
        assert snapshot is not None and replayed.game.to_json(replayed.state) == snapshot[1]
