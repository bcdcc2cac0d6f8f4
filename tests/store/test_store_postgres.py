"""The PostgreSQL backend's own guarantees (the shared ones run on both backends through the
``memory_store`` fixture), choosing it by configuration, and ``python -m store copy``."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pg_testkit import PG_URL, pg_schema
from store_testkit import COUNTING, counting_engines, play, start_counting

from host.config import ConfigError, load_config
from store import DatabaseRefused, NewTimer, SeqConflict, SqliteStore
from store.__main__ import main
from store.connect import open_store
from store.postgres import POOL_SIZE, PostgresStore
from store.sqlite import load_migrations

REPO = Path(__file__).resolve().parents[2]
needs_pg = pytest.mark.skipif(not PG_URL, reason="TABLEHOST_TEST_PG_URL is not set")


def test_ci_runs_the_postgresql_tests() -> None:
    """In CI (.ci/run starts a server) the PostgreSQL variants must run, not be skipped."""
    if os.environ.get("CI") and not PG_URL:
        pytest.fail("CI is set but TABLEHOST_TEST_PG_URL is not: the PostgreSQL tests would skip")


def test_config_picks_the_store_url(tmp_path: Path) -> None:
    """store.url or TABLEHOST_DB_URL choose PostgreSQL; without them the SQLite file stays."""
    config = tmp_path / "config.toml"
    config.write_text('[store]\nurl = "postgresql://bot@db/tablehost"\n', encoding="utf-8")
    assert load_config(config, env={}).store_location == "postgresql://bot@db/tablehost"
    env = {"TABLEHOST_DB_URL": "postgres://other@db/x"}
    assert load_config(None, env=env).store_location == "postgres://other@db/x"
    assert load_config(None, env={}).store_location == "data/tablehost.sqlite3"
    with pytest.raises(ConfigError, match="postgresql://"):
        load_config(None, env={"TABLEHOST_DB_URL": "mysql://db"})


async def test_no_server_is_refused_in_one_sentence() -> None:
    with pytest.raises(DatabaseRefused) as err:
        await open_store("postgresql://bot:secret@127.0.0.1:1/none")
    assert err.value.code == "cannot_open"
    assert "secret" not in str(err.value) and "127.0.0.1:1" in str(err.value)


async def move(store: SqliteStore, game_id: int, expected: int, n: int = 1) -> int:
    return await store.record(
        game_id,
        expected_seq=expected,
        seat=0,
        user_id=1,
        kind="move",
        text=f"add {n}",
        snapshot={"after": expected + 1},
    )


@needs_pg
async def test_two_processes_worth_of_connections_let_one_writer_through() -> None:
    """Two connections record at one seq and claim one timer: exactly one wins each."""
    async with pg_schema() as url:
        first, second = await open_store(url), await open_store(url)
        try:
            game = await start_counting(first)
            results = await asyncio.gather(
                *(move(s, game.id, 0, n) for n, s in enumerate((first, second, first, second))),
                return_exceptions=True,
            )
            assert sorted(type(r).__name__ for r in results) == ["SeqConflict"] * 3 + ["int"]
            timer = await first.add_timer(NewTimer(game.id, "reminder", game_time(), seat=0))
            claims = await asyncio.gather(
                first.claim_timer(timer.id, game_time()), second.claim_timer(timer.id, game_time())
            )
            assert sorted(claims) == [False, True]
        finally:
            await first.close()
            await second.close()


def game_time() -> datetime:
    return datetime(2030, 1, 1, tzinfo=UTC)


@needs_pg
async def test_a_dropped_connection_is_replaced(tmp_path: Path) -> None:
    """The server ends every connection of the store (a restart, a network cut): the request
    that meets a dead one fails, the next ones work without reopening the store."""
    import asyncpg

    async with pg_schema() as url:
        store = await open_store(url)
        assert isinstance(store, PostgresStore)
        admin = await asyncpg.connect(url)
        try:
            game = await start_counting(store)
            await move(store, game.id, 0)
            held = [await store._pool.acquire() for _ in range(POOL_SIZE)]  # open them all
            pids = [conn.get_server_pid() for conn in held]
            for conn in held:
                await store._pool.release(conn)
            ended = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM unnest($1::int[]) AS pid", pids
            )
            assert ended == POOL_SIZE
            failures = 0
            for _ in range(ended + 1):
                try:
                    row = await store.get_game(game.id)
                except Exception:  # whatever asyncpg raises on a dead connection
                    failures += 1
                    continue
                assert row is not None and row.seq == 1
            assert failures <= ended
            assert await move(store, game.id, 1) == 2
            assert (await store.get_game(game.id)).seq == 2  # type: ignore[union-attr]
        finally:
            await admin.close()
            await store.close()


@needs_pg
async def test_unique_seq_backstop_and_rollback() -> None:
    """UNIQUE (game_id, seq) refuses a duplicate when games.seq lags; a failed write keeps
    neither the action nor the snapshot, and the connection works afterwards."""
    import asyncpg

    async with pg_schema() as url:
        store = await open_store(url)
        raw = await asyncpg.connect(url)
        try:
            game = await start_counting(store)
            await move(store, game.id, 0)
            await raw.execute("UPDATE games SET seq = 0 WHERE id = $1", game.id)
            with pytest.raises(SeqConflict):
                await move(store, game.id, 0, 2)
            await raw.execute("UPDATE games SET seq = 1 WHERE id = $1", game.id)
            await raw.execute("ALTER TABLE snapshots ADD CONSTRAINT small CHECK (seq < 2)")
            with pytest.raises(asyncpg.CheckViolationError):
                await move(store, game.id, 1)
            assert [a.seq for a in await store.actions(game.id)] == [1]
            assert (await store.snapshot(game.id) or (None,))[0] == 1
            await raw.execute("ALTER TABLE snapshots DROP CONSTRAINT small")
            assert await move(store, game.id, 1) == 2
        finally:
            await raw.close()
            await store.close()


@needs_pg
async def test_reopen_keeps_everything_and_foreign_schemas_are_refused() -> None:
    import asyncpg

    async with pg_schema() as url:
        store = await open_store(url)
        game = await start_counting(store)
        await move(store, game.id, 0)
        await store.close()
        again = await open_store(url)
        try:
            assert again.schema_before == len(load_migrations())
            assert [a.text for a in await again.actions(game.id)] == ["add 1"]
        finally:
            await again.close()
        raw = await asyncpg.connect(url)
        try:
            await raw.execute("UPDATE tablehost_schema SET version = 999")
            with pytest.raises(DatabaseRefused) as err:
                await open_store(url)
            assert err.value.code == "schema_too_new"
        finally:
            await raw.close()
    async with pg_schema() as url:
        raw = await asyncpg.connect(url)
        await raw.execute("CREATE TABLE theirs (x int)")
        await raw.close()
        with pytest.raises(DatabaseRefused) as err:
            await open_store(url)
        assert err.value.code == "not_ours"


async def build(store: SqliteStore) -> int:
    """One of everything: settings, a game played to the end with timers, votes, results,
    paths."""
    from store import RatingRow, ResultRow, TimerMatch

    game = await start_counting(store)
    state, _ = COUNTING.apply(COUNTING.setup(["p1", "p2"], game.options, 4), 0, "add 2")
    await store.record(
        game.id,
        expected_seq=0,
        seat=0,
        user_id=1,
        kind="move",
        text="add 2",
        snapshot=COUNTING.to_json(state),
    )
    await store.set_bot_setting("synced", "abc")
    await store.set_guild_setting(10, "language", "hu")
    await store.set_user_setting(1, "quiet", [22, 7])
    await store.set_game_setting(game.id, "images", "off")
    await store.invite(game.id, 7, 1)
    await store.invite(game.id, 5, 1)
    await store.set_deadline(game.id, 3600, "drop")
    await store.take_vacation(game.id, 1, seat=0, seconds=60, allowance=600, now=game_time())
    await store.cast_vote(f"end:{game.id}", 1, "yes")
    await store.replace_timers(
        game.id, add=[NewTimer(game.id, "reminder", game_time(), seat=1, seq=1)]
    )
    gone = await store.add_timer(NewTimer(game.id, "cleanup", game_time()))
    await store.finish_timer(gone.id)  # an id handed out once must never come back
    await store.replace_timers(game.id, cancel=[TimerMatch(kind="nothing")])
    await store.store_paths(game.id, 1, 2, [("add 3 !", 0)])
    # Played to the end (11 after seat 1's second move), then its results: only a finished
    # game has them (python -m store check says so otherwise).
    for seat in (1, 0, 1):
        await play(store, game.id, seat, "add 3")
    await store.record_results(
        [
            ResultRow(game.id, 1, 10, "counting", 0, 2, 0.0, False, True),
            ResultRow(game.id, 2, 10, "counting", 1, 1, 1.0, True, True),
        ],
        [
            RatingRow(10, "counting", 1, 22.5, 7.25, 1, 0),
            RatingRow(10, "counting", 2, 27.5, 7.25, 1, 1),
        ],
    )
    return gone.id


@needs_pg
async def test_copy_sqlite_to_postgres_and_back(tmp_path: Path) -> None:
    """Everything arrives, reads back equal and replays; new ids continue past the old."""
    from store.copy import NotEmpty, copy_store

    source = await SqliteStore.open(tmp_path / "a.sqlite3")
    gone = await build(source)
    async with pg_schema() as url:
        target = await open_store(url)
        back = await SqliteStore.open(tmp_path / "b.sqlite3")
        try:
            report = await copy_store(source, target, engines=counting_engines)
            assert report.problems == [] and report.games_checked == 1
            assert all(report.rows[t] for t in ("games", "actions", "invites", "ratings"))
            assert await target.invited(1) == [7, 5]
            assert await target.user_settings(1) == {"quiet": [22, 7]}
            later = await target.add_timer(NewTimer(1, "reminder", game_time()))
            assert later.id > gone
            with pytest.raises(NotEmpty):
                await copy_store(source, target, engines=counting_engines)
            again = await copy_store(target, back, engines=counting_engines)
            assert again.problems == [] and again.rows["timers"] == 2
        finally:
            await back.close()
            await target.close()
            await source.close()


@needs_pg
def test_cli_check_migrate_and_copy_take_urls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.sqlite3"

    async def fill() -> None:
        store = await SqliteStore.open(path)
        await build(store)
        await store.close()

    asyncio.run(fill())

    async def run_in_schema() -> None:
        async with pg_schema() as url:
            # argparse and asyncio.run of main() need their own thread: a loop is running.
            run = lambda *a: asyncio.to_thread(main, list(a), engines=counting_engines)  # noqa: E731
            assert await run("copy", str(path), url) == 0
            assert "the copy is identical" in capsys.readouterr().out
            assert await run("check", url) == 0
            assert capsys.readouterr().out.splitlines()[-1] == "all games ok"
            assert await run("copy", str(path), url) == 2
            done = subprocess.run(
                [sys.executable, "-m", "store", "migrate", url],
                cwd=REPO,
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert done.returncode == 0, done.stderr
            assert f"schema version {len(load_migrations())}" in done.stdout

    asyncio.run(run_in_schema())
