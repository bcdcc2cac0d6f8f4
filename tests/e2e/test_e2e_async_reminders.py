"""Reminders through the emulator on a fake clock: thread mentions, DMs, quiet hours, restarts,
and /settings (also the language of private replies)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

import locales
from discordui.client import TableBot
from host.clock import FakeClock
from host.config import Config
from playground import Emulator, FakeUser, Message, running_bot
from rules.core import Rng
from tests.e2e.stores import opened
from tests.e2e.table_driver import MACHINE_SPEED, Table, finished

pytestmark = pytest.mark.e2e


@contextlib.asynccontextmanager
async def clocked_bot(
    emulator: Emulator, db: Path, clock: FakeClock, **config: Any
) -> AsyncIterator[TableBot]:
    """The production bot on the database ``db`` names (tests/e2e/stores.py) and a fake
    clock, connected to ``emulator``."""
    async with opened(db) as (store, stored):
        settings = Config(**stored, **{"render_workers": 0, **MACHINE_SPEED, **config})
        bot = TableBot(settings, store, clock=clock, guild_ready_timeout=0.05)
        async with running_bot(bot, emulator):
            yield bot


async def later(bot: TableBot, clock: FakeClock, **delta: float) -> None:
    """Move the fake clock and wait until every timer due by then has been handled."""
    clock.advance(timedelta(**delta))
    await bot.timers.settle()


def reminders(emulator: Emulator, channel: Any) -> list[Message]:
    """The reminder posts (⏰) in a channel, oldest first."""
    return [m for m in emulator.messages(channel) if m.content.startswith("⏰")]


async def mover(table: Table) -> tuple[FakeUser, int]:
    """The user asked to act first, and their seat."""
    game = await table.game()
    seat = game.pending()[0].seat
    return table.user_for(game, seat), seat


async def play_once(table: Table, user: FakeUser, seat: int, seed: int = 0) -> None:
    """One whole action for ``seat`` (a turn may take several: play, then effects)."""
    game = await table.game()
    answer = await table.move(user, await table.pick_action(game, seat, Rng(seed)))
    assert answer.content.startswith("✅"), answer.content


async def test_reminder_mentions_the_waiting_player_after_the_delay(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Nothing before the delay; then one mention naming the game and what is asked."""
    clock = FakeClock()
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        user, _ = await mover(table)
        await later(bot, clock, hours=7, minutes=59)
        assert reminders(emulator, table.thread) == []
        await later(bot, clock, minutes=1)
        [sent] = reminders(emulator, table.thread)
        assert user.mention in sent.content and f"#{table.game_id}" in sent.content
        assert "is waiting for you" in sent.content
        await later(bot, clock, days=3)
        assert len(reminders(emulator, table.thread)) == 1, "a prompt is reminded once"


async def test_no_reminder_for_a_player_who_moved_first(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Moving cancels your reminder; the next player's counts from when they were asked."""
    clock = FakeClock()
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        first, seat = await mover(table)
        await later(bot, clock, hours=7)
        rng = Rng(3)
        while (await mover(table))[0] == first:  # finish the whole turn
            game = await table.game()
            await table.move(first, await table.pick_action(game, seat, rng))
        second, _ = await mover(table)
        await later(bot, clock, hours=2)
        assert reminders(emulator, table.thread) == []
        await later(bot, clock, hours=6)
        [sent] = reminders(emulator, table.thread)
        assert second.mention in sent.content and first.mention not in sent.content


async def test_dm_reminder_and_fallback_to_the_thread_when_dms_fail(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """With dm on, the reminder is a DM linking the thread; a refused DM goes to the thread."""
    clock = FakeClock()
    alice, bob = players[0], players[1]
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        for user in (alice, bob):
            await finished(await emulator.slash(user, "settings", dm=True, reminder="1h"))
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        first, seat = await mover(table)
        await later(bot, clock, hours=1)
        dm = emulator.dm_channel(first)
        assert dm is not None
        [direct] = emulator.messages(dm)
        assert f"<#{table.thread.id}>" in direct.content and f"#{table.game_id}" in direct.content
        assert reminders(emulator, table.thread) == []

        while (await mover(table))[0] == first:
            game = await table.game()
            await table.move(first, await table.pick_action(game, seat, Rng(5)))
        second, _ = await mover(table)
        # The second player blocks DMs from the server: Discord refuses to open the channel.
        emulator.fail_next("POST", r"^/users/@me/channels$", status=403, code=50007)
        await later(bot, clock, hours=1)
        assert emulator.dm_channel(second) is None
        [fallback] = reminders(emulator, table.thread)
        assert second.mention in fallback.content


async def test_quiet_hours_postpone_a_reminder_to_their_end(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Due at 22:00 Budapest time inside 22:00-07:00: sent at 07:00 local (06:00 UTC)."""
    clock = FakeClock()  # Monday 09:00 UTC = 10:00 in Budapest
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        for user in players[:2]:
            r = await emulator.slash(
                user, "settings", reminder="12h", quiet="22:00-07:00", timezone="Europe/Budapest"
            )
            answer = await finished(r)
            assert "22:00-07:00" in answer.content and "Europe/Budapest" in answer.content
        table = Table(emulator, bot, players[:2])
        await table.open()
        await later(bot, clock, hours=12)
        assert reminders(emulator, table.thread) == []
        await later(bot, clock, hours=8, minutes=59)
        assert reminders(emulator, table.thread) == []
        await later(bot, clock, minutes=1)
        assert len(reminders(emulator, table.thread)) == 1
        assert clock.now().hour == 6


async def test_a_pending_reminder_survives_a_restart(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A new bot on the same database sends the reminder the old one had scheduled, once."""
    clock = FakeClock()
    db = tmp_path / "bot.sqlite3"
    async with clocked_bot(emulator, db, clock) as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        user, _ = await mover(table)
        await later(bot, clock, hours=4)
    clock.advance(timedelta(hours=5))  # the reminder fell due while the bot was down
    async with clocked_bot(emulator, db, clock) as bot:
        await bot.timers.settle()
        [sent] = reminders(emulator, table.thread)
        assert user.mention in sent.content
        await later(bot, clock, days=2)
        assert len(reminders(emulator, table.thread)) == 1


async def test_settings_language_changes_private_replies(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Bob's client is Hungarian; after /settings language:en his private replies are English,
    also after a restart, and language:auto goes back."""
    bob = players[1]
    clock = FakeClock()
    db = tmp_path / "bot.sqlite3"
    async with clocked_bot(emulator, db, clock):
        before = await finished(await emulator.slash(bob, "game join", game=999))
        assert before.content == "⚠️ " + locales.t("hu", "error.unknown_game", game=999)
        shown = await finished(await emulator.slash(bob, "settings", language="en"))
        assert locales.t("en", "settings.title") in shown.content
    async with clocked_bot(emulator, db, clock):
        after = await finished(await emulator.slash(bob, "game join", game=999))
        assert after.content == "⚠️ " + locales.t("en", "error.unknown_game", game=999)
        bad = await finished(await emulator.slash(bob, "settings", reminder="soon"))
        assert bad.content.startswith("⚠️") and "90m" in bad.content
        await finished(await emulator.slash(bob, "settings", language="auto"))
        again = await finished(await emulator.slash(bob, "game join", game=999))
        assert again.content == before.content


async def test_time_zone_autocomplete(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Typing part of a city offers zoneinfo names."""
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", FakeClock()):
        found = await emulator.autocomplete(
            players[0], "settings", focused="timezone", timezone="budap"
        )
        assert [c["value"] for c in found] == ["Europe/Budapest"]
