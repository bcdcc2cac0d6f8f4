"""The database is recognised as ours before anything is written to it (PRAGMA application_id).

A file that is not ours is refused with one sentence and left byte for byte as it was, with no
journal or WAL file created beside it; a database of ours from before the marker opens and
gets the marker; a missing or empty file is new.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from store import DatabaseRefused, SqliteStore, StoreError
from store.schema import APPLICATION_ID, _statements, load_migrations

REPO = Path(__file__).resolve().parents[2]
LATEST = len(load_migrations())


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file in ``folder`` and a hash of its bytes."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


def header_pragmas(path: Path) -> tuple[int, int]:
    db = sqlite3.connect(path)
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()
    return app, version


def foreign_file(path: Path, *, user_version: int = 2, application_id: int = 0) -> None:
    """Another application's SQLite file: its own tables, its own versions."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    db.execute("INSERT INTO notes (body) VALUES ('keep me')")
    db.execute(f"PRAGMA user_version = {user_version}")
    db.execute(f"PRAGMA application_id = {application_id}")
    db.commit()
    db.close()


def ours_before_the_marker(path: Path, version: int) -> None:
    """A database as an earlier version of the bot left it: migrations 1..version applied,
    application_id 0."""
    db = sqlite3.connect(path, isolation_level=None)
    for migration in load_migrations()[:version]:
        db.execute("BEGIN")
        for statement in _statements(migration.sql):
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {migration.version}")
        db.execute("COMMIT")
    db.execute(
        "INSERT INTO games (guild_id, channel_id, game, seats_wanted, created_by, created_at, "
        "updated_at) VALUES (1, 2, 'civ', 2, 3, 'then', 'then')"
    )
    db.close()


async def refused(path: Path) -> DatabaseRefused:
    before = fingerprint(path.parent)
    try:
        store = await SqliteStore.open(path)
    except DatabaseRefused as exc:
        err = exc
    else:  # closed, or its connection's thread would keep the test process from ending
        await store.close()
        pytest.fail(f"{path} was opened")
    assert fingerprint(path.parent) == before, "a refused file must be left untouched"
    assert "\n" not in str(err) and str(err).endswith(".")
    assert str(path) in str(err)
    return err


async def test_a_new_file_gets_the_marker(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    assert await store.pragma("application_id") == APPLICATION_ID
    assert store.schema_before == 0
    await store.close()
    assert header_pragmas(db_path) == (APPLICATION_ID, LATEST)


async def test_an_empty_file_is_new(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    store = await SqliteStore.open(path)
    await store.close()
    assert header_pragmas(path) == (APPLICATION_ID, LATEST)


async def test_a_foreign_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    """The file of another application, even with a user_version in our range (it used to
    get five of our tables added)."""
    path = tmp_path / "other.sqlite3"
    foreign_file(path, user_version=2)
    err = await refused(path)
    assert err.code == "not_ours"
    assert "another application" in str(err)
    db = sqlite3.connect(path)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    assert tables == {"notes"}


async def test_a_foreign_id_is_refused_even_with_our_tables(tmp_path: Path) -> None:
    path = tmp_path / "copy.sqlite3"
    ours_before_the_marker(path, LATEST)
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 7")
    db.commit()
    db.close()
    assert (await refused(path)).code == "not_ours"


async def test_a_foreign_wal_file_gets_no_wal_beside_it(tmp_path: Path) -> None:
    """Reading a WAL-mode file normally creates -wal and -shm files; the check must not."""
    path = tmp_path / "wal.sqlite3"
    foreign_file(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    db.close()
    assert sorted(fingerprint(tmp_path)) == ["wal.sqlite3"]
    assert (await refused(path)).code == "not_ours"


@pytest.mark.parametrize(
    "content",
    [b"just some text\n", b"SQLite format 3\x00" + b"\xff" * 200, bytes(range(256)) * 64],
)
async def test_a_file_that_is_not_sqlite_is_refused_untouched(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    assert (await refused(path)).code == "not_sqlite"


async def test_a_newer_schema_is_refused_untouched(db_path: Path) -> None:
    await (await SqliteStore.open(db_path)).close()
    db = sqlite3.connect(db_path)
    db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.commit()
    db.close()
    err = await refused(db_path)
    assert isinstance(err, StoreError) and err.code == "schema_too_new"
    assert "newer version" in str(err)


async def test_our_marker_on_a_schema_that_does_not_match_is_refused(tmp_path: Path) -> None:
    """Our marker, but the tables of version 2 while user_version says the latest: the
    migrations would fail half-way, so nothing is done."""
    path = tmp_path / "odd.sqlite3"
    ours_before_the_marker(path, 2)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {LATEST}")
    db.commit()
    db.close()
    assert (await refused(path)).code == "damaged"


def edit_schema(path: Path, name: str, old: str, new: str) -> None:
    """Change the SQL text SQLite keeps for ``name``, as a hand with writable_schema would."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE name = ?", (old, new, name))
    db.close()


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("ratings", "CHECK (sigma > 0)", "CHECK (sigma > 9)"),
        ("deadlines", "updated_at", "updated_\xe9t"),  # still a valid name: SQLite takes it
        ("picker_paths", "DEFAULT 0", "DEFAULT 1"),
        ("games_by_status", "(status)", "(seq)"),
    ],
)
async def test_a_schema_of_ours_changed_by_hand_is_refused(
    db_path: Path, name: str, old: str, new: str
) -> None:
    """Each change would fail some query or write later; the SQL text of every table and index
    must be what the migrations wrote."""
    await (await SqliteStore.open(db_path)).close()
    edit_schema(db_path, name, old, new)
    err = await refused(db_path)
    assert err.code == "damaged" and "not those of its schema version" in str(err)


async def test_pages_that_do_not_agree_are_refused(db_path: Path) -> None:
    """An index entry that no longer matches its row (a byte of a page changed): only
    SQLite's integrity check notices before a query trips over it."""
    store = await SqliteStore.open(db_path)
    await store.create_game(
        guild_id=1, channel_id=2, game="civ", options={}, seats_wanted=2, created_by=3
    )
    await store.close()
    db = sqlite3.connect(db_path)
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_by_status'")
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(db_path.read_bytes())
    at = data.index(b"lobby", (root[0] - 1) * page_size, root[0] * page_size)
    data[at] = ord("h")  # the index says "hobby"
    db_path.write_bytes(data)
    err = await refused(db_path)
    assert err.code == "damaged"
    assert "integrity check reports: row 1 missing from index games_by_status" in str(err)


async def test_a_header_that_forbids_writing_is_refused(db_path: Path) -> None:
    """A write format version beyond 2: SQLite would read the file and refuse every write."""
    await (await SqliteStore.open(db_path)).close()
    data = bytearray(db_path.read_bytes())
    data[18] = 3
    db_path.write_bytes(data)
    err = await refused(db_path)
    assert err.code == "damaged" and "read-only" in str(err)


async def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "db.sqlite3"
    folder.mkdir()
    err = await refused(folder)
    assert err.code == "cannot_open" and "folder" in str(err)


@pytest.mark.parametrize("version", [1, 3, LATEST])
async def test_ours_from_before_the_marker_opens_and_gets_it(tmp_path: Path, version: int) -> None:
    """Recognised by its user_version and its tables; migrated, marked, data kept."""
    path = tmp_path / "old.sqlite3"
    ours_before_the_marker(path, version)
    store = await SqliteStore.open(path)
    try:
        assert store.schema_before == version
        assert await store.pragma("application_id") == APPLICATION_ID
        assert await store.pragma("user_version") == LATEST
        assert (await store.get_game(1)) is not None
    finally:
        await store.close()


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "store", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("command", ["check", "migrate"])
def test_python_m_store_refuses_in_one_sentence(tmp_path: Path, command: str) -> None:
    path = tmp_path / "other.sqlite3"
    foreign_file(path)
    before = fingerprint(tmp_path)
    done = run_cli(command, str(path))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "another application" in done.stderr
    assert fingerprint(tmp_path) == before


@pytest.mark.parametrize("token", ["", "not-a-real-token"])
def test_bot_py_refuses_a_foreign_database_plainly(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    token: str,
) -> None:
    """With a token the bot's database, without one the playground's beside it: refused
    before anything connects anywhere, exit status 2, one line."""
    import bot

    monkeypatch.setenv("DISCORD_TOKEN", token)
    path = tmp_path / "bot.sqlite3"
    foreign_file(path if token else tmp_path / "playground.sqlite3")
    config = tmp_path / "config.toml"
    config.write_text("", encoding="utf-8")
    before = fingerprint(tmp_path)
    assert bot.main(["--config", str(config), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Database error: ") and "another application" in err
    assert len(err.strip().splitlines()) == 1
    assert fingerprint(tmp_path) == before


def test_two_processes_claim_a_new_file_once(tmp_path: Path) -> None:
    """Opening a brand-new file from two stores at once: both open it, migrations applied
    once (the claim is made again under the write lock)."""
    path = tmp_path / "race.sqlite3"

    async def both() -> None:
        stores = await asyncio.gather(SqliteStore.open(path), SqliteStore.open(path))
        for store in stores:
            assert await store.pragma("application_id") == APPLICATION_ID
            await store.close()

    asyncio.run(both())
    assert header_pragmas(path) == (APPLICATION_ID, LATEST)
