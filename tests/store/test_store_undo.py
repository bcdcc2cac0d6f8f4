"""Undo and rollback notes: the log only grows, the replay honours them, check still passes."""

from __future__ import annotations

from typing import Any

import pytest
from store_testkit import COUNTING, counting_engines, start_counting

from rules.core import act
from store import (
    ActionRow,
    GameRow,
    ReplayError,
    SqliteStore,
    check,
    rebuild,
    replay,
    standing,
    taken_back,
)


def _row(seq: int, kind: str, text: str, seat: int | None = 0) -> ActionRow:
    return ActionRow(1, seq, seat if kind != "note" else None, 1, kind, text, "")


async def _log(store: SqliteStore, game: GameRow, steps: list[tuple[str, int | None, str]]) -> Any:
    """Record ``steps`` like the bot: moves with their state, undo notes with the restored one."""
    row = await store.get_game(game.id)
    assert row is not None
    seats = await store.seats(game.id)
    seq = row.seq
    state: Any = None
    for kind, seat, text in steps:
        entries = [*await store.actions(game.id), _row(seq + 1, kind, text, seat)]
        state = rebuild(row, seats, entries, engine=COUNTING)
        seq = await store.record(
            game.id,
            expected_seq=seq,
            seat=seat,
            user_id=1,
            kind=kind,
            text=text,
            snapshot=COUNTING.to_json(state) if kind == "move" or text[0] in "ur" else None,
        )
    return state


def test_standing_follows_undo_and_rollback() -> None:
    log = [
        _row(1, "move", "add 1"),
        _row(2, "move", "add 2", 1),
        _row(3, "note", "undo 2"),
        _row(4, "move", "add 3", 1),
        _row(5, "note", "pause"),
        _row(6, "note", "rollback 1"),
    ]
    assert standing(log[:3]) == [1]
    assert standing(log[:5]) == [1, 4]
    assert standing(log) == [1]
    assert taken_back(log) == {2, 4}


def test_a_rollback_can_bring_back_what_an_undo_took_back() -> None:
    log = [_row(1, "move", "add 1"), _row(2, "note", "undo 1"), _row(3, "note", "rollback 1")]
    assert standing(log) == [1] and taken_back(log) == frozenset()


async def test_replay_restores_the_earlier_state(memory_store: SqliteStore) -> None:
    game = await start_counting(memory_store)
    state = await _log(
        memory_store, game, [("move", 0, "add 3"), ("move", 1, "add 2"), ("note", None, "undo 2")]
    )
    assert state["total"] == 3 and COUNTING.pending(state)[0].seat == 1
    row = await memory_store.get_game(game.id)
    assert row is not None
    seats, log = await memory_store.seats(game.id), await memory_store.actions(game.id)
    assert [a.text for a in log] == ["add 3", "add 2", "undo 2"]  # nothing was edited
    totals = [s["total"] for _, s, _ in replay(row, seats, log, engine=COUNTING)]
    assert totals == [3, 5, 3]
    after, _ = act(COUNTING, state, 1, "add 1")
    assert after["total"] == 4


async def test_check_matches_after_undo_and_rollback(memory_store: SqliteStore) -> None:
    game = await start_counting(memory_store)
    steps: list[tuple[str, int | None, str]] = [
        ("move", 0, "add 3"),
        ("move", 1, "add 2"),
        ("note", None, "undo 2"),
        ("move", 1, "add 1"),
        ("move", 0, "add 1"),
        ("note", None, "rollback 1"),
    ]
    state = await _log(memory_store, game, steps)
    assert state["total"] == 3
    snap = await memory_store.snapshot(game.id)
    assert snap is not None and snap[0] == 6 and snap[1] == COUNTING.to_json(state)
    assert await check(memory_store, engines=counting_engines) == []


async def test_check_sees_a_snapshot_not_restored(memory_store: SqliteStore) -> None:
    """An undo note without the restored snapshot leaves the snapshot wrong: check says so."""
    game = await start_counting(memory_store)
    await _log(memory_store, game, [("move", 0, "add 3"), ("move", 1, "add 2")])
    await memory_store.record(
        game.id, expected_seq=2, seat=None, user_id=1, kind="note", text="undo 2", snapshot=None
    )
    [mismatch] = await check(memory_store, engines=counting_engines)
    assert mismatch.key == "total"


def test_an_undo_of_a_later_entry_does_not_replay() -> None:
    row = GameRow(
        1, 1, 1, None, None, None, "counting", {"target": 10}, 2, "running", 4, 2, 1, "", ""
    )
    from store import SeatRow

    seats = [SeatRow(1, 0, 1, "p1", ""), SeatRow(1, 1, 2, "p2", "")]
    with pytest.raises(ReplayError) as info:
        rebuild(row, seats, [_row(1, "move", "add 1"), _row(2, "note", "undo 5")], engine=COUNTING)
    assert info.value.seq == 2
