"""What a confirmed change must announce is delivered even when Discord refuses it at first:
a start whose thread could not be opened, a move whose table post was refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from playground.state import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


def shown_seq(table: Table) -> int:
    """The seq on the buttons of the thread's latest table post."""
    message = table.table_message()
    act = next(b for b in message.buttons if str(b["custom_id"]).startswith("t:"))
    return int(str(act["custom_id"]).split(":")[2])


async def test_a_start_whose_thread_was_refused_gets_it_later(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Start is saved even when the thread cannot be opened (it used to leave a running game
    with no thread, and Start refused for ever after); the outbox opens it once it can."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        values = {"game": "civ", "seats": 2, "options": ""}
        lobby = await finished(await emulator.slash(alice, "game new", options=values))
        game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        await finished(await emulator.press(bob, lobby, label="Join"))
        emulator.set_bot_permissions(BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS)
        started = await finished(await emulator.press(alice, lobby, label="Start"))
        assert said(started.content, "error.thread_not_opened")
        game = await bot.service.load(game_id)
        assert game.row.status == "running" and game.row.thread_id is None
        assert game.row.announce is True

        emulator.set_bot_permissions(BOT_PERMISSIONS)
        assert await bot.outbox.deliver_pending() == 0
        game = await bot.service.load(game_id)
        assert game.row.thread_id is not None and game.row.announce is None
        table = Table(emulator, bot, [alice, bob])
        table.game_id = game_id
        assert shown_seq(table) == game.seq
        mentioned = table.table_message().content
        assert f"<@{game.user_of(game.pending()[0].seat)}>" in mentioned


async def test_a_refused_table_post_is_delivered_when_the_thread_takes_posts_again(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        emulator.set_bot_permissions(BOT_PERMISSIONS & ~SEND_MESSAGES_IN_THREADS)
        rng = Rng(5)
        for _ in range(3):  # confirmed all the same, announced later as one post
            game = await table.game()
            seat = game.pending()[0].seat
            answer = await table.move(
                table.user_for(game, seat), await table.pick_action(game, seat, rng)
            )
            assert answer.content.startswith("✅"), answer.content
        game = await table.game()
        assert game.row.announce is not None and shown_seq(table) < game.seq

        emulator.set_bot_permissions(BOT_PERMISSIONS)
        assert await bot.outbox.deliver_pending() == 0
        game = await table.game()
        assert game.row.announce is None and shown_seq(table) == game.seq
