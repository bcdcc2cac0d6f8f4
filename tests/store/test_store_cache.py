"""The read-through cache never keeps rows read before a write that ended after the read
began (two Joins at once once left a lobby showing 2/3 and refusing Start)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, Generic, Protocol

import pytest

from store import CachedStore, SqliteStore, Store, StoreError, Timers
from store.cache import _Inner


class SlowReads:
    """Passes everything to the store; ``seats`` and ``get_game`` wait for ``release`` after
    reading, the way a read queued behind a commit returns late."""

    def __init__(self, inner: SqliteStore) -> None:
        self.inner = inner
        self.release = asyncio.Event()
        self.hold = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def seats(self, game_id: int) -> Any:
        rows = await self.inner.seats(game_id)
        if self.hold:
            await self.release.wait()
        return rows

    async def get_game(self, game_id: int) -> Any:
        row = await self.inner.get_game(game_id)
        if self.hold:
            await self.release.wait()
        return row


async def new_lobby(store: CachedStore) -> int:
    row = await store.create_game(
        guild_id=1, channel_id=2, game="civ", options={}, seats_wanted=3, created_by=10
    )
    await store.join(row.id, 10, "alice")
    return row.id


async def test_a_read_overtaken_by_a_join_does_not_fill_the_cache(
    memory_store: SqliteStore,
) -> None:
    slow = SlowReads(memory_store)
    cached = CachedStore(slow)  # type: ignore[arg-type]
    game_id = await new_lobby(cached)
    slow.hold = True
    reading = asyncio.create_task(cached.seats(game_id))
    await asyncio.sleep(0.05)  # the read has its rows and waits
    slow.hold = False
    await cached.join(game_id, 11, "bob")
    slow.release.set()
    assert [s.handle for s in await reading] == ["alice"]  # what it read, before the join
    assert [s.handle for s in await cached.seats(game_id)] == ["alice", "bob"]


async def test_a_read_overtaken_by_an_update_does_not_replace_the_new_row(
    memory_store: SqliteStore,
) -> None:
    slow = SlowReads(memory_store)
    cached = CachedStore(slow)  # type: ignore[arg-type]
    game_id = await new_lobby(cached)
    cached._games.forget(game_id)
    slow.hold = True
    reading = asyncio.create_task(cached.get_game(game_id))
    await asyncio.sleep(0.05)
    slow.hold = False
    await cached.update_game(game_id, status="cancelled")
    slow.release.set()
    assert (await reading) is not None
    game = await cached.get_game(game_id)
    assert game is not None and game.status == "cancelled"


async def test_a_failed_write_still_forgets(memory_store: SqliteStore) -> None:
    cached = CachedStore(memory_store)
    game_id = await new_lobby(cached)
    await cached.seats(game_id)
    await memory_store.join(game_id, 11, "bob")  # behind the cache's back, then a failing write
    with pytest.raises(StoreError):
        await cached.join(game_id, 11, "bob")
    assert len(await cached.seats(game_id)) == 2


def test_what_no_read_needs_is_the_inner_stores_own() -> None:
    """Every method of the protocol is the cache's, or the inner store's looked up at each
    call (so a test's patch of the inner store reaches through); a pass-through bound to
    another name than the method it names fails when the class is built."""
    protocol = {
        name
        for area in Store.__mro__
        if area not in (Store, Protocol, Generic, object)
        for name in vars(area)
        if not name.startswith("_")
    }
    assert "player_stats" in protocol and "seats" in protocol
    assert sorted(protocol - set(vars(CachedStore))) == []
    inner = SimpleNamespace(player_stats=object())
    assert CachedStore(inner).player_stats is inner.player_stats  # type: ignore[arg-type]
    with pytest.raises((RuntimeError, TypeError)):

        class Wrong:
            beat = _Inner(Timers.end_process)
