"""A database of ours with one byte changed: in the header, in the schema (the SQL text of the
CREATE statements on the pages of ``sqlite_master``) or in a page of rows. Opening it either
works and the store then reads every game as usual (a damaged row is set aside, as always), or
it is refused with DatabaseRefused: one sentence, and ``bot.py`` and ``python -m store check``
print it as one line with exit status 2. Nothing else is raised, and the file keeps its bytes.

The sample is deterministic; the exhaustive run over every byte is marked ``slow``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from store_testkit import counting_engines, fill

from store import GAME_STATUSES, DatabaseRefused, SqliteStore, StoreError, check_game

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Sample:
    """The undamaged file and where its regions are."""

    data: bytes
    page_size: int
    #: Offsets of the SQL text of every CREATE statement in ``sqlite_master``.
    sql_text: tuple[int, ...]
    #: Offsets on the pages of ``sqlite_master`` (page 1 after the header included).
    schema_pages: tuple[int, ...]
    #: Offsets on every other page (rows and indexes).
    data_pages: tuple[int, ...]


@dataclass(frozen=True)
class Change:
    region: str
    offset: int
    value: int

    def __str__(self) -> str:
        return f"{self.region} byte {self.offset} set to {self.value:#04x}"


def build_sample(folder: Path) -> Sample:
    """A database the store wrote (``store_testkit.fill``), and its regions."""
    path = folder / "sample.sqlite3"

    async def write() -> None:
        store = await SqliteStore.open(path)
        await fill(store)
        await store.close()

    asyncio.run(write())
    data = path.read_bytes()
    db = sqlite3.connect(path)
    try:
        texts = [r[0] for r in db.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")]
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
    finally:
        db.close()
    sql_text: list[int] = []
    for text in texts:
        at = data.find(text.encode())
        assert at > 0, f"not found in the file as one piece: {text[:40]}"
        sql_text.extend(range(at, at + len(text.encode())))
    schema = {0} | {offset // page_size for offset in sql_text}
    pages = range(len(data) // page_size)
    return Sample(
        data=data,
        page_size=page_size,
        sql_text=tuple(sql_text),
        schema_pages=tuple(
            o for p in sorted(schema) for o in range(max(100, p * page_size), (p + 1) * page_size)
        ),
        data_pages=tuple(
            o for p in pages if p not in schema for o in range(p * page_size, (p + 1) * page_size)
        ),
    )


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Sample:
    return build_sample(tmp_path_factory.mktemp("sample"))


def damaged(sample: Sample, change: Change, path: Path) -> bytes:
    """Write the sample with ``change`` to ``path`` (alone in its folder); its bytes."""
    for leftover in path.parent.iterdir():
        leftover.unlink()
    data = bytearray(sample.data)
    data[change.offset] = change.value
    path.write_bytes(data)
    return bytes(data)


async def open_and_read(path: Path) -> DatabaseRefused | None:
    """Open ``path`` and read what start-up and ``check`` read; the refusal, if refused.

    A row the store cannot read back is set aside (BadRow, a StoreError), as for any damaged
    row: that is the store working normally. Any other exception propagates.
    """
    try:
        store = await SqliteStore.open(path)
    except DatabaseRefused as exc:
        return exc
    try:
        for game in await store.games_with_status(GAME_STATUSES):
            for read in (store.seats, store.actions, store.snapshot, store.game_settings):
                with contextlib.suppress(StoreError):
                    await read(game.id)
            await store.deadline(game.id)
            await store.invited(game.id)
            await store.results_of_game(game.id)
            if game.seed is not None:
                await check_game(store, game, engines=counting_engines)
        await store.pending_timers()
        await store.games_to_announce()
        await store.processes()
        await store.bot_settings()
        await store.guild_settings(10)
        await store.user_settings(2)
        await store.leaderboard(10, "counting", 15)
    finally:
        await store.close()
    return None


def not_utf8_in_the_schema(sample: Sample) -> Change:
    """The D of the first ``NOT NULL DEFAULT 0`` in the schema's SQL text set to 0xBB: SQLite
    reports a syntax error that quotes the byte, in a message that is not UTF-8."""
    at = sample.data.find(b"NOT NULL DEFAULT 0")
    assert at in sample.sql_text
    return Change("schema SQL", at + len("NOT NULL "), 0xBB)


async def test_a_schema_byte_that_is_not_utf8_is_refused(sample: Sample, tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    written = damaged(sample, not_utf8_in_the_schema(sample), path)
    refused = await open_and_read(path)
    assert refused is not None and refused.code == "damaged"
    assert str(refused) == (
        f"{path} is damaged (its schema is not readable text), so it was left untouched."
    )
    assert path.read_bytes() == written


def changes(sample: Sample, per_region: int, seed: int) -> list[Change]:
    """``per_region`` changes in each region at offsets drawn with ``seed``: to 0xBB (never
    UTF-8 on its own), a bit flipped (a type code or a length off by one), or any byte."""
    rng = random.Random(seed)
    regions = {
        "header": tuple(range(100)),
        "schema SQL": sample.sql_text,
        "schema page": sample.schema_pages,
        "data page": sample.data_pages,
    }
    found = []
    for region, offsets in regions.items():
        for offset in rng.sample(offsets, min(per_region, len(offsets))):
            found.append(Change(region, offset, _value(rng, sample.data[offset])))
    return found


def _value(rng: random.Random, old: int) -> int:
    new = rng.choice([0xBB, old ^ (1 << rng.randrange(8)), rng.randrange(256)])
    return new if new != old else old ^ 0x80


def cases(sample: Sample) -> dict[str, Change]:
    """One refused change of each kind, for the real command lines."""
    header = Change("header", 16, 0x01)  # the page size: 256, where pages are 4096
    index_row = next(  # a change that only the integrity check finds
        c
        for c in changes(sample, per_region=200, seed=7)
        if c.region == "data page" and _refused_by_integrity_check(sample, c)
    )
    return {
        "header": header,
        "schema not UTF-8": not_utf8_in_the_schema(sample),
        "data page": index_row,
    }


def _refused_by_integrity_check(sample: Sample, change: Change) -> bool:
    data = bytearray(sample.data)
    data[change.offset] = change.value
    data[18:20] = b"\x01\x01"  # a database in memory cannot be in WAL mode; the pages stay
    return _integrity(bytes(data)) not in ("ok", "unreadable")


def _integrity(data: bytes) -> str:
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(data)
        return str(db.execute("PRAGMA integrity_check(1)").fetchone()[0])
    except sqlite3.DatabaseError:
        return "unreadable"
    finally:
        db.close()


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )


@pytest.mark.parametrize("kind", ["header", "schema not UTF-8", "data page"])
def test_python_m_store_check_prints_one_line_and_exits_2(
    sample: Sample, tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "damaged.sqlite3"
    written = damaged(sample, cases(sample)[kind], path)
    done = run("-m", "store", "check", str(path))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith(f"{path} ")
    assert path.read_bytes() == written


@pytest.mark.parametrize("kind", ["header", "schema not UTF-8", "data page"])
def test_bot_py_prints_one_database_error_line_and_exits_2(
    sample: Sample,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
) -> None:
    """Start-up with a token opens the database first: refused before connecting anywhere."""
    import bot

    path = tmp_path / "damaged.sqlite3"
    written = damaged(sample, cases(sample)[kind], path)
    config = tmp_path / "config.toml"
    config.write_text("", encoding="utf-8")
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert bot.main(["--config", str(config), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"Database error: {path} ") and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == written


def test_bot_py_process_with_a_schema_not_utf8(sample: Sample, tmp_path: Path) -> None:
    """The case that used to end in a UnicodeDecodeError traceback, as a real process."""
    path = tmp_path / "damaged.sqlite3"
    written = damaged(sample, not_utf8_in_the_schema(sample), path)
    config = tmp_path / "config.toml"
    config.write_text("", encoding="utf-8")
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token"}
    done = run("bot.py", "--config", str(config), "--db", str(path), env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"Database error: {path} is damaged (its schema is not readable text), so it was "
        "left untouched.\n"
    )
    assert path.read_bytes() == written


#: Bytes of the header that opening a sound file may rewrite: the file format versions
#: (a rollback-journal file of ours is switched to WAL), the change counter and the
#: "version valid for" and SQLite version numbers that go with it.
REWRITTEN = frozenset({18, 19, *range(24, 28), *range(92, 100)})


def every_change(sample: Sample) -> Iterator[Change]:
    """Every byte of the header and of the schema pages, every 7th of the others; each set
    to 0xBB and with its lowest and highest bits flipped."""
    regions = {
        "header": range(100),
        "schema page": sample.schema_pages,
        "data page": sample.data_pages[::7],
    }
    for region, offsets in regions.items():
        for offset in offsets:
            old = sample.data[offset]
            for new in {0xBB, old ^ 0x01, old ^ 0x80} - {old}:
                yield Change(region, offset, new)


def trial(sample: Sample, change: Change, path: Path) -> str | None:
    """What is wrong with opening the file damaged by ``change``; None when all is well."""
    written = damaged(sample, change, path)
    try:
        refused = asyncio.run(open_and_read(path))
    except Exception as exc:  # collected, so that one run names every change that fails
        return f"{change}: {type(exc).__name__}: {exc}"
    after = path.read_bytes()
    if refused is not None:
        sentence = str(refused)
        if "\n" in sentence or not sentence.endswith(".") or str(path) not in sentence:
            return f"{change}: not one sentence naming the file: {sentence!r}"
        if after != written or sorted(p.name for p in path.parent.iterdir()) != [path.name]:
            return f"{change}: refused, but the folder changed"
        return None
    if after == written:
        return None
    if len(after) != len(written):
        return f"{change}: opened, and its length changed"
    changed = {i for i, (a, b) in enumerate(zip(after, written, strict=True)) if a != b}
    if not changed <= REWRITTEN:
        return f"{change}: opened, and bytes beyond the header's counters changed"
    return None


def test_damage_is_refused_or_harmless(sample: Sample, tmp_path: Path) -> None:
    """80 changes in each region: the header, the CREATE statements' SQL text, the rest of
    the schema pages, and the pages of rows and indexes."""
    path = tmp_path / "damaged.sqlite3"
    tried = changes(sample, per_region=80, seed=20240611)
    failures = [f for f in (trial(sample, c, path) for c in tried) if f is not None]
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_every_byte_of_the_schema_and_header_and_many_more(sample: Sample, tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    failures = [f for f in (trial(sample, c, path) for c in every_change(sample)) if f]
    assert not failures, "\n".join(failures[:50])
