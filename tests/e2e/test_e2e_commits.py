"""What a confirmed move writes: three transactions, whether it passes the turn (a new table
post) or not (an edit). Each commit is fsynced, on one connection that every other game's
reads and writes wait behind, so their number bounds the moves a process confirms a second
(docs/performance.md, "What a confirmed move costs besides its picture")."""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from rules.core import Rng
from store import SqliteStore
from tests.e2e.stores import ON_POSTGRES
from tests.e2e.table_driver import Table, finished, table_bot

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(ON_POSTGRES, reason="reads SQLite's trace of statements"),
]


def transactions(statements: list[str]) -> list[list[str]]:
    """The statements of each transaction, but the process's own lease (renewed on a timer)."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for sql in statements:
        if sql.startswith("BEGIN"):
            current = []
        elif sql.startswith(("COMMIT", "ROLLBACK")) and current is not None:
            if not any(" processes " in f" {s} " for s in current):
                found.append(current)
            current = None
        elif current is not None:
            current.append(sql)
    return found


async def test_a_move_commits_three_times(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        inner = bot.store.inner  # type: ignore[attr-defined]
        assert isinstance(inner, SqliteStore)
        statements: list[str] = []
        await inner._db.set_trace_callback(statements.append)
        rng = Rng(2)
        counted: dict[bool, list[int]] = {True: [], False: []}
        for _ in range(10):
            game = await table.game()
            seat = next(p.seat for p in game.pending() if p.must)
            action = await table.pick_action(game, seat, rng)
            posts = len([m for m in emulator.messages(table.thread) if not m.ephemeral])
            statements.clear()
            user = table.user_for(game, seat)
            answer = await finished(await emulator.slash(user, "move", action=action))
            assert answer.content.startswith("✅"), answer.content
            new_post = len([m for m in emulator.messages(table.thread) if not m.ephemeral]) > posts
            counted[new_post].append(len(transactions(statements)))
        # The move with its snapshot; its timers; the table post (its id, its place among the
        # remembered posts and the announcement cleared) or, for an edit, the announcement.
        assert counted[True] and set(counted[True]) == {3}, counted
        assert counted[False] and set(counted[False]) == {3}, counted
