"""Fixtures for the store tests: a store on a fresh file (in a folder that does not exist yet)
and one in memory."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import SqliteStore


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tablehost.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def memory_store() -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(":memory:")
    yield opened
    await opened.close()
