"""The SQLite backend of :class:`store.protocols.Store`: opening a file, migrating it.

The queries are in ``store.sql``, one mixin per area, written once for SQLite and PostgreSQL
(``store.dialect`` says how and translates what differs); :class:`SqliteStore` assembles them
on one aiosqlite connection, and ``store.postgres`` runs them on PostgreSQL.

One aiosqlite connection per process, in autocommit mode: every write is an explicit
``BEGIN IMMEDIATE ... COMMIT`` so the write lock is taken up front and a transaction never
fails half-way on a lock upgrade (``store.sql.base``).

Durability: WAL journal with ``synchronous=FULL``, so a commit is fsynced before
:meth:`SqliteStore.record` returns. ``NORMAL`` would survive a killed process but could lose the
last commits on a power cut, and a confirmed move must never be lost; at the pace of
asynchronous board games the extra fsync per action costs nothing anyone notices.

Recognition: :meth:`SqliteStore.open` reads a file without changing it before anything else,
and refuses (:class:`DatabaseRefused`) one that is not ours or is damaged (``store.schema``).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from store.dialect import Db
from store.schema import (
    _IDENTITY_QUERIES,
    _MISUSE,
    _UNREADABLE,
    APPLICATION_ID,
    DatabaseRefused,
    Migration,
    _cannot_open,
    _Identity,
    _inspect,
    _recognise,
    _statements,
    _too_new,
    _unreadable,
    load_migrations,
)
from store.sql.convert import _decode_text
from store.sql.games import MAX_HANDLE, GamesSql
from store.sql.ratings import RatingsSql
from store.sql.settings import SettingsSql
from store.sql.timers import TimersSql

__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT_MS",
    "MAX_HANDLE",
    "DatabaseRefused",
    "Migration",
    "SqliteStore",
    "load_migrations",
]

#: How long a writer waits for another process's write lock before giving up.
BUSY_TIMEOUT_MS = 5000

_PRAGMA_NAME = re.compile(r"[a-z_]+")


class SqliteStore(GamesSql, TimersSql, SettingsSql, RatingsSql):
    """:class:`store.protocols.Store` on one SQLite file (or ``:memory:``). Create with
    :meth:`open`. The queries are the mixins' of ``store.sql``, one per area."""

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating the file and its folder if needed) and apply pending migrations.

        A file that is not ours is refused before anything is written to it.

        Raises:
            DatabaseRefused: a folder or an unreadable file, not an SQLite file, a damaged one,
                another application's database, or one written by a newer version
                (``schema_too_new``).
        """
        target = str(path)
        migrations = load_migrations()
        if target != ":memory:":
            await asyncio.to_thread(_inspect, Path(target), migrations)
            try:
                Path(target).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise _cannot_open(target, exc) from None
        try:
            db = await aiosqlite.connect(target, isolation_level=None)
        except sqlite3.Error as exc:
            raise _cannot_open(target, exc) from None
        try:
            db.row_factory = sqlite3.Row
            db.text_factory = _decode_text
            try:
                await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                await db.execute("PRAGMA foreign_keys = ON")
                await db.execute("PRAGMA journal_mode = WAL")
                await db.execute("PRAGMA synchronous = FULL")
            except _MISUSE:
                raise
            except _UNREADABLE as exc:  # no permission to create the file, or changed since read
                raise _unreadable(target, exc) from None
            store = cls(db, target)
            await store._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        """Wait for the running operation, then close the connection (idempotent)."""
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        return int(await self.pragma("user_version"))

    async def pragma(self, name: str) -> Any:
        """The value of a read-only ``PRAGMA name`` (diagnostics: journal_mode, user_version)."""
        if not _PRAGMA_NAME.fullmatch(name):
            raise ValueError(f"not a pragma name: {name!r}")
        rows = await self._read(f"PRAGMA {name}")
        return rows[0][0] if rows else None

    # Copying a database (store.copy): its tables' columns and id counters

    async def _count(self, table: str) -> int:
        """The rows of one of our tables (a name from ``store.copy.TABLES``)."""
        return int((await self._read(f"SELECT COUNT(*) FROM {table}"))[0][0])

    async def _columns(self, table: str) -> list[str]:
        """The columns of one of our tables, in order."""
        rows = await self._read("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(r[0]) for r in rows]

    async def _id_counters(self, tables: Sequence[str]) -> dict[str, int]:
        """The highest id each table has handed out (AUTOINCREMENT remembers deleted ones)."""
        counters = {}
        for table in tables:
            rows = await self._read(
                f"SELECT MAX(COALESCE((SELECT MAX(id) FROM {table}), 0), COALESCE(("
                "SELECT seq FROM sqlite_sequence WHERE name = ?), 0))",
                (table,),
            )
            counters[table] = int(rows[0][0])
        return counters

    async def _set_id_counters(self, db: Db, counters: Mapping[str, int]) -> None:
        """Make new ids follow ``counters`` (inside a transaction). SQLite reads
        ``sqlite_sequence`` for AUTOINCREMENT tables only, so a row for another is inert."""
        for table, highest in counters.items():
            cursor = await db.execute(
                "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", (highest, table)
            )
            if cursor.rowcount == 0:
                await db.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (table, highest)
                )

    async def _migrate(self, migrations: list[Migration]) -> None:
        """Claim the file, then apply each migration newer than ``user_version`` in its own
        transaction.

        Claiming recognises the file again under the write lock (another process may have
        changed it since :func:`_inspect`) and sets :data:`APPLICATION_ID` on a new file and
        on one made before the marker existed. Versions are read inside the transactions, so
        two processes opening a fresh file at the same moment apply every migration once.
        """
        latest = len(migrations)
        async with self._transaction() as db:
            found = _Identity.of([list(await db.execute_fetchall(q)) for q in _IDENTITY_QUERIES])
            self.schema_before = found.user_version
            if _recognise(found, self.path, migrations):
                await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for migration in migrations:
            async with self._transaction() as db:
                current = await _user_version(db)
                if current > latest:
                    raise _too_new(self.path, current, latest)
                if current >= migration.version:
                    continue
                for statement in _statements(migration.sql):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {migration.version}")


async def _user_version(db: Db) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    version: int = rows[0][0]
    return version
