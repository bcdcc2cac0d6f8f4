"""Fixtures for the store tests: a store on a fresh file (in a folder that does not exist yet),
and ``memory_store``, a fresh store on each backend: SQLite in memory, and PostgreSQL when
``TABLEHOST_TEST_PG_URL`` names a server (``.ci/run`` starts one; without it that variant is
skipped, so the tests run on a machine without PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pg_testkit import PG_URL, pg_schema

from store import SqliteStore
from store.connect import open_store

BACKENDS = [
    "sqlite",
    pytest.param(
        "postgres",
        marks=pytest.mark.skipif(not PG_URL, reason="TABLEHOST_TEST_PG_URL is not set"),
    ),
]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tablehost.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture(params=BACKENDS)
async def memory_store(request: pytest.FixtureRequest) -> AsyncIterator[SqliteStore]:
    if request.param == "sqlite":
        opened = await SqliteStore.open(":memory:")
        yield opened
        await opened.close()
        return
    async with pg_schema() as url:
        opened = await open_store(url)
        yield opened
        await opened.close()
