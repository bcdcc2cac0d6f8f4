"""``python -m bench processes`` in a tiny configuration, so that it cannot rot: the bot in
separate processes on SQLite, and on PostgreSQL in one and two processes when the run has a
server (``TABLEHOST_TEST_PG_URL``); every move sent is confirmed and the report names every
setup measured."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.processes import SETUPS, block, measure, pg_server_url
from bench.report import write_block
from tests.store.pg_testkit import PG_URL

pytestmark = pytest.mark.e2e

#: One game on each shard's server.
GAMES, MOVES = 2, 3


async def test_the_benchmark_confirms_every_move_in_each_setup(tmp_path: Path) -> None:
    setups = [s for s in SETUPS if PG_URL or not s.postgres]
    # Pictures drawn in a thread of each bot: no worker interpreter to start (seconds of CPU
    # on a busy machine); the benchmark itself uses the production default, one worker.
    result = await measure(
        game="civ", games=GAMES, moves=MOVES, seed=1, pg_url=PG_URL, render_workers=0
    )
    for setup in setups:
        figures = {k: result[f"{setup.key}_{k}"] for k in ("confirmed", "unconfirmed")}
        assert figures == {"confirmed": GAMES * MOVES, "unconfirmed": 0}, result
        p50, p95, p99 = (result[f"{setup.key}_{q}_ms"] for q in ("p50", "p95", "p99"))
        assert 0 < p50 <= p95 <= p99 < 30_000
        assert result[f"{setup.key}_moves_per_s"] > 0
        # Drawing a table picture alone takes tens of milliseconds of CPU (no /proc: no figure).
        assert result.get(f"{setup.key}_cpu_ms_per_move", 50) > 5
        if f"{setup.key}_cpu_ms_per_move" in result:
            # Where it went: the bots' event loops, their other threads, their workers.
            parts = [result[f"{setup.key}_cpu_{p}_ms"] for p in ("loop", "threads", "render")]
            assert abs(sum(parts) - result[f"{setup.key}_cpu_ms_per_move"]) < 0.5, result
            assert result[f"{setup.key}_cpu_emulator_ms"] > 0, result
    measured = {s.key for s in SETUPS if f"{s.key}_confirmed" in result}
    assert measured == {s.key for s in setups}
    assert ("postgres_server" in result) == bool(PG_URL)

    report = tmp_path / "performance.md"
    write_block(report, "processes", block(result, "python -m bench processes"))
    lines = report.read_text(encoding="utf-8").splitlines()
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines if line[:2] == "| "]
    table = {row[0]: row[1:] for row in cells}
    assert table["measure"] == [s.label for s in SETUPS]
    for n, setup in enumerate(SETUPS):
        shown = table["moves confirmed per second"][n]
        moves_per_s = result.get(f"{setup.key}_moves_per_s")
        assert shown == ("not measured" if moves_per_s is None else str(moves_per_s))


def test_the_server_url_comes_from_the_option_then_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TABLEHOST_TEST_PG_URL", raising=False)
    monkeypatch.delenv("TABLEHOST_DB_URL", raising=False)
    assert pg_server_url() == ""
    monkeypatch.setenv("TABLEHOST_DB_URL", "postgresql://bot@db/tablehost")
    assert pg_server_url() == "postgresql://bot@db/tablehost"
    monkeypatch.setenv("TABLEHOST_TEST_PG_URL", "postgresql://test@localhost/postgres")
    assert pg_server_url() == "postgresql://test@localhost/postgres"
    assert pg_server_url("postgresql://given@host/db") == "postgresql://given@host/db"
