"""Copying a whole database to another (SQLite to PostgreSQL, or back), and proving the copy.

Every table is copied row for row with its ids, in one transaction on the target, which must be
empty (freshly migrated): guild, user, game and bot settings, games, seats, the action log,
snapshots, timers, deadlines, vacations, votes, invitations, ratings, results and kept picker
paths. Id counters move past the source's (an id that a Discord button embeds is never handed
out again). Then the copy is checked twice: each table reads back equal to the source's, and
every started game's log replays to its snapshot on the target (``store.rebuild``).

The source must not change meanwhile: stop the bot first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from store.base import GAME_STATUSES
from store.rebuild import EngineLookup, check_game
from store.sqlite import SqliteStore

__all__ = ["TABLES", "CopyReport", "NotEmpty", "copy_store"]

#: Every table, parents before children, with the order its rows are copied in (``rowid``:
#: insertion order, which the invitations are listed in). Not ``processes``: it says which
#: bot processes run on the source now, nothing to keep (a timer claimed by one of them is
#: taken over on the target, as after that process's death).
TABLES: tuple[tuple[str, str], ...] = (
    ("bot_settings", "id"),
    ("guilds", "guild_id"),
    ("users", "user_id"),
    ("games", "id"),
    ("seats", "game_id, seat"),
    ("actions", "id"),
    ("snapshots", "game_id"),
    ("timers", "id"),
    ("deadlines", "game_id"),
    ("vacations", "rowid"),
    ("votes", "poll, voter_id"),
    ("game_settings", "game_id"),
    ("invites", "rowid"),
    ("ratings", "guild_id, game, user_id"),
    ("results", "game_id, user_id"),
    ("picker_paths", "id"),
)

#: Tables whose ``id`` comes from a counter (AUTOINCREMENT / identity).
_COUNTED = ("games", "actions", "timers", "picker_paths")


class NotEmpty(Exception):
    """The target already holds data; nothing was copied."""


@dataclass
class CopyReport:
    """What was copied, and what the checks found (empty ``problems``: an exact copy)."""

    rows: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0
    problems: list[str] = field(default_factory=list)


async def copy_store(
    source: SqliteStore, target: SqliteStore, *, engines: EngineLookup
) -> CopyReport:
    """Copy everything from ``source`` into the empty ``target`` and check the copy.

    Raises:
        NotEmpty: ``target`` has rows in any table (it is left as it was).
    """
    report = CopyReport()
    filled = [t for t, _ in TABLES if await target._count(t)]
    if filled:
        raise NotEmpty(f"{target.path} is not empty (rows in {', '.join(filled)})")
    columns = {t: await _shared_columns(source, target, t) for t, _ in TABLES}
    data = {t: await _rows(source, t, order, columns[t]) for t, order in TABLES}
    counters = await source._id_counters(_COUNTED)
    async with target._transaction() as db:
        for table, _ in TABLES:
            names = columns[table]
            marks = ", ".join("?" for _ in names)
            await db.executemany(
                f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", data[table]
            )
            report.rows[table] = len(data[table])
        await target._set_id_counters(db, counters)
    for table, order in TABLES:
        if await _rows(target, table, order, columns[table]) != data[table]:
            report.problems.append(f"table {table}: the copy reads back different rows")
    for game in await target.games_with_status(GAME_STATUSES):
        if game.seed is None:
            continue
        report.games_checked += 1
        try:
            mismatch = await check_game(target, game, engines=engines)
        except Exception as exc:  # the type only: a message could quote a hidden hand
            report.problems.append(f"game {game.id}: cannot be checked ({type(exc).__name__})")
            continue
        if mismatch is not None:
            report.problems.append(f"game {game.id}: {mismatch}")
    return report


async def _shared_columns(source: SqliteStore, target: SqliteStore, table: str) -> list[str]:
    """The columns both schemas give ``table``, in the target's order (not PostgreSQL's
    stand-in ``rowid``, which the target numbers in insertion order)."""
    theirs = set(await source._columns(table))
    return [c for c in await target._columns(table) if c in theirs and c != "rowid"]


async def _rows(
    store: SqliteStore, table: str, order: str, names: Sequence[str]
) -> list[tuple[Any, ...]]:
    rows = await store._read(f"SELECT {', '.join(names)} FROM {table} ORDER BY {order}")
    return [tuple(row) for row in rows]
