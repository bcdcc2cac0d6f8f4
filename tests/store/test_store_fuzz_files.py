"""Fuzzed database files: random bytes, and SQLite files with random schemas, user_version and
application_id. Opening one either works, and only for a file of ours, or is refused with
DatabaseRefused, and a refused file (and its folder) is left exactly as it was."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from store import DatabaseRefused, SqliteStore
from store.schema import APPLICATION_ID, _schemas, _statements, load_migrations

LATEST = len(load_migrations())
#: The tables after each number of migrations: a migration may change rows only (0011), so
#: two versions may have the same tables, and a file of one is a file of the other.
SCHEMAS = _schemas(tuple(load_migrations()))
FUZZ = settings(max_examples=80, deadline=None)


def folder_state(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def pragmas(path: Path) -> tuple[int, int]:
    db = sqlite3.connect(path)
    try:
        return (
            db.execute("PRAGMA application_id").fetchone()[0],
            db.execute("PRAGMA user_version").fetchone()[0],
        )
    finally:
        db.close()


def open_or_refuse(path: Path) -> bool:
    """True if the store opened the file (and it is ours now); False if it was refused and
    nothing in its folder changed. Any other exception fails the test."""
    before = folder_state(path.parent)

    async def attempt() -> None:
        store = await SqliteStore.open(path)
        await store.close()

    try:
        asyncio.run(attempt())
    except DatabaseRefused as exc:
        assert str(exc).endswith(".") and "\n" not in str(exc)
        assert folder_state(path.parent) == before
        return False
    assert pragmas(path) == (APPLICATION_ID, LATEST)
    return True


@FUZZ
@given(
    raw=st.binary(max_size=600)
    | st.builds(lambda tail: b"SQLite format 3\x00" + tail, st.binary(min_size=0, max_size=600))
)
def test_random_bytes_are_refused_unless_empty(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "db.sqlite3"
        path.write_bytes(raw)
        opened = open_or_refuse(path)
        assert opened == (raw == b""), "only an empty file is a new database"
        if not opened:
            assert path.read_bytes() == raw


int32 = st.integers(min_value=-(2**31), max_value=2**31 - 1)


@dataclass(frozen=True)
class Plan:
    """How to build a file: our schema at version ``ours`` (None: not ours), another
    application's tables, header values that may or may not match the schema (``user_version``
    None: the version the schema has), a rollback journal or WAL."""

    ours: int | None
    foreign: list[str]
    application_id: int
    user_version: int | None
    wal: bool


plans = st.builds(
    Plan,
    ours=st.none() | st.integers(min_value=0, max_value=LATEST),
    # Suffixed with "x" when created, so never one of our table names.
    foreign=st.lists(st.from_regex(r"\A[a-z]{1,8}\Z"), max_size=3, unique=True),
    application_id=st.sampled_from([0, APPLICATION_ID]) | int32,
    user_version=st.sampled_from([None, None])
    | st.integers(min_value=-1, max_value=LATEST + 1)
    | int32,
    wal=st.booleans(),
)


def build(path: Path, plan: Plan) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    if plan.wal:
        db.execute("PRAGMA journal_mode = WAL")
    for migration in load_migrations()[: plan.ours or 0]:
        for statement in _statements(migration.sql):
            db.execute(statement)
    for name in plan.foreign:
        db.execute(f"CREATE TABLE {name}x (a)")
    version = (plan.ours or 0) if plan.user_version is None else plan.user_version
    db.execute(f"PRAGMA user_version = {version}")
    db.execute(f"PRAGMA application_id = {plan.application_id}")
    db.close()


@FUZZ
@given(plan=plans)
def test_random_sqlite_files_open_only_if_ours(plan: Plan) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "db.sqlite3"
        build(path, plan)
        app, version = pragmas(path)
        opened = open_or_refuse(path)
        if app not in (0, APPLICATION_ID) or not 0 <= version <= LATEST:
            assert not opened, "another application's id, or a schema version we do not know"
        if plan.ours is None:
            assert not opened or (version == 0 and not plan.foreign), "not our tables"
        elif plan.ours != version and not (
            0 <= version <= LATEST and SCHEMAS[plan.ours] == SCHEMAS[version]
        ):
            assert not opened, "its tables are not those of its schema version"
        elif app in (0, APPLICATION_ID) and (plan.ours > 0 or not plan.foreign):
            assert opened, "a file of ours at a version we know always opens"
