"""The timer dispatcher on a real SQLite store and a fake clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from host.clock import FakeClock
from host.timers import TimerDispatcher
from store import NewTimer, SqliteStore, TimerRow
from tests.store.store_testkit import start_counting


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "timers.sqlite3")
    yield opened
    await opened.close()


class Recorder:
    """A handler that notes which timers fired, at what fake time."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.fired: list[tuple[str, timedelta]] = []
        self.start = clock.now()

    async def __call__(self, timer: TimerRow) -> None:
        self.fired.append((timer.payload["name"], self.clock.now() - self.start))


def timer(game_id: int, clock: FakeClock, minutes: float, name: str) -> NewTimer:
    due = clock.now() + timedelta(minutes=minutes)
    return NewTimer(game_id, "test", due, payload={"name": name})


async def running(store: SqliteStore, clock: FakeClock, handler: Recorder) -> TimerDispatcher:
    dispatcher = TimerDispatcher(store, clock)
    dispatcher.register("test", handler)
    dispatcher.start()
    await dispatcher.settle()
    return dispatcher


async def test_timers_fire_earliest_first_at_their_time(store: SqliteStore) -> None:
    """Nothing fires early; when time jumps past several, they fire in due order."""
    clock = FakeClock()
    game = await start_counting(store)
    for minutes, name in ((30, "late"), (10, "early"), (20, "middle")):
        await store.add_timer(timer(game.id, clock, minutes, name))
    recorder = Recorder(clock)
    dispatcher = await running(store, clock, recorder)
    try:
        clock.advance(timedelta(minutes=9))
        await dispatcher.settle()
        assert recorder.fired == []
        clock.advance(timedelta(minutes=1))
        await dispatcher.settle()
        assert [name for name, _ in recorder.fired] == ["early"]
        clock.advance(timedelta(hours=1))
        await dispatcher.settle()
        assert [name for name, _ in recorder.fired] == ["early", "middle", "late"]
        assert await store.pending_timers() == []
    finally:
        await dispatcher.stop()


async def test_an_earlier_new_timer_wakes_the_sleeping_dispatcher(store: SqliteStore) -> None:
    """While it sleeps for a timer an hour away, one due in a minute still fires on time."""
    clock = FakeClock()
    game = await start_counting(store)
    recorder = Recorder(clock)
    dispatcher = await running(store, clock, recorder)
    try:
        await dispatcher.add(timer(game.id, clock, 60, "hour"))
        await dispatcher.settle()
        await dispatcher.add(timer(game.id, clock, 1, "minute"))
        await dispatcher.settle()
        clock.advance(timedelta(minutes=1))
        await dispatcher.settle()
        assert recorder.fired == [("minute", timedelta(minutes=1))]
    finally:
        await dispatcher.stop()


async def test_only_a_timer_due_sooner_wakes_the_sleeping_dispatcher(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A timer due no earlier than the one the dispatcher sleeps for (every move's reminder,
    hours ahead) lets it sleep on; one due sooner makes it read the table again."""
    clock = FakeClock()
    game = await start_counting(store)
    recorder = Recorder(clock)
    dispatcher = await running(store, clock, recorder)
    rounds: list[int] = []
    reading = store.due_timers

    async def counted(*args: object, **kwargs: object) -> list[TimerRow]:
        rounds.append(1)
        return await reading(*args, **kwargs)  # type: ignore[arg-type]

    async def looked() -> bool:
        for _ in range(200):
            if rounds:
                return True
            await asyncio.sleep(0.01)
        return False

    monkeypatch.setattr(store, "due_timers", counted)
    try:
        await dispatcher.add(timer(game.id, clock, 60, "hour"))  # it slept for nothing
        assert await looked()
        await dispatcher.settle()
        rounds.clear()
        await dispatcher.add(timer(game.id, clock, 60, "same time"))
        await dispatcher.replace(game.id, add=[timer(game.id, clock, 90, "later")])
        await asyncio.sleep(0.1)
        assert rounds == []
        await dispatcher.replace(game.id, add=[timer(game.id, clock, 30, "sooner")])
        assert await looked()
        clock.advance(timedelta(minutes=30))
        await dispatcher.settle()
        assert recorder.fired == [("sooner", timedelta(minutes=30))]
    finally:
        await dispatcher.stop()


async def test_pending_timers_fire_after_a_restart(tmp_path: Path) -> None:
    """A timer scheduled before a stop fires after the next start, once, and those already
    overdue at start fire at once."""
    path = tmp_path / "restart.sqlite3"
    clock = FakeClock()
    first_store = await SqliteStore.open(path)
    game = await start_counting(first_store)
    first = await running(first_store, clock, Recorder(clock))
    await first.add(timer(game.id, clock, 5, "overdue"))
    await first.add(timer(game.id, clock, 60, "later"))
    await first.stop()
    await first_store.close()

    clock.advance(timedelta(minutes=10))
    second_store = await SqliteStore.open(path)
    recorder = Recorder(clock)
    second = await running(second_store, clock, recorder)
    try:
        assert [name for name, _ in recorder.fired] == ["overdue"]
        clock.advance(timedelta(hours=1))
        await second.settle()
        assert [name for name, _ in recorder.fired] == ["overdue", "later"]
    finally:
        await second.stop()
        await second_store.close()


async def test_two_dispatchers_on_one_database_fire_each_timer_once(tmp_path: Path) -> None:
    """Two processes' dispatchers race for the same due timers: every timer fires once."""
    path = tmp_path / "two.sqlite3"
    clock = FakeClock()
    stores = [await SqliteStore.open(path), await SqliteStore.open(path)]
    game = await start_counting(stores[0])
    for n in range(20):
        await stores[0].add_timer(timer(game.id, clock, 1, f"t{n}"))
    recorders = [Recorder(clock), Recorder(clock)]
    dispatchers = [await running(s, clock, r) for s, r in zip(stores, recorders, strict=True)]
    try:
        clock.advance(timedelta(minutes=1))
        await asyncio.gather(*(d.settle() for d in dispatchers))
        names = [name for r in recorders for name, _ in r.fired]
        assert sorted(names) == sorted(f"t{n}" for n in range(20))
    finally:
        for dispatcher in dispatchers:
            await dispatcher.stop()
        for opened in stores:
            await opened.close()


async def test_a_failing_handler_is_not_retried_and_others_still_fire(
    store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    """A handler that raises is logged; its timer stays claimed (never fired twice)."""
    clock = FakeClock()
    game = await start_counting(store)
    calls: list[str] = []

    async def flaky(timer_row: TimerRow) -> None:
        calls.append(timer_row.payload["name"])
        if timer_row.payload["name"] == "bad":
            raise RuntimeError("boom")

    dispatcher = TimerDispatcher(store, clock)
    dispatcher.register("test", flaky)
    dispatcher.start()
    try:
        await dispatcher.add(timer(game.id, clock, 1, "bad"))
        await dispatcher.add(timer(game.id, clock, 2, "good"))
        clock.advance(timedelta(minutes=5))
        await dispatcher.settle()
        clock.advance(timedelta(minutes=5))
        await dispatcher.settle()
        assert calls == ["bad", "good"]
        assert "boom" in caplog.text
        assert await store.pending_timers() == []
    finally:
        await dispatcher.stop()


async def test_one_handler_per_kind_and_settle_needs_a_running_dispatcher(
    store: SqliteStore,
) -> None:
    """Registering a kind twice is a programming error; so is settling a stopped dispatcher."""
    dispatcher = TimerDispatcher(store, FakeClock())
    dispatcher.register("test", Recorder(FakeClock()))
    with pytest.raises(ValueError):
        dispatcher.register("test", Recorder(FakeClock()))
    with pytest.raises(RuntimeError):
        await dispatcher.settle()
