"""Rows that cannot be read back are set aside: lists skip them, reads of them alone raise
BadRow, and ``python -m store check`` names them on their game's line and goes on."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from store_testkit import COUNTING, counting_engines, make_lobby, start_counting

from store import BadRow, NewTimer, SetAside, SqliteStore
from store.__main__ import main

NOW = datetime(2030, 1, 1, tzinfo=UTC)


def tamper(path: Path, sql: str, *params: object) -> None:
    """Write around the store, as a damaged disk or a careless hand would."""
    db = sqlite3.connect(path)
    db.execute(sql, params)
    db.commit()
    db.close()


async def played(store: SqliteStore, *, seed: int = 4) -> int:
    game = await start_counting(store, seed=seed)
    state, _ = COUNTING.apply(COUNTING.setup(["p1", "p2"], game.options, seed), seed % 2, "add 2")
    await store.record(
        game.id,
        expected_seq=0,
        seat=seed % 2,
        user_id=1 + seed % 2,
        kind="move",
        text="add 2",
        snapshot=COUNTING.to_json(state),
    )
    return game.id


def test_check_names_each_bad_game_and_goes_on(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A non-JSON snapshot, an unknown game, an action log with bytes that are not UTF-8
    and a game row whose options are not JSON: each on its own line, the good games ok."""

    async def build() -> list[int]:
        store = await SqliteStore.open(db_path)
        ids = [await played(store, seed=s) for s in (4, 5, 6, 7, 8)]
        await store.close()
        return ids

    good, bad_snapshot, unknown, bad_log, bad_row = asyncio.run(build())
    tamper(
        db_path, "UPDATE snapshots SET state = '{\"version\": 1,' WHERE game_id = ?", bad_snapshot
    )
    tamper(db_path, "UPDATE games SET game = 'nosuchgame' WHERE id = ?", unknown)
    tamper(
        db_path, "UPDATE actions SET text = CAST(? AS TEXT) WHERE game_id = ?", b"add \xff", bad_log
    )
    tamper(db_path, "UPDATE games SET options = 'not json' WHERE id = ?", bad_row)

    assert main(["check", str(db_path)], engines=counting_engines) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"game {good} counting running seq 1: ok"
    assert lines[1] == (
        f"game {bad_snapshot} counting running seq 1: mismatch at <snapshot>: "
        f"unreadable (snapshots row {bad_snapshot}: state is not JSON)"
    )
    assert lines[2] == (
        f"game {unknown} nosuchgame running seq 1: mismatch at <engine>: unknown game 'nosuchgame'"
    )
    assert lines[3].startswith(f"game {bad_log} counting running seq 1: mismatch at <log>: ")
    assert "text is not UTF-8 text" in lines[3]
    assert lines[4] == (f"game {bad_row}: unreadable (games row {bad_row}: options is not JSON)")
    assert lines[5:] == ["4 mismatch(es)"]


async def test_lists_skip_a_bad_game_and_its_own_read_raises(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = await SqliteStore.open(db_path)
    good = await make_lobby(store)
    bad = await make_lobby(store)
    tamper(db_path, "UPDATE games SET options = '[1, 2]' WHERE id = ?", bad.id)
    with caplog.at_level(logging.WARNING, logger="store.sql.base"):
        for _ in range(2):
            assert [g.id for g in await store.games_with_status(("lobby",))] == [good.id]
            assert [g.id for g in await store.list_games(good.guild_id)] == [good.id]
        with pytest.raises(BadRow) as err:
            await store.get_game(bad.id)
    assert err.value.row == SetAside(
        "games", bad.id, "options", "not_object", game_id=bad.id, guild_id=bad.guild_id
    )
    assert store.set_aside() == [err.value.row]
    logged = [r for r in caplog.records if f"games row {bad.id}" in r.getMessage()]
    assert len(logged) == 1, "set aside rows are logged once"
    # Repaired by hand: it reads again and is no longer set aside.
    tamper(db_path, "UPDATE games SET options = '{}' WHERE id = ?", bad.id)
    assert (await store.get_game(bad.id)) is not None
    assert store.set_aside() == []
    await store.close()


async def test_a_bad_timer_does_not_hide_the_good_ones(db_path: Path) -> None:
    """The dispatcher reads one timer at a time: a damaged earliest timer must not make it
    sleep past the good ones behind it."""
    store = await SqliteStore.open(db_path)
    game = await make_lobby(store)
    first = await store.add_timer(NewTimer(game.id, "reminder", NOW))
    second = await store.add_timer(NewTimer(game.id, "reminder", NOW + timedelta(minutes=1)))
    third = await store.add_timer(NewTimer(game.id, "reminder", NOW + timedelta(minutes=2)))
    tamper(db_path, "UPDATE timers SET payload = 'oops' WHERE id = ?", first.id)
    tamper(db_path, "UPDATE timers SET due_at = '2030-01-01T00:00:30' WHERE id = ?", second.id)
    assert (await store.next_timer()) == third
    later = NOW + timedelta(hours=1)
    assert [t.id for t in await store.due_timers(later, limit=1)] == [third.id]
    assert [t.id for t in await store.pending_timers(game.id)] == [third.id]
    assert {(r.table, r.key, r.problem) for r in store.set_aside()} == {
        ("timers", first.id, "not_json"),
        ("timers", second.id, "bad_time"),  # no time zone: it could not be compared
    }
    with pytest.raises(BadRow):
        await store.get_timer(first.id)
    await store.close()


async def test_a_bad_settings_row_reads_as_none_and_the_next_write_replaces_it(
    db_path: Path,
) -> None:
    store = await SqliteStore.open(db_path)
    await store.set_bot_setting("a", 1)
    await store.set_guild_setting(5, "language", "hu")
    await store.set_user_setting(7, "language", "hu")
    await store.set_user_setting(8, "language", "en")
    tamper(db_path, "UPDATE bot_settings SET settings = 'nope'")
    tamper(db_path, "UPDATE guilds SET settings = CAST(? AS TEXT)", b'{"language": "\xc3"}')
    tamper(db_path, "UPDATE users SET settings = '\"hu\"' WHERE user_id = 7")
    assert await store.bot_settings() == {}
    assert await store.guild_settings(5) == {}
    assert await store.users_with_setting("language") == {8: "en"}
    problems = {(r.table, r.key): r.problem for r in store.set_aside()}
    assert problems == {
        ("bot_settings", 1): "not_json",
        ("guilds", 5): "not_utf8",
        ("users", 7): "not_object",
    }
    await store.set_bot_setting("b", 2)
    assert await store.bot_settings() == {"b": 2}
    assert ("bot_settings", 1) not in {(r.table, r.key) for r in store.set_aside()}
    await store.close()


async def test_a_bad_vacation_counts_as_none(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    game = await start_counting(store)
    await store.take_vacation(game.id, 1, seat=0, seconds=60, allowance=600, now=NOW)
    tamper(db_path, "UPDATE vacations SET until = 'soon'")
    assert await store.vacation(game.id, 1) is None
    again = await store.take_vacation(game.id, 1, seat=0, seconds=60, allowance=600, now=NOW)
    assert again.until == NOW + timedelta(seconds=60)
    await store.close()


async def test_a_blob_where_text_belongs_is_set_aside(db_path: Path) -> None:
    """SQLite keeps any type in any column: a changed byte (or a hand) can turn an action's
    text or a kept picker path into a blob of the same bytes, which is not text either."""
    store = await SqliteStore.open(db_path)
    game = await played(store)
    [path_id] = await store.store_paths(game, 1, 1, [("add 1 !", 0)])
    tamper(db_path, "UPDATE actions SET text = CAST(text AS BLOB) WHERE game_id = ?", game)
    tamper(db_path, "UPDATE picker_paths SET path = CAST(path AS BLOB) WHERE id = ?", path_id)
    with pytest.raises(BadRow) as err:
        await store.actions(game)
    assert (err.value.row.table, err.value.row.column, err.value.row.problem) == (
        "actions",
        "text",
        "not_utf8",
    )
    assert await store.stored_path(path_id) is None
    await store.close()
