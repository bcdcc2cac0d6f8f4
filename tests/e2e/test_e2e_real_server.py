"""What a real Discord server does that the bot must cope with: slow networks, other channel
kinds, DMs, missing permissions, archived threads, restarts that must not re-sync commands."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser
from playground.state import (
    ATTACH_FILES,
    BOT_PERMISSIONS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
)
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def test_every_interaction_is_acknowledged_in_time_with_300_ms_per_call(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """With 300 ms on every REST call (the callback too), each command and button that used
    to call Discord before answering is acknowledged within Discord's 3 s."""
    alice, bob, carol, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        emulator.latency = (0.3, 0.3)
        values = {"game": "civ", "seats": 3, "options": ""}
        lobby = await finished(await emulator.slash(alice, "game new", options=values))
        game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        for user, command in ((bob, "game join"), (carol, "game join"), (carol, "game leave")):
            answer = await finished(await emulator.slash(user, command, game=game_id))
            assert answer.content.startswith("✅"), answer.content
        await finished(await emulator.slash(alice, "game addbot", game=game_id))
        await finished(await emulator.press(alice, lobby, label="Start"))
        table = Table(emulator, bot, [alice, bob])
        table.game_id = game_id
        thread = table.thread
        for command in ("mod pause", "mod resume"):
            await finished(await emulator.slash(dave, command, channel=thread))
        await finished(await emulator.slash(alice, "vacation", channel=thread, days=1))
        await finished(
            await emulator.slash(dave, "mod replace", channel=thread, player=bob, substitute=carol)
        )
        game = await table.game()
        mover = next(u for u in (alice, carol) if game.seat_of(u.id) == game.pending()[0].seat)
        await table.move(mover, await table.pick_action(game, game.pending()[0].seat, Rng(1)))
        await finished(await emulator.slash(dave, "mod end", channel=thread))
        assert (await table.game()).row.status == "ended"

        other = await finished(await emulator.slash(bob, "game new", options=values))
        other_id = int(other.components[0]["components"][0]["custom_id"].split(":")[1])
        await finished(await emulator.slash(bob, "game cancel", game=other_id))
    for result in emulator.interactions.values():
        assert result.error is None, result
        assert result.elapsed_ms is not None and result.elapsed_ms < 3000


@pytest.mark.parametrize("kind", ["announcement", "voice", "forum post", "thread", "dm"])
async def test_game_new_where_no_game_thread_can_be_made_is_refused(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, kind: str
) -> None:
    """Refused with a clear message before anything is stored: never a lobby without a home."""
    alice = players[0]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        if kind in ("announcement", "voice"):
            where = emulator.add_channel(f"a-{kind}", kind)
        elif kind == "forum post":
            forum = emulator.add_channel("lfg", "forum")
            where = await emulator.add_forum_post(forum, alice, "Anyone for CIV?")
        elif kind == "thread":
            table = Table(emulator, bot, players[:2])
            await table.open()
            where = table.thread
        else:
            where = emulator.open_dm(alice)
        before = await bot.store.list_games(emulator.guild_id, ("lobby",))
        values = {"game": "civ", "seats": 2, "options": ""}
        r = await emulator.slash(alice, "game new", channel=where, options=values, offered=False)
        answer = await finished(r)
        assert answer.ephemeral_to == alice.id
        key = "error.dm_not_supported" if kind == "dm" else "error.channel_not_text"
        assert said(answer.content, key), answer.content
        assert await bot.store.list_games(emulator.guild_id, ("lobby",)) == before


async def test_game_new_without_thread_permissions_names_what_is_missing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice = players[0]
    games = emulator.games_channel_id
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        emulator.set_bot_permissions(BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS, channel=games)
        values = {"game": "civ", "seats": 2, "options": ""}
        answer = await finished(await emulator.slash(alice, "game new", options=values))
        assert locales.t("en", "permission.create_public_threads") in answer.content
        assert await bot.store.list_games(emulator.guild_id, ("lobby",)) == []

        emulator.set_bot_permissions(BOT_PERMISSIONS & ~CREATE_PRIVATE_THREADS, channel=games)
        private = {**values, "invite_only": True}
        answer = await finished(await emulator.slash(alice, "game new", options=private))
        assert locales.t("en", "permission.create_private_threads") in answer.content
        open_game = await finished(await emulator.slash(alice, "game new", options=values))
        assert open_game.embeds  # an open game needs no private threads


async def test_commands_are_not_offered_in_dms_and_a_dm_command_is_answered(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice = players[0]
    async with table_bot(emulator, tmp_path / "bot.sqlite3"):
        dm = emulator.open_dm(alice)
        for command in emulator.commands:
            assert command["contexts"] == [0], command["name"]
        with pytest.raises(Exception, match="not offered in DMs"):
            await emulator.slash(alice, "game list", channel=dm)
        answer = await finished(await emulator.slash(alice, "game list", channel=dm, offered=False))
        assert said(answer.content, "error.dm_not_supported")


async def test_game_threads_stay_open_a_week_and_reopen_when_archived(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Threads are made with the longest auto-archive; after a week of silence Discord archives
    the thread. Discord offers no commands there, but the table post's buttons still work,
    and the move's table post (an edit or a new message) reopens the thread."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open(options="", seats=2)
        thread = table.thread
        assert thread.auto_archive_duration == 10080
        rng = Rng(4)
        for _ in range(6):
            assert await emulator.advance(7 * 24 * 3600 + 60) == [thread]
            game = await table.game()
            user = table.user_for(game, game.pending()[0].seat)
            answer = await table.play_with_buttons(user, rng)
            assert answer.content.startswith("✅"), answer.content
            assert not thread.archived
        assert (await table.game()).seq >= 6
        # Some of those posts were edits, refused in the archived thread until it reopened.
        refused = [
            r
            for r in emulator.requests("PATCH", rf"/channels/{thread.id}/messages/")
            if r.status == 400
        ]
        assert refused
        assert emulator.requests("PATCH", rf"^/channels/{thread.id}$")


async def test_a_public_thread_without_a_lobby_post_is_made_without_invitable(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A game whose lobby post is gone (deleted, and its id not stored, so the bot cannot
    find it again) gets a public thread of its own. discord.py's ``create_thread`` would send
    ``invitable``, which Discord documents for private threads only; the bot leaves it out,
    and every thread it makes is one whose fields all mean something to Discord."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        values = {"game": "civ", "seats": 2, "options": ""}
        lobby = await finished(await emulator.slash(alice, "game new", options=values))
        game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        await finished(await emulator.press(bob, lobby, label="Join"))
        await bot.store.update_game(game_id, lobby_message_id=None)
        await emulator.state.delete_message(emulator.message(lobby.id))
        await finished(await emulator.slash(alice, "game start", game=game_id))
        [made] = emulator.requests("POST", rf"^/channels/{emulator.games_channel_id}/threads$")
        assert made.status == 200 and "invitable" not in made.json
        thread = emulator.channel(int((await bot.service.load(game_id)).row.thread_id))
        assert thread.type == 11 and thread.id != lobby.id
    assert emulator.ignored == []


async def test_inviting_into_an_archived_private_thread_reopens_it(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob, carol = players[:3]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        values = {"game": "civ", "seats": 2, "options": "", "invite_only": True}
        lobby = await finished(await emulator.slash(alice, "game new", options=values))
        game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        invite = {"user": bob, "game": game_id}
        await finished(await emulator.slash(alice, "game invite", options=invite))
        await finished(await emulator.press(bob, lobby, label="Join"))
        await finished(await emulator.press(alice, lobby, label="Start"))
        thread = next(t for t in emulator.threads if t.parent_id == emulator.games_channel_id)
        await emulator.archive(thread)
        invite = {"user": carol, "game": game_id}
        answer = await finished(await emulator.slash(alice, "game invite", options=invite))
        assert answer.content.startswith("✅"), answer.content
        assert carol.id in thread.member_ids
        assert bot.get_channel(thread.id) is not None


async def test_a_restart_syncs_commands_only_when_they_changed(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    db = tmp_path / "bot.sqlite3"
    async with table_bot(emulator, db):
        pass
    async with table_bot(emulator, db) as bot:
        assert bot.http.max_ratelimit_timeout == 30.0
    syncs = emulator.requests("PUT", r"/applications/\d+/commands$")
    assert len(syncs) == 1
    async with table_bot(emulator, db) as bot:
        pass
    async with table_bot(emulator, db, dev_guilds=(emulator.guild_id,)):
        pass
    assert len(emulator.requests("PUT", r"/applications/\d+/commands$")) == 1
    assert len(emulator.requests("PUT", r"/guilds/\d+/commands$")) == 1


async def test_a_move_is_confirmed_even_when_the_table_post_is_refused(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Attach Files taken away mid-game: the move is saved and confirmed, the post is only
    logged; once the permission is back, the next move's post shows the table again."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open(seats=2)
        emulator.set_bot_permissions(
            BOT_PERMISSIONS & ~ATTACH_FILES, channel=emulator.games_channel_id
        )
        rng = Rng(2)
        before = (await table.game()).seq
        for _ in range(3):  # a new post (the prompt moved) at least once
            game = await table.game()
            seat = game.pending()[0].seat
            answer = await table.move(
                table.user_for(game, seat), await table.pick_action(game, seat, rng)
            )
            assert answer.content.startswith("✅"), answer.content
        assert (await table.game()).seq == before + 3
        assert [
            r
            for r in emulator.requests("POST", rf"/channels/{table.thread.id}/messages")
            if r.status == 403
        ]
        emulator.set_bot_permissions(BOT_PERMISSIONS, channel=emulator.games_channel_id)
        posts = len(emulator.messages(table.thread))
        for _ in range(3):
            game = await table.game()
            seat = game.pending()[0].seat
            await table.move(table.user_for(game, seat), await table.pick_action(game, seat, rng))
        assert len(emulator.messages(table.thread)) > posts
        assert table.table_message().attachments[0].is_png
