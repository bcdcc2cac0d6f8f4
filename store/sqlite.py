"""The SQLite backend of :class:`store.base.Store`, and the store's SQL for both backends.

The queries here are written once for SQLite and PostgreSQL (``store.dialect`` says how and
translates what differs); ``store.postgres`` runs them on PostgreSQL.

One aiosqlite connection per process, in autocommit mode: every write is an explicit
``BEGIN IMMEDIATE ... COMMIT`` so the write lock is taken up front and a transaction never
fails half-way on a lock upgrade. Every statement, reads included, runs under one
``asyncio.Lock``: coroutines share the connection, and without the lock a reader could see
another coroutine's uncommitted rows between two of its awaits.

Durability: WAL journal with ``synchronous=FULL``, so a commit is fsynced before
:meth:`SqliteStore.record` returns. ``NORMAL`` would survive a killed process but could lose the
last commits on a power cut, and a confirmed move must never be lost; at the pace of
asynchronous board games the extra fsync per action costs nothing anyone notices.

Recognition: every tablehost database carries :data:`APPLICATION_ID` in SQLite's
``PRAGMA application_id``. :meth:`SqliteStore.open` reads a file without changing it before
anything else, and refuses (:class:`DatabaseRefused`) one that is not ours, so another
application's file is never migrated, and one that is damaged (its schema is not exactly ours,
or SQLite's integrity check fails), so damage is named at start-up rather than by a failing
command later. Rows that cannot be read back are set aside
(:class:`store.base.SetAside`) instead of failing every list that meets them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import resources
from itertools import count
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from store.base import (
    ACTION_KINDS,
    DEADLINE_POLICIES,
    GAME_STATUSES,
    ActionRow,
    BadRow,
    DeadlineRow,
    GameRow,
    NewTimer,
    PickerPath,
    PlayerStats,
    ProcessRow,
    RatingRow,
    ResultRow,
    SeatRow,
    SeqConflict,
    SetAside,
    StoreError,
    TimerMatch,
    TimerRow,
    VacationRow,
)
from store.dialect import Db

__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT_MS",
    "MAX_HANDLE",
    "DatabaseRefused",
    "Migration",
    "SqliteStore",
    "load_migrations",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: ``PRAGMA application_id`` of every tablehost database: "TbHo" in ASCII (0x5462486F). The
#: first migration run on a file sets it; a file with any other non-zero id is not ours.
APPLICATION_ID = 0x5462486F

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
#: What reading a game selects: the first migration's columns and those added since.
_GAME_SELECT = _GAME_COLUMNS + ", announce, ping"
_SEAT_COLUMNS = "game_id, seat, user_id, handle, joined_at"
_SEAT_SELECT = _SEAT_COLUMNS + ", since, held"
_ACTION_COLUMNS = "id, game_id, seq, seat, user_id, kind, text, created_at"
_TIMER_COLUMNS = "id, game_id, kind, seat, seq, due_at, payload, claimed_at"
#: A timer waiting for a dispatcher: never claimed, or claimed by a process that is no longer
#: alive (it died in the handler). Its one parameter is the time now.
_PENDING = (
    "(claimed_at IS NULL OR (claimed_by IS NOT NULL AND claimed_by NOT IN "
    "(SELECT id FROM processes WHERE expires_at > ?)))"
)
_RATING_COLUMNS = "guild_id, game, user_id, mu, sigma, games, wins, updated_at"
_RESULT_COLUMNS = "game_id, user_id, guild_id, game, seat, rank, score, won, rated"
_VACATION_COLUMNS = "rowid, game_id, user_id, used_seconds, until"

#: Fields update_game may change; the ids are Discord snowflakes or None.
_MESSAGE_FIELDS = ("thread_id", "lobby_message_id", "table_message_id")
_UPDATABLE = (*_MESSAGE_FIELDS, "status", "options", "seats_wanted")

_SQLITE_HEADER = b"SQLite format 3\x00"
#: What recognising a file reads (the same queries before opening and inside the claim).
_IDENTITY_QUERIES = (
    "PRAGMA application_id",
    "PRAGMA user_version",
    "SELECT type, name, tbl_name, sql FROM sqlite_master",
)
#: SQLite's result codes for a file that is not a database and for a damaged one.
_SQLITE_NOTADB = 26
_SQLITE_CORRUPT = 11
#: What reading a file that is not sound can raise, and nothing broader: anything else out of
#: the inspection is a bug of ours and must surface as one. ``sqlite3.DatabaseError`` is
#: SQLite's "file is not a database", "database disk image is malformed", a malformed schema
#: (its subclass ``OperationalError``: cannot open or read the file at all).
#: ``UnicodeDecodeError``: the sqlite3 module decodes SQLite's error messages as UTF-8, and the
#: message about a malformed schema quotes the damaged SQL, so a byte there that is not UTF-8
#: comes out as this instead of the DatabaseError it reports.
_UNREADABLE: tuple[type[Exception], ...] = (sqlite3.DatabaseError, UnicodeDecodeError)
#: The DatabaseErrors the sqlite3 module raises by itself when it refuses a call (a closed
#: connection, a wrong number of parameters): a bug of ours whatever the file holds.
_MISUSE: tuple[type[Exception], ...] = (sqlite3.ProgrammingError, sqlite3.NotSupportedError)


class DatabaseRefused(StoreError):
    """The file cannot be used as our database; it was left untouched.

    ``code`` is ``not_sqlite`` (not an SQLite file), ``not_ours`` (another application's
    SQLite file), ``schema_too_new`` (written by a newer version of the bot), ``damaged``
    (SQLite finds it damaged, or our marker on a schema that is not the one its version says)
    or ``cannot_open`` (a folder, no permission...). ``str()`` is one sentence for the operator.
    """

    def __init__(self, code: str, path: str, sentence: str, **params: Any) -> None:
        super().__init__(code, path=path, **params)
        self.args = (sentence,)


#: One schema object as ``sqlite_master`` describes it: type, name, table and SQL text.
_Object = tuple[str, str, str, str | None]


@dataclass(frozen=True)
class _Identity:
    """What a file says about itself: the two header pragmas and its schema, by name."""

    application_id: int
    user_version: int
    schema: Mapping[str, _Object]

    @classmethod
    def of(cls, results: Sequence[Sequence[Any]]) -> _Identity:
        """From the rows of :data:`_IDENTITY_QUERIES`, in order."""
        app, version, master = results
        return cls(
            application_id=int(app[0][0]), user_version=int(version[0][0]), schema=_schema(master)
        )


def _schema(master: Iterable[Sequence[Any]]) -> dict[str, _Object]:
    """The rows of ``sqlite_master`` (type, name, tbl_name, sql) by name."""
    objects = [(str(r[0]), str(r[1]), str(r[2]), r[3]) for r in master]
    return {o[1]: o for o in objects}


def _recognise(found: _Identity, path: str, migrations: Sequence[Migration]) -> bool:
    """Whether the file needs the marker (True) or has it (False); DatabaseRefused if it is
    not ours or not usable.

    Ours: application_id is :data:`APPLICATION_ID`, or 0 for a file made before the marker
    existed (and for a new, empty one). Either way its schema must be what its user_version
    says, so that the pending migrations apply and every query finds what it expects: nothing
    at 0 (new, or claimed just before the first migration), else every table and index our
    migrations up to that version create, each exactly as they create it (its SQL text, which
    SQLite keeps as written, so a changed byte in a column, a default or a CHECK shows), and
    nothing a later migration creates. So a file of another application is refused even with
    a user_version in our range, and so is a hand-edited or damaged schema of ours.
    """
    latest = len(migrations)
    version = found.user_version
    if found.application_id == APPLICATION_ID and version > latest:
        raise _too_new(path, version, latest)
    if found.application_id in (0, APPLICATION_ID) and 0 <= version <= latest:
        schemas = _schemas(tuple(migrations))
        expected = schemas[version]
        later = schemas[latest].keys() - expected.keys()
        fits = (
            not found.schema
            if version == 0
            else all(found.schema.get(name) == obj for name, obj in expected.items())
            and not found.schema.keys() & later
        )
        if fits:
            return found.application_id == 0
        if found.application_id == APPLICATION_ID:
            raise DatabaseRefused(
                "damaged",
                path,
                f"{path} is marked as this bot's database but its tables are not those of its "
                f"schema version {version} (damaged?), so it was left untouched.",
            )
    raise DatabaseRefused(
        "not_ours",
        path,
        f"{path} is an SQLite database of another application (application_id "
        f"{found.application_id:#x}, user_version {version}), not one of this bot's, so it "
        "was left untouched.",
    )


@functools.cache
def _schemas(migrations: tuple[Migration, ...]) -> list[Mapping[str, _Object]]:
    """The schema (``sqlite_master`` by name) after each number of ``migrations`` applied,
    from 0 to all of them: made by applying them to an empty database in memory, as they are
    applied to a file."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        master = _IDENTITY_QUERIES[-1]
        found: list[Mapping[str, _Object]] = [_schema(db.execute(master))]
        for migration in migrations:
            for statement in _statements(migration.sql):
                db.execute(statement)
            found.append(_schema(db.execute(master)))
        return found
    finally:
        db.close()


def _too_new(path: str, found: int, latest: int) -> DatabaseRefused:
    return DatabaseRefused(
        "schema_too_new",
        path,
        f"{path} was written by a newer version of the bot (schema version {found}; this "
        f"version knows up to {latest}), so it was left untouched.",
        found=found,
        known=latest,
    )


def _inspect(path: Path, migrations: Sequence[Migration]) -> _Identity | None:
    """Read what ``path`` holds without changing it (no journal, no WAL file, no lock when
    none is needed) and check that it is a sound database of ours (:func:`_recognise`, then
    SQLite's own integrity check over every page); None for a new database (no file, or an
    empty one).

    Raises:
        DatabaseRefused: the file cannot be opened, is not SQLite, is damaged or is not ours.
    """
    where = str(path)
    _schemas(tuple(migrations))  # outside the try below: a failure there is ours, not the file's
    try:
        if path.is_dir():
            raise DatabaseRefused("cannot_open", where, f"{where} is a folder, not a database.")
        wal = Path(f"{path}-wal").exists()
        journal = wal or Path(f"{path}-journal").exists()
        with path.open("rb") as file:
            header = file.read(100)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise _cannot_open(where, exc) from None
    if not header and not wal:
        return None
    if header and (len(header) < 100 or not header.startswith(_SQLITE_HEADER)):
        raise _not_sqlite(where)
    # With no -wal or -journal file beside it the main file holds everything, and "immutable"
    # reads it without creating either; otherwise a read-only connection sees their content.
    uri = f"{path.absolute().as_uri()}?{'mode=ro' if journal else 'immutable=1'}"
    try:
        db = sqlite3.connect(uri, uri=True)
        try:
            db.text_factory = _decode_text  # odd names are not ours, not unreadable
            found = _Identity.of([db.execute(q).fetchall() for q in _IDENTITY_QUERIES])
            _recognise(found, where, migrations)
            # Pages the schema does not show (a row, an index, the free list) are read only
            # when a query meets them: check them all now, so that a damaged file is refused
            # here rather than failing a command later. It reads every page once (about a
            # second for a gigabyte).
            problems = [str(r[0]) for r in db.execute("PRAGMA integrity_check(1)")]
        finally:
            db.close()
    except _MISUSE:
        raise
    except _UNREADABLE as exc:
        raise _unreadable(where, exc) from None
    if problems != ["ok"]:
        problem = problems[0].removeprefix("*** in database main ***").strip()
        raise _damaged(where, f"SQLite's integrity check reports: {problem}")
    if header and header[18] > 2:
        # SQLite reads a file of a newer write format but refuses every write to it.
        raise _damaged(where, f"file format write version {header[18]}, so read-only")
    return found


def _unreadable(path: str, exc: Exception) -> DatabaseRefused:
    """The refusal of a file SQLite could not read (see :data:`_UNREADABLE`)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code == _SQLITE_NOTADB:
        return _not_sqlite(path)
    if isinstance(exc, UnicodeDecodeError):
        return _damaged(path, "its schema is not readable text")
    if code == _SQLITE_CORRUPT or not isinstance(exc, sqlite3.OperationalError):
        return _damaged(path, str(exc))
    return _cannot_open(path, exc)


def _not_sqlite(path: str) -> DatabaseRefused:
    return DatabaseRefused(
        "not_sqlite",
        path,
        f"{path} is not an SQLite database (or a damaged one), so it was left untouched.",
    )


def _damaged(path: str, reason: str) -> DatabaseRefused:
    return DatabaseRefused(
        "damaged", path, f"{path} is damaged ({_plain(reason)}), so it was left untouched."
    )


def _cannot_open(path: str, exc: Exception) -> DatabaseRefused:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return DatabaseRefused("cannot_open", path, f"{path} cannot be opened: {_plain(reason)}.")


def _plain(text: str, limit: int = 120) -> str:
    """``text`` on one line of printable characters, cut at ``limit``: SQLite's messages may
    quote damaged bytes of the file."""
    line = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


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

    #: What a database refuses a duplicate key with (the UNIQUE (game_id, seq) of a race).
    _UNIQUE_VIOLATION: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, db: Db, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path
        #: The schema version the file had when it was opened (0 for a new one).
        self.schema_before = 0
        self._aside: dict[tuple[str, int], SetAside] = {}
        #: The transaction ``atomic`` holds open, and the task that opened it: that task's
        #: store calls join it (a task it starts does not, and waits as for any transaction).
        self._atomic: tuple[asyncio.Task[Any] | None, Db] | None = None

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating the file and its folder if needed) and apply pending migrations.

        A file that is not ours is refused before anything is written to it.

        Raises:
            DatabaseRefused: a folder or an unreadable file, not an SQLite file, a damaged one,
                another application's database, or one written by a newer version
                (``schema_too_new``).
        """
        target = str(path)
        migrations = load_migrations()
        if target != ":memory:":
            await asyncio.to_thread(_inspect, Path(target), migrations)
            try:
                Path(target).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise _cannot_open(target, exc) from None
        try:
            db = await aiosqlite.connect(target, isolation_level=None)
        except sqlite3.Error as exc:
            raise _cannot_open(target, exc) from None
        try:
            db.row_factory = sqlite3.Row
            db.text_factory = _decode_text
            try:
                await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                await db.execute("PRAGMA foreign_keys = ON")
                await db.execute("PRAGMA journal_mode = WAL")
                await db.execute("PRAGMA synchronous = FULL")
            except _MISUSE:
                raise
            except _UNREADABLE as exc:  # no permission to create the file, or changed since read
                raise _unreadable(target, exc) from None
            store = cls(db, target)
            await store._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        """Wait for the running operation, then close the connection (idempotent)."""
        async with self._lock:
            await self._db.close()

    def set_aside(self) -> list[SetAside]:
        return sorted(self._aside.values(), key=lambda r: (r.table, r.key))

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        return int(await self.pragma("user_version"))

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

    # User settings

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._settings("users", "user_id", user_id)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        await self._set_setting("users", "user_id", user_id, key, value)

    async def users_with_setting(self, key: str) -> dict[int, Any]:
        rows = await self._read("SELECT user_id, settings FROM users ORDER BY user_id")
        found = {}
        for row in rows:
            try:
                settings = _settings_json(row, "users", row["user_id"])
            except BadRow as exc:
                self._note(exc.row)
                continue
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
                f"SELECT COUNT(*) AS games, CAST(COALESCE(SUM(won), 0) AS INTEGER) AS wins, "
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

    # Copying a database (store.copy): its tables' columns and id counters

    async def _count(self, table: str) -> int:
        """The rows of one of our tables (a name from ``store.copy.TABLES``)."""
        return int((await self._read(f"SELECT COUNT(*) FROM {table}"))[0][0])

    async def _columns(self, table: str) -> list[str]:
        """The columns of one of our tables, in order."""
        rows = await self._read("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(r[0]) for r in rows]

    async def _id_counters(self, tables: Sequence[str]) -> dict[str, int]:
        """The highest id each table has handed out (AUTOINCREMENT remembers deleted ones)."""
        counters = {}
        for table in tables:
            rows = await self._read(
                f"SELECT MAX(COALESCE((SELECT MAX(id) FROM {table}), 0), COALESCE(("
                "SELECT seq FROM sqlite_sequence WHERE name = ?), 0))",
                (table,),
            )
            counters[table] = int(rows[0][0])
        return counters

    async def _set_id_counters(self, db: Db, counters: Mapping[str, int]) -> None:
        """Make new ids follow ``counters`` (inside a transaction). SQLite reads
        ``sqlite_sequence`` for AUTOINCREMENT tables only, so a row for another is inert."""
        for table, highest in counters.items():
            cursor = await db.execute(
                "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", (highest, table)
            )
            if cursor.rowcount == 0:
                await db.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (table, highest)
                )

    # Plumbing

    @asynccontextmanager
    async def atomic(self) -> AsyncIterator[None]:
        """One transaction for every store call made inside, in this task (Store.atomic)."""
        if self._joined() is not None:
            yield
            return
        async with self._transaction() as db:
            self._atomic = (asyncio.current_task(), db)
            try:
                yield
            finally:
                self._atomic = None

    def _joined(self) -> Db | None:
        """The connection of the transaction ``atomic`` holds for this task, if any."""
        if self._atomic is None or self._atomic[0] is not asyncio.current_task():
            return None
        return self._atomic[1]

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        if (db := self._joined()) is not None:
            return list(await db.execute_fetchall(sql, params))
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Db]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception (cancellation too);
        inside :meth:`atomic`, its transaction (whose end commits or rolls back)."""
        if (db := self._joined()) is not None:
            yield db
            return
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException as exc:
                await self._rollback()
                if isinstance(exc, BadRow):
                    self._note(exc.row)
                raise

    async def _rollback(self) -> None:
        # SQLite may already have rolled back by itself (after an I/O error): nothing is open.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute("ROLLBACK")

    # Settings rows: one JSON object per guild, user or game -----------------------------------

    # Rows that cannot be read back -------------------------------------------------------------

    def _note(self, row: SetAside) -> None:
        """Set ``row`` aside; logged the first time only."""
        if (row.table, row.key) not in self._aside:
            log.warning("set aside %s; it is skipped until repaired", row)
        self._aside[(row.table, row.key)] = row

    def _one(
        self,
        convert: Callable[[sqlite3.Row], T],
        row: sqlite3.Row,
        repaired: tuple[str, int] | None = None,
    ) -> T:
        """``convert(row)``; a BadRow is set aside and raised. ``repaired``: the set-aside
        entry a successful read clears (the row was mended since)."""
        try:
            value = convert(row)
        except BadRow as exc:
            self._note(exc.row)
            raise
        if repaired is not None and self._aside:
            self._aside.pop(repaired, None)
        return value

    def _each(self, convert: Callable[[sqlite3.Row], T], rows: Iterable[sqlite3.Row]) -> list[T]:
        """Every row ``convert`` can read; the others are set aside and skipped."""
        found = []
        for row in rows:
            try:
                found.append(convert(row))
            except BadRow as exc:
                self._note(exc.row)
        return found

    async def _settings(self, table: str, column: str, key_id: int) -> dict[str, Any]:
        rows = await self._read(f"SELECT settings FROM {table} WHERE {column} = ?", (key_id,))
        if not rows:
            return {}
        try:
            return self._one(lambda r: _settings_json(r, table, key_id), rows[0], (table, key_id))
        except BadRow:
            return {}  # set aside: read as no settings until the next write replaces the row

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
            try:
                settings = _settings_json(rows[0], table, key_id) if rows else {}
            except BadRow:
                settings = {}  # what reads saw; the unreadable row is replaced
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
        self._aside.pop((table, key_id), None)

    async def _migrate(self, migrations: list[Migration]) -> None:
        """Claim the file, then apply each migration newer than ``user_version`` in its own
        transaction.

        Claiming recognises the file again under the write lock (another process may have
        changed it since :func:`_inspect`) and sets :data:`APPLICATION_ID` on a new file and
        on one made before the marker existed. Versions are read inside the transactions, so
        two processes opening a fresh file at the same moment apply every migration once.
        """
        latest = len(migrations)
        async with self._transaction() as db:
            found = _Identity.of([list(await db.execute_fetchall(q)) for q in _IDENTITY_QUERIES])
            self.schema_before = found.user_version
            if _recognise(found, self.path, migrations):
                await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for migration in migrations:
            async with self._transaction() as db:
                current = await _user_version(db)
                if current > latest:
                    raise _too_new(self.path, current, latest)
                if current >= migration.version:
                    continue
                for statement in _statements(migration.sql):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {migration.version}")


# Row helpers (run inside a transaction; the caller holds the lock)


async def _load_game(db: Db, game_id: int) -> GameRow:
    rows = list(
        await db.execute_fetchall(f"SELECT {_GAME_SELECT} FROM games WHERE id = ?", (game_id,))
    )
    if not rows:
        raise StoreError("unknown_game", game=game_id)
    return _game_row(rows[0])


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


async def _user_version(db: Db) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    version: int = rows[0][0]
    return version


def _game_row(r: sqlite3.Row) -> GameRow:
    options = _json(
        r["options"], "games", r["id"], "options", game_id=r["id"], guild_id=r["guild_id"]
    )
    return GameRow(
        id=r["id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        lobby_message_id=r["lobby_message_id"],
        table_message_id=r["table_message_id"],
        game=r["game"],
        options=options,
        seats_wanted=r["seats_wanted"],
        status=r["status"],
        seed=r["seed"],
        seq=r["seq"],
        created_by=r["created_by"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        announce=None if r["announce"] is None else bool(r["announce"]),
        ping=_pings(r),
    )


def _pings(r: sqlite3.Row) -> tuple[int, ...]:
    """The seats of ``games.ping``; a value that is not a list of seats is read as none (the
    mention is lost, the game is not)."""
    if r["ping"] is None:
        return ()
    try:
        found = json.loads(r["ping"])
    except ValueError:
        return ()
    if not isinstance(found, list) or not all(type(s) is int and s >= 0 for s in found):
        return ()
    return tuple(found)


def _seat_row(r: sqlite3.Row) -> SeatRow:
    return SeatRow(
        r["game_id"], r["seat"], r["user_id"], r["handle"], r["joined_at"], r["since"], r["held"]
    )


def _action_row(r: sqlite3.Row) -> ActionRow:
    if not _is_text(r["text"]):
        raise BadRow(SetAside("actions", r["id"], "text", "not_utf8", game_id=r["game_id"]))
    return ActionRow(
        r["game_id"], r["seq"], r["seat"], r["user_id"], r["kind"], r["text"], r["created_at"]
    )


def _timer_row(r: sqlite3.Row) -> TimerRow:
    where = ("timers", r["id"])
    return TimerRow(
        id=r["id"],
        game_id=r["game_id"],
        kind=r["kind"],
        due_at=_time(r["due_at"], *where, "due_at", game_id=r["game_id"]),
        seat=r["seat"],
        seq=r["seq"],
        payload=_json(r["payload"], *where, "payload", game_id=r["game_id"]),
        claimed=r["claimed_at"] is not None,
    )


def _process_row(r: sqlite3.Row) -> ProcessRow:
    where = ("processes", 0)
    ids = None
    if r["shard_ids"] is not None:
        try:
            ids = tuple(int(i) for i in json.loads(r["shard_ids"]))
        except (ValueError, TypeError):
            raise BadRow(SetAside(*where, "shard_ids", "not_json")) from None
    return ProcessRow(
        id=r["id"],
        shard_count=r["shard_count"],
        shard_ids=ids,
        started_at=_time(r["started_at"], *where, "started_at", game_id=None),
        expires_at=_time(r["expires_at"], *where, "expires_at", game_id=None),
    )


def _vacation_row(r: sqlite3.Row) -> VacationRow:
    until = _time(r["until"], "vacations", r["rowid"], "until", game_id=r["game_id"])
    return VacationRow(r["game_id"], r["user_id"], r["used_seconds"], until)


def _settings_json(r: sqlite3.Row, table: str, key_id: int) -> dict[str, Any]:
    settings: dict[str, Any] = _json(
        r["settings"],
        table,
        key_id,
        "settings",
        game_id=key_id if table == "game_settings" else None,
        guild_id=key_id if table == "guilds" else None,
    )
    return settings


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
    """Placeholders for ``IN (...)``; ``NULL`` for none (PostgreSQL refuses ``IN ()``)."""
    return ", ".join("?" for _ in values) or "NULL"


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


class _Mangled(str):
    """Stored text that is not UTF-8, decoded with U+FFFD in place of the bad bytes: fine to
    show, never read as JSON (:func:`_json`)."""


def _decode_text(raw: bytes) -> str:
    """The connection's text factory: a bad byte in one value must not fail a whole query."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _Mangled(raw.decode("utf-8", "replace"))


def _is_text(value: Any) -> bool:
    """Whether a text column holds readable text: not bytes that are not UTF-8, and not a
    blob (SQLite keeps any type in any column; a damaged byte can turn text into one)."""
    return isinstance(value, str) and not isinstance(value, _Mangled)


def _json(
    text: Any,
    table: str,
    key: int,
    column: str,
    *,
    game_id: int | None = None,
    guild_id: int | None = None,
    obj: bool = True,
) -> Any:
    """The JSON value of a column (an object unless ``obj`` is false), else BadRow."""
    problem = None
    if isinstance(text, _Mangled):
        problem = "not_utf8"
    elif not isinstance(text, str):
        problem = "not_json"
    else:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            problem = "not_json"
        else:
            if obj and not isinstance(value, dict):
                problem = "not_object"
    if problem is not None:
        raise BadRow(SetAside(table, key, column, problem, game_id=game_id, guild_id=guild_id))
    return value


def _time(text: Any, table: str, key: int, column: str, *, game_id: int | None) -> datetime:
    """A timezone-aware time column, else BadRow (a naive one could not be compared)."""
    try:
        moment = _parse_iso(text)
    except (TypeError, ValueError):
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BadRow(SetAside(table, key, column, "bad_time", game_id=game_id))
    return moment
