"""Databases written by earlier versions of the bot open with today's and read back the same.

Each ``tests/store/databases/<name>.sqlite3.gz`` is a file a version wrote
(``written_database.py``: games in every status, timers, ratings, settings, a few moves of each
real game) and ``<name>.json`` what that version read back from it. Today's store must read
exactly that, on both backends (PostgreSQL gets the file by ``store.copy``), replay every game,
and go on writing to it. A later migration that changes rows on purpose shows up here as a
difference, to be looked at (and a new file written at that version).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import BACKENDS
from pg_testkit import pg_schema
from written_database import advance, engines, read_all, unpack

from rules.core import Rng
from store import SqliteStore, check
from store.connect import open_store
from store.copy import copy_store

DATABASES = Path(__file__).resolve().parent / "databases"
WRITTEN = sorted(DATABASES.glob("*.sqlite3.gz"))


def read_then(packed: Path) -> dict[str, Any]:
    """What the version that wrote ``packed`` read back from it."""
    read: dict[str, Any] = json.loads(
        (DATABASES / packed.name.replace(".sqlite3.gz", ".json")).read_text(encoding="utf-8")
    )
    return read


def test_there_is_a_database_of_the_current_schema_or_older() -> None:
    assert WRITTEN, "no database written by an earlier version"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("packed", WRITTEN, ids=lambda p: p.name.split(".")[0])
async def test_a_written_database_reads_back_as_its_version_read_it(
    packed: Path, backend: str, tmp_path: Path
) -> None:
    expected = read_then(packed)
    written = await SqliteStore.open(unpack(packed, tmp_path))
    assert written.schema_before == expected["schema_version"]
    try:
        if backend == "sqlite":
            await reads_back_and_goes_on(written, expected)
            return
        async with pg_schema() as url:
            target = await open_store(url)
            try:
                report = await copy_store(written, target, engines=engines)
                assert report.problems == []
                await reads_back_and_goes_on(target, expected)
            finally:
                await target.close()
    finally:
        await written.close()


async def reads_back_and_goes_on(store: SqliteStore, expected: dict[str, Any]) -> None:
    """``store`` reads what ``expected`` says, replays every game, and plays on."""
    read = await read_all(store)
    assert read.pop("schema_version") >= expected.pop("schema_version")
    assert read == expected
    assert await check(store, engines=engines) == []
    running = [int(i) for i, g in expected["games"].items() if g["row"]["status"] == "running"]
    assert running, "the file holds running games"
    rng = Rng(99)
    for game_id in running:
        seq = expected["games"][str(game_id)]["row"]["seq"]
        assert await advance(store, game_id, 3, rng) > seq
    assert await check(store, engines=engines) == []
    # The vote stored in the first running game (store_testkit.fill) counts with a new one.
    first = expected["games"][str(running[0])]["row"]
    poll = f"{first['id']}:{first['seq']}:end"
    assert await store.cast_vote(poll, 3, "end") == {2: "end", 3: "end"}
