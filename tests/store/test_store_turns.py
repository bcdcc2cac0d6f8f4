"""What each seat's pickers are checked against, the pings an edit still owes and the held
deadlines (migration 9)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from store_testkit import COUNTING, make_lobby, start_counting

from store import CachedStore, NewTimer, SqliteStore, Store

DUE = datetime(2030, 1, 1, tzinfo=UTC)


async def _move(store: Store, game_id: int, seq: int, **kwargs: object) -> int:
    state = COUNTING.setup(["p1", "p2"], {"target": 10}, 4)
    return await store.record(
        game_id,
        expected_seq=seq,
        seat=0,
        user_id=1,
        kind="move",
        text="add 1",
        snapshot=COUNTING.to_json(state),
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("cached", [False, True])
async def test_record_renews_only_the_seats_named(memory_store: SqliteStore, cached: bool) -> None:
    """``since`` starts at the start's seq; a move renews the seats it names, no others."""
    store: Store = CachedStore(memory_store) if cached else memory_store
    game = await start_counting(memory_store)
    assert [s.since for s in await store.seats(game.id)] == [0, 0]
    seq = await _move(store, game.id, 0, renew=[1])
    assert [s.since for s in await store.seats(game.id)] == [0, seq]
    seq = await _move(store, game.id, seq)
    assert [s.since for s in await store.seats(game.id)] == [0, 1]
    await _move(store, game.id, seq, renew=[0, 1])
    assert [s.since for s in await store.seats(game.id)] == [3, 3]


@pytest.mark.parametrize("cached", [False, True])
async def test_pings_add_up_until_announced(memory_store: SqliteStore, cached: bool) -> None:
    """The seats to mention add up over undelivered edits and go with the announcement; an
    announcement for an older seq leaves them."""
    store: Store = CachedStore(memory_store) if cached else memory_store
    game = await start_counting(memory_store)
    assert await store.announced(game.id, 0)  # the start's new post
    seq = await _move(store, game.id, 0, announce=False, ping=[1])
    seq = await _move(store, game.id, seq, announce=False, ping=[0])
    row = await store.get_game(game.id)
    assert row is not None and row.ping == (0, 1) and row.announce is False
    assert not await store.announced(game.id, seq - 1)
    row = await store.get_game(game.id)
    assert row is not None and row.ping == (0, 1)
    assert await store.announced(game.id, seq)
    row = await store.get_game(game.id)
    assert row is not None and row.ping == () and row.announce is None


async def test_renew_and_ping_name_seats_of_the_game(memory_store: SqliteStore) -> None:
    """A seat the game does not have is a bug of the caller: refused, nothing written."""
    game = await start_counting(memory_store)
    for bad in ({"renew": [2]}, {"ping": [5]}):
        with pytest.raises(ValueError):
            await _move(memory_store, game.id, 0, **bad)
    row = await memory_store.get_game(game.id)
    assert row is not None and row.seq == 0


@pytest.mark.parametrize("cached", [False, True])
async def test_held_deadlines_are_kept_with_the_timers(
    memory_store: SqliteStore, cached: bool
) -> None:
    """``hold`` sets and clears a seat's held seconds in the timers' transaction."""
    store: Store = CachedStore(memory_store) if cached else memory_store
    game = await start_counting(memory_store)
    assert [s.held for s in await store.seats(game.id)] == [None, None]
    timer = NewTimer(game.id, "deadline", DUE, seat=1, seq=0)
    await store.replace_timers(game.id, add=[timer], hold={0: 3600})
    assert [s.held for s in await store.seats(game.id)] == [3600, None]
    await store.replace_timers(game.id, hold={0: None, 1: 0})
    assert [s.held for s in await store.seats(game.id)] == [None, 0]
    with pytest.raises(ValueError):
        await store.replace_timers(game.id, hold={0: -1})


async def test_migration_stamps_seats_with_their_games_seq(tmp_path: Path) -> None:
    """A database of the version before: every seat's ``since`` becomes its game's seq, so
    pickers open at the upgrade keep working; nothing is held or owed."""
    path = tmp_path / "old.sqlite3"
    store = await SqliteStore.open(path)
    game = await start_counting(store)
    seq = await _move(store, game.id, 0)
    lobby = await make_lobby(store)
    await store.join(lobby.id, 7, "p7")
    await store.close()
    with sqlite3.connect(path) as db:  # back to version 8, as an older bot left it
        db.execute("DROP TABLE processes")
        db.execute("ALTER TABLE timers DROP COLUMN claimed_by")
        db.execute("ALTER TABLE seats DROP COLUMN since")
        db.execute("ALTER TABLE seats DROP COLUMN held")
        db.execute("ALTER TABLE games DROP COLUMN ping")
        db.execute("PRAGMA user_version = 8")
    store = await SqliteStore.open(path)
    try:
        assert [(s.since, s.held) for s in await store.seats(game.id)] == [(seq, None)] * 2
        assert [s.since for s in await store.seats(lobby.id)] == [0]
        row = await store.get_game(game.id)
        assert row is not None and row.ping == ()
    finally:
        await store.close()
