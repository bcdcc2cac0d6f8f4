"""Turn deadlines and their policies, the players' vote, vacation and cleanup, end to end on a
fake clock."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from host.clock import FakeClock
from playground import Emulator, FakeUser, Message
from tests.e2e.table_driver import Table, finished
from tests.e2e.test_e2e_async_reminders import clocked_bot, later, mover, play_once

pytestmark = pytest.mark.e2e


async def open_with(table: Table, **values: Any) -> Message:
    """Like ``Table.open``, with more /game new options (deadline, policy); returns the lobby."""
    creator = table.users[0]
    options = {"game": "civ", "seats": len(table.users), "options": "", **values}
    r = await table.emu.slash(creator, "game new", channel=table.channel, options=options)
    lobby = await finished(r)
    table.game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
    for user in table.users[1:]:
        await finished(await table.emu.press(user, lobby, label="Join"))
    await finished(await table.emu.press(creator, lobby, label="Start"))
    return lobby


async def eventually(check: Callable[[], Any], timeout: float = 5.0) -> None:
    """Wait until ``check()`` (sync or async) is true: work that follows a button's answer."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = check()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return
        if loop.time() > end:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.02)


def vote_message(emulator: Emulator, thread: Any) -> Message:
    """The newest message with vote buttons."""
    found = emulator.find_message(
        lambda m: any(b.get("custom_id", "").startswith("v:") for b in m.buttons), channel=thread
    )
    assert found is not None, "no vote was posted"
    return found


def two_english(players: list[FakeUser]) -> list[FakeUser]:
    """Alice and Carol: the texts asserted on are English (Bob's client is Hungarian)."""
    return [players[0], players[2]]


async def log_text(emulator: Emulator, user: FakeUser, table: Table) -> str:
    return (await finished(await emulator.slash(user, "log", channel=table.thread))).content


async def test_vote_drops_the_late_player_and_the_game_goes_on(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """3 players, 1-minute deadline, policy vote: the other two vote to drop the late seat."""
    clock = FakeClock()
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, players[:3])
        await open_with(table, deadline="1m", policy="vote")
        late, seat = await mover(table)
        handle = (await table.game()).handles[seat]
        await later(bot, clock, seconds=59)
        assert emulator.find_message(contains="has run out", channel=table.thread) is None
        await later(bot, clock, seconds=1)
        vote = vote_message(emulator, table.thread)
        voters = [u for u in players[:3] if u != late]
        assert late.mention in vote.content
        assert all(v.mention in vote.content for v in voters)

        refused = await finished(await emulator.press(late, vote, label="Drop the player"))
        assert refused.ephemeral_to == late.id and refused.content.startswith("⚠️")
        await finished(await emulator.press(voters[0], vote, label="Drop the player"))
        assert emulator.message(vote.id).buttons, "one of two votes decides nothing"
        await finished(await emulator.press(voters[1], vote, label="Drop the player"))
        assert not emulator.message(vote.id).buttons
        assert "voted to drop" in emulator.message(vote.id).content

        async def dropped() -> bool:
            game = await table.game()
            return bool(game.engine.view(game.state, None)["seats"][seat]["resigned"])

        await eventually(dropped)
        # The new table post asks the next player (the game goes on without the late seat).
        await eventually(lambda: table.table_message().id > vote.id)
        game = await table.game()
        assert game.row.status == "running" and seat not in {p.seat for p in game.pending()}
        reader = next(v for v in voters if v.locale.startswith("en"))
        history = await log_text(emulator, reader, table)
        assert f"The time for the turn of @{handle} ran out." in history
        assert f"The players voted to drop @{handle}." in history
        assert await bot.service.verify(table.game_id)


async def test_keep_waiting_an_outdated_vote_and_a_vote_that_ends_the_game(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """2 players, so the other one alone decides. "Keep waiting" restarts the clock; a vote
    whose late player moved meanwhile is over; a later vote ends the game."""
    clock = FakeClock()
    english = two_english(players)
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, english)
        await open_with(table, deadline="1m", policy="vote")
        late, seat = await mover(table)
        other = next(u for u in english if u != late)
        await later(bot, clock, minutes=1)
        first_vote = vote_message(emulator, table.thread)
        seq = (await table.game()).seq
        await finished(await emulator.press(other, first_vote, label="Keep waiting"))
        assert "keep waiting" in emulator.message(first_vote.id).content

        async def noted() -> bool:
            return bool((await table.game()).seq == seq + 1)

        await eventually(noted)
        await later(bot, clock, minutes=1)
        second_vote = vote_message(emulator, table.thread)
        assert second_vote.id != first_vote.id

        while (await mover(table))[0] == late:  # the late player plays after all
            await play_once(table, late, seat)
        await finished(await emulator.press(other, second_vote, label="End the game"))
        assert "is over" in emulator.message(second_vote.id).content
        assert not emulator.message(second_vote.id).buttons
        assert (await table.game()).row.status == "running"

        await later(bot, clock, minutes=1)  # now the other player is late
        third_vote = vote_message(emulator, table.thread)
        assert other.mention in third_vote.content.split(".")[0]
        await finished(await emulator.press(late, third_vote, label="End the game"))

        async def ended() -> bool:
            return bool((await table.game()).row.status == "ended")

        await eventually(ended)
        assert "voted to end the game" in await log_text(emulator, late, table)
        assert await bot.store.pending_timers(table.game_id) == []


async def test_policy_drop_ends_a_two_player_game_for_the_other(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The late seat resigns by itself; in a 2-player game the other player wins."""
    clock = FakeClock()
    english = two_english(players)
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, english)
        await open_with(table, deadline="1m", policy="drop")
        _, seat = await mover(table)
        await later(bot, clock, minutes=1)
        game = await table.game()
        outcome = game.outcome()
        assert outcome is not None and outcome.winners == (1 - seat,)
        assert game.row.status == "finished"
        assert emulator.find_message(contains="was dropped", channel=table.thread) is not None
        assert await bot.service.verify(table.game_id)
        assert await bot.store.pending_timers(table.game_id) == []


async def test_moderator_sets_a_deadline_with_policy_end(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/mod deadline on a running game: the clock starts then, and a move restarts it for the
    next player; when it passes the game ends without a result."""
    clock = FakeClock()
    english = two_english(players)
    dave = players[3]
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, english)
        await table.open()
        await later(bot, clock, hours=1)
        r = await emulator.slash(
            dave, "mod deadline", channel=table.thread, turn="30m", policy="end"
        )
        assert "Turn deadline: 30 minutes" in (await finished(r)).content
        await later(bot, clock, minutes=20)
        first, seat = await mover(table)
        while (await mover(table))[0] == first:
            await play_once(table, first, seat)
        await later(bot, clock, minutes=29)
        assert (await table.game()).row.status == "running"
        await later(bot, clock, minutes=1)
        assert (await table.game()).row.status == "ended"
        assert emulator.find_message(contains="without a result", channel=table.thread)
        history = await log_text(emulator, first, table)
        assert "set the turn deadline: 30 minutes, then: end the game without a result" in history
        assert "missed the turn deadline" in history


async def test_vacation_pushes_the_deadline_back(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A 1-day vacation moves a 1-hour deadline by a day; the allowance is 7 days a game."""
    clock = FakeClock()
    english = two_english(players)
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, english)
        await open_with(table, deadline="1h", policy="end")
        late, _ = await mover(table)
        answer = await finished(
            await emulator.slash(late, "vacation", channel=table.thread, days=1)
        )
        assert answer.ephemeral_to == late.id and "6 days" in answer.content
        assert emulator.find_message(contains="is on vacation", channel=table.thread)
        too_much = await finished(
            await emulator.slash(late, "vacation", channel=table.thread, days=7)
        )
        assert too_much.content.startswith("⚠️") and "6 days" in too_much.content
        await later(bot, clock, hours=1)
        assert (await table.game()).row.status == "running"
        await later(bot, clock, hours=23, minutes=59)
        assert (await table.game()).row.status == "running"
        await later(bot, clock, minutes=1)
        assert (await table.game()).row.status == "ended"
        assert "took a vacation of 1 day." in await log_text(emulator, late, table)


async def test_lobbies_nobody_starts_are_warned_then_closed(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A warning a day before; then the lobby is cancelled. A started lobby is left alone."""
    clock = FakeClock()
    alice, bob = players[0], players[1]
    config = {"lobby_cleanup": timedelta(days=2), "cleanup_warning": timedelta(days=1)}
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock, **config) as bot:
        values = {"game": "civ", "seats": 2, "options": ""}
        idle = await finished(await emulator.slash(bob, "game new", options=values))
        idle_id = int(idle.components[0]["components"][0]["custom_id"].split(":")[1])
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        await later(bot, clock, hours=23)
        assert emulator.find_message(contains="has not started") is None
        await later(bot, clock, hours=1)
        warning = emulator.find_message(contains="has not started")
        assert warning is not None and bob.mention in warning.content
        assert f"#{idle_id}" in warning.content
        await later(bot, clock, days=1)
        assert (await bot.store.get_game(idle_id)).status == "cancelled"  # type: ignore[union-attr]
        assert emulator.message(idle.id).buttons == []
        assert emulator.find_message(contains="was closed") is not None
        assert (await table.game()).row.status == "running"


async def test_games_nobody_plays_are_warned_then_ended(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Idle for the cleanup age minus the warning: a warning; a move resets it; idle again
    through the warning: the game ends, noted in its log."""
    clock = FakeClock()
    english = two_english(players)
    config = {"game_cleanup": timedelta(days=3), "cleanup_warning": timedelta(days=1)}
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock, **config) as bot:
        table = Table(emulator, bot, english)
        await table.open()
        await later(bot, clock, days=2)
        [warning] = [m for m in emulator.messages(table.thread) if "nobody has played" in m.content]
        assert all(u.mention in warning.content for u in english)
        user, seat = await mover(table)
        await play_once(table, user, seat)
        await later(bot, clock, days=1, hours=12)
        assert (await table.game()).row.status == "running"
        await later(bot, clock, hours=12)
        assert (
            len([m for m in emulator.messages(table.thread) if "nobody has played" in m.content])
            == 2
        )
        await later(bot, clock, days=1)
        assert (await table.game()).row.status == "ended"
        assert emulator.find_message(contains="nobody played for 3 days", channel=table.thread)
        assert "nobody played" in await log_text(emulator, players[0], table)
        assert await bot.store.pending_timers(table.game_id) == []


async def test_a_turn_of_several_actions_keeps_its_deadline(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Playing the first part of a turn restarts the player's reminder but not the deadline,
    which is for the whole turn."""
    clock = FakeClock()
    english = two_english(players)
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, english)
        await open_with(table, deadline="1h", policy="end")
        user, seat = await mover(table)
        await later(bot, clock, minutes=30)
        game = await table.game()
        parts: list[str] = []
        while options := game.engine.choices(game.state, seat, parts):
            parts.append(options[0].token)
            if options[0].complete:
                break
        assert (await table.move(user, " ".join(parts))).content.startswith("✅")
        assert await mover(table) == (user, seat), "the turn goes on"
        timers = {t.kind: t.due_at for t in await bot.store.pending_timers(table.game_id)}
        assert timers["reminder"] == clock.now() + timedelta(hours=8)
        assert timers["deadline"] == clock.now() + timedelta(minutes=30)
        await later(bot, clock, minutes=30)
        assert (await table.game()).row.status == "ended"
