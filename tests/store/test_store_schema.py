"""Opening a database: migrations, pragmas, constraints."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from store_testkit import start_counting

from store import SqliteStore, StoreError
from store.sqlite import BUSY_TIMEOUT_MS, load_migrations

TABLES = {"guilds", "games", "seats", "actions", "snapshots"}


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    db.close()
    return {name for (name,) in rows}


def test_migrations_are_numbered_from_one() -> None:
    """The packaged migrations start at 0001 and have no gaps."""
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "0001_initial.sql"


async def test_open_creates_folder_file_and_schema(db_path: Path) -> None:
    """A fresh path gets its parent folder, every table and the latest user_version."""
    assert not db_path.parent.exists()
    store = await SqliteStore.open(db_path)
    assert await store.pragma("user_version") == len(load_migrations())
    await store.close()
    assert tables(db_path) >= TABLES


async def test_reopen_is_idempotent(db_path: Path) -> None:
    """Opening an up-to-date database again applies nothing and keeps the data."""
    store = await SqliteStore.open(db_path)
    await store.set_guild_setting(1, "lang", "hu")
    await store.close()
    store = await SqliteStore.open(db_path)
    assert await store.pragma("user_version") == len(load_migrations())
    assert await store.guild_settings(1) == {"lang": "hu"}
    await store.close()


async def test_newer_schema_is_refused(db_path: Path) -> None:
    """A database written by a newer version is not opened (and not changed)."""
    await (await SqliteStore.open(db_path)).close()
    newer = len(load_migrations()) + 1
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {newer}")
    db.close()
    with pytest.raises(StoreError) as err:
        await SqliteStore.open(db_path)
    assert err.value.code == "schema_too_new"


async def test_file_uses_wal_full_sync_and_busy_timeout(store: SqliteStore) -> None:
    """The connection runs in WAL mode, fsyncs every commit and waits for locks."""
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("synchronous") == 2  # FULL
    assert await store.pragma("busy_timeout") == BUSY_TIMEOUT_MS


async def test_memory_database_works(memory_store: SqliteStore) -> None:
    """':memory:' (and a fresh PostgreSQL schema) opens with the full schema."""
    assert await memory_store.schema_version() == len(load_migrations())
    game = await start_counting(memory_store)
    assert (await memory_store.get_game(game.id)) == game


async def test_foreign_keys_are_enforced(store: SqliteStore) -> None:
    """The connection refuses a seat or action that points at no game."""
    assert await store.pragma("foreign_keys") == 1
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        await store._db.execute(  # the API never writes orphans, so go around it
            "INSERT INTO actions (game_id, seq, kind, text, created_at) "
            "VALUES (999, 1, 'note', 'x', 'now')"
        )


async def test_pragma_rejects_statements(store: SqliteStore) -> None:
    """pragma() reads a pragma by name and nothing else."""
    with pytest.raises(ValueError):
        await store.pragma("user_version = 0")
