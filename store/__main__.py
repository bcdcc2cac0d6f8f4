"""``python -m store check PATH`` and ``python -m store migrate PATH``.

``check`` replays every started game and prints one line per game; it exits 1 when any
snapshot differs from its replay and 2 when the database does not exist. ``migrate`` creates
the database if needed and applies pending migrations (the bot also does this when it starts).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from rules import get_game
from store.base import GAME_STATUSES
from store.rebuild import EngineLookup, check_game
from store.sqlite import SqliteStore


def main(argv: Sequence[str] | None = None, *, engines: EngineLookup = get_game) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m store", description="Check or migrate a game database."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="compare every snapshot with its replayed log")
    check.add_argument("path", type=Path, help="the SQLite database")
    migrate = commands.add_parser("migrate", help="create the database / apply migrations")
    migrate.add_argument("path", type=Path, help="the SQLite database")
    args = parser.parse_args(argv)
    if args.command == "check":
        return asyncio.run(_check(args.path, engines))
    return asyncio.run(_migrate(args.path))


async def _check(path: Path, engines: EngineLookup) -> int:
    if not path.is_file():
        print(f"no database at {path}", file=sys.stderr)
        return 2
    store = await SqliteStore.open(path)
    try:
        bad = 0
        for game in await store.games_with_status(GAME_STATUSES):
            if game.seed is None:
                continue
            mismatch = await check_game(store, game, engines=engines)
            print(f"game {game.id} {game.game} {game.status} seq {game.seq}: {mismatch or 'ok'}")
            bad += mismatch is not None
    finally:
        await store.close()
    print(f"{bad} mismatch(es)" if bad else "all games ok")
    return 1 if bad else 0


async def _migrate(path: Path) -> int:
    before = _user_version(path) if path.is_file() else 0
    store = await SqliteStore.open(path)
    try:
        after = await store.pragma("user_version")
    finally:
        await store.close()
    print(f"{path}: schema version {after} (was {before})")
    return 0


def _user_version(path: Path) -> int:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
    db.close()
    return version


if __name__ == "__main__":
    sys.exit(main())
