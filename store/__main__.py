"""``python -m store check DB``, ``python -m store migrate DB``, ``python -m store copy FROM TO``.

``DB`` is an SQLite file or a ``postgresql://`` URL (``store.connect``).

``check`` replays every started game and prints one line per game, then one line per broken
reference (``store.references``: a row that refers to a game, seat or log entry that is not
there, such as a seat 7 in a game of two or a gap in a log); it exits 1 when any snapshot
differs from its replay, a game cannot be read (a damaged snapshot or log, an unknown game:
named on that game's line, and the others are still checked) or a reference is broken, and 2
when there is no database or the file is refused (not ours, or damaged: one sentence, no
traceback). ``migrate`` creates the database if needed and applies pending migrations (the bot
also does this when it starts). ``copy`` copies everything from one database into an empty
other one (a server moving from SQLite to PostgreSQL) and checks the copy (``store.copy``); it
exits 1 when the copy differs and 2 when a database is refused or the target is not empty.
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
from store.connect import describe, is_postgres_url, open_store
from store.copy import NotEmpty, copy_store
from store.rebuild import EngineLookup, check_game
from store.references import broken_references
from store.sqlite import DatabaseRefused, SqliteStore


def main(argv: Sequence[str] | None = None, *, engines: EngineLookup = get_game) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m store", description="Check or migrate a game database."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="compare every snapshot with its replayed log")
    check.add_argument("path", help=_WHERE)
    migrate = commands.add_parser("migrate", help="create the database / apply migrations")
    migrate.add_argument("path", help=_WHERE)
    copy = commands.add_parser("copy", help="copy a whole database into an empty one")
    copy.add_argument("source", help=_WHERE)
    copy.add_argument("target", help=f"{_WHERE} (empty)")
    args = parser.parse_args(argv)
    if args.command == "check":
        return asyncio.run(_check(args.path, engines))
    if args.command == "copy":
        return asyncio.run(_copy(args.source, args.target, engines))
    return asyncio.run(_migrate(args.path))


_WHERE = "an SQLite file or a postgresql:// URL"


async def _check(path: str, engines: EngineLookup) -> int:
    if not _exists(path):
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
        broken = await broken_references(store, engines=engines)
    finally:
        await store.close()
    for _, (_, line) in sorted(lines.items()):
        print(line)
    for reference in broken:
        print(reference)
    bad = sum(not ok for ok, _ in lines.values())
    problems = [f"{bad} mismatch(es)"] if bad else []
    if broken:
        problems.append(f"{len(broken)} broken reference(s)")
    print(", ".join(problems) or "all games ok")
    return 1 if problems else 0


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


async def _migrate(path: str) -> int:
    store = await _open(path)
    if store is None:
        return 2
    try:
        after = await store.schema_version()
    finally:
        await store.close()
    print(f"{describe(path)}: schema version {after} (was {store.schema_before})")
    return 0


async def _copy(source_at: str, target_at: str, engines: EngineLookup) -> int:
    if not _exists(source_at):
        return 2
    source = await _open(source_at)
    if source is None:
        return 2
    try:
        target = await _open(target_at)
        if target is None:
            return 2
        try:
            report = await copy_store(source, target, engines=engines)
        except NotEmpty as exc:
            print(f"{exc}; nothing was copied", file=sys.stderr)
            return 2
        finally:
            await target.close()
    finally:
        await source.close()
    rows = sum(report.rows.values())
    print(f"copied {rows} rows in {len(report.rows)} tables; {report.games_checked} games replayed")
    for problem in report.problems:
        print(problem)
    print(f"{len(report.problems)} problem(s)" if report.problems else "the copy is identical")
    return 1 if report.problems else 0


def _exists(path: str) -> bool:
    """An SQLite file must exist to be read (opening would create it); a URL is tried."""
    if is_postgres_url(path) or Path(path).is_file():
        return True
    print(f"no database at {path}", file=sys.stderr)
    return False


async def _open(path: str) -> SqliteStore | None:
    """The store, or None after printing why the database was refused."""
    try:
        return await open_store(path)
    except DatabaseRefused as exc:
        print(exc, file=sys.stderr)
        return None


if __name__ == "__main__":
    sys.exit(main())
