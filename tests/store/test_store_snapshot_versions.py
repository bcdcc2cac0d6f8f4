"""A snapshot row an older version of the bot wrote still loads and still checks.

The store keeps a snapshot as the JSON the engine wrote (``snapshots.state``), its version
inside it (``"version"``); no migration touches it. A game saved as version 1 goes on after
an upgrade of the bot: the engine reads the row (upgrading it), ``check`` compares it with
the replay as the engine reads it now, and the next move writes the current version.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from store_testkit import make_lobby

from rules import get_game
from rules.core import act
from store import SqliteStore, check, rebuild

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from snapshot_fixtures import SNAPSHOTS, read, structure


def _v1_game(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A self-played game of the v1 fixtures and a snapshot of its middle, with its step."""
    games, records = read(SNAPSHOTS / name / "v1")
    chosen = [r for r in records if r["game"] == 1 and r["step"] > 0]
    record = chosen[len(chosen) // 2]
    return games[record["game"]], record


async def _store_v1(store: SqliteStore, name: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """The game recorded up to the snapshot's step, the v1 snapshot as its row."""
    transcript, record = _v1_game(name)
    game = get_game(name)
    players = transcript["players"]
    # A Clash game started before rules editions is one of the first edition (migration
    # 0011 says so in its options; its version-1 snapshots load as such).
    if name == "clash":
        transcript["options"] = {"edition": 1, **transcript["options"]}
    lobby = await make_lobby(store, game=name, seats_wanted=len(players))
    lobby = await store.update_game(lobby.id, options=transcript["options"])
    for user, handle in enumerate(players, start=1):
        await store.join(lobby.id, user, handle)
    first = game.setup(players, transcript["options"], transcript["seed"])
    row = await store.start(
        lobby.id,
        seed=transcript["seed"],
        order=list(range(1, len(players) + 1)),
        snapshot=game.to_json(first),
    )
    steps = transcript["steps"][: record["step"]]
    for seq, step in enumerate(steps):
        seat = players.index(step["player"])
        last = seq == len(steps) - 1
        await store.record(
            row.id,
            expected_seq=seq,
            seat=seat,
            user_id=seat + 1,
            kind="resign" if step.get("resign") else "move",
            text="resign" if step.get("resign") else step["action"],
            snapshot=record["snapshot"] if last else None,
        )
    return row.id, transcript, record


@pytest.mark.parametrize("name", ["civ", "stoneage", "clash"])
async def test_a_version_1_row_loads_checks_and_plays_on(
    store: SqliteStore, db_path: Path, name: str
) -> None:
    game = get_game(name)
    game_id, transcript, record = await _store_v1(store, name)
    stored = await store.snapshot(game_id)
    assert stored is not None and stored[1]["version"] == 1 < game.version
    state = game.from_json(stored[1])
    row = await store.get_game(game_id)
    assert row is not None
    replayed = rebuild(row, await store.seats(game_id), await store.actions(game_id))
    assert structure(state) == structure(replayed)
    assert await check(store) == []

    # The next move writes the current version, which checks too.
    seat = game.pending(state)[0].seat
    step = transcript["steps"][record["step"]]
    assert "action" in step and transcript["players"].index(step["player"]) == seat
    state, _ = act(game, state, seat, step["action"])
    await store.record(
        game_id,
        expected_seq=row.seq,
        seat=seat,
        user_id=seat + 1,
        kind="move",
        text=step["action"],
        snapshot=game.to_json(state),
    )
    stored = await store.snapshot(game_id)
    assert stored is not None and stored[1]["version"] == game.version
    assert await check(store) == []


@pytest.mark.parametrize("name", ["civ", "stoneage", "clash"])
async def test_a_version_1_row_that_differs_from_its_log_is_still_found(
    store: SqliteStore, db_path: Path, name: str
) -> None:
    """Reading it upgraded hides nothing: a changed value, or one it cannot read, is named."""
    game_id, _, record = await _store_v1(store, name)
    changed = json.loads(json.dumps(record["snapshot"]))
    changed["rng"] += 1
    with sqlite3.connect(db_path) as db:
        db.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?", (json.dumps(changed), game_id)
        )
    db.close()
    [mismatch] = await check(store)
    assert (mismatch.key, mismatch.reason) == ("rng", "value differs")
    del changed["seats"]
    with sqlite3.connect(db_path) as db:
        db.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?", (json.dumps(changed), game_id)
        )
    db.close()
    [mismatch] = await check(store)
    assert mismatch.key == "<snapshot>" and mismatch.reason.startswith("unreadable")
