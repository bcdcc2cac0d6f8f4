"""Processes sharing one database: their leases, and timers claimed by a process that died."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from store import NewTimer, ProcessRow, SqliteStore
from tests.store.store_testkit import start_counting

T0 = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)


def process(name: str, *, lease: float = 60, shards: tuple[int, ...] | None = None) -> ProcessRow:
    """A process row alive for ``lease`` more seconds of real time (negative: expired)."""
    now = datetime.now(UTC)
    count = None if shards is None else 2
    return ProcessRow(name, count, shards, now, now + timedelta(seconds=lease))


async def test_processes_are_listed_while_their_lease_holds(memory_store: SqliteStore) -> None:
    """A beat records a process or moves its lease on; an expired or ended one is not listed."""
    await memory_store.beat(process("a", shards=(0,)))
    await memory_store.beat(process("b", lease=-1))
    await memory_store.beat(process("c"))
    alive = await memory_store.processes()
    listed = [(p.id, p.shard_count, p.shard_ids) for p in alive]
    assert listed == [("a", 2, (0,)), ("c", None, None)]
    await memory_store.beat(process("b"))  # renewed
    await memory_store.end_process("a")
    assert [p.id for p in await memory_store.processes()] == ["b", "c"]


async def test_a_dead_process_s_claim_is_pending_again(memory_store: SqliteStore) -> None:
    """A timer claimed by a living process stays claimed; once that process's lease is over
    (or it ended), the timer is pending again and exactly one other process takes it."""
    game = await start_counting(memory_store)
    timer = await memory_store.add_timer(NewTimer(game.id, "reminder", T0, seat=0, seq=0))
    await memory_store.beat(process("a"))
    await memory_store.beat(process("b"))
    assert await memory_store.claim_timer(timer.id, T0, "a") is True
    assert await memory_store.claim_timer(timer.id, T0, "b") is False
    assert await memory_store.due_timers(T0) == []
    await memory_store.beat(process("a", lease=-1))  # "a" stopped renewing and ran out
    again = await memory_store.due_timers(T0)
    assert [t.id for t in again] == [timer.id] and again[0].claimed
    assert [t.id for t in await memory_store.pending_timers(game.id)] == [timer.id]
    next_one = await memory_store.next_timer()
    assert next_one is not None and next_one.id == timer.id
    assert await memory_store.claim_timer(timer.id, T0, "b") is True
    assert await memory_store.claim_timer(timer.id, T0, "c") is False  # "b" lives
    await memory_store.end_process("b")
    assert await memory_store.claim_timer(timer.id, T0, "c") is True


async def test_a_parked_or_anonymous_claim_is_never_taken_over(memory_store: SqliteStore) -> None:
    """A timer whose handler failed is parked: it stays claimed after its process is gone. So
    does a claim that names no process (made before processes were recorded)."""
    game = await start_counting(memory_store)
    failed = await memory_store.add_timer(NewTimer(game.id, "reminder", T0, seat=0, seq=0))
    old = await memory_store.add_timer(NewTimer(game.id, "deadline", T0, seat=0, seq=0))
    await memory_store.beat(process("a"))
    assert await memory_store.claim_timer(failed.id, T0, "a")
    await memory_store.park_timer(failed.id)
    assert await memory_store.claim_timer(old.id, T0)
    await memory_store.end_process("a")
    assert await memory_store.due_timers(T0) == []
    assert await memory_store.claim_timer(failed.id, T0, "b") is False
    assert await memory_store.claim_timer(old.id, T0, "b") is False
    parked = await memory_store.get_timer(failed.id)
    assert parked is not None and parked.claimed


async def test_park_leaves_an_unclaimed_timer_pending(memory_store: SqliteStore) -> None:
    """Parking is for a claimed timer only: an unclaimed one is still fired."""
    game = await start_counting(memory_store)
    timer = await memory_store.add_timer(NewTimer(game.id, "reminder", T0, seat=0, seq=0))
    await memory_store.park_timer(timer.id)
    assert [t.id for t in await memory_store.due_timers(T0)] == [timer.id]


async def test_next_timer_after_a_moment(memory_store: SqliteStore) -> None:
    """``after`` skips the timers due by then (they are another process's to fire)."""
    game = await start_counting(memory_store)
    for minutes in (0, 10, 20):
        await memory_store.add_timer(
            NewTimer(game.id, "reminder", T0 + timedelta(minutes=minutes), seat=0, seq=0)
        )
    later = await memory_store.next_timer(after=T0 + timedelta(minutes=5))
    assert later is not None and later.due_at == T0 + timedelta(minutes=10)
    assert await memory_store.next_timer(after=T0 + timedelta(minutes=20)) is None


async def test_long_dead_processes_are_forgotten(memory_store: SqliteStore) -> None:
    """A beat deletes the rows of processes that expired more than a day ago."""
    await memory_store.beat(process("ancient", lease=-2 * 86400))
    await memory_store.beat(process("recent", lease=-60))
    await memory_store.beat(process("me"))
    rows = await memory_store._read("SELECT id FROM processes ORDER BY id")
    assert [r[0] for r in rows] == ["me", "recent"]
