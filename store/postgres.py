"""The PostgreSQL backend of :class:`store.base.Store` (asyncpg), for a bot that outgrows SQLite.

It runs the SQLite backend's queries (written for both, see ``store.dialect``) on an asyncpg
pool of one connection (:data:`POOL_SIZE`), so every method keeps its meaning and its
guarantees:

- Transactions: each write is one transaction that first takes a transaction-scoped advisory
  lock (:data:`WRITE_LOCK`), as SQLite's ``BEGIN IMMEDIATE`` takes its write lock. So write
  transactions run one at a time across every process on the database, and a check-then-write
  (a seat still free, the seq still expected) is as safe as on SQLite. Reads are single
  statements outside any transaction and see committed data only.
- A connection the server dropped (a restart, a network cut) fails the one request using it;
  the pool replaces it, so the next request works again without restarting the bot.
- Durability: the session runs with ``synchronous_commit = on`` whatever the server's default,
  so :meth:`record` returns only once the action and its snapshot are flushed (as long as the
  server itself has ``fsync`` on).
- ``UNIQUE (game_id, seq)`` is the same constraint; a violation is a :class:`SeqConflict`.
- Recognition: a one-row table ``tablehost_schema`` holds :data:`store.schema.APPLICATION_ID`
  and the schema version (SQLite keeps them in its header). A schema with tables but without
  that marker is another application's and is refused before anything is written to it.

The URL is asyncpg's (``postgresql://user:password@host:port/database``); its other query
parameters are session settings, so ``?search_path=name`` puts the tables in a schema of their
own (the tests use one per test).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from store.base import BadRow
from store.dialect import Db, postgres_ddl, postgres_query
from store.schema import (
    APPLICATION_ID,
    DatabaseRefused,
    Migration,
    _statements,
    _strip_comments,
    _too_new,
    load_migrations,
)
from store.sqlite import SqliteStore

__all__ = ["WRITE_LOCK", "PostgresStore", "redact"]

#: The advisory lock key every write transaction takes ("TbHo", as the application id).
WRITE_LOCK = APPLICATION_ID

_PASSWORD = re.compile(r"(://[^:/@]+):[^@]*@")


def redact(url: str) -> str:
    """``url`` without its password, for messages and logs.

    >>> redact("postgresql://bot:s3cret@db:5432/tablehost")
    'postgresql://bot:***@db:5432/tablehost'
    """
    return _PASSWORD.sub(r"\1:***@", url)


class _Status:
    """What ``execute`` returns: the row count of asyncpg's command tag (``UPDATE 1``)."""

    def __init__(self, tag: str) -> None:
        last = tag.rsplit(" ", 1)[-1]
        self.rowcount = int(last) if last.isdigit() else -1


class _Connection:
    """An asyncpg connection behind aiosqlite's method names (:class:`store.dialect.Db`)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> _Status:
        return _Status(await self.conn.execute(postgres_query(sql), *parameters))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] = ()) -> list[Any]:
        return list(await self.conn.fetch(postgres_query(sql), *parameters))

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> None:
        rows = [tuple(row) for row in parameters]
        if rows:  # asyncpg prepares the statement even for no rows
            await self.conn.executemany(postgres_query(sql), rows)

    async def close(self) -> None:
        await self.conn.close()


#: Connections per process. One, as SQLite's: requests run in the order they are made, so a
#: read made after a write began sees that write (the caches and the answers rely on it; with
#: more connections a read could overtake a commit under way). The pool replaces it if dropped.
POOL_SIZE = 1


class PostgresStore(SqliteStore):
    """:class:`store.base.Store` on a PostgreSQL database. Create with :meth:`open`.

    ``path`` is the URL without its password. The queries are :class:`SqliteStore`'s; what
    is PostgreSQL's own is opening, the pool, transactions, the schema marker and migrations.
    """

    _UNIQUE_VIOLATION = (asyncpg.UniqueViolationError,)

    def __init__(self, pool: Any, url: str) -> None:
        super().__init__(_Unused(), redact(url))
        self._pool = pool

    @classmethod
    async def open(cls, path: Any) -> PostgresStore:
        """Connect to the database at the URL ``path`` and apply pending migrations.

        Raises:
            DatabaseRefused: ``cannot_open`` (no server, wrong credentials, no database),
                ``not_ours`` (a schema with tables but no tablehost marker) or
                ``schema_too_new``.
        """
        url = str(path)
        where = redact(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                server_settings={"synchronous_commit": "on"},
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, ValueError) as exc:
            reason = str(exc) or type(exc).__name__
            raise DatabaseRefused(
                "cannot_open", where, f"{where} cannot be opened: {reason}."
            ) from None
        store = cls(pool, url)
        try:
            await store._migrate(load_migrations())
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Wait for the requests under way, then close every connection (idempotent)."""
        if not self._pool.is_closing():
            await self._pool.close()

    async def schema_version(self) -> int:
        rows = await self._read("SELECT version FROM tablehost_schema")
        return int(rows[0][0])

    async def pragma(self, name: str) -> Any:
        """PostgreSQL has no pragmas; :meth:`schema_version` is the version."""
        raise ValueError(f"PostgreSQL has no PRAGMA {name!r}")

    async def _columns(self, table: str) -> list[str]:
        rows = await self._read(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [str(r[0]) for r in rows]

    async def _id_counters(self, tables: Sequence[str]) -> dict[str, int]:
        counters = {}
        async with self._pool.acquire() as conn:
            for table in tables:
                sequence = await conn.fetchval("SELECT pg_get_serial_sequence($1, 'id')", table)
                last, called = await conn.fetchrow(f"SELECT last_value, is_called FROM {sequence}")
                top = await conn.fetchval(f"SELECT COALESCE(MAX(id), 0) FROM {table}")
                counters[table] = max(int(top), int(last) if called else 0)
        return counters

    async def _set_id_counters(self, db: Db, counters: Mapping[str, int]) -> None:
        # Rows inserted with their ids leave an identity's sequence where it was.
        for table, highest in counters.items():
            if highest > 0:
                await db.execute(
                    "SELECT setval(pg_get_serial_sequence(?, 'id'), ?)", (table, highest)
                )

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        if (db := self._joined()) is not None:
            return list(await db.execute_fetchall(sql, params))
        async with self._pool.acquire() as conn:
            return list(await conn.fetch(postgres_query(sql), *params))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Db]:
        """One transaction holding :data:`WRITE_LOCK`; rolled back on any exception; inside
        :meth:`atomic`, its transaction."""
        if (db := self._joined()) is not None:
            yield db
            return
        async with self._pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            try:
                await conn.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                yield _Connection(conn)
                await transaction.commit()
            except BaseException as exc:
                # A lost connection has nothing left to roll back.
                with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                    await transaction.rollback()
                if isinstance(exc, BadRow):
                    self._note(exc.row)
                raise

    async def _migrate(self, migrations: list[Migration]) -> None:
        """Claim the schema (creating the marker in an empty one), then apply each pending
        migration in its own transaction; the write lock makes concurrent openers take
        turns, so each migration runs once."""
        latest = len(migrations)
        async with self._transaction() as db:
            conn = _raw(db)
            marked = await conn.fetchval("SELECT to_regclass('tablehost_schema')")
            if marked is None:
                tables = await conn.fetchval(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
                )
                if tables:
                    raise DatabaseRefused(
                        "not_ours",
                        self.path,
                        f"{self.path} holds tables of another application (no tablehost "
                        "marker), so it was left untouched.",
                    )
                await conn.execute(
                    "CREATE TABLE tablehost_schema (id BIGINT PRIMARY KEY CHECK (id = 1), "
                    "application_id BIGINT NOT NULL, version BIGINT NOT NULL)"
                )
                await conn.execute("INSERT INTO tablehost_schema VALUES (1, $1, 0)", APPLICATION_ID)
            app, version = await _marker(conn)
            if app != APPLICATION_ID:
                raise DatabaseRefused(
                    "not_ours",
                    self.path,
                    f"{self.path} is marked as another application's (application_id "
                    f"{app:#x}), so it was left untouched.",
                )
            if version > latest:
                raise _too_new(self.path, version, latest)
            self.schema_before = version
        for migration in migrations:
            async with self._transaction() as db:
                conn = _raw(db)
                _, current = await _marker(conn)
                if current > latest:
                    raise _too_new(self.path, current, latest)
                if current >= migration.version:
                    continue
                for statement in _statements(migration.sql):
                    await conn.execute(postgres_ddl(_strip_comments(statement)))
                await conn.execute("UPDATE tablehost_schema SET version = $1", migration.version)


async def _marker(conn: Any) -> tuple[int, int]:
    row = await conn.fetchrow("SELECT application_id, version FROM tablehost_schema")
    return int(row[0]), int(row[1])


def _raw(db: Db) -> Any:
    """The asyncpg connection of a transaction (for what only PostgreSQL has)."""
    assert isinstance(db, _Connection)
    return db.conn


class _Unused:
    """:class:`SqliteStore`'s own connection, which this backend never uses: every request
    takes a connection of the pool (``_read``, ``_transaction``)."""

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> Any:
        raise RuntimeError("PostgresStore runs every query on a connection of its pool")

    execute_fetchall = executemany = execute

    async def close(self) -> None:
        return None
