"""A thread that stays tidy: only the newest table post has buttons, and a finished game
says so where it was opened (the lobby message and a result post with the last picture)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import locales
from discordui.publish import finish_up
from playground import Emulator, FakeUser, Message
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, table_bot

pytestmark = pytest.mark.e2e


def _table_posts(emulator: Emulator, table: Table) -> list[Message]:
    return [
        m
        for m in emulator.messages(table.thread)
        if not m.ephemeral and any(a.filename == "table.png" for a in m.attachments)
    ]


async def test_old_posts_lose_their_buttons_and_the_result_reaches_the_channel(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        rng = Rng(5)
        for _ in range(12):
            game = await table.game()
            user = table.user_for(game, game.pending()[0].seat)
            answer = await table.move(
                user, await table.pick_action(game, game.pending()[0].seat, rng)
            )
            assert answer.content.startswith("✅"), answer.content
        posts = _table_posts(emulator, table)
        assert len(posts) > 2
        assert [bool(p.components) for p in posts] == [False] * (len(posts) - 1) + [True]

        await table.play_to_end(rng)
        game = await table.game()
        assert game.row.status == "finished"
        assert not any(p.components for p in _table_posts(emulator, table))
        # The lobby message names the result.
        lobby = emulator.find_message(
            lambda m: bool(m.embeds) and m.id == game.row.lobby_message_id, channel=table.channel
        )
        assert lobby is not None and not lobby.components
        (embed,) = lobby.embeds
        assert embed["description"] == locales.t("en", "lobby.status.finished")
        assert [f["name"] for f in embed["fields"]][-1] == "Result"
        # One result post in the channel, with the last picture, linking the thread.
        results = [m for m in emulator.messages(table.channel) if "is over" in m.content]
        assert len(results) == 1
        assert results[0].attachments and f"<#{table.thread.id}>" in results[0].content
        await finish_up(bot, game)
        assert len([m for m in emulator.messages(table.channel) if "is over" in m.content]) == 1


async def test_the_log_opens_at_its_latest_page_and_pages_with_buttons(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/log reads oldest first and opens at the newest page; Previous and Next page through
    it in the same private message, disabled at the ends."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3", log_page_size=5) as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        rng = Rng(2)
        for _ in range(8):
            game = await table.game()
            seat = game.pending()[0].seat
            answer = await table.move(
                table.user_for(game, seat), await table.pick_action(game, seat, rng)
            )
            assert answer.content.startswith("✅"), answer.content
        alice = players[0]
        page = await finished(await emulator.slash(alice, "log", channel=table.thread))
        found = re.search(r"page (\d+) of (\d+)", page.content)
        assert found is not None and found[1] == found[2] and int(found[2]) >= 3
        last = int(found[2])
        buttons = {b["label"]: b for b in page.buttons}
        assert not buttons["Previous"].get("disabled") and buttons["Next"].get("disabled")
        page = await finished(await emulator.press(alice, page, label="Previous"))
        assert f"page {last - 1} of {last}" in page.content
        first = await finished(await emulator.slash(alice, "log", channel=table.thread, page=1))
        assert "page 1 of" in first.content and "`#1`" in first.content
        assert {b["label"]: b for b in first.buttons}["Previous"].get("disabled")


async def test_an_ended_game_says_so_on_its_post_and_its_lobby_message(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/mod end: the table post loses its buttons and says the game ended; so does the lobby
    message; no result is posted (there is none)."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        dave = players[3]
        await finished(await emulator.slash(dave, "mod end", channel=table.thread))
        post = _table_posts(emulator, table)[-1]
        assert not post.components
        assert locales.t("en", "play.ended") in post.content
        game = await table.game()
        lobby = emulator.find_message(
            lambda m: m.id == game.row.lobby_message_id, channel=table.channel
        )
        assert lobby is not None
        assert lobby.embeds[0]["description"] == locales.t("en", "lobby.status.ended")
        assert not [m for m in emulator.messages(table.channel) if "is over" in m.content]
