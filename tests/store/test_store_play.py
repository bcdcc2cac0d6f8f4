"""Starting games and recording actions: atomicity, sequence conflicts, durability."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Awaitable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from store_testkit import make_lobby, start_counting

from store import GameRow, SeqConflict, SqliteStore, StoreError

REPO = Path(__file__).resolve().parents[2]


async def codes(pending: Awaitable[Any]) -> str:
    """The StoreError code an awaitable raises."""
    with pytest.raises(StoreError) as err:
        await pending
    return err.value.code


async def reload(store: SqliteStore, game: GameRow) -> GameRow:
    """The game's current row."""
    row = await store.get_game(game.id)
    assert row is not None
    return row


async def move(store: SqliteStore, game: GameRow, expected_seq: int, n: int = 1) -> int:
    """Record 'add n' for seat 0 with a snapshot naming the seq it belongs to."""
    return await store.record(
        game.id,
        expected_seq=expected_seq,
        seat=0,
        user_id=1,
        kind="move",
        text=f"add {n}",
        snapshot={"after": expected_seq + 1},
    )


async def test_start_seats_in_turn_order_with_snapshot(memory_store: SqliteStore) -> None:
    """start() renumbers seats by ``order``, stores the seed, seq 0 and the first snapshot."""
    lobby = await make_lobby(memory_store)
    for user in (1, 2, 3):
        await memory_store.join(lobby.id, user, f"p{user}")
    game = await memory_store.start(lobby.id, seed=42, order=[3, 1, 2], snapshot={"s": 0})
    assert (game.status, game.seed, game.seq) == ("running", 42, 0)
    seats = await memory_store.seats(game.id)
    assert [(s.seat, s.user_id, s.handle) for s in seats] == [
        (0, 3, "p3"),
        (1, 1, "p1"),
        (2, 2, "p2"),
    ]
    assert await memory_store.snapshot(game.id) == (0, {"s": 0})
    assert await memory_store.actions(game.id) == []


async def test_start_refuses_changed_seats_and_second_start(memory_store: SqliteStore) -> None:
    """An order that is not exactly the seated users, or a started game, changes nothing."""
    lobby = await make_lobby(memory_store)
    await memory_store.join(lobby.id, 1, "a")
    await memory_store.join(lobby.id, 2, "b")
    for order in ([1], [1, 2, 3], [1, 1], [1, 9]):
        assert await codes(memory_store.start(lobby.id, seed=1, order=order, snapshot={})) == (
            "seats_changed"
        )
    after = await reload(memory_store, lobby)
    assert (after.status, after.seed) == ("lobby", None)
    assert [s.user_id for s in await memory_store.seats(lobby.id)] == [1, 2]
    assert await memory_store.snapshot(lobby.id) is None
    await memory_store.start(lobby.id, seed=1, order=[2, 1], snapshot={})
    assert await codes(memory_store.start(lobby.id, seed=1, order=[2, 1], snapshot={})) == (
        "not_in_lobby"
    )


async def test_record_appends_action_snapshot_and_seq(memory_store: SqliteStore) -> None:
    """Each record is one log row, the new snapshot and the bumped seq."""
    game = await start_counting(memory_store)
    assert await move(memory_store, game, 0) == 1
    assert await move(memory_store, game, 1, 3) == 2
    assert (await reload(memory_store, game)).seq == 2
    assert await memory_store.snapshot(game.id) == (2, {"after": 2})
    log = await memory_store.actions(game.id)
    assert [(a.seq, a.seat, a.user_id, a.kind, a.text) for a in log] == [
        (1, 0, 1, "move", "add 1"),
        (2, 0, 1, "move", "add 3"),
    ]


async def test_note_takes_a_seq_but_keeps_the_snapshot(memory_store: SqliteStore) -> None:
    """A note with no snapshot advances seq and may change status; the state stays put."""
    game = await start_counting(memory_store)
    await move(memory_store, game, 0)
    seq = await memory_store.record(
        game.id,
        expected_seq=1,
        seat=None,
        user_id=99,
        kind="note",
        text="pause",
        snapshot=None,
        status="paused",
    )
    row = await reload(memory_store, game)
    assert (seq, row.seq, row.status) == (2, 2, "paused")
    assert await memory_store.snapshot(game.id) == (1, {"after": 1})
    assert (await memory_store.actions(game.id, after=1))[0].kind == "note"


async def test_actions_after_and_limit(memory_store: SqliteStore) -> None:
    """actions() pages through the log by seq."""
    game = await start_counting(memory_store)
    for seq in range(5):
        await move(memory_store, game, seq)
    assert [a.seq for a in await memory_store.actions(game.id, after=2)] == [3, 4, 5]
    assert [a.seq for a in await memory_store.actions(game.id, after=1, limit=2)] == [2, 3]
    assert await memory_store.actions(999) == []


async def test_record_refuses_stale_seq(memory_store: SqliteStore) -> None:
    """An expected_seq that is no longer current raises SeqConflict naming the real seq."""
    game = await start_counting(memory_store)
    await move(memory_store, game, 0)
    with pytest.raises(SeqConflict) as err:
        await move(memory_store, game, 0)
    assert (err.value.code, err.value.expected_seq, err.value.actual_seq) == ("seq_conflict", 0, 1)
    assert len(await memory_store.actions(game.id)) == 1


async def test_concurrent_records_exactly_one_wins(store: SqliteStore) -> None:
    """Two simultaneous clicks on the same seq: one is recorded, the other conflicts."""
    game = await start_counting(store)
    results = await asyncio.gather(
        move(store, game, 0, 1), move(store, game, 0, 2), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["SeqConflict", "int"]
    assert [a.seq for a in await store.actions(game.id)] == [1]


async def test_two_connections_exactly_one_wins(db_path: Path) -> None:
    """Two processes' worth of connections on one file also let only one writer through."""
    first = await SqliteStore.open(db_path)
    second = await SqliteStore.open(db_path)
    try:
        game = await start_counting(first)
        results = await asyncio.gather(
            *(move(s, game, 0, n) for n, s in enumerate((first, second, first, second), 1)),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["SeqConflict"] * 3 + ["int"]
        assert len(await second.actions(game.id)) == 1
    finally:
        await first.close()
        await second.close()


async def test_unique_seq_is_a_backstop(store: SqliteStore, db_path: Path) -> None:
    """If games.seq lags behind the log, UNIQUE(game_id, seq) still refuses a duplicate."""
    game = await start_counting(store)
    await move(store, game, 0)
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET seq = 0 WHERE id = ?", (game.id,))
    db.close()
    with pytest.raises(SeqConflict):
        await move(store, game, 0, 2)
    assert [a.text for a in await store.actions(game.id)] == ["add 1"]


async def test_failure_mid_transaction_writes_nothing(store: SqliteStore, db_path: Path) -> None:
    """If the snapshot write fails after the action row went in, neither is kept."""
    game = await start_counting(store)
    with sqlite3.connect(db_path) as db:
        db.execute(
            "CREATE TRIGGER fail_snapshot BEFORE UPDATE ON snapshots "
            "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
        )
    db.close()
    with pytest.raises(sqlite3.IntegrityError, match="disk on fire"):
        await move(store, game, 0)
    assert await store.actions(game.id) == []
    assert (await reload(store, game)).seq == 0
    snapshot = await store.snapshot(game.id)
    assert snapshot is not None and snapshot[0] == 0
    # The connection is usable again and the same seq can now be recorded.
    with sqlite3.connect(db_path) as db:
        db.execute("DROP TRIGGER fail_snapshot")
    db.close()
    assert await move(store, game, 0) == 1


async def test_record_refuses_bad_requests(memory_store: SqliteStore) -> None:
    """Lobbies have no log; unknown seats, kinds and statuses are refused; nothing is written."""
    lobby = await make_lobby(memory_store)
    assert await codes(move(memory_store, lobby, 0)) == "not_started"
    assert await codes(move(memory_store, replace(lobby, id=999), 0)) == "unknown_game"
    game = await start_counting(memory_store)

    def attempt(**changes: Any) -> Awaitable[int]:
        request: dict[str, Any] = {
            "expected_seq": 0, "seat": None, "user_id": 1, "kind": "note", "text": "x",
            "snapshot": None, **changes,
        }  # fmt: skip
        return memory_store.record(game.id, **request)

    assert await codes(attempt(kind="move", seat=5)) == "unknown_seat"
    assert await codes(attempt(status="lobby")) == "already_started"
    for bad in ({"kind": "undo"}, {"kind": "move"}, {"kind": "resign"}, {"status": "won"}):
        with pytest.raises(ValueError):
            await attempt(**bad)
    assert await memory_store.actions(game.id) == []
    assert (await reload(memory_store, game)).seq == 0


async def test_replace_seat_keeps_handle(memory_store: SqliteStore) -> None:
    """A replacement takes over the seat and its handle; duplicates and lobbies are refused."""
    game = await start_counting(memory_store, users=(1, 2))
    await memory_store.replace_seat(game.id, 1, 7)
    seat = await memory_store.seat_of(game.id, 7)
    assert seat is not None and (seat.seat, seat.handle) == (1, "p2")
    assert await memory_store.seat_of(game.id, 2) is None
    assert await codes(memory_store.replace_seat(game.id, 0, 7)) == "already_joined"
    assert await codes(memory_store.replace_seat(game.id, 5, 8)) == "unknown_seat"
    lobby = await make_lobby(memory_store)
    assert await codes(memory_store.replace_seat(lobby.id, 0, 8)) == "not_started"


async def test_everything_survives_reopen(db_path: Path) -> None:
    """Close and reopen (a restart): games, seats, log, snapshot and settings are all there."""
    store = await SqliteStore.open(db_path)
    game = await start_counting(store)
    await move(store, game, 0)
    await store.set_guild_setting(10, "lang", "hu")
    before = (
        await store.get_game(game.id),
        await store.seats(game.id),
        await store.actions(game.id),
        await store.snapshot(game.id),
    )
    await store.close()
    store = await SqliteStore.open(db_path)
    after = (
        await store.get_game(game.id),
        await store.seats(game.id),
        await store.actions(game.id),
        await store.snapshot(game.id),
    )
    assert after == before
    assert await store.guild_settings(10) == {"lang": "hu"}
    await store.close()


KILLED_WRITER = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from store import SqliteStore

    async def main():
        store = await SqliteStore.open(sys.argv[1])
        game = await store.create_game(guild_id=1, channel_id=2, game="counting",
                                       options={}, seats_wanted=1, created_by=1)
        await store.join(game.id, 1, "a")
        await store.start(game.id, seed=1, order=[1], snapshot={"n": 0})
        await store.record(game.id, expected_seq=0, seat=0, user_id=1, kind="move",
                           text="add 1", snapshot={"n": 1})
        print(game.id, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no close(), no checkpoint

    asyncio.run(main())
    """
)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
async def test_recorded_action_survives_kill(db_path: Path) -> None:
    """A process killed right after record() returned loses nothing it recorded."""
    proc = subprocess.run(
        [sys.executable, "-c", KILLED_WRITER, str(db_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert proc.returncode == -9, proc.stderr
    game_id = int(proc.stdout)
    store = await SqliteStore.open(db_path)
    try:
        assert [a.text for a in await store.actions(game_id)] == ["add 1"]
        assert await store.snapshot(game_id) == (1, {"n": 1})
    finally:
        await store.close()
