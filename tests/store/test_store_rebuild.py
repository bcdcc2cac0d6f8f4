"""Replaying logs (rebuild) and comparing replays with stored snapshots (check)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from store_testkit import COUNTING, counting_engines, make_lobby, start_counting

from rules.core import Game, act
from store import GameRow, Mismatch, ReplayError, SqliteStore, check, check_game, rebuild
from store.rebuild import first_difference

#: (kind, seat, text) in the order a counting game with two seats and seed 4 allows them.
SCRIPT = [
    ("move", 0, "add 3"),
    ("note", None, "paused by a moderator"),
    ("move", 1, "ADD   2"),  # stored as typed: replay canonicalises like the bot does
    ("move", 0, "add 1"),
]


async def play(store: SqliteStore, game: GameRow, script: list[tuple[str, int | None, str]]) -> Any:
    """Apply ``script`` with the counting engine and record every step like the bot does."""
    snap = await store.snapshot(game.id)
    assert snap is not None
    state = COUNTING.from_json(snap[1])
    row = await store.get_game(game.id)
    assert row is not None
    seq = row.seq
    for kind, seat, text in script:
        stored: dict[str, Any] | None = None
        if kind == "move":
            assert seat is not None
            state, _ = act(COUNTING, state, seat, text)
            stored = COUNTING.to_json(state)
        elif kind == "resign":
            assert seat is not None
            state, _ = COUNTING.resign(state, seat)
            stored = COUNTING.to_json(state)
        seq = await store.record(
            game.id,
            expected_seq=seq,
            seat=seat,
            user_id=None if seat is None else seat + 1,
            kind=kind,
            text=text,
            snapshot=stored,
        )
    return state


def tamper(db_path: Path, sql: str, *params: Any) -> None:
    """Change the database behind the store's back, as a bug or a bad hand edit would."""
    with sqlite3.connect(db_path) as db:
        db.execute(sql, params)
    db.close()


async def test_rebuild_replays_moves_notes_and_resign(memory_store: SqliteStore) -> None:
    """The rebuilt state equals the one the moves produced; notes change nothing."""
    game = await start_counting(memory_store, seed=6, users=(1, 2, 3))
    played = await play(memory_store, game, [*SCRIPT[:3], ("resign", 0, "resign")])
    row = await memory_store.get_game(game.id)
    assert row is not None
    seats = await memory_store.seats(game.id)
    rebuilt = rebuild(row, seats, await memory_store.actions(game.id), engine=COUNTING)
    assert rebuilt == played
    assert rebuilt["resigned"] == [0]


async def test_rebuild_from_a_prefix(memory_store: SqliteStore) -> None:
    """Replaying the first n actions gives the state after action n."""
    game = await start_counting(memory_store)
    await play(memory_store, game, SCRIPT)
    row = await memory_store.get_game(game.id)
    assert row is not None
    seats, log = await memory_store.seats(game.id), await memory_store.actions(game.id)
    assert rebuild(row, seats, log[:1], engine=COUNTING)["total"] == 3
    assert rebuild(row, seats, [], engine=COUNTING) == COUNTING.setup(
        ["p1", "p2"], {"target": 10}, 4
    )


async def test_rebuild_uses_seat_order_and_seed(memory_store: SqliteStore) -> None:
    """Handles come in seat order (not join order); the seed reaches setup."""
    lobby = await make_lobby(memory_store, seats_wanted=2)
    await memory_store.join(lobby.id, 1, "first")
    await memory_store.join(lobby.id, 2, "second")
    game = await memory_store.start(lobby.id, seed=3, order=[2, 1], snapshot={})
    state = rebuild(game, await memory_store.seats(game.id), [], engine=COUNTING)
    assert (state["players"], state["turn"]) == (["second", "first"], 1)


async def test_rebuild_refuses_lobby_and_illegal_log(memory_store: SqliteStore) -> None:
    """A lobby cannot be replayed; an action the engine refuses names its seq."""
    lobby = await make_lobby(memory_store)
    with pytest.raises(ReplayError):
        rebuild(lobby, [], [], engine=COUNTING)
    game = await start_counting(memory_store)
    await memory_store.record(
        game.id, expected_seq=0, seat=1, user_id=2, kind="move", text="add 1", snapshot={}
    )
    row = await memory_store.get_game(game.id)
    assert row is not None
    with pytest.raises(ReplayError) as err:
        rebuild(
            row,
            await memory_store.seats(game.id),
            await memory_store.actions(game.id),
            engine=COUNTING,
        )
    assert err.value.seq == 1
    assert "not_your_turn" in err.value.reason


async def test_check_passes_consistent_games(memory_store: SqliteStore) -> None:
    """Games recorded through the store check clean; lobbies are skipped."""
    first = await start_counting(memory_store)
    await play(memory_store, first, SCRIPT)
    second = await start_counting(memory_store, seed=5, users=(3, 4, 5))
    await play(memory_store, second, [("move", 2, "add 2"), ("resign", 0, "resign")])
    await make_lobby(memory_store)
    assert await check(memory_store, engines=counting_engines) == []


async def test_check_finds_a_tampered_snapshot(store: SqliteStore, db_path: Path) -> None:
    """A snapshot edited behind the store's back is reported at its first differing key."""
    game = await start_counting(store)
    await play(store, game, SCRIPT)
    snap = await store.snapshot(game.id)
    assert snap is not None
    edited = {**snap[1], "total": snap[1]["total"] + 1}
    tamper(db_path, "UPDATE snapshots SET state = ? WHERE game_id = ?", json.dumps(edited), game.id)
    assert await check(store, engines=counting_engines) == [
        Mismatch(game.id, snap[0], "total", "value differs")
    ]


async def test_check_finds_a_tampered_seed(store: SqliteStore, db_path: Path) -> None:
    """Replaying with another seed (here: another first player) does not match."""
    game = await start_counting(store)
    tamper(db_path, "UPDATE games SET seed = 5 WHERE id = ?", game.id)
    row = await store.get_game(game.id)
    assert row is not None
    mismatch = await check_game(store, row, engines=counting_engines)
    assert mismatch is not None and mismatch.key == "turn"


async def test_check_finds_a_move_without_snapshot(memory_store: SqliteStore) -> None:
    """A move recorded with no snapshot leaves the snapshot stale, and check says so."""
    game = await start_counting(memory_store)
    await memory_store.record(
        game.id, expected_seq=0, seat=0, user_id=1, kind="move", text="add 1", snapshot=None
    )
    [mismatch] = await check(memory_store, engines=counting_engines)
    assert (mismatch.key, mismatch.seq) == ("<snapshot>", 0)


async def test_check_reports_unknown_engine_and_bad_log(memory_store: SqliteStore) -> None:
    """An unknown game name and a log the engine refuses are mismatches, not crashes."""
    lobby = await make_lobby(memory_store, game="nosuchgame", seats_wanted=1)
    await memory_store.join(lobby.id, 1, "a")
    await memory_store.start(lobby.id, seed=1, order=[1], snapshot={})
    game = await start_counting(memory_store)
    await memory_store.record(
        game.id, expected_seq=0, seat=1, user_id=2, kind="move", text="add 1", snapshot={}
    )
    found = await check(memory_store, engines=counting_engines)
    assert [(m.game_id, m.key) for m in found] == [(lobby.id, "<engine>"), (game.id, "<replay>")]
    assert str(found[1]).startswith("mismatch at <replay>: seq 1")


@pytest.mark.parametrize(
    ("replayed", "stored", "expected"),
    [
        ({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}, None),
        ({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}, ("a.1.b", "value differs")),
        ({"a": 1, "b": 2}, {"a": 1}, ("b", "missing in the snapshot")),
        ({"a": 1}, {"a": 1, "c": 2}, ("c", "missing in the replay")),
        ([1, 2], [1, 2, 3], ("<root>", "length 2 in the replay, 3 in the snapshot")),
        ({"n": 1}, {"n": 1.0}, ("n", "value differs")),
        ({"n": 1}, {"n": True}, ("n", "value differs")),
        ({"x": [1]}, {"x": {"0": 1}}, ("x", "value differs")),
    ],
)
def test_first_difference(replayed: Any, stored: Any, expected: tuple[str, str] | None) -> None:
    """The first differing path, by presence, length, type or value."""
    assert first_difference(replayed, stored) == expected


async def test_real_civ_engine_round_trip(memory_store: SqliteStore) -> None:
    """A few real CIV moves recorded through the store replay to the stored snapshot."""
    civ = pytest.importorskip("rules.civ")
    if not hasattr(civ, "GAME"):
        pytest.skip("rules.civ has no engine yet")
    engine: Game[Any] = civ.GAME
    lobby = await make_lobby(memory_store, game="civ", seats_wanted=2)
    lobby = await memory_store.update_game(lobby.id, options={})
    for user in (1, 2):
        await memory_store.join(lobby.id, user, f"p{user}")
    state = engine.setup(["p1", "p2"], {}, 12345)
    game = await memory_store.start(
        lobby.id, seed=12345, order=[1, 2], snapshot=engine.to_json(state)
    )
    seq = 0
    for _ in range(12):
        prompts = engine.pending(state)
        if not prompts:
            break
        seat = prompts[0].seat
        action = first_legal_action(engine, state, seat)
        state, _ = act(engine, state, seat, action)
        seq = await memory_store.record(
            game.id,
            expected_seq=seq,
            seat=seat,
            user_id=seat + 1,
            kind="move",
            text=action,
            snapshot=engine.to_json(state),
        )
    assert seq > 0
    assert await check(memory_store) == []
    row = await memory_store.get_game(game.id)
    assert row is not None and row.seq == seq
    rebuilt = rebuild(row, await memory_store.seats(game.id), await memory_store.actions(game.id))
    assert engine.to_json(rebuilt) == engine.to_json(state)


def first_legal_action(engine: Game[Any], state: Any, seat: int) -> str:
    """The first complete action ``choices`` offers, token by token."""
    prefix: list[str] = []
    while True:
        options = engine.choices(state, seat, prefix)
        assert options, f"no choices after {prefix}"
        choice = options[0]
        prefix.append(choice.token)
        if choice.complete:
            return " ".join(prefix)
