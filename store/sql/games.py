"""Games and their log, seats and lobbies (``store.protocols.GameLog`` and ``Seats``).

The rules the store enforces on a game's life (docs/architecture.md, "Life of a game"): only
``start`` leaves the lobby; a game without a seed is ``lobby`` or ``cancelled``; a started game
never returns to ``lobby``; ``options`` and ``seats_wanted`` change only in the lobby; the log
only grows once started, one seq at a time (:class:`store.base.SeqConflict` otherwise).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Sequence
from itertools import count
from typing import Any

from store.base import (
    ACTION_KINDS,
    GAME_STATUSES,
    ActionRow,
    GameRow,
    PickerPath,
    SeatRow,
    SeqConflict,
    StoreError,
)
from store.dialect import Db
from store.sql.base import SqlBase
from store.sql.convert import (
    _ACTION_COLUMNS,
    _GAME_SELECT,
    _SEAT_COLUMNS,
    _SEAT_SELECT,
    _action_row,
    _dumps,
    _game_row,
    _is_text,
    _json,
    _load_game,
    _marks,
    _now,
    _seat_row,
)

__all__ = ["MAX_HANDLE", "GamesSql"]

#: Handles are at most this long (rules.core.check_handles); suffixes respect it.
MAX_HANDLE = 20

#: Fields update_game may change; the ids are Discord snowflakes or None.
_MESSAGE_FIELDS = ("thread_id", "lobby_message_id", "table_message_id")
_UPDATABLE = (*_MESSAGE_FIELDS, "status", "options", "seats_wanted")


class GamesSql(SqlBase):
    """Games, their log and snapshot, seats and lobbies, invitations, long picker paths."""

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
        max_open: int | None = None,
    ) -> GameRow:
        if seats_wanted < 1:
            raise ValueError("seats_wanted must be at least 1")
        options_text = _dumps(options)
        async with self._transaction() as db:
            if max_open is not None:
                rows = await db.execute_fetchall(
                    "SELECT id FROM games WHERE guild_id = ? AND created_by = ? "
                    "AND status = 'lobby' ORDER BY id",
                    (guild_id, created_by),
                )
                open_ids = [int(r[0]) for r in rows]
                if len(open_ids) >= max_open:
                    raise StoreError(
                        "too_many_lobbies", count=len(open_ids), max=max_open, games=open_ids
                    )
            now = _now()
            rows = await db.execute_fetchall(
                "INSERT INTO games (guild_id, channel_id, game, options, seats_wanted, "
                "created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "RETURNING id",
                (guild_id, channel_id, game, options_text, seats_wanted, created_by, now, now),
            )
            return await _load_game(db, int(next(iter(rows))[0]))

    def forget_game(self, game_id: int) -> None:
        """Nothing to drop: every read goes to the database."""

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._read(f"SELECT {_GAME_SELECT} FROM games WHERE id = ?", (game_id,))
        return self._one(_game_row, rows[0], ("games", game_id)) if rows else None

    async def list_games(
        self, guild_id: int, statuses: Sequence[str] | None = None
    ) -> list[GameRow]:
        sql = f"SELECT {_GAME_SELECT} FROM games WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if statuses is not None:
            sql += f" AND status IN ({_marks(statuses)})"
            params.extend(statuses)
        return self._each(_game_row, await self._read(sql + " ORDER BY id", params))

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRow]:
        sql = f"SELECT {_GAME_SELECT} FROM games WHERE status IN ({_marks(statuses)}) ORDER BY id"
        return self._each(_game_row, await self._read(sql, list(statuses)))

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        sql = f"SELECT {_GAME_SELECT} FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1"
        rows = await self._read(sql, (thread_id,))
        return self._one(_game_row, rows[0]) if rows else None

    async def games_of_user(
        self, guild_id: int, user_id: int, statuses: Sequence[str]
    ) -> list[GameRow]:
        columns = ", ".join(f"g.{c.strip()}" for c in _GAME_SELECT.split(","))
        sql = (
            f"SELECT {columns} FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE g.guild_id = ? AND s.user_id = ? AND g.status IN ({_marks(statuses)}) "
            "ORDER BY g.id"
        )
        return self._each(_game_row, await self._read(sql, [guild_id, user_id, *statuses]))

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
            f"SELECT {_SEAT_SELECT} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_seat_row(r) for r in rows]

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        rows = await self._read(
            f"SELECT {_SEAT_SELECT} FROM seats WHERE game_id = ? AND user_id = ?",
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
                "UPDATE games SET status = 'running', seed = ?, seq = 0, updated_at = ?, "
                "announce = 1 WHERE id = ?",
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
        announce: bool | None = None,
        renew: Collection[int] = (),
        ping: Collection[int] = (),
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
            seated = {s.seat for s in await _seat_rows(db, game_id)}
            if seat is not None and seat not in seated:
                raise StoreError("unknown_seat", game=game_id, seat=seat)
            if not seated.issuperset(renew) or not seated.issuperset(ping):
                raise ValueError(f"renew {renew} and ping {ping} must be seats of the game")
            now = _now()
            try:
                await db.execute(
                    "INSERT INTO actions (game_id, seq, seat, user_id, kind, text, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, new_seq, seat, user_id, kind, text, now),
                )
            except self._UNIQUE_VIOLATION as exc:
                if isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" not in str(exc):
                    raise
                raise SeqConflict(game_id, expected_seq, None) from exc
            if state_text is not None:
                await _put_snapshot(db, game_id, new_seq, state_text, now)
            # The seq guard makes the update itself optimistic, as a shared server needs.
            # A pending new post stays one when an edit is added: its mention is still owed,
            # and so are the pings of edits not delivered yet.
            # Worked out here rather than in SQL (the spelling differs between the backends):
            # the game row read above cannot change before this write, as both backends run
            # one write transaction at a time.
            pings = _dumps(sorted(set(game.ping) | set(ping))) if game.ping or ping else None
            pending = game.announce if announce is None else bool(game.announce) or announce
            cursor = await db.execute(
                "UPDATE games SET seq = ?, status = COALESCE(?, status), updated_at = ?, "
                "announce = ?, ping = ? WHERE id = ? AND seq = ?",
                (
                    new_seq,
                    status,
                    now,
                    None if pending is None else int(pending),
                    pings,
                    game_id,
                    expected_seq,
                ),
            )
            if cursor.rowcount != 1:
                raise SeqConflict(game_id, expected_seq, None)
            if renew:
                marks = ", ".join("?" * len(renew))
                await db.execute(
                    f"UPDATE seats SET since = ? WHERE game_id = ? AND seat IN ({marks})",
                    (new_seq, game_id, *sorted(renew)),
                )
        return new_seq

    async def announced(self, game_id: int, seq: int) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET announce = NULL, ping = NULL WHERE id = ? AND seq = ?",
                (game_id, seq),
            )
            return cursor.rowcount == 1

    async def games_to_announce(self) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {_GAME_SELECT} FROM games WHERE announce IS NOT NULL ORDER BY id"
        )
        return self._each(_game_row, rows)

    async def unposted_lobbies(self) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {_GAME_SELECT} FROM games "
            "WHERE status = 'lobby' AND lobby_message_id IS NULL ORDER BY id"
        )
        return self._each(_game_row, rows)

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        rows = await self._read("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
        if not rows:
            return None
        state = self._one(
            lambda r: _json(r["state"], "snapshots", game_id, "state", game_id=game_id),
            rows[0],
            ("snapshots", game_id),
        )
        return rows[0]["seq"], state

    async def actions(
        self, game_id: int, *, after: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        sql = f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self._read(sql, params)
        return [self._one(_action_row, r) for r in rows]

    # Long picker paths

    async def store_paths(
        self, game_id: int, seq: int, user_id: int, paths: Sequence[tuple[str, int]]
    ) -> list[int]:
        if seq < 0 or any(page < 0 for _, page in paths):
            raise ValueError("seq and pages must not be negative")
        if not paths:
            return []
        async with self._transaction() as db:
            await _load_game(db, game_id)
            # Only a user's latest stamp can be pressed: their older rows are dead weight.
            # Another user's stay: their decisions may not have moved on.
            await db.execute(
                "DELETE FROM picker_paths WHERE game_id = ? AND user_id = ? AND seq < ?",
                (game_id, user_id, seq),
            )
            ids = []
            for path, page in paths:
                key = (game_id, seq, user_id, path, page)
                await db.execute(
                    "INSERT INTO picker_paths (game_id, seq, user_id, path, page) "
                    "VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (game_id, seq, user_id, path, page) DO NOTHING",
                    key,
                )
                rows = await db.execute_fetchall(
                    "SELECT id FROM picker_paths WHERE game_id = ? AND seq = ? AND user_id = ? "
                    "AND path = ? AND page = ?",
                    key,
                )
                ids.append(int(next(iter(rows))[0]))
            return ids

    async def stored_path(self, path_id: int) -> PickerPath | None:
        rows = await self._read(
            "SELECT id, game_id, seq, user_id, path, page FROM picker_paths WHERE id = ?",
            (path_id,),
        )
        if not rows or not _is_text(rows[0]["path"]):
            # A path that does not read back is no path: the press is answered as out of date.
            return None
        row = rows[0]
        return PickerPath(
            row["id"], row["game_id"], row["seq"], row["user_id"], row["path"], row["page"]
        )

    # Invitations

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


# Row helpers (run inside a transaction; the caller holds the lock)


async def _seat_rows(db: Db, game_id: int) -> list[SeatRow]:
    rows = await db.execute_fetchall(
        f"SELECT {_SEAT_SELECT} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [_seat_row(r) for r in rows]


async def _insert_seats(db: Db, rows: Sequence[SeatRow]) -> None:
    await db.executemany(
        f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
        [(r.game_id, r.seat, r.user_id, r.handle, r.joined_at) for r in rows],
    )


async def _reseat(db: Db, game_id: int, ordered: Sequence[SeatRow]) -> None:
    """Renumber ``ordered`` 0..n-1; delete and insert, as updating the key in place collides."""
    await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await _insert_seats(
        db, [SeatRow(game_id, i, s.user_id, s.handle, s.joined_at) for i, s in enumerate(ordered)]
    )


async def _put_snapshot(db: Db, game_id: int, seq: int, state_text: str, now: str) -> None:
    await db.execute(
        "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE "
        "SET seq = excluded.seq, state = excluded.state, created_at = excluded.created_at",
        (game_id, seq, state_text, now),
    )


async def _touch(db: Db, game_id: int, now: str) -> None:
    await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))


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
