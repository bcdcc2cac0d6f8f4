"""Timer dispatchers of two processes on one database (each with its presence): who fires
which timer, and the takeover of a timer whose process died in its handler."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.presence import Presence, Shards
from host.timers import TimerDispatcher, post_nonce
from store import NewTimer, ProcessRow, SqliteStore, TimerRow
from tests.store.store_testkit import make_lobby

#: A server on shard 0 and one on shard 1 of two.
GUILD_0, GUILD_1 = 10, 1 << 22


@pytest.fixture
async def stores(tmp_path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    """Two connections to one file, as two processes have."""
    first = await SqliteStore.open(tmp_path / "shared.sqlite3")
    second = await SqliteStore.open(tmp_path / "shared.sqlite3")
    yield first, second
    await first.close()
    await second.close()


class Handler:
    """Notes what fired where; a timer named ``hang`` blocks until released (in the first
    process only: ``hangs``)."""

    def __init__(self, where: str, fired: list[tuple[str, str, str | None]]) -> None:
        self.where = where
        self.fired = fired
        self.release = asyncio.Event()
        self.entered = asyncio.Event()
        self.hangs = where == "shard0"

    async def __call__(self, timer: TimerRow) -> None:
        name = timer.payload["name"]
        self.fired.append((self.where, name, post_nonce()))
        if name == "hang" and self.hangs:
            self.entered.set()
            await self.release.wait()
        if name == "fail":
            raise RuntimeError("this handler fails")


async def process(
    store: SqliteStore, shard: int, clock: FakeClock, fired: list[tuple[str, str, str | None]]
) -> tuple[Presence, TimerDispatcher, Handler]:
    presence = Presence(store, Shards(2, (shard,)), lease=timedelta(seconds=30))
    await presence.start()
    dispatcher = TimerDispatcher(store, clock, presence=presence)
    handler = Handler(f"shard{shard}", fired)
    dispatcher.register("test", handler)
    return presence, dispatcher, handler


async def due_timer(store: SqliteStore, guild_id: int, clock: FakeClock, name: str) -> TimerRow:
    lobby = await make_lobby(store, guild_id=guild_id)
    return await store.add_timer(NewTimer(lobby.id, "test", clock.now(), payload={"name": name}))


async def test_each_process_fires_the_timers_of_its_own_servers(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """Both dispatchers look at every due timer; each fires only its shard's."""
    clock = FakeClock()
    fired: list[tuple[str, str, str | None]] = []
    p0, d0, _ = await process(stores[0], 0, clock, fired)
    p1, d1, _ = await process(stores[1], 1, clock, fired)
    try:
        await due_timer(stores[0], GUILD_0, clock, "zero")
        await due_timer(stores[0], GUILD_1, clock, "one")
        assert await d1.fire_due() == 1
        assert await d0.fire_due() == 1
        assert await d1.fire_due() == 0
        assert sorted(fired) == [("shard0", "zero", fired[1][2]), ("shard1", "one", fired[0][2])]
        assert await stores[0].pending_timers() == []
    finally:
        await p0.stop()
        await p1.stop()


async def test_a_dead_process_s_timer_is_taken_over_once(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """Shard 0's process claims a timer and dies in its handler (its lease runs out). The
    timer is pending again: the other process, now serving shard 0's server as nobody else
    does, runs it once, with the same nonces for its posts."""
    clock = FakeClock()
    fired: list[tuple[str, str, str | None]] = []
    p0, d0, h0 = await process(stores[0], 0, clock, fired)
    p1, d1, _ = await process(stores[1], 1, clock, fired)
    try:
        timer = await due_timer(stores[0], GUILD_0, clock, "hang")
        assert await d1.fire_due() == 0  # shard 0's process lives: not for shard 1
        stuck = asyncio.ensure_future(d0.fire_due())
        await h0.entered.wait()
        await p0.stop()  # it stops renewing and its row is gone, as when its lease ran out
        assert await d1.fire_due() == 1
        assert [(where, name) for where, name, _ in fired] == [
            ("shard0", "hang"),
            ("shard1", "hang"),
        ]
        assert fired[0][2] == fired[1][2] == f"t{timer.id}.0"
        h0.release.set()  # a dead process would never get here; this one finds nothing left
        assert await stuck == 1
        assert await stores[0].get_timer(timer.id) is None
    finally:
        await p1.stop()


async def test_a_failed_handler_is_parked_not_taken_over(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """A handler that raises is not run again, not even by another process once the first
    process is gone."""
    clock = FakeClock()
    fired: list[tuple[str, str, str | None]] = []
    p0, d0, _ = await process(stores[0], 0, clock, fired)
    p1, d1, _ = await process(stores[1], 1, clock, fired)
    try:
        await due_timer(stores[0], GUILD_0, clock, "fail")
        assert await d0.fire_due() == 0
        await p0.stop()
        assert await d1.fire_due() == 0
        assert [(where, name) for where, name, _ in fired] == [("shard0", "fail")]
    finally:
        await p1.stop()


async def test_a_process_whose_lease_lapsed_claims_nothing(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """Until it renews again, a process that could not renew its lease leaves every timer
    alone (another may be taking its claims over)."""
    clock = FakeClock()
    fired: list[tuple[str, str, str | None]] = []
    p0, d0, _ = await process(stores[0], 0, clock, fired)
    try:
        await due_timer(stores[0], GUILD_0, clock, "zero")
        p0._renewed -= p0.lease.total_seconds()  # as if the last renewals had failed
        assert not p0.alive()
        assert await d0.fire_due() == 0
        await p0.renew()
        assert await d0.fire_due() == 1
    finally:
        await p0.stop()


async def test_nonces_are_only_for_timer_handlers() -> None:
    """Outside a handler there is no nonce: a command's messages are posted as they are."""
    assert post_nonce() is None


async def test_the_running_dispatcher_takes_over_when_its_presence_renews(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """No timer is due later and nothing pokes the dispatcher: the renewal of its lease
    does, so a dead process's claim is found without anything else happening."""
    clock = FakeClock()
    fired: list[tuple[str, str, str | None]] = []
    store = stores[1]
    presence = Presence(store, Shards(2, (1,)), lease=timedelta(seconds=0.4))
    dispatcher = TimerDispatcher(store, clock, presence=presence)
    presence.on_beat = dispatcher.poke
    dispatcher.register("test", Handler("shard1", fired))
    timer = await due_timer(stores[0], GUILD_0, clock, "zero")
    now = datetime.now(UTC)
    await stores[0].beat(ProcessRow("doomed", 2, (0,), now, now + timedelta(seconds=0.3)))
    assert await stores[0].claim_timer(timer.id, clock.now(), "doomed")
    await presence.start()
    dispatcher.start()
    try:
        await dispatcher.settle()
        assert fired == []  # "doomed" still lives
        for _ in range(100):
            if fired:
                break
            await asyncio.sleep(0.05)
        assert [(where, name) for where, name, _ in fired] == [("shard1", "zero")]
    finally:
        await dispatcher.stop()
        await presence.stop()


async def test_two_processes_on_the_same_shard_are_warned_about(
    stores: tuple[SqliteStore, SqliteStore], caplog: pytest.LogCaptureFixture
) -> None:
    """Each shard must run in one process: the second to start says which process it meets."""
    first = Presence(stores[0], Shards(2, (0,)))
    second = Presence(stores[1], Shards(2, (0, 1)))
    other = Presence(stores[1], Shards(2, (1,)))
    await first.start()
    try:
        with caplog.at_level("WARNING", logger="host.presence"):
            await other.start()
            assert caplog.messages == []
            await second.start()
        assert any(first.id in m and "same shards" in m for m in caplog.messages)
    finally:
        for presence in (first, second, other):
            await presence.stop()


async def test_a_timer_of_an_unreadable_game_does_not_stop_the_others(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """Whose server a game is in cannot be read from a damaged row: its timer goes to its
    handler (which sets the game aside), and the timers after it still fire."""
    clock = FakeClock()
    fired: list[tuple[str, str, str | None]] = []
    p0, d0, _ = await process(stores[0], 0, clock, fired)
    try:
        bad = await due_timer(stores[0], GUILD_0, clock, "bad")
        await due_timer(stores[0], GUILD_0, clock, "good")
        db = sqlite3.connect(stores[0].path)
        db.execute("UPDATE games SET options = 'not json' WHERE id = ?", (bad.game_id,))
        db.commit()
        db.close()
        assert await d0.fire_due() == 2
        assert sorted(name for _, name, _ in fired) == ["bad", "good"]
    finally:
        await p0.stop()


async def test_a_task_a_handler_starts_posts_without_its_nonces(
    stores: tuple[SqliteStore, SqliteStore],
) -> None:
    """The nonces are the handler's own, in its own order: a task it starts (a worker that
    lives on, posting later) inherits the context but gets none, and takes none from it."""
    store, _ = stores
    clock = FakeClock()
    seen: dict[str, list[str | None]] = {"handler": [], "task": []}
    spawned: list[asyncio.Task[None]] = []

    async def worker() -> None:
        seen["task"].append(post_nonce())

    async def handler(timer: TimerRow) -> None:
        seen["handler"].append(post_nonce())
        spawned.append(asyncio.create_task(worker()))
        await spawned[-1]
        seen["handler"].append(post_nonce())

    dispatcher = TimerDispatcher(store, clock)
    dispatcher.register("test", handler)
    timer = await due_timer(store, GUILD_0, clock, "spawns")
    assert await dispatcher.fire_due() == 1
    assert seen == {"handler": [f"t{timer.id}.0", f"t{timer.id}.1"], "task": [None]}
