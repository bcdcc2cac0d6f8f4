"""A lobby post whose id the bot never stored is found again and follows the lobby.

``/game new`` stores the game, answers with the lobby post, then stores the post's id. These
tests make that last step fail, as a bot killed between the post and the store leaves it (no id,
no cleanup timer), or make the answer itself fail; then the lobby's next event, or the next
start of the bot, must find the post (or make one) and keep it current: the players who
joined, and no live buttons once the game has started.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import locales
from discordui.client import TableBot
from discordui.lobbies import lobby_nonce
from discordui.outbox import Outbox
from playground import Emulator, FakeUser, Message
from playground.state import BOT_PERMISSIONS, READ_MESSAGE_HISTORY
from tests.e2e.table_driver import finished, said, table_bot

pytestmark = pytest.mark.e2e


class Killed(Exception):
    """Stands for the process dying: nothing after it in the command runs."""


def kill_before_storing_the_post(bot: TableBot) -> None:
    """Make the next store of a lobby post's id fail, as if the bot died just before it."""
    store = bot.store
    real: Callable[..., Awaitable[Any]] = store.update_game

    async def update_game(game_id: int, **fields: Any) -> Any:
        if "lobby_message_id" in fields:
            store.update_game = real  # once: what comes later stores as ever
            raise Killed("the bot stopped before storing the lobby post's id")
        return await real(game_id, **fields)

    store.update_game = update_game


async def open_lobby_and_lose_its_id(emu: Emulator, bot: TableBot, creator: FakeUser) -> Message:
    """``/game new`` (CIV, 3 seats) whose post's id is never stored; the post. The outbox's
    rounds are stopped first: a killed bot runs none, and the lobby's own events are what a
    test looks at (a round would find the post as well)."""
    await stop_outbox_rounds(bot)
    kill_before_storing_the_post(bot)
    values = {"game": "civ", "seats": 3, "options": ""}
    result = await emu.slash(creator, "game new", options=values)
    await result.done()
    # The lobby post, then the (private) answer to the failure that stands for the kill.
    await result.wait_for_messages(2)
    lobby = result.messages[0]
    assert lobby.buttons and not lobby.ephemeral
    game_id = game_of(lobby)
    row = await bot.store.get_game(game_id)
    assert row is not None and row.status == "lobby" and row.lobby_message_id is None
    return lobby


async def stop_outbox_rounds(bot: TableBot) -> None:
    """No background round of the outbox from now on (``deliver_pending`` still works)."""
    outbox = bot.outbox
    assert isinstance(outbox, Outbox)
    await outbox.stop()


async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 10.0) -> None:
    """Wait until ``check`` holds (what the bot does in the background); fail if it never does."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await check():
        assert loop.time() < end, "the bot never got there"
        await asyncio.sleep(0.05)


def game_of(lobby: Message) -> int:
    return int(str(lobby.buttons[0]["custom_id"]).split(":")[1])


def lobby_posts(emu: Emulator, game_id: int) -> list[Message]:
    """Every public message of the bot in #games that is (or was) the game's lobby post."""
    title = re.compile(rf"#{game_id}\b")
    return [
        m
        for m in emu.messages(emu.games_channel_id)
        if not m.ephemeral
        and m.author.id == emu.bot_user.id
        and m.embeds
        and title.search(str(m.embeds[0].get("title", "")))
    ]


def history_reads(emu: Emulator) -> int:
    return len(emu.requests("GET", f"/channels/{emu.games_channel_id}/messages$"))


@pytest.mark.parametrize("first", ["command", "button"])
async def test_a_lobby_post_whose_id_was_not_stored_follows_joins_and_the_start(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, first: str
) -> None:
    """The kill between the post and the store, then joins and the start: the post shows who
    joined and, once started, no live Join button; the thread opens on it; no second post.
    A join by command finds the post in the channel; a press of its button names it."""
    emu = emulator
    alice, bob, carol, _ = players
    async with table_bot(emu, tmp_path / "bot.sqlite3") as bot:
        lobby = await open_lobby_and_lose_its_id(emu, bot, alice)
        game_id = game_of(lobby)
        reads = history_reads(emu)
        if first == "command":
            joined = await finished(await emu.slash(bob, "game join", game=game_id))
            assert joined.content.startswith("✅"), joined.content
            assert history_reads(emu) > reads  # looked for in the channel
        else:
            await finished(await emu.press(bob, lobby, label="Join"))
            assert history_reads(emu) == reads  # the pressed message is the post
        row = await bot.store.get_game(game_id)
        assert row is not None and row.lobby_message_id == lobby.id
        shown = emu.message(lobby.id).text
        assert "(2/3)" in shown and f"<@{bob.id}>" in shown, shown

        await finished(await emu.slash(carol, "game join", game=game_id))
        assert "(3/3)" in emu.message(lobby.id).text
        started = await finished(await emu.slash(alice, "game start", game=game_id))
        assert started.content.startswith("✅"), started.content

        post = emu.message(lobby.id)
        assert not post.buttons and not post.selects, "a started game's lobby keeps no buttons"
        assert locales.t("en", "lobby.status.running") in post.text, post.text
        assert f"<@{carol.id}>" in post.text
        game = await bot.service.load(game_id)
        assert game.row.thread_id == lobby.id  # the thread hangs from the lobby post
        assert lobby_posts(emu, game_id) == [post]


async def test_a_restart_finds_the_post_of_a_lobby_whose_id_was_not_stored(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The bot stops between the post and the store; the next bot on that database finds
    the post with no event of the lobby, redraws it, and the lobby goes on from there."""
    emu = emulator
    alice, bob = players[:2]
    db = tmp_path / "bot.sqlite3"
    async with table_bot(emu, db) as bot:
        lobby = await open_lobby_and_lose_its_id(emu, bot, alice)
    game_id = game_of(lobby)
    edited = emu.message(lobby.id).edited_at

    async with table_bot(emu, db) as bot:

        async def redrawn() -> bool:
            row = await bot.store.get_game(game_id)
            return (
                row is not None
                and row.lobby_message_id == lobby.id
                and (emu.message(lobby.id).edited_at != edited)
            )

        await eventually(redrawn)  # the outbox's first round, with no event of the lobby
        # Three seats: alice alone is not enough to start, bob's join shows on the post.
        await finished(await emu.slash(bob, "game join", game=game_id))
        assert "(2/3)" in emu.message(lobby.id).text
        await finished(await emu.slash(alice, "game cancel", game=game_id))
        post = emu.message(lobby.id)
        assert not post.buttons and locales.t("en", "lobby.status.cancelled") in post.text
        assert lobby_posts(emu, game_id) == [post]


async def test_a_lobby_whose_answer_never_went_out_gets_one_post_however_often_asked(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """``/game new``'s answer fails (the lobby is stored, nothing was posted): the outbox
    posts the lobby in its channel. Asked again after losing that post's id too, it finds
    the post; and where it cannot read the channel, the post's nonce makes Discord return
    the same post instead of a second one."""
    emu = emulator
    alice, bob = players[:2]
    async with table_bot(emu, tmp_path / "bot.sqlite3") as bot:
        await stop_outbox_rounds(bot)  # each round below is the test's own
        assert bot.outbox is not None
        emu.fail_next("POST", r"/interactions/\d+/[^/]+/callback$", status=404, code=10062)
        values = {"game": "civ", "seats": 2, "options": ""}
        refused = await finished(await emu.slash(alice, "game new", options=values))
        assert refused.ephemeral and said(refused.content, "error.internal")
        (row,) = await bot.store.unposted_lobbies()
        assert lobby_posts(emu, row.id) == []

        assert await bot.outbox.deliver_pending() == 0
        (post,) = lobby_posts(emu, row.id)
        assert post.buttons and (await bot.store.get_game(row.id)).lobby_message_id == post.id

        await bot.store.update_game(row.id, lobby_message_id=None)  # lost again
        assert await bot.outbox.deliver_pending() == 0
        assert (await bot.store.get_game(row.id)).lobby_message_id == post.id
        assert len(emu.state.nonce_requests[lobby_nonce(row.id)]) == 1  # found, not posted

        await bot.store.update_game(row.id, lobby_message_id=None)
        emu.set_bot_permissions(BOT_PERMISSIONS & ~READ_MESSAGE_HISTORY)  # history is empty
        assert await bot.outbox.deliver_pending() == 0
        assert (await bot.store.get_game(row.id)).lobby_message_id == post.id
        assert len(emu.state.nonce_requests[lobby_nonce(row.id)]) == 2  # posted, same message
        assert lobby_posts(emu, row.id) == [emu.message(post.id)]

        emu.set_bot_permissions(BOT_PERMISSIONS)
        await finished(await emu.press(bob, post, label="Join"))
        assert "(2/2)" in emu.message(post.id).text


async def test_a_deleted_lobby_post_is_posted_again_at_the_next_event(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Someone deletes the lobby post (a moderator tidying the channel): the next join is
    answered, and the open lobby gets a new post showing it, whose id is stored."""
    emu = emulator
    alice, bob = players[:2]
    async with table_bot(emu, tmp_path / "bot.sqlite3") as bot:
        values = {"game": "civ", "seats": 3, "options": ""}
        lobby = await finished(await emu.slash(alice, "game new", options=values))
        game_id = game_of(lobby)
        await emu.state.delete_message(emu.message(lobby.id))
        joined = await finished(await emu.slash(bob, "game join", game=game_id))
        assert not said(joined.content, "error.internal"), joined.content
        (post,) = [m for m in lobby_posts(emu, game_id) if not m.deleted]
        assert post.id != lobby.id and "(2/3)" in post.text and post.buttons
        row = await bot.store.get_game(game_id)
        assert row is not None and row.lobby_message_id == post.id
