"""Timers, user settings, deadlines, vacations and votes in the SQLite store."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from store import NewTimer, SqliteStore, StoreError, TimerMatch
from tests.store.store_testkit import make_lobby, start_counting

T0 = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


async def test_timers_come_back_earliest_first(memory_store: SqliteStore) -> None:
    """next_timer and due_timers order by due time, whatever the insertion order."""
    game = await start_counting(memory_store)
    for minutes, kind in ((30, "c"), (10, "a"), (20, "b")):
        await memory_store.add_timer(NewTimer(game.id, kind, at(minutes), seat=0, seq=0))
    first = await memory_store.next_timer()
    assert first is not None and first.kind == "a" and first.due_at == at(10)
    due = await memory_store.due_timers(at(25))
    assert [t.kind for t in due] == ["a", "b"]
    assert await memory_store.due_timers(at(5)) == []


async def test_a_timer_is_claimed_once(memory_store: SqliteStore) -> None:
    """The first claim wins, later ones fail; a claimed timer is no longer pending."""
    game = await start_counting(memory_store)
    timer = await memory_store.add_timer(NewTimer(game.id, "reminder", at(1), payload={"x": 1}))
    assert timer.payload == {"x": 1}
    assert await memory_store.claim_timer(timer.id, at(2)) is True
    assert await memory_store.claim_timer(timer.id, at(3)) is False
    assert await memory_store.next_timer() is None
    assert await memory_store.pending_timers(game.id) == []
    await memory_store.finish_timer(timer.id)
    assert await memory_store.claim_timer(timer.id, at(4)) is False


async def test_concurrent_claims_from_two_connections_exactly_one_wins(db_path: Path) -> None:
    """Two processes (two connections to one file) claiming every due timer: each fires once."""
    first = await SqliteStore.open(db_path)
    second = await SqliteStore.open(db_path)
    try:
        game = await start_counting(first)
        timers = [
            await first.add_timer(NewTimer(game.id, "reminder", at(0), seat=0)) for _ in range(5)
        ]
        for timer in timers:
            results = await asyncio.gather(
                first.claim_timer(timer.id, at(1)), second.claim_timer(timer.id, at(1))
            )
            assert sorted(results) == [False, True]
    finally:
        await first.close()
        await second.close()


async def test_replace_timers_cancels_restamps_and_adds(memory_store: SqliteStore) -> None:
    """One call cancels by kind and seat, moves the remaining timers to the new seq, adds."""
    game = await start_counting(memory_store)
    for seat in (0, 1):
        for kind in ("reminder", "deadline"):
            await memory_store.add_timer(NewTimer(game.id, kind, at(10), seat=seat, seq=0))
    lobby_timer = await memory_store.add_timer(NewTimer(game.id, "lobby_warning", at(50)))
    added = await memory_store.replace_timers(
        game.id,
        cancel=[TimerMatch("reminder", 0), TimerMatch(seat=1)],
        add=[NewTimer(game.id, "reminder", at(20), seat=0, seq=3)],
        seq=3,
    )
    assert [t.kind for t in added] == ["reminder"]
    left = await memory_store.pending_timers(game.id)
    assert sorted((t.kind, t.seat, t.seq) for t in left) == [
        ("deadline", 0, 3),
        ("lobby_warning", None, None),
        ("reminder", 0, 3),
    ]
    assert lobby_timer.id in {t.id for t in left}
    await memory_store.replace_timers(game.id, cancel=[TimerMatch()])
    assert await memory_store.pending_timers(game.id) == []


async def test_claimed_timers_follow_cancels_and_restamps(memory_store: SqliteStore) -> None:
    """A timer being handled is restamped and can be cancelled: its handler, reading the row
    again, sees the new seq or that the row is gone. It never becomes pending again."""
    game = await start_counting(memory_store)
    kept = await memory_store.add_timer(NewTimer(game.id, "reminder", at(1), seat=0, seq=0))
    gone = await memory_store.add_timer(NewTimer(game.id, "deadline", at(1), seat=0, seq=0))
    for timer in (kept, gone):
        await memory_store.claim_timer(timer.id, at(1))
    await memory_store.replace_timers(game.id, cancel=[TimerMatch("deadline")], seq=5)
    again = await memory_store.get_timer(kept.id)
    assert again is not None and again.seq == 5 and again.claimed
    assert await memory_store.get_timer(gone.id) is None
    assert await memory_store.pending_timers(game.id) == []
    await memory_store.finish_timer(kept.id)
    assert await memory_store.get_timer(kept.id) is None


async def test_timers_need_an_existing_game_and_aware_times(memory_store: SqliteStore) -> None:
    """An unknown game is refused; so is a naive datetime (it would compare wrongly)."""
    with pytest.raises(StoreError) as refused:
        await memory_store.add_timer(NewTimer(999, "reminder", at(1)))
    assert refused.value.code == "unknown_game"
    game = await start_counting(memory_store)
    with pytest.raises(ValueError, match="aware"):
        await memory_store.add_timer(NewTimer(game.id, "reminder", datetime(2030, 1, 1)))
    with pytest.raises(ValueError, match="belong"):
        await memory_store.replace_timers(game.id, add=[NewTimer(game.id + 1, "x", at(1))])


async def test_pending_timers_survive_a_restart(db_path: Path) -> None:
    """Timers are rows: a new connection to the file finds the unclaimed ones, in order."""
    store = await SqliteStore.open(db_path)
    game = await start_counting(store)
    done = await store.add_timer(NewTimer(game.id, "reminder", at(1), seat=0, seq=0))
    await store.add_timer(NewTimer(game.id, "deadline", at(90), seat=0, seq=0))
    await store.add_timer(NewTimer(game.id, "reminder", at(60), seat=1, seq=0))
    await store.claim_timer(done.id, at(1))
    await store.close()
    reopened = await SqliteStore.open(db_path)
    try:
        pending = await reopened.pending_timers()
        assert [(t.kind, t.due_at) for t in pending] == [("reminder", at(60)), ("deadline", at(90))]
        assert all(not t.claimed for t in pending)
    finally:
        await reopened.close()


async def test_user_settings_set_and_remove(memory_store: SqliteStore) -> None:
    """Settings are a JSON object per user; None removes a key; users can be found by key."""
    assert await memory_store.user_settings(7) == {}
    await memory_store.set_user_setting(7, "language", "hu")
    await memory_store.set_user_setting(7, "dm", True)
    await memory_store.set_user_setting(8, "dm", False)
    assert await memory_store.user_settings(7) == {"language": "hu", "dm": True}
    assert await memory_store.users_with_setting("dm") == {7: True, 8: False}
    await memory_store.set_user_setting(7, "language", None)
    assert await memory_store.users_with_setting("language") == {}


async def test_deadline_set_change_and_remove(memory_store: SqliteStore) -> None:
    """A deadline belongs to a game (even a lobby); a policy must be known."""
    lobby = await make_lobby(memory_store)
    assert await memory_store.deadline(lobby.id) is None
    await memory_store.set_deadline(lobby.id, 3600, "vote")
    row = await memory_store.deadline(lobby.id)
    assert row is not None and (row.turn_seconds, row.policy) == (3600, "vote")
    await memory_store.set_deadline(lobby.id, 60, "drop")
    assert (await memory_store.deadline(lobby.id)) == row.__class__(lobby.id, 60, "drop")
    with pytest.raises(ValueError, match="policy"):
        await memory_store.set_deadline(lobby.id, 60, "explode")
    assert await memory_store.set_deadline(lobby.id, None) is None
    assert await memory_store.deadline(lobby.id) is None


async def test_vacation_pushes_the_seats_timers_and_has_an_allowance(
    memory_store: SqliteStore,
) -> None:
    """Vacation adds up to the allowance, extends from the current one, moves only that seat."""
    game = await start_counting(memory_store)
    mine = await memory_store.add_timer(NewTimer(game.id, "deadline", at(60), seat=0, seq=0))
    other = await memory_store.add_timer(NewTimer(game.id, "deadline", at(60), seat=1, seq=0))
    day = 86400
    first = await memory_store.take_vacation(
        game.id, 1, seat=0, seconds=2 * day, allowance=7 * day, now=T0
    )
    assert first.until == T0 + timedelta(days=2) and first.used_seconds == 2 * day
    second = await memory_store.take_vacation(
        game.id, 1, seat=0, seconds=day, allowance=7 * day, now=at(60)
    )
    assert second.until == T0 + timedelta(days=3) and second.used_seconds == 3 * day
    due = {t.id: t.due_at for t in await memory_store.pending_timers(game.id)}
    assert due[mine.id] == at(60) + timedelta(days=3)
    assert due[other.id] == at(60)
    with pytest.raises(StoreError) as refused:
        await memory_store.take_vacation(
            game.id, 1, seat=0, seconds=5 * day, allowance=7 * day, now=T0
        )
    assert refused.value.code == "vacation_used_up" and refused.value.params["left"] == 4 * day
    assert await memory_store.vacation(game.id, 1) == second


async def test_a_voter_has_one_vote_per_poll(memory_store: SqliteStore) -> None:
    """A second vote replaces the first; polls are separate."""
    assert await memory_store.cast_vote("p1", 1, "drop") == {1: "drop"}
    assert await memory_store.cast_vote("p1", 2, "end") == {1: "drop", 2: "end"}
    assert await memory_store.cast_vote("p1", 1, "wait") == {1: "wait", 2: "end"}
    assert await memory_store.cast_vote("p2", 1, "end") == {1: "end"}
