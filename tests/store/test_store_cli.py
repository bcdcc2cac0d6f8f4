"""``python -m store check|migrate``: output and exit codes."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from store_testkit import COUNTING, counting_engines, make_lobby, start_counting

from store import SqliteStore
from store.__main__ import main
from store.sqlite import load_migrations

REPO = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m store ARGS`` in a real process."""
    return subprocess.run(
        [sys.executable, "-m", "store", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def build(path: Path) -> tuple[int, int]:
    """A database with one played counting game, one fresh one and a lobby; their ids."""

    async def go() -> tuple[int, int]:
        store = await SqliteStore.open(path)
        played = await start_counting(store)
        state, _ = COUNTING.apply(COUNTING.setup(["p1", "p2"], played.options, 4), 0, "add 2")
        await store.record(
            played.id,
            expected_seq=0,
            seat=0,
            user_id=1,
            kind="move",
            text="add 2",
            snapshot=COUNTING.to_json(state),
        )
        fresh = await start_counting(store, seed=5)
        await make_lobby(store)
        await store.close()
        return played.id, fresh.id

    return asyncio.run(go())


def test_check_ok_prints_one_line_per_started_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every started game gets an 'ok' line; the exit status is 0."""
    path = tmp_path / "db.sqlite3"
    played, fresh = build(path)
    assert main(["check", str(path)], engines=counting_engines) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"game {played} counting running seq 1: ok",
        f"game {fresh} counting running seq 0: ok",
        "all games ok",
    ]


def test_check_mismatch_exits_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tampered snapshot is named with its first differing key; the exit status is 1."""
    path = tmp_path / "db.sqlite3"
    played, _ = build(path)
    with sqlite3.connect(path) as db:
        [(text,)] = db.execute("SELECT state FROM snapshots WHERE game_id = ?", (played,))
        state = {**json.loads(text), "turn": 0}
        db.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (json.dumps(state), played))
    db.close()
    assert main(["check", str(path)], engines=counting_engines) == 1
    out = capsys.readouterr().out
    assert f"game {played} counting running seq 1: mismatch at turn: value differs" in out
    assert out.splitlines()[-1] == "1 mismatch(es)"


def test_cli_migrate_creates_database(tmp_path: Path) -> None:
    """migrate makes the file and its folder and reports the schema version."""
    path = tmp_path / "new" / "db.sqlite3"
    done = run_cli("migrate", str(path))
    assert done.returncode == 0, done.stderr
    assert path.is_file()
    assert f"schema version {len(load_migrations())} (was 0)" in done.stdout


def test_cli_check_exit_codes(tmp_path: Path) -> None:
    """A real process exits 2 with no database, 0 when all is well, 1 on a mismatch."""
    path = tmp_path / "db.sqlite3"
    assert run_cli("check", str(path)).returncode == 2
    assert not path.exists()
    assert run_cli("migrate", str(path)).returncode == 0
    empty = run_cli("check", str(path))
    assert (empty.returncode, empty.stdout.strip()) == (0, "all games ok")

    async def start_unknown_game() -> None:
        store = await SqliteStore.open(path)
        lobby = await make_lobby(store, game="nosuchgame", seats_wanted=1)
        await store.join(lobby.id, 1, "a")
        await store.start(lobby.id, seed=1, order=[1], snapshot={})
        await store.close()

    asyncio.run(start_unknown_game())
    bad = run_cli("check", str(path))
    assert bad.returncode == 1, bad.stderr
    assert "mismatch at <engine>: unknown game 'nosuchgame'" in bad.stdout
