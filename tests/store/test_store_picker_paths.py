"""Paths kept for the picker and /move when Discord's 100 characters cannot carry them
(migration 8)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from store_testkit import make_lobby

from store import CachedStore, PickerPath, SqliteStore, StoreError

LONG = "o07 " + "north1-" + "x" * 100


async def test_a_path_keeps_its_id_and_reads_back(memory_store: SqliteStore) -> None:
    """Ids come back in order; storing a pair again gives the same id (no new row)."""
    game = await make_lobby(memory_store)
    first = await memory_store.store_paths(game.id, 3, 41, [(LONG, 0), (LONG + " !", 0)])
    again = await memory_store.store_paths(game.id, 3, 41, [(LONG + " !", 0), (LONG, 2)])
    assert len(set(first)) == 2 and again[0] == first[1] and again[1] not in first
    assert await memory_store.stored_path(first[0]) == PickerPath(first[0], game.id, 3, 41, LONG)
    assert await memory_store.stored_path(again[1]) == PickerPath(again[1], game.id, 3, 41, LONG, 2)
    assert await memory_store.stored_path(max(again) + 1) is None
    assert await memory_store.store_paths(game.id, 3, 41, []) == []


async def test_each_user_has_their_own_rows(memory_store: SqliteStore) -> None:
    """The same path for two users is two rows: each reads back as its own user's."""
    game = await make_lobby(memory_store)
    (mine,) = await memory_store.store_paths(game.id, 3, 41, [(LONG, 0)])
    (theirs,) = await memory_store.store_paths(game.id, 3, 42, [(LONG, 0)])
    assert mine != theirs
    found = await memory_store.stored_path(theirs)
    assert found is not None and found.user_id == 42


async def test_rows_of_earlier_seqs_go_when_the_next_are_stored(memory_store: SqliteStore) -> None:
    """Only a user's latest stamp can be pressed: their older rows in the game are deleted
    with their next store; another user's (whose decisions may not have moved) and another
    game's stay, and an id is never given again."""
    game, other = await make_lobby(memory_store), await make_lobby(memory_store)
    (old,) = await memory_store.store_paths(game.id, 3, 41, [(LONG, 0)])
    (kept,) = await memory_store.store_paths(other.id, 3, 41, [(LONG, 0)])
    (theirs,) = await memory_store.store_paths(game.id, 2, 42, [(LONG, 0)])
    (new,) = await memory_store.store_paths(game.id, 4, 41, [(LONG, 0)])
    assert await memory_store.stored_path(old) is None
    assert await memory_store.stored_path(kept) is not None
    assert await memory_store.stored_path(theirs) is not None
    assert new > max(old, kept, theirs)


async def test_a_path_needs_a_game_and_sane_numbers(memory_store: SqliteStore) -> None:
    """An unknown game is refused with nothing written; negative seqs or pages are bugs."""
    with pytest.raises(StoreError) as err:
        await memory_store.store_paths(999, 0, 41, [(LONG, 0)])
    assert err.value.code == "unknown_game"
    game = await make_lobby(memory_store)
    for seq, page in ((-1, 0), (0, -1)):
        with pytest.raises(ValueError):
            await memory_store.store_paths(game.id, seq, 41, [(LONG, page)])


async def test_a_path_that_does_not_read_back_is_no_path(store: SqliteStore, db_path: Path) -> None:
    """A damaged row (not UTF-8) reads as none: the press is answered as out of date."""
    game = await make_lobby(store)
    (path_id,) = await store.store_paths(game.id, 0, 41, [(LONG, 0)])
    raw = sqlite3.connect(db_path)
    raw.execute("UPDATE picker_paths SET path = CAST(X'ff' AS TEXT) WHERE id = ?", (path_id,))
    raw.commit()
    raw.close()
    assert await store.stored_path(path_id) is None


async def test_the_cache_passes_paths_through(memory_store: SqliteStore) -> None:
    """CachedStore keeps nothing of its own for paths: both read the same row."""
    cached = CachedStore(memory_store)
    game = await make_lobby(memory_store)
    (path_id,) = await cached.store_paths(game.id, 1, 41, [(LONG, 1)])
    assert await cached.stored_path(path_id) == await memory_store.stored_path(path_id)
