"""``python -m store check PATH`` and ``python -m store migrate PATH``.

``check`` replays every started game and prints one line per game; it exits 1 when any
snapshot differs from its replay or a game cannot be read (a damaged snapshot or log, an
unknown game: named on that game's line, and the others are still checked), and 2 when there
is no database or the file is refused (not ours: one sentence, no traceback). ``migrate``
creates the database if needed and applies pending migrations (the bot also does this when it
starts).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from rules import get_game
from store.base import GAME_STATUSES, GameRow
from store.rebuild import EngineLookup, check_game
from store.sqlite import DatabaseRefused, SqliteStore


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
    store = await _open(path)
    if store is None:
        return 2
    try:
        lines: dict[int, tuple[bool, str]] = {}
        for game in await store.games_with_status(GAME_STATUSES):
            if game.seed is not None:
                lines[game.id] = await _check_one(store, game, engines)
        # Rows the listing could not read at all are skipped by it: report them too.
        for row in store.set_aside():
            if row.table == "games":
                lines[row.key] = (False, f"game {row.key}: unreadable ({row})")
    finally:
        await store.close()
    for _, (_, line) in sorted(lines.items()):
        print(line)
    bad = sum(not ok for ok, _ in lines.values())
    print(f"{bad} mismatch(es)" if bad else "all games ok")
    return 1 if bad else 0


async def _check_one(store: SqliteStore, game: GameRow, engines: EngineLookup) -> tuple[bool, str]:
    """Whether ``game`` is fine, and its line. One game's failure never stops the others."""
    head = f"game {game.id} {game.game} {game.status} seq {game.seq}"
    try:
        mismatch = await check_game(store, game, engines=engines)
    except sqlite3.Error as exc:  # a damaged page of this game's rows
        return False, f"{head}: unreadable ({exc})"
    except Exception as exc:  # the type only: a message could quote a hidden hand
        return False, f"{head}: cannot be checked ({type(exc).__name__})"
    return mismatch is None, f"{head}: {mismatch or 'ok'}"


async def _migrate(path: Path) -> int:
    store = await _open(path)
    if store is None:
        return 2
    try:
        after = await store.pragma("user_version")
    finally:
        await store.close()
    print(f"{path}: schema version {after} (was {store.schema_before})")
    return 0


async def _open(path: Path) -> SqliteStore | None:
    """The store, or None after printing why the file was refused."""
    try:
        return await SqliteStore.open(path)
    except DatabaseRefused as exc:
        print(exc, file=sys.stderr)
        return None


if __name__ == "__main__":
    sys.exit(main())
