"""End-to-end fixtures: the emulator (from tests/conftest.py), players, each test's databases
(on PostgreSQL when ``TABLEHOST_TEST_PG_URL`` is set: tests/e2e/stores.py), and ``bot.py``
running the playground as a subprocess."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from playground.patience import patience
from tests.e2e.stores import one_test_databases

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def players(emulator: Emulator) -> list[FakeUser]:
    """Four members; Dave moderates (Manage Server)."""
    return [
        emulator.add_user("Alice"),
        emulator.add_user("Bob", locale="hu"),
        emulator.add_user("Carol"),
        emulator.add_user("Dave", manage_guild=True),
    ]


@pytest.fixture(autouse=True)
async def databases() -> AsyncIterator[None]:
    """The test's PostgreSQL schemas (if it runs on PostgreSQL), dropped when it ends."""
    async with one_test_databases():
        yield


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games started by the bot get seeds 1, 2, 3... so every end-to-end run is the same."""
    seeds = iter(range(1, 1_000_000))
    monkeypatch.setattr("host.service.new_seed", lambda: next(seeds))


@pytest.fixture
async def playground_url(tmp_path: Path) -> AsyncIterator[tuple[str, str]]:
    """``bot.py`` with no token, on a free port; yields (url, what it printed first).

    Its config shortens the emulator's rate-limit windows tenfold, as the ``emulator``
    fixture does, and lifts the limits of interactions per user and server: the tests play
    whole games at machine speed.
    """
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    config = tmp_path / "playground.toml"
    config.write_text(
        "[playground]\nrate_limit_time_scale = 0.1\n\n[limits]\nper_user = 0\nper_server = 0\n",
        encoding="utf-8",
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "bot.py",
        "--config",
        str(config),
        "--db",
        str(tmp_path / "data" / "bot.sqlite3"),
        "--port",
        "0",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert proc.stdout is not None
    printed = ""
    try:
        while "Playground: " not in printed:
            line = await asyncio.wait_for(proc.stdout.readline(), patience(20))
            assert line, f"bot.py exited early:\n{printed}"
            printed += line.decode()
        url = re.search(r"Playground: (\S+)", printed)
        assert url is not None
        yield url.group(1).rstrip("/"), printed
    finally:
        proc.terminate()
        await asyncio.wait_for(proc.wait(), patience(10))
