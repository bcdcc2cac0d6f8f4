"""A PostgreSQL database of one's own for a test: a fresh schema on the server that
``TABLEHOST_TEST_PG_URL`` names, dropped afterwards."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

#: The test server's URL ('' when there is none: the PostgreSQL tests are skipped).
PG_URL = os.environ.get("TABLEHOST_TEST_PG_URL", "")


@asynccontextmanager
async def pg_schema() -> AsyncIterator[str]:
    """A store URL whose tables go into a new, empty schema (``search_path``)."""
    import asyncpg

    name = f"test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(PG_URL)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        try:
            joiner = "&" if "?" in PG_URL else "?"
            yield f"{PG_URL}{joiner}search_path={name}"
        finally:
            await admin.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await admin.close()
