"""A database as a version of the bot wrote it, and everything the store reads back from it.

``tests/store/databases/`` keeps files written by earlier versions (with what that version
read back from them, as JSON); ``test_store_written_databases.py`` opens each with today's
code and must read the same. Written through the Store protocol only, so that this module
runs at the version that writes a file:

    git archive <commit> | tar -x -C /tmp/at
    cp tests/store/written_database.py /tmp/at/tests/store/ && cd /tmp/at
    PYTHONPATH=.:tests/store python tests/store/written_database.py <folder>/<name>

which writes ``<name>.sqlite3.gz`` and ``<name>.json`` into ``<folder>`` (this
repository's ``tests/store/databases``).

The file holds what ``store_testkit.fill`` makes (games in every status, a log with notes
and an undo, timers, a deadline, a vacation, a vote, picker paths, results and ratings, bot,
guild, user and game settings) and a few moves of each real game (civ, stoneage, clash).
"""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import json
import sqlite3
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from store_testkit import COUNTING, fill

from rules import get_game
from rules.core import Game, Rng, act
from rules.selfplay import random_action
from store import GAME_STATUSES, SqliteStore, check

#: The real games a file holds a few moves of, and how many.
REAL_GAMES = ("civ", "stoneage", "clash")
MOVES = 12
GUILD = 10
#: Every user the filled database knows (store_testkit.fill, and the real games' 11 and 12).
USERS = (1, 2, 3, 4, 5, 6, 7, 8, 11, 12)


def engines(name: str) -> Game[Any]:
    """The registry's games, and the test kit's counting game."""
    return COUNTING if name == "counting" else get_game(name)


async def play_real(store: SqliteStore, name: str, seed: int, moves: int) -> int:
    """A real game of users 11 and 12 at its default options, ``moves`` random moves in."""
    engine = get_game(name)
    options = {o.name: o.default for o in engine.options}
    lobby = await store.create_game(
        guild_id=GUILD, channel_id=21, game=name, options=options, seats_wanted=2, created_by=11
    )
    for user in (11, 12):
        await store.join(lobby.id, user, f"u{user}")
    state = engine.setup(["u11", "u12"], options, seed)
    game = await store.start(lobby.id, seed=seed, order=[11, 12], snapshot=engine.to_json(state))
    await store.update_game(game.id, thread_id=3000 + game.id, table_message_id=4000 + game.id)
    return await advance(store, game.id, moves, Rng(seed))


async def advance(store: SqliteStore, game_id: int, moves: int, rng: Rng) -> int:
    """``moves`` random moves more of a stored real game (fewer if it ends); the new seq."""
    game = await store.get_game(game_id)
    stored = await store.snapshot(game_id)
    assert game is not None and stored is not None
    engine = engines(game.game)
    seats = {s.seat: s for s in await store.seats(game_id)}
    state, seq = engine.from_json(stored[1]), game.seq
    for _ in range(moves):
        if engine.outcome(state) is not None:
            break
        prompts = engine.pending(state)
        seat = prompts[rng.randrange(len(prompts))].seat
        action = random_action(engine, state, seat, rng)
        state, _ = act(engine, state, seat, action)
        seq = await store.record(
            game_id,
            expected_seq=seq,
            seat=seat,
            user_id=seats[seat].user_id,
            kind="move",
            text=action,
            snapshot=engine.to_json(state),
            status="finished" if engine.outcome(state) is not None else None,
            announce=False,
        )
    return seq


async def write(path: Path) -> None:
    """Fill a new database at ``path`` and leave it as one file (no -wal beside it)."""
    store = await SqliteStore.open(path)
    try:
        await fill(store)
        for seed, name in enumerate(REAL_GAMES, start=11):
            await play_real(store, name, seed, MOVES)
    finally:
        await store.close()
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = DELETE")  # the WAL folded in: one file to keep
        db.execute("VACUUM")
    finally:
        db.close()


def plain(value: Any) -> Any:
    """``value`` as JSON would keep it: rows as objects, times as ISO text, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


async def read_all(store: SqliteStore) -> dict[str, Any]:
    """Everything the Store protocol reads back from the database, without writing to it."""
    games = await store.games_with_status(GAME_STATUSES)
    found: dict[str, Any] = {
        "schema_version": await store.schema_version(),
        "bot_settings": await store.bot_settings(),
        "guild_settings": await store.guild_settings(GUILD),
        "user_settings": {u: await store.user_settings(u) for u in USERS},
        "users_with_reminder": await store.users_with_setting("reminder"),
        "guild_games": [g.id for g in await store.list_games(GUILD)],
        "games_to_announce": [g.id for g in await store.games_to_announce()],
        "unposted_lobbies": [g.id for g in await store.unposted_lobbies()],
        "timers": await store.pending_timers(),
        "next_timer": await store.next_timer(),
        "stored_paths": [p for i in range(1, 10) if (p := await store.stored_path(i))],
        "leaderboard": await store.leaderboard(GUILD, "counting", 10),
        "ratings": await store.ratings(GUILD, "counting", USERS),
        "stats": {u: await store.player_stats(GUILD, u, None) for u in USERS},
        "games": {},
    }
    for game in games:
        seats = await store.seats(game.id)
        found["games"][game.id] = {
            "row": game,
            "by_thread": game.thread_id and (await store.game_by_thread(game.thread_id)),
            "seats": seats,
            "seat_of": [await store.seat_of(game.id, s.user_id) for s in seats],
            "actions": await store.actions(game.id),
            "snapshot": await store.snapshot(game.id),
            "settings": await store.game_settings(game.id),
            "deadline": await store.deadline(game.id),
            "invited": await store.invited(game.id),
            "results": await store.results_of_game(game.id),
            "vacations": [await store.vacation(game.id, s.user_id) for s in seats],
            "user_games": [
                [g.id for g in await store.games_of_user(GUILD, s.user_id, GAME_STATUSES)]
                for s in seats
            ],
        }
    found["set_aside"] = store.set_aside()
    result: dict[str, Any] = plain(found)
    return result


def unpack(packed: Path, folder: Path) -> Path:
    """The database of ``packed`` (``name.sqlite3.gz``) as a file in ``folder``."""
    path = folder / packed.name.removesuffix(".gz")
    path.write_bytes(gzip.decompress(packed.read_bytes()))
    return path


async def main(stem: Path) -> None:
    """Write ``stem``.sqlite3.gz (the file, packed: a tenth of its size) and ``stem``.json,
    what this version reads back from it."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{stem.name}.sqlite3"
        await write(path)
        packed = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        stem.with_name(f"{stem.name}.sqlite3.gz").write_bytes(packed)
        store = await SqliteStore.open(path)  # opening changes the file (WAL): after packing
        try:
            assert await check(store, engines=engines) == []
            read = await read_all(store)
        finally:
            await store.close()
    text = json.dumps(read, indent=1, sort_keys=True, ensure_ascii=False)
    stem.with_name(f"{stem.name}.json").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
