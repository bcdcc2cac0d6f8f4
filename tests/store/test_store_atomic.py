"""``Store.atomic``: several store calls as one transaction, on both backends and through the
cache; all of their writes are kept, or (an exception before the end) none."""

from __future__ import annotations

import asyncio

import pytest

from store import CachedStore, SqliteStore
from tests.store.store_testkit import make_lobby, start_counting


class Boom(Exception):
    pass


async def test_the_writes_inside_are_kept_together(memory_store: SqliteStore) -> None:
    lobby = await make_lobby(memory_store)
    async with memory_store.atomic():
        await memory_store.join(lobby.id, 1, "ann")
        await memory_store.set_deadline(lobby.id, 3600, "vote")
        # A read inside sees the writes before it.
        assert [s.user_id for s in await memory_store.seats(lobby.id)] == [1]
    assert [s.user_id for s in await memory_store.seats(lobby.id)] == [1]
    deadline = await memory_store.deadline(lobby.id)
    assert deadline is not None and deadline.turn_seconds == 3600


async def test_an_exception_inside_keeps_none_of_them(memory_store: SqliteStore) -> None:
    lobby = await make_lobby(memory_store)
    with pytest.raises(Boom):
        async with memory_store.atomic():
            await memory_store.join(lobby.id, 1, "ann")
            await memory_store.set_game_setting(lobby.id, "invite_only", True)
            await memory_store.invite(lobby.id, 7, 1)
            raise Boom
    assert await memory_store.seats(lobby.id) == []
    assert await memory_store.game_settings(lobby.id) == {}
    assert await memory_store.invited(lobby.id) == []


async def test_a_refused_write_undoes_the_ones_before(memory_store: SqliteStore) -> None:
    """A store refusal inside (a seat given to someone already seated) is such an exception."""
    game = await start_counting(memory_store, users=(1, 2))
    with pytest.raises(Exception, match="already_joined"):
        async with memory_store.atomic():
            await memory_store.invite(game.id, 9, 1)
            await memory_store.replace_seat(game.id, 0, 2)
    assert await memory_store.invited(game.id) == []
    assert [s.user_id for s in await memory_store.seats(game.id)] == [1, 2]


async def test_atomic_inside_atomic_is_the_same_transaction(memory_store: SqliteStore) -> None:
    lobby = await make_lobby(memory_store)
    with pytest.raises(Boom):
        async with memory_store.atomic():
            async with memory_store.atomic():
                await memory_store.join(lobby.id, 1, "ann")
            raise Boom
    assert await memory_store.seats(lobby.id) == []


async def test_another_task_waits_for_the_end(memory_store: SqliteStore) -> None:
    """A call from another task does not join the transaction: it runs after it, and sees
    all of it."""
    lobby = await make_lobby(memory_store)
    seen: list[list[int]] = []
    started = asyncio.Event()

    async def other() -> None:
        started.set()
        seen.append([s.user_id for s in await memory_store.seats(lobby.id)])

    async with memory_store.atomic():
        await memory_store.join(lobby.id, 1, "ann")
        task = asyncio.create_task(other())
        await started.wait()
        await asyncio.sleep(0.01)
        assert seen == []  # still waiting for the transaction
        await memory_store.join(lobby.id, 2, "bob")
    await task
    assert seen == [[1, 2]]


async def test_the_cache_forgets_what_a_rollback_undid() -> None:
    inner = await SqliteStore.open(":memory:")
    store = CachedStore(inner)
    try:
        lobby = await make_lobby(inner)
        assert (await store.get_game(lobby.id)) is not None  # cached
        with pytest.raises(Boom):
            async with store.atomic():
                await store.update_game(lobby.id, status="cancelled")
                assert (await store.get_game(lobby.id)).status == "cancelled"  # type: ignore[union-attr]
                raise Boom
        row = await store.get_game(lobby.id)
        assert row is not None and row.status == "lobby"
    finally:
        await inner.close()
