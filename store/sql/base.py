"""The plumbing of the store's SQL, shared by every area and both backends.

One connection per process, in autocommit mode: every write is an explicit transaction
(:meth:`SqlBase._transaction`: on SQLite ``BEGIN IMMEDIATE ... COMMIT``, so the write lock is
taken up front and a transaction never fails half-way on a lock upgrade). Every statement,
reads included, runs under one ``asyncio.Lock``: coroutines share the connection, and without
the lock a reader could see another coroutine's uncommitted rows between two of its awaits.
``PostgresStore`` overrides :meth:`SqlBase._read` and :meth:`SqlBase._transaction`.

Rows that cannot be read back are set aside (:class:`store.base.SetAside`) instead of failing
every list that meets them (:meth:`SqlBase._one`, :meth:`SqlBase._each`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from store.base import BadRow, SetAside
from store.dialect import Db

__all__ = ["SqlBase"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class SqlBase:
    """The connection and what every area's queries run through (:mod:`store.sql`)."""

    #: What a database refuses a duplicate key with (the UNIQUE (game_id, seq) of a race).
    _UNIQUE_VIOLATION: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, db: Db, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path
        #: The schema version the file had when it was opened (0 for a new one).
        self.schema_before = 0
        self._aside: dict[tuple[str, int], SetAside] = {}
        #: The transaction ``atomic`` holds open, and the task that opened it: that task's
        #: store calls join it (a task it starts does not, and waits as for any transaction).
        self._atomic: tuple[asyncio.Task[Any] | None, Db] | None = None

    def set_aside(self) -> list[SetAside]:
        return sorted(self._aside.values(), key=lambda r: (r.table, r.key))

    # Plumbing

    @asynccontextmanager
    async def atomic(self) -> AsyncIterator[None]:
        """One transaction for every store call made inside, in this task (Store.atomic)."""
        if self._joined() is not None:
            yield
            return
        async with self._transaction() as db:
            self._atomic = (asyncio.current_task(), db)
            try:
                yield
            finally:
                self._atomic = None

    def _joined(self) -> Db | None:
        """The connection of the transaction ``atomic`` holds for this task, if any."""
        if self._atomic is None or self._atomic[0] is not asyncio.current_task():
            return None
        return self._atomic[1]

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        if (db := self._joined()) is not None:
            return list(await db.execute_fetchall(sql, params))
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Db]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception (cancellation too);
        inside :meth:`atomic`, its transaction (whose end commits or rolls back)."""
        if (db := self._joined()) is not None:
            yield db
            return
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException as exc:
                await self._rollback()
                if isinstance(exc, BadRow):
                    self._note(exc.row)
                raise

    async def _rollback(self) -> None:
        # SQLite may already have rolled back by itself (after an I/O error): nothing is open.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute("ROLLBACK")

    # Rows that cannot be read back -------------------------------------------------------------

    def _note(self, row: SetAside) -> None:
        """Set ``row`` aside; logged the first time only."""
        if (row.table, row.key) not in self._aside:
            log.warning("set aside %s; it is skipped until repaired", row)
        self._aside[(row.table, row.key)] = row

    def _one(
        self,
        convert: Callable[[sqlite3.Row], T],
        row: sqlite3.Row,
        repaired: tuple[str, int] | None = None,
    ) -> T:
        """``convert(row)``; a BadRow is set aside and raised. ``repaired``: the set-aside
        entry a successful read clears (the row was mended since)."""
        try:
            value = convert(row)
        except BadRow as exc:
            self._note(exc.row)
            raise
        if repaired is not None and self._aside:
            self._aside.pop(repaired, None)
        return value

    def _each(self, convert: Callable[[sqlite3.Row], T], rows: Iterable[sqlite3.Row]) -> list[T]:
        """Every row ``convert`` can read; the others are set aside and skipped."""
        found = []
        for row in rows:
            try:
                found.append(convert(row))
            except BadRow as exc:
                self._note(exc.row)
        return found
