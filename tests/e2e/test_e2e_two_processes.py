"""Two bot processes, one per shard, on one PostgreSQL database (docs/scaling.md).

Games run in a server of each shard. Reminders come due every few seconds of play. The
process of shard 0 is killed with SIGKILL in the middle of play; the other keeps playing its
server and takes over the dead one's timers once its lease is over; then the killed one comes
back. Nothing confirmed is lost, every game is resumable and its thread shows it as stored,
and no timer fired twice (a timer whose run the kill cut off may run again, and Discord
posts its messages once: their nonces).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

import rules
from playground import Emulator, FakeUser, Guild
from rules.core import Rng
from rules.selfplay import random_action
from store import SqliteStore
from store.connect import open_store
from tests.e2e.table_driver import connected, said
from tests.store.pg_testkit import PG_URL, pg_schema

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
#: Seconds: a process's lease, and the reminder delay of every seat.
LEASE, REMINDER = 2.0, 3.0
#: The nonce of a message a timer handler posts (host.timers.post_nonce); discord.py gives
#: every other message a random one.
TIMER_NONCE = re.compile(r"t\d+\.\d+")


@pytest.fixture
async def database() -> AsyncIterator[str]:
    if not PG_URL:
        if os.environ.get("CI"):
            pytest.fail("TABLEHOST_TEST_PG_URL is not set (.ci/run starts a PostgreSQL server)")
        pytest.skip("TABLEHOST_TEST_PG_URL is not set")
    async with pg_schema() as url:
        yield url


@asynccontextmanager
async def bot_process(
    emu: Emulator, url: str, shard: int
) -> AsyncIterator[asyncio.subprocess.Process]:
    """The bot of shard ``shard`` of 2 as a child process, once its shard is connected."""
    before = set(emu.gateway.sessions)
    proc = await asyncio.create_subprocess_exec(
        *[sys.executable, "-m", "bench.bot_process", emu.url, emu.token, url],
        *["--shards", "2", str(shard), "--render-workers", "0"],
        *["--lease", str(LEASE), "--reminder", str(REMINDER), "--limits", "0", "0"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await connected(emu, proc, before, shard=[shard, 2])
        yield proc
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
        await proc.wait()


class Tables:
    """The games as the database holds them, and the players' side of them."""

    def __init__(self, emu: Emulator, store: SqliteStore, users: dict[int, FakeUser]) -> None:
        self.emu, self.store, self.users = emu, store, users
        self.rng = random.Random(20261202)
        #: (game id, seq, action) of every move the bot confirmed.
        self.confirmed: list[tuple[int, int, str]] = []

    async def running(self, guild: Guild) -> list[Any]:
        return [
            g
            for g in await self.store.list_games(guild.id, ("running",))
            if g.thread_id is not None
        ]

    async def open_game(self, channel: int, creator: FakeUser, other: FakeUser) -> None:
        await answer(
            await self.emu.slash(creator, "game new", channel=channel, game="civ", seats=2)
        )
        lobby = self.emu.message(max(m.id for m in self.emu.messages(channel) if m.buttons))
        await answer(await self.emu.press(other, lobby, label="Join"))
        await answer(await self.emu.press(creator, lobby, label="Start"))

    async def move(self, guild: Guild) -> bool:
        """One legal move in a random running game of ``guild``; whether it was confirmed."""
        games = await self.running(guild)
        if not games:
            return False
        row = self.rng.choice(games)
        engine = rules.get_game(row.game)
        snap = await self.store.snapshot(row.id)
        assert snap is not None
        state = engine.from_json(snap[1])
        pending = engine.pending(state)
        if not pending or engine.outcome(state) is not None:
            return False
        seat = pending[0].seat
        action = random_action(engine, state, seat, Rng(self.rng.randrange(2**31)))
        user_id = next(s.user_id for s in await self.store.seats(row.id) if s.seat == seat)
        result = await self.emu.slash(
            self.users[user_id], "move", channel=row.thread_id, action=action
        )
        text = await answer(result)
        if text is not None and text.startswith("✅"):
            self.confirmed.append((row.id, snap[0] + 1, action))
            return True
        return False

    async def play(self, guilds: list[Guild], seconds: float) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while loop.time() < end:
            await self.move(self.rng.choice(guilds))

    async def lost(self) -> list[tuple[int, int, str]]:
        """Confirmed moves the log does not hold."""
        missing = []
        logs: dict[int, dict[int, str]] = {}
        for game_id, seq, action in self.confirmed:
            if game_id not in logs:
                logs[game_id] = {a.seq: a.text for a in await self.store.actions(game_id)}
            if logs[game_id].get(seq) != action:
                missing.append((game_id, seq, action))
        return missing

    async def behind(self, guilds: list[Guild]) -> list[tuple[int, int, int | None]]:
        """Games whose latest table post does not show their stored seq."""
        late = []
        for guild in guilds:
            for row in await self.running(guild):
                shown = table_seq(self.emu, row.thread_id)
                if shown != row.seq:
                    late.append((row.id, row.seq, shown))
        return late


async def answer(result: Any, timeout: float = 4.0) -> str | None:
    """The bot's last answer text, or None when none came."""
    try:
        await result.done(timeout)
        if result.deferred:
            await result.wait_for_messages(1, timeout=timeout)
    except Exception:
        return None
    return result.messages[-1].content if result.messages else None


def table_seq(emu: Emulator, thread_id: int) -> int | None:
    """The seq on the buttons of the thread's latest table post."""
    posts = [m for m in emu.messages(thread_id) if not m.ephemeral and m.buttons]
    for message in reversed(posts):
        for button in message.buttons:
            parts = str(button.get("custom_id", "")).split(":")
            if parts[0] == "t":
                return int(parts[2])
    return None


async def eventually(check: Any, timeout: float = 15.0) -> Any:
    """``await check()`` until it returns something falsy (then that), or fail with its last
    value after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        found = await check()
        if not found:
            return found
        if loop.time() > end:
            raise AssertionError(found)
        await asyncio.sleep(0.2)


def reminders(emu: Emulator, guild: Guild, since: float, until: float) -> list[Any]:
    """The timers' reminders posted in ``guild``'s threads between two emulator times."""
    return [
        m
        for m in emu.state.messages.values()
        if m.guild_id == guild.id
        and m.nonce is not None
        and said(m.content, "timers.reminder")
        and since <= m.created_at.timestamp() <= until
    ]


async def test_two_processes_share_one_database_and_survive_a_kill(
    emulator: Emulator, database: str
) -> None:
    emu = emulator
    emu.gateway.shards = 2
    guilds = [
        emu.add_guild("Even", owner="evan", shard=(0, 2)),
        emu.add_guild("Odd", owner="olga", shard=(1, 2)),
    ]
    channels = [emu.add_channel("games", guild=g).id for g in guilds]
    alice = emu.add_user("Alice", guild=guilds[0])
    bob = emu.add_user("Bob", guild=guilds[0])
    for user in (alice, bob):
        emu.join_guild(user, guilds[1])
    store = await open_store(database)
    tables = Tables(emu, store, {alice.id: alice, bob.id: bob})
    try:
        async with bot_process(emu, database, 1):
            async with bot_process(emu, database, 0) as first:
                for channel in channels:
                    await tables.open_game(channel, alice, bob)
                    await tables.open_game(channel, bob, alice)
                assert [len(await tables.running(g)) for g in guilds] == [2, 2]
                await tables.play(guilds, 6.0)
                # Killed in the middle of play (its server's moves just made have their
                # reminders due soon); the other process plays on.
                kill = tables.rng.uniform(0.1, 1.5)
                killed = emu.state.now() + kill
                asyncio.get_running_loop().call_later(kill, first.send_signal, signal.SIGKILL)
                await tables.play(guilds, kill)
                await first.wait()
            await tables.play(guilds[1:], LEASE + REMINDER + 2.0)
            # The dead process's server was served by the living one: its reminders came.
            back = emu.state.now()
            taken = reminders(emu, guilds[0], killed + LEASE / 2, back)
            assert taken, "no reminder of the dead process's server was posted"
            async with bot_process(emu, database, 0):
                await tables.play(guilds, 4.0)
                await eventually(lambda: tables.behind(guilds))
                # Every game takes moves again, in both servers.
                for guild in guilds:
                    for row in await tables.running(guild):
                        before = row.seq
                        for _ in range(10):
                            if (await store.get_game(row.id)).seq > before:  # type: ignore[union-attr]
                                break
                            await tables.move(guild)
                assert await eventually(lambda: tables.behind(guilds)) == []
        assert await tables.lost() == []
        assert len(tables.confirmed) >= 10
        # No timer fired twice, but one whose run the kill may have cut off (its nonces
        # were first asked for just before the kill).
        repeated = {
            nonce: times
            for nonce, times in emu.state.nonce_requests.items()
            if TIMER_NONCE.fullmatch(nonce)
            and len(times) > 1
            and not killed - 2.0 <= times[0] <= killed
        }
        assert repeated == {}
        nonces = [m.nonce for m in emu.state.messages.values() if m.nonce is not None]
        assert len(nonces) == len(set(nonces))
        assert await store.pending_timers() != []  # the games still wait for their players
    finally:
        await store.close()
