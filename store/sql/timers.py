"""Asynchronous play: timers and the processes that claim them, deadlines, vacations, votes
(``store.protocols.Timers``; docs/async-play.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from store.base import (
    DEADLINE_POLICIES,
    BadRow,
    DeadlineRow,
    NewTimer,
    ProcessRow,
    StoreError,
    TimerMatch,
    TimerRow,
    VacationRow,
)
from store.sql.base import SqlBase
from store.sql.convert import (
    _TIMER_COLUMNS,
    _VACATION_COLUMNS,
    _dumps,
    _iso,
    _load_game,
    _marks,
    _now,
    _parse_iso,
    _process_row,
    _time,
    _timer_row,
    _vacation_row,
)

__all__ = ["TimersSql"]

#: A timer waiting for a dispatcher: never claimed, or claimed by a process that is no longer
#: alive (it died in the handler). Its one parameter is the time now.
_PENDING = (
    "(claimed_at IS NULL OR (claimed_by IS NOT NULL AND claimed_by NOT IN "
    "(SELECT id FROM processes WHERE expires_at > ?)))"
)


def _cancelling(game_id: int, cancel: Sequence[TimerMatch]) -> tuple[str, list[Any]]:
    """One DELETE of the game's timers that any of ``cancel`` matches (a move cancels half a
    dozen kinds: one statement, not one each)."""
    params: list[Any] = [game_id]
    matches = []
    for match in cancel:
        terms = []
        for column, value in (("kind", match.kind), ("seat", match.seat)):
            if value is not None:
                terms.append(f"{column} = ?")
                params.append(value)
        matches.append(" AND ".join(terms) or "TRUE")
    where = " OR ".join(f"({m})" for m in matches)
    return f"DELETE FROM timers WHERE game_id = ? AND ({where})", params


class TimersSql(SqlBase):
    """Timers, the processes sharing the database, deadlines, vacations and votes."""

    # Timers

    async def add_timer(self, timer: NewTimer) -> TimerRow:
        return (await self.replace_timers(timer.game_id, add=[timer]))[0]

    async def replace_timers(
        self,
        game_id: int,
        *,
        cancel: Sequence[TimerMatch] = (),
        add: Sequence[NewTimer] = (),
        seq: int | None = None,
        hold: Mapping[int, int | None] | None = None,
    ) -> list[TimerRow]:
        if any(t.game_id != game_id for t in add):
            raise ValueError(f"every timer added must belong to game {game_id}")
        if any(left is not None and left < 0 for left in (hold or {}).values()):
            raise ValueError("a held deadline cannot have less than nothing left")
        prepared = [(t, _iso(t.due_at), _dumps(dict(t.payload))) for t in add]
        async with self._transaction() as db:
            if add or hold:
                await _load_game(db, game_id)
            for seat, left in sorted((hold or {}).items()):
                await db.execute(
                    "UPDATE seats SET held = ? WHERE game_id = ? AND seat = ?",
                    (left, game_id, seat),
                )
            # Claimed timers are cancelled and restamped too: their handler, reading its row
            # again under the game's lock, then sees that it was cancelled or what seq it has.
            if cancel:
                await db.execute(*_cancelling(game_id, cancel))
            if seq is not None:
                await db.execute(
                    "UPDATE timers SET seq = ? WHERE game_id = ? AND seq IS NOT NULL",
                    (seq, game_id),
                )
            now = _now()
            inserted = []
            for timer, due, payload in prepared:
                rows = await db.execute_fetchall(
                    "INSERT INTO timers (game_id, kind, seat, seq, due_at, payload, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (game_id, timer.kind, timer.seat, timer.seq, due, payload, now),
                )
                inserted.append(
                    TimerRow(
                        id=int(next(iter(rows))[0]),
                        game_id=game_id,
                        kind=timer.kind,
                        due_at=_parse_iso(due),
                        seat=timer.seat,
                        seq=timer.seq,
                        payload=dict(timer.payload),
                    )
                )
            return inserted

    async def get_timer(self, timer_id: int) -> TimerRow | None:
        rows = await self._read(f"SELECT {_TIMER_COLUMNS} FROM timers WHERE id = ?", (timer_id,))
        return self._one(_timer_row, rows[0]) if rows else None

    async def next_timer(self, after: datetime | None = None) -> TimerRow | None:
        if after is None:
            rows = await self._timers("TRUE", (), limit=1)
        else:
            rows = await self._timers("due_at > ?", (_iso(after),), limit=1)
        return rows[0] if rows else None

    async def due_timers(self, now: datetime, limit: int = 50) -> list[TimerRow]:
        return await self._timers("due_at <= ?", (_iso(now),), limit=limit)

    async def claim_timer(self, timer_id: int, now: datetime, by: str | None = None) -> bool:
        # The rowcount of this guarded UPDATE is the claim: of two dispatchers (in this
        # process or another) exactly one sees 1. A claim of a dead process counts as none.
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE timers SET claimed_at = ?, claimed_by = ? WHERE id = ? AND " + _PENDING,
                (_iso(now), by, timer_id, _now()),
            )
            return cursor.rowcount == 1

    async def finish_timer(self, timer_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    async def park_timer(self, timer_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE timers SET claimed_by = NULL WHERE id = ? AND claimed_at IS NOT NULL",
                (timer_id,),
            )

    async def pending_timers(self, game_id: int | None = None) -> list[TimerRow]:
        if game_id is None:
            return await self._timers("TRUE", ())
        return await self._timers("game_id = ?", (game_id,))

    async def _timers(
        self, where: str, params: Sequence[Any], *, limit: int | None = None
    ) -> list[TimerRow]:
        """Pending timers matching ``where``, earliest first, the set-aside ones left out.

        They are left out in the query, so that a bad row never makes a LIMIT come back short
        (the dispatcher would sleep past the good timers behind it): each bad row found runs
        the query again without it.
        """
        while True:
            bad = [key for table, key in self._aside if table == "timers"]
            sql = f"SELECT {_TIMER_COLUMNS} FROM timers WHERE {_PENDING} AND {where}"
            args = [_now(), *params, *bad]
            if bad:
                sql += f" AND id NOT IN ({_marks(bad)})"
            sql += " ORDER BY due_at, id"
            if limit is not None:
                sql += " LIMIT ?"
                args.append(limit)
            rows = await self._read(sql, args)
            try:
                return [_timer_row(r) for r in rows]
            except BadRow as exc:
                self._note(exc.row)

    # Processes sharing the database

    async def beat(self, process: ProcessRow) -> None:
        ids = None if process.shard_ids is None else _dumps(list(process.shard_ids))
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO processes (id, shard_count, shard_ids, started_at, expires_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE "
                "SET expires_at = excluded.expires_at",
                (
                    process.id,
                    process.shard_count,
                    ids,
                    _iso(process.started_at),
                    _iso(process.expires_at),
                ),
            )
            gone = datetime.now(UTC) - timedelta(days=1)
            await db.execute("DELETE FROM processes WHERE expires_at < ?", (_iso(gone),))

    async def end_process(self, process_id: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM processes WHERE id = ?", (process_id,))

    async def processes(self) -> list[ProcessRow]:
        rows = await self._read(
            "SELECT id, shard_count, shard_ids, started_at, expires_at FROM processes "
            "WHERE expires_at > ? ORDER BY started_at, id",
            (_now(),),
        )
        return self._each(_process_row, rows)

    # Deadlines and vacations

    async def deadline(self, game_id: int) -> DeadlineRow | None:
        rows = await self._read(
            "SELECT game_id, turn_seconds, policy FROM deadlines WHERE game_id = ?", (game_id,)
        )
        return DeadlineRow(rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def set_deadline(
        self, game_id: int, turn_seconds: int | None, policy: str = "remind"
    ) -> DeadlineRow | None:
        if policy not in DEADLINE_POLICIES:
            raise ValueError(f"unknown deadline policy: {policy!r}")
        if turn_seconds is not None and turn_seconds <= 0:
            raise ValueError("turn_seconds must be positive")
        async with self._transaction() as db:
            await _load_game(db, game_id)
            if turn_seconds is None:
                await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
                return None
            await db.execute(
                "INSERT INTO deadlines (game_id, turn_seconds, policy, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
                "turn_seconds = excluded.turn_seconds, policy = excluded.policy, "
                "updated_at = excluded.updated_at",
                (game_id, turn_seconds, policy, _now()),
            )
        return DeadlineRow(game_id, turn_seconds, policy)

    async def vacation(self, game_id: int, user_id: int) -> VacationRow | None:
        rows = await self._read(
            f"SELECT {_VACATION_COLUMNS} FROM vacations WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        # A set-aside vacation counts as none, so it cannot stop a game's timers being planned.
        found = self._each(_vacation_row, rows)
        return found[0] if found else None

    async def take_vacation(
        self,
        game_id: int,
        user_id: int,
        *,
        seat: int,
        seconds: int,
        allowance: int,
        now: datetime,
    ) -> VacationRow:
        if seconds <= 0:
            raise ValueError("a vacation must last some time")
        async with self._transaction() as db:
            await _load_game(db, game_id)
            rows = list(
                await db.execute_fetchall(
                    f"SELECT {_VACATION_COLUMNS} FROM vacations WHERE game_id = ? AND user_id = ?",
                    (game_id, user_id),
                )
            )
            # A set-aside row counts as none and is replaced by this one.
            found = self._each(_vacation_row, rows)
            old = found[0] if found else None
            used = old.used_seconds if old else 0
            if used + seconds > allowance:
                raise StoreError("vacation_used_up", game=game_id, left=max(0, allowance - used))
            start = max(old.until, now) if old else now
            row = VacationRow(game_id, user_id, used + seconds, start + timedelta(seconds=seconds))
            await db.execute(
                "INSERT INTO vacations (game_id, user_id, used_seconds, until) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET "
                "used_seconds = excluded.used_seconds, until = excluded.until",
                (game_id, user_id, row.used_seconds, _iso(row.until)),
            )
            pending = await db.execute_fetchall(
                "SELECT id, due_at FROM timers "
                "WHERE game_id = ? AND seat = ? AND claimed_at IS NULL",
                (game_id, seat),
            )
            shift = timedelta(seconds=seconds)
            moved = []
            for timer in pending:
                try:
                    due = _time(timer["due_at"], "timers", timer["id"], "due_at", game_id=game_id)
                except BadRow as exc:  # left as it is: the dispatcher skips it anyway
                    self._note(exc.row)
                    continue
                moved.append((_iso(due + shift), timer["id"]))
            await db.executemany("UPDATE timers SET due_at = ? WHERE id = ?", moved)
            return row

    # Votes

    async def cast_vote(self, poll: str, voter_id: int, choice: str) -> dict[int, str]:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO votes (poll, voter_id, choice, cast_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (poll, voter_id) DO UPDATE SET "
                "choice = excluded.choice, cast_at = excluded.cast_at",
                (poll, voter_id, choice, _now()),
            )
            rows = await db.execute_fetchall(
                "SELECT voter_id, choice FROM votes WHERE poll = ? ORDER BY voter_id", (poll,)
            )
            return {r["voter_id"]: r["choice"] for r in rows}
