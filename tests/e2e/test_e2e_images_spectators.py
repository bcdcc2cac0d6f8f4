"""Image policy, spectators and invite-only games through the emulator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from discordui.client import TableBot
from discordui.publish import post_table
from playground import Emulator, EmulatorError, FakeUser, Message
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def open_game(
    emu: Emulator, users: list[FakeUser], *, seats: int | None = None, **extra: Any
) -> tuple[int, Message]:
    """``/game new`` by the first user with ``extra`` options, then the lobby message."""
    values = {"game": "civ", "seats": seats or len(users), "options": "", **extra}
    lobby = await finished(await emu.slash(users[0], "game new", options=values))
    return int(lobby.components[0]["components"][0]["custom_id"].split(":")[1]), lobby


async def start_game(emu: Emulator, users: list[FakeUser], **extra: Any) -> int:
    """A game everyone in ``users`` joined and the first started."""
    game_id, lobby = await open_game(emu, users, **extra)
    for user in users[1:]:
        await finished(await emu.press(user, lobby, label="Join"))
    await finished(await emu.press(users[0], lobby, label="Start"))
    return game_id


async def thread_of(bot: TableBot, game_id: int) -> int:
    thread_id = (await bot.service.load(game_id)).row.thread_id
    assert thread_id is not None
    return thread_id


def pictures(emu: Emulator, thread_id: int) -> int:
    """Table pictures the bot uploaded into a thread's public messages (posts and edits)."""
    prefix = f"/channels/{thread_id}/messages"
    return sum(
        1
        for request in emu.requests()
        if request.path.startswith(prefix)
        for file in request.files
        if file.filename == "table.png"
    )


def latest_post(emu: Emulator, thread_id: int) -> Message:
    return [m for m in emu.messages(emu.channel(thread_id)) if not m.ephemeral][-1]


async def public_picture(bot: TableBot, game_id: int) -> bytes:
    """The table picture drawn now from the public view (what anyone may see)."""
    game = await bot.service.load(game_id)
    return await bot.renderer.table(game.engine.view(game.state, None), "en")


async def act(bot: TableBot, table: Table, game_id: int, action: str) -> bool:
    """``/move action`` by whoever must act; True when the same seats stay prompted."""
    table.game_id = game_id
    game = await table.game()
    before = {p.seat for p in game.pending()}
    user = table.user_for(game, game.pending()[0].seat)
    answer = await finished(await table.emu.slash(user, "move", action=action, game=game_id))
    assert answer.content.startswith("✅"), answer.content
    return before == {p.seat for p in (await table.game()).pending()}


async def test_turn_policy_draws_fewer_pictures_and_board_stays_current(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two identical games, the same moves: ``turn`` uploads a picture only with each new post,
    ``every`` with each edit too; /board always draws the current table."""
    monkeypatch.setattr("host.service.new_seed", lambda: 5)  # the same deal twice
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        every = await start_game(emulator, [alice, bob])
        turn = await start_game(emulator, [alice, bob], images="turn")
        table = Table(emulator, bot, [alice, bob])
        rng = Rng(3)
        board_checked = False
        for _ in range(14):
            table.game_id = every
            game = await table.game()
            action = await table.pick_action(game, game.pending()[0].seat, rng)
            await act(bot, table, every, action)
            stayed = await act(bot, table, turn, action)
            if stayed and not board_checked:
                # The post kept its old picture; /board draws the table as it is now.
                current = await public_picture(bot, turn)
                post = latest_post(emulator, await thread_of(bot, turn))
                assert post.attachments[0].data != current
                board = await finished(await emulator.slash(alice, "board", game=turn))
                assert board.attachments[0].data == current
                board_checked = True
        assert board_checked, "no step kept the same seat prompted"
        every_thread, turn_thread = await thread_of(bot, every), await thread_of(bot, turn)
        posts = [m for m in emulator.messages(emulator.channel(turn_thread)) if not m.ephemeral]
        assert pictures(emulator, turn_thread) == len(posts)
        assert pictures(emulator, turn_thread) < pictures(emulator, every_thread)
        # The text follows every step under both policies.
        lines = [
            latest_post(emulator, t).content.splitlines()[1:] for t in (every_thread, turn_thread)
        ]
        assert lines[0] == lines[1]


async def test_mod_images_switches_a_running_game(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """``/mod images turn`` stops redrawing on same-seat steps, ``every`` restarts it; it is
    logged, and hidden from members without Manage Server."""
    alice, bob, _, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        game_id = await start_game(emulator, [alice, bob])
        thread_id = await thread_of(bot, game_id)
        table = Table(emulator, bot, [alice, bob])
        table.game_id = game_id
        rng = Rng(1)

        async def same_seat_step() -> int:
            """Play until a step keeps the prompt; the pictures that step uploaded."""
            for _ in range(40):
                game = await table.game()
                before = pictures(emulator, thread_id)
                action = await table.pick_action(game, game.pending()[0].seat, rng)
                if await act(bot, table, game_id, action):
                    return pictures(emulator, thread_id) - before
            raise AssertionError("no step kept the same seat prompted")

        assert await same_seat_step() == 1
        with pytest.raises(EmulatorError):
            await emulator.slash(alice, "mod images", policy="turn", game=game_id)
        done = await finished(await emulator.slash(dave, "mod images", policy="turn", game=game_id))
        assert done.content.startswith("🛡️") and done.ephemeral_to == dave.id
        assert await same_seat_step() == 0
        await finished(await emulator.slash(dave, "mod images", policy="every", game=game_id))
        assert await same_seat_step() == 1
        log = await finished(await emulator.slash(alice, "log", game=game_id))
        assert "set the table pictures: when a turn ends" in log.content, log.content


async def test_spectators_see_public_things_only(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Someone without a seat reads the public table and log; /hand refuses them."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        game_id = await start_game(emulator, [alice, bob], options="deal=draft")
        table = Table(emulator, bot, [alice, bob])
        table.game_id = game_id
        for step in range(4):  # both keep twice: the kept cards are private
            game = await table.game()
            seat = game.pending()[0].seat
            await table.move(
                table.user_for(game, seat), await table.pick_action(game, seat, Rng(step))
            )
        game = await table.game()
        assert "hand" not in game.engine.view(game.state, None)

        board = await finished(await emulator.slash(carol, "board", game=game_id))
        assert board.ephemeral_to == carol.id
        assert board.attachments[0].data == await public_picture(bot, game_id)
        assert board.content == latest_post(emulator, await thread_of(bot, game_id)).content

        hand = await finished(await emulator.slash(carol, "hand", game=game_id))
        assert hand.content.startswith("⚠️") and said(hand.content, "error.not_a_player")
        assert not hand.attachments

        mine = await finished(await emulator.slash(alice, "log", game=game_id))
        watched = await finished(await emulator.slash(carol, "log", game=game_id))
        theirs = set(watched.content.splitlines()[1:])
        assert theirs and theirs < set(mine.content.splitlines()[1:])


async def test_invite_only_game_private_thread_and_refusals(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Only invited users join; the thread is private to players and the invited; a moderator
    can invite a spectator later, who then sees the thread."""
    alice, bob, carol, dave = players
    erin = emulator.add_user("Erin")
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        game_id, lobby = await open_game(emulator, [alice, bob], invite_only=True)
        assert "Invite only" in emulator.message(lobby.id).text

        refused = await finished(await emulator.press(bob, lobby, label="Join"))
        assert refused.ephemeral_to == bob.id and said(refused.content, "error.not_invited")
        not_creator = await finished(
            await emulator.slash(carol, "game invite", options={"user": carol, "game": game_id})
        )
        assert said(not_creator.content, "error.only_creator_invites")

        for guest in (bob, erin):
            invited = await finished(
                await emulator.slash(alice, "game invite", options={"user": guest, "game": game_id})
            )
            assert invited.content.startswith("✅"), invited.content
        assert f"<@{erin.id}>" in emulator.message(lobby.id).text
        await finished(await emulator.press(bob, lobby, label="Join"))
        carol_join = await finished(await emulator.slash(carol, "game join", game=game_id))
        assert said(carol_join.content, "error.not_invited")
        await finished(await emulator.press(alice, lobby, label="Start"))

        game = await bot.service.load(game_id)
        assert game.seat_of(bob.id) is not None and game.seat_of(carol.id) is None
        thread = emulator.channel(await thread_of(bot, game_id))
        assert thread.type == 12  # a private thread
        assert {alice.id, bob.id, erin.id} <= thread.member_ids
        assert carol.id not in thread.member_ids
        assert emulator.visible_messages(carol, thread) == []
        assert emulator.visible_messages(erin, thread)  # an invited spectator follows it
        with pytest.raises(EmulatorError):
            await emulator.slash(carol, "board", channel=thread)

        for command in ("board", "log"):
            outside = await finished(await emulator.slash(carol, command, game=game_id))
            assert said(outside.content, "error.invite_only_game"), outside.content
        watching = await finished(await emulator.slash(erin, "board", game=game_id))
        assert watching.attachments

        await finished(
            await emulator.slash(dave, "game invite", options={"user": carol, "game": game_id})
        )
        assert carol.id in thread.member_ids
        assert emulator.visible_messages(carol, thread)
        board = await finished(await emulator.slash(carol, "board", channel=thread))
        assert board.attachments


async def test_a_substitute_joins_the_private_thread(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/mod replace in an invite-only game lets the substitute read the private thread."""
    alice, bob, carol, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        game_id, lobby = await open_game(emulator, [alice, bob], invite_only=True)
        await finished(
            await emulator.slash(alice, "game invite", options={"user": bob, "game": game_id})
        )
        await finished(await emulator.press(bob, lobby, label="Join"))
        await finished(await emulator.press(alice, lobby, label="Start"))
        thread = emulator.channel(await thread_of(bot, game_id))
        assert emulator.visible_messages(carol, thread) == []
        replaced = await finished(
            await emulator.slash(
                dave, "mod replace", options={"player": bob, "substitute": carol, "game": game_id}
            )
        )
        assert replaced.content.startswith("🛡️"), replaced.content
        assert carol.id in thread.member_ids and emulator.visible_messages(carol, thread)
        hand = await finished(await emulator.slash(carol, "hand", channel=thread))
        assert hand.attachments


async def test_open_games_need_no_invitation(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Inviting to an open game is refused; its thread stays public."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        game_id = await start_game(emulator, [alice, bob])
        answer = await finished(
            await emulator.slash(alice, "game invite", options={"user": carol, "game": game_id})
        )
        assert said(answer.content, "error.not_invite_only")
        thread = emulator.channel(await thread_of(bot, game_id))
        assert thread.type == 11 and emulator.visible_messages(carol, thread)


async def test_an_edit_that_changes_nothing_visible_keeps_its_picture(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Under ``every``, an edit redraws only when the public view changed: the same table
    edited again uploads no new picture, the next move does."""
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        game_id = await start_game(emulator, [alice, bob])
        thread = await thread_of(bot, game_id)
        game = await bot.service.load(game_id)
        drawn = pictures(emulator, thread)
        assert await post_table(bot, game, new_message=False)
        assert pictures(emulator, thread) == drawn
        table = Table(emulator, bot, [alice, bob])
        table.game_id = game_id
        action = await table.pick_action(game, game.pending()[0].seat, Rng(1))
        await act(bot, table, game_id, action)
        assert pictures(emulator, thread) > drawn
