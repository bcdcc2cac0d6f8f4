"""The database an end-to-end test's bot runs on: PostgreSQL when ``TABLEHOST_TEST_PG_URL``
names a server (``.ci/run`` starts one), an SQLite file otherwise.

Tests name their database by a file path (``tmp_path / "bot.sqlite3"``). On PostgreSQL that
path is the key of a schema of the test's own (``tests/store/pg_testkit.pg_schema``): a bot
restarted on the same path finds its games again, two paths are two databases, and the
schemas are dropped when the test ends (the autouse fixture of tests/e2e/conftest.py). So the
suite runs once, on whichever backend the environment names, never twice.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from store import SqliteStore
from store.connect import is_postgres_url, open_store
from store.dialect import postgres_query
from tests.store.pg_testkit import PG_URL, pg_schema

__all__ = ["ON_POSTGRES", "config_for", "one_test_databases", "opened", "tampered", "where"]

#: Whether this run's bots use PostgreSQL.
ON_POSTGRES = bool(PG_URL)

# The schemas of the running test by database path, and what drops them at its end.
_urls: dict[Path, str] = {}
_scope: contextlib.AsyncExitStack | None = None


async def where(db: Path) -> str:
    """The store location for the database a test calls ``db``: the path itself on SQLite,
    else the URL of its schema (made on first use in the test)."""
    if not ON_POSTGRES:
        return str(db)
    key = db.resolve()
    if key not in _urls:
        if _scope is None:
            raise RuntimeError("no test scope: tests/e2e/conftest.py opens one for each test")
        _urls[key] = await _scope.enter_async_context(pg_schema())
    return _urls[key]


def config_for(location: str) -> dict[str, str]:
    """The ``Config`` setting naming ``location`` (``db_url`` or ``db_path``)."""
    return {"db_url": location} if is_postgres_url(location) else {"db_path": location}


@contextlib.asynccontextmanager
async def opened(db: Path) -> AsyncIterator[tuple[SqliteStore, dict[str, str]]]:
    """The store for ``db`` (see :func:`where`) and the ``Config`` setting naming it."""
    location = await where(db)
    store = await open_store(location)
    try:
        yield store, config_for(location)
    finally:
        await store.close()


async def tampered(db: Path, *statements: tuple[str, tuple[Any, ...]]) -> None:
    """Run ``statements`` (SQLite's spelling, ``?`` placeholders) on ``db`` behind the store's
    back, in one transaction: rows damaged as a bad disk or a careless hand would."""
    location = await where(db)
    if not is_postgres_url(location):
        con = sqlite3.connect(location)
        try:
            for sql, params in statements:
                con.execute(sql, params)
            con.commit()
        finally:
            con.close()
        return
    import asyncpg

    conn = await asyncpg.connect(location)
    try:
        async with conn.transaction():
            for sql, params in statements:
                await conn.execute(postgres_query(sql), *params)
    finally:
        await conn.close()


@contextlib.asynccontextmanager
async def one_test_databases() -> AsyncIterator[None]:
    """One test's databases: the schemas made within the block are dropped at its end."""
    global _scope
    async with contextlib.AsyncExitStack() as stack:
        _scope = stack
        try:
            yield
        finally:
            _scope = None
            _urls.clear()
