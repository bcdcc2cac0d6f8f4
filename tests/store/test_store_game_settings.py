"""Per-game settings (outside the engine's options) and invitations (migration 5)."""

from __future__ import annotations

import pytest
from store_testkit import make_lobby

from store import CachedStore, SqliteStore, StoreError


async def test_game_settings_set_overwrite_remove_and_stay_per_game(
    memory_store: SqliteStore,
) -> None:
    """Settings start empty, take JSON values per game, and None removes a key."""
    first = await make_lobby(memory_store)
    second = await make_lobby(memory_store)
    assert await memory_store.game_settings(first.id) == {}
    await memory_store.set_game_setting(first.id, "images", "turn")
    await memory_store.set_game_setting(first.id, "invite_only", True)
    await memory_store.set_game_setting(first.id, "images", "every")
    assert await memory_store.game_settings(first.id) == {"images": "every", "invite_only": True}
    await memory_store.set_game_setting(first.id, "images", None)
    assert await memory_store.game_settings(first.id) == {"invite_only": True}
    assert await memory_store.game_settings(second.id) == {}


async def test_game_setting_needs_a_game(memory_store: SqliteStore) -> None:
    """A setting of a game that does not exist is refused, and nothing is written."""
    with pytest.raises(StoreError) as err:
        await memory_store.set_game_setting(999, "images", "turn")
    assert err.value.code == "unknown_game"
    assert await memory_store.game_settings(999) == {}


async def test_invites_once_each_in_order(memory_store: SqliteStore) -> None:
    """An invitation is stored once; the list keeps the order people were invited in."""
    lobby = await make_lobby(memory_store)
    assert await memory_store.invited(lobby.id) == []
    assert await memory_store.invite(lobby.id, 30, invited_by=1)
    assert await memory_store.invite(lobby.id, 20, invited_by=1)
    assert not await memory_store.invite(lobby.id, 30, invited_by=2)
    assert await memory_store.invited(lobby.id) == [30, 20]
    with pytest.raises(StoreError):
        await memory_store.invite(999, 30, invited_by=1)


async def test_cached_game_settings_follow_writes(memory_store: SqliteStore) -> None:
    """The cache answers repeated reads and forgets a game's settings when one is written."""
    cached = CachedStore(memory_store)
    lobby = await make_lobby(memory_store)
    assert await cached.game_settings(lobby.id) == {}
    await cached.set_game_setting(lobby.id, "images", "turn")
    assert await cached.game_settings(lobby.id) == {"images": "turn"}
    copy = await cached.game_settings(lobby.id)
    copy["images"] = "every"  # a caller's copy never changes the cache
    assert await cached.game_settings(lobby.id) == {"images": "turn"}
