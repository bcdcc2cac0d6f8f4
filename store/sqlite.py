"""The SQLite backend of :class:`store.base.Store`; the only module that speaks SQL.

One aiosqlite connection per process, in autocommit mode: every write is an explicit
``BEGIN IMMEDIATE ... COMMIT`` so the write lock is taken up front and a transaction never
fails half-way on a lock upgrade. Every statement, reads included, runs under one
``asyncio.Lock``: coroutines share the connection, and without the lock a reader could see
another coroutine's uncommitted rows between two of its awaits.

Durability: WAL journal with ``synchronous=FULL``, so a commit is fsynced before
:meth:`SqliteStore.record` returns. ``NORMAL`` would survive a killed process but could lose the
last commits on a power cut, and a confirmed move must never be lost; at the pace of
asynchronous board games the extra fsync per action costs nothing anyone notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import resources
from itertools import count
from pathlib import Path
from typing import Any

import aiosqlite

from store.base import (
    ACTION_KINDS,
    DEADLINE_POLICIES,
    GAME_STATUSES,
    ActionRow,
    DeadlineRow,
    GameRow,
    NewTimer,
    PlayerStats,
    RatingRow,
    ResultRow,
    SeatRow,
    SeqConflict,
    StoreError,
    TimerMatch,
    TimerRow,
    VacationRow,
)

__all__ = ["BUSY_TIMEOUT_MS", "MAX_HANDLE", "Migration", "SqliteStore", "load_migrations"]

#: How long a writer waits for another process's write lock before giving up.
BUSY_TIMEOUT_MS = 5000

#: Handles are at most this long (rules.core.check_handles); suffixes respect it.
MAX_HANDLE = 20

_MIGRATION_FILE = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")
_PRAGMA_NAME = re.compile(r"[a-z_]+")

_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, table_message_id, game, options, "
    "seats_wanted, status, seed, seq, created_by, created_at, updated_at"
)
_SEAT_COLUMNS = "game_id, seat, user_id, handle, joined_at"
_ACTION_COLUMNS = "game_id, seq, seat, user_id, kind, text, created_at"
_TIMER_COLUMNS = "id, game_id, kind, seat, seq, due_at, payload, claimed_at"
_RATING_COLUMNS = "guild_id, game, user_id, mu, sigma, games, wins, updated_at"
_RESULT_COLUMNS = "game_id, user_id, guild_id, game, seat, rank, score, won, rated"

#: Fields update_game may change; the ids are Discord snowflakes or None.
_MESSAGE_FIELDS = ("thread_id", "lobby_message_id", "table_message_id")
_UPDATABLE = (*_MESSAGE_FIELDS, "status", "options", "seats_wanted")


@dataclass(frozen=True)
class Migration:
    """One numbered schema step from ``store/migrations/NNNN_name.sql``."""

    version: int
    name: str
    sql: str


def load_migrations() -> list[Migration]:
    """The packaged migrations in order; their numbers must run 1, 2, 3... without gaps."""
    found = []
    for entry in (resources.files("store") / "migrations").iterdir():
        match = _MIGRATION_FILE.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations are not numbered 1..n: {[m.name for m in found]}")
    return found


class SqliteStore:
    """:class:`store.base.Store` on one SQLite file (or ``:memory:``). Create with :meth:`open`."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating the file and its folder if needed) and apply pending migrations.

        Raises:
            StoreError: ``schema_too_new`` when the file was written by a newer version.
        """
        target = str(path)
        if target != ":memory:":
            Path(target).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(target, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            store = cls(db, target)
            await store._migrate(load_migrations())
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        """Wait for the running operation, then close the connection (idempotent)."""
        async with self._lock:
            await self._db.close()

    async def pragma(self, name: str) -> Any:
        """The value of a read-only ``PRAGMA name`` (diagnostics: journal_mode, user_version)."""
        if not _PRAGMA_NAME.fullmatch(name):
            raise ValueError(f"not a pragma name: {name!r}")
        rows = await self._read(f"PRAGMA {name}")
        return rows[0][0] if rows else None

    # Bot and guild settings

    async def bot_settings(self) -> dict[str, Any]:
        return await self._settings("bot_settings", "id", 1)

    async def set_bot_setting(self, key: str, value: Any) -> None:
        await self._set_setting("bot_settings", "id", 1, key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._settings("guilds", "guild_id", guild_id)

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._set_setting("guilds", "guild_id", guild_id, key, value)

    # Games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats_wanted: int,
        created_by: int,
    ) -> GameRow:
        if seats_wanted < 1:
            raise ValueError("seats_wanted must be at least 1")
        options_text = _dumps(options)
        async with self._transaction() as db:
            now = _now()
            cursor = await db.execute(
                "INSERT INTO games (guild_id, channel_id, game, options, seats_wanted, "
                "created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game, options_text, seats_wanted, created_by, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            return await _load_game(db, game_id)

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game_row(rows[0]) if rows else None

    async def list_games(
        self, guild_id: int, statuses: Sequence[str] | None = None
    ) -> list[GameRow]:
        sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if statuses is not None:
            sql += f" AND status IN ({_marks(statuses)})"
            params.extend(statuses)
        return [_game_row(r) for r in await self._read(sql + " ORDER BY id", params)]

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRow]:
        sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({_marks(statuses)}) ORDER BY id"
        return [_game_row(r) for r in await self._read(sql, list(statuses))]

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1"
        rows = await self._read(sql, (thread_id,))
        return _game_row(rows[0]) if rows else None

    async def games_of_user(
        self, guild_id: int, user_id: int, statuses: Sequence[str]
    ) -> list[GameRow]:
        columns = ", ".join(f"g.{c.strip()}" for c in _GAME_COLUMNS.split(","))
        sql = (
            f"SELECT {columns} FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE g.guild_id = ? AND s.user_id = ? AND g.status IN ({_marks(statuses)}) "
            "ORDER BY g.id"
        )
        return [_game_row(r) for r in await self._read(sql, [guild_id, user_id, *statuses])]

    async def update_game(self, game_id: int, **fields: Any) -> GameRow:
        _check_update(fields)
        async with self._transaction() as db:
            game = await _load_game(db, game_id)
            if not fields:
                return game
            if "status" in fields:
                _check_status_change(game, fields["status"])
            if ("options" in fields or "seats_wanted" in fields) and game.status != "lobby":
                raise StoreError("not_in_lobby", game=game_id)
            if "seats_wanted" in fields:
                seated = len(await _seat_rows(db, game_id))
                if fields["seats_wanted"] < seated:
                    raise StoreError("seats_taken", game=game_id, seated=seated)
            values = {k: _dumps(v) if k == "options" else v for k, v in fields.items()}
            assignments = ", ".join(f"{name} = ?" for name in values)  # names checked above
            await db.execute(
                f"UPDATE games SET {assignments}, updated_at = ? WHERE id = ?",
                (*values.values(), _now(), game_id),
            )
            return await _load_game(db, game_id)

    # Seats

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._read(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_seat_row(r) for r in rows]

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        rows = await self._read(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return _seat_row(rows[0]) if rows else None

    async def join(self, game_id: int, user_id: int, handle: str) -> SeatRow:
        async with self._transaction() as db:
            game = await _load_game(db, game_id)
            if game.status != "lobby":
                raise StoreError("not_in_lobby", game=game_id)
            seated = await _seat_rows(db, game_id)
            if any(s.user_id == user_id for s in seated):
                raise StoreError("already_joined", game=game_id)
            if len(seated) >= game.seats_wanted:
                raise StoreError("lobby_full", game=game_id, seats=game.seats_wanted)
            free = _free_handle(handle, {s.handle for s in seated})
            row = SeatRow(game_id, len(seated), user_id, free, _now())
            await _insert_seats(db, [row])
            await _touch(db, game_id, row.joined_at)
            return row

    async def leave(self, game_id: int, user_id: int) -> None:
        async with self._transaction() as db:
            game = await _load_game(db, game_id)
            if game.status != "lobby":
                raise StoreError("not_in_lobby", game=game_id)
            seated = await _seat_rows(db, game_id)
            if all(s.user_id != user_id for s in seated):
                raise StoreError("not_joined", game=game_id)
            await _reseat(db, game_id, [s for s in seated if s.user_id != user_id])
            await _touch(db, game_id, _now())

    async def replace_seat(self, game_id: int, seat: int, user_id: int) -> None:
        async with self._transaction() as db:
            game = await _load_game(db, game_id)
            if game.seed is None:
                raise StoreError("not_started", game=game_id)
            seated = {s.seat: s for s in await _seat_rows(db, game_id)}
            if seat not in seated:
                raise StoreError("unknown_seat", game=game_id, seat=seat)
            if any(s.user_id == user_id and s.seat != seat for s in seated.values()):
                raise StoreError("already_joined", game=game_id)
            await db.execute(
                "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                (user_id, game_id, seat),
            )
            await _touch(db, game_id, _now())

    # Play

    async def start(
        self, game_id: int, *, seed: int, order: Sequence[int], snapshot: dict[str, Any]
    ) -> GameRow:
        state_text = _dumps(snapshot)
        async with self._transaction() as db:
            game = await _load_game(db, game_id)
            if game.status != "lobby":
                raise StoreError("not_in_lobby", game=game_id)
            seated = {s.user_id: s for s in await _seat_rows(db, game_id)}
            if len(order) != len(seated) or set(order) != set(seated):
                raise StoreError("seats_changed", game=game_id)
            await _reseat(db, game_id, [seated[user] for user in order])
            now = _now()
            await db.execute(
                "UPDATE games SET status = 'running', seed = ?, seq = 0, updated_at = ? "
                "WHERE id = ?",
                (seed, now, game_id),
            )
            await _put_snapshot(db, game_id, 0, state_text, now)
            return await _load_game(db, game_id)

    async def record(
        self,
        game_id: int,
        *,
        expected_seq: int,
        seat: int | None,
        user_id: int | None,
        kind: str,
        text: str,
        snapshot: dict[str, Any] | None,
        status: str | None = None,
    ) -> int:
        if kind not in ACTION_KINDS:
            raise ValueError(f"unknown action kind: {kind!r}")
        if kind != "note" and seat is None:
            raise ValueError(f"a {kind} needs a seat")
        if status is not None and status not in GAME_STATUSES:
            raise ValueError(f"unknown status: {status!r}")
        state_text = None if snapshot is None else _dumps(snapshot)
        new_seq = expected_seq + 1
        async with self._transaction() as db:
            game = await _load_game(db, game_id)
            if game.seed is None:
                raise StoreError("not_started", game=game_id)
            if game.seq != expected_seq:
                raise SeqConflict(game_id, expected_seq, game.seq)
            if status is not None:
                _check_status_change(game, status)
            if seat is not None and seat not in {s.seat for s in await _seat_rows(db, game_id)}:
                raise StoreError("unknown_seat", game=game_id, seat=seat)
            now = _now()
            try:
                await db.execute(
                    "INSERT INTO actions (game_id, seq, seat, user_id, kind, text, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, new_seq, seat, user_id, kind, text, now),
                )
            except sqlite3.IntegrityError as exc:
                if "UNIQUE" not in str(exc):
                    raise
                raise SeqConflict(game_id, expected_seq, None) from exc
            if state_text is not None:
                await _put_snapshot(db, game_id, new_seq, state_text, now)
            # The seq guard makes the update itself optimistic, as a shared server needs.
            cursor = await db.execute(
                "UPDATE games SET seq = ?, status = COALESCE(?, status), updated_at = ? "
                "WHERE id = ? AND seq = ?",
                (new_seq, status, now, game_id, expected_seq),
            )
            if cursor.rowcount != 1:
                raise SeqConflict(game_id, expected_seq, None)
        return new_seq

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        rows = await self._read("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (rows[0]["seq"], _loads(rows[0]["state"])) if rows else None

    async def actions(
        self, game_id: int, *, after: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        sql = f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [_action_row(r) for r in await self._read(sql, params)]

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
    ) -> list[TimerRow]:
        if any(t.game_id != game_id for t in add):
            raise ValueError(f"every timer added must belong to game {game_id}")
        prepared = [(t, _iso(t.due_at), _dumps(dict(t.payload))) for t in add]
        async with self._transaction() as db:
            if add:
                await _load_game(db, game_id)
            # Claimed timers are cancelled and restamped too: their handler, reading its row
            # again under the game's lock, then sees that it was cancelled or what seq it has.
            for match in cancel:
                sql = "DELETE FROM timers WHERE game_id = ?"
                params: list[Any] = [game_id]
                if match.kind is not None:
                    sql += " AND kind = ?"
                    params.append(match.kind)
                if match.seat is not None:
                    sql += " AND seat = ?"
                    params.append(match.seat)
                await db.execute(sql, params)
            if seq is not None:
                await db.execute(
                    "UPDATE timers SET seq = ? WHERE game_id = ? AND seq IS NOT NULL",
                    (seq, game_id),
                )
            now = _now()
            inserted = []
            for timer, due, payload in prepared:
                cursor = await db.execute(
                    "INSERT INTO timers (game_id, kind, seat, seq, due_at, payload, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, timer.kind, timer.seat, timer.seq, due, payload, now),
                )
                assert cursor.lastrowid is not None
                inserted.append(
                    TimerRow(
                        id=cursor.lastrowid,
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
        return _timer_row(rows[0]) if rows else None

    async def next_timer(self) -> TimerRow | None:
        rows = await self._read(
            f"SELECT {_TIMER_COLUMNS} FROM timers WHERE claimed_at IS NULL "
            "ORDER BY due_at, id LIMIT 1"
        )
        return _timer_row(rows[0]) if rows else None

    async def due_timers(self, now: datetime, limit: int = 50) -> list[TimerRow]:
        rows = await self._read(
            f"SELECT {_TIMER_COLUMNS} FROM timers WHERE claimed_at IS NULL AND due_at <= ? "
            "ORDER BY due_at, id LIMIT ?",
            (_iso(now), limit),
        )
        return [_timer_row(r) for r in rows]

    async def claim_timer(self, timer_id: int, now: datetime) -> bool:
        # The rowcount of this guarded UPDATE is the claim: of two dispatchers (in this
        # process or another) exactly one sees 1.
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE timers SET claimed_at = ? WHERE id = ? AND claimed_at IS NULL",
                (_iso(now), timer_id),
            )
            return cursor.rowcount == 1

    async def finish_timer(self, timer_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    async def pending_timers(self, game_id: int | None = None) -> list[TimerRow]:
        sql = f"SELECT {_TIMER_COLUMNS} FROM timers WHERE claimed_at IS NULL"
        params: list[Any] = []
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        return [_timer_row(r) for r in await self._read(sql + " ORDER BY due_at, id", params)]

    # User settings

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._settings("users", "user_id", user_id)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        await self._set_setting("users", "user_id", user_id, key, value)

    async def users_with_setting(self, key: str) -> dict[int, Any]:
        rows = await self._read("SELECT user_id, settings FROM users ORDER BY user_id")
        found = {}
        for row in rows:
            settings = _loads(row["settings"])
            if key in settings:
                found[row["user_id"]] = settings[key]
        return found

    # Game settings and invitations

    async def game_settings(self, game_id: int) -> dict[str, Any]:
        return await self._settings("game_settings", "game_id", game_id)

    async def set_game_setting(self, game_id: int, key: str, value: Any) -> None:
        await self._set_setting("game_settings", "game_id", game_id, key, value, game=game_id)

    async def invite(self, game_id: int, user_id: int, invited_by: int) -> bool:
        async with self._transaction() as db:
            await _load_game(db, game_id)
            cursor = await db.execute(
                "INSERT INTO invites (game_id, user_id, invited_by, invited_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING",
                (game_id, user_id, invited_by, _now()),
            )
            return cursor.rowcount == 1

    async def invited(self, game_id: int) -> list[int]:
        rows = await self._read(
            "SELECT user_id FROM invites WHERE game_id = ? ORDER BY invited_at, rowid", (game_id,)
        )
        return [int(r["user_id"]) for r in rows]

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
            "SELECT game_id, user_id, used_seconds, until FROM vacations "
            "WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return _vacation_row(rows[0]) if rows else None

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
                    "SELECT game_id, user_id, used_seconds, until FROM vacations "
                    "WHERE game_id = ? AND user_id = ?",
                    (game_id, user_id),
                )
            )
            old = _vacation_row(rows[0]) if rows else None
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
            await db.executemany(
                "UPDATE timers SET due_at = ? WHERE id = ?",
                [(_iso(_parse_iso(r["due_at"]) + shift), r["id"]) for r in pending],
            )
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

    # Ratings and statistics

    async def ratings(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND user_id IN ({_marks(user_ids)})",
            [guild_id, game, *user_ids],
        )
        return {r["user_id"]: _rating_row(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> list[RatingRow]:
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [_rating_row(r) for r in rows]

    async def record_results(
        self, results: Sequence[ResultRow], ratings: Sequence[RatingRow]
    ) -> bool:
        if not results:
            return False
        if len({r.game_id for r in results}) != 1:
            raise ValueError("record_results takes the results of one game")
        game_id = results[0].game_id
        async with self._transaction() as db:
            await _load_game(db, game_id)
            done = list(
                await db.execute_fetchall("SELECT 1 FROM results WHERE game_id = ?", (game_id,))
            )
            if done:
                return False
            now = _now()
            await db.executemany(
                f"INSERT INTO results ({_RESULT_COLUMNS}, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        r.game_id,
                        r.user_id,
                        r.guild_id,
                        r.game,
                        r.seat,
                        r.rank,
                        r.score,
                        int(r.won),
                        int(r.rated),
                        now,
                    )
                    for r in results
                ],
            )
            await db.executemany(
                f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
                "updated_at = excluded.updated_at",
                [
                    (r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.wins, now)
                    for r in ratings
                ],
            )
            return True

    async def results_of_game(self, game_id: int) -> list[ResultRow]:
        rows = await self._read(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_result_row(r) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats:
        where = "guild_id = ? AND user_id = ?"
        params: list[Any] = [guild_id, user_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        totals = (
            await self._read(
                f"SELECT COUNT(*) AS games, COALESCE(SUM(won), 0) AS wins, "
                f"AVG(score) AS score FROM results WHERE {where}",
                params,
            )
        )[0]
        # Each move with the log entry just before it in the same game (the unique
        # (game_id, seq) index finds it); a move after the same user's own entry continues a
        # turn and is not a response time.
        game_filter = " AND g.game = ?" if game is not None else ""
        pairs = await self._read(
            "SELECT a.created_at AS at, p.created_at AS before FROM actions a "
            "JOIN games g ON g.id = a.game_id "
            "JOIN actions p ON p.game_id = a.game_id AND p.seq = a.seq - 1 "
            "WHERE a.user_id = ? AND a.kind = 'move' AND g.guild_id = ? "
            f"AND (p.user_id IS NULL OR p.user_id != a.user_id){game_filter}",
            [user_id, guild_id] + ([game] if game is not None else []),
        )
        seconds = [
            max(0.0, (_parse_iso(r["at"]) - _parse_iso(r["before"])).total_seconds()) for r in pairs
        ]
        return PlayerStats(
            games=totals["games"],
            wins=totals["wins"],
            average_score=totals["score"],
            timed_moves=len(seconds),
            average_move_seconds=sum(seconds) / len(seconds) if seconds else None,
        )

    # Plumbing

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception (cancellation too)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        # SQLite may already have rolled back by itself (after an I/O error): nothing is open.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute("ROLLBACK")

    # Settings rows: one JSON object per guild, user or game -----------------------------------

    async def _settings(self, table: str, column: str, key_id: int) -> dict[str, Any]:
        rows = await self._read(f"SELECT settings FROM {table} WHERE {column} = ?", (key_id,))
        return _loads(rows[0]["settings"]) if rows else {}

    async def _set_setting(
        self,
        table: str,
        column: str,
        key_id: int,
        key: str,
        value: Any,
        *,
        game: int | None = None,
    ) -> None:
        """Set (None: remove) one key of a settings row; ``game`` must exist if given."""
        _dumps(value)  # refuse a value that is not JSON before opening a transaction
        async with self._transaction() as db:
            if game is not None:
                await _load_game(db, game)
            sql = f"SELECT settings FROM {table} WHERE {column} = ?"
            rows = list(await db.execute_fetchall(sql, (key_id,)))
            settings = _loads(rows[0]["settings"]) if rows else {}
            if value is None:
                settings.pop(key, None)
            else:
                settings[key] = value
            await db.execute(
                f"INSERT INTO {table} ({column}, settings, updated_at) VALUES (?, ?, ?) "
                f"ON CONFLICT ({column}) DO UPDATE "
                "SET settings = excluded.settings, updated_at = excluded.updated_at",
                (key_id, _dumps(settings), _now()),
            )

    async def _migrate(self, migrations: list[Migration]) -> None:
        """Apply each migration newer than ``user_version`` in its own transaction.

        The version is read inside the transaction, so two processes opening a fresh file at
        the same moment apply every migration exactly once.
        """
        latest = len(migrations)
        for migration in migrations:
            async with self._transaction() as db:
                current = await _user_version(db)
                if current > latest:
                    raise StoreError("schema_too_new", found=current, known=latest)
                if current >= migration.version:
                    continue
                for statement in _statements(migration.sql):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {migration.version}")


# Row helpers (run inside a transaction; the caller holds the lock)


async def _load_game(db: aiosqlite.Connection, game_id: int) -> GameRow:
    rows = list(
        await db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    )
    if not rows:
        raise StoreError("unknown_game", game=game_id)
    return _game_row(rows[0])


async def _seat_rows(db: aiosqlite.Connection, game_id: int) -> list[SeatRow]:
    rows = await db.execute_fetchall(
        f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [_seat_row(r) for r in rows]


async def _insert_seats(db: aiosqlite.Connection, rows: Sequence[SeatRow]) -> None:
    await db.executemany(
        f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
        [(r.game_id, r.seat, r.user_id, r.handle, r.joined_at) for r in rows],
    )


async def _reseat(db: aiosqlite.Connection, game_id: int, ordered: Sequence[SeatRow]) -> None:
    """Renumber ``ordered`` 0..n-1; delete and insert, as updating the key in place collides."""
    await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await _insert_seats(
        db, [SeatRow(game_id, i, s.user_id, s.handle, s.joined_at) for i, s in enumerate(ordered)]
    )


async def _put_snapshot(
    db: aiosqlite.Connection, game_id: int, seq: int, state_text: str, now: str
) -> None:
    await db.execute(
        "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE "
        "SET seq = excluded.seq, state = excluded.state, created_at = excluded.created_at",
        (game_id, seq, state_text, now),
    )


async def _touch(db: aiosqlite.Connection, game_id: int, now: str) -> None:
    await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))


async def _user_version(db: aiosqlite.Connection) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    version: int = rows[0][0]
    return version


def _game_row(r: sqlite3.Row) -> GameRow:
    return GameRow(
        id=r["id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        lobby_message_id=r["lobby_message_id"],
        table_message_id=r["table_message_id"],
        game=r["game"],
        options=_loads(r["options"]),
        seats_wanted=r["seats_wanted"],
        status=r["status"],
        seed=r["seed"],
        seq=r["seq"],
        created_by=r["created_by"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
    )


def _seat_row(r: sqlite3.Row) -> SeatRow:
    return SeatRow(r["game_id"], r["seat"], r["user_id"], r["handle"], r["joined_at"])


def _action_row(r: sqlite3.Row) -> ActionRow:
    return ActionRow(
        r["game_id"], r["seq"], r["seat"], r["user_id"], r["kind"], r["text"], r["created_at"]
    )


def _timer_row(r: sqlite3.Row) -> TimerRow:
    return TimerRow(
        id=r["id"],
        game_id=r["game_id"],
        kind=r["kind"],
        due_at=_parse_iso(r["due_at"]),
        seat=r["seat"],
        seq=r["seq"],
        payload=_loads(r["payload"]),
        claimed=r["claimed_at"] is not None,
    )


def _vacation_row(r: sqlite3.Row) -> VacationRow:
    return VacationRow(r["game_id"], r["user_id"], r["used_seconds"], _parse_iso(r["until"]))


def _rating_row(r: sqlite3.Row) -> RatingRow:
    return RatingRow(
        r["guild_id"],
        r["game"],
        r["user_id"],
        r["mu"],
        r["sigma"],
        r["games"],
        r["wins"],
        r["updated_at"],
    )


def _result_row(r: sqlite3.Row) -> ResultRow:
    return ResultRow(
        game_id=r["game_id"],
        user_id=r["user_id"],
        guild_id=r["guild_id"],
        game=r["game"],
        seat=r["seat"],
        rank=r["rank"],
        score=r["score"],
        won=bool(r["won"]),
        rated=bool(r["rated"]),
    )


# Pure helpers


def _check_update(fields: dict[str, Any]) -> None:
    """ValueError for a field update_game does not change or a value of the wrong kind."""
    unknown = sorted(set(fields) - set(_UPDATABLE))
    if unknown:
        raise ValueError(f"update_game cannot change {', '.join(unknown)}")
    for name in _MESSAGE_FIELDS:
        if name in fields and not (fields[name] is None or isinstance(fields[name], int)):
            raise ValueError(f"{name} must be an int or None")
    if "status" in fields and fields["status"] not in GAME_STATUSES:
        raise ValueError(f"unknown status: {fields['status']!r}")
    if "options" in fields and not isinstance(fields["options"], dict):
        raise ValueError("options must be a dict")
    if "seats_wanted" in fields and not (
        isinstance(fields["seats_wanted"], int) and fields["seats_wanted"] >= 1
    ):
        raise ValueError("seats_wanted must be an int >= 1")


def _check_status_change(game: GameRow, status: str) -> None:
    """A game without a seed can only be a lobby or cancelled; a started one never a lobby.

    Only :meth:`SqliteStore.start` moves a lobby into play, because it also seats players in
    turn order and writes the first snapshot.
    """
    if game.seed is None and status not in ("lobby", "cancelled"):
        raise StoreError("not_started", game=game.id)
    if game.seed is not None and status == "lobby":
        raise StoreError("already_started", game=game.id)


def _free_handle(handle: str, taken: set[str]) -> str:
    """``handle``, or with the smallest digit suffix from 2 that is free (alice, alice2...)."""
    if handle not in taken:
        return handle
    for n in count(2):
        suffix = str(n)
        candidate = handle[: MAX_HANDLE - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")


def _statements(script: str) -> list[str]:
    """Split a migration into statements (``executescript`` would commit our transaction)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if _strip_comments(pending):
        raise ValueError(f"migration ends inside a statement: {pending.strip()[:60]!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines()).strip()


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _iso(moment: datetime) -> str:
    """One fixed UTC text form, so comparing the text compares the times."""
    if moment.tzinfo is None:
        raise ValueError("timer times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def _parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _loads(text: str) -> Any:
    return json.loads(text)
